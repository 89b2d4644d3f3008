"""Pick the setting before you see the curve: from the data alone, the student predicts the value
of k, depth, C or gamma that cross-validates best; then mlcore's validation curve shows how much
accuracy the pick lost against the best value (exercises.setting holds the rules)."""

import streamlit as st

from exercises import setting as rules
from ui.core import alt_text, charts
from ui.core.layout import fit_screen
from ui.core.show_code import show_code
from ui.exercises import pick_setting as views
from ui.exercises import shell

PLANE, CURVE = "ex_setting_plane", "ex_setting_curve"
CONFIG = charts.config("pick_the_setting", scroll_zoom=False)
LEVELS = {lv: f"Level {lv}: {text}." for lv, text in rules.LEVEL_TEXT.items()}
WITHIN = f"{100 * rules.TOL:.0f} points"


def keep(scratch: dict, key: str) -> None:
    """The answer as the widget holds it when the button is pressed (the student's last change)."""
    scratch["answer"] = st.session_state.get(key)


task = shell.begin("setting", LEVELS, intro=(
    "Look at the data, then predict which value of the model's setting gives the best accuracy on new points. "
    "Only then does the validation curve show how close you were."))
t = views.task(task.level, task.seed)
s = shell.state(task)
model = rules.MODEL_NAMES[t.model]
others = ", ".join(f"{name} = {value:g}" for name, value in t.fixed)

left, right = st.columns([3, 2], gap="medium")
with left, st.container(key=PLANE):
    charts.plotly_chart(fit_screen(PLANE, views.plane(task.level, task.seed)), width="stretch", height="stretch",
                        theme=None, config=CONFIG)
alt_text.summary(PLANE, f"{t.n} points of {t.n_classes} classes ({t.shape}), no model drawn yet")
with right:
    st.markdown(f"Model: **{model}**{f' ({others})' if others else ''}, to be fitted to these "
                f"{t.n} points. Which **{t.label}** gives the best cross-validated accuracy (5 folds)?")
    pick = st.radio(f"Your {t.label}", range(len(t.values)), format_func=lambda i: rules.shown(t.values[i]),
                    index=None, horizontal=True, key=shell.widget_key(task, "pick"))
    st.caption(f"Solved when your {t.label} loses at most {WITHIN} of cross-validated accuracy against the "
               f"best value of the grid (exactly {WITHIN} still counts). The score falls from 1 at the best value to "
               "0 at the worst.")
    st.button("Check my pick", key="ex_setting_check", type="primary", disabled=pick is None,
              on_click=keep, args=(s, shell.widget_key(task, "pick")))

answer = s.get("answer")
verdict = None if answer is None else rules.check(t, t.values[answer])
shell.outcome(task, verdict)
if verdict is not None:
    with st.container(key=CURVE):
        charts.plotly_chart(views.curve(task.level, task.seed, answer), width="stretch", theme=None, config=CONFIG)
    alt_text.summary(CURVE, f"The validation curve of {model} over {t.label}: the best value starred, your pick "
                            "dotted")
    if not verdict.done:
        # the curve is out: a second pick on this task is made knowing the answer
        s["revealed_first"] = True
        st.caption("The curve is shown now, so another pick on this task no longer counts: **New task** in the "
                   "sidebar gives a fresh one.")

shell.hints(task, rules.hints(t))
if shell.revealed(task, verdict is not None and verdict.done):
    best, accuracy = rules.reveal(t)
    st.markdown(f"**mlcore's validation curve** (5-fold cross-validation of each value on these points): the best "
                f"{t.label} is **{rules.shown(best)}**, at {accuracy:.1%}. Values within {WITHIN} of it count as "
                "best too; the curve falls on both sides: the flexible side fits noise, the simple side misses the "
                "shape.")
    if verdict is None:
        charts.plotly_chart(views.curve(task.level, task.seed, None), width="stretch", theme=None, config=CONFIG)
    shown = [t.best] if answer is None or answer == t.best else [answer, t.best]
    st.caption("Fitted on all the points: " + (" beside ".join(
        f"{'your' if i == answer else 'the best'} {t.label} = {rules.shown(t.values[i])}" for i in shown)) + ".")
    for column, i in zip(views.side_by_side(len(shown)), shown, strict=True):
        charts.plotly_chart(views.boundary(task.level, task.seed, i), where=column, width="stretch", theme=None,
                            config=CONFIG)
show_code(views.code(t), "The computation behind the answer, with mlcore: running it gives the answer away, so "
                            "decide first.")
shell.finish(task, teaches=("validation_curve", "search"))

"""Read the curve: a learning curve of one model and setting; the student says high bias, high
variance or fine, and is told why in the rule's words (the gap, and the level against reference
models). The rules are exercises.curve, the app's own regime rule (ui.reading.regime)."""

import streamlit as st

from exercises import curve as rules
from ui.core import alt_text, charts
from ui.core.layout import fit_screen
from ui.core.show_code import show_code
from ui.exercises import read_curve as views
from ui.exercises import shell

CURVE, PLANE = "ex_curve_chart", "ex_curve_plane"
CONFIG = charts.config("read_the_curve", scroll_zoom=False)
LEVELS = {lv: f"Level {lv}: {text}." for lv, text in rules.LEVEL_TEXT.items()}
ANSWERS = {"high bias": "High bias (underfitting)", "high variance": "High variance (overfitting)",
           "fine": "Fine"}


def keep(scratch: dict, key: str) -> None:
    """The answer as the widget holds it when the button is pressed (the student's last change)."""
    scratch["answer"] = st.session_state.get(key)


task = shell.begin("curve", LEVELS, intro=(
    "A model was trained on more and more of the points below (5-fold cross-validation at each size). "
    "Read its learning curve: does it show **high bias**, **high variance**, or is it **fine**?"))
t = views.task(task.level, task.seed)
s = shell.state(task)
setting = rules.setting_text(t)

left, right = st.columns([3, 2], gap="medium")
with left, st.container(key=CURVE):
    charts.plotly_chart(fit_screen(CURVE, views.learning(task.level, task.seed)), width="stretch",
                        height="stretch", theme=None, config=CONFIG)
T, V = t.last
alt_text.summary(CURVE, f"The learning curve of {setting}: at {t.sizes[-1]} training points, training "
                        f"{T:.0%} and validation {V:.0%}; the reference models reach {t.reference:.0%}")
with right:
    st.markdown(f"Model: **{setting}**, on {t.n} points of {t.n_classes} classes. The dashed "
                "line is what two flexible but smoothed reference models (kNN with k = 15, an RBF SVM) reach on "
                "new points of the same folds.")
    answer = st.radio("This curve shows", list(ANSWERS), format_func=ANSWERS.get, index=None, horizontal=True,
                      key=shell.widget_key(task, "answer"))
    st.button("Check my reading", key="ex_curve_check", type="primary", disabled=answer is None,
              on_click=keep, args=(s, shell.widget_key(task, "answer")))
    st.caption(f"The rule, read at the most training points: a gap of {rules.GAP * 100:.0f} points or more between "
               f"training and validation, with training at or above the reference, is high variance; validation "
               f"{rules.SHORT * 100:.0f} points or more below the reference is high bias; anything else is fine.")
    with st.container(key=PLANE):
        charts.plotly_chart(views.plane(task.level, task.seed), width="stretch", theme=None, config=CONFIG)

given = s.get("answer")
verdict = None if given is None else rules.check(t, given)
shell.outcome(task, verdict)
if verdict is not None and not verdict.done:
    # the message names the regime: another answer on this task is made knowing it
    s["revealed_first"] = True

shell.hints(task, rules.hints(t))
if shell.revealed(task, verdict is not None and verdict.done):
    regime, train, validation, reference = rules.reveal(t)
    st.markdown(f"**The rule on mlcore's cross-validated scores**: **{regime}**. {rules.why(t)}")
    st.caption(f"The boundary of {setting}, fitted on all {t.n} points:")
    charts.plotly_chart(views.boundary(task.level, task.seed), width="stretch", theme=None, config=CONFIG)
show_code(views.code(t), "The computation behind the answer, with mlcore: running it gives the answer away, so "
                            "decide first.")
shell.finish(task, teaches=("learning_curves", "bias_variance"))

"""Exercise: nearest neighbours by hand. Tap the k points nearest the star, then say how they vote;
checked against mlcore's KNeighborsClassifier (exercises.neighbours)."""

import numpy as np
import streamlit as st

from exercises import neighbours as rules
from ui.core import alt_text, charts, settings
from ui.core.charts import config as chart_config
from ui.core.layout import fit_screen
from ui.data import draw
from ui.exercises import shell
from viz.knn_plane import COLOR_NAMES, neighbours_plane

CHART = "ex_nn_plane"
CONFIG = {**chart_config("nearest_neighbours", scroll_zoom=False, double_click=False), "displayModeBar": False}
HEIGHT = 440      # px on a 1280x720 screen (fit_screen); on a phone ui/core/small_screens.js fits the box
SUFFIX = {1: "st", 2: "nd", 3: "rd"}   # 1st, 2nd, 3rd, then 5th
REACH = 0.75      # a tap farther than this from every point selects nothing
LEVELS = {1: "k = 1 among 8 points of two classes.",
          2: "k = 3 among 14 points of two classes.",
          3: "k = 5 among 20 points of three classes; a tie decides."}

task = shell.begin("neighbours", LEVELS, intro=(
    "Find the **k nearest neighbours** of the black star: tap a point to pick it, tap it again to drop it "
    "(or choose the numbers in the box). Then say which class they vote for. Distances are the usual "
    "straight-line (Euclidean) ones; the grid lines are 0.5 apart."))
ex = rules.make(task.level, task.seed)
X = ex.X
PICKS = shell.widget_key(task, "picks")
VOTE = shell.widget_key(task, "vote")
state = shell.state(task)


def _from_link() -> None:
    """The student's answer in their own link (``picks=3,5,7&vote=1``), checked: it is untrusted."""
    raw_picks, raw_vote = settings.take("picks"), settings.take("vote")
    if raw_picks is not None:
        numbers = raw_picks.split(",")
        if all(n.isdigit() and 1 <= int(n) <= len(X) for n in numbers) and len(set(numbers)) == len(numbers):
            st.session_state[PICKS] = sorted(int(n) for n in numbers)
        else:
            settings.report(f"**picks** = `{raw_picks[:40]}`: point numbers 1 to {len(X)}, each once, "
                            "like `3,5,7`. No points picked.")
    if raw_vote is not None:
        if raw_vote.isdigit() and int(raw_vote) < ex.n_classes:
            st.session_state[VOTE] = int(raw_vote)
        else:
            settings.report(f"**vote** = `{raw_vote[:20]}`: a class 0 to {ex.n_classes - 1}. No class chosen.")


_from_link()


def _tap(x: float, y: float) -> None:
    """A tap picks the nearest point, or drops it if it was picked."""
    d = np.hypot(X[:, 0] - x, X[:, 1] - y)
    i = int(np.argmin(d))
    if d[i] > REACH:
        state["note"] = f"No point near ({x:.1f}, {y:.1f}): tap on a point."
        return
    state.pop("note", None)
    picks = list(st.session_state.get(PICKS, []))
    number = i + 1
    st.session_state[PICKS] = [p for p in picks if p != number] if number in picks else sorted([*picks, number])


draw.listen(CHART, True, on_click=_tap, key="ex_nn_click", every_click=True)
left, right = st.columns([2.1, 1], gap="large")
plane = left.container(key=CHART)
with right:
    st.markdown(f"**k = {ex.k}** · query ★ at ({ex.query[0]:g}, {ex.query[1]:g})")
    picks = st.multiselect("The nearest point" if ex.k == 1 else f"The {ex.k} nearest points",
                           range(1, len(X) + 1), key=PICKS, placeholder="tap points or choose numbers",
                           help="Point numbers as on the plane; a tap on the plane adds or removes one.")
    if state.get("note"):
        st.caption(state["note"])
    vote = st.radio("They vote for", range(ex.n_classes), index=None, key=VOTE, horizontal=True,
                    format_func=lambda c: f"class {c} ({COLOR_NAMES[c]})")
    st.caption(f"Rules, as the model's: {rules.TIE_RULE}")
    answer = rules.Answer(frozenset(p - 1 for p in picks), vote)
    settings.link_item("picks", ",".join(map(str, picks)) or None)
    settings.link_item("vote", None if vote is None else str(vote))
    verdict = rules.check(ex, answer) if vote is not None and picks else None
    if verdict is None:
        st.caption(f"Picked {len(picks)} of {ex.k}." + ("" if vote is not None else " Then choose the class."))
    shell.outcome(task, verdict)
    shell.hints(task, rules.hints(ex))
    shown = shell.revealed(task, bool(verdict and verdict.done))

truth = rules.reveal(ex) if shown else None
with plane:
    fig = neighbours_plane(X, ex.classes, ex.query, answer.picked, model=truth.neighbours if truth else (),
                           radius=truth.radius if truth else None, height=HEIGHT)
    charts.plotly_chart(fit_screen(CHART, fig), width="stretch", height="stretch", theme=None, config=CONFIG)
model_says = f"; the model's {ex.k} nearest: {', '.join(str(i + 1) for i in truth.neighbours)}" if truth else ""
alt_text.summary(CHART, f"{len(X)} numbered training points of {ex.n_classes} classes and a query star at "
                 f"({ex.query[0]:g}, {ex.query[1]:g}); {len(picks)} picked{model_says}")

if truth:
    d = rules.distances(ex)
    nth = f"{ex.k}{SUFFIX.get(ex.k, 'th')}"
    st.markdown(f"**The model's answer** (`KNeighborsClassifier(n_neighbors={ex.k}).kneighbors`, nearest first): "
                + ", ".join(f"point {i + 1} (d = {d[i]:.2f}, class {ex.classes[i]})" for i in truth.neighbours)
                + f". The dashed circle has radius {truth.radius:.2f}, through the {nth} nearest.")
    counts = ", ".join(f"class {c}: {v}" for c, v in enumerate(truth.votes))
    st.markdown(f"Votes: {counts}; `predict` says **class {truth.predicted}**. {rules.TIE_RULE}")
    missed, extra = truth.picked - answer.picked, answer.picked - truth.picked
    if missed or extra:
        st.markdown("Yours differ: " + "; ".join(
            [f"you left out {', '.join(f'{i + 1} (d = {d[i]:.2f})' for i in sorted(missed))}"] * bool(missed)
            + [f"you took {', '.join(f'{i + 1} (d = {d[i]:.2f})' for i in sorted(extra))}"] * bool(extra)) + ".")
    order = np.lexsort((np.arange(len(X)), d))
    st.dataframe({"point": order + 1, "class": np.asarray(ex.classes)[order], "distance": np.round(d[order], 3),
                  "neighbour": [("yes" if i in truth.picked else "") for i in order]}, hide_index=True, height=240)

shell.finish(task, teaches=("playground",), answers=("picks", "vote"))

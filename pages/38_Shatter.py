"""Shatter: place points that intervals, lines or rectangles shatter (levels 1 and 2), then a set of
d + 1 points and a labelling the class cannot realise (level 3). The rules are
``exercises.shatter``; the truth is ``mlcore.theory``'s shattering checker (the Learning theory
page's)."""

import streamlit as st

from exercises import shatter as rules
from ui.core import alt_text, charts
from ui.core.charts import config as chart_config
from ui.core.layout import fit_screen
from ui.core.show_code import show_code
from ui.data import draw
from ui.exercises import shatter_answer as answer_ui
from ui.exercises import shell
from viz.shatter_figures import shatter_plane

CHART = "shatter_plane"
CONFIG = chart_config("shatter", scroll_zoom=False, double_click=False)
LEVELS = {
    1: "Shatter: 2 points with intervals on a line, or 3 points with lines in the plane.",
    2: "Shatter: 4 points with axis-aligned rectangles.",
    3: "Cannot shatter: d + 1 points and a labelling that intervals (3 points), lines (4) or rectangles (5) "
       "cannot realise.",
}

task = shell.begin("shatter", LEVELS, intro=(
    "A class of hypotheses **shatters** a set of points when every labelling of them (each point positive or "
    "negative) is realised by one of its hypotheses. Click or tap to place points; the check runs as you go."))
instance = rules.make(task.level, task.seed)
draw.listen(CHART, True, on_click=lambda x, y: answer_ui.add(task, instance, x, y), key="shatter_click",
            every_click=True)
pts = answer_ui.placed(task, instance)
m = len(pts) + 1

st.markdown(f"**Level {task.level}.** {instance.statement()}")
# the plane first: on a phone the columns stack, and the plane should come before the controls
plane_column, answer_column = st.columns([1.6, 1], gap="large")
with answer_column:
    answer_ui.controls(task, instance, pts)
    chosen = answer_ui.labelling(task, m) if instance.goal == rules.BREAK else frozenset()
    answer = answer_ui.as_answer(pts, chosen)
    verdict = rules.check(instance, answer) if pts else None
    shell.outcome(task, verdict)
    shell.hints(task, rules.hints(instance))
with plane_column, st.container(key=CHART):
    X = rules.all_points(instance, answer)
    plane = shatter_plane(X, bound=rules.BOUND, on_a_line=instance.on_a_line,
                          positive=chosen if instance.goal == rules.BREAK else None)
    if instance.on_a_line:
        charts.plotly_chart(plane, width="stretch", theme=None, config=CONFIG)
        st.caption("Intervals live on a line: a click anywhere in the strip places a point on the line below it.")
    else:
        charts.plotly_chart(fit_screen(CHART, plane), width="stretch", height="stretch", theme=None,
                            config=CONFIG)
alt_text.summary(CHART, f"The {'line' if instance.on_a_line else 'plane'} with {m} points: "
                 + "; ".join(f"point {j} at ({x:g}, {y:g})" for j, (x, y) in enumerate(X.tolist(), 1)))
answer_ui.keep_in_link(instance, pts, chosen)

if shell.revealed(task, bool(verdict and verdict.done)):
    with st.columns([1.6, 1])[0]:   # four panels a row: wide enough on a desk, not too narrow on a phone
        answer_ui.show_reveal(instance, answer, CONFIG)
show_code(answer_ui.code(instance, X), "The check behind this page, on your points: mlcore's exact shattering "
          "checker, the one the Learning theory page uses.")
shell.finish(task, teaches=("learning_theory",), answers=("spts", "pos"))

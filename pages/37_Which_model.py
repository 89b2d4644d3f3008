"""Exercise: which model drew this? One model's decision regions; name its family among four. The
reveal fits all four on the same data (exercises.which_model)."""

import numpy as np
import streamlit as st

from exercises import which_model as rules
from ui.core import alt_text, charts, settings
from ui.core.charts import config as chart_config
from ui.core.layout import screen_height
from ui.exercises import model_regions as regions
from ui.exercises import shell

CHART = "ex_which_plane"
CONFIG = chart_config("which_model", scroll_zoom=False)
HEIGHT, SMALL = 540, 330
GRID = "ex_which_grid"
# on a phone the plane is shorter than fit_screen's, and the four panels stack one per row
PHONE_CSS = (f"<style>@media (max-width: 640px) {{.st-key-{CHART} {{height: 420px !important;}} "
             f".st-key-{GRID} [data-testid='stHorizontalBlock'] {{flex-wrap: wrap;}} "
             f".st-key-{GRID} [data-testid='stColumn'] {{min-width: 100% !important;}}}}</style>")
LEVELS = {1: "Four plainly different shapes: kNN, a tree, a line, an RBF SVM.",
          2: "Look-alikes in pairs: a tree or a forest, an RBF SVM or naive Bayes.",
          3: "Four curved or stepped boundaries on noisy data: naive Bayes, an MLP, an RBF SVM, a forest."}

task = shell.begin("which_model", LEVELS, intro=(
    "One model drew these **decision regions** from the points shown. Which family is it? Read the "
    "boundary's shape, then pick one of the four."))
ex = regions.task_of(task.level, task.seed)
X, y = ex.data()
PICK = shell.widget_key(task, "pick")
linked = settings.take("pick")   # the student's answer in their own link: untrusted
if linked is not None:
    if linked in ex.options:
        st.session_state[PICK] = linked
    else:
        settings.report(f"**pick** = `{linked[:30]}`: one of {', '.join(f'`{f}`' for f in ex.options)}. "
                        "Nothing picked.")

left, right = st.columns([2.1, 1], gap="large")
with left, st.container(key=CHART):
    screen_height(CHART, HEIGHT)
    charts.plotly_chart(regions.region_figure(ex, ex.drawn, HEIGHT, 200), width="stretch", height="stretch",
                        theme=None, config=CONFIG)
    st.html(PHONE_CSS)
alt_text.summary(CHART, f"decision regions of an unnamed model on {len(X)} points of {ex.dataset} "
                 f"with noise {ex.noise:g}, two classes")
with right:
    answer = st.radio("Which family drew it?", ex.options, index=None, key=PICK, format_func=rules.label)
    settings.link_item("pick", answer)
    verdict = rules.check(ex, answer) if answer is not None else None
    shell.outcome(task, verdict)
    shell.hints(task, rules.hints(ex))
    shown = shell.revealed(task, bool(verdict and verdict.done), label="Show all four")

if shown:
    st.subheader("All four on the same points", anchor=False)
    st.caption(f"Each model fitted on these {len(X)} points ({ex.dataset}, noise {ex.noise:g}); "
               "the training accuracy says how close each comes to the points, the shape says who it is.")
    models = rules.reveal(ex)
    grid = st.container(key=GRID)
    for row in (ex.options[:2], ex.options[2:]):
        for col, family in zip(grid.columns(2), row, strict=True):
            accuracy = float(np.mean(models[family].predict(X) == y))
            mark = " · **drew the task**" if family == ex.drawn else ""
            col.markdown(f"**{rules.label(family)}**{mark} · training accuracy {accuracy:.0%}")
            key = f"ex_which_{family}"
            with col.container(key=key):
                st.html(f"<style>.st-key-{key} {{height: {SMALL}px;}}</style>")
                charts.plotly_chart(regions.region_figure(ex, family, SMALL, 120, False), width="stretch",
                                    height="stretch", theme=None, config=CONFIG, key=f"{key}_chart")
            col.caption(rules.TELLS[family].capitalize() + ".")

shell.finish(task, teaches=("playground", "compare"), answers=("pick",))

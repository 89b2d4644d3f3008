"""The "Which model drew this?" exercise's slow parts, computed once per server: the task (its
make fits the four options to check they look different) and each option's regions."""

from __future__ import annotations

from exercises import which_model as rules
from ui.serving.cache import sharable
from viz.decision import decision_figure


@sharable(max_entries=64)
def task_of(level: int, seed: int) -> rules.Task:
    return rules.make(level, seed)


@sharable(max_entries=256)
def region_figure(task: rules.Task, family: str, height: int, resolution: int, legend: bool = True):
    """``family``'s model fitted on the task's data, drawn with the app's region plot (no title, so
    the picture does not name the model). The height is left to the page (``fit_screen``).
    ``legend``: False for the reveal's small panels (the task's plane above has it)."""
    X, y = task.data()
    fig = decision_figure(rules.fit(task, family), X, y, bounds=rules.bounds(X), resolution=resolution,
                          height=height, uirevision=f"which-{family}", equal_aspect=False)
    fig.layout.height = None
    if not legend:
        fig.update_layout(showlegend=False, margin={"t": 10})
    return fig

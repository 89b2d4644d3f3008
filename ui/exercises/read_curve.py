"""Read the curve: the task and its figures. The task (a learning curve and the reference models'
folds, about 60 fits) and the reveal's fit are computed once per (level, task number) for every
session (``ui.serving.cache``); the figures drawn from them are cheap, built per run (the page's
``fit_screen`` changes its figure's height)."""

from __future__ import annotations

import numpy as np

from exercises import curve as rules
from ui.exercises.pick_setting import plane_bounds
from ui.serving.cache import sharable
from viz import palette
from viz.curves import learning_curve_figure
from viz.decision import decision_figure, points_figure


@sharable(max_entries=64)
def task(level: int, seed: int) -> rules.Task:
    return rules.make(level, seed)


def learning(level: int, seed: int):
    """Training and validation accuracy against the training points, with the reference models'
    validation accuracy as a dashed line (the level "high bias" is measured against)."""
    t = task(level, seed)
    fig = learning_curve_figure(t.sizes, np.asarray(t.train), np.asarray(t.validation), height=400)
    fig.add_shape(type="line", xref="paper", x0=0, x1=1, yref="y", y0=t.reference, y1=t.reference,
                  line=dict(color=palette.INK, width=1.5, dash="dash"))
    fig.add_annotation(text=f"reference {t.reference:.0%}", xref="paper", x=0, xanchor="left", yref="y",
                       y=t.reference, yanchor="bottom", showarrow=False, font=dict(size=13, color=palette.INK))
    low = min(fig.layout.yaxis.range[0], t.reference - 0.05)
    fig.update_yaxes(range=[max(0.0, low), fig.layout.yaxis.range[1]])
    return fig


def plane(level: int, seed: int):
    X, y = rules.data(task(level, seed))
    return points_figure(X, y, height=400, uirevision="ex_curve", bounds=plane_bounds(X))


@sharable(max_entries=64)
def boundary(level: int, seed: int):
    """The reveal: the model fitted on all the task's points, its regions over the data."""
    t = task(level, seed)
    X, y = rules.data(t)
    model = rules.estimator(t.model, dict(t.params)).fit(X, y)
    return decision_figure(model, X, y, bounds=plane_bounds(X), resolution=150, height=400, uirevision="ex_curve_fit")

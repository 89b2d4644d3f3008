"""Pick the setting: the task and its figures. The task (a validation curve, about 35 fits, up to
a few drafts) is computed once per (level, task number) for every session (``ui.serving.cache``);
the figures drawn from it are cheap, built per run (the page's ``fit_screen`` changes its figure)."""

from __future__ import annotations

import streamlit as st

from exercises import setting as rules
from ui.serving.cache import sharable
from viz import palette
from viz.curves import validation_curve_figure, value_axis
from viz.decision import decision_figure, points_figure
from viz.grid import make_bounds

LOG_SCALE = ("gamma", "C")


@sharable(max_entries=64)
def task(level: int, seed: int) -> rules.Task:
    return rules.make(level, seed)


def plane(level: int, seed: int):
    """The task's data, no model: what the student decides from."""
    X, y = rules.data(task(level, seed))
    return points_figure(X, y, height=350, uirevision="ex_setting", bounds=plane_bounds(X))


def plane_bounds(X) -> tuple:
    """The generators' usual view, widened to take in a noisy point that falls outside it."""
    b = make_bounds(X, pad=0.05)
    return (min(b[0], -3.0), max(b[1], 3.0), min(b[2], -3.0), max(b[3], 3.0))


def curve(level: int, seed: int, pick: int | None):
    """The validation curve (mlcore's validation_curve, 5 folds), the best value starred, the
    student's pick (an index of the grid) as a dotted line."""
    t = task(level, seed)
    log = t.param in LOG_SCALE
    fig = validation_curve_figure(t.values, t.train, t.validation, param_label=t.label, log=log,
                                  selected=None if pick is None else t.values[pick], height=360)
    if pick is not None:
        x = value_axis(t.values, log=log)[0][pick]
        fig.add_annotation(text="your pick", x=float(x), xanchor="left", xshift=4, yref="paper", y=0.02,
                           yanchor="bottom", showarrow=False, font=dict(size=13, color=palette.INK),
                           bgcolor="rgba(255,255,255,0.8)")
    return fig


@sharable(max_entries=64)
def boundary(level: int, seed: int, index: int):
    """The reveal: the model with the grid's value ``index`` fitted on all the task's points."""
    t = task(level, seed)
    X, y = rules.data(t)
    model = rules.estimator(t.model, {**dict(t.fixed), t.param: t.values[index]}).fit(X, y)
    return decision_figure(model, X, y, bounds=plane_bounds(X), resolution=150, height=360,
                           title=f"{t.label} = {rules.shown(t.values[index])}", uirevision=f"ex_setting_{index}")


# Two planes side by side on a desktop, one under the other on a phone: a column narrower than
# 18rem (a plane whose legend and axes leave no room for the points) goes to the next line.
SIDE_BY_SIDE = ("<style>.st-key-ex_setting_reveal [data-testid='stColumn'] {min-width: min(100%, 18rem);}"
                "</style>")


def side_by_side(count: int) -> list:
    """``count`` columns for the reveal's planes (see SIDE_BY_SIDE)."""
    st.html(SIDE_BY_SIDE)
    return st.container(key="ex_setting_reveal").columns(count)


CLASSES = {"knn": ("mlcore.neighbors", "KNeighborsClassifier", ""),
           "tree": ("mlcore.tree", "DecisionTreeClassifier", "random_state=0"),
           "svm": ("mlcore.svm", "SVC", 'kernel="rbf", max_iter=30_000')}


def code(t: rules.Task) -> str:
    """Python that recomputes the task's validation curve with mlcore and prints the best value."""
    module, name, fixed = CLASSES[t.model]
    args = ", ".join(a for a in (fixed, *(f"{k}={v!r}" for k, v in t.fixed)) if a)
    return f'''import numpy as np
from mlcore.datasets import make_dataset
from mlcore.model_selection import StratifiedKFold, validation_curve
from {module} import {name}

X, y = make_dataset({t.shape!r}, n={t.n}, noise={t.noise!r}, seed={t.data_seed}, n_classes={t.n_classes},
                    label_noise={t.label_noise!r})
values = {list(t.values)!r}
folds = StratifiedKFold({rules.FOLDS}, shuffle=True, random_state={t.data_seed})
train, validation = validation_curve({name}({args}), X, y, param_name={t.param!r}, param_range=values, cv=folds)
means = validation.mean(axis=1)
for value, mean in zip(values, means):
    print(f"{t.label} = {{value}}: {{mean:.1%}}, {{100 * (means.max() - mean):.1f}} points lost")
print("best:", values[int(np.argmax(means))])
'''

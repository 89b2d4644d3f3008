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
    fig = learning_curve_figure(t.sizes, np.asarray(t.train), np.asarray(t.validation), height=360)
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


def code(t: rules.Task) -> str:
    """Python that recomputes the task's learning curve and reference with mlcore and applies the rule."""
    model = {"knn": "KNeighborsClassifier", "tree": "DecisionTreeClassifier", "svm": "SVC",
             "logistic": "LogisticRegression"}[t.model]
    fixed = {"tree": ["random_state=0"], "svm": ["max_iter=30_000"]}.get(t.model, [])
    args = ", ".join(fixed + [f"{k}={v!r}" for k, v in t.params])
    return f'''import numpy as np
from mlcore.datasets import make_dataset
from mlcore.linear_model import LogisticRegression
from mlcore.model_selection import StratifiedKFold, cross_val_score, learning_curve
from mlcore.neighbors import KNeighborsClassifier
from mlcore.svm import SVC
from mlcore.tree import DecisionTreeClassifier

X, y = make_dataset({t.shape!r}, n={t.n}, noise={t.noise!r}, seed={t.data_seed}, n_classes={t.n_classes},
                    label_noise={t.label_noise!r})
folds = StratifiedKFold({rules.FOLDS}, shuffle=True, random_state={t.data_seed})
sizes, train, validation = learning_curve({model}({args}), X, y,
                                          train_sizes=np.linspace(0.1, 1.0, {rules.SIZES}), cv=folds)
T, V = train[-1].mean(), validation[-1].mean()      # at the largest size
R = max(cross_val_score(KNeighborsClassifier(n_neighbors=15), X, y, cv=folds).mean(),
        cross_val_score(SVC(C=1.0, gamma=1.0, kernel="rbf"), X, y, cv=folds).mean())
if T - V >= {rules.GAP} and T >= R:
    print("high variance")
elif R - V >= {rules.SHORT}:
    print("high bias")
else:
    print("fine")
print(f"training {{T:.1%}}, validation {{V:.1%}}, reference {{R:.1%}}")
'''

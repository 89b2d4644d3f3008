"""The Decision tree page's computations: the full tree grown once and cut by the depth slider,
the reduced-error pruning path, the plane at a depth, and the followed point's path in words."""

import numpy as np
import streamlit as st

from catalog.models import MODELS
from mlcore import ValidationError
from mlcore.datasets import train_test_split
from mlcore.tree import cut_at_depth, reduced_error_prune
from ui.core import overlays
from ui.serving import fits
from ui.serving.cache import sharable
from viz.decision import titled
from viz.tree import tree_plane_figure

FEATURES = ("x₁", "x₂")
TREE = MODELS["tree"]


@sharable(max_entries=32)   # one read-only copy for every session
def grow_full(recipe, drawn, params: tuple):
    """The tree grown without a depth limit (the depth slider cuts it), or an error message."""
    data = fits.dataset(recipe, drawn)
    try:
        return TREE.make(**dict(params)).fit(data.X_train, data.y_train), None
    except ValidationError as err:
        return None, str(err)


@sharable(max_entries=16)   # one read-only copy for every session
def pruning_path(recipe, drawn, params: tuple, val_fraction: float):
    """Grow on part of the training set, prune on the rest; or an error message."""
    data = fits.dataset(recipe, drawn)
    try:
        X_grow, X_val, y_grow, y_val = train_test_split(data.X_train, data.y_train, test_size=val_fraction,
                                                        random_state=recipe.seed, stratify=data.y_train)
        model = TREE.make(**dict(params)).fit(X_grow, y_grow)
        return reduced_error_prune(model, X_val, y_val), (X_grow, y_grow, X_val, y_val), None
    except ValidationError as err:
        return None, None, str(err)


def plane(recipe, drawn, params: tuple, depth: int, point, explain_on: bool, query):
    """The tree's plane cut at ``depth`` and the overlay's explanation: the same for every session
    on the same link (ui.live.live_chart.shared_chart)."""
    data, model = fits.dataset(recipe, drawn), cut_at_depth(grow_full(recipe, drawn, params)[0], depth)
    fig = tree_plane_figure(model, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                            bounds=data.bounds, highlight=point, height=495)
    titled(fig, data.axes)
    explained = overlays.overlay(fig, model, data, explain_on, query=query)
    fig.layout.height = None   # the container's height (screen_height)
    return fig, None, explained


def describe_path(model, x) -> str:
    t = model.tree_
    steps = []
    for a, b in zip(model.path(x)[:-1], model.path(x)[1:], strict=True):
        f = int(t.feature[a])
        answer = "yes" if t.children_left[a] == b else "no"
        steps.append(f"{FEATURES[f]} = {x[f]:.3g} ≤ {t.threshold[a]:.3g}? **{answer}**")
    leaf = model.path(x)[-1]
    counts = t.value[leaf]
    cls = model.classes_[int(np.argmax(counts))]
    tail = f"leaf {leaf}: {int(t.n_node_samples[leaf])} training points, predicts **class {cls}**"
    return "  \n".join([*(f"{i + 1}. {s}" for i, s in enumerate(steps)), tail])


def follow_click(x: float, y: float) -> None:
    """The followed point's boxes take the clicked spot (at their 2 decimals)."""
    st.session_state["tree_px"], st.session_state["tree_py"] = round(x, 2), round(y, 2)


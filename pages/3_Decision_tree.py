"""Decision tree: every split on the plane, the tree diagram, a depth slider, pruning step by step."""

import numpy as np
import streamlit as st

from mlcore import ValidationError
from mlcore.datasets import train_test_split
from mlcore.pruning import pruned_model, reduced_error_prune
from mlcore.tree import DecisionTreeClassifier
from ui import compute, dataset, draw, state
from ui.layout import page_setup
from viz.tree import pruning_figure, tree_diagram, tree_plane_figure

page_setup("Decision tree")

FEATURES = ("x₁", "x₂")
CRITERIA = {"gini": "Gini  1 − Σ p²", "entropy": "entropy  −Σ p log₂ p",
            "misclassification": "misclassification  1 − max p"}
CHART_CONFIG = {"displayModeBar": False, "scrollZoom": False}


@st.cache_data(max_entries=32, show_spinner=False)
def grow_full(recipe, drawn, params: tuple):
    """The tree grown without a depth limit (the depth slider cuts it), or an error message."""
    data = compute.dataset(recipe, drawn)
    try:
        return DecisionTreeClassifier(**dict(params), random_state=0).fit(data.X_train, data.y_train), None
    except ValidationError as err:
        return None, str(err)


@st.cache_data(max_entries=16, show_spinner=False)
def pruning_path(recipe, drawn, params: tuple, val_fraction: float):
    """Grow on part of the training set, prune on the rest; or an error message."""
    data = compute.dataset(recipe, drawn)
    try:
        X_grow, X_val, y_grow, y_val = train_test_split(data.X_train, data.y_train, test_size=val_fraction,
                                                        seed=recipe.seed)
        model = DecisionTreeClassifier(**dict(params), random_state=0).fit(X_grow, y_grow)
        return reduced_error_prune(model, X_val, y_val), (X_grow, y_grow, X_val, y_val), None
    except ValidationError as err:
        return None, None, str(err)


def at_depth(model, depth: int):
    """The tree cut at ``depth``: the same tree ``max_depth=depth`` would grow (growth is level by level)."""
    t = model.tree_
    cut = np.flatnonzero((t.depth == depth) & (t.feature >= 0))
    return pruned_model(model, cut) if cut.size else model


def slider_value(key: str, default: int, high: int) -> None:
    state.remember(key, min(default, high), lambda v: isinstance(v, int) and 0 <= v <= high)


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


recipe = dataset.dataset_panel()
drawn = draw.points()
data = compute.dataset(recipe, drawn)

st.title("Decision tree", anchor=False)
st.markdown(
    "A tree asks one yes/no question per node, *is x_f ≤ t?*, with the threshold t halfway "
    "between two neighbouring training values. It picks the question that makes the two groups "
    "purest, then asks again inside each group. On the plane every question is a straight cut "
    "parallel to an axis, so the regions are rectangles.")

if data.error or data.n_classes_train < 2:
    st.warning(data.error or "The training set needs points of at least two classes: generate data in "
               "the sidebar or draw points on the Playground.", icon=":material/info:")
    st.stop()

# --- hyperparameters (a change regrows the tree: the whole page reruns) --------------------------
c1, c2, c3, c4, c5 = st.columns([1.2, 1, 1, 1, 0.9], gap="medium")
with c1:
    state.remember("tree_criterion", "gini", lambda v: v in CRITERIA)
    criterion = st.selectbox("criterion", list(CRITERIA), key="tree_criterion", format_func=CRITERIA.get,
                             help="How mixed a node is. The tree picks the split that lowers it the most.")
    state.keep("tree_criterion")
with c2:
    state.remember("tree_min_split", 2)
    min_split = st.slider("min samples to split", 2, 50, key="tree_min_split",
                          help="A node with fewer training points becomes a leaf.")
    state.keep("tree_min_split")
with c3:
    state.remember("tree_min_leaf", 1)
    min_leaf = st.slider("min samples per leaf", 1, 30, key="tree_min_leaf",
                         help="Each side of a split keeps at least this many training points.")
    state.keep("tree_min_leaf")
with c4:
    state.remember("tree_min_dec", 0.0)
    min_dec = st.slider("min impurity decrease", 0.0, 0.1, step=0.002, key="tree_min_dec", format="%.3f",
                        help="Split only if the impurity drops by at least this much, weighted by the "
                             "share of points in the node (pre-pruning).")
    state.keep("tree_min_dec")
with c5:
    state.remember("tree_gain_ratio", False)
    gain_ratio = st.toggle("gain ratio", key="tree_gain_ratio",
                           help="Rank splits by gain / split information (C4.5) instead of the gain.")
    state.keep("tree_gain_ratio")

params = (("criterion", criterion), ("gain_ratio", gain_ratio), ("min_impurity_decrease", min_dec),
          ("min_samples_leaf", min_leaf), ("min_samples_split", min_split))
full, error = grow_full(recipe, drawn, params)
if full is None:
    st.warning(error, icon=":material/info:")
    st.stop()


@st.fragment
def tree_view(full, data) -> None:
    """Depth slider, the plane and the diagram: moving the depth or the point reruns only this."""
    full_depth = full.get_depth()
    left, right = st.columns([1, 3], gap="large")
    with left:
        if full_depth > 0:
            slider_value("tree_depth", 3, full_depth)
            depth = st.slider("depth", 0, full_depth, key="tree_depth",
                              help=f"Grow the tree one level at a time. At {full_depth} it is fully grown "
                                   "(every leaf pure or too small to split).")
            state.keep("tree_depth")
        else:
            depth = 0
            st.caption("The tree is a single leaf: no split improves it.")
        state.remember("tree_follow", True)
        follow = st.toggle("follow a point", key="tree_follow",
                           help="Highlight the questions one point is asked on its way to a leaf.")
        state.keep("tree_follow")
        point = None
        if follow:
            first = data.X_test[0] if len(data.X_test) else data.X_train[0]
            p1, p2 = st.columns(2)
            state.remember("tree_px", round(float(first[0]), 2))
            state.remember("tree_py", round(float(first[1]), 2))
            px = p1.number_input("x₁", key="tree_px", step=0.1, format="%.2f")
            py = p2.number_input("x₂", key="tree_py", step=0.1, format="%.2f")
            state.keep("tree_px")
            state.keep("tree_py")
            point = np.array([px, py], dtype=np.float64)
        model = at_depth(full, depth)
        if point is not None:
            st.markdown("**The point's path**")
            st.markdown(describe_path(model, point))
    with right:
        train_acc = model.score(data.X_train, data.y_train)
        test_acc = model.score(data.X_test, data.y_test) if len(data.y_test) else None
        m1, m2, m3, m4 = st.columns(4)
        m1.metric("train accuracy", f"{train_acc:.1%}")
        m2.metric("test accuracy", "—" if test_acc is None else f"{test_acc:.1%}")
        m3.metric("leaves", model.get_n_leaves())
        m4.metric("depth", f"{model.get_depth()} of {full_depth}")
        plane = tree_plane_figure(model, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                                  bounds=data.bounds, highlight=point, height=560)
        st.plotly_chart(plane, width="stretch", config=CHART_CONFIG, key="tree_plane")
        st.caption("Each black segment is one split, drawn across the rectangle of the node it divides; "
                   "shading shows the leaf's majority class, stronger where the leaf is purer.")
    st.subheader("The tree", anchor=False)
    diagram = tree_diagram(model, x=point, feature_names=FEATURES)
    st.plotly_chart(diagram, width="stretch", config=CHART_CONFIG, key="tree_diagram")
    st.caption("Squares ask a question (left branch: yes), circles are leaves. The bar under a node "
               "shows its class mix; hover a node for its impurity and counts.")


@st.fragment
def pruning_view(recipe, drawn, params, data) -> None:
    """Reduced-error pruning, stepped through; its sliders rerun only this part."""
    p1, p2 = st.columns([1, 3], gap="large")
    with p1:
        state.remember("tree_val", 0.3)
        val_fraction = st.slider("validation fraction", 0.1, 0.5, step=0.05, key="tree_val",
                                 help="Share of the training set held out to decide which splits to remove.")
        state.keep("tree_val")
    path, parts, perr = pruning_path(recipe, drawn, params, val_fraction)
    if path is None:
        with p2:
            st.warning(f"Cannot hold out a validation set here: {perr}", icon=":material/info:")
        return
    n_steps = len(path.steps) - 1
    with p1:
        if n_steps > 0:
            slider_value("tree_prune_step", path.stop, n_steps)
            step = st.slider("pruning step", 0, n_steps, key="tree_prune_step",
                             help=f"0 is the full tree; reduced-error pruning stops at step {path.stop}.")
            state.keep("tree_prune_step")
        else:
            step = 0
        s = path.steps[step]
        first = path.steps[0]
        pruned = path.model_at(step)
        st.metric("validation accuracy", f"{s.val_accuracy:.1%}",
                  delta=f"{s.val_accuracy - first.val_accuracy:+.1%} vs full tree" if step else None)
        st.metric("leaves", s.n_leaves, delta=f"{s.n_leaves - first.n_leaves} vs full tree" if step else None,
                  delta_color="off")
        if len(data.y_test):
            st.metric("test accuracy", f"{pruned.score(data.X_test, data.y_test):.1%}")
        st.caption(f"Reduced-error pruning stops at step {path.stop} "
                   f"({path.steps[path.stop].n_leaves} leaves).")
    with p2:
        st.plotly_chart(pruning_figure(path, current=step), width="stretch", config=CHART_CONFIG,
                        key="tree_pruning")
        X_grow, y_grow, X_val, y_val = parts
        fig = tree_plane_figure(pruned, X_grow, y_grow, X_test=X_val, y_test=y_val, bounds=data.bounds,
                                height=480,
                                title=f"Step {step}: {s.n_leaves} leaves (hollow: validation points)")
        st.plotly_chart(fig, width="stretch", config=CHART_CONFIG, key="tree_pruned_plane")


tree_view(full, data)

# --- pruning -------------------------------------------------------------------------------
st.subheader("Reduced-error pruning", anchor=False)
st.markdown(
    "Grow the full tree on part of the training set, then keep replacing the split whose removal "
    "most improves accuracy on the held-out **validation** part (a tie goes to the smaller tree); "
    "stop when every removal would make it worse. The sequence below continues to the root so the "
    "whole trade-off is visible.")
pruning_view(recipe, drawn, params, data)

"""Decision tree: every split on the plane, the tree diagram, a depth slider, pruning step by step."""

import numpy as np
import streamlit as st

from catalog.specs import ParamSpec
from mlcore import ValidationError
from mlcore.datasets import train_test_split
from mlcore.tree import DecisionTreeClassifier, pruned_model, reduced_error_prune
from ui import compute, dataset, draw, state
from ui.layout import page_setup, settings_from_url, settings_to_url
from ui.params import point_inputs
from viz.tree import importance_text, pruning_figure, tree_diagram, tree_plane_figure

page_setup("Decision tree")

FEATURES = ("x₁", "x₂")
CRITERIA = {"gini": "Gini  1 − Σ p²", "entropy": "entropy  −Σ p log₂ p",
            "misclassification": "misclassification  1 − max p"}
CHART_CONFIG = {"displayModeBar": False, "scrollZoom": False}

# The page's settings as ParamSpecs: widget ranges and defaults, and the names (the model's own
# parameter names where there is one) under which the link carries them, validated like any input.
GROW = (
    ParamSpec("criterion", "choice", "gini", choices=tuple(CRITERIA), label="criterion",
              help="How mixed a node is. The tree picks the split that lowers it the most."),
    ParamSpec("min_samples_split", "int", 2, 2, 50, label="min samples to split",
              help="A node with fewer training points becomes a leaf."),
    ParamSpec("min_samples_leaf", "int", 1, 1, 30, label="min samples per leaf",
              help="Each side of a split keeps at least this many training points."),
    ParamSpec("min_impurity_decrease", "float", 0.0, 0.0, 0.1, step=0.002, label="min impurity decrease",
              help="Split only if the impurity drops by at least this much, weighted by the share of "
                   "points in the node (pre-pruning)."),
    ParamSpec("gain_ratio", "bool", False, label="gain ratio",
              help="Rank splits by gain / split information (C4.5) instead of the gain."),
)
# Defaults of None depend on the data (the first test point, where pruning stops): in the link
# only when they differ from that. A depth past the full tree shows the full tree.
VIEW = (
    ParamSpec("depth", "int", 3, 0, 64, label="depth"),
    ParamSpec("follow", "bool", True, label="follow a point"),
    ParamSpec("x1", "float", None, -100, 100, label="x₁ of the followed point"),
    ParamSpec("x2", "float", None, -100, 100, label="x₂ of the followed point"),
)
PRUNE = (
    ParamSpec("val_fraction", "float", 0.3, 0.1, 0.5, step=0.05, label="validation fraction",
              help="Share of the training set held out to decide which splits to remove."),
    ParamSpec("prune_step", "int", None, 0, 10_000, label="pruning step"),
)
KEYS = {"criterion": "tree_criterion", "min_samples_split": "tree_min_split", "min_samples_leaf": "tree_min_leaf",
        "min_impurity_decrease": "tree_min_dec", "gain_ratio": "tree_gain_ratio", "depth": "tree_depth",
        "follow": "tree_follow", "x1": "tree_px", "x2": "tree_py", "val_fraction": "tree_val",
        "prune_step": "tree_prune_step"}
SPEC = {p.name: p for p in (*GROW, *VIEW, *PRUNE)}


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


def slider_value(key: str, default: int, high: int, clamp: bool = False) -> None:
    """Seed a slider whose range depends on the tree; with ``clamp`` a value past ``high``
    becomes ``high`` (a depth beyond the full tree is the full tree), else the default."""
    def valid(v):
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= high

    kept = state.current(key)
    if clamp and isinstance(kept, int) and not isinstance(kept, bool) and kept > high:
        kept = high
    # A slider whose range changed (another tree) is a new widget that would start at 0:
    # hand it the value it should keep.
    if st.session_state.get(f"_{key}_high") != high:
        state.preset(key, kept if valid(kept) else min(default, high))
        st.session_state[f"_{key}_high"] = high
    state.remember(key, min(default, high), valid)


def int_slider(name: str) -> int:
    """One of the growth settings as a slider, from its ParamSpec."""
    p, key = SPEC[name], KEYS[name]
    state.remember(key, p.default, lambda v: isinstance(v, int) and not isinstance(v, bool) and p.low <= v <= p.high)
    return st.slider(p.label, int(p.low), int(p.high), key=key, help=p.help)


def publish(part: str, items: dict[str, str]) -> None:
    """Keep the address bar equal to the page's settings. The fragments rerun alone, so each
    section ("main", "view", "prune") replaces its own part; a full run starts with "main"."""
    ss = st.session_state
    parts = {**({} if part == "main" else ss.get("_tree_url", {})), part: items}
    ss["_tree_url"] = parts
    state.write_url({k: v for section in parts.values() for k, v in section.items()})


def main_items(recipe, drawn) -> dict[str, str]:
    """The data and the growth settings (the ones drawn this run, else kept ones) as URL items."""
    values = {p.name: state.current(KEYS[p.name], p.default) for p in GROW}
    return dataset.to_url(recipe) | draw.to_url(drawn) | settings_to_url(GROW, values)


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


# --- state from the link (first visit of this page in the session), then the dataset panel ------
query = state.url_once("tree")
problems = []
if query is not None:
    problems += dataset.from_url(query) + draw.from_url(query) + settings_from_url(SPEC.values(), KEYS, query)
recipe = dataset.dataset_panel()
drawn = draw.points()
data = compute.dataset(recipe, drawn)

st.title("Decision tree", anchor=False)
state.warn_bad_url(problems)
st.markdown(
    "A tree asks one yes/no question per node, *is x_f ≤ t?*, with the threshold t halfway "
    "between two neighbouring training values. It picks the question that makes the two groups "
    "purest, then asks again inside each group. On the plane every question is a straight cut "
    "parallel to an axis, so the regions are rectangles.")

if data.error or data.n_classes_train < 2:
    st.warning(data.error or "The training set needs points of at least two classes: generate data in "
               "the sidebar or draw points on the Playground.", icon=":material/info:")
    publish("main", main_items(recipe, drawn))
    st.stop()

# --- hyperparameters (a change regrows the tree: the whole page reruns) --------------------------
c1, c2, c3, c4, c5 = st.columns([1.2, 1, 1, 1, 0.9], gap="medium")
with c1:
    spec = SPEC["criterion"]
    state.remember(KEYS["criterion"], spec.default, lambda v: v in CRITERIA)
    criterion = st.selectbox(spec.label, list(CRITERIA), key=KEYS["criterion"], format_func=CRITERIA.get,
                             help=spec.help)
with c2:
    min_split = int_slider("min_samples_split")
with c3:
    min_leaf = int_slider("min_samples_leaf")
with c4:
    spec = SPEC["min_impurity_decrease"]
    state.remember(KEYS[spec.name], spec.default, lambda v: isinstance(v, float) and spec.low <= v <= spec.high)
    min_dec = st.slider(spec.label, spec.low, spec.high, step=spec.step, key=KEYS[spec.name], format="%.3f",
                        help=spec.help)
with c5:
    spec = SPEC["gain_ratio"]
    state.remember(KEYS[spec.name], spec.default, lambda v: isinstance(v, bool))
    gain_ratio = st.toggle(spec.label, key=KEYS[spec.name], help=spec.help)
for spec in GROW:
    state.keep(KEYS[spec.name])
publish("main", main_items(recipe, drawn))

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
            slider_value("tree_depth", SPEC["depth"].default, full_depth, clamp=True)
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
            px, py = point_inputs("tree", first, st.columns(2))
            point = np.array([px, py], dtype=np.float64)
        model = at_depth(full, depth)
        if point is not None:
            st.markdown("**The point's path**")
            st.markdown(describe_path(model, point))
        view = {"follow": follow} | ({"depth": depth} if depth != min(SPEC["depth"].default, full_depth) else {})
        if follow and (px, py) != (round(float(first[0]), 2), round(float(first[1]), 2)):
            view |= {"x1": px, "x2": py}
        publish("view", settings_to_url(VIEW, view))
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
                   "shading shows the leaf's majority class, stronger where the leaf is purer. "
                   + importance_text(model, FEATURES))
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
        spec = SPEC["val_fraction"]
        state.remember(KEYS[spec.name], spec.default, lambda v: isinstance(v, float) and spec.low <= v <= spec.high)
        val_fraction = st.slider(spec.label, spec.low, spec.high, step=spec.step, key=KEYS[spec.name],
                                 help=spec.help)
        state.keep(KEYS[spec.name])
    path, parts, perr = pruning_path(recipe, drawn, params, val_fraction)
    if path is None:
        with p2:
            st.warning(f"Cannot hold out a validation set here: {perr}", icon=":material/info:")
        publish("prune", settings_to_url(PRUNE, {"val_fraction": val_fraction}))
        return
    n_steps = len(path.steps) - 1
    with p1:
        if n_steps > 0:
            # Another tree or validation split is another pruning sequence: start where it stops
            # (a step number of the old sequence means nothing there).
            sequence = (recipe, drawn, params, val_fraction)
            if st.session_state.get("_tree_prune_sequence", sequence) != sequence:
                state.preset("tree_prune_step", path.stop)
            st.session_state["_tree_prune_sequence"] = sequence
            slider_value("tree_prune_step", path.stop, n_steps)
            step = st.slider("pruning step", 0, n_steps, key="tree_prune_step",
                             help=f"0 is the full tree; reduced-error pruning stops at step {path.stop}.")
            state.keep("tree_prune_step")
        else:
            step = 0
        publish("prune", settings_to_url(PRUNE, {"val_fraction": val_fraction}
                                         | ({"prune_step": step} if step != path.stop else {})))
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

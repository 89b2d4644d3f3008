"""Decision tree: every split on the plane, the tree diagram, a depth slider, pruning step by step.
A click on the plane moves the followed point there."""

from dataclasses import replace

import numpy as np
import streamlit as st

from catalog import code_model_pages
from catalog.specs import ParamSpec
from mlcore.tree import cut_at_depth
from ui import reading
from ui.core import alt_text, charts, guide, lectures, overlays, presenter, presets, settings
from ui.core.charts import config as chart_config
from ui.core.layout import Ahead, compute_ahead, finish, page, part, screen_height, stop
from ui.core.params import point_inputs
from ui.core.show_code import show_code
from ui.data import draw
from ui.live.live_chart import shared_chart
from ui.serving import fits
from ui.tree.tree_growth import FEATURES, TREE, describe_path, follow_click, grow_full, plane, pruning_path
from viz.decision import titled
from viz.tree import importance_text, leaf_text, lonely_points, pruning_figure, tree_diagram, tree_plane_figure

CRITERIA = {"gini": "Gini  1 − Σ p²", "entropy": "entropy  −Σ p log₂ p",
            "misclassification": "misclassification  1 − max p"}
CHART_CONFIG = chart_config("decision_tree", scroll_zoom=False, double_click=False)

# The growth settings are the tree model's own, ranges and all; the link carries them under
# the model's parameter names. Session keys: "tree_" + the short name.
GROW = {"criterion": "tree_criterion", "min_samples_split": "tree_min_split",
        "min_samples_leaf": "tree_min_leaf", "min_impurity_decrease": "tree_min_dec",
        "gain_ratio": "tree_gain_ratio"}
# The page's own settings. A depth past the full tree shows the full tree; the followed
# point starts at the first test point and pruning at the step where it stops.
DEPTH = ParamSpec("depth", "int", 3, 0, 64, label="depth")
FOLLOW = ParamSpec("follow", "bool", True, label="follow a point",
                   help="Highlight the questions one point is asked on its way to a leaf. "
                        "Click the plane to move the point there.")
VAL_FRACTION = ParamSpec("val_fraction", "float", 0.3, 0.1, 0.5, step=0.05, label="validation fraction",
                         help="Share of the training set held out to decide which splits to remove.")
PRUNE_STEP = ParamSpec("prune_step", "int", 0, 0, 10_000, label="pruning step")


recipe, drawn, data, _ = page("Decision tree", name="tree", opening=lectures.TREE_OPENING)
st.sidebar.caption(
    "A tree asks one yes/no question per node, *is x_f ≤ t?*, with the threshold t halfway "
    "between two neighbouring training values. It picks the question that makes the two groups "
    "purest, then asks again inside each group. On the plane every question is a straight cut "
    "parallel to an axis, so the regions are rectangles.")

presets.row("tree", lectures.TREE, lectures.TREE_HELP, chart="tree_plane", chart_height=495)
if data.error or data.n_classes_train < 2:
    st.warning(data.error or "The training set needs points of at least two classes: generate data in "
               "the sidebar or draw points on the Playground.", icon=":material/info:")
    stop(share=False)


@st.fragment
def tree_view(recipe, drawn, params, full, data) -> None:
    """Depth slider, the plane and the diagram: moving the depth or the point reruns only this."""
    with part("tree_depth"):
        full_depth = full.get_depth()
        # presenting: the depth and the followed point beside the plane, which keeps the screen's height
        left, right = (None, st.container()) if presenter.active() else st.columns([1, 3], gap="large")
        chart_col, stats = right.columns([4, 1])  # metrics beside the chart: it keeps the height
        with left or stats:
            depth_spec = replace(DEPTH, high=full_depth, default=min(DEPTH.default, full_depth),
                                 help=f"Grow the tree one level at a time. At {full_depth} it is fully grown "
                                      "(every leaf pure or too small to split).")
            if full_depth > 0:
                depth = settings.setting(depth_spec, "tree_depth", clamp=True)
            else:
                depth = 0
                st.caption("The tree is a single leaf: no split improves it.")
            follow = settings.setting(FOLLOW, "tree_follow")
            # a click on the plane (from the previous render) moves the followed point there
            draw.listen("tree_plane", follow, on_click=follow_click, key="tree_click")
            point = None
            if follow:
                first = data.X_test[0] if len(data.X_test) else data.X_train[0]
                point = np.array(point_inputs("tree", first, st.columns(2), link_as="the followed point"))
            model = cut_at_depth(full, depth)
            if point is not None:
                st.markdown("**The point's path**")
                st.markdown(describe_path(model, point))
            explain_on = overlays.toggle(model, "tree_explain")
        with right:
            train_acc = model.score(data.X_train, data.y_train)
            test_acc = model.score(data.X_test, data.y_test) if len(data.y_test) else None
            m1 = m2 = m3 = m4 = stats
            m1.metric("train accuracy", f"{train_acc:.1%}")
            m2.metric("test accuracy", "—" if test_acc is None else f"{test_acc:.1%}")
            m3.metric("leaves", model.get_n_leaves())
            m4.metric("depth", f"{model.get_depth()} of {full_depth}")
            query = overlays.query_point(data)[0] if explain_on else None

            with chart_col, st.container(key="tree_plane"):   # updated in place: ui/live/live_chart.py
                screen_height("tree_plane", 495)
                explained = shared_chart("tree_plane", CHART_CONFIG, plane, recipe, drawn, params, depth, point,
                                         explain_on, query)
            alt_text.summary("tree_plane", "The splits and leaf regions of a decision tree of depth "
                             f"{model.get_depth()} with {model.get_n_leaves()} leaves", data,
                             {"train accuracy": train_acc, "test accuracy": test_acc})
            st.caption("Each black segment is one split, drawn across the rectangle of the node it divides; "
                       "shading shows the leaf's majority class, stronger where the leaf is purer. "
                       + leaf_text(model, data.X_train) + " " + importance_text(model, FEATURES))
            grown = dict(grown_at(params, depth, full_depth))
            cv = fits.cv(recipe, drawn, "tree", grown_at(params, depth, full_depth)) or (None, None)
            scores = reading.Scores(train_acc, test_acc, *cv, fits.reference(recipe, drawn), len(data.y_train))
            guide.see(reading.tree_reading(depth, full_depth, model.get_n_leaves(),
                                           int(lonely_points(model, data.X_train).sum()), dict(params), scores),
                      "tree", grown)
            overlays.below(explained, model, data)
        st.subheader("The tree", anchor=False)
        diagram = tree_diagram(model, x=point, feature_names=FEATURES)
        charts.plotly_chart(diagram, width="stretch", config=CHART_CONFIG, key="tree_diagram")
        st.caption("Squares ask a question (left branch: yes), circles are leaves. The bar under a node "
                   "shows its class mix; hover a node for its impurity and counts.")
        show_code(code_model_pages.tree_page(recipe, drawn, dict(params), depth),
                  "The full tree with the page's growth settings, cut at the slider's depth, and its accuracies.")
        compute_ahead("tree_depth", [depth_spec], {"depth": depth}, lambda q: [
            (plane, recipe, drawn, params, q["depth"], point, explain_on, query),
            (fits.cv, recipe, drawn, "tree", grown_at(params, q["depth"], full_depth))], scope=(recipe, drawn, params),
            chart=Ahead("tree_plane", plane, lambda q: (recipe, drawn, params, q["depth"], point, explain_on, query),
                        lambda p: "tree_depth"))


def grown_at(params: tuple, depth: int, full_depth: int) -> tuple:
    """The tree model's parameters of the full tree cut at ``depth`` (None: not cut)."""
    return tuple(sorted({**dict(params), "max_depth": depth if depth < full_depth else None}.items()))


@st.fragment
def pruning_view(recipe, drawn, params, data) -> None:
    """Reduced-error pruning, stepped through; its sliders rerun only this part."""
    with part("tree_pruning"):
        p1, p2 = st.columns([1, 3], gap="large")
        val_fraction = settings.setting(VAL_FRACTION, "tree_val", where=p1)
        path, parts, perr = pruning_path(recipe, drawn, params, val_fraction)
        if path is None:
            with p2:
                st.warning(f"Cannot hold out a validation set here: {perr}", icon=":material/info:")
            return
        n_steps = len(path.steps) - 1
        with p1:
            step = 0
            if n_steps > 0:
                step = settings.setting(
                    replace(PRUNE_STEP, high=n_steps, default=path.stop,
                            help=f"0 is the full tree; reduced-error pruning stops at step {path.stop}."),
                    "tree_prune_step", restart_on=(recipe, drawn, params, val_fraction))
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
            charts.plotly_chart(pruning_figure(path, current=step), width="stretch", config=CHART_CONFIG,
                                key="tree_pruning")
            X_grow, y_grow, X_val, y_val = parts
            fig = tree_plane_figure(pruned, X_grow, y_grow, X_test=X_val, y_test=y_val, bounds=data.bounds,
                                    height=480, held_out="validation",
                                    title=f"Step {step}: {s.n_leaves} leaves (hollow: validation points)")
            charts.plotly_chart(titled(fig, data.axes), width="stretch", config=CHART_CONFIG, key="tree_pruned_plane")


@st.fragment
def tree_part(recipe, drawn, data) -> None:
    """The growth settings and everything they change: a step of one of them regrows the tree and
    reruns this alone (ui.core.layout.part); a depth or pruning step reruns less still."""
    with part("tree"):
        columns = ([presenter.settings_popover()] * 5 if presenter.active()
                   else st.columns([1.2, 1, 1, 1, .9], gap="medium"))
        grow = {name: settings.setting(TREE.param(name), key, where=col,
                                       format_func=CRITERIA.get if name == "criterion" else None)
                for col, (name, key) in zip(columns, GROW.items(), strict=True)}
        params = tuple(sorted(grow.items()))
        full, error = grow_full(recipe, drawn, params)
        if full is None:
            st.warning(error, icon=":material/info:")
            return
        tree_view(recipe, drawn, params, full, data)
        st.subheader("Reduced-error pruning", anchor=False)
        st.markdown(
            "Grow the full tree on part of the training set, then keep replacing the split whose removal "
            "most improves accuracy on the held-out **validation** part (a tie goes to the smaller tree); "
            "stop when every removal would make it worse. The sequence below continues to the root so the "
            "whole trade-off is visible.")
        pruning_view(recipe, drawn, params, data)
        guide.next_pages("id3", "ensembles", "validation_curve", model="tree", params=dict(params))
        val_fraction = settings.value("tree_val", VAL_FRACTION.default)
        compute_ahead("tree", [TREE.param(name) for name in GROW], grow, lambda q: [
            (grow_full, recipe, drawn, tuple(sorted(q.items()))),
            (pruning_path, recipe, drawn, tuple(sorted(q.items())), val_fraction)], scope=(recipe, drawn))


tree_part(recipe, drawn, data)
finish(share=False)

"""The plane of "Build the tree": the student's splits (kept per task, and in the link as
``hand=1:0.25;L2:-0.4``), the click that picks a region and a cut, the cut being tried with its
gain, and the reveal beside CART's choices.

A link entry is ``<region><feature>:<threshold>``: the region's path of L and R from the root
(empty for the root), the feature 1 or 2, the threshold; ``L2:-0.4`` splits the root's left
region at x₂ ≤ -0.4."""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
import streamlit as st

from exercises import tree_by_hand as rules
from ui.core import alt_text, charts, settings
from ui.core.layout import fit_screen
from ui.data import draw
from ui.exercises import shell
from viz.hand_tree_plane import hand_tree_plane
from viz.tree import tree_plane_figure

CHART = "ex_tree_plane"
HAND_ITEM = "hand"
MAX_SPLITS = 8
_ENTRY = re.compile(r"^([LR]{0,6})([12]):(-?\d+(?:\.\d+)?)$")
CONFIG = charts.config("build_the_tree", scroll_zoom=False, double_click=False)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PLANE_HEIGHT = 435   # px on a 1280x720 screen: the plane ends on the first screen below the task row
PHONE_HEIGHT = 440   # px: the legend's two rows, a 390 px wide screen's square plane and its axis


def read_link(text: str) -> tuple[rules.Split, ...] | None:
    """The splits of a ``hand=`` item, or None when it is malformed (too many, bad entries)."""
    entries = [e for e in text.split(";") if e]
    if len(entries) > MAX_SPLITS:
        return None
    out = []
    for entry in entries:
        match = _ENTRY.match(entry)
        if not match or not math.isfinite(float(match[3])) or abs(float(match[3])) > 100:
            return None
        out.append(rules.Split(match[1], int(match[2]) - 1, float(match[3])))
    return tuple(out)


def link_text(splits) -> str | None:
    return ";".join(f"{s.region}{s.feature + 1}:{s.threshold:g}" for s in splits) or None


def splits(task: shell.Task) -> list:
    """The student's splits on this task (a list in the task's scratch state)."""
    return shell.state(task).setdefault("splits", [])


def fits(splits, instance: rules.PlaneTask) -> bool:
    """Each split cuts a region left by the ones before it, and there are no more than the task asks."""
    return len(splits) <= instance.splits and all(s.region in rules.leaves(splits[:i]) for i, s in enumerate(splits))


def take_link(task: shell.Task, instance: rules.PlaneTask) -> None:
    raw = settings.take(HAND_ITEM)
    if raw is None:
        return
    read = read_link(raw)
    if read is None or not fits(read, instance):
        settings.report(f"**your splits** (`{HAND_ITEM}`) should look like `1:0.25;L2:-0.4` (region, feature "
                        f"1 or 2, threshold), each in a region the ones before it left, at most {instance.splits} "
                        "on this task. They were left out.")
        return
    splits(task)[:] = read


def _keys(task):
    return shell.widget_key(task, "region"), shell.widget_key(task, "axis"), shell.widget_key(task, "threshold")


def _clicked(task, instance, x: float, y: float) -> None:
    """A click picks the region under it and puts the cut through it along the chosen axis."""
    region_key, axis_key, threshold_key = _keys(task)
    made = splits(task)
    for region in rules.leaves(made):
        if rules.region_mask(np.array([[x, y]]), made, region)[0]:
            st.session_state[region_key] = region
    axis = int(st.session_state.get(axis_key, 0))
    st.session_state[threshold_key] = round(x if axis == 0 else y, 2)


def _commit(task, split) -> None:
    splits(task).append(split)
    st.session_state[_keys(task)[2]] = None   # the next cut starts blank (a popped key keeps the browser's value)


def _undo(task) -> None:
    if splits(task):
        splits(task).pop()


def _clear(task) -> None:
    splits(task).clear()


def _impure(instance, made, region) -> bool:
    return len(np.unique(instance.y[rules.region_mask(instance.X, made, region)])) > 1


def _counts(instance, rows) -> str:
    counts = np.bincount(instance.y[rows], minlength=instance.n_classes)
    return " / ".join(str(c) for c in counts)


def plane(task: shell.Task, instance: rules.PlaneTask, main, side) -> tuple:
    """The plane (in ``main``) and its controls (in ``side``); returns the splits made."""
    draw.listen(CHART, True, on_click=lambda x, y: _clicked(task, instance, x, y), key="ex_tree_click")
    made = splits(task)
    region_key, axis_key, threshold_key = _keys(task)
    names = rules.leaves(made)
    letters = {r: LETTERS[i] for i, r in enumerate(names)}
    crit = "Gini" if instance.criterion == "gini" else "entropy"
    with side:
        st.markdown(f"**{len(made)} of {instance.splits} split{'s' if instance.splits > 1 else ''} made** · "
                    f"counts are class 0 / 1{' / 2' if instance.n_classes > 2 else ''}")
        tried = st.container()   # the cut tried and its button first: where the eye goes after a click
        if st.session_state.get(region_key) not in names:   # a new task, or the region was just split
            st.session_state[region_key] = next((r for r in names if _impure(instance, made, r)), names[0])

        def region_label(r):
            rows = rules.region_mask(instance.X, made, r)
            counts = np.bincount(instance.y[rows], minlength=instance.n_classes)
            return (f"{letters[r]}: {rows.sum()} points ({_counts(instance, rows)}), "
                    f"{crit} {rules.impurity(counts, instance.criterion):.3f}")
        region = st.selectbox("region to split (or click in it)", names, key=region_key, format_func=region_label,
                              help="The letters are on the plane; a click in a region chooses it.")
        if region:
            st.caption(f"Region {letters[region]}: {rules.describe(made, region)}.")
        st.session_state.setdefault(axis_key, 0)
        axis = st.segmented_control("cut along", (0, 1), key=axis_key, required=True, format_func=_axis_name)
        rows = rules.region_mask(instance.X, made, region)
        values = np.unique(instance.X[rows, axis])
        midpoints = [float(a / 2 + b / 2) for a, b in zip(values[:-1], values[1:], strict=True)]
        pick_key = shell.widget_key(task, f"pick_{region}_{axis}")

        def picked():
            if st.session_state.get(pick_key) is not None:
                st.session_state[threshold_key] = st.session_state[pick_key]
        c1, c2 = st.columns(2)
        threshold = c1.number_input(f"threshold: {rules.FEATURES[axis]} ≤", value=None, step=0.05, format="%.3f",
                                    key=threshold_key, placeholder="click",
                                    help="Click in the region on the plane, type a value, or pick a candidate.")
        c2.selectbox("or a candidate", midpoints, index=None, key=pick_key, on_change=picked,
                     format_func=lambda t: f"{t:.3f}", placeholder="midpoints",
                     help="The midpoints between neighbouring values of the region's points: every other "
                          "threshold sorts them the same way as one of these.")
        trial = None
        with tried:
            if threshold is not None:
                trial = _trial(task, instance, made, region, int(axis), float(threshold))
            elif len(made) < instance.splits:
                st.caption("Click in a region on the plane to try a cut there: its gain shows here.")
        b1, b2 = st.columns(2)
        b1.button("Undo last split", key="ex_tree_undo", icon=":material/undo:", disabled=not made,
                  on_click=_undo, args=(task,), width="stretch")
        b2.button("Start over", key="ex_tree_clear", icon=":material/delete:", disabled=not made,
                  on_click=_clear, args=(task,), width="stretch")
    leaves = [(rules.region_box(instance, made, r), int(np.argmax(np.bincount(
        instance.y[rules.region_mask(instance.X, made, r)], minlength=instance.n_classes))), letters[r])
        for r in names]
    cuts = [(s.feature, s.threshold, rules.region_box(instance, made[:i], s.region)) for i, s in enumerate(made)]
    fig = hand_tree_plane(instance.X, instance.y, instance.n_classes, instance.bounds, leaves, cuts,
                          chosen=rules.region_box(instance, made, region), trial=trial, height=PLANE_HEIGHT)
    with main, st.container(key=CHART):
        charts.plotly_chart(fit_screen(CHART, fig), width="stretch", height="stretch", theme=None, config=CONFIG)
    # On a phone the square plane is as wide as the screen, far less tall than fit_screen's box: no empty band.
    st.html(f"<style>@media (max-width: 640px) {{ .st-key-{CHART} {{height: {PHONE_HEIGHT}px !important;}} }}</style>")
    tests = "; ".join(f"{rules.describe(made, s.region)}: {rules.FEATURES[s.feature]} ≤ {rules.number(s.threshold)}"
                      for s in made)
    alt_text.summary(CHART, f"Your tree on the plane: {len(made)} of {instance.splits} splits made "
                            f"({tests or 'none yet'}), {len(names)} regions", data=instance.y)
    settings.link_item(HAND_ITEM, link_text(made))
    return tuple(made)


def _axis_name(feature: int) -> str:
    return f"{rules.FEATURES[feature]} (a {'vertical' if feature == 0 else 'horizontal'} line)"


def _trial(task, instance, made, region, axis, threshold):
    """The cut being tried: its sides, its gain and the button that makes it; its figure part."""
    trial_split = rules.Split(region, axis, threshold)
    check = rules.assess(instance, (*made, trial_split))[-1]
    box = rules.region_box(instance, made, region)
    if check.problem:
        st.warning(f"This cut cannot be made: {check.problem}.", icon=":material/block:")
    else:
        rows = rules.region_mask(instance.X, made, region)
        goes_left = instance.X[rows, axis] <= threshold
        y = instance.y[rows]
        sides = [(name, len(part), rules.impurity(np.bincount(part, minlength=instance.n_classes),
                                                  instance.criterion))
                 for name, part in (("≤", y[goes_left]), (">", y[~goes_left]))]
        crit = "Gini" if instance.criterion == "gini" else "H"
        parts = " · ".join(f"{rules.FEATURES[axis]} {name} {rules.number(threshold)}: {n} points, {crit} {i:.3f}"
                           for name, n, i in sides)
        working = " − ".join(f"{n}/{len(y)}·{i:.3f}" for _, n, i in sides)
        st.markdown(f"{parts}  \n**gain {check.gain:.3f}** = {check.impurity:.3f} − {working}")
    full = len(made) >= instance.splits
    st.button("Make this split", key="ex_tree_split", icon=":material/call_split:", type="primary",
              disabled=bool(check.problem) or full, on_click=_commit, args=(task, trial_split), width="stretch",
              help=f"The task asks for {instance.splits} split{'s' if instance.splits > 1 else ''}." if full else None)
    return axis, threshold, box


def report(instance: rules.PlaneTask, made) -> None:
    """Every split made: its region, its test, the region's impurity and the split's gain."""
    if not made:
        return
    crit = "Gini" if instance.criterion == "gini" else "entropy"
    rows = [{"region": rules.describe(made, c.split.region), "test": f"{rules.FEATURES[c.split.feature]} ≤ "
             f"{rules.number(c.split.threshold)}", "points (≤ / >)": f"{c.n_left} / {c.n_right}",
             crit: round(c.impurity, 3), "gain": round(c.gain, 3)} for c in rules.assess(instance, made)]
    st.dataframe(pd.DataFrame(rows), hide_index=True)


def reveal(instance: rules.PlaneTask, made) -> None:
    """CART's greedy choice in each region the student split, and CART's tree at the same depth."""
    rows = []
    for i, c in enumerate(rules.assess(instance, made)):
        choice = rules.cart_choice(instance, made[:i], c.split.region)
        if choice is None:
            continue
        f, t, g = choice
        yours = f"{rules.FEATURES[c.split.feature]} ≤ {rules.number(c.split.threshold)}"
        rows.append({"region": rules.describe(made, c.split.region), "your split": f"{yours} (gain {c.gain:.3f})",
                     "CART's split": f"{rules.FEATURES[f]} ≤ {rules.number(t)} (gain {g:.3f})",
                     "share": f"{100 * c.share:.0f}%"})
    if rows:
        st.markdown("**CART's greedy choice in each of your regions** (mlcore's tree grown one level on the "
                    "region's points; on a tie it takes the lower feature, then the lower threshold):")
        st.dataframe(pd.DataFrame(rows), hide_index=True)
    at_depth = max(1, rules.depth(made)) if made else max(1, rules.depth(rules.solve(instance)))
    model = rules.cart(instance, at_depth)
    hand, cart = rules.accuracy(instance, made) if made else (float("nan"), float("nan"))
    if made:
        why = ("Greedy splits of equal gain can still differ on new points: a threshold anywhere in a gap fits "
               "the training points equally well." if all(c.greedy for c in rules.assess(instance, made)) else
               "A cut of lower gain leaves less pure regions; on new points that usually costs accuracy too, "
               "though not always: the test points are a sample.")
        st.markdown(f"**On the {len(instance.y_test)} test points**: your tree {100 * hand:.0f}%, CART at depth "
                    f"{at_depth} {100 * cart:.0f}%. {why}")
    fig = tree_plane_figure(model, instance.X, instance.y, X_test=instance.X_test, y_test=instance.y_test,
                            bounds=instance.bounds, title=f"CART (mlcore) at depth {at_depth}", height=420)
    charts.plotly_chart(fig, width="stretch", theme=None, config=CONFIG, key="ex_tree_cart")


def code(instance: rules.PlaneTask, made) -> str:
    """Show code: the task rebuilt, the student's splits checked by the rules, CART's accuracy."""
    listed = ", ".join(f"rules.Split({s.region!r}, {s.feature}, {s.threshold:g})" for s in made)
    return f'''from exercises import tree_by_hand as rules
from mlcore.tree import DecisionTreeClassifier

task = rules.make({instance.level}, {instance.seed})   # the same points on every machine
splits = [{listed}]   # (region: L/R path from the root, feature: 0 = x₁, threshold)
for c in rules.assess(task, splits):
    print(c.split, f"gain {{c.gain:.3f}}, best in its region {{c.best:.3f}}")
print(rules.check(task, splits).message if splits else "no split yet")
cart = DecisionTreeClassifier(criterion={instance.criterion!r}, max_depth={max(1, rules.depth(made))})
cart.fit(task.X, task.y)
print("CART's test accuracy", (cart.predict(task.X_test) == task.y_test).mean())
'''

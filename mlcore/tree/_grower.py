"""Growing CART trees (one, or many together) one depth level at a time.

This is the fast grower: the single tree, bagging of trees, random forests,
extra-trees and AdaBoost's trees all come from ``grow_forest`` (``grow_tree`` is
the one-tree case). ``mlcore.tree._reference`` grows the same trees recursively,
one node at a time, with every formula in plain sight; a test checks that both
grow the same nodes.

Every tree t sees the same n training points with its own weights ``W[t, i]``
(1 for a single tree, bootstrap counts for a forest, boosting weights for
AdaBoost; 0 = not drawn). A point of weight 0 takes no part in a tree at all, so
a tree fitted with integer weights c_i equals the tree fitted on the points
repeated c_i times (scikit-learn's sample-weight equivalence).

**The split.** A node with class weights N (total W, impurity I(N)) is split by
"x_f <= t" into children with class weights L and R (totals w_L, w_R). The split
kept minimises the children's weighted impurity w_L I(L) + w_R I(R) (see
``mlcore.tree._impurity`` for the count forms), i.e. maximises the impurity
decrease W I(N) - w_L I(L) - w_R I(R). With ``gain_ratio`` (C4.5) it maximises

    (W I(N) - w_L I(L) - w_R I(R)) / (W H(w_L / W, w_R / W))      (H: entropy in bits)

over the splits with a positive gain. Thresholds are midpoints x_p / 2 + x_p+1 / 2
of neighbouring distinct values (the lower value if that rounds up to the upper
one); a point goes left when x_f <= t. ``splitter="random"`` (extra-trees) draws
instead one threshold per feature uniformly in [min, max) of the node's values.
``max_features`` features are drawn per node among those not constant in it.

**When a node splits** (scikit-learn's rules). A node is a leaf at ``max_depth``,
with fewer than ``min_samples_split`` or 2 ``min_samples_leaf`` points, when pure
(impurity <= machine epsilon), or when no split leaves ``min_samples_leaf`` points
on each side. Otherwise its best split is made if its weighted impurity decrease

    gain = W / W_root (I(N) - w_L / W I(L) - w_R / W I(R))

(W_root: the tree's total weight) is at least ``min_impurity_decrease`` (within
machine epsilon; with 0 every split found is made, its gain being >= 0 up to
rounding). ``gain`` is stored per node; feature importances sum it.

**Ties: one rule for every tree** (``mlcore.tree._reference`` follows it too). A
split's cost is w_L I(L) + w_R I(R) (with ``gain_ratio``: -W times the ratio). Costs
within 1e-13 W of the node's lowest (``TIE``) are equal: the same cost computed by two
equivalent formulas, or from sums taken in another order, differs by a few (K + 2)
log2(W) machine epsilons W at most (the count form of the entropy; about 1e-14 W for
3 classes and 10^4 points); the smallest real difference met so far (AdaBoost's
weights after 40 rounds) was 7.5e-13 W. Among the splits of equal lowest cost

1. with the misclassification criterion, those of lowest children's Gini impurity
   w_L G(L) + w_R G(R) (within the same 1e-13 W) are kept;
2. then the lowest feature index wins,
3. then the lowest threshold.

Step 1 exists because with misclassification many cuts cost the same: w_L - max_k
L_k + w_R - max_k R_k is a whole number of misclassified points, and wherever the
majority class wins on both sides every cut has decrease 0. Taking the first of
them peels one point off per level (a 500-point moons sample grew 167 levels);
the cut that makes the children purer is the one that opens later zero-cost cuts
with gains. Such a zero-decrease split is still made, as in scikit-learn, unless
``min_impurity_decrease`` > 0: refusing it would stop a tree on data where only a
second cut helps (the XOR of two features gains nothing from its first cut).
scikit-learn breaks the remaining ties by its own random feature order instead.

**How.** The points are sorted once per feature. For every feature f one flat
array lists the (tree, point) pairs of the open nodes, grouped by node and sorted
by x_f inside a node; one cumulative sum of the weighted one-hot labels along it
gives, at every position p, the class weights L of the left child of the cut
after p, and R = N - L. After a level the pairs are moved stably into the
children with prefix sums (no re-sorting), so a level costs a fixed number of
array passes whatever the number of nodes or trees. The split search of one
level is in ``mlcore.tree._splitter``; the small deep levels of a single tree are
finished in plain Python (``mlcore.tree._tail``), by the same rule and arithmetic.

Nodes are numbered breadth first within each tree; the right child is always
``left + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _tail as tail
from ._splitter import EPS, Data, Level, best_splits

LEAF = -1                 # children of a leaf


@dataclass(frozen=True)
class GrowRules:
    """How a tree is grown (the hyperparameters of ``DecisionTreeClassifier``, resolved)."""

    criterion: str = "gini"
    max_depth: int | None = None
    min_samples_split: int = 2
    min_samples_leaf: int = 1
    min_impurity_decrease: float = 0.0
    max_features: int | None = None   # None: every feature
    splitter: str = "best"            # or "random" (extra-trees)
    gain_ratio: bool = False


@dataclass
class NodeArrays:
    """Parallel per-node arrays of one tree (see ``mlcore.tree.Tree``)."""

    feature: np.ndarray
    threshold: np.ndarray
    children_left: np.ndarray
    children_right: np.ndarray
    parent: np.ndarray
    value: np.ndarray
    n_node_samples: np.ndarray
    impurity: np.ndarray
    gain: np.ndarray
    depth: np.ndarray


@dataclass
class ForestArrays:
    """The nodes of T trees, tree after tree (``tree_start[t]`` is tree t's root).

    Per node, with the conventions of ``mlcore.tree.Tree``: feature (-1 in a leaf),
    threshold (0.0 in a leaf), children_left and children_right (global ids, -1 in a
    leaf), parent (-1 at a root), value (weighted class counts, (G, K)),
    n_node_samples (training points of positive weight), weighted_n_node_samples,
    impurity, gain (the weighted impurity decrease of the module docstring, 0 in a
    leaf), depth, tree; lower / upper (G, d): the box lower < x <= upper of the node.
    """

    feature: np.ndarray
    threshold: np.ndarray
    children_left: np.ndarray
    children_right: np.ndarray
    parent: np.ndarray
    value: np.ndarray
    n_node_samples: np.ndarray
    weighted_n_node_samples: np.ndarray
    impurity: np.ndarray
    gain: np.ndarray
    depth: np.ndarray
    tree: np.ndarray
    tree_start: np.ndarray
    lower: np.ndarray
    upper: np.ndarray

    @property
    def n_trees(self) -> int:
        return len(self.tree_start) - 1

    @property
    def is_leaf(self) -> np.ndarray:
        return self.children_left < 0


@dataclass
class _Done:
    """The nodes of one finished level: tree, class weights, point counts, weight,
    impurity, depth, and the split made at each (feature -1 and gain 0 at a leaf)."""

    tree: np.ndarray
    class_weight: np.ndarray
    n_points: np.ndarray
    weight: np.ndarray
    impurity: np.ndarray
    depth: int
    feature: np.ndarray
    threshold: np.ndarray
    gain: np.ndarray

    @property
    def is_split(self) -> np.ndarray:
        return self.feature >= 0


def grow_tree(X, y, n_classes: int, sample_weight, rules: GrowRules, rng=None) -> NodeArrays:
    """One tree on ``X`` (n, d), labels ``y`` in 0..K-1, weights ``sample_weight`` (n,) >= 0."""
    forest = _grow(X, y, n_classes, np.asarray(sample_weight, dtype=np.float64)[None], rules, rng,
                   order=None, boxes=False)
    return NodeArrays(forest.feature, forest.threshold, forest.children_left, forest.children_right,
                      forest.parent, forest.value, forest.n_node_samples, forest.impurity, forest.gain,
                      forest.depth)


def grow_forest(X, y, n_classes, W, *, criterion="gini", max_depth=None, min_samples_split=2,
                min_samples_leaf=1, min_impurity_decrease=0.0, max_features=None,
                random_split=False, rng=None, order=None) -> ForestArrays:
    """``W.shape[0]`` trees on ``X`` (n, d), labels ``y`` in 0..K-1, weights ``W`` (T, n).
    ``order``: ``argsort(X, axis=0)`` if known."""
    d = np.shape(X)[1]
    rules = GrowRules(criterion=criterion, max_depth=max_depth, min_samples_split=min_samples_split,
                      min_samples_leaf=min_samples_leaf, min_impurity_decrease=min_impurity_decrease,
                      max_features=None if max_features is None or max_features >= d else int(max_features),
                      splitter="random" if random_split else "best")
    return _grow(X, y, n_classes, np.asarray(W, dtype=np.float64), rules, rng, order, boxes=True)


def _grow(X, y, n_classes, W, rules: GrowRules, rng, order, boxes: bool) -> ForestArrays:
    X = np.ascontiguousarray(X, dtype=np.float64)
    n, d = X.shape
    T = W.shape[0]
    if order is None:
        order = np.argsort(X, axis=0, kind="stable")
    if rng is None:
        rng = np.random.default_rng(0)
    max_depth = np.inf if rules.max_depth is None else rules.max_depth
    # The roots: for every feature the (tree, point) pairs of positive weight, grouped
    # by tree and sorted by x_f.
    points_by_feature = []
    tree_of_pair = None
    for f in range(d if rules.splitter == "best" else 1):   # random cuts need no order
        tree, position = np.nonzero(W[:, order[:, f]] > 0)
        points_by_feature.append(order[position, f])
        tree_of_pair = tree if tree_of_pair is None else tree_of_pair
    n_points = np.bincount(tree_of_pair, minlength=T)
    if np.any(n_points == 0):
        raise ValueError("every tree needs at least one point with positive weight")
    whole = bool(np.all(W == np.round(W))) and float(W.sum(axis=1).max()) < 2.0 ** 52
    data = Data(np.ascontiguousarray(X.T), np.asarray(y), W.ravel().astype(np.int64 if whole else np.float64),
                bool(np.all(W == 1.0)), int(n_classes), rules)
    class_weight = np.stack([np.bincount(data.y, weights=w, minlength=data.K) for w in W])
    level = Level(data, np.arange(T), n_points, class_weight, points_by_feature, 0)
    root_weight = W.sum(axis=1)
    done = []
    while True:
        if tail.applies(level):
            done += [_Done(np.zeros(len(n_points), np.intp), counts, n_points, counts.sum(axis=1), impurity, depth,
                           feature, threshold, gain)
                     for counts, n_points, impurity, depth, feature, threshold, gain
                     in tail.finish(level, float(root_weight[0]), max_depth)]
            break
        record, splits, made = _split_level(level, root_weight, max_depth, rng)
        done.append(record)
        if not made.any():
            break
        level = level.children(splits, made, leaves=level.depth + 1 >= max_depth)
    return _assemble(done, T, d, boxes)


def _split_level(level: Level, root_weight, max_depth, rng):
    """Decide the split of every node of ``level``: (its record, the splits found for
    ``level.carried``, which of them are made)."""
    A = level.tree.size
    feature = np.full(A, LEAF, np.intp)
    threshold = np.zeros(A)
    gain = np.zeros(A)
    splits, made = None, np.zeros(0, bool)
    if level.depth < max_depth and level.carried.size:
        splits = best_splits(level, root_weight, rng)
        mid = level.data.rules.min_impurity_decrease
        made = splits.made & (splits.gain + EPS >= mid) if mid > 0 else splits.made
        nodes = level.carried[made]
        feature[nodes] = splits.feature[made]
        threshold[nodes] = splits.threshold[made]
        gain[nodes] = np.maximum(splits.gain[made], 0.0)   # rounding can leave -1e-17
    record = _Done(level.tree, level.class_weight, level.n_points, level.weight, level.impurity, level.depth,
                   feature, threshold, gain)
    return record, splits, made


def _assemble(done: list[_Done], T: int, d: int, boxes: bool) -> ForestArrays:
    """Level-ordered nodes -> tree-contiguous arrays with global child ids."""
    tree = np.concatenate([lv.tree for lv in done])
    feature = np.concatenate([lv.feature for lv in done])
    threshold = np.concatenate([lv.threshold for lv in done])
    depth = np.concatenate([np.full(lv.feature.size, lv.depth, np.intp) for lv in done])
    G = tree.size
    # Level order: after the T roots, each level lists the children of the level above's
    # split nodes in their order, so the j-th split node's children are T + 2j and T + 2j + 1.
    left = np.full(G, LEAF, np.intp)
    split = np.flatnonzero(np.concatenate([lv.is_split for lv in done]))
    left[split] = T + 2 * np.arange(split.size)
    if T > 1:
        perm = np.argsort(tree, kind="stable")
        new_id = np.empty(G, np.intp)
        new_id[perm] = np.arange(G)
        left = left[perm]
        left = np.where(left >= 0, new_id[np.maximum(left, 0)], LEAF)
        tree, feature, threshold, depth = tree[perm], feature[perm], threshold[perm], depth[perm]
    else:
        perm = slice(None)
    right = np.where(left >= 0, left + 1, LEAF)
    tree_start = np.searchsorted(tree, np.arange(T + 1)) if T > 1 else np.array([0, G])
    lower = upper = np.empty((G, 0))
    if boxes:
        lower, upper = _boxes(feature, threshold, left, right, depth, d)
    parent = np.full(G, LEAF, np.intp)
    inner = np.flatnonzero(left >= 0)
    parent[left[inner]] = inner
    parent[right[inner]] = inner

    def cat(name):
        return np.concatenate([getattr(lv, name) for lv in done])[perm]

    return ForestArrays(feature, threshold, left, right, parent, cat("class_weight"), cat("n_points"),
                        cat("weight"), cat("impurity"), cat("gain"), depth, tree, tree_start, lower, upper)


def _boxes(feature, threshold, left, right, depth, d):
    """Each node's box lower < x <= upper, from the tests on the way down."""
    G = feature.size
    lower = np.full((G, d), -np.inf)
    upper = np.full((G, d), np.inf)
    for level in range(depth.max() + 1 if G else 0):
        s = np.flatnonzero((depth == level) & (left >= 0))
        for child, side in ((left[s], upper), (right[s], lower)):
            lower[child], upper[child] = lower[s], upper[s]
            side[child, feature[s]] = threshold[s]
    return lower, upper


def concat_forests(parts: list[ForestArrays]) -> ForestArrays:
    """One ForestArrays holding the trees of ``parts`` in order (ids shifted)."""
    node_offsets = np.cumsum([0] + [p.feature.size for p in parts])
    tree_offsets = np.cumsum([0] + [p.n_trees for p in parts])

    def shift(a, o):
        return np.where(a >= 0, a + o, a)

    def cat(name, offset=None):
        if offset is None:
            return np.concatenate([getattr(p, name) for p in parts])
        return np.concatenate([shift(getattr(p, name), o) for p, o in zip(parts, offset, strict=False)])

    return ForestArrays(
        cat("feature"), cat("threshold"), cat("children_left", node_offsets), cat("children_right", node_offsets),
        cat("parent", node_offsets), cat("value"), cat("n_node_samples"), cat("weighted_n_node_samples"),
        cat("impurity"), cat("gain"), cat("depth"),
        np.concatenate([p.tree + t for p, t in zip(parts, tree_offsets[:-1], strict=True)]),
        np.concatenate([p.tree_start[:-1] + o for p, o in zip(parts, node_offsets[:-1], strict=True)]
                       + [node_offsets[-1:]]),
        cat("lower"), cat("upper"))

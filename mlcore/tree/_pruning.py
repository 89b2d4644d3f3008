"""Reduced-error post-pruning (Quinlan 1987; Mitchell, Machine Learning, 3.7.1), and the stump.

Grow the full tree on the training part, then repeatedly replace one internal
node by a leaf predicting its training majority: the node whose replacement
raises the number of correctly classified validation points the most,

    delta(t) = #{validation points through t that t's majority gets right}
             - #{validation points through t the current tree gets right}.

Ties between nodes go to the one that removes the most nodes (the smaller tree),
then the lowest node id. The rule stops as soon as every replacement would lower
validation accuracy (``allow_ties=True``: a replacement that keeps it equal is
still made, preferring the smaller tree; ``allow_ties=False`` requires a strict
improvement). The sequence is recorded past the stopping point, down to the root
alone, so a page can show the whole trade-off.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..base import ValidationError, check_array, check_is_fitted
from ._classes import DecisionTreeClassifier, Tree
from ._grower import NodeArrays

__all__ = ["PruneStep", "PruningPath", "reduced_error_prune", "prune_tree", "stump", "cut_at_depth"]


@dataclass(frozen=True)
class PruneStep:
    step: int                # 0 is the full tree
    pruned: int              # node (id in the full tree) turned into a leaf; -1 at step 0
    delta: int               # change in correctly classified validation points
    val_accuracy: float
    train_accuracy: float    # weighted, from the training counts stored in the tree
    n_leaves: int
    node_count: int


@dataclass
class PruningPath:
    model: DecisionTreeClassifier    # the full tree
    steps: list
    stop: int                        # the step at which reduced-error pruning stops

    def collapsed(self, step: int) -> list[int]:
        """Nodes of the full tree turned into leaves after ``step`` steps."""
        return [s.pruned for s in self.steps[1:step + 1]]

    def model_at(self, step: int) -> DecisionTreeClassifier:
        """A fitted copy of the tree after ``step`` pruning steps."""
        if not 0 <= step < len(self.steps):
            raise ValidationError(f"step={step} must be between 0 and {len(self.steps) - 1}")
        return pruned_model(self.model, self.collapsed(step))

    @property
    def pruned_model(self) -> DecisionTreeClassifier:
        return self.model_at(self.stop)


def prune_tree(tree: Tree, collapse) -> Tree:
    """A new Tree where every node in ``collapse`` is a leaf and its subtree is gone.

    Remaining nodes keep their relative order (so the root stays 0)."""
    collapse = np.asarray(list(collapse), dtype=np.intp)
    n = tree.node_count
    feature = tree.feature.copy()
    feature[collapse] = -1
    keep = np.zeros(n, bool)
    keep[0] = True
    for node in range(n):  # parents come before children (ids grow level by level)
        if keep[node] and feature[node] >= 0:
            keep[tree.children_left[node]] = keep[tree.children_right[node]] = True
    new_id = np.full(n, -1, np.intp)
    new_id[keep] = np.arange(keep.sum())

    def remap(a):
        return np.where(a >= 0, new_id[np.maximum(a, 0)], -1)

    leaf = feature[keep] < 0
    arrays = NodeArrays(
        feature=feature[keep],
        threshold=np.where(leaf, 0.0, tree.threshold[keep]),
        children_left=np.where(leaf, -1, remap(tree.children_left[keep])),
        children_right=np.where(leaf, -1, remap(tree.children_right[keep])),
        parent=remap(tree.parent[keep]),
        value=tree.value[keep].copy(),
        n_node_samples=tree.n_node_samples[keep].copy(),
        impurity=tree.impurity[keep].copy(),
        gain=np.where(leaf, 0.0, tree.gain[keep]),
        depth=tree.depth[keep].copy(),
    )
    return Tree(arrays, tree.n_features, tree.n_classes)


def pruned_model(model: DecisionTreeClassifier, collapse) -> DecisionTreeClassifier:
    """A copy of a fitted tree classifier with the nodes ``collapse`` turned into leaves."""
    check_is_fitted(model, "tree_")
    out = DecisionTreeClassifier(**model.get_params())
    for name, value in vars(model).items():
        if name.endswith("_"):
            setattr(out, name, value)
    out.tree_ = prune_tree(model.tree_, collapse)
    out.feature_importances_ = out.tree_.feature_importances()
    return out


def reduced_error_prune(model: DecisionTreeClassifier, X_val, y_val, allow_ties: bool = True) -> PruningPath:
    """Greedy reduced-error pruning of a fitted tree on a validation set; every step recorded."""
    check_is_fitted(model, "tree_")
    X_val = check_array(X_val, n_features=model.n_features_in_)
    y_val = np.asarray(y_val)
    if y_val.shape != (X_val.shape[0],):
        raise ValidationError(f"X_val has {X_val.shape[0]} points but y_val has {y_val.size} labels")
    t = model.tree_
    N = t.node_count
    majority = np.argmax(t.value, axis=1)
    lookup = {c: i for i, c in enumerate(model.classes_.tolist())}
    y_idx = np.array([lookup.get(v, -1) for v in y_val.tolist()], dtype=np.intp)
    through = t.decision_path(X_val)                   # (n_val, N)
    right_at = y_idx[:, None] == majority[None, :]     # would node t's majority be right?
    gain_if_leaf = (through & right_at).sum(axis=0)    # correct points if t were a leaf
    # descendants[a, b]: b lies in the subtree of a (including a itself)
    descendants = np.eye(N, dtype=bool)
    for node in range(N - 1, 0, -1):                    # children have larger ids than parents
        descendants[t.parent[node]] |= descendants[node]
    internal = ~t.is_leaf
    subtree_size = descendants.sum(axis=1)

    alive = np.ones(N, bool)
    is_leaf_now = t.is_leaf.copy()
    pred = majority[model.apply(X_val)]
    correct = pred == y_idx
    total_w = t.value[0].sum()

    def record(step, pruned, delta):
        leaves = alive & is_leaf_now
        train = float(t.value[leaves, majority[leaves]].sum() / total_w)
        return PruneStep(step, pruned, int(delta), float(correct.mean()), train,
                         int(leaves.sum()), int(alive.sum()))

    steps = [record(0, -1, 0)]
    stop = None
    while True:
        cand = np.flatnonzero(alive & ~is_leaf_now & internal)
        if cand.size == 0:
            break
        now_right = through[:, cand].T.astype(np.intp) @ correct.astype(np.intp)
        delta = gain_if_leaf[cand] - now_right
        # Best delta, then the largest subtree removed, then the lowest id.
        order = np.lexsort((cand, -subtree_size[cand], -delta))
        best = cand[order[0]]
        d = int(delta[order[0]])
        if stop is None and (d < 0 or (d == 0 and not allow_ties)):
            stop = len(steps) - 1
        sub = descendants[best]
        alive &= ~sub
        alive[best] = True
        is_leaf_now[best] = True
        rows = through[:, best]
        correct[rows] = right_at[rows, best]
        steps.append(record(len(steps), int(best), d))
    if stop is None:
        stop = len(steps) - 1
    return PruningPath(model=model, steps=steps, stop=stop)


def stump(criterion: str = "gini", **params) -> DecisionTreeClassifier:
    """A one-split tree (depth 1): the numeric counterpart of the 1-rule."""
    return DecisionTreeClassifier(criterion=criterion, max_depth=1, **params)


def cut_at_depth(model: DecisionTreeClassifier, depth: int) -> DecisionTreeClassifier:
    """The fitted tree with every split at ``depth`` (the root is depth 0) turned into a leaf.

    Each new leaf keeps its node's class counts, so it predicts the node's majority. The
    grower decides each node's split from that node's points alone, so this is the tree
    ``max_depth=depth`` grows (up to ties between equally good splits)."""
    check_is_fitted(model, "tree_")
    if depth < 0:
        raise ValidationError(f"depth={depth} must be 0 or more")
    t = model.tree_
    cut = np.flatnonzero((t.depth == depth) & (t.feature >= 0))
    return pruned_model(model, cut) if cut.size else model

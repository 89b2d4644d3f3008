"""Reduced-error pruning: the greedy sequence against a brute-force re-implementation."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from mlcore.base import ValidationError
from mlcore.tree import DecisionTreeClassifier, prune_tree, pruned_model, reduced_error_prune, stump


def _split(seed=0, n=240, noise=0.35):
    X, y = make_moons(n, noise=noise, random_state=seed)
    return X[: n // 2], y[: n // 2], X[n // 2:], y[n // 2:]


def _brute_force_sequence(model, Xv, yv, allow_ties=True):
    """Try every internal node of the current tree by actually pruning and predicting."""
    t = model.tree_
    collapsed, out, stop = [], [], None

    def leaves_after(col):
        return pruned_model(model, col).tree_.node_count

    acc = (pruned_model(model, collapsed).predict(Xv) == yv).sum()
    while True:
        current = pruned_model(model, collapsed).tree_
        # internal nodes of the current tree, as ids of the full tree
        live = [node for node in range(t.node_count) if t.feature[node] >= 0 and node not in collapsed
                and all(a not in collapsed for a in _ancestors(t, node))]
        if not live:
            break
        scored = []
        for node in live:
            a = (pruned_model(model, collapsed + [node]).predict(Xv) == yv).sum()
            scored.append((-(a - acc), leaves_after(collapsed + [node]), node, a))
        scored.sort()
        d, _, node, a = -scored[0][0], *scored[0][1:]
        if stop is None and (d < 0 or (d == 0 and not allow_ties)):
            stop = len(out)
        collapsed.append(node)
        out.append((node, d, a / len(yv)))
        acc = a
        assert current.node_count > pruned_model(model, collapsed).tree_.node_count
    return out, (len(out) if stop is None else stop)


def _ancestors(t, node):
    out = []
    while t.parent[node] >= 0:
        node = t.parent[node]
        out.append(node)
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("allow_ties", [True, False])
def test_greedy_sequence_matches_brute_force(seed, allow_ties):
    X, y, Xv, yv = _split(seed)
    model = DecisionTreeClassifier(max_depth=6).fit(X, y)
    path = reduced_error_prune(model, Xv, yv, allow_ties=allow_ties)
    expected, stop = _brute_force_sequence(model, Xv, yv, allow_ties)
    got = [(s.pruned, s.delta, s.val_accuracy) for s in path.steps[1:]]
    assert [(a, b) for a, b, _ in got] == [(a, b) for a, b, _ in expected]
    np.testing.assert_allclose([c for *_, c in got], [c for *_, c in expected])
    assert path.stop == stop


def test_pruning_helps_on_noisy_data_and_ends_at_the_root():
    X, y, Xv, yv = _split(3, n=400, noise=0.45)
    model = DecisionTreeClassifier().fit(X, y)
    path = reduced_error_prune(model, Xv, yv)
    first, chosen, last = path.steps[0], path.steps[path.stop], path.steps[-1]
    assert first.train_accuracy == 1.0 and first.n_leaves == model.get_n_leaves()
    assert chosen.val_accuracy > first.val_accuracy
    assert chosen.n_leaves < first.n_leaves
    assert last.n_leaves == 1 and last.node_count == 1
    vals = [s.val_accuracy for s in path.steps[: path.stop + 1]]
    assert all(b >= a for a, b in zip(vals, vals[1:], strict=False))
    assert path.steps[path.stop + 1].delta < 0 if path.stop + 1 < len(path.steps) else True
    pruned = path.pruned_model
    assert pruned.score(Xv, yv) == pytest.approx(chosen.val_accuracy)
    assert pruned.tree_.n_leaves == chosen.n_leaves
    assert pruned.score(X, y) == pytest.approx(chosen.train_accuracy)
    # The full model is untouched.
    assert model.get_n_leaves() == first.n_leaves


def test_prune_tree_predicts_the_majority_of_the_collapsed_node():
    X, y, Xv, _ = _split(4)
    model = DecisionTreeClassifier(max_depth=5).fit(X, y)
    t = model.tree_
    node = int(t.children_left[0])
    small = prune_tree(t, [node])
    assert small.node_count < t.node_count and small.feature[0] == t.feature[0]
    through = t.decision_path(Xv)[:, node]
    expected = np.where(through, np.argmax(t.value[node]), np.argmax(t.value[t.apply(Xv)], axis=1))
    np.testing.assert_array_equal(np.argmax(small.value[small.apply(Xv)], axis=1), expected)
    # Arrays stay consistent after renumbering.
    for a in np.flatnonzero(~small.is_leaf):
        for c in (small.children_left[a], small.children_right[a]):
            assert small.parent[c] == a and small.depth[c] == small.depth[a] + 1


def test_bad_validation_input():
    X, y, Xv, yv = _split()
    model = DecisionTreeClassifier(max_depth=3).fit(X, y)
    with pytest.raises(ValidationError):
        reduced_error_prune(model, Xv, yv[:5])
    with pytest.raises(ValidationError):
        reduced_error_prune(model, Xv[:, :1], yv)
    with pytest.raises(ValidationError, match="step"):
        reduced_error_prune(model, Xv, yv).model_at(999)


def test_stump_is_one_split():
    X, y, _, _ = _split()
    model = stump("entropy").fit(X, y)
    assert model.get_depth() == 1 and model.get_n_leaves() == 2

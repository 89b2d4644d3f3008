"""CART tree: the reference is scikit-learn's DecisionTreeClassifier grown on the same data.

scikit-learn stores X as float32, so the data here is rounded to float32 first:
both libraries then see the same values and compute the same midpoints.

Ties: when two splits of a node are exactly as good, scikit-learn keeps the first
it meets in a random feature order, mlcore the lowest (feature, threshold). The
node-by-node comparison below checks every other node for identity, checks that
a differing split really is a tie (by scoring both splits independently here), and
compares predictions everywhere a point's path avoids a tied node.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.datasets import make_blobs, make_circles, make_moons
from sklearn.tree import DecisionTreeClassifier as SkTree

from mlcore.base import NotFittedError, ValidationError
from mlcore.tree import DecisionTreeClassifier

# --- the node-by-node comparison ----------------------------------------------------------

# Trees use no BLAS and no iteration: counts of integer weights are exact, and every impurity,
# score or importance below is a short closed form, each operation rounded once.
EPS = np.finfo(np.float64).eps


def _impurity(counts, criterion):
    total = counts.sum()
    if total <= 0:
        return 0.0
    p = counts / total
    if criterion == "gini":
        return 1.0 - float(np.sum(p ** 2))
    p = p[p > 0]
    return float(-np.sum(p * np.log2(p)))


def _children_score(X, y, w, K, rows, feature, threshold, criterion):
    score = 0.0
    for part in (rows[X[rows, feature] <= threshold], rows[X[rows, feature] > threshold]):
        counts = np.bincount(y[part], weights=w[part], minlength=K)
        score += counts.sum() * _impurity(counts, criterion)
    return score


def compare_trees(ours, theirs, X, y_enc, criterion, sample_weight=None):
    """Walk both trees together; return the tied (ours, theirs) node pairs and the nodes matched."""
    w = np.ones(len(y_enc)) if sample_weight is None else np.asarray(sample_weight, float)
    K = ours.value.shape[1]
    ties, matched = [], 0
    stack = [(0, 0, np.arange(len(y_enc)))]
    while stack:
        a, b, rows = stack.pop()
        matched += 1
        counts = np.bincount(y_enc[rows], weights=w[rows], minlength=K)
        np.testing.assert_array_equal(ours.value[a], counts)  # sums of integer weights: exact
        a_leaf, b_leaf = ours.feature[a] < 0, theirs.children_left[b] < 0
        assert a_leaf == b_leaf, f"node {a}: mlcore leaf={a_leaf}, sklearn leaf={b_leaf}"
        if a_leaf:
            continue
        fa, ta = int(ours.feature[a]), float(ours.threshold[a])
        fb, tb = int(theirs.feature[b]), float(theirs.threshold[b])
        if fa == fb and ta == tb:
            go = X[rows, fa] <= ta
            stack.append((int(ours.children_left[a]), int(theirs.children_left[b]), rows[go]))
            stack.append((int(ours.children_right[a]), int(theirs.children_right[b]), rows[~go]))
            continue
        mine = _children_score(X, y_enc, w, K, rows, fa, ta, criterion)
        other = _children_score(X, y_enc, w, K, rows, fb, tb, criterion)
        # a tie is equal scores in exact arithmetic; from other counts the rounding differs by
        # a few eps per class and child (the scores are weighted sums of K terms, logs for entropy)
        assert abs(mine - other) <= 32 * K * EPS * max(1.0, abs(mine)), (
            f"node {a}: mlcore x{fa} <= {ta} scores {mine}, sklearn x{fb} <= {tb} scores {other}")
        assert (fa, ta) < (fb, tb), f"node {a}: a tie must go to the lowest (feature, threshold)"
        ties.append((a, b))
    return ties, matched


def untied(ours, theirs, ties, Xq):
    """Query points whose path avoids every tied node in both trees."""
    ok = np.ones(len(Xq), bool)
    if ties:
        ours_paths = ours.decision_path(Xq)
        theirs_paths = theirs.decision_path(Xq.astype(np.float32)).toarray().astype(bool)
        for a, b in ties:
            ok &= ~ours_paths[:, a] & ~theirs_paths[:, b]
    return ok


def f32(X):
    return np.asarray(X, np.float32).astype(np.float64)


def _data(name):
    if name == "moons":
        X, y = make_moons(300, noise=0.3, random_state=1)
    elif name == "blobs3":
        X, y = make_blobs(300, centers=3, cluster_std=2.0, random_state=2)
    else:
        X, y = make_circles(300, noise=0.15, factor=0.5, random_state=3)
    return f32(X), y


def _query(X, n=4000, seed=0):
    lo, hi = X.min(0) - 0.5, X.max(0) + 0.5
    return f32(np.random.default_rng(seed).uniform(lo, hi, (n, X.shape[1])))


SETTINGS = [
    dict(max_depth=1), dict(max_depth=2), dict(max_depth=4), dict(max_depth=None),
    dict(max_depth=None, min_samples_split=12), dict(max_depth=6, min_samples_leaf=5),
    dict(max_depth=None, min_impurity_decrease=0.005),
]


@pytest.mark.parametrize("name", ["moons", "blobs3", "circles"])
@pytest.mark.parametrize("criterion", ["gini", "entropy"])
@pytest.mark.parametrize("kw", SETTINGS, ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()))
def test_same_tree_as_sklearn(name, criterion, kw):
    X, y = _data(name)
    ours = DecisionTreeClassifier(criterion=criterion, **kw).fit(X, y)
    theirs = SkTree(criterion=criterion, random_state=0, **kw).fit(X, y)
    ties, matched = compare_trees(ours.tree_, theirs.tree_, X, y, criterion)
    if not ties:
        assert ours.tree_.node_count == theirs.tree_.node_count == matched
        assert ours.tree_.max_depth == theirs.get_depth()
        # sums of one weighted impurity decrease per node, a few roundings each, then normalised
        rounding = 16 * ours.tree_.node_count * EPS
        np.testing.assert_allclose(ours.feature_importances_, theirs.feature_importances_, rtol=0, atol=rounding)
    Xq = _query(X)
    ok = untied(ours, theirs, ties, Xq)
    assert ok.mean() > 0.75  # ties sit deep in the tree, in small regions
    np.testing.assert_array_equal(ours.predict(Xq)[ok], theirs.predict(Xq.astype(np.float32))[ok])
    # a leaf's class counts divided by its total: one rounding on each side
    np.testing.assert_allclose(ours.predict_proba(Xq)[ok], theirs.predict_proba(Xq.astype(np.float32))[ok],
                               rtol=0, atol=2 * EPS)
    ok = untied(ours, theirs, ties, X)
    np.testing.assert_array_equal(ours.predict(X)[ok], theirs.predict(X.astype(np.float32))[ok])


def test_shallow_trees_have_no_ties_on_these_datasets():
    # The comparison above is only meaningful if most trees are compared in full.
    full = 0
    for name in ["moons", "blobs3", "circles"]:
        for depth in (1, 2, 4):
            X, y = _data(name)
            ours = DecisionTreeClassifier(max_depth=depth).fit(X, y)
            theirs = SkTree(max_depth=depth, random_state=0).fit(X, y)
            ties, _ = compare_trees(ours.tree_, theirs.tree_, X, y, "gini")
            full += not ties
    assert full == 9


def test_one_feature_has_no_cross_feature_ties_so_deep_trees_match_exactly():
    X, y = make_moons(400, noise=0.35, random_state=5)
    X = f32(X[:, :1])
    ours = DecisionTreeClassifier().fit(X, y)
    theirs = SkTree(random_state=0).fit(X, y)
    ties, matched = compare_trees(ours.tree_, theirs.tree_, X, y, "gini")
    Xq = f32(np.linspace(-2, 3, 5001)[:, None])
    np.testing.assert_array_equal(ours.predict(Xq), theirs.predict(Xq.astype(np.float32)))
    assert not ties
    assert matched == theirs.tree_.node_count == ours.tree_.node_count


def test_sample_weight_matches_sklearn():
    X, y = _data("moons")
    w = np.random.default_rng(0).integers(0, 4, len(y)).astype(float)
    for criterion in ("gini", "entropy"):
        ours = DecisionTreeClassifier(criterion=criterion, max_depth=5).fit(X, y, sample_weight=w)
        theirs = SkTree(criterion=criterion, max_depth=5, random_state=0).fit(X, y, sample_weight=w)
        ties, _ = compare_trees(ours.tree_, theirs.tree_, X, y, criterion, w)
        Xq = _query(X)
        ok = untied(ours, theirs, ties, Xq)
        np.testing.assert_array_equal(ours.predict(Xq)[ok], theirs.predict(Xq.astype(np.float32))[ok])


def test_integer_weights_equal_duplicated_rows():
    X, y = _data("blobs3")
    w = np.random.default_rng(1).integers(1, 4, len(y))
    a = DecisionTreeClassifier(max_depth=4).fit(X, y, sample_weight=w.astype(float))
    b = DecisionTreeClassifier(max_depth=4).fit(np.repeat(X, w, axis=0), np.repeat(y, w))
    np.testing.assert_array_equal(a.tree_.feature, b.tree_.feature)
    np.testing.assert_array_equal(a.tree_.threshold, b.tree_.threshold)
    np.testing.assert_allclose(a.tree_.value, b.tree_.value)


# --- hand-made cases --------------------------------------------------------------------------


def test_threshold_is_the_midpoint_between_neighbouring_distinct_values():
    X = np.array([[1.0], [1.0], [2.0], [4.0], [4.0], [10.0]])
    y = np.array([0, 0, 0, 1, 1, 1])
    model = DecisionTreeClassifier().fit(X, y)
    assert model.tree_.threshold[0] == 3.0
    assert model.tree_.node_count == 3
    np.testing.assert_array_equal(model.predict([[3.0], [3.0000001]]), [0, 1])


def test_midpoint_that_rounds_to_the_upper_value_uses_the_lower_one():
    a = 1.0
    b = np.nextafter(a, 2.0)
    model = DecisionTreeClassifier().fit([[a], [b]], [0, 1])
    assert model.tree_.threshold[0] == a
    np.testing.assert_array_equal(model.predict([[a], [b]]), [0, 1])


def test_tie_goes_to_the_lowest_feature_then_lowest_threshold():
    # Both features separate the classes perfectly: feature 0 wins.
    X = np.array([[0.0, 5.0], [1.0, 6.0], [2.0, 7.0], [3.0, 8.0]])
    y = np.array([0, 0, 1, 1])
    t = DecisionTreeClassifier().fit(X, y).tree_
    assert (t.feature[0], t.threshold[0]) == (0, 1.5)
    # Within a feature, two equally good cuts (0|1,1|0 vs 0,1|1,0 patterns): the lower one.
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 1, 1, 0])
    t = DecisionTreeClassifier(max_depth=1).fit(X, y).tree_
    assert t.threshold[0] == 0.5


def test_xor_needs_two_levels_and_gets_them():
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]] * 3, float)
    y = np.array([0, 1, 1, 0] * 3)
    model = DecisionTreeClassifier(max_depth=2, criterion="entropy").fit(X, y)
    assert model.score(X, y) == 1.0
    assert model.get_depth() == 2 and model.get_n_leaves() == 4


def test_misclassification_criterion_on_a_worked_case():
    # Parent 8/8 (error 0.5). Cut at 2.5: [3,0] | [5,8] -> error 3/16 + 5/16... child errors
    # 0 and 5/13: weighted 13/16 * 5/13 = 5/16. Cut at 7.5: [8,0] | [0,8] -> 0: chosen.
    X = np.arange(16, dtype=float)[:, None]
    y = np.array([0] * 8 + [1] * 8)
    t = DecisionTreeClassifier(criterion="misclassification").fit(X, y).tree_
    assert t.threshold[0] == 7.5
    np.testing.assert_allclose(t.impurity[0], 0.5)
    np.testing.assert_allclose(t.gain[0], 0.5)


def test_min_impurity_decrease_is_weighted_by_the_node_share():
    # Root gini 0.5; the split at 1.5 is perfect (decrease 0.5); a split of a node holding
    # 1/4 of the points with decrease 0.5 counts as 0.125.
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 1, 0, 0])
    full = DecisionTreeClassifier().fit(X, y).tree_
    assert full.node_count == 5
    gains = np.sort(full.gain[full.feature >= 0])
    # root: 0.375 - (1/4 * 0 + 3/4 * 4/9) -> sklearn-weighted; check by the definition
    root = full.impurity[0] - sum(full.weighted_n_node_samples[c] / 4 * full.impurity[c]
                                  for c in (full.children_left[0], full.children_right[0]))
    assert np.isclose(full.gain[0], root)
    stopped = DecisionTreeClassifier(min_impurity_decrease=gains[0] + 1e-9).fit(X, y).tree_
    assert stopped.node_count < full.node_count


def test_min_samples_leaf_and_split():
    X, y = _data("moons")
    t = DecisionTreeClassifier(min_samples_leaf=7).fit(X, y).tree_
    assert t.n_node_samples[t.is_leaf].min() >= 7
    t = DecisionTreeClassifier(min_samples_split=30).fit(X, y).tree_
    assert t.n_node_samples[~t.is_leaf].min() >= 30


def test_max_depth_zero_is_a_single_leaf():
    X, y = _data("moons")
    model = DecisionTreeClassifier(max_depth=0).fit(X, y)
    assert model.tree_.node_count == 1
    assert set(model.predict(X)) == {np.bincount(y).argmax()}


# --- the tree_ arrays and paths --------------------------------------------------------------


def test_tree_arrays_are_consistent():
    X, y = _data("blobs3")
    model = DecisionTreeClassifier(criterion="entropy", max_depth=6).fit(X, y)
    t = model.tree_
    internal = np.flatnonzero(~t.is_leaf)
    for node in internal:
        left, right = t.children_left[node], t.children_right[node]
        np.testing.assert_allclose(t.value[node], t.value[left] + t.value[right])
        assert t.n_node_samples[node] == t.n_node_samples[left] + t.n_node_samples[right]
        assert t.depth[left] == t.depth[right] == t.depth[node] + 1
        assert t.parent[left] == t.parent[right] == node
        assert t.gain[node] >= 0
    assert np.all(t.children_left[t.is_leaf] == -1) and np.all(t.children_right[t.is_leaf] == -1)
    assert t.max_depth == t.depth.max() <= 6
    assert model.feature_importances_.sum() == pytest.approx(1.0)


def test_apply_path_and_decision_path_agree():
    X, y = _data("circles")
    model = DecisionTreeClassifier(max_depth=5).fit(X, y)
    Xq = _query(X, 50)
    leaves = model.apply(Xq)
    dp = model.decision_path(Xq)
    for i, x in enumerate(Xq):
        path = model.path(x)
        assert path[0] == 0 and path[-1] == leaves[i]
        assert np.flatnonzero(dp[i]).tolist() == sorted(path)
        for a, b in zip(path, path[1:], strict=False):
            f, t = model.tree_.feature[a], model.tree_.threshold[a]
            expected = model.tree_.children_left[a] if x[f] <= t else model.tree_.children_right[a]
            assert b == expected
    assert np.all(model.tree_.is_leaf[leaves])


# --- randomised variants ------------------------------------------------------------------------


def test_max_features_and_random_splitter_are_seeded_and_valid():
    X, _ = make_blobs(200, n_features=5, centers=3, random_state=0)
    _, y = make_blobs(200, n_features=5, centers=3, random_state=0)
    for kw in (dict(max_features="sqrt"), dict(max_features=0.4), dict(splitter="random"),
               dict(splitter="random", max_features=2)):
        a = DecisionTreeClassifier(random_state=3, **kw).fit(X, y)
        b = DecisionTreeClassifier(random_state=3, **kw).fit(X, y)
        np.testing.assert_array_equal(a.tree_.threshold, b.tree_.threshold)
        assert a.score(X, y) == 1.0  # grown to purity
        c = DecisionTreeClassifier(random_state=4, **kw).fit(X, y)
        assert c.tree_.node_count != a.tree_.node_count or not np.array_equal(
            c.tree_.threshold, a.tree_.threshold)


def test_random_thresholds_lie_inside_the_node_range():
    X, y = _data("moons")
    model = DecisionTreeClassifier(splitter="random", random_state=0).fit(X, y)
    t = model.tree_
    leaves = model.apply(X)
    paths = model.decision_path(X)
    for node in np.flatnonzero(~t.is_leaf):
        xs = X[paths[:, node], t.feature[node]]
        assert xs.min() <= t.threshold[node] < xs.max()
    assert leaves.size == len(X)


def test_max_features_one_splits_on_features_at_random_not_always_the_first():
    X, y = _data("blobs3")
    t = DecisionTreeClassifier(max_features=1, random_state=0).fit(X, y).tree_
    used = set(t.feature[t.feature >= 0].tolist())
    assert used == {0, 1}


# --- contract details and edge cases -----------------------------------------------------------


def test_string_labels_and_classes():
    X, y = _data("blobs3")
    names = np.array(["a", "b", "c"])[y]
    model = DecisionTreeClassifier(max_depth=3).fit(X, names)
    assert list(model.classes_) == ["a", "b", "c"]
    assert set(model.predict(X)) <= {"a", "b", "c"}
    assert model.predict_proba(X).shape == (len(X), 3)


def test_errors_are_readable():
    X, y = _data("moons")
    with pytest.raises(NotFittedError):
        DecisionTreeClassifier().predict(X)
    for kw, word in [(dict(criterion="log"), "criterion"), (dict(max_depth=-1), "max_depth"),
                     (dict(min_samples_split=1), "min_samples_split"),
                     (dict(min_samples_leaf=0), "min_samples_leaf"),
                     (dict(min_impurity_decrease=-0.1), "min_impurity_decrease"),
                     (dict(max_features=5), "max_features"), (dict(splitter="fast"), "splitter"),
                     (dict(gain_ratio="yes"), "gain_ratio")]:
        with pytest.raises(ValidationError, match=word):
            DecisionTreeClassifier(**kw).fit(X, y)
    with pytest.raises(ValidationError, match="negative"):
        DecisionTreeClassifier().fit(X, y, sample_weight=-np.ones(len(y)))
    model = DecisionTreeClassifier().fit(X, y)
    with pytest.raises(ValidationError, match="features"):
        model.predict(np.zeros((3, 3)))


def _brute_force_tree(X, y, K, criterion, gain_ratio, rows=None, depth=0, max_depth=3):
    """A slow recursive reference: try every feature and midpoint, keep the best
    (with misclassification, equal scores go to the lower children's Gini impurity; then the
    lowest feature, then the lowest threshold). Returns nested tuples."""
    rows = np.arange(len(y)) if rows is None else rows
    counts = np.bincount(y[rows], minlength=K).astype(float)
    node_imp = _impurity_any(counts, criterion)
    if depth == max_depth or node_imp <= 1e-15 or len(rows) < 2:
        return ("leaf", tuple(counts))
    best = None
    for f in range(X.shape[1]):
        values = np.unique(X[rows, f])
        for lo, hi in zip(values, values[1:], strict=False):
            t = lo / 2 + hi / 2
            left, right = rows[X[rows, f] <= t], rows[X[rows, f] > t]
            child = sum(len(part) * _impurity_any(np.bincount(y[part], minlength=K).astype(float), criterion)
                        for part in (left, right))
            if gain_ratio:
                gain = len(rows) * node_imp - child
                pl = len(left) / len(rows)
                info = -(pl * np.log2(pl) + (1 - pl) * np.log2(1 - pl))
                if gain <= 1e-12 * len(rows):
                    continue
                score = -gain / info * len(rows)
            else:
                score = child
            second = 0.0
            if criterion == "misclassification":
                second = sum(len(part) * _impurity(np.bincount(y[part], minlength=K).astype(float), "gini")
                             for part in (left, right))
            tie = 1e-12 * len(rows)
            if best is None or score < best[0] - tie or (score <= best[0] + tie and second < best[1] - tie):
                best = (score, second, f, t, left, right)
    if best is None:
        return ("leaf", tuple(counts))
    _, _, f, t, left, right = best
    return (f, t, _brute_force_tree(X, y, K, criterion, gain_ratio, left, depth + 1, max_depth),
            _brute_force_tree(X, y, K, criterion, gain_ratio, right, depth + 1, max_depth))


def _impurity_any(counts, criterion):
    if criterion == "misclassification":
        return 1.0 - counts.max() / counts.sum()
    return _impurity(counts, criterion)


def _as_nested(t, node=0):
    if t.feature[node] < 0:
        return ("leaf", tuple(t.value[node]))
    return (int(t.feature[node]), float(t.threshold[node]), _as_nested(t, t.children_left[node]),
            _as_nested(t, t.children_right[node]))


@pytest.mark.parametrize("criterion,gain_ratio,max_depth", [
    ("misclassification", False, 3), ("entropy", True, 3), ("gini", True, 3), ("misclassification", True, 3),
    ("misclassification", False, 8)])     # deep: many zero-gain cuts, told apart by Gini
def test_criteria_sklearn_lacks_match_a_brute_force_tree(criterion, gain_ratio, max_depth):
    rng = np.random.default_rng(7)
    X = np.round(rng.normal(size=(60, 2)), 1)  # rounded: repeated values and many exact ties
    y = (X[:, 0] + X[:, 1] ** 2 + rng.normal(scale=0.5, size=60) > 0.5).astype(int)
    y[rng.random(60) < 0.15] = 2
    model = DecisionTreeClassifier(criterion=criterion, gain_ratio=gain_ratio, max_depth=max_depth).fit(X, y)
    assert _as_nested(model.tree_) == _brute_force_tree(X, y, 3, criterion, gain_ratio, max_depth=max_depth)


def test_gain_ratio_changes_the_choice_on_a_sliver_cut():
    # Entropy gain prefers a balanced cut; gain ratio divides by the split information,
    # which is small for a cut that peels off one point, and picks the sliver.
    X = np.arange(20, dtype=float)[:, None]
    y = np.array([0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1, 0, 1, 1])
    plain = DecisionTreeClassifier(criterion="entropy", max_depth=1).fit(X, y).tree_
    ratio = DecisionTreeClassifier(criterion="entropy", max_depth=1, gain_ratio=True).fit(X, y).tree_
    assert (plain.threshold[0], ratio.threshold[0]) == (
        _brute_force_tree(X, y, 2, "entropy", False, max_depth=1)[1],
        _brute_force_tree(X, y, 2, "entropy", True, max_depth=1)[1])
    assert plain.threshold[0] != ratio.threshold[0]


@settings(max_examples=50, deadline=None)
@given(n=st.integers(2, 30), scale=st.sampled_from([1e-9, 1.0, 1e9]), seed=st.integers(0, 10**6),
       dup=st.booleans(), criterion=st.sampled_from(["gini", "entropy", "misclassification"]),
       gain_ratio=st.booleans(), splitter=st.sampled_from(["best", "random"]))
def test_never_nan_on_awkward_data(n, scale, seed, dup, criterion, gain_ratio, splitter):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * scale
    if dup:
        X[: n // 2] = X[0]
    X[:, 1] = X[:, 0] * 2  # collinear
    y = rng.integers(0, 3, n)
    y[:2] = [0, 1]
    model = DecisionTreeClassifier(criterion=criterion, gain_ratio=gain_ratio, splitter=splitter,
                                   random_state=0).fit(X, y)
    p = model.predict_proba(X)
    assert np.all(np.isfinite(p)) and np.allclose(p.sum(1), 1)
    assert np.all(np.isfinite(model.tree_.impurity)) and np.all(np.isfinite(model.tree_.threshold))
    if splitter == "best" and not gain_ratio and len(np.unique(X[:, 0])) == n:
        assert model.score(X, y) == 1.0  # distinct points can always be separated


@pytest.mark.parametrize("d", [1, 2, 3, 5])
def test_lookup_table_apply_equals_walking_the_tree(d):
    # apply() finds leaves by binary search on the thresholds; walking node by node is the
    # definition. Query points include the thresholds themselves (x <= t goes left).
    X, y = make_blobs(300, n_features=d, centers=3, cluster_std=3.0, random_state=d)
    X = np.round(X, 1)
    model = DecisionTreeClassifier(random_state=0).fit(X, y)
    t = model.tree_
    rng = np.random.default_rng(d)
    Q = np.vstack([rng.uniform(X.min(0) - 1, X.max(0) + 1, (2000, d)), X])
    internal = np.flatnonzero(t.feature >= 0)
    on_threshold = Q[: len(internal)].copy()
    on_threshold[np.arange(len(internal)), t.feature[internal]] = t.threshold[internal]
    Q = np.vstack([Q, on_threshold])
    np.testing.assert_array_equal(t.apply(Q), t._walk(Q))

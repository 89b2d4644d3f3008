"""mlcore.multiclass: one-vs-rest, one-vs-one, output codes, against scikit-learn and the notes."""

import numpy as np
import pytest
from sklearn.linear_model import LogisticRegression as SkLogistic
from sklearn.multiclass import OneVsOneClassifier as SkOvO
from sklearn.multiclass import OneVsRestClassifier as SkOvR

from mlcore import ValidationError, clone
from mlcore.linear_model import LogisticRegression
from mlcore.multiclass import (
    NOTES_BITS,
    NOTES_CODE,
    OneVsOneClassifier,
    OneVsRestClassifier,
    OutputCodeClassifier,
    check_code,
    errors_corrected,
    exhaustive_code,
    hamming_distances,
    min_distance,
    one_vs_all_code,
    parse_code,
    random_code,
)
from mlcore.multiclass._classes import _argmin_lexicographic
from mlcore.tree import DecisionTreeClassifier


def _blobs(n_classes, n_per=40, seed=0, spread=1.4):
    rng = np.random.default_rng(seed)
    angles = 2 * np.pi * np.arange(n_classes) / n_classes
    centres = 2.5 * np.column_stack([np.cos(angles), np.sin(angles)])
    X = np.vstack([c + rng.normal(scale=spread, size=(n_per, 2)) for c in centres])
    return X, np.repeat(np.arange(n_classes), n_per)


def _grid(X, steps=120):
    lo, hi = X.min(axis=0) - 1, X.max(axis=0) + 1
    xs, ys = np.meshgrid(np.linspace(lo[0], hi[0], steps), np.linspace(lo[1], hi[1], steps))
    return np.column_stack([xs.ravel(), ys.ravel()])


# ---------------------------------------------------------------- the notes' worked example

def test_notes_ecoc_example_distances_and_decoding():
    # worked_examples.md section 7: the bits (-1, +1, +1, -1, +1, +1) against the 8 x 6 code.
    distances = hamming_distances(NOTES_BITS, NOTES_CODE)
    assert distances.tolist() == [[5, 5, 1, 4, 3, 3, 3, 4]]  # integer arithmetic: exact
    assert int(np.argmin(distances[0])) + 1 == 3
    assert min_distance(NOTES_CODE) == 1          # rows 4 and 5 differ in bit 5 only
    assert errors_corrected(NOTES_CODE) == 0
    assert NOTES_BITS.tolist() == [-1, 1, 1, -1, 1, 1]


def test_hamming_distance_counts_differing_bits():
    word = np.array([[1, -1, 1, 1]])
    code = np.array([[1, -1, 1, 1], [-1, 1, -1, -1], [1, 1, 1, 1]])
    assert hamming_distances(word, code).tolist() == [[0, 4, 1]]


# ---------------------------------------------------------------- codes

def test_one_vs_all_code():
    code = one_vs_all_code(4)
    assert np.array_equal(code, 2 * np.eye(4) - 1)
    assert min_distance(code) == 2 and errors_corrected(code) == 0


@pytest.mark.parametrize("K", [3, 4, 5, 6])
def test_exhaustive_code_has_every_split_once(K):
    code = exhaustive_code(K)
    assert code.shape == (K, 2 ** (K - 1) - 1)
    assert np.all(code[0] == 1)
    columns = {tuple(c) for c in code.T}
    assert len(columns) == code.shape[1]                      # no split twice
    assert not any(tuple(-np.array(c)) in columns for c in columns)  # nor its mirror image
    assert all(len(set(c)) == 2 for c in columns)             # no constant column
    assert min_distance(code) == 2 ** (K - 2)                 # Dietterich and Bakiri


def test_random_code_has_no_constant_column_and_is_seeded():
    code = random_code(3, 40, np.random.default_rng(0))
    assert code.shape == (3, 40) and set(np.unique(code)) == {-1, 1}
    assert np.all(code.min(axis=0) == -1) and np.all(code.max(axis=0) == 1)
    assert np.array_equal(code, random_code(3, 40, np.random.default_rng(0)))


def test_typed_code_forms():
    expected = one_vs_all_code(3)
    for text in ("+1 -1 -1; -1 +1 -1; -1 -1 +1", "+--\n-+-\n--+", "1 0 0\n0 1 0\n0 0 1", "1,-1,-1;-1,1,-1;-1,-1,1"):
        assert np.array_equal(parse_code(text), expected), text


@pytest.mark.parametrize("text, phrase", [
    ("+1 -1; -1 +1; +1 x", "row 3"),
    ("+1 -1 +1; -1 +1", "same number of bits"),
    ("+1 -1; -1 +1", "3 classes"),
    ("+1 -1; -1 +1; +1 -1", "classes 1 and 3 have the same code word"),
    ("+1 +1; +1 -1; +1 +1", "bit 1"),
    ("", "empty"),
])
def test_bad_typed_code_is_explained(text, phrase):
    with pytest.raises(ValidationError, match=phrase):
        check_code(text, 3)


def test_ecoc_refuses_notes_code_on_three_classes():
    X, y = _blobs(3)
    with pytest.raises(ValidationError, match="8 classes"):
        OutputCodeClassifier(code="notes").fit(X, y)
    with pytest.raises(ValidationError, match="must be one of"):
        OutputCodeClassifier(code="dense").fit(X, y)


def test_ecoc_notes_code_fits_eight_classes():
    X, y = _blobs(8, n_per=15, spread=0.3)
    model = OutputCodeClassifier(code="notes").fit(X, y)
    assert np.array_equal(model.code_book_, NOTES_CODE) and len(model.estimators_) == 6
    assert model.min_distance_ == 1 and model.errors_corrected_ == 0


# ---------------------------------------------------------------- decoding and ties

def test_lexicographic_tie_rule():
    distances = np.array([[1, 1, 2], [0, 3, 0], [2, 2, 2]])
    losses = np.array([[3.0, 2.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 1.0]])
    # row 0: tie at distance 1, the smaller loss (class 1); row 1: a full tie, the first class;
    # row 2: every class tied on both, the first class
    assert _argmin_lexicographic(distances, losses).tolist() == [1, 0, 0]


@pytest.mark.parametrize("code", ["ovr", "random", "exhaustive"])
def test_ecoc_predict_is_nearest_word_with_documented_ties(code):
    X, y = _blobs(4, seed=2)
    grid = _grid(X, 60)
    model = OutputCodeClassifier(code=code, random_state=1).fit(X, y)
    words = model.code_words(grid)
    distances = hamming_distances(words, model.code_book_)
    assert np.array_equal(distances, model.hamming_distances(grid))
    predicted = np.searchsorted(model.classes_, model.predict(grid))
    assert np.all(distances[np.arange(len(grid)), predicted] == distances.min(axis=1))
    losses = model.losses(grid)
    best = np.where(distances == distances.min(axis=1, keepdims=True), losses, np.inf)
    assert np.all(losses[np.arange(len(grid)), predicted] == best.min(axis=1))
    # the decision function ranks the classes the same way (its argmax is the prediction)
    assert np.array_equal(np.argmax(model.decision_function(grid), axis=1), predicted)


def test_ecoc_loss_decoding_takes_smallest_hinge_loss():
    X, y = _blobs(3, seed=4)
    grid = _grid(X, 50)
    model = OutputCodeClassifier(code="exhaustive", decoding="loss").fit(X, y)
    scores = model.machine_scores(grid)
    # the hinge loss written out for each class row, independently of the model's helper
    losses = np.stack([np.maximum(0, 1 - scores * row).sum(axis=1) for row in model.code_book_], axis=1)
    assert np.array_equal(model.predict(grid), model.classes_[np.argmin(losses, axis=1)])


def test_ecoc_machines_learn_their_column():
    X, y = _blobs(4, spread=0.2)
    model = OutputCodeClassifier(DecisionTreeClassifier(), code="exhaustive").fit(X, y)
    # a tree can learn any split of well separated blobs (a line cannot: {0, 2} against {1, 3}
    # is XOR here), so each machine's bit at a training point is its class's code bit
    assert np.array_equal(model.code_words(X), model.code_book_[y])
    assert model.score(X, y) == 1.0


# ---------------------------------------------------------------- against scikit-learn

def _same_logistic():
    # the same objective C sum_i loss_i + 1/2 ||w||^2 in both; tight tolerances so both sit at
    # the optimum, where the grid predictions can differ only within rounding of the boundary
    return LogisticRegression(C=1.0, tol=1e-10, max_iter=200), SkLogistic(C=1.0, tol=1e-10, max_iter=5000)


@pytest.mark.parametrize("K, seed", [(3, 0), (4, 1), (5, 2)])
def test_one_vs_rest_logistic_predicts_like_sklearn(K, seed):
    X, y = _blobs(K, seed=seed)
    grid = _grid(X)
    ours, theirs = _same_logistic()
    mine = OneVsRestClassifier(ours).fit(X, y)
    ref = SkOvR(theirs).fit(X, y)
    assert np.mean(mine.predict(grid) == ref.predict(grid)) >= 0.99
    np.testing.assert_allclose(mine.decision_function(grid), ref.decision_function(grid), atol=1e-4)


@pytest.mark.parametrize("K, seed", [(3, 0), (4, 1), (5, 2)])
def test_one_vs_one_logistic_predicts_like_sklearn(K, seed):
    X, y = _blobs(K, seed=seed)
    grid = _grid(X)
    ours, theirs = _same_logistic()
    mine = OneVsOneClassifier(ours).fit(X, y)
    ref = SkOvO(theirs).fit(X, y)
    assert np.mean(mine.predict(grid) == ref.predict(grid)) >= 0.99


def test_two_classes_use_one_machine_like_sklearn():
    X, y = _blobs(2)
    for ours_cls, ref_cls in ((OneVsRestClassifier, SkOvR), (OneVsOneClassifier, SkOvO)):
        ours, theirs = _same_logistic()
        mine = ours_cls(ours).fit(X, y)
        ref = ref_cls(theirs).fit(X, y)
        assert len(mine.estimators_) == 1 and mine.decision_function(X).shape == (len(X),)
        assert np.mean(mine.predict(_grid(X)) == ref.predict(_grid(X))) >= 0.99


def test_one_vs_one_votes():
    X, y = _blobs(4, seed=3)
    grid = _grid(X, 50)
    model = OneVsOneClassifier(LogisticRegression()).fit(X, y)
    votes = model.vote_counts(grid)
    assert votes.shape == (len(grid), 4) and np.all(votes.sum(axis=1) == 6)
    assert model.pairs_.tolist() == [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    unique_winner = (votes == votes.max(axis=1, keepdims=True)).sum(axis=1) == 1
    assert np.array_equal(model.predict(grid)[unique_winner], np.argmax(votes, axis=1)[unique_winner])
    # the confidence term stays in (-1/3, 1/3), so it never outweighs one vote
    assert np.all(np.abs(model.decision_function(grid) - votes) < 1 / 3)


# ---------------------------------------------------------------- meta-estimator contract

@pytest.mark.parametrize("cls", [OneVsRestClassifier, OneVsOneClassifier, OutputCodeClassifier])
def test_nested_params_reach_the_machines(cls):
    X, y = _blobs(3)
    model = cls(DecisionTreeClassifier(max_depth=3))
    assert model.get_params(deep=True)["estimator__max_depth"] == 3
    model.set_params(estimator__max_depth=1)
    twin = clone(model)
    assert twin.estimator is not model.estimator and twin.get_params()["estimator__max_depth"] == 1
    model.fit(X, y)
    assert all(m.get_depth() <= 1 for m in model.estimators_)
    assert model.estimator.get_params()["max_depth"] == 1 and not hasattr(model.estimator, "tree_")


@pytest.mark.parametrize("cls", [OneVsRestClassifier, OneVsOneClassifier, OutputCodeClassifier])
def test_estimator_must_be_an_instance(cls):
    X, y = _blobs(3)
    for bad, phrase in ((LogisticRegression, "instance"), ("logistic", "not the name"), (3, "mlcore classifier")):
        with pytest.raises(ValidationError, match=phrase):
            cls(bad).fit(X, y)


def test_machines_without_decision_function_use_probabilities():
    X, y = _blobs(3, seed=5)
    model = OneVsRestClassifier(DecisionTreeClassifier(max_depth=2)).fit(X, y)
    scores = model.machine_scores(X)
    proba = np.column_stack([m.predict_proba(X)[:, 1] for m in model.estimators_])
    np.testing.assert_array_equal(scores, 2 * proba - 1)  # the same float operations on the same values

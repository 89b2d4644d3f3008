"""Metrics against scikit-learn (the oracle) and the 9990 / 10 example of worked_examples.md."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn import metrics as skm

from mlcore.base import ValidationError
from mlcore.metrics import accuracy, classification_report, confusion_matrix, precision_recall_f1


def _random_labels(seed, n, vocabulary, pred_vocabulary=None):
    rng = np.random.default_rng(seed)
    y_true = rng.choice(vocabulary, n)
    y_pred = rng.choice(pred_vocabulary if pred_vocabulary is not None else vocabulary, n)
    return y_true, y_pred


CASES = [
    (0, 50, [0, 1], None),
    (1, 200, [0, 1, 2, 3], None),
    (2, 30, ["cat", "dog", "eel"], None),
    (3, 40, ["cat", "dog", "eel"], ["cat", "dog"]),   # "eel" never predicted
    (4, 40, [1, 2], [1, 2, 3]),                       # 3 predicted but never true
    (5, 7, [10, 20, 30, 40, 50], None),               # tiny: some classes may be missing
    (6, 100, [-1, 1], [1]),                           # one class always predicted
]


@pytest.mark.parametrize("seed,n,voc,pred_voc", CASES)
def test_against_sklearn(seed, n, voc, pred_voc):
    y_true, y_pred = _random_labels(seed, n, voc, pred_voc)
    assert accuracy(y_true, y_pred) == pytest.approx(skm.accuracy_score(y_true, y_pred))
    np.testing.assert_array_equal(confusion_matrix(y_true, y_pred), skm.confusion_matrix(y_true, y_pred))
    p, r, f = precision_recall_f1(y_true, y_pred)
    sp, sr, sf, _ = skm.precision_recall_fscore_support(y_true, y_pred, zero_division=0)
    np.testing.assert_allclose(p, sp)
    np.testing.assert_allclose(r, sr)
    np.testing.assert_allclose(f, sf)
    for avg in ("macro", "micro", "weighted"):
        got = precision_recall_f1(y_true, y_pred, average=avg)
        want = skm.precision_recall_fscore_support(y_true, y_pred, average=avg, zero_division=0)[:3]
        np.testing.assert_allclose(got, want, err_msg=avg)
        assert all(isinstance(v, float) for v in got)


@pytest.mark.parametrize("seed,n,voc,pred_voc", CASES)
def test_explicit_labels_against_sklearn(seed, n, voc, pred_voc):
    y_true, y_pred = _random_labels(seed, n, voc, pred_voc)
    # a subset in a chosen order, plus a label that never occurs
    extra = "zzz" if isinstance(voc[0], str) else 999
    labels = [voc[-1], voc[0], extra]
    np.testing.assert_array_equal(confusion_matrix(y_true, y_pred, labels=labels),
                                  skm.confusion_matrix(y_true, y_pred, labels=labels))
    for avg in (None, "macro", "micro", "weighted"):
        got = precision_recall_f1(y_true, y_pred, labels=labels, average=avg)
        want = skm.precision_recall_fscore_support(y_true, y_pred, labels=labels, average=avg,
                                                   zero_division=0)[:3]
        np.testing.assert_allclose(got, want, err_msg=str(avg))


@pytest.mark.parametrize("seed,n,voc,pred_voc", CASES)
def test_report_against_sklearn(seed, n, voc, pred_voc):
    y_true, y_pred = _random_labels(seed, n, voc, pred_voc)
    rep = classification_report(y_true, y_pred)
    sk = skm.classification_report(y_true, y_pred, output_dict=True, zero_division=0)
    labels = sorted(set(y_true.tolist()) | set(y_pred.tolist()))
    assert list(rep["per_class"]) == labels
    for label in labels:
        mine, theirs = rep["per_class"][label], sk[str(label)]
        assert mine["precision"] == pytest.approx(theirs["precision"])
        assert mine["recall"] == pytest.approx(theirs["recall"])
        assert mine["f1"] == pytest.approx(theirs["f1-score"])
        assert mine["support"] == theirs["support"]
    assert rep["accuracy"] == pytest.approx(skm.accuracy_score(y_true, y_pred))
    for mine, theirs in (("macro", "macro avg"), ("weighted", "weighted avg")):
        for key, sk_key in (("precision", "precision"), ("recall", "recall"), ("f1", "f1-score")):
            assert rep[mine][key] == pytest.approx(sk[theirs][sk_key])
        assert rep[mine]["support"] == n


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 4)), min_size=1, max_size=40))
def test_never_nan_and_matches_sklearn(pairs):
    y_true = np.array([a for a, _ in pairs])
    y_pred = np.array([b for _, b in pairs])
    for avg in (None, "macro", "micro", "weighted"):
        got = precision_recall_f1(y_true, y_pred, average=avg)
        assert np.all(np.isfinite(np.concatenate([np.atleast_1d(g) for g in got])))
        want = skm.precision_recall_fscore_support(y_true, y_pred, average=avg, zero_division=0)[:3]
        # ratios of integer counts (and the f1 of two of them): a few roundings each, no BLAS
        np.testing.assert_allclose(got, want, rtol=0, atol=8 * np.finfo(np.float64).eps)
    cm = confusion_matrix(y_true, y_pred)
    assert cm.sum() == len(pairs)
    assert np.trace(cm) / cm.sum() == pytest.approx(accuracy(y_true, y_pred))


def test_majority_predictor_on_9990_to_10():
    # worked_examples.md, section 10: always predicting the majority is 99.9% accurate and useless
    y_true = np.array(["normal"] * 9990 + ["fraud"] * 10)
    y_pred = np.array(["normal"] * 10000)
    assert accuracy(y_true, y_pred) == pytest.approx(0.999)
    np.testing.assert_array_equal(confusion_matrix(y_true, y_pred), [[0, 10], [0, 9990]])
    p, r, f = precision_recall_f1(y_true, y_pred)  # labels sorted: fraud, normal
    assert (p[0], r[0], f[0]) == (0.0, 0.0, 0.0)
    assert r[1] == 1.0 and p[1] == pytest.approx(0.999)
    macro_f1 = precision_recall_f1(y_true, y_pred, average="macro")[2]
    assert macro_f1 == pytest.approx((0 + 2 * 0.999 / 1.999) / 2)
    rep = classification_report(y_true, y_pred)
    assert rep["per_class"]["fraud"] == {"precision": 0.0, "recall": 0.0, "f1": 0.0, "support": 10}


def test_binary_formulas_by_hand():
    # TP = 3, FN = 1, FP = 2, TN = 4 for class 1
    y_true = [1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
    y_pred = [1, 1, 1, 0, 1, 1, 0, 0, 0, 0]
    assert accuracy(y_true, y_pred) == pytest.approx((3 + 4) / 10)
    np.testing.assert_array_equal(confusion_matrix(y_true, y_pred), [[4, 2], [1, 3]])
    p, r, f = precision_recall_f1(y_true, y_pred)
    assert p[1] == pytest.approx(3 / 5) and r[1] == pytest.approx(3 / 4)
    assert f[1] == pytest.approx(2 * 0.6 * 0.75 / 1.35)


def test_object_labels_work():
    y_true = np.array(["a", "b", "b"], dtype=object)
    y_pred = np.array(["a", "a", "b"], dtype=object)
    np.testing.assert_array_equal(confusion_matrix(y_true, y_pred), [[1, 0], [1, 1]])
    assert accuracy(y_true, y_pred) == pytest.approx(2 / 3)


def test_results_are_plain_types():
    rep = classification_report(np.array([0, 1, 1]), np.array([0, 1, 0]))
    assert all(type(k) is int for k in rep["per_class"])
    assert type(rep["accuracy"]) is float and type(rep["macro"]["support"]) is int
    assert confusion_matrix([0, 1], [1, 1]).dtype == np.int64


@pytest.mark.parametrize("call,match", [
    (lambda: accuracy([0, 1], [0]), "2 labels but y_pred has 1"),
    (lambda: accuracy([], []), "no labels"),
    (lambda: accuracy([[0, 1]], [[0, 1]]), "1-D"),
    (lambda: accuracy([0.0, np.nan], [0.0, 1.0]), "NaN"),
    (lambda: confusion_matrix([0, 1], ["0", "1"]), "both hold numbers or both hold text"),
    (lambda: confusion_matrix([0, 1], [0, 1], labels=[]), "non-empty"),
    (lambda: confusion_matrix([0, 1], [0, 1], labels=[0, 0, 1]), "repeat"),
    (lambda: precision_recall_f1([0, 1], [0, 1], average="binary"), "average='binary'"),
    (lambda: confusion_matrix([0, 1], [0, 1], labels=["a", "b"]), "both hold numbers or both hold text"),
    (lambda: precision_recall_f1([0, 1], [0, 1], labels=[5, 6]), "none of the given labels"),
])
def test_bad_input_is_explained(call, match):
    with pytest.raises(ValidationError, match=match):
        call()

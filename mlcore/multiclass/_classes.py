"""Multi-class from two-class machines: one-vs-rest, one-vs-one, error-correcting output codes.

Each wrapper takes an unfitted two-class-capable classifier *instance* (``estimator=``),
clones it once per machine and fits the clone on a two-class problem with labels 0 / 1
(1 is the "positive" side). A machine's score f(x) is, in this order of preference,

    decision_function(x)        (positive means label 1),
    2 P(1 | x) - 1              from predict_proba, in [-1, 1],
    +1 / -1                     from predict,

so f(x) > 0 exactly when the machine predicts label 1.

* OneVsRestClassifier: K machines, "class k against the rest"; predict argmax_k f_k(x).
* OneVsOneClassifier: K(K-1)/2 machines, one per pair a < b on the points of a and b only
  (b positive); each votes for a or b, the most votes win. Vote ties go to the class with
  the largest normalised sum of confidences, as scikit-learn:
  decision_k = votes_k + S_k / (3 (|S_k| + 1)) with S_k = sum of the scores for k (a
  machine's score counts + for b, - for a); the added term lies in (-1/3, 1/3), so it only
  breaks ties.
* OutputCodeClassifier: one machine per column of a +1/-1 code (see ``_codes``); decode by
  "hamming" (nearest code word in Hamming distance of the bits sign f_l(x)) or "loss"
  (smallest hinge loss sum_l max(0, 1 - M[k, l] f_l(x)), Allwein et al. 2000).

Ties, everywhere: argmax / argmin take the first, i.e. the class earliest in ``classes_``.
Hamming ties (frequent: a one-vs-all word with no +1 bit is at distance 1 from every
class) are first broken by the smaller hinge loss, then by the earlier class.

With two classes every wrapper fits a single machine (classes_[1] positive), as scikit-learn.
"""

from __future__ import annotations

import numpy as np

from ..base import (
    BaseEstimator,
    ClassifierMixin,
    ValidationError,
    check_array,
    check_choice,
    check_is_fitted,
    check_random_state,
    check_scalar,
    check_X_y,
    clone,
)
from ..linear_model import LogisticRegression
from ._codes import (
    NOTES_CODE,
    check_code,
    errors_corrected,
    exhaustive_code,
    hamming_distances,
    min_distance,
    one_vs_all_code,
    random_code,
)

__all__ = ["OneVsRestClassifier", "OneVsOneClassifier", "OutputCodeClassifier", "machine_scores"]

CODES = ("ovr", "random", "exhaustive", "notes")
DECODINGS = ("hamming", "loss")


def machine_scores(machine, X) -> np.ndarray:
    """f(x) of a fitted two-class machine (labels 0/1): > 0 means it predicts 1 (see module doc)."""
    if hasattr(machine, "decision_function"):
        return np.asarray(machine.decision_function(X), dtype=np.float64).reshape(len(X))
    if hasattr(machine, "predict_proba"):
        return 2.0 * machine.predict_proba(X)[:, 1] - 1.0
    return np.where(machine.predict(X) == 1, 1.0, -1.0)


def _check_estimator(estimator, model: str):
    if estimator is None:
        return LogisticRegression()
    if isinstance(estimator, BaseEstimator) and hasattr(estimator, "fit") and hasattr(estimator, "predict"):
        return estimator
    if isinstance(estimator, type):
        hint = f"an instance such as {estimator.__name__}(), not the class itself"
    elif isinstance(estimator, str):
        hint = f"an estimator instance such as LogisticRegression(), not the name {estimator!r}"
    else:
        hint = "an mlcore classifier such as LogisticRegression()"
    raise ValidationError(f"estimator={estimator!r} for {model} must be {hint}")


class _Reduction(ClassifierMixin, BaseEstimator):
    """Shared work: fit one clone per two-class problem, read every machine's score."""

    _model = "multi-class wrapper"

    def _fit_machines(self, X, problems):
        """problems: (row indices, 0/1 labels) per machine; returns the fitted clones."""
        prototype = _check_estimator(self.estimator, self._model)
        machines = []
        for rows, labels in problems:
            machine = clone(prototype)
            machine.fit(X[rows], labels)
            machines.append(machine)
        return machines

    def _check_X(self, X):
        check_is_fitted(self)
        return check_array(X, n_features=self.n_features_in_)

    def machine_scores(self, X) -> np.ndarray:
        """(n, L): machine l's score f_l(x) for every point (> 0: the machine's positive side)."""
        X = self._check_X(X)
        return np.column_stack([machine_scores(m, X) for m in self.estimators_])


class OneVsRestClassifier(_Reduction):
    """One machine per class: class k (label 1) against all the others (label 0).

    predict(x) = classes_[argmax_k f_k(x)] (first maximum on ties); with two classes one
    machine, classes_[1] against classes_[0].

    estimator: an unfitted classifier instance (None: LogisticRegression()), cloned per machine;
        its settings are reachable as ``estimator__C``.

    Fitted: classes_, n_features_in_, estimators_ (one per class, or one for two classes).
    """

    _model = "one-vs-rest"

    def __init__(self, estimator=None):
        self.estimator = estimator

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        everyone = np.arange(len(X))
        if len(classes) == 2:
            problems = [(everyone, y_enc)]
        else:
            problems = [(everyone, (y_enc == k).astype(np.intp)) for k in range(len(classes))]
        self.estimators_ = self._fit_machines(X, problems)
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        return self

    def decision_function(self, X) -> np.ndarray:
        """(n, K) machine scores f_k(x); (n,) for two classes (positive means classes_[1])."""
        scores = self.machine_scores(X)
        return scores[:, 0] if len(self.classes_) == 2 else scores

    def predict(self, X) -> np.ndarray:
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return self.classes_[(scores > 0).astype(np.intp)]
        return self.classes_[np.argmax(scores, axis=1)]


class OneVsOneClassifier(_Reduction):
    """One machine per pair of classes a < b, trained on their points only (b is label 1).

    Each machine votes for b when f_ab(x) > 0, else for a. decision_function is
    votes_k + S_k / (3 (|S_k| + 1)), S_k the sum of the scores for k (+f_ab for b, -f_ab for a);
    predict takes its argmax, so the most votes win and a vote tie goes to the larger S_k
    (scikit-learn's rule), then to the class earlier in classes_.

    Fitted: classes_, n_features_in_, estimators_ (K(K-1)/2), pairs_ (P, 2) class indices.
    """

    _model = "one-vs-one"

    def __init__(self, estimator=None):
        self.estimator = estimator

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        K = len(classes)
        pairs = [(a, b) for a in range(K) for b in range(a + 1, K)]
        problems = []
        for a, b in pairs:
            rows = np.flatnonzero((y_enc == a) | (y_enc == b))
            problems.append((rows, (y_enc[rows] == b).astype(np.intp)))
        self.estimators_ = self._fit_machines(X, problems)
        self.pairs_ = np.array(pairs, dtype=np.intp).reshape(-1, 2)
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        return self

    def vote_counts(self, X) -> np.ndarray:
        """(n, K) integer votes: machine (a, b) adds one to b if f_ab(x) > 0, else to a."""
        return self._votes(self.machine_scores(X))

    def _votes(self, scores):
        winners = np.where(scores > 0, self.pairs_[:, 1], self.pairs_[:, 0])
        K = len(self.classes_)
        offsets = K * np.arange(len(scores))[:, None]
        return np.bincount((winners + offsets).ravel(), minlength=K * len(scores)).reshape(-1, K)

    def decision_function(self, X) -> np.ndarray:
        """votes + S / (3 (|S| + 1)), (n, K); with two classes the one machine's score (n,)."""
        scores = self.machine_scores(X)
        if len(self.classes_) == 2:
            return scores[:, 0]
        K = len(self.classes_)
        confidence = np.zeros((len(scores), K))
        np.add.at(confidence.T, self.pairs_[:, 1], scores.T)
        np.add.at(confidence.T, self.pairs_[:, 0], -scores.T)
        return self._votes(scores) + confidence / (3.0 * (np.abs(confidence) + 1.0))

    def predict(self, X) -> np.ndarray:
        decision = self.decision_function(X)
        if decision.ndim == 1:
            return self.classes_[(decision > 0).astype(np.intp)]
        return self.classes_[np.argmax(decision, axis=1)]


class OutputCodeClassifier(_Reduction):
    """Error-correcting output codes: one machine per bit of a +1/-1 code matrix M (K x L).

    estimator: an unfitted classifier instance (None: LogisticRegression()).
    code: "ovr" (one-vs-all, K bits), "random" (dense, int(code_size K) bits), "exhaustive"
        (2^(K-1) - 1 bits), "notes" (the lecture notes' 8 x 6 code, 8 classes only), or a
        K x L table of +1/-1 (an array, or text such as "+1 -1 -1; -1 +1 -1; -1 -1 +1").
    code_size: bits per class of the random code (scikit-learn's meaning).
    decoding: "hamming" (nearest code word; ties to the smaller hinge loss, then the earlier
        class) or "loss" (smallest sum_l max(0, 1 - M[k, l] f_l(x)), ties to the earlier class).
    random_state: draws the random code.

    Fitted: classes_, n_features_in_, code_book_ (K, L) int8, estimators_ (L machines; machine l
    sees every point, label 1 where M[y, l] = +1), min_distance_ and errors_corrected_ of the code.
    """

    _model = "output codes"

    def __init__(self, estimator=None, code="random", code_size=1.5, decoding="hamming", random_state=None):
        self.estimator = estimator
        self.code = code
        self.code_size = code_size
        self.decoding = decoding
        self.random_state = random_state

    def _code_book(self, n_classes: int) -> np.ndarray:
        code = self.code
        if isinstance(code, str) and code in CODES:
            if code == "ovr":
                return one_vs_all_code(n_classes)
            if code == "exhaustive":
                return exhaustive_code(n_classes)
            if code == "notes":
                if n_classes != 8:
                    raise ValidationError(f"the notes' code is for 8 classes; the data has {n_classes}: "
                                          "choose another code (the notes' example is decoded on its own)")
                return NOTES_CODE.copy()
            size = check_scalar(self.code_size, "code_size", low=0.0, low_inclusive=False, model=self._model)
            n_bits = int(size * n_classes)
            if n_bits < 1:
                raise ValidationError(f"code_size={size} gives {n_bits} bits for {n_classes} classes; "
                                      "choose a code_size of at least 1 / K")
            return random_code(n_classes, n_bits, check_random_state(self.random_state))
        if isinstance(code, str) and not set(code) & set("+-01"):
            raise ValidationError(f"code={code!r} for {self._model} must be one of {', '.join(CODES)} "
                                  "or a table of +1/-1 such as '+1 -1 -1; -1 +1 -1; -1 -1 +1'")
        return check_code(code, n_classes)

    def fit(self, X, y):
        X, y_enc, classes = check_X_y(X, y)
        check_choice(self.decoding, "decoding", DECODINGS, model=self._model)
        code = self._code_book(len(classes))
        everyone = np.arange(len(X))
        problems = [(everyone, (code[y_enc, bit] > 0).astype(np.intp)) for bit in range(code.shape[1])]
        self.estimators_ = self._fit_machines(X, problems)
        self.code_book_ = code
        self.min_distance_ = min_distance(code)
        self.errors_corrected_ = errors_corrected(code)
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        return self

    def code_words(self, X) -> np.ndarray:
        """(n, L) the predicted bits: +1 where f_l(x) > 0, else -1."""
        return np.where(self.machine_scores(X) > 0, 1, -1).astype(np.int8)

    def hamming_distances(self, X) -> np.ndarray:
        """(n, K) Hamming distance of each point's code word to each class's row."""
        return hamming_distances(self.code_words(X), self.code_book_)

    def losses(self, X) -> np.ndarray:
        """(n, K) hinge loss sum_l max(0, 1 - M[k, l] f_l(x)) of each class's row."""
        return _hinge_losses(self.machine_scores(X), self.code_book_)

    def decision_function(self, X) -> np.ndarray:
        """(n, K) a score per class whose argmax is the prediction; (n,) for two classes (column 1 - column 0).

        "loss": -L_k, the negated hinge loss. "hamming": -H_k - L_k / (1 + max_j L_j): the
        Hamming distance first, the loss (scaled into [0, 1)) only to break its ties.
        """
        scores = self.machine_scores(X)
        losses = _hinge_losses(scores, self.code_book_)
        if self.decoding == "loss":
            decision = -losses
        else:
            distances = hamming_distances(np.where(scores > 0, 1, -1), self.code_book_)
            decision = -distances - losses / (1.0 + losses.max(axis=1, keepdims=True))
        return decision[:, 1] - decision[:, 0] if len(self.classes_) == 2 else decision

    def predict(self, X) -> np.ndarray:
        scores = self.machine_scores(X)
        losses = _hinge_losses(scores, self.code_book_)
        if self.decoding == "loss":
            return self.classes_[np.argmin(losses, axis=1)]
        distances = hamming_distances(np.where(scores > 0, 1, -1), self.code_book_)
        return self.classes_[_argmin_lexicographic(distances, losses)]


def _hinge_losses(scores: np.ndarray, code: np.ndarray) -> np.ndarray:
    margins = scores[:, None, :] * code[None, :, :]
    return np.maximum(0.0, 1.0 - margins).sum(axis=2)


def _argmin_lexicographic(primary: np.ndarray, secondary: np.ndarray) -> np.ndarray:
    """Row-wise index of the smallest primary (integers), ties to the smallest secondary, then the first."""
    candidates = np.where(primary == primary.min(axis=1, keepdims=True), secondary, np.inf)
    return np.argmin(candidates, axis=1)


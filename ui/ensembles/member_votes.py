"""The Ensembles page's views of a fitted ensemble, each computed once per server for its arguments
(ui.serving.cache.sharable): the vote of the first m members (or AdaBoost after m rounds) on the
grid and on the points, accuracy as members are added, and what the members add to one of them
(``ui.reading.Members``)."""

from __future__ import annotations

import numpy as np

from ui.reading import Members
from ui.serving import fits
from ui.serving.cache import sharable
from viz.ensemble import FirstMembers, FirstRounds, staged_accuracy
from viz.grid import evaluate_grid


def _part(model, key: str, m: int):
    return FirstRounds(model, m) if key == "adaboost" else FirstMembers(model, m)


@sharable(max_entries=32)   # one read-only copy for every session
def partial_grid(recipe, drawn, key: str, hp: tuple, m: int):
    """The first m members (or rounds) evaluated once on the 200 x 200 grid."""
    model = fits.fit(recipe, drawn, key, hp).model
    return evaluate_grid(_part(model, key, m), fits.dataset(recipe, drawn).bounds, 200)


@sharable(max_entries=32)   # one read-only copy for every session
def partial_scores(recipe, drawn, key: str, hp: tuple, m: int):
    """Training and test accuracy of the first m members (or rounds)."""
    part = _part(fits.fit(recipe, drawn, key, hp).model, key, m)
    data = fits.dataset(recipe, drawn)
    train = float((part.predict(data.X_train) == data.y_train).mean())
    test = float((part.predict(data.X_test) == data.y_test).mean()) if len(data.y_test) else None
    return train, test


@sharable(max_entries=16)   # one read-only copy for every session
def vote_curves(recipe, drawn, key: str, hp: tuple):
    """Training and test accuracy of the vote of the first m members, m = 1..T."""
    model = fits.fit(recipe, drawn, key, hp).model
    data = fits.dataset(recipe, drawn)
    test = staged_accuracy(model, data.X_test, data.y_test) if len(data.y_test) else None
    return staged_accuracy(model, data.X_train, data.y_train), test


def _round_curve(model, X, y) -> tuple[float, ...]:
    return tuple(float(np.mean(p == y)) for p in model.staged_predict(X))


def _member_index(member, X) -> np.ndarray:
    """The class index (into the ensemble's classes) one member predicts: members are fitted on
    the encoded labels, so their classes are indices."""
    cols = np.asarray(member.classes_)
    if hasattr(member, "predict_proba"):
        return cols[np.argmax(member.predict_proba(X), axis=1)].astype(np.intp)
    return np.asarray(member.predict(X)).astype(np.intp)


@sharable(max_entries=16)   # one read-only copy for every session
def members(recipe, drawn, key: str, hp: tuple) -> Members:
    """Accuracy round by round (AdaBoost) or member by member, the mean test accuracy of one
    member alone, the share of the members that vote against the majority on a test point, and the
    out-of-bag score (``shown`` is every member: the page replaces it with its slider's)."""
    model, data = fits.fit(recipe, drawn, key, hp).model, fits.dataset(recipe, drawn)
    has_test = len(data.y_test) > 0
    if key == "adaboost":
        test = _round_curve(model, data.X_test, data.y_test) if has_test else None
        train = _round_curve(model, data.X_train, data.y_train)
        return Members(len(train), len(train), train, test)
    train, test = vote_curves(recipe, drawn, key, hp)
    alone = split = None
    if has_test:
        y = np.searchsorted(model.classes_, data.y_test)
        votes = np.array([_member_index(member, data.X_test) for member in model.estimators_])
        alone = float(np.mean(votes == y))
        counts = (votes[None] == np.arange(len(model.classes_))[:, None, None]).sum(axis=1)  # (K, n test)
        split = float(1 - np.mean(counts.max(axis=0)) / len(votes))
    return Members(len(train), len(train), tuple(map(float, train)), None if test is None else tuple(map(float, test)),
                   alone, split, getattr(model, "oob_score_", None))

"""The Playground's figure reuses what the fit already computed: the predictions on the training
and test points (``ui.serving.fits.fit``) are not computed again by ``viz.decision_figure``, and
the test points' per-point colours, symbols and names follow each point's class."""

from __future__ import annotations

import numpy as np
from sklearn.datasets import make_blobs
from sklearn.neighbors import KNeighborsClassifier

from viz import decision_figure, evaluate_grid, make_bounds
from viz.palette import CLASS_COLORS, CLASS_SYMBOLS, NEUTRAL


class CountingModel:
    """A fitted classifier that counts the points it is asked to predict."""

    def __init__(self, model):
        self.model, self.classes_, self.asked = model, model.classes_, 0

    def predict(self, X):
        self.asked += len(X)
        return self.model.predict(X)

    def predict_proba(self, X):
        return self.model.predict_proba(X)


def _data():
    X, y = make_blobs(n_samples=120, centers=3, random_state=3)
    return X[:80], y[:80], X[80:], y[80:]


def _figure(model, X, y, X_te, y_te, grid, **kwargs):
    return decision_figure(model, X, y, X_test=X_te, y_test=y_te, grid=grid, **kwargs)


def test_given_predictions_are_not_computed_again_and_draw_the_same():
    X, y, X_te, y_te = _data()
    model = CountingModel(KNeighborsClassifier(n_neighbors=15).fit(X, y))
    grid = evaluate_grid(model, make_bounds(np.vstack([X, X_te])), 30)
    model.asked = 0
    plain = _figure(model, X, y, X_te, y_te, grid)
    assert model.asked == len(X) + len(X_te)   # without them, the figure predicts every point
    predictions = (model.model.predict(X), model.model.predict(X_te))
    model.asked = 0
    reused = _figure(model, X, y, X_te, y_te, grid, predictions=predictions)
    assert model.asked == 0
    assert reused.to_json() == plain.to_json()


def test_a_wrong_prediction_given_is_the_one_crossed():
    X, y, X_te, y_te = _data()
    model = KNeighborsClassifier(n_neighbors=1).fit(X, y)   # right on every training point
    grid = evaluate_grid(model, make_bounds(np.vstack([X, X_te])), 20)
    train_pred, test_pred = model.predict(X).copy(), model.predict(X_te)
    train_pred[0] = (y[0] + 1) % 3
    fig = _figure(model, X, y, X_te, y_te, grid, predictions=(train_pred, test_pred))
    crossed = next(t for t in fig.data if t.name == "misclassified")
    points = {(float(a), float(b)) for a, b in zip(crossed.x, crossed.y, strict=True)}
    assert (np.float32(X[0, 0]), np.float32(X[0, 1])) in points


def test_test_points_take_their_class_colour_symbol_and_name():
    X, y, X_te, y_te = _data()
    y_te = y_te.copy()
    y_te[:3] = 7   # a label the model never saw: neutral, a plain hollow circle, "unknown"
    model = KNeighborsClassifier(n_neighbors=5).fit(X, y)
    fig = _figure(model, X, y, X_te, y_te, evaluate_grid(model, make_bounds(np.vstack([X, X_te])), 20))
    points = next(t for t in fig.data if t.name == "test points")
    want_color = [NEUTRAL if c == 7 else CLASS_COLORS[c] for c in y_te]
    want_symbol = ["circle-open" if c == 7 else f"{CLASS_SYMBOLS[c]}-open" for c in y_te]
    want_text = ["unknown" if c == 7 else str(c) for c in y_te]
    assert list(points.marker.color) == want_color
    assert list(points.marker.line.color) == want_color
    assert list(points.marker.symbol) == want_symbol
    assert list(points.text) == want_text


def test_the_fit_keeps_its_predictions_for_the_figure():
    from ui.data.recipe import Recipe
    from ui.serving import fits

    recipe = Recipe("moons", 120, 0.3, 2, 5, 0.3)
    data, fit = fits.dataset(recipe, ()), fits.fit(recipe, (), "knn", (("n_neighbors", 5),))
    train_pred, test_pred = fit.predictions
    assert np.array_equal(train_pred, fit.model.predict(data.X_train))
    assert np.array_equal(test_pred, fit.model.predict(data.X_test))
    assert fit.train_acc == np.mean(train_pred == data.y_train)

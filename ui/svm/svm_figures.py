"""The SVM page's figures, each built once per server for its arguments (ui.serving.cache.shared):
the margin plane, the terms of a point's f(x), the kernel trick's lift and landscape, the loss
gallery and the primal route."""

from __future__ import annotations

import numpy as np

from catalog.models import MODELS
from ui.core import overlays
from ui.serving import fits
from ui.svm.lift_and_primal import lifted_model, primal_route
from ui.svm.pair_machines import pair_values
from viz.decision import titled
from viz.losses import loss_gallery_figure
from viz.svm import contributions_figure, landscape_figure, lift_figure, margin_figure, objective_figure

SPEC = MODELS["svm"]
RESOLUTION = 200


def margin_plane(recipe, drawn, key_params, machine: int, show_test: bool, explain_on: bool, height: int):
    """The margin plane, its grid and the overlay's explanation (ui.live.live_chart.shared_chart)."""
    data, model = fits.dataset(recipe, drawn), fits.fit(recipe, drawn, SPEC.key, key_params).model
    grid = fits.grid(recipe, drawn, SPEC.key, key_params, RESOLUTION)
    binary = len(model.classes_) == 2
    values = None if binary else pair_values(recipe, drawn, key_params, RESOLUTION)[:, :, machine]
    fig = margin_figure(model, data.X_train, data.y_train, machine=machine, machine_values=values,
                        X_test=data.X_test, y_test=data.y_test, show_test=show_test, grid=grid, height=height)
    titled(fig, data.axes)
    explained = overlays.overlay(fig, model, data, explain_on, X_test=data.X_test if show_test else [])
    fig.layout.height = None   # the container's height (screen_height)
    return fig, grid, explained


def terms_figure(recipe, drawn, key_params, machine: int, x):
    model = fits.fit(recipe, drawn, SPEC.key, key_params).model
    return contributions_figure(model, x, machine=machine, top=12)


def lift_plane(recipe, drawn, C: float):
    data = fits.dataset(recipe, drawn)
    return lift_figure(lifted_model(recipe, drawn, C)[0], data.X_train, data.y_train, height=460)


def landscape(recipe, drawn, key_params):
    data = fits.dataset(recipe, drawn)
    return landscape_figure(fits.fit(recipe, drawn, SPEC.key, key_params).model, data.X_train, data.y_train,
                            bounds=data.bounds, height=460)


def gallery(recipe, drawn, key_params):
    """The loss gallery with the training points' margins as ticks on the m axis (two classes:
    one f(x) per point)."""
    data, model = fits.dataset(recipe, drawn), fits.fit(recipe, drawn, SPEC.key, key_params).model
    margins = (np.where(data.y_train == model.classes_[1], 1.0, -1.0) * model.decision_function(data.X_train)
               if len(model.classes_) == 2 else None)
    return loss_gallery_figure(margins=margins)


def primal_figure(recipe, drawn, C: float, epochs: int):
    history, best, _, _ = primal_route(recipe, drawn, C, epochs)
    return objective_figure(history, best, height=300)

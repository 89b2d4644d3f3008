"""The Neural network page's figures at one epoch of its trained network: the regions, the loss
and accuracy curves, each hidden unit's map and the data in the last hidden layer. Each is built
once per server for its link and epoch (charts.shared_figure)."""

from ui.neural_network.training import train
from ui.serving import fits
from viz.decision import decision_figure
from viz.grid import evaluate_grid
from viz.mlp import curves_figure, hidden_space_figure, unit_maps_figure


def _at(recipe, drawn, key_params: tuple, epoch: int):
    """The dataset and the network with the weights it had after ``epoch`` (a kept epoch)."""
    return fits.dataset(recipe, drawn), train(recipe, drawn, key_params)[0].at_epoch(epoch)


def regions(recipe, drawn, key_params: tuple, epoch: int):
    """(the regions at ``epoch``, their grid, None) for ``ui.live.live_chart.shared_chart``: the
    grid goes to the browser as one image, and the figures at the neighbouring epochs are drawn
    ahead (``ui.core.layout.compute_ahead``)."""
    data, at = _at(recipe, drawn, key_params, epoch)
    grid = evaluate_grid(at, data.bounds, 200)
    fig = decision_figure(at, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                          grid=grid, height=470, uirevision="nn", axis_titles=data.axes)
    fig.layout.height = None   # the container's height (screen_height)
    return fig, grid, None


def curves(recipe, drawn, key_params: tuple, epoch: int):
    model, _, test_curve = train(recipe, drawn, key_params)
    return curves_figure(model, test_epochs=model.snapshot_epochs_, test_scores=test_curve, current=epoch,
                         height=280)


def unit_maps(recipe, drawn, key_params: tuple, epoch: int):
    data, at = _at(recipe, drawn, key_params, epoch)
    units = sum(c.shape[1] for c in at.coefs_[:-1])
    return unit_maps_figure(at, data.bounds, resolution=36 if units <= 64 else 24)


def hidden_space(recipe, drawn, key_params: tuple, epoch: int):
    data, at = _at(recipe, drawn, key_params, epoch)
    return hidden_space_figure(at, data.X_train, data.y_train, height=380)

"""The Perceptron page's replay figures at one step: the plane and weight space.

Each is a module-level builder of small values (the link's data and run settings and the step
``s``), so the shared cache builds it once per server and step, and the page can have the plane
at the neighbouring steps built and sent to the browser before the student moves the slider
(``ui.core.layout.compute_ahead``, ``ui.live.live_chart.draw_ahead``)."""

from __future__ import annotations

from mlcore.linear_model import PerceptronReplay
from ui.core import overlays
from ui.perceptron import runs
from ui.serving.cache import sharable
from viz.perceptron import replay_figure, weight_figure

PLANE_HEIGHT = 540   # px on a 720 px screen, under the lecture row


@sharable(max_entries=32)
def replay_of(recipe, drawn, src: tuple, pair: tuple, epochs: int, lr: float, start: str, shuffle: bool):
    """The replay of the page's run (the run, and so its history, is shared: ``runs.run``)."""
    return PerceptronReplay(runs.run(recipe, drawn, src, pair, epochs, lr, start, shuffle).history_[0])


def plane(recipe, drawn, src: tuple, pair: tuple, epochs: int, lr: float, start: str, shuffle: bool, s: int,
          explain_on: bool):
    """(the plane after step ``s``, no regions grid, the margins' sentence or None) for
    ``ui.live.live_chart.shared_chart``; its height is the container's (``screen_height``)."""
    binary = runs.binary(recipe, drawn, src, pair)
    replay = replay_of(recipe, drawn, src, pair, epochs, lr, start, shuffle)
    step = replay.step(s) if s > 0 else None
    w0, b0 = replay.weights(0)
    fig = replay_figure(binary.X, binary.t, step, binary.bounds, names=binary.names, styles=binary.styles,
                        w_now=w0, b_now=b0, height=PLANE_HEIGHT)
    w, b = (w0, b0) if step is None else (step.coef_after, step.intercept_after)
    margins = overlays.replay_margins(fig, binary.X, binary.t, w, b, explain_on)
    fig.layout.height = None
    return fig, None, margins


def weights(recipe, drawn, src: tuple, pair: tuple, epochs: int, lr: float, start: str, shuffle: bool, s: int):
    """Weight space after step ``s`` (``ui.core.charts.shared_figure``)."""
    replay = replay_of(recipe, drawn, src, pair, epochs, lr, start, shuffle)
    w0, b0 = replay.weights(0)
    return weight_figure(replay.history, replay.step(s) if s > 0 else None, w_now=w0, b_now=b0, height=300)

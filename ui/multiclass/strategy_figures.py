"""The Multi-class page's figures, each built once per server for its arguments
(ui.serving.cache.shared): the regions of the fitted strategy, each binary machine, and
Crammer–Singer beside one-vs-all."""

from __future__ import annotations

from ui.multiclass.strategy_fits import fit_pair, fit_strategy, strategy_reading
from ui.serving import fits
from viz.decision import decision_figure
from viz.multiclass import highlight_trace, machines_figure

# the plane's height on a 720 px screen: it ends near the bottom, under the lecture row (the
# inspected point's table starts below the fold)
MAIN_HEIGHT = 580
MAX_PANELS = 18  # small multiples shown (an exhaustive code of 6 classes has 31 machines)


def plane(recipe, drawn, strategy, base, code, code_size, decoding, C, point):
    """The regions of the fitted strategy with the inspected point (ui.live.live_chart.shared_chart)."""
    data = fits.dataset(recipe, drawn)
    (model, grid, _, _), _ = fit_strategy(recipe, drawn, strategy, base, code, code_size, decoding, C)
    fig = decision_figure(model, data.X_train, data.y_train, X_test=data.X_test, y_test=data.y_test,
                          grid=grid, height=MAIN_HEIGHT, axis_titles=data.axes)
    fig.add_trace(highlight_trace(point))
    fig.layout.height = None   # the container's height (screen_height)
    return fig, grid, None


def machines(recipe, drawn, strategy, base, code, code_size, decoding, C):
    data = fits.dataset(recipe, drawn)
    (model, _, _, _), _ = fit_strategy(recipe, drawn, strategy, base, code, code_size, decoding, C)
    return machines_figure(model, data.X_train, data.y_train, bounds=data.bounds, max_panels=MAX_PANELS)


def pair_plane(recipe, drawn, C: float, which: int):
    """Crammer–Singer (``which`` 0) or the one-vs-all linear SVMs (1) of :func:`fit_pair`."""
    data = fits.dataset(recipe, drawn)
    cs, ovr, grids, _ = fit_pair(recipe, drawn, C)
    m, title = ((cs, "Crammer–Singer"), (ovr, "one-vs-all linear SVMs"))[which]
    return decision_figure(m, data.X_train, data.y_train, grid=grids[which], height=420, axis_titles=data.axes,
                           title=f"{title}: train accuracy {m.score(data.X_train, data.y_train):.1%}")


def ahead_work(at, q: dict, point, beyond: float | None) -> list[tuple]:
    """What a run at the settings ``q`` computes, in the order it needs it (``ui.serving.ahead``):
    ``at(q)`` gives the strategy's arguments there. ``beyond``: the data's noise one more step the
    way ``q`` lies from the noise shown (a step of the noise is a full run of the page, whose draw
    ahead would otherwise fit the next noise in the run), computed after ``q`` if it is on the slider."""
    out = []
    further = beyond is not None and beyond != q["noise"] and 0 <= beyond <= 1   # (another slider moved: no)
    for where in [q] + ([q | {"noise": beyond}] if further else []):
        args = at(where)
        out += [(fit_strategy, *args), (plane, *args, point), (strategy_reading, *args), (machines, *args),
                (fit_pair, args[0], args[1], args[-1])]
    return out

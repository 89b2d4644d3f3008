"""Compare models' live chart (ui.model_selection.compare_runs.grid_chart): a folds step changes
the panels' titles and nothing else, in a form that lets Plotly.react redraw the titles alone (the
same datarevision, plain arrays, no template object); every cell keeps the colour the small
multiples give it; and the folds computed ahead lie on the slider, the way it moved first."""

import json

import numpy as np
import pytest
from plotly.io.json import to_json_plotly

from ui.data.recipe import Recipe
from ui.model_selection import compare_runs, sweeps
from ui.serving import fits
from viz.selection import Panel, panels_figure

RECIPE = Recipe(data="moons", n=120, noise=0.3, seed=4101)
MODELS = tuple((k, tuple(sorted((p.name, p.default) for p in sweeps.MODELS[k].params)))
               for k in ("knn", "tree", "logistic"))


def _spec(folds):
    fig, grid, height = compare_runs.grid_chart(RECIPE, (), MODELS, folds, 120)
    assert grid is None and height > 0 and fig.layout.height is None
    return json.loads(to_json_plotly(fig.to_plotly_json()))


def test_a_folds_step_changes_only_the_titles():
    four, five = _spec(4), _spec(5)
    assert four["data"] == five["data"]
    titles = [a["text"] for a in four["layout"]["annotations"]], [a["text"] for a in five["layout"]["annotations"]]
    assert titles[0] != titles[1] and all("CV " in t for t in titles[0] + titles[1])
    rest = [{k: v for k, v in s["layout"].items() if k != "annotations"} for s in (four, five)]
    assert rest[0] == rest[1]
    # what Plotly.react compares: an unchanged datarevision, arrays it can tell unchanged, no template object
    assert four["layout"]["datarevision"] == five["layout"]["datarevision"]
    assert not four["layout"].get("template")     # absent or null: plotly.js then uses none
    assert "bdata" not in to_json_plotly(four["data"])


def test_the_datarevision_follows_the_traces():
    other = compare_runs.grid_chart(RECIPE._replace(seed=4102), (), MODELS, 4, 120)[0]
    assert other.layout.datarevision != _spec(4)["layout"]["datarevision"]


def test_every_cell_keeps_its_colour():
    """Each heatmap maps its cells to the colour scale where the small multiples of
    viz.selection.panels_figure put them (the colour scale is the same)."""
    data = fits.dataset(RECIPE, ())
    classes = np.unique(np.concatenate([data.y_train, data.y_test]))
    grids = [compare_runs.panel_grid(RECIPE, (), k, params)[0] for k, params in MODELS]
    panels = [Panel(g, "t", np.arange(len(data.y_train)), np.zeros(0, dtype=int)) for g in grids]
    plain = panels_figure(panels, data.X_train, data.y_train, classes, bounds=data.bounds, panel_height=120)
    live = [t for t in _spec(4)["data"] if t["type"] == "heatmap"]
    drawn = [t for t in plain.data if t.type == "heatmap"]
    assert len(live) == len(drawn) == 3
    for a, b in zip(live, drawn, strict=True):
        assert a["colorscale"] == [list(stop) for stop in b.colorscale]
        at = (np.asarray(a["z"], dtype=float) - a["zmin"]) / (a["zmax"] - a["zmin"])
        assert np.allclose(at, (np.asarray(b.z, dtype=float) - b.zmin) / (b.zmax - b.zmin))


@pytest.mark.parametrize("folds", range(2, 11))
@pytest.mark.parametrize("rising", [True, False])
def test_the_folds_ahead_lie_on_the_slider_the_way_it_moved_first(folds, rising):
    ahead = compare_runs.ahead_folds(folds, rising, 2, 10)
    way = 1 if rising else -1
    assert all(2 <= f <= 10 and f != folds for f in ahead) and len(set(ahead)) == len(ahead)
    expected = [f for f in (folds + way, folds + 2 * way) if 2 <= f <= 10]
    assert ahead[:len(expected)] == expected                     # the way it moved, two positions
    assert (folds - way in ahead) == (2 <= folds - way <= 10)     # and the one back

"""The compact decision grid (ui.live.codec) and the live chart's message (ui.live.live_chart):
what the browser rebuilds equals the figure st.plotly_chart would have drawn, to 1/255."""

import json
import struct

import numpy as np
import plotly.graph_objects as go
import pytest
from support.apptest import decode

from mlcore.linear_model import LogisticRegression
from mlcore.neighbors import KNeighborsClassifier
from ui.core import charts
from ui.live import codec
from ui.live.live_chart import ahead_message, encode_parts, message
from viz import decision_figure, palette
from viz.grid import evaluate_grid, make_bounds


def encode_figure(fig, key, config, grid, known):
    """What ui.live.live_chart.shared_chart sends for ``fig`` to a browser holding ``known``, and
    the hashes of all its parts."""
    encoded = encode_parts(fig, grid)
    return message(encoded, key, config, known), list(encoded.hashes)


def _moons(n=300, seed=0):
    rng = np.random.default_rng(seed)
    t = rng.uniform(0, np.pi, n)
    y = rng.integers(0, 2, n)
    X = np.column_stack([np.cos(t) + y, np.sin(t) * (1 - 2 * y) + 0.5 * y]) + rng.normal(0, 0.2, (n, 2))
    return X, y


def _three_classes(n=300, seed=1):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 3, n)
    centres = np.array([[0, 0], [3, 0], [0, 3]])
    return centres[y] + rng.normal(0, 1.0, (n, 2)), y


@pytest.mark.parametrize("make, model", [(_moons, LogisticRegression()), (_moons, KNeighborsClassifier()),
                                         (_three_classes, LogisticRegression())])
def test_regions_round_trip(make, model):
    X, y = make()
    grid = evaluate_grid(model.fit(X, y), make_bounds(X), 120)
    labels, confidence = codec.decode_regions(codec.encode_regions(grid.labels, grid.confidence),
                                                     grid.shape)
    np.testing.assert_array_equal(labels, grid.labels)
    # rounding to the nearest of 256 levels: at most half a level away
    assert np.max(np.abs(confidence - grid.confidence)) <= 0.5 / 255 + 1e-12


def test_regions_reject_what_does_not_fit_a_byte():
    with pytest.raises(ValueError, match="0..255"):
        codec.encode_regions(np.full((2, 2), 256), np.zeros((2, 2)))
    with pytest.raises(ValueError, match="same 2-D shape"):
        codec.encode_regions(np.zeros((2, 2), int), np.zeros((2, 3)))


def test_values_keep_the_sign_and_11_bits():
    rng = np.random.default_rng(3)
    z = 0.25 * np.tanh(rng.normal(size=(50, 60)))
    back = codec.decode_values(codec.encode_values(z), z.shape)
    np.testing.assert_array_equal(np.sign(back), np.sign(z.astype(np.float16)))
    # float16: 10 stored mantissa bits, rounding to nearest gives a relative error <= 2^-11
    # for normal numbers; below 2^-14 the absolute step is 2^-24
    assert np.all(np.abs(back - z) <= np.maximum(np.abs(z) * 2.0 ** -11, 2.0 ** -25))


def _straddling_cells(v, level=0.0):
    """Cells of the 2 x 2 blocks not wholly above or wholly below ``level`` (a plain loop)."""
    keep = np.zeros(v.shape, dtype=bool)
    for j in range(v.shape[0] - 1):
        for i in range(v.shape[1] - 1):
            block = v[j:j + 2, i:i + 2]
            if not (np.all(block > level) or np.all(block < level)):
                keep[j:j + 2, i:i + 2] = True
    return keep


@pytest.mark.parametrize("level", [0.0, 0.3])
def test_far_from_level_keeps_every_cell_the_line_reads(level):
    rng = np.random.default_rng(7)
    xs = np.linspace(-1, 1, 40)
    v = np.add.outer(xs, xs ** 2) + 0.05 * rng.normal(size=(40, 40))
    v[5, 7] = level          # a cell exactly on the level
    v[30, 2] = np.nan
    out = codec.far_from_level(v, level)
    near = _straddling_cells(v, level)
    np.testing.assert_array_equal(out[near], v[near])
    assert np.array_equal(np.isnan(out), np.isnan(v))
    ok = np.isfinite(v)
    np.testing.assert_array_equal(out[ok] > level, v[ok] > level)
    np.testing.assert_array_equal(out[ok] < level, v[ok] < level)
    assert (~near & ok).sum() > 0.5 * v.size   # most cells are far: they compress to little
    assert len(np.unique(out[~near & ok])) == 2


def _read(message: bytes):
    (length,) = struct.unpack("<I", message[:4])
    return json.loads(message[4:4 + length]), message[4 + length:]


def _rebuild(header, blobs, parts):
    """The figure the browser draws: ui/live/live_chart.js's steps, in Python. Returns the layout,
    the traces and, per regions image, the RGB of every cell (row 0 the lowest y)."""
    for hash_, text in [header["layout"], *header["traces"]]:
        if text is not None:
            parts[hash_] = text
    layout = json.loads(parts[header["layout"][0]])
    traces = [json.loads(parts[h]) for h, _ in header["traces"]]
    images = []
    for fill in header["fills"]:
        blob = blobs[fill["offset"]:fill["offset"] + fill["length"]]
        trace = traces[fill["trace"]]
        if fill["kind"] == "values":
            trace[fill["attr"]] = codec.decode_values(blob, fill["shape"])
            continue
        labels, confidence = codec.decode_regions(blob, fill["shape"])
        lo, span = fill["band"]
        if "image" in fill:
            tints = np.array([[_rgb(pale), _rgb(strong)] for pale, strong in fill["tints"]], dtype=float)
            t = (lo + span * confidence if fill["confidence"] else np.full(labels.shape, 0.5))[..., None]
            images.append((fill["image"], np.rint(tints[labels, 0] + (tints[labels, 1] - tints[labels, 0]) * t)))
            first, step = fill["image"]["step"] // 2, fill["image"]["step"]
            labels, confidence = labels[first::step, first::step], confidence[first::step, first::step]
        trace["z"] = labels + lo + span * confidence if fill["confidence"] else labels + 0.5
        pct = np.rint(100 * confidence)
        if fill["hover"] == "pair":
            trace["customdata"] = np.stack([labels, pct], axis=-1)
        elif fill["hover"] == "text":
            trace["customdata"], trace["text"] = pct, np.asarray(fill["names"])[labels]
    return layout, traces, images


def _rgb(colour):
    return [int(colour[i:i + 2], 16) for i in (1, 3, 5)]


@pytest.mark.parametrize("make, model", [(_moons, LogisticRegression()), (_three_classes, KNeighborsClassifier())])
@pytest.mark.parametrize("names", [None, {0: "cat", 1: "dog", 2: "eel"}])
@pytest.mark.parametrize("look", [{}, {"presenting_now": True, "dark_now": True}], ids=["plain", "presenter, dark"])
def test_the_message_rebuilds_the_figure(make, model, names, look):
    X, y = make()
    model.fit(X, y)
    grid = evaluate_grid(model, make_bounds(X), 200)
    names = None if names is None else {k: v for k, v in names.items() if k in set(y.tolist())}
    fig = decision_figure(model, X, y, grid=grid, class_names=names)
    if look:   # a restyled copy: a figure made from a dict whose arrays plotly wrote as base64
        fig = charts.styled(fig, **look)
    message, hashes = encode_figure(fig, "chart", {"displayModeBar": False}, grid, set())
    header, blobs = _read(message)
    assert header["config"] == {"displayModeBar": False} and header["key"] == "chart"
    layout, traces, images = _rebuild(header, blobs, {})
    original = json.loads(fig.to_json())
    assert [t["type"] for t in traces] == [t["type"] for t in original["data"]]
    # the layout as plotly writes it, but for what the regions image changes: the axes' grid lines off
    for axis in ("xaxis", "yaxis"):
        assert {k: v for k, v in layout[axis].items() if k not in ("showgrid", "zeroline")} == {
            k: v for k, v in original["layout"][axis].items() if k not in ("showgrid", "zeroline")}
    assert {k: v for k, v in layout.items() if k not in ("xaxis", "yaxis")} == {
        k: v for k, v in original["layout"].items() if k not in ("xaxis", "yaxis")}
    # the regions: ONE image, a pixel a cell, in the colour the heatmap's colorscale gives the cell
    # (the class's tint at its confidence, palette.region_tint), placed on the cells' edges
    [(image, rgb)] = images
    want = np.array([[_rgb(palette.region_tint(k, c)) for k, c in zip(row_k, row_c, strict=True)]
                     for row_k, row_c in zip(grid.labels, grid.confidence, strict=True)])
    assert rgb.shape == (*grid.shape, 3) and np.max(np.abs(rgb - want)) <= 2
    dx, dy = grid.xs[1] - grid.xs[0], grid.ys[1] - grid.ys[0]
    np.testing.assert_allclose(image["extent"], [grid.xs[0] - dx / 2, grid.xs[-1] + dx / 2,
                                                 grid.ys[0] - dy / 2, grid.ys[-1] + dy / 2])
    assert (image["xref"], image["yref"]) == ("x", "y")
    # the image lies below the axes' grid lines, which the heatmap covered: they are off
    assert not layout["xaxis"]["showgrid"] and not layout["yaxis"]["showgrid"]
    # the hover: an invisible heatmap on every step-th cell, with the class and confidence there
    heat, step = traces[0], image["step"]
    assert all(colour == "rgba(0,0,0,0)" for _, colour in heat["colorscale"])
    cells = np.ix_(np.arange(step // 2, 200, step), np.arange(step // 2, 200, step))
    np.testing.assert_allclose(decode(heat["x"]), grid.xs[cells[1].ravel()])
    np.testing.assert_allclose(decode(heat["y"]), grid.ys[cells[0].ravel()])
    z = decode(original["data"][0]["z"])
    np.testing.assert_array_equal(np.floor(heat["z"]), np.floor(z[cells]))   # the class of every cell
    want_custom = decode(original["data"][0]["customdata"])[cells]
    assert np.max(np.abs(heat["customdata"] - want_custom)) <= 1       # whole percent, +-1
    if "text" in original["data"][0] and original["data"][0]["text"] is not None:
        np.testing.assert_array_equal(heat["text"], np.asarray(original["data"][0]["text"])[cells])
    for mine, theirs in zip(traces[1:], original["data"][1:], strict=True):
        if mine["type"] == "contour":
            want = decode(theirs["z"])
            np.testing.assert_array_equal(np.sign(mine["z"]), np.sign(want.astype(np.float16)))
            # around the line (the blocks that straddle 0) the float16 values themselves
            near = _straddling_cells(want.astype(np.float16))
            assert near.any()
            assert np.max(np.abs(mine["z"][near] - want[near])) <= 0.25 * 2.0 ** -11
            mine.pop("z"), theirs.pop("z")
            assert mine == theirs
        else:
            assert mine == theirs
    # a fifth of st.plotly_chart's bytes is the target; the first message is far below it
    assert len(message) < len(fig.to_json()) / 5


@pytest.mark.parametrize("look", [{}, {"presenting_now": True, "dark_now": True}], ids=["plain", "presenter, dark"])
def test_a_plain_dict_figure_sends_what_the_figure_sends(look):
    """The Playground's plane is a plain dict (no go.Figure built): it passes plotly's
    validation, and the browser gets the very bytes the go.Figure gives."""
    X, y = _three_classes()
    model = KNeighborsClassifier().fit(X, y)
    grid = evaluate_grid(model, make_bounds(X), 200)
    fig = decision_figure(model, X, y, grid=grid)
    plain = decision_figure(model, X, y, grid=grid, plain=True)
    assert isinstance(plain, dict)
    assert json.loads(go.Figure(plain).to_json()) == json.loads(fig.to_json())   # validated here, the same figure
    look = {"presenting_now": False, "dark_now": False, **look}
    before = json.dumps(plain["layout"], default=str)
    styled_fig, styled_plain = charts.styled(fig, **look), charts.styled(plain, **look)
    assert json.dumps(plain["layout"], default=str) == before   # the shared dict is restyled as a copy
    def sent(figure):   # what the browser rebuilds, its keys in any order
        layout, traces, images = _rebuild(*_read(encode_figure(figure, "chart", {}, grid, set())[0]), {})
        return json.dumps([layout, traces, images], sort_keys=True, default=lambda a: np.asarray(a).tolist())
    assert sent(styled_plain) == sent(styled_fig)


def test_regions_that_leave_their_axes_bare_stay_a_heatmap():
    """An image lies below the grid lines, which are then switched off: where it would not cover
    the axes (a range wider than the grid) the regions are drawn as the heatmap, as before."""
    X, y = _moons()
    model = KNeighborsClassifier().fit(X, y)
    grid = evaluate_grid(model, make_bounds(X), 60)
    fig = decision_figure(model, X, y, grid=grid)
    x0, x1 = fig.layout.xaxis.range
    fig.update_xaxes(range=[x0 - 1, x1])
    header, blobs = _read(encode_figure(fig, "c", {}, grid, set())[0])
    layout, traces, images = _rebuild(header, blobs, {})
    assert not images and layout["xaxis"].get("showgrid") is not False
    np.testing.assert_array_equal(np.floor(traces[0]["z"]), grid.labels)   # every cell, as before


def test_parts_the_browser_holds_go_as_hashes():
    X, y = _moons()
    grid = evaluate_grid(KNeighborsClassifier().fit(X, y), make_bounds(X), 100)
    fig = decision_figure(KNeighborsClassifier().fit(X, y), X, y, grid=grid)
    first, hashes = encode_figure(fig, "c", {}, grid, set())
    again, hashes_again = encode_figure(fig, "c", {}, grid, set(hashes))
    assert hashes_again == hashes
    header, _ = _read(again)
    assert all(text is None for _, text in [header["layout"], *header["traces"]])
    other = evaluate_grid(KNeighborsClassifier(n_neighbors=15).fit(X, y), make_bounds(X), 100)
    fig2 = decision_figure(KNeighborsClassifier(n_neighbors=15).fit(X, y), X, y, grid=other)
    header2, _ = _read(encode_figure(fig2, "c", {}, other, set(hashes))[0])
    sent = [text is not None for _, text in header2["traces"]]
    names = [json.loads(fig2.to_json())["data"][i].get("name") for i in range(len(sent))]
    # the training points did not change; the boundary and the misclassified points did
    assert not sent[names.index("class 0 (train)")] and sent[names.index("boundary")]


def test_a_heatmap_not_drawn_from_the_grid_goes_as_it_is():
    X, y = _moons()
    model = LogisticRegression().fit(X, y)
    grid = evaluate_grid(model, make_bounds(X), 50)
    other = evaluate_grid(KNeighborsClassifier().fit(X, y), make_bounds(X), 50)
    fig = decision_figure(model, X, y, grid=grid)
    header, _ = _read(encode_figure(fig, "c", {}, other, set())[0])
    assert all(f["kind"] != "regions" for f in header["fills"])
    assert "z" in json.loads(header["traces"][0][1])


def test_positions_drawn_ahead_carry_their_figures_and_send_each_part_once():
    """ahead_message: per position the slider, its value, the figure's signature (the one the run
    at that position sends) and its parts; a part the browser holds or an earlier position sends
    goes as its hash; each position's blobs are its own span of the message."""
    X, y = _moons()
    encoded = []
    for k in (4, 6):
        model = KNeighborsClassifier(n_neighbors=k).fit(X, y)
        grid = evaluate_grid(model, make_bounds(X), 100)
        encoded.append(encode_parts(decision_figure(model, X, y, grid=grid), grid))
    shown = encoded[0]
    data = ahead_message("c", shown.sig, [("p_knn_k", 4.0, encoded[0]), ("p_knn_k", 6.0, encoded[1])],
                         set(shown.hashes))
    header, blobs = _read(data)
    assert header["base"] == shown.sig
    first, second = header["ahead"]
    assert [first["value"], second["value"]] == [4.0, 6.0] and {first["slider"], second["slider"]} == {"p_knn_k"}
    assert [first["sig"], second["sig"]] == [e.sig for e in encoded]
    # what the browser holds goes as a hash; the second figure's new parts go in full, once
    assert all(text is None for _, text in [first["layout"], *first["traces"]])
    texts = dict(zip(encoded[1].hashes, encoded[1].parts, strict=True))
    for h, text in [second["layout"], *second["traces"]]:
        assert text == (None if h in shown.hashes else texts[h])
    assert any(text is not None for _, text in second["traces"])
    for entry, e in zip((first, second), encoded, strict=True):
        assert blobs[entry["offset"]:entry["offset"] + entry["length"]] == e.blobs
    assert encoded[0].sig != encoded[1].sig


def test_arrays_are_written_as_plotly_writes_them():
    """The live chart reads a figure's own dicts and writes its numpy arrays itself: as plotly.py's
    ``convert_to_base64`` (what ``fig.to_plotly_json()`` applies) writes them, every kind of array."""
    import copy

    from _plotly_utils.utils import convert_to_base64
    from plotly.io.json import to_json_plotly

    from ui.live.live_chart import _jsonable

    arrays = [np.arange(5), np.array([0, 300]), np.array([0, 70_000]), np.array([0, 2**40]),
              np.array([1, 2], dtype=np.uint64), np.array([1, 70_000], dtype=np.uint64),
              np.array([1, 2**40], dtype=np.uint64), np.linspace(0, 1, 7), np.ones((3, 4), dtype=np.float32),
              np.arange(12).reshape(3, 4), np.array([True, False]), np.array(["a", "b"], dtype=object),
              np.array([], dtype=np.float64), np.array([-5, 5], dtype=np.int8), np.array([1.5], dtype=np.float16)]
    value = {"data": [{"x": a, "marker": {"color": a, "line": [a, 1]}} for a in arrays],
             "layout": {"xaxis": {"range": np.array([0.0, 1.0])}, "title": "t", "shapes": ({"x0": 1},)}}
    theirs = copy.deepcopy(value)
    convert_to_base64(theirs)
    mine = _jsonable(value)
    assert to_json_plotly(mine) == to_json_plotly(theirs)   # what the browser gets
    assert mine["data"][0]["x"] is not value["data"][0]["x"]   # a copy: the shared figure stays as it was

"""The app under streamlit.testing.v1.AppTest: the one way a test opens a page, and readers of
what the page drew (plotly arrays, figures, widgets, the link)."""

import base64
import json
import pathlib

import numpy as np
from streamlit.testing.v1 import AppTest

from ui.core.layout import page_url_path, section_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
APP = str(ROOT / "app.py")
PLAYGROUND = "pages/1_Playground.py"
PAGES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pages").glob("*.py"))
# The Exercises section of the menu: a task and its check, not a lesson, so no lecture row,
# no "What you see", no dataset panel and no code to show; the other pages are lessons.
EXERCISES = [p for p in PAGES if section_of(page_url_path(ROOT / p)) == "Exercises"]
LESSONS = [p for p in PAGES if p not in EXERCISES]
# Seconds one script run may take (the slowest pages fit several models on a shared machine).
TIMEOUT = 120


def run_page(page=None, query=None, prepare=None) -> AppTest:
    """A fresh session: the link ``query``, then app.py's first run, then ``page`` if given.
    ``prepare(at)`` runs before the first run (to set the session state, say)."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    if query:
        at.query_params.update(query)
    if prepare:
        prepare(at)
    at.run()
    if page:
        at.switch_page(page).run()
    return at


def assert_clean(at):
    assert not at.exception, [e.message for e in at.exception]
    assert not at.error, [e.value for e in at.error]


def decode(value):
    """A plotly array from the chart spec: a list, or {"dtype", "bdata"[, "shape"]}."""
    if isinstance(value, dict) and "bdata" in value:
        arr = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
        if "shape" in value:
            arr = arr.reshape([int(s) for s in str(value["shape"]).split(",")])
        return arr
    return np.asarray(value)


def figure(at, i=0) -> dict:
    return json.loads(at.get("plotly_chart")[i].proto.spec)


def keyed_figure(at, key: str) -> dict:
    """The figure of the chart ``key``: the st.plotly_chart with that key, or the one drawn in the
    container with that key (a live chart, ``ui.live.live_chart.shared_chart``, is a plain
    st.plotly_chart without a key under AppTest)."""
    for c in at.get("plotly_chart"):
        if key in c.proto.id:
            return json.loads(c.proto.spec)
    found = _chart_inside(at._tree, key, False)
    if found is None:
        raise KeyError(key)
    return json.loads(found.proto.spec)


def _chart_inside(node, key: str, under: bool):
    for child in getattr(node, "children", {}).values():
        if under and getattr(child, "type", "") == "plotly_chart":
            return child
        found = _chart_inside(child, key, under or str(getattr(getattr(child, "proto", None), "id", "")).endswith(
            f"-{key}"))
        if found is not None:
            return found
    return None


def charts(at) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def widget(at, key):
    return at.get_widget(key) if hasattr(at, "get_widget") else _find(at, key)


def _find(at, key):
    for kind in ("slider", "select_slider", "selectbox", "toggle", "number_input"):
        for w in getattr(at, kind):
            if w.key == key:
                return w
    raise KeyError(key)


def values(at) -> dict:
    """Every widget with a key, and its value: the settings as the page shows them."""
    out = {}
    for kind in ("slider", "select_slider", "selectbox", "toggle", "number_input", "radio"):
        for w in getattr(at, kind):
            if w.key and not w.key.startswith("$$"):
                out[w.key] = w.value
    return out


def link(at) -> dict[str, str]:
    """The page's link as one value per key."""
    return {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def assert_reopens(at, page: str):
    """The link ``at`` wrote reopens the same settings and figures in a fresh session."""
    assert_clean(at)
    fresh = run_page(page, link(at))
    assert_clean(fresh)
    assert not fresh.warning, [w.value for w in fresh.warning]
    assert values(fresh) == values(at)
    assert charts(fresh) == charts(at)


# --- your own CSV on the Playground ----------------------------------------------------------

GOOD = b"x1,x2,label\n" + b"\n".join(f"{i * 0.5 - 2:g},{(i % 5) - 2:g},{'cat' if i % 2 else 'dog'}".encode()
                                   for i in range(12))


def upload(at, name: str, content: bytes) -> AppTest:
    at.file_uploader(key="own_file").set_value((name, content, "text/csv")).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def plotted(at) -> np.ndarray:
    """Every training and test point of the main chart (x, y), sorted."""
    fig = figure(at)
    xy = [np.column_stack([decode(t["x"]), decode(t["y"])]).astype(float) for t in fig["data"]
          if str(t.get("name", "")).startswith(("class", "test points")) and t.get("x") != [None]]
    pts = np.vstack(xy)
    return pts[np.lexsort(pts.T[::-1])]


def click_step(at, name: str, i: int) -> AppTest:
    """Press step ``i`` of the lecture row ``name`` (ui.core.presets) and check the run is clean."""
    at.button(key=f"preset_{name}_{i}").click().run()
    assert_clean(at)
    return at


def captions(at) -> list[str]:
    return [c.value for c in at.caption]


def seen(at) -> str:
    """The page's one "What you see" block (ui.core.guide.see)."""
    texts = [m.value for m in at.markdown if "What you see" in m.value]
    assert len(texts) == 1, texts
    return texts[0]


def page_links(at) -> list[tuple[str, dict[str, str]]]:
    """Every page link drawn: (the target's URL path, its query as a dict)."""
    from urllib.parse import parse_qsl

    return [(pl.proto.page, dict(parse_qsl(pl.proto.query_string))) for pl in at.get("page_link")]

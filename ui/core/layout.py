"""The menu, and the prelude every page opens with.

``app.py`` is the router: it registers the landing page (``home.py``, "Home") and every file in
``pages/`` with ``st.navigation``, grouped into the menu's sections, sets the page config once
per run and runs the chosen page. Each page keeps the title and URL path the ``pages/``
directory gave it before (``pages/1_Playground.py`` -> "Playground", ``/Playground``), so old
links and bookmarks still work.

A page starts with ``page(...)`` (router check, the link, title, the bad-link warning, the
dataset and drawing panels) and ends with ``finish()`` (the address bar and the link to share).
"""

from __future__ import annotations

import contextlib
import functools
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlencode

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from exercises import KINDS
from ui.core import charts, presenter, settings, small_screens
from ui.data import dataset_panel, draw, own_data_panel, own_points
from ui.live.live_chart import draw_ahead
from ui.serving import ahead, fits, hall

APP_TITLE = "Classifier Playground"
ICON = str(Path(__file__).with_name("icon.svg"))  # served by the app: a lecture room may have no internet
ROOT = Path(__file__).resolve().parents[2]
HOME_FILE = "home.py"
HOME_LABEL = "Home"
_PAGES = "_menu_pages"  # this session's st.Page objects (navigation_pages)
_ROUTED = "_routed"  # set by the router on each run, taken by the page it runs
LINKED = "_guide_linked"  # pages ui.core.guide linked to in this run (so "Where next" does not repeat them)
_FRESH_KEY = "ds_data"  # set once the dataset panel has been drawn: the session has a dataset
_REPEATED = "_link_repeated"  # keys the link gives more than once
_PART_SHARES = "_part_shares"  # a part of this run drew "Link to this view" (part(share=True))

# The menu's sections, in order, and the pages (by URL path) in each. A path listed here
# before its file exists in pages/ is simply not in the menu yet.
SECTIONS = {
    "Models": ("Playground", "SVM_and_kernels", "Decision_tree", "ID3_on_a_table", "Ensembles",
               "Perceptron", "Neural_network", "Multi-class"),
    "Model selection": ("Learning_curves", "Validation_curve", "Cross-validation", "Search",
                        "Bias-variance", "Compare_models"),
    "Theory & features": ("Learning_theory", "Features"),
    "Exercises": (*(path for _, path in KINDS.values()), "Ask_the_room"),
}


class Entry(NamedTuple):
    """One menu entry: the script (relative to app.py), its label, its URL path, its section."""
    file: str
    label: str
    url_path: str
    section: str = ""


def page_files() -> list[Path]:
    """The files in pages/, in menu order (their numeric prefix)."""
    return sorted((ROOT / "pages").glob("[0-9]*_*.py"), key=lambda p: (int(p.name.split("_")[0]), p.name))


def page_label(path: Path) -> str:
    """"3_Decision_tree.py" -> "Decision tree" (the label in the menu and the page title)."""
    return page_url_path(path).replace("_", " ")


def page_url_path(path: Path) -> str:
    """"3_Decision_tree.py" -> "Decision_tree" (the address /Decision_tree)."""
    return path.stem.split("_", 1)[1]


def section_of(url_path: str) -> str:
    for section, paths in SECTIONS.items():
        if url_path in paths:
            return section
    raise KeyError(f"pages/*_{url_path}.py is in no menu section: add it to ui.core.layout.SECTIONS")


def menu() -> list[Entry]:
    """Home first (the app's root URL), then the pages in their numeric order."""
    return list(_menu())


@functools.cache   # the files stay put while the server runs (no file watcher: restart after a change)
def _menu() -> tuple[Entry, ...]:
    return (Entry(HOME_FILE, HOME_LABEL, ""),
            *(Entry(f"pages/{p.name}", page_label(p), page_url_path(p), section_of(page_url_path(p)))
              for p in page_files()))


def navigation_pages() -> dict[str, list]:
    """The menu as sections of ``st.Page`` objects for ``st.navigation`` (Home, the default
    page, heads the menu in a section without a header). Made once per session: each
    ``st.Page`` resolves its file's real path, a fifth of a rerun's time under a hall's load.
    Not once per server: ``st.navigation`` marks the page it runs on the object itself."""
    if _PAGES not in st.session_state:
        sections: dict[str, list] = {}
        for e in menu():
            sections.setdefault(e.section, []).append(
                st.Page(e.file, title=e.label, url_path=e.url_path or None, default=not e.url_path))
        st.session_state[_PAGES] = sections
    return st.session_state[_PAGES]


_navigation = st.components.v2.component(
    "classifier_playground.navigation",
    js="\n".join(line for line in (Path(__file__).with_name("navigation.js")).read_text().splitlines()
                 if not line.lstrip().startswith("//")),
    isolate_styles=False,
)


def page_config(label: str) -> None:
    """Title, icon, wide layout, the menu open (on a phone closed): called once per run, by the router."""
    st.session_state[_ROUTED] = True
    st.set_page_config(page_title=APP_TITLE if label == HOME_LABEL else f"{label} · {APP_TITLE}",
                       page_icon=ICON, layout="wide", initial_sidebar_state="auto")  # closed on a phone


def page_setup() -> None:
    """Make sure the router runs this page.

    While a ``pages/`` folder sits beside app.py, Streamlit starts a fresh server in its
    legacy mode: it runs a page file directly, without app.py, with a menu whose first
    entry is "app", until some run calls ``st.navigation``. A page reached that way
    registers the real menu here and reruns, through the router this time.
    """
    if not st.session_state.pop(_ROUTED, False):
        st.navigation(navigation_pages(), expanded=True)
        st.rerun()


class Page(NamedTuple):
    """What the prelude gives a page: the dataset recipe, the drawn points, the data
    (None on a page without the dataset panel) and the click mode ("add", "erase", "move",
    "inspect"; False without a chart to click)."""
    recipe: dataset_panel.Recipe | None
    drawn: tuple
    data: fits.Data | None
    drawing: str | bool


def page(title: str | None, *, name: str, with_dataset: bool = True, draw_on: str | None = None,
         opening: dict | None = None) -> Page:
    """The opening of every page: the router check, the link (read on the page's first run in
    the session, and on every arrival from another page), the title, the place of the bad-link
    warning, the dataset panel, and with ``draw_on`` (the chart's key) the drawing panel and the
    click listener.

    ``opening``: session values (a lecture step's kind, ``ui.core.presets``) for a first visit: used
    when the link is bare and the session has no dataset yet, so a student who opens the page from
    the menu sees data where its lesson shows. A link with any item was written by the app, and
    its missing items mean their defaults, as they always did."""
    ahead.stop(session_id())  # a full run: the student left the page, or changed what it shows
    page_setup()
    _compact()
    _navigation(key="navigation", height=0)  # history entries per page, the phone's menu (navigation.js)
    link = _link_once(name)
    if opening and not link and link is not None and _FRESH_KEY not in st.session_state:
        for key, value in opening.items():
            settings.put(key, list(value) if isinstance(value, list) else value)
    settings.begin(name, link, st.empty() if title is None else _titled(title))
    st.session_state[LINKED] = []
    st.session_state[_PART_SHARES] = False
    if link:
        for key in st.session_state.pop(_REPEATED, []):
            settings.report(f"**{key}** is given more than once in this link: using the last, `{link[key]}`.")
    presenter.begin()
    if presenter.active():
        _menu_links()
    if not with_dataset:
        st.session_state.pop(own_points.LINK_NOTE, None)
        return Page(None, (), None, False)
    pts = settings.take("pts")
    if pts is not None:
        problem = draw.from_url(pts)
        if problem:
            settings.report(problem)
    own = [settings.take(name) for name in own_points.LINK_ITEMS]
    if any(own):
        problem = own_points.from_url(*own)
        if problem:
            settings.report(problem)
    if draw_on:
        # The clicks on the chart (from the previous render) change the points before anything is computed.
        draw.listen(draw_on, True, on_click=draw.queue_click, every_click=True)
    recipe = dataset_panel.dataset_panel(where=presenter.pages_popover("data") if presenter.active() else None)
    if draw_on and draw.queued():  # before the drawing panel, so its Undo and its counts include them
        draw.apply_clicks(draw.mode(), recipe, fits.dataset(recipe, draw.points()).bounds)
        recipe = recipe._replace(erased=own_points.erased(recipe))
    drawing = draw.draw_panel() if draw_on else False
    drawn = draw.points()
    settings.link_item("pts", draw.to_url(drawn))
    own_items, st.session_state[own_points.LINK_NOTE] = own_points.link_items(recipe, draw.to_url(drawn))
    for name in own_points.LINK_ITEMS:
        settings.link_item(name, own_items.get(name))
    data = fits.dataset(recipe, drawn)
    own_data_panel.table_panel(data)
    return Page(recipe, drawn, data, drawing)


def _menu_links() -> None:
    """The menu in presenter mode's "Pages & data" popover (the sidebar is hidden): the same
    pages in the same sections; presenter mode stays on for the session."""
    with presenter.pages_popover("menu"):
        for section, pages in navigation_pages().items():
            if section:
                st.markdown(f"**{section}**")
            for entry in pages:
                st.page_link(entry, label=entry.title)


def controls(spec, **kwargs):
    """The page's settings column and the rest of the page's width, ``st.columns(spec, **kwargs)``;
    in presenter mode the settings go into the bar's "Settings" popover and the rest takes the
    whole width, so the plane can be as tall as the screen."""
    if presenter.active():
        return presenter.settings_popover(), st.container()
    return st.columns(spec, **kwargs)


# A compact header so the main chart fits a 1280x720 projector: less space above the page,
# a smaller title, smaller metric values, and button labels that wrap instead of being cut.
_COMPACT_CSS = """<style>
.block-container {padding: 3.2rem 2rem 2rem 2rem;}
.block-container h1 {font-size: 1.75rem; padding: 0.25rem 0 0.25rem 0;}
[data-testid="stMetricValue"] {font-size: 1.5rem;}
[data-testid="stMetricLabel"] p {white-space: normal;}
[data-testid="stMetric"] {min-width: 0;}
.stButton button p {white-space: normal; overflow: visible; text-overflow: clip;}
.st-key-navigation {display: none !important;}
[class*="st-key-drawn_ahead_"] {display: none !important;}
[class*="st-key-on_screen_watch_"] {display: none !important;}
</style>"""


# The screen a page's main chart is laid out for: a 1280x720 projector.
SCREEN_HEIGHT = 720


def fit_screen(key: str, fig):
    """Let the page's main chart (the element or container ``key``) grow with the screen.

    The figure's height is the chart's height on a 720 px tall screen; on a taller screen the
    chart is taller by the difference, so it keeps its gap to the bottom of the screen, and an
    equal-aspect plane, limited by its height, gets wider too. Draw the returned figure with
    ``charts.plotly_chart(fig, height="stretch")``. Streamlit knows no screen size on the server,
    hence CSS (100vh); ``flex: none`` because a flex item's basis would override its height.
    In presenter mode the chart also takes the height the hidden header freed."""
    screen_height(key, int(fig.layout.height))
    fig.layout.height = None
    return fig


def screen_height(key: str, height: int) -> None:
    """The CSS of :func:`fit_screen` for a chart ``height`` px tall on a 720 px screen, for a
    figure built elsewhere (``ui.live.live_chart.shared_chart``) with its height already None."""
    if presenter.active():
        presenter.fill_screen(key)
    else:
        small_screens.fit(key, height)
    st.html(f"<style>.st-key-{key} {{flex: 0 0 auto !important; {height_rule(height)}}}</style>")


def height_rule(height: int) -> str:
    """CSS: ``height`` px on a 720 px screen, taller by as much as the screen is (and, in
    presenter mode, by the height the hidden chrome freed)."""
    if presenter.active():
        height += presenter.EXTRA_HEIGHT
    return f"height: max({height}px, calc(100vh - {SCREEN_HEIGHT - height}px)) !important;"


def _compact() -> None:
    st.html(_COMPACT_CSS + small_screens.CSS)   # one element: the desktop layout keeps its gaps


def _titled(title: str):
    st.title(title, anchor=False)
    return st.empty()


def session_id() -> str:
    """This run's session ("" outside a session)."""
    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else ""


def rerun_alone() -> bool:
    """Whether this run is a fragment's alone (a widget inside it changed), not the page's."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


@contextlib.contextmanager
def part(name: str, share: bool = False):
    """The body of a fragment (``st.fragment``: a chart and the settings that drive it), which
    reruns alone when one of its widgets changes. Its settings' link items replace the ones it
    recorded before and the whole link is written at its end (``ui.core.settings.part_begin``);
    "Where next" and "What you see" inside it link as in the page's full run; a rerun alone
    takes a place in the hall like a page run, and stops the work computed ahead for the
    previous step (``ui.serving.ahead``). ``share``: the part draws the sidebar's "Link to this
    view" (a fragment cannot redraw what the page drew outside it), for a part after which the
    page draws no other setting. Yields whether it reruns alone."""
    # a part inside a running part is a piece of that part's run, alone or not
    ss, alone, before = st.session_state, rerun_alone() and not settings.inside_part(), f"_linked_before_{name}"
    if alone and settings.put_before_run():
        st.rerun()   # a button inside the part set settings outside it (a lecture step's dataset)
    if alone:
        ahead.stop(session_id())
        ss[LINKED] = list(ss.get(before, []))
    else:
        ss[before] = list(ss.get(LINKED, []))
    settings.part_begin(name, alone)
    with hall.turn(session_id()) if alone else contextlib.nullcontext():
        try:
            yield alone
        finally:
            settings.part_end(name, alone)
    if share:
        ss[_PART_SHARES] = True
        _share_link()


class Ahead(NamedTuple):
    """A live chart drawn ahead (``ui.live.live_chart.draw_ahead``): its key, its builder, the
    builder's arguments at some parameters (``args(params)``) and a parameter's widget key
    (``widget(p)``)."""
    chart: str
    builder: object
    args: object
    widget: object


def compute_ahead(name: str, spec, params: dict, work, scope=None, chart: Ahead | None = None,
                  opening: str | None = None, also: str | None = None) -> None:
    """After a run, compute in the background the neighbouring positions of the slider of
    ``params`` last moved (``ui.serving.ahead``); ``work(params)`` lists the ``(builder, *args)``
    a run at ``params`` computes, in the order it needs them. ``spec``: the model's ModelSpec, or
    the ParamSpecs of ``params``; ``scope``: what they belong to (by default the model's key): when
    it changes, no slider has moved yet. ``chart``: a live chart whose figures at those positions
    the browser gets now, to draw the moment the slider shows one (``draw_ahead``). ``opening``:
    the slider to compute around while none has moved (a page whose first step is slow to compute,
    and whose lesson is that slider). ``also``: a second slider the browser gets the neighbours of
    after the first's (the Playground's data noise beside the model's slider; when ``also`` is the
    slider moved, the first other slider)."""
    ss, kept = st.session_state, f"_ahead_{name}"
    specs = tuple(spec.params) if hasattr(spec, "params") else tuple(spec)
    scope = spec.key if scope is None and hasattr(spec, "key") else scope
    was, before, slider, rising = ss.get(kept, (None, None, None, True))
    if was != scope:
        slider = None
    else:
        now = ahead.moved(specs, before, params)
        if now is not None:
            slider, rising = now, params[now] > before[now]
    ss[kept] = (scope, dict(params), slider, rising)
    p = next((q for q in specs if q.name == (slider or opening)), None)
    if slider is None and chart is not None:
        # no slider moved yet: the browser gets the first slider's neighbours (the one a student
        # reaches first); nothing is computed in the background but the neighbours of ``opening``
        first = next((q for q in specs if ahead.is_slider(q) and q.relevant(params)), None)
        if first is not None:
            draw_ahead(chart.chart, chart.builder, _drawn(chart, first, ahead.positions(specs, params, first.name))
                       + _also(chart, specs, params, first, also))
        if p is not None and p.relevant(params):   # ``opening`` with a chart: also computed in the background
            ahead.start(session_id(), [work(q) for q in ahead.positions(specs, params, p.name)])
        return
    if p is None or not p.relevant(params):
        return
    near = ahead.positions(specs, params, p.name, rising)
    if chart is not None:
        draw_ahead(chart.chart, chart.builder, _drawn(chart, p, near) + _also(chart, specs, params, p, also))
    ahead.start(session_id(), [work(q) for q in near])


def _drawn(chart: Ahead, p, near: list[dict]) -> list[tuple]:
    """(widget key, the slider's value in the browser, the builder's arguments) per position."""
    return [(chart.widget(p), _shown(p, q[p.name]), chart.args(q)) for q in near if _shown(p, q[p.name]) is not None]


def _also(chart: Ahead, specs, params: dict, p, also: str | None) -> list[tuple]:
    """The positions of ``also`` drawn after those of ``p``; of the first other slider if ``p`` is ``also``."""
    if also is None:
        return []
    other = next((q for q in specs if ahead.is_slider(q) and q.relevant(params) and q.name != p.name
                  and (p.name == also or q.name == also)), None)
    return [] if other is None else _drawn(chart, other, ahead.positions(specs, params, other.name))


def _shown(p, value) -> float | None:
    """The value a slider's element holds in the browser: a log slider (a select slider of
    ``settings.log_grid``) holds its option's index (None: not one of its options)."""
    if not p.log:
        return float(value)
    grid = settings.log_grid(p)
    return float(grid.index(value)) if value in grid else None


def _link_once(name: str) -> dict[str, str] | None:
    """The URL's query parameters on this page's first run in the session and whenever the user
    arrives from another page (a link of ``ui.core.guide`` carries the view; the menu carries
    nothing), else None: on the page's own reruns the address bar only echoes its settings."""
    flag = f"_url_read_{name}"
    if st.session_state.get(flag) and settings.current_page() == name:
        return None
    st.session_state[flag] = True
    link = st.query_params.to_dict()  # a repeated key: its last value (ui.core.layout.page says so)
    st.session_state[_REPEATED] = sorted(k for k in link if len(st.query_params.get_all(k)) > 1)
    return link


def finish(share: bool = True) -> None:
    """The end of a page (and of a page that stops early): the address bar shows the page's
    settings, and the sidebar offers the link to this view."""
    settings.finish()
    presenter.toggle()
    charts.format_choice()
    if share and not st.session_state.get(_PART_SHARES):
        _share_link()


def _share_link() -> None:
    with st.sidebar, st.expander("Link to this view"):
        query = urlencode(settings.link_items())
        try:
            base = (st.context.url or "").split("?")[0]
        except Exception:  # st.context.url is missing outside a browser session
            base = ""
        st.code(f"{base}?{query}" if query else base or "(defaults)", language=None, wrap_lines=True)
        if st.session_state.get(own_points.LINK_NOTE):
            st.caption(st.session_state[own_points.LINK_NOTE])


def stop(share: bool = True) -> None:
    """``finish`` then ``st.stop``: a page that cannot go on still keeps its link."""
    finish(share)
    st.stop()

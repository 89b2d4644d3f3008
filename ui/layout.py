"""Navigation and page setup shared by every page.

``app.py`` is the router: it registers the landing page (``home.py``, "Home" in the
menu) and every file in ``pages/`` with ``st.navigation``, sets the page config
once per run, and runs the chosen page. Each page keeps the title and URL path the
``pages/`` directory gave it before (``pages/1_Playground.py`` -> "Playground",
``/Playground``), so old links and bookmarks still work.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import streamlit as st

from . import params, state

APP_TITLE = "Classifier Playground"
ICON = ":material/scatter_plot:"
ROOT = Path(__file__).resolve().parent.parent
HOME_FILE = "home.py"
HOME_LABEL = "Home"
_ROUTED = "_routed"  # set by the router on each run, taken by the page it runs


class Entry(NamedTuple):
    """One menu entry: the script (relative to app.py), its label and its URL path."""
    file: str
    label: str
    url_path: str


def page_files() -> list[Path]:
    """The files in pages/, in menu order (their numeric prefix)."""
    return sorted((ROOT / "pages").glob("[0-9]*_*.py"), key=lambda p: (int(p.name.split("_")[0]), p.name))


def page_label(path: Path) -> str:
    """"3_Decision_tree.py" -> "Decision tree" (the label in the menu and the page title)."""
    return page_url_path(path).replace("_", " ")


def page_url_path(path: Path) -> str:
    """"3_Decision_tree.py" -> "Decision_tree" (the address /Decision_tree)."""
    return path.stem.split("_", 1)[1]


def menu() -> list[Entry]:
    """Home first (the app's root URL), then the pages in their numeric order."""
    return [Entry(HOME_FILE, HOME_LABEL, ""),
            *(Entry(f"pages/{p.name}", page_label(p), page_url_path(p)) for p in page_files())]


def navigation_pages() -> list:
    """The menu as ``st.Page`` objects for ``st.navigation`` (Home is the default page)."""
    return [st.Page(e.file, title=e.label, url_path=e.url_path or None, default=not e.url_path)
            for e in menu()]


def page_config(label: str) -> None:
    """Title, icon, wide layout, open sidebar: called once per run, by the router."""
    st.session_state[_ROUTED] = True
    st.set_page_config(page_title=APP_TITLE if label == HOME_LABEL else f"{label} · {APP_TITLE}",
                       page_icon=ICON, layout="wide", initial_sidebar_state="expanded")


def page_setup(title: str | None = None) -> None:
    """First call of every page: make sure the router runs it, and note a page switch.

    While a ``pages/`` folder sits beside app.py, Streamlit starts a fresh server in its
    legacy mode: it runs a page file directly, without app.py, with a menu whose first
    entry is "app", until some run calls ``st.navigation``. A page reached that way
    registers the real menu here and reruns, through the router this time.

    ui.state.remember re-binds kept widget values only on the first run of a page.
    """
    ss = st.session_state
    if not ss.pop(_ROUTED, False):
        st.navigation(navigation_pages())
        st.rerun()
    ss["_page_changed"] = ss.get("_page") != (title or "home")
    ss["_page"] = title or "home"


# --- a page's own settings in the URL ------------------------------------------------------------
# Pages whose widgets are not a model's ParamSpecs (the tree and ID3 pages) describe them with
# ParamSpecs too, so the link is validated by the same ``coerce`` as every other value.

def settings_from_url(specs, keys: dict[str, str], query: dict[str, str]) -> list[str]:
    """Preset the widget ``keys[p.name]`` from ``query[p.name]``; a sentence per refused value."""
    problems = []
    for p in specs:
        if p.name not in query:
            continue
        raw = query[p.name]
        try:
            v = params.snap(p, p.coerce(raw))
        except ValueError as err:
            problems.append(f"**{p.label or p.name}** = `{raw}`: {err}. Using {_default_text(p)}.")
            continue
        state.preset(keys[p.name], v)
    return problems


def _default_text(p) -> str:
    if p.default is None:  # a default that depends on the data
        return "the default"
    if p.kind == "bool":
        return f"the default, {'on' if p.default else 'off'}"
    return f"the default, {params.fmt(p.default)}"


def settings_to_url(specs, values: dict) -> dict[str, str]:
    """The settings that differ from their defaults, as URL items."""
    return {p.name: params.url_value(values[p.name]) for p in specs
            if p.name in values and values[p.name] != p.default}

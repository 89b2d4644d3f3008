"""Page setup shared by every page."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

APP_TITLE = "Classifier Playground"
ICON = ":material/scatter_plot:"
ROOT = Path(__file__).resolve().parent.parent


def page_setup(title: str | None = None) -> None:
    """Page config (must be the first Streamlit call of a page)."""
    st.set_page_config(page_title=f"{title} · {APP_TITLE}" if title else APP_TITLE,
                       page_icon=ICON, layout="wide", initial_sidebar_state="expanded")
    # ui.state.remember re-binds kept widget values only on the first run of a page.
    ss = st.session_state
    ss["_page_changed"] = ss.get("_page") != (title or "home")
    ss["_page"] = title or "home"


def page_files() -> list[Path]:
    """The files in pages/, in menu order (their numeric prefix)."""
    return sorted((ROOT / "pages").glob("[0-9]*_*.py"), key=lambda p: (int(p.name.split("_")[0]), p.name))


def page_label(path: Path) -> str:
    """"3_Decision_tree.py" -> "Decision tree" (what Streamlit shows in the menu)."""
    return path.stem.split("_", 1)[1].replace("_", " ")

"""Session and URL state shared by every page.

Widget values live in ``st.session_state`` under stable keys. Streamlit drops a
widget's value when the widget is not drawn (another page, another model), so
each value is also kept in a plain dict, ``_keep``, and put back before the
widget is drawn again. The URL mirrors the shareable part of that state: it is
read once per page and session (validated like any input) and rewritten after
every run.
"""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

_KEEP = "_keep"


def remember(key: str, default, valid=None):
    """Make sure ``st.session_state[key]`` holds a usable value before its widget is drawn.

    ``valid(value) -> bool`` rejects a kept value that no longer fits the widget
    (a class count outside the new generator's range); then ``default`` is used.
    """
    ss = st.session_state
    keep = ss.setdefault(_KEEP, {})
    if key in ss and (valid is None or valid(ss[key])):
        value = ss[key]
    else:
        value = keep.get(key, default)
        if valid is not None and not valid(value):
            value = default
    # After a page switch the old value is still bound to the previous page's widget, and
    # the new page's widget would start at its minimum: re-assign it then. Not on every
    # run: a re-assigned value is pushed back to the browser and would undo a slider step
    # the user made while the previous run was still going.
    if ss.get("_page_changed", True) or ss.get(key) != value:
        ss[key] = value
    return value


def current(key: str, default=None):
    """The value a widget has now, or the one kept from the last page that drew it."""
    ss = st.session_state
    return ss[key] if key in ss else ss.get(_KEEP, {}).get(key, default)


def keep(key: str, value=None) -> None:
    """Remember a widget's value across pages and model switches."""
    ss = st.session_state
    ss.setdefault(_KEEP, {})[key] = ss[key] if value is None else value


def preset(key: str, value) -> None:
    """Set a value as if the user had chosen it (used for values from the URL)."""
    st.session_state.setdefault(_KEEP, {})[key] = value
    st.session_state[key] = value


def url_once(page: str) -> dict[str, str] | None:
    """The URL's query parameters on this page's first run in the session, else None."""
    flag = f"_url_read_{page}"
    if st.session_state.get(flag):
        return None
    st.session_state[flag] = True
    return st.query_params.to_dict()


def write_url(items: dict[str, str]) -> None:
    """Make the address bar show exactly ``items`` (skipped when nothing changed)."""
    items = {k: str(v) for k, v in items.items()}
    if st.query_params.to_dict() != items:
        st.query_params.from_dict(items)


def warn_bad_url(problems: list[str]) -> None:
    """One warning listing every value from the link that could not be used."""
    if problems:
        lines = "\n".join(f"- {p}" for p in problems)
        st.warning(f"Some settings in this link could not be used, so defaults are shown instead:\n{lines}",
                   icon=":material/link_off:")


def share_link(items: dict[str, str]) -> None:
    """Show the link to the current view with a copy button."""
    query = urlencode({k: str(v) for k, v in items.items()})
    base = ""
    try:
        base = (st.context.url or "").split("?")[0]
    except Exception:  # st.context.url is missing outside a browser session
        base = ""
    st.code(f"{base}?{query}" if query else base or "(defaults)", language=None, wrap_lines=True)

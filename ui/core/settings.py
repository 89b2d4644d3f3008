"""Every setting a page shows goes through one helper, ``setting(spec, key)``: it draws the
widget its ParamSpec describes, keeps the value for the session, takes it from the link
(validated) and writes it back to the link.

    min_leaf = setting(MODELS["tree"].param("min_samples_leaf"), "tree_min_leaf")

Keeping. Widgets are drawn with ``persist_state="session"``: Streamlit keeps a value while its
widget is not drawn (another page, another model, a page that stopped early), so a setting
keeps its value whatever the user does in between. A kept value that no longer fits (a row
past the end of a smaller table, a class count the new generator cannot make) is replaced by
the setting's default, or its maximum with ``clamp``, and a caption under the widget says so.

The link. ``begin`` (called by ``ui.core.layout.page``) holds the link's items on a page's first run
in the session; each setting takes the item of its name. A value ``ParamSpec.coerce`` refuses,
or one outside the widget's range, becomes one sentence of the page's single warning and the
default is used. Every setting drawn in a run records its value as a link item when it differs
from the default; ``publish`` writes them to the address bar. One exception: a page that
reconnected by itself to a new session (its server restarted) sends its widgets' values with
the session's first run, and those win over its one-step-old link.

Fragments. A part of the page drawn as a fragment (``st.fragment``: a slider and the chart it
drives) reruns alone when one of its widgets changes; the rest of the page, and its link items,
stay as the last full run left them. The part's settings are recorded between ``part_begin`` and
``part_end``: a rerun of the part first removes the items it recorded last time (another model's
settings, a setting its kernel no longer has), records what it draws now, and ``part_end``
publishes the whole link, the rest of the page's items included.
"""

from __future__ import annotations

import math
from dataclasses import replace

import streamlit as st

from catalog.specs import ParamSpec

KEEP = "session"          # persist_state of every setting's widget
INF_LABEL = "∞"
# Streamlit shows a selectbox whose value is None as "Choose an option", so a None choice
# (max_depth = no limit) lives in the widget as this stand-in.
NO_LIMIT = "no limit"
_PENDING = "_link_pending"    # link items no setting has taken yet (a page's first run)
_LINKED = "_link_read"        # this full run reads a link (until its end: fragments that rerun later do not)
_ITEMS = "_link_items"        # this page's values as link items
_PROBLEMS = "_link_problems"  # sentences of the bad-link warning
_SLOT = "_link_slot"          # where the warning is drawn (under the title)
_SHOWN = "_shown"             # every linked setting's value this run, default or not (file names)
_SHAPES = "_shapes"          # key -> the range a setting's widget was last drawn with (one entry:
                              # Streamlit walks every session-state key for every widget it draws)
_RESTART = "_restart_"        # + key: what a setting with ``restart_on`` last stepped through
_PAGE, _SWITCHED = "_page", "_page_switched"  # the page of the last full run; this run is another's
_BROWSER = "_browser_held"    # keys of the widgets whose values the browser sent to a new session
_PARTS = "_link_parts"        # part -> the link names its last run recorded (ui.core.layout.part)
_PART = "_link_part"          # the names recorded by each part running now, outermost first
_PUT = "_put_since_run"       # ``put`` was called since the last run ended (a lecture step's callback)


# --- how values look -------------------------------------------------------------------------

def fmt(v) -> str:
    if isinstance(v, float):
        return INF_LABEL if math.isinf(v) else f"{v:g}"
    return str(v).replace("_", " ")


def url_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return "inf" if math.isinf(v) else f"{v:.10g}"
    return str(v)


def log_grid(p: ParamSpec) -> list[float]:
    """Values 1, 2, 5 per decade between low and high (plus the ends, the default and inf)."""
    lo, hi = float(p.low), float(p.high)
    values = {lo, hi}
    for e in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 1):
        for m in (1, 2, 5):
            v = float(f"{m}e{e}")
            if lo <= v <= hi:
                values.add(v)
    if isinstance(p.default, (int, float)) and not math.isinf(p.default):
        values.add(float(p.default))
    if p.kind == "int":
        values = {int(round(v)) for v in values}
    grid = sorted(values)
    if p.allow_inf:
        grid.append(math.inf)
    return grid


def snap(p: ParamSpec, v):
    """A coerced value moved to the nearest value its widget can show."""
    if p.kind in ("int", "float") and p.log and not math.isinf(v):
        grid = [g for g in log_grid(p) if not math.isinf(g)]
        return min(grid, key=lambda g: abs(math.log10(g) - math.log10(max(v, 1e-300))))
    if p.kind == "float" and p.step and p.low is not None:
        return round(p.low + round((v - p.low) / p.step) * p.step, 10)
    return v


def _widget_value(v):
    return NO_LIMIT if v is None else v


def _model_value(v):
    return None if v == NO_LIMIT else v


def _check(p: ParamSpec, v):
    """The value as the widget holds it, or ValueError saying why it does not fit."""
    if p.kind == "choice":
        return _widget_value(p.coerce(_model_value(v)))
    if p.kind == "bool":
        return p.coerce(v)
    if isinstance(v, bool):
        raise ValueError(f"{p.label or p.name} must be a number")
    value = snap(p, p.coerce(v))
    return float(value) if p.kind == "float" else value


def _fits(p: ParamSpec, v) -> bool:
    """Whether the widget can show ``v`` as it is (same value, same type: a slider of ints
    refuses 3.0)."""
    try:
        held = _check(p, v)
    except (ValueError, TypeError):
        return False
    return held == v and type(held) is type(v)


def _default_text(p: ParamSpec, show) -> str:
    if p.default is None:  # a default that depends on the data
        return "the default"
    if p.kind == "bool":
        return f"the default, {'on' if p.default else 'off'}"
    return f"the default, {show(_widget_value(p.default))}"


# --- the link --------------------------------------------------------------------------------

def begin(page: str, link: dict[str, str] | None, slot) -> None:
    """A full run of ``page`` starts: the link's items (first run in the session, else None),
    and the empty container where the bad-link warning goes."""
    ss = st.session_state
    # A session's first run normally comes with no widget values. With some, the browser held
    # this page before: its server restarted (or the replica died) and it reconnected by itself
    # to a new session, whose first run is the user's next step. The link in the address bar is
    # one step old then, so those widgets keep the values the browser sent.
    ss[_BROWSER] = _sent_widget_keys() if _PAGE not in ss else frozenset()
    ss[_SWITCHED] = ss.get(_PAGE) != page
    ss[_PAGE] = page
    ss[_PENDING] = dict(link or {})
    ss[_LINKED] = bool(link)
    ss[_ITEMS] = {}
    ss[_SHOWN] = {}
    ss[_PROBLEMS] = []
    ss[_SLOT] = slot
    ss[_PUT] = False
    ss[_PART] = []


def current_page() -> str | None:
    """The page of the last full run (the name given to ``begin``)."""
    return st.session_state.get(_PAGE)


def _sent_widget_keys() -> frozenset[str]:
    """Keys of the widgets whose values came with this run from the browser. Streamlit has no
    public way to read them before the widgets are drawn: read its incoming widget states
    (read only), and if that ever fails, assume none came (the link wins, as on a first visit)."""
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx
        from streamlit.runtime.state.common import user_key_from_element_id

        ctx = get_script_run_ctx()
        ids = list(ctx.session_state._state._new_widget_state.states)
        return frozenset(k for k in map(user_key_from_element_id, ids) if k)
    except Exception:  # noqa: BLE001 (any change in Streamlit's internals: fall back to the link)
        return frozenset()


def take(name: str) -> str | None:
    """The link's raw value for ``name`` (used once), or None."""
    return st.session_state.get(_PENDING, {}).pop(name, None)


def reading_link() -> bool:
    """Whether this run reads a link: its missing items then mean their defaults."""
    return bool(st.session_state.get(_LINKED))


def untaken(prefix: str = "") -> list[str]:
    """Link items no setting has taken yet, whose name starts with ``prefix``."""
    return [k for k in st.session_state.get(_PENDING, {}) if k.startswith(prefix)]


def report(sentence: str) -> None:
    """Add a sentence to the page's one warning about its link."""
    problems = st.session_state.setdefault(_PROBLEMS, [])
    problems.append(sentence)
    lines = "\n".join(f"- {p}" for p in problems)
    st.session_state[_SLOT].warning(
        f"Some settings in this link could not be used, so defaults are shown instead:\n{lines}",
        icon=":material/link_off:")


def link_item(name: str, value: str | None) -> None:
    """Put a value that is not a widget (drawn points) in the link; None removes it."""
    items = st.session_state.setdefault(_ITEMS, {})
    _recorded(name)
    if value is None:
        items.pop(name, None)
    else:
        items[name] = value


def _recorded(name: str) -> None:
    for names in st.session_state.get(_PART, ()):   # a part inside a part: both own the item
        names.add(name)


def part_begin(part: str, rerun_alone: bool) -> None:
    """A part of the page (a fragment) starts; ``rerun_alone``: it reruns without the page, so the
    items it recorded last time are removed first (it records what it draws now)."""
    ss = st.session_state
    if rerun_alone:
        for name in ss.get(_PARTS, {}).get(part, ()):
            ss.get(_ITEMS, {}).pop(name, None)
            ss.get(_SHOWN, {}).pop(name, None)
    ss[_PART] = [*ss.get(_PART, ()), set()]


def inside_part() -> bool:
    """Whether a part is running now (a part inside it runs as a piece of it)."""
    return bool(st.session_state.get(_PART))


def put_before_run() -> bool:
    """Whether ``put`` gave a setting a value since the last run ended: a callback (a lecture
    step, "use this dataset") may have set settings outside the part, so the page must run whole."""
    return bool(st.session_state.get(_PUT))


def part_end(part: str, rerun_alone: bool) -> None:
    """The part ends: remember what it recorded; alone, write the page's whole link."""
    ss = st.session_state
    *outer, names = ss.get(_PART) or [set()]
    ss[_PART] = outer
    ss.setdefault(_PARTS, {})[part] = frozenset(names)
    ss[_PUT] = False
    if rerun_alone:
        publish()


def link_items() -> dict[str, str]:
    return dict(st.session_state.get(_ITEMS, {}))


def shown() -> dict[str, str]:
    """Every linked setting drawn in this run with its value, also those at their default."""
    return dict(st.session_state.get(_SHOWN, {}))


def publish() -> None:
    """Make the address bar show exactly this page's link items (skipped when nothing changed)."""
    items = link_items()
    if st.query_params.to_dict() != items:
        st.query_params.from_dict(items)


def finish() -> None:
    """The end of a page's full run: publish, and forget link items no setting took (a value
    for a widget the link itself switched off); fragments that rerun later start clean."""
    st.session_state[_PENDING] = {}
    st.session_state[_PUT] = False
    st.session_state[_LINKED] = False
    publish()


# --- values ---------------------------------------------------------------------------------

def put(key: str, value) -> None:
    """Give a setting a value as if the user had chosen it (a lesson step, a new generator's
    defaults); call before its widget is drawn in the run, or from a callback. A callback's
    ``put`` makes the page run whole, even when its button is inside a fragment (``put_before_run``)."""
    st.session_state[key] = _widget_value(value)
    st.session_state[_PUT] = True


def value(key: str, default=None):
    """A setting's current value, drawn or kept."""
    return _model_value(st.session_state.get(key, _widget_value(default)))


def setting(p: ParamSpec, key: str, *, url: str | None = "", where=None, control: str | None = None,
            format_func=None, widget_label: str | None = None, clamp: bool = False, restart_on=None,
            on_change=None, args=None, disabled: bool = False):
    """Draw the setting ``p`` under session key ``key``; return its value.

    ``p`` carries the range as drawn: a page narrows it with ``dataclasses.replace`` when the
    range depends on the data (a depth up to the full tree's). ``url``: the link item's name,
    by default ``p.link``; None keeps the setting out of the link. ``control``: "radio",
    "segmented" or "number" instead of the kind's usual widget. ``clamp``: a value past
    ``p.high`` becomes ``p.high`` (a depth past the full tree is the full tree) instead of the
    default. ``restart_on``: a value describing what the setting steps through (a pruning
    sequence); when it changes, the setting goes back to its default, since a position in the old
    sequence means nothing in the new one. ``where``: the container to draw in (a column, the sidebar).
    """
    where = where or st
    ss = st.session_state
    name = p.link if url == "" else url
    label = p.label or p.name
    show = format_func or fmt
    checked = replace(p, high=None) if clamp else p

    def fitted(v):
        v = _check(checked, v)
        return min(v, p.high) if clamp and p.high is not None and not isinstance(v, bool) else v

    if restart_on is not None:
        if ss.get(_RESTART + key, restart_on) != restart_on:
            ss[key] = _widget_value(p.default)
        ss[_RESTART + key] = restart_on
    note = None
    raw = take(name) if name else None
    if key in ss.get(_BROWSER, ()):
        pass  # a new session after a reconnect: the widget takes the value the browser sent
    elif raw is not None:
        try:
            ss[key] = fitted(raw)
            asked = checked.coerce(raw) if p.kind in ("int", "float") else None
            if asked is not None and not math.isinf(asked) and snap(checked, asked) != asked:
                # the widget cannot show the value (a log slider's 1, 2, 5 steps, a slider's step)
                report(f"**{label}** = `{raw}` is not a position of its slider: using the nearest, "
                       f"{show(ss[key])}.")
            elif clamp and asked is not None and p.high is not None and asked > p.high:
                report(f"**{label}** = `{raw}` is past its largest value here: using {show(ss[key])}.")
        except ValueError as err:
            report(f"**{label}** = `{raw}`: {err}. Using {_default_text(p, show)}.")
            ss[key] = _widget_value(p.default)
    elif key not in ss:
        ss[key] = _widget_value(p.default)
    elif not _fits(p, ss[key]):
        before = ss[key]
        try:
            _check(p, before)
            why = None  # the same value in the widget's type or on its grid: nothing to say
        except (ValueError, TypeError) as err:
            why = str(err)
        try:
            ss[key] = fitted(before)
        except (ValueError, TypeError):
            ss[key] = _widget_value(p.default)
        if why:
            note = f"{label} was {show(before)}, which does not fit here ({why}): now {show(ss[key])}."

    # Hand the widget its value explicitly when the browser would otherwise show another one:
    # a slider whose ends moved is a new widget to Streamlit (its identity includes them) and
    # starts at its minimum; after a page switch the browser mounts the new page's widget of the
    # same key at its minimum too. Not on every run: a value pushed to the browser would undo a
    # step the user made while the previous run was still going.
    shape = (p.low, p.high, p.step, p.choices)
    shapes = ss.setdefault(_SHAPES, {})
    if (shapes.get(key, shape) != shape or ss.get(_SWITCHED, False)) and key in ss:
        ss[key] = ss[key]
    shapes[key] = shape
    v = _model_value(_draw(p, key, where, control, show, widget_label or label, on_change, args, disabled))
    if note:
        where.caption(note)
    if name:
        link_item(name, url_value(v) if v != p.default else None)
        ss.setdefault(_SHOWN, {})[name] = url_value(v)
    return v


def _draw(p: ParamSpec, key: str, where, control, show, label: str, on_change, args, disabled: bool):
    """The one widget builder: the kind's usual widget, or ``control``."""
    common = dict(key=key, help=p.help or None, on_change=on_change, args=args, disabled=disabled,
                  persist_state=KEEP)
    if p.kind == "bool":
        return where.toggle(label, **common)
    if p.kind == "choice":
        options = [_widget_value(c) for c in p.choices]
        if control == "radio":
            return where.radio(label, options, format_func=show, **common)
        if control == "segmented":
            return where.segmented_control(label, options, format_func=show, required=True, **common)
        return where.selectbox(label, options, format_func=show, **common)
    if p.log:
        return where.select_slider(label, options=log_grid(p), format_func=fmt, **common)
    cast = int if p.kind == "int" else float
    low = None if p.low is None else cast(p.low)
    high = None if p.high is None else cast(p.high)
    if control == "number" or low is None or high is None:
        step = cast(p.step or (1 if cast is int else 0.1))
        return where.number_input(label, low, high, step=step, format=p.format, **common)
    if low == high:  # a slider needs two ends: nothing to choose
        return low
    step = cast(p.step or (1 if cast is int else (high - low) / 100))
    # value=low is what Streamlit takes without one (the value lives under the key), said outright:
    # without it every slider copies the whole session state to find out whether it is a range
    return where.slider(label, low, high, value=low, step=step, format=p.format, **common)

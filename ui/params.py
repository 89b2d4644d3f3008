"""Widgets generated from a model's ParamSpecs, and the URL form of their values."""

from __future__ import annotations

import math

import streamlit as st

from catalog.specs import ModelSpec, ParamSpec

from . import state

INF_LABEL = "∞"
# Streamlit shows a selectbox whose value is None as "Choose an option", so a None
# choice (max_depth = no limit) lives in the widget as this stand-in.
NO_LIMIT = "no limit"


def _widget_value(v):
    return NO_LIMIT if v is None else v


def _model_value(v):
    return None if v == NO_LIMIT else v


def widget_key(spec: ModelSpec, p: ParamSpec) -> str:
    return f"p_{spec.key}_{p.name}"


def fmt(v) -> str:
    if isinstance(v, float):
        if math.isinf(v):
            return INF_LABEL
        return f"{v:g}"
    return str(v).replace("_", " ")


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


def _valid_for(p: ParamSpec):
    def check(v):
        if p.kind == "choice":
            return _model_value(v) in p.choices and v is not None
        try:
            return snap(p, p.coerce(v)) == v
        except (ValueError, TypeError):
            return False
    return check


def current_values(spec: ModelSpec) -> dict:
    """Every parameter's value as the widgets will show it (seeded from memory or defaults)."""
    values = {}
    for p in spec.params:
        default = snap(p, p.default) if p.kind in ("int", "float") else _widget_value(p.default)
        values[p.name] = _model_value(state.remember(widget_key(spec, p), default, _valid_for(p)))
    return values


def param_widgets(spec: ModelSpec) -> dict:
    """Draw a widget per relevant parameter; return the model's parameters.

    Parameters whose ``when`` is not met are hidden and passed at their default.
    """
    values = current_values(spec)
    out = {}
    for p in spec.params:
        key = widget_key(spec, p)
        if not p.relevant(values):
            out[p.name] = p.default
            continue
        out[p.name] = _draw(p, key)
        state.keep(key)
    return out


def _draw(p: ParamSpec, key: str):
    label = p.label or p.name
    if p.kind == "bool":
        return st.toggle(label, key=key, help=p.help or None)
    if p.kind == "choice":
        options = [_widget_value(c) for c in p.choices]
        return _model_value(st.selectbox(label, options, key=key, format_func=fmt, help=p.help or None))
    if p.kind in ("int", "float") and p.log:
        return st.select_slider(label, options=log_grid(p), key=key, format_func=fmt, help=p.help or None)
    if p.low is None or p.high is None:
        return st.number_input(label, key=key, help=p.help or None,
                               step=1 if p.kind == "int" else (p.step or 0.1))
    if p.kind == "int":
        return st.slider(label, int(p.low), int(p.high), step=int(p.step or 1), key=key, help=p.help or None)
    step = p.step or (p.high - p.low) / 100
    return st.slider(label, float(p.low), float(p.high), step=float(step), key=key, help=p.help or None)


def url_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return "inf" if math.isinf(v) else f"{v:.10g}"
    return str(v)


def url_name(spec: ModelSpec, p: ParamSpec, taken: set[str]) -> str:
    """The parameter's name in the URL; prefixed by the model only if it would clash."""
    return f"{spec.key}.{p.name}" if p.name in taken else p.name


def to_url(spec: ModelSpec, values: dict, taken: set[str]) -> dict[str, str]:
    """The non-default, relevant parameter values, as URL items."""
    items = {}
    for p in spec.params:
        v = values.get(p.name, p.default)
        if p.relevant(values) and v != p.default:
            items[url_name(spec, p, taken)] = url_value(v)
    return items


def from_url(spec: ModelSpec, query: dict[str, str], taken: set[str]) -> list[str]:
    """Preset the widgets from URL values; return a sentence per value that was refused."""
    problems = []
    for p in spec.params:
        name = url_name(spec, p, taken)
        if name not in query:
            continue
        raw = query[name]
        try:
            v = snap(p, p.coerce(raw))
        except ValueError as err:
            problems.append(f"**{p.label or p.name}** = `{raw}`: {err}. Using the default, {fmt(p.default)}.")
            continue
        state.preset(widget_key(spec, p), _widget_value(v) if p.kind == "choice" else v)
    return problems


def point_inputs(prefix: str, start, columns=None) -> tuple[float, float]:
    """Two kept number inputs for a point (x₁, x₂), keys ``<prefix>_px`` / ``<prefix>_py``,
    starting at ``start`` rounded to 2 decimals; ``columns`` are the two containers to draw in
    (default: one under the other)."""
    where = columns or (st, st)
    out = []
    for box, axis, label, v in zip(where, ("px", "py"), ("x₁", "x₂"), start, strict=True):
        key = f"{prefix}_{axis}"
        state.remember(key, round(float(v), 2))
        out.append(box.number_input(label, key=key, step=0.1, format="%.2f"))
        state.keep(key)
    return out[0], out[1]

"""A model's hyperparameters, and a point (x₁, x₂), as settings (ui.core.settings draws and keeps them)."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from catalog.specs import ModelSpec, ParamSpec
from ui.core import settings
from ui.data.dataset_panel import FIELDS

# Link names that are not a model's: a hyperparameter of the same name would be prefixed.
TAKEN = {f.name for f in FIELDS} | {"data", "model", "pts", "pair"}
POINT = (ParamSpec("x1", "float", None, -100, 100, label="x₁", format="%.2f"),
         ParamSpec("x2", "float", None, -100, 100, label="x₂", format="%.2f"))


def widget_key(spec: ModelSpec, p: ParamSpec) -> str:
    return f"p_{spec.key}_{p.link}"


def url_name(spec: ModelSpec, p: ParamSpec) -> str:
    """The parameter's name in the link; prefixed by the model only if it would clash."""
    return f"{spec.key}.{p.link}" if p.link in TAKEN else p.link


def param_widgets(spec: ModelSpec) -> dict:
    """Draw a setting per relevant parameter; return the model's parameters.

    Parameters whose ``when`` is not met are hidden and passed at their default.
    """
    values = {}
    for p in spec.params:
        seen = {q.name: settings.value(widget_key(spec, q), q.default) for q in spec.params} | values
        values[p.name] = (settings.setting(p, widget_key(spec, p), url=url_name(spec, p))
                          if p.relevant(seen) else p.default)
    return values


def point_inputs(prefix: str, start, columns=None, link_as: str | None = None) -> tuple[float, float]:
    """Two kept number boxes for a point (x₁, x₂), keys ``<prefix>_px`` / ``<prefix>_py``,
    starting at ``start`` rounded to 2 decimals; ``columns``: the two containers to draw in
    (default: one under the other). ``link_as`` ("the followed point") puts them in the link
    as x1 and x2."""
    where = columns or (st, st)
    out = []
    for box, p, axis, v in zip(where, POINT, ("px", "py"), start, strict=True):
        spec = replace(p, default=round(float(v), 2), label=f"{p.label} of {link_as}" if link_as else p.label)
        out.append(settings.setting(spec, f"{prefix}_{axis}", url=p.name if link_as else None, where=box,
                                    control="number", widget_label=p.label))
    return out[0], out[1]

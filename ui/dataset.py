"""The sidebar dataset panel: a recipe (generator, size, noise, ...) plus drawn points.

The recipe is small and hashable, so it keys every cache and fits in the URL.
It lives in ``st.session_state`` and is shared by every page.
"""

from __future__ import annotations

from typing import NamedTuple

import streamlit as st

from catalog.specs import ParamSpec
from mlcore.datasets import GENERATORS

from . import state

BLANK = "blank"  # no generated points: the dataset is only what the user draws


class Recipe(NamedTuple):
    data: str = "blobs"
    n: int = 200
    noise: float = 0.4
    classes: int = 2
    seed: int = 0
    test: float = 0.3
    imbalance: float = 0.0
    label_noise: float = 0.0
    outliers: float = 0.0
    margin: float = 0.5


# The recipe's fields as ParamSpecs: the URL is validated with the same ``coerce``
# the model parameters use. ``classes`` is checked against the generator separately.
FIELDS = (
    ParamSpec("n", "int", 200, 20, 1000, step=10, label="points",
              help="How many points to generate (training and test together)."),
    ParamSpec("noise", "float", 0.4, 0.0, 1.0, step=0.05, label="noise",
              help="Gaussian jitter added to every point, as a fraction of the shape's size."),
    ParamSpec("classes", "int", 2, 2, 6, label="classes", help="How many classes to generate."),
    ParamSpec("seed", "int", 0, 0, 9999, label="seed",
              help="Same seed, same points: change it to draw a new sample of the same shape."),
    ParamSpec("test", "float", 0.3, 0.1, 0.5, step=0.05, label="test fraction",
              help="Fraction of the points held out to measure accuracy on data the model has not seen."),
    ParamSpec("imbalance", "float", 0.0, 0.0, 0.9, step=0.1, label="class imbalance",
              help="0: equal classes. 0.9: the last class has only a tenth as many points as the first."),
    ParamSpec("label_noise", "float", 0.0, 0.0, 0.5, step=0.05, label="label noise",
              help="Fraction of points given a wrong label."),
    ParamSpec("outliers", "float", 0.0, 0.0, 0.2, step=0.02, label="outliers",
              help="Fraction of points moved to a far ring with random labels."),
    ParamSpec("margin", "float", 0.5, 0.0, 2.0, step=0.1, label="margin",
              help="Width of the empty band between the two classes (linearly separable data only)."),
)
ADVANCED = ("imbalance", "label_noise", "outliers", "margin")
GEN_CHOICES = (*GENERATORS, BLANK)


def gen_label(key: str) -> str:
    return "Blank canvas (draw your own)" if key == BLANK else GENERATORS[key].label


def class_range(gen: str) -> tuple[int, int]:
    if gen == BLANK:
        return 2, 6
    g = GENERATORS[gen]
    return g.min_classes, g.max_classes


def _field(name: str) -> ParamSpec:
    return next(f for f in FIELDS if f.name == name)


def _defaults(gen: str) -> dict:
    d = {f.name: f.default for f in FIELDS}
    if gen in GENERATORS:
        g = GENERATORS[gen]
        d["n"] = min(max(g.default_n, 20), 1000)
        d["noise"] = g.default_noise
        d["classes"] = g.min_classes
    return d


def from_url(query: dict[str, str]) -> list[str]:
    """Preset the panel from URL values; return a sentence for each refused value."""
    problems = []
    # A page reached from the menu has an empty URL: keep the session's dataset then.
    current = state.current("ds_data", "blobs")
    gen = query.get("data", current)
    if gen not in GEN_CHOICES:
        problems.append(f"**dataset** = `{gen}` is not one of {', '.join(GEN_CHOICES)}. Using Gaussian blobs.")
        gen = "blobs"
    if "data" in query or gen != current or "ds_data" not in st.session_state:
        state.preset("ds_data", gen)
    lo, hi = class_range(gen)
    for f in FIELDS:
        if f.name not in query:
            continue
        raw = query[f.name]
        try:
            v = f.coerce(raw)
            if f.name == "classes" and not lo <= v <= hi:
                raise ValueError(f"{gen_label(gen)} can have {lo} to {hi} classes" if lo < hi
                                 else f"{gen_label(gen)} always has {lo} classes")
        except ValueError as err:
            problems.append(f"**{f.label}** = `{raw}`: {err}. Using the default, {_defaults(gen)[f.name]:g}.")
            continue
        state.preset(f"ds_{f.name}", v)
    return problems


def to_url(recipe: Recipe) -> dict[str, str]:
    d = _defaults(recipe.data)
    items = {"data": recipe.data} if recipe.data != "blobs" else {}
    for name, v in recipe._asdict().items():
        if name != "data" and name in d and v != d[name]:
            items[name] = f"{v:.10g}" if isinstance(v, float) else str(v)
    return items


def _slider(name: str, **kw):
    f = _field(name)
    key = f"ds_{name}"
    lo, hi = kw.pop("low", f.low), kw.pop("high", f.high)
    kw.setdefault("help", f.help)
    if f.kind == "int":
        v = st.slider(f.label, int(lo), int(hi), step=int(f.step or 1), key=key, **kw)
    else:
        v = st.slider(f.label, float(lo), float(hi), step=float(f.step), key=key, **kw)
    state.keep(key)
    return v


def dataset_panel() -> Recipe:
    """Draw the dataset controls in the sidebar; return the current recipe."""
    with st.sidebar:
        st.header("Data", anchor=False)
        gen = state.remember("ds_data", "blobs", lambda v: v in GEN_CHOICES)
        d = _defaults(gen)
        lo, hi = class_range(gen)
        for f in FIELDS:
            ok = (lambda v, lo=lo, hi=hi: isinstance(v, int) and lo <= v <= hi) if f.name == "classes" \
                else (lambda v, f=f: _fits(f, v))
            state.remember(f"ds_{f.name}", d[f.name], ok)

        gen = st.selectbox("dataset", GEN_CHOICES, key="ds_data", format_func=gen_label,
                           on_change=_reset_shape_defaults,
                           help="The shape of the generated data. Every generator keeps its points "
                                "within about ±2.6 on both axes.")
        state.keep("ds_data")
        if gen != BLANK:
            st.caption(GENERATORS[gen].description)
        lo, hi = class_range(gen)
        if lo < hi:
            classes = _slider("classes", low=lo, high=hi)
        else:
            classes = lo
            st.session_state["ds_classes"] = lo
            state.keep("ds_classes")
        if gen == BLANK:
            n, noise, seed = 0, 0.0, 0
            test = st.session_state["ds_test"]
            adv = {name: _defaults(gen)[name] for name in ADVANCED}
        else:
            n = _slider("n")
            noise = _slider("noise", help=f"{_field('noise').help} {GENERATORS[gen].noise_help}")
            c1, c2 = st.columns(2)
            with c1:
                seed = st.number_input("seed", 0, 9999, step=1, key="ds_seed", help=_field("seed").help)
                state.keep("ds_seed")
            with c2:
                test = _slider("test")
            with st.expander("Advanced: imbalance, label noise, outliers"):
                adv = {name: _slider(name) for name in ("imbalance", "label_noise", "outliers")}
                if GENERATORS[gen].uses_margin:
                    adv["margin"] = _slider("margin")
                else:
                    adv["margin"] = st.session_state["ds_margin"]
    return Recipe(gen, int(n), float(noise), int(classes), int(seed), float(test), **adv)


def _fits(f: ParamSpec, v) -> bool:
    try:
        return f.coerce(v) == v and not isinstance(v, bool)
    except (ValueError, TypeError):
        return False


def _reset_shape_defaults() -> None:
    """A new generator starts from its own default size, noise and class count."""
    gen = st.session_state["ds_data"]
    d = _defaults(gen)
    for name in ("n", "noise", "classes"):
        state.preset(f"ds_{name}", d[name])

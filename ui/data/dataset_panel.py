"""The sidebar dataset panel: a recipe (generator, size, noise, ...) plus drawn points.

The recipe is small and hashable, so it keys every cache and fits in the URL.
It lives in ``st.session_state`` and is shared by every page.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from catalog.specs import ParamSpec
from mlcore.datasets import GENERATORS
from ui.core import settings
from ui.data import own_data_panel, own_points
from ui.data.recipe import BLANK, Recipe

# The recipe's fields as ParamSpecs, drawn and kept by ui.core.settings like every setting; the
# defaults of n, noise and classes and the range of classes depend on the generator.
FIELDS = (
    ParamSpec("n", "int", 200, 20, 1000, step=10, label="points",
              help="How many points to generate (training and test together)."),
    ParamSpec("noise", "float", 0.4, 0.0, 1.0, step=0.05, label="noise",
              help="Gaussian jitter added to every point, as a fraction of the shape's size."),
    ParamSpec("classes", "int", 2, 2, 6, label="classes", help="How many classes to generate."),
    ParamSpec("seed", "int", 0, 0, 9999, label="seed",
              help="Same seed, same points: change it to draw a new sample of the same shape."),
    # Steps of 1/60 reach the notes' 2/3 : 1/3 holdout and every 0.05 of older links exactly.
    ParamSpec("test", "float", 0.3, 0.1, 0.5, step=1 / 60, format="%.3f", label="test fraction",
              help="Fraction of the points held out to measure accuracy on data the model has not seen "
                   "(0.333: the holdout of 2/3 training, 1/3 test)."),
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
DATA = ParamSpec("data", "choice", "blobs", choices=GEN_CHOICES, label="dataset",
                 help="The shape of the generated data. Every generator keeps its points within about "
                      "±2.6 on both axes.")


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


def dataset_panel(where=None) -> Recipe:
    """Draw the dataset controls in the sidebar (or ``where``: presenter mode's popover); return the
    current recipe."""
    where = where or st.sidebar
    with where:
        st.header("Data", anchor=False)
        top = st.container()
        own_data_panel.upload_panel(settings.value("ds_seed", 0))
    if own_points.table() is not None:
        with where, top:
            own_data_panel.summary()
            c1, c2 = st.columns(2)
            seed = settings.setting(replace(_field("seed"), help="Same seed, same train/test split of your points."),
                                    "ds_seed", where=c1, control="number")
            test = settings.setting(_field("test"), "ds_test", where=c2)
        kept = {f.name: settings.value(f"ds_{f.name}", f.default) for f in FIELDS}
        recipe = Recipe(settings.value("ds_data", DATA.default), **{**kept, "seed": int(seed), "test": float(test)},
                        upload=own_points.upload_key())
        return recipe._replace(erased=own_points.erased(recipe))
    with where, top:
        gen = settings.setting(DATA, "ds_data", format_func=gen_label, on_change=_reset_shape_defaults)
        if gen != BLANK:
            st.caption(GENERATORS[gen].description)
        defaults = _defaults(gen)

        def field(name: str, where=None, control=None, **narrowed):
            """A recipe field with this generator's default (and range, for the classes)."""
            spec = replace(_field(name), default=defaults[name], **narrowed)
            return settings.setting(spec, f"ds_{name}", where=where, control=control)

        lo, hi = class_range(gen)
        if gen == BLANK:  # drawn points carry their own classes: the class count does nothing here
            classes = lo
        elif lo < hi:
            classes = field("classes", low=lo, high=hi)
        else:
            classes = lo
            asked = settings.take("classes")
            if asked is not None and asked != str(lo):
                settings.report(f"**classes** = `{asked}`: {gen_label(gen)} always has {lo} classes.")
        if gen == BLANK:
            n, noise, seed = 0, 0.0, 0
            test = settings.value("ds_test", defaults["test"])
            adv = {name: defaults[name] for name in ADVANCED}
        else:
            n = field("n")
            noise = field("noise", help=f"{_field('noise').help} {GENERATORS[gen].noise_help}")
            c1, c2 = st.columns(2)
            seed = field("seed", where=c1, control="number")
            test = field("test", where=c2)
            adv = _advanced(gen, defaults, field)
    recipe = Recipe(gen, int(n), float(noise), int(classes), int(seed), float(test), **adv)
    return recipe._replace(erased=own_points.erased(recipe))


def _advanced(gen: str, defaults: dict, field) -> dict:
    """The advanced fields, drawn only when their box is open or one of them is not at its
    default (set before, or asked for by the link): three or four sliders fewer on every full run
    of every page while the box stays closed and they are at their defaults, as they nearly always are."""
    box = st.expander("Advanced: imbalance, label noise, outliers", key="ds_advanced", on_change="rerun")
    names = ("imbalance", "label_noise", "outliers", *(("margin",) if GENERATORS[gen].uses_margin else ()))
    asked = set(settings.untaken()) & set(names)
    moved = any(settings.value(f"ds_{name}", defaults[name]) != defaults[name] for name in names)
    adv = {name: defaults[name] for name in ADVANCED}
    if box.open or asked or moved:
        with box:
            adv |= {name: field(name) for name in names}
    if "margin" not in names:
        adv["margin"] = settings.value("ds_margin", defaults["margin"])
    return adv


def _reset_shape_defaults() -> None:
    """A new generator starts from its own default size, noise and class count."""
    gen = st.session_state["ds_data"]
    d = _defaults(gen)
    for name in ("n", "noise", "classes"):
        settings.put(f"ds_{name}", d[name])

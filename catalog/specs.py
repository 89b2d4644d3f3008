"""Descriptions of models and hyperparameters that the UI and the tests read."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ParamSpec:
    """One hyperparameter: what kind it is, its default, its legal range.

    kind: "int", "float", "choice" or "bool".
    log: the slider moves on a log10 scale (C, gamma, learning rates).
    when: only relevant when other parameters have given values, e.g.
          {"metric": ("minkowski",)}; the UI hides it otherwise.
    allow_inf: float parameters that accept ``inf`` (C = inf is a hard margin).
    format: how a slider or number box prints the value, printf-style ("%.3f"); None: Streamlit's.
    link: the setting's key in shared links and in the session (``p_knn_k``); by default ``name``.
          ``name`` is the estimator's parameter (scikit-learn's, ``n_neighbors``), and a link
          written before a rename keeps its key (``k=7``): the link key never changes.
    """

    name: str
    kind: str
    default: Any
    low: float | None = None
    high: float | None = None
    log: bool = False
    choices: tuple = ()
    help: str = ""
    label: str = ""
    step: float | None = None
    when: dict = field(default_factory=dict)
    allow_inf: bool = False
    format: str | None = None
    link: str = ""

    def __post_init__(self):
        if not self.link:
            object.__setattr__(self, "link", self.name)

    def relevant(self, params: dict) -> bool:
        return all(params.get(k) in allowed for k, allowed in self.when.items())

    def coerce(self, value):
        """Turn a value from a widget or a URL into this parameter's type, or raise ValueError
        (its message names the parameter as the page labels it)."""
        name = self.label or self.name
        if self.kind == "choice":
            for c in self.choices:
                if str(c) == str(value):
                    return c
            raise ValueError(f"{name} must be one of {', '.join(map(str, self.choices))}")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if str(value).lower() in ("1", "true", "yes", "on"):
                return True
            if str(value).lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"{name} must be true or false")
        try:
            v = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be a number") from None
        if math.isnan(v) or (math.isinf(v) and not self.allow_inf):
            raise ValueError(f"{name} must be a finite number")
        if self.kind == "int":
            if v != int(v):
                raise ValueError(f"{name} must be a whole number")
            v = int(v)
        if self.low is not None and v < self.low:
            raise ValueError(f"{name} must be at least {self.low:g}")
        if self.high is not None and v > self.high and not (self.allow_inf and math.isinf(v)):
            raise ValueError(f"{name} must be at most {self.high:g}")
        return v


@dataclass(frozen=True)
class ModelSpec:
    """A registered classifier: everything a page or a test needs to use it."""

    key: str
    label: str
    family: str
    cls: type
    params: tuple = ()
    capabilities: frozenset = frozenset()
    summary: str = ""
    fixed: dict = field(default_factory=dict)  # constructor arguments the UI does not expose
    # Meta-estimators: turns the UI's values (a link's base-model key, a tree depth) into
    # constructor arguments, e.g. {"base": "tree"} -> {"estimator": DecisionTreeClassifier()};
    # names with "__" (estimator__max_depth) are set on the built model with set_params.
    build: Callable[[dict], dict] | None = None

    def defaults(self) -> dict:
        return {p.name: p.default for p in self.params}

    def param(self, name: str) -> ParamSpec:
        """The parameter called ``name``, or whose link key is ``name`` (a link's ``vary=k``)."""
        for p in self.params:
            if p.name == name:
                return p
        for p in self.params:
            if p.link == name:
                return p
        raise KeyError(name)

    def arguments(self, **params) -> dict:
        """What ``make`` passes to the model: fixed values, defaults, ``params``, through ``build``."""
        arguments = {**self.fixed, **self.defaults(), **params}
        return self.build(arguments) if self.build is not None else arguments

    def make(self, **params):
        """An unfitted model with the defaults overridden by ``params``."""
        arguments = self.arguments(**params)
        nested = {k: v for k, v in arguments.items() if "__" in k}
        model = self.cls(**{k: v for k, v in arguments.items() if "__" not in k})
        return model.set_params(**nested) if nested else model

    def has(self, capability: str) -> bool:
        return capability in self.capabilities

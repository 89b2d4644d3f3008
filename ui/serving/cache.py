"""Work shared by every session of the server: computed once, kept once, never written to.

``st.cache_data`` keeps a pickled result and unpickles a fresh copy for every call of every
session: a lecture hall of 200 students on one link holds 200 copies of the same dataset, fitted
model and decision grid, and pays the unpickling on every rerun. ``shared`` keeps the one object
instead (``st.cache_resource``: one entry per distinct arguments, computed by one thread while
the others wait for it) and makes every numpy array in it read-only, so a caller that tried to
change the shared value in place gets a ValueError instead of changing every student's view.

Bounded like the caches it replaces: ``max_entries`` per function and a ``ttl`` after which an
unused entry goes.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import streamlit as st

TTL = "1h"          # a lecture is over in an hour; an entry nobody asked for since then goes
DEPTH = 4           # how far into nested objects (a model's estimators) arrays are looked for


def freeze(value, depth: int = DEPTH, seen: set | None = None):
    """``value`` with every numpy array inside it (in tuples, lists, dicts, dataclasses, named
    tuples and objects' attributes, ``depth`` levels deep) made read-only; returns ``value``."""
    seen = set() if seen is None else seen
    if id(value) in seen or depth < 0:
        return value
    seen.add(id(value))
    if isinstance(value, np.ndarray):
        value.setflags(write=False)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            freeze(item, depth - 1, seen)
    elif isinstance(value, dict):
        for item in value.values():
            freeze(item, depth - 1, seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            freeze(getattr(value, f.name), depth - 1, seen)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        for item in vars(value).values():
            freeze(item, depth - 1, seen)
    return value


def shared(*, max_entries: int, ttl: str | float = TTL):
    """Decorator: cache the function's result once for the whole server, read-only (see above).
    The arguments must be small hashable values (a recipe, a tuple of points, a model key)."""
    def decorate(function):
        @functools.wraps(function)
        def frozen(*args, **kwargs):
            return freeze(function(*args, **kwargs))
        return st.cache_resource(max_entries=max_entries, ttl=ttl, show_spinner=False)(frozen)
    return decorate

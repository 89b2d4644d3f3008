"""Work shared by every session of the server: computed once, kept once, never written to.

    @sharable(max_entries=32)
    def fit(recipe, drawn, model_key, params): ...

    fit(recipe, drawn, "knn", params)     # computed once per server for these arguments
    shared(plane, recipe, drawn, model_key, params, show_test)   # any module-level function

The key is the builder and its arguments, nothing typed by hand. So that nothing a builder
depends on can be left out of it, a builder reads only its arguments: a builder that reads a
variable of the function around it (a closure) is refused, and so is one that reads, from its
module (or through a helper of its module), anything but modules, classes, functions and
UPPER_CASE constants: on a page, ``data`` or ``fit`` are one session's values. Pass them as
arguments. (What no check can see is a builder that reads the session, ``st.session_state``:
tests/test_cache_isolation.py opens two sessions on every page to catch it.) The arguments are
walked to the bottom: numbers, strings, bytes, None, tuples (a recipe), lists, dicts, sets,
dataclasses, numpy arrays (by dtype, shape and bytes) and other builders; anything else (a
fitted model) is refused: pass what it was made from. A builder's default arguments are part of
its key. The key is exact: 1 and 1.0 are two keys, and so are equal dicts in another order (a
second entry, never a wrong one).

``st.cache_data`` keeps a pickled result and unpickles a fresh copy for every call of every
session: a lecture hall of 200 students on one link holds 200 copies of the same dataset, fitted
model and decision grid, and pays the unpickling on every rerun. ``shared`` keeps the one object
instead (``st.cache_resource``: one entry per distinct arguments, computed by one thread while
the others wait for it) and makes every numpy array in it read-only, so a caller that tried to
change the shared value in place gets a ValueError instead of changing every student's view.

Bounded: ``max_entries`` per builder (``sharable``; ``ENTRIES`` for one that declares none)
and a ``ttl`` after which an unused entry goes.
"""

from __future__ import annotations

import builtins
import dataclasses
import dis
import functools
import hashlib
import io
import pickle
import types
import weakref

import numpy as np
import streamlit as st

TTL = 3600.0        # s: a lecture is over in an hour; an entry nobody asked for since then goes
ENTRIES = 32        # results kept of a builder that declares no bound (a plane's figure: ~0.3 MB)
DEPTH = 4           # how far into nested objects (a model's estimators) arrays are looked for
_PLAIN = (tuple, list, dict, set, frozenset, int, float, str, bytes)   # pickled as they are
_checked = weakref.WeakSet()   # builders found to read nothing but their arguments
_caches: dict = {}             # builder's name, code and bounds -> its st.cache_resource


def sharable(*, max_entries: int, ttl: str | float = TTL):
    """Decorator: the function, called through :func:`shared` with these bounds. A closure is
    refused here (its module's variables are checked at the first call, once they all exist)."""
    def register(builder):
        _refuse_closure(builder)
        builder.shared_bounds = (max_entries, ttl)

        @functools.wraps(builder)
        def call(*args, **kwargs):
            return shared(builder, *args, **kwargs)
        call.builder = builder
        return call
    return register


def shared(builder, *args, **kwargs):
    """``builder(*args, **kwargs)``, computed once for the whole server per builder and
    arguments, read-only (see above)."""
    builder = getattr(builder, "builder", builder)   # a @sharable function: the function it calls
    _check(builder)
    max_entries, ttl = getattr(builder, "shared_bounds", (ENTRIES, TTL))
    # by keyword: Streamlit looks a positional argument's name up in the signature, on every call
    return _cache(builder, max_entries, ttl)(key=key(builder, *args, **kwargs), _builder=builder, _args=args,
                                             _kwargs=kwargs)


def key(builder, *args, **kwargs) -> str:
    """The digest of the builder (its file, name and defaults) and of the arguments."""
    out = io.BytesIO()
    pickler = _KeyPickler(out, protocol=5)
    pickler.fast = True   # no memo: equal arguments give equal bytes whatever shares an object
    pickler.dump((getattr(builder, "builder", builder), args, kwargs))
    return hashlib.sha1(out.getbuffer()).hexdigest()


class _KeyPickler(pickle.Pickler):
    """Pickles numbers, strings, bytes, None, tuples, lists, dicts and sets as pickle does (type
    and value); everything else is turned here into a tuple of what it is made of, or refused."""

    def reducer_override(self, value):
        kind = type(value)
        if isinstance(value, type):
            return NotImplemented   # a class (the reductions' own ``tuple``): by its name
        if isinstance(value, np.ndarray | np.generic):
            array = np.asarray(value)
            content = (array.tolist() if array.dtype.hasobject else
                       hashlib.sha1(np.ascontiguousarray(array).data).hexdigest())
            return tuple, ((kind.__name__, str(array.dtype.descr), array.shape, content),)
        if dataclasses.is_dataclass(value):
            fields = tuple((f.name, getattr(value, f.name)) for f in dataclasses.fields(value))
            return tuple, ((_type_name(kind), fields),)
        plain = next((t for t in _PLAIN if isinstance(value, t)), None)
        if plain is not None:   # a subclass: a named tuple (a recipe), an int enum
            return tuple, ((_type_name(kind), plain(value)),)
        if isinstance(value, types.FunctionType):
            value = getattr(value, "builder", value)   # a @sharable function: the function it calls
            _check(value)
            return tuple, (("function", _name(value), value.__defaults__, value.__kwdefaults__),)
        raise TypeError(f"shared: an argument of type {kind.__name__} cannot be part of a key; pass "
                        "numbers, strings, tuples, dicts, dataclasses or numpy arrays (for a fitted model: "
                        "what it was fitted from).")


def _type_name(kind) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def _cache(builder, max_entries: int, ttl):
    name = f"{_name(builder)}@{hashlib.sha1(builder.__code__.co_code).hexdigest()[:12]}"
    found = _caches.get((name, max_entries, ttl))
    if found is None:
        def compute(key, _builder, _args, _kwargs):   # st.cache_resource hashes only ``key``
            return freeze(_builder(*_args, **_kwargs))
        compute.__qualname__ = f"shared[{name}]"      # one Streamlit cache per builder
        found = _caches[name, max_entries, ttl] = st.cache_resource(
            max_entries=max_entries, ttl=ttl, show_spinner=False)(compute)
    return found


def _name(function) -> str:
    return f"{function.__code__.co_filename}:{function.__qualname__}"


def _refuse_closure(builder) -> None:
    if not isinstance(builder, types.FunctionType) or builder.__name__ == "<lambda>":
        raise TypeError(f"shared: the builder must be a function defined with def, not {builder!r} "
                        "(a lambda's name does not tell it from another one).")
    if builder.__code__.co_freevars:
        read = ", ".join(builder.__code__.co_freevars)
        raise TypeError(f"shared: {builder.__qualname__} reads {read} from the function around it, which its key "
                        "cannot see: pass those values as arguments.")


def _check(builder) -> None:
    """Refuse a builder that reads anything but its arguments (see the module's docstring)."""
    if builder in _checked:
        return
    _refuse_closure(builder)
    read = ", ".join(sorted(_module_variables(builder, set())))
    if read:
        raise TypeError(f"shared: {builder.__qualname__} reads {read} from its module, which its key "
                        "cannot see: pass those values as arguments (a builder may read modules, classes, "
                        "functions and UPPER_CASE constants).")
    _checked.add(builder)


def _module_variables(function, seen: set) -> set:
    """Names ``function`` (and the plain functions of its module it calls) reads from the module
    that are not modules, classes, functions or UPPER_CASE constants."""
    seen.add(function)
    names, found = function.__globals__, set()
    for name in _global_loads(function.__code__):
        if name not in names:
            if not hasattr(builtins, name):
                found.add(name)   # not defined yet: a page's variable assigned further down
            continue
        value = names[name]
        if (isinstance(value, types.FunctionType) and value.__globals__ is names and value not in seen
                and not hasattr(value, "shared_bounds")):
            found |= _module_variables(value, seen)
        elif not (callable(value) or isinstance(value, types.ModuleType) or name.isupper()):
            found.add(name)
    return found


@functools.lru_cache(maxsize=4096)
def _global_loads(code) -> frozenset:
    out = {i.argval for i in dis.get_instructions(code) if i.opname == "LOAD_GLOBAL"}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):   # a lambda, comprehension or function inside
            out |= _global_loads(const)
    return frozenset(out)


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

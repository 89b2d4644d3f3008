"""One BLAS thread per server process: the hall's sessions are the parallel work.

numpy's OpenBLAS starts a thread per core and splits every matrix product across them. For the
small products of this app (a 350 x 350 Gram matrix, a 200 x 200 grid) the split costs more
than it saves, and the threads spin while they wait for the next product: on this 2-core
machine a distinct SVM step on the spirals cost the server 150-160 ms of CPU in 55 ms of wall
time, against 50-60 ms of CPU with one thread (docs/deploy.md). A server runs many sessions'
scripts at once, so one thread each keeps every core doing useful work.

:func:`one_thread` sets the variables OpenBLAS, OpenMP and MKL read when numpy loads them (a
value the environment already gives wins), and, if numpy's OpenBLAS is loaded already, asks it
for one thread through its C interface (what threadpoolctl does). Standard library only: it
runs before numpy is imported.
"""

from __future__ import annotations

import ctypes
import os
import sys

_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
# the set/get functions of numpy's OpenBLAS (scipy-openblas, 64-bit ints) and of a plain OpenBLAS
_SETTERS = ("scipy_openblas_set_num_threads64_", "openblas_set_num_threads")
_GETTERS = ("scipy_openblas_get_num_threads64_", "openblas_get_num_threads")


def _loaded_openblas() -> list[str]:
    """Paths of the OpenBLAS libraries this process has loaded (Linux: /proc/self/maps)."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "openblas" in line.lower() and "/" in line}
    except OSError:
        return []
    return sorted(p for p in paths if p.startswith("/"))


def _call(names: tuple[str, ...], *args) -> int | None:
    """The first of ``names`` found in a loaded OpenBLAS, called with ``args``; None if none is."""
    for path in _loaded_openblas():
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for name in names:
            function = getattr(library, name, None)
            if function is not None:
                return int(function(*args))
    return None


_asked = False   # one_thread has reached numpy's OpenBLAS (or set the variables before it loaded)


def one_thread() -> None:
    """One BLAS thread from now on in this process, unless the environment asks for more. Cheap
    after its first call (app.py calls it on every run)."""
    global _asked
    if _asked:
        return
    numpy_loaded = "numpy" in sys.modules
    for name in _VARIABLES:
        os.environ.setdefault(name, "1")
    if numpy_loaded and os.environ["OPENBLAS_NUM_THREADS"] == "1":
        _call(_SETTERS, 1)   # numpy loaded already: its OpenBLAS made its threads
    _asked = True


def threads() -> int | None:
    """How many threads the loaded OpenBLAS uses (None: no OpenBLAS loaded, or not one known here)."""
    return _call(_GETTERS)

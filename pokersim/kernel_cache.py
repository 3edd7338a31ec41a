"""numba's on-disk cache, made to notice a change in any file the compiled kernels depend on.

numba keys a cached kernel by the source of the file that defines it, and nothing else: a
kernel inlines the jitted functions of other modules and freezes their global constants (the
packed records' layout, the tables' shapes) into its machine code, so an edit of
``model_kernel.py`` or ``timing.py`` alone left ``betting_kernel.py``'s cached machine running
the old code. ``njit`` here is numba's, with each cached kernel's freshness stamp extended by
``fingerprint()``: a hash of every source and data file the kernels are compiled from and the
numba and NumPy versions. numba then finds a stale entry not fresh and compiles anew, entry by
entry, whatever process wrote it; nothing is deleted. Every module of the package compiles
through this ``njit`` (a test holds it, and holds ``KERNEL_SOURCES`` to the kernels' imports).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["KERNEL_SOURCES", "fingerprint", "njit"]

PACKAGE = Path(__file__).resolve().parent

#: the files of the package the kernels are compiled from: the modules that define kernels and
#: every module of the package they import, transitively, and the data those modules load
KERNEL_SOURCES = (
    "__init__.py",
    "actions.py",
    "betting.py",
    "betting_kernel.py",
    "cards.py",
    "charts.py",
    "config.py",
    "deck_kernel.py",
    "errors.py",
    "evaluator/__init__.py",
    "evaluator/_enumerate.py",
    "evaluator/_kernel.py",
    "evaluator/_tables.py",
    "evaluator/reference.py",
    "events.py",
    "hand.py",
    "hand_equity.py",
    "hand_lines.py",
    "hand_log.py",
    "icm.py",
    "kernel_cache.py",
    "model_kernel.py",
    "model_params.py",
    "nash.py",
    "players.py",
    "pot_kernel.py",
    "pots.py",
    "rng.py",
    "timing.py",
    "version.py",
    "data/class_equity.npz",
    "data/push_fold.npz",
)


@functools.cache
def fingerprint(package: Path = PACKAGE) -> str:
    """A hex digest of the kernels' files and of the numba and NumPy versions.

    The files are ``KERNEL_SOURCES`` under ``package``: the digest changes whenever a cached
    kernel may be stale.
    """
    digest = hashlib.sha256(f"numba {_version('numba')} numpy {_version('numpy')}".encode())
    for name in KERNEL_SOURCES:
        digest.update(f"\0{name}\0".encode())
        digest.update((package / name).read_bytes())
    return digest.hexdigest()


def _version(package: str) -> str:
    """The installed version of ``package``: its ``__version__`` once imported, else its metadata.

    Importing numba only to ask would cost a process that merely checks the cache (a study's
    parent) a quarter of a second; reading the metadata costs a run, which has imported both
    already, about 30 ms of its start-up. Both give the same string (a test holds them equal).
    """
    module = sys.modules.get(package)
    if module is not None:
        return str(module.__version__)
    from importlib import metadata  # noqa: PLC0415

    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return str(importlib.import_module(package).__version__)


def njit(**options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``numba.njit(**options)``; with ``cache=True`` the cache entries carry ``fingerprint()``."""
    import numba  # noqa: PLC0415

    def compile_lazily(func: Callable[..., Any]) -> Any:
        dispatcher = numba.njit(**options)(func)
        if options.get("cache") and not getattr(numba.config, "DISABLE_JIT", False):
            stamp(dispatcher)
        return dispatcher

    return compile_lazily


def stamp(dispatcher: Any) -> None:
    """Extend the freshness stamp numba checks before loading ``dispatcher``'s cache entries.

    numba (0.59 and later) compares the stamp its index file was written with to the one it
    computed from the kernel's own file; with the fingerprint added, any change of the
    kernels' sources makes the entry stale. An attribute missing (a numba that keeps its
    stamp elsewhere) fails here, at import, instead of leaving stale kernels unnoticed.
    """
    cache_file = dispatcher._cache._cache_file
    own = cache_file._source_stamp
    cache_file._source_stamp = (own, fingerprint())

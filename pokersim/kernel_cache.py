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

The kernels called from Python can also be built ahead of time (``pokersim kernels``,
``pokersim.aot``) into an extension module beside this file that loads without numba. When
that module is there and was built from the same sources (``aot_fingerprint``), ``njit``
imports no numba: it returns a :class:`Deferred` kernel that calls the module's compiled
function for the argument types it was built for. Any other call (or attribute) compiles
every kernel with numba, as without the module, once (``jit_everything``). A module absent
or stale is announced once on stderr, then numba compiles as before; so is a call with
argument types the module was not built for (the engine's arrays changed without a rebuild).
``POKERSIM_JIT=1`` (the tests, the build) uses numba alone, without a word.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = [
    "AOT_MODULE",
    "AOT_TABLE",
    "JIT_ENV",
    "KERNEL_SOURCES",
    "Deferred",
    "aot_exports",
    "aot_fingerprint",
    "aot_table",
    "arg_key",
    "fingerprint",
    "intrinsic",
    "jit_everything",
    "njit",
    "py_types",
    "resolve",
]

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
    "frozen.py",
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
    "tables_kernel.py",
    "timing.py",
    "version.py",
    "data/class_equity.npz",
    "data/push_fold.npz",
)


#: the ahead-of-time module (``pokersim.aot`` builds it) and its table: the fingerprint it was
#: built from and, per exported function, the kernel and the argument types it takes
AOT_MODULE = "_kernels_aot"
AOT_TABLE = f"{AOT_MODULE}.json"
JIT_ENV = "POKERSIM_JIT"


@functools.cache
def fingerprint(package: Path = PACKAGE) -> str:
    """A hex digest of the kernels' files and of the numba and NumPy versions.

    The files are ``KERNEL_SOURCES`` under ``package``: the digest changes whenever a cached
    kernel may be stale.
    """
    return _digest(package, f"numba {_version('numba')} numpy {_version('numpy')}")


def aot_fingerprint(package: Path = PACKAGE) -> str:
    """``fingerprint`` for the ahead-of-time module: its sources, NumPy's and Python's versions.

    Not numba's: the module runs without it (and asking its version costs ~30 ms).
    """
    python = ".".join(map(str, sys.version_info[:2]))
    return _digest(package, f"aot numpy {_version('numpy')} python {python}")


def _digest(package: Path, versions: str) -> str:
    digest = hashlib.sha256(versions.encode())
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
    """``numba.njit(**options)``; with ``cache=True`` the cache entries carry ``fingerprint()``.

    With the ahead-of-time module loaded, a :class:`Deferred` kernel instead (numba unimported).
    """

    def compile_lazily(func: Callable[..., Any]) -> Any:
        exports = aot_exports()
        if exports is None or _JITTED:
            return _jit(func, options)
        name = f"{func.__module__}.{func.__qualname__}"
        return _defer(Deferred(func, lambda: _jit(func, options), exports.get(name, {})))

    return compile_lazily


def intrinsic(typing: Callable[..., Any]) -> Any:
    """``numba.extending.intrinsic(typing)``, deferred like ``njit`` (compiled code only)."""

    def make() -> Any:
        from numba.extending import intrinsic as numba_intrinsic  # noqa: PLC0415

        return numba_intrinsic(typing)

    if aot_exports() is None or _JITTED:
        return make()
    return _defer(Deferred(typing, make, {}))


def _jit(func: Callable[..., Any], options: dict[str, Any]) -> Any:
    import numba  # noqa: PLC0415

    dispatcher = numba.njit(**options)(func)
    if options.get("cache") and not getattr(numba.config, "DISABLE_JIT", False):
        stamp(dispatcher)
    return dispatcher


class Deferred:
    """A kernel made without numba: the ahead-of-time module's functions, numba's when needed.

    A call whose arguments' types (``arg_key``) the module was built for runs its function;
    any other call, or any attribute but ``py_func`` (``signatures``...), first compiles every
    kernel with numba (``jit_everything``), then uses the dispatcher.
    """

    __slots__ = ("__wrapped__", "exports", "jitted", "make")

    def __init__(
        self,
        func: Callable[..., Any],
        make: Callable[[], Any],
        exports: dict[tuple[Any, ...], Callable[..., Any]],
    ) -> None:
        self.__wrapped__ = func
        self.make = make
        self.exports = exports
        self.jitted: Any = None

    def __call__(self, *args: Any) -> Any:
        return self.resolve(*args)(*args)

    def resolve(self, *args: Any) -> Callable[..., Any]:
        """What a call with ``args`` runs: the module's function for their types, else numba's.

        Typing the arguments costs about 1 µs an array (``dtype.str`` builds a string): a caller
        that calls with the same arrays hand after hand resolves once (:func:`resolve`).
        """
        if self.jitted is None:
            nd = _ndarray  # ``arg_key`` inline: a call costs ~1 µs less
            key = [
                (a.dtype.str, a.ndim, a.flags.c_contiguous) if type(a) is nd else type(a)
                for a in args
            ]
            compiled = self.exports.get(tuple(key))
            if compiled is not None:
                return compiled
            _say_not_built(self.__wrapped__)
            self._jit()
        return self.jitted

    @property
    def py_func(self) -> Callable[..., Any]:
        """The Python function, as numba's dispatcher gives it (no compiling)."""
        return self.__wrapped__

    def __getattr__(self, name: str) -> Any:
        if self.jitted is None:
            self._jit()
        return getattr(self.jitted, name)

    def _jit(self) -> None:
        jit_everything()
        if self.jitted is None:  # not one of the package's (made outside ``njit``)
            self.jitted = self.make()

    def __repr__(self) -> str:
        return f"<deferred kernel {self.__wrapped__.__qualname__}>"


_DEFERRED: list[Deferred] = []
_JITTED = False


def _say_not_built(func: Callable[..., Any]) -> None:
    """A call the module holds no function for: numba compiles every kernel, said once.

    The module is fresh by its sources, but the arguments' types come from elsewhere too (the
    engine's arrays): changed without a rebuild, numba would compile silently mid-run.
    """
    if not _JITTED:
        print(
            f"pokersim: the ahead-of-time kernels hold no {func.__module__}.{func.__qualname__} "
            "for these argument types: numba compiles them (`pokersim kernels --force` builds "
            "them again)",
            file=sys.stderr,
            flush=True,
        )


def _defer(kernel: Deferred) -> Deferred:
    _DEFERRED.append(kernel)
    return kernel


def jit_everything() -> None:
    """Compile every deferred kernel with numba and put the dispatchers in their place.

    numba resolves a kernel's callees from its module's globals when it compiles it, so every
    module of the package that holds a :class:`Deferred` (its own or imported) gets the
    dispatcher instead. Kernels defined from now on are numba's at once.
    """
    global _JITTED
    _JITTED = True
    for kernel in _DEFERRED:
        if kernel.jitted is None:
            kernel.jitted = kernel.make()
    for name, module in list(sys.modules.items()):
        if name == "pokersim" or name.startswith("pokersim."):
            for attr, value in list(vars(module).items()):
                if isinstance(value, Deferred):
                    setattr(module, attr, value.jitted)


def resolve(kernel: Any, *args: Any) -> Callable[..., Any]:
    """What calling ``kernel`` with ``args`` runs, to call it again with the same types.

    A :class:`Deferred`'s function for their types; numba's dispatcher is itself (it types each
    call in C).
    """
    run = kernel.resolve(*args) if isinstance(kernel, Deferred) else kernel
    if RESOLVED is not None:
        RESOLVED.append((run, args))
    return run


# While the ahead-of-time module is built (``aot``): every kernel resolved for Python, with the
# arguments it was resolved for (one another kernel compiled first is never compiled for them)
RESOLVED: list[tuple[Any, tuple[Any, ...]]] | None = None


def arg_key(value: Any) -> Any:
    """What an exported function's argument is checked by: a type, or an array's layout."""
    kind = type(value)
    if kind is _ndarray:
        return (value.dtype.str, value.ndim, value.flags.c_contiguous)
    return kind


_ndarray: Any = None  # numpy.ndarray, once the module is loaded (light commands skip NumPy)


def py_types() -> dict[str, type]:
    """The argument types an exported function's table names (``pokersim.aot``), by name."""
    import array  # noqa: PLC0415

    import numpy as np  # noqa: PLC0415

    global _ndarray
    _ndarray = np.ndarray
    kinds: list[type] = [int, float, bool, bytes, array.array]
    kinds += [np.int64, np.int32, np.int16, np.int8, np.uint64, np.uint8, np.float64, np.bool_]
    return {f"{k.__module__}.{k.__qualname__}": k for k in kinds}


def _table_key(arg: Any, types: dict[str, type]) -> Any:
    return tuple(arg) if isinstance(arg, list) else types[arg]


_FALLBACK: str | None = None


def aot_fallback() -> str | None:
    """Why numba compiles the kernels though the ahead-of-time module was looked for, or None.

    Said by ``progress.announce_compile`` when a command is about to play, not at import: a
    command that stops at bad input says only its one line.
    """
    aot_exports()
    return _FALLBACK


def aot_table(package: Path) -> dict[str, Any] | None:
    """The built module's table (``AOT_TABLE``) in ``package``; None: absent or damaged."""
    try:
        table = json.loads((package / AOT_TABLE).read_text())
    except (OSError, ValueError):
        return None
    return table if isinstance(table, dict) else None  # (a table written is an object)


@functools.cache
def aot_exports() -> dict[str, dict[tuple[Any, ...], Callable[..., Any]]] | None:
    """The ahead-of-time module's functions by kernel and argument key; None: numba compiles.

    None when ``POKERSIM_JIT`` is set, or the module is absent, stale or unloadable (the reason
    kept for ``aot_fallback``).
    """
    if os.environ.get(JIT_ENV):
        return None
    reason = None
    table = aot_table(PACKAGE)
    if table is None:
        reason = "not built"
    elif table.get("fingerprint") != aot_fingerprint():
        reason = "stale (built from other sources)"
    if reason is None:
        try:
            module = importlib.import_module(f"{__package__}.{AOT_MODULE}")
        except ImportError as exc:
            reason = f"not loadable ({exc})"
    if reason is not None:
        global _FALLBACK
        _FALLBACK = (
            f"pokersim: the ahead-of-time kernels are {reason}: numba compiles them "
            "(`pokersim kernels` builds them)"
        )
        return None
    assert table is not None  # (read, fresh and loaded: no reason to fall back)
    types = py_types()
    exports: dict[str, dict[tuple[Any, ...], Callable[..., Any]]] = {}
    for row in table["exports"]:
        key = tuple(_table_key(arg, types) for arg in row["args"])
        exports.setdefault(row["kernel"], {})[key] = getattr(module, row["name"])
    return exports


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

"""The kernels compiled ahead of time: an extension module a run loads without importing numba.

A run's first hand used to wait for numba's import (0.13-0.15 s of CPU) and for its cached
kernels to load (about 0.17 s). :func:`build` compiles the kernels a run calls from Python
into one extension module beside ``kernel_cache`` with numba's ``pycc``, from the same
``@njit`` functions (the source stays written once), and writes its table
(``kernel_cache.AOT_TABLE``): the fingerprint of the sources it was built from
(``kernel_cache.aot_fingerprint``) and, per exported function, the kernel and the argument
types it takes. ``kernel_cache`` loads it when it is fresh; otherwise numba compiles, as before.

Which kernels, and for which argument types: the ones a workload calls from Python
(``pokersim kernels`` gives it: runs, a batch of hands, ``pokersim equity`` and the evaluator),
recorded as numba compiles or loads them. A call outside that set still works: it compiles
every kernel with numba first.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pokersim import kernel_cache

__all__ = ["build", "fresh"]


def fresh(package: Path = kernel_cache.PACKAGE) -> bool:
    """Whether the module is built from the current sources (its table says so)."""
    table = kernel_cache.aot_table(package)
    return table is not None and table.get("fingerprint") == kernel_cache.aot_fingerprint(package)


def build(
    workload: Callable[[], None],
    package: Path = kernel_cache.PACKAGE,
    log: Callable[[str], None] = print,
) -> Path:
    """Compile the kernels ``workload`` calls from Python into ``package``'s module; its path.

    Runs ``workload`` in numba's JIT (whatever the module's state) to record the calls, then
    compiles each kernel for the argument types it was called with.
    """
    os.environ[kernel_cache.JIT_ENV] = "1"
    kernel_cache.jit_everything()
    stamp = kernel_cache.aot_fingerprint(package)
    t0 = time.perf_counter()
    with _recording() as calls:
        workload()
    exports = _exports(calls)
    log(f"recorded {len(exports)} entry points in {time.perf_counter() - t0:.1f} s; compiling")
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from numba.pycc import CC  # noqa: PLC0415

    with tempfile.TemporaryDirectory() as tmp:
        cc = CC(kernel_cache.AOT_MODULE)
        cc.output_dir = tmp
        rows = []
        for i, (name, args, dispatcher, sig) in enumerate(exports):
            export = f"k{i}"
            cc.export(export, sig)(dispatcher.py_func)
            rows.append({"name": export, "kernel": name, "args": args, "signature": str(sig)})
        with contextlib.redirect_stdout(io.StringIO()):
            cc.compile()
        (built,) = Path(tmp).glob(f"{kernel_cache.AOT_MODULE}.*")
        target = package / built.name
        table = package / kernel_cache.AOT_TABLE
        table.unlink(missing_ok=True)  # stale while the module is replaced
        put_in_place(built, target)
    table.write_text(json.dumps({"fingerprint": stamp, "exports": rows}, indent=1) + "\n")
    log(f"compiled {target.name} in {time.perf_counter() - t0:.1f} s")
    return target


def put_in_place(built: Path, target: Path) -> None:
    """Replace ``target`` by a copy of ``built`` at once (a running process keeps the old one).

    Staged beside the target: a rename is atomic only within one file system, and the
    temporary folder the module is built in is often another (a tmpfs ``/tmp``; the rename
    from there failed with "Invalid cross-device link").
    """
    staged = target.with_name(target.name + ".part")
    shutil.copyfile(built, staged)
    os.replace(staged, target)


@contextlib.contextmanager
def _recording() -> Iterator[list[tuple[Any, tuple[Any, ...], tuple[Any, ...]]]]:
    """(dispatcher, numba types, argument keys) of each kernel numba compiles for Python.

    numba's dispatcher calls ``_compile_for_args`` for a call from Python whose types it has
    no machine code for yet (compiled or loaded from its cache); calls between kernels are
    typed inside numba and never come here. Kernels resolved through ``kernel_cache.resolve``
    are recorded too: one another kernel compiled first for the same types never comes here.
    """
    from numba.core import dispatcher  # noqa: PLC0415

    Dispatcher: Any = dispatcher.Dispatcher  # noqa: N806 - a private method, patched
    calls: list[tuple[Any, tuple[Any, ...], tuple[Any, ...]]] = []
    original = Dispatcher._compile_for_args

    def compile_for_args(self: Any, *args: Any, **kws: Any) -> Any:
        result = original(self, *args, **kws)
        if not kws:
            types = tuple(self.typeof_pyval(a) for a in args)
            calls.append((self, types, tuple(_arg_name(a) for a in args)))
        return result

    Dispatcher._compile_for_args = compile_for_args
    kernel_cache.RESOLVED = []
    try:
        yield calls
        # a kernel another kernel compiled first (for the same types) is called from Python
        # without compiling: the ones resolved through ``kernel_cache.resolve`` count too
        for run, args in kernel_cache.RESOLVED:
            if hasattr(run, "overloads"):  # numba's dispatcher
                types = tuple(run.typeof_pyval(a) for a in args)
                calls.append((run, types, tuple(_arg_name(a) for a in args)))
    finally:
        Dispatcher._compile_for_args = original
        kernel_cache.RESOLVED = None


def _arg_name(value: Any) -> Any:
    """``kernel_cache.arg_key`` as the table writes it; None: no exported type."""
    key = kernel_cache.arg_key(value)
    if isinstance(key, tuple):
        return list(key)
    name = f"{key.__module__}.{key.__qualname__}"
    return name if name in kernel_cache.py_types() else None


def _exports(calls: list[Any]) -> list[tuple[str, list[Any], Any, Any]]:
    """One export per (kernel, argument keys) of the package's kernels; ambiguous ones dropped.

    Two calls with the same keys but other numba types (a read-only array, say) cannot be told
    apart without numba: neither is exported.
    """
    found: dict[tuple[str, str], tuple[Any, Any, list[Any]]] = {}
    ambiguous = set()
    for dispatcher, types, names in calls:
        func = dispatcher.py_func
        if not func.__module__.startswith("pokersim.") or None in names:
            continue
        name = f"{func.__module__}.{func.__qualname__}"
        key = (name, json.dumps(names))
        overload = dispatcher.overloads.get(types)
        if overload is None:
            continue
        sig = overload.signature.return_type(*types)
        if key in found and str(found[key][1]) != str(sig):
            ambiguous.add(key)
        found.setdefault(key, (dispatcher, sig, names))
    return [
        (key[0], names, dispatcher, sig)
        for key, (dispatcher, sig, names) in sorted(found.items())
        if key not in ambiguous
    ]

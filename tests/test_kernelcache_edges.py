"""Edges of how the compiled kernels are found, checked against their sources and built ahead.

The fingerprints: which versions and files make a cached kernel or the built module stale, and
that checking them imports no numba. The module's table: read back into functions by kernel and
argument types, refused when damaged, stale, unloadable or when ``POKERSIM_JIT`` is set, with the
reason kept for the command that plays. Deferred kernels: the module's function only for the
types it was built for, else every kernel compiled by numba once, said once on stderr. The build:
what a workload's calls export, and the table written last. Nothing here compiles more than a
one-line kernel: the build's compiler is replaced by a stand-in that writes a file.
"""

from __future__ import annotations

import array
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pytest

import pokersim
from pokersim import aot, kernel_cache

PACKAGE = Path(kernel_cache.__file__).resolve().parent
MODULE = f"pokersim.{kernel_cache.AOT_MODULE}"


def _copy_sources(folder: Path) -> Path:
    """The kernels' source and data files copied into ``folder``, as a package of their own."""
    for name in kernel_cache.KERNEL_SOURCES:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(PACKAGE / name, folder / name)
    return folder


def _write_table(folder: Path, rows: list[dict[str, Any]], stamp: str | None = None) -> None:
    table = {"fingerprint": stamp or kernel_cache.aot_fingerprint(), "exports": rows}
    (folder / kernel_cache.AOT_TABLE).write_text(json.dumps(table))


def _load(folder: Path, monkeypatch: pytest.MonkeyPatch, module: object) -> Any:
    """``aot_exports`` as a fresh process would run it, with the table in ``folder``."""
    monkeypatch.delenv(kernel_cache.JIT_ENV, raising=False)
    monkeypatch.setattr(kernel_cache, "PACKAGE", folder)
    monkeypatch.setattr(kernel_cache, "_FALLBACK", None)
    monkeypatch.setitem(sys.modules, MODULE, module)
    return kernel_cache.aot_exports.__wrapped__()


def _fake_module(*names: str) -> types.ModuleType:
    module = types.ModuleType(MODULE)
    for name in names:
        setattr(module, name, lambda *args, _name=name: (_name, args))
    return module


@pytest.fixture
def deferring(monkeypatch: pytest.MonkeyPatch) -> list[kernel_cache.Deferred]:
    """A process with the module loaded: nothing compiled yet, no kernel deferred yet."""
    deferred: list[kernel_cache.Deferred] = []
    monkeypatch.setattr(kernel_cache, "_DEFERRED", deferred)
    monkeypatch.setattr(kernel_cache, "_JITTED", False)
    monkeypatch.setattr(kernel_cache, "aot_exports", lambda: {})
    kernel_cache.py_types()
    return deferred


# -- the fingerprints ---------------------------------------------------------------------------


def test_the_fingerprints_follow_the_versions_the_compiled_code_depends_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """numba's cache goes stale with a new numba or NumPy; the module built ahead of time with a
    new NumPy or Python minor version, but not with a numba upgrade (it runs without numba)."""
    versions = {"numba": "0.60.0", "numpy": "2.0.0"}
    monkeypatch.setattr(kernel_cache, "_version", lambda package: versions[package])

    def both() -> tuple[str, str]:
        return kernel_cache.fingerprint.__wrapped__(PACKAGE), kernel_cache.aot_fingerprint()

    jit, built = both()
    versions["numba"] = "0.61.0"
    numba_upgraded = both()
    versions |= {"numba": "0.60.0", "numpy": "2.1.0"}
    numpy_upgraded = both()
    versions["numpy"] = "2.0.0"
    assert both() == (jit, built)
    assert numba_upgraded[0] != jit and numba_upgraded[1] == built
    assert numpy_upgraded[0] != jit and numpy_upgraded[1] != built
    major, minor = sys.version_info[:2]
    others = (
        ((major, minor, 99), True),
        ((major, minor + 1, 0), False),
        ((major + 1, minor, 0), False),
    )
    for version_info, same in others:
        fake_sys = types.SimpleNamespace(version_info=version_info, modules=sys.modules)
        with monkeypatch.context() as patch:
            patch.setattr(kernel_cache, "sys", fake_sys)
            changed = kernel_cache.aot_fingerprint()
        assert (changed == kernel_cache.aot_fingerprint()) is same, version_info


def test_the_module_is_fresh_only_for_the_sources_of_its_own_package(tmp_path: Path) -> None:
    """``pokersim kernels --check`` reads the table beside the package it checks, and a source
    edited there makes the module built before the edit stale."""
    copy = _copy_sources(tmp_path / "pkg")
    assert kernel_cache.aot_fingerprint(copy) == kernel_cache.aot_fingerprint()
    assert not aot.fresh(copy)  # no table: not built
    with (copy / "timing.py").open("a") as f:
        f.write("\n")
    edited = kernel_cache.aot_fingerprint(copy)
    assert edited != kernel_cache.aot_fingerprint()
    _write_table(copy, [], stamp=kernel_cache.aot_fingerprint())
    assert not aot.fresh(copy)  # built before the edit
    _write_table(copy, [], stamp=edited)
    assert aot.fresh(copy)
    _write_table(copy, [], stamp=kernel_cache.fingerprint(copy))  # numba's, not the module's
    assert not aot.fresh(copy)
    (copy / kernel_cache.AOT_TABLE).write_text('{"fingerprint": ')  # cut short while written
    assert not aot.fresh(copy)


def test_a_line_moved_from_one_kernel_file_to_the_next_changes_the_fingerprint(
    tmp_path: Path,
) -> None:
    """Each file is hashed with its name: the same bytes split differently between two kernel
    files are other sources, and the kernels compiled from them are stale."""
    first, second = kernel_cache.KERNEL_SOURCES[:2]
    a = _copy_sources(tmp_path / "a")
    b = _copy_sources(tmp_path / "b")
    with (a / first).open("ab") as f:
        f.write(b"# moved\n")
    (b / second).write_bytes(b"# moved\n" + (b / second).read_bytes())
    assert kernel_cache.fingerprint.__wrapped__(a) != kernel_cache.fingerprint.__wrapped__(b)
    assert kernel_cache.aot_fingerprint(a) != kernel_cache.aot_fingerprint(b)


def test_checking_the_fingerprint_imports_no_numba() -> None:
    """A study's parent checks the cache without importing numba (a quarter of a second), and
    stamps the same fingerprint as a run that has numba loaded."""
    code = (
        "import sys; from pokersim import kernel_cache; "
        "print(kernel_cache.fingerprint(), 'numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [kernel_cache.fingerprint(), "False"]


# -- the module's table -------------------------------------------------------------------------

ROWS: list[dict[str, Any]] = [
    {"name": "k0", "kernel": "pokersim.x.f", "args": [["<i8", 1, True], "builtins.int"]},
    {"name": "k1", "kernel": "pokersim.x.f", "args": [["<f8", 2, False]]},
    {
        "name": "k2",
        "kernel": "pokersim.y.g",
        "args": [
            "numpy.uint64",
            "builtins.bytes",
            "array.array",
            "builtins.float",
            "builtins.bool",
        ],
    },
]


def test_a_fresh_table_gives_each_kernel_its_functions_by_argument_types(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every row of the table is kept, a kernel built for several argument types keeps each
    (the evaluator is built for four integer widths), and arrays are keyed by their layout."""
    module = _fake_module("k0", "k1", "k2")
    _write_table(tmp_path, ROWS)
    exports = _load(tmp_path, monkeypatch, module)
    assert exports == {
        "pokersim.x.f": {(("<i8", 1, True), int): module.k0, (("<f8", 2, False),): module.k1},
        "pokersim.y.g": {(np.uint64, bytes, array.array, float, bool): module.k2},
    }
    assert kernel_cache._FALLBACK is None  # nothing to say


def test_the_documented_variable_forces_numba_without_a_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``POKERSIM_JIT=1`` (the tests, the build) ignores a fresh module and says nothing; set
    but empty, it is unset."""
    module = _fake_module("k0", "k1", "k2")
    _write_table(tmp_path, ROWS)
    assert _load(tmp_path, monkeypatch, module) is not None
    monkeypatch.setenv("POKERSIM_JIT", "")
    assert kernel_cache.aot_exports.__wrapped__() is not None
    monkeypatch.setenv("POKERSIM_JIT", "1")
    assert kernel_cache.aot_exports.__wrapped__() is None
    assert kernel_cache._FALLBACK is None


@pytest.mark.parametrize(
    "text, reason",
    [
        ('{"fingerprint": "ab', "not built"),  # cut short while written
        ("", "not built"),
        ('{"exports": []}', "stale (built from other sources)"),
        ("[]", "not built"),  # JSON, but not a table
        ("null", "not built"),
        ('"x"', "not built"),
    ],
)
def test_a_damaged_table_falls_back_to_numba_with_a_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, reason: str
) -> None:
    """A table that is not JSON, not a JSON object, or names no fingerprint, is a module to
    build again, said once a command plays, never an error at import (nor for ``--check``)."""
    (tmp_path / kernel_cache.AOT_TABLE).write_text(text)
    if reason == "not built":  # (a table read asks the sources' fingerprint: none here)
        assert not aot.fresh(tmp_path)
    assert _load(tmp_path, monkeypatch, _fake_module()) is None
    assert kernel_cache.aot_fallback() == (
        f"pokersim: the ahead-of-time kernels are {reason}: numba compiles them "
        "(`pokersim kernels` builds them)"
    )


@pytest.mark.parametrize(
    "error",
    [
        ImportError("numpy.core.multiarray failed to import"),
        ModuleNotFoundError(f"No module named '{MODULE}'"),
    ],
)
def test_an_unloadable_module_falls_back_naming_the_import_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: ImportError
) -> None:
    """A module built against another NumPy fails to import: numba compiles, and the word
    said carries the import's own error so the user knows what to rebuild."""

    def import_module(name: str) -> object:
        raise error

    _write_table(tmp_path, ROWS)
    monkeypatch.setattr(kernel_cache.importlib, "import_module", import_module)
    assert _load(tmp_path, monkeypatch, _fake_module()) is None
    said = kernel_cache.aot_fallback() or ""
    assert f"ahead-of-time kernels are not loadable ({error}): numba compiles them" in said
    assert said.endswith("(`pokersim kernels` builds them)")


def test_the_fallback_reason_is_looked_for_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asking why numba compiles loads the table first: the reason is there even when nothing
    looked for the module before."""

    def look() -> None:
        kernel_cache._FALLBACK = "the reason"

    monkeypatch.setattr(kernel_cache, "_FALLBACK", None)
    monkeypatch.setattr(kernel_cache, "aot_exports", look)
    assert kernel_cache.aot_fallback() == "the reason"


# -- argument types -----------------------------------------------------------------------------


def test_an_array_is_keyed_by_its_exact_dtype_dimensions_and_c_order() -> None:
    """The table's key of an array is what a call checks: a Fortran-ordered or byte-swapped
    array is another argument type, a 2-D C array the one built for."""
    kernel_cache.py_types()
    c = np.zeros((2, 3))
    assert kernel_cache.arg_key(c) == ("<f8", 2, True)
    assert kernel_cache.arg_key(np.asfortranarray(c)) == ("<f8", 2, False)
    assert kernel_cache.arg_key(np.arange(3, dtype=">i8")) == (">i8", 1, True)
    assert kernel_cache.arg_key(np.uint64(3)) is np.uint64
    compiled = kernel_cache.Deferred(lambda *a: "python", lambda: None, {(("<f8", 2, True),): min})
    assert compiled.resolve(c) is min


VALUES: list[object] = [
    5,
    5.0,
    True,
    b"rows",
    array.array("d", [1.0]),
    np.int64(1),
    np.int32(1),
    np.int16(1),
    np.int8(1),
    np.uint64(1),
    np.uint8(1),
    np.float64(1.0),
    np.bool_(True),
]


def test_every_argument_type_the_build_writes_is_read_back() -> None:
    """Each scalar type a kernel is called with is written into the table by a name the loader
    maps back to that type; an array as a JSON list; a type with no name is not exported."""
    types_by_name = kernel_cache.py_types()
    for value in VALUES:
        name = aot._arg_name(value)
        assert name is not None and types_by_name[name] is type(value), value
    assert aot._arg_name(np.zeros((2, 2), dtype=np.int16)) == ["<i2", 2, True]
    assert aot._arg_name("text") is None
    assert aot._arg_name(np.float32(1.0)) is None


# -- deferred kernels ---------------------------------------------------------------------------


def test_njit_defers_to_the_module_by_the_kernels_full_name(
    deferring: list[kernel_cache.Deferred], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the module loaded, a kernel is found by module and qualified name and registered
    to be compiled with the others; once numba compiled everything, new kernels are numba's."""

    def double(x: int) -> int:
        return 2 * x

    name = f"{double.__module__}.{double.__qualname__}"
    monkeypatch.setattr(kernel_cache, "aot_exports", lambda: {name: {(int,): lambda x: -x}})
    kernel = kernel_cache.njit(cache=True)(double)
    assert isinstance(kernel, kernel_cache.Deferred) and deferring == [kernel]
    assert kernel(4) == -4 and kernel.jitted is None
    typing = kernel_cache.intrinsic(double)
    assert isinstance(typing, kernel_cache.Deferred) and deferring == [kernel, typing]
    assert typing.exports == {}
    monkeypatch.setattr(kernel_cache, "_JITTED", True)
    assert not isinstance(kernel_cache.njit()(double), kernel_cache.Deferred)
    assert not isinstance(kernel_cache.intrinsic(double), kernel_cache.Deferred)


def test_a_call_not_built_compiles_every_kernel_once_and_swaps_them_in(
    deferring: list[kernel_cache.Deferred], monkeypatch: pytest.MonkeyPatch
) -> None:
    """numba compiles every deferred kernel at the first call the module has no function for,
    and the package's modules (the package itself too) then hold numba's; other modules keep
    theirs. Kernels defined afterwards are numba's at once."""
    made: dict[str, object] = {}

    def kernel(tag: str) -> kernel_cache.Deferred:
        deferred = kernel_cache.Deferred(lambda x: x, lambda: made.setdefault(tag, object()), {})
        deferring.append(deferred)
        return deferred

    first, second = kernel("first"), kernel("second")
    inside, outside = types.ModuleType("pokersim._probe"), types.ModuleType("pokersimx")
    inside.kernel = outside.kernel = second  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pokersim._probe", inside)
    monkeypatch.setitem(sys.modules, "pokersimx", outside)
    monkeypatch.setattr(pokersim, "_probe_kernel", second, raising=False)
    with contextlib.redirect_stderr(io.StringIO()):
        first.resolve(5.0)
    assert first.jitted is made["first"] and second.jitted is made["second"]
    assert inside.kernel is made["second"] and outside.kernel is second
    assert pokersim._probe_kernel is made["second"]
    assert kernel_cache._JITTED
    assert not isinstance(kernel_cache.njit()(lambda x: x), kernel_cache.Deferred)


def test_reading_an_attribute_of_a_deferred_kernel_compiles_it(
    deferring: list[kernel_cache.Deferred],
) -> None:
    """Anything but ``py_func`` (``signatures``, ``stats``...) is numba's dispatcher's."""
    dispatcher = types.SimpleNamespace(signatures=["(int64,)"])
    kernel = kernel_cache.Deferred(lambda x: x, lambda: dispatcher, {})
    deferring.append(kernel)
    assert kernel.signatures == ["(int64,)"]
    assert kernel.jitted is dispatcher


def _not_built(x: float) -> float:
    return x


def test_a_call_not_built_is_said_once_on_stderr_with_the_way_out(
    deferring: list[kernel_cache.Deferred], capsys: pytest.CaptureFixture[str]
) -> None:
    """The notice names the kernel by module and name and says how to rebuild; once numba has
    compiled everything, nothing more is said."""
    kernel = kernel_cache.Deferred(_not_built, lambda: _not_built, {(int,): abs})
    assert kernel(-2.5) == -2.5
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"pokersim: the ahead-of-time kernels hold no {__name__}._not_built for these argument "
        "types: numba compiles them (`pokersim kernels --force` builds them again)\n"
    )
    late = kernel_cache.Deferred(_not_built, lambda: _not_built, {(int,): abs})
    assert late(-1.5) == -1.5
    assert capsys.readouterr().err == ""


def test_a_resolved_kernel_is_recorded_while_the_module_is_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The build records each kernel resolved from Python with its arguments: one another
    kernel compiled first would otherwise be missing from the module."""
    monkeypatch.setattr(kernel_cache, "RESOLVED", [])
    args = (np.zeros(2), 3)
    assert kernel_cache.resolve(min, *args) is min
    assert kernel_cache.RESOLVED == [(min, args)]


def test_numba_disabled_leaves_plain_python_kernels() -> None:
    """With numba's JIT disabled (``NUMBA_DISABLE_JIT=1``, to debug a kernel in Python) a
    cached kernel is the Python function, with no cache to stamp."""

    def triple(x: int) -> int:
        return 3 * x

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(numba.config, "DISABLE_JIT", True)
        kernel = kernel_cache.njit(cache=True)(triple)
    assert kernel(2) == 6 and not isinstance(kernel, kernel_cache.Deferred)


# -- the build ----------------------------------------------------------------------------------


class _Dispatcher:
    def __init__(self, module: str, name: str, overloads: dict[Any, Any]) -> None:
        self.py_func = types.SimpleNamespace(__module__=module, __qualname__=name)
        self.overloads = overloads


def _overload(returns: str) -> Any:
    signature = types.SimpleNamespace(return_type=lambda *args: f"{args} -> {returns}")
    return types.SimpleNamespace(signature=signature)


def test_the_build_exports_one_function_per_kernel_and_argument_types() -> None:
    """The package's kernels only, each once per argument types in name order; a call with an
    argument of no exported type, or types numba holds no code for, or two calls alike by
    their keys but compiled apart (a read-only array), export nothing."""
    good = _Dispatcher("pokersim.b", "k", {("i8",): _overload("i8"), ("f8",): _overload("f8")})
    twin = _Dispatcher("pokersim.a", "t", {("A",): _overload("x"), ("ro A",): _overload("y")})
    other = _Dispatcher("tests.k", "k", {("i8",): _overload("i8")})
    calls = [
        (good, ("i8",), ("builtins.int",)),
        (good, ("i8",), ("builtins.int",)),
        (good, ("f8",), ("builtins.float",)),
        (good, ("i8",), (None,)),
        (good, ("u8",), ("numpy.uint64",)),
        (other, ("i8",), ("builtins.int",)),
        (twin, ("A",), (["<i8", 1, True],)),
        (twin, ("ro A",), (["<i8", 1, True],)),
    ]
    exports = aot._exports(calls)
    assert [(name, args, sig) for name, args, _, sig in exports] == [
        ("pokersim.b.k", ("builtins.float",), "('f8',) -> f8"),
        ("pokersim.b.k", ("builtins.int",), "('i8',) -> i8"),
    ]
    assert all(dispatcher is good for _, _, dispatcher, _ in exports)


class _Compiler:
    """numba's ``pycc.CC`` as the build uses it: exports recorded, a file written."""

    made: list[_Compiler] = []

    def __init__(self, name: str) -> None:
        self.name = name
        self.output_dir = ""
        self.exported: dict[str, tuple[Callable[..., Any], Any]] = {}
        _Compiler.made.append(self)

    def export(self, name: str, sig: Any) -> Callable[[Callable[..., Any]], Any]:
        def put(func: Callable[..., Any]) -> Any:
            self.exported[name] = (func, sig)
            return func

        return put

    def compile(self) -> None:
        (Path(self.output_dir) / f"{self.name}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"k")


@pytest.fixture
def compiler(monkeypatch: pytest.MonkeyPatch) -> type[_Compiler]:
    _Compiler.made = []
    monkeypatch.setitem(sys.modules, "numba.pycc", types.SimpleNamespace(CC=_Compiler))
    monkeypatch.setattr(kernel_cache, "_DEFERRED", [])
    monkeypatch.setattr(kernel_cache, "_JITTED", False)
    monkeypatch.delenv(kernel_cache.JIT_ENV, raising=False)
    return _Compiler


def test_the_build_compiles_what_the_workload_called_and_writes_the_table_last(
    tmp_path: Path, compiler: type[_Compiler]
) -> None:
    """The workload runs in numba's JIT; a kernel it compiles and one it only resolves are
    both exported (their Python functions, by signature), and the table stamps the sources
    of the package built into, so that ``pokersim kernels --check`` finds it fresh."""
    from numba.core import dispatcher

    from pokersim import betting_kernel, pot_kernel

    numba_dispatcher: Any = dispatcher.Dispatcher
    original = numba_dispatcher._compile_for_args
    copy = _copy_sources(tmp_path / "pkg")
    with (copy / "timing.py").open("a") as f:
        f.write("\n")  # sources of its own
    betting_kernel._log_size(6)  # compiled already: the build sees it only resolved
    width = numba.njit(pot_kernel.pot_width.py_func)  # never compiled yet
    seen = []

    def workload() -> None:
        seen.append((os.environ.get(kernel_cache.JIT_ENV), kernel_cache._JITTED))
        assert width(6) == pot_kernel.pot_width.py_func(6)
        for n in (9, 10):  # resolved twice: one entry point
            kernel_cache.resolve(betting_kernel._log_size, n)(n)

    lines: list[str] = []
    target = aot.build(workload, package=copy, log=lines.append)
    assert seen == [("1", True)]
    assert target == copy / "_kernels_aot.cpython-311-x86_64-linux-gnu.so"
    assert target.read_bytes() == b"k" and not list(copy.glob("*.part"))
    table = json.loads((copy / kernel_cache.AOT_TABLE).read_text())
    assert (
        table["fingerprint"] == kernel_cache.aot_fingerprint(copy) != kernel_cache.aot_fingerprint()
    )
    assert aot.fresh(copy)
    kernels = ["pokersim.betting_kernel._log_size", "pokersim.pot_kernel.pot_width"]
    assert table["exports"] == [
        {"name": f"k{i}", "kernel": k, "args": ["builtins.int"], "signature": "(int64,) -> int64"}
        for i, k in enumerate(kernels)
    ]
    (cc,) = compiler.made
    assert cc.name == kernel_cache.AOT_MODULE
    assert {k: func for k, (func, _) in cc.exported.items()} == {
        "k0": betting_kernel._log_size.py_func,
        "k1": pot_kernel.pot_width.py_func,
    }
    assert lines[0].startswith("recorded 2 entry points") and lines[1].startswith("compiled")
    assert numba_dispatcher._compile_for_args is original and kernel_cache.RESOLVED is None


def test_a_build_that_fails_to_replace_the_module_leaves_no_fresh_table(
    tmp_path: Path, compiler: type[_Compiler], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old table goes before the module is replaced: a build stopped there leaves the
    module to build again, never a table vouching for a half-replaced module."""
    copy = _copy_sources(tmp_path / "pkg")
    _write_table(copy, [], stamp=kernel_cache.aot_fingerprint(copy))
    assert aot.fresh(copy)

    def put_in_place(built: Path, target: Path) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(aot, "put_in_place", put_in_place)
    with pytest.raises(OSError, match="disk full"):
        aot.build(lambda: None, package=copy, log=lambda line: None)
    assert not aot.fresh(copy)

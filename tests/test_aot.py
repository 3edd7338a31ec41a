"""The kernels compiled ahead of time: same bytes out as numba's, and no numba imported.

``pokersim kernels`` (``make test-slow`` runs it first) builds the module; the comparison, marked
slow, needs it fresh and skips with a word otherwise (outside CI, where a missing module fails).
"""

from __future__ import annotations

import array
import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokersim import aot, kernel_cache, progress

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import sys
from pokersim.cli import main
code = main(sys.argv[1:])
print("numba imported:", "numba" in sys.modules, file=sys.stderr)
sys.exit(code)
"""


def _run(argv: list[str], jit: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != kernel_cache.JIT_ENV}
    if jit:
        env[kernel_cache.JIT_ENV] = "1"
    return subprocess.run(
        [sys.executable, "-c", CHILD, *argv],
        capture_output=True, text=True, check=True, env=env, cwd=ROOT,
    )  # fmt: skip


def _built_kernels_or_skip() -> None:
    """The comparisons need the module fresh: skipped with a word outside CI, failed in it."""
    if not aot.fresh():
        if os.environ.get("CI"):
            pytest.fail("the ahead-of-time kernels are not built: `make test-slow` builds them")
        pytest.skip("the ahead-of-time kernels are absent or stale: `pokersim kernels`")


def _python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by a child Python with the module (numba's JIT not forced)."""
    env = {k: v for k, v in os.environ.items() if k != kernel_cache.JIT_ENV}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True, text=True, check=True, env=env, cwd=ROOT,
    )  # fmt: skip


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != "provenance.json"  # it names the folder
    }


@pytest.mark.slow
@pytest.mark.parametrize(
    "scenario, options",
    [
        ("scenarios/sng_9max.toml", ["--actions", "--hands", "both"]),
        ("scenarios/mtt_1000.toml", []),
    ],
)
def test_a_run_writes_the_same_bytes_through_both_paths(tmp_path, scenario, options) -> None:
    _built_kernels_or_skip()
    outs = {}
    for jit in (False, True):
        out = tmp_path / ("jit" if jit else "aot")
        done = _run(["run", scenario, "--seed", "3", "--out", str(out), *options], jit)
        assert f"numba imported: {jit}" in done.stderr, done.stderr  # the path it claims
        assert "ahead-of-time" not in done.stderr  # fresh: no fallback announced
        outs[jit] = _files(out)
    assert outs[False].keys() == outs[True].keys() and len(outs[True]) >= 2
    for name, data in outs[True].items():
        assert outs[False][name] == data, f"{name} differs between the two paths"


SHIPPED = sorted(
    str(p.relative_to(ROOT))
    for p in [
        *(ROOT / "scenarios").glob("*.toml"),
        *(ROOT / "scenarios" / "variants").glob("*.toml"),
    ]
    if p.stem != "mtt_10000"
)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SHIPPED)
def test_every_shipped_scenario_plays_ahead_of_time(scenario: str) -> None:
    """No shipped scenario sends the compiled hands an argument of a type the build never saw.

    A scenario that left ``action_clock_seconds`` to its default (15.0, where the files that set
    it write 15) passed the clock as a float: the knockout, mystery-bounty, rebuy, satellite,
    shoot-out and multi-day scenarios compiled every kernel with numba mid-run (minutes on a
    machine whose numba cache is cold).
    """
    _built_kernels_or_skip()
    done = _run(["run", scenario, "--seed", "1"], jit=False)
    assert "numba imported: False" in done.stderr, done.stderr
    assert "ahead-of-time" not in done.stderr, done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    "hands",
    [
        ["AhKh", "QsQd"],
        ["AhKh", "QsQd", "--board", "2c7d9hTs"],
        ["AhKh", "QsQd", "JcJd", "Tc9c"],
        ["AhKh", "QsQd", "--samples", "200"],
        ["AhKh", "QsQd", "JcJd", "--board", "2c7d9h", "--samples", "200"],
    ],
)
def test_the_equity_command_runs_ahead_of_time(hands: list[str]) -> None:
    """``pokersim equity`` (exact or sampled, two hands or more) needs no numba either.

    The build's workload played runs only: every ``equity`` compiled its kernel with numba and
    said so on stderr, even right after ``pokersim kernels``.
    """
    _built_kernels_or_skip()
    done = _run(["equity", *hands], jit=False)
    assert "numba imported: False" in done.stderr, done.stderr
    assert "ahead-of-time" not in done.stderr, done.stderr


EVALUATOR_CALLS = """
import sys
import numpy as np
import pokersim
from pokersim.cards import parse_cards
from pokersim.evaluator import evaluate_unchecked
assert pokersim.evaluate(parse_cards("AsKsQsJsTs2c3d")) == 1
assert pokersim.evaluate(["As", "Ks", "Qs", "Js", "Ts"]) == 1
for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint8):
    for k in (5, 6, 7):
        rows = np.arange(3 * k, dtype=dtype).reshape(3, k)
        assert (pokersim.evaluate(rows) == evaluate_unchecked(rows.astype(np.int8))).all()
pokersim.equity(["AhKh", "QsQd"], board="2c7d9h")
print("numba imported:", "numba" in sys.modules, file=sys.stderr)
"""


@pytest.mark.slow
def test_the_public_evaluator_runs_ahead_of_time() -> None:
    """``pokersim.evaluate`` (the README's first example), every integer type, needs no numba.

    The build's workload played runs only, whose hands the evaluator's batch kernels never
    see: each call compiled them with numba, with a line on stderr.
    """
    _built_kernels_or_skip()
    done = _python(EVALUATOR_CALLS)
    assert "numba imported: False" in done.stderr, done.stderr
    assert "ahead-of-time" not in done.stderr, done.stderr


PYTHON_HANDS = """
import sys
from pokersim.engine import run_tournament
from pokersim.hand import play_hand
from pokersim.scenario import load_scenario
result = run_tournament(
    load_scenario("scenarios/sng_9max.toml"), 3, hand_player=lambda *a, **k: play_hand(*a, **k)
)
print("hands:", result.hands_played, file=sys.stderr)
print("numba imported:", "numba" in sys.modules, file=sys.stderr)
"""


@pytest.mark.slow
def test_the_models_own_kernels_are_built_for_a_seat_asked_in_python() -> None:
    """A seat asked in Python (a time-out's hand) runs its model's estimate ahead of time too.

    Its post-flop estimate calls a kernel compiled play calls as well; a build that missed it
    made any run with a time-out compile every kernel with numba.
    """
    _built_kernels_or_skip()
    done = _python(PYTHON_HANDS)
    assert "hands:" in done.stderr and "numba imported: False" in done.stderr, done.stderr
    assert "ahead-of-time" not in done.stderr, done.stderr


def _exports_from(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[object, str]:
    monkeypatch.delenv(kernel_cache.JIT_ENV, raising=False)
    monkeypatch.setattr(kernel_cache, "PACKAGE", folder)
    monkeypatch.setattr(kernel_cache, "_FALLBACK", None)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        exports = kernel_cache.aot_exports.__wrapped__()
    assert err.getvalue() == ""  # said when a command is about to play, not at import
    return exports, kernel_cache._FALLBACK or ""


@pytest.mark.parametrize("cached", [True, False])
@pytest.mark.parametrize("reason", ["not built", "stale (built from other sources)"])
def test_the_fallback_is_said_when_a_command_plays(monkeypatch, reason, cached) -> None:
    said = f"pokersim: the ahead-of-time kernels are {reason}: numba compiles them"
    monkeypatch.setattr(kernel_cache, "aot_exports", lambda: None)
    monkeypatch.setattr(kernel_cache, "_FALLBACK", said)
    monkeypatch.setattr(progress, "kernels_cached", lambda kernels: cached)
    out = io.StringIO()
    announced = progress.announce_compile(out)
    lines = out.getvalue().splitlines()
    assert announced is not cached
    # a stale module always (its builder expects it used); an absent one with the compile notice
    assert (said in lines) is ("stale" in reason or not cached)
    assert (progress.COMPILE_MESSAGE in lines) is not cached


def test_an_absent_module_falls_back_to_numba_with_a_word(tmp_path, monkeypatch) -> None:
    exports, said = _exports_from(tmp_path, monkeypatch)
    assert exports is None
    assert "ahead-of-time kernels are not built" in said and "pokersim kernels" in said


def test_a_stale_module_falls_back_to_numba_with_a_word(tmp_path, monkeypatch) -> None:
    table = {"fingerprint": "0" * 64, "exports": []}
    (tmp_path / kernel_cache.AOT_TABLE).write_text(json.dumps(table))
    exports, said = _exports_from(tmp_path, monkeypatch)
    assert exports is None and "stale" in said


def test_jit_forced_falls_back_without_a_word(monkeypatch) -> None:
    monkeypatch.setenv(kernel_cache.JIT_ENV, "1")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert kernel_cache.aot_exports.__wrapped__() is None
    assert err.getvalue() == ""


def test_a_deferred_kernel_runs_the_module_only_for_the_types_it_was_built_for() -> None:
    kernel_cache.py_types()  # as the module's loading does: arrays are keyed by layout
    calls = []

    def python(x):
        return ("python", x)

    def compiled(x):
        calls.append(x)
        return ("compiled", x)

    ints = np.arange(4, dtype=np.int64)
    exports = {(kernel_cache.arg_key(ints),): compiled, (int,): compiled}
    kernel = kernel_cache.Deferred(python, lambda: python, exports)
    assert kernel.py_func is python  # no compiling to read it
    assert kernel(5) == ("compiled", 5)
    assert kernel(ints)[0] == "compiled"
    assert kernel.jitted is None
    for other in (ints.astype(np.int32), ints[::2], ints.reshape(2, 2), 5.0, array.array("q")):
        assert kernel_cache.arg_key(other) not in exports
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert kernel(5.0) == ("python", 5.0)  # not built for a float: numba's (here, Python's)
    assert "hold no" in err.getvalue() and "python" in err.getvalue()  # said, with its name
    assert kernel.jitted is python and len(calls) == 2
    assert kernel(5) == ("python", 5)  # once numba compiled, numba's for every call


def test_resolve_gives_the_function_a_call_with_those_types_runs() -> None:
    kernel_cache.py_types()

    def python(x):
        return ("python", x)

    def compiled(x):
        return ("compiled", x)

    ints = np.arange(4, dtype=np.int64)
    kernel = kernel_cache.Deferred(
        python, lambda: python, {(kernel_cache.arg_key(ints),): compiled}
    )
    assert kernel_cache.resolve(kernel, ints) is compiled
    assert kernel.jitted is None
    assert kernel_cache.resolve(kernel, ints[::2]) is python  # another layout: numba's
    assert kernel_cache.resolve(kernel, ints) is python  # once numba compiled, numba's
    assert kernel_cache.resolve(python, ints) is python  # a dispatcher types each call itself


def test_the_machine_types_its_arguments_once_per_set_of_arrays(monkeypatch) -> None:
    from pokersim import betting_kernel

    kernel_cache.py_types()
    buf = betting_kernel._Buffers(64, betting_kernel.F_END)
    params = np.zeros(8, dtype=np.uint8)
    consts = np.zeros(16, dtype=np.uint8)
    rows = bytes(52)
    u = array.array("d", [0.5])
    ti = np.zeros(4)
    call = (buf.ints_view, buf.floats_view, rows, params, u, u, buf.bank_view, consts, ti)

    def python(*args):
        return -1

    def compiled(*args):
        return 0

    exports = {tuple(kernel_cache.arg_key(a) for a in call): compiled}
    kernel = kernel_cache.Deferred(python, lambda: python, exports)
    monkeypatch.setattr(betting_kernel, "_run", kernel)
    typed = []
    resolve = kernel_cache.Deferred.resolve
    monkeypatch.setattr(
        kernel_cache.Deferred, "resolve", lambda self, *a: typed.append(a) or resolve(self, *a)
    )
    for _ in range(3):
        assert betting_kernel._runner(buf, rows, params, u, u, consts, ti) is compiled
    assert len(typed) == 1  # typed once, then kept
    other = np.zeros(8)[::2]  # another tournament-inputs array, of another layout: typed again
    assert betting_kernel._runner(buf, rows, params, u, u, consts, other) is python
    assert len(typed) == 2


def test_the_built_module_is_put_in_place_by_a_rename_within_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The module is built in a temporary folder, often on another file system than the
    package (a tmpfs /tmp), where a rename into the package fails: `pokersim kernels` stopped
    with "Invalid cross-device link". Here a rename between two folders fails so."""
    import errno
    import os

    from pokersim import aot

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if Path(src).parent != Path(dst).parent:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        os.rename(src, dst)

    monkeypatch.setattr(aot.os, "replace", replace)
    built = tmp_path / "build" / "module.so"
    built.parent.mkdir()
    built.write_bytes(b"new")
    package = tmp_path / "package"
    package.mkdir()
    (package / "module.so").write_bytes(b"old")
    aot.put_in_place(built, package / "module.so")
    assert (package / "module.so").read_bytes() == b"new"
    assert sorted(p.name for p in package.iterdir()) == ["module.so"]

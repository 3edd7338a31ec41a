"""Progress: a plain line every few seconds when stderr is not a terminal; the first compile."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from pokersim import progress
from pokersim.kernel_cache import fingerprint

#: an index file's bytes as far as the check reads them: its stamp names the fingerprint
STAMPED = b"stamp " + fingerprint().encode()


class _Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_line_progress_prints_every_few_seconds_and_at_the_end() -> None:
    out, clock = io.StringIO(), _Clock()
    bar = progress.LineProgress(10, desc="study", unit="run", every=5, file=out, clock=clock)
    bar.update()
    clock.t = 4.9
    bar.update()
    assert out.getvalue() == ""  # nothing before the first interval
    clock.t = 5.0
    bar.update()
    assert out.getvalue() == "study: 3/10 run (30%), 0.60 run/s, about 0:11 left\n"
    clock.t = 20.0
    bar.update(7)
    bar.close()
    assert out.getvalue().splitlines()[-1] == "study: 10/10 run (100%), 0.50 run/s"


def test_a_short_job_prints_no_line() -> None:
    out = io.StringIO()
    bar = progress.LineProgress(2, desc="x", file=out, clock=_Clock())
    bar.update(2)
    bar.close()
    assert out.getvalue() == ""


def test_bar_on_a_terminal_lines_otherwise() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert isinstance(progress.progress_bar(3, file=io.StringIO()), progress.LineProgress)
    bar = progress.progress_bar(3, file=Tty())
    assert not isinstance(bar, progress.LineProgress)
    bar.close()
    quiet = progress.progress_bar(3, file=io.StringIO(), enabled=False)
    assert not isinstance(quiet, progress.LineProgress) and quiet.disable


def test_compile_announced_only_with_a_cold_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    out = io.StringIO()
    assert not progress.kernels_cached()
    assert progress.announce_compile(out)
    assert out.getvalue() == progress.COMPILE_MESSAGE + "\n"
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "betting_kernel._tight-248.py311.nbi").write_bytes(STAMPED)
    (tmp_path / "a" / "_kernel.key7-140.py311.nbi").write_bytes(STAMPED)
    assert not progress.kernels_cached()  # the models' kernels are not there yet
    (tmp_path / "a" / "players.range_equity-454.py311.nbi").write_bytes(STAMPED)
    assert progress.kernels_cached()
    out = io.StringIO()
    assert not progress.announce_compile(out) and out.getvalue() == ""
    # an index written from other sources (or another numba) is stale: compiled anew, announced
    (tmp_path / "a" / "players.range_equity-454.py311.nbi").write_bytes(b"stamp " + b"0" * 64)
    assert not progress.kernels_cached()


def test_a_written_run_announces_the_writers_compile_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event log's writer compiles apart from the engine (and without the kernels built
    ahead of time): its pause is said too, with its own notice when it is the only one."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("pokersim.kernel_cache.aot_exports", lambda: None)
    monkeypatch.setattr("pokersim.kernel_cache.aot_fallback", lambda: None)
    (tmp_path / "a").mkdir()
    for name in ("betting_kernel._tight-248", "_kernel.key7-140", "players.range_equity-454"):
        (tmp_path / "a" / f"{name}.py311.nbi").write_bytes(STAMPED)
    out = io.StringIO()
    assert not progress.announce_compile(out) and out.getvalue() == ""
    assert progress.announce_compile(out, writing=True)
    assert out.getvalue() == progress.WRITER_MESSAGE + "\n"
    (tmp_path / "a" / "hand_lines._encode-413.py311.nbi").write_bytes(STAMPED)
    out = io.StringIO()
    assert not progress.announce_compile(out, writing=True) and out.getvalue() == ""
    # built ahead of time without the writer (an older build), the engine needs no cache, but
    # the writer still does; built with it, neither does
    monkeypatch.setattr("pokersim.kernel_cache.aot_exports", lambda: {"k": {}})
    (tmp_path / "a" / "hand_lines._encode-413.py311.nbi").unlink()
    for name in ("betting_kernel._tight-248", "_kernel.key7-140", "players.range_equity-454"):
        (tmp_path / "a" / f"{name}.py311.nbi").unlink()
    assert not progress.announce_compile(out) and out.getvalue() == ""
    assert progress.announce_compile(out, writing=True)
    assert out.getvalue() == progress.WRITER_MESSAGE + "\n"
    from pokersim.hand_lines import _encode  # the name the build gives it (pokersim.aot)

    func = _encode.py_func
    assert progress.WRITER_EXPORT == f"{func.__module__}.{func.__qualname__}"
    monkeypatch.setattr("pokersim.kernel_cache.aot_exports", lambda: {progress.WRITER_EXPORT: {}})
    out = io.StringIO()
    assert not progress.announce_compile(out, writing=True) and out.getvalue() == ""


def test_equity_and_verify_announce_a_cold_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokersim.cli import main as cli_main

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert cli_main(["equity", "AhKh", "QsQd", "--board", "2h7h9cTd"]) == 0
    assert capsys.readouterr().err == "compiling the equity kernels, once (a few seconds)...\n"
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "_kernel.key7-140.py311.nbi").write_bytes(STAMPED)
    (tmp_path / "a" / "hand_equity._enumerate_heads_up-244.py311.nbi").write_bytes(STAMPED)
    assert cli_main(["equity", "AhKh", "QsQd", "--board", "2h7h9cTd"]) == 0
    assert capsys.readouterr().err == ""
    # the sampled boards have their own kernel: not compiled yet
    assert cli_main(["equity", "AhKh", "QsQd", "--samples", "100"]) == 0
    assert capsys.readouterr().err.startswith("compiling the equity kernels")
    case = Path(__file__).resolve().parents[1] / "scenarios" / "rules"
    first = sorted(case.glob("*.toml"))[0]
    cli_main(["verify", str(first)])
    assert capsys.readouterr().err.startswith("compiling the kernels, once")

"""Edges of ``pokersim study`` on the command line.

What the command prints (the text summary and the ``--json`` object of docs/json.md), what it
refuses before anything is written (a seed, run count or output folder out of range, a missing
required flag), ``--no-progress``, and SIGTERM taken as Ctrl-C. The studies here use the cheap
runner of ``test_study_fakes``, in this process (``--jobs 1``), so each takes well under a
second; every expected figure is worked out from that runner's own rows.
"""

from __future__ import annotations

import io
import json
import signal
import threading
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from pokersim import provenance, study
from pokersim.cli import main

FAKE = "test_study_fakes:fake_runner"
TERM = "test_studycli_edges:term_runner"  # a runner that SIGTERM interrupts on one seed
MISSING = "no-such-scenario.toml"
fake_runner = study.load_runner(FAKE)


def term_runner(
    scenario_path: str, seed: int
) -> tuple[Mapping[str, Any], Sequence[Mapping[str, Any]]]:
    """The fake runner, except that the first time it plays the scenario's ``term_seed`` it
    calls the SIGTERM handler in force, as if the process had been sent SIGTERM in that run
    (and creates ``term_marker``, so that a resumed study plays that run to the end)."""
    with open(scenario_path, "rb") as fh:
        params = tomllib.load(fh)
    marker = Path(params["term_marker"])
    if seed == params["term_seed"] and not marker.exists():
        marker.touch()
        handler = signal.getsignal(signal.SIGTERM)
        if not callable(handler):
            raise RuntimeError(f"SIGTERM would end the process here (handler {handler!r})")
        handler(signal.SIGTERM, None)
    return fake_runner(scenario_path, seed)


def _scenario(tmp_path: Path, text: str = "players = 9\n") -> Path:
    path = tmp_path / "fake.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _argv(sc: Path, out: Path, runs: int, *extra: str) -> list[str]:
    return ["study", str(sc), "--runs", str(runs), "--jobs", "1", "--out", str(out), *extra]


def _cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The one error line of a refused command line."""
    code, out, err = _cli(capsys, argv)
    assert code == 2, (out, err)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def _means(sc: Path, seed: int, runs: int) -> tuple[float, float]:
    """The mean duration (seconds) and mean hands of the fake runner's runs of a study."""
    rows = [fake_runner(str(sc), s)[0] for s in study.run_seeds(seed, runs)]
    duration = sum(r["duration_seconds"] for r in rows) / runs
    hands = sum(r["hands_played"] for r in rows) / runs
    return duration, hands


# -- what a study prints -------------------------------------------------------------------------


def test_text_summary_counts_the_runs_and_gives_minutes_and_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--json`` a study says how many runs it holds and where, then the mean duration
    in minutes (one decimal) and the mean hands (whole); with ``--no-report`` no report line."""
    sc, out = _scenario(tmp_path), tmp_path / "s"
    argv = _argv(sc, out, 3, "--seed", "5", "--runner", FAKE, "--no-report", "--no-progress")
    code, text, err = _cli(capsys, argv)
    assert code == 0, err
    duration, hands = _means(sc, 5, 3)
    assert text == (
        f"study: 3 runs in {out}\n  mean duration {duration / 60:.1f} min, mean hands {hands:.0f}\n"
    )
    assert err == ""


def test_a_study_of_one_run_is_taken_and_has_its_means(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One run is the smallest study: it plays, is counted ("1 run", in the singular), and its
    means are that run's own figures, in the text and in the JSON object alike."""
    sc = _scenario(tmp_path)
    argv = _argv(sc, tmp_path / "one", 1, "--seed", "2", "--runner", FAKE, "--no-report")
    code, text, err = _cli(capsys, [*argv, "--no-progress"])
    assert code == 0, err
    duration, hands = _means(sc, 2, 1)
    assert text.splitlines() == [
        f"study: 1 run in {tmp_path / 'one'}",
        f"  mean duration {duration / 60:.1f} min, mean hands {hands:.0f}",
    ]
    argv[argv.index("--out") + 1] = str(tmp_path / "json")
    code, text, err = _cli(capsys, [*argv, "--json"])
    assert code == 0, err
    obj = json.loads(text)
    assert obj["runs"] == 1
    assert obj["mean_duration_seconds"] == duration and obj["mean_hands_played"] == hands


def test_the_scenario_may_be_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """SCENARIO is optional on the command line (the built-in default): left out, the study
    itself says what is missing, here that a custom runner needs a scenario path."""
    argv = ["study", "--runs", "2", "--jobs", "1", "--out", str(tmp_path / "s"), "--runner", FAKE]
    err = _refused(capsys, argv)
    assert "a scenario path is required with a custom runner" in err


def test_json_object_holds_the_documented_keys_and_means(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json`` prints one object with exactly the keys of docs/json.md: the run count, the
    seed, the folder, the two means of the runs' rows, and no report paths with
    ``--no-report``."""
    sc, out = _scenario(tmp_path), tmp_path / "s"
    argv = _argv(sc, out, 4, "--seed", "7", "--runner", FAKE, "--no-report", "--json")
    code, text, err = _cli(capsys, argv)
    assert code == 0, err
    assert text.count("\n") == 1
    duration, hands = _means(sc, 7, 4)
    assert json.loads(text) == {
        "command": "study",
        "out": str(out),
        "runs": 4,
        "seed": 7,
        "mean_duration_seconds": pytest.approx(duration),
        "mean_hands_played": pytest.approx(hands),
        "report": None,
        "html": None,
    }
    assert list(json.loads(text)) == sorted(json.loads(text))  # keys sorted on the line


def test_the_report_is_written_and_named_in_text_and_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--no-report`` the study ends with its report, written once from the study's
    own folder: the text's last line names ``report.md`` and the JSON object names it and
    ``report.html`` beside it."""
    import pokersim.report  # noqa: PLC0415

    written: list[Path] = []

    def write_report(result: study.StudyResult, **kwargs: Any) -> Path:
        written.append(result.path)
        return result.path / "report.md"  # the report's own files are test_report's business

    monkeypatch.setattr(pokersim.report, "write_report", write_report)
    sc, out = _scenario(tmp_path), tmp_path / "s"
    code, text, err = _cli(capsys, _argv(sc, out, 2, "--runner", FAKE, "--no-progress"))
    assert code == 0, err
    assert written == [out]
    lines = text.splitlines()
    assert lines[0] == f"study: 2 runs in {out}" and len(lines) == 3
    assert lines[-1] == f"  report: {out / 'report.md'}"
    other = tmp_path / "j"
    code, text, err = _cli(capsys, _argv(sc, other, 2, "--runner", FAKE, "--json"))
    assert code == 0, err
    assert written == [out, other]
    obj = json.loads(text)
    assert obj["report"] == str(other / "report.md") and obj["html"] == str(other / "report.html")


def test_the_seed_defaults_to_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """No ``--seed`` is seed 0 (docs/studies.md): said in the object, kept in provenance.json
    and study.json, and the rows are those of ``--seed 0``."""
    sc = _scenario(tmp_path)
    code, text, err = _cli(
        capsys, _argv(sc, tmp_path / "d", 2, "--runner", FAKE, "--no-report", "--json")
    )
    assert code == 0, err
    assert json.loads(text)["seed"] == 0
    record = json.loads((tmp_path / "d" / provenance.FILE).read_text(encoding="utf-8"))
    assert record["seed"] == 0
    assert json.loads((tmp_path / "d" / study.MANIFEST).read_text(encoding="utf-8"))["seed"] == 0
    zero = tmp_path / "zero"
    code, _, err = _cli(
        capsys, _argv(sc, zero, 2, "--seed", "0", "--runner", FAKE, "--no-report", "--no-progress")
    )
    assert code == 0, err
    assert (tmp_path / "d" / "runs.parquet").read_bytes() == (zero / "runs.parquet").read_bytes()


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal, so the study draws its progress bar there."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("hidden", [False, True])
def test_no_progress_hides_the_bar_on_a_terminal(
    hidden: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal the study draws its bar on stderr (``study: ... run``); ``--no-progress``
    leaves stderr empty."""
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    extra = ["--no-progress"] if hidden else []
    argv = _argv(_scenario(tmp_path), tmp_path / "s", 2, "--runner", FAKE, "--no-report", *extra)
    assert main(argv) == 0
    if hidden:
        assert terminal.getvalue() == ""
    else:
        assert "study" in terminal.getvalue() and "2/2" in terminal.getvalue()


# -- refused before anything is written ---------------------------------------------------------


@pytest.mark.parametrize("flag", ["--runs", "--out"])
def test_runs_and_out_are_required(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--runs`` and ``--out`` have no default: leaving one out is a usage error naming it."""
    argv = _argv(_scenario(tmp_path), tmp_path / "s", 2, "--runner", FAKE)
    at = argv.index(flag)
    del argv[at : at + 2]
    err = _refused(capsys, argv)
    assert "required" in err and flag in err
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
def test_a_seed_out_of_range_is_refused_before_the_folder_is_made(
    seed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seeds are whole numbers 0 .. 2**63 - 1: one either side is refused in one line naming
    ``--seed``, and no output folder is created."""
    out = tmp_path / "s"
    err = _refused(capsys, _argv(_scenario(tmp_path), out, 2, "--seed", seed, "--runner", FAKE))
    assert f"--seed {seed}" in err and "2**63-1" in err
    assert not out.exists()


def test_the_largest_seed_is_taken(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """2**63 - 1 is a seed: what is said next is the missing scenario file, not the seed."""
    err = _refused(capsys, _argv(Path(MISSING), tmp_path / "s", 2, "--seed", str(2**63 - 1)))
    assert MISSING in err and "--seed" not in err


def test_the_most_runs_are_taken_and_one_more_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--runs`` may be 10,000,000: the missing file is what is said; 10,000,001 is refused in
    one line naming ``--runs`` and its limit, before the folder is made."""
    out = tmp_path / "s"
    err = _refused(capsys, _argv(Path(MISSING), out, 10_000_000))
    assert MISSING in err and "--runs" not in err
    err = _refused(capsys, _argv(Path(MISSING), out, 10_000_001))
    assert "--runs must be <= 10,000,000" in err and "got 10000001" in err
    assert MISSING not in err and not out.exists()


def test_a_negative_jobs_count_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A worker count below one is refused in one line naming ``--jobs`` and the value."""
    argv = _argv(_scenario(tmp_path), tmp_path / "s", 2, "--runner", FAKE)
    argv[argv.index("--jobs") + 1] = "-3"
    err = _refused(capsys, argv)
    assert "--jobs must be >= 1, got -3" in err
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_out_name_is_refused(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty or blank ``--out`` is refused in one line instead of writing the study into the
    current folder or a folder named by spaces."""
    monkeypatch.chdir(tmp_path)
    sc = _scenario(tmp_path)
    err = _refused(capsys, ["study", str(sc), "--runs", "2", "--jobs", "1", "--out", name])
    assert "--out: expected a folder name" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fake.toml"]


# -- SIGTERM -------------------------------------------------------------------------------------


def test_sigterm_in_a_run_stops_the_study_like_ctrl_c_and_resume_finishes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SIGTERM while a run plays is taken as Ctrl-C: exit 130 with "interrupted", the runs
    already stored are kept, and ``--resume`` finishes the study to the same rows."""
    seeds = study.run_seeds(3, 4)
    marker = tmp_path / "terminated"
    sc = _scenario(tmp_path, f'players = 9\nterm_seed = {seeds[2]}\nterm_marker = "{marker}"\n')
    out = tmp_path / "s"
    argv = _argv(sc, out, 4, "--seed", "3", "--runner", TERM, "--no-report", "--no-progress")
    code, text, err = _cli(capsys, argv)
    assert code == 130 and err == "pokersim study: interrupted\n", err
    assert marker.exists() and text == "" and study.completed_runs(out) == {0, 1}
    assert not (out / "runs.parquet").exists()
    # the same study without the interruption: what the resumed study must end with
    clean = tmp_path / "clean"
    study.run_study(sc, runs=4, seed=3, out=clean, jobs=1, runner=FAKE, progress=False)
    code, text, err = _cli(capsys, [*argv, "--resume"])
    assert code == 0, err
    assert text.startswith(f"study: 4 runs in {out}\n")
    for name in ("runs.parquet", "finishes.parquet"):
        assert (out / name).read_bytes() == (clean / name).read_bytes(), name


def test_the_sigterm_handler_is_put_back_after_the_study(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command takes SIGTERM only while it runs: afterwards the caller's handler is back."""

    def mine(signum: int, frame: Any) -> None:
        raise AssertionError("not called")

    old = signal.signal(signal.SIGTERM, mine)
    try:
        argv = _argv(_scenario(tmp_path), tmp_path / "s", 2, "--runner", FAKE, "--no-report")
        code, _, err = _cli(capsys, argv)
        assert code == 0, err
        assert signal.getsignal(signal.SIGTERM) is mine
    finally:
        signal.signal(signal.SIGTERM, old)


def test_a_study_runs_from_a_thread_that_is_not_the_main_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Signal handlers can only be set from the main thread; a study started from another
    thread (say, a notebook's background thread) still plays, without its SIGTERM handling."""
    out = tmp_path / "s"
    argv = _argv(_scenario(tmp_path), out, 2, "--runner", FAKE, "--no-report", "--no-progress")
    codes: list[int] = []
    before = signal.getsignal(signal.SIGTERM)
    thread = threading.Thread(target=lambda: codes.append(main(argv)))
    thread.start()
    thread.join(timeout=120)
    err = capsys.readouterr().err
    assert codes == [0], err
    assert (out / "runs.parquet").is_file() and study.completed_runs(out) == {0, 1}
    assert signal.getsignal(signal.SIGTERM) is before

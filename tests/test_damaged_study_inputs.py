"""Damaged study inputs: one line naming the file, the key and what was expected; nothing lost.

A study's or a sweep's ``study.json``/``sweep.json`` that is not a JSON object, a merged table
lacking a column the report reads (or holding text for numbers), a date-time ``--set`` value,
a ``--runs`` beyond the bound, a stray or foreign file in ``parts/``: each through the CLI.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokersim import study, sweep
from pokersim.cli import main
from pokersim.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent
SNG = str(ROOT / "scenarios" / "sng_9max.toml")
QUIET = ["--jobs", "1", "--no-progress"]
STUDY = ["study", SNG, "--runs", "4", *QUIET, "--no-report"]
SWEEP = ["sweep", SNG, "--set", "levels.minutes=6,8", "--runs", "2", *QUIET]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished study and a finished sweep, made once: each test works on a copy."""
    base = tmp_path_factory.mktemp("made")
    assert main([*STUDY, "--out", str(base / "study")]) == 0
    assert main([*SWEEP, "--out", str(base / "sweep")]) == 0
    return {"study": base / "study", "sweep": base / "sweep"}


def copy_of(made: dict[str, Path], what: str, tmp_path: Path) -> Path:
    return Path(shutil.copytree(made[what], tmp_path / what))


def one_line(capsys: pytest.CaptureFixture[str], code: int, *named: str) -> str:
    """The command failed with exit 2 and one stderr line naming each of ``named``."""
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for name in named:
        assert name in lines[0], lines[0]
    return lines[0]


def merged(folder: Path) -> dict[str, bytes]:
    return {name: (folder / f"{name}.parquet").read_bytes() for name in study.TABLES}


def listing(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


# --- 1: study.json / sweep.json that is not a JSON object --------------------------------------

DAMAGED_JSON = {
    "null": (b"null\n", "holds null"),
    "array": (b"[1]\n", "holds an array"),
    "cut short": (b'{\n  "format": 2\n', "is cut short"),
    "not UTF-8": (b"\xff\xfe{}", "is not UTF-8 text"),
}


@pytest.mark.parametrize("damage", DAMAGED_JSON, ids=list(DAMAGED_JSON))
def test_resume_refuses_a_study_json_that_is_not_an_object_in_one_line(
    made: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    out = copy_of(made, "study", tmp_path)
    data, problem = DAMAGED_JSON[damage]
    (out / "study.json").write_bytes(data)
    before = listing(out)
    code = main([*STUDY, "--out", str(out), "--resume"])
    line = one_line(capsys, code, str(out / "study.json"), problem, "expected a JSON object")
    assert "another --out folder" in line
    assert listing(out) == before  # nothing written, no run lost


@pytest.mark.parametrize("damage", ["null", "array", "cut short"])
def test_resume_refuses_a_sweep_json_that_is_not_an_object_in_one_line(
    made: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    out = copy_of(made, "sweep", tmp_path)
    data, problem = DAMAGED_JSON[damage]
    (out / "sweep.json").write_bytes(data)
    before = listing(out)
    code = main([*SWEEP, "--out", str(out), "--resume"])
    one_line(capsys, code, str(out / "sweep.json"), problem, "expected a JSON object")
    assert listing(out) == before
    with pytest.raises(ConfigError, match="sweep.json .*expected a JSON object"):
        sweep.load_sweep(out)


# --- 2: a merged table lacking a column the report reads, or holding text for numbers ----------


def rewrite(path: Path, change: Any) -> None:
    pq.write_table(change(pq.read_table(path)), path)


def as_text(column: str) -> Any:
    def change(table: pa.Table) -> pa.Table:
        i = table.schema.get_field_index(column)
        return table.set_column(i, column, pa.array(["c"] * table.num_rows))

    return change


REPORT_DAMAGE = {
    "runs without duration_seconds": (
        "runs", lambda t: t.drop(["duration_seconds"]), ("'duration_seconds'", "no column"),
    ),
    "finishes without model": ("finishes", lambda t: t.drop(["model"]), ("'model'", "no column")),
    "timeline without players_left": (
        "timeline", lambda t: t.drop(["players_left"]), ("'players_left'", "no column"),
    ),
    "duration_seconds as text": (
        "runs", as_text("duration_seconds"), ("'duration_seconds'", "holds text", "numbers"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("damage", REPORT_DAMAGE, ids=list(REPORT_DAMAGE))
def test_report_names_the_file_and_the_column_it_cannot_read(
    made: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    out = copy_of(made, "study", tmp_path)
    table, change, words = REPORT_DAMAGE[damage]
    rewrite(out / f"{table}.parquet", change)
    code = main(["report", str(out)])
    line = one_line(capsys, code, str(out / f"{table}.parquet"), *words)
    assert "expected" in line and "--resume" in line  # how to write the file again
    # the advice works: a resume writes the merged file again from the parts, byte for byte
    assert main([*STUDY, "--out", str(out), "--resume"]) == 0
    assert merged(out) == merged(made["study"])


# --- 3: a TOML date-time swept with --set ------------------------------------------------------


def test_a_date_time_set_value_is_swept_and_kept_as_its_iso_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "when"
    times = ["2026-03-14T20:00:00-04:00", "2026-03-15T20:00:00-04:00"]
    argv = ["sweep", SNG, "--set", f"starts_at={','.join(times)}", "--runs", "2", *QUIET]
    assert main([*argv, "--out", str(out)]) == 0, capsys.readouterr().err
    manifest = json.loads((out / "sweep.json").read_text(encoding="utf-8"))
    assert [a["settings"] for a in manifest["arms"]] == [{"starts_at": t} for t in times]
    assert [a["label"] for a in manifest["arms"]] == [f"starts_at={t}" for t in times]
    provenance = json.loads((out / "provenance.json").read_text(encoding="utf-8"))
    assert ["starts_at", times] in provenance["sets"]
    assert "starts_at = 2026-03-14" in (out / "arm-01" / "scenario.toml").read_text()
    loaded = sweep.load_sweep(out)
    assert [dict(a.settings) for a in loaded.arms] == [{"starts_at": t} for t in times]
    assert sweep._x_axis(loaded)[1] == "arm"  # a date-time is not a numeric axis
    assert sweep.sweep_table(loaded)["starts_at"].tolist() == times
    capsys.readouterr()
    assert main([*argv, "--out", str(out), "--resume"]) == 0, capsys.readouterr().err


# --- 4: --runs has an upper bound --------------------------------------------------------------


class Reached(Exception):
    """The command got past its checks (the bound let the count through)."""


def never(*args: Any, **kwargs: Any) -> Any:
    raise Reached


COMMANDS = {
    "study": ["study", SNG, *QUIET],
    "sweep": ["sweep", SNG, "--set", "levels.minutes=6,8", *QUIET],
    "compare": ["compare", SNG, SNG, *QUIET],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_runs_beyond_the_bound_are_refused_before_anything_is_written(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    # nothing is played here: a count the bound lets through stops at the first run
    monkeypatch.setattr(study, "run_study", never)
    monkeypatch.setattr(sweep, "run_sweep", never)
    monkeypatch.setattr(sweep, "run_arms", never)
    out = tmp_path / "out"
    code = main([*COMMANDS[command], "--runs", "100000000000", "--out", str(out)])
    one_line(capsys, code, "--runs", "10,000,000", "100000000000")
    assert not out.exists()
    with pytest.raises(Reached):
        main([*COMMANDS[command], "--runs", "10000000", "--out", str(tmp_path / "at_bound")])


# --- 5: stray and foreign files in parts/ ------------------------------------------------------


def test_a_stray_file_in_parts_is_left_alone(
    made: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = copy_of(made, "study", tmp_path)
    stray = out / "parts" / "rerun.runs.parquet"
    shutil.copy(out / "parts" / "r00000000.runs.parquet", stray)
    assert main([*STUDY, "--out", str(out), "--resume"]) == 0, capsys.readouterr().err
    assert "Traceback" not in capsys.readouterr().err
    assert merged(out) == merged(made["study"])
    assert stray.is_file()
    assert study.completed_runs(out) == {0, 1, 2, 3}


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("r00000000.finishes.parquet", "not a runs part of this study (no column"),
        ("r00000002.runs.parquet", "not a part of this study (it holds run 2, expected run 1"),
    ],
    ids=["another table", "another run"],
)
def test_a_foreign_part_is_named_and_its_run_played_again(
    made: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    source: str,
    why: str,
) -> None:
    out = copy_of(made, "study", tmp_path)
    swapped = out / "parts" / "r00000001.runs.parquet"
    shutil.copy(out / "parts" / source, swapped)
    assert main([*STUDY, "--out", str(out), "--resume"]) == 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"study: part file {swapped} is {why}")
    assert lines[0].endswith("run 1 will be played again")
    assert merged(out) == merged(made["study"])


@pytest.mark.parametrize("command", ["run", "study", "sweep", "compare"])
@pytest.mark.parametrize("out", ["", "a-file"])
def test_an_out_that_is_a_file_or_empty_is_one_line_before_anything_runs(
    command: str, out: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> None:
    """Not '[Errno 17] File exists' or '[Errno 20] Not a directory' after the work, nor the
    current folder written into."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("kept\n", encoding="utf-8")
    sng = SNG
    argv = {
        "run": ["run", sng],
        "study": ["study", sng, "--runs", "2", "--jobs", "1"],
        "sweep": ["sweep", sng, "--set", "levels.minutes=6,8", "--runs", "2", "--jobs", "1"],
        "compare": ["compare", sng, sng, "--runs", "2", "--jobs", "1"],
    }[command]
    assert main([*argv, "--out", out]) == 2
    err = capsys.readouterr().err
    expected = "exists and is not a folder" if out else "--out: expected a folder name"
    assert expected in err and err.count("\n") == 1 and "Errno" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "kept\n"


def test_compare_names_a_folder_given_as_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sng = SNG
    argv = ["compare", sng, str(ROOT / "scenarios"), "--runs", "2", "--out", str(tmp_path / "c")]
    assert main(argv) == 2
    assert "is a folder, expected a scenario .toml file" in capsys.readouterr().err

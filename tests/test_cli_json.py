"""``--json`` on run, study, compare, sweep, design --check and verify; ``provenance.json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import pokersim
from pokersim import provenance
from pokersim.cli import main as cli_main

ROOT = Path(__file__).resolve().parent.parent
SNG = ROOT / "scenarios" / "sng_9max.toml"
CASE = ROOT / "scenarios" / "rules" / "R-HAND-4-side-pots.toml"
FAKE = "test_study_fakes:fake_runner"


def _json(capsys: pytest.CaptureFixture[str], argv: list[str], code: int = 0) -> Any:
    assert cli_main(argv) == code
    out = capsys.readouterr().out
    assert out.count("\n") == 1, out  # one object, one line, nothing else on stdout
    return json.loads(out)


def _provenance(folder: Path, scenario: Path | None = None) -> dict[str, Any]:
    record = json.loads((folder / provenance.FILE).read_text(encoding="utf-8"))
    assert record["command"][0] == "pokersim"
    assert set(record["versions"]) == {"pokersim", "python", "numpy", "numba"}
    assert record["versions"]["pokersim"] == pokersim.__version__
    assert all(record["versions"].values())
    if scenario is not None:
        assert (folder / "scenario.toml").read_bytes() == scenario.read_bytes()
        assert record["scenario"]["path"] == str(scenario)
    return record


def _fake(tmp_path: Path, name: str, players: int) -> Path:
    path = tmp_path / name
    path.write_text(f"players = {players}\n")
    return path


def test_run_json_and_provenance(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    obj = _json(capsys, ["run", str(SNG), "--seed", "2", "--out", str(out), "--json"])
    assert obj["command"] == "run" and obj["seed"] == 2 and obj["entries"] == 9
    assert obj["winner"]["prize_cents"] > 0 and obj["out"] == str(out)
    summary = json.loads((out / "summary.json").read_text())
    assert obj["hands_played"] == summary["hands_played"]
    record = _provenance(out, SNG)
    assert record["seed"] == 2 and "--json" in record["command"]
    again = tmp_path / "again"
    _json(capsys, ["run", str(SNG), "--seed", "2", "--out", str(again), "--json"])
    other = json.loads((again / provenance.FILE).read_text())
    other["command"] = record["command"]
    assert other == record  # no time stamp: the same command writes the same file


def test_study_json_provenance_and_resume_across_versions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sc = _fake(tmp_path, "fake.toml", 9)
    out = tmp_path / "s"
    argv = ["study", str(sc), "--runs", "3", "--jobs", "1", "--out", str(out), "--runner", FAKE]
    obj = _json(capsys, [*argv, "--seed", "4", "--json", "--no-report"])
    assert obj["command"] == "study" and obj["runs"] == 3 and obj["seed"] == 4
    assert obj["mean_duration_seconds"] > 0 and obj["report"] is None
    record = _provenance(out, sc)
    assert record["seed"] == 4 and record["runs"] == 3
    # a folder made by another version is not resumed unless forced
    record["versions"]["pokersim"] = "0.0.0-other"
    (out / provenance.FILE).write_text(json.dumps(record))
    assert cli_main([*argv, "--seed", "4", "--resume", "--no-report"]) == 2
    assert "made by pokersim 0.0.0-other" in capsys.readouterr().err
    assert cli_main([*argv, "--seed", "4", "--resume", "--no-report", "--force"]) == 0
    assert _provenance(out)["versions"]["pokersim"] == pokersim.__version__


def test_compare_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = _fake(tmp_path, "small.toml", 9), _fake(tmp_path, "big.toml", 18)
    out = tmp_path / "cmp"
    obj = _json(
        capsys,
        [
            "compare", str(a), str(b), "--runs", "4", "--jobs", "1", "--out", str(out),
            "--runner", FAKE, "--json",
        ],
    )  # fmt: skip
    assert obj["command"] == "compare" and obj["labels"] == ["small", "big"]
    assert Path(obj["report"]).name == "compare.md" and Path(obj["html"]).is_file()
    assert {m["measure"] for m in obj["measures"]} >= {"duration (min)"}
    assert all({"group", "roi_diff"} <= set(g) for g in obj["groups"])
    record = _provenance(out)
    assert set(record["scenarios"]) == {"A", "B"}
    _provenance(out / "A", a)
    _provenance(out / "B", b)


def test_sweep_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sw"
    obj = _json(
        capsys,
        [
            "sweep", str(SNG), "--set", "starting_stack=1000,2000", "--runs", "1",
            "--jobs", "1", "--out", str(out), "--json",
        ],
    )  # fmt: skip
    assert obj["command"] == "sweep" and len(obj["arms"]) == 2
    assert [a["starting_stack"] for a in obj["arms"]] == [1000, 2000]
    assert all(isinstance(a["duration_min"], float) for a in obj["arms"])
    assert Path(obj["html"]).is_file() and Path(obj["curves"]).is_file()
    record = _provenance(out, SNG)
    assert record["sets"] == [["starting_stack", [1000, 2000]]]
    assert _provenance(out / "arm-02")["scenario"]["path"] is None  # given as data


def test_design_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    obj = _json(capsys, ["design", "--check", str(SNG), "--runs", "2", "--jobs", "1", "--json"])
    assert obj["command"] == "design" and obj["runs"] == 2 and obj["levels"] > 0
    assert obj["median_seconds"] == obj["duration_percentiles"]["50"]


def test_verify_json_and_provenance(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "v"
    obj = _json(capsys, ["verify", str(CASE), "--out", str(out), "--json"])
    assert obj == {
        "command": "verify",
        "passed": 1,
        "failed": 0,
        "cases": [{"file": str(CASE), "passed": True, "failures": []}],
        "out": str(out),
    }
    _provenance(out / CASE.stem, CASE)

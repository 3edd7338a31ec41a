"""A part file of another study on the same seed and run is played again, not merged.

Each part names its study in its Parquet schema metadata (``study.IDENTITY_KEY``). On resume a
part naming another study (another scenario, another sweep arm) or none (written before parts
named their study) is named on stderr and its run played again: the merged files stay the
study's own, byte for byte.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from test_damaged_study_inputs import SWEEP, copy_of, merged
from test_study import FAKE, file_bytes, scenario

from pokersim import study
from pokersim.cli import main

SEED = 11
RUNS = 3
ORDER = ("runs", "finishes", "timeline")  # the order resume reads a run's parts in


def fake_study(tmp_path: Path, name: str, players: int, runs: int = RUNS) -> tuple[Path, Path]:
    """A finished study of the fake runner (its scenario file, its folder): a second or so."""
    where = tmp_path / name
    where.mkdir()
    sc = scenario(where, players=players)
    study.run_study(sc, runs=runs, seed=SEED, out=where / "out", jobs=1, runner=FAKE,
                    progress=False)  # fmt: skip
    return sc, where / "out"


def resume(sc: Path, out: Path) -> None:
    study.run_study(sc, runs=RUNS, seed=SEED, out=out, jobs=1, runner=FAKE, progress=False,
                    resume=True)  # fmt: skip


def part(folder: Path, index: int, table: str) -> Path:
    return folder / "parts" / f"r{index:08d}.{table}.parquet"


def replayed_line(capsys: pytest.CaptureFixture[str], path: Path, index: int, why: str) -> None:
    """Stderr is the one warning line: ``path`` is ``why``, run ``index`` is played again."""
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"study: part file {path} is not a part of this study ({why}")
    assert lines[0].endswith(f"run {index} will be played again")


@pytest.mark.parametrize(
    "copied", [("runs",), ("finishes",), ("timeline",), ORDER], ids=[*ORDER, "whole run"]
)
def test_a_part_of_another_scenario_on_the_same_seed_and_run_is_played_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], copied: tuple[str, ...]
) -> None:
    sc, out = fake_study(tmp_path, "mine", players=6)
    _, other = fake_study(tmp_path, "other", players=9)
    clean = file_bytes(out)
    capsys.readouterr()
    for table in copied:
        shutil.copy(part(other, 1, table), part(out, 1, table))
    resume(sc, out)
    first = next(t for t in ORDER if t in copied)
    replayed_line(capsys, part(out, 1, first), 1, "it names another study")
    assert file_bytes(out) == clean
    assert study.completed_runs(out) == set(range(RUNS))


def test_a_part_that_names_no_study_is_played_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A part of an earlier pokersim, without the name, cannot be told from a copied one."""
    sc, out = fake_study(tmp_path, "mine", players=6)
    clean = file_bytes(out)
    capsys.readouterr()
    old = part(out, 2, "finishes")
    pq.write_table(pq.read_table(old).replace_schema_metadata(None), old, compression="zstd")
    resume(sc, out)
    replayed_line(capsys, old, 2, "it names no study")
    assert file_bytes(out) == clean


def test_the_same_scenario_elsewhere_is_the_same_study(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not the path nor ``--runs``: a part of the same scenario bytes and seed is kept."""
    sc, out = fake_study(tmp_path, "mine", players=6)
    _, longer = fake_study(tmp_path, "moved", players=6, runs=RUNS + 2)
    clean = file_bytes(out)
    shutil.copy(part(longer, 1, "runs"), part(out, 1, "runs"))
    stamp = part(out, 1, "runs").stat().st_mtime_ns
    capsys.readouterr()
    resume(sc, out)
    assert capsys.readouterr().err == ""
    assert part(out, 1, "runs").stat().st_mtime_ns == stamp
    assert file_bytes(out) == clean


def test_parts_name_their_study_and_the_merged_files_do_not(tmp_path: Path) -> None:
    _, out = fake_study(tmp_path, "mine", players=6)
    identity = study.study_identity(json.loads((out / "study.json").read_text()))
    for table in ORDER:
        assert pq.read_schema(part(out, 0, table)).metadata == {
            study.IDENTITY_KEY: identity.encode()
        }
        assert pq.read_schema(out / f"{table}.parquet").metadata is None


@pytest.fixture(scope="module")
def swept(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A finished two-arm sweep of the real engine, made once: each test works on a copy."""
    base = tmp_path_factory.mktemp("swept")
    assert main([*SWEEP, "--out", str(base / "sweep")]) == 0
    return {"sweep": base / "sweep"}


def test_a_part_of_another_sweep_arm_is_played_again(
    swept: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Arms share the seed (common random numbers): only the study's identity tells them apart."""
    out = copy_of(swept, "sweep", tmp_path)
    swapped = part(out / "arm-01", 1, "finishes")
    shutil.copy(part(out / "arm-02", 1, "finishes"), swapped)
    capsys.readouterr()
    assert main([*SWEEP, "--out", str(out), "--resume"]) == 0
    replayed_line(capsys, swapped, 1, "it names another study")
    for arm in ("arm-01", "arm-02"):
        assert merged(out / arm) == merged(swept["sweep"] / arm)

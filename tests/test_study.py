"""Study mechanics: seeds, determinism across backends, the store, resume and interruption.

These use the cheap fake runners of ``test_study_fakes`` (importable by worker processes because
pytest puts this folder on ``sys.path``, which spawned workers inherit).
"""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import study
from pokersim.errors import ConfigError
from pokersim.rng import derive_seed

FAKE = "test_study_fakes:fake_runner"
TESTS = Path(__file__).parent
FILES = ("runs.parquet", "finishes.parquet", "timeline.parquet")


def scenario(tmp_path: Path, **params: object) -> Path:
    path = tmp_path / "fake.toml"
    lines = [f"{k} = {v!r}".replace("'", '"') for k, v in params.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


def file_bytes(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in FILES}


def test_run_i_uses_seed_derived_from_study_seed_and_index(tmp_path: Path) -> None:
    res = study.run_study(
        scenario(tmp_path, players=6),
        runs=5,
        seed=77,
        out=tmp_path / "o",
        jobs=1,
        runner=FAKE,
        progress=False,
    )
    assert list(res.runs["run"]) == [0, 1, 2, 3, 4]
    assert list(res.runs["seed"]) == [derive_seed(77, i) for i in range(5)]
    assert len(set(res.runs["seed"])) == 5
    # every finish row carries its run's seed, one row per player per run
    assert len(res.finishes) == 5 * 6
    by_run = res.finishes.groupby("run")["seed"].first()
    assert list(by_run) == list(res.runs["seed"])


def test_rows_are_a_pure_function_of_scenario_and_seed(tmp_path: Path) -> None:
    """A study with another seed gives other rows; the same seed gives the same bytes."""
    sc = scenario(tmp_path, players=9)
    kw = dict(runs=4, jobs=1, runner=FAKE, progress=False)
    study.run_study(sc, seed=1, out=tmp_path / "a", **kw)
    study.run_study(sc, seed=1, out=tmp_path / "b", **kw)
    study.run_study(sc, seed=2, out=tmp_path / "c", **kw)
    assert file_bytes(tmp_path / "a") == file_bytes(tmp_path / "b")
    assert file_bytes(tmp_path / "a")["runs.parquet"] != file_bytes(tmp_path / "c")["runs.parquet"]


def test_identical_bytes_across_jobs_1_jobs_2_and_dask_local_cluster(tmp_path: Path) -> None:
    """Results are byte-identical after sorting by run, whatever J and backend (issue 7)."""
    distributed = pytest.importorskip("distributed")
    sc = scenario(tmp_path, players=12, bounty_cents=250)
    kw = dict(runs=12, seed=2024, runner=FAKE, progress=False)
    study.run_study(sc, out=tmp_path / "j1", jobs=1, **kw)
    study.run_study(sc, out=tmp_path / "j2", jobs=2, **kw)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        study.run_study(sc, out=tmp_path / "dask", scheduler=client, **kw)
        # and by address, as the CLI's --scheduler does
        study.run_study(sc, out=tmp_path / "addr", scheduler=cluster.scheduler_address, **kw)
    ref = file_bytes(tmp_path / "j1")
    for other in ("j2", "dask", "addr"):
        assert file_bytes(tmp_path / other) == ref, other
    runs = pq.read_table(tmp_path / "j1" / "runs.parquet").to_pandas()
    assert list(runs["run"]) == list(range(12))


def test_no_wall_clock_or_worker_ids_in_results(tmp_path: Path) -> None:
    res = study.run_study(
        scenario(tmp_path), runs=2, out=tmp_path / "o", jobs=1, runner=FAKE, progress=False
    )
    assert list(res.runs.columns) == study.RUN_SCHEMA.names
    assert list(res.finishes.columns) == study.FINISH_SCHEMA.names
    assert list(res.timeline.columns) == study.TIMELINE_SCHEMA.names
    for name in FILES:
        meta = pq.read_metadata(tmp_path / "o" / name)
        assert meta.metadata is None or b"pandas" not in b"".join(meta.metadata)


def test_existing_study_is_refused_without_resume(tmp_path: Path) -> None:
    sc = scenario(tmp_path)
    study.run_study(sc, runs=2, out=tmp_path / "o", jobs=1, runner=FAKE, progress=False)
    before = file_bytes(tmp_path / "o")
    with pytest.raises(ConfigError, match="already holds a study.*--resume"):
        study.run_study(sc, runs=2, out=tmp_path / "o", jobs=1, runner=FAKE, progress=False)
    assert file_bytes(tmp_path / "o") == before


def test_resume_refuses_another_seed_or_scenario(tmp_path: Path) -> None:
    sc = scenario(tmp_path, players=5)
    study.run_study(sc, runs=2, out=tmp_path / "o", seed=3, jobs=1, runner=FAKE, progress=False)
    with pytest.raises(ConfigError, match="seed is 3"):
        study.run_study(
            sc,
            runs=2,
            out=tmp_path / "o",
            seed=4,
            resume=True,
            jobs=1,
            runner=FAKE,
            progress=False,
        )
    sc.write_text("players = 6\n")
    with pytest.raises(ConfigError, match="scenario_sha256"):
        study.run_study(
            sc,
            runs=2,
            out=tmp_path / "o",
            seed=3,
            resume=True,
            jobs=1,
            runner=FAKE,
            progress=False,
        )


def test_resume_extends_a_study_to_more_runs(tmp_path: Path) -> None:
    sc = scenario(tmp_path, players=7)
    kw = dict(seed=5, jobs=1, runner=FAKE, progress=False)
    study.run_study(sc, runs=3, out=tmp_path / "grown", **kw)
    study.run_study(sc, runs=6, out=tmp_path / "grown", resume=True, **kw)
    study.run_study(sc, runs=6, out=tmp_path / "once", **kw)
    assert file_bytes(tmp_path / "grown") == file_bytes(tmp_path / "once")


@pytest.mark.parametrize("merge_rows", [study.MERGE_ROWS, 25])
def test_merging_as_runs_arrive_gives_the_bytes_of_merging_the_parts_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, merge_rows: int
) -> None:
    monkeypatch.setattr(study, "MERGE_ROWS", merge_rows)  # 25: a row group every few runs
    out = tmp_path / "o"
    study.run_study(scenario(tmp_path, players=9), runs=8, out=out, jobs=1, runner=FAKE,
                    progress=False)  # fmt: skip
    merged = file_bytes(out)
    study.merge_parts(out)  # from the part files, after the runs
    assert file_bytes(out) == merged
    parts = {
        i: {n: (out / "parts" / f"r{i:08d}.{n}.parquet").read_bytes() for n in study.TABLES}
        for i in range(8)
    }
    for name in FILES:
        (out / name).unlink()
    # runs arriving out of order, the first two already on disk (a resumed study)
    late = study._StudyMerge(out, 8, {0, 1})
    assert late.next == 2
    merged_so_far = []
    for i in (5, 2, 7, 3, 6, 4):
        late.add((i, parts[i]))
        merged_so_far.append(late.next)
    assert merged_so_far == [2, 3, 3, 4, 4, 8]  # each run joins once the runs before it have
    late.finish()
    assert file_bytes(out) == merged
    assert not list(out.glob("*.tmp"))


def test_non_empty_folder_that_is_not_a_study_is_refused(tmp_path: Path) -> None:
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "notes.txt").write_text("mine")
    with pytest.raises(ConfigError, match="not empty"):
        study.run_study(
            scenario(tmp_path), runs=1, out=tmp_path / "o", jobs=1, runner=FAKE, progress=False
        )


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nocolon", "expected 'package.module:function'"),
        ("no_such_module_xyz:f", "cannot import module"),
        ("test_study_fakes:missing", "has no function 'missing'"),
        ("test_study_fakes:not_callable", "has no function 'not_callable'"),
    ],
)
def test_bad_runner_names_are_config_errors(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        study.run_study(
            scenario(tmp_path), runs=1, out=tmp_path / "o", jobs=1, runner=name, progress=False
        )


def test_bad_rows_fail_naming_the_run_seed_and_column(tmp_path: Path) -> None:
    with pytest.raises(study.RunFailedError, match=r"run 0 \(seed \d+\).*'prize'"):
        study.run_study(
            scenario(tmp_path),
            runs=2,
            out=tmp_path / "o",
            jobs=1,
            runner="test_study_fakes:bad_runner",
            progress=False,
        )


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        (dict(runs=0), "runs must be >= 1"),
        (dict(runs=1, jobs=0), "jobs must be >= 1"),
        (dict(runs=1, seed=-1), "seed must be in"),
    ],
)
def test_bad_options_are_config_errors(tmp_path: Path, kw: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        study.run_study(scenario(tmp_path), out=tmp_path / "o", runner=FAKE, progress=False, **kw)


def test_missing_scenario_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="nope.toml.*cannot read"):
        study.run_study(
            tmp_path / "nope.toml", runs=1, out=tmp_path / "o", runner=FAKE, progress=False
        )


def test_a_killed_worker_loses_nothing(tmp_path: Path) -> None:
    """A worker dying mid-run breaks the pool; the runs in flight are redone, none duplicated."""
    seeds = study.run_seeds(9, 8)
    marker = tmp_path / "crashed"
    sc = scenario(tmp_path, players=8, crash_marker=str(marker), crash_seed=seeds[3])
    study.run_study(sc, runs=8, seed=9, out=tmp_path / "crash", jobs=2, runner=FAKE, progress=False)
    assert marker.exists()  # the worker really died
    # the marker now exists, so the same scenario plays cleanly
    study.run_study(sc, runs=8, seed=9, out=tmp_path / "clean", jobs=1, runner=FAKE, progress=False)
    assert file_bytes(tmp_path / "crash") == file_bytes(tmp_path / "clean")


def test_a_worker_killed_while_sending_a_result_loses_nothing(tmp_path: Path) -> None:
    """A worker dying half-way through sending a result: the pool waits for the rest forever.

    The study sees the dead worker itself, counts the pool broken and plays the runs in flight
    again (without that it waited for ever: the pool reads a result whole before it looks at
    its workers again).
    """
    seeds = study.run_seeds(9, 8)
    marker = tmp_path / "crashed"
    sc = scenario(
        tmp_path, players=8, crash_marker=str(marker), crash_seed=seeds[3], crash_sending=1
    )
    study.run_study(sc, runs=8, seed=9, out=tmp_path / "crash", jobs=2, runner=FAKE, progress=False)
    assert marker.exists()  # the worker really died
    study.run_study(sc, runs=8, seed=9, out=tmp_path / "clean", jobs=1, runner=FAKE, progress=False)
    assert file_bytes(tmp_path / "crash") == file_bytes(tmp_path / "clean")


def _study_cmd(sc: Path, out: Path, runs: int, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "pokersim",
        "study",
        str(sc),
        "--runs",
        str(runs),
        "--seed",
        "11",
        "--jobs",
        "2",
        "--out",
        str(out),
        "--runner",
        FAKE,
        "--no-report",
        *extra,
    ]


def _start(cmd: list[str]) -> subprocess.Popen[bytes]:
    path = os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path)
    return subprocess.Popen(
        cmd, env=env, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def _wait_for_parts(out: Path, n: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> int:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done = len(study.completed_runs(out))
        if done >= n:
            return done
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    raise AssertionError(f"fewer than {n} runs completed in {timeout}s")


@pytest.mark.parametrize("how", ["kill", "ctrl-c", "term"])
def test_interrupted_study_resumes_with_nothing_lost_or_duplicated(
    tmp_path: Path, how: str
) -> None:
    """Kill the study's whole process group (SIGKILL), press Ctrl-C (SIGINT to the group, as a
    terminal does) or `kill` the study process (SIGTERM); then resume."""
    runs = 40
    sc = scenario(tmp_path, players=6, sleep=0.1)
    out = tmp_path / "interrupted"
    proc = _start(_study_cmd(sc, out, runs))
    try:
        _wait_for_parts(out, 4, proc)
        if how == "term":
            os.kill(proc.pid, signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGKILL if how == "kill" else signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    done_at_stop = study.completed_runs(out)
    assert 4 <= len(done_at_stop) < runs  # really interrupted in the middle
    assert not (out / "runs.parquet").exists()
    if how != "kill":
        assert proc.returncode == 130, err
        assert b"interrupted" in err
    # resume through the CLI, then compare with an uninterrupted study
    resumed = _start(_study_cmd(sc, out, runs, "--resume"))
    _, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    assert study.completed_runs(out) == set(range(runs))
    full = tmp_path / "full"
    study.run_study(sc, runs=runs, seed=11, out=full, jobs=2, runner=FAKE, progress=False)
    assert file_bytes(out) == file_bytes(full)
    res = study.load_study(out)
    assert sorted(res.runs["run"]) == list(range(runs))
    assert res.finishes.groupby("run").size().eq(6).all()


def test_resume_rewrites_nothing_already_done(tmp_path: Path) -> None:
    """Completed parts are kept as they are: resume only adds the missing runs."""
    sc = scenario(tmp_path, players=4)
    out = tmp_path / "o"
    study.run_study(sc, runs=3, out=out, jobs=1, runner=FAKE, progress=False)
    part = out / "parts" / "r00000001.runs.parquet"
    stamp = part.stat().st_mtime_ns
    (out / "parts" / "r00000002.runs.parquet").unlink()  # as if run 2 had been in flight
    study.run_study(sc, runs=3, out=out, jobs=1, runner=FAKE, progress=False, resume=True)
    assert part.stat().st_mtime_ns == stamp
    assert study.completed_runs(out) == {0, 1, 2}


# --- statistics ----------------------------------------------------------------------------------


def test_ratio_ci_by_hand() -> None:
    """Two runs: ROI = (10 - 2) / (20 + 20) = 0.2; residuals 10-4=6 and -2-4=-6."""
    est = study.ratio_ci([10, -2], [20, 20])
    assert est.value == pytest.approx(0.2)
    se = math.sqrt(2 / 1 * (36 + 36) / 1600)
    assert est.high - est.value == pytest.approx(study.Z95 * se)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=50))
def test_mean_ci_contains_the_mean_and_is_symmetric(values: list[float]) -> None:
    est = study.mean_ci(values)
    assert est.low <= est.value <= est.high
    assert est.value - est.low == pytest.approx(est.high - est.value, abs=1e-6)
    assert est.n == len(values)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(-1000, 1000), st.integers(1, 1000)), min_size=2, max_size=40))
def test_ratio_ci_is_the_ratio_of_sums(pairs: list[tuple[int, int]]) -> None:
    num = [a for a, _ in pairs]
    den = [b for _, b in pairs]
    est = study.ratio_ci(num, den)
    assert est.value == pytest.approx(sum(num) / sum(den))
    assert est.low <= est.value <= est.high


def test_progress_bar_shows_runs_done_rate_and_eta(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # a terminal: the tqdm bar
    study.run_study(
        scenario(tmp_path), runs=3, out=tmp_path / "o", jobs=1, runner=FAKE, progress=True
    )
    err = capsys.readouterr().err
    assert "3/3" in err and "run/s" in err and "<" in err  # tqdm's progress line, with ETA


def test_merge_streams_row_groups_without_changing_the_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sc = scenario(tmp_path, players=6)
    kw = dict(runs=5, seed=2, jobs=1, runner=FAKE, progress=False)
    study.run_study(sc, out=tmp_path / "big", **kw)
    monkeypatch.setattr(study, "MERGE_ROWS", 10)
    study.run_study(sc, out=tmp_path / "small", **kw)
    for name in FILES:
        big = pq.read_table(tmp_path / "big" / name)
        small = pq.read_table(tmp_path / "small" / name)
        assert small.equals(big)
    assert pq.ParquetFile(tmp_path / "small" / "finishes.parquet").num_row_groups == 3
    assert pq.ParquetFile(tmp_path / "big" / "finishes.parquet").num_row_groups == 1


def test_load_study_reads_nullable_integers_as_int64(tmp_path: Path) -> None:
    """A run without a bubble has NA there, and the other runs keep whole numbers."""
    import pandas as pd

    res = study.run_study(
        scenario(tmp_path, players=9), runs=3, out=tmp_path / "o", jobs=1, runner=FAKE,
        progress=False,
    )  # fmt: skip
    for name, columns in study.NULLABLE_INTS.items():
        frame = getattr(res, name)
        for column in columns:
            assert frame[column].dtype == pd.Int64Dtype(), (name, column)
    assert res.runs["duration_seconds"].dtype == "int64"
    again = study.load_study(tmp_path / "o")
    assert again.runs["bubble_seconds"].dtype == pd.Int64Dtype()
    table = study.to_table("runs", [
        {"entries": 9, "prize_pool_cents": 1, "hands_played": 1, "duration_seconds": 1,
         "bubble_seconds": b} for b in (5, None)
    ])  # fmt: skip
    read = study._to_pandas("runs", table)["bubble_seconds"]
    assert read.iloc[0] == 5 and read.isna().tolist() == [False, True]

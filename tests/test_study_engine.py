"""Studies with the real engine on small scenarios: rows agree with the engine's own result."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w

from pokersim import study
from pokersim.engine import run_tournament
from pokersim.rng import derive_seed
from pokersim.scenario import default_scenario_path, load_scenario

FILES = ("runs.parquet", "finishes.parquet", "timeline.parquet")


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built-in default cut to 27 players (three tables, a bubble, a final table)."""
    data = tomllib.loads(default_scenario_path().read_text(encoding="utf-8"))
    data["players"]["count"] = 27
    path = tmp_path_factory.mktemp("sc") / "small.toml"
    path.write_bytes(tomli_w.dumps(data).encode())
    return path


def test_real_engine_study_is_identical_on_1_and_2_workers_and_dask(
    small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    kw = dict(runs=4, seed=12, progress=False)
    study.run_study(small, out=tmp_path / "j1", jobs=1, **kw)
    res = study.run_study(small, out=tmp_path / "j2", jobs=2, **kw)
    with (
        distributed.LocalCluster(  # two threads a worker, as `dask worker` starts on 2 cores
            n_workers=2, threads_per_worker=2, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        capsys.readouterr()
        study.run_study(small, out=tmp_path / "dask", scheduler=client, **kw)
        # two threads a worker play one run at a time: the study says how to get more at once
        assert "--nworkers N --nthreads 1" in capsys.readouterr().err
    for name in FILES:
        ref = (tmp_path / "j1" / name).read_bytes()
        assert (tmp_path / "j2" / name).read_bytes() == ref
        assert (tmp_path / "dask" / name).read_bytes() == ref
    assert len(res.runs) == 4 and len(res.finishes) == 4 * 27


def test_rows_match_the_engine_result_for_the_derived_seed(small: Path, tmp_path: Path) -> None:
    """Run i of the study is the tournament `run_tournament(scenario, derive_seed(S, i))`."""
    res = study.run_study(small, runs=2, seed=99, out=tmp_path / "o", jobs=1, progress=False)
    scenario = load_scenario(small)
    for i in range(2):
        result = run_tournament(scenario, derive_seed(99, i))
        row = res.runs[res.runs["run"] == i].iloc[0]
        assert row["seed"] == derive_seed(99, i)
        assert row["hands_played"] == result.hands_played
        assert row["duration_seconds"] == result.duration_seconds
        assert row["prize_pool_cents"] == result.prize_pool_cents
        assert row["bubble_seconds"] == result.bubble_seconds
        assert row["final_table_seconds"] == result.final_table_seconds
        fin = res.finishes[res.finishes["run"] == i].set_index("player_id")
        for f in result.finishes:
            assert fin.loc[f.player_id, "place"] == f.place
            assert fin.loc[f.player_id, "prize_cents"] == f.prize_cents


def test_real_rows_are_consistent(small: Path, tmp_path: Path) -> None:
    """R-REG-3 / R-MONEY-1: prizes add up to the pool; R-ELIM-2: places 1..n; costs and profits."""
    res = study.run_study(small, runs=3, seed=5, out=tmp_path / "o", jobs=1, progress=False)
    scenario = load_scenario(small)
    price = scenario.entries.buy_in_cents
    for run, fin in res.finishes.groupby("run"):
        row = res.runs[res.runs["run"] == run].iloc[0]
        assert fin["prize_cents"].sum() == row["prize_pool_cents"]
        assert sorted(fin["place"]) == list(range(1, 28))  # no ties expected in these seeds
        assert (fin["cost_cents"] == price).all()
        assert (fin["profit_cents"] == fin["prize_cents"] + fin["bounty_cents"] - price).all()
        # the final table's starting stacks hold every chip
        assert fin["final_table_stack"].sum() == row["chips_in_play"]
        at_final = fin["final_table_stack"].notna()
        assert 2 <= at_final.sum() <= scenario.final_table_size
        assert sorted(fin.loc[at_final, "place"]) == list(range(1, at_final.sum() + 1))
        tl = res.timeline[res.timeline["run"] == run]
        assert tl["players_left"].iloc[0] == 27 and tl["players_left"].iloc[-1] == 1
        assert tl["players_left"].is_monotonic_decreasing
        # 4 places paid of 27 < 9 at the final table: the bubble bursts at the final table
        assert row["places_paid"] < scenario.final_table_size
        assert row["level_at_final_table"] <= row["level_at_bubble"] <= row["level_at_end"]
        assert row["final_table_seconds"] <= row["bubble_seconds"] <= row["duration_seconds"]


def test_study_cli_with_the_engine_writes_results_and_report(
    small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pokersim.cli import main as cli_main

    out = tmp_path / "cli"
    code = cli_main(
        ["study", str(small), "--runs", "3", "--seed", "8", "--jobs", "1", "--out", str(out)]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "study: 3 runs" in printed and "report.md" in printed
    text = (out / "report.md").read_text()
    for name in ("field_over_time", "durations", "roi_itm", "places", "profit", "icm"):
        assert (out / "plots" / f"{name}.png").exists()
        assert f"plots/{name}.png" in text
    assert "simulated equity against ICM" in text
    # ICM shares out exactly the final tables' prize money
    from pokersim import report

    icm = report.icm_at_final_table(study.load_study(out).finishes)
    for _, ft in icm.groupby("run"):
        assert ft["icm_cents"].sum() == pytest.approx(ft["prize_cents"].sum())


def test_compare_of_a_scenario_with_itself_differs_by_exactly_zero(
    small: Path, tmp_path: Path
) -> None:
    """Common random numbers: the same structure on the same seeds plays the same tournaments."""
    from pokersim import report

    copy = tmp_path / "copy.toml"
    copy.write_bytes(small.read_bytes())
    kw = dict(runs=3, seed=21, jobs=1, progress=False)
    a = study.run_study(small, out=tmp_path / "a", **kw)
    b = study.run_study(copy, out=tmp_path / "b", **kw)
    runs = report.compare_runs(a.runs, b.runs)
    assert (runs["diff"] == 0).all() and (runs["diff_low"] == 0).all()
    groups = report.compare_groups(a.finishes, b.finishes)
    assert (groups["roi_diff"] == 0).all()


def test_longer_levels_make_longer_tournaments_on_the_same_seeds(
    small: Path, tmp_path: Path
) -> None:
    """R-STRUCT-1: the structure is the scenario's; doubling level length lengthens every run."""
    from pokersim import report

    data = tomllib.loads(small.read_text(encoding="utf-8"))
    data["level_minutes"] = 2 * data["level_minutes"]
    slow = tmp_path / "slow.toml"
    slow.write_bytes(tomli_w.dumps(data).encode())
    kw = dict(runs=3, seed=21, jobs=1, progress=False)
    a = study.run_study(small, out=tmp_path / "a", **kw)
    b = study.run_study(slow, out=tmp_path / "b", **kw)
    table = report.compare_runs(a.runs, b.runs).set_index("measure")
    assert table.loc["duration (min)", "diff"] > 0
    assert table.loc["hands played", "diff"] > 0


def test_a_scenario_edited_while_its_study_runs_is_not_what_the_study_plays(
    tmp_path: Path,
) -> None:
    """A worker plays the bytes the study started with (and its manifest records), even when
    the file is edited between two of its runs: it used to decide once a worker whether the
    file was the study's, and its later runs played the edited file."""
    import hashlib

    path = tmp_path / "sng.toml"
    data = (Path(__file__).resolve().parents[1] / "scenarios" / "sng_9max.toml").read_bytes()
    path.write_bytes(data)

    def task(index: int) -> object:
        return study._Task(
            index=index,
            seed=derive_seed(7, index),
            scenario_path=str(path),
            scenario_bytes=data,
            scenario_sha256=hashlib.sha256(data).hexdigest(),
            runner=study.DEFAULT_RUNNER,
            version=study._version(),
        )

    first = study._execute_task(task(0))
    before = study._execute_task(task(1))
    path.write_bytes(data.replace(b"starting_stack = 1500", b"starting_stack = 3000"))
    assert study._execute_task(task(1)) == before
    assert study._execute_task(task(0)) == first

"""A linked series (R-SAT-1) in a study: each run the satellite and its target, to the cent."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pokersim.rng import derive_seed
from pokersim.scenario import load_scenario
from pokersim.series import run_series
from pokersim.study import run_study

ROOT = Path(__file__).resolve().parents[1]
SATELLITE = ROOT / "scenarios" / "series_satellite.toml"


def _tables(out: Path) -> tuple[object, object]:
    runs = pq.read_table(out / "runs.parquet").to_pandas()
    finishes = pq.read_table(out / "finishes.parquet").to_pandas()
    return runs, finishes


def test_r_sat_1_a_series_study_adds_each_winners_target_to_the_cent(tmp_path: Path) -> None:
    """Each run is the series ``run_series`` plays with that seed: every winner's target place
    and prize, and the money of both tournaments conserved (only their fees leave the players);
    the same bytes on one worker or two."""
    outs = {}
    for jobs in (1, 2):
        outs[jobs] = tmp_path / f"jobs{jobs}"
        run_study(str(SATELLITE), runs=4, seed=3, out=outs[jobs], jobs=jobs, progress=False)
    for name in ("runs.parquet", "finishes.parquet"):
        assert (outs[1] / name).read_bytes() == (outs[2] / name).read_bytes(), name
    runs, finishes = _tables(outs[1])
    sc = load_scenario(SATELLITE)
    played_any = False
    for i, row in runs.iterrows():
        series = run_series(sc, derive_seed(3, i))
        target = series.target
        mine = finishes[finishes["run"] == i].set_index("player_id")
        assert row["target_entries"] == target.entries
        assert row["target_prize_pool_cents"] == target.prize_pool_cents
        assert row["target_hands_played"] == target.hands_played
        assert row["seats_won"] == len(series.paths) == (mine["place"] == 1).sum()
        played = [p for p in series.paths if p.target_id is not None]
        assert row["seats_played"] == len(played)
        played_any |= bool(played)
        for p in series.paths:
            assert mine.loc[p.satellite_id, "target_place"] == p.target_place
            assert mine.loc[p.satellite_id, "target_prize_cents"] == p.target_prize_cents
        # money: the satellite's players over both tournaments, plus the target's own players,
        # lose exactly the two fees (no re-entries in either: one buy-in a player)
        winners = {p.target_id for p in played}
        own = [f for f in target.finishes if f.player_id not in winners]
        own_net = sum(f.prize_cents + f.bounty_cents + f.refund_cents for f in own)
        own_net -= (
            len(own) * load_scenario(ROOT / "scenarios" / "series_target.toml").entries.buy_in_cents
        )
        fees = len(mine) * sc.entries.fee_cents + target.entries * 200
        assert mine["series_profit_cents"].sum() + own_net == -fees
        losers = mine[mine["place"] != 1]
        assert (losers["series_profit_cents"] == losers["profit_cents"]).all()
        assert (losers["target_place"] == 0).all()
    assert played_any  # the target took the winners in some run


def test_r_sat_1_winners_the_target_no_longer_takes_keep_the_seat_in_the_study(
    tmp_path: Path,
) -> None:
    """The target starts with the satellite and registers for 30 minutes: a satellite that
    lasts longer leaves its winners the seat's value, and the series profit is the satellite's."""
    (tmp_path / "series_target.toml").write_text(
        (ROOT / "scenarios" / "series_target.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    text = SATELLITE.read_text(encoding="utf-8")
    assert "target_start_minutes = 20" in text
    late = tmp_path / "late.toml"
    late.write_text(text.replace("target_start_minutes = 20", "target_start_minutes = 0"))
    run_study(str(late), runs=3, seed=0, out=tmp_path / "s", jobs=1, progress=False)
    runs, finishes = _tables(tmp_path / "s")
    late_runs = runs[runs["duration_seconds"] >= 30 * 60]
    assert len(late_runs), "every satellite ended within the target's registration"
    for i in late_runs["run"]:
        mine = finishes[finishes["run"] == i]
        assert (mine["series_profit_cents"] == mine["profit_cents"]).all()
        assert (mine["target_place"] == 0).all()
        assert runs.loc[runs["run"] == i, "seats_played"].item() == 0


def test_a_study_of_another_scenario_leaves_the_target_columns_empty(tmp_path: Path) -> None:
    run_study(
        str(ROOT / "scenarios" / "satellite.toml"), runs=1, seed=0, out=tmp_path, progress=False
    )
    runs, finishes = _tables(tmp_path)
    assert runs["target_entries"].isna().all() and runs["seats_played"].isna().all()
    assert finishes["series_profit_cents"].isna().all()


@pytest.mark.parametrize("command", ["study", "run"])
def test_the_report_of_a_series_shows_the_target(command: str, tmp_path: Path) -> None:
    """``pokersim study`` and ``pokersim run --report`` of a linked satellite report the series;
    a report of anything else has no such section."""
    from pokersim.cli import main

    out = tmp_path / "out"
    if command == "study":
        argv = ["study", str(SATELLITE), "--runs", "2", "--jobs", "1", "--no-progress"]
    else:
        argv = ["run", str(SATELLITE), "--seed", "1", "--report"]
    assert main([*argv, "--out", str(out)]) == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "## The series: with the target (R-SAT-1)" in report
    assert "| group | finishes | series ROI % |" in report
    plain = tmp_path / "plain"
    assert main(["study", str(ROOT / "scenarios" / "satellite.toml"), "--runs", "1",
                 "--jobs", "1", "--no-progress", "--out", str(plain)]) == 0  # fmt: skip
    assert "The series" not in (plain / "report.md").read_text(encoding="utf-8")


def test_a_sweep_of_a_series_finds_the_target_from_each_arms_folder(tmp_path: Path) -> None:
    """Each arm's scenario is written in its own folder: the target, named relative to the
    satellite's file, is found all the same. Arms that differ only in when the target starts
    play the same satellites; the target takes the winners in one arm, not in the other."""
    from pokersim.sweep import run_sweep

    result = run_sweep(
        str(SATELLITE),
        [("series.target_start_minutes", [0, 20])],
        runs=3,
        out=tmp_path / "sweep",
        seed=0,
        jobs=1,
        progress=False,
    )
    closed, open_ = result.studies
    assert closed.runs["duration_seconds"].tolist() == open_.runs["duration_seconds"].tolist()
    assert (closed.finishes["profit_cents"] == open_.finishes["profit_cents"]).all()
    assert closed.runs["seats_played"].sum() == 0 < open_.runs["seats_played"].sum()
    report = (tmp_path / "sweep" / "report.md").read_text(encoding="utf-8")
    assert "the ROI is over the satellite and its target" in report  # its ROI gap is the series'


def test_the_folder_keeps_the_target_it_played_and_a_changed_target_is_another_study(
    tmp_path: Path,
) -> None:
    """``provenance.json`` records the target (path, SHA-256) beside its copy ``target.toml``;
    a study whose target file changed since is not resumed (its runs would mix two series)."""
    import json

    from pokersim.errors import ConfigError

    here = tmp_path / "files"
    here.mkdir()
    target = here / "series_target.toml"
    target.write_bytes((ROOT / "scenarios" / "series_target.toml").read_bytes())
    satellite = here / "satellite.toml"
    satellite.write_bytes(SATELLITE.read_bytes())
    out = tmp_path / "study"
    run_study(str(satellite), runs=1, seed=0, out=out, jobs=1, progress=False)
    record = json.loads((out / "provenance.json").read_text(encoding="utf-8"))
    assert record["target"]["copy"] == "target.toml"
    assert (out / "target.toml").read_bytes() == target.read_bytes()
    run_study(str(satellite), runs=2, seed=0, out=out, jobs=1, progress=False, resume=True)
    target.write_text(target.read_text(encoding="utf-8").replace("count = 18", "count = 27"))
    with pytest.raises(ConfigError, match="target_sha256"):
        run_study(str(satellite), runs=3, seed=0, out=out, jobs=1, progress=False, resume=True)
    plain = tmp_path / "plain"  # a run of another scenario in the same folder: no stale copy
    from pokersim.cli import main

    assert main(["run", str(satellite), "--out", str(plain)]) == 0
    assert (plain / "target.toml").is_file()
    assert (
        main(["run", str(ROOT / "scenarios" / "sng_9max.toml"), "--out", str(plain), "--force"])
        == 0
    )
    assert not (plain / "target.toml").exists()
    assert "target" not in json.loads((plain / "provenance.json").read_text(encoding="utf-8"))


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    target=st.sampled_from(["series_target.toml", "pko.toml"]),
    start=st.integers(min_value=0, max_value=60),
    seed=st.integers(min_value=0, max_value=2**32),
)
# the target's registration closed in the money before the satellite ended: no winner seated
@example(target="series_target.toml", start=6, seed=4)
def test_r_sat_1_the_series_rows_keep_every_cent(
    target: str, start: int, seed: int, tmp_path: Path
) -> None:
    """Over the satellite and its target, the satellite's players' series profit and the
    target's own players' net lose the two tournaments' fees and nothing else: with winners
    arriving at the start, late or never, and in a knockout target with re-entries (its bounty
    cash, and what a winner buys there beyond the seat, counted)."""
    import tomllib

    from pokersim.run_rows import engine_rows

    shipped = ROOT / "scenarios" / target
    data = tomllib.loads(shipped.read_text(encoding="utf-8"))["entries"]
    buy_in = data["prize_cents"] + data.get("bounty_cents", 0) + data.get("fee_cents", 0)
    folder = tmp_path / f"{target}-{start}-{seed}"
    folder.mkdir(exist_ok=True)  # Hypothesis may play an example twice
    (folder / target).write_bytes(shipped.read_bytes())
    text = SATELLITE.read_text(encoding="utf-8")
    for old, new in (
        ('target = "series_target.toml"', f'target = "{target}"'),
        ("target_start_minutes = 20", f"target_start_minutes = {start}"),
        ("seat_value_cents = 2000", f"seat_value_cents = {buy_in}"),
        ("prize_cents = 200\n", f"prize_cents = {buy_in // 10}\n"),
    ):
        assert old in text
        text = text.replace(old, new)
    path = folder / "satellite.toml"
    path.write_text(text, encoding="utf-8")
    run, finishes = engine_rows(str(path), seed)
    series = run_series(load_scenario(path), seed)
    winners = {p.target_id for p in series.paths if p.target_id is not None}
    paid: dict[int, int] = {}
    fees = 0  # the target's fee parts: every first entry's, then every purchase's
    for r in series.target_events:
        if r["type"] == "EntryBought":
            paid[r["player_id"]] = (
                paid.get(r["player_id"], 0) + r["prize_cents"] + r["bounty_cents"] + r["fee_cents"]
            )
            fees += r["fee_cents"]
    # a winner the target never seated (its registration closed first: the money reached, say)
    # is listed in its field without an entry; the seat's value went to them in cash
    target_players = [f for f in series.target.finishes if f.entries > 0]
    fees += len(target_players) * data.get("fee_cents", 0)  # every first entry's fee
    own_net = sum(
        f.prize_cents + f.bounty_cents + f.refund_cents - buy_in - paid.get(f.player_id, 0)
        for f in target_players
        if f.player_id not in winners
    )
    sat_fees = len(finishes) * 20
    assert sum(r["series_profit_cents"] for r in finishes) + own_net == -(sat_fees + fees)
    assert run["seats_played"] == len(winners)


def test_design_checks_a_linked_satellite_from_its_candidates_folder(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``design --check`` writes the scenario as a candidate in a folder of its own: its target
    is still found (it was not: 'series.target: no such scenario file')."""
    from pokersim.cli import main

    assert main(["design", "--check", str(SATELLITE), "--runs", "2", "--jobs", "1"]) == 0
    assert "duration over 2 runs" in capsys.readouterr().out


def test_a_design_based_on_a_linked_satellite_writes_a_file_that_plays_its_series(
    tmp_path: Path,
) -> None:
    """The designed scenario is cut from its base's file and written elsewhere: it names the
    base's target by its absolute path, and plays the series from where it is written."""
    from pokersim.cli import main

    out = tmp_path / "designed" / "satellite.toml"
    out.parent.mkdir()
    argv = ["design", "--base", str(SATELLITE), "--players", "20", "--starting-stack", "1500"]
    argv += ["--level-minutes", "5", "--target-hours", "0.75", "--runs", "2", "--jobs", "1"]
    assert main([*argv, "--tolerance-percent", "40", "--out", str(out)]) == 0
    designed = load_scenario(out)
    assert designed.series.target == str(ROOT / "scenarios" / "series_target.toml")
    assert run_series(designed, 1).target.entries >= 18


def test_r_sat_1_a_worker_on_another_machine_plays_the_series_with_the_target_sent(
    tmp_path: Path,
) -> None:
    """A Dask worker on another machine has neither the satellite's file nor its target's: the
    task brings both (R-SAT-1), and the run's rows are the local run's. It used to bring the
    satellite's bytes only, and every run failed ("series.target: no such scenario file")."""
    import hashlib
    import io

    from pokersim import study

    data = SATELLITE.read_bytes()
    target = (ROOT / "scenarios" / "series_target.toml").read_bytes()

    def task(path: Path) -> object:
        return study._Task(
            index=0,
            seed=derive_seed(3, 0),
            scenario_path=str(path),
            scenario_bytes=data,
            scenario_sha256=hashlib.sha256(data).hexdigest(),
            runner=study.DEFAULT_RUNNER,
            version=study._version(),
            target_bytes=target,
        )

    here = study._execute_task(task(SATELLITE))
    elsewhere = study._execute_task(task(tmp_path / "not-on-this-machine" / SATELLITE.name))
    assert elsewhere == here
    runs = pq.read_table(io.BytesIO(here[1]["runs"])).to_pylist()
    assert runs[0]["seats_played"] is not None  # the series was played, not the satellite alone


def test_r_sat_1_a_sweep_of_the_target_reads_a_relative_name_from_the_satellites_folder(
    tmp_path: Path,
) -> None:
    """``--set series.target=NAME`` names the target as the key in the file does: relative to
    the satellite's folder. It used to be read from the arm's folder, where nothing was, and
    every run failed ("series.target: no such scenario file")."""
    from pokersim.sweep import sweep_arms

    other = tmp_path / "other target.toml"
    other.write_bytes((ROOT / "scenarios" / "series_target.toml").read_bytes())
    arms = sweep_arms(SATELLITE, [("series.target", ["series_target.toml", str(other)])])
    named = [arm.scenario["series"]["target"] for arm in arms]
    assert named == [str(ROOT / "scenarios" / "series_target.toml"), str(other)]

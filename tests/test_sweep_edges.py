"""Edges of sweeps (``pokersim.sweep``) and of the results read from a run's event log.

A sweep's ``--set`` keys are dotted paths into the scenario's TOML data (``NAME[i]`` one item of
an array, ``players.count`` through the ``players = N`` shorthand); its folder is new or, with
``--resume``, one holding the same arms and seed. Its table gives per arm each measure's mean
over runs (minutes for times, runs without the figure left out), the paired difference with
the first arm over the runs both played, and the ROI gap between the best and the worst player
groups of the first arm. The event-log readers (``pokersim.results``, ``pokersim.run_rows``)
are checked on small hand-built logs. Every expected value is worked out by hand.
"""

from __future__ import annotations

import datetime
import json
import math
import shutil
import tomllib
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from pokersim import events as ev
from pokersim import sweep
from pokersim.errors import ConfigError
from pokersim.results import (
    bubble_time,
    final_table_time,
    hands_played,
    indented_json,
    places,
    prizes,
    read_events,
    summary,
)
from pokersim.run_rows import played_rows, reduce_log
from pokersim.scenario import load_scenario
from pokersim.study import StudyResult
from pokersim.tally import Finish, TournamentResult

ROOT = Path(__file__).resolve().parent.parent
SNG = ROOT / "scenarios" / "sng_9max.toml"


def _sng() -> dict[str, Any]:
    return tomllib.loads(SNG.read_text(encoding="utf-8"))


# --- --set keys --------------------------------------------------------------------------------


def test_an_item_index_one_past_the_end_is_refused_in_one_line() -> None:
    """The sit-and-go has 16 levels, items 0 to 15: ``levels[16]`` is past the end and is
    refused as a configuration error naming the count, like any index beyond it."""
    data = _sng()
    assert len(data["levels"]) == 16
    with pytest.raises(ConfigError, match=r"levels has 16 item\(s\), no \[16\]"):
        sweep.set_key(data, "levels[16].minutes", 5)
    assert sweep.set_key(data, "levels[15].minutes", 5) == 1


def test_an_empty_array_of_tables_sets_nothing_and_is_an_error() -> None:
    """Setting a key through an array of tables that has no item sets no place at all, which
    is refused rather than silently ignored."""
    data: dict[str, Any] = {"levels": []}
    with pytest.raises(ConfigError, match="levels is not a table"):
        sweep.set_key(data, "levels.minutes", 8)


def test_a_missing_table_on_the_way_is_created() -> None:
    """A dotted key through a table the file does not have yet adds that table: the sit-and-go
    has no ``[lobby]`` table, and setting ``lobby.note`` makes one holding the value."""
    data = _sng()
    assert "lobby" not in data
    assert sweep.set_key(data, "lobby.note", "x") == 1
    assert data["lobby"] == {"note": "x"}


def test_the_players_shorthand_is_read_only_at_the_top_of_the_file() -> None:
    """``players = N`` is the top-level shorthand for ``[players] count = N``; a key named
    ``players`` inside another table holding a number is not a table, and a key below it is
    refused."""
    data: dict[str, Any] = {"series": {"players": 5}}
    with pytest.raises(ConfigError, match=r"series\.players is not a table"):
        sweep.set_key(data, "series.players.count", 6)
    assert data == {"series": {"players": 5}}


def test_a_toml_time_or_date_is_kept_as_its_iso_text() -> None:
    """JSON has no time or date: a local time given as ``start=20:30:00`` is kept as the text
    ``20:30:00``, and a date inside a list as ``2026-12-07``."""
    key, values = sweep.parse_set("start=20:30:00")
    assert key == "start" and values == [datetime.time(20, 30)]
    assert sweep.recorded(values[0]) == "20:30:00"
    assert sweep.recorded([datetime.date(2026, 12, 7), 3]) == ["2026-12-07", 3]
    assert sweep.recorded({"when": datetime.date(2026, 1, 2)}) == {"when": "2026-01-02"}


def test_a_float_setting_is_labelled_in_its_short_form() -> None:
    """An arm's label shows a whole float without its ``.0`` (``think_sigma=1``) and other
    floats as written (``think_sigma=0.25``); the setting itself keeps the float."""
    arms = sweep.sweep_arms(SNG, [("timing.think_sigma", [1.0, 0.25])])
    assert [a.label for a in arms] == ["timing.think_sigma=1", "timing.think_sigma=0.25"]
    assert arms[0].settings == {"timing.think_sigma": 1.0}


# --- the sweep's folder ------------------------------------------------------------------------


def test_a_folder_holding_other_files_is_refused(tmp_path: Path) -> None:
    """A new sweep goes into an empty or new folder: one holding another file and no sweep is
    refused before anything is run or written."""
    out = tmp_path / "busy"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="is not empty and holds no sweep"):
        sweep.run_sweep(SNG, [("starting_stack", [1500])], runs=1, out=out, progress=False)
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_resume_needs_a_sweep_to_resume(tmp_path: Path) -> None:
    """``--resume`` in a folder without ``sweep.json`` has nothing to finish and says so."""
    with pytest.raises(ConfigError, match="holds no sweep"):
        sweep.run_sweep(
            SNG, [("starting_stack", [1500])], runs=1, out=tmp_path, resume=True, progress=False
        )
    assert list(tmp_path.iterdir()) == []


def test_resume_with_another_seed_is_refused(tmp_path: Path) -> None:
    """The runs of a sweep are paired by seed: a sweep made with seed 1 cannot be finished
    with seed 2, even with the same arms."""
    sets: list[sweep.Dimension] = [("starting_stack", [1500])]
    arms = sweep.sweep_arms(SNG, sets)
    manifest = {
        "arms": [{"name": a.name, "label": a.label, "settings": dict(a.settings)} for a in arms],
        "seed": 1,
    }
    (tmp_path / "sweep.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(ConfigError, match="another --seed"):
        sweep.run_sweep(
            SNG, sets, runs=1, out=tmp_path, seed=2, resume=True, progress=False, report=False
        )


def test_resume_runs_afresh_an_arm_never_reached(tmp_path: Path) -> None:
    """A sweep of two arms (one- and two-minute levels), one run each, stopped before its
    second arm began (no folder for it) is finished by ``--resume``: the second arm's study
    starts from nothing and both arms end with their one run. The provenance keeps the one
    ``--set`` key with its two values and names no keys moved together, as no ``--with`` was
    given."""
    out = tmp_path / "s"
    sets: list[sweep.Dimension] = [("levels.minutes", [1, 2])]
    sweep.run_sweep(SNG, sets, runs=1, out=out, jobs=1, progress=False, report=False)
    record = json.loads((out / "provenance.json").read_text(encoding="utf-8"))
    assert record["sets"] == [["levels.minutes", [1, 2]]]
    assert "together" not in record
    shutil.rmtree(out / "arm-02")
    done = sweep.run_sweep(
        SNG, sets, runs=1, out=out, jobs=1, progress=False, report=False, resume=True
    )
    assert [len(st.runs) for st in done.studies] == [1, 1]
    assert (out / "arm-02" / "scenario.toml").is_file()


def test_reading_back_a_sweep_whose_arm_has_no_label_is_refused(tmp_path: Path) -> None:
    """Every arm of ``sweep.json`` has a name, a label and settings; one without its label is
    refused in one line naming what the file should hold."""
    arm = {"name": "arm-01", "settings": {"starting_stack": 1500}}
    (tmp_path / "sweep.json").write_text(json.dumps({"arms": [arm]}), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"expected a list of \{name, label, settings\}"):
        sweep.load_sweep(tmp_path)


def test_table_records_turn_every_non_finite_number_into_null() -> None:
    """JSON has no NaN nor infinity: both become ``None``; finite numbers stay."""
    table = pd.DataFrame({"a": [math.nan, math.inf, 1.5], "b": ["x", "y", None]})
    assert sweep.table_records(table) == [
        {"a": None, "b": "x"},
        {"a": None, "b": "y"},
        {"a": 1.5, "b": None},
    ]


# --- the table ---------------------------------------------------------------------------------


def _study(runs: list[dict[str, Any]], finishes: list[tuple[int, str, int, int]]) -> StudyResult:
    """A study's tables: ``runs`` rows as given, ``finishes`` as (run, model, profit, cost)."""
    rows = [
        {"run": r, "model": m, "skill": math.nan, "profit_cents": p, "cost_cents": c}
        for r, m, p, c in finishes
    ]
    return StudyResult(
        path=Path("."),
        runs=pd.DataFrame(runs),
        finishes=pd.DataFrame(rows),
        timeline=pd.DataFrame(),
    )


def _runs(durations: list[int], bubbles: list[int | None], ft: list[float]) -> list[dict[str, Any]]:
    return [
        {
            "run": i,
            "duration_seconds": d,
            "bubble_seconds": b,
            "avg_stack_bb_at_final_table": f,
        }
        for i, (d, b, f) in enumerate(zip(durations, bubbles, ft, strict=True))
    ]


def _label(settings: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in settings.items())


def _result(arms: list[tuple[dict[str, Any], StudyResult]]) -> sweep.SweepResult:
    made = tuple(
        sweep.Arm(name=f"arm-{n:02d}", label=_label(s), scenario={}, settings=s)
        for n, (s, _) in enumerate(arms, start=1)
    )
    return sweep.SweepResult(path=Path("."), arms=made, studies=tuple(st for _, st in arms))


def _two_arms() -> sweep.SweepResult:
    """Three runs each. Arm 1: 10, 20, 30 minutes; bubbles at 1 min, none, 3 min; final-table
    stacks 10, 20, 30 bb; the "good" group wins 50 cents of 100 every run, "bad" loses 50.
    Arm 2: 20, 30, 40 minutes; bubbles at 2 min, 4 min, none; stacks 12, 22, 32 bb; "good"
    wins 100 of 100, "bad" loses 100."""
    first = _study(
        _runs([600, 1200, 1800], [60, None, 180], [10.0, 20.0, 30.0]),
        [(r, m, p, 100) for r in range(3) for m, p in (("good", 50), ("bad", -50))],
    )
    second = _study(
        _runs([1200, 1800, 2400], [120, 240, None], [12.0, 22.0, 32.0]),
        [(r, m, p, 100) for r in range(3) for m, p in (("good", 100), ("bad", -100))],
    )
    return _result([({"levels.minutes": 8}, first), ({"levels.minutes": 10}, second)])


def test_each_measure_is_a_mean_in_minutes_over_the_runs_that_have_it() -> None:
    """Arm 1 lasts (10 + 20 + 30) / 3 = 20 minutes on average; its bubble burst in two runs
    only, at 1 and 3 minutes: the mean is 2, the run without a bubble left out (not a zero).
    Arm 2: 30 minutes, bubble (2 + 4) / 2 = 3, final-table stack 22 bb."""
    table = sweep.sweep_table(_two_arms())
    assert list(table["runs"]) == [3, 3]
    assert list(table["duration_min"]) == pytest.approx([20.0, 30.0])
    assert list(table["bubble_min"]) == pytest.approx([2.0, 3.0])
    assert list(table["ft_avg_stack_bb"]) == pytest.approx([20.0, 22.0])


def test_the_difference_is_this_arm_minus_the_first_over_runs_both_measured() -> None:
    """Every run of arm 2 lasts 10 minutes longer than the same run of arm 1: a difference of
    +10 with no spread (the interval is 10 to 10). The bubble is measured in both arms only in
    run 0 (1 and 2 minutes): +1 from one pair, too few for an interval. Stacks: +2 bb."""
    row = sweep.sweep_table(_two_arms()).iloc[1]
    assert row["duration_min_diff"] == pytest.approx(10.0)
    assert row["duration_min_diff_low"] == pytest.approx(10.0)
    assert row["duration_min_diff_high"] == pytest.approx(10.0)
    assert row["bubble_min_diff"] == pytest.approx(1.0)
    assert math.isnan(row["bubble_min_diff_low"])
    assert row["ft_avg_stack_bb_diff"] == pytest.approx(2.0)


def test_the_roi_gap_is_the_best_group_minus_the_worst_in_points() -> None:
    """Arm 1: "good" has an ROI of +50 %, "bad" -50 %: a gap of 100 points, best minus worst.
    Arm 2: +100 % and -100 %, 200 points. Every run gives the same figures, so the intervals
    have no width."""
    table = sweep.sweep_table(_two_arms())
    assert list(table["roi_top"]) == ["good", "good"]
    assert list(table["roi_bottom"]) == ["bad", "bad"]
    assert list(table["roi_gap_pts"]) == pytest.approx([100.0, 200.0])
    assert list(table["roi_gap_low"]) == pytest.approx([100.0, 200.0])
    assert list(table["roi_gap_high"]) == pytest.approx([100.0, 200.0])


def test_a_field_of_one_group_has_no_roi_gap() -> None:
    """With one player group there is no best and worst to compare: no gap, no groups named."""
    only = _study(
        _runs([600, 1200], [60, 120], [5.0, 5.0]), [(0, "solo", 10, 100), (1, "solo", 10, 100)]
    )
    table = sweep.sweep_table(_result([({"starting_stack": 1000}, only)]))
    assert table.loc[0, "roi_top"] is None and table.loc[0, "roi_bottom"] is None
    assert math.isnan(table.loc[0, "roi_gap_pts"])


def test_groups_are_ranked_and_paired_on_the_runs_every_arm_played() -> None:
    """Arm 2 played runs 0 and 1 only, so the table pairs runs 0 and 1. On those, "good" wins
    50 of 100 a run in arm 1 and "bad" loses 50: "good" is the best group, though run 2 of
    arm 1 (which arm 2 never played) would reverse them. Arm 2 counts its two runs; its
    duration difference is over the shared runs, (20 - 10 + 30 - 20) / 2 = 10 minutes."""
    first = _study(
        _runs([600, 1200, 1800], [60, 60, 60], [10.0, 10.0, 10.0]),
        [(0, "good", 50, 100), (0, "bad", -50, 100), (1, "good", 50, 100), (1, "bad", -50, 100)]
        + [(2, "good", -1000, 100), (2, "bad", 1000, 100)],
    )
    second = _study(
        _runs([1200, 1800], [60, 60], [10.0, 10.0]),
        [(r, m, p, 100) for r in range(2) for m, p in (("good", 100), ("bad", -100))],
    )
    table = sweep.sweep_table(
        _result([({"levels.minutes": 8}, first), ({"levels.minutes": 10}, second)])
    )
    assert list(table["runs"]) == [3, 2]
    assert table.loc[0, "roi_top"] == "good" and table.loc[0, "roi_bottom"] == "bad"
    assert table.loc[0, "roi_gap_pts"] == pytest.approx(100.0)
    assert table.loc[1, "roi_gap_pts"] == pytest.approx(200.0)
    assert table.loc[1, "duration_min_diff"] == pytest.approx(10.0)


def test_a_group_absent_from_a_run_counts_nothing_there() -> None:
    """In arm 2, no "bad" player took part in run 1: that run adds nothing to the group's
    profit or cost, and its ROI is -100 / 100 = -100 % from run 0 alone; "good" wins 100 of
    100 in both runs, +100 %: a gap of 200 points."""
    first = _study(
        _runs([600, 1200], [60, 60], [10.0, 10.0]),
        [(r, m, p, 100) for r in range(2) for m, p in (("good", 50), ("bad", -50))],
    )
    second = _study(
        _runs([600, 1200], [60, 60], [10.0, 10.0]),
        [(0, "good", 100, 100), (0, "bad", -100, 100), (1, "good", 100, 100)],
    )
    table = sweep.sweep_table(
        _result([({"seats_per_table": 9}, first), ({"seats_per_table": 6}, second)])
    )
    assert table.loc[1, "roi_gap_pts"] == pytest.approx(200.0)


# --- the curves' axis --------------------------------------------------------------------------


def _x_label(settings: list[dict[str, Any]]) -> tuple[str, list[float]]:
    st = _study(_runs([600], [60], [10.0]), [(0, "good", 1, 100), (0, "bad", -1, 100)])
    result = _result([(s, st) for s in settings])
    fig = sweep.plot_sweep(result)
    try:
        axis = fig.axes[0]
        return str(axis.get_xlabel()), [float(x) for x in axis.get_lines()[0].get_xdata()]
    finally:
        plt.close(fig)


def test_a_grid_of_two_keys_is_plotted_against_the_arm_number() -> None:
    """Two ``--set`` keys of two values each make four arms; neither key differs in every arm
    (each value comes twice), so the curves use the arm number, 1 to 4."""
    settings = [{"a": a, "b": b} for a in (1, 2) for b in (10, 20)]
    assert _x_label(settings) == ("arm", [1.0, 2.0, 3.0, 4.0])


def test_true_and_false_are_not_numbers_on_the_axis() -> None:
    """A swept switch (``true``, ``false``) is not a numeric setting: the arm number is used."""
    assert _x_label([{"flag": True}, {"flag": False}]) == ("arm", [1.0, 2.0])


# --- results read from the event log -----------------------------------------------------------


def test_blank_and_whitespace_lines_of_a_log_are_skipped() -> None:
    """An empty line and a line of spaces are no events; the two records around them are."""
    lines = ['{"type": "A", "t": 0}\n', "\n", "   \n", '{"type": "B", "t": 5}\n']
    assert list(read_events(lines)) == [{"type": "A", "t": 0}, {"type": "B", "t": 5}]


def test_a_player_placed_twice_in_a_log_is_an_error() -> None:
    """A player finishes once: a second ``PlayerEliminated`` for player 3 is refused."""
    log = [
        {"type": "PlayerEliminated", "player_id": 3, "place": 4},
        {"type": "PlayerEliminated", "player_id": 3, "place": 2},
    ]
    with pytest.raises(ValueError, match="player 3 finished twice"):
        places(log)


def test_a_prize_top_up_adds_to_the_prize_already_paid() -> None:
    """R-COND-1: a forfeited prize shared among the places already paid adds to what each was
    paid: 5,000 + 250 and 3,000 + 150 cents; a player never topped up keeps their prize."""
    log = [
        {"type": "PrizePaid", "player_id": 1, "place": 1, "prize_cents": 5000},
        {"type": "PrizePaid", "player_id": 2, "place": 2, "prize_cents": 3000},
        {"type": "PrizePaid", "player_id": 3, "place": 3, "prize_cents": 2000},
        {"type": "PrizeTopUp", "player_id": 2, "place": 2, "cents": 150, "reason": "forfeit"},
        {"type": "PrizeTopUp", "player_id": 1, "place": 1, "cents": 250, "reason": "forfeit"},
    ]
    assert prizes(log) == {1: 5250, 2: 3150, 3: 2000}


def test_bubble_and_final_table_times_come_from_their_own_records() -> None:
    """The bubble is the ``BubbleBurst`` record's time and the final table the
    ``FinalTableFormed`` record's; tables opened at the start are neither. Without those
    records both are ``None``. Three hands were dealt (three ``TableHandStarted``), the last
    one not finished when the log stops."""
    opened: dict[str, Any] = {"type": "TableOpened", "t": 0, "table_id": 1}
    hands = [{"type": "TableHandStarted", "t": t, "table_id": 1} for t in (0, 40, 80)]
    ended = [{"type": "TableHandEnded", "t": t, "table_id": 1} for t in (30, 70)]
    log: list[dict[str, Any]] = [opened, hands[0], ended[0], hands[1], ended[1], hands[2]]
    assert bubble_time(log) is None and final_table_time(log) is None
    assert hands_played(log) == 3
    log += [
        {"type": "FinalTableFormed", "t": 120, "table_id": 2, "players_left": 9},
        {"type": "BubbleBurst", "t": 300, "players_left": 3, "places_paid": 3},
    ]
    assert final_table_time(log) == 120 and bubble_time(log) == 300


def test_infinite_and_nan_floats_are_written_as_json_dumps_writes_them() -> None:
    """``indented_json`` is ``json.dumps(value, indent=2, ensure_ascii=False)`` byte for byte;
    Python's ``json`` writes infinity as ``Infinity`` and not-a-number as ``NaN``."""
    assert indented_json({"a": math.inf, "b": [1.5, math.nan]}) == (
        '{\n  "a": Infinity,\n  "b": [\n    1.5,\n    NaN\n  ]\n}'
    )


def _finish(pid: int, place: int, prize: int, refund: int, entries: int) -> Finish:
    return Finish(
        player_id=pid,
        name=f"p{pid}",
        model="recreational",
        place=place,
        prize_cents=prize,
        bounty_cents=0,
        eliminated_at=100,
        entries=entries,
        refund_cents=refund,
    )


def test_a_cancellation_refund_shows_for_every_player_and_is_no_unregistration() -> None:
    """R-FAULT-2: a cancellation refunded player 2, who had played (one entry): every player of
    ``summary.json`` gets ``refund_cents`` (0 for player 1), and there is no ``registration``
    section, which is for players refunded before they played (R-REG-4)."""
    result = TournamentResult(
        scenario="t",
        seed=1,
        entries=2,
        prize_pool_cents=2000,
        places_paid=1,
        hands_played=10,
        duration_seconds=600,
        chips_in_play=3000,
        winner_id=1,
        bubble_seconds=None,
        final_table_seconds=0,
        hand_for_hand_seconds=0,
        finishes=(_finish(1, 1, 1500, 0, 1), _finish(2, 2, 0, 500, 1)),
    )
    out = summary(result)
    assert [p["refund_cents"] for p in out["players"]] == [0, 500]
    assert "registration" not in out


# --- a run's rows from its log -----------------------------------------------------------------


def _started(entries: int, stack: int) -> ev.TournamentStarted:
    return ev.TournamentStarted(
        t=0,
        name="t",
        seed=1,
        entries=entries,
        starting_stack=stack,
        seats_per_table=2,
        prize_pool_cents=100 * entries,
        places_paid=1,
        start_clock=0,
    )


def _level(t: int, index: int, bb: int) -> ev.LevelStarted:
    return ev.LevelStarted(
        t=t, level_index=index, small_blind=bb // 2, big_blind=bb, ante=0, ante_kind="none"
    )


def _out(t: int, pid: int, place: int, table: int, hand_no: int, sync: bool) -> ev.PlayerEliminated:
    return ev.PlayerEliminated(
        t=t,
        player_id=pid,
        place=place,
        table_id=table,
        hand_no=hand_no,
        starting_stack=1000,
        by=() if place == 1 else (1,),
        synchronized=sync,
    )


def _two_tables(sync: bool) -> list[object]:
    """Four players of 1,000 chips at two tables, big blind 100 throughout. Player 2 busts in
    table 1's hand 1, which ends at 100, and is ranked 4th at 130; players 4 and 3 are out at
    200 and player 1 wins. No final table is logged."""
    return [
        _started(4, 1000),
        ev.TableOpened(t=0, table_id=1, seat_nos=(1, 2), player_ids=(1, 2)),
        ev.TableOpened(t=0, table_id=2, seat_nos=(1, 2), player_ids=(3, 4)),
        _level(0, 0, 100),
        ev.TableHandEnded(t=100, table_id=1, hand_no=1, stacks=(2000, 0)),
        _out(130, 2, 4, 1, 1, sync),
        _out(200, 4, 3, 2, 9, False),
        _out(200, 3, 2, 2, 9, False),
        _out(200, 1, 1, 1, 0, False),
        ev.TournamentEnded(t=200, winner_id=1, hands_played=9, chips_in_play=4000, places_paid=1),
    ]


def test_a_player_placed_after_a_hand_for_hand_round_is_out_when_placed() -> None:
    """R-SYNC-2: player 2 busted in a synchronized hand that ended at 100 but is placed when
    the round is over, at 130: the field counts them until then, so at 120 four are left
    (4,000 chips / 4 / 100 = 10 bb). In unsynchronized play a player is out when their hand
    ends: three left at 120 (13.33 bb)."""
    synced = dict((t, (n, a)) for t, n, a in reduce_log(_two_tables(True), step=60).timeline)
    assert synced[120] == pytest.approx((4, 10.0))
    assert synced[180] == pytest.approx((3, 4000 / 3 / 100))
    plain = dict((t, n) for t, n, _ in reduce_log(_two_tables(False), step=60).timeline)
    assert plain == {0: 4, 60: 4, 120: 3, 180: 3, 200: 1}


def test_several_tables_and_no_final_table_record_mean_no_final_table() -> None:
    """Play began at two tables and the log holds no ``FinalTableFormed``: there was no final
    table (a field decided before one formed), so no time, players, level, stacks for it."""
    red = reduce_log(_two_tables(False))
    assert red.final_table_seconds is None and red.players_at_final_table is None
    assert red.level_at_final_table is None and red.avg_stack_bb_at_final_table is None
    assert red.final_table_stacks == {}


def test_a_late_player_counts_from_the_second_they_register() -> None:
    """R-REG-1: a late player registered at 60 is in the field at 60: five players and 5,000
    chips (5,000 / 5 / 100 = 10 bb). A player turned away at 90 (registration closed) never
    counts, nor do their chips."""
    log = _two_tables(False)
    log[4:4] = [
        ev.PlayerRegistered(t=60, player_id=5, registered=True, table_id=2, seat_no=3),
        ev.PlayerRegistered(t=90, player_id=6, registered=False, table_id=0, seat_no=0),
    ]
    log[-1] = ev.TournamentEnded(
        t=200, winner_id=1, hands_played=9, chips_in_play=5000, places_paid=1
    )
    log[-2:-2] = [_out(200, 5, 5, 2, 9, False)]
    timeline = {t: (n, a) for t, n, a in reduce_log(log, step=60).timeline}
    assert timeline[0] == pytest.approx((4, 4000 / 4 / 100))
    assert timeline[60] == pytest.approx((5, 10.0))
    assert timeline[120] == pytest.approx((4, 5000 / 4 / 100))


def test_a_shoot_out_round_counts_the_chips_its_winners_start_again_with() -> None:
    """R-SHOOT-1: four players of 1,000 play two heads-up tables; the two winners, with 2,000
    each, start round 2 at 300 with 1,500 each (3,000 in play). Before 300 the average is
    4,000 chips over the players left; from 300 on it is 3,000 over two."""
    log: list[object] = [
        _started(4, 1000),
        ev.TableOpened(t=0, table_id=1, seat_nos=(1, 2), player_ids=(1, 2)),
        ev.TableOpened(t=0, table_id=2, seat_nos=(1, 2), player_ids=(3, 4)),
        _level(0, 0, 100),
        _out(200, 2, 4, 1, 3, False),
        _out(250, 4, 3, 2, 4, False),
        ev.ShootoutRoundStarted(
            t=300,
            round=2,
            players=2,
            tables=1,
            player_ids=(1, 3),
            chips_won=(2000, 2000),
            stacks=(1500, 1500),
            chips_in_play=3000,
        ),
        _out(400, 3, 2, 3, 1, False),
        _out(400, 1, 1, 3, 0, False),
        ev.TournamentEnded(t=400, winner_id=1, hands_played=9, chips_in_play=3000, places_paid=1),
    ]
    timeline = {t: (n, a) for t, n, a in reduce_log(log, step=100).timeline}
    assert timeline[100] == pytest.approx((4, 4000 / 4 / 100))
    assert timeline[200] == pytest.approx((3, 4000 / 3 / 100))
    assert timeline[300] == pytest.approx((2, 3000 / 2 / 100))
    assert timeline[400] == pytest.approx((1, 3000 / 1 / 100))


def test_a_players_cost_counts_every_fee_and_their_profit_any_refund() -> None:
    """The sit-and-go's entry costs 1,000 + 100 fee = 1,100 cents. Player 1 wins 3,000 and
    took the add-on (1,000 + 100): cost 2,200, profit 800. Player 2 rebought twice (1,000 +
    100 each): cost 3,300, profit -3,300. Player 3 was paid back 300 (a cancellation's refund,
    R-FAULT-2): cost 1,100, profit 300 - 1,100 = -800. Player 4: cost 1,100, profit -1,100."""
    scenario = load_scenario(SNG)
    log = _two_tables(False)
    log[4:4] = [
        ev.EntryBought(
            t=50,
            player_id=2,
            kind="rebuy",
            prize_cents=1000,
            bounty_cents=0,
            fee_cents=100,
            chips=1000,
            stack_after=1500,
        ),
        ev.EntryBought(
            t=55,
            player_id=2,
            kind="rebuy",
            prize_cents=1000,
            bounty_cents=0,
            fee_cents=100,
            chips=1000,
            stack_after=1000,
        ),
        ev.EntryBought(
            t=60,
            player_id=1,
            kind="addon",
            prize_cents=1000,
            bounty_cents=0,
            fee_cents=100,
            chips=1000,
            stack_after=2500,
        ),
    ]
    result = TournamentResult(
        scenario="t",
        seed=1,
        entries=4,
        prize_pool_cents=3000,
        places_paid=1,
        hands_played=9,
        duration_seconds=200,
        chips_in_play=6000,
        winner_id=1,
        bubble_seconds=None,
        final_table_seconds=None,
        hand_for_hand_seconds=0,
        finishes=(
            _finish(1, 1, 3000, 0, 1),
            _finish(2, 4, 0, 0, 1),
            _finish(3, 2, 0, 300, 1),
            _finish(4, 3, 0, 0, 1),
        ),
    )
    _run, rows = played_rows(scenario, result, log)
    got = [(r["cost_cents"], r["profit_cents"], r["rebuys"], r["addons"]) for r in rows]
    assert got == [(2200, 800, 0, 1), (3300, -3300, 2, 0), (1100, -800, 0, 0), (1100, -1100, 0, 0)]

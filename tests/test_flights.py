"""Multi-day events (F-FLIGHT-1..4): the pure rules, the loader, the days played, the outputs.

The rule cases (scenarios/rules/F-FLIGHT-*.toml) pin one situation each; these tests check the
rules' invariants on the shipped event and the pure functions on their own.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim.errors import ConfigError, InvariantError
from pokersim.flights import (
    Bag,
    carried_bag,
    day_two_level,
    first_flights,
    reconcile_event,
    returning_players,
)
from pokersim.multiday import EventResult, event_summary, run_event
from pokersim.results import read_events
from pokersim.scenario import CarryRule, Flights, load_scenario, parse_scenario
from pokersim.scenario_toml import scenario_data
from pokersim.tally import tally

ROOT = Path(__file__).resolve().parent.parent
FLIGHTS = ROOT / "scenarios" / "flights.toml"


@pytest.fixture(scope="module")
def event() -> EventResult:
    return run_event(load_scenario(FLIGHTS), 1)


# -- the pure rules --------------------------------------------------------------------------


@given(st.integers(0, 2**32), st.lists(st.integers(0, 12), min_size=2, max_size=5))
def test_first_flights_split_the_whole_field_once(seed: int, entries: list[int]) -> None:
    players = sum(entries)
    split = first_flights(seed, players, entries)
    assert [len(f) for f in split] == entries
    assert sorted(p for f in split for p in f) == list(range(players))
    assert split == first_flights(seed, players, entries)  # the seed decides


def test_returning_players_follow_the_shares() -> None:
    played, bagged = list(range(200)), set(range(100))
    none = Flights(names=("a", "b"), entries=(200, 0))
    assert returning_players(3, 1, played, bagged, none) == ()
    busted_only = Flights(names=("a", "b"), entries=(200, 0), reentry_percent=100)
    assert returning_players(3, 1, played, bagged, busted_only) == tuple(range(100, 200))
    half = Flights(names=("a", "b"), entries=(200, 0), reentry_percent=50)
    back = returning_players(3, 1, played, bagged, half)
    assert set(back) <= set(range(100, 200)) and 30 < len(back) < 70
    assert back != returning_players(3, 2, played, bagged, half)  # each flight its own draws


@given(st.lists(st.integers(1, 10_000), min_size=1, max_size=4))
def test_carried_bag_keeps_one_and_forfeits_the_rest(stacks: list[int]) -> None:
    bags = [Bag(flight=k, stack=s) for k, s in enumerate(stacks)]
    for rule in CarryRule:
        kept, lost = carried_bag(bags, rule)
        assert sorted([kept, *lost], key=lambda b: b.flight) == bags
    best, _ = carried_bag(bags, CarryRule.BEST)
    assert best.stack == max(stacks) and best.flight == stacks.index(max(stacks))
    assert carried_bag(bags, CarryRule.FIRST)[0] == bags[0]
    assert carried_bag(bags, CarryRule.LAST)[0] == bags[-1]


def test_day_two_goes_on_after_the_highest_level_reached() -> None:
    assert day_two_level([2, 5, 3], 10) == 6
    assert day_two_level([9], 10) == 9  # the last level goes on


def test_event_money_must_reconcile() -> None:
    paid = {"prize_pool_cents": 300, "prizes_paid_cents": 300}
    assert reconcile_event([100, 200], [100, 200], paid, 0) == 300
    guaranteed = {"prize_pool_cents": 400, "prizes_paid_cents": 400}
    assert reconcile_event([100, 200], [100, 200], guaranteed, 400) == 400  # the overlay
    with pytest.raises(InvariantError, match="carried"):
        reconcile_event([100, 200], [100, 199], paid, 0)
    with pytest.raises(InvariantError, match="day 2"):
        reconcile_event([100, 200], [100, 200], {**paid, "prizes_paid_cents": 299}, 0)


# -- the scenario ----------------------------------------------------------------------------


def _data(**flights: Any) -> dict[str, Any]:
    data = tomllib.loads(FLIGHTS.read_text(encoding="utf-8"))
    data["flights"].update(flights)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"entries": [30, 30, 29]}, "flights.entries: expected first entries summing to"),
        ({"entries": [45, 45]}, "flights.entries: expected 3 whole numbers"),
        ({"names": ["1A", "1A", "1B"]}, "flights.names: expected distinct"),
        ({"names": ["1A", "day 1/B", "1C"]}, "flights.names: expected at least two flight names"),
        ({"stop_at_level": 0}, "flights.stop_at_level: a day-1 flight must stop"),
        ({"stop_at_level": 15}, "flights.stop_at_level: expected a value <= 14"),
        ({"carry": "biggest"}, "flights.carry: expected one of 'best', 'first', 'last'"),
        ({"reentry_percent": 101}, "flights.reentry_percent: expected a value <= 100"),
        ({"stops": 3}, "flights"),
    ],
)
def test_bad_flights_are_one_line_errors(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_scenario(_data(**change), source="f.toml")
    text = str(err.value)
    assert text.startswith("f.toml: ") and message in text and "\n" not in text


def test_flights_are_not_combined_with_bounties() -> None:
    data = _data()
    data["bounty"] = {"kind": "ko"}
    data["entries"]["bounty_cents"] = 500
    with pytest.raises(ConfigError, match=r"f\.toml: .*not with \[flights\]"):
        parse_scenario(data, source="f.toml")


@pytest.mark.parametrize(
    ("faults", "key"),
    [
        ({"cancel_at_stage": "before-start"}, "faults.cancel_at_stage"),
        ({"cancel_at_minute": 30}, "faults.cancel_at_minute"),
        ({"server_failures_per_hour": 6.0, "cancel_probability": 1.0}, "faults.cancel_probability"),
    ],
)
def test_flights_refuse_a_cancellation_that_would_leave_no_bags(
    faults: dict[str, Any], key: str
) -> None:
    """A cancelled flight carries nothing to day 2: refused at load, not a traceback mid-event
    (before-start) or an unreconciled pool (a cancellation during a flight)."""
    data = _data()
    data["faults"] = faults
    with pytest.raises(ConfigError) as err:
        parse_scenario(data, source="f.toml")
    assert str(err.value).startswith(f"f.toml: {key}: not with [flights]")
    data["faults"] = {"cancel_at_stage": "in-money"}  # on day 2: the event's money settles
    ev = run_event(parse_scenario(data, source="f.toml"), 1)
    assert ev.prize_pool_cents == sum(f.prize_cents for f in ev.day_two.result.finishes)


def test_flights_round_trip_through_the_writer() -> None:
    sc = load_scenario(FLIGHTS)
    back = parse_scenario(scenario_data(sc), source=str(FLIGHTS))
    assert back.flights == sc.flights and back.flights.carry is CarryRule.BEST


# -- the days played -------------------------------------------------------------------------


def test_flights_bag_at_the_end_of_their_level(event: EventResult) -> None:
    """F-FLIGHT-1: no hand starts after the stop, and the bags are the chips in play."""
    level_end = 6 * 10 * 60
    for f in event.flights:
        end = f.day_end
        assert end["reason"] == "level" and end["level_index"] == 5
        assert level_end <= end["t"] < level_end + 120  # the hands in progress finished
        assert sum(end["stacks"]) == f.result.chips_in_play
        bagged = set(end["player_ids"])
        places = sorted(x.place for x in f.result.finishes if x.player_id not in bagged)
        assert len(places) == len(f.players) - len(bagged)  # ties share a place (R-ELIM-2)
        assert places[0] == len(bagged) + 1 and places[-1] <= len(f.players)
        assert all(x.place == 0 for x in f.result.finishes if x.player_id in bagged)


def test_day_two_plays_the_carried_bags(event: EventResult) -> None:
    """F-FLIGHT-2/3: one bag each, the best; day 2's chips are the bags carried."""
    for p, bags in event.bags.items():
        assert event.carried[p].stack == max(b.stack for b in bags)
    assert event.day_two.result.chips_in_play == sum(b.stack for b in event.carried.values())
    assert event.start_level == 6  # after level 6, the last every flight played
    (first,) = [r for r in event.day_two.log if r["type"] == "TableOpened" and r["t"] == 0][:1]
    assert first["player_ids"] != tuple(sorted(first["player_ids"]))  # drawn, not in order


def test_event_money_reconciles_to_the_cent(event: EventResult) -> None:
    """F-FLIGHT-4: every flight's entries in one pool, all of it paid on day 2."""
    summary = event_summary(event)
    entries = sum(f["entries"] for f in summary["flights"])
    assert summary["prize_pool_cents"] == entries * 5000 == summary["day2"]["prizes_paid_cents"]
    assert summary["fees_cents"] == entries * 500
    rows = summary["players"]
    assert sum(r["prize_cents"] for r in rows) == summary["prize_pool_cents"]
    assert sum(len(r["flights"]) for r in rows) == entries
    assert all(r["place"] is None for r in rows if r["carried_from"] is None)


def test_each_day_is_a_reduction_of_its_log(event: EventResult) -> None:
    for day in (*event.flights, event.day_two):
        assert tally(day.log) == day.result


def test_same_seed_same_event(event: EventResult) -> None:
    again = run_event(load_scenario(FLIGHTS), 1)
    assert json.dumps(event_summary(again)) == json.dumps(event_summary(event))


# -- the command line ------------------------------------------------------------------------


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pokersim", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        check=False,
    )


def test_run_writes_a_folder_a_day_with_the_flight_in_it(tmp_path: Path) -> None:
    out = tmp_path / "event"
    done = _run("run", str(FLIGHTS), "--seed", "1", "--out", str(out), "--hands", "pokerstars")
    assert done.returncode == 0, done.stderr
    summary = json.loads((out / "event.json").read_text(encoding="utf-8"))
    for f in summary["flights"]:  # the printed lines say what event.json records
        assert (
            f"flight {f['flight']}: {f['players']} players ({f['first_entries']} new, "
            f"{f['players_from_earlier_flights']} from earlier flights)"
        ) in done.stdout
    assert summary["flights"][0]["players_from_earlier_flights"] == 0
    assert any(f["players_from_earlier_flights"] > 0 for f in summary["flights"][1:])
    day2 = summary["day2"]
    assert f"day 2: {day2['players']} players from level {day2['start_level']}" in done.stdout
    ids = {f["tournament_id"] for f in summary["flights"]} | {summary["day2"]["tournament_id"]}
    assert len(ids) == 4  # each day its own tournament
    for f in summary["flights"]:
        folder = out / f"flight-{f['flight']}"
        log = list(read_events((folder / "events.jsonl").read_text().splitlines()))
        assert [r["flight"] for r in log if r["type"] == "DayEnded"] == [f["flight"]]
        started = [r["name"] for r in log if r["type"] == "TournamentStarted"]
        assert started == [f"{summary['event']}, flight {f['flight']}"]
        text = (folder / "hands" / "table-1.txt").read_text(encoding="utf-8")
        assert f"Tournament #{f['tournament_id']}" in text
    assert (out / "day-2" / "summary.json").is_file()
    again = _run("run", str(FLIGHTS), "--seed", "1", "--out", str(out))
    assert again.returncode != 0 and "already holds results (event.json)" in again.stderr


def test_run_refuses_the_options_an_event_does_not_take(tmp_path: Path) -> None:
    done = _run(
        "run", str(FLIGHTS), "--out", str(tmp_path / "x"), "--hands", "both", "--hero", "P01"
    )
    assert done.returncode != 0 and "--hero: not for a multi-day event" in done.stderr


def test_run_report_of_an_event_is_its_one_run_study(tmp_path: Path) -> None:
    """``run --report``: the event's days written as without it, and a report of the event as
    a one-run study (the rows of ``pokersim study`` for that seed)."""
    from pokersim.cli import main
    from pokersim.run_rows import event_rows

    out, plain = tmp_path / "report", tmp_path / "plain"
    assert main(["run", str(FLIGHTS), "--seed", "2", "--out", str(plain)]) == 0
    assert main(["run", str(FLIGHTS), "--seed", "2", "--out", str(out), "--report"]) == 0
    for day in ("flight-1A", "day-2"):  # the report changes nothing the run writes
        for name in ("events.jsonl", "summary.json"):
            assert (out / day / name).read_bytes() == (plain / day / name).read_bytes()
    report = (out / "report.md").read_text(encoding="utf-8")
    assert report.startswith("# Run report: ") and "A multi-day event (F-FLIGHT-1..4)" in report
    run, finishes = event_rows(load_scenario(FLIGHTS), 2)
    hands = f"| hands played | 1 | {run['hands_played']:.1f} |"
    assert hands in report, hands
    assert f"One run (seed 2), {len(finishes)} players" in report


@pytest.mark.parametrize(
    "command",
    [
        ("calibrate", "--runs", "1", "--no-progress"),
        (
            "design",
            "--players",
            "90",
            "--starting-stack",
            "5000",
            "--level-minutes",
            "10",
            "--target-hours",
            "2",
            "--base",
        ),
    ],
)
def test_commands_of_single_tournaments_refuse_an_event(
    command: tuple[str, ...], tmp_path: Path
) -> None:
    """Played as one tournament of the whole field, an event would give another event's figures."""
    name, *rest = command
    where = [] if name == "design" else [str(FLIGHTS)]
    tail = [str(FLIGHTS)] if name == "design" else []
    done = _run(name, *where, *rest, *tail, "--out", str(tmp_path / "out"))
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "flights" in lines[0] and "expected no [flights] table" in lines[0]
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.parquet"))


def test_a_study_plays_the_event_a_run_with_every_cent_of_it(tmp_path: Path) -> None:
    """``pokersim study`` of an event: a row a person, the event's money to the cent, each run
    the event ``pokersim run`` plays with that seed, the same bytes on one worker or two."""
    import pyarrow.parquet as pq

    from pokersim.rng import derive_seed
    from pokersim.study import run_study

    outs = {}
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        run_study(str(FLIGHTS), runs=3, seed=5, out=out, jobs=jobs, progress=False)
        outs[jobs] = out
    for name in ("runs.parquet", "finishes.parquet"):
        assert (outs[1] / name).read_bytes() == (outs[2] / name).read_bytes(), name
    runs = pq.read_table(outs[1] / "runs.parquet").to_pandas()
    finishes = pq.read_table(outs[1] / "finishes.parquet").to_pandas()
    sc = load_scenario(FLIGHTS)
    for i, row in runs.iterrows():
        ev = run_event(sc, derive_seed(5, i))
        summary = event_summary(ev)
        mine = finishes[finishes["run"] == i]
        assert row["entries"] == summary["entries"] == mine["entries"].sum()
        assert row["prize_pool_cents"] == summary["prize_pool_cents"] == mine["prize_cents"].sum()
        assert mine["cost_cents"].sum() == summary["entries"] * sc.entries.buy_in_cents
        assert -mine["profit_cents"].sum() == summary["fees_cents"]  # the fees, and no more
        assert len(mine) == row["players"] == len(summary["players"])
        assert (
            row["hands_played"]
            == sum(f["hands_played"] for f in summary["flights"])
            + (summary["day2"]["hands_played"])
        )
        day2 = {p["player_id"]: p for p in summary["players"] if p["place"] is not None}
        out_on_day_one = mine[~mine["player_id"].isin(list(day2))]
        assert set(out_on_day_one["place"]) == {summary["day2"]["players"] + 1}
        for p in mine[mine["player_id"].isin(list(day2))].itertuples():
            assert (p.place, p.prize_cents) == (
                day2[p.player_id]["place"],
                day2[p.player_id]["prize_cents"],
            )
    assert not len(pq.read_table(outs[1] / "timeline.parquet"))


def test_the_report_of_an_event_study_says_why_it_has_no_structure_sheet(tmp_path: Path) -> None:
    from pokersim.cli import main

    out = tmp_path / "study"
    argv = ["study", str(FLIGHTS), "--runs", "2", "--jobs", "1", "--no-progress"]
    assert main([*argv, "--out", str(out)]) == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "A multi-day event (F-FLIGHT-1..4)" in report
    assert "| level | clock |" not in report  # no one clock to follow the levels by
    assert "## Results by player group" in report


def test_a_sweep_of_an_event_plays_each_arm_as_the_event(tmp_path: Path) -> None:
    """Its arms are studies of the event, each run the event ``run_event`` plays."""
    from dataclasses import replace

    import pyarrow.parquet as pq

    from pokersim.cli import main
    from pokersim.rng import derive_seed

    out = tmp_path / "sweep"
    argv = ["sweep", str(FLIGHTS), "--set", "flights.stop_at_level=5,6", "--runs", "2"]
    assert main([*argv, "--jobs", "1", "--out", str(out), "--no-progress"]) == 0
    sc = load_scenario(FLIGHTS)
    for arm, level in (("arm-01", 5), ("arm-02", 6)):
        runs = pq.read_table(out / arm / "runs.parquet").to_pandas()
        played = replace(sc, flights=replace(sc.flights, stop_at_level=level))
        for i, row in runs.iterrows():
            ev = run_event(played, derive_seed(0, i))
            assert row["entries"] == event_summary(ev)["entries"]
            assert row["hands_played"] == sum(
                d.result.hands_played for d in (*ev.flights, ev.day_two)
            )

"""The engine with the real hand engine and player models: invariants, levels, determinism."""

from __future__ import annotations

import io
from itertools import takewhile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_engine_helpers import (
    check_buttons,
    check_places,
    make_scenario,
    of_type,
    replay_and_check,
)

from pokersim.clock import BreakSchedule, LevelClock
from pokersim.engine import TournamentResult, run_tournament
from pokersim.results import (
    JsonlWriter,
    bubble_time,
    event_record,
    final_table_time,
    hands_played,
    places,
    prizes,
    read_events,
    summary_json,
)
from pokersim.scenario import Scenario, load_default_scenario, load_scenario


@pytest.fixture(scope="module")
def default_run() -> tuple[Scenario, TournamentResult, list[dict[str, Any]]]:
    sc = load_default_scenario()
    events: list[Any] = []
    result = run_tournament(sc, 7, emit=events.append)
    return sc, result, [event_record(e) for e in events]


def test_default_run_invariants(
    default_run: tuple[Scenario, TournamentResult, list[dict[str, Any]]],
) -> None:
    """R-ELIM-1, R-ELIM-2, R-BAL-1/2/3, R-BTN-1, R-BRK-1 on a real 180-player run: chips
    conserved each hand, tables within tolerance at every deal, the button moving forward, no
    hand started in a break, one finish per player, places a ranking with ties."""
    sc, result, events = default_run
    replay_and_check(events, sc.balancing.tolerance)
    check_places(events, sc.players.count)
    check_buttons(events)
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents
    assert of_type(events, "FinalTableFormed")


def test_r_ante_1_each_hand_uses_the_level_in_force_when_it_starts(
    default_run: tuple[Scenario, TournamentResult, list[dict[str, Any]]],
) -> None:
    """R-STRUCT-1, R-ANTE-1: hands are played at the scenario's levels, each at the level in force
    when it starts; levels change between hands."""
    sc, _, events = default_run
    clock = LevelClock.make(sc.levels, BreakSchedule.from_breaks(sc.breaks, sc.start_seconds))
    hands = of_type(events, "TableHandStarted")
    assert len({e["level_index"] for e in hands}) > 3
    for e in hands:
        assert e["level_index"] == clock.index_at(e["t"])
    starts = [e["t"] for e in of_type(events, "LevelStarted")]
    assert starts == [clock.start_of(i) for i in range(len(starts))]
    for e in of_type(events, "LevelStarted"):
        lv = sc.levels[e["level_index"]]
        assert (e["small_blind"], e["big_blind"], e["ante"]) == (
            lv.small_blind,
            lv.big_blind,
            lv.ante,
        )
    first = of_type(events, "TournamentStarted")[0]
    assert (first["starting_stack"], first["seats_per_table"]) == (
        sc.starting_stack,
        sc.seats_per_table,
    )


def test_r_btn_2_heads_up_button_posts_small_blind() -> None:
    """R-BTN-1, R-BTN-2 through the engine: when two are left the button posts the small blind;
    with more, the small blind is the seat after the button."""
    sc = load_scenario(Path(__file__).resolve().parent.parent / "scenarios" / "sng_9max.toml")
    events: list[Any] = []
    # seed 0 reaches heads-up (46 hands); some seeds end three-handed in one hand (seed 2)
    run_tournament(sc, 0, emit=events.append, record_actions=True)
    records = [event_record(e) for e in events]
    heads_up = more = 0
    for i, e in enumerate(records):
        if e["type"] != "HandStarted":
            continue
        # this hand's small blind only: a seat all-in by its ante posts none (R-BLIND-1)
        hand = takewhile(lambda x: x["type"] != "HandStarted", records[i + 1 :])
        sb = next(
            (x for x in hand if x["type"] == "ForcedBetPosted" and x["kind"] == "small_blind"),
            None,
        )
        if sb is None:
            continue
        n = len(e["player_ids"])
        if n == 2:
            heads_up += 1
            assert sb["seat"] == e["button"]
        else:
            more += 1
            assert sb["seat"] == (e["button"] + 1) % n
    assert heads_up and more


def test_log_reductions_agree_with_the_result(
    default_run: tuple[Scenario, TournamentResult, list[dict[str, Any]]],
) -> None:
    """The event log alone reproduces places, prizes, hands, bubble and final-table times."""
    _, result, events = default_run
    assert places(events) == {f.player_id: f.place for f in result.finishes}
    paid = {f.player_id: f.prize_cents for f in result.finishes if f.prize_cents}
    assert prizes(events) == paid
    assert hands_played(events) == result.hands_played
    assert bubble_time(events) == result.bubble_seconds
    assert final_table_time(events) == result.final_table_seconds


def _run_bytes(seed: int) -> tuple[str, str]:
    sc = load_default_scenario()
    stream = io.StringIO()
    writer = JsonlWriter(stream)
    result = run_tournament(sc, seed, emit=writer)
    writer.flush()
    return stream.getvalue(), summary_json(result, scenario="default")


def test_determinism_same_seed_same_bytes() -> None:
    """Same scenario and seed: byte-identical events.jsonl and summary.json; not another seed."""
    a = _run_bytes(3)
    b = _run_bytes(3)
    c = _run_bytes(4)
    assert a == b
    assert a[0] != c[0]
    assert len(list(read_events(a[0].splitlines()))) == a[0].count("\n")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(2, 40),
    seats=st.integers(2, 10),
    policy=st.sampled_from(["pokerstars", "tda"]),
    breaks=st.sampled_from(["none", "clock"]),
    seed=st.integers(0, 2**32),
)
def test_real_hands_invariants(count: int, seats: int, policy: str, breaks: str, seed: int) -> None:
    """Property with the real hand engine and random players: chips conserved every hand, one
    finish per player, places a ranking with ties, balance and button rules hold."""
    sc = make_scenario(
        count,
        seats=seats,
        balancing={"policy": policy, "tolerance": 1},
        breaks={"kind": breaks, "length_minutes": 1} if breaks == "clock" else None,
        start="07:53",
        level_minutes=2,
    )
    events: list[Any] = []
    result = run_tournament(sc, seed, emit=events.append)
    records = [event_record(e) for e in events]
    replay_and_check(records, 1)
    check_places(records, count)
    check_buttons(records)
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents


def test_bounty_cash_in_the_results_accounts_for_every_bounty_cent() -> None:
    """summary.json's bounty_cents: in a progressive knockout every cent placed on a head ends
    up paid as cash (the winner collects their own head, R-KO-4)."""
    from dataclasses import replace

    from pokersim.scenario import Bounty, BountyKind

    sc = load_default_scenario()
    pko = replace(
        sc, entries=replace(sc.entries, bounty_cents=100), bounty=Bounty(kind=BountyKind.PKO)
    )
    result = run_tournament(pko, 3)
    assert sum(f.bounty_cents for f in result.finishes) == 100 * sc.players.count
    assert next(f for f in result.finishes if f.place == 1).bounty_cents > 0
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents


def test_a_closed_table_leaves_nothing_behind_in_the_director() -> None:
    """Every table of the default field is broken but the last: only that one stays kept.

    The director keeps the event each table's process waits on; kept for closed tables too, it
    grew with every table ever opened. (The dealer's compiled inputs of a table are kept on
    the table itself, ``Table.kernel``, and go with it.)
    """
    from pokersim.engine.director import Director
    from pokersim.engine.setup import Options
    from pokersim.hand import play_hand

    director = Director(load_default_scenario(), 3, Options(hand_player=play_hand), None)
    director.start()
    opened = len(director.go)
    director.env.run()
    assert opened > 10 and len(director.floor.tables) == 1
    assert set(director.go) == set(director.floor.tables)

"""Engine rule tests with scripted hands: seats, button, breaks, balancing, hand-for-hand, places.

The hand engine is replaced by ``FakeHands`` (a rule decides who wins what) and the players by
``ScriptedModel`` (whose think time sets each hand's duration), so each test pins one rule in a
situation chosen by hand. ``test_engine_real.py`` runs the real hand engine and models.
"""

from __future__ import annotations

from dataclasses import replace
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
    one_bust_rule,
    random_rule,
    replay_and_check,
    run_scripted,
    transfer,
)

from pokersim.engine import run_tournament
from pokersim.hand import Deal, HandSetup, Knockout
from pokersim.scenario import load_scenario
from pokersim.seating import hands_until_big_blind

ROOT = Path(__file__).resolve().parent.parent

Outcome = tuple[tuple[int, ...], tuple[Knockout, ...]]


def _no_change(setup: HandSetup) -> Outcome:
    return setup.stacks, ()


def _places(events: list[dict[str, Any]]) -> dict[int, int]:
    return {e["player_id"]: e["place"] for e in of_type(events, "PlayerEliminated")}


# --- R-SEAT-1, R-SEAT-2, R-BTN-1 -----------------------------------------------------------


def test_r_seat_1_r_seat_2_random_seats_button_at_seat_1() -> None:
    """R-SEAT-1: seats drawn at random from the seed; R-SEAT-2: first button at seat 1."""
    sc = make_scenario(40)
    _, ev1 = run_scripted(sc, one_bust_rule, seed=1)
    _, ev2 = run_scripted(sc, one_bust_rule, seed=2)
    opened1 = [(e["seat_nos"], e["player_ids"]) for e in of_type(ev1, "TableOpened")]
    opened2 = [(e["seat_nos"], e["player_ids"]) for e in of_type(ev2, "TableOpened")]
    assert opened1 != opened2
    first: dict[int, dict[str, Any]] = {}
    for e in of_type(ev1, "TableHandStarted"):
        first.setdefault(e["table_id"], e)
    for e in first.values():
        assert e["button_seat"] == min(e["seat_nos"])
        if 1 in e["seat_nos"]:
            assert e["button_seat"] == 1


def test_r_btn_1_button_moves_to_next_occupied_seat_every_hand() -> None:
    """R-BTN-1: at every table the button moves to the next occupied seat after each hand."""
    _, events = run_scripted(make_scenario(60), random_rule, seed=5)
    check_buttons(events)


# --- R-ELIM-1, R-ELIM-2, R-MONEY-1 -----------------------------------------------------------


def test_r_elim_2_equal_starting_stacks_share_place_and_split_prize() -> None:
    """R-ELIM-2, R-MONEY-1: two players out in one hand with equal stacks share 3rd place and
    split the prizes of places 3 and 4 (20 % and nothing) to the cent; the smaller stack busted
    in the same hand finishes 5th."""
    pay = [{"places": 1, "percent": 50}, {"places": 1, "percent": 30}, {"places": 1, "percent": 20}]
    sc = make_scenario(5, prize_cents=267, payouts=[{"min_entries": 3, "pay": pay}])

    def rule(setup: HandSetup, deal: Deal) -> Outcome:
        ids = setup.player_ids
        if setup.hand_no == 1:  # seat 3 loses 40 so it starts hand 2 smaller
            return transfer(setup, [(ids[3], ids[0], 40)])
        if setup.hand_no == 2:  # seats 1, 2 (100 each) and 3 (60) all bust to seat 0
            return transfer(
                setup, [(ids[1], ids[0], -1), (ids[2], ids[0], -1), (ids[3], ids[0], -1)]
            )
        return one_bust_rule(setup, deal)

    result, events = run_scripted(sc, rule)
    by_id = {f.player_id: f for f in result.finishes}
    elim = of_type(events, "PlayerEliminated")
    hand2 = [e for e in elim if e["hand_no"] == 2]
    stacks = {e["player_id"]: e["starting_stack"] for e in hand2}
    big = sorted(p for p, s in stacks.items() if s == 100)
    small = [p for p, s in stacks.items() if s == 60]
    assert len(big) == 2 and len(small) == 1
    assert [by_id[p].place for p in big] == [3, 3]
    assert by_id[small[0]].place == 5
    third = 5 * 267 * 20 // 100  # 267 cents: odd, so one of the two gets the extra cent
    got = sorted(by_id[p].prize_cents for p in big)
    assert got == [third // 2, third - third // 2]
    assert by_id[small[0]].prize_cents == 0
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents


def test_r_elim_1_ends_when_one_player_holds_every_chip() -> None:
    """R-ELIM-1: the winner holds all chips; every player finishes exactly once."""
    result, events = run_scripted(make_scenario(30), random_rule, seed=11)
    end = of_type(events, "TournamentEnded")
    assert len(end) == 1 and end[0]["chips_in_play"] == 30 * 100
    assert end[0]["winner_id"] == result.winner_id
    assert sorted(_places(events)) == list(range(30))
    assert _places(events)[result.winner_id] == 1
    assert events[-1]["type"] == "TournamentEnded"


# --- R-SYNC-1, R-SYNC-2 -------------------------------------------------------------------


def _sync_script(setup: HandSetup, deal: Deal) -> Outcome:
    # hand 1: at table 1 player A (first seat) drops to 50; at table 2 player B rises to 150.
    # hand 2: both bust. Later hands: one bust per hand.
    ids = setup.player_ids
    if setup.hand_no == 1:
        if setup.table_id == 1:
            return transfer(setup, [(ids[0], ids[1], 50)])
        return transfer(setup, [(ids[1], ids[0], 50)])
    if setup.hand_no == 2:
        return transfer(setup, [(ids[0], ids[1], -1)])
    return one_bust_rule(setup, deal)


# table 2's hand 2 (B busting) is quick, table 1's (A busting) slow
_SYNC_SECONDS = {(1, 2): 40.0, (2, 2): 5.0}


def test_r_sync_2_busts_in_one_synchronized_hand_ranked_by_starting_stack() -> None:
    """R-SYNC-1/R-SYNC-2: hand-for-hand makes two busts at different tables simultaneous, so
    the bigger starting stack (B, 150) finishes above the smaller (A, 50) though B busted first."""
    stage = [{"kind": "players", "from_players": 18, "to_players": 1}]
    result, events = run_scripted(
        make_scenario(18, stages=stage), _sync_script, seconds=_SYNC_SECONDS
    )
    hand2 = [
        e for e in of_type(events, "PlayerEliminated") if e["hand_no"] == 2 and e["table_id"] < 3
    ]
    assert len(hand2) == 2
    a = next(e for e in hand2 if e["starting_stack"] == 50)
    b = next(e for e in hand2 if e["starting_stack"] == 150)
    assert (b["place"], a["place"]) == (17, 18)
    assert a["t"] == b["t"] and a["synchronized"] and b["synchronized"]
    # R-SYNC-1: tables start every synchronized hand together
    starts: dict[int, set[int]] = {}
    for e in of_type(events, "TableHandStarted"):
        if e["synchronized"]:
            starts.setdefault(e["hand_no"], set()).add(e["t"])
    assert starts and all(len(ts) == 1 for ts in starts.values())
    assert len(of_type(events, "HandForHandStarted")) == 1


def test_r_sync_1_without_hand_for_hand_the_earlier_bust_finishes_lower() -> None:
    """Control for R-SYNC-2: unsynchronized, B busts first (quick table) and places 18th."""
    result, events = run_scripted(make_scenario(18, stages=[]), _sync_script, seconds=_SYNC_SECONDS)
    hand2 = [
        e for e in of_type(events, "PlayerEliminated") if e["hand_no"] == 2 and e["table_id"] < 3
    ]
    a = next(e for e in hand2 if e["starting_stack"] == 50)
    b = next(e for e in hand2 if e["starting_stack"] == 150)
    assert b["place"] == 18 and a["place"] < 18
    assert b["t"] < a["t"] and not a["synchronized"]
    assert not of_type(events, "HandForHandStarted")


def test_r_sync_1_money_bubble_stage() -> None:
    """R-SYNC-1: the default stage is the money bubble: from paid + 1 players left until the
    field is down to the places paid, every hand synchronized, all tables dealing together."""
    pay = [{"places": 1, "percent": p} for p in (30, 20, 15, 15, 10, 10)]
    sc = make_scenario(18, seats=3, payouts=[{"min_entries": 6, "pay": pay}])
    assert sc.hand_for_hand.stages[0].kind == "bubble"
    seen = 0
    for seed in range(12):
        _, events = run_scripted(sc, random_rule, seed=seed)
        started = of_type(events, "HandForHandStarted")
        ended = of_type(events, "HandForHandEnded")
        assert len(started) == len(ended) <= 1
        if not started:
            continue
        seen += 1
        t0, t1 = started[0]["t"], ended[0]["t"]
        assert started[0]["players_left"] == 7 and ended[0]["players_left"] <= 6
        hands = [e for e in of_type(events, "TableHandStarted") if t0 <= e["t"] < t1]
        assert hands and all(e["synchronized"] for e in hands)
        assert len({e["t"] for e in hands}) * len({e["table_id"] for e in hands}) >= len(hands)
        outs = [e for e in of_type(events, "PlayerEliminated") if t0 < e["t"] <= t1]
        assert all(e["synchronized"] for e in outs)
    assert seen >= 3


# --- R-BRK-1, R-BRK-2 ----------------------------------------------------------------------


def _quiet_then_bust(setup: HandSetup, deal: Deal) -> Outcome:
    return _no_change(setup) if setup.hand_no <= 4 else one_bust_rule(setup, deal)


def test_r_brk_1_break_at_55_waits_for_the_slowest_table() -> None:
    """R-BRK-1: the break starts at :55; a table's hand in progress finishes first; the early
    table rests longer; play resumes for all at the break's end or when the slowest is done."""
    sc = make_scenario(
        18, start="07:54", breaks={"kind": "clock", "at": ":55", "length_minutes": 5}
    )
    # table 1: 20 s hands, ends hand 3 at 60 = the break start. Table 2: hand 2 runs 50..450,
    # past the scheduled end (360), so everyone waits for it.
    seconds = {(1, 1): 20, (1, 2): 20, (1, 3): 20, (2, 1): 50, (2, 2): 400}
    _, events = run_scripted(sc, _quiet_then_bust, seconds=seconds)
    brk = of_type(events, "BreakStarted")[0]
    assert (brk["t"], brk["scheduled_end"]) == (60, 360)
    assert of_type(events, "BreakEnded")[0]["t"] == 450
    hands = {(e["table_id"], e["hand_no"]): e["t"] for e in of_type(events, "TableHandStarted")}
    assert hands[(1, 4)] == 450 and hands[(2, 3)] == 450
    assert not any(60 <= t < 450 for t in hands.values())


def test_r_brk_1_break_ends_on_schedule_when_hands_finish_in_time() -> None:
    """R-BRK-1: hands finishing inside the break do not delay its end."""
    sc = make_scenario(
        18, start="07:54", breaks={"kind": "clock", "at": ":55", "length_minutes": 5}
    )
    seconds = {(1, 1): 20, (1, 2): 20, (1, 3): 20, (2, 1): 50, (2, 2): 30}
    _, events = run_scripted(sc, _quiet_then_bust, seconds=seconds)
    assert of_type(events, "BreakEnded")[0]["t"] == 360
    hands = {(e["table_id"], e["hand_no"]): e["t"] for e in of_type(events, "TableHandStarted")}
    assert hands[(1, 4)] == 360 and hands[(2, 3)] == 360


def test_r_brk_2_interval_breaks_from_the_start() -> None:
    """R-BRK-2: breaks every N minutes counted from the start; no hand starts inside one."""
    sc = make_scenario(9, breaks={"kind": "interval", "every_minutes": 2, "length_minutes": 1})
    _, events = run_scripted(sc, _quiet_then_bust, seconds={(1, k): 50 for k in range(1, 20)})
    brk = of_type(events, "BreakStarted")[0]
    assert (brk["t"], brk["scheduled_end"]) == (120, 180)
    hands = [e["t"] for e in of_type(events, "TableHandStarted")]
    assert hands[:4] == [0, 50, 100, 180]  # the hand started at 100 finishes at 150, then rests


def test_r_brk_2_no_breaks() -> None:
    """R-BRK-2: with kind 'none' hands follow each other without pause."""
    sc = make_scenario(9)
    _, events = run_scripted(sc, _quiet_then_bust, seconds={(1, k): 50 for k in range(1, 20)})
    assert not of_type(events, "BreakStarted")
    hands = [e["t"] for e in of_type(events, "TableHandStarted")]
    assert hands[:5] == [0, 50, 100, 150, 200]


# --- R-BAL-1, R-BAL-2, R-BAL-3 -------------------------------------------------------------


def test_r_bal_1_table_breaks_when_field_fits_one_fewer() -> None:
    """R-BAL-1: the table that finishes a hand when the field fits on fewer tables is broken
    and its big-blind-next player is moved first, to one of the smallest tables."""
    _, events = run_scripted(make_scenario(27), random_rule, seed=4)
    broken = of_type(events, "TableBroken")
    assert broken
    first = broken[0]
    # replay to find the players left and the source table's state when it broke
    alive = 27
    seats: dict[int, dict[int, int]] = {}
    last_button: dict[int, int] = {}
    started: dict[int, dict[str, Any]] = {}
    for e in events:
        if e["type"] == "PlayerMoved" and e["reason"] == "break":
            break
        if e["type"] == "TableOpened":
            seats[e["table_id"]] = dict(zip(e["seat_nos"], e["player_ids"]))
        elif e["type"] == "TableHandStarted":
            started[e["table_id"]] = e
            last_button[e["table_id"]] = e["button_seat"]
        elif e["type"] == "TableHandEnded":
            s = started[e["table_id"]]
            for seat, left in zip(s["seat_nos"], e["stacks"]):
                if left == 0:
                    del seats[e["table_id"]][seat]
                    alive -= 1
        elif e["type"] == "PlayerMoved":
            pid = seats[e["from_table"]].pop(e["from_seat"])
            seats[e["to_table"]][e["to_seat"]] = pid
    tid = first["table_id"]
    assert alive <= 18 and len(seats) == 3
    moves = [
        e
        for e in events
        if e["type"] == "PlayerMoved" and e["t"] == first["t"] and e["from_table"] == tid
    ]
    assert sorted(m["player_id"] for m in moves) == sorted(seats[tid].values())
    order = hands_until_big_blind(list(seats[tid]), last_button[tid])
    assert order[moves[0]["from_seat"]] == 0
    counts = {t: len(s) for t, s in seats.items() if t != tid}
    assert counts[moves[0]["to_table"]] == min(counts.values())


def test_r_bal_3_final_table_seats_redrawn() -> None:
    """R-BAL-3: when the field fits the final table everyone moves to one new table."""
    _, events = run_scripted(make_scenario(30), random_rule, seed=8)
    ft = of_type(events, "FinalTableFormed")
    assert len(ft) == 1 and ft[0]["players_left"] <= 9
    opened = [e for e in of_type(events, "TableOpened") if e["final"]]
    assert len(opened) == 1 and len(opened[0]["player_ids"]) == ft[0]["players_left"]
    later = [e for e in of_type(events, "TableHandStarted") if e["t"] >= ft[0]["t"]]
    assert later and {e["table_id"] for e in later} == {ft[0]["table_id"]}
    assert not any(e["type"] == "TableOpened" and not e["final"] and e["t"] > 0 for e in events)


def test_r_bal_3_smaller_final_table_forms_from_one_table() -> None:
    """R-BAL-3: with a 6-seat final table in a 9-max event, seats are redrawn at 6 left."""
    _, events = run_scripted(make_scenario(12, final=6), one_bust_rule, seed=2)
    ft = of_type(events, "FinalTableFormed")
    assert len(ft) == 1 and ft[0]["players_left"] == 6


# --- properties ----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    count=st.integers(2, 60),
    seats=st.integers(2, 10),
    tolerance=st.integers(1, 3),
    policy=st.sampled_from(["pokerstars", "tda"]),
    sync=st.booleans(),
    breaks=st.sampled_from(["none", "clock", "interval"]),
    seed=st.integers(0, 2**32),
)
def test_tournament_invariants(
    count: int, seats: int, tolerance: int, policy: str, sync: bool, breaks: str, seed: int
) -> None:
    """Property (R-BAL-1/2/3, R-BTN-1, R-BRK-1/2, R-ELIM-1/2, R-SYNC-1): chips conserved every
    hand and at the end; each player finishes once; places form a ranking with ties; prizes sum
    to the pool; tables within tolerance at every deal; the button only moves forward; no hand
    starts in a break."""
    tolerance = min(tolerance, seats - 1)
    brk: dict[str, Any] = {"kind": breaks}
    if breaks == "interval":
        brk.update(every_minutes=3, length_minutes=1)
    elif breaks == "clock":
        brk.update(length_minutes=1)
    sc = make_scenario(
        count,
        seats=seats,
        breaks=brk,
        stages=None if sync else [],
        balancing={"policy": policy, "tolerance": tolerance},
        start="07:50",
    )
    result, events = run_scripted(sc, random_rule, seed=seed, seconds={})
    replay_and_check(events, tolerance)
    check_places(events, count)
    check_buttons(events)
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents
    assert result.hands_played == len(of_type(events, "TableHandStarted"))


def test_determinism_same_seed_same_log() -> None:
    """Same scenario and seed give the same event log; another seed gives another."""
    sc = make_scenario(50, breaks={"kind": "clock", "length_minutes": 2}, start="07:50")
    _, a = run_scripted(sc, random_rule, seed=9)
    _, b = run_scripted(sc, random_rule, seed=9)
    _, c = run_scripted(sc, random_rule, seed=10)
    assert a == b
    assert a != c


def test_seed_out_of_range_is_rejected() -> None:
    from pokersim.engine import run_tournament

    with pytest.raises(ValueError, match="seed"):
        run_tournament(make_scenario(4), -1)


def test_r_reg_3_prize_pool_is_prize_parts_topped_up_to_the_guarantee() -> None:
    """R-REG-3, R-MONEY-1: the pool is the entries' prize parts, or the guarantee when larger;
    every cent of it is paid out."""
    sc = make_scenario(20, prize_cents=150)
    result, _ = run_scripted(sc, random_rule, seed=2)
    assert result.prize_pool_cents == 20 * 150
    assert sum(f.prize_cents for f in result.finishes) == 20 * 150
    overlay = replace(sc, entries=replace(sc.entries, guarantee_cents=5001))
    result2, events = run_scripted(overlay, random_rule, seed=2)
    assert result2.prize_pool_cents == 5001
    assert of_type(events, "TournamentStarted")[0]["prize_pool_cents"] == 5001
    assert sum(f.prize_cents for f in result2.finishes) == 5001


def test_a_run_leaves_earlier_garbage_to_the_collector() -> None:
    """Garbage made before a run (an earlier run's, in a study's worker) stays where the
    collector's next young collection takes it. Runs used to freeze every object alive at
    their start out of the collector's way and release them into its oldest generation, with
    its counts emptied: no full collection came again, and a worker kept every run's garbage
    (a 3,000-run study of the 9-player sit-and-go peaked at 4.8 GB)."""
    import gc
    import weakref

    class Node:
        pass

    assert gc.isenabled()
    gc.collect()  # the generations empty: the cycle below is the youngest generation's
    node = Node()
    node.cycle = node  # only the collector frees it
    gone = weakref.ref(node)
    del node
    run_tournament(load_scenario(ROOT / "scenarios" / "sng_9max.toml"), seed=1)
    gc.collect(1)  # the two young generations only, as the collector runs them most often
    assert gone() is None

"""Edges of the endings desk (``pokersim.engine.endings``): places of players out, the end.

Each test plays a small run (a rule case of ``scenarios/rules`` with one term changed, or a
default scenario) and checks its log against what the rules say: R-REG-1 (places are given once
late registration closes), R-DEAL-2 (play waits only while a deal is negotiated), R-ELIM-1 (the
tournament ends when one player holds every chip, or everyone left wins the same seat).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from test_cashier_edges import _case, _deal_case, _events, _run

from pokersim.engine import run_tournament
from pokersim.events import EliminationsDeferred, PlayerEliminated, PlayerRegistered
from pokersim.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _late_run(seed: int = 1) -> list[Any]:
    """The default 180-player scenario with 30 % of the field arriving in 30 minutes of late
    registration: the log."""
    sc = load_scenario(SCENARIOS / "default.toml")
    entries = dataclasses.replace(
        sc.entries, late_arrivals_percent=30, late_registration_seconds=1800
    )
    log: list[Any] = []
    run_tournament(dataclasses.replace(sc, entries=entries), seed, emit=log.append)
    return log


def test_r_reg_1_players_out_during_late_registration_are_placed_once_it_closes() -> None:
    """R-REG-1: a player out while late players may still arrive gets no place then: the bust is
    logged as deferred (every such player once), and the places come after the last late
    registration, the earliest out the lowest place."""
    log = _late_run()
    deferred = [p for e in log if isinstance(e, EliminationsDeferred) for p in e.player_ids]
    assert deferred and len(set(deferred)) == len(deferred)
    last_entry = max(i for i, e in enumerate(log) if isinstance(e, PlayerRegistered))
    placed = {e.player_id: (i, e) for i, e in enumerate(log) if isinstance(e, PlayerEliminated)}
    assert set(deferred) <= set(placed)
    assert all(placed[p][0] > last_entry for p in deferred)
    first_deferral = min(i for i, e in enumerate(log) if isinstance(e, EliminationsDeferred))
    assert not any(i < last_entry and i > first_deferral for i, _e in placed.values())
    # earliest out, lowest place: everyone out at an earlier second places below everyone out
    # at a later one (players out together are ranked among themselves by R-ELIM-2)
    out_at: dict[int, list[int]] = {}
    for e in log:
        if isinstance(e, EliminationsDeferred):
            out_at.setdefault(e.t, []).extend(placed[p][1].place for p in e.player_ids)
    seconds = sorted(out_at)
    assert all(min(out_at[a]) > max(out_at[b]) for a, b in zip(seconds, seconds[1:]))


def test_r_deal_2_a_deal_without_negotiation_time_does_not_pause_play() -> None:
    """R-DEAL-1's chip-chop with a negotiation of 0 minutes: the deal is made, but nothing is
    negotiated over time, so no negotiation is logged as started or ended."""
    data = _case("R-DEAL-1-chip-chop")
    data["deal"]["negotiation_minutes"] = 0
    data["expect"] = {}
    out = _run(data)
    assert len(_events(out, "DealMade")) == 1
    assert _events(out, "DealNegotiationStarted") == []
    assert _events(out, "DealNegotiationEnded") == []


def _satellite_split_case() -> dict[str, Any]:
    """R-ELIM-1's satellite (four players, two seats) where Ann and Bob split hand 1's pot:
    both hold ace-king on a king-high board, Cid and Dee (all in for 100) hold less. Cid and
    Dee are out; Ann and Bob are left with 1,000 - 100 + 200 = 1,100 chips each."""
    data = _case("R-ELIM-1-satellite-equal-prizes")
    deck = data["script"]["decks"][0]
    deck["hole"] = {"1": "AsKh", "2": "AdKs", "3": "8c 3d", "4": "9c 5d"}
    deck["board"] = "Kc Qd 7h 4s 2c"
    data["script"]["actions"] = [
        {"player": "Dee", "hand": 1, "do": ["allin"]},
        {"player": "Ann", "hand": 1, "do": ["call"]},
        {"player": "Bob", "hand": 1, "do": ["call"]},
        {"player": "Cid", "hand": 1, "do": ["allin"]},
    ]
    data["expect"] = {}
    return data


def test_r_elim_1_a_satellites_seat_winners_with_equal_stacks_name_the_lowest_id() -> None:
    """Both seats are won with 1,100 chips each: they share first place (2,000 cents each), and
    the end names the chip leader, ties the lowest player id (Ann, 0, as the field lists her)."""
    out = _run(_satellite_split_case())
    assert out.events[0]["names"][:2] == ("Ann", "Bob")
    (ended,) = _events(out, "TournamentEnded")
    assert ended["winner_id"] == 0
    paid = {e["player_id"]: e["prize_cents"] for e in _events(out, "PrizePaid")}
    assert paid == {0: 2000, 1: 2000}


def test_r_fault_2_a_cancellation_names_the_chip_leader_ties_the_lowest_id() -> None:
    """R-FAULT-2's cancellation before the money, with Fay starting on 2,005 chips: after hand 1
    Ann (2,010: Bob's 1,000 and Cid's big blind) and Fay (2,005 and Eve's small blind) hold the
    most chips, equal. They share first place (equal stacks share a place) and the end names
    the lowest id of the two, Ann (0), not Fay (5)."""
    data = _case("R-FAULT-2-before-the-money-half-equal-half-chips-fees-back")
    data["script"]["tables"][1]["seats"][2]["stack"] = 2005
    data["expect"] = {}
    out = _run(data)
    (cancelled,) = _events(out, "TournamentCancelled")
    stacks = dict(zip(cancelled["player_ids"], cancelled["stacks"], strict=True))
    assert stacks[0] == stacks[5] == 2010
    places = {e["player_id"]: e["place"] for e in _events(out, "PlayerEliminated")}
    assert places[0] == places[5] == 1
    (ended,) = _events(out, "TournamentEnded")
    assert ended["winner_id"] == 0


def test_r_fault_2_after_a_deal_the_deal_stands_and_only_the_kept_amount_is_shared() -> None:
    """R-DEAL-1's chip-chop keeping 5 % (150 of the 3,000-cent pool) for first, then the
    tournament cancelled at minute 2: each of the two pays their deal amount plus their share
    of the 150 cents, and the two prizes add up to the pool."""
    data = _deal_case([70, 30], 5)
    data["faults"] = {"cancel_at_minute": 2}
    out = _run(data)
    (deal,) = _events(out, "DealMade")
    (cancelled,) = _events(out, "TournamentCancelled")
    assert deal["kept_for_first_cents"] == 150 and sum(cancelled["shares_cents"]) == 150
    amount = dict(zip(deal["player_ids"], deal["amounts_cents"], strict=True))
    share = dict(zip(cancelled["player_ids"], cancelled["shares_cents"], strict=True))
    paid = {e["player_id"]: e["prize_cents"] for e in _events(out, "PrizePaid")}
    assert paid == {p: amount[p] + share[p] for p in (0, 1)}
    assert sum(paid.values()) == 3000


def test_r_sync_1_a_synchronized_hand_ends_at_every_table_when_its_stage_ends() -> None:
    """R-SYNC-1's two-table case with hand-for-hand only while 6 are left. Cid's bust at table 1
    (its hand 1 ends at 18 s) leaves 5, ending the stage, but the synchronized hand is still
    being played at table 2 (until 29 s): table 1 waits for it, and Cid and Fay, out in that
    same synchronized hand, are ranked together by starting stacks (R-SYNC-2): Fay (150) 5th,
    Cid (100) 6th, both at 29 s."""
    data = _case("R-SYNC-1-two-tables-unequal-stacks")
    data["hand_for_hand"]["stages"] = [{"kind": "players", "from_players": 6, "to_players": 5}]
    data["expect"] = {}
    out = _run(data)
    starts = {(e["table_id"], e["hand_no"]): e["t"] for e in _events(out, "TableHandStarted")}
    ends = {(e["table_id"], e["hand_no"]): e["t"] for e in _events(out, "TableHandEnded")}
    assert (ends[(1, 1)], ends[(2, 1)]) == (18, 29)
    assert starts[(1, 2)] == starts[(2, 2)] == 29
    out_first = {e["player_id"]: (e["place"], e["t"]) for e in _events(out, "PlayerEliminated")}
    assert out_first[5] == (5, 29) and out_first[2] == (6, 29)

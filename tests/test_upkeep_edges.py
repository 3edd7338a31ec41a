"""Edges of the director's bookkeeping between hands (``pokersim.engine.upkeep``) and of each
hand's decision context (``pokersim.engine.context``).

Each test plays a small run (a rule case of ``scenarios/rules`` with one term changed, or a small
scenario) and checks its log against what the rules and the documentation say: the simulated
clock limit (a run stops only once its clock passes ``max_simulated_days``); the mystery
bounty's phase by level and the order of envelopes drawn in one hand (docs/formats.md); chip
penalties and disqualifications applied once a player is between hands, and only to players
still in (R-COND-1, R-COND-3); disqualifications while late players may still arrive (R-REG-1);
shoot-out matches (R-DIS-4, R-SHOOT-1); a cancellation in the money (R-FAULT-2); no hand started
during a break (R-BRK-1); the count of players out told to ``progress``; and the average stack of
the decision context once chips leave play.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_cashier_edges import _case, _events, _run
from test_decision_context import Recorder

from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.events import (
    BreakEnded,
    BreakStarted,
    InfractionCommitted,
    PlayerDisqualified,
    PlayerRegistered,
    SanctionImposed,
    TableHandEnded,
    TableHandStarted,
)
from pokersim.scenario import Scenario, parse_scenario


def _scenario(**extra: Any) -> Scenario:
    """One table of nine (or ``players``), stacks of 1,000, blinds 5/10 then 50/100 every ten
    minutes, no breaks, every decision made at once; ``extra`` adds or replaces sections."""
    data: dict[str, Any] = {
        "name": "upkeep edge",
        "start": "07:25",
        "seats_per_table": 9,
        "starting_stack": 1000,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 5, "big_blind": 10, "minutes": 10},
            {"small_blind": 50, "big_blind": 100, "minutes": 10},
        ],
        "breaks": {"kind": "none"},
        "entries": {"prize_cents": 1000, "fee_cents": 0, "late_registration_minutes": 0},
    }
    data.update(extra)
    return parse_scenario(data, source="<upkeep edge>")


def _log(sc: Scenario, seed: int) -> list[Any]:
    log: list[Any] = []
    run_tournament(sc, seed, emit=log.append)
    return log


# -- the simulated clock limit -------------------------------------------------------------------


def test_a_run_whose_last_hand_ends_exactly_at_the_limit_finishes() -> None:
    """A run is stopped only once its simulated clock *passes* ``max_simulated_days``: with the
    limit set to the very second the last hand ends, the same run finishes as before (same
    winner, same end); one second less and it stops with the limit's error."""
    sc = _scenario(players={"count": 6, "mix": [{"model": "random", "percent": 100}]})
    log: list[Any] = []
    free = run_tournament(sc, 1, emit=log.append)
    end = max(e.t for e in log if isinstance(e, TableHandEnded))
    exact = run_tournament(dataclasses.replace(sc, max_simulated_seconds=end), 1)
    assert exact.duration_seconds == free.duration_seconds == end
    assert exact.winner_id == free.winner_id
    with pytest.raises(ConfigError, match="max_simulated_days"):
        run_tournament(dataclasses.replace(sc, max_simulated_seconds=end - 1), 1)


# -- the mystery bounty's phase and envelopes ----------------------------------------------------


def test_f_myst_1_the_phase_by_level_counts_levels_from_one() -> None:
    """F-MYST-1's case with the phase starting at level 1 (counted from 1, the level in force
    when the hand ends): Dan's knockout in hand 1, at level 1, is in the phase and draws one
    of the four 1,000-cent envelopes for Ann; the winner opens what is left."""
    data = _case("F-MYST-1-no-bounty-before-the-phase")
    data["mystery_bounty"] = {
        "starts_at": "level",
        "level": 1,
        "envelopes": [{"cents": 1000, "count": 4}],
    }
    data["expect"] = {}
    out = _run(data)
    dan = [e for e in _events(out, "EnvelopeDrawn") if e["eliminated_id"] == 3]
    assert len(dan) == 1 and tuple(dan[0]["winner_ids"]) == (0,)
    assert dan[0]["envelope_cents"] == 1000


def test_players_out_in_one_hand_draw_their_envelopes_in_seat_order() -> None:
    """docs/formats.md: players out in the same hand draw one envelope each, in the order of
    their seats at the table from seat 1. Dan (seat 2) and Cid (seat 4), 200 chips each, are
    all in against Ann's aces in hand 1, with the phase open from the start (four left):
    Dan's envelope is drawn first, then Cid's, both for Ann, two different envelopes."""
    data = _case("F-MYST-1-no-bounty-before-the-phase")
    data["entries"]["bounty_cents"] = 500
    data["mystery_bounty"] = {
        "starts_at": "players-left",
        "players_left": 4,
        "envelopes": [{"cents": c, "count": 1} for c in (1000, 600, 300, 100)],
    }
    data["script"]["tables"][0]["seats"] = [
        {"seat": 1, "player": "Ann", "stack": 1000},
        {"seat": 2, "player": "Dan", "stack": 200},
        {"seat": 3, "player": "Bob", "stack": 1000},
        {"seat": 4, "player": "Cid", "stack": 200},
    ]
    data["script"]["decks"][0]["hole"] = {"1": "AsAh", "2": "7h 2c", "3": "7c 2d", "4": "8c 3d"}
    data["script"]["actions"] = [
        {"player": "Cid", "hand": 1, "do": ["allin"]},
        {"player": "Ann", "hand": 1, "do": ["call"]},
        {"player": "Dan", "hand": 1, "do": ["allin"]},
        {"player": "Bob", "hand": 1, "do": ["fold"]},
    ]
    data["expect"] = {}
    out = _run(data)
    drawn = [e for e in _events(out, "EnvelopeDrawn") if e["reason"] == "knockout"]
    assert [e["eliminated_id"] for e in drawn[:2]] == [3, 2]  # Dan (seat 2), then Cid (seat 4)
    assert all(tuple(e["winner_ids"]) == (0,) for e in drawn[:2])
    assert drawn[0]["envelope_cents"] != drawn[1]["envelope_cents"]


# -- sanctions and disqualifications between hands (R-COND-1, R-COND-3) -------------------------


def test_r_cond_3_chips_removed_during_a_break_leave_play_at_once() -> None:
    """R-COND-3: a chip penalty takes effect once the player is between hands. One table with
    a nine-minute break every ten minutes and frequent infractions whose only step removes 10 %
    of the stack: an infraction committed while no hand is in progress (during a break) is
    sanctioned the same second, not after the next hand."""
    sc = _scenario(
        players={"count": 9, "mix": [{"model": "calling-station", "percent": 100}]},
        breaks={"kind": "interval", "every_minutes": 10, "length_minutes": 9},
        conduct={
            "ladder": ["chips_removed"],
            "chips_removed_percent": 10,
            "infractions_per_hour": 30,
        },
    )
    log = _log(sc, 1)
    idle: list[tuple[int, int]] = []  # from a hand's end to the next hand's start
    ended = 0
    for e in log:
        if isinstance(e, TableHandEnded):
            ended = e.t
        elif isinstance(e, TableHandStarted) and e.t > ended > 0:
            idle.append((ended, e.t))
    sanctioned = {(e.t, e.player_id) for e in log if isinstance(e, SanctionImposed)}
    in_breaks = [
        (e.t, e.player_id)
        for e in log
        if isinstance(e, InfractionCommitted) and any(a < e.t < b for a, b in idle)
    ]
    assert in_breaks  # the run has infractions during breaks
    assert all(x in sanctioned for x in in_breaks)


def test_r_cond_1_a_disqualification_in_a_break_that_leaves_one_player_ends_the_run() -> None:
    """R-COND-1 heads-up, with a break at one minute of 0.9 minutes (60 to 114 s): the third
    hand ends at 91 s, in the break, and P2 is disqualified at 102 s. P1 is the only player
    left and wins at 102 s; the break ends on no table, so the log ends with the tournament
    (play once resumed after it and found no table to deal to)."""
    data = _case("R-COND-1-heads-up-disqualification-ends-play")
    data["breaks"] = {"kind": "interval", "every_minutes": 1, "length_minutes": 0.9}
    data["script"]["disqualify"] = [{"player": "P2", "at_minutes": 1.7}]
    data["expect"] = {}
    out = _run(data)
    last = out.events[-1]
    assert last["type"] == "TournamentEnded" and last["t"] == 102
    assert _events(out, "BreakEnded") == []
    assert {f.name: f.place for f in out.result.finishes} == {"P1": 1, "P2": 2}


def test_r_cond_3_a_disqualification_in_a_break_that_leaves_one_player_ends_the_run() -> None:
    """R-COND-3's ladder of one step, disqualification, with infractions every few minutes
    and a nine-minute break every ten minutes, heads-up: the run ends when one player is left,
    with no event after the tournament's end, whether the disqualification came in a hand or in
    a break (seeds 0 to 9)."""
    sc = _scenario(
        players={"count": 2, "mix": [{"model": "calling-station", "percent": 100}]},
        seats_per_table=2,
        breaks={"kind": "interval", "every_minutes": 10, "length_minutes": 9},
        conduct={"ladder": ["disqualification"], "infractions_per_hour": 20},
    )
    in_breaks = 0
    for seed in range(10):
        log = _log(sc, seed)
        assert type(log[-1]).__name__ == "TournamentEnded", seed
        starts = [e.t for e in log if isinstance(e, BreakStarted)]
        ends = [e.t for e in log if isinstance(e, BreakEnded)]
        dq = [e.t for e in log if isinstance(e, PlayerDisqualified)]
        in_breaks += sum(1 for t in dq if any(a <= t for a in starts[len(ends) :]))
    assert in_breaks  # some disqualification came in a break that never ended


def test_r_fault_2_a_cancellation_in_the_money_comes_while_late_players_may_still_arrive() -> None:
    """R-FAULT-2 with ``cancel_at_stage = "in-money"``: twelve players at 6-max, half of them
    arriving over 30 minutes of late registration, blinds that bring the field into the money
    (three places) within minutes. Registration closes once the field is in the money, so the
    places are final: the run is cancelled the moment no more players are left than places
    paid, not played to a winner because late players were still to come."""
    sc = _scenario(
        seats_per_table=6,
        starting_stack=1500,
        players={"count": 12, "mix": [{"model": "random", "percent": 100}]},
        entries={
            "prize_cents": 1000,
            "fee_cents": 0,
            "late_registration_minutes": 30,
            "late_arrivals_percent": 50,
        },
        payouts={
            "bands": [
                {
                    "min_entries": 3,
                    "pay": [
                        {"places": 1, "percent": 50},
                        {"places": 1, "percent": 30},
                        {"places": 1, "percent": 20},
                    ],
                }
            ]
        },
        faults={"cancel_at_stage": "in-money"},
    )
    log = _log(sc, 1)
    burst = [e for e in log if type(e).__name__ == "BubbleBurst"]
    cancelled = [e for e in log if type(e).__name__ == "TournamentCancelled"]
    assert burst and burst[0].t < 30 * 60  # in the money during late registration
    assert len(cancelled) == 1 and cancelled[0].t == burst[0].t
    assert cancelled[0].stage == "in-money"
    assert type(log[-1]).__name__ == "TournamentEnded"


def test_r_reg_1_a_disqualification_waits_for_late_registration_to_close() -> None:
    """R-REG-1 gives places only once late registration closes, and a disqualified player
    takes a place (R-COND-1): twelve players, half of them arriving over five minutes of late
    registration, one drawn for disqualification at minute 2. The disqualification is made
    only after the last late player has registered, never at minute 2."""
    sc = _scenario(
        players={"count": 12, "mix": [{"model": "random", "percent": 100}]},
        starting_stack=3000,
        seats_per_table=6,
        entries={
            "prize_cents": 1000,
            "fee_cents": 0,
            "late_registration_minutes": 5,
            "late_arrivals_percent": 50,
        },
        faults={"disqualify_at_minutes": [2]},
    )
    log = _log(sc, 1)
    last_entry = max(e.t for e in log if isinstance(e, PlayerRegistered))
    (dq,) = [e for e in log if isinstance(e, PlayerDisqualified)]
    assert 120 < last_entry <= dq.t


def _dq_in_a_losing_hand() -> dict[str, Any]:
    """R-COND-1's at-hand case (four players, 1,000 chips each) where P4 is to be disqualified
    one second in, while hand 1 is played slowly, and goes all in and loses that hand to P1's
    aces (P2 and P3 fold)."""
    data = _case("R-COND-1-at-hand")
    data["timing"] = {"action_clock_seconds": 120}
    data["script"]["disqualify"] = [{"player": "P4", "at_minutes": 1 / 60}]
    data["script"]["decks"] = [
        {
            "table": 1,
            "hand": 1,
            "hole": {"1": "AsAh", "2": "7c 2d", "3": "8c 3d", "4": "7h 2c"},
            "board": "Kc 9d 5h 4s Jc",
        },
    ]
    data["script"]["actions"] = [
        {"player": "P4", "hand": 1, "do": ["allin @10"]},
        {"player": "P1", "hand": 1, "do": ["call"]},
        {"player": "P2", "hand": 1, "do": ["fold"]},
        {"player": "P3", "hand": 1, "do": ["fold"]},
    ]
    data["expect"] = {}
    return data


def test_r_cond_1_a_player_out_in_the_hand_under_way_is_not_disqualified() -> None:
    """A disqualification is applied when the player's hand in progress ends; a player already
    out by then is not disqualified (scenarios/README.md). P4, to be disqualified one second
    into hand 1, busts in that hand: P4 is eliminated in 4th place by P1 and no
    disqualification is logged."""
    out = _run(_dq_in_a_losing_hand())
    assert _events(out, "PlayerDisqualified") == []
    (p4,) = [e for e in _events(out, "PlayerEliminated") if e["player_id"] == 3]
    assert p4["place"] == 4 and tuple(p4["by"]) == (0,)


def test_r_cond_3_confiscation_decides_the_prize_even_when_forfeits_are_configured() -> None:
    """R-COND-3: for a disqualification by the ladder, ``confiscate`` decides the prize instead
    of ``disqualified_prize``. The partial-confiscation case with ``disqualified_prize =
    "forfeit"`` too: Cid still keeps 600 - 35 % = 390 cents of 3rd place's prize, and
    1,632 / 978 go to first and second, not a whole forfeit."""
    data = _case("R-COND-3-partial-confiscation")
    data["faults"] = {"disqualified_prize": "forfeit"}
    data["expect"] = {}
    out = _run(data)
    prizes = {f.player_id: f.prize_cents for f in out.result.finishes}
    cid = 2
    assert prizes[cid] == 390
    assert sorted(v for p, v in prizes.items() if p != cid) == [978, 1632]


def test_r_cond_1_a_disqualification_that_reaches_the_money_bursts_the_bubble() -> None:
    """R-COND-1's case (four players, one disqualified one minute in) paying three places:
    the disqualification leaves three players for three paid places, so the bubble bursts at
    that second with three players left."""
    data = _case("R-COND-1-disqualified-player")
    data["entries"] = {"prize_cents": 1000}
    data["payouts"] = {
        "bands": [
            {
                "min_entries": 4,
                "max_entries": 4,
                "pay": [
                    {"places": 1, "percent": 50},
                    {"places": 1, "percent": 30},
                    {"places": 1, "percent": 20},
                ],
            }
        ]
    }
    data["expect"] = {}
    out = _run(data)
    (dq,) = _events(out, "PlayerDisqualified")
    (bubble,) = _events(out, "BubbleBurst")
    assert bubble["t"] == dq["t"] and bubble["players_left"] == 3


# -- shoot-outs ----------------------------------------------------------------------------------


def test_r_dis_4_the_larger_stack_advances_whoever_is_seated_first() -> None:
    """R-DIS-4's case with the stacks the other way round: Bob (1,200) against Ann (800), both
    away for the three hands. The match ends and Bob, the larger stack, advances."""
    data = _case("R-DIS-4-everyone-away-ends-the-match")
    data["script"]["tables"][0]["seats"] = [
        {"seat": 1, "player": "Ann", "stack": 800},
        {"seat": 2, "player": "Bob", "stack": 1200},
    ]
    data["expect"] = {}
    out = _run(data)
    (ended,) = _events(out, "MatchEnded")
    assert ended["winner_id"] == 1 and out.result.winner_id == 1


def test_r_shoot_1_a_player_in_a_match_under_way_is_disqualified_when_the_hand_ends() -> None:
    """A heads-up bracket of four (two matches of two): Bob is to be disqualified when the
    first hand ends. His match still has two players, so he is disqualified then, before the
    round is over (not kept until his match ends): Ann, alone at their table, goes on to the
    next round and Bob does not."""
    data = _case("R-DIS-4-everyone-away-ends-the-match")
    data["players"] = {
        "count": 4,
        "named": [{"name": n, "model": "calling-station"} for n in ("Ann", "Bob", "Cid", "Dee")],
    }
    data["script"] = {"disqualify": [{"player": "Bob", "at_hand": 1}]}
    data["expect"] = {}
    out = _run(data)
    (dq,) = _events(out, "PlayerDisqualified")
    (second,) = _events(out, "ShootoutRoundStarted")
    assert dq["player_id"] == 1 and dq["t"] <= second["t"]
    assert 0 in second["player_ids"] and 1 not in second["player_ids"]


# -- cancellation and progress -------------------------------------------------------------------


def test_r_fault_2_a_failure_that_cancels_in_the_money_cancels_once() -> None:
    """R-FAULT-2's in-the-money case (cancelled the moment three are left for three places)
    with a server failure, certain to cancel, the moment hand 1 ends, the hand that reaches
    the money: the tournament is cancelled once, with the case's in-the-money shares (Ann
    1,518, Bob 1,242, Cid 1,240 cents)."""
    data = _case("R-FAULT-2-in-the-money-next-payout-first-pko-heads-returned")
    data["faults"].update({"server_failure_at_hands": [1], "cancel_probability": 1.0})
    data.pop("expect")
    data["expect"] = {}
    out = _run(data)
    (cancelled,) = _events(out, "TournamentCancelled")
    assert cancelled["stage"] == "in-money"
    assert tuple(cancelled["shares_cents"]) == (1518, 1242, 1240)
    assert len(_events(out, "TournamentEnded")) == 1


def test_progress_hears_every_player_out_including_several_in_one_hand() -> None:
    """``run_tournament``'s ``progress`` is told the number out at each elimination: over a
    whole run its counts add up to every player but the winner, and a hand that knocks out
    several players reports them in one count."""
    sc = _scenario(players={"count": 9, "mix": [{"model": "random", "percent": 100}]})
    counts: list[int] = []
    run_tournament(sc, 1, progress=counts.append)
    assert sum(counts) == 8
    assert max(counts) >= 2


def test_r_brk_1_a_late_player_arriving_during_a_break_starts_no_hand() -> None:
    """R-BRK-1: no hand starts during a break, and a late player seated then (R-REG-1) does
    not wake the tables. Twelve players at 6-max tables, half of them arriving over thirty
    minutes of late registration, a nine-minute break every ten minutes (blinds ten times
    higher each level): some late player registers during a break, and no hand starts between
    a break's start and its end."""
    sc = _scenario(
        players={"count": 12, "mix": [{"model": "calling-station", "percent": 100}]},
        seats_per_table=6,
        breaks={"kind": "interval", "every_minutes": 10, "length_minutes": 9},
        entries={
            "prize_cents": 1000,
            "fee_cents": 0,
            "late_registration_minutes": 30,
            "late_arrivals_percent": 50,
        },
        levels=[
            {"small_blind": 5 * 10**i, "big_blind": 10 ** (i + 1), "minutes": 10} for i in range(4)
        ],
    )
    log = _log(sc, 1)
    breaks: list[tuple[int, int]] = []
    start = 0
    for e in log:
        if isinstance(e, BreakStarted):
            start = e.t
        elif isinstance(e, BreakEnded):
            breaks.append((start, e.t))
    started = [e.t for e in log if isinstance(e, TableHandStarted)]
    entered = [e.t for e in log if isinstance(e, PlayerRegistered) and e.t > 0]
    assert breaks and any(a < t < b for t in entered for a, b in breaks)
    assert not any(a < t < b for t in started for a, b in breaks)


def _penalty_at_another_table(ann_loses: bool) -> dict[str, Any]:
    """Two heads-up tables (Ann and Bob at table 1, Cid and Dee at table 2), no hand-for-hand,
    a ladder of one step that removes 10 % of the stack. Ann's infraction comes when the first
    hand of the tournament ends: table 2's quick hand, while Ann's hand 1 at table 1 is still
    played (100 seconds of thought). In that hand Ann either goes all in and loses to Bob's
    aces, or folds her small blind (995 chips left)."""
    data = _case("R-DIS-4-everyone-away-ends-the-match")
    data.pop("shootout")
    data.pop("connection")
    data["players"] = {
        "count": 4,
        "named": [{"name": n, "model": "calling-station"} for n in ("Ann", "Bob", "Cid", "Dee")],
    }
    data["hand_for_hand"] = {"stages": []}
    data["timing"] = {"action_clock_seconds": 120}
    data["conduct"] = {"ladder": ["chips_removed"], "chips_removed_percent": 10}
    data["levels"] = [
        {"small_blind": 5, "big_blind": 10, "minutes": 30},
        {"small_blind": 200, "big_blind": 400, "minutes": 30},
    ]
    ann = ["allin @100"] if ann_loses else ["fold @100"]
    data["script"] = {
        "tables": [
            {
                "button": 1,
                "seats": [
                    {"seat": 1, "player": "Ann", "stack": 1000},
                    {"seat": 2, "player": "Bob", "stack": 1000},
                ],
            },
            {
                "button": 1,
                "seats": [
                    {"seat": 1, "player": "Cid", "stack": 1000},
                    {"seat": 2, "player": "Dee", "stack": 1000},
                ],
            },
        ],
        "decks": [
            {"table": 1, "hand": 1, "hole": {"1": "7c 2d", "2": "AsAh"}, "board": "Kc 9d 5h 4s Jc"}
        ],
        "actions": [{"player": "Ann", "table": 1, "hand": 1, "do": ann}]
        + ([{"player": "Bob", "table": 1, "hand": 1, "do": ["call"]}] if ann_loses else []),
        "infractions": [{"player": "Ann", "at_hand": 1}],
    }
    data["expect"] = {}
    return data


def test_r_cond_3_chips_are_removed_when_the_players_own_hand_ends() -> None:
    """R-COND-3: chips removed leave play once the player is between hands. Ann's penalty,
    earned while her hand is under way, is applied when that hand ends: 10 % of the 995 chips
    she has left, 99 chips (rounded down), at that second."""
    out = _run(_penalty_at_another_table(ann_loses=False))
    (inf,) = _events(out, "InfractionCommitted")
    ends = _events(out, "TableHandEnded")
    (ann_end,) = [e for e in ends if (e["table_id"], e["hand_no"]) == (1, 1)]
    (sanction,) = _events(out, "SanctionImposed")
    assert inf["t"] < ann_end["t"]
    assert sanction["player_id"] == 0 and sanction["chips_removed"] == 99
    assert sanction["t"] == ann_end["t"]


def test_r_cond_3_a_player_out_before_the_penalty_applies_loses_no_chips() -> None:
    """A chip penalty waits for the player's hand to end; if they are out in it there is
    nothing to take: Ann, all in and beaten by Bob's aces in the hand under way when her
    infraction comes, is out and no sanction is imposed."""
    out = _run(_penalty_at_another_table(ann_loses=True))
    assert len(_events(out, "InfractionCommitted")) == 1
    assert _events(out, "SanctionImposed") == []
    assert [e["player_id"] for e in _events(out, "PlayerEliminated")][0] == 0


# -- the decision context ------------------------------------------------------------------------


def _contexts(sc: Scenario, seed: int) -> Recorder:
    log: list[Any] = []
    rec = Recorder(log)
    run_tournament(sc, seed, emit=log.append, hand_player=rec)
    return rec


def test_the_average_stack_follows_chips_taken_out_of_play() -> None:
    """At one table every chip in play is in front of a player, so each hand's context has
    the players dealt in as ``players_left`` and their chips shared among them as
    ``average_stack``, also after a chip penalty (R-COND-3) takes chips out of play between
    two hands of the same level with the same players left."""
    sc = _scenario(
        players={"count": 6, "mix": [{"model": "calling-station", "percent": 100}]},
        conduct={
            "ladder": ["chips_removed"],
            "chips_removed_percent": 50,
            "infractions_per_hour": 60,
        },
        levels=[
            {"small_blind": 5 * 10**i, "big_blind": 10 ** (i + 1), "minutes": 10} for i in range(4)
        ],
    )
    rec = _contexts(sc, 1)
    removed = sum(1 for setup, _c, _u in rec.hands if sum(s.stack for s in setup.seats) < 6000)
    assert removed  # chips left play during the run
    for setup, context, _upto in rec.hands:
        chips = sum(s.stack for s in setup.seats)
        assert context.players_left == len(setup.seats)
        assert context.average_stack == chips / len(setup.seats)

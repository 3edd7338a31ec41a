"""Edges of the dealer (``pokersim.engine.dealer``) and of a run's set-up (``engine.setup``).

The dealer deals each hand and asks each player for a decision. R-COND-3: missed hands are
dealt and folded unasked, as many as the sanctions imposed add up to, and no more. R-DIS-1 and
R-DIS-2: a decision starts once the cards are dealt; a player away then is waited for only if
back within the clock and bank, and a sitting-out player who is not back folds unasked. The
set-up checks the seed, the models and day 2's bags (one per player), shares an instance only
between built-in models of equal specs, and takes given registration times (0 or less: seated
at the start, R-SAT-1). Each test plays a small run (a rule case of ``scenarios/rules`` with one
term changed, or a field of twelve) and checks its log against what the rules say.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from test_cashier_edges import _case, _run
from test_engine_helpers import make_scenario
from test_lobby import _data as _lobby_data
from test_lobby import _run as _lobby_run

from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView
from pokersim.engine import run_tournament
from pokersim.engine.setup import build_models
from pokersim.events import (
    EntriesClosed,
    FieldListed,
    HandForHandEnded,
    HandForHandStarted,
    TournamentStarted,
)
from pokersim.flights import Carried
from pokersim.scenario import PlayerSpec, Scenario, load_scenario

P4 = 3  # the rule case's fourth player, P4
DEFAULT = Path(__file__).resolve().parents[1] / "scenarios" / "default.toml"


def _missed_case(missed_hands: int, infraction_hands: list[int]) -> dict[str, Any]:
    """R-COND-3's ladder case (four calling stations, blinds 5/10, stacks of 1,000) with a
    ladder of missed hands only, every decision left to the models, and P4 committing an
    infraction after each hand of ``infraction_hands``."""
    data = _case("R-COND-3-ladder-steps-in-order")
    data["conduct"] = {"ladder": ["missed_hands"], "missed_hands": missed_hands}
    del data["script"]["actions"]
    data["script"]["infractions"] = [{"player": "P4", "at_hand": h} for h in infraction_hands]
    data["expect"] = {}
    return data


def _p4_actions(data: dict[str, Any]) -> dict[int, list[str]]:
    """P4's actions in each hand of the run (a calling station: it never folds unless made to)."""
    out = _run(data)
    hand = 0
    acts: dict[int, list[str]] = {}
    for e in out.events:
        if e["type"] == "HandStarted":
            hand = e["hand_no"]
        elif e["type"] == "ActionTaken" and e["player_id"] == P4:
            acts.setdefault(hand, []).append(str(e["kind"].value))
    return acts


def test_r_cond_3_a_missed_hand_is_folded_and_the_next_hand_is_played() -> None:
    """One missed hand imposed after hand 1: P4 is folded unasked in hand 2 (a calling station
    would call or check), then plays hand 3 and every hand after as a calling station again:
    a penalty of one hand does not go on."""
    acts = _p4_actions(_missed_case(1, [1]))
    assert acts[2] == ["fold"]
    assert len(acts) > 5
    assert [h for h, kinds in acts.items() if "fold" in kinds] == [2]
    assert set(acts[3]) <= {"call", "check"}


def test_r_cond_3_missed_hands_of_two_sanctions_add_up() -> None:
    """Two missed hands imposed after hand 1 (hands 2 and 3), then two more after hand 2,
    while one of the first is still owed: 1 + 2 = 3 hands still to miss, hands 3, 4 and 5.
    P4 is folded in hands 2 to 5 and plays from hand 6."""
    acts = _p4_actions(_missed_case(2, [1, 2]))
    assert [h for h, kinds in acts.items() if "fold" in kinds] == [2, 3, 4, 5]
    assert all(acts[h] == ["fold"] for h in (2, 3, 4, 5))
    assert set(acts[6]) <= {"call", "check"}


@pytest.mark.parametrize(("gone_at", "gone_for"), [(3, 100), (6, 100), (3, 48)])
def test_r_dis_1_a_player_gone_by_the_first_decision_times_out(gone_at: int, gone_for: int) -> None:
    """R-DIS-2's case (three calling stations, clock 15 s, bank 30 s, no protection, dealing
    6 s) with Ann disconnected from second 3 (while the cards are dealt) or second 6 (the very
    second of her first decision) of hand 1, which starts at 0. Her first decision comes once
    the cards are dealt, at second 6, while she is away. Back in 97 or 100 s, more than clock
    and bank (45 s), she times out at once; back in exactly 45 s (at second 51), her answer
    still takes some thinking past the 45 s, so she times out too. Either way she folds, timed
    out, instead of calling."""
    data = _case("R-DIS-2-disconnected-player-times-out")
    data["script"]["disconnects"] = [
        {"player": "Ann", "at_seconds": gone_at, "for_seconds": gone_for}
    ]
    data["expect"] = {}
    out = _run(data)
    first = next(e for e in out.events if e["type"] == "ActionTaken")
    assert (first["player_id"], first["street"], first["kind"].value) == (0, 0, "fold")
    assert first["timed_out"] is True
    timed_out = next(e for e in out.events if e["type"] == "PlayerTimedOut")
    assert (timed_out["player_id"], timed_out["hand_no"], timed_out["connected"]) == (0, 1, False)


def test_r_dis_1_a_player_back_within_clock_and_bank_answers_on_the_bank() -> None:
    """The same case with Ann disconnected from second 3 to 36: at her first decision (second
    6) she is back in 30 s, past the 15 s clock but within clock and bank (45 s). She is waited
    for and answers as her model does (a calling station calls), drawing on her bank; she does
    not time out."""
    data = _case("R-DIS-2-disconnected-player-times-out")
    data["script"]["disconnects"] = [{"player": "Ann", "at_seconds": 3, "for_seconds": 33}]
    data["expect"] = {}
    out = _run(data)
    first = next(e for e in out.events if e["type"] == "ActionTaken")
    assert (first["player_id"], first["street"], first["kind"].value) == (0, 0, "call")
    assert first["timed_out"] is False
    assert not [e for e in out.events if e["type"] == "PlayerTimedOut" and e["hand_no"] == 1]


def test_r_dis_2_a_sitting_out_player_who_disconnects_folds_until_reconnected() -> None:
    """R-DIS-1's case: Ann times out in hand 2 (connected) and sits out, then disconnects at
    second 150 until 450, before acting again. A sitting-out player who is not back is folded
    unasked (no time-out), even once her time away after the time-out is over: she is still
    disconnected. So every hand dealt between 150 and 444 (its first decision, 6 s later,
    before 450) sees her fold, and the first hand dealt after 450 sees her play again."""
    data = _case("R-DIS-1-time-bank-then-timeout")
    data["script"]["disconnects"] = [{"player": "Ann", "at_seconds": 150, "for_seconds": 300}]
    data["expect"] = {}
    out = _run(data)
    starts: dict[int, int] = {}
    hand = 0
    acts: dict[int, list[tuple[str, bool]]] = {}
    for e in out.events:
        if e["type"] == "TableHandStarted":
            hand = e["hand_no"]
            starts[hand] = e["t"]
        elif e["type"] == "ActionTaken" and e["player_id"] == 0:
            acts.setdefault(hand, []).append((e["kind"].value, e["timed_out"]))
    away = [h for h, t in starts.items() if 150 <= t and t + 6 < 450]
    assert len(away) >= 4
    assert all(acts[h] == [("fold", False)] for h in away)
    back = min(h for h, t in starts.items() if t > 450)
    assert {kind for kind, _ in acts[back]} <= {"call", "check"}


class Patient:
    """A plug-in model (checks when free, else folds) that could keep state of its own."""

    name = "patient"

    def __init__(self, *, patience: float = 1.0) -> None:
        self.patience = patience

    def decide(self, view: DecisionView, rng: Any) -> Action:
        return CHECK_CALL if view.legal.to_call == 0 else FOLD

    def think_seconds(self, view: DecisionView, rng: Any) -> float:
        return self.patience


def test_only_built_in_models_of_equal_specs_share_one_instance() -> None:
    """Built-in models are stateless: players of the same model, skill and parameters share
    one instance; another skill is another instance. A plug-in may keep state, so each of its
    players gets an instance of their own even with equal specs."""
    plugin = f"{__name__}:Patient"
    given = [
        ("calling-station", 1.0),
        ("calling-station", 1.0),
        ("calling-station", 0.5),
        (plugin, 1.0),
        (plugin, 1.0),
    ]
    specs = [
        PlayerSpec(player_id=i, name=f"P{i}", model=m, skill=k, params={}, source="named")
        for i, (m, k) in enumerate(given)
    ]
    models = build_models(specs, make_scenario(5))
    assert models[0] is models[1]
    assert models[2] is not models[0]
    assert models[3] is not models[4]


def _twelve(late_percent: float = 0) -> Scenario:
    """Twelve players at tables of nine; with ``late_percent``, that share of the field drawn
    to arrive over ten minutes of late registration (R-REG-1)."""
    sc = make_scenario(12)
    entries = dataclasses.replace(
        sc.entries, late_arrivals_percent=late_percent, late_registration_seconds=600
    )
    return dataclasses.replace(sc, entries=entries)


def _start(sc: Scenario, arrivals: Mapping[int, int] | None = None) -> tuple[set[int], int]:
    """Who the log lists as coming late, and the entries seated at the start (seed 3)."""
    log: list[Any] = []
    run_tournament(sc, 3, emit=log.append, arrivals=arrivals)
    (listed,) = [e for e in log if isinstance(e, FieldListed)]
    (started,) = [e for e in log if isinstance(e, TournamentStarted)]
    return set(listed.late_ids), started.entries


def test_a_seed_outside_0_to_2_63_minus_1_is_refused() -> None:
    """Seeds are 0 .. 2**63 - 1: -1 and 2**63 are refused before anything is played; the
    largest seed plays a whole run."""
    sc = _twelve()
    for seed in (-1, 2**63):
        with pytest.raises(ValueError, match="seed must be in"):
            run_tournament(sc, seed)
    assert run_tournament(sc, 2**63 - 1).winner_id in range(12)


def test_r_sat_1_a_registration_given_at_second_0_is_a_seat_at_the_start() -> None:
    """A registration time of 0 (or less) means seated at the start: with nobody drawn to come
    late, player 4 given 0 and player 7 given -30 are both seated at once, all twelve."""
    assert _start(_twelve(), {4: 0, 7: -30}) == (set(), 12)


def test_r_sat_1_given_registrations_replace_the_drawn_arrivals() -> None:
    """Half the field drawn to come late: a player drawn late but given second 0 is seated at
    the start instead; a player drawn on time but given second 200 comes late instead."""
    sc = _twelve(50)
    drawn, entries = _start(sc)
    assert len(drawn) == 6 and entries == 6
    late, on_time = min(drawn), min(set(range(12)) - drawn)
    got_late, got_entries = _start(sc, {late: 0, on_time: 200})
    assert got_late == (drawn - {late}) | {on_time}
    assert got_entries == 6


def test_a_run_needs_exactly_one_model_per_player() -> None:
    """Twelve players: eleven models or thirteen are refused, naming the count expected."""
    sc = _twelve()
    models = build_models(sc.players.expand(), sc)
    for given in (models[:11], [*models, models[0]]):
        with pytest.raises(ValueError, match="expected 12 player models"):
            run_tournament(sc, 3, models=given)


def test_f_flight_3_day_two_needs_exactly_one_bag_per_player() -> None:
    """Day 2 of twelve players starts from twelve bags: eleven or thirteen are refused."""
    sc = _twelve()
    for count in (11, 13):
        day = Carried(stacks=(100,) * count, entries=12, prize_cents=12000)
        with pytest.raises(ValueError, match=f"expected 12 carried stacks, got {count}"):
            run_tournament(sc, 3, day=day)


def test_r_reg_4_the_field_is_listed_at_the_first_event_before_the_start() -> None:
    """R-REG-4: a start delayed by 10 minutes and an unregistration 25 minutes before the
    scheduled start. Play starts at second 0, the scheduled start was 600 s earlier, the
    unregistration 1,500 s before that: at -2,100 s, the first event of the log after the
    field's list, which carries the same second. Without anything before the start, the list
    is at second 0."""
    delayed = {"delay_start_minutes": 10, "unregister": [{"player": "P03", "at_minutes": -25}]}
    _result, events = _lobby_run(_lobby_data(delayed))
    assert [(e["type"], e["t"]) for e in events[:3]] == [
        ("FieldListed", -2100),
        ("PlayerUnregistered", -2100),
        ("StartDelayed", -600),
    ]
    _result, events = _lobby_run(_lobby_data({}))
    assert (events[0]["type"], events[0]["t"]) == ("FieldListed", 0)


def test_r_sync_1_the_bubble_moves_with_the_places_paid_once_entries_close() -> None:
    """The default field (180 players, hand-for-hand on the money bubble with margin 1) with
    30 % arriving over 30 minutes of late registration. The places paid at the start count
    only the 126 seated; when entries close at 180, more places are paid. Hand-for-hand then
    starts one above the places paid at the close, not at the start, and ends as the bubble
    bursts with exactly the places paid left."""
    sc = load_scenario(DEFAULT)
    entries = dataclasses.replace(
        sc.entries, late_arrivals_percent=30, late_registration_seconds=1800
    )
    log: list[Any] = []
    run_tournament(dataclasses.replace(sc, entries=entries), 1, emit=log.append)
    (started,) = [e for e in log if isinstance(e, TournamentStarted)]
    (closed,) = [e for e in log if isinstance(e, EntriesClosed)]
    assert (started.entries, closed.entries) == (126, 180)
    assert closed.places_paid > started.places_paid
    sync_on = [e.players_left for e in log if isinstance(e, HandForHandStarted)]
    sync_off = [e.players_left for e in log if isinstance(e, HandForHandEnded)]
    assert sync_on == [closed.places_paid + 1]
    assert sync_off == [closed.places_paid]

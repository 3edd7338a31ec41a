"""Edges of regression cases: the ``[script]`` table (``pokersim.script``) and the comparison of a
run with its ``[expect]`` table (``pokersim.verify``).

Script side: clock times stop at 23:59:59 and print without seconds when there are none, a card
string holds nothing but cards, seat keys stop at the table's size, a scripted answer may carry
its own think time, ``allin`` is a call when no raise is left, a card is scripted once per hand,
disconnections of one player may touch but not overlap, scheduled disqualifications are taken
in time order, scripted infractions, hand-count disqualifications and a Spin & Go multiplier are
checked against the scenario, a table's first button defaults to its lowest occupied seat.

Expect side: a street's actions must match in full (an action left out is a difference), the
chips of a call are those put in, ``count`` is exact, ``hand`` and ``at`` narrow the events
compared, a stack expected of a player who was not dealt in is a failure, pot shares are
compared, an expected error must be the error that happened, and directories are read in sorted
order. Every expected value is worked out by hand from the R-KO-2 case: Daniel (100, seat 1),
Barry (200, seat 2), Vicky (400, seat 3) and Julian (1000, seat 4, the button) at blinds 5/10;
Vicky moves all in, everyone calls, Barry wins the main pot and side pot 1, Julian side pot 2.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokersim.actions import CHECK_CALL, Action, LegalActions, RaiseTo
from pokersim.errors import ConfigError
from pokersim.scenario import Section
from pokersim.script import (
    Script,
    ScriptedActions,
    ScriptedConnections,
    ScriptedDeck,
    ScriptedDisconnect,
    ScriptedModel,
    clock_text,
    parse_clock,
)
from pokersim.verify import case_files, check_case, parse_case, run_case

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "scenarios" / "rules"
KO2 = RULES / "R-KO-2-seed-example.toml"
SPIN = RULES / "F-SPIN-1-pool-is-buy-in-times-multiplier.toml"
COND3 = RULES / "R-COND-3-chips-removed-from-play.toml"


def case_data(path: Path = KO2) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def failures(data: dict[str, Any]) -> list[str]:
    return [str(f) for f in check_case(parse_case(data, source="case.toml")).failures]


def only(data: dict[str, Any], **expect: Any) -> dict[str, Any]:
    """The case with its ``[expect]`` table replaced."""
    data["expect"] = expect
    return data


# -- clock times ---------------------------------------------------------------------------------


def test_clock_time_24_00_is_rejected() -> None:
    """Hours run 00..23: "24:00" is not a clock time of the day."""
    with pytest.raises(ConfigError, match=r"script\.clock: expected a clock time"):
        parse_clock(Section("case.toml", "script", {"clock": "24:00"}), "clock")
    sec = Section("case.toml", "script", {"clock": "23:59:59"})
    assert parse_clock(sec, "clock") == 23 * 3600 + 59 * 60 + 59


def test_clock_text_omits_zero_seconds_and_wraps_at_midnight() -> None:
    """21:30 prints as "21:30"; one minute past the next midnight prints as "00:01"."""
    assert clock_text(21 * 3600 + 30 * 60) == "21:30"
    assert clock_text(21 * 3600 + 30 * 60 + 5) == "21:30:05"
    assert clock_text(86400 + 60) == "00:01"


# -- script tables -------------------------------------------------------------------------------


def test_card_string_with_trailing_junk_is_an_error() -> None:
    """Two good cards followed by a stray letter are not "up to 2 cards"."""
    data = case_data()
    data["script"]["decks"][0]["hole"]["2"] = "AsAhZ"
    with pytest.raises(ConfigError, match=r"script\.decks\[0\]\.hole\.2: expected up to 2 cards"):
        parse_case(data, source="case.toml")


def test_seat_key_past_the_tables_size_is_an_error() -> None:
    """The tables have four seats: cards scripted for seat 5 name no seat."""
    data = case_data()
    data["script"]["decks"][0]["hole"] = {"5": "2s2h"}
    with pytest.raises(ConfigError, match=r"expected a seat number 1\.\.4"):
        parse_case(data, source="case.toml")


def test_the_same_card_twice_in_one_hand_is_an_error() -> None:
    """The ace of spades cannot be both a hole card and a board card of one hand."""
    data = case_data()
    data["script"]["decks"][0]["board"] = "As 7d 9c 3h 4d"  # Barry holds As
    with pytest.raises(ConfigError, match=r"the same card is scripted twice in one hand"):
        parse_case(data, source="case.toml")


def test_scripted_deck_positions_follow_the_deal_layout() -> None:
    """Seat n's cards sit at deck positions 2(n-1) and 2(n-1)+1; the board follows every seat's
    two cards, flop first: with four seats the turn is position 8 + 3 = 11."""
    deck = ScriptedDeck(table=1, hand=1, hole={3: (12, None)}, board=(None, None, None, 40))
    assert deck.positions(4) == [(4, 12), (11, 40)]


def test_think_time_must_be_a_number_of_seconds() -> None:
    """' @S' takes a number of seconds: 'call @soon' is not a scripted answer."""
    data = case_data()
    data["script"]["actions"][1]["do"] = ["call @soon"]
    with pytest.raises(ConfigError, match=r"script\.actions\[1\]\.do\[0\]"):
        parse_case(data, source="case.toml")


def test_scripted_words_are_read_with_their_spacing_normalized() -> None:
    """Runs of spaces are read as one: "raise   300" is "raise 300"."""
    data = case_data()
    data["script"]["actions"][0]["do"] = ["raise   300", "call  @2.5"]
    case = parse_case(data, source="case.toml")
    assert case.script.actions[0].actions == ("raise 300", "call @2.5")


def test_tables_must_be_numbered_from_one() -> None:
    """The first scripted table is table 1: calling it table 2 is an error."""
    data = case_data()
    data["script"]["tables"][0]["table"] = 2
    with pytest.raises(ConfigError, match=r"tables are numbered 1, 2, \.\.\. in order"):
        parse_case(data, source="case.toml")


def test_first_button_defaults_to_the_lowest_occupied_seat() -> None:
    """Five-seat table, players in seats 2..5, no ``button``: the first button is seat 2."""
    data = only(case_data())
    data["seats_per_table"] = 5
    table = data["script"]["tables"][0]
    del table["button"]
    table["seats"] = [{**s, "seat": s["seat"] + 1} for s in table["seats"]]
    data["script"]["actions"] = []
    data["script"]["decks"] = []
    case = parse_case(data, source="case.toml")
    assert case.script.start is not None
    assert case.script.start.buttons == (2,)


def test_disconnections_of_one_player_may_touch_end_to_start() -> None:
    """[60, 120), then [0, 60), then [120, 180): each starts or ends where another one does,
    so none overlaps and the case loads."""
    data = case_data()
    data["script"]["disconnects"] = [
        {"player": "Vicky", "at_seconds": 60, "for_seconds": 60},
        {"player": "Vicky", "at_seconds": 0, "for_seconds": 60},
        {"player": "Vicky", "at_seconds": 120, "for_seconds": 60},
    ]
    case = parse_case(data, source="case.toml")
    assert len(case.script.disconnects) == 3


def test_a_disconnection_at_second_zero_counts_from_the_start() -> None:
    """Away from 0 for 30 seconds: at 0 the player is back in 30 seconds, at 10 in 20."""
    conn = ScriptedConnections(2, [ScriptedDisconnect(player_id=0, at=0, seconds=30)])
    assert conn.back_in(0, 0) == 30.0
    assert conn.back_in(0, 10) == 20.0
    assert conn.back_in(0, 30) == 0.0


def test_scheduled_disqualifications_are_taken_in_time_order() -> None:
    """The one due at 60 s is taken first even when written after the one due at 120 s."""
    script = Script(disqualify=((120, 2), (60, 1)))
    assert script.disqualified() == [1, 2]
    assert Script().disqualified() is None


def test_hand_count_disqualification_cannot_mix_with_drawn_ones() -> None:
    """A disqualification scripted at a hand count replaces the scenario's drawn ones too, so
    a scenario that also draws them is an error."""
    data = case_data()
    data["faults"] = {"disqualify_at_minutes": [5]}
    data["script"]["disqualify"] = [{"player": "Vicky", "at_hand": 2}]
    with pytest.raises(ConfigError, match=r"script\.disqualify: scripted disqualifications"):
        parse_case(data, source="case.toml")


def test_scripted_infractions_cannot_mix_with_drawn_ones() -> None:
    """R-COND-3: scripted infractions replace the scenario's rate, which must then be unset."""
    data = case_data(COND3)
    data["conduct"]["infractions_per_hour"] = 2.0
    with pytest.raises(ConfigError, match=r"script\.infractions: scripted infractions replace"):
        parse_case(data, source="case.toml")


def test_multiplier_outside_the_spin_table_is_an_error() -> None:
    """The $1 Spin & Go table has 2, 4, 6, 10, 25, 100, 200 and 1000: 7 is none of them."""
    data = case_data(SPIN)
    data["script"]["multiplier"] = 7
    with pytest.raises(ConfigError, match=r"script\.multiplier: expected a multiplier"):
        parse_case(data, source="case.toml")


# -- scripted answers ----------------------------------------------------------------------------


class _Base:
    """A player's own model: always calls, thinks three seconds."""

    name = "base"

    def decide(self, view: Any, rng: np.random.Generator) -> Action:
        return CHECK_CALL

    def think_seconds(self, view: Any, rng: np.random.Generator) -> float:
        return 3.0


@dataclass
class _View:
    table_id: int
    hand_no: int
    player_id: int
    legal: LegalActions


def _model(*actions: str, table: int = 0, hand: int = 1) -> ScriptedModel:
    script = ScriptedActions(player_id=0, table=table, hand=hand, actions=actions)
    return ScriptedModel(_Base(), [script], lambda p: f"P{p}")


def test_scripted_think_time_is_used_for_that_answer() -> None:
    """'call @7.5' answers call after 7.5 seconds; the next, unscripted, answer is the model's
    own with its own think time."""
    model = _model("call @7.5")
    rng = np.random.default_rng(0)
    view: Any = _View(1, 1, 0, LegalActions(to_call=10, min_raise_to=20, max_raise_to=100))
    assert model.decide(view, rng) is CHECK_CALL
    assert model.think_seconds(view, rng) == 7.5
    assert model.decide(view, rng) is CHECK_CALL
    assert model.think_seconds(view, rng) == 3.0
    assert model.unused() == []


def test_allin_without_a_raise_left_is_a_call() -> None:
    """'allin' facing a bet that covers the stack (no raise legal) calls for the rest."""
    rng = np.random.default_rng(0)
    no_raise: Any = _View(1, 1, 0, LegalActions(to_call=80, min_raise_to=0, max_raise_to=0))
    assert _model("allin").decide(no_raise, rng) is CHECK_CALL
    can: Any = _View(1, 1, 0, LegalActions(to_call=10, min_raise_to=20, max_raise_to=500))
    assert _model("allin").decide(can, rng) == RaiseTo(500)


def test_once_the_script_runs_out_the_players_own_model_answers_the_same_hand() -> None:
    """Vicky's only scripted answer is a raise to 30; when asked again in that hand her own
    (calling) model answers and the run completes with nothing left unused."""
    data = case_data()
    data["script"]["actions"] = [{"player": "Vicky", "hand": 1, "do": ["raise 30"]}]
    assert failures(only(data)) == []


# -- comparing with [expect] ---------------------------------------------------------------------

PREFLOP = ["Vicky raise 400", "Julian call 400", "Daniel call 95", "Barry call 190"]


def test_preflop_actions_name_the_chips_each_call_puts_in() -> None:
    """Vicky raises to 400; Julian (no blind) puts in 400; Daniel, with 5 of his 100 posted as
    the small blind, puts in 95; Barry, with 10 of his 200 posted as the big blind, 190."""
    data = case_data()
    data["expect"]["streets"] = [{"table": 1, "hand": 1, "street": "preflop", "actions": PREFLOP}]
    assert failures(data) == []


def test_an_action_left_out_of_a_street_is_a_difference() -> None:
    """Expecting only Vicky's raise on the pre-flop fails at the next action, Julian's call."""
    data = case_data()
    data["expect"]["streets"] = [
        {"table": 1, "hand": 1, "street": "preflop", "actions": PREFLOP[:1]}
    ]
    [line] = failures(data)
    assert "expect.streets[0].actions[1] (preflop)" in line
    assert "expected no more actions, got 'Julian call 400'" in line


def test_street_action_chips_must_match_the_verb() -> None:
    """A fold carries no chips, a call must say how many."""
    for bad in ("Vicky fold 10", "Julian call"):
        data = case_data()
        data["expect"]["streets"] = [{"table": 1, "hand": 1, "street": "preflop", "actions": [bad]}]
        with pytest.raises(ConfigError, match=r"expect\.streets\[0\]\.actions\[0\]"):
            parse_case(data, source="case.toml")


def test_event_count_is_exact() -> None:
    """Daniel is eliminated exactly once: expecting it 0 times fails, once passes."""
    where = {"player_id": "Daniel"}
    never = only(case_data(), events=[{"type": "PlayerEliminated", "where": where, "count": 0}])
    [line] = failures(never)
    assert "expect.events[0]: expected 0 PlayerEliminated (player_id=Daniel)" in line
    once = only(case_data(), events=[{"type": "PlayerEliminated", "where": where, "count": 1}])
    assert failures(once) == []


def test_event_hand_narrows_to_that_hand() -> None:
    """Vicky is out after hand 1, so she takes no action in hand 2 (but does in hand 1)."""
    acted = {"type": "ActionTaken", "where": {"player_id": "Vicky"}, "table": 1}
    assert failures(only(case_data(), events=[{**acted, "hand": 1}])) == []
    [line] = failures(only(case_data(), events=[{**acted, "hand": 2}]))
    assert "expected at least 1 ActionTaken (player_id=Vicky, table 1, hand 2)" in line


def test_event_clock_time_counts_from_the_scripted_start() -> None:
    """Started at 20:00 by the script, the tournament's first event is at 20:00, not 00:00."""
    data = only(case_data(), events=[{"type": "TournamentStarted", "at": "20:00"}])
    data["script"]["clock"] = "20:00"
    assert failures(data) == []
    data["expect"]["events"][0]["at"] = "00:00"
    assert len(failures(data)) == 1


def test_many_events_of_a_type_are_shown_four_then_counted() -> None:
    """A failed event expectation shows the first four events of that type, then '(+N more)':
    hand 1 alone has four actions, and the heads-up that follows has more."""
    data = only(case_data(), events=[{"type": "ActionTaken", "where": {"player_id": "Daniel"}}])
    data["expect"]["events"][0]["count"] = 5  # Daniel acts once, in hand 1
    [line] = failures(data)
    assert "1 matching" in line
    assert " more)" in line


def test_a_stack_expected_of_a_player_not_dealt_in_fails() -> None:
    """Daniel is out after hand 1: expecting 0 chips for him after hand 2 fails (not dealt)."""
    data = only(case_data(), stacks=[{"table": 1, "hand": 2, "stacks": {"Daniel": 0}}])
    [line] = failures(data)
    assert "expect.stacks[0].stacks.Daniel: expected 0, got not dealt in" in line


def test_pot_shares_are_compared() -> None:
    """Side pot 1 (3 x 100) goes whole to Barry: shares [300]; [299] is a difference."""
    pot = {"table": 1, "hand": 1, "pot": 1, "shares": [300]}
    assert failures(only(case_data(), pots=[pot])) == []
    [line] = failures(only(case_data(), pots=[{**pot, "shares": [299]}]))
    assert "expect.pots[0].shares: expected [299], got [300]" in line


def test_an_expected_error_must_be_the_error_raised() -> None:
    """A scripted free check facing the big blind stops the run with an error about checking;
    a case expecting some other error fails on the run."""
    data = only(case_data(), error="no such error")
    data["script"]["actions"][0]["do"] = ["check"]
    [line] = failures(data)
    assert "case.toml: run: expected an error containing 'no such error'" in line
    data["expect"]["error"] = "checking is not free"
    assert failures(data) == []


def test_a_run_that_ends_normally_fails_an_expected_error() -> None:
    """Expecting an error from a case that plays through is a failure of ``expect.error``."""
    [line] = failures(only(case_data(), error="anything"))
    assert "expect.error" in line


def test_case_files_of_a_directory_are_sorted(tmp_path: Path) -> None:
    """A directory's case files come in name order, whatever order they were written in."""
    names = ["m.toml", "c.toml", "z.toml", "a.toml", "q.toml", "b.toml"]
    for name in names:
        (tmp_path / name).write_text("", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    assert [p.name for p in case_files([tmp_path])] == sorted(names)


def test_run_case_reports_each_hand_by_table_and_number() -> None:
    """Hand 1 of table 1 is the four-way all-in: the four players dealt in on their scripted
    stacks (100, 200, 400 and 1,000 chips), kept under its table and hand number."""
    out = run_case(parse_case(only(case_data()), source="case.toml"))
    setup = out.hands[(1, 1)].setup
    assert (setup.table_id, setup.hand_no) == (1, 1)
    assert sorted(setup.stacks) == [100, 200, 400, 1000]


def test_split_pot_winners_are_listed_from_the_buttons_left() -> None:
    """Button on Barry's seat 2 and a royal flush on the board: all four tie for the main pot,
    listed from the button's left: Vicky (seat 3), Julian (4), Daniel (1), Barry (2)."""
    data = case_data()
    data["script"]["tables"][0]["button"] = 2
    data["script"]["decks"][0]["board"] = "Tc Jc Qc Kc Ac"
    pot = {"table": 1, "hand": 1, "pot": 0, "winners": ["Vicky", "Julian", "Daniel", "Barry"]}
    assert failures(only(data, pots=[pot])) == []


def test_scripted_stacks_above_the_chips_that_can_be_in_play_are_an_error() -> None:
    """Each stack may be up to 10^12 chips, but 1,001 such stacks add up to more than the
    10^15 chips that can be in play in one tournament."""
    data = case_data(COND3)
    n = 1001
    data["players"]["count"] = n
    data["seats_per_table"] = 10
    data["script"] = {
        "tables": [
            {
                "seats": [
                    {"seat": s + 1, "player": f"P{k + s + 1:04d}", "stack": 10**12}
                    for s in range(min(10, n - k))
                ]
            }
            for k in range(0, n, 10)
        ]
    }
    with pytest.raises(ConfigError, match=r"script\.tables: the scripted stacks add up to"):
        parse_case(only(data), source="case.toml")


def test_an_end_clock_before_the_start_fails() -> None:
    """Started at 20:00, a four-player tournament with rising blinds is over within hours, so
    it cannot end at 19:59 (almost a day later)."""
    data = only(case_data(), end_clock="19:59")
    data["script"]["clock"] = "20:00"
    [line] = failures(data)
    assert "expect.end_clock: expected 19:59, got 2" in line


def test_event_clock_time_of_a_cancelled_delayed_start() -> None:
    """R-REG-4: scheduled for 18:00 and delayed 15 minutes, the start is 18:15; cancelled at
    that start, the cancellation is at 18:15 (the delay itself announced at 18:00)."""
    data = case_data(RULES / "R-REG-4-cancelled-before-start.toml")
    data["registration"]["delay_start_minutes"] = 15
    only(
        data,
        events=[
            {"type": "StartDelayed", "at": "18:00", "count": 1},
            {"type": "StartCancelled", "at": "18:15", "count": 1},
        ],
    )
    assert failures(data) == []


def test_satellite_ending_before_its_target_seats_winners_at_the_targets_start() -> None:
    """R-SAT-1: the satellite ends seconds after 18:00 and its target starts at 18:10, so Ann
    and Bob are seated 0 s after the target's start (in its field from the seat draw), not a
    negative number of seconds."""
    data = case_data(RULES / "R-SAT-1-winners-registered-before-target-start.toml")
    data = only(data, series={"seated_at_end": ["Ann", "Bob"], "not_seated": ["Cid", "Dee"]})
    case = parse_case(data, source=str(RULES / "case.toml"))
    assert [str(f) for f in check_case(case).failures] == []

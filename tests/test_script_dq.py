"""Scripted disqualification at a hand number (R-COND-1): ``[[script.disqualify]]`` with
``at_hand = N`` removes the player when the tournament's N-th hand ends, the count the
server-failure trigger ``server_failure_at_hands`` uses."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pokersim.errors import ConfigError
from pokersim.faults import plan_faults
from pokersim.scenario import Faults
from pokersim.verify import check_case, parse_case, run_case

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "scenarios" / "rules"
AT_HAND = RULES / "R-COND-1-at-hand.toml"
CRASH = RULES / "R-FAULT-1-server-crash-rolls-back-every-table.toml"


def case_data(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def ended(events: Any) -> list[dict[str, Any]]:
    return [r for r in events if r["type"] == "TableHandEnded"]


def started(events: Any, table: int, hand: int) -> dict[str, Any]:
    return next(
        r
        for r in events
        if r["type"] == "TableHandStarted" and (r["table_id"], r["hand_no"]) == (table, hand)
    )


def stack_at_end(events: Any, table: int, hand: int, player: int) -> int:
    """A player's stack when the table's hand ended, read from the log."""
    seats = started(events, table, hand)["player_ids"]
    end = next(r for r in ended(events) if (r["table_id"], r["hand_no"]) == (table, hand))
    return int(end["stacks"][list(seats).index(player)])


def test_r_cond_1_at_hand_case_passes() -> None:
    """R-COND-1: the shipped case (P4 out when hand 2 ends, 1,005 chips removed) passes."""
    result = check_case(parse_case(case_data(AT_HAND), source="case.toml"))
    assert result.passed, [str(f) for f in result.failures]


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_r_cond_1_at_hand_n_removes_the_stack_held_when_the_nth_hand_ends(n: int) -> None:
    """R-COND-1: at hand N the player leaves with the chips they held after the N-th hand,
    at that hand's end, in the lowest open place, and those chips leave play."""
    data = case_data(AT_HAND)
    data["script"]["disqualify"] = [{"player": "P4", "at_hand": n}]
    data["expect"] = {}
    out = run_case(parse_case(data, source="case.toml"))
    dq = [r for r in out.events if r["type"] == "PlayerDisqualified"]
    assert len(dq) == 1
    nth = ended(out.events)[n - 1]  # one table: the N-th hand of the tournament
    assert dq[0]["player_id"] == 3
    assert dq[0]["t"] == nth["t"]
    assert dq[0]["chips_removed"] == stack_at_end(out.events, 1, nth["hand_no"], 3)
    assert dq[0]["place"] == 4
    # the next hand is dealt without them
    assert 3 not in started(out.events, 1, nth["hand_no"] + 1)["player_ids"]
    end = next(r for r in out.events if r["type"] == "TournamentEnded")
    assert end["chips_in_play"] == 4000 - dq[0]["chips_removed"]


def test_r_cond_1_at_hand_waits_for_the_players_own_hand_at_another_table() -> None:
    """R-COND-1: the 1st hand of the tournament ends at table 1 while P5 is still in a hand at
    table 2; P5 is disqualified when that hand ends, with the stack it left them."""
    data = case_data(CRASH)
    del data["faults"]["server_failure_at_hands"]
    data["expect"] = {}
    data["script"]["disqualify"] = [{"player": "P5", "at_hand": 1}]
    out = run_case(parse_case(data, source="case.toml"))
    hands = ended(out.events)
    assert hands[0]["table_id"] == 1  # table 1's fast hand is the tournament's first
    own = next(r for r in hands if (r["table_id"], r["hand_no"]) == (2, 1))
    assert own["t"] > hands[0]["t"]
    dq = [r for r in out.events if r["type"] == "PlayerDisqualified"]
    assert [r["player_id"] for r in dq] == [4]
    assert dq[0]["t"] == own["t"]
    assert dq[0]["chips_removed"] == stack_at_end(out.events, 2, 1, 4)
    assert dq[0]["place"] == 9


def test_r_cond_1_at_hand_of_a_player_already_out_does_nothing() -> None:
    """R-COND-1: a player who busted before hand N is not disqualified (they have a place)."""
    data = case_data(AT_HAND)
    data["expect"] = {}
    data["script"]["disqualify"] = [{"player": "P4", "at_hand": 1000}]
    out = run_case(parse_case(data, source="case.toml"))
    assert out.result.hands_played < 1000
    assert not [r for r in out.events if r["type"] == "PlayerDisqualified"]


def test_r_cond_1_at_hand_runs_are_byte_identical() -> None:
    """Same case and seed, same log."""
    data = case_data(AT_HAND)
    data["expect"] = {}
    runs = [run_case(parse_case(data, source="case.toml")).events for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    "entry",
    [
        {"player": "P4", "at_hand": 2, "at_minutes": 1},
        {"player": "P4"},
    ],
)
def test_r_cond_1_disqualify_needs_exactly_one_trigger(entry: dict[str, Any]) -> None:
    data = case_data(AT_HAND)
    data["script"]["disqualify"] = [entry]
    with pytest.raises(
        ConfigError, match=r"script\.disqualify\[0\]\.at_minutes: expected exactly one of"
    ):
        parse_case(data, source="case.toml")


def test_r_cond_1_at_hand_must_be_a_hand_count() -> None:
    data = case_data(AT_HAND)
    data["script"]["disqualify"] = [{"player": "P4", "at_hand": 0}]
    with pytest.raises(ConfigError, match=r"script\.disqualify\[0\]\.at_hand"):
        parse_case(data, source="case.toml")


def test_r_cond_1_at_hand_cannot_mix_with_the_scenarios_disqualifications() -> None:
    data = case_data(AT_HAND)
    data["faults"] = {"disqualifications_per_hour": 1.0}
    with pytest.raises(ConfigError, match=r"script\.disqualify: scripted disqualifications"):
        parse_case(data, source="case.toml")


def test_r_cond_1_plan_keeps_hand_triggers_sorted_and_draws_nothing_else() -> None:
    """Hand-count disqualifications change no drawn fault of the run."""
    faults = Faults(disqualifications_per_hour=2.0, server_failures_per_hour=1.0)
    plain = plan_faults(faults, 7)
    with_hands = plan_faults(faults, 7, disqualify_at_hands=(5, 2))
    assert with_hands.disqualification_hands == (2, 5)
    assert (with_hands.failures, with_hands.disqualifications) == (
        plain.failures,
        plain.disqualifications,
    )
    assert not plan_faults(Faults(), 0, disqualify_at_hands=(1,)).empty
    with pytest.raises(ValueError, match="disqualify_at_hands: expected hand counts >= 1"):
        plan_faults(Faults(), 0, disqualify_at_hands=(0,))

"""F-FLIGHT-1..4 edges: purchases counted once, event.json's numbers, day 2 sells nothing."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from pokersim.errors import ConfigError
from pokersim.multiday import (
    EventResult,
    _paid_in,
    day_two_scenario,
    event_summary,
    flight_scenario,
    run_event,
)
from pokersim.scenario import load_scenario

FLIGHTS = Path(__file__).resolve().parents[1] / "scenarios" / "flights.toml"


def _bought(kind: str, prize: int) -> dict[str, Any]:
    return {"type": "EntryBought", "kind": kind, "prize_cents": prize, "player_id": 0, "t": 1}


def test_f_flight_4_a_re_entry_is_counted_once_in_what_a_flight_took() -> None:
    """F-FLIGHT-4: 12 entries of which 2 are re-entries (bought at 500) and one rebuy at 500:
    10 first entries x 500 + 3 purchases x 500 = 6500. Catches re-entries, which the entry
    count already holds, being paid in twice."""
    log = [
        {"type": "TableOpened", "t": 0, "player_ids": list(range(10))},
        _bought("reentry", 500),
        _bought("rebuy", 500),
        _bought("reentry", 500),
        {"type": "DayEnded", "entries": 12, "t": 900},
    ]
    assert _paid_in(log, 500) == 10 * 500 + 3 * 500


def test_f_flight_4_no_purchases_is_first_entries_only() -> None:
    """F-FLIGHT-4 with no purchase: each entry pays its prize part once."""
    log = [{"type": "DayEnded", "entries": 7, "t": 900}]
    assert _paid_in(log, 4500) == 7 * 4500


@pytest.fixture(scope="module")
def event() -> EventResult:
    return run_event(load_scenario(FLIGHTS), 3)  # seed 3: two players bag twice


def test_f_flight_3_event_json_counts_levels_from_one(event: EventResult) -> None:
    """F-FLIGHT-1/3: every flight of the shipped event bags at the end of level 6 (index 5),
    so ``event.json`` says last level 6 and day 2 starting at level 7; catches a 0-based
    number leaking into the file."""
    summary = event_summary(event)
    assert [f["last_level"] for f in summary["flights"]] == [6] * len(event.flights)
    assert summary["day2"]["start_level"] == 7


def test_f_flight_2_each_players_forfeited_chips_are_the_bags_not_carried(
    event: EventResult,
) -> None:
    """F-FLIGHT-2: a player's forfeited chips are every bag but the one carried (worked from
    the bags), and the players' forfeits add up to day 2's."""
    summary = event_summary(event)
    total = 0
    for row in summary["players"]:
        bags = [b.stack for b in event.bags.get(row["player_id"], ())]
        want = sum(bags) - (max(bags) if bags else 0)  # carry = "best"
        assert row["forfeited_chips"] == want
        total += want
    assert summary["day2"]["forfeited_chips"] == total
    assert any(len(b) > 1 for b in event.bags.values())  # the case is exercised


def test_f_flight_3_day_two_sells_nothing_and_each_day_is_a_day_later() -> None:
    """Day 2 takes the carried players only: no late registration, no bounty; flight k and
    day 2 start k and len(flights) days after the event's ``starts_at``. A flight of one
    player is refused."""
    sc = load_scenario(FLIGHTS)
    start = datetime(2026, 3, 1, 12, 0)
    sc = dataclasses.replace(sc, starts_at=start)
    specs = sc.players.expand()[:4]
    day2 = day_two_scenario(sc, specs)
    assert day2.entries.late_registration_seconds == 0
    assert day2.entries.bounty_cents == 0
    assert day2.starts_at == start + timedelta(days=len(sc.flights.names))
    for k in range(len(sc.flights.names)):
        assert flight_scenario(sc, k, specs).starts_at == start + timedelta(days=k)
    with pytest.raises(ConfigError, match="has 1 player"):
        flight_scenario(sc, 0, specs[:1])

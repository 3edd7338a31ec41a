"""Late registration with a table cap (R-REG-1) and the add-on break's length (R-BRK-3)."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from typing import Any

import pytest
from test_engine_helpers import make_scenario, of_type, run_scripted
from test_faults import _slow_bust
from test_money_engine import _quiet_then_random

from pokersim.errors import ConfigError
from pokersim.scenario import Scenario, default_scenario_path, parse_scenario

_SLOW = {(t, h): 20.0 for t in range(1, 9) for h in range(1, 40)}


def _late(sc: Scenario, **entries: Any) -> Scenario:
    return replace(sc, entries=replace(sc.entries, **entries))


def _occupancy_at_close(events: list[dict[str, Any]]) -> tuple[dict[int, dict[int, int]], int]:
    """Replay seats up to the ``RegistrationClosed`` event; also the most tables open before."""
    seats: dict[int, dict[int, int]] = {}
    started: dict[int, dict[str, Any]] = {}
    most = 0
    for e in events:
        kind = e["type"]
        if kind == "RegistrationClosed":
            return seats, most
        if kind == "TableOpened":
            seats[e["table_id"]] = dict(zip(e["seat_nos"], e["player_ids"]))
        elif kind == "TableBroken":
            seats.pop(e["table_id"], None)
        elif kind == "PlayerMoved":
            seats[e["from_table"]].pop(e["from_seat"])
            seats[e["to_table"]][e["to_seat"]] = e["player_id"]
        elif kind == "TableHandStarted":
            started[e["table_id"]] = e
        elif kind == "TableHandEnded":
            st = started[e["table_id"]]
            for seat_no, left in zip(st["seat_nos"], e["stacks"]):
                if left == 0:
                    seats[e["table_id"]].pop(seat_no, None)
        elif kind == "PlayerRegistered" and e["registered"]:
            seats[e["table_id"]][e["seat_no"]] = e["player_id"]
        most = max(most, len(seats))
    raise AssertionError("registration never closed")


@pytest.mark.parametrize("cap", [1, 2])
def test_r_reg_1_registration_closes_when_every_seat_at_every_table_is_taken(cap: int) -> None:
    """R-REG-1: with ``max_tables`` no table opens beyond the cap; a late player who finds every
    seat of every table taken closes registration (logged once, with its reason) and nobody
    registers after that."""
    sc = _late(
        make_scenario(27), late_arrivals_percent=60, late_registration_seconds=600, max_tables=cap
    )
    result, events = run_scripted(sc, _slow_bust, seed=2, seconds=_SLOW)
    (closed,) = of_type(events, "RegistrationClosed")
    assert closed["reason"] == "every seat taken"
    at_start = len([e for e in of_type(events, "TableOpened") if e["t"] == 0])
    assert at_start == 2  # a cap below the start does not unseat anyone: no new table
    assert closed["tables"] == max(cap, at_start) and closed["seats"] == 9
    seats, most = _occupancy_at_close(events)
    assert most <= max(cap, at_start)
    assert len(seats) == closed["tables"] and all(len(table) == 9 for table in seats.values())
    regs = of_type(events, "PlayerRegistered")
    assert all(e["t"] < closed["t"] for e in regs if e["registered"])
    refused = [e for e in regs if not e["registered"]]
    assert refused and refused[0]["t"] == closed["t"]
    by_id = {f.player_id: f for f in result.finishes}
    assert all(by_id[e["player_id"]].entries == 0 for e in refused)
    assert result.entries == 27 - sum(1 for f in result.finishes if f.entries == 0)
    placed = sorted(f.place for f in result.finishes if f.entries)
    assert placed == list(range(1, result.entries + 1))


def test_r_reg_1_without_a_cap_a_new_table_opens_and_registration_stays_open() -> None:
    """R-REG-1: the default (no ``max_tables``) opens tables as needed: no early closing."""
    sc = _late(make_scenario(27), late_arrivals_percent=60, late_registration_seconds=600)
    result, events = run_scripted(sc, _slow_bust, seed=2, seconds=_SLOW)
    assert not of_type(events, "RegistrationClosed")
    assert all(e["registered"] for e in of_type(events, "PlayerRegistered"))
    assert result.entries == 27


def test_r_reg_1_max_tables_is_read_and_checked() -> None:
    """R-REG-1: ``[entries] max_tables`` is optional (no cap) and must be >= 1."""
    with default_scenario_path().open("rb") as f:
        base = tomllib.load(f)
    assert parse_scenario(base, source="<test>").entries.max_tables is None
    entries = base.get("entries", {})
    capped = parse_scenario({**base, "entries": {**entries, "max_tables": 3}}, source="<test>")
    assert capped.entries.max_tables == 3
    with pytest.raises(ConfigError, match="max_tables"):
        parse_scenario({**base, "entries": {**entries, "max_tables": 0}}, source="<test>")


@pytest.mark.parametrize("minutes", [0, 7.5])
def test_r_brk_3_addon_break_length_follows_the_scenario(minutes: float) -> None:
    """R-BRK-3: the add-on break lasts ``[breaks] addon_length_minutes`` (default 3), not a
    fixed 3 minutes: no hand starts before its end."""
    sc = make_scenario(6, stack=1000, breaks={"kind": "none", "addon_length_minutes": minutes})
    sc = _late(
        sc,
        rebuys_per_player=1,
        rebuy_price_cents=500,
        rebuy_chips=1000,
        rebuy_period_seconds=120,
        rebuy_max_stack=1000,
        addon_price_cents=700,
        addon_chips=2000,
    )
    assert sc.breaks.addon_length_seconds == int(minutes * 60)
    _result, events = run_scripted(sc, _quiet_then_random)
    (brk,) = of_type(events, "AddOnBreakStarted")
    assert brk["scheduled_end"] == brk["t"] + int(minutes * 60)
    later = [e["t"] for e in of_type(events, "TableHandStarted") if e["t"] >= brk["t"]]
    assert later and min(later) >= brk["scheduled_end"]
    if minutes:
        assert min(later) < brk["scheduled_end"] + 60  # play resumes when the break ends
    # the level clock stops during it, as for any break: the second level starts that much later
    short = replace(sc, levels=(replace(sc.levels[0], minutes=4), *sc.levels[1:]))
    _result, events = run_scripted(short, _quiet_then_random)
    (brk,) = of_type(events, "AddOnBreakStarted")
    starts = [e["t"] for e in of_type(events, "LevelStarted")]
    assert brk["t"] < 240 and starts[:2] == [0, 240 + int(minutes * 60)]

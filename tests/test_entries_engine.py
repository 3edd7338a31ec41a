"""Late registration through the engine (R-REG-1): arrivals, seating, closing, places."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from test_engine_helpers import make_scenario, of_type, run_scripted
from test_faults import _slow_bust

from pokersim.entries import late_arrivals
from pokersim.results import summary
from pokersim.scenario import Scenario

_SLOW = {(t, h): 20.0 for t in range(1, 9) for h in range(1, 40)}


def _late(sc: Scenario, **entries: Any) -> Scenario:
    return replace(sc, entries=replace(sc.entries, **entries))


def test_r_reg_1_late_players_arrive_over_the_period_into_free_seats() -> None:
    """R-REG-1: late players register during late registration and sit at random in free seats;
    with every seat taken a new table opens; the pool and the payout table follow the entries."""
    sc = _late(make_scenario(18), late_arrivals_percent=50, late_registration_seconds=600)
    result, events = run_scripted(sc, _slow_bust, seed=2, seconds=_SLOW)
    plan = late_arrivals(18, 50, 600, 2)
    regs = of_type(events, "PlayerRegistered")
    assert sorted((e["t"], e["player_id"]) for e in regs) == sorted((t, p) for p, t in plan.items())
    assert all(e["registered"] and e["t"] < 600 for e in regs)
    assert of_type(events, "TournamentStarted")[0]["entries"] == 9
    seats: dict[int, dict[int, int]] = {}
    started: dict[int, dict[str, Any]] = {}
    for e in events:
        kind = e["type"]
        if kind == "TableOpened":
            seats[e["table_id"]] = dict(zip(e["seat_nos"], e["player_ids"]))
        elif kind == "PlayerMoved":
            seats[e["from_table"]].pop(e["from_seat"])
            seats[e["to_table"]][e["to_seat"]] = e["player_id"]
        elif kind == "TableHandStarted":
            started[e["table_id"]] = e
        elif kind == "TableHandEnded":
            st = started[e["table_id"]]
            for seat_no, left in zip(st["seat_nos"], e["stacks"]):
                if left == 0:
                    del seats[e["table_id"]][seat_no]
        elif kind == "PlayerRegistered":
            table = seats.get(e["table_id"])
            if table is None:  # a new table was opened for them just before
                continue
            assert e["seat_no"] not in table or table[e["seat_no"]] == e["player_id"]
            table[e["seat_no"]] = e["player_id"]
    first = regs[0]
    opened = [e for e in of_type(events, "TableOpened") if e["t"] == first["t"]]
    assert opened and opened[0]["player_ids"] == (first["player_id"],)  # the 9-max table was full
    (closed,) = of_type(events, "EntriesClosed")
    assert closed["entries"] == 18 and closed["prize_pool_cents"] == 18 * 1000
    assert sorted(f.place for f in result.finishes) == list(range(1, 19))
    assert sum(f.prize_cents for f in result.finishes) == result.prize_pool_cents


def test_r_reg_1_players_out_during_late_registration_are_ranked_when_it_closes() -> None:
    """R-REG-1, R-ELIM-2: the places of players out during late registration are known only
    when it closes; the earliest out finishes lowest."""
    sc = _late(make_scenario(18), late_arrivals_percent=30, late_registration_seconds=600)
    result, events = run_scripted(sc, _slow_bust, seed=3, seconds=_SLOW)
    early = [f for f in result.finishes if f.eliminated_at < 600 and f.place > 1]
    assert len(early) >= 2
    for a in early:
        for b in early:
            if a.eliminated_at < b.eliminated_at:
                assert a.place > b.place
    later = [f.place for f in result.finishes if f.eliminated_at >= 600]
    assert min(f.place for f in early) > max(later)  # below everyone out after it closed


def test_r_reg_1_registration_closes_at_first_elimination() -> None:
    """R-REG-1 option: after the first elimination late players can no longer register; they
    never play (place 0, no entry)."""
    sc = _late(
        make_scenario(18),
        late_arrivals_percent=50,
        late_registration_seconds=3000,
        late_registration_closes_at_first_elimination=True,
    )
    result, events = run_scripted(sc, _slow_bust, seed=2, seconds=_SLOW)
    refused = [e for e in of_type(events, "PlayerRegistered") if not e["registered"]]
    assert refused
    first_out = min(f.eliminated_at for f in result.finishes if f.place > 1)
    assert all(e["t"] >= first_out for e in refused)
    by_id = {f.player_id: f for f in result.finishes}
    for e in refused:
        assert by_id[e["player_id"]].place == 0 and by_id[e["player_id"]].entries == 0
    never = [f for f in result.finishes if f.entries == 0]  # refused, or still to come
    assert all(f.place == 0 and f.prize_cents == 0 for f in never)
    s = summary(result)
    assert s["entries"] == 18 - len(never)
    placed = sorted(f.place for f in result.finishes if f.place)
    assert len(placed) == 18 - len(never) and placed[0] == 1

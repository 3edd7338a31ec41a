"""Regression cases of a multi-day event (F-FLIGHT-1..4): ``[expect.event]`` and its checks.

A case whose scenario has ``[flights]`` is played as the event (``pokersim.multiday``): its
``[script]`` takes only ``seed`` (the flights are whole tournaments of their own) and its
expectations are the event's, read from each day's log: per flight (in the order of
``flights.names``) the players, how and when it stopped, its bags; day 2's players, first
level and first table; what each player carried; the pool and the prizes. ``docs/verify.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.multiday import EventResult
from pokersim.scenario import PlayerSpec, Section
from pokersim.script import player_ref

__all__ = ["DayEventExpect", "check_script_keys", "compare_event", "read_event_expect"]

_PER_FLIGHT = ("flight_players", "flight_stopped", "flight_last_level", "flight_end_seconds")
_PER_FLIGHT_KEYS = (*_PER_FLIGHT, "bagged")
_NUMBERS = ("entries", "prize_pool_cents", "day2_players", "day2_start_level", "forfeited_chips")


@frozen(slots=True, kw_only=True)
class DayEventExpect:
    """``[expect.event]``: lists by flight, numbers of the event, maps by player name."""

    per_flight: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    numbers: Mapping[str, int] = field(default_factory=dict)
    carried: Mapping[int, str] = field(default_factory=dict)  # player -> flight carried from
    day2_stacks: Mapping[int, int] = field(default_factory=dict)
    prizes: Mapping[int, int] = field(default_factory=dict)
    day2_first_table: tuple[int, ...] | None = None  # table 1's players in seat order
    winner: int | None = None


def check_script_keys(source: str, script: Mapping[str, Any]) -> None:
    """A multi-day case scripts only its seed (one line naming the first other key)."""
    for key in script:
        if key != "seed":
            raise ConfigError(
                f"{source}: script.{key}: a multi-day case ([flights]) takes only script.seed"
            )


def read_event_expect(sec: Section, specs: Sequence[PlayerSpec], flights: int) -> DayEventExpect:
    """Read ``[expect.event]`` (``flights``: how many flights each list must hold)."""
    ids = {s.name: s.player_id for s in specs}
    per_flight: dict[str, tuple[Any, ...]] = {}
    for key in _PER_FLIGHT_KEYS:
        if sec.has(key):
            values = sec.array(key)
            if len(values) != flights:
                raise sec.error(key, f"expected {flights} values (one a flight), got {values!r}")
            per_flight[key] = tuple(values)
    numbers = {k: sec.integer(k, low=0) for k in _NUMBERS if sec.has(k)}

    def by_name(key: str, read: Any) -> dict[int, Any]:
        table = sec.table(key, {})
        out = {player_ref(table, k, ids, k): read(table, k) for k in list(table.data)}
        table.done()
        return out

    first = (
        tuple(player_ref(sec, "day2_first_table", ids, v) for v in sec.array("day2_first_table"))
        if sec.has("day2_first_table")
        else None
    )
    out = DayEventExpect(
        per_flight=per_flight,
        numbers=numbers,
        carried=by_name("carried", lambda t, k: t.text(k)),
        day2_stacks=by_name("day2_stacks", lambda t, k: t.integer(k, low=0)),
        prizes=by_name("prizes", lambda t, k: t.integer(k, low=0)),
        day2_first_table=first,
        winner=player_ref(sec, "winner", ids) if sec.has("winner") else None,
    )
    sec.done()
    return out


def _actual(ev: EventResult) -> dict[str, Any]:
    """The values the expectations name, read from the event's days."""
    ends = [f.day_end for f in ev.flights]
    d2 = ev.day_two
    opened = [r for r in d2.log if r["type"] == "TableOpened" and r["table_id"] == 1]
    first = opened[0] if opened else None
    return {
        "flight_players": tuple(len(f.players) for f in ev.flights),
        "flight_stopped": tuple(e["reason"] for e in ends),
        "flight_last_level": tuple(e["level_index"] + 1 for e in ends),
        "flight_end_seconds": tuple(e["t"] for e in ends),
        "bagged": tuple(len(e["player_ids"]) for e in ends),
        "entries": sum(e["entries"] for e in ends),
        "prize_pool_cents": ev.prize_pool_cents,
        "day2_players": len(d2.players),
        "day2_start_level": ev.start_level + 1,
        "forfeited_chips": sum(b.stack for bags in ev.bags.values() for b in bags)
        - sum(b.stack for b in ev.carried.values()),
        "day2_first_table": None
        if first is None
        else tuple(
            d2.players[p] for _seat, p in sorted(zip(first["seat_nos"], first["player_ids"]))
        ),
    }


def compare_event(ev: EventResult, ex: DayEventExpect, name: Any) -> list[tuple[str, str, str]]:
    """Every expectation not met, as (key, expected, actual)."""
    got = _actual(ev)
    fails: list[tuple[str, str, str]] = []
    for key, wanted in [*ex.per_flight.items(), *ex.numbers.items()]:
        actual = got[key]
        if (list(wanted) if isinstance(wanted, tuple) else wanted) != (
            list(actual) if isinstance(actual, tuple) else actual
        ):
            fails.append((f"expect.event.{key}", str(wanted), str(actual)))
    names = ev.scenario.flights.names
    for p, flight in ex.carried.items():
        kept = ev.carried.get(p)
        actual = names[kept.flight] if kept else "no bag"
        if actual != flight:
            fails.append((f"expect.event.carried.{name(p)}", flight, actual))
    for p, stack in ex.day2_stacks.items():
        kept = ev.carried.get(p)
        chips = kept.stack if kept else 0  # no bag: day 2 started without them, as prizes read
        if chips != stack:
            fails.append((f"expect.event.day2_stacks.{name(p)}", str(stack), str(chips)))
    d2 = ev.day_two
    prize = {d2.players[f.player_id]: f.prize_cents for f in d2.result.finishes}
    for p, cents in ex.prizes.items():
        if prize.get(p, 0) != cents:
            fails.append((f"expect.event.prizes.{name(p)}", str(cents), str(prize.get(p, 0))))
    if ex.day2_first_table is not None and got["day2_first_table"] != ex.day2_first_table:
        show = [name(p) for p in got["day2_first_table"] or ()]
        fails.append(
            (
                "expect.event.day2_first_table",
                str([name(p) for p in ex.day2_first_table]),
                str(show),
            )
        )
    winner = d2.players[d2.result.winner_id]
    if ex.winner is not None and winner != ex.winner:
        fails.append(("expect.event.winner", name(ex.winner), name(winner)))
    return fails

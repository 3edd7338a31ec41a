"""A multi-day event (F-FLIGHT-1..4): its day-1 flights one after another, then day 2.

``run_event`` plays each flight as a tournament of its own (its entrants, its late registration,
its seed) that stops at the scenario's stop rule and bags (``DayEnded``); then day 2 with every
carried bag, seats drawn at random, from the level after the highest any flight reached, paying
the one pool of every flight's entries. ``write_event`` writes each day's files in a folder of
its own (``flight-<name>/``, ``day-2/``) and ``event.json``. The rules are in
``pokersim.flights``; the results are read from each day's log.

A player is a person of the event's field (``[players]``, ids and names as expanded); in each
day they keep their name, so hand histories and result rows name the same player everywhere.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

from pokersim.engine import TournamentResult, run_tournament
from pokersim.errors import ConfigError
from pokersim.events import event_record
from pokersim.flights import (
    Bag,
    Carried,
    DayEnd,
    carried_bag,
    day_seed,
    day_two_level,
    first_flights,
    reconcile_event,
    returning_players,
)
from pokersim.frozen import frozen
from pokersim.history.tournament import tournament_id
from pokersim.outputs import FolderFiles, as_played, files_in
from pokersim.scenario import (
    Entries,
    Flights,
    NamedPlayer,
    Players,
    PlayerSpec,
    Registration,
    Scenario,
)
from pokersim.tally import TALLIED

__all__ = [
    "DayRun",
    "EventResult",
    "event_json",
    "event_summary",
    "run_event",
    "write_event",
]

Emit = Callable[[Any], None]
#: Starts a day's files: (day's folder name, its scenario, its seed) -> (emit, on_hand, finish).
DayFiles = FolderFiles


@frozen(slots=True, kw_only=True)
class DayRun:
    """One day of the event: its scenario, seed, result, and its players as event ids."""

    name: str  # the flight's name, or "2" for day 2
    scenario: Scenario
    seed: int
    result: TournamentResult
    players: tuple[int, ...]  # event player id of each of the day's players (by day id)
    log: tuple[Mapping[str, Any], ...]  # the day's records its result reads, and TableOpened

    @property
    def day_end(self) -> Mapping[str, Any]:
        """The flight's ``DayEnded`` record (flights only)."""
        return next(r for r in self.log if r["type"] == "DayEnded")


@frozen(slots=True, kw_only=True)
class EventResult:
    """Every flight, day 2, each player's bags and what they carried, the event's money."""

    scenario: Scenario
    seed: int
    flights: tuple[DayRun, ...]
    day_two: DayRun
    start_level: int  # day 2's first level, 0-based index into the scenario's levels
    bags: Mapping[int, tuple[Bag, ...]]  # event player id -> the bags they made
    carried: Mapping[int, Bag]  # event player id -> the bag taken to day 2
    prize_pool_cents: int


_KEPT = TALLIED | {"TableOpened"}  # what the result is reduced from, and day 2's seats


def _day_scenario(scenario: Scenario, name: str, specs: Sequence[PlayerSpec], day: int) -> Scenario:
    """One day of the event: its players (by name, with their models) and its own name.

    Every day starts at the scenario's clock time; with ``starts_at``, ``day`` days later.
    """
    field = Players(
        count=len(specs),
        mix=(),
        named=tuple(
            NamedPlayer(name=s.name, model=s.model, skill=s.skill, params=s.params) for s in specs
        ),
    )
    starts_at = scenario.starts_at
    return dataclasses.replace(
        scenario,
        name=name,
        players=field,
        flights=Flights(),
        registration=Registration(),
        starts_at=None if starts_at is None else starts_at + timedelta(days=day),
    )


def flight_scenario(scenario: Scenario, k: int, specs: Sequence[PlayerSpec]) -> Scenario:
    """Flight ``k``: the scenario's tournament with the flight's entrants, named after it."""
    flight = scenario.flights.names[k]
    if len(specs) < 2:
        where = scenario.source or "<scenario>"
        raise ConfigError(
            f"{where}: flights.entries: flight {flight!r} has {len(specs)} player(s); "
            "expected at least 2 (first entries plus players entering it again)"
        )
    return _day_scenario(scenario, f"{scenario.name}, flight {flight}", specs, k)


def day_two_scenario(scenario: Scenario, specs: Sequence[PlayerSpec]) -> Scenario:
    """Day 2: the carried players, nothing more sold (its first level is the engine's option)."""
    if len(specs) < 2:
        where = scenario.source or "<scenario>"
        raise ConfigError(
            f"{where}: flights: only {len(specs)} player(s) reached day 2; expected at least 2 "
            "(raise stop_at_players_left or lower stop_at_level)"
        )
    day = _day_scenario(scenario, f"{scenario.name}, day 2", specs, len(scenario.flights.names))
    e = scenario.entries
    closed = Entries(
        prize_cents=e.prize_cents,
        bounty_cents=0,
        fee_cents=e.fee_cents,
        guarantee_cents=e.guarantee_cents,
        late_registration_seconds=0,
    )
    return dataclasses.replace(day, entries=closed)


def _play_day(
    sc: Scenario,
    seed: int,
    files: DayFiles | None,
    folder: str,
    **engine: Any,
) -> tuple[TournamentResult, tuple[Mapping[str, Any], ...]]:
    """Play one day; keep the records the event reads, and write its files if asked."""
    log: list[Mapping[str, Any]] = []
    emit, on_hand, finish = files(folder, sc, seed) if files is not None else (None, None, None)

    def record(ev: Any) -> None:
        if type(ev).__name__ in _KEPT:
            log.append(event_record(ev))
        if emit is not None:
            emit(ev)

    result = run_tournament(sc, seed, emit=record, on_hand=on_hand, **engine)
    if finish is not None:
        finish(result)
    return result, tuple(log)


def _paid_in(log: Sequence[Mapping[str, Any]], prize_cents: int) -> int:
    """A flight's prize parts counted from its purchases: first entries, then every purchase."""
    bought = [r for r in log if r["type"] == "EntryBought"]
    (end,) = [r for r in log if r["type"] == "DayEnded"]
    reentries = sum(1 for r in bought if r["kind"] == "reentry")
    return (end["entries"] - reentries) * prize_cents + sum(r["prize_cents"] for r in bought)


def run_event(
    scenario: Scenario,
    seed: int = 0,
    *,
    files: DayFiles | None = None,
    record_actions: bool = False,
) -> EventResult:
    """Play every flight, then day 2 (F-FLIGHT-1..4); the money reconciled across the event."""
    terms = scenario.flights
    if not terms.enabled:
        raise ConfigError(f"{scenario.source or '<scenario>'}: flights: expected a [flights] table")
    specs = scenario.players.expand()
    newcomers = first_flights(seed, len(specs), terms.entries)
    played: set[int] = set()
    bags: dict[int, list[Bag]] = {}
    flights: list[DayRun] = []
    for k, name in enumerate(terms.names):
        back = returning_players(seed, k, sorted(played), set(bags), terms) if k else ()
        entrants = tuple(sorted({*newcomers[k], *back}))
        sc = flight_scenario(scenario, k, [specs[p] for p in entrants])
        stop = DayEnd(
            flight=name,
            stop_at_level=terms.stop_at_level,
            stop_at_players_left=terms.stop_at_players_left,
        )
        fseed = day_seed(seed, k)
        result, log = _play_day(
            sc, fseed, files, f"flight-{name}", day=stop, record_actions=record_actions
        )
        day = DayRun(name=name, scenario=sc, seed=fseed, result=result, players=entrants, log=log)
        end = day.day_end
        for p, stack in zip(end["player_ids"], end["stacks"], strict=True):
            bags.setdefault(entrants[p], []).append(Bag(flight=k, stack=stack))
        played.update(entrants)
        flights.append(day)
    carried = {p: carried_bag(b, terms.carry)[0] for p, b in sorted(bags.items())}
    level = day_two_level([f.day_end["level_index"] for f in flights], len(scenario.levels))
    finalists = tuple(sorted(carried))
    sc2 = day_two_scenario(scenario, [specs[p] for p in finalists])
    money = Carried(
        stacks=tuple(carried[p].stack for p in finalists),
        entries=sum(f.day_end["entries"] for f in flights),
        prize_cents=sum(f.day_end["carried_prize_cents"] for f in flights),
        first_level=level,
    )
    seed2 = day_seed(seed, len(terms.names))
    result2, log2 = _play_day(sc2, seed2, files, "day-2", day=money, record_actions=record_actions)
    (reconciled,) = [r for r in log2 if r["type"] == "MoneyReconciled"]
    pool = reconcile_event(
        [f.day_end["carried_prize_cents"] for f in flights],
        [_paid_in(f.log, scenario.entries.prize_cents) for f in flights],
        reconciled,
        scenario.entries.guarantee_cents,
    )
    day2 = DayRun(name="2", scenario=sc2, seed=seed2, result=result2, players=finalists, log=log2)
    return EventResult(
        scenario=scenario,
        seed=seed,
        flights=tuple(flights),
        day_two=day2,
        start_level=level,
        bags={p: tuple(b) for p, b in sorted(bags.items())},
        carried=carried,
        prize_pool_cents=pool,
    )


def _player_rows(ev: EventResult) -> list[dict[str, Any]]:
    """One row a player of the event: each flight played, the bag carried, day 2's result."""
    specs = ev.scenario.players.expand()
    names = ev.scenario.flights.names
    day2 = {ev.day_two.players[f.player_id]: f for f in ev.day_two.result.finishes}
    rows = []
    for s in specs:
        p = s.player_id
        flights = []
        for f in ev.flights:
            if p not in f.players:
                continue
            finish = f.result.finishes[f.players.index(p)]
            bag = next((b for b in ev.bags.get(p, ()) if names[b.flight] == f.name), None)
            flights.append(
                {"flight": f.name, "place": finish.place, "bagged": bag.stack if bag else None}
            )
        kept = ev.carried.get(p)
        out = day2.get(p)
        rows.append(
            {
                "player_id": p,
                "name": s.name,
                "model": s.model,
                "flights": flights,
                "carried_from": names[kept.flight] if kept else None,
                "day2_stack": kept.stack if kept else None,
                "forfeited_chips": sum(b.stack for b in ev.bags.get(p, ()))
                - (kept.stack if kept else 0),
                "place": out.place if out else None,
                "prize_cents": out.prize_cents if out else 0,
            }
        )
    return rows


def event_summary(ev: EventResult) -> dict[str, Any]:
    """``event.json``: each flight, day 2 and every player's path, with the event's money."""
    flights = []
    for f in ev.flights:
        end = f.day_end
        first = len(
            set(f.players) - {p for g in ev.flights[: ev.flights.index(f)] for p in g.players}
        )
        flights.append(
            {
                "flight": f.name,
                "tournament_id": tournament_id(as_played(f.scenario), f.seed),
                "seed": f.seed,
                "players": len(f.players),
                "first_entries": first,
                "players_from_earlier_flights": len(f.players) - first,
                "entries": end["entries"],
                "bagged": len(end["player_ids"]),
                "stopped": end["reason"],
                "last_level": end["level_index"] + 1,
                "end_seconds": end["t"],
                "hands_played": f.result.hands_played,
                "prize_parts_cents": end["carried_prize_cents"],
                "fees_cents": end["fees_cents"],
            }
        )
    d2 = ev.day_two
    winner = d2.players[d2.result.winner_id]
    forfeited = sum(sum(b.stack for b in bags) for bags in ev.bags.values()) - sum(
        b.stack for b in ev.carried.values()
    )
    return {
        "event": ev.scenario.name,
        "seed": ev.seed,
        "carry": ev.scenario.flights.carry.value,
        "entries": sum(f["entries"] for f in flights),
        "prize_pool_cents": ev.prize_pool_cents,
        "fees_cents": sum(f["fees_cents"] for f in flights),
        "flights": flights,
        "day2": {
            "tournament_id": tournament_id(as_played(d2.scenario), d2.seed),
            "seed": d2.seed,
            "players": len(d2.players),
            "start_level": ev.start_level + 1,
            "chips": sum(b.stack for b in ev.carried.values()),
            "forfeited_chips": forfeited,
            "places_paid": d2.result.places_paid,
            "prizes_paid_cents": sum(f.prize_cents for f in d2.result.finishes),
            "hands_played": d2.result.hands_played,
            "duration_seconds": d2.result.duration_seconds,
            "winner": ev.scenario.players.expand()[winner].name,
            "winner_prize_cents": d2.result.finishes[d2.result.winner_id].prize_cents,
        },
        "players": _player_rows(ev),
    }


def event_json(ev: EventResult) -> str:
    """``event.json`` text: stable key order, two-space indent, trailing newline."""
    return json.dumps(event_summary(ev), indent=2, ensure_ascii=False) + "\n"


def write_event(
    scenario: Scenario,
    seed: int,
    out: Path,
    *,
    scenario_name: str,
    hands: str = "none",
    actions: bool = False,
    day_two: list[Any] | None = None,
) -> EventResult:
    """Play the event and write each day's files under ``out`` and ``event.json`` beside them.

    Each day's folder holds what ``pokersim run --out`` writes for one tournament; its
    ``summary.json`` names the scenario ``<scenario_name>-flight-<name>`` or ``-day-2``.
    ``day_two`` (a list) receives day 2's events as they are written (for a report).
    """
    written = files_in(out, hands=hands, scenario_name=scenario_name)

    def files(folder: str, sc: Scenario, day_seed_: int) -> Any:
        emit, on_hand, finish = written(folder, sc, day_seed_)
        if day_two is None or folder != "day-2":
            return emit, on_hand, finish
        kept = day_two

        def keep(event: Any) -> None:
            kept.append(event)
            emit(event)

        return keep, on_hand, finish

    ev = run_event(scenario, seed, files=files, record_actions=actions)
    (out / "event.json").write_text(event_json(ev), encoding="utf-8")
    return ev


def flight_stats(ev: EventResult) -> dict[str, Any]:
    """One run's figures for the study in ``docs/formats.md``: entries, re-entrants' chips.

    A re-entrant played more than one flight: after busting (``busted_before``) or holding a
    bag (``bagged_before``), counted by their state when they entered their last flight.
    """
    entered: dict[int, list[int]] = {}
    for k, f in enumerate(ev.flights):
        for p in f.players:
            entered.setdefault(p, []).append(k)
    chips = {p: b.stack for p, b in ev.carried.items()}
    total = sum(chips.values())
    again = {p for p, ks in entered.items() if len(ks) > 1}
    bagged_before = {p for p in again if any(b.flight < entered[p][-1] for b in ev.bags.get(p, ()))}
    return {
        "players": [len(f.players) for f in ev.flights],
        "returning": [
            len(set(f.players) & {p for g in ev.flights[:k] for p in g.players})
            for k, f in enumerate(ev.flights)
        ],
        "day2_players": len(chips),
        "day2_reentrants": len(again & set(chips)),
        "reentrant_chip_share": sum(chips[p] for p in again & set(chips)) / total,
        "busted_before_chip_share": sum(chips[p] for p in (again - bagged_before) & set(chips))
        / total,
        "entry_share_of_reentrants": sum(len(entered[p]) for p in again)
        / sum(len(ks) for ks in entered.values()),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pokersim.multiday SCENARIO --runs N --seed S``: the flights study."""
    import argparse
    import statistics

    from pokersim.rng import derive_seed
    from pokersim.scenario import load_scenario

    parser = argparse.ArgumentParser(description="Entries per flight and re-entrants' chips.")
    parser.add_argument("scenario")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    sc = load_scenario(args.scenario)
    rows = [flight_stats(run_event(sc, derive_seed(args.seed, i))) for i in range(args.runs)]

    def show(label: str, values: Sequence[float], fmt: str = "{:.1f}") -> None:
        mean = statistics.fmean(values)
        sd = statistics.stdev(values) if len(values) > 1 else 0.0
        print(f"{label}: mean {fmt.format(mean)}, sd {fmt.format(sd)}, "
              f"range {fmt.format(min(values))}..{fmt.format(max(values))}")  # fmt: skip

    print(f"{sc.name}: {args.runs} runs, seeds derive_seed({args.seed}, 0..{args.runs - 1})")
    for k, name in enumerate(sc.flights.names):
        show(f"flight {name} players", [r["players"][k] for r in rows])
        show(f"flight {name} from earlier flights", [r["returning"][k] for r in rows])
    show("day 2 players", [r["day2_players"] for r in rows])
    show("day 2 re-entrants", [r["day2_reentrants"] for r in rows])
    show("re-entrants' share of entries", [r["entry_share_of_reentrants"] for r in rows], "{:.3f}")
    heads = [r["day2_reentrants"] / r["day2_players"] for r in rows]
    show("re-entrants' share of day-2 players", heads, "{:.3f}")
    show("re-entrants' share of day-2 chips", [r["reentrant_chip_share"] for r in rows], "{:.3f}")
    show(
        "of it, re-entered after busting",
        [r["busted_before_chip_share"] for r in rows],
        "{:.3f}",
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

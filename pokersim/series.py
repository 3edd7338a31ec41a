"""A linked series (R-SAT-1): a satellite, then its target with the satellite's winners in it.

The satellite's ``[series]`` names the target's scenario file and when it starts; ``run_series``
plays the satellite, registers its seat winners in the target the moment it ends, and plays the
target. Each winner's path (satellite place, target entry, target result) is read from the two
runs' results, which are reductions of their event logs.

Choices where RULES.md is silent:

- The target file is read relative to the satellite's file; it starts ``target_start_minutes``
  after the satellite's start (its own ``start`` clock gives way to that) and is open for
  registration from before its start until its late registration closes (R-REG-1).
- A seat is one buy-in to the target: the seat value must equal the target's buy-in (prize,
  bounty and fee parts), and the target's pool counts it as any buy-in.
- The winners register the second the satellite ends: before the target's start they are
  registered like everyone (seats drawn at the start), during its late registration they
  arrive then and take a free seat at random (R-REG-1). When the target's registration is
  over, or closes before they come (every seat taken, the first elimination, the field in the
  money), they are not seated and keep the seat value, already paid as their satellite prize,
  as cash. The remainder prize is not a seat.
- In the target a winner is named ``sat-`` and their satellite name, with their satellite model;
  the winners are named players, listed after the target's own named players and before its
  mix (a target of mix slices only numbers them 0, 1, ...). The target is played from a seed
  derived from the satellite's (``rng.derive_seed(seed, 1)``).
- With a writer (``pokersim run --out``, ``pokersim verify --out``) the target's run is written
  in ``target/`` beside the satellite's files, as one tournament's files.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from pokersim.engine import TournamentResult, run_tournament
from pokersim.errors import ConfigError
from pokersim.events import event_record
from pokersim.frozen import frozen
from pokersim.rng import derive_seed
from pokersim.scenario import (
    NamedPlayer,
    PlayerSpec,
    Scenario,
    load_scenario,
    series_target_path,
)

if TYPE_CHECKING:  # a type only: the files are the caller's (``pokersim.outputs.files_in``)
    from pokersim.outputs import FolderFiles

__all__ = [
    "SeriesResult",
    "WinnerPath",
    "load_target",
    "registration_time",
    "run_series",
    "run_target",
    "series_json",
    "series_summary",
]

TARGET_PREFIX = "sat-"


@frozen(slots=True, kw_only=True)
class WinnerPath:
    """One seat winner: satellite place, then the target entry and result (``None``: unseated)."""

    name: str
    satellite_id: int
    satellite_place: int
    seat_cents: int
    target_id: int | None  # the winner's player id in the target (None: not seated)
    registered_at: int | None  # seconds from the target's start (0: seated at the start)
    target_place: int
    target_prize_cents: int


@frozen(slots=True, kw_only=True)
class SeriesResult:
    """The satellite's result, the target's, and each winner's path."""

    satellite: TournamentResult
    target: TournamentResult
    paths: tuple[WinnerPath, ...]
    target_events: tuple[Mapping[str, Any], ...] = ()


def registration_time(satellite_end: int, target_start: int, late_seconds: int) -> int | None:
    """When (seconds from the target's start) a winner registers: at once, if still open.

    0 or less: before the target's start (seated at the start); ``None``: registration is over.

    >>> registration_time(1800, 3600, 1200), registration_time(4000, 3600, 1200)
    (0, 400)
    >>> registration_time(4800, 3600, 1200) is None
    True
    """
    at = satellite_end - target_start
    if at <= 0:
        return 0
    return at if at < late_seconds else None


def load_target(satellite: Scenario) -> Scenario:
    """The target's scenario, checked against the satellite (``ConfigError`` naming the key)."""
    where = satellite.source or "<scenario>"
    path = series_target_path(satellite.series.target, satellite.source)
    if not path.is_file():
        raise ConfigError(f"{where}: series.target: no such scenario file {str(path)!r}")
    target = load_scenario(path)
    if target.series.linked:
        raise ConfigError(f"{where}: series.target: the target may not be a linked satellite")
    if target.flights.enabled:
        raise ConfigError(
            f"{where}: series.target: {str(path)!r} is a multi-day event ([flights]), whose "
            "day-1 flights are tournaments of their own: expected one tournament"
        )
    if target.spin_and_go.table:
        raise ConfigError(
            f"{where}: series.target: {str(path)!r} is a Spin & Go (three players, the pool "
            "drawn for them): expected a tournament that takes the seat winners as entries"
        )
    seat = satellite.satellite.seat_value_cents
    if seat != target.entries.buy_in_cents:
        raise ConfigError(
            f"{where}: satellite.seat_value_cents: a seat is one buy-in to the target: expected "
            f"{target.entries.buy_in_cents} (the target's prize, bounty and fee), got {seat}"
        )
    return target


def _with_winners(target: Scenario, winners: Sequence[PlayerSpec], satellite: Scenario) -> Scenario:
    """The target's field with the winners added as named players, at its start in the series."""
    players = target.players
    added = tuple(
        NamedPlayer(name=TARGET_PREFIX + w.name, model=w.model, skill=w.skill, params=w.params)
        for w in winners
    )
    taken = {s.name for s in players.expand()}
    clash = [p.name for p in added if p.name in taken]
    if clash:
        raise ConfigError(
            f"{target.source}: players: the target already has a player named {clash[0]!r}"
        )
    count = players.count + len(added)
    if target.payouts.bands and target.payouts.band_for(count) is None:
        raise ConfigError(
            f"{target.source}: payouts.bands: no band covers {count} entries (its "
            f"{players.count} players and the satellite's {len(added)} seat winners); expected "
            f"a band up to {count} or a last band without max_entries"
        )
    field = dataclasses.replace(players, count=count, named=players.named + added)
    offset = satellite.series.target_start_seconds
    starts_at = satellite.starts_at
    return dataclasses.replace(
        target,
        players=field,
        start_seconds=(satellite.start_seconds + offset) % 86400,
        starts_at=None if starts_at is None else starts_at + timedelta(seconds=offset),
    )


def run_target(
    satellite: Scenario,
    seed: int,
    result: TournamentResult,
    *,
    emit: Callable[[Any], None] | None = None,
    files: FolderFiles | None = None,
    record_actions: bool = False,
) -> SeriesResult:
    """R-SAT-1: the target, with the satellite's seat winners registered the moment it ended.

    ``files`` (``pokersim.outputs.files_in``) writes the target's run in its folder ``target``
    as it plays, as ``pokersim run --out`` writes one tournament (its hands' own events with
    ``record_actions``).
    """
    target = load_target(satellite)
    specs = satellite.players.expand()
    winners = [specs[f.player_id] for f in result.finishes if f.place == 1]
    at = registration_time(
        result.duration_seconds,
        satellite.series.target_start_seconds,
        target.entries.late_registration_seconds,
    )
    seated = winners if at is not None else []
    played = _with_winners(target, seated, satellite)
    ids = {s.name: s.player_id for s in played.players.expand()}
    arrivals = {ids[TARGET_PREFIX + w.name]: at for w in seated if at is not None}
    log: list[Mapping[str, Any]] = []
    target_seed = derive_seed(seed, 1)
    write, on_hand, finish = files("target", played, target_seed) if files else (None,) * 3

    def record(ev: Any) -> None:
        log.append(event_record(ev))
        if write is not None:
            write(ev)
        if emit is not None:
            emit(ev)

    target_result = run_tournament(
        played,
        target_seed,
        emit=record,
        arrivals=arrivals,
        on_hand=on_hand,
        record_actions=record_actions,
    )
    if finish is not None:
        finish(target_result)
    when = _registered_at(log)
    finishes = {f.player_id: f for f in target_result.finishes}
    seat = satellite.satellite.seat_value_cents
    paths = []
    for w in winners:
        q = ids.get(TARGET_PREFIX + w.name)
        entered = q is not None and q in when
        paths.append(
            WinnerPath(
                name=w.name,
                satellite_id=w.player_id,
                satellite_place=1,
                seat_cents=seat,
                target_id=q if entered else None,
                registered_at=when[q] if entered and q is not None else None,
                target_place=finishes[q].place if entered and q is not None else 0,
                target_prize_cents=finishes[q].prize_cents if entered and q is not None else 0,
            )
        )
    return SeriesResult(
        satellite=result, target=target_result, paths=tuple(paths), target_events=tuple(log)
    )


def _registered_at(log: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """Who entered the target and when, from its log: seated at the start, or registered late."""
    when: dict[int, int] = {}
    for r in log:
        if r["type"] == "TableOpened" and r["t"] == 0:
            for p in r["player_ids"]:
                when.setdefault(p, 0)
        elif r["type"] == "PlayerRegistered" and r["registered"]:
            when.setdefault(r["player_id"], r["t"])
    return when


def run_series(scenario: Scenario, seed: int = 0) -> SeriesResult:
    """Play the satellite, then its target with the winners seated at once (R-SAT-1)."""
    if not scenario.series.linked:
        raise ConfigError(f"{scenario.source or '<scenario>'}: series: expected a [series] table")
    return run_target(scenario, seed, run_tournament(scenario, seed))


def series_summary(series: SeriesResult) -> dict[str, Any]:
    """``series.json``: the target's key numbers and each winner's path."""
    t = series.target
    return {
        "satellite": series.satellite.scenario,
        "target": t.scenario,
        "satellite_end_seconds": series.satellite.duration_seconds,
        "target_entries": t.entries,
        "target_prize_pool_cents": t.prize_pool_cents,
        "target_winner_id": t.winner_id,
        "paths": [dataclasses.asdict(p) for p in series.paths],
    }


def series_json(series: SeriesResult) -> str:
    """``series.json`` text: stable key order, two-space indent, trailing newline."""
    return json.dumps(series_summary(series), indent=2, ensure_ascii=False) + "\n"

"""A run's study rows: reductions of one tournament's event log, of an event, of a series.

``engine_rows`` is what the study's default runner returns for a scenario file: a run row
(with its timeline) and a finish row a player, from the played tournament's log
(``reduce_log``, ``played_rows``), of every day of a multi-day event (``event_rows``), or of a
linked satellite with its target (``with_target``). ``pokersim run --report`` reports one run
from the same rows. The columns are ``pokersim.study``'s schemas (docs/studies.md).
"""

from __future__ import annotations

import os
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pokersim.frozen import frozen
from pokersim.hand_log import table_event, table_rows_index

__all__ = [
    "REDUCED_EVENTS",
    "TIMELINE_STEP_SECONDS",
    "LogReduction",
    "engine_rows",
    "event_rows",
    "played_rows",
    "reduce_event",
    "reduce_log",
    "with_target",
]

TIMELINE_STEP_SECONDS = 60

REDUCED_EVENTS = frozenset(
    {
        "TournamentStarted",
        "LevelStarted",
        "TournamentEnded",
        "PlayerEliminated",
        "TableHandEnded",
        "TableHandStarted",
        "PlayerDisqualified",
        "SanctionImposed",
        "PlayerRegistered",
        "EntryBought",
        "ShootoutRoundStarted",
        "BubbleBurst",
        "FinalTableFormed",
        "TableOpened",
    }
)
"""The events ``reduce_log`` reads: a caller that keeps a run's events for it keeps these."""


@frozen(slots=True, kw_only=True)
class LogReduction:
    """What a study keeps from one tournament's event log (times in simulated seconds)."""

    entries: int
    places_paid: int
    chips_in_play: int
    end_seconds: int
    bubble_seconds: int | None  # the field first down to the places paid (None: all paid)
    final_table_seconds: int | None  # the final table formed (0: play began on one table)
    players_at_bubble: int | None
    players_at_final_table: int | None
    level_at_bubble: int | None  # 1-based level number in force at that time
    level_at_final_table: int | None
    level_at_end: int
    avg_stack_bb_at_bubble: float | None
    avg_stack_bb_at_final_table: float | None
    final_table_stacks: Mapping[int, int]  # player id -> chips at the first final-table hand
    timeline: tuple[tuple[int, int, float], ...]  # (seconds, players_left, avg_stack_bb)


def reduce_log(
    events: Sequence[Any],
    *,
    step: int = TIMELINE_STEP_SECONDS,
    table_rows: Sequence[int] | None = None,
) -> LogReduction:
    """Reduce a tournament's event log (``pokersim.events`` records, in order) to study metrics.

    ``table_rows``: the hands' ``TableHandStarted`` and ``TableHandEnded`` as the engine's rows
    (``emit_rows``, ``hand_log``), when ``events`` holds the other events only (a study's run:
    its hands played in the tables' compiled loop, and a few of their rows ever decoded).

    Players left at ``t`` = players seated at the start, plus late players registered
    (``PlayerRegistered``) at or before ``t``, minus players out for good at or before ``t``
    (the winner's finish is not an elimination; a re-entry is not one either, as the player
    stays in). A player is out when the hand they busted in ended (its ``TableHandEnded``),
    which is also when late registration ranks them later (their ``PlayerEliminated`` comes
    when it closes); a disqualified player, or one placed after a hand-for-hand round, is out
    at their ``PlayerEliminated``. The chips in play at ``t`` are the chips at the end minus
    those bought in later (late players' stacks, re-entries, rebuys, add-ons) plus those
    removed later (disqualifications, R-COND-3 chip penalties), and a shoot-out's chips before
    each round that starts its winners again (R-SHOOT-1). The average stack in big blinds
    at ``t`` divides them by the players left and by the big blind of the level in force at
    ``t``.

    The bubble is the engine's own: its ``BubbleBurst`` event (time and players left), so the
    reduction agrees with ``TournamentResult.bubble_seconds`` in every format (re-entries and
    late registration change the entries and the places paid as play goes on); no bubble
    without one.
    """
    by_kind: dict[str, list[Any]] = {}
    for event in events:
        by_kind.setdefault(type(event).__name__, []).append(event)
    for needed in ("TournamentStarted", "LevelStarted", "TournamentEnded"):
        if needed not in by_kind:
            raise ValueError(f"event log has no {needed} event: not a complete tournament log")
    started = by_kind["TournamentStarted"][0]
    ended = by_kind["TournamentEnded"][-1]
    entries, paid, chips = started.entries, started.places_paid, ended.chips_in_play
    level_t = [e.t for e in by_kind["LevelStarted"]]
    level_ix = [e.level_index for e in by_kind["LevelStarted"]]
    level_bb = [e.big_blind for e in by_kind["LevelStarted"]]
    placed = [e for e in by_kind.get("PlayerEliminated", ()) if e.place > 1]
    hand_end, starts = (
        ({(e.table_id, e.hand_no): e.t for e in by_kind.get("TableHandEnded", ())}, {})
        if table_rows is None
        else table_rows_index(table_rows)
    )
    disqualified = {e.player_id for e in by_kind.get("PlayerDisqualified", ())}
    out_t = sorted(
        e.t
        if e.synchronized or e.player_id in disqualified
        else min(e.t, hand_end.get((e.table_id, e.hand_no), e.t))
        for e in placed
    )
    in_t = sorted(e.t for e in by_kind.get("PlayerRegistered", ()) if e.registered)
    stack = started.starting_stack
    # chips that entered (+) or left (-) play after the start, by time
    moves = sorted(
        [(e.t, stack) for e in by_kind.get("PlayerRegistered", ()) if e.registered]
        + [(e.t, e.chips) for e in by_kind.get("EntryBought", ())]
        + [(e.t, -e.chips_removed) for e in by_kind.get("PlayerDisqualified", ())]
        + [(e.t, -e.chips_removed) for e in by_kind.get("SanctionImposed", ()) if e.chips_removed]
        # a shoot-out round's winners start again with the round's stack (R-SHOOT-1)
        + [
            (e.t, e.chips_in_play - sum(e.chips_won))
            for e in by_kind.get("ShootoutRoundStarted", ())
        ]
    )
    move_t = [t for t, _ in moves]
    after = [0] * (len(moves) + 1)  # after[i]: net chips of moves[i:]
    for i in range(len(moves) - 1, -1, -1):
        after[i] = after[i + 1] + moves[i][1]

    def level_pos(t: int) -> int:
        return max(0, bisect_right(level_t, t) - 1)

    def left(t: int) -> int:
        return entries + bisect_right(in_t, t) - bisect_right(out_t, t)

    def chips_at(t: int) -> int:
        return chips - after[bisect_right(move_t, t)]

    def avg_bb(t: int, players: int | None = None) -> float:
        return chips_at(t) / (players or left(t)) / level_bb[level_pos(t)]

    bubble = players_at_bubble = None
    if "BubbleBurst" in by_kind:
        burst = by_kind["BubbleBurst"][0]
        bubble, players_at_bubble = burst.t, burst.players_left
    final_t, final_n, ft_stacks = _final_table(by_kind, entries, table_rows, starts)
    end = ended.t
    grid = list(range(0, end, step)) + [end]
    return LogReduction(
        entries=entries,
        places_paid=paid,
        chips_in_play=chips,
        end_seconds=end,
        bubble_seconds=bubble,
        final_table_seconds=final_t,
        players_at_bubble=players_at_bubble,
        players_at_final_table=final_n,
        level_at_bubble=None if bubble is None else level_ix[level_pos(bubble)] + 1,
        level_at_final_table=None if final_t is None else level_ix[level_pos(final_t)] + 1,
        level_at_end=level_ix[level_pos(end)] + 1,
        avg_stack_bb_at_bubble=None if bubble is None else avg_bb(bubble, players_at_bubble),
        avg_stack_bb_at_final_table=None if final_t is None else avg_bb(final_t, final_n),
        final_table_stacks=ft_stacks,
        timeline=tuple((t, left(t), avg_bb(t)) for t in grid),
    )


def _final_table(
    by_kind: Mapping[str, Sequence[Any]],
    entries: int,
    table_rows: Sequence[int] | None,
    starts: Mapping[int, Sequence[int]],
) -> tuple[int | None, int | None, dict[int, int]]:
    """When the final table formed, its players, and their stacks at its first hand.

    A tournament that began at one table had its final table from the start (time 0).
    """
    if "FinalTableFormed" in by_kind:
        ft = by_kind["FinalTableFormed"][0]
        final_t, final_n, final_table = ft.t, ft.players_left, ft.table_id
    elif len(by_kind.get("TableOpened", ())) == 1:
        final_t, final_n, final_table = 0, entries, by_kind["TableOpened"][0].table_id
    else:
        return None, None, {}
    hands = (
        by_kind.get("TableHandStarted", ())
        if table_rows is None
        else (table_event(table_rows, k) for k in starts.get(final_table, ()))
    )
    return final_t, final_n, _first_stacks(hands, final_table, final_t)


def _first_stacks(hands: Iterable[Any], table: int, at: int) -> dict[int, int]:
    """The stacks by player of the table's first hand (``TableHandStarted``) from ``at`` on."""
    for hand in hands:
        if hand.table_id == table and hand.t >= at:
            return dict(zip(hand.player_ids, hand.stacks))
    return {}


_LOADED: dict[str, tuple[int, Any]] = {}


def _load_scenario_cached(path: str) -> Any:
    """Each worker loads a scenario once (keyed by path and modification time)."""
    from pokersim.scenario import load_scenario  # noqa: PLC0415

    stamp = os.stat(path).st_mtime_ns
    hit = _LOADED.get(path)
    if hit is None or hit[0] != stamp:
        hit = (stamp, load_scenario(path))
        _LOADED[path] = hit
    return hit[1]


def engine_rows(scenario_path: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The study rows of the scenario file played with ``seed`` (each worker loads it once)."""
    from pokersim.engine import run_tournament  # noqa: PLC0415 - heavy; workers import it once

    scenario = _load_scenario_cached(scenario_path)
    if scenario.flights.enabled:  # a multi-day event: its flights, then day 2 (F-FLIGHT-1..4)
        return event_rows(scenario, seed)
    log: list[Any] = []
    rows: list[bytes] = []  # the hands' table events as rows: the tables' loop plays them
    result = run_tournament(
        scenario, seed, emit=log.append, emit_rows=rows.append, emit_log=rows.append
    )
    run, finishes = played_rows(scenario, result, log, array("q", b"".join(rows)))
    if scenario.series.linked:  # a linked satellite: its target too (R-SAT-1)
        from pokersim.series import run_target  # noqa: PLC0415

        return with_target(run_target(scenario, seed, result), run, finishes)
    return run, finishes


def with_target(
    series: Any, run: dict[str, Any], finishes: list[dict[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A linked satellite's study rows with its target's (R-SAT-1): ``series`` a ``SeriesResult``.

    Choices (docs/studies.md, *Linked series*): the rows are the satellite's field; a seat
    winner who played the target adds its place, prize and bounties there and what they paid
    there beyond the seat (re-entries, rebuys, the add-on); ``series_profit_cents`` is the
    player's money over both, the seat spent on the target's buy-in when it was played (a
    winner the target could no longer take keeps its value as cash, as in the satellite's
    ``profit_cents``). The run adds the target's entries, pool, hands and duration and the
    seats won and played.
    """
    target = series.target
    by_id = {f.player_id: f for f in target.finishes}
    extra: dict[int, int] = {}  # the target's purchases beyond the first entry, by target id
    for r in series.target_events:
        if r["type"] == "EntryBought":
            q = r["player_id"]
            extra[q] = extra.get(q, 0) + r["prize_cents"] + r["bounty_cents"] + r["fee_cents"]
    played = {p.satellite_id: p for p in series.paths if p.target_id is not None}
    for row in finishes:
        path = played.get(row["player_id"])
        f = by_id[path.target_id] if path is not None and path.target_id is not None else None
        got = (f.prize_cents + f.bounty_cents + f.refund_cents) if f is not None else 0
        paid = extra.get(f.player_id, 0) if f is not None else 0
        seat = path.seat_cents if path is not None else 0
        row.update(
            target_place=f.place if f is not None else 0,
            target_prize_cents=f.prize_cents if f is not None else 0,
            target_bounty_cents=f.bounty_cents if f is not None else 0,
            target_cost_cents=paid,
            series_profit_cents=row["profit_cents"] - seat + got - paid,
        )
    run.update(
        target_entries=target.entries,
        target_prize_pool_cents=target.prize_pool_cents,
        target_hands_played=target.hands_played,
        target_duration_seconds=target.duration_seconds,
        seats_won=len(series.paths),
        seats_played=len(played),
    )
    return run, finishes


def event_rows(scenario: Any, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The study rows of one multi-day event (F-FLIGHT-1..4): a run, and a row per person.

    Choices (docs/studies.md, *Multi-day events*): a person's entries are every flight played
    and every re-entry in one, their cost every buy-in of those plus rebuys and add-ons; their
    place is day 2's, and a person who made no day 2 shares the place after day 2's last; the
    bounties are every day's. The run's hands and duration are every day's added up (the days'
    playing time); the money bubble and the final table are day 2's, timed from its start; no
    timeline (each day has its own clock).
    """
    from pokersim.multiday import run_event  # noqa: PLC0415

    day_two: list[Any] = []  # day 2's whole log, for its bubble, final table and timeline

    def files(folder: str, _scenario: Any, _seed: int) -> Any:
        keep = day_two.append if folder == "day-2" else _ignore
        return keep, None, _ignore

    return reduce_event(run_event(scenario, seed, files=files), day_two)


def reduce_event(ev: Any, day_two: Sequence[Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``event_rows`` of an event played (``day_two``: day 2's whole log, in order)."""
    scenario = ev.scenario
    d2 = ev.day_two
    run, day_two_rows = played_rows(d2.scenario, d2.result, day_two)
    price = scenario.entries.buy_in_cents
    cost: dict[int, int] = {}
    entries: dict[int, int] = {}
    bounty: dict[int, int] = {}
    refund: dict[int, int] = {}
    for day in (*ev.flights, d2):
        for local, f in enumerate(day.result.finishes):
            p = day.players[local]
            if day is not d2:  # day 2 is played on bags, not bought
                cost[p] = cost.get(p, 0) + price
                entries[p] = entries.get(p, 0) + f.entries
            bounty[p] = bounty.get(p, 0) + f.bounty_cents
            refund[p] = refund.get(p, 0) + f.refund_cents
        for r in day.log:
            if r["type"] == "EntryBought":
                p = day.players[r["player_id"]]
                cost[p] += r["prize_cents"] + r["bounty_cents"] + r["fee_cents"]
    at_day_two = {
        d2.players[f.player_id]: (f, row)
        for f, row in zip(d2.result.finishes, day_two_rows, strict=True)
    }
    out_on_day_one = len(d2.players) + 1
    skill = {s.player_id: s for s in scenario.players.expand()}
    finishes = []
    for p in sorted(cost):
        f2, row2 = at_day_two.get(p, (None, {}))
        prize = f2.prize_cents if f2 is not None else 0
        finishes.append(
            {
                "player_id": p,
                "name": skill[p].name,
                "model": skill[p].model,
                "skill": skill[p].skill,
                "place": f2.place if f2 is not None else out_on_day_one,
                "prize_cents": prize,
                "bounty_cents": bounty[p],
                "entries": entries[p],
                "cost_cents": cost[p],
                "profit_cents": prize + bounty[p] + refund[p] - cost[p],
                "final_table_stack": row2.get("final_table_stack"),
            }
        )
    run.update(
        timeline=[],  # the days run on clocks of their own: no one line of the field
        scenario=scenario.name,
        entries=sum(f.day_end["entries"] for f in ev.flights),
        players=len(finishes),
        prize_pool_cents=ev.prize_pool_cents,
        bounties_paid_cents=sum(bounty.values()),
        hands_played=sum(day.result.hands_played for day in (*ev.flights, d2)),
        duration_seconds=sum(day.result.duration_seconds for day in (*ev.flights, d2)),
    )
    return run, finishes


def _ignore(_event: Any) -> None:
    """Nothing kept (a flight's log in a study: its figures are read from its result)."""


def played_rows(
    scenario: Any, result: Any, log: Sequence[Any], table_rows: Sequence[int] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The study rows (``run_row`` with its timeline, ``finish_rows``) of a played tournament.

    ``table_rows``: the hands' table events as rows, when ``log`` holds the other events only.
    """
    from pokersim.scenario import expand_players  # noqa: PLC0415

    red = reduce_log(log, table_rows=table_rows)
    skill = {p.player_id: p.skill for p in expand_players(scenario.players)}
    price = scenario.entries.buy_in_cents
    # what each player paid after the first entry: re-entries, rebuys, the add-on (R-REG-2)
    paid: dict[int, int] = {}
    reentries: dict[int, int] = {}
    rebuys: dict[int, int] = {}
    addons: dict[int, int] = {}
    counts = {"reentry": reentries, "rebuy": rebuys, "addon": addons}
    for event in log:
        if type(event).__name__ == "EntryBought":
            p = event.player_id
            paid[p] = paid.get(p, 0) + event.prize_cents + event.bounty_cents + event.fee_cents
            bucket = counts[event.kind]
            bucket[p] = bucket.get(p, 0) + 1
    finishes = []
    for f in result.finishes:
        p = f.player_id
        cost = price + paid.get(p, 0)
        finishes.append(
            {
                "player_id": f.player_id,
                "name": f.name,
                "model": f.model,
                "skill": skill.get(f.player_id),
                "place": f.place,
                "prize_cents": f.prize_cents,
                "bounty_cents": f.bounty_cents,
                "entries": 1 + reentries.get(p, 0),
                "rebuys": rebuys.get(p, 0),
                "addons": addons.get(p, 0),
                "cost_cents": cost,
                "profit_cents": f.prize_cents + f.bounty_cents + f.refund_cents - cost,
                "final_table_stack": red.final_table_stacks.get(f.player_id),
            }
        )
    run = {
        "scenario": result.scenario,
        "entries": result.entries,
        "players": len(result.finishes),
        "prize_pool_cents": result.prize_pool_cents,
        "bounties_paid_cents": sum(f.bounty_cents for f in result.finishes),
        "places_paid": result.places_paid,
        "hands_played": result.hands_played,
        "duration_seconds": result.duration_seconds,
        "chips_in_play": result.chips_in_play,
        "bubble_seconds": red.bubble_seconds,
        "final_table_seconds": red.final_table_seconds,
        "level_at_bubble": red.level_at_bubble,
        "level_at_final_table": red.level_at_final_table,
        "level_at_end": red.level_at_end,
        "avg_stack_bb_at_bubble": red.avg_stack_bb_at_bubble,
        "avg_stack_bb_at_final_table": red.avg_stack_bb_at_final_table,
        "timeline": list(red.timeline),
    }
    return run, finishes

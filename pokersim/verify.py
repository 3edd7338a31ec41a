"""Regression cases: run a scripted scenario and compare its outcome with its ``[expect]`` table.

A case file is a scenario (``scenarios/README.md``) with two extra top-level tables: ``[script]``
(``pokersim.script``: pinned seats, cards, decisions) and ``[expect]`` (what must come out).
``load_case`` validates both before anything runs, so a typo or a player that does not exist is
a ``ConfigError`` naming the file and the key; ``check_case`` runs the engine once (events and
hands recorded) and returns one ``Failure`` per expectation not met, each naming the file, the
expectation's key, the expected and the actual value. ``verify_paths`` does that for files and
directories (``pokersim verify``). Given an ``out`` folder, each case also writes its outputs
there, the files ``pokersim run --out --hands both --actions`` writes (``pokersim.outputs``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

from pokersim import events as event_records
from pokersim.cards import format_cards, parse_cards
from pokersim.engine import TournamentResult, run_tournament
from pokersim.errors import ConfigError, PokerSimError
from pokersim.frozen import frozen
from pokersim.hand import HandResult
from pokersim.multiday import EventResult, run_event, write_event
from pokersim.outputs import RunFiles, check_out, files_in
from pokersim.results import event_record
from pokersim.scenario import PlayerSpec, Scenario, Section, parse_scenario, read_toml
from pokersim.script import Script, ScriptedModel, clock_text, parse_clock, player_ref, read_script
from pokersim.series import SeriesResult, run_target, series_json
from pokersim.verify_event import (
    DayEventExpect,
    check_script_keys,
    compare_event,
    read_event_expect,
)

__all__ = [
    "Case",
    "CaseResult",
    "EventExpect",
    "Expect",
    "Failure",
    "PotExpect",
    "StackExpect",
    "StreetExpect",
    "case_files",
    "check_case",
    "load_case",
    "verify_paths",
]

# event fields that hold player ids: a case may write player names there
PLAYER_FIELDS = frozenset({"player_id", "winner_id", "by", "player_ids", "winner_ids"})
_EMPTY: Mapping[int, int] = {}


@functools.cache
def event_types() -> Mapping[str, tuple[str, ...]]:
    """Every event record in ``pokersim.events`` by class name, with its field names."""
    out: dict[str, tuple[str, ...]] = {}
    for name, obj in vars(event_records).items():
        if (
            isinstance(obj, type)
            and dataclasses.is_dataclass(obj)
            and obj.__module__ == (event_records.__name__)
        ):
            out[name] = tuple(f.name for f in dataclasses.fields(obj))
    return out


@frozen(slots=True, kw_only=True)
class StackExpect:
    """Stacks of some players right after hand ``hand`` of table ``table``."""

    key: str
    table: int
    hand: int
    stacks: Mapping[int, int]


@frozen(slots=True, kw_only=True)
class PotExpect:
    """One pot of one hand: amount, winners (from the button's left) and their shares."""

    key: str
    table: int
    hand: int
    pot: int
    amount: int | None
    winners: tuple[int, ...] | None
    shares: tuple[int, ...] | None


@frozen(slots=True, kw_only=True)
class StreetExpect:
    """One street of one hand: the board once it is dealt and the actions, in order.

    Actions read ``"Name fold"``, ``"Name check"``, ``"Name call N"`` (N chips put in),
    ``"Name bet N"``, ``"Name raise N"`` (to N chips in the round), as imported hands write them.
    """

    key: str
    table: int
    hand: int
    street: int  # 0 pre-flop .. 3 river
    board: tuple[int, ...] | None
    actions: tuple[tuple[int, str, int | None], ...] | None  # (player id, verb, chips)


@frozen(slots=True, kw_only=True)
class EventExpect:
    """Events of one type whose fields match ``where``: at least one, or exactly ``count``."""

    key: str
    type: str
    where: Mapping[str, Any]
    count: int | None
    at: int | None  # clock seconds of the day
    table: int | None = None  # only events of this table (hand events: of its hands)
    hand: int | None = None  # only events of this hand number


@frozen(slots=True, kw_only=True)
class SeriesExpect:
    """``[expect.series]`` of a satellite linked to its target (R-SAT-1)."""

    seated_at_end: tuple[int, ...] = ()  # seated in the target the second the satellite ended
    not_seated: tuple[int, ...] = ()
    target_entries: int | None = None
    target_prize_pool_cents: int | None = None


@frozen(slots=True, kw_only=True)
class Expect:
    """The ``[expect]`` table of a case."""

    error: str | None = None  # the run must stop with an error containing this text
    winner: int | None = None
    hands_played: int | None = None
    end_clock: int | None = None
    prize_pool_cents: int | None = None
    places: Mapping[int, int] = field(default_factory=lambda: _EMPTY)
    prizes: Mapping[int, int] = field(default_factory=lambda: _EMPTY)
    bounties: Mapping[int, int] = field(default_factory=lambda: _EMPTY)
    refunds: Mapping[int, int] = field(default_factory=lambda: _EMPTY)  # R-REG-4, R-FAULT-2
    entries: int | None = None
    stacks: tuple[StackExpect, ...] = ()
    streets: tuple[StreetExpect, ...] = ()
    pots: tuple[PotExpect, ...] = ()
    events: tuple[EventExpect, ...] = ()
    series: SeriesExpect | None = None
    event: DayEventExpect | None = None  # a multi-day event's (F-FLIGHT-1..4; verify_event)


@frozen(slots=True, kw_only=True)
class Case:
    """A loaded case: the scenario as scripted, its script, its expectations."""

    path: str
    scenario: Scenario
    script: Script
    expect: Expect
    specs: tuple[PlayerSpec, ...]

    def name_of(self, player_id: int) -> str:
        return self.specs[player_id].name


@frozen(slots=True, kw_only=True)
class Failure:
    """One expectation not met (or a case that could not be loaded or run)."""

    file: str
    key: str
    expected: str
    actual: str

    def __str__(self) -> str:
        return f"{self.file}: {self.key}: expected {self.expected}, got {self.actual}"


@frozen(slots=True, kw_only=True)
class CaseResult:
    """The outcome of one case file."""

    file: str
    failures: tuple[Failure, ...]

    @property
    def passed(self) -> bool:
        return not self.failures


# -- loading ---------------------------------------------------------------------------------


def load_case(path: str | os.PathLike[str]) -> Case:
    """Read a case file; any problem is a ``ConfigError`` naming the file and the key."""
    source = os.fspath(path)
    return parse_case(read_toml(source, "case"), source=source)


def parse_case(data: Mapping[str, Any], *, source: str = "<case>") -> Case:
    """Build a ``Case`` from parsed TOML (a scenario plus ``[script]`` and ``[expect]``)."""
    rest = dict(data)
    script_data = rest.pop("script", {})
    if "expect" not in rest:
        raise ConfigError(f"{source}: expect: a case needs an [expect] table")
    expect_data = rest.pop("expect")
    base = parse_scenario(rest, source=source)
    specs = base.players.expand()
    if base.flights.enabled:  # a multi-day event: the days are played whole (F-FLIGHT-1..4)
        check_script_keys(source, script_data)
    script = read_script(Section(source, "script", script_data), base, specs)
    scenario = script.scenario(base)
    expect = _read_expect(Section(source, "expect", expect_data), specs)
    if base.flights.enabled:
        event = Section(source, "expect", expect_data).table("event", {})
        flights = len(base.flights.names)
        expect = dataclasses.replace(expect, event=read_event_expect(event, specs, flights))
    return Case(path=source, scenario=scenario, script=script, expect=expect, specs=specs)


def _players_map(sec: Section, name: str, ids: Mapping[str, int], *, low: int) -> dict[int, int]:
    table = sec.table(name, {})
    out: dict[int, int] = {}
    for key in list(table.data):
        pid = player_ref(table, key, ids, key)
        out[pid] = table.integer(key, low=low)
    table.done()
    return out


def _read_expect(sec: Section, specs: Sequence[PlayerSpec]) -> Expect:
    ids = {s.name: s.player_id for s in specs}
    types = event_types()
    winner = player_ref(sec, "winner", ids) if sec.has("winner") else None
    error = sec.text("error") if sec.has("error") else None
    hands = sec.integer("hands_played", low=1) if sec.has("hands_played") else None
    end_clock = parse_clock(sec, "end_clock") if sec.has("end_clock") else None
    pool = sec.integer("prize_pool_cents", low=0) if sec.has("prize_pool_cents") else None
    places = _players_map(sec, "places", ids, low=1)
    prizes = _players_map(sec, "prizes", ids, low=0)
    bounties = _players_map(sec, "bounties", ids, low=0)
    refunds = _players_map(sec, "refunds", ids, low=0)
    entries = sec.integer("entries", low=0) if sec.has("entries") else None
    stacks: list[StackExpect] = []
    for s in sec.tables("stacks", []):
        stacks.append(
            StackExpect(
                key=s.path,
                table=s.integer("table", low=1),
                hand=s.integer("hand", low=1),
                stacks=_players_map(s, "stacks", ids, low=0),
            )
        )
        s.done()
    streets = tuple(_read_street(t, ids) for t in sec.tables("streets", []))
    pots: list[PotExpect] = []
    for p in sec.tables("pots", []):
        winners = (
            tuple(player_ref(p, "winners", ids, w) for w in p.array("winners"))
            if p.has("winners")
            else None
        )
        shares = p.array("shares") if p.has("shares") else None
        if shares is not None and not all(type(x) is int for x in shares):
            raise p.error("shares", f"expected an array of integers, got {shares!r}")
        pots.append(
            PotExpect(
                key=p.path,
                table=p.integer("table", low=1),
                hand=p.integer("hand", low=1),
                pot=p.integer("pot", 0, low=0),
                amount=p.integer("amount", low=0) if p.has("amount") else None,
                winners=winners,
                shares=tuple(shares) if shares is not None else None,
            )
        )
        p.done()
    evs: list[EventExpect] = []
    for e in sec.tables("events", []):
        kind = e.text("type")
        if kind not in types:
            raise e.error("type", f"unknown event type {kind!r}; known: {', '.join(sorted(types))}")
        where_sec = e.table("where", {})
        where: dict[str, Any] = {}
        for key in list(where_sec.data):
            if key not in types[kind]:
                raise where_sec.error(
                    key, f"{kind} has no field {key!r}; its fields: {', '.join(types[kind])}"
                )
            value = where_sec.raw(key)
            if key in PLAYER_FIELDS:
                if isinstance(value, list):
                    value = [player_ref(where_sec, key, ids, v) for v in value]
                else:
                    value = player_ref(where_sec, key, ids, value)
            where[key] = value
        where_sec.done()
        evs.append(
            EventExpect(
                key=e.path,
                type=kind,
                where=where,
                count=e.integer("count", low=0) if e.has("count") else None,
                at=parse_clock(e, "at") if e.has("at") else None,
                table=e.integer("table", low=1) if e.has("table") else None,
                hand=e.integer("hand", low=1) if e.has("hand") else None,
            )
        )
        e.done()
    series = _read_series_expect(sec.table("series"), ids) if sec.has("series") else None
    sec.raw("event", None)  # read with the scenario's flights (parse_case)
    sec.done()
    return Expect(
        series=series,
        error=error,
        winner=winner,
        hands_played=hands,
        end_clock=end_clock,
        prize_pool_cents=pool,
        places=places,
        prizes=prizes,
        bounties=bounties,
        refunds=refunds,
        entries=entries,
        stacks=tuple(stacks),
        streets=streets,
        pots=tuple(pots),
        events=tuple(evs),
    )


def _read_series_expect(sec: Section, ids: Mapping[str, int]) -> SeriesExpect:
    def names(key: str) -> tuple[int, ...]:
        return tuple(player_ref(sec, key, ids, v) for v in sec.array(key, []))

    out = SeriesExpect(
        seated_at_end=names("seated_at_end"),
        not_seated=names("not_seated"),
        target_entries=sec.integer("target_entries", low=0) if sec.has("target_entries") else None,
        target_prize_pool_cents=(
            sec.integer("target_prize_pool_cents", low=0)
            if sec.has("target_prize_pool_cents")
            else None
        ),
    )
    sec.done()
    return out


_STREET_ACTION = re.compile(r"^(.+) (fold|check|call|bet|raise)(?: (\d+))?$")


def _read_street(sec: Section, ids: Mapping[str, int]) -> StreetExpect:
    """One ``[[expect.streets]]`` table."""
    name = sec.text("street")
    if name not in event_records.STREET_NAMES:
        raise sec.error(
            "street", f"expected one of {list(event_records.STREET_NAMES)}, got {name!r}"
        )
    board = None
    if sec.has("board"):
        try:
            board = tuple(parse_cards(sec.text("board").split()))
        except ValueError as exc:
            raise sec.error("board", f"expected cards like 'As Kd 7c': {exc}") from None
    actions = None
    if sec.has("actions"):
        parsed = []
        for k, text in enumerate(sec.array("actions")):
            m = _STREET_ACTION.match(text) if isinstance(text, str) else None
            chips_given = m is not None and m.group(3) is not None
            if m is None or chips_given != (m.group(2) in ("call", "bet", "raise")):
                raise sec.error(
                    f"actions[{k}]",
                    "expected 'Name fold', 'Name check', 'Name call N', 'Name bet N' or "
                    f"'Name raise N', got {text!r}",
                )
            pid = player_ref(sec, f"actions[{k}]", ids, m.group(1))
            parsed.append((pid, m.group(2), int(m.group(3)) if chips_given else None))
        actions = tuple(parsed)
    table, hand = sec.integer("table", low=1), sec.integer("hand", low=1)
    sec.done()
    street = event_records.STREET_NAMES.index(name)
    return StreetExpect(
        key=sec.path, table=table, hand=hand, street=street, board=board, actions=actions
    )


# -- running and comparing -------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class Outcome:
    """What one run of a case produced."""

    result: TournamentResult
    events: tuple[dict[str, Any], ...]
    places: tuple[tuple[int, int], ...]  # (table, hand) each event belongs to, (0, 0) if none
    hands: Mapping[tuple[int, int], HandResult]
    unused: tuple[str, ...]  # scripted decisions never asked for
    series: SeriesResult | None = None  # a satellite's target, played after it (R-SAT-1)
    event: EventResult | None = None  # a multi-day event's days (F-FLIGHT-1..4)


def _run_event_case(case: Case, out: Path | None) -> Outcome:
    """A multi-day case: the event played whole, each day's files under ``out`` if given."""
    seed = case.script.seed
    if out is None:
        ev = run_event(case.scenario, seed, record_actions=True)
    else:
        stem = Path(case.path).stem
        ev = write_event(case.scenario, seed, out, scenario_name=stem, hands="both", actions=True)
    day2 = ev.day_two
    events = tuple(dict(r) for r in day2.log)  # day 2's: its result is a reduction of them
    return Outcome(result=day2.result, events=events, places=(), hands={}, unused=(), event=ev)


def run_case(case: Case, *, out: Path | None = None) -> Outcome:
    """Run the case's scenario once with its script (deterministic: same file, same outcome).

    With ``out``, the run's ``events.jsonl``, ``summary.json`` (``scenario``: the case file's
    stem) and hand histories in both formats are written there as ``pokersim run`` writes them
    (actions logged); a run that stops with an error writes no log or summary.
    """
    if case.scenario.flights.enabled:
        return _run_event_case(case, out)
    log: list[dict[str, Any]] = []
    where: list[tuple[int, int]] = []
    current = [(0, 0)]
    hands: dict[tuple[int, int], HandResult] = {}

    def record(ev: Any) -> None:
        r = event_record(ev)
        if "hand_no" in r and "table_id" in r:
            current[0] = (r["table_id"], r["hand_no"])
            where.append(current[0])
        elif "t" in r:
            where.append((r.get("table_id", 0), 0))
        else:  # a hand's own event: it belongs to the hand started last
            where.append(current[0])
        log.append(r)
        if files is not None:
            files.emit(ev)

    def keep(h: HandResult) -> None:
        hands[(h.setup.table_id, h.setup.hand_no)] = h
        if files is not None and files.on_hand is not None:
            files.on_hand(h)

    script = case.script
    models = script.models(case.specs, case.scenario.timing)
    seed = case.script.seed
    files = RunFiles(out, case.scenario, seed, hands="both") if out is not None else None
    with files if files is not None else contextlib.nullcontext():
        result = run_tournament(
            case.scenario,
            script.seed,
            emit=record,
            on_hand=keep,
            record_actions=True,
            decks=script.fixed_decks(case.scenario.seats_per_table),
            models=models,
            start_position=script.start,
            connections=script.connections(len(case.specs)),
            disqualified=script.disqualified(),
            disqualified_at_hands=script.disqualify_hands,
            multiplier=script.multiplier,
            infractions_at_hands=script.infraction_hands,
        )
    if files is not None:
        files.finish(result, scenario_name=Path(case.path).stem)
    series = None
    if case.scenario.series.linked:  # R-SAT-1: the target, with the winners seated at once
        # the target's own files in out/target/, as pokersim run --out writes them
        target_files = (
            files_in(out, hands="both", scenario_name=Path(case.path).stem) if out else None
        )
        series = run_target(case.scenario, seed, result, files=target_files, record_actions=True)
        if out is not None:
            (out / "series.json").write_text(series_json(series), encoding="utf-8")
    unused = [u for m in models if isinstance(m, ScriptedModel) for u in m.unused()]
    return Outcome(
        result=result,
        events=tuple(log),
        places=tuple(where),
        hands=hands,
        unused=tuple(unused),
        series=series,
    )


def check_case(case: Case, *, out: Path | None = None) -> CaseResult:
    """Run a case and compare; a run that raises is one failure naming the error.

    ``out``: a folder for the run's outputs (``run_case``).
    """
    wanted = case.expect.error
    try:
        outcome = run_case(case, out=out)
    except PokerSimError as exc:
        if wanted is not None and wanted in str(exc):
            return CaseResult(file=case.path, failures=())
        expected = "the case to run" if wanted is None else f"an error containing {wanted!r}"
        fail = Failure(file=case.path, key="run", expected=expected, actual=str(exc))
        return CaseResult(file=case.path, failures=(fail,))
    except Exception as exc:  # noqa: BLE001 - a bug met by one case fails that case only
        expected = "the case to run" if wanted is None else f"an error containing {wanted!r}"
        fail = Failure(file=case.path, key="run", expected=expected, actual=_unexpected(exc))
        return CaseResult(file=case.path, failures=(fail,))
    if wanted is not None:
        fail = Failure(
            file=case.path,
            key="expect.error",
            expected=f"an error containing {wanted!r}",
            actual=f"the run ended normally after {outcome.result.hands_played} hands",
        )
        return CaseResult(file=case.path, failures=(fail,))
    if outcome.event is not None:  # a multi-day case: the event's expectations only
        event = case.expect.event or DayEventExpect()
        found = compare_event(outcome.event, event, case.name_of)
        failures = [Failure(file=case.path, key=k, expected=e, actual=a) for k, e, a in found]
        return CaseResult(file=case.path, failures=tuple(failures))
    failures = compare(case, outcome) + compare_series(case, outcome)
    return CaseResult(file=case.path, failures=tuple(failures))


def compare(case: Case, out: Outcome) -> list[Failure]:
    """Every expectation of ``case`` that ``out`` does not meet."""
    ex = case.expect
    name = case.name_of
    res = out.result
    fails: list[Failure] = []

    def fail(key: str, expected: object, actual: object) -> None:
        fails.append(Failure(file=case.path, key=key, expected=str(expected), actual=str(actual)))

    for u in out.unused:
        fail("script.actions", "every scripted decision to be asked for", f"never asked: {u}")
    if ex.winner is not None and res.winner_id != ex.winner:
        fail("expect.winner", name(ex.winner), name(res.winner_id))
    if ex.hands_played is not None and res.hands_played != ex.hands_played:
        fail("expect.hands_played", ex.hands_played, res.hands_played)
    start = _start_clock(out.events, case.scenario.start_seconds)
    if ex.end_clock is not None:
        end = start + res.duration_seconds
        if end != ex.end_clock:
            fail("expect.end_clock", clock_text(ex.end_clock), clock_text(end))
    if ex.prize_pool_cents is not None and res.prize_pool_cents != ex.prize_pool_cents:
        fail("expect.prize_pool_cents", ex.prize_pool_cents, res.prize_pool_cents)
    if ex.entries is not None and res.entries != ex.entries:
        fail("expect.entries", ex.entries, res.entries)
    by_id = {f.player_id: f for f in res.finishes}
    for label, wanted, attr in (
        ("places", ex.places, "place"),
        ("prizes", ex.prizes, "prize_cents"),
        ("bounties", ex.bounties, "bounty_cents"),
        ("refunds", ex.refunds, "refund_cents"),
    ):
        for pid, value in wanted.items():
            got = getattr(by_id[pid], attr)
            if got != value:
                fail(f"expect.{label}.{name(pid)}", value, got)
    for se in ex.streets:  # first: where a replayed hand parts from its history
        fails.extend(_compare_street(case, out, se))
    for st in ex.stacks:
        hand = _hand(out, st.table, st.hand)
        if isinstance(hand, str):
            fail(f"{st.key}.hand", f"hand {st.hand} at table {st.table}", hand)
            continue
        after = {s.player_id: c for s, c in zip(hand.setup.seats, hand.final_stacks)}
        for pid, value in st.stacks.items():
            left: object = after.get(pid, "not dealt in")
            if left != value:
                fail(f"{st.key}.stacks.{name(pid)}", value, left)
    for pe in ex.pots:
        hand = _hand(out, pe.table, pe.hand)
        if isinstance(hand, str):
            fail(f"{pe.key}.hand", f"hand {pe.hand} at table {pe.table}", hand)
            continue
        pots = {p.index: p for p in hand.pots}
        if pe.pot not in pots:
            fail(f"{pe.key}.pot", f"pot {pe.pot}", f"{len(hand.pots)} pot(s) in that hand")
            continue
        pot = pots[pe.pot]
        ids = [hand.setup.seats[w].player_id for w in pot.winners]
        if pe.amount is not None and pot.amount != pe.amount:
            fail(f"{pe.key}.amount", pe.amount, pot.amount)
        if pe.winners is not None and tuple(ids) != pe.winners:
            fail(f"{pe.key}.winners", [name(p) for p in pe.winners], [name(p) for p in ids])
        if pe.shares is not None and tuple(pot.shares) != pe.shares:
            fail(f"{pe.key}.shares", list(pe.shares), list(pot.shares))
    for ee in ex.events:
        found = [
            r
            for r, (tid, hno) in zip(out.events, out.places)
            if r["type"] == ee.type
            and (ee.table is None or tid == ee.table)
            and (ee.hand is None or hno == ee.hand)
            and _matches(r, ee, start)
        ]
        ok = len(found) == ee.count if ee.count is not None else bool(found)
        if not ok:
            want = (
                f"{'at least 1' if ee.count is None else ee.count} {ee.type} {_describe(ee, name)}"
            )
            same = [r for r in out.events if r["type"] == ee.type]
            shown = "; ".join(_show(r, start, name) for r in same[:4])
            more = f" (+{len(same) - 4} more)" if len(same) > 4 else ""
            actual = f"{len(found)} matching; all {ee.type}: {shown or 'none'}{more}"
            fail(ee.key, want, actual)
    return fails


def _compare_street(case: Case, out: Outcome, se: StreetExpect) -> list[Failure]:
    """The first difference of one street's board and of its actions (one line each)."""
    street = event_records.STREET_NAMES[se.street]
    hand = _hand(out, se.table, se.hand)
    fails: list[Failure] = []

    def fail(key: str, expected: object, actual: object) -> None:
        fails.append(Failure(file=case.path, key=key, expected=str(expected), actual=str(actual)))

    if isinstance(hand, str):
        fail(f"{se.key}.hand", f"hand {se.hand} at table {se.table}", hand)
        return fails
    boards = [e for e in hand.events if isinstance(e, event_records.BoardDealt)]
    if se.board is not None:
        dealt = next((e.board for e in boards if e.street == se.street), None)
        if dealt is None or tuple(dealt) != se.board:
            seen = format_cards(dealt, " ") if dealt is not None else f"no {street} dealt"
            fail(f"{se.key}.board ({street})", format_cards(se.board, " "), seen)
    if se.actions is not None:
        done = [
            (e.player_id, e.kind.value, _chips(e))
            for e in hand.events
            if isinstance(e, event_records.ActionTaken) and e.street == se.street
        ]
        for k in range(max(len(done), len(se.actions))):
            want = se.actions[k] if k < len(se.actions) else None
            got = done[k] if k < len(done) else None
            if want != got:
                fail(
                    f"{se.key}.actions[{k}] ({street})",
                    _action_text(want, case.name_of, "no more actions"),
                    _action_text(got, case.name_of, f"no more actions on the {street}"),
                )
                break
    return fails


def _chips(e: event_records.ActionTaken) -> int | None:
    if e.kind is event_records.ActionKind.CALL:
        return e.amount
    if e.kind in (event_records.ActionKind.BET, event_records.ActionKind.RAISE):
        return e.to
    return None


def _action_text(action: tuple[int, str, int | None] | None, name: Any, none: str) -> str:
    if action is None:
        return none
    pid, verb, chips = action
    return repr(f"{name(pid)} {verb}" + (f" {chips}" if chips is not None else ""))


def _hand(out: Outcome, table: int, hand: int) -> HandResult | str:
    got = out.hands.get((table, hand))
    if got is not None:
        return got
    played = sorted(h for t, h in out.hands if t == table)
    if not played:
        return f"table {table} never played a hand"
    return f"table {table} played hands {played[0]}..{played[-1]} only"


def _norm(value: Any) -> Any:
    return list(value) if isinstance(value, tuple | list) else value


def compare_series(case: Case, out: Outcome) -> list[Failure]:
    """The ``[expect.series]`` expectations ``out`` does not meet (R-SAT-1)."""
    ex = case.expect.series
    if ex is None:
        return []
    fails: list[Failure] = []

    def fail(key: str, expected: object, actual: object) -> None:
        fails.append(Failure(file=case.path, key=key, expected=str(expected), actual=str(actual)))

    series = out.series
    if series is None:
        fail("expect.series", "a target played after the satellite", "no [series] table")
        return fails
    paths = {p.satellite_id: p for p in series.paths}
    link = case.scenario.series
    end = series.satellite.duration_seconds
    at_end = max(end - link.target_start_seconds, 0)
    for p in ex.seated_at_end:
        path = paths.get(p)
        got = "not a seat winner" if path is None else path.registered_at
        if got != at_end:
            fail(
                f"expect.series.seated_at_end.{case.name_of(p)}",
                f"seated {at_end} s after the target's start",
                "not seated" if got is None else got,
            )
    for p in ex.not_seated:
        path = paths.get(p)
        if path is not None and path.target_id is not None:
            fail(f"expect.series.not_seated.{case.name_of(p)}", "not seated", path.registered_at)
    t = series.target
    if ex.target_entries is not None and t.entries != ex.target_entries:
        fail("expect.series.target_entries", ex.target_entries, t.entries)
    pool = ex.target_prize_pool_cents
    if pool is not None and t.prize_pool_cents != pool:
        fail("expect.series.target_prize_pool_cents", pool, t.prize_pool_cents)
    return fails


def _start_clock(events: Sequence[Mapping[str, Any]], scheduled: int) -> int:
    """The clock time play started at, as the run logged it (a delayed start moves it)."""
    for r in events:
        if r["type"] in ("TournamentStarted", "StartCancelled"):
            return int(r["start_clock"])
    return scheduled


def _matches(record: Mapping[str, Any], ee: EventExpect, start: int) -> bool:
    if ee.at is not None and (start + record["t"]) % 86400 != ee.at:
        return False
    return all(_norm(record.get(k)) == _norm(v) for k, v in ee.where.items())


def _describe(ee: EventExpect, name: Any) -> str:
    parts = [f"{k}={_named(k, v, name)}" for k, v in ee.where.items()]
    if ee.at is not None:
        parts.append(f"at {clock_text(ee.at)}")
    if ee.table is not None:
        parts.append(f"table {ee.table}")
    if ee.hand is not None:
        parts.append(f"hand {ee.hand}")
    return "(" + ", ".join(parts) + ")" if parts else ""


def _named(key: str, value: Any, name: Any) -> Any:
    if key in PLAYER_FIELDS:
        if isinstance(value, list | tuple):
            return [name(v) for v in value]
        return name(value)
    return _norm(value)


def _show(record: Mapping[str, Any], start: int, name: Any) -> str:
    fields = ", ".join(
        f"{k}={_named(k, v, name)}" for k, v in record.items() if k not in ("type", "t")
    )
    return f"{clock_text(start + record['t'])} {fields}" if "t" in record else fields


def case_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The case files named: files as given, directories as their ``*.toml`` files (sorted)."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.rglob("*.toml")))
        else:
            out.append(path)
    return out


def verify_paths(
    paths: Iterable[str | os.PathLike[str]],
    *,
    out: str | os.PathLike[str] | None = None,
    force: bool = False,
) -> list[CaseResult]:
    """Load and check every case file; a file that cannot be loaded is a failed case.

    With ``out``, each case that runs writes its outputs into ``out/<case file stem>/``
    (``run_case``). Before anything runs, two cases with the same stem, or a case folder that
    already holds results (unless ``force``), are a ``ConfigError``.
    """
    files = case_files(paths)
    folders: dict[Path, Path | None] = dict.fromkeys(files)
    if out is not None:
        seen: dict[str, Path] = {}
        for path in files:
            if path.stem in seen:
                raise ConfigError(
                    f"--out {out}: {seen[path.stem]} and {path} would write into the same "
                    f"folder {path.stem}; verify them into different folders"
                )
            seen[path.stem] = path
            folders[path] = Path(out) / path.stem
            check_out(Path(out) / path.stem, force)
    return [_verify_one(path, folders[path]) for path in files]


def _unexpected(exc: Exception) -> str:
    """An error pokersim did not raise on purpose, on one line: its type, then its message."""
    text = " ".join(str(exc).split())
    return f"an internal error, {type(exc).__name__}" + (f": {text}" if text else "")


def _verify_one(path: Path, folder: Path | None) -> CaseResult:
    """One case file loaded and checked; any error is this case's failure, not the batch's.

    A ``ConfigError`` is the case's own fault (named as such); any other exception is a bug
    met by this case, reported with its type so that it stays visible, and the other cases
    still run.
    """
    key = "load"
    try:
        case = load_case(path)
        key = "run"
        return check_case(case, out=folder)
    except ConfigError as exc:
        actual = str(exc)
    except Exception as exc:  # noqa: BLE001 - see above
        actual = _unexpected(exc)
    expected = "a valid case" if key == "load" else "the case to run"
    fail = Failure(file=str(path), key=key, expected=expected, actual=actual)
    return CaseResult(file=str(path), failures=(fail,))

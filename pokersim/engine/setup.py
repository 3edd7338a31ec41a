"""Set-up of one run: its desks, made in one documented order, and its log.

The desks are made in this order: the field and its models, the format, the late arrivals
(with any given registrations), the lobby's plan before the start (R-REG-4), the schedule
(from the start played), a Spin & Go's prize multiplier (drawn at registration), the cashier
(whose prize table the hand-for-hand stages read), places, floor, hand-for-hand, incidents
and dealer (each asks the other for nothing after this). ``_log`` appends the events the desks
return; opened and broken tables start and end their play.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pokersim import events
from pokersim.betting_kernel import HEADER as HEAD_HEADER
from pokersim.connection import Connections
from pokersim.engine.cashier import Cashier
from pokersim.engine.context import Contexts
from pokersim.engine.dealer import Dealer
from pokersim.engine.envelopes import bounty_ledger
from pokersim.engine.floor import Floor
from pokersim.engine.format import Format
from pokersim.engine.incidents import Incidents
from pokersim.engine.lobby import before_start, make_plan, start_clock
from pokersim.engine.places import Places
from pokersim.engine.records import HandPlayer, HandWatch
from pokersim.engine.schedule import Schedule
from pokersim.engine.shoe import LOOP_DECK_HANDS, LOOP_DRAW_HANDS
from pokersim.engine.stages import HandForHand
from pokersim.engine.state import Field, Table, TableArrays
from pokersim.engine.watch import Watching
from pokersim.entries import late_arrivals
from pokersim.errors import ConfigError
from pokersim.events import (
    EntriesClosed,
    FieldListed,
    HandEvent,
    PrizePoolDrawn,
    TableBroken,
    TableHandEnded,
    TableHandStarted,
    TableOpened,
    TournamentStarted,
    event_record,
    record_builder,
)
from pokersim.frozen import frozen
from pokersim.hand import HandResult
from pokersim.hand_log import table_ended_row, table_started_row
from pokersim.players import PlayerModel, builtin_models, make_model
from pokersim.rng import DECISION_NORMALS, DECISION_UNIFORMS, Streams
from pokersim.scenario import PlayerSpec, Scenario
from pokersim.tally import TALLIED, Tally
from pokersim.timing import ThinkTime

if TYPE_CHECKING:  # flights load only for a multi-day event
    from pokersim.flights import Carried, DayEnd

__all__ = ["Options", "Run", "build_models"]

_TALLIED = frozenset(getattr(events, name) for name in TALLIED)  # the classes the result reads
# integers of a hand's own events a table keeps for the tables' loop (a longer hand, over 3
# times the longest of `mtt_1000` seed 1, is played again in Python)
LOG_WIDTH = 1024
# the two events of every hand of a run with a log, built without the keyword constructor
# (arguments in the fields' order, as ``hand_log``'s rows take them)
_new_hand_started: Callable[..., TableHandStarted] = record_builder(TableHandStarted)
_new_hand_ended: Callable[..., TableHandEnded] = record_builder(TableHandEnded)


def build_models(specs: Sequence[PlayerSpec], scenario: Scenario) -> list[PlayerModel]:
    """One model per player; stateless built-ins with equal specs share one instance."""
    builtin = set(builtin_models())
    cache: dict[tuple[str, float, tuple[tuple[str, Any], ...]], PlayerModel] = {}
    out: list[PlayerModel] = []
    timing = scenario.timing
    think = ThinkTime(median_seconds=timing.think_median_seconds, sigma=timing.think_sigma)
    keys: dict[int, tuple[Any, tuple[tuple[str, Any], ...]]] = {}  # a mix slice's params, once
    for spec in specs:
        params = spec.params
        known = keys.get(id(params))
        if known is None or known[0] is not params:
            known = keys[id(params)] = (params, tuple(sorted(params.items())))
        key = (spec.model, spec.skill, known[1])
        model = cache.get(key) if spec.model in builtin else None
        if model is None:
            try:
                model = make_model(spec.model, skill=spec.skill, params=spec.params, think=think)
            except ConfigError as exc:  # a slice's model or params: name the file and the slice
                raise ConfigError(f"{scenario.source or '<scenario>'}: {spec.key}: {exc}") from None
            if spec.model in builtin:
                cache[key] = model
        out.append(model)
    return out


@frozen(slots=True, kw_only=True)
class Options:
    """How a run is observed and what a scripted case replaces (see ``run_tournament``)."""

    hand_player: HandPlayer
    emit: Callable[[Any], None] | None = None
    emit_hand: Callable[[Sequence[HandEvent]], None] | None = None  # a hand's events at once
    # TableHandStarted and TableHandEnded as rows (hand_log.table_started_row), not to emit
    emit_rows: Callable[[bytes], None] | None = None
    # with emit_rows: the rows of a stretch of the tables' loop at once (none synchronized)
    emit_log: Callable[[bytes], None] | None = None
    on_hand: Callable[[HandResult], None] | None = None
    watch: HandWatch | None = None  # only its players' hands recorded, the others' ends told
    record_actions: bool = False
    progress: Callable[[int], None] | None = None
    models: Sequence[PlayerModel] | None = None
    connections: Connections | None = None
    disqualified: Sequence[int] | None = None
    disqualified_at_hands: Sequence[tuple[int, int]] = ()
    infractions_at_hands: Sequence[tuple[int, int]] = ()
    decks: Mapping[tuple[int, int], Sequence[tuple[int, int]]] | None = None
    multiplier: int | None = None  # a Spin & Go's scripted multiplier (F-SPIN-1)
    arrivals: Mapping[int, int] | None = None
    day: DayEnd | Carried | None = None  # a flight's stop, or day 2's bags (F-FLIGHT-1..4)

    @property
    def day_end(self) -> DayEnd | None:
        """A day-1 flight's stop (F-FLIGHT-1)."""
        if self.day is None:  # a run of one day: no need to load the flights' module
            return None
        from pokersim.flights import DayEnd  # noqa: PLC0415

        return self.day if isinstance(self.day, DayEnd) else None

    @property
    def carried(self) -> Carried | None:
        """Day 2 of a flighted event: the bags, the flights' money, the first level."""
        if self.day is None:
            return None
        from pokersim.flights import Carried  # noqa: PLC0415

        return self.day if isinstance(self.day, Carried) else None


class Run:
    """The desks of one run and its log; the clock is the director's."""

    def __init__(self, scenario: Scenario, seed: int, opts: Options) -> None:
        if not 0 <= seed < 2**63:
            raise ValueError(f"seed must be in 0..2**63-1, got {seed}")
        self.sc = scenario
        self.seed = seed
        self.streams = Streams(seed)
        self.emit_fn = opts.emit
        self.on_hand = opts.on_hand
        self.record_actions = opts.record_actions or opts.on_hand is not None
        self.log_actions = opts.record_actions and opts.emit is not None
        self.emit_hand = opts.emit_hand if opts.emit_hand is not None else self._emit_each
        self._table_events(opts)
        self.progress = opts.progress
        self.specs: tuple[PlayerSpec, ...] = scenario.players.expand()
        n = len(self.specs)
        self.field = Field(n, scenario.starting_stack)
        self.day_end = opts.day_end
        if opts.carried is not None:  # F-FLIGHT-3: day 2 starts from the bags
            if len(opts.carried.stacks) != n:
                raise ValueError(f"expected {n} carried stacks, got {len(opts.carried.stacks)}")
            self.field.stack = array("q", opts.carried.stacks)
        models = build_models(self.specs, scenario) if opts.models is None else list(opts.models)
        if len(models) != n:
            raise ValueError(f"expected {n} player models, got {len(models)}")
        self.models = models
        self.format = Format.of(scenario, day_one=opts.day_end is not None)
        terms = scenario.entries
        self.arrival_at = late_arrivals(  # R-REG-1: who arrives after the start, and when
            n, terms.late_arrivals_percent, terms.late_registration_seconds, seed,
            process=terms.arrival,
        )  # fmt: skip
        for p, at in (opts.arrivals or {}).items():  # given registrations (R-SAT-1)
            if at > 0:
                self.arrival_at[p] = at
            else:
                self.arrival_at.pop(p, None)
        # R-REG-4: who unregisters before the start, a delayed or cancelled start
        self.lobby = make_plan(scenario, [s.name for s in self.specs], list(self.arrival_at), seed)
        self.away = set(self.arrival_at) | self.lobby.gone  # not registered at the start
        self.start_clock = start_clock(scenario, self.lobby)
        self.schedule = Schedule(scenario, self.start_clock)
        if opts.carried is not None:  # F-FLIGHT-3: day 2 goes on from day 1's levels
            self.schedule.start_at_level(opts.carried.first_level)
        self._make_desks(opts)
        self.final_formed = self.format.final_table_at_start(n)
        self.final_at: int | None = None
        self.over = False
        self.end_time = 0
        self.winner = -1
        self.hands_played = 0
        self.playing = 0  # tables with a hand under way
        self.resolving = False
        self.tally = Tally()

    def _table_events(self, opts: Options) -> None:
        """Every hand's TableHandStarted and TableHandEnded: rows, records or nothing."""
        rows = opts.emit_rows is not None
        self.emit_table: Callable[[Any], None] | None = opts.emit_rows if rows else opts.emit
        self.hand_ended: Callable[..., Any] = table_ended_row if rows else _new_hand_ended
        self.hand_started: Callable[..., Any] = table_started_row if rows else _new_hand_started
        self.emit_log = opts.emit_log if rows else None

    def _make_desks(self, opts: Options) -> None:
        """The desks that keep state of their own, in the order each needs the ones before."""
        scenario = self.sc
        models = self.models
        tier = None  # a Spin & Go's tier: its stream made only for one
        if self.format.spin is not None:
            tier = self.format.draw_multiplier(self.streams.prize_draw(), opts.multiplier)
        self.cashier = Cashier(
            scenario,
            self.format,
            self.field,
            models,
            list(self.away),
            tier,
            bounty=bounty_ledger(scenario, self.format, self.specs, self.streams),
            spin_scripted=opts.multiplier is not None,
            arrivals=bool(self.arrival_at),  # late registrations to come (R-REG-1, R-SAT-1)
        )
        carried = opts.carried
        if carried is not None:  # F-FLIGHT-4: day 2 pays the flights' pool, by their entries
            self.cashier.book.carry(carried.entries, carried.prize_cents)
            self.cashier.set_prizes()
        self.places = Places(self.field)
        self.floor = Floor(scenario, self.format, self.field, self.streams)
        self.sync = HandForHand(scenario, self.cashier.places_paid)
        self.dealer: Dealer  # needs the incidents desk, which needs the dealer's generators
        self.incidents = Incidents(
            scenario,
            self.field,
            self.seed,
            connections=opts.connections,
            player_rng=lambda p: self.dealer.player_rng(p),
            disqualified=opts.disqualified,
            disqualified_at_hands=opts.disqualified_at_hands,
            infractions_at_hands=opts.infractions_at_hands,
        )
        self.dealer = Dealer(
            scenario,
            self.field,
            self.schedule,
            self.streams,
            self.incidents,
            models,
            Contexts(self.field, self.schedule, self.cashier),
            hand_player=opts.hand_player,
            record_actions=self.record_actions,
            started=self.hand_started if self.emit_table is not None else None,
            fixed_decks=opts.decks,
            lean=opts.on_hand is None,
            watching=Watching(opts.watch),
        )
        self.arrays = self._table_arrays()

    def _table_arrays(self) -> TableArrays | None:
        """The tables' arrays for the loop over their hands (``engine.cruise``), when it may run.

        Not for a run that reads each hand, records hands it does not log, logs its table
        events as records (rows only: the loop writes them), scripts its cards, stops for the
        day, counts faults by hand or plays shoot-out matches: each hand end there is the
        director's. A run that logs each hand's own events (``--actions``) keeps each table's
        hand under way's in its log row (``LOG_WIDTH`` integers: a longer hand goes to Python).
        """
        dealer = self.dealer
        if (
            not dealer.quick or (self.record_actions and not self.log_actions) or dealer.fixed
            or self.on_hand is not None
            or (self.emit_table is not None and self.hand_started is not table_started_row)
            or self.day_end is not None or self.incidents.faults_on or self.floor.shootout
        ):  # fmt: skip
            return None
        spt = self.sc.seats_per_table
        arrays = TableArrays(
            spt, HEAD_HEADER + 7 * spt, LOOP_DECK_HANDS, LOOP_DRAW_HANDS, DECISION_UNIFORMS,
            DECISION_NORMALS, LOG_WIDTH if self.log_actions else 1,
        )  # fmt: skip
        arrays.player_codes([-2 if r is None else r[3] for r in dealer.ask])
        dealer.arrays = self.floor.arrays = arrays
        return arrays

    def _late_start(self) -> list[int]:
        """The players seated at the start; the others arrive over late registration."""
        field = self.field
        on_time = [p for p in range(field.n) if p not in self.away]
        for p in self.away:
            field.stack[p] = 0
        field.total_chips = sum(field.stack[p] for p in on_time)  # day 2: the bags (F-FLIGHT-3)
        field.remaining = field.unplaced = field.registered = len(on_time)
        return on_time

    def _opening(self, on_time: Sequence[int]) -> list[Any]:
        """The log's first events: the field, what came before the start, then the start.

        Before the start (R-REG-4): a delay and unregistrations; a cancelled start logs no start.
        """
        sc = self.sc
        specs = self.specs
        early = before_start(sc, self.lobby, self.start_clock)
        listed = [
            FieldListed(
                t=min([0, *(e.t for e in early[:1])]),
                player_ids=tuple(s.player_id for s in specs),
                names=tuple(s.name for s in specs),
                models=tuple(s.model for s in specs),
                late_ids=tuple(sorted(self.arrival_at)),
            ),
            *early,
        ]
        if self.lobby.cancelled:
            return listed
        return [
            *listed,
            *self._pool_drawn(),
            TournamentStarted(
                t=0,
                name=sc.name,
                seed=self.seed,
                entries=len(on_time),
                starting_stack=sc.starting_stack,
                seats_per_table=sc.seats_per_table,
                prize_pool_cents=self.cashier.pool,
                places_paid=self.cashier.places_paid,
                start_clock=self.start_clock,
            ),
        ]

    def _pool_drawn(self) -> list[Any]:
        """F-SPIN-1/2: a Spin & Go's drawn multiplier and pool, logged before play (else none)."""
        cashier = self.cashier
        tier = cashier.spin_tier
        spin = self.format.spin
        if tier is None or spin is None:
            return []
        return [
            PrizePoolDrawn(
                t=0,
                table=spin.name,
                multiplier=tier.multiplier,
                weight=tier.weight,
                out_of=spin.out_of,
                scripted=cashier.spin_scripted,
                buy_in_cents=self.sc.entries.buy_in_cents,
                prize_parts_cents=cashier.book.prize_pool,
                prize_pool_cents=cashier.pool,
                prizes_cents=cashier.prizes,
            )
        ]

    @property
    def now(self) -> int:
        """Simulated seconds now (the director's clock)."""
        raise NotImplementedError

    def _emit_each(self, events: Sequence[HandEvent]) -> None:
        """A hand's own events through ``emit``, one by one."""
        if self.emit_fn is not None:
            for event in events:
                self.emit_fn(event)

    def _log(self, events: Sequence[Any]) -> None:
        """Append the desks' events to the log; opened and broken tables start or end play.

        The result is a reduction of these events (``pokersim.tally``), made as they come.
        """
        emit, tallied = self.emit_fn, _TALLIED
        for ev in events:
            if emit is not None:
                emit(ev)
            kind = type(ev)
            if kind in tallied:
                self.tally.add(event_record(ev))
            if kind is TableOpened:
                self._opened(self.floor.tables[ev.table_id])
            elif kind is TableBroken:
                self._closed(ev.table_id)
            elif kind is EntriesClosed:
                self.sync.set_stages(self.cashier.places_paid)

    def _opened(self, tab: Table) -> None:
        """A table opened: its process starts (the director's)."""
        raise NotImplementedError

    def _closed(self, table_id: int) -> None:
        """A table closed: its process ends (the director's)."""
        raise NotImplementedError

    def _wake_idle(self) -> None:
        """Start the idle tables that can play (the director's)."""
        raise NotImplementedError

    def _stop(self, tab: Table) -> bool:
        """The table waits for the others (the director's); False."""
        raise NotImplementedError

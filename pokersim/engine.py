"""The tournament engine: a director, a clock and one SimPy process per table.

This is the only module that imports simpy. Simulated time is integer seconds since the start.
Each hand is one SimPy timeout: the hand is played synchronously when it starts (its duration
is the dealing time plus the think time of every decision) and its result takes effect when
the timeout fires. Everything that changes seats or pauses play (eliminations, moves, table
breaks, the final table, breaks, hand-for-hand) happens between hands, in the director. At a
table of built-in models the betting rounds are played compiled (``pokersim.betting_kernel``),
with the same result as in Python.

Determinism: tables are kept in a dict keyed by table id and visited in id order where order
matters; same-time SimPy events run first-in first-out; every random draw comes from a keyed
stream of the run's seed (decks by ``(seed, table, hand)``, seats, players).

Entries, money and formats (re-entries, rebuys, the add-on break, the payout table from the
final entries, bounties, deals, satellites, shoot-outs, server failures, disqualifications) are
small hooks here; their rules and the choices made where RULES.md is silent are in
``pokersim.entries``, ``pokersim.formats``, ``pokersim.faults`` and ``docs/formats.md``. Every run
ends with ``MoneyReconciled`` (prizes + bounties paid + bounties on heads = prize pool + bounty
pool, to the cent) or an ``InvariantError``.

Choices where RULES.md is silent:

- A hand lasts its dealing time (``deal_seconds``, 1.5 s per street dealt, 3 s at showdown)
  plus every decision's time, rounded up to whole seconds.
- Breaks (R-BRK-1): a hand that started before the break finishes; no hand starts until every
  table is done and the scheduled end has come, so the break ends at the later of the two. The
  level clock stops during the scheduled break window.
- The table broken (R-BAL-1) is the one that finishes a hand when the field fits on one table
  fewer (with every table idle: the smallest, ties the highest id). Its players go to the
  smallest tables: under ``pokerstars`` to the free seat nearest their own position, under
  ``tda`` to a random free seat. A table left with one player waits and is refilled by the
  next table that finishes a hand, whatever the tolerance.
- The final table (R-BAL-3) is a new table, formed once every table has finished its hand;
  like every new table its button starts at seat 1 or the first occupied seat after it.
- Hand-for-hand (R-SYNC-1) starts once the hands in progress when the stage is reached have
  finished (their eliminations count one hand at a time) and ends when the field leaves the
  stage or one table is left.
- Players tied on starting stack (R-ELIM-2) share the best of their places; indivisible cents
  go one each in order of table id, then player id. Eliminations at different tables outside
  hand-for-hand are separate, in the order the hands ended, even within one second.
- A connected player who times out is absent for a drawn time (``timing.DisconnectModel``
  defaults), a disconnected one until they reconnect. Disconnections (``pokersim.connection``)
  are logged when the hand at the player's table ends, with the second they happened; a
  disconnection that is over before the player's next decision still counts.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import simpy

from pokersim import rng as rngs
from pokersim.actions import FOLD, Action, DecisionView, TournamentContext
from pokersim.balancing import (
    BalancePolicy,
    Move,
    TableSeats,
    must_break,
    plan_balance,
    plan_break,
)
from pokersim.betting import TableState
from pokersim.betting_kernel import model_row, play_rounds
from pokersim.bounties import BountyKind, BountyLedger, BountyPayment
from pokersim.cancellation import (
    cancellation_shares,
    redistribute_forfeited_prize,
    remaining_prize_money,
)
from pokersim.clock import BreakSchedule, LevelClock
from pokersim.config import BettingStructure
from pokersim.connection import Connections
from pokersim.deals import keep_for_first_cents, make_deal
from pokersim.entries import (
    BuyKind,
    EntryBook,
    late_arrivals,
    model_accepts_deal,
    model_wants,
)
from pokersim.errors import InvariantError
from pokersim.events import (
    AddOnBreakStarted,
    BountyPaid,
    BreakEnded,
    BreakStarted,
    BubbleBurst,
    DealDeclined,
    DealMade,
    EntriesClosed,
    EntryBought,
    FinalTableFormed,
    HandForHandEnded,
    HandForHandStarted,
    HandRolledBack,
    LevelStarted,
    MatchEnded,
    MoneyReconciled,
    PlayerDisconnected,
    PlayerDisqualified,
    PlayerEliminated,
    PlayerMoved,
    PlayerReconnected,
    PlayerRegistered,
    PlayerTimedOut,
    PrizePaid,
    PrizeTopUp,
    RegistrationClosed,
    ServerFailed,
    ShootoutRoundStarted,
    TableBroken,
    TableHandEnded,
    TableHandStarted,
    TableOpened,
    TournamentCancelled,
    TournamentEnded,
    TournamentStarted,
)
from pokersim.faults import lowest_open_place, pick_player, plan_faults
from pokersim.formats import advancing_player, satellite_prizes
from pokersim.hand import (
    Deal,
    HandResult,
    HandSetup,
    Seat,
    play_hand,
    unchecked_deal,
    unchecked_seat,
    unchecked_setup,
)
from pokersim.payouts import places_paid, prize_amounts, prize_pool_cents, shares_for, split_tied
from pokersim.players import PlayerModel, builtin_models, make_model, uses_hand_draws
from pokersim.scenario import PlayerSpec, Scenario
from pokersim.script import StartPosition
from pokersim.seating import draw_seats, redraw_seats
from pokersim.timing import (
    ActionClock,
    DisconnectModel,
    DisconnectProtection,
    HandPace,
    ThinkTime,
    others_all_in,
    resolve_decision,
    sitting_out_action,
)

__all__ = ["Finish", "HandPlayer", "TournamentResult", "run_tournament"]

DECK_BLOCK = 64  # most hands dealt and evaluated per table in one go
DRAWS_BLOCK = 16  # most hands of decision draws per table in one go (56 doubles a hand)


class HandPlayer(Protocol):
    """The signature of ``pokersim.hand.play_hand`` (tests may pass a scripted stand-in)."""

    def __call__(
        self,
        setup: HandSetup,
        deal: Deal,
        decide: Callable[[DecisionView], Action | None],
        *,
        record_actions: bool = ...,
        context: TournamentContext | None = ...,
    ) -> HandResult: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """How one player finished: place (shared by ties), prize and bounty cash in cents."""

    player_id: int
    name: str
    model: str
    place: int
    prize_cents: int
    bounty_cents: int
    eliminated_at: int  # simulated seconds (the winner: the end of the tournament)
    timeouts: int = 0  # R-DIS-1 time-outs
    disconnects: int = 0  # disconnections that started while the player was in
    entries: int = 1  # the first entry and every re-entry (R-REG-2)


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentResult:
    """What a run produced; the event log holds the full story."""

    scenario: str
    seed: int
    entries: int
    prize_pool_cents: int
    places_paid: int
    hands_played: int
    duration_seconds: int
    chips_in_play: int
    winner_id: int
    bubble_seconds: int | None  # when the field first reached the places paid
    final_table_seconds: int | None  # when the final table was formed
    hand_for_hand_seconds: int  # simulated time spent in synchronized play
    finishes: tuple[Finish, ...]  # by player id


class _Table:
    """Mutable state of one table (engine-private)."""

    __slots__ = (
        "table_id",
        "seats",
        "last_button",
        "hand_no",
        "open",
        "go",
        "rows",
        "strengths",
        "uniforms",
        "normals",
        "draw_gen",
        "draws_first",
        "draws_len",
        "block_first",
        "block_len",
        "playing",
        "chips",
        "recheck",
    )

    def __init__(self, table_id: int, seats: dict[int, int], go: simpy.Event) -> None:
        self.table_id = table_id
        self.seats = seats  # seat_no -> player_id
        self.last_button: int | None = None
        self.hand_no = 0
        self.open = True
        self.go = go
        self.rows = b""  # the block's decks, 52 cards a hand
        self.strengths: array[int] | None = None
        self.uniforms: Sequence[float] = ()  # the block's decision draws (rng.decision_block)
        self.normals: Sequence[float] = ()
        self.draw_gen: np.random.Generator | None = None  # the source of those blocks
        self.draws_first = 1
        self.draws_len = 0
        self.block_first = 1
        self.block_len = 0
        self.playing = False
        self.chips = 0  # chips at the table when its current hand started
        self.recheck = False  # woken by another table: check again before dealing

    def view(self) -> TableSeats:
        return TableSeats(
            table_id=self.table_id, seats=dict(self.seats), last_button=self.last_button
        )


def _evaluator() -> Callable[[np.ndarray], np.ndarray] | None:
    """The fastest available batch evaluator (``None`` lets each hand evaluate itself)."""
    try:
        from pokersim import evaluator
    except ImportError:  # pragma: no cover - the evaluator package is part of pokersim
        return None
    for name in ("evaluate_unchecked", "evaluate"):
        fn = getattr(evaluator, name, None)
        if callable(fn):
            return fn
    return None


class _Director:
    """Runs one tournament; see ``run_tournament``."""

    def __init__(
        self,
        scenario: Scenario,
        seed: int,
        *,
        emit: Callable[[Any], None] | None,
        on_hand: Callable[[HandResult], None] | None,
        record_actions: bool,
        progress: Callable[[int], None] | None,
        hand_player: HandPlayer,
        models: Sequence[PlayerModel] | None,
        start_position: StartPosition | None = None,
        connections: Connections | None = None,
        disqualified: Sequence[int] | None = None,
        disqualified_at_hands: Sequence[tuple[int, int]] = (),
    ) -> None:
        self.sc = scenario
        self.start_position = start_position
        self.seed = seed
        self.emit_fn = emit
        self.on_hand = on_hand
        self.record_actions = record_actions or on_hand is not None
        self.log_actions = record_actions and emit is not None
        self.progress = progress
        self.play_hand = hand_player
        self.env = simpy.Environment()
        self.specs: tuple[PlayerSpec, ...] = scenario.players.expand()
        n = len(self.specs)
        self.n = n
        self.seats_per_table = scenario.seats_per_table
        self.tolerance = scenario.balancing.tolerance
        self.policy = BalancePolicy(scenario.balancing.policy.value)
        self.breaks = BreakSchedule.from_breaks(scenario.breaks, scenario.start_seconds)
        self.levels = LevelClock.make(scenario.levels, self.breaks)
        timing = scenario.timing
        self.pace = HandPace(deal_seconds=timing.deal_seconds)
        self.action_clock = ActionClock(
            action_seconds=timing.action_clock_seconds, time_bank_seconds=timing.time_bank_seconds
        )
        self.away = DisconnectModel()
        self.action_seconds = self.action_clock.action_seconds
        # disconnections (R-DIS-1..3): see pokersim.connection
        cs = scenario.connection
        self.conn = Connections(
            n,
            DisconnectModel(
                rate_per_hour=cs.disconnects_per_player_hour,
                median_seconds=cs.reconnect_median_seconds,
            ),
            seed,
        )
        if connections is not None:  # scripted disconnections (pokersim.script)
            self.conn = connections
        self.conn_on = self.conn.enabled  # off: nobody ever disconnects (start[p] stays inf)
        self.scripted_dq = disqualified  # scripted: who each disqualification takes
        # scripted: (hand count, player), in hand order (ties keep their given order)
        self.scripted_dq_hands = sorted(disqualified_at_hands, key=lambda d: d[0])
        self.protection = DisconnectProtection.from_players_left(
            cs.protection_seconds, cs.protection_players_left
        )
        # this hand's time-outs: (player, at, action, connected); then kept by table id
        self._timed_out: list[tuple[int, float, Action, bool]] = []
        self._hand_timeouts: dict[int, list[tuple[int, float, Action, bool]]] = {}
        self._context: TournamentContext | None = None
        # money
        self.places_paid = places_paid(scenario.payouts, n)
        self.pool = prize_pool_cents(
            n * scenario.entries.prize_cents, scenario.entries.guarantee_cents
        )
        self.prizes = prize_amounts(self.pool, shares_for(scenario.payouts, n))
        # players tied for a place (R-ELIM-2), in the order their prizes were split
        self.tied: dict[int, list[int]] = {}
        ids_by_name = {s.name: s.player_id for s in self.specs}
        self.bounty = BountyLedger.from_terms(
            scenario.bounty,
            entry_bounty_cents=scenario.entries.bounty_cents,
            ids_by_name=ids_by_name,
        )
        # players
        self.models = list(models) if models is not None else self._build_models()
        if len(self.models) != n:
            raise ValueError(f"expected {n} player models, got {len(self.models)}")
        self._open_entries()  # re-entries, rebuys, add-on (pokersim.entries)
        self.rngs: list[np.random.Generator | None] = [None] * n
        # What a decision reads about its player: one record per model, shared by its players
        # (with a large field, each separate per-player list read per decision is a cache
        # miss): its decide and think_seconds, whether it reads the hand's decision draws
        # (built-in models; plug-ins get their own generator) and its row in the compiled
        # betting rounds' parameters (pokersim.betting_kernel; -1: a model it cannot play).
        # ``_ask[p]`` is None while player p sits out (``absent``): `_decide` then sends the
        # decision to `_decide_away`.
        self._records: dict[int, tuple[Any, Any, bool, int]] = {}
        kernel_rows: list[list[float]] = []
        for m in self.models:
            if id(m) not in self._records:
                own = uses_hand_draws(m)
                row = model_row(m) if own else None
                code = len(kernel_rows) if row is not None else -1
                self._records[id(m)] = (m.decide, m.think_seconds, own, code)
                if row is not None:
                    kernel_rows.append(row)
        self._ask: list[tuple[Any, Any, bool, int] | None] = [
            self._records[id(m)] for m in self.models
        ]
        self._kernel_params = np.array(kernel_rows, dtype=np.float64)
        # The compiled rounds need the real hand engine, no action events (they record none),
        # no-limit betting and nobody able to disconnect; tables where someone is away or a
        # model is not built in play in Python (decided hand by hand in `_play`).
        self._kernel_on = (
            hand_player is play_hand
            and not self.record_actions
            and scenario.structure is BettingStructure.NO_LIMIT
            and bool(kernel_rows)
            and not self.conn_on
        )
        self._kernel_input: list[int] = []
        self._kernel_rows = b""
        self._kernel_base = 0
        self._kernel_board = 0
        self._draws = rngs.HandDraws()
        self.stack = [scenario.starting_stack] * n
        self.seat_cache: list[Seat | None] = [None] * n
        self.total_chips = scenario.starting_stack * n
        self.bank = array("d", [timing.time_bank_seconds]) * n  # doubles: the kernel reads it
        self.away_until = [0.0] * n
        self.absent = [False] * n
        self.place: list[int] = [0] * n
        self.prize: list[int] = [0] * n
        self.out_at: list[int] = [0] * n
        self.location: list[tuple[int, int]] = [(0, 0)] * n  # (table_id, seat_no)
        self.remaining = n  # players with chips
        self.unplaced = n  # players without a finishing place yet
        # tables
        self.tables: dict[int, _Table] = {}
        self.idle: dict[int, None] = {}  # ids of open tables between hands (ordered set)
        self.next_table_id = 1
        # by_size[k]: ids of the tables with k players, in the order they came to that size
        self.by_size: list[dict[int, None]] = [{} for _ in range(self.seats_per_table + 1)]
        self.playing = 0
        # stages
        self.over = False
        self.end_time = 0
        self.hands_played = 0
        self.breaks_taken = 0
        self._next_break: float = self.breaks.window(0)[0] if self.breaks.enabled else math.inf
        self._level = 0
        self._level_from = 0
        self._level_to: float = -1.0  # forces the first lookup
        self.sync_stages = [
            st.active_range(self.places_paid, scenario.final_table_size)
            for st in scenario.hand_for_hand.stages
        ]
        self._sync_top = max((high for _low, high in self.sync_stages), default=0)
        self.sync_on = False
        self.sync_round = False
        self.sync_since = 0
        self.sync_seconds = 0
        self.round_busts: list[tuple[int, int, int, int, tuple[int, ...]]] = []
        self.bubble_at: int | None = None
        self.final_at: int | None = None
        self.final_formed = n <= scenario.final_table_size  # the first table is the final one
        if scenario.shootout.enabled:
            self.final_formed = True  # shoot-outs: the last round's table is the final table
        self.resolving = False
        self.winner = -1
        self.evaluate = _evaluator()
        # per-hand scratch (the decide callback is one bound method for every hand)
        self._elapsed = 0.0
        self._t0 = 0.0
        self._street = 0
        self._seat_rows = np.array(
            [
                [2 * s, 2 * s + 1, *range(2 * self.seats_per_table, 2 * self.seats_per_table + 5)]
                for s in range(self.seats_per_table)
            ],
            dtype=np.intp,
        )

    # -- set-up ------------------------------------------------------------------------------

    def _build_models(self) -> list[PlayerModel]:
        """One model per player; stateless built-ins with equal specs share one instance."""
        builtin = set(builtin_models())
        cache: dict[tuple[str, float, tuple[tuple[str, Any], ...]], PlayerModel] = {}
        out: list[PlayerModel] = []
        timing = self.sc.timing
        think = ThinkTime(median_seconds=timing.think_median_seconds, sigma=timing.think_sigma)
        for spec in self.specs:
            params = tuple(sorted(spec.params.items()))
            key = (spec.model, spec.skill, params)
            if spec.model in builtin:
                model = cache.get(key)
                if model is None:
                    model = make_model(
                        spec.model, skill=spec.skill, params=spec.params, think=think
                    )
                    cache[key] = model
            else:
                model = make_model(spec.model, skill=spec.skill, params=spec.params, think=think)
            out.append(model)
        return out

    def emit(self, event: Any) -> None:
        if self.emit_fn is not None:
            self.emit_fn(event)

    def _open_table(self, seats: dict[int, int], *, final: bool = False) -> _Table:
        tid = self.next_table_id
        self.next_table_id += 1
        tab = _Table(tid, seats, self.env.event())
        self.tables[tid] = tab
        self.idle[tid] = None
        self.by_size[len(seats)][tid] = None
        for s, p in seats.items():
            self.location[p] = (tid, s)
        self.emit(
            TableOpened(
                t=int(self.env.now),
                table_id=tid,
                seat_nos=tuple(seats),
                player_ids=tuple(seats.values()),
                final=final,
            )
        )
        self.env.process(self._table_process(tab))
        return tab

    def _close_table(self, tab: _Table) -> None:
        tab.open = False
        self.idle.pop(tab.table_id, None)
        del self.by_size[len(tab.seats)][tab.table_id]
        del self.tables[tab.table_id]
        self.emit(TableBroken(t=int(self.env.now), table_id=tab.table_id))
        if not tab.go.triggered:
            tab.go.succeed()  # let its process end

    def _set_size(self, tab: _Table, before: int) -> None:
        del self.by_size[before][tab.table_id]
        self.by_size[len(tab.seats)][tab.table_id] = None

    def start(self) -> None:
        sc = self.sc
        on_time = self._late_start()  # R-REG-1: late players arrive later
        self.emit(
            TournamentStarted(
                t=0,
                name=sc.name,
                seed=self.seed,
                entries=len(on_time),
                starting_stack=sc.starting_stack,
                seats_per_table=self.seats_per_table,
                prize_pool_cents=self.pool,
                places_paid=self.places_paid,
                start_clock=sc.start_seconds,
            )
        )
        for p in on_time:
            self.bounty.register(p)
        fixed = self.start_position
        if fixed is None:
            draw = draw_seats(
                len(on_time),
                self.seats_per_table,
                rngs.generator(self.seed, rngs.STREAM_SEATING, 0),
            )
            if len(on_time) < self.n:
                draw = [{s: on_time[i] for s, i in seats.items()} for seats in draw]
        else:  # a scripted position (pokersim.script): seats, stacks and buttons as given
            draw = [dict(seats) for seats in fixed.seats]
            self.stack = list(fixed.stacks)
            self.total_chips = sum(self.stack)
        for seats in draw:
            tab = self._open_table(seats)
            if fixed is not None:
                tab.last_button = fixed.buttons[tab.table_id - 1] - 1  # next hand: that seat
        self.env.process(self._clock_process())
        self._resolve()

    # -- the clock ---------------------------------------------------------------------------

    def _clock_process(self) -> Any:
        """Log level changes and break starts at their times (pure functions of time)."""
        level_i = 0
        brk = 0
        env = self.env
        self._emit_level(0)
        while not self.over:
            next_level = (
                self.levels.start_of(level_i + 1) if level_i + 1 < len(self.levels.levels) else None
            )
            next_break = self.breaks.window(brk)[0] if self.breaks.enabled else None
            candidates = [x for x in (next_level, next_break) if x is not None]
            if not candidates:
                return
            at = min(candidates)
            yield env.timeout(at - int(env.now))
            if self.over:
                return
            if next_break is not None and at == next_break:
                self.emit(
                    BreakStarted(t=at, break_index=brk, scheduled_end=self.breaks.window(brk)[1])
                )
                brk += 1
            if next_level is not None and at == next_level:
                level_i += 1
                self._emit_level(level_i)

    def _emit_level(self, i: int) -> None:
        lv = self.levels.levels[i]
        self.emit(
            LevelStarted(
                t=int(self.env.now),
                level_index=i,
                small_blind=lv.small_blind,
                big_blind=lv.big_blind,
                ante=lv.ante,
                ante_kind=lv.ante_kind.value,
            )
        )

    # -- tables ------------------------------------------------------------------------------

    def _table_process(self, tab: _Table) -> Any:
        env = self.env
        while True:
            yield tab.go
            if not tab.open or self.over:
                return
            if tab.recheck and not self._still_ready(tab):
                continue
            while True:
                result, seconds = self._play(tab)
                yield env.timeout(seconds)
                if not self._hand_ended(tab, result):
                    break

    def _start_table(self, tab: _Table) -> None:
        if tab.playing:
            raise InvariantError(f"table {tab.table_id} started twice")
        tab.playing = True
        self.playing += 1
        self.idle.pop(tab.table_id, None)
        tab.go.succeed()

    def _deal(self, tab: _Table, seat_nos: Sequence[int]) -> Deal:
        i = tab.hand_no - tab.block_first
        if i >= tab.block_len:
            # blocks grow 8, 16, 32, 64: short-lived tables do not deal hands they never play
            first = tab.hand_no
            size = min(DECK_BLOCK, max(8, tab.block_len * 2))
            decks = rngs.deck_block(self.seed, tab.table_id, first, size)
            tab.rows = decks.tobytes()  # 52 bytes a hand: compact, and indexing gives ints
            tab.block_first = first
            tab.block_len = size
            if self.evaluate is not None:
                cards = decks[:, self._seat_rows].reshape(-1, 7)
                ranks = np.asarray(self.evaluate(cards), dtype=np.int64)
                tab.strengths = array("q", ranks.tobytes())  # seats_per_table a hand
            i = 0
        row = tab.rows
        j = tab.hand_no - tab.draws_first
        if j >= tab.draws_len:
            # decision draws in blocks of 8, then 16 hands: 7 KB a table, not 29 KB at 64
            if tab.draw_gen is None:
                tab.draw_gen = rngs.generator(self.seed, rngs.STREAM_DECISIONS, tab.table_id)
            size = min(DRAWS_BLOCK, max(8, tab.draws_len * 2))
            tab.uniforms, tab.normals = rngs.decision_block(tab.draw_gen, size)
            tab.draws_first = tab.hand_no
            tab.draws_len = size
            j = 0
        self._draws.start(tab.uniforms, tab.normals, j, self.seed, tab.table_id, tab.hand_no)
        base = 52 * i - 2
        board0 = base + 2 + 2 * self.seats_per_table
        hole = tuple([(row[base + 2 * s], row[base + 2 * s + 1]) for s in seat_nos])
        strengths = None
        srow = tab.strengths
        if srow is not None:
            sbase = i * self.seats_per_table - 1
            strengths = tuple([srow[sbase + s] for s in seat_nos])
        # inputs built here are valid by construction: skip the validating constructors
        self._kernel_rows = row  # the compiled rounds read the cards from here
        self._kernel_base = base
        self._kernel_board = board0
        return unchecked_deal(hole=hole, board=tuple(row[board0 : board0 + 5]), strengths=strengths)

    def _play(self, tab: _Table) -> tuple[HandResult, int]:
        now = int(self.env.now)
        seat_nos = sorted(tab.seats)
        # the moving button (R-BTN-1, R-SEAT-2), as seating.next_button, on the sorted seats
        last = tab.last_button
        b_idx = 0
        if last is not None:
            for k, s in enumerate(seat_nos):
                if s > last:
                    b_idx = k
                    break
        button_seat = seat_nos[b_idx]
        tab.last_button = button_seat
        tab.hand_no += 1
        if not self._level_from <= now < self._level_to:
            li = self._level = self.levels.index_at(now)
            self._level_from = self.levels.start_of(li)
            last_level = li + 1 >= len(self.levels.levels)
            self._level_to = math.inf if last_level else self.levels.start_of(li + 1)
        li = self._level
        stack = self.stack
        ids = [tab.seats[s] for s in seat_nos]
        stacks = tuple([stack[p] for p in ids])
        tab.chips = sum(stacks)
        cache = self.seat_cache
        seats = []
        for s, p, c in zip(seat_nos, ids, stacks):
            seat = cache[p]  # a Seat is immutable: reuse it while stack and seat are unchanged
            if seat is None or seat.stack != c or seat.seat_no != s:
                seat = cache[p] = unchecked_seat(player_id=p, stack=c, seat_no=s)
            seats.append(seat)
        setup = unchecked_setup(
            seats=tuple(seats),
            button=b_idx,
            level=self.levels.levels[li],
            structure=self.sc.structure,
            table_id=tab.table_id,
            hand_no=tab.hand_no,
            level_index=li,
            start_time=now,
        )
        if self.emit_fn is not None:
            self.emit_fn(
                TableHandStarted(
                    t=now,
                    table_id=tab.table_id,
                    hand_no=tab.hand_no,
                    level_index=li,
                    button_seat=button_seat,
                    seat_nos=tuple(seat_nos),
                    player_ids=tuple(ids),
                    stacks=stacks,
                    synchronized=self.sync_round,
                )
            )
        context = self._context
        if context is None or context.players_left != self.remaining or context.level_index != li:
            context = self._context = TournamentContext(
                players_left=self.remaining,
                places_paid=self.places_paid,
                average_stack=self.total_chips / self.remaining,
                level_index=li,
            )
        self._elapsed = 0.0
        self._street = 0
        self._t0 = now + self.pace.deal_seconds
        codes: list[int] | None = None
        if self._kernel_on:
            codes = []
            ask = self._ask
            for p in ids:
                record = ask[p]
                if record is None or record[3] < 0:
                    codes = None  # someone is away, or plays a model the kernel cannot
                    break
                codes.append(record[3])
        if codes is None:
            result = self.play_hand(
                setup,
                self._deal(tab, seat_nos),
                self._decide,
                record_actions=self.record_actions,
                context=context,
            )
        else:
            codes.extend(seat_nos)
            codes.extend(ids)
            self._kernel_input = codes
            result = play_hand(  # the real hand engine (see _kernel_on)
                setup,
                self._deal(tab, seat_nos),
                self._decide,
                record_actions=False,
                context=context,
                rounds=self._rounds,
            )
        if self._timed_out:
            self._hand_timeouts[tab.table_id] = self._timed_out
            self._timed_out = []
        streets = 3 if result.showdown else self._street
        seconds = self.pace.overhead_seconds(streets, result.showdown) + self._elapsed
        return result, max(1, math.ceil(seconds))

    def _decide(self, view: DecisionView) -> Action | None:
        """Ask the player's model, then apply the action clock and time bank (R-DIS-1).

        ``None`` is a time-out: the hand checks when free, else folds (R-HAND-6), and logs it.
        """
        p = view.player_id
        if view.street > self._street:
            self._street = view.street
        ask = self._ask[p]
        if ask is None or (self.conn_on and self._t0 + self._elapsed >= self.conn.start[p]):
            return self._decide_away(view, p)  # absent, or maybe disconnected
        decide, think_seconds, own, _row = ask
        draws = self._draws if own else self._player_rng(p)
        action = decide(view, draws)
        think = think_seconds(view, draws)
        if 0.0 <= think <= self.action_seconds:
            self._elapsed += think  # answered within the action clock: nothing else applies
            return action
        return self._clocked(view, p, action, think, absent=False, back_in=0.0)

    def _rounds(self, t: TableState, first: int) -> bool:
        """Play the betting rounds compiled (`pokersim.betting_kernel`); False: play them here."""
        played, elapsed, street = play_rounds(
            t,
            self._kernel_input,
            self._kernel_rows,
            self._kernel_base,
            self._kernel_board,
            self._kernel_params,
            self._draws,
            first,
            self._elapsed,
            self.action_seconds,
            self.bank,  # think time beyond the clock comes from the bank (R-DIS-1)
        )
        if played:
            self._elapsed = elapsed
            self._street = street
        return played

    def _player_rng(self, p: int) -> np.random.Generator:
        """The player's own generator (plug-in models, time-out absences), made when first used."""
        gen = self.rngs[p]
        if gen is None:
            gen = self.rngs[p] = rngs.generator(self.seed, rngs.STREAM_PLAYER, p)
        return gen

    def _decide_away(self, view: DecisionView, p: int) -> Action | None:
        """A decision of a player who is absent or disconnected (R-DIS-1, R-DIS-2, R-DIS-3).

        A sitting-out player who is not back is folded (or checks, when everyone else is all-in)
        without asking the model, in no time. A disconnected player who cannot be back before
        clock, protection and bank run out times out, also without asking the model. Otherwise
        the model answers once the player is back, on the clock.
        """
        now = self._t0 + self._elapsed
        back_in = self.conn.back_in(p, now)
        absent = self.absent[p]
        if absent:
            if back_in == 0.0:
                back_in = max(0.0, self.away_until[p] - now)
            if back_in > 0.0:
                return sitting_out_action(view.legal, others_all_in(view))
        elif back_in > self.action_seconds + self._protection() + self.bank[p]:
            return self._clocked(view, p, FOLD, 0.0, absent=False, back_in=back_in)
        decide, think_seconds, own, _row = self._records[id(self.models[p])]
        draws = self._draws if own else self._player_rng(p)
        action = decide(view, draws)
        think = think_seconds(view, draws)
        return self._clocked(view, p, action, think, absent=absent, back_in=back_in)

    def _protection(self) -> float:
        """R-DIS-3 extra seconds for a disconnected player now (0 outside the protected stage)."""
        if self.protection.active(
            players_left=self.remaining,
            places_paid=self.places_paid,
            final_table_size=self.sc.final_table_size,
        ):
            return self.protection.extra_seconds
        return 0.0

    def _clocked(
        self,
        view: DecisionView,
        p: int,
        action: Action,
        think: float,
        *,
        absent: bool,
        back_in: float,
    ) -> Action | None:
        """Apply the clock, protection and bank to an answer (``timing.resolve_decision``)."""
        connected = back_in == 0.0  # an absent player gets here only once back
        extra = 0.0 if connected else self._protection()
        out = resolve_decision(
            action,
            think,
            view.legal,
            self.action_clock,
            bank_seconds=self.bank[p],
            absent=absent,
            connected=connected,
            back_in_seconds=back_in,
            protection_seconds=extra,
        )
        if out.bank_used:
            self.bank[p] -= out.bank_used
        now = self._t0 + self._elapsed
        if out.timed_out:
            self.conn.timeouts[p] += 1
            self._timed_out.append((p, now + out.seconds, out.action, connected))
            if connected:
                self.away_until[p] = (
                    now + out.seconds + self.away.away_after_timeout(self._player_rng(p))
                )
            else:  # back when reconnected
                self.away_until[p] = now + out.seconds
        self.absent[p] = out.absent_after
        self._ask[p] = None if out.absent_after else self._records[id(self.models[p])]
        self._elapsed += out.seconds
        return None if out.timed_out else out.action

    def table_all_away(self, table_id: int) -> bool:
        """True when every player at the table is disconnected or absent now (R-DIS-4).

        For the shoot-out and heads-up rule that ends a match after a number of such hands;
        asks about the current simulated time (times asked must never go back).
        """
        tab = self.tables[table_id]
        return self.conn.all_away(list(tab.seats.values()), self.env.now, self.absent)

    def _log_connection(self, tab: _Table, result: HandResult, now: int) -> None:
        """Count and log this hand's time-outs and the players' disconnections up to now."""
        timed_out = self._hand_timeouts.pop(tab.table_id, ())
        ids = [seat.player_id for seat in result.setup.seats]
        changes = self.conn.observe(ids, now)
        emit = self.emit_fn
        if emit is None:
            return
        tid = tab.table_id
        for p, at, action, connected in timed_out:
            emit(
                PlayerTimedOut(
                    t=now,
                    player_id=p,
                    table_id=tid,
                    hand_no=tab.hand_no,
                    at=int(at),
                    action="fold" if action is FOLD else "check",
                    connected=connected,
                )
            )
        for p, at, down in changes:
            if down:
                emit(PlayerDisconnected(t=now, player_id=p, table_id=tid, at=int(at)))
            else:
                emit(PlayerReconnected(t=now, player_id=p, table_id=tid, at=int(at)))

    # -- between hands -----------------------------------------------------------------------

    def _hand_ended(self, tab: _Table, result: HandResult) -> bool:
        """Apply a finished hand; True when the table goes straight on to its next hand."""
        if self.rollback and tab.table_id in self.rollback:
            return self._roll_back(tab, result)  # a server failure voided it (R-FAULT-1)
        now = int(self.env.now)
        tab.playing = False
        self.playing -= 1
        self.hands_played += 1
        if self.on_hand is not None:
            self.on_hand(result)
        setup = result.setup
        finals = result.final_stacks
        if sum(finals) != tab.chips:
            raise InvariantError(
                f"table {tab.table_id} hand {tab.hand_no}: chips {tab.chips} -> {sum(finals)}"
            )
        if self.conn_on or tab.table_id in self._hand_timeouts:
            self._log_connection(tab, result, now)
        if self.emit_fn is not None:
            if self.log_actions:  # the hand's own events, just before its TableHandEnded
                for event in result.events:
                    self.emit_fn(event)
            self.emit_fn(
                TableHandEnded(t=now, table_id=tab.table_id, hand_no=tab.hand_no, stacks=finals)
            )
        before = len(tab.seats)
        stack = self.stack
        out = []
        for seat, left in zip(setup.seats, finals):
            stack[seat.player_id] = left
            if left == 0:
                out.append(seat)
        if self.book_open:  # rebuys and re-entries before anyone is placed (R-REG-2)
            out = self._buy_back(setup, result, out)
        if out:
            by = {k.player_id: k.winner_ids for k in result.knockouts}
            busts: list[tuple[int, int, int, int, tuple[int, ...]]] = []
            for seat in out:
                p = seat.player_id
                winners = by.get(p, ())
                del tab.seats[seat.seat_no]
                busts.append((p, seat.stack, tab.table_id, tab.hand_no, winners))
                self._bounty_paid(self.bounty.knockout(p, winners))
            self._set_size(tab, before)
            self.remaining -= len(busts)
            if self.sync_round:
                self.round_busts.extend(busts)
            else:
                self._place(busts, synchronized=False)
            if self.progress is not None:
                self.progress(len(busts))
        if self.shootout:
            self._shootout_hand(tab)
        if self.faults_on:
            self._after_hand_faults()
            if self.over:
                return False
        if self.remaining <= self.stop_at:
            self._finish()
            return False
        if self.sc.deal.enabled and not self.deal_tried:
            self._maybe_deal()
        if self._hold():
            return self._stop(tab)
        if not self.shootout and must_break(self.remaining, len(self.tables), self.seats_per_table):
            self._break_table(tab)
            return False
        self._balance_from(tab)
        self._wake_idle()
        if len(tab.seats) < 2:
            return self._stop(tab)
        tab.playing = True
        self.playing += 1
        return True

    def _still_ready(self, tab: _Table) -> bool:
        """Re-check a table woken by another's hand when its process resumes.

        Other hands may have ended at the same simulated second in between (a hold may have
        begun, a table may have shrunk), so the table deals only if it still may.
        """
        tab.recheck = False
        if not self._hold():
            self._balance_from(tab)
            if len(tab.seats) >= 2:
                self._wake_idle()
                return True
        tab.playing = False
        self.playing -= 1
        self._stop(tab)
        return False

    def _stop(self, tab: _Table) -> bool:
        tab.go = self.env.event()
        self.idle[tab.table_id] = None
        if self.playing == 0:
            self._resolve()
        return False

    def _hold(self) -> bool:
        """True when every table must stop after its hand (break, final table, hand-for-hand)."""
        if self.sync_round:
            return True
        if self.env.now >= self._addon_at or self.env.now < self.down_until:
            return True
        if self.env.now >= self._next_break:
            return True
        if (
            not self.final_formed
            and self.remaining <= self.sc.final_table_size
            and not self.arrival_at  # R-REG-1: not while late players may still arrive
        ):
            return True
        return self._sync_wanted()

    def _sync_wanted(self) -> bool:
        if self.remaining > self._sync_top or len(self.tables) < 2:
            return False
        r = self.remaining
        return any(low < r <= high for low, high in self.sync_stages)

    def _smallest_other(self, tab: _Table) -> int:
        own = len(tab.seats)
        for k, bucket in enumerate(self.by_size):
            if len(bucket) > (1 if k == own else 0):
                return k
        return own

    def _candidates(self, tab: _Table, *, below: int, want: int) -> list[TableSeats]:
        """Tables that may receive players from ``tab``, smallest first.

        Only tables with fewer than ``below`` players, at most ``want`` of them; within a size,
        in the (deterministic) order the tables came to that size. Moves only ever go to the
        smallest tables, so a bounded set of them keeps the balance at a cost independent of
        the number of tables.
        """
        out: list[TableSeats] = []
        tables = self.tables
        for level in range(min(below, self.seats_per_table)):
            for tid in self.by_size[level]:
                if tid != tab.table_id:
                    out.append(tables[tid].view())
                    if len(out) >= want:
                        return out
        return out

    def _apply(self, moves: Sequence[Move], reason: str) -> None:
        now = int(self.env.now)
        for m in moves:
            src = self.tables[m.from_table]
            dst = self.tables[m.to_table]
            if src.seats.get(m.from_seat) != m.player_id or m.to_seat in dst.seats:
                raise InvariantError(f"bad move {m}")
            del src.seats[m.from_seat]
            self._set_size(src, len(src.seats) + 1)
            dst.seats[m.to_seat] = m.player_id
            self._set_size(dst, len(dst.seats) - 1)
            self.location[m.player_id] = (m.to_table, m.to_seat)
            self.emit(
                PlayerMoved(
                    t=now,
                    player_id=m.player_id,
                    from_table=m.from_table,
                    from_seat=m.from_seat,
                    to_table=m.to_table,
                    to_seat=m.to_seat,
                    reason=reason,
                )
            )

    def _wake_idle(self) -> None:
        """Start the idle tables that can play.

        They had too few players, or a hold was lifted (say, a bust elsewhere took the field
        past a hand-for-hand stage before that stage began).
        """
        if not self.idle or self.over or self.resolving or self._hold():
            return
        for tid in sorted(self.idle):
            t = self.tables.get(tid)
            if t is None or t.playing:
                continue
            self._balance_from(t)  # it sat out a hold: it may be out of balance by now
            if len(t.seats) >= 2:
                t.recheck = True
                self._start_table(t)

    def _seat_elsewhere_and_close(self, tab: _Table) -> None:
        """R-BAL-1: seat a breaking table's players in the others' free seats, then close it."""
        others = self._candidates(tab, below=self.seats_per_table, want=2 * len(tab.seats) + 2)
        moves = plan_break(
            tab.view(),
            others,
            seats_per_table=self.seats_per_table,
            policy=self.policy,
            rng=(  # only the tda policy draws seats
                rngs.generator(self.seed, rngs.STREAM_SEATING, 1, tab.table_id)
                if self.policy is BalancePolicy.TDA
                else None
            ),
        )
        self._apply(moves, "break")
        self._close_table(tab)

    def _break_table(self, tab: _Table) -> None:
        """R-BAL-1: break the table that is between hands into the others' free seats."""
        self._seat_elsewhere_and_close(tab)
        self._wake_idle()
        if self.playing == 0 and not self.over:
            self._resolve()

    def _balance_from(self, tab: _Table) -> None:
        """R-BAL-2: move players from this table to the smallest ones, if out of tolerance."""
        if len(self.tables) < 2 or self.shootout:
            return
        own = len(tab.seats)
        low = self._smallest_other(tab)
        tolerance = self.tolerance
        if low < 2 and own - low >= 2:
            tolerance = 1  # a table that cannot deal is refilled whatever the tolerance
        elif own - low <= tolerance:
            return
        others = self._candidates(tab, below=own - tolerance, want=2 * own + 2)
        moves = plan_balance(
            tab.view(),
            others,
            seats_per_table=self.seats_per_table,
            tolerance=tolerance,
            policy=self.policy,
        )
        self._apply(moves, "balance")

    # -- when every table is idle -----------------------------------------------------------

    def _resolve(self) -> None:
        """Every table is between hands: do what needs all tables idle, then restart them.

        In order: close a synchronized round, form the final table, break and balance, start
        or end hand-for-hand, take a due break (resuming at its end), restart the tables.
        """
        if self.over:
            return
        now = int(self.env.now)
        if self.sync_round:
            self.sync_round = False
            busts = self.round_busts
            self.round_busts = []
            if busts:
                self._place(busts, synchronized=True)
        self.resolving = True
        if (
            not self.final_formed
            and self.remaining <= self.sc.final_table_size
            and not self.arrival_at  # R-REG-1: not while late players may still arrive
        ):
            self._form_final_table()
        self._rebalance_all()
        self.resolving = False
        wanted = self._sync_wanted()
        if wanted and not self.sync_on:
            self.sync_on = True
            self.sync_since = now
            self.emit(HandForHandStarted(t=now, players_left=self.remaining))
        elif not wanted and self.sync_on:
            self.sync_on = False
            self.sync_seconds += now - self.sync_since
            self.emit(HandForHandEnded(t=now, players_left=self.remaining))
        if self.faults_on:
            if self.dq_pending and self.remaining > self.stop_at:
                self._apply_disqualifications()
                if self.remaining <= self.stop_at:
                    self._finish()
                    return
            if now < self.down_until:
                self._pause_for_outage(now)  # R-FAULT-1: play resumes after the outage
                return
        if now >= self._addon_at:
            self._addon_break(now)  # R-BRK-3: play resumes at the end of the extra break
            return
        resume = now
        started = self.breaks.breaks_started_by(now)
        if started > self.breaks_taken:
            k = started - 1
            self.breaks_taken = started
            self._next_break = self.breaks.window(started)[0]
            resume = max(now, self.breaks.window(k)[1])
            index = k
            if resume > now:
                timer = self.env.timeout(resume - now)
                timer.callbacks.append(lambda _ev: self._restart(index))
                return
            self._restart(index)
            return
        self._restart(None)

    def _restart(self, break_index: int | None) -> None:
        if break_index is not None:
            self.emit(BreakEnded(t=int(self.env.now), break_index=break_index))
        # a synchronized round starts every table together (R-SYNC-1)
        self.sync_round = self.sync_on
        for _tid, tab in sorted(self.tables.items()):
            if len(tab.seats) >= 2:
                self._start_table(tab)
        if self.playing == 0:
            raise InvariantError(f"no table can deal with {self.remaining} players left")

    def _form_final_table(self) -> None:
        """R-BAL-3: everyone left sits at one table, seats drawn at random."""
        now = int(self.env.now)
        old = [t for _tid, t in sorted(self.tables.items())]
        players = [p for t in old for _s, p in sorted(t.seats.items())]
        seats = redraw_seats(
            players,
            self.seats_per_table,
            rngs.generator(self.seed, rngs.STREAM_SEATING, 2),
        )
        for t in old:  # everyone leaves their seat for the final table
            del self.by_size[len(t.seats)][t.table_id]
            self.by_size[0][t.table_id] = None
            t.seats = {}
        tab = self._open_table(seats, final=True)
        self.final_at = now
        self.final_formed = True
        self.emit(FinalTableFormed(t=now, table_id=tab.table_id, players_left=self.remaining))
        if self.sc.deal.enabled and not self.deal_tried:
            self._maybe_deal()
        for t in old:
            self._close_table(t)

    def _rebalance_all(self) -> None:
        """With every table idle: break tables while the field fits on fewer, then balance."""
        if self.shootout:
            self._next_round()  # shoot-outs never break or balance tables
            return
        while must_break(self.remaining, len(self.tables), self.seats_per_table):
            # the smallest table breaks (ties: the highest id, the most recently opened)
            tab = min(self.tables.values(), key=lambda t: (len(t.seats), -t.table_id))
            self._seat_elsewhere_and_close(tab)
        for _ in range(self.n):
            if len(self.tables) < 2:
                return
            big = min(self.tables.values(), key=lambda t: (-len(t.seats), t.table_id))
            before = len(big.seats)
            self._balance_from(big)
            if len(big.seats) == before:
                return

    # -- entries, money and formats (rules in pokersim.entries and pokersim.formats) ---------

    def _open_entries(self) -> None:
        """Open the entry book; the money side stays open while buy-ins may still come."""
        sc = self.sc
        terms = sc.entries
        # R-REG-1: who arrives after the start, and when
        self.arrival_at = late_arrivals(
            self.n,
            terms.late_arrivals_percent,
            terms.late_registration_seconds,
            self.seed,
            process=terms.arrival,
        )
        self.deferred: list[tuple[int, list[tuple[int, int, int, int, tuple[int, ...]]], bool]] = []
        self.book = EntryBook(
            terms,
            sc.payouts,
            players=self.n,
            starting_stack=sc.starting_stack,
            budgets=[getattr(m, "budget_cents", None) for m in self.models],
            registered=[p for p in range(self.n) if p not in self.arrival_at],
        )
        reentry_until = (
            terms.late_registration_seconds
            if terms.reentries_per_player or terms.late_arrivals_percent
            else 0
        )
        rebuy_until = (
            terms.rebuy_period_seconds if terms.rebuys_per_player or terms.addon_chips else 0
        )
        self._close_at = max(reentry_until, rebuy_until)
        self.book_open = self._close_at > 0
        self._addon_at: float = terms.rebuy_period_seconds if terms.addon_chips else math.inf
        self.stop_at = 1  # players left when play stops (R-ELIM-1; more in satellites)
        self.deal_amounts: dict[int, int] = {}  # R-DEAL-1: each player's deal, once made
        self.deal_kept = 0  # kept in play for first place
        self.deal_tried = False
        self.shootout = self.sc.shootout.enabled  # each table plays to one winner
        self.round = 1
        self.away_hands: dict[int, int] = {}  # R-DIS-4: consecutive all-away hands by table
        if not self.book_open:
            self.book.close()
        self._set_prizes()
        self._open_faults()

    def _maybe_deal(self) -> None:
        """R-DEAL-1: at the final table, when few enough are left and every model agrees."""
        terms = self.sc.deal
        if (
            not terms.enabled
            or self.deal_amounts
            or not self.final_formed
            or self.stop_at > 1
            or not 2 <= self.remaining <= terms.at_players
            or len(self.tables) != 1  # no deals except at the final table (R-DEAL-1)
            or self.book_open
        ):
            return
        now = int(self.env.now)
        players = [p for p in range(self.n) if self.stack[p] > 0]
        stacks = [self.stack[p] for p in players]
        keep = keep_for_first_cents(terms.keep_for_first_percent, self.pool)
        k = len(players)
        next_payout = self.prizes[k - 1] if k <= len(self.prizes) else 0
        keep = min(keep, self.prizes[0] - next_payout)  # what first prize can spare
        deal = make_deal(
            stacks, self.prizes, method=terms.method, keep_for_first=keep, prize_pool=self.pool
        )
        self.deal_tried = True  # offered once, when the count is first reached
        refusing = tuple(
            p
            for i, p in enumerate(players)
            if not model_accepts_deal(self.models[p], stacks, deal.amounts, i)
        )
        if refusing:
            self.emit(DealDeclined(t=now, player_ids=refusing, players_left=len(players)))
            return
        self.deal_amounts = dict(zip(players, deal.amounts))
        self.deal_kept = deal.kept_for_first
        self.emit(
            DealMade(
                t=now,
                method=deal.method.value,
                player_ids=tuple(players),
                stacks=tuple(stacks),
                amounts_cents=deal.amounts,
                kept_for_first_cents=deal.kept_for_first,
            )
        )

    def _set_prizes(self) -> None:
        """The prize pool and table for the entries so far (R-REG-3, satellites R-ELIM-1)."""
        self.pool = self.book.prize_pool
        seat = self.sc.satellite.seat_value_cents
        if seat:
            table = satellite_prizes(self.pool, seat, self.n)
            self.prizes = table.prizes
            self.places_paid = len(table.prizes)
            self.stop_at = table.seats
        else:
            self.prizes = self.book.prizes()
            self.places_paid = self.book.places_paid()

    def _buy_back(self, setup: HandSetup, result: HandResult, out: list[Seat]) -> list[Seat]:
        """Rebuys and re-entries after a hand (R-REG-2); returns the players really out."""
        now = int(self.env.now)
        if (now >= self._close_at and self._addon_at == math.inf) or (
            out and self.remaining - len(out) <= self.places_paid
        ):
            self._close_entries(now, "in the money" if now < self._close_at else "period over")
            return out
        book = self.book
        models = self.models
        if self.sc.entries.late_registration_closes_at_first_elimination and self._someone_out():
            book.close_registration()  # R-REG-1 option: someone is out for good
        for seat in setup.seats:
            p = seat.player_id
            left = self.stack[p]
            budget = book.budget[p]
            if book.can_rebuy(p, left, now) and book.affordable(p, BuyKind.REBUY):
                price = book.price(BuyKind.REBUY)[0]
                if model_wants(models[p], "wants_rebuy", left, price, budget):
                    self._buy(p, BuyKind.REBUY, now)
                    continue
            if left == 0 and book.can_reenter(p, now) and book.affordable(p, BuyKind.REENTRY):
                price = sum(book.price(BuyKind.REENTRY)[:3])
                if model_wants(models[p], "wants_reentry", left, price, budget):
                    winners = next(k.winner_ids for k in result.knockouts if k.player_id == p)
                    self._bounty_paid(self.bounty.knockout(p, winners))  # that entry is over
                    self.bounty.register(p)
                    self._buy(p, BuyKind.REENTRY, now)
        return [s for s in out if self.stack[s.player_id] == 0]

    def _buy(self, p: int, kind: BuyKind, now: int) -> None:
        bought = self.book.buy(p, kind)
        self.stack[p] += bought.chips
        self.total_chips += bought.chips
        self._context = None
        self._set_prizes()  # the table follows the entries until they close (R-REG-3)
        self.emit(
            EntryBought(
                t=now,
                player_id=p,
                kind=kind.value,
                prize_cents=bought.prize_cents,
                bounty_cents=bought.bounty_cents,
                fee_cents=bought.fee_cents,
                chips=bought.chips,
                stack_after=self.stack[p],
            )
        )

    def _addon_break(self, now: int) -> None:
        """R-BRK-3: the extra break at the end of the rebuy period; add-ons are bought in it."""
        self._addon_at = math.inf
        end = now + self.sc.breaks.addon_length_seconds  # [breaks] addon_length_minutes
        self.emit(AddOnBreakStarted(t=now, scheduled_end=end))
        book = self.book
        if not book.closed:
            price = book.price(BuyKind.ADDON)[0]
            for p in range(self.n):
                left = self.stack[p]
                if (
                    left > 0
                    and book.affordable(p, BuyKind.ADDON)
                    and model_wants(self.models[p], "wants_addon", left, price, book.budget[p])
                ):
                    self._buy(p, BuyKind.ADDON, now)
            if now >= self._close_at:
                self._close_entries(now, "period over")
        timer = self.env.timeout(end - now)
        timer.callbacks.append(lambda _ev: self._resolve())

    def _close_entries(self, now: int, reason: str) -> None:
        """R-REG-3: the payout table is chosen from the final entries."""
        self.book.close()
        self.book_open = False
        self._addon_at = math.inf
        self._set_prizes()
        self.sync_stages = [
            st.active_range(self.places_paid, self.sc.final_table_size)
            for st in self.sc.hand_for_hand.stages
        ]
        self._sync_top = max((high for _low, high in self.sync_stages), default=0)
        self.emit(
            EntriesClosed(
                t=now,
                entries=self.book.total_entries,
                prize_pool_cents=self.pool,
                overlay_cents=self.book.overlay,
                bounty_pool_cents=self.bounty.bounty_pool,
                places_paid=self.places_paid,
                reason=reason,
            )
        )

    def _bounty_paid(self, payments: Sequence[BountyPayment | None]) -> None:
        now = int(self.env.now)
        for pay in payments:
            if pay is not None:
                self.emit(
                    BountyPaid(
                        t=now,
                        eliminated_id=pay.eliminated,
                        winner_id=pay.winner,
                        cash_cents=pay.cash_cents,
                        onto_head_cents=pay.onto_head_cents,
                    )
                )

    def _reconcile(self, now: int) -> None:
        """Every cent accounted for at the end (R-MONEY-1, R-KO-1..4), else InvariantError."""
        money = self.bounty.reconcile(prize_pool=self.pool, prizes_paid=sum(self.prize))
        money.check()
        if self.book.bounty_collected + self._fixed_bounties() != money.bounty_pool:
            raise InvariantError(
                f"bounty pool {money.bounty_pool} cents != bounty parts collected "
                f"{self.book.bounty_collected} + fixed bounties {self._fixed_bounties()}"
            )
        self.emit(
            MoneyReconciled(
                t=now,
                prize_pool_cents=money.prize_pool,
                bounty_pool_cents=money.bounty_pool,
                prizes_paid_cents=money.prizes_paid,
                bounties_paid_cents=money.bounties_paid,
                bounties_on_heads_cents=money.bounties_on_heads,
                fees_cents=self.book.fees_collected,
            )
        )

    def _fixed_bounties(self) -> int:
        """Fixed/team bounty money put up by the operator (not from buy-ins)."""
        if self.bounty.kind in (BountyKind.FIXED, BountyKind.TEAM):
            return self.bounty.bounty_pool
        return 0

    def _finish_satellite(self, now: int) -> None:
        """R-ELIM-1: every player left wins a seat; they share first place."""
        survivors = [p for p in range(self.n) if self.stack[p] > 0]
        if len(survivors) != self.unplaced:
            raise InvariantError(f"{self.unplaced} unplaced players but {len(survivors)} left")
        if sum(self.stack[p] for p in survivors) != self.total_chips:
            raise InvariantError("the players left do not hold every chip")
        shares = split_tied(self.prizes, 1, len(survivors))
        for p, cents in zip(survivors, shares):
            self.place[p] = 1
            self.prize[p] = cents
            self.out_at[p] = now
            self.emit(
                PlayerEliminated(
                    t=now,
                    player_id=p,
                    place=1,
                    table_id=self.location[p][0],
                    hand_no=0,
                    starting_stack=self.stack[p],
                    by=(),
                    synchronized=False,
                )
            )
            self.emit(PrizePaid(t=now, player_id=p, place=1, prize_cents=cents))
        self.unplaced = 0
        self.bounty.close()
        leader = min(survivors, key=lambda p: (-self.stack[p], p))
        if self.sync_on:
            self.sync_seconds += now - self.sync_since
            self.sync_on = False
        self._end(now, leader)

    # -- faults (rules in pokersim.faults): server failures, cancellation, disqualification --

    def _open_faults(self) -> None:
        """Draw the run's faults; a process applies them at their times (R-FAULT-1, R-COND-1)."""
        self.faults = plan_faults(
            self.sc.faults,
            self.seed,
            disqualify_at_hands=[h for h, _p in self.scripted_dq_hands],
        )
        self.faults_on = not self.faults.empty
        self.down_until = 0  # no hand starts before this (server outage)
        self.rollback: set[int] = set()  # tables whose hand in progress rolls back
        self.dq_pending: list[int] = []
        self._fail_hand_i = 0
        self._dq_hand_i = 0
        self.hands_rolled_back = 0
        if self.faults.failures or self.faults.disqualifications:
            self.env.process(self._fault_process())

    def _fault_process(self) -> Any:
        plan = self.faults
        timeline = sorted(
            [(t, 0, i) for i, t in enumerate(plan.failures)]
            + [(t, 1, i) for i, t in enumerate(plan.disqualifications)]
        )
        for at, kind, i in timeline:
            if at > self.env.now:
                yield self.env.timeout(at - int(self.env.now))
            if self.over:
                return
            if kind == 0:
                self._server_failure(plan.cancels[i])
            else:
                self._draw_disqualification(i)

    def _server_failure(self, cancel: bool) -> None:
        """R-FAULT-1: every hand in progress at every table rolls back to its start."""
        now = int(self.env.now)
        rolled = tuple(sorted(tid for tid, tab in self.tables.items() if tab.playing))
        self.rollback.update(rolled)
        self.down_until = max(self.down_until, now + self.faults.outage_seconds)
        self.emit(
            ServerFailed(
                t=now, tables_rolled_back=rolled, resume_at=self.down_until, cancelled=cancel
            )
        )
        if cancel:
            self._cancel(now)

    def _roll_back(self, tab: _Table, result: HandResult) -> bool:
        """The hand never happened: stacks stay as they were when it began (R-FAULT-1)."""
        self.rollback.discard(tab.table_id)
        tab.playing = False
        self.playing -= 1
        self.hands_rolled_back += 1
        self.emit(
            HandRolledBack(
                t=int(self.env.now),
                table_id=tab.table_id,
                hand_no=tab.hand_no,
                stacks=result.setup.stacks,
            )
        )
        if self.over:
            return False
        return self._stop(tab)

    def _after_hand_faults(self) -> None:
        """Between hands: scheduled failures by hand count, pending disqualifications."""
        hands = self.faults.failure_hands
        i = self._fail_hand_i
        if i < len(hands) and self.hands_played >= hands[i]:
            self._fail_hand_i += 1
            self._server_failure(self.faults.failure_hand_cancels[i])
        dq_hands = self.scripted_dq_hands
        while self._dq_hand_i < len(dq_hands) and self.hands_played >= dq_hands[self._dq_hand_i][0]:
            self._due_disqualification(dq_hands[self._dq_hand_i][1])
            self._dq_hand_i += 1
        if self.dq_pending and not self.over and not self.sync_round:
            self._apply_disqualifications()

    def _pause_for_outage(self, now: int) -> None:
        timer = self.env.timeout(self.down_until - now)
        timer.callbacks.append(lambda _ev: self._resolve())

    def _cancel(self, now: int) -> None:
        """R-FAULT-1: the tournament is cancelled; the remaining prize money is shared.

        By the configured policy; players are ranked by chips (equal stacks share a place).
        """
        if self.round_busts:
            self._place(self.round_busts, synchronized=True)
            self.round_busts = []
        if self.arrival_at or self.deferred:
            self._flush_places()
        players = [p for p in range(self.n) if self.stack[p] > 0]
        stacks = [self.stack[p] for p in players]
        if self.deal_amounts:  # the deals stand; what was kept for first is shared
            money = self.deal_kept
        else:
            money = remaining_prize_money(self.prizes, len(players)) if self.prizes else 0
        terms = self.sc.faults
        shares = cancellation_shares(
            stacks,
            money,
            policy=terms.cancellation_policy,
            equal_percent=terms.cancellation_equal_percent,
        )
        self.emit(
            TournamentCancelled(
                t=now, player_ids=tuple(players), stacks=tuple(stacks), shares_cents=shares
            )
        )
        order = sorted(range(len(players)), key=lambda i: (-stacks[i], players[i]))
        place = 1
        for rank, i in enumerate(order, start=1):
            if rank > 1 and stacks[i] != stacks[order[rank - 2]]:
                place = rank
            p = players[i]
            cents = shares[i] + self.deal_amounts.get(p, 0)
            self.place[p] = place
            self.prize[p] = cents
            self.out_at[p] = now
            self.emit(
                PlayerEliminated(
                    t=now,
                    player_id=p,
                    place=place,
                    table_id=self.location[p][0],
                    hand_no=0,
                    starting_stack=stacks[i],
                    by=(),
                    synchronized=False,
                )
            )
            if cents:
                self.emit(PrizePaid(t=now, player_id=p, place=place, prize_cents=cents))
        self.unplaced = 0
        self.bounty.close()
        leader = players[order[0]]
        self._end(now, leader)

    def _draw_disqualification(self, index: int) -> None:
        """R-COND-1: a player still in, drawn at random, is to be disqualified."""
        candidates = [p for p in range(self.n) if self.stack[p] > 0 and p not in self.dq_pending]
        if len(candidates) - 1 <= self.stop_at:
            return  # too few left for a disqualification to decide anything but the winner
        scripted = self.scripted_dq
        if scripted is None:
            self.dq_pending.append(pick_player(self.seed, index, candidates))
        elif scripted[index] in candidates:
            self.dq_pending.append(scripted[index])
        else:
            return  # the scripted player is out already
        if self.playing == 0 and not self.resolving:
            self._apply_disqualifications()
            if self.remaining <= self.stop_at:
                self._finish()

    def _due_disqualification(self, p: int) -> None:
        """R-COND-1: scripted player ``p`` is to be disqualified now (a hand-count trigger).

        The same guards as a timed one: nothing if ``p`` is out already, or if too few are left
        for it to decide anything but the winner.
        """
        candidates = [q for q in range(self.n) if self.stack[q] > 0 and q not in self.dq_pending]
        if p in candidates and len(candidates) - 1 > self.stop_at:
            self.dq_pending.append(p)

    def _apply_disqualifications(self) -> None:
        """Disqualify the pending players who are not in a hand now."""
        if self.arrival_at:
            return  # places are given once late registration closes (R-REG-1)
        for p in list(self.dq_pending):
            if self.stack[p] == 0:
                self.dq_pending.remove(p)  # busted first
                continue
            tid, seat_no = self.location[p]
            tab = self.tables[tid]
            if tab.playing or self.remaining - 1 < self.stop_at:
                continue
            self.dq_pending.remove(p)
            self._disqualify(p, tab, seat_no)

    def _disqualify(self, p: int, tab: _Table, seat_no: int) -> None:
        """R-COND-1: chips leave play; the lowest place still open, as if eliminated now."""
        now = int(self.env.now)
        chips = self.stack[p]
        self.stack[p] = 0
        self.total_chips -= chips
        self._context = None
        before = len(tab.seats)
        del tab.seats[seat_no]
        self._set_size(tab, before)
        place = lowest_open_place(self.unplaced)
        cents = self.prizes[place - 1] if place <= len(self.prizes) else 0
        forfeited = False
        if self.deal_amounts:
            cents = self.deal_amounts[p]  # a deal stands
        elif cents and self.sc.faults.disqualified_prize_forfeited:
            forfeited = True
            cents = 0
        self.remaining -= 1
        self.unplaced -= 1
        self.place[p] = place
        self.prize[p] = cents
        self.out_at[p] = now
        self.emit(
            PlayerDisqualified(
                t=now, player_id=p, place=place, chips_removed=chips, prize_forfeited=forfeited
            )
        )
        self.emit(
            PlayerEliminated(
                t=now,
                player_id=p,
                place=place,
                table_id=tab.table_id,
                hand_no=tab.hand_no,
                starting_stack=chips,
                by=(),
                synchronized=False,
            )
        )
        if cents:
            self.emit(PrizePaid(t=now, player_id=p, place=place, prize_cents=cents))
        if forfeited:
            self._forfeit(now, place)
        self._bubble(now)

    def _bubble(self, now: int) -> None:
        """After places are given: the first time the field is down to the places paid."""
        if self.bubble_at is None and self.unplaced <= self.places_paid:
            self.bubble_at = now
            self.emit(BubbleBurst(t=now, players_left=self.unplaced, places_paid=self.places_paid))

    def _forfeit(self, now: int, place: int) -> None:
        """R-COND-1 (forfeit): ``place``'s prize is shared among ALL the other paid places.

        The whole table is redistributed (``redistribute_forfeited_prize``): the places still
        open (above ``place``) are paid their raised prizes when they are decided; each place
        already decided (below it) gets its raise at once, a ``PrizeTopUp`` to its holder, or
        split among players tied for it as their prize was (R-ELIM-2, same order).
        """
        old = self.prizes
        new = redistribute_forfeited_prize(old, place)
        self.prizes = new
        raise_by = [b - a for a, b in zip(old, new)]
        holders: dict[int, list[int]] = {}
        for p in range(self.n):
            q = self.place[p]
            if q > place:
                holders.setdefault(q, []).append(p)
        q = place + 1
        while q <= len(new):
            group = self.tied.get(q) or holders.get(q, [])
            if not group:
                if raise_by[q - 1]:
                    raise InvariantError(f"paid place {q} has no player for its top-up")
                q += 1
                continue
            for p, cents in zip(group, split_tied(raise_by, q, len(group))):
                if cents:
                    self.prize[p] += cents
                    self.emit(
                        PrizeTopUp(t=now, player_id=p, place=q, cents=cents, reason="forfeit")
                    )
            q += len(group)

    # -- shoot-outs (rules in pokersim.formats) -----------------------------------------------

    def _shootout_hand(self, tab: _Table) -> None:
        """R-DIS-4: a table where everyone is away for the configured run of hands ends."""
        if len(tab.seats) < 2:
            return
        if not self.table_all_away(tab.table_id):
            self.away_hands.pop(tab.table_id, None)
            return
        count = self.away_hands.get(tab.table_id, 0) + 1
        self.away_hands[tab.table_id] = count
        if count < self.sc.connection.absent_hands_to_end_match:
            return
        del self.away_hands[tab.table_id]
        now = int(self.env.now)
        ids = sorted(tab.seats.values())
        winner = advancing_player({p: self.stack[p] for p in ids})
        losers = [p for p in ids if p != winner]
        self.emit(MatchEnded(t=now, table_id=tab.table_id, winner_id=winner, hands=count))
        before = len(tab.seats)
        busts: list[tuple[int, int, int, int, tuple[int, ...]]] = []
        for seat_no, p in sorted(tab.seats.items()):
            if p == winner:
                continue
            busts.append((p, self.stack[p], tab.table_id, tab.hand_no, ()))
            self.stack[winner] += self.stack[p]  # the chips go with the match (conserved)
            self.stack[p] = 0
            del tab.seats[seat_no]
        self._set_size(tab, before)
        self.remaining -= len(losers)  # nobody knocked them out: bounties stay on heads
        if self.sync_round:
            self.round_busts.extend(busts)
        else:
            self._place(busts, synchronized=False)

    def _next_round(self) -> None:
        """Shoot-outs: once every table is down to one player, the winners advance."""
        tables = [t for _tid, t in sorted(self.tables.items())]
        if any(len(t.seats) > 1 for t in tables):
            return
        winners = sorted(p for t in tables for p in t.seats.values())
        if len(winners) < 2:
            return
        self.round += 1
        now = int(self.env.now)
        draw = draw_seats(
            len(winners),
            self.seats_per_table,
            rngs.generator(self.seed, rngs.STREAM_SEATING, 3, self.round),
        )
        for t in tables:
            del self.by_size[len(t.seats)][t.table_id]
            self.by_size[0][t.table_id] = None
            t.seats = {}
        self.emit(
            ShootoutRoundStarted(t=now, round=self.round, players=len(winners), tables=len(draw))
        )
        for seats in draw:
            self._open_table({s: winners[i] for s, i in seats.items()}, final=len(draw) == 1)
        for t in tables:
            self._close_table(t)

    # -- late arrivals (R-REG-1; rules in pokersim.entries) ------------------------------------

    def _someone_out(self) -> bool:
        """A player is out for good (placed, or out during late registration)."""
        return bool(self.deferred) or self.unplaced < self.registered

    def _late_start(self) -> list[int]:
        """The players seated at the start; the others arrive over late registration."""
        late = self.arrival_at
        on_time = [p for p in range(self.n) if p not in late]
        for p in late:
            self.stack[p] = 0
        self.total_chips = self.sc.starting_stack * len(on_time)
        self.remaining = self.unplaced = self.registered = len(on_time)
        if late:
            self.env.process(self._arrivals())
        return on_time

    def _arrivals(self) -> Any:
        for at, p in sorted((t, p) for p, t in self.arrival_at.items()):
            if at > self.env.now:
                yield self.env.timeout(at - int(self.env.now))
            if self.over:
                return
            self._arrive(p)

    def _flush_places(self) -> None:
        """Registration is over: rank the players out during it, earliest out lowest."""
        self.arrival_at.clear()
        deferred, self.deferred = self.deferred, []
        for at, busts, synchronized in deferred:
            self._place(busts, synchronized=synchronized)
            for b in busts:
                self.out_at[b[0]] = at  # when they were out, not when ranked

    def _arrive(self, p: int) -> None:
        """R-REG-1: a late player registers and is seated at random in a free seat."""
        if p not in self.arrival_at:
            return  # registration already over
        now = int(self.env.now)
        del self.arrival_at[p]
        try:
            self._register(p, now)
        finally:
            if not self.arrival_at:
                self._flush_places()

    def _register(self, p: int, now: int) -> None:
        if self.sc.entries.late_registration_closes_at_first_elimination and self._someone_out():
            self.book.close_registration()
        self._close_when_full(now)
        if not self.book.can_register(p, now) or self.remaining <= self.places_paid:
            self.emit(PlayerRegistered(t=now, player_id=p, registered=False, table_id=0, seat_no=0))
            return  # too late: never registered (place 0)
        self.book.register(p)
        self.bounty.register(p)
        self.stack[p] = self.sc.starting_stack
        self.total_chips += self.sc.starting_stack
        self.remaining += 1
        self.unplaced += 1
        self.registered += 1
        self._context = None
        self._set_prizes()
        gen = rngs.generator(self.seed, rngs.STREAM_ARRIVALS, 1, p)
        free = [
            (tid, s)
            for tid, tab in sorted(self.tables.items())
            for s in range(1, self.seats_per_table + 1)
            if s not in tab.seats
        ]
        if free:
            tid, seat_no = free[int(gen.integers(len(free)))]
            tab = self.tables[tid]
            before = len(tab.seats)
            tab.seats[seat_no] = p
            self._set_size(tab, before)
            self.location[p] = (tid, seat_no)
        else:  # every seat taken: a new table (balancing fills it)
            seat_no = int(gen.integers(self.seats_per_table)) + 1
            tab = self._open_table({seat_no: p})
        self.emit(
            PlayerRegistered(
                t=now, player_id=p, registered=True, table_id=tab.table_id, seat_no=seat_no
            )
        )
        if not tab.playing and self.playing > 0:  # never during a pause (break, outage)
            self._wake_idle()

    def _close_when_full(self, now: int) -> None:
        """R-REG-1: registration closes when every seat at every table is taken.

        Only with ``entries.max_tables``: without a cap a new table always opens. Checked when
        a late player arrives (the moment a seat would be needed), so the closing is logged once.
        """
        cap = self.sc.entries.max_tables
        book = self.book
        if cap is None or book.registration_closed or len(self.tables) < cap:
            return
        seats = self.seats_per_table
        if any(len(tab.seats) < seats for tab in self.tables.values()):
            return
        book.close_registration()
        self.emit(
            RegistrationClosed(
                t=now, reason="every seat taken", tables=len(self.tables), seats=seats
            )
        )

    # -- places and prizes -------------------------------------------------------------------

    def _place(
        self, busts: list[tuple[int, int, int, int, tuple[int, ...]]], *, synchronized: bool
    ) -> None:
        """Give places to players out together (R-ELIM-2, R-SYNC-2).

        They are ranked by their stacks at the start of the hand; equal stacks share the best
        of their places and split those places' prizes to the cent.
        """
        if self.arrival_at:  # R-REG-1: places are given once late registration closes
            self.deferred.append((int(self.env.now), busts, synchronized))
            return
        now = int(self.env.now)
        ordered = sorted(busts, key=lambda b: (-b[1], b[2], b[0]))
        place = self.unplaced - len(ordered) + 1
        i = 0
        while i < len(ordered):
            j = i
            while j < len(ordered) and ordered[j][1] == ordered[i][1]:
                j += 1
            group = ordered[i:j]
            shares = split_tied(self.prizes, place, len(group))
            if len(group) > 1:
                self.tied[place] = [b[0] for b in group]
            for (p, start, tid, hand_no, by), cents in zip(group, shares):
                if self.deal_amounts:  # R-DEAL-1: the deal replaces the place's prize
                    cents = self.deal_amounts[p]
                self.place[p] = place
                self.prize[p] = cents
                self.out_at[p] = now
                self.emit(
                    PlayerEliminated(
                        t=now,
                        player_id=p,
                        place=place,
                        table_id=tid,
                        hand_no=hand_no,
                        starting_stack=start,
                        by=by,
                        synchronized=synchronized,
                    )
                )
                if cents:
                    self.emit(PrizePaid(t=now, player_id=p, place=place, prize_cents=cents))
            place += len(group)
            i = j
        self.unplaced -= len(ordered)
        self._bubble(now)

    def _finish(self) -> None:
        now = int(self.env.now)
        if self.arrival_at or self.deferred:
            self._flush_places()  # late registration ends with the tournament
        if self.round_busts:
            self._place(self.round_busts, synchronized=True)
            self.round_busts = []
        if self.stop_at > 1:
            self._finish_satellite(now)
            return
        winner = next(p for p in range(self.n) if self.stack[p] > 0)
        if self.stack[winner] != self.total_chips:
            raise InvariantError(
                f"winner {winner} holds {self.stack[winner]} of {self.total_chips} chips"
            )
        if self.unplaced != 1:
            raise InvariantError(f"{self.unplaced} players without a place at the end")
        self.place[winner] = 1
        self.prize[winner] = self.prizes[0]
        if self.deal_amounts:  # R-DEAL-1: the deal plus what was kept in play for first
            self.prize[winner] = self.deal_amounts[winner] + self.deal_kept
        self.out_at[winner] = now
        self.unplaced = 0
        self._bounty_paid((self.bounty.award_winner(winner),))
        if self.sync_on:
            self.sync_seconds += now - self.sync_since
            self.sync_on = False
        self.emit(
            PlayerEliminated(
                t=now,
                player_id=winner,
                place=1,
                table_id=self.location[winner][0],
                hand_no=0,
                starting_stack=self.total_chips,
                by=(),
                synchronized=False,
            )
        )
        self.emit(PrizePaid(t=now, player_id=winner, place=1, prize_cents=self.prize[winner]))
        self._end(now, winner)

    def _end(self, now: int, winner: int) -> None:
        """Close the run: money reconciled to the cent, then the end event (every ending)."""
        self._reconcile(now)
        self.emit(
            TournamentEnded(
                t=now,
                winner_id=winner,
                hands_played=self.hands_played,
                chips_in_play=self.total_chips,
            )
        )
        self.over = True
        self.end_time = now
        self.winner = winner

    def result(self) -> TournamentResult:
        if not self.over:
            raise InvariantError("the tournament stopped before one player held every chip")
        places = sorted(self.place)
        if places[0] == 0:  # late arrivals who never registered have no place
            places = [p for p in places if p] or [0]
        if places[0] != 1 or any(p < 1 for p in places):
            raise InvariantError("not every player has a finishing place")
        return TournamentResult(
            scenario=self.sc.name,
            seed=self.seed,
            entries=self.book.total_entries,
            prize_pool_cents=self.pool,
            places_paid=self.places_paid,
            hands_played=self.hands_played,
            duration_seconds=self.end_time,
            chips_in_play=self.total_chips,
            winner_id=self.winner,
            bubble_seconds=self.bubble_at,
            final_table_seconds=self.final_at,
            hand_for_hand_seconds=self.sync_seconds,
            finishes=tuple(
                Finish(
                    player_id=s.player_id,
                    name=s.name,
                    model=s.model,
                    place=self.place[s.player_id],
                    prize_cents=self.prize[s.player_id],
                    bounty_cents=self.bounty.cash(s.player_id),
                    eliminated_at=self.out_at[s.player_id],
                    timeouts=self.conn.timeouts[s.player_id],
                    disconnects=self.conn.disconnects[s.player_id],
                    entries=self.book.entries[s.player_id],
                )
                for s in self.specs
            ),
        )


def run_tournament(
    scenario: Scenario,
    seed: int = 0,
    *,
    emit: Callable[[Any], None] | None = None,
    on_hand: Callable[[HandResult], None] | None = None,
    record_actions: bool = False,
    progress: Callable[[int], None] | None = None,
    hand_player: HandPlayer | None = None,
    models: Sequence[PlayerModel] | None = None,
    start_position: StartPosition | None = None,
    connections: Connections | None = None,
    disqualified: Sequence[int] | None = None,
    disqualified_at_hands: Sequence[tuple[int, int]] = (),
) -> TournamentResult:
    """Play a whole tournament and return its result.

    ``emit`` receives every tournament event in order (the append-only log); with
    ``record_actions`` also each hand's own events (``pokersim.events`` hand section), just
    before that hand's ``TableHandEnded``. ``on_hand`` receives every ``HandResult`` (hand
    histories; the hands then record their events); ``progress`` the number of
    players eliminated at each elimination. ``hand_player`` replaces ``pokersim.hand.play_hand``
    and ``models`` the scenario's player models (for scripted tests); ``start_position`` replaces
    the seat draw, starting stacks and first buttons, ``connections`` the drawn disconnections,
    ``disqualified`` the player each scheduled disqualification takes (``pokersim.script``),
    ``disqualified_at_hands`` scripted ``(N, player)`` disqualifications due when the N-th hand
    of the tournament ends (the count ``server_failure_at_hands`` uses; ``pokersim.faults``).
    """
    if not 0 <= seed < 2**63:
        raise ValueError(f"seed must be in 0..2**63-1, got {seed}")
    director = _Director(
        scenario,
        seed,
        emit=emit,
        on_hand=on_hand,
        record_actions=record_actions,
        progress=progress,
        hand_player=hand_player if hand_player is not None else play_hand,
        models=models,
        start_position=start_position,
        connections=connections,
        disqualified=disqualified,
        disqualified_at_hands=disqualified_at_hands,
    )
    director.start()
    director.env.run()
    return director.result()

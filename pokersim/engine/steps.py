"""The director's sequences over its desks that need no clock: places, endings, disqualification.

``Steps`` builds the desks of one run and holds the sequences the director runs between
hands: placing players out (or deferring them while late registration is open), the three
endings (one winner, a satellite's seats, a cancellation), a disqualification, a shoot-out
match abandoned. Each sequence calls desks in a fixed order and appends the events they
return to the log; no desk calls another. ``pokersim.engine.director`` adds the clock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokersim.connection import Connections
from pokersim.engine.cashier import Cashier
from pokersim.engine.dealer import Dealer
from pokersim.engine.floor import Floor
from pokersim.engine.format import Format
from pokersim.engine.incidents import Incidents
from pokersim.engine.places import Places
from pokersim.engine.records import Finish, HandPlayer, TournamentResult
from pokersim.engine.schedule import Schedule
from pokersim.engine.stages import HandForHand
from pokersim.engine.state import Bust, Field, Table
from pokersim.entries import late_arrivals
from pokersim.errors import InvariantError
from pokersim.events import (
    EntriesClosed,
    MatchEnded,
    PlayerDisqualified,
    TableBroken,
    TableOpened,
    TournamentCancelled,
    TournamentEnded,
)
from pokersim.formats import advancing_player
from pokersim.hand import HandResult
from pokersim.players import PlayerModel, builtin_models, make_model
from pokersim.rng import Streams
from pokersim.scenario import PlayerSpec, Scenario
from pokersim.timing import ThinkTime

__all__ = ["Options", "Steps", "build_models"]


def build_models(specs: Sequence[PlayerSpec], scenario: Scenario) -> list[PlayerModel]:
    """One model per player; stateless built-ins with equal specs share one instance."""
    builtin = set(builtin_models())
    cache: dict[tuple[str, float, tuple[tuple[str, Any], ...]], PlayerModel] = {}
    out: list[PlayerModel] = []
    timing = scenario.timing
    think = ThinkTime(median_seconds=timing.think_median_seconds, sigma=timing.think_sigma)
    for spec in specs:
        key = (spec.model, spec.skill, tuple(sorted(spec.params.items())))
        model = cache.get(key) if spec.model in builtin else None
        if model is None:
            model = make_model(spec.model, skill=spec.skill, params=spec.params, think=think)
            if spec.model in builtin:
                cache[key] = model
        out.append(model)
    return out


class Options:
    """How a run is observed and what a scripted case replaces (see ``run_tournament``)."""

    def __init__(
        self,
        *,
        emit: Callable[[Any], None] | None = None,
        on_hand: Callable[[HandResult], None] | None = None,
        record_actions: bool = False,
        progress: Callable[[int], None] | None = None,
        hand_player: HandPlayer,
        models: Sequence[PlayerModel] | None = None,
        connections: Connections | None = None,
        disqualified: Sequence[int] | None = None,
        disqualified_at_hands: Sequence[tuple[int, int]] = (),
    ) -> None:
        self.emit = emit
        self.on_hand = on_hand
        self.record_actions = record_actions
        self.progress = progress
        self.hand_player = hand_player
        self.models = models
        self.connections = connections
        self.disqualified = disqualified
        self.disqualified_at_hands = disqualified_at_hands


class Steps:
    """The desks of one run and the sequences between hands that need no clock."""

    def __init__(self, scenario: Scenario, seed: int, opts: Options) -> None:
        self.sc = scenario
        self.seed = seed
        self.streams = Streams(seed)
        self.emit_fn = opts.emit
        self.on_hand = opts.on_hand
        self.record_actions = opts.record_actions or opts.on_hand is not None
        self.log_actions = opts.record_actions and opts.emit is not None
        self.progress = opts.progress
        self.specs: tuple[PlayerSpec, ...] = scenario.players.expand()
        n = len(self.specs)
        self.field = Field(n, scenario.starting_stack)
        models = list(opts.models) if opts.models is not None else build_models(self.specs, scenario)
        if len(models) != n:
            raise ValueError(f"expected {n} player models, got {len(models)}")
        self.models = models
        self.format = Format.of(scenario)
        self.schedule = Schedule(scenario)
        terms = scenario.entries
        # R-REG-1: who arrives after the start, and when
        self.arrival_at = late_arrivals(
            n,
            terms.late_arrivals_percent,
            terms.late_registration_seconds,
            seed,
            process=terms.arrival,
        )
        self.cashier = Cashier(scenario, self.format, self.field, self.specs, models, list(self.arrival_at))
        self.places = Places(self.field)
        self.floor = Floor(scenario, self.field, self.streams)
        self.sync = HandForHand(scenario, self.cashier.places_paid)
        self.dealer: Dealer  # needs the incidents desk, which needs the dealer's generators
        self.incidents = Incidents(
            scenario,
            self.field,
            seed,
            connections=opts.connections,
            player_rng=lambda p: self.dealer.player_rng(p),
            disqualified=opts.disqualified,
            disqualified_at_hands=opts.disqualified_at_hands,
        )
        self.dealer = Dealer(
            scenario,
            self.field,
            self.schedule,
            self.streams,
            self.incidents,
            models,
            hand_player=opts.hand_player,
            record_actions=self.record_actions,
            emits=opts.emit is not None,
        )
        self.final_formed = self.format.final_table_at_start(n)
        self.final_at: int | None = None
        self.over = False
        self.end_time = 0
        self.winner = -1
        self.hands_played = 0
        self.playing = 0  # tables with a hand under way
        self.resolving = False

    # -- the log -----------------------------------------------------------------------------

    @property
    def now(self) -> int:
        """Simulated seconds now (the director's clock)."""
        raise NotImplementedError

    def _log(self, events: Sequence[Any]) -> None:
        """Append the desks' events to the log; opened and broken tables start or end play."""
        emit = self.emit_fn
        for ev in events:
            if emit is not None:
                emit(ev)
            kind = type(ev)
            if kind is TableOpened:
                self._opened(self.floor.tables[ev.table_id])
            elif kind is TableBroken:
                self._closed(ev.table_id)
            elif kind is EntriesClosed:
                self.sync.set_stages(self.cashier.places_paid)

    def _opened(self, tab: Table) -> None:
        raise NotImplementedError

    def _closed(self, table_id: int) -> None:
        raise NotImplementedError

    # -- places ------------------------------------------------------------------------------

    def _place(self, busts: list[Bust], *, synchronized: bool) -> None:
        """Give places to players out together, or keep them while late players may arrive."""
        if self.arrival_at:  # R-REG-1: places are given once late registration closes
            self.places.defer(busts, self.now, synchronized=synchronized)
            return
        cashier = self.cashier
        self._log(
            self.places.place_busts(
                busts,
                self.now,
                cashier.prizes,
                cashier.deal_amounts,
                cashier.places_paid,
                synchronized=synchronized,
            )
        )

    def _flush_places(self) -> None:
        """Registration is over: rank the players out during it, earliest out lowest."""
        self.arrival_at.clear()
        cashier = self.cashier
        self._log(self.places.flush(cashier.prizes, cashier.deal_amounts, cashier.places_paid))

    def _place_round(self) -> None:
        if self.sync.busts:
            self._place(self.sync.round_over(), synchronized=True)

    def _hold(self) -> bool:
        """True when every table must stop after its hand (break, final table, hand-for-hand)."""
        now = self.now
        if self.sync.round:
            return True
        if now >= self.cashier.addon_at or now < self.incidents.down_until:
            return True
        if now >= self.schedule.next_break:
            return True
        if self._final_due():
            return True
        return self.sync.wanted(self.field.remaining, len(self.floor.tables))

    def _final_due(self) -> bool:
        """R-BAL-3: the field fits at the final table (not while late players may arrive)."""
        return (
            not self.final_formed
            and self.field.remaining <= self.sc.final_table_size
            and not self.arrival_at
        )

    def _maybe_deal(self) -> None:
        at_final = self.final_formed and len(self.floor.tables) == 1
        self._log(self.cashier.maybe_deal(self.now, at_final_table=at_final))

    # -- endings -----------------------------------------------------------------------------

    def _finish(self) -> None:
        """Play stops: one winner, or a satellite's seats (R-ELIM-1)."""
        now = self.now
        if self.arrival_at or self.places.deferred:
            self._flush_places()  # late registration ends with the tournament
        if self.sync.busts:
            self._place(self.sync.busts, synchronized=True)
            self.sync.busts = []
        if self.cashier.stop_at > 1:
            self._finish_satellite(now)
            return
        field = self.field
        winner = next(p for p in range(field.n) if field.stack[p] > 0)
        won = self.places.winner(
            winner, self.cashier.winner_prize(winner), now, field.location[winner][0]
        )
        bounty = self.cashier.bounty
        self._log(self.cashier.paid((bounty.award_winner(winner),), now))
        self.sync.stop(now)
        self._log(won)
        self._end(now, winner)

    def _finish_satellite(self, now: int) -> None:
        """R-ELIM-1: every player left wins a seat; they share first place."""
        survivors = self.field.holding()
        tables = [self.field.location[p][0] for p in survivors]
        events = self.places.satellite_seats(survivors, self.cashier.prizes, now, tables)
        self._log(events)
        self.cashier.bounty.close()
        stack = self.field.stack
        leader = min(survivors, key=lambda p: (-stack[p], p))
        self.sync.stop(now)
        self._end(now, leader)

    def _end(self, now: int, winner: int) -> None:
        """Close the run: money reconciled to the cent, then the end event (every ending)."""
        self._log([self.cashier.reconcile(now, sum(self.places.prize))])
        self._log(
            [
                TournamentEnded(
                    t=now,
                    winner_id=winner,
                    hands_played=self.hands_played,
                    chips_in_play=self.field.total_chips,
                )
            ]
        )
        self.over = True
        self.end_time = now
        self.winner = winner

    def _cancel(self, now: int) -> None:
        """R-FAULT-1: the tournament is cancelled; the remaining prize money is shared.

        By the configured policy; players are ranked by chips (equal stacks share a place).
        """
        if self.sync.busts:
            self._place(self.sync.busts, synchronized=True)
            self.sync.busts = []
        if self.arrival_at or self.places.deferred:
            self._flush_places()
        field = self.field
        players = field.holding()
        stacks = [field.stack[p] for p in players]
        shares = self.cashier.cancellation(stacks)
        self._log(
            [
                TournamentCancelled(
                    t=now, player_ids=tuple(players), stacks=tuple(stacks), shares_cents=shares
                )
            ]
        )
        deal = self.cashier.deal_amounts
        cents = [s + deal.get(p, 0) for p, s in zip(players, shares)]
        tables = [field.location[p][0] for p in players]
        self._log(self.places.cancelled(players, stacks, cents, now, tables))
        self.cashier.bounty.close()
        leader = min(players, key=lambda p: (-field.stack[p], p))
        self._end(now, leader)

    # -- disqualification and abandoned matches ----------------------------------------------

    def _apply_disqualifications(self) -> None:
        """Disqualify the pending players who are not in a hand now."""
        if self.arrival_at:
            return  # places are given once late registration closes (R-REG-1)
        pending = self.incidents.dq_pending
        field = self.field
        for p in list(pending):
            if field.stack[p] == 0:
                pending.remove(p)  # busted first
                continue
            tid, seat_no = field.location[p]
            tab = self.floor.tables[tid]
            if tab.playing or field.remaining - 1 < self.cashier.stop_at:
                continue
            pending.remove(p)
            self._disqualify(p, tab, seat_no)

    def _disqualify(self, p: int, tab: Table, seat_no: int) -> None:
        """R-COND-1: chips leave play; the lowest place still open, as if eliminated now."""
        now = self.now
        field = self.field
        cashier = self.cashier
        chips = field.stack[p]
        field.stack[p] = 0
        field.total_chips -= chips
        self.floor.unseat(tab, seat_no)
        place = self.places.lowest_open()
        cents = cashier.prize_of(place)
        forfeited = False
        if cashier.deal_amounts:
            cents = cashier.deal_amounts[p]  # a deal stands
        elif cents and self.sc.faults.disqualified_prize_forfeited:
            forfeited = True
            cents = 0
        field.remaining -= 1
        self._log(
            [
                PlayerDisqualified(
                    t=now, player_id=p, place=place, chips_removed=chips, prize_forfeited=forfeited
                )
            ]
        )
        self._log(self.places.disqualified(p, place, chips, cents, now, (tab.table_id, tab.hand_no)))
        if forfeited:
            old, new = cashier.forfeit(place)
            self._log(self.places.top_up(old, new, place, now))
        self._log(self.places.bubble(now, cashier.places_paid))

    def _shootout_hand(self, tab: Table) -> None:
        """R-DIS-4: a table where everyone is away for the configured run of hands ends."""
        count = self.incidents.match_abandoned(tab, self.now)
        if not count:
            return
        now = self.now
        stack = self.field.stack
        winner = advancing_player({p: stack[p] for p in sorted(tab.seats.values())})
        self._log([MatchEnded(t=now, table_id=tab.table_id, winner_id=winner, hands=count)])
        busts: list[Bust] = []
        gone = []
        for seat_no, p in sorted(tab.seats.items()):
            if p == winner:
                continue
            busts.append((p, stack[p], tab.table_id, tab.hand_no, ()))
            stack[winner] += stack[p]  # the chips go with the match (conserved)
            stack[p] = 0
            gone.append(seat_no)
        self.floor.unseat_all(tab, gone)
        self.field.remaining -= len(busts)  # nobody knocked them out: bounties stay on heads
        if self.sync.round:
            self.sync.busts.extend(busts)
        else:
            self._place(busts, synchronized=False)

    # -- the result --------------------------------------------------------------------------

    def result(self) -> TournamentResult:
        """The run's result (the event log tells the same story)."""
        if not self.over:
            raise InvariantError("the tournament stopped before one player held every chip")
        place, prize = self.places.place, self.places.prize
        places = sorted(place)
        if places[0] == 0:  # late arrivals who never registered have no place
            places = [p for p in places if p] or [0]
        if places[0] != 1 or any(p < 1 for p in places):
            raise InvariantError("not every player has a finishing place")
        cashier = self.cashier
        conn = self.incidents.conn
        return TournamentResult(
            scenario=self.sc.name,
            seed=self.seed,
            entries=cashier.book.total_entries,
            prize_pool_cents=cashier.pool,
            places_paid=cashier.places_paid,
            hands_played=self.hands_played,
            duration_seconds=self.end_time,
            chips_in_play=self.field.total_chips,
            winner_id=self.winner,
            bubble_seconds=self.places.bubble_at,
            final_table_seconds=self.final_at,
            hand_for_hand_seconds=self.sync.seconds,
            finishes=tuple(
                Finish(
                    player_id=s.player_id,
                    name=s.name,
                    model=s.model,
                    place=place[s.player_id],
                    prize_cents=prize[s.player_id],
                    bounty_cents=cashier.bounty.cash(s.player_id),
                    eliminated_at=self.places.out_at[s.player_id],
                    timeouts=conn.timeouts[s.player_id],
                    disconnects=conn.disconnects[s.player_id],
                    entries=cashier.book.entries[s.player_id],
                )
                for s in self.specs
            ),
        )

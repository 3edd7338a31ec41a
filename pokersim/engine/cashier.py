"""The cashier: entries, rebuys and add-ons, the pool and its table, bounties, deals, to the cent.

Also late registration, re-entries, cancellation money and the final reconciliation.

It takes the state it needs and returns the events that happened; it never calls another desk.
The rules are pure functions elsewhere (``pokersim.entries``, ``pokersim.payouts``,
``pokersim.bounties``, ``pokersim.deals``, ``pokersim.cancellation``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pokersim.bounties import BountyLedger, BountyPayment
from pokersim.engine.envelopes import envelope_events, reach_stage
from pokersim.engine.format import Format
from pokersim.engine.played import Outcome
from pokersim.engine.state import Field
from pokersim.entries import BuyKind, EntryBook, model_accepts_deal, model_wants
from pokersim.errors import InvariantError
from pokersim.events import (
    AddOnBreakStarted,
    BountyPaid,
    BuyInRefunded,
    DealDeclined,
    DealMade,
    EntriesClosed,
    EntryBought,
    MoneyReconciled,
    PlayerRegistered,
    RegistrationClosed,
)
from pokersim.hand import Seat
from pokersim.multipliers import MultiplierTier
from pokersim.players import PlayerModel
from pokersim.scenario import CancelStage, Scenario

__all__ = ["Cashier"]

Events = list[Any]


class Cashier:
    """Every cent of one tournament: what came in, what the places pay, what was paid."""

    def __init__(
        self,
        scenario: Scenario,
        fmt: Format,
        field: Field,
        models: Sequence[PlayerModel],
        late: Sequence[int],
        spin_tier: MultiplierTier | None = None,
        *,
        bounty: BountyLedger,  # heads (R-KO-1) or a mystery bounty's envelopes (F-MYST-4)
        spin_scripted: bool = False,
        arrivals: bool = False,
    ) -> None:
        self.sc = scenario
        self.spin_tier = spin_tier  # a Spin & Go's drawn multiplier (F-SPIN-1)
        self.spin_scripted = spin_scripted
        self.format = fmt
        self.field = field
        self.models = models
        terms = scenario.entries
        self.bounty = bounty
        n = field.n
        self.book = EntryBook(
            terms,
            scenario.payouts,
            players=n,
            starting_stack=scenario.starting_stack,
            budgets=[getattr(m, "budget_cents", None) for m in models],
            registered=[p for p in range(n) if p not in set(late)],
            seats_per_table=scenario.seats_per_table,
        )
        reentry_until = (
            terms.late_registration_seconds
            if terms.reentries_per_player or terms.late_arrivals_percent or arrivals
            else 0
        )
        rebuy_until = (
            terms.rebuy_period_seconds if terms.rebuys_per_player or terms.addon_chips else 0
        )
        self.close_at = max(reentry_until, rebuy_until)
        self.book_open = self.close_at > 0
        self.addon_at: float = terms.rebuy_period_seconds if terms.addon_chips else math.inf
        self.stop_at = 1  # players left when play stops (R-ELIM-1; more in satellites)
        self.deal_amounts: dict[int, int] = {}  # R-DEAL-1: each player's deal, once made
        self.deal_kept = 0  # kept in play for first place
        self.deal_tried = False
        self.pool = 0
        self.refunded = (0, 0)  # R-FAULT-2: prize parts and fees paid back by a cancellation
        self.prizes: tuple[int, ...] = ()
        self.places_paid = 0
        if not self.book_open:
            self.book.close()
        self.set_prizes()

    # -- the pool and the table --------------------------------------------------------------

    def set_prizes(self) -> None:
        """The prize pool and table for the entries so far (R-REG-3, satellites R-ELIM-1)."""
        self.pool = self.book.prize_pool
        table = self.format.prize_table(self.pool, self.field.n)
        spin = self.format.spin_table(self.spin_tier, self.sc.entries.buy_in_cents)
        if spin is not None:  # F-SPIN-1: the drawn pool, not the prize parts, is paid
            table = spin
            self.pool = sum(spin.prizes)
        if table is not None:
            self.prizes = table.prizes
            self.places_paid = table.places_paid
            self.stop_at = table.stop_at
        else:
            self.prizes = self.book.prizes()
            self.places_paid = self.book.places_paid()

    def prize_of(self, place: int) -> int:
        """The prize of a place (0 past the paid places)."""
        return self.prizes[place - 1] if place <= len(self.prizes) else 0

    def forfeit(
        self, place: int, cents: int | None = None
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """R-COND-1/3: ``place``'s prize (or ``cents`` of it) goes to the other paid places."""
        from pokersim.cancellation import redistribute_forfeited_prize  # noqa: PLC0415 - rare

        old = self.prizes
        self.prizes = redistribute_forfeited_prize(old, place, cents)
        return old, self.prizes

    # -- entries -----------------------------------------------------------------------------

    def close_entries(self, now: int, reason: str) -> Events:
        """R-REG-3: the payout table is chosen from the final entries."""
        self.book.close()
        self.book_open = False
        self.addon_at = math.inf
        self.set_prizes()
        return [
            EntriesClosed(
                t=now,
                entries=self.book.total_entries,
                prize_pool_cents=self.pool,
                overlay_cents=self.book.overlay,
                bounty_pool_cents=self.bounty.bounty_pool,
                places_paid=self.places_paid,
                reason=reason,
            )
        ]

    def buy_back(
        self, result: Outcome, out: list[Seat], now: int, *, someone_out: bool
    ) -> tuple[Events, list[Seat]]:
        """Rebuys and re-entries after a hand (R-REG-2): the events and who is really out."""
        remaining = self.field.remaining
        if (now >= self.close_at and self.addon_at == math.inf) or (
            out and remaining - len(out) <= self.places_paid
        ):
            reason = "in the money" if now < self.close_at else "period over"
            return self.close_entries(now, reason), out
        book = self.book
        if self.sc.entries.late_registration_closes_at_first_elimination and someone_out:
            book.close_registration()  # R-REG-1 option: someone is out for good
        events: Events = []
        stack = self.field.stack
        for seat in result.setup.seats:
            p = seat.player_id
            left = stack[p]
            if book.can_rebuy(p, left, now) and self._wants(p, BuyKind.REBUY, "wants_rebuy"):
                events.append(self._buy(p, BuyKind.REBUY, now))
                continue
            if (
                left == 0
                and book.can_reenter(p, now)
                and self._wants(p, BuyKind.REENTRY, "wants_reentry")
            ):
                winners = next(k.winner_ids for k in result.knockouts if k.player_id == p)
                events += self.paid(self.bounty.knockout(p, winners), now)  # that entry is over
                self.bounty.register(p)
                events.append(self._buy(p, BuyKind.REENTRY, now))
        return events, [s for s in out if stack[s.player_id] == 0]

    def _wants(self, p: int, kind: BuyKind, question: str) -> bool:
        book = self.book
        if not book.affordable(p, kind):
            return False
        price = book.price(kind)
        cost = price[0] if kind is BuyKind.REBUY else sum(price[:3])
        return model_wants(self.models[p], question, self.field.stack[p], cost, book.budget[p])

    def _buy(self, p: int, kind: BuyKind, now: int) -> EntryBought:
        bought = self.book.buy(p, kind)
        field = self.field
        field.stack[p] += bought.chips
        field.total_chips += bought.chips
        self.set_prizes()  # the table follows the entries until they close (R-REG-3)
        return EntryBought(
            t=now,
            player_id=p,
            kind=kind.value,
            prize_cents=bought.prize_cents,
            bounty_cents=bought.bounty_cents,
            fee_cents=bought.fee_cents,
            chips=bought.chips,
            stack_after=field.stack[p],
        )

    def addon_break(self, now: int) -> tuple[Events, int]:
        """R-BRK-3: the extra break at the end of the rebuy period: its events and its end."""
        self.addon_at = math.inf
        end = now + self.sc.breaks.addon_length_seconds  # [breaks] addon_length_minutes
        events: Events = [AddOnBreakStarted(t=now, scheduled_end=end)]
        book = self.book
        if not book.closed:
            price = book.price(BuyKind.ADDON)[0]
            for p in range(self.field.n):
                left = self.field.stack[p]
                if (
                    left > 0
                    and book.affordable(p, BuyKind.ADDON)
                    and model_wants(self.models[p], "wants_addon", left, price, book.budget[p])
                ):
                    events.append(self._buy(p, BuyKind.ADDON, now))
            if now >= self.close_at:
                events += self.close_entries(now, "period over")
        return events, end

    def admit(
        self, p: int, now: int, *, someone_out: bool, full_tables: int
    ) -> tuple[bool, Events]:
        """R-REG-1: a late player asks to register: admitted (to be seated), and the events.

        ``full_tables``: how many tables there are when every seat at every table is taken and
        ``entries.max_tables`` is reached (registration then closes), else 0.
        """
        book = self.book
        events: Events = []
        if self.sc.entries.late_registration_closes_at_first_elimination and someone_out:
            book.close_registration()
        if full_tables and not book.registration_closed:
            book.close_registration()
            events.append(
                RegistrationClosed(
                    t=now,
                    reason="every seat taken",
                    tables=full_tables,
                    seats=self.sc.seats_per_table,
                )
            )
        if not book.can_register(p, now) or self.field.remaining <= self.places_paid:
            events.append(
                PlayerRegistered(t=now, player_id=p, registered=False, table_id=0, seat_no=0)
            )
            return False, events  # too late: never registered (place 0)
        book.register(p)
        self.bounty.register(p)
        field = self.field
        field.stack[p] = self.sc.starting_stack
        field.total_chips += self.sc.starting_stack
        field.remaining += 1
        field.unplaced += 1
        field.registered += 1
        self.set_prizes()
        return True, events

    # -- bounties, deals, the end ------------------------------------------------------------

    def paid(self, payments: Sequence[BountyPayment | None], now: int) -> Events:
        """The envelopes drawn (F-MYST-2) and the bounty payments that happened, as events."""
        return envelope_events(self.bounty, now) + [
            BountyPaid(
                t=now,
                eliminated_id=pay.eliminated,
                winner_id=pay.winner,
                cash_cents=pay.cash_cents,
                onto_head_cents=pay.onto_head_cents,
            )
            for pay in payments
            if pay is not None
        ]

    def knockout(self, p: int, winners: tuple[int, ...], now: int, level: int = 1) -> Events:
        """A player knocked out: their bounty goes to the winners (R-KO-1..4, F-MYST-1..3)."""
        field, closed = self.field, not self.book_open
        reach_stage(self.bounty, players_left=field.remaining,
                    places_paid=self.places_paid, level=level, entries_closed=closed)  # fmt: skip
        return self.paid(self.bounty.knockout(p, winners), now)

    def maybe_deal(self, now: int, *, at_final_table: bool) -> Events:
        """R-DEAL-1: at the final table, when few enough are left and every model agrees."""
        terms = self.sc.deal
        field = self.field
        if (
            not terms.enabled
            or self.deal_amounts
            or not at_final_table
            or self.stop_at > 1
            or not 2 <= field.remaining <= terms.at_players
            or self.book_open
        ):
            return []
        from pokersim.deals import keep_for_first_cents, make_deal  # noqa: PLC0415 - rare

        players = field.holding()
        stacks = [field.stack[p] for p in players]
        keep = keep_for_first_cents(terms.keep_for_first_percent, self.pool)
        next_payout = self.prize_of(len(players))
        keep = min(keep, self.prizes[0] - next_payout)  # what first prize can spare
        open_prizes = self.prizes[: len(players)]  # a place decided may pay less (a forfeit)
        deal = make_deal(
            stacks, open_prizes, method=terms.method, keep_for_first=keep, prize_pool=self.pool
        )
        self.deal_tried = True  # offered once, when the count is first reached
        refusing = tuple(
            p
            for i, p in enumerate(players)
            if not model_accepts_deal(self.models[p], stacks, deal.amounts, i)
        )
        if refusing:
            return [DealDeclined(t=now, player_ids=refusing, players_left=len(players))]
        self.deal_amounts = dict(zip(players, deal.amounts))
        self.deal_kept = deal.kept_for_first
        return [
            DealMade(
                t=now,
                method=deal.method.value,
                player_ids=tuple(players),
                stacks=tuple(stacks),
                amounts_cents=deal.amounts,
                kept_for_first_cents=deal.kept_for_first,
            )
        ]

    def winner_prize(self, winner: int) -> int:
        """First prize, or the winner's deal plus what was kept in play for first (R-DEAL-1)."""
        if self.deal_amounts:
            return self.deal_amounts[winner] + self.deal_kept
        return self.prizes[0]

    def cancel(
        self, players: Sequence[int], stage: CancelStage, now: int, prizes: Sequence[int]
    ) -> tuple[tuple[int, ...], Events]:
        """R-FAULT-1/2: the players' shares of the remaining prize money (beside any deal).

        ``prizes``: those of the places they may still take (``Places.open_prizes``). Also the
        events of the money paid back: refunds, then the bounties on their heads.
        """
        from pokersim.cancellation import Settlement, cancellation_shares, settle_cancellation

        terms = self.sc.faults
        stacks = [self.field.stack[p] for p in players]
        if self.deal_amounts:  # the deals stand; what was kept for first is shared
            none = (0,) * len(players)
            shares = cancellation_shares(
                stacks, self.deal_kept, policy=terms.cancellation_in_money_policy
            )
            settled = Settlement(stage=stage, shares=shares, prize_refunds=none, fee_refunds=none)
        else:
            parts, fees = self.book.paid_in(players)
            settled = settle_cancellation(
                stage, stacks, prizes, prize_parts=parts, fees=fees, terms=terms
            )
        self.refunded = (sum(settled.prize_refunds), sum(settled.fee_refunds))
        events: Events = [
            BuyInRefunded(t=now, player_id=p, prize_cents=prize, fee_cents=fee)
            for p, prize, fee in zip(players, settled.prize_refunds, settled.fee_refunds)
            if prize or fee
        ]
        if terms.cancellation_returns_bounties:
            events += self.paid(self.bounty.return_heads(players), now)
        else:
            self.bounty.close()
        return settled.shares, events

    def reconcile(self, now: int, prizes_paid: int) -> MoneyReconciled:
        """Every cent accounted for at the end (R-MONEY-1, R-KO-1..4), else InvariantError."""
        refunded_prize, refunded_fees = self.refunded
        money = self.bounty.reconcile(
            prize_pool=self.pool, prizes_paid=prizes_paid + refunded_prize
        )
        money.check()
        fixed = self.bounty.operator_funded_cents()
        if self.book.bounty_collected + fixed != money.bounty_pool:
            raise InvariantError(
                f"bounty pool {money.bounty_pool} cents != bounty parts collected "
                f"{self.book.bounty_collected} + fixed bounties {fixed}"
            )
        return MoneyReconciled(
            t=now,
            prize_pool_cents=money.prize_pool,
            bounty_pool_cents=money.bounty_pool,
            prizes_paid_cents=money.prizes_paid,
            bounties_paid_cents=money.bounties_paid,
            bounties_on_heads_cents=money.bounties_on_heads,
            fees_cents=self.book.fees_collected - refunded_fees,  # the fees kept
        )

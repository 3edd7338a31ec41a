"""Entries and the money they bring (R-REG-1..3, R-BRK-3): pure state, no simulation.

The engine asks this module three questions between hands: may this player buy back in (a
rebuy while seated at or below the threshold, a re-entry after busting), when does the money
side close (the payout table is then chosen from the final entries, R-REG-3), and who takes
the add-on (R-BRK-3). Every buy-in is split into its prize, bounty and fee parts in integer
cents (R-MONEY-1), and ``EntryBook`` keeps the running totals so the prize pool is always the
sum of what was collected, topped up to the guarantee.

Choices where RULES.md is silent:

- A player model may answer ``wants_rebuy(stack, price_cents, budget_cents)`` and
  ``wants_addon(stack, price_cents, budget_cents)``; a model without them buys whenever it is
  allowed and can pay (``default_wants``). A player's budget is unlimited unless given.
- Re-entry and rebuys are refused once the field is down to the places paid: the prize table
  is then fixed, so nobody is placed in the money under a table that could still change.
- A busted player with both a rebuy and a re-entry left takes the rebuy (cheaper: no bounty
  or fee part, and the player keeps their seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

import numpy as np

from pokersim import rng as rngs
from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.payouts import (
    FULL_RING,
    places_paid,
    prize_amounts,
    prize_pool_cents,
    shares_for,
)
from pokersim.scenario import ArrivalProcess, Entries, Payouts, exact_decimal

__all__ = [
    "BuyKind",
    "EntryBook",
    "Purchase",
    "default_wants",
    "late_arrivals",
    "model_accepts_deal",
    "model_wants",
]


class BuyKind(StrEnum):
    """What a player paid for."""

    ENTRY = "entry"
    REENTRY = "reentry"
    REBUY = "rebuy"
    ADDON = "addon"


@frozen(slots=True, kw_only=True)
class Purchase:
    """One payment: its parts in cents and the chips it gives."""

    player_id: int
    kind: BuyKind
    prize_cents: int
    bounty_cents: int
    fee_cents: int
    chips: int

    @property
    def total_cents(self) -> int:
        """What the player paid."""
        return self.prize_cents + self.bounty_cents + self.fee_cents


def default_wants(stack: int, price_cents: int, budget_cents: int | None) -> bool:
    """Buy whenever allowed and affordable (the answer of a model with no opinion)."""
    return budget_cents is None or budget_cents >= price_cents


def model_wants(
    model: object, method: str, stack: int, price_cents: int, budget_cents: int | None
) -> bool:
    """Ask a player model's optional ``wants_rebuy``/``wants_addon``; no funds, no buy."""
    if budget_cents is not None and budget_cents < price_cents:
        return False
    ask = getattr(model, method, None)
    if ask is None:
        return default_wants(stack, price_cents, budget_cents)
    return bool(ask(stack, price_cents, budget_cents))


class EntryBook:
    """Every entry, re-entry, rebuy and add-on of one tournament, and the pool they make.

    ``players`` start with one entry each (only ``registered`` ones when given: the others
    arrive later, ``register``). ``budgets`` (cents per player, ``None`` unlimited) are spent by
    every later purchase.
    """

    def __init__(
        self,
        terms: Entries,
        payouts: Payouts,
        *,
        players: int,
        starting_stack: int,
        budgets: Sequence[int | None] | None = None,
        registered: Sequence[int] | None = None,
        seats_per_table: int = FULL_RING,
    ) -> None:
        if players < 1:
            raise ValueError(f"expected at least one player, got {players}")
        if budgets is not None and len(budgets) != players:
            raise ValueError(f"expected {players} budgets, got {len(budgets)}")
        self.terms = terms
        self.payouts = payouts
        self.seats_per_table = seats_per_table  # R-PAY-1: the default table depends on it
        self.players = players
        self.starting_stack = starting_stack
        self.budget: list[int | None] = list(budgets) if budgets is not None else [None] * players
        self.entries = [0] * players
        self.entry_count = 0  # sum(self.entries), kept as they are bought: asked every purchase
        self.holders = 0  # players with an entry (late players who never came hold none)
        self.rebuys = [0] * players
        self.addons = [0] * players
        self.purchases: list[Purchase] = []
        self.prize_collected = 0
        self.bounty_collected = 0
        self.fees_collected = 0
        self.closed = False
        self.registration_closed = False  # R-REG-1: no more (re-)entries
        self.carried_entries = 0  # day 2 of a flighted event: the flights' entries (F-FLIGHT-4)
        for p in range(players) if registered is None else registered:
            self._buy(p, BuyKind.ENTRY)

    def carry(self, entries: int, prize_cents: int) -> None:
        """F-FLIGHT-4: day 2 of a flighted event: its players paid in their flights.

        The book holds the flights' entries and prize parts instead of day 2's own entries, and
        sells nothing more (the payout table is fixed).
        """
        self.entries = [0] * self.players
        self.entry_count = self.holders = 0
        self.purchases.clear()
        self.carried_entries = entries
        self.prize_collected = prize_cents
        self.bounty_collected = self.fees_collected = 0
        self.close()

    # -- money -----------------------------------------------------------------------------

    @property
    def total_entries(self) -> int:
        """Entries and re-entries: what the payout table is chosen by (R-REG-3)."""
        return self.entry_count + self.carried_entries

    @property
    def prize_pool(self) -> int:
        """Prize parts collected, topped up to the guarantee (overlay, R-REG-3)."""
        return prize_pool_cents(self.prize_collected, self.terms.guarantee_cents)

    @property
    def overlay(self) -> int:
        """What the guarantee adds to the collected prize parts."""
        return self.prize_pool - self.prize_collected

    def paid_in(self, players: Sequence[int]) -> tuple[list[int], list[int]]:
        """The prize parts and the fees each of ``players`` paid, every purchase (R-FAULT-2)."""
        prize = dict.fromkeys(players, 0)
        fee = dict.fromkeys(players, 0)
        for buy in self.purchases:
            if buy.player_id in prize:
                prize[buy.player_id] += buy.prize_cents
                fee[buy.player_id] += buy.fee_cents
        return [prize[p] for p in players], [fee[p] for p in players]

    def _placed(self) -> int:
        """How many places there are: the players holding an entry (day 2: every player)."""
        return self.holders or self.players

    def places_paid(self) -> int:
        """Places paid for the entries so far (never more than the players)."""
        return min(
            places_paid(self.payouts, self.total_entries, self.seats_per_table), self._placed()
        )

    def prizes(self) -> tuple[int, ...]:
        """Prize per place (place 1 first) for the entries so far, to the cent (R-MONEY-1).

        With re-entries the table may pay more places than there are players: the places
        beyond the last player are folded into first place, so the whole pool is paid. The
        players are those holding an entry: a late player who never came takes no place.
        """
        shares = shares_for(self.payouts, self.total_entries, self.seats_per_table)
        amounts = list(prize_amounts(self.prize_pool, shares))
        players = self._placed()
        if len(amounts) > players:
            amounts[0] += sum(amounts[players:])
            del amounts[players:]
        return tuple(amounts)

    # -- purchases -------------------------------------------------------------------------

    def can_rebuy(self, player: int, stack: int, now: int) -> bool:
        """R-REG-2: in the rebuy period, at or below the threshold, with rebuys left."""
        t = self.terms
        return (
            not self.closed
            and t.rebuys_per_player > 0
            and now < t.rebuy_period_seconds
            and stack <= t.rebuy_max_stack
            and self.rebuys[player] < t.rebuys_per_player
        )

    def can_reenter(self, player: int, now: int) -> bool:
        """R-REG-2: busted, while late registration is open, with re-entries left."""
        t = self.terms
        return (
            not self.closed
            and not self.registration_closed
            and now < t.late_registration_seconds
            and self.entries[player] - 1 < t.reentries_per_player
        )

    def addon_offered(self) -> bool:
        """R-REG-2, R-BRK-3: an add-on exists (offered once, at the end of the rebuy period)."""
        return self.terms.addon_chips > 0

    def price(self, kind: BuyKind) -> tuple[int, int, int, int]:
        """(prize, bounty, fee, chips) of one purchase of this kind."""
        t = self.terms
        if kind in (BuyKind.ENTRY, BuyKind.REENTRY):
            return t.prize_cents, t.bounty_cents, t.fee_cents, self.starting_stack
        if kind is BuyKind.REBUY:
            return t.rebuy_price_cents, 0, 0, t.rebuy_chips
        return t.addon_price_cents, 0, 0, t.addon_chips

    def affordable(self, player: int, kind: BuyKind) -> bool:
        """No funds, no buy (R-REG-2)."""
        prize, bounty, fee, _chips = self.price(kind)
        budget = self.budget[player]
        return budget is None or budget >= prize + bounty + fee

    def buy(self, player: int, kind: BuyKind) -> Purchase:
        """Record a purchase the caller has checked is allowed; return it."""
        if kind is BuyKind.ENTRY:
            raise ValueError("first entries are made when the book is opened")
        if self.closed and kind is not BuyKind.ADDON:
            raise ValueError(f"player {player}: {kind.value} after entries closed (R-REG-3)")
        if kind is BuyKind.ADDON and self.addons[player]:
            raise ValueError(f"player {player} already took the add-on (offered once, R-REG-2)")
        if not self.affordable(player, kind):
            raise ValueError(f"player {player} cannot pay for a {kind.value} (R-REG-2)")
        return self._buy(player, kind)

    def can_register(self, player: int, now: int) -> bool:
        """R-REG-1: a late player may take a first entry while late registration is open."""
        return (
            not self.closed
            and not self.registration_closed
            and now < self.terms.late_registration_seconds
            and self.entries[player] == 0
        )

    def register(self, player: int) -> Purchase:
        """A late player's first entry (the caller checked ``can_register``)."""
        if self.entries[player]:
            raise ValueError(f"player {player} is already registered (R-REG-2)")
        return self._buy(player, BuyKind.ENTRY)

    def close_registration(self) -> None:
        """R-REG-1 option: registration closes at the first elimination (rebuys go on)."""
        self.registration_closed = True

    def close(self) -> None:
        """Registration and rebuys are over: the payout table is final from now on."""
        self.closed = True

    def _buy(self, player: int, kind: BuyKind) -> Purchase:
        prize, bounty, fee, chips = self.price(kind)
        if kind in (BuyKind.ENTRY, BuyKind.REENTRY):
            self.holders += not self.entries[player]
            self.entries[player] += 1
            self.entry_count += 1
        elif kind is BuyKind.REBUY:
            self.rebuys[player] += 1
        else:
            self.addons[player] += 1
        budget = self.budget[player]
        if budget is not None and kind is not BuyKind.ENTRY:
            self.budget[player] = budget - (prize + bounty + fee)
        self.prize_collected += prize
        self.bounty_collected += bounty
        self.fees_collected += fee
        purchase = Purchase(
            player_id=player,
            kind=kind,
            prize_cents=prize,
            bounty_cents=bounty,
            fee_cents=fee,
            chips=chips,
        )
        self.purchases.append(purchase)
        return purchase


def model_accepts_deal(
    model: object, stacks: Sequence[int], amounts: Sequence[int], index: int
) -> bool:
    """R-DEAL-1: ask a model's optional ``accepts_deal``; a model without it agrees.

    ``stacks`` and ``amounts`` are every remaining player's, ``index`` the model's own.
    """
    ask = getattr(model, "accepts_deal", None)
    if ask is None:
        return True
    return bool(ask(tuple(stacks), tuple(amounts), index))


SURGE_SHARE = 0.2  # late-surge: the share of late players who come in the surge
SURGE_START = 0.9  # late-surge: the surge fills the period from this fraction to its end


def late_arrivals(
    players: int,
    percent: float,
    period_seconds: int,
    seed: int,
    *,
    process: ArrivalProcess | str = ArrivalProcess.UNIFORM,
) -> dict[int, int]:
    """R-REG-1: who arrives after the start, and when (``{player_id: seconds}``).

    ``percent`` of the field (rounded down, leaving at least two players on time) is drawn at
    random from the seed's arrival stream; each arrives at a whole second from 1 to
    ``period_seconds - 1``, drawn from the same stream by ``process``:

    * ``uniform``: uniformly over the period.
    * ``front-loaded``: a fraction ``x = 1 - (1 - u)^(1/3)`` of the period, ``u`` uniform
      (density ``3 (1 - x)^2``: 58 % arrive in the first quarter, under 2 % in the last).
    * ``late-surge``: front-loaded, except that ``SURGE_SHARE`` (one in five) of them arrive
      uniformly in the last tenth of the period, just before registration closes.

    A pure function of its arguments.

    >>> late_arrivals(10, 0, 600, 1)
    {}
    >>> len(late_arrivals(375, 18.4, 1200, 1))  # exactly 69, not 68.99999999999999 rounded down
    69
    """
    try:
        kind = ArrivalProcess(process)
    except ValueError:
        allowed = ", ".join(repr(p.value) for p in ArrivalProcess)
        raise ConfigError(f"arrival must be one of {allowed}, got {process!r}") from None
    late = min(int(players * exact_decimal(percent) / 100), players - 2)  # 18.4 % is 184/1000
    if late <= 0 or period_seconds < 2:
        return {}
    gen = rngs.generator(seed, rngs.STREAM_ARRIVALS, 0)
    who = gen.choice(players, size=late, replace=False)
    if kind is ArrivalProcess.UNIFORM:
        times = gen.integers(1, period_seconds, size=late)
    else:
        u = gen.random(size=late)
        x = 1.0 - (1.0 - u) ** (1.0 / 3.0)
        if kind is ArrivalProcess.LATE_SURGE:
            surge = gen.random(size=late) < SURGE_SHARE
            x = np.where(surge, SURGE_START + (1.0 - SURGE_START) * gen.random(size=late), x)
        # x in [0, 1): whole seconds 1 .. period - 1, as the uniform draw
        times = 1 + np.minimum((x * (period_seconds - 1)).astype(np.int64), period_seconds - 2)
    return {int(p): int(t) for p, t in zip(who, times, strict=True)}

"""Bounty money (R-KO-1..4): who is paid what when a player is knocked out, to the cent.

Who knocked a player out is the hand engine's finding (R-KO-2: the winners of the pot in which
the player was all-in with their last chips, in order from the button's left). This module
only moves the money, in a ledger that proves every cent at every step:

    bounties paid + bounties left on heads == bounty pool

and, with the prizes, ``prizes paid + bounties paid + bounties on heads == prize pool +
bounty pool`` (``BountyLedger.reconcile``).

Formats (R-KO-1): knockout (every entry carries a bounty), progressive knockout (the eliminator
takes half in cash, the other half goes onto their own head), fixed bounty (only named players
carry one) and team bounty (the members of a named group carry one each; the money works as
for fixed bounties). The bounty pool is what was placed on heads: a fixed or team bounty on a
player who never registered is never placed, so never paid (R-KO-4).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from types import MappingProxyType

from pokersim.errors import InvariantError
from pokersim.frozen import frozen
from pokersim.scenario import Bounty, BountyKind

__all__ = [
    "BountyKind",
    "BountyLedger",
    "BountyPayment",
    "MoneyReconciliation",
    "pko_halves",
    "split_bounty",
]


def split_bounty(amount: int, winners: int) -> tuple[int, ...]:
    """Equal shares of one bounty between tied winners (R-KO-3), in the order given.

    The indivisible remainder, all of it, goes to the first winner: the one nearest the
    button on its left.

    >>> split_bounty(1001, 3)
    (335, 333, 333)
    """
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"a bounty must be whole cents >= 0, got {amount!r}")
    if isinstance(winners, bool) or not isinstance(winners, int) or winners < 1:
        raise ValueError(f"a bounty needs at least one winner, got {winners!r}")
    share, rest = divmod(amount, winners)
    return (share + rest,) + (share,) * (winners - 1)


def pko_halves(share: int) -> tuple[int, int]:
    """A progressive-knockout share as (cash, onto the winner's own head) (R-KO-3).

    The cash half takes the odd cent.

    >>> pko_halves(335)
    (168, 167)
    """
    if isinstance(share, bool) or not isinstance(share, int) or share < 0:
        raise ValueError(f"a bounty share must be whole cents >= 0, got {share!r}")
    onto_head = share // 2
    return share - onto_head, onto_head


@frozen(slots=True, kw_only=True)
class BountyPayment:
    """Bounty money one player received: cash, and (PKO) cents added to their own head.

    ``eliminated`` is the player whose bounty it was; for the tournament winner collecting
    their own bounty (R-KO-4) it is the winner themself.
    """

    eliminated: int
    winner: int
    cash_cents: int
    onto_head_cents: int


@frozen(slots=True, kw_only=True)
class MoneyReconciliation:
    """Where every cent of a tournament's prize and bounty money went."""

    prize_pool: int
    bounty_pool: int
    prizes_paid: int
    bounties_paid: int
    bounties_on_heads: int

    @property
    def balanced(self) -> bool:
        """Prizes + bounties paid + bounties on heads equal prize pool + bounty pool."""
        return (
            self.prizes_paid + self.bounties_paid + self.bounties_on_heads
            == self.prize_pool + self.bounty_pool
        )

    def check(self) -> None:
        """Raise ``InvariantError`` naming the difference if any cent is unaccounted for."""
        if not self.balanced:
            out = self.prizes_paid + self.bounties_paid + self.bounties_on_heads
            raise InvariantError(
                f"money does not reconcile: prizes {self.prizes_paid} + bounties paid "
                f"{self.bounties_paid} + on heads {self.bounties_on_heads} = {out} cents, but "
                f"prize pool {self.prize_pool} + bounty pool {self.bounty_pool} = "
                f"{self.prize_pool + self.bounty_pool} cents"
            )


class BountyLedger:
    """The bounty money of one tournament: heads, cash paid, and the pool they came from.

    ``bounty_cents`` is the bounty each registration places: for KO/PKO the bounty part of a
    buy-in (placed on every entry, again on a re-entry), for fixed/team the bounty on each
    target. ``targets`` are the player ids carrying a fixed or team bounty.
    """

    def __init__(
        self, *, kind: BountyKind, bounty_cents: int = 0, targets: Collection[int] = ()
    ) -> None:
        kind = BountyKind(kind)
        if isinstance(bounty_cents, bool) or not isinstance(bounty_cents, int) or bounty_cents < 0:
            raise ValueError(f"bounty_cents must be whole cents >= 0, got {bounty_cents!r}")
        if targets and kind not in (BountyKind.FIXED, BountyKind.TEAM):
            raise ValueError(f"targets only apply to fixed or team bounties, not {kind.value!r}")
        self.kind = kind
        self.bounty_cents = bounty_cents
        self.targets = frozenset(targets)
        self._heads: dict[int, int] = {}
        self._heads_view = MappingProxyType(self._heads)
        self._alive: set[int] = set()
        self._cash: dict[int, int] = {}
        self._pool = 0
        self._paid = 0
        self._on_heads = 0  # running total of ``_heads``, so each step checks in O(1)
        self._finished = False
        self._payments: list[BountyPayment] = []

    @classmethod
    def from_terms(
        cls, terms: Bounty, *, entry_bounty_cents: int, ids_by_name: Mapping[str, int]
    ) -> BountyLedger:
        """A ledger for a scenario's bounty terms; targets never registered carry nothing."""
        if terms.kind in (BountyKind.KO, BountyKind.PKO):
            return cls(kind=terms.kind, bounty_cents=entry_bounty_cents)
        if terms.kind is BountyKind.NONE:
            return cls(kind=terms.kind)
        registered = [ids_by_name[name] for name in terms.targets if name in ids_by_name]
        return cls(kind=terms.kind, bounty_cents=terms.amount_cents, targets=registered)

    # -- queries ---------------------------------------------------------------------------

    @property
    def bounty_pool(self) -> int:
        """Every cent ever placed on a head."""
        return self._pool

    @property
    def bounties_paid(self) -> int:
        """Every cent paid out in cash."""
        return self._paid

    @property
    def bounties_on_heads(self) -> int:
        """Cents still on the heads of players (paid to nobody yet)."""
        return self._on_heads

    @property
    def payments(self) -> tuple[BountyPayment, ...]:
        """Every payment so far, in order."""
        return tuple(self._payments)

    def head(self, player: int) -> int:
        """The bounty now on a player's head, in cents."""
        return self._heads.get(player, 0)

    def heads(self) -> Mapping[int, int]:
        """Every non-zero bounty on a head, by player id (a copy)."""
        return {p: c for p, c in self._heads.items() if c}

    def heads_view(self) -> Mapping[int, int]:
        """The bounties on heads as they stand, read-only and live (no copy; absent means 0)."""
        return self._heads_view

    def cash(self, player: int) -> int:
        """Bounty cash a player has received so far, in cents."""
        return self._cash.get(player, 0)

    # -- changes ---------------------------------------------------------------------------

    def register(self, player: int) -> int:
        """A player takes an entry (also a re-entry): place their bounty; return its cents."""
        self._require_open()
        if player in self._alive:
            raise ValueError(f"player {player} already has an entry in play (R-REG-2)")
        self._alive.add(player)
        placed = self._placed_on(player)
        if placed:
            self._heads[player] = self._heads.get(player, 0) + placed
            self._on_heads += placed
            self._pool += placed
        self._check()
        return placed

    def knockout(self, eliminated: int, winners: Sequence[int]) -> tuple[BountyPayment, ...]:
        """Pay ``eliminated``'s bounty to the winners of their last pot (R-KO-2, R-KO-3).

        ``winners`` are in order from the button's left: the first takes the odd cents.
        """
        winners = self._take_out(eliminated, winners)
        amount = self._heads.pop(eliminated, 0)
        self._on_heads -= amount
        if amount == 0:
            self._check()
            return ()
        payments = []
        for winner, share in zip(winners, split_bounty(amount, len(winners))):
            if self.kind is BountyKind.PKO:
                cash, onto = pko_halves(share)
            else:
                cash, onto = share, 0
            payments.append(self._pay(eliminated, winner, cash, onto))
        self._check()
        return tuple(payments)

    def award_winner(self, player: int) -> BountyPayment | None:
        """The tournament is won: in KO/PKO the winner collects their own bounty (R-KO-4).

        A fixed or team bounty on the winner is not paid: it stays on their head. The ledger
        is closed afterwards.
        """
        self._require_open()
        if player not in self._alive:
            raise ValueError(f"player {player} is not in play, so cannot win")
        payment = None
        if self.kind in (BountyKind.KO, BountyKind.PKO):
            amount = self._heads.pop(player, 0)
            self._on_heads -= amount
            if amount:
                payment = self._pay(player, player, amount, 0)
        self._finished = True
        self._check()
        return payment

    def return_heads(self, players: Sequence[int]) -> tuple[BountyPayment, ...]:
        """Cancelled (R-FAULT-2): KO/PKO heads go back in cash to the players carrying them.

        A fixed or team bounty was put up by the operator, not by its carrier: it is not paid
        (as on a winner, R-KO-4) and stays on the head. The ledger is closed afterwards.
        """
        self._require_open()
        payments = []
        if self.kind in (BountyKind.KO, BountyKind.PKO):
            for p in players:
                if p not in self._alive:
                    raise ValueError(f"player {p} is not in play, so carries no bounty")
                amount = self._heads.pop(p, 0)
                self._on_heads -= amount
                if amount:
                    payments.append(self._pay(p, p, amount, 0))
        self._finished = True
        self._check()
        return tuple(payments)

    def close(self) -> None:
        """End without a single winner (cancellation, satellites): bounties stay on heads."""
        self._finished = True

    def operator_funded_cents(self) -> int:
        """Fixed/team bounty money put up by the operator (not from buy-ins)."""
        if self.kind in (BountyKind.FIXED, BountyKind.TEAM):
            return self.bounty_pool
        return 0

    def reconcile(self, *, prize_pool: int, prizes_paid: int) -> MoneyReconciliation:
        """The money identity of the tournament, with the prize side supplied by the caller."""
        if sum(self._heads.values()) != self._on_heads:
            raise InvariantError("bounty heads do not add up to their running total")
        return MoneyReconciliation(
            prize_pool=prize_pool,
            bounty_pool=self._pool,
            prizes_paid=prizes_paid,
            bounties_paid=self._paid,
            bounties_on_heads=self.bounties_on_heads,
        )

    # -- internals -------------------------------------------------------------------------

    def _take_out(self, eliminated: int, winners: Sequence[int]) -> tuple[int, ...]:
        """Check a knockout (R-KO-2) and take the player out of play; the winners as a tuple."""
        self._require_open()
        if eliminated not in self._alive:
            raise ValueError(f"player {eliminated} is not in play, so cannot be knocked out")
        winners = tuple(winners)
        if not winners:
            raise ValueError(f"knockout of player {eliminated} names no winner")
        if len(set(winners)) != len(winners):
            raise ValueError(f"knockout winners must be distinct, got {winners}")
        for w in winners:
            if w == eliminated or w not in self._alive:
                raise ValueError(
                    f"knockout winner {w} of player {eliminated} must be another player in play"
                )
        self._alive.discard(eliminated)
        return winners

    def _placed_on(self, player: int) -> int:
        if self.kind in (BountyKind.KO, BountyKind.PKO):
            return self.bounty_cents
        if self.kind in (BountyKind.FIXED, BountyKind.TEAM) and player in self.targets:
            return self.bounty_cents
        return 0

    def _pay(self, eliminated: int, winner: int, cash: int, onto: int) -> BountyPayment:
        self._cash[winner] = self._cash.get(winner, 0) + cash
        self._paid += cash
        if onto:
            self._heads[winner] = self._heads.get(winner, 0) + onto
            self._on_heads += onto
        payment = BountyPayment(
            eliminated=eliminated, winner=winner, cash_cents=cash, onto_head_cents=onto
        )
        self._payments.append(payment)
        return payment

    def _require_open(self) -> None:
        if self._finished:
            raise ValueError("the bounty ledger is closed: the tournament has ended")

    def _check(self) -> None:
        on_heads = self._on_heads
        if self._paid + on_heads != self._pool:
            raise InvariantError(
                f"bounty money lost: paid {self._paid} + on heads {on_heads} != pool {self._pool}"
            )

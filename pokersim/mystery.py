"""Mystery bounty money (F-MYST-1..4 in ``docs/formats.md``): envelopes drawn by knockouts.

The bounty part of every entry goes into one envelope pool instead of onto a head. The pool is
shared into the envelopes the scenario publishes; from the start of the bounty phase each
knockout draws one envelope at random, without replacement, and its winners share it as a
bounty (R-KO-3). Knockouts before the phase pay nothing; the winner opens the envelopes left at
the end. The ledger proves every cent at every step:

    cash paid + envelope money not yet drawn == envelope pool (the bounty parts collected)

Choices where no rule speaks (each written up in ``docs/formats.md``):

- The envelopes are published for the field of ``players.count`` first entries. If the bounty
  parts collected differ (re-entries, late players who never came), every envelope is scaled
  by the same factor when it is filled, truncated to the cent, and the cents left over go to
  the first envelope written (R-MONEY-1: nothing is rounded away).
- The envelopes are filled when the phase opens (entries are closed by then, so the pool is
  final), or at the end if the phase never opened.
- More knockouts than envelopes: once the envelopes run out the later knockouts pay nothing.
- A cancellation that returns bounties shares the money of the envelopes left equally among
  the players still in (the odd cents to the first of them): it is their bounty money.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokersim.bounties import (
    BountyKind,
    BountyLedger,
    BountyPayment,
    MoneyReconciliation,
    split_bounty,
)
from pokersim.errors import InvariantError
from pokersim.frozen import frozen
from pokersim.scenario import MysteryBounty, MysteryStart

__all__ = ["EnvelopeDraw", "MysteryLedger", "fill_envelopes", "phase_reached"]


def fill_envelopes(published: Sequence[int], pool_cents: int) -> tuple[int, ...]:
    """The envelopes' cents for a pool: as published when the pool is their sum, else scaled.

    Each scaled envelope is truncated to the cent; the cents left over go to the first one.

    >>> fill_envelopes((500, 300, 200), 1000)
    (500, 300, 200)
    >>> fill_envelopes((100, 100, 100), 400)
    (134, 133, 133)
    """
    total = sum(published)
    if not published or total <= 0 or min(published) < 0:
        raise ValueError(f"expected envelopes of whole cents adding up to > 0, got {published}")
    if pool_cents < 0:
        raise ValueError(f"pool_cents must be >= 0, got {pool_cents}")
    if pool_cents == total:
        return tuple(published)
    amounts = [cents * pool_cents // total for cents in published]
    amounts[0] += pool_cents - sum(amounts)
    return tuple(amounts)


def phase_reached(
    terms: MysteryBounty, *, players_left: int, places_paid: int, level: int, entries_closed: bool
) -> bool:
    """F-MYST-1: the bounty phase has started (never while entries are open).

    ``players_left`` is counted before the eliminations of the hand being settled, so the hand
    that brings the field to the stage pays nothing; ``level`` counts from 1.

    >>> terms = MysteryBounty(starts_at=MysteryStart.PLAYERS_LEFT, players_left=9)
    >>> [phase_reached(terms, players_left=n, places_paid=5, level=1, entries_closed=True)
    ...  for n in (10, 9)]
    [False, True]
    """
    if not entries_closed:
        return False
    if terms.starts_at is MysteryStart.MONEY:
        return players_left <= places_paid
    if terms.starts_at is MysteryStart.PLAYERS_LEFT:
        return players_left <= terms.players_left
    return level >= terms.level


@frozen(slots=True, kw_only=True)
class EnvelopeDraw:
    """One envelope drawn: by a knockout (``"knockout"``) or opened by the winner (``"winner"``).

    ``shares`` go to ``winners`` in order (R-KO-3); ``left`` envelopes remain after it.
    """

    eliminated: int
    cents: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    left: int
    reason: str


class MysteryLedger(BountyLedger):
    """The envelope pool of one mystery bounty tournament, as a bounty ledger.

    The engine treats it as any bounty ledger; the money not yet drawn is reported where a
    knockout ledger reports the bounties on heads. ``rng`` is the run's mystery bounty stream.

    >>> import numpy as np
    >>> from pokersim.scenario import Envelope
    >>> terms = MysteryBounty(envelopes=(Envelope(cents=300, count=1), Envelope(cents=50, count=2)))
    >>> ledger = MysteryLedger(terms=terms, bounty_cents=100, rng=np.random.default_rng(1))
    >>> for p in range(4):
    ...     _ = ledger.register(p)
    >>> ledger.knockout(3, (0,))  # before the phase: nothing
    ()
    >>> ledger.open_phase()
    >>> ledger.envelopes_left  # 400 cents collected for a 400-cent table
    (300, 50, 50)
    >>> [p.cash_cents for p in ledger.knockout(2, (0, 1))]  # a split knockout, R-KO-3
    [25, 25]
    >>> ledger.award_winner(0).cash_cents, ledger.bounties_on_heads  # the winner opens the rest
    (350, 0)
    """

    def __init__(
        self, *, terms: MysteryBounty, bounty_cents: int, rng: np.random.Generator
    ) -> None:
        super().__init__(kind=BountyKind.NONE)
        if isinstance(bounty_cents, bool) or not isinstance(bounty_cents, int) or bounty_cents < 1:
            raise ValueError(f"bounty_cents must be whole cents > 0, got {bounty_cents!r}")
        self.bounty_cents = bounty_cents
        self.terms = terms
        self.published = terms.published_cents
        fill_envelopes(self.published, sum(self.published))  # checks the table
        self._rng = rng
        self._envelopes: list[int] | None = None  # filled when the phase opens
        self.filled: tuple[int, ...] = ()
        self.phase_open = False
        self._draws: list[EnvelopeDraw] = []
        self._fill_pending = False

    # -- queries ---------------------------------------------------------------------------

    @property
    def envelopes_left(self) -> tuple[int, ...]:
        """The cents of every envelope not drawn yet (none before they are filled)."""
        return tuple(self._envelopes or ())

    def take_draws(self) -> tuple[tuple[int, ...] | None, tuple[EnvelopeDraw, ...]]:
        """What happened since the last call: the envelopes if just filled, and the draws."""
        filled = self.filled if self._fill_pending else None
        draws = tuple(self._draws)
        self._fill_pending = False
        self._draws.clear()
        return filled, draws

    # -- changes ---------------------------------------------------------------------------

    def register(self, player: int) -> int:
        """An entry (also a re-entry): its bounty part goes into the envelope pool."""
        self._require_open()
        if player in self._alive:
            raise ValueError(f"player {player} already has an entry in play (R-REG-2)")
        if self._envelopes is not None:
            raise ValueError("the envelopes are filled: entries are closed")
        self._alive.add(player)
        self._pool += self.bounty_cents
        self._on_heads += self.bounty_cents
        self._check()
        return self.bounty_cents

    def open_phase(self) -> None:
        """F-MYST-1: the bounty phase starts; the envelopes are filled from the pool."""
        self.phase_open = True
        self._fill()

    def knockout(self, eliminated: int, winners: Sequence[int]) -> tuple[BountyPayment, ...]:
        """F-MYST-2/3: in the phase, draw one envelope for the winners to share; else nothing."""
        winners = self._take_out(eliminated, winners)
        if not self.phase_open or not self._envelopes:
            return ()
        index = int(self._rng.integers(len(self._envelopes)))
        cents = self._envelopes.pop(index)
        return self._open(eliminated, cents, winners, "knockout")

    def award_winner(self, player: int) -> BountyPayment | None:
        """F-MYST-4: the winner opens every envelope left (in the order written); closes."""
        self._require_open()
        if player not in self._alive:
            raise ValueError(f"player {player} is not in play, so cannot win")
        self._fill()
        assert self._envelopes is not None
        total = 0
        while self._envelopes:
            cents = self._envelopes.pop(0)
            self._on_heads -= cents
            total += cents
            self._record(player, cents, (player,), (cents,), "winner")
        payment = self._pay(player, player, total, 0) if total else None
        self._finished = True
        self._check()
        return payment

    def return_heads(self, players: Sequence[int]) -> tuple[BountyPayment, ...]:
        """Cancelled (R-FAULT-2): the money of the envelopes left, shared by the players in."""
        self._require_open()
        self._fill()
        assert self._envelopes is not None
        left = sum(self._envelopes)
        payments = []
        if players and left:  # nobody to pay: the envelopes and their money stay undrawn
            self._envelopes.clear()
            self._on_heads -= left
            for p, share in zip(players, split_bounty(left, len(players))):
                if p not in self._alive:
                    raise ValueError(f"player {p} is not in play, so shares no envelope")
                payments.append(self._pay(p, p, share, 0))
        self._finished = True
        self._check()
        return tuple(payments)

    def reconcile(self, *, prize_pool: int, prizes_paid: int) -> MoneyReconciliation:
        """The money identity, the envelope money not yet drawn in the place of the heads."""
        if self._envelopes is not None and sum(self._envelopes) != self._on_heads:
            raise InvariantError("the envelopes left do not add up to the money not drawn")
        return MoneyReconciliation(
            prize_pool=prize_pool,
            bounty_pool=self._pool,
            prizes_paid=prizes_paid,
            bounties_paid=self._paid,
            bounties_on_heads=self._on_heads,
        )

    # -- internals -------------------------------------------------------------------------

    def _fill(self) -> None:
        if self._envelopes is None:
            self.filled = fill_envelopes(self.published, self._pool)
            self._envelopes = list(self.filled)
            self._fill_pending = True
            if sum(self.filled) != self._on_heads:
                raise InvariantError(f"envelopes {sum(self.filled)} != pool {self._on_heads}")

    def _open(
        self, eliminated: int, cents: int, winners: tuple[int, ...], reason: str
    ) -> tuple[BountyPayment, ...]:
        self._on_heads -= cents
        shares = split_bounty(cents, len(winners))  # R-KO-3: odd cents to the first winner
        payments = tuple(self._pay(eliminated, w, s, 0) for w, s in zip(winners, shares))
        self._record(eliminated, cents, winners, shares, reason)
        self._check()
        return payments

    def _record(
        self,
        eliminated: int,
        cents: int,
        winners: tuple[int, ...],
        shares: tuple[int, ...],
        reason: str,
    ) -> None:
        left = len(self._envelopes or ())
        self._draws.append(
            EnvelopeDraw(
                eliminated=eliminated,
                cents=cents,
                winners=winners,
                shares=shares,
                left=left,
                reason=reason,
            )
        )

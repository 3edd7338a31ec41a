"""Money when a tournament stops short: cancellation (R-FAULT-1/2) and forfeited prizes (R-COND-1).

A cancellation settles by stage (R-FAULT-2, ``settle_cancellation``): before the start every
buy-in and fee is refunded; before the money the remaining prize money is shared by the
scenario's ``cancellation_policy`` and the players' fees are refunded; in the money by its
``cancellation_in_money_policy`` (default: the lowest prize not yet awarded to each, the rest by
chips). The bounties on the players' heads go back to them (``pokersim.bounties``).

Cancellation shares the *remaining prize money* (the prizes of the places not yet decided)
between the players still in by a policy:

* ``equal-plus-chips`` (default): ``equal_percent`` of the money in equal shares, the rest in
  proportion to chips. Player ``i`` with ``c_i`` of ``C`` chips, ``n`` players, money ``M``:
  ``M * (q / 100 / n + (1 - q / 100) * c_i / C)``.
* ``chips``: all of it in proportion to chips. ``equal``: all of it in equal shares.
* ``next-payout-plus-chips``: the next payout ``g`` (the lowest prize not yet awarded) to each,
  then ``M - n g`` in proportion to chips.

Each player's exact share is a fraction of a cent; everyone gets its whole cents and the cents
left over (fewer than the number of players) go one each to the largest fractional parts, ties
to the bigger stack, then to the earlier player in the given order. So the shares always sum
to the remaining money exactly. ``equal_percent`` is read as the decimal it is written as
(``33.3`` means 333/10), so no binary float rounding reaches the cents.

A disqualified player's forfeited prize (R-COND-1, when the scenario forfeits it) is shared
among the other paid places in proportion to their prizes: each gets the whole cents of its
share and the cents left over go to the best of those places (first place). The engine passes
the whole table: places already paid receive their share as a top-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from pokersim.deals import apportion_cents
from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.scenario import CancellationPolicy, CancelStage, Faults, exact_decimal

__all__ = [
    "CancelStage",
    "CancellationPolicy",
    "Settlement",
    "cancellation_shares",
    "cancellation_stage",
    "redistribute_forfeited_prize",
    "remaining_prize_money",
    "settle_cancellation",
]


def _is_int(x: object) -> bool:
    return isinstance(x, int | np.integer) and not isinstance(x, bool)


def remaining_prize_money(prizes: Sequence[int], players_left: int) -> int:
    """The prizes of places ``1 .. players_left`` (those not yet decided), in cents."""
    if not _is_int(players_left) or players_left < 1:
        raise ConfigError(f"players_left must be a whole number >= 1, got {players_left!r}")
    for i, x in enumerate(prizes):
        if not _is_int(x) or x < 0:
            raise ConfigError(f"prizes must be whole cents >= 0, got prize {i + 1} = {x!r}")
    return int(sum(prizes[:players_left]))


def cancellation_shares(
    stacks: Sequence[int],
    remaining_cents: int,
    *,
    policy: CancellationPolicy | str = CancellationPolicy.EQUAL_PLUS_CHIPS,
    equal_percent: float = 50.0,
    next_payout: int = 0,
) -> tuple[int, ...]:
    """Share the remaining prize money of a cancelled tournament (R-FAULT-1), to the cent.

    ``next_payout`` is the lowest prize not yet awarded (``next-payout-plus-chips`` only).

    >>> cancellation_shares([3000, 1000], 1000)
    (625, 375)
    >>> cancellation_shares([3000, 1000], 1000, policy="chips")
    (750, 250)
    >>> cancellation_shares([3000, 1000], 1000, policy="next-payout-plus-chips", next_payout=300)
    (600, 400)
    """
    try:
        kind = CancellationPolicy(policy)
    except ValueError:
        raise ConfigError(
            f"cancellation policy must be one of {[p.value for p in CancellationPolicy]}, "
            f"got {policy!r}"
        ) from None
    st = list(stacks)
    if not st:
        raise ConfigError("a cancellation needs at least one remaining player")
    for i, x in enumerate(st):
        if not _is_int(x) or x <= 0:
            raise ConfigError(
                f"stacks must be positive whole chip counts, got stack {i + 1} = {x!r}"
            )
    if not _is_int(remaining_cents) or remaining_cents < 0:
        raise ConfigError(
            f"remaining prize money must be whole cents >= 0, got {remaining_cents!r}"
        )
    if isinstance(equal_percent, bool) or not isinstance(equal_percent, int | float):
        raise ConfigError(f"equal_percent must be a number, got {equal_percent!r}")
    q = exact_decimal(equal_percent)
    if not 0 <= q <= 100:
        raise ConfigError(f"equal_percent must be between 0 and 100, got {equal_percent!r}")
    n = len(st)
    chips = sum(st)
    if kind is CancellationPolicy.NEXT_PAYOUT_PLUS_CHIPS:
        return _next_payout_plus_chips(st, int(remaining_cents), next_payout)
    if kind is CancellationPolicy.CHIPS:
        weights: list[Fraction] = [Fraction(c) for c in st]
    elif kind is CancellationPolicy.EQUAL:
        weights = [Fraction(1)] * n
    else:
        # Scaled by 100 * n * chips: q * chips for the equal part, (100 - q) * n * c for chips.
        weights = [q * chips + (100 - q) * n * c for c in st]
    return apportion_cents(int(remaining_cents), weights, stacks=st)


def _next_payout_plus_chips(
    stacks: list[int], remaining_cents: int, next_payout: int
) -> tuple[int, ...]:
    """``next_payout`` to each player first, the rest in proportion to chips (R-FAULT-2)."""
    if not _is_int(next_payout) or next_payout < 0:
        raise ConfigError(f"the next payout must be whole cents >= 0, got {next_payout!r}")
    n = len(stacks)
    rest = remaining_cents - n * int(next_payout)
    if rest < 0:
        raise ConfigError(
            f"{n} players cannot each get the next payout of {next_payout} cents out of "
            f"{remaining_cents} cents"
        )
    by_chips = apportion_cents(rest, [Fraction(c) for c in stacks], stacks=stacks)
    return tuple(int(next_payout) + c for c in by_chips)


def cancellation_stage(*, players_left: int, places_paid: int) -> CancelStage:
    """R-FAULT-2, once play started: before the money (more left than paid), or in the money.

    (Before the start nothing is settled here: every buy-in goes back whole, ``pokersim.lobby``.)

    >>> cancellation_stage(players_left=4, places_paid=3)
    <CancelStage.BEFORE_MONEY: 'before-money'>
    """
    if players_left > places_paid:
        return CancelStage.BEFORE_MONEY
    return CancelStage.IN_MONEY


@frozen(slots=True, kw_only=True)
class Settlement:
    """What each player left receives when the tournament is cancelled, in cents.

    ``shares``: of the remaining prize money; ``prize_refunds`` and ``fee_refunds``: the prize
    parts and fees of their buy-ins paid back. Same order as the stacks given.
    """

    stage: CancelStage
    shares: tuple[int, ...]
    prize_refunds: tuple[int, ...]
    fee_refunds: tuple[int, ...]


def settle_cancellation(
    stage: CancelStage,
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    prize_parts: Sequence[int],
    fees: Sequence[int],
    terms: Faults,
) -> Settlement:
    """R-FAULT-2: the money of a cancellation at ``stage`` for the players left, to the cent.

    ``prizes`` is the payout table in cents; ``prize_parts`` and ``fees`` are what each player
    left paid into the prize pool and in fees (every entry, re-entry, rebuy and add-on). Before
    the money the remaining prize money is shared by ``terms.cancellation_policy`` and the fees
    refunded (``cancellation_refunds_fees``); in the money it is shared by
    ``cancellation_in_money_policy``, the next payout being the prize of the last place open.

    >>> from pokersim.scenario import Faults
    >>> s = settle_cancellation(
    ...     CancelStage.IN_MONEY, [500, 300, 200], [5000, 3000, 2000],
    ...     prize_parts=[1000] * 3, fees=[100] * 3, terms=Faults())
    >>> s.shares, s.fee_refunds
    ((4000, 3200, 2800), (0, 0, 0))
    """
    n = len(stacks)
    if len(prize_parts) != n or len(fees) != n:
        raise ConfigError(f"expected {n} prize parts and fees, got {len(prize_parts)}, {len(fees)}")
    none = (0,) * n
    if stage is CancelStage.BEFORE_START:
        raise ConfigError(
            "a cancellation before the start settles nothing here: every buy-in goes back whole "
            "(pokersim.lobby.cancellation_before_start_refunds)"
        )
    money = remaining_prize_money(prizes, n) if prizes else 0
    if stage is CancelStage.BEFORE_MONEY:
        shares = cancellation_shares(
            stacks,
            money,
            policy=terms.cancellation_policy,
            equal_percent=terms.cancellation_equal_percent,
        )
        refunds = tuple(int(c) for c in fees) if terms.cancellation_refunds_fees else none
        return Settlement(stage=stage, shares=shares, prize_refunds=none, fee_refunds=refunds)
    next_payout = int(prizes[n - 1]) if n <= len(prizes) else 0
    shares = cancellation_shares(
        stacks,
        money,
        policy=terms.cancellation_in_money_policy,
        equal_percent=terms.cancellation_equal_percent,
        next_payout=next_payout,
    )
    return Settlement(stage=stage, shares=shares, prize_refunds=none, fee_refunds=none)


def redistribute_forfeited_prize(
    prizes: Sequence[int], place: int, cents: int | None = None
) -> tuple[int, ...]:
    """The prize table after place ``place`` (1-based) forfeits its prize (R-COND-1).

    The forfeited cents go to the other paid places (prize > 0) in proportion to their
    prizes, whole cents each; the cents left over go to the best of them (first place).
    ``cents``: only that part of the prize is forfeited (R-COND-3 confiscation); default all.

    >>> redistribute_forfeited_prize([5000, 3000, 2000], 3)
    (6250, 3750, 0)
    >>> redistribute_forfeited_prize([500, 300, 100], 3)
    (563, 337, 0)
    >>> redistribute_forfeited_prize([500, 300, 100], 3, 30)
    (519, 311, 70)
    """
    table = list(prizes)
    for i, x in enumerate(table):
        if not _is_int(x) or x < 0:
            raise ConfigError(f"prizes must be whole cents >= 0, got prize {i + 1} = {x!r}")
    if not _is_int(place) or not 1 <= place <= len(table):
        raise ConfigError(
            f"forfeited place must be between 1 and {len(table)} (the paid places), got {place!r}"
        )
    k = place - 1
    forfeited = int(table[k]) if cents is None else cents
    if not _is_int(forfeited) or not 0 <= forfeited <= table[k]:
        raise ConfigError(
            f"forfeited cents must be whole and 0..{table[k]} (place {place}'s prize), "
            f"got {forfeited!r}"
        )
    if forfeited == 0:
        return tuple(int(x) for x in table)
    others = [i for i, x in enumerate(table) if i != k and x > 0]
    if not others:
        raise ConfigError(
            f"place {place} forfeits {forfeited} cents but no other place is paid to share it"
        )
    weight = sum(table[i] for i in others)
    out = [int(x) for x in table]
    out[k] -= forfeited
    given = 0
    for i in others:
        extra = forfeited * int(table[i]) // weight
        out[i] += extra
        given += extra
    out[others[0]] += forfeited - given
    return tuple(out)

"""Money when a tournament stops short: cancellation (R-FAULT-1) and forfeited prizes (R-COND-1).

Cancellation shares the *remaining prize money* (the prizes of the places not yet decided)
between the players still in by the scenario's policy:

* ``equal-plus-chips`` (default): ``equal_percent`` of the money in equal shares, the rest in
  proportion to chips. Player ``i`` with ``c_i`` of ``C`` chips, ``n`` players, money ``M``:
  ``M * (q / 100 / n + (1 - q / 100) * c_i / C)``.
* ``chips``: all of it in proportion to chips. ``equal``: all of it in equal shares.

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
from pokersim.scenario import CancellationPolicy

__all__ = [
    "CancellationPolicy",
    "cancellation_shares",
    "redistribute_forfeited_prize",
    "remaining_prize_money",
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
) -> tuple[int, ...]:
    """Share the remaining prize money of a cancelled tournament (R-FAULT-1), to the cent.

    >>> cancellation_shares([3000, 1000], 1000)
    (625, 375)
    >>> cancellation_shares([3000, 1000], 1000, policy="chips")
    (750, 250)
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
    q = (
        Fraction(str(equal_percent))
        if isinstance(equal_percent, float)
        else Fraction(equal_percent)
    )
    if not 0 <= q <= 100:
        raise ConfigError(f"equal_percent must be between 0 and 100, got {equal_percent!r}")
    n = len(st)
    chips = sum(st)
    if kind is CancellationPolicy.CHIPS:
        weights: list[Fraction] = [Fraction(c) for c in st]
    elif kind is CancellationPolicy.EQUAL:
        weights = [Fraction(1)] * n
    else:
        # Scaled by 100 * n * chips: q * chips for the equal part, (100 - q) * n * c for chips.
        weights = [q * chips + (100 - q) * n * c for c in st]
    return apportion_cents(int(remaining_cents), weights, stacks=st)


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

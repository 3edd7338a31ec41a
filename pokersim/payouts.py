"""Payout tables and prize money, in exact integers (R-MONEY-1, R-REG-3, R-ELIM-2).

A payout table is a tuple of shares, place 1 first, in ``SHARE_UNITS`` (1 unit = 1e-6 %)
summing exactly to ``SHARE_UNITS``. Money is integer cents: each place gets its share of the
pool truncated to the cent and the cents left over go to first place, so no cent is ever
created or lost.

The built-in default imitates the big sites: about 15 % of the field paid, a decreasing curve
with first place near 30 % in small fields and nearer 10 % in very large ones, min-cashes about
1.75 buy-ins, and equal prizes within the usual groups of places (10-12, 13-15, ...).

R-PAY-1: the default also depends on the table size (the scenario's ``seats_per_table``): a
heads-up field pays fewer places and a short-handed (3 to 6 seats) field of 13 to 23 entries
more than a full-ring one. The numbers are the project's own (the source rules say only that
the table size matters, not how); ``docs/money.md`` says where each comes from.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING

from pokersim.errors import ConfigError
from pokersim.scenario import SHARE_UNITS, Payouts

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "FULL_RING",
    "SHARE_UNITS",
    "TableSize",
    "table_size",
    "default_places_paid",
    "default_shares",
    "places_paid",
    "prize_amounts",
    "prize_pool_cents",
    "shares_for",
    "split_tied",
    "tied_share",
]

# Hand-made tables for the smallest fields, where a curve has too few points to look right.
_SMALL_TABLES: dict[int, tuple[int, ...]] = {
    places: tuple(percent * SHARE_UNITS // 100 for percent in percents)
    for places, percents in {
        1: (100,),
        2: (65, 35),
        3: (50, 30, 20),
        4: (40, 30, 20, 10),
    }.items()
}
_MIN_CASH_BUY_INS = 1.75  # target smallest prize, in prize-pool parts of one buy-in
_OFFSET = 2.0  # the curve's place offset c (see _curve)


FULL_RING = 9  # the seats per table the functions below assume when not told


class TableSize(StrEnum):
    """The three table sizes the built-in payouts tell apart (R-PAY-1)."""

    HEADS_UP = "heads-up"  # 2 seats
    SHORT_HANDED = "6-max"  # 3 to 6 seats
    FULL_RING = "9-max"  # 7 to 10 seats


def table_size(seats_per_table: int) -> TableSize:
    """The size class of a table of ``seats_per_table`` seats (2..10)."""
    if isinstance(seats_per_table, bool) or not isinstance(seats_per_table, int):
        raise ValueError(f"expected seats per table as a whole number, got {seats_per_table!r}")
    if not 2 <= seats_per_table <= 10:
        raise ValueError(f"expected 2..10 seats per table, got {seats_per_table}")
    if seats_per_table == 2:
        return TableSize.HEADS_UP
    if seats_per_table <= 6:
        return TableSize.SHORT_HANDED
    return TableSize.FULL_RING


def default_places_paid(entries: int, seats_per_table: int = FULL_RING) -> int:
    """Places paid by the built-in default (R-PAY-1: by field and table size).

    Full ring (7-10 seats): 1 place up to 4 entries, 2 up to 6, 3 up to 10, then 15 % of the
    field rounded half up (at least 3). Short-handed (3-6 seats): the same, except 3 places up
    to 12 entries and at least 4 beyond. Heads-up (2 seats): 12.5 % of the field rounded half up
    (at least 1).

    >>> [default_places_paid(18, seats) for seats in (9, 6, 2)]
    [3, 4, 2]
    """
    _check_entries(entries)
    size = table_size(seats_per_table)
    if size is TableSize.HEADS_UP:
        return max(1, (125 * entries + 500) // 1000)
    if entries <= 4:
        return 1
    if entries <= 6:
        return 2
    if size is TableSize.SHORT_HANDED:
        return 3 if entries <= 12 else max(4, (15 * entries + 50) // 100)
    if entries <= 10:
        return 3
    return max(3, (15 * entries + 50) // 100)


def _first_share_target(entries: int) -> float:
    """First place's target share: about 29 % at 30 entries, 23 % at 180, 14 % at 10,000."""
    return float(0.45 * entries**-0.13)


def _curve(places: int, a: float, min_share: float) -> list[float]:
    """Shares ``((i + c)**-a + b) / Z`` for i = 1..places.

    A power law whose offset c flattens the top (second place gets about 60 % of first, as on
    the big sites) and whose floor b >= 0 lifts the last share to ``min_share`` when the power
    law alone would pay less. Always decreasing; sums to 1.
    """
    powers = [(i + _OFFSET) ** -a for i in range(1, places + 1)]
    b, z = _floor_and_norm(sum(powers), powers[-1], places, min_share)
    return [(p + b) / z for p in powers]


def _floor_and_norm(
    total: float, last: float, places: int, min_share: float
) -> tuple[float, float]:
    """The curve's floor b and its normalizer Z from the sum of its powers and its last power."""
    b = max(0.0, (min_share * total - last) / (1.0 - min_share * places))
    return b, total + places * b


def _first_share(bases: list[float], a: float, min_share: float) -> float:
    """``_curve(len(bases), a, min_share)[0]``, the very same float, without the list.

    ``bases`` are the places plus the offset, ``i + _OFFSET``. The bisection below asks only for
    the first share, and asks it sixty times for tables of up to thousands of places, once for
    every entry of a late registration: the powers are summed as they are made (``sum`` adds
    an iterator's floats as it adds a list's) with the same operations as ``_curve``.
    """
    total = sum(map(pow, bases, repeat(-a, len(bases))))
    b, z = _floor_and_norm(total, bases[-1] ** -a, len(bases), min_share)
    return (bases[0] ** -a + b) / z


def _group_sizes(places: int) -> list[int]:
    """Sizes of the groups of places paid the same prize.

    Places 1-9 one by one, then threes to 18, then nines, growing by nine every 90 places
    (19-27, ..., 91-99, 100-108, ... 181-198, ...); the last group is cut at ``places``.
    """
    sizes: list[int] = []
    start = 1
    while start <= places:
        if start <= 9:
            size = 1
        elif start <= 18:
            size = 3
        else:
            size = 9 * max(1, (start - 1) // 90)
        size = min(size, places - start + 1)
        sizes.append(size)
        start += size
    return sizes


@lru_cache(maxsize=1 << 16)  # a float each: a study's later runs find their late entries here
def _exponent(entries: int, places: int) -> float:
    """The curve's exponent a for ``entries`` paid over ``places``.

    Bisected so that the first share hits its target (the first share grows with a). Each step
    asks ``_BelowTarget`` on which side of the target the first share falls: the answer of the
    sum of powers itself, from far fewer sums.
    """
    below = _BelowTarget(places, _MIN_CASH_BUY_INS / entries, _first_share_target(entries))
    below.bracket(_LAST_EXPONENT[0])
    lo, hi = 0.05, 6.0
    for _ in range(60):
        mid = (lo + hi) / 2
        # no float lies between lo and hi: after this step every later one would repeat it
        settled = mid in (lo, hi)
        if below(mid):
            lo = mid
        else:
            hi = mid
        if settled:
            break
    _LAST_EXPONENT[0] = (lo + hi) / 2
    return (lo + hi) / 2


# How far a power of the C library's pow (behind Python's ``**``) or of numpy's may be from the
# exact power, relative: 64 units in the last place, 16 times the most either is known to miss
# by (numpy's vector pow: 4 units; the C libraries': 1).
_POW_ERROR = 2.0**-46
_UNIT_ROUNDOFF = 2.0**-53  # half the gap between 1.0 and the next float
# Python before 3.12 adds floats one at a time from the left; 3.12 compensates the roundings.
_LEFT_TO_RIGHT_SUM = sys.version_info < (3, 12)
# Python's sums of the first places' powers (none, 1-32, 1-128, 1-512) tried before the whole.
_HEADS = (0, 32, 128, 512)
_LOW, _HIGH = 1.0 - 3.0 * _POW_ERROR, 1.0 + 3.0 * _POW_ERROR  # around either pow's power
_BOUNDED_FROM = 128  # places: fewer are summed exactly sooner than numpy is called
_LAST_EXPONENT = [1.0]  # the last exponent bisected: where the next one is looked for first


class _BelowTarget:
    """Each bisection step's ``_first_share(bases, a, min_share) < target``, asked cheaply.

    The same answer at every step, so the bisection takes the plain one's path to the same
    float (whether or not its predicate is monotone). Steps outside ``sure`` (``bracket``) are
    answered at once, most others from numpy's powers; only the steps nearest the target sum
    Python's powers, as before.

    Why the answers agree. Python's and numpy's powers are each within ``_POW_ERROR`` of the
    exact power. (1) Any sum of n positive floats, in any order, is within n - 1 roundings of
    the real sum (Python 3.12's compensated one, closer), so Python's sum of powers is within
    ``slack`` (relative) of numpy's. (2) Before Python 3.12, ``sum`` adds from the left, one
    at a time, and a sum rounded to the nearest float never falls when a term grows: Python's
    sum lies between the same left-to-right sums (numpy's ``cumsum``) of each power lowered and
    raised by ``3 * _POW_ERROR``, started from Python's own sum of the first 32, 128, 512
    powers when the bounds are too far apart.
    (3) From a sum between two others the first share is computed with ``_first_share``'s
    operations, each rounded to the nearest and so never reversing an order: the floor grows
    with the sum (the divisor ``1 - min_share * places`` is positive), the normalizer with the
    sum and the floor, so the first share lies between ``(first + low floor) / high
    normalizer`` and ``(first + high floor) / low normalizer``. When both are on one side of
    the target, so is the first share; else Python's powers are summed (after the head).
    """

    __slots__ = (
        "bases",
        "array",
        "min_share",
        "target",
        "places",
        "slack",
        "heads",
        "error",
        "sure",
    )

    def __init__(self, places: int, min_share: float, target: float) -> None:
        self.bases, self.array = _bases(places)
        self.min_share, self.target, self.places = min_share, target, places
        # each sum within places - 1 roundings of the real one: twice, and more for the bounds'
        self.slack = 3.0 * (_POW_ERROR + places * _UNIT_ROUNDOFF)
        divisor = 1.0 - min_share * places
        if places < _BOUNDED_FROM or not divisor > 0.0:
            self.slack = 0.0  # (a floor falling as the sum grows: no bounds)
        self.heads = [count for count in _HEADS if count < places] if _LEFT_TO_RIGHT_SUM else []
        # how far the first share computed may be from the real one, relative (see bracket)
        roundoff = 2.0 * (_POW_ERROR + places * _UNIT_ROUNDOFF)
        self.error = 8.0 * (roundoff + 8.0 * _UNIT_ROUNDOFF / divisor) / divisor
        if not (self.slack and divisor >= 0.25 and self.bases[-1] ** -6.0 > 1e-300):
            self.error = 0.0  # (no bracket where powers would reach the smallest floats)
        self.sure = (-math.inf, math.inf)  # at or below the first: below target; above the last

    def __call__(self, a: float) -> bool:
        if a <= self.sure[0] or a >= self.sure[1]:
            return a <= self.sure[0]
        power = -a
        first, last = self.bases[0] ** power, self.bases[-1] ** power
        head, done = 0.0, 0
        if self.slack and last > 1e-300:  # far from the smallest floats, where powers lose bits
            powers = self.array**power
            known = _side(*self._bounds(first, last, powers), self.target)
            if known is None:
                known, head, done = self._sandwiched(power, first, last, powers)
            if known is not None:
                return known
        if not done:
            return _first_share(self.bases, a, self.min_share) < self.target
        total = sum(map(pow, self.bases[done:], repeat(power, self.places - done)), head)
        floor, norm = _floor_and_norm(total, last, self.places, self.min_share)
        return (first + floor) / norm < self.target

    def _bounds(self, first: float, last: float, powers: np.ndarray) -> tuple[float, float]:
        """Floats at or below and at or above the first share, from numpy's sum of powers."""
        total = float(powers.sum())  # in numpy's order
        return self._share_bounds(first, last, total * (1 - self.slack), total * (1 + self.slack))

    def _share_bounds(
        self, first: float, last: float, low: float, high: float
    ) -> tuple[float, float]:
        """The first share's bounds when the sum of its powers lies from ``low`` to ``high``."""
        low_floor, low_norm = _floor_and_norm(low, last, self.places, self.min_share)
        high_floor, high_norm = _floor_and_norm(high, last, self.places, self.min_share)
        return (first + low_floor) / high_norm, (first + high_floor) / low_norm

    def _sandwiched(
        self, power: float, first: float, last: float, powers: np.ndarray
    ) -> tuple[bool | None, float, int]:
        """The answer from Python's order of sums, after the powers of longer and longer heads.

        Returns it (or ``None``) with the last head's sum and length.
        """
        if not self.heads:
            return None, 0.0, 0
        # both bounds of each power at once: a complex sum adds its parts as two float sums
        bounds = (powers * _LOW).astype("complex128")
        bounds.imag = powers * _HIGH
        head, done = 0.0, 0
        for count in self.heads:
            head = sum(map(pow, self.bases[done:count], repeat(power, count - done)), head)
            done = count
            if count:
                bounds[count - 1] = complex(head, head)  # no longer needed: the next head is longer
            summed = bounds[max(count - 1, 0) :].cumsum()[-1]  # from the left, one by one
            shares = self._share_bounds(first, last, float(summed.real), float(summed.imag))
            known = _side(*shares, self.target)
            if known is not None:
                return known, head, done
        return None, head, done

    def bracket(self, guess: float) -> None:
        """Make ``sure`` two exponents close around the target's, looked for near ``guess``.

        The real first share F(a) (exact powers and operations) grows with a. Without the
        floor it is ``1 / sum((3 / k)**a)``, k = 3 .. places + 2. With it, it is ``m + D (p_1
        - p_n) / (T - n p_n)`` (m the min-share, D the divisor, T the sum of the n powers p_k),
        and ``(T - n p_n) / (p_1 - p_n)`` sums ``(s**c - s) / (1 - s)``, s = (3 / (n + 2))**a
        falling with a and 0 < c < 1, which grows with s (its derivative has the sign of ``c
        s**(c-1) + (1-c) s**c - 1``, positive by the weighted mean inequality): the sum
        falls as a grows, and F grows. The floor is positive from some exponent on, where the
        two forms meet. The first share computed is within ``error`` of F, relative (the sum's
        roundings and pows as in (1), then a dozen roundings; the floor's subtraction errs by
        at most ``m T + p_n`` times those, at most ``(m n + 1) p_1`` in the numerator and ``(m
        n + 1) T`` in the normalizer, divided by D >= 1/4). So when the computed share's upper
        bound at a, widened by ``4 * error``, is below target, every computed share at or
        below a is; and the same above. A few secant steps on numpy's estimates find where
        to look; the answers never depend on them.
        """
        if not self.error:
            return
        x0 = guess if 0.05 <= guess <= 5.0 else 1.0
        x1 = x0 * (1.0 + 2.0**-20)
        g0, g1 = self._estimate(x0), self._estimate(x1)
        slope = (g1 - g0) / (x1 - x0)  # of the first share, here where the sums' noise is small
        for _ in range(8):  # secant steps, to where the estimates stop telling points apart
            if not math.isfinite(g1 - g0):
                return
            if g1 == g0:
                break
            x2 = min(max(x1 - g1 * (x1 - x0) / (g1 - g0), 0.05), 6.0)
            if x2 == x1:
                break
            x0, g0, x1, g1 = x1, g1, x2, self._estimate(x2)
        width = max(6.0 * self.error * self.target / slope if slope > 0.0 else 0.0, x1 * 2.0**-40)
        self.sure = (self._sure_below(x1, width), self._sure_above(x1, width))

    def _estimate(self, a: float) -> float:
        """About how far above target the first share is at ``a`` (a guide: no bound)."""
        first, last = self.bases[0] ** -a, self.bases[-1] ** -a
        low, high = self._bounds(first, last, self.array**-a)
        return (low + high) / 2 - self.target

    def _sure_below(self, near: float, width: float) -> float:
        """An exponent at or below which every first share is below target, or -inf."""
        for _ in range(6):
            a = near - width
            if 0.05 <= a <= 6.0:
                high = self._bounds(self.bases[0] ** -a, self.bases[-1] ** -a, self.array**-a)[1]
                if high * (1.0 + 4.0 * self.error) < self.target:
                    return a
            width *= 16.0
        return -math.inf

    def _sure_above(self, near: float, width: float) -> float:
        """An exponent at or above which no first share is below target, or +inf."""
        for _ in range(6):
            a = near + width
            if 0.05 <= a <= 6.0:
                low = self._bounds(self.bases[0] ** -a, self.bases[-1] ** -a, self.array**-a)[0]
                if low * (1.0 - 4.0 * self.error) >= self.target:
                    return a
            width *= 16.0
        return math.inf


def _side(low: float, high: float, target: float) -> bool | None:
    """Whether a first share from ``low`` to ``high`` is below ``target``; ``None``: unknown."""
    if high < target:
        return True
    if low >= target:
        return False
    return None


@lru_cache(maxsize=4)  # a late registration asks for the same places a few entries running
def _bases(places: int) -> tuple[list[float], np.ndarray]:
    """The places plus the offset, ``i + _OFFSET``, as floats and as numpy's (read only)."""
    import numpy as np  # here: the modules importing payouts need not load numpy

    bases = [i + _OFFSET for i in range(1, places + 1)]
    array = np.array(bases)
    array.flags.writeable = False
    return bases, array


@lru_cache(maxsize=256)
def default_shares(entries: int, seats_per_table: int = FULL_RING) -> tuple[int, ...]:
    """The built-in default table for a field of ``entries``, in ``SHARE_UNITS``, place 1 first.

    Deterministic and exact: every share is a whole number of units, they never increase from
    one place to the next, and they sum to ``SHARE_UNITS`` (units lost to truncation go to
    first place). The table size (R-PAY-1) decides how many places are paid; the shares of a
    given number of places then follow the same tables and curve.
    """
    places = default_places_paid(entries, seats_per_table)
    if places in _SMALL_TABLES:
        return _SMALL_TABLES[places]
    min_share = _MIN_CASH_BUY_INS / entries
    curve = _curve(places, _exponent(entries, places), min_share)
    shares: list[int] = []
    start = 0
    for size in _group_sizes(places):
        mean = sum(curve[start : start + size]) / size
        shares.extend([int(mean * SHARE_UNITS)] * size)
        start += size
    shares[0] += SHARE_UNITS - sum(shares)
    return tuple(shares)


def shares_for(payouts: Payouts, entries: int, seats_per_table: int = FULL_RING) -> tuple[int, ...]:
    """The payout table for ``entries``: the scenario's band covering it, else the default.

    The default depends on the table size too (R-PAY-1); a scenario's own bands do not.
    """
    _check_entries(entries)
    if payouts.is_default:
        return default_shares(entries, seats_per_table)
    band = payouts.band_for(entries)
    if band is not None:
        return band.shares
    raise ConfigError(
        f"payouts: no band covers {entries} entries; expected bands from "
        f"{payouts.bands[0].min_entries} to {payouts.bands[-1].max_entries or 'any size'}"
    )


def places_paid(payouts: Payouts, entries: int, seats_per_table: int = FULL_RING) -> int:
    """How many places are paid for ``entries`` (the money bubble is one place below)."""
    return len(shares_for(payouts, entries, seats_per_table))


def prize_pool_cents(collected_prize_cents: int, guarantee_cents: int = 0) -> int:
    """The prize pool (R-REG-3): the prize parts collected, topped up to the guarantee."""
    if collected_prize_cents < 0 or guarantee_cents < 0:
        raise ValueError(
            f"expected non-negative cents, got collected={collected_prize_cents}, "
            f"guarantee={guarantee_cents}"
        )
    return max(collected_prize_cents, guarantee_cents)


def prize_amounts(pool_cents: int, shares: Sequence[int]) -> tuple[int, ...]:
    """Each place's prize in cents (R-MONEY-1).

    Each share is truncated to the cent and the cents left over go to first place. The amounts
    sum to ``pool_cents`` exactly.
    """
    if pool_cents < 0:
        raise ValueError(f"expected a prize pool >= 0 cents, got {pool_cents}")
    if not shares or sum(shares) != SHARE_UNITS or min(shares) < 0:
        raise ValueError(
            f"expected non-negative shares summing to {SHARE_UNITS}, got {len(shares)} shares "
            f"summing to {sum(shares)}"
        )
    amounts = [pool_cents * share // SHARE_UNITS for share in shares]
    amounts[0] += pool_cents - sum(amounts)
    return tuple(amounts)


def split_tied(amounts: Sequence[int], first_place: int, count: int) -> tuple[int, ...]:
    """Prizes of ``count`` players tied for places ``first_place .. first_place+count-1``.

    R-ELIM-2: they share those places' prizes equally (places beyond the table pay 0). The
    cents that do not divide go one each to the tied players in the order given, so the caller
    passes them in a fixed order (the engine uses its deterministic elimination order) and the
    total paid equals the places' prizes to the cent.
    """
    each, odd = _even_split(amounts, first_place, count)
    return tuple(each + (1 if k < odd else 0) for k in range(count))


def tied_share(amounts: Sequence[int], first_place: int, count: int, k: int) -> int:
    """``split_tied(amounts, first_place, count)[k]`` without the other shares.

    A shoot-out's round shares its places among thousands of players, out one by one.
    """
    each, odd = _even_split(amounts, first_place, count)
    if not 0 <= k < count:
        raise ValueError(f"expected 0 <= k < count, got k={k}, count={count}")
    return each + (1 if k < odd else 0)


def _even_split(amounts: Sequence[int], first_place: int, count: int) -> tuple[int, int]:
    """The tied places' prizes shared by ``count``: each one's cents and the odd cents left."""
    if first_place < 1 or count < 1:
        raise ValueError(f"expected first_place >= 1 and count >= 1, got {first_place}, {count}")
    return divmod(sum(amounts[first_place - 1 : first_place - 1 + count]), count)


def _check_entries(entries: int) -> None:
    if isinstance(entries, bool) or not isinstance(entries, int) or entries < 1:
        raise ValueError(f"expected a number of entries >= 1, got {entries!r}")

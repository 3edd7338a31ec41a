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

from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from itertools import repeat

from pokersim.errors import ConfigError
from pokersim.scenario import SHARE_UNITS, Payouts

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

    Bisected so that the first share hits its target (the first share grows with a).
    """
    min_share = _MIN_CASH_BUY_INS / entries
    target = _first_share_target(entries)
    bases = [i + _OFFSET for i in range(1, places + 1)]
    lo, hi = 0.05, 6.0
    for _ in range(60):
        mid = (lo + hi) / 2
        # no float lies between lo and hi: after this step every later one would repeat it
        settled = mid in (lo, hi)
        if _first_share(bases, mid, min_share) < target:
            lo = mid
        else:
            hi = mid
        if settled:
            break
    return (lo + hi) / 2


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

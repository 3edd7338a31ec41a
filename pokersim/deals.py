"""Final-table deals (R-DEAL-1): ICM or chip-chop, in integer cents, nothing rounded away.

Inputs are the remaining players' chip stacks and the payout table in cents from first place.
Places beyond the number of remaining players were decided before the deal (their prizes are
not divided now, but they count toward the total prize pool for the 5% limit); a table shorter
than the field pays nothing to the lower places. The *next payout* is the prize of the lowest
place still open: every player is guaranteed at least that much.

An amount may be kept in play for first place (at most 5% of the total prize pool). It comes out
of first prize before the division, so it must not exceed first prize minus the next payout;
play then continues and the eventual winner receives it on top of their deal.

Cents: each player receives the next payout plus an integer share of the rest, shared in
proportion to weights (chips for chip-chop, ICM equity above the next payout for ICM) by the
largest-remainder method: everyone gets the whole cents of their exact share, then the few
cents left over go one each to the largest fractional parts, ties to the bigger stack, then to
the earlier player in the given order. The amounts always sum exactly to the money divided.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.icm import icm_exact
from pokersim.scenario import DealMethod, exact_decimal

__all__ = [
    "DealMethod",
    "DealResult",
    "apportion_cents",
    "chip_chop",
    "icm_deal",
    "keep_for_first_cents",
    "make_deal",
]

KEEP_FOR_FIRST_MAX_PERCENT = 5
"""R-DEAL-1: at most this share of the total prize pool may be kept in play for first."""

_ICM_WEIGHT_SCALE = 1_000_000
"""ICM weights are micro-cents, so float noise cannot decide which player gets a cent."""


@frozen(slots=True, kw_only=True)
class DealResult:
    """A deal: ``amounts`` in cents, one per player in the order of the stacks given."""

    method: DealMethod
    amounts: tuple[int, ...]
    next_payout: int
    kept_for_first: int
    divided: int  # the prize money divided now: remaining prizes minus the amount kept


def _money(cents: int) -> str:
    """Cents as currency units in a message (``1,234.50``), exact at any size."""
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole:,}.{part:02d}"


def _is_int(x: object) -> bool:
    return isinstance(x, int | np.integer) and not isinstance(x, bool)


def apportion_cents(
    total: int, weights: Sequence[int | Fraction], *, stacks: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Share ``total`` cents in proportion to ``weights``, exactly (largest remainder).

    Ties between equal fractional parts go to the bigger stack (if ``stacks`` is given), then
    to the earlier index.

    >>> apportion_cents(100, [1, 1, 1])
    (34, 33, 33)
    >>> apportion_cents(100, [1, 1, 1], stacks=[5, 9, 9])
    (33, 34, 33)
    """
    if not _is_int(total) or total < 0:
        raise ValueError(f"total must be a whole number of cents >= 0, got {total!r}")
    w = [Fraction(x) for x in weights]
    if any(x < 0 for x in w):
        raise ValueError(f"weights must be >= 0, got {list(weights)!r}")
    weight_sum = sum(w, Fraction(0))
    n = len(w)
    if weight_sum == 0:
        if total == 0:
            return tuple(0 for _ in range(n))
        raise ValueError(f"cannot share {total} cents by weights that are all zero")
    return _largest_remainders(total, [total * x / weight_sum for x in w], stacks)


def _largest_remainders(
    total: int, quotas: Sequence[Fraction], stacks: Sequence[int] | None
) -> tuple[int, ...]:
    """Whole cents of each quota, the ``total`` left to the largest fractional parts.

    Ties go to the bigger stack (if ``stacks`` is given), then to the earlier index.
    """
    n = len(quotas)
    base = [q.numerator // q.denominator for q in quotas]
    left = total - sum(base)
    ties = stacks if stacks is not None else [0] * n
    order = sorted(range(n), key=lambda i: (-(quotas[i] - base[i]), -ties[i], i))
    for i in order[:left]:
        base[i] += 1
    return tuple(int(x) for x in base)


def keep_for_first_cents(percent: float, prize_pool: int) -> int:
    """The scenario's ``keep_for_first_percent`` of the prize pool, truncated to the cent.

    The percent is read as the decimal it is written as (``2.5`` is 5/2), like every percent
    in a payout table (R-MONEY-1).

    >>> keep_for_first_cents(2.5, 123_457)
    3086
    """
    if isinstance(percent, bool) or not isinstance(percent, int | float):
        raise ConfigError(f"keep_for_first_percent must be a number, got {percent!r}")
    q = exact_decimal(percent)
    if not 0 <= q <= KEEP_FOR_FIRST_MAX_PERCENT:
        raise ConfigError(
            f"keep_for_first_percent must be between 0 and {KEEP_FOR_FIRST_MAX_PERCENT} "
            f"(R-DEAL-1), got {percent!r}"
        )
    if not _is_int(prize_pool) or prize_pool < 0:
        raise ConfigError(f"prize_pool must be whole cents >= 0, got {prize_pool!r}")
    kept = q * int(prize_pool) / 100
    return kept.numerator // kept.denominator


def _validate(
    stacks: Sequence[int], prizes: Sequence[int], keep_for_first: int, prize_pool: int | None
) -> tuple[list[int], list[int], int]:
    """Check a deal's inputs; return stacks, the prizes in play (one per player), the pool."""
    st = list(stacks)
    pr = list(prizes)
    if len(st) < 2:
        raise ConfigError(f"a deal needs at least two remaining players, got {len(st)} stack(s)")
    for i, x in enumerate(st):
        if not _is_int(x) or x <= 0:
            raise ConfigError(
                f"stacks must be positive whole chip counts, got stack {i + 1} = {x!r}"
            )
    if not pr:
        raise ConfigError("prizes must list at least one prize (in cents, first place first)")
    for i, x in enumerate(pr):
        if not _is_int(x) or x < 0:
            raise ConfigError(f"prizes must be whole cents >= 0, got prize {i + 1} = {x!r}")
    for i in range(1, len(pr)):
        if pr[i] > pr[i - 1]:
            raise ConfigError(
                f"prizes must not increase down the table, got prize {i + 1} = {pr[i]} "
                f"above prize {i} = {pr[i - 1]}"
            )
    pool = sum(pr) if prize_pool is None else prize_pool
    if not _is_int(pool) or pool < sum(pr):
        raise ConfigError(
            f"prize_pool must be whole cents at least the sum of the prizes ({sum(pr)}), "
            f"got {prize_pool!r}"
        )
    n = len(st)
    in_play = [int(x) for x in pr[:n]] + [0] * max(0, n - len(pr))
    if not _is_int(keep_for_first) or keep_for_first < 0:
        raise ConfigError(f"keep_for_first must be whole cents >= 0, got {keep_for_first!r}")
    if keep_for_first * 100 > KEEP_FOR_FIRST_MAX_PERCENT * pool:
        raise ConfigError(
            f"the amount kept for first, {_money(keep_for_first)}, is over "
            f"{KEEP_FOR_FIRST_MAX_PERCENT}% of the total prize pool {_money(pool)}: at most "
            f"{_money(KEEP_FOR_FIRST_MAX_PERCENT * pool // 100)}"
        )
    if keep_for_first > in_play[0] - in_play[-1]:
        raise ConfigError(
            f"the amount kept for first, {_money(keep_for_first)}, is over first prize minus "
            f"the next payout ({_money(in_play[0])} - {_money(in_play[-1])} = "
            f"{_money(in_play[0] - in_play[-1])})"
        )
    return [int(x) for x in st], in_play, int(pool)


def chip_chop(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    keep_for_first: int = 0,
    prize_pool: int | None = None,
) -> DealResult:
    """Chip-chop: everyone gets the next payout plus a share of the rest in proportion to chips.

    >>> chip_chop([3000, 1000], [700, 300]).amounts
    (600, 400)
    """
    st, in_play, _ = _validate(stacks, prizes, keep_for_first, prize_pool)
    n = len(st)
    floor = in_play[-1]
    divided = sum(in_play) - keep_for_first
    rest = apportion_cents(divided - n * floor, st, stacks=st)
    return DealResult(
        method=DealMethod.CHIP_CHOP,
        amounts=tuple(floor + x for x in rest),
        next_payout=floor,
        kept_for_first=keep_for_first,
        divided=divided,
    )


def icm_deal(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    keep_for_first: int = 0,
    prize_pool: int | None = None,
) -> DealResult:
    """ICM deal: the next payout plus the rest shared by ICM equity above the next payout.

    The equities are those of the prizes in play with the kept amount taken out of first
    prize; an ICM equity is an average of prizes, so it never falls below the next payout.

    >>> icm_deal([5000, 5000], [700, 300]).amounts
    (500, 500)
    """
    st, in_play, _ = _validate(stacks, prizes, keep_for_first, prize_pool)
    n = len(st)
    floor = in_play[-1]
    dealt = list(in_play)
    dealt[0] -= keep_for_first
    divided = sum(dealt)
    equity = icm_exact(st, dealt)
    quotas = [max(0, int(round((e - floor) * _ICM_WEIGHT_SCALE))) for e in equity]
    rest = _apportion_quotas(divided - n * floor, quotas, st)
    return DealResult(
        method=DealMethod.ICM,
        amounts=tuple(floor + x for x in rest),
        next_payout=floor,
        kept_for_first=keep_for_first,
        divided=divided,
    )


def _apportion_quotas(total: int, quotas: Sequence[int], stacks: Sequence[int]) -> tuple[int, ...]:
    """Share ``total`` cents by quotas already in micro-cents (ICM equities above the floor).

    The quotas are the equities themselves, rounded, and are not scaled again by their sum, as
    ``apportion_cents`` would: that lets the rounding decide an exact tie (449 2/3 and
    1798 2/3 cents are tied; rescaled, the smaller stack's third came out a hair larger).
    """
    exact = [Fraction(q, _ICM_WEIGHT_SCALE) for q in quotas]
    if not 0 <= total - sum(q // _ICM_WEIGHT_SCALE for q in quotas) <= len(quotas):
        return apportion_cents(total, quotas, stacks=stacks)  # never for equities summing to it
    return _largest_remainders(total, exact, stacks)


def make_deal(
    stacks: Sequence[int],
    prizes: Sequence[int],
    *,
    method: DealMethod | str,
    keep_for_first: int = 0,
    prize_pool: int | None = None,
) -> DealResult:
    """A deal by the scenario's method (``"icm"`` or ``"chip-chop"``)."""
    try:
        m = DealMethod(method)
    except ValueError:
        raise ConfigError(
            f"deal method must be one of {[x.value for x in DealMethod]}, got {method!r}"
        ) from None
    fn = icm_deal if m is DealMethod.ICM else chip_chop
    return fn(stacks, prizes, keep_for_first=keep_for_first, prize_pool=prize_pool)

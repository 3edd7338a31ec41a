"""The default table's bisection answers each step from bounds when it can (``_BelowTarget``):
the exponents must stay the plain bisection's, float for float, at every entry count."""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat

import numpy as np
import pytest
from test_payouts import plain_exponent

from pokersim import payouts
from pokersim.payouts import default_places_paid


def _summed_exponent(entries: int, places: int) -> float:
    """The bisection before the bounds: every step sums all the powers (``_first_share``)."""
    min_share = payouts._MIN_CASH_BUY_INS / entries
    target = payouts._first_share_target(entries)
    bases = [i + payouts._OFFSET for i in range(1, places + 1)]
    lo, hi = 0.05, 6.0
    for _ in range(60):
        mid = (lo + hi) / 2
        settled = mid in (lo, hi)
        if payouts._first_share(bases, mid, min_share) < target:
            lo = mid
        else:
            hi = mid
        if settled:
            break
    return (lo + hi) / 2


def _differences(
    fields: list[int], seats: int, reference: Callable[[int, int], float]
) -> list[tuple[int, float, float]]:
    wrong = []
    for entries in fields:
        places = default_places_paid(entries, seats)
        if places in payouts._SMALL_TABLES:
            continue
        got = payouts._exponent.__wrapped__(entries, places)
        want = reference(entries, places)
        if got != want:
            wrong.append((entries, got, want))
    return wrong


@pytest.mark.parametrize("seats", [9, 2])
def test_exponent_is_the_plain_bisections_at_every_count_of_some_ranges(seats: int) -> None:
    """Every count where the bounds start (128 places paid), around 10,000 and 14,500."""
    fields = [*range(820, 880), *range(1_015, 1_045), *range(9_990, 10_030), *range(14_480, 14_500)]
    assert _differences(fields, seats, plain_exponent) == []


@pytest.mark.slow
@pytest.mark.parametrize("seats", [9, 2])  # (6 seats pay as 9 beyond 23 entries)
def test_exponent_is_the_summed_bisections_at_every_count_to_20000(seats: int) -> None:
    """Every count to 20,000 (about 10 min a table size on a loaded 2-core machine)."""
    assert _differences(list(range(1, 20_001)), seats, _summed_exponent) == []


def test_exponent_without_left_to_right_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python 3.12 compensates its sums: then only numpy's sum and its slack answer early."""
    monkeypatch.setattr(payouts, "_LEFT_TO_RIGHT_SUM", False)
    fields = [*range(1_015, 1_030), *range(9_990, 10_005), 150_001]
    assert _differences(fields, 9, _summed_exponent) == []


def test_few_steps_sum_all_the_powers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bracket and numpy's sum answer most steps (the checks are not of the old path)."""
    first_share = payouts._first_share
    sums = 0

    def counted(bases: list[float], a: float, min_share: float) -> float:
        nonlocal sums
        sums += 1
        return first_share(bases, a, min_share)

    monkeypatch.setattr(payouts, "_first_share", counted)
    monkeypatch.setattr(payouts, "_LEFT_TO_RIGHT_SUM", False)  # every sum a `_first_share`
    payouts._exponent.__wrapped__(10_000, 1_500)
    assert 0 < sums < 20  # of 54 steps


def test_pows_agree_far_within_the_assumed_error() -> None:
    """Python's and numpy's powers, each assumed within ``_POW_ERROR`` of the exact one, are
    found within a small fraction of it of each other here."""
    rng = np.random.default_rng(7)
    bases = np.arange(3.0, 40_003.0)
    worst = 0.0
    for a in [0.05, 1.0, 6.0, *rng.uniform(0.05, 6.0, 30)]:
        ours = bases ** -float(a)
        theirs = np.array(list(map(pow, bases.tolist(), repeat(-float(a)))))
        worst = max(worst, float(np.max(np.abs(ours - theirs) / theirs)))
    assert worst <= payouts._POW_ERROR / 16  # 4 units in the last place


@pytest.mark.parametrize("guess", [0.05, 0.7, 1.0, 3.0, 6.0, float("nan"), -1.0])
def test_exponent_whatever_the_guess(monkeypatch: pytest.MonkeyPatch, guess: float) -> None:
    """The bracket is looked for near the last exponent; any guess gives the same floats."""
    for entries, seats in [(900, 9), (10_007, 9), (10_007, 2), (60_000, 6)]:
        places = default_places_paid(entries, seats)
        monkeypatch.setattr(payouts, "_LAST_EXPONENT", [guess])
        assert payouts._exponent.__wrapped__(entries, places) == _summed_exponent(entries, places)


def test_the_bracket_is_narrow_near_the_last_exponent() -> None:
    """From the last entry count's exponent the bracket closes in on the next one's: about
    36 of the bisection's 56 steps are answered at once."""
    last = payouts._exponent.__wrapped__(10_000, 1_500)
    wanted = payouts._exponent.__wrapped__(10_001, 1_500)
    entries = 10_001
    below = payouts._BelowTarget(
        1_500, payouts._MIN_CASH_BUY_INS / entries, payouts._first_share_target(entries)
    )
    below.bracket(last)
    low, high = below.sure
    assert low < wanted < high < low + 1e-9

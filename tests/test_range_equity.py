"""The compiled equity sampler (``players.range_equity``) against plain Python and exact counts.

The sampler is written for speed (precomputed combination rows, running key sums, a deal left
unscored once an opponent beats the hero). Here a plain transcription of what its docstring
promises, drawing from the same generator and scoring whole 7-card hands with the public
evaluator, must give the very same float; and on small cases its estimate must agree with the
exact equity counted over every opponent hand.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from pokersim.evaluator import evaluate
from pokersim.evaluator._tables import get_tables
from pokersim.players import (
    BAND,
    CHUNK,
    COMBO_A,
    COMBO_B,
    COMBOS,
    IN_RANGE,
    MAX_RANGE_TRIES,
    NO_BAR,
    _draw_below,
    range_equity,
)

TABLES = get_tables()


def DRAW(state: np.uint64, m: int) -> tuple[np.uint64, int]:
    """The sampler's generator step in Python (uint64 wrap-around intended)."""
    with np.errstate(over="ignore"):
        state, x = _draw_below.py_func(state, m)
    return state, int(x)


def compiled(seed: int, hole: tuple[int, int], board: tuple[int, ...], k: int, n_opp: int,
             n_range: int, bars: tuple[float, float] = (NO_BAR, NO_BAR)) -> float:  # fmt: skip
    t = TABLES
    return float(
        range_equity(
            seed,
            hole[0],
            hole[1],
            np.array(board, dtype=np.int64),
            k,
            n_opp,
            COMBOS,
            n_range,
            t.card_key,
            t.low_base,
            t.high_index,
            t.rank_table,
            t.flush_table,
            bars[0],
            bars[1],
        )  # fmt: skip
    )


def _clear(estimate: float, bar: float, n: int) -> bool:
    """Outside the band of ``BAND`` standard errors at the bar (a bar outside (0, 1]: clear)."""
    if math.isnan(bar) or bar <= 0.0 or bar > 1.0:
        return True
    return abs(estimate - bar) > BAND * math.sqrt(bar * (1.0 - bar) / n)


def reference(seed: int, hole: tuple[int, int], board: tuple[int, ...], k: int, n_opp: int,
              n_range: int, bars: tuple[float, float] = (NO_BAR, NO_BAR)) -> float:  # fmt: skip
    """The sampler as its docstring states it, one card list per hand, every hand scored."""
    state = np.uint64(seed)
    total = 0.0
    for n in range(1, k + 1):
        seen = {*hole, *board}
        hands = []
        for _o in range(n_opp):
            cards = None
            for _attempt in range(MAX_RANGE_TRIES if n_range > 0 else 0):
                state, j = DRAW(state, n_range)
                a, b = int(COMBOS[j, COMBO_A]), int(COMBOS[j, COMBO_B])
                if a not in seen and b not in seen:
                    cards = (a, b)
                    break
            if cards is None:
                picked: list[int] = []
                while len(picked) < 2:
                    state, c = DRAW(state, 52)
                    if c not in seen and c not in picked:
                        picked.append(c)
                cards = (picked[0], picked[1])
            seen.update(cards)
            hands.append(cards)
        full = list(board)
        while len(full) < 5:
            state, c = DRAW(state, 52)
            if c not in seen:
                seen.add(c)
                full.append(c)
        hero = int(evaluate(np.array([*hole, *full])))
        others = [int(evaluate(np.array([*h, *full]))) for h in hands]
        if min(others) >= hero:  # lower classes are stronger hands
            total += 1.0 / (1 + others.count(hero))
        barred = not all(math.isnan(b) for b in bars)
        if barred and n % CHUNK == 0 and n < k and all(_clear(total / n, b, n) for b in bars):
            return total / n
    return total / k


def _cases(n: int) -> list[tuple[int, tuple[int, int], tuple[int, ...], int, int]]:
    rng = np.random.default_rng(20261202)
    widths = [0, IN_RANGE[1], IN_RANGE[3], IN_RANGE[10], IN_RANGE[60], IN_RANGE[169]]
    out = []
    for _ in range(n):
        street = int(rng.integers(3, 6))
        cards = [int(c) for c in rng.choice(52, 2 + street, replace=False)]
        out.append(
            (
                int(rng.integers(0, 2**53)),
                (cards[0], cards[1]),
                tuple(cards[2:]),
                int(rng.integers(1, 6)),
                int(widths[int(rng.integers(0, len(widths)))]),
            )
        )
    return out


@pytest.mark.parametrize(("seed", "hole", "board", "n_opp", "n_range"), _cases(60))
def test_compiled_sampler_equals_the_plain_transcription(
    seed: int, hole: tuple[int, int], board: tuple[int, ...], n_opp: int, n_range: int
) -> None:
    assert compiled(seed, hole, board, 40, n_opp, n_range) == reference(
        seed, hole, board, 40, n_opp, n_range
    )


def _barred_cases(n: int) -> list[tuple[int, tuple[int, int], tuple[int, ...], int, int, int,
                                         tuple[float, float]]]:  # fmt: skip
    """The cases above with a deal count and two bars each: inside (0, 1), at its ends, none."""
    rng = np.random.default_rng(20261203)
    ends = [NO_BAR, NO_BAR, 0.0, 1.0, -0.5, 1.5]
    out = []
    for seed, hole, board, n_opp, n_range in _cases(n):
        drawn = [
            float(rng.uniform(0.02, 0.98)) if rng.random() < 0.7 else ends[int(rng.integers(6))]
            for _ in range(2)
        ]
        bars = (drawn[0], drawn[1])
        out.append((seed, hole, board, n_opp, n_range, int(rng.choice([20, 40, 44, 96])), bars))
    return out


@pytest.mark.parametrize(("seed", "hole", "board", "n_opp", "n_range", "k", "bars"),
                         _barred_cases(60))  # fmt: skip
def test_sequential_sampler_equals_the_plain_transcription(
    seed: int,
    hole: tuple[int, int],
    board: tuple[int, ...],
    n_opp: int,
    n_range: int,
    k: int,
    bars: tuple[float, float],
) -> None:
    """Given bars, the deals stop at the first look (every ``CHUNK``) clear of both."""
    assert compiled(seed, hole, board, k, n_opp, n_range, bars) == reference(
        seed, hole, board, k, n_opp, n_range, bars
    )


def test_the_cases_stop_early_and_not_always() -> None:
    """The transcription test above meets both outcomes (else it could not fail on either)."""
    cases = _barred_cases(60)
    stopped = [
        compiled(seed, hole, board, k, n_opp, n_range, bars)
        != compiled(seed, hole, board, k, n_opp, n_range)
        for seed, hole, board, n_opp, n_range, k, bars in cases
    ]
    assert 10 <= sum(stopped) <= len(cases) - 10


def _decisions(hole: tuple[int, int], board: tuple[int, ...], n_range: int, bar: float,
               seeds: range, k: int = 96) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per seed, whether the estimate reaches the bar: sampled with the bar, and all k deals."""
    early = [compiled(s, hole, board, k, 1, n_range, (bar, NO_BAR)) >= bar for s in seeds]
    full = [compiled(s, hole, board, k, 1, n_range) >= bar for s in seeds]
    return np.array(early, dtype=float), np.array(full, dtype=float)


@pytest.mark.parametrize("n_range", [IN_RANGE[169], IN_RANGE[20]])
def test_a_bar_far_from_the_equity_decides_as_every_deal_would(n_range: int) -> None:
    """A quarter away from the exact equity, the early stop takes the exact side every time."""
    hole, board = (50, 46), (49, 30, 17, 8, 3)
    exact = _exact_river(hole, board, n_range)
    for bar, side in ((exact - 0.25, 1.0), (exact + 0.25, 0.0)):
        early, full = _decisions(hole, board, n_range, bar, range(400))
        assert (early == side).all() and (full == side).all()


@pytest.mark.parametrize("n_range", [IN_RANGE[169], IN_RANGE[20]])
@pytest.mark.parametrize("shift", [-0.04, 0.0, 0.04])
def test_stopping_early_leans_to_neither_side_of_the_bar(n_range: int, shift: float) -> None:
    """Near the bar, an early stop reaches it as often as all the deals do (paired by seed).

    A band judged at the estimate rather than at the bar stops sooner below a bar under one
    half (the estimate's spread narrows towards 0) and leans to the passive side.
    """
    hole, board = (50, 46), (49, 30, 17, 8, 3)
    bar = _exact_river(hole, board, n_range) + shift
    early, full = _decisions(hole, board, n_range, bar, range(4000))
    difference = early - full
    error = max(difference.std() / np.sqrt(len(difference)), 1e-3)
    assert abs(difference.mean()) <= 4 * error, (early.mean(), full.mean())
    assert 0.05 < full.mean() < 0.95  # near enough the bar for the deals to disagree


def test_ties_split_the_pot_among_the_tied_hands() -> None:
    """A board that plays for everyone (a royal flush): every deal is a tie of all hands."""
    board = (48, 44, 40, 36, 32)  # the five top clubs
    for n_opp in (1, 2, 4):
        share = compiled(7, (0, 5), board, 16, n_opp, IN_RANGE[169])
        assert share == pytest.approx(1.0 / (n_opp + 1), rel=1e-12)


def _exact_river(hole: tuple[int, int], board: tuple[int, ...], n_range: int) -> float:
    """Heads-up share of the pot against every unseen combination of the range, equally likely."""
    seen = {*hole, *board}
    hero = int(evaluate(np.array([*hole, *board])))
    shares = []
    for a, b in COMBOS[:n_range, :2]:
        if int(a) in seen or int(b) in seen:
            continue
        v = int(evaluate(np.array([int(a), int(b), *board])))
        shares.append(1.0 if hero < v else 0.5 if hero == v else 0.0)
    return float(np.mean(shares))


@pytest.mark.parametrize("n_range", [IN_RANGE[169], IN_RANGE[20]])
def test_estimate_agrees_with_the_exact_equity(n_range: int) -> None:
    """River, one opponent: within four standard errors of the count over its hands."""
    hole, board = (50, 46), (49, 30, 17, 8, 3)  # ace-king against an ace-high board
    exact = _exact_river(hole, board, n_range)
    k = 4096
    estimate = compiled(3, hole, board, k, 1, n_range)
    error = max(np.sqrt(exact * (1 - exact) / k), 1 / k)
    assert abs(estimate - exact) <= 4 * error
    assert 0.05 < exact < 0.95  # a case where the estimate could miss

"""The compiled equity sampler (``players.range_equity``) against plain Python and exact counts.

The sampler is written for speed (precomputed combination rows, running key sums, a deal left
unscored once an opponent beats the hero). Here a plain transcription of what its docstring
promises, drawing from the same generator and scoring whole 7-card hands with the public
evaluator, must give the very same float; and on small cases its estimate must agree with the
exact equity counted over every opponent hand.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokersim.evaluator import evaluate
from pokersim.evaluator._tables import get_tables
from pokersim.players import (
    COMBO_A,
    COMBO_B,
    COMBOS,
    IN_RANGE,
    MAX_RANGE_TRIES,
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
             n_range: int) -> float:  # fmt: skip
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
        )  # fmt: skip
    )


def reference(seed: int, hole: tuple[int, int], board: tuple[int, ...], k: int, n_opp: int,
              n_range: int) -> float:  # fmt: skip
    """The sampler as its docstring states it, one card list per hand, every hand scored."""
    state = np.uint64(seed)
    total = 0.0
    for _ in range(k):
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

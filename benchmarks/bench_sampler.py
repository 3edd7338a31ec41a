"""CPU time of one post-flop equity estimate (``players.range_equity``), with and without bars.

    python benchmarks/bench_sampler.py [--spots 2000]

Random spots as the tight-aggressive model meets them: flop, turn or river, one to three
opponents holding its 45 % (checked to) or 30 % (facing a bet) range, 96 deals at most. Checked
to, the estimate is held to the value bar (0.6); facing a bet, to the raise bar (0.8) and a call
bar drawn from the pot odds of a bet of a third to a whole pot (0.2 to 0.33, plus the 0.03
margin). Each spot is estimated once with its bars (stopping early) and once without (all 96
deals); best of 5 rounds of ``time.process_time`` per spot set. Also prints how often the two
estimates fall on different sides of a bar (decisions an early stop changes).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokersim import charts
from pokersim.evaluator._tables import get_tables
from pokersim.players import COMBOS, IN_RANGE, NO_BAR, range_equity


def _spots(n: int, seed: int) -> list[tuple]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        shown = int(rng.integers(3, 6))
        cards = [int(c) for c in rng.choice(52, 2 + shown, replace=False)]
        facing = rng.random() < 0.5
        width = 0.30 if facing else 0.45
        if facing:
            bet = rng.uniform(1 / 3, 1.0)
            bars = (0.8, bet / (1 + 2 * bet) + 0.03)
        else:
            bars = (0.6, NO_BAR)
        out.append(
            (
                int(rng.integers(0, 2**53)),
                cards[0],
                cards[1],
                np.array(cards[2:], dtype=np.int64),
                int(rng.integers(1, 4)),
                IN_RANGE[charts.top_classes(width)],
                bars,
            )
        )
    return out


def _run(spots: list[tuple], barred: bool) -> list[float]:
    t = get_tables()
    return [
        range_equity(
            seed,
            h0,
            h1,
            board,
            96,
            n_opp,
            COMBOS,
            n_range,
            t.card_key,
            t.low_base,
            t.high_index,
            t.rank_table,
            t.flush_table,
            *(bars if barred else (NO_BAR, NO_BAR)),
        )  # fmt: skip
        for seed, h0, h1, board, n_opp, n_range, bars in spots
    ]


def _sides(eq: float, bars: tuple[float, float]) -> tuple[bool, ...]:
    return tuple(eq >= b for b in bars if b == b)


def main() -> None:
    """Print µs per estimate with and without bars, and the share of changed decisions."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spots", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    spots = _spots(args.spots, args.seed)
    times: dict[bool, float] = {False: float("inf"), True: float("inf")}
    for _ in range(5):
        for barred in (False, True):
            start = time.process_time()
            _run(spots, barred)
            times[barred] = min(times[barred], time.process_time() - start)
    full, early = _run(spots, False), _run(spots, True)
    changed = sum(
        _sides(a, s[-1]) != _sides(b, s[-1]) for a, b, s in zip(full, early, spots, strict=True)
    )
    per = {k: v / len(spots) * 1e6 for k, v in times.items()}
    print(f"all 96 deals: {per[False]:.1f} us per estimate")
    print(f"stopping at the bars: {per[True]:.1f} us per estimate ({per[True] / per[False]:.2f}x)")
    print(f"decisions on the other side of a bar: {changed} of {len(spots)}")


if __name__ == "__main__":
    main()

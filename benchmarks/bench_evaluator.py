"""Evaluator and equity speed, against a pure-NumPy version of the same kernel and peer libraries.

Run: ``python benchmarks/bench_evaluator.py [--cpu N] [--quick]``. One run measures, on random
7-card hands: pokersim's batch throughput at 1, 9, 1,000, 10**5 and 10**6 hands per call (the
validating ``evaluate`` and ``evaluate_unchecked``), the same kernel written in plain NumPy
(to show what numba buys), and the same hands through treys, eval7 and phevaluator where they
are installed (``pip install -e '.[bench]'``), each through its fastest public per-hand call.
Then the 9-hand showdown latency and equity: exact heads-up pre-flop (the two-hand loop and the
general one side by side) and Monte-Carlo over 10**6 boards beside eval7's C routine
(``py_hand_vs_range_monte_carlo`` with a one-hand range); ``--equity`` times only those rows.
Every figure is the best
of several repeats (least disturbed by other processes); on a shared machine compare runs made
back to back. Results are checked against each other before any timing is printed.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable

import numpy as np

from pokersim.cards import format_card, parse_cards
from pokersim.evaluator import evaluate, evaluate_unchecked
from pokersim.evaluator._tables import FLUSH_BITS, LOW_BITS, SUIT_BIAS, SUIT_SHIFT, get_tables
from pokersim.hand_equity import _exact_counts, _sampled_counts, equity


def random_hands(n: int, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.int8)


def numpy_kernel(cards: np.ndarray) -> np.ndarray:
    """The same table lookups as the jitted kernel, vectorized in plain NumPy."""
    t = get_tables()
    key = t.card_key[cards].sum(axis=1, dtype=np.uint64) + np.uint64(SUIT_BIAS)
    low = (key & np.uint64((1 << LOW_BITS) - 1)).astype(np.intp)
    high = ((key >> np.uint64(LOW_BITS)) & np.uint64((1 << (SUIT_SHIFT - LOW_BITS)) - 1)).astype(
        np.intp
    )
    out = t.rank_table[t.low_base[low] + t.high_index[high]]
    flush = np.flatnonzero(key & np.uint64(FLUSH_BITS))
    if flush.size:
        fkey = (key[flush] >> np.uint64(SUIT_SHIFT)).astype(np.int64)
        suit = np.select([fkey & 0x8 > 0, fkey & 0x80 > 0, fkey & 0x800 > 0], [0, 1, 2], 3)
        fc = cards[flush].astype(np.int64)
        bits = np.where((fc & 3) == suit[:, None], 1 << (fc >> 2), 0)
        out[flush] = t.flush_table[bits.sum(axis=1)]
    return out


CLOCK: Callable[[], float] = time.process_time


def best_time(fn: Callable[[], object], repeat: int, min_time: float = 0.2) -> float:
    """Best seconds per call of ``fn`` over ``repeat`` rounds of at least ``min_time`` each."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        calls = 0
        start = CLOCK()
        while True:
            fn()
            calls += 1
            elapsed = CLOCK() - start
            if elapsed >= min_time:
                break
        best = min(best, elapsed / calls)
    return best


def peers(hands: np.ndarray) -> dict[str, tuple[Callable[[], object], Callable[[], list[int]]]]:
    """Per-hand loops through the peer libraries that are installed: (timed call, ranks)."""
    out: dict[str, tuple[Callable[[], object], Callable[[], list[int]]]] = {}
    names = [[format_card(c) for c in row] for row in hands.tolist()]
    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        tc = [[Card.new(s) for s in row] for row in names]

        def treys_loop() -> list[int]:
            return [ev.evaluate(h[:2], h[2:]) for h in tc]

        out["treys"] = (treys_loop, treys_loop)
    except ImportError:
        print("treys not installed: skipped")
    try:
        import eval7

        ec = [[eval7.Card(s) for s in row] for row in names]
        e7 = eval7.evaluate

        def eval7_loop() -> list[int]:
            return [e7(h) for h in ec]

        out["eval7"] = (eval7_loop, lambda: [])  # its own scale (higher is better): not compared
    except ImportError:
        print("eval7 not installed: skipped")
    try:
        from phevaluator import evaluate_cards

        rows = hands.tolist()  # phevaluator uses the same 0..51 card codes

        def ph_loop() -> list[int]:
            return [evaluate_cards(*r) for r in rows]

        out["phevaluator"] = (ph_loop, ph_loop)
    except ImportError:
        print("phevaluator not installed: skipped")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpu", type=int, default=None, help="pin the process to this core")
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--equity", action="store_true", help="only the equity rows")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="cpu: this process's CPU time, so other load on a shared machine inflates it less "
        "(default); wall: elapsed time",
    )
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {args.cpu})
    repeat = 2 if args.quick else 5
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"NumPy {np.__version__}, best of {repeat}, {args.clock} time")  # fmt: skip

    if args.equity:
        equity_rows(repeat)
        return
    big = random_hands(1_000_000)
    throughput_rows(big, repeat)
    showdown = np.ascontiguousarray(big[:9])
    t9 = best_time(lambda: evaluate(showdown), repeat)
    t9u = best_time(lambda: evaluate_unchecked(showdown), repeat)
    print("\n| task | time |")
    print("|---|---:|")
    print(f"| 9-hand showdown, `evaluate` (validating) | {t9 * 1e6:.2f} us |")
    print(f"| 9-hand showdown, `evaluate_unchecked` | {t9u * 1e6:.2f} us |")
    equity_rows(repeat)


def throughput_rows(big: np.ndarray, repeat: int) -> None:
    """Hands per second of each evaluator and batch size."""
    ref = evaluate(big)
    assert (evaluate_unchecked(big) == ref).all()
    assert (numpy_kernel(big) == ref).all()

    rows: list[tuple[str, int, float]] = []  # (what, hands per call, seconds per call)
    for n in (1, 9, 1_000, 100_000, 1_000_000):
        batch = np.ascontiguousarray(big[:n])
        rows.append(("pokersim evaluate", n, best_time(lambda b=batch: evaluate(b), repeat)))
        rows.append(
            ("pokersim evaluate_unchecked", n,
             best_time(lambda b=batch: evaluate_unchecked(b), repeat))
        )  # fmt: skip
    for n in (9, 1_000, 1_000_000):
        batch = np.ascontiguousarray(big[:n])
        rows.append(("same kernel in plain NumPy", n, best_time(lambda b=batch: numpy_kernel(b),
                                                                 repeat)))  # fmt: skip

    sample = big[:20_000]
    for name, (loop, ranks) in peers(sample).items():
        got = ranks()
        if got:
            assert got == ref[:20_000].tolist(), f"{name} disagrees with pokersim"
        per_call = best_time(loop, min(repeat, 3), min_time=0.5) / len(sample)
        rows.append((f"{name} (one hand per call)", 1, per_call))

    base = next(n / s for w, n, s in rows if w == "pokersim evaluate_unchecked" and n == 10**6)
    print("\n| evaluator | hands/call | M evals/s | us/call | evals/s vs unchecked @10^6 |")
    print("|---|---:|---:|---:|---:|")
    for what, n, s in rows:
        rate = n / s
        print(f"| {what} | {n:,} | {rate / 1e6:,.2f} | {s * 1e6:,.2f} | {rate / base:.3f} |")


def equity_rows(repeat: int) -> None:
    """Equity tasks, each timed beside its peer in the same loop (back to back, best of)."""
    t = get_tables()
    tables = (t.card_key, t.low_base, t.high_index, t.rank_table, t.flush_table)
    hole = np.array([parse_cards("AhKh"), parse_cards("QsQd")], dtype=np.int64)
    no_board = np.zeros(0, dtype=np.int64)
    rest = np.array([c for c in range(52) if c not in hole], dtype=np.int64)
    fast = _exact_counts(hole, no_board, rest, tables)
    assert fast == _exact_counts(hole, no_board, rest, tables, fast=False)
    rows: list[tuple[str, Callable[[], object]]] = [
        ("exact heads-up pre-flop equity, 1,712,304 boards", lambda: equity(["AhKh", "QsQd"])),
        (
            "  the same through the general (any number of hands) loop",
            lambda: _exact_counts(hole, no_board, rest, tables, fast=False),
        ),
        ("exact 3-way pre-flop equity, 1,370,754 boards", lambda: equity(["AhKh", "QsQd", "7c7s"])),
        (
            "Monte-Carlo heads-up equity, 10^6 boards",
            lambda: equity(["AhKh", "QsQd"], samples=1_000_000, seed=1),
        ),
        (
            "  the same through the general loop",
            lambda: _sampled_counts(hole, no_board, rest, tables, 1_000_000, 1, fast=False),
        ),
    ]
    try:
        import eval7

        hero = [eval7.Card("Ah"), eval7.Card("Kh")]
        villain = eval7.HandRange("QsQd")
        rows.append(
            (
                "eval7 `py_hand_vs_range_monte_carlo`, 10^6 boards",
                lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], 1_000_000),
            )
        )
    except ImportError:
        print("eval7 not installed: its Monte-Carlo row is skipped")
    best = {name: float("inf") for name, _ in rows}
    for _ in range(repeat):  # round-robin: every row sees the same moments of the machine
        for name, fn in rows:
            best[name] = min(best[name], best_time(fn, 1, min_time=0.3))
    print("\n| equity task | time |")
    print("|---|---:|")
    for name, _ in rows:
        print(f"| {name} | {best[name] * 1e3:.1f} ms |")
    mc = best["Monte-Carlo heads-up equity, 10^6 boards"]
    e7 = best.get("eval7 `py_hand_vs_range_monte_carlo`, 10^6 boards")
    if e7 is not None:
        print(f"\npokersim Monte-Carlo against eval7's: {e7 / mc:.2f}x as fast")


if __name__ == "__main__":
    main()

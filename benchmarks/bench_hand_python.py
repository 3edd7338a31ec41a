"""The Python steps around each compiled hand, before and after, timed in turns in one process.

A whole tournament on a loaded machine moves by 10-20 % from run to run, more than the few
microseconds a hand these steps cost; here each step's old and new code run in turns, in
batches, and the figure is the median over batches of CPU µs a call:

- ``typing``: the compiled hand's arguments typed at every call (``Deferred.__call__`` before)
  against the function kept per set of arrays (``betting_kernel._runner``). Needs the kernels
  compiled ahead of time (``make kernels``): with numba's dispatcher there is nothing to type.
- ``hole``: a 9-seat hand's hole cards, one comprehension by seat against the deck's bytes
  zipped in pairs (``Dealer.deal``).
- ``timeout``: ``env.timeout`` of the director's clock, a bound method made by SimPy's
  descriptor at every access against one bound once (``engine.agenda``).
- ``header``: a 9-seat whole hand's header and seat blocks packed whole with ``struct``
  (``_start_whole_hand``, every hand before) against the table's head copied and the hand's
  own fields written (``_start_from_head``, kept per table by the dealer).
- ``new inputs``: the compiled hand at a new tournament-input array (one each bust), typed
  again (its identity was the key) against found by its layout (``betting_kernel._runner``).
  Ahead-of-time kernels only, as ``typing``.

    python benchmarks/bench_hand_python.py
"""

from __future__ import annotations

import statistics
import time
from array import array
from collections.abc import Callable
from itertools import cycle

import numpy as np

from pokersim import betting_kernel, kernel_cache
from pokersim.config import AnteKind, Level
from pokersim.engine.director import Clock
from pokersim.model_kernel import NO_CONTEXT

BATCHES = 15
CALLS = 20_000


def _paired(old: Callable[[], object], new: Callable[[], object]) -> tuple[float, float]:
    """Median CPU µs a call of ``old`` and of ``new``, batch by batch in turns."""
    times: tuple[list[float], list[float]] = ([], [])
    for k in range(BATCHES):
        for i in (0, 1) if k % 2 == 0 else (1, 0):
            fn = (old, new)[i]
            start = time.process_time()
            for _ in range(CALLS):
                fn()
            times[i].append((time.process_time() - start) / CALLS * 1e6)
    return statistics.median(times[0]), statistics.median(times[1])


def _typing(inputs: Callable[[], np.ndarray] = lambda: NO_CONTEXT) -> tuple[float, float] | None:
    """Typing the compiled hand's arguments against ``_runner``, ``inputs()`` the last one."""
    run = betting_kernel._run
    if not isinstance(run, kernel_cache.Deferred):
        return None
    buf = betting_kernel._buffers(9, (), array("d", bytes(8 * 1000)))
    params = np.zeros(64, dtype=np.uint8)
    consts = betting_kernel.constants()
    rows = bytes(52 * 8)
    u, z = array("d", bytes(80)), array("d", bytes(80))
    args = (buf.ints_view, buf.floats_view, rows, params, u, z, buf.bank_view, consts)
    return _paired(
        lambda: run.resolve(*args, inputs()),
        lambda: betting_kernel._runner(buf, rows, params, u, z, consts, inputs()),
    )


def _hole() -> tuple[float, float]:
    row = bytes(np.random.default_rng(1).permutation(52).astype(np.uint8)) * 8
    seat_nos = list(range(1, 10))
    base = 52 * 3 - 2
    board0 = base + 2 + 18

    def old() -> object:
        return tuple([(row[base + 2 * s], row[base + 2 * s + 1]) for s in seat_nos])

    def new() -> object:
        return tuple(zip(row[base + 2 : board0 : 2], row[base + 3 : board0 : 2]))

    if old() != new():
        raise AssertionError("the two ways deal different cards")
    return _paired(old, new)


def _timeout() -> tuple[float, float]:
    unbound, bound = Clock(), Clock()
    del unbound.timeout  # SimPy's descriptor again, as before the clock bound it
    return _paired(lambda: unbound.timeout, lambda: bound.timeout)


def _header() -> tuple[float, float]:
    level = Level(small_blind=100, big_blind=200, ante=200, ante_kind=AnteKind.BIG_BLIND)
    n = 9
    ints = betting_kernel._buffers(n, (), array("d", bytes(8 * 1000))).ints
    inputs = [0] * n + list(range(1, n + 1)) + list(range(100, 100 + n))
    head = betting_kernel.whole_hand_head(n, level, inputs, False)
    stacks = [10_000 + 7 * k for k in range(n)]
    ranks = tuple(range(5000, 5000 + n))
    draws = (64, 128, 48, 96)

    def old() -> None:
        betting_kernel._start_whole_hand(
            ints, n, 310, 330, level, 3, draws, stacks, inputs, ranks, False
        )

    def new() -> None:
        betting_kernel._start_from_head(ints, head, n, 310, 330, 3, draws, stacks, ranks)

    old()
    written = array("q", ints)
    new()
    if ints != written:
        raise AssertionError("the two ways start different hands")
    return _paired(old, new)


def _new_inputs() -> tuple[float, float] | None:
    arrays = cycle([np.zeros(len(NO_CONTEXT), dtype=np.float64) for _ in range(100)])
    return _typing(lambda: next(arrays))  # a new array at every hand


def main() -> None:
    """Print each step's median µs a call, old and new, and the difference."""
    steps = (
        ("typing", _typing),
        ("hole", _hole),
        ("timeout", _timeout),
        ("header", _header),
        ("new inputs", _new_inputs),
    )
    for name, step in steps:
        got = step()
        if got is None:
            print(f"{name}: not measured (numba's kernels: nothing is typed in Python)")
            continue
        old, new = got
        print(f"{name}: {old:.2f} -> {new:.2f} µs a call ({old - new:+.2f} saved)")


if __name__ == "__main__":
    main()

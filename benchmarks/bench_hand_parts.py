"""CPU time of parts of a hand's Python, to compare two trees (``PYTHONPATH=TREE``).

    PYTHONPATH=OLD_TREE python benchmarks/bench_hand_parts.py
    PYTHONPATH=NEW_TREE python benchmarks/bench_hand_parts.py

Times a table's block of decks (``rng.deck_block``, 8, 16 and 64 hands), the tournament
inputs of a hand of nine seats without bounties (``model_kernel.hand_inputs``, 150 places paid)
and, the same in both trees, what numba's dispatch costs for two ``array.array`` arguments (the
decision draws as the compiled rounds are given them) against two NumPy arrays.
Best of 7 rounds, ``time.process_time``: on a shared machine wall time is inflated by the load.
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable


def _best(fn: Callable[[], object], number: int) -> float:
    fn()
    rounds = timeit.repeat(fn, number=number, repeat=7, timer=time.process_time)
    return min(rounds) / number * 1e6


def main() -> None:
    """Print each part's µs."""
    from pokersim import rng
    from pokersim.actions import TournamentContext
    from pokersim.model_kernel import hand_inputs
    from pokersim.model_params import TightAggressiveParams, pack

    for count in (8, 16, 64):
        us = _best(lambda count=count: rng.deck_block(1, 2, 3, count), 2000)
        print(f"deck_block, {count} hands: {us:.1f} us")
    params = pack([(TightAggressiveParams(tournament=True), None)])
    prizes = tuple(range(200_000, 50_000, -1_000))
    context = TournamentContext(
        players_left=600, places_paid=len(prizes), average_stack=25_000.0, prizes_cents=prizes
    )
    ids = list(range(9))
    us = _best(lambda: hand_inputs(params, context, ids), 50_000)
    print(f"hand_inputs, 9 seats, {len(prizes)} places paid, no bounties: {us:.2f} us")
    _dispatch()


def _dispatch() -> None:
    from array import array

    import numpy as np
    from numba import njit

    @njit
    def first(a, b):  # type: ignore[no-untyped-def]
        return a[0] + b[0]

    u = array("d", bytes(8 * 1024))
    z = array("d", bytes(8 * 768))
    for name, args in (("array.array", (u, z)), ("ndarray", (np.frombuffer(u), np.frombuffer(z)))):
        us = _best(lambda args=args: first(*args), 100_000)
        print(f"a compiled call of two {name} arguments: {us:.2f} us")


if __name__ == "__main__":
    main()

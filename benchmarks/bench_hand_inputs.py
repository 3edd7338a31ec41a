"""CPU time of a hand's tournament inputs by the size of the prize table.

A tournament-aware field (``tournament = true``) computes ``players.tournament_inputs`` once per
hand in the compiled rounds and once per decision in the Python ones. Its cost must not grow
with the places paid (15 % of the field in the shipped MTTs: 15,000 places at 100,000
players). Each row: the best of 7 rounds of 500 calls, CPU time (``time.process_time``).

    python benchmarks/bench_hand_inputs.py
"""

from __future__ import annotations

import time
import timeit
from functools import partial

from pokersim.actions import TournamentContext
from pokersim.players import tournament_inputs


def main() -> None:
    """Print the CPU microseconds of one call for 150, 1,500 and 15,000 places paid."""
    ids = list(range(9))
    for paid in (150, 1_500, 15_000):
        prizes = tuple(range(paid * 100, 0, -100))
        context = TournamentContext(
            players_left=6 * paid, places_paid=paid, average_stack=30_000.0, prizes_cents=prizes
        )
        call = partial(tournament_inputs, context, ids)
        rounds = timeit.repeat(call, number=500, repeat=7, timer=time.process_time)
        print(f"{paid:>6,} places paid: {min(rounds) / 500 * 1e6:.2f} µs a call")


if __name__ == "__main__":
    main()

"""Where a tournament hand's CPU time goes at each field size, the sizes alternated in one process.

Runs the structure of ``scenarios/mtt_1000.toml`` with only ``players.count`` changed, the sizes
in turn (``--rounds`` times), seed 1, and splits each hand's thread CPU time into the dealer's
``play`` (of which ``whole_hand``, the compiled hand, and within it the compiled ``_run``), the
director's ``_hand_ended`` (accounting, busts, balancing) and the rest (SimPy, the table's
process, moving the button). Alternating the sizes in one process shows how the cost grows
with the field on a machine whose speed drifts between runs. The wrappers' own cost is in every
figure.

    python benchmarks/field_split.py 100 1000 10000 30000 --rounds 2
"""

from __future__ import annotations

import argparse
import time
import tomllib
from pathlib import Path
from typing import Any

from pokersim import betting_kernel
from pokersim.engine import run_tournament
from pokersim.engine.dealer import Dealer
from pokersim.engine.director import Director
from pokersim.scenario import load_scenario, parse_scenario

ROOT = Path(__file__).resolve().parent.parent
clock = time.thread_time_ns
spent = {"play": 0, "whole_hand": 0, "_run": 0, "ended": 0}


def _timed(fn: Any, key: str) -> Any:
    def wrapper(*args: Any) -> Any:
        t = clock()
        try:
            return fn(*args)
        finally:
            spent[key] += clock() - t

    return wrapper


def main() -> None:
    """Print one line per run: CPU µs per hand, split."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", type=int, nargs="+")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    Dealer.play = _timed(Dealer.play, "play")  # type: ignore[method-assign]
    Dealer.whole_hand = _timed(Dealer.whole_hand, "whole_hand")  # type: ignore[method-assign]
    Dealer._quick = _timed(Dealer._quick, "whole_hand")  # type: ignore[method-assign]
    Director._hand_ended = _timed(Director._hand_ended, "ended")  # type: ignore[method-assign]
    betting_kernel._run = _timed(betting_kernel._run, "_run")
    run_tournament(load_scenario(ROOT / "scenarios" / "sng_9max.toml"), 0)  # compile, load
    scenarios = {}
    for n in args.sizes:
        data = tomllib.loads((ROOT / "scenarios" / "mtt_1000.toml").read_text(encoding="utf-8"))
        data["players"]["count"] = n
        scenarios[n] = parse_scenario(data, source=f"mtt_1000.toml with {n} players")
    for _ in range(args.rounds):
        for n in args.sizes:
            for key in spent:
                spent[key] = 0
            t = clock()
            hands = run_tournament(scenarios[n], 1).hands_played
            per = {key: v / hands / 1e3 for key, v in spent.items()}
            total = (clock() - t) / hands / 1e3
            print(
                f"{n:>7,} players {hands:>9,} hands: {total:6.1f} µs a hand; play "
                f"{per['play']:6.1f} (whole_hand {per['whole_hand']:6.1f}, _run "
                f"{per['_run']:6.1f}), _hand_ended {per['ended']:5.1f}, rest "
                f"{total - per['play'] - per['ended']:5.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()

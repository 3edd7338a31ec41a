"""What a field asks of the engine per hand: decisions, post-flop decisions, flops seen.

The cost of a tournament hand depends on how the field plays it (a field that limps and calls
sees more flops, and every post-flop decision of a built-in model samples equities), and the
number of hands depends on the pace. This plays each scenario once, seed 1, with the hands'
own events recorded (the same hands as without them), and counts:

    python benchmarks/field_actions.py scenarios/variants/mtt_1000_uncalibrated.toml \\
        scenarios/mtt_1000.toml
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path
from typing import Any


def profile(path: Path, seed: int) -> dict[str, Any]:
    """One run of ``path`` with the hands' events: per-hand averages and the pace."""
    from pokersim.engine import run_tournament
    from pokersim.events import ActionTaken, BoardDealt
    from pokersim.scenario import load_scenario

    counts: Counter[str] = Counter()

    def count(event: object) -> None:
        if isinstance(event, ActionTaken):
            counts["decisions"] += 1
            counts["postflop"] += event.street > 0
        elif isinstance(event, BoardDealt) and event.street == 1:
            counts["flops"] += 1

    result = run_tournament(load_scenario(path), seed, emit=count, record_actions=True)
    hands = result.hands_played
    return {
        "scenario": path.name,
        "hands": hands,
        "hours": round(result.duration_seconds / 3600, 2),
        "decisions_per_hand": round(counts["decisions"] / hands, 2),
        "postflop_decisions_per_hand": round(counts["postflop"] / hands, 2),
        "flop_share": round(counts["flops"] / hands, 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenarios", nargs="+", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("| scenario | hands | hours | decisions/hand | post-flop decisions/hand | flops/hand |")
    print("|---|---:|---:|---:|---:|---:|")
    for path in args.scenarios:
        r = profile(path, args.seed)
        print(
            f"| {r['scenario']} | {r['hands']:,} | {r['hours']} | {r['decisions_per_hand']} | "
            f"{r['postflop_decisions_per_hand']} | {r['flop_share']} |",
            flush=True,
        )


if __name__ == "__main__":
    main()

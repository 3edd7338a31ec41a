"""What writing a run's files costs per hand: ``run`` against ``run --out`` (with ``--actions``).

The speed issue's targets: ``--out`` at most 4 µs a hand more than a run without files,
``--out --actions`` at most 15 µs more. The variants play the same tournament (same scenario and
seed, so the same hands) in one process, in turns (A B C, C B A, ...), after one warm-up run of
each; CPU time (``time.process_time``) per hand, and the median of each variant's extra cost
over the run without files played next to it. "recorded, no files" records the hands' events
(``run_tournament(..., record_actions=True)``) and writes nothing: what ``--actions`` costs the
engine, apart from the writer. "--hero" writes one player's view (a player from the middle of
the field): only that player's hands are recorded.

    python benchmarks/bench_outputs.py scenarios/mtt_1000.toml --rounds 6
    python benchmarks/bench_outputs.py scenarios/mtt_1000.toml --only out actions
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from pokersim.engine import run_tournament
from pokersim.outputs import write_run
from pokersim.scenario import load_scenario

VARIANTS = (
    "no files", "recorded, no files", "--out", "--out --actions", "--out --hands both",
    "--out --hands both --hero",
)  # fmt: skip
SHORT = {  # --only's names of the variants
    "recorded": "recorded, no files",
    "out": "--out",
    "actions": "--out --actions",
    "hands": "--out --hands both",
    "hero": "--out --hands both --hero",
}


def _runner(path: Path, seed: int, folder: Path) -> dict[str, Callable[[], int]]:
    """Each variant as a call returning the hands it played."""
    scenario = load_scenario(path)

    def plain() -> int:
        return run_tournament(scenario, seed).hands_played

    def recorded() -> int:  # the hands' events recorded, nothing written: the engine's part
        return run_tournament(scenario, seed, record_actions=True).hands_played

    specs = scenario.players.expand()
    hero = specs[len(specs) // 2].name  # a player of the middle of the field

    def files(actions: bool, hands: str, who: str | None = None) -> Callable[[], int]:
        def play() -> int:
            out = folder / f"run-{actions}-{hands}-{who}"
            result = write_run(
                scenario, seed, out, scenario_name=path.stem, actions=actions, hands=hands,
                hero=who,
            )  # fmt: skip
            return result.hands_played

        return play

    return {
        "no files": plain,
        "recorded, no files": recorded,
        "--out": files(False, "none"),
        "--out --actions": files(True, "none"),
        "--out --hands both": files(False, "both"),
        "--out --hands both --hero": files(False, "both", hero),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", type=Path, nargs="?", default=Path("scenarios/mtt_1000.toml"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument(
        "--only",
        nargs="*",
        default=list(SHORT),
        choices=SHORT,
        help="the variants played besides 'no files' (all by default)",
    )
    args = parser.parse_args()
    chosen = {SHORT[name] for name in args.only}
    variants = tuple(v for v in VARIANTS if v == "no files" or v in chosen)
    with tempfile.TemporaryDirectory() as tmp:
        runs = _runner(args.scenario, args.seed, Path(tmp))
        per_hand: dict[str, list[float]] = {v: [] for v in variants}
        for name in variants:  # warm-up: compiled kernels, caches
            runs[name]()
        for k in range(args.rounds):
            order = variants if k % 2 == 0 else tuple(reversed(variants))
            for name in order:
                start = time.process_time()
                hands = runs[name]()
                per_hand[name].append((time.process_time() - start) / hands * 1e6)
    print(f"{args.scenario.name}, seed {args.seed}, {args.rounds} rounds, CPU µs per hand\n")
    print("| variant | median µs a hand | range | extra over no files, median of rounds |")
    print("|---|---:|---:|---:|")
    base = per_hand["no files"]
    for name in variants:
        values = per_hand[name]
        extra = statistics.median(v - b for v, b in zip(values, base, strict=True))
        print(
            f"| {name} | {statistics.median(values):.1f} | {min(values):.1f}-{max(values):.1f} | "
            f"{'' if name == 'no files' else f'{extra:+.1f}'} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

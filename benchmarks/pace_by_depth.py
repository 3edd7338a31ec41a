"""Hands per hour by players at the table and by depth: does a deep table deal more slowly?

``pokersim calibrate`` reads the pace by players at the table only (3,600 over the mean
seconds from one hand's start to the next at that table). This splits each interval by the
depth of the hand that opens it (the table's average stack in big blinds: under 20, 20-40, 40
and more), for real hand histories and simulated runs through the same reduction
(``calibration.Measure`` with one more count), read by ``preflop_cells.py``'s readers::

    python benchmarks/pace_by_depth.py --real tests/data/histories/{wpn,betclic}/*.txt
    python benchmarks/pace_by_depth.py scenarios/mtt_1000.toml --runs 20
    python benchmarks/pace_by_depth.py scenarios/variants/mtt_1000_6max.toml --runs 20

Each row gives the intervals and the hands an hour, with a 95 % interval from the spread of
the intervals' seconds (normal, on their mean).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokersim.calibration import Measure

sys.path.insert(0, str(Path(__file__).resolve().parent))
import preflop_cells  # noqa: E402 - the sibling's readers and command line

DEPTHS = (("<20", 0.0, 20.0), ("20-40", 20.0, 40.0), ("40+", 40.0, math.inf))


class PaceByDepth(Measure):
    """``Measure`` that also sums each pace interval by players and by the opening hand's depth."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: dict[int, tuple[float, int, bool, int, str | None]] = {}

    def _TableHandStarted(self, e: Any) -> None:
        previous = self.opened.get(e.table_id)
        if previous is not None:
            t0, players, sync, epoch, depth = previous
            if depth and not sync and not e.synchronized and epoch == self.epoch and e.t > t0:
                seconds = e.t - t0
                key = f"depth_pace_{players}_{depth}"
                self.bump(key)
                self.bump(f"{key}_seconds", seconds)
                self.bump(f"{key}_squares", seconds * seconds)
        n = len(e.player_ids)
        bb = self.big_blind.get(e.level_index)
        depth = None
        if bb:
            average = sum(e.stacks) / n / bb
            depth = next(name for name, lo, hi in DEPTHS if lo <= average < hi)
        self.opened[e.table_id] = (e.t, n, e.synchronized, self.epoch, depth)
        super()._TableHandStarted(e)


def render(counts: dict[str, float], least: int) -> str:
    """One row per players at the table and depth with at least ``least`` intervals."""
    lines = [
        "| players | depth (bb) | intervals | hands an hour (95 %) |",
        "|---:|---|---:|---|",
    ]
    for players in range(9, 1, -1):
        for depth, _lo, _hi in DEPTHS:
            key = f"depth_pace_{players}_{depth}"
            count = counts.get(key, 0.0)
            if count < least:
                continue
            mean = counts[f"{key}_seconds"] / count
            variance = max(0.0, counts[f"{key}_squares"] / count - mean * mean)
            half = 1.96 * math.sqrt(variance / count)
            slow, fast = 3600.0 / (mean + half), 3600.0 / max(mean - half, 1e-9)
            lines.append(
                f"| {players} | {depth} | {count:.0f} | {3600.0 / mean:.1f} "
                f"({slow:.1f}-{fast:.1f}) |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    return preflop_cells.main(argv, PaceByDepth, render, __doc__)


if __name__ == "__main__":
    raise SystemExit(main())

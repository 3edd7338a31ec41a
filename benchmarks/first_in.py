"""First in: how often a player whom everyone before has folded to opens, limps or folds.

A field's pre-flop figures (VPIP, PFR: ``pokersim calibrate``) sum every spot; this looks at the
one the models' ``open_width`` and ``limp_width`` decide, the unopened pot, by the players still
to act behind the player (the blinds included: on the button, two) and by the table's size
(7-9 or 4-6 players dealt in). Only tables averaging 20 big blinds or more are counted, where
the models open and limp rather than shove (a short stack's first-in shove is a raise too).
Real hands and simulated ones go through the same reduction (``calibration.Measure`` with one
more count), the histories' own players left out, read by ``preflop_cells.py``'s readers::

    python benchmarks/first_in.py --real tests/data/histories/{wpn,betclic}/*.txt
    python benchmarks/first_in.py scenarios/mtt_1000.toml --runs 5
    python benchmarks/first_in.py scenarios/variants/mtt_1000_6max.toml --runs 5

Each row gives the opportunities and the shares opened (a raise), limped (a call of the big
blind, or a check in it) and folded, with the 95 % Wilson interval of the open share.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pokersim.calibration import CELL_SIZES, OWNER, Measure
from pokersim.players import preflop_order

sys.path.insert(0, str(Path(__file__).resolve().parent))
import preflop_cells  # noqa: E402 - the sibling's readers and command line
from real_hands import wilson  # noqa: E402

DEEPER = "20-40"  # with every table at DEEP_BB or more: the tables counted
_ANSWER = {"raise": "open", "fold": "fold"}  # any other first-in answer (call, check) limps


class FirstIn(Measure):
    """``Measure`` that also counts each unopened pot's first-in decision."""

    def _HandStarted(self, e: Any) -> None:
        super()._HandStarted(e)
        n = len(e.player_ids)
        self.first_open = True  # nobody has entered the pot yet
        self.first_order = [preflop_order(i, n, e.button) for i in range(n)]
        self.first_seen = [False] * n

    def _ActionTaken(self, e: Any) -> None:
        h = self.hand
        if h is not None and e.street == 0 and not self.first_seen[e.seat]:
            self.first_seen[e.seat] = True
            kind = str(e.kind)
            n = len(h.models)
            if self.first_open and (h.deep or h.depth == DEEPER) and h.models[e.seat] != OWNER:
                behind = n - 1 - self.first_order[e.seat]
                size = next(s for s, fewest in CELL_SIZES if n >= fewest)
                key = f"first_in_{size}_{behind}"
                self.bump(key)
                self.bump(f"{key}_{_ANSWER.get(kind, 'limp')}")
            if kind in ("call", "raise"):
                self.first_open = False
        super()._ActionTaken(e)


def render(counts: dict[str, float], least: int) -> str:
    """One row per table size and players behind with at least ``least`` opportunities."""
    lines = [
        "| players dealt | behind | first-in spots | open % (95 %) | limp % | fold % |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for size, _fewest in CELL_SIZES:
        for behind in range(8, 0, -1):
            key = f"first_in_{size}_{behind}"
            spots = counts.get(key, 0.0)
            if spots < least:
                continue
            opened = counts.get(f"{key}_open", 0.0)
            lo, hi = wilson(opened, spots)
            limp = 100.0 * counts.get(f"{key}_limp", 0.0) / spots
            fold = 100.0 * counts.get(f"{key}_fold", 0.0) / spots
            lines.append(
                f"| {size} | {behind} | {spots:.0f} | {100 * opened / spots:.1f} "
                f"({lo:.1f}-{hi:.1f}) | {limp:.1f} | {fold:.1f} |"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    return preflop_cells.main(argv, FirstIn, render, __doc__)


if __name__ == "__main__":
    raise SystemExit(main())

"""How many hands a table could play in one compiled call: the stretches between director events.

Issue #17's "the director wakes only when something happens" lets a table play many hands in
one call between the events that change what it plays: its seats (a bust at the table, a
player moved in or out by balancing or a broken table), its level, a break, hand-for-hand.
This reads a run's event log and cuts each table's hands into stretches at those events,
each cut counted by its reason:

- ``bust``: the hand before busted a player at this table (the compiled hand knows it: a
  batch can stop there by itself);
- ``moved``: a player was moved in or out between the two hands (caused by another table's
  bust or break: a batch played ahead would have to be played again from there);
- ``level``: the level changed (known ahead from the clock);
- ``break``: a break came between the two hands (known ahead);
- ``synchronized``: either hand was dealt hand-for-hand (one hand a wake-up by rule).

With ``--through level,break`` those two do not cut (a compiled call given the clock's
schedule could play through them). It prints the stretches' mean and median length, the share
of hands in stretches of at least 2, 4, 8 and 16 hands, and the cuts by reason: the most a
batch could cover, with perfect foresight of the moves.

    python benchmarks/batch_runs.py scenarios/mtt_1000.toml --runs 4 --seed 0 [--through level]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

REASONS = ("bust", "moved", "level", "break", "synchronized")


class Stretches:
    """Each table's stretches of hands with the same seats, level and no break between."""

    def __init__(self, through: frozenset[str] = frozenset()) -> None:
        self.through = through  # reasons that do not cut (a batch that plays through them)
        self.lengths: list[int] = []
        self.cuts: Counter[str] = Counter()
        self.open: dict[int, list[Any]] = {}  # table -> [length, ids, level, sync, cut reason]

    def add(self, e: Any) -> None:
        kind = type(e).__name__
        if kind == "TableHandStarted":
            self._hand(e)
        elif kind == "PlayerEliminated":
            self._cut(e.table_id, "bust")
        elif kind == "PlayerMoved":
            self._cut(e.from_table, "moved")
            self._cut(e.to_table, "moved")
        elif kind == "BreakStarted":
            for t in list(self.open):
                self._cut(t, "break")
        elif kind == "TableBroken" and e.table_id in self.open:
            self.lengths.append(self.open.pop(e.table_id)[0])

    def _cut(self, table: int, reason: str) -> None:
        """The table's stretch ends after its current hand (the first reason given counts)."""
        run = self.open.get(table)
        if run is not None and run[4] is None and reason not in self.through:
            run[4] = reason

    def _hand(self, e: Any) -> None:
        run = self.open.get(e.table_id)
        if run is not None:
            length, ids, level, sync, reason = run
            if reason is None and (sync or e.synchronized):
                reason = "synchronized"
            elif reason is None and ids != e.player_ids:
                reason = "moved"  # a seat change not from this table's own bust
            elif reason is None and level != e.level_index and "level" not in self.through:
                reason = "level"
            if reason is None:
                run[0] += 1
                return
            self.cuts[reason] += 1
            self.lengths.append(length)
        self.open[e.table_id] = [1, e.player_ids, e.level_index, e.synchronized, None]

    def finish(self) -> None:
        self.lengths.extend(run[0] for run in self.open.values())
        self.open = {}


def main() -> None:
    from pokersim.engine import run_tournament
    from pokersim.scenario import load_scenario
    from pokersim.study import run_seeds

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("scenario", type=Path)
    ap.add_argument("--runs", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--through", default="", help="reasons a batch plays through, comma-separated: level,break"
    )
    args = ap.parse_args()
    sc = load_scenario(args.scenario)
    through = frozenset(r for r in args.through.split(",") if r)
    if not through <= {"level", "break"}:
        ap.error(f"--through: expected level and/or break, got {args.through!r}")
    s = Stretches(through)
    for seed in run_seeds(args.seed, args.runs):
        run_tournament(sc, seed, emit=s.add)
        s.finish()
    hands = sum(s.lengths)
    also = f", played through: {args.through}" if through else ""
    print(f"{args.scenario.name}: {args.runs} runs, seed {args.seed}: {hands} hands{also}")
    print(
        f"stretches: {len(s.lengths)}, mean {hands / len(s.lengths):.2f} hands, "
        f"median {statistics.median(s.lengths):.0f}, longest {max(s.lengths)}"
    )
    for k in (2, 4, 8, 16):
        share = sum(n for n in s.lengths if n >= k) / hands
        print(f"  hands in stretches of {k:2d} or more: {share:6.1%}")
    cuts = sum(s.cuts.values()) or 1
    print(
        "cuts by reason: " + ", ".join(f"{r} {s.cuts[r]} ({s.cuts[r] / cuts:.0%})" for r in REASONS)
    )


if __name__ == "__main__":
    main()

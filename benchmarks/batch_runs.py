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
- ``synchronized``: either hand was dealt hand-for-hand (one hand a wake-up by rule);
- ``field``: a player anywhere in the field busted, bought chips or was paid a bounty between
  the two hands. Tournament-aware players read the field in every decision (the players left,
  the average stack, the bounties: ``engine.context``), so a hand dealt after such an event is
  not the hand a call played ahead would have dealt. Counted only with ``--aware``.

With ``--through level,break`` those two do not cut (a compiled call given the clock's
schedule could play through them). It prints the stretches' mean and median length, the share
of hands in stretches of at least 2, 4, 8 and 16 hands, and the cuts by reason: the most a
batch could cover, with perfect foresight of the moves.

``--windows`` measures the other way to batch: across tables. A hand that starts at ``t``
ends, and changes the field, at ``t + deal_seconds`` at the earliest, and the hands in flight
were all computed when they started, so the engine knows when the field next changes. Every
hand that starts before both can be computed at once, whatever its table: a window opens at
the first hand not yet computed and holds the hands that start within ``deal_seconds`` of it
with no change of the field, no move, level, break or table broken before them in the log.
It prints the windows' mean size, and the share of hands in windows of at least 2, 8, 32 and
128 hands.

    python benchmarks/batch_runs.py scenarios/mtt_1000.toml --runs 4 --seed 0 [--through level]
    python benchmarks/batch_runs.py scenarios/mtt_1000.toml --runs 4 --seed 0 --aware --windows
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

REASONS = ("bust", "moved", "level", "break", "synchronized", "field")
FIELD = frozenset({"PlayerEliminated", "EntryBought", "BountyPaid", "PlayerDisqualified"})
"""Events that change what a tournament-aware player reads of the field."""
WINDOW_CUTS = FIELD | {"PlayerMoved", "LevelStarted", "BreakStarted", "TableBroken"}


class Stretches:
    """Each table's stretches of hands with the same seats, level and no break between."""

    def __init__(self, through: frozenset[str] = frozenset(), aware: bool = False) -> None:
        self.through = through  # reasons that do not cut (a batch that plays through them)
        self.aware = aware  # a change of the field anywhere cuts every table's stretch
        self.lengths: list[int] = []
        self.cuts: Counter[str] = Counter()
        self.open: dict[int, list[Any]] = {}  # table -> [length, ids, level, sync, cut reason]

    def add(self, e: Any) -> None:
        kind = type(e).__name__
        if kind == "TableHandStarted":
            self._hand(e)
            return
        if kind == "PlayerEliminated":
            self._cut(e.table_id, "bust")  # first: the busting table's own reason
        if self.aware and kind in FIELD:
            for t in list(self.open):
                self._cut(t, "field")
        if kind == "PlayerMoved":
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


class Windows:
    """Hands of any table that one compiled call could play: see ``--windows``."""

    def __init__(self, deal_seconds: float) -> None:
        self.span = deal_seconds  # a hand changes the field this long after it starts, or later
        self.sizes: list[int] = []
        self.opened_at: float | None = None  # the window's first hand's start; None: closed
        self.size = 0

    def add(self, e: Any) -> None:
        kind = type(e).__name__
        if kind == "TableHandStarted":
            if self.opened_at is not None and e.t < self.opened_at + self.span:
                self.size += 1
                return
            self.finish()
            self.opened_at, self.size = e.t, 1
        elif kind in WINDOW_CUTS:
            self.finish()

    def finish(self) -> None:
        if self.size:
            self.sizes.append(self.size)
        self.opened_at, self.size = None, 0


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
    ap.add_argument("--aware", action="store_true", help="a change of the field cuts every table")
    ap.add_argument("--windows", action="store_true", help="also measure batches across tables")
    args = ap.parse_args()
    sc = load_scenario(args.scenario)
    through = frozenset(r for r in args.through.split(",") if r)
    if not through <= {"level", "break"}:
        ap.error(f"--through: expected level and/or break, got {args.through!r}")
    s = Stretches(through, args.aware)
    w = Windows(sc.timing.deal_seconds)
    for seed in run_seeds(args.seed, args.runs):

        def emit(e: Any) -> None:
            s.add(e)
            w.add(e)

        run_tournament(sc, seed, emit=emit)
        s.finish()
        w.finish()
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
    if args.windows:
        sizes = w.sizes
        print(
            f"windows across tables ({sc.timing.deal_seconds:g} s): {len(sizes)}, "
            f"mean {sum(sizes) / len(sizes):.2f} hands, median {statistics.median(sizes):.0f}, "
            f"largest {max(sizes)}"
        )
        for k in (2, 8, 32, 128):
            share = sum(n for n in sizes if n >= k) / sum(sizes)
            print(f"  hands in windows of {k:3d} or more: {share:6.1%}")


if __name__ == "__main__":
    main()

"""Why a deep table deals slower: decisions per hand and seconds per decision, by depth.

``pace_by_depth.py`` found the model's deep six-handed tables slower than its 20-40 big blind
ones where real tables deal about as fast at both depths. A hand's seconds are its decisions'
plus the rest (the deal, the showdown, the pause between hands), so the gap is either more
decisions in a deep hand or longer ones. This splits both, real and simulated, by players at
the table and by the opening hand's depth (the table's average stack in big blinds), with the
decision kinds of ``pace_mix.kinds``:

- real: Betclic.fr exports stamped per action (``real_think_times.decisions``), the interval
  from one hand's start to the next at that table where ``calibration.follows`` holds; a
  decision's seconds are its stamp minus the one before, and the first decision of each
  betting round (its seconds hold the deal) counts as a decision but not in the mean seconds;
- simulated: a ``pace_mix.py --save`` file (its intervals carry the opening hand's depth).

``--clustered`` prints the real paces alone (any history with hand starts: Winning Poker
Network's too), each with an interval that resamples whole tournaments (``clustered``)::

    python benchmarks/pace_depth_mix.py --clustered tests/data/histories/{wpn,betclic}/*.txt

``--all-ins`` prints instead the share of hands with an all-in by the street of the first
one, real and simulated; ``--shoves`` those whose first all-in came before the flop, by kind
(first in, a re-raise, a call) and the all-in player's own stack; and otherwise::

    python benchmarks/pace_mix.py scenarios/variants/mtt_1000_6max.toml --runs 20 --save 6max.npz
    python benchmarks/pace_depth_mix.py tests/data/histories/betclic/*.txt --sim 6max.npz \\
        --players 6
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pace_mix  # noqa: E402 - the benchmarks' own modules, found beside this one
import real_hands  # noqa: E402
import real_think_times  # noqa: E402
from pace_by_depth import DEPTHS  # noqa: E402 - the same depths as the paces by depth


def real_intervals(paths: Sequence[Path]) -> tuple[np.ndarray, list[str], list[Any]]:
    """Every real pace interval (players, seconds, depth), its tournament and opening hand."""
    from pokersim.calibration import follows

    hands = real_hands.read_hands(paths)
    intervals, tournaments, opening = [], [], []
    for hand, after in zip(hands, hands[1:], strict=False):
        if follows(hand, after):
            n = len(hand.seats)
            depth = sum(s.stack for s in hand.seats) / n / hand.big_blind
            intervals.append((n, (after.started - hand.started).total_seconds(), depth))
            tournaments.append(hand.tournament)
            opening.append(hand)
    return np.array(intervals, dtype=float).reshape(-1, 3), tournaments, opening


def real_rows(paths: Sequence[Path]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Real intervals (players, seconds, depth) of hands stamped per action, their decisions
    (``pace_mix.COLUMNS``, the interval's row first) and which decisions open a round."""
    every, _, opening = real_intervals(paths)
    intervals, rows, firsts = [], [], []
    for interval, hand in zip(every, opening, strict=True):
        if len(hand.action_clock) != len(hand.actions) or not hand.actions:
            continue
        d, first = real_think_times.decisions(hand)
        d[:, 0] = len(intervals)
        intervals.append(interval)
        rows.append(d)
        firsts.append(first)
    return (
        np.array(intervals, dtype=float).reshape(-1, 3),
        np.concatenate(rows),
        np.concatenate(firsts),
    )


def clustered(paths: Sequence[Path], draws: int = 10_000) -> list[str]:
    """Hands an hour by players and depth with a 95 % interval resampling whole tournaments.

    Hands of one tournament share its players, its structure and its stage, and the real
    tournaments' paces differ far more than one tournament's hands do: resampling intervals
    one by one (``pace_by_depth.py``) takes them as independent and gives too narrow a band.
    This draws the tournaments with replacement (``draws`` times, seed 0), each with all its
    intervals, and prints each tournament's own pace beside.
    """
    intervals, tournaments, _ = real_intervals(paths)
    rng = np.random.default_rng(0)
    lines = [
        "| players | depth (bb) | intervals | tournaments | hands/h | 95 % (tournaments "
        "resampled) | each tournament: intervals, hands/h |",
        "|---:|---|---:|---:|---:|---|---|",
    ]
    for players in range(9, 1, -1):
        for name, keep, _ in depth_cells(intervals, [players]):
            groups: dict[str, list[float]] = {}
            for seconds, t in zip(intervals[keep, 1], np.array(tournaments)[keep], strict=True):
                groups.setdefault(str(t), []).append(float(seconds))
            parts = [np.array(v) for v in groups.values()]
            sums = np.array([p.sum() for p in parts])
            counts = np.array([len(p) for p in parts])
            pick = rng.integers(0, len(parts), (draws, len(parts)))
            paces = 3600 * counts[pick].sum(axis=1) / sums[pick].sum(axis=1)
            lo95, hi95 = np.percentile(paces, [2.5, 97.5])
            each = ", ".join(f"{n} {3600 * n / s:.1f}" for n, s in zip(counts, sums, strict=True))
            lines.append(
                f"| {players} | {name} | {keep.sum()} | {len(parts)} | "
                f"{3600 * counts.sum() / sums.sum():.1f} | {lo95:.1f}-{hi95:.1f} | {each} |"
            )
    return lines


def depth_cells(
    intervals: np.ndarray, players: Sequence[int], least: int = 10
) -> Iterator[tuple[str, np.ndarray, int]]:
    """Each depth with ``least`` intervals or more at ``players``: its name, its intervals'
    mask and their count."""
    for name, lo, hi in DEPTHS:
        keep = np.isin(intervals[:, 0], players) & (intervals[:, 2] >= lo) & (intervals[:, 2] < hi)
        hands = int(keep.sum())
        if hands >= least:
            yield name, keep, hands


def table(
    intervals: np.ndarray, d: np.ndarray, timed: np.ndarray, players: Sequence[int], label: str
) -> list[str]:
    """One row per depth: intervals, hands an hour, seconds a hand (decisions, the rest),
    decisions a hand and each kind's count a hand and mean seconds."""
    kinds = pace_mix.kinds(d)
    sampled = d[:, 0] >= 0
    at = np.where(sampled, d[:, 0], 0).astype(np.intp)
    lines = []
    for name, keep, hands in depth_cells(intervals, players):
        mine = sampled & keep[at]
        seconds = intervals[keep, 1].sum()
        decided = d[mine, 11].sum()  # real: up to the last action's stamp; simulated: paced
        cells = []
        for mask in kinds.values():
            m = mine & mask
            t = m & timed
            mean = f"{d[t, 11].mean():.1f}" if t.sum() >= 5 else "-"
            cells.append(f"{m.sum() / hands:.2f} / {mean}")
        lines.append(
            f"| {label} | {name} | {hands:,} | {3600 * hands / seconds:.1f} | "
            f"{seconds / hands:.1f} | {decided / hands:.1f} | {(seconds - decided) / hands:.1f} | "
            f"{mine.sum() / hands:.2f} | " + " | ".join(cells) + " |"
        )
    return lines


OWN_DEPTHS = ((0.0, 15.0), (15.0, 25.0), (25.0, 40.0), (40.0, np.inf))


def first_all_ins(d: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The row of each kept interval's first all-in decision (``d``'s rows in hand order)."""
    at = d[:, 0].astype(np.intp)
    rows = np.flatnonzero((at >= 0) & keep[np.maximum(at, 0)] & (d[:, 9] > 0))
    _, first = np.unique(at[rows], return_index=True)
    return rows[first]


def all_in_streets(
    intervals: np.ndarray, d: np.ndarray, players: Sequence[int], label: str
) -> list[str]:
    """One row per depth: the share of hands with an all-in, by the street of the first one.

    The hands are the pace intervals' opening hands (a simulated decision's ``all_in`` is its
    event's; a real one's, chips equal to what the player had behind)."""
    lines = []
    for name, keep, hands in depth_cells(intervals, players):
        streets = d[first_all_ins(d, keep), 2].astype(int)
        cells = " | ".join(f"{100 * (streets == s).sum() / hands:.1f}" for s in range(4))
        share = 100 * len(streets) / hands
        lines.append(f"| {label} | {name} | {hands:,} | {share:.1f} | {cells} |")
    return lines


def preflop_shoves(
    intervals: np.ndarray, d: np.ndarray, players: Sequence[int], label: str
) -> list[str]:
    """One row per depth and kind: hands whose first all-in came before the flop, % of hands,
    by its kind (a first raise all-in, a re-raise all-in, a call) and by the all-in player's
    own stack in big blinds before acting."""
    lines = []
    for name, keep, hands in depth_cells(intervals, players):
        rows = first_all_ins(d, keep)
        rows = rows[d[rows, 2] == 0]
        own = (d[rows, 6] + d[rows, 3]) / d[rows, 7]
        raised = d[rows, 3] + d[rows, 4] > d[rows, 7]  # facing more than the big blind
        call = d[rows, 8] == pace_mix.ACTIONS["call"]
        for kind, mask in (("first in", ~call & ~raised), ("re-raise", ~call & raised), ("call", call)):  # fmt: skip # noqa: E501
            cells = " | ".join(
                f"{100 * (mask & (own >= lo) & (own < hi)).sum() / hands:.2f}"
                for lo, hi in OWN_DEPTHS
            )
            share = 100 * mask.sum() / hands
            lines.append(f"| {label} | {name} | {hands:,} | {kind} | {share:.2f} | {cells} |")
    return lines


def print_rows(
    rows_of: Callable[[np.ndarray, np.ndarray, Sequence[int], str], list[str]],
    files: Sequence[Path],
    sims: Sequence[str],
    players: Sequence[int],
) -> None:
    """A table's rows for the real histories, then for each simulated file."""
    if files:
        intervals, d, _ = real_rows(files)
        print("\n".join(rows_of(intervals, d, players, "real")))
    for path in sims:
        with np.load(path) as z:
            print("\n".join(rows_of(z["intervals"], z["decisions"], players, Path(path).stem)))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, help="hand histories stamped per action")
    ap.add_argument("--sim", action="append", default=[], help="a pace_mix.py --save file")
    ap.add_argument("--players", type=int, nargs="+", default=[6])
    ap.add_argument(
        "--clustered",
        action="store_true",
        help="the real paces by players and depth, tournaments resampled (any stamped history)",
    )
    ap.add_argument(
        "--all-ins",
        action="store_true",
        help="the share of hands with an all-in by the street of the first, instead",
    )
    ap.add_argument(
        "--shoves",
        action="store_true",
        help="the hands whose first all-in came before the flop, by kind and own stack, instead",
    )
    args = ap.parse_args(argv)
    if args.shoves:
        print(
            "| source | depth (bb) | hands | first all-in before the flop | % of hands | "
            "own stack < 15 bb | 15-25 | 25-40 | 40+ |"
        )
        print("|---|---|---:|---|---:|---:|---:|---:|---:|")
        print_rows(preflop_shoves, args.files, args.sim, args.players)
        return 0
    if args.all_ins:
        print("| source | depth (bb) | hands | all-in % | pre-flop | flop | turn | river |")
        print("|---|---|---:|---:|---:|---:|---:|---:|")
        print_rows(all_in_streets, args.files, args.sim, args.players)
        return 0
    if args.clustered:
        print("\n".join(clustered(args.files)))
        return 0
    head = list(pace_mix.kinds(np.zeros((0, len(pace_mix.COLUMNS)))))
    print(
        "| hands | depth (bb) | intervals | hands/h | s/hand | decisions s/hand | rest s/hand | "
        "decisions/hand | " + " | ".join(f"{k}: n/hand / s" for k in head) + " |"
    )
    print("|" + "---|" * (8 + len(head)))
    if args.files:
        intervals, d, first = real_rows(args.files)
        for line in table(intervals, d, ~first, args.players, "real"):
            print(line)
    for path in args.sim:
        with np.load(path) as z:
            intervals, d = z["intervals"], z["decisions"]
        if intervals.shape[1] < 3:
            raise SystemExit(f"{path}: no depth column (saved by an older pace_mix.py)")
        timed = np.ones(len(d), dtype=bool)
        for line in table(intervals, d, timed, args.players, Path(path).stem):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

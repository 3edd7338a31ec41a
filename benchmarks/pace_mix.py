"""The decision mix behind the pace: what each hand's seconds are made of, by table size.

The calibrated pace (``timing.DecisionPace``) multiplies a built-in model's think time by
factors of the decision; a hand's seconds are its dealing (``timing.HandPace``) plus its
decisions. This plays runs of each scenario with the hands' events logged (as ``pokersim
calibrate`` does, so the same hands), keeps every decision's kind (pre-flop unopened or not,
post-flop by street, facing a bet or not, and what the player did), the model's own think time
and the paced seconds, and ties them to the pace intervals of ``calibration.Measure`` (one
hand's start to the next at that table). It prints, by players at the table, decisions per
hand by kind, think and dealing seconds per hand and the hands per hour, and can save the
decisions (``--save``) so another pace can be tried on the same hands (``--fit``): a hand's
seconds then change by its decisions' new paced seconds minus the old, other things equal (the
hands the new pace would deal differ a little, so a fit is checked with ``pokersim
calibrate``)::

    python benchmarks/pace_mix.py scenarios/mtt_1000.toml --runs 20 --jobs 2 --save mtt.npz
    python benchmarks/pace_mix.py scenarios/sng_9max.toml --runs 200 --jobs 2 --save sng.npz
    python benchmarks/pace_mix.py --fit mtt.npz sng.npz

Only the built-in models' decisions under a pace that is on are seen (``engine.records``
paces them); the fit varies the pre-action, unopened and short-handed factors (two and six
players) of the shipped pace and keeps the street and facing-bet factors.
"""

from __future__ import annotations

import argparse
import itertools
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

SIZES = (9, 8, 7, 6, 5, 4, 3, 2)

#: the columns of a decision row
COLUMNS = (
    "interval",  # the row of its pace interval (-1: the hand is no pace sample)
    "players",  # dealt in
    "street",
    "bet",  # the player's chips in this round before acting
    "to_call",
    "pot",
    "stack",
    "big_blind",
    "action",  # 0 fold, 1 check, 2 call, 3 bet, 4 raise
    "all_in",
    "think",  # the model's own seconds (before the pace)
    "paced",  # the seconds the decision took with the scenario's pace
)
ACTIONS = {"fold": 0, "check": 1, "call": 2, "bet": 3, "raise": 4}


def measure_run(path: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One run: its pace intervals (players, seconds, the opening hand's depth in big blinds:
    the table's average stack) and its decisions (``COLUMNS``)."""
    from pokersim.calibration import Measure
    from pokersim.engine import records, run_tournament
    from pokersim.engine.dealer import Dealer
    from pokersim.scenario import load_scenario

    paced_of = records.decision_pace
    asked: list[tuple[float, ...]] = []  # the paced decisions of the hand being played
    played: dict[int, list[list[tuple[float, ...]]]] = {}  # table -> its hands' decisions

    def logged(pace: Sequence[float], at: int, think: float, *decision: Any) -> float:
        seconds = paced_of(pace, at, think, *decision)
        street, bet, to_call, pot, stack, big_blind, players = decision[:7]
        asked.append((players, street, bet, to_call, pot, stack, big_blind, think, seconds))
        return seconds

    run_hand = Dealer._run

    def run_logged(self: Any, tab: Any, *rest: Any) -> Any:
        asked.clear()
        out = run_hand(self, tab, *rest)
        played.setdefault(tab.table_id, []).append(list(asked))
        return out

    records.decision_pace = logged
    Dealer._run = run_logged
    Dealer._kernel_codes = lambda self, ids: None  # the Python rounds: the same hands
    intervals: list[tuple[int, int, float]] = []  # players, seconds, depth in big blinds
    hand_interval: dict[tuple[int, int], int] = {}
    last_hand: dict[int, tuple[int, int]] = {}
    hands: list[tuple[tuple[int, int], list[Any]]] = []
    depth: dict[int, float] = {}  # by table: its hand's average stack in big blinds

    class Logged(Measure):
        key = (0, 0)
        acts: list[tuple[int, bool, bool]] = []

        def _TableHandStarted(self, e: Any) -> None:  # noqa: N802 - the Measure's names
            previous = self.last.get(e.table_id)
            before = dict(self.c)
            super()._TableHandStarted(e)
            if previous is not None:
                players = previous[1]
                key = f"pace_intervals_{players}"
                if self.c.get(key, 0.0) > before.get(key, 0.0):
                    hand_interval[last_hand[e.table_id]] = len(intervals)
                    intervals.append((players, e.t - previous[0], depth[e.table_id]))
            last_hand[e.table_id] = (e.table_id, e.hand_no)
            bb = self.big_blind.get(e.level_index)
            depth[e.table_id] = sum(e.stacks) / len(e.stacks) / bb if bb else np.nan

        def _HandStarted(self, e: Any) -> None:  # noqa: N802
            super()._HandStarted(e)
            self.key = (e.table_id, e.hand_no)
            self.acts = []

        def _ActionTaken(self, e: Any) -> None:  # noqa: N802
            super()._ActionTaken(e)
            self.acts.append((ACTIONS[str(e.kind)], e.all_in, e.timed_out))

        def _HandEnded(self, e: Any) -> None:  # noqa: N802
            super()._HandEnded(e)
            hands.append((self.key, self.acts))

    run_tournament(load_scenario(path), seed, emit=Logged().add, record_actions=True)
    rows: list[tuple[float, ...]] = []
    nth: dict[int, int] = {}
    for key, acts in hands:
        table = key[0]
        nth[table] = nth.get(table, -1) + 1
        paced = played[table][nth[table]]
        k = hand_interval.get(key, -1)
        kept = [a for a in acts if not a[2]]  # time-outs and sat-out folds ask no pace
        if len(paced) != len(kept):
            kept = [a for a in acts if not a[2]][: len(paced)]
            k = -2  # unmatched: kept apart
        for (n, street, bet, to_call, pot, stack, bb, think, seconds), a in zip(
            paced, kept, strict=False
        ):
            rows.append((k, n, street, bet, to_call, pot, stack, bb, a[0], a[1], think, seconds))
    return (
        np.array(intervals, dtype=np.float64).reshape(-1, 3),
        np.array(rows, dtype=np.float64).reshape(-1, len(COLUMNS)),
    )


def play(path: str, runs: int, seed: int, jobs: int) -> tuple[np.ndarray, np.ndarray]:
    """``runs`` runs (the seeds of ``pokersim calibrate``), intervals and decisions joined."""
    from pokersim.study import run_seeds

    seeds = run_seeds(seed, runs)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        parts = list(pool.map(measure_run, [path] * runs, seeds))
    intervals, decisions, offset = [], [], 0
    for iv, dec in parts:
        dec = dec.copy()
        dec[dec[:, 0] >= 0, 0] += offset
        intervals.append(iv)
        decisions.append(dec)
        offset += len(iv)
    return np.concatenate(intervals), np.concatenate(decisions)


def kinds(d: np.ndarray) -> dict[str, np.ndarray]:
    """Each decision's kind, as boolean masks over the rows."""
    street, bet, to_call, action = d[:, 2], d[:, 3], d[:, 4], d[:, 8]
    pre, post = street == 0, street > 0
    return {
        "pre unopened fold": pre & (bet == 0) & (action == 0) & (to_call <= d[:, 7]),
        "pre unopened other": pre & (bet == 0) & (action != 0) & (to_call <= d[:, 7]),
        "pre facing raise, fold": pre & (to_call > d[:, 7]) & (action == 0),
        "pre facing raise, other": pre & (to_call > d[:, 7]) & (action != 0),
        "pre blind": pre & (bet > 0) & (to_call <= d[:, 7]),
        "post check": post & (to_call == 0) & (action == 1),
        "post bet": post & (to_call == 0) & (action != 1),
        "post facing, fold": post & (to_call > 0) & (action == 0),
        "post facing, call": post & (to_call > 0) & (action == 2),
        "post facing, raise": post & (to_call > 0) & (action == 4),
    }


def summary(intervals: np.ndarray, d: np.ndarray) -> str:
    """By players at the table: hands an hour, seconds a hand (think and the rest), the mix."""
    k = kinds(d)
    lines = [
        "| players | hands | hands/h | s/hand | think s/hand | other s/hand | decisions/hand | "
        + " | ".join(k)
        + " |",
        "|" + "---|" * (7 + len(k)),
    ]
    sampled = d[:, 0] >= 0
    at = d[sampled, 0].astype(np.intp)
    for n in SIZES:
        rows = intervals[:, 0] == n
        hands = int(rows.sum())
        if not hands:
            continue
        seconds = intervals[rows, 1].sum()
        mine = rows[at]
        think = d[sampled, 11][mine].sum()
        mix = [f"{(m[sampled] & mine).sum() / hands:.2f}" for m in k.values()]
        lines.append(
            f"| {n} | {hands:,} | {3600 * hands / seconds:.1f} | {seconds / hands:.1f} | "
            f"{think / hands:.1f} | {(seconds - think) / hands:.1f} | "
            f"{mine.sum() / hands:.2f} | " + " | ".join(mix) + " |"
        )
    return "\n".join(lines)


#: the published bands of the pace (``pokersim/data/calibration_targets.toml``), both formats
BANDS = {9: (55.0, 62.0), 6: (68.0, 77.0), 2: (200.0, 220.0)}


def paced_seconds(d: np.ndarray, pace: Any) -> np.ndarray:
    """``timing.decision_pace`` over the rows at once (the same shape, written for arrays)."""
    from pokersim.timing import SHORT_HANDED_SIZES

    n, street, bet, to_call, pot, stack, bb, action = (d[:, i] for i in range(1, 9))
    f = np.asarray(pace.street_factors)[street.astype(np.intp)]
    f = f * np.where((street == 0) & (bet == 0), pace.unopened_factor, 1.0)
    big = (to_call > 0) & ((to_call >= stack) | ((3 * to_call >= pot) & (bet + to_call > bb)))
    f = f * np.where(big, pace.facing_bet_factor, 1.0)
    short = np.ones(11)
    short[list(SHORT_HANDED_SIZES)] = pace.short_handed_factors
    f = f * short[np.minimum(n, 10).astype(np.intp)]
    easy = (action == 0) | ((action == 1) & (to_call == 0))
    ticked = easy & (d[:, 10] < pace.pre_action_below_seconds)
    f = f * np.where(ticked, pace.pre_action_factor, 1.0)
    f = f * np.where(easy & (street > 0) & (to_call == 0), pace.check_factor, 1.0)
    return d[:, 10] * f + pace.reaction_seconds


def paces(intervals: np.ndarray, d: np.ndarray, pace: Any) -> dict[int, float]:
    """Hands per hour by table size had ``pace`` been played: each hand's seconds change by
    its decisions' new paced seconds minus the logged ones."""
    rows = d[:, 0] >= 0
    delta = np.bincount(
        d[rows, 0].astype(np.intp),
        weights=paced_seconds(d[rows], pace) - d[rows, 11],
        minlength=len(intervals),
    )
    seconds = intervals[:, 1] + delta
    out = {}
    for n in SIZES:
        at = intervals[:, 0] == n
        if at.any():
            out[n] = 3600 * at.sum() / seconds[at].sum()
    return out


def search(
    cost: Callable[[Sequence[float]], float], x: list[float], step: float
) -> tuple[list[float], float]:
    """A coordinate search from ``x``: each factor moved by ``step`` either way while the cost
    falls, the step halved down to 0.01 (factors kept at 0.05 or more, to four places)."""
    best = cost(x)
    while step >= 0.01:
        moved = False
        for i, sign in itertools.product(range(len(x)), (1, -1)):
            y = list(x)
            y[i] = round(max(0.05, y[i] + sign * step), 4)
            c = cost(y)
            if c < best - 1e-9:
                best, x, moved = c, y, True
        if not moved:
            step /= 2
    return x, best


def fit(mtt_path: str, sng_path: str) -> None:
    """Least squares on the bands' midpoints (in half-widths) over both structures, by a
    coordinate search from the shipped pace; prints the logged paces and the fitted ones."""
    from dataclasses import replace

    from pokersim.timing import CALIBRATED_PACE, through_points

    data = []
    for path in (mtt_path, sng_path):
        z = np.load(path)
        data.append((z["intervals"], z["decisions"]))

    def make(x: Sequence[float]) -> Any:
        q, unopened, two, six = x
        return replace(
            CALIBRATED_PACE,
            pre_action_factor=q,
            unopened_factor=unopened,
            short_handed_factors=through_points([(2, two), (6, six), (9, 1.0)]),
        )

    def cost(x: Sequence[float]) -> float:
        total = 0.0
        for intervals, d in data:
            got = paces(intervals, d, make(x))
            for n, (lo, hi) in BANDS.items():
                total += ((got[n] - (lo + hi) / 2) / ((hi - lo) / 2)) ** 2
        return total

    x = [
        CALIBRATED_PACE.pre_action_factor,
        CALIBRATED_PACE.unopened_factor,
        CALIBRATED_PACE.short_handed_factors[0],
        CALIBRATED_PACE.short_handed_factors[4],
    ]
    x, best = search(cost, x, 0.08)
    print(f"fitted: pre-action {x[0]}, unopened {x[1]}, two players {x[2]}, six {x[3]}")
    print(f"(sum of squared distances to the midpoints, in half-widths: {best:.3f})")
    print("| structure | pace | " + " | ".join(f"{n} players" for n in SIZES) + " |")
    print("|---|---|" + "---:|" * len(SIZES))
    for name, (intervals, d) in zip(("mtt", "sng"), data, strict=True):
        logged = {n: 3600 / intervals[intervals[:, 0] == n, 1].mean() for n in SIZES}
        fitted = paces(intervals, d, make(x))
        for label, got in (("logged", logged), ("fitted", fitted)):
            cells = " | ".join(f"{got.get(n, float('nan')):.1f}" for n in SIZES)
            print(f"| {name} | {label} | {cells} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario", nargs="?")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--save", help="write the intervals and decisions to this .npz")
    ap.add_argument("--fit", nargs=2, metavar=("MTT_NPZ", "SNG_NPZ"))
    args = ap.parse_args()
    if args.fit:
        fit(*args.fit)
        return
    intervals, decisions = play(args.scenario, args.runs, args.seed, args.jobs)
    if args.save:
        np.savez_compressed(args.save, intervals=intervals, decisions=decisions)
    print(summary(intervals, decisions))


if __name__ == "__main__":
    main()

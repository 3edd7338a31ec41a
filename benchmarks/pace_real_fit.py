"""Fit the calibrated pace to real decision times as well as to the published hands per hour.

``pace_mix.py --fit`` fits the pace's factors to the bands of hands per hour alone. This adds
the real players' seconds by kind of decision (``real_think_times.py``: a Betclic.fr export
stamped to the second, tables of five and six players) as targets for the same decisions of
``mtt_1000`` at five and six players, each in units of its standard error (at least half a
second). The pre-action factor is held at 1 (real players answer their post-flop checks and
folds in 4-6 seconds, not at once; ``--free-pre-action`` searches it too) and a common factor
scales the post-flop street factors; the facing-bet, unopened and short-handed (two and six
players) factors are searched too::

    python benchmarks/pace_mix.py scenarios/mtt_1000.toml --runs 20 --jobs 2 --save mtt.npz
    python benchmarks/pace_mix.py scenarios/sng_9max.toml --runs 200 --jobs 2 --save sng.npz
    python benchmarks/pace_real_fit.py mtt.npz sng.npz tests/data/histories/betclic/*.txt

It prints the fitted factors, the hands per hour each structure would play, and the simulated
decisions' mean seconds by kind beside the real ones. As with ``pace_mix.py --fit``, the hands
a new pace deals differ a little, so a fit is checked with ``pokersim calibrate``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pace_mix  # noqa: E402 - the benchmarks' own modules, found beside this one
import real_think_times  # noqa: E402

SHORT = (5, 6)  # the real tables' sizes


def make(x: Sequence[float]) -> Any:
    """The shipped pace with the searched factors: post-flop, facing-bet, unopened, 2 and 6
    players (and the pre-action factor, when searched too: 1 otherwise)."""
    from pokersim.timing import CALIBRATED_PACE, through_points

    post, facing, unopened, two, six, *rest = x
    streets = CALIBRATED_PACE.street_factors
    return replace(
        CALIBRATED_PACE,
        street_factors=(streets[0], *(round(post * f, 4) for f in streets[1:])),
        facing_bet_factor=facing,
        unopened_factor=unopened,
        pre_action_factor=rest[0] if rest else 1.0,
        short_handed_factors=through_points([(2, two), (6, six), (9, 1.0)]),
    )


def kind_means(d: np.ndarray, seconds: np.ndarray) -> dict[str, float]:
    """Mean seconds of each of ``pace_mix.kinds`` (those with decisions)."""
    return {k: float(seconds[m].mean()) for k, m in pace_mix.kinds(d).items() if m.any()}


def real_targets(files: Sequence[Path]) -> tuple[dict[str, float], dict[str, float]]:
    """The real mean seconds of each kind (30 decisions or more) and its tolerance."""
    real = real_think_times.real_decisions(files)
    real = real[np.isin(real[:, 1], SHORT)]
    want, tol = {}, {}
    for k, m in pace_mix.kinds(real).items():
        s = real[m, 11]
        if len(s) >= 30:
            want[k] = float(s.mean())
            tol[k] = max(0.5, float(s.std(ddof=1) / np.sqrt(len(s))))
    return want, tol


def report(data: list[tuple[np.ndarray, np.ndarray]], pace: Any, want: dict[str, float]) -> None:
    """The paces by table size, shipped and fitted, and the decisions' means beside the real."""
    print("| structure | pace | " + " | ".join(f"{n}" for n in pace_mix.SIZES) + " |")
    print("|---|---|" + "---:|" * len(pace_mix.SIZES))
    for name, (intervals, d) in zip(("mtt_1000", "sng_9max"), data, strict=True):
        logged = {n: 3600 / intervals[intervals[:, 0] == n, 1].mean() for n in pace_mix.SIZES}
        for label, got in (("shipped", logged), ("fitted", pace_mix.paces(intervals, d, pace))):
            cells = " | ".join(f"{got.get(n, float('nan')):.1f}" for n in pace_mix.SIZES)
            print(f"| {name} | {label} | {cells} |")
    short = data[0][1][np.isin(data[0][1][:, 1], SHORT)]
    before = kind_means(short, short[:, 11])
    after = kind_means(short, pace_mix.paced_seconds(short, pace))
    print("\n| decision (5 or 6 dealt in) | real s | mtt_1000 shipped s | fitted s |")
    print("|---|---:|---:|---:|")
    for k in want:
        print(f"| {k} | {want[k]:.1f} | {before.get(k, np.nan):.1f} | {after.get(k, np.nan):.1f} |")


def main(argv: Sequence[str] | None = None) -> int:
    from pokersim.timing import CALIBRATED_PACE

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mtt")
    ap.add_argument("sng")
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument(
        "--free-pre-action",
        action="store_true",
        help="search the pre-action factor too (from the shipped 0.1) instead of holding it at 1",
    )
    args = ap.parse_args(argv)
    data = []
    for path in (args.mtt, args.sng):
        z = np.load(path)
        data.append((z["intervals"], z["decisions"]))
    want, tol = real_targets(args.files)
    mtt_short = data[0][1][np.isin(data[0][1][:, 1], SHORT)]

    def cost(x: Sequence[float]) -> float:
        pace = make(x)
        total = 0.0
        for intervals, d in data:
            got = pace_mix.paces(intervals, d, pace)
            for n, (lo, hi) in pace_mix.BANDS.items():
                total += ((got[n] - (lo + hi) / 2) / ((hi - lo) / 2)) ** 2
        means = kind_means(mtt_short, pace_mix.paced_seconds(mtt_short, pace))
        return total + sum(((means[k] - want[k]) / tol[k]) ** 2 for k in want if k in means)

    x = [1.0, CALIBRATED_PACE.facing_bet_factor, CALIBRATED_PACE.unopened_factor, 1.25, 1.39]
    if args.free_pre_action:
        x.append(CALIBRATED_PACE.pre_action_factor)
    x, best = pace_mix.search(cost, x, 0.16)
    pace = make(x)
    print(
        f"fitted: post-flop x{x[0]}, facing-bet {x[1]}, unopened {x[2]}, two {x[3]}, six {x[4]}, "
        f"pre-action {pace.pre_action_factor}"
    )
    print(f"street factors {pace.street_factors}; short-handed {pace.short_handed_factors}")
    print(f"(cost {best:.2f}: bands in half-widths, decision means in standard errors)\n")
    report(data, pace, want)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Fit the calibrated pace to real decision times as well as to the published hands per hour.

``pace_mix.py --fit`` fits the pace's factors to the bands of hands per hour alone. This adds
the real players' seconds by kind of decision (``real_think_times.py``: a Betclic.fr export
stamped to the second, tables of five and six players) as targets for the same decisions of
``mtt_1000`` at five and six players, each in units of its standard error (at least half a
second), and the shares of real pre-flop folds and of post-flop checks and folds answered in
the same second (the pre-action box), each in units of five points. Searched: the pre-flop
street factor, a common factor on the post-flop ones, the facing-bet and unopened factors,
the think time under which a check or fold is ticked in advance (``pre_action_below_seconds``;
the pre-action factor itself held at the shipped 0.1), and each structure's short-handed
factors at two and six players; ``sng_9max``, whose seconds no real hands judge, also gets a
factor on its players' think time (its ``think_median_seconds``)::

    python benchmarks/pace_mix.py scenarios/mtt_1000.toml --runs 20 --jobs 2 --save mtt.npz
    python benchmarks/pace_mix.py scenarios/sng_9max.toml --runs 200 --jobs 2 --save sng.npz
    python benchmarks/pace_real_fit.py mtt.npz sng.npz tests/data/histories/betclic/*.txt

It prints the fitted values, the hands per hour each structure would play, and the simulated
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
SHARE_TOLERANCE = 0.05
START = (1.0, 1.0, 1.4, 1.15, 2.0, 1.25, 1.39, 1.25, 1.39, 1.0)
"""Where the search starts: pre-flop, post-flop times, facing-bet, unopened, pre-action below
seconds, ``mtt_1000``'s two- and six-handed factors, ``sng_9max``'s, and its think scale."""


def make(x: Sequence[float]) -> tuple[Any, Any, float]:
    """The shipped pace with the searched values: ``mtt_1000``'s, ``sng_9max``'s, its scale."""
    from pokersim.timing import CALIBRATED_PACE, through_points

    pre, post, facing, unopened, below, two, six, sng_two, sng_six, sng_scale = x
    streets = (1.0, 1.0, 1.1, 1.25)  # the post-flop streets' ratios, kept
    mtt = replace(
        CALIBRATED_PACE,
        street_factors=(pre, *(round(post * f, 4) for f in streets[1:])),
        facing_bet_factor=facing,
        unopened_factor=unopened,
        pre_action_factor=0.1,
        pre_action_below_seconds=below,
        short_handed_factors=through_points([(2, two), (6, six), (9, 1.0)]),
    )
    sng = replace(mtt, short_handed_factors=through_points([(2, sng_two), (6, sng_six), (9, 1.0)]))
    return mtt, sng, sng_scale


def scaled(d: np.ndarray, factor: float) -> np.ndarray:
    """The decisions with their think times times ``factor``."""
    if factor == 1.0:
        return d
    out = d.copy()
    out[:, 10] *= factor
    return out


def kind_means(d: np.ndarray, seconds: np.ndarray) -> dict[str, float]:
    """Mean seconds of each of ``pace_mix.kinds`` (those with decisions)."""
    return {k: float(seconds[m].mean()) for k, m in pace_mix.kinds(d).items() if m.any()}


def easy_answers(d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Masks of the pre-flop folds and of the post-flop free checks and folds."""
    k = pace_mix.kinds(d)
    return (
        k["pre unopened fold"] | k["pre facing raise, fold"],
        k["post check"] | k["post facing, fold"],
    )


def real_targets(files: Sequence[Path]) -> tuple[dict[str, float], dict[str, float], list[float]]:
    """The real mean seconds of each kind (30 decisions or more), its tolerance, and the
    shares of pre-flop folds and of post-flop checks and folds given in the same second."""
    real = real_think_times.real_decisions(files)
    real = real[np.isin(real[:, 1], SHORT)]
    want, tol = {}, {}
    for k, m in pace_mix.kinds(real).items():
        s = real[m, 11]
        if len(s) >= 30:
            want[k] = float(s.mean())
            tol[k] = max(0.5, float(s.std(ddof=1) / np.sqrt(len(s))))
    shares = [float((real[m, 11] == 0).mean()) for m in easy_answers(real)]
    return want, tol, shares


def report(
    data: list[tuple[np.ndarray, np.ndarray]], x: Sequence[float], want: dict[str, float],
    shares: list[float],
) -> None:  # fmt: skip
    """The paces by table size, shipped and fitted, and the decisions' means beside the real."""
    mtt, sng, scale = make(x)
    print("| structure | pace | " + " | ".join(f"{n}" for n in pace_mix.SIZES) + " |")
    print("|---|---|" + "---:|" * len(pace_mix.SIZES))
    fits = ((mtt, 1.0), (sng, scale))
    for name, (intervals, d), (pace, k) in zip(("mtt_1000", "sng_9max"), data, fits, strict=True):
        logged = {n: 3600 / intervals[intervals[:, 0] == n, 1].mean() for n in pace_mix.SIZES}
        fitted = pace_mix.paces(intervals, scaled(d, k), pace)
        for label, got in (("shipped", logged), ("fitted", fitted)):
            cells = " | ".join(f"{got.get(n, float('nan')):.1f}" for n in pace_mix.SIZES)
            print(f"| {name} | {label} | {cells} |")
    short = data[0][1][np.isin(data[0][1][:, 1], SHORT)]
    paced = pace_mix.paced_seconds(short, mtt)
    before, after = kind_means(short, short[:, 11]), kind_means(short, paced)
    print("\n| decision (5 or 6 dealt in) | real s | mtt_1000 shipped s | fitted s |")
    print("|---|---:|---:|---:|")
    for k in want:
        print(f"| {k} | {want[k]:.1f} | {before.get(k, np.nan):.1f} | {after.get(k, np.nan):.1f} |")
    for label, mask, real in zip(("pre-flop folds", "post-flop checks and folds"),
                                 easy_answers(short), shares, strict=True):  # fmt: skip
        print(
            f"| {label}: same second (real) / under 1 s | {100 * real:.0f} % | "
            f"{100 * (short[mask, 11] < 1).mean():.0f} % | {100 * (paced[mask] < 1).mean():.0f} % |"
        )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mtt")
    ap.add_argument("sng")
    ap.add_argument("files", nargs="+", type=Path)
    args = ap.parse_args(argv)
    data = []
    for path in (args.mtt, args.sng):
        z = np.load(path)
        data.append((z["intervals"], z["decisions"]))
    want, tol, shares = real_targets(args.files)
    mtt_short = data[0][1][np.isin(data[0][1][:, 1], SHORT)]
    easy = easy_answers(mtt_short)
    sng_scaled: dict[float, np.ndarray] = {}

    def cost(x: Sequence[float]) -> float:
        mtt, sng, scale = make(x)
        if scale not in sng_scaled:
            sng_scaled.clear()
            sng_scaled[scale] = scaled(data[1][1], scale)
        total = 0.0
        for (intervals, d), pace in ((data[0], mtt), ((data[1][0], sng_scaled[scale]), sng)):
            got = pace_mix.paces(intervals, d, pace)
            for n, (lo, hi) in pace_mix.BANDS.items():
                total += ((got[n] - (lo + hi) / 2) / ((hi - lo) / 2)) ** 2
        paced = pace_mix.paced_seconds(mtt_short, mtt)
        means = kind_means(mtt_short, paced)
        total += sum(((means[k] - want[k]) / tol[k]) ** 2 for k in want if k in means)
        for mask, real in zip(easy, shares, strict=True):
            total += (((paced[mask] < 1).mean() - real) / SHARE_TOLERANCE) ** 2
        return total

    x, best = pace_mix.search(cost, list(START), 0.16)
    mtt, sng, scale = make(x)
    print(
        f"fitted: {dict(zip(('pre', 'post', 'facing', 'unopened', 'below'), x[:5], strict=True))}"
    )
    print(f"mtt_1000: street factors {mtt.street_factors}, short-handed {mtt.short_handed_factors}")
    print(f"sng_9max: short-handed {sng.short_handed_factors}, think times x{scale}")
    print(f"(cost {best:.2f}: bands in half-widths, decision means in standard errors)\n")
    report(data, x, want, shares)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

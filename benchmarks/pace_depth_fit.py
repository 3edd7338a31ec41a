"""Fit the multi-table pace to real tables by depth, real decisions and the real deal.

``pace_real_fit.py`` fitted the pace's factors to the published hands per hour at 9, 6 and 2
players and to real decision seconds, with the hand's fixed time (``deal_seconds``) held at a
value no source gave. Two things came since (docs/players.md, *The pace by depth*): the real
six-handed tables deal as fast at 40 big blinds and more as at 20-40 where the model's deep
ones were slower (``pace_by_depth.py``), and the stamped Betclic.fr hands do give the fixed
time: 3.4 s from a hand's last action to the next hand's start when nobody shows down, and
1.7 s of dealing in the first pre-flop decision (``real_think_times.py``), 5.1 s in all (the
streets' 1.2-1.5 s and the showdown's 2.8 s are the engine's 1.5 and 3). This fits, for the
multi-table structures' own ``[timing]`` keys (the preset ``calibrated`` and the sit-and-go's
pace are left as they are):

- ``deal_seconds``, against the real 5.1 s (a second and a half's tolerance: the two parts
  are means of whole-second stamps, the deal's the difference of two means of decisions that
  differ in more than the deal: the first pre-flop decision is most often a fold);
- the pre-flop street factor, a common factor on the post-flop ones (their ratios kept), the
  facing-bet and unopened factors, the think time under which a check or fold is ticked in
  advance, and the short-handed factors at two and six players;

against: ``mtt_1000``'s hands an hour at 9, 6 and 2 players in the published bands; the 6-max
variant's six-handed tables at 20-40 and at 40 big blinds and more in the real ones' 95 %
intervals with whole tournaments resampled (``pace_depth_mix.py --clustered``: 64.7-127.4 over
41 intervals of 4 tournaments, 61.3-86.7 over 192 of 5: the tournaments' own paces differ far
more than their hands do);
``mtt_1000``'s decisions at five and six players against the real seconds by kind, and the
shares answered at once (as ``pace_real_fit.py``). Each term is squared in units of its band's
half-width (ten times steeper outside the band) or its tolerance. The 6-max variant's runs are
thinned to every third interval (``--every``), enough for two means and three times quicker::

    python benchmarks/pace_mix.py scenarios/mtt_1000.toml --runs 20 --jobs 2 --save mtt.npz
    python benchmarks/pace_mix.py scenarios/variants/mtt_1000_6max.toml --runs 20 --jobs 2 \\
        --save 6max.npz
    python benchmarks/pace_depth_fit.py mtt.npz 6max.npz tests/data/histories/betclic/*.txt

The saved runs must have been played with the pace ``SHIPPED`` describes (a hand's seconds
change by its decisions' new seconds and the deal's, other things equal); as with the other
fits, the hands a new pace deals differ a little, so the fit is checked with ``pokersim
calibrate``.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pace_mix  # noqa: E402 - the benchmarks' own modules, found beside this one
import pace_real_fit  # noqa: E402

REAL_DEAL = (5.1, 1.5)  # seconds, tolerance
DEPTH_BANDS = {(20.0, 40.0): (64.7, 127.4), (40.0, math.inf): (61.3, 86.7)}  # six players
NAMES = ("deal", "pre", "post", "facing", "unopened", "below", "two", "six", "check")
SHIPPED = (9.0, 1.25, 0.76, 1.03, 0.88, 2.25, 0.98, 1.30, 1.0)
"""The pace the runs were played with: ``mtt_1000.toml``'s ``deal_seconds``, the preset's
street (pre-flop, flop), facing-bet and unopened factors, the scenario's pre-action bound and
short-handed factors at two and six players, and the free check's factor."""


def make(x: Sequence[float]) -> tuple[float, Any]:
    """The deal seconds and the pace of the searched values."""
    from pokersim.timing import CALIBRATED_PACE, through_points

    deal, pre, post, facing, unopened, below, two, six, check = x
    streets = (1.0, 1.1, 1.25)  # the post-flop streets' ratios, kept
    pace = replace(
        CALIBRATED_PACE,
        street_factors=(pre, *(round(post * f, 4) for f in streets)),
        facing_bet_factor=facing,
        unopened_factor=unopened,
        pre_action_below_seconds=below,
        short_handed_factors=through_points([(2, two), (6, six), (9, 1.0)]),
        check_factor=check,
    )
    return deal, pace


def seconds_with(intervals: np.ndarray, d: np.ndarray, deal: float, pace: Any) -> np.ndarray:
    """Each interval's seconds had it been played with ``deal`` and ``pace``."""
    rows = d[:, 0] >= 0
    delta = np.bincount(
        d[rows, 0].astype(np.intp),
        weights=pace_mix.paced_seconds(d[rows], pace) - d[rows, 11],
        minlength=len(intervals),
    )
    return intervals[:, 1] + delta + (deal - SHIPPED[0])


def thinned(intervals: np.ndarray, d: np.ndarray, every: int) -> tuple[np.ndarray, np.ndarray]:
    """Every ``every``-th interval and its decisions (renumbered)."""
    keep = np.arange(len(intervals)) % every == 0
    new = np.cumsum(keep) - 1
    at = d[:, 0].astype(np.intp)
    rows = (at >= 0) & keep[np.maximum(at, 0)]
    out = d[rows].copy()
    out[:, 0] = new[at[rows]]
    return intervals[keep], out


def by_size(intervals: np.ndarray, seconds: np.ndarray) -> dict[int, float]:
    """Hands an hour by players at the table."""
    return {
        n: 3600 * m.sum() / seconds[m].sum()
        for n in pace_mix.SIZES
        if (m := intervals[:, 0] == n).any()
    }


def by_depth(intervals: np.ndarray, seconds: np.ndarray) -> dict[tuple[float, float], float]:
    """Six-handed hands an hour in each of ``DEPTH_BANDS``' depths."""
    out = {}
    for lo, hi in DEPTH_BANDS:
        m = (intervals[:, 0] == 6) & (intervals[:, 2] >= lo) & (intervals[:, 2] < hi)
        out[lo, hi] = 3600 * m.sum() / seconds[m].sum()
    return out


def band_cost(got: float, band: tuple[float, float]) -> float:
    """The distance from the band's middle in half-widths, squared, and ten times steeper
    outside the band: being in a band matters more than where in it."""
    lo, hi = band
    c = ((got - (lo + hi) / 2) / ((hi - lo) / 2)) ** 2
    return c if c <= 1 else 1 + 10 * (c - 1)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mtt", help="pace_mix.py --save of scenarios/mtt_1000.toml")
    ap.add_argument("six_max", help="pace_mix.py --save of its 6-max variant")
    ap.add_argument("files", nargs="+", type=Path, help="Betclic.fr histories stamped per action")
    ap.add_argument("--every", type=int, default=3, help="keep every n-th 6-max interval")
    args = ap.parse_args(argv)
    loaded = []
    for path in (args.mtt, args.six_max):
        with np.load(path) as z:
            loaded.append((z["intervals"], z["decisions"]))
    (mtt_iv, mtt_d), (six_iv, six_d) = loaded
    if six_iv.shape[1] < 3:
        raise SystemExit(f"{args.six_max}: no depth column (saved by an older pace_mix.py)")
    six_iv, six_d = thinned(six_iv, six_d, args.every)
    want, tol, shares = pace_real_fit.real_targets(args.files)
    short = mtt_d[np.isin(mtt_d[:, 1], pace_real_fit.SHORT)]
    easy = pace_real_fit.easy_answers(short)

    def terms(x: Sequence[float]) -> dict[str, float]:
        deal, pace = make(x)
        out = {"deal": ((deal - REAL_DEAL[0]) / REAL_DEAL[1]) ** 2}
        sizes = by_size(mtt_iv, seconds_with(mtt_iv, mtt_d, deal, pace))
        for n, band in pace_mix.BANDS.items():
            out[f"mtt_1000 {n} players"] = band_cost(sizes[n], band)
        depths = by_depth(six_iv, seconds_with(six_iv, six_d, deal, pace))
        for key, band in DEPTH_BANDS.items():
            out[f"6-max six-handed {key[0]:.0f}+ bb"] = band_cost(depths[key], band)
        paced = pace_mix.paced_seconds(short, pace)
        means = pace_real_fit.kind_means(short, paced)
        out["decisions"] = sum(((means[k] - want[k]) / tol[k]) ** 2 for k in want if k in means)
        out["answered at once"] = sum(
            (((paced[m] < 1).mean() - real) / pace_real_fit.SHARE_TOLERANCE) ** 2
            for m, real in zip(easy, shares, strict=True)
        )
        return out

    def cost(x: Sequence[float]) -> float:
        return sum(terms(x).values())

    x, best = pace_mix.search(cost, list(SHIPPED), 0.16)
    for label, point in (("shipped", SHIPPED), ("fitted", x)):
        deal, pace = make(point)
        sizes = by_size(mtt_iv, seconds_with(mtt_iv, mtt_d, deal, pace))
        depths = by_depth(six_iv, seconds_with(six_iv, six_d, deal, pace))
        print(f"{label}: " + ", ".join(f"{k} {v}" for k, v in zip(NAMES, point, strict=True)))
        print(f"  street factors {pace.street_factors}, short-handed {pace.short_handed_factors}")
        print(
            "  mtt_1000 hands/h "
            + " / ".join(f"{n}: {sizes[n]:.1f}" for n in pace_mix.SIZES if n in sizes)
        )
        print(
            "  6-max six-handed hands/h "
            + ", ".join(f"{lo:.0f}+ bb {v:.1f}" for (lo, _hi), v in depths.items())
        )
        print(
            f"  cost {cost(point):.2f}: "
            + ", ".join(f"{k} {v:.2f}" for k, v in terms(point).items())
        )
    deal, pace = make(x)
    paced = pace_mix.paced_seconds(short, pace)
    before = pace_real_fit.kind_means(short, short[:, 11])
    after = pace_real_fit.kind_means(short, paced)
    print("\n| decision (5 or 6 dealt in) | real s | shipped s | fitted s |")
    print("|---|---:|---:|---:|")
    for k in want:
        print(f"| {k} | {want[k]:.1f} | {before.get(k, np.nan):.1f} | {after.get(k, np.nan):.1f} |")
    print(f"(best cost {best:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

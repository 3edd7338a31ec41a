"""``pokersim calibrate [SCENARIO] [--runs N] [--seed S] [--jobs J] [--out DIR]``.

Plays the scenario's runs with every hand logged, measures how the field plays (VPIP, PFR,
3-bet, flops, showdowns, all-ins, pace, the money bubble, eliminations, duration) and prints
each statistic against its band from published sources (``data/calibration_targets.toml``),
PASS or OUT, with the source's short name, and beside it the statistic's sampling range over
the runs (90 % of the runs drawn again with replacement; information, not a verdict: PASS
still means the measured value is inside the band). ``--out DIR`` also writes the table (JSON,
Parquet) and a figure. See docs/players.md, "Calibration".
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from pokersim.cli._args import MAX_RUNS
from pokersim.errors import ConfigError

DEFAULT_SCENARIO = os.path.join("scenarios", "mtt_1000.toml")
#: runs by the targets' format when ``--runs`` is not given: a multi-table run has one final
#: table and one heads-up match, so its short-handed paces need many runs to be read
#: (docs/players.md, "How many runs")
DEFAULT_RUNS = {"mtt": 200, "sng": 200, "spin": 200}


def register(subparsers: Any) -> None:
    """Add the ``calibrate`` sub-command."""
    p = subparsers.add_parser(
        "calibrate",
        help="measure how a field plays against bands from real tournaments",
        description=(
            "Run SCENARIO (default scenarios/mtt_1000.toml) N times with every hand logged and "
            "print each statistic (VPIP, PFR, 3-bet, flop seen, showdowns, bets and calls after "
            "the flop, all-ins by stack depth, hands per hour, the money bubble, hands per "
            "elimination, duration) against its band from published sources: PASS, OUT, or no "
            "source."
        ),
    )
    p.add_argument("scenario", nargs="?", default=None, help="scenario TOML file")
    p.add_argument(
        "--runs",
        type=int,
        default=None,
        help=(
            f"tournaments (default {DEFAULT_RUNS['mtt']} for a multi-table scenario, "
            f"{DEFAULT_RUNS['sng']} for a sit-and-go or a Spin & Go)"
        ),
    )
    p.add_argument("--seed", type=int, default=0, help="seed S; run i plays seed (S, i)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument(
        "--out",
        default=None,
        help="folder for calibration.json, calibration.parquet and calibration.png (written over)",
    )
    p.add_argument(
        "--targets", default=None, metavar="FILE", help="bands file (default: the shipped one)"
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run, measure, judge and print; with ``--out`` write the files."""
    from pokersim.calibration import add_counts, resampled, statistics
    from pokersim.calibration_runs import calibration_runs, format_of
    from pokersim.calibration_targets import judge, load_targets, unmatched
    from pokersim.progress import announce_compile, progress_bar
    from pokersim.scenario import load_scenario
    from pokersim.study import refuse_multiday

    if args.runs is not None and not 1 <= args.runs <= MAX_RUNS:
        raise ConfigError(f"--runs must be >= 1 and <= {MAX_RUNS:,}, got {args.runs}")
    if args.jobs < 1:
        raise ConfigError(f"--jobs must be >= 1, got {args.jobs}")
    if not 0 <= args.seed < 2**63:
        raise ConfigError(f"--seed {args.seed}: expected a whole number in 0..2**63-1")
    path = args.scenario
    if path is None:
        if not os.path.isfile(DEFAULT_SCENARIO):
            raise ConfigError(
                f"no SCENARIO given and {DEFAULT_SCENARIO} is not here: name a scenario file"
            )
        path = DEFAULT_SCENARIO
    targets = load_targets(args.targets)
    scenario = load_scenario(path)
    refuse_multiday(scenario, path)
    fmt = format_of(scenario)
    runs = DEFAULT_RUNS[fmt] if args.runs is None else args.runs
    announce_compile()
    bar = progress_bar(
        runs, desc="calibrate", unit="run", file=sys.stderr, enabled=not args.no_progress
    )
    try:
        per_run = calibration_runs(
            path, runs=runs, seed=args.seed, jobs=args.jobs, on_run=lambda _i: bar.update(1)
        )
    finally:
        bar.close()
    counts: dict[str, float] = {}
    for c in per_run:
        add_counts(counts, c)
    stats = statistics(counts)
    rows = judge(stats, targets, fmt, resampled(per_run))
    from pokersim.players import builtin_models

    missing = unmatched(stats, targets, fmt, builtin_models())
    if missing:
        print(
            f"calibrate: {targets.path}: {len(missing)} target(s) of {fmt} or any format name "
            f"no statistic measured here (a misspelling, or a model not in this field): "
            + ", ".join(missing),
            file=sys.stderr,
        )
    command = f"pokersim calibrate {path} --runs {runs} --seed {args.seed}"
    print(f"{scenario.name}: {runs} runs (seed {args.seed}), {fmt} targets")
    _print_rows(rows)
    if args.out is not None:
        from pokersim.calibration_report import write_calibration

        meta = {
            "scenario": scenario.name,
            "scenario_file": str(path),
            "runs": runs,
            "seed": args.seed,
            "format": fmt,
            "command": command,
            "title": f"{scenario.name}: {runs} runs, seed {args.seed}",
        }
        try:
            written = write_calibration(Path(args.out), rows, counts, meta)
        except OSError as exc:
            raise ConfigError(f"--out {args.out}: cannot write ({exc.strerror})") from None
        print("wrote " + ", ".join(str(p) for p in written))
    return 0


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.1f}" if abs(value) >= 10 else f"{value:.2f}"


def _print_rows(rows: Any) -> None:
    head = f"{'statistic':<62} {'measured':>10} {'90% resampled':>15} {'band':>15}"
    print(f"{head}  {'verdict':<12} source")
    tally: dict[str, int] = {}
    for r in rows:
        band = "-" if r.lo is None else f"{_number(r.lo)}-{_number(r.hi)}"
        spread = (
            "-"
            if r.resampled_lo is None
            else f"{_number(r.resampled_lo)}-{_number(r.resampled_hi)}"
        )
        label = f"{r.label} [{r.unit}]" if r.unit else r.label
        line = (
            f"{label:<62} {_number(r.value):>10} {spread:>15} {band:>15}  {r.status:<12} {r.source}"
        )
        print(line.rstrip())
        tally[r.status] = tally.get(r.status, 0) + 1
    print(", ".join(f"{n} {status}" for status, n in sorted(tally.items())))

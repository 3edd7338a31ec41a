"""``pokersim sweep SCENARIO --set KEY=V1,V2,... --runs N --out DIR``: arms on the same seeds."""

from __future__ import annotations

import argparse

from pokersim.cli._args import add_study_options, check_runs_jobs_seed
from pokersim.cli._json import add_flag, emit
from pokersim.errors import ConfigError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``sweep`` sub-command."""
    p = subparsers.add_parser(
        "sweep",
        help="run a scenario under several settings on the same seeds (response curves)",
        description=(
            "Run SCENARIO once per arm: every combination of the --set values. Every arm uses "
            "the same run seeds (common random numbers), so differences between arms are "
            "paired. Writes OUT/arm-NN/ (one study each), OUT/report.md and OUT/report.html (one "
            "table and the response curves: duration, bubble time, final-table average stack in "
            "big blinds, ROI gap between player groups)."
        ),
    )
    p.add_argument("scenario", nargs="?", default=None, help="scenario TOML file")
    p.add_argument(
        "--set",
        dest="sets",
        action="append",
        default=[],
        metavar="KEY=V1,V2,...",
        help="a dotted key of the scenario and its values, e.g. levels.minutes=6,8,10,12 "
        "(through an array of tables: every item; levels[2].minutes: one item, from 0); "
        "repeat for a grid",
    )
    add_study_options(p, runs_help="runs per arm", what="sweep")
    add_flag(p)
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the arms, write the table and curves and print where they went."""
    from pokersim import sweep  # noqa: PLC0415

    check_runs_jobs_seed(args)
    if not args.sets:
        raise ConfigError("--set KEY=V1,V2,...: a sweep needs at least one")
    sets = [sweep.parse_set(text) for text in args.sets]
    result = sweep.run_sweep(
        args.scenario,
        sets,
        runs=args.runs,
        out=args.out,
        seed=args.seed,
        jobs=args.jobs,
        scheduler=args.scheduler,
        resume=args.resume,
        runner=args.runner,
        progress=not args.no_progress,
        force=args.force,
    )
    table = sweep.sweep_table(result)
    if args.json:
        emit(
            {
                "command": "sweep",
                "out": str(result.path),
                "runs": args.runs,
                "seed": args.seed,
                "report": str(result.path / sweep.REPORT),
                "html": str(result.path / "report.html"),
                "curves": str(result.path / "plots" / sweep.CURVES),
                "arms": sweep.table_records(table),
            }
        )
        return 0
    print(f"sweep: {len(result.arms)} arms of {args.runs} runs in {result.path}")
    for row in table.to_dict("records"):
        print(f"  {row['arm']} {row['label']}: mean duration {row['duration_min']:.1f} min")
    print(f"  report: {result.path / sweep.REPORT}")
    return 0

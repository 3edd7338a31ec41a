"""``pokersim sweep SCENARIO --set KEY=V1,V2,... [--with KEY=...] --runs N --out DIR``.

Arms on the same seeds.
"""

from __future__ import annotations

import argparse
from typing import Any

from pokersim.cli._args import add_study_options, check_out_folder, check_runs_jobs_seed
from pokersim.cli._json import add_flag, emit
from pokersim.errors import ConfigError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``sweep`` sub-command."""
    p = subparsers.add_parser(
        "sweep",
        help="run a scenario under several settings on the same seeds (response curves)",
        description=(
            "Run SCENARIO once per arm: every combination of the --set values (a --with key "
            "takes its values in step with the --set before it). Every arm uses "
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
        action=_InOrder,
        default=[],
        metavar="KEY=V1,V2,...",
        help="a dotted key of the scenario and its values, e.g. levels.minutes=6,8,10,12 "
        "(through an array of tables: every item; levels[2].minutes: one item, from 0); "
        "repeat for a grid",
    )
    p.add_argument(
        "--with",
        dest="sets",
        action=_InOrder,
        metavar="KEY=V1,V2,...",
        help="a key that moves in step with the --set before it (as many values: the i-th of "
        "each in one arm), e.g. --set seats_per_table=6,9 --with final_table_size=6,9",
    )
    add_study_options(p, runs_help="runs per arm", what="sweep")
    add_flag(p)
    p.set_defaults(func=main)


class _InOrder(argparse.Action):
    """Keeps ``--set`` and ``--with`` in one list, in the order given.

    A ``--with`` joins the ``--set`` before it, so their order on the line is the grid's.
    """

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        given = getattr(namespace, self.dest, None) or []
        setattr(namespace, self.dest, [*given, (option_string, values)])


def dimensions_of(given: list[tuple[str, str]]) -> list[list[tuple[str, list[Any]]]]:
    """The grid's dimensions from the ``--set``/``--with`` options, in the order given."""
    from pokersim import sweep  # noqa: PLC0415

    dimensions: list[list[tuple[str, list[Any]]]] = []
    for option, text in given:
        pair = sweep.parse_set(text, option)
        if option == "--with":
            if not dimensions:
                raise ConfigError(f"--with {text}: goes after the --set whose values it moves with")
            dimensions[-1].append(pair)
        else:
            dimensions.append([pair])
    return dimensions


def main(args: argparse.Namespace) -> int:
    """Run the arms, write the table and curves and print where they went."""
    from pokersim import sweep  # noqa: PLC0415

    check_runs_jobs_seed(args)
    check_out_folder(args.out)
    if not args.sets:
        raise ConfigError("--set KEY=V1,V2,...: a sweep needs at least one")
    sets = dimensions_of(args.sets)
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

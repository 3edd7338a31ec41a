"""``pokersim report DIR``: plots, summary tables and report.html of a finished study."""

from __future__ import annotations

import argparse

from pokersim.cli._args import MAX_TARGET_HOURS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``report`` sub-command."""
    p = subparsers.add_parser(
        "report",
        help="write PNG plots, report.md and report.html for a study folder",
        description="Read DIR/runs.parquet and DIR/finishes.parquet; write DIR/plots/*.png, "
        "DIR/report.md and DIR/report.html (one self-contained page).",
    )
    p.add_argument("dir", help="a folder written by `pokersim study`")
    p.add_argument(
        "--target-hours",
        type=float,
        default=None,
        help="mark this target duration on the time plots",
    )
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Write the report and print its path."""
    from pokersim import report  # noqa: PLC0415 - matplotlib is slow to import

    hours = getattr(args, "target_hours", None)
    if hours is not None and not 0 < hours <= MAX_TARGET_HOURS:
        from pokersim.errors import ConfigError  # noqa: PLC0415

        raise ConfigError(
            f"--target-hours {hours}: expected a number of hours > 0 and <= {MAX_TARGET_HOURS}"
        )
    target = None if hours is None else hours * 3600
    print(report.write_report(args.dir, target_seconds=target))
    return 0

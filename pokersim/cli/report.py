"""``pokersim report DIR``: plots and summary tables of a finished study."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``report`` sub-command."""
    p = subparsers.add_parser(
        "report",
        help="write PNG plots and report.md for a study folder",
        description="Read DIR/runs.parquet and DIR/finishes.parquet; write DIR/plots/*.png and "
        "DIR/report.md.",
    )
    p.add_argument("dir", help="a folder written by `pokersim study`")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Write the report and print its path."""
    from pokersim import report  # noqa: PLC0415 - matplotlib is slow to import

    print(report.write_report(args.dir))
    return 0

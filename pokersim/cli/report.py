"""``pokersim report DIR``: plots, summary tables and report.html of a finished study."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``report`` sub-command."""
    p = subparsers.add_parser(
        "report",
        help="write PNG plots, report.md and report.html for a study folder",
        description="Read DIR/runs.parquet and DIR/finishes.parquet; write DIR/plots/*.png, "
        "DIR/report.md and DIR/report.html (one self-contained page).",
    )
    p.add_argument("dir", help="a folder written by `pokersim study`")
    p.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Write the report and print its path."""
    from pokersim import report  # noqa: PLC0415 - matplotlib is slow to import

    print(report.write_report(args.dir))
    return 0

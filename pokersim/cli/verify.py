"""``pokersim verify PATH... [--out DIR] [--force]``: run regression cases, report every failure.

With ``--out DIR`` each case that runs also writes its outputs into ``DIR/<case file stem>/``:
the files ``pokersim run --out --hands both --actions`` writes (``pokersim.outputs``).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pokersim.cli._json import add_flag, emit
from pokersim.errors import ConfigError

if TYPE_CHECKING:  # the engine is imported when cases run, not for `pokersim --help`
    from pokersim.verify import CaseResult


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``verify`` sub-command."""
    p = subparsers.add_parser(
        "verify",
        help="run scripted regression cases and compare with their [expect] tables",
        description=(
            "Run each case file (a scenario with [script] and [expect] tables), or every .toml "
            "file under each directory, and print one line per expectation not met."
        ),
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="case files or directories")
    p.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help=(
            "also write each case's events.jsonl (with actions), summary.json and hand "
            "histories (PHH and PokerStars) into DIR/<case file stem>/"
        ),
    )
    p.add_argument(
        "--force", action="store_true", help="overwrite results already in the --out folders"
    )
    add_flag(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print a line per failure, then ``N passed, M failed``; exit 1 if any failed."""
    from pokersim.verify import case_files, verify_paths  # noqa: PLC0415 - heavy

    for path in args.paths:
        if not Path(path).exists():
            raise ConfigError(f"{path}: no such case file or folder")
        if Path(path).is_dir() and not case_files([path]):
            raise ConfigError(f"{path}: no case files (*.toml) in this folder")
    from pokersim.progress import announce_compile  # noqa: PLC0415

    announce_compile()
    results = verify_paths(args.paths, out=args.out, force=args.force)
    if not results:
        raise ConfigError(f"verify {' '.join(args.paths)}: no case files (*.toml) found")
    if args.out is not None:
        _provenance(args.out, results)
    failed = [r for r in results if not r.passed]
    if args.json:
        emit(
            {
                "command": "verify",
                "passed": len(results) - len(failed),
                "failed": len(failed),
                "cases": [
                    {"file": r.file, "passed": r.passed, "failures": [str(f) for f in r.failures]}
                    for r in results
                ],
                "out": args.out,
            }
        )
        return 1 if failed else 0
    for r in failed:
        for f in r.failures:
            print(f"FAIL {f}")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


def _provenance(out: str, results: Sequence[CaseResult]) -> None:
    """``provenance.json`` (and ``scenario.toml``) in each case folder that was written."""
    import json  # noqa: PLC0415

    from pokersim.provenance import write_provenance  # noqa: PLC0415

    for r in results:
        folder = Path(out) / Path(r.file).stem
        # a tournament's summary, or a multi-day event's (F-FLIGHT-1..4)
        summary = next(
            (p for p in (folder / "summary.json", folder / "event.json") if p.is_file()), None
        )
        if summary is None:
            continue  # the case did not run (it failed to load)
        seed = json.loads(summary.read_text(encoding="utf-8")).get("seed")
        write_provenance(folder, seed=seed, scenario=r.file)

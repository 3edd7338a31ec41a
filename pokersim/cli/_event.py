"""``pokersim run`` of a multi-day event (``[flights]``, F-FLIGHT-1..4): the days and a summary.

Each flight, then day 2, is played by ``pokersim.multiday``; with ``--out`` each day's files go
to a folder of its own (``flight-<name>/``, ``day-2/``) and ``event.json`` beside them.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from pokersim.cli._json import emit
from pokersim.errors import ConfigError


def check_event_args(args: argparse.Namespace) -> None:
    """The options a multi-day run does not take, refused in one line each."""
    if args.hero is not None:
        raise ConfigError("--hero: not for a multi-day event ([flights])")


def play_event(args: argparse.Namespace, scenario: Any, path: Path, out: Path | None) -> int:
    """Play the flights and day 2; print the summary (or ``--json`` it)."""
    from pokersim.multiday import event_summary, run_event, write_event
    from pokersim.progress import announce_compile

    announce_compile()
    day_two: list[Any] | None = [] if args.report else None
    if out is None:
        ev = run_event(scenario, args.seed)
    else:
        ev = write_event(
            scenario,
            args.seed,
            out,
            scenario_name=path.stem,
            hands=args.hands,
            actions=args.actions,
            day_two=day_two,
        )
        if day_two is not None:  # --report: the event as a one-run study (docs/studies.md)
            from pokersim.report import write_report
            from pokersim.run_rows import reduce_event
            from pokersim.study import one_run

            tables = one_run(out, args.seed, *reduce_event(ev, day_two))
            write_report(tables, scenario=scenario, heading="Run report")
    summary = event_summary(ev)
    if args.json:
        summary.pop("players")
        where = None if out is None else str(out)
        report = str(out / "report.html") if args.report and out is not None else None
        emit({"command": "run", **summary, "out": where, "report": report})
        return 0
    print_event(summary, args.seed)
    if out is not None:
        print(f"wrote {out}{os.sep}event.json and a folder a day (flight-<name>, day-2)")
    if args.report:
        print(f"report: {out}{os.sep}report.html")
    return 0


def _hms(seconds: int) -> str:
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def print_event(s: dict[str, Any], seed: int) -> None:
    """The human summary: each flight's entries and bags, day 2, the pool."""
    print(f"{s['event']} (seed {seed}): {s['entries']} entries in {len(s['flights'])} flights")
    for f in s["flights"]:
        stop = "at the end of level" if f["stopped"] == "level" else "at the count, level"
        print(
            f"  flight {f['flight']}: {f['players']} players ({f['first_entries']} new, "
            f"{f['players_from_earlier_flights']} from earlier flights), {f['entries']} entries, "
            f"{f['bagged']} bagged {stop} {f['last_level']} ({_hms(f['end_seconds'])}, "
            f"{f['hands_played']} hands)"
        )
    d = s["day2"]
    print(
        f"day 2: {d['players']} players from level {d['start_level']}, {d['chips']} chips "
        f"({d['forfeited_chips']} forfeited in second bags, carry = {s['carry']!r})"
    )
    print(
        f"winner: {d['winner']} wins {d['winner_prize_cents'] / 100:.2f} of "
        f"{s['prize_pool_cents'] / 100:.2f} "
        f"({d['places_paid']} paid, {d['hands_played']} hands, {_hms(d['duration_seconds'])}); "
        f"fees {s['fees_cents'] / 100:.2f}; reconciled to the cent"
    )

"""``pokersim run [SCENARIO] [--seed N] [--out DIR] [--hands ...] [--actions] [--force]``.

Prints a short human summary on stdout and a progress bar on stderr. With ``--out DIR`` it
writes ``events.jsonl``, ``summary.json`` and, when asked, hand histories under ``hands/``. A
folder that already holds results is refused unless ``--force`` is given, so a typo never
overwrites a finished run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from pokersim.cli._args import check_out_folder
from pokersim.cli._json import add_flag, emit
from pokersim.errors import ConfigError
from pokersim.outputs import HANDS_CHOICES, check_out, earlier_results, remove_unwritten


def register(subparsers: Any) -> None:
    """Add the ``run`` sub-command."""
    p = subparsers.add_parser(
        "run",
        help="simulate one tournament",
        description="Simulate one multi-table tournament from a scenario file.",
    )
    p.add_argument(
        "scenario", nargs="?", default=None, help="scenario TOML file (default: the built-in one)"
    )
    p.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    p.add_argument("--out", default=None, help="folder for events.jsonl, summary.json, hands/")
    p.add_argument(
        "--hands",
        choices=HANDS_CHOICES,
        default="none",
        help="hand histories to write under OUT/hands (default none)",
    )
    p.add_argument(
        "--hero",
        default=None,
        metavar="NAME",
        help="write one player's view of the hands (their hole cards only, the others' when "
        "shown) instead of the full view",
    )
    p.add_argument(
        "--actions",
        action="store_true",
        help="also log every hand's own events (deals, actions, pots) in events.jsonl",
    )
    p.add_argument(
        "--report",
        action="store_true",
        help="also write OUT/report.md and OUT/report.html (structure sheet, plots) for this run",
    )
    p.add_argument("--force", action="store_true", help="overwrite results already in --out")
    add_flag(p)
    p.set_defaults(func=run)


def _hms(seconds: int) -> str:
    return f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def run(args: argparse.Namespace) -> int:
    """Run the tournament, write the outputs, print the summary.

    A scenario's problem found only as it plays (a payout table that covers no count of entries
    the run reached, a satellite's pool that buys no seat) names the file, as the loader does.
    """
    try:
        return _run(args)
    except ConfigError as exc:
        from pokersim.scenario import default_scenario_path

        path = str(args.scenario if args.scenario is not None else default_scenario_path())
        message = str(exc)
        if message.startswith("--") or path in message:
            raise
        raise ConfigError(f"{path}: {message}") from exc


def _run(args: argparse.Namespace) -> int:
    from pokersim.lock import folder_lock
    from pokersim.scenario import default_scenario_path, load_scenario

    if not 0 <= args.seed < 2**63:
        raise ConfigError(f"--seed {args.seed}: expected a whole number in 0..2**63-1")
    path = Path(args.scenario) if args.scenario is not None else default_scenario_path()
    scenario = load_scenario(path)
    if args.out is not None:
        check_out_folder(args.out)
    out = Path(args.out) if args.out is not None else None
    if out is None and args.hands != "none":
        raise ConfigError(f"--hands {args.hands}: needs --out DIR to write the files into")
    if out is None and args.actions:
        raise ConfigError("--actions: needs --out DIR to write events.jsonl into")
    if out is None and args.report:
        raise ConfigError("--report: needs --out DIR to write report.md and report.html into")
    if args.hero is not None and args.hands == "none":
        raise ConfigError("--hero: needs --hands phh, pokerstars or both")
    if args.report:  # a tournament cancelled before the start has nothing to report
        from pokersim.study import refuse_cancelled

        refuse_cancelled(scenario, str(path))
    if scenario.flights.enabled:  # a multi-day event: its flights, then day 2 (F-FLIGHT-1..4)
        from pokersim.cli._event import check_event_args

        check_event_args(args)
    if scenario.series.linked:  # the target read and checked before the satellite plays
        from pokersim.series import load_target

        load_target(scenario)
    if out is None and scenario.flights.enabled:
        from pokersim.cli._event import play_event

        return play_event(args, scenario, path, None)
    if out is None:
        result, h4h, _ = _play(args, scenario, path, None)
        series = _series(args, scenario, path, result, None)
    else:
        check_out(out, args.force)
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ConfigError(f"--out {out}: cannot create the folder ({exc.strerror})") from None
        with folder_lock(out, "--out"):
            check_out(out, args.force)  # again, now that no other run can write here
            # an earlier run's files (--force): removed once this run has written its own,
            # unless it wrote them again
            earlier = earlier_results(out) if args.force else {}
            from pokersim.provenance import write_provenance

            if scenario.flights.enabled:
                from pokersim.cli._event import play_event

                code = play_event(args, scenario, path, out)
                write_provenance(out, seed=args.seed, scenario=path)
                remove_unwritten(out, earlier, keep=_read_files(scenario, path))
                return code
            try:
                result, h4h, kept = _play(args, scenario, path, out)
                series = _series(args, scenario, path, result, out)
                if args.report:
                    _report(out, scenario, args.seed, result, kept, series)
                write_provenance(out, seed=args.seed, scenario=path)
                remove_unwritten(out, earlier, keep=_read_files(scenario, path))
            except OSError as exc:
                where = exc.filename or out
                raise ConfigError(f"--out {out}: cannot write {where} ({exc.strerror})") from None
    if series is not None:
        from pokersim.series import series_summary

        series = series_summary(series)
    if args.json:
        answer = _json_summary(args, scenario, result, out, h4h)
        if series is not None:
            answer["series"] = series
        emit(answer)
        return 0
    _print_summary(args, scenario, result, out, h4h)
    if series is not None:
        _print_series(series)
    if args.report:
        print(f"report: {out}{os.sep}report.html")
    return 0


def _read_files(scenario: Any, path: Path) -> list[Path]:
    """The files the run reads: its scenario, and a linked satellite's target."""
    files = [path]
    if scenario.series.linked:
        from pokersim.scenario import series_target_path

        files.append(series_target_path(scenario.series.target, path))
    return files


def _series(
    args: argparse.Namespace, scenario: Any, path: Path, result: Any, out: Path | None
) -> Any:
    """R-SAT-1: a linked satellite's target, played with the winners seated at once.

    With ``--out`` the target's own files go to ``out/target/`` (its ``summary.json`` names
    the scenario ``<satellite>-target``), with the same ``--hands`` and ``--actions``.
    """
    if not scenario.series.linked:
        return None
    from pokersim.outputs import files_in
    from pokersim.series import run_target, series_json

    files = None
    if out is not None:  # the target's own files in out/target/, as the satellite's in out/
        files = files_in(out, hands=args.hands, scenario_name=path.stem)
    series = run_target(scenario, args.seed, result, files=files, record_actions=args.actions)
    if out is not None:
        (out / "series.json").write_text(series_json(series), encoding="utf-8")
    return series


def _print_series(series: dict[str, Any]) -> None:
    print(
        f"target: {series['target']}: {series['target_entries']} entries, pool "
        f"{series['target_prize_pool_cents'] / 100:.2f}"
    )
    for p in series["paths"]:
        if p["target_id"] is None:
            where = f"not seated (registration over): keeps {p['seat_cents'] / 100:.2f}"
        else:
            where = (
                f"seated as player {p['target_id']} {_hms(p['registered_at'])} after its start, "
                f"place {p['target_place']}, prize {p['target_prize_cents'] / 100:.2f}"
            )
        print(f"  {p['name']}: satellite place {p['satellite_place']} -> target: {where}")


def _json_summary(
    args: argparse.Namespace, scenario: Any, result: Any, out: Path | None, h4h: Any
) -> Any:
    """The ``run --json`` object (docs/json.md)."""
    from pokersim.results import summary

    if result.cancelled_before_start:  # R-REG-4: no winner; every buy-in and fee refunded
        return {
            "command": "run",
            "scenario": scenario.name,
            "seed": args.seed,
            "registration": summary(result)["registration"],
            "out": None if out is None else str(out),
        }
    w = next(f for f in result.finishes if f.player_id == result.winner_id)
    return {
        "command": "run",
        "scenario": scenario.name,
        "seed": args.seed,
        "entries": result.entries,
        "hands_played": result.hands_played,
        "prize_pool_cents": result.prize_pool_cents,
        "places_paid": result.places_paid,
        "duration_seconds": result.duration_seconds,
        "bubble_seconds": result.bubble_seconds,
        "hand_for_hand_seconds": result.hand_for_hand_seconds,
        "bubble_hand_for_hand_seconds": result.bubble_hand_for_hand_seconds,
        "bubble_hand_for_hand_hands": h4h.hands,
        "bubble_hand_for_hand_rounds": len(h4h.rounds),
        "final_table_seconds": result.final_table_seconds,
        "winner": {
            "player_id": w.player_id,
            "name": w.name,
            "model": w.model,
            "prize_cents": w.prize_cents,
            "bounty_cents": w.bounty_cents,
        },
        "out": None if out is None else str(out),
        "report": str(out / "report.html") if args.report and out is not None else None,
    }


def _play(
    args: argparse.Namespace, scenario: Any, path: Path, out: Path | None
) -> tuple[Any, Any, list[Any]]:
    """Play the run with a progress bar; with ``out`` its files are written there.

    Also returns the hands dealt hand-for-hand, counted as they come, for the summary (the
    result has the stages' times, not their hands), and with ``--report`` the events it reduces.
    """
    from pokersim.calibration import HandForHandCount
    from pokersim.engine import run_tournament
    from pokersim.outputs import write_run
    from pokersim.progress import announce_compile, progress_bar
    from pokersim.run_rows import REDUCED_EVENTS

    announce_compile(writing=out is not None)
    bar = progress_bar(
        scenario.players.count - 1, desc=scenario.name, unit="out", file=sys.stderr, leave=False
    )
    kept: list[Any] = []
    count = HandForHandCount()

    def on_event(event: Any) -> None:
        count.add(event)
        if args.report and type(event).__name__ in REDUCED_EVENTS:
            kept.append(event)

    # the hands' table events reach the counter as rows, unread, unless the report keeps them
    rows = None if args.report else count.row
    try:
        if out is None:
            result = run_tournament(
                scenario, args.seed, progress=bar.update, emit=count.add, emit_rows=rows
            )
            return result, count, kept
        result = write_run(
            scenario,
            args.seed,
            out,
            scenario_name=path.stem,
            hands=args.hands,
            hero=args.hero,
            actions=args.actions,
            progress=bar.update,
            on_event=on_event,
            on_row=rows,
        )
    finally:
        bar.close()
    return result, count, kept


def _report(out: Path, scenario: Any, seed: int, result: Any, kept: list[Any], series: Any) -> None:
    """``--report``: the run as a one-run study (a linked series with its target's columns)."""
    from pokersim.report import write_report
    from pokersim.run_rows import played_rows, with_target
    from pokersim.study import one_run

    rows = played_rows(scenario, result, kept)
    if series is not None:
        rows = with_target(series, *rows)
    write_report(one_run(out, seed, *rows), scenario=scenario, heading="Run report")


def _h4h(seconds: int, hands: int, rounds: int) -> str:
    """Hand-for-hand time and hands, e.g. ``0:01:05, 17 hands in 1 round``."""
    return (
        f"{_hms(seconds)}, {hands} hand{'s' * (hands != 1)} in {rounds} round{'s' * (rounds != 1)}"
    )


def _print_summary(
    args: argparse.Namespace, scenario: Any, result: Any, out: Path | None, h4h: Any
) -> None:
    from pokersim.clock import format_clock

    if result.cancelled_before_start:
        refunds = [f.refund_cents for f in result.finishes if f.refund_cents]
        print(
            f"{scenario.name} (seed {args.seed}): cancelled before the start; every buy-in and "
            f"fee refunded ({sum(refunds) / 100:.2f} to {len(refunds)} players)"
        )
        return
    names = {f.player_id: f for f in result.finishes}
    w = names[result.winner_id]
    start = (scenario.start_seconds + result.start_delay_seconds) % 86400
    print(
        f"{scenario.name} (seed {args.seed}): {result.entries} entries, {result.hands_played} hands"
    )
    bounties = f" and {w.bounty_cents / 100:.2f} in bounties" if w.bounty_cents else ""
    print(
        f"winner: {w.name} (player {w.player_id}, {w.model}) "
        f"wins {w.prize_cents / 100:.2f} of {result.prize_pool_cents / 100:.2f}{bounties}"
    )
    print(
        f"duration: {_hms(result.duration_seconds)} simulated "
        f"({format_clock(start)} to {format_clock(start + result.duration_seconds)})"
    )
    bubble = result.bubble_seconds
    print(
        f"bubble: {'burst at ' + _hms(bubble) if bubble is not None else 'none'} "
        f"({result.places_paid} paid; hand-for-hand "
        f"{_h4h(result.bubble_hand_for_hand_seconds, h4h.hands, len(h4h.rounds))})"
    )
    ft = result.final_table_seconds
    later = result.hand_for_hand_seconds - result.bubble_hand_for_hand_seconds
    if ft is not None:
        formed = "formed at " + _hms(ft)
    elif scenario.players.count <= scenario.seats_per_table:
        formed = "from the start"
    else:  # a satellite's seats all won while several tables played
        formed = "none (the tournament ended before one formed)"
    print(
        f"final table: {formed} "
        f"(hand-for-hand after the money bubble "
        f"{_h4h(later, h4h.after, len(h4h.after_rounds))})"
    )
    if out is not None:
        print(f"wrote {out}{os.sep}events.jsonl and summary.json")

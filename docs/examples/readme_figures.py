"""The figures the README quotes, computed by running what it shows.

``python docs/examples/readme_figures.py`` prints each quoted phrase as the tools give it today;
``tests/test_readme_figures.py`` fails when the README no longer says the same (the design
example, which takes about a minute, is under the ``slow`` marker). When an intended change
moves a figure, run this script and copy its lines into the README.
"""

from __future__ import annotations

import io
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FORMATS = (
    "pko",
    "rebuy_addon",
    "satellite",
    "shootout",
    "spin_and_go",
    "mystery_bounty",
    "flights",
    "series_satellite",
)


def _events(name: str) -> tuple[dict[str, object], list[dict[str, object]]]:
    from pokersim.engine import run_tournament
    from pokersim.events import event_record
    from pokersim.results import summary
    from pokersim.scenario import load_scenario

    log: list[dict[str, object]] = []
    result = run_tournament(
        load_scenario(ROOT / "scenarios" / f"{name}.toml"),
        1,
        emit=lambda e: log.append(event_record(e)),
    )
    return summary(result, scenario=name), log


def _dollars(cents: int) -> str:
    return f"${cents // 100}" if cents % 100 == 0 else f"${cents / 100:.2f}"


def flights_row() -> str:
    """The seed-1 cell of the multi-day event: entries per flight, day 2's field and hands."""
    from pokersim.multiday import run_event
    from pokersim.scenario import load_scenario

    event = run_event(load_scenario(ROOT / "scenarios" / "flights.toml"), 1)
    entries = " + ".join(str(len(day.players)) for day in event.flights)
    hands = sum(day.result.hands_played for day in (*event.flights, event.day_two))
    return (
        f"{entries} entries in {len(event.flights)} flights, {len(event.day_two.players)} "
        f"bagged into day 2; {hands} hands"
    )


def series_row() -> str:
    """The linked satellite's cell: its seats, and where its winners went in the target."""
    from pokersim.scenario import load_scenario
    from pokersim.series import run_series

    series = run_series(load_scenario(ROOT / "scenarios" / "series_satellite.toml"), 1)
    paths = series.paths
    seated = [p for p in paths if p.registered_at is not None]
    text = f"{len(paths)} seats after {series.satellite.hands_played} hands"
    if not seated:
        return text + ", kept as cash (the target's registration was over)"
    times = {p.registered_at for p in seated}
    when = "at its start" if times == {0} else "during its late registration"
    if len(times) == 1 and times != {0}:
        minutes, seconds = divmod(times.pop() or 0, 60)
        when = f"{minutes}:{seconds:02d} into the target's late registration"
    who = "both" if len(seated) == 2 else f"{len(seated)} of them"
    best = min(seated, key=lambda p: p.target_place)
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(best.target_place % 10, "th")
    if 10 <= best.target_place % 100 <= 20:
        suffix = "th"
    return (
        f"{text}, {who} seated {when}; the best of them {best.target_place}{suffix} there "
        f"({_dollars(best.target_prize_cents)})"
    )


def format_row(name: str) -> str:
    """The seed-1 cell of the README's formats table for one shipped format."""
    if name == "flights":
        return flights_row()
    if name == "series_satellite":
        return series_row()
    run, log = _events(name)
    hands = run["hands_played"]
    if name == "pko":
        pool = [e for e in log if e["type"] == "MoneyReconciled"][-1]
        return (
            f"{run['entries']} entries with re-entries, {_dollars(pool['prize_pool_cents'])} prize "
            f"pool and {_dollars(pool['bounty_pool_cents'])} bounty pool, {hands} hands"
        )
    if name == "rebuy_addon":
        kinds = [e["kind"] for e in log if e["type"] == "EntryBought"]
        return (
            f"{kinds.count('rebuy')} rebuys, {kinds.count('addon')} add-ons, "
            f"{_dollars(int(run['prize_pool_cents']))} pool"
        )
    if name == "satellite":
        seats = [p for p in run["players"] if p["place"] == 1]
        return f"{len(seats)} seats of {_dollars(seats[0]['prize_cents'])} after {hands} hands"
    if name == "spin_and_go":
        first = next(p for p in run["players"] if p["place"] == 1)
        return (
            f"{run['spin_multiplier']}x drawn, {_dollars(first['prize_cents'])} to the winner "
            f"after {hands} hands"
        )
    if name == "mystery_bounty":
        drawn = [e for e in log if e["type"] == "EnvelopeDrawn"]
        top = max(int(e["envelope_cents"]) for e in drawn)  # type: ignore[call-overload]
        by = next(e for e in drawn if e["envelope_cents"] == top)
        return (
            f"{len(drawn)} envelopes drawn, the {_dollars(top)} one by "
            f"{'the winner' if by['reason'] == 'winner' else 'a knockout'}; {hands} hands"
        )
    rounds = 1 + sum(1 for e in log if e["type"] == "ShootoutRoundStarted")
    return f"{hands} hands over {'two' if rounds == 2 else rounds} rounds"


def design_phrase() -> str:
    """The README's design example, run as the README shows it (about a minute)."""
    import tempfile

    from pokersim.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        out = io.StringIO()
        with redirect_stdout(out):
            code = main(
                [
                    "design", "--players", "1000", "--starting-stack", "10000",
                    "--level-minutes", "12", "--target-hours", "4",
                    "--base", str(ROOT / "scenarios" / "mtt_1000.toml"),
                    "--out", str(Path(tmp) / "mtt_1000_4h.toml"),
                ]
            )  # fmt: skip
        if code != 0:
            raise RuntimeError(f"pokersim design exited {code}")
    return design_text(out.getvalue())


def design_text(printed: str) -> str:
    """The README's design phrase from what ``pokersim design`` printed."""
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    found = re.search(r"(\d+) candidate\(s\) simulated, (\d+) runs each", printed)
    median = re.search(r"p50 (\d+:\d\d:\d\d)", printed)
    off = re.search(r"median is ([-+]?\d+\.\d)% from the target", printed)
    final = re.search(r"final table: at [^,]+, level \d+, average stack ([\d.]+) BB", printed)
    if not (found and median and off and final):
        raise RuntimeError(f"unexpected design output:\n{printed}")
    n, runs = int(found.group(1)), int(found.group(2))
    pct = float(off.group(1))
    sign = "−" if pct < 0 else "+"
    candidates = "candidate" if n == 1 else "candidates"
    return (
        f"found in {words.get(n, n)} {candidates} of {runs} runs each, with a median of "
        f"{median.group(1)} ({sign}{abs(pct):.1f} %) and the final table about "
        f"{round(float(final.group(1)))} big blinds deep"
    )


def main() -> int:
    """Print every figure the README quotes."""
    for name in FORMATS:
        print(f"{name}: {format_row(name)}")
    if "--design" in sys.argv:
        print(f"design: {design_phrase()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

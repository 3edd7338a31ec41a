"""``pokersim kernels`` (check, build, the workload it records) and a multi-day event's run.

The build itself takes minutes: here it is replaced by a recording function, and so are the
calls of the workload, whose list of what it plays is what the built module ends up holding.
The event's summary is checked line by line against ``--json`` and ``event.json``.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokersim import aot
from pokersim.cli import _event, kernels, main
from pokersim.multiday import event_summary, run_event
from pokersim.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "scenarios" / "rules"
MODULE = "_kernels_aot.cpython-311-x86_64-linux-gnu.so"


# -- pokersim kernels: check and build ---------------------------------------------------------


def _kernels(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    fresh: bool,
    *flags: str,
) -> tuple[int, str, str, list[Callable[[], None]]]:
    """``pokersim kernels FLAGS`` with the module ``fresh`` or not; the build recorded."""
    built: list[Callable[[], None]] = []

    def build(work: Callable[[], None], log: Callable[[str], None] = print) -> Path:
        built.append(work)
        log("recorded 3 entry points; compiling")
        return tmp_path / MODULE

    monkeypatch.setattr(aot, "fresh", lambda: fresh)
    monkeypatch.setattr(aot, "build", build)
    code = main(["kernels", *flags])
    out, err = capsys.readouterr()
    return code, out, err, built


def test_a_fresh_module_is_not_built_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``pokersim kernels`` with the module fresh says so and builds nothing: ``make`` runs it
    before every test run, and a rebuild costs minutes."""
    code, out, err, built = _kernels(monkeypatch, capsys, tmp_path, True)
    assert (code, out, built) == (0, "the ahead-of-time kernels are fresh\n", [])


def test_a_stale_module_is_built_from_the_workload(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An absent or stale module is built from the command's workload; the build's progress
    goes to stderr and stdout names the module written, and the command succeeds."""
    code, out, err, built = _kernels(monkeypatch, capsys, tmp_path, False)
    assert code == 0
    assert built == [kernels.workload]
    assert out == f"built {MODULE}\n"
    assert err == "recorded 3 entry points; compiling\n"


def test_force_builds_a_fresh_module(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--force`` builds even a fresh module (a numba upgrade the fingerprint cannot see)."""
    code, out, err, built = _kernels(monkeypatch, capsys, tmp_path, True, "--force")
    assert (code, out, built) == (0, f"built {MODULE}\n", [kernels.workload])


@pytest.mark.parametrize("fresh", [True, False])
def test_check_answers_by_its_exit_status_and_builds_nothing(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    fresh: bool,
) -> None:
    """``--check`` only says whether the module is fresh (exit 0) or not (exit 1, naming the
    command that builds it): scripts rely on the status, and it must never start a build."""
    code, out, err, built = _kernels(monkeypatch, capsys, tmp_path, fresh, "--check")
    assert built == []
    if fresh:
        assert (code, out) == (0, "the ahead-of-time kernels are fresh\n")
    else:
        assert code == 1
        assert "absent or stale" in out and "`pokersim kernels` builds them" in out


@pytest.mark.parametrize("argv", [["--fast"], ["--force", "--check"]])
def test_the_command_takes_force_or_check(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """The sub-command's flags default to off; an unknown flag, or ``--force`` with ``--check``
    (a check builds nothing, so there is nothing to force), is a one-line usage error."""
    parser = argparse.ArgumentParser()
    kernels.register(parser.add_subparsers())
    args = parser.parse_args(["kernels"])
    assert (args.force, args.check, args.func) == (False, False, kernels.main)
    with pytest.raises(SystemExit) as done:
        parser.parse_args(["kernels", *argv])
    assert done.value.code == 2
    assert argv[-1] in capsys.readouterr().err


# -- the workload the build records ------------------------------------------------------------


class _Recorder:
    """The workload's calls, each replaced by a quick fake that keeps what it was given."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, failing: str | None = None) -> None:
        import pokersim.betting_kernel
        import pokersim.cli
        import pokersim.engine
        import pokersim.evaluator
        import pokersim.rng
        import pokersim.scenario

        self.argvs: list[list[str]] = []
        self.players: list[int] = []
        self.tournaments: list[dict[str, Any]] = []
        self.evaluated: list[tuple[str, Any]] = []
        self.batches: list[tuple[Any, ...]] = []
        self.failing = failing
        load = pokersim.scenario.load_scenario

        def load_scenario(path: Any) -> Any:
            scenario = load(path)
            self.players.append(scenario.players.count)
            return scenario

        def cli(argv: list[str]) -> int:
            self.argvs.append(list(argv))
            if argv[0] == self.failing:
                print("no such hand")
                return 2
            return 0

        monkeypatch.setattr(pokersim.scenario, "load_scenario", load_scenario)
        monkeypatch.setattr(pokersim.cli, "main", cli)
        monkeypatch.setattr(
            pokersim.engine,
            "run_tournament",
            lambda scenario, seed, **kw: self.tournaments.append(kw),
        )
        monkeypatch.setattr(
            pokersim.evaluator, "evaluate", lambda x: self.evaluated.append(("checked", x))
        )
        monkeypatch.setattr(
            pokersim.evaluator,
            "evaluate_unchecked",
            lambda x: self.evaluated.append(("unchecked", x)),
        )
        monkeypatch.setattr(pokersim.rng, "decision_block", lambda *a: (None, None))
        monkeypatch.setattr(
            pokersim.betting_kernel, "play_batch", lambda *a: self.batches.append(a)
        )


def test_the_workload_plays_a_small_run_every_way_and_every_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The build compiles only what its workload calls: the built-in scenario cut to two tables
    (minutes otherwise), played with each seat asked in Python, plain, with actions and both
    hand-history formats written, logged as records, then ``pokersim equity``'s four ways and a
    batch of hands. A call left out makes every run that needs it compile with numba."""
    from pokersim.hand import play_hand

    rec = _Recorder(monkeypatch)
    kernels.workload()
    assert rec.players and set(rec.players) == {18}
    in_python, logged = rec.tournaments
    assert callable(in_python["hand_player"]) and in_python["hand_player"] is not play_hand
    assert callable(logged["emit"]) and "hand_player" not in logged
    runs = [a for a in rec.argvs if a[0] == "run"]
    assert [a[2:] for a in runs] == [
        ["--seed", "1"],
        ["--seed", "1", "--actions", "--hands", "both", "--out", runs[1][-1]],
    ]
    assert runs[0][1] == runs[1][1] and runs[0][1].endswith("small.toml")
    assert [a for a in rec.argvs if a[0] == "equity"] == [list(a) for a in kernels.EQUITY_ARGVS]
    (batch,) = rec.batches
    models, stacks = batch[0], batch[1]
    assert len(models) == 6 and stacks.shape == (4, 6)
    assert ("checked", "AsKsQsJsTs2c3d") in rec.evaluated


def test_the_workload_calls_the_evaluator_for_every_row_size_and_integer_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``pokersim.evaluate`` (checked) and the unchecked kernel on rows of 5, 6 and 7 cards of
    each integer type: a type or size the build never saw compiles with numba on first use."""
    rec = _Recorder(monkeypatch)
    kernels._evaluator_calls()
    arrays = [(kind, x) for kind, x in rec.evaluated if isinstance(x, np.ndarray)]
    seen = {(kind, x.dtype.name, x.shape[1]) for kind, x in arrays}
    assert seen == {
        (kind, dtype, k)
        for kind in ("checked", "unchecked")
        for dtype in ("int8", "int16", "int32", "int64")
        for k in (5, 6, 7)
    }
    assert ("checked", "AsKsQsJsTs2c3d") in rec.evaluated


def test_a_failed_command_stops_the_workload_with_its_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A command of the workload that fails stops the build there, naming the command, its
    exit status and what it printed: a module built from a broken workload would lack kernels."""
    _Recorder(monkeypatch, failing="equity")
    with pytest.raises(RuntimeError) as err:
        kernels.workload()
    said = str(err.value)
    assert "pokersim equity AhKh QsQd --board 2c7d9h failed (2)" in said
    assert "no such hand" in said


def test_the_equity_calls_cover_exact_and_sampled_for_two_and_three_hands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``pokersim equity`` has four kernels (every board or boards drawn, heads-up or more): the
    workload plays each once, and each of its command lines runs."""
    kinds = set()
    for argv in kernels.EQUITY_ARGVS:
        hands = [a for a in argv[1:] if re.fullmatch(r"(?:[2-9TJQKA][cdhs]){2}", a)]
        kinds.add((len(hands), "--samples" in argv))
        assert main(list(argv)) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert kinds == {(2, False), (3, False), (2, True), (3, True)}


def test_the_built_in_scenario_can_be_cut_to_two_tables() -> None:
    """The workload cuts the built-in scenario's field by replacing its ``count = 180`` line: a
    changed line would leave the full field and a build of many minutes."""
    from pokersim.scenario import default_scenario_path

    assert default_scenario_path().read_text().count("\ncount = 180\n") == 1


# -- a multi-day event's run -------------------------------------------------------------------


def _rule(tmp_path: Path, name: str) -> Path:
    """A rule case of ``scenarios/rules`` as a plain scenario (its script and checks cut)."""
    text = (RULES / f"{name}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{name}.toml"
    path.write_text(text[: text.index("\n[script]")] + "\n", encoding="utf-8")
    return path


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _hms(seconds: int) -> str:
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}"


def test_the_event_summary_says_what_its_json_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--out`` the event's summary, printed or ``--json``, is the event ``run_event``
    plays with that seed: every flight's figures, day 2, the winner and the money to the cent
    (a case where second bags are forfeited and a flight has players from an earlier one)."""
    path = _rule(tmp_path, "F-FLIGHT-2-best-stack-carries")
    code, text, _ = _cli(capsys, "run", str(path), "--seed", "73")
    assert code == 0
    code, raw, _ = _cli(capsys, "run", str(path), "--seed", "73", "--json")
    assert code == 0
    answer = json.loads(raw)
    expected = event_summary(run_event(load_scenario(path), 73))
    expected.pop("players")
    assert answer == {"command": "run", **expected, "out": None, "report": None}
    s, d = answer, answer["day2"]
    assert d["forfeited_chips"] > 0 and s["flights"][1]["players_from_earlier_flights"] > 0
    lines = text.splitlines()
    assert lines[0] == (
        f"{s['event']} (seed 73): {s['entries']} entries in {len(s['flights'])} flights"
    )
    for line, f in zip(lines[1:], s["flights"], strict=False):
        assert line == (
            f"  flight {f['flight']}: {f['players']} players ({f['first_entries']} new, "
            f"{f['players_from_earlier_flights']} from earlier flights), {f['entries']} "
            f"entries, {f['bagged']} bagged at the end of level {f['last_level']} "
            f"({_hms(f['end_seconds'])}, {f['hands_played']} hands)"
        )
    assert lines[3:] == [
        f"day 2: {d['players']} players from level {d['start_level']}, {d['chips']} chips "
        f"({d['forfeited_chips']} forfeited in second bags, carry = 'best')",
        f"winner: {d['winner']} wins {d['winner_prize_cents'] // 100}."
        f"{d['winner_prize_cents'] % 100:02d} of {s['prize_pool_cents'] // 100}."
        f"{s['prize_pool_cents'] % 100:02d} ({d['places_paid']} paid, {d['hands_played']} "
        f"hands, {_hms(d['duration_seconds'])}); fees {s['fees_cents'] // 100}."
        f"{s['fees_cents'] % 100:02d}; reconciled to the cent",
    ]


def test_a_flight_stopped_by_the_count_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A flight that bags once few enough players are left says "at the count", with the level
    it reached, not "at the end of level": the two stops read differently on a structure sheet."""
    path = _rule(tmp_path, "F-FLIGHT-1-bag-at-players-left")
    code, text, _ = _cli(capsys, "run", str(path), "--seed", "2")
    assert code == 0
    flights = [line for line in text.splitlines() if line.startswith("  flight ")]
    assert len(flights) == 2
    assert all("bagged at the count, level " in line for line in flights)
    assert "end of level" not in text


def test_print_event_formats_every_field_of_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The human summary of an event, each figure from its own field of ``event.json``: here
    every field has a value of its own, so a figure printed from the wrong field shows."""
    flight = {
        "flight": "1A",
        "players": 41,
        "first_entries": 30,
        "players_from_earlier_flights": 11,
        "entries": 44,
        "bagged": 9,
        "stopped": "players",
        "last_level": 7,
        "end_seconds": 3 * 3600 + 5 * 60 + 9,
        "hands_played": 321,
    }
    summary = {
        "event": "Test event",
        "entries": 44,
        "flights": [flight],
        "carry": "last",
        "prize_pool_cents": 220005,
        "fees_cents": 22007,
        "day2": {
            "players": 9,
            "start_level": 8,
            "chips": 123456,
            "forfeited_chips": 789,
            "winner": "P13",
            "winner_prize_cents": 90103,
            "places_paid": 5,
            "hands_played": 77,
            "duration_seconds": 59,
        },
    }
    _event.print_event(summary, 12)
    assert capsys.readouterr().out.splitlines() == [
        "Test event (seed 12): 44 entries in 1 flights",
        "  flight 1A: 41 players (30 new, 11 from earlier flights), 44 entries, 9 bagged at "
        "the count, level 7 (3:05:09, 321 hands)",
        "day 2: 9 players from level 8, 123456 chips (789 forfeited in second bags, "
        "carry = 'last')",
        "winner: P13 wins 901.03 of 2200.05 (5 paid, 77 hands, 0:00:59); fees 220.07; "
        "reconciled to the cent",
    ]


@pytest.mark.parametrize(
    "seconds, clock",
    [
        (0, "0:00:00"),
        (59, "0:00:59"),
        (61, "0:01:01"),
        (3599, "0:59:59"),
        (36000 + 754, "10:12:34"),
    ],
)
def test_durations_are_hours_minutes_seconds(seconds: int, clock: str) -> None:
    """A day's length reads as a clock, minutes and seconds two digits each."""
    assert _event._hms(seconds) == clock


def test_an_event_written_to_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``run --out`` of an event: ``event.json`` is the event of that seed, each day's summary
    names the scenario and the day, ``--actions`` logs every hand's events, no report is
    written unless asked (``--json`` names it when it is), and the run says where the files
    went."""
    path = _rule(tmp_path, "F-FLIGHT-2-best-stack-carries")
    out = tmp_path / "event"
    argv = ["run", str(path), "--seed", "73", "--out", str(out), "--actions"]
    code, text, _ = _cli(capsys, *argv)
    assert code == 0
    assert f"wrote {out}/event.json and a folder a day (flight-<name>, day-2)" in text
    assert "report:" not in text
    assert not (out / "report.md").exists() and not (out / "report.html").exists()
    written = json.loads((out / "event.json").read_text(encoding="utf-8"))
    assert written == event_summary(run_event(load_scenario(path), 73))
    for day in ("flight-1A", "flight-1B", "day-2"):
        summary = json.loads((out / day / "summary.json").read_text(encoding="utf-8"))
        assert summary["scenario"] == f"{path.stem}-{day}"
        types = {
            json.loads(line)["type"]
            for line in (out / day / "events.jsonl").read_text(encoding="utf-8").splitlines()
        }
        assert "ActionTaken" in types, sorted(types)
    code, raw, _ = _cli(capsys, *argv, "--force", "--json")
    assert code == 0
    answer = json.loads(raw)
    assert (answer["out"], answer["report"]) == (str(out), None)
    assert not (out / "report.html").exists()
    code, raw, _ = _cli(capsys, *argv, "--force", "--json", "--report")
    assert code == 0 and json.loads(raw)["report"] == str(out / "report.html")
    assert (out / "report.html").is_file()


def test_an_event_without_a_folder_says_nothing_of_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--out`` nothing is written, and the summary claims no file either."""
    path = _rule(tmp_path, "F-FLIGHT-2-best-stack-carries")
    code, text, _ = _cli(capsys, "run", str(path), "--seed", "73")
    assert code == 0
    assert "wrote" not in text and "report" not in text
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_an_event_announces_compiling_before_it_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An event's run asks for the compile notice before its first flight, as a single run
    does: on a cold cache the first flight otherwise sits silent while numba compiles."""
    from pokersim import progress

    asked: list[bool] = []
    monkeypatch.setattr(progress, "announce_compile", lambda *a, **k: asked.append(True))
    path = _rule(tmp_path, "F-FLIGHT-1-bag-at-players-left")
    assert _cli(capsys, "run", str(path), "--seed", "2")[0] == 0
    assert asked == [True]


def test_hero_is_refused_for_an_event_in_one_line() -> None:
    """``--hero`` is refused for a multi-day event (whose days each have their own view) before
    anything plays; any other run's options pass the check."""
    from pokersim.errors import ConfigError

    with pytest.raises(ConfigError, match=r"^--hero: not for a multi-day event \(\[flights\]\)$"):
        _event.check_event_args(argparse.Namespace(hero="P01"))
    _event.check_event_args(argparse.Namespace(hero=None))

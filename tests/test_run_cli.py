"""``pokersim run``: outputs, summary fields, refusing to overwrite, one-line errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pokersim.cli import main
from pokersim.engine import setup as engine_setup

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
SUMMARY_KEYS = {
    "scenario",
    "seed",
    "entries",
    "prize_pool_cents",
    "hands_played",
    "duration_seconds",
    "chips_in_play",
    "players",
}
PLAYER_KEYS = {
    "player_id",
    "name",
    "model",
    "place",
    "prize_cents",
    "bounty_cents",
    "entries",
    "timeouts",
    "disconnects",
}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["run", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_run_writes_events_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sng"
    code, stdout, _ = _run(
        capsys, str(SCENARIOS / "sng_9max.toml"), "--seed", "5", "--out", str(out)
    )
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    assert SUMMARY_KEYS <= set(summary)
    assert summary["scenario"] == "sng_9max" and summary["seed"] == 5 and summary["entries"] == 9
    assert len(summary["players"]) == 9
    assert all(set(p) == PLAYER_KEYS for p in summary["players"])
    assert sorted(p["place"] for p in summary["players"])[0] == 1
    assert sum(p["prize_cents"] for p in summary["players"]) == summary["prize_pool_cents"]
    lines = (out / "events.jsonl").read_text().splitlines()
    assert [json.loads(x)["type"] for x in lines[:2]] == ["FieldListed", "TournamentStarted"]
    assert json.loads(lines[-1])["type"] == "TournamentEnded"
    winner = next(p for p in summary["players"] if p["place"] == 1)
    assert "winner" in stdout and winner["name"] in stdout
    assert "bubble" in stdout and "final table" in stdout and "duration" in stdout


def test_a_bounty_winners_line_names_the_bounties_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a knockout format the winner's money is prize and bounties: the line said the prize
    alone ("wins 88.46 of 340.00" of a winner who also took 107.56 in bounties)."""
    out = tmp_path / "pko"
    code, stdout, _ = _run(capsys, str(SCENARIOS / "pko.toml"), "--seed", "3", "--out", str(out))
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    w = next(p for p in summary["players"] if p["place"] == 1)
    assert w["bounty_cents"] > 0
    line = next(x for x in stdout.splitlines() if x.startswith("winner: "))
    code, stdout, _ = _run(capsys, str(SCENARIOS / "pko.toml"), "--seed", "3", "--json")
    assert code == 0 and json.loads(stdout)["winner"]["bounty_cents"] == w["bounty_cents"]
    assert line.endswith(
        f"wins {w['prize_cents'] / 100:.2f} of {summary['prize_pool_cents'] / 100:.2f} "
        f"and {w['bounty_cents'] / 100:.2f} in bounties"
    )


def test_run_is_byte_identical_for_the_same_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sng = str(SCENARIOS / "sng_9max.toml")
    for name in ("a", "b"):
        assert _run(capsys, sng, "--seed", "2", "--out", str(tmp_path / name))[0] == 0
    for f in ("events.jsonl", "summary.json"):
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes()


def test_run_refuses_to_overwrite_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sng = str(SCENARIOS / "sng_9max.toml")
    out = str(tmp_path / "r")
    assert _run(capsys, sng, "--out", out)[0] == 0
    before = (tmp_path / "r" / "events.jsonl").read_bytes()
    code, _, err = _run(capsys, sng, "--seed", "9", "--out", out)
    assert code != 0 and "--force" in err and err.count("\n") == 1
    assert (tmp_path / "r" / "events.jsonl").read_bytes() == before
    assert _run(capsys, sng, "--seed", "9", "--out", out, "--force")[0] == 0
    assert (tmp_path / "r" / "events.jsonl").read_bytes() != before


def test_a_forced_run_leaves_only_its_own_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--force`` over an earlier run: the files of the earlier run the new one does not write
    go (they stayed: the report, hand histories and series files of another run beside the new
    run's summary), the new run's files are written, and a scenario file it reads from that
    folder stays; a folder of other files is not touched."""
    out = tmp_path / "r"
    series = ["--hands", "both", "--report"]
    assert (
        _run(capsys, str(SCENARIOS / "series_satellite.toml"), "--out", str(out), *series)[0] == 0
    )
    for name in ("hands", "report.html", "plots", "series.json", "target", "target.toml"):
        assert (out / name).exists()
    sng = out / "scenario.toml"  # the new run's scenario, read from the folder itself
    sng.write_bytes((SCENARIOS / "sng_9max.toml").read_bytes())
    assert _run(capsys, str(sng), "--seed", "3", "--out", str(out), "--force")[0] == 0
    names = {"events.jsonl", "summary.json", "scenario.toml", "provenance.json"}
    assert {p.name for p in out.iterdir()} - {".pokersim.lock"} == names
    assert json.loads((out / "summary.json").read_text())["seed"] == 3
    assert sng.read_bytes() == (SCENARIOS / "sng_9max.toml").read_bytes()

    study_like = tmp_path / "s"  # no run's results: nothing there is the run's to remove
    study_like.mkdir()
    (study_like / "report.md").write_text("a study's report\n", encoding="utf-8")
    assert _run(capsys, str(SCENARIOS / "sng_9max.toml"), "--out", str(study_like))[0] == 0
    assert (study_like / "report.md").read_text(encoding="utf-8") == "a study's report\n"


@pytest.mark.parametrize("scenario", ["sng_9max.toml", "flights.toml", "series_satellite.toml"])
def test_every_run_into_a_folder_keeps_its_scenario_and_provenance(
    scenario: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each run into a folder, forced over the same scenario's run or not, leaves the scenario's
    copy (and a satellite's target's) and ``provenance.json``; a multi-day event too."""
    out = tmp_path / "r"
    source = SCENARIOS / scenario
    for force in ([], ["--force"], ["--force"]):
        assert _run(capsys, str(source), "--seed", "2", "--out", str(out), *force)[0] == 0
        assert (out / "scenario.toml").read_bytes() == source.read_bytes()
        record = json.loads((out / "provenance.json").read_text(encoding="utf-8"))
        assert record["seed"] == 2 and record["scenario"]["copy"] == "scenario.toml"
        if "target" in record:
            assert (out / record["target"]["copy"]).is_file()


def test_the_final_table_line_says_where_play_began_and_whether_one_formed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One table from the start, one formed (a shoot-out's last round too), or none: a
    satellite whose fifteen seats are all won while two tables play."""
    import tomllib

    import tomli_w

    lines = {}
    for name in ("sng_9max.toml", "shootout.toml", "satellite.toml"):
        code, out, _ = _run(capsys, str(SCENARIOS / name), "--seed", "1")
        assert code == 0
        lines[name] = next(x for x in out.splitlines() if x.startswith("final table"))
    assert lines["sng_9max.toml"].startswith("final table: from the start")
    assert lines["shootout.toml"].startswith("final table: formed at 0:56:15")
    assert lines["satellite.toml"].startswith("final table: formed at")
    data = tomllib.loads((SCENARIOS / "satellite.toml").read_text(encoding="utf-8"))
    data["satellite"]["seat_value_cents"] = 1100  # 165.00 buys fifteen seats
    many = tmp_path / "many_seats.toml"
    many.write_text(tomli_w.dumps(data), encoding="utf-8")
    code, out, _ = _run(capsys, str(many), "--seed", "1")
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("final table"))
    assert line.startswith("final table: none (the tournament ended before one formed)")


def test_an_empty_out_is_refused_not_the_current_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(capsys, str(SCENARIOS / "sng_9max.toml"), "--out", "")
    assert code == 2 and "--out: expected a folder name" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_folder_where_the_event_log_goes_is_named_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not 'cannot write .../events.jsonl.part (Is a directory)' after the run, a .part left."""
    (tmp_path / "events.jsonl").mkdir()
    code, _, err = _run(capsys, str(SCENARIOS / "sng_9max.toml"), "--out", str(tmp_path), "--force")
    assert code == 2 and err.count("\n") == 1
    assert f"{tmp_path / 'events.jsonl'} is a folder; expected the run's events.jsonl file" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["events.jsonl"]


def test_run_writes_hand_histories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sng = str(SCENARIOS / "sng_9max.toml")
    out = tmp_path / "h"
    assert _run(capsys, sng, "--out", str(out), "--hands", "both")[0] == 0
    phhs = (out / "hands" / "table-1.phhs").read_text()
    assert phhs.startswith("# 9-max sit-and-go")  # a header comment names the view
    assert "# Full view" in phhs and "\n[1]\n" in phhs
    assert "PokerStars" in (out / "hands" / "table-1.txt").read_text()
    assert (
        (out / "hands" / "tournament-summary.txt").read_text().startswith("PokerStars Tournament #")
    )


def test_run_hero_writes_one_players_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sng = str(SCENARIOS / "sng_9max.toml")
    out = tmp_path / "hero"
    code = _run(capsys, sng, "--out", str(out), "--hands", "both", "--hero", "P1")[0]
    assert code == 0
    files = sorted(p.name for p in (out / "hands").iterdir())
    assert files == ["README.txt", "hero-P1.phhs", "hero-P1.txt", "tournament-summary.txt"]
    text = (out / "hands" / "hero-P1.txt").read_text()
    dealt = [x for x in text.splitlines() if x.startswith("Dealt to ")]
    assert dealt and all(x.startswith("Dealt to P1 [") for x in dealt)
    assert "????" in (out / "hands" / "hero-P1.phhs").read_text()
    assert "You finished in " in (out / "hands" / "tournament-summary.txt").read_text()
    code, _, err = _run(
        capsys, sng, "--out", str(tmp_path / "x"), "--hands", "both", "--hero", "Zed"
    )
    assert code == 2 and "--hero Zed" in err
    code, _, err = _run(capsys, sng, "--out", str(tmp_path / "y"), "--hero", "P1")
    assert code == 2 and "--hero" in err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["no-such-file.toml"], "no such scenario file"),
        (["--seed", "-1"], "--seed"),
        (["--hands", "phh"], "--out"),
    ],
)
def test_run_errors_are_one_line(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, *argv)
    assert code == 2 and needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_run_bad_toml_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = \n")
    code, _, err = _run(capsys, str(bad))
    assert code == 2 and "bad.toml" in err and err.count("\n") == 1


def test_run_without_scenario_runs_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--seed", "1")
    assert code == 0 and "180" in out


@pytest.mark.parametrize("name", ["default", "sng_9max", "mtt_1000"])
def test_run_every_shipped_scenario(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every shipped scenario runs to a winner (the 10,000-player one in the slow suite)."""
    code, _, _ = _run(capsys, str(SCENARIOS / f"{name}.toml"), "--out", str(tmp_path / name))
    assert code == 0
    summary = json.loads((tmp_path / name / "summary.json").read_text())
    assert sorted(p["place"] for p in summary["players"])[0] == 1


@pytest.mark.slow
def test_run_large_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = _run(capsys, str(SCENARIOS / "mtt_10000.toml"), "--out", str(tmp_path / "big"))
    assert code == 0


def test_run_hand_histories_cover_every_table_and_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hands of broken tables are written as tables close; every hand appears once."""
    out = tmp_path / "d"
    assert _run(capsys, "--seed", "4", "--out", str(out), "--hands", "phh")[0] == 0
    summary = json.loads((out / "summary.json").read_text())
    events = [json.loads(x) for x in (out / "events.jsonl").read_text().splitlines()]
    tables = {e["table_id"] for e in events if e["type"] == "TableOpened"}
    files = sorted((out / "hands").glob("table-*.phhs"))
    assert {int(f.stem.split("-")[1]) for f in files} == tables
    count = sum(
        1
        for f in files
        for line in f.read_text().splitlines()
        if line.startswith("[") and line.rstrip().endswith("]") and line[1:-1].isdigit()
    )
    assert count == summary["hands_played"]


def test_run_actions_puts_each_hands_events_in_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "a"
    sng = str(SCENARIOS / "sng_9max.toml")
    assert _run(capsys, sng, "--out", str(out), "--actions")[0] == 0
    events = [json.loads(x) for x in (out / "events.jsonl").read_text().splitlines()]
    kinds = [e["type"] for e in events]
    assert "ActionTaken" in kinds and "PotAwarded" in kinds
    for i, kind in enumerate(kinds):
        if kind == "TableHandEnded":
            assert kinds[i - 1] == "HandEnded"
            assert events[i - 1]["final_stacks"] == events[i]["stacks"]
    code, _, err = _run(capsys, sng, "--actions")
    assert code == 2 and "--out" in err


def test_run_counts_hand_for_hand_the_same_with_the_tables_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loop's stretches reach the log at once, past the hand-for-hand counter (no hand of
    theirs is synchronized): the report and the files are the director's own."""
    default = str(SCENARIOS / "default.toml")
    printed = []
    for loop in (True, False):
        with monkeypatch.context() as m:
            if not loop:
                m.setattr(engine_setup.Run, "_table_arrays", lambda self: None)
            out = tmp_path / f"loop-{loop}"
            code, text, _ = _run(capsys, default, "--seed", "6", "--out", str(out), "--actions")
            assert code == 0
            printed.append((text.replace(str(out), "OUT"), (out / "events.jsonl").read_bytes()))
    assert printed[0] == printed[1]
    assert re.search(r"hand-for-hand 0:\d\d:\d\d, [1-9]\d* hands in [1-9]", printed[0][0])


def test_a_multi_day_events_json_names_its_report_as_a_runs_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``run --json`` of an event has the ``out`` and ``report`` keys of docs/json.md: the
    report's path with ``--report`` (the file is there), null without it."""
    import tomllib

    import tomli_w

    case = SCENARIOS / "rules" / "F-FLIGHT-2-best-stack-carries.toml"
    data = tomllib.loads(case.read_text(encoding="utf-8"))
    del data["script"], data["expect"]  # the event alone, played from the seed
    source = tmp_path / "event.toml"
    source.write_text(tomli_w.dumps(data), encoding="utf-8")
    out = tmp_path / "r"
    code, stdout, _ = _run(capsys, str(source), "--seed", "73", "--out", str(out), "--json")
    answer = json.loads(stdout)
    assert code == 0 and "day2" in answer
    assert answer["out"] == str(out) and answer["report"] is None
    args = (str(source), "--seed", "73", "--out", str(out), "--report", "--json", "--force")
    code, stdout, _ = _run(capsys, *args)
    answer = json.loads(stdout)
    assert code == 0 and answer["report"] == str(out / "report.html")
    assert (out / "report.html").is_file()

"""``pokersim.verify`` and ``pokersim verify``: broken expectations fail readably, bad cases are
``ConfigError``s naming the file and key, scripted cards keep the rest of the seed's deck."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim import rng as rngs
from pokersim.cli import main
from pokersim.errors import ConfigError
from pokersim.script import fix_cards
from pokersim.verify import check_case, load_case, parse_case, run_case, verify_paths

ROOT = Path(__file__).resolve().parents[1]
KO2 = ROOT / "scenarios" / "rules" / "R-KO-2-seed-example.toml"


def ko2() -> dict[str, Any]:
    return tomllib.loads(KO2.read_text(encoding="utf-8"))


def test_r_ko_2_broken_expectation_fails_with_file_key_expected_and_actual() -> None:
    """R-KO-2: claiming Barry knocked out Vicky fails and shows who really did."""
    data = ko2()
    data["expect"]["events"][1]["where"]["by"] = ["Barry"]
    data["expect"]["pots"][1]["amount"] = 301
    result = check_case(parse_case(data, source="broken.toml"))
    assert not result.passed
    lines = [str(f) for f in result.failures]
    assert lines[0] == "broken.toml: expect.pots[1].amount: expected 301, got 300"
    assert lines[1].startswith(
        "broken.toml: expect.events[1]: expected at least 1 PlayerEliminated "
        "(player_id=Vicky, by=['Barry']), got 0 matching"
    )
    assert "player_id=Vicky" in lines[1] and "by=['Julian']" in lines[1]


def test_unknown_key_in_expect_is_an_error_naming_file_and_key() -> None:
    data = ko2()
    data["expect"]["pots"][0]["winner"] = ["Barry"]
    with pytest.raises(ConfigError, match=r"case\.toml: expect\.pots\[0\]\.winner: unknown key"):
        parse_case(data, source="case.toml")


def test_unknown_key_in_script_is_an_error_naming_file_and_key() -> None:
    data = ko2()
    data["script"]["decks"][0]["flop"] = "2c7d9c"
    with pytest.raises(ConfigError, match=r"case\.toml: script\.decks\[0\]\.flop: unknown key"):
        parse_case(data, source="case.toml")


def test_unknown_player_in_expect_is_an_error_naming_file_and_key() -> None:
    data = ko2()
    data["expect"]["places"]["Dan"] = 4
    with pytest.raises(ConfigError, match=r"case\.toml: expect\.places\.Dan: unknown player"):
        parse_case(data, source="case.toml")


def test_unknown_event_field_is_an_error() -> None:
    data = ko2()
    data["expect"]["events"][0]["where"]["seat"] = 1
    with pytest.raises(ConfigError, match=r"PlayerEliminated has no field 'seat'"):
        parse_case(data, source="case.toml")


def test_hand_that_never_happened_is_reported() -> None:
    data = ko2()
    data["expect"]["stacks"][0]["table"] = 7
    result = check_case(parse_case(data, source="case.toml"))
    assert [str(f) for f in result.failures] == [
        "case.toml: expect.stacks[0].hand: expected hand 1 at table 7, "
        "got table 7 never played a hand"
    ]


def test_illegal_scripted_check_is_a_failure_naming_the_player() -> None:
    data = ko2()
    data["script"]["actions"][0]["do"] = ["check"]  # Vicky faces the big blind
    result = check_case(parse_case(data, source="case.toml"))
    assert len(result.failures) == 1
    assert "scripted 'check' for Vicky at table 1 hand 1" in str(result.failures[0])


def test_unused_scripted_decisions_fail() -> None:
    data = ko2()
    data["script"]["actions"][1]["do"] = ["call", "raise 2000"]  # Julian never acts again
    result = check_case(parse_case(data, source="case.toml"))
    assert any("never asked: Julian hand 1: ['raise 2000']" in str(f) for f in result.failures)


def test_same_case_same_event_log() -> None:
    """Determinism: one case file, one outcome."""
    a = run_case(parse_case(ko2(), source="a"))
    b = run_case(parse_case(ko2(), source="a"))
    assert a.events == b.events


def test_scripted_cards_are_dealt_where_the_layout_says() -> None:
    out = run_case(parse_case(ko2(), source="a"))
    hand = out.hands[(1, 1)]
    assert hand.deal.hole[1] == (51, 50)  # Barry, table seat 2: As Ah
    assert hand.deal.board == (0, 21, 28, 6, 9)  # 2c 7d 9c 3h 4d


@given(
    seed=st.integers(0, 2**32),
    fixed=st.lists(st.integers(0, 51), min_size=1, max_size=23, unique=True),
    data=st.data(),
)
def test_fix_cards_keeps_a_deck_and_the_seeds_other_cards(
    seed: int, fixed: list[int], data: Any
) -> None:
    """Only the scripted cards move: the deck is still 52 distinct cards, each fixed card is at
    its position, and every position that neither held nor received a fixed card is unchanged."""
    positions = data.draw(
        st.lists(st.integers(0, 22), min_size=len(fixed), max_size=len(fixed), unique=True)
    )
    deck = rngs.deck(seed, 1, 1)
    out = fix_cards(deck, list(zip(positions, fixed)))
    assert sorted(out) == list(range(52))
    for pos, code in zip(positions, fixed):
        assert out[pos] == code
    touched = set(positions) | {int(np.flatnonzero(deck == c)[0]) for c in fixed}
    for i in range(52):
        if i not in touched:
            assert out[i] == deck[i]


def test_cli_prints_failures_and_summary_and_exits_nonzero(tmp_path: Path, capsys: Any) -> None:
    good = tmp_path / "good.toml"
    good.write_text(KO2.read_text(encoding="utf-8"), encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        KO2.read_text(encoding="utf-8").replace("amount = 300", "amount = 299"), encoding="utf-8"
    )
    code = main(["verify", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out == [
        f"FAIL {bad}: expect.pots[1].amount: expected 299, got 300",
        "1 passed, 1 failed",
    ]
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 passed, 0 failed"]


def test_a_file_that_does_not_load_counts_as_failed(tmp_path: Path) -> None:
    bad = tmp_path / "typo.toml"
    bad.write_text(KO2.read_text(encoding="utf-8").replace("[expect]", "[expected]"), "utf-8")
    [result] = verify_paths([bad])
    assert not result.passed and "expected: unknown key" in str(result.failures[0])


def test_overlapping_scripted_disconnections_are_an_error() -> None:
    data = ko2()
    data["script"]["disconnects"] = [
        {"player": "Vicky", "at_seconds": 0, "for_seconds": 60},
        {"player": "Vicky", "at_seconds": 30, "for_seconds": 60},
    ]
    with pytest.raises(ConfigError, match=r"script\.disconnects\[1\]\.at_seconds: overlaps"):
        parse_case(data, source="case.toml")


def test_bad_scripted_card_is_an_error_naming_the_seat() -> None:
    data = ko2()
    data["script"]["decks"][0]["hole"]["2"] = "AsXx"
    with pytest.raises(ConfigError, match=r"script\.decks\[0\]\.hole\.2: expected up to 2 cards"):
        parse_case(data, source="case.toml")


def test_partly_scripted_board_keeps_the_seeds_other_cards() -> None:
    """'??' leaves a card to the seed: only the turn and river are fixed."""
    data = ko2()
    data["script"]["decks"][0]["board"] = "?? ?? ?? 3h 4d"
    out = run_case(parse_case(data, source="a"))
    board = out.hands[(1, 1)].deal.board
    assert board[3:] == (6, 9)  # 3h 4d
    seed_deck = [int(c) for c in rngs.deck(0, 1, 1)]
    fixed = {51, 50, 47, 46, 43, 42, 39, 38, 6, 9}  # the scripted hole cards and turn, river
    kept = [i for i in range(8, 11) if seed_deck[i] not in fixed]
    assert kept  # with seed 0 at least one flop card is the seed's own
    for i in kept:
        assert board[i - 8] == seed_deck[i]
    assert not set(board[:3]) & fixed


def test_scripted_level_and_clock_shift_the_schedule() -> None:
    """R-STRUCT-1: the level in force at the start is the scripted one, at the scripted time."""
    data = ko2()
    data["levels"] = [
        {"small_blind": 5, "big_blind": 10, "minutes": 30},
        {"small_blind": 50, "big_blind": 100, "minutes": 30},
    ]
    data["script"]["level"] = 2
    data["script"]["clock"] = "21:30"
    case = parse_case(data, source="a")
    assert case.scenario.start_seconds == 21 * 3600 + 30 * 60
    out = run_case(case)
    first = next(r for r in out.events if r["type"] == "LevelStarted")
    assert (first["small_blind"], first["big_blind"]) == (50, 100)
    posted = [r for r in out.events if r["type"] == "ForcedBetPosted"][:2]
    assert [r["amount"] for r in posted] == [50, 100]


def test_scripted_level_out_of_range_is_an_error() -> None:
    data = ko2()
    data["script"]["level"] = 4
    with pytest.raises(ConfigError, match=r"script\.level: expected a level number 1\.\.3, got 4"):
        parse_case(data, source="case.toml")


def test_scripted_disqualification_cannot_mix_with_the_scenarios() -> None:
    data = ko2()
    data["faults"] = {"disqualify_at_minutes": [5]}
    data["script"]["disqualify"] = [{"player": "Vicky", "at_minutes": 1}]
    with pytest.raises(ConfigError, match=r"script\.disqualify: scripted disqualifications"):
        parse_case(data, source="case.toml")


def test_a_case_without_script_is_the_engines_own_run() -> None:
    """Unscripted, a case plays exactly the run the engine plays for that scenario and seed."""
    from pokersim.engine import run_tournament
    from pokersim.results import event_record

    case = load_case(ROOT / "scenarios" / "rules" / "R-BRK-2-interval-breaks.toml")
    mine = run_case(case).events
    log: list[dict[str, Any]] = []
    run_tournament(
        case.scenario, 0, emit=lambda e: log.append(event_record(e)), record_actions=True
    )
    assert list(mine) == log


def test_scripted_connections_follow_the_script() -> None:
    """R-DIS-2/R-DIS-3 cases rely on these: away exactly inside the scripted intervals."""
    from pokersim.script import ScriptedConnections, ScriptedDisconnect

    conn = ScriptedConnections(
        3,
        [
            ScriptedDisconnect(player_id=1, at=10, seconds=20),
            ScriptedDisconnect(player_id=1, at=50, seconds=5),
        ],
    )
    assert [conn.back_in(1, t) for t in (0, 10, 25, 30, 49, 52, 55, 99)] == [
        0.0,
        20.0,
        5.0,
        0.0,
        0.0,
        3.0,
        0.0,
        0.0,
    ]
    assert conn.back_in(0, 20) == 0.0 and conn.back_in(2, 52) == 0.0
    assert conn.disconnects == [0, 2, 0]


def test_cli_out_writes_each_cases_run_files(tmp_path: Path, capsys: Any) -> None:
    """``verify --out DIR``: DIR/<stem>/ holds what ``run --out --hands both --actions`` writes."""
    import json

    out = tmp_path / "out"
    assert main(["verify", str(KO2), "--out", str(out)]) == 0
    folder = out / KO2.stem
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")) == [
        "events.jsonl",
        "hands",
        "hands/README.txt",
        "hands/table-1.phhs",
        "hands/table-1.txt",
        "hands/tournament-summary.txt",
        "provenance.json",
        "scenario.toml",
        "summary.json",
    ]
    logged = [json.loads(line) for line in (folder / "events.jsonl").read_text().splitlines()]
    assert logged == [json.loads(json.dumps(r)) for r in run_case(load_case(KO2)).events]
    assert any(r["type"] == "ActionTaken" for r in logged)  # the hands' own events too
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["scenario"] == KO2.stem and summary["entries"] == 4
    assert "PokerStars Hand #" in (folder / "hands" / "table-1.txt").read_text()
    capsys.readouterr()
    # a second run into the same folder is refused unless --force, like ``run --out``
    assert main(["verify", str(KO2), "--out", str(out)]) == 2
    assert "already holds results" in capsys.readouterr().err
    before = (folder / "events.jsonl").read_bytes()
    assert main(["verify", str(KO2), "--out", str(out), "--force"]) == 0
    assert (folder / "events.jsonl").read_bytes() == before
    assert (folder / "scenario.toml").read_bytes() == KO2.read_bytes()  # written again
    assert (folder / "provenance.json").is_file()


def test_cli_out_writes_a_multiday_cases_provenance(tmp_path: Path) -> None:
    """A multi-day case's folder (``event.json``, a folder a day) has its provenance too."""
    import json

    case = ROOT / "scenarios" / "rules" / "F-FLIGHT-4-prize-pool-sums-flights.toml"
    out = tmp_path / "out"
    assert main(["verify", str(case), "--out", str(out)]) == 0
    folder = out / case.stem
    seed = json.loads((folder / "event.json").read_text())["seed"]
    assert json.loads((folder / "provenance.json").read_text())["seed"] == seed
    assert (folder / "scenario.toml").read_bytes() == case.read_bytes()


def test_cli_out_case_ending_in_its_expected_error_writes_no_log(tmp_path: Path) -> None:
    case = ROOT / "scenarios" / "rules" / "R-HAND-1-min-raise.toml"
    assert main(["verify", str(case), "--out", str(tmp_path)]) == 0
    assert not [p for p in (tmp_path / case.stem).rglob("*") if p.is_file()]


def test_cli_out_refuses_two_cases_with_the_same_stem(tmp_path: Path, capsys: Any) -> None:
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "case.toml").write_text(KO2.read_text(encoding="utf-8"), "utf-8")
    code = main(["verify", str(tmp_path / "a"), str(tmp_path / "b"), "--out", str(tmp_path / "o")])
    assert code == 2
    assert "would write into the same folder case" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()

"""``pokersim import``: hand histories become regression cases that ``pokersim verify`` passes.

Round trip: the hands pokersim writes (PokerStars text and PHH) from the shipped scenarios
import back into cases whose run reproduces every street's actions and board, every pot with
its winners and shares, and every stack after the hand (a sample here, every hand under the
``slow`` marker). Real hands from other projects' parser test suites (``tests/data/histories``,
licences in its README) import and pass, or are refused in one line naming what is not
supported. Bad files give one error line each, never a traceback.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from pokersim.cli import main
from pokersim.errors import ConfigError
from pokersim.history.case_text import case_toml
from pokersim.history.imported import HandError, ImportedHand
from pokersim.history.importer import read_history
from pokersim.history.read_pokerstars import read_pokerstars
from pokersim.verify import check_case, parse_case, verify_paths

ROOT = Path(__file__).resolve().parent.parent
HISTORIES = Path(__file__).resolve().parent / "data" / "histories"
SCENARIOS = sorted(p for p in (ROOT / "scenarios").glob("*.toml") if p.stem != "mtt_10000")
SAMPLE = 12  # hands per file in the fast round trip


def _hands(path: Path) -> list[ImportedHand]:
    out = []
    for hand in read_history(path):
        assert not isinstance(hand, HandError), str(hand)
        out.append(hand)
    return out


def _failures(hand: ImportedHand) -> list[str]:
    case = parse_case(tomllib.loads(case_toml(hand)), source=f"{hand.source} {hand.label}")
    return [str(f) for f in check_case(case).failures]


def _export(scenario: Path, out: Path, seed: int = 1) -> list[Path]:
    assert (
        main(["run", str(scenario), "--seed", str(seed), "--out", str(out), "--hands", "both"]) == 0
    )
    # a multi-day event writes each day's hands in its own folder (flight-1A/hands, day-2/hands)
    files = sorted(out.glob("**/hands/table-*.txt")) + sorted(out.glob("**/hands/table-*.phhs"))
    assert files
    return files


def _import_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["import", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- round trip ------------------------------------------------------------------------------


def test_a_sample_of_exported_hands_imports_into_passing_cases(tmp_path: Path) -> None:
    files = _export(ROOT / "scenarios" / "sng_9max.toml", tmp_path / "run")
    assert {f.suffix for f in files} == {".txt", ".phhs"}
    checked = 0
    for path in files:
        for hand in _hands(path)[:SAMPLE]:
            assert _failures(hand) == [], f"{path.name} {hand.label}"
            checked += 1
    assert checked == 2 * SAMPLE


def test_a_players_own_view_imports_too(tmp_path: Path) -> None:
    """``--hero``: the others' cards are unknown (``??``) unless shown; the seed deals them."""
    out = tmp_path / "run"
    args = ["run", str(ROOT / "scenarios" / "sng_9max.toml"), "--seed", "2", "--out", str(out)]
    assert main([*args, "--hands", "both", "--hero", "P1"]) == 0
    files = sorted((out / "hands").glob("hero-P1.*"))
    assert [f.suffix for f in files] == [".phhs", ".txt"]
    for path in files:
        hands = _hands(path)
        assert any(len(h.hole) < len(h.seats) for h in hands)
        for hand in hands[:SAMPLE]:
            assert _failures(hand) == [], f"{path.name} {hand.label}"


SHARDS = 4  # each source's hands in four tests, so that parallel workers share them
SOURCES = [p.stem for p in SCENARIOS] + ["rules"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], list[Path]]:
    """The hand-history files of one shipped scenario's run, or of every rule case (``rules``:
    they play the corner cases, short blinds and antes, side pots, time-outs), made once."""
    cache: dict[str, list[Path]] = {}

    def files(source: str) -> list[Path]:
        if source not in cache:
            out = tmp_path_factory.mktemp(source)
            if source == "rules":
                verify_paths([ROOT / "scenarios" / "rules"], out=out)
                cache[source] = sorted(  # a linked series' target's hands too (R-SAT-1)
                    [*out.glob("*/hands/table-*.*"), *out.glob("*/target/hands/table-*.*")]
                )
            else:
                cache[source] = _export(ROOT / "scenarios" / f"{source}.toml", out, seed=3)
        return cache[source]

    return files


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
@pytest.mark.parametrize("source", SOURCES)
def test_every_exported_hand_imports_into_a_passing_case(
    source: str, shard: int, exported: Callable[[str], list[Path]]
) -> None:
    """Every hand. The importer refuses one kind by design (docs/import.md: a dead button or a
    dead small blind, which real sites' hands have), but the engine's moving button (R-BTN-1:
    the small blind is the next occupied seat after the button) never deals one: none of
    69,840 exported hands of the shipped scenarios (seeds 0-4) and 10,374 of the rule cases
    was refused on 2026-12-06."""
    hands: list[tuple[Path, ImportedHand]] = []
    refused: list[str] = []
    for path in exported(source):
        for hand in read_history(path):
            if isinstance(hand, HandError):
                refused.append(str(hand))
            else:
                hands.append((path, hand))
    assert refused == [], f"{len(refused)} of {len(hands)} hands refused, e.g. {refused[:3]}"
    mine = hands[shard::SHARDS]
    assert mine
    failed = [
        f"{path.parent.parent.name}/{path.name} {hand.label}: {fails[0]}"
        for path, hand in mine
        if (fails := _failures(hand))
    ]
    assert failed == [], f"{len(failed)} of {len(mine)} hands fail, e.g. {failed[:3]}"


def test_pokerstars_and_phh_of_one_hand_give_the_same_expectations(tmp_path: Path) -> None:
    files = _export(ROOT / "scenarios" / "sng_9max.toml", tmp_path / "run")
    text = next(f for f in files if f.suffix == ".txt")
    phh = next(f for f in files if f.suffix == ".phhs")
    for a, b in list(zip(_hands(text), _hands(phh)))[:SAMPLE]:
        assert [x.expected() for x in a.actions] == [x.expected() for x in b.actions]
        assert a.boards == b.boards
        assert dict(a.final_stacks) == dict(b.final_stacks)
        assert a.button == b.button
        assert [(s.seat_no, s.name, s.stack) for s in a.seats] == [
            (s.seat_no, s.name, s.stack) for s in b.seats
        ]


# -- real hands ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "passing", "refused"),
    [
        ("wpn-G23889488T1.txt", 7, 0),
        ("wpn-G23889488T2.txt", 39, 5),
        ("wpn-G24095328T3-final-table.txt", 7, 1),
        ("wpn-long-hand-history.txt", 23, 2),
    ],
)
def test_real_winning_poker_network_hands_import_and_pass(
    name: str, passing: int, refused: int
) -> None:
    """Every hand a case that passes, but those with a dead button or a dead small blind."""
    read = read_history(HISTORIES / "wpn" / name)
    errors = [str(h) for h in read if isinstance(h, HandError)]
    hands = [h for h in read if isinstance(h, ImportedHand)]
    assert (len(hands), len(errors)) == (passing, refused)
    assert all("(a dead button)" in e or "dead or missing blinds" in e for e in errors), errors
    for hand in hands:
        assert _failures(hand) == [], hand.label


@pytest.mark.parametrize(
    "name",
    [
        "stars-01-tournament.txt",
        "stars-02-tournament-side-pot.txt",
        "stars-03-tournament-antes.txt",
        "stars-04-tournament-river-fold.txt",
        "stars-05-tournament.txt",
        "stars-06-tournament-bounty-timeout.txt",
        "hhp-tournaments.txt",
        "spin/stars-spin-2929450288.txt",
        "spin/stars-spin-99999.txt",
        "betclic/betclic-2025-07-16.txt",
    ],
)
def test_real_tournament_hands_import_and_pass(name: str) -> None:
    hands = _hands(HISTORIES / name)
    for hand in hands:
        assert _failures(hand) == [], hand.label


def test_pokerstars_hands_state_their_tournament_table_and_start_in_utc() -> None:
    """The start is the header's Eastern time (the site's clock), not the player's own one:
    summer and winter offsets, an hour of one digit, a local time before the bracketed one."""
    spin = _hands(HISTORIES / "spin" / "stars-spin-2929450288.txt")
    assert len(spin) == 19
    assert {(h.tournament, h.table) for h in spin} == {("2929450288", "2929450288 1")}
    # 18:15:09 BRT [17:15:09 ET]: daylight time in June, four hours behind UTC
    assert spin[0].started is not None
    assert spin[0].started.isoformat() == "2020-06-07T21:15:09+00:00"
    assert spin[-1].started is not None
    assert spin[-1].started.isoformat() == "2020-06-07T21:19:59+00:00"
    older = {h.hand_id: h for h in _hands(HISTORIES / "hhp-tournaments.txt")}
    starts = {k: h.started.isoformat() for k, h in older.items() if h.started is not None}
    assert starts["23371891311"] == "2008-12-29T19:33:21+00:00"  # "14:33:21 ET", winter
    assert starts["149652017195"] == "2016-03-01T06:31:14+00:00"  # "1:31:14 ET"
    # "23:37:43 CET [2018/03/09 17:37:43 ET]": two days before daylight time began
    assert starts["183617887084"] == "2018-03-09T22:37:43+00:00"
    assert older["183617887084"].tournament == "2244109429"


@pytest.mark.parametrize(
    ("when", "started"),
    [
        ("2013/10/04 13:53:27 ET", "2013-10-04T17:53:27+00:00"),  # daylight time: UTC-4
        ("2013/10/04 19:53:27 CET", None),  # the player's clock alone: no start
        ("2013/13/04 13:53:27 ET", None),  # no such month: no start, the hand still reads
    ],
)
def test_a_pokerstars_start_is_the_eastern_time_of_its_header_or_unknown(
    when: str, started: str | None
) -> None:
    path = HISTORIES / "stars-01-tournament.txt"
    text = path.read_text(encoding="utf-8").replace("2013/10/04 13:53:27 ET", when, 1)
    (hand,) = read_pokerstars(text, str(path))
    assert isinstance(hand, ImportedHand), str(hand)
    assert (hand.tournament, hand.table) == ("797469411", "797469411 15")
    assert (hand.started.isoformat() if hand.started else None) == started


def test_a_real_side_pot_is_expected_as_the_history_splits_it() -> None:
    (hand,) = _hands(HISTORIES / "stars-02-tournament-side-pot.txt")
    text = case_toml(hand)
    assert 'pot = 0\namount = 4740\nwinners = ["costamar"]' in text
    assert 'pot = 1\namount = 21570\nwinners = ["costamar"]' in text
    assert '"W2lkm2n" = 0' in text and '"Newfie_187" = 0' in text


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "stars-07-tournament-all-in.txt",
            "Kc is dealt to Stickyfinger55 and to lrb3: expected each card once",
        ),
        ("stars-08-cash-limit.txt", "a cash game (no 'Tournament #' in the header)"),
        (
            "stars-09-cash-omaha.txt",
            "expected a Hold'em game (No Limit, Pot Limit or Limit), got 'Omaha Pot Limit",
        ),
        ("stars-10-cash-five-card-draw.txt", "got '5 Card Draw No Limit"),
    ],
)
def test_real_hands_the_engine_cannot_replay_are_refused_in_one_line(
    name: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _import_cli([str(HISTORIES / name), "--out", str(tmp_path / "c.toml")], capsys)
    assert code == 1
    assert out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"pokersim import: error: {HISTORIES / name}: hand #")
    assert "(1 of 1)" in line and message in line
    assert not list(tmp_path.iterdir())


# A big blind all-in on a classic ante posts no blind (exported by `pokersim run
# scenarios/sng_9max.toml --seed 2 --hero P1` before the draws per hand were 64, hand 82).
BLIND_ALL_IN_ON_THE_ANTE = (
    "PokerStars Hand #576455048000000082: Tournament #576455048, $10+$1 USD Hold'em No Limit - "
    "Level VII (100/200) - 2026/01/01 21:02:32 ET [2026/01/01 21:02:32 ET]\n"
    """\
Table '576455048 1' 9-max Seat #9 is the button
Seat 1: P7 (4422 in chips)
Seat 3: P3 (11 in chips)
Seat 4: P1 (5615 in chips)
Seat 5: P2 (2722 in chips)
Seat 9: P8 (730 in chips)
P7: posts the ante 25
P3: posts the ante 11 and is all-in
P1: posts the ante 25
P2: posts the ante 25
P8: posts the ante 25
P7: posts small blind 100
*** HOLE CARDS ***
Dealt to P1 [7c 3h]
P1: folds
P2: folds
P8: folds
Uncalled bet (100) returned to P7
*** FLOP *** [Ts 7s 5h]
*** TURN *** [Ts 7s 5h] [7h]
*** RIVER *** [Ts 7s 5h 7h] [4c]
*** SHOW DOWN ***
P7: shows [9d Qs] (a pair of Sevens)
P3: shows [2s Js] (a pair of Sevens)
P7 collected 56 from side pot
P7 collected 55 from main pot
P3 finished the tournament in 5th place
*** SUMMARY ***
Total pot 111 Main pot 55. Side pot 56. | Rake 0
Board [Ts 7s 5h 7h 4c]
Seat 1: P7 (small blind) showed [9d Qs] and won (111) with a pair of Sevens
Seat 3: P3 showed [2s Js] and lost with a pair of Sevens
Seat 4: P1 folded before Flop (didn't bet)
Seat 5: P2 folded before Flop (didn't bet)
Seat 9: P8 (button) folded before Flop (didn't bet)
"""
)


def test_a_blind_all_in_on_the_ante_imports_and_passes() -> None:
    (hand,) = read_pokerstars(BLIND_ALL_IN_ON_THE_ANTE, "ante.txt")
    assert not isinstance(hand, HandError), str(hand)
    assert hand.big_blind_name is None
    assert _failures(hand) == []


def test_a_missing_blind_from_a_player_with_chips_is_still_refused() -> None:
    text = BLIND_ALL_IN_ON_THE_ANTE.replace("P3 (11 in chips)", "P3 (500 in chips)")
    text = text.replace("P3: posts the ante 11 and is all-in", "P3: posts the ante 25")
    (hand,) = read_pokerstars(text, "ante.txt")
    assert isinstance(hand, HandError) and "dead or missing blinds" in str(hand)


# -- the command -----------------------------------------------------------------------------


def test_one_case_per_hand_numbered_by_its_place_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = _import_cli(
        [str(HISTORIES / "hhp-tournaments.txt"), "--out", str(tmp_path / "hhp.toml")], capsys
    )
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"hhp-{k}.toml" for k in range(1, 8)]
    assert out.count("wrote ") == 7
    results = verify_paths([tmp_path])
    assert [r.failures for r in results] == [()] * 7


def test_hand_option_prints_one_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = _import_cli([str(HISTORIES / "hhp-tournaments.txt"), "--hand", "2"], capsys)
    assert code == 0
    assert out.startswith(
        "# Imported by `pokersim import` from hhp-tournaments.txt (PokerStars), "
        "hand #159581842724 (2 of 7)."
    )
    code, _out, err = _import_cli([str(HISTORIES / "hhp-tournaments.txt"), "--hand", "8"], capsys)
    assert code == 2 and err.strip().endswith("holds 7 hand(s)")


def test_several_hands_need_an_out_file_or_a_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _import_cli([str(HISTORIES / "hhp-tournaments.txt")], capsys)
    assert code == 2 and out == ""
    assert "holds 7 hands: give --out NAME.toml" in err


def test_existing_case_files_are_kept_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "c.toml"
    target.write_text("mine", encoding="utf-8")
    args = [str(HISTORIES / "stars-01-tournament.txt"), "--out", str(target)]
    code, _out, err = _import_cli(args, capsys)
    assert code == 2 and "exists: pass --force" in err
    assert target.read_text(encoding="utf-8") == "mine"
    code, _out, _err = _import_cli([*args, "--force"], capsys)
    assert code == 0 and target.read_text(encoding="utf-8").startswith("# Imported")


def test_a_forced_import_removes_the_earlier_imports_cases_it_does_not_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder's cases after ``--force`` are this history's: no earlier hand is verified as one.

    The 7-hand file first, then a 19-hand one under the same name (zero-padded names), then a
    one-hand file: each import leaves only its own cases, and a file of the user's named like a
    case but not written by an import stays.
    """
    out = tmp_path / "h.toml"
    mine = tmp_path / "h-99.toml"
    mine.write_text('name = "mine"\n', encoding="utf-8")
    seven = str(HISTORIES / "hhp-tournaments.txt")
    assert _import_cli([seven, "--out", str(out)], capsys)[0] == 0
    code, _out, _err = _import_cli(
        [str(HISTORIES / "spin" / "stars-spin-2929450288.txt"), "--out", str(out), "--force"],
        capsys,
    )
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted([*(f"h-{k:02d}.toml" for k in range(1, 20)), "h-99.toml"])
    code, out_text, _err = _import_cli(
        [str(HISTORIES / "stars-01-tournament.txt"), "--out", str(out), "--force"], capsys
    )
    assert code == 0 and out_text.count("removed ") == 19
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h-99.toml", "h.toml"]
    assert mine.read_text(encoding="utf-8") == 'name = "mine"\n'
    # one hand with --hand K replaces its own file only
    code, _out, _err = _import_cli(
        [seven, "--out", str(tmp_path / "h-1.toml"), "--hand", "3"], capsys
    )
    assert code == 0
    assert _import_cli([seven, "--out", str(out), "--hand", "2", "--force"], capsys)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h-1.toml", "h-99.toml", "h.toml"]


# -- bad files: one line each, no traceback ---------------------------------------------------

_HAND = (HISTORIES / "stars-01-tournament.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "suffix", "message"),
    [
        (
            "",
            ".txt",
            "empty: expected a PokerStars, Winning Poker Network or Betclic.fr tournament hand "
            "history or a PHH file (.phh, .phhs)",
        ),
        (
            "\n  \n",
            ".phh",
            "empty: expected a PokerStars, Winning Poker Network or Betclic.fr tournament hand "
            "history or a PHH file (.phh, .phhs)",
        ),
        (
            "Full Tilt Poker Game #1: Table A\n",
            ".txt",
            "expected a PokerStars, Winning Poker Network or Betclic.fr tournament hand history "
            "or a PHH file (.phh, .phhs), "
            "got a first line 'Full Tilt Poker Game #1: Table A'",
        ),
        ("variant = [\n", ".phh", "not valid TOML (PHH)"),
        ("title = 'x'\n", ".phhs", "expected a PHH hand ('variant = ...') or tables [1], [2]"),
    ],
)
def test_a_file_that_is_no_history_is_one_error_line(
    text: str, suffix: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"h{suffix}"
    path.write_text(text, encoding="utf-8")
    code, out, err = _import_cli([str(path)], capsys)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"pokersim import: error: {path}: {message}")


def _truncate_after(marker: str) -> str:
    return _HAND[: _HAND.index(marker)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_truncate_after("*** SUMMARY ***"), "truncated: expected a '*** SUMMARY ***' section"),
        (_HAND.splitlines()[0] + "\n", "truncated: expected a 'Table ...' line"),
        (_truncate_after("Seat 1:"), "truncated: expected 'Seat N: name (chips in chips)' lines"),
        (
            _HAND.replace("Hold'em No Limit", "Omaha Pot Limit"),
            "expected a Hold'em game (No Limit, Pot Limit or Limit), "
            "got '$3.19+$0.31 USD Omaha Pot Limit'",
        ),
        (
            _HAND.replace("Tournament #797469411, $3.19+$0.31 USD ", ""),
            "a cash game (no 'Tournament #' in the header)",
        ),
        (
            _HAND.replace("santy312: posts small blind 10\n", ""),
            "blinds posted by None and flavio766",
        ),
        (
            _HAND.replace("W2lkm2n: bets 80", "W2lkm2n: discards 2 cards"),
            "unsupported line for W2lkm2n: 'discards 2 cards'",
        ),
        (_HAND.replace("*** FLOP ***", "*** FIRST FLOP ***"), "the board run more than once"),
        (_HAND.replace("Rake 0", "Rake 5"), "rake 5: expected a tournament hand"),
        (
            _HAND.replace("collected 150 from pot", "collected 160 from pot"),
            "pots of 150 chips in the summary but 160 collected",
        ),
    ],
    ids=[
        "no-summary",
        "header-only",
        "no-seats",
        "omaha",
        "cash",
        "dead-small-blind",
        "draw",
        "run-twice",
        "rake",
        "pots-do-not-add-up",
    ],
)
def test_a_bad_pokerstars_hand_is_one_error_line_naming_file_and_hand(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = _import_cli([str(path)], capsys)
    assert code == 1 and out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"pokersim import: error: {path}: hand #105024000105 (1 of 1): ")
    assert message in line


def test_a_bad_hand_does_not_stop_the_good_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _HAND.replace("Hold'em No Limit", "Omaha Pot Limit")
    path = tmp_path / "mixed.txt"
    path.write_text(_HAND + "\n\n\n" + bad + "\n\n\n" + _HAND, encoding="utf-8")
    code, out, err = _import_cli([str(path), "--out", str(tmp_path / "out" / "m.toml")], capsys)
    assert code == 1
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["m-1.toml", "m-3.toml"]
    assert err.splitlines() == [
        f"pokersim import: error: {path}: hand #105024000105 (2 of 3): expected a Hold'em game "
        "(No Limit, Pot Limit or Limit), got '$3.19+$0.31 USD Omaha Pot Limit'",
        "2 imported, 1 refused",
    ]
    assert "wrote" in out


_PHH = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 ????", "p3 f", "p1 cbr 30", "p2 cc",
  "d db 2c7d9h", "p1 cbr 40", "p2 f"]
players = ["Ann", "Bob", "Cid"]
finishing_stacks = [1030, 970, 1000]
"""


def test_a_phh_hand_imports_and_passes(tmp_path: Path) -> None:
    path = tmp_path / "h.phh"
    path.write_text(_PHH, encoding="utf-8")
    (hand,) = _hands(path)
    assert [a.expected() for a in hand.actions] == [
        "Cid fold",
        "Ann raise 30",
        "Bob call 20",
        "Ann bet 40",
        "Bob fold",
    ]
    assert hand.button == 3 and hand.small_blind_name == "Ann"
    assert _failures(hand) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            ('variant = "NT"', 'variant = "PO"'),
            "variant 'PO': expected Texas hold'em ('NT' no-limit or 'FT' fixed-limit)",
        ),
        (
            ("[1000, 1000, 1000]", "[1000.5, 1000, 1000]"),
            "starting_stacks: expected a list of whole chip amounts",
        ),
        (("[5, 10, 0]", "[5, 10, 20]"), "straddles are not supported"),
        (('"p2 f"]', '"p2 sd"]'), "actions: unsupported action 'p2 sd'"),
        (
            ('"d dh p3 ????"', '"d dh p3 AsQd"'),
            "As is dealt to Ann and to Cid: expected each card once",
        ),
        (("[5, 10, 0]", "[0, 10, 0]"), "blinds posted by None and Bob"),
        (('variant = "NT"', 'variant = ["NT"]'), "variant ['NT']: expected Texas hold'em"),
        (('"d db 2c7d9h"', '"d db ??????"'), "expected the board's cards, not '??'"),
        (("[1000, 1000, 1000]", "[1000, 0, 1000]"), "a player dealt in without chips"),
        (("players =", "seats = [1, 1, 3]\nplayers ="), "expected distinct seat numbers from 1"),
    ],
    ids=[
        "omaha",
        "fractional-chips",
        "straddle",
        "draw",
        "duplicate-card",
        "no-small-blind",
        "variant-not-a-string",
        "unknown-board",
        "no-chips",
        "seat-twice",
    ],
)
def test_a_bad_phh_hand_is_one_error_line(
    change: tuple[str, str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "h.phhs"
    path.write_text("[1]\n" + _PHH.replace(*change), encoding="utf-8")
    code, out, err = _import_cli([str(path)], capsys)
    assert code == 1 and out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"pokersim import: error: {path}: hand [1] (1 of 1): ")
    assert message in line


def test_read_history_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nope\.txt: no such file"):
        read_history(tmp_path / "nope.txt")


# -- mucked hands and the street-by-street report ---------------------------------------------

_SHOWDOWN = (HISTORIES / "hhp-tournaments.txt").read_text(encoding="utf-8").split("\n\n\n\n")[3]


def test_a_hand_mucked_at_the_showdown_gets_cards_that_lose() -> None:
    text = _SHOWDOWN.replace("mister MH: shows [Qd Js] (a pair of Jacks)", "mister MH: mucks hand")
    text = text.replace("showed [Qd Js] and lost with a pair of Jacks", "mucked")
    (hand,) = read_pokerstars(text, "showdown.txt")
    assert isinstance(hand, ImportedHand)
    assert "mister MH" not in hand.hole
    case = case_toml(hand)
    assert re.search(r"# mister MH mucked at the showdown; \S\S \S\S are the first cards", case)
    assert _failures(hand) == []


def _case_file(tmp_path: Path, edit: tuple[str, str]) -> Path:
    (hand,) = [h for h in _hands(HISTORIES / "hhp-tournaments.txt") if h.hand_id == "159582303745"]
    text = case_toml(hand)
    assert edit[0] in text
    path = tmp_path / "case.toml"
    path.write_text(text.replace(*edit), encoding="utf-8")
    return path


def test_a_different_decision_is_reported_on_its_street(tmp_path: Path) -> None:
    path = _case_file(
        tmp_path,
        (
            'do = ["call", "bet 171", "check", "raise 1198"]',
            'do = ["call", "bet 171", "check", "call"]',
        ),
    )
    (result,) = verify_paths([path])
    lines = [str(f) for f in result.failures]
    assert lines[0] == (
        f"{path}: expect.streets[2].actions[2] (turn): expected 'mister MH raise 1198', "
        "got 'mister MH call 342'"
    )
    assert not any("streets[0]" in line or "streets[1]" in line for line in lines)
    assert any(".stacks." in line for line in lines)


def test_a_different_board_is_reported_on_its_street(tmp_path: Path) -> None:
    path = _case_file(
        tmp_path,
        (
            'board = "2c 3d Jd 7h 8d"\n\n[[script.actions]]',
            'board = "2c 3d Jd 7h 9d"\n\n[[script.actions]]',
        ),
    )
    (result,) = verify_paths([path])
    lines = [str(f) for f in result.failures]
    assert (
        f"{path}: expect.streets[3].board (river): expected 2c 3d Jd 7h 8d, got 2c 3d Jd 7h 9d"
        in lines
    )
    assert not any("streets[1]" in line or "streets[2]" in line for line in lines)


@pytest.mark.parametrize(
    ("street", "message"),
    [
        (
            'street = "preflop"\nactions = ["Ann shove"]',
            "expected 'Name fold', 'Name check', 'Name call N'",
        ),
        ('street = "preflop"\nactions = ["Zed fold"]', "unknown player 'Zed'"),
        (
            'street = "preflop"\nactions = ["Ann call"]',
            "expected 'Name fold', 'Name check', 'Name call N'",
        ),
        ('street = "showdown"', "expected one of ['preflop', 'flop', 'turn', 'river']"),
        ('street = "flop"\nboard = "Xx"', "board: expected cards like 'As Kd 7c'"),
    ],
)
def test_a_bad_street_expectation_names_its_key(street: str, message: str) -> None:
    data = {
        "name": "x",
        "starting_stack": 100,
        "seats_per_table": 2,
        "players": {
            "count": 2,
            "named": [
                {"name": "Ann", "model": "calling-station"},
                {"name": "Bob", "model": "calling-station"},
            ],
        },
        "levels": [{"small_blind": 1, "big_blind": 2, "minutes": 10}],
    }
    streets = tomllib.loads(f"table = 1\nhand = 1\n{street}\n")
    with pytest.raises(ConfigError, match=re.escape(message)) as info:
        parse_case({**data, "expect": {"streets": [streets]}}, source="c.toml")
    assert str(info.value).startswith("c.toml: expect.streets[0]")

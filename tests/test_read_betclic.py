"""Betclic.fr exports read back: real tournament hands, every action stamped with its second.

The file is one player's export of one day's tournaments on Betclic.fr (2025-07-16, licence
and provenance in ``tests/data/histories/README.md``). Oracles: the export's own totals (each
hand's ``Total Pot`` against the chips put in and won), the next hand's stacks at the table
(chips carried over to the chip), the engine replaying each hand as a regression case
(``tests/test_hand_import.py``), and counts made here straight from the text.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pokersim.calibration import follows
from pokersim.cli import main
from pokersim.errors import ConfigError
from pokersim.history.imported import HandError, ImportedHand
from pokersim.history.importer import read_history
from pokersim.history.read_betclic import is_betclic, read_betclic, split_hands

ROOT = Path(__file__).resolve().parent.parent
EXPORT = ROOT / "tests" / "data" / "histories" / "betclic" / "betclic-2025-07-16.txt"


def _text() -> str:
    return EXPORT.read_text(encoding="utf-8")


def _read() -> list[ImportedHand]:
    read = read_betclic(_text(), EXPORT.name)
    errors = [str(h) for h in read if isinstance(h, HandError)]
    assert errors == []
    return [h for h in read if isinstance(h, ImportedHand)]


def _hand(hand_id: str) -> ImportedHand:
    return next(h for h in _read() if h.hand_id == hand_id)


def _block(hand_id: str) -> str:
    """The export's text of one hand, from its header to its summary."""
    for block in _text().split("*** HEADER ***"):
        if f"Hand ID: {hand_id}\n" in block:
            return "*** HEADER ***" + block.split("------------")[0]
    raise AssertionError(hand_id)


def test_every_hand_of_the_export_reads() -> None:
    hands = _read()
    assert len(hands) == _text().count("*** HEADER ***")
    assert {h.origin for h in hands} == {"Betclic.fr"}
    assert len({h.hand_id for h in hands}) == len(hands)


def test_hands_come_table_by_table_in_the_order_played() -> None:
    hands = _read()
    tables = [(h.tournament, h.table) for h in hands]
    # each table's hands together, in one run
    runs = [t for k, t in enumerate(tables) if k == 0 or tables[k - 1] != t]
    assert len(runs) == len(set(runs))
    for a, b in zip(hands, hands[1:]):
        if (a.tournament, a.table) == (b.tournament, b.table):
            assert a.started is not None and b.started is not None
            assert a.started < b.started
    # the file itself lists them newest first
    stamps = re.findall(r"Date & Time: (\S+ \S+) \(UTC\)", _text())
    assert stamps[0] > stamps[-1]


def test_chips_carry_over_from_hand_to_hand_at_a_table() -> None:
    """Nearly every hand follows the one before it at its table, stacks to the chip."""
    hands = _read()
    same_table = [
        (a, b)
        for a, b in zip(hands, hands[1:])
        if (a.tournament, a.table) == (b.tournament, b.table)
    ]
    linked = sum(follows(a, b) for a, b in same_table)
    assert linked >= 0.9 * len(same_table)
    # a hand's end where the next one starts: checked straight from the two texts
    a, b = _hand("01K09RSX5A3Y6GWTPWQWM1WG1R"), _hand("01K09RWRDNBRHN5163CQSP1HQZ")
    assert follows(a, b)
    assert a.final_stacks["LaCigale"] == 453766  # the next hand's "LaCigale (453766)"
    assert b.seats[1].name == "LaCigale" and b.seats[1].stack == a.final_stacks["LaCigale"]


def test_a_raise_nobody_calls_is_returned_not_won() -> None:
    """LaCigale's all-in raise to 440,966 is folded to: the site "wins" it back in the pot."""
    hand = _hand("01K09RSX5A3Y6GWTPWQWM1WG1R")
    assert "Total Pot: 453766" in _block(hand.hand_id)
    (pot,) = hand.pots
    # what was called: 6 antes of 800, DrFullHouse's 8,000 (small blind and call), as much
    # of LaCigale's raise
    assert pot.amount == 6 * 800 + 8000 + 8000
    assert pot.shares == {"LaCigale": pot.amount}
    # her stack, the five others' antes and DrFullHouse's small blind and call
    assert hand.final_stacks["LaCigale"] == 441766 + 5 * 800 + 8000
    assert sum(hand.final_stacks.values()) == sum(s.stack for s in hand.seats)


def test_a_showdown_leaves_the_uncalled_chips_out_and_splits_the_pot() -> None:
    """YouReOkKris bets 300,171, SIMBAROI calls 87,214 all-in; two kings split the pot."""
    hand = _hand("01K09QG0J3MXFAYKMAXWX55KV7")
    assert "Total Pot: 262028" in _block(hand.hand_id)
    (pot,) = hand.pots
    assert pot.amount == 262028
    assert pot.shares == {"YouReOkKris": 131014, "SIMBAROI": 131014}
    assert hand.final_stacks["SIMBAROI"] == 131014
    assert hand.final_stacks["YouReOkKris"] == 342771 - 129814 + 131014
    assert sum(hand.final_stacks.values()) == sum(s.stack for s in hand.seats)


def test_each_action_keeps_the_second_it_was_stamped_with() -> None:
    hand = _hand("01K09S29F1BYNCDRS55A08X0K6")
    assert hand.started == datetime(2025, 7, 16, 14, 8, 56, tzinfo=UTC)
    start = 14 * 3600 + 8 * 60 + 56
    stamped = []
    for line in _block(hand.hand_id).splitlines():
        m = re.match(r"^(\d\d):(\d\d):(\d\d) - [^:]+: (Folds|Checks|Calls|Bets|Raises)", line)
        if m:
            stamped.append(int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3]) - start)
    assert len(hand.action_clock) == len(hand.actions) == len(stamped) == 9
    assert list(hand.action_clock) == stamped
    assert hand.action_clock[:2] == (17, 34)  # YouReOkKris folds after 17 s, DrFullHouse 34
    assert [a.verb for a in hand.actions][-2:] == ["bet", "call"]


def test_the_button_blinds_and_hole_cards_are_the_export_s() -> None:
    hand = _hand("01K09S29F1BYNCDRS55A08X0K6")
    assert hand.button == 3  # mehdiiii [BTN]
    assert (hand.small_blind_name, hand.big_blind_name) == ("Kamaz", "SIMBAROI")
    assert hand.ante == 800 and hand.ante_kind == "classic"
    assert (hand.small_blind, hand.big_blind) == (4000, 8000)
    assert sorted(hand.hole) == ["Kamaz", "SIMBAROI"]
    assert len(hand.board) == 5
    assert hand.seat_count == 6  # the highest seat its table's hands show


def test_the_importer_recognises_the_export(tmp_path: Path) -> None:
    assert is_betclic(_text())
    assert not is_betclic("*** HEADER ***\nSite: Elsewhere\n")
    one = tmp_path / "one.txt"
    one.write_text(_block("01K09S29F1BYNCDRS55A08X0K6"), encoding="utf-8")
    (hand,) = read_history(one)
    assert isinstance(hand, ImportedHand) and hand.origin == "Betclic.fr"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Game Mode: Tournament", "Game Mode: Cash Game", "expected a Tournament"),
        ("Game Type: NL Texas Hold'em", "Game Type: PL Omaha", "expected NL Texas Hold'em"),
        ("Total Pot: 111188", "Total Pot: 111189", "the amounts do not add up"),
        ("Calls 37194", "Calls 37195", "the amounts do not add up"),
        ("SIMBAROI: Calls 8000", "SIMBAROI: Limps 8000", "unsupported line for SIMBAROI"),
        ("*** TURN *** [3d Ts Tc 2c]", "*** TURN *** [3d Ts Td 2c]", "each board the one before"),
        ("Kamaz wins main pot", "Nobody wins main pot", "who is not dealt in"),
        ("[BTN]", "", "expected a seat marked [BTN]"),
    ],
)
def test_a_bad_hand_is_one_error_naming_file_hand_and_what_was_expected(
    old: str, new: str, message: str
) -> None:
    block = _block("01K09S29F1BYNCDRS55A08X0K6")
    assert old in block
    (read,) = read_betclic(block.replace(old, new, 1), "bad.txt")
    assert isinstance(read, HandError)
    assert str(read).startswith("bad.txt: hand #01K09S29F1BYNCDRS55A08X0K6 (1 of 1): ")
    assert message in str(read)


def test_a_hand_with_one_player_dealt_in_is_one_error() -> None:
    block = _block("01K09S29F1BYNCDRS55A08X0K6")
    seats = [line for line in block.splitlines() if line.startswith("Seat ")]
    alone = "\n".join(line for line in block.splitlines() if line not in seats[1:])
    (read,) = read_betclic(alone, "one.txt")
    assert isinstance(read, HandError)
    assert "for two players or more" in str(read)


def test_text_before_the_first_hand_or_no_hand_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ConfigError, match="expected a first line"):
        split_hands("hello\n*** HEADER ***\n")
    with pytest.raises(ConfigError, match="x.txt: empty"):
        read_betclic("\n  \n", "x.txt")
    with pytest.raises(ConfigError, match="x.txt: expected a first line"):
        read_betclic("\n------------\n", "x.txt")
    bad = tmp_path / "bad.txt"
    bad.write_text("*** HEADER ***\nSite: Betclic.fr\nGame Mode: Tournament\n", encoding="utf-8")
    assert main(["import", str(bad), "--out", str(tmp_path / "case.toml")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.txt" in err[0] and "Traceback" not in err[0]


def _think_times() -> Any:
    spec = importlib.util.spec_from_file_location(
        "real_think_times", ROOT / "benchmarks" / "real_think_times.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_decisions_seconds_are_its_stamp_less_the_action_before_it() -> None:
    """Start 14:08:56; pre-flop folds at :13, :30, :30, :33, raise :36, call :40; flop :43-:50."""
    script = _think_times()
    rows, first = script.decisions(_hand("01K09S29F1BYNCDRS55A08X0K6"))
    seconds = rows[:, -1].tolist()
    assert seconds == [17, 17, 0, 3, 3, 4, 3, 4, 3]
    assert first.tolist() == [True, False, False, False, False, False, True, False, False]
    assert rows[:, 2].tolist() == [0] * 6 + [1] * 3  # streets
    assert rows[:, 9].tolist() == [0] * 7 + [1, 0]  # SIMBAROI's flop bet is all-in
    assert rows[7, 4] == 0 and rows[8, 4] == 37194  # to call: nothing, then the all-in bet
    every = script.real_decisions([EXPORT])
    assert len(every) == sum(len(h.actions) for h in _read()) - sum(
        len({a.street for a in h.actions}) for h in _read()
    )


def test_a_raise_nobody_can_call_is_imported_as_the_call_it_is() -> None:
    """carréra63 raises all-in to 1,110 over SIMBAROI's 510 all-in; the two left have less."""
    measured = _hand("01K09G84X330DHRJDYCG55JHXW")
    raised = [a for a in measured.actions if a.name == "carréra63"]
    assert [(a.verb, a.to) for a in raised] == [("raise", 1110)]  # measured as played
    (imported,) = [h for h in read_history(EXPORT) if h.hand_id == measured.hand_id]
    assert isinstance(imported, ImportedHand)
    called = [a for a in imported.actions if a.name == "carréra63"]
    assert [(a.verb, a.to, a.chips) for a in called] == [("call", 510, 490)]
    assert imported.final_stacks == measured.final_stacks
    assert imported.pots == measured.pots
    others = [a for a in imported.actions if a.name != "carréra63"]
    assert others == [a for a in measured.actions if a.name != "carréra63"]


def test_the_copy_reads_as_the_site_wrote_it() -> None:
    """Checks of the copy beyond the sums: stamps run forward, every name comes back."""
    hands = _read()
    for hand in hands:
        clock = (0, *hand.action_clock)
        assert all(a <= b for a, b in zip(clock, clock[1:])), hand.label
        assert clock[-1] < 300, hand.label  # no hand lasts five minutes
    seen: dict[str, int] = {}
    for hand in hands:
        for seat in hand.seats:
            seen[seat.name] = seen.get(seat.name, 0) + 1
    assert min(seen.values()) > 1  # a name garbled in one hand would stand alone
    assert len(_text()) == 629_844  # the original's length, in characters

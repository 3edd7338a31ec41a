"""Winning Poker Network tournament text read back: real hands, their stacks, their refusals."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from pokersim.cards import parse_cards
from pokersim.errors import ConfigError
from pokersim.history.imported import HandError, ImportedHand
from pokersim.history.read_wpn import read_wpn

WPN = Path(__file__).resolve().parent / "data" / "histories" / "wpn"
FILES = sorted(WPN.glob("*.txt"))


def _read(path: Path) -> list[ImportedHand]:
    hands = read_wpn(path.read_text(encoding="utf-8"), str(path))
    assert all(isinstance(h, ImportedHand) for h in hands), [
        str(h) for h in hands if isinstance(h, HandError)
    ]
    return [h for h in hands if isinstance(h, ImportedHand)]


def test_every_shipped_hand_reads() -> None:
    assert [len(_read(p)) for p in FILES] == [7, 44, 8, 25]


def test_a_hand_read_field_by_field() -> None:
    """The final table's first hand: nine players, antes, an all-in called, a showdown."""
    hand = _read(WPN / "wpn-G24095328T3-final-table.txt")[0]
    assert (hand.hand_id, hand.tournament, hand.table) == ("712008727", "24095328", "3")
    assert hand.started == datetime(2021, 2, 20, 18, 46, 52, tzinfo=UTC)
    assert (hand.small_blind, hand.big_blind, hand.ante, hand.ante_kind) == (
        2500,
        5000,
        500,
        "classic",
    )
    assert (hand.seat_count, hand.button, len(hand.seats)) == (9, 2, 9)
    assert (hand.small_blind_name, hand.big_blind_name) == ("Frank126", "TiltedMILF")
    shove, call = hand.actions[0], hand.actions[2]
    assert (shove.name, shove.verb, shove.to, shove.chips) == ("What_Truth", "raise", 43325, 43325)
    assert (call.name, call.verb, call.chips) == ("coog", "call", 43325)
    assert hand.board == tuple(parse_cards("2h 8h 9c 5c 8s".split()))
    assert hand.hole["coog"] == tuple(parse_cards(["Td", "Th"]))
    assert hand.final_stacks["coog"] == 59284 - 500 - 43325 + 98650
    assert hand.final_stacks["What_Truth"] == 0
    assert hand.final_stacks["TiltedMILF"] == 53800 - 500 - 5000


def test_stacks_carry_over_between_consecutive_hands() -> None:
    """Every hand of one file ends with the stacks the next starts with (whoever is in both).

    One tournament's hands at table 2, read on their own: only the bust and re-entry of the
    history's player (18:47 to 18:49, hands missing) breaks the chain.
    """
    hands = _read(WPN / "wpn-G23889488T2.txt")
    broken = []
    for before, after in zip(hands, hands[1:]):
        for seat in after.seats:
            if seat.name in before.final_stacks and before.final_stacks[seat.name] != seat.stack:
                broken.append(after.hand_id)
                break
    assert broken == ["673969466"]


def test_a_walk_pays_the_whole_pot_to_the_big_blind() -> None:
    """No ``Uncalled bet`` line: the summary's ``won`` carries the blind back with the pot."""
    hands = _read(WPN / "wpn-long-hand-history.txt")
    assert hands[0].final_stacks["PotNoodle99912"] == 30000 - 200 - 2000 + 4400
    assert hands[1].seats[6].stack == 32200  # the next hand starts there


def test_the_pots_are_stated_as_the_engine_has_them() -> None:
    """Uncalled chips the site leaves in a pot won without a showdown are not in it."""
    long = _read(WPN / "wpn-long-hand-history.txt")
    (walk,) = long[0].pots  # antes 1,400, the small blind 1,000 and 1,000 of the big blind
    assert (walk.index, walk.amount, dict(walk.shares)) == (0, 3400, {"PotNoodle99912": 3400})
    raised = next(h for h in _read(WPN / "wpn-G23889488T1.txt") if h.hand_id == "673951752")
    assert [p.amount for p in raised.pots] == [350 + 1500 + 1500]  # 4,500 of the raise returned
    returned = long[1]  # the site's own 'Uncalled bet (6600.00)' line: nothing more to take
    assert [p.amount for p in returned.pots] == [6600]
    side = _read(WPN / "wpn-G24095328T3-final-table.txt")[6]
    assert [(p.index, p.amount, dict(p.shares)) for p in side.pots] == [
        (0, 133140, {"PotNoodle99912": 66570, "coog": 66570}),
        (1, 161258, {"coog": 80629, "PotNoodle99912": 80629}),
    ]


def test_a_dead_small_blind_and_a_dead_button_are_kept() -> None:
    final_table = _read(WPN / "wpn-G24095328T3-final-table.txt")
    assert final_table[2].small_blind_name is None
    assert final_table[2].big_blind_name == "coog"
    table2 = _read(WPN / "wpn-G23889488T2.txt")
    dead = next(h for h in table2 if h.hand_id == "673967752")
    assert dead.button == 5 and all(s.seat_no != 5 for s in dead.seats)


def test_a_player_waiting_for_the_button_is_not_dealt_in() -> None:
    hand = next(h for h in _read(WPN / "wpn-long-hand-history.txt") if h.hand_id == "624749910")
    assert "slbetters" not in {s.name for s in hand.seats}
    assert len(hand.seats) == 8


_HAND = """\
Game Hand #1 - Tournament #7 - Holdem(No Limit) - Level 1 (50.00/100.00)- 2021/01/01 10:00:00 UTC
Table '1' 9-max Seat #1 is the button
Seat 1: Ann (1000.00)
Seat 2: Bob (1000.00)
Seat 3: Cy (1000.00)
*** HOLE CARDS ***
Bob posts the small blind 50.00
Cy posts the big blind 100.00
Ann raises 300.00 to 300.00
Bob folds
Cy folds
Uncalled bet (200.00) returned to Ann
Ann does not show
*** SUMMARY ***
Total pot 250.00
Seat 1: Ann (button) did not show and won 250.00
"""


def test_a_made_up_hand_reads() -> None:
    (hand,) = read_wpn(_HAND, "made-up.txt")
    assert isinstance(hand, ImportedHand)
    assert dict(hand.final_stacks) == {"Ann": 1150, "Bob": 950, "Cy": 900}


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("Tournament #7 - ", "", "a cash game"),
        ("Holdem(No Limit)", "Omaha(Pot Limit)", "expected 'Game Hand #N"),
        ("Holdem(No Limit)", "Holdem(Fixed Limit)", "the one game read, got Holdem(Fixed Limit)"),
        ("Seat 2: Bob (1000.00)", "Seat 2: Bob (1000.50)", "whole number of tournament chips"),
        ("raises 300.00 to 300.00", "raises 250.00 to 300.00", "expected the chips added (300)"),
        ("Bob folds", "Bob sings", "unsupported line for Bob: 'sings'"),
        ("won 250.00", "won 240.00", "a total pot of 250 but 240 won"),
        ("*** SUMMARY ***\nTotal pot", "Total pot", "unsupported line 'Total pot 250.00'"),
        ("*** SUMMARY ***\nTotal pot 250.00\n", "", "unsupported line 'Seat 1: Ann"),
        (
            "*** SUMMARY ***\nTotal pot 250.00\nSeat 1: Ann (button) did not show and won 250.00\n",
            "",
            "truncated: expected a '*** SUMMARY ***'",
        ),
        ("Table '1' 9-max", "Tavola '1' 9-max", "expected \"Table '...'"),
    ],
)
def test_a_hand_it_cannot_read_is_refused_in_one_line(old: str, new: str, expected: str) -> None:
    assert old in _HAND
    (error,) = read_wpn(_HAND.replace(old, new), "made-up.txt")
    assert isinstance(error, HandError)
    assert str(error).startswith("made-up.txt: hand #1 (1 of 1): ")
    assert expected in str(error)
    assert "\n" not in str(error)


def test_text_that_is_no_hand_history_is_refused() -> None:
    with pytest.raises(ConfigError, match="made-up.txt: expected a first line 'Game Hand #"):
        read_wpn("hello\n" + _HAND, "made-up.txt")
    with pytest.raises(ConfigError, match="made-up.txt: empty"):
        read_wpn("\n\n", "made-up.txt")

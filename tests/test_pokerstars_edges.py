"""PokerStars text: lines the chip replay of ``test_history_pokerstars`` does not pin down.

Every expected line is written out by hand from PokerStars' own layout (docs/hand-histories.md
and the real hands in ``tests/data/histories``): the raise's increment and its total, the pot
names and their order, the street markers, the summary's tags and fold streets, the bounty in
dollars and cents, the table size, the clock and the hand number.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from test_history_pokerstars import play, read

from pokersim.actions import CheckCall, Fold, RaiseTo
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.hand import HandResult
from pokersim.history import hand_to_pokerstars, hands_to_pokerstars, write_pokerstars_by_table
from pokersim.history.pokerstars import pokerstars_hand_id
from pokersim.history.tournament import BountyWin, Finish


def _final(result: HandResult) -> dict[str, int]:
    return {f"Player{p}": s for p, s in zip(result.setup.player_ids, result.final_stacks)}


def _between(lines: list[str], first: str, last: str) -> list[str]:
    return lines[lines.index(first) + 1 : lines.index(last)]


def test_two_pots_are_main_pot_and_side_pot_paid_side_pot_first() -> None:
    """The button raises all-in to 300, the small blind to 800, the big blind calls all-in.

    By hand: main pot 3 x 300 = 900 (the button's aces), side pot 2 x 500 = 1000 (kings beat
    seven high). With exactly two pots PokerStars writes ``side pot`` without a number, pays
    the side pot first and sums up ``Main pot 900. Side pot 1000.``
    """
    result = play(
        [300, 1000, 800],
        button=0,
        hole="AhAd KhKd 2c7d",
        board="AsQd4h9cJs",
        actions=(RaiseTo(300), RaiseTo(800), CheckCall()),
    )
    text = hand_to_pokerstars(result)
    lines = text.split("\n")
    assert _between(lines, "*** HOLE CARDS ***", "*** FLOP *** [As Qd 4h]")[-3:] == [
        "Player10: raises 200 to 300 and is all-in",  # 200 over the big blind of 100
        "Player11: raises 500 to 800",  # 500 over the 300 to call
        "Player12: calls 700 and is all-in",  # 800 less the big blind posted
    ]
    assert "*** TURN *** [As Qd 4h] [9c]" in lines
    assert "*** RIVER *** [As Qd 4h 9c] [Js]" in lines  # the board so far, then the new card
    paid = [line for line in lines if " collected " in line]
    assert paid == [
        "Player11 collected 1000 from side pot",
        "Player10 collected 900 from main pot",
    ]
    summary = lines[lines.index("*** SUMMARY ***") + 1 :]
    assert summary == [
        "Total pot 1900 Main pot 900. Side pot 1000. | Rake 0",
        "Board [As Qd 4h 9c Js]",
        "Seat 1: Player10 (button) showed [Ah Ad] and won (900) with three of a kind, Aces",
        "Seat 3: Player11 (small blind) showed [Kh Kd] and won (1000) with a pair of Kings",
        "Seat 5: Player12 (big blind) showed [2c 7d] and lost with high card Ace",
    ]
    assert read(text).chips == _final(result)


def test_raises_after_a_bet_count_from_the_bet_and_folds_name_their_street() -> None:
    """Four players limp; on the flop the small blind bets 200 and the big blind raises to 600
    (``raises 400 to 600``: the increment over the 200 bet); the other two fold on the Flop.
    On the turn the big blind bets its last 1300 all-in, the small blind folds on the Turn and
    the bet comes back: no showdown, so the winner ``doesn't show hand`` and the summary says
    ``collected (1600)`` (400 before the flop, 1200 on it).
    """
    result = play(
        [2000, 2000, 2000, 2000],
        button=0,
        hole="AhAd KhKd 2c7d 3c3d",
        board="AsQd4h9cJs",
        actions=(
            CheckCall(),  # Player13
            CheckCall(),  # Player10
            CheckCall(),  # Player11
            CheckCall(),  # Player12
            RaiseTo(200),  # Player11 bets
            RaiseTo(600),  # Player12
            Fold(),  # Player13
            Fold(),  # Player10
            CheckCall(),  # Player11
            CheckCall(),  # Player11 checks the turn
            RaiseTo(1300),  # Player12 bets
            Fold(),  # Player11
        ),
    )
    text = hand_to_pokerstars(result)
    lines = text.split("\n")
    assert _between(lines, "*** FLOP *** [As Qd 4h]", "*** TURN *** [As Qd 4h] [9c]") == [
        "Player11: bets 200",
        "Player12: raises 400 to 600",
        "Player13: folds",
        "Player10: folds",
        "Player11: calls 400",
    ]
    after_turn = lines[lines.index("*** TURN *** [As Qd 4h] [9c]") + 1 :]
    assert after_turn == [
        "Player11: checks",
        "Player12: bets 1300 and is all-in",
        "Player11: folds",
        "Uncalled bet (1300) returned to Player12",
        "Player12 collected 1600 from pot",
        "Player12: doesn't show hand",
        "*** SUMMARY ***",
        "Total pot 1600 | Rake 0",
        "Board [As Qd 4h 9c]",
        "Seat 1: Player10 (button) folded on the Flop",
        "Seat 3: Player11 (small blind) folded on the Turn",
        "Seat 5: Player12 (big blind) collected (1600)",
        "Seat 7: Player13 folded on the Flop",
    ]
    assert read(text).chips == _final(result)


def test_heads_up_small_blind_folds_its_blind() -> None:
    """Heads-up the button posts the small blind: the summary tags it ``(button) (small
    blind)``, and a blind that folds did put chips in, so no ``(didn't bet)``."""
    result = play([1000, 1000], button=0, hole="AhAd KhKd", board="AsQd4h9cJs", actions=(Fold(),))
    lines = hand_to_pokerstars(result).split("\n")
    assert lines[lines.index("*** HOLE CARDS ***") + 3 :] == [
        "Player10: folds",
        "Uncalled bet (50) returned to Player11",
        "Player11 collected 100 from pot",
        "Player11: doesn't show hand",
        "*** SUMMARY ***",
        "Total pot 100 | Rake 0",
        "Seat 1: Player10 (button) (small blind) folded before Flop",
        "Seat 3: Player11 (big blind) collected (100)",
    ]


def test_only_the_last_post_of_a_short_stack_is_all_in() -> None:
    """A 60-chip big blind posts the ante 20, then a big blind of its last 40 and is all-in;
    the ante line has no ``and is all-in`` (PokerStars puts it on the post that empties the
    stack)."""
    level = Level(small_blind=50, big_blind=100, ante=20, ante_kind=AnteKind.CLASSIC)
    result = play(
        [1000, 1000, 60], button=0, hole="AhAd KhKd 2c7d", board="AsQd4h9cJs", level=level
    )
    posts = [line for line in hand_to_pokerstars(result).split("\n") if ": posts " in line]
    assert posts[:3] == [
        "Player10: posts the ante 20",
        "Player11: posts the ante 20",
        "Player12: posts the ante 20",
    ]
    assert posts[3:] == [
        "Player11: posts small blind 50",
        "Player12: posts big blind 40 and is all-in",
    ]


def test_classic_antes_are_written_by_seat_number_from_seat_1() -> None:
    """Four players in seats 1, 3, 5 and 7, the button in seat 3: the small blind is seat 5,
    the big blind seat 7. The antes are posted from the small blind on (seats 5, 7, 1, 3), but
    PokerStars writes them by seat number, from seat 1 (``tests/data/histories/stars-03``:
    seats 2 to 9 in order while the small blind sits in seat 9), then the blinds."""
    level = Level(small_blind=50, big_blind=100, ante=10, ante_kind=AnteKind.CLASSIC)
    result = play(
        [1000, 1000, 1000, 1000],
        button=1,
        hole="AhAd KhKd 2c7d 3s8s",
        board="AsQd4h9cJs",
        level=level,
        actions=(Fold(), Fold(), Fold()),
    )
    text = hand_to_pokerstars(result)
    posts = [line for line in text.split("\n") if ": posts " in line]
    assert posts == [
        "Player10: posts the ante 10",
        "Player11: posts the ante 10",
        "Player12: posts the ante 10",
        "Player13: posts the ante 10",
        "Player12: posts small blind 50",
        "Player13: posts big blind 100",
    ]
    assert read(text).chips == _final(result)


def test_the_real_hands_write_their_antes_by_seat_number() -> None:
    """The layout the writer follows, as the real PokerStars hands show it: in every hand with
    classic antes, the seat numbers of the ante lines rise."""
    folder = Path(__file__).resolve().parent / "data" / "histories"
    hands_with_antes = 0
    for path in sorted(folder.glob("stars-*.txt")):
        for hand in path.read_text(encoding="utf-8").split("\n\n\n"):
            lines = hand.splitlines()
            seat_of = {}
            for line in lines:
                if line.startswith("Seat ") and " in chips" in line:
                    number, rest = line[5:].split(": ", 1)
                    seat_of[rest.split(" (")[0]] = int(number)
            antes = [
                seat_of[x.split(": posts the ante")[0]] for x in lines if ": posts the ante" in x
            ]
            if len(antes) > 1:
                hands_with_antes += 1
                assert antes == sorted(antes), path.name
    assert hands_with_antes >= 3


@pytest.mark.parametrize(("cents", "money"), [(205, "$2.05"), (50, "$0.50"), (1000, "$10")])
def test_bounty_in_dollars_and_cents(cents: int, money: str) -> None:
    """PokerStars prints a bounty as ``$2.05`` (two cent digits) or, whole, ``$10``."""
    result = play([1000, 1000], hole="AhAd KhKd", board="AsQd4h9cJs", actions=(Fold(),))
    lines = hand_to_pokerstars(result, bounties={10: cents}).split("\n")
    assert lines[2] == f"Seat 1: Player10 (1000 in chips, {money} bounty)"


def test_table_size_and_fixed_limit_stakes() -> None:
    """A 5-max table whose highest seat is 5; fixed-limit stakes are the small and big bets
    (``Hold'em Limit - Level XI (100/200)`` with blinds 50/100), as PokerStars writes limit
    games (``tests/data/histories/stars-08``: big blind $0.25, stakes ``$0.25/$0.50``)."""
    result = play(
        [1000, 1000, 1000],
        hole="AhAd KhKd 2c7d",
        board="AsQd4h9cJs",
        structure=BettingStructure.FIXED_LIMIT,
    )
    lines = hand_to_pokerstars(result, seat_count=5).split("\n")
    assert lines[0].startswith(
        "PokerStars Hand #3000017: Tournament #1, Freeroll Hold'em Limit - Level XI (100/200) - "
    )
    assert lines[1] == "Table '1 3' 5-max Seat #1 is the button"
    with pytest.raises(ValueError, match="seat_count=4"):
        hand_to_pokerstars(result, seat_count=4)


def test_hand_ids_fill_a_million_per_table() -> None:
    assert pokerstars_hand_id(3, 999_999) == 3_999_999
    assert pokerstars_hand_id(4, 0) == 4_000_000
    with pytest.raises(ValueError, match="hand number 1000000"):
        pokerstars_hand_id(3, 1_000_000)


def test_a_naive_start_is_written_as_is_in_eastern_time() -> None:
    """19:00 plus the hand's 1234 s (20 min 34 s), labelled ET twice."""
    result = play([1000, 1000], hole="AhAd KhKd", board="AsQd4h9cJs", actions=(Fold(),))
    text = hand_to_pokerstars(result, tournament_start=datetime(2026, 3, 14, 19, 0))
    assert text.split("\n")[0].endswith(" - 2026/03/14 19:20:34 ET [2026/03/14 19:20:34 ET]")
    assert read(text).header["date"] == "2026/03/14 19:20:34"


def test_a_table_file_is_in_hand_order_whatever_order_hands_come_in(tmp_path: Path) -> None:
    hands = [
        play([1000, 1000], hole="AhAd KhKd", board="AsQd4h9cJs", actions=(Fold(),), hand_no=k)
        for k in (5, 2, 9)
    ]
    (path,) = write_pokerstars_by_table(hands, tmp_path)
    numbers = [
        line.split(":")[0] for line in path.read_text().split("\n") if line.startswith("PokerS")
    ]
    assert numbers == [
        "PokerStars Hand #3000002",
        "PokerStars Hand #3000005",
        "PokerStars Hand #3000009",
    ]


def test_a_time_out_is_written_before_its_fold() -> None:
    """As in a real PokerStars hand (``X has timed out`` then ``X: folds``); the button never
    put a chip in, so its summary line ends ``(didn't bet)``."""
    result = play([1000, 1000, 1000], hole="AhAd KhKd 2c7d", board="AsQd4h9cJs", actions=(None,))
    lines = hand_to_pokerstars(result).split("\n")
    start = lines.index("*** HOLE CARDS ***") + 4
    assert lines[start : start + 2] == ["Player10 has timed out", "Player10: folds"]
    assert "Seat 1: Player10 (button) folded before Flop (didn't bet)" in lines


def test_the_last_hand_of_a_progressive_knockout() -> None:
    """The last two players all-in; the aces win. After the pot, as docs/hand-histories.md
    gives PokerStars' progressive knockout lines: the cash half of the bounty and the half
    added to the winner's own, the runner-up's place and prize, then the winner's; the
    given hand number replaces the table's."""
    result = play(
        [1000, 1000],
        hole="AhAd KhKd",
        board="AsQd4h9cJs",
        actions=(RaiseTo(1000), CheckCall()),
    )
    finishes = (
        Finish(
            player_id=11, place=2, prize_cents=5781, bounties=(BountyWin(10, 1469, 1468, 5615),)
        ),
        Finish(player_id=10, place=1, prize_cents=8618, winner=True),
    )
    text = hand_to_pokerstars(
        result,
        tournament_id=163230975,
        hand_number=163230975000000042,
        finishes=finishes,
        progressive=True,
    )
    lines = text.split("\n")
    assert lines[0].startswith("PokerStars Hand #163230975000000042: Tournament #163230975, ")
    assert lines[1] == "Table '163230975 3' 9-max Seat #1 is the button"
    assert _between(lines, "Player10 collected 2000 from pot", "*** SUMMARY ***") == [
        "Player10 wins $14.69 for eliminating Player11 and their own bounty increases by "
        "$14.68 to $56.15",
        "Player11 finished the tournament in 2nd place and received $57.81.",
        "Player10 wins the tournament and receives $86.18 - congratulations!",
    ]


def test_a_file_of_hands_ends_with_one_newline() -> None:
    """Hands are separated by two blank lines and the file ends with the last line's newline,
    as a PokerStars file does (none at all: a reader that splits on lines loses nothing, but
    two files joined end to end would run two hands together)."""
    hands = [
        play([1000, 1000], hole="AhAd KhKd", board="AsQd4h9cJs", actions=(Fold(),), hand_no=k)
        for k in (1, 2)
    ]
    text = hands_to_pokerstars(hands)
    assert text.endswith("collected (100)\n")
    first, second = text.split("\n\n\n")
    assert first == hand_to_pokerstars(hands[0])
    assert second == hand_to_pokerstars(hands[1]) + "\n"
    assert hands_to_pokerstars([]) == ""


def test_a_raiser_who_folds_to_a_re_raise_did_bet() -> None:
    """The button raises to 300, the small blind re-raises to 900 and both others fold: the
    button put chips in, so its summary line has no ``(didn't bet)``; 600 of the re-raise
    comes back and the pot is 300 + 300 + 100."""
    result = play(
        [1000, 1000, 1000],
        hole="AhAd KhKd 2c7d",
        board="AsQd4h9cJs",
        actions=(RaiseTo(300), RaiseTo(900), Fold(), Fold()),
    )
    lines = hand_to_pokerstars(result).split("\n")
    assert lines[lines.index("*** HOLE CARDS ***") + 4 :] == [
        "Player10: raises 200 to 300",
        "Player11: raises 600 to 900",
        "Player12: folds",
        "Player10: folds",
        "Uncalled bet (600) returned to Player11",
        "Player11 collected 700 from pot",
        "Player11: doesn't show hand",
        "*** SUMMARY ***",
        "Total pot 700 | Rake 0",
        "Seat 1: Player10 (button) folded before Flop",
        "Seat 3: Player11 (small blind) collected (700)",
        "Seat 5: Player12 (big blind) folded before Flop",
    ]

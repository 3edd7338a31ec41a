"""Edges of the hand-history text readers: PokerStars, Winning Poker Network and Betclic.fr.

The three readers share the reading of a hand's lines (``text_reader``): a byte order mark is
no text, seats and names come once each, streets in order, two hole cards, one small and one
big blind, chips paid only to players dealt in, a name read whole even when another player's
starts with it, each action's round total. Each reader adds its own. PokerStars: players out
of hand are not dealt in, the ante's kind is who posted it (the big blind alone, or everyone),
a fixed-limit header states the bets and the small blind is the one posted, the table size is
the ``N-max`` and the start the header's Eastern time. Winning Poker Network: the total pot is
stated, who collected is who the summary says won, a pot won without a showdown has one
winner, no stack ends below nothing. Betclic.fr: the clock runs on past midnight, each board
is the one before and a card (three on the flop), an all-in is said as such, only players dealt
in show cards, and tables come in the order of their first hand. Every expected value is
worked out by hand from the hand's own lines and those rules.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from pokersim.cards import parse_cards
from pokersim.history.imported import HandError, ImportedHand
from pokersim.history.read_betclic import read_betclic
from pokersim.history.read_pokerstars import read_pokerstars
from pokersim.history.read_wpn import read_wpn

HISTORIES = Path(__file__).resolve().parent / "data" / "histories"
EXPORT = HISTORIES / "betclic" / "betclic-2025-07-16.txt"

# Three players, 10/20: Ann raises to 60, Bob folds his small blind, Cy calls 40 more; Cy
# checks the flop, Ann bets 100 and Cy folds. The pot is 10 + 60 + 60 = 130.
STARS = """\
PokerStars Hand #100: Tournament #7, $1+$0 USD Hold'em No Limit - Level I (10/20) - \
2020/06/01 12:00:00 ET
Table '7 1' 9-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (1000 in chips)
Seat 3: Cy (1000 in chips)
Bob: posts small blind 10
Cy: posts big blind 20
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Ann: raises 40 to 60
Bob: folds
Cy: calls 40
*** FLOP *** [2c 7d 9h]
Cy: checks
Ann: bets 100
Cy: folds
Uncalled bet (100) returned to Ann
Ann collected 130 from pot
*** SUMMARY ***
Total pot 130 | Rake 0
Board [2c 7d 9h]
Seat 1: Ann (button) collected (130)
"""

# Three players at a 6-max table, 50/100, no antes: Ann raises to 300, both blinds fold.
WPN = """\
Game Hand #1 - Tournament #7 - Holdem(No Limit) - Level 1 (50.00/100.00)- 2021/01/01 10:00:00 UTC
Table '1' 6-max Seat #1 is the button
Seat 1: Ann (1000.00)
Seat 2: Ann Lee (1000.00)
Seat 3: Cy (1000.00)
*** HOLE CARDS ***
Ann Lee posts the small blind 50.00
Cy posts the big blind 100.00
Ann raises 300.00 to 300.00
Ann Lee folds
Cy folds
Uncalled bet (200.00) returned to Ann
Ann does not show
*** SUMMARY ***
Total pot 250.00
Seat 1: Ann (button) did not show and won 250.00
"""


def _one(read: list[ImportedHand | HandError]) -> ImportedHand:
    (hand,) = read
    assert isinstance(hand, ImportedHand), str(hand)
    return hand


def _refused(read: list[ImportedHand | HandError]) -> str:
    (hand,) = read
    assert isinstance(hand, HandError)
    return str(hand)


def _stars(old: str = "", new: str = "") -> list[ImportedHand | HandError]:
    assert old in STARS
    return read_pokerstars(STARS.replace(old, new, 1), "made-up.txt")


def _wpn(old: str = "", new: str = "") -> list[ImportedHand | HandError]:
    assert old in WPN
    return read_wpn(WPN.replace(old, new, 1), "made-up.txt")


def _export() -> str:
    return EXPORT.read_text(encoding="utf-8")


def _block(hand_id: str) -> str:
    """The export's text of one hand, from its header to its summary."""
    for block in _export().split("*** HEADER ***"):
        if f"Hand ID: {hand_id}\n" in block:
            return "*** HEADER ***" + block.split("------------")[0]
    raise AssertionError(hand_id)


# Kamaz raises to 16,000 and SIMBAROI calls; on the flop SIMBAROI bets his last 37,194 and
# Kamaz calls; the turn and river are dealt.
BLOCK = "01K09S29F1BYNCDRS55A08X0K6"


def _betclic(old: str, new: str) -> list[ImportedHand | HandError]:
    block = _block(BLOCK)
    assert old in block
    return read_betclic(block.replace(old, new, 1), "made-up.txt")


def test_a_byte_order_mark_before_the_first_hand_is_not_text_before_it() -> None:
    """A file saved with a byte order mark reads as the same one hand."""
    hand = _one(read_pokerstars("\ufeff" + STARS, "made-up.txt"))
    assert hand.hand_id == "100"


def test_each_action_states_the_round_total_it_brings_the_player_to() -> None:
    """A fold or check leaves the player's round total as it was (Bob's small blind of 10);
    Cy's call of 40 over his big blind of 20 brings him to 60; on the flop the totals start
    again from nothing."""
    hand = _one(_stars())
    assert [(a.street, a.name, a.verb, a.to, a.chips) for a in hand.actions] == [
        (0, "Ann", "raise", 60, 60),
        (0, "Bob", "fold", 10, 0),
        (0, "Cy", "call", 60, 40),
        (1, "Cy", "check", 0, 0),
        (1, "Ann", "bet", 100, 100),
        (1, "Cy", "fold", 0, 0),
    ]
    assert dict(hand.final_stacks) == {"Ann": 1000 - 60 + 130, "Bob": 990, "Cy": 940}


def test_a_name_seated_twice_is_refused() -> None:
    text = _refused(_stars("Seat 3: Cy (1000 in chips)", "Seat 3: Ann (1000 in chips)"))
    assert "expected each seat and name once" in text


def test_cards_dealt_to_a_name_not_dealt_in_are_nobody_s() -> None:
    """Only the players with a seat in the hand get hole cards."""
    hand = _one(_stars("Dealt to Ann [Ah Kd]", "Dealt to Ann [Ah Kd]\nDealt to Zed [Qs Qh]"))
    assert hand.hole == {"Ann": tuple(parse_cards(["Ah", "Kd"]))}


def test_a_turn_before_any_flop_is_refused() -> None:
    text = _refused(_stars("*** FLOP *** [2c 7d 9h]", "*** TURN *** [2c 7d 9h] [Js]"))
    assert "expected streets in order" in text


def test_four_hole_cards_are_refused_as_not_hold_em() -> None:
    text = _refused(_stars("Dealt to Ann [Ah Kd]", "Dealt to Ann [Ah Kd Qc Js]"))
    assert "expected two hole cards (hold'em)" in text


def test_two_big_blinds_are_refused() -> None:
    text = _refused(
        _stars("Cy: posts big blind 20", "Cy: posts big blind 20\nAnn: posts big blind 20")
    )
    assert "more than one small or big blind posted" in text


def test_chips_collected_by_a_name_not_dealt_in_are_refused() -> None:
    text = _refused(_stars("Ann collected 130 from pot", "Zed collected 130 from pot"))
    assert "chips paid to 'Zed', who is not dealt in" in text


def test_an_unknown_star_line_is_refused() -> None:
    text = _refused(_stars("*** HOLE CARDS ***", "*** FOURTH STREET ***"))
    assert "expected a known '*** ... ***' line" in text


def test_a_pokerstars_player_out_of_hand_is_not_dealt_in() -> None:
    """A seat listed as out of hand (moved from another table) takes no part in the hand."""
    hand = _one(
        _stars(
            "Seat 3: Cy (1000 in chips)",
            "Seat 3: Cy (1000 in chips)\n"
            "Seat 4: Dee (1000 in chips) out of hand (moved from another table into small blind)",
        )
    )
    assert [s.name for s in hand.seats] == ["Ann", "Bob", "Cy"]
    assert "Dee" not in hand.final_stacks


def test_a_name_that_starts_another_player_s_is_read_whole() -> None:
    """'Ann Lee folds' is Ann Lee's fold, not a line of Ann's; the blinds are hers and Cy's."""
    hand = _one(_wpn())
    assert (hand.small_blind_name, hand.big_blind_name) == ("Ann Lee", "Cy")
    assert [(a.name, a.verb) for a in hand.actions] == [
        ("Ann", "raise"),
        ("Ann Lee", "fold"),
        ("Cy", "fold"),
    ]
    assert dict(hand.final_stacks) == {"Ann": 1150, "Ann Lee": 950, "Cy": 900}


def test_a_wpn_hand_keeps_its_table_size_and_has_no_ante_without_antes() -> None:
    hand = _one(_wpn())
    assert hand.seat_count == 6
    assert (hand.ante, hand.ante_kind) == (0, "none")


def test_a_wpn_hand_without_its_total_pot_is_refused() -> None:
    text = _refused(_wpn("Total pot 250.00\n", ""))
    assert "a total pot of None" in text


def test_a_wpn_hand_won_by_two_players_without_a_showdown_is_refused() -> None:
    text = _refused(
        _wpn(
            "Seat 1: Ann (button) did not show and won 250.00",
            "Seat 1: Ann (button) did not show and won 150.00\n"
            "Seat 3: Cy (big blind) did not show and won 100.00",
        )
    )
    assert "no showdown but 2 winners: expected one" in text


def test_the_betclic_clock_runs_on_past_midnight() -> None:
    """The same hand started at 23:59:56: the actions stamped 00:00:13 to 00:00:50 are 17 to
    54 seconds after the start, as at 14:08:56 with stamps 14:09:13 to 14:09:50."""
    block = _block(BLOCK).replace("14:08:56", "23:59:56").replace("14:09:", "00:00:")
    hand = _one(read_betclic(block, "made-up.txt"))
    assert hand.action_clock == (17, 34, 34, 37, 40, 44, 47, 51, 54)


def test_a_betclic_flop_of_four_cards_is_refused() -> None:
    """A flop is three cards, even when the turn after it is the flop and one card more."""
    block = (
        _block(BLOCK)
        .replace("*** FLOP *** [3d Ts Tc]", "*** FLOP *** [3d Ts Tc 2c]")
        .replace("*** TURN *** [3d Ts Tc 2c]", "*** TURN *** [3d Ts Tc 2c 5s]")
        .replace("*** RIVER *** [3d Ts Tc 2c 5s]\n", "")
    )
    text = _refused(read_betclic(block, "made-up.txt"))
    assert "each board the one before and a card: '*** FLOP *** [3d Ts Tc 2c]'" in text


def test_a_betclic_bet_of_the_last_chips_not_said_all_in_is_refused() -> None:
    text = _refused(_betclic("Bets 37194 and is all-in", "Bets 37194"))
    assert "the amounts do not add up" in text


def test_betclic_cards_shown_by_a_name_not_dealt_in_are_refused() -> None:
    text = _refused(_betclic("*** SHOWDOWN ***", "*** SHOWDOWN ***\nZed shows [Qs Qh]"))
    assert "'Zed' shows cards but is not dealt in" in text


def test_a_betclic_call_short_of_the_bet_with_chips_left_is_refused() -> None:
    """SIMBAROI calls 7,000 of the 8,000 more he owes and keeps chips behind: no such call."""
    text = _refused(_betclic("SIMBAROI: Calls 8000", "SIMBAROI: Calls 7000"))
    assert "the amounts do not add up" in text


def test_betclic_tables_come_in_the_order_of_their_first_hand() -> None:
    """Each table's earliest start, read straight from the export, orders the tables."""
    text = _export()
    starts: dict[str, str] = {}
    for block in text.split("*** HEADER ***")[1:]:
        table = re.search(r"Table ID: (\S+)", block)
        when = re.search(r"Date & Time: (\S+ \S+) \(UTC\)", block)
        assert table is not None and when is not None
        starts[table[1]] = min(starts.get(table[1], when[1]), when[1])
    read = [h for h in read_betclic(text, EXPORT.name) if isinstance(h, ImportedHand)]
    tables = [h.table for k, h in enumerate(read) if k == 0 or read[k - 1].table != h.table]
    assert tables == sorted(starts, key=lambda t: (starts[t], t))


def _with_antes(antes: str, pot: int) -> list[ImportedHand | HandError]:
    text = (
        STARS.replace("Bob: posts small blind 10", antes + "Bob: posts small blind 10")
        .replace("collected 130 from pot", f"collected {pot} from pot")
        .replace("Total pot 130", f"Total pot {pot}")
    )
    return read_pokerstars(text, "made-up.txt")


def test_an_ante_from_the_big_blind_alone_is_a_big_blind_ante() -> None:
    """Cy, the big blind, posts an ante of 20 and nobody else does: the pot is 150."""
    hand = _one(_with_antes("Cy: posts the ante 20\n", 150))
    assert (hand.ante, hand.ante_kind) == (20, "bb")
    assert hand.final_stacks["Cy"] == 1000 - 20 - 60
    assert hand.final_stacks["Ann"] == 1000 - 60 + 150


def test_antes_from_some_players_only_are_refused() -> None:
    """One ante from a player who is not the big blind, or antes from two of three players,
    are neither a big-blind ante nor classic antes."""
    text = _refused(_with_antes("Bob: posts the ante 5\n", 135))
    assert "antes posted by 1 of 3 players" in text
    text = _refused(_with_antes("Ann: posts the ante 5\nBob: posts the ante 5\n", 140))
    assert "antes posted by 2 of 3 players" in text


def test_classic_antes_from_every_player() -> None:
    hand = _one(
        _with_antes("Ann: posts the ante 5\nBob: posts the ante 5\nCy: posts the ante 5\n", 145)
    )
    assert (hand.ante, hand.ante_kind) == (5, "classic")
    assert dict(hand.final_stacks) == {"Ann": 1000 - 5 - 60 + 145, "Bob": 985, "Cy": 935}


def test_a_pokerstars_table_size_and_start_are_the_hand_s() -> None:
    """'6-max' is six seats; noon Eastern time on 1 June (summer time, UTC-4) is 16:00 UTC."""
    hand = _one(_stars("9-max", "6-max"))
    assert hand.seat_count == 6
    assert hand.started == datetime(2020, 6, 1, 16, 0, 0, tzinfo=UTC)
    assert (hand.tournament, hand.table) == ("7", "7 1")


def test_an_older_game_header_and_a_player_sitting_out_read() -> None:
    """Older files start a hand with 'PokerStars Game #'; a player sitting out changes nothing."""
    hand = _one(
        read_pokerstars(
            STARS.replace("PokerStars Hand #", "PokerStars Game #").replace(
                "Bob: folds\n", "Bob: folds\nBob: sits out\n"
            ),
            "made-up.txt",
        )
    )
    assert hand.hand_id == "100"
    assert dict(hand.final_stacks) == {"Ann": 1070, "Bob": 990, "Cy": 940}


def test_a_wpn_player_left_with_fewer_than_no_chips_is_refused() -> None:
    """Cy has 50 chips and posts a big blind of 100: he would end with -50."""
    text = _refused(_wpn("Seat 3: Cy (1000.00)", "Seat 3: Cy (50.00)"))
    assert "Cy ends with -50 chips" in text


# Fixed limit 15/30: the header states the small and the big bet; the blinds are 10 and 15
# (the big blind is the small bet). Ann raises one small bet to 30 and both blinds fold.
FIXED_LIMIT = """\
PokerStars Hand #101: Tournament #7, $1+$0 USD Hold'em Limit - Level I (15/30) - \
2020/06/01 12:00:00 ET
Table '7 1' 9-max Seat #1 is the button
Seat 1: Ann (1000 in chips)
Seat 2: Bob (1000 in chips)
Seat 3: Cy (1000 in chips)
Bob: posts small blind 10
Cy: posts big blind 15
*** HOLE CARDS ***
Ann: raises 15 to 30
Bob: folds
Cy: folds
Uncalled bet (15) returned to Ann
Ann collected 40 from pot
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 1: Ann (button) collected (40)
"""


def test_a_fixed_limit_hand_keeps_the_small_blind_posted() -> None:
    """The small blind is the 10 Bob posts, not half the big blind of 15."""
    hand = _one(read_pokerstars(FIXED_LIMIT, "made-up.txt"))
    assert hand.structure == "fixed-limit"
    assert (hand.small_blind, hand.big_blind) == (10, 15)
    assert dict(hand.final_stacks) == {"Ann": 1000 - 30 + 15 + 40, "Bob": 990, "Cy": 985}


def test_a_fixed_limit_small_blind_all_in_by_its_post_is_not_the_levels() -> None:
    """Bob has 3 chips and posts them as the small blind: the level's blind is not 3.

    The header states only the bets (15/30), so the blind is taken as half the big blind of
    15; the replay is the same either way, Bob putting in all he has.
    """
    text = (
        FIXED_LIMIT.replace("Hand #101", "Hand #102")
        .replace("Seat 2: Bob (1000 in chips)", "Seat 2: Bob (3 in chips)")
        .replace("Bob: posts small blind 10", "Bob: posts small blind 3 and is all-in")
        .split("*** HOLE CARDS ***")[0]
    ) + (
        "*** HOLE CARDS ***\nAnn: folds\nUncalled bet (12) returned to Cy\n"
        "*** FLOP *** [2c 7d 9h]\n*** TURN *** [2c 7d 9h] [Js]\n"
        "*** RIVER *** [2c 7d 9h Js] [3s]\n*** SHOW DOWN ***\n"
        "Bob: shows [Ah Kd] (high card Ace)\nCy: shows [4c 5c] (high card Jack)\n"
        "Bob collected 6 from pot\n*** SUMMARY ***\nTotal pot 6 | Rake 0\n"
        "Board [2c 7d 9h Js 3s]\n"
        "Seat 2: Bob (small blind) showed [Ah Kd] and won (6) with high card Ace\n"
        "Seat 3: Cy (big blind) showed [4c 5c] and lost with high card Jack\n"
    )
    hand = _one(read_pokerstars(text, "made-up.txt"))
    assert (hand.small_blind, hand.big_blind) == (7, 15)
    assert dict(hand.final_stacks) == {"Ann": 1000, "Bob": 6, "Cy": 1000 - 3}
    # with 13 chips Bob is not all-in by his post of 3: it is the level's blind
    deeper = text.replace("Bob (3 in chips)", "Bob (13 in chips)").replace(" and is all-in", "")
    assert _one(read_pokerstars(deeper, "made-up.txt")).small_blind == 3


def test_a_wpn_winner_other_than_the_one_who_collected_is_refused() -> None:
    """Ann collects the 250 on her own line but the summary says Cy won them."""
    text = _refused(
        read_wpn(
            WPN.replace("Ann does not show\n", "Ann collected 250.00 from main pot\n").replace(
                "Seat 1: Ann (button) did not show and won 250.00",
                "Seat 3: Cy (big blind) did not show and won 250.00",
            ),
            "made-up.txt",
        )
    )
    assert "collected {'Ann': 250} but the summary says won {'Cy': 250}" in text


def test_cards_mucked_at_the_showdown_are_read_from_the_summary() -> None:
    """Cy checks to the river and mucks; the summary states his cards, so they are his."""
    showdown = STARS.replace(
        "Cy: checks\nAnn: bets 100\nCy: folds\nUncalled bet (100) returned to Ann\n",
        "Cy: checks\nAnn: checks\n*** TURN *** [2c 7d 9h] [Js]\nCy: checks\nAnn: checks\n"
        "*** RIVER *** [2c 7d 9h Js] [3s]\nCy: checks\nAnn: checks\n*** SHOW DOWN ***\n"
        "Ann: shows [Ah Kd] (high card Ace)\nCy: mucks hand\n",
    ).replace(
        "Board [2c 7d 9h]\nSeat 1: Ann (button) collected (130)",
        "Board [2c 7d 9h Js 3s]\n"
        "Seat 1: Ann (button) showed [Ah Kd] and won (130) with high card Ace\n"
        "Seat 3: Cy (big blind) mucked [Qs 4h]",
    )
    hand = _one(read_pokerstars(showdown, "made-up.txt"))
    assert hand.hole == {
        "Ann": tuple(parse_cards(["Ah", "Kd"])),
        "Cy": tuple(parse_cards(["Qs", "4h"])),
    }
    assert hand.board == tuple(parse_cards("2c 7d 9h Js 3s".split()))
    assert dict(hand.final_stacks) == {"Ann": 1070, "Bob": 990, "Cy": 940}

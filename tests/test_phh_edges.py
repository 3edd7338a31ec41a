"""Edges of the PHH writer (``pokersim.history.phh``) and reader (``pokersim.history.read_phh``).

Writer: the hero's view, the clock and its zone label, the PokerStars hand number, several hands
of different levels and table sizes in one ``.phhs``, and a table size equal to the highest
seat. Reader: who posts what heads-up (PHH's small-blind-first ``antes`` slot), the ante kind
and amount, the idle check PokerKit asks for (no decision of the case), calls all-in for less,
bets and raises, the hand's id, button and table size, and the files it refuses. Expected
values are worked out by hand from RULES.md, docs/hand-histories.md and docs/import.md; where a
hand-written PHH hand is read, PokerKit replays it as written first, so the text is a hand the
PHH format's own reader accepts.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone

import pytest
from pokerkit import HandHistory
from pokerkit.notation import parse_action

from pokersim.actions import CheckCall, DecisionView, Fold, RaiseTo
from pokersim.cards import parse_cards
from pokersim.config import Level
from pokersim.errors import ConfigError
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand
from pokersim.history.imported import HandError, ImportedHand
from pokersim.history.phh import hand_to_phh, hands_to_phhs
from pokersim.history.read_phh import read_phh

Decision = CheckCall | Fold | RaiseTo


def _play(
    stacks: Sequence[int],
    hole: str,
    actions: Sequence[Decision] = (),
    *,
    button: int = 0,
    level: Level | None = None,
    seat_nos: Sequence[int] | None = None,
    hand_no: int = 17,
) -> HandResult:
    """One hand of players 10, 11, ... on a fixed board, answering ``actions`` then calling."""
    cards = parse_cards(hole)
    n = len(stacks)
    nos = seat_nos or list(range(1, n + 1))
    setup = HandSetup(
        seats=tuple(Seat(player_id=10 + i, stack=s, seat_no=nos[i]) for i, s in enumerate(stacks)),
        button=button,
        level=level or Level(small_blind=50, big_blind=100),
        table_id=3,
        hand_no=hand_no,
        level_index=0,
        start_time=3600,
    )
    deal = Deal(
        hole=tuple((cards[2 * i], cards[2 * i + 1]) for i in range(n)),
        board=tuple(parse_cards("3s8c4h9cJd")),
    )
    queue = list(actions)

    def decide(view: DecisionView) -> Decision:
        return queue.pop(0) if queue else CheckCall()

    return play_hand(setup, deal, decide)


def _fields(text: str) -> dict[str, object]:
    return tomllib.loads(text)


def _pokerkit_stacks(text: str) -> list[int]:
    """PokerKit's finishing stacks of a PHH hand replayed strictly, each action as written."""
    history = HandHistory.loads(text)
    state = history.create_state()
    for action in history.actions:
        while state.can_burn_card():
            state.burn_card("??")
        parse_action(state, action)
    assert not state.status, "PokerKit expects more actions"
    return [int(s) for s in state.stacks]


def _phh(
    stacks: Sequence[int],
    actions: Sequence[str],
    *,
    blinds: Sequence[int] | None = None,
    antes: Sequence[int] | None = None,
    extra: str = "",
    trimming: bool = False,
) -> str:
    """A ``.phh`` hand of no-limit hold'em, blinds 50/100 unless given."""
    n = len(stacks)
    blinds = list(blinds) if blinds is not None else [50, 100] + [0] * (n - 2)
    antes = list(antes) if antes is not None else [0] * n
    lines = ",\n".join(f'  "{a}"' for a in actions)
    return (
        'variant = "NT"\n'
        f"ante_trimming_status = {str(trimming).lower()}\nantes = {antes}\n"
        f"blinds_or_straddles = {blinds}\n"
        f"min_bet = {max(blinds[:2])}\nstarting_stacks = {list(stacks)}\nactions = [\n{lines},\n]\n"
        + extra
    )


def _hand(text: str) -> ImportedHand:
    (hand,) = read_phh(text, "h.phh")
    assert isinstance(hand, ImportedHand), hand
    return hand


def _error(text: str) -> str:
    (hand,) = read_phh(text, "h.phh")
    assert isinstance(hand, HandError), hand
    return str(hand)


def _expected(hand: ImportedHand) -> list[tuple[int, str]]:
    return [(a.street, a.expected()) for a in hand.actions]


IDLE = "cc # no decision left: the others are all-in or out"

# ---------------------------------------------------------------------------------------------
# Writer
# ---------------------------------------------------------------------------------------------


def test_hero_view_deals_the_others_unknown_cards_and_shows_them_at_the_showdown() -> None:
    """With ``hero`` only that player's hole cards are dealt face up; the other player's are
    ``????`` until the showdown, where every live hand is shown. Heads-up the big blind (seat 1,
    player 11) is p1 and the button (player 10, the hero) p2; both check it down."""
    result = _play([1000, 1000], "AhAd KhKd")
    actions = _fields(hand_to_phh(result, hero=10))["actions"]
    assert isinstance(actions, list)
    assert actions[:2] == ["d dh p1 ????", "d dh p2 AhAd"]
    assert "p1 sm KhKd" in actions and "p2 sm AhAd" in actions
    full = _fields(hand_to_phh(result))["actions"]
    assert isinstance(full, list) and full[:2] == ["d dh p1 KhKd", "d dh p2 AhAd"]


def test_an_aware_start_is_written_on_the_tournament_clock_with_its_zone_label() -> None:
    """A start at Eastern's summer offset (UTC-4 on 4 July) is Eastern Time: the hand, one hour
    (3600 s) after 11:05, is at 12:05:00 on 4 July 2026, labelled ``ET`` whatever the
    ``time_zone`` argument says. A start in UTC (another instant) is labelled ``UTC``, even with
    ``"ET"`` asked: 09:15 plus one hour is 10:15:00."""
    result = _play([1000, 1000], "AhAd KhKd", [Fold()])
    eastern = datetime(2026, 7, 4, 11, 5, tzinfo=timezone(timedelta(hours=-4)))
    data = _fields(hand_to_phh(result, tournament_start=eastern))
    assert str(data["time"]) == "12:05:00" and data["time_zone"] == "ET"
    assert (data["day"], data["month"], data["year"]) == (4, 7, 2026)
    utc = datetime(2026, 7, 4, 9, 15, tzinfo=UTC)
    data = _fields(hand_to_phh(result, tournament_start=utc, time_zone="ET"))
    assert str(data["time"]) == "10:15:00" and data["time_zone"] == "UTC"


def test_a_naive_start_is_written_as_is_with_the_given_zone() -> None:
    """A start without offset is taken as is: 23:30 on 31 December plus one hour is 00:30:00 on
    1 January of the next year, and ``time_zone`` is the argument, unchanged."""
    result = _play([1000, 1000], "AhAd KhKd", [Fold()])
    start = datetime(2026, 12, 31, 23, 30)
    data = _fields(hand_to_phh(result, tournament_start=start, time_zone="CET"))
    assert str(data["time"]) == "00:30:00" and data["time_zone"] == "CET"
    assert (data["day"], data["month"], data["year"]) == (1, 1, 2027)


def test_the_pokerstars_hand_number_is_written_as_hand_id_only_when_given() -> None:
    """``hand_number`` is written as the user field ``_hand_id``; ``hand`` stays the table's
    hand number (17). Without it there is no ``_hand_id`` at all."""
    result = _play([1000, 1000], "AhAd KhKd", [Fold()])
    data = _fields(hand_to_phh(result, hand_number=3000017))
    assert data["_hand_id"] == 3000017 and data["hand"] == 17
    assert "_hand_id" not in _fields(hand_to_phh(result))


def test_hands_of_different_levels_and_table_sizes_in_one_phhs_keep_their_own_game() -> None:
    """Each hand of a ``.phhs`` carries its own level's blinds and bet size, one slot per player:
    a three-handed hand at 50/100, one at 100/200, then a heads-up hand at 50/100."""
    low = Level(small_blind=50, big_blind=100)
    high = Level(small_blind=100, big_blind=200)
    hands = [
        _play([1000, 1000, 1000], "AhAd KhKd QhQd", [Fold(), Fold()], level=low, hand_no=1),
        _play([1000, 1000, 1000], "AhAd KhKd QhQd", [Fold(), Fold()], level=high, hand_no=2),
        _play([1000, 1000], "AhAd KhKd", [Fold()], level=low, hand_no=3),
    ]
    data = tomllib.loads(hands_to_phhs(hands))
    games = [(data[k]["blinds_or_straddles"], data[k]["min_bet"]) for k in ("1", "2", "3")]
    assert games == [([50, 100, 0], 100), ([100, 200, 0], 200), ([50, 100], 100)]
    assert [list(HandHistory.loads(hand_to_phh(h)).blinds_or_straddles or ()) for h in hands] == [
        [50, 100, 0],
        [100, 200, 0],
        [50, 100],
    ]


def test_a_table_size_equal_to_the_highest_seat_is_accepted() -> None:
    """Only a ``seat_count`` below the highest seat number is an error: seats 2 and 6 fit a
    six-seat table."""
    result = _play([1000, 1000], "AhAd KhKd", [Fold()], seat_nos=[2, 6])
    data = _fields(hand_to_phh(result, seat_count=6))
    assert data["seat_count"] == 6 and data["seats"] == [6, 2]


# ---------------------------------------------------------------------------------------------
# Reader
# ---------------------------------------------------------------------------------------------


def test_heads_up_the_second_ante_slot_is_the_big_blinds() -> None:
    """Heads-up p1 is the big blind and p2 the button, who posts the small blind (R-BTN-2);
    ``antes`` keeps the small blind's slot first, so ``[0, 100]`` is a big-blind ante of 100
    posted by p1. The button folds: the big blind takes back blind and ante and wins the small
    blind (1050 and 950), which PokerKit agrees with."""
    text = _phh(
        [1000, 1000],
        ["d dh p1 AhAd", "d dh p2 KhKd", "p2 f"],
        antes=[0, 100],
        extra='players = ["Bea", "Cal"]\n',
    )
    assert _pokerkit_stacks(text) == [1050, 950]
    hand = _hand(text)
    assert (hand.ante_kind, hand.ante) == ("bb", 100)
    assert (hand.big_blind_name, hand.small_blind_name) == ("Bea", "Cal")
    assert hand.button == 2 and _expected(hand) == [(0, "Cal fold")]


def test_a_short_big_blind_ante_keeps_the_levels_ante_from_pokersims_own_fields() -> None:
    """With ``_ante_kind = "bb"`` and ``_ante = 100`` the level's ante is 100 even though the
    big blind (150 chips) had only 50 left for it after the blind (R-ANTE-1)."""
    text = _phh(
        [1000, 150, 1000],
        ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd", "p3 f", "p1 f"],
        antes=[0, 50, 0],
        extra='_ante_kind = "bb"\n_ante = 100\n',
    )
    assert _pokerkit_stacks(text) == [950, 200, 1000]
    hand = _hand(text)
    assert (hand.ante_kind, hand.ante) == ("bb", 100)


def test_an_ante_posted_by_the_big_blind_alone_is_a_big_blind_ante() -> None:
    """Without pokersim's fields, one ante posted by the big blind (p2 three-handed) says the
    level has a big-blind ante of that amount (docs/import.md)."""
    text = _phh(
        [1000, 1000, 1000],
        ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd", "p3 f", "p1 f"],
        antes=[0, 100, 0],
    )
    assert _pokerkit_stacks(text) == [950, 1050, 1000]
    hand = _hand(text)
    assert (hand.ante_kind, hand.ante) == ("bb", 100)


def test_classic_antes_with_a_short_stack_take_the_largest_posted() -> None:
    """Everyone posts an ante, the button only the 5 chips he has: the antes are classic and the
    level's ante is the largest posted, 10 (docs/import.md). The small blind folds; the big
    blind's check is the idle one PokerKit asks for against the all-in button, no decision;
    kings beat the button's seven high: the big blind takes 10 + 10 + 5 + 50 + 100 = 175."""
    text = _phh(
        [1000, 1000, 5],
        [
            "d dh p1 AhAd",
            "d dh p2 KhKd",
            "d dh p3 2c7d",
            "p1 f",
            f"p2 {IDLE}",
            "p3 sm 2c7d",
            "p2 sm KhKd",
            "d db 3s8c4h",
            "d db 9c",
            "d db Jd",
        ],
        antes=[10, 10, 5],
        trimming=True,
    )
    assert _pokerkit_stacks(text) == [940, 1065, 0]
    hand = _hand(text)
    assert (hand.ante_kind, hand.ante) == ("classic", 10)
    assert _expected(hand) == [(0, "p1 fold")]


def test_the_big_blinds_idle_check_is_no_decision() -> None:
    """The button calls all-in for exactly the big blind (100), the small blind folds: the big
    blind's ``cc`` is the idle check PokerKit asks for (R-BLIND-2), so it is no decision of the
    case. Kings beat seven high: 100 + 100 + 50 to the big blind."""
    text = _phh(
        [1000, 1000, 100],
        [
            "d dh p1 AhAd",
            "d dh p2 KhKd",
            "d dh p3 2c7d",
            "p3 cc",
            "p1 f",
            f"p2 {IDLE}",
            "p3 sm 2c7d",
            "p2 sm KhKd",
            "d db 3s8c4h",
            "d db 9c",
            "d db Jd",
        ],
    )
    assert _pokerkit_stacks(text) == [950, 1150, 0]
    assert _expected(_hand(text)) == [(0, "p3 call 100"), (0, "p1 fold")]


def test_the_idle_check_against_a_small_blind_all_in_for_less_than_his_blind() -> None:
    """The small blind has 30 chips and posts them all (R-BLIND-1); the first player folds, the
    button calls all-in for 80, and the big blind, the last player with chips and facing no
    more than his 100, checks the idle check: no decision. Aces win the main pot of 90, kings
    the side pot of 100 and take back their unmatched 20."""
    text = _phh(
        [30, 1000, 1000, 80],
        [
            "d dh p1 AhAd",
            "d dh p2 KhKd",
            "d dh p3 QhQd",
            "d dh p4 2c7d",
            "p3 f",
            "p4 cc",
            f"p2 {IDLE}",
            "p4 sm 2c7d",
            "p1 sm AhAd",
            "p2 sm KhKd",
            "d db 3s8c4h",
            "d db 9c",
            "d db Jd",
        ],
    )
    assert _pokerkit_stacks(text) == [90, 1020, 1000, 0]
    assert _expected(_hand(text)) == [(0, "p3 fold"), (0, "p4 call 80")]


def test_a_call_all_in_for_less_costs_the_stack_and_a_first_bet_is_a_bet() -> None:
    """Heads-up: the button (300 chips) calls the big blind, 50 more, and the big blind checks.
    On the flop the big blind's first ``cbr 500`` is a bet (nothing to raise yet) and the
    button's ``cc`` calls all-in for the 200 he has left, not 500. Aces beat kings: all 600 in
    play go to the big blind, whose unmatched 300 come back."""
    text = _phh(
        [1000, 300],
        [
            "d dh p1 AhAd",
            "d dh p2 KhKd",
            "p2 cc",
            "p1 cc",
            "d db 3s8c4h",
            "p1 cbr 500",
            "p2 cc",
            "p1 sm AhAd",
            "p2 sm KhKd",
            "d db 9c",
            "d db Jd",
        ],
    )
    assert _pokerkit_stacks(text) == [1300, 0]
    assert _expected(_hand(text)) == [
        (0, "p2 call 50"),
        (0, "p1 check"),
        (1, "p1 bet 500"),
        (1, "p2 call 200"),
    ]


def test_a_raise_before_the_flop_is_a_raise_and_a_timed_out_fold_is_read() -> None:
    """Before the flop the big blind is already a bet, so ``cbr 300`` is a raise to 300; the
    comment of a timed-out fold (R-HAND-6) is not part of the action."""
    text = _phh(
        [1000, 1000, 1000],
        ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd", "p3 cbr 300", "p1 f # timed out", "p2 f"],
    )
    assert _pokerkit_stacks(text) == [950, 900, 1150]
    assert _expected(_hand(text)) == [(0, "p3 raise 300"), (0, "p1 fold"), (0, "p2 fold")]


_FOLDED = ["d dh p1 AhAd", "d dh p2 KhKd", "d dh p3 QhQd", "p3 f", "p1 f"]


def test_the_hand_id_is_hand_id_else_hand_else_the_table_key() -> None:
    """The hand's id is the PokerStars number ``_hand_id`` when written, else the table's hand
    number ``hand``, else the key of the hand's TOML table."""
    plain = _phh([1000, 1000, 1000], _FOLDED)
    assert _hand(plain + "hand = 17\n_hand_id = 3000017\n").hand_id == "3000017"
    assert _hand(plain + "hand = 17\n").hand_id == "17"
    assert _hand(plain).hand_id == "1"
    (hand,) = read_phh("[7]\n" + plain, "h.phhs")
    assert isinstance(hand, ImportedHand) and hand.hand_id == "7"


def test_the_button_is_the_last_player_and_the_table_has_nine_seats_unless_said() -> None:
    """The button is the last player in PHH order: with ``seats = [5, 7, 2]`` it sits in seat 2.
    Without ``seats`` p1 sits in seat 1, so the button of three players is in seat 3; without
    ``seat_count`` the table has nine seats, or as many as its highest seat number."""
    plain = _phh([1000, 1000, 1000], _FOLDED)
    hand = _hand(plain + "seats = [5, 7, 2]\n")
    assert hand.button == 2 and hand.seat_count == 9
    assert [(s.seat_no, s.name) for s in hand.seats] == [(2, "p3"), (5, "p1"), (7, "p2")]
    assert _hand(plain).button == 3
    assert _hand(plain + "seats = [4, 10, 1]\n").seat_count == 10
    assert _hand(plain + "seats = [4, 6, 1]\nseat_count = 6\n").seat_count == 6


def test_a_shown_hand_with_an_unknown_card_tells_nothing() -> None:
    """``sm As??`` shows one card: only two known cards are a player's hole cards, so the hand
    keeps the other players' cards and not that one."""
    text = _phh(
        [1000, 1000, 1000],
        [
            "d dh p1 ????",
            "d dh p2 KhKd",
            "d dh p3 ????",
            "p3 f",
            "p1 cc",
            "p2 cc",
            "d db 3s8c4h",
            "p1 cc",
            "p2 cc",
            "d db 9c",
            "p1 cc",
            "p2 cc",
            "d db Jd",
            "p1 cc",
            "p2 cc",
            "p1 sm As??",
            "p2 sm KhKd",
        ],
    )
    assert set(_hand(text).hole) == {"p2"}


def test_a_phhs_ignores_top_level_keys_that_are_not_hands() -> None:
    """In a ``.phhs`` the hands are the TOML tables; a plain value at the top is no hand."""
    plain = _phh([1000, 1000, 1000], _FOLDED)
    hands = read_phh('title = "x"\n[1]\n' + plain + "[2]\n" + plain, "h.phhs")
    assert [h.hand_id for h in hands if isinstance(h, ImportedHand)] == ["1", "2"]
    assert len(hands) == 2


@pytest.mark.parametrize(
    ("stacks", "actions", "blinds", "message"),
    [
        ([1000], ["p1 f"], [50], "starting_stacks: expected at least 2 players, got 1"),
        (
            [1000, 1000, 1000],
            _FOLDED,
            [50, 100, 200],
            "blinds_or_straddles [50, 100, 200]: straddles are not supported",
        ),
        ([1000, 1000, 1000], _FOLDED, [0, 100, 0], "dead or missing blinds are not supported"),
        (
            [1000, 1000, 1000],
            [*_FOLDED[:3], "p0 f"],
            None,
            "actions: 'p0 f': expected a player p1..p3",
        ),
        (
            [1000, 1000, 1000],
            ["d dh p1 As", *_FOLDED[1:]],
            None,
            "actions: 'd dh p1 As': expected two hole cards (hold'em)",
        ),
        (
            [1000, 1000],
            ["p2 cc", "p1 cc", "d db 3s8c4h", "d db 9c", "d db Jd", "d db 2s"],
            None,
            "actions: 'd db 2s': expected at most three board deals",
        ),
        (
            [1000, 1000],
            ["p2 cc", "p1 cc", "d db ??????"],
            None,
            "actions: 'd db ??????': expected the board's cards, not '??'",
        ),
    ],
    ids=[
        "one-player",
        "straddle",
        "no-small-blind",
        "p0",
        "one-hole-card",
        "four-boards",
        "board-unknown",
    ],
)
def test_a_hand_the_reader_refuses_is_one_hand_error(
    stacks: list[int], actions: list[str], blinds: list[int] | None, message: str
) -> None:
    """Each of these hands is refused with a ``HandError`` naming what was expected, and the
    reader goes on: one player, a straddle, no small blind (a missing blind), a player ``p0``,
    one hole card, a fourth board deal, a board of unknown cards."""
    assert message in _error(_phh(stacks, actions, blinds=blinds))


def test_a_text_of_blank_lines_is_an_empty_file() -> None:
    """Blank lines and spaces hold no hand: the text is refused as empty, not as a TOML file
    that lacks a hand."""
    with pytest.raises(ConfigError, match="empty: expected a PHH hand"):
        read_phh("\n  \n", "h.phh")

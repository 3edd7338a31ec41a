"""Edges of turning an imported hand history into a record and a case file.

``pokersim.history.imported`` holds one hand as read (``ImportedHand``); the chips in front of
each player (``Bets``: pre-flop a call costs at least the level's big blind even when the big
blind is all-in for less, R-BLIND-1; an ante is not in front; each street starts from
nothing); the checks that make a hand one the first hand of a case can replay
(``check_replayable``: at least two players, distinct non-empty names without control
characters, distinct seats from 1 up to the table size, at least one chip each, the button on
an occupied seat, the blinds from the players after the button, heads-up the button posting
the small blind, a player all-in on a classic ante posting no blind, each card once, no stack
ending below nothing); and a raise nobody left can call more of written as the call it is
(``as_the_engine_plays``). ``pokersim.history.case_text`` writes the case: names a scenario
generates (``P7``) become ``P7 (imported)``, every street dealt is expected with its board,
winners of a pot are listed from the button's left, a hand won without a showdown needs no
hidden cards, a showdown short of five board cards is refused, the starting stack is the
largest. ``pokersim.history.importer`` picks the reader: a byte order mark is no text, a
``.phhs`` file is PHH, a PHH file nested too deeply is the PHH reader's to refuse, a file of
exactly the size cap is still read, an unknown first line is quoted in part, and a Winning
Poker Network hand is checked like the others. Every expected value is worked out by hand
from the hand's own actions and those rules.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from pokersim.cards import parse_cards
from pokersim.errors import ConfigError
from pokersim.history import importer
from pokersim.history.case_text import case_toml
from pokersim.history.imported import (
    Bets,
    HandError,
    ImportedAction,
    ImportedHand,
    ImportedPot,
    ImportedSeat,
    as_the_engine_plays,
    check_replayable,
)
from pokersim.history.importer import read_history
from pokersim.verify import parse_case

HISTORIES = Path(__file__).resolve().parent / "data" / "histories"


def _seats(*stacks: tuple[int, str, int]) -> tuple[ImportedSeat, ...]:
    return tuple(ImportedSeat(seat_no=no, name=name, stack=stack) for no, name, stack in stacks)


def _act(street: int, name: str, verb: str, to: int = 0, chips: int = 0) -> ImportedAction:
    return ImportedAction(street=street, name=name, verb=verb, to=to, chips=chips)


def _hand(**changes: Any) -> ImportedHand:
    """Three players at a 6-max table, 10/20 without ante, Ann on the button (seat 1), Bob's
    small blind (seat 2), Cy's big blind (seat 3): Ann and Bob fold, Cy wins the blinds."""
    fields: dict[str, Any] = {
        "source": "hands.txt",
        "label": "hand #1 (1 of 1)",
        "origin": "PokerStars",
        "hand_id": "1",
        "structure": "no-limit",
        "small_blind": 10,
        "big_blind": 20,
        "ante": 0,
        "ante_kind": "none",
        "seat_count": 6,
        "seats": _seats((1, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 1000)),
        "button": 1,
        "small_blind_name": "Bob",
        "big_blind_name": "Cy",
        "hole": {},
        "board": (),
        "actions": (_act(0, "Ann", "fold"), _act(0, "Bob", "fold")),
        "pots": (ImportedPot(index=0, amount=30, shares={"Cy": 30}),),
        "final_stacks": {"Ann": 1000, "Bob": 990, "Cy": 1010},
    }
    fields.update(changes)
    return ImportedHand(**fields)


def _refusal(hand: ImportedHand) -> str:
    with pytest.raises(HandError) as caught:
        check_replayable(hand)
    return str(caught.value)


def _case(hand: ImportedHand) -> dict[str, Any]:
    return tomllib.loads(case_toml(hand))


# -- the actions as written in a case ---------------------------------------------------------


def test_a_raise_is_scripted_and_expected_to_its_total_a_call_by_the_chips_it_adds() -> None:
    """A raise to 60 is ``raise 60`` in both; a call from 20 to 60 adds 40: the script says
    ``call`` and the expectation ``Cy call 40``, the chips it puts in, not its total."""
    raise_ = _act(0, "Ann", "raise", to=60, chips=60)
    call = _act(0, "Cy", "call", to=60, chips=40)
    assert (raise_.script_word(), raise_.expected()) == ("raise 60", "Ann raise 60")
    assert (call.script_word(), call.expected()) == ("call", "Cy call 40")


def test_the_order_from_the_button_starts_at_its_left_and_skips_empty_seats() -> None:
    """Seats 2, 4 and 7 with the button on 4: the next occupied seat is 7, then 2, the button
    last; a player who folds is not live."""
    hand = _hand(
        seats=_seats((2, "Ann", 500), (4, "Bob", 500), (7, "Cy", 500)),
        button=4,
        actions=(_act(0, "Ann", "fold"),),
    )
    assert hand.order_from_button() == ["Cy", "Ann", "Bob"]
    assert hand.live() == ["Cy", "Bob"]


# -- chips in front of each player --------------------------------------------------------------


def test_a_short_big_blind_still_prices_a_call_at_the_full_big_blind() -> None:
    """Pre-flop the price is the level's 20 even when Cy's big blind is all-in for 15
    (R-BLIND-1); an ante goes behind but not in front (it does not count toward calling), a
    blind counts; on the flop the price starts from nothing."""
    bets = Bets({"Ann": 1000, "Bob": 1000, "Cy": 25}, price=20)
    bets.post("Cy", 10, live=False)
    bets.post("Bob", 10, live=True)
    bets.post("Cy", 15, live=True)
    assert (bets.behind["Cy"], bets.round["Cy"], bets.round["Bob"]) == (0, 15, 10)
    assert bets.top() == 20
    bets.put("Ann", 60)
    assert bets.top() == 60
    bets.new_street()
    assert bets.top() == 0 and bets.round == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert bets.behind == {"Ann": 940, "Bob": 990, "Cy": 0}


# -- a raise nobody can call is the call it is -------------------------------------------------


def test_an_all_in_raise_over_players_all_in_for_the_price_is_a_call() -> None:
    """Ann (500) calls 20; Bob raises all-in to 100; Cy calls all-in to 100. Ann's all-in raise
    to 500 leaves nobody who can put in more than the 100 already bet: it is a call of 80 more,
    to 100 (a player all-in for exactly the price cannot call any part of a raise)."""
    hand = _hand(
        seats=_seats((1, "Ann", 500), (2, "Bob", 100), (3, "Cy", 100)),
        actions=(
            _act(0, "Ann", "call", to=20, chips=20),
            _act(0, "Bob", "raise", to=100, chips=90),
            _act(0, "Cy", "call", to=100, chips=80),
            _act(0, "Ann", "raise", to=500, chips=480),
        ),
    )
    played = as_the_engine_plays(hand)
    assert played.actions[:3] == hand.actions[:3]
    assert played.actions[3] == _act(0, "Ann", "call", to=100, chips=80)


def test_a_raise_over_a_short_big_blind_calls_the_full_big_blind_and_ignores_folds() -> None:
    """Cy's big blind is all-in for 15 of 20; Ann's all-in raise to 1000 after Bob folded
    (with 990 behind, but out of the hand) is a call: pre-flop the price is the level's big
    blind even when the big blind is short (R-BLIND-1), so Ann calls 20, not 15."""
    hand = _hand(
        seats=_seats((1, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 15)),
        actions=(
            _act(0, "Bob", "fold"),
            _act(0, "Ann", "raise", to=1000, chips=1000),
        ),
    )
    assert as_the_engine_plays(hand).actions[1] == _act(0, "Ann", "call", to=20, chips=20)


def test_an_all_in_bet_on_the_flop_is_called_from_that_streets_round() -> None:
    """Ann calls 20, Bob folds, Cy checks; on the flop Cy bets his last 80 and Ann raises to
    500. The flop's round starts from nothing: Ann's raise is a call of 80, to 80 (not to 100
    from the 20 she put in before the flop)."""
    hand = _hand(
        seats=_seats((1, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 100)),
        actions=(
            _act(0, "Ann", "call", to=20, chips=20),
            _act(0, "Bob", "fold"),
            _act(0, "Cy", "check", to=20),
            _act(1, "Cy", "bet", to=80, chips=80),
            _act(1, "Ann", "raise", to=500, chips=500),
        ),
    )
    assert as_the_engine_plays(hand).actions[4] == _act(1, "Ann", "call", to=80, chips=80)


def test_a_big_blind_ante_leaves_the_big_blind_less_behind() -> None:
    """Big blind ante 20: Cy (200) posts the ante and the blind, 160 behind. Ann calls 20, Bob
    folds, Cy raises all-in to 180, Ann raises to 1000: Cy has nothing left, so it is Ann's
    call of 160, to 180."""
    hand = _hand(
        seats=_seats((1, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 200)),
        ante=20,
        ante_kind="bb",
        actions=(
            _act(0, "Ann", "call", to=20, chips=20),
            _act(0, "Bob", "fold"),
            _act(0, "Cy", "raise", to=180, chips=160),
            _act(0, "Ann", "raise", to=1000, chips=980),
        ),
    )
    assert as_the_engine_plays(hand).actions[3] == _act(0, "Ann", "call", to=180, chips=160)


def test_a_raise_someone_can_still_call_stays_a_raise() -> None:
    """Cy has 1000: Ann's raise to 60 over the big blind can be called, the hand is unchanged."""
    hand = _hand(
        actions=(_act(0, "Ann", "raise", to=60, chips=60), _act(0, "Bob", "fold")),
    )
    assert as_the_engine_plays(hand) is hand


# -- hands the first hand of a case cannot replay ----------------------------------------------


def test_a_hand_of_the_base_shape_is_replayable() -> None:
    """Three players, the blinds after the button, distinct seats and names: nothing refused."""
    check_replayable(_hand())


def test_one_player_dealt_in_is_refused() -> None:
    """A hand needs at least two players dealt in."""
    hand = _hand(seats=_seats((1, "Ann", 1000)), small_blind_name=None, big_blind_name=None)
    assert "expected at least 2 players dealt in, got 1" in _refusal(hand)


@pytest.mark.parametrize(
    "names",
    [("Ann", "Ann", "Cy"), ("Ann", "  ", "Cy")],
    ids=["twice", "blank"],
)
def test_a_name_twice_or_blank_is_refused(names: tuple[str, str, str]) -> None:
    """Names must be distinct and non-empty (a name of spaces only is empty)."""
    seats = _seats((1, names[0], 1000), (2, names[1], 1000), (3, names[2], 1000))
    hand = _hand(seats=seats, small_blind_name=names[1], big_blind_name=names[2])
    assert "expected distinct, non-empty player names" in _refusal(hand)


def test_a_name_with_a_tab_is_refused() -> None:
    """A control character in a name would break the case's lines."""
    seats = _seats((1, "Ann", 1000), (2, "Bo\tb", 1000), (3, "Cy", 1000))
    hand = _hand(seats=seats, small_blind_name="Bo\tb")
    assert "expected a screen name without control characters" in _refusal(hand)


def test_seat_zero_is_refused() -> None:
    """Seats are numbered from 1."""
    hand = _hand(seats=_seats((0, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 1000)), button=0)
    assert "expected distinct seat numbers from 1, got [0, 2, 3]" in _refusal(hand)


def test_a_player_dealt_in_without_chips_is_refused() -> None:
    hand = _hand(seats=_seats((1, "Ann", 0), (2, "Bob", 1000), (3, "Cy", 1000)))
    assert "expected at least 1 chip each" in _refusal(hand)


def test_the_last_seat_of_the_table_is_a_seat_and_the_next_is_not() -> None:
    """At a 6-max table seat 6 is the last seat; seat 7 is above the table size."""
    seats = _seats((1, "Ann", 1000), (2, "Bob", 1000), (6, "Cy", 1000))
    check_replayable(_hand(seats=seats))
    seats = _seats((1, "Ann", 1000), (2, "Bob", 1000), (7, "Cy", 1000))
    assert "a seat number above the table size 6" in _refusal(_hand(seats=seats))


def test_a_dead_button_is_refused() -> None:
    """The button on seat 5, where nobody sits: the blinds cannot follow it."""
    seats = _seats((1, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 1000))
    hand = _hand(seats=seats, button=5, small_blind_name="Ann", big_blind_name="Bob")
    assert "the button on seat 5, where nobody is dealt in (a dead button)" in _refusal(hand)


def test_heads_up_the_button_posts_the_small_blind() -> None:
    """Two players: Ann on the button posts the small blind, Bob the big blind; the other
    way round is refused. Three players: the small blind is the button's left."""
    seats = _seats((1, "Ann", 1000), (2, "Bob", 1000))
    check_replayable(_hand(seats=seats, small_blind_name="Ann", big_blind_name="Bob"))
    refused = _hand(seats=seats, small_blind_name="Bob", big_blind_name="Ann")
    assert "expected the small blind from Ann and the big blind from Bob" in _refusal(refused)
    three = _hand(small_blind_name="Ann", big_blind_name="Bob")
    assert "expected the small blind from Bob and the big blind from Cy" in _refusal(three)


def test_a_big_blind_all_in_on_exactly_the_classic_ante_posts_no_blind() -> None:
    """Cy has 10 chips and the classic ante is 10: the ante takes them all, no blind is left
    to post, and the hand is replayable without a big blind poster."""
    seats = _seats((1, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 10))
    check_replayable(_hand(seats=seats, ante=10, ante_kind="classic", big_blind_name=None))


def test_a_missing_big_blind_on_a_big_blind_ante_is_refused() -> None:
    """With a big blind ante only the big blind posts it: a short stack has no classic ante to
    be all-in on, so a missing big blind is a missing blind."""
    seats = _seats((1, "Ann", 1000), (2, "Bob", 1000), (3, "Cy", 10))
    hand = _hand(seats=seats, ante=10, ante_kind="bb", big_blind_name=None)
    assert "dead or missing blinds are not supported" in _refusal(hand)


def test_a_hole_card_also_on_the_board_is_refused() -> None:
    """Each card once: Ann's ace of spades cannot be on the flop too."""
    hand = _hand(
        hole={"Ann": tuple(parse_cards("As Kd"))},
        board=tuple(parse_cards("2c 7d As")),
    )
    assert "As is dealt to Ann and to the board: expected each card once" in _refusal(hand)


def test_a_stack_ending_below_nothing_is_refused() -> None:
    """A final stack of -1 chips means the amounts do not add up."""
    hand = _hand(final_stacks={"Ann": 1000, "Bob": 991, "Cy": -1})
    assert "Cy ends with -1 chips: the amounts do not add up" in _refusal(hand)


# -- the case file -----------------------------------------------------------------------------


def test_generated_names_become_imported_names_everywhere() -> None:
    """``P7`` and ``P12`` are names scenarios generate: they read ``P7 (imported)`` and
    ``P12 (imported)`` in the players, the seats, the actions and the stacks; ``P7x`` is not
    such a name and stays."""
    hand = _hand(
        seats=_seats((1, "P7", 1000), (2, "P12", 1000), (3, "P7x", 1000)),
        small_blind_name="P12",
        big_blind_name="P7x",
        actions=(_act(0, "P7", "fold"), _act(0, "P12", "fold")),
        pots=(ImportedPot(index=0, amount=30, shares={"P7x": 30}),),
        final_stacks={"P7": 1000, "P12": 990, "P7x": 1010},
    )
    case = _case(hand)
    names = ["P7 (imported)", "P12 (imported)", "P7x"]
    assert [p["name"] for p in case["players"]["named"]] == names
    assert [s["player"] for s in case["script"]["tables"][0]["seats"]] == names
    assert [a["player"] for a in case["script"]["actions"]] == names[:2]
    assert case["expect"]["stacks"][0]["stacks"] == dict(zip(names, (1000, 990, 1010)))
    assert case["expect"]["pots"][0]["winners"] == ["P7x"]


def test_a_hand_won_without_a_showdown_deals_no_cards() -> None:
    """Everyone folds to Cy, who shows nothing and no board is dealt: there is no showdown, so
    no cards are chosen for anyone and the case scripts no deck."""
    text = case_toml(_hand())
    assert "mucked" not in text
    assert "decks" not in tomllib.loads(text)["script"]


def _split_pot_hand() -> ImportedHand:
    """Ann folds, Bob completes the small blind, Cy checks, and nobody bets after the flop:
    Bob and Cy split 40 on a royal flush board, the shares stated Cy first."""
    return _hand(
        hole={"Bob": tuple(parse_cards("2c 3d")), "Cy": tuple(parse_cards("4c 5d"))},
        board=tuple(parse_cards("As Ks Qs Js Ts")),
        boards=(
            tuple(parse_cards("As Ks Qs")),
            tuple(parse_cards("As Ks Qs Js")),
            tuple(parse_cards("As Ks Qs Js Ts")),
        ),
        actions=(
            _act(0, "Ann", "fold"),
            _act(0, "Bob", "call", to=20, chips=10),
            _act(0, "Cy", "check", to=20),
        ),
        pots=(ImportedPot(index=0, amount=40, shares={"Cy": 20, "Bob": 20}),),
        final_stacks={"Ann": 1000, "Bob": 1000, "Cy": 1000},
    )


def test_winners_of_a_split_pot_are_listed_from_the_buttons_left() -> None:
    """With the button on Ann the order from its left is Bob, then Cy, whatever order the
    history states the shares in."""
    (pot,) = _case(_split_pot_hand())["expect"]["pots"]
    assert (pot["winners"], pot["shares"]) == (["Bob", "Cy"], [20, 20])


def test_every_street_dealt_is_expected_with_its_board_even_without_actions() -> None:
    """The pre-flop actions, then the flop, turn and river with the board after each: three,
    four and five cards. Nobody acts after the flop, yet each street dealt is expected, with no
    actions."""
    streets = _case(_split_pot_hand())["expect"]["streets"]
    assert [(s["street"], s.get("board"), s["actions"]) for s in streets] == [
        ("preflop", None, ["Ann fold", "Bob call 10", "Cy check"]),
        ("flop", "As Ks Qs", []),
        ("turn", "As Ks Qs Js", []),
        ("river", "As Ks Qs Js Ts", []),
    ]


def test_a_hidden_hand_at_a_showdown_short_of_five_cards_is_refused() -> None:
    """Bob and Cy are still in with four board cards and Cy's cards unknown: a showdown needs
    five, so no losing cards can be chosen and the hand is refused."""
    hand = _hand(
        hole={"Bob": tuple(parse_cards("2c 3d"))},
        board=tuple(parse_cards("As Ks Qs Js")),
        actions=(_act(0, "Ann", "fold"),),
    )
    with pytest.raises(HandError, match="a showdown with a board of 4 cards: expected five"):
        case_toml(hand)


# -- which reader ------------------------------------------------------------------------------

_STARS = (HISTORIES / "stars-01-tournament.txt").read_text(encoding="utf-8")


def test_a_byte_order_mark_before_a_pokerstars_history_is_no_text(tmp_path: Path) -> None:
    """A file saved with a byte order mark still starts with ``PokerStars``."""
    path = tmp_path / "bom.txt"
    path.write_text("\ufeff" + _STARS, encoding="utf-8")
    (hand,) = read_history(path)
    assert isinstance(hand, ImportedHand), str(hand)
    assert hand.origin == "PokerStars"


def test_a_file_of_exactly_the_size_cap_is_read_and_one_more_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap is the longest file read: a history of exactly that many characters is read,
    one of a character more is refused in one line."""
    path = tmp_path / "h.txt"
    path.write_text(_STARS, encoding="utf-8")
    size = len(path.read_text(encoding="utf-8"))
    monkeypatch.setattr(importer, "MAX_HISTORY_CHARS", size)
    (hand,) = read_history(path)
    assert isinstance(hand, ImportedHand), str(hand)
    monkeypatch.setattr(importer, "MAX_HISTORY_CHARS", size - 1)
    with pytest.raises(ConfigError, match="larger than"):
        read_history(path)


def test_a_phhs_file_that_is_not_toml_is_read_as_phh(tmp_path: Path) -> None:
    """A ``.phhs`` file is PHH by its name: bad TOML in it is reported as such."""
    path = tmp_path / "h.phhs"
    path.write_text("[1]\nvariant = [\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"not valid TOML \(PHH\)"):
        read_history(path)


def test_a_phh_file_nested_too_deeply_is_refused_as_phh_whatever_its_name(
    tmp_path: Path,
) -> None:
    """TOML nested deeper than the reader can follow is PHH's to refuse, even in a ``.txt``."""
    path = tmp_path / "deep.txt"
    path.write_text('variant = "NT"\nx = ' + "[" * 600 + "]" * 600 + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="too deeply nested"):
        read_history(path)


def test_an_unknown_first_line_is_quoted_to_sixty_characters(tmp_path: Path) -> None:
    """The error line quotes the first 60 characters of an unknown file's first line."""
    first = "Unknown Site Hand " + "x" * 100
    path = tmp_path / "h.txt"
    path.write_text(first + "\nmore\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        read_history(path)
    assert str(caught.value).endswith(f"got a first line {first[:60]!r}")


def test_a_winning_poker_network_hand_with_a_dead_button_is_refused_on_import() -> None:
    """The Winning Poker Network reader keeps a hand whose button is on an empty seat (hand
    #673967752 of the file: ``Seat #5 is the button`` and no seat 5 dealt in), but an import
    refuses it like the other readers' hands, naming the dead button."""
    path = HISTORIES / "wpn" / "wpn-G23889488T2.txt"
    refused = [h for h in read_history(path) if isinstance(h, HandError)]
    (dead,) = [h for h in refused if h.hand.startswith("hand #673967752 ")]
    assert "the button on seat 5, where nobody is dealt in (a dead button)" in str(dead)


def test_a_stack_above_what_a_scenario_allows_is_named_as_the_starting_stack() -> None:
    """The case's starting stack is the largest stack dealt in: a history with one stack of
    2,000,000,000,000 chips (above the 1,000,000,000,000 a scenario allows) gives a case the
    loader refuses on its starting stack, as the import documents."""
    seats = _seats((1, "Ann", 2 * 10**12), (2, "Bob", 1000), (3, "Cy", 1000))
    text = case_toml(_hand(seats=seats, final_stacks={}))
    with pytest.raises(ConfigError, match=r"starting_stack: expected a value <= 1000000000000"):
        parse_case(tomllib.loads(text), source="imported case")


_PHH_BODY = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 ????", "p3 f", "p1 cbr 30", "p2 f"]
players = ["Ann", "Bob", "Cid"]
finishing_stacks = [1015, 985, 1000]
"""


def test_a_phh_table_key_with_a_newline_stays_in_the_cases_comment_line(tmp_path: Path) -> None:
    """A table key is the file's to choose: one holding a newline is shown escaped.

    Written as it is, the key's second half would begin a line of its own in the case file,
    here a live ``description`` key; the case must read back with only the keys it writes.
    """
    path = tmp_path / "h.phhs"
    path.write_text("[\"1\\ndescription = 'injected' #\"]\n" + _PHH_BODY, encoding="utf-8")
    (hand,) = read_history(path)
    assert isinstance(hand, ImportedHand)
    assert "\n" not in hand.label
    text = case_toml(hand)
    first = text.splitlines()[0]
    assert first.startswith("# Imported by") and "injected" in first
    assert tomllib.loads(text).get("description") != "injected"


def test_a_refused_phh_hand_under_a_key_with_a_newline_is_one_line(tmp_path: Path) -> None:
    """Refused (one name twice), the hand is named on the error's one line."""
    path = tmp_path / "h.phhs"
    body = _PHH_BODY.replace('["Ann", "Bob", "Cid"]', '["Ann", "Ann", "Cid"]')
    path.write_text('["1\\nsecond line"]\n' + body, encoding="utf-8")
    (error,) = read_history(path)
    assert isinstance(error, HandError)
    assert "\n" not in str(error) and "second line" in str(error)

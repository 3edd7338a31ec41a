"""Card codes: rank*4 + suit, 2c = 0 .. As = 51; strings only at the edges."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim import cards
from pokersim.cards import card, format_card, format_cards, parse_cards, rank_of, suit_of


def test_encoding_matches_rank_times_four_plus_suit():
    assert card("2c") == 0
    assert card("2d") == 1
    assert card("2h") == 2
    assert card("2s") == 3
    assert card("3c") == 4
    assert card("Ah") == 50
    assert card("As") == 51
    for r, rank_char in enumerate("23456789TJQKA"):
        for s, suit_char in enumerate("cdhs"):
            code = card(rank_char + suit_char)
            assert code == 4 * r + s
            assert rank_of(code) == r and suit_of(code) == s


def test_case_and_ten_spellings():
    assert card("as") == card("AS") == card("As") == 51
    assert card("10h") == card("Th") == card("th")


@pytest.mark.parametrize(
    "text",
    ["AsKd", "As Kd", "As,Kd", " As  Kd ", "as kd"],
)
def test_parse_string_forms(text):
    assert parse_cards(text) == [51, 45]


def test_parse_lists_of_strings_and_codes():
    assert parse_cards(["As", "Kd"]) == [51, 45]
    assert parse_cards(["AsKd", "2c"]) == [51, 45, 0]
    assert parse_cards([51, 45]) == [51, 45]
    assert parse_cards(np.array([0, 51], dtype=np.int8)) == [0, 51]
    assert parse_cards("") == []


@pytest.mark.parametrize(
    ("text", "token"),
    [("AsKx", "Kx"), ("1c", "1c"), ("AsK", "K"), ("Zz", "Zz"), ("As Kd Q", "Q")],
)
def test_bad_card_string_names_the_token(text, token):
    with pytest.raises(ValueError, match=repr(token)):
        parse_cards(text)


@pytest.mark.parametrize("token", ["", "A", "Asd", "1s", "Ax", "s2"])
def test_bad_single_card_names_the_token(token):
    with pytest.raises(ValueError, match="bad card"):
        card(token)


@pytest.mark.parametrize("code", [-1, 52, 100])
def test_bad_codes_are_rejected(code):
    with pytest.raises(ValueError, match="0..51"):
        parse_cards([code])
    with pytest.raises(ValueError, match="0..51"):
        format_card(code)


@given(st.lists(st.integers(0, 51), max_size=10))
def test_format_then_parse_round_trips(codes):
    assert parse_cards(format_cards(codes)) == codes
    assert parse_cards(format_cards(codes, sep=" ")) == codes
    assert parse_cards([format_card(c) for c in codes]) == codes


def test_full_deck_is_every_code_once():
    deck = cards.full_deck()
    assert deck.dtype == np.int8
    assert deck.tolist() == list(range(52))
    assert len({format_card(c) for c in deck}) == 52

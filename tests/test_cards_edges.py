"""Edges of card parsing and formatting: separators, the codes' Python type, bad codes handed
to ``format_cards`` and codes that are not plain ints.

Codes are rank*4 + suit (``pokersim.cards``): 2c = 0, 3d = 5, Kd = 45, As = 51.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokersim.cards import card, format_cards, parse_cards


@pytest.mark.parametrize("text", ["As;Kd", "As; Kd", "As ,;Kd"])
def test_semicolons_separate_cards_like_commas_and_spaces(text):
    assert parse_cards(text) == [51, 45]


def test_parsed_codes_are_python_ints_whatever_the_input():
    """``parse_cards`` gives a list of codes: plain ints, also from NumPy integers."""
    for given in (np.array([0, 51], dtype=np.int8), [np.int64(5), 45], "2c As"):
        codes = parse_cards(given)
        assert all(type(c) is int for c in codes), codes


@pytest.mark.parametrize("bad", [-1, 52, 53, 104])
def test_format_cards_rejects_a_code_outside_the_deck(bad):
    """A bad code is reported as ``format_card`` reports it, never named as another card."""
    with pytest.raises(ValueError, match="0..51"):
        format_cards([0, bad])
    with pytest.raises(ValueError, match="0..51"):
        format_cards(np.array([bad], dtype=np.int64))


def test_format_cards_reads_codes_that_are_not_plain_ints_as_format_card_does():
    """A 0-d array is not hashable; like ``format_card`` it is read as ``int(code)``: 5 is 3d."""
    assert format_cards([np.array(5), 51], sep=" ") == "3d As"
    assert format_cards(np.array([45, 0], dtype=np.int8)) == "Kd2c"


@pytest.mark.parametrize("token", [" 10s ", "\tTs\n", "10S"])
def test_a_single_card_with_spaces_or_a_ten_spelled_10(token):
    assert card(token) == 4 * 8 + 3  # T is rank 8, s suit 3


@pytest.mark.parametrize(("text", "codes"), [("10sJd", [35, 37]), ("10c 10d", [32, 33])])
def test_a_ten_spelled_10_inside_a_string_of_cards(text, codes):
    """``card`` accepts ``10`` for T; so do strings of several cards (T is rank 8: 8*4 + suit)."""
    assert parse_cards(text) == codes
    assert parse_cards([text]) == codes


@pytest.mark.parametrize(("text", "token"), [("Zz As", "Zz"), ("AsKxQd", "Kx"), ("2c 3q 4d", "3q")])
def test_a_bad_card_in_the_middle_is_named_alone(text, token):
    """The error names the two characters that are not a card, not the rest of the string."""
    with pytest.raises(ValueError, match=repr(token) + " in "):
        parse_cards(text)


@pytest.mark.parametrize("token", ["11s", "1As", "19h", "100s"])
def test_only_the_two_characters_10_spell_a_ten(token):
    """``10`` is accepted for T; any other token starting with 1 is not a card."""
    with pytest.raises(ValueError, match="bad card"):
        card(token)

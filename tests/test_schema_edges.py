"""Edges of the cards given to hands mucked at a showdown, and of the scenario JSON Schema.

``pokersim.history.unshown.losing_cards``: each mucked player gets the first two free cards in
deck-code order (2c 2d 2h 2s 3c ... As, codes 0..51) whose hand is strictly worse than every
hand shown with the same board; cards already given to an earlier mucked player are no longer
free; when no such cards exist (or nobody showed) the answer is ``None``.

``pokersim.schema.scenario_schema``: ``players = 9`` is short for ``[players] count = 9`` (a
positive integer), and a player model's ``params`` is a free-form table. Every expected value
below is worked out by hand from those rules.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from pokersim.cards import card, parse_cards
from pokersim.history.unshown import losing_cards
from pokersim.schema import scenario_schema

ROOT = Path(__file__).resolve().parent.parent
BOARD = tuple(parse_cards("2c 7d 9h Jc Ks"))


def _pair(text: str) -> tuple[int, int]:
    a, b = parse_cards(text)
    return a, b


def _known(*pairs: tuple[int, ...]) -> set[int]:
    return {c for pair in pairs for c in pair}


def test_the_first_losing_pair_in_deck_order_goes_to_the_mucked_player() -> None:
    """Ann shows a pair of kings. 2d 2h and 2d 2s make trips with the board's 2c and win;
    2d 3c is the first pair (in code order, lower card first) that only makes a pair of twos."""
    ann = _pair("As Kd")
    got = losing_cards({"Ann": ann}, ["Bob"], BOARD, _known(BOARD, ann))
    assert got == {"Bob": (card("2d"), card("3c"))}


def test_a_second_mucked_player_does_not_get_the_first_players_cards() -> None:
    """Bob takes 2d 3c; for Cid the next free pairs are 2h 2s (trips, wins), then 2h 3d,
    a pair of twos that loses to Ann's kings."""
    ann = _pair("As Kd")
    got = losing_cards({"Ann": ann}, ["Bob", "Cid"], BOARD, _known(BOARD, ann))
    assert got == {"Bob": (card("2d"), card("3c")), "Cid": (card("2h"), card("3d"))}


def test_the_cards_must_lose_to_the_weakest_hand_shown_too() -> None:
    """Bob shows 3c 4d: king-high, K J 9 7 4. No two free cards make a worse hand (a 2 pairs
    the board, two 3s pair each other, anything else plays above the 4), so although plenty of
    cards lose to Ann's aces there are none for Cid."""
    ann, bob = _pair("Ac Ad"), _pair("3c 4d")
    got = losing_cards({"Ann": ann, "Bob": bob}, ["Cid"], BOARD, _known(BOARD, ann, bob))
    assert got is None


def test_a_tie_is_not_a_loss() -> None:
    """The board is a royal flush: every player plays it and ties, nobody's cards lose."""
    board = tuple(parse_cards("As Ks Qs Js Ts"))
    ann = _pair("2c 3d")
    assert losing_cards({"Ann": ann}, ["Bob"], board, _known(board, ann)) is None


def test_no_hand_shown_means_no_cards() -> None:
    """With no hand shown there is nothing to lose to: the answer is None."""
    assert losing_cards({}, ["Bob"], BOARD, set(BOARD)) is None


def test_nobody_mucked_gets_an_empty_answer() -> None:
    """With no mucked player there is nobody to deal: an empty mapping, not None."""
    ann = _pair("As Kd")
    assert losing_cards({"Ann": ann}, [], BOARD, _known(BOARD, ann)) == {}


def test_the_ace_of_spades_can_be_chosen() -> None:
    """Every card but 3c and As is already dealt: Bob's only pair is 3c As, ace-high, which
    loses to Ann's pair of aces."""
    ann = _pair("Ah Ad")
    known = set(range(52)) - {card("3c"), card("As")}
    got = losing_cards({"Ann": ann}, ["Bob"], BOARD, known)
    assert got == {"Bob": (card("3c"), card("As"))}


def test_the_callers_known_cards_are_left_as_they_were() -> None:
    """Cards chosen for mucked players are tracked apart: the set of cards the history shows,
    passed in, still holds exactly the board and the shown hands afterwards."""
    ann = _pair("As Kd")
    known = _known(BOARD, ann)
    before = set(known)
    losing_cards({"Ann": ann}, ["Bob", "Cid"], BOARD, known)
    assert known == before


def _valid(data: dict[str, Any]) -> bool:
    try:
        jsonschema.validate(data, scenario_schema(), cls=jsonschema.Draft202012Validator)
    except jsonschema.ValidationError:
        return False
    return True


def _default() -> dict[str, Any]:
    return tomllib.loads((ROOT / "scenarios" / "default.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("count", "ok"), [(9, True), (1, True), (0, False), (2.5, False)])
def test_players_as_a_bare_count_must_be_a_positive_integer(count: Any, ok: bool) -> None:
    """``players = N`` stands for ``[players] count = N``: 9 and 1 are fine, 0 and 2.5 are not."""
    data = _default()
    data["players"] = count
    assert _valid(data) is ok


def test_player_model_params_are_a_free_form_table() -> None:
    """A model's ``params`` may hold any keys (they belong to the model), but must be a table."""
    data = _default()
    data["players"]["mix"][0]["params"] = {"anything_at_all": 3}
    assert _valid(data)
    data["players"]["mix"][0]["params"] = 3
    assert not _valid(data)

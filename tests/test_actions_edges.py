"""Edges of the decision protocol: the legal-action flags at 0 and 1 chip, the money bubble,
each bounty kind's cash share and the context's columns without a level.

Expected values come from the docstrings of ``pokersim.actions`` (``LegalActions``,
``TournamentContext``, the ``CTX_*`` comments) and RULES.md R-KO-1.
"""

from __future__ import annotations

import math

import pytest

from pokersim import actions
from pokersim.actions import HandClock, LegalActions, TournamentContext
from pokersim.config import AnteKind, Level


@pytest.mark.parametrize(("to_call", "can_check"), [(0, True), (1, False), (100, False)])
def test_checking_is_free_only_when_nothing_is_owed(to_call, can_check):
    """``can_check``: True when checking costs nothing; one chip owed is a call."""
    assert LegalActions(to_call, 0, 0).can_check is can_check


@pytest.mark.parametrize(("max_raise_to", "can_raise"), [(0, False), (1, True), (200, True)])
def test_raising_is_legal_only_with_a_positive_maximum(max_raise_to, can_raise):
    """``can_raise``: betting or raising is legal when ``max_raise_to > 0``."""
    assert LegalActions(100, max_raise_to, max_raise_to).can_raise is can_raise


@pytest.mark.parametrize(
    ("players_left", "places_paid", "to_money"),
    [(12, 9, 3), (10, 9, 1), (9, 9, 0), (5, 9, 0)],
)
def test_players_to_money_at_the_bubble(players_left, places_paid, to_money):
    """Players still to go out before the rest are paid: one on the bubble, 0 in the money."""
    ctx = TournamentContext(players_left=players_left, places_paid=places_paid, average_stack=1.0)
    assert ctx.players_to_money == to_money
    assert ctx.as_array()[actions.CTX_PLAYERS_TO_MONEY] == to_money


@pytest.mark.parametrize(
    ("kind", "share"),
    [("none", 0.0), ("ko", 1.0), ("pko", 0.5), ("fixed", 1.0), ("team", 1.0), ("other", 0.0)],
)
def test_bounty_cash_share_of_each_kind(kind, share):
    """R-KO-1: a whole head in cash (KO, fixed, team), half in a PKO, nothing without bounties."""
    ctx = TournamentContext(players_left=5, places_paid=2, average_stack=1.0, bounty_kind=kind)
    assert ctx.bounty_cash_share == share
    assert ctx.as_array()[actions.CTX_BOUNTY_CASH_SHARE] == share


def test_a_head_without_a_bounty_is_worth_nothing():
    """``bounties_cents`` by player id, absent: 0."""
    ctx = TournamentContext(players_left=5, places_paid=2, average_stack=1.0, bounties_cents={4: 9})
    assert ctx.seat_bounties((1, 4, 2)) == (0, 9, 0)


def test_seconds_to_next_level_count_from_the_hands_start():
    """The next level starts at second 500; a hand started at 480 has 20 seconds left."""
    ctx = TournamentContext(
        players_left=5,
        places_paid=2,
        average_stack=1.0,
        level_ends_at=500.0,
        clock=HandClock(480.0),
    )
    assert ctx.seconds_to_next_level == 20.0
    ctx.clock.started_at = 499.5  # a live view: the engine sets it before each hand
    assert ctx.seconds_to_next_level == 0.5
    assert ctx.as_array()[actions.CTX_SECONDS_TO_NEXT_LEVEL] == 0.5


def test_columns_without_a_level_are_zero_and_a_classic_ante_is_not_the_big_blinds():
    """No level: blinds, ante and the next big blind read 0; a classic ante is not one for the
    table (``CTX_BIG_BLIND_ANTE`` 0) and the next level's small blind is not read."""
    bare = TournamentContext(players_left=3, places_paid=1, average_stack=2.0).as_array()
    for col in ("SMALL_BLIND", "BIG_BLIND", "ANTE", "BIG_BLIND_ANTE", "NEXT_BIG_BLIND"):
        assert bare[getattr(actions, "CTX_" + col)] == 0.0
    assert bare[actions.CTX_FIRST_PRIZE] == 0.0 and math.isinf(
        bare[actions.CTX_SECONDS_TO_NEXT_LEVEL]
    )
    level = Level(small_blind=25, big_blind=50, ante=5, ante_kind=AnteKind.CLASSIC)
    ctx = TournamentContext(
        players_left=3,
        places_paid=1,
        average_stack=2.0,
        level=level,
        next_level=Level(small_blind=40, big_blind=80),
        prizes_cents=(700, 300),
    )
    a = ctx.as_array()
    assert (a[actions.CTX_SMALL_BLIND], a[actions.CTX_BIG_BLIND], a[actions.CTX_ANTE]) == (
        25,
        50,
        5,
    )
    assert a[actions.CTX_BIG_BLIND_ANTE] == 0.0
    assert a[actions.CTX_NEXT_BIG_BLIND] == 80
    assert a[actions.CTX_FIRST_PRIZE] == 700  # place 1 first

"""Frozen event records: past-tense facts, appended in the order they happened.

Hand-level events are what one hand emits (``pokersim.hand.play_hand``); together with the
hand's ``HandSetup`` they carry everything a PHH file or a PokerStars hand history needs.
``seat`` is always an index into ``HandSetup.seats`` (clockwise from table seat 1), never a
table seat number; ``player_id`` is repeated so a flattened log stays readable on its own.

Replaying the chip movements (``ForcedBetPosted``, ``ActionTaken.amount``,
``UncalledBetReturned``, ``PotAwarded.shares``) from the starting stacks reproduces the final
stacks: if it does not, an event was not emitted.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# ---------------------------------------------------------------------------------------------
# Hand-level events
# ---------------------------------------------------------------------------------------------


class PostKind(StrEnum):
    """What a forced bet was (R-BLIND-1, R-ANTE-1)."""

    ANTE = "ante"  # classic ante, or the big blind's table ante (dead money)
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"


class ActionKind(StrEnum):
    """What a voluntary action amounted to once applied (``CheckCall`` becomes check or call)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"  # first bet of a post-flop round
    RAISE = "raise"  # any bet over an existing bet (the big blind counts as the pre-flop bet)


STREET_NAMES = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted:
    """A hand began: who is dealt in, with what, and where the button is."""

    table_id: int
    hand_no: int
    button: int  # seat index of the button
    player_ids: tuple[int, ...]
    seat_nos: tuple[int, ...]  # table seat numbers (1-based) of each seat index
    stacks: tuple[int, ...]  # stacks before any forced bet


@dataclass(frozen=True, slots=True, kw_only=True)
class ForcedBetPosted:
    """An ante or blind was posted; short stacks post what they have (``all_in``)."""

    seat: int
    player_id: int
    kind: PostKind
    amount: int  # chips actually posted (may be short of the level's amount)
    all_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HoleCardsDealt:
    """A seat received its two hole cards (card codes, see ``pokersim.cards``)."""

    seat: int
    player_id: int
    cards: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDealt:
    """Community cards were dealt for a street (1 flop, 2 turn, 3 river)."""

    street: int
    cards: tuple[int, ...]  # the cards new on this street
    board: tuple[int, ...]  # the whole board so far


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionTaken:
    """A player acted.

    ``amount`` is the chips this action added; ``to`` is the player's total bet in this round
    after it (for bet/raise the raise-to total, as PHH's ``cbr``; blinds count, antes do not).
    ``timed_out`` marks the automatic check-or-fold of R-HAND-6.
    """

    seat: int
    player_id: int
    street: int  # 0 pre-flop, 1 flop, 2 turn, 3 river
    kind: ActionKind
    amount: int
    to: int
    all_in: bool
    timed_out: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class UncalledBetReturned:
    """The uncalled part of the last bet went back to its owner (R-HAND-3)."""

    seat: int
    player_id: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandShown:
    """A player's hole cards were shown at showdown, with their evaluator rank (1 is best)."""

    seat: int
    player_id: int
    cards: tuple[int, int]
    rank: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PotAwarded:
    """One pot (0 main, 1.. side pots) was formed and awarded on its own (R-HAND-4, R-HAND-5).

    ``winners`` are seat indices in order from the button's left; ``shares[i]`` is what
    ``winners[i]`` received (odd chips to the earliest). ``showdown`` is False when everyone
    else folded and the pot went uncontested.
    """

    pot_index: int
    amount: int
    eligible: tuple[int, ...]  # seat indices that had a claim on this pot (not folded)
    winners: tuple[int, ...]
    winner_ids: tuple[int, ...]
    shares: tuple[int, ...]
    showdown: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded:
    """The hand is over; stacks per seat index after every pot was paid."""

    table_id: int
    hand_no: int
    final_stacks: tuple[int, ...]


HandEvent = (
    HandStarted
    | ForcedBetPosted
    | HoleCardsDealt
    | BoardDealt
    | ActionTaken
    | UncalledBetReturned
    | HandShown
    | PotAwarded
    | HandEnded
)

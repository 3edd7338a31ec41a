"""What a player sees and what it may answer: the protocol between the hand and player models.

Actions are commands (``Fold()``, ``CheckCall()``, ``RaiseTo(amount)``); the hand validates them
against its ``LegalActions`` and raises ``IllegalActionError`` naming what was legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokersim.config import BettingStructure, Level


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand."""


@dataclass(frozen=True, slots=True)
class CheckCall:
    """Check when nothing is owed, else call (all-in if the stack is short)."""


@dataclass(frozen=True, slots=True)
class RaiseTo:
    """Bet or raise so that this round's total bet becomes ``amount`` chips."""

    amount: int


Action = Fold | CheckCall | RaiseTo

FOLD = Fold()
CHECK_CALL = CheckCall()


@dataclass(frozen=True, slots=True)
class LegalActions:
    """The legal answers at one decision.

    ``to_call`` is what calling adds (0: checking is free; capped at the stack). Betting or
    raising is legal when ``max_raise_to > 0``; the total for the round must then lie in
    ``[min_raise_to, max_raise_to]`` (``min_raise_to == max_raise_to`` when only all-in is left).
    Folding is always legal.
    """

    to_call: int
    min_raise_to: int
    max_raise_to: int

    @property
    def can_check(self) -> bool:
        """True when checking costs nothing."""
        return self.to_call == 0

    @property
    def can_raise(self) -> bool:
        """True when a bet or raise is allowed."""
        return self.max_raise_to > 0


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentContext:
    """Tournament facts a model may use; built by the engine once per hand (not per decision)."""

    players_left: int
    places_paid: int
    average_stack: float
    bounties_cents: Mapping[int, int] = field(default_factory=dict)  # player_id -> bounty on head
    level_index: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionView:
    """Read-only view of one decision, from the acting player's side.

    Per-seat tuples are in the hand's seat order (clockwise from table seat 1); ``seat`` is the
    acting player's index into them and ``button`` the button's index.
    """

    table_id: int
    hand_no: int
    seat: int
    player_id: int
    hole: tuple[int, int]
    board: tuple[int, ...]
    street: int  # 0 pre-flop, 1 flop, 2 turn, 3 river
    button: int
    player_ids: tuple[int, ...]
    stacks: tuple[int, ...]  # chips behind, before this action
    bets: tuple[int, ...]  # chips put in this betting round
    in_hand: tuple[bool, ...]  # not folded
    pot: int  # everything put in so far, this round's bets included
    legal: LegalActions
    level: Level
    structure: BettingStructure
    context: TournamentContext | None = None

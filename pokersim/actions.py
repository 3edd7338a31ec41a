"""What a player sees and what it may answer: the protocol between the hand and player models.

Actions are commands (``Fold()``, ``CheckCall()``, ``RaiseTo(amount)``); the hand validates them
against its ``LegalActions`` and raises ``IllegalActionError`` naming what was legal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import field
from typing import Any

import numpy as np

from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.frozen import frozen


@frozen(slots=True)
class Fold:
    """Give up the hand."""


@frozen(slots=True)
class CheckCall:
    """Check when nothing is owed, else call (all-in if the stack is short)."""


@frozen(slots=True)
class RaiseTo:
    """Bet or raise so that this round's total bet becomes ``amount`` chips."""

    amount: int


Action = Fold | CheckCall | RaiseTo

FOLD = Fold()
CHECK_CALL = CheckCall()


@frozen(slots=True)
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


# Columns of ``TournamentContext.as_array()``: the context as floats, for compiled code.
CTX_PLAYERS_LEFT = 0
CTX_PLACES_PAID = 1
CTX_PLAYERS_TO_MONEY = 2
CTX_AVERAGE_STACK = 3
CTX_LEVEL_INDEX = 4
CTX_SMALL_BLIND = 5
CTX_BIG_BLIND = 6
CTX_ANTE = 7
CTX_BIG_BLIND_ANTE = 8  # 1.0 when the ante is the big blind's (one for the table)
CTX_NEXT_BIG_BLIND = 9  # the next level's big blind (this level's on the last level)
CTX_SECONDS_TO_NEXT_LEVEL = 10  # inf on the last level
CTX_HAND_FOR_HAND = 11
CTX_BOUNTY_CASH_SHARE = 12  # share of a head paid in cash: 1 (KO, fixed, team), 0.5 (PKO), 0
CTX_FIRST_PRIZE = 13  # cents
CTX_SEAT_BOUNTY = 14  # the bounty (cents) of the k-th id given to as_array: column 14 + k
CTX_COLUMNS: tuple[str, ...] = (
    "players_left",
    "places_paid",
    "players_to_money",
    "average_stack",
    "level_index",
    "small_blind",
    "big_blind",
    "ante",
    "big_blind_ante",
    "next_big_blind",
    "seconds_to_next_level",
    "hand_for_hand",
    "bounty_cash_share",
    "first_prize",
)
"""Names of the scalar columns, in order; the seats' bounties follow."""

_CASH_SHARE = {"ko": 1.0, "pko": 0.5, "fixed": 1.0, "team": 1.0}


class HandClock:
    """The simulated second the hand under way started: set by the engine before each hand."""

    __slots__ = ("started_at",)

    def __init__(self, started_at: float = 0.0) -> None:
        self.started_at = started_at


@frozen(slots=True, kw_only=True)
class TournamentContext:
    """Tournament facts a model may use; built by the engine once per hand (not per decision).

    Facts at the start of the hand, as a player at the table knows them: the field
    (``players_left``, ``places_paid``, ``average_stack`` in chips), the payout table
    (``prizes_cents``, place 1 first, every place of the table), the clock (``level``,
    ``next_level``: ``None`` on the last level; ``level_ends_at``, the simulated second the
    next level starts, ``inf`` on the last), whether the hand is played hand-for-hand, and the
    bounties: ``bounty_kind`` (``"none"``, ``"ko"``, ``"pko"``, ``"fixed"``, ``"team"``) and
    ``bounties_cents``, the cents on each player's head by player id (absent: 0).

    The engine reuses one record while these facts stay the same, so two parts are *live*
    views, right during the hand's decisions and not to be kept: ``bounties_cents`` reads the
    bounty ledger (bounties move only between hands) and ``clock`` says when the hand under way
    started (``seconds_to_next_level``).
    """

    players_left: int
    places_paid: int
    average_stack: float
    bounties_cents: Mapping[int, int] = field(default_factory=dict)
    level_index: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)
    prizes_cents: tuple[int, ...] = ()
    level: Level | None = None
    next_level: Level | None = None
    level_ends_at: float = math.inf
    hand_for_hand: bool = False
    bounty_kind: str = "none"
    clock: HandClock = field(default_factory=HandClock)

    @property
    def players_to_money(self) -> int:
        """Players still to go out before the rest are paid (0 in the money)."""
        left = self.players_left - self.places_paid
        return left if left > 0 else 0

    @property
    def seconds_to_next_level(self) -> float:
        """Simulated seconds from the hand's start to the next level (``inf`` on the last)."""
        return self.level_ends_at - self.clock.started_at

    @property
    def bounty_cash_share(self) -> float:
        """Share of a head its eliminator takes in cash (0 without bounties)."""
        return _CASH_SHARE.get(self.bounty_kind, 0.0)

    def seat_bounties(self, player_ids: Sequence[int]) -> tuple[int, ...]:
        """The cents on the heads of ``player_ids`` (e.g. ``view.player_ids``), in that order."""
        get = self.bounties_cents.get
        return tuple([get(p, 0) for p in player_ids])

    def as_array(self, player_ids: Sequence[int] = (), out: np.ndarray | None = None) -> np.ndarray:
        """The context as float64 columns (``CTX_*``), then the bounties of ``player_ids``.

        ``out`` (at least ``CTX_SEAT_BOUNTY + len(player_ids)`` long) is filled in place and
        returned, so compiled code can read one buffer hand after hand.
        """
        n = CTX_SEAT_BOUNTY + len(player_ids)
        a = np.zeros(n, dtype=np.float64) if out is None else out
        lv = self.level
        nxt = self.next_level if self.next_level is not None else lv
        a[CTX_PLAYERS_LEFT] = self.players_left
        a[CTX_PLACES_PAID] = self.places_paid
        a[CTX_PLAYERS_TO_MONEY] = self.players_to_money
        a[CTX_AVERAGE_STACK] = self.average_stack
        a[CTX_LEVEL_INDEX] = self.level_index
        a[CTX_SMALL_BLIND] = lv.small_blind if lv is not None else 0.0
        a[CTX_BIG_BLIND] = lv.big_blind if lv is not None else 0.0
        a[CTX_ANTE] = lv.ante if lv is not None else 0.0
        a[CTX_BIG_BLIND_ANTE] = lv is not None and lv.ante_kind is AnteKind.BIG_BLIND
        a[CTX_NEXT_BIG_BLIND] = nxt.big_blind if nxt is not None else 0.0
        a[CTX_SECONDS_TO_NEXT_LEVEL] = self.seconds_to_next_level
        a[CTX_HAND_FOR_HAND] = self.hand_for_hand
        a[CTX_BOUNTY_CASH_SHARE] = self.bounty_cash_share
        a[CTX_FIRST_PRIZE] = self.prizes_cents[0] if self.prizes_cents else 0.0
        a[CTX_SEAT_BOUNTY:n] = self.seat_bounties(player_ids)
        return a


@frozen(slots=True, kw_only=True)
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

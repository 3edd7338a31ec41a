"""The decision context of a hand: what a player at the table knows of the tournament.

The dealer asks for it once per hand (``Contexts.for_hand``); every decision of the hand sees
the same record. It reads the field, the clock, the prize table and the bounty ledger and
changes none of them. One record serves hand after hand while the facts in it stay the same
(the level, the players left, the chips in play, the places paid, the prize table,
hand-for-hand): a hand pays for one attribute store (the clock's start of the hand) and a few
comparisons. The bounties are a live read-only view of the ledger, never copied.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from pokersim.actions import HandClock, TournamentContext
from pokersim.bounties import BountyKind
from pokersim.engine.cashier import Cashier
from pokersim.engine.schedule import Schedule
from pokersim.engine.state import Field
from pokersim.events import record_builder

__all__ = ["Contexts"]

_FIELDS = (
    "players_left",
    "places_paid",
    "average_stack",
    "bounties_cents",
    "level_index",
    "extra",
    "prizes_cents",
    "level",
    "next_level",
    "level_ends_at",
    "hand_for_hand",
    "bounty_kind",
    "clock",
)
_make: Callable[..., TournamentContext] = record_builder(TournamentContext, _FIELDS)
_NO_EXTRA: MappingProxyType[str, Any] = MappingProxyType({})


class Contexts:
    """Builds each hand's ``TournamentContext`` from the state the desks keep."""

    def __init__(self, field: Field, schedule: Schedule, cashier: Cashier) -> None:
        self.field = field
        self.schedule = schedule
        self.cashier = cashier
        ledger = cashier.bounty
        self.bounty_kind = ledger.kind.value
        self.heads = ledger.heads_view() if ledger.kind is not BountyKind.NONE else None
        self.clock = HandClock()
        self.context: TournamentContext | None = None
        self._chips = 0
        self._levels: object = None

    def for_hand(self, now: int, level_index: int, hand_for_hand: bool) -> TournamentContext:
        """The context of a hand starting at ``now`` at level ``level_index``."""
        self.clock.started_at = now
        field = self.field
        cashier = self.cashier
        context = self.context
        if (
            context is None
            or context.level_index != level_index
            or context.players_left != field.remaining
            or self._chips != field.total_chips
            or context.places_paid != cashier.places_paid
            or context.prizes_cents is not cashier.prizes
            or context.hand_for_hand != hand_for_hand
            or self._levels is not self.schedule.levels
        ):
            context = self.context = self._make(level_index, hand_for_hand)
        return context

    def _make(self, level_index: int, hand_for_hand: bool) -> TournamentContext:
        field = self.field
        levels = self.schedule.levels  # replaced by a pause or a shoot-out round's restart
        last = level_index + 1 >= len(levels.levels)
        self._levels = levels
        self._chips = field.total_chips
        return _make(
            field.remaining,
            self.cashier.places_paid,
            field.total_chips / field.remaining,
            self.heads if self.heads is not None else MappingProxyType({}),
            level_index,
            _NO_EXTRA,
            self.cashier.prizes,
            levels.levels[level_index],
            None if last else levels.levels[level_index + 1],
            math.inf if last else float(levels.start_of(level_index + 1)),
            hand_for_hand,
            self.bounty_kind,
            self.clock,
        )

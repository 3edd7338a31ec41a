"""The decision context of a hand: what a player at the table knows of the tournament.

The dealer asks for it once per hand (``Contexts.for_hand``); every decision of the hand sees
the same record. It reads the field, the clock, the prize table and the bounty ledger and
changes none of them. The clock moves every hand, so the record is new each hand, but what
changes only with the level (the levels, the time the next one starts) is looked up once per
level, and the prize table and the empty parts are shared, not copied: a hand pays for one
record built by ``record_builder`` and, in a bounty tournament, one head lookup per seat.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Any

from pokersim.actions import TournamentContext
from pokersim.bounties import BountyKind
from pokersim.config import Level
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
    "seconds_to_next_level",
    "hand_for_hand",
    "bounty_kind",
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
        self.heads = None if ledger.kind is BountyKind.NONE else ledger.head
        # what changes only with the level (or a pause, or a shoot-out's restart)
        self._levels: object = None
        self._level_index = -1
        self._level: Level | None = None
        self._next: Level | None = None
        self._next_at = math.inf

    def _clock(self, level_index: int) -> None:
        schedule = self.schedule
        levels = schedule.levels
        self._levels = levels
        self._level_index = level_index
        self._level = levels.levels[level_index]
        last = level_index + 1 >= len(levels.levels)
        self._next = None if last else levels.levels[level_index + 1]
        self._next_at = math.inf if last else levels.start_of(level_index + 1)

    def for_hand(
        self, now: int, level_index: int, ids: Sequence[int], hand_for_hand: bool
    ) -> TournamentContext:
        """The context of a hand starting at ``now`` for the players ``ids`` (seat order)."""
        if level_index != self._level_index or self.schedule.levels is not self._levels:
            self._clock(level_index)
        field = self.field
        cashier = self.cashier
        heads = self.heads
        return _make(
            field.remaining,
            cashier.places_paid,
            field.total_chips / field.remaining,
            () if heads is None else tuple([heads(p) for p in ids]),
            level_index,
            _NO_EXTRA,
            cashier.prizes,
            self._level,
            self._next,
            self._next_at - now,
            hand_for_hand,
            self.bounty_kind,
        )

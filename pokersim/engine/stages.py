"""Hand-for-hand (R-SYNC-1, R-SYNC-2): when play is synchronized and what it has cost in time.

Synchronized play starts once every table is idle and the field is within a stage, and ends
when the field leaves it or one table is left. In a synchronized round every table deals
together and the players out in it are placed together, by their stacks at the start of the
hand. The director asks this record; it holds no reference to any desk.
"""

from __future__ import annotations

from typing import Any

from pokersim.engine.state import Bust
from pokersim.events import HandForHandEnded, HandForHandStarted
from pokersim.scenario import Scenario

__all__ = ["HandForHand"]


class HandForHand:
    """The hand-for-hand stages in force and the synchronized round under way."""

    def __init__(self, scenario: Scenario, places_paid: int) -> None:
        self.sc = scenario
        self.stages: list[tuple[int, int]] = []
        self.top = 0
        self.set_stages(places_paid)
        self.on = False  # hand-for-hand in force
        self.round = False  # the hands under way are a synchronized round
        self.busts: list[Bust] = []  # players out in the round, placed when it ends

    def set_stages(self, places_paid: int) -> None:
        """The stages' ranges of players left, for the places paid now."""
        self.stages = [
            st.active_range(places_paid, self.sc.final_table_size)
            for st in self.sc.hand_for_hand.stages
        ]
        self.top = max((high for _low, high in self.stages), default=0)

    def wanted(self, remaining: int, tables: int) -> bool:
        """The field is within a stage and plays at more than one table."""
        if remaining > self.top or tables < 2:
            return False
        return any(low < remaining <= high for low, high in self.stages)

    def update(self, now: int, wanted: bool, remaining: int) -> list[Any]:
        """Start or end hand-for-hand as ``wanted`` says: the events."""
        if wanted and not self.on:
            self.on = True
            return [HandForHandStarted(t=now, players_left=remaining)]
        if not wanted and self.on:
            self.on = False
            return [HandForHandEnded(t=now, players_left=remaining)]
        return []

    def stop(self) -> None:
        """The tournament ends: no stage is in force (its time is read from the log)."""
        self.on = False

    def round_over(self) -> list[Bust]:
        """The synchronized round ends: the players out in it, to be placed together."""
        self.round = False
        busts, self.busts = self.busts, []
        return busts

"""A few players' hands followed (``run_tournament(watch=...)``): theirs whole, others' ends told.

One player's hand histories need that player's hands recorded and, of every other hand, only
its number in the tournament's order where it matters: a hand in which someone busted (its
bounties and places are the hand's) and the first hand a table deals after the player last
played there (so that a winner's line never goes into an earlier hand of theirs). The others are
played lean, most of them in the tables' compiled loop; the order handed on is the engine's own
count of hands ended, the same number an ``on_hand`` counting every hand would reach.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

from pokersim.engine.played import Outcome
from pokersim.engine.records import HandWatch
from pokersim.engine.state import Field, Table
from pokersim.hand import HandResult

__all__ = ["Watching"]


class Watching:
    """The engine's side of a ``HandWatch``: which hands are recorded, which ends it is told.

    Without a watch (``None``) nobody is followed: every question answers no.
    """

    def __init__(self, watch: HandWatch | None) -> None:
        self.watch = watch
        self.players = frozenset(() if watch is None else watch.players)
        self.recorded: set[int] = set()  # tables whose hand under way is one of theirs
        self.follow: set[int] = set()  # tables where one of them played the last hand ended

    def dealing(self, table_id: int, ids: Iterable[int]) -> bool:
        """A hand starts at the table with these players: True when it is to be recorded."""
        if self.players.isdisjoint(ids):
            return False
        self.recorded.add(table_id)
        return True

    def director_deals(self, tab: Table) -> bool:
        """Whether the table's next hand is the director's: one of them sits or played there."""
        return tab.table_id in self.follow or not self.players.isdisjoint(tab.seats.values())

    def applied(self, table_id: int) -> bool:
        """Whether the end of the hand under way at the table must be the director's."""
        return table_id in self.recorded or table_id in self.follow

    def seated(self, field: Field, tables: Mapping[int, Table]) -> list[int]:
        """The tables where they sit now (the tables' loop must not deal their next hands)."""
        out = []
        for p in self.players:
            x, seat_no = field.location[p]
            tab = tables.get(x)
            if tab is not None and tab.seats.get(seat_no) == p:
                out.append(x)
        return out

    def tell(self, tab: Table, result: Outcome, order: int) -> None:
        """A hand the director applied: theirs whole, another's number and order."""
        x, watch = tab.table_id, self.watch
        assert watch is not None
        if x in self.recorded:
            self.recorded.discard(x)
            self.follow.add(x)
            watch.dealt(cast(HandResult, result), order)
        else:
            self.follow.discard(x)
            watch.passed(x, tab.hand_no, order)

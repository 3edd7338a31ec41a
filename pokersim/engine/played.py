"""A hand as the engine keeps it: its chips and knockouts at once, its records when read.

The compiled hand returns the seats' final stacks and its knockouts; the engine applies them
and goes on. Most hands are never looked at again, so their ``HandSetup`` and ``Deal`` (the
starting state a rollback restores, R-FAULT-1; the seats a bust or a time-out reads) are built
from the kept inputs only if something reads them, the same records ``hand.play_hand`` gives.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokersim.config import BettingStructure, Level
from pokersim.events import HandEvent
from pokersim.hand import (
    Deal,
    HandResult,
    HandSetup,
    Knockout,
    Seat,
    unchecked_deal,
    unchecked_seat,
    unchecked_setup,
)

__all__ = ["Outcome", "PlayedHand", "SettledHand"]


class PlayedHand:
    """A hand played compiled, whole: what ``HandResult`` says of it, but its pots.

    Played for an engine that reads no hand's pots (no ``on_hand``): recorded or not.
    """

    __slots__ = (
        "_deal",
        "_setup",
        "board_at",
        "button",
        "events",
        "final_stacks",
        "hand_no",
        "knockouts",
        "level",
        "level_index",
        "player_ids",
        "ranks",
        "row_at",
        "rows",
        "seat_nos",
        "showdown",
        "stacks",
        "start_time",
        "structure",
        "table_id",
    )

    def __init__(
        self,
        at: tuple[int, int, int, int],
        level: Level,
        structure: BettingStructure,
        seats: tuple[Sequence[int], tuple[int, ...], Sequence[int], int],
        cards: tuple[bytes, int, int, Sequence[int]],
        final_stacks: tuple[int, ...],
        knockouts: tuple[Knockout, ...],
        showdown: bool,
        events: Sequence[HandEvent] = (),
    ) -> None:
        # (table, hand number, level index, start time); (seat numbers, player ids, stacks,
        # button index); (the deck row, where the hand's deck starts, its board, hand ranks)
        self.table_id, self.hand_no, self.level_index, self.start_time = at
        self.level = level
        self.structure = structure
        self.seat_nos, self.player_ids, self.stacks, self.button = seats
        self.rows, self.row_at, self.board_at, self.ranks = cards
        self.final_stacks = final_stacks
        self.knockouts = knockouts
        self.showdown = showdown
        self.events = events  # recorded: the hand's events (``hand_log``), decoded when read
        self._setup: HandSetup | None = None
        self._deal: Deal | None = None

    @property
    def setup(self) -> HandSetup:
        """The hand's starting state, as ``hand.play_hand`` was given it."""
        if self._setup is None:
            seats = tuple(
                unchecked_seat(player_id=p, stack=c, seat_no=s)
                for s, p, c in zip(self.seat_nos, self.player_ids, self.stacks, strict=True)
            )
            self._setup = unchecked_setup(
                seats=seats,
                button=self.button,
                level=self.level,
                structure=self.structure,
                table_id=self.table_id,
                hand_no=self.hand_no,
                level_index=self.level_index,
                start_time=self.start_time,
            )
        return self._setup

    @property
    def deal(self) -> Deal:
        """The hand's cards: each seat's from its table seat's place in the deck row."""
        if self._deal is None:
            row, at, board = self.rows, self.row_at, self.board_at
            hole = tuple([(row[at + 2 * s], row[at + 2 * s + 1]) for s in self.seat_nos])
            self._deal = unchecked_deal(
                hole=hole, board=tuple(row[board : board + 5]), strengths=tuple(self.ranks)
            )
        return self._deal

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Stacks per seat index when the hand began (what a rollback restores)."""
        return tuple(self.stacks)


# A settled hand's start: seat numbers and stacks by seat index, the button's index, the
# level, the betting structure, the table, the hand number, the level's index, the start time.
Start = tuple[list[int], list[int], int, Level, BettingStructure, int, int, int, int]


class SettledHand:
    """A hand the tables' loop played (``engine.cruise``): its chips and players.

    What the director reads of a hand end of the loop: recorded, its own events too; when
    someone busted, its knockouts, the seats of the players out and, made when read, its
    starting seats (the hand's ``Start``).
    """

    __slots__ = ("_setup", "_start", "events", "final_stacks", "knockouts", "out", "player_ids")

    def __init__(
        self,
        final_stacks: tuple[int, ...],
        player_ids: tuple[int, ...],
        events: Sequence[HandEvent] = (),
        knockouts: tuple[Knockout, ...] = (),
        start: Start | None = None,
    ) -> None:
        self.final_stacks = final_stacks
        self.player_ids = player_ids
        self.events = events  # recorded: the hand's own events
        self.knockouts = knockouts
        self._start = start
        self._setup: HandSetup | None = None
        # the seats of the players left with no chips, as the hand started (``Upkeep._bust``)
        self.out: list[Seat] = []
        if start is not None:
            seat_nos, stacks = start[0], start[1]
            self.out = [
                unchecked_seat(player_id=player_ids[k], stack=stacks[k], seat_no=seat_nos[k])
                for k in range(len(final_stacks))
                if final_stacks[k] == 0
            ]

    @property
    def setup(self) -> HandSetup:
        """The hand's starting state: kept only when someone busted (a bust reads its seats)."""
        if self._setup is None:
            start = self._start
            if start is None:
                raise AttributeError(
                    "a hand of the tables' loop in which nobody busted keeps no setup"
                )
            seat_nos, stacks, button, level, structure, table_id, hand_no, li, at = start
            self._setup = unchecked_setup(
                seats=tuple([
                    unchecked_seat(player_id=p, stack=c, seat_no=s)
                    for s, p, c in zip(seat_nos, self.player_ids, stacks, strict=True)
                ]),
                button=button,
                level=level,
                structure=structure,
                table_id=table_id,
                hand_no=hand_no,
                level_index=li,
                start_time=at,
            )  # fmt: skip
        return self._setup


# What the engine applies after a hand: a hand played in Python (or by a replaced hand
# engine) gives its full result, one played compiled a ``PlayedHand``, one of the tables' loop
# a ``SettledHand``.
Outcome = HandResult | PlayedHand | SettledHand

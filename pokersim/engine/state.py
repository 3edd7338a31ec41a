"""The state desks share: one record per table and the field's per-player arrays.

Neither knows about time or SimPy. The floor owns the tables' seats; the field's chips change
only through hands (the dealer), buys (the cashier), a shoot-out match awarded whole, a
shoot-out round's new stacks (R-SHOOT-1) and a disqualification (the director applies these).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence

import numpy as np

from pokersim.balancing import TableSeats
from pokersim.config import Level

__all__ = ["Bust", "Field", "Table"]

# A player out of a hand: (player id, stack at the start of the hand, table id, hand number,
# ids of the players who won their last chips).
Bust = tuple[int, int, int, int, tuple[int, ...]]
# A table's compiled-hand inputs and head (None: Python plays), and (``Table.kernel``) the
# seats, level, count of absences and whether the hand logs that they were made for
# (``Dealer._kernel_table``).
Kernel = tuple[list[int], "array[int]"] | None
TableKernel = tuple[list[int], Level, tuple[int, bool], Kernel]


class Table:
    """Mutable state of one table: seats, button, hand count and the blocks dealt ahead.

    Also the seats in order and their players, kept while nobody sits down or leaves.
    """

    __slots__ = (
        "table_id",
        "seats",
        "last_button",
        "hand_no",
        "open",
        "rows",
        "strengths",
        "uniforms",
        "normals",
        "draws_first",
        "draws_len",
        "block_first",
        "block_len",
        "playing",
        "chips",
        "recheck",
        "order",
        "ids",
        "kernel",
    )

    def __init__(self, table_id: int, seats: dict[int, int]) -> None:
        self.table_id = table_id
        self.seats = seats  # seat_no -> player_id
        self.last_button: int | None = None
        self.hand_no = 0
        self.open = True
        self.rows = b""  # the block's decks, 52 cards a hand
        self.strengths: array[int] | None = None
        self.uniforms: Sequence[float] = ()  # the block's decision draws (rng.decision_block)
        self.normals: Sequence[float] = ()
        self.draws_first = 1
        self.draws_len = 0
        self.block_first = 1
        self.block_len = 0
        self.playing = False
        self.chips = 0  # chips at the table when its current hand started
        self.recheck = False  # woken by another table: check again before dealing
        # Kept while nobody sits down or leaves (the floor drops them when a size changes):
        # the occupied seats in order and their players.
        self.order: list[int] | None = None
        self.ids: list[int] = []
        self.kernel: TableKernel | None = None  # the dealer's compiled inputs and head

    def view(self) -> TableSeats:
        """The seats as the pure balancing rules take them (not copied: read before a move)."""
        return TableSeats(table_id=self.table_id, seats=self.seats, last_button=self.last_button)


class Field:
    """Per-player chips and seats, and how many are still in: what every desk reads."""

    __slots__ = ("n", "stack", "location", "remaining", "unplaced", "registered", "total_chips")

    def __init__(self, n: int, starting_stack: int) -> None:
        self.n = n
        # machine integers, not int objects: a hand's new stacks are stored without touching
        # (and freeing) the old objects, which are cold in a large field
        self.stack = array("q", [starting_stack]) * n
        self.location: list[tuple[int, int]] = [(0, 0)] * n  # (table_id, seat_no)
        self.remaining = n  # players with chips
        self.unplaced = n  # players without a finishing place yet
        self.registered = n  # players who entered so far (late registration adds)
        self.total_chips = starting_stack * n

    def holding(self) -> list[int]:
        """Ids of the players with chips, in id order."""
        return [p for p in range(self.n) if self.stack[p] > 0]

    def take_out_of_play(self, p: int, chips: int) -> None:
        """``chips`` of ``p``'s stack leave the tournament (R-COND-1, R-COND-3), not to a pot."""
        self.stack[p] -= chips
        self.total_chips -= chips


# Columns of ``TableArrays.tabs``, one row a table (``pokersim.tables_kernel`` reads them).
T_HAND_NO, T_BUTTON, T_CHIPS, T_HEAD_OK, T_LEVEL, T_PRESENT, T_FIN_OK = range(7)
T_BLOCK_FIRST, T_BLOCK_LEN, T_DRAWS_FIRST, T_DRAWS_LEN, T_TOUCHED, T_FIN_N, T_STARTED = range(7, 14)
T_WIDTH = 14
FIN_LOOP, FIN_BUST = 1, 2  # ``T_FIN_OK``: the loop applies the hand's end; the director does
FIN_GIVE = 3  # the director does: the table gives players at its hand's end (``engine.cruise``)


class TableArrays:
    """Every table's state as arrays, for the loop that plays hands between the director's events.

    A copy of what the ``Table`` records, the dealer and the shoe keep, written where they
    change it (a hand dealt in Python, a block dealt, a head made, a seat taken or left) and
    read back into the records for the tables the loop played (``engine.cruise``).
    """

    tabs: np.ndarray  # int64, a row a table (``T_*`` columns)
    heads: np.ndarray  # int64: the compiled head of each table's seats (``seats_head``)
    fins: np.ndarray  # int64: the hand under way, its final stacks
    fin_ids: np.ndarray  # int64: and its players
    kos: np.ndarray  # int16: and its knockouts, if any (``betting_kernel.keep_knockouts``)
    decks: np.ndarray  # uint8: each table's block of decks, 52 cards a hand
    ranks: np.ndarray  # int16: their hand ranks, a seat each
    uniforms: np.ndarray  # float64: each table's block of decision draws
    normals: np.ndarray
    logs: np.ndarray  # int64, recorded: the hand under way's own events (a count, then rows)
    seat_ids: np.ndarray  # int64: each seat's player plus one (0: empty), seat 1 first

    def __init__(self, seats_per_table: int, head_width: int, deck_hands: int, draw_hands: int,
                 uniforms: int, normals: int, log_width: int = 1) -> None:  # fmt: skip
        self.spt = seats_per_table
        self.deck_hands, self.draw_hands = deck_hands, draw_hands  # the blocks a row holds
        self.record = log_width > 1  # the hands' own events logged
        self.widths = {
            "tabs": (T_WIDTH, np.int64), "heads": (head_width, np.int64),
            "fins": (seats_per_table, np.int64), "fin_ids": (seats_per_table, np.int64),
            "kos": (seats_per_table * (2 + seats_per_table), np.int16),
            "decks": (deck_hands * 52, np.uint8), "ranks": (deck_hands * seats_per_table, np.int16),
            "uniforms": (draw_hands * uniforms, np.float64),
            "normals": (draw_hands * normals, np.float64), "logs": (log_width, np.int64),
            "seat_ids": (seats_per_table, np.int64),
        }  # fmt: skip
        self.codes = np.zeros(0, dtype=np.int64)  # each player's records row (``player_codes``)
        self.capacity = 0
        self.reserve(16)

    def reserve(self, tables: int) -> None:
        """Room for table ids below ``tables`` (the arrays made again, twice as large)."""
        if tables <= self.capacity:
            return
        cap = max(tables, 2 * self.capacity)
        for name, (width, dtype) in self.widths.items():
            new = np.zeros((cap, width), dtype=dtype)
            if self.capacity:
                new[: self.capacity] = getattr(self, name)
            setattr(self, name, new)
        self.capacity = cap

    def seats_changed(self, table_id: int, seats: Mapping[int, int]) -> None:
        """Someone sat down or left: the table's seats now, its head to make again."""
        if table_id < self.capacity:
            self.tabs[table_id, T_HEAD_OK] = 0
            row = [0] * self.spt  # one write of the row, not one a seat
            for seat_no, p in seats.items():
                row[seat_no - 1] = p + 1
            self.seat_ids[table_id] = row

    def seat_changed(self, table_id: int, seat_no: int, player: int) -> None:
        """``seats_changed`` for one seat: ``player`` sat down in it, or left it (-1)."""
        if table_id < self.capacity:
            self.tabs[table_id, T_HEAD_OK] = 0
            self.seat_ids[table_id, seat_no - 1] = player + 1

    def button_set(self, table_id: int, last_button: int) -> None:
        """The table's last button as its record now says (a voided hand's, R-FAULT-1)."""
        if table_id < self.capacity:
            self.tabs[table_id, T_BUTTON] = last_button

    def player_codes(self, codes: Sequence[int]) -> None:
        """Each player's row in the compiled records (-1 a plug-in, -2 away: Python plays)."""
        self.codes = np.asarray(codes, dtype=np.int64)

    def player_code(self, p: int, code: int) -> None:
        """Player ``p`` away (-2) or back: the heads made for the others stay good."""
        self.codes[p] = code

    def deck_block(self, table_id: int, first: int, decks: np.ndarray, ranks: np.ndarray) -> None:
        """The table's block of decks (hand ``first`` on) and their hand ranks, dealt.

        As many hands as a row holds: the loop makes the next block itself (keyed by hand).
        """
        size = min(len(decks), self.deck_hands)
        self.decks[table_id, : size * 52] = decks[:size].ravel()
        self.ranks[table_id, : size * self.spt] = ranks[: size * self.spt]
        row = self.tabs[table_id]
        row[T_BLOCK_FIRST] = first
        row[T_BLOCK_LEN] = size

    def draws_block(self, table_id: int, first: int, uniforms: Sequence[float],
                    normals: Sequence[float], size: int) -> None:  # fmt: skip
        """The table's block of decision draws (hand ``first`` on), drawn (as many as fit)."""
        size = min(size, self.draw_hands)
        nu = size * self.widths["uniforms"][0] // self.draw_hands
        nz = size * self.widths["normals"][0] // self.draw_hands
        self.uniforms[table_id, :nu] = uniforms[:nu]
        self.normals[table_id, :nz] = normals[:nz]
        row = self.tabs[table_id]
        row[T_DRAWS_FIRST] = first
        row[T_DRAWS_LEN] = size

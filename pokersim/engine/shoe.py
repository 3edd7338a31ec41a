"""The shoe: each table's decks, hand ranks and decision draws, dealt a block of hands ahead.

Blocks keep the per-hand path to slicing: a table's decks and their hand ranks come from one
vectorized call per block (``rng.deck_block``, the batch evaluator), its decision draws from
another (``rng.decision_block``). Both are keyed by (seed, table, hand), so what a hand is
dealt never depends on the order in which the tables play, nor on who made its block: the
tables' compiled loop makes the blocks of the tables it plays in their arrays, read back here
when Python deals (``synced``).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from pokersim import rng as rngs
from pokersim.engine.records import seat_rows
from pokersim.engine.state import (
    T_BLOCK_FIRST,
    T_DRAWS_LEN,
    Table,
    TableArrays,
)
from pokersim.hand import Deal, unchecked_deal
from pokersim.rng import Streams
from pokersim.scenario import Scenario
from pokersim.script import fix_cards

__all__ = ["Shoe"]

DECK_BLOCK = 64  # most hands dealt and evaluated per table in one go
DRAWS_BLOCK = 16  # most hands of decision draws per table in one go (112 doubles a hand)
# what the tables' arrays hold of each (the loop makes the next block itself, in compiled
# code): rows of a few KB a table keep a large field's arrays in the processor's caches
LOOP_DECK_HANDS = 16
LOOP_DRAW_HANDS = 4


def _evaluator() -> Callable[[np.ndarray], np.ndarray] | None:
    """The fastest available batch evaluator (``None`` lets each hand evaluate itself)."""
    from pokersim import evaluator

    fn: Callable[[np.ndarray], np.ndarray] = evaluator.evaluate_unchecked
    return fn


class Shoe:
    """Deals a table's next hand from its blocks: the cards where the compiled hand reads them."""

    def __init__(
        self,
        scenario: Scenario,
        streams: Streams,
        fixed_decks: Mapping[tuple[int, int], Sequence[tuple[int, int]]] | None,
    ) -> None:
        self.streams = streams
        self.fixed = fixed_decks or {}  # scripted cards by (table, hand) (pokersim.script)
        self.seats_per_table = scenario.seats_per_table
        self.draws = rngs.HandDraws()
        self.evaluate = _evaluator()
        # the hand's cards as the compiled rounds read them: the deck row, its start, the board
        self._kernel_rows = b""
        self._kernel_base = 0
        self._kernel_board = 0
        self._seat_rows = seat_rows(scenario.seats_per_table)
        self.arrays: TableArrays | None = None  # a copy of the blocks for the tables' loop

    def _deck_block(self, tab: Table, first: int) -> None:
        # blocks grow 8, 16, 32, 64: short-lived tables do not deal hands they never play
        size = min(DECK_BLOCK, max(8, tab.block_len * 2))
        decks = self.streams.deck_block(tab.table_id, first, size)
        tab.rows = decks.tobytes()  # 52 bytes a hand: compact, and indexing gives ints
        tab.block_first = first
        tab.block_len = size
        if self.evaluate is not None:
            cards = decks[:, self._seat_rows].reshape(-1, 7)
            # seats_per_table a hand; ranks are at most 7462: two bytes each, not eight, in a
            # block kept by every table (a large field's working set)
            ranks = np.asarray(self.evaluate(cards), dtype=np.int16)
            tab.strengths = array("h", ranks.tobytes())
            if self.arrays is not None:
                self.arrays.deck_block(tab.table_id, first, decks, ranks)

    def _draws_block(self, tab: Table, first: int) -> None:
        # decision draws in blocks of 8, then 16 hands: 7 KB a table, not 29 KB at 64
        size = min(DRAWS_BLOCK, max(8, tab.draws_len * 2))
        tab.uniforms, tab.normals = self.streams.decision_block(tab.table_id, first, size)
        tab.draws_first = first
        tab.draws_len = size
        if self.arrays is not None:
            self.arrays.draws_block(tab.table_id, first, tab.uniforms, tab.normals, size)

    def scripted(self, tab: Table) -> bool:
        """Whether the table's current hand has scripted cards."""
        return bool(self.fixed) and (tab.table_id, tab.hand_no) in self.fixed

    def cards(self, tab: Table, seat_nos: Sequence[int]) -> Sequence[int] | None:
        """Deal the table's current hand from its blocks: the seats' hand ranks (None: none).

        Its draws are made current and its cards put where the compiled rounds read them
        (``_kernel_rows``, ``_kernel_base``, ``_kernel_board``); a scripted hand's come after.
        """
        i, j = self.rows_at(tab)
        self.draws.start(tab.uniforms, tab.normals, j, self.streams.seed, tab.table_id, tab.hand_no)
        spt = self.seats_per_table
        self._kernel_rows = tab.rows
        self._kernel_base = base = 52 * i - 2
        self._kernel_board = base + 2 + 2 * spt
        return self.ranks(tab, i, seat_nos)

    def rows_at(self, tab: Table, hand_no: int | None = None) -> tuple[int, int]:
        """The rows of the table's current hand (or ``hand_no``) in its deck and draws blocks.

        A block used up is dealt then.
        """
        if hand_no is None:
            hand_no = tab.hand_no
        if self.arrays is not None:
            self.synced(tab)
        i = hand_no - tab.block_first
        if i >= tab.block_len:
            self._deck_block(tab, hand_no)
            i = 0
        j = hand_no - tab.draws_first
        if j >= tab.draws_len:
            self._draws_block(tab, hand_no)
            j = 0
        return i, j

    def synced(self, tab: Table) -> None:
        """The table's blocks as the tables' arrays hold them: the loop makes blocks there.

        Only a block that starts later than the record's (or the first): rows are keyed by
        (seed, table, hand), and a row holds fewer hands than a block the shoe deals.
        """
        a = self.arrays
        assert a is not None
        x = tab.table_id
        first, size, draws_first, draws_size = a.tabs[x, T_BLOCK_FIRST : T_DRAWS_LEN + 1].tolist()
        if size and (first > tab.block_first or not tab.block_len):
            tab.rows = a.decks[x, : 52 * size].tobytes()
            tab.strengths = array("h", a.ranks[x, : self.seats_per_table * size].tobytes())
            tab.block_first, tab.block_len = first, size
        if draws_size and (draws_first > tab.draws_first or not tab.draws_len):
            nu, nz = rngs.DECISION_UNIFORMS * draws_size, rngs.DECISION_NORMALS * draws_size
            tab.uniforms = array("d", a.uniforms[x, :nu].tobytes())
            tab.normals = array("d", a.normals[x, :nz].tobytes())
            tab.draws_first, tab.draws_len = draws_first, draws_size

    def ranks(self, tab: Table, i: int, seat_nos: Sequence[int]) -> Sequence[int] | None:
        """The hand ranks of the seats taken, hand ``i`` of the table's block (None: none)."""
        srow = tab.strengths
        if srow is None:
            return None
        spt = self.seats_per_table
        at = i * spt - 1
        if len(seat_nos) < spt:  # empty seats: the seats taken only
            return [srow[at + s] for s in seat_nos]
        return srow[at + 1 : at + 1 + spt]

    def deal(self, tab: Table, seat_nos: Sequence[int]) -> Deal:
        """The hand's cards (and strengths) from the table's block, its draws made current."""
        scripted = self.scripted(tab)
        strengths = self.cards(tab, seat_nos)
        row, base, board0 = self._kernel_rows, self._kernel_base, self._kernel_board
        if scripted:
            return self._fixed_deal(tab, row[base + 2 : base + 54], seat_nos)
        # the hand's deck: each table seat's two cards in seat order, then the board
        hole = tuple(zip(row[base + 2 : board0 : 2], row[base + 3 : board0 : 2]))
        if len(seat_nos) < self.seats_per_table:  # empty seats: the seats taken only
            hole = tuple([hole[s - 1] for s in seat_nos])
        # inputs built here are valid by construction: skip the validating constructors
        ranks = None if strengths is None else tuple(strengths)
        return unchecked_deal(hole=hole, board=tuple(row[board0 : board0 + 5]), strengths=ranks)

    def _fixed_deal(self, tab: Table, deck: bytes, seat_nos: Sequence[int]) -> Deal:
        """A scripted hand: the seed's deck with the scripted cards swapped in (no strengths)."""
        row = bytes(fix_cards(list(deck), self.fixed[(tab.table_id, tab.hand_no)]))
        board0 = 2 * self.seats_per_table
        self._kernel_rows = row
        self._kernel_base = -2
        self._kernel_board = board0
        hole = tuple([(row[2 * s - 2], row[2 * s - 1]) for s in seat_nos])
        return unchecked_deal(hole=hole, board=tuple(row[board0 : board0 + 5]), strengths=None)

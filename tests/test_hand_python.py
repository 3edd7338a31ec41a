"""The Python around each compiled hand: what is kept per table is what each hand would make.

The seats in order and the button a table keeps between hands (``Floor.move_button``) are
those of its seats and ``seating.next_button``; a hand started from its table's head
(``betting_kernel.whole_hand_head``) gives the machine the same integers as one written whole
(``_start_whole_hand``); the compiled call resolved for one tournament-input array serves the
next one of the same layout without typing it again.
"""

from __future__ import annotations

from array import array

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import betting_kernel as bk
from pokersim.config import AnteKind, Level
from pokersim.engine.floor import Floor
from pokersim.engine.state import Table
from pokersim.model_kernel import NO_CONTEXT
from pokersim.seating import next_button


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.integers(1, 10), min_size=2, max_size=10),
    st.one_of(st.none(), st.integers(0, 11)),
    st.integers(1, 12),
)
def test_the_button_moves_as_next_button_says(seats: set[int], last: int | None, hands: int):
    tab = Table(1, {s: 100 + s for s in seats})
    tab.last_button = last
    for _ in range(hands):
        expected = next_button(sorted(seats), tab.last_button)
        seat_nos, i = Floor.move_button(tab)
        assert seat_nos == sorted(seats)
        assert seat_nos[i] == expected == tab.last_button
        assert tab.ids == [100 + s for s in seat_nos]


levels = st.sampled_from(
    [
        Level(small_blind=50, big_blind=100),
        Level(small_blind=100, big_blind=200, ante=25, ante_kind=AnteKind.CLASSIC),
        Level(small_blind=200, big_blind=400, ante=400, ante_kind=AnteKind.BIG_BLIND),
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 10), levels, st.booleans(), st.data())
def test_a_hand_started_from_its_tables_head_is_the_hand_written_whole(n, level, logging, data):
    ints_ = st.integers(0, 10**9)
    inputs = data.draw(st.lists(ints_, min_size=3 * n, max_size=3 * n))
    head = bk.whole_hand_head(n, level, inputs, logging)
    size = bk._ints_size(n)
    # the buffer holds the last hand's leftovers: everything the head covers is written again
    whole = array("q", data.draw(st.lists(ints_, min_size=size, max_size=size)))
    kept = array("q", whole)
    for _ in range(2):
        base, board_at, button = data.draw(ints_), data.draw(ints_), data.draw(st.integers(0, n))
        draws_at = tuple(data.draw(st.lists(ints_, min_size=4, max_size=4)))
        stacks = data.draw(st.lists(ints_, min_size=n, max_size=n))
        ranks = tuple(data.draw(st.lists(ints_, min_size=n, max_size=n)))
        bk._start_whole_hand(
            whole, n, base, board_at, level, button, draws_at, stacks, inputs, ranks, logging
        )
        bk._start_from_head(kept, head, n, base, board_at, button, draws_at, stacks, ranks)
        assert kept == whole
        assert len(kept) == size


def test_the_compiled_hand_is_resolved_once_for_every_tournament_input_array(monkeypatch) -> None:
    typed = []
    resolve = bk.resolve

    def counted(*args: object) -> object:
        typed.append(args)
        return resolve(*args)

    monkeypatch.setattr(bk, "resolve", counted)
    buf = bk._Buffers(bk._ints_size(9), bk.F_END)
    buf.bank_view = np.zeros(100)
    params = np.zeros(64, dtype=np.uint8)
    consts = bk.constants()
    rows = bytes(52 * 8)
    u, z = array("d", bytes(80)), array("d", bytes(80))
    first = bk._runner(buf, rows, params, u, z, consts, NO_CONTEXT)
    for k in range(3):  # a new array with each change of the field, as hand_inputs makes them
        ti = np.zeros(len(NO_CONTEXT) + k, dtype=np.float64)
        assert bk._runner(buf, rows, params, u, z, consts, ti) is first
        assert bk._runner(buf, rows, params, u, z, consts, ti) is first
    assert len(typed) == 1

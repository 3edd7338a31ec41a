"""Edges of the event log's lines written from a hand's rows (``pokersim.hand_lines``,
``pokersim.hand_log``).

Every line of ``events.jsonl`` is compact JSON with the record's type first and then its fields
in the record's order (docs: the event log is read byte for byte by other programs). The edges
here: each kind of hand event written to the exact bytes expected, the integers at the limits of
their decimal width (0, 9, 10, 99, 100, the largest and the most negative 64-bit integers), the
hole cards dealt from the button's left when the button is the last seat, entries gathered in
one batch (joined to nothing, two hands in one entry), and the helpers that read tables' rows
back (``table_event`` at an offset, ``table_rows_index``) and the sequence of decoded records
(``HandEvents``). Every expected line below is written out by hand from the records' fields.
"""

from __future__ import annotations

from array import array

import pytest

from pokersim import hand_log
from pokersim.events import (
    ActionKind,
    HandEnded,
    HandStarted,
    PostKind,
    TableHandEnded,
    UncalledBetReturned,
    event_line,
)
from pokersim.hand_lines import HandLines, hand_lines
from pokersim.hand_log import HandEvents, HandLog, decode, table_event, table_rows_index

IDS = [101, 102, 103]


def _three_handed(button: int = 0) -> HandLog:
    log = HandLog()
    log.started(7, 12, button, IDS, [1, 4, 9], [1000, 10, 99], [40, 41, 42, 43, 44])
    return log


def _lines(log: HandLog) -> list[str]:
    text, count = hand_lines(log.rows)
    lines = text.split("\n")
    assert count == len(lines)
    return lines


def test_every_hand_event_kind_is_written_to_its_exact_line() -> None:
    """A whole three-handed hand (button on seat 0): each line is the record's type then its
    fields in order, ids looked up by seat, the forced bets' and actions' kinds as their names,
    flags as true/false; the hole cards start left of the button (seats 1, 2, 0); the flop deals
    three cards, the turn and river one each with the board so far; every pot lists its winners'
    ids."""
    log = _three_handed()
    log.forced_bet(0, PostKind.SMALL_BLIND, 5, False)
    log.forced_bet(1, PostKind.BIG_BLIND, 10, True)
    log.forced_bet(2, PostKind.ANTE, 1, False)
    log.hole_cards(0, [(0, 1), (2, 3), (4, 5)])
    log.action(1, 0, ActionKind.RAISE, 90, 100, False)
    log.action(2, 0, ActionKind.FOLD, 0, 0, False, True)
    log.action(0, 0, ActionKind.CALL, 99, 100, True)
    log.board(1)
    log.action(0, 1, ActionKind.CHECK, 0, 0, False)
    log.action(1, 1, ActionKind.BET, 10, 10, False)
    log.board(2)
    log.board(3)
    log.uncalled(1, 0, 10)
    log.shown(0, (0, 1), 1234)
    log.pot(0, 300, [0, 1], [0, 1], [150, 150], True)
    log.pot(1, 7, [1], [1], [7], False)
    log.ended([0, 2000, 100])
    expected = [
        '{"type":"HandStarted","table_id":7,"hand_no":12,"button":0,'
        '"player_ids":[101,102,103],"seat_nos":[1,4,9],"stacks":[1000,10,99]}',
        '{"type":"ForcedBetPosted","seat":0,"player_id":101,"kind":"small_blind",'
        '"amount":5,"all_in":false}',
        '{"type":"ForcedBetPosted","seat":1,"player_id":102,"kind":"big_blind",'
        '"amount":10,"all_in":true}',
        '{"type":"ForcedBetPosted","seat":2,"player_id":103,"kind":"ante",'
        '"amount":1,"all_in":false}',
        '{"type":"HoleCardsDealt","seat":1,"player_id":102,"cards":[2,3]}',
        '{"type":"HoleCardsDealt","seat":2,"player_id":103,"cards":[4,5]}',
        '{"type":"HoleCardsDealt","seat":0,"player_id":101,"cards":[0,1]}',
        '{"type":"ActionTaken","seat":1,"player_id":102,"street":0,"kind":"raise",'
        '"amount":90,"to":100,"all_in":false,"timed_out":false}',
        '{"type":"ActionTaken","seat":2,"player_id":103,"street":0,"kind":"fold",'
        '"amount":0,"to":0,"all_in":false,"timed_out":true}',
        '{"type":"ActionTaken","seat":0,"player_id":101,"street":0,"kind":"call",'
        '"amount":99,"to":100,"all_in":true,"timed_out":false}',
        '{"type":"BoardDealt","street":1,"cards":[40,41,42],"board":[40,41,42]}',
        '{"type":"ActionTaken","seat":0,"player_id":101,"street":1,"kind":"check",'
        '"amount":0,"to":0,"all_in":false,"timed_out":false}',
        '{"type":"ActionTaken","seat":1,"player_id":102,"street":1,"kind":"bet",'
        '"amount":10,"to":10,"all_in":false,"timed_out":false}',
        '{"type":"BoardDealt","street":2,"cards":[43],"board":[40,41,42,43]}',
        '{"type":"BoardDealt","street":3,"cards":[44],"board":[40,41,42,43,44]}',
        '{"type":"UncalledBetReturned","seat":1,"player_id":102,"amount":10}',
        '{"type":"HandShown","seat":0,"player_id":101,"cards":[0,1],"rank":1234}',
        '{"type":"PotAwarded","pot_index":0,"amount":300,"eligible":[0,1],"winners":[0,1],'
        '"winner_ids":[101,102],"shares":[150,150],"showdown":true}',
        '{"type":"PotAwarded","pot_index":1,"amount":7,"eligible":[1],"winners":[1],'
        '"winner_ids":[102],"shares":[7],"showdown":false}',
        '{"type":"HandEnded","table_id":7,"hand_no":12,"final_stacks":[0,2000,100]}',
    ]
    assert _lines(log) == expected
    assert [event_line(e) for e in log.events()] == expected


def test_hole_cards_with_the_button_on_the_last_seat_start_at_seat_zero() -> None:
    """Button on seat 2 of three: the seat on its left is seat 0, then 1, then the button."""
    log = _three_handed(button=2)
    log.hole_cards(2, [(10, 11), (12, 13), (14, 15)])
    assert _lines(log)[1:] == [
        '{"type":"HoleCardsDealt","seat":0,"player_id":101,"cards":[10,11]}',
        '{"type":"HoleCardsDealt","seat":1,"player_id":102,"cards":[12,13]}',
        '{"type":"HoleCardsDealt","seat":2,"player_id":103,"cards":[14,15]}',
    ]


def test_integers_at_the_edges_of_their_decimal_width_are_written_as_python_writes_them() -> None:
    """Each stack is written in plain decimal, a minus sign before a negative one: the widths'
    edges (one, two, three digits), 10**18 (19 digits), the largest 64-bit integer, the most
    negative one but one and the most negative one (whose negation wraps round to itself)."""
    stacks = [0, 9, 10, 99, 100, -1, -10, 10**18, 2**63 - 1, -(2**63) + 1, -(2**63)]
    row = hand_log.table_ended_row(1, 2, 3, stacks)
    batch = HandLines()
    batch.add(row)
    assert batch.take() == [
        '{"type":"TableHandEnded","t":1,"table_id":2,"hand_no":3,"stacks":'
        "[0,9,10,99,100,-1,-10,1000000000000000000,9223372036854775807,-9223372036854775807,"
        "-9223372036854775808]}"
    ]


def test_the_bytes_of_entries_end_each_line_with_a_newline() -> None:
    """``encode``: the entries' lines as ASCII bytes, each line ended by a newline, and where
    each entry starts and the last one ends."""
    batch = HandLines()
    batch.add(hand_log.table_ended_row(5, 1, 2, [3]))
    batch.add(hand_log.table_ended_row(6, 1, 3, []))
    data, at = batch.encode()
    first = '{"type":"TableHandEnded","t":5,"table_id":1,"hand_no":2,"stacks":[3]}\n'
    second = '{"type":"TableHandEnded","t":6,"table_id":1,"hand_no":3,"stacks":[]}\n'
    assert bytes(data) == (first + second).encode("ascii")
    assert at == [0, len(first), len(first) + len(second)]


def test_rows_joined_to_no_entry_start_one() -> None:
    """``add(..., join=True)`` with nothing waiting has no entry to join: the rows start one,
    and their line comes back like any other entry's."""
    batch = HandLines()
    batch.add(hand_log.table_ended_row(9, 4, 1, [50, 60]), join=True)
    assert batch.hands == 1
    assert batch.take() == [
        '{"type":"TableHandEnded","t":9,"table_id":4,"hand_no":1,"stacks":[50,60]}'
    ]


def test_two_hands_in_one_entry_each_read_their_own_players() -> None:
    """A second hand's rows after the first in the same entry: its seats' ids come from its own
    ``HandStarted`` row, not the first hand's, in its line and in its decoded record."""
    first = HandLog()
    first.started(1, 1, 0, [11, 12], [1, 2], [10, 10], [0, 1, 2, 3, 4])
    second = HandLog()
    second.started(1, 2, 1, [21, 22], [1, 2], [10, 10], [0, 1, 2, 3, 4])
    second.uncalled(0, 0, 4)
    batch = HandLines()
    batch.add(first.rows)
    batch.add(second.rows, join=True)
    (text,) = batch.take()
    assert text.split("\n")[-1] == (
        '{"type":"UncalledBetReturned","seat":0,"player_id":21,"amount":4}'
    )
    assert decode(first.rows + second.rows)[-1] == UncalledBetReturned(
        seat=0, player_id=21, amount=4
    )


def test_nothing_to_write_gives_no_lines() -> None:
    """No rows: no text and no line; an empty batch takes nothing and decodes to nothing."""
    assert hand_lines(array("q")) == ("", 0)
    assert HandLines().take() == []
    assert decode(array("q")) == ()


def test_a_hand_of_only_its_start_is_one_line() -> None:
    """A hand whose log holds only its start: one line, no newline after it."""
    log = _three_handed()
    text, count = hand_lines(log.rows)
    assert count == 1
    assert not text.endswith("\n")


def test_a_table_row_is_read_at_its_offset_and_a_hands_row_is_refused() -> None:
    """``table_event`` reads the row that starts at ``at`` in a sequence of rows, and refuses a
    row that is not a table's, naming its code."""
    rows = array("q", hand_log.table_ended_row(1, 2, 3, [4]))
    rows.frombytes(hand_log.table_ended_row(5, 6, 7, [8, 9]))
    assert table_event(rows, 6) == TableHandEnded(t=5, table_id=6, hand_no=7, stacks=(8, 9))
    with pytest.raises(ValueError, match="not a table's row: code 5"):
        table_event(_three_handed().rows)


def test_the_index_of_tables_rows_finds_each_end_and_each_start_by_table() -> None:
    """Tables 3 and 4: two starts of table 3 (offsets 0 and after the other rows) and one of
    table 4; each end time is found by (table, hand)."""
    start_3 = hand_log.table_started_row(10, 3, 1, 0, 1, [1, 2], [5, 6], [100, 100], False)
    end_3 = hand_log.table_ended_row(50, 3, 1, [150, 50])
    start_4 = hand_log.table_started_row(10, 4, 1, 0, 2, [2], [7], [300], True)
    start_3b = hand_log.table_started_row(60, 3, 2, 0, 2, [1, 2], [5, 6], [150, 50], False)
    rows = array("q")
    for row in (start_3, end_3, start_4, start_3b):
        rows.frombytes(row)
    width_start_2 = 8 + 3 * 2
    width_end_2 = 5 + 2
    width_start_1 = 8 + 3
    ends, starts = table_rows_index(rows)
    assert ends == {(3, 1): 50}
    after = width_start_2 + width_end_2
    assert starts == {3: [0, after + width_start_1], 4: [after]}
    assert table_event(rows, after + width_start_1).hand_no == 2
    with pytest.raises(ValueError, match="not a table's row at 0"):
        table_rows_index(_three_handed().rows)


def test_the_decoded_events_are_a_sequence_equal_to_their_records() -> None:
    """``HandEvents`` counts, indexes and slices its records, equals the tuple or the list of
    them and another ``HandEvents`` of the same rows, hashes and prints as that tuple, and is
    not equal to anything else."""
    log = _three_handed()
    log.ended([1000, 10, 99])
    events = log.events()
    started = HandStarted(
        table_id=7,
        hand_no=12,
        button=0,
        player_ids=(101, 102, 103),
        seat_nos=(1, 4, 9),
        stacks=(1000, 10, 99),
    )
    ended = HandEnded(table_id=7, hand_no=12, final_stacks=(1000, 10, 99))
    records = (started, ended)
    assert len(events) == 2
    assert events[1] == ended
    assert tuple(events[:1]) == (started,)
    assert events == records and events == list(records)
    assert events == HandEvents(array("q", log.rows))
    assert events != (started,)
    assert events != "not events"
    assert hash(events) == hash(records)
    assert repr(events) == repr(records)
    assert list(events) == list(records)

"""Hands' lines of ``events.jsonl`` written from their log's rows in one compiled call.

``event_line`` costs a microsecond or two a line in Python and a recorded hand has about 35
events; building their records first cost as much again. ``run --out --actions`` instead
hands each hand's rows (``pokersim.hand_log``) to :func:`hand_lines`, which writes the lines
compiled. The keys and the enum values are taken from the records as ``event_line`` takes
them (``json_value`` of each field name and value); the fields' order is the records' and
``tests/test_hand_lines.py`` holds the bytes equal to ``event_line`` of the decoded records.
The tournament's two events of every hand (``TableHandStarted``, ``TableHandEnded``) come as
rows too when a run is written (``hand_log.table_started_row``), with or without ``--actions``,
and are written in the same call.
"""

from __future__ import annotations

import dataclasses
from array import array

import numpy as np

from pokersim.events import (
    ActionTaken,
    BoardDealt,
    ForcedBetPosted,
    HandEnded,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PotAwarded,
    TableHandEnded,
    TableHandStarted,
    UncalledBetReturned,
    json_value,
)
from pokersim.hand_log import (
    ACTION_KINDS,
    ALL_IN,
    BOARD,
    CHECK_CALL,
    ENDED,
    FOLD,
    FORCED,
    HOLE,
    OPENING,
    POST_KINDS,
    POT,
    ROW_WIDTH,
    SHOWN,
    STARTED,
    TABLE_ENDED,
    TABLE_STARTED,
    TIMED_OUT,
    UNCALLED,
)
from pokersim.kernel_cache import njit

__all__ = ["HandLines", "hand_lines"]

# The records in the order the kernel numbers them; the kernel writes each one's fields in
# this order, which must be the record's own (a test holds it).
RECORDS = (
    HandStarted,
    ForcedBetPosted,
    HoleCardsDealt,
    BoardDealt,
    ActionTaken,
    UncalledBetReturned,
    HandShown,
    PotAwarded,
    HandEnded,
    TableHandStarted,
    TableHandEnded,
)
C_STARTED, C_FORCED, C_HOLE, C_BOARD, C_ACTION, C_UNCALLED, C_SHOWN, C_POT, C_ENDED = range(9)
C_TABLE_STARTED, C_TABLE_ENDED = 9, 10


def _literals() -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The literal texts in one byte array, where each starts, where each record's start.

    Literal ``first[c] + j`` is what comes before field ``j`` of record ``c`` (the first one
    opens the line with the type); after the records' come the line's end, ``true``,
    ``false``, the forced bets' kinds and the actions' kinds. Also the most bytes of literals
    one line writes.
    """
    texts: list[str] = []
    first = []
    longest = 0
    for cls in RECORDS:
        names = [f.name for f in dataclasses.fields(cls)]
        first.append(len(texts))
        pieces = ["," + json_value(name) + ":" for name in names]
        pieces[0] = '{"type":' + json_value(cls.__name__) + pieces[0]
        texts += pieces
        longest = max(longest, len("".join(pieces)))
    texts += ["}\n", "true", "false"]
    texts += [json_value(kind) for kind in POST_KINDS]
    texts += [json_value(kind) for kind in ACTION_KINDS]
    raw = [t.encode("ascii") for t in texts]
    starts = np.zeros(len(raw) + 1, dtype=np.int64)
    starts[1:] = np.cumsum([len(b) for b in raw])
    joined = np.frombuffer(b"".join(raw), dtype=np.uint8).copy()
    return joined, starts, np.array(first, dtype=np.int64), longest + 2


_TEXT, _STARTS, _FIRST, _LONGEST = _literals()
L_END = int(_FIRST[-1]) + len(dataclasses.fields(RECORDS[-1]))
L_TRUE, L_FALSE, L_POST = L_END + 1, L_END + 2, L_END + 3
L_ACTION = L_POST + len(POST_KINDS)
# the most bytes a row's integer can take in a line: 20 digits, a sign and a separator, and
# a line's literals (each line has at least one integer of its own row)
_PER_INT = 22 + _LONGEST


def _into_hot(expr, caller, callee):  # pragma: no cover - numba's inline cost model
    """Whether to inline ``_put`` here: into the writers of the most frequent lines only.

    Measured on 2026-12-04 (a recorded ``mtt_1000`` run's lines, numba): every helper inlined
    everywhere made ``_encode`` one function that took 79 s and 2.3 GB to compile, and wrote
    the lines in 60 ms; nothing inlined, 13 s to compile and 95 ms to write (a call for each
    literal: a line has about ten); ``_put`` inlined into the writers of the actions' and the
    tables' lines, 25 s and 68 ms (an unrecorded run's lines, the tables', as fast as with
    every helper inlined).
    """
    return caller.func_id.func_name in _HOT


_HOT = frozenset({"_machine_row", "_ints", "_ids", "_seat", "_bool", "_fields", "_table_started"})


@njit(cache=True, inline=_into_hot)
def _put(out, at, text, starts, k):  # pragma: no cover
    """Literal ``k`` at ``out[at]``; returns the end."""
    for j in range(starts[k], starts[k + 1]):
        out[at] = text[j]
        at += 1
    return at


# "00" to "99": two digits at a time (a kernel reads this global as a constant)
_PAIRS = np.frombuffer("".join(f"{k:02d}" for k in range(100)).encode("ascii"), dtype=np.uint8)
# the lowest int64, whose negation wraps round to itself: its digits as they are written
_INT64_MIN = -(2**63)
_MIN_DIGITS = np.frombuffer(str(2**63).encode("ascii"), dtype=np.uint8)


@njit(cache=True)
def _int(out, at, value):  # pragma: no cover
    """``value`` in decimal at ``out[at]``, as ``int.__repr__`` writes it; returns the end.

    The digits are counted by comparisons and written two at a time (one division by 100
    for two digits): most of the lines' bytes are integers.
    """
    if value < 0:
        out[at] = 45  # "-"
        at += 1
        if value == _INT64_MIN:
            for j in range(len(_MIN_DIGITS)):
                out[at + j] = _MIN_DIGITS[j]
            return at + len(_MIN_DIGITS)
        value = -value
    if value < 10:
        out[at] = 48 + value
        return at + 1
    digits = 2
    bound = 100
    while digits < 19 and value >= bound:  # 19: the most an int64 has
        digits += 1
        bound *= 10
    end = at + digits
    k = end
    while value >= 100:
        rest = value // 100
        pair = 2 * (value - 100 * rest)
        k -= 2
        out[k] = _PAIRS[pair]
        out[k + 1] = _PAIRS[pair + 1]
        value = rest
    if value >= 10:
        out[k - 2] = _PAIRS[2 * value]
        out[k - 1] = _PAIRS[2 * value + 1]
    else:
        out[k - 1] = 48 + value
    return end


@njit(cache=True)
def _ints(out, at, rows, start, count):  # pragma: no cover
    """``rows[start : start + count]`` as a JSON list; returns the end."""
    out[at] = 91  # "["
    at += 1
    for k in range(count):
        if k:
            out[at] = 44  # ","
            at += 1
        at = _int(out, at, rows[start + k])
    out[at] = 93  # "]"
    return at + 1


@njit(cache=True)
def _ids(out, at, rows, ids, seats, count):  # pragma: no cover
    """The player ids of seats ``rows[seats : seats + count]`` as a JSON list."""
    out[at] = 91
    at += 1
    for k in range(count):
        if k:
            out[at] = 44
            at += 1
        at = _int(out, at, rows[ids + rows[seats + k]])
    out[at] = 93
    return at + 1


@njit(cache=True)
def _bool(out, at, text, starts, value):  # pragma: no cover
    return _put(out, at, text, starts, L_TRUE if value else L_FALSE)


@njit(cache=True)
def _seat(out, at, text, starts, c, rows, ids, seat):  # pragma: no cover
    """The opening of a line whose first fields are a seat and its player id."""
    at = _put(out, at, text, starts, c)
    at = _int(out, at, seat)
    at = _put(out, at, text, starts, c + 1)
    return _int(out, at, rows[ids + seat])


@njit(cache=True)
def _machine_row(out, at, text, starts, first, rows, k, ids, board):  # pragma: no cover
    """A row as the betting machine logs it: an action, a board or an uncalled bet."""
    code = rows[k]
    seat = rows[k + 1]
    street = rows[k + 2]
    amount = rows[k + 3]
    if code == BOARD:
        c = first[C_BOARD]
        at = _put(out, at, text, starts, c)
        at = _int(out, at, street)
        at = _put(out, at, text, starts, c + 1)
        if street == 1:
            at = _ints(out, at, rows, board, 3)
        else:
            at = _ints(out, at, rows, board + street + 1, 1)
        at = _put(out, at, text, starts, c + 2)
        return _ints(out, at, rows, board, street + 2)
    if code == UNCALLED:
        c = first[C_UNCALLED]
        at = _seat(out, at, text, starts, c, rows, ids, seat)
        at = _put(out, at, text, starts, c + 2)
        return _int(out, at, amount)
    flags = rows[k + 5]
    if code == FOLD:
        kind = 0
    elif code == CHECK_CALL:
        kind = 2 if amount else 1
    else:
        kind = 3 if flags & OPENING else 4
    c = first[C_ACTION]
    at = _seat(out, at, text, starts, c, rows, ids, seat)
    at = _put(out, at, text, starts, c + 2)
    at = _int(out, at, street)
    at = _put(out, at, text, starts, c + 3)
    at = _put(out, at, text, starts, L_ACTION + kind)
    at = _put(out, at, text, starts, c + 4)
    at = _int(out, at, amount)
    at = _put(out, at, text, starts, c + 5)
    at = _int(out, at, rows[k + 4])
    at = _put(out, at, text, starts, c + 6)
    at = _bool(out, at, text, starts, flags & ALL_IN)
    at = _put(out, at, text, starts, c + 7)
    return _bool(out, at, text, starts, flags & TIMED_OUT)


@njit(cache=True)
def _started(out, at, text, starts, first, rows, k):  # pragma: no cover
    n = rows[k + 4]
    ids = k + 5
    c = first[C_STARTED]
    at = _put(out, at, text, starts, c)
    at = _int(out, at, rows[k + 1])
    at = _put(out, at, text, starts, c + 1)
    at = _int(out, at, rows[k + 2])
    at = _put(out, at, text, starts, c + 2)
    at = _int(out, at, rows[k + 3])
    at = _put(out, at, text, starts, c + 3)
    at = _ints(out, at, rows, ids, n)
    at = _put(out, at, text, starts, c + 4)
    at = _ints(out, at, rows, ids + n, n)
    at = _put(out, at, text, starts, c + 5)
    return _ints(out, at, rows, ids + 2 * n, n)


@njit(cache=True)
def _forced(out, at, text, starts, first, rows, k, ids):  # pragma: no cover
    c = first[C_FORCED]
    at = _seat(out, at, text, starts, c, rows, ids, rows[k + 1])
    at = _put(out, at, text, starts, c + 2)
    at = _put(out, at, text, starts, L_POST + rows[k + 2])
    at = _put(out, at, text, starts, c + 3)
    at = _int(out, at, rows[k + 3])
    at = _put(out, at, text, starts, c + 4)
    return _bool(out, at, text, starts, rows[k + 4])


@njit(cache=True)
def _shown(out, at, text, starts, first, rows, k, ids):  # pragma: no cover
    c = first[C_SHOWN]
    at = _seat(out, at, text, starts, c, rows, ids, rows[k + 1])
    at = _put(out, at, text, starts, c + 2)
    at = _ints(out, at, rows, k + 2, 2)
    at = _put(out, at, text, starts, c + 3)
    return _int(out, at, rows[k + 4])


@njit(cache=True)
def _hole(out, at, text, starts, first, rows, k, ids, button, n):  # pragma: no cover
    """Every seat's hole cards, from the button's left: all the lines but the last's end."""
    c = first[C_HOLE]
    for j in range(1, n + 1):
        seat = (button + j) % n
        if j > 1:
            at = _put(out, at, text, starts, L_END)
        at = _seat(out, at, text, starts, c, rows, ids, seat)
        at = _put(out, at, text, starts, c + 2)
        at = _ints(out, at, rows, k + 1 + 2 * seat, 2)
    return at


@njit(cache=True)
def _pot(out, at, text, starts, first, rows, k, ids):  # pragma: no cover
    m = rows[k + 4]
    w = rows[k + 5 + m]
    winners = k + 6 + m
    c = first[C_POT]
    at = _put(out, at, text, starts, c)
    at = _int(out, at, rows[k + 1])
    at = _put(out, at, text, starts, c + 1)
    at = _int(out, at, rows[k + 2])
    at = _put(out, at, text, starts, c + 2)
    at = _ints(out, at, rows, k + 5, m)
    at = _put(out, at, text, starts, c + 3)
    at = _ints(out, at, rows, winners, w)
    at = _put(out, at, text, starts, c + 4)
    at = _ids(out, at, rows, ids, winners, w)
    at = _put(out, at, text, starts, c + 5)
    at = _ints(out, at, rows, winners + w, w)
    at = _put(out, at, text, starts, c + 6)
    return _bool(out, at, text, starts, rows[k + 3])


@njit(cache=True)
def _ended(out, at, text, starts, first, rows, k, started):  # pragma: no cover
    c = first[C_ENDED]
    at = _put(out, at, text, starts, c)
    at = _int(out, at, rows[started + 1])
    at = _put(out, at, text, starts, c + 1)
    at = _int(out, at, rows[started + 2])
    at = _put(out, at, text, starts, c + 2)
    return _ints(out, at, rows, k + 1, rows[started + 4])


@njit(cache=True)
def _fields(out, at, text, starts, c, rows, k, count):  # pragma: no cover
    """``count`` integers from ``rows[k]`` on, each after literal ``c + j``: the line so far."""
    for j in range(count):
        at = _put(out, at, text, starts, c + j)
        at = _int(out, at, rows[k + j])
    return at


@njit(cache=True)
def _table_started(out, at, text, starts, first, rows, k):  # pragma: no cover
    """``TableHandStarted``: t, table, hand, level, button seat, then n seats, ids, stacks."""
    c = first[C_TABLE_STARTED]
    at = _fields(out, at, text, starts, c, rows, k + 1, 5)
    n = rows[k + 6]
    for j in range(3):
        at = _put(out, at, text, starts, c + 5 + j)
        at = _ints(out, at, rows, k + 7 + j * n, n)
    at = _put(out, at, text, starts, c + 8)
    return _bool(out, at, text, starts, rows[k + 7 + 3 * n])


@njit(cache=True)
def _table_ended(out, at, text, starts, first, rows, k):  # pragma: no cover
    """``TableHandEnded``: t, table, hand, then the n stacks."""
    c = first[C_TABLE_ENDED]
    at = _fields(out, at, text, starts, c, rows, k + 1, 3)
    at = _put(out, at, text, starts, c + 3)
    return _ints(out, at, rows, k + 5, rows[k + 4])


@njit(cache=True)
def _table_row(out, at, text, starts, first, rows, k):  # pragma: no cover
    """A table's row: its line, its end included; returns (the end, the next row)."""
    if rows[k] == TABLE_STARTED:
        at = _table_started(out, at, text, starts, first, rows, k)
        k += 8 + 3 * rows[k + 6]
    else:
        at = _table_ended(out, at, text, starts, first, rows, k)
        k += 5 + rows[k + 4]
    return _put(out, at, text, starts, L_END), k


@njit(cache=True)
def _hand_row(out, at, text, starts, first, rows, k, started):  # pragma: no cover
    """A hand's row (its ``STARTED`` row at ``started``): its lines but the last's end.

    Returns (the end, the next row, lines), or (-1, k, 0) at a row that is not one.
    """
    code = rows[k]
    n = rows[started + 4]
    ids = started + 5
    if code <= UNCALLED:
        at = _machine_row(out, at, text, starts, first, rows, k, ids, ids + 3 * n)
        return at, k + ROW_WIDTH, 1
    if code == STARTED:
        at = _started(out, at, text, starts, first, rows, k)
        return at, k + 10 + 3 * n, 1
    if code == FORCED:
        return _forced(out, at, text, starts, first, rows, k, ids), k + 5, 1
    if code == HOLE:
        at = _hole(out, at, text, starts, first, rows, k, ids, rows[started + 3], n)
        return at, k + 1 + 2 * n, n
    if code == SHOWN:
        return _shown(out, at, text, starts, first, rows, k, ids), k + 5, 1
    if code == POT:
        at = _pot(out, at, text, starts, first, rows, k, ids)
        return at, k + 6 + rows[k + 4] + 2 * rows[k + 5 + rows[k + 4]], 1
    if code == ENDED:
        return _ended(out, at, text, starts, first, rows, k, started), k + 1 + n, 1
    return -1, k, 0


@njit(cache=True)
def _encode(rows, out, text, starts, first, entry_rows, entry_at):  # pragma: no cover
    """Every row's line into ``out``, the byte each entry starts at into ``entry_at``.

    Entry ``e`` starts at row ``entry_rows[e]`` (the last one is the rows' length) with a
    hand's ``STARTED`` row or a table's row. Returns (bytes written, lines, entries), or
    (-1, where, 0) at a row that is not one or not where it should be.
    """
    at = 0
    lines = 0
    entries = 0
    k = 0
    started = -1  # the STARTED row: the table, hand, button, seats' count and player ids
    while k < rows.shape[0]:
        code = rows[k]
        table = code == TABLE_STARTED or code == TABLE_ENDED
        if k >= entry_rows[entries]:
            if k > entry_rows[entries] or not (table or code == STARTED):
                return -1, k, 0
            entry_at[entries] = at
            entries += 1
        if table:
            at, k = _table_row(out, at, text, starts, first, rows, k)
            lines += 1
            continue
        if code == STARTED:
            started = k
        elif started < 0:
            return -1, k, 0
        at, k, count = _hand_row(out, at, text, starts, first, rows, k, started)
        if at < 0:
            return -1, k, 0
        at = _put(out, at, text, starts, L_END)
        lines += count
    return at, lines, entries


def _encode_arrays(
    rows: array[int], entries: array[int], out: np.ndarray, entry_at: np.ndarray
) -> tuple[int, int, int]:
    """``_encode`` on views of the two arrays, gone with this call's frame.

    The caller then empties the arrays in place, which their buffers' views would forbid; a
    tracer that reads a frame's locals (a debugger, an in-process profiler) keeps a copy of
    them as long as that frame lives, so the views must not be the caller's locals.
    """
    ints = np.frombuffer(rows, dtype=np.int64)
    entry_rows = np.frombuffer(entries, dtype=np.int64)
    done: tuple[int, int, int] = _encode(ints, out, _TEXT, _STARTS, _FIRST, entry_rows, entry_at)
    return done


class HandLines:
    """Rows waiting for their lines, all written in one compiled call.

    A call costs a few microseconds whatever it writes: the event log's writer gathers the
    rows (``add``, or ``entry`` and then straight into ``rows``), in entries that each come
    back as one text, and takes the entries' bytes (``encode``) or lines (``take``) when it
    writes. ``hands`` counts the entries.
    """

    __slots__ = ("entries", "hands", "rows")

    def __init__(self) -> None:
        self.rows = array("q")  # emptied in place by ``encode``: a writer may hold it
        self.entries = array("q")  # the row each entry starts at
        self.hands = 0

    def entry(self) -> None:
        """A new entry starts at the next row added to ``rows``."""
        self.entries.append(len(self.rows))
        self.hands += 1

    def add(self, rows: array[int] | list[int] | bytes, join: bool = False) -> None:
        """Rows, of a new entry or (``join``) of the last one: integers or their int64 bytes.

        A new entry starts with a hand's ``STARTED`` row (``hand_log.HandLog.rows``) or a
        table's row (``hand_log.table_started_row``, int64 bytes).
        """
        if not join or not self.hands:
            self.entry()
        if isinstance(rows, bytes):
            self.rows.frombytes(rows)
        elif isinstance(rows, list):
            self.rows.fromlist(rows)
        else:
            self.rows.extend(rows)

    def encode(self) -> tuple[memoryview, list[int]]:
        """The waiting entries' lines as bytes, and where each entry's bytes start (then end).

        Each line ends with its newline; none wait after. The bytes are a view of a scratch
        buffer that the next call overwrites: write them out first.
        """
        rows = self.rows
        out = _OUT[0]
        if len(out) < len(rows) * _PER_INT:
            out = _OUT[0] = np.empty(len(rows) * _PER_INT, dtype=np.uint8)
        self.entries.append(len(rows))
        entry_at = np.empty(self.hands + 1, dtype=np.int64)
        size, lines, entries = _encode_arrays(rows, self.entries, out, entry_at)
        if size < 0 or entries != self.hands:
            del self.entries[-1]
            where = lines if size < 0 else 0
            raise ValueError(f"hand log: not a row or not an entry's first row at {where}")
        entry_at[entries] = size
        del rows[:], self.entries[:]
        self.hands = 0
        return out[:size].data, entry_at.tolist()

    def take(self) -> list[str]:
        """Each waiting entry's lines (without the last newline), in order; none wait after."""
        if not self.rows:
            return []
        data, at = self.encode()
        text = str(data, "ascii")
        return [text[at[h] : at[h + 1] - 1] for h in range(len(at) - 1)]


_OUT = [np.zeros(0, dtype=np.uint8)]  # the bytes' scratch, grown as hands need


def hand_lines(rows: array[int]) -> tuple[str, int]:
    """One hand's lines (without the last newline) and how many there are."""
    if not rows:
        return "", 0
    batch = HandLines()
    batch.add(rows)
    text = batch.take()[0]
    return text, text.count("\n") + 1

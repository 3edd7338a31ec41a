"""Every table's hands between two of the director's events, in one compiled call.

Between a bust, a level, a break or any other event the director must see, a table's hand
end needs nothing but its chips applied and the table's next hand dealt: the button moved, the
deck and draws read from the table's blocks (the next blocks made when used up:
``deck_kernel``), its head made again when its seats changed (from the seats and the players'
codes in the tables' arrays: ``betting_kernel.seats_head``), the hand played
(``betting_kernel.table_hand``), its seconds counted and its end put on the calendar.
:func:`cruise` does that for the hand ends on the tables' calendar
(``engine.agenda.HandCalendar``) in the calendar's order, and stops at the first one the
director must handle: the next other event, a hand end it cannot apply alone (a hand played in
Python, or one in which a player busted: its end on the calendar like any other, its knockouts
kept with its table), or a table whose next hand it cannot deal (a player away, a seat to ask
in Python). The same code deals the hands the director deals itself, one table at a time
(``S_DEAL``). Recorded (``S_RECORD``), each table keeps its hand's own events (``hand_log``
rows) until the hand ends, when they go out before its end. The engine's side is
``engine.cruise``; the golden test holds the result to the director's own.
"""

from __future__ import annotations

import numpy as np

from pokersim.betting_kernel import F_ELAPSED as _F_ELAPSED
from pokersim.betting_kernel import (
    H_ANTE,
    H_ANTE_KIND,
    H_ASKED,
    H_BB,
    H_LIVE,
    H_N,
    H_SB,
    HEADER,
    IDS,
    SEAT_NOS,
    keep_knockouts,
    rank_tables,
    seats_head,
    table_hand,
)
from pokersim.deck_kernel import fill_decks, fill_draws
from pokersim.hand_log import STARTED, TABLE_ENDED, TABLE_STARTED
from pokersim.kernel_cache import njit

__all__ = ["DEALT", "STOPPED", "TO_DEAL", "cruise", "next_button"]

# ``state``'s fields, in and out
S_CURSOR, S_PENDING, S_SEQ, S_STOP_AT, S_STOP_SEQ, S_UNTIL, S_LEVEL, S_PRESENT = range(8)
S_SPT, S_WINDOW, S_HANDS, S_TOUCHED, S_TABLE, S_EMIT, S_ROWS, S_MARKS = range(8, 16)
S_SB, S_BB, S_ANTE, S_ANTE_KIND = range(16, 20)  # the level's blinds and ante
S_DEAL, S_NOW = range(20, 22)  # a table the director asks to deal now (-1: none), and now
S_RECORD = 22  # the hands' own events logged (``hand_log``): each table's in ``logs``
S_SEED = 23  # the run's seed (its 64 bits), the key of the blocks the loop makes
S_UNIFORMS, S_NORMALS = 24, 25  # decision draws a hand (``rng.DECISION_UNIFORMS``, ``_NORMALS``)
S_WIDTH = 26
# ``tabs``' columns (``engine.state.TableArrays``)
_HAND_NO, _BUTTON, _CHIPS, _HEAD_OK, _LEVEL, _PRESENT, _FIN_OK = range(7)
_BLOCK_FIRST, _BLOCK_LEN, _DRAWS_FIRST, _DRAWS_LEN, _TOUCHED, _FIN_N, _STARTED = range(7, 14)
# ``_FIN_OK`` (``engine.state.FIN_*``): the loop applies the hand's end; a bust's: the director
_FIN_LOOP, _FIN_BUST = 1, 2
# what stopped it
STOPPED = 0  # the next event is the director's (its table, if a hand end, still on the calendar)
TO_DEAL = 1  # the table ``state[S_TABLE]``'s hand applied and off the calendar: deal its next
CHIPS_LOST = 2  # the table ``state[S_TABLE]``'s hand lost or made chips
DEALT = 4  # the table ``state[S_DEAL]``'s next hand dealt, its end on the calendar


@njit(cache=True)
def cruise(first, last, nxt, at, seq, state, tabs, heads, fins, fin_ids, kos, decks, ranks, us, zs, stack, bank, ints, floats, params, consts, tis, pace, touched, rows, marks, logs, seat_ids, codes):  # fmt: skip # noqa: E501 # pragma: no cover
    """Apply the calendar's hand ends and deal the tables' next hands while nothing else is due.

    ``first``, ``last``, ``nxt``, ``at``, ``seq``: the calendar; ``state``: its cursor, pending
    ends and the next sequence number, the director's next event (second and sequence, -1 when
    urgent), the second from which the director must see every hand end (``S_UNTIL``), the
    level and absences the tables' heads must have been made for, seats per table, the
    calendar's window, the level's blinds and ante; out, the hands applied, the tables
    touched (``touched``) and the table that stopped it. ``pace``: dealing, street and
    showdown seconds, then the action clock. With ``S_EMIT``, each hand's ``TableHandEnded``
    and ``TableHandStarted`` as the rows of ``hand_log`` into ``rows`` (``S_ROWS`` integers
    used), row ``k`` ending at ``marks[k]`` (``S_MARKS`` rows); with ``S_RECORD`` too, each
    hand's own events (the table's ``logs`` row: its count, then its ``hand_log`` rows) before
    its ``TableHandEnded``, their mark negated. A hand in which someone busts keeps its
    knockouts in its table's ``kos`` row (``betting_kernel.keep_knockouts``) and its end is
    the director's (``_FIN_OK`` 2). Returns ``STOPPED``, ``TO_DEAL`` or ``CHIPS_LOST``. With
    ``S_DEAL``, only that table's next hand is dealt, at ``S_NOW``, as the director would deal
    it: ``DEALT`` (its end on the calendar), ``TO_DEAL`` (nothing done: the director deals
    it) or ``CHIPS_LOST``.
    """
    mask = state[S_WINDOW] - 1
    if state[S_DEAL] >= 0:
        return _deal_one(first, last, nxt, at, seq, state, tabs, heads, fins, fin_ids, kos, decks, ranks, us, zs, stack, bank, ints, floats, params, consts, tis, pace, rows, marks, logs, seat_ids, codes)  # fmt: skip # noqa: E501
    # the two rows of a hand end and the next hand, and the hand's own events
    room = len(rows) - 13 - 4 * state[S_SPT] - (logs.shape[1] if state[S_RECORD] else 0)
    status = STOPPED
    while state[S_PENDING] > 0:
        if state[S_EMIT] and (state[S_ROWS] > room or state[S_MARKS] + 3 > len(marks)):
            break  # the rows handed to Python first
        cursor = state[S_CURSOR]
        while first[cursor & mask] < 0:
            cursor += 1
        state[S_CURSOR] = cursor
        x = first[cursor & mask]
        if not _due(state, seq[x], cursor) or tabs[x, _FIN_OK] != _FIN_LOOP:
            break  # the director's event first, or a hand end it applies (a bust)
        state[S_TABLE] = x
        if not _apply(first, last, nxt, cursor & mask, x, state, tabs, fins, fin_ids, stack,
                      touched, rows, marks, logs[x]):  # fmt: skip
            status = CHIPS_LOST
            break
        end = _play_next(
            x, cursor, state, tabs, heads[x], fins, fin_ids, kos[x], decks[x], ranks[x], us[x],
            zs[x], stack, bank, ints, floats, params, consts, tis, pace, rows, marks, logs[x],
            seat_ids[x], codes,
        )  # fmt: skip
        if end < 0:
            status = TO_DEAL if end == -1 else CHIPS_LOST
            break
        _push(first, last, nxt, at, seq, x, end, state[S_SEQ], mask)
        state[S_SEQ] += 1
        state[S_PENDING] += 1
    return status


@njit(cache=True)
def _deal_one(first, last, nxt, at, seq, state, tabs, heads, fins, fin_ids, kos, decks, ranks, us, zs, stack, bank, ints, floats, params, consts, tis, pace, rows, marks, logs, seat_ids, codes):  # fmt: skip # noqa: E501 # pragma: no cover
    """The director's deal of table ``state[S_DEAL]``'s next hand, compiled (``cruise``)."""
    x = state[S_DEAL]
    state[S_TABLE] = x
    end = _play_next(
        x, state[S_NOW], state, tabs, heads[x], fins, fin_ids, kos[x], decks[x], ranks[x], us[x],
        zs[x], stack, bank, ints, floats, params, consts, tis, pace, rows, marks, logs[x],
        seat_ids[x], codes,
    )  # fmt: skip
    if end < 0:
        return TO_DEAL if end == -1 else CHIPS_LOST
    _push(first, last, nxt, at, seq, x, end, state[S_SEQ], state[S_WINDOW] - 1)
    state[S_SEQ] += 1
    state[S_PENDING] += 1
    return DEALT


@njit(cache=True)
def _due(state, seq, now):  # pragma: no cover
    """Whether a hand end at ``now`` comes before the director's next event and hold."""
    stop_at = state[S_STOP_AT]
    if now > stop_at or (now == stop_at and seq >= state[S_STOP_SEQ]):
        return False
    return now < state[S_UNTIL]


@njit(cache=True)
def _apply(first, last, nxt, b, x, state, tabs, fins, fin_ids, stack, touched, rows, marks, log):  # fmt: skip # noqa: E501 # pragma: no cover
    """Table ``x``'s hand ends: off the calendar, its chips applied (False: chips lost)."""
    n = tabs[x, _FIN_N]  # the hand under way: its players and final stacks
    total = 0
    for k in range(n):
        total += fins[x, k]
    if total != tabs[x, _CHIPS]:
        return False
    after = nxt[x]
    first[b] = after
    if after < 0:
        last[b] = -1
    state[S_PENDING] -= 1
    for k in range(n):
        stack[fin_ids[x, k]] = fins[x, k]
    tabs[x, _FIN_OK] = 0
    state[S_HANDS] += 1
    if tabs[x, _TOUCHED] == 0:
        tabs[x, _TOUCHED] = 1
        touched[state[S_TOUCHED]] = x
        state[S_TOUCHED] += 1
    if state[S_RECORD]:  # the hand's own events, just before its TableHandEnded
        r = state[S_ROWS]
        m = log[0]
        rows[r : r + m] = log[1 : 1 + m]
        marks[state[S_MARKS]] = -(r + m)
        state[S_MARKS] += 1
        state[S_ROWS] = r + m
    if state[S_EMIT]:  # TableHandEnded: t, table, hand, seats, final stacks
        r = state[S_ROWS]
        rows[r] = TABLE_ENDED
        rows[r + 1] = state[S_CURSOR]
        rows[r + 2] = x
        rows[r + 3] = tabs[x, _HAND_NO]
        rows[r + 4] = n
        for k in range(n):
            rows[r + 5 + k] = fins[x, k]
        _mark(state, marks, r + 5 + n)
    return True


@njit(cache=True)
def _play_next(x, now, state, tabs, head, fins, fin_ids, ko, deck, rank, u, z, stack, bank, ints, floats, params, consts, tis, pace, rows, marks, log, seat_row, codes):  # fmt: skip # noqa: E501 # pragma: no cover
    """Deal and play table ``x``'s next hand: the second it ends.

    -1: the director deals it (nothing of it kept); -2: it lost or made chips. A hand in which
    someone busted keeps its knockouts (``ko``) and its end is the director's to apply.
    """
    hand_no = tabs[x, _HAND_NO] + 1
    if tabs[x, _HEAD_OK] == 0 or tabs[x, _PRESENT] != state[S_PRESENT]:
        # its seats changed, or someone (anywhere) went away or came back: a head again
        if not seats_head(head, seat_row, codes, state[S_SB], state[S_BB], state[S_ANTE],
                          state[S_ANTE_KIND], state[S_RECORD]):  # fmt: skip
            return -1  # Python plays it (someone away, nobody built in)
        tabs[x, _HEAD_OK] = 1
        tabs[x, _LEVEL] = state[S_LEVEL]
        tabs[x, _PRESENT] = state[S_PRESENT]
    i = hand_no - tabs[x, _BLOCK_FIRST]
    if i >= tabs[x, _BLOCK_LEN]:
        _new_decks(x, hand_no, state, tabs, deck, rank, consts)
        i = 0
    j = hand_no - tabs[x, _DRAWS_FIRST]
    if j >= tabs[x, _DRAWS_LEN]:
        _new_draws(x, hand_no, state, tabs, u, z)
        j = 0
    n = head[H_N]
    if tabs[x, _LEVEL] != state[S_LEVEL]:  # a new level: its blinds and ante in the head
        head[H_SB] = state[S_SB]
        head[H_BB] = state[S_BB]
        head[H_ANTE] = state[S_ANTE]
        head[H_ANTE_KIND] = state[S_ANTE_KIND]
        tabs[x, _LEVEL] = state[S_LEVEL]
    button = next_button(
        head[HEADER + SEAT_NOS * n : HEADER + (SEAT_NOS + 1) * n], tabs[x, _BUTTON]
    )
    log[0] = 0
    if state[S_RECORD]:
        _started_log(log, x, hand_no, button, head, n, stack, deck[52 * i + 2 * state[S_SPT] :])
    chips = table_hand(
        ints, floats, head[: HEADER + 7 * n], stack, deck, rank, u, z, params, bank, consts,
        tis[n], button, i, j, state[S_SPT], pace[3], log,
    )  # fmt: skip
    if chips < 0:  # -1: a seat to ask in Python (the banks as they were); -2: chips lost
        return chips
    if state[S_EMIT]:
        _started_row(state, rows, marks, now, x, hand_no, head, n, button, stack)
    tabs[x, _HAND_NO] = hand_no
    tabs[x, _BUTTON] = head[HEADER + SEAT_NOS * n + button]
    tabs[x, _CHIPS] = chips
    tabs[x, _STARTED] = now
    tabs[x, _FIN_OK] = _FIN_LOOP
    tabs[x, _FIN_N] = n
    for k in range(n):
        fins[x, k] = ints[HEADER + k]
        fin_ids[x, k] = head[HEADER + IDS * n + k]
        if fins[x, k] == 0:  # a bust: the director applies the hand
            tabs[x, _FIN_OK] = _FIN_BUST
    if tabs[x, _FIN_OK] == _FIN_BUST:
        keep_knockouts(ints, n, ko)
    return now + _seconds(ints, floats, pace)


@njit(cache=True)
def _new_decks(x, hand_no, state, tabs, deck, rank, consts):  # pragma: no cover
    """Table ``x``'s next block of decks and hand ranks, from hand ``hand_no``.

    Blocks grow as the shoe's (``engine.shoe``): 8, 16, 32, then as many as the row holds.
    """
    spt = state[S_SPT]
    size = min(len(deck) // 52, max(8, 2 * tabs[x, _BLOCK_LEN]))
    seed = state[S_SEED : S_SEED + 1].view(np.uint64)[0]
    card_key, low_base, high_index, rank_table, flush_table = rank_tables(consts)
    fill_decks(deck, rank, seed, np.uint64(x), hand_no, size, spt, card_key, low_base,
               high_index, rank_table, flush_table)  # fmt: skip
    tabs[x, _BLOCK_FIRST] = hand_no
    tabs[x, _BLOCK_LEN] = size


@njit(cache=True)
def _new_draws(x, hand_no, state, tabs, u, z):  # pragma: no cover
    """Table ``x``'s next block of decision draws, from hand ``hand_no`` (8, then 16 hands)."""
    nu = state[S_UNIFORMS]
    size = min(len(u) // nu, max(8, 2 * tabs[x, _DRAWS_LEN]))
    seed = state[S_SEED : S_SEED + 1].view(np.uint64)[0]
    fill_draws(u, z, seed, np.uint64(x), hand_no, size, nu, state[S_NORMALS])
    tabs[x, _DRAWS_FIRST] = hand_no
    tabs[x, _DRAWS_LEN] = size


@njit(cache=True)
def _started_log(log, x, hand_no, button, head, n, stack, board):  # pragma: no cover
    """``HandStarted`` (``hand_log.HandLog.started``): the hand's first row in its log."""
    log[1] = STARTED
    log[2] = x
    log[3] = hand_no
    log[4] = button
    log[5] = n
    for k in range(n):
        p = head[HEADER + IDS * n + k]
        log[6 + k] = p
        log[6 + n + k] = head[HEADER + SEAT_NOS * n + k]
        log[6 + 2 * n + k] = stack[p]
    for k in range(5):
        log[6 + 3 * n + k] = board[k]
    log[0] = 10 + 3 * n


@njit(cache=True)
def next_button(seats, last_button):  # pragma: no cover
    """R-BTN-1 (``seating.next_button``) on a table's seats in order: the button's index.

    The next occupied seat after the last button's, else the first (a test holds the two to
    the same answer).
    """
    for k in range(len(seats)):
        if seats[k] > last_button:
            return k
    return 0


@njit(cache=True)
def _seconds(ints, floats, pace):  # pragma: no cover
    """The hand's whole seconds: dealing, its streets, its decisions (``Dealer._seconds``)."""
    showdown = ints[H_LIVE] > 1
    streets = 3 if showdown else ints[H_ASKED]
    seconds = pace[0] + pace[1] * streets
    seconds = seconds + (pace[2] if showdown else 0.0)
    seconds = seconds + floats[_F_ELAPSED]
    whole = int(np.ceil(seconds))
    return whole if whole > 1 else 1


@njit(cache=True)
def _started_row(state, rows, marks, now, x, hand_no, head, n, button, stack):  # fmt: skip # noqa: E501 # pragma: no cover
    """TableHandStarted: t, table, hand, level, button, seats, ids, stacks, not synchronized."""
    r = state[S_ROWS]
    rows[r] = TABLE_STARTED
    rows[r + 1] = now
    rows[r + 2] = x
    rows[r + 3] = hand_no
    rows[r + 4] = state[S_LEVEL]
    rows[r + 5] = head[HEADER + SEAT_NOS * n + button]
    rows[r + 6] = n
    for k in range(n):
        rows[r + 7 + k] = head[HEADER + SEAT_NOS * n + k]
        p = head[HEADER + IDS * n + k]
        rows[r + 7 + n + k] = p
        rows[r + 7 + 2 * n + k] = stack[p]
    rows[r + 7 + 3 * n] = 0
    _mark(state, marks, r + 8 + 3 * n)


@njit(cache=True)
def _push(first, last, nxt, at, seq, x, end, s, mask):  # pragma: no cover
    """Table ``x``'s hand ends at second ``end``: after every end already due then."""
    e = end & mask
    nxt[x] = -1
    tail = last[e]
    if tail < 0:
        first[e] = x
    else:
        nxt[tail] = x
    last[e] = x
    at[x] = end
    seq[x] = s


@njit(cache=True)
def _mark(state, marks, end):  # pragma: no cover
    """A row written up to ``end``."""
    marks[state[S_MARKS]] = end
    state[S_MARKS] += 1
    state[S_ROWS] = end

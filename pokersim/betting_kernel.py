"""The betting machine: every betting round of a hand, compiled, asking Python only when it must.

In Python each decision costs a ``DecisionView``, a few calls through the model and its think
time (~3 µs), ten decisions a hand. At a no-limit table the engine hands the betting of the hand
to :func:`play_rounds`, which runs it in a jitted machine: the betting rules of
``betting.betting_round`` and ``hand.play_hand``'s street loop (uncalled bets returned after
each round, the board run out when at most one player can still bet), the built-in models'
decisions (``pokersim.model_kernel``, read from their packed parameter records) and their
think time (``timing.think_time``) on the engine's action clock and time bank.

The machine is resumable. A seat it does not play (a plug-in or a subclass, a player away or
dealt out) and a decision it does not cover (a time-out, which the engine's clock handles; a
hand that ran out of its block of draws; an answer the rules would refuse) stop it with "seat s
must decide in this state": :func:`play_rounds` builds that seat's ``DecisionView``, asks the
engine (``ask``), hands the answer back and the machine goes on. A table of built-in models with
one plug-in thus stays compiled for everyone else, and nothing is ever played twice. When the
hand's events are recorded the machine logs every action, board and uncalled bet, which
:func:`play_rounds` turns into the same ``ActionTaken``, ``BoardDealt`` and
``UncalledBetReturned`` events as the Python rounds. The pots, the showdown and the knockouts
stay in ``hand.play_hand``.

``tests/test_betting_kernel.py`` plays random hands and whole tournaments both ways (the Python
rounds with the Python reference models, and this machine) and fails on any difference.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numba import njit

from pokersim.actions import Action, DecisionView
from pokersim.betting import TableState, answer_code, make_legal, make_view
from pokersim.evaluator._tables import get_tables
from pokersim.events import ActionKind, ActionTaken, BoardDealt, UncalledBetReturned
from pokersim.model_kernel import (
    CHART_TABLES,
    CHECK_CALL,
    FOLD,
    NO_DRAWS,
    RAISE,
    SAMPLER,
    decide,
)
from pokersim.timing import NO_PACE, decision_pace_compiled, think_time_compiled

# The machine's state, one int64 buffer: a header, then per seat (blocks of n) stacks, bets,
# totals, parameter-record rows (-1: asked in Python), table seat numbers, player ids, the price
# each seat last acted at (-1: not yet), its chips for the round and whether it folded.
H_N, H_BASE, H_FIRST, H_BB, H_POT, H_ACTIVE, H_LIVE, H_BUTTON = 0, 1, 2, 3, 4, 5, 6, 7
H_UI, H_UEND, H_ZI, H_ZEND, H_IN_BITS, H_BOARD, H_ASKED = 8, 9, 10, 11, 12, 13, 14
H_PHASE, H_STREET, H_SEAT, H_SETTLED, H_TO_MATCH, H_MIN_INC, H_DEEP = 15, 16, 17, 18, 19, 20, 21
H_TO_CALL, H_LO, H_HI, H_ANSWER, H_AMOUNT, H_TIMED_OUT, H_LOGGING, H_LOGGED = range(22, 30)
HEADER = 30
STACKS, BETS, TOTALS, CODES, SEAT_NOS, IDS, FACED, REACH, FOLDED = range(9)
SEAT_BLOCKS = 9
# its floats: elapsed seconds, the action clock, the think seconds of an answer from Python
F_ELAPSED, F_CLOCK, F_ANSWER_THINK, F_PACE = 0, 1, 2, 3  # then the packed pace

# phases (H_PHASE) and what a run of the machine returns
START, ROUND, ASKED, DONE = 0, 1, 2, 3
OVER, ASK, FLUSH = 0, 2, 3  # a round over; a seat to ask in Python; the log to empty

# the log of a recorded hand: (what, seat, street, amount, to, flags) per entry
BOARD, UNCALLED = 3, 4  # what, beside FOLD, CHECK_CALL and RAISE
ALL_IN, TIMED_OUT, OPENING = 1, 2, 4  # flags: all-in after it, a time-out, a bet (not a raise)
LOG_WIDTH = 6
LOG_ENTRIES = 64
LOG_ROOM = 8  # entries a decision must find free: itself, then boards and uncalled bets


@njit(cache=True)
def _log(log, think_log, ints, what, seat, street, amount, to, flags, think):  # fmt: skip # pragma: no cover # noqa: E501
    k = ints[H_LOGGED]
    at = k * LOG_WIDTH
    log[at] = what
    log[at + 1] = seat
    log[at + 2] = street
    log[at + 3] = amount
    log[at + 4] = to
    log[at + 5] = flags
    think_log[k] = think
    ints[H_LOGGED] = k + 1


@njit(cache=True)
def _open_round(ints, n, street, seat_at):  # pragma: no cover
    """A round's start: its price, first seat, minimum raise and the seats able to call more."""
    if street:
        first = ints[H_BUTTON] + 1 if ints[H_BUTTON] + 1 < n else 0
        to_match = 0
    else:
        first = ints[H_FIRST]
        to_match = ints[H_BB]
    deep = 0
    for k in range(n):
        reach = ints[seat_at[STACKS] + k] + ints[seat_at[BETS] + k]
        ints[seat_at[REACH] + k] = reach
        ints[seat_at[FACED] + k] = -1
        if reach > to_match and not ints[seat_at[FOLDED] + k]:
            deep += 1
    ints[H_SEAT] = first
    ints[H_SETTLED] = 0
    ints[H_TO_MATCH] = to_match
    ints[H_MIN_INC] = ints[H_BB]
    ints[H_DEEP] = deep


@njit(cache=True)
def _close_round(ints, n, street, seat_at, log, think_log):  # pragma: no cover
    """``pots.uncalled``: the single highest bet's excess over the second goes back."""
    stacks = ints[seat_at[STACKS] : seat_at[STACKS] + n]
    bets = ints[seat_at[BETS] : seat_at[BETS] + n]
    top = -1
    best = second = 0
    for k in range(n):
        if bets[k] > best:
            top = k
            second = best
            best = bets[k]
        elif bets[k] > second:
            second = bets[k]
    if top >= 0 and best != second:
        back = best - second
        if stacks[top] == 0 and not ints[seat_at[FOLDED] + top]:
            ints[H_ACTIVE] += 1  # an all-in bettor has chips again
        stacks[top] += back
        ints[seat_at[TOTALS] + top] -= back
        ints[H_POT] -= back
        if ints[H_LOGGING]:
            _log(log, think_log, ints, UNCALLED, top, street, back, 0, 0, 0.0)
    for k in range(n):
        bets[k] = 0


@njit(cache=True)
def _legal(ints, n, i, seat_at, to_match, min_inc, deep):  # pragma: no cover
    """(to call, lowest and highest raise-to; 0 when raising is closed): ``betting_round``."""
    stack = ints[seat_at[STACKS] + i]
    bet = ints[seat_at[BETS] + i]
    last = ints[seat_at[FACED] + i]
    owe = to_match - bet
    to_call = owe if owe < stack else stack
    if stack > owe and deep > 1 and (last < 0 or to_match - last >= min_inc):
        lo = to_match + min_inc
        hi = bet + stack
        if lo > hi:
            lo = hi
        return to_call, lo, hi
    return to_call, 0, 0


@njit(cache=True)
def _settled(ints, n, i, seat_at, to_match, active):  # pragma: no cover
    """Whether seat ``i`` owes no decision now (folded, all-in, matched; R-BLIND-2)."""
    if ints[seat_at[FOLDED] + i] or ints[seat_at[STACKS] + i] == 0:
        return True
    bet = ints[seat_at[BETS] + i]
    if bet >= to_match and ints[seat_at[FACED] + i] >= 0:
        return True
    if active == 1:  # R-BLIND-2: matched every all-in, nothing to decide
        for k in range(n):
            if ints[seat_at[BETS] + k] > bet and not ints[seat_at[FOLDED] + k]:
                return False
        return True
    return False


@njit(cache=True)
def _compiled(ints, floats, i, street, to_call, lo, hi, seat_at, hole, board, params, tables, u, z, bank, ev):  # fmt: skip # noqa: E501 # pragma: no cover
    """Seat ``i``'s built-in model decides and thinks: (what, amount, think).

    ``NO_DRAWS`` when Python must decide instead (draws out, a time-out, an answer the rules
    refuse); nothing changed then.
    """
    n = ints[H_N]
    p = params[ints[seat_at[CODES] + i]]
    ui = ints[H_UI]
    zi = ints[H_ZI]
    what, amount, ui = decide(
        p, tables, u, ui, ints[H_UEND], ints[seat_at[FOLDED] : seat_at[FOLDED] + n],
        ints[seat_at[STACKS] : seat_at[STACKS] + n], ints[seat_at[BETS] : seat_at[BETS] + n],
        n, i, ints[H_BUTTON], hole[2 * i], hole[2 * i + 1], board, street, ints[H_POT],
        ints[H_BB], to_call, lo, hi, ev,
    )  # fmt: skip
    if what == NO_DRAWS or zi >= ints[H_ZEND]:
        return NO_DRAWS, 0, 0.0
    if what == RAISE and (not hi or amount < lo or amount > hi):
        return NO_DRAWS, 0, 0.0  # Python raises the error
    think = think_time_compiled(
        p.think_median, p.think_sigma, p.think_min, p.think_max, z[zi], street
    )
    if floats[F_PACE]:  # the table's pace (``timing.decision_pace``), off by default
        think = decision_pace_compiled(floats, F_PACE, think, street, ints[seat_at[BETS] + i], to_call, ints[H_POT], ints[seat_at[STACKS] + i], ints[H_BB], n)  # fmt: skip # noqa: E501
    clock = floats[F_CLOCK]
    pid = ints[seat_at[IDS] + i]
    if think > clock:  # the engine's clock: the bank pays beyond it
        if not think <= clock + bank[pid]:
            return NO_DRAWS, 0, 0.0  # a time-out: the engine's clock makes the player sit out
        used = think - clock
        bank[pid] -= used if used < bank[pid] else bank[pid]
    elif not think >= 0.0:
        return NO_DRAWS, 0, 0.0
    ints[H_UI] = ui
    ints[H_ZI] = zi + 1
    floats[F_ELAPSED] += think
    return what, amount, think


@njit(cache=True)
def _act(ints, i, street, what, amount, to_call, timed_out, think, seat_at, log, think_log):  # fmt: skip # noqa: E501 # pragma: no cover
    """Seat ``i``'s answer changes the table, as in ``betting.betting_round``."""
    n = ints[H_N]
    stack = ints[seat_at[STACKS] + i]
    bet = ints[seat_at[BETS] + i]
    to_match = ints[H_TO_MATCH]
    flags = TIMED_OUT if timed_out else 0
    if what == CHECK_CALL:
        if to_call:
            stack -= to_call
            ints[seat_at[STACKS] + i] = stack
            ints[seat_at[BETS] + i] = bet + to_call
            ints[seat_at[TOTALS] + i] += to_call
            ints[H_POT] += to_call
            if stack == 0:
                ints[H_ACTIVE] -= 1
        ints[seat_at[FACED] + i] = to_match
        ints[H_SETTLED] += 1
        logged = (to_call, bet + to_call, flags | (ALL_IN if stack == 0 else 0))
    elif what == RAISE:
        add = amount - bet
        stack -= add
        ints[seat_at[STACKS] + i] = stack
        ints[seat_at[BETS] + i] = amount
        ints[seat_at[TOTALS] + i] += add
        ints[H_POT] += add
        if stack == 0:
            ints[H_ACTIVE] -= 1
        if amount - to_match >= ints[H_MIN_INC]:
            ints[H_MIN_INC] = amount - to_match
        ints[H_TO_MATCH] = amount
        ints[seat_at[FACED] + i] = amount
        ints[H_SETTLED] = 1
        deep = 0
        for k in range(n):
            if ints[seat_at[REACH] + k] > amount and not ints[seat_at[FOLDED] + k]:
                deep += 1
        ints[H_DEEP] = deep
        logged = (add, amount, (ALL_IN if stack == 0 else 0) | (OPENING if to_match == 0 else 0))
    else:
        ints[seat_at[FOLDED] + i] = 1
        ints[H_IN_BITS] &= ~(1 << i)
        ints[H_LIVE] -= 1
        ints[H_ACTIVE] -= 1
        if ints[seat_at[REACH] + i] > to_match:
            ints[H_DEEP] -= 1
        ints[H_SETTLED] += 1
        logged = (0, bet, flags)
    if ints[H_LOGGING]:
        _log(log, think_log, ints, what, i, street, logged[0], logged[1], logged[2], think)


@njit(cache=True)
def _round(ints, floats, street, seat_at, hole, board, params, tables, u, z, bank, log, think_log, ev):  # fmt: skip # noqa: E501 # pragma: no cover
    """Play the round from ``H_SEAT`` until it is over, or a seat is to be asked in Python.

    Returns ``OVER``, ``ASK`` (the seat's legal answers in ``H_TO_CALL``, ``H_LO``, ``H_HI``)
    or ``FLUSH`` (the log is full). An answer from Python (phase ``ASKED``) is applied first.
    """
    n = ints[H_N]
    i = ints[H_SEAT]
    while ints[H_SETTLED] < n:
        to_match = ints[H_TO_MATCH]
        if _settled(ints, n, i, seat_at, to_match, ints[H_ACTIVE]):
            ints[H_SETTLED] += 1
            i = i + 1 if i + 1 < n else 0
            continue
        to_call, lo, hi = _legal(ints, n, i, seat_at, to_match, ints[H_MIN_INC], ints[H_DEEP])
        if street > ints[H_ASKED]:
            ints[H_ASKED] = street  # the engine counts the streets on which someone was asked
        if ints[H_PHASE] == ASKED:
            ints[H_PHASE] = ROUND
            what = ints[H_ANSWER]
            amount = ints[H_AMOUNT]
            timed_out = ints[H_TIMED_OUT] != 0
            think = floats[F_ANSWER_THINK]
        else:
            if ints[H_LOGGING] and ints[H_LOGGED] + LOG_ROOM > LOG_ENTRIES:
                ints[H_SEAT] = i
                return FLUSH
            what, amount, think = NO_DRAWS, 0, 0.0
            if ints[seat_at[CODES] + i] >= 0:
                what, amount, think = _compiled(
                    ints, floats, i, street, to_call, lo, hi, seat_at, hole, board, params,
                    tables, u, z, bank, ev,
                )  # fmt: skip
            if what == NO_DRAWS:
                ints[H_SEAT] = i
                ints[H_TO_CALL] = to_call
                ints[H_LO] = lo
                ints[H_HI] = hi
                ints[H_PHASE] = ASKED
                return ASK
            timed_out = False
        _act(ints, i, street, what, amount, to_call, timed_out, think, seat_at, log, think_log)
        if what == FOLD and ints[H_LIVE] == 1:
            break
        i = i + 1 if i + 1 < n else 0
    ints[H_SEAT] = i
    return OVER


@njit(cache=True)
def _run(ints, floats, rows, params, tables, u, z, bank, log, think_log, combos, card_key, low_base, high_index, rank_table, flush_table):  # fmt: skip # noqa: E501 # pragma: no cover
    """Run the machine from its phase until the hand's betting is ``DONE``, or ``ASK``/``FLUSH``.

    ``hand.play_hand``'s street loop: a round per street, skipped once at most one player can
    still bet, stopped once one player is left.
    """
    n = ints[H_N]
    seat_at = np.empty(SEAT_BLOCKS, dtype=np.int64)
    for b in range(SEAT_BLOCKS):
        seat_at[b] = HEADER + b * n
    hole = np.empty(2 * n, dtype=np.int64)
    for k in range(n):
        at = ints[H_BASE] + 2 * ints[seat_at[SEAT_NOS] + k]
        hole[2 * k] = rows[at]
        hole[2 * k + 1] = rows[at + 1]
    board = np.empty(5, dtype=np.int64)
    for k in range(5):
        board[k] = rows[ints[H_BOARD] + k]
    ev = (combos, card_key, low_base, high_index, rank_table, flush_table)
    while ints[H_STREET] < 4:
        street = ints[H_STREET]
        if ints[H_PHASE] == START:
            if street:
                if ints[H_LOGGING]:
                    _log(log, think_log, ints, BOARD, -1, street, 0, 0, 0, 0.0)
                if ints[H_ACTIVE] < 2:
                    ints[H_STREET] = street + 1  # at most one can bet: run the board out
                    continue
            _open_round(ints, n, street, seat_at)
            ints[H_PHASE] = ROUND
        status = _round(
            ints, floats, street, seat_at, hole, board, params, tables, u, z, bank, log,
            think_log, ev,
        )  # fmt: skip
        if status != OVER:
            return status
        _close_round(ints, n, street, seat_at, log, think_log)
        ints[H_PHASE] = START
        if ints[H_LIVE] == 1:
            break
        ints[H_STREET] = street + 1
    ints[H_PHASE] = DONE
    return DONE


Ask = Callable[[DecisionView, float], tuple[Action | None, float, bool]]
"""The engine's decision for a seat the machine does not play: ``ask(view, elapsed)`` returns
(the answer, the elapsed seconds after it, whether the machine may play the seat again)."""


def play_rounds(
    t: TableState,
    inputs: list[int],
    rows: bytes,
    base: int,
    board_at: int,
    params: np.ndarray,
    draws: Any,
    first: int,
    elapsed: float,
    action_seconds: float,
    bank: array[float],
    ask: Ask,
    pace: Sequence[float] = NO_PACE,
) -> tuple[float, int]:
    """Play every betting round of hand state ``t`` in the machine.

    ``inputs``: each seat's parameter-record row in ``params`` (``model_params.pack``; -1: ask
    in Python), then each seat's table seat number (the hole cards are read from the deck block
    ``rows`` at ``base``, the board at ``board_at``, as the engine deals them), then each
    seat's player id; ``first``: the first seat to act pre-flop; ``bank``: every player's time
    bank, by id. ``t``, ``draws`` (``rng.HandDraws``) and ``bank`` end where the Python rounds
    leave them, and ``t.events`` (when recorded) holds the same events. Returns (elapsed
    seconds, the last street on which a player was asked).
    """
    n = t.n
    u, ui, uend, z, zi, zend = draws.position()
    logging = t.events is not None
    ints = array(
        "q",
        [n, base, first, t.level.big_blind, t.pot, t.active, t.live, t.button,
         ui, uend, zi, zend, t.in_bits, board_at, 0, START, 0, 0, 0, 0, 0, 0,
         0, 0, 0, 0, 0, 0, int(logging), 0,
         *t.stacks, *t.bets, *t.totals, *inputs, *([-1] * n), *([0] * (2 * n))],
    )  # fmt: skip
    floats = array("d", (elapsed, action_seconds, 0.0, *pace))  # pace: ``timing.NO_PACE``
    log = array("q", bytes(8 * LOG_WIDTH * LOG_ENTRIES)) if logging else array("q", (0,))
    think_log = array("d", bytes(8 * LOG_ENTRIES)) if logging else array("d", (0.0,))
    ev = get_tables()
    machine = np.frombuffer(ints, dtype=np.int64)  # the same memory, sliceable when compiled
    while True:
        status = _run(
            machine, floats, rows, params, CHART_TABLES, u, z, bank, log, think_log, SAMPLER,
            ev.card_key, ev.low_base, ev.high_index, ev.rank_table, ev.flush_table,
        )  # fmt: skip
        _sync(t, ints)
        if logging:
            _emit(t, ints, log, rows[board_at : board_at + 5])
        if status == DONE:
            break
        if status == ASK:
            _ask(t, ints, floats, rows[board_at : board_at + 5], draws, ask)
    draws.seek(ints[H_UI], ints[H_ZI])
    return floats[F_ELAPSED], ints[H_ASKED]


def _sync(t: TableState, ints: array[int]) -> None:
    """Copy the machine's chips and who is in the hand into ``t``."""
    n = t.n
    h = HEADER
    t.stacks[:] = ints[h : h + n]
    t.bets[:] = ints[h + n : h + 2 * n]
    t.totals[:] = ints[h + 2 * n : h + 3 * n]
    t.pot = ints[H_POT]
    t.active = ints[H_ACTIVE]
    t.live = ints[H_LIVE]
    in_bits = ints[H_IN_BITS]
    if in_bits != t.in_bits:
        t.set_in_hand(in_bits)


def _ask(
    t: TableState, ints: array[int], floats: array[float], board: bytes, draws: Any, ask: Ask
) -> None:
    """Ask the engine for seat ``H_SEAT``'s answer, as ``betting_round`` would, and pass it on."""
    i = ints[H_SEAT]
    street = ints[H_STREET]
    to_call, lo, hi = ints[H_TO_CALL], ints[H_LO], ints[H_HI]
    h = HEADER
    view = make_view(
        t.table_id, t.hand_no, i, t.player_ids[i], t.hole[i],
        tuple(board[: street + 2]) if street else (), street, t.button, t.player_ids,
        tuple(t.stacks), tuple(t.bets), t.in_hand, t.pot, make_legal(to_call, lo, hi),
        t.level, t.structure, t.context,
    )  # fmt: skip
    draws.seek(ints[H_UI], ints[H_ZI])
    before = floats[F_ELAPSED]
    action, after, compiled = ask(view, before)
    _, ints[H_UI], _, _, ints[H_ZI], _ = draws.position()
    floats[F_ELAPSED] = after
    floats[F_ANSWER_THINK] = after - before
    if not compiled:
        ints[h + CODES * t.n + i] = -1  # away from now on: Python asks it (R-DIS-2)
    what, amount, timed_out = answer_code(action, to_call, lo, hi)
    ints[H_ANSWER] = what
    ints[H_AMOUNT] = amount
    ints[H_TIMED_OUT] = timed_out


_KIND_OF = {FOLD: ActionKind.FOLD, RAISE: ActionKind.RAISE}


def _emit(t: TableState, ints: array[int], log: array[int], board: bytes) -> None:
    """The logged boards, actions and uncalled bets as the Python rounds' events."""
    events = t.events
    assert events is not None
    ids = t.player_ids
    for k in range(ints[H_LOGGED]):
        what, seat, street, amount, to, flags = log[k * LOG_WIDTH : (k + 1) * LOG_WIDTH]
        if what == BOARD:
            shown = street + 2
            new = tuple(board[shown - 1 : shown]) if street > 1 else tuple(board[:3])
            events.append(BoardDealt(street=street, cards=new, board=tuple(board[:shown])))
        elif what == UNCALLED:
            events.append(UncalledBetReturned(seat=seat, player_id=ids[seat], amount=amount))
        else:
            if what == CHECK_CALL:
                kind = ActionKind.CALL if amount else ActionKind.CHECK
            elif what == RAISE and flags & OPENING:
                kind = ActionKind.BET
            else:
                kind = _KIND_OF[what]
            events.append(
                ActionTaken(
                    seat=seat,
                    player_id=ids[seat],
                    street=street,
                    kind=kind,
                    amount=amount,
                    to=to,
                    all_in=bool(flags & ALL_IN),
                    timed_out=bool(flags & TIMED_OUT),
                )  # fmt: skip
            )
    ints[H_LOGGED] = 0

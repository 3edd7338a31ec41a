"""The betting machine: every betting round of a hand, compiled, asking Python only when it must.

In Python each decision costs a ``DecisionView``, a few calls through the model and its think
time (~3 µs), ten decisions a hand. At a no-limit table the engine hands the betting of the hand
to :func:`play_rounds`, which runs it in a jitted machine: the betting rules of
``betting.betting_round`` and ``hand.play_hand``'s street loop (uncalled bets returned after
each round, the board run out when at most one player can still bet), the built-in models'
decisions (``pokersim.model_kernel``, read from their packed parameter records) and their
think time (``timing.think_time``) on the engine's action clock and time bank.

The machine is resumable. A seat it does not play (a plug-in or a subclass; a player who went
away during the hand) and a decision it does not cover (a time-out, which the engine's clock
handles; a hand that ran out of its block of draws; an answer the rules would refuse) stop it
with "seat s must decide in this state": :func:`play_rounds` builds that seat's
``DecisionView``, asks the engine (``ask``), hands the answer back and the machine goes on. A
table of built-in models with one plug-in thus stays compiled for everyone else, and nothing is
ever played twice. When the hand's events are recorded the machine logs every action, board and
uncalled bet as the rows of the hand's log (``pokersim.hand_log``) that the Python rounds
write for the same events; :func:`play_rounds` copies them into it. The engine has the
machine play the whole hand (:func:`play_whole_hand`): the forced bets before the rounds, the
pots, the showdown and the knockouts after them (``pokersim.pot_kernel``, the rules of
``hand.play_hand`` and ``pots``), and Python only builds the result's records. Recorded, the
whole hand logs the rows ``hand.play_hand`` logs around its rounds too (forced bets, hole
cards, refunds, shown hands, pots, the end): the hand's events are integers from deal to end,
written to the event log compiled (``pokersim.hand_lines``) and made records only when read.

``tests/test_betting_kernel.py`` plays random hands and whole tournaments both ways (the Python
rounds with the Python reference models, and this machine) and fails on any difference.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np

from pokersim.actions import Action, DecisionView, TournamentContext
from pokersim.betting import Decide, TableState, answer_code, make_legal, make_view
from pokersim.config import AnteKind, Level
from pokersim.deck_kernel import decks as deck_rows
from pokersim.errors import InvariantError
from pokersim.evaluator._kernel import evaluate_rows7
from pokersim.evaluator._tables import get_tables
from pokersim.events import (
    record_builder,
)
from pokersim.hand import Deal, HandResult, HandSetup, Knockout, Pot, Seat
from pokersim.hand_log import (
    ALL_IN,
    BOARD,
    ENDED,
    FORCED,
    HOLE,
    OPENING,
    POST_ANTE,
    POST_BIG_BLIND,
    POST_SMALL_BLIND,
    POT,
    ROW_WIDTH,
    SHOWN,
    TIMED_OUT,
    UNCALLED,
    HandLog,
)
from pokersim.kernel_cache import arg_key, intrinsic, njit, resolve
from pokersim.model_kernel import (
    CHART_TABLES,
    CHECK_CALL,
    FOLD,
    NO_DRAWS,
    RAISE,
    SAMPLER,
    SAMPLER_COLUMNS,
    decide,
    hand_inputs,
)
from pokersim.model_params import PARAMS_DTYPE, pack
from pokersim.players import model_record
from pokersim.pot_kernel import (
    BIG_BLIND_ANTE,
    CLASSIC_ANTE,
    NO_ANTE,
    POT_AMOUNT,
    POT_ELIGIBLE,
    POT_HEAD,
    POT_WINNERS,
    award,
    build_pots,
    post_forced,
    pot_width,
    settle,
)
from pokersim.pot_kernel import knockouts as knockout_pots
from pokersim.rng import DECISION_NORMALS, DECISION_UNIFORMS, HandDraws, deck_block
from pokersim.timing import NO_PACE, PACE_WIDTH, decision_pace_compiled, think_time_compiled

# The packed record's layout (PARAMS_DTYPE, 34 fields with the tournament-aware play's caution
# and bubble cut) and the compiled decisions it calls are built into this machine: its cache
# entries carry the fingerprint of every file they come from (``kernel_cache``), so a change
# to either compiles the machine anew.

# The machine's state, one int64 buffer: a header, then per seat (blocks of n) stacks, bets,
# totals, parameter-record rows (-1: asked in Python), table seat numbers, player ids, hand
# ranks (read when the machine settles the hand), the price each seat last acted at (-1: not
# yet), its chips for the round and whether it folded (these three set by the machine at each
# round's start), the pot a broke player was knocked out in (set when it settles), then the log,
# the hole cards and board, and the pots' rows (``pot_kernel``) when it settles the hand.
# The buffer is kept between hands (``_Buffers``): one hand plays in the machine at a time.
H_N, H_BASE, H_FIRST, H_BB, H_POT, H_ACTIVE, H_LIVE, H_BUTTON = 0, 1, 2, 3, 4, 5, 6, 7
H_UI, H_UEND, H_ZI, H_ZEND, H_IN_BITS, H_BOARD, H_ASKED = 8, 9, 10, 11, 12, 13, 14
H_PHASE, H_STREET, H_SEAT, H_SETTLED, H_TO_MATCH, H_MIN_INC, H_DEEP = 15, 16, 17, 18, 19, 20, 21
H_TO_CALL, H_LO, H_HI, H_ANSWER, H_AMOUNT, H_TIMED_OUT, H_LOGGING, H_LOGGED = range(22, 30)
# the whole hand (``play_whole_hand``): the level's forced bets in, the pots and knockouts out
H_WHOLE, H_SB, H_ANTE, H_ANTE_KIND, H_DEAD, H_POTS, H_POTS_AT = range(30, 37)
HEADER = 37
STACKS, BETS, TOTALS, CODES, SEAT_NOS, IDS, RANKS, FACED, REACH, FOLDED, KO = range(11)
SEAT_BLOCKS = 11
# its floats: elapsed seconds, the action clock, the think seconds of an answer from Python
# then the table's packed pace (``timing.decision_pace``; ``NO_PACE``: off), ``F_END`` in all.
# The compiled functions keep ``timing.decision_pace`` as it was when they were cached, and the
# cache only sees this file change: a change to it needs an edit here (last: the pre-action
# factor, which reads the answer).
F_ELAPSED, F_CLOCK, F_ANSWER_THINK, F_PACE = 0, 1, 2, 3
F_END = F_PACE + PACE_WIDTH

# phases (H_PHASE) and what a run of the machine returns
START, ROUND, ASKED, DONE, POST = 0, 1, 2, 3, 4
# a round over; a seat to ask in Python; the log to empty (not ``DONE``'s 3, which the
# machine returns at the hand's end)
OVER, ASK, FLUSH = 0, 2, 5

# the log of a recorded hand: the rows of ``hand_log``, copied as they are into the hand's log.
# The rounds log (what, seat, street, amount, to, flags) per entry (what: FOLD, CHECK_CALL,
# RAISE, BOARD or UNCALLED; flags: ALL_IN after it, TIMED_OUT, OPENING: a bet, not a raise); a
# whole hand logs its forced bets and hole cards before them, and its refunds, shown hands,
# pots and end after them. ``H_LOGGED`` counts the integers logged since Python last took them.
LOG_WIDTH = ROW_WIDTH
LOG_ENTRIES = 64
LOG_ROOM = 8  # entries a decision must find free: itself, then boards and uncalled bets


def _borrowed_typing(typingctx, ary):  # pragma: no cover
    """The same array, not reference-counted (no meminfo): for the calls within one run.

    Every compiled function counts a reference on each array argument on entry and drops it
    on exit, an atomic operation each: about 26 per decision through ``decide``'s 13 arrays.
    A borrowed array skips them. Safe while the run's own arguments keep the memory alive:
    nothing borrowed outlives the run.
    """
    from numba import types  # noqa: PLC0415 - numba only when it compiles
    from numba.core import cgutils  # noqa: PLC0415

    if not isinstance(ary, types.Buffer):
        return None

    def codegen(context, builder, sig, args):
        out = cgutils.create_struct_proxy(sig.return_type)(context, builder, value=args[0])
        out.meminfo = cgutils.get_null_value(out.meminfo.type)
        out.parent = cgutils.get_null_value(out.parent.type)
        return out._getvalue()

    return ary(ary), codegen


_borrowed: Any = intrinsic(_borrowed_typing)  # called in compiled code only


@njit(cache=True)
def _log(log, ints, what, seat, street, amount, to, flags):  # pragma: no cover
    """A row of ``LOG_WIDTH`` integers at the log's end (``H_LOGGED``: the integers in it)."""
    at = ints[H_LOGGED]
    log[at] = what
    log[at + 1] = seat
    log[at + 2] = street
    log[at + 3] = amount
    log[at + 4] = to
    log[at + 5] = flags
    ints[H_LOGGED] = at + LOG_WIDTH


@njit(cache=True)
def _log5(log, ints, what, a, b, c, d):  # pragma: no cover
    """A row of five integers (``FORCED``, ``SHOWN``) at the log's end."""
    at = ints[H_LOGGED]
    log[at] = what
    log[at + 1] = a
    log[at + 2] = b
    log[at + 3] = c
    log[at + 4] = d
    ints[H_LOGGED] = at + 5


@njit(cache=True)
def _pre_room(n):  # pragma: no cover
    """The most integers a whole hand logs before its betting: forced bets, hole cards."""
    return 5 * (n + 3) + 1 + 2 * n


@njit(cache=True)
def _post_room(n):  # pragma: no cover
    """The most integers a whole hand logs after its betting: refunds, shows, pots, the end."""
    return 6 * n + 5 * n + (n + 1) * (6 + 3 * n) + 1 + n


@njit(cache=True)
def _log_size(n):  # pragma: no cover
    """The log's integers at an ``n``-seat table: the rounds' entries and a whole hand's rest."""
    return LOG_WIDTH * LOG_ENTRIES + _pre_room(n) + _post_room(n)


@njit(cache=True)
def _block(ints, block, n):  # pragma: no cover
    """The ``n`` values of one per-seat block of the machine's state (a view)."""
    return ints[HEADER + block * n : HEADER + (block + 1) * n]


@njit(cache=True)
def _open_round(ints, street, seats):  # pragma: no cover
    """A round's start: its price, first seat, minimum raise and the seats able to call more."""
    stacks, bets, _, _, _, faced, reach, folded = seats
    n = ints[H_N]
    if street:
        first = ints[H_BUTTON] + 1 if ints[H_BUTTON] + 1 < n else 0
        to_match = 0
    else:
        first = ints[H_FIRST]
        to_match = ints[H_BB]
    deep = 0
    for k in range(n):
        if street == 0:
            folded[k] = 0
        reach[k] = stacks[k] + bets[k]
        faced[k] = -1
        if reach[k] > to_match and not folded[k]:
            deep += 1
    ints[H_SEAT] = first
    ints[H_SETTLED] = 0
    ints[H_TO_MATCH] = to_match
    ints[H_MIN_INC] = ints[H_BB]
    ints[H_DEEP] = deep


@njit(cache=True)
def _close_round(ints, street, seats, log):  # pragma: no cover
    """``pots.uncalled``: the single highest bet's excess over the second goes back."""
    stacks, bets, totals, _, _, _, _, folded = seats
    top = -1
    best = second = 0
    for k in range(ints[H_N]):
        if bets[k] > best:
            top = k
            second = best
            best = bets[k]
        elif bets[k] > second:
            second = bets[k]
    if top >= 0 and best != second:
        back = best - second
        if stacks[top] == 0 and not folded[top]:
            ints[H_ACTIVE] += 1  # an all-in bettor has chips again
        stacks[top] += back
        totals[top] -= back
        ints[H_POT] -= back
        if ints[H_LOGGING]:
            _log(log, ints, UNCALLED, top, street, back, 0, 0)
    bets[:] = 0


@njit(cache=True)
def _round(ints, floats, street, seats, hole, board, params, tables, u, z, bank, log, ev, ti):  # fmt: skip # noqa: E501 # pragma: no cover
    """Play the round from ``H_SEAT`` until it is over, or a seat is to be asked in Python.

    ``betting.betting_round`` (no-limit) with the built-in models' decisions. Returns ``OVER``,
    ``ASK`` (the seat's legal answers in ``H_TO_CALL``, ``H_LO``, ``H_HI``) or ``FLUSH`` (the
    log is full). An answer from Python (phase ``ASKED``) is applied first. The running state
    is held in locals and written back to ``ints`` whenever the machine stops.
    """
    stacks, bets, totals, codes, ids, faced, reach, folded = seats
    n = ints[H_N]
    bb = ints[H_BB]
    button = ints[H_BUTTON]
    uend = ints[H_UEND]
    zend = ints[H_ZEND]
    logging = ints[H_LOGGING] != 0
    # a decision needs room for itself, the boards and uncalled bets after it, and in a whole
    # hand for the rows after the betting
    log_full = _log_size(n) - LOG_ROOM * LOG_WIDTH - (_post_room(n) if ints[H_WHOLE] else 0)
    clock = floats[F_CLOCK]
    i = ints[H_SEAT]
    settled = ints[H_SETTLED]
    to_match = ints[H_TO_MATCH]
    min_inc = ints[H_MIN_INC]
    deep = ints[H_DEEP]
    pot = ints[H_POT]
    active = ints[H_ACTIVE]
    live = ints[H_LIVE]
    in_bits = ints[H_IN_BITS]
    ui = ints[H_UI]
    zi = ints[H_ZI]
    elapsed = floats[F_ELAPSED]
    status = OVER
    while settled < n:
        stack = stacks[i]
        if folded[i] or stack == 0:
            settled += 1
            i = i + 1 if i + 1 < n else 0
            continue
        bet = bets[i]
        last = faced[i]
        skip = bet >= to_match and last >= 0
        if not skip and active == 1:  # R-BLIND-2: matched every all-in, nothing to decide
            skip = True
            for k in range(n):
                if bets[k] > bet and not folded[k]:
                    skip = False
                    break
        if skip:
            settled += 1
            i = i + 1 if i + 1 < n else 0
            continue
        owe = to_match - bet
        to_call = owe if owe < stack else stack
        if stack > owe and deep > 1 and (last < 0 or to_match - last >= min_inc):
            lo = to_match + min_inc
            hi = bet + stack
            if lo > hi:
                lo = hi
        else:
            lo = hi = 0
        if street > ints[H_ASKED]:
            ints[H_ASKED] = street  # the engine counts the streets on which someone was asked
        what, amount, think, timed_out = NO_DRAWS, 0, 0.0, False
        if ints[H_PHASE] == ASKED:  # Python's answer (its time is in elapsed already)
            ints[H_PHASE] = ROUND
            what = ints[H_ANSWER]
            amount = ints[H_AMOUNT]
            timed_out = ints[H_TIMED_OUT] != 0
            think = floats[F_ANSWER_THINK]
            elapsed = floats[F_ELAPSED]
        elif logging and ints[H_LOGGED] > log_full:
            status = FLUSH
            break
        elif codes[i] >= 0:
            # the built-in model decides (model_kernel.decide) and thinks (timing.think_time)
            p = params[codes[i]]
            what, amount, next_ui = decide(
                p, tables, u, ui, uend, folded, stacks, bets, n, i, button, hole[2 * i],
                hole[2 * i + 1], board, street, pot, bb, to_call, lo, hi, ev, ti,
            )  # fmt: skip
            if what == RAISE and (not hi or amount < lo or amount > hi):
                what = NO_DRAWS  # Python raises the error
            if what != NO_DRAWS and zi < zend:
                think = think_time_compiled(
                    p.think_median, p.think_sigma, p.think_min, p.think_max, z[zi], street
                )
                if floats[F_PACE]:  # the table's pace, off by default
                    think = decision_pace_compiled(
                        floats, F_PACE, think, street, bet, to_call, pot, stack, bb, n,
                        what == FOLD or (what == CHECK_CALL and to_call == 0),
                    )  # fmt: skip
                pid = ids[i]
                if think > clock:  # the engine's clock: the bank pays beyond it
                    if think <= clock + bank[pid]:
                        used = think - clock
                        bank[pid] -= used if used < bank[pid] else bank[pid]
                    else:
                        what = NO_DRAWS  # a time-out: the engine's clock sits the player out
                elif not think >= 0.0:
                    what = NO_DRAWS
                if what != NO_DRAWS:
                    ui = next_ui
                    zi += 1
                    elapsed += think
            else:
                what = NO_DRAWS  # the hand's draws ran out: Python goes on with its overflow
        if what == NO_DRAWS:  # ask Python: nothing of this decision was kept
            ints[H_TO_CALL] = to_call
            ints[H_LO] = lo
            ints[H_HI] = hi
            ints[H_PHASE] = ASKED
            status = ASK
            break
        # the action (betting.betting_round)
        flags = TIMED_OUT if timed_out else 0
        if what == CHECK_CALL:
            if to_call:
                stack -= to_call
                stacks[i] = stack
                bets[i] = bet + to_call
                totals[i] += to_call
                pot += to_call
                if stack == 0:
                    active -= 1
            faced[i] = to_match
            settled += 1
            logged_amount, logged_to = to_call, bet + to_call
        elif what == RAISE:
            add = amount - bet
            stack -= add
            stacks[i] = stack
            bets[i] = amount
            totals[i] += add
            pot += add
            if stack == 0:
                active -= 1
            if to_match == 0:
                flags |= OPENING
            if amount - to_match >= min_inc:
                min_inc = amount - to_match
            to_match = amount
            faced[i] = amount
            settled = 1
            deep = 0
            for k in range(n):
                if reach[k] > amount and not folded[k]:
                    deep += 1
            logged_amount, logged_to = add, amount
        else:
            folded[i] = 1
            in_bits &= ~(1 << i)
            live -= 1
            active -= 1
            if reach[i] > to_match:
                deep -= 1
            settled += 1
            logged_amount, logged_to = 0, bet
        if logging:
            if stack == 0 and what != FOLD:
                flags |= ALL_IN
            _log(log, ints, what, i, street, logged_amount, logged_to, flags)
        if what == FOLD and live == 1:
            break
        i = i + 1 if i + 1 < n else 0
    ints[H_SEAT] = i
    ints[H_SETTLED] = settled
    ints[H_TO_MATCH] = to_match
    ints[H_MIN_INC] = min_inc
    ints[H_DEEP] = deep
    ints[H_POT] = pot
    ints[H_ACTIVE] = active
    ints[H_LIVE] = live
    ints[H_IN_BITS] = in_bits
    ints[H_UI] = ui
    ints[H_ZI] = zi
    floats[F_ELAPSED] = elapsed
    return status


@njit(cache=True)
def _run(ints, floats, rows, raw_params, u, z, bank, consts, ti):  # fmt: skip # pragma: no cover
    """Run the machine on ``ints`` in place (the state, then room for the hole cards and board).

    ``ints`` holds the header, the seat blocks and, when the hand is recorded, the log; the
    cards are read from the deck block ``rows`` behind them. ``consts``: :func:`constants`.
    Few arguments, all arrays: the compiled call's dispatch costs about 0.1 µs an argument.
    """
    ints = _borrowed(ints)
    n = ints[H_N]
    size = HEADER + SEAT_BLOCKS * n + (_log_size(n) if ints[H_LOGGING] else 0)
    for k in range(n):
        row = ints[H_BASE] + 2 * ints[HEADER + SEAT_NOS * n + k]
        ints[size + 2 * k] = rows[row]
        ints[size + 2 * k + 1] = rows[row + 1]
    for k in range(5):
        ints[size + 2 * n + k] = rows[ints[H_BOARD] + k]
    ev, charts = _tables(_borrowed(consts))
    pots_at = size + 2 * n + 5
    ints[H_POTS_AT] = pots_at
    return _machine(
        ints, _borrowed(floats), ints[size : size + 2 * n], ints[size + 2 * n : pots_at],
        _borrowed(raw_params).view(PARAMS_DTYPE), charts, _borrowed(u), _borrowed(z),
        _borrowed(bank), ints[HEADER + SEAT_BLOCKS * n : size], ev, _borrowed(ti),
        ints[pots_at : pots_at + n * pot_width(n)],
    )  # fmt: skip


@njit(cache=True)
def table_hand(ints, floats, head, stack, rows, strengths, u, z, raw_params, bank, consts, ti, button, i, j, spt, clock, log):  # fmt: skip # noqa: E501 # pragma: no cover
    """A table's next whole hand from its arrays: ``play_quick_hand``'s hand, without Python.

    ``head``: the table's :func:`whole_hand_head` (its seats' records, seat numbers and
    players); ``stack``: the field's chips by player; ``rows`` and ``strengths``: the table's
    deck block and its hand ranks (``engine.shoe``), ``u`` and ``z`` its decision draws;
    ``button``: the button's seat index; ``i`` and ``j``: the hand's row in the deck block and in
    the draws block; ``spt``: seats per table; ``clock``: the action clock's seconds; ``log``:
    with a head that logs, the hand's rows (``hand_log``) go on after the ``log[0]`` integers
    already in ``log[1:]``, their count kept in ``log[0]``. Returns the chips at the table, the
    hand's final stacks at the head of ``ints``; -1 when a seat must be asked in Python or the
    log is full (the time banks as they were: the hand is to be played again in Python); -2
    when chips were lost or made.
    """
    for k in range(len(head)):
        ints[k] = head[k]
    n = ints[H_N]
    ints[H_BASE] = 52 * i - 2
    ints[H_BOARD] = 52 * i + 2 * spt
    ints[H_BUTTON] = button
    ints[H_UI] = j * DECISION_UNIFORMS
    ints[H_UEND] = (j + 1) * DECISION_UNIFORMS
    ints[H_ZI] = j * DECISION_NORMALS
    ints[H_ZEND] = (j + 1) * DECISION_NORMALS
    saved = np.empty(n, dtype=np.float64)
    total = 0
    for k in range(n):
        p = ints[HEADER + IDS * n + k]
        chips = stack[p]
        ints[HEADER + k] = chips
        total += chips
        ints[HEADER + RANKS * n + k] = strengths[i * spt + ints[HEADER + SEAT_NOS * n + k] - 1]
        saved[k] = bank[p]
    floats[F_ELAPSED] = 0.0
    floats[F_CLOCK] = clock
    log_at = HEADER + SEAT_BLOCKS * n
    while True:
        status = _run(ints, floats, rows, raw_params, u, z, bank, consts, ti)
        logged = ints[H_LOGGED]
        if logged:  # the machine's rows, after the ones already in the table's log
            at = log[0] + 1
            if at + logged > len(log):
                status = ASK
            else:
                log[at : at + logged] = ints[log_at : log_at + logged]
                log[0] += logged
                ints[H_LOGGED] = 0
        if status != FLUSH:
            break
    if status != DONE:
        for k in range(n):
            bank[ints[HEADER + IDS * n + k]] = saved[k]
        return -1
    left = 0
    for k in range(n):
        if ints[HEADER + k] < 0:
            return -2
        left += ints[HEADER + k]
    return total if left == total else -2


@njit(cache=True)
def _tables(consts):  # pragma: no cover
    """The tables in :func:`constants`' bytes: (the sampler's and evaluator's, the charts)."""
    at = consts[: 8 * _N_CONSTS].view(np.int64)  # where each table starts, in bytes
    ev = (
        consts[at[0] : at[1]].view(np.int64).reshape((-1, SAMPLER_COLUMNS)),
        consts[at[1] : at[2]].view(np.uint64), consts[at[2] : at[3]].view(np.int32),
        consts[at[3] : at[4]].view(np.int32), consts[at[4] : at[5]].view(np.int16),
        consts[at[5] : at[6]].view(np.int16),
    )  # fmt: skip
    return ev, consts[at[6] : at[7]].view(np.int16)


@njit(cache=True)
def rank_tables(consts):  # pragma: no cover
    """The evaluator's five tables in :func:`constants`' bytes (``deck_kernel.fill_decks``)."""
    ev = _tables(consts)[0]
    return ev[1], ev[2], ev[3], ev[4], ev[5]


@njit(cache=True)
def _machine(ints, floats, hole, board, params, tables, u, z, bank, log, ev, ti, pots):  # fmt: skip # noqa: E501 # pragma: no cover
    """Run the machine from its phase until the hand's betting is ``DONE``, or ``ASK``/``FLUSH``.

    ``hand.play_hand``'s street loop: a round per street, skipped once at most one player can
    still bet, stopped once one player is left. A whole hand (``H_WHOLE``) starts with the
    forced bets (phase ``POST``) and ends with its pots awarded and its knockouts found.
    """
    n = ints[H_N]
    seats = (
        _block(ints, STACKS, n), _block(ints, BETS, n), _block(ints, TOTALS, n),
        _block(ints, CODES, n), _block(ints, IDS, n), _block(ints, FACED, n),
        _block(ints, REACH, n), _block(ints, FOLDED, n),
    )  # fmt: skip
    stacks = seats[0]
    if ints[H_PHASE] == POST:
        pot, dead, bb_seat = post_forced(
            stacks, seats[1], seats[2], n, ints[H_BUTTON], ints[H_SB], ints[H_BB], ints[H_ANTE],
            ints[H_ANTE_KIND],
        )  # fmt: skip
        active = 0
        for k in range(n):
            if stacks[k]:
                active += 1
        ints[H_POT] = pot
        ints[H_DEAD] = dead
        ints[H_ACTIVE] = active
        ints[H_FIRST] = bb_seat + 1 if bb_seat + 1 < n else 0
        ints[H_PHASE] = START
        if ints[H_LOGGING]:
            _log_forced(log, ints, seats, n, bb_seat, dead)
            log[ints[H_LOGGED]] = HOLE  # every seat's hole cards, in seat order
            log[ints[H_LOGGED] + 1 : ints[H_LOGGED] + 1 + 2 * n] = hole
            ints[H_LOGGED] += 1 + 2 * n
    while ints[H_STREET] < 4:
        street = ints[H_STREET]
        if ints[H_PHASE] == START:
            if street:
                if ints[H_LOGGING]:
                    _log(log, ints, BOARD, -1, street, 0, 0, 0)
                if ints[H_ACTIVE] < 2:
                    ints[H_STREET] = street + 1  # at most one can bet: run the board out
                    continue
            _open_round(ints, street, seats)
            ints[H_PHASE] = ROUND
        status = _round(
            ints, floats, street, seats, hole, board, params, tables, u, z, bank, log, ev, ti
        )  # fmt: skip
        if status != OVER:
            return status
        _close_round(ints, street, seats, log)
        ints[H_PHASE] = START
        if ints[H_LIVE] == 1:
            break
        ints[H_STREET] = street + 1
    if ints[H_WHOLE] and ints[H_LOGGING]:
        ints[H_POTS] = _settle_logged(ints, seats, hole, pots, log)
    elif ints[H_WHOLE]:
        ints[H_POTS] = settle(
            seats[2], seats[7], _block(ints, RANKS, n), n, ints[H_BUTTON], ints[H_DEAD], stacks,
            pots, _block(ints, KO, n),
        )  # fmt: skip
    ints[H_PHASE] = DONE
    return DONE


@njit(cache=True)
def _log_forced(log, ints, seats, n, bb_seat, dead):  # pragma: no cover
    """The ``FORCED`` rows of the bets ``post_forced`` just posted, as ``hand.play_hand`` logs them.

    Read back from the seats: a classic ante is what a seat put in beyond its blind, and a
    post was all-in when nothing was left after it (the later posts added back).
    """
    stacks, bets, totals = seats[0], seats[1], seats[2]
    button = ints[H_BUTTON]
    if ints[H_ANTE] and ints[H_ANTE_KIND] == CLASSIC_ANTE:  # from the button's left
        for k in range(1, n + 1):
            i = button + k if button + k < n else button + k - n
            all_in = 1 if stacks[i] + bets[i] == 0 else 0
            _log5(log, ints, FORCED, i, POST_ANTE, totals[i] - bets[i], all_in)
    if n == 2:  # heads-up, the button posts the small blind
        sb_seat = button
    else:
        sb_seat = button + 1 if button + 1 < n else button + 1 - n
    if bets[sb_seat]:
        all_in = 1 if stacks[sb_seat] == 0 else 0
        _log5(log, ints, FORCED, sb_seat, POST_SMALL_BLIND, bets[sb_seat], all_in)
    if bets[bb_seat]:
        all_in = 1 if stacks[bb_seat] + dead == 0 else 0
        _log5(log, ints, FORCED, bb_seat, POST_BIG_BLIND, bets[bb_seat], all_in)
    if dead:  # the big blind's table ante, dead money
        all_in = 1 if stacks[bb_seat] == 0 else 0
        _log5(log, ints, FORCED, bb_seat, POST_ANTE, dead, all_in)


@njit(cache=True)
def _settle_logged(ints, seats, hole, pots, log):  # pragma: no cover
    """``settle``, logging what ``hand.play_hand`` logs after the betting.

    The refunds of layers nobody live reached (``UNCALLED`` rows of street 0, in seat order),
    the live seats' hands from the button's left at a showdown, each pot, the final stacks.
    Returns the pot count.
    """
    stacks, totals, reach, folded = seats[0], seats[2], seats[6], seats[7]
    n = ints[H_N]
    button = ints[H_BUTTON]
    ranks = _block(ints, RANKS, n)
    reach[:] = stacks  # the rounds are over: their scratch holds the stacks before the refunds
    count = build_pots(totals, folded, n, ints[H_DEAD], stacks, pots)
    for i in range(n):
        if stacks[i] != reach[i]:
            _log(log, ints, UNCALLED, i, 0, stacks[i] - reach[i], 0, 0)
    showdown = 1 if ints[H_LIVE] > 1 else 0
    if showdown:
        for k in range(1, n + 1):
            i = button + k if button + k < n else button + k - n
            if not folded[i]:
                _log5(log, ints, SHOWN, i, hole[2 * i], hole[2 * i + 1], ranks[i])
    award(pots, count, ranks, n, button, stacks)
    knockout_pots(pots, count, n, stacks, _block(ints, KO, n))
    width = pot_width(n)
    at = ints[H_LOGGED]
    for p in range(count):
        row = pots[p * width : (p + 1) * width]
        log[at] = POT
        log[at + 1] = p
        log[at + 2] = row[POT_AMOUNT]
        log[at + 3] = showdown
        m = 0
        for i in range(n):
            if row[POT_ELIGIBLE] >> i & 1:
                log[at + 5 + m] = i
                m += 1
        log[at + 4] = m
        w = row[POT_WINNERS]
        at += 5 + m
        log[at] = w
        log[at + 1 : at + 1 + w] = row[POT_HEAD : POT_HEAD + w]
        log[at + 1 + w : at + 1 + 2 * w] = row[POT_HEAD + n : POT_HEAD + n + w]
        at += 1 + 2 * w
    log[at] = ENDED
    log[at + 1 : at + 1 + n] = stacks
    ints[H_LOGGED] = at + 1 + n
    return count


_N_CONSTS = 8  # the byte offsets heading the constant tables: seven starts and the end


def constants() -> np.ndarray:
    """The tables the decisions read, in one byte array headed by their byte offsets.

    The sampler's combinations, the evaluator's five tables and the charts (``CHART_TABLES``):
    one argument of the compiled call instead of seven. Built once per process.
    """
    if not _CONSTS:
        ev = get_tables()
        tables = [
            SAMPLER, ev.card_key, ev.low_base, ev.high_index, ev.rank_table, ev.flush_table,
            CHART_TABLES,
        ]  # fmt: skip
        parts = [np.ascontiguousarray(a).view(np.uint8).ravel() for a in tables]
        at = [8 * _N_CONSTS]
        padded = []
        for part in parts:
            pad = -len(part) % 8  # each table starts 8-byte aligned
            padded += [part, np.zeros(pad, dtype=np.uint8)]
            at.append(at[-1] + len(part) + pad)
        head = np.array(at, dtype=np.int64).view(np.uint8)
        _CONSTS.append(np.concatenate([head, *padded]))
    return _CONSTS[0]


_CONSTS: list[np.ndarray] = []


class _Buffers:
    """The machine's state and floats between calls: Python arrays and numpy views of them.

    Python writes and reads the arrays (plain ints and floats, as the engine keeps them); the
    compiled call takes the views, which dispatch faster than the arrays and need no copy.
    """

    def __init__(self, ints: int, floats: int) -> None:
        self.ints = array("q", bytes(8 * ints))
        self.ints_view = np.frombuffer(self.ints, dtype=np.int64)
        self.floats = array("d", bytes(8 * floats))
        self.floats_view = np.frombuffer(self.floats, dtype=np.float64)
        self.pace: Sequence[float] = ()  # the pace written at F_PACE
        self.bank: array[float] | None = None  # the time banks ``bank_view`` shows
        self.bank_view = np.zeros(0, dtype=np.float64)
        # ``_run`` resolved (``_runner``) by the other arguments' identities or types, and by
        # the tournament inputs' layout; each entry holds the arrays it was resolved for, so
        # that their ids stay theirs
        self.runs: dict[tuple[Any, ...], tuple[Callable[..., int], tuple[Any, ...]]] = {}
        self.layouts: dict[tuple[Any, ...], tuple[Callable[..., int], tuple[Any, ...]]] = {}


def _ints_size(n: int) -> int:
    """The machine's ints at an ``n``-seat table: state, log, cards and the pots' rows."""
    size = _SIZES.get(n)
    if size is None:  # once per table size: a compiled call from Python costs a dispatch
        size = _SIZES[n] = HEADER + (SEAT_BLOCKS + 2) * n + 5 + _log_size(n) + n * pot_width(n)
    return size


_SIZES: dict[int, int] = {}


_BUFFERS = [_Buffers(_ints_size(10), F_END)]


def _buffers(n: int, pace: Sequence[float], bank: array[float]) -> _Buffers:
    """The buffers, room for ``n`` seats, the table's pace and ``bank`` in place."""
    buf = _BUFFERS[0]
    if len(buf.ints) < _ints_size(n):
        buf = _BUFFERS[0] = _Buffers(_ints_size(n), len(buf.floats))
    if pace is not buf.pace:
        buf.floats[F_PACE:F_END] = array("d", pace)
        buf.pace = pace
    if bank is not buf.bank:
        buf.bank_view = np.frombuffer(bank, dtype=np.float64)
        buf.bank = bank
    return buf


def _runner(
    buf: _Buffers, rows: bytes, params: np.ndarray, u: Any, z: Any, consts: np.ndarray, ti: Any
) -> Callable[..., int]:
    """``_run`` for these arguments, resolved once (``kernel_cache.resolve``), not every call.

    A run calls it hand after hand with the same buffers, records and constants, one of a few
    tournament-input arrays, and decks and draws of one type each: the function is kept by the
    arrays' identities and the other arguments' types. A new tournament-input array (one at
    each change of the field: a bust) finds it by the array's layout (``kernel_cache.arg_key``)
    instead of typing every argument again.
    """
    runs = buf.runs
    bank = buf.bank_view
    key = (id(params), id(ti), id(consts), id(bank), type(rows), type(u), type(z))
    got = runs.get(key)
    if got is None:
        if len(runs) >= 64:  # a new tournament-input array at each bust: start again
            runs.clear()
        layout = (id(params), arg_key(ti), id(consts), id(bank), type(rows), type(u), type(z))
        got = buf.layouts.get(layout)
        if got is None:
            if len(buf.layouts) >= 64:  # records or banks made again and again (tests)
                buf.layouts.clear()
            run = resolve(
                _run, buf.ints_view, buf.floats_view, rows, params, u, z, bank, consts, ti
            )
            got = buf.layouts[layout] = (run, (params, consts, bank))
        got = runs[key] = (got[0], (params, ti, consts, bank))
    return got[0]


def machine_params(records: np.ndarray) -> np.ndarray:
    """The packed records (``model_params.pack``) as the machine takes them: their bytes.

    A structured array costs the compiled call's dispatch about a microsecond to type; the
    machine views the bytes as records again.
    """
    return records.view(np.uint8)


Ask = Callable[[DecisionView, float], tuple[Action | None, float, bool]]
"""The engine's decision for a seat the machine does not play: ``ask(view, elapsed)`` returns
(the answer, the elapsed seconds after it, whether the machine may play the seat again)."""


_HEADS: dict[int, struct.Struct] = {}  # the header and the seats' blocks, by their length
_SEAT_BLOCK: dict[int, struct.Struct] = {}  # one block of the seats, by their number


def _read_state(t: TableState, ints: Any, n: int) -> None:
    """The machine's chips and who is in the hand, into the Python state ``t``."""
    h = HEADER
    t.stacks[:] = ints[h : h + n]
    t.bets[:] = ints[h + n : h + 2 * n]
    t.totals[:] = ints[h + 2 * n : h + 3 * n]
    t.pot = ints[H_POT]
    t.active = ints[H_ACTIVE]
    t.live = ints[H_LIVE]
    if ints[H_IN_BITS] != t.in_bits:
        t.set_in_hand(ints[H_IN_BITS])


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

    ``inputs``: each seat's parameter-record row in ``params`` (``machine_params``; -1: ask
    in Python), then each seat's table seat number (the hole cards are read from the deck block
    ``rows`` at ``base``, the board at ``board_at``, as the engine deals them), then each
    seat's player id; ``first``: the first seat to act pre-flop; ``bank``: every player's time
    bank, by id. ``t``, ``draws`` (``rng.HandDraws``) and ``bank`` end where the Python rounds
    leave them, and ``t.events`` (when recorded) holds the same events. Returns (elapsed
    seconds, the last street on which a player was asked).
    """
    n = t.n
    u, ui, uend, z, zi, zend = draws.position()
    events = t.events
    logging = events is not None
    buf = _buffers(n, pace, bank)
    ints = buf.ints
    count = HEADER + 3 * n + len(inputs)
    head = _HEADS.get(count)
    if head is None:
        head = _HEADS[count] = struct.Struct(f"={count}q")
    head.pack_into(
        ints, 0,
        n, base, first, t.level.big_blind, t.pot, t.active, t.live, t.button,
        ui, uend, zi, zend, t.in_bits, board_at, 0, START, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, int(logging), 0, 0, 0, 0, 0, 0, 0, 0,
        *t.stacks, *t.bets, *t.totals, *inputs,
    )  # fmt: skip # the blocks after it are set by the machine before it reads them
    floats = buf.floats
    floats[F_ELAPSED] = elapsed
    floats[F_CLOCK] = action_seconds
    ti = hand_inputs(params, t.context, t.player_ids)  # what a tournament-aware record reads
    consts = _CONSTS[0] if _CONSTS else constants()
    run = _runner(buf, rows, params, u, z, consts, ti)
    while True:
        status = run(buf.ints_view, buf.floats_view, rows, params, u, z, buf.bank_view, consts, ti)
        _read_state(t, ints, n)
        if events is not None and ints[H_LOGGED]:  # the log's rows, as the hand logs them
            at = HEADER + SEAT_BLOCKS * n
            events.rows.extend(ints[at : at + ints[H_LOGGED]])
            ints[H_LOGGED] = 0
        if status == DONE:
            break
        if status == ASK:
            _ask(t, ints, floats, rows[board_at : board_at + 5], draws, ask)
    draws.seek(ints[H_UI], ints[H_ZI])
    return floats[F_ELAPSED], ints[H_ASKED]


_ANTE_CODES = {AnteKind.CLASSIC: CLASSIC_ANTE, AnteKind.BIG_BLIND: BIG_BLIND_ANTE}


def ante_code(level: Level) -> int:
    """The machine's code of the level's ante (``H_ANTE_KIND``)."""
    return _ANTE_CODES.get(level.ante_kind, NO_ANTE)


_MASK_SEATS = [tuple([k for k in range(10) if m >> k & 1]) for m in range(1 << 10)]
_new_pot: Callable[..., Pot] = record_builder(Pot)
_new_knockout: Callable[..., Knockout] = record_builder(Knockout)
_new_hand_result: Callable[..., HandResult] = record_builder(HandResult)


def _seats_of(mask: int) -> tuple[int, ...]:
    """The seats of a bit mask (seat i: bit i), in seat order."""
    if mask < 1 << 10:
        return _MASK_SEATS[mask]
    return tuple([k for k in range(mask.bit_length()) if mask >> k & 1])


def _start_whole_hand(
    ints: Any,
    n: int,
    base: int,
    board_at: int,
    level: Level,
    button: int,
    draws_at: tuple[int, int, int, int],
    stacks: Sequence[int],
    inputs: Sequence[int],
    ranks: Sequence[int],
    logging: bool = False,
) -> None:
    """The machine's header and seat blocks at the start of a whole hand (phase ``POST``).

    ``draws_at``: the hand's (next, end) uniform and normal draws; ``inputs``: the records'
    rows, table seat numbers and player ids (:func:`play_rounds`); ``logging``: the hand's
    events logged as rows. Written by
    :func:`play_whole_hand` for each hand, and once by :func:`play_batch` as the template its
    hands start from (``_batch`` then writes only what differs from hand to hand).
    """
    count = HEADER + 3 * n + len(inputs) + n
    head = _HEADS.get(count)
    if head is None:
        head = _HEADS[count] = struct.Struct(f"={count}q")
    head.pack_into(
        ints, 0,
        n, base, 0, level.big_blind, 0, n, n, button,
        *draws_at, (1 << n) - 1, board_at, 0, POST, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, int(logging), 0, 1, level.small_blind, level.ante, ante_code(level),
        0, 0, 0,
        *stacks, *[0] * (2 * n), *inputs, *ranks,
    )  # fmt: skip


@njit(cache=True)
def seats_head(head, seat_row, codes, sb, bb, ante, ante_kind, logging):  # pragma: no cover
    """:func:`whole_hand_head` in compiled code, from a table's seats: its seat count, or 0.

    ``seat_row[s - 1]`` is the player at seat ``s`` plus one (0: empty), ``codes[p]`` player
    ``p``'s row in the records (-1 a plug-in, -2 away: Python plays, as
    ``engine.dealer.Dealer._kernel_codes`` says). 0 when Python must play the table's hand: a
    player away, nobody built in, or fewer than two players. The same header and seat blocks
    as :func:`_start_whole_hand` gives (held equal by tests/test_cruise.py).
    """
    n = 0
    top = -1
    for s in range(len(seat_row)):
        if seat_row[s] > 0:
            code = codes[seat_row[s] - 1]
            if code == -2:
                return 0
            top = max(top, code)
            n += 1
    if n < 2 or top < 0:
        return 0
    head[: HEADER + 7 * n] = 0
    head[H_N] = n
    head[H_BB] = bb
    head[H_ACTIVE] = n
    head[H_LIVE] = n
    head[H_IN_BITS] = (1 << n) - 1
    head[H_PHASE] = POST
    head[H_LOGGING] = logging
    head[H_WHOLE] = 1
    head[H_SB] = sb
    head[H_ANTE] = ante
    head[H_ANTE_KIND] = ante_kind
    k = 0
    for s in range(len(seat_row)):
        if seat_row[s] > 0:
            p = seat_row[s] - 1
            head[HEADER + CODES * n + k] = codes[p]
            head[HEADER + SEAT_NOS * n + k] = s + 1
            head[HEADER + IDS * n + k] = p
            k += 1
    return n


def whole_hand_head(n: int, level: Level, inputs: Sequence[int], logging: bool) -> array[int]:
    """The header and seat blocks of a whole hand at ``n`` seats (``_start_whole_hand``).

    What stays from hand to hand while a table's seats (``inputs``) and level stay is written
    once here; :func:`play_whole_hand` given it (``head``) copies it and writes only the hand's
    own fields: the deck's place, the button, the draws, the stacks and the hand ranks.
    """
    head = array("q", bytes(8 * (HEADER + 3 * n + len(inputs) + n)))
    _start_whole_hand(head, n, 0, 0, level, 0, (0, 0, 0, 0), [0] * n, inputs, [0] * n, logging)
    return head


def _start_from_head(
    ints: array[int],
    head: array[int],
    n: int,
    base: int,
    board_at: int,
    button: int,
    draws_at: tuple[int, int, int, int],
    stacks: Sequence[int],
    ranks: Sequence[int],
) -> None:
    """:func:`_start_whole_hand` from a table's :func:`whole_hand_head`: the hand's fields only."""
    ints[: len(head)] = head
    ints[H_BASE] = base
    ints[H_BUTTON] = button
    ints[H_UI], ints[H_UEND], ints[H_ZI], ints[H_ZEND] = draws_at
    ints[H_BOARD] = board_at
    block = _SEAT_BLOCK.get(n)
    if block is None:
        block = _SEAT_BLOCK[n] = struct.Struct(f"={n}q")
    block.pack_into(ints, 8 * HEADER, *stacks)
    block.pack_into(ints, 8 * (HEADER + RANKS * n), *ranks)


def play_whole_hand(
    setup: HandSetup,
    deal: Deal,
    inputs: list[int],
    rows: bytes,
    base: int,
    board_at: int,
    params: np.ndarray,
    draws: Any,
    elapsed: float,
    action_seconds: float,
    bank: array[float],
    ask: Ask,
    pace: Sequence[float],
    context: TournamentContext | None,
    decide: Decide,
    record: bool = False,
    head: array[int] | None = None,
) -> tuple[HandResult, float, int]:
    """``hand.play_hand`` at a no-limit table, in the machine from end to end.

    The forced bets, every betting round, the pots and the knockouts are played in one
    compiled run (more only when a seat is asked in Python); Python builds the result's records.
    With ``record`` the machine logs the hand's events as the rows ``play_hand`` logs
    (``pokersim.hand_log``: all but the ``STARTED`` row, written here) and Python copies them
    into the result's ``events``, records only when read.
    ``inputs`` and the other arguments are :func:`play_rounds`'; the hand ranks are the deal's
    ``strengths`` (evaluated here when it has none); ``head``: :func:`whole_hand_head` of these
    seats, ``inputs``, level and ``record``, if the caller keeps one. Returns (the result, elapsed
    seconds, the last street on which a player was asked), the same as ``play_hand`` with
    ``play_rounds``.
    """
    seats = setup.seats
    n = len(seats)
    ranks = deal.strengths
    if ranks is None:
        ranks = _evaluate_all(deal)
    stacks = [s.stack for s in seats]
    player_ids = tuple([s.player_id for s in seats])
    events = None
    if record:
        events = HandLog()
        seat_nos = [s.seat_no for s in seats]
        events.started(
            setup.table_id, setup.hand_no, setup.button, player_ids, seat_nos, stacks, deal.board
        )
    hand = (setup.table_id, setup.hand_no, setup.level, setup.button, deal.hole, setup.structure)
    ints, floats, final = _play(
        hand, stacks, ranks, player_ids, inputs, rows, base, board_at, params, draws, elapsed,
        action_seconds, bank, ask, pace, context, decide, events, head,
    )  # fmt: skip
    pots = []
    at = ints[H_POTS_AT]
    width = POT_HEAD + 2 * n
    for index in range(ints[H_POTS]):
        amount = ints[at + POT_AMOUNT]
        w = ints[at + POT_WINNERS]
        if w == 1:
            winners: tuple[int, ...] = (ints[at + POT_HEAD],)
            shares: tuple[int, ...] = (amount,)
        else:
            winners = tuple(ints[at + POT_HEAD : at + POT_HEAD + w])
            shares = tuple(ints[at + POT_HEAD + n : at + POT_HEAD + n + w])
        pots.append(
            _new_pot(
                index=index,
                amount=amount,
                eligible=_seats_of(ints[at + POT_ELIGIBLE]),
                winners=winners,
                shares=shares,
            )
        )
        at += width
    result = _new_hand_result(
        setup=setup, deal=deal, final_stacks=final, pots=tuple(pots),
        knockouts=_knockouts(ints, n, final, player_ids), showdown=ints[H_LIVE] > 1,
        events=events.events() if events is not None else (),
    )  # fmt: skip
    return result, floats[F_ELAPSED], ints[H_ASKED]


# A hand as the machine's Python side needs it beyond the chips: table id, hand number, level,
# button index, the seats' hole cards (None: read from the deck row by table seat, only if a
# seat is asked in Python) and the betting structure.
HandFacts = tuple[int, int, Level, int, Any, Any]


def play_quick_hand(
    hand: HandFacts,
    stacks: list[int],
    ranks: Sequence[int],
    player_ids: tuple[int, ...],
    inputs: list[int],
    rows: bytes,
    base: int,
    board_at: int,
    params: np.ndarray,
    draws: Any,
    elapsed: float,
    action_seconds: float,
    bank: array[float],
    ask: Ask,
    pace: Sequence[float],
    context: TournamentContext | None,
    decide: Decide,
    head: array[int] | None,
    events: HandLog | None = None,
) -> tuple[tuple[int, ...], tuple[Knockout, ...], bool, float, int]:
    """:func:`play_whole_hand` without its records: the same machine, the same hand.

    The seats' chips and hand ranks in; out, what an engine that builds the result's records
    only when it reads them (``engine.played``) needs of every hand: the final stacks, the
    knockouts, whether it went to showdown, the elapsed seconds and the last street asked.
    ``events``: the hand's log, its ``STARTED`` row written (the machine logs the rest).
    """
    ints, floats, final = _play(
        hand, stacks, ranks, player_ids, inputs, rows, base, board_at, params, draws, elapsed,
        action_seconds, bank, ask, pace, context, decide, events, head,
    )  # fmt: skip
    return (
        final,
        _knockouts(ints, len(final), final, player_ids) if 0 in final else (),
        ints[H_LIVE] > 1,
        floats[F_ELAPSED],
        ints[H_ASKED],
    )


def machine_views(
    n: int, pace: Sequence[float], bank: array[float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The machine's buffers for ``n`` seats as compiled calls take them: ints, floats, banks.

    The table's pace is written in the floats, and the banks are ``bank`` seen in place.
    """
    buf = _buffers(n, pace, bank)
    return buf.ints_view, buf.floats_view, buf.bank_view


def play_table_hand(
    head: array[int],
    stack: array[int],
    cards: tuple[bytes, array[int], Any, Any],
    params: np.ndarray,
    bank: array[float],
    pace: Sequence[float],
    context: TournamentContext | None,
    player_ids: tuple[int, ...],
    at: tuple[int, int, int, int],
    clock: float,
) -> tuple[tuple[int, ...], tuple[Knockout, ...], bool, float, int] | None:
    """A table's next whole hand, none of it in Python (``table_hand``); None: play it so.

    ``cards``: the table's deck block, hand ranks and decision draws (``engine.shoe``); ``at``:
    the button's seat index, the hand's row in the deck block and in the draws block, and the
    seats per table. Returns what :func:`play_quick_hand` returns, for the same hand.
    """
    buf = _buffers(head[H_N], pace, bank)
    ti = hand_inputs(params, context, player_ids)
    # a new tournament-input array at each bust, of one layout: resolved by its layout
    key = (id(params), id(buf.bank_view), ti.dtype.num, ti.ndim, ti.flags.c_contiguous)
    got = _TABLE_HANDS.get(key)
    if got is None:
        if len(_TABLE_HANDS) >= 64:  # records or banks made again and again (tests)
            _TABLE_HANDS.clear()
        consts = _CONSTS[0] if _CONSTS else constants()
        rows, strengths, u, z = cards
        run = resolve(
            table_hand, buf.ints_view, buf.floats_view, head, stack, rows, strengths, u, z,
            params, buf.bank_view, consts, ti, *at, clock, _NO_LOG,
        )  # fmt: skip
        got = _TABLE_HANDS[key] = (run, consts, (params, buf.bank_view))
    run, consts, _ = got
    rows, strengths, u, z = cards
    chips = run(
        buf.ints_view, buf.floats_view, head, stack, rows, strengths, u, z, params,
        buf.bank_view, consts, ti, *at, clock, _NO_LOG,
    )  # fmt: skip
    if chips == -1:
        return None
    if chips == -2:
        final = list(buf.ints[HEADER : HEADER + len(player_ids)])
        raise InvariantError(f"stacks {final} after a compiled hand: chips lost or made")
    return machine_result(player_ids)


def machine_result(
    player_ids: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[Knockout, ...], bool, float, int]:
    """The whole hand the machine's buffers hold (the last played): as ``play_quick_hand`` says.

    Its final stacks, knockouts, whether it went to showdown, its elapsed seconds and the last
    street asked.
    """
    buf = _BUFFERS[0]
    ints = buf.ints
    n = len(player_ids)
    final = tuple(ints[HEADER : HEADER + n])
    return (
        final,
        _knockouts(ints, n, final, player_ids) if 0 in final else (),
        ints[H_LIVE] > 1,
        buf.floats[F_ELAPSED],
        ints[H_ASKED],
    )


_NO_LOG = np.zeros(1, dtype=np.int64)  # a hand nobody records logs nothing
# ``table_hand`` resolved by the arrays it is called with (their identities, kept alive here,
# and the tournament inputs' layout)
_TABLE_HANDS: dict[tuple[int, ...], tuple[Callable[..., int], np.ndarray, tuple[Any, ...]]] = {}


def _play(
    hand: HandFacts,
    stacks: list[int],
    ranks: Sequence[int],
    player_ids: tuple[int, ...],
    inputs: list[int],
    rows: bytes,
    base: int,
    board_at: int,
    params: np.ndarray,
    draws: Any,
    elapsed: float,
    action_seconds: float,
    bank: array[float],
    ask: Ask,
    pace: Sequence[float],
    context: TournamentContext | None,
    decide: Decide,
    events: HandLog | None,
    head: array[int] | None,
) -> tuple[array[int], array[float], tuple[int, ...]]:
    """Run the whole hand in the machine (asking Python for the seats it does not play).

    Returns the machine's buffers (the pots in them) and the final stacks, its chips checked.
    """
    n = len(player_ids)
    table_id, hand_no, level, button, hole, structure = hand
    u, ui, uend, z, zi, zend = draws.position()
    buf = _buffers(n, pace, bank)
    ints = buf.ints
    start_total = sum(stacks)
    if head is None:
        _start_whole_hand(
            ints, n, base, board_at, level, button, (ui, uend, zi, zend), stacks, inputs,
            ranks, events is not None,
        )  # fmt: skip
    else:
        _start_from_head(ints, head, n, base, board_at, button, (ui, uend, zi, zend), stacks, ranks)
    floats = buf.floats
    floats[F_ELAPSED] = elapsed
    floats[F_CLOCK] = action_seconds
    log_at = HEADER + SEAT_BLOCKS * n
    ti = hand_inputs(params, context, player_ids)
    consts = _CONSTS[0] if _CONSTS else constants()
    t: TableState | None = None  # the hand's state for a seat asked in Python, made if needed
    run = _runner(buf, rows, params, u, z, consts, ti)
    while True:
        status = run(buf.ints_view, buf.floats_view, rows, params, u, z, buf.bank_view, consts, ti)
        if events is not None and ints[H_LOGGED]:
            events.rows.extend(ints[log_at : log_at + ints[H_LOGGED]])
            ints[H_LOGGED] = 0
        if status == DONE:
            break
        if status == FLUSH:
            continue
        if t is None:
            if hole is None:  # dealt from a deck row: seat s's cards at 2s, 2s + 1 past base
                seat_nos = inputs[n : 2 * n]
                hole = tuple([(rows[base + 2 * s], rows[base + 2 * s + 1]) for s in seat_nos])
            t = TableState(
                stacks=stacks, player_ids=player_ids, hole=hole,
                button=button, level=level, structure=structure, table_id=table_id,
                hand_no=hand_no, decide=decide, events=None, context=context,
            )  # fmt: skip
        _read_state(t, ints, n)
        _ask(t, ints, floats, rows[board_at : board_at + 5], draws, ask)
    draws.seek(ints[H_UI], ints[H_ZI])
    final = tuple(ints[HEADER : HEADER + n])
    if sum(final) != start_total or min(final) < 0:
        raise InvariantError(
            f"table {table_id} hand {hand_no}: stacks {list(final)} after the hand, "
            f"{start_total} chips before"
        )
    return ints, floats, final


@njit(cache=True)
def keep_knockouts(ints, n, kept):  # pragma: no cover
    """The hand's knockouts, kept past it (the tables' loop): ``kept_knockouts`` reads them.

    Seat ``i``'s entry, ``2 + n`` integers from ``i * (2 + n)``, holds for a seat left with no
    chips the pot it was knocked out in, the count of that pot's winners and their seats: what
    ``_knockouts`` reads off the machine's pots.
    """
    width = POT_HEAD + 2 * n
    for i in range(n):
        if ints[HEADER + i] == 0:
            e = i * (2 + n)
            last = ints[HEADER + KO * n + i]
            at = ints[H_POTS_AT] + last * width
            w = ints[at + POT_WINNERS]
            kept[e] = last
            kept[e + 1] = w
            kept[e + 2 : e + 2 + w] = ints[at + POT_HEAD : at + POT_HEAD + w]


def kept_knockouts(
    kept: np.ndarray, n: int, final: tuple[int, ...], player_ids: tuple[int, ...]
) -> tuple[Knockout, ...]:
    """The knockouts ``keep_knockouts`` kept of a hand, as ``machine_result`` gives them."""
    out = []
    entries = kept[: n * (2 + n)].tolist()
    for i in range(n):
        if final[i] == 0:
            e = i * (2 + n)
            pot, w = entries[e], entries[e + 1]
            winners = tuple(entries[e + 2 : e + 2 + w])
            out.append(_knockout(i, pot, winners, player_ids))
    return tuple(out)


def _knockout(seat: int, pot: int, winners: tuple[int, ...], ids: tuple[int, ...]) -> Knockout:
    """Seat ``seat`` knocked out in pot ``pot`` by the seats ``winners``."""
    return _new_knockout(
        seat=seat,
        player_id=ids[seat],
        pot_index=pot,
        winners=winners,
        winner_ids=tuple([ids[w] for w in winners]),
    )


def _knockouts(
    ints: array[int], n: int, final: tuple[int, ...], player_ids: tuple[int, ...]
) -> tuple[Knockout, ...]:
    """The hand's knockouts: each seat left with no chips, by the winners of its last pot."""
    if 0 not in final:
        return ()
    width = POT_HEAD + 2 * n
    out = []
    for i in range(n):
        if final[i] == 0:
            last = ints[HEADER + KO * n + i]
            at = ints[H_POTS_AT] + last * width
            w = ints[at + POT_WINNERS]
            winners = tuple(ints[at + POT_HEAD : at + POT_HEAD + w])
            out.append(_knockout(i, last, winners, player_ids))
    return tuple(out)


def _evaluate_all(deal: Deal) -> tuple[int, ...]:
    """Every seat's hand rank (a scripted deal comes without them): one evaluator call."""
    from pokersim.evaluator import evaluate_unchecked

    cards = np.array([(*hole, *deal.board) for hole in deal.hole], dtype=np.int8)
    return tuple(evaluate_unchecked(cards).tolist())


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


@njit(cache=True)
def _batch(ints, floats, template, stacks, buttons, raw_params, u, z, bank, consts, ti, seed, table, first_hand, out, status):  # fmt: skip # noqa: E501 # pragma: no cover
    """Play a block of whole hands at one table, each from ``template`` (``_start_whole_hand``).

    Hand ``h`` is hand ``first_hand + h`` of ``table``: its deck is ``rng.deck_block``'s row
    (seat ``k`` holds cards ``2k`` and ``2k + 1``, the board follows the hole cards), its
    stacks ``stacks[h]``, its button ``buttons[h]``, its draws the ``h``-th of ``u`` and ``z``
    (``rng.decision_block``'s layout). Writes each hand's final stacks into ``out[h]`` and its
    ``status``: 1 a showdown, 0 none, -1 not played (a seat to ask in Python: its draws ran
    out; nothing of it is kept).
    """
    count, n = stacks.shape
    decks = deck_rows(seed, table, first_hand, count)
    rows = decks.ravel()
    ev, _ = _tables(consts)
    cards = np.empty((n, 7), dtype=np.int8)
    ranks = np.empty(n, dtype=np.int64)
    u_width = len(u) // count
    z_width = len(z) // count
    span = template.size
    for h in range(count):
        deck = decks[h]
        for k in range(n):
            cards[k, 0] = deck[2 * k]
            cards[k, 1] = deck[2 * k + 1]
            cards[k, 2:] = deck[2 * n : 2 * n + 5]
        evaluate_rows7(cards, ev[1], ev[2], ev[3], ev[4], ev[5], ranks, False)
        ints[:span] = template
        ints[H_BASE] = 52 * h
        ints[H_BOARD] = 52 * h + 2 * n
        ints[H_BUTTON] = buttons[h]
        ints[H_UI] = u_width * h
        ints[H_UEND] = u_width * (h + 1)
        ints[H_ZI] = z_width * h
        ints[H_ZEND] = z_width * (h + 1)
        ints[HEADER : HEADER + n] = stacks[h]
        ints[HEADER + RANKS * n : HEADER + (RANKS + 1) * n] = ranks
        floats[F_ELAPSED] = 0.0
        if _run(ints, floats, rows, raw_params, u, z, bank, consts, ti) == DONE:
            out[h] = ints[HEADER : HEADER + n]
            status[h] = 1 if ints[H_LIVE] > 1 else 0
        else:
            status[h] = -1


class Batch(NamedTuple):
    """What :func:`play_batch` returns: a row per hand."""

    final_stacks: np.ndarray  # (hands, seats) int64: each seat's chips after the hand
    showdown: np.ndarray  # (hands,) bool: the hand went to a showdown
    replayed: int  # hands the machine could not finish alone (their draws ran out)


def play_batch(
    models: Sequence[object],
    stacks: np.ndarray,
    buttons: np.ndarray,
    level: Level,
    seed: int,
    table: int,
    first_hand: int,
    uniforms: Sequence[float],
    normals: Sequence[float],
) -> Batch:
    """A block of whole no-limit hands at one table of built-in ``models``, in one compiled call.

    Hand ``h`` (``first_hand + h`` of ``table``) starts from ``stacks[h]`` (every seat with
    chips) and the button at seat ``buttons[h]``; its deck is ``rng.deck_block(seed, table,
    first_hand + h, 1)`` dealt as seat ``k`` holding cards ``2k`` and ``2k + 1`` and the board
    after the hole cards; its decision draws are the ``h``-th hand of ``uniforms`` and
    ``normals`` (``rng.decision_block``). Nothing is recorded and no clock runs: think time is
    drawn, never a time-out. Each hand is the one :func:`play_whole_hand` plays from the same
    setup, deal and draws (``tests/test_hand_batch.py``); a hand whose draws run out is
    played again that way, its seats asked in Python where the block ends.
    """
    stacks = np.ascontiguousarray(stacks, dtype=np.int64)
    buttons = np.ascontiguousarray(buttons, dtype=np.int64)
    count, n = stacks.shape
    records = [model_record(m) for m in models]
    if len(records) != n or any(r is None for r in records):
        raise ValueError(f"play_batch needs {n} built-in models, one a seat")
    if (count and stacks.min() <= 0) or not ((buttons >= 0) & (buttons < n)).all():
        raise ValueError("play_batch needs every seat with chips and a button at a seat")
    if len(uniforms) != count * DECISION_UNIFORMS or len(normals) != count * DECISION_NORMALS:
        raise ValueError(f"play_batch needs {count} hands of draws (rng.decision_block)")
    params = machine_params(pack([r for r in records if r is not None]))
    seat_rows = list(range(n))
    inputs = seat_rows * 3  # record row, seat number (its cards) and player id: all the seat
    template = np.zeros(HEADER + 7 * n, dtype=np.int64)
    _start_whole_hand(template, n, 0, 2 * n, level, 0, (0, 0, 0, 0), [0] * n, inputs, [0] * n)
    ints = np.zeros(_ints_size(n), dtype=np.int64)
    floats = np.zeros(F_END, dtype=np.float64)
    floats[F_CLOCK] = np.inf
    bank = np.zeros(n, dtype=np.float64)
    u, z = _draws(uniforms), _draws(normals)
    final = np.zeros((count, n), dtype=np.int64)
    status = np.zeros(count, dtype=np.int64)
    consts = _CONSTS[0] if _CONSTS else constants()
    ti = hand_inputs(params, None, seat_rows)
    _batch(
        ints, floats, template, stacks, buttons, params, u, z, bank, consts, ti,
        np.uint64(seed), np.uint64(table), first_hand, final, status,
    )  # fmt: skip
    replay = np.flatnonzero(status < 0)
    for h in replay.tolist():
        result = _replay_hand(
            models, params, inputs, stacks[h].tolist(), int(buttons[h]), level, seed, table,
            first_hand + h, uniforms, normals, h,
        )  # fmt: skip
        final[h] = result.final_stacks
        status[h] = result.showdown
    if count and ((final.sum(axis=1) != stacks.sum(axis=1)).any() or final.min() < 0):
        raise InvariantError(f"table {table}: a hand of the batch lost or made chips")
    return Batch(final, status.astype(bool), len(replay))


def _draws(values: Sequence[float]) -> array[float]:
    """Draws as the ``array("d")`` the engine's hands pass (``rng.decision_block``).

    numba types an ``array("d")`` apart from a NumPy array: one type for both callers compiles
    the machine, the largest kernel, once instead of twice.
    """
    if isinstance(values, array) and values.typecode == "d":
        return values
    return array("d", np.ascontiguousarray(values, dtype=np.float64).tobytes())


def batch_hand(
    stacks: Sequence[int], button: int, level: Level, seed: int, table: int, hand: int
) -> tuple[HandSetup, Deal]:
    """The setup and deal of a hand of :func:`play_batch`, as ``play_hand`` takes them.

    Seat ``k`` is player ``k`` at table seat ``k + 1`` and holds cards ``2k`` and ``2k + 1``
    of the hand's deck (``rng.deck_block``); the board follows the hole cards.
    """
    n = len(stacks)
    cards = deck_block(seed, table, hand, 1)[0].tolist()
    setup = HandSetup(
        seats=tuple(Seat(player_id=k, stack=stacks[k], seat_no=k + 1) for k in range(n)),
        button=button, level=level, table_id=table, hand_no=hand,
    )  # fmt: skip
    deal = Deal(
        hole=tuple((cards[2 * k], cards[2 * k + 1]) for k in range(n)),
        board=tuple(cards[2 * n : 2 * n + 5]),
    )
    return setup, deal


def _replay_hand(
    models: Sequence[Any],
    params: np.ndarray,
    inputs: list[int],
    stacks: list[int],
    button: int,
    level: Level,
    seed: int,
    table: int,
    hand: int,
    uniforms: Sequence[float],
    normals: Sequence[float],
    row: int,
) -> HandResult:
    """One hand of :func:`play_batch` played by :func:`play_whole_hand`, Python asked as needed."""
    n = len(stacks)
    draws = HandDraws()
    draws.start(uniforms, normals, row, seed, table, hand)
    setup, deal = batch_hand(stacks, button, level, seed, table, hand)
    cards = [*(c for pair in deal.hole for c in pair), *deal.board]

    def decide(view: DecisionView) -> Action:
        return models[view.seat].decide(view, draws)

    def ask(view: DecisionView, elapsed: float) -> tuple[Action, float, bool]:
        model = models[view.seat]
        action = model.decide(view, draws)
        return action, elapsed + model.think_seconds(view, draws), True

    bank = array("d", bytes(8 * n))
    result, _, _ = play_whole_hand(
        setup, deal, inputs, bytes(cards), 0, 2 * n, params, draws, 0.0, float("inf"), bank,
        ask, NO_PACE, None, decide,
    )  # fmt: skip
    return result

"""The betting rounds of the built-in models, compiled: the tournament's hot loop.

In Python each decision costs a ``DecisionView``, a few calls through the model and its think
time (~3 µs), ten decisions a hand. When every player at a no-limit table uses a built-in
model on the hand's decision draws, nobody is away and no action events are recorded, the
engine hands all the betting of the hand to :func:`play_rounds`, which plays it in one jitted
call: the same betting rules as ``betting.betting_round`` and ``hand.play_hand`` (uncalled
bets returned after each round, the board run out when at most one player can still bet) and
the same decisions, draws and think times as the models in ``players`` (``SkillBlend``
mistakes, ``random``, ``calling-station``, ``push-fold``, ``tight-aggressive`` with its
sampled equities), with the engine's action clock and time bank, so the hand ends exactly as
it would have in Python. Whatever the kernel does not cover (a time-out, a hand that runs out
of its block of draws, an answer the rules would refuse) makes it decline before anything
changed, and the hand's betting is played in Python from its start, where those cases are
handled. The pots, the showdown and the knockouts stay in ``hand.play_hand``.

The built-in models' play therefore exists twice, in ``players`` and here.
``tests/test_betting_kernel.py`` plays random hands and whole tournaments both ways and fails
on any difference, so a change to one must be made in the other.
"""

from __future__ import annotations

import math
from array import array
from typing import Any

import numpy as np
from numba import njit

from pokersim import charts
from pokersim.evaluator._tables import get_tables
from pokersim.players import (
    COMBOS,
    IN_RANGE,
    POSTFLOP_THINK_FACTOR,
    CallingStationModel,
    PushFoldModel,
    RandomModel,
    SkillBlend,
    TightAggressiveModel,
    range_equity,
)

# model kinds (column K_KIND of a parameter row)
RANDOM, CALLING, PUSH_FOLD, TIGHT = 1.0, 2.0, 3.0, 4.0
_KINDS = {
    RandomModel: RANDOM,
    CallingStationModel: CALLING,
    PushFoldModel: PUSH_FOLD,
    TightAggressiveModel: TIGHT,
}

# columns of a model's parameter row
K_KIND, K_BLEND, K_MISTAKE = 0, 1, 2
K_MEDIAN, K_SIGMA, K_LO, K_HI = 3, 4, 5, 6
# push-fold's own parameters, or those of the push-fold model a tight-aggressive one plays short
K_PF_INV_LOOSE, K_PF_MAX_BB, K_PF_OPEN_RAISE_BB, K_PF_OPEN_CUTS = 7, 8, 9, 10  # 10..13
K_PF_PREMIUM, K_PF_CALL = 14, 15
K_SHORT_BB, K_OPEN_WIDEST, K_OPEN_CUTS, K_OPEN_RAISE_BB = 16, 17, 18, 22  # 18..21
K_THREE_BET, K_PREMIUM, K_COMMIT_BB, K_CALL = 23, 24, 25, 26
# tight-aggressive after the flop
K_SAMPLES, K_RANGE, K_BET_RANGE, K_RAISE_RANGE, K_COMMIT_RANGE = 27, 28, 29, 30, 31
K_COMMIT_FRACTION, K_VALUE_EQ, K_BET_FRACTION, K_RAISE_EQ, K_CALL_MARGIN = 32, 33, 34, 35, 36
N_PARAMS = 37


def model_row(model: object) -> list[float] | None:
    """The kernel's parameter row of a model, or None when the kernel cannot play it.

    Exactly the built-in classes and skill blends of them (as ``players.uses_hand_draws``).
    """
    blend = 0.0
    mistake = 0.0
    if type(model) is SkillBlend:
        blend = 1.0
        mistake = model.mistake_p
        model = model.inner
    kind = _KINDS.get(type(model))  # type: ignore[arg-type]
    if kind is None:
        return None
    row = [0.0] * N_PARAMS
    row[K_KIND] = kind
    row[K_BLEND] = blend
    row[K_MISTAKE] = mistake
    think = model.think  # type: ignore[attr-defined]
    row[K_MEDIAN] = think.median_seconds
    row[K_SIGMA] = think.sigma
    row[K_LO] = think.min_seconds
    row[K_HI] = think.max_seconds
    push_fold = model
    if isinstance(model, TightAggressiveModel):
        push_fold = model._push_fold
        row[K_SHORT_BB] = model.short_bb
        row[K_OPEN_WIDEST] = model._open_widest
        row[K_OPEN_CUTS : K_OPEN_CUTS + 4] = model._open_cuts
        row[K_OPEN_RAISE_BB] = model.open_raise_bb
        row[K_THREE_BET] = model._three_bet_cut
        row[K_PREMIUM] = model._premium_cut
        row[K_COMMIT_BB] = model.commit_bb
        row[K_CALL] = model._call_cut
        row[K_SAMPLES] = model.samples
        row[K_RANGE] = model._range_cut
        row[K_BET_RANGE] = model._bet_range_cut
        row[K_RAISE_RANGE] = model._raise_range_cut
        row[K_COMMIT_RANGE] = model._commit_range_cut
        row[K_COMMIT_FRACTION] = model.commit_fraction
        row[K_VALUE_EQ] = model.value_equity
        row[K_BET_FRACTION] = model.bet_fraction
        row[K_RAISE_EQ] = model.raise_equity
        row[K_CALL_MARGIN] = model.call_margin
    if isinstance(push_fold, PushFoldModel):
        row[K_PF_INV_LOOSE] = push_fold._inv_loose
        row[K_PF_MAX_BB] = push_fold.max_bb
        row[K_PF_OPEN_RAISE_BB] = push_fold.open_raise_bb
        row[K_PF_OPEN_CUTS : K_PF_OPEN_CUTS + 4] = push_fold._open_cuts
        row[K_PF_PREMIUM] = push_fold._premium_cut
        row[K_PF_CALL] = push_fold._call_cut
    return row


def _chart_tables() -> tuple[np.ndarray, int, int]:
    """Class, strength, push/call range and range-size tables in one array; range-table shape."""
    push, call = charts.PUSH_TABLE, charts.CALL_TABLE
    rows, cols = len(push.cut), len(push.cut[0])
    if (len(call.cut), len(call.cut[0])) != (rows, cols):
        raise AssertionError("push and call range tables must have one shape")
    flat = [
        *charts.CLASS_OF_PAIR,
        *charts.STRENGTH_RANK,
        *push.rank_of,
        *call.rank_of,
        *(x for r in push.cut for x in r),
        *(x for r in call.cut for x in r),
        *IN_RANGE,
    ]
    return np.array(flat, dtype=np.int16), rows, cols  # small: it stays in cache


CHART_TABLES, CUT_ROWS, CUT_COLS = _chart_tables()
# offsets into CHART_TABLES
_STRENGTH = 52 * 52
_PUSH_RANK = _STRENGTH + charts.N_CLASSES
_CALL_RANK = _PUSH_RANK + charts.N_CLASSES
_PUSH_CUT = _CALL_RANK + charts.N_CLASSES
_CALL_CUT = _PUSH_CUT + CUT_ROWS * CUT_COLS
_IN_RANGE_AT = _CALL_CUT + CUT_ROWS * CUT_COLS

# outcomes of one decision inside the kernel
_FOLD, _CHECK_CALL, _RAISE = 0, 1, 2

# The kernel's integer inputs and outputs: a header, then per seat stacks, bets, totals,
# parameter rows, table seat numbers and player ids. Its floats: elapsed seconds, the action
# clock, the chart's stack step. One buffer each: a jitted call pays for every argument.
H_N, H_BASE, H_FIRST, H_BB, H_POT, H_ACTIVE, H_LIVE, H_BUTTON = 0, 1, 2, 3, 4, 5, 6, 7
H_UI, H_UEND, H_ZI, H_ZEND, H_IN_BITS, H_BOARD, H_STREET = 8, 9, 10, 11, 12, 13, 14
HEADER = 15
# the kernel's running state, shared by its rounds
S_UI, S_ZI, S_POT, S_ACTIVE, S_LIVE, S_IN_BITS, S_STREET = 0, 1, 2, 3, 4, 5, 6
F_ELAPSED, F_CLOCK, F_STEP = 0, 1, 2


@njit(cache=True)
def _in_range(tables, rank_at, cut_at, cls, stack_bb, behind, step):  # pragma: no cover
    """``charts.RangeTable.contains`` on the packed tables."""
    s = int(stack_bb / step + 0.5)
    if s > CUT_COLS - 1:
        s = CUT_COLS - 1
    elif s < 0:
        s = 0
    k = behind if behind <= CUT_ROWS - 1 else CUT_ROWS - 1
    return tables[rank_at + cls] < tables[cut_at + k * CUT_COLS + s]


@njit(cache=True)
def _behind(folded, stacks, n, seat, button):  # pragma: no cover
    """``players.players_behind`` pre-flop (the push-fold and tight-aggressive models)."""
    first = 3 if n > 2 else 0
    mine = (seat - button - first) % n
    count = 0
    for i in range(n):
        if not folded[i] and stacks[i] > 0 and i != seat and (i - button - first) % n > mine:
            count += 1
    return count


@njit(cache=True)
def _clip(target, lo, hi):  # pragma: no cover
    """``players._raise_to``: a raise clipped into the legal range, or a call when closed."""
    if hi <= 0:
        return _CHECK_CALL, 0
    if target < lo:
        target = lo
    elif target > hi:
        target = hi
    return _RAISE, target


@njit(cache=True)
def _push_fold(p, tables, folded, stacks, bets, n, seat, button, h0, h1, pot, bb, to_call, lo, hi, step):  # fmt: skip # noqa: E501 # pragma: no cover
    """``PushFoldModel.decide`` pre-flop (no draws; after the flop: `_made_hand_play`)."""
    mine = stacks[seat] + bets[seat]
    biggest = 0
    aggressors = 0
    high = 0
    total_bets = 0
    for i in range(n):
        if bets[i] > high:
            high = bets[i]
        total_bets += bets[i]
        if not folded[i] and i != seat:
            total = stacks[i] + bets[i]
            if total > biggest:
                biggest = total
            if bets[i] > bb:
                aggressors += 1
    eff_bb = (mine if mine < biggest else biggest) / bb
    cls = tables[h0 * 52 + h1]
    behind = _behind(folded, stacks, n, seat, button)
    passive = _CHECK_CALL if to_call == 0 else _FOLD
    if eff_bb <= p[K_PF_MAX_BB]:
        dead = pot - total_bets
        scale = p[K_PF_INV_LOOSE]
        if dead > 0:
            scale *= 1.5 * bb / (1.5 * bb + dead)
        if high <= bb:
            if _in_range(tables, _PUSH_RANK, _PUSH_CUT, cls, eff_bb * scale, behind, step):
                return (_RAISE, hi) if hi > 0 else (_CHECK_CALL, 0)
            return passive, 0
        shove_bb = (high if high < mine else mine) / bb
        k = behind + (aggressors if aggressors > 0 else 1)
        if _in_range(tables, _CALL_RANK, _CALL_CUT, cls, shove_bb * scale, k, step):
            return (_RAISE, hi) if hi > 0 else (_CHECK_CALL, 0)
        return passive, 0
    rank = tables[_STRENGTH + cls]
    if high <= bb:
        slot = 0 if behind >= 6 else 1 if behind >= 4 else 2 if behind >= 2 else 3
        if rank < p[K_PF_OPEN_CUTS + slot]:
            return _clip(int(p[K_PF_OPEN_RAISE_BB] * bb) + (high - bb), lo, hi)
        return passive, 0
    if rank < p[K_PF_PREMIUM]:
        return _clip(3 * high, lo, hi)
    if rank < p[K_PF_CALL] and to_call * 10 <= stacks[seat]:
        return _CHECK_CALL, 0
    return passive, 0


@njit(cache=True)
def _tight(p, tables, folded, stacks, bets, n, seat, button, h0, h1, pot, bb, to_call, lo, hi, step):  # fmt: skip # noqa: E501 # pragma: no cover
    """``TightAggressiveModel._preflop`` (no draws)."""
    short = p[K_SHORT_BB] * bb
    deep = False
    if stacks[seat] + bets[seat] > short:
        for i in range(n):
            if not folded[i] and i != seat and stacks[i] + bets[i] > short:
                deep = True
                break
    if not deep:
        return _push_fold(
            p, tables, folded, stacks, bets, n, seat, button, h0, h1, pot, bb, to_call, lo, hi,
            step,
        )  # fmt: skip
    rank = tables[_STRENGTH + tables[h0 * 52 + h1]]
    high = 0
    for i in range(n):
        if bets[i] > high:
            high = bets[i]
    passive = _CHECK_CALL if to_call == 0 else _FOLD
    if high <= bb:
        if rank >= p[K_OPEN_WIDEST]:
            return passive, 0
        behind = _behind(folded, stacks, n, seat, button)
        slot = 0 if behind >= 6 else 1 if behind >= 4 else 2 if behind >= 2 else 3
        if rank < p[K_OPEN_CUTS + slot]:
            return _clip(int(p[K_OPEN_RAISE_BB] * bb) + (high - bb), lo, hi)
        return passive, 0
    if high <= 4 * bb:
        if rank < p[K_THREE_BET]:
            return _clip(3 * high, lo, hi)
        if rank < p[K_CALL] and to_call * 10 <= stacks[seat]:
            return _CHECK_CALL, 0
        return passive, 0
    if rank < p[K_THREE_BET]:
        mine = stacks[seat] + bets[seat]
        eff = 0
        for i in range(n):
            if not folded[i] and i != seat and stacks[i] + bets[i] > eff:
                eff = stacks[i] + bets[i]
        if mine < eff:
            eff = mine
        committed = eff <= p[K_COMMIT_BB] * bb
        if rank < p[K_PREMIUM]:
            target = high * 23 // 10
            if committed or 10 * target >= 4 * eff:
                target = hi
            return _clip(target, lo, hi)
        if committed or to_call * 5 <= stacks[seat]:
            return _CHECK_CALL, 0
    return passive, 0


@njit(cache=True)
def _made_hand_play(hole0, hole1, board, shown, stacks, bets, seat, pot, bb, to_call, lo, hi):  # fmt: skip # noqa: E501 # pragma: no cover
    """``players._postflop_default``: bet or call with a pair or better, else check or fold."""
    r1 = hole0 >> 2
    r2 = hole1 >> 2
    made = r1 == r2
    for k in range(shown):
        r = board[k] >> 2
        if r == r1 or r == r2:
            made = True
    if made:
        if to_call == 0:
            if hi > 0:
                half = pot // 2
                return _clip(half if half > bb else bb, lo, hi)
            return _CHECK_CALL, 0
        if 3 * to_call <= stacks[seat] + bets[seat]:
            return _CHECK_CALL, 0
    return (_CHECK_CALL, 0) if to_call == 0 else (_FOLD, 0)


@njit(cache=True)
def _equity(p, tables, st, uniforms, uend, folded, n, seat, hole0, hole1, board, shown, cut, ev):  # fmt: skip # noqa: E501 # pragma: no cover
    """``TightAggressiveModel.equity``: one uniform draw seeds the sampler; -1.0: no draws left.

    ``ev``: the sampler's tables (combinations by strength, then the evaluator's five).
    """
    n_opp = 0
    for i in range(n):
        if not folded[i] and i != seat:
            n_opp += 1
    if n_opp < 1:
        n_opp = 1
    ui = st[S_UI]
    if ui >= uend:
        return -1.0
    st[S_UI] = ui + 1
    return range_equity(
        int(uniforms[ui] * 9007199254740992.0), hole0, hole1, board[:shown],
        int(p[K_SAMPLES]), n_opp, ev[0], np.int64(tables[_IN_RANGE_AT + cut]),
        ev[1], ev[2], ev[3], ev[4], ev[5],
    )  # fmt: skip


@njit(cache=True)
def _tight_postflop(p, tables, st, uniforms, uend, folded, stacks, bets, n, seat, hole0, hole1, board, shown, pot, bb, to_call, lo, hi, ev):  # fmt: skip # noqa: E501 # pragma: no cover
    """``TightAggressiveModel._postflop``; (-1, 0) when the hand's draws ran out."""
    narrow = int(p[K_COMMIT_RANGE])
    if to_call == 0:
        cut = int(p[K_RANGE])
    elif bets[seat] > 0:
        cut = int(p[K_RAISE_RANGE])
    else:
        cut = int(p[K_BET_RANGE])
    eq = _equity(
        p, tables, st, uniforms, uend, folded, n, seat, hole0, hole1, board, shown, cut, ev
    )
    if eq < 0.0:
        return -1, 0
    big = p[K_COMMIT_FRACTION] * (stacks[seat] + bets[seat])
    if to_call == 0:
        if eq >= p[K_VALUE_EQ] and hi > 0:
            target = int(p[K_BET_FRACTION] * pot)
            if target < bb:
                target = bb
            if (target if target < hi else hi) > big and cut != narrow:
                eq2 = _equity(
                    p,
                    tables,
                    st,
                    uniforms,
                    uend,
                    folded,
                    n,
                    seat,
                    hole0,
                    hole1,
                    board,
                    shown,
                    narrow,
                    ev,
                )
                if eq2 < 0.0:
                    return -1, 0
                if eq2 < p[K_VALUE_EQ]:
                    return _CHECK_CALL, 0
            return _clip(target, lo, hi)
        return _CHECK_CALL, 0
    if eq >= p[K_RAISE_EQ] and hi > 0:
        high = 0
        for i in range(n):
            if bets[i] > high:
                high = bets[i]
        target = high + int(p[K_BET_FRACTION] * (pot + to_call))
        put_in = (target if target < hi else hi) - bets[seat]
        if put_in <= big or cut == narrow:
            return _clip(target, lo, hi)
        eq = _equity(
            p, tables, st, uniforms, uend, folded, n, seat, hole0, hole1, board, shown, narrow, ev
        )
        if eq < 0.0:
            return -1, 0
        cut = narrow
        if eq >= p[K_RAISE_EQ]:
            return _clip(target, lo, hi)
    if to_call > big and cut != narrow:
        eq = _equity(
            p, tables, st, uniforms, uend, folded, n, seat, hole0, hole1, board, shown, narrow, ev
        )
        if eq < 0.0:
            return -1, 0
    if eq >= to_call / (pot + to_call) + p[K_CALL_MARGIN]:
        return _CHECK_CALL, 0
    return _FOLD, 0


@njit(cache=True)
def _betting_round(street, first, to_match, st, fl, stacks, bets, totals, banks, folded, hole0, hole1, board, codes, n, bb, button, action_seconds, step, params, tables, uniforms, uend, normals, zend, ev):  # fmt: skip # noqa: E501 # pragma: no cover
    """One round: ``betting.betting_round`` (no-limit) with the models' decisions; 0: declined.

    The running state (draw positions, pot, counts, in-hand mask, last street asked) is in
    ``st``, the elapsed seconds in ``fl[0]``.
    """
    ui = st[S_UI]
    zi = st[S_ZI]
    pot = st[S_POT]
    active = st[S_ACTIVE]
    live = st[S_LIVE]
    in_bits = st[S_IN_BITS]
    elapsed = fl[0]
    shown = 0 if street == 0 else street + 2  # board cards seen
    factor = 1.0 if street == 0 else POSTFLOP_THINK_FACTOR
    faced = np.full(n, -1, dtype=np.int64)
    reach = np.empty(n, dtype=np.int64)
    deep = 0
    for k in range(n):
        reach[k] = stacks[k] + bets[k]
        if reach[k] > to_match and not folded[k]:
            deep += 1
    min_inc = bb
    i = first
    settled = 0
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
        all_in_to = bet + stack
        if stack > owe and deep > 1 and (last < 0 or to_match - last >= min_inc):
            lo = to_match + min_inc
            hi = all_in_to
            if lo > all_in_to:
                lo = all_in_to
        else:
            lo = hi = 0
        if street > st[S_STREET]:
            st[S_STREET] = street  # the engine counts the streets on which someone was asked
        # the decision: a skill blend's mistake draw first, then the model
        p = params[codes[i]]
        kind = p[K_KIND]
        mistake = False
        if p[K_BLEND] != 0.0:
            if ui >= uend:
                return 0
            mistake = uniforms[ui] < p[K_MISTAKE]
            ui += 1
        amount = 0
        if mistake:  # players.noise_action
            free = to_call == 0
            kinds = (1 if free else 2) + (1 if hi > 0 else 0)
            if ui >= uend:
                return 0
            what = int(uniforms[ui] * kinds) + (1 if free else 0)
            ui += 1
            if what >= 2:
                if ui >= uend:
                    return 0
                high = 0
                for k in range(n):
                    if bets[k] > high:
                        high = bets[k]
                amount = high + int((0.5 + uniforms[ui]) * pot)
                ui += 1
                if amount < lo:
                    amount = lo
                elif amount > hi:
                    amount = hi
                what = _RAISE
        elif kind == RANDOM:  # players.random_action
            if ui >= uend:
                return 0
            if hi > 0:
                what = int(uniforms[ui] * 3.0)
                ui += 1
                if what == 2:
                    span = hi - lo
                    if span <= 0:
                        amount = hi
                    else:
                        if ui >= uend:
                            return 0
                        pick = int(uniforms[ui] * (span + 1))
                        ui += 1
                        amount = lo + (span if span < pick else pick)
            else:
                what = int(uniforms[ui] * 2.0)
                ui += 1
        elif kind == CALLING:
            what = _CHECK_CALL
        elif street == 0:
            if kind == PUSH_FOLD:
                what, amount = _push_fold(
                    p, tables, folded, stacks, bets, n, i, button, hole0[i], hole1[i], pot, bb,
                    to_call, lo, hi, step,
                )  # fmt: skip
            else:
                what, amount = _tight(
                    p, tables, folded, stacks, bets, n, i, button, hole0[i], hole1[i], pot, bb,
                    to_call, lo, hi, step,
                )  # fmt: skip
        elif kind == PUSH_FOLD:
            what, amount = _made_hand_play(
                hole0[i], hole1[i], board, shown, stacks, bets, i, pot, bb, to_call, lo, hi
            )
        else:
            st[S_UI] = ui
            what, amount = _tight_postflop(
                p, tables, st, uniforms, uend, folded, stacks, bets, n, i, hole0[i], hole1[i],
                board, shown, pot, bb, to_call, lo, hi, ev,
            )  # fmt: skip
            if what < 0:
                return 0
            ui = st[S_UI]
        # the think time (players._TimedModel.think_seconds) on the engine's action clock
        if zi >= zend:
            return 0
        think = p[K_MEDIAN] * math.exp(p[K_SIGMA] * normals[zi])
        zi += 1
        if think < p[K_LO]:
            think = p[K_LO]
        elif think > p[K_HI]:
            think = p[K_HI]
        think = think * factor
        if think > action_seconds:  # engine._clocked: the bank pays beyond the clock
            if not think <= action_seconds + banks[i]:
                return 0  # a time-out: the engine's clock makes the player sit out
            used = think - action_seconds
            banks[i] -= used if used < banks[i] else banks[i]
        elif not think >= 0.0:
            return 0
        elapsed += think
        # the action (betting.betting_round)
        if what == _CHECK_CALL:
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
        elif what == _RAISE:
            if not hi or amount < lo or amount > hi:
                return 0  # Python raises the error
            add = amount - bet
            stack -= add
            stacks[i] = stack
            bets[i] = amount
            totals[i] += add
            pot += add
            if stack == 0:
                active -= 1
            if amount - to_match >= min_inc:
                min_inc = amount - to_match
            to_match = amount
            faced[i] = amount
            settled = 1
            deep = 0
            for k in range(n):
                if reach[k] > amount and not folded[k]:
                    deep += 1
        else:
            folded[i] = True
            in_bits &= ~(1 << i)
            live -= 1
            active -= 1
            if reach[i] > to_match:
                deep -= 1
            if live == 1:
                break
            settled += 1
        i = i + 1 if i + 1 < n else 0
    st[S_UI] = ui
    st[S_ZI] = zi
    st[S_POT] = pot
    st[S_ACTIVE] = active
    st[S_LIVE] = live
    st[S_IN_BITS] = in_bits
    fl[0] = elapsed
    return 1


@njit(cache=True)
def _hand(ints, floats, rows, params, tables, uniforms, normals, bank, combos, card_key, low_base, high_index, rank_table, flush_table):  # fmt: skip # noqa: E501 # pragma: no cover
    """Every betting round of a hand: ``hand.play_hand``'s street loop; 1 played, 0 declined.

    ``ints`` and ``floats`` are laid out as described at ``HEADER``; ``bank`` is every
    player's time bank, by player id. On success the stacks, bets, totals, pot, counts, draw
    positions, in-hand mask, last street asked, elapsed time and banks are written back; on
    declining nothing is.
    """
    n = ints[H_N]
    base = ints[H_BASE]
    bb = ints[H_BB]
    button = ints[H_BUTTON]
    uend = ints[H_UEND]
    zend = ints[H_ZEND]
    action_seconds = floats[F_CLOCK]
    step = floats[F_STEP]
    h = HEADER
    st = np.empty(7, dtype=np.int64)
    st[S_UI] = ints[H_UI]
    st[S_ZI] = ints[H_ZI]
    st[S_POT] = ints[H_POT]
    st[S_ACTIVE] = ints[H_ACTIVE]
    st[S_LIVE] = ints[H_LIVE]
    st[S_IN_BITS] = (1 << n) - 1
    st[S_STREET] = 0
    fl = np.empty(1, dtype=np.float64)
    fl[0] = floats[F_ELAPSED]
    stacks = np.empty(n, dtype=np.int64)
    bets = np.empty(n, dtype=np.int64)
    totals = np.empty(n, dtype=np.int64)
    banks = np.empty(n, dtype=np.float64)
    codes = np.empty(n, dtype=np.int64)
    hole0 = np.empty(n, dtype=np.int64)
    hole1 = np.empty(n, dtype=np.int64)
    for k in range(n):
        stacks[k] = ints[h + k]
        bets[k] = ints[h + n + k]
        totals[k] = ints[h + 2 * n + k]
        codes[k] = ints[h + 3 * n + k]
        hole0[k] = rows[base + 2 * ints[h + 4 * n + k]]
        hole1[k] = rows[base + 2 * ints[h + 4 * n + k] + 1]
        banks[k] = bank[ints[h + 5 * n + k]]
    board = np.empty(5, dtype=np.int64)
    for k in range(5):
        board[k] = rows[ints[H_BOARD] + k]
    folded = np.zeros(n, dtype=np.bool_)
    ev = (combos, card_key, low_base, high_index, rank_table, flush_table)
    for street in range(4):
        if street:
            if st[S_ACTIVE] < 2:
                continue  # everyone (or everyone but one) is all-in: run the board out
            first = button + 1 if button + 1 < n else 0
            price = 0
        else:
            first = ints[H_FIRST]
            price = bb
        if not _betting_round(
            street, first, price, st, fl, stacks, bets, totals, banks, folded, hole0, hole1,
            board, codes, n, bb, button, action_seconds, step, params, tables, uniforms, uend,
            normals, zend, ev,
        ):  # fmt: skip
            return 0
        # pots.uncalled: the single highest bet's excess over the second goes back
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
            if stacks[top] == 0 and not folded[top]:
                st[S_ACTIVE] += 1  # an all-in bettor has chips again
            stacks[top] += back
            totals[top] -= back
            st[S_POT] -= back
        for k in range(n):
            bets[k] = 0
        if st[S_LIVE] == 1:
            break
    for k in range(n):
        ints[h + k] = stacks[k]
        ints[h + n + k] = bets[k]
        ints[h + 2 * n + k] = totals[k]
        bank[ints[h + 5 * n + k]] = banks[k]
    ints[H_POT] = st[S_POT]
    ints[H_ACTIVE] = st[S_ACTIVE]
    ints[H_LIVE] = st[S_LIVE]
    ints[H_UI] = st[S_UI]
    ints[H_ZI] = st[S_ZI]
    ints[H_IN_BITS] = st[S_IN_BITS]
    ints[H_STREET] = st[S_STREET]
    floats[F_ELAPSED] = fl[0]
    return 1


def play_rounds(
    t: Any,
    codes_seats_ids: list[int],
    rows: bytes,
    base: int,
    board_at: int,
    params: np.ndarray,
    draws: Any,
    first: int,
    elapsed: float,
    action_seconds: float,
    bank: array[float],
) -> tuple[bool, float, int]:
    """Play every betting round of hand state ``t`` (``betting.TableState``) in the kernel.

    ``codes_seats_ids``: each seat's parameter row, then each seat's table seat number (the
    hole cards are read from the deck block ``rows`` at ``base``, the board at ``board_at``,
    as the engine deals them), then each seat's player id; ``first``: the first seat to act
    pre-flop; ``bank``: every player's time bank, by id. Returns (played, elapsed seconds, the
    last street on which a player was asked); when not played nothing changed and
    ``hand.play_hand`` plays the rounds. When played, ``t``, ``draws`` (``rng.HandDraws``)
    and ``bank`` are where the Python rounds leave them.
    """
    n = t.n
    u, ui, uend, z, zi, zend = draws.position()
    ints = array(
        "q",
        [n, base, first, t.level.big_blind, t.pot, t.active, t.live, t.button,
         ui, uend, zi, zend, 0, board_at, 0, *t.stacks, *t.bets, *t.totals, *codes_seats_ids],
    )  # fmt: skip
    floats = array("d", (elapsed, action_seconds, charts.STACK_STEP_BB))
    ev = get_tables()
    if not _hand(
        ints, floats, rows, params, CHART_TABLES, u, z, bank, COMBOS,
        ev.card_key, ev.low_base, ev.high_index, ev.rank_table, ev.flush_table,
    ):  # fmt: skip
        return False, 0.0, 0
    draws.seek(ints[H_UI], ints[H_ZI])
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
    return True, floats[F_ELAPSED], ints[H_STREET]

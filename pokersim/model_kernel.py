"""The built-in models' decisions, compiled: what the betting machine asks a seat it plays.

Each function is the compiled form of a method of ``pokersim.players`` (named in its docstring)
and reads the model's packed parameter record (a row of ``model_params.PARAMS_DTYPE``) instead
of the model's attributes. :func:`decide` is the one entry: the record's ``kind`` picks the
play; a skill blend's mistake draw comes first. Decisions read the hand's uniform draws from
``u`` at ``ui`` and return where they stopped; ``NO_DRAWS`` says the hand's block ran out (the
machine then asks the Python model, which goes on with the hand's overflow generator).
``tests/test_betting_kernel.py`` holds every function to its Python reference.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from pokersim import charts, nash
from pokersim.actions import TournamentContext
from pokersim.betting import CHECK_CALL_CODE, FOLD_CODE, RAISE_CODE
from pokersim.kernel_cache import njit
from pokersim.model_params import CALLING, PARAMS_DTYPE, PUSH_FOLD, RANDOM, RANDOM_LEGAL
from pokersim.players import (
    COMBO_COLUMNS,
    COMBOS,
    IN_RANGE,
    NASH_MAX_BB,
    NO_BAR,
    TI_AVERAGE,
    TI_BUBBLE,
    TI_CAP,
    TI_LADDER,
    TI_NEAR,
    TI_ON,
    TI_SEAT_BOUNTY,
    TI_WAIT_BB,
    range_equity,
    resized_inputs,
    tournament_inputs,
)

# what a decision answers (the codes of ``betting.answer_code``)
FOLD, CHECK_CALL, RAISE = FOLD_CODE, CHECK_CALL_CODE, RAISE_CODE
NO_DRAWS = -1  # the hand's block of draws ran out: ask the Python model

STEP = charts.STACK_STEP_BB
_SEED_SPAN = 9007199254740992.0  # 2**53, as ``players._SEED_SPAN``


# the equilibrium charts (``nash.charts().masks``), 169 bits a grid point in 16-bit words
N_BF, N_STACKS, MAX_BEHIND = len(nash.BF_GRID), len(nash.STACKS_BB), nash.MAX_BEHIND
NASH_WORDS = (charts.N_CLASSES + 15) // 16
_MID0, _MID1, _MID2 = ((a + b) / 2 for a, b in zip(nash.BF_GRID, nash.BF_GRID[1:]))
PRESS, FIRST_IN, OTHER, SB, BB = 0, 0, 1, 2, 3  # kinds of range in the charts


def _nash_words() -> np.ndarray:
    masks = nash.charts().masks
    flat = masks.reshape(-1, charts.N_CLASSES)
    padded = np.zeros((flat.shape[0], NASH_WORDS * 16), dtype=bool)
    padded[:, : charts.N_CLASSES] = flat
    # bit k of word w is class 16 w + k: little-endian bits in little-endian 16-bit words
    packed = np.packbits(padded, axis=1, bitorder="little")
    return packed.view("<u2").astype(np.uint16).view(np.int16).ravel()


def _chart_tables() -> tuple[np.ndarray, int, int]:
    """Class, strength, push/call range and range-size tables in one array; range-table shape.

    The equilibrium charts' bits come last (read only by tournament-aware records).
    """
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
    small = np.array(flat, dtype=np.int16)  # small: it stays in cache
    return np.concatenate([small, _nash_words()]), rows, cols


CHART_TABLES, CUT_ROWS, CUT_COLS = _chart_tables()
# offsets into CHART_TABLES
_STRENGTH = 52 * 52
_PUSH_RANK = _STRENGTH + charts.N_CLASSES
_CALL_RANK = _PUSH_RANK + charts.N_CLASSES
_PUSH_CUT = _CALL_RANK + charts.N_CLASSES
_CALL_CUT = _PUSH_CUT + CUT_ROWS * CUT_COLS
_IN_RANGE_AT = _CALL_CUT + CUT_ROWS * CUT_COLS
_NASH_AT = _IN_RANGE_AT + len(IN_RANGE)
SAMPLER = COMBOS  # the sampler's combinations by strength (``players.range_equity``)
SAMPLER_COLUMNS = COMBO_COLUMNS  # what the sampler reads of each combination
NO_CONTEXT = np.zeros(TI_SEAT_BOUNTY + 64, dtype=np.float64)  # no aware record at the table


def hand_inputs(
    params: np.ndarray, context: TournamentContext | None, player_ids: Sequence[int]
) -> np.ndarray:
    """``players.tournament_inputs`` once per hand for the machine, when a record reads it.

    The machine only reads the array: without cash bounties one array serves every hand of a
    context (the engine keeps one while its facts stay) with that many seats.
    """
    if params is not _LAST_PARAMS[0]:  # a run packs its records once: ask once per run
        _LAST_PARAMS[0] = params
        records = params if params.dtype.names else params.view(PARAMS_DTYPE)  # machine bytes
        _LAST_PARAMS[1] = bool(records["aware"].any())
    if context is None or not _LAST_PARAMS[1]:
        return NO_CONTEXT
    last = _LAST_CONTEXT
    if context is not last[0]:  # one context serves hand after hand (engine.context)
        last[:] = [context, {}, context.bounty_cash_share > 0.0]
    if last[2]:
        return tournament_inputs(context, player_ids)  # the live bounties on the seats' heads
    by_seats = last[1]  # without bounties, the inputs depend on the seat count only
    n = len(player_ids)
    out = by_seats.get(n)
    if out is None:
        if by_seats:  # another size's under this context: only the wait differs
            out = resized_inputs(next(iter(by_seats.values())), context, n)
        else:
            out = tournament_inputs(context, player_ids)
        by_seats[n] = out
    return out


def inputs_by_seats(
    params: np.ndarray, context: TournamentContext | None, sizes: Sequence[int]
) -> np.ndarray | None:
    """:func:`hand_inputs` of a table of n players in row n, for each n of ``sizes``.

    Zero-padded, and zeros for the other table sizes. None when the inputs depend on who the
    players are (cash bounties on their heads).
    """
    rows = np.zeros((max(sizes) + 1, len(NO_CONTEXT)), dtype=np.float64)
    for n in sizes:
        ti = seats_inputs(params, context, n)
        if ti is None:
            return None
        rows[n, : len(ti)] = ti
    return rows


def seats_inputs(
    params: np.ndarray, context: TournamentContext | None, n: int
) -> np.ndarray | None:
    """:func:`hand_inputs` of a table of ``n`` players (None: cash bounties on their heads).

    With bounties the inputs depend on who the players are, not on their count alone.
    """
    ti = hand_inputs(params, context, range(n))
    return None if ti is not NO_CONTEXT and _LAST_CONTEXT[2] else ti


_LAST_PARAMS: list[Any] = [None, False]  # the records last asked about, whether any is aware
# the context last asked about, its inputs by seats, whether it has cash bounties
_LAST_CONTEXT: list[Any] = [None, {}, False]


@njit(cache=True)
def _bf_slot(bf):  # pragma: no cover
    """``nash.bf_slot``: the nearest bubble factor of the charts' grid."""
    return (1 if bf >= _MID0 else 0) + (1 if bf >= _MID1 else 0) + (1 if bf >= _MID2 else 0)


@njit(cache=True)
def _nash_in(tables, kind, bp, bc, behind, stack_bb, cls):  # pragma: no cover
    """``nash.PushFoldCharts.shoves`` / ``.calls`` on the packed bits (bubble factor slots)."""
    s = int(stack_bb + 0.5) - 1
    if s < 0:
        s = 0
    elif s > N_STACKS - 1:
        s = N_STACKS - 1
    k = 1 if behind < 1 else (MAX_BEHIND if behind > MAX_BEHIND else behind)
    row = (((kind * N_BF + bp) * N_BF + bc) * MAX_BEHIND + k - 1) * N_STACKS + s
    word = np.int64(tables[_NASH_AT + row * NASH_WORDS + cls // 16])
    return (word >> (cls % 16)) & 1 == 1


@njit(cache=True)
def _seat_bf(ti, chips):  # pragma: no cover
    """``players.seat_bubble_factor``."""
    average = ti[TI_AVERAGE]
    if average <= 0.0:
        return 1.0
    r = chips / average
    if r < 1.0:
        g = 0.2 + 0.8 * r
        b = ti[TI_CAP]
        if r * b > 1.0:
            b = 1.0 / r
    else:
        g = 1.0 - 0.5 * (r - 1.0)
        if g < 0.25:
            g = 0.25
        b = g
    return 1.0 + ti[TI_LADDER] * g + ti[TI_BUBBLE] * b


@njit(cache=True)
def _pair_bf(ti, mine, theirs, caution):  # pragma: no cover
    """``players.pair_bubble_factor``."""
    bf = _seat_bf(ti, mine)
    average = ti[TI_AVERAGE]
    base = mine if mine < average else average
    if base <= 0.0:
        return bf
    risk = mine if mine < theirs else theirs
    return 1.0 + (bf - 1.0) * risk / base + caution * ti[TI_NEAR] * risk / mine


@njit(cache=True)
def _over_folds(tables, ti, cls, cut, weight):  # pragma: no cover
    """``players.over_folds``."""
    near = ti[TI_NEAR]
    return near > 0.0 and tables[_STRENGTH + cls] * near * weight >= cut


@njit(cache=True)
def _caller_share(mine, theirs, all_in):  # pragma: no cover
    """``players.caller_share``."""
    if theirs >= mine:
        return 1.0
    return theirs / mine if all_in else 0.0


@njit(cache=True)
def _door_folds(tables, ti, folded, stacks, bets, n, seat, cls, cut):  # pragma: no cover
    """``TightAggressiveModel._door_folds``."""
    mine = stacks[seat] + bets[seat]
    for i in range(n):
        if not folded[i] and i != seat and stacks[i] + bets[i] >= mine:
            return _over_folds(tables, ti, cls, cut, ti[TI_NEAR])
    return False


@njit(cache=True)
def _weighed_bar(bar, bf):  # pragma: no cover
    """``players.weighed_bar``."""
    if bf == 1.0 or bar >= 1.0:
        return bar
    return bf * bar / (1.0 - bar + bf * bar)


@njit(cache=True)
def _order(i, n, button):  # pragma: no cover
    """``players.preflop_order``."""
    return (i - button - (3 if n > 2 else 0)) % n


@njit(cache=True)
def _aware_push(tables, ti, folded, stacks, bets, n, seat, button, cls, stack_bb, behind, caution, cut, bb):  # fmt: skip # noqa: E501 # pragma: no cover
    """``players.aware_push``."""
    chips = stacks[seat] + bets[seat]
    bf = 0.0
    bf_callers = 0.0
    covered = False
    for i in range(n):
        if not folded[i] and stacks[i] > 0 and i != seat:
            theirs = stacks[i] + bets[i]
            covered = covered or theirs >= chips
            b = _pair_bf(ti, chips, theirs, caution)
            if b > bf:
                bf = b
            b = _pair_bf(ti, theirs, chips, caution)
            if bf_callers == 0.0 or b < bf_callers:
                bf_callers = b
    if bf_callers == 0.0:
        bf = _seat_bf(ti, chips)
        bf_callers = 1.0
    elif covered and chips > ti[TI_WAIT_BB] * bb and _over_folds(tables, ti, cls, cut, ti[TI_NEAR]):  # fmt: skip # noqa: E501
        return False
    return _nash_in(tables, FIRST_IN, _bf_slot(bf), _bf_slot(bf_callers), behind, stack_bb, cls)


@njit(cache=True)
def _presses(ti, folded, stacks, bets, n, seat, button, caution):  # pragma: no cover
    """``players.presses``."""
    if ti[TI_LADDER] <= 0.0 and ti[TI_BUBBLE] <= 0.0:
        return False
    chips = stacks[seat] + bets[seat]
    mine = _order(seat, n, button)
    lowest = 0.0
    biggest = 0
    for i in range(n):
        if not folded[i] and stacks[i] > 0 and i != seat and _order(i, n, button) > mine:
            theirs = stacks[i] + bets[i]
            if theirs > chips:
                return False
            if theirs > biggest:
                biggest = theirs
            b = _pair_bf(ti, theirs, chips, caution)
            if lowest == 0.0 or b < lowest:
                lowest = b
    if lowest == 0.0:
        return False
    return _bf_slot(lowest) > _bf_slot(_pair_bf(ti, chips, biggest, caution))


@njit(cache=True)
def _shover(folded, bets, n, seat, bb):  # pragma: no cover
    """``players.shover_of``."""
    found = -1
    for i in range(n):
        if not folded[i] and i != seat and bets[i] > bb:
            if found >= 0:
                return -1
            found = i
    return found


@njit(cache=True)
def _raiser(folded, bets, n, seat):  # pragma: no cover
    """``players.raiser_of``."""
    found = -1
    for i in range(n):
        if not folded[i] and i != seat and (found < 0 or bets[i] > bets[found]):
            found = i
    return found


@njit(cache=True)
def _aware_call(tables, ti, stacks, bets, n, seat, button, cls, shover, dead, inv_loose, bb, caution, cut):  # fmt: skip # noqa: E501 # pragma: no cover
    """``players.aware_call``."""
    mine = stacks[seat] + bets[seat]
    theirs = stacks[shover] + bets[shover]
    if _over_folds(tables, ti, cls, cut, _caller_share(mine, theirs, stacks[shover] == 0)):
        return False
    high = bets[shover] if stacks[shover] == 0 else theirs
    extra = float(dead)
    if mine >= theirs:
        extra += ti[TI_SEAT_BOUNTY + shover]
    scale = inv_loose
    if extra > 0.0:
        scale *= 1.5 * bb / (1.5 * bb + extra)
    shove_bb = (high if high < mine else mine) / bb
    at = _order(shover, n, button)
    behind = 0
    for i in range(n):
        if i != shover and stacks[i] + bets[i] > 0 and _order(i, n, button) > at:
            behind += 1
    me = _order(seat, n, button)
    if me == n - 1:
        kind = BB
    elif me == n - 2 and n > 2 and behind >= 2:
        kind = SB
    else:
        kind = OTHER
        if behind < 3:
            behind = 3
    bf = _pair_bf(ti, mine, theirs, caution)
    bf_pusher = _pair_bf(ti, theirs, mine, caution)
    return _nash_in(tables, kind, _bf_slot(bf_pusher), _bf_slot(bf), behind, shove_bb * scale, cls)


@njit(cache=True)
def _in_range(tables, rank_at, cut_at, cls, stack_bb, behind):  # pragma: no cover
    """``charts.RangeTable.contains`` on the packed tables."""
    s = int(stack_bb / STEP + 0.5)
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
        return CHECK_CALL, 0
    if target < lo:
        target = lo
    elif target > hi:
        target = hi
    return RAISE, target


@njit(cache=True)
def _raise(p, stacks, bets, seat, pot, target, lo, hi):  # pragma: no cover
    """``TightAggressiveModel._raise``: ``_clip``, all-in below ``all_in_left`` pots behind."""
    what, amount = _clip(target, lo, hi)
    if what == RAISE and amount < hi:
        put_in = amount - bets[seat]
        if stacks[seat] - put_in < p.all_in_left * (pot + put_in):
            amount = hi
    return what, amount


@njit(cache=True)
def _push_fold(p, tables, folded, stacks, bets, n, seat, button, h0, h1, pot, bb, to_call, lo, hi, ti):  # fmt: skip # noqa: E501 # pragma: no cover
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
    passive = CHECK_CALL if to_call == 0 else FOLD
    if eff_bb <= p.pf_max_bb:
        dead = pot - total_bets
        scale = p.pf_inv_loose
        if dead > 0:
            scale *= 1.5 * bb / (1.5 * bb + dead)
        if p.aware and ti[TI_ON] > 0.0:
            caution = p.caution
            if high <= bb:
                if _aware_push(tables, ti, folded, stacks, bets, n, seat, button, cls, eff_bb * scale, behind, caution, p.bubble_cut, bb):  # fmt: skip # noqa: E501
                    return (RAISE, hi) if hi > 0 else (CHECK_CALL, 0)
                return passive, 0
            shover = _shover(folded, bets, n, seat, bb)
            if shover < 0:
                shover = _raiser(folded, bets, n, seat)
            if _aware_call(tables, ti, stacks, bets, n, seat, button, cls, shover, dead, p.pf_inv_loose, bb, caution, p.bubble_cut):  # fmt: skip # noqa: E501
                return (RAISE, hi) if hi > 0 else (CHECK_CALL, 0)
            return passive, 0
        if high <= bb:
            if _in_range(tables, _PUSH_RANK, _PUSH_CUT, cls, eff_bb * scale, behind):
                return (RAISE, hi) if hi > 0 else (CHECK_CALL, 0)
            return passive, 0
        shove_bb = (high if high < mine else mine) / bb
        k = behind + (aggressors if aggressors > 0 else 1)
        if _in_range(tables, _CALL_RANK, _CALL_CUT, cls, shove_bb * scale, k):
            return (RAISE, hi) if hi > 0 else (CHECK_CALL, 0)
        return passive, 0
    rank = tables[_STRENGTH + cls]
    if high <= bb:
        slot = 0 if behind >= 6 else 1 if behind >= 4 else 2 if behind >= 2 else 3
        if rank < p.pf_open_cuts[slot]:
            return _clip(int(p.pf_open_raise_bb * bb) + (high - bb), lo, hi)
        return passive, 0
    if rank < p.pf_premium_cut:
        return _clip(3 * high, lo, hi)
    if rank < p.pf_call_cut and to_call * 10 <= stacks[seat]:
        return CHECK_CALL, 0
    return passive, 0


@njit(cache=True)
def _tight(p, tables, folded, stacks, bets, n, seat, button, h0, h1, pot, bb, to_call, lo, hi, ti):  # fmt: skip # noqa: E501 # pragma: no cover
    """``TightAggressiveModel._preflop`` (no draws)."""
    short = p.short_bb * bb
    deep = False
    if stacks[seat] + bets[seat] > short:
        for i in range(n):
            if not folded[i] and i != seat and stacks[i] + bets[i] > short:
                deep = True
                break
    if not deep:
        return _push_fold(
            p, tables, folded, stacks, bets, n, seat, button, h0, h1, pot, bb, to_call, lo, hi,
            ti,
        )  # fmt: skip
    cls = tables[h0 * 52 + h1]
    rank = tables[_STRENGTH + cls]
    high = 0
    total_bets = 0
    for i in range(n):
        if bets[i] > high:
            high = bets[i]
        total_bets += bets[i]
    passive = CHECK_CALL if to_call == 0 else FOLD
    aware = p.aware and ti[TI_ON] > 0.0
    if high <= bb:
        if rank >= p.open_widest and rank >= p.limp_cut:
            return passive, 0
        behind = _behind(folded, stacks, n, seat, button)
        slot = 4 if behind == 2 or n == 2 else 0 if behind >= 6 else 1 if behind == 5 else 2 if behind == 4 else 3 if behind == 3 else 5  # fmt: skip # noqa: E501 # ``players.behind_slot``
        limp_cut = p.limp_cuts[slot]
        if slot < 5 and aware and _presses(ti, folded, stacks, bets, n, seat, button, p.caution):
            slot = 1 if slot == 0 else 3 if slot < 3 else 5  # ``players.pressed_slot``
        if rank >= p.open_cuts[slot] and rank >= limp_cut:
            return passive, 0
        if aware and _door_folds(tables, ti, folded, stacks, bets, n, seat, cls, p.bubble_cut):
            return passive, 0
        if rank < p.open_cuts[slot]:
            return _raise(
                p, stacks, bets, seat, pot, int(p.open_raise_bb * bb) + (high - bb), lo, hi
            )
        return CHECK_CALL, 0
    if high > 4 * bb and aware:
        shover = _shover(folded, bets, n, seat, bb)
        if shover >= 0 and stacks[shover] == 0:
            mine = stacks[seat] + bets[seat]
            if (high if high < mine else mine) <= NASH_MAX_BB * bb:
                dead = pot - total_bets
                if _aware_call(tables, ti, stacks, bets, n, seat, button, cls, shover, dead, 1.0, bb, p.caution, p.bubble_cut):  # fmt: skip # noqa: E501
                    return CHECK_CALL, 0
                return passive, 0
    if high <= 4 * bb:
        if aware and _door_folds(tables, ti, folded, stacks, bets, n, seat, cls, p.bubble_cut):
            return passive, 0
        if rank < p.three_bet_cut:
            return _raise(p, stacks, bets, seat, pot, 3 * high, lo, hi)
        if rank < p.call_cut and to_call * 10 <= stacks[seat]:
            return CHECK_CALL, 0
        return passive, 0
    if rank < p.three_bet_cut:
        mine = stacks[seat] + bets[seat]
        eff = 0
        for i in range(n):
            if not folded[i] and i != seat and stacks[i] + bets[i] > eff:
                eff = stacks[i] + bets[i]
        if mine < eff:
            eff = mine
        committed = eff <= p.commit_bb * bb
        if rank < p.premium_cut:
            target = high * 23 // 10
            if committed or 10 * target >= 4 * eff:
                target = hi
            return _raise(p, stacks, bets, seat, pot, target, lo, hi)
        if committed or to_call * 5 <= stacks[seat]:
            return CHECK_CALL, 0
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
            return CHECK_CALL, 0
        if 3 * to_call <= stacks[seat] + bets[seat]:
            return CHECK_CALL, 0
    return (CHECK_CALL, 0) if to_call == 0 else (FOLD, 0)


@njit(cache=True)
def _equity(p, tables, u, ui, uend, folded, n, seat, hole0, hole1, board, shown, cut, ev, bar, other_bar):  # fmt: skip # noqa: E501 # pragma: no cover
    """``TightAggressiveModel.equity``: one uniform draw seeds the sampler; -1.0: no draws left.

    ``ev``: the sampler's tables (combinations by strength, then the evaluator's five);
    ``bar``, ``other_bar``: what the estimate is compared with (``NO_BAR``: nothing).
    """
    n_opp = 0
    for i in range(n):
        if not folded[i] and i != seat:
            n_opp += 1
    if n_opp < 1:
        n_opp = 1
    if ui >= uend:
        return -1.0
    return range_equity(
        int(u[ui] * _SEED_SPAN), hole0, hole1, board[:shown],
        p.samples, n_opp, ev[0], np.int64(tables[_IN_RANGE_AT + cut]),
        ev[1], ev[2], ev[3], ev[4], ev[5], bar, other_bar,
    )  # fmt: skip


@njit(cache=True)
def _tight_postflop(p, tables, u, ui, uend, folded, stacks, bets, n, seat, hole0, hole1, board, shown, pot, bb, to_call, lo, hi, ev, ti):  # fmt: skip # noqa: E501 # pragma: no cover
    """``TightAggressiveModel._postflop``: (what, amount, next draw); NO_DRAWS when out."""
    narrow = p.commit_range_cut
    if to_call == 0:
        cut = p.range_cut
    elif bets[seat] > 0:
        cut = p.raise_range_cut
    else:
        cut = p.bet_range_cut
    big = p.commit_fraction * (stacks[seat] + bets[seat])
    bf = 1.0  # a chip lost weighs its bubble factor: in a call, a bet and a raise alike
    if p.aware and ti[TI_ON] > 0.0:
        biggest = 0
        for i in range(n):
            if not folded[i] and i != seat and stacks[i] + bets[i] > biggest:
                biggest = stacks[i] + bets[i]
        bf = _pair_bf(ti, stacks[seat] + bets[seat], biggest, p.caution)
    # each estimate is told the bars it is held to (``range_equity`` stops once clear)
    if to_call == 0:
        bar = p.value_equity
        if p.stab_equity < bar:  # checked to: bets a lower equity too, scaled to a fair share
            others = 0
            for i in range(n):
                if not folded[i] and i != seat:
                    others += 1
            bar = p.stab_equity * 2.0 / (others + 1)
        bar = _weighed_bar(bar, bf)
        eq = _equity(
            p, tables, u, ui, uend, folded, n, seat, hole0, hole1, board, shown, cut, ev,
            bar if hi > 0 else NO_BAR, NO_BAR,
        )  # fmt: skip
        if eq < 0.0:
            return NO_DRAWS, 0, ui
        ui += 1
        if eq >= bar and hi > 0:
            target = int(p.bet_fraction * pot)
            if target < bb:
                target = bb
            if (target if target < hi else hi) > big and cut != narrow:
                eq2 = _equity(
                    p, tables, u, ui, uend, folded, n, seat, hole0, hole1, board, shown, narrow,
                    ev, bar, NO_BAR,
                )  # fmt: skip
                if eq2 < 0.0:
                    return NO_DRAWS, 0, ui
                ui += 1
                if eq2 < bar:
                    return CHECK_CALL, 0, ui
            what, amount = _raise(p, stacks, bets, seat, pot, target, lo, hi)
            return what, amount, ui
        return CHECK_CALL, 0, ui
    raise_bar = _weighed_bar(p.raise_equity, bf)
    risk = bf * to_call
    call_bar = risk / (pot + risk) + p.call_margin
    eq = _equity(
        p, tables, u, ui, uend, folded, n, seat, hole0, hole1, board, shown, cut, ev,
        raise_bar if hi > 0 else NO_BAR, call_bar,
    )  # fmt: skip
    if eq < 0.0:
        return NO_DRAWS, 0, ui
    ui += 1
    if eq >= raise_bar and hi > 0:
        high = 0
        for i in range(n):
            if bets[i] > high:
                high = bets[i]
        target = high + int(p.bet_fraction * (pot + to_call))
        put_in = (target if target < hi else hi) - bets[seat]
        if put_in <= big or cut == narrow:
            what, amount = _raise(p, stacks, bets, seat, pot, target, lo, hi)
            return what, amount, ui
        eq = _equity(
            p, tables, u, ui, uend, folded, n, seat, hole0, hole1, board, shown, narrow, ev,
            raise_bar, call_bar,
        )  # fmt: skip
        if eq < 0.0:
            return NO_DRAWS, 0, ui
        ui += 1
        cut = narrow
        if eq >= raise_bar:
            what, amount = _raise(p, stacks, bets, seat, pot, target, lo, hi)
            return what, amount, ui
    if to_call > big and cut != narrow:
        eq = _equity(
            p, tables, u, ui, uend, folded, n, seat, hole0, hole1, board, shown, narrow, ev,
            call_bar, NO_BAR,
        )  # fmt: skip
        if eq < 0.0:
            return NO_DRAWS, 0, ui
        ui += 1
    if eq >= call_bar:
        return CHECK_CALL, 0, ui
    return FOLD, 0, ui


@njit(cache=True)
def _noise(u, ui, uend, bets, n, pot, to_call, lo, hi):  # pragma: no cover
    """``players.noise_action``: (what, amount, next draw); NO_DRAWS when out."""
    free = to_call == 0
    kinds = (1 if free else 2) + (1 if hi > 0 else 0)
    if ui >= uend:
        return NO_DRAWS, 0, ui
    what = int(u[ui] * kinds) + (1 if free else 0)
    ui += 1
    if what < 2:
        return what, 0, ui
    if ui >= uend:
        return NO_DRAWS, 0, ui
    high = 0
    for k in range(n):
        if bets[k] > high:
            high = bets[k]
    amount = high + int((0.5 + u[ui]) * pot)
    ui += 1
    if amount < lo:
        amount = lo
    elif amount > hi:
        amount = hi
    return RAISE, amount, ui


@njit(cache=True)
def _random(u, ui, uend, lo, hi):  # pragma: no cover
    """``players.random_action``: (what, amount, next draw); NO_DRAWS when out."""
    if ui >= uend:
        return NO_DRAWS, 0, ui
    if hi <= 0:
        return int(u[ui] * 2.0), 0, ui + 1
    what = int(u[ui] * 3.0)
    ui += 1
    if what != 2:
        return what, 0, ui
    span = hi - lo
    if span <= 0:
        return RAISE, hi, ui
    if ui >= uend:
        return NO_DRAWS, 0, ui
    pick = int(u[ui] * (span + 1))
    return RAISE, lo + (span if span < pick else pick), ui + 1


@njit(cache=True)
def _random_legal(u, ui, uend, to_call, lo, hi):  # pragma: no cover
    """``players.random_legal_choice``: (what, amount, next draw); NO_DRAWS when out."""
    if ui >= uend:
        return NO_DRAWS, 0, ui
    kinds = 3 if hi > 0 else 2
    if to_call > 0:
        what = int(u[ui] * kinds)
    else:
        what = 1 + int(u[ui] * (kinds - 1))
    ui += 1
    if what != RAISE:
        return what, 0, ui
    if ui >= uend:
        return NO_DRAWS, 0, ui
    span = hi - lo
    pick = int(u[ui] * (span + 1))
    return RAISE, lo + (span if span < pick else pick), ui + 1


@njit(cache=True)
def decide(p, tables, u, ui, uend, folded, stacks, bets, n, seat, button, hole0, hole1, board, street, pot, bb, to_call, lo, hi, ev, ti):  # fmt: skip # noqa: E501 # pragma: no cover
    """One decision of a built-in model (``SkillBlend.decide`` then the model's ``decide``).

    ``ti``: the hand's ``players.tournament_inputs`` (``NO_CONTEXT`` when no record reads it).

    Returns (what, amount, next uniform draw); ``what`` is ``NO_DRAWS`` when the hand's block
    of draws ran out (nothing is then to be kept of this decision).
    """
    if p.blend:
        if ui >= uend:
            return NO_DRAWS, 0, ui
        mistake = u[ui] < p.mistake
        ui += 1
        if mistake:
            return _noise(u, ui, uend, bets, n, pot, to_call, lo, hi)
    kind = p.kind
    if kind == RANDOM:
        return _random(u, ui, uend, lo, hi)
    if kind == RANDOM_LEGAL:
        return _random_legal(u, ui, uend, to_call, lo, hi)
    if kind == CALLING:
        return CHECK_CALL, 0, ui
    if street == 0:
        if kind == PUSH_FOLD:
            what, amount = _push_fold(
                p, tables, folded, stacks, bets, n, seat, button, hole0, hole1, pot, bb,
                to_call, lo, hi, ti,
            )  # fmt: skip
        else:
            what, amount = _tight(
                p, tables, folded, stacks, bets, n, seat, button, hole0, hole1, pot, bb,
                to_call, lo, hi, ti,
            )  # fmt: skip
        return what, amount, ui
    shown = street + 2  # board cards seen
    if kind == PUSH_FOLD:
        what, amount = _made_hand_play(
            hole0, hole1, board, shown, stacks, bets, seat, pot, bb, to_call, lo, hi
        )
        return what, amount, ui
    return _tight_postflop(
        p, tables, u, ui, uend, folded, stacks, bets, n, seat, hole0, hole1, board, shown, pot,
        bb, to_call, lo, hi, ev, ti,
    )  # fmt: skip

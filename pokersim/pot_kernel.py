"""The forced bets, the pots and the knockouts of a hand, compiled for the betting machine.

``hand.play_hand`` (forced bets, awards, knockouts) and ``pots`` (``build_pots``,
``order_from_button``, ``split``, ``best_of``) stay the readable reference; these are the same
rules on the machine's per-seat arrays, called inside its compiled run so that a hand of the
tournament's fast path needs no Python between its deal and its result.
``tests/test_pot_kernel.py`` holds them to the reference on random states.

A pot is written as one row of ``3 + 2 n`` integers: its amount, the bit mask of the seats
eligible for it (seat i: bit i), the number of winners, the winners in order from the button's
left (``n`` slots) and their shares (``n`` slots).
"""

from __future__ import annotations

import numpy as np

from pokersim.kernel_cache import njit

# ``ante_kind`` as the kernels take it (``config.AnteKind``)
NO_ANTE, CLASSIC_ANTE, BIG_BLIND_ANTE = 0, 1, 2
# a pot's row: its amount, eligible mask and winner count, then winners and shares
POT_AMOUNT, POT_ELIGIBLE, POT_WINNERS = 0, 1, 2
POT_HEAD = 3


@njit(cache=True)
def pot_width(n):  # pragma: no cover
    """Integers in one pot's row at an ``n``-seat table."""
    return POT_HEAD + 2 * n


@njit(cache=True)
def post_forced(stacks, bets, totals, n, button, small_blind, big_blind, ante, ante_kind):  # fmt: skip # noqa: E501 # pragma: no cover
    """Antes and blinds, short stacks all-in (R-BLIND-1, R-ANTE-1, R-BTN-2), in place.

    Returns (chips in the middle, the big blind's dead table ante, the big blind's seat).
    """
    if n == 2:  # heads-up, the button posts the small blind
        sb_seat = button
        bb_seat = 1 - button
    else:
        sb_seat = button + 1 if button + 1 < n else button + 1 - n
        bb_seat = button + 2 if button + 2 < n else button + 2 - n
    pot = 0
    if ante and ante_kind == CLASSIC_ANTE:
        for i in range(n):
            paid = ante if ante < stacks[i] else stacks[i]
            stacks[i] -= paid
            totals[i] += paid
            pot += paid
    blind = big_blind
    dead = 0
    if ante and ante_kind == BIG_BLIND_ANTE:  # hand.big_blind_and_ante: the blind comes first
        stack = stacks[bb_seat]
        blind = big_blind if big_blind < stack else stack
        left = stack - blind
        dead = ante if ante < left else left
    for k in range(2):
        i = sb_seat if k == 0 else bb_seat
        amount = small_blind if k == 0 else blind
        paid = amount if amount < stacks[i] else stacks[i]
        if paid == 0:
            continue
        stacks[i] -= paid
        bets[i] = paid
        totals[i] += paid
        pot += paid
    if dead:  # dead money of the main pot
        stacks[bb_seat] -= dead
        pot += dead
    return pot, dead, bb_seat


@njit(cache=True)
def _add_pot(pots, count, width, amount, eligible):  # pragma: no cover
    """``build_pots``' append: a layer with the last pot's eligible seats joins it."""
    if count and pots[(count - 1) * width + POT_ELIGIBLE] == eligible:
        pots[(count - 1) * width + POT_AMOUNT] += amount
        return count
    at = count * width
    pots[at + POT_AMOUNT] = amount
    pots[at + POT_ELIGIBLE] = eligible
    return count + 1


@njit(cache=True)
def _one_pot(totals, folded, n):  # pragma: no cover
    """The live seats' mask, and whether each of them put in the most anyone did."""
    top = 0
    live_min = -1
    live_mask = 0
    for i in range(n):
        if totals[i] > top:
            top = totals[i]
        if not folded[i]:
            live_mask |= 1 << i
            if live_min < 0 or totals[i] < live_min:
                live_min = totals[i]
    return live_mask, live_mask != 0 and live_min == top


@njit(cache=True)
def _by_contribution(totals, n):  # pragma: no cover
    """The seats sorted by what they put in, ties in seat order (a stable sort)."""
    order = np.empty(n, dtype=np.int64)
    for i in range(n):
        j = i
        while j > 0 and totals[order[j - 1]] > totals[i]:
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    return order


@njit(cache=True)
def build_pots(totals, folded, n, dead, stacks, pots):  # pragma: no cover
    """``pots.build_pots`` into ``pots`` rows; layers nobody live reached go back to ``stacks``.

    Returns the number of pots.
    """
    width = POT_HEAD + 2 * n
    live_mask, one_pot = _one_pot(totals, folded, n)
    if one_pot:  # every live player put in the most anyone did: the usual case
        amount = dead
        for i in range(n):
            amount += totals[i]
        return _add_pot(pots, 0, width, amount, live_mask)
    order = _by_contribution(totals, n)
    count = 0
    eligible = live_mask
    previous = 0
    carry = dead
    k = 0  # order[k:] are the seats that put in at least the current level
    for at in range(n):
        level = totals[order[at]]
        if level <= 0 or (at and level == totals[order[at - 1]]):
            continue
        dropped_live = False
        while totals[order[k]] < level:
            dropped_live = dropped_live or not folded[order[k]]
            k += 1
        if dropped_live:
            for i in range(n):
                if totals[i] < level:
                    eligible &= ~(1 << i)
        step = level - previous
        previous = level
        if not eligible:
            for m in range(k, n):
                stacks[order[m]] += step
            continue
        count = _add_pot(pots, count, width, carry + step * (n - k), eligible)
        carry = 0
    if carry:  # dead money and no contribution at all: kept so that no chip can vanish
        at = count * width
        pots[at + POT_AMOUNT] = carry
        pots[at + POT_ELIGIBLE] = live_mask
        count += 1
    return count


@njit(cache=True)
def award(pots, count, ranks, n, button, stacks):  # pragma: no cover
    """Each pot to its best eligible hand(s), odd chips from the button's left (R-HAND-5)."""
    width = POT_HEAD + 2 * n
    for p in range(count):
        at = p * width
        amount = pots[at + POT_AMOUNT]
        eligible = pots[at + POT_ELIGIBLE]
        best = -1
        several = eligible & (eligible - 1) != 0
        if several:  # pots.best_of
            for i in range(n):
                if eligible >> i & 1 and (best < 0 or ranks[i] < best):
                    best = ranks[i]
        w = 0
        for k in range(1, n + 1):  # pots.order_from_button
            i = button + k if button + k < n else button + k - n
            if eligible >> i & 1 and (not several or ranks[i] == best):
                pots[at + POT_HEAD + w] = i
                w += 1
        pots[at + POT_WINNERS] = w
        base = amount // w  # pots.split
        odd = amount - base * w
        for j in range(w):
            share = base + 1 if j < odd else base
            pots[at + POT_HEAD + n + j] = share
            stacks[pots[at + POT_HEAD + j]] += share


@njit(cache=True)
def knockouts(pots, count, n, stacks, out):  # pragma: no cover
    """Per seat, the last pot a broke player was eligible for (R-KO-2); -1 for the others."""
    width = POT_HEAD + 2 * n
    for i in range(n):
        out[i] = -1
        if stacks[i] == 0:
            for p in range(count):
                if pots[p * width + POT_ELIGIBLE] >> i & 1:
                    out[i] = p


@njit(cache=True)
def settle(totals, folded, ranks, n, button, dead, stacks, pots, out):  # pragma: no cover
    """The pots built and awarded, the knockouts' pots in ``out``: returns the pot count."""
    count = build_pots(totals, folded, n, dead, stacks, pots)
    award(pots, count, ranks, n, button, stacks)
    knockouts(pots, count, n, stacks, out)
    return count

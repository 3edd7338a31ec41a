"""Main and side pots from contributions, and how each pot is split (R-HAND-3..5).

Pure functions on plain lists, called once per hand; seats are indices into the hand's seats.
"""

from __future__ import annotations

from collections.abc import Sequence


def uncalled(bets: Sequence[int]) -> tuple[int, int]:
    """The uncalled part of a betting round: ``(seat, amount)``, or ``(-1, 0)`` if none (R-HAND-3).

    Only the single highest bet can be uncalled; what it exceeds the second-highest bet by goes
    back to its owner, whether or not the others folded.

    >>> uncalled([100, 300, 0]), uncalled([200, 200, 50])
    ((1, 200), (-1, 0))
    """
    top = -1
    first = second = 0
    for i, b in enumerate(bets):
        if b > first:
            top, first, second = i, b, first
        elif b > second:
            second = b
    if top < 0 or first == second:
        return -1, 0
    return top, first - second


def build_pots(
    contributions: Sequence[int], live: Sequence[bool], dead: int = 0
) -> tuple[list[tuple[int, tuple[int, ...]]], list[int]]:
    """Split contributions into a main pot and side pots (R-HAND-4).

    ``contributions[i]`` is what seat i put in (classic antes included), ``live[i]`` whether it
    still has a claim (not folded), and ``dead`` is money that belongs to the main pot alone (the
    big-blind ante, R-ANTE-1). Each level of contribution forms a layer that the live players who
    reached it can win; adjacent layers with the same eligible players are one pot. A layer no
    live player reached goes back to whoever put it in (nobody can win it), which is returned as
    the second value, per seat.

    Returns ``([(amount, eligible seats), ...] main pot first, refunds)``.

    >>> build_pots([100, 200, 400, 400], [True] * 4)
    ([(400, (0, 1, 2, 3)), (300, (1, 2, 3)), (400, (2, 3))], [0, 0, 0, 0])
    >>> build_pots([50, 100, 100], [False, True, True], dead=10)
    ([(260, (1, 2))], [0, 0, 0])
    """
    n = len(contributions)
    refunds = [0] * n
    top = max(contributions)
    live_seats = [i for i in range(n) if live[i]]
    if live_seats and min([contributions[i] for i in live_seats]) == top:
        # Every live player put in the most anyone did: one pot, no side pots (the usual case).
        return [(sum(contributions) + dead, tuple(live_seats))], refunds
    pots: list[tuple[int, tuple[int, ...]]] = []
    order = sorted(range(n), key=contributions.__getitem__)
    eligible = tuple(live_seats)
    previous = 0
    carry = dead
    k = 0  # order[k:] are the seats that put in at least the current level
    for level in sorted(set(contributions)):
        if level <= 0:
            continue
        dropped_live = False
        while contributions[order[k]] < level:
            dropped_live = dropped_live or live[order[k]]
            k += 1
        if dropped_live:
            eligible = tuple([i for i in eligible if contributions[i] >= level])
        step = level - previous
        previous = level
        if not eligible:
            for i in order[k:]:
                refunds[i] += step
            continue
        amount = carry + step * (n - k)
        carry = 0
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
    if carry:
        # Only dead money and no contribution at all: impossible in a dealt hand (the big
        # blind always puts in a chip), kept so that no chip can vanish.
        pots.append((carry, tuple(i for i in range(n) if live[i])))
    return pots, refunds


def order_from_button(seats: Sequence[int], button: int, n: int) -> tuple[int, ...]:
    """Seats sorted clockwise starting from the first seat to the left of the button.

    >>> order_from_button([0, 2, 4], button=2, n=5)
    (4, 0, 2)
    """
    if len(seats) == 1:
        return tuple(seats)
    ordered = sorted(seats)
    return tuple([s for s in ordered if s > button] + [s for s in ordered if s <= button])


def split(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """Equal shares of one pot; odd chips one at a time to the earliest winners (R-HAND-5).

    ``winners`` must already be in order from the button's left.

    >>> split(100, [3, 1, 2])
    (34, 33, 33)
    >>> split(101, [0, 1, 2])
    (34, 34, 33)
    """
    k = len(winners)
    base, odd = divmod(amount, k)
    return tuple(base + 1 if j < odd else base for j in range(k))


def best_of(eligible: Sequence[int], ranks: Sequence[int]) -> list[int]:
    """The eligible seats holding the best (lowest) rank.

    >>> best_of([0, 2, 3], [5, 1, 7, 5])
    [0, 3]
    """
    best = min([ranks[i] for i in eligible])
    return [i for i in eligible if ranks[i] == best]

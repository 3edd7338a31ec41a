"""Cards for hands mucked at a showdown: the history hides them, the case must not.

A player who reaches the showdown and mucks lost to every hand shown (a winner shows). The
case still has to deal them two cards, and the seed's cards could win. So each such player
gets the first two cards, in deck-code order, that are not dealt elsewhere and make a hand
strictly worse than every hand shown with the same board: the outcome the history states,
with cards that are plainly a choice (the case says so in a comment).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

import numpy as np

from pokersim.evaluator import evaluate

__all__ = ["losing_cards"]


def losing_cards(
    shown: Mapping[str, tuple[int, int]],
    mucked: Sequence[str],
    board: tuple[int, ...],
    known: set[int],
) -> dict[str, tuple[int, int]] | None:
    """Two losing cards for each player of ``mucked``; ``None`` if no such cards exist.

    ``shown`` are the live hands shown, ``board`` the five cards, ``known`` every card the
    history shows (hole cards of anyone, board).

    >>> from pokersim.cards import parse_cards
    >>> board = tuple(parse_cards("2c 7d 9h Jc Ks"))
    >>> ace_king = tuple(parse_cards("As Kd"))
    >>> got = losing_cards({"Ann": ace_king}, ["Bob"], board, {*board, *ace_king})
    >>> [str(len(v)) for v in got.values()]
    ['2']
    """
    if not shown:
        return None
    out: dict[str, tuple[int, int]] = {}
    used = set(known)
    worst_shown = max(int(evaluate(np.array([*pair, *board]))) for pair in shown.values())
    for name in mucked:
        free = [c for c in range(52) if c not in used]
        pairs = np.array(list(combinations(free, 2)), dtype=np.int16)
        rows = np.concatenate([pairs, np.tile(np.array(board, dtype=np.int16), (len(pairs), 1))], 1)
        ranks = np.asarray(evaluate(rows))
        worse = np.flatnonzero(ranks > worst_shown)  # a larger rank is a weaker hand
        if not worse.size:
            return None
        a, b = (int(c) for c in pairs[worse[0]])
        out[name] = (a, b)
        used |= {a, b}
    return out

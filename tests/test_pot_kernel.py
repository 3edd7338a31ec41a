"""The compiled forced bets, pots and knockouts (``pokersim.pot_kernel``) follow the reference.

The reference is ``pokersim.pots`` (``build_pots``, ``best_of``, ``order_from_button``,
``split``) and ``hand.play_hand``'s forced bets (R-BLIND-1, R-ANTE-1, R-BTN-2), awards (R-HAND-4,
R-HAND-5) and knockouts (R-KO-2). Random states: stacks short of the blinds and antes, all-ins
at many levels (side pots), folded chips, tied ranks (split pots, odd chips), heads-up.
Whole hands are held to ``play_hand`` in ``tests/test_betting_kernel.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.actions import Fold
from pokersim.config import AnteKind, Level
from pokersim.events import ForcedBetPosted, PostKind
from pokersim.hand import Deal, HandSetup, Seat, play_hand
from pokersim.pot_kernel import (
    BIG_BLIND_ANTE,
    CLASSIC_ANTE,
    NO_ANTE,
    POT_HEAD,
    post_forced,
    pot_width,
    settle,
)
from pokersim.pots import best_of, build_pots, order_from_button, split

states = st.integers(2, 10).flatmap(
    lambda n: st.fixed_dictionaries(
        {
            "totals": st.lists(st.sampled_from([0, 1, 5, 7, 40, 41, 100]), min_size=n, max_size=n),
            "folded": st.lists(st.booleans(), min_size=n, max_size=n),
            "ranks": st.lists(st.integers(1, 3), min_size=n, max_size=n),  # many ties
            "stacks": st.lists(st.sampled_from([0, 0, 3, 250]), min_size=n, max_size=n),
            "button": st.integers(0, n - 1),
            "dead": st.sampled_from([0, 0, 1, 13]),
        }
    )
)


def _reference(h: dict[str, Any]) -> tuple[list[int], list[tuple[Any, ...]], list[int]]:
    """``play_hand``'s pots step: refunds, each pot awarded, each broke seat's last pot."""
    totals, ranks, button = h["totals"], h["ranks"], h["button"]
    n = len(totals)
    live = [not f for f in h["folded"]]
    stacks = list(h["stacks"])
    raw_pots, refunds = build_pots(totals, live, h["dead"])
    stacks = [s + r for s, r in zip(stacks, refunds)]
    pots = []
    for amount, eligible in raw_pots:
        best = best_of(eligible, ranks) if len(eligible) > 1 else list(eligible)
        winners = order_from_button(best, button, n)
        shares = split(amount, winners)
        for w, share in zip(winners, shares):
            stacks[w] += share
        pots.append((amount, eligible, winners, shares))
    last = [
        max(k for k, p in enumerate(pots) if i in p[1]) if stacks[i] == 0 else -1 for i in range(n)
    ]
    return stacks, pots, last


@settings(max_examples=600, deadline=None)
@given(states)
def test_settle_builds_awards_and_finds_knockouts_as_the_reference(h: dict[str, Any]) -> None:
    n = len(h["totals"])
    if all(h["folded"]):
        h["folded"][h["button"]] = False  # a hand always has someone in it
    for i in range(n):
        if h["stacks"][i] == 0:
            h["folded"][i] = False  # an all-in player cannot fold
        if not h["folded"][i] and h["totals"][i] == 0:
            h["totals"][i] = 1  # a player still in put in a chip at least
    stacks, pots_ref, last_ref = _reference(h)
    out_stacks = np.array(h["stacks"], dtype=np.int64)
    pots = np.full(n * pot_width(n), -7, dtype=np.int64)
    last = np.zeros(n, dtype=np.int64)
    count = settle(
        np.array(h["totals"], dtype=np.int64), np.array(h["folded"], dtype=np.int64),
        np.array(h["ranks"], dtype=np.int64), n, h["button"], h["dead"], out_stacks, pots, last,
    )  # fmt: skip
    got = []
    for p in range(count):
        row = pots[p * pot_width(n) : (p + 1) * pot_width(n)]
        eligible = tuple(i for i in range(n) if row[1] >> i & 1)
        w = int(row[2])
        winners = tuple(int(x) for x in row[POT_HEAD : POT_HEAD + w])
        shares = tuple(int(x) for x in row[POT_HEAD + n : POT_HEAD + n + w])
        got.append((int(row[0]), eligible, winners, shares))
    assert got == pots_ref
    assert out_stacks.tolist() == stacks
    assert last.tolist() == last_ref


def test_settle_splits_odd_chips_from_the_button_left() -> None:
    """A known case: three tie for a 100-chip pot, the button on seat 1 (R-HAND-5): the odd
    chip goes to seat 2, the first to the button's left."""
    pots = np.zeros(3 * pot_width(3), dtype=np.int64)
    stacks = np.zeros(3, dtype=np.int64)
    last = np.zeros(3, dtype=np.int64)
    totals = np.array([33, 33, 33], dtype=np.int64)
    folded = np.zeros(3, dtype=np.int64)
    ranks = np.array([5, 5, 5], dtype=np.int64)
    count = settle(totals, folded, ranks, 3, 1, 1, stacks, pots, last)
    assert count == 1
    assert pots[:3].tolist() == [100, 0b111, 3]
    assert pots[POT_HEAD : POT_HEAD + 3].tolist() == [2, 0, 1]
    assert pots[POT_HEAD + 3 : POT_HEAD + 6].tolist() == [34, 33, 33]
    assert stacks.tolist() == [33, 33, 34]
    assert last.tolist() == [-1, -1, -1]


levels = st.fixed_dictionaries(
    {
        "n": st.integers(2, 10),
        "stacks": st.lists(st.integers(1, 120), min_size=10, max_size=10),
        "button": st.integers(0, 9),
        "bb": st.sampled_from([2, 20, 50]),
        "ante": st.sampled_from([AnteKind.NONE, AnteKind.CLASSIC, AnteKind.BIG_BLIND]),
        "ante_size": st.integers(1, 60),
    }
)
_CODES = {
    AnteKind.NONE: NO_ANTE,
    AnteKind.CLASSIC: CLASSIC_ANTE,
    AnteKind.BIG_BLIND: BIG_BLIND_ANTE,
}


@settings(max_examples=400, deadline=None)
@given(levels)
def test_forced_bets_are_those_play_hand_posts(h: dict[str, Any]) -> None:
    """Short stacks post what they have, heads-up the button posts the small blind, the
    big blind's ante is dead money: as the reference's recorded forced bets."""
    n, button, bb = h["n"], h["button"] % h["n"], h["bb"]
    stacks = h["stacks"][:n]
    ante = 0 if h["ante"] is AnteKind.NONE else h["ante_size"]
    level = Level(small_blind=bb // 2, big_blind=bb, ante=ante, ante_kind=h["ante"])
    setup = HandSetup(
        seats=tuple(Seat(player_id=i, stack=c, seat_no=i + 1) for i, c in enumerate(stacks)),
        button=button,
        level=level,
    )
    cards = list(range(2 * n + 5))
    deal = Deal(hole=tuple((cards[2 * i], cards[2 * i + 1]) for i in range(n)), board=tuple(cards[2 * n :]))  # fmt: skip # noqa: E501
    result = play_hand(setup, deal, lambda view: Fold(), record_actions=True)
    posts = [e for e in result.events if isinstance(e, ForcedBetPosted)]
    left = list(stacks)
    bets = [0] * n
    totals = [0] * n
    dead = 0
    for e in posts:
        left[e.seat] -= e.amount
        if e.kind is PostKind.ANTE and h["ante"] is AnteKind.BIG_BLIND:
            dead += e.amount
            continue
        totals[e.seat] += e.amount
        if e.kind is not PostKind.ANTE:
            bets[e.seat] = e.amount
    got_stacks = np.array(stacks, dtype=np.int64)
    got_bets = np.zeros(n, dtype=np.int64)
    got_totals = np.zeros(n, dtype=np.int64)
    pot, got_dead, bb_seat = post_forced(
        got_stacks, got_bets, got_totals, n, button, level.small_blind, bb, ante,
        _CODES[h["ante"]],
    )  # fmt: skip
    assert got_stacks.tolist() == left
    assert got_bets.tolist() == bets
    assert got_totals.tolist() == totals
    assert (pot, got_dead) == (sum(e.amount for e in posts), dead)
    assert bb_seat == (1 - button if n == 2 else (button + 2) % n)

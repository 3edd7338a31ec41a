"""Pinned digest of many random hands: a speed change to the hand engine must not change a byte.

Random setups cover every betting structure and ante kind, two to ten seats, short stacks,
ties, timeouts (``None`` answers), events on and off, with and without precomputed strengths.
The digest covers each result (stacks, pots, knockouts, events), every decision view a player
saw and the class of every event. It was computed before the hand engine's records were built
by ``record_builder`` and is unchanged after. If a rule is deliberately changed (or a Python
upgrade changes how records print), re-pin it in the same commit and say why.
"""

from __future__ import annotations

import hashlib
import random

from pokersim.actions import CHECK_CALL, FOLD, DecisionView, RaiseTo
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.hand import Deal, HandSetup, Seat, play_hand

PINNED = "309e9d8df4086d23bb5f61538ce4d22016e35e4396a2a2444f046650d11a234b"  # after R-BLIND-2


def random_hands_digest(n_hands: int, seed: int) -> str:
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for k in range(n_hands):
        n = rng.randint(2, 10)
        stacks = [rng.choice([rng.randint(1, 150), rng.randint(1, 6000)]) for _ in range(n)]
        bb = rng.randint(1, 100)
        sb = rng.randint(0, bb)
        kind = rng.choice(list(AnteKind))
        ante = 0 if kind is AnteKind.NONE else rng.randint(1, 150)
        seats = tuple(
            Seat(player_id=100 + 3 * i, stack=s, seat_no=2 * i + 1) for i, s in enumerate(stacks)
        )
        setup = HandSetup(
            seats=seats,
            button=rng.randrange(n),
            level=Level(small_blind=sb, big_blind=bb, ante=ante, ante_kind=kind),
            structure=rng.choice(list(BettingStructure)),
            table_id=rng.randrange(5),
            hand_no=k,
            level_index=rng.randrange(3),
            start_time=k * 7,
        )
        cards = list(range(52))
        rng.shuffle(cards)
        strengths = tuple(rng.randint(1, 5) for _ in range(n)) if rng.random() < 0.7 else None
        deal = Deal(
            hole=tuple((cards[2 * i], cards[2 * i + 1]) for i in range(n)),
            board=tuple(cards[30:35]),
            strengths=strengths,
        )
        policy = random.Random(k)
        views: list[DecisionView] = []

        def decide(view: DecisionView, policy=policy, views=views):
            views.append(view)
            legal = view.legal
            r = policy.random()
            if r < 0.05:
                return None
            if r < 0.25 and legal.to_call:
                return FOLD
            if r < 0.5 and legal.max_raise_to:
                return RaiseTo(policy.randint(legal.min_raise_to, legal.max_raise_to))
            return CHECK_CALL

        result = play_hand(setup, deal, decide, record_actions=rng.random() < 0.6)
        digest.update(repr(result).encode())
        digest.update(repr(views).encode())
        digest.update(repr([type(e).__name__ for e in result.events]).encode())
    return digest.hexdigest()


def test_hand_outputs_are_pinned_by_a_digest_of_random_hands():
    assert random_hands_digest(1500, seed=7) == PINNED

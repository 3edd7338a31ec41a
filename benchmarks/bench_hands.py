"""Hands per second: pokersim's hand engine against PokerKit on the same workload, in one run.

Workload: 9-handed no-limit hold'em, blinds 50/100, classic ante 10, every stack drawn
uniformly from 500..20,000 for each hand, every decision a uniform draw over the legal kinds
(fold only when facing a bet, check/call, bet/raise) and then over the legal raise totals.
Both engines use the same policy code and the same kind of random stream. Times are CPU
time of this process (``time.process_time``), because the machines this runs on are shared.

pokersim is timed the way the tournament engine uses it: decks dealt in blocks from the keyed
deck stream and every seat's 7-card hand evaluated for the whole block in one evaluator call,
then one ``HandSetup`` + ``Deal`` + ``play_hand`` per hand. The deal-and-evaluate cost is
inside the timing. The "batch" row plays the same workload with the built-in ``random-legal``
model (the same policy, compiled: ``players.random_legal_choice``) through
``betting_kernel.play_batch``: a block of hands dealt, evaluated, bet and settled in one
compiled call on arrays of stacks, the stacks and the decision draws of the block inside the
timing too.

    python benchmarks/bench_hands.py [--hands 20000] [--pokerkit-hands 300] [--seed 1]
    python benchmarks/bench_hands.py --profile   # pyinstrument profile of the events-off loop
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

import numpy as np

from pokersim.actions import CHECK_CALL, FOLD, DecisionView, RaiseTo
from pokersim.betting_kernel import play_batch
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.evaluator import evaluate_unchecked
from pokersim.hand import (
    Deal,
    HandSetup,
    Seat,
    play_hand,
    unchecked_deal,
    unchecked_seat,
    unchecked_setup,
)
from pokersim.players import RandomLegalModel, random_legal_choice
from pokersim.rng import decision_block, deck_block

PLAYERS = 9
SB, BB, ANTE = 50, 100, 10
STACK_LO, STACK_HI = 500, 20_000
BLOCK = 1024
LEVEL = Level(small_blind=SB, big_blind=BB, ante=ANTE, ante_kind=AnteKind.CLASSIC)


choose = random_legal_choice
"""The shared policy: (0 fold | 1 check/call | 2 raise, raise-to total); the batch row plays
its compiled form (the ``random-legal`` model)."""


class Counter:
    """Counts decisions so both engines can be compared per action too."""

    decisions = 0


def pokersim_hands(
    n_hands: int, seed: int, record: bool, engine_only: bool = False, checked: bool = True
) -> tuple[float, int, int]:
    """Play ``n_hands``; return (CPU seconds, decisions, hands with a showdown).

    With ``engine_only`` only the ``play_hand`` calls are timed; otherwise dealing, evaluating
    and building each hand's ``HandSetup`` and ``Deal`` count too (the tournament's path).
    ``checked=False`` builds them with the unchecked constructors instead of the validating ones.
    """
    new_seat, new_setup, new_deal = (
        (Seat, HandSetup, Deal) if checked else (unchecked_seat, unchecked_setup, unchecked_deal)
    )
    rng = random.Random(seed)
    count = Counter()

    def decide(view: DecisionView):
        count.decisions += 1
        legal = view.legal
        k, amount = choose(rng, legal.to_call, legal.min_raise_to, legal.max_raise_to)
        if k == 1:
            return CHECK_CALL
        if k == 0:
            return FOLD
        return RaiseTo(amount)

    stacks_rng = np.random.default_rng(seed + 1)
    hole_idx = np.arange(2 * PLAYERS).reshape(PLAYERS, 2)
    showdowns = 0
    elapsed = 0.0
    done = 0
    while done < n_hands:
        size = min(BLOCK, n_hands - done)
        start = time.process_time()
        decks = deck_block(seed, 0, done, size)
        rows = np.empty((size, PLAYERS, 7), dtype=np.int8)
        rows[:, :, :2] = decks[:, hole_idx]
        rows[:, :, 2:] = decks[:, None, 2 * PLAYERS : 2 * PLAYERS + 5]
        strengths = evaluate_unchecked(rows.reshape(-1, 7)).reshape(size, PLAYERS).tolist()
        deck_lists = decks.tolist()
        stack_lists = stacks_rng.integers(STACK_LO, STACK_HI + 1, size=(size, PLAYERS)).tolist()
        hands = []
        for h in range(size):
            d = deck_lists[h]
            st = stack_lists[h]
            seats = tuple(
                [new_seat(player_id=i, stack=st[i], seat_no=i + 1) for i in range(PLAYERS)]
            )
            setup = new_setup(
                seats=seats,
                button=(done + h) % PLAYERS,
                level=LEVEL,
                structure=BettingStructure.NO_LIMIT,
                hand_no=done + h,
            )
            deal = new_deal(
                hole=tuple(zip(d[0 : 2 * PLAYERS : 2], d[1 : 2 * PLAYERS : 2])),
                board=tuple(d[2 * PLAYERS : 2 * PLAYERS + 5]),
                strengths=tuple(strengths[h]),
            )
            if engine_only:
                hands.append((setup, deal))
            else:  # built and played one at a time, as a table does
                showdowns += play_hand(setup, deal, decide, record_actions=record).showdown
        if engine_only:
            start = time.process_time()
            for setup, deal in hands:
                showdowns += play_hand(setup, deal, decide, record_actions=record).showdown
        elapsed += time.process_time() - start
        done += size
    return elapsed, count.decisions, showdowns


def batch_hands(n_hands: int, seed: int) -> tuple[float, int, int]:
    """The built-in ``random-legal`` model through ``play_batch``, a block of hands a call.

    Returns (CPU seconds, hands with a showdown, hands finished in Python because their block
    of draws ran out). Stacks, buttons and decision draws of each block are timed too.
    """
    models = [RandomLegalModel() for _ in range(PLAYERS)]
    stacks_rng = np.random.default_rng(seed + 1)
    showdowns = replayed = 0
    elapsed = 0.0
    done = 0
    while done < n_hands:
        size = min(BLOCK, n_hands - done)
        start = time.process_time()
        stacks = stacks_rng.integers(STACK_LO, STACK_HI + 1, size=(size, PLAYERS))
        buttons = np.arange(done, done + size) % PLAYERS
        uniforms, normals = decision_block(seed, 0, done + 1, size)
        batch = play_batch(models, stacks, buttons, LEVEL, seed, 0, done, uniforms, normals)
        elapsed += time.process_time() - start
        showdowns += int(batch.showdown.sum())
        replayed += batch.replayed
        done += size
    return elapsed, showdowns, replayed


def pokerkit_hands(n_hands: int, seed: int) -> tuple[float, int]:
    """The same workload through PokerKit (dealing, showdown and pushing automated)."""
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    stacks_rng = np.random.default_rng(seed + 1)
    decisions = 0
    start = time.process_time()
    for _ in range(n_hands):
        stacks = stacks_rng.integers(STACK_LO, STACK_HI + 1, size=PLAYERS).tolist()
        state = NoLimitTexasHoldem.create_state(
            automations, True, ANTE, (SB, BB), BB, stacks, PLAYERS, mode=Mode.TOURNAMENT
        )
        while state.status:
            if state.actor_index is None:  # pragma: no cover - everything else is automated
                break
            decisions += 1
            to_call = state.checking_or_calling_amount or 0
            if state.can_complete_bet_or_raise_to():
                lo = state.min_completion_betting_or_raising_to_amount or 0
                hi = state.max_completion_betting_or_raising_to_amount or 0
            else:
                lo = hi = 0
            k, amount = choose(rng, to_call, lo, hi)
            if k == 0 and state.can_fold():
                state.fold()
            elif k == 2:
                state.complete_bet_or_raise_to(amount)
            else:
                state.check_or_call()
    return time.process_time() - start, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--pokerkit-hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of N for pokersim")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)

    if args.profile:
        from pyinstrument import Profiler

        pokersim_hands(500, args.seed, record=False)  # build the evaluator's tables first
        profiler = Profiler(interval=0.0002)
        profiler.start()
        pokersim_hands(args.hands, args.seed, record=False)
        profiler.stop()
        print(profiler.output_text(unicode=False, color=False, show_all=False))
        return 0

    print(f"python {platform.python_version()} on {platform.machine()}, {sys.platform}")
    pokersim_hands(500, args.seed, record=False)  # warm up the evaluator's jit and tables
    rows = []
    for label, record, engine_only, checked in (
        ("pokersim, events off", False, False, True),
        ("pokersim, events on", True, False, True),
        ("unchecked inputs, events off", False, False, False),
        ("unchecked inputs, events on", True, False, False),
        ("play_hand only, events off", False, True, True),
    ):
        secs, decisions, showdowns = min(
            (
                pokersim_hands(args.hands, args.seed, record, engine_only, checked)
                for _ in range(args.repeat)
            ),
            key=lambda r: r[0],
        )
        rows.append((label, args.hands / secs))
        print(
            f"{label:28s} {args.hands / secs:10,.0f} hands/s  "
            f"{decisions / args.hands:5.2f} decisions/hand  "
            f"{1e6 * secs / args.hands:6.1f} us/hand  showdowns {showdowns / args.hands:.0%}"
        )
    batch_hands(500, args.seed)  # load (or compile) the batch's kernel
    secs, showdowns, replayed = min(
        (batch_hands(args.hands, args.seed) for _ in range(args.repeat)), key=lambda r: r[0]
    )
    label = "batch (random-legal)"
    rows.append((label, args.hands / secs))
    print(
        f"{label:28s} {args.hands / secs:10,.0f} hands/s  {'':20s}"
        f"{1e6 * secs / args.hands:6.1f} us/hand  showdowns {showdowns / args.hands:.0%}"
        f"  (finished in Python: {replayed})"
    )
    secs, decisions = pokerkit_hands(args.pokerkit_hands, args.seed)
    pk = args.pokerkit_hands / secs
    print(
        f"{'pokerkit':28s} {pk:10,.0f} hands/s  {decisions / args.pokerkit_hands:5.2f} "
        f"decisions/hand  {1e6 * secs / args.pokerkit_hands:6.1f} us/hand"
    )
    for name, hps in rows:
        print(f"ratio {name} / pokerkit: {hps / pk:,.0f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

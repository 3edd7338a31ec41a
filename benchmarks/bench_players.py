"""Decisions per second of each player model, and the batched equity estimate against a loop.

Workload: decision views recorded from 9-handed hands (blinds 10/20, stacks drawn uniformly
from 5 to 100 big blinds) played by the hand engine with the default field (tight-aggressive
at skill 0.9 and 0.4). Every model then answers the same recorded views, pre-flop and
post-flop separately, with ``decide`` + ``think_seconds`` as the engine calls them. Times are
CPU time of this process (``time.process_time``): the machines this runs on are shared, so
wall-clock numbers would measure the neighbours.

The second table shows why tight-aggressive asks the evaluator once per decision: the same
equity estimate with all samples in one call against one call per sample.

    python benchmarks/bench_players.py [--hands 400] [--repeat 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from pokersim import rng as rngs
from pokersim.actions import Action, DecisionView
from pokersim.config import Level
from pokersim.evaluator import evaluate_unchecked
from pokersim.hand import Deal, HandSetup, Seat, play_hand
from pokersim.players import PlayerModel, TightAggressiveModel, builtin_models, make_model

LEVEL = Level(small_blind=10, big_blind=20)


def record_views(hands: int, seed: int) -> list[DecisionView]:
    """Views of every decision in ``hands`` 9-handed hands played by the default field."""
    strong = make_model("tight-aggressive", skill=0.9)
    weak = make_model("tight-aggressive", skill=0.4)
    models = [strong] + [weak] * 8
    gens = [rngs.generator(seed, rngs.STREAM_PLAYER, p) for p in range(9)]
    stack_rng = np.random.default_rng(seed)
    views: list[DecisionView] = []

    def decide(view: DecisionView) -> Action:
        views.append(view)
        return models[view.player_id].decide(view, gens[view.player_id])

    for h in range(hands):
        deck = rngs.deck(seed, 0, h)
        stacks = stack_rng.integers(5 * 20, 100 * 20 + 1, size=9)
        seats = tuple(Seat(player_id=i, stack=int(stacks[i]), seat_no=i + 1) for i in range(9))
        setup = HandSetup(seats=seats, button=h % 9, level=LEVEL, hand_no=h)
        deal = Deal(
            hole=tuple((int(deck[2 * i]), int(deck[2 * i + 1])) for i in range(9)),
            board=tuple(int(c) for c in deck[18:23]),
        )
        play_hand(setup, deal, decide, record_actions=False)
    return views


def time_model(model: PlayerModel, views: list[DecisionView], repeat: int) -> float:
    """Best-of-``repeat`` CPU seconds per decision over ``views``."""
    best = float("inf")
    for r in range(repeat):
        gen = np.random.default_rng(r)
        t0 = time.process_time()
        for v in views:
            model.decide(v, gen)
            model.think_seconds(v, gen)
        best = min(best, time.process_time() - t0)
    return best / max(1, len(views))


def equity_loop(model: TightAggressiveModel, view: DecisionView, gen: np.random.Generator) -> float:
    """The same estimate as ``model.equity`` (heads-up, any two cards), one call per sample."""
    dead = {view.hole[0], view.hole[1], *view.board}
    unseen = np.array([c for c in range(52) if c not in dead], dtype=np.int8)
    total = 0.0
    need = 2 + 5 - len(view.board)
    for _ in range(model.samples):
        draw = gen.permutation(unseen)[:need]
        board = list(view.board) + list(draw[2:])
        rows = np.array([list(view.hole) + board, list(draw[:2]) + board], dtype=np.int8)
        r = evaluate_unchecked(rows)
        total += 1.0 if r[0] < r[1] else 0.5 if r[0] == r[1] else 0.0
    return total / model.samples


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    views = record_views(args.hands, args.seed)
    pre = [v for v in views if v.street == 0]
    post = [v for v in views if v.street > 0]
    print(f"{len(views)} recorded decisions: {len(pre)} pre-flop, {len(post)} post-flop\n")
    print(f"{'model':<28}{'pre-flop dec/s':>16}{'post-flop dec/s':>17}{'all dec/s':>12}")
    specs = [(name, 1.0) for name in builtin_models()] + [("tight-aggressive", 0.4)]
    for name, skill in specs:
        model = make_model(name, skill=skill)
        t_pre = time_model(model, pre, args.repeat)
        t_post = time_model(model, post, args.repeat)
        t_all = (t_pre * len(pre) + t_post * len(post)) / len(views)
        label = name if skill == 1.0 else f"{name} (skill {skill})"
        print(f"{label:<28}{1 / t_pre:>16,.0f}{1 / t_post:>17,.0f}{1 / t_all:>12,.0f}")

    tag = TightAggressiveModel()
    sample = post[: min(200, len(post))]
    gen = np.random.default_rng(0)
    t0 = time.process_time()
    for v in sample:
        tag.equity(v, gen, 169)
    batch = (time.process_time() - t0) / len(sample)
    t0 = time.process_time()
    for v in sample[:40]:
        equity_loop(tag, v, gen)
    loop = (time.process_time() - t0) / len(sample[:40])
    print(f"\nequity estimate, {tag.samples} samples per post-flop decision:")
    print(f"  one jitted call (tight-aggressive):    {batch * 1e6:10,.0f} us/decision")
    print(f"  one call per sample (loop):            {loop * 1e6:10,.0f} us/decision")
    print(f"  batch speed-up: {loop / batch:.0f}x")


if __name__ == "__main__":
    main()

"""``betting_kernel.play_batch``: a block of whole hands in one compiled call, hand by hand the
hands the Python rounds play.

Each hand of a batch (dealt inside the call from the keyed deck stream, forced bets, betting,
showdown, pots) is played again from the same setup, deal and draws twice: by
``play_whole_hand`` (the machine one hand at a time, as the tournament plays it) and by
``hand.play_hand`` with the Python reference models (the independent oracle). Final stacks and
showdowns must agree for every hand: random table sizes, levels and buttons, short stacks (all-
ins, side pots), the ``random-legal`` model and the other built-in models, and hands whose
block of draws runs out (finished with the models asked in Python).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import pytest

from pokersim import rng
from pokersim.actions import DecisionView
from pokersim.betting_kernel import batch_hand, machine_params, play_batch, play_whole_hand
from pokersim.config import AnteKind, Level
from pokersim.hand import HandResult, play_hand
from pokersim.model_params import pack
from pokersim.players import (
    CallingStationModel,
    PushFoldModel,
    RandomLegalModel,
    RandomModel,
    SkillBlend,
    TightAggressiveModel,
    model_record,
)
from pokersim.timing import NO_PACE

LEVELS = [
    Level(small_blind=50, big_blind=100, ante=10, ante_kind=AnteKind.CLASSIC),
    Level(small_blind=100, big_blind=200, ante=200, ante_kind=AnteKind.BIG_BLIND),
    Level(small_blind=10, big_blind=20),
]
OTHERS: list[Any] = [
    TightAggressiveModel(),
    PushFoldModel(),
    CallingStationModel(),
    RandomModel(),
    SkillBlend(RandomLegalModel(), skill=0.5),
    SkillBlend(TightAggressiveModel(), skill=0.3, noise=1.0),
]


def _hand(
    models: list[Any], stacks: list[int], button: int, level: Level, seed: int, table: int,
    hand: int, uniforms: Any, normals: Any, row: int, machine: bool,
) -> HandResult:  # fmt: skip
    """One hand of a batch played alone: the machine's ``play_whole_hand``, or ``play_hand``
    with the Python models (each decision then its think time, as the engine asks them)."""
    n = len(stacks)
    draws = rng.HandDraws()
    draws.start(uniforms, normals, row, seed, table, hand)
    setup, deal = batch_hand(stacks, button, level, seed, table, hand)
    cards = rng.deck_block(seed, table, hand, 1)[0].tolist()
    assert deal.hole == tuple(zip(cards[: 2 * n : 2], cards[1 : 2 * n : 2]))
    assert deal.board == tuple(cards[2 * n : 2 * n + 5])

    def decide(view: DecisionView) -> Any:
        model = models[view.seat]
        action = model.decide(view, draws)
        model.think_seconds(view, draws)
        return action

    if not machine:
        return play_hand(setup, deal, decide)
    records = [model_record(m) for m in models]
    params = machine_params(pack([r for r in records if r is not None]))

    def ask(view: DecisionView, elapsed: float) -> tuple[Any, float, bool]:
        model = models[view.seat]
        action = model.decide(view, draws)
        return action, elapsed + model.think_seconds(view, draws), True

    result, _, _ = play_whole_hand(
        setup, deal, list(range(n)) * 3, bytes(cards), 0, 2 * n, params, draws, 0.0,
        float("inf"), array("d", bytes(8 * n)), ask, NO_PACE, None, decide,
    )  # fmt: skip
    return result


def _check_batch(
    models: list[Any],
    stacks: np.ndarray,
    buttons: np.ndarray,
    level: Level,
    seed: int,
    table: int,
    first: int,
    uniforms: Any = None,
    normals: Any = None,
) -> Any:
    count = len(stacks)
    if uniforms is None:
        uniforms, normals = rng.decision_block(seed, table, first, count)
    batch = play_batch(models, stacks, buttons, level, seed, table, first, uniforms, normals)
    assert batch.final_stacks.shape == stacks.shape
    assert (batch.final_stacks.sum(axis=1) == stacks.sum(axis=1)).all()
    side_pots = 0
    for h in range(count):
        args = (
            models, stacks[h].tolist(), int(buttons[h]), level, seed, table, first + h,
            uniforms, normals, h,
        )  # fmt: skip
        oracle = _hand(*args, machine=False)
        alone = _hand(*args, machine=True)
        assert tuple(batch.final_stacks[h].tolist()) == oracle.final_stacks, h
        assert alone.final_stacks == oracle.final_stacks, h
        assert batch.showdown[h] == oracle.showdown == alone.showdown, h
        side_pots += len(oracle.pots) > 1
    return batch, side_pots


@pytest.mark.parametrize("case", range(6))
def test_a_batch_plays_each_hand_as_the_python_rounds(case: int) -> None:
    """Random tables: 2 to 10 seats, deep and short stacks, every ante kind, random buttons."""
    g = np.random.default_rng(case)
    n = int(g.integers(2, 11))
    count = 150
    level = LEVELS[case % len(LEVELS)]
    bb = level.big_blind
    deep = g.integers(1, 200 * bb, size=(count, n))
    short = g.integers(1, 4 * bb, size=(count, n))  # all-ins before the flop, side pots
    stacks = np.where(g.random((count, n)) < 0.3, short, deep)
    buttons = g.integers(0, n, size=count)
    if case < 3:
        models: list[Any] = [RandomLegalModel() for _ in range(n)]
    else:
        models = [RandomLegalModel() if g.random() < 0.5 else OTHERS[g.integers(6)] for _ in range(n)]  # fmt: skip # noqa: E501
    batch, side_pots = _check_batch(models, stacks, buttons, level, 1000 + case, case, 7 * case)
    assert batch.showdown.any()
    assert not batch.showdown.all() or case >= 3  # a calling station may see every showdown
    assert side_pots > 0 or n == 2


def test_a_hand_whose_draws_run_out_is_finished_in_python() -> None:
    """Min-raise wars use two draws a decision: 64 run out long before the stacks do."""
    n, count = 6, 12
    g = np.random.default_rng(5)
    stacks = g.integers(50_000, 100_000, size=(count, n))
    buttons = np.arange(count) % n
    uniforms, normals = rng.decision_block(5, 0, 1, count)
    war = array("d", [0.99, 0.0] * (rng.DECISION_UNIFORMS // 2))  # raise, to the minimum
    for h in range(0, count, 3):
        at = h * rng.DECISION_UNIFORMS
        uniforms[at : at + rng.DECISION_UNIFORMS] = war
    models: list[Any] = [RandomLegalModel() for _ in range(n)]
    batch, _ = _check_batch(models, stacks, buttons, LEVELS[2], 5, 2, 40, uniforms, normals)
    assert batch.replayed == 4


def test_blocks_of_any_size_agree_hand_by_hand() -> None:
    """Hand ``first + h`` deals the same cards in any block: the deck is keyed by the hand."""
    n, count = 9, 40
    g = np.random.default_rng(9)
    stacks = g.integers(500, 20_001, size=(count, n))
    buttons = np.arange(count) % n
    uniforms, normals = rng.decision_block(9, 0, 1, count)
    models: list[Any] = [RandomLegalModel() for _ in range(n)]
    whole = play_batch(models, stacks, buttons, LEVELS[0], 9, 3, 100, uniforms, normals)
    u_at, z_at = 10 * rng.DECISION_UNIFORMS, 10 * rng.DECISION_NORMALS
    part = play_batch(
        models, stacks[10:15], buttons[10:15], LEVELS[0], 9, 3, 110,
        uniforms[u_at : u_at + 5 * rng.DECISION_UNIFORMS],
        normals[z_at : z_at + 5 * rng.DECISION_NORMALS],
    )  # fmt: skip
    assert (part.final_stacks == whole.final_stacks[10:15]).all()
    assert (part.showdown == whole.showdown[10:15]).all()
    other = play_batch(models, stacks, buttons, LEVELS[0], 9, 4, 100, uniforms, normals)
    assert (other.final_stacks != whole.final_stacks).any()  # another table, other decks


def test_a_batch_refuses_what_it_cannot_play() -> None:
    n = 3
    stacks = np.full((2, n), 1000)
    buttons = np.zeros(2, dtype=np.int64)
    u, z = rng.decision_block(1, 0, 1, 2)
    level = LEVELS[0]
    models: list[Any] = [RandomLegalModel() for _ in range(n)]

    class Plugin(RandomLegalModel):
        __slots__ = ()

    with pytest.raises(ValueError, match="built-in models"):
        play_batch([*models[:2], Plugin()], stacks, buttons, level, 1, 0, 0, u, z)
    with pytest.raises(ValueError, match="built-in models"):
        play_batch(models[:2], stacks, buttons, level, 1, 0, 0, u, z)
    with pytest.raises(ValueError, match="with chips"):
        play_batch(models, np.array([[1000, 0, 5], [1, 1, 1]]), buttons, level, 1, 0, 0, u, z)
    with pytest.raises(ValueError, match="button"):
        play_batch(models, stacks, np.array([0, 3]), level, 1, 0, 0, u, z)
    with pytest.raises(ValueError, match="draws"):
        play_batch(models, stacks, buttons, level, 1, 0, 0, u[:-1], z)

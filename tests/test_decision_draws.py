"""Which random numbers a model reads: the hand's decision draws or the player's generator.

Built-in models (and skill blends of them) read ``rng.HandDraws``, keyed by seed, table and
hand; any other model, a plug-in or a subclass of a built-in, gets the player's own NumPy
generator, as the ``PlayerModel`` protocol promises.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from test_engine_helpers import make_scenario

import pokersim.engine.dealer as engine_dealer
from pokersim import rng
from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView
from pokersim.engine import run_tournament
from pokersim.players import (
    CallingStationModel,
    PushFoldModel,
    RandomModel,
    SkillBlend,
    TightAggressiveModel,
    make_model,
    uses_hand_draws,
)


class _Recorder:
    """A plug-in-like model that notes the rng object of every decision."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[tuple[int, Any]] = []

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        self.seen.append((view.player_id, rng))
        rng.integers(0, 10)  # a Generator method the built-in draws do not offer
        return CHECK_CALL if view.legal.to_call == 0 else FOLD

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        return 1.0


class _Sub(CallingStationModel):
    """A subclass may draw anything: it is not trusted with the hand's draws."""


def test_only_builtin_models_and_their_blends_use_hand_draws() -> None:
    for model in (RandomModel(), CallingStationModel(), PushFoldModel(), TightAggressiveModel()):
        assert uses_hand_draws(model)
        assert uses_hand_draws(SkillBlend(model, skill=0.5))
    assert uses_hand_draws(make_model("tight-aggressive", skill=0.3))
    assert not uses_hand_draws(_Recorder())
    assert not uses_hand_draws(SkillBlend(_Recorder(), skill=0.5))
    assert not uses_hand_draws(_Sub())


def _python_hands(monkeypatch: Any) -> None:
    """The engine plays every hand in Python: no compiled rounds, no compiled whole hand."""

    monkeypatch.setattr(engine_dealer.Dealer, "compiled", False)


def test_engine_hands_plugins_their_own_generator_and_builtins_the_hand_draws(
    monkeypatch: Any,
) -> None:
    seen_builtin: list[Any] = []
    original = CallingStationModel.decide

    def spy(self: CallingStationModel, view: DecisionView, rng: Any) -> Action:
        seen_builtin.append(rng)
        return original(self, view, rng)

    monkeypatch.setattr(CallingStationModel, "decide", spy)
    # every decision in Python, where the spy sees it (the compiled rounds ask only the
    # plug-ins in Python, with the same generators: tests/test_betting_kernel.py)
    _python_hands(monkeypatch)
    recorder = _Recorder()
    models = [recorder, CallingStationModel(), recorder, CallingStationModel()]
    run_tournament(make_scenario(4, stack=60), 5, models=models)
    assert recorder.seen and seen_builtin
    assert all(isinstance(r, rng.HandDraws) for r in seen_builtin)
    by_player: dict[int, set[int]] = {}
    for player_id, gen in recorder.seen:
        assert isinstance(gen, np.random.Generator)
        by_player.setdefault(player_id, set()).add(id(gen))
    assert set(by_player) == {0, 2}
    assert all(len(ids) == 1 for ids in by_player.values())  # one stream per player
    assert len({next(iter(ids)) for ids in by_player.values()}) == 2


def test_each_hand_reads_the_draws_keyed_by_its_table_and_number(monkeypatch: Any) -> None:
    """The first draw of hand n at table t is its keyed row's, whatever came before."""
    firsts: dict[tuple[int, int], float] = {}
    original = CallingStationModel.think_seconds

    def spy(self: CallingStationModel, view: DecisionView, rng: Any) -> float:
        key = (view.table_id, view.hand_no)
        if key not in firsts:
            firsts[key] = rng.standard_normal()
        return original(self, view, rng)

    monkeypatch.setattr(CallingStationModel, "think_seconds", spy)
    # every round in Python, where the spy sees it (the compiled rounds read the same draws:
    # tests/test_betting_kernel.py)
    _python_hands(monkeypatch)
    run_tournament(make_scenario(12, stack=40), 9, models=[CallingStationModel()] * 12)
    assert len(firsts) > 40 and max(hand for _, hand in firsts) > 25  # three blocks at least
    for (table, hand), first in firsts.items():
        assert first == rng.decision_block(9, table, hand, 1)[1][0]

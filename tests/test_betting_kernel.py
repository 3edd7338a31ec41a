"""The compiled betting rounds play exactly as the Python rounds and models do.

``pokersim.betting_kernel`` repeats the play of the built-in models and the no-limit betting
rules; these tests hold the two copies together: single hands from random states
(hypothesis), then whole tournaments with every kind of built-in model, each played once with
the kernel and once without it, event for event. The rules the kernel repeats are pinned by
their own tests on the Python side; here it is held to the same answers: R-HAND-1 and R-HAND-2
(minimum raises, short all-ins), R-BLIND-1 (the pre-flop price), R-HAND-3 (uncalled bets),
R-HAND-6 and R-DIS-1 (the action clock and the time bank, as ``timing.resolve_decision``).
"""

from __future__ import annotations

from array import array
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokersim.engine.dealer as engine_dealer
from pokersim import engine, rng
from pokersim.actions import DecisionView
from pokersim.betting import TableState
from pokersim.betting_kernel import model_row, play_rounds
from pokersim.config import AnteKind, Level
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand
from pokersim.players import (
    CallingStationModel,
    PushFoldModel,
    RandomModel,
    SkillBlend,
    TightAggressiveModel,
)
from pokersim.scenario import load_scenario, parse_scenario
from pokersim.timing import ActionClock, resolve_decision

MODELS = [
    TightAggressiveModel(),
    TightAggressiveModel(short_bb=25.0, open_width=(0.2, 0.3, 0.4, 0.6), commit_bb=15.0),
    PushFoldModel(),
    PushFoldModel(looseness=2.0, max_bb=25.0, open_raise_bb=3.0),
    RandomModel(),
    CallingStationModel(),
    SkillBlend(TightAggressiveModel(), skill=0.3, noise=1.0),
    SkillBlend(PushFoldModel(looseness=0.5), skill=0.5),
    SkillBlend(RandomModel(), skill=0.0, noise=1.0),
]
PARAMS = np.array([model_row(m) for m in MODELS], dtype=np.float64)


class _Engineish:
    """The engine's decision path for built-in models on the hand's draws (`_Director._decide`,
    `_clocked` for a present player: the bank pays beyond the clock, else a time-out)."""

    def __init__(
        self, seat_models: list[Any], draws: rng.HandDraws, clock: float, banks: list[float]
    ) -> None:
        self.seat_models = seat_models
        self.draws = draws
        self.clock = clock
        self.sim_seconds = 0.0
        self.street = 0  # the last street on which a player was asked
        self.timed_out = False
        self.banks = array("d", banks)  # by player id (= seat index here), as the engine's

    def decide(self, view: DecisionView) -> Any:
        model = self.seat_models[view.seat]
        self.street = max(self.street, view.street)
        action = model.decide(view, self.draws)
        think = model.think_seconds(view, self.draws)
        if 0.0 <= think <= self.clock:
            self.sim_seconds += think
            return action
        out = resolve_decision(
            action, think, view.legal, ActionClock(action_seconds=self.clock),
            bank_seconds=self.banks[view.seat],
        )  # fmt: skip
        self.banks[view.seat] -= out.bank_used
        self.sim_seconds += out.seconds
        if out.timed_out:
            self.timed_out = True  # the engine's player sits out: the kernel must decline
            return None
        return out.action


def _play(
    stacks: list[int], button: int, level: Level, codes: list[int], deck: list[int], seed: int,
    clock: float, banks: list[float], kernel: bool,
):  # fmt: skip
    """One hand, its betting in the kernel or not; returns the result, the draws, the path."""
    n = len(stacks)
    seat_nos = list(range(1, n + 1))
    rows = bytes(deck)  # laid out as the engine's deck rows: seat s holds cards 2s-2, 2s-1
    hole = tuple((rows[2 * s - 2], rows[2 * s - 1]) for s in seat_nos)
    deal = Deal(hole=hole, board=tuple(deck[2 * n : 2 * n + 5]))
    setup = HandSetup(
        seats=tuple(Seat(player_id=i, stack=c, seat_no=i + 1) for i, c in enumerate(stacks)),
        button=button,
        level=level,
    )
    uniforms, normals = rng.decision_block(rng.generator(seed, rng.STREAM_DECISIONS, 1), 1)
    draws = rng.HandDraws()
    draws.start(uniforms, normals, 0, seed, 1, 1)
    path = _Engineish([MODELS[c] for c in codes], draws, clock, banks)
    played: list[bool] = []

    def rounds(t: TableState, first: int) -> bool:
        ids = list(range(n))
        done, elapsed, street = play_rounds(
            t, codes + seat_nos + ids, rows, -2, 2 * n, PARAMS, draws, first, path.sim_seconds,
            clock, path.banks,
        )  # fmt: skip
        if done:
            path.sim_seconds = elapsed
            path.street = street
        played.append(done)
        return done

    result = play_hand(
        setup,
        deal,
        path.decide,
        record_actions=False,
        rounds=rounds if kernel else None,
    )
    return result, draws, path, played


def _same(a: HandResult, b: HandResult) -> None:
    assert a.final_stacks == b.final_stacks
    assert a.pots == b.pots
    assert a.knockouts == b.knockouts
    assert a.showdown == b.showdown


hands = st.fixed_dictionaries(
    {
        "n": st.integers(2, 10),
        "stacks": st.lists(st.integers(1, 6000), min_size=10, max_size=10),
        "button": st.integers(0, 9),
        "bb": st.sampled_from([2, 20, 100, 400]),
        "ante": st.sampled_from(["none", "classic", "bb"]),
        "codes": st.lists(st.integers(0, len(MODELS) - 1), min_size=10, max_size=10),
        "seed": st.integers(0, 2**32),
        "clock": st.sampled_from([1.0, 4.0, 15.0, 1000.0]),
        "banks": st.lists(st.sampled_from([0.0, 0.5, 3.0, 60.0]), min_size=10, max_size=10),
    }
)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_kernel_round_equals_the_python_round(h: dict[str, Any]) -> None:
    n = h["n"]
    stacks = h["stacks"][:n]
    bb = h["bb"]
    kind = {"none": AnteKind.NONE, "classic": AnteKind.CLASSIC, "bb": AnteKind.BIG_BLIND}[h["ante"]]
    level = Level(
        small_blind=bb // 2,
        big_blind=bb,
        ante=0 if kind is AnteKind.NONE else max(1, bb // 8 if kind is AnteKind.CLASSIC else bb),
        ante_kind=kind,
    )
    deck = [int(c) for c in np.random.default_rng(h["seed"]).permutation(52)]
    args = (
        stacks, h["button"] % n, level, h["codes"][:n], deck, h["seed"], h["clock"], h["banks"][:n]
    )  # fmt: skip
    fast, fast_draws, fast_path, played = _play(*args, kernel=True)
    slow, slow_draws, slow_path, _ = _play(*args, kernel=False)
    _same(fast, slow)
    assert fast_draws.position()[1:3] == slow_draws.position()[1:3]
    assert fast_draws.position()[4:] == slow_draws.position()[4:]
    # the same simulated think seconds, summed in the same order (simulated, not measured)
    assert fast_path.sim_seconds == slow_path.sim_seconds
    assert fast_path.banks == slow_path.banks  # the same seconds taken from the same banks
    assert fast_path.street == slow_path.street
    assert played in ([True], [False])
    if slow_path.timed_out:
        assert played == [False]  # a time-out is the engine's: the kernel declined


def test_kernel_plays_most_random_hands() -> None:
    """The comparison above is not vacuous: the kernel plays (not declines) most rounds."""
    played_count = banked = 0
    gen = np.random.default_rng(7)
    for k in range(200):
        n = int(gen.integers(2, 11))
        stacks = [int(x) for x in gen.integers(50, 5000, n)]
        codes = [int(x) for x in gen.integers(0, len(MODELS), n)]
        deck = [int(c) for c in gen.permutation(52)]
        level = Level(small_blind=25, big_blind=50)
        _, _, path, played = _play(
            stacks, k % n, level, codes, deck, k, 4.0, [60.0] * n, kernel=True
        )
        played_count += played == [True]
        banked += played == [True] and min(path.banks) < 60.0
    assert played_count >= 190
    assert banked >= 20  # and it drew on time banks past a 4-second clock


def _scenario(seats: int, ante_kind: str, clock: int) -> Any:
    mix = [
        {"model": "tight-aggressive", "percent": 30, "skill": 0.9},
        {"model": "tight-aggressive", "percent": 15, "params": {"short_bb": 20, "commit_bb": 20}},
        {"model": "push-fold", "percent": 15, "params": {"looseness": 1.5}},
        {"model": "push-fold", "percent": 10, "skill": 0.6},
        {"model": "random", "percent": 10},
        {"model": "calling-station", "percent": 10},
        {"model": "random", "percent": 10, "skill": 0.5},
    ]
    data = {
        "name": "kernel check",
        "start": "19:00",
        "seats_per_table": seats,
        "final_table_size": seats,
        "starting_stack": 3000,
        "players": {"count": 60, "mix": mix},
        "levels": [
            {
                "small_blind": 10 * k,
                "big_blind": 20 * k,
                "ante": 20 * k if ante_kind == "bb" else (3 * k if ante_kind == "classic" else 0),
                "minutes": 6,
            }
            for k in (1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200)
        ],  # fmt: skip
        "ante_kind": ante_kind,
        "breaks": {"kind": "clock", "at": ":55", "length_minutes": 5},
        "timing": {"deal_seconds": 6, "action_clock_seconds": clock, "time_bank_seconds": 30},
        "entries": {"prize_cents": 1000, "fee_cents": 0, "late_registration_minutes": 0},
    }
    if ante_kind == "none":
        del data["ante_kind"]
        for lv in data["levels"]:
            del lv["ante"]
    return parse_scenario(data, source="<kernel test>")


@pytest.mark.parametrize(
    ("seats", "ante_kind", "clock", "seed"),
    [(9, "bb", 15, 1), (6, "classic", 8, 2), (10, "none", 30, 3), (2, "bb", 15, 4)],
)
def test_tournament_is_the_same_with_and_without_the_kernel(
    seats: int, ante_kind: str, clock: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    sc = _scenario(seats, ante_kind, clock)
    calls = {True: 0, False: 0}

    def counting(*args: Any) -> tuple[bool, float, int]:
        out = play_rounds(*args)
        calls[out[0]] += 1
        return out

    fast_log: list[Any] = []
    monkeypatch.setattr(engine_dealer, "play_rounds", counting)
    fast = engine.run_tournament(sc, seed, emit=fast_log.append)
    slow_log: list[Any] = []
    monkeypatch.setattr(engine_dealer, "play_rounds", lambda *args: (False, 0.0, 0))
    slow = engine.run_tournament(sc, seed, emit=slow_log.append)
    assert calls[True] > 0.6 * fast.hands_played  # the kernel played most hands
    assert fast_log == slow_log
    assert fast.finishes == slow.finishes
    assert fast.hands_played == slow.hands_played


SHIPPED = sorted(
    p for p in (Path(__file__).parent.parent / "scenarios").glob("*.toml") if "10000" not in p.name
)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_scenarios_are_the_same_with_and_without_the_kernel(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every shipped format (bounties, rebuys, satellites, shoot-outs...) with both paths."""
    sc = load_scenario(path)
    played = []

    def counting(*args: Any) -> tuple[bool, float, int]:
        out = play_rounds(*args)
        played.append(out[0])
        return out

    monkeypatch.setattr(engine_dealer, "play_rounds", counting)
    fast_log: list[Any] = []
    fast = engine.run_tournament(sc, 2, emit=fast_log.append)
    monkeypatch.setattr(engine_dealer, "play_rounds", lambda *args: (False, 0.0, 0))
    slow_log: list[Any] = []
    slow = engine.run_tournament(sc, 2, emit=slow_log.append)
    assert sum(played) > 0.8 * fast.hands_played
    assert fast_log == slow_log
    assert fast.finishes == slow.finishes

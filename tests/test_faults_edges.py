"""Edges of the fault plan (R-FAULT-1, R-FAULT-2, R-COND-1): when failures and
disqualifications fall, how scheduled times merge, which keyed streams draw what, and what
counts as an empty plan.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokersim import rng as rngs
from pokersim.faults import FaultPlan, lowest_open_place, pick_player, plan_faults, poisson_times
from pokersim.scenario import CancelStage, Faults


class _FixedGaps:
    """A stand-in generator whose every exponential gap is ``gap``; records the scales asked."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self.scales: list[float] = []

    def exponential(self, scale: float) -> float:
        self.scales.append(scale)
        return self.gap


def _times(gen: object, per_hour: float, horizon: int) -> list[int]:
    return poisson_times(gen, per_hour, horizon)  # type: ignore[arg-type]


def test_poisson_gaps_have_the_mean_of_the_rate_and_times_truncate_to_whole_seconds() -> None:
    """Gaps are exponential with mean 3600 / per_hour seconds; an event at t seconds falls at
    the whole second floor(t); the first event at or past the horizon ends the draw."""
    gen = _FixedGaps(1.7)
    # cumulative 1.7, 3.4, 5.1, 6.8, 8.5, then 10.2 >= 9 ends: floors 1, 3, 5, 6, 8
    assert _times(gen, 2.0, 9) == [1, 3, 5, 6, 8]
    assert set(gen.scales) == {1800.0}  # two an hour: one every 1800 s on average


def test_poisson_gap_exactly_at_the_horizon_is_not_kept() -> None:
    """Times lie in ``[1, horizon)``: an event whose whole second equals the horizon is out."""
    # cumulative 2.0, 4.0, 6.0: the third one floors to 6 == horizon
    assert _times(_FixedGaps(2.0), 1.0, 6) == [2, 4]


def test_poisson_event_in_the_first_second_falls_at_second_one() -> None:
    """An event before the first whole second is clamped to second 1, never 0."""
    # cumulative 0.25, 0.5, 0.75, 1.0, 1.25 ...: floors 0, 0, 0, 1, 1 clamp to 1
    assert _times(_FixedGaps(0.25), 1.0, 2) == [1] * 7


def test_poisson_rate_zero_or_below_draws_nothing() -> None:
    gen = _FixedGaps(1.0)
    assert _times(gen, 0.0, 100) == []
    assert _times(gen, -1.0, 100) == []
    assert gen.scales == []  # no draw at all: the stream is left untouched


def test_poisson_times_in_range_and_about_rate_times_horizon_many() -> None:
    """36000 an hour for 50 s: about 500 events, every one in [1, 50), in order."""
    times = poisson_times(np.random.default_rng(11), 36000.0, 50)
    assert times == sorted(times)
    assert min(times) == 1 and max(times) == 49  # gaps of 0.1 s on average fill every second
    assert 400 < len(times) < 600  # Poisson(500): sd about 22


def test_scheduled_times_merge_sorted_with_no_rate() -> None:
    """Scheduled failure and disqualification times and hand counts come out sorted,
    whatever order they were given in (the plan promises sorted tuples)."""
    plan = plan_faults(
        Faults(
            server_failure_at_seconds=(600, 60, 300),
            disqualify_at_seconds=(500, 5),
            server_failure_at_hands=(9, 3),
        ),
        1,
        disqualify_at_hands=(7, 2, 4),
    )
    assert plan.failures == (60, 300, 600)
    assert plan.disqualifications == (5, 500)
    assert plan.failure_hands == (3, 9)
    assert plan.disqualification_hands == (2, 4, 7)
    assert len(plan.cancels) == 3 and len(plan.failure_hand_cancels) == 2


def test_scripted_disqualification_at_hand_zero_is_refused_and_one_is_kept() -> None:
    """``disqualify_at_hands`` are hand counts >= 1."""
    with pytest.raises(ValueError, match=">= 1"):
        plan_faults(Faults(), 1, disqualify_at_hands=(3, 0))
    assert plan_faults(Faults(), 1, disqualify_at_hands=(1,)).disqualification_hands == (1,)


def test_cancel_probability_zero_never_and_one_always_cancels() -> None:
    """R-FAULT-1: each failure (timed or at a hand count) cancels with the configured chance."""
    for q, expected in ((0.0, False), (1.0, True)):
        plan = plan_faults(
            Faults(
                server_failure_at_seconds=(10, 20, 30),
                server_failure_at_hands=(5, 6),
                cancel_probability=q,
            ),
            7,
        )
        assert plan.cancels == (expected,) * 3
        assert plan.failure_hand_cancels == (expected,) * 2


def test_plan_carries_outage_cancel_time_and_stage() -> None:
    """R-FAULT-2: only the in-money stage makes ``cancel_in_money``; a cancel time and the
    outage length pass through unchanged."""
    plan = plan_faults(Faults(outage_seconds=123, cancel_at_seconds=900), 1)
    assert (plan.outage_seconds, plan.cancel_at, plan.cancel_in_money) == (123, 900, False)
    assert plan_faults(Faults(cancel_at_stage=CancelStage.IN_MONEY), 1).cancel_in_money
    assert not plan_faults(Faults(cancel_at_stage=CancelStage.BEFORE_START), 1).cancel_in_money
    assert not plan_faults(Faults(cancel_at_stage=CancelStage.BEFORE_MONEY), 1).cancel_in_money


def _plan(**kw: object) -> FaultPlan:
    base: dict[str, object] = {
        "failures": (),
        "cancels": (),
        "failure_hands": (),
        "failure_hand_cancels": (),
        "outage_seconds": 600,
        "disqualifications": (),
    }
    base.update(kw)
    return FaultPlan(**base)  # type: ignore[arg-type]


def test_a_plan_with_any_single_fault_is_not_empty() -> None:
    assert _plan().empty
    assert not _plan(failures=(5,), cancels=(False,)).empty
    assert not _plan(failure_hands=(5,), failure_hand_cancels=(False,)).empty
    assert not _plan(disqualifications=(5,)).empty
    assert not _plan(disqualification_hands=(5,)).empty
    assert not _plan(cancel_at=0).empty  # a cancellation at second 0 is still a fault
    assert not _plan(cancel_in_money=True).empty


def test_failures_and_disqualifications_draw_from_separate_streams() -> None:
    """Turning one random process on or changing its rate moves no time of the other, and
    equal rates do not give equal times."""
    both = plan_faults(Faults(server_failures_per_hour=2.0, disqualifications_per_hour=2.0), 5)
    assert both.failures and both.disqualifications
    assert both.failures != both.disqualifications
    only_failures = plan_faults(Faults(server_failures_per_hour=2.0), 5)
    assert only_failures.failures == both.failures
    only_dqs = plan_faults(Faults(disqualifications_per_hour=2.0), 5)
    assert only_dqs.disqualifications == both.disqualifications


def test_plan_streams_are_the_fault_purpose_keys_0_1_2() -> None:
    """Reproducibility across versions: failure gaps come from key 0 of the faults stream,
    disqualification gaps from key 1, and the cancel draws from key 2, timed failures first
    then hand-count failures, one uniform draw each (cancel when below the probability)."""
    seed, q = 9, 0.5
    plan = plan_faults(
        Faults(
            server_failures_per_hour=1.0,
            disqualifications_per_hour=1.0,
            server_failure_at_hands=(4, 8, 12),
            cancel_probability=q,
        ),
        seed,
        horizon=40 * 3600,
    )
    gap0 = rngs.generator(seed, rngs.STREAM_FAULTS, 0)
    assert plan.failures[0] == max(1, int(gap0.exponential(3600.0)))
    gap1 = rngs.generator(seed, rngs.STREAM_FAULTS, 1)
    assert plan.disqualifications[0] == max(1, int(gap1.exponential(3600.0)))
    draws = rngs.generator(seed, rngs.STREAM_FAULTS, 2).random(len(plan.failures) + 3)
    flags = tuple(bool(u < q) for u in draws)
    assert plan.cancels == flags[: len(plan.failures)]
    assert plan.failure_hand_cancels == flags[len(plan.failures) :]


def test_pick_player_ignores_the_order_candidates_are_listed_in() -> None:
    """R-COND-1: the draw is over the players, not over the order a caller lists them in."""
    for seed in range(30):
        for index in range(3):
            assert pick_player(seed, index, [8, 3, 5, 1]) == pick_player(seed, index, [1, 3, 5, 8])


def test_each_disqualification_index_draws_on_its_own() -> None:
    """The index-th disqualification has its own draw: over many indexes every candidate of
    a small field is picked, the same index always picks the same player."""
    picks = [pick_player(2, i, list(range(6))) for i in range(60)]
    assert set(picks) == set(range(6))
    assert picks == [pick_player(2, i, list(range(6))) for i in range(60)]
    expected = rngs.generator(2, rngs.STREAM_FAULTS, 3, 17).integers(6)
    assert picks[17] == int(expected)


def test_pick_player_with_nobody_left_is_refused() -> None:
    with pytest.raises(ValueError, match="no player left"):
        pick_player(1, 0, [])


def test_lowest_open_place_boundary_at_two_players() -> None:
    """R-COND-1: with two players left to place a disqualified one takes place 2; with one
    left there is nobody to rank below."""
    assert lowest_open_place(2) == 2
    with pytest.raises(ValueError):
        lowest_open_place(1)
    with pytest.raises(ValueError):
        lowest_open_place(0)

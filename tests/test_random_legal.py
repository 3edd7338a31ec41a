"""The ``random-legal`` model: the hand-engine benchmark's random play, in Python and compiled.

``players.random_legal_choice`` is the readable reference; ``model_kernel._random_legal`` is
what the betting machine plays. They must agree decision by decision on the same uniform draws
(including where the hand's block of draws runs out), and the play must be what the benchmark
says: uniform over the sensible kinds (fold only facing a bet) and over the legal raise totals.
Whole hands of the model through the machine and the Python rounds are compared in
``tests/test_hand_batch.py`` and ``tests/test_betting_kernel.py``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.actions import CHECK_CALL, FOLD, DecisionView, LegalActions, RaiseTo
from pokersim.config import BettingStructure, Level
from pokersim.errors import ConfigError
from pokersim.model_kernel import NO_DRAWS, _random_legal
from pokersim.model_params import RANDOM_LEGAL, RandomLegalParams, pack
from pokersim.players import (
    RandomLegalModel,
    make_model,
    model_record,
    random_legal_choice,
)


class _Fixed:
    """Draws from a list; an ``IndexError`` once it is used up (the machine's ``NO_DRAWS``)."""

    def __init__(self, draws: list[float]) -> None:
        self.draws = draws
        self.used = 0

    def random(self) -> float:
        value = self.draws[self.used]
        self.used += 1
        return value


legal_states = st.integers(0, 5000).flatmap(
    lambda to_call: st.one_of(
        st.tuples(st.just(to_call), st.just(0), st.just(0)),  # no raise possible
        st.tuples(st.just(to_call), st.integers(1, 30_000), st.integers(0, 30_000)).map(
            lambda t: (t[0], t[1], t[1] + t[2])  # lo <= hi
        ),
    )
)
unit = st.floats(0.0, 1.0, exclude_max=True)


@settings(max_examples=2000, deadline=None)
@given(state=legal_states, draws=st.lists(unit, min_size=0, max_size=3))
def test_the_kernel_decides_as_the_reference(
    state: tuple[int, int, int], draws: list[float]
) -> None:
    """Same draws, same answer and the same draws used; out of draws exactly when Python is."""
    to_call, lo, hi = state
    u = np.array([*draws, 0.5], dtype=np.float64)  # one past the end: must never be read
    what, amount, next_ui = _random_legal(u, 0, len(draws), to_call, lo, hi)
    source = _Fixed(draws)
    try:
        expected = random_legal_choice(source, to_call, lo, hi)
    except IndexError:
        assert what == NO_DRAWS
        return
    assert (what, amount) == expected
    assert next_ui == source.used


@settings(max_examples=500, deadline=None)
@given(state=legal_states, draws=st.lists(unit, min_size=2, max_size=2))
def test_only_legal_choices(state: tuple[int, int, int], draws: list[float]) -> None:
    to_call, lo, hi = state
    kind, amount = random_legal_choice(_Fixed(draws), to_call, lo, hi)
    if to_call == 0:
        assert kind != 0  # never folds when checking is free
    if kind == 2:
        assert hi > 0 and lo <= amount <= hi
    else:
        assert kind in (0, 1) and amount == 0


def test_the_draw_at_the_top_of_the_unit_interval_stays_in_range() -> None:
    """``u * (span + 1)`` can round up to ``span + 1`` for the largest double below 1."""
    top = float(np.nextafter(1.0, 0.0))
    span = 2**53 // 3
    assert random_legal_choice(_Fixed([top, top]), 10, 100, 100 + span) == (2, 100 + span)
    u = np.array([top, top])
    assert _random_legal(u, 0, 2, 10, 100, 100 + span) == (2, 100 + span, 2)


@pytest.mark.parametrize(
    ("to_call", "hi", "kinds"),
    [(50, 1000, (0, 1, 2)), (50, 0, (0, 1)), (0, 1000, (1, 2)), (0, 0, (1,))],
)
def test_uniform_over_the_sensible_kinds_and_the_raise_totals(
    to_call: int, hi: int, kinds: tuple[int, ...]
) -> None:
    """Each kind about equally often; every raise total of a small range about equally often."""
    rng = np.random.default_rng(17)
    lo = 996 if hi else 0
    n = 30_000
    seen = Counter(random_legal_choice(rng, to_call, lo, hi) for _ in range(n))
    by_kind = Counter(k for k, _ in seen.elements())
    assert sorted(by_kind) == list(kinds)
    for k in kinds:  # binomial: 5 standard deviations
        p = 1 / len(kinds)
        assert abs(by_kind[k] - n * p) <= 5 * (n * p * (1 - p)) ** 0.5
    if hi:
        totals = Counter(a for (k, a) in seen.elements() if k == 2)
        assert sorted(totals) == list(range(lo, hi + 1))
        m = by_kind[2] / len(totals)
        assert all(abs(c - m) < 5 * m**0.5 for c in totals.values())


def _view(to_call: int, lo: int, hi: int) -> DecisionView:
    level = Level(small_blind=50, big_blind=100)
    return DecisionView(
        table_id=0, hand_no=0, seat=0, player_id=0, hole=(0, 1), board=(), street=0,
        button=0, player_ids=(0, 1), stacks=(5000, 5000), bets=(0, to_call), in_hand=(True, True),
        pot=150, legal=LegalActions(to_call=to_call, min_raise_to=lo, max_raise_to=hi),
        level=level, structure=BettingStructure.NO_LIMIT,
    )  # fmt: skip


def test_the_model_answers_what_the_choice_says() -> None:
    model = RandomLegalModel()
    assert model.decide(_view(100, 200, 5000), _Fixed([0.1])) is FOLD
    assert model.decide(_view(100, 200, 5000), _Fixed([0.5])) is CHECK_CALL
    assert model.decide(_view(0, 100, 5000), _Fixed([0.1])) is CHECK_CALL
    assert model.decide(_view(100, 200, 5000), _Fixed([0.9, 0.0])) == RaiseTo(200)
    assert model.decide(_view(0, 100, 5000), _Fixed([0.7, 0.999999])) == RaiseTo(5000)


def test_a_built_in_model_with_its_own_record() -> None:
    model: Any = make_model("random-legal")
    assert type(model) is RandomLegalModel
    record = model_record(model)
    assert record is not None and record[0] == RandomLegalParams()
    row = pack([record])[0]
    assert row["kind"] == RANDOM_LEGAL and row["think_median"] == 1.5
    assert make_model("random-legal", params={"think_median_seconds": 3.0}).params == (
        RandomLegalParams(think_median_seconds=3.0)
    )
    with pytest.raises(ConfigError, match="no parameter 'looseness'"):
        make_model("random-legal", params={"looseness": 2.0})

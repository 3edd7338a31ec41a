"""Push-fold charts: hand classes, the heads-up equilibrium solver and the chart data."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokersim import charts
from pokersim.cards import parse_cards
from pokersim.charts import (
    CALL_BB,
    CALL_TABLE,
    CHART_MAX_BB,
    CLASS_OF_PAIR,
    N_CLASSES,
    PUSH_BB,
    PUSH_TABLE,
    class_combos,
    class_index,
    class_name,
    class_of_name,
    compatible_weights,
    solve_push_fold,
)


def test_every_two_card_combination_falls_in_its_class() -> None:
    counts = np.zeros(N_CLASSES, dtype=int)
    for a, b in itertools.combinations(range(52), 2):
        c = class_index(a, b)
        assert c == class_index(b, a) == CLASS_OF_PAIR[a * 52 + b] == CLASS_OF_PAIR[b * 52 + a]
        counts[c] += 1
    assert (counts == class_combos()).all()
    assert counts.sum() == 1326


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        ("AsAd", "AA"),
        ("AsKs", "AKs"),
        ("KdAs", "AKo"),
        ("7c2d", "72o"),
        ("2h3h", "32s"),
        ("TcTd", "TT"),
    ],
)
def test_class_names(cards: str, name: str) -> None:
    a, b = parse_cards(cards)
    assert class_name(class_index(a, b)) == name
    assert class_of_name(name) == class_index(a, b)


@pytest.mark.parametrize("bad", ["AAs", "KAs", "A", "XYo", "AKx"])
def test_bad_class_name_is_rejected(bad: str) -> None:
    with pytest.raises(ValueError, match="bad hand class"):
        class_of_name(bad)


def test_card_removal_weights() -> None:
    w = compatible_weights()
    assert w.sum() == 1326 * 1225  # ordered pairs of disjoint combinations
    aa, kk, aks = class_of_name("AA"), class_of_name("KK"), class_of_name("AKs")
    assert w[aa, aa] == 6  # each AA leaves exactly one AA
    assert w[aa, kk] == 36
    assert w[aa, aks] == 6 * 2 and w[aks, aa] == 4 * 3  # each AA blocks two of four suits
    assert np.allclose(w, w.T)


def test_solver_pushes_everything_at_one_big_blind_and_little_when_deep() -> None:
    w = compatible_weights()
    # A synthetic equity matrix ordered by a strength score: equity 0.5 + (s_h - s_v) / 2.
    strength = np.linspace(1.0, 0.0, N_CLASSES)
    e = np.clip(0.5 + (strength[:, None] - strength[None, :]) / 2.0, 0.0, 1.0)
    push1, _ = solve_push_fold(e, w, 1.0)
    push30, call30 = solve_push_fold(e, w, 30.0)
    assert push1.mean() > 0.95
    assert push30.mean() < push1.mean()
    # Equilibrium ranges are top ranges of the strength order, up to a narrow mixed zone at
    # the boundary (fictitious play mixes classes whose EVs are nearly equal).
    for freq in (push30, call30):
        always = np.nonzero(freq >= 0.9)[0]
        never = np.nonzero(freq <= 0.1)[0]
        assert always.size and never.size
        assert never.min() > always.min() and always.max() < never.min() + 1
        assert never.min() - always.max() <= 1 or (freq[always.max() : never.min()] > 0).all()
        mixed = np.nonzero((freq > 0.1) & (freq < 0.9))[0]
        assert mixed.size <= 12


def test_solver_result_is_a_best_response_pair() -> None:
    """At the solution neither side gains by switching a class (up to fictitious-play slack)."""
    w = compatible_weights()
    strength = np.linspace(1.0, 0.0, N_CLASSES)
    e = np.clip(0.5 + (strength[:, None] - strength[None, :]) / 2.0, 0.0, 1.0)
    s = 10.0
    push, call = solve_push_fold(e, w, s, iterations=600)
    pv = w / w.sum(axis=1, keepdims=True)
    ev_push = pv @ (1 - call) + (pv * (2 * s * e - s)) @ call
    pushes = push >= 0.5
    # Classes the SB pushes gain at least about what folding gives (-0.5), others not more.
    assert (ev_push[pushes] > -0.5 - 0.05).all()
    assert (ev_push[~pushes] < -0.5 + 0.05).all()


# --- the stored chart ---------------------------------------------------------------------------


def test_chart_values_are_in_range() -> None:
    for t in PUSH_BB + CALL_BB:
        assert 0.0 <= t <= CHART_MAX_BB


def test_pairs_push_and_call_at_every_charted_stack() -> None:
    for r in "AKQJT98765432":
        assert PUSH_BB[class_of_name(r + r)] == CHART_MAX_BB


def test_suited_hands_shove_at_least_as_deep_as_their_offsuit_twin() -> None:
    ranks = "AKQJT98765432"
    for i, hi in enumerate(ranks):
        for lo in ranks[i + 1 :]:
            s, o = class_of_name(hi + lo + "s"), class_of_name(hi + lo + "o")
            assert PUSH_BB[s] >= PUSH_BB[o], (hi + lo, PUSH_BB[s], PUSH_BB[o])
            assert CALL_BB[s] >= CALL_BB[o] - 1.0, (hi + lo, CALL_BB[s], CALL_BB[o])


def test_a_higher_kicker_never_shoves_much_shallower() -> None:
    """Within a row of offsuit hands, a better kicker's threshold is not below a worse one's.

    A small tolerance allows for the sampling noise of the equity matrix behind the chart.
    """
    ranks = "AKQJT98765432"
    for i, hi in enumerate(ranks[:-2]):
        row = [PUSH_BB[class_of_name(hi + lo + "o")] for lo in ranks[i + 1 :]]
        for better, worse in itertools.pairwise(row):
            assert better >= worse - 1.0, (hi, row)


def test_heads_up_ten_big_blind_range_is_about_the_published_width() -> None:
    # Published heads-up equilibria shove a bit under 60% of hands at 10 big blinds and call
    # with about 35-40%; a chart far from that would be a broken computation.
    assert 0.50 < PUSH_TABLE.width(10.0, 1) < 0.65
    assert 0.30 < CALL_TABLE.width(10.0, 1) < 0.45


def test_ranges_narrow_with_stack_and_with_players_behind() -> None:
    for table in (PUSH_TABLE, CALL_TABLE):
        widths = [table.width(s, 1) for s in (2.0, 5.0, 10.0, 15.0, 20.0)]
        assert widths == sorted(widths, reverse=True)
        crowd = [table.width(10.0, k) for k in range(1, 9)]
        assert crowd == sorted(crowd, reverse=True)
        assert crowd[-1] < crowd[0] / 3


def test_range_table_agrees_with_the_chart_heads_up() -> None:
    """With one player behind, membership is exactly 'threshold >= stack' of the chart."""
    for stack in (1.0, 2.5, 6.0, 10.0, 14.9, 15.0):
        in_table = {c for c in range(N_CLASSES) if PUSH_TABLE.contains(c, stack, 1)}
        by_chart = {c for c in range(N_CLASSES) if PUSH_BB[c] >= stack - 1e-9}
        assert in_table == by_chart, stack


def test_strength_order_and_top_classes() -> None:
    assert class_name(charts.STRENGTH_ORDER[0]) == "AA"
    assert class_name(charts.STRENGTH_ORDER[-1]) == "32o"
    assert charts.top_classes(0.0) == 0
    assert charts.top_classes(1.0) == N_CLASSES
    n = charts.top_classes(6 / 1326)  # exactly the AA combinations
    assert n == 1


@pytest.mark.slow
def test_stored_chart_is_reproduced_by_the_solver_on_a_fresh_equity_matrix() -> None:
    """Recompute a coarse equity matrix (other seed, fewer samples) and re-solve two stacks.

    The stored chart came from 4,000 samples per class pair; a fresh 300-sample matrix must
    give nearly the same ranges (the differences are sampling noise at the range boundary).
    """
    eq = charts.class_equity_matrix(samples=300, seed=7)
    assert np.allclose(eq + eq.T, 1.0)
    w = compatible_weights()
    combos = class_combos()
    for stack in (6.0, 12.0):
        push, call = solve_push_fold(eq, w, stack)
        for freq, stored in ((push, PUSH_BB), (call, CALL_BB)):
            fresh = freq >= 0.5
            chart = np.array(stored) >= stack
            disagree = combos[fresh != chart].sum() / 1326.0
            assert disagree < 0.04, (stack, disagree)

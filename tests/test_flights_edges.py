"""F-FLIGHT-2/4 edges: bags given out of flight order, and money checked flight by flight."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.errors import InvariantError
from pokersim.flights import Bag, carried_bag, first_flights, reconcile_event
from pokersim.scenario import CarryRule


def test_f_flight_2_first_and_last_go_by_flight_not_by_list_order() -> None:
    """F-FLIGHT-2: ``first``/``last`` pick by flight whatever order the bags come in; catches
    the list order being taken for the flight order."""
    bags = [Bag(flight=2, stack=700), Bag(flight=0, stack=500), Bag(flight=1, stack=900)]
    kept, lost = carried_bag(bags, CarryRule.FIRST)
    assert kept == Bag(flight=0, stack=500)
    assert sorted(b.flight for b in lost) == [1, 2]
    kept, lost = carried_bag(bags, CarryRule.LAST)
    assert kept == Bag(flight=2, stack=700)
    assert sorted(b.flight for b in lost) == [0, 1]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1, 5), min_size=1, max_size=5),
    st.permutations(range(5)),
    st.sampled_from(list(CarryRule)),
)
def test_f_flight_2_the_kept_bag_does_not_depend_on_the_order_given(
    stacks: list[int], order: list[int], rule: CarryRule
) -> None:
    """F-FLIGHT-2 worked from the rule: best = largest stack, ties to the earliest flight;
    first/last = lowest/highest flight. Forfeited: every other bag, each once."""
    bags = [Bag(flight=k, stack=s) for k, s in enumerate(stacks)]
    shuffled = [bags[i] for i in order if i < len(bags)]
    if rule is CarryRule.BEST:
        top = max(stacks)
        want = bags[stacks.index(top)]
    elif rule is CarryRule.FIRST:
        want = bags[0]
    else:
        want = bags[-1]
    kept, lost = carried_bag(shuffled, rule)
    assert kept == want
    assert sorted(lost, key=lambda b: b.flight) == [b for b in bags if b != want]


def test_f_flight_4_money_is_checked_flight_by_flight() -> None:
    """F-FLIGHT-4: each flight's carried prize parts must equal what that flight took; two
    flights wrong by opposite amounts cancel in the sum but are still an error."""
    day_two = {"prize_pool_cents": 3000, "prizes_paid_cents": 3000}
    with pytest.raises(InvariantError, match="flights carried"):
        reconcile_event([1000, 2000], [2000, 1000], day_two, 0)
    assert reconcile_event([1000, 2000], [1000, 2000], day_two, 0) == 3000


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1), st.lists(st.integers(0, 8), min_size=1, max_size=4))
def test_f_flight_first_entries_are_listed_in_id_order(seed: int, entries: list[int]) -> None:
    """Each flight's first entrants come in id order (as documented), however they were
    drawn."""
    for flight in first_flights(seed, sum(entries), entries):
        assert list(flight) == sorted(flight)

"""Edges of the special formats' pure rules (R-DIS-4, R-SHOOT-1) as docs/formats.md words them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokersim.formats import advancing_player, round_stack


def test_r_dis_4_equal_largest_stacks_advance_the_lowest_player_id() -> None:
    """R-DIS-4: the largest stack advances; on equal stacks the lowest player id (a decision in
    docs/formats.md). Catches the tie going to the highest id."""
    assert advancing_player({4: 300, 2: 500, 7: 500}) == 2
    assert advancing_player({7: 500, 2: 500, 4: 300}) == 2
    assert advancing_player({9: 100, 3: 100, 5: 100}) == 3
    assert advancing_player({9: 101, 3: 100}) == 9


@given(st.dictionaries(st.integers(0, 30), st.integers(1, 5), min_size=1, max_size=9))
def test_r_dis_4_advancing_player_property(stacks: dict[int, int]) -> None:
    """The player advancing holds the largest stack, and no one with as many chips has a lower
    id."""
    top = max(stacks.values())
    assert advancing_player(stacks) == min(p for p, s in stacks.items() if s == top)


def test_r_shoot_1_the_last_listed_round_stack_repeats() -> None:
    """R-SHOOT-1: ``round_stacks`` lists rounds 2, 3, ...; rounds past the list start with the
    last one listed; with no list every round starts with the starting stack.

    Catches the list wrapping around (round 4 starting with round 2's stack).
    """
    stacks = (3000, 5000)
    assert [round_stack(stacks, r, 1500) for r in (2, 3, 4, 5, 9)] == [3000, 5000] + [5000] * 3
    assert [round_stack((), r, 1500) for r in (2, 3, 7)] == [1500] * 3
    assert [round_stack((2000,), r, 1500) for r in (2, 3, 4)] == [2000] * 3

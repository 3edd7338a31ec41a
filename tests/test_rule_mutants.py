"""The rule cases fail when the rule they pin is broken: a list of small wrong implementations.

Each mutant patches one function of pokersim (in this process, undone after the test) so that
one rule is applied wrongly, and names the case files of ``scenarios/rules/`` that must then
fail (checked through ``pokersim.verify`` as ``pokersim verify`` does). A case that still passes
under its mutant does not pin its rule: strengthen the case, not this list. Add a mutant with
each rule case that is meant to catch a specific mistake.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokersim import balancing, betting, bounties, entries, hand
from pokersim.actions import CHECK_CALL, FOLD
from pokersim.clock import BreakSchedule
from pokersim.engine import dealer, floor, places
from pokersim.verify import check_case, load_case

RULES_DIR = Path(__file__).resolve().parents[1] / "scenarios" / "rules"


@dataclass(frozen=True)
class Mutant:
    name: str
    target: object  # the module or class holding the attribute
    attr: str
    replacement: Callable[[Any], Any]  # built from the original
    must_fail: tuple[str, ...]  # case files (without .toml) that must fail under it
    any_one: bool = False  # enough that one of them fails (a rule pinned across cases)


def _break_with_a_fixed_draw(original):
    def plan_break(source, others, *, seats_per_table, rng):
        return original(
            source, others, seats_per_table=seats_per_table, rng=np.random.default_rng(0)
        )

    return plan_break


def _odd_chips_to_the_last(original):
    def split(amount, winners):
        return tuple(reversed(original(amount, winners)))

    return split


def _button_stays(original):
    def next_button(occupied, last_button):
        if last_button in occupied:
            return last_button
        return original(occupied, last_button)

    return next_button


def _bounty_to_one_winner(original):
    def split_bounty(amount, winners):
        return (amount,) + (0,) * (winners - 1)

    return split_bounty


def _ties_not_shared(original):
    def split_tied(amounts, first_place, count):
        return tuple(amounts[first_place - 1 + k] if first_place - 1 + k < len(amounts) else 0
                     for k in range(count))  # fmt: skip

    return split_tied


def _breaks_on_the_hour(original):
    def from_breaks(cls, breaks, start_clock):
        return cls.make(
            breaks.kind,
            start_clock=start_clock,
            length_minutes=breaks.length_seconds / 60,
            every_minutes=breaks.every_seconds / 60,
            minute=0,
        )

    return classmethod(from_breaks)


def _ante_before_blind(original):
    def big_blind_and_ante(stack, big_blind, ante):
        paid_ante = min(ante, stack)
        return min(big_blind, stack - paid_ante), paid_ante

    return big_blind_and_ante


def _one_pot(original):
    def build_pots(contributions, live, dead=0):
        eligible = tuple(i for i in range(len(contributions)) if live[i])
        return [(sum(contributions) + dead, eligible)], [0] * len(contributions)

    return build_pots


def _leftover_cents_to_last(original):
    def prize_amounts(pool_cents, shares):
        amounts = [pool_cents * share // sum(shares) for share in shares]
        amounts[-1] += pool_cents - sum(amounts)
        return tuple(amounts)

    return prize_amounts


def _seats_drawn_without_the_seed(original):
    def draw_seats(players, seats_per_table, rng):
        return original(players, seats_per_table, np.random.default_rng(0))

    return draw_seats


MUTANTS = [
    Mutant(
        "R-BLIND-2: the player who matched every all-in is still asked",
        betting,
        "_matched",
        lambda original: lambda bets, folded, bet: False,
        (
            "R-BLIND-2-heads-up-short-big-blind",
            "R-BLIND-2-three-handed-button-folds",
            "R-BLIND-2-multiway-side-pot",
        ),
    ),
    Mutant(
        "R-BAL-1: a broken table's seats chosen without the seed",
        floor,
        "plan_break",
        _break_with_a_fixed_draw,
        # the same break under two seeds: a draw that ignores the seed fails at least one
        ("R-BAL-1-broken-table-seats-drawn-seed-3", "R-BAL-1-broken-table-seats-drawn-seed-5"),
        any_one=True,
    ),
    Mutant(
        "R-DIS-2: a sitting-out player checks when checking is free",
        dealer,
        "sitting_out_action",
        lambda original: lambda legal, others: CHECK_CALL if legal.to_call == 0 else FOLD,
        ("R-DIS-2-sitting-out-folds-when-check-is-free",),
    ),
    Mutant(
        "R-HAND-5: odd chips to the last winners from the button's left",
        hand,
        "split",
        _odd_chips_to_the_last,
        ("R-HAND-5-three-way-split-odd-chips",),
    ),
    Mutant(
        "R-BTN-1: the button does not move",
        floor,
        "next_button",
        _button_stays,
        ("R-BTN-1-moving-button-skipped-blind",),
    ),
    Mutant(
        "R-KO-3: a split bounty goes whole to one winner",
        bounties,
        "split_bounty",
        _bounty_to_one_winner,
        ("R-KO-3-pko-split-bounty-odd-cent",),
    ),
    Mutant(
        "R-ELIM-2: equal stacks out together do not share their places' prizes",
        places,
        "split_tied",
        _ties_not_shared,
        ("R-ELIM-2-equal-stacks-share-places",),
    ),
    Mutant(
        "R-BRK-1: clock breaks on the hour instead of at :55",
        BreakSchedule,
        "from_breaks",
        _breaks_on_the_hour,
        ("R-BRK-1-break-at-55",),
    ),
    Mutant(
        "R-HAND-6: a player out of time always folds",
        betting,
        "timed_out_action",
        lambda original: lambda to_call: FOLD,
        ("R-HAND-6-timeout-checks-when-free",),
    ),
    Mutant(
        "R-HAND-6: a player out of time always checks or calls",
        betting,
        "timed_out_action",
        lambda original: lambda to_call: CHECK_CALL,
        ("R-HAND-6-timeout-folds-or-checks",),
    ),
    Mutant(
        "R-HAND-3: no uncalled bet is returned after a betting round",
        hand,
        "uncalled",
        lambda original: lambda bets: (-1, 0),
        ("R-HAND-3-uncalled-bet-returned",),
    ),
    Mutant(
        "R-ANTE-1: the big blind posts the table ante before the blind",
        hand,
        "big_blind_and_ante",
        _ante_before_blind,
        ("R-ANTE-1-big-blind-ante-short",),
    ),
    Mutant(
        "R-HAND-4: no side pots, every live player can win every chip",
        hand,
        "build_pots",
        _one_pot,
        ("R-HAND-4-side-pots",),
    ),
    Mutant(
        "R-MONEY-1: the cents left over by truncation go to the last paid place",
        entries,
        "prize_amounts",
        _leftover_cents_to_last,
        ("R-MONEY-1-truncate-to-the-cent",),
    ),
    Mutant(
        "R-KO-1: a progressive knockout pays the whole bounty in cash",
        bounties,
        "pko_halves",
        lambda original: lambda share: (share, 0),
        ("R-KO-1-pko-half-cash-half-bounty",),
    ),
    Mutant(
        "R-SEAT-1: seats drawn without the run's seed",
        floor,
        "draw_seats",
        _seats_drawn_without_the_seed,
        ("R-SEAT-1-seats-drawn-from-the-seed",),
    ),
    Mutant(
        "R-BAL-2: balancing moves ignore the position",
        floor,
        "plan_balance",
        lambda original: (
            lambda *a, **k: original(*a, **{**k, "policy": balancing.BalancePolicy.TDA})
        ),
        ("R-BAL-2-balance-keeps-position",),
    ),
]


@pytest.mark.parametrize(
    "mutant", MUTANTS, ids=[m.name.split(":")[0] + "-" + m.attr for m in MUTANTS]
)
def test_rule_cases_fail_under_their_mutant(
    mutant: Mutant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each listed case passes as shipped (tests/test_rules_scenarios.py) and fails here."""
    original = getattr(mutant.target, mutant.attr)
    if isinstance(mutant.target, type):
        original = mutant.target.__dict__[mutant.attr].__func__
    monkeypatch.setattr(mutant.target, mutant.attr, mutant.replacement(original))
    still_pass = []
    for name in mutant.must_fail:
        path = RULES_DIR / f"{name}.toml"
        assert path.is_file(), f"no case {name}"
        if check_case(load_case(path)).passed:
            still_pass.append(name)
    if mutant.any_one:
        assert len(still_pass) < len(mutant.must_fail), f"{mutant.name}: every case passes"
    else:
        assert not still_pass, f"{mutant.name}: these cases still pass: {still_pass}"

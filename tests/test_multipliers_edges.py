"""Edges of the Spin & Go multiplier tables (``pokersim.multipliers``, F-SPIN-1/2).

A table read from the data file must be a probability table: positive whole weights adding up
to ``out_of``, distinct multipliers lowest first, each split 1 to 3 positive whole percents
adding up to 100. A bad line is a ``ConfigError`` naming it, never a table that silently draws
or pays something else.
"""

from __future__ import annotations

from typing import Any

import pytest

from pokersim.errors import ConfigError
from pokersim.multipliers import _table, multiplier_table, table_names


def _raw(tiers: list[dict[str, Any]], out_of: int) -> dict[str, Any]:
    return {
        "name": "test",
        "title": "a test table",
        "out_of": out_of,
        "tiers": tiers,
        "probabilities_source": "made up",
        "split_source": "made up",
    }


def _tier(multiplier: int, weight: int, split: list[int]) -> dict[str, Any]:
    return {"multiplier": multiplier, "weight": weight, "split_percent": split}


def test_a_good_table_reads() -> None:
    table = _table("t", _raw([_tier(2, 3, [100]), _tier(10, 1, [80, 20])], 4))
    assert [t.multiplier for t in table.tiers] == [2, 10]
    assert table.tiers[1].split_percent == (80, 20)


@pytest.mark.parametrize(
    ("tiers", "out_of"),
    [
        ([_tier(2, 3, [100]), _tier(10, 1, [80, 20])], 5),  # weights add up to 4, not 5
        ([_tier(2, 3, [100]), _tier(10, 1, [80, 20])], 3),  # 4, not 3
        ([_tier(2, 3, [100]), _tier(10, 0, [80, 20])], 3),  # a tier that is never drawn
        ([_tier(2, 3, [90]), _tier(10, 1, [80, 20])], 4),  # a split paying 90 %
        ([_tier(2, 3, [100]), _tier(10, 1, [80, 30])], 4),  # a split paying 110 %
        ([_tier(2, 3, [100]), _tier(10, 1, [100, 0])], 4),  # a place paid 0 %
        ([_tier(2, 3, [100]), _tier(10, 1, [40, 30, 20, 10])], 4),  # four places of three
        ([_tier(2, 3, [100]), _tier(2, 1, [80, 20])], 4),  # the same multiplier twice
        ([_tier(10, 3, [100]), _tier(2, 1, [80, 20])], 4),  # highest first
        ([_tier(0, 3, [100]), _tier(2, 1, [80, 20])], 4),  # a multiplier of 0
        ([{**_tier(2, 3, [100]), "note": "x"}, _tier(10, 1, [80, 20])], 4),  # an unknown key
        ([{"multiplier": 2, "weight": 4}], 4),  # no split
    ],
)
def test_a_bad_table_is_refused(tiers: list[dict[str, Any]], out_of: int) -> None:
    with pytest.raises(ConfigError, match="^t"):
        _table("t", _raw(tiers, out_of))


def test_a_tier_is_looked_up_by_its_multiplier_and_an_unknown_one_is_a_key_error() -> None:
    """``tier(m)`` is the line of multiplier ``m``; a multiplier the table does not have is a
    ``KeyError``, never some other tier (whose pool and split would then be paid)."""
    for name in table_names():
        table = multiplier_table(name)
        for tier in table.tiers:
            assert table.tier(tier.multiplier) is tier
        missing = max(t.multiplier for t in table.tiers) + 1
        with pytest.raises(KeyError):
            table.tier(missing)

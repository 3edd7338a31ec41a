"""Published Spin & Go prize-multiplier tables (data) and their odds.

A lottery sit-and-go draws its prize pool at registration: the buy-in times a multiplier
drawn from a published table. The tables are data (``pokersim/data/spin_multipliers.toml``),
each citing where its multipliers, probabilities and split rule come from; this module reads
them, draws a tier and computes the table's exact return to player. How a pool is shared to
the cent is a money rule of ``pokersim.formats`` (R-MONEY-1).

>>> table = multiplier_table("pokerstars-2014-1usd")
>>> [t.multiplier for t in table.tiers]
[2, 4, 6, 10, 25, 100, 200, 1000]
>>> table.return_to_player()
Fraction(2773, 3000)
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, Protocol

from pokersim.errors import ConfigError
from pokersim.frozen import frozen

__all__ = [
    "MultiplierTable",
    "MultiplierTier",
    "multiplier_table",
    "table_names",
]

DATA_FILE = "spin_multipliers.toml"
PLAYERS = 3  # a Spin & Go seats three players; the pool is one buy-in times the multiplier


class _Uniform(Protocol):
    def random(self) -> float: ...


@frozen(slots=True, kw_only=True)
class MultiplierTier:
    """One line of a table: the multiplier, its weight out of the table's ``out_of``, the split."""

    multiplier: int
    weight: int
    split_percent: tuple[int, ...]  # place 1 first, whole percents adding up to 100


@frozen(slots=True, kw_only=True)
class MultiplierTable:
    """A published table: its tiers (lowest multiplier first) and its sources."""

    name: str
    title: str
    out_of: int
    tiers: tuple[MultiplierTier, ...]
    probabilities_source: str
    split_source: str

    def tier(self, multiplier: int) -> MultiplierTier:
        """The tier of ``multiplier`` (``KeyError`` when the table has none)."""
        for tier in self.tiers:
            if tier.multiplier == multiplier:
                return tier
        raise KeyError(multiplier)

    def draw(self, rng: _Uniform) -> MultiplierTier:
        """One tier drawn with probability weight / out_of, from one uniform of ``rng``."""
        ticket = int(rng.random() * self.out_of)  # 0 .. out_of - 1, each equally likely
        for tier in self.tiers:
            if ticket < tier.weight:
                return tier
            ticket -= tier.weight
        raise AssertionError("the weights add up to out_of")  # checked when the table is read

    def expected_multiplier(self) -> Fraction:
        """The mean multiplier, exactly."""
        return Fraction(sum(t.multiplier * t.weight for t in self.tiers), self.out_of)

    def return_to_player(self) -> Fraction:
        """Prize money paid per unit of buy-in paid, exactly: E[multiplier] / 3 players.

        The split shares each pool and so does not change it; any fee on top of the buy-in
        lowers the return further (``docs/formats.md``).
        """
        return self.expected_multiplier() / PLAYERS


def _tier(where: str, raw: Any) -> MultiplierTier:
    if not isinstance(raw, dict) or set(raw) != {"multiplier", "weight", "split_percent"}:
        raise ConfigError(f"{where}: expected {{ multiplier, weight, split_percent }}, got {raw!r}")
    multiplier, weight, split = raw["multiplier"], raw["weight"], raw["split_percent"]
    if not all(type(v) is int and v > 0 for v in (multiplier, weight, *split)):
        raise ConfigError(f"{where}: expected positive integers, got {raw!r}")
    if not 1 <= len(split) <= PLAYERS or sum(split) != 100:
        raise ConfigError(f"{where}: split_percent must be 1..3 places adding up to 100")
    return MultiplierTier(multiplier=multiplier, weight=weight, split_percent=tuple(split))


def _table(where: str, raw: dict[str, Any]) -> MultiplierTable:
    tiers = tuple(_tier(f"{where}.tiers[{k}]", t) for k, t in enumerate(raw["tiers"]))
    out_of = raw["out_of"]
    if sum(t.weight for t in tiers) != out_of:
        raise ConfigError(f"{where}: the weights add up to {sum(t.weight for t in tiers)}, "
                          f"not out_of = {out_of}")  # fmt: skip
    if [t.multiplier for t in tiers] != sorted({t.multiplier for t in tiers}):
        raise ConfigError(f"{where}: expected distinct multipliers, lowest first")
    return MultiplierTable(
        name=raw["name"],
        title=raw["title"],
        out_of=out_of,
        tiers=tiers,
        probabilities_source=raw["probabilities_source"],
        split_source=raw["split_source"],
    )


@cache
def _tables() -> dict[str, MultiplierTable]:
    text = (resources.files("pokersim") / "data" / DATA_FILE).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    tables = [_table(f"{DATA_FILE}: tables[{k}]", t) for k, t in enumerate(data["tables"])]
    return {t.name: t for t in tables}


def table_names() -> tuple[str, ...]:
    """The names of the shipped tables, in file order."""
    return tuple(_tables())


def multiplier_table(name: str) -> MultiplierTable:
    """The shipped table called ``name`` (``KeyError`` when there is none)."""
    return _tables()[name]

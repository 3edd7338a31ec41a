"""Frozen configuration records shared by the hand and tournament layers.

These are plain values: they validate themselves in ``__post_init__`` and never change. The
scenario loader (``pokersim.scenario``) builds them from TOML; tests build them directly.
"""

from __future__ import annotations

from enum import StrEnum

from pokersim.errors import ConfigError
from pokersim.frozen import frozen


class AnteKind(StrEnum):
    """How antes are posted (R-ANTE-1)."""

    NONE = "none"
    CLASSIC = "classic"  # every dealt-in player posts one ante
    BIG_BLIND = "bb"  # the big blind posts one ante for the table, after the blind


class BettingStructure(StrEnum):
    """Betting structures (R-BET-1)."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


@frozen(slots=True, kw_only=True)
class Level:
    """One blind level. ``ante`` is per player (classic) or the table's single ante (bb)."""

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE
    minutes: float = 0.0

    def __post_init__(self) -> None:
        if self.small_blind < 0 or self.big_blind <= 0:
            raise ConfigError(
                f"level blinds must be positive, got small_blind={self.small_blind}, "
                f"big_blind={self.big_blind}"
            )
        if self.big_blind < self.small_blind:
            raise ConfigError(
                f"level big_blind={self.big_blind} is below small_blind={self.small_blind}"
            )
        if self.ante < 0:
            raise ConfigError(f"level ante must be >= 0, got {self.ante}")
        if self.ante > 0 and self.ante_kind is AnteKind.NONE:
            raise ConfigError(f"level has ante={self.ante} but ante_kind='none'")
        if self.minutes < 0:
            raise ConfigError(f"level minutes must be >= 0, got {self.minutes}")

"""A tournament scenario: frozen records and the one TOML loader that builds them.

A scenario fixes everything public about a tournament before it starts (R-STRUCT-1): the field,
the structure, breaks, balancing, hand-for-hand stages, payouts and timing. ``load_scenario``
is the only place that reads TOML; every other module receives a ``Scenario`` and trusts it.
Times inside the records are integer seconds (the engine's clock); the TOML file speaks in
minutes and ``"HH:MM"`` clock times because that is how tournament lobbies publish them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import ConfigError  # noqa: F401  (used by the loader below)

__all__ = [
    "AnteKind",
    "Balancing",
    "BalancingPolicy",
    "Bounty",
    "BountyKind",
    "BreakKind",
    "Breaks",
    "BettingStructure",
    "CancellationPolicy",
    "Connection",
    "Deal",
    "DealMethod",
    "Entries",
    "Faults",
    "HandForHand",
    "Level",
    "MixEntry",
    "NamedPlayer",
    "PayoutBand",
    "Payouts",
    "PlayerSpec",
    "Players",
    "Scenario",
    "SHARE_UNITS",
    "SyncStage",
    "SyncStageKind",
    "Timing",
]

#: Payout shares are integers out of this many units (1 unit = 0.0001 %): fine enough for a
#: min-cash in a 100,000-entry field, and exact, so a table sums to 100 % without float error.
SHARE_UNITS = 1_000_000

_EMPTY: Mapping[str, Any] = MappingProxyType({})


# --------------------------------------------------------------------------------------------
# Players
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MixEntry:
    """One slice of the field: ``model`` with ``skill`` and ``params``, by percent or count.

    Exactly one of ``percent`` (of the players not named and not counted) and ``count`` is set.
    ``model`` is a built-in model name or a plug-in ``package.module:ClassName``; the loader
    does not import it (``pokersim.players`` does).
    """

    model: str
    percent: float | None = None
    count: int | None = None
    skill: float = 0.5
    params: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True, slots=True, kw_only=True)
class NamedPlayer:
    """An individual player the scenario names (a regular, a bounty target, a test subject)."""

    name: str
    model: str
    skill: float = 0.5
    params: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSpec:
    """One registered player after the mix is expanded: what ``pokersim.players`` instantiates.

    ``player_id`` is the index in ``Players.expand()`` (0-based); ``source`` is
    ``"named"`` or ``"mix[i]"`` so results can be grouped by the slice a player came from.
    """

    player_id: int
    name: str
    model: str
    skill: float
    params: Mapping[str, Any]
    source: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Players:
    """The field: ``count`` players, the named ones first, the rest drawn from ``mix``."""

    count: int
    mix: tuple[MixEntry, ...]
    named: tuple[NamedPlayer, ...] = ()

    def expand(self) -> tuple[PlayerSpec, ...]:
        """The deterministic per-player list (see ``expand_players``)."""
        return expand_players(self)


# --------------------------------------------------------------------------------------------
# Clock: breaks
# --------------------------------------------------------------------------------------------


class BreakKind(StrEnum):
    """Break schedules (R-BRK-1, R-BRK-2)."""

    CLOCK = "clock"  # synchronized at a minute of every clock hour (":55")
    INTERVAL = "interval"  # every N minutes from the start
    NONE = "none"


@dataclass(frozen=True, slots=True, kw_only=True)
class Breaks:
    """When breaks happen and how long they last, in seconds."""

    kind: BreakKind = BreakKind.CLOCK
    minute_of_hour: int = 55  # CLOCK only
    every_seconds: int = 3600  # INTERVAL only
    length_seconds: int = 300
    addon_length_seconds: int = 180  # R-BRK-3: the add-on break at the end of rebuys


# --------------------------------------------------------------------------------------------
# Tables: balancing and hand-for-hand
# --------------------------------------------------------------------------------------------


class BalancingPolicy(StrEnum):
    """Where a player moved for balancing is seated (R-BAL-2)."""

    POKERSTARS = "pokerstars"  # same position relative to the blinds
    TDA = "tda"  # the player due the next big blind moves, to the worst position


@dataclass(frozen=True, slots=True, kw_only=True)
class Balancing:
    """Balancing policy and the largest allowed difference in table counts."""

    policy: BalancingPolicy = BalancingPolicy.POKERSTARS
    tolerance: int = 1


class SyncStageKind(StrEnum):
    """Kinds of hand-for-hand stages (R-SYNC-1)."""

    BUBBLE = "bubble"  # the money bubble: paid < players left <= paid + margin
    FINAL_TABLE = "final-table"  # final table size < players left <= final table size + margin
    PLAYERS = "players"  # an explicit range: to_players < players left <= from_players


@dataclass(frozen=True, slots=True, kw_only=True)
class SyncStage:
    """One hand-for-hand stage; ``active_range`` turns it into player counts."""

    kind: SyncStageKind
    margin: int = 1  # BUBBLE and FINAL_TABLE
    from_players: int = 0  # PLAYERS only
    to_players: int = 0  # PLAYERS only

    def active_range(self, places_paid: int, final_table_size: int) -> tuple[int, int]:
        """``(low, high)``: the stage is on while ``low < players_left <= high``.

        The engine also requires more than one table in play (R-SYNC-1).
        """
        if self.kind is SyncStageKind.BUBBLE:
            return places_paid, places_paid + self.margin
        if self.kind is SyncStageKind.FINAL_TABLE:
            return final_table_size, final_table_size + self.margin
        return self.to_players, self.from_players


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHand:
    """The synchronized-hand stages; the default is the money bubble with margin 1."""

    stages: tuple[SyncStage, ...] = (SyncStage(kind=SyncStageKind.BUBBLE, margin=1),)


# --------------------------------------------------------------------------------------------
# Payouts
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutBand:
    """The payout table for fields of ``min_entries..max_entries`` (``None``: no upper end).

    ``shares[k]`` is place k+1's share in ``SHARE_UNITS``; the shares sum to ``SHARE_UNITS``.
    """

    min_entries: int
    max_entries: int | None
    shares: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Payouts:
    """Payout tables by field size; no bands means the built-in default (``pokersim.payouts``)."""

    bands: tuple[PayoutBand, ...] = ()

    @property
    def is_default(self) -> bool:
        """True when the built-in default curve is used."""
        return not self.bands


# --------------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Timing:
    """How long things take at the table, in seconds (R-DIS-1 for the clock and time bank).

    ``think_median_seconds`` and ``think_sigma`` describe a log-normal think time that player
    models use unless they bring their own.
    """

    deal_seconds: float = 6.0
    action_clock_seconds: float = 15.0
    time_bank_seconds: float = 30.0
    think_median_seconds: float = 2.0
    think_sigma: float = 0.8


# --------------------------------------------------------------------------------------------
# Optional sections for later issues (parsed and validated; the engine may ignore them)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Entries:
    """Buy-in parts, guarantee, late registration, re-entry, rebuys and add-on (R-REG-*)."""

    prize_cents: int = 1000
    bounty_cents: int = 0
    fee_cents: int = 100
    guarantee_cents: int = 0
    late_registration_seconds: int = 0
    late_registration_closes_at_first_elimination: bool = False
    reentries_per_player: int = 0
    rebuys_per_player: int = 0
    rebuy_price_cents: int = 0  # prize part of a rebuy
    rebuy_chips: int = 0
    rebuy_period_seconds: int = 0
    rebuy_max_stack: int = 0  # a rebuy is allowed at or below this stack
    addon_price_cents: int = 0  # prize part of the add-on; 0: no add-on
    addon_chips: int = 0

    @property
    def buy_in_cents(self) -> int:
        """What one entry costs the player."""
        return self.prize_cents + self.bounty_cents + self.fee_cents


class BountyKind(StrEnum):
    """Bounty formats (R-KO-1)."""

    NONE = "none"
    KO = "ko"
    PKO = "pko"
    FIXED = "fixed"
    TEAM = "team"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bounty:
    """Bounty terms; ``targets`` name the players carrying a fixed or team bounty."""

    kind: BountyKind = BountyKind.NONE
    amount_cents: int = 0  # FIXED and TEAM: the bounty on each target
    targets: tuple[str, ...] = ()


class DealMethod(StrEnum):
    """Final-table deal formulas (R-DEAL-1)."""

    ICM = "icm"
    CHIP_CHOP = "chip-chop"


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal:
    """Whether and how a final-table deal is made."""

    enabled: bool = False
    method: DealMethod = DealMethod.ICM
    at_players: int = 3  # a deal is made when this many players are left
    keep_for_first_percent: float = 0.0  # of the prize pool, at most 5 (R-DEAL-1)


class CancellationPolicy(StrEnum):
    """How the remaining prize money is shared if a tournament is cancelled (R-FAULT-1)."""

    EQUAL_PLUS_CHIPS = "equal-plus-chips"
    CHIPS = "chips"
    EQUAL = "equal"


@dataclass(frozen=True, slots=True, kw_only=True)
class Faults:
    """Injected server failures and disqualifications (R-FAULT-1, R-COND-1)."""

    server_failures_per_hour: float = 0.0
    cancel_probability: float = 0.0  # per failure
    cancellation_policy: CancellationPolicy = CancellationPolicy.EQUAL_PLUS_CHIPS
    cancellation_equal_percent: float = 50.0  # EQUAL_PLUS_CHIPS: the equal part
    disqualifications_per_hour: float = 0.0
    disqualified_prize_forfeited: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Connection:
    """Disconnections and absence (R-DIS-1..4)."""

    disconnects_per_player_hour: float = 0.0
    reconnect_median_seconds: float = 60.0
    protection_players_left: int = 0  # R-DIS-3 applies once this few are left; 0: never
    protection_seconds: float = 0.0
    absent_hands_to_end_match: int = 250  # R-DIS-4


# --------------------------------------------------------------------------------------------
# The scenario
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    """Everything public about one tournament (R-STRUCT-1).

    ``start_seconds`` is the start as seconds of the day (``"07:25"`` -> 26700); the last
    level repeats until the tournament ends. ``source`` is the file it came from, if any.
    """

    name: str
    start_seconds: int
    seats_per_table: int
    final_table_size: int
    starting_stack: int
    players: Players
    structure: BettingStructure
    levels: tuple[Level, ...]
    breaks: Breaks = Breaks()
    balancing: Balancing = Balancing()
    hand_for_hand: HandForHand = HandForHand()
    payouts: Payouts = Payouts()
    timing: Timing = Timing()
    entries: Entries = Entries()
    bounty: Bounty = Bounty()
    deal: Deal = Deal()
    faults: Faults = Faults()
    connection: Connection = Connection()
    description: str = ""
    source: str | None = None


def expand_players(players: Players) -> tuple[PlayerSpec, ...]:
    """Expand the field into one spec per player (named first, then each mix slice in order)."""
    raise NotImplementedError


def load_scenario(path: Any) -> Scenario:
    """Read and validate one scenario file."""
    raise NotImplementedError

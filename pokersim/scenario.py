"""A tournament scenario: frozen records and the one TOML loader that builds them.

A scenario fixes everything public about a tournament before it starts (R-STRUCT-1): the field,
the structure, breaks, balancing, hand-for-hand stages, payouts and timing. ``load_scenario``
is the only place that reads TOML; every other module receives a ``Scenario`` and trusts it.
Times inside the records are integer seconds (the engine's clock); the TOML file speaks in
minutes and ``"HH:MM"`` clock times because that is how tournament lobbies publish them.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import field
from datetime import datetime
from enum import Enum, StrEnum
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.errors import ConfigError, InvariantError
from pokersim.frozen import frozen
from pokersim.multipliers import PLAYERS as SPIN_PLAYERS
from pokersim.multipliers import table_names

__all__ = [
    "exact_decimal",
    "AnteKind",
    "BUILTIN_MODELS",
    "Balancing",
    "BalancePolicy",
    "Bounty",
    "BountyKind",
    "Envelope",
    "BreakKind",
    "Breaks",
    "BettingStructure",
    "CancelStage",
    "CancellationPolicy",
    "Conduct",
    "Confiscation",
    "Connection",
    "DEFAULT_MAX_SIMULATED_DAYS",
    "DealTerms",
    "DealMethod",
    "Entries",
    "CarryRule",
    "Faults",
    "Flights",
    "FrozenParams",
    "HandForHand",
    "Limits",
    "LIMITS",
    "Level",
    "MixEntry",
    "NamedPlayer",
    "PayoutBand",
    "Payouts",
    "PlayerSpec",
    "Players",
    "Registration",
    "SanctionKind",
    "Satellite",
    "Scenario",
    "Series",
    "Shootout",
    "Unregistration",
    "SHARE_UNITS",
    "SpinAndGo",
    "MysteryBounty",
    "MysteryStart",
    "SyncStage",
    "SyncStageKind",
    "PaceKind",
    "Timing",
    "default_scenario_path",
    "expand_players",
    "load_default_scenario",
    "load_scenario",
    "mix_counts",
    "parse_scenario",
    "series_target_path",
]

#: Payout shares are integers out of this many units (1 unit = 0.000001 %): fine enough for a
#: min-cash in a million-entry field, and exact, so a table sums to 100 % without float error.
SHARE_UNITS = 100_000_000

#: The built-in player models (``pokersim.players.builtin_models()``, checked by a test): the
#: loader rejects any other name that is not a plug-in ``package.module:ClassName``.
BUILTIN_MODELS = (
    "calling-station",
    "push-fold",
    "random",
    "random-legal",
    "recreational",
    "tight-aggressive",
)


@frozen(slots=True)
class Limits:
    """The upper bounds of the scenario format (``scenarios/README.md``, "Bounds").

    Past them a value is a typo, or it would not fit what the engine holds: chips and cents are
    64-bit integers, and totals stay below 2**53 so they are exact even when shown through a
    float. Times are bounded so that no summary prints an absurd clock.
    """

    players: int = 1_000_000  # players.count and every count of players
    chips: int = 10**12  # any one chip amount: a stack, a blind, an ante, a rebuy
    chips_in_play: int = 10**15  # every chip that can come into play in one tournament
    cents: int = 10**12  # any one amount of money ($10 billion)
    money_cents: int = 10**15  # every cent one tournament can take in ($10 trillion)
    buys_per_player: int = 1000  # re-entries, rebuys
    entries: int = 10**7  # payout band bounds and places paid
    hands: int = 10**9  # hand counts
    minutes: int = 1_000_000  # any duration written in minutes (about two years)
    action_seconds: int = 86400  # dealing a hand, the action clock, a think time (a day)
    bank_seconds: int = 10**7  # a time bank, a reconnection, protection (about 16 weeks)
    think_sigma: int = 5  # the log-scale spread of a think time
    failures_per_hour: int = 60  # server failures per hour
    events_per_hour: int = 3600  # disqualifications per hour
    disconnects_per_player_hour: int = 60
    simulated_days: int = 365  # max_simulated_days


LIMITS = Limits()
#: Default of ``max_simulated_days``: a run whose simulated clock passes it is stopped.
DEFAULT_MAX_SIMULATED_DAYS = 7
#: Field metadata of an option added after tournament ids were first issued: it counts in a
#: scenario's tournament id only when set (``history.tournament``), so existing runs keep theirs.
ID_WHEN_SET = {"id_when_set": True}


class FrozenParams(Mapping[str, Any]):
    """A read-only, hashable mapping of model parameters.

    Hashable so that equal specs can share one model instance (the engine keys a cache on
    them) and so that records holding params stay hashable; nested tables are frozen too.
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data: dict[str, Any] = {k: _freeze(v) for k, v in (data or {}).items()}
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenParams({self._data!r})"


_EMPTY: Mapping[str, Any] = FrozenParams()


# --------------------------------------------------------------------------------------------
# Players
# --------------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class MixEntry:
    """One slice of the field: ``model`` with ``skill`` and ``params``, by percent or count.

    Exactly one of ``percent`` (of the players not named and not counted) and ``count`` is set.
    ``model`` is a built-in model name or a plug-in ``package.module:ClassName``; the loader
    does not import it (``pokersim.players`` does).
    """

    model: str
    percent: float | None = None
    count: int | None = None
    skill: float = 1.0
    params: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def __post_init__(self) -> None:
        if (self.percent is None) == (self.count is None):
            raise ConfigError(f"mix entry {self.model!r}: expected exactly one of percent, count")
        if self.percent is not None and not 0 < self.percent <= 100:
            raise ConfigError(
                f"mix entry {self.model!r}: percent must be in (0, 100], got {self.percent}"
            )
        if self.count is not None and self.count < 0:
            raise ConfigError(f"mix entry {self.model!r}: count must be >= 0, got {self.count}")
        _check_skill(self.model, self.skill)
        if not isinstance(self.params, FrozenParams):
            object.__setattr__(self, "params", FrozenParams(self.params))


@frozen(slots=True, kw_only=True)
class NamedPlayer:
    """An individual player the scenario names (a regular, a bounty target, a test subject)."""

    name: str
    model: str
    skill: float = 1.0
    params: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ConfigError("named player: expected a non-empty name")
        _check_skill(self.name, self.skill)
        if not isinstance(self.params, FrozenParams):
            object.__setattr__(self, "params", FrozenParams(self.params))


@frozen(slots=True, kw_only=True)
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

    @property
    def key(self) -> str:
        """Where the file gives this player: ``players.mix[i]`` or ``players.named (NAME)``."""
        return (
            f"players.named ({self.name})" if self.source == "named" else f"players.{self.source}"
        )


@frozen(slots=True, kw_only=True)
class Players:
    """The field: ``count`` players, the named ones first, the rest drawn from ``mix``."""

    count: int
    mix: tuple[MixEntry, ...]
    named: tuple[NamedPlayer, ...] = ()

    def __post_init__(self) -> None:
        if self.count < 2:
            raise ConfigError(f"players: count must be >= 2, got {self.count}")
        names = [p.name for p in self.named]
        if len(set(names)) != len(names):
            raise ConfigError(f"players: named players must have distinct names, got {names}")
        mix_counts(self)  # raises when the slices cannot fill the field exactly

    def expand(self) -> tuple[PlayerSpec, ...]:
        """The deterministic per-player list (see ``expand_players``).

        The last field's list is kept (up to ``KEEP_EXPANDED_UP_TO`` players): a study plays one
        field run after run, and the list (immutable, a function of the field) cost a run a few
        milliseconds each time.
        """
        pair = _LAST_EXPANDED[0]  # read and replaced whole: threads may share it
        if pair[0] is self:
            return pair[1]
        specs = expand_players(self)
        if self.count <= KEEP_EXPANDED_UP_TO:  # a larger field's list would stay in memory
            _LAST_EXPANDED[0] = (self, specs)
        return specs


# --------------------------------------------------------------------------------------------
# Clock: breaks
# --------------------------------------------------------------------------------------------


class BreakKind(StrEnum):
    """Break schedules (R-BRK-1, R-BRK-2)."""

    CLOCK = "clock"  # synchronized at a minute of every clock hour (":55")
    INTERVAL = "interval"  # every N minutes from the start
    NONE = "none"


@frozen(slots=True, kw_only=True)
class Breaks:
    """When breaks happen and how long they last, in seconds."""

    kind: BreakKind = BreakKind.CLOCK
    minute_of_hour: int = 55  # CLOCK only
    every_seconds: int = 3600  # INTERVAL only
    length_seconds: int = 300
    addon_length_seconds: int = 180  # R-BRK-3: the add-on break at the end of rebuys

    def __post_init__(self) -> None:
        if not 0 <= self.minute_of_hour <= 59:
            raise ConfigError(f"breaks: minute_of_hour must be 0..59, got {self.minute_of_hour}")
        if self.every_seconds <= 0:
            raise ConfigError(f"breaks: every_seconds must be > 0, got {self.every_seconds}")
        if self.length_seconds < 0 or self.addon_length_seconds < 0:
            raise ConfigError("breaks: lengths must be >= 0 seconds")


# --------------------------------------------------------------------------------------------
# Tables: balancing and hand-for-hand
# --------------------------------------------------------------------------------------------


class BalancePolicy(StrEnum):
    """Where a player moved for balancing is seated (R-BAL-2); the balancing rules' one name."""

    POKERSTARS = "pokerstars"  # same position relative to the blinds
    TDA = "tda"  # the player due the next big blind moves, to the worst position


@frozen(slots=True, kw_only=True)
class Balancing:
    """Balancing policy and the largest allowed difference in table counts."""

    policy: BalancePolicy = BalancePolicy.POKERSTARS
    tolerance: int = 1

    def __post_init__(self) -> None:
        if self.tolerance < 1:
            raise ConfigError(f"balancing: tolerance must be >= 1, got {self.tolerance}")


class SyncStageKind(StrEnum):
    """Kinds of hand-for-hand stages (R-SYNC-1)."""

    BUBBLE = "bubble"  # the money bubble: paid < players left <= paid + margin
    FINAL_TABLE = "final-table"  # final table size < players left <= final table size + margin
    PLAYERS = "players"  # an explicit range: to_players < players left <= from_players


@frozen(slots=True, kw_only=True)
class SyncStage:
    """One hand-for-hand stage; ``active_range`` turns it into player counts."""

    kind: SyncStageKind
    margin: int = 1  # BUBBLE and FINAL_TABLE
    from_players: int = 0  # PLAYERS only
    to_players: int = 0  # PLAYERS only

    def __post_init__(self) -> None:
        if self.margin < 0:
            raise ConfigError(f"hand-for-hand stage: margin must be >= 0, got {self.margin}")
        if self.kind is SyncStageKind.PLAYERS and not 1 <= self.to_players < self.from_players:
            raise ConfigError(
                f"hand-for-hand stage: expected 1 <= to_players < from_players, got "
                f"to_players={self.to_players}, from_players={self.from_players}"
            )

    def active_range(self, places_paid: int, final_table_size: int) -> tuple[int, int]:
        """``(low, high)``: the stage is on while ``low < players_left <= high``.

        The engine also requires more than one table in play (R-SYNC-1).
        """
        if self.kind is SyncStageKind.BUBBLE:
            return places_paid, places_paid + self.margin
        if self.kind is SyncStageKind.FINAL_TABLE:
            return final_table_size, final_table_size + self.margin
        return self.to_players, self.from_players


@frozen(slots=True, kw_only=True)
class HandForHand:
    """The synchronized-hand stages; the default is the money bubble with margin 1."""

    stages: tuple[SyncStage, ...] = (SyncStage(kind=SyncStageKind.BUBBLE, margin=1),)


# --------------------------------------------------------------------------------------------
# Payouts
# --------------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
class PayoutBand:
    """The payout table for fields of ``min_entries..max_entries`` (``None``: no upper end).

    ``shares[k]`` is place k+1's share in ``SHARE_UNITS``; the shares sum to ``SHARE_UNITS``.
    """

    min_entries: int
    max_entries: int | None
    shares: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.min_entries < 1 or (
            self.max_entries is not None and self.max_entries < self.min_entries
        ):
            raise ConfigError(
                f"payout band: expected 1 <= min_entries <= max_entries, got "
                f"{self.min_entries}..{self.max_entries}"
            )
        if sum(self.shares) != SHARE_UNITS or not self.shares or min(self.shares) <= 0:
            raise ConfigError(
                f"payout band {self.min_entries}..{self.max_entries}: expected positive shares "
                f"summing to {SHARE_UNITS} (100 %), got a sum of {sum(self.shares)}"
            )
        if any(a < b for a, b in zip(self.shares, self.shares[1:])):
            raise ConfigError(
                f"payout band {self.min_entries}..{self.max_entries}: shares must "
                "never increase from one place to the next"
            )
        if len(self.shares) > self.min_entries:
            raise ConfigError(
                f"payout band {self.min_entries}..{self.max_entries}: pays "
                f"{len(self.shares)} places, more than min_entries"
            )

    def covers(self, entries: int) -> bool:
        """Whether a field of ``entries`` is paid by this band."""
        return self.min_entries <= entries <= (self.max_entries or entries)


@frozen(slots=True, kw_only=True)
class Payouts:
    """Payout tables by field size; no bands means the built-in default (``pokersim.payouts``)."""

    bands: tuple[PayoutBand, ...] = ()

    @property
    def is_default(self) -> bool:
        """True when the built-in default curve is used."""
        return not self.bands

    def band_for(self, entries: int) -> PayoutBand | None:
        """The band that pays a field of ``entries`` (``None``: none does, or no bands)."""
        return next((b for b in self.bands if b.covers(entries)), None)


# --------------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------------


class PaceKind(StrEnum):
    """``[timing] pace``: today's think times, or their calibrated shape (docs/players.md)."""

    DEFAULT = "default"
    CALIBRATED = "calibrated"


@frozen(slots=True, kw_only=True)
class Timing:
    """How long things take at the table, in seconds (R-DIS-1 for the clock and time bank).

    ``think_median_seconds`` and ``think_sigma`` describe a log-normal think time that player
    models use unless they bring their own.
    """

    deal_seconds: float = 6.0
    action_clock_seconds: float = 15.0
    time_bank_seconds: float = 30.0
    think_median_seconds: float = 2.5
    think_sigma: float = 0.8
    # hand overhead beyond dealing (``timing.HandPace``)
    street_seconds: float = field(default=1.5, metadata=ID_WHEN_SET)
    showdown_seconds: float = field(default=3.0, metadata=ID_WHEN_SET)
    # think time by decision and table (``timing.DecisionPace``): a preset, keys over it
    pace: PaceKind = field(default=PaceKind.DEFAULT, metadata=ID_WHEN_SET)
    think_street_factors: tuple[float, ...] | None = field(default=None, metadata=ID_WHEN_SET)
    think_unopened_factor: float | None = field(default=None, metadata=ID_WHEN_SET)
    think_facing_bet_factor: float | None = field(default=None, metadata=ID_WHEN_SET)
    think_short_handed_factors: tuple[float, ...] | None = field(default=None, metadata=ID_WHEN_SET)
    think_reaction_seconds: float | None = field(default=None, metadata=ID_WHEN_SET)
    think_pre_action_factor: float | None = field(default=None, metadata=ID_WHEN_SET)
    think_pre_action_below_seconds: float | None = field(default=None, metadata=ID_WHEN_SET)
    think_check_factor: float | None = field(default=None, metadata=ID_WHEN_SET)
    # R-DIS-1: the bank topped up when every n-th level starts, up to a cap (None: none)
    bank_top_up_seconds: float = field(default=0.0, metadata=ID_WHEN_SET)
    bank_top_up_every_levels: int = field(default=1, metadata=ID_WHEN_SET)
    bank_max_seconds: float | None = field(default=None, metadata=ID_WHEN_SET)


# --------------------------------------------------------------------------------------------
# Optional sections for later issues (parsed and validated; the engine may ignore them)
# --------------------------------------------------------------------------------------------


class ArrivalProcess(StrEnum):
    """When late players arrive during late registration (R-REG-1, ``pokersim.entries``).

    ``uniform``: evenly over the period. ``front-loaded``: most early, fewer and fewer later
    (density ``3 (1 - x)^2`` over the period ``x`` in 0..1). ``late-surge``: as real sites see
    it, four in five front-loaded and one in five in a surge over the last tenth of the period.
    """

    UNIFORM = "uniform"
    FRONT_LOADED = "front-loaded"
    LATE_SURGE = "late-surge"


@frozen(slots=True, kw_only=True)
class Entries:
    """Buy-in parts, guarantee, late registration, re-entry, rebuys and add-on (R-REG-*)."""

    prize_cents: int = 1000
    bounty_cents: int = 0
    fee_cents: int = 100
    guarantee_cents: int = 0
    late_registration_seconds: int = 1200  # R-REG-1 default: 20 minutes
    late_registration_closes_at_first_elimination: bool = False
    reentries_per_player: int = 0
    rebuys_per_player: int = 0
    rebuy_price_cents: int = 0  # prize part of a rebuy
    rebuy_chips: int = 0
    rebuy_period_seconds: int = 0
    rebuy_max_stack: int = 0  # a rebuy is allowed at or below this stack
    addon_price_cents: int = 0  # prize part of the add-on; 0: no add-on
    addon_chips: int = 0
    late_arrivals_percent: float = 0.0  # R-REG-1: share of the field arriving after the start
    arrival: ArrivalProcess = ArrivalProcess.UNIFORM  # R-REG-1: when in the period they arrive
    max_tables: int | None = None  # R-REG-1: tables late registration may fill; None: no cap

    def __post_init__(self) -> None:
        if self.max_tables is not None and self.max_tables < 1:
            raise ConfigError(f"entries: max_tables must be >= 1, got {self.max_tables}")

    @property
    def buy_in_cents(self) -> int:
        """What one entry costs the player."""
        return self.prize_cents + self.bounty_cents + self.fee_cents

    @property
    def reentries_open(self) -> bool:
        """Re-entries can happen: allowed, and late registration open for them (R-REG-2)."""
        return self.reentries_per_player > 0 and self.late_registration_seconds > 0


class BountyKind(StrEnum):
    """Bounty formats (R-KO-1)."""

    NONE = "none"
    KO = "ko"
    PKO = "pko"
    FIXED = "fixed"
    TEAM = "team"


@frozen(slots=True, kw_only=True)
class Bounty:
    """Bounty terms; ``targets`` name the players carrying a fixed or team bounty."""

    kind: BountyKind = BountyKind.NONE
    amount_cents: int = 0  # FIXED and TEAM: the bounty on each target
    targets: tuple[str, ...] = ()


class DealMethod(StrEnum):
    """Final-table deal formulas (R-DEAL-1)."""

    ICM = "icm"
    CHIP_CHOP = "chip-chop"


@frozen(slots=True, kw_only=True)
class DealTerms:
    """Whether and how a final-table deal is made (the scenario's ``[deal]``)."""

    enabled: bool = False
    method: DealMethod = DealMethod.ICM
    at_players: int = 3  # a deal is made when this many players are left
    keep_for_first_percent: float = 0.0  # of the prize pool, at most 5 (R-DEAL-1)
    # R-DEAL-2: the tournament waits while a deal is put
    negotiation_seconds: int = field(default=180, metadata=ID_WHEN_SET)


class CancellationPolicy(StrEnum):
    """How the remaining prize money is shared if a tournament is cancelled (R-FAULT-1/2)."""

    EQUAL_PLUS_CHIPS = "equal-plus-chips"
    CHIPS = "chips"
    EQUAL = "equal"
    NEXT_PAYOUT_PLUS_CHIPS = "next-payout-plus-chips"  # the lowest open prize each, then chips


class CancelStage(StrEnum):
    """Where a tournament stands when it is cancelled (R-FAULT-2)."""

    BEFORE_START = "before-start"  # no hand dealt yet
    BEFORE_MONEY = "before-money"  # more players left than places paid
    IN_MONEY = "in-money"  # every player left is paid


@frozen(slots=True, kw_only=True)
class Faults:
    """Injected server failures and disqualifications (R-FAULT-1, R-COND-1)."""

    server_failures_per_hour: float = 0.0
    cancel_probability: float = 0.0  # per failure
    cancellation_policy: CancellationPolicy = CancellationPolicy.EQUAL_PLUS_CHIPS  # before money
    cancellation_equal_percent: float = 50.0  # EQUAL_PLUS_CHIPS: the equal part
    # R-FAULT-2: the policy in the money, and what else goes back to the players left
    cancellation_in_money_policy: CancellationPolicy = field(
        default=CancellationPolicy.NEXT_PAYOUT_PLUS_CHIPS, metadata=ID_WHEN_SET
    )
    # before the money: the players' fees come back
    cancellation_refunds_fees: bool = field(default=True, metadata=ID_WHEN_SET)
    # KO/PKO heads go back to their carriers
    cancellation_returns_bounties: bool = field(default=True, metadata=ID_WHEN_SET)
    # the operator cancels at this time
    cancel_at_seconds: int | None = field(default=None, metadata=ID_WHEN_SET)
    # BEFORE_START or IN_MONEY (when reached)
    cancel_at_stage: CancelStage | None = field(default=None, metadata=ID_WHEN_SET)
    disqualifications_per_hour: float = 0.0
    disqualified_prize_forfeited: bool = False
    server_failure_at_seconds: tuple[int, ...] = ()  # scheduled failures (simulated seconds)
    server_failure_at_hands: tuple[int, ...] = ()  # a failure when this many hands have ended
    outage_seconds: int = 600  # play resumes this long after a failure
    disqualify_at_seconds: tuple[int, ...] = ()  # scheduled disqualifications (random player)


class SanctionKind(StrEnum):
    """A step of the sanctions ladder (R-COND-3)."""

    WARNING = "warning"
    MISSED_HANDS = "missed_hands"
    CHIPS_REMOVED = "chips_removed"
    DISQUALIFICATION = "disqualification"


class Confiscation(StrEnum):
    """How much of a disqualified offender's prize is confiscated (R-COND-3)."""

    NONE = "none"
    PART = "part"
    ALL = "all"


@frozen(slots=True, kw_only=True)
class Conduct:
    """Infractions and the sanctions ladder they climb (R-COND-3); off by default.

    The n-th infraction of a player earns ``ladder[n - 1]`` (the last step once past the end).
    """

    ladder: tuple[SanctionKind, ...] = (
        SanctionKind.WARNING,
        SanctionKind.MISSED_HANDS,
        SanctionKind.DISQUALIFICATION,
    )
    missed_hands: int = 3  # hands the offender is dealt out of (blinds posted, hand folded)
    chips_removed_percent: int = 10  # of the offender's stack, rounded down
    confiscate: Confiscation = Confiscation.NONE
    confiscate_percent: int = 0  # PART: of the place's prize, rounded down to the cent
    infractions_per_hour: float = 0.0  # the whole field's rate (a Poisson process)

    def __post_init__(self) -> None:
        if not self.ladder:
            raise ConfigError("conduct.ladder: expected at least one step")
        if SanctionKind.DISQUALIFICATION in self.ladder[:-1]:
            raise ConfigError("conduct.ladder: 'disqualification' can only be the last step")
        if not 1 <= self.chips_removed_percent <= 99:
            raise ConfigError(
                f"conduct.chips_removed_percent: expected 1..99, got {self.chips_removed_percent}"
            )
        part = self.confiscate is Confiscation.PART
        if part != (1 <= self.confiscate_percent <= 99) or (
            not part and self.confiscate_percent != 0
        ):
            raise ConfigError(
                "conduct.confiscate_percent: expected 1..99 with confiscate = 'part' and no "
                f"percent otherwise, got {self.confiscate_percent} with {self.confiscate.value!r}"
            )


@frozen(slots=True, kw_only=True)
class Connection:
    """Disconnections and absence (R-DIS-1..4)."""

    disconnects_per_player_hour: float = 0.0
    reconnect_median_seconds: float = 60.0
    protection_players_left: int = 0  # R-DIS-3 applies once this few are left; 0: never
    protection_seconds: float = 0.0
    absent_hands_to_end_match: int = 250  # R-DIS-4


@frozen(slots=True, kw_only=True)
class Satellite:
    """Satellite format (R-ELIM-1): equal prizes (seats) of ``seat_value_cents``; 0: not one."""

    seat_value_cents: int = 0


@frozen(slots=True, kw_only=True)
class Series:
    """A satellite linked to its target tournament (R-SAT-1); ``target`` empty: none.

    ``target`` is the target's scenario file, relative to this file; it starts
    ``target_start_seconds`` after the satellite's start.
    """

    target: str = ""
    target_start_seconds: int = 0

    @property
    def linked(self) -> bool:
        """Whether the satellite feeds a target tournament."""
        return bool(self.target)


def series_target_path(target: str, source: str | os.PathLike[str] | None) -> Path:
    """A linked series' target file (R-SAT-1) as named from the satellite's file ``source``.

    Relative to that file's folder (the working folder without one); an absolute name as is.
    """
    return (Path(os.fspath(source)).parent if source else Path()) / target


@frozen(slots=True, kw_only=True)
class Unregistration:
    """A scripted request to unregister (R-REG-4).

    ``player`` by name, ``at_seconds`` after the scheduled start (negative: before it).
    """

    player: str
    at_seconds: int


@frozen(slots=True, kw_only=True)
class Registration:
    """Before the start (R-REG-4): unregistrations, the deadline, a delayed or cancelled start.

    ``unregister_deadline_seconds`` is how long before the start (the delayed start, if
    delayed) requests stop being granted; 0: the start itself.
    """

    unregister: tuple[Unregistration, ...] = ()
    unregister_percent: float = 0.0  # drawn share of the field asking to unregister
    unregister_window_seconds: int = 3600  # drawn requests come this long before the start
    unregister_deadline_seconds: int = 0
    delay_start_seconds: int = 0
    cancel_before_start: bool = False

    @property
    def active(self) -> bool:
        """Whether anything happens before the start (a default scenario: nothing)."""
        return self != Registration()


@frozen(slots=True, kw_only=True)
class Shootout:
    """Shoot-out format: each table plays to one winner, winners advance (R-DIS-4, R-SHOOT-1).

    Each round after the first starts like a fresh sit-and-go: every winner's stack is reset to
    the round's stack and the levels start again at the first. ``round_stacks`` holds the
    stacks of rounds 2, 3, ... (the last repeats; empty: the starting stack). ``keep_chips``
    plays on instead with the chips won and the clock running.
    """

    enabled: bool = False
    keep_chips: bool = field(default=False, metadata=ID_WHEN_SET)
    round_stacks: tuple[int, ...] = field(default=(), metadata=ID_WHEN_SET)


@frozen(slots=True, kw_only=True)
class SpinAndGo:
    """Spin & Go (F-SPIN-1, F-SPIN-2): the table its multiplier is drawn from; "": not one.

    A 3-player sit-and-go whose prize pool is the buy-in times a multiplier drawn from the
    published ``table`` (``pokersim.multipliers``).
    """

    table: str = ""


class CarryRule(StrEnum):
    """Which bag a player who survives several day-1 flights takes to day 2 (F-FLIGHT-2)."""

    BEST = "best"  # the largest stack (ties: the earliest flight)
    FIRST = "first"  # the first flight survived
    LAST = "last"  # the last flight survived


@frozen(slots=True, kw_only=True)
class Flights:
    """A multi-day event (F-FLIGHT-1..4): day-1 flights, then one day 2; ``names`` empty: none.

    ``entries[k]`` players enter for the first time in flight ``names[k]`` (they sum to the
    field); before each later flight, ``reentry_percent`` of the players out of every earlier
    flight they played, and ``survivor_reentry_percent`` of those holding a bag, enter it too.
    A flight stops at the end of level ``stop_at_level`` or once ``stop_at_players_left`` or
    fewer are left (0: that rule is off). ``pokersim.flights`` has the rules,
    ``pokersim.multiday`` plays the days.
    """

    names: tuple[str, ...] = ()
    entries: tuple[int, ...] = ()
    reentry_percent: float = 0.0
    survivor_reentry_percent: float = 0.0
    carry: CarryRule = CarryRule.BEST
    stop_at_level: int = 0
    stop_at_players_left: int = 0

    @property
    def enabled(self) -> bool:
        """Whether the scenario is a multi-day event with flights."""
        return bool(self.names)


class MysteryStart(StrEnum):
    """When a mystery bounty's phase starts (F-MYST-1)."""

    MONEY = "money"  # once the field is in the money
    PLAYERS_LEFT = "players-left"  # once ``players_left`` or fewer are left
    LEVEL = "level"  # once level ``level`` (counted from 1) has started


@frozen(slots=True, kw_only=True)
class Envelope:
    """``count`` mystery bounty envelopes of ``cents`` each, as published."""

    cents: int
    count: int


@frozen(slots=True, kw_only=True)
class MysteryBounty:
    """Mystery bounty (F-MYST-1..4): the bounty parts fill envelopes drawn by knockouts.

    No envelopes: not a mystery bounty. The envelopes are published for the field of
    ``players.count`` first entries (they add up to its bounty parts); ``pokersim.mystery``
    fills them from the bounty parts actually collected.
    """

    envelopes: tuple[Envelope, ...] = ()
    starts_at: MysteryStart = MysteryStart.MONEY
    players_left: int = 0  # with ``starts_at = "players-left"``
    level: int = 0  # with ``starts_at = "level"``

    @property
    def enabled(self) -> bool:
        """A mystery bounty tournament."""
        return bool(self.envelopes)

    @property
    def published_cents(self) -> tuple[int, ...]:
        """Every envelope's cents, one per envelope, in the order written."""
        return tuple(e.cents for e in self.envelopes for _ in range(e.count))


# --------------------------------------------------------------------------------------------
# The scenario
# --------------------------------------------------------------------------------------------


@frozen(slots=True, kw_only=True)
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
    deal: DealTerms = DealTerms()
    faults: Faults = Faults()
    conduct: Conduct = field(default=Conduct(), metadata=ID_WHEN_SET)
    connection: Connection = Connection()
    satellite: Satellite = Satellite()
    shootout: Shootout = Shootout()
    spin_and_go: SpinAndGo = field(default=SpinAndGo(), metadata=ID_WHEN_SET)
    registration: Registration = field(default=Registration(), metadata=ID_WHEN_SET)
    series: Series = field(default=Series(), metadata=ID_WHEN_SET)
    flights: Flights = field(default=Flights(), metadata=ID_WHEN_SET)
    mystery_bounty: MysteryBounty = field(default=MysteryBounty(), metadata=ID_WHEN_SET)
    # A run whose simulated clock passes this is stopped (``max_simulated_days`` in the file).
    max_simulated_seconds: int = DEFAULT_MAX_SIMULATED_DAYS * 86400
    description: str = ""
    source: str | None = None
    #: The start as a date-time with a UTC offset (the ``starts_at`` key), if given.
    starts_at: datetime | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.start_seconds < 86400:
            raise ConfigError(
                f"start_seconds must be a time of day 0..86399, got {self.start_seconds}"
            )
        if not 2 <= self.seats_per_table <= 10:
            raise ConfigError(f"seats_per_table must be 2..10, got {self.seats_per_table}")
        if not 2 <= self.final_table_size <= self.seats_per_table:
            raise ConfigError(
                f"final_table_size must be 2..seats_per_table ({self.seats_per_table}), "
                f"got {self.final_table_size}"
            )
        if self.starting_stack <= 0:
            raise ConfigError(f"starting_stack must be > 0, got {self.starting_stack}")
        if not self.levels:
            raise ConfigError("levels: expected at least one level")
        if any(level.minutes <= 0 for level in self.levels):
            raise ConfigError("levels: every level must last more than 0 minutes")
        if not 0 < self.max_simulated_seconds <= LIMITS.simulated_days * 86400:
            raise ConfigError(
                f"max_simulated_seconds must be in 1..{int(LIMITS.simulated_days * 86400)}, "
                f"got {self.max_simulated_seconds}"
            )
        if self.balancing.tolerance > self.seats_per_table - 1:
            raise ConfigError(
                f"balancing.tolerance must be at most seats_per_table - 1, "
                f"got {self.balancing.tolerance}"
            )

    @property
    def level_seconds(self) -> tuple[int, ...]:
        """Each level's length in whole seconds of simulated clock."""
        return tuple(round(level.minutes * 60) for level in self.levels)


# --------------------------------------------------------------------------------------------
# Expanding the field
# --------------------------------------------------------------------------------------------

_GENERATED_NAME = re.compile(r"P\d+")


_LAST_EXPANDED: list[tuple[Any, tuple[PlayerSpec, ...]]] = [(None, ())]  # a field, its list
# ``Players.expand`` keeps the list of fields up to this size (a 1,000,000-player field's list
# would hold 177 MiB after its run; its run takes minutes, the list 2.4 s)
KEEP_EXPANDED_UP_TO = 20_000


def _check_skill(who: str, skill: float) -> None:
    if not 0 <= skill <= 1:
        raise ConfigError(f"{who!r}: skill must be in [0, 1], got {skill}")


def expand_players(players: Players) -> tuple[PlayerSpec, ...]:
    """Expand the field into one spec per player: named players first, then each mix slice.

    Slices with a ``count`` get exactly that many players. The players left over are shared
    among the ``percent`` slices by the largest-remainder method: each slice gets the whole
    part of its quota, and the seats still free go one each to the largest fractional parts,
    ties to the slice listed first. So the counts always sum to ``players.count`` and the
    result depends only on the scenario. Seats are drawn at random later (R-SEAT-1), so the
    block order of the list does not bias who sits where. Unnamed players are called
    ``P0001``, ``P0002``, ... (zero-padded to the width of the count).
    """
    counts = mix_counts(players)
    width = len(str(players.count))
    specs: list[PlayerSpec] = []
    for named in players.named:
        specs.append(
            PlayerSpec(
                player_id=len(specs),
                name=named.name,
                model=named.model,
                skill=named.skill,
                params=named.params,
                source="named",
            )
        )
    for index, (entry, n) in enumerate(zip(players.mix, counts, strict=True)):
        source = f"mix[{index}]"
        for _ in range(n):
            pid = len(specs)
            specs.append(
                PlayerSpec(
                    player_id=pid,
                    name=f"P{pid + 1:0{width}d}",
                    model=entry.model,
                    skill=entry.skill,
                    params=entry.params,
                    source=source,
                )
            )
    return tuple(specs)


def mix_counts(players: Players) -> tuple[int, ...]:
    """How many players each mix slice gets (see ``expand_players`` for the rounding)."""
    left = players.count - len(players.named)
    counts = [entry.count if entry.count is not None else 0 for entry in players.mix]
    left -= sum(counts)
    share_slices = [i for i, entry in enumerate(players.mix) if entry.percent is not None]
    if left < 0:
        raise ConfigError(
            f"players: the named players and mix counts add up to {players.count - left}, "
            f"more than players.count = {players.count}"
        )
    if not share_slices:
        if left:
            raise ConfigError(
                f"players: {left} player(s) are neither named nor in a mix slice with a count; "
                "add a slice with `percent`, or make the counts add up to players.count"
            )
        return tuple(counts)
    quotas = [exact_decimal(players.mix[i].percent) * left / 100 for i in share_slices]
    floors = [int(q) for q in quotas]  # quotas are non-negative, so int() is floor
    spare = left - sum(floors)
    # Largest remainder first; ties go to the slice listed first (stable sort on position).
    order = sorted(range(len(share_slices)), key=lambda k: -(quotas[k] - floors[k]))
    for k in order[:spare]:
        floors[k] += 1
    for k, i in enumerate(share_slices):
        counts[i] = floors[k]
    return tuple(counts)


def exact_decimal(value: float | None) -> Fraction:
    """The decimal a number was written as, exactly (0.1 is one tenth, not 0.1000...01).

    A float is read as its shortest ``repr``, the decimal a TOML file or a caller wrote; an
    int as itself. The one reading of a percent for the loader and the money rules (payouts,
    late arrivals, a deal's part kept for first, a cancellation's equal part: R-MONEY-1). A
    float that is not finite was written as no decimal: ``ValueError`` (the loader refuses
    one before; ``deals.keep_for_first_cents`` and ``cancellation.cancellation_shares``, given
    one, raise it as they did with their own copies of this reading).

    >>> exact_decimal(0.1), exact_decimal(2.5), exact_decimal(7)
    (Fraction(1, 10), Fraction(5, 2), Fraction(7, 1))
    """
    assert value is not None
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


# --------------------------------------------------------------------------------------------
# The loader
# --------------------------------------------------------------------------------------------

_REQUIRED: Any = object()
_MODEL_NAME = re.compile(
    r"[a-z][a-z0-9_-]*"  # a built-in model, e.g. "tight-aggressive"
    r"|[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*"  # a plug-in
)
CLOCK_TIME = re.compile(r"(\d\d):(\d\d)(?::(\d\d))?")
_MINUTE_OF_HOUR = re.compile(r":(\d\d)")
_MAX_PLAYERS = LIMITS.players
_MAX_MINUTES = LIMITS.minutes  # about two years: any longer duration is a typo
_E = TypeVar("_E", bound=Enum)

#: Every key the loader reads, by table (``[]`` stands for an item of an array of tables).
#: The whole file is checked against it before anything is read, so a typo is reported as the
#: unknown key it is, not as the required key it hides. ``params`` tables are the models' own.
KEYS: dict[str, frozenset[str]] = {
    path: frozenset(keys.split())
    for path, keys in {
        "": "name description start starts_at seats_per_table final_table_size starting_stack "
        "betting ante_kind allow_ante_above_big_blind level_minutes max_simulated_days players "
        "levels "
        "breaks balancing hand_for_hand payouts timing entries bounty deal faults conduct "
        "connection satellite shootout spin_and_go registration series flights mystery_bounty",
        "players": "count mix named",
        "players.mix[]": "model percent count skill params",
        "players.named[]": "name model skill params",
        "levels[]": "small_blind big_blind ante ante_kind minutes",
        "breaks": "kind at every_minutes length_minutes addon_length_minutes",
        "balancing": "policy tolerance",
        "hand_for_hand": "stages",
        "hand_for_hand.stages[]": "kind margin from_players to_players",
        "payouts": "bands",
        "payouts.bands[]": "min_entries max_entries pay",
        "payouts.bands[].pay[]": "places percent",
        "timing": "deal_seconds action_clock_seconds time_bank_seconds think_median_seconds "
        "think_sigma street_seconds showdown_seconds pace think_street_factors "
        "think_unopened_factor think_facing_bet_factor think_short_handed_factors "
        "think_reaction_seconds think_pre_action_factor think_pre_action_below_seconds "
        "think_check_factor "
        "bank_top_up_seconds bank_top_up_every_levels bank_max_seconds",
        "entries": "prize_cents bounty_cents fee_cents guarantee_cents late_registration_minutes "
        "late_registration_closes_at_first_elimination reentries_per_player rebuys_per_player "
        "rebuy_price_cents rebuy_chips rebuy_period_minutes rebuy_max_stack addon_price_cents "
        "addon_chips late_arrivals_percent arrival max_tables",
        "bounty": "kind amount_cents targets",
        "deal": "enabled method at_players keep_for_first_percent negotiation_minutes",
        "faults": "server_failures_per_hour cancel_probability cancellation_policy "
        "cancellation_equal_percent cancellation_in_money_policy cancellation_refunds_fees "
        "cancellation_returns_bounties cancel_at_minute cancel_at_stage "
        "disqualifications_per_hour disqualified_prize "
        "server_failure_at_minutes server_failure_at_hands outage_minutes disqualify_at_minutes",
        "conduct": "ladder missed_hands chips_removed_percent confiscate confiscate_percent "
        "infractions_per_hour",
        "connection": "disconnects_per_player_hour reconnect_median_seconds "
        "protection_players_left protection_seconds absent_hands_to_end_match",
        "satellite": "seat_value_cents",
        "shootout": "enabled keep_chips round_stacks",
        "spin_and_go": "table",
        "registration": "unregister unregister_percent unregister_window_minutes "
        "unregister_deadline_minutes delay_start_minutes cancel_before_start",
        "registration.unregister[]": "player at_minutes",
        "series": "target target_start_minutes",
        "flights": "names entries reentry_percent survivor_reentry_percent carry stop_at_level "
        "stop_at_players_left",
        "mystery_bounty": "envelopes starts_at players_left level",
        "mystery_bounty.envelopes[]": "cents count",
    }.items()
}
_ITEM_INDEX = re.compile(r"\[\d+\]")


def _schema_path(path: str) -> str:
    """``players.mix[3]`` -> ``players.mix[]``: the key of ``KEYS`` for a table's path."""
    return _ITEM_INDEX.sub("[]", path)


def _table_label(schema_path: str) -> str:
    if not schema_path:
        return "the top level"
    if schema_path.endswith("[]"):
        return f"[[{schema_path[:-2]}]]"
    return f"[{schema_path}]"


def _unknown_key(
    file: str, path: str, key: object, allowed: Iterable[str], present: Iterable[object]
) -> ConfigError:
    """One line naming an unknown key, the nearest allowed one, and the keys allowed there.

    A typo usually stands in for a key that is then absent, so absent keys are tried first.
    """
    name = str(key)
    choices = sorted(allowed)
    here = {str(k) for k in present}
    own = _schema_path(path)
    homes = [p for p, keys in KEYS.items() if name in keys and p != own]
    import difflib  # noqa: PLC0415 - only for a bad key

    close = difflib.get_close_matches(
        name, [k for k in choices if k not in here], n=1, cutoff=0.5
    ) or difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    if homes and own in KEYS:
        hint = f"({name!r} belongs in {_table_label(homes[0])})."
    elif close:
        hint = f"(typo?): did you mean {close[0]!r}?"
    else:
        hint = "(typo?)."
    shown = name if len(name) <= 60 else _show(name)
    where = f"{path}.{shown}" if path else shown
    return ConfigError(
        f"{file}: {where}: unknown key {hint} Keys allowed here: {', '.join(choices) or 'none'}"
    )


def _check_unknown_keys(file: str, path: str, data: object) -> None:
    """Reject the first key of the file that no table allows (before any key is read)."""
    allowed = KEYS.get(_schema_path(path))
    if allowed is None or not isinstance(data, dict):
        return  # not a table of the format (the readers report a wrong type)
    for key, value in data.items():
        if key not in allowed:
            raise _unknown_key(file, path, key, allowed, data)
        sub = f"{path}.{key}" if path else key
        if isinstance(value, dict):
            _check_unknown_keys(file, sub, value)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                _check_unknown_keys(file, f"{sub}[{i}]", item)


def _show(value: object, most: int = 60) -> str:
    """``repr(value)``, shortened: a message stays one readable line whatever the file holds."""
    text = repr(value)
    if len(text) <= most:
        return text
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{text[:12]}... (a {len(text.lstrip('-'))}-digit number)"
    return f"{text[: most - 20]}... ({len(text)} characters)"


def _type_name(value: object) -> str:
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a float",
        str: "a string",
        list: "an array",
        dict: "a table",
    }.get(type(value), type(value).__name__)


class Section:
    """One TOML table being read: typed ``take`` calls, then ``done`` rejects unknown keys."""

    def __init__(self, file: str, path: str, data: object) -> None:
        self.file = file
        self.path = path
        if not isinstance(data, dict):
            raise self.error_at(path, f"expected a table, got {_type_name(data)}")
        self.data: dict[str, Any] = data
        self.seen: set[str] = set()

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def error_at(self, path: str, message: str) -> ConfigError:
        where = f"{self.file}: {path}" if path else self.file
        return ConfigError(f"{where}: {message}")

    def error(self, name: str, message: str) -> ConfigError:
        return self.error_at(self.key(name), message)

    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str, default: Any = _REQUIRED) -> Any:
        self.seen.add(name)
        if name not in self.data:
            if default is _REQUIRED:
                raise self.error(name, "is required but missing")
            return default
        return self.data[name]

    def integer(
        self,
        name: str,
        default: Any = _REQUIRED,
        *,
        low: int | None = None,
        high: int | None = None,
    ) -> int:
        value = self.raw(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(name, f"expected an integer, got {_type_name(value)} {_show(value)}")
        self._bounds(name, value, low, high)
        return value

    def number(
        self,
        name: str,
        default: Any = _REQUIRED,
        *,
        low: float | None = None,
        high: float | None = None,
        above: float | None = None,
    ) -> float:
        value = self.raw(name, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.error(name, f"expected a number, got {_type_name(value)} {_show(value)}")
        if isinstance(value, float) and not math.isfinite(value):
            raise self.error(name, f"expected a finite number, got {_show(value)}")
        if above is not None and not value > above:
            raise self.error(name, f"expected a number > {above}, got {_show(value)}")
        self._bounds(name, value, low, high)
        return value

    def text(self, name: str, default: Any = _REQUIRED) -> str:
        value = self.raw(name, default)
        if not isinstance(value, str):
            raise self.error(name, f"expected a string, got {_type_name(value)} {_show(value)}")
        return value

    def flag(self, name: str, default: Any = _REQUIRED) -> bool:
        value = self.raw(name, default)
        if not isinstance(value, bool):
            raise self.error(
                name, f"expected true or false, got {_type_name(value)} {_show(value)}"
            )
        return value

    def choice(self, name: str, enum: type[_E], default: Any = _REQUIRED) -> _E:
        value = self.raw(name, default)
        if isinstance(value, enum):
            return value
        allowed = ", ".join(repr(member.value) for member in enum)
        if isinstance(value, str):
            for member in enum:
                if member.value == value:
                    return member
        raise self.error(name, f"expected one of {allowed}, got {_show(value)}")

    def seconds(
        self, name: str, default_minutes: float | None = None, *, positive: bool = False
    ) -> int:
        """A duration written in minutes, as whole seconds of simulated clock."""
        default: Any = _REQUIRED if default_minutes is None else default_minutes
        minutes = self.number(
            name,
            default,
            low=None if positive else 0,
            above=0 if positive else None,
            high=_MAX_MINUTES,
        )
        # Whole seconds up to float noise: 0.1 minutes (6.000000000000001 s) and 10/60 written
        # as 0.16666666666666666 (10.0 s) are whole; 0.001 minutes (0.06 s) is not.
        secs = minutes * 60
        whole = round(secs)
        if abs(secs - whole) > 1e-6:
            raise self.error(
                name, f"expected a whole number of seconds, got {_show(minutes)} minutes"
            )
        if positive and whole < 1:
            raise self.error(name, f"expected at least one second, got {_show(minutes)} minutes")
        return int(whole)

    def array(self, name: str, default: Any = _REQUIRED) -> list[Any]:
        value = self.raw(name, default)
        if not isinstance(value, list):
            raise self.error(name, f"expected an array, got {_type_name(value)} {_show(value)}")
        return value

    def table(self, name: str, default: Any = _REQUIRED) -> Section:
        value = self.raw(name, default)
        return Section(self.file, self.key(name), value)

    def tables(self, name: str, default: Any = _REQUIRED) -> list[Section]:
        return [
            Section(self.file, f"{self.key(name)}[{i}]", item)
            for i, item in enumerate(self.array(name, default))
        ]

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.seen, key=str)
        if unknown:
            raise _unknown_key(self.file, self.path, unknown[0], self.seen, self.data)
        schema = KEYS.get(_schema_path(self.path))
        if schema is not None and not self.seen <= schema:
            raise InvariantError(
                f"the loader read {sorted(self.seen - schema)} at {self.path or 'the top level'}"
                " but KEYS does not list them"
            )

    def _bounds(self, name: str, value: float, low: float | None, high: float | None) -> None:
        if low is not None and value < low:
            raise self.error(name, f"expected a value >= {low}, got {_show(value)}")
        if high is not None and value > high:
            raise self.error(name, f"expected a value <= {high}, got {_show(value)}")


def _freeze(value: Any) -> Any:
    """Deep-freeze TOML values (tables -> read-only mappings, arrays -> tuples)."""
    if isinstance(value, dict):
        return FrozenParams(value)
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _units_as_percent(units: int) -> str:
    """``SHARE_UNITS`` as the percentage they are, every decimal kept (99.999999, not 100)."""
    whole, rest = divmod(units * 100, SHARE_UNITS)
    return f"{whole}.{rest:08d}".rstrip("0").rstrip(".")


def _percent_units(sec: Section, name: str) -> int:
    """A percentage written with at most 6 decimals, as exact ``SHARE_UNITS`` (1 = 1e-6 %)."""
    value = sec.number(name, above=0, high=100)
    units = exact_decimal(value) * SHARE_UNITS / 100
    if units.denominator != 1:
        raise sec.error(name, f"expected at most 6 decimals, got {_show(value)}")
    return int(units)


def _model(sec: Section, name: str) -> str:
    model = sec.text(name)
    builtins = ", ".join(BUILTIN_MODELS)
    if not _MODEL_NAME.fullmatch(model):
        raise sec.error(
            name,
            f"expected a built-in model name ({builtins}) or a plug-in "
            f"'package.module:ClassName', got {_show(model)}",
        )
    if ":" not in model and model not in BUILTIN_MODELS:
        import difflib  # noqa: PLC0415 - only for a bad model name

        close = difflib.get_close_matches(model, BUILTIN_MODELS, n=1, cutoff=0.6)
        hint = f" did you mean {close[0]!r}?" if close else ""
        raise sec.error(
            name,
            f"unknown model {_show(model)};{hint} expected a built-in model ({builtins}) or a "
            "plug-in 'package.module:ClassName'",
        )
    return model


def _params(sec: Section) -> Mapping[str, Any]:
    return _freeze(sec.table("params", {}).data)


def _read_players(top: Section) -> Players:
    sec = top.table("players")
    count = sec.integer("count", low=2, high=_MAX_PLAYERS)
    named: list[NamedPlayer] = []
    names: set[str] = set()
    for item in sec.tables("named", []):
        name = item.text("name")
        if not name.strip():
            raise item.error("name", "expected a non-empty name")
        if name in names:
            raise item.error("name", f"duplicate player name {_show(name)}")
        if _GENERATED_NAME.fullmatch(name):
            raise item.error(
                "name", f"{_show(name)} looks like a generated name (P + digits); pick another"
            )
        names.add(name)
        named.append(
            NamedPlayer(
                name=name,
                model=_model(item, "model"),
                skill=item.number("skill", 1.0, low=0, high=1),
                params=_params(item),
            )
        )
        item.done()
    mix: list[MixEntry] = []
    for item in sec.tables("mix", []):
        if item.has("percent") == item.has("count"):
            raise item.error_at(item.path, "expected exactly one of `percent` and `count`")
        percent = item.number("percent", above=0, high=100) if item.has("percent") else None
        if percent is not None:
            _percent_units(item, "percent")  # at most 6 decimals, so the sum check is exact
        mix.append(
            MixEntry(
                model=_model(item, "model"),
                percent=percent,
                count=item.integer("count", low=0, high=_MAX_PLAYERS)
                if item.has("count")
                else None,
                skill=item.number("skill", 1.0, low=0, high=1),
                params=_params(item),
            )
        )
        item.done()
    sec.done()
    percents = [entry.percent for entry in mix if entry.percent is not None]
    if percents and sum(exact_decimal(p) for p in percents) != 100:
        total = float(sum(exact_decimal(p) for p in percents))
        raise sec.error("mix", f"the `percent` slices must add up to 100, they add up to {total}")
    if len(named) > count:
        raise sec.error("named", f"{len(named)} named players but players.count = {count}")
    try:
        return Players(count=count, mix=tuple(mix), named=tuple(named))
    except ConfigError as exc:
        raise sec.error_at(sec.path, str(exc).removeprefix("players: ")) from None


def _read_levels(
    top: Section, default_minutes: float | None, ante_kind: AnteKind, big_antes: bool
) -> tuple[Level, ...]:
    items = top.tables("levels")
    if not items:
        raise top.error("levels", "expected at least one level")
    levels = []
    for item in items:
        small = item.integer("small_blind", low=0, high=LIMITS.chips)
        big = item.integer("big_blind", low=1, high=LIMITS.chips)
        if big < small:
            raise item.error("big_blind", f"expected big_blind >= small_blind = {small}, got {big}")
        ante = item.integer("ante", 0, low=0, high=LIMITS.chips)
        if ante > big and not big_antes:
            raise item.error(
                "ante",
                f"expected at most big_blind = {big}, got {ante} (an ante above the big blind "
                "is allowed only with `allow_ante_above_big_blind = true` at the top level)",
            )
        kind = item.choice("ante_kind", AnteKind, ante_kind)
        if ante > 0 and kind is AnteKind.NONE:
            raise item.error(
                "ante_kind",
                f"level has ante = {ante}: expected 'classic' or "
                "'bb' (set it here or the top-level `ante_kind`)",
            )
        seconds = item.seconds("minutes", default_minutes, positive=True)
        item.done()
        levels.append(
            Level(
                small_blind=small,
                big_blind=big,
                ante=ante,
                ante_kind=kind if ante else AnteKind.NONE,
                minutes=seconds / 60,
            )
        )
    return tuple(levels)


def _read_breaks(top: Section) -> Breaks:
    sec = top.table("breaks", {})
    kind = sec.choice("kind", BreakKind, BreakKind.CLOCK)
    minute = 55
    every = 3600
    if kind is BreakKind.CLOCK:
        at = sec.text("at", ":55")
        match = _MINUTE_OF_HOUR.fullmatch(at)
        if not match or int(match.group(1)) > 59:
            raise sec.error("at", f"expected a minute of the hour like ':55', got {_show(at)}")
        minute = int(match.group(1))
    elif sec.has("at"):
        raise sec.error("at", f"only used with kind = 'clock', not {kind.value!r}")
    if kind is BreakKind.INTERVAL:
        every = sec.seconds("every_minutes", 60, positive=True)
    elif sec.has("every_minutes"):
        raise sec.error("every_minutes", f"only used with kind = 'interval', not {kind.value!r}")
    length = sec.seconds("length_minutes", 5, positive=kind is not BreakKind.NONE)
    addon = sec.seconds("addon_length_minutes", 3)
    if kind is BreakKind.INTERVAL and length >= every:
        raise sec.error(
            "length_minutes",
            f"expected a break shorter than every_minutes ({every // 60}), got {length / 60:g}",
        )
    sec.done()
    return Breaks(
        kind=kind,
        minute_of_hour=minute,
        every_seconds=every,
        length_seconds=length,
        addon_length_seconds=addon,
    )


def _read_hand_for_hand(top: Section, count: int) -> HandForHand:
    if not top.has("hand_for_hand"):
        return HandForHand()
    sec = top.table("hand_for_hand")
    stages = []
    for item in sec.tables("stages"):
        kind = item.choice("kind", SyncStageKind)
        if kind is SyncStageKind.PLAYERS:
            high = item.integer("from_players", low=2, high=_MAX_PLAYERS)
            low = item.integer("to_players", low=1, high=_MAX_PLAYERS)
            if low >= high:
                raise item.error(
                    "to_players", f"expected to_players < from_players = {high}, got {low}"
                )
            stages.append(SyncStage(kind=kind, from_players=high, to_players=low))
        else:
            for key in ("from_players", "to_players"):
                if item.has(key):
                    raise item.error(key, "only used with kind = 'players'")
            margin = item.integer("margin", 1, low=0, high=_MAX_PLAYERS)
            stages.append(SyncStage(kind=kind, margin=margin))
        item.done()
    sec.done()
    return HandForHand(stages=tuple(stages))


def _read_payouts(top: Section, count: int) -> Payouts:
    sec = top.table("payouts", {})
    bands: list[PayoutBand] = []
    for item in sec.tables("bands", []):
        low = item.integer("min_entries", low=1, high=LIMITS.entries)
        high = (
            item.integer("max_entries", low=low, high=LIMITS.entries)
            if item.has("max_entries")
            else None
        )
        shares: list[int] = []
        for i, part in enumerate(item.array("pay")):
            group = Section(item.file, f"{item.key('pay')}[{i}]", part)
            n = group.integer("places", low=1, high=LIMITS.entries)
            if len(shares) + n > low:  # checked before the list grows
                raise item.error(
                    "pay",
                    f"pays {len(shares) + n} places or more but the band starts at "
                    f"min_entries = {low}",
                )
            shares.extend([_percent_units(group, "percent")] * n)
            group.done()
            if len(shares) > n and shares[-n] > shares[-n - 1]:
                raise group.error(
                    "percent", "expected shares that never increase from one place to the next"
                )
        item.done()
        total = sum(shares)
        if total != SHARE_UNITS:
            raise item.error(
                "pay",
                f"expected percentages summing to 100 exactly, got {_units_as_percent(total)}",
            )
        if len(shares) > low:
            raise item.error(
                "pay", f"pays {len(shares)} places but the band starts at min_entries = {low}"
            )
        if bands:
            prev = bands[-1]
            if prev.max_entries is None:
                raise item.error_at(
                    item.path,
                    "follows a band without max_entries (open-ended bands must come last)",
                )
            if low != prev.max_entries + 1:
                raise item.error(
                    "min_entries",
                    f"expected {prev.max_entries + 1} (bands in "
                    f"order, without gaps or overlaps), got {low}",
                )
        bands.append(PayoutBand(min_entries=low, max_entries=high, shares=tuple(shares)))
    sec.done()
    if bands and not any(b.covers(count) for b in bands):
        raise sec.error("bands", f"no band covers players.count = {count}")
    return Payouts(bands=tuple(bands))


def _read_timing(top: Section) -> Timing:
    sec = top.table("timing", {})
    timing = Timing(
        deal_seconds=sec.number("deal_seconds", 6.0, low=0, high=LIMITS.action_seconds),
        action_clock_seconds=sec.number(
            "action_clock_seconds", 15.0, above=0, high=LIMITS.action_seconds
        ),
        time_bank_seconds=sec.number("time_bank_seconds", 30.0, low=0, high=LIMITS.bank_seconds),
        think_median_seconds=sec.number(
            "think_median_seconds", 2.5, above=0, high=LIMITS.action_seconds
        ),
        think_sigma=sec.number("think_sigma", 0.8, low=0, high=LIMITS.think_sigma),
        street_seconds=sec.number("street_seconds", 1.5, low=0, high=LIMITS.action_seconds),
        showdown_seconds=sec.number("showdown_seconds", 3.0, low=0, high=LIMITS.action_seconds),
        pace=sec.choice("pace", PaceKind, PaceKind.DEFAULT),
        think_street_factors=_factors(
            sec, "think_street_factors", 4, "pre-flop, flop, turn, river"
        ),
        think_unopened_factor=_factor(sec, "think_unopened_factor"),
        think_facing_bet_factor=_factor(sec, "think_facing_bet_factor"),
        think_short_handed_factors=_factors(
            sec, "think_short_handed_factors", 7, "two players dealt in, three, ..., eight"
        ),
        think_reaction_seconds=(
            float(sec.number("think_reaction_seconds", low=0, high=600))
            if sec.has("think_reaction_seconds")
            else None
        ),
        think_pre_action_factor=_factor(sec, "think_pre_action_factor"),
        think_check_factor=_factor(sec, "think_check_factor"),
        think_pre_action_below_seconds=(
            float(sec.number("think_pre_action_below_seconds", above=0, high=600))
            if sec.has("think_pre_action_below_seconds")
            else None
        ),
        bank_top_up_seconds=sec.number("bank_top_up_seconds", 0, low=0, high=LIMITS.bank_seconds),
        bank_top_up_every_levels=sec.integer("bank_top_up_every_levels", 1, low=1, high=1000),
        bank_max_seconds=(
            sec.number("bank_max_seconds", low=0, high=LIMITS.bank_seconds)
            if sec.has("bank_max_seconds")
            else None
        ),
    )
    if timing.bank_max_seconds is not None and timing.bank_max_seconds < timing.time_bank_seconds:
        raise sec.error(
            "bank_max_seconds",
            f"expected at least time_bank_seconds ({_show(timing.time_bank_seconds)}), "
            f"got {_show(timing.bank_max_seconds)}",
        )
    sec.done()
    return timing


_MAX_PACE_FACTOR = 100  # a think time a hundred times longer is a typo


def _factor(sec: Section, name: str) -> float | None:
    """A think-time factor in (0, 100], or None when the key is absent (the preset's)."""
    if not sec.has(name):
        return None
    return float(sec.number(name, above=0, high=_MAX_PACE_FACTOR))


def _factors(sec: Section, name: str, count: int, order: str) -> tuple[float, ...] | None:
    """A list of ``count`` think-time factors in (0, 100] (in ``order``), or None when absent."""
    if not sec.has(name):
        return None
    values = sec.array(name)
    ok = len(values) == count and all(
        not isinstance(v, bool) and isinstance(v, int | float) and 0 < v <= _MAX_PACE_FACTOR
        for v in values
    )
    if not ok:
        raise sec.error(
            name,
            f"expected {count} numbers in (0, {_MAX_PACE_FACTOR}] ({order}), got {_show(values)}",
        )
    return tuple(float(v) for v in values)


def _read_entries(top: Section, starting_stack: int) -> Entries:
    sec = top.table("entries", {})
    rebuys = sec.integer("rebuys_per_player", 0, low=0, high=LIMITS.buys_per_player)
    cents, chips = LIMITS.cents, LIMITS.chips
    entries = Entries(
        prize_cents=sec.integer("prize_cents", 1000, low=0, high=cents),
        bounty_cents=sec.integer("bounty_cents", 0, low=0, high=cents),
        fee_cents=sec.integer("fee_cents", 100, low=0, high=cents),
        guarantee_cents=sec.integer("guarantee_cents", 0, low=0, high=LIMITS.money_cents),
        late_registration_seconds=sec.seconds("late_registration_minutes", 20),
        late_registration_closes_at_first_elimination=sec.flag(
            "late_registration_closes_at_first_elimination", False
        ),
        reentries_per_player=sec.integer(
            "reentries_per_player", 0, low=0, high=LIMITS.buys_per_player
        ),
        rebuys_per_player=rebuys,
        rebuy_price_cents=sec.integer("rebuy_price_cents", 0, low=0, high=cents),
        rebuy_chips=sec.integer("rebuy_chips", starting_stack if rebuys else 0, low=0, high=chips),
        rebuy_period_seconds=sec.seconds("rebuy_period_minutes", 0),
        rebuy_max_stack=sec.integer(
            "rebuy_max_stack", starting_stack if rebuys else 0, low=0, high=chips
        ),
        addon_price_cents=sec.integer("addon_price_cents", 0, low=0, high=cents),
        addon_chips=sec.integer("addon_chips", 0, low=0, high=chips),
        late_arrivals_percent=sec.number("late_arrivals_percent", 0.0, low=0, high=100),
        arrival=sec.choice("arrival", ArrivalProcess, ArrivalProcess.UNIFORM),
        max_tables=(
            sec.integer("max_tables", low=1, high=_MAX_PLAYERS) if sec.has("max_tables") else None
        ),
    )
    if entries.late_arrivals_percent and entries.late_registration_seconds <= 0:
        raise sec.error(
            "late_arrivals_percent",
            "late players arrive while late registration is open: "
            "expected late_registration_minutes > 0",
        )
    if rebuys:
        if entries.rebuy_chips <= 0:
            raise sec.error("rebuy_chips", "expected > 0 when rebuys_per_player > 0")
        if entries.rebuy_period_seconds <= 0:
            raise sec.error("rebuy_period_minutes", "expected > 0 when rebuys_per_player > 0")
    if (entries.addon_price_cents > 0) != (entries.addon_chips > 0):
        raise sec.error(
            "addon_chips",
            "expected addon_price_cents and addon_chips both > 0 (an add-on) or both 0 (none)",
        )
    if entries.addon_chips and entries.rebuy_period_seconds <= 0:
        raise sec.error(
            "addon_chips",
            "an add-on is offered at the end of the rebuy period: "
            "expected rebuy_period_minutes > 0",
        )
    sec.done()
    return entries


def _check_totals(top: Section, count: int, stack: int, entries: Entries) -> None:
    """Every chip and every cent a tournament can take in must fit (``LIMITS``).

    The largest term names the key to change.
    """
    e = entries
    buys = count * (1 + e.reentries_per_player)  # first entries and re-entries
    rebuys = count * e.rebuys_per_player
    chips = {
        "starting_stack": buys * stack,
        "entries.rebuy_chips": rebuys * e.rebuy_chips,
        "entries.addon_chips": count * e.addon_chips,
    }
    total = sum(chips.values())
    if total > LIMITS.chips_in_play:
        key = max(chips, key=lambda k: chips[k])
        raise top.error_at(
            key,
            f"with players.count = {count} and the entries allowed, up to {total:,} chips "
            f"could come into play; expected at most {LIMITS.chips_in_play:,}",
        )
    money = {
        "entries.prize_cents": buys * e.prize_cents,
        "entries.bounty_cents": buys * e.bounty_cents,
        "entries.fee_cents": buys * e.fee_cents,
        "entries.rebuy_price_cents": rebuys * e.rebuy_price_cents,
        "entries.addon_price_cents": count * e.addon_price_cents,
    }
    total = sum(money.values())
    if total > LIMITS.money_cents:
        key = max(money, key=lambda k: money[k])
        raise top.error_at(
            key,
            f"with players.count = {count} and the entries allowed, up to {total:,} cents "
            f"could be paid in; expected at most {LIMITS.money_cents:,}",
        )


def _read_bounty(top: Section, entries: Entries) -> Bounty:
    sec = top.table("bounty", {})
    kind = sec.choice("kind", BountyKind, BountyKind.NONE)
    amount = sec.integer("amount_cents", 0, low=0, high=LIMITS.cents)
    targets = sec.array("targets", [])
    for i, target in enumerate(targets):
        if not isinstance(target, str) or not target:
            raise sec.error_at(
                f"{sec.key('targets')}[{i}]", f"expected a player name, got {_show(target)}"
            )
    sec.done()
    if amount * len(targets) > LIMITS.money_cents:
        raise sec.error(
            "amount_cents",
            f"{len(targets)} targets of {amount} cents each: expected at most "
            f"{LIMITS.money_cents:,} cents in all",
        )
    if kind in (BountyKind.KO, BountyKind.PKO):
        if entries.bounty_cents <= 0:
            raise sec.error("kind", f"{kind.value!r} needs entries.bounty_cents > 0")
        if amount or targets:
            raise sec.error(
                "amount_cents" if amount else "targets",
                f"not used with kind = {kind.value!r} (the bounty is "
                "entries.bounty_cents on every player)",
            )
    elif kind in (BountyKind.FIXED, BountyKind.TEAM):
        if amount <= 0:
            raise sec.error("amount_cents", f"expected > 0 with kind = {kind.value!r}")
        if not targets:
            raise sec.error(
                "targets",
                f"expected the names of the players with a bounty with kind = {kind.value!r}",
            )
    else:
        if amount or targets:
            raise sec.error("amount_cents" if amount else "targets", "not used with kind = 'none'")
    mystery = top.has("mystery_bounty")  # F-MYST-4: the bounty parts fill its envelopes
    if entries.bounty_cents and kind not in (BountyKind.KO, BountyKind.PKO) and not mystery:
        raise top.error_at(
            "entries.bounty_cents",
            f"expected 0 with bounty.kind = "
            f"{kind.value!r} (only 'ko', 'pko' and [mystery_bounty] take a bounty part)",
        )
    return Bounty(kind=kind, amount_cents=amount, targets=tuple(targets))


def _read_deal(top: Section, final_table_size: int) -> DealTerms:
    sec = top.table("deal", {})
    deal = DealTerms(
        enabled=sec.flag("enabled", False),
        method=sec.choice("method", DealMethod, DealMethod.ICM),
        at_players=sec.integer(
            "at_players", min(3, final_table_size), low=2, high=final_table_size
        ),
        keep_for_first_percent=sec.number("keep_for_first_percent", 0.0, low=0, high=5),
        negotiation_seconds=sec.seconds("negotiation_minutes", 3),
    )
    sec.done()
    return deal


def _read_faults(top: Section) -> Faults:
    sec = top.table("faults", {})
    prize = sec.text("disqualified_prize", "keep")
    if prize not in ("keep", "forfeit"):
        raise sec.error("disqualified_prize", f"expected 'keep' or 'forfeit', got {_show(prize)}")
    faults = Faults(
        server_failures_per_hour=sec.number(
            "server_failures_per_hour", 0.0, low=0, high=LIMITS.failures_per_hour
        ),
        cancel_probability=sec.number("cancel_probability", 0.0, low=0, high=1),
        cancellation_policy=sec.choice(
            "cancellation_policy", CancellationPolicy, CancellationPolicy.EQUAL_PLUS_CHIPS
        ),
        cancellation_equal_percent=sec.number("cancellation_equal_percent", 50.0, low=0, high=100),
        disqualifications_per_hour=sec.number(
            "disqualifications_per_hour", 0.0, low=0, high=LIMITS.events_per_hour
        ),
        disqualified_prize_forfeited=prize == "forfeit",
        server_failure_at_seconds=_minutes_list(sec, "server_failure_at_minutes"),
        server_failure_at_hands=tuple(
            _positive_ints(sec, "server_failure_at_hands", f"a hand count in 1..{LIMITS.hands}")
        ),
        outage_seconds=sec.seconds("outage_minutes", 10),
        disqualify_at_seconds=_minutes_list(sec, "disqualify_at_minutes"),
        cancellation_in_money_policy=sec.choice(
            "cancellation_in_money_policy",
            CancellationPolicy,
            CancellationPolicy.NEXT_PAYOUT_PLUS_CHIPS,
        ),
        cancellation_refunds_fees=sec.flag("cancellation_refunds_fees", True),
        cancellation_returns_bounties=sec.flag("cancellation_returns_bounties", True),
        cancel_at_seconds=sec.seconds("cancel_at_minute") if sec.has("cancel_at_minute") else None,
        cancel_at_stage=_cancel_at_stage(sec),
    )
    sec.done()
    return faults


def _cancel_at_stage(sec: Section) -> CancelStage | None:
    """R-FAULT-2: cancel before the start, or the moment the money is reached."""
    if not sec.has("cancel_at_stage"):
        return None
    stage = sec.choice("cancel_at_stage", CancelStage)
    if stage is CancelStage.BEFORE_MONEY:
        raise sec.error(
            "cancel_at_stage",
            "expected 'before-start' or 'in-money' (to cancel before the money, give "
            "cancel_at_minute)",
        )
    if sec.has("cancel_at_minute"):
        raise sec.error("cancel_at_stage", "expected either it or cancel_at_minute, not both")
    return stage


def _positive_ints(sec: Section, name: str, what: str) -> list[int]:
    values = sec.array(name, [])
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= LIMITS.hands:
            raise sec.error_at(f"{sec.key(name)}[{i}]", f"expected {what}, got {_show(v)}")
    return values


def _minutes_list(sec: Section, name: str) -> tuple[int, ...]:
    """Times written in minutes after the start, as sorted whole seconds."""
    out = []
    for i, v in enumerate(sec.array(name, [])):
        if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= _MAX_MINUTES:
            raise sec.error_at(
                f"{sec.key(name)}[{i}]", f"expected minutes after the start >= 0, got {_show(v)}"
            )
        secs = v * 60
        if abs(secs - round(secs)) > 1e-6:
            raise sec.error_at(
                f"{sec.key(name)}[{i}]",
                f"expected a whole number of seconds, got {_show(v)} minutes",
            )
        out.append(int(round(secs)))
    return tuple(sorted(out))


def _read_conduct(top: Section) -> Conduct:
    sec = top.table("conduct", {})
    default = Conduct()
    steps = sec.array("ladder", [k.value for k in default.ladder])
    allowed = ", ".join(repr(k.value) for k in SanctionKind)
    ladder: list[SanctionKind] = []
    for i, v in enumerate(steps):
        if not isinstance(v, str) or v not in {k.value for k in SanctionKind}:
            where = f"{sec.key('ladder')}[{i}]"
            raise sec.error_at(where, f"expected one of {allowed}, got {_show(v)}")
        ladder.append(SanctionKind(v))
    if not 1 <= len(ladder) <= 20:
        raise sec.error("ladder", f"expected 1..20 steps, got {len(ladder)}")
    if SanctionKind.DISQUALIFICATION in ladder[:-1]:
        raise sec.error("ladder", "expected 'disqualification' only as the last step")
    confiscate = sec.choice("confiscate", Confiscation, Confiscation.NONE)
    part = confiscate is Confiscation.PART
    if part != sec.has("confiscate_percent"):
        raise sec.error(
            "confiscate_percent",
            "expected a percent (1..99) exactly when confiscate = 'part', "
            f"got {'none' if part else 'one'} with confiscate = {confiscate.value!r}",
        )
    conduct = Conduct(
        ladder=tuple(ladder),
        missed_hands=sec.integer("missed_hands", default.missed_hands, low=1, high=LIMITS.hands),
        chips_removed_percent=sec.integer(
            "chips_removed_percent", default.chips_removed_percent, low=1, high=99
        ),
        confiscate=confiscate,
        confiscate_percent=sec.integer("confiscate_percent", 0, low=1, high=99) if part else 0,
        infractions_per_hour=sec.number(
            "infractions_per_hour", 0.0, low=0, high=LIMITS.events_per_hour
        ),
    )
    sec.done()
    return conduct


def _read_connection(top: Section) -> Connection:
    sec = top.table("connection", {})
    connection = Connection(
        disconnects_per_player_hour=sec.number(
            "disconnects_per_player_hour", 0.0, low=0, high=LIMITS.disconnects_per_player_hour
        ),
        reconnect_median_seconds=sec.number(
            "reconnect_median_seconds", 60.0, above=0, high=LIMITS.bank_seconds
        ),
        protection_players_left=sec.integer("protection_players_left", 0, low=0, high=_MAX_PLAYERS),
        protection_seconds=sec.number("protection_seconds", 0.0, low=0, high=LIMITS.bank_seconds),
        absent_hands_to_end_match=sec.integer(
            "absent_hands_to_end_match", 250, low=1, high=LIMITS.hands
        ),
    )
    sec.done()
    return connection


def _read_satellite(top: Section) -> Satellite:
    sec = top.table("satellite", {})
    satellite = Satellite(
        seat_value_cents=sec.integer("seat_value_cents", 0, low=0, high=LIMITS.money_cents)
    )
    sec.done()
    return satellite


def _read_shootout(
    top: Section,
    satellite: Satellite,
    count: int,
    entries: Entries,
    sanctions: tuple[Faults, Conduct],
) -> Shootout:
    sec = top.table("shootout", {})
    stacks = sec.array("round_stacks", [])
    for i, value in enumerate(stacks):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise sec.error(f"round_stacks[{i}]", f"expected an integer >= 1, got {_show(value)}")
        if value * count > LIMITS.chips_in_play:
            raise sec.error(
                f"round_stacks[{i}]",
                f"{value:,} chips for each of {count} players; expected at most "
                f"{LIMITS.chips_in_play:,} chips in play",
            )
    shootout = Shootout(
        enabled=sec.flag("enabled", False),
        keep_chips=sec.flag("keep_chips", False),
        round_stacks=tuple(stacks),
    )
    sec.done()
    if shootout.enabled and satellite.seat_value_cents:
        raise sec.error("enabled", "a shoot-out cannot also be a satellite: expected one")
    if shootout.keep_chips and shootout.round_stacks:
        raise sec.error(
            "round_stacks", "winners who keep their chips get no round stack: expected one of both"
        )
    if (shootout.keep_chips or shootout.round_stacks) and not shootout.enabled:
        key = "keep_chips" if shootout.keep_chips else "round_stacks"
        raise sec.error(key, "applies to a shoot-out: expected enabled = true")
    if shootout.enabled and entries.late_arrivals_percent:
        raise top.error_at(
            "entries.late_arrivals_percent",
            "a shoot-out's rounds are drawn from the players at the start; expected 0",
        )
    faults, conduct = sanctions
    if shootout.enabled and faults.disqualified_prize_forfeited:
        raise top.error_at(
            "faults.disqualified_prize",
            "a shoot-out round's shared prizes cannot take a forfeited prize; expected 'keep'",
        )
    if shootout.enabled and conduct.confiscate is not Confiscation.NONE:
        raise top.error_at(
            "conduct.confiscate",
            "a shoot-out round's shared prizes cannot take a confiscated prize; expected 'none'",
        )
    growing = (
        ("entries.reentries_per_player", entries.reentries_open),
        ("entries.rebuys_per_player", entries.rebuys_per_player > 0),
        ("entries.addon_price_cents", entries.addon_price_cents > 0),
    )
    for key, grows in growing:
        if shootout.enabled and grows:
            raise top.error_at(
                key,
                "a shoot-out round's shared place is paid as each of its players goes out, "
                "from the pool of the moment: a pool that grows after the start would pay them "
                "unequal shares; expected 0 (a shoot-out is a freezeout)",
            )
    return shootout


def _read_spin_and_go(top: Section) -> SpinAndGo:
    """``[spin_and_go]``: present means a Spin & Go; ``table`` names a shipped table."""
    if not top.has("spin_and_go"):
        return SpinAndGo()
    sec = top.table("spin_and_go")
    names = table_names()
    table = sec.text("table", names[0])
    if table not in names:
        allowed = ", ".join(repr(n) for n in names)
        raise sec.error("table", f"expected one of {allowed}, got {_show(table)}")
    sec.done()
    return SpinAndGo(table=table)


def _read_mystery_bounty(
    top: Section, players: int, entries: Entries, levels: int
) -> MysteryBounty:
    """``[mystery_bounty]`` (F-MYST-1..4): the published envelopes and when the phase starts."""
    if not top.has("mystery_bounty"):
        return MysteryBounty()
    sec = top.table("mystery_bounty")
    starts_at = sec.choice("starts_at", MysteryStart, MysteryStart.MONEY)
    wanted = {MysteryStart.PLAYERS_LEFT: "players_left", MysteryStart.LEVEL: "level"}
    for key in ("players_left", "level"):
        if sec.has(key) and wanted.get(starts_at) != key:
            raise sec.error(key, f"not used with starts_at = {starts_at.value!r}")
    players_left = level = 0
    if starts_at is MysteryStart.PLAYERS_LEFT:
        players_left = sec.integer("players_left", low=2, high=players)
    if starts_at is MysteryStart.LEVEL:
        level = sec.integer("level", low=1, high=levels)
    envelopes = []
    for item in sec.tables("envelopes"):
        envelopes.append(
            Envelope(
                cents=item.integer("cents", low=1, high=LIMITS.cents),
                count=item.integer("count", low=1, high=LIMITS.players),
            )
        )
        item.done()
    sec.done()
    if not envelopes:
        raise sec.error("envelopes", "expected at least one envelope, e.g. { cents = 500, "
                        "count = 10 }")  # fmt: skip
    total = sum(e.cents * e.count for e in envelopes)
    pool = players * entries.bounty_cents
    if entries.bounty_cents <= 0:
        raise top.error_at("entries.bounty_cents", "expected > 0 with [mystery_bounty] (the "
                           "bounty parts fill the envelopes)")  # fmt: skip
    if total != pool:
        raise sec.error(
            "envelopes",
            f"the envelopes add up to {total:,} cents; expected the field's bounty parts, "
            f"players.count x entries.bounty_cents = {players} x {entries.bounty_cents} = "
            f"{pool:,} cents",
        )
    return MysteryBounty(
        envelopes=tuple(envelopes), starts_at=starts_at, players_left=players_left, level=level
    )


def _finish(top: Section, sc: Scenario) -> Scenario:
    """The scenario read: no key left unread, and a Spin & Go's clashes refused."""
    top.done()
    _check_spin_and_go(top, sc)
    _check_flights(top, sc)
    _check_mystery_bounty(top, sc)
    _check_payouts_cover_reentries(top, sc)
    return sc


def _check_payouts_cover_reentries(top: Section, sc: Scenario) -> None:
    """Payout bands that end below the entries re-entries can make: refused at load.

    Otherwise the run stopped mid-way, at the re-entry past the last band.
    """
    bands, entries = sc.payouts.bands, sc.entries
    if not bands or bands[-1].max_entries is None:
        return
    if not entries.reentries_open:
        return
    most = sc.players.count * (1 + entries.reentries_per_player)
    if most > bands[-1].max_entries:
        raise top.error_at(
            "payouts.bands",
            f"the last band ends at {bands[-1].max_entries} entries, but {sc.players.count} "
            f"players with {entries.reentries_per_player} re-entries each during late "
            f"registration can make {most}; expected bands up to {most} or a last band without "
            "max_entries",
        )


def _check_mystery_bounty(top: Section, sc: Scenario) -> None:
    """A mystery bounty is the only bounty and plays to one winner (one line each)."""
    if not sc.mystery_bounty.enabled:
        return
    clashes = [
        ("bounty.kind", sc.bounty.kind is not BountyKind.NONE, "expected 'none'"),
        ("satellite.seat_value_cents", sc.satellite.seat_value_cents > 0, "expected 0"),
        ("shootout.enabled", sc.shootout.enabled, "expected false"),
        ("spin_and_go", bool(sc.spin_and_go.table), "expected no [spin_and_go]"),
    ]
    for key, clash, expected in clashes:
        if clash:
            raise top.error_at(key, f"not with [mystery_bounty] (envelopes drawn by the "
                               f"knockouts of the bounty phase): {expected}")  # fmt: skip


def _check_spin_and_go(top: Section, sc: Scenario) -> None:
    """A Spin & Go is three players, one buy-in each, and the drawn pool only (one line each)."""
    if not sc.spin_and_go.table:
        return
    e = sc.entries
    clashes = [
        (
            "players.count",
            sc.players.count != SPIN_PLAYERS,
            f"expected {SPIN_PLAYERS} players, got {sc.players.count}",
        ),
        ("seats_per_table", sc.seats_per_table < SPIN_PLAYERS, "expected at least 3 seats"),
        ("entries.guarantee_cents", e.guarantee_cents > 0, "expected 0: the pool is drawn"),
        ("entries.reentries_per_player", e.reentries_per_player > 0, "expected 0"),
        ("entries.rebuys_per_player", e.rebuys_per_player > 0, "expected 0"),
        ("entries.addon_chips", e.addon_chips > 0, "expected 0: no add-on"),
        ("entries.late_arrivals_percent", e.late_arrivals_percent > 0, "expected 0"),
        ("entries.bounty_cents", e.bounty_cents > 0, "expected 0: no bounties"),
        ("bounty.kind", sc.bounty.kind is not BountyKind.NONE, "expected 'none'"),
        ("payouts.bands", not sc.payouts.is_default, "expected none: the tier's split pays"),
        ("deal.enabled", sc.deal.enabled, "expected false: no deals"),
        ("satellite.seat_value_cents", sc.satellite.seat_value_cents > 0, "expected 0"),
        ("shootout.enabled", sc.shootout.enabled, "expected false"),
    ]
    for key, clash, expected in clashes:
        if clash:
            raise top.error_at(key, f"not with [spin_and_go] (a 3-player lottery sit-and-go): "
                               f"{expected}")  # fmt: skip


def _read_registration(top: Section, players: Players) -> Registration:
    """R-REG-4: who unregisters and when, the deadline, a delayed or cancelled start."""
    sec = top.table("registration", {})
    scripted: list[Unregistration] = []
    items = sec.tables("unregister", [])
    names = {s.name for s in expand_players(players)} if items else set()
    for item in items:
        who = item.text("player")
        if who not in names:
            raise item.error("player", f"expected a player of the field, got {_show(who)}")
        minutes = item.number("at_minutes", low=-_MAX_MINUTES, high=_MAX_MINUTES)
        secs = minutes * 60
        if abs(secs - round(secs)) > 1e-6:
            raise item.error(
                "at_minutes", f"expected a whole number of seconds, got {_show(minutes)} minutes"
            )
        item.done()
        if any(u.player == who for u in scripted):
            raise item.error("player", f"expected each player once, got {who!r} again")
        scripted.append(Unregistration(player=who, at_seconds=int(round(secs))))
    reg = Registration(
        unregister=tuple(scripted),
        unregister_percent=sec.number("unregister_percent", 0.0, low=0, high=100),
        unregister_window_seconds=sec.seconds("unregister_window_minutes", 60, positive=True),
        unregister_deadline_seconds=sec.seconds("unregister_deadline_minutes", 0),
        delay_start_seconds=sec.seconds("delay_start_minutes", 0),
        cancel_before_start=sec.flag("cancel_before_start", False),
    )
    if scripted and reg.unregister_percent:
        raise sec.error(
            "unregister_percent",
            "expected either a scripted unregister list or a percent, not both",
        )
    sec.done()
    return reg


def _read_series(top: Section, satellite: Satellite) -> Series:
    """R-SAT-1: the target tournament a satellite seats its winners in."""
    sec = top.table("series", {})
    if not sec.data:
        sec.done()
        return Series()
    target = sec.text("target")
    if not target.strip() or not target.endswith(".toml"):
        raise sec.error("target", f"expected a scenario file name ending in .toml, got {target!r}")
    series = Series(target=target, target_start_seconds=sec.seconds("target_start_minutes", 0))
    sec.done()
    if not satellite.seat_value_cents:
        raise sec.error(
            "target", "only a satellite has a target: expected satellite.seat_value_cents > 0"
        )
    return series


_FLIGHT_NAME = re.compile(r"[A-Za-z0-9_-]{1,20}")  # a flight's name is part of its folder's


def _read_flights(top: Section, players: int, levels: int) -> Flights:
    """F-FLIGHT-1..4: the day-1 flights, who enters them, the stop rule and the carry rule."""
    if not top.has("flights"):
        return Flights()
    sec = top.table("flights")
    names = sec.array("names")
    if len(names) < 2 or not all(isinstance(n, str) and _FLIGHT_NAME.fullmatch(n) for n in names):
        raise sec.error(
            "names",
            "expected at least two flight names of letters, digits, '-' or '_' (up to 20), "
            f"got {_show(names)}",
        )
    if len(set(names)) != len(names):
        raise sec.error("names", f"expected distinct flight names, got {_show(names)}")
    counts = sec.array("entries")
    if len(counts) != len(names) or not all(
        isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in counts
    ):
        raise sec.error(
            "entries",
            f"expected {len(names)} whole numbers >= 0 (one a flight), got {_show(counts)}",
        )
    if sum(counts) != players:
        raise sec.error(
            "entries",
            f"expected first entries summing to players.count = {players}, got {sum(counts)}",
        )
    flights = Flights(
        names=tuple(names),
        entries=tuple(counts),
        reentry_percent=sec.number("reentry_percent", 0.0, low=0, high=100),
        survivor_reentry_percent=sec.number("survivor_reentry_percent", 0.0, low=0, high=100),
        carry=sec.choice("carry", CarryRule, CarryRule.BEST),
        stop_at_level=sec.integer("stop_at_level", 0, low=0, high=levels - 1),
        stop_at_players_left=sec.integer("stop_at_players_left", 0, low=0, high=_MAX_PLAYERS),
    )
    if not flights.stop_at_level and not flights.stop_at_players_left:
        raise sec.error(
            "stop_at_level",
            "a day-1 flight must stop: expected stop_at_level or stop_at_players_left > 0",
        )
    sec.done()
    return flights


def _check_flights(top: Section, sc: Scenario) -> None:
    """A flighted event pays at day 2 only, from one pool: no format of its own (one line each)."""
    if not sc.flights.enabled:
        return
    clashes = [
        ("bounty.kind", sc.bounty.kind is not BountyKind.NONE, "expected 'none': no bounties"),
        ("entries.bounty_cents", sc.entries.bounty_cents > 0, "expected 0: no bounties"),
        ("deal.enabled", sc.deal.enabled, "expected false: no deals"),
        ("satellite.seat_value_cents", sc.satellite.seat_value_cents > 0, "expected 0"),
        ("shootout.enabled", sc.shootout.enabled, "expected false"),
        ("spin_and_go", bool(sc.spin_and_go.table), "expected none"),
        ("series.target", sc.series.linked, "expected none"),
        ("registration", sc.registration.active, "expected none: flights have no lobby plan"),
        ("mystery_bounty", sc.mystery_bounty.enabled, "expected none: no bounties"),
        # a cancelled day carries no bags: no rule says what the event becomes then
        (
            "faults.cancel_at_minute",
            sc.faults.cancel_at_seconds is not None,
            "expected none: every day has a clock of its own, and a cancelled day carries no bags",
        ),
        (
            "faults.cancel_at_stage",
            sc.faults.cancel_at_stage is CancelStage.BEFORE_START,
            'expected "in-money" or none: a flight cancelled before its start carries no bags',
        ),
        (
            "faults.cancel_probability",
            sc.faults.cancel_probability > 0,
            "expected 0: a failure that cancels a flight leaves the event no bags to carry",
        ),
    ]
    for key, clash, expected in clashes:
        if clash:
            raise top.error_at(key, f"not with [flights] (a multi-day event): {expected}")


def parse_scenario(data: Mapping[str, Any], *, source: str = "<scenario>") -> Scenario:
    """Build a ``Scenario`` from already-parsed TOML data; errors name ``source`` and the key."""
    top = Section(source, "", dict(data))
    _check_unknown_keys(source, "", top.data)
    name = top.text("name")
    if not name.strip():
        raise top.error("name", "expected a non-empty name")
    description = top.text("description", "")
    starts_at = _read_starts_at(top)
    default_start = "00:00" if starts_at is None else starts_at.strftime("%H:%M:%S")
    start = top.text("start", default_start)
    match = CLOCK_TIME.fullmatch(start)
    if (
        not match
        or int(match.group(1)) > 23
        or int(match.group(2)) > 59
        or int(match.group(3) or 0) > 59
    ):
        raise top.error(
            "start", f"expected a clock time 'HH:MM' (00:00..23:59), got {_show(start)}"
        )
    start_seconds = int(match.group(1)) * 3600 + int(match.group(2)) * 60 + int(match.group(3) or 0)
    if starts_at is not None and top.has("start"):
        clock = starts_at.hour * 3600 + starts_at.minute * 60 + starts_at.second
        if clock != start_seconds:
            raise top.error(
                "start", f"expected the clock time of starts_at ({starts_at.time()}), got {start!r}"
            )
    seats = top.integer("seats_per_table", 9, low=2, high=10)
    final = top.integer("final_table_size", seats, low=2)
    if final > seats:
        raise top.error(
            "final_table_size", f"expected at most seats_per_table = {seats}, got {final}"
        )
    stack = top.integer("starting_stack", low=1, high=LIMITS.chips)
    structure = top.choice("betting", BettingStructure, BettingStructure.NO_LIMIT)
    ante_kind = top.choice("ante_kind", AnteKind, AnteKind.NONE)
    level_minutes = (
        top.seconds("level_minutes", positive=True) / 60 if top.has("level_minutes") else None
    )
    big_antes = top.flag("allow_ante_above_big_blind", False)
    days = top.number(
        "max_simulated_days", DEFAULT_MAX_SIMULATED_DAYS, above=0, high=LIMITS.simulated_days
    )
    max_simulated_seconds = round(days * 86400)
    if max_simulated_seconds < 60:
        raise top.error(
            "max_simulated_days", f"expected at least one minute, got {_show(days)} days"
        )
    players = _read_players(top)
    levels = _read_levels(top, level_minutes, ante_kind, big_antes)
    breaks = _read_breaks(top)
    balancing_sec = top.table("balancing", {})
    balancing = Balancing(
        policy=balancing_sec.choice("policy", BalancePolicy, BalancePolicy.POKERSTARS),
        tolerance=balancing_sec.integer("tolerance", 1, low=1, high=seats - 1),
    )
    balancing_sec.done()
    hand_for_hand = _read_hand_for_hand(top, players.count)
    payouts = _read_payouts(top, players.count)
    timing = _read_timing(top)
    entries = _read_entries(top, stack)
    _check_totals(top, players.count, stack, entries)
    bounty = _read_bounty(top, entries)
    deal = _read_deal(top, final)
    faults = _read_faults(top)
    conduct = _read_conduct(top)
    connection = _read_connection(top)
    satellite = _read_satellite(top)
    shootout = _read_shootout(top, satellite, players.count, entries, (faults, conduct))
    registration, series = _read_registration(top, players), _read_series(top, satellite)
    return _finish(
        top,
        Scenario(
            name=name,
            description=description,
            start_seconds=start_seconds,
            seats_per_table=seats,
            final_table_size=final,
            starting_stack=stack,
            players=players,
            structure=structure,
            levels=levels,
            breaks=breaks,
            balancing=balancing,
            hand_for_hand=hand_for_hand,
            payouts=payouts,
            timing=timing,
            entries=entries,
            bounty=bounty,
            deal=deal,
            faults=faults,
            conduct=conduct,
            connection=connection,
            satellite=satellite,
            shootout=shootout,
            spin_and_go=_read_spin_and_go(top),
            registration=registration,
            series=series,
            flights=_read_flights(top, players.count, len(levels)),
            mystery_bounty=_read_mystery_bounty(top, players.count, entries, len(levels)),
            max_simulated_seconds=max_simulated_seconds,
            source=source,
            starts_at=starts_at,
        ),
    )


def _read_starts_at(top: Section) -> datetime | None:
    """The optional ``starts_at`` key: a TOML offset date-time (whole seconds)."""
    if not top.has("starts_at"):
        return None
    value = top.raw("starts_at")
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise top.error(
            "starts_at",
            "expected an offset date-time such as 2026-03-14T20:00:00-04:00, "
            f"got {_type_name(value)} {value!r}",
        )
    if value.microsecond:
        raise top.error("starts_at", f"expected whole seconds, got {value.isoformat()}")
    return value


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate one scenario file; every problem is a ``ConfigError`` naming the file."""
    source = os.fspath(path)
    return parse_scenario(read_toml(source, "scenario"), source=source)


MAX_TOML_BYTES = 16 * 1024 * 1024
"""The largest scenario or case file read (16 MiB: far above any real one)."""
MAX_TOML_DEPTH = 100
"""The deepest nesting of arrays and tables in a scenario or case file (real ones: about 4)."""


def read_toml(source: str, kind: str) -> dict[str, Any]:
    """A TOML file's data (a ``kind`` file: scenario, case); a problem is one ``ConfigError``.

    A file that starts with a byte order mark (Windows editors write "UTF-8 with BOM") is named
    as such: the TOML reader only said "Invalid statement (at line 1, column 1)". At most
    ``MAX_TOML_BYTES`` are read (``/dev/zero`` or a huge file is refused, not read whole), and
    nesting deeper than ``MAX_TOML_DEPTH`` is refused (the reader recurses per level).
    """
    try:
        with open(source, "rb") as handle:
            raw = handle.read(MAX_TOML_BYTES + 1)
    except FileNotFoundError:
        raise ConfigError(f"{source}: no such {kind} file") from None
    except IsADirectoryError:
        raise ConfigError(f"{source}: is a directory, expected a {kind} .toml file") from None
    if len(raw) > MAX_TOML_BYTES:
        raise ConfigError(
            f"{source}: larger than {MAX_TOML_BYTES // 2**20} MiB: expected a {kind} .toml file "
            "of at most that size"
        )
    if raw.startswith(b"\xef\xbb\xbf"):
        raise ConfigError(
            f"{source}: starts with a byte order mark (UTF-8 with BOM): expected UTF-8 TOML "
            "without one (save it as plain UTF-8)"
        )
    try:
        return check_toml_depth(tomllib.loads(raw.decode("utf-8")), source)
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{source}: not valid UTF-8 TOML: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(_too_deep(source)) from None


def _too_deep(source: str) -> str:
    return (
        f"{source}: too deeply nested: expected at most {MAX_TOML_DEPTH} levels of arrays and "
        "tables"
    )


def check_toml_depth(data: dict[str, Any], source: str) -> dict[str, Any]:
    """``data`` itself, once its arrays and tables are found at most ``MAX_TOML_DEPTH`` deep.

    Walked without recursion, so that no later reader (which may recurse) meets deeper data.
    """
    todo: list[tuple[Any, int]] = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_TOML_DEPTH:
            raise ConfigError(_too_deep(source))
        items = value.values() if isinstance(value, dict) else value
        todo.extend((v, depth + 1) for v in items if isinstance(v, dict | list))
    return data


def default_scenario_path() -> Path:
    """The built-in default scenario shipped inside the package (a 180-player 9-max turbo)."""
    return Path(str(resources.files("pokersim") / "data" / "default.toml"))


def load_default_scenario() -> Scenario:
    """The built-in default scenario, loaded."""
    return load_scenario(default_scenario_path())

"""Think time, the action clock, the time bank and disconnections, as pure functions (no simpy).

The engine owns simulated time and each player's state (time bank left, absent flag, connected
or not); this module only says what one decision costs and what happens when time runs out, so
the rules R-DIS-1..3 and R-HAND-6 can be tested without running a tournament.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from typing import Any, NamedTuple

import numpy as np

from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, LegalActions
from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.kernel_cache import njit

POSTFLOP_THINK_FACTOR = 1.5
"""Post-flop decisions of the built-in models take this much longer (fewer are routine folds)."""


def think_time(
    median: float, sigma: float, lo: float, hi: float, normal: float, street: int
) -> float:
    """Seconds one decision takes: a log-normal draw, clipped, longer after the flop.

    ``median * exp(sigma * normal)`` clipped to ``[lo, hi]``, times ``POSTFLOP_THINK_FACTOR``
    when ``street`` > 0. The one place think time is computed: :meth:`ThinkTime.draw`, the
    built-in models' ``think_seconds`` and the compiled rounds (through
    :data:`think_time_compiled`, the same source) all call it. What the decision and the table
    add on top (the scenario's pace) is :func:`decision_pace`'s.

    >>> think_time(2.0, 0.5, 0.5, 600.0, 0.0, 0), think_time(2.0, 0.5, 0.5, 600.0, 0.0, 1)
    (2.0, 3.0)
    """
    t = median * math.exp(sigma * normal)
    if t < lo:
        t = lo
    elif t > hi:
        t = hi
    return t * POSTFLOP_THINK_FACTOR if street else t


think_time_compiled = njit(cache=True)(think_time)
"""``think_time`` compiled, for the compiled rounds (``pokersim.betting_kernel``)."""


SHORT_HANDED_SIZES = tuple(range(2, 9))
"""The table sizes with a short-handed factor of their own: two to eight players dealt in (nine
and more play at 1)."""

PACE_WIDTH = 11 + len(SHORT_HANDED_SIZES)
"""Floats in a packed :class:`DecisionPace`: on, unopened, four street factors, facing,
reaction seconds, the short-handed factors from two players dealt in to eight, the
pre-action factor and the seconds under which it applies, then the free check's factor."""

PRE_ACTION_AT = PACE_WIDTH - 3
"""Where the pre-action factor sits in a packed :class:`DecisionPace` (its threshold next)."""

CHECK_AT = PACE_WIDTH - 1
"""Where the factor of a free check after the flop sits in a packed :class:`DecisionPace`."""


@frozen(slots=True, kw_only=True)
class DecisionPace:
    """How long a built-in model's decision takes, by the decision and the table.

    Factors multiply the model's own think time (``think_time``, post-flop already 1.5 times
    longer): ``street_factors`` by street (pre-flop, flop, turn, river); ``unopened_factor``
    for a pre-flop decision with nothing invested this round (not a blind); ``facing_bet_factor``
    when the call is a third of the pot or more (a half-pot bet) after a bet above the big
    blind, or puts the player all-in; ``short_handed_factors`` by the players dealt in, one for
    each of two to eight (``SHORT_HANDED_SIZES``; nine and more: 1), any shape: the calibrated
    one is fitted to published paces by table size (:func:`through_points`);
    ``pre_action_factor`` for a check (checking free) or a fold on any street that the model
    would have answered in under ``pre_action_below_seconds`` of its own think time: the easy
    answers a player ticks in advance in the client's check/fold box, which the client sends
    the moment the action arrives (the hand given up, or checking along). Real players tick a
    third of their pre-flop folds and few post-flop answers (docs/players.md, "Pace"): the
    quick draws are the pre-flop folds, post-flop draws being 1.5 times longer.
    ``check_factor`` for a free check after the flop, the answer that gives nothing and risks
    nothing: real players check there faster than they bet, fold or call (docs/players.md,
    *The pace by depth*). ``reaction_seconds`` is then added to every decision: the client
    showing the action and the player noticing it is their turn, a cost that does not grow with
    the decision. All factors
    1 and no reaction: think times as before, byte for byte (the engine then never calls
    :func:`decision_pace`).
    """

    street_factors: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    unopened_factor: float = 1.0
    facing_bet_factor: float = 1.0
    short_handed_factors: tuple[float, ...] = (1.0,) * len(SHORT_HANDED_SIZES)
    reaction_seconds: float = 0.0
    pre_action_factor: float = 1.0
    pre_action_below_seconds: float = math.inf
    check_factor: float = 1.0

    def __post_init__(self) -> None:
        factors = (
            *self.street_factors,
            self.unopened_factor,
            self.facing_bet_factor,
            *self.short_handed_factors,
            self.pre_action_factor,
            self.check_factor,
        )
        if (
            len(self.street_factors) != 4
            or len(self.short_handed_factors) != len(SHORT_HANDED_SIZES)
            or not all(math.isfinite(v) and 0 < v <= 100 for v in factors)
        ):
            raise ConfigError(
                f"decision pace: expected 4 street factors, {len(SHORT_HANDED_SIZES)} "
                f"short-handed factors (2 to 8 players) and factors in (0, 100], got "
                f"{self.street_factors}, {self.unopened_factor}, {self.facing_bet_factor}, "
                f"{self.short_handed_factors}, {self.pre_action_factor}, {self.check_factor}"
            )
        if not self.pre_action_below_seconds > 0:
            raise ConfigError(
                "decision pace: pre_action_below_seconds must be above 0, got "
                f"{self.pre_action_below_seconds}"
            )
        if not (math.isfinite(self.reaction_seconds) and 0 <= self.reaction_seconds <= 600):
            raise ConfigError(
                f"decision pace: reaction_seconds must be in [0, 600], got {self.reaction_seconds}"
            )

    @property
    def on(self) -> bool:
        """Whether the pace changes anything (off: the engine never calls it)."""
        return self != DecisionPace()

    @classmethod
    def for_scenario(
        cls,
        preset: str,
        *,
        street_factors: tuple[float, ...] | None = None,
        unopened_factor: float | None = None,
        facing_bet_factor: float | None = None,
        short_handed_factors: tuple[float, ...] | None = None,
        reaction_seconds: float | None = None,
        pre_action_factor: float | None = None,
        pre_action_below_seconds: float | None = None,
        check_factor: float | None = None,
    ) -> DecisionPace:
        """The scenario's ``[timing]``: a preset (``default``, ``calibrated``), keys over it."""
        base = CALIBRATED_PACE if preset == "calibrated" else DecisionPace()
        given: dict[str, Any] = {
            "street_factors": street_factors,
            "unopened_factor": unopened_factor,
            "facing_bet_factor": facing_bet_factor,
            "short_handed_factors": short_handed_factors,
            "reaction_seconds": reaction_seconds,
            "pre_action_factor": pre_action_factor,
            "pre_action_below_seconds": pre_action_below_seconds,
            "check_factor": check_factor,
        }
        return replace(base, **{k: v for k, v in given.items() if v is not None})

    def packed(self) -> tuple[float, ...]:
        """The ``PACE_WIDTH`` floats :func:`decision_pace` reads."""
        return (
            1.0 if self.on else 0.0,
            self.unopened_factor,
            *self.street_factors,
            self.facing_bet_factor,
            self.reaction_seconds,
            *self.short_handed_factors,
            self.pre_action_factor,
            self.pre_action_below_seconds,
            self.check_factor,
        )


def through_points(points: Sequence[tuple[int, float]]) -> tuple[float, ...]:
    """Short-handed factors for two to eight players, straight lines between ``points``.

    ``points`` are (players dealt in, factor) pairs, nine players at 1 among them; a size
    between two points takes the line between them, a size outside them the nearest point's.

    Rounded to four decimals, so a preset reads as it is printed.

    >>> through_points([(2, 0.8), (6, 1.4), (9, 1.0)])
    (0.8, 0.95, 1.1, 1.25, 1.4, 1.2667, 1.1333)
    """
    known = sorted(points)
    out = []
    for n in SHORT_HANDED_SIZES:
        lo = max((p for p in known if p[0] <= n), default=known[0])
        hi = min((p for p in known if p[0] >= n), default=known[-1])
        share = 0.0 if hi[0] == lo[0] else (n - lo[0]) / (hi[0] - lo[0])
        out.append(round(lo[1] + (hi[1] - lo[1]) * share, 4))
    return tuple(out)


CALIBRATED_SHORT_HANDED = ((2, 1.26), (6, 1.43), (9, 1.0))
"""The calibrated short-handed factor at the table sizes with a published pace, fitted to them
(docs/players.md, "Pace"): slower six-handed than heads-up, both slower than at nine."""

CALIBRATED_PACE = DecisionPace(
    street_factors=(1.25, 0.76, 0.836, 0.95),
    unopened_factor=0.88,
    facing_bet_factor=1.03,
    short_handed_factors=through_points(CALIBRATED_SHORT_HANDED),
    reaction_seconds=0.0,
    pre_action_factor=0.1,
    pre_action_below_seconds=1.99,
)
"""``[timing] pace = "calibrated"`` (docs/players.md, "Pace", says how it was measured)."""


def decision_pace(  # noqa: PLR0913
    pace: Sequence[float],
    at: int,
    think: float,
    street: int,
    bet: int,
    to_call: int,
    pot: int,
    stack: int,
    big_blind: int,
    players: int,
    check_or_fold: bool,
) -> float:
    """The seconds a decision takes, from the model's ``think`` time.

    ``pace[at : at + PACE_WIDTH]`` is a packed :class:`DecisionPace`, the rest the decision as
    the acting player sees it (``bet``: their chips in this round; ``pot`` with this round's
    bets; ``players``: dealt in this hand; ``check_or_fold``: the answer is a free check or a
    fold). The one place the shape is written: the engine's Python rounds and the compiled
    rounds (through :data:`decision_pace_compiled`) call it.

    >>> pace = DecisionPace(unopened_factor=0.5, facing_bet_factor=2.0, reaction_seconds=1.0)
    >>> decision_pace(pace.packed(), 0, 4.0, 0, 0, 10, 25, 1000, 10, 9, False)  # unopened
    3.0
    >>> decision_pace(pace.packed(), 0, 4.0, 3, 0, 60, 180, 1000, 10, 9, False)  # a pot bet
    9.0
    >>> heads_up = DecisionPace(short_handed_factors=(0.5, 1, 1, 1, 1, 1, 2))
    >>> [decision_pace(heads_up.packed(), 0, 4.0, 1, 0, 0, 40, 1000, 10, n, False)
    ...  for n in (2, 8, 9)]
    [2.0, 8.0, 4.0]
    >>> ticked = DecisionPace(pre_action_factor=0.25, pre_action_below_seconds=3.0)
    >>> [decision_pace(ticked.packed(), 0, t, 0, 0, 10, 40, 1000, 10, 9, True) for t in (2.0, 4.0)]
    [0.5, 4.0]
    >>> checks = DecisionPace(check_factor=0.5)
    >>> [decision_pace(checks.packed(), 0, 4.0, s, 0, 0, 40, 1000, 10, 9, True) for s in (0, 1)]
    [4.0, 2.0]
    """
    f = pace[at + 2 + street]
    if street == 0 and bet == 0:
        f *= pace[at + 1]
    if to_call > 0 and (to_call >= stack or (3 * to_call >= pot and bet + to_call > big_blind)):
        f *= pace[at + 6]
    if players < 9:
        f *= pace[at + 6 + players]  # the factor of two players sits at ``at + 8``
    if check_or_fold:
        if think < pace[at + PRE_ACTION_AT + 1]:
            f *= pace[at + PRE_ACTION_AT]
        if street > 0 and to_call == 0:
            f *= pace[at + CHECK_AT]
    return think * f + pace[at + 7]


NO_PACE = DecisionPace().packed()
"""A packed pace that is off (the compiled rounds then never multiply)."""

decision_pace_compiled = njit(cache=True)(decision_pace)
"""``decision_pace`` compiled, for the compiled rounds (``pokersim.betting_kernel``)."""


@frozen(slots=True, kw_only=True)
class ThinkTime:
    """Seconds a player needs for one decision: log-normal around ``median_seconds``.

    Log-normal because response times are positive and right-skewed: most actions are quick,
    a few take long enough to run into the clock. Draws are clipped to
    ``[min_seconds, max_seconds]`` so a single draw can never stall the simulation.
    """

    median_seconds: float = 2.5
    sigma: float = 0.8
    min_seconds: float = 0.5
    max_seconds: float = 600.0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.median_seconds) and self.median_seconds > 0):
            raise ConfigError(
                f"think time median_seconds must be a positive number, got {self.median_seconds}"
            )
        if not (math.isfinite(self.sigma) and self.sigma >= 0):
            raise ConfigError(f"think time sigma must be >= 0, got {self.sigma}")
        if not 0 <= self.min_seconds <= self.max_seconds:
            raise ConfigError(
                f"think time needs 0 <= min_seconds <= max_seconds, got "
                f"min_seconds={self.min_seconds}, max_seconds={self.max_seconds}"
            )

    def draw(self, rng: np.random.Generator) -> float:
        """One think time in seconds (one normal draw from ``rng``), as before the flop."""
        normal = float(rng.standard_normal())
        return think_time(
            self.median_seconds, self.sigma, self.min_seconds, self.max_seconds, normal, 0
        )

    @property
    def mean_seconds(self) -> float:
        """Mean of the unclipped distribution (for pace estimates)."""
        return self.median_seconds * math.exp(0.5 * self.sigma * self.sigma)


@frozen(slots=True, kw_only=True)
class ActionClock:
    """The action clock and time bank of R-DIS-1, plus a top-up of the bank at some levels.

    ``action_seconds`` is the limit of each decision; past it the player's time bank (which
    starts at ``time_bank_seconds``) runs down. ``bank_top_up_seconds`` is added when every
    ``top_up_every_levels``-th level starts (level 1 + k * that, k >= 1), up to
    ``bank_max_seconds`` (online sites refill banks this way; 0 seconds disables it).
    """

    action_seconds: float = 15.0
    time_bank_seconds: float = 30.0
    bank_top_up_seconds: float = 0.0
    bank_max_seconds: float = 120.0
    top_up_every_levels: int = 1

    def __post_init__(self) -> None:
        for key in ("action_seconds", "time_bank_seconds", "bank_top_up_seconds"):
            v = getattr(self, key)
            if not (math.isfinite(v) and v >= 0):
                raise ConfigError(f"action clock {key} must be a number >= 0, got {v}")
        if self.top_up_every_levels < 1:
            raise ConfigError(
                f"action clock top_up_every_levels must be >= 1, got {self.top_up_every_levels}"
            )
        if not self.bank_max_seconds >= self.time_bank_seconds:
            raise ConfigError(
                f"action clock bank_max_seconds={self.bank_max_seconds} is below "
                f"time_bank_seconds={self.time_bank_seconds}"
            )

    def tops_up_at(self, level_index: int) -> bool:
        """Whether the level at ``level_index`` (0: the first) starts with a top-up.

        >>> clock = ActionClock(bank_top_up_seconds=10.0, top_up_every_levels=4)
        >>> [k + 1 for k in range(13) if clock.tops_up_at(k)]
        [5, 9, 13]
        """
        return (
            self.bank_top_up_seconds > 0
            and level_index > 0
            and level_index % self.top_up_every_levels == 0
        )

    def bank_after_level_change(self, bank_seconds: float) -> float:
        """The bank after a new level starts: topped up, never above ``bank_max_seconds``."""
        return min(self.bank_max_seconds, max(bank_seconds, 0.0) + self.bank_top_up_seconds)


class ProtectionStage(StrEnum):
    """From when disconnect protection (R-DIS-3) applies."""

    OFF = "off"
    MONEY = "money"  # players left <= places paid
    BUBBLE = "bubble"  # players left <= places paid + 1 (hand-for-hand margin)
    FINAL_TABLE = "final-table"  # players left <= final-table size
    PLAYERS_LEFT = "players-left"  # players left <= DisconnectProtection.players_left
    ALWAYS = "always"


@frozen(slots=True, kw_only=True)
class DisconnectProtection:
    """R-DIS-3: extra seconds a *disconnected* player gets before timing out, in late stages.

    ``players_left`` is the threshold of the ``players-left`` stage (the scenario's
    ``[connection] protection_players_left``); :meth:`from_players_left` builds that form.
    """

    extra_seconds: float = 60.0
    stage: ProtectionStage = ProtectionStage.MONEY
    players_left: int = 0

    def __post_init__(self) -> None:
        if not (math.isfinite(self.extra_seconds) and self.extra_seconds >= 0):
            raise ConfigError(
                f"disconnect protection extra_seconds must be >= 0, got {self.extra_seconds}"
            )
        if not isinstance(self.stage, ProtectionStage):
            try:  # accept the TOML spelling, store the enum
                object.__setattr__(self, "stage", ProtectionStage(self.stage))
            except ValueError:
                raise ConfigError(
                    f"disconnect protection stage {self.stage!r}: expected one of "
                    f"{', '.join(s.value for s in ProtectionStage)}"
                ) from None
        if self.players_left < 0:
            raise ConfigError(
                f"disconnect protection players_left must be >= 0, got {self.players_left}"
            )

    @classmethod
    def from_players_left(cls, extra_seconds: float, players_left: int) -> DisconnectProtection:
        """Protection once at most ``players_left`` remain; 0 players or 0 seconds: never."""
        if players_left <= 0 or extra_seconds <= 0:
            return cls(extra_seconds=max(extra_seconds, 0.0), stage=ProtectionStage.OFF)
        return cls(
            extra_seconds=extra_seconds,
            stage=ProtectionStage.PLAYERS_LEFT,
            players_left=players_left,
        )

    def active(self, *, players_left: int, places_paid: int, final_table_size: int) -> bool:
        """Whether the tournament is in the protected stage now."""
        stage = self.stage
        if stage is ProtectionStage.OFF or self.extra_seconds == 0:
            return False
        if stage is ProtectionStage.ALWAYS:
            return True
        if stage is ProtectionStage.MONEY:
            return players_left <= places_paid
        if stage is ProtectionStage.BUBBLE:
            return players_left <= places_paid + 1
        if stage is ProtectionStage.PLAYERS_LEFT:
            return players_left <= self.players_left
        return players_left <= final_table_size


class DecisionOutcome(NamedTuple):
    """What one decision actually did (a named tuple: it is built once per decision).

    ``seconds`` is the simulated time the decision took; ``bank_used`` what it drew from the
    time bank; ``timed_out`` is R-DIS-1's time-out; ``sat_out`` a sitting-out player's instant
    fold (or check) under R-DIS-2; ``absent_after`` whether the player is marked absent (sitting
    out) after this decision.
    """

    action: Action
    seconds: float
    timed_out: bool
    sat_out: bool
    bank_used: float
    protection_used: float
    absent_after: bool


def timeout_action(legal: LegalActions) -> Action:
    """R-HAND-6: a player who runs out of time checks when checking is free, else folds."""
    return CHECK_CALL if legal.to_call == 0 else FOLD


def sitting_out_action(legal: LegalActions, others_all_in: bool) -> Action:
    """R-DIS-2: fold even when a check is free, unless everyone else in the hand is all-in.

    Then the player checks so that no pot is left without a player to win it. When checking
    is not free in that case (an all-in opponent bet more), the player folds: the all-in
    player then wins the pot, which still has a winner.
    """
    if others_all_in and legal.to_call == 0:
        return CHECK_CALL
    return FOLD


def others_all_in(view: DecisionView) -> bool:
    """True when every other player still in the hand has no chips behind."""
    seat = view.seat
    stacks = view.stacks
    for i, alive in enumerate(view.in_hand):
        if alive and i != seat and stacks[i] > 0:
            return False
    return True


def checked_think_seconds(value: object) -> float:
    """A model's think time as a float: a finite number >= 0 (an int is fine).

    Anything else (NaN, a negative or infinite number, a string such as ``"3"``, a boolean)
    is a ``ValueError`` that says what was expected and what came.
    """
    if type(value) is not float:
        if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
            raise ValueError(
                f"think_seconds must be a finite number >= 0, got {value!r} "
                f"(a {type(value).__name__}, not a number)"
            )
        value = float(value)
    if not (value >= 0 and math.isfinite(value)):
        raise ValueError(f"think_seconds must be a finite number >= 0, got {value}")
    return value


def resolve_decision(
    action: Action,
    think_seconds: float,
    legal: LegalActions,
    clock: ActionClock,
    *,
    bank_seconds: float,
    absent: bool = False,
    connected: bool = True,
    back_in_seconds: float = 0.0,
    protection_seconds: float = 0.0,
    others_all_in: bool = False,
) -> DecisionOutcome:
    """Apply the clock, the time bank and the player's presence to one decision.

    The engine calls this once per decision with the model's ``action`` and ``think_seconds``
    and the player's state at the start of the decision:

    - ``absent``: the player timed out earlier and has not acted since (sitting out);
    - ``connected`` and ``back_in_seconds``: when the player will be at the keyboard again,
      in seconds from the start of this decision (the rest of a disconnection, or of an
      absence; ``math.inf`` if not within this decision; 0 when present);
    - ``protection_seconds``: R-DIS-3 extra time, given only to a disconnected player (pass
      ``DisconnectProtection.extra_seconds`` when ``active(...)``, else 0);
    - ``others_all_in``: see :func:`others_all_in`.

    Rules: a sitting-out player who is not back is folded at once (R-DIS-2). Otherwise the
    player answers after ``back_in_seconds + think_seconds``; time beyond the clock comes first
    from the protection time, then from the bank; past all of it the player times out:
    check if free, else fold (R-DIS-1, R-HAND-6), and, if connected, is marked absent. A player
    who acts is no longer absent. The engine subtracts ``bank_used`` from the bank and advances
    its clock by ``seconds``.
    """
    think_seconds = checked_think_seconds(think_seconds)
    if not bank_seconds >= 0:
        raise ValueError(f"bank_seconds must be >= 0, got {bank_seconds}")
    if not back_in_seconds >= 0:
        raise ValueError(f"back_in_seconds must be >= 0 (or inf), got {back_in_seconds}")
    if absent and (back_in_seconds > 0 or not connected):
        return DecisionOutcome(
            sitting_out_action(legal, others_all_in), 0.0, False, True, 0.0, 0.0, True
        )
    base = clock.action_seconds
    extra = protection_seconds if not connected else 0.0
    response = back_in_seconds + think_seconds if not connected or absent else think_seconds
    if response <= base:
        return DecisionOutcome(action, response, False, False, 0.0, 0.0, False)
    if response <= base + extra:
        return DecisionOutcome(action, response, False, False, 0.0, response - base, False)
    if response <= base + extra + bank_seconds:
        used = min(response - base - extra, bank_seconds)  # rounding may overshoot by an ulp
        return DecisionOutcome(action, response, False, False, used, extra, False)
    total = base + extra + bank_seconds
    # R-DIS-1: a connected player who times out is marked absent; a disconnected one is not:
    # each of their decisions runs the clock again (R-DIS-3's protection in late stages)
    out = timeout_action(legal)
    return DecisionOutcome(out, total, True, False, bank_seconds, extra, connected)


@frozen(slots=True, kw_only=True)
class DisconnectModel:
    """The disconnection process of one player, as draws from that player's stream.

    Disconnections arrive as a Poisson process at ``rate_per_hour`` of play; each lasts a
    log-normal time (median ``median_seconds``, spread ``sigma``). A connected player who
    timed out stays away a log-normal ``away_median_seconds`` before acting again. The engine
    runs the process over simulated time; this record only draws the numbers.
    """

    rate_per_hour: float = 0.05
    median_seconds: float = 60.0
    sigma: float = 1.0
    away_median_seconds: float = 30.0
    away_sigma: float = 0.8

    def __post_init__(self) -> None:
        for key in ("rate_per_hour", "sigma", "away_sigma"):
            v = getattr(self, key)
            if not (math.isfinite(v) and v >= 0):
                raise ConfigError(f"disconnection {key} must be a number >= 0, got {v}")
        for key in ("median_seconds", "away_median_seconds"):
            v = getattr(self, key)
            if not (math.isfinite(v) and v > 0):
                raise ConfigError(f"disconnection {key} must be a number > 0, got {v}")

    def next_disconnect_in(self, rng: np.random.Generator) -> float:
        """Seconds from now to the next disconnection (``inf`` when the rate is 0).

        Always one draw, even at rate 0, so changing the rate never shifts later draws.
        """
        e = float(rng.standard_exponential())
        if self.rate_per_hour == 0:
            return math.inf
        return e * 3600.0 / self.rate_per_hour

    def duration(self, rng: np.random.Generator) -> float:
        """Seconds one disconnection lasts."""
        return self.median_seconds * math.exp(self.sigma * float(rng.standard_normal()))

    def away_after_timeout(self, rng: np.random.Generator) -> float:
        """Seconds a connected player who timed out stays away (sitting out)."""
        return self.away_median_seconds * math.exp(self.away_sigma * float(rng.standard_normal()))


@frozen(slots=True, kw_only=True)
class HandPace:
    """Fixed time per hand outside decisions: shuffling and dealing, each new street, showdown.

    With the default think times this gives about 60 hands per hour at a 9-max table.
    """

    deal_seconds: float = 6.0
    street_seconds: float = 1.5
    showdown_seconds: float = 3.0

    def __post_init__(self) -> None:
        for key in ("deal_seconds", "street_seconds", "showdown_seconds"):
            v = getattr(self, key)
            if not (math.isfinite(v) and v >= 0):
                raise ConfigError(f"hand pace {key} must be a number >= 0, got {v}")

    def overhead_seconds(self, streets_dealt: int, showdown: bool) -> float:
        """Seconds of dealing for a hand that dealt ``streets_dealt`` boards (0..3)."""
        return (
            self.deal_seconds
            + self.street_seconds * streets_dealt
            + (self.showdown_seconds if showdown else 0.0)
        )

"""The built-in models' parameters as records: one frozen dataclass per kind, one packed row.

A model's play is written once, in the compiled rounds (``pokersim.betting_kernel``) and the
Python reference models (``pokersim.players``), and both read the same record: the Python model
holds it, the compiled rounds read its :func:`pack`-ed row (one NumPy structured array, one
dtype for every kind, told apart by ``kind``). A record validates the scenario's parameters
(a ``ConfigError`` naming the model, the parameter and its range) and derives what the play
reads (chart cuts, the push-fold record a tight-aggressive model plays short).

A new parameter is a field of its record, a field of :data:`PARAMS_DTYPE` and a line of the
record's ``pack``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import field, fields
from typing import Any, ClassVar

import numpy as np

from pokersim import charts
from pokersim.errors import ConfigError
from pokersim.frozen import frozen
from pokersim.timing import ThinkTime

# the ``kind`` field of a packed row (0: not a built-in model)
RANDOM, CALLING, PUSH_FOLD, TIGHT, RANDOM_LEGAL = 1, 2, 3, 4, 5

BUBBLE_CAUTION = 1.0
"""``bubble_caution``'s default: what a tournament-aware player adds to its bubble factor, at
the money's door, times the share of its own chips at risk (all of it when it can bust; real
players over-fold on the bubble beyond ICM; docs/players.md, *Playing the tournament*). Read
only with ``tournament = true``."""
BUBBLE_RANGE = 0.02
"""``bubble_range``'s default: the share of hands (strongest first) with which a
tournament-aware stack that can bust still puts its chips in at the money's door (a caller
that covers an all-in keeps more, by the share of its chips at risk; a first-in shove or a
limp keeps more away from the door: ``players.over_folds``)."""

PARAMS_DTYPE = np.dtype(
    [
        ("kind", np.int64),
        ("blend", np.int64),  # 1: a skill blend (a mistake draw before every decision)
        ("mistake", np.float64),
        ("think_median", np.float64),
        ("think_sigma", np.float64),
        ("think_min", np.float64),
        ("think_max", np.float64),
        # push-fold's own, or the push-fold record a tight-aggressive model plays short
        ("pf_inv_loose", np.float64),
        ("pf_max_bb", np.float64),
        ("pf_open_raise_bb", np.float64),
        ("pf_open_cuts", np.int64, (4,)),
        ("pf_premium_cut", np.int64),
        ("pf_call_cut", np.int64),
        ("aware", np.int64),  # 1: plays the tournament (``tournament = true``)
        ("caution", np.float64),  # bubble_caution: the over-fold of a stack that can bust
        ("bubble_cut", np.int64),  # bubble_range's cut: what a stack that can bust still plays
        # tight-aggressive before the flop
        ("short_bb", np.float64),
        ("open_widest", np.int64),
        ("open_cuts", np.int64, (6,)),
        ("open_raise_bb", np.float64),
        ("limp_cut", np.int64),  # the widest of limp_cuts: what no position plays is folded
        ("limp_cuts", np.int64, (6,)),
        ("three_bet_cut", np.int64),
        ("premium_cut", np.int64),
        ("commit_bb", np.float64),
        ("call_cut", np.int64),
        # tight-aggressive after the flop
        ("samples", np.int64),
        ("range_cut", np.int64),
        ("bet_range_cut", np.int64),
        ("raise_range_cut", np.int64),
        ("commit_range_cut", np.int64),
        ("commit_fraction", np.float64),
        ("value_equity", np.float64),
        ("stab_equity", np.float64),
        ("bet_fraction", np.float64),
        ("raise_equity", np.float64),
        ("call_margin", np.float64),
        ("all_in_left", np.float64),  # a raise leaving less than this many pots behind: all-in
    ],
    align=True,
)


def check_number(model: str, key: str, value: Any, lo: float = 0.0, hi: float = 1.0) -> float:
    """``value`` as a float in ``[lo, hi]``, else a ``ConfigError`` naming model and key.

    A number only (an int is fine): a string such as ``"0.3"`` or a boolean is refused, as
    the scenario's other numeric keys refuse them.
    """
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Real):
        raise ConfigError(
            f"model {model!r}: parameter {key!r} must be a number in [{lo}, {hi}], "
            f"got {value!r} (a {type(value).__name__}, not a number)"
        )
    v = float(value)
    if not (math.isfinite(v) and lo <= v <= hi):
        raise ConfigError(
            f"model {model!r}: parameter {key!r} must be a number in [{lo}, {hi}], got {value!r}"
        )
    return v


def check_flag(model: str, key: str, value: Any) -> bool:
    """``value`` as a bool (TOML true/false only), else a ``ConfigError`` naming model and key."""
    if not isinstance(value, bool):
        raise ConfigError(
            f"model {model!r}: parameter {key!r} must be true or false, got {value!r}"
        )
    return value


def _set(record: object, **values: Any) -> None:
    for key, value in values.items():
        object.__setattr__(record, key, value)


@frozen(slots=True, kw_only=True)
class _Timed:
    """Think time (log-normal, ``pokersim.timing.think_time``), shared by every kind."""

    name: ClassVar[str] = ""
    kind: ClassVar[int] = 0
    pace_factor: ClassVar[float] = 1.0
    """Scales the scenario's think time into this kind's own (see ``players.make_model``)."""

    think_median_seconds: float = 2.0
    think_sigma: float = 0.8
    think: ThinkTime = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        median = check_number(self.name, "think_median_seconds", self.think_median_seconds, 0.01, 600.0)  # fmt: skip # noqa: E501
        sigma = check_number(self.name, "think_sigma", self.think_sigma, 0.0, 5.0)
        _set(self, think_median_seconds=median, think_sigma=sigma)
        _set(self, think=ThinkTime(median_seconds=median, sigma=sigma))

    def pack(self, row: np.void) -> None:
        """Write this record into a row of :data:`PARAMS_DTYPE`."""
        row["kind"] = self.kind
        row["think_median"] = self.think.median_seconds
        row["think_sigma"] = self.think.sigma
        row["think_min"] = self.think.min_seconds
        row["think_max"] = self.think.max_seconds


@frozen(slots=True, kw_only=True)
class RandomParams(_Timed):
    """``random``: nothing but its think time."""

    name: ClassVar[str] = "random"
    kind: ClassVar[int] = RANDOM
    pace_factor: ClassVar[float] = 0.6
    think_median_seconds: float = 1.5


@frozen(slots=True, kw_only=True)
class RandomLegalParams(RandomParams):
    """``random-legal``: the ``random`` record (its think time) under a kind of its own."""

    name: ClassVar[str] = "random-legal"
    kind: ClassVar[int] = RANDOM_LEGAL


@frozen(slots=True, kw_only=True)
class CallingStationParams(_Timed):
    """``calling-station``: nothing but its think time."""

    name: ClassVar[str] = "calling-station"
    kind: ClassVar[int] = CALLING
    pace_factor: ClassVar[float] = 0.8


@frozen(slots=True, kw_only=True)
class PushFoldParams(_Timed):
    """``push-fold``: chart looseness, the stack it shoves at, the deep-stack open size."""

    name: ClassVar[str] = "push-fold"
    kind: ClassVar[int] = PUSH_FOLD
    pace_factor: ClassVar[float] = 0.8
    looseness: float = 1.0
    max_bb: float = 15.0
    open_raise_bb: float = 2.5
    tournament: bool = False
    bubble_caution: float = BUBBLE_CAUTION
    bubble_range: float = BUBBLE_RANGE
    # derived
    inv_loose: float = field(init=False, repr=False, compare=False)
    bubble_cut: int = field(init=False, repr=False, compare=False)
    open_cuts: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)
    premium_cut: int = field(init=False, repr=False, compare=False)
    call_cut: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _Timed.__post_init__(self)
        n = self.name
        loose = check_number(n, "looseness", self.looseness, 0.25, 4.0)
        _set(
            self,
            tournament=check_flag(n, "tournament", self.tournament),
            bubble_caution=check_number(n, "bubble_caution", self.bubble_caution, 0.0, 5.0),
            bubble_range=check_number(n, "bubble_range", self.bubble_range),
            bubble_cut=_cut(n, "bubble_range", self.bubble_range),
            looseness=loose,
            max_bb=check_number(n, "max_bb", self.max_bb, 1.0, charts.CHART_MAX_BB),
            open_raise_bb=check_number(n, "open_raise_bb", self.open_raise_bb, 2.0, 5.0),
            inv_loose=1.0 / loose,
            open_cuts=tuple(
                charts.top_classes(min(1.0, w * loose)) for w in (0.12, 0.18, 0.28, 0.4)
            ),
            premium_cut=charts.top_classes(min(1.0, 0.03 * loose)),
            call_cut=charts.top_classes(min(1.0, 0.08 * loose)),
        )

    def pack(self, row: np.void) -> None:
        """Write this record into a row of :data:`PARAMS_DTYPE`."""
        _Timed.pack(self, row)
        self.pack_push_fold(row)

    def pack_push_fold(self, row: np.void) -> None:
        """The ``pf_`` fields (also a tight-aggressive model's short-stack play)."""
        row["pf_inv_loose"] = self.inv_loose
        row["pf_max_bb"] = self.max_bb
        row["pf_open_raise_bb"] = self.open_raise_bb
        row["pf_open_cuts"] = self.open_cuts
        row["pf_premium_cut"] = self.premium_cut
        row["pf_call_cut"] = self.call_cut
        row["aware"] = int(self.tournament)
        row["caution"] = self.bubble_caution
        row["bubble_cut"] = self.bubble_cut


def _cut(model: str, key: str, width: Any) -> int:
    return charts.top_classes(check_number(model, key, width))


BEHIND_GROUPS = "6+, 5, 4, 3, 2 and 1"
"""The players-behind groups of ``tight-aggressive``'s widths (``players.behind_slot``)."""


def _by_behind(model: str, key: str, widths: Sequence[Any]) -> tuple[int, ...]:
    """Six cuts by players behind (``BEHIND_GROUPS``) from six shares, or from five or four.

    Five are the form before the fourth seat from the button had its own share (6+, 4-5, 3, 2
    and 1: the 4-5 share read for 5 and for 4), four the form before the button had its own
    too (6+, 4-5, 2-3 and 1: the 2-3 share read for 3 and for 2): a file written for either
    plays as it did, but heads-up with four, where the small blind reads the button's share
    (``players.behind_slot``) and no longer the 1 one.
    """
    if len(widths) == 4:
        widths = (widths[0], widths[1], widths[1], widths[2], widths[2], widths[3])
    elif len(widths) == 5:
        widths = (widths[0], widths[1], *widths[1:])
    if len(widths) != 6:
        raise ConfigError(
            f"model {model!r}: parameter {key!r} needs 6 shares ({BEHIND_GROUPS} players "
            f"behind), 5 (6+, 4-5, 3, 2 and 1) or 4 (6+, 4-5, 2-3 and 1), got {widths!r}"
        )
    return tuple(_cut(model, key, w) for w in widths)


def _limp_cuts(model: str, width: Any) -> tuple[int, ...]:
    """``limp_width``'s cuts by players behind: one share for every position, or six (five, four).

    Real players limp and call more as a table gets short (the real field's VPIP is 24 % at
    tables of seven to nine and 32 % at six-max ones: ``docs/players.md``), which one width
    cannot give; several, as ``open_width``'s, can.
    """
    if isinstance(width, list | tuple):
        return _by_behind(model, "limp_width", tuple(width))
    cut = _cut(model, "limp_width", width)
    return (cut,) * 6


@frozen(slots=True, kw_only=True)
class TightAggressiveParams(_Timed):
    """``tight-aggressive``: pre-flop range widths and sizes, post-flop equity thresholds."""

    name: ClassVar[str] = "tight-aggressive"
    kind: ClassVar[int] = TIGHT
    pace_factor: ClassVar[float] = 1.0
    think_median_seconds: float = 2.5
    samples: int = 32
    short_bb: float = 15.0
    open_width: tuple[float, ...] = (0.11, 0.16, 0.25, 0.36)
    open_raise_bb: float = 2.5
    limp_width: float | tuple[float, ...] = 0.0
    three_bet_width: float = 0.035
    premium_width: float = 0.01
    commit_bb: float = 40.0
    call_width: float = 0.09
    range_width: float = 0.45
    bet_range_width: float = 0.3
    raise_range_width: float = 0.1
    commit_fraction: float = 0.35
    commit_range_width: float = 0.03
    bet_fraction: float = 0.66
    value_equity: float = 0.6
    stab_equity: float = 1.0
    raise_equity: float = 0.8
    call_margin: float = 0.03
    all_in_left: float = 0.0
    tournament: bool = False
    bubble_caution: float = BUBBLE_CAUTION
    bubble_range: float = BUBBLE_RANGE
    # derived: chart cuts (``charts.top_classes`` of the widths) and the short-stack play
    open_cuts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    open_widest: int = field(init=False, repr=False, compare=False)
    limp_cut: int = field(init=False, repr=False, compare=False)
    limp_cuts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    three_bet_cut: int = field(init=False, repr=False, compare=False)
    premium_cut: int = field(init=False, repr=False, compare=False)
    call_cut: int = field(init=False, repr=False, compare=False)
    range_cut: int = field(init=False, repr=False, compare=False)
    bet_range_cut: int = field(init=False, repr=False, compare=False)
    raise_range_cut: int = field(init=False, repr=False, compare=False)
    commit_range_cut: int = field(init=False, repr=False, compare=False)
    push_fold: PushFoldParams = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _Timed.__post_init__(self)
        n = self.name
        samples = self.samples
        if isinstance(samples, bool) or not isinstance(samples, int) or not 8 <= samples <= 4096:
            raise ConfigError(
                f"model {n!r}: parameter 'samples' must be an int in 8..4096, got {samples!r}"
            )
        short_bb = check_number(n, "short_bb", self.short_bb, 0.0, charts.CHART_MAX_BB)
        if not isinstance(self.open_width, list | tuple):
            raise ConfigError(
                f"model {n!r}: parameter 'open_width' must be a list of shares by players behind "
                f"(6, 5 or 4 numbers in 0..1), got {self.open_width!r}"
            )
        widths = tuple(self.open_width)
        open_cuts = _by_behind(n, "open_width", widths)
        _set(self, short_bb=short_bb, open_width=widths, open_cuts=open_cuts)
        _set(self, open_widest=max(open_cuts))
        _set(self, open_raise_bb=check_number(n, "open_raise_bb", self.open_raise_bb, 2.0, 5.0))
        limp_cuts = _limp_cuts(n, self.limp_width)
        if isinstance(self.limp_width, list):  # a scenario's array, kept as open_width is
            _set(self, limp_width=tuple(self.limp_width))
        _set(self, limp_cuts=limp_cuts, limp_cut=max(limp_cuts))
        _set(self, three_bet_cut=_cut(n, "three_bet_width", self.three_bet_width))
        _set(self, premium_cut=_cut(n, "premium_width", self.premium_width))
        _set(self, commit_bb=check_number(n, "commit_bb", self.commit_bb, 0.0, 1000.0))
        _set(self, commit_fraction=check_number(n, "commit_fraction", self.commit_fraction))
        _set(self, call_cut=_cut(n, "call_width", self.call_width))
        _set(self, range_cut=_cut(n, "range_width", self.range_width))
        _set(self, bet_range_cut=_cut(n, "bet_range_width", self.bet_range_width))
        _set(self, raise_range_cut=_cut(n, "raise_range_width", self.raise_range_width))
        _set(self, commit_range_cut=_cut(n, "commit_range_width", self.commit_range_width))
        _set(self, bet_fraction=check_number(n, "bet_fraction", self.bet_fraction, 0.1, 3.0))
        _set(self, value_equity=check_number(n, "value_equity", self.value_equity))
        _set(self, stab_equity=check_number(n, "stab_equity", self.stab_equity))
        _set(self, raise_equity=check_number(n, "raise_equity", self.raise_equity))
        _set(self, call_margin=check_number(n, "call_margin", self.call_margin, -0.5, 0.5))
        _set(self, all_in_left=check_number(n, "all_in_left", self.all_in_left, 0.0, 5.0))
        aware = check_flag(n, "tournament", self.tournament)
        caution = check_number(n, "bubble_caution", self.bubble_caution, 0.0, 5.0)
        bubble_range = check_number(n, "bubble_range", self.bubble_range)
        _set(self, tournament=aware, bubble_caution=caution, bubble_range=bubble_range)
        _set(
            self,
            push_fold=PushFoldParams(
                max_bb=max(short_bb, 1.0),
                tournament=aware,
                bubble_caution=caution,
                bubble_range=bubble_range,
            ),
        )

    def pack(self, row: np.void) -> None:
        """Write this record into a row of :data:`PARAMS_DTYPE`."""
        _Timed.pack(self, row)
        self.push_fold.pack_push_fold(row)
        row["short_bb"] = self.short_bb
        row["open_widest"] = self.open_widest
        row["open_cuts"] = self.open_cuts
        row["open_raise_bb"] = self.open_raise_bb
        row["limp_cut"] = self.limp_cut
        row["limp_cuts"] = self.limp_cuts
        row["three_bet_cut"] = self.three_bet_cut
        row["premium_cut"] = self.premium_cut
        row["commit_bb"] = self.commit_bb
        row["call_cut"] = self.call_cut
        row["samples"] = self.samples
        row["range_cut"] = self.range_cut
        row["bet_range_cut"] = self.bet_range_cut
        row["raise_range_cut"] = self.raise_range_cut
        row["commit_range_cut"] = self.commit_range_cut
        row["commit_fraction"] = self.commit_fraction
        row["value_equity"] = self.value_equity
        row["stab_equity"] = self.stab_equity
        row["bet_fraction"] = self.bet_fraction
        row["raise_equity"] = self.raise_equity
        row["call_margin"] = self.call_margin
        row["all_in_left"] = self.all_in_left


@frozen(slots=True, kw_only=True)
class RecreationalParams(TightAggressiveParams):
    """``recreational``: the tight-aggressive record with a recreational player's defaults.

    Raises a few hands, limps and calls many, calls raises wider, bets less and reads an
    opponent's bet as a wider range (so calls it down more); the values are set so that the
    model's VPIP, PFR and flops seen fall in the bands of ``data/calibration_targets.toml``.
    """

    name: ClassVar[str] = "recreational"
    open_width: tuple[float, ...] = (0.02, 0.025, 0.035, 0.05)
    limp_width: float | tuple[float, ...] = 0.55
    three_bet_width: float = 0.015
    call_width: float = 0.35
    short_bb: float = 5.0
    range_width: float = 0.6
    bet_range_width: float = 0.3
    raise_range_width: float = 0.2
    value_equity: float = 0.7
    stab_equity: float = 0.4
    raise_equity: float = 0.85
    bet_fraction: float = 0.5
    call_margin: float = -0.04


ModelParams = RandomParams | CallingStationParams | PushFoldParams | TightAggressiveParams

PARAMS_BY_NAME: dict[str, type[ModelParams]] = {
    cls.name: cls
    for cls in (
        RandomParams,
        RandomLegalParams,
        CallingStationParams,
        PushFoldParams,
        TightAggressiveParams,
        RecreationalParams,
    )
}


def param_names(cls: type[ModelParams]) -> list[str]:
    """The parameters a scenario may set for a kind (its record's init fields), sorted."""
    return sorted(f.name for f in fields(cls) if f.init)


@frozen(slots=True, kw_only=True)
class BlendParams:
    """A skill blend: a mistake with probability ``(1 - skill) * noise`` before each decision."""

    skill: float
    noise: float

    @property
    def mistake_p(self) -> float:
        """The probability of a mistake (``players.noise_action``) at each decision."""
        return (1.0 - self.skill) * self.noise

    def pack(self, row: np.void) -> None:
        """Write the blend fields into a row of :data:`PARAMS_DTYPE`."""
        row["blend"] = 1
        row["mistake"] = self.mistake_p


def pack(records: list[tuple[ModelParams, BlendParams | None]]) -> np.ndarray:
    """One row of :data:`PARAMS_DTYPE` per (model record, blend or None)."""
    rows = np.zeros(len(records), dtype=PARAMS_DTYPE)
    for row, (params, blend) in zip(rows, records):
        params.pack(row)
        if blend is not None:
            blend.pack(row)
    return rows

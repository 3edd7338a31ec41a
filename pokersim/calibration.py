"""How a field plays, measured from an event log, to set beside real tournaments.

A pure reduction, like ``pokersim.tally``: ``Measure.add`` takes the events of one log in
order (the records of ``pokersim.events``) and ``counts()`` returns plain numbers that add up
across runs (``add_counts``), so many runs measured in many processes give one table
(``statistics``). The hand's own statistics (VPIP, PFR, 3-bet, flop seen, showdowns, bets
and calls after the flop, all-ins) need the hands' events, logged only with
``record_actions`` (``pokersim run --actions``); the others need only the tournament's events.
Nothing here runs during play.

Definitions (as hand trackers count them, see ``docs/players.md``):

- VPIP: hands where the player called or raised before the flop, out of the hands where they
  made a decision before the flop (a walk in the big blind, or blinds that put a player
  all-in, are no chance to play). PFR: raised before the flop, same hands.
- 3-bet: re-raised when facing exactly one raise before the flop, out of the hands where they
  acted facing exactly one raise that was not their own.
- The same three at full tables (``vpip_full``, ``pfr_full``, ``three_bet_full``): only hands
  dealt to ``FULL_TABLE`` players or more. Ranges widen as a table gets short, and a
  sit-and-go plays a large part of its hands six-handed or fewer where a multi-table field
  plays nearly all at full tables; the published bands describe full tables.
- Flop seen: still in the hand when the flop was dealt, out of the hands dealt; also at full
  tables (``flop_seen_full``), where each player sees fewer flops than at a short one.
- WTSD: hands shown at a showdown, out of the flops seen; also over the hands dealt at
  tables averaging 40 big blinds or more (``wtsd_deep``), the depth of the cash tables whose
  trackers the published WTSD figures come from.
- After the flop: bets out of the answers checked to (a check or a bet: ``post_bet``) and
  calls out of the answers facing a bet (a fold, a call or a raise: ``post_call``), every
  decision counted, as trackers' "bet when checked to" and "call facing a bet" count them.
- All-in share: hands in which someone put their last chips in by a decision, by the table's
  average stack in big blinds at the hand's start.
- Pace: 3,600 over the mean seconds from one hand's start to the next at the same table, by
  the players dealt into the first; intervals over a pause (a break, a deal's negotiation, a
  server failure) or a synchronized hand do not count.
- The money bubble's hand-for-hand: synchronized hands and rounds (a round is every table
  dealing together) started before the bubble burst; its seconds are the synchronized
  stretches up to the burst (as ``TournamentResult.bubble_hand_for_hand_seconds``); its rounds
  per run as the mean and as the median run's.
- Bust rate: players out per table-hand with 10 to 30 players left to reach the money,
  against the same rate while more than 30 were left to reach it.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from pokersim.frozen import frozen
from pokersim.hand_log import TABLE_STARTED

__all__ = [
    "CELL_SIZES",
    "DEPTH_BANDS",
    "FULL_TABLE",
    "HOURLY_BREAK_MINUTE",
    "OWNER",
    "HandForHandCount",
    "PACE_PLAYERS",
    "Measure",
    "Statistic",
    "add_counts",
    "by_tournament",
    "follows",
    "history_owners",
    "imported_events",
    "measure",
    "resampled",
    "statistics",
]

Counts = dict[str, float]

#: table-average stack depth bands in big blinds: (label, low inclusive, high exclusive)
DEPTH_BANDS: tuple[tuple[str, float, float], ...] = (
    ("<10", 0.0, 10.0),
    ("10-20", 10.0, 20.0),
    ("20-40", 20.0, 40.0),
    ("40-100", 40.0, 100.0),
)
#: tables at least this deep (average stack, big blinds) play like the cash tables that
#: trackers' showdown figures describe: few all-ins before the flop
DEEP_BB = 40.0
#: a hand dealt to this many players or more is at a full table (more than a six-max table seats)
FULL_TABLE = 7
#: players dealt in, by cell of the pre-flop figures by depth and table size: (label, fewest)
CELL_SIZES: tuple[tuple[str, int], ...] = (("7-9", 7), ("4-6", 4), ("2-3", 2))
#: the table sizes whose pace is reported
PACE_PLAYERS = (9, 8, 7, 6, 5, 4, 3, 2)
NEAR_MONEY = (10, 30)  # players left to reach the money: the stretch before the bubble
ROUNDS_RUNS = "runs_with_bubble_rounds_"  # + rounds: how many runs had that many
_PAUSES = frozenset(
    {
        "BreakStarted",
        "AddOnBreakStarted",
        "DealNegotiationStarted",
        "ServerFailed",
        "HandRolledBack",
    }
)
_VOLUNTARY = frozenset({"call", "raise", "bet"})
# an answer after the flop with nothing to call; the others (fold, call, raise) face a bet (a
# fold with checking free, which only the random baseline makes, counts as facing one)
_FREE = frozenset({"check", "bet"})


class HandForHandCount:
    """Hands dealt hand-for-hand, and their rounds, on the money bubble and after it.

    A hand belongs to the money bubble when it started before the bubble burst (the round that
    bursts it included); a round is every table dealing together, at one second. Reads only
    ``TableHandStarted`` and ``BubbleBurst``, so ``pokersim run`` can count as it plays: the
    hands' events as records (``add``) or as the rows a written run makes (``row``), which it
    reads without decoding them.
    """

    __slots__ = ("after", "after_rounds", "burst", "hands", "rounds")

    def __init__(self) -> None:
        self.hands = 0  # on the money bubble
        self.rounds: set[int] = set()
        self.after = 0  # later stages (the final-table bubble)
        self.after_rounds: set[int] = set()
        self.burst = False

    def add(self, event: Any) -> None:
        """Take one event of the log (others are ignored)."""
        kind = type(event).__name__
        if kind == "TableHandStarted":
            if event.synchronized:
                self._synchronized(event.t)
        elif kind == "BubbleBurst":
            self.burst = True

    def row(self, row: bytes) -> None:
        """Take a hand's ``TableHandStarted`` or ``TableHandEnded`` row (``hand_log``'s bytes).

        A started row ends with its ``synchronized`` flag: most hands' end with a zero (as does
        an ended row whose last stack is 0), which is all this reads of them.
        """
        if row[-8:] == _FALSE:
            return
        code, t = _ROW_HEAD.unpack_from(row)
        if code == TABLE_STARTED:
            self._synchronized(t)

    def _synchronized(self, t: int) -> None:
        if self.burst:
            self.after += 1
            self.after_rounds.add(t)
        else:
            self.hands += 1
            self.rounds.add(t)


_ROW_HEAD = struct.Struct("2q")  # a table row's code and time
_FALSE = struct.pack("q", 0)


@dataclass(slots=True)
class _Hand:
    """The hand under way: who is in it, and what each player did before the flop."""

    models: list[str]
    decided: list[bool]
    entered: list[bool]
    raised: list[bool]
    three_opp: list[bool]
    three_bet: list[bool]
    folded: list[bool]
    saw_flop: list[bool]
    shown: list[bool]
    raises: int = 0
    last_raiser: int = -1
    all_in: bool = False
    depth: str | None = None
    deep: bool = False


class Measure:
    """Running counts of one log; ``add`` each event in order, then ``counts``."""

    def __init__(self) -> None:
        self.c: Counts = {}
        self.models: dict[int, str] = {}
        self.big_blind: dict[int, int] = {}
        self.places_paid = 0
        self.left = 0
        self.burst = False
        self.sync_since: int | None = None
        self.burst_t: int | None = None
        self.epoch = 0  # pauses so far: an interval over a pause is no pace sample
        self.last: dict[int, tuple[int, int, bool, int]] = {}  # table -> t, players, sync, epoch
        self.pending: dict[tuple[int, int], str | None] = {}  # (table, hand) -> depth band
        self.pending_deep: dict[tuple[int, int], bool] = {}  # (table, hand) -> at DEEP_BB+
        self.sync = HandForHandCount()
        self.rounds_before = 0  # the money-bubble rounds of the runs already ended
        self.deferred: set[int] = set()
        self.disqualified: set[int] = set()
        self.hand: _Hand | None = None

    def bump(self, key: str, by: float = 1.0) -> None:
        self.c[key] = self.c.get(key, 0.0) + by

    def add(self, event: Any) -> None:
        """Take one event of the log (events this reduction does not read are ignored)."""
        kind = type(event).__name__
        if kind in _PAUSES:
            self.epoch += 1
            return
        handler = getattr(self, "_" + kind, None)
        if handler is not None:
            handler(event)

    def counts(self) -> Counts:
        """The counts so far (a copy), ready to add to other runs' with ``add_counts``."""
        out = dict(self.c)
        out["bubble_hands"] = out.get("bubble_hands", 0.0) + self.sync.hands
        out["bubble_rounds"] = out.get("bubble_rounds", 0.0) + len(self.sync.rounds)
        return out

    # --- the tournament -----------------------------------------------------------------------

    def _FieldListed(self, e: Any) -> None:
        self.models = dict(zip(e.player_ids, e.models))

    def _TournamentStarted(self, e: Any) -> None:
        self.places_paid = e.places_paid
        self.left = e.entries
        self.bump("runs")
        self.bump("entries", e.entries)

    def _EntriesClosed(self, e: Any) -> None:
        self.places_paid = e.places_paid

    def _LevelStarted(self, e: Any) -> None:
        self.big_blind[e.level_index] = e.big_blind

    def _PlayerRegistered(self, e: Any) -> None:
        if e.registered:
            self.left += 1

    def _phase(self) -> str | None:
        """Where the field stands against the money: near the bubble, earlier, or neither."""
        if self.burst or not self.places_paid:
            return None
        to_go = self.left - self.places_paid
        if NEAR_MONEY[0] <= to_go <= NEAR_MONEY[1]:
            return "near"
        return "early" if to_go > NEAR_MONEY[1] else None

    def _TableHandStarted(self, e: Any) -> None:
        n = len(e.player_ids)
        self.bump("table_hands")
        phase = self._phase()
        if phase is not None:
            self.bump(f"hands_{phase}")
        self.sync.add(e)
        previous = self.last.get(e.table_id)
        if previous is not None:
            t0, players, sync, epoch = previous
            if not sync and not e.synchronized and epoch == self.epoch and e.t > t0:
                self.bump(f"pace_seconds_{players}", e.t - t0)
                self.bump(f"pace_intervals_{players}")
        self.last[e.table_id] = (e.t, n, e.synchronized, self.epoch)
        bb = self.big_blind.get(e.level_index)
        depth = None
        if bb:
            average = sum(e.stacks) / n / bb
            depth = next((b for b, lo, hi in DEPTH_BANDS if lo <= average < hi), None)
            self.pending_deep[(e.table_id, e.hand_no)] = average >= DEEP_BB
        self.pending[(e.table_id, e.hand_no)] = depth

    def _out(self) -> None:
        phase = self._phase()
        if phase is not None:
            self.bump(f"busts_{phase}")
        self.left -= 1

    def _EliminationsDeferred(self, e: Any) -> None:
        for p in e.player_ids:
            if p not in self.deferred:
                self.deferred.add(p)
                self._out()

    def _PlayerDisqualified(self, e: Any) -> None:
        self.disqualified.add(e.player_id)

    def _PlayerEliminated(self, e: Any) -> None:
        if e.place < 2:
            return
        if e.player_id not in self.disqualified:
            self.bump("eliminations")
        if e.player_id not in self.deferred:
            self._out()

    def _BubbleBurst(self, e: Any) -> None:
        self.sync.add(e)
        if not self.burst:
            self.burst = True
            self.burst_t = e.t

    def _HandForHandStarted(self, e: Any) -> None:
        self.sync_since = e.t

    def _HandForHandEnded(self, e: Any) -> None:
        self._synced(e.t)

    def _synced(self, end: int) -> None:
        if self.sync_since is None:
            return
        stop = end if self.burst_t is None else min(end, self.burst_t)
        self.bump("bubble_h4h_seconds", max(0, stop - self.sync_since))
        self.sync_since = None

    def _TournamentEnded(self, e: Any) -> None:
        self._synced(e.t)
        rounds = len(self.sync.rounds)  # the runs by their rounds: a histogram, for the median
        self.bump(f"{ROUNDS_RUNS}{rounds - self.rounds_before}")
        self.rounds_before = rounds
        self.bump("hands", e.hands_played)
        self.bump("duration_seconds", e.t)

    # --- one hand's own events ----------------------------------------------------------------

    def _HandStarted(self, e: Any) -> None:
        n = len(e.player_ids)
        self.hand = _Hand(
            models=[self.models.get(p, "?") for p in e.player_ids],
            decided=[False] * n,
            entered=[False] * n,
            raised=[False] * n,
            three_opp=[False] * n,
            three_bet=[False] * n,
            folded=[False] * n,
            saw_flop=[False] * n,
            shown=[False] * n,
            depth=self.pending.pop((e.table_id, e.hand_no), None),
            deep=self.pending_deep.pop((e.table_id, e.hand_no), False),
        )

    def _ActionTaken(self, e: Any) -> None:
        h = self.hand
        if h is None:
            return
        s = e.seat
        kind = str(e.kind)
        if e.all_in:
            h.all_in = True
        if kind == "fold":
            h.folded[s] = True
        if e.street != 0:  # after the flop: checked to (check or bet) or facing a bet
            model = h.models[s]
            if kind in _FREE:
                self.bump(f"post_free|{model}")
                self.bump(f"post_bet|{model}", kind == "bet")
            else:
                self.bump(f"post_facing|{model}")
                self.bump(f"post_call|{model}", kind == "call")
            return
        if not h.three_opp[s] and h.raises == 1 and h.last_raiser != s:
            h.three_opp[s] = True
            h.three_bet[s] = kind == "raise"
        h.decided[s] = True
        if kind in _VOLUNTARY:
            h.entered[s] = True
        if kind == "raise":
            h.raised[s] = True
            h.raises += 1
            h.last_raiser = s

    def _BoardDealt(self, e: Any) -> None:
        h = self.hand
        if h is not None and e.street == 1:
            h.saw_flop = [not f for f in h.folded]

    def _HandShown(self, e: Any) -> None:
        if self.hand is not None:
            self.hand.shown[e.seat] = True

    def _HandEnded(self, e: Any) -> None:
        h, self.hand = self.hand, None
        if h is None:
            return
        bump = self.bump
        n = len(h.models)
        tags: tuple[str, ...] = ("", "_full") if n >= FULL_TABLE else ("",)
        if h.depth is not None:  # the pre-flop figures by depth and table size, too
            cell = next(f"_{h.depth}_{size}" for size, fewest in CELL_SIZES if n >= fewest)
            tags += (cell,)
        for i, model in enumerate(h.models):
            bump(f"dealt|{model}")
            for tag in tags:
                if h.decided[i]:
                    bump(f"vpip_chances{tag}|{model}")
                    bump(f"vpip{tag}|{model}", h.entered[i])
                    bump(f"pfr{tag}|{model}", h.raised[i])
                if h.three_opp[i]:
                    bump(f"three_bet_chances{tag}|{model}")
                    bump(f"three_bet{tag}|{model}", h.three_bet[i])
            if n >= FULL_TABLE:
                bump(f"dealt_full|{model}")
                bump(f"flop_full|{model}", h.saw_flop[i])
            if h.saw_flop[i]:
                bump(f"flop|{model}")
                bump(f"showdown|{model}", h.shown[i])
                if h.deep:
                    bump(f"flop_deep|{model}")
                    bump(f"showdown_deep|{model}", h.shown[i])
        if h.depth is not None:
            bump(f"depth_hands_{h.depth}")
            bump(f"all_in_hands_{h.depth}", h.all_in)


def measure(events: Iterable[Any]) -> Counts:
    """The counts of one log (its events in order)."""
    m = Measure()
    for event in events:
        m.add(event)
    return m.counts()


def add_counts(total: Counts, more: Mapping[str, float]) -> Counts:
    """``total`` with ``more`` added key by key (in place; returned for convenience)."""
    for key, value in more.items():
        total[key] = total.get(key, 0.0) + value
    return total


@frozen(slots=True, kw_only=True)
class Statistic:
    """One measured statistic: ``value`` is None when the log had nothing to measure it on."""

    name: str
    label: str
    unit: str
    value: float | None
    sample: float  # what it was measured on (hands, chances, intervals, runs)


def median_rounds(c: Mapping[str, float]) -> float | None:
    """The median run's money-bubble hand-for-hand rounds, from the runs counted by rounds."""
    runs = sorted(
        (int(key[len(ROUNDS_RUNS) :]), n) for key, n in c.items() if key.startswith(ROUNDS_RUNS)
    )
    total = sum(n for _, n in runs)
    if total <= 0:
        return None
    middle = []
    seen = 0.0
    for rounds, n in runs:  # the (total + 1) // 2-th and the total // 2 + 1-th run
        for rank in ((total + 1) // 2, total // 2 + 1):
            if seen < rank <= seen + n:
                middle.append(rounds)
        seen += n
    return sum(middle) / len(middle)


def _ratio(c: Mapping[str, float], top: str, bottom: str, scale: float = 1.0) -> float | None:
    den = c.get(bottom, 0.0)
    return None if den <= 0 else scale * c.get(top, 0.0) / den


def _model_sum(c: Mapping[str, float], key: str, model: str | None) -> float:
    if model is not None:
        return c.get(f"{key}|{model}", 0.0)
    return sum(v for k, v in c.items() if k.split("|")[0] == key and "|" in k)


def models_of(c: Mapping[str, float]) -> list[str]:
    """The models the counts saw deal in, sorted."""
    return sorted({k.split("|", 1)[1] for k in c if k.startswith("dealt|")})


def _player_stats(c: Mapping[str, float], model: str | None) -> list[Statistic]:
    who = "field" if model is None else model
    pairs = (
        ("vpip", "vpip", "vpip_chances", "VPIP"),
        ("vpip_full", "vpip_full", "vpip_chances_full", "VPIP at full tables"),
        ("pfr", "pfr", "vpip_chances", "PFR"),
        ("pfr_full", "pfr_full", "vpip_chances_full", "PFR at full tables"),
        ("three_bet", "three_bet", "three_bet_chances", "3-bet"),
        ("three_bet_full", "three_bet_full", "three_bet_chances_full", "3-bet at full tables"),
        ("flop_seen", "flop", "dealt", "flop seen"),
        ("flop_seen_full", "flop_full", "dealt_full", "flop seen at full tables"),
        ("wtsd", "showdown", "flop", "went to showdown"),
        ("wtsd_deep", "showdown_deep", "flop_deep", "went to showdown at 40+ bb"),
        ("post_bet", "post_bet", "post_free", "bet when checked to after the flop"),
        ("post_call", "post_call", "post_facing", "call facing a bet after the flop"),
    )
    out = []
    for name, top, bottom, label in pairs:
        den = _model_sum(c, bottom, model)
        value = None if den <= 0 else 100.0 * _model_sum(c, top, model) / den
        out.append(
            Statistic(
                name=f"{name}.{who}", label=f"{label} ({who})", unit="%", value=value, sample=den
            )
        )
    return out


def _cell_stats(c: Mapping[str, float]) -> list[Statistic]:
    """The field's VPIP and PFR by the table's depth and its players (7-9 and 4-6).

    Real histories and simulated tournaments spend their hands in different cells (a turbo's
    full tables are short, a 6-max site's tables hold six): a cell compares like with like.
    """
    out = []
    for band, _lo, _hi in DEPTH_BANDS:
        for size, _fewest in CELL_SIZES[:2]:
            den = _model_sum(c, f"vpip_chances_{band}_{size}", None)
            for name, label in (("vpip", "VPIP"), ("pfr", "PFR")):
                top = _model_sum(c, f"{name}_{band}_{size}", None)
                out.append(
                    Statistic(
                        name=f"{name}_cell.{band}.{size}",
                        label=f"{label} at {band} bb, {size} players (field)",
                        unit="%",
                        value=None if den <= 0 else 100.0 * top / den,
                        sample=den,
                    )
                )
    return out


def statistics(c: Mapping[str, float]) -> list[Statistic]:
    """Every statistic of the summed counts, the field first, then each model."""
    out = _player_stats(c, None) + _cell_stats(c)
    for model in models_of(c):
        out += _player_stats(c, model)
    for band, _lo, _hi in DEPTH_BANDS:
        out.append(
            Statistic(
                name=f"all_in.{band}",
                label=f"all-in share of hands at {band} bb",
                unit="%",
                value=_ratio(c, f"all_in_hands_{band}", f"depth_hands_{band}", 100.0),
                sample=c.get(f"depth_hands_{band}", 0.0),
            )
        )
    for n in PACE_PLAYERS:
        seconds = c.get(f"pace_seconds_{n}", 0.0)
        intervals = c.get(f"pace_intervals_{n}", 0.0)
        out.append(
            Statistic(
                name=f"hands_per_hour.{n}",
                label=f"hands per hour, {n} at the table",
                unit="hands/h",
                value=None if seconds <= 0 else 3600.0 * intervals / seconds,
                sample=intervals,
            )
        )
    runs = c.get("runs", 0.0)
    per_run = (
        ("bubble_h4h_rounds", "bubble_rounds", "money-bubble hand-for-hand rounds per run", ""),
        ("bubble_h4h_hands", "bubble_hands", "money-bubble hand-for-hand hands per run", ""),
        ("bubble_h4h_minutes", "bubble_h4h_seconds", "money-bubble hand-for-hand time", "min"),
        ("duration_hours", "duration_seconds", "duration", "h"),
    )
    for name, key, label, unit in per_run:
        scale = 1 / 60 if unit == "min" else 1 / 3600 if unit == "h" else 1.0
        value = _ratio(c, key, "runs", scale)
        out.append(Statistic(name=name, label=label, unit=unit, value=value, sample=runs))
        if name == "bubble_h4h_rounds":
            out.append(
                Statistic(
                    name="bubble_h4h_rounds_median",
                    label="money-bubble hand-for-hand rounds, median run",
                    unit="",
                    value=median_rounds(c),
                    sample=runs,
                )
            )
    near = _ratio(c, "busts_near", "hands_near")
    early = _ratio(c, "busts_early", "hands_early")
    for name, value, where, hands in (
        ("busts_per_100_hands_near_money", near, "10-30 from the money", "hands_near"),
        ("busts_per_100_hands_earlier", early, "earlier", "hands_early"),
    ):
        out.append(
            Statistic(
                name=name,
                label=f"busts per 100 table-hands, {where}",
                unit="",
                value=None if value is None else 100.0 * value,
                sample=c.get(hands, 0.0),
            )
        )
    out.append(
        Statistic(
            name="bust_rate_near_money",
            label="busts per table-hand 10-30 from the money, against earlier",
            unit="x",
            value=None if near is None or not early else near / early,
            sample=c.get("hands_near", 0.0),
        )
    )
    out.append(
        Statistic(
            name="hands_per_elimination",
            label="hands per elimination",
            unit="hands",
            value=_ratio(c, "hands", "eliminations"),
            sample=c.get("eliminations", 0.0),
        )
    )
    return out


#: ``resampled``: how many times the runs are drawn again, and the share of draws kept
RESAMPLES = 1000
RESAMPLED_LEVEL = 0.9


def resampled(
    per_run: Sequence[Mapping[str, float]],
    *,
    draws: int = RESAMPLES,
    level: float = RESAMPLED_LEVEL,
    seed: int = 0,
) -> dict[str, tuple[float, float]]:
    """Each statistic's sampling range over the runs, drawn again with replacement.

    The runs are drawn ``draws`` times (a fixed seed: the same runs give the same ranges), each
    draw's counts summed and measured as the runs' own (``statistics``), and the central
    ``level`` of the values kept (90 %: the 5th to the 95th percentile). A statistic measured
    in fewer than half the draws has no range. Information beside a verdict, never a verdict:
    what another set of as many runs could read (a run has one final table, one money bubble
    and one heads-up match).
    """
    import numpy as np  # noqa: PLC0415 - only the report's ranges need it

    if not per_run:
        return {}
    keys = sorted({k for counts in per_run for k in counts})
    table = np.array([[counts.get(k, 0.0) for k in keys] for counts in per_run])
    rng = np.random.default_rng(seed)
    n = len(per_run)
    seen: dict[str, list[float]] = {}
    for _ in range(draws):
        weights = np.bincount(rng.integers(0, n, n), minlength=n)
        sums = weights @ table
        for s in statistics(dict(zip(keys, sums.tolist(), strict=True))):
            if s.value is not None:
                seen.setdefault(s.name, []).append(s.value)
    tail = 100.0 * (1.0 - level) / 2.0
    return {
        name: (float(np.percentile(values, tail)), float(np.percentile(values, 100.0 - tail)))
        for name, values in seen.items()
        if 2 * len(values) >= draws
    }


# --- real hands, measured by the same reduction ------------------------------------------------


#: online sites break five minutes each hour, from this minute: no pace sample spans one
HOURLY_BREAK_MINUTE = 55


def follows(previous: Any, hand: Any) -> bool:
    """Whether ``hand`` is the next hand after ``previous`` at the same table, with no break.

    Both must state their tournament, table and start; the hand starts later, and no hourly
    break (minute ``HOURLY_BREAK_MINUTE`` to the hour) falls between the two starts. Every
    player dealt into both starts ``hand`` with the chips they ended ``previous`` with: with
    antes or blinds, a hand missing between the two would have changed someone's stack (a
    history keeps only the tables its player sat at, and often not every hand of those).
    """
    if previous.started is None or hand.started is None or not hand.table:
        return False
    if (previous.tournament, previous.table) != (hand.tournament, hand.table):
        return False
    if hand.started <= previous.started or _break_between(previous.started, hand.started):
        return False
    common = [s for s in hand.seats if s.name in previous.final_stacks]
    return bool(common) and all(previous.final_stacks[s.name] == s.stack for s in common)


def _break_between(start: Any, end: Any) -> bool:
    """Whether a minute ``HOURLY_BREAK_MINUTE`` mark lies in (start, end]."""
    mark = start.replace(minute=HOURLY_BREAK_MINUTE, second=0, microsecond=0)
    if mark <= start:
        mark += timedelta(hours=1)
    return mark <= end


#: the model a real history's own player is listed with (``imported_events``)
OWNER = "owner"


def by_tournament(hands: Iterable[Any]) -> dict[str, list[Any]]:
    """Real hands grouped by their tournament, in order (a hand that names none stands alone)."""
    groups: dict[str, list[Any]] = {}
    for hand in hands:
        groups.setdefault(hand.tournament or f"{hand.origin} {hand.hand_id}", []).append(hand)
    return groups


def history_owners(hands: Iterable[Any]) -> frozenset[str]:
    """The players whose histories these are: their hole cards show in every hand they play.

    A site exports a player's own hands, with that player's cards in each and the others' only
    when shown down. A name whose cards show in every hand of a tournament of two hands or more
    owns the history; it owns every hand it plays in the files (the same export's player).
    """
    owners: set[str] = set()
    for group in by_tournament(hands).values():
        if len(group) >= 2:
            owners |= set.intersection(*(set(h.hole or ()) for h in group))
    return frozenset(owners)


def imported_events(hands: Iterable[Any], owners: Iterable[str] = ()) -> list[Any]:
    """Hands read back from real histories (``history.imported.ImportedHand``) as an event log.

    Hands that follow one another at one table (``follows``, in the order given) are one table
    of the log, at their stated times in seconds from the first stated start, so the pace of
    those stretches is measured as a simulated table's; every other hand is a table of its own.
    The players are listed with the model ``real``, the histories' own players (``owners``,
    see ``history_owners``) with ``OWNER``: one player sits in every hand of a history, so the
    field's figures are the others'. Forced bets are replayed from the hand's level to know who
    went all-in; a showdown is every player who did not fold when more than one is left.
    """
    from pokersim.events import FieldListed  # noqa: PLC0415 - keep the reduction free of records

    hands = list(hands)
    owned = frozenset(owners)
    ids: dict[str, int] = {}
    for hand in hands:
        for seat in hand.seats:
            ids.setdefault(seat.name, len(ids))
    log: list[Any] = [
        FieldListed(
            t=0,
            player_ids=tuple(ids.values()),
            names=tuple(ids),
            models=tuple(OWNER if name in owned else "real" for name in ids),
            late_ids=(),
        )
    ]
    origin = min((h.started for h in hands if h.started is not None), default=None)
    table, hand_no = -1, 0
    for k, hand in enumerate(hands):
        if k == 0 or not follows(hands[k - 1], hand):
            table, hand_no = table + 1, 0
        hand_no += 1
        known = origin is not None and hand.started is not None
        seconds = int((hand.started - origin).total_seconds()) if known else 0
        log += _hand_events(hand, ids, level=k, table=table, hand_no=hand_no, t=seconds)
    return log


def _hand_events(
    hand: Any, ids: Mapping[str, int], *, level: int, table: int, hand_no: int, t: int
) -> list[Any]:
    """One imported hand's events, from its level to its end."""
    from pokersim.events import (  # noqa: PLC0415 - keep the reduction free of records
        ActionKind,
        ActionTaken,
        BoardDealt,
        HandEnded,
        HandShown,
        HandStarted,
        LevelStarted,
        TableHandStarted,
    )

    seats = hand.seats
    pids = tuple(ids[s.name] for s in seats)
    stacks = tuple(s.stack for s in seats)
    seat_nos = tuple(s.seat_no for s in seats)
    seat_of = {s.name: i for i, s in enumerate(seats)}
    button = next((i for i, s in enumerate(seats) if s.seat_no == hand.button), 0)
    log: list[Any] = [
        LevelStarted(
            t=t,
            level_index=level,
            small_blind=hand.small_blind,
            big_blind=hand.big_blind,
            ante=hand.ante,
            ante_kind=hand.ante_kind,
        ),
        TableHandStarted(
            t=t,
            table_id=table,
            hand_no=hand_no,
            level_index=level,
            button_seat=hand.button,
            seat_nos=seat_nos,
            player_ids=pids,
            stacks=stacks,
            synchronized=False,
        ),
        HandStarted(
            table_id=table,
            hand_no=hand_no,
            button=button,
            player_ids=pids,
            seat_nos=seat_nos,
            stacks=stacks,
        ),
    ]
    behind = dict(zip((s.name for s in seats), stacks))
    _post_forced(hand, behind)
    flop = len(hand.board) >= 3 or any(a.street >= 1 for a in hand.actions)
    folded: set[str] = set()
    for street in range(4):
        if street == 1 and flop:
            log.append(
                BoardDealt(street=1, cards=tuple(hand.board[:3]), board=tuple(hand.board[:3]))
            )
        for a in (a for a in hand.actions if a.street == street):
            behind[a.name] -= a.chips
            if a.verb == "fold":
                folded.add(a.name)
            log.append(
                ActionTaken(
                    seat=seat_of[a.name],
                    player_id=ids[a.name],
                    street=street,
                    kind=ActionKind(a.verb),
                    amount=a.chips,
                    to=a.to,
                    all_in=a.chips > 0 and behind[a.name] <= 0,
                )
            )
    live = [s.name for s in seats if s.name not in folded]
    if len(live) > 1:
        for name in live:
            cards = tuple(hand.hole.get(name, (0, 1)))
            log.append(HandShown(seat=seat_of[name], player_id=ids[name], cards=cards, rank=0))
    log.append(HandEnded(table_id=table, hand_no=hand_no, final_stacks=()))
    return log


def _post_forced(hand: Any, behind: dict[str, int]) -> None:
    """Take the antes and blinds from the stacks, short stacks posting what they have."""

    def post(name: str | None, amount: int) -> None:
        if name is not None and name in behind:
            behind[name] -= min(amount, behind[name])

    if hand.ante and hand.ante_kind == "classic":
        for name in list(behind):
            post(name, hand.ante)
    if hand.ante and hand.ante_kind == "bb":
        post(hand.big_blind_name, hand.ante)
    post(hand.small_blind_name, hand.small_blind)
    post(hand.big_blind_name, hand.big_blind)

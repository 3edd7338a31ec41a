"""What a tournament's hand histories share: ids, buy-in, clock and zone, finishes, summary.

Trackers (PokerTracker, Hold'em Manager, fpdb) key tournaments by their id and hands by their
hand number, and drop anything they have seen before. So:

- ``tournament_id(scenario, seed)`` is a stable hash of the scenario's content and the seed: the
  same run always gets the same id, another scenario or seed another one.
- ``hand_id(tournament_id, order)`` puts the hand's order in the tournament (1, 2, ... as hands
  end) after the tournament id, so hand numbers never repeat across runs and increase within one.
- ``TournamentClock`` turns simulated seconds into the wall clock of the scenario's start
  (``starts_at``, a TOML offset date-time; default 2026-01-01 at ``start``, Eastern Time) and
  the zone label both formats print.
- ``Finish`` / ``BountyWin`` are the eliminations of one hand, printed after the pots as
  PokerStars does; ``tournament_summary`` is PokerStars' tournament-summary text.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, date, datetime, time, timedelta, timezone
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from pokersim.frozen import frozen

__all__ = [
    "DEFAULT_DATE",
    "BountyWin",
    "Finish",
    "SummaryPlace",
    "TournamentClock",
    "buy_in_text",
    "finish_lines",
    "hand_id",
    "money",
    "ordinal",
    "start_datetime",
    "summary_buy_in",
    "tournament_id",
    "tournament_summary",
]

#: The date of a scenario without ``starts_at``.
DEFAULT_DATE = date(2026, 1, 1)
#: PokerStars' own clock: US Eastern time, written ``ET``.
EASTERN = ZoneInfo("America/New_York")
#: Hands per tournament the hand ids leave room for.
HANDS_PER_TOURNAMENT = 1_000_000_000


def _default(field: dataclasses.Field[Any]) -> Any:
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return field.default


def _counts(record: Any, field: dataclasses.Field[Any]) -> bool:
    if field.name == "source":
        return False
    if field.metadata.get("id_when_set"):  # added after ids were first given out
        return bool(getattr(record, field.name) != _default(field))
    return True


def _canonical(value: Any) -> Any:
    """A JSON-able form of a scenario record, independent of where it was loaded from.

    A field marked ``id_when_set`` (a section added after ids were first issued) is left out
    while it holds its default, so adding an option renumbers no existing tournament.
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _canonical(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if _counts(value, f)
        }
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return repr(value)


def tournament_id(scenario: Any, seed: int) -> int:
    """A nine-digit id, the same for the same scenario content and seed, else (almost surely) not.

    The file the scenario came from does not count: a copy elsewhere gives the same id.
    """
    text = json.dumps([_canonical(scenario), int(seed)], sort_keys=True, default=repr)
    digest = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
    return 100_000_000 + digest % 900_000_000


def hand_id(tournament: int, order: int) -> int:
    """The PokerStars hand number of the tournament's ``order``-th hand (from 1).

    ``tournament * 10**9 + order``: at most 18 digits, so it fits every tracker's 64-bit id.
    """
    if not 1 <= order < HANDS_PER_TOURNAMENT:
        raise ValueError(f"hand order {order} out of range 1..{HANDS_PER_TOURNAMENT - 1}")
    return tournament * HANDS_PER_TOURNAMENT + order


def start_datetime(scenario: Any) -> datetime:
    """The scenario's start as an aware date-time: ``starts_at``, else the default.

    The default is 2026-01-01 at the scenario's ``start`` clock time in Eastern Time
    (UTC-05:00 that day), PokerStars' own zone.
    """
    given = getattr(scenario, "starts_at", None)
    if given is not None:
        return given
    seconds = int(scenario.start_seconds)
    naive = datetime.combine(DEFAULT_DATE, time()) + timedelta(seconds=seconds)
    return naive.replace(tzinfo=EASTERN)


def _label(start: datetime) -> tuple[timezone | ZoneInfo, str]:
    """The zone the histories are written in, and its label (``ET`` or ``UTC``)."""
    return _label_at(start, start.utcoffset())


@lru_cache(maxsize=16)  # asked twice a hand, of the one start
def _label_at(start: datetime, offset: timedelta | None) -> tuple[timezone | ZoneInfo, str]:
    """``_label``, remembered by instant and offset.

    Two starts at one instant are equal date-times whatever their offsets, and 16:30 UTC does
    not take 12:30 Eastern's label (a process running both wrote the second as the first).
    """
    if offset is not None and offset == start.astimezone(EASTERN).utcoffset():
        return EASTERN, "ET"
    return UTC, "UTC"


@frozen(slots=True)
class TournamentClock:
    """Simulated seconds after the start as the wall clock both formats print.

    The zone is Eastern Time (label ``ET``) when the start's offset is Eastern's on that day,
    else UTC (label ``UTC``; a start at another offset is converted). PHH ``time`` /
    ``time_zone`` and the first PokerStars time carry the same clock and label; PokerStars
    adds Eastern Time in brackets.
    """

    start: datetime
    # the start's own wall clock when it is already in the labelled zone (see ``_Wall``)
    _wall: _Wall | None = dataclasses.field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.start.tzinfo is None:
            raise ValueError("TournamentClock needs an aware start date-time (with an offset)")
        if _label(self.start)[0] is self.start.tzinfo:
            object.__setattr__(self, "_wall", _Wall(self.start))

    @property
    def label(self) -> str:
        """``ET`` or ``UTC``."""
        return _label(self.start)[1]

    def local(self, seconds: float) -> datetime:
        """The wall clock ``seconds`` after the start, in the labelled zone."""
        zone = _label(self.start)[0]
        return (self.start + timedelta(seconds=int(seconds))).astimezone(zone)

    def eastern(self, seconds: float) -> datetime:
        """The same instant in Eastern Time."""
        return (self.start + timedelta(seconds=int(seconds))).astimezone(EASTERN)

    def stamp(self, seconds: float) -> tuple[str, str, int, int, int]:
        """``local``'s ``%Y/%m/%d`` and ``%H:%M:%S``, year, month and day (each hand's time)."""
        wall = self._wall
        if wall is not None:
            return wall.stamp(seconds)
        when = self.local(seconds)
        return when.strftime("%Y/%m/%d"), when.strftime("%H:%M:%S"), *_ymd(when)

    def pokerstars(self, seconds: float) -> str:
        """``2026/01/01 20:00:00 ET [2026/01/01 20:00:00 ET]``."""
        zone, label = _label(self.start)
        day, clock = self.stamp(seconds)[:2]
        local = f"{day} {clock}"
        et = local if zone is EASTERN else self.eastern(seconds).strftime("%Y/%m/%d %H:%M:%S")
        return f"{local} {label} [{et} ET]"


def _ymd(when: date) -> tuple[int, int, int]:
    return when.year, when.month, when.day


class _Wall:
    """The wall clock of a start already in the zone it is written in, made from its fields.

    ``(start + timedelta(seconds=s)).astimezone(zone)`` is then the start's date and time plus
    ``s`` seconds, field by field (an aware date-time plus a time delta keeps its wall clock,
    and converting to its own zone returns it unchanged), which is all the texts print: so
    each day's date text is made once and each time from its seconds, without ``strftime``.
    """

    __slots__ = ("_date", "_days", "_second")

    def __init__(self, start: datetime) -> None:
        self._date = start.date()
        self._second = start.hour * 3600 + start.minute * 60 + start.second
        self._days: dict[int, tuple[str, int, int, int]] = {}

    def stamp(self, seconds: float) -> tuple[str, str, int, int, int]:
        day, second = divmod(self._second + int(seconds), 86_400)
        date_of = self._days.get(day)
        if date_of is None:
            when = self._date + timedelta(days=day)
            date_of = self._days[day] = (when.strftime("%Y/%m/%d"), *_ymd(when))
        hour, second = divmod(second, 3600)
        minute, second = divmod(second, 60)
        text, year, month, day_of_month = date_of
        return text, f"{hour:02d}:{minute:02d}:{second:02d}", year, month, day_of_month


def money(cents: int, *, cents_always: bool = False) -> str:
    """``$2`` or ``$2.50`` (bounties), ``$2.00`` with ``cents_always`` (prizes)."""
    if cents % 100 == 0 and not cents_always:
        return f"${cents // 100}"
    return f"${cents // 100}.{cents % 100:02d}"


def buy_in_text(entries: Any) -> str:
    """PokerStars' buy-in: ``$10+$1 USD``, ``$5+$5+$1 USD`` with a bounty, or ``Freeroll``."""
    prize, bounty, fee = entries.prize_cents, entries.bounty_cents, entries.fee_cents
    if prize == bounty == fee == 0:
        return "Freeroll"
    parts = [prize] + ([bounty] if bounty else []) + [fee]
    return "+".join(money(p) for p in parts) + " USD"


def summary_buy_in(entries: Any) -> str:
    """The summary's buy-in: ``$10/$1 USD`` or ``$5/$5/$1 USD`` (prize/bounty/fee)."""
    prize, bounty, fee = entries.prize_cents, entries.bounty_cents, entries.fee_cents
    parts = [prize] + ([bounty] if bounty else []) + [fee]
    return "/".join(money(p, cents_always=True) for p in parts) + " USD"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


@frozen(slots=True)
class BountyWin:
    """One winner's part of an eliminated player's bounty (R-KO-1..4)."""

    winner_id: int
    cash_cents: int
    onto_head_cents: int  # PKO: the part added to the winner's own bounty
    head_after_cents: int  # the winner's bounty after it


@frozen(slots=True)
class Finish:
    """A player out in a hand (or the winner at the end), with the bounties paid for them.

    ``place`` 0: the player bought back in (re-entry), so only the bounty lines are written.
    """

    player_id: int
    place: int
    prize_cents: int
    bounties: tuple[BountyWin, ...] = ()
    winner: bool = False


def finish_lines(finishes: Sequence[Finish], name_of: Any, *, progressive: bool) -> list[str]:
    """The lines PokerStars writes after the pots for the players out in a hand.

    Knockout: ``W wins the $X bounty for eliminating E`` (two or more winners: ``W1, W2 split
    the $X bounty for eliminating E``). Progressive knockout: ``W wins $X for eliminating E and
    their own bounty increases by $Y to $Z`` (``for splitting the elimination of E`` when
    shared). Then ``E finished the tournament in 9th place`` (``and received $X.`` when paid),
    and for the winner ``W wins the tournament and receives $X - congratulations!``.
    """
    out: list[str] = []
    for f in finishes:
        e = name_of(f.player_id)
        wins = [b for b in f.bounties if b.cash_cents or b.onto_head_cents]
        if progressive:
            verb = "splitting the elimination of" if len(wins) > 1 else "eliminating"
            for b in wins:
                out.append(
                    f"{name_of(b.winner_id)} wins {money(b.cash_cents)} for {verb} {e} and their "
                    f"own bounty increases by {money(b.onto_head_cents)} to "
                    f"{money(b.head_after_cents)}"
                )
        elif len(wins) == 1:
            b = wins[0]
            who = name_of(b.winner_id)
            out.append(f"{who} wins the {money(b.cash_cents)} bounty for eliminating {e}")
        elif wins:
            total = sum(b.cash_cents for b in wins)
            names = ", ".join(name_of(b.winner_id) for b in wins)
            out.append(f"{names} split the {money(total)} bounty for eliminating {e}")
        if f.place == 0:
            continue  # bought back in (re-entry): bounty paid, no finish
        if f.winner:
            if f.prize_cents:
                out.append(
                    f"{e} wins the tournament and receives "
                    f"{money(f.prize_cents, cents_always=True)} - congratulations!"
                )
            else:
                out.append(f"{e} wins the tournament")
        elif f.prize_cents:
            out.append(
                f"{e} finished the tournament in {ordinal(f.place)} place and received "
                f"{money(f.prize_cents, cents_always=True)}."
            )
        else:
            out.append(f"{e} finished the tournament in {ordinal(f.place)} place")
    return out


@frozen(slots=True)
class SummaryPlace:
    """One line of the summary: place, screen name, prize in cents."""

    place: int
    name: str
    prize_cents: int


_GAMES = {
    "no-limit": "No Limit Hold'em",
    "pot-limit": "Pot Limit Hold'em",
    "fixed-limit": "Limit Hold'em",
}


def tournament_summary(
    *,
    tournament: int,
    structure: str,
    entries_terms: Any,
    entries: int,
    prize_pool_cents: int,
    clock: TournamentClock,
    duration_seconds: int,
    places: Iterable[SummaryPlace],
    hero: str | None = None,
) -> str:
    """PokerStars' tournament-summary text (newline-terminated).

    ``structure`` is the scenario's betting value (``no-limit`` ...); ``entries_terms`` its
    ``[entries]`` record; ``places`` every finishing place with its prize (best first). With
    ``hero`` it ends with ``You finished in 3rd place.`` (and ``You received $X.``) as in that
    player's own summary.
    """
    rows = sorted(places, key=lambda p: (p.place, p.name))
    lines = [
        f"PokerStars Tournament #{tournament}, {_GAMES.get(structure, structure)}",
        f"Buy-In: {summary_buy_in(entries_terms)}",
        f"{entries} players",
        f"Total Prize Pool: {money(prize_pool_cents, cents_always=True)} USD",
        f"Tournament started {clock.pokerstars(0)}",
    ]
    width = len(str(max((r.place for r in rows), default=1)))
    for r in rows:
        line = f"{r.place:>{width + 2}}: {r.name} (Unknown),"
        if r.prize_cents and prize_pool_cents:
            share = 100 * r.prize_cents / prize_pool_cents
            line += f" {money(r.prize_cents, cents_always=True)} ({share:.2f}%)"
        lines.append(line)
    lines.append(f"Tournament finished {clock.pokerstars(duration_seconds)}")
    if hero is not None:
        mine = [r for r in rows if r.name == hero]
        if mine:
            lines.append(f"You finished in {ordinal(mine[0].place)} place.")
            if mine[0].prize_cents:
                lines.append(f"You received {money(mine[0].prize_cents, cents_always=True)}.")
    return "\n".join(lines) + "\n"

"""Scripted parts of a scenario: a pinned starting position, decks, actions (regression cases).

A regression case (``scenarios/rules/``) is an ordinary scenario plus a ``[script]`` table that
pins what the seed would otherwise draw: who sits where with how many chips and where the
button is, the clock time and the level in force at the start, some cards of some hands, and
some players' decisions. Everything not pinned still comes from the seed, so a case stays a
real run of the engine, not a mock of it.

How the engine consumes a ``Script``:

- ``script.scenario(base)`` applies the clock time and the level in force (a changed copy of
  the frozen scenario: the start time is replaced, the schedule starts at the given level);
- ``script.start`` (a ``StartPosition``) is passed to ``run_tournament(start_position=...)``,
  which replaces the seat draw, the starting stacks and the first buttons;
- ``script.fixed_decks(seats)`` is passed to ``run_tournament(decks=...)``: the engine deals
  those hands from the seed's deck of that (table, hand) with the scripted cards swapped in;
- ``script.models(specs)`` builds each player's model, wrapped so that scripted decisions are
  answered first, then the player's own model takes over.

Only the section reader of ``pokersim.scenario`` is reused, so errors read the same
(``FILE: script.decks[0].hole: ...``).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from pokersim.actions import CHECK_CALL, FOLD, Action, DecisionView, RaiseTo
from pokersim.cards import card
from pokersim.connection import Connections
from pokersim.errors import IllegalActionError
from pokersim.frozen import frozen
from pokersim.multipliers import multiplier_table
from pokersim.players import PlayerModel, make_model
from pokersim.scenario import CLOCK_TIME, LIMITS, PlayerSpec, Scenario, Section, Timing
from pokersim.timing import ThinkTime

__all__ = [
    "ACTION_WORDS",
    "Script",
    "ScriptedActions",
    "ScriptedDeck",
    "ScriptedModel",
    "StartPosition",
    "clock_text",
    "parse_clock",
    "read_script",
]

ACTION_WORDS = ("fold", "check", "call", "bet", "raise", "allin", "timeout")
SCRIPTED_THINK_SECONDS = 1.0  # a scripted answer takes one second (well inside any clock)
_TIMEOUT_THINK_SECONDS = 1e9  # longer than any action clock plus time bank
_CARD_TOKEN = re.compile(r"\?\?|10[cdhsCDHS]|[2-9TJQKAtjqka][cdhsCDHS]")


@frozen(slots=True, kw_only=True)
class StartPosition:
    """Who sits where with how many chips, and each table's first button.

    ``seats[k]`` is table ``k + 1`` (the engine numbers tables from 1 in this order) as
    ``seat_no -> player_id``; ``stacks`` is indexed by player id; ``buttons[k]`` is the seat
    number of the button for table ``k + 1``'s first hand (an occupied seat).
    """

    seats: tuple[Mapping[int, int], ...]
    stacks: tuple[int, ...]
    buttons: tuple[int, ...]


@frozen(slots=True, kw_only=True)
class ScriptedDeck:
    """Cards fixed for one (table, hand); ``None`` marks a card left to the seed."""

    table: int
    hand: int
    hole: Mapping[int, tuple[int | None, int | None]]  # table seat number -> two cards
    board: tuple[int | None, ...]  # up to five, flop first

    def positions(self, seats_per_table: int) -> list[tuple[int, int]]:
        """``(deck position, card)`` of every fixed card, in the engine's deck layout."""
        out: list[tuple[int, int]] = []
        for seat_no, pair in sorted(self.hole.items()):
            for k, code in enumerate(pair):
                if code is not None:
                    out.append((2 * (seat_no - 1) + k, code))
        for k, code in enumerate(self.board):
            if code is not None:
                out.append((2 * seats_per_table + k, code))
        return out


@frozen(slots=True, kw_only=True)
class ScriptedActions:
    """One player's first decisions in one hand (``table`` 0: that hand number at any table)."""

    player_id: int
    table: int
    hand: int
    actions: tuple[str, ...]


@frozen(slots=True, kw_only=True)
class ScriptedDisconnect:
    """Player ``player_id`` is disconnected from ``at`` for ``seconds`` (simulated seconds)."""

    player_id: int
    at: int
    seconds: int


class ScriptedConnections(Connections):
    """The engine's connection state with scripted disconnections instead of drawn ones.

    Only the drawing is replaced: asking, logging and counting stay the engine's own
    (``pokersim.connection``), so a scripted disconnection is played like a drawn one.
    """

    __slots__ = ("_script",)

    def __init__(self, n: int, disconnects: Sequence[ScriptedDisconnect]) -> None:
        self._script: dict[int, list[tuple[int, int]]] = {}
        for d in sorted(disconnects, key=lambda d: (d.player_id, d.at)):
            self._script.setdefault(d.player_id, []).append((d.at, d.at + d.seconds))
        super().__init__(n, None, 0)
        self.enabled = True
        for p in range(n):
            self._draw_after(p, 0.0)

    def _draw_after(self, p: int, t: float) -> None:
        nxt = next(((a, b) for a, b in self._script.get(p, ()) if a >= t), None)
        self.start[p], self.end[p] = nxt if nxt is not None else (math.inf, math.inf)
        self._reported[p] = False


def fix_cards(deck: Sequence[int] | np.ndarray, fixed: Sequence[tuple[int, int]]) -> list[int]:
    """The seed's deck with the fixed cards swapped into their positions.

    Each fixed card trades places with whatever the seed put at its position, so the other
    cards keep the seed's order and no card is ever dealt twice.
    """
    out = [int(c) for c in deck]
    where = {c: i for i, c in enumerate(out)}
    for pos, code in fixed:
        j = where[code]
        other = out[pos]
        out[pos], out[j] = code, other
        where[code], where[other] = pos, j
    return out


class ScriptedModel:
    """A player's model that answers scripted decisions first (then defers to ``base``)."""

    def __init__(self, base: PlayerModel, scripts: Sequence[ScriptedActions], names: Any) -> None:
        self.base = base
        self.name = base.name
        self._scripts = list(scripts)
        self._names = names
        self._pending: dict[tuple[int, int], list[str]] = {}
        self._used: dict[int, int] = {}
        self._think: float | None = None

    def _queue(self, view: DecisionView) -> tuple[list[str], int] | None:
        for i, s in enumerate(self._scripts):
            if s.hand == view.hand_no and s.table in (0, view.table_id):
                if self._used.get(i, 0) < len(s.actions):
                    return list(s.actions), i
        return None

    def __getattr__(self, name: str) -> Any:
        """Optional model hooks (rebuys, add-ons, deals) are the base model's own."""
        return getattr(self.base, name)

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        found = self._queue(view)
        if found is None:
            self._think = None
            return self.base.decide(view, rng)
        actions, i = found
        word = actions[self._used.get(i, 0)]
        self._used[i] = self._used.get(i, 0) + 1
        word, _, think = word.partition(" @")
        self._think = float(think) if think else SCRIPTED_THINK_SECONDS
        return self._action(word, view)

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        if self._think is None:
            return self.base.think_seconds(view, rng)
        return self._think

    def unused(self) -> list[str]:
        """Scripted decisions never asked for (a case that scripts more than happened)."""
        out = []
        for i, s in enumerate(self._scripts):
            left = s.actions[self._used.get(i, 0) :]
            if left:
                where = f"table {s.table} " if s.table else ""
                out.append(f"{self._names(s.player_id)} {where}hand {s.hand}: {list(left)}")
        return out

    def _action(self, word: str, view: DecisionView) -> Action:
        legal = view.legal
        verb, _, amount = word.partition(" ")
        where = f"{self._names(view.player_id)} at table {view.table_id} hand {view.hand_no}"
        if verb == "fold":
            return FOLD
        if verb == "call":
            return CHECK_CALL
        if verb == "check":
            if legal.to_call:
                raise IllegalActionError(
                    f"scripted 'check' for {where} but checking is not free "
                    f"(to call: {legal.to_call})"
                )
            return CHECK_CALL
        if verb == "timeout":  # wants to call but answers too late: R-HAND-6 decides
            self._think = _TIMEOUT_THINK_SECONDS
            return CHECK_CALL
        if verb == "allin":
            return RaiseTo(legal.max_raise_to) if legal.can_raise else CHECK_CALL
        return RaiseTo(int(amount))  # bet / raise: validated by the hand against legal


@frozen(slots=True, kw_only=True)
class Script:
    """The scripted parts of one regression case (all optional)."""

    seed: int = 0
    clock_seconds: int | None = None  # clock time of day at the start
    level: int | None = None  # 1-based level number in force at the start
    start: StartPosition | None = None
    decks: tuple[ScriptedDeck, ...] = ()
    actions: tuple[ScriptedActions, ...] = ()
    disconnects: tuple[ScriptedDisconnect, ...] = ()
    disqualify: tuple[tuple[int, int], ...] = ()  # (seconds after the start, player id)
    disqualify_hands: tuple[tuple[int, int], ...] = ()  # (hand count N, player id)
    multiplier: int | None = None  # a Spin & Go's multiplier instead of the seed's draw
    infraction_hands: tuple[tuple[int, int], ...] = ()  # R-COND-3: (hand count N, player id)

    def disqualified(self) -> list[int] | None:
        """Who each scheduled disqualification takes, in time order (``None``: drawn)."""
        return [p for _t, p in sorted(self.disqualify, key=lambda d: d[0])] or None

    def connections(self, n: int) -> Connections | None:
        """Scripted disconnections for the engine (``None``: the scenario's own, if any)."""
        return ScriptedConnections(n, self.disconnects) if self.disconnects else None

    def scenario(self, base: Scenario) -> Scenario:
        """The scenario with the scripted clock time and level in force applied."""
        sc = base
        if self.clock_seconds is not None:
            sc = dataclasses.replace(sc, start_seconds=self.clock_seconds)
        if self.level is not None:
            sc = dataclasses.replace(sc, levels=sc.levels[self.level - 1 :])
        if self.disqualify:
            times = tuple(sorted(t for t, _p in self.disqualify))
            sc = dataclasses.replace(
                sc, faults=dataclasses.replace(sc.faults, disqualify_at_seconds=times)
            )
        return sc

    def fixed_decks(self, seats_per_table: int) -> dict[tuple[int, int], list[tuple[int, int]]]:
        """``(table, hand) -> [(deck position, card), ...]``: the scripted cards of each hand.

        The engine deals those hands from the seed's deck with these cards swapped in
        (``fix_cards``), in place of the seed's draw.
        """
        return {(d.table, d.hand): d.positions(seats_per_table) for d in self.decks}

    def models(self, specs: Sequence[PlayerSpec], timing: Timing) -> list[PlayerModel]:
        """One model per player, built as the engine builds them (scenario think time).

        Players with scripted decisions get a ``ScriptedModel`` around their own model.
        """
        names = {s.player_id: s.name for s in specs}
        think = ThinkTime(median_seconds=timing.think_median_seconds, sigma=timing.think_sigma)
        out: list[PlayerModel] = []
        for spec in specs:
            model = make_model(spec.model, skill=spec.skill, params=spec.params, think=think)
            mine = [a for a in self.actions if a.player_id == spec.player_id]
            out.append(ScriptedModel(model, mine, names.get) if mine else model)
        return out


# -- reading ---------------------------------------------------------------------------------


def parse_clock(sec: Section, name: str) -> int:
    """A clock time ``"HH:MM"`` or ``"HH:MM:SS"`` as seconds of the day."""
    text = sec.text(name)
    m = CLOCK_TIME.fullmatch(text)
    if not m or int(m.group(1)) > 23 or int(m.group(2)) > 59 or int(m.group(3) or 0) > 59:
        raise sec.error(name, f"expected a clock time 'HH:MM' or 'HH:MM:SS', got {text!r}")
    return int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3) or 0)


def clock_text(seconds: int) -> str:
    """Seconds (of the day, wrapping at midnight) as ``HH:MM`` or ``HH:MM:SS``."""
    s = seconds % 86400
    hh, mm, ss = s // 3600, s // 60 % 60, s % 60
    return f"{hh:02d}:{mm:02d}" + (f":{ss:02d}" if ss else "")


def _cards(sec: Section, name: str, text: str, most: int) -> tuple[int | None, ...]:
    """Card strings with ``??`` for a card left to the seed, e.g. ``"?? ?? ?? Kd 2c"``."""
    compact = re.sub(r"[\s,]", "", text)
    tokens = _CARD_TOKEN.findall(compact)
    if "".join(tokens) != compact or not tokens or len(tokens) > most:
        raise sec.error(
            name, f"expected up to {most} cards like 'AsKd' ('??' for a seeded card), got {text!r}"
        )
    return tuple(None if t == "??" else card(t) for t in tokens)


def player_ref(sec: Section, name: str, ids: Mapping[str, int], value: Any = None) -> int:
    """A player named in a case (``"P3"``, ``"Alice"``) as a player id."""
    if value is None:
        value = sec.text(name)
    if not isinstance(value, str) or value not in ids:
        sample = ", ".join(list(ids)[:6]) + (", ..." if len(ids) > 6 else "")
        raise sec.error(name, f"unknown player {value!r}; players are {sample}")
    return ids[value]


def read_script(sec: Section, scenario: Scenario, specs: Sequence[PlayerSpec]) -> Script:
    """Read a ``[script]`` table (``sec``) against the scenario it scripts."""
    ids = {s.name: s.player_id for s in specs}
    spt = scenario.seats_per_table
    seed = sec.integer("seed", 0, low=0, high=2**63 - 1)
    clock = parse_clock(sec, "clock") if sec.has("clock") else None
    level = sec.integer("level", None) if sec.has("level") else None
    if level is not None and not 1 <= level <= len(scenario.levels):
        raise sec.error("level", f"expected a level number 1..{len(scenario.levels)}, got {level}")
    start = _read_tables(sec, spt, ids, len(specs)) if sec.has("tables") else None
    decks: list[ScriptedDeck] = []
    seen_decks: set[tuple[int, int]] = set()
    for d in sec.tables("decks", []):
        table = d.integer("table", low=1)
        hand = d.integer("hand", low=1)
        if (table, hand) in seen_decks:
            raise d.error("hand", f"table {table} hand {hand} is scripted twice")
        seen_decks.add((table, hand))
        hole_sec = d.table("hole", {})
        hole: dict[int, tuple[int | None, int | None]] = {}
        for key in list(hole_sec.data):
            pair = _cards(hole_sec, key, hole_sec.text(key), 2)
            hole[_seat_key(hole_sec, key, spt)] = (pair[0], pair[1] if len(pair) > 1 else None)
        hole_sec.done()
        board = _cards(d, "board", d.text("board"), 5) if d.has("board") else ()
        fixed = [c for pair in hole.values() for c in pair if c is not None]
        fixed += [c for c in board if c is not None]
        if len(set(fixed)) != len(fixed):
            raise d.error("hole", "the same card is scripted twice in one hand")
        d.done()
        decks.append(ScriptedDeck(table=table, hand=hand, hole=hole, board=board))
    actions: list[ScriptedActions] = []
    for a in sec.tables("actions", []):
        pid = player_ref(a, "player", ids)
        table = a.integer("table", 0, low=0)
        hand = a.integer("hand", low=1)
        words: list[str] = []
        for k, w in enumerate(a.array("do")):
            if not isinstance(w, str) or not _valid_word(w):
                raise a.error(
                    f"do[{k}]",
                    "expected 'fold', 'check', 'call', 'bet N', 'raise N' (to N chips), "
                    f"'allin' or 'timeout', then optionally ' @S' (think S seconds), got {w!r}",
                )
            words.append(" ".join(w.split()).replace("@ ", "@"))
        a.done()
        actions.append(ScriptedActions(player_id=pid, table=table, hand=hand, actions=tuple(words)))
    disconnects: list[ScriptedDisconnect] = []
    for d in sec.tables("disconnects", []):
        pid = player_ref(d, "player", ids)
        at = d.integer("at_seconds", low=0)
        seconds = d.integer("for_seconds", low=1)
        for other in disconnects:
            if other.player_id == pid and at < other.at + other.seconds and other.at < at + seconds:
                raise d.error("at_seconds", "overlaps another disconnection of the same player")
        d.done()
        disconnects.append(ScriptedDisconnect(player_id=pid, at=at, seconds=seconds))
    disqualify: list[tuple[int, int]] = []
    disqualify_hands: list[tuple[int, int]] = []
    for q in sec.tables("disqualify", []):
        pid = player_ref(q, "player", ids)
        if q.has("at_minutes") == q.has("at_hand"):
            raise q.error(
                "at_minutes",
                "expected exactly one of at_minutes (minutes after the start) or at_hand "
                "(disqualified when the tournament's N-th hand ends)",
            )
        if q.has("at_hand"):
            disqualify_hands.append((q.integer("at_hand", low=1), pid))
        else:
            disqualify.append((q.seconds("at_minutes"), pid))
        q.done()
    infraction_hands: list[tuple[int, int]] = []
    for q in sec.tables("infractions", []):
        pid = player_ref(q, "player", ids)
        infraction_hands.append((q.integer("at_hand", low=1), pid))
        q.done()
    if infraction_hands and scenario.conduct.infractions_per_hour:
        raise sec.error(
            "infractions",
            "scripted infractions replace the scenario's: expected no "
            "conduct.infractions_per_hour with them",
        )
    faults = scenario.faults
    drawn = faults.disqualifications_per_hour or faults.disqualify_at_seconds
    if (disqualify or disqualify_hands) and drawn:
        raise sec.error(
            "disqualify",
            "scripted disqualifications replace the scenario's: expected no "
            "faults.disqualifications_per_hour or faults.disqualify_at_minutes with them",
        )
    multiplier = _read_multiplier(sec, scenario)
    sec.done()
    return Script(
        multiplier=multiplier,
        seed=seed,
        clock_seconds=clock,
        level=level,
        start=start,
        decks=tuple(decks),
        actions=tuple(actions),
        disconnects=tuple(disconnects),
        disqualify=tuple(disqualify),
        disqualify_hands=tuple(disqualify_hands),
        infraction_hands=tuple(infraction_hands),
    )


def _read_multiplier(sec: Section, scenario: Scenario) -> int | None:
    """``multiplier``: a tier of the Spin & Go's table, in place of the seed's draw."""
    if not sec.has("multiplier"):
        return None
    value = sec.integer("multiplier", low=1)
    name = scenario.spin_and_go.table
    if not name:
        raise sec.error("multiplier", "only a Spin & Go ([spin_and_go]) draws a multiplier")
    allowed = [t.multiplier for t in multiplier_table(name).tiers]
    if value not in allowed:
        raise sec.error("multiplier", f"expected a multiplier of the table {name!r} {allowed}, "
                        f"got {value}")  # fmt: skip
    return value


def _seat_key(sec: Section, key: str, spt: int) -> int:
    """A seat number written as a key (``hole = { 1 = "AsKd" }``): ASCII digits only.

    ``"²".isdigit()`` is true and ``int("²")`` fails, so ``str.isdigit`` is not the test.
    """
    if not re.fullmatch(r"[0-9]{1,9}", key) or not 1 <= int(key) <= spt:
        raise sec.error(key, f"expected a seat number 1..{spt}")
    return int(key)


def _valid_word(word: str) -> bool:
    word, _, think = word.partition(" @")
    if think and not re.fullmatch(r"[0-9]{1,9}(\.[0-9]{1,9})?", think):
        return False
    parts = word.split()
    if len(parts) == 1:
        return parts[0] in ("fold", "check", "call", "allin", "timeout")
    return (
        len(parts) == 2
        and parts[0] in ("bet", "raise")
        and re.fullmatch(r"[0-9]{1,18}", parts[1]) is not None
    )


def _read_tables(sec: Section, spt: int, ids: Mapping[str, int], n: int) -> StartPosition:
    seats: list[dict[int, int]] = []
    stacks: list[int | None] = [None] * n
    buttons: list[int] = []
    for k, t in enumerate(sec.tables("tables")):
        table = t.integer("table", k + 1)
        if table != k + 1:
            raise t.error("table", f"tables are numbered 1, 2, ... in order; expected {k + 1}")
        mine: dict[int, int] = {}
        for s in t.tables("seats"):
            seat_no = s.integer("seat", low=1, high=spt)
            pid = player_ref(s, "player", ids)
            if seat_no in mine:
                raise s.error("seat", f"seat {seat_no} is taken twice at table {table}")
            if stacks[pid] is not None:
                raise s.error("player", f"player {s.data['player']!r} is seated twice")
            # bounded like starting_stack: the engine holds stacks as 64-bit integers
            stacks[pid] = s.integer("stack", low=1, high=LIMITS.chips)
            mine[seat_no] = pid
            s.done()
        if len(mine) < 1:
            raise t.error("seats", "expected at least one seated player")
        button = t.integer("button", min(mine))
        if button not in mine:
            raise t.error("button", f"expected an occupied seat {sorted(mine)}, got {button}")
        t.done()
        seats.append(mine)
        buttons.append(button)
    missing = [name for name, pid in ids.items() if stacks[pid] is None]
    if missing:
        raise sec.error("tables", f"every player must be seated; not seated: {missing[:6]}")
    total = sum(s for s in stacks if s is not None)
    if total > LIMITS.chips_in_play:
        raise sec.error(
            "tables",
            f"the scripted stacks add up to {total:,} chips; expected at most "
            f"{LIMITS.chips_in_play:,} in play",
        )
    return StartPosition(
        seats=tuple(seats),
        stacks=tuple(int(s) for s in stacks if s is not None),
        buttons=tuple(buttons),
    )

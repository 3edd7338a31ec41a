"""PHH hands (``.phh``: one hand, ``.phhs``: tables ``[1]``, ``[2]``, ...) read back.

PHH numbers players by position (``p1`` left of the button, the button last; heads-up ``p1``
is the big blind) and lists no posts: the blinds and antes of ``blinds_or_straddles`` and
``antes`` are posted before the actions (``antes``: what each player posted, heads-up with the
small blind's slot first, as pokersim writes it). Seat numbers come from ``seats`` when given,
else ``p1`` sits in seat 1. PHH states no pots: a case from it expects each street's actions
and board and, when ``finishing_stacks`` is there, the stacks after the hand. A call's chips
(``cc``) are what the bookkeeping says it costs: the price (pre-flop at least the big blind,
even when the big blind is all-in for less), or the stack behind if less.
PHH does not say whether a hand is from a tournament; any Texas hold'em hand in whole chips
is taken.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from typing import Any

from pokersim.cards import parse_cards
from pokersim.errors import ConfigError
from pokersim.history.imported import (
    Bets,
    HandError,
    ImportedAction,
    ImportedHand,
    ImportedSeat,
    check_replayable,
    one_line,
)

__all__ = ["read_phh"]

_VARIANTS = {"NT": "no-limit", "FT": "fixed-limit"}
_STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")
_PLAYER = re.compile(r"^p(\d+) (f|cc|cbr (\d+)|sm(?: (\S+))?)$")
_DEAL = re.compile(r"^d (dh p(\d+)|db) (\S+)$")


def read_phh(text: str, source: str) -> list[ImportedHand | HandError]:
    """Every hand of a PHH text, each an ``ImportedHand`` or the error that stops it."""
    if not text.strip():
        raise ConfigError(f"{source}: empty: expected a PHH hand (TOML with 'variant')")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{source}: not valid TOML (PHH): {exc}") from None
    except RecursionError:
        raise ConfigError(f"{source}: not valid PHH: too deeply nested") from None
    if "variant" in data:
        tables: list[tuple[str, Any]] = [("1", data)]
    else:
        tables = [(k, v) for k, v in data.items() if isinstance(v, dict)]
        if not tables:
            raise ConfigError(f"{source}: expected a PHH hand ('variant = ...') or tables [1], [2]")
    out: list[ImportedHand | HandError] = []
    for k, (key, body) in enumerate(tables, start=1):
        label = f"hand [{one_line(key)}] ({k} of {len(tables)})"
        try:
            out.append(_read_hand(body, source, label, key))
        except HandError as exc:
            out.append(exc)
    return out


class _Fields:
    """Typed access to one hand's TOML table; a wrong type is a ``HandError``."""

    def __init__(self, data: Mapping[str, Any], source: str, label: str) -> None:
        self.data = data
        self.source = source
        self.label = label

    def error(self, message: str) -> HandError:
        return HandError(self.source, self.label, message)

    def ints(self, key: str, n: int | None = None) -> list[int]:
        value = self.data.get(key)
        if not isinstance(value, list) or not all(type(v) is int and v >= 0 for v in value):
            raise self.error(f"{key}: expected a list of whole chip amounts, got {value!r}")
        if n is not None and len(value) != n:
            raise self.error(f"{key}: expected {n} values (one per player), got {len(value)}")
        return list(value)

    def strings(self, key: str, n: int) -> list[str] | None:
        value = self.data.get(key)
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or len(value) != n
            or not all(isinstance(v, str) for v in value)
        ):
            raise self.error(f"{key}: expected {n} strings, got {value!r}")
        return list(value)

    def integer(self, key: str) -> int | None:
        value = self.data.get(key)
        if value is not None and type(value) is not int:
            raise self.error(f"{key}: expected a whole number, got {value!r}")
        return value


def _read_hand(data: Mapping[str, Any], source: str, label: str, key: str) -> ImportedHand:
    f = _Fields(data, source, label)
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in _VARIANTS:
        raise f.error(
            f"variant {variant!r}: expected Texas hold'em ('NT' no-limit or 'FT' fixed-limit)"
        )
    structure = data.get("_betting_structure", _VARIANTS[variant])
    if structure not in _STRUCTURES:
        raise f.error(f"_betting_structure: expected one of {list(_STRUCTURES)}, got {structure!r}")
    stacks = f.ints("starting_stacks")
    n = len(stacks)
    if n < 2:
        raise f.error(f"starting_stacks: expected at least 2 players, got {n}")
    blinds = f.ints("blinds_or_straddles", n)
    if any(blinds[2:]):
        raise f.error(f"blinds_or_straddles {blinds}: straddles are not supported")
    antes = f.ints("antes", n)
    if n == 2:
        antes.reverse()  # heads-up, PHH keeps the small blind's slot first
    names = f.strings("players", n) or [f"p{k + 1}" for k in range(n)]
    seat_nos = f.ints("seats", n) if "seats" in data else list(range(1, n + 1))
    seat_count = f.integer("seat_count") or max(9, *seat_nos)
    sb_pos, bb_pos = (1, 0) if n == 2 else (0, 1)
    ante_kind, ante = _ante(data, antes, bb_pos, f)
    bets = Bets(dict(zip(names, stacks)), price=blinds[1])
    for pos, name in enumerate(names):
        bets.post(name, antes[pos], live=False)
    for pos, amount in ((sb_pos, blinds[0]), (bb_pos, blinds[1])):
        bets.post(names[pos], min(amount, bets.behind[names[pos]]), live=True)
    actions, hole, boards = _actions(data.get("actions"), names, bets, f)
    final: dict[str, int] = {}
    if "finishing_stacks" in data:
        final = dict(zip(names, f.ints("finishing_stacks", n)))
    seats = sorted(
        (ImportedSeat(seat_no=s, name=p, stack=c) for s, p, c in zip(seat_nos, names, stacks)),
        key=lambda s: s.seat_no,
    )
    hand = ImportedHand(
        source=source,
        label=label,
        origin="PHH",
        hand_id=str(data.get("_hand_id", data.get("hand", key))),
        structure=structure,
        small_blind=blinds[0],
        big_blind=blinds[1],
        ante=ante,
        ante_kind=ante_kind,
        seat_count=seat_count,
        seats=tuple(seats),
        button=seat_nos[-1],
        small_blind_name=names[sb_pos] if blinds[0] else None,
        big_blind_name=names[bb_pos] if blinds[1] else None,
        hole=hole,
        board=boards[-1] if boards else (),
        boards=tuple(boards),
        actions=tuple(actions),
        final_stacks=final,
    )
    check_replayable(hand)
    return hand


def _ante(data: Mapping[str, Any], antes: list[int], bb_pos: int, f: _Fields) -> tuple[str, int]:
    """The level's ante kind and ante: pokersim's own fields, else read from who posted."""
    kind = data.get("_ante_kind")
    posted = [a for a in antes if a]
    if not posted:
        return "none", 0
    if kind in ("classic", "bb"):
        return kind, f.integer("_ante") or max(posted)
    only_bb = len(posted) == 1 and antes[bb_pos]
    return ("bb" if only_bb else "classic"), max(posted)


def _actions(
    lines: Any, names: list[str], bets: Bets, f: _Fields
) -> tuple[list[ImportedAction], dict[str, tuple[int, int]], list[tuple[int, ...]]]:
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise f.error(f"actions: expected a list of strings, got {lines!r}")
    street = 0
    board: list[int] = []
    boards: list[tuple[int, ...]] = []
    hole: dict[str, tuple[int, int]] = {}
    actions: list[ImportedAction] = []
    folded: set[str] = set()
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if m := _DEAL.match(line):
            cards = _cards(m.group(3), f)
            if m.group(1) == "db":
                street += 1
                _deal_board(board, cards, street, raw, f)
                boards.append(tuple(board))
                bets.new_street()
            else:
                if len(cards) != 2:
                    raise f.error(f"actions: {raw!r}: expected two hole cards (hold'em)")
                _keep(hole, _name(names, m.group(2), raw, f), cards)
        elif m := _PLAYER.match(line):
            name = _name(names, m.group(1), raw, f)
            if m.group(2).startswith("sm"):
                _keep(hole, name, _cards(m.group(4), f) if m.group(4) else [])
            elif not (m.group(2) == "cc" and _idle(name, bets, folded)):  # no decision
                actions.append(_action(name, m.group(2), m.group(3), street, bets))
                if m.group(2) == "f":
                    folded.add(name)
        elif line:
            raise f.error(f"actions: unsupported action {raw!r}")
    return actions, hole, boards


def _deal_board(
    board: list[int], cards: list[int | None], street: int, raw: str, f: _Fields
) -> None:
    if street > 3 or not cards:
        raise f.error(f"actions: {raw!r}: expected at most three board deals")
    if None in cards:
        raise f.error(f"actions: {raw!r}: expected the board's cards, not '??'")
    board.extend(c for c in cards if c is not None)  # none is None here


def _idle(name: str, bets: Bets, folded: set[str]) -> bool:
    """True when nobody else in the hand can act and ``name`` matched them all (R-BLIND-2).

    PHH then writes one ``cc`` that PokerKit asks for and pokersim does not
    (``docs/hand-histories.md``): it is no decision of the case.
    """
    others = [p for p in bets.round if p != name and p not in folded]
    return bool(others) and all(
        bets.behind[p] == 0 and bets.round[p] <= bets.round[name] for p in others
    )


def _keep(hole: dict[str, tuple[int, int]], name: str, cards: list[int | None]) -> None:
    """Two known cards are that player's hole cards; unknown ones (``??``) say nothing."""
    known = [c for c in cards if c is not None]
    if len(known) == 2:
        hole[name] = (known[0], known[1])


def _action(name: str, what: str, to: str | None, street: int, bets: Bets) -> ImportedAction:
    before = bets.round[name]
    if what == "f":
        return ImportedAction(street=street, name=name, verb="fold", to=before, chips=0)
    if what == "cc":
        chips = min(bets.top() - before, bets.behind[name])
        bets.put(name, chips)
        verb = "call" if chips else "check"
        return ImportedAction(street=street, name=name, verb=verb, to=before + chips, chips=chips)
    total = int(to or 0)
    verb = "raise" if bets.top() else "bet"
    bets.put(name, total - before)
    return ImportedAction(street=street, name=name, verb=verb, to=total, chips=total - before)


def _name(names: list[str], number: str, raw: str, f: _Fields) -> str:
    k = int(number)
    if not 1 <= k <= len(names):
        raise f.error(f"actions: {raw!r}: expected a player p1..p{len(names)}")
    return names[k - 1]


def _cards(text: str, f: _Fields) -> list[int | None]:
    """``AsKd``, ``????``, ``As??``: a card code per card, ``None`` for an unknown one."""
    if len(text) % 2:
        raise f.error(f"actions: expected cards like 'AsKd', got {text!r}")
    out: list[int | None] = []
    for k in range(0, len(text), 2):
        token = text[k : k + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            out.append(parse_cards([token])[0])
        except ValueError:
            raise f.error(f"actions: expected cards like 'AsKd', got {text!r}") from None
    return out

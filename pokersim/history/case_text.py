"""An ``ImportedHand`` written as a regression case (``pokersim verify`` reads it).

The case is hand 1 of table 1 of a one-table tournament: the history's seats, stacks, button,
blinds and ante as level 1, its cards (``??`` where it shows none) and every decision scripted,
and as expectations what the history states: each street's board and actions, the pots with
their winners and shares, the stacks after the hand. Every player is a calling station, which
only matters after the scripted decisions: level 2's blinds are larger than all the chips in
play (at most the largest blind a scenario allows, itself above every stack), so the tournament
the hand opens ends within a few hands. ``pokersim import`` reads the text back with the
loader ``pokersim verify`` uses, so a case it could not load is never written.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from pathlib import Path

from pokersim.cards import format_cards
from pokersim.history.imported import STREETS, ImportedHand, one_line
from pokersim.history.unshown import losing_cards

__all__ = ["IMPORTED_HEADER", "MAX_CHIPS", "case_toml"]

MAX_CHIPS = 10**12
"""The most chips a scenario allows a blind (``scenario.LIMITS.chips``; a test holds them equal:
this module reads histories and may not import the scenario loader)."""

IMPORTED_HEADER = "# Imported by `pokersim import` from "
"""How every case file begins (``cli.import_history`` knows an earlier import's cases by it)."""

# Scenario files keep names like "P7" for the players they generate: a history's "P7" (the
# name every pokersim run gives its unnamed players) becomes "P7 (imported)".
_GENERATED = re.compile(r"P\d+")
_SUFFIX = " (imported)"


def _s(text: str) -> str:
    """A TOML basic string (JSON escapes are valid TOML)."""
    return json.dumps(text, ensure_ascii=False)


def _names_table(values: dict[str, int]) -> str:
    return "{ " + ", ".join(f"{_s(k)} = {v}" for k, v in values.items()) + " }"


def _cards(codes: tuple[int, ...]) -> str:
    return format_cards(codes, " ")


def _mucked(hand: ImportedHand) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Hole cards for live hands the history does not show, and the comment lines saying so."""
    live = hand.live()
    hidden = [p for p in live if p not in hand.hole]
    if len(live) < 2 or not hidden:
        return {}, []
    if len(hand.board) != 5:
        raise hand.error(f"a showdown with a board of {len(hand.board)} cards: expected five")
    shown = {p: hand.hole[p] for p in live if p in hand.hole}
    known = {c for pair in hand.hole.values() for c in pair} | set(hand.board)
    chosen = losing_cards(shown, hidden, hand.board, known)
    if chosen is None:
        raise hand.error(
            f"{', '.join(hidden)} mucked at the showdown and no cards lose to every hand shown"
        )
    note = [
        f"# {p} mucked at the showdown; {_cards(chosen[p])} are the first cards that lose to "
        "every hand shown"
        for p in hidden
    ]
    return chosen, note


def _renamed(hand: ImportedHand) -> ImportedHand:
    """The hand with names a scenario reserves (``P7``) written ``P7 (imported)``."""

    def new(name: str) -> str:
        return name + _SUFFIX if _GENERATED.fullmatch(name) else name

    def keys(values: dict[str, int] | Mapping[str, int]) -> dict[str, int]:
        return {new(k): v for k, v in values.items()}

    return dataclasses.replace(
        hand,
        seats=tuple(dataclasses.replace(s, name=new(s.name)) for s in hand.seats),
        small_blind_name=new(hand.small_blind_name) if hand.small_blind_name else None,
        big_blind_name=new(hand.big_blind_name) if hand.big_blind_name else None,
        hole={new(k): v for k, v in hand.hole.items()},
        actions=tuple(dataclasses.replace(a, name=new(a.name)) for a in hand.actions),
        pots=tuple(dataclasses.replace(p, shares=keys(p.shares)) for p in hand.pots),
        final_stacks=keys(hand.final_stacks),
    )


def case_toml(hand: ImportedHand) -> str:
    """The case file's text for one imported hand."""
    hand = _renamed(hand)
    hole, notes = _mucked(hand)
    hole = {**hand.hole, **hole}
    total = sum(s.stack for s in hand.seats)
    ante_above = hand.ante > hand.big_blind
    lines = [
        f"{IMPORTED_HEADER}{one_line(Path(hand.source).name)} ({hand.origin}), {hand.label}.",
        "# Seats, stacks, button, blinds, cards and every decision are the history's; the",
        "# expectations are its boards and actions street by street, pots, winners and stacks.",
        *(
            ["# Names like P7 are the ones scenarios generate: they read 'P7 (imported)' here."]
            if any(s.name.endswith(_SUFFIX) for s in hand.seats)
            else []
        ),
        *notes,
        f"name = {_s(f'imported {hand.origin} hand #{hand.hand_id}')}",
        f"seats_per_table = {hand.seat_count}",
        f"starting_stack = {max(s.stack for s in hand.seats)}",
        f"betting = {_s(hand.structure)}",
        f"ante_kind = {_s(hand.ante_kind)}",
        *(["allow_ante_above_big_blind = true"] if ante_above else []),
        "",
        "[players]",
        f"count = {len(hand.seats)}",
        "named = [",
        *(f'  {{ name = {_s(s.name)}, model = "calling-station" }},' for s in hand.seats),
        "]",
        "",
        "[breaks]",
        'kind = "none"',
        "",
        "[hand_for_hand]",
        "stages = []",
        "",
        "[[levels]]   # the history's blinds and ante",
        f"small_blind = {hand.small_blind}",
        f"big_blind = {hand.big_blind}",
        *([f"ante = {hand.ante}"] if hand.ante_kind != "none" else []),
        "minutes = 0.1   # six seconds: the hands after this one are played at level 2",
        "",
        "[[levels]]   # after the hand: blinds above every chip in play end the run quickly",
        f"small_blind = {min(total, MAX_CHIPS // 2)}",
        f"big_blind = {min(2 * total, MAX_CHIPS)}",
        "minutes = 60",
        "",
        "[script]",
        "[[script.tables]]",
        f"button = {hand.button}",
        "seats = [",
        *(
            f"  {{ seat = {s.seat_no}, player = {_s(s.name)}, stack = {s.stack} }},"
            for s in hand.seats
        ),
        "]",
        "",
        *_deck(hand, hole),
        *_actions(hand),
        "[expect]",
        *_streets(hand),
        *_pots(hand),
    ]
    if hand.final_stacks:
        stacks = {s.name: hand.final_stacks[s.name] for s in hand.seats}
        lines += ["[[expect.stacks]]", "table = 1", "hand = 1", f"stacks = {_names_table(stacks)}"]
    return "\n".join(lines).rstrip("\n") + "\n"


def _deck(hand: ImportedHand, hole: dict[str, tuple[int, int]]) -> list[str]:
    seat_of = {s.name: s.seat_no for s in hand.seats}
    known = {seat_of[p]: _cards(c).replace(" ", "") for p, c in hole.items() if p in seat_of}
    if not known and not hand.board:
        return []
    out = ["[[script.decks]]", "table = 1", "hand = 1"]
    if known:
        out.append(
            "hole = { " + ", ".join(f"{k} = {_s(v)}" for k, v in sorted(known.items())) + " }"
        )
    if hand.board:
        out.append(f"board = {_s(_cards(hand.board))}")
    return [*out, ""]


def _actions(hand: ImportedHand) -> list[str]:
    out: list[str] = []
    for s in hand.seats:
        words = [a.script_word() for a in hand.actions if a.name == s.name]
        if words:
            out += [
                "[[script.actions]]",
                f"player = {_s(s.name)}",
                "table = 1",
                "hand = 1",
                "do = [" + ", ".join(_s(w) for w in words) + "]",
                "",
            ]
    return out


def _streets(hand: ImportedHand) -> list[str]:
    last = max([len(hand.boards), *(a.street for a in hand.actions)])
    out: list[str] = []
    for street in range(last + 1):
        acts = [a.expected() for a in hand.actions if a.street == street]
        out += [
            "",
            "[[expect.streets]]",
            "table = 1",
            "hand = 1",
            f"street = {_s(STREETS[street])}",
        ]
        if street and street <= len(hand.boards):
            out.append(f"board = {_s(_cards(hand.boards[street - 1]))}")
        out.append(
            "actions = [" + "".join(f"\n  {_s(a)}," for a in acts) + ("\n]" if acts else "]")
        )
    return out


def _pots(hand: ImportedHand) -> list[str]:
    order = hand.order_from_button()
    out: list[str] = []
    for pot in hand.pots:
        winners = [p for p in order if pot.shares.get(p)]
        out += ["", "[[expect.pots]]", "table = 1", "hand = 1", f"pot = {pot.index}"]
        if pot.amount is not None:
            out.append(f"amount = {pot.amount}")
        out.append("winners = [" + ", ".join(_s(w) for w in winners) + "]")
        out.append("shares = [" + ", ".join(str(pot.shares[w]) for w in winners) + "]")
    return [*out, ""]

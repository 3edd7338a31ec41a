"""Card codes: an int 0..51 = rank*4 + suit (rank 0..12 is 2..A, suit 0..3 is c, d, h, s).

Strings are parsed and formatted only at the edges; everything inside works on integer codes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = 52

_TOKEN = re.compile(r"[2-9TJQKA][cdhs]", re.IGNORECASE)
_CODE_OF = {r + s: 4 * i + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}


def card(token: str) -> int:
    """Return the code of one card such as ``"As"`` (rank case-insensitive, ``10`` accepted for T).

    >>> card("2c"), card("As")
    (0, 51)
    """
    t = token.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2:
        raise ValueError(f"bad card {token!r}: expected rank 2-9/T/J/Q/K/A then suit c/d/h/s")
    code = _CODE_OF.get(t[0].upper() + t[1].lower())
    if code is None:
        raise ValueError(f"bad card {token!r}: expected rank 2-9/T/J/Q/K/A then suit c/d/h/s")
    return code


def parse_cards(cards: str | Iterable[str] | Iterable[int]) -> list[int]:
    """Parse ``"AsKd"``, ``"As Kd"``, ``"As,Kd"``, ``["As", "Kd"]`` or codes into a list of codes.

    >>> parse_cards("AsKd"), parse_cards(["2c", "3d"])
    ([51, 45], [0, 5])
    """
    if isinstance(cards, str):
        text = re.sub(r"[\s,;]+", "", cards)
        text = text.replace("10", "T")
        out: list[int] = []
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None:
                bad = text[pos : pos + 2] or text[pos:]
                raise ValueError(
                    f"bad card {bad!r} in {cards!r}: expected rank 2-9/T/J/Q/K/A then suit c/d/h/s"
                )
            out.append(card(m.group(0)))
            pos = m.end()
        return out
    result: list[int] = []
    for item in cards:
        if isinstance(item, str):
            result.extend(parse_cards(item))
        else:
            code = int(item)
            if not 0 <= code < DECK_SIZE:
                raise ValueError(f"bad card code {item!r}: expected an int in 0..51")
            result.append(code)
    return result


def format_card(code: int) -> str:
    """Return the two-character name of a card code.

    >>> format_card(0), format_card(51)
    ('2c', 'As')
    """
    c = int(code)
    if not 0 <= c < DECK_SIZE:
        raise ValueError(f"bad card code {code!r}: expected an int in 0..51")
    return RANKS[c >> 2] + SUITS[c & 3]


_CARD_NAMES = {c: RANKS[c >> 2] + SUITS[c & 3] for c in range(DECK_SIZE)}
"""Each card code's name, for the writers' many lookups (NumPy integers hash as their value)."""


def format_cards(codes: Sequence[int] | np.ndarray, sep: str = "") -> str:
    """Join card names, e.g. ``"AsKd"`` (or ``"As Kd"`` with ``sep=" "``)."""
    try:
        return sep.join([_CARD_NAMES[c] for c in codes])
    except (KeyError, TypeError):  # not a plain code: as format_card reads it, or its error
        return sep.join(format_card(int(c)) for c in codes)


def rank_of(code: int) -> int:
    """Rank 0..12 (2..A) of a card code."""
    return int(code) >> 2


def suit_of(code: int) -> int:
    """Suit 0..3 (c, d, h, s) of a card code."""
    return int(code) & 3


def full_deck() -> np.ndarray:
    """All 52 codes in order, as an ``int8`` array."""
    return np.arange(DECK_SIZE, dtype=np.int8)

"""Hand histories others can read: PHH (PokerKit's format) and PokerStars tournament text.

Both writers take ``HandResult``s played with ``record_actions=True`` and print only what the
hand's events say; see docs/hand-histories.md for the choices made where formats are silent.
"""

from __future__ import annotations

from pokersim.history.phh import hand_to_phh, hands_to_phhs, write_phhs_by_table
from pokersim.history.pokerstars import (
    hand_to_pokerstars,
    hands_to_pokerstars,
    write_pokerstars_by_table,
)

__all__ = [
    "hand_to_phh",
    "hand_to_pokerstars",
    "hands_to_phhs",
    "hands_to_pokerstars",
    "write_phhs_by_table",
    "write_pokerstars_by_table",
]

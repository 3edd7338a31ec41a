"""Real hand histories damaged on purpose: every text reader gives hands or one-line errors.

Lines of real hands (``tests/data/histories``) are dropped, repeated or cut short; each reader
must return, for each hand, either a hand whose chips add up (no chip made or lost: a
tournament hand has no rake) or a ``HandError`` naming the file, never an exception of its own
(a crash would be a traceback for ``pokersim import``, and a hand that reads with chips made
up would mislead ``benchmarks/real_hands.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.errors import ConfigError
from pokersim.history.imported import HandError, ImportedHand
from pokersim.history.read_betclic import read_betclic
from pokersim.history.read_pokerstars import read_pokerstars
from pokersim.history.read_wpn import read_wpn

HISTORIES = Path(__file__).resolve().parent / "data" / "histories"
Reader = Callable[[str, str], list[ImportedHand | HandError]]
SOURCES: list[tuple[Reader, str]] = [
    (read_wpn, "wpn/wpn-G23889488T2.txt"),
    (read_pokerstars, "spin/stars-spin-99999.txt"),
    (read_pokerstars, "hhp-tournaments.txt"),
    (read_betclic, "betclic/betclic-2025-07-16.txt"),
]
FIRST_LINES = ("PokerStars ", "Game Hand #", "*** HEADER ***")  # where a hand starts


@settings(max_examples=200, deadline=None, derandomize=True)  # the same cases every run
@given(data=st.data())
def test_a_damaged_history_gives_hands_that_add_up_or_errors(data: st.DataObject) -> None:
    reader, name = data.draw(st.sampled_from(SOURCES))
    lines = (HISTORIES / name).read_text(encoding="utf-8").splitlines()
    starts = [k for k, line in enumerate(lines) if line.startswith(FIRST_LINES)]
    start = data.draw(st.sampled_from(starts))  # two hands or so, from a hand's first line
    lines = lines[start : start + 80]
    for _ in range(data.draw(st.integers(1, 4))):
        if not lines:
            return
        k = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "repeat", "cut"]))
        if how == "drop":
            del lines[k]
        elif how == "repeat":
            lines.insert(k, lines[k])
        else:
            lines[k] = lines[k][: data.draw(st.integers(0, len(lines[k])))]
    try:
        read = reader("\n".join(lines), "damaged.txt")
    except ConfigError as exc:
        assert str(exc).startswith("damaged.txt: ")
        return
    for hand in read:
        if isinstance(hand, ImportedHand):
            assert sum(hand.final_stacks.values()) == sum(s.stack for s in hand.seats)
            assert len({s.name for s in hand.seats}) == len(hand.seats)
        else:
            assert str(hand).startswith("damaged.txt: ")


def test_a_post_left_out_is_chips_that_do_not_add_up() -> None:
    """Without one ante line a player keeps chips the pot still counts: refused, not read."""
    text = (HISTORIES / "wpn" / "wpn-G23889488T1.txt").read_text(encoding="utf-8")
    first = text.split("Game Hand #")[1]
    ante = next(line for line in first.splitlines() if "posts ante" in line)
    (hand, *_rest) = read_wpn(("Game Hand #" + first).replace(ante + "\n", "", 1), "x.txt")
    assert isinstance(hand, HandError)
    assert "the amounts do not add up" in str(hand)


@pytest.mark.parametrize(("reader", "name"), SOURCES)
def test_a_hands_first_line_twice_is_an_error_not_a_crash(reader: Reader, name: str) -> None:
    """Found by the test above: a header with nothing after it is one hand's error."""
    lines = (HISTORIES / name).read_text(encoding="utf-8").splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith(FIRST_LINES))
    lines = lines[start : start + 80]
    lines.insert(0, lines[0])
    read = reader("\n".join(lines), "damaged.txt")
    assert isinstance(read[0], HandError) or isinstance(read[-1], HandError)
    assert all(str(h).startswith("damaged.txt: ") for h in read if isinstance(h, HandError))

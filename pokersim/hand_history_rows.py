"""A hand's record for its histories, read straight from the hand's log rows.

The hand log (``hand_log``) owns the rows' layout; the histories (``history``) own the record
they write from. This module is the one place that reads the first into the second without
decoding the rows into event records first, which cost the writers about a fifth of their time
(``tests/test_history_rows.py`` holds it equal to ``history.recorder.read_hand``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokersim.hand import HandResult

__all__ = ["hand_rows_reader"]


def hand_rows_reader() -> Callable[[HandResult], Any]:
    """A hand's record for its histories read from its log rows (``hand_log``), not its records.

    The same record ``history.recorder.read_hand`` makes of the hand's events (a test holds
    them equal), without decoding the rows into events: building those records cost the
    writers about a fifth of their time, and the collector more (each hand kept its records
    while its table was written). Anything but one whole hand's rows is read from its
    records, as ``read_hand`` reads them (and refuses them).
    """
    from pokersim.hand_log import ENDED, FORCED, HOLE, POST_KINDS, SHOWN, STARTED, HandEvents
    from pokersim.hand_log import POT as POT_ROW
    from pokersim.hand_log import UNCALLED as UNCALLED_ROW
    from pokersim.history.recorder import POST, make_record, read_hand

    machine_steps, pot_step = _row_steps()

    def read(result: HandResult) -> Any:
        events = result.events
        # a list reads faster than the array (whose items are made as they are read)
        rows = events.rows.tolist() if isinstance(events, HandEvents) else None
        if not rows or rows[0] != STARTED:
            return read_hand(result)
        n = rows[4]
        board = tuple(rows[5 + 3 * n : 10 + 3 * n])
        steps: list[tuple[Any, ...]] = []
        pots: list[Any] = []
        hole: tuple[tuple[int, int], ...] | None = None
        seen: tuple[int, ...] = ()  # the board dealt so far (the last one dealt)
        k = 10 + 3 * n
        end = len(rows)
        while k < end:
            code = rows[k]
            if code <= UNCALLED_ROW:
                k, seen = machine_steps(rows, k, board, steps, seen)
            elif code == FORCED:
                _, seat, kind, amount, all_in = rows[k : k + 5]
                steps.append((POST, seat, POST_KINDS[kind], amount, bool(all_in)))
                k += 5
            elif code == HOLE:
                hole = tuple(zip(rows[k + 1 : k + 1 + 2 * n : 2], rows[k + 2 : k + 2 + 2 * n : 2]))
                k += 1 + 2 * n
            elif code == POT_ROW:
                k = pot_step(rows, k, steps, pots)
            elif code == SHOWN or code == ENDED:
                k += 5 if code == SHOWN else 1 + n
            else:  # another hand's or a table's rows
                return read_hand(result)
        if hole is None:
            return read_hand(result)
        ids, seat_nos, stacks = [tuple(rows[k : k + n]) for k in range(5, 5 + 3 * n, n)]
        facts = (rows[1], rows[2], rows[3], ids, seat_nos, stacks)
        return make_record(result, facts, hole, seen, steps, pots)

    return read


def _row_steps() -> tuple[Callable[..., Any], Callable[..., int]]:
    """The steps of the betting machine's rows, and of a ``POT`` row (``hand_rows_reader``)."""
    from pokersim.events import ActionKind
    from pokersim.hand_log import (
        ALL_IN,
        BOARD,
        CHECK_CALL,
        FOLD,
        OPENING,
        RAISE,
        TIMED_OUT,
        UNCALLED,
    )
    from pokersim.history.recorder import ACT, POT, Pot
    from pokersim.history.recorder import BOARD as BOARD_STEP
    from pokersim.history.recorder import UNCALLED as UNCALLED_STEP

    def machine_steps(
        rows: list[int], k: int, board: tuple[int, ...], steps: list[Any], seen: tuple[int, ...]
    ) -> tuple[int, tuple[int, ...]]:
        """The steps of the machine's rows from ``k`` on; where the next row starts, the board.

        A hand's betting is one run of these rows: one call reads it.
        """
        end = len(rows)
        while k < end and rows[k] <= UNCALLED:
            code, seat, street, amount, to, flags = rows[k : k + 6]
            k += 6
            if code == FOLD:
                kind = ActionKind.FOLD
            elif code == CHECK_CALL:
                kind = ActionKind.CALL if amount else ActionKind.CHECK
            elif code == RAISE:
                kind = ActionKind.BET if flags & OPENING else ActionKind.RAISE
            elif code == BOARD:
                seen = board[: street + 2]
                new = board[:3] if street == 1 else board[street + 1 : street + 2]
                steps.append((BOARD_STEP, street, new, seen))
                continue
            else:
                steps.append((UNCALLED_STEP, seat, amount))
                continue
            all_in, timed_out = (flags & ALL_IN) != 0, (flags & TIMED_OUT) != 0
            steps.append((ACT, seat, street, kind, amount, to, all_in, timed_out))
        return k, seen

    def pot_step(rows: list[int], k: int, steps: list[Any], pots: list[Any]) -> int:
        """A ``POT`` row's step and pot; returns where the next row starts."""
        index, amount, _, m = rows[k + 1 : k + 5]
        k += 5 + m
        w = rows[k]
        winners = tuple(rows[k + 1 : k + 1 + w])
        pots.append(Pot(index, amount, winners, tuple(rows[k + 1 + w : k + 1 + 2 * w])))
        steps.append((POT, index))
        return k + 1 + 2 * w

    return machine_steps, pot_step

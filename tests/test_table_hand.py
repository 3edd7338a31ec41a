"""A table's hand compiled from its arrays (``betting_kernel.play_table_hand``).

The engine plays a hand nobody records in one compiled call from the table's blocks; it must be
the hand ``play_quick_hand`` plays from the same seats, cards and draws (the golden test holds
whole tournaments to it), and a hand it cannot finish alone must leave nothing changed, so that
the engine plays it again the other way.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import pytest

from pokersim import rng
from pokersim.betting_kernel import (
    machine_params,
    play_quick_hand,
    play_table_hand,
    whole_hand_head,
)
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.evaluator import evaluate_unchecked
from pokersim.model_params import pack
from pokersim.players import RecreationalModel, TightAggressiveModel, model_record
from pokersim.timing import NO_PACE

SEATS = 6
LEVEL = Level(small_blind=50, big_blind=100, ante=100, ante_kind=AnteKind.BIG_BLIND)


def _table(seed: int, hands: int) -> dict[str, Any]:
    """A table's deck block, hand ranks and decision draws, as the engine's shoe keeps them."""
    streams = rng.Streams(seed)
    decks = streams.deck_block(1, 1, hands)
    board = slice(2 * SEATS, 2 * SEATS + 5)
    seat_cards = np.array(
        [[d[2 * s], d[2 * s + 1], *d[board]] for d in decks for s in range(SEATS)], dtype=np.int8
    )
    ranks = array("h", np.asarray(evaluate_unchecked(seat_cards), dtype=np.int16).tobytes())
    uniforms, normals = streams.decision_block(1, 1, hands)
    return {"rows": decks.tobytes(), "ranks": ranks, "u": uniforms, "z": normals}


def _models(plugin_at: int | None) -> tuple[np.ndarray, list[int]]:
    models = [TightAggressiveModel(), RecreationalModel()]
    params = machine_params(pack([model_record(m) for m in models]))  # type: ignore[misc]
    codes = [k % 2 for k in range(SEATS)]
    if plugin_at is not None:
        codes[plugin_at] = -1  # asked in Python: the compiled call cannot finish the hand
    return params, codes


def _quick(table: dict[str, Any], params: np.ndarray, inputs: list[int], head: Any, hand: int,
           stacks: list[int], button: int, bank: array[float]) -> Any:  # fmt: skip
    draws = rng.HandDraws()
    draws.start(table["u"], table["z"], hand, 0, 1, hand + 1)
    at = hand * SEATS
    ranks = table["ranks"][at : at + SEATS]
    ids = tuple(inputs[2 * SEATS :])
    return play_quick_hand(
        (1, hand + 1, LEVEL, button, None, BettingStructure.NO_LIMIT), list(stacks), ranks, ids,
        inputs, table["rows"], 52 * hand - 2, 52 * hand + 2 * SEATS, params, draws, 0.0, 8.0,
        bank, None, NO_PACE, None, None, head,
    )  # fmt: skip


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_table_hand_is_the_quick_hand_from_the_same_blocks(seed: int) -> None:
    """Hand after hand: the same final stacks, knockouts, showdown, seconds, streets, banks."""
    hands = 16
    table = _table(seed, hands)
    params, codes = _models(None)
    seat_nos = list(range(1, SEATS + 1))
    ids = [10 + k for k in range(SEATS)]
    inputs = codes + seat_nos + ids
    head = whole_hand_head(SEATS, LEVEL, inputs, False)
    gen = np.random.default_rng(seed)
    played = 0
    for hand in range(hands):
        stacks = [int(x) for x in gen.integers(1, 6000, SEATS)]
        field = array("q", [0] * 10 + stacks)
        button = hand % SEATS
        bank_a = array("d", [12.0] * (10 + SEATS))
        bank_b = array("d", bank_a)
        blocks = (table["rows"], table["ranks"], table["u"], table["z"])
        got = play_table_hand(
            head, field, blocks, params, bank_a, NO_PACE, None, tuple(ids),
            (button, hand, hand, SEATS), 8.0,
        )  # fmt: skip
        if got is None:  # its draws ran out: the quick hand would ask Python for the rest
            assert bank_a == bank_b
            continue
        want = _quick(table, params, inputs, head, hand, stacks, button, bank_b)
        played += 1
        assert got == want
        assert bank_a == bank_b
    assert played >= hands // 2


def test_a_hand_it_cannot_finish_changes_nothing() -> None:
    """A seat to ask in Python: None, and every time bank as it was before the hand.

    The clock is zero seconds, so every decision before the plug-in's draws on its bank.
    """
    table = _table(4, 8)
    plugin = SEATS - 1  # the big blind: everyone else acts before it
    params, codes = _models(plugin)
    seat_nos = list(range(1, SEATS + 1))
    ids = list(range(SEATS))
    head = whole_hand_head(SEATS, LEVEL, codes + seat_nos + ids, False)
    bank = array("d", [30.0] * SEATS)
    field = array("q", [5000] * SEATS)
    blocks = (table["rows"], table["ranks"], table["u"], table["z"])
    asked = 0
    for hand in range(8):
        got = play_table_hand(
            head, field, blocks, params, bank, NO_PACE, None, tuple(ids),
            (plugin - 2, hand, hand, SEATS), 0.0,
        )  # fmt: skip
        if got is None:
            asked += 1
            assert list(bank) == [30.0] * SEATS
        else:  # the hand ended before the plug-in's turn (all folded to it): banks drawn on
            bank = array("d", [30.0] * SEATS)
        assert list(field) == [5000] * SEATS
    assert asked >= 4

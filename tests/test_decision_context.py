"""The decision context the engine hands every decision: each field against the event log."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from test_engine_helpers import make_scenario

from pokersim import actions
from pokersim.actions import CTX_COLUMNS, CTX_SEAT_BOUNTY, HandClock, TournamentContext
from pokersim.config import AnteKind, Level
from pokersim.engine import run_tournament
from pokersim.events import (
    BountyPaid,
    EntryBought,
    FieldListed,
    LevelStarted,
    PlayerEliminated,
    PrizePaid,
    TableHandStarted,
)
from pokersim.hand import Deal, HandResult, HandSetup, play_hand
from pokersim.scenario import load_scenario


class Recorder:
    """The real hand engine, noting each hand's setup, context and the log's length then.

    The context's live parts (the heads, the seconds to the next level) are read as a model
    would, during the hand.
    """

    def __init__(self, log: list[Any]) -> None:
        self.log = log
        self.hands: list[tuple[HandSetup, TournamentContext, int]] = []
        self.live: list[tuple[tuple[int, ...], float]] = []

    def __call__(
        self,
        setup: HandSetup,
        deal: Deal,
        decide: Callable[..., Any],
        *,
        record_actions: bool = True,
        context: TournamentContext | None = None,
    ) -> HandResult:
        assert context is not None
        self.hands.append((setup, context, len(self.log)))
        heads = context.seat_bounties(setup.player_ids)
        self.live.append((heads, context.seconds_to_next_level))
        return play_hand(setup, deal, decide, record_actions=record_actions, context=context)


def _run(scenario: Any, seed: int) -> tuple[list[Any], Recorder]:
    log: list[Any] = []
    rec = Recorder(log)
    run_tournament(scenario, seed, emit=log.append, hand_player=rec)
    return log, rec


@pytest.fixture(scope="module")
def pko() -> tuple[Any, list[Any], Recorder]:
    scenario = load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "pko.toml")
    log, rec = _run(scenario, 3)
    return scenario, log, rec


def test_bounties_are_the_heads_the_log_says(pko: tuple[Any, list[Any], Recorder]) -> None:
    scenario, log, rec = pko
    per_entry = scenario.entries.bounty_cents
    checked = 0
    heads: dict[int, int] = {}
    done = 0
    for (setup, context, upto), (seat_heads, _) in zip(rec.hands, rec.live):
        for ev in log[done:upto]:  # replay the bounty money logged before this hand
            if isinstance(ev, FieldListed):
                heads = dict.fromkeys(ev.player_ids, per_entry)
            elif isinstance(ev, BountyPaid):
                heads[ev.eliminated_id] = 0
                heads[ev.winner_id] = heads.get(ev.winner_id, 0) + ev.onto_head_cents
            elif isinstance(ev, EntryBought):
                heads[ev.player_id] = heads.get(ev.player_id, 0) + ev.bounty_cents
        done = upto
        assert context.bounty_kind == "pko"
        assert seat_heads == tuple(heads[p] for p in setup.player_ids)
        checked += seat_heads != (per_entry,) * len(setup.seats)
    assert checked > 10  # heads grew: the test saw progressive bounties, not only the first


def test_field_prizes_and_clock(pko: tuple[Any, list[Any], Recorder]) -> None:
    scenario, log, rec = pko
    level_at = {ev.level_index: ev.t for ev in log if isinstance(ev, LevelStarted)}
    final_prizes = sorted((ev.place, ev.prize_cents) for ev in log if isinstance(ev, PrizePaid))
    out = 0
    done = 0
    for (setup, context, upto), (_, seconds) in zip(rec.hands, rec.live):
        out += sum(isinstance(ev, PlayerEliminated) for ev in log[done:upto])
        bought = sum(ev.chips for ev in log[:upto] if isinstance(ev, EntryBought))
        done = upto
        assert context.players_left == scenario.players.count - out  # a re-entry is not out
        chips = scenario.players.count * scenario.starting_stack + bought
        assert context.average_stack * context.players_left == pytest.approx(chips)
        assert context.level_index == setup.level_index
        assert context.level == setup.level
        nxt = setup.level_index + 1
        if nxt in level_at:
            assert seconds == level_at[nxt] - setup.start_time > 0
            assert context.next_level == scenario.levels[nxt]
        assert context.places_paid == len(context.prizes_cents)
        assert context.players_to_money == max(0, context.players_left - context.places_paid)
    records = {id(c) for _, c, _ in rec.hands}  # kept alive by rec: ids are distinct
    assert len(records) < len(rec.hands) / 3  # one record serves hand after hand
    last = rec.hands[-1][1]
    assert [c for _, c in final_prizes] == list(last.prizes_cents)  # no ties in this run
    assert last.players_to_money == 0


def test_hand_for_hand_flag_is_the_synchronized_round() -> None:
    stages = [{"kind": "players", "from_players": 14, "to_players": 6}]
    log, rec = _run(make_scenario(27, stages=stages), 5)
    hands = [e for e in log if isinstance(e, TableHandStarted)]
    started = {(e.table_id, e.hand_no): e.synchronized for e in hands}
    flags = [(c.hand_for_hand, started[(s.table_id, s.hand_no)]) for s, c, _ in rec.hands]
    assert all(a == b for a, b in flags)
    assert any(a for a, _ in flags) and not all(a for a, _ in flags)
    assert all(not c.bounties_cents and c.bounty_kind == "none" for _, c, _ in rec.hands)


def test_as_array_columns() -> None:
    level = Level(small_blind=50, big_blind=100, ante=100, ante_kind=AnteKind.BIG_BLIND)
    ctx = TournamentContext(
        players_left=12,
        places_paid=9,
        average_stack=4500.5,
        bounties_cents={7: 250, 3: 1000},
        level_index=4,
        prizes_cents=(5000, 3000, 2000),
        level=level,
        next_level=Level(small_blind=75, big_blind=150),
        level_ends_at=361.0,
        clock=HandClock(300.0),
        hand_for_hand=True,
        bounty_kind="pko",
    )
    a = ctx.as_array((7, 5, 3))
    named = dict(zip(CTX_COLUMNS, a.tolist()))
    assert named == {
        "players_left": 12,
        "places_paid": 9,
        "players_to_money": 3,
        "average_stack": 4500.5,
        "level_index": 4,
        "small_blind": 50,
        "big_blind": 100,
        "ante": 100,
        "big_blind_ante": 1.0,
        "next_big_blind": 150,
        "seconds_to_next_level": 61.0,
        "hand_for_hand": 1.0,
        "bounty_cash_share": 0.5,
        "first_prize": 5000,
    }
    assert a[CTX_SEAT_BOUNTY:].tolist() == [250, 0, 1000]
    for i, name in enumerate(CTX_COLUMNS):  # the constants and the names agree
        assert getattr(actions, "CTX_" + name.upper()) == i
    buf = np.full(20, -1.0)
    assert ctx.as_array((7, 5, 3), buf) is buf and buf[: a.size].tolist() == a.tolist()
    last = TournamentContext(players_left=2, places_paid=3, average_stack=1.0, level=level)
    b = last.as_array()
    assert b[actions.CTX_PLAYERS_TO_MONEY] == 0 and math.isinf(b[actions.CTX_SECONDS_TO_NEXT_LEVEL])
    assert b[actions.CTX_NEXT_BIG_BLIND] == 100  # no next level: this level's

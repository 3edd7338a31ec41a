"""Hand histories written from a hand's log rows, and the writers' shortcuts, against plain forms.

A run reads each hand's record for both writers from its rows
(``hand_history_rows.hand_rows_reader``) instead of its decoded events (``read_hand``): the two
records must be equal. The clock makes a hand's time from the start's fields, and the PHH
writer finds PokerKit's idle checks (R-BLIND-2) in one pass: each is held to what ``strftime``
and the two-pass search it replaced give.
"""

from __future__ import annotations

import dataclasses
from array import array
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from test_history_pokerstars import random_hands
from test_pokerkit_differential import random_decider, random_hand

from pokersim.config import Level
from pokersim.engine import run_tournament
from pokersim.events import ActionKind, ActionTaken, BoardDealt, ForcedBetPosted, PostKind
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand
from pokersim.hand_history_rows import hand_rows_reader
from pokersim.hand_log import HandEvents, HandLog
from pokersim.history._record import hole_text, read_hand
from pokersim.history.phh import IDLE_CHECK_COMMENT, _phh_actions
from pokersim.history.tournament import EASTERN, TournamentClock
from pokersim.scenario import load_scenario
from pokersim.verify import load_case, run_case

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
RUNS = (("default.toml", 1), ("pko.toml", 2))  # antes, a field of 180; bounties
CASES = (  # scripted rule cases: fixed limit, idle checks
    "R-BET-1-fixed-limit-cap.toml",
    "R-BLIND-2-heads-up-short-big-blind.toml",
    "R-BLIND-2-multiway-side-pot.toml",
    "R-BLIND-2-three-handed-button-folds.toml",
)


@cache
def played(name: str, seed: int) -> tuple[HandResult, ...]:
    """Every hand of a run, as the engine hands them to a run's hand histories."""
    hands: list[HandResult] = []
    run_tournament(load_scenario(SCENARIOS / name), seed, emit=lambda e: None, on_hand=hands.append)
    return tuple(hands)


@cache
def every_hand() -> tuple[HandResult, ...]:
    hands = [h for name, seed in RUNS for h in played(name, seed)]
    for case in CASES:
        hands += run_case(load_case(SCENARIOS / "rules" / case)).hands.values()
    randoms = random_hands(200, seed=5, antes=True) + random_hands(200, seed=6, antes=False)
    return (*hands, *randoms, *corners(2000, seed=8))


def corners(count: int, seed: int) -> list[HandResult]:
    """Hands built to hit the corners (short stacks, side pots, every structure and ante)."""
    out = []
    for k in range(count):
        rng = np.random.default_rng([seed, k])
        setup, deal = random_hand(rng, k)
        out.append(play_hand(setup, deal, random_decider(rng), record_actions=True))
    return out


def test_the_record_read_from_the_rows_is_the_record_of_the_events() -> None:
    read = hand_rows_reader()
    hands = every_hand()
    assert all(isinstance(h.events, HandEvents) for h in hands)
    for hand in hands:
        hand.events._records = None  # type: ignore[attr-defined]  # (a case's log read them)
        from_rows = read(hand)  # first: the events are not decoded yet
        assert from_rows == read_hand(hand), (hand.setup.table_id, hand.setup.hand_no)
        assert [type(v) for v in from_rows] == [type(v) for v in read_hand(hand)]


def test_a_hand_without_rows_is_read_from_its_events() -> None:
    read = hand_rows_reader()
    hand = played("pko.toml", 2)[5]
    as_records = dataclasses.replace(hand, events=tuple(hand.events))
    assert read(as_records) == read_hand(as_records) == read(hand)
    for events in ((), HandEvents(array("q"))):
        empty = dataclasses.replace(hand, events=events)
        with pytest.raises(ValueError, match="has no events") as got:
            read(empty)
        with pytest.raises(ValueError) as expected:
            read_hand(empty)
        assert str(got.value) == str(expected.value)


def test_rows_without_hole_cards_are_refused_as_the_events_are() -> None:
    log = HandLog()
    log.started(4, 9, 0, (11, 12), (1, 2), (500, 500), (0, 1, 2, 3, 4))
    log.forced_bet(1, PostKind.SMALL_BLIND, 10, False)
    log.forced_bet(0, PostKind.BIG_BLIND, 20, False)
    log.action(1, 0, ActionKind.FOLD, 0, 10, False)
    log.ended((510, 490))
    setup = HandSetup(
        seats=(Seat(player_id=11, stack=500, seat_no=1), Seat(player_id=12, stack=500, seat_no=2)),
        button=0,
        level=Level(small_blind=10, big_blind=20),
        table_id=4,
        hand_no=9,
    )
    hand = HandResult(
        setup=setup,
        deal=Deal(hole=((5, 6), (7, 8)), board=(0, 1, 2, 3, 4)),
        final_stacks=(510, 490),
        pots=(),
        knockouts=(),
        showdown=False,
        events=log.events(),
    )
    with pytest.raises(ValueError, match="no hole cards for seat indices") as got:
        hand_rows_reader()(hand)
    with pytest.raises(ValueError) as expected:
        read_hand(hand)
    assert str(got.value) == str(expected.value)


def test_hole_text_is_format_cards() -> None:
    from pokersim.cards import format_cards

    for first in range(52):
        for second in (0, 17, 51):
            for sep in ("", " "):
                assert hole_text((first, second), sep) == format_cards((first, second), sep)
    with pytest.raises(ValueError):
        hole_text((52, 0))


STARTS = (
    datetime(2026, 3, 7, 20, 0, tzinfo=EASTERN),  # Eastern time forward an hour the next night
    datetime(2026, 10, 31, 23, 30, 15, tzinfo=EASTERN),  # ... and back
    datetime(2026, 12, 31, 22, 0, tzinfo=UTC),  # labelled UTC, the year ends
    datetime(2026, 3, 8, 1, 0, tzinfo=timezone(timedelta(hours=-5))),  # an offset: converted
    datetime(2026, 6, 1, 9, 0, tzinfo=timezone(timedelta(hours=2))),
)


@pytest.mark.parametrize("start", STARTS, ids=str)
def test_the_clock_stamp_is_strftime_of_the_local_time(start: datetime) -> None:
    clock = TournamentClock(start)
    for seconds in [*range(0, 3 * 86_400, 397), 86_399, 86_400, 7.9]:
        when = clock.local(seconds)
        ymd = (when.year, when.month, when.day)
        assert clock.stamp(seconds) == (when.strftime("%Y/%m/%d"), when.strftime("%H:%M:%S"), *ymd)
        local = when.strftime("%Y/%m/%d %H:%M:%S")
        et = clock.eastern(seconds).strftime("%Y/%m/%d %H:%M:%S")
        assert clock.pokerstars(seconds) == f"{local} {clock.label} [{et} ET]"


# The idle checks as they were found before the one-pass writer: the state counted again after
# every action, then the check written after its action's line.


def _two_pass_idle_checks(events: Sequence[object], n: int, stacks: list[int]) -> dict[int, int]:
    bets, folded = [0] * n, [False] * n
    queue: list[bool] | None = None
    acted: set[int] = set()
    checks: dict[int, int] = {}
    pending: tuple[int, int] | None = None
    for k, e in enumerate(events):
        if isinstance(e, ForcedBetPosted):
            stacks[e.seat] -= e.amount
            if e.kind is not PostKind.ANTE:
                bets[e.seat] += e.amount
        elif isinstance(e, BoardDealt):
            if pending is not None:
                checks[pending[0]] = pending[1]
            bets, queue, acted, pending = [0] * n, None, set(), None
        elif isinstance(e, ActionTaken):
            if queue is None:
                reach = sorted(stacks[i] + bets[i] for i in range(n) if not folded[i])
                queue = [not folded[i] and stacks[i] > 0 and reach[-2] > bets[i] for i in range(n)]
            stacks[e.seat] -= e.amount
            bets[e.seat] += e.amount
            folded[e.seat] = folded[e.seat] or e.kind is ActionKind.FOLD
            acted.add(e.seat)
            live = [i for i in range(n) if not folded[i]]
            holders = [i for i in live if stacks[i] > 0]
            seat = holders[0] if len(live) > 1 and len(holders) == 1 else -1
            idle = seat >= 0 and queue[seat] and seat not in acted and bets[seat] >= max(bets)
            pending = (k, seat) if idle else None
    if pending is not None:
        checks[pending[0]] = pending[1]
    return checks


def _idle_lines_after(hand: HandResult) -> list[tuple[str, str]]:
    """Each idle check's line with the line of the action it follows, found in two passes."""
    rec = read_hand(hand)
    pos_of = {s: k for k, s in enumerate(rec.order, start=1)}
    events = list(hand.events)
    checks = _two_pass_idle_checks(events, rec.n, list(rec.starting_stacks))
    return [
        (f"p{pos_of[events[k].seat]}", f"p{pos_of[seat]} cc # {IDLE_CHECK_COMMENT}")  # type: ignore[attr-defined]
        for k, seat in sorted(checks.items())
    ]


def test_the_one_pass_idle_checks_are_the_two_pass_ones() -> None:
    found = 0
    for hand in every_hand():
        lines = _phh_actions(read_hand(hand))
        idle = [k for k, line in enumerate(lines) if line.endswith(IDLE_CHECK_COMMENT)]
        got = [(lines[k - 1].split()[0], lines[k]) for k in idle]
        assert got == _idle_lines_after(hand), (hand.setup.table_id, hand.setup.hand_no)
        found += len(idle)
    assert found >= 30  # the hands hold such checks

"""Calibration statistics on hand-made logs with known answers, on real hands, on real runs."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from pokersim import study
from pokersim.calibration import (
    DEPTH_BANDS,
    HandForHandCount,
    Measure,
    Statistic,
    add_counts,
    follows,
    history_owners,
    imported_events,
    measure,
    resampled,
    statistics,
)
from pokersim.calibration_targets import judge, load_targets, unmatched
from pokersim.cli import main
from pokersim.errors import ConfigError
from pokersim.events import (
    ActionKind,
    ActionTaken,
    BoardDealt,
    BreakEnded,
    BreakStarted,
    BubbleBurst,
    FieldListed,
    HandEnded,
    HandForHandEnded,
    HandForHandStarted,
    HandShown,
    HandStarted,
    LevelStarted,
    PlayerEliminated,
    TableHandStarted,
    TournamentEnded,
    TournamentStarted,
)
from pokersim.history.imported import ImportedHand
from pokersim.history.importer import read_history
from pokersim.history.read_wpn import read_wpn
from pokersim.players import builtin_models

ROOT = Path(__file__).resolve().parents[1]
HISTORIES = ROOT / "tests" / "data" / "histories"
MTT = ROOT / "scenarios" / "mtt_1000.toml"

# --- hand-made logs ------------------------------------------------------------------------------

PIDS = (0, 1, 2, 3)  # players 0 and 1 play model "a", 2 and 3 model "b"


def _hand(
    hand_no: int,
    stack: int,
    preflop: list[tuple[int, str, bool]],
    *,
    flop: list[tuple[int, str, bool]] | None = None,
    shown: tuple[int, ...] = (),
) -> list[Any]:
    """One hand at table 1 (big blind 100): (seat, kind, all-in) actions; ``flop`` if dealt."""
    events: list[Any] = [
        TableHandStarted(t=hand_no * 100, table_id=1, hand_no=hand_no, level_index=0,
                         button_seat=1, seat_nos=(1, 2, 3, 4), player_ids=PIDS,
                         stacks=(stack,) * 4, synchronized=False),
        HandStarted(table_id=1, hand_no=hand_no, button=0, player_ids=PIDS,
                    seat_nos=(1, 2, 3, 4), stacks=(stack,) * 4),
    ]  # fmt: skip

    def act(street: int, seat: int, kind: str, all_in: bool) -> ActionTaken:
        return ActionTaken(seat=seat, player_id=PIDS[seat], street=street,
                           kind=ActionKind(kind), amount=0, to=0, all_in=all_in)  # fmt: skip

    events += [act(0, *a) for a in preflop]
    if flop is not None:
        events.append(BoardDealt(street=1, cards=(0, 1, 2), board=(0, 1, 2)))
        events += [act(1, *a) for a in flop]
    events += [HandShown(seat=s, player_id=PIDS[s], cards=(3, 4), rank=1) for s in shown]
    events.append(HandEnded(table_id=1, hand_no=hand_no, final_stacks=(stack,) * 4))
    return events


def _three_hands() -> list[Any]:
    """A limp, a raise, a 3-bet and an all-in; a raise called; a walk in the big blind."""
    log: list[Any] = [
        FieldListed(t=0, player_ids=PIDS, names=("A", "B", "C", "D"),
                    models=("a", "a", "b", "b"), late_ids=()),
        LevelStarted(t=0, level_index=0, small_blind=50, big_blind=100, ante=0,
                     ante_kind="none"),
    ]  # fmt: skip
    log += _hand(  # 10 big blinds on average
        1,
        1000,
        [(3, "call", False), (0, "raise", False), (1, "raise", False), (2, "fold", False),
         (3, "fold", False), (0, "call", False)],
        flop=[(1, "bet", True), (0, "call", False)],
        shown=(0, 1),
    )  # fmt: skip
    log += _hand(  # 5 big blinds
        2,
        500,
        [(3, "fold", False), (0, "raise", False), (1, "call", False), (2, "fold", False)],
        flop=[(1, "check", False), (0, "bet", False), (1, "fold", False)],
    )
    log += _hand(3, 3000, [(3, "fold", False), (0, "fold", False), (1, "fold", False)])  # 30 bb
    return log


def _values(log: list[Any]) -> dict[str, float | None]:
    return {s.name: s.value for s in statistics(measure(log))}


def test_player_statistics_of_a_hand_made_log() -> None:
    v = _values(_three_hands())
    # decisions before the flop: 4 + 4 + 3 (the big blind's walk is no chance to play)
    assert v["vpip.field"] == pytest.approx(100 * 5 / 11)  # 3 in hand 1, 2 in hand 2
    assert v["pfr.field"] == pytest.approx(100 * 3 / 11)
    # facing exactly one raise: seat 1 in hand 1 (re-raises), seats 1 and 2 in hand 2
    assert v["three_bet.field"] == pytest.approx(100 * 1 / 3)
    assert v["flop_seen.field"] == pytest.approx(100 * 4 / 12)
    assert v["wtsd.field"] == pytest.approx(100 * 2 / 4)
    assert v["vpip.a"] == pytest.approx(100 * 4 / 6)
    assert v["vpip.b"] == pytest.approx(100 * 1 / 5)  # the limp; player 2 had the walk
    assert v["pfr.b"] == 0.0
    assert v["three_bet.a"] == pytest.approx(100 * 1 / 2)
    assert v["three_bet.b"] == 0.0
    # after the flop, checked to: a bet (hand 1), a check and a bet (hand 2); facing a bet: a
    # call (hand 1) and a fold (hand 2); every one of them model a's
    assert v["post_bet.field"] == pytest.approx(100 * 2 / 3) == v["post_bet.a"]
    assert v["post_call.field"] == pytest.approx(100 * 1 / 2) == v["post_call.a"]
    assert v["post_bet.b"] is None and v["post_call.b"] is None


def _seven_handed() -> list[Any]:
    """A hand dealt to seven: seat 3 opens, seat 4 re-raises, everyone else folds, 3 calls."""
    pids = tuple(range(10, 17))
    seats = tuple(range(1, 8))
    acts = [(3, "raise"), (4, "raise"), (5, "fold"), (6, "fold"), (0, "fold"), (1, "fold"),
            (2, "fold"), (3, "call")]  # fmt: skip
    return [
        FieldListed(t=0, player_ids=pids, names=tuple("ABCDEFG"), models=("a",) * 7,
                    late_ids=()),
        TableHandStarted(t=900, table_id=2, hand_no=1, level_index=0, button_seat=1,
                         seat_nos=seats, player_ids=pids, stacks=(2000,) * 7,
                         synchronized=False),
        HandStarted(table_id=2, hand_no=1, button=0, player_ids=pids, seat_nos=seats,
                    stacks=(2000,) * 7),
        *(ActionTaken(seat=s, player_id=pids[s], street=0, kind=ActionKind(k), amount=0, to=0,
                      all_in=False) for s, k in acts),
        HandEnded(table_id=2, hand_no=1, final_stacks=(2000,) * 7),
    ]  # fmt: skip


def test_full_table_statistics_count_only_hands_dealt_to_seven_or_more() -> None:
    short = _values(_three_hands())  # four-handed hands only
    assert short["vpip_full.field"] is None
    assert short["pfr_full.field"] is None
    assert short["three_bet_full.field"] is None
    assert short["flop_seen_full.field"] is None
    assert short["flop_seen.field"] > 0  # the four-handed flops count over every table size
    v = _values(_three_hands() + _seven_handed())
    assert v["flop_seen_full.field"] == 0.0  # the seven-handed hand ends before the flop
    assert v["vpip_full.field"] == pytest.approx(100 * 2 / 7)  # seven decided, two entered
    assert v["pfr_full.field"] == pytest.approx(100 * 2 / 7)
    assert v["three_bet_full.field"] == 100.0  # only seat 4 faced exactly one raise
    assert v["vpip.field"] == pytest.approx(100 * (5 + 2) / (11 + 7))  # every table size
    assert v["pfr.field"] == pytest.approx(100 * (3 + 2) / (11 + 7))
    assert v["three_bet.field"] == pytest.approx(100 * 2 / 4)


def test_pre_flop_cells_count_each_hand_by_its_depth_and_players() -> None:
    """A cell is the table's average depth and the players dealt in: like for like with real."""
    v = _values(_three_hands() + _seven_handed())
    # the seven-handed hand: 2,000 chips at 100 = 20 bb, seven decided, two raised
    assert v["vpip_cell.20-40.7-9"] == pytest.approx(100 * 2 / 7)
    assert v["pfr_cell.20-40.7-9"] == pytest.approx(100 * 2 / 7)
    assert v["vpip_cell.10-20.7-9"] is None  # no full table that shallow
    counts = measure(_three_hands() + _seven_handed())
    banded = {band for band, _lo, _hi in DEPTH_BANDS}
    for key in ("vpip_chances", "vpip", "pfr"):  # every hand with a depth in exactly one cell
        cells = sum(
            value
            for k, value in counts.items()
            if k.split("|")[0].startswith(f"{key}_")
            and k.split("|")[0][len(key) + 1 :].split("_")[0] in banded
        )
        assert cells == sum(value for k, value in counts.items() if k.split("|")[0] == key)


def test_showdowns_at_cash_depth_count_only_tables_averaging_40_big_blinds() -> None:
    deep = _hand(  # 50 big blinds: a raise called, a flop bet called, both shown
        4,
        5000,
        [(3, "fold", False), (0, "raise", False), (1, "call", False), (2, "fold", False)],
        flop=[(1, "check", False), (0, "bet", False), (1, "call", False)],
        shown=(0, 1),
    )
    folded = _hand(  # 45 big blinds: the flop bet takes the pot
        5,
        4500,
        [(3, "fold", False), (0, "raise", False), (1, "call", False), (2, "call", False)],
        flop=[(1, "check", False), (2, "check", False), (0, "bet", False), (1, "fold", False),
              (2, "fold", False)],
    )  # fmt: skip
    v = _values(_three_hands() + deep + folded)
    assert _values(_three_hands())["wtsd_deep.field"] is None  # every hand under 40 bb
    assert v["wtsd_deep.field"] == pytest.approx(100 * 2 / 5)  # 2 + 3 flops seen, 2 shown
    assert v["wtsd_deep.a"] == pytest.approx(100 * 2 / 4)
    assert v["wtsd_deep.b"] == 0.0  # seat 2 saw the second flop and folded
    assert v["wtsd.field"] == pytest.approx(100 * 4 / 9)  # every depth: 4 + 5 flops, 4 shown


def test_all_in_share_by_the_tables_average_depth() -> None:
    v = _values(_three_hands())
    assert v["all_in.10-20"] == 100.0  # hand 1: 1000 / 100 = 10 bb, an all-in on the flop
    assert v["all_in.<10"] == 0.0
    assert v["all_in.20-40"] == 0.0
    assert v["all_in.40-100"] is None  # no hand that deep


def _table_hand(t: int, table: int, players: int, *, sync: bool = False) -> TableHandStarted:
    pids = tuple(range(players))
    return TableHandStarted(t=t, table_id=table, hand_no=t, level_index=0, button_seat=1,
                            seat_nos=tuple(p + 1 for p in pids), player_ids=pids,
                            stacks=(1000,) * players, synchronized=sync)  # fmt: skip


def test_pace_leaves_out_breaks_and_synchronized_hands() -> None:
    log = [
        _table_hand(0, 1, 9),
        _table_hand(60, 1, 9),
        _table_hand(150, 1, 6),  # 9 at the table: 60 s and 90 s
        _table_hand(190, 1, 6),  # 6: 40 s
        BreakStarted(t=200, break_index=0, scheduled_end=500),
        BreakEnded(t=500, break_index=0),
        _table_hand(500, 1, 6),  # over the break: not counted
        _table_hand(530, 1, 6, sync=True),  # 6: 30 s (the synchronized hand ends the run)
        _table_hand(600, 1, 6),  # after a synchronized hand: not counted
        _table_hand(0, 2, 2),
        _table_hand(20, 2, 2),  # another table, heads-up: 20 s
    ]
    v = _values(log)
    assert v["hands_per_hour.9"] == pytest.approx(3600 * 2 / 150)
    assert v["hands_per_hour.6"] == pytest.approx(3600 * 1 / 40)
    assert v["hands_per_hour.2"] == pytest.approx(3600 / 20)
    assert v["hands_per_hour.3"] is None


def test_pace_is_reported_at_every_table_size() -> None:
    """Five and four at the table too, not only the banded sizes (docs/players.md)."""
    log = [_table_hand(0, 1, 5), _table_hand(45, 1, 5), _table_hand(0, 2, 4), _table_hand(36, 2, 4)]
    v = _values(log)
    assert v["hands_per_hour.5"] == pytest.approx(3600 / 45)
    assert v["hands_per_hour.4"] == pytest.approx(3600 / 36)
    assert [n for n in range(9, 1, -1) if f"hands_per_hour.{n}" in v] == list(range(9, 1, -1))


def _started(entries: int, paid: int) -> TournamentStarted:
    return TournamentStarted(t=0, name="t", seed=0, entries=entries, starting_stack=1000,
                             seats_per_table=9, prize_pool_cents=100, places_paid=paid,
                             start_clock=0)  # fmt: skip


def _out(t: int, p: int, place: int, *, sync: bool = False) -> PlayerEliminated:
    return PlayerEliminated(t=t, player_id=p, place=place, table_id=1, hand_no=t,
                            starting_stack=10, by=(0,), synchronized=sync)  # fmt: skip


def test_money_bubble_hand_for_hand_apart_from_the_final_table_stage() -> None:
    log = [
        _started(12, 3),
        HandForHandStarted(t=1000, players_left=4),
        _table_hand(1000, 1, 2, sync=True),
        _table_hand(1000, 2, 2, sync=True),
        _table_hand(1100, 1, 2, sync=True),
        _table_hand(1100, 2, 2, sync=True),
        BubbleBurst(t=1150, players_left=3, places_paid=3),
        HandForHandEnded(t=1150, players_left=3),
        HandForHandStarted(t=2000, players_left=3),
        _table_hand(2000, 1, 2, sync=True),
        _table_hand(2000, 2, 1, sync=True),
        HandForHandEnded(t=2100, players_left=2),
        TournamentEnded(t=3000, winner_id=0, hands_played=40, chips_in_play=12000,
                        places_paid=3),
    ]  # fmt: skip
    v = _values(log)
    assert v["bubble_h4h_rounds"] == 2.0
    assert v["bubble_h4h_hands"] == 4.0
    assert v["bubble_h4h_minutes"] == pytest.approx(150 / 60)
    assert v["duration_hours"] == pytest.approx(3000 / 3600)
    count = HandForHandCount()
    for event in log:
        count.add(event)
    assert (count.hands, len(count.rounds), count.after, len(count.after_rounds)) == (4, 2, 2, 1)


def test_the_median_runs_hand_for_hand_rounds_apart_from_the_mean() -> None:
    """Runs of 2, 2 and 0 rounds (and of 5, 0, 0): the median run's rounds, not the mean."""

    def run(rounds: int) -> dict[str, float]:
        log: list[Any] = [_started(12, 3), HandForHandStarted(t=1000, players_left=4)]
        log += [_table_hand(1000 + 100 * k, 1, 2, sync=True) for k in range(rounds)]
        log.append(TournamentEnded(t=3000, winner_id=0, hands_played=40, chips_in_play=12000,
                                   places_paid=3))  # fmt: skip
        return measure(log)

    for rounds, median, mean in (
        ((2, 2, 0), 2.0, 4 / 3),
        ((5, 0, 0), 0.0, 5 / 3),
        ((1, 3), 2.0, 2),
    ):
        total: dict[str, float] = {}
        for r in rounds:
            add_counts(total, run(r))
        v = {s.name: s.value for s in statistics(total)}
        assert v["bubble_h4h_rounds_median"] == median
        assert v["bubble_h4h_rounds"] == pytest.approx(mean)
    assert {s.name: s.value for s in statistics({})}["bubble_h4h_rounds_median"] is None


def test_bust_rate_near_the_money_against_earlier() -> None:
    log: list[Any] = [_started(50, 10)]  # 40 to go: early
    log += [_table_hand(t, 1, 9) for t in (1, 2)]
    log += [_out(10 + k, 100 + k, 50 - k) for k in range(10)]  # 10 out while 40..31 to go
    log += [_table_hand(t, 1, 9) for t in range(100, 105)]  # 30 to go: near the money
    log.append(_out(200, 99, 40))
    log.append(
        TournamentEnded(t=300, winner_id=0, hands_played=22, chips_in_play=1, places_paid=10)
    )
    v = _values(log)
    assert v["bust_rate_near_money"] == pytest.approx((1 / 5) / (10 / 2))
    assert v["busts_per_100_hands_near_money"] == pytest.approx(100 / 5)
    assert v["busts_per_100_hands_earlier"] == pytest.approx(100 * 10 / 2)
    assert v["hands_per_elimination"] == pytest.approx(22 / 11)


def test_counts_add_up_across_runs() -> None:
    log = _three_hands()
    one = measure(log)
    m = Measure()
    for event in log + log:
        m.add(event)
    assert m.counts() == {k: 2 * v for k, v in one.items()}
    assert _values(log + log)["vpip.field"] == _values(log)["vpip.field"]


# --- real hands, through the same reduction -------------------------------------------------


def _real_hands() -> list[ImportedHand]:
    hands = []
    for path in sorted(HISTORIES.glob("*.txt")):
        hands += [h for h in read_history(path) if isinstance(h, ImportedHand)]
    return hands


def test_a_real_hand_measured_by_hand() -> None:
    """The first hand of ``hhp-tournaments.txt``: a limp, a raise, three folds, a call."""
    first = read_history(HISTORIES / "hhp-tournaments.txt")[0]
    assert isinstance(first, ImportedHand)
    v = _values(imported_events([first]))
    assert v["vpip.field"] == pytest.approx(100 * 2 / 9)  # the limper and the raiser
    assert v["pfr.field"] == pytest.approx(100 * 1 / 9)
    assert v["three_bet.field"] == 0.0  # four players faced the raise; nobody re-raised
    assert v["flop_seen.field"] == pytest.approx(100 * 2 / 9)
    assert v["wtsd.field"] == 0.0  # the limper folded to the flop bet
    assert v["all_in.40-100"] == 0.0  # 1,500 chips at 10/20: 75 big blinds


def test_real_hands_agree_with_a_direct_count() -> None:
    """VPIP, PFR and flops of every real hand, counted from the hands' own actions."""
    hands = _real_hands()
    assert len(hands) >= 10
    chances = entered = raised = flops = dealt = 0
    for h in hands:
        pre = [a for a in h.actions if a.street == 0]
        acted = {a.name for a in pre}
        chances += len(acted)
        entered += len({a.name for a in pre if a.verb in ("call", "raise")})
        raised += len({a.name for a in pre if a.verb == "raise"})
        dealt += len(h.seats)
        if any(a.street >= 1 for a in h.actions) or len(h.board) >= 3:
            flops += len(acted - {a.name for a in pre if a.verb == "fold"})
            flops += len({s.name for s in h.seats} - acted)  # all-in by the blinds: no decision
    c = measure(imported_events(hands))
    assert c["vpip_chances|real"] == chances
    assert c["vpip|real"] == entered
    assert c["pfr|real"] == raised
    assert c["dealt|real"] == dealt
    assert c["flop|real"] == flops


def _wpn(*names: str) -> list[ImportedHand]:
    hands: list[ImportedHand] = []
    for name in names:
        for hand in read_wpn((HISTORIES / "wpn" / name).read_text(encoding="utf-8"), name):
            assert isinstance(hand, ImportedHand), str(hand)
            hands.append(hand)
    return hands


def _direct(text: str) -> list[tuple[datetime, int, float, bool]]:
    """Each hand of a Winning Poker Network text, counted from its lines alone.

    The start, the players dealt in (seat lines with chips before the cards), the table's
    average stack in big blinds, whether an action (not a post) put a player all in.
    """
    out = []
    for block in text.split("Game Hand #")[1:]:
        when = re.search(r"(\d{4}/\d\d/\d\d \d\d:\d\d:\d\d) UTC", block)
        bb = re.search(r"Level \d+ \([\d.]+/([\d.]+)\)", block)
        assert when and bb
        head = block[: block.index("*** HOLE CARDS")]
        stacks = [float(x) for x in re.findall(r"^Seat \d+: .+? \(([\d.]+)\)", head, re.M)]
        play = block[: block.index("*** SUMMARY")]
        shoved = bool(re.search(r"(raises|bets|calls) .* and is all-in", play))
        start = datetime.strptime(when.group(1), "%Y/%m/%d %H:%M:%S")
        depth = sum(stacks) / len(stacks) / float(bb.group(1))
        out.append((start, len(stacks), depth, shoved))
    return out


def test_real_pace_agrees_with_a_direct_count() -> None:
    """Seven consecutive hands at one table (18:30 to 18:37, no break): every interval counts,
    by the players dealt into the first hand of each pair."""
    name = "wpn-G23889488T1.txt"
    direct = _direct((HISTORIES / "wpn" / name).read_text(encoding="utf-8"))
    assert len(direct) == 7
    seconds: dict[int, float] = {}
    intervals: dict[int, int] = {}
    for (t0, n, _d, _a), (t1, _n, _d1, _a1) in zip(direct, direct[1:]):
        seconds[n] = seconds.get(n, 0.0) + (t1 - t0).total_seconds()
        intervals[n] = intervals.get(n, 0) + 1
    c = measure(imported_events(_wpn(name)))
    got = {int(k.rsplit("_", 1)[1]): v for k, v in c.items() if k.startswith("pace_intervals_")}
    assert got == intervals == {7: 3, 8: 1, 9: 2}
    for n, total in seconds.items():
        assert c[f"pace_seconds_{n}"] == total
    assert _values(imported_events(_wpn(name)))["hands_per_hour.9"] == pytest.approx(
        3600 * 2 / seconds[9]
    )


@pytest.mark.parametrize(
    ("name", "expected_intervals", "expected_seconds"),
    [
        ("stars-spin-2929450288.txt", {3: 14, 2: 4}, {3: 266.0, 2: 24.0}),
        ("stars-spin-99999.txt", {3: 17, 2: 70}, {3: 178.0, 2: 439.0}),
    ],
)
def test_real_three_handed_and_heads_up_pace_agrees_with_a_direct_count(
    name: str, expected_intervals: dict[int, int], expected_seconds: dict[int, float]
) -> None:
    """A whole 3-player PokerStars tournament (a Spin & Go): every interval counts, by the
    players dealt into its first hand, timed by the headers' Eastern clock."""
    path = HISTORIES / "spin" / name
    text = path.read_text(encoding="utf-8")
    direct = []
    for block in text.split("PokerStars Hand #")[1:]:
        when = re.search(r"\[(\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d) ET\]", block)
        assert when
        head = block[: block.index("*** HOLE CARDS")]
        dealt = len(re.findall(r"^Seat \d+: .+ in chips", head, re.M))
        direct.append((datetime.strptime(when.group(1), "%Y/%m/%d %H:%M:%S"), dealt))
    seconds: dict[int, float] = {}
    intervals: dict[int, int] = {}
    for (t0, n), (t1, _n) in zip(direct, direct[1:]):
        seconds[n] = seconds.get(n, 0.0) + (t1 - t0).total_seconds()
        intervals[n] = intervals.get(n, 0) + 1
    hands = [h for h in read_history(path) if isinstance(h, ImportedHand)]
    c = measure(imported_events(hands))
    got = {int(k.rsplit("_", 1)[1]): v for k, v in c.items() if k.startswith("pace_intervals_")}
    assert got == intervals == expected_intervals
    assert {n: c[f"pace_seconds_{n}"] for n in got} == seconds == expected_seconds


def test_real_all_in_share_by_depth_agrees_with_a_direct_count() -> None:
    name = "wpn-G23889488T2.txt"
    direct = _direct((HISTORIES / "wpn" / name).read_text(encoding="utf-8"))
    c = measure(imported_events(_wpn(name)))
    for band, lo, hi in DEPTH_BANDS:
        in_band = [a for _t, _n, depth, a in direct if lo <= depth < hi]
        assert c.get(f"depth_hands_{band}", 0.0) == len(in_band), band
        assert c.get(f"all_in_hands_{band}", 0.0) == sum(in_band), band
    assert sum(c.get(f"depth_hands_{band}", 0.0) for band, _lo, _hi in DEPTH_BANDS) == 44
    assert sum(c.get(f"all_in_hands_{band}", 0.0) for band, _lo, _hi in DEPTH_BANDS) > 0


def test_consecutive_hands_follow_only_at_one_table_without_a_break() -> None:
    t1 = _wpn("wpn-G23889488T1.txt")
    t2 = _wpn("wpn-G23889488T2.txt")
    assert follows(t1[0], t1[1])
    assert follows(t1[-1], t2[0])  # the files split one table's hands: 18:36:54, 18:37:28
    assert not follows(t2[0], t2[1])  # the history's player moves from table 1 to table 2
    by_id = {h.hand_id: h for h in t2}
    # 18:54:33 to 19:00:16: stacks carry over, but the hourly break lies between
    assert not follows(by_id["673975083"], by_id["673978767"])
    assert follows(by_id["673978767"], by_id["673979266"])
    # the player busted at 18:47:25 and re-entered: hands are missing before 18:49:07
    assert not follows(by_id["673967752"], by_id["673969466"])
    a, b = t1[0], t1[1]
    assert not follows(b, a)  # not backwards in time
    assert not follows(a, replace(b, table="2"))
    assert not follows(a, replace(b, started=None))
    moved = replace(b, seats=(replace(b.seats[0], stack=b.seats[0].stack + 1), *b.seats[1:]))
    assert not follows(a, moved)  # a hand missing between them would change a stack


def test_real_hands_without_a_start_stay_tables_of_their_own() -> None:
    """PokerStars hands state no table run: no pace, as before."""
    c = measure(imported_events(_real_hands()))
    assert not any(k.startswith("pace_") for k in c)


def _real_hands_script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "real_hands", ROOT / "benchmarks" / "real_hands.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_the_real_hands_table_is_the_measure_of_each_tournament_summed() -> None:
    script = _real_hands_script()
    every = script.read_hands(sorted((HISTORIES / "wpn").glob("*.txt")))
    assert len(every) == 84
    kept = script.in_stretches(every)
    assert len(kept) == 7 + 44 + 3 + 21  # the picked hands stand alone and are left out
    rows = {r.name: r for r in script.table(kept)}
    # one log: tournaments never link, so the same; the field without the history's player
    total = measure(imported_events(kept, history_owners(kept)))
    assert rows["VPIP"].value == pytest.approx(
        100 * total["vpip|real"] / total["vpip_chances|real"]
    )
    assert rows["VPIP, the histories' owners"].value == pytest.approx(
        100 * total["vpip|owner"] / total["vpip_chances|owner"]
    )
    assert rows["VPIP"].tournaments == 3
    pace = rows["hands per hour, 9 at the table"]
    assert pace.sample == total["pace_intervals_9"]
    assert pace.value == pytest.approx(3600 * total["pace_intervals_9"] / total["pace_seconds_9"])
    assert rows["hands per hour, 2 at the table"].value is None  # no heads-up hands in them


def test_a_history_is_its_own_players_and_the_field_is_measured_without_them() -> None:
    """Each export's player shows their cards in every hand: measured apart from the field."""
    wpn = _real_hands_script().read_hands(sorted((HISTORIES / "wpn").glob("*.txt")))
    betclic = _real_hands_script().read_hands(sorted((HISTORIES / "betclic").glob("*.txt")))
    assert history_owners(wpn) == {"PotNoodle99912"}
    assert history_owners(betclic) == {"SIMBAROI"}
    assert history_owners(wpn[:1]) == set()  # one hand shows one player's cards: not enough
    for hands in (wpn, betclic):
        (owner,) = history_owners(hands)
        every = measure(imported_events(hands))
        apart = measure(imported_events(hands, {owner}))
        # the owner's decisions, counted from the hands' own pre-flop actions
        chances = sum(any(a.street == 0 and a.name == owner for a in h.actions) for h in hands)
        raised = sum(
            any(a.street == 0 and a.name == owner and a.verb == "raise" for a in h.actions)
            for h in hands
        )
        assert apart["vpip_chances|owner"] == chances > 0
        assert apart["pfr|owner"] == raised
        for key in ("vpip_chances", "vpip", "pfr", "dealt", "flop"):
            assert apart[f"{key}|real"] + apart[f"{key}|owner"] == every[f"{key}|real"]


def test_the_owners_all_ins_not_counted_drop_the_hands_only_they_made_all_in() -> None:
    """A hand leaves the all-in count when every all-in of a decision in it was the owner's."""
    script = _real_hands_script()
    hands = script.read_hands(sorted((HISTORIES / "betclic").glob("*.txt")))
    owners = history_owners(hands)
    log = imported_events(hands, owners)
    names = dict(zip(log[0].player_ids, log[0].names, strict=True))
    # counted from the events' own all-in flags, hand by hand, in the hands of a depth band
    big_blind = {e.level_index: e.big_blind for e in log if isinstance(e, LevelStarted)}
    banded = {}  # (table, hand): whether the table's average lies in a band (up to 100 bb)
    for e in log:
        if isinstance(e, TableHandStarted):
            average = sum(e.stacks) / len(e.stacks) / big_blind[e.level_index]
            banded[(e.table_id, e.hand_no)] = average < DEPTH_BANDS[-1][2]
    seated: tuple[int, ...] = ()
    all_ins: list[set[str]] = []
    for e in log:
        if isinstance(e, HandStarted):
            seated = e.player_ids
            all_ins.append(set() if banded[(e.table_id, e.hand_no)] else {"not banded"})
        elif isinstance(e, ActionTaken) and e.all_in:
            all_ins[-1].add(names[seated[e.seat]])
    only_owner = sum(1 for who in all_ins if who and who <= owners)
    assert only_owner > 0
    every = measure(log)
    field = measure(script.without_owners_all_ins(log))
    lost = sum(every[k] - field.get(k, 0.0) for k in every if k.startswith("all_in_hands_"))
    assert lost == only_owner


# --- the sampling ranges --------------------------------------------------------------------


def _runs_lasting(hours: list[float]) -> list[dict[str, float]]:
    return [{"runs": 1.0, "duration_seconds": 3600.0 * h} for h in hours]


def test_identical_runs_have_no_spread() -> None:
    ranges = resampled(_runs_lasting([5.0] * 12), draws=200)
    assert ranges["duration_hours"] == pytest.approx((5.0, 5.0))
    assert "vpip.field" not in ranges  # nothing to measure it on in any draw


def test_the_range_of_a_mean_is_the_normal_one() -> None:
    """The duration is a mean over runs: its 90 % range is close to the mean +- 1.645 standard
    errors (an independent formula), and the same runs give the same range."""
    import numpy as np

    hours = list(np.random.default_rng(7).normal(6.0, 0.8, 200))
    lo, hi = resampled(_runs_lasting(hours), draws=2000)["duration_hours"]
    mean = float(np.mean(hours))
    half = 1.645 * float(np.std(hours, ddof=1)) / len(hours) ** 0.5
    assert lo == pytest.approx(mean - half, abs=0.15 * half)
    assert hi == pytest.approx(mean + half, abs=0.15 * half)
    assert resampled(_runs_lasting(hours), draws=2000)["duration_hours"] == (lo, hi)


def test_a_pace_range_weighs_each_run_by_its_hands() -> None:
    """Hands per hour sums the runs' intervals and seconds: one long fast match and one short
    slow one give a range between the two runs' own paces, never outside."""
    fast = {"runs": 1.0, "pace_intervals_2": 90.0, "pace_seconds_2": 90 * 3600 / 300}
    slow = {"runs": 1.0, "pace_intervals_2": 10.0, "pace_seconds_2": 10 * 3600 / 100}
    lo, hi = resampled([fast, slow] * 5, draws=500)["hands_per_hour.2"]
    pooled = 3600 * 500 / (5 * (fast["pace_seconds_2"] + slow["pace_seconds_2"]))
    assert 100 < lo < pooled < hi < 300


# --- real runs -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_mtt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``mtt_1000`` with 45 players: five tables, a money bubble played hand-for-hand."""
    import tomli_w

    data = study.variant(MTT, players__count=45)
    path = tmp_path_factory.mktemp("calib") / "small.toml"
    path.write_bytes(tomli_w.dumps(data).encode())
    return path


def test_a_run_measured_agrees_with_its_result(small_mtt: Path) -> None:
    from pokersim.engine import run_tournament
    from pokersim.scenario import load_scenario

    m = Measure()
    log: list[Any] = []

    def emit(event: Any) -> None:
        m.add(event)
        log.append(event)

    result = run_tournament(load_scenario(small_mtt), 5, emit=emit, record_actions=True)
    assert result.bubble_hand_for_hand_seconds > 0  # a seed whose bubble is played hand-for-hand
    c = m.counts()
    assert c["hands"] == result.hands_played
    assert c["table_hands"] == result.hands_played
    assert c["duration_seconds"] == result.duration_seconds
    assert c["bubble_h4h_seconds"] == result.bubble_hand_for_hand_seconds
    assert c["eliminations"] == result.entries - 1
    hands = sum(1 for e in log if type(e).__name__ == "HandStarted")
    assert hands == result.hands_played
    seats = sum(len(e.player_ids) for e in log if type(e).__name__ == "HandStarted")
    assert sum(v for k, v in c.items() if k.startswith("dealt|")) == seats
    assert c["vpip|tight-aggressive"] <= c["vpip_chances|tight-aggressive"] <= seats


def test_calibrate_end_to_end(
    small_mtt: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cal"
    args = ["calibrate", str(small_mtt), "--runs", "2", "--seed", "5", "--no-progress"]
    assert main([*args, "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "mtt targets" in text
    assert "Wallace 2010" in text
    doc = json.loads((out / "calibration.json").read_text(encoding="utf-8"))
    rows = {r["statistic"]: r for r in doc["rows"]}
    vpip = rows["vpip_full.field"]
    assert vpip["status"] == ("PASS" if vpip["lo"] <= vpip["value"] <= vpip["hi"] else "OUT")
    assert f"{vpip['value']:.1f}" in text
    assert "90% resampled" in text  # the sampling range beside the verdict, not a verdict
    assert vpip["resampled_lo"] <= vpip["resampled_hi"]
    assert rows["vpip.field"]["status"] == "no source"  # every table size: measured only
    assert rows["three_bet.field"]["status"] == "no source"
    assert doc["counts"]["runs"] == 2
    table = pq.read_table(out / "calibration.parquet")
    assert table.num_rows == len(doc["rows"])
    assert (out / "calibration.png").stat().st_size > 0
    # the same seeds measured again give the same counts
    assert main([*args, "--jobs", "2", "--out", str(tmp_path / "again")]) == 0
    again = json.loads((tmp_path / "again" / "calibration.json").read_text(encoding="utf-8"))
    assert again["counts"] == doc["counts"]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["calibrate", "no-such.toml", "--runs", "1"], "no-such.toml"),
        (["calibrate", str(MTT), "--runs", "0"], "--runs must be >= 1"),
        (["calibrate", str(MTT), "--runs", "10000001"], "<= 10,000,000, got 10000001"),
        (["calibrate", str(MTT), "--jobs", "0"], "--jobs must be >= 1"),
        (["calibrate", str(MTT), "--targets", "missing.toml"], "missing.toml"),
    ],
)
def test_calibrate_bad_input_is_one_line(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err
    assert len(err.strip().splitlines()) == 1


# --- the targets file --------------------------------------------------------------------------


def test_every_target_names_a_statistic_and_every_band_its_sources() -> None:
    targets = load_targets()
    names = {s.name for s in statistics(measure(_three_hands()))}
    models = {"tight-aggressive", "calling-station", "push-fold", "recreational"}
    for model in models:
        names |= {n.replace(".a", f".{model}") for n in names if n.endswith(".a")}
    used = set()
    for t in targets.targets:
        assert t.statistic in names, t.statistic
        if t.band is not None:
            assert t.sources
            used |= set(t.sources)
    assert used == set(targets.sources)  # no source listed that no band uses


def test_a_bad_targets_file_names_the_entry(tmp_path: Path) -> None:
    bad = tmp_path / "t.toml"
    bad.write_text(
        '[[targets]]\nstatistic = "vpip.field"\nband = [30.0, 10.0]\nsources = []\nnote = "x"\n',
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match=r"t\.toml: targets\[0\]\.band"):
        load_targets(bad)


_SOURCE = '[[sources]]\nkey = "k"\ntitle = "t"\npublisher = "p"\nyear = "n.d."\nshort = "s"\n'


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("targets = 5\n", r"t\.toml: targets: expected \[\[targets\]\] tables"),
        ("sources = 5\n", r"t\.toml: sources: expected \[\[sources\]\] tables"),
        ("x = " + "[" * 2000 + "]" * 2000 + "\n", r"t\.toml: too deeply nested"),
        (
            _SOURCE + 'url = "https://a.example"\n[[targets]]\nstatistic = "vpip.field"\n'
            'band = [1.0, 2.0]\nsources = [[1]]\nnote = "x"\n',
            r"t\.toml: targets\[0\]\.sources: a band needs the keys \(text\)",
        ),
        (
            _SOURCE + 'url = "https://a.example"\n[[targets]]\nstatistic = "vpip.field"\n'
            'band = [nan, nan]\nsources = ["k"]\nnote = "x"\n',
            r"t\.toml: targets\[0\]\.band: expected \[lo, hi\] finite numbers",
        ),
    ],
)
def test_a_targets_file_of_the_wrong_shape_is_one_line(
    tmp_path: Path, text: str, where: str
) -> None:
    """Not a traceback (a number where tables go, a key that is not text) nor a band never met."""
    path = tmp_path / "t.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=where):
        load_targets(path)


def test_a_target_naming_no_measured_statistic_is_said(tmp_path: Path) -> None:
    """A misspelled statistic is named; a built-in model the field lacks is not a misspelling."""
    path = tmp_path / "t.toml"
    body = 'band = [1.0, 2.0]\nsources = ["k"]\nnote = "x"\n'
    path.write_text(
        _SOURCE
        + 'url = "https://a.example"\n'
        + "".join(
            f'[[targets]]\nstatistic = "{name}"\n{body}'
            for name in ("vpip.field", "vpip.feild", "vpip.push-fold")
        ),
        encoding="utf-8",
    )
    stats = statistics(measure(_three_hands()))
    models = builtin_models()
    assert unmatched(stats, load_targets(path), "mtt", models) == ["vpip.feild"]
    assert unmatched(stats, load_targets(), "mtt", models) == []  # the shipped file's names


@pytest.mark.parametrize(
    ("url", "ok"),
    [("http://a.example/x", True), ("https://a.example/x", True), ("www.a.example/x", False)],
)
def test_a_source_is_an_address_read_on_the_web(tmp_path: Path, url: str, ok: bool) -> None:
    """Some sources were read at a plain http address: cited as read, never rewritten."""
    keys = 'key = "k"\ntitle = "t"\npublisher = "p"\nyear = "n.d."\nshort = "s"\n'
    path = tmp_path / "t.toml"
    path.write_text(f'[[sources]]\n{keys}url = "{url}"\n', encoding="utf-8")
    if ok:
        assert load_targets(path).sources["k"].url == url
    else:
        with pytest.raises(ConfigError, match=r"t\.toml: sources\[0\]\.url"):
            load_targets(path)


def test_verdicts_pass_out_and_unsourced() -> None:
    targets = load_targets()
    rows = {r.statistic: r for r in judge(statistics(measure(_three_hands())), targets, "mtt")}
    assert rows["vpip.field"].status == "no source"  # every table size: measured, not judged
    assert rows["vpip_full.field"].status == "not measured"  # four-handed hands only
    counts = measure(_three_hands() + _seven_handed())
    rows_full = {r.statistic: r for r in judge(statistics(counts), targets, "sng")}
    assert rows_full["vpip_full.field"].status == "PASS"  # 2 / 7 = 28.6 % in 28-43
    assert rows_full["pfr_full.field"].status == "OUT"  # 28.6 % > 7.5
    # a multi-table field is judged by the real field's hands at full tables: 21-28 %
    mtt_full = {r.statistic: r for r in judge(statistics(counts), targets, "mtt")}
    assert mtt_full["vpip_full.field"].status == "OUT"
    for kind in ("recreational", "tight-aggressive"):  # the kinds' 2009-10 labels: sng only
        for name in (f"vpip_full.{kind}", f"pfr_full.{kind}"):
            assert targets.for_statistic(name, "mtt").band is None  # type: ignore[union-attr]
            assert targets.for_statistic(name, "sng").band is not None  # type: ignore[union-attr]
    assert rows["three_bet.field"].status == "no source"
    assert rows["flop_seen.field"].status == "no source"  # mtt: judged at full tables only
    sng = {r.statistic: r for r in judge(statistics(measure(_three_hands())), targets, "sng")}
    assert sng["flop_seen.field"].status == "PASS"  # 33 % in 30-45
    assert rows["hands_per_hour.9"].status == "not measured"
    assert rows["wtsd.field"].status == "no source"  # cash figures: judged at 40+ bb only
    assert rows["wtsd_deep.field"].status == "not measured"  # no hand that deep
    pace = Statistic(name="hands_per_hour.9", label="", unit="", value=62.0, sample=1.0)
    assert judge([pace], targets, "mtt")[0].status == "PASS"  # the bounds are inside
    assert judge([replace(pace, value=62.01)], targets, "mtt")[0].status == "OUT"
    hours = Statistic(name="duration_hours", label="", unit="h", value=1.3, sample=1.0)
    assert judge([hours], targets, "sng")[0].status == "PASS"
    assert judge([hours], targets, "mtt")[0].status == "OUT"  # 4-8 h for a multi-table field
    assert judge([hours], targets, "spin")[0].status == "OUT"  # 7-10 minutes for a Spin & Go
    eight_minutes = replace(hours, value=8 / 60)
    assert judge([eight_minutes], targets, "spin")[0].status == "PASS"
    assert judge([eight_minutes], targets, "sng")[0].status == "OUT"
    # a format's own band comes before the band of any format: heads-up 507-657 for a Spin &
    # Go (two real games), 200-220 for the others
    heads_up = Statistic(name="hands_per_hour.2", label="", unit="", value=575.0, sample=1.0)
    assert judge([heads_up], targets, "spin")[0].status == "PASS"
    assert judge([heads_up], targets, "sng")[0].status == "OUT"
    assert judge([replace(heads_up, value=210.0)], targets, "spin")[0].status == "OUT"
    # all-ins by depth: real multi-table tournaments' bands (20-40 bb: 21-49 %, with and
    # without the histories' own players' all-ins) judge a multi-table field only; a
    # sit-and-go or a Spin & Go is measured, not judged
    all_in = Statistic(name="all_in.20-40", label="", unit="%", value=32.8, sample=1.0)
    assert judge([all_in], targets, "mtt")[0].status == "PASS"
    assert judge([replace(all_in, value=20.9)], targets, "mtt")[0].status == "OUT"
    assert judge([replace(all_in, value=49.1)], targets, "mtt")[0].status == "OUT"
    assert judge([all_in], targets, "sng")[0].status == "no source"
    assert judge([all_in], targets, "spin")[0].status == "no source"


def test_a_spin_and_go_is_judged_by_its_own_targets() -> None:
    """Three players at 3-minute levels: not the 9-player sit-and-go's 75-88 minutes."""
    from pokersim.calibration_runs import format_of
    from pokersim.scenario import load_scenario

    assert format_of(load_scenario(ROOT / "scenarios" / "spin_and_go.toml")) == "spin"
    calibrated = ROOT / "scenarios" / "variants" / "spin_and_go_calibrated.toml"
    assert format_of(load_scenario(calibrated)) == "spin"
    assert format_of(load_scenario(ROOT / "scenarios" / "sng_9max.toml")) == "sng"
    assert format_of(load_scenario(ROOT / "scenarios" / "mtt_1000.toml")) == "mtt"


def test_run_summary_names_the_money_bubbles_hand_for_hand(
    small_mtt: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its time and hands, as counted independently from the run's ``events.jsonl``."""
    out = tmp_path / "run"
    assert main(["run", str(small_mtt), "--seed", "5", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    records = [json.loads(line) for line in (out / "events.jsonl").read_text().splitlines()]
    burst = next(r["t"] for r in records if r["type"] == "BubbleBurst")
    synced = [r for r in records if r["type"] == "TableHandStarted" and r["synchronized"]]
    before = [r for r in synced if r["t"] < burst]
    rounds = len({r["t"] for r in before})
    assert before and rounds < len(before)  # a case with more than one table per round
    starts = [r["t"] for r in records if r["type"] == "HandForHandStarted"]
    ends = [r["t"] for r in records if r["type"] == "HandForHandEnded"]
    seconds = sum(max(0, min(e, burst) - s) for s, e in zip(starts, ends, strict=True))
    line = next(x for x in text.splitlines() if x.startswith("bubble:"))
    hms = f"{seconds // 3600}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"
    assert f"hand-for-hand {hms}, {len(before)} hands in {rounds} rounds" in line
    later = [r for r in synced if r["t"] >= burst]
    final = next(x for x in text.splitlines() if x.startswith("final table:"))
    assert f"after the money bubble 0:00:00, {len(later)} hands in 0 rounds" in final


def test_hand_for_hand_counted_from_rows_as_from_records(small_mtt: Path) -> None:
    """The run command counts the hands' table events from their rows, unread: the same counts
    as from their records, on both bubbles (the final table's too: three seeds)."""
    from pokersim.calibration import HandForHandCount
    from pokersim.engine import run_tournament
    from pokersim.scenario import load_scenario

    scenario = load_scenario(small_mtt)
    seen = 0
    for seed in (3, 4, 5):
        records, rows = HandForHandCount(), HandForHandCount()
        run_tournament(scenario, seed, emit=records.add)
        run_tournament(scenario, seed, emit=rows.add, emit_rows=rows.row)
        counted = (records.hands, records.rounds, records.after, records.after_rounds)
        assert (rows.hands, rows.rounds, rows.after, rows.after_rounds) == counted
        seen += records.hands + records.after
    assert seen > 0


def test_the_docs_quote_the_targets_file_as_it_is() -> None:
    from pokersim.calibration_targets import sources_markdown, targets_markdown

    docs = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    targets = load_targets()
    assert targets_markdown(targets) in docs
    assert sources_markdown(targets) in docs


def test_a_scenario_edited_between_two_measured_runs_is_read_again(tmp_path: Path) -> None:
    """One process measuring runs (a notebook's, or the in-process path of ``--jobs 1``) reads
    the scenario file again once it changed: it used to read it once a process."""
    import os

    from pokersim.calibration_runs import measure_run

    path = tmp_path / "sng.toml"
    text = (ROOT / "scenarios" / "sng_9max.toml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    before = measure_run(str(path), 1)
    edited = text.replace("starting_stack = 1500", "starting_stack = 3000")
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    stamp = os.stat(path).st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(stamp, stamp))  # a later time, whatever the file system's resolution
    after = measure_run(str(path), 1)
    assert after != before
    assert after == measure_run(str(path), 1)


def test_a_scenario_edited_while_it_is_calibrated_stops_the_calibration_in_one_line(
    tmp_path: Path,
) -> None:
    """The runs of one calibration play one scenario: a file edited between two of them stops
    it, naming the file (they used to play whatever the file held at each worker's first run,
    or each run's since the file was read again when it changed)."""
    from pokersim.calibration_runs import calibration_runs

    path = tmp_path / "sng.toml"
    text = (ROOT / "scenarios" / "sng_9max.toml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")

    def edit(i: int) -> None:
        if i == 0:
            path.write_text(text.replace("starting_stack = 1500", "starting_stack = 3000"), "utf-8")

    with pytest.raises(ConfigError, match=r"sng\.toml: the file changed while it was being"):
        calibration_runs(path, runs=3, on_run=edit)
    path.write_text(text, encoding="utf-8")
    assert len(calibration_runs(path, runs=2)) == 2


@pytest.mark.parametrize("count", [3, 8, 60])
def test_the_calibration_figures_title_keeps_clear_of_the_panels(count: int) -> None:
    """The figure's title (scenario, runs, seed) sat on the first panels' titles."""
    import matplotlib.pyplot as plt  # noqa: PLC0415

    from pokersim.calibration_report import calibration_figure  # noqa: PLC0415
    from pokersim.calibration_targets import Row  # noqa: PLC0415

    rows = [
        Row(
            statistic=f"s{k}",
            label=f"a statistic with a long name {k}",
            unit="%",
            value=10.0,
            sample=100.0,
            lo=5.0,
            hi=20.0,
            status="PASS",
            source="x",
        )  # fmt: skip
        for k in range(count)
    ]
    fig = calibration_figure(rows, "9-max sit-and-go: 4 runs, seed 0")
    renderer = fig.canvas.get_renderer()
    title = fig._suptitle.get_window_extent(renderer)
    for ax in fig.axes:
        if ax.get_visible():
            assert not title.overlaps(ax.title.get_window_extent(renderer))
            assert not title.overlaps(ax.get_window_extent(renderer))
    plt.close(fig)

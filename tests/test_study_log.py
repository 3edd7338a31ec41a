"""The study's reductions of a tournament event log, on hand-built logs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokersim import events as ev
from pokersim.engine import run_tournament
from pokersim.run_rows import played_rows, reduce_log
from pokersim.scenario import load_scenario
from pokersim.study import engine_runner

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def level(t: int, index: int, bb: int) -> ev.LevelStarted:
    return ev.LevelStarted(
        t=t, level_index=index, small_blind=bb // 2, big_blind=bb, ante=0, ante_kind="none"
    )


def out(t: int, pid: int, place: int) -> ev.PlayerEliminated:
    return ev.PlayerEliminated(
        t=t,
        player_id=pid,
        place=place,
        table_id=1,
        hand_no=1,
        starting_stack=1,
        by=() if place == 1 else (1,),
        synchronized=False,
    )


def six_player_log() -> list[object]:
    """Six entries at two tables, two places paid, levels of BB 20 / 40 / 100 at 0 / 300 / 600."""
    return [
        ev.TournamentStarted(
            t=0,
            name="t",
            seed=1,
            entries=6,
            starting_stack=1500,
            seats_per_table=3,
            prize_pool_cents=600,
            places_paid=2,
            start_clock=0,
        ),
        ev.TableOpened(t=0, table_id=1, seat_nos=(1, 2, 3), player_ids=(1, 2, 3)),
        ev.TableOpened(t=0, table_id=2, seat_nos=(1, 2, 3), player_ids=(4, 5, 6)),
        level(0, 0, 20),
        out(100, 6, 6),
        out(250, 5, 5),
        level(300, 1, 40),
        out(400, 4, 4),
        ev.TableBroken(t=400, table_id=1),
        ev.TableBroken(t=400, table_id=2),
        ev.FinalTableFormed(t=400, table_id=3, players_left=3),
        ev.TableHandStarted(
            t=400,
            table_id=3,
            hand_no=1,
            level_index=1,
            button_seat=1,
            seat_nos=(1, 2, 3),
            player_ids=(2, 1, 3),
            stacks=(4000, 3000, 2000),
            synchronized=False,
        ),
        out(500, 3, 3),
        ev.BubbleBurst(t=500, players_left=2, places_paid=2),
        level(600, 2, 100),
        out(700, 2, 2),
        out(700, 1, 1),
        ev.TournamentEnded(t=700, winner_id=1, hands_played=50, chips_in_play=9000, places_paid=2),
    ]


def test_bubble_final_table_and_levels() -> None:
    red = reduce_log(six_player_log(), step=100)
    assert red.bubble_seconds == 500  # the engine's BubbleBurst
    assert red.players_at_bubble == 2
    assert red.level_at_bubble == 2
    assert red.avg_stack_bb_at_bubble == pytest.approx(9000 / 2 / 40)
    assert red.final_table_seconds == 400
    assert red.level_at_final_table == 2
    assert red.avg_stack_bb_at_final_table == pytest.approx(9000 / 3 / 40)
    assert red.level_at_end == 3
    assert red.final_table_stacks == {2: 4000, 1: 3000, 3: 2000}


def test_timeline_counts_players_left_and_average_stack_in_big_blinds() -> None:
    red = reduce_log(six_player_log(), step=100)
    seconds = [t for t, _, _ in red.timeline]
    assert seconds == [0, 100, 200, 300, 400, 500, 600, 700]
    left = [n for _, n, _ in red.timeline]
    assert left == [6, 5, 5, 4, 3, 2, 2, 1]  # an elimination at t counts at t
    bb = [20, 20, 20, 40, 40, 40, 100, 100]
    assert [a for _, _, a in red.timeline] == pytest.approx(
        [9000 / n / b for n, b in zip(left, bb)]
    )


def test_timeline_with_players_tied_r_elim_2() -> None:
    """R-ELIM-2: two players out in one hand share places and leave the field together."""
    log = six_player_log()
    log[4] = out(100, 6, 5)
    log[5] = out(100, 5, 5)  # tied: both place 5 at t = 100
    red = reduce_log(log, step=100)
    assert red.bubble_seconds == 500
    assert [n for _, n, _ in red.timeline][:2] == [6, 4]


def test_everyone_paid_has_no_bubble_and_one_table_is_the_final_table() -> None:
    log = [
        ev.TournamentStarted(
            t=0,
            name="t",
            seed=1,
            entries=2,
            starting_stack=100,
            seats_per_table=9,
            prize_pool_cents=200,
            places_paid=2,
            start_clock=0,
        ),
        ev.TableOpened(t=0, table_id=1, seat_nos=(1, 2), player_ids=(1, 2)),
        level(0, 0, 10),
        ev.TableHandStarted(
            t=0,
            table_id=1,
            hand_no=1,
            level_index=0,
            button_seat=1,
            seat_nos=(1, 2),
            player_ids=(1, 2),
            stacks=(100, 100),
            synchronized=False,
        ),
        out(90, 2, 2),
        out(90, 1, 1),
        ev.TournamentEnded(t=90, winner_id=1, hands_played=3, chips_in_play=200, places_paid=2),
    ]
    red = reduce_log(log)
    assert red.bubble_seconds is None and red.level_at_bubble is None
    assert red.final_table_seconds == 0 and red.players_at_final_table == 2
    assert red.avg_stack_bb_at_final_table == pytest.approx(10.0)
    assert red.timeline == ((0, 2, 10.0), (60, 2, 10.0), (90, 1, 20.0))


def test_incomplete_log_is_refused() -> None:
    with pytest.raises(ValueError, match="no TournamentEnded"):
        reduce_log(six_player_log()[:-1])


def test_the_bubble_is_the_engines_bubble_burst_event() -> None:
    """The reduction takes the bubble from the engine's ``BubbleBurst`` record (the field and
    the places paid may change with re-entries and late registration); none without it."""
    log = six_player_log()
    burst = next(i for i, e in enumerate(log) if isinstance(e, ev.BubbleBurst))
    log[burst] = ev.BubbleBurst(t=400, players_left=3, places_paid=3)
    red = reduce_log(log, step=100)
    assert red.bubble_seconds == 400 and red.players_at_bubble == 3
    assert red.level_at_bubble == 2
    assert red.avg_stack_bb_at_bubble == pytest.approx(9000 / 3 / 40)
    del log[burst]
    red = reduce_log(log, step=100)
    assert red.bubble_seconds is None and red.players_at_bubble is None


def _hand(
    t: int, table: int, hand_no: int, ids: tuple[int, ...], stacks: tuple[int, ...]
) -> list[object]:
    return [
        ev.TableHandStarted(
            t=t - 10,
            table_id=table,
            hand_no=hand_no,
            level_index=0,
            button_seat=1,
            seat_nos=tuple(range(1, len(ids) + 1)),
            player_ids=ids,
            stacks=tuple(1000 for _ in ids),
            synchronized=False,
        ),
        ev.TableHandEnded(t=t, table_id=table, hand_no=hand_no, stacks=stacks),
    ]


def test_timeline_counts_late_players_reentries_and_busts_during_late_registration() -> None:
    """R-REG-1, R-REG-2: players left = players seated at the start + late players registered
    - players out for good; a player out during late registration leaves the field when their
    hand ends, though they are ranked (``PlayerEliminated``) only when it closes; a re-entry
    is not an elimination. Chips in play follow the stacks bought in and the chips removed."""
    log: list[object] = [
        ev.TournamentStarted(
            t=0,
            name="t",
            seed=1,
            entries=3,
            starting_stack=1000,
            seats_per_table=9,
            prize_pool_cents=300,
            places_paid=1,
            start_clock=0,
        ),
        ev.TableOpened(t=0, table_id=1, seat_nos=(1, 2, 3), player_ids=(1, 2, 3)),
        level(0, 0, 100),
        ev.PlayerRegistered(t=50, player_id=4, registered=True, table_id=1, seat_no=4),
        *_hand(120, 1, 1, (1, 2, 3, 4), (2000, 0, 1000, 1000)),  # 2 busts, re-enters
        ev.EntryBought(
            t=120,
            player_id=2,
            kind="reentry",
            prize_cents=100,
            bounty_cents=0,
            fee_cents=0,
            chips=1000,
            stack_after=1000,
        ),
        *_hand(250, 1, 2, (1, 2, 3, 4), (3000, 1000, 0, 1000)),  # 3 busts for good
        ev.PlayerRegistered(t=260, player_id=5, registered=True, table_id=1, seat_no=3),
        ev.PlayerRegistered(t=280, player_id=6, registered=False, table_id=0, seat_no=0),
        ev.PlayerDisqualified(
            t=290, player_id=4, place=4, chips_removed=1000, prize_forfeited=False
        ),
        ev.PlayerEliminated(  # ranked when registration closes at 300
            t=300,
            player_id=3,
            place=5,
            table_id=1,
            hand_no=2,
            starting_stack=1000,
            by=(1,),
            synchronized=False,
        ),
        ev.PlayerEliminated(
            t=300,
            player_id=4,
            place=4,
            table_id=1,
            hand_no=2,
            starting_stack=1000,
            by=(),
            synchronized=False,
        ),
        ev.BubbleBurst(t=300, players_left=3, places_paid=3),
        *_hand(400, 1, 3, (1, 2, 5), (5000, 0, 0)),
        *(
            ev.PlayerEliminated(
                t=400,
                player_id=p,
                place=place,
                table_id=1,
                hand_no=0 if place == 1 else 3,
                starting_stack=1000,
                by=() if place == 1 else (1,),
                synchronized=False,
            )
            for p, place in ((2, 3), (5, 2), (1, 1))
        ),
        ev.TournamentEnded(t=400, winner_id=1, hands_played=3, chips_in_play=5000, places_paid=3),
    ]
    red = reduce_log(log, step=50)
    left = dict((t, n) for t, n, _ in red.timeline)
    assert left == {
        0: 3,
        50: 4,  # P4 registered
        100: 4,
        150: 4,  # P2's re-entry: still 4
        200: 4,
        250: 3,  # P3 out when hand 2 ended, not when ranked at 300
        300: 3,  # P5 in at 260, P4 disqualified at 290 (out then, not at hand 2's end)
        350: 3,
        400: 1,
    }
    chips = {0: 3000, 50: 4000, 150: 5000, 300: 5000, 400: 5000}
    by_t = {t: a for t, _, a in red.timeline}
    for t, c in chips.items():
        assert by_t[t] == pytest.approx(c / left[t] / 100)
    assert by_t[250] == pytest.approx(5000 / 3 / 100)
    assert red.bubble_seconds == 300 and red.players_at_bubble == 3


@pytest.mark.parametrize(
    ("name", "seed"),
    [("default.toml", 1), ("mtt_1000.toml", 2), ("rebuy_addon.toml", 5), ("pko.toml", 4)],
)
def test_a_study_run_reads_its_hands_from_the_table_rows_as_from_the_records(
    name: str, seed: int
) -> None:
    """A study's worker logs the hands' table events as rows (the tables' loop plays them) and
    reads the few it needs from them: its rows are the ones a log of records gives."""
    scenario = load_scenario(SCENARIOS / name)
    log: list[Any] = []
    result = run_tournament(scenario, seed, emit=log.append)  # records: the director's path
    expected = played_rows(scenario, result, log)
    got = engine_runner(str(SCENARIOS / name), seed)
    assert got == expected
    assert sum(f["final_table_stack"] is not None for f in got[1]) == 9

"""Edges of the result reduction (``pokersim.tally``) on small logs written by hand.

The other tally tests compare the reduction with the engine's result, which is itself the
reduction of the log, so a wrong reduction passes them; these logs say what each field must be.
"""

from __future__ import annotations

from typing import Any

from pokersim.events import (
    EliminationsDeferred,
    EntryBought,
    FieldListed,
    HandForHandStarted,
    MoneyReconciled,
    PlayerEliminated,
    PlayerRegistered,
    TournamentCancelled,
    TournamentEnded,
    TournamentStarted,
    event_record,
)
from pokersim.tally import TournamentResult, tally


def _start(players: int, late: tuple[int, ...] = ()) -> list[Any]:
    ids = tuple(range(players))
    return [
        FieldListed(
            t=0,
            player_ids=ids,
            names=tuple(f"P{p}" for p in ids),
            models=("random",) * players,
            late_ids=late,
        ),
        TournamentStarted(
            t=0,
            name="edges",
            seed=1,
            entries=players - len(late),
            starting_stack=1000,
            seats_per_table=9,
            prize_pool_cents=0,
            places_paid=1,
            start_clock=0,
        ),
    ]


def _out(t: int, player: int, place: int) -> PlayerEliminated:
    return PlayerEliminated(
        t=t,
        player_id=player,
        place=place,
        table_id=1,
        hand_no=1,
        starting_stack=1000,
        by=(),
        synchronized=False,
    )


def _end(t: int, winner: int) -> list[Any]:
    money = MoneyReconciled(
        t=t,
        prize_pool_cents=0,
        bounty_pool_cents=0,
        prizes_paid_cents=0,
        bounties_paid_cents=0,
        bounties_on_heads_cents=0,
        fees_cents=0,
    )
    ended = TournamentEnded(
        t=t, winner_id=winner, hands_played=9, chips_in_play=3000, places_paid=1
    )
    return [money, ended]


def _tally(events: list[Any]) -> TournamentResult:
    return tally(event_record(e) for e in events)


def test_r_reg_1_players_out_during_late_registration_keep_the_time_they_were_out() -> None:
    """R-REG-1: players out during late registration are ranked when it closes, but
    ``eliminated_at`` is when they were out (docs/formats.md): 100 s and 250 s here, though
    both are placed at 600 s. Catches the ranking time taking its place."""
    events = [
        *_start(3),
        EliminationsDeferred(t=100, player_ids=(2,)),
        EliminationsDeferred(t=250, player_ids=(1,)),
        _out(600, 2, 3),
        _out(600, 1, 2),
        _out(900, 0, 1),
        *_end(900, 0),
    ]
    out_at = {f.player_id: f.eliminated_at for f in _tally(events).finishes}
    assert out_at == {0: 900, 1: 250, 2: 100}


def test_r_fault_2_a_cancellation_does_not_count_the_hand_for_hand_under_way() -> None:
    """R-FAULT-2, R-SYNC-1: synchronized play that is under way when the tournament is
    cancelled is not counted (only stretches that ended, and the one a regular end closes).

    Hand-for-hand from 100 s; ended at 160 s by a cancellation: 0 s. The same log ended
    regularly at 160 s: 60 s. Catches counting the open stretch after a cancellation.
    """
    sync = HandForHandStarted(t=100, players_left=3)
    cancelled = TournamentCancelled(
        t=160,
        stage="before-money",
        player_ids=(0, 1, 2),
        stacks=(1000, 1000, 1000),
        shares_cents=(0, 0, 0),
    )
    places = [_out(160, 0, 1), _out(160, 1, 1), _out(160, 2, 1)]
    stopped = _tally([*_start(3), sync, cancelled, *places, *_end(160, 0)])
    assert stopped.hand_for_hand_seconds == 0
    regular = _tally([*_start(3), sync, *places, *_end(160, 0)])
    assert regular.hand_for_hand_seconds == 60


def test_r_reg_2_entries_are_first_entries_and_re_entries_only() -> None:
    """R-REG-2, R-REG-3: a player's ``entries`` counts the first entry and each re-entry;
    rebuys and add-ons add money, not entries, and a late player refused at registration has
    none (docs/formats.md). Player 0 re-enters once and rebuys; 1 takes the add-on; 2 is a
    late player admitted; 3 a late player refused.
    """

    def bought(player: int, kind: str) -> EntryBought:
        return EntryBought(
            t=50,
            player_id=player,
            kind=kind,
            prize_cents=100,
            bounty_cents=0,
            fee_cents=0,
            chips=1000,
            stack_after=1000,
        )

    events = [
        *_start(4, late=(2, 3)),
        PlayerRegistered(t=20, player_id=2, registered=True, table_id=1, seat_no=3),
        bought(0, "reentry"),
        bought(0, "rebuy"),
        bought(1, "addon"),
        PlayerRegistered(t=700, player_id=3, registered=False, table_id=0, seat_no=0),
        _out(800, 2, 3),
        _out(850, 1, 2),
        _out(900, 0, 1),
        *_end(900, 0),
    ]
    result = _tally(events)
    assert [f.entries for f in result.finishes] == [2, 1, 1, 0]
    assert result.entries == 4

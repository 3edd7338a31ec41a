"""Edges of a run's hand histories: hand ids, the clock, finish lines, the summary, the recorder.

The hand number of the tournament's ``order``-th hand is the tournament id followed by nine
digits of order, so the order runs 1 .. 999,999,999. The clock prints whole seconds and rolls
over to the next day at midnight. PokerStars' finish lines leave out bounty shares worth
nothing and congratulate a winner without a prize without an amount; the summary right-aligns
places to the widest one and prints a share of the prize pool only when there is a pool. The
recorder follows the bounties on the players' heads (a new entry brings a fresh bounty, a
knockout adds the part put onto the winner's head, the winner's own bounty at the end is no
knockout), keeps finishes only for hands written, and removes only the files it writes. Every
expected value below is worked out by hand from those rules.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from pokersim.actions import DecisionView, Fold
from pokersim.cards import parse_cards
from pokersim.config import BettingStructure, Level
from pokersim.events import (
    ActionKind,
    BountyPaid,
    EntryBought,
    HandStarted,
    HoleCardsDealt,
    PlayerEliminated,
    PrizePaid,
    TableBroken,
)
from pokersim.hand import Deal, HandResult, HandSetup, Seat, play_hand
from pokersim.history._record import ACT, make_record, read_hand
from pokersim.history.recorder import HandHistoryRecorder, hero_file_stem
from pokersim.history.tournament import (
    BountyWin,
    Finish,
    SummaryPlace,
    TournamentClock,
    finish_lines,
    hand_id,
    tournament_summary,
)
from pokersim.scenario import Bounty, BountyKind, Entries, load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
EST = timezone(timedelta(hours=-5))
NAMES = {1: "Ann", 2: "Bob", 3: "Cid"}.__getitem__


def _pko(tmp_path: Path, **kw: Any) -> HandHistoryRecorder:
    """A recorder of the 45-player progressive knockout ($5 bounty on every head)."""
    scenario = load_scenario(SCENARIOS / "pko.toml")
    return HandHistoryRecorder("pokerstars", tmp_path / "hands", scenario, 1, **kw)


def _hand(table: int, hand_no: int, players: list[int]) -> Any:
    """What the recorder reads of a finished hand: its table, number and seated players."""
    setup = SimpleNamespace(
        table_id=table,
        hand_no=hand_no,
        seats=[SimpleNamespace(player_id=p) for p in players],
        level=None,
        structure=None,
        level_index=0,
        start_time=0,
    )
    return SimpleNamespace(setup=setup, events=(), final_stacks=())


def _bought(player: int, kind: str, bounty: int) -> EntryBought:
    return EntryBought(
        t=0,
        player_id=player,
        kind=kind,
        prize_cents=500,
        bounty_cents=bounty,
        fee_cents=100,
        chips=1500,
        stack_after=1500,
    )


def _bounty(eliminated: int, winner: int, cash: int, onto: int) -> BountyPaid:
    return BountyPaid(
        t=0, eliminated_id=eliminated, winner_id=winner, cash_cents=cash, onto_head_cents=onto
    )


def _out(player: int, place: int, table: int, hand_no: int) -> PlayerEliminated:
    return PlayerEliminated(
        t=0,
        player_id=player,
        place=place,
        table_id=table,
        hand_no=hand_no,
        starting_stack=0,
        by=(),
        synchronized=False,
    )


# -- hand ids and the clock -------------------------------------------------------------------


def test_hand_order_stops_one_short_of_a_billion() -> None:
    """Nine digits of order follow the tournament id: order 999,999,999 is the last one that
    fits; a billionth hand would run into the next tournament's numbers and is refused."""
    assert hand_id(123_456_789, 999_999_999) == 123_456_789_999_999_999
    with pytest.raises(ValueError):
        hand_id(123_456_789, 1_000_000_000)


def test_clock_rolls_over_to_the_next_day_at_midnight() -> None:
    """A start at 20:00 Eastern plus four hours and five seconds is 00:00:05 the next day; one
    second before midnight is still 23:59:59 of the first day. The same in UTC."""
    for zone, label in ((ZoneInfo("America/New_York"), "ET"), (UTC, "UTC")):
        clock = TournamentClock(datetime(2026, 1, 1, 20, 0, tzinfo=zone))
        assert clock.pokerstars(4 * 3600 + 5).startswith(f"2026/01/02 00:00:05 {label} [")
        assert clock.stamp(4 * 3600 - 1) == ("2026/01/01", "23:59:59", 2026, 1, 1)
        assert clock.stamp(4 * 3600)[:2] == ("2026/01/02", "00:00:00")


def test_clock_at_another_offset_prints_whole_seconds_in_utc() -> None:
    """A start at 18:30 +02:00 is written in UTC (16:30); 90.9 seconds later prints 16:31:30,
    the fraction of a second dropped, Eastern (winter: UTC-5) 11:31:30 in brackets."""
    clock = TournamentClock(datetime(2026, 1, 10, 18, 30, tzinfo=timezone(timedelta(hours=2))))
    assert clock.pokerstars(90.9) == "2026/01/10 16:31:30 UTC [2026/01/10 11:31:30 ET]"
    assert clock.local(90.9).second == 30 and clock.local(90.9).microsecond == 0


# -- finish lines ------------------------------------------------------------------------------


def test_a_bounty_share_worth_nothing_is_not_written() -> None:
    """Of two bounty shares, one of $0 cash and $0 onto a head: only the other winner wins the
    bounty, alone ("wins", not "split")."""
    f = Finish(
        player_id=2,
        place=5,
        prize_cents=0,
        bounties=(BountyWin(1, 300, 0, 0), BountyWin(3, 0, 0, 0)),
    )
    assert finish_lines([f], NAMES, progressive=False) == [
        "Ann wins the $3 bounty for eliminating Bob",
        "Bob finished the tournament in 5th place",
    ]


def test_a_winner_without_a_prize_wins_the_tournament_without_an_amount() -> None:
    """A freeroll's winner (no prize): "Ann wins the tournament", no "receives" line."""
    f = Finish(player_id=1, place=1, prize_cents=0, winner=True)
    assert finish_lines([f], NAMES, progressive=False) == ["Ann wins the tournament"]


# -- the tournament summary --------------------------------------------------------------------


def _summary(places: list[SummaryPlace], pool: int, hero: str | None = None) -> list[str]:
    clock = TournamentClock(datetime(2026, 1, 1, 20, 0, tzinfo=EST))
    text = tournament_summary(
        tournament=123456789,
        structure="no-limit",
        entries_terms=Entries(prize_cents=1000, fee_cents=100),
        entries=10,
        prize_pool_cents=pool,
        clock=clock,
        duration_seconds=60,
        places=places,
        hero=hero,
    )
    return text.splitlines()


def test_summary_places_are_right_aligned_to_the_widest_place() -> None:
    """With a 10th place the places take two digits plus two spaces of margin: "   1:" and
    "  10:"."""
    lines = _summary([SummaryPlace(10, "Bob", 0), SummaryPlace(1, "Ann", 10000)], 10000)
    assert lines[5:7] == ["   1: Ann (Unknown), $100.00 (100.00%)", "  10: Bob (Unknown),"]


def test_summary_without_a_prize_pool_prints_no_share() -> None:
    """No prize pool: no share of it to print, the place line ends at the name."""
    lines = _summary([SummaryPlace(1, "Ann", 500)], 0)
    assert lines[3] == "Total Prize Pool: $0.00 USD"
    assert lines[5] == "  1: Ann (Unknown),"


def test_summary_hero_out_of_the_money_gets_no_received_line() -> None:
    """The hero 2nd without a prize: "You finished in 2nd place." ends the summary."""
    lines = _summary([SummaryPlace(1, "Ann", 10000), SummaryPlace(2, "Bob", 0)], 10000, "Bob")
    assert lines[-2:] == [
        "Tournament finished 2026/01/01 20:01:00 ET [2026/01/01 20:01:00 ET]",
        "You finished in 2nd place.",
    ]


# -- the recorder ------------------------------------------------------------------------------


def test_hero_file_stem_keeps_dots_dashes_and_underscores() -> None:
    """Letters, digits, ``.``, ``_`` and ``-`` are safe in file names; a space and a slash are
    replaced by ``_``."""
    assert hero_file_stem("J.R. o_k-9 a/b") == "hero-J.R._o_k-9_a_b"


def test_every_head_starts_with_the_entry_bounty_in_a_progressive_knockout(tmp_path: Path) -> None:
    """Everyone starts with their entry's $5 bounty on their head (no entry event for them)."""
    rec = _pko(tmp_path)
    assert len(rec.heads) == 45 and set(rec.heads.values()) == {500}


def test_a_reentry_brings_a_fresh_bounty_a_rebuy_adds_to_it(tmp_path: Path) -> None:
    """A re-entry is a new entry: the head is its $5, whatever the old one held; a rebuy's
    bounty part adds to the head."""
    rec = _pko(tmp_path)
    rec.heads[7] = 1250
    rec.on_event(_bought(7, "reentry", 500))
    assert rec.heads[7] == 500
    rec.on_event(_bought(8, "rebuy", 500))
    assert rec.heads[8] == 1000


def test_a_knockout_adds_its_onto_part_to_the_winners_head(tmp_path: Path) -> None:
    """Player 1 ($5 on the head) knocks out player 2: $2.50 in cash, $2.50 onto the head,
    now $7.50; player 2's head is gone. The hand's finish records the same."""
    rec = _pko(tmp_path)
    rec.on_hand(_hand(1, 1, [1, 2, 3]))
    rec.on_event(_bounty(2, 1, 250, 250))
    assert rec.heads[1] == 750 and rec.heads[2] == 0
    (win,) = rec.finishes[(1, 1)][2].bounties
    assert win == BountyWin(winner_id=1, cash_cents=250, onto_head_cents=250, head_after_cents=750)


def test_the_winners_own_bounty_is_no_knockout(tmp_path: Path) -> None:
    """At the end the winner is paid their own bounty with the prize: no bounty line for the
    hand, and their head is empty."""
    rec = _pko(tmp_path)
    rec.on_hand(_hand(1, 1, [1, 2]))
    rec.on_event(_bounty(1, 1, 500, 0))
    assert rec.heads[1] == 0
    assert (1, 1) not in rec.finishes


def test_seat_bounties_leave_out_empty_heads(tmp_path: Path) -> None:
    """A seated player with no bounty on their head has none written on their seat line."""
    rec = _pko(tmp_path)
    rec.heads[3] = 0
    rec.on_hand(_hand(1, 1, [1, 2, 3]))
    assert rec.hand_bounties[(1, 1)] == {1: 500, 2: 500}


def test_only_the_first_place_one_at_the_end_is_the_winner(tmp_path: Path) -> None:
    """The tournament has one winner: the first "1st place" after the hands goes into its
    table's last hand; a later one (another table's) is not written as a win."""
    rec = _pko(tmp_path)
    rec.on_hand(_hand(1, 4, [1, 2]))
    rec.on_hand(_hand(2, 6, [3, 4]))
    rec.on_event(_out(1, 1, 1, 0))
    rec.on_event(_out(3, 1, 2, 0))
    assert rec.finishes[(1, 4)][1].winner and rec.finishes[(1, 4)][1].place == 1
    assert (2, 6) not in rec.finishes


def test_a_prize_goes_to_the_finish_of_a_hand_written(tmp_path: Path) -> None:
    """Player 5 busts in a written hand (7th), re-enters, and busts again where no hand is
    written: the prize paid then is not put on the earlier finish."""
    rec = _pko(tmp_path)
    rec.on_hand(_hand(1, 1, [5, 6]))
    rec.on_event(_out(5, 7, 1, 1))
    rec.on_event(_out(5, 3, 9, 9))  # a hand not written
    rec.on_event(PrizePaid(t=0, player_id=5, place=3, prize_cents=900))
    assert rec.finishes[(1, 1)][5].place == 7 and rec.finishes[(1, 1)][5].prize_cents == 0


def test_a_hero_hand_takes_its_place_in_the_tournament_order(tmp_path: Path) -> None:
    """The hero's hand that is the run's 5th hand gets hand number tournament id then 5."""
    scenario = load_scenario(SCENARIOS / "pko.toml")
    names = {spec.player_id: spec.name for spec in scenario.players.expand()}
    hero = names[1]
    rec = _pko(tmp_path, hero=hero)
    rec.dealt(_hand(1, 2, [1, 2]), 5)
    assert rec.hand_numbers[(1, 2)] == rec.tournament * 1_000_000_000 + 5


def test_summary_leaves_out_players_without_a_place(tmp_path: Path) -> None:
    """A finish at place 0 (bought back in, no place) has no summary line."""
    rec = _pko(tmp_path)
    finishes = [
        SimpleNamespace(place=1, name="Ann", prize_cents=1000),
        SimpleNamespace(place=0, name="Bob", prize_cents=0),
    ]
    result = SimpleNamespace(
        finishes=finishes, entries=2, prize_pool_cents=1000, duration_seconds=0
    )
    rec.close(result)
    text = (tmp_path / "hands" / "tournament-summary.txt").read_text(encoding="utf-8")
    assert "Ann (Unknown)" in text and "Bob" not in text


def test_only_the_recorders_own_files_are_cleared(tmp_path: Path) -> None:
    """A new recorder removes earlier hand histories (``table-*.txt``, ``hero-*.phhs``) but
    leaves a file of another kind that happens to share the prefix."""
    folder = tmp_path / "hands"
    folder.mkdir()
    for name in ("table-1.txt", "hero-Ann.phhs", "table-notes.md", "README.txt"):
        (folder / name).write_text("x", encoding="utf-8")
    _pko(tmp_path)
    assert sorted(p.name for p in folder.iterdir()) == ["table-notes.md"]


def test_a_fixed_bounty_stays_on_its_target_through_a_reentry(tmp_path: Path) -> None:
    """A fixed $25 bounty on one named player: only that head carries it from the start (no
    entry bounty in a fixed-bounty event), and their re-entry keeps the $25 on the new entry."""
    scenario = load_scenario(SCENARIOS / "pko.toml")
    target = {spec.player_id: spec.name for spec in scenario.players.expand()}[4]
    fixed = Bounty(kind=BountyKind.FIXED, amount_cents=2500, targets=(target,))
    scenario = dataclasses.replace(scenario, bounty=fixed)
    rec = HandHistoryRecorder("pokerstars", tmp_path / "hands", scenario, 1)
    assert rec.heads[4] == 2500 and rec.heads[5] == 0
    rec.heads[4] = 0  # knocked out
    rec.on_event(_bought(4, "reentry", 0))
    assert rec.heads[4] == 2500


# -- a hand's record ---------------------------------------------------------------------------


def _record(steps: list[tuple[Any, ...]]) -> Any:
    """Three players, the button at seat index 0: the order round the table is 1, 2, 0."""
    result = SimpleNamespace(final_stacks=(0, 0, 0), setup=SimpleNamespace(level=None))
    started = (1, 1, 0, (10, 11, 12), (1, 2, 3), (1000, 1000, 1000))
    hole = ((0, 1), (2, 3), (4, 5))
    return make_record(result, started, hole, (), steps, [])  # type: ignore[arg-type]


def _act(seat: int, street: int, kind: ActionKind) -> tuple[Any, ...]:
    return (ACT, seat, street, kind, 0, 0, False, False)


def test_one_player_left_after_folds_is_no_showdown() -> None:
    """Two of three fold: one player is left, no showdown; one fold leaves two, a showdown."""
    fold = ActionKind.FOLD
    assert not _record([_act(1, 0, fold), _act(2, 0, fold)]).went_to_showdown()
    assert _record([_act(1, 0, fold)]).went_to_showdown()


def test_show_order_looks_only_at_the_last_betting_round() -> None:
    """A bet on the flop, then the river checked round: no aggressor on the last round, so the
    first live seat left of the button shows first (1, 2, 0), not the flop's bettor."""
    check = ActionKind.CHECK
    steps = [_act(2, 1, ActionKind.BET), _act(1, 1, ActionKind.CALL), _act(0, 1, ActionKind.CALL)]
    steps += [_act(1, 3, check), _act(2, 3, check), _act(0, 3, check)]
    assert _record(steps).show_order() == [1, 2, 0]


def _folded_round() -> HandResult:
    """Hand 17 at table 3, players 10, 11 and 12, the button at seat index 0: the button and
    the small blind fold to the big blind."""
    setup = HandSetup(
        seats=tuple(Seat(player_id=10 + i, stack=1000, seat_no=2 * i + 1) for i in range(3)),
        button=0,
        level=Level(small_blind=50, big_blind=100),
        structure=BettingStructure.NO_LIMIT,
        table_id=3,
        hand_no=17,
        level_index=0,
        start_time=0,
    )
    cards = parse_cards("AhAd KhKd 2c7d")
    deal = Deal(
        hole=tuple((cards[2 * i], cards[2 * i + 1]) for i in range(3)),
        board=tuple(parse_cards("AsQd4h9cJs")),
    )

    def fold(view: DecisionView) -> Fold:
        return Fold()

    return play_hand(setup, deal, fold)


def test_a_hand_without_its_start_cannot_be_read() -> None:
    """Without its ``HandStarted`` a hand cannot be written: a ``ValueError`` says so."""
    result = _folded_round()
    events = tuple(e for e in result.events if not isinstance(e, HandStarted))
    kept = SimpleNamespace(events=events, setup=result.setup, final_stacks=result.final_stacks)
    with pytest.raises(ValueError, match="HandStarted"):
        read_hand(kept)  # type: ignore[arg-type]


def test_a_hand_missing_a_seats_hole_cards_cannot_be_read() -> None:
    """Without the hole cards of seat index 1 the hand cannot be written: a ``ValueError``
    names the seat."""
    result = _folded_round()
    events = tuple(e for e in result.events if not (isinstance(e, HoleCardsDealt) and e.seat == 1))
    kept = SimpleNamespace(events=events, setup=result.setup, final_stacks=result.final_stacks)
    with pytest.raises(ValueError, match=r"hole cards for seat indices \[1\]"):
        read_hand(kept)  # type: ignore[arg-type]


def test_a_table_is_written_with_its_finishes_then_forgotten(tmp_path: Path) -> None:
    """A hand at table 3 where player 11 goes out 45th: when the table breaks its file holds the
    finish line, and the recorder keeps nothing more of the table's hands."""
    rec = _pko(tmp_path)
    rec.on_hand(_folded_round())
    rec.on_event(_out(11, 45, 3, 17))
    rec.on_event(TableBroken(t=0, table_id=3))
    text = (tmp_path / "hands" / "table-3.txt").read_text(encoding="utf-8")
    assert f"{rec.names[11]} finished the tournament in 45th place" in text
    assert rec.finishes == {} and rec.by_table == {}

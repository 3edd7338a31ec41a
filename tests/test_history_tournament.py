"""Tournament-level facts of the hand histories: ids, buy-in, clock and zone, finish lines."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from pokersim.errors import ConfigError
from pokersim.history.tournament import (
    BountyWin,
    Finish,
    SummaryPlace,
    TournamentClock,
    buy_in_text,
    finish_lines,
    hand_id,
    ordinal,
    start_datetime,
    summary_buy_in,
    tournament_id,
    tournament_summary,
)
from pokersim.scenario import Entries, load_scenario, parse_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def _minimal(**top: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "t",
        "starting_stack": 1000,
        "players": {"count": 9, "mix": [{"model": "random", "percent": 100}]},
        "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 10}],
    }
    data.update(top)
    return data


def test_tournament_id_is_stable_and_differs_by_seed_and_content(tmp_path: Path) -> None:
    sng = load_scenario(SCENARIOS / "sng_9max.toml")
    copy = tmp_path / "elsewhere.toml"
    copy.write_bytes((SCENARIOS / "sng_9max.toml").read_bytes())
    assert tournament_id(sng, 1) == tournament_id(load_scenario(copy), 1)  # not the path
    ids = {tournament_id(sng, seed) for seed in range(200)}
    assert len(ids) == 200
    assert all(100_000_000 <= i < 1_000_000_000 for i in ids)
    other = dataclasses.replace(sng, starting_stack=2000)
    assert tournament_id(other, 1) != tournament_id(sng, 1)


def test_hand_ids_are_unique_and_increasing_across_runs() -> None:
    a, b = 123_456_789, 123_456_790
    assert hand_id(a, 1) < hand_id(a, 2) < hand_id(a, 999_999_999) < hand_id(b, 1)
    assert hand_id(999_999_999, 999_999_999) < 2**63
    with pytest.raises(ValueError):
        hand_id(a, 0)


def test_buy_in_texts() -> None:
    assert buy_in_text(Entries(prize_cents=1000, fee_cents=100)) == "$10+$1 USD"
    pko = Entries(prize_cents=500, bounty_cents=500, fee_cents=100)
    assert buy_in_text(pko) == "$5+$5+$1 USD"
    assert buy_in_text(Entries(prize_cents=184, fee_cents=16)) == "$1.84+$0.16 USD"
    assert buy_in_text(Entries(prize_cents=0, fee_cents=0)) == "Freeroll"
    assert summary_buy_in(pko) == "$5.00/$5.00/$1.00 USD"


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip


def test_default_start_is_eastern_on_the_scenario_clock() -> None:
    sng = load_scenario(SCENARIOS / "sng_9max.toml")  # start = "20:00"
    start = start_datetime(sng)
    assert start.isoformat() == "2026-01-01T20:00:00-05:00"
    clock = TournamentClock(start)
    assert clock.label == "ET"
    assert clock.pokerstars(3725) == "2026/01/01 21:02:05 ET [2026/01/01 21:02:05 ET]"


def test_starts_at_offset_date_time_key() -> None:
    at = datetime(2026, 7, 4, 18, 30, tzinfo=timezone(timedelta(hours=2)))
    sc = parse_scenario(_minimal(starts_at=at))
    assert sc.starts_at == at and sc.start_seconds == 18 * 3600 + 30 * 60
    clock = TournamentClock(start_datetime(sc))
    # +02:00 is not Eastern: written in UTC, Eastern (summer: UTC-4) in brackets.
    assert clock.pokerstars(0) == "2026/07/04 16:30:00 UTC [2026/07/04 12:30:00 ET]"
    summer_et = datetime(2026, 7, 4, 20, 0, tzinfo=timezone(timedelta(hours=-4)))
    assert TournamentClock(summer_et).pokerstars(60) == (
        "2026/07/04 20:01:00 ET [2026/07/04 20:01:00 ET]"
    )
    assert parse_scenario(_minimal(starts_at=at, start="18:30")).start_seconds == 66600
    with pytest.raises(ConfigError, match="start"):
        parse_scenario(_minimal(starts_at=at, start="19:00"))
    with pytest.raises(ConfigError, match="starts_at"):
        parse_scenario(_minimal(starts_at=datetime(2026, 7, 4, 18, 30)))  # no offset
    with pytest.raises(ConfigError, match="starts_at"):
        parse_scenario(_minimal(starts_at="2026-07-04T18:30:00Z"))


def test_one_instant_at_two_offsets_keeps_each_start_its_own_label() -> None:
    """16:30 UTC and 12:30 Eastern summer time are one instant (equal date-times): a start
    in UTC is written in UTC, one at Eastern's offset in ET, whichever the run saw first."""
    utc = datetime(2026, 8, 9, 16, 30, tzinfo=UTC)
    eastern = datetime(2026, 8, 9, 12, 30, tzinfo=timezone(timedelta(hours=-4)))
    assert utc == eastern
    assert TournamentClock(utc).pokerstars(0) == "2026/08/09 16:30:00 UTC [2026/08/09 12:30:00 ET]"
    assert TournamentClock(eastern).label == "ET"
    assert (
        TournamentClock(eastern).pokerstars(0) == "2026/08/09 12:30:00 ET [2026/08/09 12:30:00 ET]"
    )
    assert TournamentClock(utc).label == "UTC"


def test_finish_lines_as_pokerstars_writes_them() -> None:
    name = {1: "Ann", 2: "Bob", 3: "Cid"}.__getitem__
    ko = Finish(player_id=2, place=6, prize_cents=0, bounties=(BountyWin(1, 479, 0, 0),))
    assert finish_lines([ko], name, progressive=False) == [
        "Ann wins the $4.79 bounty for eliminating Bob",
        "Bob finished the tournament in 6th place",
    ]
    split = Finish(
        player_id=2,
        place=3,
        prize_cents=1234,
        bounties=(BountyWin(1, 250, 0, 0), BountyWin(3, 250, 0, 0)),
    )
    assert finish_lines([split], name, progressive=False) == [
        "Ann, Cid split the $5 bounty for eliminating Bob",
        "Bob finished the tournament in 3rd place and received $12.34.",
    ]
    pko = Finish(player_id=2, place=2, prize_cents=5781, bounties=(BountyWin(1, 1469, 1468, 5615),))
    won = Finish(player_id=1, place=1, prize_cents=8618, winner=True)
    assert finish_lines([pko, won], name, progressive=True) == [
        "Ann wins $14.69 for eliminating Bob and their own bounty increases by $14.68 to $56.15",
        "Bob finished the tournament in 2nd place and received $57.81.",
        "Ann wins the tournament and receives $86.18 - congratulations!",
    ]
    shared = Finish(
        player_id=2,
        place=0,
        prize_cents=0,
        bounties=(BountyWin(1, 100, 100, 600), BountyWin(3, 100, 100, 600)),
    )
    assert finish_lines([shared], name, progressive=True) == [
        "Ann wins $1 for splitting the elimination of Bob and their own bounty increases by $1 to "
        "$6",
        "Cid wins $1 for splitting the elimination of Bob and their own bounty increases by $1 to "
        "$6",
    ]  # place 0: a re-entry, no finish line


def test_tournament_summary_text() -> None:
    clock = TournamentClock(datetime(2026, 1, 1, 20, 0, tzinfo=timezone(timedelta(hours=-5))))
    text = tournament_summary(
        tournament=123456789,
        structure="no-limit",
        entries_terms=Entries(prize_cents=1000, fee_cents=100),
        entries=9,
        prize_pool_cents=9000,
        clock=clock,
        duration_seconds=5400,
        places=[
            SummaryPlace(2, "Bob", 2700),
            SummaryPlace(1, "Ann", 4500),
            SummaryPlace(4, "Cid", 0),
        ],
        hero="Bob",
    )
    assert text.splitlines() == [
        "PokerStars Tournament #123456789, No Limit Hold'em",
        "Buy-In: $10.00/$1.00 USD",
        "9 players",
        "Total Prize Pool: $90.00 USD",
        "Tournament started 2026/01/01 20:00:00 ET [2026/01/01 20:00:00 ET]",
        "  1: Ann (Unknown), $45.00 (50.00%)",
        "  2: Bob (Unknown), $27.00 (30.00%)",
        "  4: Cid (Unknown),",
        "Tournament finished 2026/01/01 21:30:00 ET [2026/01/01 21:30:00 ET]",
        "You finished in 2nd place.",
        "You received $27.00.",
    ]

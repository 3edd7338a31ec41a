"""Edges of the scenario writer (``pokersim.scenario_toml``), the shoe and the director's agenda.

The writer gives a ``Scenario`` back as TOML data in the documented format
(``scenarios/README.md``), and loading that text again must give the same scenario: a start
with seconds, payout percents with zeros after the decimal point, levels of different lengths
or ante kinds, a clock break early in the hour, rarer keys (a team bounty, a shootout that keeps
its chips, time-bank top-ups every few levels) and a comment of several lines.

The shoe (``pokersim.engine.shoe``) deals each hand from blocks keyed by (seed, table, hand):
seat 1's two cards first, then each seat's in seat order, then the board; empty seats are
skipped and scripted cards swap places with the seed's. The hand calendar
(``pokersim.engine.agenda``) gives the tables' hand ends by second, then in the order they were
scheduled, table 0 included; a hand end taken off never comes. The agenda keeps SimPy's order
(time, then urgent before normal, then scheduling order) with hand ends among the other events,
and takes hand ends only on whole seconds less than ``WINDOW`` seconds ahead. Expected values
are worked out by hand from the documented format and rules.
"""

from __future__ import annotations

import math
import tomllib
from types import SimpleNamespace
from typing import Any, cast

import numpy as np
import pytest
import simpy

from pokersim import rng
from pokersim.engine.agenda import WINDOW, HandCalendar
from pokersim.engine.director import AllIdle, Clock, HandEnd
from pokersim.engine.shoe import Shoe
from pokersim.engine.state import Table
from pokersim.evaluator import evaluate_unchecked
from pokersim.scenario import Scenario, parse_scenario
from pokersim.scenario_toml import scenario_data, scenario_toml


def _scenario(**keys: Any) -> Scenario:
    """A small valid scenario (18 random players, one 10-minute level) with ``keys`` set."""
    data: dict[str, Any] = {
        "name": "edges",
        "starting_stack": 1000,
        "level_minutes": 10,
        "players": {"count": 18, "mix": [{"model": "random", "percent": 100}]},
        "levels": [{"small_blind": 10, "big_blind": 20}],
    }
    data.update(keys)
    return parse_scenario(data)


def _written_back(sc: Scenario) -> Scenario:
    """The scenario loaded again from the text the writer gives for it."""
    return parse_scenario(tomllib.loads(scenario_toml(sc)))


def test_a_start_with_seconds_is_written_with_its_seconds() -> None:
    """``start = "10:00:30"`` is 36,030 seconds after midnight: the seconds are part of the
    start and must be written, or the tournament would start 30 seconds early."""
    sc = _scenario(start="10:00:30")
    assert sc.start_seconds == 10 * 3600 + 30
    assert scenario_data(sc)["start"] == "10:00:30"
    assert _written_back(sc).start_seconds == 36_030


def test_a_start_on_the_minute_is_written_without_seconds() -> None:
    """``start = "07:25"`` comes back as written: hours and minutes, two digits each."""
    sc = _scenario(start="07:25")
    assert scenario_data(sc)["start"] == "07:25"


def test_payout_percents_keep_the_zeros_after_the_decimal_point() -> None:
    """A band paying 50.05 % and 49.95 % is written with those percents: the 0 right after the
    decimal point of 50.05 is kept (not 50.5), and the two places still add up to 100 %."""
    pay = [{"places": 1, "percent": 50.05}, {"places": 1, "percent": 49.95}]
    sc = _scenario(payouts={"bands": [{"min_entries": 2, "pay": pay}]})
    band = scenario_data(sc)["payouts"]["bands"][0]
    assert band["pay"] == [{"places": 1, "percent": 50.05}, {"places": 1, "percent": 49.95}]
    assert _written_back(sc).payouts == sc.payouts


def test_levels_of_different_lengths_keep_their_own_minutes() -> None:
    """Levels of 10 then 15 minutes have no common length: no ``level_minutes`` is written and
    each level carries its own ``minutes``."""
    levels = [
        {"small_blind": 10, "big_blind": 20, "minutes": 10},
        {"small_blind": 20, "big_blind": 40, "minutes": 15},
    ]
    sc = _scenario(level_minutes=10, levels=levels)
    data = scenario_data(sc)
    assert "level_minutes" not in data
    assert [lv["minutes"] for lv in data["levels"]] == [10, 15]
    assert [lv.minutes for lv in _written_back(sc).levels] == [10, 15]


def test_levels_of_one_length_share_it_at_the_top() -> None:
    """Every level 10 minutes long: ``level_minutes = 10`` at the top, no level's own."""
    levels = [{"small_blind": 10, "big_blind": 20}, {"small_blind": 20, "big_blind": 40}]
    data = scenario_data(_scenario(levels=levels))
    assert data["level_minutes"] == 10
    assert all("minutes" not in lv for lv in data["levels"])


def test_levels_with_different_ante_kinds_keep_each_kind() -> None:
    """No ante, then a classic ante, then a big-blind ante: with two kinds there is no common
    one, so each level with an ante names its own kind (R-ANTE-1) and loads back the same."""
    levels = [
        {"small_blind": 10, "big_blind": 20},
        {"small_blind": 20, "big_blind": 40, "ante": 5, "ante_kind": "classic"},
        {"small_blind": 40, "big_blind": 80, "ante": 80, "ante_kind": "bb"},
    ]
    sc = _scenario(levels=levels)
    data = scenario_data(sc)
    assert [lv.get("ante_kind") for lv in data["levels"]] == [None, "classic", "bb"]
    assert _written_back(sc).levels == sc.levels


def test_a_clock_break_early_in_the_hour_is_written_with_two_digits() -> None:
    """A break at five past the hour is written ``at = ":05"``, the documented ":MM" form."""
    sc = _scenario(breaks={"kind": "clock", "at": ":05"})
    assert scenario_data(sc)["breaks"]["at"] == ":05"
    assert _written_back(sc).breaks.minute_of_hour == 5


def test_time_bank_top_ups_every_few_levels_survive_the_written_file() -> None:
    """``bank_top_up_every_levels = 2`` (top-ups at levels 3, 5, 7, ...) is not the default
    of 1, so it is written and loads back as 2; the default itself is left out."""
    sc = _scenario(timing={"bank_top_up_every_levels": 2})
    assert scenario_data(sc)["timing"]["bank_top_up_every_levels"] == 2
    assert _written_back(sc).timing.bank_top_up_every_levels == 2
    assert "bank_top_up_every_levels" not in scenario_data(_scenario())["timing"]


def test_a_team_bounty_keeps_its_amount_and_targets() -> None:
    """A team bounty of 500 cents on Ann and Bob: like a fixed bounty, its amount and targets
    are written with it, and the scenario loads back with the same bounty."""
    sc = _scenario(bounty={"kind": "team", "amount_cents": 500, "targets": ["Ann", "Bob"]})
    assert scenario_data(sc)["bounty"] == {
        "kind": "team",
        "amount_cents": 500,
        "targets": ["Ann", "Bob"],
    }
    assert _written_back(sc).bounty == sc.bounty


def test_a_shootout_that_keeps_its_chips_says_so() -> None:
    """R-SHOOT-1: ``keep_chips = true`` plays on with the chips won; the written file keeps
    it true, and a shootout without it keeps the default false."""
    keeps = _scenario(shootout={"enabled": True, "keep_chips": True})
    fresh = _scenario(shootout={"enabled": True})
    assert scenario_data(keeps)["shootout"]["keep_chips"] is True
    assert scenario_data(fresh)["shootout"]["keep_chips"] is False
    assert _written_back(keeps).shootout.keep_chips is True


def test_a_comment_of_several_lines_becomes_one_comment_line_each() -> None:
    """The header's comment lines each start with "# ", an empty one is a bare "#" (no
    trailing space), and the data follows them."""
    text = scenario_toml(_scenario(), comment="first\n\nsecond")
    lines = text.splitlines()
    assert lines[0].startswith("# Written by")
    assert lines[1:4] == ["# first", "#", "# second"]
    assert lines[4] == 'name = "edges"'


def _calendar(*ends: tuple[int, int]) -> HandCalendar:
    """A calendar for tables 0-7 with the hand ends ``(table, second)`` pushed in order."""
    calendar = HandCalendar()
    calendar.reserve(8)
    for seq, (table, at) in enumerate(ends):
        calendar.push(table, at, seq)
    return calendar


def _come_in_order(calendar: HandCalendar, tables: list[int]) -> None:
    """The tables' hand ends come in the order ``tables``, each taken off in turn, then none."""
    for table in tables:
        assert calendar.head() == table
        calendar.pop(table)
    assert calendar.pending == 0
    assert calendar.head() == -1


def test_table_zero_ending_first_comes_first() -> None:
    """Table 0's hand ends at second 5 and table 1's at second 7: table 0 comes first (table
    ids start at 0, and 0 is a table like any other)."""
    _come_in_order(_calendar((1, 7), (0, 5)), [0, 1])


def test_ends_in_one_second_come_in_the_order_they_were_scheduled() -> None:
    """Tables 3, 0 and 5 all end at second 9, scheduled in that order: they come in that order,
    after table 2's end at second 4."""
    _come_in_order(_calendar((3, 9), (0, 9), (2, 4), (5, 9)), [2, 3, 0, 5])


def test_an_end_earlier_than_the_one_looked_at_comes_first() -> None:
    """Table 0's hand ends at second 9 and is the next end; table 1's hand is then ended at
    second 4 (now, as a failure does): table 1's end is now the first to come."""
    calendar = _calendar((0, 9))
    assert calendar.head() == 0
    calendar.push(1, 4, 1)
    _come_in_order(calendar, [1, 0])


def test_a_second_emptied_by_its_last_end_takes_new_ends_again() -> None:
    """Table 0 ends at second 5 and comes; table 1 is then scheduled at second 5 too (a hand
    ending now) and table 2 at second 6: table 1 comes before table 2."""
    calendar = _calendar((0, 5))
    assert calendar.head() == 0
    calendar.pop(0)
    calendar.push(1, 5, 1)
    calendar.push(2, 6, 2)
    _come_in_order(calendar, [1, 2])


def test_taking_the_last_end_of_a_second_keeps_the_others_and_later_ones() -> None:
    """Tables 0 and 1 end at second 5; table 1's end is taken off (R-FAULT-1) and table 4 is
    scheduled at second 5, table 6 at second 6: tables 0, 4 then 6 come, and 1 never."""
    calendar = _calendar((0, 5), (1, 5))
    assert calendar.take(1)
    calendar.push(4, 5, 2)
    calendar.push(6, 6, 3)
    assert calendar.pending == 3
    _come_in_order(calendar, [0, 4, 6])


def test_taking_an_end_after_table_zero_leaves_table_zero_first() -> None:
    """Tables 0, 1 and 2 end at second 5; taking table 1's off leaves 0 then 2, before table
    3's end at second 6."""
    calendar = _calendar((0, 5), (1, 5), (2, 5), (3, 6))
    assert calendar.take(1)
    assert calendar.pending == 3
    _come_in_order(calendar, [0, 2, 3])


def test_a_table_with_no_end_pending_is_not_taken() -> None:
    """Taking a table that never had a hand (its id beyond those reserved, or just at the
    end of them) or whose end already came finds nothing, and leaves the rest pending."""
    calendar = _calendar((0, 5))
    assert not calendar.take(8)
    assert not calendar.take(9)
    assert not calendar.take(3)
    assert calendar.pending == 1
    _come_in_order(calendar, [0])
    assert not calendar.take(0)
    assert calendar.pending == 0


def _seen(env: Clock, event: simpy.Event, name: str, seen: list[tuple[str, float]]) -> None:
    """Note ``name`` and the time when ``event`` is processed."""
    event.callbacks.append(lambda _e: seen.append((name, env.now)))


def _hand_end(env: Clock, table: int, delay: float, seen: list[tuple[str, float]]) -> HandEnd:
    """Table ``table``'s hand, ending ``delay`` seconds from now, noted when it comes."""
    event = HandEnd(env, cast(Table, SimpleNamespace(table_id=table)))
    _seen(env, event, f"hand {table}", seen)
    env.schedule(event, delay=delay)
    return event


def _other(env: Clock, name: str, delay: float, seen: list[tuple[str, float]]) -> None:
    """Another (normal) event ``delay`` seconds from now, noted when it comes."""
    event = env.event()
    event._ok, event._value = True, None
    _seen(env, event, name, seen)
    env.schedule(event, delay=delay)


def _urgent(env: Clock, name: str, seen: list[tuple[str, float]]) -> None:
    """An urgent event now (as "every table is idle"), noted when it comes."""
    event = AllIdle(env)
    _seen(env, event, name, seen)
    event.fire()


def test_a_hand_end_and_another_event_in_one_second_come_in_scheduling_order() -> None:
    """SimPy's order at one time and priority is the order of scheduling: an event scheduled
    before a hand end due in the same second comes first, and one scheduled after it comes
    after; the agenda's time is that second for each."""
    seen: list[tuple[str, float]] = []
    env = Clock()
    _other(env, "before", 5, seen)
    _hand_end(env, 2, 5, seen)
    _other(env, "after", 5, seen)
    env.run()
    assert seen == [("before", 5), ("hand 2", 5), ("after", 5)]


def test_an_urgent_event_comes_before_a_hand_end_of_the_same_second() -> None:
    """An urgent event runs before any normal one due at the same time, even a hand end
    scheduled earlier; two urgent events both run, in order."""
    seen: list[tuple[str, float]] = []
    env = Clock()
    _hand_end(env, 0, 0, seen)
    _urgent(env, "idle 1", seen)
    _urgent(env, "idle 2", seen)
    env.run()
    assert seen == [("idle 1", 0), ("idle 2", 0), ("hand 0", 0)]


def test_the_next_event_time_counts_the_hand_ends() -> None:
    """With only a hand end due in 7 seconds, the next event is at 7 (not "none left"); with
    another event at 3 as well, at 3."""
    seen: list[tuple[str, float]] = []
    env = Clock()
    _hand_end(env, 1, 7, seen)
    assert env.peek() == 7
    _other(env, "other", 3, seen)
    assert env.peek() == 3


def test_a_table_with_a_high_id_gets_its_hand_end_on_a_fresh_agenda() -> None:
    """Table ids need not start at 0 on the agenda: table 5's hand ends at 4 and comes."""
    seen: list[tuple[str, float]] = []
    env = Clock()
    _hand_end(env, 5, 4, seen)
    env.run()
    assert seen == [("hand 5", 4)]


def test_a_hand_end_must_be_a_whole_second_within_the_window() -> None:
    """Hand ends fall on whole seconds less than ``WINDOW`` (65,536) seconds ahead: 65,535 is
    taken, 65,536 and 2.5 are refused with a message naming the table."""
    seen: list[tuple[str, float]] = []
    env = Clock()
    _hand_end(env, 0, WINDOW - 1, seen)
    with pytest.raises(ValueError, match="table 1: a hand ending at 65536"):
        _hand_end(env, 1, WINDOW, seen)
    with pytest.raises(ValueError, match="table 2: a hand ending at 2.5"):
        _hand_end(env, 2, 2.5, seen)


def test_a_hand_ended_now_comes_before_events_scheduled_after_it() -> None:
    """R-FAULT-1: a failure ends table 3's hand now (it was due at 10); it is then scheduled
    before an event made next at the same second, so it comes first, and never again at 10."""
    seen: list[tuple[str, float]] = []
    env = Clock()
    event = _hand_end(env, 3, 10, seen)
    assert env.end_now(3) is event
    _other(env, "next", 0, seen)
    env.run()
    assert seen == [("hand 3", 0), ("next", 0)]
    assert env.end_now(3) is None


SEED, TABLE = 11, 3  # the shoe's run seed and table


def _shoe(fixed: dict[tuple[int, int], list[tuple[int, int]]] | None = None) -> Shoe:
    """The shoe of a run of 6-seat tables with seed ``SEED`` (``fixed``: scripted cards)."""
    sc = _scenario(seats_per_table=6, final_table_size=6)
    return Shoe(sc, rng.Streams(SEED), fixed)


def _deck(hand: int) -> list[int]:
    """The seed's deck of the table's hand: hand ``hand`` of the (seed, table) stream."""
    return [int(c) for c in rng.deck_block(SEED, TABLE, hand, 1)[0]]


def test_every_hand_is_dealt_from_its_own_deck_across_blocks() -> None:
    """Hands 1 to 60 (blocks of 8, 16, 32, then 64 hands): each hand's seats get cards 1-2,
    3-4, ... of that hand's deck in seat order, the board the next five, each seat its hand
    rank from those seven cards, and the hand's draws are that hand's decision draws."""
    shoe = _shoe()
    tab = Table(TABLE, {})
    seats = [1, 2, 3, 4, 5, 6]
    for hand in range(1, 61):
        tab.hand_no = hand
        deal = shoe.deal(tab, seats)
        deck = _deck(hand)
        assert deal.hole == tuple((deck[2 * s - 2], deck[2 * s - 1]) for s in seats)
        assert deal.board == tuple(deck[12:17])
        cards = np.array([[*deck[2 * s - 2 : 2 * s], *deck[12:17]] for s in seats])
        assert deal.strengths == tuple(int(r) for r in evaluate_unchecked(cards))
        uniforms, normals = rng.decision_block(SEED, TABLE, hand, 1)
        assert shoe.draws.random() == uniforms[0]
        assert shoe.draws.standard_normal() == normals[0]


def test_a_table_with_empty_seats_deals_to_the_seats_taken_only() -> None:
    """Seats 2 and 5 taken of six: they get the cards of seats 2 and 5 in the deck (cards 3-4
    and 9-10), the board is still cards 13-17, and the ranks are those two seats'."""
    shoe = _shoe()
    tab = Table(TABLE, {})
    for hand in (1, 9):
        tab.hand_no = hand
        deal = shoe.deal(tab, [2, 5])
        deck = _deck(hand)
        assert deal.hole == ((deck[2], deck[3]), (deck[8], deck[9]))
        assert deal.board == tuple(deck[12:17])
        cards = np.array([[*deck[2:4], *deck[12:17]], [*deck[8:10], *deck[12:17]]])
        assert deal.strengths == tuple(int(r) for r in evaluate_unchecked(cards))


def test_a_scripted_hand_swaps_its_cards_into_the_seeds_deck() -> None:
    """Hand 2 scripts the ace of spades (code 51) as seat 1's first card and the two of clubs
    (code 0) as the first board card: each trades places with the card the seed put there, the
    rest of the deck keeps its order, and no hand rank comes with it. Hand 3 is not scripted."""
    shoe = _shoe({(TABLE, 2): [(0, 51), (12, 0)]})
    tab = Table(TABLE, {})
    tab.hand_no = 1
    shoe.deal(tab, [1, 2, 3])
    tab.hand_no = 2
    deck = _deck(2)
    for pos, code in ((0, 51), (12, 0)):
        j = deck.index(code)
        deck[pos], deck[j] = code, deck[pos]
    deal = shoe.deal(tab, [1, 3])
    assert deal.hole == ((51, deck[1]), (deck[4], deck[5]))
    assert deal.board == (0, *deck[13:17])
    assert deal.strengths is None
    tab.hand_no = 3
    assert shoe.deal(tab, [1, 3]).hole[0] == tuple(_deck(3)[0:2])


def test_the_next_other_event_reports_urgent_ones_before_any_sequence() -> None:
    """Besides hand ends, the next event is given by time and sequence: none left is infinity;
    a normal event at 3 gives (3, its sequence); an urgent event now gives (0, -1), since it
    comes before every normal event of its second whatever their sequence."""
    seen: list[tuple[str, float]] = []
    env = Clock()
    assert env.next_other() == (math.inf, 0)
    _hand_end(env, 0, 1, seen)
    _other(env, "other", 3, seen)
    assert env.next_other() == (3, 1)
    _urgent(env, "idle", seen)
    assert env.next_other() == (0, -1)

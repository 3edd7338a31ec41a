"""Edges of the event records (``pokersim.events``) and of a multi-day case's expectations.

The records: ``record_builder`` takes positional values in the order it is given (also when it
falls back to the keyword constructor), refuses an order that repeats a field, gives each call
a fresh default from a default factory and keeps a field whose name starts with an underscore;
``event_record`` and ``event_line`` name a record by its class name and write the JSON that
``json.dumps`` writes (compact, ``ensure_ascii=False``), also for a record without fields and
for a long list of strings.

``[expect.event]`` (F-FLIGHT-1..4, ``docs/verify.md``): a multi-day case scripts only its
seed, each per-flight list holds one value a flight, the event's numbers may be 0, and every
expectation that the event does not meet is reported with the value written and the value
played. The events are the shipped rule cases ``scenarios/rules/F-FLIGHT-*.toml``, whose
outcomes their comments pin.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from pokersim.errors import ConfigError
from pokersim.events import event_line, event_record, json_value, record_builder
from pokersim.multiday import EventResult
from pokersim.verify import Case, load_case, parse_case, run_case
from pokersim.verify_event import DayEventExpect, check_script_keys, compare_event

RULES = Path(__file__).resolve().parents[1] / "scenarios" / "rules"
BEST_STACK = RULES / "F-FLIGHT-2-best-stack-carries.toml"
REDRAWN = RULES / "F-FLIGHT-3-day-two-redraws-seats.toml"
POOL = RULES / "F-FLIGHT-4-prize-pool-sums-flights.toml"


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# -- record_builder -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class _Unslotted:
    a: int
    b: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _WithFactory:
    a: int
    tags: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Underscored:
    _v: int
    x: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Three:
    a: int
    b: int
    c: int


def test_builder_without_slots_still_takes_positional_values_in_the_stated_order() -> None:
    """A class without slots gets its keyword constructor wrapped; with an order, the values
    passed by position still go to the fields in that order: (1, 2) in the order b, a is
    a = 2, b = 1."""
    build = record_builder(_Unslotted, ("b", "a"))
    made = build(1, 2)
    assert made == _Unslotted(a=2, b=1)
    assert type(made) is _Unslotted


def test_builder_refuses_an_order_that_repeats_a_field() -> None:
    """An order must name every field exactly once: one naming ``a`` twice beside ``b`` and
    ``c`` is refused with the usual error, not accepted because the same names appear."""
    with pytest.raises(TypeError, match="does not name the fields of _Three"):
        record_builder(_Three, ("a", "a", "b", "c"))


def test_builder_gives_a_fresh_default_from_a_default_factory_each_call() -> None:
    """A field with a default factory may be left out, and each record gets its own new list
    (as the keyword constructor gives it), not one shared between calls."""
    build = record_builder(_WithFactory)
    first, second = build(1), build(a=2)
    assert first == _WithFactory(a=1) and first.tags == []
    assert second.tags == [] and second.tags is not first.tags


def test_builder_keeps_a_field_whose_name_starts_with_an_underscore() -> None:
    """A field named ``_v`` holds the value passed for it: (1, 2) is ``_v = 1``, ``x = 2``."""
    build = record_builder(_Underscored)
    made = build(1, 2)
    assert made == _Underscored(_v=1, x=2)
    assert made._v == 1 and made.x == 2


# -- event_record, event_line, json_value ---------------------------------------------------------


class _Namespace:
    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Inner:
        t: int
        name: str


@dataclasses.dataclass(frozen=True, slots=True)
class _Empty:
    pass


def test_a_record_is_named_by_its_class_name_not_its_qualified_name() -> None:
    """``type`` is the class name: a class defined inside another is still just ``Inner``, and
    the line says the same as the dict."""
    record = _Namespace.Inner(t=3, name="Ann")
    assert event_record(record) == {"type": "Inner", "t": 3, "name": "Ann"}
    assert event_line(record) == '{"type":"Inner","t":3,"name":"Ann"}'


def test_a_record_without_fields_is_a_line_with_its_type_only() -> None:
    """With no field to write, the line is still a whole JSON object naming the type."""
    assert event_record(_Empty()) == {"type": "_Empty"}
    assert event_line(_Empty()) == '{"type":"_Empty"}'
    assert json.loads(event_line(_Empty())) == {"type": "_Empty"}


def test_a_long_list_of_strings_is_written_whole() -> None:
    """Five names (more than any short tuple of ids or cards) are all written, in order, as
    ``json.dumps`` writes them."""
    names = ("P01", "P02", "P03", "P04", "P05")
    assert json_value(names) == '["P01","P02","P03","P04","P05"]'
    assert json_value(names) == _dumps(list(names))


def test_strings_are_written_as_they_are_not_escaped_to_ascii() -> None:
    """The log is UTF-8: an accented name is written as is (``ensure_ascii=False``), a quote
    and a backslash escaped."""
    assert json_value('Zoé "Z" \\') == '"Zoé \\"Z\\" \\\\"'
    record = _Namespace.Inner(t=0, name="Zoé")
    assert event_line(record) == '{"type":"Inner","t":0,"name":"Zoé"}'


def test_booleans_in_int_fields_are_written_as_json_booleans() -> None:
    """A boolean is never written as an integer or as Python's ``True``, even where an int
    usually stands or inside a tuple of them."""
    record = _Namespace.Inner(t=True, name="x")
    assert event_line(record) == '{"type":"Inner","t":true,"name":"x"}'
    assert json_value((True, False)) == "[true,false]"
    assert json_value((1, True)) == "[1,true]"


# -- [expect.event] -------------------------------------------------------------------------------


def _case_data(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


@pytest.fixture(scope="module")
def best_stack() -> tuple[Case, EventResult]:
    case = load_case(BEST_STACK)
    ev = run_case(case).event
    assert ev is not None
    return case, ev


@pytest.fixture(scope="module")
def pool() -> tuple[Case, EventResult]:
    case = load_case(POOL)
    ev = run_case(case).event
    assert ev is not None
    return case, ev


def _ids(case: Case) -> dict[str, int]:
    return {s.name: s.player_id for s in case.specs}


def test_a_multi_day_case_refuses_any_script_key_but_the_seed() -> None:
    """F-FLIGHT cases script only ``seed``: a scripted table is refused with a one-line error
    naming the key; the seed alone is fine."""
    check_script_keys("c.toml", {"seed": 3})
    with pytest.raises(ConfigError, match=r"c\.toml: script\.tables: a multi-day case"):
        check_script_keys("c.toml", {"seed": 3, "tables": []})


def test_a_per_flight_list_with_a_value_too_many_is_refused() -> None:
    """Two flights (1A, 1B) take two values a list: three bagged counts are an error."""
    data = _case_data(BEST_STACK)
    data["expect"]["event"]["bagged"] = [4, 5, 6]
    with pytest.raises(ConfigError, match="bagged: expected 2 values"):
        parse_case(data, source="c.toml")


def test_the_events_numbers_may_be_zero() -> None:
    """``forfeited_chips = 0`` (nobody bagged twice) is a valid expectation: numbers are >= 0."""
    data = _case_data(BEST_STACK)
    data["expect"]["event"]["forfeited_chips"] = 0
    case = parse_case(data, source="c.toml")
    assert case.expect.event is not None
    assert case.expect.event.numbers["forfeited_chips"] == 0


def test_a_wrong_list_reports_the_value_written_then_the_value_played(
    best_stack: tuple[Case, EventResult],
) -> None:
    """The case pins 10 players in 1A and 14 in 1B; expecting [10, 15] is one failure whose
    expected side is what the case wrote and whose actual side is what was played."""
    case, ev = best_stack
    ex = DayEventExpect(per_flight={"flight_players": (10, 15)})
    assert compare_event(ev, ex, case.name_of) == [
        ("expect.event.flight_players", "(10, 15)", "(10, 14)")
    ]


def test_the_pinned_expectations_of_the_best_stack_case_are_met(
    best_stack: tuple[Case, EventResult],
) -> None:
    """The case's own expectations (its comment: P02 carries 1A's 9,640, P07 and P09 carry
    1B's 7,737 and 6,050; 12,284 chips forfeited) are all met."""
    case, ev = best_stack
    assert case.expect.event is not None
    assert compare_event(ev, case.expect.event, case.name_of) == []


def test_a_player_who_never_bagged_carried_nothing(best_stack: tuple[Case, EventResult]) -> None:
    """Only 6 of the 20 players reached day 2: expecting one who did not to carry a bag from
    the first flight (or to start day 2 with a stack) is a failure for each."""
    case, ev = best_stack
    outsider = next(s.player_id for s in case.specs if s.player_id not in ev.carried)
    ex = DayEventExpect(carried={outsider: "1A"}, day2_stacks={outsider: 2000})
    keys = [k for k, _e, _a in compare_event(ev, ex, case.name_of)]
    name = case.name_of(outsider)
    assert keys == [f"expect.event.carried.{name}", f"expect.event.day2_stacks.{name}"]


def test_day_two_stacks_read_the_bag_and_zero_without_one(
    best_stack: tuple[Case, EventResult],
) -> None:
    """A wrong day-2 stack is reported as the chips the bag held, and a player who took no
    bag started day 2 with none: expecting 0 for them is met, as with prizes."""
    case, ev = best_stack
    bagged, bag = next(iter(ev.carried.items()))
    assert compare_event(ev, DayEventExpect(day2_stacks={bagged: bag.stack}), case.name_of) == []
    wrong = compare_event(ev, DayEventExpect(day2_stacks={bagged: 1}), case.name_of)
    assert wrong == [(f"expect.event.day2_stacks.{case.name_of(bagged)}", "1", str(bag.stack))]
    outsider = next(s.player_id for s in case.specs if s.player_id not in ev.carried)
    assert compare_event(ev, DayEventExpect(day2_stacks={outsider: 0}), case.name_of) == []


def test_a_player_out_before_day_two_won_no_prize(pool: tuple[Case, EventResult]) -> None:
    """Prizes are day 2's: a player who never reached it won nothing, so expecting 0 cents for
    them is met, and expecting a prize for them is not."""
    case, ev = pool
    outsider = next(s.player_id for s in case.specs if s.player_id not in ev.carried)
    assert compare_event(ev, DayEventExpect(prizes={outsider: 0}), case.name_of) == []
    wrong = compare_event(ev, DayEventExpect(prizes={outsider: 100}), case.name_of)
    assert wrong == [(f"expect.event.prizes.{case.name_of(outsider)}", "100", "0")]


def test_a_wrong_winner_is_reported(pool: tuple[Case, EventResult]) -> None:
    """The case pins P07 as the winner: expecting P01 fails, naming both."""
    case, ev = pool
    ex = DayEventExpect(winner=_ids(case)["P01"])
    assert compare_event(ev, ex, case.name_of) == [("expect.event.winner", "P01", "P07")]


def test_a_wrong_first_table_on_day_two_is_reported() -> None:
    """F-FLIGHT-3 pins day 2's table 1 from seat 1 as P04, P01, P15, P02, P09, P05, P06: the
    case passes as written, and the same players in the reverse order is one failure."""
    case = load_case(REDRAWN)
    ev = run_case(case).event
    assert ev is not None and case.expect.event is not None
    assert compare_event(ev, case.expect.event, case.name_of) == []
    ids = _ids(case)
    order = ["P04", "P01", "P15", "P02", "P09", "P05", "P06"]
    ex = DayEventExpect(day2_first_table=tuple(ids[n] for n in reversed(order)))
    found = compare_event(ev, ex, case.name_of)
    assert [(k, a) for k, _e, a in found] == [("expect.event.day2_first_table", str(order))]

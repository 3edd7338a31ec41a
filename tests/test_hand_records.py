"""The cheap record constructors the hand engine uses build the same records as the keyword ones."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from pokersim.actions import CHECK_CALL, DecisionView, LegalActions, RaiseTo
from pokersim.betting import make_legal, make_view
from pokersim.config import AnteKind, BettingStructure, Level
from pokersim.events import (
    ActionKind,
    ActionTaken,
    BoardDealt,
    ForcedBetPosted,
    HandEnded,
    HandShown,
    HandStarted,
    HoleCardsDealt,
    PostKind,
    PotAwarded,
    UncalledBetReturned,
    record_builder,
)
from pokersim.hand import (
    Deal,
    HandResult,
    HandSetup,
    Knockout,
    Pot,
    Seat,
    play_hand,
    unchecked_deal,
    unchecked_seat,
    unchecked_setup,
)

LEVEL = Level(small_blind=50, big_blind=100, ante=10, ante_kind=AnteKind.CLASSIC)
SEATS = (
    Seat(player_id=7, stack=1000, seat_no=2),
    Seat(player_id=3, stack=250, seat_no=5),
)
SETUP = HandSetup(seats=SEATS, button=1, level=LEVEL, table_id=4, hand_no=9, start_time=30)
DEAL = Deal(hole=((0, 1), (2, 3)), board=(10, 11, 12, 13, 14), strengths=(5, 9))

# One example of each record, by keyword: the builders must reproduce each field for field.
EXAMPLES = [
    HandStarted(
        table_id=1, hand_no=2, button=0, player_ids=(7, 3), seat_nos=(2, 5), stacks=(1000, 250)
    ),
    ForcedBetPosted(seat=1, player_id=3, kind=PostKind.BIG_BLIND, amount=100, all_in=False),
    HoleCardsDealt(seat=0, player_id=7, cards=(0, 1)),
    BoardDealt(street=1, cards=(10, 11, 12), board=(10, 11, 12)),
    ActionTaken(
        seat=0, player_id=7, street=0, kind=ActionKind.RAISE, amount=300, to=300, all_in=False
    ),
    ActionTaken(
        seat=1, player_id=3, street=2, kind=ActionKind.FOLD, amount=0, to=0, all_in=False,
        timed_out=True,
    ),
    UncalledBetReturned(seat=0, player_id=7, amount=50),
    HandShown(seat=1, player_id=3, cards=(2, 3), rank=1234),
    PotAwarded(
        pot_index=0, amount=500, eligible=(0, 1), winners=(0,), winner_ids=(7,), shares=(500,),
        showdown=True,
    ),
    HandEnded(table_id=1, hand_no=2, final_stacks=(1250, 0)),
    Seat(player_id=1, stack=2, seat_no=3),
    SETUP,
    DEAL,
    Pot(index=0, amount=500, eligible=(0, 1), winners=(0,), shares=(500,)),
    Knockout(seat=1, player_id=3, pot_index=0, winners=(0,), winner_ids=(7,)),
    HandResult(
        setup=SETUP, deal=DEAL, final_stacks=(1250, 0), pots=(), knockouts=(), showdown=True
    ),
    LegalActions(5, 20, 990),
]  # fmt: skip


def values(record: object) -> dict[str, object]:
    return {f.name: getattr(record, f.name) for f in dataclasses.fields(record)}  # type: ignore[arg-type]


@pytest.mark.parametrize("record", EXAMPLES, ids=lambda r: type(r).__name__)
def test_builder_makes_an_equal_frozen_record_of_the_same_class(record):
    cls = type(record)
    build = record_builder(cls)
    fields = values(record)
    for made in (build(*fields.values()), build(**fields)):
        assert type(made) is cls
        assert made == record
        assert values(made) == fields
        assert hash(made) == hash(record)
        assert repr(made) == repr(record)
        assert pickle.loads(pickle.dumps(made)) == record
        name = next(iter(fields))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, None)


def test_builder_fills_declared_defaults():
    build = record_builder(ActionTaken)
    made = build(seat=0, player_id=7, street=0, kind=ActionKind.CHECK, amount=0, to=0, all_in=False)
    assert made.timed_out is False


def test_builder_takes_positional_values_in_the_stated_order():
    build = record_builder(Seat, ("seat_no", "player_id", "stack"))
    assert build(3, 1, 2) == Seat(player_id=1, stack=2, seat_no=3)


def test_builder_rejects_an_order_that_does_not_name_the_fields():
    with pytest.raises(TypeError, match="does not name the fields of Seat"):
        record_builder(Seat, ("player_id", "stack", "seat"))


def test_builder_falls_back_to_the_keyword_constructor_without_matching_slots():
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Plain:  # no __slots__: no twin class can stand in for it
        a: int
        b: int = 2

    build = record_builder(Plain)
    assert build(1) == Plain(a=1)
    assert type(build(1, 3)) is Plain


def test_builders_skip_validation_which_is_why_only_the_hand_engine_uses_them():
    # The keyword constructor rejects one board card short; the builder, by design, does not.
    with pytest.raises(ValueError, match="5 board cards"):
        Deal(hole=((0, 1), (2, 3)), board=(10, 11, 12, 13))
    short = record_builder(Deal)(hole=((0, 1), (2, 3)), board=(10, 11, 12, 13), strengths=None)
    assert short.board == (10, 11, 12, 13)


def test_engine_view_and_legal_builders_follow_their_stated_order():
    legal = make_legal(5, 20, 990)
    assert legal == LegalActions(to_call=5, min_raise_to=20, max_raise_to=990)
    view = make_view(
        4, 9, 1, 3, (2, 3), (), 0, 1, (7, 3), (990, 150), (10, 100), (True, True), 260, legal,
        LEVEL, BettingStructure.NO_LIMIT, None,
    )  # fmt: skip
    assert view == DecisionView(
        table_id=4, hand_no=9, seat=1, player_id=3, hole=(2, 3), board=(), street=0, button=1,
        player_ids=(7, 3), stacks=(990, 150), bets=(10, 100), in_hand=(True, True), pot=260,
        legal=legal, level=LEVEL, structure=BettingStructure.NO_LIMIT, context=None,
    )  # fmt: skip


def test_unchecked_constructors_build_the_checked_records_and_take_their_defaults():
    seat = unchecked_seat(player_id=7, stack=1000, seat_no=2)
    assert seat == SEATS[0] and type(seat) is Seat
    setup = unchecked_setup(
        seats=(seat, unchecked_seat(player_id=3, stack=250, seat_no=5)),
        button=1,
        level=LEVEL,
        table_id=4,
        hand_no=9,
        start_time=30,
    )
    assert setup == SETUP and type(setup) is HandSetup
    assert setup.structure is BettingStructure.NO_LIMIT and setup.level_index == 0
    deal = unchecked_deal(hole=((0, 1), (2, 3)), board=(10, 11, 12, 13, 14))
    assert (
        deal == Deal(hole=((0, 1), (2, 3)), board=(10, 11, 12, 13, 14)) and deal.strengths is None
    )


def test_a_hand_from_unchecked_inputs_plays_exactly_as_from_checked_ones():
    def decide(view):
        return RaiseTo(view.legal.max_raise_to) if view.legal.max_raise_to else CHECK_CALL

    fast = unchecked_setup(
        seats=tuple(
            unchecked_seat(player_id=s.player_id, stack=s.stack, seat_no=s.seat_no) for s in SEATS
        ),
        button=1,
        level=LEVEL,
        table_id=4,
        hand_no=9,
        start_time=30,
    )
    fast_deal = unchecked_deal(hole=DEAL.hole, board=DEAL.board, strengths=DEAL.strengths)
    assert play_hand(fast, fast_deal, decide) == play_hand(SETUP, DEAL, decide)

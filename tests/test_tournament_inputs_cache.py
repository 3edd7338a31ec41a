"""The compiled rounds' tournament inputs (``model_kernel.hand_inputs``), kept across hands.

They must be ``players.tournament_inputs`` of each hand, bit for bit: one array serves the hands
of a context without cash bounties (a table size after the first made from another size's,
``players.resized_inputs``), and a context with bounties reads its live ledger each hand.
"""

from __future__ import annotations

from types import MappingProxyType

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.actions import TournamentContext
from pokersim.config import AnteKind, Level
from pokersim.model_kernel import hand_inputs
from pokersim.model_params import TightAggressiveParams, pack
from pokersim.players import tournament_inputs

AWARE = pack([(TightAggressiveParams(tournament=True), None)])
UNAWARE = pack([(TightAggressiveParams(), None)])

levels = st.one_of(
    st.none(),
    st.builds(
        lambda bb, kind, ante: Level(
            small_blind=bb // 2,
            big_blind=bb,
            ante=0 if kind is AnteKind.NONE else ante,
            ante_kind=kind,
        ),
        st.integers(2, 10_000),
        st.sampled_from(list(AnteKind)),
        st.integers(1, 2_000),
    ),
)
contexts = st.builds(
    lambda left, prizes, average, kind, hfh, level: TournamentContext(
        players_left=left,
        places_paid=len(prizes),
        average_stack=average,
        prizes_cents=tuple(prizes),
        bounty_kind=kind,
        hand_for_hand=hfh,
        level=level,
    ),
    st.integers(2, 400),
    st.lists(st.integers(0, 100_000), min_size=0, max_size=30),
    st.floats(1.0, 1e6),
    st.sampled_from(["none", "ko", "pko", "fixed"]),
    st.booleans(),
    levels,
)
seatings = st.lists(
    st.lists(st.integers(0, 999), min_size=2, max_size=10, unique=True), min_size=1, max_size=6
)


@settings(max_examples=200, deadline=None)
@given(contexts, seatings, st.data())
def test_hand_inputs_are_each_hands_tournament_inputs(context, seatings, data) -> None:
    ledger: dict[int, int] = {}
    live = MappingProxyType(ledger)  # the engine's ledger view: it changes under the context
    ctx = TournamentContext(**{**_fields(context), "bounties_cents": live})
    for ids in seatings:
        ledger.clear()
        ledger.update({p: data.draw(st.integers(0, 50_000)) for p in ids[::2]})
        got = hand_inputs(AWARE, ctx, ids)
        assert got.tobytes() == tournament_inputs(ctx, ids).tobytes()
    assert hand_inputs(UNAWARE, ctx, seatings[0]) is hand_inputs(UNAWARE, None, seatings[0])


def test_a_context_without_bounties_serves_its_hands_one_array_a_seat_count() -> None:
    ctx = TournamentContext(
        players_left=30, places_paid=3, average_stack=900.0, prizes_cents=(500, 300, 200)
    )
    first = hand_inputs(AWARE, ctx, [1, 2, 3])
    assert hand_inputs(AWARE, ctx, [7, 8, 9]) is first
    assert len(hand_inputs(AWARE, ctx, [7, 8])) == len(first) - 1
    other = TournamentContext(
        players_left=29, places_paid=3, average_stack=900.0, prizes_cents=(500, 300, 200)
    )
    assert not np.array_equal(hand_inputs(AWARE, other, [1, 2, 3]), first)


def _fields(context: TournamentContext) -> dict[str, object]:
    return {name: getattr(context, name) for name in context.__dataclass_fields__}

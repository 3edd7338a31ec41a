"""Edges of the places desk (``pokersim.engine.places``): places and prizes of players out together.

R-ELIM-2: players out in the same hand are ranked by their stacks at the start of that hand,
more chips the better place; equal stacks share the best of their places and split those places'
prizes equally, the odd cents one each in the engine's order of elimination (table, then player
id). R-SYNC-2 does the same for a synchronized hand across tables. Every expected value below is
worked out by hand from those rules.
"""

from __future__ import annotations

from typing import Any

from pokersim.engine.places import Places
from pokersim.engine.state import Bust, Field
from pokersim.events import BubbleBurst, PlayerEliminated, PrizePaid, PrizeTopUp


def _places(n: int) -> Places:
    return Places(Field(n, 1000))


def _bust(p: int, start: int, table: int = 1) -> Bust:
    return (p, start, table, 1, (0,))


def _placed(events: list[Any]) -> dict[int, int]:
    return {e.player_id: e.place for e in events if isinstance(e, PlayerEliminated)}


def _paid(events: list[Any]) -> dict[int, int]:
    return {e.player_id: e.prize_cents for e in events if isinstance(e, PrizePaid)}


PRIZES = (5000, 3000, 1000, 700, 301, 0)  # six paid places of a field of six (the 6th pays 0)


def test_r_elim_2_bigger_stack_better_place_equal_stacks_share_the_next() -> None:
    """Six left, three out in one hand starting with 300, 100 and 100: the 300 takes 4th
    (700); the two 100s share 5th and split the prizes of 5th and 6th (301 + 0): 151 to the
    first in order (player 2, lower id at the same table), 150 to player 5."""
    places = _places(6)
    events = places.place_busts(
        [_bust(5, 100), _bust(3, 300), _bust(2, 100)], 10, PRIZES, {}, 6, synchronized=False
    )
    assert _placed(events) == {3: 4, 2: 5, 5: 5}
    assert _paid(events) == {3: 700, 2: 151, 5: 150}
    assert places.place[2] == places.place[5] == 5 and places.prize[3] == 700
    assert places.field.unplaced == 3
    assert places.tied == {5: [2, 5]}


def test_r_elim_2_two_ties_in_one_hand_take_consecutive_blocks() -> None:
    """Six left, four out in one hand: two start with 400 and two with 200. The 400s share 3rd
    (1000 + 700 = 1700, 850 each); the 200s share 5th (301 + 0: 151, 150). Nobody is 4th or 6th.
    """
    places = _places(6)
    busts = [_bust(1, 200), _bust(2, 400), _bust(3, 200), _bust(4, 400)]
    events = places.place_busts(busts, 10, PRIZES, {}, 6, synchronized=False)
    assert _placed(events) == {2: 3, 4: 3, 1: 5, 3: 5}
    assert _paid(events) == {2: 850, 4: 850, 1: 151, 3: 150}
    assert places.tied == {3: [2, 4], 5: [1, 3]}


def test_r_sync_2_the_odd_cent_goes_by_table_then_player_not_by_id_alone() -> None:
    """A synchronized hand: player 7 at table 1 and player 2 at table 2 both start with 100 and
    share 5th of six (301 cents): the engine's order is table first, so player 7 gets the odd
    cent (151) and player 2 150 -- the reverse of id order."""
    places = _places(8)
    places.field.unplaced = 6
    events = places.place_busts(
        [_bust(2, 100, table=2), _bust(7, 100, table=1)], 10, PRIZES, {}, 6, synchronized=True
    )
    assert _paid(events) == {7: 151, 2: 150}
    assert all(e.synchronized for e in events if isinstance(e, PlayerEliminated))
    assert places.tied == {5: [7, 2]}


def test_an_unpaid_place_logs_no_prize() -> None:
    """A place that pays 0 (the 6th here) is eliminated without a ``PrizePaid`` of 0 cents."""
    places = _places(6)
    events = places.place_busts([_bust(4, 50)], 10, PRIZES, {}, 6, synchronized=False)
    assert _placed(events) == {4: 6}
    assert not [e for e in events if isinstance(e, PrizePaid)]


def test_a_deal_replaces_the_places_prizes() -> None:
    """R-DEAL-1: once a deal is made, a player out is paid their deal, not the place's prize."""
    places = _places(3)
    deal = {0: 4000, 1: 2500, 2: 1500}
    events = places.place_busts([_bust(2, 100)], 10, PRIZES, deal, 3, synchronized=False)
    assert _placed(events) == {2: 3}
    assert _paid(events) == {2: 1500}


def test_r_reg_1_a_player_out_before_a_deal_but_placed_after_it_has_the_places_prize() -> None:
    """R-REG-1 with R-DEAL-1: players out while late players may still arrive are placed when
    registration closes, which may come after a deal among the players left; one out before
    the deal has their place's prize, not a deal. It used to end the run in a ``KeyError``."""
    places = _places(4)
    places.defer([_bust(3, 100)], 10, synchronized=False)
    places.defer([_bust(2, 100)], 20, synchronized=False)
    deal = {0: 4600, 1: 3400}  # the two left share the 8,000 of places 1 and 2
    events = places.flush(PRIZES, deal, 3)
    assert _placed(events) == {3: 4, 2: 3}
    assert _paid(events) == {3: 700, 2: 1000}


def test_the_bubble_bursts_once_when_the_players_left_are_the_places_paid() -> None:
    """Five players, three paid: the first out leaves four (no bubble); the second leaves three,
    so the bubble bursts then, with three left; a third out does not burst it again."""
    places = _places(5)
    prizes = (500, 300, 200)
    first = places.place_busts([_bust(0, 10)], 10, prizes, {}, 3, synchronized=False)
    assert not [e for e in first if isinstance(e, BubbleBurst)]
    second = places.place_busts([_bust(1, 10)], 20, prizes, {}, 3, synchronized=False)
    bursts = [e for e in second if isinstance(e, BubbleBurst)]
    assert [(b.t, b.players_left, b.places_paid) for b in bursts] == [(20, 3, 3)]
    third = places.place_busts([_bust(2, 10)], 30, prizes, {}, 3, synchronized=False)
    assert not [e for e in third if isinstance(e, BubbleBurst)]
    assert places.bubble_at == 20


def test_the_winner_is_paid_first_prize_once() -> None:
    """The last player left: first place, one ``PrizePaid`` of the first prize."""
    places = _places(2)
    places.place_busts([_bust(1, 1000)], 10, (700, 300), {}, 2, synchronized=False)
    field = places.field
    field.stack[0], field.stack[1] = 2000, 0
    events = places.winner(0, 700, 20, 1)
    assert _placed(events) == {0: 1}
    assert [(e.player_id, e.place, e.prize_cents) for e in events if isinstance(e, PrizePaid)] == [
        (0, 1, 700)
    ]


def test_r_fault_1_cancelled_places_skip_after_a_shared_place() -> None:
    """A cancellation ranks the players left by chips; equal stacks share a place, and the next
    stack takes the place after all of them (500, 300, 300, 100: places 1, 2, 2, 4)."""
    places = _places(4)
    events = places.cancelled([0, 1, 2, 3], [300, 500, 100, 300], [10, 20, 30, 40], 10, [1] * 4)
    assert _placed(events) == {1: 1, 0: 2, 3: 2, 2: 4}
    assert _paid(events) == {0: 10, 1: 20, 2: 30, 3: 40}
    assert places.field.unplaced == 0


def test_r_shoot_1_a_round_shares_its_places_to_the_cent() -> None:
    """R-SHOOT-1: a round of 4 players at 2 tables: the 2 out share 3rd (places 3 and 4:
    301 + 0 = 301 cents), 151 to the first out and 150 to the second."""
    places = _places(4)
    places.start_round(4, 2, shared=True)
    prizes = (600, 400, 301, 0)
    first = places.place_busts([_bust(3, 500)], 10, prizes, {}, 4, synchronized=False)
    second = places.place_busts([_bust(1, 900)], 20, prizes, {}, 4, synchronized=False)
    assert _placed(first) == {3: 3} and _placed(second) == {1: 3}
    assert _paid(first) == {3: 151} and _paid(second) == {1: 150}
    assert places.tied == {3: [3, 1]}


def test_r_shoot_1_a_cancelled_round_ranks_the_players_left_above_or_at_its_place() -> None:
    """R-SHOOT-1 with R-FAULT-2: cancelled in a round of 2 tables (shared place 3), the players
    left take places 1 and 2 by chips, equal stacks across the edge parted by player id, and
    every other one shares place 3 with the round's players out: the places stay a ranking
    (1, 2, then 3 for all; not 1, 2, 2, 2, 2, 3, 3)."""
    places = _places(9)
    places.start_round(9, 2, shared=True)
    places.place_busts([_bust(8, 100)], 10, (500, 300, 100), {}, 3, synchronized=False)
    players = [0, 1, 2, 3, 4, 5, 6, 7]
    stacks = [1040, 1000, 1000, 1000, 1000, 980, 980, 10]
    events = places.cancelled(players, stacks, [10] * 8, 20, [1] * 8)
    assert _placed(events) == {0: 1, 1: 2, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3}


def test_r_cond_1_a_forfeit_tops_up_tied_players_in_their_split_order() -> None:
    """R-COND-1 (forfeit): players tied for places split their raise as they split the prize.

    Players 7 (table 1) and 2 (table 2) share 3rd of four, in that order: 300 + 100 cents, 200
    each. The raise of places 3 and 4 (50 + 51 cents) is split 51 to player 7 and 50 to
    player 2 (the order of their split, not id order), each once."""
    places = _places(8)
    places.field.unplaced = 4
    old = (600, 400, 300, 100)
    places.place_busts(
        [_bust(2, 100, table=2), _bust(7, 100, table=1)], 10, old, {}, 4, synchronized=True
    )
    assert places.prize[7] == places.prize[2] == 200
    new = (650, 450, 350, 151)
    events = places.top_up(old, new, 2, 30)
    ups = [(e.player_id, e.place, e.cents) for e in events if isinstance(e, PrizeTopUp)]
    assert ups == [(7, 3, 51), (2, 3, 50)]
    assert places.prize[7] == 251 and places.prize[2] == 250


def test_r_cond_1_a_forfeit_tops_up_each_place_below_once() -> None:
    """Places 6, 5 and 4 decided one by one; then place 3 (the lowest open, a disqualified
    player's) forfeits: the raises of places 4 and 5 (20 and 30 cents) go to their holders
    once each, place 6 (0 cents, no raise) gets nothing, and the open places wait."""
    places = _places(6)
    old = (5000, 3000, 1000, 700, 301, 0)
    for p, start in ((5, 10), (4, 20), (3, 30)):
        places.place_busts([_bust(p, start)], 10, old, {}, 6, synchronized=False)
    assert [places.place[p] for p in (5, 4, 3)] == [6, 5, 4]
    new = (5500, 3450, 0, 720, 331, 0)
    events = places.top_up(old, new, 3, 30)
    ups = sorted((e.place, e.player_id, e.cents) for e in events if isinstance(e, PrizeTopUp))
    assert ups == [(4, 3, 20), (5, 4, 30)]
    assert places.prize[3] == 720 and places.prize[4] == 331 and places.prize[5] == 0

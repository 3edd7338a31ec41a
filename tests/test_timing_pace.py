"""The default pace: a full 9-max table plays about 60 hands per hour (online ring pace).

Hands are played by the hand engine with the default field (tight-aggressive at skill 0.9 and
0.4), the scenario defaults for think time (median 2.5 s, sigma 0.8) and dealing (6 s), and
every decision goes through the action clock (R-DIS-1), as in the tournament engine.
"""

from __future__ import annotations

from pokersim import rng as rngs
from pokersim.actions import Action, DecisionView
from pokersim.config import Level
from pokersim.hand import Deal, HandSetup, Seat, play_hand
from pokersim.players import make_model
from pokersim.timing import ActionClock, HandPace, ThinkTime, resolve_decision

SCENARIO_THINK = ThinkTime(median_seconds=2.5, sigma=0.8)


def hands_per_hour(hands: int, seed: int) -> tuple[float, float]:
    think = SCENARIO_THINK
    strong = make_model("tight-aggressive", skill=0.9, think=think)
    weak = make_model("tight-aggressive", skill=0.4, think=think)
    models = [strong] + [weak] * 8
    gens = [rngs.generator(seed, rngs.STREAM_PLAYER, p) for p in range(9)]
    clock, pace = ActionClock(), HandPace(deal_seconds=6.0)
    banks = [clock.time_bank_seconds] * 9
    elapsed = 0.0
    state = {"seconds": 0.0, "street": 0}

    def decide(view: DecisionView) -> Action:
        p = view.player_id
        a = models[p].decide(view, gens[p])
        t = models[p].think_seconds(view, gens[p])
        out = resolve_decision(a, t, view.legal, clock, bank_seconds=banks[p])
        banks[p] -= out.bank_used
        state["seconds"] += out.seconds
        state["street"] = max(state["street"], view.street)
        return out.action

    for h in range(hands):
        deck = rngs.deck(seed, 0, h)
        seats = tuple(Seat(player_id=i, stack=1500, seat_no=i + 1) for i in range(9))
        setup = HandSetup(seats=seats, button=h % 9, level=Level(small_blind=10, big_blind=20))
        deal = Deal(
            hole=tuple((int(deck[2 * i]), int(deck[2 * i + 1])) for i in range(9)),
            board=tuple(int(c) for c in deck[18:23]),
        )
        state["seconds"], state["street"] = 0.0, 0
        result = play_hand(setup, deal, decide, record_actions=False)
        streets = 3 if result.showdown else int(state["street"])
        elapsed += state["seconds"] + pace.overhead_seconds(streets, result.showdown)
    return hands * 3600.0 / elapsed, elapsed / hands


def test_default_pace_of_a_full_nine_max_table_is_about_sixty_hands_per_hour() -> None:
    rates = [hands_per_hour(200, seed)[0] for seed in (1, 2)]
    for rate in rates:
        assert 50.0 <= rate <= 80.0, rates

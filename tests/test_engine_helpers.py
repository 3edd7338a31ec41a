"""Scripted stand-ins for the hand engine and player models (helpers, no tests here)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from pokersim.actions import CHECK_CALL, Action, DecisionView, LegalActions, TournamentContext
from pokersim.engine import TournamentResult, run_tournament
from pokersim.hand import Deal, HandResult, HandSetup, Knockout
from pokersim.results import event_record
from pokersim.scenario import Scenario, parse_scenario
from pokersim.seating import next_button

Rule = Callable[[HandSetup, Deal], tuple[tuple[int, ...], tuple[Knockout, ...]]]


def make_scenario(
    count: int,
    *,
    seats: int = 9,
    stack: int = 100,
    final: int | None = None,
    breaks: Mapping[str, Any] | None = None,
    stages: list[dict[str, Any]] | None = None,
    payouts: list[dict[str, Any]] | None = None,
    balancing: Mapping[str, Any] | None = None,
    start: str = "07:25",
    prize_cents: int = 1000,
    level_minutes: float = 10,
) -> Scenario:
    data: dict[str, Any] = {
        "name": f"test {count}",
        "start": start,
        "seats_per_table": seats,
        "final_table_size": final if final is not None else seats,
        "starting_stack": stack,
        "players": {"count": count, "mix": [{"model": "random", "percent": 100}]},
        "levels": [
            {"small_blind": 1, "big_blind": 2, "minutes": level_minutes},
            {"small_blind": 2, "big_blind": 4, "minutes": level_minutes},
        ],
        "breaks": dict(breaks) if breaks is not None else {"kind": "none"},
        "timing": {"deal_seconds": 0, "action_clock_seconds": 10000, "time_bank_seconds": 0},
        "entries": {"prize_cents": prize_cents, "fee_cents": 0, "late_registration_minutes": 0},
    }
    if stages is not None:
        data["hand_for_hand"] = {"stages": stages}
    if payouts is not None:
        data["payouts"] = {"bands": payouts}
    if balancing is not None:
        data["balancing"] = dict(balancing)
    return parse_scenario(data, source="<test>")


class ScriptedModel:
    """Always checks or calls; thinks for the seconds scripted per (table, hand), default 1."""

    name = "scripted"

    def __init__(self, seconds: Mapping[tuple[int, int], float] | None = None) -> None:
        self.seconds = dict(seconds or {})

    def decide(self, view: DecisionView, rng: np.random.Generator) -> Action:
        return CHECK_CALL

    def think_seconds(self, view: DecisionView, rng: np.random.Generator) -> float:
        return self.seconds.get((view.table_id, view.hand_no), 1.0)


class FakeHands:
    """A hand player that asks one decision (for its think time) and applies ``rule``."""

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self.setups: list[HandSetup] = []

    def __call__(
        self,
        setup: HandSetup,
        deal: Deal,
        decide: Callable[[DecisionView], Action | None],
        *,
        record_actions: bool = True,
        context: TournamentContext | None = None,
    ) -> HandResult:
        self.setups.append(setup)
        n = len(setup.seats)
        view = DecisionView(
            table_id=setup.table_id,
            hand_no=setup.hand_no,
            seat=0,
            player_id=setup.seats[0].player_id,
            hole=deal.hole[0],
            board=(),
            street=0,
            button=setup.button,
            player_ids=setup.player_ids,
            stacks=setup.stacks,
            bets=(0,) * n,
            in_hand=(True,) * n,
            pot=0,
            legal=LegalActions(to_call=0, min_raise_to=0, max_raise_to=0),
            level=setup.level,
            structure=setup.structure,
            context=context,
        )
        decide(view)
        finals, kos = self.rule(setup, deal)
        assert sum(finals) == sum(setup.stacks)
        return HandResult(
            setup=setup,
            deal=deal,
            final_stacks=finals,
            pots=(),
            knockouts=kos,
            showdown=False,
        )


def transfer(
    setup: HandSetup, moves: list[tuple[int, int, int]]
) -> tuple[tuple[int, ...], tuple[Knockout, ...]]:
    """Apply (from_player, to_player, chips) moves; ``chips = -1`` means the whole stack."""
    idx = {s.player_id: i for i, s in enumerate(setup.seats)}
    stacks = list(setup.stacks)
    winners: dict[int, int] = {}
    for src, dst, chips in moves:
        amount = stacks[idx[src]] if chips < 0 else chips
        stacks[idx[src]] -= amount
        stacks[idx[dst]] += amount
        if stacks[idx[src]] == 0:
            winners[src] = dst
    kos = tuple(
        Knockout(seat=idx[p], player_id=p, pot_index=0, winners=(idx[w],), winner_ids=(w,))
        for p, w in winners.items()
    )
    return tuple(stacks), kos


def one_bust_rule(setup: HandSetup, deal: Deal) -> tuple[tuple[int, ...], tuple[Knockout, ...]]:
    """Two neighbours go all-in; the bigger stack (ties: the first) busts the other."""
    n = len(setup.seats)
    i = (setup.hand_no - 1) % n
    j = (i + 1) % n
    a, b = setup.seats[i], setup.seats[j]
    win, lose = (a, b) if a.stack >= b.stack else (b, a)
    return transfer(setup, [(lose.player_id, win.player_id, -1)])


def random_rule(setup: HandSetup, deal: Deal) -> tuple[tuple[int, ...], tuple[Knockout, ...]]:
    """Seeded by the deal: a pot between two or three players, all-in or not."""
    n = len(setup.seats)
    c = [*(x for pair in deal.hole for x in pair), *deal.board]
    i = c[0] % n
    j = (i + 1 + c[1] % (n - 1)) % n
    a, b = setup.seats[i], setup.seats[j]
    kind = c[-1] % 4
    if kind == 0 and n >= 3:  # three-way all-in: the winner busts up to two others
        k = next(x for x in range(n) if x not in (i, j))
        w = setup.seats[k]
        moves = []
        for p in (a, b):
            moves.append((p.player_id, w.player_id, min(p.stack, w.stack)))
        return transfer(setup, moves)
    if kind == 1:  # a small pot
        return transfer(setup, [(a.player_id, b.player_id, min(a.stack, b.stack) // 4)])
    return transfer(setup, [(a.player_id, b.player_id, min(a.stack, b.stack))])


def run_scripted(
    scenario: Scenario,
    rule: Rule,
    *,
    seed: int = 1,
    seconds: Mapping[tuple[int, int], float] | None = None,
) -> tuple[TournamentResult, list[dict[str, Any]]]:
    events: list[Any] = []
    model = ScriptedModel(seconds)
    result = run_tournament(
        scenario,
        seed,
        emit=events.append,
        hand_player=FakeHands(rule),
        models=[model] * scenario.players.count,
    )
    return result, [event_record(e) for e in events]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def check_buttons(events: list[dict[str, Any]]) -> None:
    last: dict[int, int] = {}
    for e in of_type(events, "TableHandStarted"):
        prev = last.get(e["table_id"])
        assert e["button_seat"] == next_button(e["seat_nos"], prev)
        last[e["table_id"]] = e["button_seat"]


def replay_and_check(events: list[dict[str, Any]], tolerance: int) -> None:
    """Replay the log: seats agree with every hand; chips are conserved; balance holds.

    A shoot-out round (R-SHOOT-1) starts when the last round's winners hold every chip of it;
    from then on its own chips are the total.
    """
    seats: dict[int, dict[int, int]] = {}
    started: dict[int, dict[str, Any]] = {}
    stacks: dict[int, int] = {}
    total = None
    window: list[tuple[int, int]] = []
    for e in events:
        kind = e["type"]
        if kind == "TournamentStarted":
            total = e["entries"] * e["starting_stack"]
        elif kind == "ShootoutRoundStarted":
            won = [stacks[p] for p in e["player_ids"]]
            assert won == list(e["chips_won"]) and sum(won) == total
            assert sum(e["stacks"]) == e["chips_in_play"]
            total = e["chips_in_play"]
            for table in seats.values():  # everyone is drawn to the round's new tables
                table.clear()
        elif kind == "TableOpened":
            if e["final"]:  # the final table takes everyone from the open tables
                for table in seats.values():
                    table.clear()
            seats[e["table_id"]] = dict(zip(e["seat_nos"], e["player_ids"]))
        elif kind == "TableBroken":
            assert not seats.pop(e["table_id"])
        elif kind == "PlayerMoved":
            pid = seats[e["from_table"]].pop(e["from_seat"])
            assert pid == e["player_id"] and e["to_seat"] not in seats[e["to_table"]]
            seats[e["to_table"]][e["to_seat"]] = pid
        elif kind == "TableHandStarted":
            table = seats[e["table_id"]]
            assert sorted(table.items()) == list(zip(e["seat_nos"], e["player_ids"]))
            assert len(table) >= 2
            low = min(len(s) for s in seats.values())
            assert len(table) - low <= tolerance, (e, {t: len(s) for t, s in seats.items()})
            started[e["table_id"]] = e
            for b0, b1 in window:
                assert not b0 <= e["t"] < b1, "a hand started during a break"
        elif kind == "TableHandEnded":
            s = started.pop(e["table_id"])
            assert sum(e["stacks"]) == sum(s["stacks"])
            stacks.update(zip(s["player_ids"], e["stacks"]))
            for seat, left in zip(s["seat_nos"], e["stacks"]):
                if left == 0:
                    del seats[e["table_id"]][seat]
        elif kind == "BreakStarted":
            window.append((e["t"], e["scheduled_end"]))
        elif kind == "BreakEnded":
            window[-1] = (window[-1][0], e["t"])
        elif kind == "TournamentEnded":
            assert e["chips_in_play"] == total
    assert sum(len(s) for s in seats.values()) == 1


def check_places(events: list[dict[str, Any]], n: int) -> None:
    places = {e["player_id"]: e["place"] for e in of_type(events, "PlayerEliminated")}
    assert sorted(places) == list(range(n)), "every player finishes exactly once"
    ranks = sorted(places.values())
    for i, p in enumerate(ranks, start=1):  # standard competition ranking: 1, 2, 2, 4, ...
        assert p == i or p == ranks[i - 2]

"""Mystery bounty (F-MYST-1..4): envelopes filled to the cent, drawn without replacement.

The rule cases are ``scenarios/rules/F-MYST-*.toml``; these tests pin the pure ledger's
invariants, the loader's one-line errors, the round trip, and what a run logs and reports.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.bounties import split_bounty
from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.events import event_record
from pokersim.mystery import MysteryLedger, fill_envelopes, phase_reached
from pokersim.results import summary
from pokersim.rng import Streams
from pokersim.scenario import (
    Envelope,
    MysteryBounty,
    MysteryStart,
    load_scenario,
    parse_scenario,
)
from pokersim.scenario_toml import scenario_toml

ROOT = Path(__file__).resolve().parents[1]
MYSTERY = ROOT / "scenarios" / "mystery_bounty.toml"

envelope_tables = st.lists(st.integers(1, 10_000), min_size=1, max_size=30)


# -- filling the envelopes -----------------------------------------------------------------------


@given(envelope_tables, st.integers(0, 10**9))
def test_every_cent_of_the_pool_is_in_an_envelope(published: list[int], pool: int) -> None:
    filled = fill_envelopes(published, pool)
    assert sum(filled) == pool and len(filled) == len(published)
    total = sum(published)
    for cents, shown in zip(filled[1:], published[1:]):
        assert cents == shown * pool // total  # each scaled and truncated
    assert filled[0] - published[0] * pool // total < len(published)  # the leftover cents


@given(envelope_tables)
def test_a_pool_that_matches_the_table_fills_it_as_published(published: list[int]) -> None:
    assert fill_envelopes(published, sum(published)) == tuple(published)


# -- the ledger ----------------------------------------------------------------------------------


def _terms(published: list[int]) -> MysteryBounty:
    return MysteryBounty(envelopes=tuple(Envelope(cents=c, count=1) for c in published))


@settings(max_examples=200)
@given(
    published=envelope_tables,
    players=st.integers(2, 12),
    bounty=st.integers(1, 5_000),
    opens_after=st.integers(0, 12),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_envelopes_are_conserved_and_drawn_without_replacement(
    published: list[int], players: int, bounty: int, opens_after: int, seed: int, data
) -> None:
    ledger = MysteryLedger(
        terms=_terms(published), bounty_cents=bounty, rng=np.random.default_rng(seed)
    )
    for p in range(players):
        ledger.register(p)
    pool = players * bounty
    alive = list(range(players))
    knocked = 0
    while len(alive) > 1:
        if knocked == opens_after:
            ledger.open_phase()
        out = data.draw(st.sampled_from(alive))
        others = [p for p in alive if p != out]
        winners = data.draw(st.lists(st.sampled_from(others), min_size=1, unique=True))
        paid_before = ledger.bounties_paid
        payments = ledger.knockout(out, winners)
        alive.remove(out)
        if knocked < opens_after:  # F-MYST-1: before the phase a knockout pays nothing
            assert payments == () and ledger.bounties_paid == paid_before == 0
        knocked += 1
        assert ledger.bounties_paid + ledger.bounties_on_heads == ledger.bounty_pool == pool
    _, draws_before_end = ledger.take_draws()
    ledger.award_winner(alive[0])
    filled, winner_draws = ledger.take_draws()
    draws = draws_before_end + winner_draws
    # every cent paid, nothing left undrawn
    assert ledger.bounties_paid == pool and ledger.bounties_on_heads == 0
    assert ledger.reconcile(prize_pool=0, prizes_paid=0).balanced
    # F-MYST-2: every envelope drawn exactly once (the winner opens the ones left)
    envelopes = ledger.filled
    assert sum(envelopes) == pool
    assert Counter(d.cents for d in draws) == Counter(envelopes)
    # F-MYST-3: each draw is shared as R-KO-3 shares a bounty
    for d in draws:
        assert d.shares == split_bounty(d.cents, len(d.winners))
    assert sum(p.cash_cents for p in ledger.payments) == pool


def test_the_draw_is_the_mystery_stream_s_choice_among_the_envelopes_left() -> None:
    published = [500, 300, 200, 100]
    ledger = MysteryLedger(
        terms=_terms(published), bounty_cents=275, rng=Streams(9).mystery_bounty()
    )
    for p in range(4):
        ledger.register(p)
    ledger.open_phase()
    rng, left, expected = Streams(9).mystery_bounty(), list(published), []
    for out in (3, 2, 1):
        expected.append(left.pop(int(rng.integers(len(left)))))
        ledger.knockout(out, (0,))
    _, draws = ledger.take_draws()
    assert [d.cents for d in draws if d.reason == "knockout"] == expected


def test_a_cancellation_shares_the_envelopes_left_among_the_players_in() -> None:
    ledger = MysteryLedger(
        terms=_terms([600, 400, 1]), bounty_cents=1001, rng=np.random.default_rng(0)
    )
    for p in range(3):
        ledger.register(p)
    payments = ledger.return_heads((2, 0, 1))
    assert [(p.winner, p.cash_cents) for p in payments] == [(2, 1001), (0, 1001), (1, 1001)]
    assert ledger.bounties_on_heads == 0


def test_entries_cannot_come_once_the_envelopes_are_filled() -> None:
    ledger = MysteryLedger(terms=_terms([100, 100]), bounty_cents=100, rng=np.random.default_rng(0))
    ledger.register(0)
    ledger.open_phase()
    with pytest.raises(ValueError, match="filled"):
        ledger.register(1)


@pytest.mark.parametrize(
    ("start", "left", "paid", "level", "closed", "reached"),
    [
        (MysteryStart.MONEY, 10, 9, 1, True, False),
        (MysteryStart.MONEY, 9, 9, 1, True, True),
        (MysteryStart.MONEY, 9, 9, 1, False, False),  # never while entries are open
        (MysteryStart.LEVEL, 50, 9, 4, True, False),
        (MysteryStart.LEVEL, 50, 9, 5, True, True),
    ],
)
def test_the_phase_starts_at_its_stage(
    start: MysteryStart, left: int, paid: int, level: int, closed: bool, reached: bool
) -> None:
    terms = MysteryBounty(starts_at=start, level=5 if start is MysteryStart.LEVEL else 0)
    assert (
        phase_reached(
            terms, players_left=left, places_paid=paid, level=level, entries_closed=closed
        )
        is reached
    )


# -- the scenario --------------------------------------------------------------------------------


def _data(**changes: object) -> dict:
    data = tomllib.loads(MYSTERY.read_text(encoding="utf-8"))
    for dotted, value in changes.items():
        *path, key = dotted.split("__")
        node = data
        for part in path:
            node = node.setdefault(part, {})
        if value is None:
            del node[key]
        else:
            node[key] = value
    return data


def test_the_shipped_scenario_round_trips() -> None:
    sc = load_scenario(MYSTERY)
    assert sc.mystery_bounty.enabled and sc.mystery_bounty.players_left == 18
    assert sum(sc.mystery_bounty.published_cents) == sc.players.count * sc.entries.bounty_cents
    back = parse_scenario(tomllib.loads(scenario_toml(sc)))
    assert dataclasses.replace(back, source=None) == dataclasses.replace(sc, source=None)
    level = dataclasses.replace(
        sc.mystery_bounty, starts_at=MysteryStart.LEVEL, players_left=0, level=6
    )
    sc = dataclasses.replace(sc, mystery_bounty=level)
    back = parse_scenario(tomllib.loads(scenario_toml(sc)))
    assert back.mystery_bounty == level


@pytest.mark.parametrize(
    ("changes", "key", "expected"),
    [
        (
            {"mystery_bounty__envelopes": [{"cents": 1000, "count": 90}, {"cents": 1, "count": 1}]},
            "mystery_bounty.envelopes",
            "the envelopes add up to 90,001 cents; expected the field's bounty parts",
        ),
        ({"mystery_bounty__envelopes": []}, "mystery_bounty.envelopes", "at least one envelope"),
        (
            {"mystery_bounty__envelopes": [{"cents": 0, "count": 1}]},
            "mystery_bounty.envelopes[0].cents",
            "expected a value >= 1",
        ),
        (
            {"mystery_bounty__envelopes": [{"cent": 90000, "count": 1}]},
            "mystery_bounty.envelopes[0].cent",
            "did you mean 'cents'",
        ),
        ({"mystery_bounty__players_left": None}, "mystery_bounty.players_left", "required"),
        ({"mystery_bounty__players_left": 91}, "mystery_bounty.players_left", "<= 90"),
        ({"mystery_bounty__starts_at": "day-2"}, "mystery_bounty.starts_at", "expected one of"),
        ({"mystery_bounty__starts_at": "money"}, "mystery_bounty.players_left", "not used with"),
        ({"mystery_bounty__level": 3}, "mystery_bounty.level", "not used with"),
        ({"bounty": {"kind": "pko"}}, "bounty.kind", "not with [mystery_bounty]"),
        (
            {"entries__bounty_cents": 0},
            "entries.bounty_cents",
            "expected > 0 with [mystery_bounty]",
        ),
        ({"satellite": {"seat_value_cents": 5000}}, "satellite.seat_value_cents", "expected 0"),
    ],
)
def test_a_bad_mystery_key_is_one_line_naming_file_and_key(
    changes: dict, key: str, expected: str
) -> None:
    with pytest.raises(ConfigError) as err:
        parse_scenario(_data(**changes), source="mystery.toml")
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"mystery.toml: {key}: "), message
    assert expected in message, message


def test_a_bounty_part_without_a_bounty_format_is_still_refused() -> None:
    data = _data(mystery_bounty=None)
    with pytest.raises(ConfigError, match=r"entries.bounty_cents: expected 0 with bounty.kind"):
        parse_scenario(data, source="plain.toml")


# -- the engine ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 4])
def test_a_run_draws_every_envelope_and_reports_it_per_player(seed: int) -> None:
    sc = load_scenario(MYSTERY)
    log: list[dict] = []
    result = run_tournament(sc, seed, emit=lambda ev: log.append(event_record(ev)))
    types = [r["type"] for r in log]
    (filled,) = [r for r in log if r["type"] == "EnvelopesFilled"]
    assert tuple(filled["envelopes_cents"]) == sc.mystery_bounty.published_cents
    # F-MYST-1: no bounty is paid before the envelopes are filled at the phase's first knockout
    first_fill = types.index("EnvelopesFilled")
    assert "BountyPaid" not in types[:first_fill]
    # only knockouts with at most 18 players left before their hand draw
    outs = [r for r in log if r["type"] == "PlayerEliminated" and r["by"]]
    drawn = [r for r in log if r["type"] == "EnvelopeDrawn" and r["reason"] == "knockout"]
    assert {r["eliminated_id"] for r in drawn} <= {r["player_id"] for r in outs if r["place"] <= 18}
    assert len(drawn) >= 10
    # F-MYST-2: each knockout's envelope is the mystery stream's draw among those left
    rng, left = Streams(seed).mystery_bounty(), list(filled["envelopes_cents"])
    for r in drawn:
        assert r["envelope_cents"] == left.pop(int(rng.integers(len(left))))
    opened = [
        r["envelope_cents"] for r in log if r["type"] == "EnvelopeDrawn" and r["reason"] == "winner"
    ]
    assert sorted(opened) == sorted(left)
    # every cent of the pool paid, and the summary's bounty cash is the draws' shares
    (money,) = [r for r in log if r["type"] == "MoneyReconciled"]
    assert money["bounty_pool_cents"] == money["bounties_paid_cents"] == 90_000
    assert money["bounties_on_heads_cents"] == 0
    per_player: Counter[int] = Counter()
    for r in log:
        if r["type"] == "EnvelopeDrawn":
            for w, s in zip(r["winner_ids"], r["shares_cents"]):
                per_player[w] += s
    shown = {p["player_id"]: p["bounty_cents"] for p in summary(result)["players"]}
    assert {p: c for p, c in shown.items() if c} == dict(per_player)


def test_a_run_cancelled_before_the_start_refunds_every_buy_in_whole() -> None:
    """R-FAULT-2 before the start is R-REG-4's cancellation: no envelope is drawn or paid, the
    bounty part goes back with the rest of each buy-in."""
    sc = parse_scenario(_data(faults={"cancel_at_stage": "before-start"}), source="x.toml")
    log: list[dict] = []
    run_tournament(sc, 1, emit=lambda ev: log.append(event_record(ev)))
    (cancelled,) = [r for r in log if r["type"] == "StartCancelled"]
    whole = sc.entries.prize_cents + sc.entries.bounty_cents + sc.entries.fee_cents
    assert sc.entries.bounty_cents == 1000
    assert list(cancelled["refunds_cents"]) == [whole] * 90
    assert not [r for r in log if r["type"] in ("BountyPaid", "TournamentStarted")]


def test_a_run_cancelled_in_the_money_pays_the_envelopes_left_to_the_players_in() -> None:
    sc = parse_scenario(_data(faults={"cancel_at_stage": "in-money"}), source="cancelled.toml")
    log: list[dict] = []
    run_tournament(sc, 1, emit=lambda ev: log.append(event_record(ev)))
    (cancelled,) = [r for r in log if r["type"] == "TournamentCancelled"]
    (money,) = [r for r in log if r["type"] == "MoneyReconciled"]
    assert money["bounties_paid_cents"] == money["bounty_pool_cents"] == 90_000
    assert money["bounties_on_heads_cents"] == 0
    returned = [
        r for r in log if r["type"] == "BountyPaid" and r["winner_id"] == r["eliminated_id"]
    ]
    assert sorted(r["winner_id"] for r in returned) == sorted(cancelled["player_ids"])
    shares = [r["cash_cents"] for r in returned]
    assert shares == list(split_bounty(sum(shares), len(shares)))  # equal, odd cents first

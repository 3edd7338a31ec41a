"""Spin & Go (F-SPIN-1, F-SPIN-2): the published table, the drawn pool, its split and the study.

The rule cases are ``scenarios/rules/F-SPIN-*.toml``; these tests pin the data file, the draw,
the loader's one-line errors, the summary and the arithmetic of ``docs/formats.md``'s study.
"""

from __future__ import annotations

import dataclasses
import json
import re
import tomllib
from fractions import Fraction
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokersim.engine import run_tournament
from pokersim.errors import ConfigError
from pokersim.events import event_record
from pokersim.formats import spin_prizes
from pokersim.lottery import games_to_be_ahead, games_to_be_ahead_normal, profit_distribution
from pokersim.multipliers import multiplier_table, table_names
from pokersim.results import summary
from pokersim.rng import Streams
from pokersim.scenario import load_scenario, parse_scenario
from pokersim.scenario_toml import scenario_toml
from pokersim.verify import load_case

ROOT = Path(__file__).resolve().parents[1]
SPIN = ROOT / "scenarios" / "spin_and_go.toml"
TABLE = "pokerstars-2014-1usd"


def _raw_tables() -> list[dict]:
    text = (resources.files("pokersim") / "data" / "spin_multipliers.toml").read_text("utf-8")
    return tomllib.loads(text)["tables"]


def _spin_data(**changes: object) -> dict:
    data = tomllib.loads(SPIN.read_text(encoding="utf-8"))
    for dotted, value in changes.items():
        *path, key = dotted.split("__")
        node = data
        for part in path:
            node = node.setdefault(part, {})
        node[key] = value
    return data


# -- the data file -------------------------------------------------------------------------------


def test_every_table_cites_its_sources_and_its_weights_add_up() -> None:
    for raw in _raw_tables():
        assert sum(t["weight"] for t in raw["tiers"]) == raw["out_of"], raw["name"]
        for key in ("probabilities_source", "split_source"):
            assert re.search(r"https?://\S+", raw[key]), (raw["name"], key)
        for tier in raw["tiers"]:
            assert sum(tier["split_percent"]) == 100, tier
    assert table_names() == tuple(raw["name"] for raw in _raw_tables())


def test_return_to_player_is_computed_exactly_from_the_data_file() -> None:
    """E[multiplier] / 3, from the file's numbers, and the figure docs/formats.md states."""
    (raw,) = [r for r in _raw_tables() if r["name"] == TABLE]
    expected = Fraction(sum(t["multiplier"] * t["weight"] for t in raw["tiers"]), raw["out_of"])
    table = multiplier_table(TABLE)
    assert table.expected_multiplier() == expected
    assert table.return_to_player() == expected / 3
    page = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")
    shown = f"{float(table.return_to_player()) * 100:.4f} %"
    assert shown in page, f"docs/formats.md should state the return to player {shown}"
    assert f"{float(table.expected_multiplier()):.3f}" in page


def test_each_tier_is_drawn_on_its_own_slice_of_the_uniform() -> None:
    """Tier k takes the uniforms in [cumulative weight before k, after k) / out_of."""
    table = multiplier_table(TABLE)

    class Fixed:
        def __init__(self, u: float) -> None:
            self.u = u

        def random(self) -> float:
            return self.u

    low = 0
    for tier in table.tiers:
        high = low + tier.weight
        assert table.draw(Fixed(low / table.out_of)) is tier
        assert table.draw(Fixed((high - 0.5) / table.out_of)) is tier
        low = high
    assert table.draw(Fixed(np.nextafter(1.0, 0.0))) is table.tiers[-1]


def test_drawn_frequencies_follow_the_table() -> None:
    table = multiplier_table(TABLE)
    rng = np.random.default_rng(12345)
    draws = [table.draw(rng).multiplier for _ in range(100_000)]
    for tier in (table.tiers[0], table.tiers[1], table.tiers[2]):
        share = draws.count(tier.multiplier) / len(draws)
        expected = tier.weight / table.out_of
        assert abs(share - expected) < 5 * (expected * (1 - expected) / len(draws)) ** 0.5


@given(
    buy_in=st.integers(min_value=1, max_value=10**6),
    k=st.integers(min_value=0, max_value=7),
)
def test_every_pool_is_paid_to_the_cent(buy_in: int, k: int) -> None:
    tier = multiplier_table(TABLE).tiers[k]
    won = spin_prizes(buy_in, tier.multiplier, tier.split_percent)
    assert won.pool_cents == buy_in * tier.multiplier
    assert sum(won.prizes) == won.pool_cents
    assert len(won.prizes) == len(tier.split_percent)
    assert list(won.prizes) == sorted(won.prizes, reverse=True)


# -- the scenario --------------------------------------------------------------------------------


def test_the_shipped_scenario_is_a_spin_and_round_trips() -> None:
    sc = load_scenario(SPIN)
    assert sc.spin_and_go.table == TABLE
    assert sc.players.count == 3 and sc.starting_stack == 500
    back = parse_scenario(tomllib.loads(scenario_toml(sc)))
    assert dataclasses.replace(back, source=None) == dataclasses.replace(sc, source=None)


@pytest.mark.parametrize(
    ("changes", "key", "expected"),
    [
        ({"spin_and_go__table": "nope"}, "spin_and_go.table", "expected one of 'pokerstars"),
        ({"spin_and_go__tabel": "x"}, "spin_and_go.tabel", "did you mean 'table'"),
        (
            {"players": {"count": 4, "mix": [{"model": "random", "percent": 100}]}},
            "players.count",
            "expected 3 players, got 4",
        ),
        ({"entries__guarantee_cents": 500}, "entries.guarantee_cents", "expected 0"),
        ({"entries__reentries_per_player": 1}, "entries.reentries_per_player", "expected 0"),
        ({"deal__enabled": True}, "deal.enabled", "expected false"),
        ({"shootout__enabled": True}, "shootout.enabled", "expected false"),
    ],
)
def test_a_bad_spin_key_is_one_line_naming_file_and_key(
    changes: dict, key: str, expected: str
) -> None:
    with pytest.raises(ConfigError) as err:
        parse_scenario(_spin_data(**changes), source="spin.toml")
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"spin.toml: {key}: ")
    assert expected in message


def test_a_scripted_multiplier_must_be_a_tier_of_a_spin(tmp_path: Path) -> None:
    case = (ROOT / "scenarios/rules/F-SPIN-1-pool-is-buy-in-times-multiplier.toml").read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(case.replace("multiplier = 6", "multiplier = 7"), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"bad.toml: script.multiplier: expected a multiplier"):
        load_case(bad)
    plain = tmp_path / "plain.toml"
    plain.write_text(case.replace('[spin_and_go]\ntable = "pokerstars-2014-1usd"\n', ""))
    with pytest.raises(ConfigError, match=r"script.multiplier: only a Spin & Go"):
        load_case(plain)


# -- the engine ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 7])
def test_the_multiplier_comes_from_its_own_stream_and_is_logged(seed: int) -> None:
    sc = load_scenario(SPIN)
    log: list[dict] = []
    result = run_tournament(sc, seed, emit=lambda ev: log.append(event_record(ev)))
    tier = multiplier_table(TABLE).draw(Streams(seed).prize_draw())
    (drawn,) = [r for r in log if r["type"] == "PrizePoolDrawn"]
    assert drawn["multiplier"] == tier.multiplier and drawn["scripted"] is False
    assert drawn["prize_pool_cents"] == 100 * tier.multiplier
    assert [r["type"] for r in log[:3]] == ["FieldListed", "PrizePoolDrawn", "TournamentStarted"]
    (money,) = [r for r in log if r["type"] == "MoneyReconciled"]
    assert money["prize_pool_cents"] == money["prizes_paid_cents"] == 100 * tier.multiplier
    assert money["fees_cents"] == 0
    shown = summary(result)
    assert shown["spin_multiplier"] == tier.multiplier
    assert shown["prize_pool_cents"] == 100 * tier.multiplier


def test_a_scripted_high_multiplier_pays_three_places() -> None:
    sc = load_scenario(SPIN)
    result = run_tournament(sc, 3, multiplier=1000)
    prizes = sorted((f.place, f.prize_cents) for f in result.finishes)
    assert prizes == [(1, 80_000), (2, 10_000), (3, 10_000)]
    assert result.spin_multiplier == 1000 and result.places_paid == 3


def test_other_formats_have_no_multiplier_in_their_summary() -> None:
    sc = load_scenario(ROOT / "scenarios" / "sng_9max.toml")
    result = run_tournament(sc, 1)
    assert result.spin_multiplier is None
    assert "spin_multiplier" not in json.loads(json.dumps(summary(result)))


# -- the study's arithmetic ----------------------------------------------------------------------


def test_profit_distribution_is_the_table_times_the_places() -> None:
    table = multiplier_table(TABLE)
    values, probs = profit_distribution(table, (0.5, 0.3, 0.2), 100)
    assert sum(probs) == pytest.approx(1.0)
    mean = sum(v * p for v, p in zip(values, probs))
    # E[prize] = sum over tiers of p(tier) * sum over places of p(place) * prize(place, tier)
    expected = (
        sum(
            t.weight
            / table.out_of
            * sum(
                q * spin_prizes(100, t.multiplier, t.split_percent).prizes[k]
                for k, q in enumerate((0.5, 0.3, 0.2))
                if k < len(t.split_percent)
            )
            for t in table.tiers
        )
        - 100
    )
    assert mean == pytest.approx(expected)
    with pytest.raises(ValueError, match="places 1, 2, 3"):
        profit_distribution(table, (0.5, 0.5), 100)


def test_games_to_be_ahead_on_a_coin_with_an_edge() -> None:
    """+1 / -1 with p = 0.6: ahead after n games with 90 % near n = 40."""
    values, probs = (1, -1), (0.6, 0.4)
    normal = games_to_be_ahead_normal(values, probs)
    assert normal == 40  # mean 0.2, sd sqrt(1 - 0.04): (1.2816 * 0.9798 / 0.2)^2 = 39.4
    n = games_to_be_ahead(values, probs, rng=np.random.default_rng(1), paths=4000, most=200)
    assert n is not None and 30 <= n <= 55
    assert games_to_be_ahead_normal((1, -1), (0.4, 0.6)) is None
    assert games_to_be_ahead((1, -1), (0.4, 0.6), rng=np.random.default_rng(1), most=50) is None

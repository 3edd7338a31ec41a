"""Equity: exact enumeration against a brute-force treys loop, symmetry, Monte-Carlo error."""

import json
from itertools import combinations, permutations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from treys import Card, Evaluator

from pokersim.cards import format_card, parse_cards
from pokersim.cli import main as cli_main
from pokersim.evaluator import evaluate
from pokersim.evaluator._tables import get_tables
from pokersim.hand_equity import EquityResult, _exact_counts, _sampled_counts, equity

TO_TREYS = [Card.new(format_card(c)) for c in range(52)]


def brute_force_treys(hands, board, dead=()):
    """Wins and k-way ties per hand by looping over every board completion with treys."""
    hole = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in hole for c in h} | set(known) | set(parse_cards(dead))
    rest = [c for c in range(52) if c not in used]
    ev = Evaluator()
    wins = [0] * len(hole)
    ties = [[0] * (len(hole) + 1) for _ in hole]
    boards = 0
    for extra in combinations(rest, 5 - len(known)):
        full = [TO_TREYS[c] for c in (*known, *extra)]
        ranks = [ev.evaluate([TO_TREYS[a], TO_TREYS[b]], full) for a, b in hole]
        best = min(ranks)
        winners = [p for p, r in enumerate(ranks) if r == best]
        for p in winners:
            if len(winners) == 1:
                wins[p] += 1
            else:
                ties[p][len(winners)] += 1
        boards += 1
    return tuple(wins), tuple(tuple(t) for t in ties), boards


SPOTS = [
    (["AhKh", "QsQd"], "2h7h9c", ""),  # flop, flush draw vs overpair
    (["AhKh", "QsQd"], "2h7h9cTd", ""),  # turn
    (["5c4c", "AsAd", "KhQh"], "3c6dJh", ""),  # three-way flop, straight draws
    (["8s8d", "9c9h"], "8c9d2s", ""),  # set over set
    (["AsKd", "AcKh"], "2c3d4h", ""),  # mirror hands: mostly split pots
    (["Tc9c", "JdJs", "Ah2h", "6s6h"], "7c8dQh", ""),  # four-way
    (["AhKh", "QsQd"], "2h7h9c", "3h Ts"),  # dead cards
    (["AhKh", "QsQd"], "2h7h9cTdJs", ""),  # river: one board
]


@pytest.mark.parametrize(("hands", "board", "dead"), SPOTS)
def test_exact_equals_brute_force_treys(hands, board, dead):
    wins, ties, boards = brute_force_treys(hands, board, dead)
    result = equity(hands, board=board, dead=dead)
    assert result.exact
    assert result.boards == boards
    assert result.wins == wins
    assert result.ties == ties
    assert sum(result.equity) == pytest.approx(1.0)


@pytest.mark.slow
def test_preflop_heads_up_equals_batch_evaluator():
    """All 1,712,304 boards through ``evaluate`` in one batch agree with the enumerator."""
    a, b = parse_cards("AhKh"), parse_cards("QsQd")
    rest = [c for c in range(52) if c not in (*a, *b)]
    boards = np.array(list(combinations(rest, 5)), dtype=np.int8)
    ra = evaluate(np.hstack([np.tile(np.int8(a), (len(boards), 1)), boards]))
    rb = evaluate(np.hstack([np.tile(np.int8(b), (len(boards), 1)), boards]))
    result = equity(["AhKh", "QsQd"])
    assert result.boards == len(boards) == 1_712_304
    assert result.wins == (int((ra < rb).sum()), int((rb < ra).sum()))
    assert result.ties[0][2] == result.ties[1][2] == int((ra == rb).sum())


@pytest.mark.parametrize(
    ("hands", "board"),
    [(["AhKh", "QsQd", "7c7s"], ""), (["Tc9c", "JdJs", "Ah2h", "6s6h"], "7c8dQh")],
)
def test_player_order_does_not_matter(hands, board):
    base = equity(hands, board=board)
    for order in permutations(range(len(hands))):
        result = equity([hands[i] for i in order], board=board)
        assert result.wins == tuple(base.wins[i] for i in order)
        assert result.ties == tuple(base.ties[i] for i in order)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 9), street=st.sampled_from([3, 4]))
def test_random_spots_are_consistent(seed, players, street):
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    hands = [deck[2 * p : 2 * p + 2].tolist() for p in range(players)]
    board = deck[2 * players : 2 * players + street].tolist()
    result = equity(hands, board=board)
    # Every board is won by someone or split: the pot shares add up to one.
    assert sum(result.equity) == pytest.approx(1.0)
    split_boards = sum(n / k for t in result.ties for k, n in enumerate(t) if k >= 2)
    assert sum(result.wins) + split_boards == pytest.approx(result.boards)
    order = rng.permutation(players)
    swapped = equity([hands[i] for i in order], board=board)
    assert swapped.wins == tuple(result.wins[i] for i in order)


def _heads_up_spot(seed: int, street: int, dead: int):
    """Two random hands, ``street`` board cards and ``dead`` dead cards, as kernels take them."""
    deck = np.random.default_rng(seed).permutation(52).tolist()
    hole = np.array([deck[0:2], deck[2:4]], dtype=np.int64)
    board = np.array(deck[4 : 4 + street], dtype=np.int64)
    used = set(deck[: 4 + street + dead])
    rest = np.array([c for c in range(52) if c not in used], dtype=np.int64)
    return hole, board, rest


TABLES = (lambda t: (t.card_key, t.low_base, t.high_index, t.rank_table, t.flush_table))(
    get_tables()
)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    street=st.sampled_from([0, 0, 3, 4, 5]),
    dead=st.integers(0, 3),
)
def test_heads_up_fast_path_agrees_with_the_general_loop(seed, street, dead):
    """Two hands take their own loops; on random matchups they count what the general ones do."""
    hole, board, rest = _heads_up_spot(seed, street, dead)
    fast = _exact_counts(hole, board, rest, TABLES)
    checked = _exact_counts(hole, board, rest, TABLES, fast=False)
    assert fast == checked
    assert fast[2] == comb(len(rest), 5 - street)
    samples = 70_000 + seed % 1_000  # more than one chunk: the deck is reshuffled per chunk
    assert _sampled_counts(hole, board, rest, TABLES, samples, seed) == _sampled_counts(
        hole, board, rest, TABLES, samples, seed, fast=False
    )


def test_monte_carlo_within_tolerance_of_exact():
    """200k samples: each equity within 5 standard errors (and 0.006 absolute) of exact."""
    exact = equity(["AhKh", "QsQd", "7c7s"])
    mc = equity(["AhKh", "QsQd", "7c7s"], samples=200_000, seed=11)
    assert not mc.exact and mc.boards == 200_000 and mc.seed == 11
    for e, m, se in zip(exact.equity, mc.equity, mc.stderr):
        assert 0 < se < 0.0012
        assert abs(m - e) <= 5 * se
        assert abs(m - e) <= 0.006


def test_monte_carlo_is_seeded():
    a = equity(["AhKh", "QsQd"], board="2h7h9c", samples=5_000, seed=3)
    b = equity(["AhKh", "QsQd"], board="2h7h9c", samples=5_000, seed=3)
    c = equity(["AhKh", "QsQd"], board="2h7h9c", samples=5_000, seed=4)
    assert a == b
    assert a.wins != c.wins
    fresh = equity(["AhKh", "QsQd"], samples=5_000)
    assert fresh.seed is not None
    assert equity(["AhKh", "QsQd"], samples=5_000, seed=fresh.seed) == fresh


def test_monte_carlo_on_a_complete_board_is_the_river_result():
    mc = equity(["AhKh", "QsQd"], board="2h7h9cTdJh", samples=1000, seed=0)
    assert mc.wins == (1000, 0)
    assert mc.stderr == (0.0, 0.0)


def test_result_fields_and_json():
    result = equity([[50, 46], "QsQd"], board=["2h", "7h", "9c"])
    assert isinstance(result, EquityResult)
    assert result.hands == ("AhKh", "QsQd")
    assert result.board == "2h7h9c"
    doc = result.to_dict()
    assert json.loads(json.dumps(doc)) == doc
    assert doc["equity"] == list(result.equity)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": ["AhKh"]}, r"expected 2\.\.9 hands, got 1"),
        (
            {"hands": "AhKh QsQd 2c2d 3c3d 4c4d 5c5d 6c6d 7c7d 8c8d 9c9d".split()},
            r"expected 2\.\.9 hands, got 10",
        ),
        ({"hands": ["AhKhQh", "QsQd"]}, r"hand 1 .* has 3 cards: expected 2"),
        ({"hands": ["AhKh", "Qs"]}, r"hand 2 .* has 1 cards: expected 2"),
        ({"hands": "AhKh QsQd"}, "sequence of hands"),
        ({"hands": ["AhKh", "QsAh"]}, r"Ah appear more than once"),
        ({"hands": ["AhKh", "QsQd"], "board": "QdJc2c"}, r"Qd appear more than once"),
        ({"hands": ["AhKh", "QsQd"], "dead": "Kh"}, r"Kh appear more than once"),
        ({"hands": ["AhKh", "QsQd"], "board": "2c3c"}, r"board has 2 cards: expected 0, 3, 4 or 5"),
        ({"hands": ["AhKh", "QsQx"]}, r"bad card 'Qx'"),
        ({"hands": ["AhKh", "QsQd"], "samples": 0}, "samples must be a positive int"),
        ({"hands": ["AhKh", "QsQd"], "samples": True}, "samples must be a positive int"),
        ({"hands": ["AhKh", "QsQd"], "samples": 10, "seed": -1}, "seed must be a non-negative"),
    ],
)
def test_bad_input_is_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        equity(**kwargs)


def test_cli_table_and_json(capsys):
    assert cli_main(["equity", "AhKh", "QsQd", "--board", "2h7h9c"]) == 0
    out = capsys.readouterr().out
    exact = equity(["AhKh", "QsQd"], board="2h7h9c")
    assert f"{100 * exact.equity[0]:7.3f}%" in out
    assert "exact, 990 boards" in out
    assert cli_main(["equity", "AhKh", "QsQd", "--samples", "2000", "--seed", "5", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["seed"] == 5 and doc["boards"] == 2000 and doc["exact"] is False
    assert doc["equity"] == list(equity(["AhKh", "QsQd"], samples=2000, seed=5).equity)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["equity", "AhKh", "AhQd"], "Ah appear more than once"),
        (["equity", "AhKh", "QsQd", "--samples", "0"], "--samples must be a positive"),
        # a typo's extra zeros ran for hours without a word
        (["equity", "AhKh", "QsQd", "--samples", str(10**12)], "expected at most 1,000,000,000"),
        (["equity", "AhKh", "QsQd", "--board", "2c2c2d"], "2c appear more than once"),
        (["equity", "AhKh"], "expected 2..9 hands"),
    ],
)
def test_cli_bad_input_is_one_line(capsys, argv, message):
    assert cli_main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_package_level_equity_is_callable():
    """``pokersim.equity(...)`` is the documented entry (the function of ``hand_equity``)."""
    import pokersim

    expected = equity(["AhKh", "QsQd"], board="2c3c4c")
    assert pokersim.equity is equity
    assert pokersim.equity(["AhKh", "QsQd"], board="2c3c4c") == expected
    assert pokersim.evaluate("AsKsQsJsTs") == 1


def test_too_many_dead_cards_is_named():
    hands = ["AhKh", "QsQd"]
    used = set(parse_cards("AhKhQsQd"))
    dead = [c for c in range(52) if c not in used][:45]
    with pytest.raises(ValueError, match="only 3 cards left to deal 5 board cards"):
        equity(hands, dead=dead)

"""The batch evaluator's API: Cactus Kev classes, validation at the boundary, tables, cache.

The numbering (1 = royal flush .. 7462 = 7-5-4-3-2 unsuited) is the one treys, deuces and
PokerHandEvaluator share; the oracle comparisons on many hands are in the other evaluator
test files.
"""

import os
from pathlib import Path

import numpy as np
import platformdirs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim.cards import parse_cards
from pokersim.evaluator import (
    Category,
    categories,
    category,
    evaluate,
    evaluate_unchecked,
    rank_name,
)
from pokersim.evaluator import _tables as tables_mod
from pokersim.evaluator.reference import class_keys, evaluate_reference

# Pinned digest of the lookup tables: any change to how they are built must change this on
# purpose (and bump the cache file name).
PINNED_TABLES_SHA256 = "88c2cf1b9a34544092159209a1cdaaf8c20552d7aedf2d2b1688a741b54bdb9d"


def random_hands(n, k, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int8)


@pytest.mark.parametrize(
    ("hand", "rank", "cat"),
    [
        ("AsKsQsJsTs", 1, Category.STRAIGHT_FLUSH),
        ("KhQhJhTh9h", 2, Category.STRAIGHT_FLUSH),
        ("5d4d3d2dAd", 10, Category.STRAIGHT_FLUSH),
        ("AsAhAdAcKs", 11, Category.FOUR_OF_A_KIND),
        ("2s2h2d2c3s", 166, Category.FOUR_OF_A_KIND),
        ("AsAhAdKcKs", 167, Category.FULL_HOUSE),
        ("2s2h2d3c3s", 322, Category.FULL_HOUSE),
        ("AsKsQsJs9s", 323, Category.FLUSH),
        ("7h5h4h3h2h", 1599, Category.FLUSH),
        ("AsKdQhJcTs", 1600, Category.STRAIGHT),
        ("5s4d3h2cAs", 1609, Category.STRAIGHT),
        ("AsAhAdKcQs", 1610, Category.THREE_OF_A_KIND),
        ("2s2h2d4c3s", 2467, Category.THREE_OF_A_KIND),
        ("AsAhKdKcQs", 2468, Category.TWO_PAIR),
        ("3s3h2d2c4s", 3325, Category.TWO_PAIR),
        ("AsAhKdQcJs", 3326, Category.PAIR),
        ("2s2h5d4c3s", 6185, Category.PAIR),
        ("AsKhQdJc9s", 6186, Category.HIGH_CARD),
        ("7s5h4d3c2s", 7462, Category.HIGH_CARD),
    ],
)
def test_known_five_card_classes(hand, rank, cat):
    codes = parse_cards(hand)
    assert evaluate(codes) == rank
    assert evaluate(hand) == rank
    assert evaluate([hand[i : i + 2] for i in range(0, 10, 2)]) == rank
    assert evaluate_reference(codes) == rank
    assert category(rank) is cat
    assert rank_name(rank).startswith("Royal flush" if rank == 1 else cat.label)


def test_best_five_of_seven():
    # A flush on board beats the pair in hand; the wheel straight flush beats the flush.
    assert evaluate("AdAc" + "Ks9s7s4s2s") == evaluate("Ks9s7s4s2s")
    assert evaluate("As3s" + "5s4s2sKdKh") == 10
    # Two trips make a full house of the higher trips over the lower pair.
    assert evaluate("KsKh" + "Kd7c7h7sQd") == evaluate("KsKhKd7c7h")
    # Three pairs: the best two plus the best kicker.
    assert evaluate("AsAh" + "KdKc5s5hQd") == evaluate("AsAhKdKcQd")
    # Six-card hands too.
    assert evaluate("2c3c4c5c6cAh") == evaluate("2c3c4c5c6c")


def test_category_sizes_are_the_known_class_counts():
    cats = categories(np.arange(1, 7463))
    sizes = [int((cats == c).sum()) for c in Category]
    assert sizes == [10, 156, 156, 1277, 10, 858, 858, 2860, 1277]
    assert len(class_keys()) == 7462


def test_rank_names_are_distinct_and_readable():
    names = [rank_name(r) for r in range(1, 7463)]
    assert len(set(names)) == 7462
    assert rank_name(1) == "Royal flush: A K Q J T"
    assert rank_name(10) == "Straight flush: 5 4 3 2 A"
    assert rank_name(167) == "Full house: A A A K K"
    assert rank_name(7462) == "High card: 7 5 4 3 2"


@pytest.mark.parametrize("bad", [0, 7463, -1, 2.5, True, "1"])
def test_category_and_rank_name_reject_non_classes(bad):
    with pytest.raises(ValueError, match="1..7462"):
        category(bad)
    with pytest.raises(ValueError, match="1..7462"):
        rank_name(bad)


def test_categories_rejects_out_of_range():
    with pytest.raises(ValueError, match="1..7462"):
        categories(np.array([1, 0]))


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64])
def test_shapes_and_dtypes(k, dtype):
    hands = random_hands(50, k, seed=k)
    expected = np.array([evaluate_reference(h) for h in hands])
    out = evaluate(hands.astype(dtype))
    assert out.shape == (50,)
    assert out.dtype == np.int16
    assert (out == expected).all()
    assert evaluate(hands[3].astype(dtype)) == expected[3]
    assert isinstance(evaluate(hands[3]), int)
    assert (evaluate(hands.tolist()) == expected).all()


def test_non_contiguous_and_empty_input():
    hands = random_hands(40, 7, seed=1)
    wide = np.zeros((40, 14), dtype=np.int16)
    wide[:, ::2] = hands
    assert (evaluate(wide[:, ::2]) == evaluate(hands)).all()
    assert (evaluate(hands[::-3]) == evaluate(hands)[::-3]).all()
    assert evaluate(np.zeros((0, 7), dtype=np.int8)).shape == (0,)


def test_unchecked_entry_equals_checked():
    hands = random_hands(2000, 7, seed=2)
    assert (evaluate_unchecked(hands) == evaluate(hands)).all()
    assert (evaluate_unchecked(hands.astype(np.int16)) == evaluate(hands)).all()


@pytest.mark.parametrize("shape", [(10, 4), (10, 8), (7,) * 3, (4,), (8,), (0,)])
def test_wrong_shape_is_rejected(shape):
    with pytest.raises(ValueError, match=r"expected shape \(N, 5\), \(N, 6\), \(N, 7\)"):
        evaluate(np.zeros(shape, dtype=np.int8))


def test_non_integer_input_is_rejected():
    with pytest.raises(ValueError, match="integer card codes"):
        evaluate(np.zeros((3, 7), dtype=np.float64))


def test_out_of_range_codes_name_the_rows():
    hands = random_hands(10, 7, seed=3).astype(np.int16)
    hands[4, 2] = 52
    hands[7, 0] = -1
    with pytest.raises(ValueError, match=r"outside 0\.\.51 in row\(s\) 4, 7"):
        evaluate(hands)
    big = random_hands(3, 7, seed=3).astype(np.uint64)
    big[1, 1] = 2**63 + 5
    with pytest.raises(ValueError, match=r"outside 0\.\.51 in row\(s\) 1"):
        evaluate(big)


def test_duplicate_cards_name_the_rows():
    hands = random_hands(10, 6, seed=4)
    hands[2, 5] = hands[2, 0]
    hands[9, 1] = hands[9, 3]
    with pytest.raises(ValueError, match=r"repeated within row\(s\) 2, 9"):
        evaluate(hands)


def test_many_bad_rows_are_summarised():
    hands = np.zeros((20, 5), dtype=np.int8)
    with pytest.raises(ValueError, match=r"row\(s\) 0, 1, 2, 3, 4 \(\+15 more\)"):
        evaluate(hands)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_fast_equals_reference_on_random_hands(k):
    hands = random_hands(3000, k, seed=10 + k)
    expected = np.array([evaluate_reference(h) for h in hands])
    assert (evaluate(hands) == expected).all()


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    k=st.sampled_from([5, 6, 7]),
    suits=st.permutations(range(4)),
)
def test_invariant_under_card_order_and_suit_relabelling(seed, k, suits):
    hands = random_hands(500, k, seed)
    base = evaluate(hands)
    rng = np.random.default_rng(seed)
    shuffled = rng.permuted(hands, axis=1)
    assert (evaluate(shuffled) == base).all()
    relabel = (hands & ~3) | np.array(suits, dtype=np.int8)[hands & 3]
    assert (evaluate(relabel) == base).all()


def test_table_digest_is_pinned():
    built = tables_mod.build_tables()
    assert built.digest() == PINNED_TABLES_SHA256
    assert tables_mod.TABLES_SHA256 == PINNED_TABLES_SHA256
    # Building twice gives the same bytes (deterministic, no dict-order or hash dependence).
    assert tables_mod.build_tables().digest() == PINNED_TABLES_SHA256


def test_rank_table_covers_every_multiset_of_five_to_seven_cards():
    t = tables_mod.get_tables()
    assert t.low_base.min() == -1 and t.high_index.min() == -1  # unused slots are marked
    assert t.rank_table.max() <= 7462
    assert set(np.unique(t.flush_table[t.flush_table > 0]).tolist()) <= set(range(1, 1600))


@pytest.fixture(scope="module")
def built_once():
    return tables_mod.build_tables()


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch, built_once):
    """Point the user cache dir at a temporary directory and forget loaded tables.

    Building is replaced by handing out one pre-built copy (building is tested above), so
    these tests exercise only the cache logic.
    """
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda app: str(tmp_path / app))
    monkeypatch.setattr(tables_mod, "build_tables", lambda: built_once)
    tables_mod.get_tables.cache_clear()
    yield tmp_path
    tables_mod.get_tables.cache_clear()


def test_cache_lives_in_the_user_cache_dir_not_the_package():
    path = tables_mod.cache_path()
    assert path.parent == Path(platformdirs.user_cache_dir("pokersim"))
    package_dir = Path(tables_mod.__file__).resolve().parents[1]
    assert not path.resolve().is_relative_to(package_dir)


def test_tables_are_cached_by_version_and_digest(fresh_cache, monkeypatch):
    path = tables_mod.cache_path()
    assert path.is_relative_to(fresh_cache)
    assert f"v{tables_mod.TABLES_VERSION}" in path.name
    assert tables_mod.TABLES_SHA256[:16] in path.name
    tables_mod.get_tables()
    assert path.exists()
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temp file left over
    # A second process start loads the file instead of building.
    tables_mod.get_tables.cache_clear()

    def no_build():
        raise AssertionError("tables were rebuilt although a valid cache file exists")

    monkeypatch.setattr(tables_mod, "build_tables", no_build)
    assert tables_mod.get_tables().digest() == PINNED_TABLES_SHA256


def test_corrupt_cache_file_is_rebuilt(fresh_cache, monkeypatch):
    path = tables_mod.cache_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a table file")
    assert tables_mod._load(path) is None
    assert tables_mod.get_tables().digest() == PINNED_TABLES_SHA256
    assert tables_mod._load(path) is not None  # replaced by a good file


def test_cached_file_with_wrong_contents_is_not_trusted(fresh_cache, built_once):
    """A readable file whose arrays do not hash to the pinned digest is ignored and replaced."""
    path = tables_mod.cache_path()
    path.parent.mkdir(parents=True)
    arrays = {name: getattr(built_once, name).copy() for name in tables_mod.Tables.FIELDS}
    arrays["rank_table"][100] += 1
    with path.open("wb") as fh:
        np.savez(fh, **arrays)
    assert tables_mod._load(path) is None
    assert tables_mod.get_tables().digest() == PINNED_TABLES_SHA256


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write into read-only directories")
def test_unwritable_cache_dir_builds_in_memory(fresh_cache):
    Path(fresh_cache).chmod(0o500)
    try:
        assert tables_mod.get_tables().digest() == PINNED_TABLES_SHA256
        assert not tables_mod.cache_path().exists()
    finally:
        Path(fresh_cache).chmod(0o700)


def test_cache_dir_that_is_a_file_builds_in_memory(tmp_path, monkeypatch, built_once):
    monkeypatch.setattr(tables_mod, "build_tables", lambda: built_once)
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the cache dir should be")
    monkeypatch.setattr(platformdirs, "user_cache_dir", lambda app: str(blocker / app))
    tables_mod.get_tables.cache_clear()
    try:
        assert tables_mod.get_tables().digest() == PINNED_TABLES_SHA256
    finally:
        tables_mod.get_tables.cache_clear()


@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_batch_length_and_bad_row_position(k):
    """7-card rows go four at a time: every tail length and every position in a block works."""
    hands = random_hands(11, k, seed=20 + k)
    expected = np.array([evaluate_reference(h) for h in hands])
    for n in range(12):
        assert (evaluate(hands[:n]) == expected[:n]).all()
        assert (evaluate_unchecked(np.ascontiguousarray(hands[:n])) == expected[:n]).all()
    for row in range(11):
        bad = hands.copy()
        bad[row, k - 1] = bad[row, 0]
        with pytest.raises(ValueError, match=rf"repeated within row\(s\) {row}$"):
            evaluate(bad)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_any_hand_equals_reference(hand):
    """Hypothesis picks the hands (and shrinks any failure to a small readable one)."""
    assert evaluate(hand) == evaluate_reference(hand)
    assert evaluate_unchecked(np.array([hand], dtype=np.int8))[0] == evaluate_reference(hand)

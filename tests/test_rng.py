"""Keyed streams: the deck of hand n at table t depends only on (seed, table, n)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokersim import rng


@settings(deadline=None)  # the first call may compile the shuffle
@given(
    seed=st.integers(0, 2**63 - 1),
    table=st.integers(0, 10_000),
    first=st.integers(0, 10_000),
    count=st.integers(1, 40),
)
def test_deck_block_rows_are_permutations_and_independent_of_block(seed, table, first, count):
    block = rng.deck_block(seed, table, first, count)
    assert block.shape == (count, 52)
    assert (np.sort(block, axis=1) == np.arange(52)).all()
    k = count // 2
    assert (rng.deck(seed, table, first + k) == block[k]).all()
    tail = rng.deck_block(seed, table, first + k, count - k)
    assert (tail == block[k:]).all()


def _numpy_decks(seed: int, table: int, first: int, count: int) -> np.ndarray:
    """The decks in NumPy, element-wise on uint64 arrays: the compiled form's reference."""
    m1, m2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
    golden = np.uint64(0x9E3779B97F4A7C15)

    def mix(x: np.ndarray) -> np.ndarray:
        x = x ^ (x >> np.uint64(30))
        x = x * m1
        x = x ^ (x >> np.uint64(27))
        x = x * m2
        return x ^ (x >> np.uint64(31))

    def u64(value: int) -> np.uint64:
        return np.uint64(value & 0xFFFFFFFFFFFFFFFF)

    with np.errstate(over="ignore"):
        base = mix(np.array([u64(seed) ^ golden], dtype=np.uint64))
        base = mix(base ^ (u64(table) * m2 + golden))
        hands = np.arange(first, first + count, dtype=np.uint64)
        per_hand = mix(base + hands * golden)
        cards = np.arange(52, dtype=np.uint64) * m1
        keys = mix(per_hand[:, None] ^ cards[None, :])
    return np.argsort(keys, axis=1, kind="stable").astype(np.int8)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1) | st.integers(-(2**63), -1),
    table=st.integers(0, 100_000),
    first=st.integers(0, 2**40),
    count=st.integers(1, 70),
)
def test_deck_block_equals_its_numpy_form(seed, table, first, count):
    # the compiled shuffle deals exactly the decks of the element-wise NumPy form
    block = rng.deck_block(seed, table, first, count)
    assert block.dtype == np.int8
    assert block.tobytes() == _numpy_decks(seed, table, first, count).tobytes()


def test_deck_block_equals_its_numpy_form_on_a_long_block():
    assert rng.deck_block(1, 7, 1, 5000).tobytes() == _numpy_decks(1, 7, 1, 5000).tobytes()


def test_deck_depends_on_each_key():
    base = rng.deck(7, 3, 11)
    assert not (rng.deck(8, 3, 11) == base).all()
    assert not (rng.deck(7, 4, 11) == base).all()
    assert not (rng.deck(7, 3, 12) == base).all()


def test_deck_positions_are_uniform():
    # Chi-square on where the ace of spades lands over 52,000 decks: a biased shuffle fails.
    block = rng.deck_block(2026, 1, 0, 52_000)
    pos = np.argmax(block == 51, axis=1)
    counts = np.bincount(pos, minlength=52)
    expected = len(pos) / 52
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < 100.0  # 51 d.o.f.: p < 1e-4 above this


def test_generator_streams_are_keyed_and_reproducible():
    a = rng.generator(1, rng.STREAM_PLAYER, 5).integers(0, 2**62, 4)
    b = rng.generator(1, rng.STREAM_PLAYER, 5).integers(0, 2**62, 4)
    c = rng.generator(1, rng.STREAM_PLAYER, 6).integers(0, 2**62, 4)
    d = rng.generator(1, rng.STREAM_TIMING, 5).integers(0, 2**62, 4)
    assert (a == b).all()
    assert not (a == c).all()
    assert not (a == d).all()


def test_derive_seed_is_stable_and_distinct():
    seeds = [rng.derive_seed(42, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds[3] == rng.derive_seed(42, 3)
    assert all(0 <= s < 2**63 for s in seeds)


def _read(draws: rng.HandDraws, n_uniform: int, n_normal: int) -> tuple[list[float], list[float]]:
    return [draws.random() for _ in range(n_uniform)], [
        draws.standard_normal() for _ in range(n_normal)
    ]


def test_hand_draws_read_the_hands_row_of_the_block():
    u, z = rng.decision_block(3, 7, 9, 4)
    assert len(u) == 4 * rng.DECISION_UNIFORMS and len(z) == 4 * rng.DECISION_NORMALS
    draws = rng.HandDraws()
    draws.start(u, z, 2, 3, 7, 11)
    got_u, got_z = _read(draws, 5, 3)
    assert got_u == list(u)[2 * rng.DECISION_UNIFORMS : 2 * rng.DECISION_UNIFORMS + 5]
    assert got_z == list(z)[2 * rng.DECISION_NORMALS : 2 * rng.DECISION_NORMALS + 3]
    assert all(0.0 <= x < 1.0 for x in u)
    # a new hand starts at its own row, whatever the last hand read
    draws.start(u, z, 3, 3, 7, 12)
    assert draws.random() == u[3 * rng.DECISION_UNIFORMS]


def test_hand_draws_go_on_with_a_keyed_generator_past_the_block():
    """A long hand reads past its row into a generator keyed by (seed, table, hand): never the
    next hand's numbers, and the same numbers every time."""
    u, z = rng.decision_block(5, 2, 1, 2)
    runs = []
    for _ in range(2):
        draws = rng.HandDraws()
        draws.start(u, z, 0, 5, 2, 1)
        runs.append(_read(draws, rng.DECISION_UNIFORMS + 6, rng.DECISION_NORMALS + 4))
    assert runs[0] == runs[1]
    extra_u = runs[0][0][rng.DECISION_UNIFORMS :]
    assert extra_u[0] != u[rng.DECISION_UNIFORMS]  # not the next hand's row
    other = rng.HandDraws()
    other.start(u, z, 0, 5, 2, 2)  # another hand: another overflow stream
    assert _read(other, rng.DECISION_UNIFORMS + 6, 0)[0][rng.DECISION_UNIFORMS :] != extra_u


def test_decision_blocks_are_keyed_by_hand_and_distributed():
    """A hand's draws depend only on (seed, table, hand): blocks of any size agree row by row,
    and another seed, table or hand reads other numbers."""
    nu, nz = rng.DECISION_UNIFORMS, rng.DECISION_NORMALS
    u8, z8 = rng.decision_block(1, 4, 1, 8)
    u3, z3 = rng.decision_block(1, 4, 6, 3)  # hands 6-8 in a block of their own
    assert u3 == u8[5 * nu :] and z3 == z8[5 * nz :]
    assert u8[:nu] != u8[nu : 2 * nu] and z8[:nz] != z8[nz : 2 * nz]  # hands 1 and 2
    assert rng.decision_block(2, 4, 1, 1)[0] != u8[:nu]
    assert rng.decision_block(1, 5, 1, 1)[0] != u8[:nu]
    u, z = (np.array(x) for x in rng.decision_block(1, 4, 1, 2_000))
    assert u.min() >= 0.0 and u.max() < 1.0
    assert abs(u.mean() - 0.5) < 0.01 and abs(z.mean()) < 0.02 and abs(z.std() - 1.0) < 0.02
    # the normals' tails are those of a normal (Box-Muller's pairs are independent normals)
    assert abs((np.abs(z) > 2).mean() - 0.0455) < 0.005
    pairs = z.reshape(-1, 2)
    assert abs(np.corrcoef(pairs[:, 0], pairs[:, 1])[0, 1]) < 0.02


def test_the_loops_blocks_are_the_shoes():
    """The blocks the tables' compiled loop makes (``deck_kernel.fill_decks``, ``fill_draws``)
    are ``deck_block`` and ``decision_block``'s rows, the decks' hand ranks the evaluator's."""
    from pokersim.betting_kernel import constants, rank_tables
    from pokersim.deck_kernel import fill_decks, fill_draws
    from pokersim.engine.records import seat_rows
    from pokersim.evaluator import evaluate_unchecked

    seed, table, first, count, spt = 2**63 + 5, 3, 17, 6, 9
    decks = np.zeros(64 * 52, dtype=np.uint8)
    ranks = np.zeros(64 * spt, dtype=np.int16)
    fill_decks(decks, ranks, np.uint64(seed), np.uint64(table), first, count, spt,
               *rank_tables(constants()))  # fmt: skip
    want = rng.deck_block(seed, table, first, count)
    assert (decks[: 52 * count] == want.ravel()).all() and not decks[52 * count :].any()
    cards = want[:, seat_rows(spt)].reshape(-1, 7)
    assert (ranks[: spt * count] == evaluate_unchecked(cards)).all()
    nu, nz = rng.DECISION_UNIFORMS, rng.DECISION_NORMALS
    us = np.zeros(16 * nu)
    zs = np.zeros(16 * nz)
    fill_draws(us, zs, np.uint64(seed), np.uint64(table), first, count, nu, nz)
    u, z = rng.decision_block(seed, table, first, count)
    assert us[: nu * count].tolist() == list(u) and zs[: nz * count].tolist() == list(z)

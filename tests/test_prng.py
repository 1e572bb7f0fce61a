"""The random source every kind's generator draws from: SplitMix64, fixed forever."""

from hypothesis import given
from hypothesis import strategies as st

from puzzle.prng import Rng


def test_splitmix64_known_answer():
    # Reference outputs of SplitMix64 from state 0 (Vigna's splitmix64.c).
    rng = Rng("")
    rng._state = 0
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_seeding_is_fixed_forever():
    rng = Rng("abc")
    assert [rng.next64() for _ in range(3)] == [
        16879558334494054304,
        5664808178796779771,
        2561595471818083623,
    ]


@given(st.text(max_size=20), st.integers(1, 1000))
def test_below_stays_in_range(seed, n):
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_below_is_roughly_uniform():
    rng = Rng("uniform")
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)


@given(st.lists(st.integers(), max_size=30), st.text(max_size=8))
def test_shuffle_is_a_permutation(items, seed):
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)

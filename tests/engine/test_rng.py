"""Rng hands out numpy-made blocks of SplitMix64: every method must draw exactly what the plain formula
draws (every seeded deal, replay and saved game rests on it), across young generators, copies made
mid-block, block ends, state read and set at any point, and shuffles of every length."""

import copy
import pickle
import random

import pytest

from meeple.engine import Rng
from meeple.engine import rng as rng_module

_MASK = (1 << 64) - 1


class Plain:
    """SplitMix64 written out plainly, as Rng was before its blocks."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        return self.next_u64() % n

    def random(self) -> float:
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.next_u64() % len(seq)]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.next_u64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> "Plain":
        return Plain(self.next_u64())

    def copy(self) -> "Plain":
        return Plain(self.state)


SEEDS = (0, 1, 7, 2**63, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15, "Living Forest")


def _plain(seed) -> Plain:
    return Plain(Rng(seed).state)  # a text seed becomes its integer the same way


def test_next_u64_matches_the_formula_through_young_draws_and_growing_blocks():
    for seed in SEEDS:
        fast, plain = Rng(seed), _plain(seed)
        assert [fast.next_u64() for _ in range(6000)] == [plain.next_u64() for _ in range(6000)]
        assert fast.state == plain.state


def test_known_outputs_of_splitmix64():
    # SplitMix64's published first outputs for seed 1234567 (Rosetta Code, "Pseudo-random numbers/Splitmix64").
    rng = Rng(1234567)
    assert [rng.next_u64() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


@pytest.mark.parametrize("length", [0, 1, 2, 3, 5, 24, 25, 26, 63, 64, 65, 100, 129, 4097, 5000])
def test_shuffles_of_every_length_young_or_mid_block(length):
    for warm in (0, 3, 23, 24, 30, 64 + 24 - 5, 500):
        fast, plain = Rng(length * 31 + warm), Plain(length * 31 + warm)
        for _ in range(warm):
            assert fast.next_u64() == plain.next_u64()
        a, b = list(range(length)), list(range(length))
        fast.shuffle(a)
        plain.shuffle(b)
        assert a == b
        assert fast.state == plain.state
        assert [fast.next_u64() for _ in range(70)] == [plain.next_u64() for _ in range(70)]


def test_interleaved_calls_copies_forks_and_state_set_mid_block():
    # A random script of calls on a family of generators: each step picks one, and does to it (and to its
    # plain twin) a draw, a shuffle, a copy, a fork, a state read or a state set.
    script = random.Random(41)
    for trial in range(12):
        seed = script.randrange(2**64)
        family = [(Rng(seed), Plain(seed))]
        for _ in range(1200):
            k = script.randrange(len(family))
            fast, plain = family[k]
            op = script.randrange(12)
            if op <= 2:
                count = script.choice((1, 1, 2, 5, 30, 70))
                assert [fast.next_u64() for _ in range(count)] == [plain.next_u64() for _ in range(count)]
            elif op == 3:
                n = script.choice((1, 2, 3, 6, 52, 2**40 + 3, 2**64 + 5))
                assert fast.randrange(n) == plain.randrange(n)
            elif op == 4:
                assert fast.random() == plain.random()
            elif op == 5:
                seq = "abcdefg"[: script.randrange(1, 8)]
                assert fast.choice(seq) == plain.choice(seq)
            elif op == 6:
                length = script.choice((0, 2, 4, 10, 20, 40, 90, 200))
                a, b = list(range(length)), list(range(length))
                fast.shuffle(a)
                plain.shuffle(b)
                assert a == b
            elif op == 7 and len(family) < 12:
                family.append((fast.copy(), plain.copy()))
            elif op == 8 and len(family) < 12:
                family.append((fast.fork(), plain.fork()))
            elif op == 9:
                assert fast.state == plain.state
            elif op == 10:
                other = family[script.randrange(len(family))][1].state
                fast.state = other
                plain.state = other
            elif op == 11 and len(family) < 12:
                family.append((Rng(fast.state), Plain(plain.state)))
            assert fast.state == plain.state, trial
        for fast, plain in family:
            assert fast.state == plain.state
            assert [fast.next_u64() for _ in range(100)] == [plain.next_u64() for _ in range(100)]


def test_a_copy_shares_the_block_but_not_the_cursor():
    rng = Rng(5)
    for _ in range(rng_module._PURE + 3):
        rng.next_u64()
    twin = rng.copy()
    assert twin._b is rng._b
    first = [twin.next_u64() for _ in range(200)]
    assert [rng.next_u64() for _ in range(200)] == first
    assert twin.state == rng.state


def test_state_is_one_int_that_round_trips_anywhere():
    rng = Rng(99)
    for step in range(3000):
        if step % 97 == 0:
            again = Rng(rng.state)
            saved = rng.state
            assert [again.next_u64() for _ in range(10)] == [rng.next_u64() for _ in range(10)]
            rng.state = saved  # setting it goes back exactly
            assert rng.state == saved
        rng.next_u64()
        assert 0 <= rng.state <= _MASK


def test_pickle_and_copy_module_keep_the_numbers():
    rng = Rng(3)
    for _ in range(100):
        rng.next_u64()
    ahead = rng.copy()
    expected = [ahead.next_u64() for _ in range(300)]
    for twin in (pickle.loads(pickle.dumps(rng)), copy.copy(rng), copy.deepcopy(rng)):
        assert twin.state == rng.state
        assert [twin.next_u64() for _ in range(300)] == expected
    twin = pickle.loads(pickle.dumps(rng))
    assert [twin.next_u64() for _ in range(300)] == [rng.next_u64() for _ in range(300)]
    assert len(pickle.dumps(rng)) < 100  # the state, not the block


def test_randrange_refuses_an_empty_range_without_drawing():
    rng = Rng(1)
    before = rng.state
    with pytest.raises(ValueError):
        rng.randrange(0)
    assert rng.state == before

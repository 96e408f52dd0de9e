import pytest

from meeple.engine import Option, OptionError, Rng, resolve_options

OPTIONS = (
    Option("mode", "first", "setup mode", choices=("first", "random")),
    Option("short", False, "short game", kind="bool"),
    Option("rounds", 5, "rounds", kind="int", minimum=1, maximum=10),
    Option("species", ["a", "b"], "species", kind="list", choices=("a", "b", "c"), length=2),
)


def test_defaults_fill_in():
    assert resolve_options(OPTIONS, None) == {"mode": "first", "short": False, "rounds": 5, "species": ["a", "b"]}


@pytest.mark.parametrize("given, words", [
    ({"colour": "red"}, "Unknown option 'colour'"),
    ({"mode": "fast"}, "must be one of first, random"),
    ({"short": "yes"}, "true or false"),
    ({"rounds": 0}, "at least 1"),
    ({"rounds": 11}, "at most 10"),
    ({"rounds": True}, "whole number"),
    ({"species": ["a", "d"]}, "'d' is not one of"),
    ({"species": ["a", "a"]}, "twice"),
    ({"species": ["a"]}, "exactly 2"),
])
def test_bad_options_say_what_is_wrong(given, words):
    with pytest.raises(OptionError, match=words):
        resolve_options(OPTIONS, given)


def test_rng_is_deterministic_and_state_is_one_int():
    a, b = Rng(42), Rng(42)
    assert [a.randrange(100) for _ in range(20)] == [b.randrange(100) for _ in range(20)]
    c = Rng(0)
    c.state = a.state
    assert c.next_u64() == a.next_u64()


def test_rng_shuffle_is_a_permutation_and_uniform_enough():
    rng = Rng(7)
    counts = [0] * 4
    for _ in range(4000):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        assert sorted(items) == [0, 1, 2, 3]
        counts[items[0]] += 1
    assert all(850 < c < 1150 for c in counts)


def test_rng_copy_and_fork_are_independent():
    rng = Rng(3)
    copy = rng.copy()
    assert copy.next_u64() == rng.next_u64()
    fork = rng.fork()
    assert fork.state != rng.state

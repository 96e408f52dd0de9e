import pytest

from meeple import games
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


def test_a_shuffle_draws_exactly_what_next_u64_would():
    # Rng.shuffle writes the draw out for speed: it must stay Fisher-Yates over next_u64, which every
    # seeded deal (and so every replay and saved game) rests on.
    for seed in (0, 1, 7, 2**63, 2**64 - 1):
        items, reference = list(range(60)), list(range(60))
        fast, slow = Rng(seed), Rng(seed)
        fast.shuffle(items)
        for i in range(len(reference) - 1, 0, -1):
            j = slow.next_u64() % (i + 1)
            reference[i], reference[j] = reference[j], reference[i]
        assert items == reference
        assert fast.state == slow.state


def test_randrange_random_and_choice_draw_exactly_what_next_u64_would():
    # They write the draw out for speed, as shuffle does: every seeded set-up rests on the same numbers.
    for seed in (0, 1, 7, 2**63, 2**64 - 1):
        fast, slow = Rng(seed), Rng(seed)
        for n in (1, 2, 3, 37, 2**40 + 3):
            assert fast.randrange(n) == slow.next_u64() % n
            assert fast.random() == (slow.next_u64() >> 11) * (1.0 / (1 << 53))
            assert fast.choice("abcdefg") == "abcdefg"[slow.next_u64() % 7]
        assert fast.state == slow.state


def test_options_resolve_alike_however_often_asked():
    declared = (Option("mode", "first", "mode", choices=("first", "second")),
                Option("pick", ["a"], "picks", kind="list", choices=("a", "b")),
                Option("broken", "nope", "a default that is not a choice", choices=("yes", "no")))
    for _ in range(3):
        with pytest.raises(OptionError, match="must be one of yes, no"):
            resolve_options(declared, None)
        first = resolve_options(declared, {"broken": "yes"})
        again = resolve_options(declared, {"broken": "yes"})
        assert first == again == {"mode": "first", "pick": ["a"], "broken": "yes"}
        assert first["pick"] is not again["pick"]  # a list default is a fresh list every time


def test_a_table_checked_once_is_still_checked_for_every_other_table():
    # Game.setup keeps the tables it has checked: a look-alike value (True for 1, 1.0 for 1), another
    # player count or a bad value must still be refused, and each game gets options of its own.
    wizard = games.get("wizard")
    first = wizard.setup(4, {"single_round": 1}, 0)
    first.opts["single_round"] = 7  # a state's options are its own, not the kept table's
    assert wizard.setup(4, {"single_round": 1}, 0).opts["single_round"] == 1
    for bad in ({"single_round": True}, {"single_round": 1.0}, {"single_round": 99}, {"nope": 1}):
        with pytest.raises(OptionError):
            wizard.setup(4, bad, 0)
    wizard.setup(3, {"length": "amigo"}, 0)
    with pytest.raises(OptionError, match="Amigo"):
        wizard.setup(6, {"length": "amigo"}, 0)
    with pytest.raises(OptionError, match="whole number"):
        wizard.setup(True, None, 0)

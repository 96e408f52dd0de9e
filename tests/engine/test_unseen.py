"""meeple.engine.unseen: dealing again what is unseen depends on what it is, never on where it lay."""

from meeple import games
from meeple.engine import Rng
from meeple.engine.unseen import redeal, reshuffled, shuffle_as_spectator


class _Piles:
    """A position with two piles and its own Rng, as the games keep them."""

    def __init__(self, deck: list[int], goals: list[str], rng: Rng) -> None:
        self.deck, self.goals, self.rng = deck, goals, rng

    def copy(self) -> "_Piles":
        return _Piles(self.deck[:], self.goals[:], self.rng.copy())


def test_redeal_is_a_sorted_shuffle_and_ignores_the_order_given():
    cards = [5, 1, 4, 1, 3, 9, 2, 6]
    expected = sorted(cards)
    Rng(7).shuffle(expected)
    assert redeal(cards, Rng(7)) == expected
    assert redeal(reversed(cards), Rng(7)) == expected  # any iterable, any order: the same deal
    assert sorted(redeal(cards, Rng(8))) == sorted(cards)
    assert cards == [5, 1, 4, 1, 3, 9, 2, 6]  # the input is left as it is


def test_reshuffled_deals_each_pile_in_turn_then_forks_the_rng():
    state = _Piles([3, 1, 2, 8, 5], ["b", "a", "c"], Rng(1))
    same_contents = _Piles([8, 5, 3, 2, 1], ["c", "b", "a"], Rng(2))
    worlds = [reshuffled(s, Rng(42), "deck", "goals") for s in (state, same_contents)]
    assert [(w.deck, w.goals, w.rng.state) for w in worlds][0] == [(w.deck, w.goals, w.rng.state) for w in worlds][1]
    rng = Rng(42)
    deck, goals = redeal(state.deck, rng), redeal(state.goals, rng)
    assert (worlds[0].deck, worlds[0].goals, worlds[0].rng.state) == (deck, goals, rng.fork().state)
    assert state.deck == [3, 1, 2, 8, 5] and state.rng.state == Rng(1).state  # the original untouched


def test_shuffle_as_spectator_is_a_spectators_determinize():
    game = games.get("digging_for_dinos")
    assert game.shuffle_unseen.__func__ is shuffle_as_spectator
    state = game.setup(3, None, 11)
    for seat in game.to_move(state):
        game.apply(state, seat, game.legal_moves(state, seat)[0])
    world = game.shuffle_unseen(state, Rng(5))
    assert game.to_json(world) == game.to_json(game.determinize(state, None, Rng(5)))
    for viewer in (0, 1, 2, None):  # nothing any seat has seen changes
        assert game.view(world, viewer) == game.view(state, viewer)
    assert game.to_json(world)["stacks"] != game.to_json(state)["stacks"]

"""The explicit chance model: a chance node at each draw, so that search over clones cannot see it.

With the default model (`chance_model="seed"`) a game's whole chance is the seed
drawn at the root: a cloned state carries it, and a search that plays out clones
knows every later draw. With `chance_model="draws"` the adapter stops before
each move that draws, and the draw becomes chance nodes of its own, with the
true probabilities over what is left; the move is carried out once they are
chosen. Two kinds of draw are known here, per game:

* `Reseed`: the game draws from its `Rng` at the moment it draws, and keeps
  nothing drawn in advance (Wizard deals each round, Ninety-Nine each hand,
  from a deck shuffled then). The chance is a fresh seed for the state's Rng,
  SEED_BYTES nodes of 256 equally likely bytes: every deal has its true
  probability, and the seed the state held before says nothing about it.
* `Bag`: the game draws the next element of a list kept in its state, in an
  order shuffled at setup, and says so through the engine's `Game.drawn_bag`
  hook (Vent Life's bag of tiles). The chance is which kind of element comes
  out: one node whose outcomes are the kinds left, each with its share of what
  is left; that element is put next in the list, and the order of the rest is
  never used (each later draw is chosen the same way).

* `Reshuffle`: the game keeps its future in its state (piles and bags shuffled
  in advance, face-down cards, its Rng) and says what that is through the
  engine's `Game.shuffle_unseen` hook (Picnic, Letters Home, Toy Battle,
  Assyria, Digging for Dinos, Living Forest, Relative Space, Draft & Write
  Records). The chance is a fresh seed, as for `Reseed`, from which the game
  shuffles everything no seat has seen, sorted first: the next draw then has
  its true share of what is left, whatever order the state held before.

`Reseed` and `Bag` rearrange the position through the game's own JSON
(`to_json`, a change, `from_json`), `Reshuffle` through the game's hook, so
nothing else of the position is touched, and the move's log lines are those of
the draw actually made.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple import games
from meeple.engine import Game, Rng

SEED_BYTES = 8
BYTE_OUTCOMES = [(b, 1.0 / 256) for b in range(256)]


class Reseed:
    """A draw from the state's Rng: chance is a fresh 64-bit seed, byte by byte, lowest first."""

    steps = SEED_BYTES
    max_outcomes = 256

    def __init__(self, deals: Callable[[Game, object, int, object], bool] | None = None):
        self.deals = deals

    def draws(self, game: Game, state, seat: int, move) -> bool:
        # The moves that deal (`deals`), or else those whose outcome hangs on something no one sees
        # (Wizard narrows `hides_outcome` to the round's last card, which deals the next round). A
        # reseed before a move that draws nothing changes no distribution, only adds chance nodes.
        if self.deals is not None:
            return self.deals(game, state, seat, move)
        return game.hides_outcome(state, seat, move)

    def outcomes(self, game: Game, state, chosen: list[int]) -> list[tuple[int, float]]:
        return BYTE_OUTCOMES

    def arrange(self, game: Game, state, chosen: list[int]):
        data = game.to_json(state)
        data["rng"] = sum(b << (8 * i) for i, b in enumerate(chosen))
        return game.from_json(data)

    def text(self, action: int) -> str:
        return f"seed byte {action}"


class Bag:
    """A draw of the next element of a JSON list `field` (first element drawn first), elements of
    the kinds in `kinds` (the chance actions are their indices)."""

    steps = 1

    def __init__(self, field: str, kinds, drawing_move: str):
        self.field, self.kinds, self.drawing_move = field, tuple(kinds), drawing_move
        self.index = {kind: i for i, kind in enumerate(self.kinds)}
        self.max_outcomes = len(self.kinds)

    def draws(self, game: Game, state, seat: int, move) -> bool:
        return type(move).__name__ == self.drawing_move and game.reveals(state, seat, move)

    def outcomes(self, game: Game, state, chosen: list[int]) -> list[tuple[int, float]]:
        bag = game.to_json(state)[self.field]
        counts: dict[int, int] = {}
        for element in bag:
            counts[self.index[element]] = counts.get(self.index[element], 0) + 1
        return [(kind, count / len(bag)) for kind, count in sorted(counts.items())]

    def arrange(self, game: Game, state, chosen: list[int]):
        data = game.to_json(state)
        bag = list(data[self.field])
        bag.insert(0, bag.pop(bag.index(self.kinds[chosen[0]])))
        data[self.field] = bag
        return game.from_json(data)

    def text(self, action: int) -> str:
        return f"draw {self.kinds[action]}" if 0 <= action < len(self.kinds) else f"draw {action}"


class Reshuffle(Reseed):
    """A draw from piles the state keeps (or from its Rng): chance is a fresh seed, as for `Reseed`,
    and the game's `shuffle_unseen` deals everything no seat has seen again from it."""

    def arrange(self, game: Game, state, chosen: list[int]):
        shuffled = game.shuffle_unseen(state, Rng(sum(b << (8 * i) for i, b in enumerate(chosen))))
        if shuffled is None:  # the hook is overridden but answered the default's None: a game's bug
            raise TypeError(f"{game.name}'s shuffle_unseen returned None.")
        return shuffled


def describes_unseen(game: Game) -> bool:
    """True when the game implements the engine's `shuffle_unseen` hook."""
    return type(game).shuffle_unseen is not Game.shuffle_unseen


def _ninety_nine_deals(game: Game, state, seat: int, move) -> bool:
    # Every card played shows a card (`reveals`), but only the hand's last card deals the next: the
    # last card of the ninth trick.
    return type(move).__name__ == "Play" and len(state.trick) == 2 and len(state.hands[seat]) == 1


def _ninety_nine() -> Reseed:
    return Reseed(_ninety_nine_deals)


#: game id -> its draws, for the games that draw from their Rng when they draw.
MODELS: dict[str, Callable[[], Reseed]] = {
    "wizard": Reseed,
    "ninety_nine": _ninety_nine,
}


def draw_model(game_id: str) -> Reseed | Bag | None:
    """The game's draws for the explicit chance model (its own above, or else a `Bag` where the game
    declares one through `drawn_bag`, or `Reshuffle` where it implements `shuffle_unseen`), or None
    when it has none."""
    make = MODELS.get(game_id)
    if make is not None:
        return make()
    game = games.get(game_id)
    bag = game.drawn_bag()
    if bag is not None:
        return Bag(*bag)
    return Reshuffle() if describes_unseen(game) else None

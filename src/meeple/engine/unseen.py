"""Dealing again what a seat has not seen, the one way every game's `determinize` and `shuffle_unseen` do it.

The rule (docs/engine.md, `determinize`): what is unseen is sorted before it is shuffled, so a world
depends on which things are unseen and on the `rng` given, never on where they really lie, and two
worlds a seat cannot tell apart are dealt alike under one seed.
"""

from __future__ import annotations

from typing import Any

from .rng import Rng


def redeal(unseen: Any, rng: Rng) -> list:
    """The things in `unseen` (any iterable) in a new order drawn from `rng`: sorted, then shuffled."""
    out = sorted(unseen)
    rng.shuffle(out)
    return out


def reshuffled(state: Any, rng: Rng, *piles: str) -> Any:
    """A copy of `state` whose piles (the names of its list fields that everyone knows the contents of,
    not the order) are dealt again in turn by `redeal`, with an Rng of its own forked from `rng` after
    them, so that the draws the rules make later are unknown too."""
    out = state.copy()
    for name in piles:
        setattr(out, name, redeal(getattr(out, name), rng))
    out.rng = rng.fork()
    return out


def shuffle_as_spectator(game: Any, state: Any, rng: Rng) -> Any:
    """`shuffle_unseen` for a game in which no seat holds anything of its own hidden (a face-down card
    its owner may not look at is unseen by all): a spectator's `determinize` deals again exactly what
    no seat has seen. A game takes it as it is: `shuffle_unseen = shuffle_as_spectator`."""
    return game.determinize(state, None, rng)

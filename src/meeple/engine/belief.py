"""A game's own deduction for bots: choices made from a seat's belief (issue 40).

In a deduction game a move's worth is what it reveals (a question to a verifier), and a search
over worlds sampled by `Game.determinize` cannot value that: in each sampled world the hidden
answer is already known, so asking is worth nothing there and guessing is all. A game where this
matters may offer a `Belief` from a `belief` module beside its rules, as `BELIEF` (found by
`Game.belief`, like `features`). It keeps the seat's belief (every hidden arrangement still
consistent with what the seat has seen, with its prior weight), values a question by how its
possible answers split that belief, and guesses when the belief allows it. The strongest search
level asks it first (`IsmctsBot(belief=True)`, docs/bots.md).

The bot hands it a world sampled by `determinize` for the seat, never the true state, so the
belief can only be built from what the seat has seen; a belief must give the same choice in every
world the seat cannot tell apart (the game's tests check it).
"""

from __future__ import annotations

from typing import Any

from .rng import Rng


class Belief:
    def choose(self, world: Any, seat: int, rng: Rng, seconds: float | None = None) -> Any:
        """`seat`'s move in `world` (a world sampled for it), chosen from its belief alone, or None
        where the belief has no opinion (the bot then searches as usual). `seconds`: the CPU time
        the bot may spend on the decision (None: no limit)."""
        raise NotImplementedError

"""How many decisions one game can take: a bound worked out from each game's rules, or a stated cap.

OpenSpiel's `max_game_length` is the longest game possible (buffers are sized by
it), counted in decisions: one engine move is one action. Each game declares its
own through the engine contract, with its reasoning from the rules beside it
(docs/engine.md):

* a **bound** (`Game.max_game_length`) is proven: no sequence of legal moves,
  however adversarial, makes a longer game; the adapters declare it and never
  need to stop a game;
* a **cap** (`Game.game_length_cap`) is for a game whose bound is not worked out
  (or has none): the adapters end a game that reaches the cap, with the result
  stated in `capped_outcome` (the seats ranked by their scores at that moment; a
  solo game is lost), and declare the cap. A game that declares neither (a new
  game, a plugin) gets `DEFAULT_CAP`.

`tests/adapters/test_lengths.py` plays adversarial policies (first legal move,
last, greedy, random) on every game at every player count and fails if a bound is
ever exceeded or a cap met.
"""

from __future__ import annotations

from meeple.engine import Game, Outcome, ranked_outcome

#: The cap of a game that declares neither a bound nor a cap (a new game, a plugin): generous,
#: and said to be a cap.
DEFAULT_CAP = 10_000


def game_length(game: Game, n_players: int, options: dict) -> tuple[int, bool]:
    """The most decisions a game at this table can take, and whether that is a proven bound (True)
    or a cap at which the adapters end the game (False). `options` are resolved."""
    bound = game.max_game_length(n_players, options)
    if bound is not None:
        return int(bound), True
    cap = game.game_length_cap(n_players, options)
    return (DEFAULT_CAP if cap is None else int(cap)), False


def capped_outcome(game: Game, state) -> Outcome:
    """The result of a game ended at its cap: the seats ranked by their scores now (ties share a
    rank); a solo game is lost, since its goal was not reached in time."""
    scores = game.scores(state)
    if len(scores) == 1:
        return Outcome.solo(scores[0], False, "Stopped at the adapters' turn cap before the goal was reached.")
    return ranked_outcome(scores)

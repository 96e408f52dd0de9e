"""How many decisions one game can take: a bound worked out from each game's rules, or a stated cap.

OpenSpiel's `max_game_length` is the longest game possible (buffers are sized by
it), counted in decisions: one engine move is one action. The engine contract
declares no length, so the adapters hold one per game here, each with its reasoning
from the rules (as the games implement them):

* a **bound** is proven: no sequence of legal moves, however adversarial, makes a
  longer game; the adapters declare it and never need to stop a game;
* a **cap** is for a game whose bound is not worked out here (or has none): the
  adapters end a game that reaches the cap, with the result stated in
  `capped_outcome` (the seats ranked by their scores at that moment; a solo game
  is lost), and declare the cap.

A game may also declare its own bound as a method, `max_game_length(n_players,
options)` (the tests' toy games do). `tests/adapters/test_lengths.py` plays
adversarial policies (first legal move, last, greedy, random) on every game at every
player count and fails if a bound is ever exceeded.
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.engine import Game, Outcome, ranked_outcome


def _wizard(n: int, options: dict) -> int:
    # Each round: at most one trump choice (a Wizard turned up), one prediction per seat, and one
    # card played per seat per card dealt. The rounds are the schedule's (or the one single_round).
    from meeple.games.wizard.components import schedule
    rounds = schedule(n, options["length"])
    if options["single_round"]:
        rounds = rounds[options["single_round"] - 1:options["single_round"]]
    return sum(1 + n + n * cards for cards in rounds)


def _ninety_nine(n: int, options: dict) -> int:
    # A hand: three bid cards set aside by each seat (9), at most one premium offer each (3), and nine
    # tricks of three cards (27). Every trick scores a point and no score goes down, so a hand adds at
    # least 9 to the round's three totals: after 34 hands the highest is at least 102, and a round
    # (to ROUND_TARGET) has at most 34 hands. The game: 3 rounds, or with first_to_three at most 7
    # (every round gives at least one seat a win, so after 7 rounds some seat has 3), or 9 hands.
    from meeple.games.ninety_nine.components import BID_CARDS, TRICKS
    from meeple.games.ninety_nine.rules import HANDS_IN_GAME, PLAYERS, ROUNDS_IN_GAME, ROUNDS_TO_WIN
    from meeple.games.ninety_nine.scoring import ROUND_TARGET
    hand = PLAYERS * BID_CARDS + PLAYERS + PLAYERS * TRICKS
    if options["scoring"] == "nine_hands":
        return HANDS_IN_GAME * hand
    hands_per_round = -(-ROUND_TARGET // (TRICKS // PLAYERS))  # the highest total gains >= 3 a hand
    rounds = PLAYERS * (ROUNDS_TO_WIN - 1) + 1 if options["scoring"] == "first_to_three" else ROUNDS_IN_GAME
    return rounds * hands_per_round * hand


def _picnic(n: int, options: dict) -> int:
    # A turn takes a tile from the hamper and places it: two decisions. The hamper holds
    # TILES_PER_PLAYER tiles per seat and is never refilled.
    from meeple.games.picnic.components import TILES_PER_PLAYER
    return 2 * TILES_PER_PLAYER * n


def _digging_for_dinos(n: int, options: dict) -> int:
    # Each seat places its paleontologists (PAWNS_PER_SEAT decisions each). Then a turn is a move,
    # plus at most one flip-or-keep when it completes a dinosaur with a special ability. Every move
    # refills its tile from the era stacks while they last, and the move that takes the last tile
    # ends the game at the end of that round: at most (tiles in the stacks) + n - 1 turns.
    from meeple.games.digging_for_dinos.components import CELLS, ERA_TILES, PAWNS_PER_SEAT
    stacked = sum(len(era) for era in ERA_TILES) - CELLS
    return PAWNS_PER_SEAT * n + 2 * (stacked + n - 1)


def _turing_machine(n: int, options: dict) -> int:
    # A round, for each seat: three punches for its proposal, at most three questions (a stop
    # before the third is one more decision, so three at most), then a pass, or a guess and its
    # three punches (four). At most MAX_ROUNDS rounds.
    from meeple.games.turing_machine.rules import MAX_QUESTIONS, MAX_ROUNDS
    return MAX_ROUNDS * n * (3 + MAX_QUESTIONS + 1 + 3)


#: game id -> its proven bound for (players, resolved options).
BOUNDS: dict[str, Callable[[int, dict], int]] = {
    "wizard": _wizard,
    "ninety_nine": _ninety_nine,
    "picnic": _picnic,
    "digging_for_dinos": _digging_for_dinos,
    "turing_machine": _turing_machine,
}

#: game id -> a cap for (players, resolved options), for the games whose bound is not worked out
#: here: four to seven times the longest game adversarial policies played (tests/adapters/test_lengths.py),
#: so that a real game never meets it.
CAPS: dict[str, Callable[[int, dict], int]] = {
    "vent_life": lambda n, o: 400 * n,
    "letters_home": lambda n, o: 200 * n,
    "toy_battle": lambda n, o: 600,
    "assyria": lambda n, o: 300 * n,
    "living_forest": lambda n, o: 3000 * n,
    "relative_space": lambda n, o: 200 * n,
    "draft_and_write_records": lambda n, o: 150 * n,
}

#: The cap of a game that has neither a bound nor a cap here (a new game, a plugin): generous,
#: and said to be a cap.
DEFAULT_CAP = 10_000


def game_length(game: Game, n_players: int, options: dict) -> tuple[int, bool]:
    """The most decisions a game at this table can take, and whether that is a proven bound (True)
    or a cap at which the adapters end the game (False). `options` are resolved."""
    own = getattr(game, "max_game_length", None)
    if own is not None:
        return int(own(n_players, options)), True
    if game.id in BOUNDS:
        return BOUNDS[game.id](n_players, options), True
    if game.id in CAPS:
        return CAPS[game.id](n_players, options), False
    return DEFAULT_CAP, False


def capped_outcome(game: Game, state) -> Outcome:
    """The result of a game ended at its cap: the seats ranked by their scores now (ties share a
    rank); a solo game is lost, since its goal was not reached in time."""
    scores = game.scores(state)
    if len(scores) == 1:
        return Outcome.solo(scores[0], False, "Stopped at the adapters' turn cap before the goal was reached.")
    return ranked_outcome(scores)

"""What a person reads is words, never move notation, coordinates or codes: every prompt, log line
(private ones too), move's words, score-sheet tooltip, result reason and option help of seeded games,
played by random bots at every player count and greedy ones at the fewest and the most, is scanned."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from meeple import bots, games
from meeple.engine import Rng
from tests.conftest import TOY_GAMES

GAMES = sorted(set(games.ids()) - set(TOY_GAMES))

# Options that change what the log says (other deals, phases and pieces), played besides the defaults.
VARIANTS: dict[str, list[dict]] = {
    "vent_life": [{"setup": "draft"}],
    "toy_battle": [{"board": "jungle"}, {"board": "battlefield"}],
    "ninety_nine": [{"trump": "junk_the_joker"}],
    "wizard": [{"predictions": "secret", "plus_minus_one": True, "length": "five"}],
    "turing_machine": [{"mode": "nightmare"}],
    "living_forest": [{"kodama": True}],
}

NOTATION = {
    "bare coordinates": re.compile(r"(?<![\w.])-?\d+,-?\d+\b"),
    "a code of letters and digits": re.compile(r"\b(?:[a-z]{1,6}\d{1,2}|[A-Z]\d{1,2})\b"),
    "a bare number for a place": re.compile(r"\b(?:on|onto|from) \d+(?=[.,;:)]|$)"),
    "code quotes": re.compile(r"`"),
}

# Names a board prints on itself, so a log line naming them can be followed on the board; and a
# multiplier written as players write it (x2, as on Assyria's track).
PRINTED_ON_THE_BOARD = {
    "assyria": re.compile(r"\b[a-j][1-7]\b"),  # the map names its hexes
    "digging_for_dinos": re.compile(r"\b[a-e][1-5]\b"),  # the dig's edges carry a-e and 1-5
    "letters_home": re.compile(r"\b[a-d][1-4]\b"),  # each town tile shows its name
}
MULTIPLIER = re.compile(r"\bx\d\b")

PAREN = re.compile(r"\(([^()]*)\)")


def notation_in(game_id: str, text: str, moves: set[str]) -> list[str]:
    """What in `text` is notation: a game's own move text, whole ("draw" as a move's words) or in brackets
    ("(ask A)"), or a pattern above."""
    found = []
    if text in moves:
        found.append(f"{text} (the move's own notation)")
    for group in PAREN.finditer(text):
        parts = [p.strip().rstrip(".") for p in group.group(1).replace("...", "").split(",")]
        if any(p in moves for p in parts if p):
            found.append(group.group(0))
    cleaned = MULTIPLIER.sub("", text)
    if game_id in PRINTED_ON_THE_BOARD:
        cleaned = PRINTED_ON_THE_BOARD[game_id].sub("", cleaned)
    for what, pattern in NOTATION.items():
        found += [f"{m.group(0)} ({what})" for m in pattern.finditer(cleaned)]
    return found


def play_and_read(game, n: int, options: dict, level: str, seed: int):
    """Play a seeded game; yield (where, text) for everything a person reads, and each legal move's text."""
    state = game.setup(n, options, seed)
    rng = Rng(seed)
    bot = bots.get(level)
    for step in range(5000):
        if game.is_over(state):
            break
        movers = sorted(game.to_move(state))
        for seat in movers:
            yield "prompt", game.prompt(state, seat)
        seat = movers[step % len(movers)]
        legal = game.legal_moves(state, seat)
        yield "moves", [game.move_text(m) for m in legal]
        if step % 3 == 0:  # the move's words: the status bar's "Selected: ..." and the plain board's buttons
            for move in legal[:40]:
                yield "move words", game.describe_move(state, seat, move)
        if step % 7 == 0:
            for sheet in game.score_sheet(state):
                for row in sheet.rows:
                    yield "score tooltip", f"{row.label}: {row.detail}"
        for entry in game.apply(state, seat, bot.choose(game, state, seat, rng)):
            yield "log", entry.text
    outcome = game.outcome(state)
    assert outcome is not None, f"{game.id} did not end"
    for reason in outcome.reasons:
        yield "result", reason
    yield "result", outcome.verdict


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_person_reads_has_no_notation(game_id):
    game = games.get(game_id)
    found: dict[str, set[str]] = defaultdict(set)
    moves: set[str] = set()
    read: list[tuple[str, str]] = []
    for option in game.options:
        read += [("option help", option.help), ("option label", option.label)]
        read += [("option choice", label) for label in option.choice_labels]
    for n in range(game.min_players, game.max_players + 1):
        plays = [({}, "random", 1)]
        if n in (game.min_players, game.max_players):  # greedy's longer, fuller games at the ends of the range
            plays.append(({}, "greedy", 2))
        plays += [(variant, "random", 3) for variant in VARIANTS.get(game_id, [])]
        for options, level, seed in plays:
            for where, text in play_and_read(game, n, options, level, seed):
                if where == "moves":
                    moves.update(text)
                else:
                    read.append((where, text))
    for where, text in read:
        for bit in notation_in(game_id, text, moves):
            if len(found[where]) < 6:
                found[where].add(f"{bit} in {text!r}")
    assert not found, f"{game.name}: notation where people read:\n" + "\n".join(
        f"  {where}: {example}" for where, examples in found.items() for example in sorted(examples))


def test_the_scan_finds_notation():
    """The patterns catch what the issue quoted, and pass plain words and printed board names."""
    moves = {"ask A", "done", "guess", "b3"}
    assert notation_in("turing_machine", "Ask a verifier about your proposal (ask A) or stop asking (done).", moves)
    assert notation_in("living_forest", "draw", {"draw", "stop"})
    assert notation_in("turing_machine", "Punch the blue digit of your proposal (b3, y4, p4...).", moves)
    assert notation_in("vent_life", "tile turned east: Microbial Mat on 1,0, Basalt Ridge on 1,-1", set())
    assert notation_in("toy_battle", "Seat 2 places Jumbo on 12.", set())
    assert notation_in("assyria", "Seat 1 harvests column 3: grape3 and wild.", set())
    assert notation_in("relative_space", "Seat 2 loads a 10 (flipped from B5) onto pod 3.", set())
    assert not notation_in("toy_battle", "Seat 2 places Jumbo on base 12.", set())
    assert not notation_in("assyria", "Seat 1 places a hut on e1 (grape).", set())
    assert not notation_in("picnic", "blue 3 (most), pink 1 (most: 2); groups: 2 → 1, 1 → 0", set())
    assert not notation_in("toy_battle", "Seat 2 wins on medals, 6 to 0.", set())
    assert not notation_in("wizard", "seat 2, seat 4 tie on 10 points: a shared win.", set())


def ids_in_help(game) -> list[str]:
    """Option ids a game's option help names where players read it under the lobby's choices: a choice
    or option written as an id ("turn_up", "first_game") or introducing its own explanation ("open: ..."),
    or another option named by its id in quotes ("the 'species' option"). A choice labelled by its own word
    ("Extreme" for "extreme") may be named so."""
    found = []
    names = {option.name for option in game.options}
    for option in game.options:
        labels = dict(zip(option.choices, option.choice_labels))
        # (a choice whose label is its id, "Extreme" for "extreme", reads as the same word)
        ids = {c for c in option.choices if isinstance(c, str) and labels.get(c, "").lower() != c} | names
        for word in sorted(ids):
            if re.search(rf"(?<![\w'-]){re.escape(word)}(?=:)", option.help) or (
                    "_" in word and re.search(rf"\b{re.escape(word)}\b", option.help)) or f"'{word}'" in option.help:
                found.append(f"{option.name}: {word!r} in {option.help!r}")
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_option_help_names_choices_in_words_not_ids(game_id):
    assert not ids_in_help(games.get(game_id))


def test_the_option_scan_finds_ids():
    from meeple.engine import Option

    class Box:
        options = (Option("trump", "turn_up", "turn_up: a card turned up; junk: by bids", choices=("turn_up", "junk")),
                   Option("setup", "first", "first, or chosen (the 'mode' option)", choices=("first", "chosen")),
                   Option("mode", "open", "Said aloud, or made together", choices=("open", "hidden")),
                   Option("level", "easy", "easy: few; hard: many", choices=("easy", "hard"),
                          choice_labels=("Easy", "Hard")))
    found = ids_in_help(Box)
    assert len(found) == 3 and not any(f.startswith(("mode:", "level:")) for f in found), found

"""Log lines and prompts in words for people: no hex coordinates, tile codes or compass letters
(issue 18), counts with their noun in the right number."""

import re

import pytest

from meeple.engine import Rng
from tests.playouts import texts_along

from .helpers import GAME

CODES = {
    "hex coordinates": re.compile(r"-?\d+,-?\d+"),
    "a tile code": re.compile(r"\b[BDM]{2}\b"),
    "a compass letter": re.compile(r"\b(E|NE|NW|W|SW|SE)\b"),
    "a digit for a direction": re.compile(r"\b0-5\b"),
    "one with a plural noun": re.compile(r"(?<![\d-])(?<!Seat )(?<!seat )(?<!level )1 [a-z]+s\b"),
}




@pytest.mark.parametrize("n, options", [(2, None), (3, {"setup": "draft"}), (4, {"setup": "random"})])
def test_log_lines_and_prompts_show_no_engine_codes(n, options):
    seen = set()
    for seed in range(2):
        for text in texts_along(GAME, n, seed, options):
            seen.add(text)
            for what, pattern in CODES.items():
                assert not pattern.search(text), f"{what} in {text!r}"
    assert any(re.match(r"Seat \d's draw: Black Smoker, ", t) for t in seen)
    assert any(re.fullmatch(r"Seat \d places an? [a-z ]+ on an? [A-Z][a-z]+ [A-Z][a-z]+ hex \(level \d\)\.", t)
               for t in seen)
    assert any(re.fullmatch(r"Seat \d lays a tile \(Black Smoker, [A-Za-z ]+, [A-Za-z ]+\) (on the seafloor|up on "
                            r"a plateau, level \d), turned [a-z-]+\.", t) for t in seen)


def test_the_bag_count_says_tile_or_tiles():
    state = GAME.setup(2, None, 0)
    texts = []
    rng = Rng(0)
    while seats := sorted(GAME.to_move(state)):
        moves = GAME.legal_moves(state, seats[0])
        texts += [e.text for e in GAME.apply(state, seats[0], moves[rng.next_u64() % len(moves)])]
    counts = [t for t in texts if "left in the bag" in t]
    assert "Seat 1 draws a tile (1 tile left in the bag)." in counts or \
        "Seat 2 draws a tile (1 tile left in the bag)." in counts
    assert any(re.search(r"\(\d{2} tiles left in the bag\)", t) for t in counts)

"""Log lines and prompts in words for people (issue 18): tiles by their category and icons, stops by the
two town tiles beside them (a1 to d4 are drawn on the town), counts with their noun in the right number."""

import re

import pytest

from meeple.games import get
from tests.playouts import texts_along

GAME = get("letters_home")

CODES = {
    "icons joined by +": re.compile(r"\w\+\w"),
    "a stop as a1-a2": re.compile(r"\b[a-d][1-4]-[a-d][1-4]\b"),
    "a bare space number": re.compile(r"\(space \d"),
    "one with a plural noun": re.compile(r"(?<![\d-])(?<!Seat )(?<!seat )(?<!space )1 [a-z]+s\b"),
}




@pytest.mark.parametrize("n", [2, 3, 4])
def test_log_lines_and_prompts_show_no_engine_codes(n):
    seen = set()
    for seed in range(2):
        for text in texts_along(GAME, n, seed):
            seen.add(text)
            for what, pattern in CODES.items():
                assert not pattern.search(text), f"{what} in {text!r}"
    tile = r"an? (person|place|event) tile( with [a-z]+((, [a-z]+)* and [a-z]+)?)?"
    assert any(re.fullmatch(rf"Seat \d takes {tile} from [a-d][1-4] to corkboard space \d+\.", t) for t in seen)
    assert any(re.fullmatch(r"Seat \d walks to the stop between [a-d][1-4] and [a-d][1-4]( \(a postbox stop\))?\.", t)
               for t in seen)
    assert any(re.fullmatch(rf"Seat \d writes home about '[a-z ]+', flipping {tile} \(corkboard space \d+\)\.", t)
               for t in seen)
    assert any(re.fullmatch(rf"A{tile[2:]} fills [a-d][1-4]\.", t) for t in seen)

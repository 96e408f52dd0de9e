"""The position head every game writes and reads, and whole numbers checked against their range."""

import pytest

from meeple.engine import PositionError, Rng, position_head, read_head, whole, wholes
from meeple.engine.position import Pieces
from meeple.games import get

GAME = get("picnic")  # 2 to 4 players


class _State:
    n = 3
    rng = Rng(42)


def test_the_head_round_trips():
    head = position_head(GAME, _State(), 7)
    assert head == {"game": "picnic", "version": 7, "players": 3, "rng": _State.rng.state}
    n, rng = read_head(GAME, head, 7)
    assert n == 3 and rng.state == _State.rng.state and rng is not _State.rng


def test_a_missing_version_or_rng_reads_as_this_version_and_zero():
    n, rng = read_head(GAME, {"game": "picnic", "players": 2}, 1)
    assert n == 2 and rng.state == 0


@pytest.mark.parametrize("change, message", [
    ({"version": 2}, "Unsupported Picnic position version 2 \\(this is version 1\\)"),
    ({"players": 5}, "Picnic is for 2 to 4 players, not 5"),
    ({"players": 1}, "2 to 4 players"),
    ({"players": True}, "2 to 4 players"),
    ({"players": "3"}, "2 to 4 players"),
])
def test_a_bad_head_is_refused_in_words(change, message):
    data = {"game": "picnic", "version": 1, "players": 3, "rng": 5, **change}
    with pytest.raises(PositionError, match=message):
        read_head(GAME, data, 1)


def test_whole_numbers_in_range():
    assert whole(3, 0, 3, "turn") == 3
    for bad in (-1, 4, True, 2.0, "2", None):
        with pytest.raises(PositionError, match="'turn' must be a whole number from 0 to 3"):
            whole(bad, 0, 3, "turn")


def test_lists_of_whole_numbers_in_range():
    given = [0, 3, 1]
    assert wholes(given, 0, 3, "discard") == given and wholes(given, 0, 3, "discard") is not given
    for bad in ([0, 4], [True], [1.0], "12", None, [None]):
        with pytest.raises(PositionError, match="'discard' must list whole numbers from 0 to 3"):
            wholes(bad, 0, 3, "discard")


def test_pieces_are_placed_each_once_by_number_or_name():
    def read(name):
        if name not in ("a", "b", "c"):
            raise ValueError(f"'{name}' is no letter")
        return "abc".index(name)

    letters = Pieces("letter", 3, "a letter is 0 to 2 or a to c", read=read, label=lambda k: repr("abc"[k]))
    assert letters.take("b", "hand") == 1 and letters.take(0, "deck") == 0
    assert letters.rest() == [2]
    for entry, message in ((True, "hand: a letter is 0 to 2 or a to c."), (3, "a letter is 0 to 2"),
                           ("z", "hand: 'z' is no letter."), (1, "hand: letter 'b' is used twice.")):
        with pytest.raises(PositionError, match=message):
            letters.take(entry, "hand")
    assert letters.rest() == [2]  # a refused piece is not placed

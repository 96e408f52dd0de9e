"""Declared move kinds (engine/moves.py): interned moves, JSON and text derived from one declaration."""

from __future__ import annotations

import pickle
from typing import NamedTuple

import pytest

from meeple.engine import Field, Notation, NotationError, ints, move_kind, moves_of, names, plain_move, table_of


@move_kind(key="bid", aliases=("b",), glued=True, tricks=ints(0, 5))
class Bid(NamedTuple):
    tricks: int


@move_kind(key="go", word="", pile=ints(0, 2, text_from=1), side=names(("up", "down"), json="way", default=0))
class Go(NamedTuple):
    pile: int
    side: int


@move_kind(key="bid", const="none")
class NoBid(NamedTuple):
    pass


NOTATION = Notation("Toy", Bid, Go, NoBid, hint="Type bid 2 or a pile and a side.")


def test_interned_moves_and_tables():
    assert moves_of(Bid) == tuple(Bid(n) for n in range(6))
    assert table_of(Go)[2, 1] is moves_of(Go)[5]
    assert table_of(Bid)[3] is moves_of(Bid)[3]
    assert NOTATION.all_moves()[:6] == moves_of(Bid)


def test_kinds_never_equal_across_kinds():
    @move_kind(key="other", n=ints(0, 5))
    class Other(NamedTuple):
        n: int

    assert Bid(1) != Other(1) and not Bid(1) == Other(1) and hash(Bid(1)) == hash(Other(1))


def test_json_round_trip_returns_the_interned_move():
    for move in NOTATION.all_moves():
        assert NOTATION.from_json(NOTATION.to_json(move)) is move
        assert NOTATION.parse(NOTATION.to_text(move)) is move
    assert NOTATION.to_json(Go(1, 1)) == {"go": 1, "way": "down"}
    assert NOTATION.from_json({"go": 2}) is table_of(Go)[2, 0]  # "way" has a default
    assert NOTATION.from_json({"bid": "none"}) is moves_of(NoBid)[0]


@pytest.mark.parametrize("data, message", [
    ({"bid": 6}, '"bid": expected a number from 0 to 5'),
    ({"bid": True}, '"bid": expected a number from 0 to 5'),
    ({"go": 0, "way": "sideways"}, '"way": expected one of up, down'),
    ({"go": 0, "extra": 1}, 'Unknown Toy move {\'go\': 0, \'extra\': 1}. Write it as in {"go": 0, "way": "up"}.'),
    ({"bid": "none", "x": 1}, 'Write it as in {"bid": "none"} or {"bid": 0}.'),  # the forms of the kinds its key names
    ({"bid": 1.0}, '"bid": expected a number from 0 to 5'),
    ([1], 'A Toy move is an object such as {"bid": 0}, {"go": 0, "way": "up"}, {"bid": "none"}'),
])
def test_bad_json_is_refused_in_words(data, message):
    with pytest.raises(NotationError, match=message.replace("{", r"\{").replace("}", r"\}")):
        NOTATION.from_json(data)


def test_a_kind_without_fields_takes_its_const_exactly():
    @move_kind(key="keep")
    class Keep(NamedTuple):
        pass

    notation = Notation("Toy", Keep, hint="Type keep.")
    assert notation.from_json({"keep": True}) is moves_of(Keep)[0]
    for data in ({"keep": 1}, {"keep": False}, {"keep": True, "x": 1}):
        with pytest.raises(NotationError, match="Unknown Toy move"):
            notation.from_json(data)


Skip, SKIP = plain_move("Skip", key="skip", aliases=("pass",))


def test_plain_move_is_a_kind_without_fields_in_one_line():
    notation = Notation("Toy", Skip, Bid, hint="Type skip.")
    assert SKIP is moves_of(Skip)[0] and repr(SKIP) == "Skip()" and SKIP.__class__ is Skip
    assert notation.from_json({"skip": True}) is SKIP and notation.to_json(SKIP) == {"skip": True}
    assert notation.parse("skip") is notation.parse("pass") is SKIP and notation.to_text(SKIP) == "skip"
    assert SKIP != () and hash(SKIP) == hash(()) and SKIP != moves_of(NoBid)[0]  # a kind, not a bare tuple
    assert pickle.loads(pickle.dumps(SKIP)) == SKIP  # the class is found where it was declared


def test_packed_fields_are_one_json_list():
    @move_kind(key="push", packed=True, src=ints(1, 3), dst=ints(1, 3))
    class Push(NamedTuple):
        src: int
        dst: int

    notation = Notation("Toy", Push, hint="Type push 1 2.")
    assert notation.to_json(Push(1, 2)) == {"push": [1, 2]}
    assert notation.from_json({"push": [1, 2]}) is table_of(Push)[1, 2]
    for data in ({"push": 1}, {"push": [1]}, {"push": [1, 2], "x": 0}):
        with pytest.raises(NotationError, match="Unknown Toy move"):
            notation.from_json(data)


def test_text_words_aliases_and_glued():
    assert NOTATION.to_text(Bid(2)) == "bid 2" and NOTATION.to_text(Go(0, 1)) == "1 down"
    assert NOTATION.parse("b2") is NOTATION.parse("B 2") is NOTATION.parse("bid 2") is moves_of(Bid)[2]
    with pytest.raises(NotationError, match="'9' is not a number from 0 to 5. Type bid 2"):
        NOTATION.parse("bid 9")
    with pytest.raises(NotationError, match="Cannot read 'hello'. Type bid 2"):
        NOTATION.parse("hello")
    with pytest.raises(NotationError, match="Nothing typed. Type bid 2"):
        NOTATION.parse("  ")


def test_a_declaration_names_every_field():
    with pytest.raises(TypeError, match="declares fields"):
        @move_kind(key="x", a=Field((1, 2)))
        class X(NamedTuple):
            b: int


def _spot_from_json(data) -> int:
    if not isinstance(data, list) or len(data) != 2 or not all(type(x) is int for x in data):
        raise ValueError("expected a spot [x, y], two whole numbers")
    return data[0] * 1000 + data[1]


def _spot_from_text(word: str) -> int:
    try:
        x, y = map(int, word.split(","))
    except ValueError:
        raise ValueError(f"'{word}' is not a spot: write it as x,y") from None
    return x * 1000 + y


_SPOT = dict(dump=lambda s: [s // 1000, s % 1000], show=lambda s: f"{s // 1000},{s % 1000}", load=_spot_from_json,
             read=_spot_from_text, what="a spot [x, y]", example=0)


@move_kind(key="drop", aliases=("d",), at=Field(None, **_SPOT))
class Drop(NamedTuple):
    at: int


@move_kind(key="slide", packed=True, src=Field(None, **_SPOT), dst=Field(None, **_SPOT))
class Slide(NamedTuple):
    src: int
    dst: int


SPOTS = Notation("Toy", Drop, Slide, Skip, hint="Type drop x,y.", separators="", complete=False)


def test_a_field_without_listed_values_makes_its_moves_on_demand():
    drops = table_of(Drop)
    assert drops[2003] is drops[2003] is table_of(Drop)[2003] == Drop(2003)  # one table, interning as asked
    assert table_of(Slide)[1, 2] is table_of(Slide)[1, 2] == Slide(1, 2)
    with pytest.raises(TypeError, match="made on demand"):
        moves_of(Drop)
    assert SPOTS.all_moves() == (SKIP,)
    assert SPOTS.to_json(drops[2003]) == {"drop": [2, 3]} and SPOTS.to_text(drops[2003]) == "drop 2,3"
    assert SPOTS.from_json({"drop": [2, 3]}) is drops[2003] and SPOTS.parse("d 2,3") is drops[2003]
    assert SPOTS.to_json(Slide(1001, 7)) == {"slide": [[1, 1], [0, 7]]}
    assert SPOTS.to_text(Slide(1, 2)) == "slide 0,1 0,2"
    assert SPOTS.from_json({"slide": [[1, 1], [0, 7]]}) == Slide(1001, 7) == SPOTS.parse("slide 1,1 0,7")
    SPOTS.from_json({"drop": [9, 9]}), SPOTS.parse("drop 8,8")
    assert 9009 not in drops and 8008 not in drops  # what players send does not grow the table
    assert SPOTS.json_hint == 'A Toy move is an object such as {"drop": [0, 0]}, {"slide": [[0, 0], [0, 0]]}, ' \
                              '{"skip": true}.'
    with pytest.raises(TypeError, match="complete=False"):
        Notation("Toy", Drop, hint="")
    with pytest.raises(TypeError, match="example"):
        Field(None, load=int, read=int, what="a number")


@pytest.mark.parametrize("data, message", [
    ({"drop": [1]}, '"drop": expected a spot [x, y], two whole numbers, as in {"drop": [0, 0]}.'),
    ({"slide": [[0, 0], 5]},
     '"slide"[1]: expected a spot [x, y], two whole numbers, as in {"slide": [[0, 0], [0, 0]]}.'),
    ({"slide": [[0, 0]]}, "Unknown Toy move"),
])
def test_a_field_without_listed_values_refuses_bad_json_in_words(data, message):
    with pytest.raises(NotationError) as refused:
        SPOTS.from_json(data)
    assert str(refused.value).startswith(message)


def test_a_field_without_listed_values_refuses_bad_text_in_words():
    with pytest.raises(NotationError, match="'x,y' is not a spot: write it as x,y. Type drop x,y."):
        SPOTS.parse("drop x,y")
    with pytest.raises(NotationError, match="Cannot read 'drop'. Type drop x,y."):
        SPOTS.parse("drop")


@move_kind(key="play", card=ints(1, 3), times=Field((1, 2), show=lambda t: "x2" if t == 2 else "", default=1,
                                                   omit=True, what="x2 or nothing"))
class Play(NamedTuple):
    card: int
    times: int


def test_a_field_omitted_from_the_text_at_its_default():
    notation = Notation("Toy", Play, hint="Type play 1.")
    plays = table_of(Play)
    assert notation.to_text(plays[2, 1]) == "play 2" and notation.to_text(plays[2, 2]) == "play 2 x2"
    assert notation.parse("play 2") is plays[2, 1] and notation.parse("play 2 x2") is plays[2, 2]
    assert notation.to_json(plays[2, 1]) == {"play": 2, "times": 1}  # the JSON keeps it
    with pytest.raises(NotationError, match="'x3' is not x2 or nothing"):
        notation.parse("play 2 x3")
    with pytest.raises(NotationError, match="Cannot read 'play'"):
        notation.parse("play")
    with pytest.raises(TypeError, match="only the last fields"):
        @move_kind(key="x", a=Field((1, 2), default=1, omit=True), b=ints(0, 1))
        class X(NamedTuple):
            a: int
            b: int
    with pytest.raises(TypeError, match="needs the default"):
        Field((1, 2), omit=True)


@move_kind(key="place", word="", packed=True, joined="@", kind=ints(1, 8), node=ints(1, 20))
class Place(NamedTuple):
    kind: int
    node: int


def test_fields_joined_by_a_sign_in_text():
    notation = Notation("Toy", Place, Bid, hint="Type 4@13.", separators="@")
    assert notation.to_text(table_of(Place)[4, 13]) == "4@13" and notation.to_text(moves_of(Bid)[2]) == "bid 2"
    assert notation.parse("4@13") is notation.parse("4 13") is table_of(Place)[4, 13]


@move_kind(key="note", card=ints(1, 5), drop=Field(range(-1, 3), show=lambda d: str(d) if d >= 0 else "", default=-1,
                                                   omit=True, label=("drop", "let-go"), what="a slot from 0 to 2"))
class Note(NamedTuple):
    card: int
    drop: int


def test_a_field_written_after_its_label():
    notation = Notation("Toy", Note, hint="Type note 1.", separators="")  # "let-go" one word
    notes = table_of(Note)
    assert notation.to_text(notes[3, -1]) == "note 3" and notation.to_text(notes[3, 1]) == "note 3 drop 1"
    assert notation.parse("note 3 drop 1") is notation.parse("note 3 let-go 1") is notes[3, 1]
    assert notation.parse("note 3") is notes[3, -1] and notation.to_json(notes[3, 1]) == {"note": 3, "drop": 1}
    with pytest.raises(NotationError, match="'dropp' where 'drop' was expected. Type note 1."):
        notation.parse("note 3 dropp 1")
    for text in ("note 3 1", "note 3 drop"):  # the label and its value go together
        with pytest.raises(NotationError, match="Cannot read"):
            notation.parse(text)

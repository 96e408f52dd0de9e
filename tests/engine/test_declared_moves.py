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
    ({"go": 0, "extra": 1}, "Unknown Toy move"),
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

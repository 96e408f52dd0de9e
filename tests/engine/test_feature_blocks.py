"""The blocks games' learner features share (engine/features.py)."""

from __future__ import annotations

import pytest

from meeple.engine.features import many_hot, one_of, slots, tally


def test_many_hot_marks_each_index_once():
    assert many_hot([2, 0, 2], 4) == [1.0, 0.0, 1.0, 0.0]
    assert many_hot((), 2) == [0.0, 0.0]


def test_tally_adds_for_every_copy():
    assert tally([1, 1, 3], 4) == [0.0, 2.0, 0.0, 1.0]
    assert tally([0, 0], 2, each=0.25) == [0.5, 0.0]


def test_one_of_names_a_place_among_options():
    assert one_of("b", ("a", "b", "c")) == [0.0, 1.0, 0.0]
    with pytest.raises(ValueError):
        one_of("z", ("a", "b"))  # a value the block has no place for is a bug, not a zero row


def test_slots_pads_empty_places_with_the_encoding_of_none():
    def encode(item):
        return [0.0, 0.0] if item is None else [1.0, float(item)]

    assert slots([5, 7], 3, encode) == [1.0, 5.0, 1.0, 7.0, 0.0, 0.0]
    assert slots([5, 7, 9], 2, encode) == [1.0, 5.0, 1.0, 7.0]  # only the first k places

"""LogEntry: plain and lazy entries are the same values; a lazy one makes its text once, when read."""

import copy
import pickle

import pytest

from meeple.engine import ALL, LogEntry


def test_a_lazy_entry_makes_its_text_only_when_read_and_only_once():
    calls = []

    def words(seat, tricks):
        calls.append((seat, tricks))
        return f"Seat {seat + 1} predicts {tricks}."

    entry = LogEntry.lazy(words, (0, 2), 0)
    assert calls == []
    assert entry.seat == 0 and entry.only is None and calls == []
    assert entry.text == "Seat 1 predicts 2."
    assert entry.text == "Seat 1 predicts 2."
    assert calls == [(0, 2)]


def test_lazy_and_plain_entries_are_equal_values():
    plain = LogEntry("You draw a card.", 1, frozenset((1,)))
    lazy = LogEntry.lazy("You draw {}.".format, ("a card",), 1, frozenset((1,)))
    assert lazy == plain and hash(lazy) == hash(plain)
    assert lazy.to_json() == plain.to_json() == {"text": "You draw a card.", "seat": 1, "only": [1]}
    assert repr(lazy) == repr(plain) == "LogEntry(text='You draw a card.', seat=1, only=frozenset({1}))"
    assert lazy != LogEntry("You draw a card.", 2, frozenset((1,)))
    assert lazy != LogEntry("You draw a card.", 1)
    assert lazy != "You draw a card."


def test_only_the_named_seats_read_a_private_entry():
    lazy = LogEntry.lazy(str.upper, ("secret",), 0, frozenset((0,)))
    assert lazy.visible_to(0) and lazy.visible_to(ALL)
    assert not lazy.visible_to(1) and not lazy.visible_to(None)
    assert LogEntry("public").visible_to(None)


def test_entries_are_read_only_and_survive_pickle_and_copy():
    lazy = LogEntry.lazy("Round {} scores.".format, (3,), None)
    for attribute in ("text", "seat", "only"):
        with pytest.raises(AttributeError):
            setattr(lazy, attribute, "changed")
    for other in (pickle.loads(pickle.dumps(lazy)), copy.copy(lazy), copy.deepcopy(lazy)):
        assert other == LogEntry("Round 3 scores.") and other.text == "Round 3 scores."

"""`parse_options`: the engine's reading of `--option name=value` pairs (the cli and the analysis tools use it)."""

import pytest

from meeple.engine import OptionError
from meeple.engine.options import parse_options


def test_values_are_json_where_they_parse_and_strings_otherwise():
    pairs = ["short=true", "rounds=3", 'species=["a","b"]', "mode=first", "note=a=b"]
    assert parse_options(pairs) == {"short": True, "rounds": 3, "species": ["a", "b"], "mode": "first",
                                    "note": "a=b"}


def test_no_pairs_is_no_options():
    assert parse_options(None) == {}
    assert parse_options([]) == {}


def test_a_pair_without_equals_says_how_to_write_it():
    with pytest.raises(OptionError, match="written name=value, not 'short'"):
        parse_options(["short"])

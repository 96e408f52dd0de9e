"""Assyria's moves in words for players ("buy a 1-date card", "send a hut to the higher dignitary"),
made from the move's notation ("buy date1", "assur higher"); hexes keep the names the map prints."""

from __future__ import annotations

from .components import KIND_NAMES
from .lines import KIND_WORDS

_CARDS = {**dict(zip(KIND_NAMES, KIND_WORDS)), "plow": "the plow"}
_ON_A_HEX = {"start": "start on {}", "hut": "place a hut on {}", "feed": "feed the hut on {}",
             "build": "build a ziggurat on {}", "extend": "add a level to the ziggurat on {}"}
_PLAIN = {"done": "end this step", "plow": "buy a plow", "no-well": "no more wells"}


def move_words(text: str) -> str:
    """The words for a move written `text` in the notation; the notation itself for anything else."""
    verb, _, rest = text.partition(" ")
    if verb in _PLAIN and not rest:
        return _PLAIN[verb]
    if verb in ("draft", "use", "buy") and rest in _CARDS:
        return f"{'take' if verb == 'draft' else verb} {_CARDS[rest]}"
    if verb in _ON_A_HEX and rest:
        return _ON_A_HEX[verb].format(rest)
    if verb == "assur":
        return f"send a hut to the {rest} dignitary in Assur"
    if verb == "offer":
        return f"offer {rest} camel{'s' if rest != '1' else ''} to the gods"
    if verb == "column":
        return f"harvest column {rest}"
    if verb == "well":
        return "dig a well here"
    return text

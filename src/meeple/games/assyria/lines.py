"""Assyria's frequent log lines, each built once and shared after: a random playout writes hundreds,
and formatting them anew was a fifth of its time. The commonest are tables by seat (built at import,
looked up without a call); the rest are made on first use. Lines about several huts take the huts
as a bit mask."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from meeple.engine import LogEntry

from .bits import hexes
from .components import (
    DIGNITARY_NAMES,
    FOODS,
    HEX_FOOD,
    HEX_LABEL,
    KIND_FOOD,
    KIND_SYMBOLS,
    N_HEXES,
    N_KINDS,
    OFFERING_TOP,
    WILD,
)
from .moves import PLOW_KIND

SEAT_NAMES = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")  # the hall shows players' names for "Seat N"

# A food card in words ("a 3-grape card"), never its move code ("grape3"); the plow last.
KIND_WORDS = (*("a wild card" if k == WILD else f"a {KIND_SYMBOLS[k]}-{FOODS[KIND_FOOD[k]]} card"
                for k in range(N_KINDS)), "the plow")


def _hexes(huts: int) -> str:
    return ", ".join(HEX_LABEL[h] for h in hexes(huts))


def _card(kind: int) -> str:
    return "a plow" if kind == PLOW_KIND else KIND_WORDS[kind]


def _said(words: Callable[..., str], maxsize: int | None = None) -> Callable[..., LogEntry]:
    """The line `words(s, ...)` of seat `s`, made once for each set of arguments (`maxsize`: at most
    so many kept, for lines keyed by a set of huts, of which there are many)."""
    def line(s: int, *args) -> LogEntry:
        return LogEntry(words(s, *args), s)
    return cache(line) if maxsize is None else lru_cache(maxsize)(line)


def _public(words: Callable[..., str]) -> Callable[..., LogEntry]:
    """A line about no seat, made once for each set of arguments."""
    return cache(lambda *args: LogEntry(words(*args)))


hut = _said(lambda s, h: f"{SEAT_NAMES[s]} places a hut on {HEX_LABEL[h]} ({FOODS[HEX_FOOD[h]]}).")
start = _said(lambda s, h: f"{SEAT_NAMES[s]} starts with a ziggurat on {HEX_LABEL[h]}.")
resupply = _said(lambda s, h: f"{SEAT_NAMES[s]} resupplies the hut on {HEX_LABEL[h]}.")
draft = _said(lambda s, kind: f"{SEAT_NAMES[s]} takes {KIND_WORDS[kind]}.")
uses = _said(lambda s, kind: f"{SEAT_NAMES[s]} uses {_card(kind)}.")
uses_on = _said(lambda s, kind, huts: f"{SEAT_NAMES[s]} uses {_card(kind)} to resupply {_hexes(huts)}.", 1 << 14)
famine = _said(lambda s, lost: f"Famine: {SEAT_NAMES[s]} loses {lost.bit_count()} unfed "
                               f"hut{'s' if lost.bit_count() > 1 else ''} ({_hexes(lost)}).", 1 << 14)
income = _said(lambda s, villages, levels, camels: f"{SEAT_NAMES[s]} scores {villages} for villages and {levels} "
                                                   f"for ziggurat levels, and collects {camels} camels.")
build = _said(lambda s, h: f"{SEAT_NAMES[s]} builds a ziggurat on {HEX_LABEL[h]}.")
extend = _said(lambda s, h, level: f"{SEAT_NAMES[s]} adds a {'centre' if level == 1 else 'roof'} to the ziggurat "
                                   f"on {HEX_LABEL[h]}.")
assur = _said(lambda s, level: f"{SEAT_NAMES[s]} sends a hut to the {DIGNITARY_NAMES[level]} dignitary in Assur.")
offer = _said(lambda s, camels, track: f"{SEAT_NAMES[s]} offers {camels} camel{'s' if camels > 1 else ''} "
                                       f"(track {track}).")
buy = _said(lambda s, kind: f"{SEAT_NAMES[s]} buys {KIND_WORDS[kind]}.")
plow = _said(lambda s: f"{SEAT_NAMES[s]} buys a plow card.")
done = _said(lambda s: f"{SEAT_NAMES[s]} ends their actions.")
harvest = _said(lambda s, col, first, second: f"{SEAT_NAMES[s]} harvests column {col + 1}: {KIND_WORDS[first]} "
                                              f"and {KIND_WORDS[second]}.")
well = _said(lambda s, w, points: f"{SEAT_NAMES[s]} digs well {w + 1} for {points} points.")
river_huts = _said(lambda s, count: f"{SEAT_NAMES[s]} loses {count} river hut{'s' if count > 1 else ''}.")
assur_scores = _said(lambda s, points: f"Assur: {SEAT_NAMES[s]} scores {points}.")
higher = _said(lambda s, points: f"{SEAT_NAMES[s]} scores {points} with the higher dignitary.")
middle_plow = _said(lambda s: f"{SEAT_NAMES[s]} takes a plow card from the middle dignitary.")
offerings = _said(lambda s, points: f"{SEAT_NAMES[s]} scores {points} for offerings.")
order = _public(lambda seats: "Turn order: " + ", ".join(SEAT_NAMES[s] for s in seats) + ".")
new_turn = _public(lambda reign, turn, expansion: f"Reign {reign}, turn {turn}: expansion card {expansion}.")
flood = _public(lambda reign: f"The flood ends reign {reign}.")


# Tables by seat: HUT[s][h] is hut(s, h), and so on.
_SEATS = range(len(SEAT_NAMES))
HUT = tuple(tuple(hut(s, h) for h in range(N_HEXES)) for s in _SEATS)
RESUPPLY = tuple(tuple(resupply(s, h) for h in range(N_HEXES)) for s in _SEATS)
USES = tuple(tuple(uses(s, k) for k in range(N_KINDS + 1)) for s in _SEATS)
BUILD = tuple(tuple(build(s, h) for h in range(N_HEXES)) for s in _SEATS)
ASSUR = tuple(tuple(assur(s, level) for level in range(3)) for s in _SEATS)
OFFER = tuple(tuple(tuple(offer(s, c, t) if c else None for t in range(OFFERING_TOP + 1)) for c in range(4))
              for s in _SEATS)  # OFFER[s][camels][track after]
BUY = tuple(tuple(buy(s, k) for k in range(N_KINDS)) for s in _SEATS)
PLOW = tuple(plow(s) for s in _SEATS)
DONE = tuple(done(s) for s in _SEATS)

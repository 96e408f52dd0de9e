"""Assyria's frequent log lines, each built once and shared after: a random playout writes hundreds,
and formatting them anew was a fifth of its time. The commonest are tables by seat (built at import,
looked up without a call); the rest are made on first use. Lines about several huts take the huts
as a bit mask."""

from __future__ import annotations

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


@cache
def hut(s: int, h: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} places a hut on {HEX_LABEL[h]} ({FOODS[HEX_FOOD[h]]}).", s)


@cache
def start(s: int, h: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} starts with a ziggurat on {HEX_LABEL[h]}.", s)


@cache
def resupply(s: int, h: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} resupplies the hut on {HEX_LABEL[h]}.", s)


@cache
def draft(s: int, kind: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} takes {KIND_WORDS[kind]}.", s)


def _card(kind: int) -> str:
    return "a plow" if kind == PLOW_KIND else KIND_WORDS[kind]


@cache
def uses(s: int, kind: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} uses {_card(kind)}.", s)


@lru_cache(maxsize=1 << 14)  # keyed by a set of huts: bounded, the sets are many
def uses_on(s: int, kind: int, huts: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} uses {_card(kind)} to resupply {_hexes(huts)}.", s)


@lru_cache(maxsize=1 << 14)
def famine(s: int, lost: int) -> LogEntry:
    count = lost.bit_count()
    plural = "s" if count > 1 else ""
    return LogEntry(f"Famine: {SEAT_NAMES[s]} loses {count} unfed hut{plural} ({_hexes(lost)}).", s)


@cache
def income(s: int, villages: int, levels: int, camels: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} scores {villages} for villages and {levels} for ziggurat levels, "
                    f"and collects {camels} camels.", s)


@cache
def build(s: int, h: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} builds a ziggurat on {HEX_LABEL[h]}.", s)


@cache
def extend(s: int, h: int, level: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} adds a {'centre' if level == 1 else 'roof'} to the ziggurat on "
                    f"{HEX_LABEL[h]}.", s)


@cache
def assur(s: int, level: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} sends a hut to the {DIGNITARY_NAMES[level]} dignitary in Assur.", s)


@cache
def offer(s: int, camels: int, track: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} offers {camels} camel{'s' if camels > 1 else ''} (track {track}).", s)


@cache
def buy(s: int, kind: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} buys {KIND_WORDS[kind]}.", s)


@cache
def plow(s: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} buys a plow card.", s)


@cache
def done(s: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} ends their actions.", s)


@cache
def harvest(s: int, col: int, first: int, second: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} harvests column {col + 1}: {KIND_WORDS[first]} and {KIND_WORDS[second]}.", s)


@cache
def order(seats: tuple) -> LogEntry:
    return LogEntry("Turn order: " + ", ".join(SEAT_NAMES[s] for s in seats) + ".")


@cache
def new_turn(reign: int, turn: int, expansion: int) -> LogEntry:
    return LogEntry(f"Reign {reign}, turn {turn}: expansion card {expansion}.")


@cache
def well(s: int, w: int, points: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} digs well {w + 1} for {points} points.", s)


@cache
def flood(reign: int) -> LogEntry:
    return LogEntry(f"The flood ends reign {reign}.")


@cache
def river_huts(s: int, count: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} loses {count} river hut{'s' if count > 1 else ''}.", s)


@cache
def assur_scores(s: int, points: int) -> LogEntry:
    return LogEntry(f"Assur: {SEAT_NAMES[s]} scores {points}.", s)


@cache
def higher(s: int, points: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} scores {points} with the higher dignitary.", s)


@cache
def middle_plow(s: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} takes a plow card from the middle dignitary.", s)


@cache
def offerings(s: int, points: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} scores {points} for offerings.", s)


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

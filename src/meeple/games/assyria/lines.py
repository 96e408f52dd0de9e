"""Assyria's frequent log lines, each built once (on first use) and shared after: a random
playout writes hundreds, and formatting them anew was a fifth of its time."""

from __future__ import annotations

from functools import cache

from meeple.engine import LogEntry

from .components import DIGNITARY_NAMES, FOODS, HEX_FOOD, HEX_LABEL, KIND_NAMES
from .moves import PLOW_KIND

SEAT_NAMES = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")  # the hall shows players' names for "Seat N"


def _hexes(huts: tuple) -> str:
    return ", ".join(HEX_LABEL[h] for h in huts)


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
    return LogEntry(f"{SEAT_NAMES[s]} takes {KIND_NAMES[kind]}.", s)


def _card(kind: int) -> str:
    return "a plow" if kind == PLOW_KIND else KIND_NAMES[kind]


@cache
def uses(s: int, kind: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} uses {_card(kind)}.", s)


@cache
def uses_on(s: int, kind: int, huts: tuple) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} uses {_card(kind)} to resupply {_hexes(huts)}.", s)


@cache
def famine(s: int, lost: tuple) -> LogEntry:
    plural = "s" if len(lost) > 1 else ""
    return LogEntry(f"Famine: {SEAT_NAMES[s]} loses {len(lost)} unfed hut{plural} ({_hexes(lost)}).", s)


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
    return LogEntry(f"{SEAT_NAMES[s]} buys {KIND_NAMES[kind]}.", s)


@cache
def plow(s: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} buys a plow card.", s)


@cache
def done(s: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} ends their actions.", s)


@cache
def harvest(s: int, col: int, first: int, second: int) -> LogEntry:
    return LogEntry(f"{SEAT_NAMES[s]} harvests column {col + 1}: {KIND_NAMES[first]} and {KIND_NAMES[second]}.", s)


@cache
def order(seats: tuple) -> LogEntry:
    return LogEntry("Turn order: " + ", ".join(SEAT_NAMES[s] for s in seats) + ".")


@cache
def new_turn(reign: int, turn: int, expansion: int) -> LogEntry:
    return LogEntry(f"Reign {reign}, turn {turn}: expansion card {expansion}.")

"""Stand-in bots told plainly and ranked fairly (issue 35).

A table keeps when a bot played a human's seat: `{"seat", "reason", "from", "until"}`, a bot
played `seat` for the moves after move `from` up to move `until` (None: to the end), because its
clock ran out or its player left (`protocol.StandIn`). From that record the log says in words when
it happened and that a bot plays on, the log lines of the bot's moves name the bot, not the
player, and a seat that a bot played to the end is ranked last at the table: leaving never
saves a rating, and a bot's play never earns one.
"""

from __future__ import annotations

import re

from meeple.engine import LogEntry

from .protocol import StandIn

_GONE = {StandIn.TIMEOUT: "Seat {n}'s clock ran out: a bot plays on for them from here.",
         StandIn.LEFT: "Seat {n} left the table: a bot plays on for them from here."}
_BACK = "Seat {n} is back and plays on."
_RESULT = {StandIn.TIMEOUT: "Seat {n}'s clock ran out; a bot played on: {rated} last.",
           StandIn.LEFT: "Seat {n} left; a bot played on: {rated} last."}


def opened(periods: list[dict], seat: int, reason: StandIn, seq: int) -> list[dict]:
    """The record after a bot takes `seat` once `seq` moves are stored."""
    return [*periods, {"seat": seat, "reason": str(reason), "from": seq, "until": None}]


def closed(periods: list[dict], seat: int, seq: int) -> list[dict]:
    """The record after the player takes `seat` back once `seq` moves are stored."""
    return [{**p, "until": seq} if p["seat"] == seat and p["until"] is None else p for p in periods]


def by_bot(periods: list[dict], seat: int, seq: int) -> bool:
    """Whether stored move number `seq`, made by `seat`, was a stand-in bot's."""
    return any(p["seat"] == seat and p["from"] < seq and (p["until"] is None or seq <= p["until"])
               for p in periods)


def events_after(periods: list[dict], seq: int) -> list[LogEntry]:
    """The public log lines of what happened to the seats once move `seq` was stored."""
    lines = []
    for p in periods:  # in the order they happened
        if p["from"] == seq:
            lines.append(LogEntry(_GONE[StandIn(p["reason"])].format(n=p["seat"] + 1), p["seat"]))
        if p["until"] == seq:
            lines.append(LogEntry(_BACK.format(n=p["seat"] + 1), p["seat"]))
    return lines


def bot_lines(log: list[LogEntry], seat: int) -> list[LogEntry]:
    """A bot's move's log lines: a line that opens with the seat's name names the bot instead."""
    lead = re.compile(rf"^Seat {seat + 1}\b")
    return [LogEntry(lead.sub(f"Seat {seat + 1}'s stand-in bot", e.text), e.seat, e.only)
            if e.seat == seat and lead.match(e.text) else e for e in log]


def forfeits(periods: list[dict], seats) -> dict[int, StandIn]:
    """The human seats a bot played to the end, and why (the last time it took them)."""
    out = {}
    for p in periods:
        seat = seats[p["seat"]]
        if p["until"] is None and seat.type == "human" and seat.bot_playing:
            out[p["seat"]] = StandIn(p["reason"])
    return out


def standing(outcome: dict, gone: dict[int, StandIn], rated: bool) -> dict:
    """The table's result from the game's (`Outcome.to_json`): seats in `gone` share the last place
    below every seat its player finished, whose places keep the game's order; it then adds
    `game_ranks` (the board's own ranks) and `forfeits` ([{seat, reason, text}]). Unchanged when
    every seat was played to the end by its own player or bot."""
    if not gone:
        return outcome
    ranks = list(outcome["ranks"])
    out = {**outcome, "game_ranks": ranks}
    if len(ranks) == 1:  # a solo game a bot finished is not won
        new = [2]
    else:
        stayed = [s for s in range(len(ranks)) if s not in gone]
        # A game nobody won (every rank above 1, as Turing Machine's all-wrong guesses) stays unwon; so does one
        # every seat forfeited (bots played all of it out: the seats share the last place, not the first).
        first = 1 if min(ranks) == 1 and stayed else 2
        new = [first + sum(1 for o in stayed if ranks[o] < ranks[s]) if s in stayed else first + len(stayed)
               for s in range(len(ranks))]
    verb = "rated" if rated else "ranked"
    out.update(ranks=new, winners=[s for s, r in enumerate(new) if r == 1],
               forfeits=[{"seat": s, "reason": str(r), "text": _RESULT[r].format(n=s + 1, rated=verb)}
                         for s, r in sorted(gone.items())])
    return out

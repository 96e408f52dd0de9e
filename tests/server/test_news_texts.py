"""The texts a change's news carries to the other processes (Table.news_texts, over the Redis bus).

A process that stored a change hands the others what every viewer may see of the new position, as
it built it (the shared parts, the shared score sheets, the parts of the views that are the
spectator's very objects, the public log lines), and a process hearing it takes those texts
(Table.take_texts) instead of building them again. Two checks, for every registered game:

- the news carries nothing a seat alone may see: in two worlds the spectator cannot tell apart
  (worlds.py: the second world is the first with every hidden part dealt again, played on with
  the same public turns, other seats' secret choices varied), with every seat's body and pending
  turn built first (so every seat's own texts are in the table's caches), the texts are the same;
- a process that takes the texts shows every viewer exactly what it would have built itself.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from meeple import games
from meeple.server.bus import RedisBus, _read
from meeple.server.table import Table

from . import worlds


@dataclass
class SeededTable(Table):
    """A table whose opening is a given position instead of its seed's setup."""

    start: Any = None

    def opening(self):
        return self.game.clone(self.start)


def row(game, n: int, seed: int = 5) -> dict:
    return {"id": "t1", "game": game.id, "players": n, "options": {}, "seed": seed, "clock": {"mode": "none"},
            "clock_state": {}, "public": True, "status": "running", "creator": None, "created": 0.0,
            "version": 1, "moves": [], "pending": {},
            "seats": [{"seat": s, "type": "human", "level": None, "user_id": f"u{s}", "name": f"P{s}",
                       "token_hash": f"h{s}", "bot_playing": False, "reason": None} for s in range(n)]}


def seeded(game, n: int, position) -> SeededTable:
    table = Table.from_rows(row(game, n))
    values = {name: getattr(table, name) for name in Table.__dataclass_fields__}
    values.update(state=game.clone(position), history=[], pending={}, _pending_cache={}, _views={}, _logs={},
                  _shared=(), _sheets=(), _view_texts={}, _sheet_text=(), _lines={}, _cache_bytes=0)
    return SeededTable(**values, start=game.clone(position))


def build_every_body(table: Table) -> None:
    for viewer in [None, *range(table.players)]:  # (the spectator's first: a seat's texts are built last)
        table.body(viewer)


def commit(table: Table, seat: int, moves: list) -> None:
    table.commit(moves, seat, 1.0)
    table.pending.pop(seat, None)
    table._pending_cache.clear()
    if table.game.is_over(table.state) and table.status != "finished":
        table.status, table.version = "finished", table.version + 1


def news_of_world(game, n: int, opening, turns: list) -> list:
    """The texts each change's news would carry, with every viewer's body (and the moving seat's
    pending turn) built before each: what a hall of processes would publish for this world."""
    table = seeded(game, n, opening)
    build_every_body(table)
    out = [table.news_texts()]
    for seat, moves in turns:
        table.pending[seat] = list(moves)  # (the seat's turn, shown to it alone until stored)
        table._pending_cache.clear()
        build_every_body(table)
        commit(table, seat, moves)
        build_every_body(table)
        out.append(table.news_texts())
    return out


def spectator_pairs(game, n: int, seed: int) -> list:
    path = worlds.random_path(game, n, seed)
    pairs = [worlds.running_pair(game, path[0], None, seed),
             worlds.running_pair(game, path[min(len(path) // 2, len(path) - 2)], None, seed + 1)]
    end = worlds.finished_pair(game, path, None, seed + 2)
    return pairs + ([end] if end is not None else [])


def player_counts(game) -> list[int]:
    return sorted({game.min_players, max(2, game.min_players)} if game.max_players >= 2 else {1})


def check_no_hidden_texts(game, seed: int = 21) -> dict:
    covered = {"pairs": 0, "different": 0, "view": 0, "sheets": 0, "lines": 0}
    for n in player_counts(game):
        for pair in spectator_pairs(game, n, seed + n):
            (a, turns_a), (b, turns_b) = pair.worlds
            news_a, news_b = news_of_world(game, n, a, turns_a), news_of_world(game, n, b, turns_b)
            for k, (x, y) in enumerate(zip(news_a, news_b)):
                assert x == y, f"{game.id}, {n} players, change {k}: the news tells the worlds apart:\n{x}\n{y}"
            covered["pairs"] += 1
            covered["different"] += game.to_json(a) != game.to_json(b)
            for news in news_a:
                for part in ("view", "sheets", "lines"):
                    covered[part] += bool(news and part in news)
    return covered


@pytest.mark.parametrize("game_id", games.ids())
def test_the_news_carries_nothing_the_spectator_cannot_see(game_id):
    game = games.get(game_id)
    covered = check_no_hidden_texts(game)
    assert covered["pairs"], covered


def test_the_news_check_covers_views_sheets_and_worlds_that_differ():
    # Picnic hands every viewer the same view objects and its sheets are public: they go with the news,
    # in worlds whose hidden tiles differ.
    covered = check_no_hidden_texts(games.get("picnic"))
    assert covered["different"] and covered["view"] and covered["sheets"] and covered["lines"], covered


def test_the_news_check_catches_a_seat_view_in_the_news(monkeypatch):
    # A leaky writer: every view text it built goes with the news, a seat's own parts too (Twenty's
    # face-down card).
    original = Table.news_texts

    def leaky(self):
        out = original(self) or {"key": [self.seq, self.version, self.status]}
        out["view"] = {name: text for name, (_, text) in self._view_texts.items()}
        return out

    monkeypatch.setattr(Table, "news_texts", leaky)
    with pytest.raises(AssertionError, match="the news tells the worlds apart"):
        check_no_hidden_texts(games.get("twenty"))


# ----- a process taking the texts shows what it would have built ------------------------------------

def heard(texts: dict | None) -> dict | None:
    """The texts as another process hears them: in a bus message, read back."""
    bus = RedisBus.__new__(RedisBus)
    bus.origin = "0123456789abcdef"
    message = bus._message({"table": "t1", "news": [{"n": 1}]}, texts)
    assert json.loads(message)["table"] == "t1"  # (still one JSON object: a process without texts reads it)
    return _read(message.encode()).get("heard_texts")


def rows_of(table: Table, after: int = 0) -> list[dict]:
    return [{"seq": c.seq, "seat": c.seat, "move": table.game.move_to_json(c.move), "created": c.created}
            for c in table.history[after:]]


def check_taken_texts(game, n: int, seed: int) -> int:
    """Play a random game on a writer; a hearer takes each change's texts; a fresh table builds its own.
    Returns how many texts the hearer took."""
    rng = random.Random(seed)
    # (`own`: a third process, told the same moves without the texts, builds everything itself)
    writer, hearer, own = (Table.from_rows(row(game, n, seed)) for _ in range(3))
    taken = 0
    for step in range(150):
        if writer.game.is_over(writer.state):
            break
        seat = rng.choice(sorted(writer.game.to_move(writer.state)))
        before = writer.seq
        commit(writer, seat, [rng.choice(writer.game.legal_moves(writer.state, seat))])
        for viewer in [s for s in range(n) if s % 2 == step % 2]:  # the writer's sockets: some seats
            writer.body(viewer)
        texts = heard(writer.news_texts())
        for table in (hearer, own):
            table.add_stored(rows_of(writer, before))
            table.status, table.version = writer.status, writer.version
        if texts:
            hearer.take_texts(texts)
            taken += len(texts.get("view", ())) + len(texts.get("shared", ())) + ("sheets" in texts)
        for viewer in [*range(n), None]:
            assert hearer.body(viewer).text("null") == own.body(viewer).text("null"), \
                f"{game.id}: viewer {viewer} after {writer.seq} moves"
    return taken


@pytest.mark.parametrize("game_id", games.ids())
def test_a_process_taking_the_texts_shows_what_it_would_have_built(game_id):
    game = games.get(game_id)
    n = max(2, game.min_players) if game.max_players >= 2 else 1
    taken = check_taken_texts(game, n, seed=3)
    assert taken or game.id != "picnic"


def test_texts_of_another_position_are_not_taken():
    game = games.get("picnic")
    writer, hearer = Table.from_rows(row(game, 2)), Table.from_rows(row(game, 2))
    writer.body(0)
    texts = heard(writer.news_texts())
    assert texts and texts["key"] == [0, 1, "running"]
    seat = min(writer.game.to_move(writer.state))
    commit(hearer, seat, [writer.game.legal_moves(writer.state, seat)[0]])
    hearer.take_texts(texts)  # (the hearer is a move further: nothing is taken)
    assert not hearer._shared and not hearer._sheets and not hearer._view_texts

"""Hidden information never reaches a seat or a spectator, through any API.

Two checks. For every registered game, `test_every_game_looks_the_same_in_worlds_
the_viewer_cannot_tell_apart` serves two worlds that differ only in what one
viewer may not see, and requires every HTTP body and WebSocket message that
viewer receives to be identical. For Picnic, the older check looks for the
known hidden facts (the undersides of the piles' top tiles) in everything a
whole game sends.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
from dataclasses import dataclass, fields
from typing import Any
from urllib.parse import urlencode

import pytest
from websockets.sync.client import connect as ws_connect

from meeple import games
from meeple.engine import PERFECT
from meeple.games.picnic.components import TILES
from meeple.server.limits import TableLimits
from meeple.server.table import Table

from . import worlds
from .conftest import NO_LIMITS, LiveServer, Player
from .deltas import DeltaState

HUMAN = {"type": "human"}
MANY = (10 ** 6, 10 ** 6)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The hall of these tests, without limits on table creation: they make hundreds of tables."""
    live = LiveServer(str(tmp_path_factory.mktemp("hall") / "meeple.db"), **NO_LIMITS,
                      table_limits=TableLimits(live_per_user=10 ** 6, user_rate=MANY, address_rate=MANY))
    live.app.state.api.hints.level = "search1"  # hints iteration-bounded: the same view gives the same hint
    live.app.state.api.hints.wall_seconds = None  # ... and not cut by the clock (test_hint_wall.py tests that)
    yield live
    live.stop()
SIDE_REF = re.compile(r"^\d+[ab]$")


def hidden_facts(position: dict) -> dict:
    """From the full position (game.to_json): the refs of the tiles in the hamper, and per pile the
    underside of its top tile (when it differs from the side shown)."""
    refs, undersides = set(), {}
    for p, pile in enumerate(position["piles"]):
        refs.update(pile)
        if pile:
            tile, up = int(pile[-1][:-1]), "ab".index(pile[-1][-1])
            if TILES[tile][1 - up] != TILES[tile][up]:
                undersides[p] = TILES[tile][1 - up]
    return {"refs": refs, "undersides": undersides}


def leaks(message, facts: dict) -> list[str]:
    """The hidden facts found in one message (empty when it is clean)."""
    found = []

    def walk(node) -> None:
        if isinstance(node, dict):
            pile = node.get("pile")
            if isinstance(pile, int) and pile in facts["undersides"]:
                text = json.dumps(node)
                if json.dumps(facts["undersides"][pile]) in text:
                    found.append(f"underside of pile {pile}'s top tile: {facts['undersides'][pile]}")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and SIDE_REF.match(node) and node in facts["refs"]:
            found.append(f"tile reference {node}")

    walk(message)
    return found


def test_the_checker_can_fail():
    game = games.get("picnic")
    state = game.setup(3, {}, 7)
    position = game.to_json(state)
    facts = hidden_facts(position)
    assert facts["undersides"], "some top tile has two different sides"
    assert leaks(position, facts)  # the full position holds the secrets
    view = game.view(state, 0)
    assert leaks(view, facts) == []
    pile = next(iter(facts["undersides"]))
    view["hamper"][pile]["underside"] = facts["undersides"][pile]
    assert leaks(view, facts)


def test_no_seat_and_no_spectator_ever_sees_a_hidden_fact(server, player_factory):
    game = games.get("picnic")
    ann, bob, eve = player_factory("Ann"), player_factory("Bob"), player_factory(None)
    created = ann.create([HUMAN, HUMAN, {"type": "bot", "level": "greedy"}], join_seat=0)
    table = created["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    received: list[tuple[str, int | None, object]] = []  # (where, seq it belongs to, message)
    lock = threading.Lock()

    def collect(ws, who):
        try:
            for raw in ws:
                message = json.loads(raw)
                with lock:
                    received.append((f"ws {who}", message.get("seq"), message))
        except Exception:
            pass

    stack = contextlib.ExitStack()
    sockets = [stack.enter_context(ws) for ws in (ann.ws(table, ann.token), bob.ws(table, bob.token), eve.ws(table))]
    threads = [threading.Thread(target=collect, args=(ws, who), daemon=True)
               for ws, who in zip(sockets, ("seat 0", "seat 1", "spectator"))]
    for t in threads:
        t.start()

    def record(who: str, response, seq=None):
        body = response.json()
        # A replay step shows position k and carries the table's seq now: a bot may have moved since,
        # and the facts of that later position are not what step k shows (a tile taken since can show
        # a side the new top hides). So a step is checked against its own k.
        at = body.get("k", body.get("seq", seq)) if isinstance(body, dict) else seq
        received.append((who, at, body))
        return body

    rng = random.Random(3)
    players = {0: ann, 1: bob}
    state = ann.state(table)
    while state["status"] != "finished":
        for seat, player in players.items():
            base = f"/api/tables/{table}"
            now = record(f"state {seat}", player.get(base + "/state"))
            seq = now["seq"]
            record(f"spectator {seat}", eve.get(base + "/state"))
            record(f"replay {seat}", player.get(base + "/replay"), seq)
            record(f"replay step {seat}", player.get(base + f"/replay/{seq}"), seq)
            record(f"summary {seat}", player.get(base), seq)
            if now["legal"]:
                move = rng.choice(now["legal"])["json"]
                if "take" not in move:
                    record(f"preview {seat}", player.post(base + "/preview", {"move": move}), seq)
                answer = record(f"move {seat}", player.post(base + "/moves", {"seq": seq, "move": move}))
                if answer.get("can_confirm"):
                    record(f"confirm {seat}", player.post(base + "/confirm", {"seq": seq}))
        state = ann.wait(table, lambda s: s["status"] == "finished" or bool(s["legal"]) or
                         bob.state(table)["legal"] != [])
    stack.close()
    for t in threads:
        t.join(timeout=5)

    # The position after each stored move, rebuilt from the seed and the move list.
    moves = ann.get(f"/api/tables/{table}/replay").json()["moves"]
    position = game.setup(3, {}, server.hall.tables[table].seed)
    facts_at = [hidden_facts(game.to_json(position))]
    for m in moves:
        position, _ = game.play(position, m["seat"], game.move_from_json(m["move"]))
        facts_at.append(hidden_facts(game.to_json(position)))
    assert len(received) > 100
    assert sum(1 for where, *_ in received if where.startswith("ws")) > 20
    problems = []
    for where, seq, message in received:
        if seq is None:
            continue
        for leak in leaks(message, facts_at[seq]):
            problems.append(f"{where} at move {seq}: {leak}")
    assert problems == []


# ----- every game: two worlds the viewer cannot tell apart ------------------------------------------
#
# World A is a position of a random game, world B `determinize(A, viewer)` (see worlds.py). Each
# is loaded into its own table (a test-only table whose opening is that position; every read goes
# through the hall's production paths), the same turns are played on both through the API (other
# seats' secret choices may differ, see worlds.py), and
# the viewer reads everything it can: its state, the table summary, the lobby's and "my tables'"
# entries, the replay and every replay step, previews of its legal moves, the answers to its own
# moves, and every WebSocket message. Both worlds must give the viewer exactly the same bytes,
# except for what legitimately differs between two tables:
# - the table id (a random name, in bodies and replay links), replaced by "<table>";
# - "created" (the table's creation time), dropped;
# - in the lobby and "my tables" lists, the entries of other tables (the other world's table
#   included), dropped: only the entry of this world's table is compared.
# Seat tokens and invite links never appear in what is read here; the seats are taken by the same
# users in both worlds, so names are equal.

PREVIEWS = 3  # previews asked per position (of the viewer's legal moves)


@dataclass
class SeededTable(Table):
    """A table whose opening is a given position instead of its seed's setup (tests only)."""

    start: Any = None

    def opening(self):
        return self.game.clone(self.start)


def seat_table(server, game, people: list[Player], position) -> str:
    """A running table of `game` with `people` in its seats, loaded with `position` as its opening."""
    n = len(people)
    for person in people:
        person.token = None  # a token of the other world's table is not valid here
    # Friendly (not rated), so that the seats may ask for hints.
    table_id = people[0].create([HUMAN] * n, game=game.id, join_seat=0, rated=False)["table"]
    for seat, person in enumerate(people[1:], start=1):
        r = person.post(f"/api/tables/{table_id}/join", {"seat": seat})
        assert r.status_code == 200, r.text
        person.token = r.json()["token"]
    hall = server.hall
    live = hall.tables[table_id]
    assert live.status == "running" and live.seq == 0
    values = {f.name: getattr(live, f.name) for f in fields(Table)}
    values.update(state=game.clone(position), history=[], pending={}, _pending_cache={}, _views={}, _logs={},
                  _shared=(), _sheets=(), _cache_bytes=0)
    seeded = SeededTable(**values, start=game.clone(position))
    if game.is_over(position):
        hall.store.update_table(table_id, {"status": "finished"})
        seeded.status, seeded.version = "finished", live.version + 1
    hall.tables[table_id] = seeded
    # Used now: a finished table nobody asked for is parked at the hall's next tick, and parking keeps the
    # store's rows, whose replay is the seed's opening, not this one (once a world served the wrong table).
    hall.live.parking.touch(table_id, time.monotonic())
    return table_id



def test_a_seated_finished_world_is_not_parked_before_it_is_read(server, player_factory):
    game = games.get("twenty")
    opening = worlds.finished_pair(game, worlds.random_path(game, 1, 12), 0, 14).worlds[0][0]
    assert game.is_over(opening)
    table_id = seat_table(server, game, [player_factory("P0")], opening)
    server.hall.live.park_idle(time.monotonic())  # (what the hall's tick does)
    assert isinstance(server.hall.tables.get(table_id), SeededTable)

# Not what a seat may see of the game: when the table was made, and which accounts sit at it (a seat's
# `player` id for its page; the worlds compared may seat different accounts under the same names).
UNCOMPARED = ("created", "player", "reserved_for")


def masked(value, table_id: str):
    if isinstance(value, dict):
        return {k: masked(v, table_id) for k, v in value.items() if k not in UNCOMPARED}
    if isinstance(value, list):
        return [masked(v, table_id) for v in value]
    if isinstance(value, str):
        return value.replace(table_id, "<table>")
    return value


class Watch:
    """The viewer's WebSocket to one table: every message, in a background thread.

    With `deltas` the socket asks for deltas: `messages` holds the states they rebuild (as the
    browser applies them) and `raw` the messages as sent."""

    def __init__(self, viewer: Player, table_id: str, seated: bool, deltas: bool = False) -> None:
        self.stack = contextlib.ExitStack()
        token = viewer.token if seated else None
        query = urlencode({**({"token": token} if token else {}), **({"deltas": "1"} if deltas else {})})
        url = viewer.url.replace("http", "ws") + f"/ws/tables/{table_id}?{query}"
        self.ws = self.stack.enter_context(ws_connect(url, open_timeout=10, max_queue=None, close_timeout=2))
        self.deltas = DeltaState() if deltas else None
        self.messages: list[dict] = []
        self.raw: list[tuple[dict, dict]] = []  # (message as sent, the state it led to)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with contextlib.suppress(Exception):  # the socket closed
            while True:
                message = json.loads(self.ws.recv())
                if self.deltas is None:
                    self.messages.append(message)
                    continue
                state = self.deltas.apply(message)
                if state is not None:
                    self.raw.append((message, state))
                self.messages.append(state if state is not None else message)

    def wait_for(self, seq: int, pending: list, timeout: float = 10) -> None:
        """Until the state with this seq and pending moves has arrived (each push is the newest state)."""
        end = time.time() + timeout
        while not any(m.get("seq") == seq and m.get("pending") == pending for m in list(self.messages)):
            assert time.time() < end, f"no WebSocket state for seq {seq}"
            time.sleep(0.01)

    def close(self) -> None:
        self.stack.close()
        self.thread.join(timeout=5)


def state_key(message: dict) -> str:
    return json.dumps([message.get("type"), message.get("seq"), message.get("status"), message.get("pending")])


def by_state(messages, table_id: str) -> dict[str, set[str]]:
    """Messages grouped by the state they show (type, seq, status, pending), masked, as text."""
    out: dict[str, set[str]] = {}
    for shown, message in messages:
        out.setdefault(state_key(shown), set()).add(json.dumps(masked(message, table_id), sort_keys=True))
    return out


def serve_world(server, game, opening, turns, viewer, people: list[Player], spectator: Player) -> dict:
    """Load one world into a new table, play the turns, and return all the viewer received (masked)."""
    table_id = seat_table(server, game, people, opening)
    me = spectator if viewer is None else people[viewer]
    base = f"/api/tables/{table_id}"
    bodies: list[tuple[str, Any]] = []

    def got(label: str, response):
        assert response.status_code < 500, response.text
        bodies.append((label, response.status_code, response.json()))
        return response.json()

    def read_all(label: str) -> dict:
        state = got(f"{label}: state", me.get(base + "/state"))
        got(f"{label}: summary", me.get(base))
        got(f"{label}: replay", me.get(base + "/replay"))
        got(f"{label}: replay step", me.get(base + f"/replay/{state['seq']}"))
        lobby = me.get("/api/tables")
        bodies.append((f"{label}: lobby", lobby.status_code, [t for t in lobby.json() if t["table"] == table_id]))
        mine = me.get("/api/tables/mine")
        bodies.append((f"{label}: mine", mine.status_code, [t for t in mine.json() if t["table"] == table_id]))
        for legal in state["legal"][:PREVIEWS]:
            got(f"{label}: preview {legal['text']}", me.post(base + "/preview", {"move": legal["json"]}))
        # Reviews and hints (issue 36): the review's status (none is made while the game runs), the hint
        # counts, and at the opening a hint (the seat's, or a spectator's refusal).
        got(f"{label}: review", me.get(base + "/review"))
        got(f"{label}: hints", me.get(base + "/hints"))
        if label == "opening":
            got(f"{label}: hint", me.post(base + "/hint"))
        return state

    watch = Watch(me, table_id, viewer is not None)
    delta_watch = Watch(me, table_id, viewer is not None, deltas=True)
    try:
        state = read_all("opening")
        for i, (seat, moves) in enumerate(turns):
            player = people[seat]
            # Each seat posts the seq it sees itself (another seat's sealed moves are not in it).
            answer = {"seq": state["seq"] if seat == viewer else player.state(table_id)["seq"]}
            for move in moves:
                r = player.post(base + "/moves", {"seq": answer["seq"], "move": game.move_to_json(move)})
                assert r.status_code == 200, r.text
                answer = r.json()
                if seat == viewer:
                    got(f"turn {i}: my move", r)
            if answer["can_confirm"]:
                r = player.post(base + "/confirm", {"seq": answer["seq"]})
                assert r.status_code == 200, r.text
                if seat == viewer:
                    got(f"turn {i}: my confirm", r)
            state = read_all(f"after turn {i}")
        for k in range(state["seq"]):
            got(f"replay step {k}", me.get(base + f"/replay/{k}"))
        watch.wait_for(state["seq"], state["pending"])
        delta_watch.wait_for(state["seq"], state["pending"])
    finally:
        watch.close()
        delta_watch.close()
        server.hall.store.update_table(table_id, {"public": False})  # out of the lobby of later worlds
    # No socket message carries a hint or a review (they answer the asking request alone).
    assert not [m for m in watch.messages + delta_watch.messages if m.get("type") in ("hint", "review")]
    # Full-state pushes are coalesced (a slow client gets only the newest state), so which
    # intermediate states arrive may vary; each state is complete, so the messages are compared by
    # what they show. Deltas are compared as sent, by the state each leads to, and that state too.
    return {"bodies": [(label, status, masked(body, table_id)) for label, status, body in bodies],
            "socket": by_state([(m, m) for m in watch.messages], table_id),
            "delta states": by_state([(m, m) for m in delta_watch.messages], table_id),
            "deltas": by_state([(state, message) for message, state in delta_watch.raw], table_id),
            "last": state_key({"type": "state", **state})}


def first_difference(a, b, path: str = "") -> str | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            found = first_difference(a.get(key), b.get(key), f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {json.dumps(a)[:120]} against {json.dumps(b)[:120]}"


def differences(seen_a: dict, seen_b: dict) -> list[str]:
    """Where the viewer's two worlds differ (empty when it cannot tell them apart)."""
    out = []
    labels = [label for label, *_ in seen_a["bodies"]]
    assert labels == [label for label, *_ in seen_b["bodies"]], "both worlds were read the same way"
    for (label, status_a, body_a), (_, status_b, body_b) in zip(seen_a["bodies"], seen_b["bodies"]):
        found = first_difference([status_a, body_a], [status_b, body_b])
        if found:
            out.append(f"{label}: {found}")
    for socket in ("socket", "delta states"):
        assert seen_a["last"] == seen_b["last"] and seen_a["last"] in seen_a[socket] and \
            seen_b["last"] in seen_b[socket], f"both sockets ({socket}) got the last state"
    for socket in ("socket", "delta states", "deltas"):
        for key in sorted(set(seen_a[socket]) & set(seen_b[socket])):
            if seen_a[socket][key] != seen_b[socket][key]:
                a, b = (json.loads(min(seen[socket][key])) for seen in (seen_a, seen_b))
                out.append(f"WebSocket ({socket}) {key}: {first_difference(a, b) or 'other messages'}")
    # Deltas are never coalesced: both worlds send the viewer as many, for the same states.
    if sorted(seen_a["deltas"]) != sorted(seen_b["deltas"]):
        out.append(f"WebSocket deltas: for states {sorted(seen_a['deltas'])} against {sorted(seen_b['deltas'])}")
    return out


def player_counts(game) -> list[int]:
    """The fewest players, and two when a one-seat game also has more (so another seat has secrets)."""
    return sorted({game.min_players, max(2, game.min_players)} if game.max_players >= 2 else {1})


def world_pairs(game, n: int, seed: int) -> list[tuple[str, worlds.Pair]]:
    path = worlds.random_path(game, n, seed)
    out = []
    for viewer in [*range(n), None]:
        who = "spectator" if viewer is None else f"seat {viewer}"
        out.append((f"{who}, opening", worlds.running_pair(game, path[0], viewer, seed)))
        out.append((f"{who}, middle", worlds.running_pair(game, path[min(len(path) // 2, len(path) - 2)], viewer,
                                                                  seed + 1)))
        end = worlds.finished_pair(game, path, viewer, seed + 2)
        if end is not None:
            out.append((f"{who}, to the end", end))
    return out


def check_game(server, player_factory, game, n: int, seed: int) -> dict:
    """Serve every pair of worlds of one random game; returns what was covered, fails on a difference."""
    covered = {"pairs": 0, "different": 0, "finished": 0, "turns": 0, "secret": 0}
    problems = []
    for name, pair in world_pairs(game, n, seed):
        people = [player_factory(f"P{s}") for s in range(n)]
        spectator = player_factory("Watcher")
        seen = [serve_world(server, game, opening, turns, pair.viewer, people, spectator)
                for opening, turns in pair.worlds]
        problems += [f"{game.id}, {n} players, {name}: {d}" for d in differences(*seen)]
        covered["pairs"] += 1
        covered["different"] += game.to_json(pair.a) != game.to_json(pair.b)
        covered["turns"] += len(pair.turns_a)
        covered["secret"] += pair.turns_a != pair.turns_b
        covered["finished"] += '"finished"' in seen[0]["last"]
    assert not problems, "the viewer can tell the worlds apart:\n" + "\n".join(problems)
    return covered


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_looks_the_same_in_worlds_the_viewer_cannot_tell_apart(game_id, server, player_factory):
    game = games.get(game_id)
    covered = [check_game(server, player_factory, game, n, seed=11 + n) for n in player_counts(game)]
    # The check is not empty: some worlds really differ, some tables are replayed with a history,
    # and some are finished ones.
    # (A game with nothing hidden and nothing left to chance has one world only.)
    assert sum(c["different"] for c in covered) > 0 or game.information == PERFECT and not game.chance
    assert sum(c["turns"] for c in covered) > 0 or not game.chance
    assert sum(c["finished"] for c in covered) > 0


def test_the_world_check_catches_a_leak(server, player_factory, monkeypatch):
    # A deliberately leaky hall: spectators get seat 1's view (its face-down card) of a Twenty table.
    original = Table._viewer_parts

    def leaky(self, viewer):
        body = original(self, viewer)
        return body if viewer is not None else {**body, "view": self.game.view(self.pending_state(None), 0)}

    monkeypatch.setattr(Table, "_viewer_parts", leaky)
    with pytest.raises(AssertionError, match="spectator.*state: \\[1\\].view.hidden"):
        check_game(server, player_factory, games.get("twenty"), 2, seed=13)

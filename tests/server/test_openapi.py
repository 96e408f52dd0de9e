"""The OpenAPI document matches the server: its routes, the bodies each accepts, and real answers."""

from __future__ import annotations

import json
import re

from starlette.routing import Route, WebSocketRoute

from meeple.server.openapi import openapi_document

HUMAN = {"type": "human"}


def served(app) -> set[tuple[str, str]]:
    """(path, method) of every /api/ and /ws/ route of the app."""
    out = set()
    for route in app.routes:
        if isinstance(route, WebSocketRoute) and route.path.startswith("/ws/"):
            out.add((route.path, "get"))
        elif isinstance(route, Route) and route.path.startswith("/api/") and "{rest:path}" not in route.path:
            out |= {(route.path, m.lower()) for m in route.methods or () if m != "HEAD"}
    return out


def test_every_route_is_documented_and_every_documented_route_served(server):
    doc = openapi_document()
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    assert served(server.app) == documented


def resolve(schema: dict, doc: dict) -> dict:
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def problems(value, schema: dict, doc: dict, where: str = "") -> list[str]:
    """How `value` differs from `schema`: types, required fields, and any field the schema does not
    name (stricter than JSON Schema: a documented object lists every field the server sends)."""
    schema = resolve(schema, doc)
    if "oneOf" in schema:
        found = [problems(value, option, doc, where) for option in schema["oneOf"]]
        return [] if any(not f for f in found) else found[0]
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds
    names = {"object": dict, "array": list, "string": str, "integer": int, "number": (int, float),
             "boolean": bool, "null": type(None)}
    if kinds and not any(isinstance(value, names[k]) and not (isinstance(value, bool) and k in ("integer", "number"))
                         for k in kinds):
        return [f"{where or '.'}: {type(value).__name__} is not {kinds}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where}: {value!r} is not one of {schema['enum']}"]
    out = []
    if isinstance(value, dict) and "properties" in schema:
        props = schema["properties"]
        out += [f"{where}.{k}: sent but not documented" for k in value if k not in props]
        out += [f"{where}.{k}: documented as required, not sent" for k in schema.get("required", ()) if k not in value]
        for k, v in value.items():
            if k in props:
                out += problems(v, props[k], doc, f"{where}.{k}")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value[:3]):
            out += problems(item, schema["items"], doc, f"{where}[{i}]")
    return out


def check_answer(doc: dict, path: str, method: str, response) -> list[str]:
    op = doc["paths"][path][method]
    status = str(response.status_code)
    if status not in op["responses"]:
        return [f"{method.upper()} {path}: answered {status}, documented {sorted(op['responses'])}"]
    content = op["responses"][status].get("content")
    if not content:
        return []
    return [f"{method.upper()} {path} {status}{p}" for p in
            problems(response.json(), content["application/json"]["schema"], doc)]


def accepted_fields(response) -> set[str]:
    """The fields the server named when it refused an unknown one ("Fields here: a, b.")."""
    assert response.status_code == 400, response.text
    listed = re.search(r"Fields here: (.*)\.$", response.json()["error"]).group(1)
    return set() if listed == "none" else set(listed.split(", "))


def documented_fields(doc: dict, path: str, method: str) -> set[str]:
    body = doc["paths"][path][method].get("requestBody")
    return set(resolve(body["content"]["application/json"]["schema"], doc).get("properties", {})) if body else set()


def test_the_bodies_accepted_and_the_answers_sent_are_the_documented_ones(server, player_factory):
    doc = openapi_document()
    ann, bob = player_factory("Ann"), player_factory("Bob")
    t = "/api/tables/{table_id}"
    found: list[str] = []

    def call(player, method: str, path: str, body=None, **params):
        url = path.format(**params)
        response = player.get(url) if method == "get" else player.post(url, body if body is not None else {})
        found.extend(check_answer(doc, path, method, response))
        return response

    # Each POST names the fields it takes when it refuses an unknown one: they are the documented ones.
    created = call(ann, "post", "/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN], "join_seat": 0})
    assert created.status_code == 201
    table = created.json()["table"]
    posts = [path for path, ops in doc["paths"].items() if "post" in ops and path != "/api/auth/signout"]
    for path in posts:
        r = ann.post(path.format(table_id=table), {"zz_unknown": 1})
        if r.status_code == 400:
            if accepted_fields(r) != documented_fields(doc, path, "post"):
                found.append(f"POST {path}: takes {sorted(accepted_fields(r))}, documented "
                             f"{sorted(documented_fields(doc, path, 'post'))}")
        else:
            found.append(f"POST {path}: an unknown field answered {r.status_code}")

    # Real answers of every documented route, checked against the document.
    call(bob, "post", "/api/auth/guest", {"name": "Bob"})
    call(bob, "get", "/api/me")
    call(bob, "get", "/api/games")
    call(bob, "get", "/api/bots")
    call(bob, "get", "/api/bots/strength")
    call(bob, "get", "/api/games/{game_id}/leaderboard", game_id="picnic")
    call(bob, "get", "/api/games/{game_id}/rules", game_id="picnic")
    call(bob, "get", "/api/players/{name}", name="bot:greedy")
    call(bob, "get", t, table_id=table)
    joined = call(bob, "post", t + "/join", {"seat": 1}, table_id=table).json()
    bob.token = joined["token"]
    call(bob, "get", "/api/tables")
    call(bob, "get", "/api/tables/mine")
    state = call(ann, "get", t + "/state", table_id=table).json()
    call(ann, "post", t + "/preview", {"move": state["legal"][0]["json"]}, table_id=table)
    call(ann, "post", t + "/moves", {"seq": state["seq"], "move": state["legal"][0]["json"]}, table_id=table)
    call(ann, "post", t + "/reset", {}, table_id=table)
    call(ann, "post", t + "/moves", {"seq": state["seq"] + 9, "move": state["legal"][0]["json"]}, table_id=table)
    ann.play_turn(table)
    call(bob, "get", t + "/replay", table_id=table)
    call(bob, "get", t + "/replay/{k}", table_id=table, k=1)
    call(bob, "post", t + "/leave", {}, table_id=table)
    call(bob, "post", t + "/reclaim", {}, table_id=table)
    call(bob, "post", t + "/rematch", {}, table_id=table)  # 409: the game is not over
    call(ann, "post", t + "/confirm", {"seq": 0}, table_id=table)
    other = call(ann, "post", "/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN]}).json()["table"]
    call(ann, "post", t + "/start", {}, table_id=other)
    call(bob, "post", "/api/auth/signout")
    call(player_factory(None), "post", "/api/auth/signin", {"username": "nobody", "password": "not a password"})
    assert found == [], "\n".join(found)


def test_the_websocket_messages_are_the_documented_ones(server, player_factory):
    """Every message a table's socket sends (states, deltas, chat, errors, pongs) matches x-messages."""
    from websockets.sync.client import connect as ws_connect

    from .conftest import receive_until

    doc = openapi_document()
    schema = doc["paths"]["/ws/tables/{table_id}"]["get"]["x-messages"]["server"]
    ann, bob = player_factory("Ann"), player_factory("Bob")
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    invite = created["seats"][1]["invite"].split("token=")[1]
    url = server.url.replace("http", "ws") + f"/ws/tables/{table}"
    messages: list[dict] = []
    with ws_connect(url + f"?token={ann.token}&deltas=1", open_timeout=10) as deltas, \
            ws_connect(url + f"?token={ann.token}", open_timeout=10) as states, \
            ws_connect(url + f"?token={invite}", open_timeout=10) as invited:
        messages += receive_until(deltas, lambda m: m["type"] == "state")
        messages += receive_until(states, lambda m: m["type"] == "state")
        messages += receive_until(invited, lambda m: m["type"] == "state")
        bob.token = invite
        bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
        messages += receive_until(invited, lambda m: m["type"] == "error")  # the invite's socket: forbidden
        ann.play_turn(table)
        messages += receive_until(deltas, lambda m: m["type"] == "delta" and m["set"].get("seq", 0) >= 1)
        messages += receive_until(states, lambda m: m["type"] == "state" and m["seq"] >= 1)
        assert ann.post(f"/api/tables/{table}/chat", {"text": "hello"}).status_code == 201
        messages += receive_until(deltas, lambda m: m["type"] == "chat")
        for sent, kind in [({"type": "ping"}, "pong"), ({"type": "resync", "since": 0}, "state"),
                           ({"type": "move"}, "error")]:
            deltas.send(json.dumps(sent))
            messages += receive_until(deltas, lambda m, kind=kind: m["type"] == kind)
    assert {m["type"] for m in messages} == {"state", "delta", "chat", "error", "pong"}
    found = [f"{m['type']}{p}" for m in messages for p in problems(m, schema, doc)]
    assert found == [], "\n".join(found)
    client = doc["paths"]["/ws/tables/{table_id}"]["get"]["x-messages"]["client"]
    assert problems({"type": "resync", "since": 3}, client, doc) == problems({"type": "ping"}, client, doc) == []
    assert problems({"type": "move"}, client, doc)

"""The hall's API declared once: every route with its schemas (`ENDPOINTS`), which app.Api.routes
serves and from which the OpenAPI 3.1 document at /openapi.json is generated (see docs/api.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from meeple import __version__

_ERROR = {"type": "object", "required": ["error", "code"],
          "properties": {"error": {"type": "string", "description": "plain words for a player"},
                         "code": {"type": "string", "description": "machine code, see docs/api.md"}}}
_ANY = {"description": "engine JSON (the game's move or view format)"}
_SEAT_REQ = {"type": "object", "required": ["type"], "additionalProperties": False,
             "properties": {"type": {"enum": ["human", "bot"]}, "level": {"type": "string"}}}
_SCHEMAS: dict[str, dict] = {
    "Error": _ERROR,
    "ChatMessage": {"type": "object", "properties": {
        "n": {"type": "integer", "description": "the message's number at its table: 1, 2, ..."},
        "seat": {"type": ["integer", "null"], "description": "null: a spectator"}, "name": {"type": "string"},
        "text": {"type": "string", "description": "plain text, one line"},
        "created": {"type": "number", "description": "Unix seconds"}}},
    "User": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                              "username": {"type": ["string", "null"]}, "guest": {"type": "boolean"}}},
    "Credentials": {"type": "object", "required": ["username", "password"], "additionalProperties": False,
                    "properties": {"username": {"type": "string", "pattern": "^[A-Za-z0-9_-]{3,32}$"},
                                   "password": {"type": "string", "minLength": 8}}},
    "Game": {"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                                              "min_players": {"type": "integer"}, "max_players": {"type": "integer"},
                                              "solo": {"type": "boolean"},
                                              "information": {"enum": ["perfect", "imperfect"]},
                                              "chance": {"type": "boolean"},
                                              "summary": {"type": "string"}, "options": {"type": "array"},
                                              "moves": {"type": "array", "description": "the declared move kinds' "
                                                        "JSON shapes: kind, key, fields [[name, JSON name, "
                                                        "required]], const, packed (docs/engine.md)"}}},
    "Clock": {"type": "object", "additionalProperties": False,
              "properties": {"mode": {"enum": ["none", "realtime", "turn_based"]}, "per_move_s": {"type": "number"},
                             "bank_s": {"type": "number"}, "deadline_h": {"type": "number"}}},
    "NewTable": {"type": "object", "required": ["game", "seats"], "additionalProperties": False,
                 "properties": {"game": {"type": "string"}, "players": {"type": "integer"},
                                "options": {"type": "object"}, "seats": {"type": "array", "items": _SEAT_REQ},
                                "clock": {"$ref": "#/components/schemas/Clock"},
                                "join_seat": {"type": ["integer", "null"]}, "public": {"type": "boolean"},
                                "rated": {"type": "boolean", "description": "default: true with 2 seats or more"},
                                "hints": {"type": "boolean", "description": "the Hint button; default: on where not "
                                          "rated (a rated table has none)"}}},
    "Seat": {"type": "object", "properties": {
        "seat": {"type": "integer"}, "type": {"enum": ["human", "bot"]}, "level": {"type": ["string", "null"]},
        "name": {"type": ["string", "null"]}, "taken": {"type": "boolean"}, "bot_playing": {"type": "boolean"},
        "reason": {"type": ["string", "null"]}, "invite": {"type": ["string", "null"]},
        "player": {"type": ["string", "null"], "description": "user id or bot:<level>, for /api/players/{name}"},
        "reserved": {"type": "boolean", "description": "a rematch seat kept for its last player"},
        "reserved_for": {"type": ["string", "null"], "description": "that player's user id"}}},
    "CreatedTable": {"type": "object", "properties": {
        "table": {"type": "string"}, "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
        "my_seat": {"type": ["integer", "null"]}, "token": {"type": ["string", "null"]}}},
    "TableSummary": {"type": "object", "properties": {
        "table": {"type": "string"}, "game": {"type": "string"}, "game_name": {"type": "string"},
        "players": {"type": "integer"}, "options": {"type": "object"},
        "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
        "status": {"enum": ["open", "running", "finished"]}, "seq": {"type": "integer"},
        "clock": {"$ref": "#/components/schemas/Clock"}, "public": {"type": "boolean"},
        "created": {"type": "number", "description": "Unix seconds"}, "to_move": {"type": "array"},
        "outcome": {"type": ["object", "null"]}, "rated": {"type": "boolean"},
        "rematch": {"type": ["string", "null"], "description": "the rematch's table id, once asked for"}}},
    "MyTable": {"type": "object", "properties": {
        "table": {"type": "string"}, "game": {"type": "string"}, "game_name": {"type": "string"},
        "players": {"type": "integer"}, "options": {"type": "object"},
        "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
        "status": {"enum": ["open", "running", "finished"]}, "seq": {"type": "integer"},
        "clock": {"$ref": "#/components/schemas/Clock"}, "public": {"type": "boolean"},
        "created": {"type": "number"}, "to_move": {"type": "array"}, "outcome": {"type": ["object", "null"]},
        "rated": {"type": "boolean"}, "rematch": {"type": ["string", "null"]},
        "my_seat": {"type": ["integer", "null"]}, "my_turn": {"type": "boolean"},
        "invited_seat": {"type": "integer", "description": "a rematch seat kept for me (my_seat is null)"}}},
    "SeatToken": {"type": "object", "properties": {"seat": {"type": "integer"}, "token": {"type": "string"}}},
    "State": {"type": "object", "properties": {
        "table": {"type": "string"}, "seq": {"type": "integer"}, "status": {"type": "string"}, "view": _ANY,
        "to_move": {"type": "array", "items": {"type": "integer"}}, "my_seat": {"type": ["integer", "null"]},
        "legal": {"type": "array", "items": {"type": "object", "properties": {
            "json": _ANY, "text": {"type": "string"}, "description": {"type": "string"},
            "commits": {"type": "boolean"}}}},
        "prompt": {"type": "string"}, "sheets": {"type": "array"}, "pending": {"type": "array"},
        "can_confirm": {"type": "boolean"}, "can_reset": {"type": "boolean"},
        "log": {"type": "array", "items": {"type": "object", "properties": {
            "seq": {"type": "integer"}, "text": {"type": "string"}, "seat": {"type": ["integer", "null"]}}}},
        "clocks": {"type": ["object", "null"]}, "outcome": {"type": ["object", "null"]},
        "seats": {"type": "array", "items": {"$ref": "#/components/schemas/Seat"}},
        "rated": {"type": "boolean"}, "rematch": {"type": ["string", "null"]}}},
    "Leaderboard": {"type": "object", "properties": {
        "game": {"type": "string"}, "game_name": {"type": "string"},
        "players": {"type": "array", "items": {"type": "object", "properties": {
            "place": {"type": "integer"}, "player": {"type": "string"}, "name": {"type": "string"},
            "bot": {"type": "boolean"}, "rating": {"type": "number", "description": "mu - 3 sigma"},
            "mu": {"type": "number"}, "sigma": {"type": "number"}, "games": {"type": "integer"}}}}}},
    "Player": {"type": "object", "properties": {
        "player": {"type": "string"}, "name": {"type": "string"}, "username": {"type": ["string", "null"]},
        "bot": {"type": "boolean"}, "guest": {"type": "boolean"},
        "ratings": {"type": "array", "items": {"type": "object", "properties": {
            "game": {"type": "string"}, "rating": {"type": "number"}, "games": {"type": "integer"},
            "history": {"type": "array", "items": {"type": "object"}}}}},
        "bests": {"type": "array"}, "recent": {"type": "array"}, "played": {"type": "array"}}},
    "Rematch": {"type": "object", "properties": {
        "table": {"type": "string"}, "seat": {"type": "integer"}, "token": {"type": ["string", "null"]},
        "invites": {"type": "array", "items": {"type": "object"}}}},
    "Move": {"type": "object", "required": ["seq", "move"], "additionalProperties": False,
             "properties": {"seq": {"type": "integer"}, "move": _ANY,
                            # with seq, the idempotency key: a retry is applied once (docs/api.md)
                            "pending": {"type": "integer", "minimum": 0},
                            "confirm": {"type": "boolean", "description": "confirm the turn with this move "
                                        "if it completes it (docs/api.md)"}}},
    "Replay": {"type": "object", "properties": {
        "table": {"type": "string"}, "status": {"enum": ["open", "running", "finished"]},
        "game": {"type": "string"}, "players": {"type": "integer"}, "options": {"type": "object"},
        "seats": {"type": "array"}, "outcome": {"type": ["object", "null"]},
        "moves": {"type": "array", "items": {"type": "object", "properties": {
            "seq": {"type": "integer"}, "seat": {"type": "integer"}, "move": _ANY,
            "text": {"type": ["string", "null"]}, "log": {"type": "array"}}}}}},
}


def _kind(name: str) -> dict:
    return {"enum": [name], "description": "the message's kind"}


_N = {"type": "integer", "description": "with deltas=1: the message's number on this connection (1, 2, ...)"}
_STATE_PARTS = _SCHEMAS["State"]["properties"]
# The WebSocket's messages (OpenAPI has no words for a socket: they are here, and the socket's path
# names them under x-messages). What the server sends:
_SCHEMAS.update({
    "WsState": {"type": "object", "required": ["type"], "description": "the whole state (as GET state), on "
                "connect, after a resync, and after each change for a client without deltas",
                "properties": {"type": _kind("state"), "n": _N, **_STATE_PARTS}},
    "WsDelta": {"type": "object", "required": ["type", "n", "set"],
                "description": "with deltas=1, after the first state: what changed since message n - 1",
                "properties": {"type": _kind("delta"), "n": _N,
                               "set": {"type": "object", "properties": _STATE_PARTS,
                                       "description": "the parts that changed, with their new values"},
                               "log": {"type": "object", "required": ["keep", "add"],
                                       "description": "present when the log changed",
                                       "properties": {"keep": {"type": "integer",
                                                               "description": "keep the first keep lines"},
                                                      "add": {**_STATE_PARTS["log"],
                                                              "description": "then append these"}}}}},
    "WsChat": {"type": "object", "required": ["type", "messages"], "description": "new chat messages",
               "properties": {"type": _kind("chat"),
                              "messages": {"type": "array", "items": {"$ref": "#/components/schemas/ChatMessage"}}}},
    "WsError": {"type": "object", "required": ["type", "code", "message"],
                "description": "a refused message, or why the socket closes (forbidden: close 4403, the seat "
                               "changed hands or the session signed out; on opening: close 4000 + the status)",
                "properties": {"type": _kind("error"), "code": {"type": "string"}, "message": {"type": "string"}}},
    "WsPong": {"type": "object", "required": ["type"], "properties": {"type": _kind("pong")}},
})
_SCHEMAS["WsServerMessage"] = {"oneOf": [{"$ref": f"#/components/schemas/{name}"} for name in
                                         ("WsState", "WsDelta", "WsChat", "WsError", "WsPong")]}
# What a client may send (at most 4 KiB a message; 20, then 10 a second).
_SCHEMAS["WsClientMessage"] = {"oneOf": [
    {"type": "object", "required": ["type"], "properties": {"type": _kind("ping")}, "description": "answered pong"},
    {"type": "object", "required": ["type"], "description": "answered with a fresh state",
     "properties": {"type": _kind("resync"), "since": {"type": "integer"}}}]}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _op(summary: str, body: dict | str | None = None, answer: dict | str | None = None,
        seat: bool = False, errors: tuple[int, ...] = (400,), status: int = 200) -> dict:
    op: dict = {"summary": summary, "responses": {}}
    if body is not None:
        schema = _ref(body) if isinstance(body, str) else body
        op["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema}}}
    schema = _ref(answer) if isinstance(answer, str) else (answer or {"type": "object"})
    op["responses"][str(status)] = {"description": "Created" if status == 201 else "OK",
                                    "content": {"application/json": {"schema": schema}}}
    for status in errors:
        op["responses"][str(status)] = {"description": "error",
                                        "content": {"application/json": {"schema": _ref("Error")}}}
    if seat:
        op["parameters"] = [{"name": "X-Seat-Token", "in": "header", "required": False,
                             "schema": {"type": "string"}, "description": "the seat's token (invite link)"}]
    return op


def _obj(**props) -> dict:
    return {"type": "object", "required": list(props), "additionalProperties": False, "properties": props}


@dataclass(frozen=True)
class Endpoint:
    """One route of the API, declared once with its schemas: `app.Api.routes` serves it and
    `openapi_document` describes it."""

    method: str  # "GET", "POST", or "WEBSOCKET"
    path: str
    handler: str  # the name of the app.Api method (or of a reviewapi handler) that answers it
    operation: dict  # its OpenAPI operation (`_op`)
    limited: bool = False  # a rate limit may answer it 429


_T = "/api/tables/{table_id}"
# Reviews and hints (server/reviewapi.py, docs/api.md "Reviews and hints").
_REVIEW_STATUS = {"type": "object", "required": ["status"], "additionalProperties": False, "properties": {
    "status": {"enum": ["none", "queued", "running", "done", "failed"]},
    "done": {"type": "integer", "description": "steps done (two per decision)"}, "total": {"type": "integer"},
    "error": {"type": "string"}, "review": {"type": "object", "description": "docs/review.md"}}}

#: Every route of the API, in the order the hall matches them.
ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("POST", "/api/auth/signup", "signup", _op(
        "Create an account and sign in", "Credentials", _obj(user=_ref("User")), errors=(400, 409, 429)),
        limited=True),
    Endpoint("POST", "/api/auth/signin", "signin", _op(
        "Sign in (sets the meeple_session cookie)", "Credentials", _obj(user=_ref("User")),
        errors=(400, 401, 429)), limited=True),
    Endpoint("POST", "/api/auth/signout", "signout", _op("Sign out", None, _obj(ok={"type": "boolean"}))),
    Endpoint("POST", "/api/auth/guest", "guest", _op(
        "Start a guest session", _obj(name={"type": "string"}), _obj(user=_ref("User")), errors=(400, 429)),
        limited=True),
    Endpoint("GET", "/api/me", "me", _op(
        "The signed-in user, or null", answer=_obj(user={"oneOf": [_ref("User"), {"type": "null"}]}))),
    Endpoint("GET", "/api/games", "list_games", _op("The games", answer={"type": "array", "items": _ref("Game")})),
    Endpoint("GET", "/api/bots", "list_bots", _op(
        "The bot levels", answer={"type": "array", "items": {"type": "string"}})),
    Endpoint("GET", "/api/bots/strength", "bot_strength", _op(
        "Measured bot strength, for labels: per game id, per level, its share of wins against greedy "
        "(docs/strength.md, the strength table); a game or level not measured is absent",
        answer={"type": "object", "additionalProperties": {"type": "object", "additionalProperties": {
            "type": "object", "properties": {
                "against": {"type": "string"}, "players": {"type": "integer"},
                "seconds": {"type": "number", "description": "the CPU limit per decision it was measured at"},
                "games": {"type": "integer"}, "share": {"type": "number"},
                "ci95": {"type": "array", "items": {"type": "number"}},
                "goal_met": {"type": "boolean", "description": "issue 22's goal, over at least 40 games"},
                "by_players": {"type": "object", "description": "the same figures per player count measured "
                               "(the top level is the fewest players')",
                               "additionalProperties": {"type": "object"}}}}}})),
    Endpoint("GET", "/api/tables", "lobby", _op(
        "The lobby: public open and running tables", answer={"type": "array", "items": _ref("TableSummary")})),
    Endpoint("POST", "/api/tables", "create_table", _op(
        "Create a table", "NewTable", "CreatedTable", errors=(400, 401, 404, 429), status=201), limited=True),
    Endpoint("GET", "/api/tables/mine", "mine", _op(
        "My tables, those where it is my turn first", answer={"type": "array", "items": _ref("MyTable")},
        errors=(401,))),
    Endpoint("GET", _T, "summary", _op("A table's summary", answer="TableSummary", errors=(404,))),
    Endpoint("POST", _T + "/join", "join", _op(
        "Take a free seat (or your own, to reclaim it)", _obj(seat={"type": "integer"}), "SeatToken", seat=True,
        errors=(400, 401, 403, 404, 409))),
    Endpoint("POST", _T + "/reclaim", "reclaim", _op(
        "Take your seat back from the stand-in bot", None, "SeatToken", seat=True, errors=(403, 404))),
    Endpoint("POST", _T + "/start", "start", _op(
        "Start the game (free seats get bots)", None, "TableSummary", seat=True, errors=(403, 404))),
    Endpoint("POST", _T + "/leave", "leave", _op(
        "Leave: a bot takes the seat", None, "TableSummary", seat=True, errors=(403, 404, 409))),
    Endpoint("POST", _T + "/rematch", "rematch", _op(
        "Play again: same seats, next seat order; seats the caller", None, "Rematch", seat=True,
        errors=(401, 403, 404, 409))),
    Endpoint("GET", "/api/games/{game_id}/leaderboard", "leaderboard", _op(
        "A game's rated players, best first", answer="Leaderboard", errors=(404,))),
    Endpoint("GET", "/api/players/{name}", "player", _op(
        "A player (username, user id or bot:<level>): ratings, bests, recent games", answer="Player",
        errors=(404,))),
    Endpoint("GET", "/api/games/{game_id}/rules", "rules", _op("A game's rules page (Markdown)", answer=_obj(
        game={"type": "string"}, name={"type": "string"}, markdown={"type": "string"}), errors=(404,))),
    Endpoint("GET", _T + "/state", "state", _op(
        "What this seat (or a spectator) sees now", answer="State", seat=True, errors=(403, 404))),
    Endpoint("POST", _T + "/moves", "move", _op(
        "Submit a move", "Move", "State", seat=True, errors=(400, 403, 404, 409, 413, 422, 429)), limited=True),
    Endpoint("POST", _T + "/confirm", "confirm", _op("Confirm the pending moves of the turn", {
        "type": "object", "required": ["seq"], "additionalProperties": False,
        "properties": {"seq": {"type": "integer"}, "pending": {"type": "integer", "minimum": 0}}}, "State",
        seat=True, errors=(400, 403, 409, 429)), limited=True),
    Endpoint("POST", _T + "/reset", "reset", _op("Drop the pending moves of the turn", {
        "type": "object", "additionalProperties": False, "properties": {"seq": {"type": "integer"}}}, "State",
        seat=True, errors=(403, 429)), limited=True),
    Endpoint("POST", _T + "/preview", "preview", _op(
        "Score sheets after a move, from the pending position", _obj(move=_ANY), _obj(sheets={"type": "array"}),
        seat=True, errors=(400, 403, 409, 422)), limited=True),
    Endpoint("GET", _T + "/replay", "replay", _op(
        "The move list (all of it once the game is over)", answer="Replay", seat=True, errors=(403, 404))),
    Endpoint("GET", _T + "/replay/{k}", "replay_step", _op(
        "The view after k stored moves", answer={"type": "object"}, seat=True, errors=(400, 403, 404))),
    Endpoint("GET", _T + "/chat", "chat_history", _op(
        "The table's chat: its newest 100 messages, oldest first", answer=_obj(
            messages={"type": "array", "items": _ref("ChatMessage")}, max_chars={"type": "integer"}),
        errors=(404,))),
    Endpoint("POST", _T + "/chat", "chat_post", _op(
        "Write in the table's chat (a seated player, or a signed-in spectator)",
        _obj(text={"type": "string", "maxLength": 300}), _obj(message=_ref("ChatMessage")), seat=True,
        errors=(400, 401, 403, 404, 429), status=201), limited=True),
    Endpoint("GET", _T + "/review", "review_read", _op(
        "A finished table's review, or how far it has come (409 while the game runs)", answer=_REVIEW_STATUS,
        seat=True, errors=(403, 404, 409))),
    Endpoint("POST", _T + "/review", "review_ask", _op(
        "Ask for a finished table's review (computed once, in the bot workers)", None, _REVIEW_STATUS, seat=True,
        errors=(401, 403, 404, 409))),
    Endpoint("GET", _T + "/hints", "hint_info", _op(
        "Whether the table gives hints, and the hints taken (while it runs: the caller's own)",
        answer=_obj(allowed={"type": "boolean"}, why={"type": ["string", "null"]},
                    counts={"type": "array", "items": _obj(seat={"type": "integer"}, hints={"type": "integer"})}),
        seat=True, errors=(403, 404))),
    Endpoint("POST", _T + "/hint", "hint", _op(
        "The search's move for the seat to move, and why (a friendly table; never played)", None,
        _obj(hint={"type": "object"}, hints={"type": "integer"}), seat=True, errors=(403, 404, 409)),
        limited=True),
    Endpoint("WEBSOCKET", "/ws/tables/{table_id}", "websocket", {
        "summary": "WebSocket: sends {type: state, ...State} on connect and after every stored change that "
                   "alters what it shows; with deltas=1 the state carries a message number n and each change "
                   "is {type: delta, n, set: {changed parts}, log: {keep, add}} (see docs/api.md); new chat "
                   "messages come as {type: chat, messages}; accepts {type: ping} and {type: resync, since}",
        "description": "Each message is one JSON object; x-messages names their schemas (server: what the "
                       "hall sends, client: what it accepts). Close codes: 4403 when the socket's seat changed "
                       "hands or its session signed out (after an error message forbidden); 4000 + the HTTP "
                       "status when the socket is refused on opening (4400, 4403, 4404, 4429); 1003 after a binary "
                       "frame.",
        "x-messages": {"server": _ref("WsServerMessage"), "client": _ref("WsClientMessage")},
        "parameters": [{"name": "token", "in": "query", "required": False, "schema": {"type": "string"}},
                       {"name": "since", "in": "query", "required": False, "schema": {"type": "integer"}},
                       {"name": "deltas", "in": "query", "required": False, "schema": {"enum": ["1", "true"]},
                        "description": "ask for deltas after the first state"}],
        "responses": {"101": {"description": "Switching protocols"}}}),
)


# Answers any request may get, whatever its route: 400 for a control or invisible character in the
# address (server/text.py); and any request that changes state: 403 from another site's page, 413
# for a body over 64 KiB, 415 for a body that is not JSON (server/samesite.py); 429 once a limit is
# spent (`Endpoint.limited`). 503: the database cannot be reached.
_EVERY_ANSWER = (400, 503)
_EVERY_CHANGE = (403, 413, 415)


def _with_every_answer(endpoint: Endpoint) -> dict:
    op = endpoint.operation
    if endpoint.method == "WEBSOCKET":  # it answers through close codes
        return op
    codes = set(_EVERY_ANSWER)
    if endpoint.method != "GET":
        codes |= set(_EVERY_CHANGE) | ({429} if endpoint.limited else set())
    if endpoint.path.startswith(_T):
        codes |= {404}
    responses = dict(op["responses"])
    for status in sorted(codes):
        responses.setdefault(str(status), {"description": "error",
                                           "content": {"application/json": {"schema": _ref("Error")}}})
    return {**op, "responses": dict(sorted(responses.items()))}


# A declared body field's JSON type -> the Python type its value must have (a field without a type may hold
# any JSON value: `object`; "null" beside a type lets the field be null, as any optional field may be).
_PYTHON_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}


def _resolved(schema: dict) -> dict:
    return _SCHEMAS[schema["$ref"].rsplit("/", 1)[1]] if "$ref" in schema else schema


def _body_check(endpoint: Endpoint) -> tuple[dict[str, type | tuple[type, ...]], tuple[str, ...]]:
    """The fields an endpoint's request body may have (name -> Python type) and those it must have, read
    from its declared schema (an object refusing unknown fields); no declared body: an empty object."""
    body = endpoint.operation.get("requestBody")
    if body is None:
        return {}, ()
    schema = _resolved(body["content"]["application/json"]["schema"])
    if schema.get("additionalProperties") is not False:
        raise ValueError(f"{endpoint.method} {endpoint.path}: a request body declares all its fields.")
    fields: dict[str, type | tuple[type, ...]] = {}
    for name, prop in schema["properties"].items():
        declared = _resolved(prop).get("type")
        kinds = [declared] if isinstance(declared, str) else [k for k in declared or () if k != "null"]
        fields[name] = object if not kinds else (_PYTHON_TYPES[kinds[0]] if len(kinds) == 1 else
                                                 tuple(t for k in kinds for t in _as_tuple(_PYTHON_TYPES[k])))
    return fields, tuple(schema.get("required", ()))


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


#: (method, path) -> what `app.read_body` checks a request's body against, from the declarations.
BODY_CHECKS = {(e.method, e.path): _body_check(e) for e in ENDPOINTS if e.method != "WEBSOCKET"}


def openapi_document() -> dict:
    """The OpenAPI 3.1 document of ENDPOINTS (a WebSocket is written as a GET answered 101)."""
    paths: dict[str, dict] = {}
    for endpoint in ENDPOINTS:
        params = [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
                  for name in re.findall(r"{(\w+)}", endpoint.path)]
        op = _with_every_answer(endpoint)
        method = "get" if endpoint.method == "WEBSOCKET" else endpoint.method.lower()
        paths.setdefault(endpoint.path, {})[method] = {**op, "parameters": params + op.get("parameters", [])}
    return {
        "openapi": "3.1.0",
        "info": {"title": "meeple hall", "version": __version__,
                 "description": "Tables, seats, live play, bots and replays. See docs/api.md."},
        "paths": paths,
        "components": {"schemas": _SCHEMAS,
                       "securitySchemes": {"session": {"type": "apiKey", "in": "cookie", "name": "meeple_session"},
                                           "seat": {"type": "apiKey", "in": "header", "name": "X-Seat-Token"}}},
    }

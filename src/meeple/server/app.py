"""The ASGI app: HTTP routes and the table WebSocket, thin wrappers around the `Hall`.

Each route reads and checks its JSON body (size, fields, types), finds who is
calling (session cookie, seat token), asks the hall, and answers JSON. Every
error is `{"error", "code"}` with a 4xx status; see docs/api.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from meeple import bots, games
from meeple.bots import measured
from meeple.store import Conflict, Unavailable

from . import auth
from .chat import Chat
from .errors import ApiError
from .hall import Client, Hall
from .headers import Guard
from .limits import SocketCounts, SocketLimits, TableCreation, TableLimits
from .openapi import BODY_CHECKS, ENDPOINTS, openapi_document
from .playroute import PlayRoutes
from .ratelimit import RateLimiter
from .replays import ReplayPositions
from .reviewapi import review_handlers
from .rules import rules_body
from .samesite import same_origin
from .text import check_text

log = logging.getLogger("meeple.server")

MAX_BODY = 64 * 1024
MAX_WS_MESSAGE = 4096
UNSUPPORTED_DATA = 1003  # the WebSocket close code for a kind of frame the endpoint does not take (RFC 6455)
SESSION_COOKIE = "meeple_session"
SESSION_DAYS = 30
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
ANY = object  # a field that may hold any JSON value
PLAY_HANDLERS = frozenset({"move", "confirm", "reset", "state"})  # most requests while tables play


async def read_body(request: Request) -> dict:
    """The request's JSON object, checked: size, syntax, no unknown fields, required fields, types, as
    its route declares them (openapi.ENDPOINTS)."""
    fields, required = BODY_CHECKS[request.method, request.scope["route"].path]
    length = request.headers.get("content-length")
    if length and (not length.isdigit() or int(length) > MAX_BODY):
        raise ApiError(413, "too_large", f"The request body is larger than {MAX_BODY // 1024} KiB.")
    raw = await _body_bytes(request)
    if not raw.strip():
        data = {}
    else:
        data = parse_json(raw, "The request body")
    if not isinstance(data, dict):
        raise ApiError(400, "bad_json", "The request body must be a JSON object.")
    if not data.keys() <= fields.keys():  # (no set built for a body that is as declared)
        unknown = sorted(set(data) - set(fields))
        allowed = ", ".join(fields) or "none"
        raise ApiError(400, "bad_request", f"Unknown field '{unknown[0]}'. Fields here: {allowed}.")
    for name in required:
        if name not in data:
            raise ApiError(400, "bad_request", f"The field '{name}' is missing.")
    for name, value in data.items():
        kind = fields[name]
        if kind is ANY or value is None and name not in required:
            continue
        if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else ()):
            raise ApiError(400, "bad_request", f"The field '{name}' has the wrong type.")
        if not isinstance(value, kind):
            raise ApiError(400, "bad_request", f"The field '{name}' has the wrong type.")
    return data


async def _body_bytes(request: Request) -> bytes:
    """The request's body as `request.stream()` reads it (ClientDisconnect when the client has gone),
    without an async generator a request; 413 past MAX_BODY."""
    raw = b""
    while True:
        message = await request.receive()
        if message["type"] == "http.request":
            raw += message.get("body", b"")
            if len(raw) > MAX_BODY:
                raise ApiError(413, "too_large", f"The request body is larger than {MAX_BODY // 1024} KiB.")
            if not message.get("more_body", False):
                return raw
        elif message["type"] == "http.disconnect":
            raise ClientDisconnect()


MAX_INT = 2 ** 53          # beyond it a number is not exact in JSON (I-JSON, RFC 7493)
MAX_NUMBER_CHARS = 32
_SURROGATE = re.compile("[\ud800-\udfff]")


def _number_error(text: str) -> ApiError:
    shown = text if len(text) <= 20 else text[:12] + "..."
    return ApiError(400, "bad_json", f"The number {shown} is not allowed: numbers must be finite and at most "
                                     f"{MAX_INT} in size.")


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS or abs(value := int(text)) > MAX_INT:
        raise _number_error(text)
    return value


def _parse_float(text: str) -> float:
    value = float(text) if len(text) <= MAX_NUMBER_CHARS else math.inf
    if not math.isfinite(value):
        raise _number_error(text)
    return value


def _parse_constant(text: str):
    raise _number_error(text)  # NaN, Infinity, -Infinity: not JSON


# (json.loads with these hooks would make a decoder a call)
_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)


def _loads(raw: str | bytes) -> Any:
    """`json.loads(raw)` with the hooks above, as json.loads reads text and bytes."""
    if isinstance(raw, str):
        if raw.startswith("\ufeff"):
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", raw, 0)
    else:
        raw = raw.decode(json.detect_encoding(raw), "surrogatepass")
    return _DECODER.decode(raw)


def parse_json(raw: str | bytes, what: str) -> Any:
    """JSON as a client may send it: finite numbers of sane size, valid Unicode (no lone surrogate),
    nesting within reason; else ApiError 400 bad_json, in plain words."""
    data = _quick_loads(raw)
    if data is _SLOW or _has_hooked_numbers(data):
        data = _checked_loads(raw, what)
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if value.isascii() and value.isprintable():
                continue  # (most texts: nothing below refuses a printable ASCII character)
            if _SURROGATE.search(value):
                raise ApiError(400, "bad_json", f"{what} holds text that is not valid Unicode (a lone surrogate).")
            check_text(value, what)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return data


def _checked_loads(raw: str | bytes, what: str) -> Any:
    try:
        return _loads(raw)
    except RecursionError:
        raise ApiError(400, "bad_json", f"{what} is nested too deeply.") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ApiError(400, "bad_json", f"{what} is not valid JSON: {exc}.") from None


_SLOW = object()
QUICK_BYTES = 512  # (a body this short nests at most 256 deep: far from where the standard library's recursion ends)


def _quick_loads(raw: str | bytes) -> Any:
    """orjson's reading of a short text, which is the standard library's wherever orjson reads it at all
    (UTF-8, strict JSON, no NaN or Infinity, no lone surrogate); _SLOW where it refuses, so that the
    standard library reads it again and words the refusal as before."""
    if len(raw) > QUICK_BYTES:
        return _SLOW
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _SLOW


def _has_hooked_numbers(data: Any) -> bool:
    """Whether `data` holds a float or an integer past MAX_INT: the standard library's hooks judge those
    by their text (its length, its value), so such a text is read again by it."""
    stack = [data]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is dict:
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
        elif kind is float or kind is int and not -MAX_INT <= value <= MAX_INT:
            return True
    return False


class Api:
    """The routes, bound to one hall and its rate limiters."""

    def __init__(self, hall: Hall, move_rate: tuple[float, float] = (30, 15),
                 signin_rate: tuple[float, float] = (10, 10 / 60), table_limits: TableLimits | None = None,
                 socket_limits: SocketLimits | None = None) -> None:
        self.hall = hall
        self.store = hall.store
        self.moves_limit = RateLimiter(*move_rate, what="moves")
        self.signin_limit = RateLimiter(*signin_rate, what="sign-in attempts")
        self.creation = TableCreation(table_limits or TableLimits())
        self.sockets = SocketCounts(socket_limits or SocketLimits())
        self.replays = ReplayPositions()
        self.chat = Chat(hall.live)

    # ----- who is calling --------------------------------------------------------

    async def user(self, request) -> dict | None:
        token = request.cookies.get(SESSION_COOKIE)
        if not token:
            return None
        return await self.hall.db(self.store.session_user, auth.token_hash(token))

    async def caller(self, request) -> tuple[str | None, dict | None]:
        """(seat token, user): the user is looked up only when no seat token is given."""
        token = request.headers.get("x-seat-token") or None
        return token, (None if token else await self.user(request))

    @staticmethod
    def address(request) -> str:
        """The client's address (that of a --trusted-proxies proxy's client, uvicorn has rewritten it)."""
        return request.client.host if request.client else "?"

    async def acting(self, request) -> tuple[str | None, dict | None, str | None]:
        """The caller of a move, confirm, reset or preview, once the move limit of the seat it acts for
        allows one more: (seat token, user, the token's hash, which the hall's checks that follow
        take rather than hash it again). The limit is checked after the caller is known to hold a
        seat: a made-up token is refused (403) and never gets a bucket of its own, and a seat's
        token and its player's session share one bucket."""
        token = request.headers.get("x-seat-token") or None  # (`caller`, without a coroutine a request)
        user = None if token else await self.user(request)
        digest = auth.token_hash(token) if token else None
        table_id = request.path_params["table_id"]
        seat = self.hall.actor(await self.hall.table(table_id), token, user, digest)
        self.moves_limit.check(f"{table_id}:{seat}")
        return token, user, digest

    async def _session(self, request, user: dict) -> JSONResponse:
        token = auth.new_token()
        await self.hall.db(self.store.create_session, auth.token_hash(token), user["id"],
                           time.time() + SESSION_DAYS * 86400)
        response = JSONResponse({"user": _public_user(user)})
        secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
        response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
                            secure=secure, path="/")
        return response

    # ----- accounts -----------------------------------------------------------------

    async def signup(self, request):
        self.signin_limit.check(self.address(request))
        body = await read_body(request)
        auth.check_username(body["username"])
        auth.check_password(body["password"])
        digest = await asyncio.to_thread(auth.hash_password, body["password"])
        try:
            user = await self.hall.db(self.store.create_user, auth.new_id(), body["username"].lower(),
                                      body["username"], digest, False)
        except Conflict:
            raise ApiError(409, "username_taken", "That username is taken.") from None
        return await self._session(request, user)

    async def signin(self, request):
        self.signin_limit.check(self.address(request))
        body = await read_body(request)
        found = await self.hall.db(self.store.user_by_name, body["username"].lower())
        # An unknown user (or a guest, who has no password) costs the same scrypt work as a wrong
        # password, so the answer's time does not tell which usernames exist.
        stored = found[1] if found is not None and found[1] is not None else auth.dummy_hash()
        ok = await asyncio.to_thread(auth.verify_password, body["password"], stored)
        if not ok or found is None or found[1] is None:
            raise ApiError(401, "bad_credentials", "Wrong username or password.")
        return await self._session(request, found[0])

    async def signout(self, request):
        await read_body(request)
        token = request.cookies.get(SESSION_COOKIE)
        if token:
            await self.hall.sign_out(auth.token_hash(token))
        response = JSONResponse({"ok": True})
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    async def guest(self, request):
        self.signin_limit.check(self.address(request))
        body = await read_body(request)
        name = auth.check_display_name(body["name"])
        user = await self.hall.db(self.store.create_user, auth.new_id(), None, name, None, True)
        return await self._session(request, user)

    async def me(self, request):
        user = await self.user(request)
        return JSONResponse({"user": _public_user(user) if user else None})

    # ----- games and tables --------------------------------------------------------------

    async def list_games(self, request):
        out = []
        for game_id in games.ids():
            try:
                out.append(games.get(game_id).describe())
            except Exception:  # a game that fails to load must not hide the others
                log.exception("game %s cannot be loaded", game_id)
        return JSONResponse(out)

    async def list_bots(self, request):
        return JSONResponse(bots.levels())

    async def bot_strength(self, request):
        # Measured, not configured: docs/strength.jsonl's rows as `strength report` shipped them.
        return JSONResponse(measured.STRENGTH)

    async def create_table(self, request):
        user = await self.user(request)
        if user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to create a table.")
        self.creation.check_rate(user["id"], self.address(request))
        self.creation.check_live(await self.hall.db(self.store.live_tables_created_by, user["id"]))
        body = await read_body(request)
        hints = self.hints.check_option(body)  # (reviewapi.py)
        self.hall.note_creator_address(user["id"], self.address(request))
        created = await self.hall.create_table(user, body)
        await self.hints.after_create(created["table"], hints)
        return JSONResponse(created, status_code=201)

    async def lobby(self, request):
        return JSONResponse(await self.hall.lobby())

    async def mine(self, request):
        user = await self.user(request)
        if user is None:
            raise ApiError(401, "unauthorized", "Sign in to see your tables.")
        return JSONResponse(await self.hall.mine(user))

    async def summary(self, request):
        table = await self.hall.table(request.path_params["table_id"])
        return JSONResponse(table.summary())

    async def join(self, request):
        body = await read_body(request)
        token = request.headers.get("x-seat-token") or None
        user = await self.user(request)
        return JSONResponse(await self.hall.join(request.path_params["table_id"], user, token, body["seat"]))

    async def reclaim(self, request):
        return await self._seat_action(request, self.hall.reclaim)

    async def start(self, request):
        return await self._seat_action(request, self.hall.start)

    async def leave(self, request):
        return await self._seat_action(request, self.hall.leave)

    async def _seat_action(self, request, action: Callable[[str, dict | None, str | None], Awaitable[dict]]):
        """An action of the caller's seat (by its seat token or session) that takes no fields."""
        await read_body(request)
        token, user = await self.caller(request)
        return JSONResponse(await action(request.path_params["table_id"], user, token))

    async def rematch(self, request):
        await read_body(request)
        token = request.headers.get("x-seat-token") or None
        user = await self.user(request)  # the rematch seats the caller's account, even with a seat token
        return JSONResponse(await self.hall.rematch(request.path_params["table_id"], user, token))

    # ----- ratings and players -------------------------------------------------------------

    async def leaderboard(self, request):
        return JSONResponse(await self.hall.leaderboard(request.path_params["game_id"]))

    async def player(self, request):
        return JSONResponse(await self.hall.player(request.path_params["name"]))

    async def rules(self, request):
        return JSONResponse(rules_body(request.path_params["game_id"]))

    # ----- play ------------------------------------------------------------------------------

    async def state(self, request):
        token, user = await self.caller(request)
        table, seat = await self.hall.seat_of(await self.hall.table(request.path_params["table_id"]), token, user)
        return json_text(self.hall.state_text(table, seat))

    async def move(self, request):
        token, user, digest = await self.acting(request)
        body = await read_body(request)
        return json_text(await self.hall.move(request.path_params["table_id"], token, user, body["seq"],
                                              body["move"], body.get("pending"), body.get("confirm") is True,
                                              digest=digest))

    async def confirm(self, request):
        token, user, digest = await self.acting(request)
        body = await read_body(request)
        return json_text(await self.hall.confirm(request.path_params["table_id"], token, user, body["seq"],
                                                 body.get("pending"), digest=digest))

    async def reset(self, request):
        token, user, digest = await self.acting(request)
        await read_body(request)
        return json_text(await self.hall.reset(request.path_params["table_id"], token, user, digest=digest))

    async def preview(self, request):
        token, user, digest = await self.acting(request)
        body = await read_body(request)
        return JSONResponse(await self.hall.preview(request.path_params["table_id"], token, user, body["move"],
                                                    digest=digest))

    async def replay(self, request):
        token, user = await self.caller(request)
        table, seat = await self.hall.seat_of(await self.hall.table(request.path_params["table_id"]), token, user)
        return JSONResponse(table.replay_body(seat))

    async def replay_step(self, request):
        token, user = await self.caller(request)
        table, seat = await self.hall.seat_of(await self.hall.table(request.path_params["table_id"]), token, user)
        raw = request.path_params["k"]
        if not (raw.isascii() and raw.isdigit()):
            raise ApiError(400, "bad_request", "The step is a whole number of moves (digits 0 to 9).")
        k = int(raw) if len(raw) <= 9 else 10 ** 9  # (no game is that long: out of range all the same)
        return JSONResponse(table.replay_step(seat, k, self.replays.state_at))

    # ----- chat ---------------------------------------------------------------------------------

    async def chat_history(self, request):
        return JSONResponse(await self.chat.history(request.path_params["table_id"]))

    async def chat_post(self, request):
        body = await read_body(request)
        token, user = await self.caller(request)
        if token is None and user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to chat at this table.")
        message = await self.chat.post(request.path_params["table_id"], token, user, body["text"])
        return JSONResponse({"message": message}, status_code=201)

    # ----- WebSocket ----------------------------------------------------------------------------

    async def websocket(self, websocket: WebSocket):
        await websocket.accept()
        table_id = websocket.path_params["table_id"]
        token = websocket.query_params.get("token") or None
        counted: list[str] = []
        try:
            origin = websocket.headers.get("origin")
            if origin and not same_origin(origin, websocket.url.scheme, websocket.headers.get("host", "")):
                # Another site's page must not open a table's socket with this browser's session.
                raise ApiError(403, "forbidden", "This page may not connect to the hall from another site.")
            cookie = websocket.cookies.get(SESSION_COOKIE)
            cookie_hash = auth.token_hash(cookie) if cookie else None
            counted = self.sockets.acquire(self.address(websocket), cookie_hash)
            table = await self.hall.table(table_id)
            user = None
            session_hash = None
            if not token and cookie_hash:
                session_hash = cookie_hash
                user = await self.hall.db(self.store.session_user, session_hash)
            digest = auth.token_hash(token) if token else None  # (hashed once: here and for the socket below)
            table, seat = await self.hall.seat_of(table, token, user, digest)
        except ApiError as exc:
            self.sockets.release(counted)
            await websocket.send_json({"type": "error", "message": exc.message, "code": exc.code})
            await websocket.close(code=4000 + exc.status)
            return
        except BaseException:
            self.sockets.release(counted)
            raise
        # The socket remembers what it was opened with, so that it follows the seat's holder.
        client = Client(websocket, seat, token_hash=digest,
                        user_id=user["id"] if user and seat is not None else None,
                        session_hash=session_hash if user else None)
        self.hall.subscribe(table_id, client)
        sender = asyncio.create_task(client.run())
        limiter = RateLimiter(20, 10, "messages")
        try:
            self.hall.send_state(table, client)
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("text") is None:
                    await self._refuse_binary(table_id, client, sender)
                    break
                reply = self._ws_message(table, seat, message["text"], limiter)
                if reply is not None:
                    client.offer(json.dumps(reply))
                else:
                    self.hall.send_state(table, client)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            self.hall.unsubscribe(table_id, client)
            sender.cancel()
            self.sockets.release(counted)

    async def _refuse_binary(self, table_id: str, client: Client, sender: asyncio.Task) -> None:
        """A binary frame: the protocol is JSON text. Say so, and close with 1003 (unsupported data)."""
        self.hall.unsubscribe(table_id, client)
        client.revoke(json.dumps({"type": "error", "code": "bad_request",
                                  "message": "Send messages as JSON text frames: binary frames are not accepted."}),
                      code=UNSUPPORTED_DATA)
        try:
            await asyncio.wait_for(sender, 5)  # it sends the words, then closes
        except Exception:
            pass

    @staticmethod
    def _ws_message(table, seat, text: str, limiter: RateLimiter) -> dict | None:
        """The reply to one client message; None asks for a fresh state."""
        try:
            limiter.check("ws")
        except ApiError as exc:
            return {"type": "error", "message": exc.message, "code": exc.code}
        if len(text) > MAX_WS_MESSAGE:
            return {"type": "error", "message": "That message is too long.", "code": "too_large"}
        try:
            data = parse_json(text, "The message")
        except ApiError as exc:
            return {"type": "error", "message": exc.message, "code": exc.code}
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "ping":
            return {"type": "pong"}
        if kind == "resync":
            return None
        return {"type": "error", "code": "bad_request",
                "message": "Send {\"type\": \"ping\"} or {\"type\": \"resync\", \"since\": seq}; "
                           "moves go through POST /api/tables/{id}/moves."}

    # ----- pages --------------------------------------------------------------------------------

    async def index(self, request):
        page = WEB_DIR / "index.html"
        if page.is_file():
            return FileResponse(page)
        return HTMLResponse("<!doctype html><title>meeple</title><p>The browser client is not installed.</p>")

    async def openapi(self, request):
        return JSONResponse(openapi_document())

    def routes(self) -> list:
        """The API's routes as openapi.ENDPOINTS declares them, then the pages and the static files."""
        reviews = review_handlers(self)
        # The router tries its routes in turn, a regular expression each: the requests of play come
        # first (no other route's path can match theirs, so the order changes nothing else).
        endpoints = sorted(ENDPOINTS, key=lambda e: e.handler not in PLAY_HANDLERS)
        routes: list = [
            WebSocketRoute(e.path, getattr(self, e.handler)) if e.method == "WEBSOCKET"
            else Route(e.path, reviews.get(e.handler) or getattr(self, e.handler), methods=[e.method])
            for e in endpoints]
        routes += [
            Route("/openapi.json", self.openapi),
            Route("/", self.index),
            Route("/t/{table_id}", self.index),
            Route("/players/{name}", self.index),
            Route("/games/{game_id}/leaderboard", self.index),
            Route("/games/{game_id}/rules", self.index),
            Route("/api/{rest:path}", _not_found, methods=["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]),
        ]
        if WEB_DIR.is_dir():
            routes.append(Mount("/static", StaticFiles(directory=WEB_DIR)))
            routes.append(Mount("/", StaticFiles(directory=WEB_DIR)))
        return routes


class JsonText(Response):
    """An answer whose JSON is already text (a state body, see views.Body): Starlette's
    `Response(text, media_type="application/json")`, the same headers in the same order, set
    without its general path (the answer to every move)."""

    media_type = "application/json"

    def __init__(self, text: str) -> None:
        self.status_code = 200
        self.background = None
        self.body = body = text.encode()
        self.raw_headers = [(b"content-length", str(len(body)).encode()), (b"content-type", b"application/json")]


json_text = JsonText


def _public_user(user: dict) -> dict:
    return {"id": user["id"], "name": user["name"], "username": user.get("username"), "guest": user["guest"]}


async def _not_found(request):
    """An /api/ path no route serves: 405 with Allow when the path is served under other methods (OPTIONS:
    204 with Allow)."""
    allowed: set[str] = set()
    for route in request.app.routes:
        if isinstance(route, Route) and route.methods and "{rest:path}" not in route.path \
                and route.path_regex.match(request.url.path):
            allowed |= route.methods
    if allowed and request.method == "OPTIONS":
        # What the path takes, and nothing for another origin: no Access-Control-Allow-* header, so a
        # browser's preflight from another site fails (see samesite.py).
        methods = ", ".join(sorted(allowed | {"OPTIONS"}))
        return Response(status_code=204, headers={"Allow": methods})
    if allowed:
        raise ApiError(405, "bad_request", f"{request.method} is not allowed here: use {', '.join(sorted(allowed))}.",
                       headers={"Allow": ", ".join(sorted(allowed))})
    raise ApiError(404, "not_found", f"There is no {request.method} {request.url.path}.")


async def _api_error(request, exc: ApiError):
    return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers)


async def _http_error(request, exc: HTTPException):
    words = {404: "There is no such page.", 405: "That method is not allowed here."}
    return JSONResponse({"error": words.get(exc.status_code, exc.detail), "code": "not_found" if exc.status_code == 404
                         else "bad_request"}, status_code=exc.status_code, headers=exc.headers)  # (405: Allow)


async def _unavailable(request, exc: Unavailable):
    log.warning("the database is unavailable on %s: %s", request.url.path, exc)
    return JSONResponse({"error": "The hall cannot reach its database just now: try again in a moment.",
                         "code": "unavailable"}, status_code=503, headers={"Retry-After": "1"})


async def _server_error(request, exc: Exception):
    log.exception("unexpected error on %s", request.url.path)
    return JSONResponse({"error": "Something went wrong on the server. Reload the table to see where it stands.",
                         "code": "server_error"}, status_code=500)


def create_app(hall: Hall, **limits) -> Starlette:
    """The ASGI app for a hall; the hall is started and closed with the app."""
    api = Api(hall, **limits)

    @asynccontextmanager
    async def lifespan(app):
        await hall.open()
        try:
            yield
        finally:
            await api.reviews.close()
            await hall.close()

    # Any: Starlette types each handler as taking a bare Exception; ours take their own kinds.
    errors: dict[Any, Any] = {ApiError: _api_error, HTTPException: _http_error, Unavailable: _unavailable}
    routes = api.routes()
    # The routes of play are taken in front of Starlette's layers, after Guard's checks (playroute.py).
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={**errors, Exception: _server_error},
                    middleware=[Middleware(Guard), Middleware(PlayRoutes, routes=routes, handlers=PLAY_HANDLERS,
                                                                errors=errors)])
    app.state.hall = hall
    app.state.api = api
    return app

"""The routes of play (a move, a confirm, a reset, a seat's state: most requests while tables play)
served straight from the ASGI scope, in front of Starlette's exception layers and router.

It sits behind `headers.Guard` (whose checks every request still passes) and takes only a request
whose method and path are exactly those of a play route; every other request, a HEAD or a path with
a trailing slash among them, falls through to Starlette, which answers it as before. A request taken
here is handled by the very route object and handler Starlette would have called, with the scope
keys its router sets, and an error is answered by the app's own handlers, so every answer is the
same, byte for byte (tests/server/test_h1_playroute.py); what it skips is the router's walk over the
routes and the two layers that wrap every answer for errors the handler already meets here.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request

PLAY_PREFIX = "/api/tables/"


class PlayRoutes:
    """ASGI middleware: the play routes of `routes` (Starlette `Route`s whose endpoint is one of
    `handlers`), taken at once; `errors`: the app's exception handlers (an exception with none
    propagates, as from Starlette's layers, to its server-error handler)."""

    def __init__(self, app, routes: list, handlers: frozenset[str], errors: dict[Any, Any]) -> None:
        self.app = app
        self.errors = errors
        # (method, the path's last segment) -> its route: "/api/tables/{table_id}/moves" is ("POST", "moves")
        self.routes: dict[tuple[str, str], Any] = {}
        for route in routes:
            name = getattr(getattr(route, "endpoint", None), "__name__", None)
            if name in handlers and route.path.startswith(PLAY_PREFIX + "{table_id}/"):
                tail = route.path[len(PLAY_PREFIX + "{table_id}/"):]
                for method in route.methods - {"HEAD"}:
                    self.routes[method, tail] = route

    async def __call__(self, scope, receive, send) -> None:
        route = None
        if scope["type"] == "http" and not scope.get("root_path"):
            path = scope["path"]
            if path.startswith(PLAY_PREFIX):
                table_id, slash, tail = path[len(PLAY_PREFIX):].partition("/")
                if table_id and slash:
                    route = self.routes.get((scope["method"], tail))
        if route is None:
            await self.app(scope, receive, send)
            return
        # What Starlette's router sets before it calls a route (read_body reads the route's path).
        scope["route"] = route
        scope["endpoint"] = route.endpoint
        scope["path_params"] = {**scope.get("path_params", {}), "table_id": table_id}
        request = Request(scope, receive, send)
        try:
            response = await route.endpoint(request)
        except Exception as exc:
            handler = next((self.errors[kind] for kind in type(exc).__mro__ if kind in self.errors), None)
            if handler is None:
                raise
            response = await handler(request, exc)
            exc.__traceback__ = None  # (as Starlette does: a reused exception would keep its tracebacks)
        await response(scope, receive, send)

"""The HTTP routes of reviews and hints (docs/api.md, "Reviews and hints"), on the app's `Api`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .errors import ApiError
from .hints import Hints
from .reviews import Reviews


def review_handlers(api) -> dict[str, Callable[[Request], Awaitable[Response]]]:
    """The routes' handlers by the names openapi.ENDPOINTS gives them, bound to `api` (app.Api: its
    hall, callers and body checks); also sets api.reviews and api.hints."""
    from .app import read_body

    api.reviews = Reviews(api.hall)
    api.hints = Hints(api.hall)

    async def review_read(request):
        return JSONResponse(await api.reviews.read(request.path_params["table_id"]))

    async def review_ask(request):
        await read_body(request)
        token, user = await api.caller(request)
        table_id = request.path_params["table_id"]
        if (await api.hall.seat_of(await api.hall.table(table_id), token, user))[1] is None and user is None:
            raise ApiError(401, "unauthorized", "Sign in, or play as a guest, to ask for a review.")
        return JSONResponse(await api.reviews.ask(table_id))

    async def hint_info(request):
        token, user = await api.caller(request)
        table_id = request.path_params["table_id"]
        _, seat = await api.hall.seat_of(await api.hall.table(table_id), token, user)
        return JSONResponse(await api.hints.info(table_id, seat))

    async def hint(request):
        token, user, _ = await api.acting(request)  # a seated player, within its move limit
        await read_body(request)
        table_id = request.path_params["table_id"]
        table, _ = await api.hall.seat_of(await api.hall.table(table_id), token, user)
        seat = api.hall.actor(table, token, user)
        return JSONResponse(await api.hints.hint(table_id, seat))

    return {"review_read": review_read, "review_ask": review_ask, "hint_info": hint_info, "hint": hint}

"""What the hall's ASGI wrappers around the app (headers.py, text.py, samesite.py) share."""

from __future__ import annotations


class Wrapper:
    """Wraps the app: HTTP requests and WebSockets go to `handle` (by default straight on to the
    app); anything else (the lifespan) passes on untouched."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] in ("http", "websocket"):
            await self.handle(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def handle(self, scope, receive, send) -> None:
        await self.app(scope, receive, send)


async def send_json(send, status: int, body: bytes) -> None:
    """Answer an HTTP request with a JSON body before any route sees it (a wrapper's refusal)."""
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})

"""The hall's ASGI wrapper around the app (`Guard`): refuses requests with oversized headers, a path
or query with control characters (text.py) and state-changing requests from another site
(samesite.py), and adds the security headers a web app should send to every HTTP answer.

The client is static files with no inline script or style (checked in Chromium by
tests/web/test_security_headers.py), so the Content-Security-Policy allows only this origin.
"""

from __future__ import annotations

import json

from .asgi import send_json
from .samesite import SAFE_METHODS, request_refusal
from .text import path_refusal, refuse_path

MAX_HEADER_BYTES = 16 * 1024   # all request headers together (a browser sends about 1-2 KB)

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
_TOO_LARGE = (b'{"error":"The request headers are larger than 16 KiB.","code":"too_large"}')


class Guard:
    """Every HTTP request and WebSocket passes here, in this order: headers over 16 KiB (431; a socket
    closed with 1009), a path or query with a control or invisible character (400 in words), a request
    that may change state from another site (403 or 415 in words); then the app, each HTTP answer
    with the security headers (the refusals after the first too). One wrapper rather than one per
    check, as every request of play pays each layer. The lifespan passes on untouched."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        kind = scope["type"]
        if kind != "http" and kind != "websocket":
            await self.app(scope, receive, send)
            return
        size = sum(len(name) + len(value) + 4 for name, value in scope["headers"])
        if size > MAX_HEADER_BYTES:
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1009})
            else:
                await send_json(send, 431, _TOO_LARGE)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        words = path_refusal(scope)
        if words is not None:
            await refuse_path(scope, receive, send_with_headers, words)
            return
        if kind == "http" and scope["method"] not in SAFE_METHODS:
            refused = request_refusal(scope)
            if refused is not None:
                status, code, words = refused
                await send_json(send_with_headers, status, json.dumps({"error": words, "code": code}).encode())
                return
        # (a socket's messages pass as they are: every message of play would pay the wrapper for nothing)
        await self.app(scope, receive, send_with_headers if kind == "http" else send)

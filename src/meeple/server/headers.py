"""An ASGI wrapper around the app: refuses requests with oversized headers, and adds the security
headers a web app should send to every HTTP answer.

The client is static files with no inline script or style (checked in Chromium by
tests/web/test_security_headers.py), so the Content-Security-Policy allows only this origin.
"""

from __future__ import annotations

from .asgi import Wrapper, send_json

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


class SecurityHeaders(Wrapper):
    async def handle(self, scope, receive, send) -> None:
        size = sum(len(name) + len(value) + 4 for name, value in scope["headers"])
        if size > MAX_HEADER_BYTES:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1009})
            else:
                await send_json(send, 431, _TOO_LARGE)
            return

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

"""A refusal answered before any route sees the request (headers.Guard's, for itself and for
text.py and samesite.py)."""

from __future__ import annotations


async def send_json(send, status: int, body: bytes) -> None:
    """Answer an HTTP request with a JSON body before any route sees it (a wrapper's refusal)."""
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})

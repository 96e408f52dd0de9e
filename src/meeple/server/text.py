"""Which characters the hall accepts in text from clients: no control characters and no invisible
formatting characters, in any body, WebSocket message, path or query.

NUL cannot be stored in a PostgreSQL text column at all (SQLite takes it), so an unchecked one
was a 500 on one backend and a 404 on the other; the rest (BEL, a zero-width space, a byte-order
mark, direction overrides) have no place in a name, a table id or a move, and make one name look
like another. Tab, line feed and carriage return stay allowed in bodies (a chat line collapses
them to spaces); the zero-width joiners and emoji tags stay allowed too, since emoji and some
scripts are spelt with them.
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

from .asgi import send_json
from .errors import ApiError

BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
# Unicode's control (Cc) and format (Cf) characters, less \t \n \r, U+200C/U+200D and the emoji tags
# (tests/server/test_text_inputs.py checks this list against the unicodedata module).
UNSEEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891"
                    "\u08e2\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
                    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
                    "\U000e0001]")
_BIDI = re.compile(f"[{BIDI}]")


def refusal(text: str, what: str) -> str | None:
    """Words saying why `text` is refused, or None when it may pass."""
    if text.isascii() and text.isprintable():
        return None  # (most texts, every request's path: UNSEEN holds no printable ASCII character)
    found = UNSEEN.search(text)
    if found is None:
        return None
    char = found.group()
    if _BIDI.match(char):
        return (f"{what} may not hold characters that reverse the direction of the text around them "
                "(bidirectional controls).")
    name = "a NUL character" if char == "\x00" else "a control or invisible character"
    return f"{what} may not hold {name} (U+{ord(char):04X}, character {found.start() + 1})."


def check_text(text: str, what: str) -> None:
    """ApiError 400 bad_request, in words, when `text` holds a character the hall refuses."""
    words = refusal(text, what)
    if words is not None:
        raise ApiError(400, "bad_request", words)


def path_refusal(scope) -> str | None:
    """Words saying why a request or socket is refused for a control or invisible character in its
    path or query (`/api/tables/a%00b`), before any route looks it up; None when it may pass."""
    raw = scope.get("query_string", b"")
    words = refusal(scope["path"], "An address")
    if words is None and raw:
        words = refusal(unquote(raw.decode("latin-1"), errors="replace"), "An address's query")
    return words


async def refuse_path(scope, receive, send, words: str) -> None:
    """400 in words (a socket: accepted, so that the client reads why, as the table socket tells its
    errors, then closed with 4000 + the status)."""
    if scope["type"] == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps({"type": "error", "message": words,
                                                                  "code": "bad_request"})})
        await send({"type": "websocket.close", "code": 4400})
        return
    await send_json(send, 400, json.dumps({"error": words, "code": "bad_request"}).encode())

"""Requests that change state come from the hall's own pages, or from no page at all.

A browser sends the hall's session cookie with requests that other pages make: a page on
another port of the same host, or a sibling subdomain (same-site, so even SameSite=Lax
cookies go along), could post a `<form enctype="text/plain">` or a `no-cors` fetch that
writes chat, leaves a rated table or plays a move. Two checks close that door, for every
method but GET, HEAD and OPTIONS:

- a body must be declared `application/json`: a page can send that type to another origin
  only after a CORS preflight, which the hall never grants;
- `Origin` (every browser sends it on such requests), or else `Sec-Fetch-Site`, must name
  the hall's own origin, as the table's WebSocket already requires.

A request that carries neither header comes from no browser page (a script, curl, a bot)
and holds no victim's cookie to abuse: it passes.
"""

from __future__ import annotations

import functools
from urllib.parse import urlsplit

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
_SAME_SITE_FETCH = frozenset({"same-origin", "none"})  # "none": the user's own action (typed, bookmark)

WRONG_TYPE = ("Send the request body as JSON, with the header Content-Type: application/json "
              "(forms and plain text are not accepted).")
OTHER_SITE = "This page may not change anything in the hall from another site: open the hall's own page."


# Remembered: a browser sends its page's Origin with every move, and parsing two addresses costs more
# than the rest of the guard's checks (bounded: the headers are the client's to make up).
@functools.lru_cache(maxsize=1024)
def same_origin(origin: str, scheme: str, host: str) -> bool:
    """Whether a page of `origin` is this hall as the request reached it: same scheme (https
    pages for https requests and wss sockets), host and port, a missing port being the scheme's
    default."""
    try:
        page = urlsplit(origin)
        here = urlsplit(f"//{host}")
        page_port, here_port = page.port, here.port
    except ValueError:
        return False
    scheme = "https" if scheme in ("https", "wss") else "http"
    return (page.scheme == scheme and page.hostname is not None and page.hostname == here.hostname
            and (page_port or _DEFAULT_PORTS[scheme]) == (here_port or _DEFAULT_PORTS[scheme]))


def refusal(method: str, headers: dict[str, str], scheme: str, has_body: bool) -> tuple[int, str, str] | None:
    """(status, code, words) when a request may not change state, else None. `headers`: lower-case
    names."""
    if method in SAFE_METHODS:
        return None
    kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if (kind or has_body) and kind != "application/json":
        return 415, "unsupported_media_type", WRONG_TYPE
    origin = headers.get("origin")
    if origin is not None:
        if not same_origin(origin, scheme, headers.get("host", "")):
            return 403, "forbidden", OTHER_SITE
    elif headers.get("sec-fetch-site", "same-origin").lower() not in _SAME_SITE_FETCH:
        return 403, "forbidden", OTHER_SITE
    return None


_NEEDED = frozenset({b"content-type", b"content-length", b"transfer-encoding", b"origin", b"sec-fetch-site", b"host"})


def request_refusal(scope) -> tuple[int, str, str] | None:
    """`refusal` of an ASGI HTTP request (headers.Guard asks it of every request that may change
    state); only the headers it reads are decoded."""
    headers = {}
    for name, value in scope["headers"]:
        name = name.lower()
        if name in _NEEDED:
            headers[name.decode("latin-1")] = value.decode("latin-1")  # (the last one, as a dict of all kept)
    length = headers.get("content-length")
    has_body = length != "0" if length is not None else "transfer-encoding" in headers
    return refusal(scope["method"], headers, scope.get("scheme", "http"), has_body)

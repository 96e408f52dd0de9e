"""headers.Guard, the one ASGI wrapper every request passes, called directly (no server): its refusals
in order (oversized headers, a control character in the path, another site's change), the security
headers on every HTTP answer but the 431, and the lifespan passed on untouched."""

import asyncio
import json

from meeple.server.headers import SECURITY_HEADERS, Guard


def _call(scope: dict, body: bytes = b"") -> tuple[list[dict], list[dict]]:
    """(what the inner app was handed, what went out) for one request through the Guard."""
    reached: list[dict] = []
    sent: list[dict] = []

    async def app(scope, receive, send):
        reached.append(scope)
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
            await send({"type": "http.response.body", "body": b"ok"})

    async def receive():
        return {"type": "websocket.connect"} if scope["type"] == "websocket" else \
            {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(Guard(app)(scope, receive, send))
    return reached, sent


def _http(method: str = "GET", path: str = "/api/bots", headers: list | None = None, query: bytes = b"") -> dict:
    return {"type": "http", "method": method, "path": path, "query_string": query, "scheme": "http",
            "headers": [(b"host", b"hall:8000"), *(headers or [])]}


def _security(start: dict) -> bool:
    return all(header in start["headers"] for header in SECURITY_HEADERS)


def test_a_plain_request_reaches_the_app_and_its_answer_carries_the_security_headers():
    reached, sent = _call(_http())
    assert len(reached) == 1 and sent[0]["status"] == 200 and _security(sent[0])
    assert (b"content-type", b"text/plain") in sent[0]["headers"]


def test_oversized_headers_are_refused_first():
    big = [(b"x-filler", b"a" * 17000), (b"origin", b"http://evil:1")]
    reached, sent = _call(_http("POST", "/api/tables/a%00b", big))
    assert not reached and sent[0]["status"] == 431
    reached, sent = _call({**_http(path="/ws/tables/x", headers=big), "type": "websocket"})
    assert not reached and sent == [{"type": "websocket.close", "code": 1009}]


def test_a_control_character_in_the_path_or_query_is_refused_in_words_with_the_security_headers():
    for scope in (_http(path="/api/tables/a\x00b"), _http(query=b"x=%E2%80%AE")):
        reached, sent = _call(scope)
        assert not reached and sent[0]["status"] == 400 and _security(sent[0])
        assert json.loads(sent[1]["body"])["code"] == "bad_request"
    reached, sent = _call({**_http(path="/ws/tables/a\x07b"), "type": "websocket"})
    assert not reached and [m["type"] for m in sent] == ["websocket.accept", "websocket.send", "websocket.close"]
    assert sent[-1]["code"] == 4400


def test_a_change_from_another_site_is_refused_a_read_or_a_script_is_not():
    json_type = (b"content-type", b"application/json")
    reached, sent = _call(_http("POST", "/api/tables", [json_type, (b"origin", b"http://evil:8000")]))
    assert not reached and sent[0]["status"] == 403 and _security(sent[0])
    reached, sent = _call(_http("POST", "/api/tables", [(b"content-type", b"text/plain"),
                                                         (b"content-length", b"2")]))
    assert not reached and sent[0]["status"] == 415
    for headers in ([json_type, (b"origin", b"http://hall:8000")], [json_type], []):
        reached, sent = _call(_http("POST", "/api/tables", headers))
        assert reached and sent[0]["status"] == 200
    reached, _ = _call(_http("GET", "/api/tables", [(b"origin", b"http://evil:8000")]))
    assert reached


def test_the_lifespan_passes_untouched():
    reached, sent = _call({"type": "lifespan"})
    assert reached == [{"type": "lifespan"}] and not sent

"""The API is declared once (server/openapi.py, ENDPOINTS): the hall serves exactly those routes, each with
its declared method and handler, and the OpenAPI document is generated from the same declarations."""

from starlette.routing import Route, WebSocketRoute

from meeple.server.openapi import ENDPOINTS, openapi_document


def _api_routes(app) -> list[tuple[str, str, str]]:
    """(method, path, handler name) of every API route the app serves, the catch-all 404 left out."""
    found = []
    for route in app.routes:
        if isinstance(route, WebSocketRoute):
            found.append(("WEBSOCKET", route.path, route.endpoint.__name__))
        elif isinstance(route, Route) and route.path.startswith("/api/") and "{rest:path}" not in route.path:
            found += [(method, route.path, route.endpoint.__name__) for method in sorted(route.methods - {"HEAD"})]
    return found


def test_the_hall_serves_exactly_the_declared_endpoints_by_their_handlers(server):
    # (in any order: the requests of play are matched first, app.PLAY_HANDLERS)
    assert sorted(_api_routes(server.app)) == sorted((e.method, e.path, e.handler) for e in ENDPOINTS)


def test_the_document_describes_each_declared_endpoint_once():
    doc = openapi_document()
    described = sorted((method, path) for path, ops in doc["paths"].items() for method in ops)
    declared = sorted(("get" if e.method == "WEBSOCKET" else e.method.lower(), e.path) for e in ENDPOINTS)
    assert described == declared
    for e in ENDPOINTS:
        if e.method == "POST":  # a change may be refused by a rate limit where one applies, and only there
            answers = doc["paths"][e.path]["post"]["responses"]
            assert ("429" in answers) == (e.limited or "429" in e.operation["responses"]), e.path


def test_a_body_is_checked_against_its_declared_schema(player_factory):
    ann = player_factory("Ann")
    answer = ann.post("/api/auth/guest", {"nom": "Ann"})
    assert answer.status_code == 400 and answer.json()["error"] == "Unknown field 'nom'. Fields here: name."
    answer = ann.post("/api/auth/signin", {"username": "ann_1"})
    assert answer.status_code == 400 and answer.json()["error"] == "The field 'password' is missing."
    answer = ann.post("/api/tables", {"game": "picnic", "seats": [], "public": "yes"})
    assert answer.status_code == 400 and answer.json()["error"] == "The field 'public' has the wrong type."
    # join_seat is declared integer or null: null passes the body check (and means no seat).
    seats = [{"type": "human"}, {"type": "bot", "level": "random"}]
    created = ann.post("/api/tables", {"game": "picnic", "seats": seats, "join_seat": None})
    assert created.status_code == 201, created.text

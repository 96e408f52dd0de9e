"""What one abusive client must not be able to do to the hall (issue 21, denial of service and
limits): grow its memory with made-up ids and tokens, dodge the move limit, hold sockets without
end, send giant headers, frame the pages, spoof text direction in names, open sockets from another
origin, or time sign-ins to learn which usernames exist."""

from __future__ import annotations

import gc
import json
from contextlib import ExitStack

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from meeple.server import auth
from meeple.server.errors import ApiError
from meeple.server.limits import SocketLimits
from meeple.server.ratelimit import RateLimiter

from .conftest import NO_LIMITS, LiveServer, Player

HUMAN = {"type": "human"}


@pytest.fixture
def live(tmp_path, request):
    limits = {**NO_LIMITS, **getattr(request, "param", {})}
    server = LiveServer(str(tmp_path / "meeple.db"), **limits)
    yield server
    server.stop()


def test_requests_for_unknown_tables_leave_nothing_behind(live):
    with httpx.Client(base_url=live.url) as http:
        for i in range(300):
            assert http.get(f"/api/tables/nothing{i}").status_code == 404
            r = http.post(f"/api/tables/nothing{i}/moves", json={"seq": 0, "move": "x"},
                          headers={"X-Seat-Token": f"junk{i}"})
            assert r.status_code == 404
    gc.collect()
    assert len(live.hall.live.locks) == 0
    assert len(live.app.state.api.moves_limit.buckets) == 0


@pytest.mark.parametrize("live", [{"move_rate": (4, 0.01)}], indirect=True)
def test_the_move_limit_is_per_seat_after_authentication(live):
    ann = Player(live.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    Player(live.url, "Bob").post(f"/api/tables/{table}/join", {"seat": 1})
    # Junk tokens are refused as such, never limited, and cost no bucket.
    for i in range(20):
        r = ann.http.post(f"/api/tables/{table}/reset", json={}, headers={"X-Seat-Token": f"junk{i}"})
        assert r.status_code == 403, r.text
    assert len(live.app.state.api.moves_limit.buckets) == 0
    # The seat's token and its player's session are one seat: one bucket between them.
    token = ann.token
    codes = []
    for i in range(6):
        ann.token = token if i % 2 else None
        codes.append(ann.post(f"/api/tables/{table}/reset").status_code)
    assert codes == [200] * 4 + [429] * 2, codes
    ann.close()


def test_the_limiter_is_bounded_and_keeps_the_busy_keys():
    limiter = RateLimiter(2, 0.001, "moves", max_keys=1000)
    limiter.check("busy")
    limiter.check("busy")
    for i in range(5000):
        limiter.check(f"k{i}")
        if i % 100 == 0:
            with pytest.raises(ApiError):
                limiter.check("busy")  # seen often: stays at the recent end, stays limited
    assert len(limiter.buckets) <= 1000


@pytest.mark.parametrize("live", [{"socket_limits": SocketLimits(per_address=5, per_session=3)}], indirect=True)
def test_sockets_are_capped_per_address_and_session(live):
    ann = Player(live.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    url = live.url.replace("http", "ws") + f"/ws/tables/{table}"
    cookie = {"Cookie": f"meeple_session={ann.http.cookies['meeple_session']}"}

    def refused(ws) -> bool:
        first = json.loads(ws.recv(timeout=5))
        return first.get("code") == "too_many_sockets"

    with ExitStack() as stack:
        held = [stack.enter_context(ws_connect(url, additional_headers=cookie, open_timeout=5)) for _ in range(3)]
        assert not any(refused(ws) for ws in held)
        with ws_connect(url, additional_headers=cookie, open_timeout=5) as extra:
            assert refused(extra)  # a fourth socket of the session
        held += [stack.enter_context(ws_connect(url, open_timeout=5)) for _ in range(2)]
        assert not any(refused(ws) for ws in held[3:])
        with ws_connect(url, open_timeout=5) as extra:
            assert refused(extra)  # a sixth socket of the address
        held.pop().close()
        with ws_connect(url, open_timeout=5) as again:
            assert not refused(again)  # a closed socket gives its place back
    ann.close()


def test_headers_over_a_sane_size_are_refused(live):
    with httpx.Client(base_url=live.url) as http:
        r = http.get("/api/games", headers={f"X-Big-{i}": "x" * 1000 for i in range(20)})
        assert r.status_code == 431, r.status_code
        assert r.json()["code"] == "too_large"
        assert http.get("/api/games", headers={"X-Small": "x" * 1000}).status_code == 200


def test_pages_and_answers_carry_security_headers(live):
    with httpx.Client(base_url=live.url) as http:
        for path in ("/", "/api/games", "/static/js/app.js", "/api/tables/nothing"):
            headers = http.get(path).headers
            csp = headers["content-security-policy"]
            assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
            assert "unsafe-inline" not in csp
            assert headers["x-frame-options"] == "DENY"
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "same-origin"


@pytest.mark.parametrize("name", ["evil\u202eexe.txt", "a\u2066b", "\u200fAnn", "x\u061c"])
def test_names_with_bidirectional_controls_are_refused(live, name):
    with httpx.Client(base_url=live.url) as http:
        r = http.post("/api/auth/guest", json={"name": name})
        assert r.status_code == 400, r.text
        assert "direction" in r.json()["error"]
        assert http.post("/api/auth/guest", json={"name": "Ann \u00e9\u05d0"}).status_code == 200  # Hebrew is fine


def test_the_socket_origin_check_compares_scheme_host_and_port(live):
    from meeple.server.app import same_origin

    assert same_origin("http://hall.example:8000", "ws", "hall.example:8000")
    assert same_origin("https://hall.example", "wss", "hall.example")
    assert same_origin("https://hall.example:443", "wss", "hall.example")
    assert not same_origin("http://hall.example:9000", "ws", "hall.example:8000")   # another port
    assert not same_origin("https://hall.example:8000", "ws", "hall.example:8000")  # another scheme
    assert not same_origin("http://hall.example", "wss", "hall.example")            # http page, wss socket
    assert not same_origin("http://evil.example", "ws", "hall.example")
    assert not same_origin("null", "ws", "hall.example")
    ann = Player(live.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    url = live.url.replace("http", "ws") + f"/ws/tables/{table}"
    port = live.port
    for origin, ok in [(f"http://127.0.0.1:{port}", True), (f"http://127.0.0.1:{port + 1}", False),
                       (f"https://127.0.0.1:{port}", False)]:
        try:
            with ws_connect(url, origin=origin, open_timeout=5) as ws:  # type: ignore[arg-type]
                first = json.loads(ws.recv(timeout=5))
        except InvalidStatus:
            first = {"type": "refused"}
        assert (first["type"] == "state") == ok, (origin, first)
    ann.close()


def test_sign_in_does_the_same_work_for_unknown_users(live, monkeypatch):
    checked = []
    real = auth.verify_password

    def counting(password, stored):
        checked.append(stored)
        return real(password, stored)

    monkeypatch.setattr(auth, "verify_password", counting)
    with httpx.Client(base_url=live.url) as http:
        assert http.post("/api/auth/signup", json={"username": "ann", "password": "long enough"}).status_code == 200
        for username in ("ann", "nobody-here"):
            r = http.post("/api/auth/signin", json={"username": username, "password": "wrong password"})
            assert r.status_code == 401 and r.json()["code"] == "bad_credentials"
        guest = http.post("/api/auth/guest", json={"name": "Gus"}).json()["user"]
        assert http.post("/api/auth/signin", json={"username": guest["name"], "password": "x" * 8}).status_code == 401
    assert len(checked) == 3  # the known user, the unknown one and the guest's name: one scrypt each

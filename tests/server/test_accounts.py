"""Accounts: sign-up, sign-in with a real password hash, sessions in HttpOnly cookies."""

from __future__ import annotations

from meeple.server.auth import hash_password, verify_password

from .conftest import Player


def test_password_hashes_are_salted_scrypt():
    one, two = hash_password("correct horse"), hash_password("correct horse")
    assert one.startswith("scrypt$") and one != two and "correct" not in one
    assert verify_password("correct horse", one) and not verify_password("wrong horse", one)


def test_sign_up_sign_in_sign_out(server):
    ann = Player(server.url)
    assert ann.get("/api/me").json() == {"user": None}
    r = ann.post("/api/auth/signup", {"username": "ann_k", "password": "pass-word-1"})
    assert r.status_code == 200 and r.json()["user"]["username"] == "ann_k"
    cookie = r.headers["set-cookie"].lower()
    assert "meeple_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert ann.get("/api/me").json()["user"]["name"] == "ann_k"
    assert ann.post("/api/auth/signup", {"username": "ANN_K", "password": "pass-word-2"}).json()["code"] \
        == "username_taken"
    assert ann.post("/api/auth/signup", {"username": "x", "password": "pass-word-2"}).status_code == 400
    assert ann.post("/api/auth/signup", {"username": "shorty", "password": "short"}).status_code == 400
    ann.post("/api/auth/signout")
    assert ann.get("/api/me").json() == {"user": None}
    bad = ann.post("/api/auth/signin", {"username": "ann_k", "password": "pass-word-2"})
    assert bad.status_code == 401 and bad.json()["code"] == "bad_credentials"
    assert ann.post("/api/auth/signin", {"username": "ann_k", "password": "pass-word-1"}).status_code == 200
    # The stored row holds a hash, never the password.
    found = server.hall.store.user_by_name("ann_k")
    assert found[1].startswith("scrypt$") and "pass-word-1" not in found[1]
    # A signed-in player acts for their seat without a token.
    table = ann.create([{"type": "human"}, {"type": "bot", "level": "random"}], join_seat=0)["table"]
    ann.token = None
    state = ann.state(table)
    assert state["my_seat"] == 0 and state["legal"]
    assert ann.post(f"/api/tables/{table}/moves", {"seq": 0, "move": state["legal"][0]["json"]}).status_code == 200
    ann.close()

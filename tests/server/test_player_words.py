"""Refusals a player can meet say what happened in a player's words (the codes stay, for clients): an invite
link used for another seat names its own (it said "That invite is for another seat.")."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

HUMAN = {"type": "human"}


def test_an_invite_used_for_another_seat_names_its_own(player_factory):
    ann, bob = player_factory("Ann"), player_factory("Bob")
    made = ann.create([HUMAN, HUMAN, HUMAN], game="twenty", join_seat=0)
    invite = next(s["invite"] for s in made["seats"] if s["seat"] == 1)
    bob.token = parse_qs(urlparse(invite).query)["token"][0]
    r = bob.post(f"/api/tables/{made['table']}/join", {"seat": 2})
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    assert r.json()["error"] == "Your invite link is for seat 2: join that one."
    assert bob.post(f"/api/tables/{made['table']}/join", {"seat": 1}).status_code == 200

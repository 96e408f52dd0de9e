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


RANDOM = {"type": "bot", "level": "random"}


def test_a_link_that_holds_no_seat_says_so_in_a_players_words(player_factory):
    ann, eve = player_factory("Ann"), player_factory("Eve")
    made = ann.create([HUMAN, HUMAN], game="twenty", join_seat=0)
    eve.token = "not-a-token-of-this-table"
    r = eve.get(f"/api/tables/{made['table']}/state")
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    assert "token" not in r.json()["error"] and "holds no seat at this table" in r.json()["error"]


def test_a_move_while_a_bot_plays_my_seat_says_how_to_take_it_back(player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, RANDOM], game="twenty", join_seat=0)["table"]
    state = ann.wait_turn(table)
    assert ann.post(f"/api/tables/{table}/leave").status_code == 200
    r = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": state["legal"][0]["json"]})
    assert r.status_code == 409 and r.json()["code"] == "bot_playing", r.text
    assert "reclaim" not in r.json()["error"] and "Take my seat back" in r.json()["error"]


def test_a_turn_changed_elsewhere_names_no_counts(player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, RANDOM], game="twenty", join_seat=0)["table"]
    state = ann.wait_turn(table)
    r = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "pending": 5, "move": state["legal"][0]["json"]})
    assert r.status_code == 409 and r.json()["code"] == "conflict"
    assert "pending" not in r.json()["error"] and r.json()["error"].startswith("Your turn changed meanwhile")

"""The leaderboard and player pages name a bot as players read it: "search 1 bot", by its level's words,
not "search1 bot" by its level's key (the lobby says "search 3"; the key is for the API and the address),
also where the stored rating row kept the seat's name of an older table."""

from __future__ import annotations

from meeple.server.seating import bot_name

HUMAN = {"type": "human"}


def test_bots_are_named_by_their_levels_words(player_factory, server):
    assert [bot_name(level) for level in ("random", "greedy", "search1", "search3")] == [
        "random bot", "greedy bot", "search 1 bot", "search 3 bot"]
    ann = player_factory("Ann")
    made = ann.create([HUMAN, {"type": "bot", "level": "search1"}], game="twenty", join_seat=0)
    table = made["table"]
    state = ann.state(table)
    assert state["seats"][1]["name"] == "search 1 bot"  # the table's seat, its log and result say so too
    while state["status"] != "finished":
        state = ann.play_turn(table)
    board = ann.get("/api/games/twenty/leaderboard").json()
    names = {p["player"]: p["name"] for p in board["players"]}
    assert names["bot:search1"] == "search 1 bot" and names[state["seats"][0]["player"]] == "Ann"
    # A rating row stored by an older hall kept the seat's name of then: the board names the bot anew.
    server.hall.store.db.execute("UPDATE ratings SET name = 'search1 bot' WHERE player = 'bot:search1'")
    stored = {r["player"]: r["name"] for r in server.hall.store.leaderboard("twenty")}
    assert stored["bot:search1"] == "search1 bot"
    board = ann.get("/api/games/twenty/leaderboard").json()
    assert {p["player"]: p["name"] for p in board["players"]}["bot:search1"] == "search 1 bot"
    assert ann.get("/api/players/bot:search1").json()["name"] == "search 1 bot"

"""Clocks and leaving, told plainly and rated fairly (issue 35): the log says when a clock ran out
or a player left and that a bot plays on, the bot's moves are the bot's in the log, and a seat a
bot played to the end is ranked last (leaving never saves a rating; a bot's play never earns one)."""

from __future__ import annotations

from meeple.server import standins
from meeple.server.protocol import StandIn

HUMAN = {"type": "human"}
GREEDY = {"type": "bot", "level": "greedy"}


def test_a_timed_out_picnic_player_is_told_and_ranked_last(player_factory, server):
    """The issue's case: Picnic, 2 players against greedy, a real-time clock, the player waits."""
    quin = player_factory("Quin")
    table = quin.create([HUMAN, GREEDY], game="picnic", join_seat=0,
                        clock={"mode": "realtime", "per_move_s": 1})["table"]
    running = quin.wait(table, lambda s: s["seats"][0]["bot_playing"], timeout=15)
    told = [line["text"] for line in running["log"]]
    assert "Seat 1's clock ran out: a bot plays on for them from here." in told, told
    done = quin.wait(table, lambda s: s["status"] == "finished", timeout=120)
    lines = [line for line in done["log"]]
    out = next(i for i, line in enumerate(lines) if "clock ran out" in line["text"])
    assert lines[out]["seat"] == 0
    # Every line of Quin's seat after that opens with the bot, never with Quin.
    after = [line["text"] for line in lines[out + 1:] if line["seat"] == 0 and line["text"].startswith("Seat 1")]
    assert after and all(t.startswith("Seat 1's stand-in bot ") for t in after), after[:5]
    o = done["outcome"]
    assert o["ranks"] == [2, 1] and o["winners"] == [1]
    assert o["forfeits"] == [{"seat": 0, "reason": StandIn.TIMEOUT,
                              "text": "Seat 1's clock ran out; a bot played on: rated last."}]
    assert len(o["game_ranks"]) == 2  # the board's own ranks stay readable
    # The stored result and the player page say last, whatever the bot scored.
    me = done["seats"][0]["player"]
    recent = quin.get(f"/api/players/{me}").json()["recent"][0]
    assert recent["table"] == table and recent["rank"] == 2 and recent["won"] is False
    assert quin.get(f"/api/tables/{table}").json()["outcome"]["ranks"] == [2, 1]


def test_a_player_who_comes_back_is_told_and_plays_on():
    periods = standins.opened([], 1, StandIn.LEFT, 4)
    assert [e.text for e in standins.events_after(periods, 4)] == [
        "Seat 2 left the table: a bot plays on for them from here."]
    periods = standins.closed(periods, 1, 7)
    assert [e.text for e in standins.events_after(periods, 7)] == ["Seat 2 is back and plays on."]
    assert [standins.by_bot(periods, 1, seq) for seq in (4, 5, 7, 8)] == [False, True, True, False]
    assert not standins.by_bot(periods, 0, 5)


def test_forfeited_seats_share_the_last_place_below_those_who_finished():
    outcome = {"scores": [30, 20, 10, 5], "ranks": [1, 2, 3, 4], "winners": [0], "reasons": [], "verdict": ""}
    gone = {0: StandIn.TIMEOUT, 2: StandIn.LEFT}
    got = standins.standing(outcome, gone, rated=False)
    assert got["ranks"] == [3, 1, 3, 2] and got["winners"] == [1] and got["game_ranks"] == [1, 2, 3, 4]
    assert [f["text"] for f in got["forfeits"]] == ["Seat 1's clock ran out; a bot played on: ranked last.",
                                                     "Seat 3 left; a bot played on: ranked last."]
    assert standins.standing(outcome, {}, rated=True) == outcome
    solo = {"scores": [50], "ranks": [1], "winners": [0], "reasons": [], "verdict": "par"}
    assert standins.standing(solo, {0: StandIn.LEFT}, rated=False)["ranks"] == [2]


def test_a_game_nobody_won_stays_unwon_when_a_seat_forfeits():
    """Turing Machine ranks every seat 2 when all guess wrong: a forfeit must not make the others win."""
    nobody = {"scores": [0, 0, 0], "ranks": [2, 2, 2], "winners": [], "reasons": ["Nobody wins."], "verdict": ""}
    got = standins.standing(nobody, {1: StandIn.TIMEOUT}, rated=True)
    assert got["ranks"] == [2, 4, 2] and got["winners"] == []


def test_a_game_every_seat_forfeited_is_won_by_nobody():
    """Both players' clocks ran out and bots played the game out: each was shown first ("1") beside "rated
    last", and counted a winner (found playing two friends, H8)."""
    outcome = {"scores": [30, 20], "ranks": [1, 2], "winners": [0], "reasons": [], "verdict": ""}
    got = standins.standing(outcome, {0: StandIn.TIMEOUT, 1: StandIn.TIMEOUT}, rated=True)
    assert got["ranks"] == [2, 2] and got["winners"] == []

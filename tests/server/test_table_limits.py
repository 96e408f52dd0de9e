"""Table creation is limited per user and per address, and bot work is shared fairly between the
users whose tables need it (issue 21: one guest's 30 all-search3 tables made another table's greedy
bot wait 12-27 s a move)."""

from __future__ import annotations

import time

import pytest

from meeple.server.limits import TableLimits

from .conftest import NO_LIMITS, LiveServer, Player

HUMAN = {"type": "human"}
SEARCH3 = {"type": "bot", "level": "search3"}
GREEDY = {"type": "bot", "level": "greedy"}


@pytest.fixture
def live(tmp_path, request):
    server = LiveServer(str(tmp_path / "meeple.db"), **NO_LIMITS, **request.param)
    yield server
    server.stop()


@pytest.mark.parametrize("live", [{"table_limits": TableLimits(live_per_user=3)}], indirect=True)
def test_live_tables_per_user_are_capped(live):
    ann, bob = Player(live.url, "Ann"), Player(live.url, "Bob")
    tables = [ann.create([HUMAN, HUMAN], join_seat=0)["table"] for _ in range(3)]
    r = ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN]})
    assert r.status_code == 429 and r.json()["code"] == "too_many_tables", r.text
    assert "retry-after" in r.headers
    bob.create([HUMAN, HUMAN])  # another user is not held back
    bob.token = None
    assert bob.post(f"/api/tables/{tables[0]}/join", {"seat": 1}).status_code == 200  # it runs: still live
    assert ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN]}).status_code == 429
    ann.close()
    bob.close()


@pytest.mark.parametrize("live", [{"table_limits": TableLimits(user_rate=(3, 0.001), address_rate=(5, 0.001))}],
                         indirect=True)
def test_creations_are_limited_per_user_and_per_address(live):
    ann, bob = Player(live.url, "Ann"), Player(live.url, "Bob")
    body = {"game": "picnic", "seats": [HUMAN, HUMAN]}
    assert [ann.post("/api/tables", body).status_code for _ in range(4)] == [201, 201, 201, 429]
    codes = [bob.post("/api/tables", body) for _ in range(3)]
    assert [r.status_code for r in codes] == [201, 201, 429]  # the address's allowance is spent
    assert codes[-1].json()["code"] == "rate_limited" and int(codes[-1].headers["retry-after"]) >= 1
    ann.close()
    bob.close()


@pytest.mark.parametrize("live", [{}], indirect=True)
def test_one_users_search_bots_do_not_starve_another_users_bot(live):
    """One worker process; a user runs eight tables of search3 bots (each move about 0.9 s of CPU).
    Another user's greedy bot must get its move after at most a couple of theirs, not after all the
    moves queued before it."""
    eve, ann = Player(live.url, "Eve"), Player(live.url, "Ann")
    crowd = [eve.create([SEARCH3, SEARCH3])["table"] for _ in range(8)]

    def crowd_moves() -> int:
        return sum(len(live.hall.tables[t].history) for t in crowd)

    while crowd_moves() < 1:
        time.sleep(0.05)  # the crowd's moves are under way (each table's next one queued)
    before, start = crowd_moves(), time.monotonic()
    table = ann.create([GREEDY, HUMAN], join_seat=1)["table"]
    ann.wait(table, lambda s: s["seq"] >= 1, timeout=60)
    waited, crowd_stored = time.monotonic() - start, crowd_moves() - before
    print(f"greedy bot's first move after {waited:.2f} s; {crowd_stored} search3 moves stored meanwhile")
    assert crowd_stored <= 2, crowd_stored
    eve.close()
    ann.close()


class PlayerAt(Player):
    """A browser at another address of this machine (127.0.0.2: the whole of 127/8 is loopback)."""

    def __init__(self, url: str, name: str, address: str) -> None:
        import httpx

        self.url = url
        self.http = httpx.Client(base_url=url, timeout=20, transport=httpx.HTTPTransport(local_address=address))
        self.token = None
        self.seat = None
        r = self.http.post("/api/auth/guest", json={"name": name})
        assert r.status_code == 200, r.text


@pytest.mark.parametrize("live", [{}], indirect=True)
def test_a_flood_of_guests_from_one_address_does_not_starve_another_addresss_bot(live):
    """One worker process; five guests from one address run six tables of search3 bots (issue 42:
    9 guests' 128 tables made another user's greedy bot wait 10-25 s). Each guest is a creator of
    its own, but they share an address, and the bot queue is fair per address first: another
    address's greedy bot gets its move after at most two of the flood's moves (the one in the
    worker, and at most one more), not one per guest."""
    guests = [Player(live.url, f"Eve{i}") for i in range(5)]
    crowd = [guests[i % len(guests)].create([SEARCH3, SEARCH3])["table"] for i in range(6)]
    ann = PlayerAt(live.url, "Ann", "127.0.0.2")

    def crowd_moves() -> int:
        return sum(len(live.hall.tables[t].history) for t in crowd)

    while crowd_moves() < 1:
        time.sleep(0.05)  # the flood's moves are under way (each table's next one queued)
    before, start = crowd_moves(), time.monotonic()
    table = ann.create([GREEDY, HUMAN], join_seat=1)["table"]
    ann.wait(table, lambda s: s["seq"] >= 1, timeout=60)
    waited, crowd_stored = time.monotonic() - start, crowd_moves() - before
    print(f"greedy bot's first move after {waited:.2f} s; {crowd_stored} search3 moves of the flood stored meanwhile")
    assert crowd_stored <= 2, crowd_stored
    for p in (*guests, ann):
        p.close()

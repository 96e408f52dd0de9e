"""Reviews and hints in the hall (issue 36): a finished table's review is computed once in the bot
workers within its budget and stored; nothing of a review is made or shown while the game runs; hints
only for the seat to move at friendly tables whose creator left them on; review steps wait behind
bot moves."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from meeple.analysis.review import explain_hint
from meeple.server.botpool import FairQueue
from meeple.server.hints import HINT_WORLDS, hint_seed

from .conftest import NO_LIMITS, LiveServer, Player

HUMAN = {"type": "human"}
RANDOM = {"type": "bot", "level": "random"}
BUDGET_S = 2.0


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(str(tmp_path_factory.mktemp("hall") / "meeple.db"), **NO_LIMITS)
    api = server.app.state.api
    api.reviews.budget_s = BUDGET_S
    api.hints.level = "search1"  # 50 iterations: quick, and the same seed gives the same move
    api.hints.wall_seconds = None  # not cut by the clock: the hint is explain_hint's (test_hint_wall.py: the cut)
    yield server
    server.stop()


def finished_bot_table(player: Player, game: str = "twenty", players: int = 2) -> str:
    table = player.create([RANDOM] * players, game=game)["table"]
    end = time.time() + 30
    while player.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.time() < end, "the bots did not finish"
        time.sleep(0.05)
    return table


def wait_review(player: Player, table: str, timeout: float = 60) -> dict:
    end = time.time() + timeout
    while True:
        body = player.get(f"/api/tables/{table}/review").json()
        if body["status"] in ("done", "failed"):
            return body
        assert body["status"] in ("queued", "running"), body
        assert time.time() < end, f"the review did not end: {body}"
        time.sleep(0.1)


def test_a_finished_table_is_reviewed_once_within_its_budget_and_read_by_anyone(live):
    ann, watcher = Player(live.url, "Ann"), Player(live.url)
    table = finished_bot_table(ann, "kuhn")
    assert watcher.get(f"/api/tables/{table}/review").json() == {"status": "none"}
    assert watcher.post(f"/api/tables/{table}/review").status_code == 401  # asking needs someone signed in
    r = ann.post(f"/api/tables/{table}/review")
    assert r.status_code == 200 and r.json()["status"] in ("queued", "running", "done"), r.text
    body = wait_review(watcher, table)  # a spectator reads it once it is over
    assert body["status"] == "done", body
    review = body["review"]
    assert review["game"] == "kuhn" and review["budget_s"] == BUDGET_S
    assert [s["seat"] for s in review["seats"]] == [0, 1]
    assert review["decisions"] and all("words" in d and "ci95" in d for d in review["decisions"])
    assert review["judge"]["level"].startswith("search3@")
    # Within the budget: past it each decision gets one or two worlds more (a floor), nothing else.
    assert review["cpu_s"] <= BUDGET_S + 0.5 * len(review["decisions"]), review["cpu_s"]
    # Computed once: asked again, the stored review comes back as it is, and no job starts.
    again = ann.post(f"/api/tables/{table}/review").json()
    assert again == {"status": "done", "review": review}
    assert live.app.state.api.reviews.jobs == {}
    assert live.hall.store.db.execute("SELECT COUNT(*) FROM reviews WHERE table_id = ?", (table,))[0][0] == 1


def test_nothing_of_a_review_or_hint_reaches_another_seat_or_a_spectator_while_the_game_runs(live):
    ann, bob, eve = Player(live.url, "Ann"), Player(live.url, "Bob"), Player(live.url, "Eve")
    table = ann.create([HUMAN, HUMAN], game="picnic", join_seat=0, rated=False)["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    state = ann.wait_turn(table)
    mover, other = (ann, bob) if state["legal"] else (bob, ann)
    base = f"/api/tables/{table}"
    for who in (ann, bob, eve):
        for r in (who.get(base + "/review"), who.post(base + "/review")):
            assert r.status_code == 409 and r.json()["code"] == "not_finished", r.text
    r = mover.post(base + "/hint")
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["hints"] == 1 and hint["hint"]["seat"] == mover.seat and hint["hint"]["why"]
    assert hint["hint"]["move"] in [m["json"] for m in mover.state(table)["legal"]]
    # It is explain_hint from the seat's own position, the search's choice under the seat's seed.
    live_table = live.hall.tables[table]
    expected = explain_hint(live_table.game, live_table.pending_state(mover.seat), mover.seat, "search1",
                            hint_seed(live_table.seen_seq(mover.seat), mover.seat), HINT_WORLDS)
    assert hint["hint"] == expected
    assert mover.post(base + "/hint").json() == hint  # the same position: the same hint, not counted again
    assert mover.state(table)["seq"] == state["seq"]  # never played
    r = other.post(base + "/hint")
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
    assert eve.post(base + "/hint").status_code == 403  # a spectator holds no seat
    assert mover.get(base + "/hints").json() == {"allowed": True, "why": None,
                                                 "counts": [{"seat": mover.seat, "hints": 1}]}
    for who in (other, eve):  # another seat's count is its own business until the end
        assert who.get(base + "/hints").json()["counts"] == []


def test_rated_tables_and_tables_made_without_hints_give_none(live):
    ann = Player(live.url, "Ann")
    r = ann.post("/api/tables", {"game": "twenty", "seats": [HUMAN, RANDOM], "join_seat": 0, "hints": True})
    assert r.status_code == 400 and "rated" in r.json()["error"]  # rated by default at two seats
    for extra, why in [({}, "rated tables"), ({"rated": False, "hints": False}, "creator")]:
        ann.token = None
        table = ann.create([HUMAN, RANDOM], game="twenty", join_seat=0, **extra)["table"]
        ann.wait_turn(table)
        r = ann.post(f"/api/tables/{table}/hint")
        assert r.status_code == 409 and r.json()["code"] == "no_hints" and why in r.json()["error"], r.text
        info = ann.get(f"/api/tables/{table}/hints").json()
        assert info["allowed"] is False and why in info["why"]
    ann.token = None
    solo = ann.create([HUMAN], game="twenty", join_seat=0)["table"]  # a solo table is never rated: hints on
    ann.wait_turn(solo)
    assert ann.post(f"/api/tables/{solo}/hint").status_code == 200


def test_review_steps_wait_while_bot_moves_wait():
    order: list[str] = []
    gate = threading.Event()

    def work(name: str, wait: bool = False) -> str:
        if wait:
            gate.wait(10)
        order.append(name)
        return name

    async def scenario() -> None:
        with ThreadPoolExecutor(1) as pool:
            queue = FairQueue(pool, 1)
            first = asyncio.create_task(queue.run_idle(work, "review step 1", True))
            await asyncio.sleep(0.05)  # it runs on the only worker
            later = asyncio.create_task(queue.run_idle(work, "review step 2"))
            move = asyncio.create_task(queue.run("table", work, "bot move"))
            await asyncio.sleep(0.05)
            gate.set()
            await asyncio.gather(first, later, move)

    asyncio.run(scenario())
    # The running step ends; the bot move queued after the second step goes before it.
    assert order == ["review step 1", "bot move", "review step 2"]


def test_at_most_all_but_one_worker_run_review_steps():
    started: list[str] = []
    gate = threading.Event()

    def work(name: str) -> str:
        started.append(name)
        gate.wait(10)
        return name

    async def scenario() -> list[str]:
        with ThreadPoolExecutor(3) as pool:
            queue = FairQueue(pool, 3)
            tasks = [asyncio.create_task(queue.run_idle(work, f"step {i}")) for i in range(3)]
            await asyncio.sleep(0.1)
            seen = sorted(started)
            gate.set()
            await asyncio.gather(*tasks)
            return seen

    assert asyncio.run(scenario()) == ["step 0", "step 1"]  # the third worker stays free for bot moves


def test_reviews_and_hints_are_kept_on_postgresql_too(pg_url):
    server = LiveServer(pg_url, **NO_LIMITS)
    try:
        server.app.state.api.reviews.budget_s = BUDGET_S
        server.app.state.api.hints.level = "search1"
        ann = Player(server.url, "Ann")
        table = finished_bot_table(ann, "kuhn")
        assert ann.post(f"/api/tables/{table}/review").status_code == 200
        review = wait_review(ann, table)
        assert review["status"] == "done", review
        assert ann.post(f"/api/tables/{table}/review").json() == review  # stored once, read back
        ann.token = None
        solo = ann.create([HUMAN], game="twenty", join_seat=0)["table"]
        ann.wait_turn(solo)
        assert ann.post(f"/api/tables/{solo}/hint").json()["hints"] == 1
        solo_token, ann.token = ann.token, None
        off = ann.create([HUMAN], game="twenty", join_seat=0, hints=False)["table"]
        ann.wait_turn(off)
        assert ann.post(f"/api/tables/{off}/hint").json()["code"] == "no_hints"
        ann.token = solo_token
        assert ann.get(f"/api/tables/{solo}/hints").json()["counts"] == [{"seat": 0, "hints": 1}]
    finally:
        server.stop()


def test_a_rematch_keeps_hints_off_where_the_creator_turned_them_off(live):
    ann = Player(live.url, "Ann")
    table = ann.create([HUMAN, RANDOM], game="twenty", join_seat=0, rated=False, hints=False)["table"]
    while ann.play_turn(table)["status"] != "finished":
        pass
    new = ann.post(f"/api/tables/{table}/rematch").json()
    ann.token = new["token"]
    ann.wait_turn(new["table"])
    info = ann.get(f"/api/tables/{new['table']}/hints").json()
    assert info["allowed"] is False and "creator" in info["why"], info
    r = ann.post(f"/api/tables/{new['table']}/hint")
    assert r.status_code == 409 and r.json()["code"] == "no_hints", r.text


def test_reviews_under_way_stop_before_the_hall_closes_its_workers(tmp_path):
    server = LiveServer(str(tmp_path / "meeple.db"), **NO_LIMITS)
    api = server.app.state.api
    api.reviews.budget_s = 120  # long enough to be under way when the hall stops
    try:
        ann = Player(server.url, "Ann")
        table = finished_bot_table(ann, "picnic")
        assert ann.post(f"/api/tables/{table}/review").json()["status"] in ("queued", "running")
        left_at_close: list = []
        close = server.hall.close

        async def close_and_look():
            left_at_close.extend(api.reviews.jobs)  # reviews still under way when the workers stop
            await close()

        server.hall.close = close_and_look
    finally:
        server.stop()
    assert left_at_close == []

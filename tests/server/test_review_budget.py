"""The hall's review of a game of slow playouts stays within its CPU budget (docs/review.md, "In the
hall"): its steps, run as `Reviews._run` chains them (here on a one-thread worker pool rather than the
hall's processes), stop starting searches and playouts once the steps' CPU has spent the budget. Before,
a Vent Life review ran minutes past it (66 s of CPU for a budget of 5 at three players), each decision
still getting its floor of worlds. The CPU asserted is what the steps report, never the clock's."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

from meeple import games
from meeple.analysis.simulate import play_one, saved_game
from meeple.server.botpool import FairQueue
from meeple.server.reviews import Job, Reviews
from meeple.store import reviews as stored

BUDGET_S = 3.0
SLACK_S = 0.5  # what is not any decision's: the replay, the words and the result


class Hall:
    """What `Reviews` uses of the hall: its bot workers' queue, and the store (a dict here)."""

    def __init__(self, pool: ThreadPoolExecutor) -> None:
        self.bots = SimpleNamespace(queue=FairQueue(pool, 1))
        self.store = None
        self.saved: dict[str, dict] = {}

    async def db(self, fn, store, table_id: str, review: dict) -> dict:
        assert fn is stored.save_review
        self.saved[table_id] = review
        return review


def test_the_hall_s_review_of_vent_life_stays_within_its_budget():
    game = games.get("vent_life")
    bots = ["random"] * 2
    record = saved_game(game, 2, None, bots, play_one(game, 2, None, 3, bots))
    job = Job()

    async def run() -> dict:
        with ThreadPoolExecutor(1) as pool:
            hall = Hall(pool)
            await Reviews(hall, budget_s=BUDGET_S)._run("t1", record, job)  # type: ignore[arg-type]
            return hall.saved["t1"]

    review = asyncio.run(run())
    assert job.error is None and review["budget_s"] == BUDGET_S
    decisions = review["decisions"]
    assert job.done == 2 * len(decisions) > 200
    # Past the budget, at most the work of the one decision under way (its search or its floor of worlds)
    slowest = max(d["cpu_s"] for d in decisions)
    assert review["cpu_s"] <= BUDGET_S + slowest + SLACK_S, (review["cpu_s"], slowest)
    played = [d for d in decisions if d["worlds"]]
    assert played and len(played) < len(decisions)
    assert all("not played out" in d["words"] or "not judged" in d["words"]
               for d in decisions if not d["worlds"] and not d["agreed"])

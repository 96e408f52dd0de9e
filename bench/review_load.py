"""Reviews beside play, for bench/server_load.py --reviews N (issue 36).

Before the timed run, N tables of random bots play the game to its end on the hall (their bots run in
the hall's bot workers); when the clients start, each table's review is asked for (POST review), and
its progress is followed until the run ends. server_load.py runs the hall twice, without and with the
reviews, and prints the second beside the first (`hall_with_reviews`, `reviews_*_ratio`), so the move
latency with reviews running is read against the same load without them.
"""

from __future__ import annotations

import asyncio
import time

import httpx

RANDOM = {"type": "bot", "level": "random"}


async def _finished_tables(url: str, count: int, game: str, timeout: float = 300) -> list[str]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        (await http.post("/api/auth/guest", json={"name": "reviewer"})).raise_for_status()
        tables = []
        for _ in range(count):
            r = await http.post("/api/tables", json={"game": game, "seats": [RANDOM, RANDOM], "public": False})
            r.raise_for_status()
            tables.append(r.json()["table"])
        end = time.monotonic() + timeout
        for table in tables:
            while (await http.get(f"/api/tables/{table}")).json()["status"] != "finished":
                if time.monotonic() > end:
                    raise RuntimeError(f"the bots of table {table} did not finish in {timeout} s")
                await asyncio.sleep(0.2)
    return tables


def finished_tables(url: str, args) -> list[str]:
    """The finished tables whose reviews run beside play (none unless this run is the one with reviews)."""
    if not getattr(args, "reviewing", False):
        return []
    return asyncio.run(_finished_tables(url, args.reviews, args.game))


async def _follow(url: str, tables: list[str], seconds: float) -> dict:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        (await http.post("/api/auth/guest", json={"name": "reviewer"})).raise_for_status()
        start = time.perf_counter()
        asked = [(await http.post(f"/api/tables/{t}/review", json={})).json()["status"] for t in tables]
        statuses: list[dict] = []
        while time.perf_counter() - start < seconds:
            await asyncio.sleep(1)
            statuses = [(await http.get(f"/api/tables/{t}/review")).json() for t in tables]
    return {"tables": len(tables), "asked": asked, "done_in_run": sum(s["status"] == "done" for s in statuses),
            "steps_done": sum(s.get("done", 0) for s in statuses if s["status"] != "done"),
            "steps_total": sum(s.get("total", 0) for s in statuses if s["status"] != "done")}


def follow(url: str, tables: list[str], seconds: float) -> dict | None:
    """Ask for every table's review, and follow them for `seconds` (the run's length)."""
    return asyncio.run(_follow(url, tables, seconds)) if tables else None


def with_reviews(args, run_hall, hall: dict) -> dict:
    """The hall run again with reviews beside play, and its latency over the run without them."""
    args.reviewing = True
    try:
        reviewed = run_hall()
    finally:
        args.reviewing = False
    out: dict = {"hall_with_reviews": reviewed}
    for name, key in (("reviews_p50_ratio", "p50_ms"), ("reviews_p99_ratio", "p99_ms"),
                      ("reviews_stored_ratio", "moves_per_s")):
        if hall.get(key) and reviewed.get(key):
            out[name] = round(reviewed[key] / hall[key], 2)
    return out

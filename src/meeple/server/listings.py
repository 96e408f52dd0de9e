"""The lobby, "my tables", leaderboards and player pages (part of the hall)."""

from __future__ import annotations

import json
import logging

from meeple import bots, games
from meeple.engine import UnknownGame
from meeple.store import Unavailable, ratings

from . import summaries
from .errors import ApiError
from .live import LiveTables
from .seating import bot_name
from .table import Table

log = logging.getLogger("meeple.server")


class Listings:
    """Lists and pages that read many tables: the lobby, my tables, leaderboards, players."""

    def __init__(self, live: LiveTables) -> None:
        self.live = live

    async def lobby(self) -> list[dict]:
        out = []
        for table_id in await self.live.db(self.live.store.lobby_ids):
            summary = await self._listable(table_id, lambda table: table.summary())
            if summary is not None:
                out.append(summary)
        return out

    async def mine(self, user: dict) -> list[dict]:
        def entry(table: Table) -> dict | None:
            seat = next((s.seat for s in table.seats if s.user_id == user["id"]), None)
            if seat is None:
                # A rematch seat kept for the user is an invitation (until the table starts).
                kept = next((s.seat for s in table.seats if s.reserved == user["id"] and s.user_id is None), None)
                if kept is None or table.status != "open":
                    return None  # another process changed the seat a moment ago
                return {**table.summary(), "my_seat": None, "my_turn": False, "invited_seat": kept}
            my_turn = table.status == "running" and seat in table.game.to_move(table.state)
            return {**table.summary(), "my_seat": seat, "my_turn": my_turn}

        ids = await self.live.db(self.live.store.user_table_ids, user["id"])
        # Finished tables not in memory come from their stored summaries: nothing is replayed here.
        # (A table set aside, `live.behind`, is held too: reading it again is one read, a replay two.)
        held = self.live.tables.keys() | self.live.behind.keys()
        stored = await self.live.db(self.live.store.finished_summaries, [i for i in ids if i not in held])
        out = []
        for table_id in ids:
            summary = stored.get(table_id)
            if summary is None and table_id not in held:
                summary = await summaries.replay_and_keep(self.live, table_id)
            if summary is not None:
                item = summaries.finished_entry(summary, user["id"])
            else:
                item = await self._listable(table_id, entry)
            if item is not None:
                out.append(item)
        out.sort(key=lambda t: not t["my_turn"])
        return out

    async def _listable(self, table_id: str, build) -> dict | None:
        """One table's entry in a list, or None when it cannot be shown: a list is for everyone, so
        one table that does not load or serialise (say, stored by an older version with an infinite
        clock) is left out and logged, never the whole list's failure."""
        try:
            item = build(await self.live.table(table_id, fresh=False))  # (a list may lag: no store read per table)
            if item is not None:
                json.dumps(item, allow_nan=False)
            return item
        except Unavailable:
            raise
        except Exception:
            log.exception("table %s cannot be listed", table_id)
            return None

    # ----- ratings and players ---------------------------------------------------------------

    async def leaderboard(self, game_id: str, limit: int = 100) -> dict:
        """A game's rated players, best first: read from the stored ratings, nothing is replayed. A bot
        is named by its level (a row stored its seat's name of the time: "search3 bot")."""
        game = _game_or_404(game_id)
        rows = await self.live.db(self.live.store.leaderboard, game.id, limit)
        return {"game": game.id, "game_name": game.name, "players": [
            {"place": i, "player": r["player"], "bot": r["player"].startswith("bot:"),
             "name": bot_name(r["player"][4:]) if r["player"].startswith("bot:") else r["name"],
             "rating": ratings.shown(r["mu"], r["sigma"]), "mu": round(r["mu"], 3), "sigma": round(r["sigma"], 3),
             "games": r["games"]} for i, r in enumerate(rows, start=1)]}

    async def player(self, name: str) -> dict:
        """A player's page: ratings per game with their history, personal bests of solo games,
        recent games and games played per title (all from stored results)."""
        if name.startswith("bot:"):
            level = name[4:]
            if level not in bots.levels():
                raise ApiError(404, "not_found", f"There is no bot '{level}'. Bots: {', '.join(bots.levels())}.")
            who = {"player": name, "name": bot_name(level), "username": None, "bot": True, "guest": False}
        else:
            found = await self.live.db(self.live.store.user_by_name, name.lower())
            user = found[0] if found else await self.live.db(self.live.store.user_by_id, name)
            if user is None:
                raise ApiError(404, "not_found", "There is no such player.")
            who = {"player": user["id"], "name": user["name"], "username": user["username"], "bot": False,
                   "guest": user["guest"]}
        rated = await self.live.db(self.live.store.player_ratings, who["player"])
        results = await self.live.db(self.live.store.player_results, who["player"])
        history: dict[str, list[dict]] = {}
        best: dict[str, dict] = {}
        played: dict[str, int] = {}
        for r in reversed(results):  # oldest first
            played[r["game"]] = played.get(r["game"], 0) + 1
            if r["rated"] and r["mu"] is not None:
                history.setdefault(r["game"], []).append(
                    {"table": r["table_id"], "created": r["created"], "rating": ratings.shown(r["mu"], r["sigma"])})
            if r["players"] == 1 and not r["forfeit"]:  # a game a stand-in bot finished is no best
                mine = (r["rank"] == 1, r["score"])
                old = best.get(r["game"])
                if old is None or mine > (old["won"], old["score"]):
                    best[r["game"]] = {"game": r["game"], "game_name": _game_name(r["game"]), "won": mine[0],
                                       "score": r["score"], "table": r["table_id"], "created": r["created"]}
        return {**who,
                "ratings": [{"game": g["game"], "game_name": _game_name(g["game"]),
                             "rating": ratings.shown(g["mu"], g["sigma"]), "mu": round(g["mu"], 3),
                             "sigma": round(g["sigma"], 3), "games": g["games"],
                             "history": history.get(g["game"], [])} for g in rated],
                "bests": list(best.values()),
                "recent": [{"table": r["table_id"], "game": r["game"], "game_name": _game_name(r["game"]),
                            "created": r["created"], "players": r["players"], "rank": r["rank"], "score": r["score"],
                            "rated": r["rated"], "won": r["rank"] == 1, "forfeit": r["forfeit"],
                            "rating": ratings.shown(r["mu"], r["sigma"]) if r["mu"] is not None else None,
                            "replay": f"/t/{r['table_id']}"} for r in results[:20]],
                "played": [{"game": g, "game_name": _game_name(g), "tables": n}
                           for g, n in sorted(played.items(), key=lambda item: -item[1])]}


def _game_or_404(game_id: str):
    try:
        return games.get(game_id)
    except UnknownGame as exc:
        raise ApiError(404, "unknown_game", str(exc)) from None


def _game_name(game_id: str) -> str:
    try:
        return games.get(game_id).name
    except Exception:  # a game removed since: its results stay listed under its id
        return game_id

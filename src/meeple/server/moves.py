"""A seat's moves, confirms, resets and previews (part of the hall): each is checked by the
`Table`, stored in one transaction (the store refuses a sequence number already taken,
here or in another process), then applied and pushed.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from meeple.engine import IllegalMove
from meeple.store import Conflict

from . import auth, clocks
from .bus import LocalBus
from .errors import ApiError
from .live import LiveTables
from .table import Plan, Table

# `Moves._store`'s refusals (a 409's code and words), built into an ApiError only when one is raised.
TURN_CHANGED = ("conflict", "Your turn changed meanwhile (in another window?): nothing was changed. Look at it "
                            "again and retry.")
STORED_FIRST = ("stale_seq", "Another move was stored first: nothing was played. Look at the new position and "
                             "try again.")


class Moves:
    """A seat's actions on its turn: move, confirm, reset, preview."""

    def __init__(self, live: LiveTables) -> None:
        self.live = live

    async def move(self, table_id: str, seat_token: str | None, user: dict | None, seq, move,
                   step: int | None = None, confirm: bool = False, digest: str | None = None) -> str:
        """Play a move; `step` (the idempotency key, see `_made`): the number of pending moves the
        seat was shown when it chose this one; `confirm`: confirm the turn with it, if it completes
        the turn (one request where a move and a confirm took two; see Table.plan_move); `digest`:
        the seat token's hash, where the caller has it already (see `_table`)."""
        table, digest = await self._table(table_id, seat_token, user, digest)
        async with self.live.lock(table_id):
            seat = self.live.actor(table, seat_token, user, digest)
            parsed, written = strict_move(table, move)
            return await self._act(table, seat, seq, step, written, lambda: table.plan_move(seat, parsed, confirm))

    async def confirm(self, table_id: str, seat_token: str | None, user: dict | None, seq,
                      step: int | None = None, digest: str | None = None) -> str:
        table, digest = await self._table(table_id, seat_token, user, digest)
        async with self.live.lock(table_id):
            seat = self.live.actor(table, seat_token, user, digest)
            return await self._act(table, seat, seq, step, None, lambda: table.plan_confirm(seat))

    async def _act(self, table: Table, seat: int, seq, step: int | None, move, plan: Callable[[], Plan]) -> str:
        """Check the request against what the seat was shown, plan the action (`move`: the move as
        the game writes it, see strict_move; None: the confirm) and store it; the seat's state after
        it (lock held). An action refused because its turn changed in another process is planned
        once more on what was stored; one refused as stale that was a retry of one that got through
        answers as the first did."""
        for attempt in range(2):
            expect = None
            try:
                await self._check_seq(table, seat, seq)  # (it may read the table again)
                expect = self._known_pending(table, seat)
                if step is not None:
                    if move is not None and self._made(table, seat, seq, step, move):
                        break
                    self._check_step(table, seat, step)
                planned = plan()
                if planned.commit:
                    await self.commit(table, seat, planned.commit, expect)
                else:
                    await self._set_pending(table, seat, planned.pending, expect)
            except ApiError as exc:
                if not attempt and (await self._turn_changed_elsewhere(exc, table, seat, expect)
                                    or await self._seating_changed_elsewhere(exc, table, seat)):
                    continue
                if not await self._made_after_all(exc, table, seat, seq, step, move):
                    raise
            break
        return self.live.state_text(table, seat)

    # ----- retries: the idempotency key ----------------------------------------------------------

    def _made(self, table: Table, seat: int, seq: int, step: int, move) -> bool:
        """Whether this seat already did what a request keyed (seq, step) asks: the seat was shown
        position `seq` with `step` pending moves, so the action it chose there is the seat's
        (step+1)-th move after `seq` (a move; `move` None: the confirm of those `step` moves).
        A retry of an answer that was lost is then told from a second move, though a pending move
        leaves seq where it was: it is answered with the seat's state, as the first was, and
        nothing is played twice. The stored log and pending turn decide, so a retry sent to
        another process, or after a restart, is recognised too. `move`: as the game writes it."""
        if isinstance(step, bool) or not isinstance(step, int) or step < 0 or not isinstance(seq, int):
            return False
        seen = table.seen_seq(seat)
        if seq == seen:  # still this turn: the move sits in the pending list
            pending = self._pending_json(table, seat)
            return move is not None and len(pending) > step and pending[step] == move
        if seq > seen:
            return False
        count = step + 1 if move is not None else step
        # (other seats' moves may come between the seat's own, in a phase played alongside)
        mine = [c for c in table.seen_history(seat)[seq:] if c.seat == seat][:count]
        if count == 0 or len(mine) < count:
            return False
        return move is None or table.game.move_to_json(mine[-1].move) == move

    async def _made_after_all(self, exc: ApiError, table: Table, seat: int, seq, step, move) -> bool:
        """Whether a request refused as stale or in conflict was a retry of one that got through
        (here, or at once in another process: the store let one of them in)."""
        if step is None or exc.status != 409:
            return False
        if not isinstance(self.live.bus, LocalBus):
            await self.live.refresh(table)
        return self._made(table, seat, seq, step, move)

    def _check_step(self, table: Table, seat: int, step) -> None:
        if isinstance(step, bool) or not isinstance(step, int) or step < 0:
            raise ApiError(400, "bad_request", "'pending' must be the number of pending moves you were shown.")
        shown = len(table.pending.get(seat, []))
        if step != shown:
            raise ApiError(409, "conflict", "Your turn changed meanwhile (in another window?): nothing was played. "
                                            "Look at it again and retry.")

    async def reset(self, table_id: str, seat_token: str | None, user: dict | None,
                    digest: str | None = None) -> str:
        table, digest = await self._table(table_id, seat_token, user, digest)
        async with self.live.lock(table_id):
            seat = self.live.actor(table, seat_token, user, digest)
            expect = await self._stored_pending(table, seat)
            if table.pending.get(seat) or expect:
                await self._set_pending(table, seat, [], expect)
            return self.live.state_text(table, seat)

    def _known_pending(self, table: Table, seat: int) -> list | None:
        """The seat's pending turn as this process knows it, when other processes may write it too
        (None with one process, where the table's lock already orders every write). A move or a
        confirm is planned on it, and stored by a compare-and-set against it; the other processes'
        changes to it come over the bus, so it is read again only when that write, or the plan,
        fails (`_turn_changed_elsewhere`), not before every move."""
        if isinstance(self.live.bus, LocalBus):
            return None
        return self._pending_json(table, seat)

    # Refusals that a turn changed by another process (not yet heard of here) may explain.
    TURN_REFUSALS = frozenset({"conflict", "not_your_turn", "nothing_pending", "turn_incomplete", "illegal_move"})

    async def _turn_changed_elsewhere(self, exc: ApiError, table: Table, seat: int, expect: list | None) -> bool:
        """Whether a move or confirm was refused because the seat's turn had changed in another process:
        the stored turn is not the one it was planned on (`expect`). The table is then read again, and
        the action is planned once more on what was stored, as if this process had heard of it first."""
        if expect is None or exc.code not in self.TURN_REFUSALS:
            return False
        if self._pending_json(table, seat) != expect:  # (a failed compare-and-set read the table again)
            return True
        stored = await self.live.db(self.live.store.pending_moves, table.id, seat)
        if stored == expect:
            return False
        await self.live.refresh(table)
        return True

    async def _seating_changed_elsewhere(self, exc: ApiError, table: Table, seat: int) -> bool:
        """Whether an action was refused on this process's view of the table's status or seat, which
        another process changed: it started the game (its last seat taken there), or the player took
        the seat back from its bot there. The news may come after the seat's next move: the table is
        then read again, and the action planned on what was stored."""
        if not self.live.store.shared:
            return False
        if not ((exc.code == "table_closed" and table.status == "open") or exc.code == "bot_playing"):
            return False
        await self.live.refresh(table)
        try:
            table.check_can_act(seat)
        except ApiError:
            return False
        return True

    async def _stored_pending(self, table: Table, seat: int) -> list | None:
        """The seat's pending turn as stored now, when other processes may write it (None with one
        process, where the table's lock already orders every write). The write that follows is a
        compare-and-set against it, as a stored move is against its sequence number."""
        if isinstance(self.live.bus, LocalBus):
            return None
        stored = await self.live.db(self.live.store.pending_moves, table.id, seat)
        if stored != [table.game.move_to_json(m) for m in table.pending.get(seat, [])]:
            await self.live.refresh(table)  # another process changed the turn: plan on what it stored
        return stored

    def _pending_json(self, table: Table, seat: int) -> list:
        return [table.game.move_to_json(m) for m in table.pending.get(seat, [])]

    async def _check_seq(self, table: Table, seat: int, seq) -> None:
        """The seat's post must answer the newest position it was shown: the seq *it* sees (other
        seats' sealed moves do not count, see Table.window)."""
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise ApiError(400, "bad_request", "'seq' must be the last sequence number you have seen.")
        seen = table.seen_seq(seat)
        if seq > seen:
            await self.live.refresh(table)  # another process may have stored moves we have not read yet
            seen = table.seen_seq(seat)
        if seq != seen and not self._alongside(table, seat, seq):
            raise ApiError(409, "stale_seq", f"The table has moved on: this move was sent with seq {seq}, but the "
                                             f"table is at seq {seen} now, so nothing was played. Read the new "
                                             f"position and, if the move still stands, send it with seq {seen}.")

    @staticmethod
    def _alongside(table: Table, seat: int, seq: int) -> bool:
        """Whether a seat that saw position `seq` may still act as if it saw the newest: every move
        stored since is another seat's, made in the open alongside it (Living Forest's draw, Letters
        Home's final letters: a public simultaneous phase, in which each seat's choices are its own
        and their order changes nothing), and the seat is still to move in it. Its move is then
        checked, and played, on the newest position, with no stale_seq round trip; a phase that
        changed in between needed this seat's own move (each seat acts in the turns between), so
        it is refused as stale."""
        if not 0 <= seq < table.seen_seq(seat):
            return False
        game, state = table.game, table.state
        if not game.public_choices(state) or seat not in game.to_move(state):
            return False
        return all(c.seat != seat and not c.sealed for c in table.seen_history(seat)[seq:])

    async def _store(self, table: Table, seat: int, expect: list | None, write: Callable[[], Awaitable[Any]],
                     what: str, refused: tuple[str, str], again_unplanned: bool) -> Any:
        """`write()` (a store call) and what it returns; after a Conflict (another process stored first)
        the table is read again, and the write made again (at most 5 times in all) while the seat's
        turn is still the one the action was planned on (`expect`) and what was stored first showed
        this seat nothing: another seat's sealed move (a stale_seq would tell it that someone moved),
        or a move made alongside. Else `refused` (a 409's code and words), or a conflict when the seat's
        turn changed (`what` was changed or played). With one process (`expect` None) the write is made
        again only if `again_unplanned` (a commit, which plans its moves again on each try)."""
        seen = None  # the seq the seat saw before the first write (the table stays as it was until then)
        for attempt in range(5):
            try:
                return await write()
            except Conflict:
                if seen is None:
                    seen = table.seen_seq(seat)
                await self.live.refresh(table)
                if expect is not None and self._pending_json(table, seat) != expect:
                    raise ApiError(409, "conflict", f"Your turn changed meanwhile (in another window?): nothing was "
                                                    f"{what}. Look at it again and retry.") from None
                if attempt < 4 and (expect is not None or again_unplanned) \
                        and (table.seen_seq(seat) == seen or self._alongside(table, seat, seen)):
                    continue
                raise ApiError(409, *refused) from None
        raise AssertionError("unreachable")  # (the last attempt returns or raises)

    async def _set_pending(self, table: Table, seat: int, moves: list, expect: list | None = None) -> None:
        """Store the seat's pending turn (a compare-and-set against `expect`, see _stored_pending)."""
        async def write() -> None:
            await self.live.set_pending(table.id, seat, table.seq, [table.game.move_to_json(m) for m in moves], expect)

        await self._store(table, seat, expect, write, "changed", TURN_CHANGED, again_unplanned=False)
        if moves:
            table.pending[seat] = moves
            table.pending_rows.add(seat)
        else:
            table.pending.pop(seat, None)
            table.pending_rows.discard(seat)
        table._pending_cache.clear()
        self.live.push(table, only_seat=seat)
        self.live.bus.publish(table.id)

    async def commit(self, table: Table, seat: int, moves: list, expect: list | None = None) -> None:
        """Store moves in one transaction, then apply, push and let bots move (lock held).

        `expect`: the seat's stored pending turn that `moves` were planned on (see _stored_pending)."""
        now = time.time()

        async def write() -> tuple[Any, dict[str, Any], list]:
            # (planned again on each try: another seat's move may have been stored first, see _store)
            base = table.state
            changes, played = self._changes_after(table, seat, moves, now)
            final = played[-1][0] if played else table.state
            rows = [(seat, table.game.move_to_json(m), now) for m in moves]
            # The move that ends the game stores the results (and a rated table's new ratings) with it.
            results = table.results(final, now) if changes.get("status") == "finished" else None
            # The stored pending turn goes with the moves (with several processes the check runs
            # under the table's lock even when none was stored: `expect`).
            clear = (seat,) if expect is not None or seat in table.pending_rows else ()
            await self.live.append_moves(table.id, table.seq + 1, rows, changes, clear, expect, results)
            return base, changes, played

        base, changes, played = await self._store(table, seat, expect, write, "played", STORED_FIRST,
                                                  again_unplanned=True)
        table.commit(moves, seat, now, played if table.state is base else None)
        table.pending.pop(seat, None)
        table.pending_rows.discard(seat)
        for key, value in changes.items():
            setattr(table, key, value)
        if changes:  # the store counts the row's version on only when it writes the row
            table.version += 1
        self.live.changed(table)
        await asyncio.sleep(0)  # (the table's sockets are sent the change before this request's answer)

    @staticmethod
    def _changes_after(table: Table, seat: int, moves: list, now: float) -> tuple[dict[str, Any], list]:
        """The table fields that storing `moves` changes (only those that do), and the moves played out
        (`Table.play_out`: checked again, so nothing illegal is ever stored)."""
        game = table.game
        try:
            played = table.play_out(moves, seat)
        except IllegalMove as exc:
            raise ApiError(422, "illegal_move", str(exc)) from None
        state = played[-1][0] if played else table.state
        before, after = game.to_move(table.state), game.to_move(state)
        changes: dict[str, Any] = {}
        clock_state = clocks.on_turns(table.clock, table.clock_state, before, after, now)
        if clock_state != table.clock_state:
            changes["clock_state"] = clock_state
        if game.is_over(state):
            changes["status"] = "finished"
        return changes, played

    async def preview(self, table_id: str, seat_token: str | None, user: dict | None, move,
                      digest: str | None = None) -> dict:
        table, digest = await self._table(table_id, seat_token, user, digest)
        seat = self.live.actor(table, seat_token, user, digest)
        parsed, _ = strict_move(table, move)
        return {"sheets": table.preview(seat, parsed)}

    async def _table(self, table_id: str, seat_token: str | None, user: dict | None,
                     digest: str | None) -> tuple[Table, str | None]:
        """The live table, read again first where its seat token is not known here yet (`LiveTables.seat_of`:
        a seat taken through another process whose news has not arrived); and the token's hash, made
        here where the caller has none: the seat is checked again under the table's lock (it may have
        changed hands meanwhile), on the same hash, so a request hashes its token once."""
        if seat_token and not digest:
            digest = auth.token_hash(seat_token)
        table, _ = await self.live.seat_of(await self.live.table(table_id), seat_token, user, digest)
        return table, digest


def strict_move(table: Table, data) -> tuple[Any, Any]:
    """The move `data` sent, and the move as the game writes it (the JSON it is stored as): it must
    be written so, for a value the notation would convert ("1" for 1, 1.0 for true) is refused (400
    bad_move), so what is stored and shown is what was sent. Fields the notation fills in by default
    may be left out. (Parsed once a request: what is planned is this very move.)"""
    move = table.parse_move(data)
    canonical = table.game.move_to_json(move)
    if not _written_as(data, canonical):
        raise ApiError(400, "bad_move", f"Write this move exactly as {json.dumps(canonical)}: numbers, true and "
                                        "false, and text are not converted from one to another.")
    return move, canonical


def _written_as(sent, canonical) -> bool:
    """Whether `sent` is `canonical`, value for value and type for type (1 is not 1.0, "1" or true);
    an object may leave out fields that `canonical` has."""
    if isinstance(canonical, dict):
        return isinstance(sent, dict) and all(k in canonical and _written_as(v, canonical[k]) for k, v in sent.items())
    if isinstance(canonical, (list, tuple)):
        return isinstance(sent, list) and len(sent) == len(canonical) \
            and all(_written_as(a, b) for a, b in zip(sent, canonical))
    return type(sent) is type(canonical) and sent == canonical

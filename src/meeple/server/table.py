"""One table in memory: its game, seats, committed position, move log and pending turns.

Pure logic, no I/O: the hall (`hall.py`) loads a `Table` from its stored rows,
asks it to plan a move (what to store, what stays pending), stores the plan,
then tells the table to commit it. Every body a client receives is built here,
for one viewer at a time, through the engine's `view`, `score_sheet` and
`LogEntry.visible_to`, so hidden information cannot reach the wrong seat.
"""

from __future__ import annotations

import json
import operator
from dataclasses import dataclass, field
from typing import Any

from meeple import games
from meeple.engine import ALL, Game, IllegalMove, LogEntry, NotationError

from . import allseeing, standins, views
from .errors import ApiError
from .protocol import StandIn

MAX_CACHE_BYTES = 1 << 20  # a table's cached body texts, all viewers together
LINES_KEPT = 16  # stored moves whose log lines' texts are kept for the next viewers
SHEETS_KEPT = 32  # score sheets whose texts are kept, the latest (a few positions' worth)


def _line(seq: int, entry: LogEntry) -> str:
    # views.dumps({"seq": seq, "text": entry.text, "seat": entry.seat}), written without a dict and
    # an encoder call: five lines or so a change (each part is what dumps writes for it).
    return f'{{"seq":{views.dumps(seq)},"text":{views.dumps(entry.text)},"seat":{views.dumps(entry.seat)}}}'


class _LogLines:
    """One viewer's settled log lines as text: those of the first `covered` stored moves."""

    def __init__(self, who) -> None:
        self.who = who
        self.covered = 0
        self.lines: list[str] = []
        self.size = 0

    def add(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.size += sum(map(len, lines))


@dataclass
class Committed:
    seq: int
    seat: int
    move: Any
    log: list[LogEntry]
    created: float
    # Made in a hidden simultaneous phase (several seats to move, choices not public): other viewers
    # must not even learn that it was made until a move outside that phase follows (see `window`).
    sealed: bool = False


@dataclass
class Plan:
    """What a submitted move leads to: moves to store now, and the seat's pending moves after it."""

    commit: list
    pending: list


@dataclass
class Seat:
    seat: int
    type: str                 # "human" or "bot"
    level: str | None         # the bot's level (a bot seat) or the stand-in's level
    user_id: str | None
    name: str | None
    token_hash: str
    bot_playing: bool         # a bot seat, or a human seat a bot stands in for
    reason: StandIn | None    # why a bot stands in (protocol.StandIn)
    reserved: str | None = None  # a rematch seat kept for this user id until the table starts

    def __post_init__(self) -> None:
        # Stored seats come back with the reason as plain text.
        if self.reason is not None:
            self.reason = StandIn(self.reason)

    @property
    def player(self) -> str | None:
        """Who is rated for this seat: its user (also while a bot stands in), or the seat's bot level."""
        if self.type == "bot":
            return f"bot:{self.level}"
        return self.user_id

    def public(self) -> dict:
        return {"seat": self.seat, "type": self.type, "level": self.level, "name": self.name,
                "taken": self.type == "bot" or self.user_id is not None,
                "bot_playing": self.bot_playing, "reason": self.reason, "player": self.player,
                "reserved": self.reserved is not None and self.user_id is None,
                "reserved_for": self.reserved if self.user_id is None else None}


@dataclass
class Table:
    id: str
    game: Game
    players: int
    options: dict
    seed: int
    clock: dict
    clock_state: dict
    public: bool
    status: str
    creator: str | None
    created: float
    version: int
    seats: list[Seat]
    rated: bool = False
    rematch: str | None = None   # the id of the table that replays this one, once someone asked
    stand_ins: list[dict] = field(default_factory=list)  # when bots played human seats (standins.py)
    # The number of the table's newest chat message as read with another process's change (0: none;
    # None: not read), so that the chat reads the messages only when there is a new one (chat.py).
    chat_head: int | None = None
    state: Any = None
    history: list[Committed] = field(default_factory=list)
    pending: dict[int, list] = field(default_factory=dict)
    # Seats whose pending turn may be stored (a move dropped as no longer legal keeps its row): the
    # seat's next stored move deletes the row.
    pending_rows: set[int] = field(default_factory=set)
    _pending_cache: dict = field(default_factory=dict)
    _views: dict = field(default_factory=dict)       # viewer -> (what its body was built from, views.Body)
    _logs: dict = field(default_factory=dict)        # viewer -> _LogLines (its settled log lines, as text)
    _shared: tuple = ()                              # (key, the parts every viewer shares, as text)
    _sheets: tuple = ()                              # (key, the shared score sheets, as text)
    _seats: tuple = ()                               # (every seat's fields, the seats' text): _seats_text
    _view_texts: dict = field(default_factory=dict)  # views.dumps_shared's texts of the views' parts
    _view_elements: dict = field(default_factory=dict)  # and of the elements of the views' lists
    _sheet_text: tuple = ()                          # (the score sheets encoded last, their text)
    _sheet_texts: dict = field(default_factory=dict)  # id(a score sheet) -> (the sheet, its text), the last few
    _lines: dict = field(default_factory=dict)       # seq -> its log lines' texts (_line_texts), the last few
    _cache_bytes: int = 0                            # the bytes of `_views` and `_logs` (cache_bytes)
    _planned: tuple = ()                             # (position, seat, move, what playing it gave): plan_move's
    _told_seq: int = 0                               # the stored moves whose lines' texts went with news (news_texts)
    # (seq, version) of the position as last read from another process's rows: that process stored it
    # and drives its bot seats, so this one waits before thinking for them too (botturns.py).
    stored_elsewhere: tuple = ()

    # ----- building --------------------------------------------------------

    @classmethod
    def from_rows(cls, row: dict) -> Table:
        """Rebuild a table from its stored rows by replaying its move log."""
        game = games.get(row["game"])
        table = cls(id=row["id"], game=game, players=row["players"], options=row["options"], seed=row["seed"],
                    clock=row["clock"], clock_state=row["clock_state"], public=row["public"],
                    status=row["status"], creator=row["creator"], created=row["created"],
                    version=row["version"], seats=[Seat(**s) for s in row["seats"]],
                    rated=bool(row.get("rated")), rematch=row.get("rematch"),
                    stand_ins=row.get("stand_ins") or [])
        table.state = table.opening()
        table.add_stored(row.get("moves", []))
        table.set_pending_rows(row.get("pending", {}))
        return table

    def add_stored(self, rows: list[dict]) -> None:
        """Replay stored moves (from the log) that this table has not seen yet."""
        for row in rows:
            if row["seq"] <= self.seq:
                continue
            move = self.game.move_from_json(row["move"])
            self.commit([move], row["seat"], row["created"])

    def set_pending_rows(self, rows: dict) -> None:
        """Take the stored pending turns. In a simultaneous phase other seats may have moved since
        (base_seq < seq): the moves are kept, and dropped by `pending_state` if no longer legal."""
        self.pending = {}
        for seat, (_base_seq, moves) in rows.items():
            self.pending[int(seat)] = [self.game.move_from_json(m) for m in moves]
        self.pending_rows = set(self.pending)
        self._pending_cache.clear()

    def rows(self) -> dict:
        """The table as the store holds it (what `from_rows` rebuilds it from)."""
        return {"id": self.id, "game": self.game.id, "players": self.players, "options": self.options,
                "seed": self.seed, "clock": self.clock, "clock_state": self.clock_state, "public": self.public,
                "status": self.status, "creator": self.creator, "created": self.created, "version": self.version,
                "rated": self.rated, "rematch": self.rematch, "stand_ins": self.stand_ins,
                "seats": [vars(s) for s in self.seats],
                "moves": [{"seq": c.seq, "seat": c.seat, "move": self.game.move_to_json(c.move), "created": c.created}
                          for c in self.history],
                "pending": {seat: [self.seq, [self.game.move_to_json(m) for m in moves]]
                            for seat, moves in self.pending.items()}}

    def update_header(self, row: dict) -> None:
        """Take over a fresher table row (status, seats, clock) written by another process."""
        for key in ("clock_state", "public", "status", "version", "rated", "rematch"):
            setattr(self, key, row[key])
        self.stand_ins = row.get("stand_ins") or []
        self.seats = [Seat(**s) for s in row["seats"]]

    # ----- the position ----------------------------------------------------

    def opening(self):
        """The position before the first stored move (the game's setup from the table's seed)."""
        return self.game.setup(self.players, self.options, self.seed)

    @property
    def seq(self) -> int:
        return len(self.history)

    def play_out(self, moves: list, seat: int) -> list[tuple[Any, list[LogEntry]]]:
        """The position after each of `moves` from the committed one, and its log lines (IllegalMove
        when one is not legal); `commit` takes them, so that a stored move is played once. Moves that
        begin with the seat's pending turn (the very move objects: a confirm, or a move that stores
        the turn with it) take the positions that turn was played to, so that the position stored is
        the one its viewers were shown, and whatever the game or the views cached on it is reused."""
        state, out = self.state, []
        pending = self.pending.get(seat)
        if pending and len(moves) >= len(pending) and all(a is b for a, b in zip(moves, pending)):
            out = list(self._pending_plays(seat))
            if len(out) == len(pending):
                state, moves = out[-1][0], moves[len(pending):]
            else:  # (dropped as no longer legal: played again below, which says why)
                out = []
        for move in moves:
            state, log = self._play(state, seat, move)
            out.append((state, log))
        return out

    def commit(self, moves: list, seat: int, created: float, played: list | None = None) -> list[Committed]:
        """Play stored moves onto the committed position (they were checked when planned); `played`:
        what `play_out` gave for them from this very position, if it was asked."""
        if played is None:
            played = self.play_out(moves, seat)
        out = []
        for move, (state, log) in zip(moves, played):
            before = self.state
            to_move = self.game.to_move(before)
            self.state = state
            after = self.game.to_move(self.state)
            # A hidden simultaneous phase opens the window, and it stays sealed while its last
            # seats finish it alone (so those who finished cannot count their moves); the move
            # that hands the turn to a seat outside it, or ends the game, closes it.
            opens = len(to_move) > 1 and not self.game.public_choices(before)
            goes_on = bool(self.history) and self.history[-1].sealed
            sealed = (opens or goes_on) and bool(after) and after <= to_move
            entry = Committed(self.seq + 1, seat, move, self._told(seat, self.seq + 1, log), created, sealed)
            self.history.append(entry)
            out.append(entry)
        self._pending_cache.clear()
        self._planned = ()
        return out

    def _told(self, seat: int, seq: int, log: list[LogEntry]) -> list[LogEntry]:
        """A stored move's log lines as the table tells them: what happened to the seats before it
        (a clock ran out, a player left or came back), and a stand-in bot's move named as the bot's."""
        if not self.stand_ins:
            return list(log)
        if standins.by_bot(self.stand_ins, seat, seq):
            log = standins.bot_lines(log, seat)
        return standins.events_after(self.stand_ins, seq - 1) + list(log)

    def outcome_json(self, state) -> dict | None:
        """The table's result: the game's outcome, with the seats a bot played to the end ranked last
        (standins.standing); None while the game runs."""
        outcome = self.game.outcome(state)
        if outcome is None:
            return None
        return standins.standing(outcome.to_json(), standins.forfeits(self.stand_ins, self.seats),
                                 self.rated and self.players >= 2)

    @property
    def window(self) -> int:
        """Where the open window starts: the number of stored moves every viewer may know of.

        The window is the trailing run of sealed moves; a move outside the hidden phase closes it
        and shows all before it. A finished table shows everything. Every process derives the
        same window from the stored moves alone."""
        if self.status == "finished":
            return self.seq
        start = self.seq
        while start > 0 and self.history[start - 1].sealed:
            start -= 1
        return start

    def own_in_window(self, viewer: int | None) -> list[Committed]:
        return [c for c in self.history[self.window:] if c.seat == viewer] if viewer is not None else []

    def seen_seq(self, viewer: int | None) -> int:
        """The sequence number `viewer` sees: the window's start plus its own moves in the window."""
        return self.window + len(self.own_in_window(viewer))

    def seen_history(self, viewer: int | None) -> list[Committed]:
        """The stored moves `viewer` may know of, numbered as it sees them: the moves before the
        window, then its own moves in the window (renumbered, so no gap counts another seat's)."""
        start = self.window
        own = self.own_in_window(viewer)
        return self.history[:start] + [Committed(start + i, c.seat, c.move, c.log, c.created, c.sealed)
                                       for i, c in enumerate(own, start=1)]

    def pending_state(self, seat: int | None):
        """The committed position plus this seat's pending moves (they are dropped if no longer legal)."""
        if seat is None or not self.pending.get(seat):
            return self.state
        plays = self._pending_plays(seat)
        return plays[-1][0] if plays else self.state

    def _pending_plays(self, seat: int) -> list[tuple[Any, list[LogEntry]]]:
        """The seat's pending moves played from the committed position (`play_out`'s list), made once
        per position and turn; [] when they are no longer legal (they are then dropped)."""
        moves = self.pending.get(seat) or []
        key = (seat, self.seq, len(moves))
        plays = self._pending_cache.get(key)
        if plays is None:
            state, plays = self.state, []
            try:
                for move in moves:
                    state, log = self._play(state, seat, move)
                    plays.append((state, log))
            except IllegalMove:
                self.pending.pop(seat, None)
                plays = []
            self._pending_cache[key] = plays
        return plays

    def to_move(self, seat: int | None = None) -> frozenset[int]:
        return self.game.to_move(self.pending_state(seat))

    def bot_seats_to_move(self) -> list[int]:
        if self.status != "running":
            return []
        return [s for s in sorted(self.game.to_move(self.state)) if self.seats[s].bot_playing]

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    # ----- planning player actions -----------------------------------------

    def parse_move(self, data: Any):
        try:
            return self.game.move_from_json(data)
        except NotationError as exc:
            raise ApiError(400, "bad_move", str(exc)) from None

    def check_can_act(self, seat: int) -> None:
        if self.status == "open":
            raise ApiError(409, "table_closed", "The game has not started yet.")
        if self.status == "finished":
            raise ApiError(409, "table_closed", "The game is over: no more moves.")
        if self.seats[seat].bot_playing:
            raise ApiError(409, "bot_playing", "A bot is playing your seat: take it back first (Take my seat back).")

    def _play(self, state, seat: int, move):
        """`game.play(state, seat, move)`, taken from `plan_move` where it played this very move from
        this very position."""
        planned = self._planned
        if planned and planned[0] is state and planned[1] == seat and planned[2] is move:
            return planned[3]
        return self.game.play(state, seat, move)

    def plan_move(self, seat: int, move, confirm: bool = False) -> Plan:
        """`move`: as `parse_move` gave it. `confirm`: store the turn with this move when the move
        completes it (the seat is then no longer to move), as the move and then a confirm would; a
        move that does not stays pending."""
        self.check_can_act(seat)
        state = self._acting_state(seat)
        # is_legal, never `in legal_moves`: it compares move kinds too, so a bid cannot pass as a trump.
        if not self.game.is_legal(state, seat, move):
            raise ApiError(422, "illegal_move", self.game.explain_illegal(state, seat, move))
        pending = list(self.pending.get(seat, []))
        # The move played once here: `is_barrier` and the confirm look at the position after it, and
        # `play_out` takes it (the move object, from this very position), so a move sent with confirm
        # is played once, not three times.
        played = self.game.play(state, seat, move)
        self._planned = (state, seat, move, played)
        # A move that reveals or ends the game (which shows everything) is stored at once: its
        # position must never sit in a pending turn that could still be reset.
        if self.game.is_barrier(state, seat, move, after=played[0]):
            return Plan(commit=pending + [move], pending=[])
        if confirm and seat not in self.game.to_move(played[0]):
            return Plan(commit=pending + [move], pending=[])
        return Plan(commit=[], pending=pending + [move])

    def _acting_state(self, seat: int):
        """The seat's pending position, if the seat may act in it."""
        state = self.pending_state(seat)
        if seat not in self.game.to_move(state):
            raise ApiError(422, "not_your_turn", "Your turn is complete: Confirm or Reset it."
                           if self.pending.get(seat) else "It is not your turn.")
        return state

    def plan_confirm(self, seat: int) -> Plan:
        self.check_can_act(seat)
        moves = self.pending.get(seat)
        if not moves:
            raise ApiError(409, "nothing_pending", "There is nothing to confirm.")
        if seat in self.to_move(seat):
            raise ApiError(409, "turn_incomplete", "Your turn is not complete yet: finish it before Confirm.")
        return Plan(commit=list(moves), pending=[])

    def preview(self, seat: int, move) -> list[dict]:
        """The seat's score sheets after `move` (as `parse_move` gave it)."""
        self.check_can_act(seat)
        state = self._acting_state(seat)
        try:
            sheets = self.game.preview(state, seat, move, seat)
        except IllegalMove as exc:
            raise ApiError(422, "illegal_move", str(exc)) from None
        return [sheet.to_json() for sheet in sheets]

    # ----- what a viewer receives ---------------------------------------------

    def log_viewer(self, viewer: int | None):
        return ALL if self.status == "finished" else viewer

    def log_for(self, viewer: int | None) -> list[dict]:
        return [json.loads(line) for line in self.body(viewer).log]

    def state_body(self, viewer: int | None, clocks: dict | None = None) -> dict:
        """What `viewer` (a seat, or None for a spectator) may see now, as a dict; see docs/api.md."""
        return json.loads(self.body(viewer).text(views.dumps(clocks)))

    def body(self, viewer: int | None) -> views.Body:
        """What `viewer` may see now (but the clocks), as text; built once per change and viewer."""
        pending = self.pending.get(viewer) if viewer is not None else None
        key = (len(self.history), self.version, self.status, tuple(pending) if pending else ())
        cached = self._views.get(viewer)
        if cached is None or cached[0] != key:
            parts = {name: self._view_text(value) if name == "view" else self._sheets_text(value)
                     if name == "sheets" else views.dumps(value) for name, value in self._viewer_parts(viewer).items()}
            parts.update(self._shared_parts())
            if "sheets" not in parts:
                parts["sheets"] = self._shared_sheets()
            who = self.log_viewer(viewer)
            settled, tail = self._log_lines(viewer, who)
            if self.stand_ins:  # a clock that ran out, or a player who left or came back, since the last move
                tail += [_line(self.seen_seq(viewer), e) for e in standins.events_after(self.stand_ins, self.seq)]
            size = sum(map(len, parts.values())) + 8 * len(settled) + sum(map(len, tail))
            body = views.Body(parts, (*settled, *tail), who, len(settled), size)
            if cached is not None:
                self._cache_bytes -= cached[1].size
            self._views[viewer] = (key, body)
            self._cache_bytes += size
            self._bound_cache(viewer)
            return body
        return cached[1]

    @property
    def cache_bytes(self) -> int:
        """About how many bytes the cached body texts hold (kept as they change, not summed)."""
        return self._cache_bytes

    def _bound_cache(self, keep: int | None) -> None:
        """Keep the cached texts of this table under MAX_CACHE_BYTES: past it, only `keep`'s stay."""
        if self._cache_bytes > MAX_CACHE_BYTES:
            for viewer in [v for v in self._views if v != keep]:
                self._cache_bytes -= self._views.pop(viewer)[1].size
                gone = self._logs.pop(viewer, None)
                if gone is not None:
                    self._cache_bytes -= gone.size

    def drop_caches(self) -> None:
        """Forget every cached text (the hall's bound on all tables' caches, bodycache.py)."""
        self._views.clear()
        self._logs.clear()
        self._lines.clear()
        self._cache_bytes = 0
        self._shared = self._sheets = self._sheet_text = self._seats = ()
        self._view_texts.clear()
        self._view_elements.clear()
        self._sheet_texts.clear()
        self._pending_cache.clear()
        self._planned = ()

    def _shared_parts(self) -> dict[str, str]:
        key = (self.seq, self.version, self.status)
        if not self._shared or self._shared[0] != key:
            texts = {"table": views.dumps(self.id), "status": views.dumps(self.status),
                     "outcome": views.dumps(self.outcome_json(self.state)), "seats": self._seats_text(),
                     "rated": views.dumps(self.rated), "rematch": views.dumps(self.rematch)}
            self._shared = (key, texts)
        return self._shared[1]

    def _seats_text(self) -> str:
        """The seats' public parts as text, written again only when a seat holds another object in
        any field (a seat is replaced, or a field set anew: nothing in a seat changes in place). The
        values are held, so an object compared is never a new one at a freed one's address."""
        values = [value for seat in self.seats for value in vars(seat).values()]
        kept = self._seats
        if not kept or len(kept[0]) != len(values) or not all(map(operator.is_, kept[0], values)):
            kept = self._seats = (values, views.dumps([seat.public() for seat in self.seats]))
        return kept[1]

    def _view_text(self, view: dict) -> str:
        """A view's text; what the game hands several viewers as one object is encoded once, for every
        viewer and every change that hands it again (a confirmed turn is stored as the position its
        seat was shown pending: `play_out`)."""
        if not isinstance(view, dict):
            return views.dumps(view)
        return views.dumps_shared(view, self._view_texts, self._view_elements)

    def _shared_sheets(self) -> str:
        """The score sheets of the committed position, where every viewer sees the same ones (the
        game's `public_totals`): built once per change, as the spectator sees them."""
        key = (self.seq, self.version, self.status)
        if not self._sheets or self._sheets[0] != key:
            self._sheets = (key, self._sheets_text(self.game.score_sheet(self.state, None)))
        return self._sheets[1]

    # ----- texts for the other processes ------------------------------------------

    def news_texts(self) -> dict | None:
        """What every viewer may see of the committed position and this process has already built, as
        text, for the news another process hears (server/bus.py): the shared parts, the shared score
        sheets, the parts of the views that are the very objects of the spectator's view, and the
        public log lines of the moves stored since the last call that every viewer may know of (none
        of the open window). The other process takes them (`take_texts`) rather than building them
        again. Nothing a seat alone may see goes in: only the spectator's texts, checked by identity
        (tests/server/test_news_texts.py). None when nothing is built."""
        key = (self.seq, self.version, self.status)
        out: dict[str, Any] = {}
        if self._shared and self._shared[0] == key:
            out["shared"] = self._shared[1]
        if self._sheets and self._sheets[0] == key:
            out["sheets"] = self._sheets[1]
        if any(isinstance(item, (dict, list)) for item, _ in self._view_texts.values()):
            spectator = self.game.view(self.state, None)
            if isinstance(spectator, dict):
                shown = {name: text for name, (item, text) in self._view_texts.items()
                         if isinstance(item, (dict, list)) and spectator.get(name) is item}
                if shown:
                    out["view"] = shown
        window = self.window
        lines = {}
        for seq in range(max(self._told_seq, window - LINES_KEPT) + 1, window + 1):
            texts = self._lines.get(seq)
            if texts is not None:
                log = self.history[seq - 1].log
                lines[str(seq)] = [text if e.only is None else None for e, text in zip(log, texts)]
        self._told_seq = max(self._told_seq, window)
        if lines:
            out["lines"] = lines
        if not out:
            return None
        out["key"] = list(key)
        return out

    def take_texts(self, texts: dict) -> None:
        """Take what another process built of this same position (`news_texts`, heard with its news),
        instead of building it here; only where the table stands where that process's did (the same
        stored moves, header version and status), and only what is not built here yet. Anything
        missing or malformed is built here as before."""
        key = (self.seq, self.version, self.status)
        if texts.get("key") != list(key):
            return
        shared = texts.get("shared")
        if isinstance(shared, dict) and set(shared) == set(views.SHARED) and (not self._shared or
                                                                              self._shared[0] != key):
            if all(type(text) is str for text in shared.values()):
                self._shared = (key, dict(shared))
        sheets = texts.get("sheets")
        if type(sheets) is str and self.game.public_totals and (not self._sheets or self._sheets[0] != key):
            self._sheets = (key, sheets)
        shown = texts.get("view")
        if isinstance(shown, dict) and shown:
            spectator = self.game.view(self.state, None)
            if isinstance(spectator, dict):
                for name, text in shown.items():
                    item = spectator.get(name)
                    if isinstance(item, (dict, list)) and type(text) is str:
                        seen = self._view_texts.get(name)
                        if seen is None or seen[0] is not item:
                            self._view_texts[name] = (item, text)
        lines = texts.get("lines")
        if isinstance(lines, dict):
            for seq_text, line_texts in lines.items():
                seq = int(seq_text)
                if not 0 < seq <= self.seq or seq in self._lines or not isinstance(line_texts, list):
                    continue
                c = self.history[seq - 1]
                if len(line_texts) != len(c.log):
                    continue
                if len(self._lines) >= LINES_KEPT:
                    del self._lines[next(iter(self._lines))]  # (the oldest)
                self._lines[seq] = [text if type(text) is str and e.only is None else _line(seq, e)
                                    for e, text in zip(c.log, line_texts)]

    def _line_texts(self, c: Committed) -> list[str]:
        """The texts of a stored move's log lines, made once for all viewers (each keeps those it
        may read). Only the last few moves' are kept: viewers take in a change one after another."""
        texts = self._lines.get(c.seq)
        if texts is None:
            if len(self._lines) >= LINES_KEPT:
                del self._lines[next(iter(self._lines))]  # (the oldest)
            texts = self._lines[c.seq] = [_line(c.seq, e) for e in c.log]
        return texts

    def _sheets_text(self, sheets: list) -> str:
        """Score sheets as text; the very list encoded last is not encoded again, nor a sheet that is the
        very object encoded lately (a game may keep the sheets of plates that did not change, as Picnic
        does: after a take, or a turn's confirm, its `score_sheet` is a new list of the same sheets)."""
        if not self._sheet_text or self._sheet_text[0] is not sheets:
            known = self._sheet_texts
            texts = []
            for sheet in sheets:
                seen = known.get(id(sheet))
                if seen is None or seen[0] is not sheet:  # (the sheet is held, so its id is not reused)
                    if len(known) >= SHEETS_KEPT:
                        del known[next(iter(known))]  # (the oldest)
                    seen = known[id(sheet)] = (sheet, views.dumps(sheet.to_json()))
                texts.append(seen[1])
            self._sheet_text = (sheets, "[" + ",".join(texts) + "]")
        return self._sheet_text[1]

    def _log_lines(self, viewer: int | None, who) -> tuple[list[str], list[str]]:
        """The viewer's log lines as text: the settled ones (before the window, cached and only ever
        extended) and those of its own moves in the window (renumbered, see `seen_history`)."""
        start = self.window
        history = self.history
        cache = self._logs.get(viewer)
        if cache is None or cache.who != who or cache.covered > start:
            if cache is not None:
                self._cache_bytes -= cache.size
            cache = self._logs[viewer] = _LogLines(who)
        if cache.covered < start:
            before = cache.size
            for c in self.history[cache.covered:start]:
                cache.add([text for e, text in zip(c.log, self._line_texts(c)) if e.visible_to(who)])
            self._cache_bytes += cache.size - before
        cache.covered = start
        if viewer is None or start == len(history):  # (no own moves in the window: Picnic's every change)
            return cache.lines, []
        own = [c for c in history[start:] if c.seat == viewer]
        tail = [_line(seq, e) for seq, c in enumerate(own, start=start + 1) for e in c.log if e.visible_to(who)]
        return cache.lines, tail

    def _viewer_parts(self, viewer: int | None) -> dict:
        """The parts of `viewer`'s body that depend on who it is (the others: `_shared_parts`)."""
        game = self.game
        state = self.pending_state(viewer)
        to_move = sorted(game.to_move(state)) if self.status == "running" else []
        acting = viewer is not None and viewer in to_move and not self.seats[viewer].bot_playing
        pending = self.pending.get(viewer, []) if viewer is not None else []
        if viewer is None:
            prompt = "You are watching." if self.status != "open" else "Waiting for players."
        elif self.status == "open":
            prompt = "Waiting for players."
        elif pending and viewer not in to_move:
            prompt = "Confirm your turn, or Reset it."
        else:
            prompt = game.prompt(state, viewer)
        parts = {
            "seq": self.seen_seq(viewer),
            "view": game.view(state, viewer),
            "to_move": to_move,
            "my_seat": viewer,
            "legal": self._legal(state, viewer) if acting and viewer is not None else [],
            "prompt": prompt,
            "pending": [game.move_to_json(m) for m in pending],
            "can_confirm": bool(pending) and viewer not in to_move,
            "can_reset": bool(pending),
        }
        # Sheets every viewer shares (body() adds them) unless the game hides rows or this seat's
        # pending moves changed its position.
        if not (game.public_totals and state is self.state):
            parts["sheets"] = game.score_sheet(state, viewer)
        return parts

    def _legal(self, state, seat: int) -> list[dict]:
        game = self.game
        # "commits": the move reveals (or ends the game), so it would store the turn's pending
        # moves along with it; the client keeps such a move for Confirm. Only asked while
        # something is pending, as is_barrier may play the move out.
        pending = bool(self.pending.get(seat))
        return [{"json": game.move_to_json(m), "text": game.move_text(m),
                 "description": game.describe_move(state, seat, m),
                 "commits": pending and game.is_barrier(state, seat, m)} for m in game.legal_moves(state, seat)]

    def summary(self) -> dict:
        outcome = self.outcome_json(self.state) if self.status == "finished" else None
        return {"table": self.id, "game": self.game.id, "game_name": self.game.name, "players": self.players,
                "options": self.options, "seats": [s.public() for s in self.seats], "status": self.status,
                "seq": self.window, "clock": self.clock, "public": self.public, "created": self.created,
                "to_move": sorted(self.game.to_move(self.state)) if self.status == "running" else [],
                "outcome": outcome, "rated": self.rated, "rematch": self.rematch}

    def results(self, final_state, created: float) -> dict | None:
        """What the store keeps of the game that `final_state` ends (see Store._record_results): each
        seat's player, place and score. A seat a bot played to the end is ranked last and marked
        `forfeit` (no personal best counts it; docs/server/play.md)."""
        outcome = self.outcome_json(final_state)
        if outcome is None or any(s.player is None for s in self.seats):
            return None
        gone = {f["seat"] for f in outcome.get("forfeits", [])}
        return {"game": self.game.id, "rated": self.rated and self.players >= 2, "created": created,
                "seats": [{"seat": s.seat, "player": s.player, "name": s.name or f"seat {s.seat + 1}",
                           "rank": outcome["ranks"][s.seat], "score": outcome["scores"][s.seat],
                           "forfeit": s.seat in gone} for s in self.seats]}

    # ----- replays ---------------------------------------------------------------

    def replay_body(self, viewer: int | None) -> dict:
        finished = self.status == "finished"
        who = self.log_viewer(viewer)
        moves = []
        for c in self.history[:self.window]:
            # While the game runs another seat's move may itself be secret (a hidden bid):
            # show its visible log lines only.
            shown = finished or c.seat == viewer
            moves.append({"seq": c.seq, "seat": c.seat,
                          "move": self.game.move_to_json(c.move) if shown else None,
                          "text": self.game.move_text(c.move) if shown else None,
                          "log": [{"text": e.text, "seat": e.seat} for e in c.log if e.visible_to(who)]})
        return {"table": self.id, "game": self.game.id, "players": self.players, "options": self.options,
                "seats": [s.public() for s in self.seats], "status": self.status, "moves": moves,
                "outcome": self.outcome_json(self.state)}

    def replay_step(self, viewer: int | None, k: int, state_at=None) -> dict:
        """Step k of the replay; `state_at(table, k)` gives the position (a cache, see replays.py)."""
        shown = self.window
        if not 0 <= k <= shown:
            raise ApiError(404, "not_found", f"This game has {shown} stored moves: ask for 0 to {shown}.")
        if state_at is not None:
            state = state_at(self, k)
        else:
            state = self.opening()
            for c in self.history[:k]:
                state, _ = self.game.play(state, c.seat, c.move)
        finished = self.status == "finished"
        who = self.log_viewer(viewer)
        body = {"k": k, "seq": self.seen_seq(viewer), "view": self.game.view(state, viewer),
                "sheets": [s.to_json() for s in self.game.score_sheet(state, who if finished else viewer)],
                "log": [{"seq": c.seq, "text": e.text, "seat": e.seat}
                        for c in self.history[:k] for e in c.log if e.visible_to(who)]}
        if finished:
            # Once the game is over every hidden part of every step is open to all: each seat's view
            # with every other seat's own parts filled in (allseeing.py), and the asker's likewise.
            views = [self.game.view(state, s) for s in range(self.players)]
            body["views"] = [allseeing.seen_by_all(v, views) for v in views]
            body["view"] = allseeing.seen_by_all(body["view"] if viewer is None else views[viewer], views)
        return body

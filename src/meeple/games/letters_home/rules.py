"""Letters Home's state machine: the town, the corkboards, the memories and whose turn it is."""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import ALL, LogEntry, Rng, TieBreak, count, ranked_outcome
from meeple.engine.state import DeclaredGame
from meeple.engine.unseen import reshuffled

from . import moves as notation
from .components import (
    BOARD_COLS,
    BOARD_SPACES,
    CATEGORIES,
    MARKET_SIZE,
    MEM_KIND,
    MEMORIES,
    MEMORY_KINDS,
    MEMORY_SLOTS,
    N_MEMORIES,
    N_REFLECTIONS,
    N_TILES,
    NOTABLE,
    REFLECTION_CODES,
    SHARED_REFLECTIONS,
    TILE_CAT,
    TILE_ICONS,
    TILES,
    TOWN_TILES,
    can_note,
    icon_names,
    reflection_text,
)
from .moves import DONE, GOS, NOTES, SENDS, SKIP, TAKES, Done, Go, Note, Send, Skip, Take
from .patterns import SPACES, face_up_icons, flippable, meets_any, partial, sendable_slots, spaces_of
from .scoring import seat_sheet
from .state import ACT, FINAL, MOVE, NOTE, OVER, PHASES, WRITE, LettersHomeState, loaded
from .strategy import (
    after_note,
    after_take,
    after_walk,
    future_takes,
    needs_of,
    outlook,
    outlook_at,
)
from .town import (
    ENTRY_STOPS,
    IS_POSTBOX,
    N_STOPS,
    POSTBOX_STOPS,
    STOP_NAMES,
    STOP_NEIGHBOURS,
    STOP_TILES,
    tile_name,
)

_TURN = tuple(frozenset((seat,)) for seat in range(8))  # to_move on a seat's turn, built once


class LettersHome(DeclaredGame):
    id = "letters_home"
    name = "Letters Home"
    min_players = 2
    max_players = 4
    notation: ClassVar[Any] = notation  # the moves module: each move's JSON and text forms
    state_class = LettersHomeState
    summary = "Walk a new town, pin what you find to your corkboard, and write letters home about it."
    # Search: a leaf is judged after a short greedy look ahead (the rest of the mover's turn
    # and about one more turn), by score plus heuristic margin; every root (not only those of 16 moves
    # or more) is searched in the order greedy values its moves; see docs/games/letters-home.md.
    search_hints = {"horizon": "end", "rollout_cap": 6, "greedy_share": 1.0, "finish_turn": True,
                    "margin_weight": 1.0, "exploration": 0.25, "prior_min_moves": 2}
    # With more players, "about one more turn" is about one more round.
    search_hints_by_players = {3: {"rollout_cap": 9}, 4: {"rollout_cap": 12}}
    # No bound is worked out for this game: a turn that can take nothing and send nothing (a full
    # corkboard, or no tile beside the pawn once the tile deck is out) ends after the walk, using up nothing.
    length_cap_per_seat = 200

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        n = n_players
        tiles = list(range(N_TILES))
        rng.shuffle(tiles)
        mems = list(range(N_MEMORIES))
        rng.shuffle(mems)
        refs = list(range(N_REFLECTIONS))
        rng.shuffle(refs)
        return LettersHomeState(
            n=n, rng=rng, town=tiles[:TOWN_TILES], tile_deck=tiles[TOWN_TILES:],
            market=mems[-MARKET_SIZE:][::-1], mem_deck=mems[:-MARKET_SIZE], discard=[], pawns=[-1] * n,
            boards=[[-1] * BOARD_SPACES for _ in range(n)], sent=[[0] * BOARD_SPACES for _ in range(n)],
            slots=[[] for _ in range(n)], letters=[[] for _ in range(n)], shared=refs[:SHARED_REFLECTIONS],
            private=refs[SHARED_REFLECTIONS:SHARED_REFLECTIONS + n], box=sorted(refs[SHARED_REFLECTIONS + n:]),
            first=0, turn=0, phase=MOVE, taken=-1, gap=-1, final=[0] * n, turns=0)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        if state.phase == OVER:
            return frozenset()
        if state.phase == FINAL:
            return frozenset(s for s in range(state.n) if state.final[s])
        return _TURN[state.turn]

    def public_choices(self, state):
        # The final letters are written at once but in the open: every memory sent shows on its
        # corkboard at once (only the Private Reflections wait for the end).
        return state.phase == FINAL

    def destinations(self, state, seat) -> list[int]:
        """Stops the pawn may move to: a free neighbour, or a free stop next to a neighbouring pawn."""
        pawns = state.pawns
        here = pawns[seat]
        if here < 0:
            return [s for s in ENTRY_STOPS if s not in pawns]
        out = []
        for t in STOP_NEIGHBOURS[here]:
            if t not in pawns:
                if t not in out:
                    out.append(t)
            else:
                for u in STOP_NEIGHBOURS[t]:
                    if u != here and u not in pawns and u not in out:
                        out.append(u)
        return out

    def _can_walk(self, state, seat) -> bool:
        """Whether `destinations` has a stop, stopping at the first found (asked at every turn's start)."""
        pawns = state.pawns
        here = pawns[seat]
        if here < 0:
            return any(s not in pawns for s in ENTRY_STOPS)
        for t in STOP_NEIGHBOURS[here]:
            if t not in pawns:
                return True
            for u in STOP_NEIGHBOURS[t]:
                if u != here and u not in pawns:
                    return True
        return False

    def _sends(self, state, seat) -> list[Send]:
        board, sent = state.boards[seat], state.sent[seat]
        out: list[Send] = []
        for slot, mask in sendable_slots(state.slots[seat], board, sent):
            row = SENDS[slot]
            out.extend(row[i] for i in range(BOARD_SPACES) if mask >> i & 1)
        return out

    def _can_act(self, state, seat) -> bool:
        here, town = state.pawns[seat], state.town
        if -1 in state.boards[seat] and here >= 0 and any(town[t] >= 0 for t in STOP_TILES[here]):
            return True
        return IS_POSTBOX[here] and meets_any(state.slots[seat], state.boards[seat], state.sent[seat])

    def legal_moves(self, state, seat):
        phase = state.phase
        if phase == FINAL:
            return self._sends(state, seat) + [DONE] if state.final[seat] else []
        if seat != state.turn or phase == OVER:
            return []
        if phase == MOVE:
            return [GOS[s] for s in self.destinations(state, seat)]
        if phase == ACT:
            out: list[tuple] = []  # moves of several kinds
            board, town, here = state.boards[seat], state.town, state.pawns[seat]
            if -1 in board:
                empty = [i for i in SPACES if board[i] < 0]
                for t in STOP_TILES[here]:
                    if town[t] >= 0:
                        out.extend(map(TAKES[t].__getitem__, empty))
            if IS_POSTBOX[here]:
                out.extend(self._sends(state, seat))
            return out
        if phase == NOTE:
            tile = state.boards[seat][state.taken]
            drops = range(-1, 0) if len(state.slots[seat]) < MEMORY_SLOTS else range(MEMORY_SLOTS)
            out = [NOTES[c][d + 1] for c, mem in enumerate(state.market) if NOTABLE[mem] >> tile & 1 for d in drops]
            out.append(SKIP)
            return out
        return self._sends(state, seat) + [DONE]  # WRITE

    def explain_illegal(self, state, seat, move):
        if state.phase == OVER:
            return "The year is over."
        if state.phase == FINAL:
            if not state.final[seat]:
                return "You have finished your final letters (or had nothing to send)."
            if move.__class__ is not Send:
                return "This is the final letter-writing turn: send letters from your memories, or say done."
        elif seat != state.turn:
            return "It is not your turn."
        cls = move.__class__
        if cls is Go:
            if state.phase != MOVE:
                return "You have already moved this turn."
            if not 0 <= move.stop < N_STOPS:
                return "There is no such stop."
            name = STOP_NAMES[move.stop]
            if move.stop in state.pawns:
                return f"A pawn stands on {name}: you may walk through it, but not stop there."
            if state.pawns[seat] < 0:
                return f"{name} is not at the end of a street: walk into town at a stop on the edge."
            return (f"{name} is too far: move to a free stop next to yours, or walk through one pawn "
                    "to a free stop next to it.")
        if state.phase == MOVE:
            return "Move your pawn first."
        if cls is Take:
            if state.phase != ACT:
                return "You can only take a tile right after moving, instead of writing home."
            if -1 not in state.boards[seat]:
                return "Your corkboard is full: you can still move and write home, but take no more tiles."
            if state.boards[seat][move.space] >= 0:
                return f"Corkboard space {move.space + 1} is already taken: a pinned tile stays for good."
            if move.tile not in STOP_TILES[state.pawns[seat]]:
                return f"{tile_name(move.tile)} is not beside your stop ({STOP_NAMES[state.pawns[seat]]})."
            return f"There is no tile on {tile_name(move.tile)} now."
        if cls is Note or cls is Skip:
            if state.phase != NOTE:
                return "You can only note a memory right after taking a tile."
            if cls is Note:
                if move.card >= len(state.market):
                    return f"The market has only {len(state.market)} memories."
                full = len(state.slots[seat]) >= MEMORY_SLOTS
                if full and move.drop < 0:
                    return "Your 3 memory slots are full: let go of one to make room (e.g. note 2 drop 1)."
                if not full and move.drop >= 0:
                    return "You can only let go of a memory to make room, and you have a free slot."
                tile = state.boards[seat][state.taken]
                return (f"'{MEMORIES[state.market[move.card]]}' shows no icon of the tile you took "
                        f"({TILE_WORDS[tile]}); an icon tied to a category counts only on that category.")
        if cls is Send:
            if state.phase not in (ACT, WRITE, FINAL):
                return "You cannot write home now."
            if state.phase != FINAL and not IS_POSTBOX[state.pawns[seat]]:
                return "You can only write home from a postbox stop."
            if move.slot >= len(state.slots[seat]):
                return f"Memory slot {move.slot + 1} is empty."
            mem = state.slots[seat][move.slot]
            mask = flippable(mem, state.boards[seat], state.sent[seat])
            if not mask:
                return f"Your corkboard does not meet '{MEMORIES[mem]}' right now."
            return (f"Space {move.space + 1} is not a face-up tile of the pattern of '{MEMORIES[mem]}': "
                    f"flip one of spaces {', '.join(str(i + 1) for i in spaces_of(mask))}.")
        if cls is Done:
            if state.phase == ACT:
                return "Take a tile, or write at least one letter, before you finish your turn."
            return "There is nothing to finish now."
        return f"{move!r} is not a Letters Home move."

    # ----- making moves ------------------------------------------------------

    def actor(self, state):
        """The playouts' hot path: to_move's lowest seat without a set (-1 once the year is over)."""
        phase = state.phase
        if phase < FINAL:
            return state.turn
        final = state.final
        return final.index(1) if phase == FINAL and 1 in final else -1

    def advance(self, state, seat, move, log=None):
        """The move, its log lines added to `log` where one is given (`apply`); a playout passes none."""
        state.memo = None
        cls = move.__class__
        if cls is Go:
            state.pawns[seat] = move.stop
            state.phase = ACT
            if log is not None:
                log.append(LogEntry.lazy(_walks_text, (seat, move.stop), seat))
            if not self._can_act(state, seat):
                if log is not None:
                    log.append(LogEntry(f"Seat {seat + 1} has a full corkboard and nothing to send.", seat))
                self._end_turn(state, seat, log)
        elif cls is Take:
            tile = state.town[move.tile]
            state.town[move.tile] = -1
            state.boards[seat][move.space] = tile
            state.taken, state.gap = move.space, move.tile
            state.changed(seat)
            state.phase = NOTE
            if log is not None:
                log.append(LogEntry.lazy(_takes_text, (seat, tile, move.tile, move.space), seat))
        elif cls is Note:
            mem = state.market.pop(move.card)
            slots = state.slots[seat]
            if move.drop >= 0:
                gone = slots.pop(move.drop)
                state.discard.append(gone)
                if log is not None:
                    log.append(LogEntry(f"Seat {seat + 1} lets go of '{MEMORIES[gone]}'.", seat))
            slots.append(mem)
            if log is not None:
                log.append(LogEntry(f"Seat {seat + 1} notes '{MEMORIES[mem]}'.", seat))
            self._refill(state, log)
            self._end_turn(state, seat, log)
        elif cls is Skip:
            if log is not None:
                log.append(LogEntry(f"Seat {seat + 1} notes no memory.", seat))
            self._refill(state, log)
            self._end_turn(state, seat, log)
        elif cls is Send:
            slots, board, sent = state.slots[seat], state.boards[seat], state.sent[seat]
            mem = slots.pop(move.slot)
            state.letters[seat].append(mem)
            sent[move.space] = 1
            state.changed(seat)
            if log is not None:
                log.append(LogEntry.lazy(_writes_text, (seat, mem, board[move.space], move.space), seat))
            more = meets_any(slots, board, sent)
            if state.phase == FINAL:
                if not more:
                    self._finish_final(state, seat, log)
            else:
                state.phase = WRITE
                if not more:
                    self._end_turn(state, seat, log)
        elif state.phase == FINAL:  # Done
            if log is not None:
                log.append(LogEntry(f"Seat {seat + 1} has finished writing.", seat))
            self._finish_final(state, seat, log)
        else:
            self._end_turn(state, seat, log)

    def _refill(self, state, log: list[LogEntry] | None) -> None:
        """A new tile fills the town gap; the market is refilled to 5, reshuffling the discard if need be."""
        if state.gap >= 0:
            if state.tile_deck:
                state.town[state.gap] = state.tile_deck.pop()
                if log is not None:
                    log.append(LogEntry.lazy(_fills_text, (state.town[state.gap], state.gap)))
            state.gap = -1
        state.taken = -1
        market = state.market
        while len(market) < MARKET_SIZE:
            if not state.mem_deck:
                if not state.discard:
                    break
                state.mem_deck, state.discard = state.discard, []
                state.rng.shuffle(state.mem_deck)
                if log is not None:
                    log.append(LogEntry("The memory deck ran out: the discard pile is shuffled into a new deck."))
            mem = state.mem_deck.pop()
            market.append(mem)
            if log is not None:
                log.append(LogEntry(f"'{MEMORIES[mem]}' joins the market."))

    def _end_turn(self, state, seat, log: list[LogEntry] | None) -> None:
        state.turns += 1
        state.taken = state.gap = -1
        nxt = (seat + 1) % state.n
        if nxt == state.first and state.year_ending():
            self._start_final(state, log)
        else:
            self._start_turn(state, nxt, log)

    def _start_turn(self, state, seat, log: list[LogEntry] | None) -> None:
        state.turn, state.phase = seat, MOVE
        if self._can_walk(state, seat):
            return
        # Ruling: a pawn with nowhere to go stays put (it cannot happen with four pawns or fewer).
        state.phase = ACT
        if log is not None:
            log.append(LogEntry(f"Seat {seat + 1} cannot move and stays at {STOP_WORDS[state.pawns[seat]]}.", seat))
        if not self._can_act(state, seat):
            self._end_turn(state, seat, log)

    def _start_final(self, state, log: list[LogEntry] | None) -> None:
        state.turn, state.phase = -1, FINAL
        state.final = [1 if meets_any(state.slots[s], state.boards[s], state.sent[s]) else 0
                       for s in range(state.n)]
        if log is not None:
            log.append(LogEntry("The year is over. Everyone writes their final letters at once."))
        if not any(state.final):
            self._game_over(state, log)

    def _finish_final(self, state, seat, log: list[LogEntry] | None) -> None:
        state.final[seat] = 0
        if not any(state.final):
            self._game_over(state, log)

    def _game_over(self, state, log: list[LogEntry] | None) -> None:
        state.phase = OVER
        if log is not None:
            log.extend(LogEntry(f"Seat {s + 1}'s private Reflection: {reflection_text(state.private[s])}.")
                       for s in range(state.n))

    def reveals(self, state, seat, move):
        """Drawing a tile or memory resolves chance; the move that ends the year shows the private Reflections."""
        cls = move.__class__
        if cls is Note or cls is Skip:
            if state.gap >= 0 and state.tile_deck:
                return True
            short = MARKET_SIZE - len(state.market) + (cls is Note)
            if short and (state.mem_deck or state.discard or (cls is Note and move.drop >= 0)):
                return True
        if state.phase == FINAL or state.year_ending():
            after = state.copy()
            self.advance(after, seat, move)
            return after.phase == OVER
        return False

    # ----- words for players ---------------------------------------------------

    def prompt(self, state, seat):
        phase = state.phase
        if phase == OVER:
            return "The year is over."
        if phase == FINAL:
            if not state.final[seat]:
                return "Waiting for the others' final letters."
            return "Final letters: send from any memory your corkboard meets (no postbox needed), or done."
        if seat != state.turn:
            return f"Waiting for seat {state.turn + 1}."
        if phase == MOVE:
            if state.pawns[seat] < 0:
                return "Walk into town: choose a free stop at the end of a street."
            return "Move your pawn to a free stop next to yours (or through one pawn)."
        if phase == ACT:
            if IS_POSTBOX[state.pawns[seat]] and sendable_slots(state.slots[seat], state.boards[seat],
                                                                state.sent[seat]):
                return "Take a tile beside your stop, or write home: send a memory by flipping a tile of it."
            return "Take one of the tiles beside your stop and pin it to an empty corkboard space."
        if phase == NOTE:
            return "You may note a memory from the market that shows an icon of that tile, or skip."
        return "Send another letter, or done."

    def describe_move(self, state, seat, move):
        cls = move.__class__
        if cls is Go:
            where = STOP_NAMES[move.stop]
            return f"walk to {where}" + (" (postbox)" if IS_POSTBOX[move.stop] else "")
        if cls is Take:
            tile = state.town[move.tile]
            return f"take {TILE_WORDS[tile] if tile >= 0 else 'nothing'} to corkboard space {move.space + 1}"
        if cls is Note:
            text = f"note '{MEMORIES[state.market[move.card]]}'" if move.card < len(state.market) else "note ?"
            if move.drop >= 0 and move.drop < len(state.slots[seat]):
                text += f", letting go of '{MEMORIES[state.slots[seat][move.drop]]}'"
            return text
        if cls is Skip:
            return "note no memory"
        if cls is Send:
            if move.slot >= len(state.slots[seat]):
                return "send ?"
            tile = state.boards[seat][move.space]
            return (f"send '{MEMORIES[state.slots[seat][move.slot]]}', flipping "
                    f"{TILE_WORDS[tile] if tile >= 0 else 'nothing'} (space {move.space + 1})")
        return "finish writing"

    # ----- views -------------------------------------------------------------

    def view(self, state, viewer):
        over = state.phase == OVER

        def private_of(s):
            if over or viewer == ALL or viewer == s:
                ref = state.private[s]
                return {"code": REFLECTION_CODES[ref], "text": reflection_text(ref)}
            return None

        seats = []
        for s in range(state.n):
            board, sent = state.boards[s], state.sent[s]
            icons = face_up_icons(board, sent)
            memories = []
            for mem in state.slots[s]:
                met = flippable(mem, board, sent, icons)
                memories.append({**_memory_view(mem), "sendable": bool(met), "makes": spaces_of(met),
                                 "builds_on": spaces_of(partial(mem, board, sent) & ~met)})
            seats.append({
                "seat": s,
                "pawn": state.pawns[s] if state.pawns[s] >= 0 else None,
                "corkboard": [_board_tile_view(t, f) for t, f in zip(board, sent)],
                "empty_spaces": board.count(-1),
                "memories": memories,
                "letters": [MEMORIES[m] for m in state.letters[s]],
                "private_reflection": private_of(s),
                "final_writing": bool(state.final[s]) if state.phase == FINAL else False,
            })
        mover = state.turn if state.phase in (MOVE, ACT, NOTE, WRITE) else None
        lit = self.destinations(state, mover) if state.phase == MOVE and viewer == mover else []
        return {
            "game": self.id,
            "players": state.n,
            "viewer": viewer,
            "phase": PHASES[state.phase],
            "turn": mover,
            "to_move": sorted(self.to_move(state)),
            "first_player": state.first,
            "year_ending": state.year_ending(),
            "turns": state.turns,
            "town": [_tile_view(t) if t >= 0 else None for t in state.town],
            "stops": [{"stop": i, "name": STOP_NAMES[i], "tiles": list(STOP_TILES[i]), "postbox": IS_POSTBOX[i],
                       "entry": i in ENTRY_STOPS, "pawn": state.pawns.index(i) if i in state.pawns else None}
                      for i in range(N_STOPS)],
            "legal_stops": lit,
            "taken": state.taken if state.taken >= 0 else None,
            "gap": state.gap if state.gap >= 0 else None,
            "tile_deck": len(state.tile_deck),
            "memory_deck": len(state.mem_deck),
            "discard": [MEMORIES[m] for m in state.discard],
            "market": [{**_memory_view(m), "notable": state.phase == NOTE and viewer == state.turn
                        and can_note(m, state.boards[state.turn][state.taken])} for m in state.market],
            "shared_reflections": [{"code": REFLECTION_CODES[r], "text": reflection_text(r)} for r in state.shared],
            "seats": seats,
            "scores": [sh.to_json() for sh in self.score_sheet(state, viewer)],
        }

    def render_text(self, view, viewer):
        lines = ["Town (a-d across, 1-4 down; stops lie between two tiles):"]
        for r in range(4):
            cells = []
            for c in range(4):
                t = view["town"][r * 4 + c]
                cells.append(f"{'abcd'[c]}{r + 1} {_short(t) if t else '(gap)':<22}")
            lines.append("  " + " ".join(cells))
        pawns = [f"seat {s['seat'] + 1} at {STOP_NAMES[s['pawn']]}" if s["pawn"] is not None
                 else f"seat {s['seat'] + 1} not in town yet" for s in view["seats"]]
        lines.append("Pawns: " + "; ".join(pawns))
        lines.append("Postbox stops: " + ", ".join(STOP_NAMES[s] for s in POSTBOX_STOPS))
        lines.append(f"Tiles left: {view['tile_deck']}; memory deck {view['memory_deck']}, "
                     f"discard {len(view['discard'])}.")
        lines.append("Market:")
        for i, m in enumerate(view["market"]):
            lines.append(f"  {i + 1}. {m['code']}")
        lines.append("Shared Reflections: " + "; ".join(r["text"] for r in view["shared_reflections"]))
        for s in view["seats"]:
            who = " (you)" if s["seat"] == viewer else ""
            lines.append(f"Seat {s['seat'] + 1}{who}: {count(s['empty_spaces'], 'empty space')}, "
                         f"{count(len(s['letters']), 'letter')} sent.")
            for r in range(0, BOARD_SPACES, BOARD_COLS):
                cells = []
                for i in range(r, r + BOARD_COLS):
                    t = s["corkboard"][i]
                    text = "." if t is None else (f"[sent {t['category']}]" if t["sent"] else _short(t))
                    cells.append(f"{i + 1:>2} {text:<22}")
                lines.append("   " + " ".join(cells))
            for k, m in enumerate(s["memories"]):
                mark = "  (can send now)" if m["sendable"] else ""
                lines.append(f"   memory {k + 1}: {m['code']}{mark}")
            if s["private_reflection"]:
                lines.append(f"   private Reflection: {s['private_reflection']['text']}")
        return "\n".join(lines)

    # ----- scores ------------------------------------------------------------

    def scores(self, state):
        state.count_totals()
        return [p + o for p, o in zip(state.public, state.own)]

    def seat_scores(self, state, viewer):
        # The others' private Reflections stay hidden until the end: their totals without them.
        if state.phase == OVER:
            return self.scores(state)
        state.count_totals()
        return [p + o if s == viewer else p for s, (p, o) in enumerate(zip(state.public, state.own))]

    def score_sheet(self, state, viewer=ALL):
        over = state.phase == OVER
        return [seat_sheet(s, state.boards[s], state.sent[s], state.shared, state.private[s],
                           over or viewer == ALL or viewer == s) for s in range(state.n)]

    def outcome(self, state):
        if state.phase != OVER:
            return None
        scores = [sh.total for sh in self.score_sheet(state, ALL)]
        flipped = [sum(state.sent[s]) for s in range(state.n)]
        return ranked_outcome(scores, (TieBreak(tuple(flipped), "the most flipped tiles ({})", "flipped tiles"),))

    def heuristic(self, state, seat):
        # What the sheet does not show yet: memories and free slots as letters to come,
        # and the tiles the seat will still take (strategy.py).
        phase = state.phase
        if phase == OVER or (phase == FINAL and not state.final[seat]):
            return 0.0  # memories left in the slots now score nothing
        needs = needs_of(state, seat)
        if phase == FINAL:
            return outlook(needs, 0, 0, True)
        takes = future_takes(state, seat, phase == MOVE or phase == ACT)
        return outlook_at(takes, state.pawns[seat], needs)

    def scores_after(self, state, seat, move):
        # The search's rollouts judge every candidate this way, most of them walks, takes and notes:
        # strategy.py values those from what they change, with no copy. A move that may end the year,
        # reshuffle or leave a seat stuck is played on a copy as by default.
        cls = move.__class__
        found = None
        if cls is Take and state.phase == ACT:
            found = after_take(self, state, seat, move)
        elif cls is Go:
            found = after_walk(self, state, seat, move)
        elif (cls is Note or cls is Skip) and state.phase == NOTE:
            found = after_note(self, state, seat, move)
        return super().scores_after(state, seat, move) if found is None else found

    # ----- positions ---------------------------------------------------------

    def loaded(self, state, data, at):
        loaded(state, data, at)

    def max_moves(self, n_players, options):
        # Act: a tile beside the stop (two at most) to any corkboard space, or a memory sent;
        # note: a market card with a slot to let go of, or skip; move: a stop.
        sends = MEMORY_SLOTS * BOARD_SPACES
        return max(N_STOPS, 2 * BOARD_SPACES + sends, MARKET_SIZE * MEMORY_SLOTS + 1, sends + 1)

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Resample what `seat` has not seen: the order of both decks, and the
        Reflections in other players' hands or left in the box.

        Only the cards the rest of the year can draw are dealt at random: each take
        draws at most one tile and one memory, so one of each per empty corkboard
        space (and one more for a tile just taken) is enough. The rest of each deck
        stays in number order, which tells nothing: `seat` knows what each deck holds.
        """
        for s in range(state.n):  # on the original first, for every sampled world to share (see masks_of)
            state.masks_of(s)
        out = state.copy()
        draws = sum(board.count(-1) for board in out.boards) + (out.phase == NOTE)
        out.tile_deck = _deal(out.tile_deck, draws, rng)
        out.mem_deck = _deal(out.mem_deck, draws, rng)
        if out.phase != OVER:
            others = [s for s in range(out.n) if s != seat]
            unseen = _deal(out.box + [out.private[s] for s in others], len(others), rng)
            for s, ref in zip(others, unseen[-len(others):]):
                out.private[s] = ref
            out.box = sorted(unseen[:-len(others)])
        out.rng = rng.fork()
        out.own = [None] * out.n  # the others' private Reflections may have changed
        return out

    def shuffle_unseen(self, state, rng):
        """Both decks in a new order (everyone knows what they hold); the Reflections in hands and in
        the box stay, since each hand is seen by its owner and the box is never drawn from."""
        return reshuffled(state, rng, "tile_deck", "mem_deck")


# ----- helpers for views and text ----------------------------------------------------


def _deal(cards: list, draws: int, rng: Rng) -> list:
    """The cards in number order, then their last `draws` (the next drawn) replaced by a
    uniform random sample in random order: the first steps of a Fisher-Yates shuffle.

    Three 21-bit draws come from each 64-bit number: search bots determinize
    thousands of times a move, and the bias is below 1 in 20,000 for decks this small.
    """
    out = sorted(cards)
    word, left = 0, 0
    for i in range(len(out) - 1, max(len(out) - 1 - draws, 0), -1):
        if not left:
            word, left = rng.next_u64(), 3
        j = (word & 0x1FFFFF) % (i + 1)
        word >>= 21
        left -= 1
        out[i], out[j] = out[j], out[i]
    return out


def _listed(words: list[str]) -> str:
    """'food', 'food and book', 'food, book and music'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _tile_described(t: int) -> str:
    category, icons = CATEGORIES[TILE_CAT[t]], icon_names(TILE_ICONS[t])
    article = "an" if category[0] in "aeiou" else "a"
    return f"{article} {category} tile" + (f" with {_listed(icons)}" if icons else "")


# Made once: a log line names a tile at nearly every move, and playouts make thousands of moves.
# A tile in words ("a person tile with book and music"); a stop by the two town tiles beside it, whose
# names (a1 to d4) are drawn on the town.
TILE_WORDS = tuple(_tile_described(t) for t in range(len(TILE_CAT)))
STOP_WORDS = tuple(f"the stop between {tile_name(a)} and {tile_name(b)}" for a, b in STOP_TILES)


# Log lines of the moves the playouts and the greedy bot's leaves make: their text made only when read.
def _walks_text(seat: int, stop: int) -> str:
    return f"Seat {seat + 1} walks to {STOP_WORDS[stop]}{' (a postbox stop)' if IS_POSTBOX[stop] else ''}."


def _takes_text(seat: int, tile: int, at: int, space: int) -> str:
    return f"Seat {seat + 1} takes {TILE_WORDS[tile]} from {tile_name(at)} to corkboard space {space + 1}."


def _writes_text(seat: int, mem: int, tile: int, space: int) -> str:
    return (f"Seat {seat + 1} writes home about '{MEMORIES[mem]}', flipping {TILE_WORDS[tile]} "
            f"(corkboard space {space + 1}).")


def _fills_text(tile: int, at: int) -> str:
    words = TILE_WORDS[tile]
    return f"{words[0].upper()}{words[1:]} fills {tile_name(at)}."


def _tile_view(tile: int) -> dict:
    return {"code": TILES[tile], "category": CATEGORIES[TILE_CAT[tile]], "icons": icon_names(TILE_ICONS[tile]),
            "sent": False}


def _board_tile_view(tile: int, sent: int):
    if tile < 0:
        return None
    if sent:
        return {"code": None, "category": CATEGORIES[TILE_CAT[tile]], "icons": [], "sent": True}
    return _tile_view(tile)


def _memory_view(mem: int) -> dict:
    return {"code": MEMORIES[mem], "kind": MEMORY_KINDS[MEM_KIND[mem]]}


def _short(tile_view: dict) -> str:
    return f"{tile_view['category']} {'+'.join(tile_view['icons'])}"


GAME = LettersHome()

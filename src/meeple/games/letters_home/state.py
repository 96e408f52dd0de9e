"""Letters Home's position, declared (meeple.engine.state): plain lists of ints, what the search asks for
again and again kept beside them, and the checks a position read back must pass."""

from __future__ import annotations

from typing import Any

from meeple.engine import Rng, check_position, count
from meeple.engine.state import (
    Custom,
    Kind,
    Loading,
    Maybe,
    PieceSet,
    State,
    each_seat,
    field,
    joint,
    kept,
    listed,
    named,
    per_seat,
    piece,
    players,
    rng,
    stored_with,
    whole,
)

from .components import (
    BOARD_SPACES,
    MARKET_SIZE,
    MEMORIES,
    MEMORY_SLOTS,
    N_MEMORIES,
    N_REFLECTIONS,
    N_TILES,
    REFLECTION_CODES,
    SHARED_REFLECTIONS,
    TILE_CAT,
    TILE_ICONS,
    parse_memory,
    parse_tile,
)
from .scoring import board_masks, seat_parts
from .strategy import CorkboardMasks
from .town import N_STOPS, N_TOWN, STOP_NAMES, parse_stop, tile_name

MOVE, ACT, NOTE, WRITE, FINAL, OVER = range(6)
PHASES = ("move", "act", "note", "write", "final", "over")


# ----- the kinds of its pieces: each written as its number, read back from its number or its words --------

def _tile(entry: Any) -> int:
    """A tile by number, or by its code ("person food+heart"): a placeholder until every numbered tile is
    placed, -2 - (category << 7 | icons), that `loaded` replaces by the first unused tile of that code."""
    if isinstance(entry, int) and not isinstance(entry, bool):
        if not 0 <= entry < N_TILES:
            raise ValueError(f"there is no tile {entry} (0 to {N_TILES - 1})")
        return entry
    if not isinstance(entry, str):
        raise ValueError("a tile is a number or a code like 'person food+heart'")
    cat, icons = parse_tile(entry)
    return -2 - (cat << 7 | icons)


def _memory(entry: Any) -> int:
    if isinstance(entry, str):
        parse_memory(entry)  # its ValueError says what is wrong with the text
        if entry.strip().lower() not in MEMORIES:
            raise ValueError(f"'{entry}' is not in the memory deck")
        return MEMORIES.index(entry.strip().lower())
    if isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < N_MEMORIES:
        return entry
    raise ValueError(f"a memory is a number 0 to {N_MEMORIES - 1} or its text")


def _reflection(entry: Any) -> int:
    if isinstance(entry, str):
        if entry not in REFLECTION_CODES:
            raise ValueError(f"'{entry}' is not a Reflection ({', '.join(REFLECTION_CODES)})")
        return REFLECTION_CODES.index(entry)
    if isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < N_REFLECTIONS:
        return entry
    raise ValueError(f"a Reflection is a number 0 to {N_REFLECTIONS - 1} or its code")


def _stop(entry: Any, where: str) -> int:
    """A stop by number or by name ("a1-a2", either order)."""
    if isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < N_STOPS:
        return entry
    return parse_stop(entry)


TILE = PieceSet(range(N_TILES), read=_tile, piece=lambda t: t if t >= 0 else None,
                twice="{where}: tile {name} is used twice.")
MEMORY = PieceSet(range(N_MEMORIES), read=_memory, label=lambda m: f"'{MEMORIES[m]}'",
                  twice="{where}: memory {name} is used twice.")
REFLECTION = PieceSet(range(N_REFLECTIONS), read=_reflection, label=lambda r: f"'{REFLECTION_CODES[r]}'",
                      twice="{where}: Reflection {name} is used twice.")


def _corkboard_json(state: LettersHomeState, seat: int) -> list:
    """A seat's corkboard: null for an empty space, a tile, or {"sent": tile} for a flipped one."""
    return [None if t < 0 else ({"sent": t} if f else t) for t, f in zip(state.boards[seat], state.sent[seat])]


def _read_corkboards(value: list, where: str, at: Loading) -> tuple:
    boards, sent = [], []
    for s, cork in enumerate(value):
        cork = [None] * BOARD_SPACES if cork is None else cork
        check_position(isinstance(cork, list) and len(cork) == BOARD_SPACES,
                       f"Seat {s + 1}: 'corkboard' lists the {BOARD_SPACES} spaces (null when empty).")
        row, flags = [], []
        for i, e in enumerate(cork):
            here = f"seat {s + 1} corkboard space {i + 1}"
            flipped = isinstance(e, dict)
            check_position(not flipped or set(e) == {"sent"}, f"{here}: a sent tile is written {{\"sent\": <tile>}}.")
            row.append(-1 if e is None else TILE.read(e["sent"] if flipped else e, here, at))
            flags.append(int(flipped))
        boards.append(row)
        sent.append(flags)
    return boards, sent


class _SeatsMarked(Kind):
    """A flag per seat (1 or 0), stored as the list of the seats marked."""

    shared = False

    def write(self, expr, names, depth=0):
        return f"[s for s, on in enumerate({expr}) if on]"

    def copy(self, expr, names, depth=0):
        return f"{expr}[:]"

    def read(self, value, where, at):
        n = at.state.n
        check_position(isinstance(value, list) and all(isinstance(s, int) and 0 <= s < n for s in value),
                       "'final' lists the seats still writing their final letters.")
        return [1 if s in value else 0 for s in range(n)]


def _totals_counted(state: LettersHomeState) -> list:
    """The totals of a copy: worked out on the original first, for every copy to share."""
    state.count_totals()
    return state.public[:]


class LettersHomeState(State):
    """A Letters Home position; every list holds plain ints (the caches at the end aside).

    town[16]: tile id per town space (-1: a gap nobody could refill).
    tile_deck, mem_deck: draw from the end. boards[seat][space]: tile id or -1;
    sent[seat][space]: 1 for a flipped tile. slots[seat]: up to 3 memory ids;
    letters[seat]: memories sent home. pawns[seat]: stop or -1 before entering.
    taken/gap: the corkboard space and town space of the tile taken this turn.
    final[seat]: 1 while that seat is still writing in the final turn.
    public[seat]: that seat's letters and shared Reflections, own[seat]: its private
    Reflection's points, and masks[seat]: its corkboard as bit masks with what the bots worked
    out on it (`masks_of`); None when not yet worked out since its corkboard last changed.
    The search bots ask for them thousands of times a move while most corkboards stay the
    same, so a copy works out the totals missing on the original first, for every copy to share.
    memo: what scores_after (strategy.py) worked out for one kind of move, shared by every
    candidate of that kind until the next move is applied (None then, and in a copy).
    """

    n: int = players()
    rng: Rng = rng()
    town: list[int] = listed(piece(TILE, none=-1), length=N_TOWN,
                             says="'town' lists the 16 town spaces (null for a gap).")
    tile_deck: list[int] = listed(TILE, absent=[])  # left out: every tile placed nowhere else (see `loaded`)
    market: list[int] = listed(MEMORY, most=MARKET_SIZE, absent=[],
                               says=f"The market holds at most {MARKET_SIZE} memories.")
    mem_deck: list[int] = listed(MEMORY, key="memory_deck", rest="sorted")
    discard: list[int] = listed(MEMORY, absent=[])
    shared: list[int] = listed(REFLECTION, length=SHARED_REFLECTIONS, absent=[],
                               says=f"There are {SHARED_REFLECTIONS} shared Reflections.")
    private: list[int] = per_seat(REFLECTION, absent=[], says="'private' gives one Reflection per player.")
    box: list[int] = listed(REFLECTION, key="reflection_box", rest="sorted")
    pawns: list[int] = per_seat(field(Maybe(Custom(STOP_NAMES.__getitem__, _stop))), under="seats", key="pawn",
                                says="'seats' needs one entry per player.")
    boards: list[list[int]] = joint(_corkboard_json, _read_corkboards, key="corkboard", under="seats",
                                    like=listed(listed(whole())))
    sent: list[list[int]] = stored_with("corkboard", listed(listed(whole())))
    slots: list[list[int]] = per_seat(listed(MEMORY, most=MEMORY_SLOTS, says=f"A seat has only {MEMORY_SLOTS} memory "
                                             "slots."), under="seats", key="memories", absent=[])
    letters: list[list[int]] = per_seat(listed(MEMORY), under="seats", key="letters", absent=[])
    first: int = whole(0, "n-1", key="first_player", default=0, says="'first_player' must be a seat number from 0.")
    turn: int = whole(-1, "n-1", default=-1)  # left out: 0 before the final letters (see `loaded`)
    phase: int = named(PHASES, default=MOVE)
    taken: int = whole(0, BOARD_SPACES - 1, none=-1, default=-1)
    gap: int = whole(0, N_TOWN - 1, none=-1, default=-1)
    final: list[int] = field(_SeatsMarked(), make=each_seat(0))
    turns: int = whole(0, default=0)
    # Worked out when asked, never stored: see the docstring.
    public: list[int | None] = kept(make=each_seat(None), copy=_totals_counted)
    own: list[int | None] = kept(make=each_seat(None), copy="slice")
    masks: list[tuple | None] = kept(make=each_seat(None), copy="slice")
    memo: dict | None = kept(None, copy="reset")

    def count_totals(self) -> None:
        """Work out the totals not known since their corkboard last changed."""
        public, own = self.public, self.own
        for s in range(self.n):
            if public[s] is None or own[s] is None:
                public[s], own[s] = seat_parts(self.boards[s], self.sent[s], self.shared, self.private[s])

    def changed(self, seat: int) -> None:
        """`seat`'s corkboard changed: its totals and masks are to be worked out again."""
        self.public[seat] = self.own[seat] = self.masks[seat] = None

    def masks_of(self, seat: int) -> tuple:
        """`seat`'s corkboard as bit masks: scoring's (filters, categories), outlook's, and Reflection counts."""
        masks = self.masks[seat]
        if masks is None:
            board, sent = self.boards[seat], self.sent[seat]
            # Then what is filled in as asked: each Reflection's count on this corkboard
            # (scoring.count_with_tile), what a take onto it comes to (_take_memo), and
            # the tiles each memory noted onto it would need (scores_after).
            masks = self.masks[seat] = (*board_masks(board, sent), CorkboardMasks(board, sent), {}, {}, {})
        return masks

    def year_ending(self) -> bool:
        """Someone has filled their corkboard: this round is the last (tiles never leave a corkboard)."""
        return any(-1 not in b for b in self.boards)


def loaded(state: LettersHomeState, data: dict, at: Loading) -> None:
    """The tiles given by code placed, the pieces left out put in the decks and the box, and the checks the
    rules make on a position just read."""
    _place_tiles_by_code(state, data, at)
    for key, kind, noun in (("tile_deck", TILE, "tile"), ("memory_deck", MEMORY, "memory"),
                            ("reflection_box", REFLECTION, "Reflection")):
        missing = len(at.rest(kind))
        check_position(not missing, f"Every {noun} must be somewhere: {missing} are missing "
                       f"(leave out '{key}' to put the rest there).")
    state.box.sort()
    n, phase, boards, pawns = state.n, state.phase, state.boards, state.pawns
    for s, stop in enumerate(pawns):
        check_position(stop < 0 or stop not in pawns[:s],
                       f"Seat {s + 1}'s pawn shares stop {STOP_NAMES[stop]} with another pawn.")
    if phase < FINAL:
        if "turn" not in data:
            state.turn = 0
        turn = state.turn
        check_position(turn >= 0, "'turn' must be a seat number from 0.")
        if phase != MOVE:
            check_position(pawns[turn] >= 0, f"Seat {turn + 1} must be in town after moving.")
        if phase == NOTE:
            check_position(state.taken >= 0 and boards[turn][state.taken] >= 0,
                           "In the note phase 'taken' names the corkboard space of the tile just taken.")
            check_position(state.gap >= 0 and state.town[state.gap] < 0,
                           "In the note phase 'gap' names the empty town space the tile came from.")
        check_position(not any(state.final), "'final' is only used in the final phase.")
    else:
        check_position(state.year_ending(), "The year only ends once someone's corkboard is full.")
        check_position(phase == FINAL or not any(state.final), "Nobody is still writing once the game is over.")
        state.turn = -1
    check_position(phase == NOTE or state.taken < 0 and state.gap < 0,
                   "'taken' and 'gap' are only set in the note phase.")
    for s in range(n):
        sent = state.sent[s]
        check_position(all(boards[s][i] >= 0 or not sent[i] for i in range(BOARD_SPACES)),
                       f"Seat {s + 1}: an empty space cannot be sent.")
        check_position(len(state.letters[s]) <= sum(sent),
                       f"Seat {s + 1}: each letter flipped a tile, so there are at most {count(sum(sent), 'letter')}.")


def _place_tiles_by_code(state: LettersHomeState, data: dict, at: Loading) -> None:
    """Each tile given by code becomes the first tile of that code placed nowhere else, in the order read
    (the town, the corkboards, the deck); a deck left out holds the rest in number order."""
    town, boards, deck = state.town, state.boards, state.tile_deck
    spots = [(town, i, f"town {tile_name(i)}", data["town"][i]) for i in range(N_TOWN)]
    for s, board in enumerate(boards):
        cork = data["seats"][s].get("corkboard") or [None] * BOARD_SPACES
        spots += [(board, i, f"seat {s + 1} corkboard space {i + 1}", cork[i]) for i in range(BOARD_SPACES)]
    spots += [(deck, i, "tile deck", e) for i, e in enumerate(data.get("tile_deck", ()))]
    for row, i, where, entry in spots:
        if row[i] > -2:
            continue
        code = (-2 - row[i]) >> 7, (-2 - row[i]) & 127
        found = next((t for t in at.rest(TILE) if (TILE_CAT[t], TILE_ICONS[t]) == code), -1)
        code_given = entry["sent"] if isinstance(entry, dict) else entry
        check_position(found >= 0, f"{where}: no unused tile in the box is '{code_given}'.")
        at.place(TILE, found, where)
        row[i] = found
    if "tile_deck" not in data:
        state.tile_deck = at.rest(TILE)
        for t in state.tile_deck:
            at.place(TILE, t, "tile deck")

"""Picnic's state machine: the hamper, the plates, and whose turn it is."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from meeple.engine import ALL, Game, LogEntry, PositionError, TieBreak, check_position, count, ranked_outcome
from meeple.engine.position import position_head, read_head

from . import moves as notation
from .components import (
    DRINK,
    KIND,
    N_TILES,
    PILES,
    RIM_SPACES,
    SIDES,
    TILES_PER_PLAYER,
    loose_side,
    parse_side,
    side_ref,
)
from .moves import PLACES, TAKES, Place, Take
from .scoring import combine, covered_count, placed, plate_parts, score_sheets, visible_ants

PLATE_SPACES = RIM_SPACES + 1
_TURN = tuple(frozenset((seat,)) for seat in range(8))  # to_move's answer for each seat, built once
_NOBODY: frozenset[int] = frozenset()
POSITION_VERSION = 1


def _placement_table() -> tuple[tuple[Place, ...], ...]:
    """Every placement list, by hand side << 3 | rim open << 2 | centre open << 1 | drinks allowed:
    the side up first, then flipped; a drink beside the plate, food on the rim, then in the centre."""
    table = []
    for key in range(2 * N_TILES << 3):
        hand, rim_open, centre_open, drinks_ok = key >> 3, key >> 2 & 1, key >> 1 & 1, key & 1
        out = []
        for flip in (False, True):
            if KIND[hand ^ flip] == DRINK:
                if drinks_ok:
                    out.append(PLACES["drink", flip])
            else:
                if rim_open:
                    out.append(PLACES["rim", flip])
                if centre_open:
                    out.append(PLACES["centre", flip])
        table.append(tuple(out))
    return tuple(table)


_PLACEMENTS = _placement_table()
_HAS_DRINK = tuple(KIND[side] == DRINK or KIND[side ^ 1] == DRINK for side in range(2 * N_TILES))


class PicnicState:
    """A Picnic position. Sides are ids: 2 * tile + (0: side a, 1: side b).

    piles[p] lists the side ids facing up, bottom first, top last; `box` holds the
    tiles left out of the hamper; `hand` is the side id up on the tile just
    taken (-1 when no tile is in hand).
    """

    __slots__ = ("n", "rng", "piles", "box", "turn", "hand", "rims", "centres", "drinks", "turns", "plates", "totals",
                 "shown")

    def __init__(self, n, rng, piles, box, turn, hand, rims, centres, drinks, turns):
        self.n = n
        self.rng = rng
        self.piles = piles
        self.box = box
        self.turn = turn          # seat to act, -1 once every plate is full
        self.hand = hand
        self.rims = rims
        self.centres = centres    # side id in the centre, -1 if empty
        self.drinks = drinks
        self.turns = turns        # completed turns, for the log and game length
        # scoring.plate_parts per seat, kept up to date by each placement once known; None until asked for
        self.plates: list = [None] * n
        self.totals: list[int] | None = None  # scores, None until asked for since a plate changed
        self.shown: dict | None = None  # what `view` shows every viewer alike, None until asked for since a move

    def copy(self) -> PicnicState:
        out = PicnicState(self.n, self.rng.copy(), [p[:] for p in self.piles], self.box[:], self.turn,
                          self.hand, [r[:] for r in self.rims], self.centres[:],
                          [d[:] for d in self.drinks], self.turns)
        out.plates = self.plate_parts()[:]  # worked out on the original, for all its copies to share
        out.totals = self.totals
        return out

    def plate_parts(self) -> list:
        plates = self.plates
        for s, known in enumerate(plates):
            if known is None:
                plates[s] = plate_parts(self.rims[s], self.centres[s], self.drinks[s])
        return plates

    def empty_spaces(self, seat: int) -> int:
        return PLATE_SPACES - len(self.rims[seat]) - (self.centres[seat] >= 0)

    def hamper_size(self) -> int:
        return sum(len(p) for p in self.piles)


class Picnic(Game):
    id = "picnic"
    name = "Picnic"
    public_totals = True  # every total is on the table for all to see
    min_players = 2
    max_players = 4
    notation: ClassVar[Any] = notation  # the moves module: each move's JSON and text forms
    summary = "Take tiles from the hamper and lay out the best-scoring picnic round your plate."

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        tiles = list(range(N_TILES))
        rng.shuffle(tiles)
        in_play = tiles[: TILES_PER_PLAYER * n_players]
        box = sorted(tiles[TILES_PER_PLAYER * n_players:])
        piles: list[list[int]] = [[] for _ in range(PILES)]
        for i, tile in enumerate(in_play):
            piles[i % PILES].append(2 * tile + rng.randrange(2))
        return PicnicState(n_players, rng, piles, box, 0, -1, [[] for _ in range(n_players)],
                           [-1] * n_players, [[] for _ in range(n_players)], 0)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return _NOBODY if state.turn < 0 else _TURN[state.turn]

    def actor(self, state):
        return state.turn  # -1 once every plate is full, as actor asks

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        if state.hand < 0:
            return [TAKES[p] for p in range(PILES) if state.piles[p]]
        return self._placements(state, seat)

    def _placements(self, state, seat):
        """Looked up by the side in hand and what is open; the hamper is counted for a drink only."""
        hand = state.hand
        key = hand << 3 | (len(state.rims[seat]) < RIM_SPACES) << 2 | (state.centres[seat] < 0) << 1
        if _HAS_DRINK[hand] and self.drinks_allowed(state):
            key |= 1
        return [*_PLACEMENTS[key]]

    def drinks_allowed(self, state) -> bool:
        """Last call (our ruling): a drink may only be taken while the hamper still
        holds a tile for every empty plate space, so every plate can be filled.
        Counted with C-level sums over the piles and plates (asked when the tile in hand has a drink side)."""
        n, centres = state.n, state.centres
        empty = PLATE_SPACES * n - sum(map(len, state.rims)) - (n - centres.count(-1))
        return sum(map(len, state.piles)) >= empty

    def explain_illegal(self, state, seat, move):
        if seat != state.turn:
            return "It is not your turn."
        if isinstance(move, Take):
            if state.hand >= 0:
                return "You already hold a tile: place it first."
            if not 0 <= move.pile < PILES:
                return f"There is no pile {move.pile + 1}."
            return f"Pile {move.pile + 1} is empty."
        if isinstance(move, Place):
            if state.hand < 0:
                return "Take a tile from the hamper first."
            side = SIDES[state.hand ^ move.flip]
            if move.spot == "drink":
                if side.food:
                    return f"That side is food ({_words(state.hand ^ move.flip)}): it goes on the plate, not beside it."
                return ("Last call: the hamper only has enough tiles left to fill the plates, "
                        "so place the food side.")
            if not side.food:
                return "That side is a drink: it goes beside the plate."
            if move.spot == "centre":
                return "Your centre is already filled (once per game)."
            return "Your rim is full: the tile must go in the centre."
        return f"{move!r} is not a Picnic move."

    def apply(self, state, seat, move):
        if move.__class__ is Take:
            self.advance(state, seat, move)
            return [LogEntry.lazy(_takes_text, (seat, move.pile, state.hand), seat)]
        side = state.hand ^ move.flip
        self.advance(state, seat, move)
        spot = move.spot
        where = len(state.rims[seat]) if spot == "rim" else 0 if spot == "centre" else -1
        return [LogEntry.lazy(_places_text, (seat, side, where), seat)]

    def advance(self, state, seat, move):
        state.shown = None
        if move.__class__ is Take:
            state.hand = state.piles[move.pile].pop()
            return
        side = state.hand ^ move.flip
        state.hand = -1
        spot = move.spot
        rims, centres = state.rims, state.centres
        known = state.plates[seat]
        if known is not None:  # the running totals take in the new tile alone
            state.plates[seat] = placed(known, rims[seat], centres[seat], state.drinks[seat], side, spot)
        state.totals = None
        if spot == "rim":
            rims[seat].append(side)
        elif spot == "centre":
            centres[seat] = side
        else:
            state.drinks[seat].append(side)
        state.turns += 1
        # The next seat with an empty plate space (a rim not full or no centre), -1 if none.
        n = state.n
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if len(rims[nxt]) < RIM_SPACES or centres[nxt] < 0:
                state.turn = nxt
                return
        state.turn = -1

    def reveals(self, state, seat, move):
        return move.__class__ is Take

    def prompt(self, state, seat):
        if state.turn < 0:
            return "The picnic is laid out."
        if seat != state.turn:
            return f"Waiting for seat {state.turn + 1}."
        if state.hand < 0:
            return "Take the top tile of a pile."
        return "Place the tile: choose a side (or Flip), then a space on your plate, or beside it if it is a drink."

    def describe_move(self, state, seat, move):
        if move.__class__ is Take:
            top = state.piles[move.pile][-1] if state.piles[move.pile] else None
            return f"take pile {move.pile + 1}" + (f" ({_words(top)})" if top is not None else "")
        where = "as a drink" if move.spot == "drink" else "in the " + move.spot
        return f"place {_words(state.hand ^ move.flip) if state.hand >= 0 else 'the tile'} {where}"

    # ----- views -------------------------------------------------------------

    def view(self, state, viewer):
        # Nothing in a Picnic view depends on the viewer but `viewer` itself: the rest is built once
        # per position and shared by every viewer's view (the server then encodes it once, too), so
        # a caller must not change a view it was given.
        shown = state.shown
        if shown is None:
            shown = state.shown = self._shown(state)
        return {"game": self.id, "players": state.n, "viewer": viewer, **shown}

    def _shown(self, state) -> dict:
        plates = []
        for s in range(state.n):
            rim, centre = state.rims[s], state.centres[s]
            covered = covered_count(len(rim))
            plates.append({
                "seat": s,
                "rim": [_side_view(side, i < covered) for i, side in enumerate(rim)],
                "centre": _side_view(centre, False) if centre >= 0 else None,
                "drinks": [_side_view(d, False) for d in state.drinks[s]],
                "empty_spaces": state.empty_spaces(s),
                "visible_ants": visible_ants(rim, centre, state.drinks[s]),
            })
        hand = None
        if state.hand >= 0:
            hand = {"up": SIDES[state.hand].code(), "down": SIDES[state.hand ^ 1].code()}
        return {
            "turn": state.turn if state.turn >= 0 else None,
            "phase": "over" if state.turn < 0 else ("place" if state.hand >= 0 else "take"),
            "hamper": [{"pile": p, "height": len(pile), "top": SIDES[pile[-1]].code() if pile else None}
                       for p, pile in enumerate(state.piles)],
            "hamper_tiles": state.hamper_size(),
            "hand": hand,
            "drinks_allowed": self.drinks_allowed(state),
            "plates": plates,
            "turns": state.turns,
        }

    def render_text(self, view, viewer):
        lines = ["Hamper:"]
        for pile in view["hamper"]:
            top = pile["top"] or "(empty)"
            height = pile["height"]
            lines.append(f"  pile {pile['pile'] + 1}: {top:<22} ({height} tile{'s' if height != 1 else ''})")
        if view["hand"]:
            lines.append(f"In hand: {view['hand']['up']}   (flip: {view['hand']['down']})")
        if not view["drinks_allowed"]:
            lines.append("Last call: no more drinks, every tile left is needed on the plates.")
        for plate in view["plates"]:
            who = "you" if plate["seat"] == viewer else f"seat {plate['seat'] + 1}"
            lines.append(f"Plate of seat {plate['seat'] + 1} ({who}), {plate['empty_spaces']} empty, "
                         f"{count(plate['visible_ants'], 'visible ant')}:")
            for i, tile in enumerate(plate["rim"]):
                lines.append(f"  {i + 1:>2}. {_text_tile(tile)}")
            lines.append(f"  centre: {_text_tile(plate['centre']) if plate['centre'] else '(empty)'}")
            if plate["drinks"]:
                lines.append("  drinks: " + ", ".join(_text_tile(d) for d in plate["drinks"]))
        return "\n".join(lines)

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        # Every viewer sees the same sheets, and a take or a turn's confirm leaves the plates as they
        # were: the last positions' sheets are kept, so that the hall builds them (and encodes them,
        # being the same list) once per placement. The sheets are frozen; the list must not be changed.
        key = (tuple(map(tuple, state.rims)), tuple(state.centres), tuple(map(tuple, state.drinks)))
        sheets = _SHEETS.get(key)
        if sheets is None:
            sheets = _SHEETS[key] = score_sheets(state.rims, state.centres, state.drinks)
            if len(_SHEETS) > _SHEETS_KEPT:
                del _SHEETS[next(iter(_SHEETS))]
        return sheets

    def scores(self, state):
        if state.totals is None:
            state.totals = combine(state.plate_parts())
        return state.totals[:]

    def outcome(self, state):
        if state.turn >= 0:
            return None
        # The sheets' totals and ant rows, from the running totals (a rollout ends here).
        scores = self.scores(state)
        ants = [parts[1] for parts in state.plate_parts()]
        return ranked_outcome(scores, (TieBreak(tuple(-a for a in ants), "fewer visible ants ({})", "visible ants",
                                                tuple(ants)),))

    def scores_after(self, state, seat, move):
        # A take changes no plate; a placement changes the mover's plate only: no copy of the state.
        parts = state.plate_parts()
        if move.__class__ is Take:
            return self.scores(state), -0.25 * parts[seat][1]
        side = state.hand ^ move.flip
        mine = placed(parts[seat], state.rims[seat], state.centres[seat], state.drinks[seat], side, move.spot)
        parts = parts[:]
        parts[seat] = mine
        return combine(parts), -0.25 * mine[1]

    def heuristic(self, state, seat):
        # Between equal scores, prefer fewer visible ants: they decide the ant row and ties.
        return -0.25 * state.plate_parts()[seat][1]  # the plate's visible ants, drinks' included

    # ----- positions ---------------------------------------------------------

    def to_json(self, state):
        return {
            **position_head(self, state, POSITION_VERSION),
            "piles": [[side_ref(s) for s in pile] for pile in state.piles],
            "box": [t for t in state.box],
            "turn": state.turn,
            "hand": side_ref(state.hand) if state.hand >= 0 else None,
            "plates": [{
                "rim": [side_ref(s) for s in state.rims[p]],
                "centre": side_ref(state.centres[p]) if state.centres[p] >= 0 else None,
                "drinks": [side_ref(s) for s in state.drinks[p]],
            } for p in range(state.n)],
            "turns": state.turns,
        }

    def load_position(self, data):
        return _load(self, data)

    def max_moves(self, n_players, options):
        # A take from any pile, or a placement: rim or centre, either side up.
        return max(PILES, 4)

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Resample what nobody has seen: which unseen tile each top face belongs to (so its
        underside), the tiles below the tops, and the tiles left in the box. Pile heights and the
        upper side of each top tile stay as they are.

        The unseen tiles are sorted before they are shuffled, so the resample depends on which
        tiles are unseen and never on where they really lie: two worlds a seat cannot tell apart
        resample alike under one seed."""
        out = state.copy()
        tops = [(p, pile[-1]) for p, pile in enumerate(out.piles) if pile]
        unseen = sorted([s >> 1 for pile in out.piles for s in pile] + list(out.box))
        rng.shuffle(unseen)
        faces = [FACE[side] for _, side in tops]
        top_sides = []
        for k, face in enumerate(faces):
            # Any unseen tile that shows the face could be this one, as long as the later faces
            # still find tiles of their own (the true tiles always leave them some).
            later = faces[k + 1:]
            options = [i for i, t in enumerate(unseen) if face == FACE[2 * t] or face == FACE[2 * t + 1]]
            while True:
                i = options.pop(rng.randrange(len(options)))
                t = unseen.pop(i)
                if not (FACE[2 * t] in later or FACE[2 * t + 1] in later) or _matchable(later, unseen):
                    break
                unseen.insert(i, t)
            top_sides.append(2 * t + (0 if FACE[2 * t] == face else 1))
        it = iter(unseen)
        for pile in out.piles:
            for i in range(len(pile) - 1):
                pile[i] = 2 * next(it) + rng.randrange(2)
        out.box = sorted(it)
        for (p, _), side in zip(tops, top_sides):
            out.piles[p][-1] = side
        out.rng = rng.fork()
        return out

    def shuffle_unseen(self, state, rng):
        """No seat holds anything of its own hidden (the piles below their tops and the box are
        unseen by all): a spectator's `determinize` deals again exactly what no seat has seen."""
        return self.determinize(state, None, rng)

    def max_game_length(self, n_players: int, options: dict) -> int:
        # A turn takes a tile from the hamper and places it: two decisions. The hamper holds
        # TILES_PER_PLAYER tiles per seat and is never refilled.
        return 2 * TILES_PER_PLAYER * n_players


# Each side of the box's tiles as a small int, sides that look alike sharing one: a top tile
# can be any unseen tile with its face on one side or the other.
_FACE_IDS: dict = {}
FACE = [_FACE_IDS.setdefault(side, len(_FACE_IDS)) for side in SIDES[:2 * N_TILES]]


def _matchable(faces: list[int], tiles: list[int]) -> bool:
    """Whether each of `faces` can have a tile of its own among `tiles` that shows it (augmenting
    paths; there are six piles at most)."""
    owner: dict[int, int] = {}  # index in tiles -> index in faces

    def place(k: int, seen: set[int]) -> bool:
        for i, t in enumerate(tiles):
            if i not in seen and faces[k] in (FACE[2 * t], FACE[2 * t + 1]):
                seen.add(i)
                if i not in owner or place(owner[i], seen):
                    owner[i] = k
                    return True
        return False

    return all(place(k, set()) for k in range(len(faces)))


def _side_view(side: int, covered: bool) -> dict:
    s = SIDES[side]
    ants, pickles = s.ants, s.pickles
    if covered:
        ants -= ants > 0
        pickles -= pickles > 0
    out = {"code": s.code(), "kind": s.kind, "colour": s.colour, "ants": s.ants, "pickles": s.pickles,
           "ice": s.ice, "covered": covered, "visible_ants": ants, "visible_pickles": pickles}
    return out


def _text_tile(tile: dict) -> str:
    text = tile["kind"] if tile["kind"] != "cake" else f"{tile['colour']} cake"
    bits = []
    if tile["kind"] == "drink":
        bits.append(f"{tile['ice']} ice")
    if tile["ants"]:
        bits.append(f"ants {tile['visible_ants']}/{tile['ants']}")
    if tile["pickles"]:
        bits.append(f"pickles {tile['visible_pickles']}/{tile['pickles']}")
    return text + (f" [{', '.join(bits)}]" if bits else "")


def _load(game: Picnic, data: dict) -> PicnicState:
    n, rng = read_head(game, data, POSITION_VERSION)
    used: set[int] = set()

    def tile_ref(entry, where) -> int:
        """'17a': tile 17 of the box with side a up."""
        check_position(isinstance(entry, str), f"{where}: a tile is written like '17a' (tile 17, side a up).")
        text = entry.strip().lower()
        check_position(text[:-1].isdigit() and text[-1:] in ("a", "b"),
                       f"{where}: '{entry}' should name a tile of the box like '17a' (tile 17, side a up).")
        tile = int(text[:-1])
        check_position(tile < N_TILES, f"{where}: there is no tile {tile} (tiles are 0 to {N_TILES - 1}).")
        check_position(tile not in used, f"{where}: tile {tile} is used twice.")
        used.add(tile)
        return 2 * tile + (text[-1] == "b")

    def plate_ref(entry, where) -> int:
        """On a plate a side may also be written by its code, e.g. 'cheese a1 p0' (a loose side)."""
        check_position(isinstance(entry, str), f"{where}: write a tile as '17a' or a side code like 'cheese a1 p0'.")
        text = entry.strip().lower()
        if text[:-1].isdigit() and text[-1:] in ("a", "b"):
            return tile_ref(text, where)
        try:
            return loose_side(parse_side(text))
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}.") from None

    piles = data["piles"]
    check_position(isinstance(piles, list) and len(piles) == PILES, f"The hamper has {PILES} piles.")
    piles = [[tile_ref(e, f"pile {p + 1}") for e in pile] for p, pile in enumerate(piles)]
    plates = data["plates"]
    check_position(isinstance(plates, list) and len(plates) == n, "There must be one plate per player.")
    rims, centres, drinks = [], [], []
    for p, plate in enumerate(plates):
        check_position(isinstance(plate, dict), f"Plate {p + 1} must be an object with rim, centre and drinks.")
        rim = [plate_ref(e, f"plate {p + 1} rim") for e in plate.get("rim", [])]
        check_position(len(rim) <= RIM_SPACES, f"Plate {p + 1} has more than {RIM_SPACES} rim tiles.")
        centre = plate.get("centre")
        rims.append(rim)
        centres.append(plate_ref(centre, f"plate {p + 1} centre") if centre is not None else -1)
        drinks.append([plate_ref(e, f"plate {p + 1} drinks") for e in plate.get("drinks", [])])
        for s in rim + ([centres[-1]] if centres[-1] >= 0 else []):
            check_position(SIDES[s].food, f"Plate {p + 1}: {SIDES[s].code()} is a drink, it goes beside the plate.")
        for s in drinks[-1]:
            check_position(not SIDES[s].food, f"Plate {p + 1}: {SIDES[s].code()} is food, not a drink.")
    hand = data.get("hand")
    hand = tile_ref(hand, "hand") if hand is not None else -1

    box = data.get("box")
    if box is None:
        box = sorted(set(range(N_TILES)) - used)
    else:
        check_position(isinstance(box, list) and all(isinstance(t, int) and 0 <= t < N_TILES for t in box),
                       "The box lists tile numbers.")
        check_position(not (set(box) & used) and len(set(box)) == len(box), "A tile in the box is also in play.")
        check_position(len(used) + len(box) == N_TILES, "Every tile must be somewhere: in play or in the box.")
    turn = data.get("turn", 0)
    check_position(isinstance(turn, int) and -1 <= turn < n, "turn must be a seat number, or -1 when the game is over.")
    turns = data.get("turns", 0)
    check_position(isinstance(turns, int) and turns >= 0, "turns must be a whole number.")
    state = PicnicState(n, rng, piles, sorted(box), turn, hand, rims, centres, drinks, turns)
    if turn >= 0:
        check_position(state.empty_spaces(turn) > 0, f"Seat {turn + 1}'s plate is full, so it cannot be their turn.")
    else:
        check_position(hand < 0 and all(state.empty_spaces(s) == 0 for s in range(n)),
                       "turn -1 means the game is over: every plate must be full.")
    return state


GAME = Picnic()

# The score sheets of the plates seen last (Picnic.score_sheet), oldest first.
_SHEETS: dict[tuple, list] = {}
_SHEETS_KEPT = 256


_WORDS: dict[int, str] = {}


def _words(side: int) -> str:
    """A side in words, remembered: log lines are written on every move, playouts included."""
    text = _WORDS.get(side)
    if text is None:
        # The components count "2 ice"; players count ice cubes.
        text = _WORDS[side] = _ICE.sub(lambda m: count(int(m[1]), "ice cube"), SIDES[side].words())
    return text


_ICE = re.compile(r"(\d+) ice\b")


def _takes_text(seat: int, pile: int, side: int) -> str:
    return f"Seat {seat + 1} takes from pile {pile + 1}: {_words(side)}, underside {_words(side ^ 1)}."


def _places_text(seat: int, side: int, where: int) -> str:
    """`where`: the rim space (from 1), 0 for the centre, -1 beside the plate."""
    spot = f"in rim space {where}" if where > 0 else "in the centre" if where == 0 else "beside the plate"
    return f"Seat {seat + 1} places {_words(side)} {spot}."

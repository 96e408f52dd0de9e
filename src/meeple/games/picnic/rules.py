"""Picnic's state machine: the hamper, the plates, and whose turn it is."""

from __future__ import annotations

import operator
from functools import lru_cache
from typing import Any, ClassVar

from meeple.engine import ALL, NOBODY, LogEntry, Rng, TieBreak, check_position, count, ranked_outcome
from meeple.engine.state import DeclaredGame, PieceSet, State, kept, listed, per_seat, piece, players, rng, seat, whole
from meeple.engine.unseen import redeal, shuffle_as_spectator

from . import moves as notation
from .components import (
    DRINK,
    KIND,
    N_TILES,
    PILES,
    RIM_SPACES,
    SIDES,
    TILES_PER_PLAYER,
    is_loose,
    loose_side,
    parse_side,
    side_ref,
)
from .moves import PLACES, TAKES, Place, Take
from .scoring import combine, covered_count, placed, plate_parts, plate_sheet, seat_sheets

PLATE_SPACES = RIM_SPACES + 1
_TURN = tuple(frozenset((seat,)) for seat in range(8))  # to_move's answer for each seat, built once


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


def _tile_side(text: str) -> int:
    """'17a': tile 17 of the box with side a up."""
    if not isinstance(text, str):
        raise ValueError("a tile is written like '17a' (tile 17, side a up)")
    text = text.strip().lower()
    if not (text[:-1].isdigit() and text[-1:] in ("a", "b")):
        raise ValueError(f"'{text}' should name a tile of the box like '17a' (tile 17, side a up)")
    tile = int(text[:-1])
    if tile >= N_TILES:
        raise ValueError(f"there is no tile {tile} (tiles are 0 to {N_TILES - 1})")
    return 2 * tile + (text[-1] == "b")


def _plate_side(text: str) -> int:
    """On a plate a side may also be written by its code, e.g. 'cheese a1 p0' (a loose side)."""
    if not isinstance(text, str):
        raise ValueError("write a tile as '17a' or a side code like 'cheese a1 p0'")
    text = text.strip().lower()
    return _tile_side(text) if text[:-1].isdigit() and text[-1:] in ("a", "b") else loose_side(parse_side(text))


# The tiles of the box, each in play once: in the box by number, in the hamper and the hand by a side up,
# on a plate by a side up or by a side's code (a loose side, of no tile of the box).
TILES = PieceSet(range(N_TILES), twice="{where}: tile {name} is used twice.")
SIDE = PieceSet(range(N_TILES), side_ref, _tile_side, piece=lambda s: s >> 1, pool=TILES)
ON_PLATE = PieceSet(range(N_TILES), side_ref, _plate_side, piece=lambda s: None if is_loose(s) else s >> 1,
                    pool=TILES)


class PicnicState(State):
    """A Picnic position. Sides are ids: 2 * tile + (0: side a, 1: side b).

    piles[p] lists the side ids facing up, bottom first, top last; `box` holds the
    tiles left out of the hamper; `hand` is the side id up on the tile just
    taken (-1 when no tile is in hand).
    """

    n: int = players()
    rng: Rng = rng()
    piles: list[list[int]] = listed(listed(SIDE), length=PILES, says=f"The hamper has {PILES} piles.")
    turn: int = seat(none=True, default=0, says="turn must be a seat number, or -1 when the game is over.")
    hand: int = piece(SIDE, none=-1, default=-1)  # the side up of the tile just taken, -1 when none
    rims: list[list[int]] = per_seat(listed(ON_PLATE, most=RIM_SPACES), under="plates", key="rim", absent=[],
                                     says="There must be one plate per player.")
    centres: list[int] = per_seat(piece(ON_PLATE, none=-1), under="plates", key="centre")  # -1: empty
    drinks: list[list[int]] = per_seat(listed(ON_PLATE), under="plates", key="drinks", absent=[])
    box: list[int] = listed(TILES, rest="sorted")  # the tiles left out of the hamper
    turns: int = whole(0, None, default=0, says="turns must be a whole number.")  # completed turns
    # scoring.plate_parts per seat, kept up to date by each placement once known (None until asked for),
    # worked out on the original for all its copies to share
    plates: list = kept(make=lambda s: [None] * s.n, copy=lambda s: s.plate_parts()[:])
    totals: list[int] | None = kept(None)  # scores, None until asked for since a plate changed
    shown: dict | None = kept(None, copy="reset")  # what `view` shows every viewer alike, None until asked for
    # The sheets and the view's plates last worked out, with the plate parts they were worked out from:
    # (parts, scoring.PlateSheet per seat, the SeatSheets) and (parts, the plates' views). A placement
    # replaces its plate's parts (a take changes none), so the plates whose parts are the very objects
    # these hold are as they were. Never changed in place, only replaced: copies share them.
    sheets: tuple | None = kept(None)
    plate_views: tuple | None = kept(None)

    def plate_parts(self) -> list:
        plates = self.plates
        for s, known in enumerate(plates):
            if known is None:
                plates[s] = plate_parts(self.rims[s], self.centres[s], self.drinks[s])
        return plates

    def empty_spaces(self, seat: int) -> int:
        return PLATE_SPACES - len(self.rims[seat]) - (self.centres[seat] >= 0)


class Picnic(DeclaredGame):
    id = "picnic"
    name = "Picnic"
    public_totals = True  # every total is on the table for all to see
    min_players = 2
    max_players = 4
    notation: ClassVar[Any] = notation  # the moves module: each move's JSON and text forms
    summary = "Take tiles from the hamper and lay out the best-scoring picnic round your plate."
    state_class = PicnicState

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        tiles = list(range(N_TILES))
        rng.shuffle(tiles)
        in_play = tiles[: TILES_PER_PLAYER * n_players]
        box = sorted(tiles[TILES_PER_PLAYER * n_players:])
        # Dealt round the piles in turn, each tile's side up drawn as it is dealt (randrange(2) is the
        # draw's low bit: the sides are drawn first, then dealt, with the same draws in the same order).
        flip = rng.next_u64
        sides = [2 * tile + (flip() & 1) for tile in in_play]
        piles = [sides[p::PILES] for p in range(PILES)]
        return PicnicState(n=n_players, rng=rng, piles=piles, box=box, rims=[[] for _ in range(n_players)],
                           centres=[-1] * n_players, drinks=[[] for _ in range(n_players)])

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return NOBODY if state.turn < 0 else _TURN[state.turn]

    def actor(self, state):
        return state.turn  # -1 once every plate is full, as actor asks

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        if state.hand < 0:
            return [TAKES[p] for p in range(PILES) if state.piles[p]]
        return [*self._placements(state, seat, state.hand)]

    def _placements(self, state, seat, hand):
        """Looked up by the side in hand and what is open; the hamper is counted for a drink only."""
        key = hand << 3 | (len(state.rims[seat]) < RIM_SPACES) << 2 | (state.centres[seat] < 0) << 1
        if _HAS_DRINK[hand] and self.drinks_allowed(state):
            key |= 1
        return _PLACEMENTS[key]

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
                    return f"That side is food ({side.words()}): it goes on the plate, not beside it."
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

    def advance(self, state, seat, move, log=None):  # Picnic's apply writes its own lines
        state.shown = None
        if move.__class__ is Take:
            state.hand = state.piles[move.pile].pop()
            return
        self._place(state, seat, state.hand ^ move.flip, move.spot)

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the pile or the placement picked by the draw
        `legal_moves` and `advance` would make, from the piles and the placement table, no list of moves."""
        seat = state.turn
        if seat < 0:
            return -1
        state.shown = None
        hand = state.hand
        if hand < 0:  # a take: the piles that are not empty, in order (legal_moves' Takes)
            piles = list(filter(None, state.piles))
            state.hand = piles[draw() % len(piles)].pop()
            return seat
        options = self._placements(state, seat, hand)
        move = options[draw() % len(options)]
        self._place(state, seat, hand ^ move.flip, move.spot)
        return seat

    def _place(self, state, seat, side, spot):
        """The tile in hand placed with `side` up at `spot`, and the turn passed on (`advance` and
        `random_step` alike)."""
        state.hand = -1
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
        nxt = seat
        for _ in range(n):
            nxt = nxt + 1 if nxt + 1 < n else 0
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
            return f"take pile {move.pile + 1}" + (f" ({SIDES[top].words()})" if top is not None else "")
        where = "as a drink" if move.spot == "drink" else "in the " + move.spot
        return f"place {SIDES[state.hand ^ move.flip].words() if state.hand >= 0 else 'the tile'} {where}"

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
        hand = None
        if state.hand >= 0:
            hand = {"up": _code(state.hand), "down": _code(state.hand ^ 1)}
        return {
            "turn": state.turn if state.turn >= 0 else None,
            "phase": "over" if state.turn < 0 else ("place" if state.hand >= 0 else "take"),
            "hamper": [{"pile": p, "height": len(pile), "top": _code(pile[-1]) if pile else None}
                       for p, pile in enumerate(state.piles)],
            "hamper_tiles": sum(map(len, state.piles)),
            "hand": hand,
            "drinks_allowed": self.drinks_allowed(state),
            "plates": self._plate_views(state),
            "turns": state.turns,
        }

    def _plate_views(self, state) -> list[dict]:
        """The plates as every viewer sees them: the same list, and the same dict for a plate, while
        the plates stand (see `PicnicState.plate_views`)."""
        parts = state.plate_parts()
        known = state.plate_views
        if known is not None and all(map(operator.is_, known[0], parts)):
            return known[1]
        plates = [known[1][s] if known is not None and known[0][s] is mine else self._plate_view(state, s, mine)
                  for s, mine in enumerate(parts)]
        state.plate_views = (tuple(parts), plates)
        return plates

    def _plate_view(self, state, s: int, parts) -> dict:
        rim, centre = state.rims[s], state.centres[s]
        covered = covered_count(len(rim))
        return {
            "seat": s,
            "rim": [_side_view(side, i < covered) for i, side in enumerate(rim)],
            "centre": _side_view(centre, False) if centre >= 0 else None,
            "drinks": [_side_view(d, False) for d in state.drinks[s]],
            "empty_spaces": state.empty_spaces(s),
            "visible_ants": parts[1],  # the plate's and its drinks'
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
        """Every viewer sees the same sheets. Only the plates placed on since they were last worked out
        are walked again (see `PicnicState.sheets`); a take changes no sheet."""
        parts = state.plate_parts()
        known = state.sheets
        if known is not None and all(map(operator.is_, known[0], parts)):
            return list(known[2])
        plates = tuple(known[1][s] if known is not None and known[0][s] is mine
                       else plate_sheet(state.rims[s], state.centres[s], state.drinks[s], mine)
                       for s, mine in enumerate(parts))
        sheets = seat_sheets(plates)
        if known is not None:  # a seat's sheet as it was stays the very object (the hall writes its text once)
            sheets = tuple(old if old == new else new for old, new in zip(known[2], sheets))
        state.sheets = (tuple(parts), plates, sheets)
        return list(sheets)

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

    def loaded(self, state, data, at):
        at.complete(TILES, "tiles")
        state.box.sort()
        for p in range(state.n):
            for s in state.rims[p] + ([state.centres[p]] if state.centres[p] >= 0 else []):
                check_position(SIDES[s].food, f"Plate {p + 1}: {SIDES[s].code()} is a drink, it goes beside the plate.")
            for s in state.drinks[p]:
                check_position(not SIDES[s].food, f"Plate {p + 1}: {SIDES[s].code()} is food, not a drink.")
        turn = state.turn
        if turn >= 0:
            check_position(state.empty_spaces(turn) > 0,
                           f"Seat {turn + 1}'s plate is full, so it cannot be their turn.")
        else:
            check_position(state.hand < 0 and all(state.empty_spaces(s) == 0 for s in range(state.n)),
                           "turn -1 means the game is over: every plate must be full.")

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
        unseen = redeal([s >> 1 for pile in out.piles for s in pile] + list(out.box), rng)
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

    shuffle_unseen = shuffle_as_spectator  # the piles below their tops and the box are unseen by all alike

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


# A side id names the same side for good (a loose side's too), so its text and its view are made once
# and shared by every view that shows it (a view is never changed by those it is given to).

@lru_cache(maxsize=4096)
def _code(side: int) -> str:
    return SIDES[side].code()


@lru_cache(maxsize=4096)
def _side_view(side: int, covered: bool) -> dict:
    s = SIDES[side]
    ants, pickles = s.ants, s.pickles
    if covered:
        ants -= ants > 0
        pickles -= pickles > 0
    return {"code": _code(side), "kind": s.kind, "colour": s.colour, "ants": s.ants, "pickles": s.pickles,
            "ice": s.ice, "covered": covered, "visible_ants": ants, "visible_pickles": pickles}


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


GAME = Picnic()


def _takes_text(seat: int, pile: int, side: int) -> str:
    return f"Seat {seat + 1} takes from pile {pile + 1}: {SIDES[side].words()}, underside {SIDES[side ^ 1].words()}."


def _places_text(seat: int, side: int, where: int) -> str:
    """`where`: the rim space (from 1), 0 for the centre, -1 beside the plate."""
    spot = f"in rim space {where}" if where > 0 else "in the centre" if where == 0 else "beside the plate"
    return f"Seat {seat + 1} places {SIDES[side].words()} {spot}."

"""Relative Space's position object, declared with its JSON form, and what positions with the same pods on the
table share."""

from __future__ import annotations

from meeple.engine import Rng, check_position
from meeple.engine.position import whole as _whole
from meeple.engine.state import (
    Custom,
    State,
    Whole,
    custom,
    field,
    joint,
    kept,
    listed,
    named,
    players,
    rng,
    seat,
    stored_with,
    whole,
)

from .components import AVAILABLE, CARD_OF_CODE, CODE, KEY, MAX_PODS_OPEN, PODS_IN_BOX, SLOT_NAMES, SLOT_OF_NAME, STASH
from .moves import OPENS, PLAYS

MAX_TURNS = 400          # a safety net only: simulated games end long before (see the docs page)
PLAY, OPENED, STUFFING = 0, 1, 2
PHASES = ("play", "open", "stuff")
# The last jam or launch, kept raw for speed and written out as JSON by `event_json`:
# (JAMMED, seat, turn, pod, shuffled cards, jamming card, pod value, spaces, pod removed): the shuffled
# cards refill the spaces in order, one each, as far as both go (a played position may list more
# spaces than cards, a loaded one lists only those refilled)
# (LAUNCHED, seat, turn, pod, cards, new pod or 0)
JAMMED, LAUNCHED = 0, 1


def _card(code, where: str) -> int:
    check_position(isinstance(code, str) and code.upper() in CARD_OF_CODE,
                   f"{where}: {code!r} is not a card (1 to 10, KEY, LAUNCH, LAST, ZERO).")
    return CARD_OF_CODE[code.upper()]


def _slot(name, where: str) -> int:
    check_position(isinstance(name, str) and name.upper() in SLOT_OF_NAME, f"{where}: {name!r} is not a space.")
    return SLOT_OF_NAME[name.upper()]


CARD = Custom(CODE.__getitem__, _card)  # a card as its code: "7", "KEY"


def _stashes_json(state: RelativeSpaceState) -> list:
    """Each stash's 12 spaces: null where empty, "7" face up, "down:7" face down."""
    return [[None if not c else (f"down:{CODE[c]}" if d >> s & 1 else CODE[c]) for s, c in enumerate(st)]
            for st, d in zip(state.stash, state.down)]


def _read_stashes(stashes, where: str, at) -> tuple[list[list[int]], list[int], list[int]]:
    """stash, occ and down from the stashes' JSON."""
    check_position(isinstance(stashes, list) and len(stashes) == at.state.n, "There must be one stash per player.")
    stash, occ, down = [], [], []
    for p, entries in enumerate(stashes):
        check_position(isinstance(entries, list) and len(entries) == STASH, f"Stash {p + 1} has 12 spaces.")
        st, o, d = [0] * STASH, 0, 0
        for s, e in enumerate(entries):
            if e is None:
                continue
            where = f"stash {p + 1} space {SLOT_NAMES[s]}"
            check_position(isinstance(e, str), f"{where}: write a card as '7', or 'down:7' face down.")
            hidden = e.lower().startswith("down:")
            st[s] = _card(e[5:] if hidden else e, where)
            o |= 1 << s
            if hidden:
                d |= 1 << s
        stash.append(st)
        occ.append(o)
        down.append(d)
    return stash, occ, down


def _read_spaces(names, where: str) -> int:
    check_position(isinstance(names, list), f"{where} lists spaces.")
    return sum({1 << _slot(name, where) for name in names})


def event_json(event) -> dict | None:
    """The last jam or launch as the view and the position JSON show it."""
    if event is None:
        return None
    if event[0] == LAUNCHED:
        _, seat, turn, pod, cards, new = event
        return {"kind": "launch", "seat": seat, "turn": turn, "pod": pod, "cards": [CODE[c] for c in cards],
                "new_pod": new or None}
    _, seat, turn, pod, pile, card, value, spaces, removed = event
    return {"kind": "jam", "seat": seat, "turn": turn, "pod": pod, "card": CODE[card], "value": value,
            "shuffled": [CODE[c] for c in pile],
            "refilled": [[SLOT_NAMES[s], CODE[c]] for s, c in zip(spaces, pile)],
            "discarded": [CODE[c] for c in pile[len(spaces):]], "pod_removed": removed}


class Event(Custom):
    """The last jam or launch: read with its seat checked against the seat count."""

    def read(self, data, where, at):
        if data is None:
            return None
        check_position(isinstance(data, dict) and data.get("kind") in ("jam", "launch"),
                       "event is null or an object with kind 'jam' or 'launch'.")
        seat = _whole(data["seat"], 0, at.state.n - 1, "event seat")
        turn = _whole(data["turn"], 0, MAX_TURNS, "event turn")
        pod = _whole(data["pod"], 1, PODS_IN_BOX, "event pod")
        if data["kind"] == "launch":
            new = data.get("new_pod")
            return (LAUNCHED, seat, turn, pod, tuple(_card(c, "event") for c in data["cards"]),
                    0 if new is None else _whole(new, 1, PODS_IN_BOX, "event new_pod"))
        pile = tuple(_card(c, "event") for c in data["shuffled"])
        spaces = tuple(_slot(name, "event") for name, _ in data["refilled"])
        check_position(len(spaces) <= len(pile), "event: more spaces refilled than cards shuffled.")
        return (JAMMED, seat, turn, pod, pile, _card(data["card"], "event"),
                _whole(data["value"], 0, 10, "event value"), spaces, bool(data["pod_removed"]))


def _first_unopened(state: RelativeSpaceState) -> int:
    return max(state.pod_ids, default=0) + 1


class RelativeSpaceState(State):
    """A Relative Space position.

    stash[seat][slot] is a card (0: an empty space); occ[seat] and down[seat] are bit masks of the
    occupied and the face-down spaces (stored together, a stash's spaces as "7" or "down:7"). Pods are
    three parallel lists, stored as one object each: their numbers, their values (what the next item
    must equal or beat) and their cards, bottom first. `start_empty` is the mask of the mover's spaces
    that were empty when the turn began (a jam refills those only). `pod_for` is the pod the turn's next
    card must go to (the one just opened, or the Last Call's).

    Kept for speed, worked out again from the above whenever a position is built (a property test checks
    them after every move): `pods`, what is shared by every position with the same pods on the table
    (see `Pods`), and keys[seat], the mask of the seat's spaces that hold a Keycard (face up or down).
    """

    n: int = players()
    rng: Rng = rng()
    turn: int = seat(none=True, default=0)           # seat to act, -1 once the game is over
    phase: int = named(PHASES, default=PLAY)
    pod_for: int = whole(1, PODS_IN_BOX, none=0, default=0)
    stash: list[list[int]] = joint(_stashes_json, _read_stashes, key="stashes", like=listed(listed(CARD)))
    pod_ids: list[int] = listed(whole(1, PODS_IN_BOX), most=MAX_PODS_OPEN, under="pods", key="id")
    pod_values: list[int] = listed(whole(0, 10), under="pods", key="value", absent=0)
    pod_cards: list[list[int]] = listed(listed(CARD), under="pods", key="cards")
    next_pod: int = field(Whole(_first_unopened, PODS_IN_BOX + 1), make=_first_unopened)  # the pod a Keycard opens
    discard: list[int] = listed(CARD)                # cards out of the game, in the order they left (all seen)
    deck: list[int] = listed(CARD)                   # the undealt cards, sorted: nobody ever sees them
    start_empty: int = custom(lambda m: [SLOT_NAMES[s] for s in range(STASH) if m >> s & 1], _read_spaces,
                              default=0)
    turns: int = whole(0, MAX_TURNS, default=0)      # completed turns
    winner: int = whole(0, "n-1", none=-1, default=-1)  # seat that emptied its stash, -1 if none (yet)
    event: tuple | None = field(Event(event_json, _card), default=None)  # the last jam or launch (see JAMMED)
    occ: list[int] = stored_with("stashes", listed(whole()))
    down: list[int] = stored_with("stashes", listed(whole()))
    pods: Pods = kept(make=lambda s: pods_of(tuple(s.pod_ids)))  # of pod_ids (shared, never changed by a move)
    keys: list[int] = kept(make=lambda s: key_masks(s.stash), copy="slice")  # per seat: spaces holding a Keycard


# Lists of legal moves are shared between calls and between positions (nobody changes one), and
# playouts ask for the same few thousand again and again: they are made once, when first asked.
# OPEN[occupied mask]: the mask of its available spaces.
OPEN = tuple(sum(1 << s for s in avail) for avail in AVAILABLE)


class Pods:
    """What every position with the same pods on the table (pod_ids, in order) shares.

    at[pod]: the pod's place in pod_ids (-1: not on the table); more: whether a Keycard may still
    add a pod; plays[occ]: the plays of a stash with that occupied mask onto these pods, every
    available space onto every pod, spaces in order (None until asked); opens[occ << 12 | keys]:
    those plays and then the Keycards in the face-up available spaces `keys`."""

    __slots__ = ("ids", "at", "more", "plays", "opens")

    def __init__(self, ids: tuple[int, ...]) -> None:
        self.ids = ids
        self.at = tuple(ids.index(p) if p in ids else -1 for p in range(PODS_IN_BOX + 1))
        self.more = len(ids) < MAX_PODS_OPEN
        self.plays: list[list | None] = [None] * (1 << STASH)
        self.opens: dict[int, list] = {}

    def fill(self, occ: int) -> list:
        out = self.plays[occ] = [PLAYS[s][p] for s in AVAILABLE[occ] for p in self.ids]
        return out

    def with_opens(self, occ: int, keys: int) -> list:
        plays = self.plays[occ] or self.fill(occ)
        out = self.opens[occ << STASH | keys] = plays + [OPENS[s] for s in AVAILABLE[occ] if keys >> s & 1]
        return out


# Pods by pod_ids. Bounded by the rules: 1 to 4 of the 10 pods (385 sets in the order play opens
# them; a loaded position may list its pods in another order). 20,000 random games of 2 to 5 players
# met 42 of them, with about 7,000 lists of plays (4 MiB in all).
PODS: dict[tuple[int, ...], Pods] = {}


def pods_of(ids: tuple[int, ...]) -> Pods:
    pods = PODS.get(ids)
    if pods is None:
        pods = PODS[ids] = Pods(ids)
    return pods


def repod(state: RelativeSpaceState) -> None:
    """The pods on the table changed: share what goes with the new ones."""
    state.pods = pods_of(tuple(state.pod_ids))


def key_mask(stash: list[int]) -> int:
    if KEY not in stash:  # most stashes (a quick scan first: every setup and some jams ask)
        return 0
    return sum(1 << s for s, c in enumerate(stash) if c == KEY)


def key_masks(stashes: list[list[int]]) -> list[int]:
    return [key_mask(st) for st in stashes]

"""Relative Space's position object, and what positions with the same pods on the table share."""

from __future__ import annotations

from .components import AVAILABLE, KEY, MAX_PODS_OPEN, PODS_IN_BOX, STASH
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


class RelativeSpaceState:
    """A Relative Space position.

    stash[seat][slot] is a card (0: an empty space); occ[seat] and down[seat] are bit masks of the
    occupied and the face-down spaces. Pods are three parallel lists: their numbers, their values
    (what the next item must equal or beat) and their cards, bottom first. `start_empty` is the
    mask of the mover's spaces that were empty when the turn began (a jam refills those only).
    `pod_for` is the pod the turn's next card must go to (the one just opened, or the Last Call's).

    Kept for speed, worked out again from the above whenever a position is built (`repod`,
    `key_masks`; a property test checks them after every move): `pods`, what is shared by every
    position with the same pods on the table (see `Pods`), and keys[seat], the mask of the seat's
    spaces that hold a Keycard (face up or down).
    """

    __slots__ = ("n", "rng", "stash", "occ", "down", "pod_ids", "pod_values", "pod_cards", "next_pod",
                 "discard", "deck", "turn", "phase", "pod_for", "start_empty", "turns", "winner", "event",
                 "pods", "keys")

    def __init__(self, n, rng, stash, occ, down, pod_ids, pod_values, pod_cards, next_pod, discard, deck,
                 turn, phase, pod_for, start_empty, turns, winner, event, pods, keys):
        self.n = n
        self.rng = rng
        self.stash = stash
        self.occ = occ
        self.down = down
        self.pod_ids = pod_ids
        self.pod_values = pod_values
        self.pod_cards = pod_cards
        self.next_pod = next_pod
        self.discard = discard      # cards out of the game, in the order they left (all seen face up)
        self.deck = deck            # the undealt cards, sorted: nobody ever sees them
        self.turn = turn            # seat to act, -1 once the game is over
        self.phase = phase
        self.pod_for = pod_for
        self.start_empty = start_empty
        self.turns = turns          # completed turns
        self.winner = winner        # seat that emptied its stash, -1 if none (yet)
        self.event = event          # the last jam or launch (a tuple, see JAMMED), None before any
        self.pods = pods            # Pods of pod_ids (shared, never changed by a move)
        self.keys = keys            # per seat: the mask of spaces holding a Keycard

    def copy(self) -> RelativeSpaceState:
        return RelativeSpaceState(self.n, self.rng.copy(), [s[:] for s in self.stash], self.occ[:], self.down[:],
                                  self.pod_ids[:], self.pod_values[:], [c[:] for c in self.pod_cards],
                                  self.next_pod, self.discard[:], self.deck[:], self.turn, self.phase,
                                  self.pod_for, self.start_empty, self.turns, self.winner, self.event,
                                  self.pods, self.keys[:])

    def available(self, seat: int) -> tuple[int, ...]:
        return AVAILABLE[self.occ[seat]]

    def can_open(self, seat: int) -> bool:
        """Whether a Keycard could open a pod now (the start of the mover's turn, a pod left in the box,
        and a card to play after the Keycard leaves)."""
        occ = self.occ[seat]
        return (self.phase == PLAY and seat == self.turn and self.next_pod <= PODS_IN_BOX
                and len(self.pod_ids) < MAX_PODS_OPEN and occ & (occ - 1) != 0)

    def keycards(self, seat: int) -> list[int]:
        """The spaces of the seat's available face-up Keycards."""
        st, down = self.stash[seat], self.down[seat]
        return [s for s in AVAILABLE[self.occ[seat]] if st[s] == KEY and not down >> s & 1]


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


FIRST_POD = pods_of((1,))


def key_mask(stash: list[int]) -> int:
    if KEY not in stash:  # most stashes (a quick scan first: every setup and some jams ask)
        return 0
    return sum(1 << s for s, c in enumerate(stash) if c == KEY)


def key_masks(stashes: list[list[int]]) -> list[int]:
    return [key_mask(st) for st in stashes]

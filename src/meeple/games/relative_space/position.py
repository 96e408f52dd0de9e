"""The checks of the rules on a Relative Space position just read (the format is in
docs/games/relative-space.md; its fields and their checks are declared in state.py)."""

from __future__ import annotations

from meeple.engine import check_position

from .components import COPIES, DECK, KEY, LAST, LAUNCH, MAX_PODS_OPEN, PODS_IN_BOX, ZERO
from .state import MAX_TURNS, PLAY, STUFFING, RelativeSpaceState


def _pod_value(pid: int, cards: list[int]) -> int:
    """A pod's value from its cards: the last item loaded since Zero-G, each item at least the one below
    (a lower one would have jammed the pod); PositionError if they could not lie in that order."""
    value = 0
    for card in cards:
        if card == ZERO:
            value = 0
        elif card <= 10:
            check_position(card >= value, f"Pod {pid}: a {card} on a {value} would have jammed the pod.")
            value = card
    return value


def check(state: RelativeSpaceState) -> None:
    """What the declared fields cannot check alone: every card once, pods play could leave, the turn."""
    occ, phase, turn, winner = state.occ, state.phase, state.turn, state.winner
    pod_ids, pod_cards, next_pod = state.pod_ids, state.pod_cards, state.next_pod
    check_position(1 <= len(pod_ids) <= MAX_PODS_OPEN, f"There are 1 to {MAX_PODS_OPEN} pods on the table.")
    for k, pid in enumerate(pod_ids):
        check_position(pid not in pod_ids[:k], f"Pod {pid} is on the table twice.")
    for pid, value, cards in zip(pod_ids, state.pod_values, pod_cards):
        check_position(value == _pod_value(pid, cards), f"Pod {pid}'s value is {_pod_value(pid, cards)} "
                                                        f"(its last item since it was emptied or zeroed), not {value}.")
    state.deck.sort()
    every = sorted([c for st in state.stash for c in st if c] + [c for cards in pod_cards for c in cards]
                   + state.discard + state.deck)
    check_position(every == list(DECK), f"Every one of the {len(DECK)} cards must be somewhere exactly once "
                                        f"(stashes, pods, discard, deck), with {COPIES[KEY]} of each special.")
    if phase != PLAY:
        check_position(turn >= 0 and state.pod_for in pod_ids,
                       "In the open and stuff phases pod_for names a pod on the table.")
        check_position(occ[turn] != 0, "The seat to move must have a card to play.")
    else:
        state.pod_for = 0
    if turn >= 0:
        check_position(winner < 0, "A game with a winner is over: turn must be -1.")
        check_position(occ[turn] != 0 or phase != PLAY, f"Seat {turn + 1}'s stash is empty, so the game is over.")
        check_position(state.start_empty & occ[turn] == 0 or phase != PLAY,
                       "start_empty names spaces of the mover's stash that hold cards.")
        check_position(all(o for o in occ), "A stash is empty: the game should be over.")
    else:
        check_position(winner < 0 or occ[winner] == 0, "The winner's stash must be empty.")
        check_position(winner >= 0 or state.turns >= MAX_TURNS, "turn -1 needs a winner (or the turn limit).")
    for pid, cards in zip(pod_ids, pod_cards):
        check_position(LAUNCH not in cards, f"Pod {pid} holds a LAUNCH card: a launched pod leaves the table.")
        check_position(LAST not in cards or phase == STUFFING and state.pod_for == pid and cards[-1] == LAST
                       and cards.count(LAST) == 1,
                       f"Pod {pid} holds a Last Call: only the pod being stuffed does, on top, until it launches.")
    # Every launch still to come may need a new pod from the box (the one on the table gone): as many as
    # the LAUNCH and Last Call cards still in play, on top of the pods opened so far.
    launches_left = sum(1 for c in every if c in (LAUNCH, LAST)) - sum(1 for c in state.discard if c in (LAUNCH, LAST))
    check_position(next_pod - 1 + launches_left <= PODS_IN_BOX,
                   f"next_pod {next_pod}: {next_pod - 1} pods opened and {launches_left} launches to come need more "
                   f"than the {PODS_IN_BOX} pods in the box.")

"""Loading a Relative Space position from JSON (the format is in docs/games/relative-space.md), and the
last jam or launch as the view and the position show it."""

from __future__ import annotations

from meeple.engine import Game, check_position
from meeple.engine.position import read_head, whole

from .components import (
    CARD_OF_CODE,
    CODE,
    COPIES,
    DECK,
    KEY,
    LAST,
    LAUNCH,
    MAX_PODS_OPEN,
    PODS_IN_BOX,
    SLOT_NAMES,
    SLOT_OF_NAME,
    STASH,
    ZERO,
)
from .state import JAMMED, LAUNCHED, MAX_TURNS, PHASES, PLAY, STUFFING, RelativeSpaceState, key_masks, pods_of

POSITION_VERSION = 1


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


def _load_event(data, n: int):
    if data is None:
        return None
    check_position(isinstance(data, dict) and data.get("kind") in ("jam", "launch"),
                   "event is null or an object with kind 'jam' or 'launch'.")
    seat = whole(data["seat"], 0, n - 1, "event seat")
    turn = whole(data["turn"], 0, MAX_TURNS, "event turn")
    pod = whole(data["pod"], 1, PODS_IN_BOX, "event pod")
    if data["kind"] == "launch":
        new = data.get("new_pod")
        return (LAUNCHED, seat, turn, pod, tuple(_card(c, "event") for c in data["cards"]),
                0 if new is None else whole(new, 1, PODS_IN_BOX, "event new_pod"))
    pile = tuple(_card(c, "event") for c in data["shuffled"])
    spaces = tuple(_slot(name, "event") for name, _ in data["refilled"])
    check_position(len(spaces) <= len(pile), "event: more spaces refilled than cards shuffled.")
    return (JAMMED, seat, turn, pod, pile, _card(data["card"], "event"), whole(data["value"], 0, 10, "event value"),
            spaces, bool(data["pod_removed"]))


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


def _card(code, where: str) -> int:
    check_position(isinstance(code, str) and code.upper() in CARD_OF_CODE,
                   f"{where}: {code!r} is not a card (1 to 10, KEY, LAUNCH, LAST, ZERO).")
    return CARD_OF_CODE[code.upper()]


def _slot(name, where: str) -> int:
    check_position(isinstance(name, str) and name.upper() in SLOT_OF_NAME, f"{where}: {name!r} is not a space.")
    return SLOT_OF_NAME[name.upper()]


def load(game: Game, data: dict) -> RelativeSpaceState:
    n, rng = read_head(game, data, POSITION_VERSION)
    stashes = data["stashes"]
    check_position(isinstance(stashes, list) and len(stashes) == n, "There must be one stash per player.")
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
    pods = data["pods"]
    check_position(isinstance(pods, list) and 1 <= len(pods) <= MAX_PODS_OPEN,
                   f"There are 1 to {MAX_PODS_OPEN} pods on the table.")
    pod_ids, pod_values, pod_cards = [], [], []
    for k, pod in enumerate(pods):
        check_position(isinstance(pod, dict), f"Pod entry {k + 1} must be an object with id, value and cards.")
        pid = whole(pod["id"], 1, PODS_IN_BOX, "A pod's id")
        check_position(pid not in pod_ids, f"Pod {pid} is on the table twice.")
        pod_ids.append(pid)
        pod_values.append(whole(pod.get("value", 0), 0, 10, f"Pod {pid}'s value"))
        check_position(isinstance(pod["cards"], list), f"Pod {pid}'s cards are a list.")
        pod_cards.append([_card(c, f"pod {pid}") for c in pod["cards"]])
    next_pod = whole(data.get("next_pod", max(pod_ids) + 1), max(pod_ids) + 1, PODS_IN_BOX + 1, "next_pod")
    for pid, value, cards in zip(pod_ids, pod_values, pod_cards):
        check_position(value == _pod_value(pid, cards), f"Pod {pid}'s value is {_pod_value(pid, cards)} "
                                                        f"(its last item since it was emptied or zeroed), not {value}.")
    check_position(isinstance(data["discard"], list) and isinstance(data["deck"], list),
                   "discard and deck are lists of cards.")
    discard = [_card(c, "discard") for c in data["discard"]]
    deck = sorted(_card(c, "deck") for c in data["deck"])
    every = sorted([c for st in stash for c in st if c] + [c for cards in pod_cards for c in cards] + discard + deck)
    check_position(every == list(DECK), f"Every one of the {len(DECK)} cards must be somewhere exactly once "
                                        f"(stashes, pods, discard, deck), with {COPIES[KEY]} of each special.")
    turn = whole(data.get("turn", 0), -1, n - 1, "turn")
    phase_name = data.get("phase", "play")
    check_position(phase_name in PHASES, f"phase must be one of {', '.join(PHASES)}.")
    phase = PHASES.index(phase_name)
    pod_for = data.get("pod_for") or 0
    if phase != PLAY:
        check_position(turn >= 0 and pod_for in pod_ids,
                       "In the open and stuff phases pod_for names a pod on the table.")
        check_position(occ[turn] != 0, "The seat to move must have a card to play.")
    else:
        pod_for = 0
    start_empty = 0
    check_position(isinstance(data.get("start_empty", []), list), "start_empty lists spaces.")
    for name in data.get("start_empty", []):
        start_empty |= 1 << _slot(name, "start_empty")
    turns = whole(data.get("turns", 0), 0, MAX_TURNS, "turns")
    winner = data.get("winner")
    winner = -1 if winner is None else whole(winner, 0, n - 1, "winner")
    if turn >= 0:
        check_position(winner < 0, "A game with a winner is over: turn must be -1.")
        check_position(occ[turn] != 0 or phase != PLAY, f"Seat {turn + 1}'s stash is empty, so the game is over.")
        check_position(start_empty & occ[turn] == 0 or phase != PLAY,
                       "start_empty names spaces of the mover's stash that hold cards.")
        check_position(all(o for o in occ), "A stash is empty: the game should be over.")
    else:
        check_position(winner < 0 or occ[winner] == 0, "The winner's stash must be empty.")
        check_position(winner >= 0 or turns >= MAX_TURNS, "turn -1 needs a winner (or the turn limit).")
    for pid, cards in zip(pod_ids, pod_cards):
        check_position(LAUNCH not in cards, f"Pod {pid} holds a LAUNCH card: a launched pod leaves the table.")
        check_position(LAST not in cards or phase == STUFFING and pod_for == pid and cards[-1] == LAST
                       and cards.count(LAST) == 1,
                       f"Pod {pid} holds a Last Call: only the pod being stuffed does, on top, until it launches.")
    # Every launch still to come may need a new pod from the box (the one on the table gone): as many as
    # the LAUNCH and Last Call cards still in play, on top of the pods opened so far.
    launches_left = sum(1 for c in every if c in (LAUNCH, LAST)) - sum(1 for c in discard if c in (LAUNCH, LAST))
    check_position(next_pod - 1 + launches_left <= PODS_IN_BOX,
                   f"next_pod {next_pod}: {next_pod - 1} pods opened and {launches_left} launches to come need more "
                   f"than the {PODS_IN_BOX} pods in the box.")
    event = _load_event(data.get("event"), n)
    return RelativeSpaceState(n, rng, stash, occ, down, pod_ids, pod_values, pod_cards, next_pod, discard, deck,
                              turn, phase, pod_for, start_empty, turns, winner, event, pods_of(tuple(pod_ids)),
                              key_masks(stash))

"""Relative Space's state machine: the stashes, the escape pods, jams, launches and whose turn it is."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from meeple.engine import ALL, NOBODY, LogEntry, TieBreak, ranked_outcome
from meeple.engine.state import DeclaredGame
from meeple.engine.unseen import redeal, shuffle_as_spectator

from . import moves as notation
from .components import (
    AVAILABLE,
    BOTTOM_MASK,
    CODE,
    COVERS,
    DECK,
    EFFECT,
    FULL,
    KEY,
    LAST,
    LAUNCH,
    MAX_PODS_OPEN,
    NAME,
    PLAYERS_MAX,
    PODS_IN_BOX,
    REFILL_ORDER,
    ROW_NAMES,
    ROWS,
    SLOT_NAMES,
    STASH,
    ZERO,
)
from .moves import PLAYS, STUFFS, Open, Play, Stuff
from .position import check
from .scoring import sheet
from .state import (
    JAMMED,
    LAUNCHED,
    MAX_TURNS,
    OPEN,
    OPENED,
    PHASES,
    PLAY,
    STUFFING,
    RelativeSpaceState,
    event_json,
    key_mask,
    key_masks,
    repod,
)


class RelativeSpace(DeclaredGame):
    id = "relative_space"
    name = "Relative Space"
    min_players = 2
    max_players = 5
    notation: ClassVar[Any] = notation
    # Rollouts (played to the end: a card leaves a stash on most moves) follow greedy's own pick every move,
    # not every other one: paired with greedy at 0.1 s, 20 deals, 85% against 70% (docs/games/relative-space.md).
    # From four seats on the other seats in the tree reply as greedy would: 33.8% against 23.8% of 80 games
    # at 4 players, 0.1 s; at 3 it lost (docs/journal/bots.md, "Greedy replies at three and four seats").
    search_hints: ClassVar[dict[str, Any]] = {"greedy_share": 1.0, "greedy_opponents": 4}
    summary = ("Load every belonging of your 12-card stash into the shared escape pods, equal or higher, "
               "before the others: a lower card jams the pod and its cards come back to you.")

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        cards = list(DECK)
        dealt = STASH * n_players
        pick, left = rng.next_u64, len(cards)
        for i in range(dealt):  # a Fisher-Yates shuffle stopped once the stashes are dealt (randrange, inlined)
            j = i + pick() % (left - i)
            cards[i], cards[j] = cards[j], cards[i]
        stash = [cards[STASH * s:STASH * (s + 1)] for s in range(n_players)]
        deck = sorted(cards[dealt:])
        return RelativeSpaceState(n=n_players, rng=rng, stash=stash, occ=[FULL] * n_players,
                                  down=[BOTTOM_MASK] * n_players, pod_ids=[1], pod_values=[0], pod_cards=[[]],
                                  next_pod=2, discard=[], deck=deck)

    def max_moves(self, n_players, options):
        # Every available card onto every open pod, plus a Keycard opening per available card.
        most = max(len(a) for a in AVAILABLE)
        return most * MAX_PODS_OPEN + most

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        return NOBODY if state.turn < 0 else _SEATS[state.turn]

    def actor(self, state):  # the playouts' hot path: to_move's one seat, no set
        return state.turn

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        occ = state.occ[seat]
        if state.phase == PLAY:
            pods = state.pods
            keys = state.keys[seat]
            # A Keycard opens a pod at the start of the turn while the table has room, a pod is left in the
            # box and another card is left to play after it: then each face-up available Keycard may
            if keys and pods.more and state.next_pod <= PODS_IN_BOX and occ & (occ - 1):
                keys &= OPEN[occ] & ~state.down[seat]
                if keys:
                    return pods.opens.get(occ << STASH | keys) or pods.with_opens(occ, keys)
            return pods.plays[occ] or pods.fill(occ)
        if state.phase == OPENED:
            onto = _ONTO[state.pod_for]
            return onto[occ] or _onto(onto, state.pod_for, occ)
        return _STUFF_LISTS[occ]

    def explain_illegal(self, state, seat, move):
        if state.turn < 0:
            return "The game is over."
        if seat != state.turn:
            return "It is not your turn."
        if not isinstance(move, (Play, Open, Stuff)):
            return f"{move!r} is not a Relative Space move."
        occ = state.occ[seat]
        slot = move.slot
        name = SLOT_NAMES[slot] if 0 <= slot < STASH else str(slot)
        if not 0 <= slot < STASH or not occ >> slot & 1:
            return f"Your space {name} is empty."
        if slot not in AVAILABLE[occ]:
            over = [SLOT_NAMES[t] for t in range(STASH) if occ >> t & 1 and slot in COVERS[t]]
            return f"The card in {name} is covered (by {', '.join(over)}): play the cards over it first."
        if state.phase == STUFFING and not isinstance(move, Stuff):
            return f"Your Last Call is on pod {state.pod_for}: stuff one more available card onto it first."
        if isinstance(move, Stuff):
            return "Stuffing a card is only for the card after a Last Call."
        if isinstance(move, Open):
            if state.phase != PLAY:
                return "A Keycard opens a pod only at the start of your turn."
            if state.stash[seat][slot] != KEY or state.down[seat] >> slot & 1:
                return f"The card in {name} is not a Keycard you can see."
            if occ & (occ - 1) == 0:
                return "The Keycard is your last card: play it onto a pod instead."
            return "No more pods can be opened now."
        if state.phase == OPENED and move.pod != state.pod_for:
            return f"You opened pod {state.pod_for}: this turn's card goes onto it."
        return f"There is no pod {move.pod} on the table."

    def advance(self, state, seat, move, log=None):
        """The move, its log lines added to `log` where one is given (`apply`); a playout passes none."""
        cls = move.__class__
        if cls is Open:
            self._open(state, seat, move.slot, log)
        elif cls is Play:
            self._load(state, seat, move.slot, state.pods.at[move.pod], False, log)
        else:
            self._load(state, seat, move.slot, state.pods.at[state.pod_for], True, log)

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the space and the pod picked by the draw
        `legal_moves` and `advance` would make, straight from the available spaces and the pods on the
        table, with no move object. legal_moves lists every available space onto every pod, spaces in
        order and the pods in table order, then the usable Keycards in space order: draw % len picks
        space r // pods and pod place r % pods, or a Keycard past them."""
        seat = state.turn
        if seat < 0:
            return -1
        occ = state.occ[seat]
        avail = AVAILABLE[occ]
        phase = state.phase
        if phase == PLAY:
            pods = len(state.pod_ids)
            plays = len(avail) * pods
            keys = state.keys[seat]
            if keys and pods < MAX_PODS_OPEN and state.next_pod <= PODS_IN_BOX and occ & (occ - 1):
                keys &= OPEN[occ] & ~state.down[seat]  # the face-up available Keycards (legal_moves' test)
                r = draw() % (plays + keys.bit_count())
                if r >= plays:
                    r -= plays
                    for slot in avail:  # the Keycard of rank r among them, spaces in order
                        if keys >> slot & 1:
                            if not r:
                                self._open(state, seat, slot, None)
                                return seat
                            r -= 1
            else:
                r = draw() % plays
            self._load(state, seat, avail[r // pods], r % pods, False, None)
        else:  # after a Keycard or a Last Call: any available space, onto the pod named in pod_for
            self._load(state, seat, avail[draw() % len(avail)], state.pods.at[state.pod_for], phase == STUFFING, None)
        return seat

    def _load(self, state, seat, slot, i, stuff, log):
        """The card in `slot` goes onto the pod at place i of pod_ids, played (a Play) or stuffed after a
        Last Call, and what follows: a jam, a launch, a Last Call's stuffing, or the turn passing on.
        For `advance` and `random_step` alike; the log lines are made only where `log` is a list."""
        st = state.stash[seat]
        bit = 1 << slot
        card = st[slot]
        st[slot] = 0
        occ = state.occ[seat] = state.occ[seat] & ~bit
        down = state.down[seat]
        flipped = -1
        if down & bit:
            flipped = slot
            state.down[seat] = down & ~bit
        if stuff:
            state.pod_cards[i].append(card)
            if card == KEY:
                state.keys[seat] &= ~bit
            if log is not None:
                pod = state.pod_for
                log.append(_line(_STUFF_LINES, seat, pod, card, flipped, "stuffs"))
            self._launch(state, seat, i, log)
        elif card <= 10:
            if card < state.pod_values[i]:
                self._jam(state, seat, i, card, flipped, log)
                return
            state.pod_cards[i].append(card)
            state.pod_values[i] = card
            if log is not None:
                pod = state.pod_ids[i]
                log.append(_line(_LOAD_LINES, seat, pod, card, flipped, "loads"))
        else:
            state.pod_cards[i].append(card)
            if log is not None:
                pod = state.pod_ids[i]
                log.append(_line(_PLAY_LINES, seat, pod, card, flipped, "plays"))
            if card == ZERO:
                state.pod_values[i] = 0
            elif card == LAUNCH:
                self._launch(state, seat, i, log)
            elif card == LAST:
                if occ:
                    state.phase = STUFFING
                    state.pod_for = state.pod_ids[i]
                    return
                self._launch(state, seat, i, log)
            else:  # a Keycard played as a plain card
                state.keys[seat] &= ~bit
        self._pass_turn(state, seat, occ, log)

    def _pass_turn(self, state, seat, occ, log) -> None:
        """The turn of `seat` is over, `occ` its occupied spaces now: the next seat's turn, or the game's end
        (its line added to `log` unless None)."""
        if state.phase:  # (in the play phase, PLAY being 0, pod_for is 0 already)
            state.phase = PLAY
            state.pod_for = 0
        turns = state.turns = state.turns + 1
        if occ and turns < MAX_TURNS:
            nxt = state.turn = seat + 1 if seat + 1 < state.n else 0
            state.start_empty = FULL & ~state.occ[nxt]
            return
        state.turn = -1
        if not occ:
            state.winner = seat
            if log is not None:
                log.append(LogEntry(f"Seat {seat + 1} has loaded the whole stash and escapes: they win!", seat))
        elif log is not None:
            log.append(LogEntry(f"The station's air runs out after {MAX_TURNS} turns: the game ends.", None))

    def _open(self, state, seat, slot, log) -> None:
        st = state.stash[seat]
        st[slot] = 0
        bit = 1 << slot
        state.occ[seat] &= ~bit
        state.keys[seat] &= ~bit
        state.discard.append(KEY)
        pod = self._new_pod(state)
        repod(state)
        state.phase = OPENED
        state.pod_for = pod
        if log is not None:
            log.append(LogEntry.lazy(_open_text, (seat, slot, pod), seat))

    @staticmethod
    def _new_pod(state) -> int:
        """The next pod from the box, empty, put on the table."""
        pod = state.next_pod
        state.next_pod += 1
        state.pod_ids.append(pod)
        state.pod_values.append(0)
        state.pod_cards.append([])
        return pod

    def _launch(self, state, seat, i, log) -> None:
        pod = state.pod_ids.pop(i)
        state.pod_values.pop(i)
        cards = state.pod_cards.pop(i)
        state.discard.extend(cards)
        new = None
        if not state.pod_ids:   # there must always be a pod
            new = self._new_pod(state)
        repod(state)
        # The launched list is the event's own from now on: nothing changes it again.
        state.event = (LAUNCHED, seat, state.turns, pod, cards, new or 0)
        if log is not None:
            log.append(LogEntry.lazy(_launch_text, (pod, len(cards), new), seat))

    def _jam(self, state, seat, i, card, flipped, log) -> None:
        pod = state.pod_ids[i]
        value = state.pod_values[i]
        pile = state.pod_cards[i]
        pile.append(card)
        state.rng.shuffle(pile)
        st = state.stash[seat]
        spaces = REFILL[state.start_empty]
        occ = state.occ[seat]
        for s, c in zip(spaces, pile):
            st[s] = c
            occ |= 1 << s
        state.occ[seat] = occ
        size = len(pile)
        back = size if size < len(spaces) else len(spaces)
        if back < size:
            state.discard.extend(pile[back:])
        if KEY in pile:  # a Keycard may have come back
            state.keys[seat] = key_mask(st)
        removed = len(state.pod_ids) > 1
        if removed:
            del state.pod_ids[i], state.pod_values[i], state.pod_cards[i]
            repod(state)
        else:
            state.pod_cards[i] = []
            state.pod_values[i] = 0
        # The pile (off the table now: nothing changes it again) and every space the jam could refill:
        # event_json pairs them up, so the spaces past the pile's end never show.
        state.event = (JAMMED, seat, state.turns, pod, pile, card, value, spaces, removed)
        if log is not None:
            log.append(LogEntry.lazy(_jam_text, (seat, card, flipped, pod, value, back, size, removed), seat))
        # The turn passes on (a jam never empties the stash: the jamming card has a space to come back to).
        self._pass_turn(state, seat, occ, log)

    def reveals(self, state, seat, move):
        """Flipping a face-down card shows it; a jam shuffles (chance)."""
        cls = move.__class__
        if cls is Open:
            return False
        if state.down[seat] >> move.slot & 1:
            return True
        if cls is Play:
            card = state.stash[seat][move.slot]
            i = state.pod_ids.index(move.pod)
            return card <= 10 and card < state.pod_values[i]
        return False

    def prompt(self, state, seat):
        if state.turn < 0:
            return "The game is over."
        if seat != state.turn:
            return f"Waiting for seat {state.turn + 1}."
        if state.phase == OPENED:
            return f"Play an available card onto pod {state.pod_for}, the pod you just opened."
        if state.phase == STUFFING:
            return f"Last Call: stuff one more available card onto pod {state.pod_for}; then it launches."
        opens = any(move.__class__ is Open for move in self.legal_moves(state, seat))
        extra = " (or use a Keycard to open a new pod)" if opens else ""
        return f"Choose an available card and the pod to load it onto{extra}."

    def describe_move(self, state, seat, move):
        cls = move.__class__
        slot = move.slot
        st = state.stash[seat]
        hidden = state.down[seat] >> slot & 1
        card = "the face-down card" if hidden else _WHAT.get(st[slot], "a card")
        if cls is Open:
            return f"use the Keycard from {SLOT_WORDS[slot]} to open pod {state.next_pod}"
        if cls is Stuff:
            return f"stuff {card} from {SLOT_WORDS[slot]} onto pod {state.pod_for}"
        i = state.pod_ids.index(move.pod) if move.pod in state.pod_ids else -1
        value = state.pod_values[i] if i >= 0 else 0
        text = f"load {card} from {SLOT_WORDS[slot]} onto pod {move.pod} (value {value})"
        if not hidden and st[slot] <= 10 and st[slot] < value:
            text += ": it jams"
        return text

    # ----- views -------------------------------------------------------------

    def view(self, state, viewer):
        stashes = []
        for s in range(state.n):
            st, down, occ = state.stash[s], state.down[s], state.occ[s]
            avail = AVAILABLE[occ]
            slots: list[dict | None] = []
            for slot in range(STASH):
                if not st[slot]:
                    slots.append(None)
                elif down >> slot & 1:
                    slots.append({"down": True, "available": slot in avail})
                else:
                    slots.append({"card": CODE[st[slot]], "available": slot in avail})
            stashes.append({"seat": s, "cards_left": occ.bit_count(), "face_down": down.bit_count(),
                            "slots": slots})
        pods = [{"id": p, "value": v, "cards": [CODE[c] for c in cards], "top": CODE[cards[-1]] if cards else None}
                for p, v, cards in zip(state.pod_ids, state.pod_values, state.pod_cards)]
        over = state.turn < 0
        return {
            "game": self.id,
            "players": state.n,
            "viewer": viewer,
            "turn": None if over else state.turn,
            "phase": "over" if over else PHASES[state.phase],
            "pod_for": state.pod_for or None,
            "slot_names": list(SLOT_NAMES),
            "rows": [list(r) for r in ROWS],
            "stashes": stashes,
            "start_empty": [] if over else [SLOT_NAMES[s] for s in REFILL_ORDER if state.start_empty >> s & 1],
            "pods": pods,
            "pods_in_box": PODS_IN_BOX - state.next_pod + 1,
            "discard": [CODE[c] for c in state.discard],
            "undealt": len(state.deck),
            "turns": state.turns,
            "max_turns": MAX_TURNS,
            "winner": None if state.winner < 0 else state.winner,
            "event": event_json(state.event),
            "effects": {CODE[c]: text for c, text in EFFECT.items()},
        }

    def render_text(self, view, viewer):
        lines = ["Pods: " + "   ".join(
            f"pod {p['id']} (value {p['value']}): {' '.join(p['cards']) or 'empty'}" for p in view["pods"])]
        lines.append(f"Out of the game: {len(view['discard'])} cards; undealt: {view['undealt']}.")
        ev = view["event"]
        if ev and ev["turn"] >= view["turns"] - view["players"]:
            if ev["kind"] == "jam":
                back = ", ".join(f"{s}={c}" for s, c in ev["refilled"]) or "nothing"
                lines.append(f"Last jam: seat {ev['seat'] + 1} on pod {ev['pod']}; "
                             f"shuffled {' '.join(ev['shuffled'])}; "
                             f"back: {back}; out: {' '.join(ev['discarded']) or 'none'}.")
            else:
                lines.append(f"Last launch: pod {ev['pod']} with {' '.join(ev['cards']) or 'nothing'}.")
        for stash in view["stashes"]:
            who = " (you)" if stash["seat"] == viewer else ""
            lines.append(f"Seat {stash['seat'] + 1}{who}: {stash['cards_left']} cards left")
            for r, row in enumerate(view["rows"]):
                cells = []
                for slot in row:
                    c = stash["slots"][slot]
                    text = "--" if c is None else ("??" if c.get("down") else c["card"])
                    mark = "*" if c is not None and c["available"] else " "
                    cells.append(f"{view['slot_names'][slot]}:{text}{mark}")
                lines.append("  " * (2 - r) + f"  {ROW_NAMES[r]:<6} " + "  ".join(cells))
        lines.append("(* = available)")
        return "\n".join(lines)

    # ----- scores ------------------------------------------------------------

    def score_sheet(self, state, viewer=ALL):
        return [sheet(s, state.stash[s], state.down[s], state.winner == s) for s in range(state.n)]

    def scores(self, state):
        return [-occ.bit_count() for occ in state.occ]

    def outcome(self, state):
        if state.turn >= 0:
            return None
        scores = self.scores(state)
        down = tuple(-d.bit_count() for d in state.down)
        ranked = ranked_outcome(scores, (TieBreak(down, "fewer face-down cards left ({})", "face-down cards",
                                                  tuple(-d for d in down)),))
        # How the game ended comes first in the result's words (the board says it too, below the result).
        if state.winner >= 0:
            how = f"Seat {state.winner + 1} loaded the whole stash and escaped first."
        else:
            how = f"The air ran out after {MAX_TURNS} turns: the fewest cards left wins."
        return replace(ranked, reasons=(how, *ranked.reasons))

    def heuristic(self, state, seat):
        """A little for each available face-up card that loads onto some pod now, and for a usable
        Keycard; a little against face-down cards (a blind play may jam). Public facts only."""
        st, down = state.stash[seat], state.down[seat]
        lowest = min(state.pod_values)
        value = 0.0
        for s in AVAILABLE[state.occ[seat]]:
            if down >> s & 1:
                continue
            card = st[s]
            if card > 10 or card >= lowest:
                value += 0.1
                if card == KEY:
                    value += 0.15
        return value - 0.05 * down.bit_count()

    # ----- positions ---------------------------------------------------------

    state_class = RelativeSpaceState

    def loaded(self, state, data, at):
        check(state)

    # ----- search --------------------------------------------------------------

    def determinize(self, state, seat, rng):
        """Deal again what nobody has seen: every face-down stash card (the seat's own included, since
        its owner may not look) and the undealt cards. Sorted before the shuffle, so the resample depends
        only on which cards are unseen, never on where they really lie."""
        out = state.copy()
        unseen = redeal(out.deck + [st[slot] for st, down in zip(out.stash, out.down)
                                    for slot in range(STASH) if down >> slot & 1], rng)
        k = 0
        for s in range(out.n):
            st, down = out.stash[s], out.down[s]
            for slot in range(STASH):
                if down >> slot & 1:
                    st[slot] = unseen[k]
                    k += 1
        out.deck = sorted(unseen[k:])
        out.keys = key_masks(out.stash)
        out.rng = rng.fork()
        return out

    shuffle_unseen = shuffle_as_spectator  # a seat's face-down stash cards are unseen by its owner too

    # No bound is worked out for this game: a jam hands the pod's cards back to the jammer's stash, so cards played
    # are not used up. The adapters end a game at this cap, four to seven times the longest game adversarial
    # policies played (tests/adapters/test_lengths.py).
    length_cap_per_seat = 200


# _ONTO[pod][occ]: the plays onto that one pod (after its Keycard opened it); _STUFF_LISTS[occ]: the
# stuffs after a Last Call.
_ONTO: tuple[list[list | None], ...] = tuple([None] * (1 << STASH) for _ in range(PODS_IN_BOX + 1))
_STUFF_LISTS = tuple([STUFFS[s] for s in avail] for avail in AVAILABLE)


def _onto(onto: list, pod: int, occ: int) -> list:
    out = onto[occ] = [PLAYS[s][pod] for s in AVAILABLE[occ]]
    return out


_SEATS = tuple(frozenset((s,)) for s in range(PLAYERS_MAX))  # to_move's sets, shared
# REFILL[start_empty mask]: the spaces a jam refills, in order (built once: 4096 masks).
REFILL = tuple(tuple(s for s in REFILL_ORDER if m >> s & 1) for m in range(1 << STASH))
_WHAT = {c: (f"{'an' if c == 8 else 'a'} {c}" if c <= 10 else NAME[c]) for c in CODE}
# A stash space in words, as a player sees the pyramid ("the bottom row, 2nd from the left").
_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
SLOT_WORDS = tuple(f"the {['top', 'middle', 'bottom'][r]} row, {_ORDINAL[i]} from the left"
                   for r, row in enumerate(ROWS) for i, _ in enumerate(row))
_FLIPPED = {c: [f"{w} (flipped from {where})" for where in SLOT_WORDS] for c, w in _WHAT.items()}
# A load's log line, one table per verb, remembered (log entries are immutable): most moves' logs hold
# one (playouts write none). LINES[seat][pod][card][flipped]: flipped is the space the card was flipped
# from, or -1 for a face-up card (the last place of 13). Nested lists: cheaper to look up than a tuple key.
_Lines = tuple[list[list[list[LogEntry | None]]], ...]


def _lines() -> _Lines:
    return tuple([[[None] * (STASH + 1) for _ in range(ZERO + 1)] for _ in range(PODS_IN_BOX + 1)]
                 for _ in range(PLAYERS_MAX))


_LOAD_LINES, _PLAY_LINES, _STUFF_LINES = _lines(), _lines(), _lines()


def _line(lines: _Lines, seat: int, pod: int, card: int, flipped: int, verb: str) -> LogEntry:
    """A load's line from its table, written there the first time it is met."""
    entry = lines[seat][pod][card][flipped]
    if entry is None:
        what = _WHAT[card] if flipped < 0 else _FLIPPED[card][flipped]
        entry = lines[seat][pod][card][flipped] = LogEntry(f"Seat {seat + 1} {verb} {what} onto pod {pod}.", seat)
    return entry


def _open_text(seat: int, slot: int, pod: int) -> str:
    return f"Seat {seat + 1} uses the Keycard from {SLOT_WORDS[slot]} to open pod {pod}."


def _launch_text(pod: int, cards: int, new: int | None) -> str:
    text = f"LAUNCH! Pod {pod} leaves with {cards} card{'s' if cards != 1 else ''}."
    return text + f" Pod {new} is placed." if new is not None else text


def _jam_text(seat: int, card: int, flipped: int, pod: int, value: int, back: int, cards: int, removed: bool) -> str:
    what = _WHAT[card] if flipped < 0 else _FLIPPED[card][flipped]
    return (f"Seat {seat + 1} plays {what} onto pod {pod} (at {value}): JAM! {back} of its "
            f"{cards} cards come back, {cards - back} leave the game"
            + (f", and pod {pod} leaves the game." if removed else "; the pod stays, empty."))


GAME = RelativeSpace()

"""Turing Machine's observation features for learners (see docs/adapters.md): from a seat's view only.

Blocks about seats start at the viewer (a spectator: seat 0). A code is three digits 1 to 5
(blue, yellow, purple), each one-hot over 5; a criteria card is one-hot over the 48."""

from __future__ import annotations

from meeple.engine.game import Features

from .components import CARDS, DIGITS, LETTERS
from .rules import MAX_QUESTIONS, MAX_ROUNDS, MODES, PHASES

N_CARDS = max(CARDS)
SLOTS = len(LETTERS)  # at most six verifiers
CODE = 3 * len(DIGITS)


def code(text) -> list[float]:
    """Three one-hot digits of a code written "153" (zeros for no code or a digit not chosen yet)."""
    out = [0.0] * CODE
    for i, ch in enumerate((text or "")[:3]):
        if ch.isdigit() and 1 <= int(ch) <= len(DIGITS):
            out[i * len(DIGITS) + int(ch) - 1] = 1.0
    return out


def answers(pairs) -> list[float]:
    """Per verifier letter: asked and said yes, asked and said no."""
    out = [0.0] * (2 * SLOTS)
    for letter, yes in pairs:
        if letter in LETTERS:
            out[2 * LETTERS.index(letter) + (0 if yes else 1)] = 1.0
    return out


class TuringMachineFeatures(Features):
    def fields(self, n_players, options):
        n = n_players
        return [("progress", 2), ("mode", len(MODES)), ("verifiers", SLOTS * (1 + SLOTS + 2 * N_CARDS)),
                ("seats", 6 * n), ("asked", n * MAX_ROUNDS * SLOTS),
                ("rounds", MAX_ROUNDS * (CODE + 2 * SLOTS)), ("you", len(PHASES) + 2 + CODE + 2 * SLOTS + CODE + 1),
                ("solution", CODE)]

    def encode(self, view, viewer, n_players, options):
        n = n_players
        order = self.seat_order(viewer, n)
        me = order[0]
        one_hot, scaled = self.one_hot, self.scaled
        out = [scaled(view["round"], MAX_ROUNDS), float(view["over"])]
        out += one_hot(MODES.index(view["mode"]), len(MODES))
        verifiers = view["verifiers"]
        for v in range(SLOTS):
            if v >= len(verifiers):
                out += [0.0] * (1 + SLOTS + 2 * N_CARDS)
                continue
            ver = verifiers[v]
            letter = ver["letter"]  # None in nightmare mode until the end
            out += [1.0, *one_hot(LETTERS.index(letter) if letter else None, SLOTS)]
            cards = ver["cards"]
            for c in range(2):
                out += one_hot(cards[c] - 1 if c < len(cards) else None, N_CARDS)
        seats = view["seats"]
        for s in order:
            seat = seats[s]
            out += [float(seat["out"]), float(seat["finished"]), float(seat["solved"]),
                    scaled(seat["questions"], MAX_QUESTIONS * MAX_ROUNDS), float(seat["wrong_guess"] is not None),
                    scaled(len(seat["asked"]), MAX_ROUNDS)]
        for s in order:  # which verifiers each seat asked, round by round (public)
            asked = seats[s]["asked"]
            for r in range(MAX_ROUNDS):
                letters = asked[r] if r < len(asked) else []
                out += [1.0 if LETTERS[v] in letters else 0.0 for v in range(SLOTS)]
        rounds = seats[me].get("rounds", [])  # the viewer's own proposals and answers (everyone's at the end)
        for r in range(MAX_ROUNDS):
            if r < len(rounds):
                out += code(rounds[r]["proposal"]) + answers(rounds[r]["answers"])
            else:
                out += [0.0] * (CODE + 2 * SLOTS)
        you = view.get("you")
        if you is None:
            out += [0.0] * (len(PHASES) + 2 + CODE + 2 * SLOTS + CODE + 1)
        else:
            phase = you["phase"]
            out += one_hot(PHASES.index(phase) if phase in PHASES else None, len(PHASES))
            out += [float(phase == "out"), 1.0]
            out += code(you["proposal"]) + answers(you["asked"]) + code(you["guessing"])
            out.append(float(you["guess"] is not None))
        out += code(view.get("code"))
        return out


FEATURES = TuringMachineFeatures()

"""Toy games for the adapter tests (not shipped): a simultaneous phase, public or hidden, and no chance.

Every seat picks 1, 2 or 3 at the same time; the highest pick wins.

- `OpenPicks`: each pick is shown as it is made (a public simultaneous phase,
  `public_choices` True), so the game has perfect information; nothing is left
  to chance.
- `SealedPicks`: the picks stay hidden until everyone has picked (a hidden
  phase): imperfect information, still no chance.
- `MislabelledPicks`: shows the picks as they are made but says the phase is
  hidden, the mistake the hidden-choice check must catch.
- `FalselyPerfect`: a hidden phase in a game that declares perfect information,
  which the adapters refuse.
- `Undercounted`: a `max_moves` smaller than its real number of moves.
- `OddOptions`: options whose values OpenSpiel's game strings would mangle (commas,
  `=`, parentheses, "3", "true", a list of numbers, spaces), which must round-trip.
- `ClashingOption`: an option named like one of the adapter's own parameters.

`TOYS` maps each id to its "module:attribute" for `meeple.games.register`.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.engine import (
    ALL,
    IMPERFECT,
    PERFECT,
    Game,
    LogEntry,
    NotationError,
    Option,
    ScoreRow,
    SeatSheet,
    check_position,
    move_kind,
    ranked_outcome,
)


@move_kind
class Pick(NamedTuple):
    value: int


PICKS = (Pick(1), Pick(2), Pick(3))


class _Notation:
    @staticmethod
    def to_json(move):
        return {"pick": move.value}

    @staticmethod
    def from_json(data):
        if isinstance(data, dict) and data.get("pick") in (1, 2, 3) and len(data) == 1:
            return PICKS[data["pick"] - 1]
        raise NotationError('A pick is {"pick": 1}, 2 or 3.')

    @staticmethod
    def to_text(move):
        return str(move.value)

    @staticmethod
    def parse(text):
        if str(text).strip() in ("1", "2", "3"):
            return PICKS[int(text) - 1]
        raise NotationError("Type 1, 2 or 3.")


class PicksState:
    __slots__ = ("n", "picks")

    def __init__(self, n: int, picks: list[int]):
        self.n, self.picks = n, picks

    def copy(self) -> PicksState:
        return PicksState(self.n, self.picks[:])


class OpenPicks(Game):
    id = "open_picks"
    name = "Open picks"
    min_players = 2
    max_players = 3
    information = PERFECT
    chance = False
    notation = _Notation

    def new_state(self, n_players, options, rng):
        return PicksState(n_players, [0] * n_players)

    def to_move(self, state):
        return frozenset(s for s, p in enumerate(state.picks) if p == 0)

    def legal_moves(self, state, seat):
        return list(PICKS) if state.picks[seat] == 0 else []

    def max_moves(self, n_players, options):
        return len(PICKS)

    def public_choices(self, state):
        return True  # every pick is shown as it is made

    def apply(self, state, seat, move):
        state.picks[seat] = move.value
        return [LogEntry(f"Seat {seat + 1} picks {move.value}.", seat)]

    def shown(self, state, viewer) -> list[int]:
        """The picks as `viewer` sees them: 0 not made yet, -1 made but hidden."""
        return state.picks[:]

    def view(self, state, viewer):
        return {"picks": self.shown(state, viewer)}

    def score_sheet(self, state, viewer=ALL):
        shown = state.picks if viewer == ALL else self.shown(state, viewer)
        return [SeatSheet(s, () if p < 0 else (ScoreRow("pick", "Pick", 1, p),), max(p, 0), hidden=p < 0)
                for s, p in enumerate(shown)]

    def outcome(self, state):
        if self.to_move(state):
            return None
        return ranked_outcome(state.picks)

    def to_json(self, state):
        return {"game": self.id, "players": state.n, "picks": state.picks[:]}

    def load_position(self, data):
        picks = list(data["picks"])
        check_position(len(picks) == data["players"] and all(p in (0, 1, 2, 3) for p in picks), "Bad picks.")
        return PicksState(data["players"], picks)

    def determinize(self, state, seat, rng):
        return state.copy()


class SealedPicks(OpenPicks):
    id = "sealed_picks"
    name = "Sealed picks"
    information = IMPERFECT

    def public_choices(self, state):
        return False

    def apply(self, state, seat, move):
        state.picks[seat] = move.value
        log = [LogEntry(f"Seat {seat + 1} has picked.", seat),
               LogEntry(f"You pick {move.value}.", seat, frozenset((seat,)))]
        if not self.to_move(state):
            log.append(LogEntry("Picks: " + ", ".join(map(str, state.picks)) + "."))
        return log

    def shown(self, state, viewer):
        if not self.to_move(state):
            return state.picks[:]
        # A pick already made shows as "picked" (-1) to the others until everyone has picked.
        return [p if s == viewer or p == 0 else -1 for s, p in enumerate(state.picks)]

    def determinize(self, state, seat, rng):
        world = state.copy()
        if self.to_move(state):
            for s, p in enumerate(world.picks):
                if s != seat and p:
                    world.picks[s] = 1 + rng.randrange(3)
        return world


class MislabelledPicks(OpenPicks):
    id = "mislabelled_picks"
    name = "Mislabelled picks"
    information = IMPERFECT

    def public_choices(self, state):
        return False  # wrong: the picks are shown as they are made


class FalselyPerfect(SealedPicks):
    id = "falsely_perfect_picks"
    name = "Falsely perfect picks"
    information = PERFECT


class Undercounted(OpenPicks):
    id = "undercounted_picks"
    name = "Undercounted picks"

    def max_moves(self, n_players, options):
        return 2  # wrong: three picks


class OddOptions(OpenPicks):
    id = "odd_options"
    name = "Odd options"
    options = (
        Option("label", "a,b", "A choice whose values hold what game strings split at.",
               choices=("a,b", "x=y (z)", "3", "true", "1+2", "two words", "")),
        Option("sizes", [3, 1], "A list of numbers.", kind="list", choices=(1, 2, 3, 10)),
        Option("mixed", 7, "A choice of a number or words.", choices=(7, "seven", "-7")),
        Option("count", 2, "A whole number.", kind="int", minimum=-5, maximum=5),
        Option("loud", False, "A flag.", kind="bool"),
    )


class ClashingOption(OpenPicks):
    id = "clashing_option"
    name = "Clashing option"
    options = (Option("deals", 1, "Named like the adapter's own parameter.", kind="int"),)


OPEN_PICKS = OpenPicks()
SEALED_PICKS = SealedPicks()
MISLABELLED_PICKS = MislabelledPicks()
FALSELY_PERFECT = FalselyPerfect()
UNDERCOUNTED = Undercounted()
ODD_OPTIONS = OddOptions()
CLASHING_OPTION = ClashingOption()

TOYS = {game.id: f"{__name__}:{attr}" for attr, game in
        (("OPEN_PICKS", OPEN_PICKS), ("SEALED_PICKS", SEALED_PICKS), ("MISLABELLED_PICKS", MISLABELLED_PICKS),
         ("FALSELY_PERFECT", FALSELY_PERFECT), ("UNDERCOUNTED", UNDERCOUNTED), ("ODD_OPTIONS", ODD_OPTIONS),
         ("CLASHING_OPTION", CLASHING_OPTION))}

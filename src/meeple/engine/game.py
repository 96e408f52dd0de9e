"""The engine contract: every game is a deterministic state machine behind `Game`.

A game subclasses `Game`, declares its id, player counts and options, and fills
in the abstract methods. The base class gives every game the same checked entry
points (`setup`, `play`, `preview`, notation parsing) so that rule code only has
to say what is legal and what a move does. See docs/engine.md.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from .belief import Belief
from .errors import IllegalMove, NotationError, OptionError, PositionError
from .moves import Notation, is_among
from .options import Option, resolve_options
from .rng import Rng

#: Pass as `viewer` to see everything (analysis, tests, the end of a game).
ALL = "all"

#: `Game.information`: every seat sees the whole position at all times (no hidden
#: hands, piles or simultaneous secret choices), or not.
PERFECT = "perfect"
IMPERFECT = "imperfect"

Seat = int
Move = Hashable  # each game defines its own immutable, hashable move type

#: `to_move`'s usual answers, made once so that a game does not build a set at every move: ONE[s] is seat s
#: alone, NOBODY no seat (the game is over, or waits for nothing).
MAX_SEATS = 8
ONE = tuple(frozenset((s,)) for s in range(MAX_SEATS))
NOBODY: frozenset[int] = frozenset()


class LogEntry:
    """One line of the game log.

    `only` is None for a public line, or the seats allowed to read it (a card
    drawn, a private bid). Servers and clients must filter with `visible_to`.

    Entries are read-only values (equal when text, seat and only are). The text
    may be made lazily: `LogEntry.lazy(make, args, seat, only)` calls `make(*args)`
    the first time `text` is read, so a playout that never reads its log pays
    nothing for the words; `args` must not change afterwards (tuples, not the
    state's own lists). A plain class with slots: half the cost of a frozen
    dataclass to build, and playouts build one or more per move.
    """

    __slots__ = ("_text", "_make", "_seat", "_only")

    def __init__(self, text: str, seat: Seat | None = None, only: frozenset[Seat] | None = None) -> None:
        self._text: str | None = text
        self._make: tuple | None = None
        self._seat = seat
        self._only = only

    @classmethod
    def lazy(cls, make: Callable[..., str], args: tuple = (), seat: Seat | None = None,
             only: frozenset[Seat] | None = None) -> LogEntry:
        """An entry whose text is `make(*args)`, made when first read."""
        entry = cls.__new__(cls)
        entry._text = None
        entry._make = (make, args)
        entry._seat = seat
        entry._only = only
        return entry

    @property
    def text(self) -> str:
        text = self._text
        if text is None:
            make, args = self._make  # type: ignore[misc]  # set whenever _text is None
            self._text = text = make(*args)
            self._make = None
        return text

    @property
    def seat(self) -> Seat | None:
        return self._seat

    @property
    def only(self) -> frozenset[Seat] | None:
        return self._only

    def visible_to(self, viewer: Seat | None | str) -> bool:
        return self._only is None or viewer == ALL or viewer in self._only

    def to_json(self) -> dict:
        out: dict[str, Any] = {"text": self.text, "seat": self._seat}
        if self._only is not None:
            out["only"] = sorted(self._only)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self.text, self._seat, self._only) == (other.text, other._seat, other._only)

    def __hash__(self) -> int:
        return hash((self.text, self._seat, self._only))

    def __repr__(self) -> str:
        return f"LogEntry(text={self.text!r}, seat={self._seat!r}, only={self._only!r})"

    def __reduce__(self) -> tuple:  # pickle and copy: the text made, then a plain entry
        return LogEntry, (self.text, self._seat, self._only)


@dataclass(frozen=True)
class ScoreRow:
    """One line of a player panel: e.g. Cheese, 4 tiles, 9 points."""

    key: str
    label: str
    count: int
    points: int
    detail: str = ""

    def to_json(self) -> dict:
        return {"key": self.key, "label": self.label, "count": self.count,
                "points": self.points, "detail": self.detail}


@dataclass(frozen=True)
class SeatSheet:
    seat: Seat
    rows: tuple[ScoreRow, ...]
    total: int
    hidden: bool = False  # true when some rows are withheld from this viewer

    def row(self, key: str) -> ScoreRow:
        for r in self.rows:
            if r.key == key:
                return r
        raise KeyError(key)

    def to_json(self) -> dict:
        return {"seat": self.seat, "total": self.total, "hidden": self.hidden,
                "rows": [r.to_json() for r in self.rows]}


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    `ranks[seat]` is 1 for the winner(s); tied seats share a rank. `reasons`
    explains in words how ties were broken, for the final result table. A game
    that nobody wins (Turing Machine when every seat guesses wrong) ranks no seat
    first and says so in `reasons`.

    A solo game (one seat) has no one to rank against: it is won or lost
    against the game's own goal (a puzzle's par, a target score). Build it with
    `Outcome.solo(score, won, verdict)`: rank 1 when won, 2 when lost, and
    `verdict` says in words how the game went against that goal.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    reasons: tuple[str, ...] = ()
    verdict: str = ""

    @classmethod
    def solo(cls, score: int, won: bool, verdict: str) -> Outcome:
        return cls((score,), (1 if won else 2,), (), verdict)

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    @property
    def is_solo(self) -> bool:
        return len(self.scores) == 1

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "ranks": list(self.ranks),
                "winners": list(self.winners), "reasons": list(self.reasons), "verdict": self.verdict}


def rank_by_keys(keys: list[tuple]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3, ...) from sort keys where bigger is better."""
    ranks = []
    for k in keys:
        ranks.append(1 + sum(1 for other in keys if other > k))
    return tuple(ranks)


@dataclass(frozen=True)
class TieBreak:
    """One tie-break after points: per-seat `keys` (bigger wins), and words for the result table.

    `wins_with` is formatted with the winner's `shown` value (its key by default),
    e.g. "fewer visible ants ({})"; `tied_on` names it in a tie, e.g. "visible ants".
    """

    keys: tuple
    wins_with: str
    tied_on: str
    shown: tuple | None = None


def ranked_outcome(scores, tiebreaks: tuple[TieBreak, ...] = ()) -> Outcome:
    """Ranks by points, then each tie-break in turn, with the reason in words when points tie."""
    n = len(scores)
    ranks = rank_by_keys([(scores[s], *(tb.keys[s] for tb in tiebreaks)) for s in range(n)])
    top = max(scores)
    still = [s for s in range(n) if scores[s] == top]
    if len(still) < 2:
        return Outcome(tuple(scores), ranks)
    seats = ", ".join(f"seat {s + 1}" for s in still)
    tied_on = [f"{top} points"]
    for tb in tiebreaks:
        best = max(tb.keys[s] for s in still)
        still = [s for s in still if tb.keys[s] == best]
        if len(still) == 1:
            w = still[0]
            shown = (tb.shown or tb.keys)[w]
            reason = f"{seats} tie on {' and on '.join(tied_on)}; seat {w + 1} wins with {tb.wins_with.format(shown)}."
            return Outcome(tuple(scores), ranks, (reason,))
        tied_on.append(tb.tied_on)
    sharing = ", ".join(f"seat {s + 1}" for s in still)
    return Outcome(tuple(scores), ranks, (f"{sharing} tie on {' and on '.join(tied_on)}: a shared win.",))


class Features:
    """A game's own observation features for learners (optional; see docs/adapters.md).

    A game offers them from a `features` module beside its rules, as `FEATURES`
    (found by `Game.features`). They are computed from a view alone
    (`view(state, viewer)`), so they show nothing the viewer may not see; from a
    spectator's view (viewer None) they are the public features, the same for
    every seat. Blocks about seats start at the viewer (a spectator: seat 0).
    """

    def fields(self, n_players: int, options: dict) -> list[tuple[str, int]]:
        """The named blocks of the vector, in order, with their lengths: fixed for a table."""
        raise NotImplementedError

    def encode(self, view: dict, viewer: Seat | None, n_players: int, options: dict) -> list[float]:
        """The vector for this view, every value in [-1, 1], as long as `fields` says."""
        raise NotImplementedError

    def size(self, n_players: int, options: dict) -> int:
        return sum(n for _, n in self.fields(n_players, options))

    @staticmethod
    def one_hot(index: int | None, size: int) -> list[float]:
        """`size` zeros with a 1 at `index` (none for None or an index out of range)."""
        out = [0.0] * size
        if index is not None and 0 <= index < size:
            out[index] = 1.0
        return out

    @staticmethod
    def scaled(value: float, top: float) -> float:
        """value / top, clipped to [-1, 1]."""
        return max(-1.0, min(1.0, value / top))

    @staticmethod
    def seat_order(viewer: Seat | None, n_players: int) -> list[Seat]:
        """The seats in the order the seat blocks take them: the viewer first (a spectator: seat 0)."""
        me = viewer if viewer is not None else 0
        return [(me + k) % n_players for k in range(n_players)]


class Game(ABC):
    """Base class of every game. Subclasses are stateless: all state lives in the state object."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    summary: ClassVar[str] = ""
    #: Settings this game gives the search bots (any `IsmctsBot` setting but its
    #: budgets), e.g. {"horizon": "leaf", "finish_turn": True}; see docs/bots.md.
    search_hints: ClassVar[dict[str, Any]] = {}
    #: Changes to those settings for one player count, e.g. {4: {"rollout_cap": 12}}.
    search_hints_by_players: ClassVar[dict[int, dict[str, Any]]] = {}
    #: PERFECT when every seat always sees the whole position, else IMPERFECT.
    information: ClassVar[str] = IMPERFECT
    #: True when anything is left to chance after the seed (a shuffle, a draw, a die).
    chance: ClassVar[bool] = True
    #: True when every seat's total is public at every point (no private goal, no hidden row):
    #: then `seat_scores` is `scores`, without building any rows. The contract tests check it.
    public_totals: ClassVar[bool] = False
    #: `game_length_cap` per seat, for a game without a proven `max_game_length` (None: no cap).
    length_cap_per_seat: ClassVar[int | None] = None

    # ----- setup -------------------------------------------------------------

    def setup(self, n_players: int, options: dict | None = None, seed: int = 0):
        """A new game. All later randomness comes from the state's own Rng."""
        if isinstance(n_players, bool) or not isinstance(n_players, int):
            raise OptionError("The number of players must be a whole number.")
        if not self.min_players <= n_players <= self.max_players:
            raise OptionError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {n_players}."
            )
        # A table already checked is not checked again: playouts set up thousands of games of one table.
        # The key holds each value's class, so True never passes for a checked 1. It is a flat tuple, the
        # cheapest to build: the same options in another order make a second key for the same table.
        tables: dict[tuple, dict] | None = self.__dict__.get("_checked_tables")
        if tables is None:
            tables = self.__dict__["_checked_tables"] = {}
        key: tuple | None
        resolved: dict | None
        try:
            key = (n_players, *options.items(), *map(type, options.values())) if options else (n_players,)
            resolved = tables.get(key)
        except (TypeError, AttributeError):  # a value that cannot be a key (a list), or options not a dict
            key = resolved = None
        if resolved is None:
            resolved = resolve_options(self.options, options)
            self.check_options(n_players, resolved)
            if key is not None and len(tables) < 64:
                tables[key] = resolved
        return self.new_state(n_players, dict(resolved), Rng(seed))

    def check_options(self, n_players: int, options: dict) -> None:  # noqa: B027 - optional hook
        """Cross-checks between options and the player count; raise OptionError."""

    @abstractmethod
    def new_state(self, n_players: int, options: dict, rng: Rng):
        """Build the opening position (options already validated)."""

    # ----- whose turn, what is legal ----------------------------------------

    @abstractmethod
    def to_move(self, state) -> frozenset[Seat]:
        """Seats that may act now: empty when the game is over, several in simultaneous phases."""

    @abstractmethod
    def legal_moves(self, state, seat: Seat) -> list:
        """Every legal move of `seat` now (empty if the seat may not act)."""

    def explain_illegal(self, state, seat: Seat, move) -> str:
        """Why `move` is not legal now, in words. Games override for better messages."""
        return f"{self.move_text(move)} is not a legal move now."

    def is_over(self, state) -> bool:
        return not self.to_move(state)

    def max_moves(self, n_players: int, options: dict) -> int:
        """An upper bound on `len(legal_moves(state, seat))` over every position of such a table.

        Worked out from the rules, not measured: the research adapters number
        actions up to it. The contract tests check it along random games. By default
        the length of `action_space` (every declared move): a game states a tighter
        bound where the rules give one, and must state one where it numbers no moves.
        """
        space = self.action_space(n_players, options)
        if space is None:
            raise NotImplementedError(f"{self.name} declares no moves to count (its notation is not a complete "
                                      "Notation): it must state max_moves itself.")
        return len(space)

    def players(self, state) -> int:
        """The number of seats of the game `state` belongs to (states keep it as `n`)."""
        return state.n

    def public_choices(self, state) -> bool:
        """True when the simultaneous phase in progress is public as it happens.

        In most simultaneous phases (sealed bids, a draft) a seat still choosing
        must see nothing of the choices already made. Some are public: in Living
        Forest everyone draws at once and every card drawn is shown at once. A
        game returns True in such a phase, so tests and adapters know which
        phases hide choices. False by default.
        """
        return False

    def is_legal(self, state, seat: Seat, move) -> bool:
        """True when `move` is one of `seat`'s legal moves now; moves of another kind never are."""
        return is_among(move, self.legal_moves(state, seat))

    # ----- making moves ------------------------------------------------------

    def apply(self, state, seat: Seat, move) -> list[LogEntry]:
        """Carry out a legal move in place and return its log lines.

        Unchecked and mutating: bots and playouts call it on their own copies.
        Everyone else uses `play`. A game defines either this or `advance` with a `log` to fill (the
        usual shape where the hot path matters): by default this is `advance` given a list.
        """
        log: list[LogEntry] = []
        self.advance(state, seat, move, log)
        return log

    # ----- the hot path: optional, for playouts and rollouts ------------------

    def actor(self, state) -> Seat:
        """The seat a playout moves now: the lowest seat of `to_move`, or -1 once the game is over.

        Playouts and the bots' rollouts ask this before every move and never need the set. A game
        overrides it with a read that builds nothing (Picnic: its `turn`); `hot_calls` keeps the
        set-based loop for a game that does not. Must agree with `to_move` (tests/engine check it)."""
        seats = self.to_move(state)
        return min(seats) if seats else -1

    def advance(self, state, seat: Seat, move, log: list[LogEntry] | None = None) -> None:
        """`apply` without its log, for callers that never read one (playouts, rollouts, search).

        It must leave the state exactly as `apply` does (tests/engine check it along random games
        of every game). A game overrides it where its log lines cost something to make: its lines
        made only when given `log`, a list to fill, and then the default `apply` is this call."""
        if log is not None:
            raise NotImplementedError(f"{type(self).__name__} defines neither apply nor advance")
        self.apply(state, seat, move)

    def random_step(self, state, draw: Callable[[], int]) -> Seat:
        """One move of a random playout, fused: the seat `actor` names plays `options[draw() % len(options)]`
        of its `legal_moves`, as `advance` plays it; returns that seat, or -1 once the game is over (then
        nothing is drawn or played).

        This body is the definition. A game overrides it where one call can do the three calls' work
        without building move objects (Ninety-Nine picks the card straight from the hand); it must draw
        exactly once a move and leave the very position this body leaves (tests/engine check it along
        seeded games). `random_step_of` binds it for a playout loop only where a game overrides it."""
        seat = self.actor(state)
        if seat >= 0:
            options = self.legal_moves(state, seat)
            self.advance(state, seat, options[draw() % len(options)])
        return seat

    def clone(self, state):
        """An independent copy of the state: the one way to copy a position.

        States provide `copy()` (fast: flat lists copied by slicing); a game whose
        state does not overrides this."""
        return state.copy()

    def play(self, state, seat: Seat, move):
        """Check and play a move; returns (new_state, log). The given state is never changed."""
        if seat not in self.to_move(state):
            if self.is_over(state):
                raise IllegalMove("The game is over.")
            raise IllegalMove(f"It is not seat {seat}'s turn.")
        if not self.is_legal(state, seat, move):
            raise IllegalMove(self.explain_illegal(state, seat, move))
        new = self.clone(state)
        log = self.apply(new, seat, move)
        return new, log

    def reveals(self, state, seat: Seat, move) -> bool:
        """True when the move shows hidden information or resolves chance.

        Such a move can never be taken back: Reset of a turn stops at the last
        one. The default is conservative (every move is a barrier).
        """
        return True

    def hides_outcome(self, state, seat: Seat, move) -> bool:
        """True when what the move leads to depends on something `seat` cannot see (a draw, a deal,
        another seat's hidden card), so a bot must value it over sampled worlds.

        The default is `reveals`. A game narrows it where a move shows only what its mover
        already knows (a card played from the hand): the bots then value it once, on the state.
        A move that ends the game shows everything; the bots see to that themselves.
        """
        return self.reveals(state, seat, move)

    # ----- what a seat sees --------------------------------------------------

    @abstractmethod
    def view(self, state, viewer: Seat | None) -> dict:
        """JSON of what `viewer` may see (None: a spectator). Never leaks hidden facts."""

    def render_text(self, view: dict, viewer: Seat | None) -> str:
        """The view as text for the terminal. Games override for a readable board."""
        return json.dumps(view, indent=1)

    # ----- scores ------------------------------------------------------------

    @abstractmethod
    def score_sheet(self, state, viewer: Seat | None | str = ALL) -> list[SeatSheet]:
        """The live breakdown per seat, majorities included.

        Rows `viewer` may not see yet (a private goal) are left out and the
        sheet is marked `hidden`; `ALL` sees everything.
        """

    def preview(self, state, seat: Seat, move, viewer: Seat | None | str = None) -> list[SeatSheet]:
        """The score sheet as it would be after `move`, as `viewer` (default: the mover) may see it.

        A move that reveals hidden information previews as no change, so a
        preview never tells what a pile or deck holds. A move that ends the
        game previews the rows the viewer sees now (the end shows every row:
        a sheet with rows hidden now stays as it is).
        """
        if viewer is None:
            viewer = seat
        if not self.is_legal(state, seat, move):
            raise IllegalMove(self.explain_illegal(state, seat, move))
        if self.reveals(state, seat, move):
            return self.score_sheet(state, viewer)
        after = self.clone(state)
        self.apply(after, seat, move)
        sheets = self.score_sheet(after, viewer)
        if self.is_over(after):
            now = self.score_sheet(state, viewer)
            sheets = [before if before.hidden else sheet for before, sheet in zip(now, sheets)]
        return sheets

    def is_barrier(self, state, seat: Seat, move, after=None) -> bool:
        """True when the move can never be taken back: it `reveals`, or it ends the game
        (a finished game shows everything). The server commits such a move at once. `after`: the
        position after the move, where the caller has it (else the move is played here)."""
        if self.reveals(state, seat, move):
            return True
        if after is None:
            after = self.clone(state)
            self.apply(after, seat, move)
        return self.is_over(after)

    def scores(self, state) -> list[int]:
        """Every seat's total as `ALL` sees it. Search bots call this in their
        inner loop: games may override it with a path that builds no rows."""
        return [sheet.total for sheet in self.score_sheet(state, ALL)]

    def seat_scores(self, state, viewer: Seat) -> list[int]:
        """Every seat's total as `viewer` sees it: what the greedy bot weighs on a true state."""
        if self.public_totals:
            return self.scores(state)
        return [sheet.total for sheet in self.score_sheet(state, viewer)]

    @abstractmethod
    def outcome(self, state) -> Outcome | None:
        """Final scores and ranks with the game's tie-breaks, or None while running."""

    # ----- moves as text and JSON --------------------------------------------

    #: The game's notation: any object (usually its moves module) with
    #: to_json(move), from_json(data), to_text(move) and parse(text); the last two
    #: raise NotationError with a hint on malformed input.
    notation: ClassVar[Any] = None

    def move_to_json(self, move) -> Any:
        """The stable JSON form of a move (JSON-serialisable)."""
        return self.notation.to_json(move)

    def move_from_json(self, data: Any):
        """Inverse of move_to_json; raises NotationError on malformed input."""
        return self.notation.from_json(data)

    def move_text(self, move) -> str:
        """Short text notation, e.g. 't3' or 'rim flip'."""
        return self.notation.to_text(move)

    def parse_move(self, text: str):
        """Inverse of move_text; raises NotationError with a hint on malformed text."""
        return self.notation.parse(text)

    def describe_move(self, state, seat: Seat, move) -> str:
        """A move in words for prompts and menus (defaults to the notation)."""
        return self.move_text(move)

    def prompt(self, state, seat: Seat) -> str:
        """What `seat` is asked to do now, in words."""
        return "Your move."

    # ----- positions ---------------------------------------------------------

    @abstractmethod
    def to_json(self, state) -> dict:
        """The whole position (hidden parts included) as JSON, documented per game."""

    def from_json(self, data: dict):
        """Load a position; raises PositionError, and only that, when it is malformed.

        The one policy for bad positions: anything that is not this game's
        position object is refused here, and a KeyError, TypeError, ValueError,
        AttributeError or IndexError from `load_position` becomes a
        PositionError naming the game. Games implement `load_position`."""
        if not isinstance(data, dict):
            raise PositionError(f"A {self.name} position is a JSON object, not {type(data).__name__}.")
        if data.get("game") != self.id:
            raise PositionError(f"Not a {self.name} position (its \"game\" is {data.get('game')!r}, "
                                f"not {self.id!r}).")
        try:
            return self.load_position(data)
        except PositionError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise PositionError(f"Malformed {self.name} position: {exc!r}.") from None

    @abstractmethod
    def load_position(self, data: dict):
        """Build the state `to_json` wrote; `data` is a dict whose "game" is this game's id.

        Check what `to_json` promises with `check_position`; stray lookups may
        simply fail, since `from_json` turns their errors into PositionError."""

    def dumps(self, state) -> str:
        return json.dumps(self.to_json(state), sort_keys=True, separators=(",", ":"))

    # ----- search support ----------------------------------------------------

    @abstractmethod
    def determinize(self, state, seat: Seat, rng: Rng):
        """A full state consistent with everything `seat` has seen, hidden parts resampled."""

    def shuffle_unseen(self, state, rng: Rng):
        """A copy of `state` whose future is drawn again from `rng`: the order of every pile or bag
        the game draws from, what lies face down that no seat has looked at, and the state's own Rng.

        Only what no seat has seen changes (every seat's and a spectator's view stay as they are),
        and everything unseen is sorted before it is shuffled, so the copy depends on what is unseen
        and on `rng`, never on where the unseen things lay. The research adapters' explicit chance
        model (docs/adapters.md) calls it just before a move that draws, with a fresh seed chosen at
        chance nodes, so a search over clones cannot know the draw. None, the default: the game does
        not describe its future, and that model is not offered for it."""
        return None

    def drawn_bag(self) -> tuple[str, tuple[str, ...], str] | None:
        """For a game that draws the next element of a list its position keeps, in an order shuffled at
        setup: (the list's field in `to_json`, first element drawn first; every kind of element it may
        hold; the name of the move kind that draws it, when that move `reveals`). The research adapters'
        explicit chance model (docs/adapters.md) then makes each such draw one chance node over the
        kinds left, each with its share of the list. None, the default: no such bag."""
        return None

    # ----- length, for the research adapters ---------------------------------

    def max_game_length(self, n_players: int, options: dict) -> int | None:
        """A bound on the decisions (engine moves) one game at such a table can take (options resolved),
        proven from the rules: no sequence of legal moves, however adversarial, makes a longer game.

        The research adapters declare it as OpenSpiel's `max_game_length` and never need to stop a
        game; `meeple check` holds random and adversarial games to it. None, the default: no bound is
        worked out (see `game_length_cap`)."""
        return None

    def game_length_cap(self, n_players: int, options: dict) -> int | None:
        """For a game without a proven `max_game_length`: a number of decisions set well above any game
        played (options resolved). Unlike a bound it proves nothing: the research adapters end a game
        that reaches it, ranking the seats by their scores then (a solo game is lost), and declare it.
        By default `length_cap_per_seat` decisions a seat, set at four to seven times the longest game
        adversarial policies played (tests/adapters/test_lengths.py), so that a real game never meets
        it; None where that is None: the adapters' own generous cap applies."""
        return None if self.length_cap_per_seat is None else self.length_cap_per_seat * n_players

    def heuristic(self, state, seat: Seat) -> float:
        """Optional extra value of a position for `seat`, in points, beyond the score sheet.

        Greedy and search bots add it to break ties sensibly; 0 by default.
        It may read only what `seat` sees (its `view`): bots call it on true
        states, and the bot tests check that two worlds `seat` cannot tell apart
        get the same value.
        """
        return 0.0

    def scores_after(self, state, seat: Seat, move) -> tuple[list[int], float]:
        """`scores` and `seat`'s `heuristic` once `seat` has played `move`, `state` left as it is.

        The search's rollouts judge every candidate move by them. By default a copy
        plays the move; a game may answer without copying (the contract test checks
        that the answer is the same).
        """
        after = self.clone(state)
        self.advance(after, seat, move)  # no log: a game's round-end lines are made only for apply
        return self.scores(after), self.heuristic(after, seat)

    def bid_record(self, state) -> list[tuple[Seat, int, int]]:
        """For games where players bid their tricks: (seat, bid, tricks taken) for each finished round.

        Public facts only (bids are announced, tricks are counted face up).
        Tournaments report bid accuracy from it; games without bids keep the empty default.
        """
        return []

    # ----- metadata ------------------------------------------------------------

    def features(self) -> Features | None:
        """This game's own observation features (`Features`), or None: then the research adapters
        hash the view. By default the `FEATURES` of a `features` module in the game's package."""
        package = type(self).__module__.rpartition(".")[0]
        if not package or importlib.util.find_spec(package + ".features") is None:
            return None
        return getattr(importlib.import_module(package + ".features"), "FEATURES", None)

    def belief(self) -> Belief | None:
        """This game's own deduction for the strongest bot (`meeple.engine.belief.Belief`: choices made
        from the seat's belief, where a move's worth is what it reveals), or None. By default the
        `BELIEF` of a `belief` module in the game's package; like `features`, optional."""
        package = type(self).__module__.rpartition(".")[0]
        if not package or importlib.util.find_spec(package + ".belief") is None:
            return None
        return getattr(importlib.import_module(package + ".belief"), "BELIEF", None)

    def action_space(self, n_players: int, options: dict) -> tuple | None:
        """Every move a table of this game (player count, resolved options) can ever offer, in a fixed
        order, or None: then the research adapters number each position's legal moves by their notation.

        Action i is always the i-th move, whatever the position, so a learner's action number means one
        move (see docs/adapters.md). By default every move of the game's declared notation (`NOTATION`, a
        `Notation` whose kinds are every move the game offers), in the order its kinds and their fields are
        declared; a game overrides it with a tighter list per table size (Wizard, Ninety-Nine)."""
        declared = getattr(self.notation, "NOTATION", self.notation)
        if isinstance(declared, Notation) and declared.complete:
            return declared.all_moves()
        return None

    def describe(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "solo": self.min_players == 1,
            "information": self.information,
            "chance": self.chance,
            "summary": self.summary,
            "options": [opt.to_json() for opt in self.options],
            "moves": self.move_kinds(),
        }

    def move_kinds(self) -> list[dict]:
        """The declared move kinds' JSON shapes (Notation.kinds), [] for a notation written by hand."""
        declared = getattr(self.notation, "NOTATION", self.notation)
        kinds = getattr(declared, "kinds", None)
        return kinds() if callable(kinds) else []


def hot_calls(game: Game) -> tuple[Callable | None, Callable, Callable]:
    """(actor, legal_moves, advance) bound for a playout loop: `actor` is None where the game keeps
    the default (the loop then reads `to_move` itself rather than pay a call more per move), and
    `advance` is `apply` where the game does not override it (its log is built and dropped). An object
    that only wraps a game (the tests' spies) and has neither gets the full contract's calls."""
    cls = type(game)
    own_actor, own_advance = getattr(cls, "actor", Game.actor), getattr(cls, "advance", Game.advance)
    actor = game.actor if own_actor is not Game.actor else None
    advance = game.advance if own_advance is not Game.advance else game.apply
    return actor, game.legal_moves, advance


def random_step_of(game: Game) -> Callable[[Any, Callable[[], int]], Seat] | None:
    """The game's own fused `random_step`, bound, or None where it keeps the base class's (a playout
    loop then makes the three `hot_calls` itself rather than pay a call more per move)."""
    own = getattr(type(game), "random_step", Game.random_step)
    return game.random_step if own is not Game.random_step else None


def check_position(condition: bool, message: str) -> None:
    """Raise PositionError unless `condition` holds (used by from_json)."""
    if not condition:
        raise PositionError(message)


def replay(game: Game, n_players: int, options: dict | None, seed: int,
           moves: Iterable[tuple[Seat, Any]]):
    """Rebuild a state from (options, seed) and a list of (seat, move)."""
    state = game.setup(n_players, options, seed)
    for seat, move in moves:
        state, _ = game.play(state, seat, move)
    return state


def parse_move_json(game: Game, raw: str | bytes):
    """Parse a move from JSON text; NotationError on malformed JSON."""
    try:
        data = json.loads(raw)
    except (ValueError, TypeError) as exc:
        raise NotationError(f"That move is not valid JSON: {exc}.") from None
    return game.move_from_json(data)

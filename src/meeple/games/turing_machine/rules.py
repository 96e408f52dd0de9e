"""Turing Machine's state machine: rounds of secret proposals, questions and guesses.

Each round every seat still in the game, in any order and unseen by the others:
composes a proposal (three punches), asks up to three verifiers about it one at
a time, then passes or guesses (and punches the guessed code). When every seat has finished the
round, the round ends: what each seat asked becomes public (which verifiers,
not the proposal nor the answers), right guesses end the game (fewest questions
wins among them), wrong guesses are eliminated (the code guessed is shown), and
the last seat left wins. Alone, a wrong guess loses; a right one is measured
against the puzzle's par. After MAX_ROUNDS rounds without a right guess the
game ends undecided.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.engine import (
    ALL,
    NOBODY,
    ONE,
    LogEntry,
    NotationError,
    Option,
    Outcome,
    Rng,
    ScoreRow,
    SeatSheet,
    check_position,
    ranked_outcome,
)
from meeple.engine.state import (
    Custom,
    DeclaredGame,
    Listed,
    Maybe,
    State,
    field,
    flag,
    listed,
    named,
    per_seat,
    players,
    record,
    rng,
    text,
    whole,
)

from . import moves as notation
from .components import (
    CARDS,
    CHECK_TEXT,
    COLOURS,
    LETTERS,
    N_CODES,
    code_of,
    code_text,
    digits_of,
    verifier_keys,
    verifier_masks,
)
from .moves import ASKS, DONE, GUESS, PASS, PUNCHES, Ask, Done, Guess, Pass, Punch
from .solver import DIFFICULTIES, code_spread, consistent, generate, is_valid

MAX_ROUNDS = 10
MAX_QUESTIONS = 3
SOLVED_POINTS = 100  # a right guess scores this minus the questions asked
LAST_LEFT_POINTS = 50  # the seat left when all the others guessed wrong
#: Solo par by mode and number of verifiers: (rounds, questions), set from the solver's figures
#: (docs/games/turing-machine.md).
PAR = {("classic", 4): (3, 5), ("classic", 5): (2, 4), ("classic", 6): (2, 4),
       ("extreme", 4): (4, 8), ("extreme", 5): (4, 8), ("extreme", 6): (3, 7),
       ("nightmare", 4): (4, 8), ("nightmare", 5): (4, 9), ("nightmare", 6): (5, 11)}
COMPOSE, QUESTION, DECIDE, GUESSING, FINISHED = 0, 1, 2, 3, 4
PHASES = ("compose", "question", "decide", "guessing", "finished")
MODES = ("classic", "extreme", "nightmare")


# to_move runs twice a move in a playout: one shared set per group of seats still playing the round.
_PLAYING = tuple(frozenset(s for s in range(4) if mask >> s & 1) for mask in range(16))
#: [verifiers][the verifiers asked, as bits]: the questions left, then Done (legal_moves' question phase).
_QUESTIONS = {k: tuple(tuple(ASKS[v] for v in range(k) if not mask >> v & 1) + (DONE,) for mask in range(1 << k))
              for k in range(4, 7)}
_DECISIONS = (PASS, GUESS)
_WORDS = {Done: "No more questions", Guess: "Guess the code", Pass: "Pass"}  # describe_move's, where no field
_STOPS_LINES = tuple(LogEntry(f"Seat {s + 1} stops asking.", s, ONE[s]) for s in range(4))
_WILL_GUESS_LINES = tuple(LogEntry(f"Seat {s + 1} will guess.", s, ONE[s]) for s in range(4))


# Log lines a playout writes but never reads: made only when read.
def _punch_text(seat: int, colour: int, digit: int, what: str) -> str:
    return f"Seat {seat + 1} punches {COLOURS[colour]} {digit}{what}."


def _proposes_text(seat: int, proposal: int) -> str:
    return f"Seat {seat + 1} proposes {code_text(proposal)}."


def _answer_text(verifier: int, yes: bool, proposal: int) -> str:
    return f"Verifier {LETTERS[verifier]}: {'yes' if yes else 'no'} to {code_text(proposal)}."


def _finish_text(seat: int, guess: int) -> str:
    return f"Seat {seat + 1} {f'guesses {code_text(guess)}' if guess >= 0 else 'passes'}."


def _code(text: Any, where: str) -> int:
    try:
        return notation.parse_code(text)
    except NotationError as exc:
        raise ValueError(str(exc)) from None


def _digits(text: Any, where: str) -> list[int]:
    check_position(isinstance(text, str) and len(text) <= 3 and all(ch in "12345" for ch in text),
                   f"{where}: up to three digits, each 1 to 5.")
    return [int(ch) for ch in text]


def _answer(entry: Any, where: str) -> tuple[int, bool]:
    check_position(isinstance(entry, list) and len(entry) == 2 and entry[0] in LETTERS and isinstance(entry[1], bool),
                   f"{where}: an answer is [letter, true or false].")
    return LETTERS.index(entry[0]), entry[1]


CODE = Custom(code_text, _code)
DIGITS = Custom(lambda d: "".join(map(str, d)), _digits, copy=list)
ANSWER = Custom(lambda a: [LETTERS[a[0]], a[1]], _answer)


class TuringState(State):
    """A position. The puzzle: `cards[v]` (verifier v's criteria cards, one or two) and `checks[v]`
    (its hidden check, an index into its cards' checks), `perm[letter]` (the verifier each letter
    asks: hidden in nightmare mode, the identity otherwise), `mode`, and `code` (0..124). Per seat,
    stored under "seats": `phase`, `digits` (the proposal so far), `asked` ((verifier, yes) this
    round), `guessed` (the digits of a guess so far), `guess` (the code guessed; -1: none), `history`
    ((proposal, ((verifier, yes), ...)) per finished round), `out` (eliminated), `wrong` (the wrong
    guess, -1), `solved`. `over` ends the game."""

    n: int = players()
    rng: Rng = rng()
    mode: str = text(*MODES)
    perm: tuple[int, ...] = listed(whole(0, 5), tuple=True)
    cards: tuple[tuple[int, ...], ...] = listed(listed(whole(0, None), tuple=True), tuple=True)
    checks: tuple[int, ...] = listed(whole(0, None), tuple=True)
    code: int = field(CODE)
    round: int = whole(1, MAX_ROUNDS, default=1)
    over: bool = flag(default=False)
    phase: list[int] = per_seat(named(PHASES), default=COMPOSE, under="seats", key="phase")
    digits: list[list[int]] = per_seat(DIGITS, default=[], under="seats", key="proposal")
    asked: list[list[tuple[int, bool]]] = per_seat(listed(ANSWER), default=[], under="seats", key="asked")
    guessed: list[list[int]] = per_seat(DIGITS, default=[], under="seats", key="guessing")
    guess: list[int] = per_seat(Maybe(CODE), default=-1, under="seats", key="guess")
    history: list[list[tuple[int, tuple]]] = per_seat(
        listed(record(proposal=CODE, answers=Listed(ANSWER, tuple=True))), default=[], under="seats", key="history")
    out: list[bool] = per_seat(flag(), default=False, under="seats", key="out")
    wrong: list[int] = per_seat(Maybe(CODE), default=-1, under="seats", key="wrong")
    solved: list[bool] = per_seat(flag(), default=False, under="seats", key="solved")

    def proposal(self, seat: int) -> int:
        return code_of(*self.digits[seat])

    def questions(self, seat: int, public: bool = False) -> int:
        """Questions asked so far; `public`: in finished rounds only (what the others know)."""
        done = sum(len(answers) for _, answers in self.history[seat])
        return done if public else done + len(self.asked[seat])

    def answer(self, verifier: int, proposal: int) -> bool:
        card = self.perm[verifier]
        return bool(verifier_masks(self.cards[card])[self.checks[card]] >> proposal & 1)

    def knowledge(self, seat: int | None) -> tuple[tuple[tuple[int, int, bool], ...], tuple[int, ...]]:
        """What `seat` (None: a spectator, who gets no answers) has learned: its answers (proposal,
        verifier, yes), sorted, and the codes shown wrong by eliminated seats."""
        wrong = tuple(sorted({w for w in self.wrong if w >= 0}))
        if seat is None:
            return (), wrong
        answers = [(q, v, yes) for q, ans in self.history[seat] for v, yes in ans]
        if self.asked[seat]:
            q = self.proposal(seat)
            answers += [(q, v, yes) for v, yes in self.asked[seat]]
        return tuple(sorted(set(answers))), wrong


def points(state: TuringState, seat: int) -> int:
    if not state.over:
        return 0
    if state.solved[seat]:
        return SOLVED_POINTS - state.questions(seat)
    if state.n > 1 and not state.out[seat] and not any(state.solved) and sum(not o for o in state.out) == 1:
        return LAST_LEFT_POINTS
    return 0


class TuringMachine(DeclaredGame):
    id = "turing_machine"
    name = "Turing Machine"
    public_totals = True  # every total is on the table for all to see
    min_players = 1
    max_players = 4
    options = (Option("verifiers", 4, "Number of verifiers, 4 to 6. In classic and extreme play more verifiers "
                      "narrow the code down faster (measured: 4 is the hardest, 6 the easiest); in "
                      "nightmare play more letters to place make 6 the longest.",
                      kind="int", minimum=4, maximum=6, label="Verifiers"),
               Option("mode", "classic", "Classic: one criteria card per verifier; extreme: two, and the "
                      "verifier's check is on one of them; nightmare: which card each verifier letter "
                      "tests is hidden too.", choices=MODES,
                      label="Mode", choice_labels=("Classic", "Extreme", "Nightmare")),
               Option("difficulty", "any", "How much the verifier cards alone reveal: easy puzzles leave "
                      "few codes possible before the first question, hard ones many; any takes the first "
                      "valid puzzle drawn.", choices=DIFFICULTIES,
                      label="Difficulty", choice_labels=("Any", "Easy", "Standard", "Hard")))
    notation: ClassVar[Any] = notation  # the moves module: each move's JSON and text forms
    state_class = TuringState
    summary = ("Find the secret three-digit code: each round, test a proposal on up to three "
               "verifiers whose hidden checks you must deduce.")
    chance = True  # the puzzle is drawn at setup; nothing else is left to chance
    # Against others (solo play is left as it was): each new node judged at once by the heuristic,
    # rewards by the margin over the best other seat, and greedy's priors at the root, since a guess's
    # wrong digits otherwise drag its mean below a pass (docs/journal/bots.md, "Turing Machine against others").
    search_hints_by_players: ClassVar[dict[int, dict[str, Any]]] = {
        n: {"horizon": "leaf", "margin_weight": 1.0, "exploration": 0.3, "prior_min_moves": 2, "prior_weight": 2.0}
        for n in (2, 3, 4)}

    # ----- setup -------------------------------------------------------------

    def new_state(self, n_players, options, rng):
        mode = options["mode"]
        cards, checks, code = generate(rng, options["verifiers"], 2 if mode == "extreme" else 1,
                                       options["difficulty"])
        perm = list(range(len(cards)))
        if mode == "nightmare":
            rng.shuffle(perm)  # letter -> the card it tests, hidden from everyone
        return TuringState(n=n_players, rng=rng, mode=mode, perm=tuple(perm), cards=tuple(cards),
                           checks=tuple(checks), code=code)

    # ----- turns -------------------------------------------------------------

    def to_move(self, state):
        if state.over:
            return NOBODY
        out, phase = state.out, state.phase
        mask = 0
        for s in range(state.n):
            if not out[s] and phase[s] != FINISHED:
                mask |= 1 << s
        return _PLAYING[mask]

    def legal_moves(self, state, seat):
        if state.over or not 0 <= seat < state.n or state.out[seat]:
            return []
        return list(self._choices(state, seat))

    @staticmethod
    def _choices(state, seat) -> tuple:
        """The seat's legal moves, as the interned tuple `legal_moves` copies."""
        phase = state.phase[seat]
        if phase == COMPOSE:
            return PUNCHES[len(state.digits[seat])]
        if phase == QUESTION:
            mask = 0
            for v, _ in state.asked[seat]:
                mask |= 1 << v
            return _QUESTIONS[len(state.cards)][mask]
        if phase == DECIDE:
            return _DECISIONS
        if phase == GUESSING:
            return PUNCHES[len(state.guessed[seat])]
        return ()

    def max_moves(self, n_players, options):
        return max(5, options["verifiers"] + 1)

    def explain_illegal(self, state, seat, move):
        if state.over:
            return "The game is over."
        if not 0 <= seat < state.n:
            return "No such seat."
        if state.out[seat]:
            return "You guessed wrong and are out of the game."
        phase = state.phase[seat]
        if phase == FINISHED:
            return "You have finished this round: wait for the others."
        if phase == COMPOSE:
            return f"Compose your proposal first: punch the {COLOURS[len(state.digits[seat])]} digit (1 to 5)."
        if phase == QUESTION:
            if move.__class__ is Ask and 0 <= move.verifier < len(state.cards):
                return f"You already asked verifier {LETTERS[move.verifier]} this round."
            return (f"Ask a verifier (A to {LETTERS[len(state.cards) - 1]}) about your proposal, "
                    "or say done; guesses come after the questions.")
        if phase == GUESSING:
            return f"Punch the {COLOURS[len(state.guessed[seat])]} digit of your guess (1 to 5)."
        return "Guess the code or pass."

    def reveals(self, state, seat, move):
        if move.__class__ is Ask:
            return True  # the answer comes from the verifier's hidden check
        if move.__class__ is Pass or (move.__class__ is Punch and state.phase[seat] == GUESSING
                                      and len(state.guessed[seat]) == 2):
            # The last seat to finish the round ends it: the others' questions and the guesses show.
            return self.to_move(state) == frozenset((seat,))
        return False

    def actor(self, state):  # the playouts' hot path: to_move's lowest seat, no set
        if state.over:
            return -1
        out, phase = state.out, state.phase
        for s in range(state.n):
            if not out[s] and phase[s] != FINISHED:
                return s
        return -1

    def random_step(self, state, draw):
        """A playout's move in one call (`Game.random_step`): the move drawn from the interned tuple
        legal_moves copies, then played by `advance`."""
        seat = self.actor(state)
        if seat >= 0:
            options = self._choices(state, seat)
            self.advance(state, seat, options[draw() % len(options)])
        return seat

    def advance(self, state, seat, move, log=None):
        """`apply`: its lines made only when given `log` to fill (a playout passes none)."""
        kind = move.__class__
        if kind is Punch:
            if state.phase[seat] == GUESSING:
                guessed = state.guessed[seat]
                guessed.append(move.digit)
                if len(guessed) < 3:
                    if log is not None:
                        log.append(LogEntry.lazy(_punch_text, (seat, move.colour, move.digit, " for a guess"),
                                                 seat, ONE[seat]))
                    return
                guess = code_of(*guessed)
                state.guessed[seat] = []  # the guess is whole: it is kept as a code
                self._finish(state, seat, guess, log)
                return
            digits = state.digits[seat]
            digits.append(move.digit)
            if len(digits) < 3:
                if log is not None:
                    log.append(LogEntry.lazy(_punch_text, (seat, move.colour, move.digit, ""), seat, ONE[seat]))
                return
            state.phase[seat] = QUESTION
            if log is not None:
                log.append(LogEntry.lazy(_proposes_text, (seat, state.proposal(seat)), seat, ONE[seat]))
            return
        if kind is Ask:
            proposal = state.proposal(seat)
            yes = state.answer(move.verifier, proposal)
            asked = state.asked[seat]
            asked.append((move.verifier, yes))
            if len(asked) == MAX_QUESTIONS:
                state.phase[seat] = DECIDE
            if log is not None:
                log.append(LogEntry.lazy(_answer_text, (move.verifier, yes, proposal), seat, ONE[seat]))
            return
        if kind is Done:
            state.phase[seat] = DECIDE
            if log is not None:
                log.append(_STOPS_LINES[seat])
            return
        if kind is Guess:
            state.phase[seat] = GUESSING
            if log is not None:
                log.append(_WILL_GUESS_LINES[seat])
            return
        self._finish(state, seat, -1, log)

    def _finish(self, state, seat, guess, log):
        """The seat is done with the round (guess -1: it passed); the last one ends the round."""
        state.guess[seat], state.phase[seat] = guess, FINISHED
        if log is not None:
            log.append(LogEntry.lazy(_finish_text, (seat, guess), seat, ONE[seat]))
        if self.actor(state) < 0:
            self._end_round(state, log)

    def _end_round(self, state, log: list[LogEntry] | None) -> None:
        active = [s for s in range(state.n) if not state.out[s]]
        for s in active:
            if log is not None:
                asked = ", ".join(LETTERS[v] for v, _ in state.asked[s]) or "nothing"
                log.append(LogEntry(f"Round {state.round}: seat {s + 1} asked {asked}.", s))
            state.history[s].append((state.proposal(s), tuple(state.asked[s])))
        right = [s for s in active if state.guess[s] == state.code]
        for s in active:
            if state.guess[s] >= 0 and state.guess[s] != state.code:
                state.out[s], state.wrong[s] = True, state.guess[s]
                if log is not None:
                    log.append(LogEntry(f"Seat {s + 1} guessed {code_text(state.guess[s])}: wrong, and is out.", s))
        for s in right:
            state.solved[s] = True
            if log is not None:
                log.append(LogEntry(f"Seat {s + 1} guessed {code_text(state.code)}: right!", s))
        for s in range(state.n):  # the round is in the history now
            state.phase[s] = COMPOSE
            state.digits[s], state.asked[s], state.guessed[s], state.guess[s] = [], [], [], -1
        left = sum(not o for o in state.out)
        if right or left == 0 or (state.n > 1 and left == 1) or state.round == MAX_ROUNDS:
            state.over = True
            if log is not None:
                log.append(LogEntry(f"The code was {code_text(state.code)}."))
        else:
            state.round += 1

    # ----- what a seat sees --------------------------------------------------

    def view(self, state, viewer):
        over = state.over
        seats = []
        for s in range(state.n):
            shown = over or viewer == s
            seat = {
                "out": state.out[s],
                "finished": state.phase[s] == FINISHED and not state.out[s],
                "questions": state.questions(s, public=not shown),
                "asked": [[LETTERS[v] for v, _ in ans] for _, ans in state.history[s]],
                "wrong_guess": code_text(state.wrong[s]) if state.wrong[s] >= 0 else None,
                "solved": state.solved[s],
            }
            if shown:
                seat["rounds"] = [{"proposal": code_text(q), "answers": [[LETTERS[v], yes] for v, yes in ans]}
                                  for q, ans in state.history[s]]
            seats.append(seat)
        out = {
            "round": state.round,
            "max_rounds": MAX_ROUNDS,
            "over": over,
            # `cards`: the verifier's criteria cards; `checks`: theirs, in order (the first card's first).
            # `first`: how many of the checks are the first card's. In nightmare mode the cards are
            # listed without the letter that tests them ("letter" None) until the end.
            "verifiers": [{"letter": LETTERS[state.perm.index(v)] if state.mode != "nightmare" or over else None,
                           "cards": list(c), "checks": [CHECK_TEXT[k] for k in verifier_keys(c)],
                           "first": len(CARDS[c[0]])} for v, c in enumerate(state.cards)],
            "letters": list(LETTERS[:len(state.cards)]),
            "seats": seats,
            "mode": state.mode,
            "par": list(PAR[state.mode, len(state.cards)]),
        }
        if isinstance(viewer, int) and 0 <= viewer < state.n and not over:
            s = viewer
            out["you"] = {
                "seat": s,
                "phase": PHASES[state.phase[s]] if not state.out[s] else "out",
                "proposal": "".join(map(str, state.digits[s])),
                "asked": [[LETTERS[v], yes] for v, yes in state.asked[s]],
                "guessing": "".join(map(str, state.guessed[s])),
                "guess": code_text(state.guess[s]) if state.guess[s] >= 0 else None,
            }
        if over:
            out["code"] = code_text(state.code)
            out["checks"] = [CHECK_TEXT[verifier_keys(c)[i]] for c, i in zip(state.cards, state.checks)]
            out["check_index"] = list(state.checks)
        return out

    def render_text(self, view, viewer):
        lines = [f"Turing Machine, round {view['round']} of at most {view['max_rounds']}"]
        for v in view["verifiers"]:
            cards = " + ".join(map(str, v["cards"]))
            lines.append(f"  {v['letter'] or '?'} (card {cards}): " + " | ".join(v["checks"]))
        you = view.get("you")
        for s, seat in enumerate(view["seats"]):
            status = "out" if seat["out"] else ("solved" if seat["solved"] else
                                                ("finished the round" if seat["finished"] else "playing"))
            line = f"  seat {s + 1}: {seat['questions']} questions, {status}"
            if seat["wrong_guess"]:
                line += f", guessed {seat['wrong_guess']}"
            lines.append(line)
            for r, rnd in enumerate(seat.get("rounds", []), 1):
                answers = " ".join(f"{v}{'+' if yes else '-'}" for v, yes in rnd["answers"])
                lines.append(f"    round {r}: {rnd['proposal']} {answers}")
        if you:
            lines.append(f"  you: {you['phase']}, proposal {you['proposal'] or '-'}, answers "
                         + (" ".join(f"{v}{'+' if yes else '-'}" for v, yes in you["asked"]) or "-"))
        if view["over"]:
            lines.append(f"  the code was {view['code']}: " + "; ".join(
                f"{v['letter']} {c}" for v, c in zip(view["verifiers"], view["checks"])))
        return "\n".join(lines)

    def prompt(self, state, seat):
        phase = state.phase[seat]
        if phase == COMPOSE:
            return f"Punch the {COLOURS[len(state.digits[seat])]} digit of your proposal (1 to 5)."
        if phase == QUESTION:
            return "Ask a verifier about your proposal, or stop asking."
        if phase == GUESSING:
            return f"Punch the {COLOURS[len(state.guessed[seat])]} digit of your guess (1 to 5)."
        return "Guess the code, or pass."

    def describe_move(self, state, seat, move):
        kind = move.__class__
        if kind is Punch:
            return f"{COLOURS[move.colour]} {move.digit}"
        if kind is Ask:
            return f"Ask verifier {LETTERS[move.verifier]}"
        return _WORDS[kind]

    def score_sheet(self, state, viewer=ALL):
        sheets = []
        for s in range(state.n):
            shown = state.over or viewer == ALL or viewer == s
            q = state.questions(s, public=not shown)
            rows = [ScoreRow("questions", "Questions asked", q, 0),
                    ScoreRow("rounds", "Rounds played", len(state.history[s]), 0)]
            total = points(state, s)
            if state.over and state.solved[s]:
                rows.append(ScoreRow("solved", "Code found", 1, SOLVED_POINTS, "100 minus the questions"))
                rows.append(ScoreRow("cost", "Questions", q, -q))
            elif total:
                rows.append(ScoreRow("last", "Won without guessing", 1, total,
                                    "Every other player guessed wrong: the last one in scores 50."))
            # Another seat's round under way is always private, whether it has started it or not.
            sheets.append(SeatSheet(s, tuple(rows), total, hidden=not shown))
        return sheets

    def scores(self, state):
        return [points(state, s) for s in range(state.n)]

    def outcome(self, state):
        if not state.over:
            return None
        scores = [points(state, s) for s in range(state.n)]
        if state.n == 1:
            return self._solo(state, scores[0])
        if not any(scores):
            # Nobody is ranked first: the puzzle beat every seat (a result table shows no winner).
            return Outcome(tuple(scores), (2,) * state.n, ("No one found the code: nobody wins.",))
        return ranked_outcome(scores)

    def _solo(self, state, score):
        par_rounds, par_questions = PAR[state.mode, len(state.cards)]
        rounds, q = len(state.history[0]), state.questions(0)
        code = code_text(state.code)
        spent = f"{rounds} round{'s' if rounds != 1 else ''} and {q} question{'s' if q != 1 else ''}"
        if not state.solved[0]:
            how = f"wrong guess {code_text(state.wrong[0])}" if state.wrong[0] >= 0 else "no right guess"
            return Outcome.solo(0, False, f"Not solved ({how}) after {spent}; the code was {code}.")
        if rounds > par_rounds or q > par_questions:
            judge = "over par"
        else:
            judge = "under par" if rounds < par_rounds or q < par_questions else "at par"
        return Outcome.solo(score, True, f"Solved {code} in {spent}: par is {par_rounds} rounds and "
                            f"{par_questions} questions, {judge}.")

    # ----- positions ---------------------------------------------------------

    def loaded(self, state, data, at):
        cards, checks = state.cards, state.checks
        every = [c for v in cards for c in v]
        check_position(4 <= len(cards) <= 6 and len(checks) == len(cards) and len(set(every)) == len(every)
                       and all(c in CARDS for c in every) and len({len(v) for v in cards}) == 1
                       and len(cards[0]) in (1, 2), "Four to six verifiers of one or two distinct criteria cards.")
        check_position(all(i < len(verifier_keys(v)) for v, i in zip(cards, checks)),
                       "Each verifier's check is one of its cards'.")
        check_position(is_valid([verifier_masks(v)[i] for v, i in zip(cards, checks)]),
                       "Not a valid puzzle: exactly one code must pass, with every verifier needed.")
        mode, perm = state.mode, state.perm
        check_position((len(cards[0]) == 2) == (mode == "extreme"), "Unknown mode, or cards that are not its.")
        check_position(sorted(perm) == list(range(len(cards))) and (mode == "nightmare" or perm == tuple(sorted(perm))),
                       "The verifiers' letters are a permutation of the cards (shuffled in nightmare mode only).")
        check_position(all(state.answer(v, state.code) for v in range(len(cards))),
                       "The code must pass every verifier.")
        for s in range(state.n):
            check_position((state.phase[s] == COMPOSE) == (len(state.digits[s]) < 3), "Proposal and phase disagree.")
            check_position(len(state.guessed[s]) < 3 and (state.phase[s] == GUESSING or not state.guessed[s]),
                           "A guess half punched.")
            for v, _ in state.asked[s] + [a for _, ans in state.history[s] for a in ans]:
                check_position(v < len(cards), "A question to a verifier the puzzle does not have.")
            check_position(len(state.asked[s]) <= MAX_QUESTIONS, "At most three questions a round.")

    # ----- search support ----------------------------------------------------

    def determinize(self, state, seat, rng: Rng):
        """A puzzle on the same cards that agrees with everything `seat` was told (its answers, the
        wrong guesses shown), drawn among all such puzzles in a fixed order; the others' hidden
        proposals and answers redrawn against it, and their unfinished round started afresh."""
        world = state.copy()
        if state.over:
            return world  # the end shows everything
        answers, wrong = state.knowledge(seat)
        puzzles = consistent(state.cards, answers, wrong, state.mode == "nightmare")
        world.checks, world.code, world.perm = rng.choice(puzzles)
        for s in range(state.n):
            if s == seat:
                continue
            world.history[s] = []
            for _, ans in state.history[s]:
                q = rng.randrange(N_CODES)
                world.history[s].append((q, tuple((v, world.answer(v, q)) for v, _ in ans)))
            world.asked[s], world.guessed[s], world.guess[s] = [], [], -1
            if world.phase[s] == FINISHED:
                world.digits[s] = [1, 1, 1]  # finished the round: passed, in this world
            else:
                world.phase[s], world.digits[s] = COMPOSE, []
        return world

    def heuristic(self, state, seat):
        """The seat's chances as it sees them (`_chances`); against others, on top of RACE_OFFSET."""
        value = self._chances(state, seat)
        return value if state.n == 1 else RACE_OFFSET + value

    def _chances(self, state, seat):
        """A right guess is worth SOLVED_POINTS minus the questions (plus a solo goal), each bit of
        uncertainty about the code costs 10 and another round ROUND_COST alone, RACE_ROUND_COST
        against others; a pending guess is worth its probability over the puzzles still possible."""
        if state.over or state.out[seat]:
            return 0.0
        answers, wrong = state.knowledge(seat)
        puzzles = consistent(state.cards, answers, wrong, state.mode == "nightmare")
        base = SOLVED_POINTS + (SOLO_GOAL if state.n == 1 else 0.0) - state.questions(seat)
        phase = state.phase[seat]
        if phase == FINISHED and state.guess[seat] >= 0:
            right = sum(1 for a in puzzles if a[1] == state.guess[seat])
            return base * right / len(puzzles)
        if phase == GUESSING:  # the best guess that starts with the digits punched so far
            start = tuple(state.guessed[seat])
            counts: dict[int, int] = {}
            for a in puzzles:
                if digits_of(a[1])[:len(start)] == start:
                    counts[a[1]] = counts.get(a[1], 0) + 1
            return base * max(counts.values(), default=0) / len(puzzles)
        return base - (ROUND_COST if state.n == 1 else RACE_ROUND_COST) - 10.0 * code_spread(puzzles)

    def max_game_length(self, n_players: int, options: dict) -> int:
        # A round, for each seat: three punches for its proposal, at most three questions (a stop
        # before the third is one more decision, so three at most), then a pass, or a guess and its
        # three punches (four). At most MAX_ROUNDS rounds.
        return MAX_ROUNDS * n_players * (3 + MAX_QUESTIONS + 1 + 3)


#: What another round costs in the heuristic: alone, only against par; against others, a race, in
#: which a pass with the code known must look clearly worse than guessing it, and a guess pays from
#: about a 60% chance on (docs/journal/bots.md, "Turing Machine against others").
ROUND_COST = 3.0
RACE_ROUND_COST = 30.0
#: Added to every seat's heuristic against others (the same for every move of a seat: greedy plays
#: as without it), so that the search's squashed margin reads a lead of 30 as about 0.75, not as a
#: sure win, and a real win (scores only) still as 1.
RACE_OFFSET = 200.0
#: Matches the greedy bot's weight for reaching a solo goal, so that passing with a likely win
#: ahead is not valued below a risky guess.
SOLO_GOAL = 1000.0

GAME = TuringMachine()

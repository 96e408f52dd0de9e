"""search3 plays Turing Machine from the seat's belief (issue 40): the game's own deduction, offered
through the engine hook `Game.belief`, read only from a world sampled for the seat."""

import statistics

import numpy as np

from meeple import bots, games
from meeple.bots.ismcts import IsmctsBot
from meeple.engine import Rng
from meeple.engine.belief import Belief
from meeple.games.turing_machine.belief import (
    NOT_FOUND,
    Puzzles,
    Race,
    _round_tree,
    _tie_share,
    belief_of,
    belief_of_public,
    peer_questions,
)
from meeple.games.turing_machine.components import N_CODES
from meeple.games.turing_machine.moves import ASKS, DONE, GUESS, PASS
from meeple.games.turing_machine.rules import DECIDE, MAX_QUESTIONS, QUESTION
from meeple.games.turing_machine.solver import consistent

from .test_search_bots import SpyGame

GAME = games.get("turing_machine")


def play_solo(level: str, options: dict, seed: int) -> tuple[bool, int]:
    state = GAME.setup(1, options, seed)
    bot, rng = bots.get(level), Rng(seed)
    while not GAME.is_over(state):
        GAME.apply(state, 0, bot.choose(GAME, state, 0, rng.fork()))
    return state.solved[0], state.questions(0)


def test_the_hook_offers_a_belief_only_where_a_game_has_one():
    assert isinstance(GAME.belief(), Belief)
    assert games.get("picnic").belief() is None
    assert bots.get("search3").belief and not bots.get("search2").belief
    assert not bots.get("search3+belief=0").belief  # the search as it was, for paired trials


def test_the_prior_weighs_a_puzzle_by_the_checks_its_code_passes():
    state = GAME.setup(1, {"mode": "extreme"}, 3)
    belief = belief_of(state, 0)
    puzzles = consistent(state.cards, (), ())
    assert len(belief.w) == len(puzzles) and abs(belief.code_probs(belief.w).sum() - 1) < 1e-9
    # A code that passes fewer checks on the cards was likelier to be dealt with those checks.
    assert len(set(belief.w.round(12))) > 1


def test_a_question_is_worth_what_it_teaches_about_the_code():
    state = GAME.setup(1, None, 5)
    belief = belief_of(state, 0)
    info = [belief.letter_info(belief.w, v) for v in range(belief.letters)]
    entropy = belief.code_entropy(belief.w)
    assert all(0 <= x.min() and x.max() <= 1 + 1e-9 for x in info) and entropy > 0
    # Against a brute-force split of the weighted puzzles by the answer, for one proposal.
    q, v = 37, 1
    answers = belief.answers(q)[v]
    yes = belief.w * answers
    no = belief.w - yes
    after = sum(part.sum() / belief.w.sum() * Puzzles.code_entropy(belief, part) for part in (yes, no) if part.sum())
    assert abs((entropy - after) - info[v][q]) < 1e-9


def test_the_belief_reads_only_a_world_sampled_for_its_seat():
    bot = bots.get("search3")
    for n in (1, 2):
        state = GAME.setup(n, {"mode": "nightmare"}, 11)
        rng = Rng(4)
        for _ in range(40):
            if GAME.is_over(state):
                break
            seat = min(GAME.to_move(state))
            spy = SpyGame(GAME, state, seat)
            move = bot.choose(spy, state, seat, Rng(seat))
            assert move in GAME.legal_moves(state, seat)
            assert "determinize" in spy.looks or len(GAME.legal_moves(state, seat)) == 1
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)) if seat else move)


def test_worlds_the_seat_cannot_tell_apart_get_the_same_belief_choice():
    bot = bots.get("search3")
    decided = 0
    for seed, n in ((21, 2), (22, 2), (23, 2), (24, 4)):  # four seats: the peers' model in round 1
        state = GAME.setup(n, None, seed)
        rng = Rng(2)
        while not GAME.is_over(state):
            seat = min(GAME.to_move(state))
            if len(GAME.legal_moves(state, seat)) > 1:
                worlds = [GAME.determinize(state, seat, Rng(k)) for k in range(4)]
                # The belief itself, handed each world (the bot hands it a world it sampled).
                choices = {str(GAME.belief().choose(world, seat, Rng(0))) for world in worlds}
                assert len(choices) == 1, choices
                decided += state.phase[seat] == DECIDE
            GAME.apply(state, seat, bot.choose(GAME, state, seat, rng.fork()))
    assert decided >= 3


def test_it_guesses_a_known_code_and_asks_when_it_is_not():
    for seed in range(6):
        for n in (1, 2):
            state = GAME.setup(n, None, seed)
            while state.phase[0] != QUESTION:  # the proposal it composes itself
                GAME.apply(state, 0, bots.get("search3").choose(GAME, state, 0, Rng(0)))
            assert bots.get("search3").choose(GAME, state, 0, Rng(0)) in ASKS  # nothing known yet
    # Asked until one code is left, alone: a guess, never a pass; before that, a pass.
    state = GAME.setup(1, None, 8)
    bot, rng = bots.get("search3"), Rng(1)
    seen = set()
    while not GAME.is_over(state):
        move = bot.choose(GAME, state, 0, rng.fork())
        if state.phase[0] == DECIDE:
            answers, wrong = state.knowledge(0)
            sure = len({p[1] for p in consistent(state.cards, answers, wrong)}) == 1
            assert move == (GUESS if sure else PASS)
            seen.add(move)
        assert move != DONE or state.phase[0] == QUESTION
        GAME.apply(state, 0, move)
    assert state.solved[0] and GUESS in seen


def test_fewer_questions_than_greedy_on_solo_puzzles():
    """A small sample of bench/turing_machine.py --compare (200 puzzles there); every one solved."""
    greedy, belief = [], []
    for i in range(0, 16, 2):  # extreme puzzles (nightmare ones cost greedy seconds each)
        options = {"mode": "extreme", "verifiers": 4 + i % 3}
        for level, out in (("greedy", greedy), ("search3", belief)):
            solved, questions = play_solo(level, options, 900 + i)
            assert solved, (level, options)
            out.append(questions)
    assert statistics.mean(belief) < statistics.mean(greedy)


def test_search_without_the_belief_still_searches():
    state = GAME.setup(2, None, 4)
    bot = IsmctsBot(iterations=30)
    assert not bot.belief
    bot.choose(GAME, state, 0, Rng(1))
    assert bot.last_iterations == 30
    bot = IsmctsBot(iterations=30, belief=True)
    bot.choose(GAME, state, 0, Rng(1))
    assert bot.last_iterations == 0


def test_a_round_lists_every_way_its_questions_can_go():
    tree = _round_tree(4)
    # No letter, one of 4 (yes or no), two of them (4 answers each), three (8 each).
    assert len(tree.nodes) == 1 + 4 * 2 + 6 * 4 + 4 * 8
    for i, (mask, said) in enumerate(tree.nodes):
        assert said & ~mask == 0 and tree.asked[i] == bin(mask).count("1")
        for v in range(4):
            if mask >> v & 1 or tree.asked[i] == MAX_QUESTIONS:
                assert tree.yes[i, v] == tree.no[i, v] == -1
            else:
                assert tree.nodes[tree.yes[i, v]] == (mask | 1 << v, said | 1 << v)
                assert tree.nodes[tree.no[i, v]] == (mask | 1 << v, said)


def _brute_round(race: Race, belief: Puzzles, w, answers, asked: frozenset) -> float:
    """A round's value by splitting the weighted puzzles answer by answer, every letter tried."""
    best = max(race.values(w, len(asked)))
    if len(asked) == MAX_QUESTIONS:
        return best
    for v in range(belief.letters):
        if v in asked:
            continue
        yes = w * answers[v]
        value = sum(part.sum() / w.sum() * _brute_round(race, belief, part, answers, asked | {v})
                    for part in (yes, w - yes) if part.sum() > 0)
        best = max(best, value)
    return best


def test_a_round_plan_is_worth_what_its_questions_split():
    for n, seed in ((2, 3), (4, 5)):
        state = GAME.setup(n, None, seed)
        belief = belief_of(state, 0)
        race = Race(state, 0, belief)
        proposals = [0, 37, 124]
        values, letters = race.round_plan(belief.w, proposals)
        for q, value, letter in zip(proposals, values, letters):
            assert abs(value - _brute_round(race, belief, belief.w, belief.answers(q), frozenset())) < 1e-9
            assert letter in range(-1, belief.letters)


def _known_after(belief: Puzzles, w, answers, asked: frozenset) -> float:
    """The best chance that the code is known after up to three questions on one proposal."""
    if len(set(np.asarray(belief.codes)[np.unique(belief.cidx[w > 0])])) == 1:
        return 1.0
    if len(asked) == MAX_QUESTIONS:
        return 0.0
    best = 0.0
    for v in range(belief.letters):
        if v not in asked:
            yes = w * answers[v]
            best = max(best, sum(part.sum() / w.sum() * _known_after(belief, part, answers, asked | {v})
                                 for part in (yes, w - yes) if part.sum() > 0))
    return best


def test_peers_find_the_code_in_round_one_as_often_as_the_best_proposal_allows():
    state = GAME.setup(2, None, 7)
    public = belief_of_public(state, ())
    needs = peer_questions(public)
    assert set(needs) <= set(range(NOT_FOUND + 1)) and 0 not in needs  # the cards alone never tell
    found = public.w[needs < NOT_FOUND].sum() / public.w.sum()
    best = max(_known_after(public, public.w, public.answers(q), frozenset()) for q in range(N_CODES))
    assert abs(found - best) < 1e-3  # a question saved may cost the best proposal a hair of its chance


def test_a_shared_first_place_is_split_between_the_seats_in_it():
    assert _tie_share([]) == 1.0
    assert _tie_share([(0.0, 1.0)] * 3) == 0.25  # three others as quick: a quarter of the win
    assert _tie_share([(1.0, 0.0), (0.0, 1.0)]) == 0.0  # one other quicker: nothing
    # Each of two others ties half the time: a whole, a half or a third of the win.
    assert abs(_tie_share([(0.0, 0.5)] * 2) - (0.25 + 0.5 / 2 + 0.25 / 3)) < 1e-12

"""The bot levels offered at tables: legal, reproducible, picklable, blind to hidden facts, and stronger with budget."""

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple import bots, games
from meeple.analysis.simulate import play_one
from meeple.bots.ismcts import IsmctsBot, rewards_from_outcome, rewards_from_ranks, rewards_from_values, root_priors
from meeple.engine import MeepleError, Outcome, Rng
from meeple.testing.checks import SpyGame  # the game as a bot sees it: the true state only through its seat

from .toys import Bait, SealedPicks, TakeAway

GAMES = games.all()
LEVELS = bots.levels()


def test_levels_offered_at_tables():
    assert LEVELS == ["random", "greedy", "search1", "search2", "search3"]
    budgets = [bots.get(f"search{i}").iterations for i in (1, 2, 3)]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    assert bots.get("search3").seconds is not None and bots.get("search3").seconds < 1.0
    with pytest.raises(MeepleError, match="Unknown bot 'search9'. Bots: random, greedy, search1"):
        bots.get("search9")


def _positions(game, n, seed, stops=4):
    """Positions along one random game: the start and a few points further on."""
    state = game.setup(n, None, seed)
    rng = Rng(seed)
    found = [game.clone(state)]
    length = 0
    while not game.is_over(state) and len(found) < stops:
        seat = min(game.to_move(state))
        game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        length += 1
        if length % (7 + seed % 5) == 0 and not game.is_over(state):
            found.append(game.clone(state))
    return found


@pytest.mark.parametrize("priors", [False, True], ids=["ucb", "priors"])
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_search_sees_the_true_state_only_through_its_own_seat(game, priors):
    # With priors, the other seats also play greedy's choice in the tree (read in sampled worlds only).
    bot = IsmctsBot(iterations=12, prior_weight=1.0 if priors else 0.0, greedy_opponents=3 if priors else None)
    for n in (game.min_players, game.max_players):
        for state in _positions(game, n, seed=n):
            for seat in sorted(game.to_move(state)):
                spy = SpyGame(game, state, seat)
                move = bot.choose(spy, state, seat, Rng(seat))
                assert move in game.legal_moves(state, seat)
                assert "determinize" in spy.looks or len(game.legal_moves(state, seat)) == 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_level_chooses_legal_moves_and_survives_pickling(game):
    for level in LEVELS:
        bot = pickle.loads(pickle.dumps(bots.get(level)))
        if isinstance(bot, IsmctsBot):
            bot.iterations, bot.seconds = 6, None  # the same code path at a test-sized budget
        for state in _positions(game, game.min_players, seed=3, stops=3):
            for seat in sorted(game.to_move(state)):
                assert bot.choose(game, state, seat, Rng(7)) in game.legal_moves(state, seat)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_iteration_budget_is_reproducible_under_a_seed(game):
    state = _positions(game, game.min_players, seed=11, stops=2)[-1]
    seat = min(game.to_move(state))
    first = IsmctsBot(iterations=30).choose(game, state, seat, Rng(42))
    again = pickle.loads(pickle.dumps(IsmctsBot(iterations=30))).choose(game, state, seat, Rng(42))
    assert first == again


def test_search_finds_the_winning_take():
    game = TakeAway()
    state = game.setup(2, None, 0)  # 10 counters: taking 2 leaves 8, a lost pile for the other side
    assert IsmctsBot(iterations=400).choose(game, state, 0, Rng(1)) == 2
    state["pile"] = 7
    assert IsmctsBot(iterations=400).choose(game, state, 0, Rng(2)) == 3


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_search_picks_best_in_a_simultaneous_secret_phase(seat):
    game = SealedPicks()
    state = game.setup(3, None, 0)
    if seat == 2:
        state["picks"][0] = 1  # a secret pick already made by another seat
    assert IsmctsBot(iterations=200).choose(game, state, seat, Rng(seat)) == 3


@pytest.mark.parametrize("horizon", ["end", "leaf"])
def test_at_three_seats_the_others_reply_as_greedy_would(horizon):
    # The bait wins only if seat 1 does not steal; a short search whose other seats try their moves in
    # turn rarely meets the steal and takes the bait, one whose others play greedy's choice never does.
    game = Bait()
    state = game.setup(3, None, 0)
    modelled = {IsmctsBot(iterations=20, horizon=horizon, greedy_opponents=3).choose(game, state, 0, Rng(s))
                for s in range(10)}
    searched = [IsmctsBot(iterations=20, horizon=horizon).choose(game, state, 0, Rng(s)) for s in range(10)]
    assert modelled == {"safe"}
    assert "bait" in searched
    # Opted into by the game where it paid (Relative Space at four or more seats), never by the level
    assert bots.get("search3").greedy_opponents is None
    assert games.get("relative_space").search_hints["greedy_opponents"] == 4


def test_greedy_opponents_leave_smaller_tables_as_they_were():
    game = Bait()
    state = game.setup(2, None, 0)
    for seed in range(6):
        old = IsmctsBot(iterations=20)
        new = IsmctsBot(iterations=20, greedy_opponents=3)
        assert old.choose(game, state, 0, Rng(seed)) == new.choose(game, state, 0, Rng(seed))
        roots = [bot.search(game, state, 0, Rng(seed)) for bot in (old, new)]
        trees = [{key: (child.visits, child.reward) for key, child in root.children.items()} for root in roots]
        assert trees[0] == trees[1]


def test_priors_follow_greedys_valuation_and_lead_a_short_search():
    game = SealedPicks()
    state = game.setup(2, None, 0)
    priors = root_priors(game, state, 0, Rng(0), samples=2, temperature=1.0)
    assert sorted(priors) == [1, 2, 3] and abs(sum(priors.values()) - 1) < 1e-9
    assert priors[3] > priors[2] > priors[1]  # greedy's order: the bigger pick scores more
    # One iteration: a search with priors plays the move they favour; without, the one it happened to try.
    assert {IsmctsBot(iterations=1, prior_weight=1.0).choose(game, state, 0, Rng(s)) for s in range(8)} == {3}
    assert len({IsmctsBot(iterations=1).choose(game, state, 0, Rng(s)) for s in range(8)}) > 1


def test_priors_are_left_out_below_their_branching():
    game = SealedPicks()
    state = game.setup(2, None, 0)
    assert IsmctsBot(iterations=5, prior_weight=1.0).search(game, state, 0, Rng(0)).priors is not None
    assert IsmctsBot(iterations=5, prior_weight=1.0, prior_min_moves=4).search(game, state, 0, Rng(0)).priors is None


def test_priors_are_left_out_when_they_would_take_too_much_of_the_time_limit():
    # Living Forest: greedy's valuation of a 42-move root took 0.16 s, more than the whole 0.1 s limit.
    game = SealedPicks()
    state = game.setup(2, None, 0)
    assert root_priors(game, state, 0, Rng(0), samples=2, temperature=1.0, budget=0.0) is None
    assert root_priors(game, state, 0, Rng(0), samples=2, temperature=1.0, budget=60.0) is not None
    rushed = IsmctsBot(iterations=5, seconds=1e-9, prior_weight=1.0)
    assert rushed.search(game, state, 0, Rng(0)).priors is None
    assert IsmctsBot(iterations=5, seconds=60, prior_weight=1.0).search(game, state, 0, Rng(0)).priors is not None


def test_priors_are_left_out_when_they_would_take_too_much_of_a_table_s_wall_cap():
    # A bot at a table on a busy host: the priors' CPU may be small while their wall time is not.
    game = SealedPicks()
    state = game.setup(2, None, 0)
    assert root_priors(game, state, 0, Rng(0), samples=2, temperature=1.0, wall_budget=0.0) is None
    assert root_priors(game, state, 0, Rng(0), samples=2, temperature=1.0, wall_budget=60.0) is not None
    hurried = IsmctsBot(iterations=5, prior_weight=1.0)
    hurried.wall_seconds = 1e-9
    assert hurried.search(game, state, 0, Rng(0)).priors is None
    calm = IsmctsBot(iterations=5, prior_weight=1.0)
    calm.wall_seconds = 60.0
    assert calm.search(game, state, 0, Rng(0)).priors is not None


def test_time_budget_stops_the_search():
    game = games.get("picnic")
    bot = IsmctsBot(iterations=10**9, seconds=0.05)
    bot.choose(game, game.setup(2, None, 0), 0, Rng(0))
    assert 0 < bot.last_iterations < 10**9


def test_the_world_pool_grows_with_the_search_when_asked():
    class Counting(type(games.get("picnic"))):
        sampled = 0

        def determinize(self, state, seat, rng):
            Counting.sampled += 1
            return super().determinize(state, seat, rng)

    game = Counting()
    state = game.setup(2, None, 0)
    for reuse, expected in ((None, 8), (4, 25)):
        Counting.sampled = 0
        IsmctsBot(iterations=100, worlds=8, world_reuse=reuse).search(game, state, 0, Rng(3))
        assert Counting.sampled == expected + 1  # the probe that picks the horizon samples one more
    with pytest.raises(ValueError, match="world_reuse must be at least 1"):
        IsmctsBot(world_reuse=0)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_scores_after_leaves_the_position_as_it_was(game):
    # A fast path may change the state in place while it judges a move; it must put it all back.
    for state in _positions(game, game.max_players, seed=5, stops=6):
        seat = min(game.to_move(state))
        before = game.to_json(state)
        for move in game.legal_moves(state, seat)[:12]:
            game.scores_after(state, seat, move)
        assert game.to_json(state) == before, game.id


def test_digging_for_dinos_keeps_its_counts_of_taken_tiles_true():
    # The heuristic reads the tiles taken by all seats from a running count kept in the state.
    game = games.get("digging_for_dinos")
    state, rng = game.setup(4, None, 9), Rng(9)
    while not game.is_over(state):
        seat = min(game.to_move(state))
        for move in game.legal_moves(state, seat)[:6]:
            game.scores_after(state, seat, move)
        game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        copy = game.clone(state)
        assert state.gone == copy.gone == [sum(c) for c in zip(*state.have)]


class _HintedPicnic(type(games.get("picnic"))):
    search_hints = {"horizon": "leaf", "finish_turn": True, "exploration": 0.3}


def test_game_search_hints_tune_the_level_not_its_budget():
    game = _HintedPicnic()
    level = bots.get("search2")
    tuned = level.tuned(game)
    assert (tuned.horizon, tuned.finish_turn, tuned.exploration) == ("leaf", True, 0.3)
    assert (tuned.iterations, tuned.worlds) == (level.iterations, level.worlds)
    assert level.horizon is None and level.tuned(games.get("picnic")) is level  # the level itself is untouched
    state = game.setup(2, None, 3)
    assert level.choose(game, state, 0, Rng(5)) in game.legal_moves(state, 0)
    assert level.last_iterations > 0


def test_hints_for_a_player_count_change_only_that_count():
    class ByCount(_HintedPicnic):
        search_hints_by_players = {4: {"exploration": 0.9, "finish_turn": False}}

    game, level = ByCount(), bots.get("search1")
    assert (level.tuned(game, 4).exploration, level.tuned(game, 4).finish_turn) == (0.9, False)
    assert (level.tuned(game, 3).exploration, level.tuned(game, 3).horizon) == (0.3, "leaf")
    state = game.setup(4, None, 2)
    assert level.choose(game, state, 0, Rng(1)) in game.legal_moves(state, 0)


def test_a_setting_named_after_plus_is_played_over_the_games_hints():
    # A paired trial "search3+horizon=end" must play horizon end, even where the game hints "leaf".
    game = _HintedPicnic()
    named = bots.get("search2+horizon=end+exploration=0.7").tuned(game)
    assert (named.horizon, named.exploration, named.finish_turn) == ("end", 0.7, True)
    assert bots.get("search2").tuned(game).horizon == "leaf"


def test_bad_search_hints_are_refused_by_name():
    class Typo(_HintedPicnic):
        search_hints = {"horizn": "leaf"}

    class BadHorizon(_HintedPicnic):
        search_hints = {"horizon": "tomorrow"}

    with pytest.raises(ValueError, match="unknown setting.*horizn"):
        bots.get("search1").tuned(Typo())
    with pytest.raises(ValueError, match="unknown horizon 'tomorrow'"):
        bots.get("search1").tuned(BadHorizon())


def _prefers_ones(world, seat):
    return 5.0 if world["picks"][seat] == 1 else 0.0


def test_a_leaf_bonus_is_the_searchs_own_valuation_and_off_at_weight_zero():
    # Three iterations: each pick tried once and judged at once; a bonus worth more than the 2 points
    # between a 3 and a 1 turns the search to the 1, a weight of 0 leaves it as it was.
    game = SealedPicks()
    state = game.setup(3, None, 0)
    plain = IsmctsBot(iterations=3, horizon="leaf").choose(game, state, 0, Rng(1))
    bonus = IsmctsBot(iterations=3, horizon="leaf", leaf_bonus=_prefers_ones).choose(game, state, 0, Rng(1))
    off = IsmctsBot(iterations=3, horizon="leaf", leaf_bonus=_prefers_ones, leaf_bonus_weight=0.0)
    assert (plain, bonus, off.choose(game, state, 0, Rng(1))) == (3, 1, 3)
    with pytest.raises(ValueError, match="leaf_bonus"):
        IsmctsBot(leaf_bonus="assets")  # type: ignore[arg-type]


def test_draft_and_write_records_counts_assets_in_its_search_at_three_and_four_seats_only():
    from meeple.games.draft_and_write_records.search import assets_marked
    from meeple.games.draft_and_write_records.sheet import F_ASSETS

    game = games.get("draft_and_write_records")
    assert bots.get("search3").tuned(game, 3).leaf_bonus is assets_marked
    for n, counted in ((2, 0.0), (3, 2.0), (4, 2.0)):
        state = game.setup(n, None, 1)
        state.sheets[0][F_ASSETS] = 0b101
        assert assets_marked(state, 0) == counted and assets_marked(state, 1) == 0.0


def test_finish_turn_completes_a_half_made_turn_before_judging():
    game = games.get("picnic")
    state = game.setup(2, None, 4)
    seat = min(game.to_move(state))
    game.apply(state, seat, game.legal_moves(state, seat)[0])  # took a tile; placing it is still to come
    assert game.to_move(state) == {seat}
    judged = game.clone(state)
    IsmctsBot(horizon="leaf", finish_turn=True)._rollout(game, judged, Rng(1), "leaf", seat)
    assert game.to_move(judged) != {seat}  # the tile was placed, the turn passed on
    untouched = game.clone(state)
    IsmctsBot(horizon="leaf")._rollout(game, untouched, Rng(1), "leaf", seat)
    assert game.to_move(untouched) == {seat}


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=-50, max_value=200), min_size=2, max_size=6))
def test_rewards_follow_the_ranking(values):
    rewards = rewards_from_values([float(v) for v in values], margin_weight=0.2)
    for a in range(len(values)):
        assert 0.0 <= rewards[a] <= 1.0
        for b in range(len(values)):
            if values[a] > values[b]:
                assert rewards[a] > rewards[b]
            if values[a] == values[b]:
                assert rewards[a] == pytest.approx(rewards[b])
    assert rewards_from_ranks([1, 2, 2, 4]) == [1.0, 0.5, 0.5, 0.0]


def test_solo_rewards_are_won_or_lost_with_a_little_of_the_score():
    assert rewards_from_ranks([1]) == [1.0] and rewards_from_ranks([2]) == [0.0]
    won, near_miss, bust = (rewards_from_outcome(Outcome.solo(score, ok, ""), 0.2)[0]
                            for score, ok in ((16, True), (15, False), (0, False)))
    assert won > 0.8 > 0.2 >= near_miss > bust > 0.0
    assert rewards_from_values([12.0], 0.2)[0] > rewards_from_values([3.0], 0.2)[0]  # judged before the end


def _head_to_head(game, strong, weak, deals):
    """Win share of `strong` in 2-player games, each deal played from both seats."""
    share = 0.0
    for seed in range(deals):
        for seats in ((strong, weak), (weak, strong)):
            record = play_one(game, 2, None, 900 + seed, list(seats))
            me = seats.index(strong)
            winners = [s for s, r in enumerate(record.ranks) if r == 1]
            share += (me in winners) / len(winners)
    return share / (2 * deals)


def test_picnic_search_beats_random_and_greedy():
    game = games.get("picnic")
    assert _head_to_head(game, "search1", "random", deals=2) >= 3 / 4
    # Six deals from both seats: two were too few once greedy valued its moves on shared worlds
    # (search1 won 0.67 of 24 games against it, 0.25 of the first 4).
    assert _head_to_head(game, "search1", "greedy", deals=6) >= 0.5


# ----- one seat: the "twenty" toy (tests/toys/twenty), won or lost against its target ------------------

def _twenty_solo(hidden, drawn, target=16):
    """A solo Twenty position: the face-down card, the cards drawn, the rest of the deck to draw."""
    from tests.toys.twenty.rules import DECK

    game = games.get("twenty")
    state = game.setup(1, {"target": target}, 0)
    deck = list(DECK)
    for card in (hidden, *drawn):
        deck.remove(card)
    state.deck, state.hidden, state.drawn = deck, [hidden], [list(drawn)]
    return game, state


@pytest.mark.parametrize("seed", range(4))
def test_solo_search_plays_for_the_game_s_own_goal(seed):
    """At 19 with a target of 16, stopping wins and drawing almost surely busts; at 8, stopping loses
    and one more card cannot bust. A search that could not tell a won solo game from a lost one
    would pick at random."""
    bot = IsmctsBot(iterations=120)
    game, state = _twenty_solo(10, [9])
    assert game.move_text(bot.choose(game, state, 0, Rng(seed))) == "stop"
    game, state = _twenty_solo(5, [3])
    assert game.move_text(bot.choose(game, state, 0, Rng(seed))) == "draw"


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_whole_solo_game(level):
    game = games.get("twenty")
    for seed in range(3):
        record = play_one(game, 1, None, seed, [level])
        assert len(record.scores) == 1 and record.ranks in ([1], [2])
        assert record.verdict.endswith(("reached.", "missed."))
        assert sum(record.decisions) == record.moves > 0

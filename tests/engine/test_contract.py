"""Checks every registered game must pass, through the engine contract alone.

The tests' toy games (tests/toys, registered in tests/conftest.py) run here too,
so a solo game and a game with empty move tuples are always among them.
"""

import json
from itertools import combinations

import pytest

from meeple import games
from meeple.engine import (
    ALL,
    IMPERFECT,
    PERFECT,
    IllegalMove,
    NotationError,
    OptionError,
    PositionError,
    Rng,
    UnknownGame,
    resolve_options,
)
from tests.playouts import spread, walk
from tests.tables import one_at_a_time as tables
from tests.tables import playable

GAMES = games.all()


def random_game(game, n, seed, limit=20_000, options=None):
    state = game.setup(n, options, seed)
    rng = Rng(seed + 99)
    history = []
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_move(state)))
        move = rng.choice(game.legal_moves(state, seat))
        state, _ = game.play(state, seat, move)
        history.append((seat, move))
        assert len(history) < limit, "game did not end"
    return state, history


def player_counts(game):
    return range(game.min_players, game.max_players + 1)


def test_registry_lists_and_finds_games():
    assert "picnic" in games.ids()
    assert games.get("picnic").id == "picnic"
    with pytest.raises(UnknownGame, match="Unknown game 'chess'"):
        games.get("chess")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_unsupported_player_counts_are_refused(game):
    with pytest.raises(OptionError, match="players"):
        game.setup(game.max_players + 1, None, 0)
    with pytest.raises(OptionError, match="Unknown option"):
        game.setup(game.min_players, {"no_such_option": 1}, 0)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_random_games_end_replay_and_round_trip(game):
    for n, options in tables(game):
        state, history = random_game(game, n, seed=n, options=options)
        outcome = game.outcome(state)
        assert outcome is not None and len(outcome.scores) == len(outcome.ranks) == n
        if n == 1:  # a solo game is won (rank 1) or lost (rank 2) against its goal, in words
            assert outcome.is_solo and outcome.ranks[0] in (1, 2) and outcome.verdict
        else:
            # someone is ranked first, unless the game says in words that nobody wins (Turing Machine)
            assert (sorted(outcome.ranks)[0] == 1 or outcome.reasons) and not outcome.verdict
        assert game.players(state) == n
        again = game.setup(n, options, n)
        for seat, move in history:
            again, _ = game.play(again, seat, move)
        assert game.to_json(again) == game.to_json(state)
        loaded = game.from_json(json.loads(json.dumps(game.to_json(state))))
        assert game.to_json(loaded) == game.to_json(state)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_moves_round_trip_through_text_and_json(game):
    state = game.setup(game.min_players, None, 5)
    rng = Rng(5)
    for _ in range(60):
        if game.is_over(state):
            break
        seat = min(game.to_move(state))
        for move in game.legal_moves(state, seat):
            assert game.parse_move(game.move_text(move)) == move
            assert game.move_from_json(json.loads(json.dumps(game.move_to_json(move)))) == move
        state, _ = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_bad_input_changes_nothing(game):
    state = game.setup(game.min_players, None, 11)
    before = game.dumps(state)
    seat = min(game.to_move(state))
    others = [s for s in range(game.min_players) if s not in game.to_move(state)]
    if others:
        with pytest.raises(IllegalMove):
            game.play(state, others[0], game.legal_moves(state, seat)[0])
    with pytest.raises(NotationError):
        game.parse_move("%% not a move %%")
    with pytest.raises(NotationError):
        game.move_from_json({"no": "such move"})
    for bad in ({"game": "something else"}, [game.to_json(state)], "position", None,
                {"game": game.id}, {**game.to_json(state), "version": "nine"}):
        with pytest.raises(PositionError):
            game.from_json(bad)
    assert game.dumps(state) == before


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_and_sheets_are_json(game):
    # Along whole games, every phase: a view or sheet that is not JSON breaks the server mid-game.
    for n, options in tables(game):
        for state in spread(walk(game, n, seed=3 + n, options=options), 20):
            for viewer in [None, *range(n)]:
                assert json.loads(json.dumps(game.view(state, viewer))) == game.view(state, viewer)
                sheets = game.score_sheet(state, viewer)
                assert [sheet.seat for sheet in sheets] == list(range(n))
                json.dumps([sheet.to_json() for sheet in sheets])
            json.dumps([sheet.to_json() for sheet in game.score_sheet(state, ALL)])
            outcome = game.outcome(state)
            assert (outcome is None) == (not game.is_over(state))
            if outcome is not None:
                json.dumps(outcome.to_json())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_after_an_in_place_move_are_never_stale(game):
    # The hall applies moves in place and asks for views and sheets after each one; a game that keeps
    # a view's parts or a sheet between calls must drop them when a move changes the position. The
    # reference is the same position read back from its JSON, which starts with nothing kept.
    for n, options in tables(game):
        state = game.setup(n, options, 13 + n)
        rng = Rng(n + 5)
        for step in range(300):
            fresh = game.from_json(game.to_json(state))
            for viewer in [None, *range(n)]:
                assert game.view(state, viewer) == game.view(fresh, viewer), (game.id, n, options, step, viewer)
                assert ([sheet.to_json() for sheet in game.score_sheet(state, viewer)]
                        == [sheet.to_json() for sheet in game.score_sheet(fresh, viewer)]), (game.id, n, options, step)
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.to_move(state)))
            game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_determinize_keeps_the_seats_view(game):
    state = game.setup(game.min_players, None, 21)
    rng = Rng(1)
    for _ in range(30):
        if game.is_over(state):
            break
        seat = min(game.to_move(state))
        world = game.determinize(state, seat, rng)
        assert game.view(world, seat) == game.view(state, seat)
        state, _ = game.play(state, seat, rng.choice(game.legal_moves(state, seat)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_move_said_to_hide_nothing_leads_to_one_view_in_every_world(game):
    # Bots value a move `hides_outcome` calls False once, on the true state: so in every world the
    # seat cannot tell apart, that move must lead to the same view for the seat.
    checked = 0
    for n, options in tables(game):
        for state in spread(walk(game, n, seed=60 + n, options=options), 12):
            for seat in sorted(game.to_move(state)):
                rng = Rng(checked)
                world = game.determinize(state, seat, rng)
                for move in game.legal_moves(state, seat)[:12]:
                    if game.hides_outcome(state, seat, move):
                        continue
                    after, beside = game.clone(state), game.clone(world)
                    game.apply(after, seat, move)
                    game.apply(beside, seat, move)
                    if game.is_over(after):
                        continue  # the end shows everything; the bots sample worlds for it themselves
                    assert game.view(beside, seat) == game.view(after, seat), (game.id, n, options, move)
                    checked += 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_fast_scores_equal_the_sheet_totals(game):
    # Search bots read `scores`; a game's fast path must agree with its score sheet everywhere.
    for n in (game.min_players, game.max_players):
        state = game.setup(n, None, 31 + n)
        rng = Rng(n)
        while True:
            assert game.scores(state) == [sheet.total for sheet in game.score_sheet(state, ALL)]
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.to_move(state)))
            game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_scores_after_a_move_equal_playing_it_on_a_copy(game):
    # The search judges rollout moves by `scores_after`; a game's fast answer must be the copy's.
    for n in (game.min_players, game.max_players):
        state = game.setup(n, None, 41 + n)
        rng = Rng(n)
        while not game.is_over(state):
            seat = rng.choice(sorted(game.to_move(state)))
            for move in game.legal_moves(state, seat)[:8]:
                after = game.clone(state)
                game.apply(after, seat, move)
                expected = (game.scores(after), game.heuristic(after, seat))
                assert game.scores_after(state, seat, move) == expected, (game.id, n, move)
            game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_search_hints_name_real_settings(game):
    from meeple.bots.ismcts import IsmctsBot

    for players in [None, *range(game.min_players, game.max_players + 1)]:
        IsmctsBot().tuned(game, players)  # raises on an unknown setting or value


# ----- move identity: a move of one kind never passes as a move of another ------------------------------


def move_pool(game, per_count=3):
    """Every move seen along random games at every player count, by JSON form (one object each),
    plus what the text notation of each parses to."""
    pool = {}
    for n, options in tables(game):
        for seed in range(per_count):
            for state in walk(game, n, seed=100 + seed, options=options):
                for seat in game.to_move(state):
                    for move in game.legal_moves(state, seat):
                        pool.setdefault(json.dumps(game.move_to_json(move), sort_keys=True), move)
    for move in list(pool.values()):
        parsed = game.parse_move(game.move_text(move))
        pool.setdefault(json.dumps(game.move_to_json(parsed), sort_keys=True), parsed)
    return pool


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_moves_of_two_kinds_never_compare_equal(game):
    pool = list(move_pool(game, per_count=2).values())
    kinds = {}
    for move in pool:
        kinds.setdefault(move.__class__, []).append(move)
    for a_kind, b_kind in combinations(kinds, 2):
        for a in kinds[a_kind]:
            for b in kinds[b_kind]:
                for x, y in ((a, b), (b, a)):  # both ways: Python asks the left operand first
                    assert x != y and not (x == y), f"{game.id}: {x!r} compares equal to {y!r}"
                    assert {x: 1}.get(y) is None, f"{game.id}: {y!r} finds {x!r} in a dict"


def every_phase(game, positions, k):
    """About k positions spread along a game, plus the first position of every phase, a phase
    being told by the kinds of move its seats may make (a rare one, like Wizard's choice of trump
    after a Wizard is turned up, must not be missed)."""
    chosen, seen = spread(positions, k), set()
    for state in positions:
        kinds = frozenset(m.__class__ for s in game.to_move(state) for m in game.legal_moves(state, s))
        if kinds not in seen:
            seen.add(kinds)
            chosen.append(state)
    return chosen


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_parsable_move_is_refused_unless_legal_there(game):
    # Every move the game can parse (seen anywhere, in any phase) is offered at positions along
    # other random games: it is accepted exactly when its JSON is among the legal moves' JSON, and
    # refused with IllegalMove, state untouched, otherwise. Comparing JSON (not ==) is what catches
    # one kind of move passing as another.
    # Mistakes of identity are by kind: some of each kind is enough, spread over its forms.
    by_kind = {}
    for key, move in sorted(move_pool(game, per_count=2).items()):
        by_kind.setdefault(move.__class__, []).append((key, move))
    pool = dict(pair for pairs in by_kind.values() for pair in spread(pairs, 24))
    for n, options in tables(game):
        for state in every_phase(game, walk(game, n, seed=900 + n, options=options), 6):
            before = game.dumps(state)
            for seat in range(n):
                legal = {json.dumps(game.move_to_json(m), sort_keys=True) for m in game.legal_moves(state, seat)}
                for key, move in pool.items():
                    for candidate in (game.move_from_json(json.loads(key)), game.parse_move(game.move_text(move))):
                        if key in legal:
                            after, _ = game.play(state, seat, candidate)
                            assert after is not state
                        else:
                            with pytest.raises(IllegalMove):
                                game.play(state, seat, candidate)
                            assert not game.is_legal(state, seat, candidate)
            assert game.dumps(state) == before


# ----- metadata the engine owns ---------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_declared_metadata_holds_along_random_games(game):
    assert game.information in (PERFECT, IMPERFECT)
    assert isinstance(game.chance, bool)
    for n, options in tables(game):
        bound = game.max_moves(n, resolve_options(game.options, options))
        assert isinstance(bound, int) and bound >= 1
        for seed in range(3):
            for state in walk(game, n, seed=40 + seed, options=options):
                assert game.players(state) == n
                assert isinstance(game.public_choices(state), bool)
                for seat in range(n):
                    moves = game.legal_moves(state, seat)
                    assert len(moves) <= bound, f"{game.id} at {n}: {len(moves)} moves, max_moves says {bound}"
                    assert bool(moves) == (seat in game.to_move(state))
                # The greedy bot reads `seat_scores` (`scores` when the game says its totals are all
                # public): it must agree with the totals of the sheet each seat sees.
                for v in range(n):
                    assert game.seat_scores(state, v) == [sh.total for sh in game.score_sheet(state, v)]
                if game.information == PERFECT:
                    # Nothing hidden: every seat and a spectator see the same position.
                    views = [game.view(state, v) for v in [None, *range(n)]]
                    assert all(v == views[0] for v in views)
    described = game.describe()
    assert described["solo"] == (game.min_players == 1)
    assert described["information"] == game.information and described["chance"] == game.chance


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_clone_is_independent(game):
    for state in spread(walk(game, game.max_players, seed=5), 10):
        copy = game.clone(state)
        before = game.dumps(state)
        while not game.is_over(copy):
            seat = min(game.to_move(copy))
            game.apply(copy, seat, game.legal_moves(copy, seat)[0])
        assert game.dumps(state) == before


def test_tables_reach_every_option_value():
    wizard = games.get("wizard")
    found = tables(wizard)
    assert (3, {"predictions": "secret"}) in found and (6, {"single_round": 1}) in found
    assert any("species" in options for _, options in tables(games.get("vent_life")))
    assert any(len(options) > 1 for _, options in found)
    assert all(playable(wizard, n, options) for n, options in found)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_game_ending_move_is_a_barrier_and_previews_no_hidden_row(game):
    # The end shows every row: its preview must not, and such a move is never left pending.
    for n in player_counts(game):
        positions = walk(game, n, seed=60 + n)
        before = positions[-2]
        for seat in game.to_move(before):
            for move in game.legal_moves(before, seat):
                after, _ = game.play(before, seat, move)
                if not game.is_over(after):
                    continue
                assert game.is_barrier(before, seat, move)
                for viewer in range(n):
                    now = game.score_sheet(before, viewer)
                    shown = game.preview(before, seat, move, viewer)
                    for sheet_now, sheet_shown in zip(now, shown):
                        if sheet_now.hidden:
                            assert sheet_shown == sheet_now, f"{game.id}: the end's preview shows a hidden row"

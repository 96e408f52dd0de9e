"""Checks every registered game must pass, through the engine contract alone."""

import json

import pytest

from meeple import games
from meeple.engine import ALL, IllegalMove, NotationError, OptionError, PositionError, Rng, UnknownGame

GAMES = games.all()


def random_game(game, n, seed, limit=20_000):
    state = game.setup(n, None, seed)
    rng = Rng(seed + 99)
    history = []
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_move(state)))
        move = rng.choice(game.legal_moves(state, seat))
        state, _ = game.play(state, seat, move)
        history.append((seat, move))
        assert len(history) < limit, "game did not end"
    return state, history


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
    for n in range(game.min_players, game.max_players + 1):
        state, history = random_game(game, n, seed=n)
        outcome = game.outcome(state)
        assert outcome is not None and sorted(outcome.ranks)[0] == 1
        again = game.setup(n, None, n)
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
    with pytest.raises(PositionError):
        game.from_json({"game": "something else"})
    assert game.dumps(state) == before


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_views_and_sheets_are_json(game):
    state = game.setup(game.max_players, None, 3)
    for viewer in [None, *range(game.max_players)]:
        json.dumps(game.view(state, viewer))
        json.dumps([sheet.to_json() for sheet in game.score_sheet(state, viewer)])
    json.dumps([sheet.to_json() for sheet in game.score_sheet(state, ALL)])


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_determinize_keeps_the_seats_view(game):
    state, _ = random_game(game, game.min_players, seed=21)
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
def test_search_hints_name_real_settings(game):
    from meeple.bots.ismcts import IsmctsBot

    for players in [None, *range(game.min_players, game.max_players + 1)]:
        IsmctsBot().tuned(game, players)  # raises on an unknown setting or value

"""Assyria's view carries what the board draws food cards and hexes from (issue 34): each food with its
words and each card with its food, count and price, so that a food kind added to the components draws
without a change to the board (web/games/assyria.js reads these, never a table of its own)."""

from __future__ import annotations

from meeple import games
from meeple.engine import Rng
from meeple.games.assyria.components import FOOD_WORDS, FOODS, KIND_COST, KIND_NAMES, PLOW_COST, WILD


def _views_along_a_game(n: int, seed: int):
    game = games.get("assyria")
    state = game.setup(n, None, seed)
    rng = Rng(seed)
    while not game.is_over(state):
        seat = min(game.to_move(state))
        yield game, state, seat
        moves = game.legal_moves(state, seat)
        game.apply(state, seat, moves[rng.next_u64() % len(moves)])
    yield game, state, None


def test_foods_and_cards_in_the_view_come_from_the_components():
    game = games.get("assyria")
    view = game.view(game.setup(3, None, 1), 0)
    assert [f["key"] for f in view["foods"]] == list(FOODS)
    assert [(f["one"], f["many"]) for f in view["foods"]] == list(FOOD_WORDS)
    assert view["cards"]["date3"] == {"food": "date", "count": 3, "cost": 2}
    assert view["cards"]["salt1"] == {"food": "salt", "count": 1, "cost": 1}
    assert view["cards"][KIND_NAMES[WILD]] == {"food": None, "count": 1, "cost": KIND_COST[WILD]}
    assert view["cards"]["plow"] == {"food": None, "count": 1, "cost": PLOW_COST, "plow": True}
    # A view's tables are its own: changing one never changes the next view.
    view["cards"]["date3"]["count"] = 9
    view["foods"][0]["many"] = "x"
    again = game.view(game.setup(3, None, 1), 1)
    assert again["cards"]["date3"]["count"] == 3 and again["foods"][0]["many"] == "barley"


def test_every_card_and_hex_the_view_names_is_in_its_tables():
    """Rows, hands, the draft, the discard, the card in use and the hexes: each named card has its entry
    (food, count) and each food its words, for every seat and a spectator, along whole games."""
    for n, seed in ((2, 5), (4, 8)):
        for step, (game, state, _) in enumerate(_views_along_a_game(n, seed)):
            if step % 7:
                continue
            for viewer in (*range(n), None):
                view = game.view(state, viewer)
                foods = {f["key"] for f in view["foods"]}
                named = [c for row in view["rows"] for c in row if c] + list(view["draft"])
                named += [c for hand in view["hands"] for c in hand] + list(view["discard"])
                if view["in_use"]:
                    named.append(view["in_use"]["card"])
                for card in named:
                    entry = view["cards"][card]
                    assert entry["food"] is None or entry["food"] in foods, card
                    assert entry["count"] >= 1
                assert {cell["food"] for cell in view["map"]["hexes"]} <= foods

"""Properties over many random games: hidden parts never in another seat's view, positions and
moves round-trip, scores match the sheets, the sheet's counts stay in their ranges.
DWR_GAMES raises the number of games (default light: 300)."""

from __future__ import annotations

import json
import os

from meeple.engine import ALL, Rng
from meeple.games.draft_and_write_records import GAME
from meeple.games.draft_and_write_records.sheet import F_CASH, F_FAILS, F_MULT, F_TOUR, F_USED

GAMES = int(os.environ.get("DWR_GAMES", "200"))


def hidden_ids(state, viewer):
    """Card ids in others' hands and discards, and others' private goals, that the viewer may not see."""
    cards, goals = set(), set()
    for s in range(state.n):
        if s != viewer:
            cards.update(state.hands[s])
            cards.update(state.discards[s])
            if state.private[s] >= 0:
                goals.add(state.private[s])
            goals.update(state.offers[s])
    if viewer is not None and 0 <= viewer < state.n:
        cards -= set(state.hands[viewer]) | set(state.discards[viewer])
    return cards - set(state.deck[:0]), goals


def walk_ids(node, key, out):
    if isinstance(node, dict):
        if key in node and "kind" in node if key == "card" else False:
            out.add(node["id"])
        for k, v in node.items():
            if k in ("hand", "discard", "private", "offers") and v:
                items = v if isinstance(v, list) else [v]
                out.update(("goal" if "points" in i else "card", i["id"]) for i in items)
            walk_ids(v, key, out)
    elif isinstance(node, list):
        for v in node:
            walk_ids(v, key, out)


def test_random_games_keep_their_invariants_and_hide_what_is_hidden():
    for g in range(GAMES):
        n = 1 + g % 6
        state = GAME.setup(n, None, 1000 + g)
        rng = Rng(g)
        check = g % 10 == 0
        while not GAME.is_over(state):
            for sheet in state.sheets:
                assert 0 <= sheet[F_FAILS] <= 8 and 0 <= sheet[F_TOUR] <= 12 and 0 <= sheet[F_CASH] <= 6
                assert 0 <= sheet[F_USED] <= sheet[F_MULT] <= 4
            if check:
                assert GAME.scores(state) == [s.total for s in GAME.score_sheet(state, ALL)]
                for viewer in [None, *range(n)]:
                    seen = set()
                    walk_ids(GAME.view(state, viewer), "", seen)
                    cards, goals = hidden_ids(state, viewer)
                    assert not {i for kind, i in seen if kind == "card"} & cards
                    assert not {i for kind, i in seen if kind == "goal"} & goals
                again = GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))
                assert GAME.dumps(again) == GAME.dumps(state)
            seat = rng.choice(sorted(GAME.to_move(state)))
            moves = GAME.legal_moves(state, seat)
            move = rng.choice(moves)
            assert GAME.parse_move(GAME.move_text(move)) == move
            assert GAME.move_from_json(GAME.move_to_json(move)) == move
            GAME.apply(state, seat, move)
        out = GAME.outcome(state)
        assert out is not None and len(out.scores) == n
        assert state.week <= 12

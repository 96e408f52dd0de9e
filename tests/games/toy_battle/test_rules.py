"""Hand-worked tests of every rule and effect of Toy Battle's page and the site's rulings."""

import json

import pytest

from meeple.engine import IllegalMove, PositionError, Rng
from meeple.games.toy_battle import GAME
from meeple.games.toy_battle.components import BOARDS, BY_KEY, CAPN, DRAW_ONE, JUMBO, PIN, RETURN, SKULLY
from meeple.games.toy_battle.rules import MAIN

from .helpers import BLUE, RED, moves, places, play, position

# Castle Field: Blue's HQ 1 - 11/12 - 13/14 ... 24/25 - Red's HQ 41; 15, 16, 20, 21 return a troop.


def test_setup_deals_three_and_four_and_sets_four_aside():
    state = GAME.setup(2, None, 3)
    assert [len(r) for r in state.rack] == [3, 4]
    assert [len(a) for a in state.aside] == [4, 4]
    assert [len(r) for r in state.reserve] == [17, 16]
    for s in (BLUE, RED):
        troops = sorted(state.rack[s] + state.aside[s] + state.reserve[s])
        assert troops == [k for k in range(1, 9) for _ in range(3)]
    assert GAME.to_move(state) == {BLUE}


def test_every_board_is_a_sound_graph():
    assert len(BOARDS) == 11
    for board in BOARDS:
        for node, links in board.adjacent.items():
            assert all(node in board.adjacent[nb] for nb in links), board.key
        assert all(all(b in board.adjacent and 10 < b < 40 for b in around) for around in board.regions)
        assert board.hqs[0] and board.hqs[1]
        assert 0 < board.target <= sum(board.medals)
    assert [b.target for b in BOARDS] == [7, 6, 8, 7, 7, 5, 7, 8, 7, 5, 7]
    assert BY_KEY["caribbean"].hqs == ((1, 2), (41,)) and BY_KEY["pool"].hqs == ((1, 2), (41, 42))


def test_random_board_option_picks_a_board():
    seen = {GAME.setup(2, {"board": "random"}, seed).board for seed in range(40)}
    assert len(seen) > 5


# ----- drawing -----------------------------------------------------------------

def test_draw_takes_two_and_ends_the_turn():
    state = position(racks=([7], [7]), reserves=([1, 2, 3], [5]))
    state = play(state, "draw")
    assert state.rack[BLUE] == [2, 3, 7] and state.reserve[BLUE] == [1]
    assert state.turn == RED


def test_with_seven_on_the_rack_one_is_drawn_and_with_eight_none():
    state = position(racks=([7] * 7, [7]), reserves=([1, 2, 3], [5]))
    assert play(state, "draw").rack[BLUE] == [3] + [7] * 7
    full = position(racks=([7] * 8, [7]), reserves=([1, 2, 3], [5]))
    assert "draw" not in moves(full)
    with pytest.raises(IllegalMove, match="rack is full"):
        play(full, "draw")


def test_a_last_troop_in_the_reserve_is_drawn_alone():
    state = play(position(racks=([7], [7]), reserves=([4], [5])), "draw")
    assert state.rack[BLUE] == [4, 7] and state.reserve[BLUE] == []


# ----- placing -----------------------------------------------------------------

def test_a_first_troop_goes_next_to_the_hq():
    assert places(position(racks=([7], [])), 7) == [11, 12]


def test_the_network_runs_through_own_bases_only():
    state = position(racks=([7], []), stacks={11: [(BLUE, 1)]})
    assert places(state, 7) == [11, 12, 13]
    state = position(racks=([7], []), stacks={11: [(BLUE, 1)], 13: [(RED, 2)]})
    assert places(state, 7) == [11, 12, 13]  # 13 is covered, but the path does not run through it


def test_only_a_weaker_enemy_troop_can_be_covered():
    state = position(racks=([3, 5, 7], []), stacks={11: [(BLUE, 1)], 13: [(RED, 5)]})
    assert 13 in places(state, 7)
    assert 13 not in places(state, 5)  # equal strength: no
    assert 13 not in places(state, 3)


def test_kwak_covers_anything_and_anything_covers_kwak():
    state = position(racks=([8, 1], []), stacks={11: [(BLUE, 1)], 13: [(RED, 7)]})
    assert 13 in places(state, 8) and 13 not in places(state, 1)
    state = position(racks=([1], []), stacks={11: [(BLUE, 1)], 13: [(RED, 8)]})
    assert 13 in places(state, 1)


def test_own_troops_may_be_covered_whatever_their_strength():
    state = position(racks=([1], []), stacks={11: [(BLUE, 7)]})
    assert 11 in places(state, 1)
    state = play(state, "1@11")
    assert state.stacks[11] == [7, 1]


def test_a_troop_on_the_enemy_hq_wins_at_once():
    path = {n: [(BLUE, 1)] for n in (11, 13, 17, 22, 24)}
    state = position(racks=([7], [7]), stacks=path)
    assert 41 in places(state, 7)
    state = play(state, "7@41")
    assert GAME.is_over(state) and state.winner == BLUE and state.reason == "hq"
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 2) and "enemy HQ" in outcome.reasons[0]


def test_hook_goes_on_any_base_but_not_on_an_unconnected_hq():
    state = position(racks=([4], []))
    assert places(state, 4) == [n for n in BY_KEY["castle"].nodes if 10 < n < 40]
    state = position(racks=([4], []), stacks={24: [(RED, 5)], 25: [(RED, 2)]})
    assert 24 not in places(state, 4) and 25 in places(state, 4) and 41 not in places(state, 4)


def test_hook_is_no_help_on_station_metal_x_special_bases():
    # Station Metal-X: 16, 17 and 18 switch troop effects off, Hook's included.
    state = position("station", racks=([4], []))
    assert not {16, 17, 18} & set(places(state, 4)) and 19 in places(state, 4)
    beginners = position("station", beginners=True, racks=([4], []))
    assert {16, 17, 18} <= set(places(beginners, 4))


def test_a_placement_that_is_not_legal_is_refused_in_words():
    state = position(racks=([7], []))
    with pytest.raises(IllegalMove, match="cannot go on node 13"):
        play(state, "7@13")
    with pytest.raises(IllegalMove, match="no Kwak"):
        play(state, "8@11")


# ----- regions and medals ----------------------------------------------------

def test_surrounding_a_region_claims_its_medals_for_good():
    # Region 2 of Castle Field is surrounded by 13, 15 and 17 (1 medal).
    state = position(beginners=True, racks=([7], [7]),
                     stacks={11: [(BLUE, 1)], 13: [(BLUE, 2)], 15: [(BLUE, 2)]})
    state = play(state, "7@17")
    assert state.medals == [1, 0] and state.claimed[1] == BLUE
    sheet = GAME.score_sheet(state)[BLUE]
    assert sheet.total == 1 and sheet.row("region2").points == 1 and sheet.row("region2").detail == "13 15 17"
    state.stacks[17].append(RED * 10 + 8)  # Red covers 17: the medal stays with Blue
    state.retop(17)
    state.turn = BLUE
    state.rack[BLUE] = [7]
    state = play(state, "7@12")
    assert state.medals == [1, 0]


def test_regions_are_claimed_whenever_a_base_changes_as_the_online_version_does():
    # Our ruling (the players' page says it): the help page claims after the turn's effects, but the
    # published online version checks regions at every change of a base, and we keep its way. Roxy on 15
    # (Castle Field's return) completes 13 15 17 at once: taking 17 back afterwards keeps the medal.
    start = position(racks=([7], [7]), stacks={11: [(BLUE, 1)], 13: [(BLUE, 2)], 17: [(BLUE, 2)]})
    placed = play(start, "7@15")
    assert placed.medals == [1, 0] and placed.claimed[1] == BLUE and "recall 17" in moves(placed)
    assert play(placed, "recall 17").medals == [1, 0]


def test_the_players_page_says_where_regions_are_claimed_and_why():
    from importlib.resources import files

    page = files("meeple.games.toy_battle").joinpath("how_to_play.md").read_text(encoding="utf-8")
    rulings = page.split("## Our rulings", 1)[1].split("\n## ", 1)[0]
    assert "online version" in rulings and "at once" in rulings


def test_a_running_position_whose_mover_can_neither_draw_nor_place_is_refused():
    # Red's Roxys hold 11 and 12, the only ways out of Blue's HQ; Blue's rack is full of weaker troops.
    # Such a game is over by the page; it used to load with no legal move and no outcome (issue 37).
    every = [k for k in range(1, 9) for _ in range(3)]
    stuck = position(racks=([1, 1, 1, 2, 2, 2, 3, 3], []), stacks={11: [(RED, 7)], 12: [(RED, 7)]})
    stuck.aside = [[4, 4, 4, 5], [1, 2, 3, 4]]
    stuck.reserve = [[3, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], every[:]]
    for kind in (7, 7, 1, 2, 3, 4):
        stuck.reserve[RED].remove(kind)
    data = GAME.to_json(stuck)
    with pytest.raises(PositionError, match="can neither draw nor place"):
        GAME.from_json(data)
    data["rack"][BLUE].remove(3)
    data["reserve"][BLUE].append(3)
    assert GAME.legal_moves(GAME.from_json(data), BLUE) == [GAME.parse_move("draw")]



def test_a_position_with_a_troop_of_no_seat_is_refused():
    data = GAME.to_json(position(stacks={11: [(BLUE, 1)]}))
    data["stacks"]["11"] = [[2, 1]]
    with pytest.raises(PositionError, match="Node 11: each troop is"):
        GAME.from_json(data)
    data["stacks"]["11"] = [[0, 9]]
    with pytest.raises(PositionError, match="Node 11: each troop is"):
        GAME.from_json(data)

def test_reaching_the_medal_target_wins_at_once():
    state = position(beginners=True, racks=([7], [7]),
                     stacks={11: [(BLUE, 1)], 13: [(BLUE, 2)], 15: [(BLUE, 2)]})
    state.medals = [6, 0]
    state = play(state, "7@17")
    assert GAME.is_over(state) and state.winner == BLUE and state.reason == "medals"


def test_a_player_who_can_neither_draw_nor_place_ends_the_game():
    # Red draws; Blue, with nothing on its rack and nothing to draw, ends the game.
    def after(medals):
        state = position(racks=([], [1]), reserves=([], [5, 5]), turn=RED)
        state.medals = list(medals)
        return play(state, "draw")

    tie = after((0, 0))
    assert GAME.is_over(tie) and tie.reason == "stuck" and tie.ender == BLUE
    assert tie.winner == RED and "loses a tie" in GAME.outcome(tie).reasons[0]
    assert after((2, 0)).winner == BLUE  # the player who ends it may still win on medals
    assert after((0, 2)).winner == RED


# ----- troop effects -----------------------------------------------------------

def test_skully_may_draw_two_or_pass():
    state = play(position(racks=([1, 7], []), reserves=([2, 3, 4], [5])), "1@11")
    assert state.stage == SKULLY and moves(state) == ["draw", "pass"]
    drawn = play(state, "draw")
    assert drawn.rack[BLUE] == [3, 4, 7] and drawn.turn == RED
    passed = play(state, "pass")
    assert passed.rack[BLUE] == [7] and passed.turn == RED


def test_skully_with_seven_on_the_rack_draws_one():
    state = play(position(racks=([1] + [7] * 7, []), reserves=([2, 3, 4], [5])), "1@11", "draw")
    assert state.rack[BLUE] == [4] + [7] * 7


def test_star_may_draw_one():
    state = play(position(racks=([6], []), reserves=([2, 3], [5])), "6@11")
    assert moves(state) == ["draw", "pass"]
    assert play(state, "draw").rack[BLUE] == [3]


def test_an_effect_with_nothing_to_choose_is_skipped():
    state = play(position(racks=([6], []), reserves=([], [5])), "6@11")  # Star, empty reserve
    assert state.turn == RED and state.stage == MAIN


def test_capn_places_one_more_troop_which_applies_its_own_effect():
    state = play(position(racks=([2, 1, 7], []), reserves=([3, 4], [5])), "2@11")
    assert state.stage == CAPN and "pass" in moves(state) and "1@13" in moves(state)
    state = play(state, "1@13")
    assert state.stage == SKULLY and state.turn == BLUE
    state = play(state, "draw")
    assert state.rack[BLUE] == [3, 4, 7] and state.turn == RED


def test_capn_may_pass():
    assert play(position(racks=([2, 7], [])), "2@11", "pass").turn == RED


def test_jumbo_discards_an_adjacent_enemy_troop_and_shows_what_lies_below():
    state = position(racks=([3], []), stacks={14: [(BLUE, 1), (RED, 7)], 13: [(RED, 7)]})
    state = play(state, "3@12")  # 12 touches 1 and 14
    assert state.stage == JUMBO and moves(state) == ["hit 14", "pass"]
    state = play(state, "hit 14")
    assert state.stacks[14] == [1] and state.discard[RED] == [7] and state.turn == RED


def test_xb42_discards_a_random_troop_of_the_opponent_s_rack_face_up():
    state = play(position(racks=([5], [2, 3, 6])), "5@11")
    assert moves(state) == ["pass", "steal"]
    assert GAME.reveals(state, BLUE, GAME.parse_move("steal"))
    after, log = GAME.play(state, BLUE, GAME.parse_move("steal"))
    assert len(after.rack[RED]) == 2 and len(after.discard[RED]) == 1
    assert sorted(after.rack[RED] + after.discard[RED]) == [2, 3, 6]
    assert any("XB-42 discards" in e.text and e.only is None for e in log)


def test_roxy_and_kwak_have_no_effect():
    assert play(position(racks=([7], [1])), "7@11").turn == RED
    assert play(position(racks=([8], [1])), "8@11").turn == RED


# ----- special bases ---------------------------------------------------------

def test_castle_field_returns_another_of_your_troops_to_the_rack():
    state = position(racks=([7], []), stacks={11: [(BLUE, 1)], 13: [(BLUE, 5)]})
    state = play(state, "7@15")
    assert state.stage == RETURN and moves(state) == ["pass", "recall 11", "recall 13"]
    state = play(state, "recall 13")
    assert state.rack[BLUE] == [5] and state.stacks[13] == [] and state.turn == RED


def test_a_troop_taken_back_is_known_to_be_on_the_rack_until_it_leaves():
    state = position(racks=([7], [1]), stacks={11: [(BLUE, 1)], 13: [(BLUE, 5)]})
    state = play(state, "7@15", "recall 13")
    assert GAME.view(state, RED)["seats"][BLUE]["known"] == [5]
    for _ in range(5):  # every world Red imagines has that XB-42 on Blue's rack
        world = GAME.determinize(state, RED, Rng(_))
        assert 5 in world.rack[BLUE]
    state = play(state, "1@24", "pass", "5@13")
    assert state.known[BLUE] == []


def test_castle_field_offers_nothing_with_a_full_rack():
    # Cap'N on 15, then Skully, whose draw fills the rack: 15's return has no room left.
    state = position(racks=([2, 1] + [7] * 6, []), stacks={11: [(BLUE, 1)], 13: [(BLUE, 5)]})
    state = play(state, "2@15", "1@12", "draw")
    assert state.turn == RED and state.rack_size(BLUE) == 8


def test_troop_effects_come_first_then_each_base_placed_on_in_turn():
    state = position(racks=([2, 1], []), reserves=([3, 4], [5]),
                     stacks={11: [(BLUE, 7)], 13: [(BLUE, 7)], 17: [(BLUE, 7)]})
    state = play(state, "2@15", "1@20")  # Cap'N on 15, then Skully on 20: both return a troop
    assert state.stage == SKULLY
    state = play(state, "pass")
    assert (state.stage, state.at) == (RETURN, 15)
    state = play(state, "pass")
    assert (state.stage, state.at) == (RETURN, 20)
    assert play(state, "pass").turn == RED


def test_a_troop_taken_back_takes_its_base_s_effect_with_it():
    state = position(racks=([2, 7], []), stacks={11: [(BLUE, 7)], 13: [(BLUE, 7)], 17: [(BLUE, 7)]})
    state = play(state, "2@15", "7@20", "recall 20")  # Roxy, placed this turn on 20, goes back
    assert state.turn == RED and state.rack[BLUE] == [7]


def test_beginners_switch_special_bases_off():
    state = position(beginners=True, racks=([7], []), stacks={11: [(BLUE, 1)], 13: [(BLUE, 5)]})
    assert play(state, "7@15").turn == RED


def test_tropical_pool_bases_take_only_the_strengths_shown():
    state = position("pool", racks=([1, 7, 8], []), stacks={11: [(BLUE, 3)]})
    assert 12 not in places(state, 7) and 12 in places(state, 1) and 12 in places(state, 8)
    assert 12 in places(position("pool", beginners=True, racks=([7], []), stacks={11: [(BLUE, 3)]}), 7)
    # Red's HQ 41 takes strength 6 and up only; 42 takes any.
    path = {n: [(BLUE, 7)] for n in (11, 13, 17, 21, 23)}
    state = position("pool", racks=([5, 6], []), stacks=path)
    assert 41 not in places(state, 5) and 41 in places(state, 6) and 42 in places(state, 5)


def test_station_metal_x_special_bases_switch_troop_effects_off():
    state = position("station", racks=([2, 7], []), stacks={12: [(BLUE, 1)], 15: [(BLUE, 1)]})
    assert play(state, "2@16").turn == RED
    beginners = position("station", beginners=True, racks=([2, 7], []),
                         stacks={12: [(BLUE, 1)], 15: [(BLUE, 1)]})
    assert play(beginners, "2@16").stage == CAPN


def test_city_of_clouds_draws_one():
    state = play(position("clouds", racks=([7], []), reserves=([3, 4], [5]), stacks={11: [(BLUE, 1)]}), "7@13")
    assert state.stage == DRAW_ONE and moves(state) == ["draw", "pass"]
    assert play(state, "draw").rack[BLUE] == [4]


def test_volcanic_jungle_pushes_an_adjacent_enemy_troop_to_a_base_next_to_it():
    state = position("jungle", racks=([7], []), stacks={11: [(BLUE, 1)], 12: [(BLUE, 1)], 14: [(RED, 2)]})
    state = play(state, "7@15")  # 15 touches 12, 14 and 18
    assert moves(state) == ["pass", "push 14>11", "push 14>15", "push 14>17"]
    state = play(state, "push 14>17")
    assert state.stacks[14] == [] and state.stacks[17] == [12] and state.turn == RED


def test_cursed_cemetery_takes_a_troop_back_from_the_discard():
    state = position("cemetery", racks=([7], []), stacks={13: [(BLUE, 1)]}, discards=([4, 4, 6], []))
    state = play(state, "7@12")
    assert moves(state) == ["pass", "revive 4", "revive 6"]
    state = play(state, "revive 4")
    assert state.rack[BLUE] == [4] and sorted(state.discard[BLUE]) == [4, 6]


def test_battlefield_lays_a_troop_down_for_the_opponent_s_next_turn():
    state = position("battlefield", racks=([7], [3]), reserves=([], [5, 5]),
                     stacks={11: [(BLUE, 1)], 13: [(BLUE, 1)]})
    state = play(state, "7@14")
    assert state.stage == PIN and moves(state) == ["pass", "pin"]
    state, log = GAME.play(state, BLUE, GAME.parse_move("pin"))
    assert state.blocked[RED] == [3] and state.rack[RED] == [] and state.turn == RED
    assert [e.only for e in log if "Seat 2's Jumbo is laid down" in e.text] == [frozenset({RED})]
    assert not [m for m in moves(state) if "@" in m]  # the laid-down troop cannot be placed
    assert state.rack_size(RED) == 1  # it still counts on the rack
    state = play(state, "draw")
    assert sorted(state.rack[RED]) == [3, 5, 5] and state.blocked[RED] == []


# ----- views -------------------------------------------------------------------

def test_views_hide_the_opponent_s_rack_and_every_pile():
    state = GAME.setup(2, None, 9)
    blue, spectator = GAME.view(state, BLUE), GAME.view(state, None)
    assert blue["seats"][BLUE]["rack"] == state.rack[BLUE]
    assert blue["seats"][RED]["rack"] is None and blue["seats"][RED]["rack_count"] == 4
    assert spectator["seats"][BLUE]["rack"] is None
    assert blue["seats"][BLUE]["reserve"] == 17 and blue["seats"][BLUE]["aside"] == 4
    text = json.dumps(blue)
    other = state.copy()
    other.reserve[BLUE].reverse()
    other.rack[RED], other.aside[RED] = sorted(state.aside[RED]), sorted(state.rack[RED])
    assert json.dumps(GAME.view(other, BLUE)) == text


def test_position_json_round_trips_mid_turn():
    state = play(position(racks=([2, 1, 7], [3]), reserves=([3, 4], [5])), "2@11")
    for s in (BLUE, RED):
        state.aside[s] = []
    # Fill in the rest of each seat's troops so that the position is a whole game's.
    for s in (BLUE, RED):
        have = state.rack[s] + state.reserve[s] + [p % 10 for st in state.stacks for p in st if p // 10 == s]
        rest = [k for k in range(1, 9) for _ in range(3)]
        for k in have:
            rest.remove(k)
        state.aside[s], state.discard[s] = sorted(rest[:4]), rest[4:]
    loaded = GAME.from_json(json.loads(GAME.dumps(state)))
    assert GAME.dumps(loaded) == GAME.dumps(state) and loaded.stage == CAPN


# ----- notation ----------------------------------------------------------------

def test_notation_reads_every_move_and_explains_bad_input():
    from meeple.engine import NotationError

    for text in ("draw", "4@13", "hit 13", "steal", "recall 13", "push 13>14", "revive 4", "pin", "pass"):
        move = GAME.parse_move(text)
        assert GAME.move_text(move) == text
        assert GAME.move_from_json(json.loads(json.dumps(GAME.move_to_json(move)))) == move
    for bad in ("9@13", "4@", "push 13", "hit x", "", "draw 2"):
        with pytest.raises(NotationError, match="Toy Battle move|number"):
            GAME.parse_move(bad)
    for bad in ({"place": [4]}, {"place": [0, 13]}, {"hit": True}, {"draw": False}, [], {"draw": True, "pass": True}):
        with pytest.raises(NotationError):
            GAME.move_from_json(bad)


def test_capn_s_extra_troop_on_the_enemy_hq_wins_too():
    path = {n: [(BLUE, 1)] for n in (11, 13, 17, 22, 24)}
    state = play(position(racks=([2, 7], [7]), stacks=path), "2@12")
    assert "7@41" in moves(state)
    state = play(state, "7@41")
    assert state.winner == BLUE and state.reason == "hq"


def test_a_discard_that_uncovers_a_troop_can_complete_a_region():
    # Region 2 (13 15 17): Blue holds 13 and 15; under Red's Roxy on 17 lies a Blue troop.
    state = position(beginners=True, racks=([3], [7]),
                     stacks={11: [(BLUE, 1)], 13: [(BLUE, 2)], 15: [(BLUE, 2)], 17: [(BLUE, 1), (RED, 7)]})
    state = play(state, "3@13", "hit 17")  # Jumbo on 13 (its own base, next to 17) discards Roxy
    assert state.claimed[1] == BLUE and state.medals == [1, 0]

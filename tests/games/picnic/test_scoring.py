"""Each scoring row of the help page on hand-built positions."""

from meeple.engine import ALL

from .helpers import EMPTY, GAME, position, sheet


def test_cheese_touching_one_cracker_scores_1_and_two_score_3():
    state = position([{"rim": ["cracker a0 p0", "cheese a0 p0", "cheese a0 p0", "cracker a0 p0", "cheese a0 p0"]},
                      EMPTY])
    # cheese at space 2 touches one cracker, space 3 touches one, space 5 touches one (space 4)
    assert sheet(state)["cheese"] == (3, 3)
    state = position([{"rim": ["cracker a0 p0", "cheese a0 p0", "cracker a0 p0"]}, EMPTY])
    assert sheet(state)["cheese"] == (1, 3)


def test_cheese_with_no_cracker_scores_nothing():
    state = position([{"rim": ["cheese a0 p0", "cake blue a0 p0"]}, EMPTY])
    assert sheet(state)["cheese"] == (1, 0)


def test_centre_touches_every_rim_space():
    state = position([{"rim": ["cheese a0 p0", "cake pink a0 p0", "cake pink a0 p0", "cheese a0 p0"],
                       "centre": "cracker a0 p0"}, EMPTY])
    # both cheeses touch only the centre cracker: 1 each
    assert sheet(state)["cheese"] == (2, 2)
    state = position([{"rim": ["cracker a0 p0", "cake pink a0 p0", "cake pink a0 p0", "cake blue a0 p0"],
                       "centre": "cheese a0 p0"}, EMPTY])
    assert sheet(state)["cheese"] == (1, 1)


def test_twelfth_tile_touches_the_first():
    rim = ["cheese a0 p0"] + ["cake blue a0 p0"] * 10 + ["cracker a0 p0"]
    state = position([{"rim": rim}, EMPTY])
    assert sheet(state)["cheese"] == (1, 1)
    # with only 11 rim tiles the first and the last do not touch
    state = position([{"rim": ["cheese a0 p0"] + ["cake blue a0 p0"] * 9 + ["cracker a0 p0"]}, EMPTY])
    assert sheet(state)["cheese"] == (1, 0)


def test_crackers_score_6_per_three_crackers_and_one_drink():
    crackers = ["cracker a0 p0"] * 7
    state = position([{"rim": crackers, "drinks": ["drink i1 a0"]}, EMPTY])
    assert sheet(state)["crackers"] == (7, 6)          # 2 sets of crackers but one drink
    state = position([{"rim": crackers, "drinks": ["drink i1 a0", "drink i2 a0", "drink i1 a1"]}, EMPTY])
    assert sheet(state)["crackers"] == (7, 12)         # 7 crackers make only 2 sets
    state = position([{"rim": crackers[:2], "drinks": ["drink i1 a0"]}, EMPTY])
    assert sheet(state)["crackers"] == (2, 0)


def test_visible_pickles_score_per_cheese():
    # tiles 1 and 2 are covered (lose one pickle each); tile 3 is the newest and shows both
    state = position([{"rim": ["cheese a0 p2", "cheese a0 p1", "cake blue a0 p2"]}, EMPTY])
    # visible pickles: 1 + 0 + 2 = 3; two cheeses: 6 points
    assert sheet(state)["pickles"] == (3, 6)


def test_centre_pickles_are_never_covered():
    state = position([{"rim": ["cheese a0 p1", "cake blue a0 p0"], "centre": "cracker a0 p2"}, EMPTY])
    assert sheet(state)["pickles"] == (2, 2)


def test_cake_groups_score_by_size_with_colours_mixed():
    rim = ["cake blue a0 p0", "cake pink a0 p0", "cake green a0 p0", "cheese a0 p0",
           "cake blue a0 p0", "cake blue a0 p0", "cracker a0 p0", "cake green a0 p0"]
    state = position([{"rim": rim}, EMPTY])
    # groups of 3 (3 points), 2 (1 point) and 1 (0 points)
    assert sheet(state)["cakes"] == (6, 4)


def test_cake_group_table():
    for size, points in [(1, 0), (2, 1), (3, 3), (4, 5), (5, 7), (6, 10), (7, 15), (9, 15)]:
        state = position([{"rim": ["cake pink a0 p0"] * size}, EMPTY])
        assert sheet(state)["cakes"] == (size, points), size


def test_centre_joins_cake_groups_into_one():
    rim = ["cake blue a0 p0", "cheese a0 p0", "cake blue a0 p0", "cheese a0 p0", "cake pink a0 p0"]
    state = position([{"rim": rim, "centre": "cake green a0 p0"}, EMPTY])
    assert sheet(state)["cakes"] == (4, 5)


def test_full_ring_closes_cake_group_across_the_tuck():
    rim = ["cake blue a0 p0", "cake blue a0 p0"] + ["cheese a0 p0"] * 8 + ["cake pink a0 p0", "cake pink a0 p0"]
    state = position([{"rim": rim}, EMPTY])
    assert sheet(state)["cakes"] == (4, 5)


def test_most_cakes_per_colour_and_ties_all_score():
    a = {"rim": ["cake blue a0 p0", "cake blue a0 p0", "cake pink a0 p0"]}
    b = {"rim": ["cake blue a0 p0", "cake blue a0 p0", "cake green a0 p0"]}
    c = {"rim": ["cheese a0 p0"]}
    state = position([a, b, c])
    assert sheet(state, 0)["most_cakes"] == (2, 6)     # blue (tied) and pink
    assert sheet(state, 1)["most_cakes"] == (2, 6)     # blue (tied) and green
    assert sheet(state, 2)["most_cakes"] == (0, 0)     # no cakes, no majority


def test_drinks_score_ice_cubes():
    state = position([{"rim": [], "drinks": ["drink i3 a2", "drink i1 a0"]}, EMPTY])
    assert sheet(state)["drinks"] == (2, 4)


def test_ants_fewest_plus_three_most_minus_three_ties_all_score():
    few = {"rim": ["cheese a1 p0", "cheese a0 p0"]}            # first tile covered: 0 visible ants
    mid = {"rim": ["cheese a0 p0", "cheese a1 p0"]}            # newest tile shows its ant: 1
    many = {"rim": ["cheese a0 p0"], "drinks": ["drink i3 a2"]}  # drink ants are never covered: 2
    state = position([few, mid, many])
    assert sheet(state, 0)["ants"] == (0, 3)
    assert sheet(state, 1)["ants"] == (1, 0)
    assert sheet(state, 2)["ants"] == (2, -3)
    state = position([few, few, many])
    assert sheet(state, 0)["ants"] == (0, 3) and sheet(state, 1)["ants"] == (0, 3)


def test_all_tied_on_ants_nobody_scores_the_ant_row():
    state = position([{"rim": ["cheese a1 p0"]}, {"rim": ["cracker a1 p0"]}])
    assert sheet(state, 0)["ants"] == (1, 0) and sheet(state, 1)["ants"] == (1, 0)


def test_covering_takes_one_ant_and_one_pickle_and_the_twelfth_loses_to_the_tuck():
    rim = ["cake blue a2 p2"] * 11
    state = position([{"rim": rim}, EMPTY])
    view = GAME.view(state, 0)["plates"][0]["rim"]
    assert [t["visible_ants"] for t in view] == [1] * 10 + [2]
    state = position([{"rim": rim + ["cake blue a2 p2"]}, EMPTY])
    view = GAME.view(state, 0)["plates"][0]["rim"]
    assert [t["visible_ants"] for t in view] == [1] * 12
    assert [t["visible_pickles"] for t in view] == [1] * 12


def test_total_is_the_sum_of_rows():
    state = position([{"rim": ["cracker a0 p1", "cheese a1 p2", "cracker a0 p0", "cake blue a0 p0"],
                       "drinks": ["drink i2 a1"]}, EMPTY])
    sheets = GAME.score_sheet(state, ALL)
    assert sheets[0].total == sum(r.points for r in sheets[0].rows)
    # cheese 3 (two crackers), pickles: visible 0+1+0+0 = 1 x 1 cheese = 1, cakes 0, most blue 3,
    # drinks 2, ants: seat 1 has 1+1 = 2 visible (the drink's and the covered cheese keeps 0) vs 0 -> -3
    rows = sheet(state)
    assert rows["cheese"] == (1, 3)
    assert rows["pickles"] == (1, 1)
    assert rows["most_cakes"] == (1, 3)
    assert rows["drinks"] == (1, 2)
    assert rows["ants"] == (1, -3)
    assert sheets[0].total == 3 + 0 + 1 + 0 + 3 + 2 - 3


def test_the_crackers_row_counts_in_words_as_players_say_them():
    state = position([{"rim": ["cracker a0 p0"]}, EMPTY])
    row = next(r for r in GAME.score_sheet(state, ALL)[0].rows if r.key == "crackers")
    assert row.detail == "0 sets of 3 crackers + 1 drink (1 cracker, 0 drinks)"  # (it said "1 crackers")

"""Each species' scoring, the plateau majorities and the tie-breaks, worked out by hand."""

from meeple.games.vent_life.scoring import shoal_points

from .helpers import GAME, PLATEAU, SEAFLOOR, creature, play, points, position

ALL_BUT = ("worms", "snails", "shrimp", "fish", "crabs", "octopus", "sponges")


def test_worms_score_the_level_of_their_smoker():
    state = position(PLATEAU, [creature(2, 0, 0, "worms", 2), creature(0, 0, 0, "worms")])
    assert points(state, 0, "worms") == 1 + 1 + 2
    # Stacking a smoker on the level-2 smoker lifts that worm to level 3.
    state, _ = play(state, "tile 0,0", "turn 0")
    assert points(state, 0, "worms") == 1 + 1 + 3


def test_snails_score_neighbours_at_a_different_height_not_the_empty_table():
    flat = position(SEAFLOOR, [creature(2, -2, 0, "snails")])
    assert points(flat, 0, "snails") == 0
    # With P1 and P2 built: 2,-2 (level 1) touches 1,-1 and 2,-1 at level 2 -> 2.
    # 1,-1 (level 2) touches only 2,-2 lower -> 1; the open sea around it does not count.
    state = position(PLATEAU, [creature(2, -2, 0, "snails"), creature(1, -1, 0, "snails")])
    assert points(state, 0, "snails") == 2 + 1


def test_shrimp_score_two_for_diffuse_or_mat_five_for_both():
    state = position(SEAFLOOR, [creature(2, 0, 0, "shrimp"), creature(0, 0, 0, "shrimp"),
                                creature(3, -2, 1, "shrimp")])
    assert points(state, 0, "shrimp") == 5 + 2   # 2,0 sees Mat and Diffuse; 0,0 sees Diffuse
    assert points(state, 1, "shrimp") == 0       # 3,-2 sees only Basalt and a smoker


def test_fish_score_by_shoal_and_a_lone_fish_scores_nothing():
    assert [shoal_points(k) for k in range(1, 7)] == [0, 5, 10, 15, 20, 25]
    fish = [creature(2, 1, 0, "fish"), creature(3, 0, 0, "fish"), creature(1, 2, 0, "fish"),
            creature(-2, 1, 0, "fish"), creature(1, -1, 1, "fish")]
    state = position(SEAFLOOR, fish, species=("fish", "snails", "shrimp", "crabs"))
    sheet = GAME.score_sheet(state)[0].row("fish")
    assert sheet.points == 10 and sheet.count == 4   # shoal of 3 -> 10, the lone fish at -2,1 -> 0
    assert "shoal 3 → 10" in sheet.detail
    assert points(state, 1, "fish") == 0             # another player's fish never joins a shoal


def test_octopus_scores_two_per_other_species_next_to_it():
    creatures = [creature(1, 0, 0, "octopus"), creature(2, 0, 1, "worms"), creature(1, -1, 1, "shrimp"),
                 creature(0, 0, 0, "shrimp"), creature(1, 1, 1, "octopus")]
    state = position(SEAFLOOR, creatures, species=("octopus", "worms", "shrimp", "crabs"))
    assert points(state, 0, "octopus") == 2 * 2   # worms and shrimp (twice); the other octopus not
    assert points(state, 1, "octopus") == 2       # 1,1 sees the worms; the octopus at 1,0 does not count


def test_sponges_score_two_per_different_terrain_next_to_them():
    creatures = [creature(0, 0, 0, "sponges"), creature(2, 0, 0, "sponges")]
    state = position(SEAFLOOR, creatures, species=("sponges", "worms", "shrimp", "crabs"))
    # 0,0 sees Basalt, Diffuse and a smoker -> 6; 2,0 sees all four terrains -> 8.
    assert points(state, 0, "sponges") == 6 + 8


def crabs(*per_seat):
    """Crabs on the six-hex plateau: per_seat[s] crabs for seat s."""
    hexes = [(0, 0), (-1, 0), (-1, 1), (2, -1), (1, -1), (1, 0)]
    out = []
    for seat, count in enumerate(per_seat):
        for _ in range(count):
            q, r = hexes.pop()
            out.append(creature(q, r, seat, "crabs"))
    return position(PLATEAU, out, players=len(per_seat))


def crab_points(state):
    return [points(state, s, "crabs") for s in range(state.n)]


def test_plateau_most_crabs_full_second_half_rounded_down():
    assert crab_points(crabs(3, 1, 0)) == [6, 3, 0]


def test_plateau_tie_for_first_all_full_and_no_second():
    assert crab_points(crabs(2, 2, 1)) == [6, 6, 0]


def test_plateau_tie_for_second_all_half():
    assert crab_points(crabs(2, 1, 1)) == [6, 3, 3]


def test_plateau_alone_scores_full_and_two_plateaus_score_apart():
    assert crab_points(crabs(1, 0)) == [6, 0]
    # Building level 3 splits the plateau: 0,0 / 1,0 / 1,-1 rise to level 3, leaving
    # -1,0 / -1,1 and 2,-1 at level 2 as two plateaus of 2 and 1 hexes.
    state = position(PLATEAU, [creature(-1, 0, 0, "crabs"), creature(2, -1, 1, "crabs")])
    state, _ = play(state, "tile 0,0", "turn 0")
    assert crab_points(state) == [2, 1]


def over(state):
    state.stage, state.turn = "over", -1
    state.hands = [None] * state.n
    return GAME.outcome(state)


def test_highest_total_wins():
    out = over(position(SEAFLOOR, [creature(2, 0, 0, "shrimp"), creature(0, 0, 1, "shrimp")]))
    assert out.scores == (5, 2) and out.ranks == (1, 2) and not out.reasons


def test_tie_broken_by_the_highest_single_species_score():
    # Seat 1: shrimp 5 + worms 2 (best species 5); seat 2: crabs 6 + a snail 1 (best 6).
    state = position(PLATEAU, [creature(2, 0, 0, "shrimp"), creature(1, 1, 0, "worms", 2),
                               creature(1, 0, 1, "crabs"), creature(3, -2, 1, "snails")])
    out = over(state)
    assert out.scores == (7, 7) and out.winners == (1,)
    assert "highest single-species score (6)" in out.reasons[0]


def test_then_by_the_tube_worm_score():
    # Both 7 with a best species of 5 (shrimp); seat 1 has 2 worm points, seat 2 none.
    state = position(PLATEAU, [creature(2, 0, 0, "shrimp"), creature(1, 1, 0, "worms", 2),
                               creature(0, 0, 1, "shrimp"), creature(2, -2, 1, "snails")])
    out = over(state)
    assert out.scores == (7, 7) and out.winners == (0,)
    assert "Tube Worm" in out.reasons[0]


def test_otherwise_a_shared_victory():
    out = over(position(PLATEAU, [creature(2, 0, 0, "shrimp"), creature(0, 0, 1, "shrimp")]))
    assert out.scores == (5, 5) and out.ranks == (1, 1) and "shared" in out.reasons[0]


def test_sheet_has_a_row_per_species_in_play_only():
    state = position(SEAFLOOR)  # worms, snails, shrimp and crabs
    rows = GAME.score_sheet(state)[0].rows
    assert [r.key for r in rows] == [key for key in ALL_BUT if key in ("worms", "snails", "shrimp", "crabs")]

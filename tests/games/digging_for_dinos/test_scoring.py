"""Hand-worked scoring: incomplete tiles at their left value, a completed dinosaur at its right value
once, and the tie-break by the largest completed dinosaurs in turn."""


from .helpers import GAME, position, sheet, skeleton, tile

PAWNS = [[("c3", "o"), ("a1", "d")], [("e5", "o"), ("e1", "d")]]


def over(collections):
    # Pawns stand on holes at the end: everything under them has been collected.
    return position(PAWNS, board={"c3": None, "a1": None, "e5": None, "e1": None}, collections=collections,
                    phase="over", stacks=[[], [], []], ending="last tile", spare_to=None)


def test_incomplete_tiles_score_their_left_value():
    state = position(PAWNS, collections=[[tile("tyrannosaurus", 0), tile("tyrannosaurus", 2),
                                          tile("triceratops", 0)], []])
    assert sheet(state) == {"completed": (0, 0), "incomplete": (3, 2 + 0 + 2)}
    assert GAME.scores(state)[0] == 4


def test_a_completed_dinosaur_scores_its_right_value_once_and_its_tiles_nothing_more():
    stego = skeleton("stegosaurus")                      # left values 1, 1, 1, 0; completed 11
    extra = tile("stegosaurus", 0, 2)                    # a second skull: incomplete, 1 point
    state = position(PAWNS, collections=[stego + [extra], []])
    assert sheet(state) == {"completed": (1, 11), "incomplete": (1, 1)}
    row = GAME.score_sheet(state)[0].rows[0]
    assert row.detail == "Stegosaurus 11"


def test_the_same_species_can_be_completed_twice():
    state = position(PAWNS, collections=[skeleton("velociraptor", 1) + skeleton("velociraptor", 3), []])
    assert sheet(state) == {"completed": (2, 14), "incomplete": (0, 0)}
    assert "Velociraptor × 2 14" in GAME.score_sheet(state)[0].rows[0].detail


def test_the_sheet_explains_incomplete_progress():
    state = position(PAWNS, collections=[[tile("brachiosaurus", 0), tile("brachiosaurus", 5),
                                          tile("brachiosaurus", 5, 2)], []])
    row = GAME.score_sheet(state)[0].rows[1]
    assert (row.count, row.points) == (3, 1 + 2 + 2)
    assert row.detail == "Brachiosaurus 2/6 (skull, tail × 2) 5"


def test_a_tie_goes_to_the_largest_completed_dinosaur():
    # 18 each: a Tyrannosaurus (18) against a Brachiosaurus (17) and a loose Velociraptor skull (1).
    state = over([skeleton("tyrannosaurus"), skeleton("brachiosaurus") + [tile("velociraptor", 0)]])
    _only(state, 1, skeleton("brachiosaurus") + [tile("velociraptor", 0)])
    outcome = GAME.outcome(state)
    assert outcome.scores == (18, 18) and outcome.ranks == (1, 2)
    assert "larger completed dinosaurs (18)" in outcome.reasons[0]


def test_then_the_next_largest_in_turn():
    # 23 each: Triceratops 13 + Velociraptor 7 + loose skulls of a Tyrannosaurus (2) and a Velociraptor (1),
    # against Triceratops 13 + Deinosuchus 10.
    state = over([skeleton("triceratops", 1) + skeleton("velociraptor") + [tile("tyrannosaurus", 0),
                                                                              tile("velociraptor", 0, 2)],
                  skeleton("triceratops", 2) + skeleton("deinosuchus")])
    _only(state, 1, skeleton("triceratops", 2) + skeleton("deinosuchus"))
    outcome = GAME.outcome(state)
    assert outcome.scores == (23, 23) and outcome.ranks == (2, 1)
    assert "seat 2 wins with larger completed dinosaurs (13, 10)" in outcome.reasons[0]


def test_equal_completed_dinosaurs_share_the_win():
    state = over([skeleton("pteranodon", 1), skeleton("pteranodon", 2)])
    _only(state, 1, skeleton("pteranodon", 2))
    outcome = GAME.outcome(state)
    assert outcome.ranks == (1, 1) and "shared win" in outcome.reasons[0]


def _only(state, seat, tiles):
    """Give a seat exactly these tiles (the helper parks unused tiles with the last seat)."""
    state.taken[seat] = list(tiles)
    # the state's kept counts and figures, worked out again from the new collections
    fresh = type(state)(n=state.n, rng=state.rng, board=state.board, stacks=state.stacks, pawns=state.pawns,
                        sides=state.sides, taken=state.taken, phase=state.phase, turn=state.turn)
    state.have, state.gone, state.worth, state.hope = fresh.have, fresh.gone, fresh.worth, fresh.hope

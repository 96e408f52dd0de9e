"""Ranks and the tie-break sentence of the final result table."""

from meeple.engine import TieBreak, ranked_outcome

ANTS = (3, 1, 1)
FEWER_ANTS = TieBreak(tuple(-a for a in ANTS), "fewer visible ants ({})", "visible ants", ANTS)


def test_no_tie_on_points_gives_ranks_and_no_reason():
    out = ranked_outcome([10, 12, 7], (FEWER_ANTS,))
    assert out.ranks == (2, 1, 3) and out.reasons == () and out.winners == (1,)


def test_a_tie_broken_by_the_first_tie_break_names_the_winner_and_shown_value():
    out = ranked_outcome([12, 12, 7], (FEWER_ANTS,))
    assert out.ranks == (2, 1, 3)
    assert out.reasons == ("seat 1, seat 2 tie on 12 points; seat 2 wins with fewer visible ants (1).",)


def test_a_tie_that_survives_every_tie_break_is_shared_by_those_still_tied():
    out = ranked_outcome([12, 12, 12], (FEWER_ANTS,))
    assert out.ranks == (3, 1, 1)
    assert out.reasons == ("seat 2, seat 3 tie on 12 points and on visible ants: a shared win.",)


def test_later_tie_breaks_are_used_in_order():
    second = TieBreak((5, 5, 0), "the higher bonus ({})", "bonus")
    first = TieBreak((2, 2, 2), "the best row ({})", "best row")
    out = ranked_outcome([9, 9, 9], (first, TieBreak((1, 4, 4), "more worms ({})", "worms"), second))
    assert out.ranks == (3, 1, 2)
    assert out.reasons == ("seat 1, seat 2, seat 3 tie on 9 points and on best row and on worms; "
                           "seat 2 wins with the higher bonus (5).",)

"""The element totals' short path for an empty Help Line (a spirit that stopped at once) agrees with the
count in full: a forest's own elements alone, or with the Kodama tile or a Kodama tree added."""

from meeple.games.living_forest.components import KODAMA_TILES, START_SPACE

from .helpers import new, tree


def test_an_empty_help_line_totals_the_forest_alone():
    st = new(2)
    st.forest[0][START_SPACE + 1] = tree("5-sun")
    st.changed(0)
    assert st.help[0] == [] and st.totals(0) == [2, 0, 0, 0, 0]


def test_an_empty_help_line_still_counts_the_kodama_tile():
    # A Kodama tile with nothing in the Help Line: the first card drawn showed the forest's third symbol,
    # then a Fragment sent it back.
    st = new(2, kodama=True)
    st.tile[0] = 0
    st.help_changed(0)
    e, amount = KODAMA_TILES[0]
    assert st.help[0] == [] and st.totals(0)[e] == amount


def test_an_empty_help_line_still_counts_a_kodama_tree():
    st = new(2, kodama=True)
    st.forest[0][START_SPACE + 1] = tree("K-sun")  # a sun per Kodama symbol: its own none, the forest's none
    st.forest[0][START_SPACE - 1] = tree("K-kodama")  # one symbol
    st.changed(0)
    assert st.help[0] == [] and st.totals(0)[0] == 1

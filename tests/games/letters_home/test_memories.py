"""Every kind of memory: met, not met, met only after a flip, and the order of sends.

Corkboard spaces are numbered from 1, four to a row:
   1  2  3  4
   5  6  7  8
   9 10 11 12
"""

import pytest

from meeple.engine import IllegalMove
from meeple.games.letters_home.components import MEMORIES
from meeple.games.letters_home.patterns import flippable, spaces_of

from .helpers import GAME, corkboard, legal_texts, play, position


def met(memory, spaces, sent=()):
    """The spaces (from 1) that could be flipped to send `memory` from this corkboard."""
    state = position([{"corkboard": corkboard(spaces, sent)}, {}])
    mask = flippable(MEMORIES.index(memory), state.boards[0], state.sent[0])
    return [i + 1 for i in spaces_of(mask)]


def test_category_and_icon_next_to_an_icon():
    assert met("craft place next to food", {1: "place craft", 2: "person food"}) == [1, 2]
    assert met("craft place next to food", {1: "place craft", 5: "event food+music"}) == [1, 5]
    # not next to each other (3 is two spaces away from 1)
    assert met("craft place next to food", {1: "place craft", 3: "person food"}) == []
    # the Craft must be on a Place: a Craft Person does not count
    assert met("craft place next to food", {1: "person craft", 2: "place food"}) == []
    # one tile showing both is not "next to" itself
    assert met("craft place next to food", {1: "place food+craft"}) == []
    # a sent tile shows no icons
    assert met("craft place next to food", {1: "place craft", 2: "person food"}, sent={2}) == []


def test_one_icon_between_two_others():
    board = {6: "person food", 2: "place nature", 7: "place craft"}
    assert met("food next to nature and craft", board) == [2, 6, 7]
    # both others must touch the middle tile
    assert met("food next to nature and craft", {6: "person food", 2: "place nature", 8: "place craft"}) == []
    # ruling: the two others are two different tiles, not one tile showing both
    assert met("food next to nature and craft", {6: "person food", 2: "person nature+craft"}) == []
    assert met("food next to nature and craft", {6: "person food", 2: "person nature+craft",
                                                   5: "place craft"}) == [2, 5, 6]


def test_three_of_an_icon_anywhere():
    board = {1: "place music", 12: "person music", 6: "event music"}
    assert met("three music", board) == [1, 6, 12]
    assert met("three music", {1: "place music", 12: "person music"}) == []
    assert met("three music", board, sent={12}) == []
    four = {**board, 4: "place craft+music"}
    assert met("three music", four) == [1, 4, 6, 12]  # any of them can be the letter


def test_heart_or_fireworks_next_to_an_icon():
    assert met("heart next to craft", {1: "person food+heart", 2: "place craft"}) == [1, 2]
    assert met("heart next to craft", {1: "person craft+heart"}) == []  # the craft must be on another tile
    assert met("heart next to craft", {1: "person food", 2: "place craft"}) == []
    assert met("fireworks next to music", {5: "event food+fireworks", 9: "person music"}) == [5, 9]


def test_hearts_count_only_on_people_and_fireworks_only_on_events():
    from meeple.engine import PositionError
    with pytest.raises(PositionError, match="only People show heart"):
        position([{"corkboard": corkboard({1: "place food+heart"})}, {}])
    with pytest.raises(PositionError, match="only Events show fireworks"):
        position([{"corkboard": corkboard({1: "person food+fireworks"})}, {}])


def test_building_on_a_letter_needs_a_sent_tile_and_flips_the_icon_tile():
    assert met("sent person next to food", {1: "person book", 2: "place food"}, sent={1}) == [2]
    assert met("sent person next to food", {1: "person book", 2: "place food"}) == []  # not sent yet
    assert met("sent person next to food", {1: "place book", 2: "place food"}, sent={1}) == []  # a Place
    assert met("sent person next to food", {1: "person book", 2: "place food"}, sent={1, 2}) == []


SENDER = {"pawn": "b1-c1", "corkboard": corkboard({1: "person craft", 2: "place food"}),
          "memories": ["craft person next to food", "sent person next to food"]}


def test_a_memory_met_only_after_a_flip_and_the_order_of_sends():
    state = play(position([SENDER, {"pawn": "d4-c4"}]), 0, "go b1-b2")
    # only the first memory is met; the letter to build on does not exist yet
    assert [t for t in legal_texts(state, 0) if t.startswith("send")] == ["send 1 1", "send 1 2"]
    with pytest.raises(IllegalMove, match="does not meet 'sent person next to food'"):
        play(state, 0, "send 2 2")
    # flipping the Person makes the second memory (now in slot 1) met: send both
    good = play(state, 0, "send 1 1")
    assert legal_texts(good, 0) == ["done", "send 1 2"]
    good = play(good, 0, "send 1 2")
    assert sum(good.sent[0]) == 2 and good.turn == 1
    # flipping the Food tile first leaves nothing to build on: one letter only
    bad = play(state, 0, "send 1 2")
    assert sum(bad.sent[0]) == 1 and bad.turn == 1


def test_a_flipped_tile_keeps_its_category_and_loses_its_icons_in_every_view():
    state = position([{"corkboard": corkboard({1: "person craft+heart"}, sent={1})}, {}])
    for viewer in (None, 0, 1):
        tile = GAME.view(state, viewer)["seats"][0]["corkboard"][0]
        assert tile["sent"] and tile["category"] == "person" and tile["icons"] == []


def test_the_view_marks_sendable_memories_and_the_tiles_to_light():
    seat = {"corkboard": corkboard({1: "person craft", 2: "place food", 7: "event food"}),
            "memories": ["craft person next to food", "three food"]}
    view = GAME.view(position([seat, {}]), 0)
    first, second = view["seats"][0]["memories"]
    assert first["sendable"] and first["makes"] == [0, 1] and first["builds_on"] == [6]  # food, not next to it
    assert not second["sendable"] and second["builds_on"] == [1, 6]  # green: makes; yellow: builds on

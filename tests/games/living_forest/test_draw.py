"""The Guardian Animal phase: everyone draws at once, in public."""


from meeple.games.living_forest import GAME
from meeple.games.living_forest.components import VARAN

from .helpers import card, legal_texts, new, play, stack


def test_everyone_draws_at_once_and_every_card_is_public_as_it_is_drawn():
    st = new(3)
    assert GAME.to_move(st) == {0, 1, 2}
    assert GAME.public_choices(st)
    stack(st, 1, ["Lynx", "Hare"])
    st, log = play(st, 1, "draw")
    assert [c["name"] for c in GAME.view(st, 0)["seats"][1]["help"]] == ["Lynx"]
    assert [c["name"] for c in GAME.view(st, None)["seats"][1]["help"]] == ["Lynx"]
    assert log[0].only is None and "Lynx" in log[0].text
    assert GAME.to_move(st) == {0, 1, 2}
    assert GAME.reveals(st, 0, GAME.parse_move("draw"))


def test_you_may_stop_when_you_like_even_before_a_first_card():
    # The help page: "You can stop drawing cards whenever you want" (issue 37: one draw was forced).
    st = new()
    assert legal_texts(st, 0) == {"draw", "stop"}
    empty, _ = play(st, 0, "stop")
    assert empty.help[0] == [] and GAME.to_move(empty) == {1}
    stack(st, 0, ["Hare", "Fawn"])
    st, _ = play(st, 0, "draw")
    st, _ = play(st, 0, "stop")
    assert GAME.to_move(st) == {1}
    assert st.help[0] == [card("Hare")]


def test_a_third_solitary_symbol_stops_you():
    st = new()
    stack(st, 0, ["Bear", "Lynx", "Hare", "Fox", "Owl"])
    for _ in range(3):
        st, _ = play(st, 0, "draw")
    assert 0 in GAME.to_move(st)
    st, log = play(st, 0, "draw")  # Fox: the third solitary
    assert st.lone(0) == 3
    assert 0 not in GAME.to_move(st)
    assert "must stop" in log[-1].text


def test_gregarious_symbols_cancel_solitary_ones():
    st = new()
    stack(st, 0, ["Bear", "Chimpanzee", "Lynx", "Fox", "Owl"])
    for _ in range(4):
        st, _ = play(st, 0, "draw")
    assert st.lone(0) == 2  # three solitary, one gregarious
    assert "draw" in legal_texts(st, 0)
    st, _ = play(st, 0, "draw")
    assert st.lone(0) == 3 and 0 not in GAME.to_move(st)


def test_a_fragment_destroys_a_fire_varan_just_drawn():
    st = new()
    st.draw[0] = [card("Hare"), VARAN]
    st.frags[0], st.frag_stock = 1, 19
    stock = st.varan_stock
    st, _ = play(st, 0, "draw")
    assert "discard" in legal_texts(st, 0)
    st, log = play(st, 0, "discard")
    assert st.help[0] == [] and st.varan_stock == stock + 1 and st.frags[0] == 0 and st.frag_stock == 20
    assert "Fire Varan goes back" in log[0].text
    assert "discard" not in legal_texts(st, 0)  # the card before it was not just drawn


def test_a_fragment_sends_any_card_just_drawn_to_the_discard():
    st = new()
    stack(st, 0, ["Bear", "Lynx", "Fox"])
    st.frags[0] = 1
    for _ in range(3):
        st, _ = play(st, 0, "draw")
    assert 0 in GAME.to_move(st), "a Fragment may still take back the third solitary"
    assert "draw" not in legal_texts(st, 0)
    st, _ = play(st, 0, "discard")
    assert st.discard[0] == [card("Fox")] and st.lone(0) == 2
    assert "draw" in legal_texts(st, 0)


def test_the_discard_is_shuffled_in_only_when_you_want_to_draw_from_an_empty_stack():
    st = new()
    stack(st, 0, ["Hare"])
    st.discard[0] = [card("Fawn"), card("Bee")]
    st, _ = play(st, 0, "draw")
    assert st.draw[0] == [] and len(st.discard[0]) == 2, "an empty stack waits"
    st, log = play(st, 0, "draw")
    assert "shuffles" in log[0].text
    assert len(st.draw[0]) == 1 and st.discard[0] == [] and len(st.help[0]) == 2


def test_with_no_card_left_you_stop():
    st = new()
    stack(st, 0, ["Hare"])
    st.discard[0] = []
    st, _ = play(st, 0, "draw")
    assert 0 not in GAME.to_move(st)


def test_the_action_phase_starts_when_everyone_has_stopped():
    st = new()
    for s in range(2):
        stack(st, s, ["Hare", "Fawn"])
        st, _ = play(st, s, "draw")
    st, _ = play(st, 1, "stop")
    assert st.phase == 0
    st, _ = play(st, 0, "stop")
    assert GAME.to_move(st) == {0}
    assert not GAME.public_choices(st)

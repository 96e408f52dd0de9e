"""Declared states (meeple.engine.state): the written `__init__`, `copy` and `to_json`, and the checks
`read` makes on a position, on a toy state with every kind of field."""

import json

import pytest

from meeple.engine import PositionError, Rng
from meeple.engine.state import (
    DeclaredGame,
    PieceSet,
    State,
    joint,
    kept,
    listed,
    named,
    options,
    per_seat,
    piece,
    players,
    record,
    rng,
    seat,
    stored_when,
    stored_with,
    text,
    whole,
)
from meeple.games import get

CARDS = PieceSet(range(12), lambda c: f"c{c}", lambda t: int(t[1:]) if str(t)[:1] == "c" and t[1:].isdigit()
                 and int(t[1:]) < 12 else _no_card(t))
BACKS = PieceSet(range(12), lambda c: f"b{c}", lambda t: int(t[1:]), pool=CARDS)  # the same cards face down
SUITS = ("moons", "suns")


def _no_card(t):
    raise ValueError(f"'{t}' is not a card")


class ToyState(State):
    n: int = players()
    rng: Rng = rng()
    opts: dict = options()
    phase: str = text("deal", "play", "over", default="deal")
    hands: list[list[int]] = per_seat(listed(CARDS))
    rims: list[list[int]] = per_seat(listed(BACKS, most=2), under="plates", key="rim", absent=[])
    centres: list[int] = per_seat(piece(CARDS, none=-1), under="plates", key="centre")
    turn: int = seat(none=True, default=0)
    trump: int = named(SUITS, none=-1, default=-1)
    score: int = whole(0, 99, key="points", default=0)
    done: list = listed(record(leader=whole(0, "n-1"), cards=listed(CARDS, tuple=True)), factory=list)
    stock: list[int] = listed(CARDS, rest="sorted", factory=list)
    memo: dict | None = kept(None, copy="reset")
    seats: list = kept(make=lambda s: list(range(s.n)))


class Toy(DeclaredGame):
    id = "toy"
    name = "Toy"
    min_players, max_players = 2, 4
    state_class = ToyState

    def loaded(self, state, data, at):
        at.complete(CARDS, "cards")

    def new_state(self, n_players, options, rng):  # pragma: no cover - not played
        raise NotImplementedError

    to_move = legal_moves = apply = view = score_sheet = outcome = determinize = new_state


GAME = Toy()


def toy() -> ToyState:
    return ToyState(n=2, rng=Rng(5), opts={}, hands=[[0, 1], [2]], rims=[[3], []], centres=[-1, 4],
                    done=[(1, (5, 6))], stock=[7, 8, 9, 10, 11])


def test_init_takes_the_fields_by_name_and_fills_in_defaults_and_kept_ones():
    state = toy()
    assert (state.phase, state.turn, state.trump, state.score, state.memo, state.seats) == ("deal", 0, -1, 0, None,
                                                                                            [0, 1])
    with pytest.raises(TypeError):
        ToyState(n=2, rng=Rng(5), opts={}, hands=[[0, 1], [2]])  # no rims nor centres
    assert not hasattr(state, "__dict__")  # slotted
    with pytest.raises(AttributeError):
        state.other = 1


def test_a_copy_shares_nothing_it_may_change():
    state = toy()
    state.memo = {"x": 1}
    out = state.copy()
    assert type(out) is ToyState and out.to_json() == state.to_json()
    out.hands[0].append(9)
    out.rims[0].pop()
    out.centres[0] = 7
    out.stock.pop()
    out.done.append((0, (1, 2)))
    out.rng.next_u64()
    assert state.to_json() == toy().to_json()
    assert out.memo is None and out.seats is state.seats  # reset, and shared


def test_a_subclass_copies_as_itself():
    class Later(ToyState):
        __slots__ = ()

    state = Later(n=2, rng=Rng(5), opts={}, hands=[[0], [1]], rims=[[], []], centres=[-1, -1])
    assert type(state.copy()) is Later and state.copy().to_json() == state.to_json()


def test_to_json_writes_each_field_in_its_stored_form():
    data = toy().to_json()
    assert data == {"players": 2, "rng": 5, "options": {}, "phase": "deal", "hands": [["c0", "c1"], ["c2"]],
                    "plates": [{"rim": ["b3"], "centre": None}, {"rim": [], "centre": "c4"}], "turn": 0,
                    "trump": None, "points": 0, "done": [{"leader": 1, "cards": ["c5", "c6"]}],
                    "stock": ["c7", "c8", "c9", "c10", "c11"]}


def test_a_position_reads_back_to_the_same_json():
    data = GAME.to_json(toy())
    assert data["game"] == "toy" and data["version"] == 1
    back = GAME.from_json(json.loads(json.dumps(data)))
    assert GAME.to_json(back) == data and back.done == [(1, (5, 6))] and back.seats == [0, 1]
    del data["stock"], data["trump"], data["plates"][0]["rim"]  # the rest of the cards; the default; absent
    back = GAME.from_json({**data, "hands": [["c0", "c1", "c3"], ["c2"]]})
    assert back.stock == [7, 8, 9, 10, 11] and back.trump == -1 and back.rims == [[], []]


@pytest.mark.parametrize("change, words", [
    ({"players": 5}, "Toy is for 2 to 4 players, not 5"),
    ({"version": 2}, "Unsupported Toy position version 2"),
    ({"turn": 2}, "'turn' must be a whole number from -1 to 1, not 2"),
    ({"turn": True}, "'turn' must be a whole number"),
    ({"points": 100}, "'points' must be a whole number from 0 to 99"),
    ({"phase": "bid"}, "phase must be one of deal, play, over, not 'bid'"),
    ({"trump": "stars"}, "'trump' must be one of moons, suns or null, not 'stars'"),
    ({"hands": [["c0", "c1"]]}, "'hands' must list 2 items"),
    ({"hands": [["c0", "c1"], ["c2", "c1"]]}, "hands: c1 appears twice in the position"),
    ({"hands": [["c0", "c1"], ["x2"]]}, "hands: 'x2' is not a card"),
    ({"plates": [{"rim": ["b3", "b1"]}, {}]}, "plates rim: c1 appears twice"),  # a back is its card
    ({"plates": [{"rim": ["b3", "b2", "b0"]}, {}]}, "'plates rim' must list at most 2 items"),
    ({"plates": [{}, 3]}, "'plates' must list objects"),
    ({"done": [{"leader": 2, "cards": []}]}, "'done leader' must be a whole number from 0 to 1"),
    ({"done": [[1, []]]}, "each entry of 'done' must be an object with leader, cards"),
    ({"stock": ["c7"]}, r"Every one of the 12 cards must be somewhere \(4 missing\)"),
    ({"options": {"speed": 1}}, "Bad options in the position"),
])
def test_a_bad_position_is_refused_in_words(change, words):
    data = GAME.to_json(toy())
    with pytest.raises(PositionError, match=words):
        GAME.from_json({**data, **change})


def test_an_empty_word_among_the_choices_is_named_in_the_refusal():
    from meeple.engine.state import Text

    with pytest.raises(PositionError, match="""reason must be one of "", hq, not 'x'."""):
        Text(("", "hq")).read("x", "reason", None)


def test_a_field_without_a_default_must_be_in_the_json():
    data = GAME.to_json(toy())
    del data["hands"]
    with pytest.raises(PositionError, match="The position has no 'hands'"):
        GAME.from_json(data)


def test_the_methods_are_written_as_code_for_the_class():
    # No loop over the fields at run time: a copy is one function of plain assignments.
    assert "for f in" not in ToyState._source and "out.hands = [x0[:] for x0 in self.hands]" in ToyState._source
    assert ToyState.copy.__qualname__ == "ToyState.copy"


def test_a_declared_game_keeps_its_slots_and_its_json():
    game = get("picnic")
    state = game.setup(3, None, 4)
    assert not hasattr(state, "__dict__")
    data = game.to_json(state)
    assert game.to_json(game.from_json(data)) == data


# ----- fields stored together, and fields stored in some phases only ---------------------------------------

def _write_rows(state) -> list:
    """Each seat's cards, a face-down one as "down:c3": two fields in one entry."""
    return [[f"down:c{c}" if down >> i & 1 else f"c{c}" for i, c in enumerate(row)]
            for row, down in zip(state.rows, state.down)]


def _read_rows(value, where, at) -> tuple:
    if not (isinstance(value, list) and len(value) == at.state.n):
        raise ValueError("one row of cards per seat")
    rows, downs = [], []
    for row in value:
        cards = [CARDS.read(t.removeprefix("down:"), where, at) for t in row]
        rows.append(cards)
        downs.append(sum(1 << i for i, t in enumerate(row) if t.startswith("down:")))
    return rows, downs


class RowState(State):
    n: int = players()
    phase: str = text("bid", "play")
    rows: list[list[int]] = joint(_write_rows, _read_rows, key="rows", like=listed(listed(CARDS)))
    bids: list[int] = stored_when(lambda s: s.phase == "bid", per_seat(whole(0, 9), default=0))
    down: list[int] = stored_with("rows", like=listed(whole()))
    tally: list[list[int]] = kept(make=lambda s: [[0] for _ in range(s.n)], copy=listed(listed(whole())))


class Rows(Toy):
    id = "rows"
    name = "Rows"
    state_class = RowState

    def loaded(self, state, data, at):
        pass


ROWS = Rows()


def rows_state(phase: str = "bid") -> RowState:
    return RowState(n=2, phase=phase, rows=[[0, 1], [2]], bids=[1, 2], down=[0b10, 0])


def test_a_joint_field_writes_both_fields_in_one_entry_and_reads_both_back():
    state = rows_state()
    data = ROWS.to_json(state)
    assert list(data) == ["game", "version", "players", "phase", "rows", "bids"]  # in declaration order
    assert data["rows"] == [["c0", "down:c1"], ["c2"]] and "down" not in data
    back = ROWS.from_json(json.loads(json.dumps(data)))
    assert (back.rows, back.down, back.bids) == ([[0, 1], [2]], [0b10, 0], [1, 2])
    out = state.copy()
    out.rows[0].append(5)
    out.down[1] = 1
    out.tally[0].append(1)  # a kept table copied as the kind it names: lists of lists one level down
    assert state.to_json() == rows_state().to_json() and state.tally == [[0], [0]]  # the copy shares no list


def test_a_field_stored_when_is_left_out_elsewhere_and_read_as_absent():
    state = rows_state("play")
    data = ROWS.to_json(state)
    assert "bids" not in data and list(data)[-1] == "rows"
    assert ROWS.from_json(data).bids == [0, 0]  # its default


@pytest.mark.parametrize("change, words", [
    ({"rows": [["c0"]]}, "rows: one row of cards per seat"),
    ({"rows": [["c0", "down:c0"], ["c2"]]}, "rows: c0 appears twice"),  # the joint read places its pieces
    ({"rows": [["c0", "down:x1"], ["c2"]]}, "rows: 'x1' is not a card"),
])
def test_a_joint_fields_read_refuses_in_words(change, words):
    data = ROWS.to_json(rows_state())
    with pytest.raises(PositionError, match=words):
        ROWS.from_json({**data, **change})


class SharingState(State):
    """Lists that moves replace rather than edit: a copy shares them ("share") or only their rows ("slice")."""

    n: int = players()
    deck: list[int] = listed(whole(0), factory=list, copy="share")
    rows: list[list[int]] = per_seat(listed(whole(0)), copy="slice")
    hands: list[list[int]] = per_seat(listed(whole(0)))


def test_a_list_field_says_how_a_copy_takes_it():
    state = SharingState(n=2, deck=[3, 1], rows=[[1], [2]], hands=[[4], [5]])
    copy = state.copy()
    assert copy.deck is state.deck  # "share": the same list
    assert copy.rows is not state.rows and all(a is b for a, b in zip(copy.rows, state.rows))  # rows shared
    assert copy.hands is not state.hands and not any(a is b for a, b in zip(copy.hands, state.hands))
    assert copy.to_json() == state.to_json()


def _write_row(state, i) -> list:
    """Seat i's row of cards, a face-down one as "down:c3": its entry in the seat's object."""
    return [f"down:c{c}" if state.down[i] >> k & 1 else f"c{c}" for k, c in enumerate(state.rows[i])]


class SeatRowState(State):
    """A joint field under a JSON list: each seat's object holds its row, the face-down cards marked."""

    n: int = players()
    hands: list[int] = per_seat(whole(0), under="seats", key="hand")
    rows: list[list[int]] = joint(_write_row, _read_rows, key="row", under="seats", like=listed(listed(CARDS)))
    down: list[int] = stored_with("row", like=listed(whole()))


class SeatRows(Rows):
    id = "seat_rows"
    state_class = SeatRowState


def test_a_joint_field_under_a_list_writes_an_entry_in_each_object():
    game = SeatRows()
    state = SeatRowState(n=2, hands=[3, 4], rows=[[0, 1], [2]], down=[0b10, 0])
    data = game.to_json(state)
    assert data["seats"] == [{"hand": 3, "row": ["c0", "down:c1"]}, {"hand": 4, "row": ["c2"]}]
    assert list(data) == ["game", "version", "players", "seats"]
    back = game.from_json(json.loads(json.dumps(data)))
    assert (back.hands, back.rows, back.down) == ([3, 4], [[0, 1], [2]], [0b10, 0])
    with pytest.raises(PositionError, match="seats row: c1 appears twice"):
        game.from_json({**data, "seats": [{"hand": 3, "row": ["c1", "down:c1"]}, {"hand": 4, "row": ["c2"]}]})


def _write_bid(state) -> dict:
    return {"high": state.bid, "passed": state.passed}


def _read_bid(value, where, at) -> tuple:
    return (0, []) if value is None else (value["high"], list(value["passed"]))


class BidState(State):
    """A phase's own joint entry: written only while bidding, read from `absent` where the JSON has none."""

    n: int = players()
    phase: str = text("bid", "play")
    bid: int = stored_when(lambda s: s.phase == "bid", joint(_write_bid, _read_bid, key="bid", default=0, absent=None))
    passed: list[int] = stored_with("bid", like=listed(whole()), factory=list)
    turns: int = whole(0, default=0)


class Bids(Rows):
    id = "bids"
    state_class = BidState


def test_a_joint_field_stored_when_is_left_out_elsewhere_and_read_from_absent():
    game = Bids()
    state, other = BidState(n=2, phase="bid"), BidState(n=2, phase="bid")
    state.passed.append(1)
    assert other.passed == []  # each state its own list (factory=list)
    state.bid = 3
    data = game.to_json(state)
    assert list(data) == ["game", "version", "players", "phase", "bid", "turns"]  # in its place
    assert data["bid"] == {"high": 3, "passed": [1]}
    back = game.from_json(json.loads(json.dumps(data)))
    assert (back.bid, back.passed) == (3, [1])
    state.phase = "play"
    data = game.to_json(state)
    assert "bid" not in data
    back = game.from_json(data)
    assert (back.bid, back.passed) == (0, [])  # read from absent=None

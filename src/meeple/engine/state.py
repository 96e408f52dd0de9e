"""A game's state declared once: each field with its kind, from which the engine writes the state's
`__init__`, `copy` and `to_json` as code (once per class, as dataclasses does) and reads a position
back with the checks every loader makes: types, ranges, lengths, and pieces placed at most once.

    class PicnicState(State):
        n: int = players()                      # "players", checked against the game's counts
        rng: Rng = rng()
        piles: list[list[int]] = listed(listed(SIDE), length=PILES, says="The hamper has 6 piles.")
        turn: int = seat(none=True, default=0)  # a seat, or -1
        box: list[int] = listed(TILES, rest="sorted")  # where the JSON has none: the tiles placed nowhere
        shown: dict | None = kept(None, copy="reset")  # a memo: never stored, a copy starts without it

A field is stored in the position's JSON under its name (or `key`) and read back in declaration order
(the seat count first, then the generator and the options, lists of the pieces left last); `kept`
fields are the state's own memos and tables, never stored; a `joint` field writes one entry for
itself and the fields `stored_with` it (a card and its side as "down:7"), and reads them all back.
A game whose state is declared subclasses `DeclaredGame`: its `to_json` and `load_position` come from
the state class, and its `loaded(state, data, at)` adds the checks of its rules and works out again
what the state keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal, dataclass_transform

from .errors import OptionError, PositionError
from .game import Game, check_position
from .options import resolve_options
from .rng import Rng

MISSING: Any = object()  # no default: the field must be given (and stored)
Bound = int | str | Callable[[Any], int] | None  # a number, "n" or "n-1" (the seat count), or of the state


def _bound(bound: Bound, state: Any) -> int | None:
    if bound is None or isinstance(bound, int):
        return bound
    if bound == "n":
        return int(state.n)
    if bound == "n-1":
        return int(state.n) - 1
    assert callable(bound), bound
    return bound(state)


class Loading:
    """One position being read: the game, the state built so far, and the pieces placed so far."""

    def __init__(self, game: Any, data: dict, state: Any) -> None:
        self.game, self.data, self.state = game, data, state
        self.placed: dict[int, set[int]] = {}  # by id(PieceSet): the pieces read so far

    def place(self, kind: PieceSet, piece: int, where: str) -> None:
        pool = kind.pool
        used = self.placed.setdefault(id(pool), set())
        check_position(piece not in used, pool.twice.format(where=where, name=pool.label(piece)))
        used.add(piece)

    def rest(self, kind: PieceSet) -> list[int]:
        """The pieces of `kind` placed nowhere yet, in order."""
        used = self.placed.get(id(kind.pool), set())
        return [p for p in kind.pool.every if p not in used]

    def complete(self, kind: PieceSet, noun: str, every: Sequence[int] | None = None) -> None:
        """A PositionError unless every piece of `kind` (or of `every`, those a table plays with) is placed:
        "Every one of the 60 cards must be somewhere (2 missing)."."""
        every = kind.pool.every if every is None else every
        used = self.placed.get(id(kind.pool), set())
        missing = sum(1 for p in every if p not in used)
        check_position(not missing, f"Every one of the {len(every)} {noun} must be somewhere ({missing} missing).")


class Kind:
    """How one value is kept: its JSON form (`write`, as source code), how it is read back with its
    checks (`read`), and whether a copy of the state may share it (`shared`: never changed in place)."""

    shared = True

    def write(self, expr: str, names: dict[str, Any], depth: int = 0) -> str:
        """Source of the JSON form of the value `expr` (`names`: the generated code's globals; `depth`:
        how deep in lists it lies, for the names of loop variables)."""
        return expr

    def copy(self, expr: str, names: dict[str, Any], depth: int = 0) -> str:
        """Source of an independent copy of the value `expr`."""
        return expr

    def read(self, value: Any, where: str, at: Loading) -> Any:
        return value


def _name(names: dict[str, Any], obj: Any) -> str:
    """A name for `obj` in the generated code's globals."""
    key = f"_v{len(names)}"
    names[key] = obj
    return key


class Whole(Kind):
    def __init__(self, lo: Bound = None, hi: Bound = None, says: str | None = None) -> None:
        self.lo, self.hi, self.says = lo, hi, says

    def read(self, value, where, at):
        lo, hi = _bound(self.lo, at.state), _bound(self.hi, at.state)
        ok = isinstance(value, int) and not isinstance(value, bool) and (lo is None or value >= lo) \
            and (hi is None or value <= hi)
        if not ok:
            span = (f" from {lo} to {hi}" if lo is not None and hi is not None else f" {lo} or more"
                    if lo is not None else f" {hi} or less" if hi is not None else "")
            raise PositionError(self.says or f"'{where}' must be a whole number{span}, not {value!r}.")
        return value


class Named(Kind):
    """An index into `names`, stored as its name; `none` (stored as null) where it names nothing. `parse`
    reads a name in other spellings (ValueError if none fits)."""

    def __init__(self, names: Sequence[str], none: int | None = None,
                 parse: Callable[[str], int] | None = None) -> None:
        self.names, self.none, self.parse = tuple(names), none, parse

    def write(self, expr, names, depth=0):
        table = _name(names, self.names)
        if self.none is None:
            return f"{table}[{expr}]"
        return f"(None if {expr} == {self.none!r} else {table}[{expr}])"

    def read(self, value, where, at):
        if value is None and self.none is not None:
            return self.none
        index = -1
        if self.parse is not None and isinstance(value, str):
            try:
                index = self.parse(value)
            except ValueError as exc:
                raise PositionError(f"{where}: {exc}") from None
        elif value in self.names:
            index = self.names.index(value)
        check_position(index >= 0, f"'{where}' must be one of {', '.join(self.names)}"
                       + (" or null" if self.none is not None else "") + f", not {value!r}.")
        return index


class Text(Kind):
    """One of a few words, stored as it is."""

    def __init__(self, choices: Sequence[str]) -> None:
        self.choices = tuple(choices)

    def read(self, value, where, at):
        # (an empty word among the choices is shown as "", where it would read as nothing)
        words = ", ".join(choice or '""' for choice in self.choices)
        check_position(value in self.choices, f"{where} must be one of {words}, not {value!r}.")
        return value


class Flag(Kind):
    def read(self, value, where, at):
        check_position(isinstance(value, bool), f"'{where}' must be true or false, not {value!r}.")
        return value


class PieceSet(Kind):
    """Distinct pieces of one kind (the cards of a deck, the tiles of a box), each placed at most once in a
    position: stored by `write` (a card's code), read by `read` (ValueError saying why not). A value may
    stand for a piece other than itself (`piece`: a tile's side is its tile) or for none (`piece` gives
    None: a side that belongs to no tile). Several sets may write the same pieces differently (`pool`:
    the first of them), and a piece is placed once whichever of them reads it."""

    def __init__(self, every: Sequence[int], write: Callable[[int], Any] | None = None,
                 read: Callable[[Any], int] | None = None, *, piece: Callable[[int], int | None] | None = None,
                 label: Callable[[int], str] | None = None, pool: PieceSet | None = None,
                 twice: str = "{where}: {name} appears twice in the position.") -> None:
        self.every = tuple(every)  # the pieces, by number
        self.encode, self.decode, self.piece, self.twice = write, read, piece, twice
        self.label = label or write or str  # a piece in the error about one placed twice
        self.pool = pool or self  # the set whose pieces these are (another way of writing them)

    def write(self, expr, names, depth=0):
        return expr if self.encode is None else f"{_name(names, self.encode)}({expr})"

    def read(self, value, where, at):
        if self.decode is not None:
            try:
                value = self.decode(value)
            except ValueError as exc:
                raise PositionError(f"{where}: {exc}") from None
        else:
            check_position(isinstance(value, int) and not isinstance(value, bool) and value in self.every,
                           f"{where}: {value!r} is not one of the pieces.")
        piece = value if self.piece is None else self.piece(value)
        if piece is not None:
            at.place(self, piece, where)
        return value


class Maybe(Kind):
    """`item`, or `none` (stored as null) where there is nothing."""

    def __init__(self, item: Kind, none: Any = -1) -> None:
        self.item, self.none = item, none
        self.shared = item.shared

    def write(self, expr, names, depth=0):
        return f"(None if {expr} == {self.none!r} else {self.item.write(expr, names, depth)})"

    def copy(self, expr, names, depth=0):
        return expr if self.shared else f"({expr} if {expr} == {self.none!r} else {self.item.copy(expr, names, depth)})"

    def read(self, value, where, at):
        return self.none if value is None else self.item.read(value, where, at)


class Listed(Kind):
    """A list of `item` (a tuple with `tuple=True`), of `length` items where one is given."""

    shared = False

    def __init__(self, item: Kind, length: Bound = None, says: str | None = None, tuple: bool = False,
                 most: Bound = None) -> None:
        self.item, self.length, self.says, self.most = item, length, says, most
        self.tuple = tuple
        self.shared = tuple and item.shared

    def write(self, expr, names, depth=0):
        x = f"x{depth}"
        inner = self.item.write(x, names, depth + 1)
        return f"list({expr})" if inner == x else f"[{inner} for {x} in {expr}]"

    def copy(self, expr, names, depth=0):
        if self.shared:
            return expr
        if self.item.shared:
            return f"{expr}[:]"
        x = f"x{depth}"
        return f"[{self.item.copy(x, names, depth + 1)} for {x} in {expr}]"

    def read(self, value, where, at):
        length, most = _bound(self.length, at.state), _bound(self.most, at.state)
        ok = isinstance(value, list) and (length is None or len(value) == length) and (most is None
                                                                                        or len(value) <= most)
        if not ok:
            size = f" {length}" if length is not None else f" at most {most}" if most is not None else ""
            raise PositionError(self.says or f"'{where}' must list{size} items.")
        out = [self.item.read(v, where, at) for v in value]
        return tuple(out) if self.tuple else out


class Record(Kind):
    """A tuple of values of several kinds, stored as an object with a key for each."""

    def __init__(self, **fields: Kind) -> None:
        self.fields = fields

    def write(self, expr, names, depth=0):
        parts = [f"{k!r}: {kind.write(f'{expr}[{i}]', names, depth)}"
                 for i, (k, kind) in enumerate(self.fields.items())]
        return "{" + ", ".join(parts) + "}"

    def copy(self, expr, names, depth=0):
        return expr  # records are tuples: shared (what they hold is never changed in place)

    def read(self, value, where, at):
        check_position(isinstance(value, dict), f"each entry of '{where}' must be an object with "
                       f"{', '.join(self.fields)}.")
        return tuple(kind.read(value[k], f"{where} {k}", at) for k, kind in self.fields.items())


class Custom(Kind):
    """A value stored and read by the game's own functions: `write(value)` its JSON, `read(json, where)`
    the value back (PositionError, or ValueError saying why not); `copy` a copy of it (shared if None)."""

    def __init__(self, write: Callable[[Any], Any], read: Callable[[Any, str], Any],
                 copy: Callable[[Any], Any] | None = None) -> None:
        self.encode, self.decode, self.copier = write, read, copy
        self.shared = copy is None

    def write(self, expr, names, depth=0):
        return f"{_name(names, self.encode)}({expr})"

    def copy(self, expr, names, depth=0):
        return expr if self.copier is None else f"{_name(names, self.copier)}({expr})"

    def read(self, value, where, at):
        try:
            return self.decode(value, where)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None


class Joint(Kind):
    """Several fields stored together in one JSON entry by the game's own functions (a card and whether it
    lies face down, as "down:7"): `write(state)` the entry from the whole state; `read(json, where, at)`
    the values of the joint field and of each field `stored_with` it, in declaration order (PositionError,
    or ValueError saying why not). The joint field is copied as `like` (a kind; shared if None). A joint field
    `under` a JSON list writes each object's entry as `write(state, i)` and reads the list of them."""

    def __init__(self, write: Callable[..., Any], read: Callable[[Any, str, Loading], tuple],
                 like: Kind | None = None) -> None:
        self.encode, self.decode, self.like = write, read, like
        self.shared = like is None or like.shared

    def write(self, expr, names, depth=0):
        raise TypeError("a joint field is written from the whole state")  # _write_methods calls encode(self)

    def copy(self, expr, names, depth=0):
        return expr if self.like is None else self.like.copy(expr, names, depth)

    def read(self, value, where, at):
        try:
            return self.decode(value, where, at)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None


class Players(Kind):
    def read(self, value, where, at):
        game = at.game
        lo, hi = game.min_players, game.max_players
        check_position(isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi,
                       f"{game.name} is for {lo} to {hi} players, not {value!r} ('{where}').")
        return value


class Options(Kind):
    """The table's options (a dict never changed after setup: shared by every copy), stored as JSON and
    checked on reading as a new table's are."""

    def write(self, expr, names, depth=0):
        return f"dict({expr})"

    def read(self, value, where, at):
        try:
            opts = resolve_options(at.game.options, value)
            at.game.check_options(at.state.n, opts)
        except OptionError as exc:
            raise PositionError(f"Bad options in the position: {exc}") from None
        return opts


class RngKind(Kind):
    shared = False

    def write(self, expr, names, depth=0):
        return f"{expr}.state"

    def copy(self, expr, names, depth=0):
        return f"{expr}.copy()"

    def read(self, value, where, at):
        return Rng(int(value))


class Field:
    """A declared field: its kind and how the state keeps it (made by the functions below).

    `key`: its name in the JSON (default: the field's); `default`, `factory`: its value when `__init__`
    is not given one or the JSON lacks it; `absent`: the JSON read in its stead where the JSON lacks it;
    `init`: whether `__init__` takes it; `stored`: whether the JSON holds it; `copy`: how a copy gets it,
    for a field the kind cannot tell ("share", "reset", or a function of the original state); `under`:
    a list stored an item in each object of that JSON list (one per seat: "plates": [{"rim": ..}]);
    `rest`: see `listed`; `stage`: fields are read by stage (players 0, rng and options 1, the rest 2,
    pieces placed nowhere else 3), then in declaration order; `within`: the key of the `joint` field whose
    entry holds this one; `when`: a function of the state, the field stored only where it is true."""

    def __init__(self, kind: Kind, *, key: str | None = None, default: Any = MISSING,
                 factory: Callable[[], Any] | None = None, absent: Any = MISSING, init: bool = True,
                 stored: bool = True, copy: str | Callable[[Any], Any] | None = None, under: str | None = None,
                 rest: str | None = None, stage: int = 2, make: Callable[[Any], Any] | None = None,
                 within: str | None = None) -> None:
        self.kind, self.key, self.default, self.factory, self.absent = kind, key, default, factory, absent
        self.make = make
        self.init, self.stored, self.copy_as, self.under, self.rest, self.stage = \
            init, stored, copy, under, rest, stage
        self.within = within
        self.when: Callable[[Any], bool] | None = None
        self.name = ""

    @property
    def optional(self) -> bool:
        return self.default is not MISSING or self.factory is not None or self.make is not None

    def default_value(self, state: Any = None) -> Any:
        if self.make is not None:
            return self.make(state)
        return self.factory() if self.factory is not None else self.default


# ----- declaring a field: each returns a Field, typed Any so that `x: int = whole(0, 9)` type-checks ------

Factory = Callable[[], Any] | None


def field(kind: Kind, *, key: str | None = None, default: Any = MISSING, factory: Factory = None,
          absent: Any = MISSING, init: bool = True, under: str | None = None,
          make: Callable[[Any], Any] | None = None, copy: str | None = None) -> Any:
    """A field of a kind of the game's own (a `Kind` subclass, or `Custom`); `make(state)`: its value where
    neither `__init__` nor the JSON gives one, from the fields before it; `copy` as for `listed`."""
    return Field(kind, key=key, default=default, factory=factory, absent=absent, init=init, under=under, make=make,
                 copy=copy)


def flag(*, key: str | None = None, default: Any = MISSING, init: bool = True) -> Any:
    """True or false."""
    return Field(Flag(), key=key, default=default, init=init)


def whole(lo: Bound = None, hi: Bound = None, *, says: str | None = None, none: int | None = None,
          key: str | None = None, default: Any = MISSING, init: bool = True) -> Any:
    """A whole number from `lo` to `hi` (None: unbounded; "n-1": the last seat), or `none` stored as null;
    `says`: the error."""
    kind: Kind = Whole(lo, hi, says)
    return Field(kind if none is None else Maybe(kind, none), key=key, default=default, init=init)


def seat(*, none: bool = False, says: str | None = None, key: str | None = None, default: Any = MISSING,
         init: bool = True) -> Any:
    """A seat number, or -1 for none where `none`."""
    return Field(Whole(-1 if none else 0, "n-1", says), key=key, default=default, init=init)


def text(*choices: str, key: str | None = None, default: Any = MISSING, init: bool = True) -> Any:
    """One of a few words (a phase), stored as it is."""
    return Field(Text(choices), key=key, default=default, init=init)


def named(names: Sequence[str], *, none: int | None = None, parse: Callable[[str], int] | None = None,
          key: str | None = None, default: Any = MISSING, init: bool = True) -> Any:
    """An index into `names` stored as its name, or `none` stored as null; `parse` reads other spellings."""
    return Field(Named(names, none, parse), key=key, default=default, init=init)


def piece(pieces: PieceSet, *, none: Any = MISSING, key: str | None = None, default: Any = MISSING,
          absent: Any = MISSING, init: bool = True, under: str | None = None) -> Any:
    """One piece of `pieces`, or `none` (stored as null) where there is none."""
    kind: Kind = pieces if none is MISSING else Maybe(pieces, none)
    return Field(kind, key=key, default=default, absent=absent, init=init, under=under)


def listed(item: Any, *, length: Bound = None, most: Bound = None, says: str | None = None, key: str | None = None,
           default: Any = MISSING, factory: Factory = None, absent: Any = MISSING, init: bool = True,
           rest: str | None = None, under: str | None = None, tuple: bool = False, copy: str | None = None) -> Any:
    """A list of `item` (a kind, or a field made by these functions) of `length` items, or at most `most`;
    a tuple with `tuple`. With `rest` ("sorted", or "shuffled" by the state's `rng`), a list of pieces the
    JSON lacks holds every piece placed nowhere else. `copy`: how a copy takes it where moves replace it
    rather than edit it: "share" (the same list) or "slice" (a list of its own, its rows shared)."""
    return Field(Listed(_kind(item), length, says, tuple, most), key=key, default=default, factory=factory,
                 absent=absent, init=init, rest=rest, under=under, stage=3 if rest else 2, copy=copy)


def per_seat(item: Any, *, says: str | None = None, default: Any = MISSING, key: str | None = None,
             absent: Any = MISSING, init: bool = True, under: str | None = None, copy: str | None = None) -> Any:
    """A list of one `item` per seat. With a `default` (each seat's: a value, or [] for empty lists) it may
    be left out of `__init__` and of the JSON; `copy` as for `listed`."""
    make = None if default is MISSING else each_seat(default)
    return Field(Listed(_kind(item), "n", says), key=key, make=make, absent=absent, init=init, under=under,
                 copy=copy)


def each_seat(value: Any) -> Callable[[Any], list]:
    """A maker (`kept(make=)`) of a list of `value` for each seat of the state (`[]`: an empty list each)."""
    if value == []:
        def make(s: Any) -> list:
            return [[] for _ in range(s.n)]
        _INLINE[make] = "[[] for _ in range({s}.n)]"
    else:
        def make(s: Any) -> list:
            return [value] * s.n
        if value is None or isinstance(value, int | str):
            _INLINE[make] = f"[{value!r}] * {{s}}.n"
    return make


def record(**fields: Any) -> Kind:
    """A tuple stored as an object with a key for each value (an item for `listed`)."""
    return Record(**{k: _kind(v) for k, v in fields.items()})


def custom(write: Callable[[Any], Any], read: Callable[[Any, str], Any], *, copy: Callable[[Any], Any] | None = None,
           key: str | None = None, default: Any = MISSING, absent: Any = MISSING, init: bool = True) -> Any:
    """A value the game stores and reads with its own functions (see `Custom`)."""
    return Field(Custom(write, read, copy), key=key, default=default, absent=absent, init=init)


def joint(write: Callable[..., Any], read: Callable[[Any, str, Loading], tuple], *, key: str,
          like: Any = None, default: Any = MISSING, absent: Any = MISSING, init: bool = True,
          under: str | None = None) -> Any:
    """A field stored with others (`stored_with(key)`) in the one JSON entry `key`, by the game's own
    functions (see `Joint`); copied as `like` (a kind, or a field made by these functions). With `under`,
    an entry in each object of that JSON list, `write(state, i)` the i-th, `read` given the list of them."""
    return Field(Joint(write, read, None if like is None else _kind(like)), key=key, default=default, absent=absent,
                 init=init, under=under)


def stored_with(key: str, like: Any = None, *, factory: Factory = None, init: bool = True) -> Any:
    """A field stored in the entry `key` of a `joint` field, read back by that field's `read`; copied as
    `like` (a kind, or a field made by these functions; shared if None); `factory`: its value where
    `__init__` is not given one."""
    return Field(Kind() if like is None else _kind(like), factory=factory, init=init, within=key)


def stored_when(when: Callable[[Any], bool], field: Any) -> Any:
    """`field` (a `joint` one too) stored only where `when(state)` is true (a phase's own entries), read as if
    absent elsewhere:
    `stored_when(lambda s: s.stage == ROLL, listed(DIE, factory=list))`. Its place in the JSON is kept."""
    field.when = when
    return field


def players() -> Any:
    """The seat count `n`, stored as "players" and checked against the game's."""
    return Field(Players(), key="players", stage=0)


def options() -> Any:
    """The table's options, stored as "options" and checked as setup checks them."""
    return Field(Options(), key="options", stage=1)


def rng() -> Any:
    """The state's own generator, stored as its one integer ("rng"; 0 where the JSON lacks it)."""
    return Field(RngKind(), key="rng", absent=0, stage=1)


def kept(default: Any = None, *, make: Callable[[Any], Any] | None = None,
         copy: Any = "share", init: Literal[False] = False) -> Any:
    """A memo or table the state keeps and never stores (a game works it out again in `loaded`): `default`
    (never changed in place: shared by every state), or `make(state)` once the stored fields are set.
    `copy`: "share" (the copy has the same object), "slice" (a list of its own), "reset" (the copy has it
    afresh), a function of the original state giving the copy's, or a kind (a field made by these
    functions) the copy is made as (`listed(listed(whole()))`: lists of lists one level down)."""
    if isinstance(copy, Field | Kind):
        return Field(_kind(copy), default=default, make=make, init=init, stored=False, stage=4)
    return Field(Kind(), default=default, make=make, init=init, stored=False, copy=copy, stage=4)


def _kind(item: Any) -> Kind:
    return item.kind if isinstance(item, Field) else item


# ----- the state base class and its generated methods ----------------------------------------------------

class _Declared(type):
    """Collects a state class's declared fields (its bases' first), gives it their slots, writes its methods."""

    def __new__(mcs, name: str, bases: tuple, ns: dict[str, Any]) -> Any:
        own = {k: v for k, v in ns.items() if isinstance(v, Field)}
        slotted = {s for b in bases for c in b.__mro__ for s in getattr(c, "__slots__", ())}
        for key in own:
            del ns[key]
        if "__slots__" not in ns:
            ns["__slots__"] = tuple(k for k in own if k not in slotted)
        cls: Any = super().__new__(mcs, name, bases, ns)
        fields = {f.name: f for b in reversed(bases) for f in getattr(b, "FIELDS", ())}
        for key, f in own.items():
            f.name = key
            fields[key] = f
        cls.FIELDS = tuple(fields.values())
        if fields:  # every class its own: a copy is of the class copied
            _write_methods(cls)
        return cls


# Makers and factories written inline in the generated code, where a call would cost more than the work.
_INLINE: dict[Callable, str] = {list: "[]", dict: "{{}}"}


def _make(maker: Callable, names: dict[str, Any], target: str = "") -> str:
    """Source that makes a field's value: `maker(target)` (no argument where `target` is empty), or its
    inline form."""
    src = _INLINE.get(maker)
    if src is not None:
        return src.format(s=target)
    return f"{_name(names, maker)}({target})"


def _spread(entry: str, when: Callable[[Any], bool], names: dict[str, Any]) -> str:
    """Source of a JSON entry written only where `when(self)` is true, spread in place: the JSON keeps its
    order."""
    return f"**({{{entry}}} if {_name(names, when)}(self) else {{}})"


def _write_methods(cls: Any) -> None:
    """`__init__`, `copy` and `to_json` as code for this class's fields (run once, when it is made)."""
    names: dict[str, Any] = {"_cls": cls, "_new": object.__new__, "MISSING": MISSING}
    params, init, copy, json, init_last, copy_last = [], [], [], [], [], []
    groups: dict[str, list[Field]] = {}
    for f in cls.FIELDS:
        a = f.name
        if f.make is not None and not f.init:  # made from the other fields, once they are set
            init_last.append(f"self.{a} = {_make(f.make, names, 'self')}")
        elif f.make is not None:  # made from the fields before it where it is not given
            params.append(f"{a}=MISSING")
            init.append(f"self.{a} = {_make(f.make, names, 'self')} if {a} is MISSING else {a}")
        elif f.init:
            if f.factory is not None:
                params.append(f"{a}=MISSING")
                init.append(f"self.{a} = {_make(f.factory, names)} if {a} is MISSING else {a}")
            else:
                params.append(a if f.default is MISSING else f"{a}={_name(names, f.default)}")
                init.append(f"self.{a} = {a}")
        elif f.factory is not None:
            init.append(f"self.{a} = {_make(f.factory, names)}")
        else:
            init.append(f"self.{a} = {_name(names, f.default)}")
        how = f.copy_as
        if how is None:
            copy.append(f"out.{a} = {f.kind.copy(f'self.{a}', names)}")
        elif how == "share":
            copy.append(f"out.{a} = self.{a}")
        elif how == "slice":
            copy.append(f"out.{a} = self.{a}[:]")
        elif how == "reset" and f.make is not None:
            copy_last.append(f"out.{a} = {_make(f.make, names, 'out')}")
        elif how == "reset":
            copy.append(f"out.{a} = " + (_make(f.factory, names) if f.factory is not None
                                         else _name(names, f.default)))
        else:
            copy.append(f"out.{a} = {_name(names, how)}(self)")
        if not f.stored or f.within is not None:  # never stored, or stored by its joint field
            continue
        if isinstance(f.kind, Joint) and f.under is None:
            entry = f"{f.key or a!r}: {_name(names, f.kind.encode)}(self)"
            json.append(entry if f.when is None else _spread(entry, f.when, names))
        elif f.when is not None:
            json.append(_spread(f"{f.key or a!r}: {f.kind.write(f'self.{a}', names)}", f.when, names))
        elif f.under is None:
            json.append(f"{f.key or a!r}: {f.kind.write(f'self.{a}', names)}")
        elif f.under not in groups:
            groups[f.under] = [f]
            json.append(f.under)  # filled in below, once the group is whole
        else:
            groups[f.under].append(f)
    for under, members in groups.items():
        parts = []
        for f in members:
            if isinstance(f.kind, Joint):  # the i-th object's entry, from the whole state
                parts.append(f"{f.key!r}: {_name(names, f.kind.encode)}(self, i)")
                continue
            item = f.kind.item if isinstance(f.kind, Listed) else f.kind
            parts.append(f"{f.key or f.name!r}: {item.write(f'self.{f.name}[i]', names, 1)}")
        json[json.index(under)] = f"{under!r}: [{{{', '.join(parts)}}} for i in range(len(self.{members[0].name}))]"
    init += init_last
    copy += copy_last
    nl = "\n    "
    source = (f"def __init__(self, *, {', '.join(params)}):\n    {nl.join(init) or 'pass'}\n"
              f"def copy(self):\n    out = _new(_cls)\n    {nl.join(copy)}\n    return out\n"
              f"def to_json(self):\n    return {{{', '.join(json)}}}\n")
    if not params:
        source = source.replace("(self, *, )", "(self)")
    exec(compile(source, f"<state {cls.__qualname__}>", "exec"), names)  # our own source, as dataclasses does
    for method in ("__init__", "copy", "to_json"):
        fn = names[method]
        fn.__qualname__ = f"{cls.__qualname__}.{method}"
        setattr(cls, method, fn)
    cls._source = source  # for a reader who wonders what was written


@dataclass_transform(kw_only_default=True, field_specifiers=(whole, seat, text, named, piece, listed, per_seat,
                                                             custom, players, options, rng, kept, field, flag,
                                                             joint, stored_with, Field))
class State(metaclass=_Declared):
    """Base of a declared state (see the module): `__init__` takes every field by name (those with a
    default may be left out; `kept` ones are not taken), `copy()` and `to_json()` are written as code
    for the class, and `read(game, data)` reads a position back with the declared checks."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[Field, ...]] = ()

    def copy(self) -> Any:  # each declared class has its own, written for its fields
        raise NotImplementedError

    def to_json(self) -> dict:  # each declared class has its own, written for its fields
        raise NotImplementedError

    @classmethod
    def read(cls, game: Any, data: dict) -> tuple[Any, Loading]:
        """The state `to_json` wrote, every declared check made (PositionError otherwise), and what was
        read (`Loading`: the pieces placed, for the game's own checks)."""
        state = cls.__new__(cls)
        at = Loading(game, data, state)
        for f in sorted(cls.FIELDS, key=lambda f: f.stage):
            if f.within is not None:
                continue  # read with its joint field
            value = _read_field(f, data, at)
            if isinstance(f.kind, Joint):
                together = [f.name] + [g.name for g in cls.FIELDS if g.within == f.key]
                assert isinstance(value, tuple) and len(value) == len(together), (f.key, together)
                for name, v in zip(together, value):
                    setattr(state, name, v)
            else:
                setattr(state, f.name, value)
        return state, at


def _read_field(f: Field, data: dict, at: Loading) -> Any:
    if not f.stored:
        return f.default_value(at.state)
    key = f.key or f.name
    if f.under is not None:  # one value in each of the objects listed under `under`
        groups = data[f.under]
        check_position(isinstance(groups, list) and all(isinstance(g, dict) for g in groups),
                       f"'{f.under}' must list objects.")
        absent = None if f.absent is MISSING else f.absent
        return f.kind.read([g.get(key, absent) for g in groups], f"{f.under} {key}", at)
    if key in data:
        return f.kind.read(data[key], key, at)
    if f.absent is not MISSING:
        return f.kind.read(f.absent, key, at)
    if f.rest is not None:  # every piece placed nowhere else
        pieces = _piece_kind(f.kind)
        rest = at.rest(pieces)
        if f.rest == "shuffled":
            at.state.rng.shuffle(rest)
        for p in rest:
            at.place(pieces, p, key)
        return rest
    check_position(f.optional, f"The position has no '{key}'.")
    return f.default_value(at.state)


def _piece_kind(kind: Kind) -> PieceSet:
    """The pieces of a list (or a Maybe) of pieces, as `rest` requires."""
    while isinstance(kind, Listed | Maybe):
        kind = kind.item
    if not isinstance(kind, PieceSet):
        raise TypeError("rest= is for a list of pieces (a PieceSet)")
    return kind


class DeclaredGame(Game):
    """A game whose state is declared (`State`): `to_json` and `load_position` come from `state_class`,
    with "game" and "version" around the fields; `loaded(state, data, at)` adds the checks the rules make
    and works out what the state keeps but does not store."""

    state_class: ClassVar[type[State]]
    position_version: ClassVar[int] = 1

    def to_json(self, state) -> dict:
        return {"game": self.id, "version": self.position_version, **state.to_json()}

    def load_position(self, data):
        found = data.get("version", self.position_version)
        check_position(found == self.position_version,
                       f"Unsupported {self.name} position version {found!r} (this is version {self.position_version}).")
        state, at = self.state_class.read(self, data)
        self.loaded(state, data, at)
        return state

    def loaded(self, state, data: dict, at: Loading) -> None:  # noqa: B027 - optional hook
        """Checks of the rules on a position just read, and what the state keeps worked out again."""

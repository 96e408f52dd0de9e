"""Move identity, owned by the engine: a move of one kind never equals a move of another.

Games define their moves as small NamedTuples (fast to hash, interned by the
game) and mark each class with `@move_kind`. A plain NamedTuple is a tuple, so
`Trump(0) == Bid(0)` would hold and `move in legal_moves` would let a bid pass
as a trump; `move_kind` makes equality include the class. Hashing stays the
tuple's own (the search trees hash moves at every step): two kinds with the
same fields share a hash bucket but never compare equal.

`Game.play` and `Game.preview` also compare kinds themselves (`same_move`), so
even a game that forgot the decorator cannot accept a foreign move; the
contract tests fail any game whose moves of two kinds compare equal.

Declared moves: `@move_kind(key=..., field=Field(...))` also states each field's
allowed values once (`Field`, `ints`, `names`). From that the engine makes every
move of the kind once (`moves_of`, `table_of`: the interned instances the rules
hand out; `plain_move` declares a kind without fields and its move in one line)
and a game's whole notation (`Notation`): JSON in and out, checked, with a hint
in words; text out and parsing. JSON is {key: first field, name: other field, ...}
(a kind without fields: {key: const}); text is the kind's word followed by each
field's text ("bid 2"; a kind with the word "" is its fields alone, "13G").
A field too large to list (`Field(None, ...)`, Vent Life's hexes) makes its kind's moves on
demand: `table_of` interns each the first time the rules ask for it.
"""

from __future__ import annotations

import collections
import itertools
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar, overload

from .errors import NotationError

T = TypeVar("T", bound=type)
_MISSING: Any = object()


def _eq(self, other) -> bool:
    return self.__class__ is other.__class__ and tuple.__eq__(self, other)


def _ne(self, other) -> bool:
    return self.__class__ is not other.__class__ or tuple.__ne__(self, other)


@overload
def move_kind(cls: T, /) -> T: ...
@overload
def move_kind(*, key: str, word: str | None = None, aliases: Sequence[str] = (), const: Any = True,
              glued: bool = False, packed: bool = False, joined: str = " ", **fields: Field) -> Callable[[T], T]: ...
def move_kind(cls=None, /, **spec):
    """Class decorator for a NamedTuple move type: equal only to moves of the same class.

    With keywords it declares the kind too: `key` (its JSON key, the first field's JSON
    name), `word` (its text word; default the key, "" for none), `aliases` (more words
    read as it), `const` (the JSON value of a kind without fields), `glued` (its word may
    touch its one field: "b2"), `packed` (JSON {key: [every field]}), `joined` (the sign between
    its fields in text: "4@13"; the game's `Notation` reads it through its `separators`), and one
    `Field` per NamedTuple field, named as the field."""
    if cls is None:
        return lambda c: _declare(_kind(c), **spec)
    return _kind(cls)


def _kind(cls: T) -> T:
    if not issubclass(cls, tuple):
        raise TypeError(f"@move_kind is for NamedTuple move types; {cls.__name__} is not a tuple "
                        "(a frozen dataclass already compares its class).")
    cls.__eq__ = _eq  # type: ignore[method-assign]
    cls.__ne__ = _ne  # type: ignore[method-assign]
    cls.__hash__ = tuple.__hash__  # type: ignore[method-assign]
    cls.__move_kind__ = True  # type: ignore[attr-defined]
    return cls


def same_move(a: Any, b: Any) -> bool:
    """True when `a` and `b` are the same move: same class and equal fields."""
    return a.__class__ is b.__class__ and a == b


def is_among(move: Any, moves: Iterable[Any]) -> bool:
    """`move in moves`, comparing kinds too (identity first: legal moves are interned)."""
    kind = move.__class__
    for m in moves:
        if m is move or (m.__class__ is kind and m == move):
            return True
    return False


class Field:
    """The values one field of a move kind may take, and how each is written.

    `values`: every value, in order (the interned moves follow it); None where they are too many to
    list (Vent Life's hexes): then `load` and `read` decide which values are allowed, `what` says so
    and `example` is one, for hints. `dump`: a value's JSON
    (default the value itself); `show`: its text (default str of its JSON). JSON is read back
    by exact match (type included: true is not 1) unless `load` is given; text by matching
    `show`, `words` (more spellings: word -> value) or `read`. `load` and `read` raise
    ValueError on a bad value. `json`: the field's JSON name (default its own name; the first
    field's is the kind's key). `default`: taken when the JSON leaves the field out; with `omit`,
    the text leaves the field out at its default too, and reads text without it as the default
    (a kind's last fields only: Draft & Write Records' "play 2 m3" and "play 2 m3 x2"). `label`: a
    word written before the field's text, or a tuple of them, the first written and any read
    (Letters Home's "note 3 drop 1"). `what`: the allowed values in words, for error hints."""

    def __init__(self, values: Iterable | None, *, dump: Callable | None = None, show: Callable | None = None,
                 load: Callable | None = None, read: Callable | None = None, words: dict | None = None,
                 json: str | None = None, default: Any = _MISSING, omit: bool = False,
                 label: str | tuple[str, ...] = (), what: str = "", example: Any = _MISSING) -> None:
        if values is None and not (load and read and what and example is not _MISSING):
            raise TypeError("A field without listed values needs load, read, what and an example.")
        if omit and default is _MISSING:
            raise TypeError("A field left out of the text (omit) needs the default it then takes.")
        self.values = None if values is None else tuple(values)
        self.dump = dump or (lambda v: v)
        self.show = show or (lambda v: str(self.dump(v)))
        self.json, self.default, self.omit = json, default, omit
        self.labels = (label,) if isinstance(label, str) else label
        self.example = self.values[0] if self.values is not None else example
        self.what = what or "one of " + ", ".join(str(self.show(v)) for v in (self.values or ())[:8])
        self._load, self._read = load, read
        self._by_json = {(type(d), d): v for v in self.values or () for d in [self.dump(v)]}
        self._by_word = {str(self.show(v)).lower(): v for v in self.values or ()} | dict(words or {})

    def load(self, data: Any) -> Any:
        if self._load is not None:
            return self._load(data)
        try:
            return self._by_json[type(data), data]
        except (KeyError, TypeError):
            raise ValueError(f"expected {self.what}") from None

    def read(self, word: str) -> Any:
        if word in self._by_word:
            return self._by_word[word]
        if self._read is not None:
            return self._read(word)
        raise ValueError(f"'{word}' is not {self.what}")


def ints(lo: int, hi: int, *, text_from: int | None = None, what: str = "", **more) -> Field:
    """A whole number from lo to hi in JSON; in text counted from `text_from` (default lo)."""
    shift = 0 if text_from is None else text_from - lo
    return Field(range(lo, hi + 1), show=lambda v: str(v + shift),
                 what=what or f"a number from {lo + shift} to {hi + shift}", **more)


def names(labels: Sequence[str], **more) -> Field:
    """An index into `labels`, written (JSON and text) as its label."""
    return Field(range(len(labels)), dump=labels.__getitem__, **more)


class _Interned(dict):
    """A value (one field) or tuple of values -> its move, made the first time it is asked for, so
    that `table[value]` stays a plain dict lookup on the rules' hot path."""

    def __init__(self, make: Callable) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key):
        move = self[key] = self.make(key)
        return move


class _Spec:
    def __init__(self, cls, key: str, word: str | None, aliases: Sequence[str], const: Any, glued: bool,
                 packed: bool, joined: str, fields: dict[str, Field]) -> None:
        if set(fields) != set(cls._fields):
            raise TypeError(f"{cls.__name__} declares fields {sorted(fields)}, but has {list(cls._fields)}.")
        self.cls, self.key, self.const, self.glued, self.packed, self.joined = cls, key, const, glued, packed, joined
        self.word = key if word is None else word
        self.words = {self.word, *aliases}
        self.fields = [fields[name] for name in cls._fields]
        self.omitted = len(self.fields) - len(list(itertools.takewhile(lambda f: not f.omit, self.fields)))
        if not all(f.omit for f in self.fields[len(self.fields) - self.omitted:]):
            raise TypeError(f"{cls.__name__}: only the last fields may be left out of the text (omit).")
        self.defaults = tuple(f.default for f in self.fields)
        self.counts: dict[int, list[int]] = {}  # a number of words -> how many fields they may write
        for k in range(len(self.fields) - self.omitted, len(self.fields) + 1):
            self.counts.setdefault(k + sum(bool(f.labels) for f in self.fields[:k]), []).append(k)
        self.json_names = [key] + [f.json or name for f, name in zip(self.fields[1:], cls._fields[1:])]
        self.required = {n for n, f in zip(self.json_names, self.fields) if f.default is _MISSING} | {key}
        self.example = cls(*(f.example for f in self.fields))
        self.open = any(f.values is None for f in self.fields)
        self.moves: tuple
        self.table: dict
        if self.open:  # too many to make up front: the rules intern those they hand out (table_of)
            self.moves = ()
            self.table = _Interned(cls if len(self.fields) == 1 else cls._make)
        else:
            self.moves = tuple(cls(*vals) for vals in itertools.product(*(f.values or () for f in self.fields)))
            self.table = {tuple(m): m for m in self.moves}

    def made(self, values: tuple):
        """The interned move of these field values, None if there is none; for a kind made on demand
        a new one where the rules have not made it yet, not kept (what players send must not grow the table)."""
        if not self.open:
            return self.table.get(values)
        return self.table.get(values[0] if len(values) == 1 else values) or self.cls._make(values)

    def to_json(self, move) -> dict:
        if not self.fields:
            return {self.key: self.const}
        if self.packed:
            return {self.key: [f.dump(v) for f, v in zip(self.fields, move)]}
        return {name: f.dump(v) for name, f, v in zip(self.json_names, self.fields, move)}

    def from_json(self, data: dict):
        if not self.fields:
            value = data[self.key]  # the const exactly: true, not 1
            return self.moves[0] if len(data) == 1 and type(value) is type(self.const) and value == self.const else None
        if self.packed:
            packed = data[self.key]
            if len(data) != 1 or not isinstance(packed, list) or len(packed) != len(self.fields):
                return None
            data = dict(zip(self.json_names, packed))
        if not self.required <= data.keys() <= set(self.json_names):
            return None
        values = []
        for i, (name, f) in enumerate(zip(self.json_names, self.fields)):
            try:
                values.append(f.load(data[name]) if name in data else f.default)
            except ValueError as exc:
                example = json.dumps(self.to_json(self.example))  # the form written out: {"column": 1}
                where = f'"{self.key}"[{i}]' if self.packed else f'"{name}"'  # "push"[1]: the list's second
                raise NotationError(f'{where}: {str(exc).rstrip(".")}, as in {example}.') from None
        return self.made(tuple(values))

    def to_text(self, move) -> str:
        shown = [" ".join([*f.labels[:1], str(f.show(v))]) for f, v in zip(self.fields, move)
                 if not (f.omit and v == f.default)]
        return " ".join([self.word] * bool(self.word) + [self.joined.join(shown)] * bool(shown))

    def parse(self, words: list[str]):
        """The move `words` spell as this kind, None if they do not start with its word, or ValueError."""
        rests = [words[1:]] if words and words[0] in self.words - {""} else []
        if "" in self.words:
            rests.append(words)
        if self.glued and len(words) == 1:
            rests += [[words[0][len(w):]] for w in self.words if w and words[0].startswith(w)]
        error = None
        for rest in rests:
            for k in self.counts.get(len(rest), ()):
                try:
                    move = self.made(self._values(rest, k))
                except ValueError as exc:
                    error = error or exc
                    continue
                if move is not None:
                    return move
        if error is not None:
            raise error
        return None

    def _values(self, words: list[str], k: int) -> tuple:
        """The first k fields read from `words`, each after its label if it has one; the others at their default."""
        read = iter(words)
        values = []
        for f in self.fields[:k]:
            if f.labels and (label := next(read)) not in f.labels:
                raise ValueError(f"'{label}' where '{f.labels[0]}' was expected")
            values.append(f.read(next(read)))
        return tuple(values) + self.defaults[k:]


def _declare(cls, *, key: str, word: str | None = None, aliases: Sequence[str] = (), const: Any = True,
             glued: bool = False, packed: bool = False, joined: str = " ", **fields: Field):
    cls.__move_spec__ = _Spec(cls, key, word, aliases, const, glued, packed, joined, fields)
    return cls


def plain_move(name: str, *, key: str, **spec: Any) -> tuple[Any, Any]:
    """A declared kind without fields and its one interned move, in one line:
    `Done, DONE = plain_move("Done", key="done")` stands for the `@move_kind(key="done")` class
    with no fields and `(DONE,) = moves_of(Done)`. `spec`: `move_kind`'s other keywords."""
    module = sys._getframe(1).f_globals.get("__name__", __name__)  # where the kind is pickled from
    kind = move_kind(key=key, **spec)(collections.namedtuple(name, (), module=module))
    return kind, moves_of(kind)[0]


def moves_of(kind) -> tuple:
    """Every move of a declared kind, interned, in the order of its fields' values (first field slowest)."""
    spec = kind.__move_spec__
    if spec.open:
        raise TypeError(f"{kind.__name__}'s moves are made on demand (a field without listed values): use table_of.")
    return spec.moves


def table_of(kind) -> dict:
    """The interned moves of a declared kind by their field value (one field) or tuple of values. For a
    kind made on demand, the one table that makes each move the first time it is looked up."""
    spec = kind.__move_spec__
    if spec.open:
        return spec.table
    return {m[0]: m for m in spec.moves} if len(spec.fields) == 1 else dict(spec.table)


class Notation:
    """A game's notation (`Game.notation`) derived from its declared move kinds.

    `from_json` tries the kinds with the data's key, those without fields first; `parse`
    tries the kinds in the order given, the first that reads the words wins. `hint` is the
    text notation in words, shown with errors; `separators` are read as spaces ("p1-c3").
    `complete`: the kinds given are every move the game offers, so `all_moves` numbers them
    all (`Game.action_space`); False where the game also makes moves of other kinds or of kinds
    made on demand."""

    def __init__(self, game: str, *kinds: type, hint: str, separators: str = "-", complete: bool = True) -> None:
        self.game, self.hint, self.separators, self.complete = game, hint, separators, complete
        self.specs = {k: k.__move_spec__ for k in kinds}  # type: ignore[attr-defined]
        if complete and any(s.open for s in self.specs.values()):
            raise TypeError(f"{game}: moves made on demand cannot all be numbered: say complete=False.")
        order = sorted(self.specs.values(), key=lambda s: bool(s.fields))
        self.by_key: dict[str, list[_Spec]] = {}
        for spec in order:
            self.by_key.setdefault(spec.key, []).append(spec)
        examples = ", ".join(json.dumps(s.to_json(s.example)) for s in self.specs.values())
        article = "An" if game[:1].lower() in "aeiou" else "A"
        self.json_hint = f"{article} {game} move is an object such as {examples}."

    def kinds(self) -> list[dict]:
        """Each kind's JSON shape, for clients that build moves by name (the browser's ctx.move):
        {"kind": class name, "key", "fields": [[field, JSON name, required]], "const", "packed"}."""
        return [{"kind": cls.__name__, "key": s.key, "const": s.const if not s.fields else None, "packed": s.packed,
                 "fields": [[name, json_name, f.default is _MISSING]
                            for name, json_name, f in zip(s.cls._fields, s.json_names, s.fields)]}
                for cls, s in self.specs.items()]

    def all_moves(self) -> tuple:
        """Every move of every kind, in the order the kinds were given (each kind's in its fields' order);
        none of a kind made on demand."""
        return tuple(m for s in self.specs.values() for m in s.moves)

    def _spec(self, move) -> _Spec:
        spec = self.specs.get(move.__class__)
        if spec is None:
            raise NotationError(f"Not a {self.game} move: {move!r}.")
        return spec

    def to_json(self, move) -> dict:
        return self._spec(move).to_json(move)

    def from_json(self, data: Any):
        if not isinstance(data, dict):
            raise NotationError(self.json_hint)
        for key in data:
            for spec in self.by_key.get(key, ()):
                move = spec.from_json(data)
                if move is not None:
                    return move
        known = [json.dumps(s.to_json(s.example)) for key in data for s in self.by_key.get(key, ())]
        hint = f"Write it as in {' or '.join(known)}." if known else self.json_hint  # its kind's form, if named
        raise NotationError(f"Unknown {self.game} move {data!r}. {hint}")

    def to_text(self, move) -> str:
        return self._spec(move).to_text(move)

    def parse(self, text: str):
        words = str(text).lower()
        for sign in self.separators:
            words = words.replace(sign, " ")
        return self.read(words.split(), text)

    def read(self, words: list[str], text: str):
        """The move `words` spell (lower case, split), NotationError naming `text` if none."""
        if not words:
            raise NotationError(f"Nothing typed. {self.hint}")
        problem = ""
        for spec in self.specs.values():
            try:
                move = spec.parse(words)
            except ValueError as exc:
                problem = problem or str(exc).rstrip(".")
                continue
            if move is not None:
                return move
        raise NotationError(f"{problem or f'Cannot read {text!r}'}. {self.hint}")

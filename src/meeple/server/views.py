"""One viewer's state body as JSON text, in parts, and the delta between two of them.

A body (docs/api.md, "Play") is kept as the text of each of its parts, so a
push compares texts and sends only what changed (`delta`), and a full state is
the parts joined, never a dict serialised again. The log is kept as one text
per line: its settled lines (those before the open window, see `Table.window`)
only ever grow, so each change adds its new lines and nothing is rebuilt.
"""

from __future__ import annotations

import json
import operator
from dataclasses import dataclass
from json.encoder import encode_basestring  # (the C function where there is one)
from typing import Any

import orjson

# The order of a body's parts (the order of docs/api.md's example).
PARTS = ("table", "seq", "status", "view", "to_move", "my_seat", "legal", "prompt", "sheets", "pending",
         "can_confirm", "can_reset", "log", "clocks", "outcome", "seats", "rated", "rematch")
# Parts that are the same for every viewer of a table: built once per change.
SHARED = ("table", "status", "outcome", "seats", "rated", "rematch")


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # (json.dumps would make one a call)
# orjson refuses (and we hand to _ENCODER) what it would write otherwise: dataclasses and dates (which
# _ENCODER refuses too), dict keys that are not text, integers past 64 bits, lone surrogates. (It writes
# plain enums and UUIDs by value, where _ENCODER refuses them: a body holding one, an error before, is written.)
_ORJSON_REFUSES = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def _encode(value: Any) -> str:
    """`_ENCODER.encode(value)`, byte for byte, by orjson (about 4x faster) where its text is the same.
    Where it may not be, the standard library writes it: orjson writes floats under 1e-4 in another
    form (1e-05 as 0.00001, 1.5e-07 as 1.5e-7), so a text holding "e-" or "0.0000" anywhere (in a
    string too) is written again; and it writes NaN and the infinities as null (the standard library:
    NaN, Infinity), so a text holding null is written again unless it reads back as the value (a NaN
    would read back as None; reading back costs half of writing again)."""
    try:
        out = orjson.dumps(value, option=_ORJSON_REFUSES)
    except TypeError:  # (orjson.JSONEncodeError)
        return _ENCODER.encode(value)
    if b"e-" in out or b"0.0000" in out or b"null" in out and orjson.loads(out) != value:
        return _ENCODER.encode(value)
    return out.decode()


def dumps(value: Any) -> str:
    # The small parts of every body (seq, my_seat, flags, the prompt, the seats to move) without the
    # encoder's set-up per call: these are most of a body's parts, built for every viewer.
    kind = type(value)
    if kind is int:
        return int.__repr__(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is str:
        return encode_basestring(value)
    if kind is list and all(type(item) is int for item in value):
        return "[" + ",".join(map(int.__repr__, value)) + "]"
    return _encode(value)


def dumps_shared(value: dict, known: dict[str, tuple[Any, str]],
                 elements: dict[str, list[tuple[Any, str | None]]] | None = None) -> str:
    """`dumps(value)` of a dict, reusing the text of each of its values that is the very object
    `known` holds for that key (`known` is updated). A game may hand every viewer of a position the
    same objects for what they all see alike (Picnic's view): those are then encoded once per change,
    not once per viewer. Only identical objects count, never equal ones (1 == True == 1.0).
    `elements` (updated too): a value that is a new list reuses the text of each element that is the
    very object the key's last list held at that place (Picnic's plates: a new list a placement, with
    the plates that did not change in it as they were)."""
    out = []
    for name, item in value.items():
        if type(name) is not str:
            return dumps(value)
        seen = known.get(name)
        if seen is None or seen[0] is not item:
            text = dumps(item) if elements is None or type(item) is not list else _dumps_list(item, name, elements)
            seen = known[name] = (item, dumps(name) + ":" + text)
        out.append(seen[1])
    return "{" + ",".join(out) + "}"


def _dumps_list(value: list, name: str, elements: dict[str, list[tuple[Any, str | None]]]) -> str:
    """`dumps(value)`, reusing the text of each element that is the very object at its place in the list
    last encoded for `name` (the elements' texts joined are the list's text: both encoders write a
    list as its elements' texts between brackets, with no spaces). A list that keeps none of them is
    encoded whole, in one call; its elements' texts are made when they come again."""
    before = elements.get(name, ())
    if not any(i < len(before) and before[i][0] is element for i, element in enumerate(value)):
        elements[name] = [(element, None) for element in value]
        return dumps(value)
    kept: list[tuple[Any, str | None]] = []
    texts = []
    for i, element in enumerate(value):
        text = before[i][1] if i < len(before) and before[i][0] is element else None
        if text is None:
            text = dumps(element)
        kept.append((element, text))
        texts.append(text)
    elements[name] = kept
    return "[" + ",".join(texts) + "]"


def clocks_shown(clocks: dict | None) -> str:
    """The clocks' text without their reading of the current time ("now", and the remaining seconds of
    a running clock): two pushes whose clocks show the same text show the same position."""
    if not clocks:
        return "null"
    return dumps({**clocks, "now": None,
                  "seats": [{**s, "remaining_s": None} if s["running"] else s for s in clocks["seats"]]})


# A body's text is one template filled in, in the order of PARTS (the log's lines, then the clocks, come
# between the parts before and after them): one string built, not one a part.
_LOG = PARTS.index("log")
assert PARTS[_LOG + 1] == "clocks"
_TEXT = ",".join(f'"{name}":' + ("[%s]" if name == "log" else "%s") for name in PARTS) + "}"
_BEFORE_LOG = operator.itemgetter(*PARTS[:_LOG])
_AFTER_CLOCKS = operator.itemgetter(*PARTS[_LOG + 2:])


@dataclass(frozen=True)
class Body:
    """What one viewer sees now, as text: every part but the log and the clocks, and the log's lines."""

    parts: dict[str, str]
    log: tuple[str, ...]
    log_viewer: Any     # whose lines the log holds (a seat, None, or ALL once finished)
    settled: int        # the first `settled` lines stay as they are while `log_viewer` does
    size: int           # about how many bytes it holds of its own (the settled lines are shared)

    def text(self, clocks: str, head: str = "{") -> str:
        """The whole body as JSON text; `head` may open it with fields of its own ('{"type":"state",')."""
        parts = self.parts
        return head + _TEXT % (*_BEFORE_LOG(parts), ",".join(self.log), clocks, *_AFTER_CLOCKS(parts))

    def same(self, other: Body | None) -> bool:
        return other is not None and self.parts == other.parts and self.log == other.log


def log_delta(old: Body, new: Body) -> tuple[int, tuple[str, ...]] | None:
    """How `old`'s log becomes `new`'s: keep its first k lines, then add these (None: unchanged)."""
    keep = min(old.settled, new.settled) if old.log_viewer == new.log_viewer else 0
    most = min(len(old.log), len(new.log))
    while keep < most and old.log[keep] == new.log[keep]:
        keep += 1
    if keep == len(old.log) == len(new.log):
        return None
    return keep, new.log[keep:]


def delta(old: Body, new: Body, clocks: str | None) -> str:
    """The text after a delta message's head: the parts that changed, the log's change, and the
    clocks (when given: they are sent with every change, for a fresh reading of the time)."""
    changed = [f'"{name}":{text}' for name, text in new.parts.items() if old.parts.get(name) != text]
    if clocks is not None:
        changed.append(f'"clocks":{clocks}')
    out = '"set":{' + ",".join(changed) + "}"
    log = log_delta(old, new)
    if log is not None:
        keep, add = log
        out += f',"log":{{"keep":{keep},"add":[' + ",".join(add) + "]}"
    return out + "}"

"""`views.dumps` writes what the standard library writes (compact, non-ASCII as is), byte for byte,
whether orjson or the standard library's encoder wrote it: the texts clients and tests compare, and
the news another process takes, must not depend on which one did."""

from __future__ import annotations

import json
import math
import random
from collections import OrderedDict, namedtuple

import pytest

from meeple.server import views
from meeple.server.protocol import StandIn


def standard(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


Point = namedtuple("Point", "x y")

VALUES = [
    {"a": [1, 2, {"b": None}], "c": "text", "d": True},
    {"view": {"plates": [{"centre": None, "rim": []}], "hand": None}},
    [float("nan")], {"x": math.inf}, [-math.inf, 1],                        # orjson: null
    [1e-05], {"p": 1.5e-07}, [8.789299009982972e-05], [3.9e-06, 0.5],        # orjson: 0.00001, 1.5e-7
    [1e16, 1.5e16, 1e15, 1e-4, 0.0001234, -0.0, 0.0, 5e-324, 1e300, 1765012345.678, 0.1, 1 / 3],
    {1: "a", 2: "b"}, {"a": {None: 1, True: 2, 1.5: 3}},                      # keys that are not text
    [2 ** 64, -(2 ** 63) - 1, 2 ** 63 - 1, -(2 ** 63)],                      # past 64 bits, and the edges
    {"reason": StandIn.TIMEOUT}, [(1, 2), Point(3, 4)], OrderedDict(b=1, a=2),
    ["é ü 日本 😀", "\x00\x1f\x7f\u2028\u2029\"\\/\n\t\b\f\r", "e-mail 0.00001 null"],
    ["\ud800"],                                                               # a lone surrogate
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
]


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_the_same_text_as_the_standard_library(value) -> None:
    assert views.dumps(value) == standard(value)


def test_deep_nesting_as_the_standard_library() -> None:
    value: list = [1]
    for _ in range(300):  # (orjson refuses past 255 levels)
        value = [value]
    assert views.dumps(value) == standard(value)


def test_what_neither_writes_is_refused_alike() -> None:
    from dataclasses import dataclass
    from datetime import date

    @dataclass
    class Sheet:
        total: int

    for value in ([Sheet(1)], {"when": date(2026, 12, 6)}, [object()]):
        with pytest.raises(TypeError):
            views.dumps(value)
        with pytest.raises(TypeError):
            standard(value)


def test_random_floats_and_texts() -> None:
    rng = random.Random(41)
    for _ in range(2000):
        x = rng.random() * 10 ** rng.randint(-12, 25) * rng.choice((1, -1))
        value = {"x": x, "l": [x, rng.randint(-10 ** 20, 10 ** 20)], "t": "".join(chr(rng.randint(0, 0x2100))
                                                                                   for _ in range(8))}
        assert views.dumps(value) == standard(value)

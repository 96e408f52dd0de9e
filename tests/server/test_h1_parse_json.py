"""app.parse_json reads a short text with orjson where orjson reads it at all: the value, or the refusal
in words, must be the standard library's (the hooks that judge numbers by their text, the BOM, lone
surrogates, nesting, duplicate keys), for bytes (a request body) and text (a socket message)."""

from __future__ import annotations

import random

import pytest

from meeple.server import app
from meeple.server.errors import ApiError

TRICKY = [
    b'{"seq": 3, "move": {"take": 1}, "confirm": true}', b'{"seq": 3, "move": {"place": "rim", "flip": false}}',
    b"{}", b"[]", b"null", b"true", b"0", b"-0", b"-0.0", b"1.0", b"1e5", b"1E-7", b"1e400", b"-1e400",
    b"9007199254740992", b"9007199254740993", b"-9007199254740993", b"18446744073709551616",
    b"123456789012345678901234567890", b"1" * 33, b'"' + b"1" * 40 + b'"', b"0.1000000000000000000000000000000001",
    b"NaN", b"Infinity", b"-Infinity", b'{"a": NaN}', b'{"a": 1, "a": 2, "b": 3}', b'{"b": 1, "a": 2, "b": 3}',
    b"\xef\xbb\xbf{}", b'"\\ud800"', b'"\\udc00\\ud800"', b'"\\ud83d\\ude00"', b'"\xed\xa0\x80"', b'"\xff"',
    b'"a\\u0000b"', b'"a\\u200bb"', b'"\\u0007"', b'"tab\\tok"', b'"a\x1fb"', b" {} ", b"\t[]\r\n", b"[1,2",
    b"[1,]", b'{"a":1,}', b"{'a': 1}", b"[" * 300 + b"]" * 300, b"[" * 255 + b"]" * 255, b"{\"a\":" * 120 + b"1" +
    b"}" * 120, '{"name": "Zoë", "city": "Montréal"}'.encode(), '"\u00e9"'.encode("utf-16"),
    '{"a": 1}'.encode("utf-16-le"), '{"a": 1}'.encode("utf-32"), b'{"a": [1, 2.5, {"b": -3}]}',
    b'{"a": [1, 2, {"b": 99999999999999999999}]}', b'"' + b"x" * 600 + b'"', b"[" + b"1," * 300 + b"1]",
]


def _outcome(raw, quick: bool, monkeypatch) -> tuple:
    with monkeypatch.context() as patch:
        if not quick:
            patch.setattr(app, "_quick_loads", lambda raw: app._SLOW)
        try:
            value = app.parse_json(raw, "The request body")
        except ApiError as exc:
            return "refused", exc.status, exc.code, exc.message
    return "read", repr(value), type(value).__name__


@pytest.mark.parametrize("raw", TRICKY)
def test_tricky_texts_read_as_the_standard_library_reads_them(raw, monkeypatch):
    assert _outcome(raw, True, monkeypatch) == _outcome(raw, False, monkeypatch)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return
    assert _outcome(text, True, monkeypatch) == _outcome(text, False, monkeypatch)
    assert _outcome("\ufeff" + text, True, monkeypatch) == _outcome("\ufeff" + text, False, monkeypatch)


def test_random_texts_read_alike(monkeypatch):
    rng = random.Random(41)
    pieces = [b"{", b"}", b"[", b"]", b",", b":", b'"a"', b'"b"', b"1", b"-2", b"3.5", b"1e999", b"true", b"null",
              b" ", b'"\\ud800"', b'"\\u0000"', b"9007199254740993", b'"\xc3\xa9"', b"\xff", b"0", b"00", b"-"]
    for _ in range(3000):
        raw = b"".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        assert _outcome(raw, True, monkeypatch) == _outcome(raw, False, monkeypatch), raw

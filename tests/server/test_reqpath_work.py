"""A move request's path does the same checks for less work (issue 41): no refusal is built for a move
that is stored, the quick checks of texts judge as the patterns do, the answer is Starlette's response
byte for byte, the move limit keeps its buckets in the same order, and the store writes what it wrote."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import weakref

from starlette.responses import Response

from meeple.server import app, samesite, text
from meeple.server.errors import ApiError
from meeple.server.hall import Hall
from meeple.server.ratelimit import RateLimiter
from meeple.store import Store, db

from .test_h5_token_once import running_table


def test_a_stored_move_builds_no_refusal(tmp_path, monkeypatch):
    """The refusals a commit may raise (another move stored first) are built only when raised."""
    built: list[str] = []
    init = ApiError.__init__

    def counted(self, status: int, code: str, *args, **kwargs) -> None:
        init(self, status, code, *args, **kwargs)
        built.append(code)

    monkeypatch.setattr(ApiError, "__init__", counted)

    async def run() -> None:
        hall = Hall(Store(str(tmp_path / "meeple.db")))
        try:
            table_id, tokens = await running_table(hall)
            table = hall.tables[table_id]
            for _ in range(6):
                (seat,) = table.game.to_move(table.state)
                move = table.game.move_to_json(table.game.legal_moves(table.state, seat)[0])
                await hall.move(table_id, tokens[seat], None, table.seen_seq(seat), move, confirm=True)
            assert table.seq >= 6
        finally:
            await hall.close()

    asyncio.run(run())
    assert built == []


def _by_patterns(value: str) -> str | None:
    """The refusal of text.py's patterns alone (what `text.refusal` said before its quick check)."""
    found = text.UNSEEN.search(value)
    if found is None:
        return None
    char = found.group()
    if text._BIDI.match(char):
        return "bidi"
    return f"{ord(char):04X} at {found.start() + 1}"


def _said(value: str) -> str | None:
    words = text.refusal(value, "X")
    if words is None:
        return None
    if "bidirectional" in words:
        return "bidi"
    code, at = words.split("(U+")[1].rstrip(").").split(", character ")
    return f"{code} at {at}"


def test_the_quick_text_check_judges_as_the_patterns():
    rng = random.Random(41)
    samples = [chr(c) for c in range(0x250)] + ["a b", "rim", "tab\there", "a\u200bb", "caf\u00e9", "\u202e"]
    alphabet = [chr(c) for c in range(0x80)] + ["\u00e9", "\u200b", "\u2066", "\ufeff", "\u00ad"]
    samples += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8))) for _ in range(3000)]
    for value in samples:
        assert _said(value) == _by_patterns(value), repr(value)


def test_a_body_with_texts_is_judged_as_before():
    """parse_json passes printable ASCII texts at once; every other text still meets both checks."""
    assert app.parse_json(b'{"seq": 3, "move": {"place": "rim", "flip": false}}', "B") == \
        {"seq": 3, "move": {"place": "rim", "flip": False}}
    for raw, words in [(b'{"a": "x\\u0000"}', "a NUL character"), (b'{"a\\u0007": 1}', "a control"),
                       (b'{"a": ["\\u202e"]}', "bidirectional"), (b'{"a": "\\ud800"}', "lone surrogate"),
                       (b'{"a": "ok\\u007f"}', "U+007F")]:
        try:
            app.parse_json(raw, "B")
        except ApiError as exc:
            assert exc.status == 400 and words in exc.message, (raw, exc.message)
        else:
            raise AssertionError(f"{raw!r} was taken")


def test_the_answer_is_starlettes_response():
    for body in ['{"seq":1}', '{"log":["caf\u00e9 \u2192 \U0001f600"]}', ""]:
        ours, theirs = app.json_text(body), Response(body, media_type="application/json")
        assert isinstance(ours, Response)
        assert (ours.status_code, ours.body, ours.raw_headers, ours.background) == \
            (theirs.status_code, theirs.body, theirs.raw_headers, theirs.background)
        assert ours.headers["content-type"] == "application/json"


class _OldLimiter(RateLimiter):
    """The move limit as it was written before (get, set, move_to_end), to compare with."""

    def check(self, key: str) -> None:
        import time

        now = time.monotonic()
        tokens, last = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.per_second)
        if tokens < 1:
            self.buckets.move_to_end(key)
            raise ApiError(429, "rate_limited", "x")
        self.buckets[key] = (tokens - 1, now)
        self.buckets.move_to_end(key)
        if len(self.buckets) > self.max_keys:
            self.buckets.popitem(last=False)


def test_the_move_limit_keeps_its_buckets_as_before(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr("time.monotonic", lambda: clock[0])
    rng = random.Random(7)
    new, old = RateLimiter(3, 0.5, "moves", max_keys=5), _OldLimiter(3, 0.5, "moves", max_keys=5)
    for _ in range(2000):
        clock[0] += rng.choice([0, 0, 0.1, 0.5, 3])
        key = f"t:{rng.randint(0, 7)}"
        outcomes = []
        for limiter in (new, old):
            try:
                limiter.check(key)
                outcomes.append("ok")
            except ApiError as exc:
                outcomes.append(exc.status)
        assert outcomes[0] == outcomes[1]
        assert list(new.buckets.items()) == list(old.buckets.items())


def test_the_store_writes_json_as_before():
    values = [{"b": 1, "a": [1.5, None, True, "caf\u00e9\u2028"], "c": {"z": 1, "y": float("nan")}}, [], "x",
              1e-7, {"k": 2 ** 70}, {"place": "rim", "flip": False, "cards": [3, 1, 2]}]
    for value in values:
        assert db._dumps(value) == json.dumps(value, separators=(",", ":"), sort_keys=True)
    one = db._insert_moves_sql("t", 4, [(1, {"take": 2}, 5.0)])
    two = db._insert_moves_sql("t", 4, [(1, {"take": 2}, 5.0), (1, {"take": 3}, 5.0)])
    assert one == ("INSERT INTO moves (table_id, seq, seat, move, created) SELECT * FROM (VALUES (?, ?, ?, ?, ?)) "
                   "AS v WHERE (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE table_id = ?) = ?",
                   ("t", 4, 1, '{"take":2}', 5.0, "t", 3))
    assert two[0] == one[0].replace("(?, ?, ?, ?, ?)", "(?, ?, ?, ?, ?), (?, ?, ?, ?, ?)")
    assert two[1] == ("t", 4, 1, '{"take":2}', 5.0, "t", 5, 1, '{"take":3}', 5.0, "t", 3)


def test_a_live_tables_lock_is_made_once_and_let_go_with_the_table(tmp_path):
    async def run() -> None:
        hall = Hall(Store(str(tmp_path / "meeple.db")))
        try:
            table_id, _ = await running_table(hall)
            live = hall.live
            first = weakref.ref(live.lock(table_id))
            gc.collect()  # (nobody holds it: it is kept for the live table all the same)
            assert first() is not None and live.lock(table_id) is first()
            live.lock("nothing")  # (an unknown table's lock lives only while held, as before)
            gc.collect()
            assert "nothing" not in live.locks and "nothing" not in live.kept_locks
            table = hall.tables[table_id]
            table.status = "finished"
            live.max_cached = 0
            live._forget_finished()
            assert table_id not in live.tables and table_id not in live.kept_locks
        finally:
            await hall.close()

    asyncio.run(run())


def test_a_pages_origin_is_parsed_once(monkeypatch):
    """A browser sends its page's Origin with every move: the guard parses it once, and judges as before."""
    parsed: list[str] = []
    split = samesite.urlsplit

    def counted(url: str):
        parsed.append(url)
        return split(url)

    monkeypatch.setattr(samesite, "urlsplit", counted)
    headers = [(b"host", b"hall.example:8000"), (b"origin", b"http://hall.example:8000"),
               (b"content-type", b"application/json"), (b"content-length", b"2")]
    scope = {"type": "http", "method": "POST", "scheme": "http", "headers": headers}
    getattr(samesite.same_origin, "cache_clear", lambda: None)()
    assert [samesite.request_refusal(scope) for _ in range(5)] == [None] * 5
    assert len(parsed) == 2  # the page's address and the hall's, once
    uncached = getattr(samesite.same_origin, "__wrapped__", samesite.same_origin)
    for origin in ["http://hall.example:8000", "https://hall.example:8000", "http://hall.example", "null",
                   "http://x.hall.example:8000", "http://[::1", "http://hall.example:80", ""]:
        for scheme, host in [("http", "hall.example:8000"), ("ws", "hall.example"), ("https", "hall.example:80")]:
            assert samesite.same_origin(origin, scheme, host) == uncached(origin, scheme, host)

"""Requests made from the OpenAPI document, hostile values included, on SQLite and on PostgreSQL
(issue 42; schemathesis is not a dependency of the project, so this is a small seeded stand-in
for its checks): no answer is a server error, and every answer has a documented status and a
body of the documented shape."""

from __future__ import annotations

import random
from urllib.parse import quote

import pytest

from meeple.server.openapi import openapi_document

from .conftest import NO_LIMITS, LiveServer, Player
from .test_openapi import check_answer, resolve

HUMAN = {"type": "human"}
CASES = 12  # per route and method, each backend
TEXTS = ["", "x", "picnic", "Ann", "a\x00b", "\u200bAnn", "\ufeff", "\x07", "\u202eevil", "\U0001f600", "é" * 40,
         "x" * 300, "1", "-1", "1.5", "null", "\u00a0", " "]
VALUES = [None, True, False, 0, 1, -1, 2 ** 53, 2 ** 53 + 1, 1.0, 1.5, -0.0, 1e300, [], [1, "a"], {}, {"a": 1},
          *TEXTS]


def value_for(schema: dict, doc: dict, rng: random.Random, depth: int = 0):
    """A value that often fits `schema` and often does not."""
    schema = resolve(schema, doc)
    if rng.random() < 0.3 or depth > 3:
        return rng.choice(VALUES)
    kind = schema.get("type")
    kind = rng.choice(kind) if isinstance(kind, list) else kind
    if "enum" in schema:
        return rng.choice(schema["enum"])
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        out = {name: value_for(sub, doc, rng, depth + 1) for name, sub in props.items() if rng.random() < 0.7}
        if rng.random() < 0.1:
            out[rng.choice(TEXTS) or "zz"] = rng.choice(VALUES)
        return out
    if kind == "array":
        return [value_for(schema.get("items", {}), doc, rng, depth + 1) for _ in range(rng.randrange(3))]
    if kind == "integer":
        return rng.choice([0, 1, 2, -1, 7, 2 ** 31, 2 ** 53])
    if kind == "boolean":
        return rng.choice([True, False])
    if kind == "string":
        return rng.choice(TEXTS)
    return rng.choice(VALUES)


@pytest.fixture(params=["sqlite", "postgresql"])
def hall(request, tmp_path):
    url = str(tmp_path / "meeple.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    live = LiveServer(url, **NO_LIMITS)
    yield live
    live.stop()


def test_requests_made_from_the_document_get_documented_answers(hall):
    doc = openapi_document()
    rng = random.Random(42)
    ann = Player(hall.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    params = {"table_id": [table, "nonexistent", "a\x00b", "\u00a0", "x" * 300, "é"],
              "k": ["0", "1", "-1", "99999999999", "\u00a0", "1.5", "١"],
              "game_id": ["picnic", "nope", "a\x00b", "\u200b"],
              "name": ["Ann", "bot:greedy", "\x00", "\ufeff", "x" * 300]}
    found: list[str] = []
    sent = 0
    for path, ops in doc["paths"].items():
        if path.startswith("/ws/"):
            continue
        for method, op in ops.items():
            body_schema = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            for _ in range(CASES):
                url = path
                for name, choices in params.items():
                    url = url.replace("{" + name + "}", quote(rng.choice(choices), safe=""))
                headers = {}
                if rng.random() < 0.3:
                    headers["X-Seat-Token"] = rng.choice([ann.token or "", "junk", "x" * 100])
                if method == "get":
                    response = ann.http.get(url, headers=headers)
                else:
                    body = value_for(body_schema, doc, rng) if body_schema and rng.random() < 0.8 \
                        else rng.choice(VALUES)
                    response = ann.http.post(url, json=body, headers=headers)
                sent += 1
                if response.status_code >= 500:
                    found.append(f"{method.upper()} {url}: {response.status_code} {response.text[:200]}")
                    continue
                found.extend(f"{p} (sent {url})" for p in check_answer(doc, path, method, response))
    print(f"{sent} requests from the document, {len(found)} problems")
    assert found == [], "\n".join(found[:20])

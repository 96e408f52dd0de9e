"""schemathesis against the hall's OpenAPI document, on SQLite and on PostgreSQL (issue 42).

Stateless: for each documented HTTP operation, cases that fit the document (positive) and cases that
break it (negative), a fixed budget and a fixed seed (derandomized), sent to a real hall over HTTP.
Checks: no server error, every status documented, the documented content type, the body conforms to
its schema, and (stricter than JSON Schema) no field in a body that its schema does not name. Every case
carries a guest's session cookie; a third of them aim at a real table with its seat's token, so that
the routes behind those get exercised too, and a third put a hostile value (NUL, invisible characters,
300 characters) in each path parameter, which schemathesis's own generation rarely tries."""

from __future__ import annotations

import os
from collections import Counter

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.errors import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from meeple.server.openapi import openapi_document

from .conftest import NO_LIMITS, LiveServer, Player
from .test_openapi import problems

HUMAN = {"type": "human"}
# Cases per operation and backend; MEEPLE_SCHEMATHESIS_EXAMPLES raises it for a long run.
EXAMPLES = int(os.environ.get("MEEPLE_SCHEMATHESIS_EXAMPLES", "25"))
HOSTILE = ["a\x00b", "\x00", "\u00a0", "\u200bAnn", "\ufeff", "\x07", "\u202eevil", "x" * 300, "é", "١", "-1",
           "99999999999", "1.5", "%", "a/b", "..."]  # not "." or "..": URL normalisation drops those segments
DOCUMENT = openapi_document()


def no_undocumented_field(ctx, response, case) -> None:
    """A JSON answer names only fields its documented schema names (tests/server/test_openapi.py's rule)."""
    answer = DOCUMENT["paths"][case.operation.path][case.method.lower()]["responses"].get(str(response.status_code))
    schema = (answer or {}).get("content", {}).get("application/json", {}).get("schema")
    if schema is not None:
        found = problems(response.json(), schema, DOCUMENT)
        if found:
            raise AssertionError("; ".join(found[:5]))


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          no_undocumented_field]


def http_operations():
    """Every documented HTTP operation (the table socket is not HTTP: tests/server/test_ws*.py cover it)."""
    schema = schemathesis.openapi.from_dict(DOCUMENT)
    operations = [result.ok() for result in schema.get_all_operations()]
    return [op for op in operations if not op.path.startswith("/ws/")]


@pytest.fixture(params=["sqlite", "postgresql"])
def hall(request, tmp_path):
    url = str(tmp_path / "meeple.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    live = LiveServer(url, **NO_LIMITS)
    live.backend = request.param  # type: ignore[attr-defined]
    yield live
    live.stop()


def run_operation(op, base_url: str, session: requests.Session, table: str, token: str) -> tuple[int, list[str]]:
    """Send EXAMPLES derandomized cases of one operation; (cases sent, failures found)."""
    sent = 0
    failures: list[str] = []
    cases = st.one_of(op.as_strategy(GenerationMode.POSITIVE), op.as_strategy(GenerationMode.NEGATIVE))

    @given(case=cases, aim=st.sampled_from(["as generated", "real table", "hostile"]), hostile=st.sampled_from(HOSTILE))
    @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    def send(case, aim: str, hostile: str) -> None:
        nonlocal sent
        if aim == "real table":
            if "table_id" in (case.path_parameters or {}):
                case.path_parameters["table_id"] = table
            if case.headers is not None and "X-Seat-Token" in case.headers:
                case.headers["X-Seat-Token"] = token
        elif aim == "hostile" and case.path_parameters:
            case.path_parameters = {name: hostile for name in case.path_parameters}
        sent += 1
        try:
            case.call_and_validate(base_url=base_url, session=session, checks=CHECKS, timeout=20)
        except FailureGroup as group:  # the checks that failed on this answer, with a curl line to reproduce
            failures.extend(f"{op.label}: {failure.title}\n{group.message}" for failure in group.exceptions)

    send()
    return sent, failures


def test_schemathesis_finds_no_server_error_and_no_nonconforming_answer(hall):
    ann = Player(hall.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    session = requests.Session()
    session.cookies.update(dict(ann.http.cookies))
    operations = http_operations()
    total = 0
    failures: list[str] = []
    for op in operations:
        sent, found = run_operation(op, hall.url, session, table, ann.token or "")
        total += sent
        failures += found
    session.close()
    ann.close()
    print(f"\nschemathesis on {hall.backend}: {len(operations)} operations, {total} cases, {len(failures)} failures")
    kinds = Counter(failure.split("\n", 1)[0] for failure in failures)
    summary = "\n".join(f"{count} x {kind}" for kind, count in kinds.most_common())
    assert failures == [], summary + "\n\n" + "\n\n".join(failures[:3])

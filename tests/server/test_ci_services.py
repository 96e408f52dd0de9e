"""The PostgreSQL/Redis tests fail in CI when a service is missing, and skip elsewhere with the reason."""

from __future__ import annotations

import pytest

from . import conftest


@pytest.mark.parametrize("ci, outcome", [("true", pytest.fail.Exception), ("", pytest.skip.Exception)])
def test_a_missing_service_fails_in_ci_and_skips_elsewhere(monkeypatch, ci, outcome):
    monkeypatch.setenv("CI", ci)
    monkeypatch.setattr(conftest, "REDIS_URL", "redis://127.0.0.1:1/0")  # nothing listens on port 1
    with pytest.raises(outcome) as raised:
        conftest.services_or_skip()
    assert "Redis at redis://127.0.0.1:1/0" in str(raised.value)

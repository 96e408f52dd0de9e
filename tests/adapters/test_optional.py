"""A missing research package fails the adapter tests under CI=true and skips them elsewhere."""

import pytest

from . import optional


def test_a_missing_package_is_a_failure_in_ci(monkeypatch):
    monkeypatch.setattr(optional, "IN_CI", True)
    with pytest.raises(pytest.fail.Exception, match="cannot run in CI: no_such_research_package is missing"):
        optional.require("no_such_research_package")


def test_a_missing_package_skips_the_module_elsewhere(monkeypatch):
    monkeypatch.setattr(optional, "IN_CI", False)
    with pytest.raises(pytest.skip.Exception, match="skipped: no_such_research_package is missing"):
        optional.require("no_such_research_package")


def test_a_present_package_is_returned():
    assert optional.require("json").dumps([]) == "[]"

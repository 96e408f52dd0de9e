"""The research packages the adapter tests need: without them the tests fail under CI=true, and are
skipped elsewhere (like the browser and service tests)."""

from __future__ import annotations

import importlib
import os

import pytest

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(module: str):
    """Import `module`, or fail (CI) or skip (elsewhere) the whole test module with the reason."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        reason = f"{module} is missing ({exc}); pip install -e '.[test]' installs the research packages."
    if IN_CI:
        pytest.fail(f"Adapter tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"Adapter tests skipped: {reason}", allow_module_level=True)

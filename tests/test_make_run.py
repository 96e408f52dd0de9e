"""`make run` takes PORT, HOST and DATA (issue 35: the hall on a phone needs HOST=0.0.0.0), and the
README says how to open the hall from a phone on the same network."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_passes_port_host_and_data_to_meeple_serve():
    def serve_line(*settings: str) -> str:
        # -n: print the commands only; -o: the environment counts as installed, nothing is built.
        out = subprocess.run(["make", "-n", "-o", ".venv/.installed", "run", *settings],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
        return next(line for line in out.splitlines() if "meeple serve" in line)

    assert serve_line().endswith("meeple serve --host 127.0.0.1 --port 8000 --data data")
    assert serve_line("PORT=9123", "HOST=0.0.0.0", "DATA=/tmp/hall").endswith(
        "meeple serve --host 0.0.0.0 --port 9123 --data /tmp/hall")


def test_the_readme_says_how_to_play_from_a_phone():
    readme = (ROOT / "README.md").read_text()
    assert "make run HOST=0.0.0.0" in readme and "phone" in readme.lower()

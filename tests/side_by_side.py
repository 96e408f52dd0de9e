"""Run two or more test commands at the same time, each one's output printed whole when it ends (so the
outputs never interleave); exit with the first failing command's status, or 0.

    python tests/side_by_side.py "pytest -q -n 2 tests/server" "pytest -q -n 2 tests/web"

The Makefile's `make test` runs the process tests beside the browser tests this way: the process tests
spend a third of their time waiting (servers starting, outages, a proxy's cut), which the browser tests'
rendering fills. An interrupt (Ctrl-C) reaches every command, as each runs in this terminal's group.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import tempfile
import time


def run(commands: list[str]) -> int:
    started = []
    for command in commands:
        output = tempfile.TemporaryFile()
        process = subprocess.Popen(shlex.split(command), stdout=output, stderr=subprocess.STDOUT)
        started.append((command, process, output, time.monotonic()))
    failed = 0
    waiting = list(started)
    while waiting:
        for each in list(waiting):
            command, process, output, start = each
            if process.poll() is None:
                continue
            waiting.remove(each)
            output.seek(0)
            sys.stdout.write(f"\n$ {command}\n")
            sys.stdout.flush()
            sys.stdout.buffer.write(output.read())
            sys.stdout.write(f"(exit {process.returncode} after {time.monotonic() - start:.0f} s)\n")
            sys.stdout.flush()
            failed = failed or process.returncode
        time.sleep(0.2)
    return failed


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(run(sys.argv[1:]))

"""Every process the tests start is reaped, even when a test fails.

(One `make test` run once left 15 Python processes behind: servers killed with
kill -9, and their bot workers.) Servers started as subprocesses get a process
group of their own, so that stopping one stops its bot workers too, even the
ones a kill -9 orphaned. At the end of the session, `pytest_sessionfinish`
fails the run if any process the session started is still alive: a child of
the test process, or a member of a server's process group.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

GROUPS: set[int] = set()  # the process groups of the servers this session started
GRACE_S = 5.0             # how long stopped processes (a closing browser) may take to go


def _end_with_parent() -> None:
    """In the child: SIGTERM when the test process dies (a killed pytest worker runs no teardown; its
    servers would outlive it). Linux only; elsewhere the session's reaping below is all there is."""
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def popen(cmd: list[str], **kwargs) -> subprocess.Popen:
    """Start a server in a process group of its own (its group id is its pid), ended with the test process."""
    proc = subprocess.Popen(cmd, start_new_session=True, preexec_fn=_end_with_parent, **kwargs)
    GROUPS.add(proc.pid)
    return proc


def stop(proc: subprocess.Popen, grace: float = 10.0) -> None:
    """Stop a server: SIGTERM and a graceful shutdown, then SIGKILL to whatever is left of its group."""
    if proc.poll() is None:
        proc.terminate()
        with suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
    kill_group(proc.pid)
    proc.wait()


def kill_group(group: int) -> None:
    """SIGKILL every process of one of our servers' groups that is still alive."""
    for pid in members(group):
        with suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def _table() -> dict[int, tuple[int, int, str]]:
    """pid -> (parent pid, process group, command line) of every live process (zombies left out)."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue  # it ended meanwhile
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (name) "
        if fields[0] in ("Z", "X"):
            continue
        out[int(entry.name)] = (int(fields[1]), int(fields[2]), cmd)
    return out


def _ours(cmd: str) -> bool:
    """A process of this Python (a server or one of its workers), not a stranger that reused a group id."""
    return cmd.startswith(sys.executable) or " -m meeple.cli" in cmd or "/bin/meeple " in cmd


def members(group: int) -> list[int]:
    return [pid for pid, (_, pgid, cmd) in _table().items() if pgid == group and _ours(cmd)]


def left_behind() -> dict[int, str]:
    """The live processes this session started, apart from the test process itself:
    its descendants, and the members of its servers' groups."""
    table = _table()
    me = os.getpid()
    found = {}
    for pid, (_, pgid, cmd) in table.items():
        if pid == me:
            continue
        if pgid in GROUPS and _ours(cmd):
            found[pid] = cmd
            continue
        parent = table[pid][0]
        while parent not in (0, 1, me) and parent in table:
            parent = table[parent][0]
        if parent == me and "multiprocessing.resource_tracker" not in cmd:
            # (multiprocessing's resource tracker serves this process and ends with it)
            found[pid] = cmd
    return found


def pytest_sessionfinish(session, exitstatus) -> None:
    """Fail the run when a test left a process running (after the session's own fixtures are gone)."""
    end = time.monotonic() + GRACE_S
    left = left_behind()
    while left and time.monotonic() < end:
        time.sleep(0.2)
        left = left_behind()
    if not left:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    lines = [f"  {pid}: {cmd[:160]}" for pid, cmd in sorted(left.items())]
    message = f"The tests left {len(left)} process(es) running (now killed):\n" + "\n".join(lines)
    if reporter:
        reporter.ensure_newline()
        reporter.write_line(message, red=True)
    else:
        print(message, file=sys.stderr)
    for pid in left:
        with suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    session.exitstatus = 1

"""Browser tests: Debian's Chromium, headless, driven by Playwright, against a real `meeple serve`.

The modules of one pytest worker share one `meeple serve` on a free port with its own temporary data
directory (starting a hall costs about a second of CPU, and 50 modules started one each); a module that
needs a hall of its own (one it stops, or one with other games or settings) asks for `own_server`.
Screenshots go to artifacts/web/ (kept by CI as artifacts).
With CI=true a missing Chromium or Playwright is a failure; elsewhere the tests
are skipped with a message.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from tests.ports import free_port
from tests.server import processes

# Debian's headless shell first: the same Blink without the full browser's GPU and display processes, which
# took about a quarter less CPU and a fifth less wall for the browser tests (docs/web/tests.md, "Tests"); Debian's
# chromium where the shell is not installed; MEEPLE_CHROMIUM for other systems.
DEBIAN_CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
CHROMIUM = os.environ.get("MEEPLE_CHROMIUM") or next(
    (path for path in DEBIAN_CHROMIUMS if os.access(path, os.X_OK)), DEBIAN_CHROMIUMS[0])
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(f"Browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"Browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def browser_found():
    """Chromium and Playwright are here (else the browser tests skip, or in CI fail, with a message)."""
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium-headless-shell).")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("the playwright package is missing (pip install -e '.[test]').")


WEB = Path(__file__).resolve().parent
_RUNNING: dict = {}  # this process's Playwright and browser, from its first browser test to its last in a row


@pytest.fixture(scope="module")
def browser(browser_found):
    """One browser for the browser modules a worker runs one after the other; it is closed when the worker
    goes on to a test that is not a browser test (below): Playwright's sync API holds an asyncio loop
    running in this thread while it is started, and the server tests' asyncio.run() refuse to run beside it."""
    if not _RUNNING:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        _RUNNING["playwright"] = playwright
        _RUNNING["browser"] = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                         args=["--no-sandbox", "--disable-dev-shm-usage"])
    return _RUNNING["browser"]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    result = yield  # (the test's fixtures are torn down first: its contexts, its module's halls)
    rerun = getattr(item, "page_hung", False) and getattr(item, "execution_count", 2) <= 1  # (it runs again next)
    if _RUNNING and not rerun and (nextitem is None or WEB not in nextitem.path.parents):
        _RUNNING.pop("pages", None)  # (closed with the browser)
        _RUNNING.pop("browser").close()
        _RUNNING.pop("playwright").stop()
    return result


class Server:
    """A real `meeple serve` subprocess; can be stopped and started again on the same port and data."""

    def __init__(self, data_dir: Path, log_path: Path, env: dict | None = None, args: tuple[str, ...] = ()):
        self.port = free_port()
        self.data_dir = data_dir
        self.log_path = log_path
        self.env = env  # extra environment variables (MEEPLE_EXTRA_GAMES for the tests' toy games)
        self.args = args  # extra `meeple serve` options
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        meeple = Path(sys.executable).with_name("meeple")
        cmd = [str(meeple) if meeple.exists() else sys.executable, *([] if meeple.exists() else ["-m", "meeple.cli"]),
               "serve", "--host", "127.0.0.1", "--port", str(self.port), "--data", str(self.data_dir), *self.args]
        env = {**os.environ, **self.env} if self.env else None
        with open(self.log_path, "ab") as log:  # the child keeps its own copy of the file
            self.proc = processes.popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"meeple serve exited with {self.proc.returncode}; see {self.log_path}")
                try:
                    with urllib.request.urlopen(self.url + "/api/games", timeout=2) as r:
                        if r.status == 200:
                            return
                except (urllib.error.URLError, ConnectionError, OSError):
                    time.sleep(0.2)
            raise RuntimeError(f"meeple serve did not answer within {timeout} s; see {self.log_path}")
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop the server and its bot workers (its whole process group), gracefully first."""
        if self.proc:
            processes.stop(self.proc)
        self.proc = None

    def api(self, method: str, path: str, body=None, token: str | None = None, cookie: str | None = None):
        """A plain HTTP call, as a second device would make it."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("X-Seat-Token", token)
        if cookie:
            req.add_header("Cookie", cookie)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read() or b"null")


# The limits that count over time, per address (every page of the tests comes from 127.0.0.1): a hall that
# serves all of a worker's modules would run out of sign-ins (10, then one every 6 s) and new tables; and
# a seat's moves (30, then 15 a second), which a whole game played through the API (api_play) met every
# few moves and waited out (Living Forest: 43 of 326 requests, about 13 s of a 17 s game). No browser test
# is about these limits (tests/server/test_limits.py is); the other limits stay the defaults.
SHARED_HALL_LIMITS = ("--signin-rate", "100000,1", "--tables-rate-address", "100000,1",
                      "--tables-rate-user", "100000,1", "--live-tables-per-user", "100000", "--move-rate", "100000,1")


def started_server(tmp_path_factory, log_name: str, **options):
    """A hall started on its own temporary data directory; stopped and removed when the generator ends."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = tmp_path_factory.mktemp("meeple-data")
    srv = Server(data, ARTIFACTS / log_name, **options)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory, browser_found):
    """The hall of this pytest worker, shared by its modules: a test finds tables of other modules in it,
    so none may expect an empty hall."""
    yield from started_server(tmp_path_factory, "server.log", args=SHARED_HALL_LIMITS)


@pytest.fixture(scope="module")
def own_server(tmp_path_factory, browser):
    """A hall of the module's own, with the default limits, for a module that stops and starts it: the module
    overrides `server` with a fixture that returns this one."""
    yield from started_server(tmp_path_factory, "server.log")


@pytest.fixture(scope="module")
def server(shared_server):
    return shared_server


@pytest.fixture(scope="module")
def guest_session(browser, server):
    """One guest's signed-in storage state, for a module whose many cases each open a table: the hall
    allows 10 sign-ins from one address, then one every 6 s, and these tests are not about that. The guest
    "Ada" signs in through the API the lobby's "Play as guest" calls (a context drawing the lobby for it cost
    about 1.5 CPU s a module); the state is the session cookie that answer sets, as the browser keeps it."""
    request = urllib.request.Request(server.url + "/api/auth/guest", data=json.dumps({"name": "Ada"}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        cookie = SimpleCookie(answer.headers["Set-Cookie"])["meeple_session"]
    assert cookie["httponly"] and cookie["samesite"].lower() == "lax" and cookie["path"] == "/"
    return {"cookies": [{"name": "meeple_session", "value": cookie.value, "domain": "127.0.0.1", "path": "/",
                         "expires": time.time() + int(cookie["max-age"]), "httpOnly": True, "secure": False,
                         "sameSite": "Lax"}], "origins": []}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.failed_call = report.failed
    return report


# Pages new_page handed out and got back whole, kept for the worker's next tests: [(key, page)], the most
# recently given back last. A page's first document costs a new renderer process and the hall's scripts and
# style sheets taken in anew (about 1.5 CPU s of Chromium at the lobby), the next document in the same page
# about 0.3 s; a new context alone does not help (the cost is the renderer's, not the cache's).
KEEP_PAGES = 4
DEFAULT_VIEWPORT = {"width": 1280, "height": 720}  # (Playwright's, for a context made with no viewport)


def _page_key(server, options: dict) -> str:
    """What a kept page must share with the one asked for: its hall and the context options a page cannot
    set itself (its viewport it can; its cookies are set anew)."""
    kept = {k: v for k, v in options.items() if k not in ("viewport", "storage_state")}
    return json.dumps([server.url, kept], sort_keys=True, default=str)


def _hand_back(page, server) -> bool:
    """Make a page that a test is done with like a new one of its context, less the renderer: its other pages
    closed, the hall's local and session storage emptied, its routes dropped, on about:blank. False where
    that cannot be made sure of (the page was closed, or left on another site)."""
    try:
        if page.is_closed() or not page.url.startswith(server.url + "/"):
            return False
        for other in page.context.pages:
            if other is not page:
                other.close()
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.unroute_all(behavior="ignoreErrors")
        page.goto("about:blank")
        return True
    except Exception:
        return False


@pytest.fixture
def new_page(request, browser, server):
    """new_page(**context_options) -> a page in a context of its own: own cookies and storage (none but the
    `storage_state` given). It may be a page an earlier test of this worker gave back (see _hand_back), in a
    context emptied of cookies, at the viewport asked for: a new document in it is drawn by a warm renderer.
    A module that changes a page or context beyond that (init scripts, console listeners, CDP sessions) sets
    FRESH_PAGES = True and gets new ones, closed after the test."""
    fresh = getattr(request.module, "FRESH_PAGES", False)
    kept = _RUNNING.setdefault("pages", [])
    used = []  # (page, key): key None for a page closed after the test

    def make(**options):
        key = None if fresh else _page_key(server, options)
        found = next((i for i, (k, _) in enumerate(kept) if k == key), None)
        if found is not None:
            page = kept.pop(found)[1]
            ctx = page.context
            ctx.clear_cookies()
            state = options.get("storage_state")
            if state and state.get("origins"):
                ctx.set_storage_state(state)
            elif state:
                ctx.add_cookies(state["cookies"])
            page.set_viewport_size(options.get("viewport") or DEFAULT_VIEWPORT)
        else:
            ctx = browser.new_context(base_url=server.url, **options)
            ctx.set_default_timeout(15000)
            page = ctx.new_page()
            page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.errors = []
        used.append((page, key))
        return page

    yield make
    failed = getattr(request.node, "failed_call", False)
    for i, (page, key) in enumerate(used):
        if failed and not _answers(page):
            _hung(request.node, page)
        elif failed:
            for j, each in enumerate(page.context.pages):
                shot(each, f"FAILED-{request.node.name}-{i}-{j}")
        if key is not None and not failed and _hand_back(page, server):
            kept.append((key, page))
        else:
            try:
                page.context.close()
            except Exception:  # (closed already)
                pass
    while len(kept) > KEEP_PAGES:
        kept.pop(0)[1].context.close()


# A page whose renderer stopped running its scripts: seen twice in about ten runs of the browser part, in
# idle table pages at 390x844 (Vent Life's view waiting for a confirm, the review's page polling), each
# time on a different test, never reproduced alone or with two CPU hogs beside the whole part. A test
# whose page hung is run once more (pytest-rerunfailures' `flaky`, given to every browser test below), and
# says so: "R" and "1 rerun" in the output, and the renderers' CPU in the warnings summary, to
# tell a script that spins (a core's worth) from a renderer that waits. Any other failure is not rerun.
HUNG_PROBE_MS = 5000


def _answers(page) -> bool:
    """The page runs a script within 5 s (a closed page counts as answering: there is nothing to hang)."""
    try:
        if page.is_closed():
            return True
        page.wait_for_function("() => true", timeout=HUNG_PROBE_MS)
        return True
    except Exception:
        return False


def _renderers_cpu(seconds: float = 2.0) -> str:
    """This worker's Chromium renderers (found by walking /proc up to this process) and the share of a core
    each used over `seconds`."""
    def parent_and_ticks(pid: str) -> tuple[int, int]:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[1]), int(fields[11]) + int(fields[12])

    def ours(pid: int) -> bool:
        while pid > 1:
            if pid == os.getpid():
                return True
            pid = parent_and_ticks(str(pid))[0]
        return False

    renderers = {}
    for entry in Path("/proc").iterdir():
        try:
            if not entry.name.isdigit() or b"--type=renderer" not in (entry / "cmdline").read_bytes():
                continue
            if ours(int(entry.name)):
                renderers[entry.name] = parent_and_ticks(entry.name)[1]
        except (OSError, ValueError):
            continue  # (gone meanwhile)
    time.sleep(seconds)
    lines = []
    for pid, before in renderers.items():
        try:
            used = (parent_and_ticks(pid)[1] - before) / os.sysconf("SC_CLK_TCK") / seconds
            lines.append(f"renderer {pid}: {used:.0%} of a core")
        except OSError:
            lines.append(f"renderer {pid}: gone")
    return "\n".join(lines) or "no renderer found"


def _hung(item, page) -> None:
    """Mark the test for its one rerun and put what the renderers were doing in its report."""
    item.page_hung = True
    what = f"{item.nodeid}: {page.url} ran no script for {HUNG_PROBE_MS} ms; " + _renderers_cpu().replace("\n", ", ")
    item.add_report_section("teardown", "page hung", what)
    warnings.warn(what, stacklevel=1)  # (shown in the warnings summary, which the run prints even from a rerun)


def pytest_collection_modifyitems(config, items):
    """Every browser test may be run once more, only where its page hung (above)."""
    for item in items:
        if WEB in item.path.parents:
            item.add_marker(pytest.mark.flaky(reruns=1, condition=lambda error, item=item: getattr(
                item, "page_hung", False)))


# Screenshots for people to look at, in artifacts/web/: taken when asked for (MEEPLE_SHOTS=1, or
# MEEPLE_DOCS_SHOTS=1 for the ones docs/img keeps), and always of a failed test's pages. Every run took
# 265 of them before, a tenth of the browser tests' CPU: the whole of tests/web on two workers, quiet,
# 322 s against 289 s without them, Chromium's and Playwright's CPU 450 against 397 s (7 December).
SHOTS = "1" in (os.environ.get("MEEPLE_SHOTS"), os.environ.get("MEEPLE_DOCS_SHOTS"))


def shot(target, name: str, full_page: bool = True) -> Path:
    """artifacts/web/NAME.png: a screenshot of a page (the whole page, or with full_page=False the window)
    or of the element a locator finds, where screenshots are asked for or the name is a failed test's."""
    path = ARTIFACTS / f"{name}.png"
    if SHOTS or name.startswith("FAILED-"):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        if hasattr(target, "goto"):  # (a page)
            target.screenshot(path=str(path), full_page=full_page)
        else:
            target.screenshot(path=str(path))
    return path

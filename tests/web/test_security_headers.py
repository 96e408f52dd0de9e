"""Every page of the client works under the hall's Content-Security-Policy (no inline script or style,
nothing from another origin): Chromium reports no violation on the lobby, each game's table, the
rules, a player page and a leaderboard, and each page shows its content."""

from __future__ import annotations

from tests.web.helpers import create_by_api, settled, sign_in_as_guest

# A test here listens to its page's console and adds an init script: new pages (tests/web/conftest.py).
FRESH_PAGES = True

WATCH = """() => {
  window.__csp = [];
  document.addEventListener("securitypolicyviolation",
    (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
}"""


def test_no_page_violates_the_content_security_policy(new_page):
    page = new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script(f"({WATCH})()")
    sign_in_as_guest(page, "Cy")
    assert "default-src 'self'" in page.evaluate("async () => (await fetch('/')).headers.get("
                                                 "'content-security-policy')")
    visited = []
    for game in page.evaluate("fetch('/api/games').then((r) => r.json())"):  # the server's games
        game_id = game["id"]
        made = create_by_api(page, game_id, game["min_players"])
        assert "seats" in made, (game_id, made)
        page.goto(made["seats"][0]["invite"])
        settled(page)  # the board has drawn its first state
        # and the pictures it asked for have loaded (or failed: a blocked one is reported by then)
        page.wait_for_function("() => Array.from(document.images).every((i) => i.complete)")
        visited.append((page.url, page.evaluate("window.__csp")))
    me = page.evaluate("fetch('/api/me').then((r) => r.json())")["user"]["id"]
    for path, ready in [("/", "form.create"), ("/games/picnic/leaderboard", "main h1"),
                        (f"/players/{me}", "main h1")]:
        page.goto(path)
        page.wait_for_selector(ready)
        visited.append((page.url, page.evaluate("window.__csp")))
    broken = [(url, found) for url, found in visited if found]
    assert not broken, broken
    assert not console, console
    assert not page.errors, page.errors

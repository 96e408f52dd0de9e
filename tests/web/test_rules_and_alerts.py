"""A table links to its game's rules page in the hall, and tells a player when their turn comes
(the tab's title, and on request the browser's notification and a chime)."""

from __future__ import annotations

from meeple import games
from meeple.server.rules import page_path
from tests.conftest import TOY_GAMES
from tests.web.helpers import create_by_api, sign_in_as_guest

# A stand-in for the browser's Notification API that records what the page shows, allowed at once;
# the page is made to look unfocused so that a notification is due.
# A test here adds an init script to its page's context: new pages (tests/web/conftest.py, new_page).
FRESH_PAGES = True

NOTIFICATION_SPY = """
window.shownNotes = [];
window.Notification = class {
  constructor(title, options) { window.shownNotes.push({title, body: options && options.body}); }
  close() {}
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
document.hasFocus = () => false;
"""

# Plays seat 1's first legal move through the API, as the page's player could (then confirms it).
PLAY_FIRST_LEGAL = """async (token) => {
  const base = location.pathname.replace(/^\\/t\\//, "/api/tables/");
  const headers = {"Content-Type": "application/json", "X-Seat-Token": token};
  const state = await (await fetch(base + "/state", {headers})).json();
  let r = await fetch(base + "/moves", {method: "POST", headers,
    body: JSON.stringify({seq: state.seq, move: state.legal[0].json})});
  let body = await r.json();
  if (body.can_confirm) {
    r = await fetch(base + "/confirm", {method: "POST", headers, body: JSON.stringify({seq: body.seq})});
  }
  return r.status;
}"""


def test_every_game_has_a_rules_page(server):
    for game_id in sorted(set(games.ids()) - set(TOY_GAMES)):
        assert page_path(game_id).is_file(), game_id
        status, body = server.api("GET", f"/api/games/{game_id}/rules")
        assert status == 200 and body["game"] == game_id and body["name"] == games.get(game_id).name
        assert body["markdown"].startswith("# ")
    status, body = server.api("GET", "/api/games/chess/rules")
    assert status == 404 and "chess" in body["error"]


def test_the_rules_link_opens_the_games_page(new_page):
    page = new_page(viewport={"width": 390, "height": 844})
    sign_in_as_guest(page, "Reader")
    made = create_by_api(page, "wizard", 3)
    page.goto(made["seats"][0]["invite"])
    link = page.get_by_test_id("rules-link")
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_selector(".rules-page h1")
    assert rules.locator(".rules-page h1").inner_text() == "Wizard"
    sections = rules.locator(".rules-page details.rules-section")
    assert sections.count() >= 5
    assert sections.nth(0).get_attribute("open") is not None and sections.nth(3).get_attribute("open") is None
    assert rules.locator(".rules-page table").count() >= 1  # the docs' tables come out as tables
    width = rules.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the rules page scrolls sideways on a phone ({width} px)"


def test_a_page_cannot_run_script(new_page):
    page = new_page()
    page.goto("/games/picnic/rules")
    page.wait_for_selector(".rules-page h1")
    shown = page.evaluate("""async () => {
      const { rulesPage } = await import("/static/js/rules.js");
      const md = "# T\\n\\n## <script>window.ran = 1</script>\\n\\n<img src=x onerror='window.ran = 2'>" +
        " [x](javascript:window.ran=3) **<b>bold</b>**\\n\\n" +
        "| <i>a</i> | b |\\n|---|---|\\n| <script>x</script> | 2 |\\n";
      const host = document.createElement("div");
      host.append(...rulesPage(md));
      document.body.append(host);
      const details = host.querySelector("details");
      const toggled = new Promise((r) => details.addEventListener("toggle", r, {once: true}));
      host.querySelector("summary").click();
      // What could still run a script once the click returns: the details' toggle event (a later task)
      // and a frame's or an image's load or error (an onload, an onerror): wait for the toggle, and for
      // each such element to be done (an image is complete from the task that fires its error or load;
      // a listener added here runs after the element's own on... attribute).
      await toggled;
      await Promise.all([...host.querySelectorAll("img, iframe")].map((el) => el.complete ? null
        : new Promise((r) => { el.addEventListener("load", r); el.addEventListener("error", r); })));
      return {ran: window.ran ?? null, text: host.textContent, tags: host.querySelectorAll("script, img, b, i").length,
              links: [...host.querySelectorAll("a")].map((a) => a.getAttribute("href"))};
    }""")
    assert shown["ran"] is None and shown["tags"] == 0 and shown["links"] == []
    assert "<script>window.ran = 1</script>" in shown["text"] and "<img src=x" in shown["text"]


def test_my_turn_is_notified_when_i_asked(new_page):
    page = new_page()
    page.context.add_init_script(NOTIFICATION_SPY)
    sign_in_as_guest(page, "Alerted")
    made = create_by_api(page, "toy_battle", 2)
    page.goto(made["seats"][0]["invite"])
    switch = page.get_by_test_id("alert-notify")
    switch.wait_for()
    assert not switch.is_checked()
    page.wait_for_function("() => document.title.includes('Your turn')")
    assert page.evaluate("window.shownNotes") == []  # not asked for: nothing shown
    switch.check()
    assert page.get_by_test_id("alert-notify").is_checked()
    token = made["seats"][0]["token"] if "token" in made["seats"][0] else made["seats"][0]["invite"].split("token=")[1]
    seq_before = int(page.locator(".table-page").get_attribute("data-seq"))
    assert page.evaluate(PLAY_FIRST_LEGAL, token) == 200
    # The bot answers; when the turn is mine again the page shows a notification naming the game.
    page.wait_for_function(f"() => Number(document.querySelector('.table-page').dataset.seq) > {seq_before + 1}"
                           " && document.title.includes('Your turn')", timeout=20000)
    page.wait_for_function("() => window.shownNotes.length > 0")
    assert page.evaluate("window.shownNotes")[0] == {"title": "Your turn", "body": "Toy Battle"}
    page.reload()  # the choice is remembered
    assert page.get_by_test_id("alert-notify").is_checked()
    assert not page.get_by_test_id("alert-sound").is_checked()

// Starts the client: finds who is signed in, then routes between lobby and table.
// "/" is the lobby, "/t/<id>" a table (invite links add ?seat=<n>&token=<t>), "/players/<name>" a
// player's page, "/games/<id>/leaderboard" a game's leaderboard, "/games/<id>/rules" its rules page.

import { get, post } from "./api.js";
import { h, clear } from "./dom.js";
import { showError } from "./toast.js";
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showLeaderboard, showPlayer } from "./players.js";
import { showRules } from "./rules.js";

export const session = { user: null };
let current = null; // the view on screen: {destroy()}

export async function refreshUser() {
  try {
    const me = await get("/api/me");
    session.user = me && me.user ? me.user : null;
  } catch (err) {
    session.user = null;
    showError(err);
  }
  renderWho();
  return session.user;
}

function renderWho() {
  const who = clear(document.getElementById("who"));
  if (!session.user) {
    // A signed-out visitor away from the front page (which holds the forms) is led there and back.
    if (location.pathname !== "/") {
      who.append(h("a", { class: "who-signin", href: `/?back=${encodeURIComponent(location.pathname + location.search)}`, text: "Sign in" }));
    }
    return;
  }
  who.append(
    // The name leads to the player's own page: their ratings and games, found nowhere else from the lobby.
    h("a", {
      class: "who-name", href: `/players/${encodeURIComponent(session.user.id)}`,
      title: `${session.user.name}: your ratings and games`,
      text: session.user.name + (session.user.guest ? " (guest)" : ""),
    }),
    h("button", {
      class: "link-button", type: "button", text: "Sign out",
      onClick: async () => {
        // The page is left first: a table's socket, which the server ends at the sign-out, is closed by
        // the page instead of telling a player already gone from the table that they now watch it.
        if (current) current.destroy();
        current = null;
        try {
          await post("/api/auth/signout");
        } catch (err) {
          showError(err);
        }
        session.user = null;
        renderWho();
        navigate("/");
      },
    }),
  );
}

export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  route();
}

async function route() {
  if (current) current.destroy();
  current = null;
  renderWho(); // (its sign-in link leads back to this page)
  const app = clear(document.getElementById("app"));
  const match = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  try {
    const player = location.pathname.match(/^\/players\/([^/]+)\/?$/);
    const board = location.pathname.match(/^\/games\/([^/]+)\/leaderboard\/?$/);
    const rules = location.pathname.match(/^\/games\/([^/]+)\/rules\/?$/);
    if (match) current = showTable(app, decodeURIComponent(match[1]));
    else if (player) current = await showPlayer(app, decodeURIComponent(player[1]));
    else if (board) current = await showLeaderboard(app, decodeURIComponent(board[1]));
    else if (rules) current = await showRules(app, decodeURIComponent(rules[1]));
    else current = await showLobby(app);
  } catch (err) {
    // Why, on the page itself (an alert over it would hide the words on a phone).
    console.warn("meeple:", err);
    const why = err && err.message ? ` ${err.message}` : "";
    app.append(h("p", { class: "empty", text: `This page could not be shown.${why} ` }, [
      h("a", { href: "/", text: "Back to the lobby" }),
    ]));
  }
  app.focus({ preventScroll: true });
}

// Links inside the app route without a page load.
document.addEventListener("click", (ev) => {
  const a = ev.target.closest && ev.target.closest("a[href^='/']");
  if (!a || a.target || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  if (a.getAttribute("href").startsWith("/static/") || a.hasAttribute("download")) return;
  ev.preventDefault();
  navigate(a.getAttribute("href"));
});
window.addEventListener("popstate", route);
window.addEventListener("unhandledrejection", (ev) => showError(ev.reason));

refreshUser().then(route);

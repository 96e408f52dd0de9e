// The Hint button at friendly tables (issue 36, docs/review.md "Hints"): asks the hall for the
// search's move (POST hint), selects it on the board as a click would (the board's own highlight
// and the status bar's preview of its points) with its reason in a line of words, and never plays
// it: Confirm plays it, Reset or another move drops it. Also the hints each seat took, for the
// result screen (GET hints).

import { bringIntoView } from "./acting.js";
import { get, post } from "./api.js";
import { h } from "./dom.js";
import { showError } from "./toast.js";
import { seatName, withNames } from "./seats.js";

/** The button and the line of words; `select(move, label)` is the table's own selection (table.js). */
export function hintControl(base, tableId, summary, select) {
  let allowed = null; // unknown until the table says
  let shown = null;   // the position (seq and pending) the line was written for
  let asking = false;
  const button = h("button", { type: "button", class: "secondary hint-button", "data-testid": "hint", text: "Hint",
    title: "The move the search bot would play here, and why (it is not played for you)", hidden: true,
    onClick: () => ask() });
  const line = h("p", { class: "hint-line", "data-testid": "hint-line", role: "status", hidden: true });
  let current = null;

  get(`${base}/hints`, tableId).then((info) => {
    allowed = info.allowed;
    if (current) update(current);
  }).catch(() => { allowed = false; });

  const where = (state) => `${state.seq}:${(state.pending || []).length}`;

  async function ask() {
    if (!current || asking) return;
    asking = true;
    button.disabled = true;
    const at = where(current);
    try {
      const answer = await post(`${base}/hint`, {}, tableId);
      if (!current || where(current) !== at) return; // the table moved on meanwhile
      const found = answer.hint;
      const before = new Set(chosenOnBoard().map(signature));
      select(found.move, found.words);
      shown = at;
      line.textContent = withNames(summary, `Hint: ${found.why}`);
      line.hidden = false;
      inView(before, line);
    } catch (err) {
      showError(err);
    } finally {
      asking = false;
      if (current) update(current);
    }
  }

  /** After every state: the button for the seat to move at a table that gives hints; the line while its position stands. */
  function update(state) {
    current = state;
    const myTurn = state.status === "running" && state.legal && state.legal.length > 0;
    button.hidden = !(allowed && myTurn);
    button.disabled = asking;
    if (shown !== null && shown !== where(state)) {
      shown = null;
      line.hidden = true;
      line.textContent = "";
    }
  }

  return { button, line, update };
}

// Boards mark a selected piece `chosen` (a card, a chip, a criteria card); some mark other things so
// too (Assyria's expansion track), so the hinted piece is the one that was not chosen before the hint.
const chosenOnBoard = () => [...document.querySelectorAll(".board-host .chosen")];
const signature = (el) => el.outerHTML.slice(0, 400);

/** The piece the board lit for the hint, in view above the status bar, which the line has just made
 * taller (on a phone it covered the lit card at the foot of my hand). */
function inView(before, line) {
  requestAnimationFrame(() => {
    const lit = chosenOnBoard().find((el) => !before.has(signature(el)));
    if (!lit) return;
    bringIntoView(lit, line.closest(".status-bar"));
    // A bar held at the top of the window (Turing Machine's copy of the proposal) may cover its top.
    const r = lit.getBoundingClientRect();
    const held = heldAt(document.elementFromPoint(r.left + Math.min(12, r.width / 2), Math.max(r.top, 0) + 2));
    if (held && !held.contains(lit)) window.scrollBy({ top: r.top - held.getBoundingClientRect().bottom - 8, left: 0, behavior: "instant" });
  });
}

/** The sticky (or fixed) element that `el` belongs to, if any. */
function heldAt(el) {
  for (let at = el; at && at !== document.body; at = at.parentElement) {
    const { position } = getComputedStyle(at);
    if (position === "sticky" || position === "fixed") return at;
  }
  return null;
}

/** "Hints taken: Ann 2, Bob none" under a finished game's result, where hints were on (human seats). */
export function hintsTaken(base, tableId, summary) {
  const box = h("p", { class: "hint hints-taken", "data-testid": "hints-taken", hidden: true });
  get(`${base}/hints`, tableId).then((info) => {
    if (!info.allowed && !info.counts.length) return;
    const counts = new Map(info.counts.map((c) => [c.seat, c.hints]));
    const people = summary.seats.filter((s) => s.type === "human"); // bots take no hints
    if (!people.length) return;
    box.textContent = `Hints taken: ${people.map((s) => `${seatName(summary, s.seat)} ${counts.get(s.seat) || "none"}`).join(", ")}.`;
    box.hidden = false;
  }).catch(() => {});
  return box;
}

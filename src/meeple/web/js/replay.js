// The replay viewer: steps through a finished game move by move, with the
// board, the panels and the log as they were after each move.

import { gameInfo, get } from "./api.js";
import { h, clear } from "./dom.js";
import { showError } from "./toast.js";
import { attach } from "./tooltip.js";
import { seatBadge, seatColour, seatName, withNames } from "./seats.js";
import { renderPanels } from "./panels.js";
import { loadBoard } from "../games/index.js";
import { moveMaker } from "./moves.js";
import { openReview } from "./review.js";

const PLAY_MS = 900;

/** Where the player was as a dialog opens in the table's place (the table hides under it, and the button
 *  pressed loses the focus): the function returned puts the page back there and the focus on that button,
 *  for Close. The review uses it too. */
export function rememberPlace() {
  const opener = document.activeElement;
  const y = window.scrollY;
  return () => {
    window.scrollTo(0, y);
    if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus({ preventScroll: true });
  };
}

/** The dialog takes the focus, so that its keys (Escape, the arrows) work at once. */
export function focusDialog(dialog) {
  dialog.tabIndex = -1;
  dialog.focus({ preventScroll: true });
}

/** `mySeat`: the seat of whoever opens it (null: a spectator), whose hand a finished game's replay
 *  shows first; every seat's hidden parts are shown too, and "Seen by" shows another seat's own.
 *  `at`: the step shown first (default: the end); `marks`: [{seq, label, words}], moves marked on the
 *  slider with a button each that jumps there (the review's key moments, review.js); standing on one, the
 *  replay writes its words (else its label) under them.
 *  `notice`: an element the caller keeps up to date (the table's rematch offer), shown in the replay's head. */
export async function openReplay(host, base, tableId, summary, mySeat = null, { at = null, marks = [], notice = null } = {}) {
  const goBack = rememberPlace();
  let data;
  try {
    data = await get(`${base}/replay`, tableId);
  } catch (err) {
    showError(err);
    return;
  }
  const total = data.moves.length;
  const cache = new Map();
  let k = at === null ? total : Math.max(0, Math.min(total, at));
  let timer = null;

  const boardHost = h("div", { class: "board-host replay-board" });
  const panels = h("div", { class: "panels" });
  const caption = h("p", { class: "replay-caption", "aria-live": "polite", "data-testid": "replay-caption" });
  const slider = h("input", { type: "range", min: 0, max: total, value: k, "aria-label": "Move number",
    list: marks.length ? `replay-marks-${tableId}` : null });
  // What a mark means is written under the marks whenever the replay stands on it (a tap on a mark, the arrows,
  // the slider): it was said only in a tooltip, which a touch screen never shows.
  const markNote = h("p", { class: "replay-moment", "data-testid": "replay-moment", "aria-live": "polite", hidden: true });
  const markButtons = marks.map((m) => h("button", { type: "button", class: "quiet", "data-seq": m.seq, text: `Move ${m.seq}`,
    title: m.label, onClick: () => go(m.seq) }));
  const marked = marks.length ? h("div", { class: "replay-marks", "data-testid": "replay-marks" }, [
    h("datalist", { id: `replay-marks-${tableId}` }, marks.map((m) => h("option", { value: String(m.seq), label: m.label }))),
    h("div", { class: "row" }, [h("span", { class: "hint", text: "Key moments:" }), ...markButtons]),
    markNote,
  ]) : null;
  function showMark(n) {
    const m = marks.find((x) => x.seq === n);
    for (const b of markButtons) {
      if (Number(b.dataset.seq) === n) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    markNote.hidden = !m;
    clear(markNote).append(...(m ? [h("strong", { text: "Key moment: " }), m.words || m.label] : []));
  }
  const playBtn = h("button", { type: "button", text: "\u25B6 Play" });
  // A finished game's steps come with every seat's view (server/allseeing.py): whose hand the board
  // shows as its own is the player's choice; a game still running stays as this viewer sees it.
  let seenBy = mySeat ?? 0;
  const seenBySelect = h("select", { "aria-label": "Seen by", "data-testid": "seen-by", hidden: true,
    onChange: () => { seenBy = Number(seenBySelect.value); go(k); } },
  summary.seats.map((x) => h("option", { value: String(x.seat), text: `Seen by ${seatName(summary, x.seat)}`, selected: x.seat === seenBy })));
  const dialog = h("section", { class: "replay", role: "dialog", "aria-modal": "true", "aria-label": "Replay" }, [
    h("header", { class: "replay-head" }, [
      h("h2", { text: "Replay" }),
      // The table's news kept by the table (a rematch offered): the replay hides the table's status bar.
      notice,
      // A finished game's review (review.js) in the replay's place.
      data.status === "finished" ? h("button", { type: "button", class: "secondary", "data-testid": "replay-review", text: "Review",
        onClick: () => { close(); openReview(host, base, tableId, summary, mySeat, notice); } }) : null,
      h("button", { type: "button", class: "secondary", text: "Close", onClick: () => close() }),
    ]),
    h("div", { class: "replay-controls row" }, [
      h("button", { type: "button", text: "\u00AB First", onClick: () => go(0) }),
      h("button", { type: "button", text: "\u2039 Back", onClick: () => go(k - 1) }),
      playBtn,
      h("button", { type: "button", text: "Forward \u203A", onClick: () => go(k + 1) }),
      h("button", { type: "button", text: "Last \u00BB", onClick: () => go(total) }),
      slider,
      seenBySelect,
    ]),
    marked,
    caption,
    h("div", { class: "table-layout" }, [h("div", { class: "board-col" }, [boardHost]), h("aside", { class: "side-col" }, [panels])]),
  ]);
  host.append(dialog);
  host.classList.add("replaying"); // the live table hides while the replay is open
  const noop = () => {};
  const board = await loadBoard(data.game, boardHost, {
    move: moveMaker(data.game, (await gameInfo(data.game))?.moves), play: noop, select: noop, selected: () => null, clearSelection: noop, tooltip: attach,
    seatName: (s) => seatName(summary, s), seatColour, isLegal: () => false, announce: noop,
    // (you) after the opener's own seat only, whichever seat the replay is seen by
    you: (s) => (mySeat !== null && mySeat !== undefined && s === mySeat ? " (you)" : ""),
  });

  async function step(n) {
    if (!cache.has(n)) cache.set(n, await get(`${base}/replay/${n}`, tableId));
    return cache.get(n);
  }

  async function go(n) {
    n = Math.max(0, Math.min(total, n));
    k = n;
    slider.value = String(n);
    showMark(n);
    try {
      const s = await step(n);
      if (k !== n) return; // the player moved on meanwhile
      const all = Array.isArray(s.views);
      seenBySelect.hidden = !all;
      board.update({ view: all ? s.views[seenBy] : s.view, legal: [], to_move: [], my_seat: all ? seenBy : null,
        replay: true, pending: [], status: "finished" });
      renderPanels(panels, {
        seats: summary.seats.map((x) => ({ seat: x.seat, name: seatName(summary, x.seat), colour: seatColour(x.seat), level: seatBadge(summary, x.seat), isMe: false })),
        sheets: s.sheets, toMove: [], deltas: null, clocks: {}, words: board.scoreWords,
      });
      const m = n > 0 ? data.moves[n - 1] : null;
      // A move with no log line of its own (a step of Vent Life's turn) is not captioned with its notation
      // ("tile -7,8"): that is not for players.
      caption.textContent = m
        ? `Move ${n} of ${total}: ${(m.log || []).length ? m.log.map((l) => withNames(summary, l.text || l)).join(" ")
          : `${seatName(summary, m.seat)} takes a step of a turn (the log tells the turn at its last step).`}`
        : `The start, before any move (${total} moves in all).`;
    } catch (err) {
      showError(err);
    }
  }

  function togglePlay() {
    if (timer) {
      clearInterval(timer);
      timer = null;
      playBtn.textContent = "\u25B6 Play";
      return;
    }
    if (k >= total) go(0);
    playBtn.textContent = "\u23F8 Pause";
    timer = setInterval(() => {
      if (k >= total) togglePlay();
      else go(k + 1);
    }, PLAY_MS);
  }

  function close() {
    clearInterval(timer);
    board.destroy();
    dialog.remove();
    host.classList.remove("replaying");
    goBack();
  }

  playBtn.addEventListener("click", togglePlay);
  slider.addEventListener("input", () => go(Number(slider.value)));
  dialog.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowLeft") go(k - 1);
    else if (ev.key === "ArrowRight") go(k + 1);
    else if (ev.key === "Escape") close();
  });
  await go(k);
  dialog.scrollIntoView({ block: "start" });
  focusDialog(dialog);
}

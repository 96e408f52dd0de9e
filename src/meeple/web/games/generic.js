// The board of any game without its own: the seat's legal moves as buttons, and
// the view as readable text (the score panels are the table's own). It keeps
// every registered game playable in a browser before its board is written.

import { h, clear } from "../js/dom.js";

function word(value) {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function describe(value) {
  if (value === null || value === undefined) return h("span", { class: "hint", text: "none" });
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "hint", text: "none" });
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", { text: value.map(word).join(", ") });
    return h("ol", { class: "generic-list" }, value.map((v) => h("li", {}, describe(v))));
  }
  if (typeof value === "object") {
    return h("dl", { class: "generic-dl" }, Object.entries(value).flatMap(([k, v]) => [
      h("dt", { text: k.replace(/_/g, " ") }), h("dd", {}, describe(v)),
    ]));
  }
  return h("span", { text: word(value) });
}

export function createBoard(root, ctx) {
  const moves = h("div", { class: "generic-moves", role: "group", "aria-label": "Your moves" });
  const movesBox = h("div", { class: "generic-moves-box" }, [h("h2", { class: "generic-title", text: "Your moves" }), moves]);
  const body = h("div", { class: "generic-view" });
  root.append(h("section", { class: "card generic" }, [movesBox, h("h2", { class: "generic-title", text: "The table" }), body]));
  return {
    update(state) {
      clear(moves);
      const chosen = ctx.selected();
      const legal = state.legal || [];
      movesBox.hidden = legal.length === 0;
      // The moves are what I act on (js/acting.js brings them into view on my turn).
      if (legal.length) movesBox.dataset.acting = "moves";
      else delete movesBox.dataset.acting;
      for (const m of legal) {
        const on = chosen && JSON.stringify(chosen) === JSON.stringify(m.json);
        const label = m.description || m.text;
        moves.append(h("button", {
          type: "button", class: on ? "primary" : "", "aria-pressed": on ? "true" : "false",
          title: label !== m.text ? m.text : null, text: label, onClick: () => ctx.select(m.json, label),
        }));
      }
      clear(body).append(describe(state.view));
    },
    destroy() {
      clear(root);
    },
  };
}

// The board of any game without its own: the view as readable text and the
// legal moves as buttons. It keeps every registered game playable in a browser.

import { h, clear } from "../js/dom.js";

function describe(value, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "hint", text: "none" });
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) return h("span", { text: value.join(", ") || "none" });
    return h("ol", { start: 0 }, value.map((v) => h("li", {}, describe(v, depth + 1))));
  }
  if (typeof value === "object") {
    return h("dl", { class: "generic-dl" }, Object.entries(value).flatMap(([k, v]) => [
      h("dt", { text: k.replace(/_/g, " ") }), h("dd", {}, describe(v, depth + 1)),
    ]));
  }
  return h("span", { text: String(value) });
}

export function createBoard(root, ctx) {
  const moves = h("div", { class: "generic-moves", role: "group", "aria-label": "Your moves" });
  const body = h("div", { class: "generic-view" });
  root.append(h("section", { class: "card" }, [moves, body]));
  return {
    update(state) {
      clear(moves);
      const chosen = ctx.selected();
      for (const m of state.legal || []) {
        const on = chosen && JSON.stringify(chosen) === JSON.stringify(m.json);
        moves.append(h("button", {
          type: "button", class: on ? "primary" : "", "aria-pressed": on ? "true" : "false",
          text: m.description || m.text, onClick: () => ctx.select(m.json, m.description || m.text),
        }));
      }
      clear(body).append(describe(state.view));
    },
    destroy() {
      clear(root);
    },
  };
}

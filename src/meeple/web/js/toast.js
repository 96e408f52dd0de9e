// Messages to the player: errors in plain words, never a silent failure.

import { h } from "./dom.js";

function area() {
  return document.getElementById("toasts");
}

export function toast(message, kind = "info", ms = 6000) {
  const box = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, [
    h("span", { text: message }),
    h("button", { class: "toast-close", "aria-label": "Dismiss", text: "\u00d7", onClick: () => box.remove() }),
  ]);
  area().append(box);
  if (ms) setTimeout(() => box.remove(), ms);
  return box;
}

export function showError(err) {
  const message = err && err.message ? err.message : String(err);
  console.warn("meeple:", err);
  return toast(message, "error", 9000);
}

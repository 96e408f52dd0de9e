// Messages to the player: errors in plain words, never a silent failure, and never a pile of them.

import { h } from "./dom.js";

const MOST = 3; // toasts shown at once; the oldest gives way

function area() {
  return document.getElementById("toasts");
}

export function toast(message, kind = "info", ms = 6000) {
  const shown = area();
  // The same message again refreshes the one on screen (with a count) instead of stacking a copy.
  for (const box of shown.children) {
    if (box.dataset.message === message && box.dataset.kind === kind) {
      box.repeats = (box.repeats || 1) + 1;
      box.querySelector(".toast-count").textContent = ` (×${box.repeats})`;
      box.restart(ms);
      return box;
    }
  }
  let timer = null;
  const box = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, [
    h("span", { text: message }),
    h("span", { class: "toast-count" }),
    h("button", { class: "toast-close", "aria-label": "Dismiss", text: "\u00d7", onClick: () => box.remove() }),
  ]);
  box.dataset.message = message;
  box.dataset.kind = kind;
  box.restart = (after) => {
    clearTimeout(timer);
    if (after) timer = setTimeout(() => box.remove(), after);
  };
  shown.append(box);
  while (shown.children.length > MOST) shown.firstElementChild.remove();
  box.restart(ms);
  return box;
}

export function showError(err) {
  const message = err && err.message ? err.message : String(err);
  console.warn("meeple:", err);
  return toast(message, "error", 9000);
}

/** An action went through: the errors of earlier attempts no longer apply. */
export function clearErrors() {
  const shown = area();
  if (!shown) return;
  for (const box of [...shown.querySelectorAll(".toast-error")]) box.remove();
}

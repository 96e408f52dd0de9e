// Tooltips on hover, on keyboard focus and on long-press (phones).
// One floating box for the whole page; `attach` wires an element to it.

import { h, clear } from "./dom.js";

const LONG_PRESS_MS = 500;
let box = null;
let owner = null;

function ensureBox() {
  if (!box) {
    box = h("div", { id: "tooltip", class: "tooltip", role: "tooltip", hidden: true });
    document.body.append(box);
    document.addEventListener("pointerdown", (ev) => {
      if (owner && !owner.contains(ev.target)) hide();
    });
    document.addEventListener("keydown", (ev) => ev.key === "Escape" && hide());
    // A redraw can remove the element under the pointer without a mouseleave: drop its tooltip.
    setInterval(() => owner && !owner.isConnected && hide(), 250);
  }
  return box;
}

function place(target) {
  const r = target.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  let left = r.left + r.width / 2 - b.width / 2;
  left = Math.max(6, Math.min(left, window.innerWidth - b.width - 6));
  let top = r.top - b.height - 8;
  if (top < 6) top = r.bottom + 8;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

export function show(target, content) {
  ensureBox();
  if (content === null || content === undefined || content === "") return;
  clear(box).append(content instanceof Node ? content : document.createTextNode(String(content)));
  box.hidden = false;
  owner = target;
  target.setAttribute("aria-describedby", "tooltip");
  place(target);
}

export function hide() {
  if (!box) return;
  box.hidden = true;
  if (owner) owner.removeAttribute("aria-describedby");
  owner = null;
}

/** Show `contentFn()` when the pointer rests on `el`, it has focus, or a finger presses it long. */
export function attach(el, contentFn) {
  let timer = null;
  let longPressed = false;
  el.addEventListener("mouseenter", () => show(el, contentFn()));
  el.addEventListener("mouseleave", () => owner === el && hide());
  el.addEventListener("focus", () => show(el, contentFn()));
  el.addEventListener("blur", () => owner === el && hide());
  el.addEventListener("touchstart", () => {
    longPressed = false;
    timer = setTimeout(() => {
      longPressed = true;
      show(el, contentFn());
    }, LONG_PRESS_MS);
  }, { passive: true });
  const cancel = () => clearTimeout(timer);
  el.addEventListener("touchend", (ev) => {
    cancel();
    // A long press shows the tooltip; it must not also click the thing.
    if (longPressed) ev.preventDefault();
  });
  el.addEventListener("touchmove", cancel, { passive: true });
  el.addEventListener("contextmenu", (ev) => {
    if (longPressed || ev.pointerType === "touch") ev.preventDefault();
  });
  return el;
}

// Tooltips on hover, on keyboard focus and on long-press (phones): a tap selects, a long press explains.
// One floating box for the whole page; `attach` wires an element to it.

import { h, clear } from "./dom.js";

const LONG_PRESS_MS = 500;
let box = null;
let owner = null;
// While a tooltip shows: drops it as soon as its element changes or leaves the page (a board's
// redraw may reuse or replace it), so that it never describes another element.
let watcher = null;

// Where the mouse last pressed, until it moves away from there: a click's answer may change the page
// under the resting pointer (a card taken away, a board redrawn, a scroll into view), and whatever
// comes under it is not what the player pointed at, so it opens no tooltip; a move of the mouse does.
let pressedAt = null;
let pointerWatched = false;

function watchPointer() {
  if (pointerWatched) return;
  pointerWatched = true;
  document.addEventListener("pointerdown", (ev) => {
    pressedAt = ev.pointerType === "mouse" ? { x: ev.clientX, y: ev.clientY } : null;
  }, true);
  document.addEventListener("pointermove", (ev) => {
    if (pressedAt && (ev.clientX !== pressedAt.x || ev.clientY !== pressedAt.y)) pressedAt = null;
  }, true);
}

/** The pointer has not moved since it pressed (the page moved under it). (An enter comes before the move
 *  that brought it, so the move's own place is compared.) */
function restingAfterPress(ev) {
  return !!pressedAt && ev.clientX === pressedAt.x && ev.clientY === pressedAt.y;
}

function ensureBox() {
  if (!box) {
    box = h("div", { id: "tooltip", class: "tooltip", role: "tooltip", hidden: true });
    document.body.append(box);
    // The next tap anywhere closes a tooltip (a tap on its own element too: that tap selects);
    // a mouse press closes it unless it is on the element hovered.
    document.addEventListener("pointerdown", (ev) => {
      if (owner && (ev.pointerType !== "mouse" || !owner.contains(ev.target))) hide();
    }, true);
    document.addEventListener("keydown", (ev) => ev.key === "Escape" && hide());
    watcher = new MutationObserver((changes) => {
      if (owner && (!owner.isConnected || changes.some((c) => owner.contains(c.target)))) hide();
    });
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
  if (content === null || content === undefined || content === "" || !target.isConnected) return;
  clear(box).append(content instanceof Node ? content : document.createTextNode(String(content)));
  box.hidden = false;
  if (owner && owner !== target) owner.removeAttribute("aria-describedby");
  owner = target;
  target.setAttribute("aria-describedby", "tooltip");
  place(target);
  watcher.disconnect();
  watcher.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true,
    attributeFilter: ["class", "data-card", "data-slot", "data-place", "data-explain", "aria-label", "style"] });
}

export function hide() {
  if (!box) return;
  box.hidden = true;
  if (watcher) watcher.disconnect();
  if (owner) owner.removeAttribute("aria-describedby");
  owner = null;
}

/** Explain `el` with `contentFn()`: when a mouse rests on it, when it has keyboard focus, or when a
 *  finger presses it long. A tap only acts (selects); it opens nothing. */
export function attach(el, contentFn) {
  let timer = null;
  let longPressed = false;
  watchPointer();
  el.addEventListener("pointerenter", (ev) => ev.pointerType === "mouse" && !restingAfterPress(ev) && show(el, contentFn()));
  el.addEventListener("pointerleave", (ev) => ev.pointerType === "mouse" && owner === el && hide());
  // Keyboard focus only: a tap focuses a button too, and must not leave a tooltip open.
  el.addEventListener("focus", () => el.matches(":focus-visible") && show(el, contentFn()));
  el.addEventListener("blur", () => owner === el && hide());
  el.addEventListener("touchstart", () => {
    longPressed = false;
    clearTimeout(timer);
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
  el.addEventListener("touchcancel", cancel, { passive: true });
  el.addEventListener("contextmenu", (ev) => {
    if (longPressed || ev.pointerType === "touch") ev.preventDefault();
  });
  return el;
}

// Tokens and chips, the small pieces the boards share (styles in css/boards/tokens.css):
//  - a token is a round wooden piece a player taps (an action, a game control such as "End actions")
//    or reads (an action not open now): its pictures, a short name under them, lit when it may be
//    tapped, chosen when selected before Confirm, dashed when not open now;
//  - a chip is a picture and a count ("3 camels", "2/12 trees"), with its words as its name and tooltip;
//  - `pressable` makes a piece drawn in a board's SVG (a hex, a rock, a fire) a button.
// A board adds its own classes (`cls`) for its colours and for the hooks its tests click on.

import { h } from "./dom.js";

/** Any element a button: focusable, named, pressed by a click, Enter or Space. */
export function pressable(el, label, onActivate) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (ev) => { ev.stopPropagation(); onActivate(); });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onActivate(); }
  });
  return el;
}

/**
 * A token. `ctx` is the board's (its tooltip). Options:
 *   pictures: nodes drawn on it; name: its short name; more: nodes under the name (a count, "done");
 *   label: its accessible name; tip: its tooltip (text, or a function giving it);
 *   onClick: makes it a button (disabled unless `lit`, when `disabled` is given); lit, chosen, off:
 *   its state; control: a game control (darker wood), apart from the actions; cls: the board's classes;
 *   data: data attributes.
 * Without onClick it is a picture (role img) that keyboard users can still focus for its tooltip.
 */
export function token(ctx, { pictures = [], name = "", more = [], label, tip = null, onClick = null, lit = false,
  chosen = false, off = false, control = false, disabled = false, cls = "", data = {} }) {
  const classes = ["tk", control ? "tk-control" : "", lit ? "lit" : "", chosen ? "chosen" : "", off ? "off" : "", cls];
  const attrs = { class: classes.filter(Boolean).join(" "), dataset: data, "aria-label": label };
  if (onClick) Object.assign(attrs, { type: "button", disabled: disabled || null, onClick });
  else Object.assign(attrs, { role: "img", tabindex: 0 });
  const el = h(onClick ? "button" : "span", attrs, [
    pictures.length ? h("span", { class: "tk-pics", "aria-hidden": "true" }, pictures) : null,
    name ? h("span", { class: "tk-name", "aria-hidden": "true", text: name }) : null,
    ...more.filter(Boolean).map((m) => h("span", { class: "tk-more", "aria-hidden": "true" }, [m])),
  ]);
  if (tip) ctx.tooltip(el, typeof tip === "function" ? tip : () => tip);
  return el;
}

/**
 * A chip: pictures and a count, read as `label` (also its tooltip unless `tip` is given).
 * shape: "pill" (a counter) or "hex" (a tile); cls and data as for a token.
 */
export function chip(ctx, { pictures = [], count = "", label, tip = null, shape = "pill", cls = "", data = {} }) {
  const el = h("span", { class: ["tk-chip", shape === "hex" ? "tk-hex" : "", cls].filter(Boolean).join(" "),
    role: "img", tabindex: 0, "aria-label": label, dataset: data }, [
    ...[].concat(pictures).filter(Boolean),
    count === "" || count === null ? null : h("span", { class: "tk-count", text: String(count) }),
  ]);
  const words = tip || label;
  ctx.tooltip(el, typeof words === "function" ? words : () => words);
  return el;
}

/** `n` copies of a picture (camels paid, symbols on a card), made by `make()`. */
export function repeat(n, make) {
  return Array.from({ length: Math.max(0, n) }, make);
}

// Living Forest's board, drawn as the game on the table:
//  - the Circle of Spirits: twelve rocks in a ring, each with its bonus action, every spirit's
//    standee on its rock (and Onibi with the Kodama expansion), the fires in the centre with their
//    values and the fire's running strength;
//  - Guardian Animal cards as cards: the solitary or gregarious mark top left, the elements in the
//    middle, the cost in a coin in the bottom-right corner (suns, or flowers in the Kodama market),
//    the level by colour; the reserve as three rows of four beside their stacks (face down, a count);
//  - each spirit: its draw stack (a back with its size) and discard, its Help Line as a row of
//    cards with the solitary symbols not cancelled (three slots), its Fragments and Victory tiles,
//    and its forest: fifteen spaces with the planted trees carrying their elements, the corner
//    bonuses on the corners and the row and column bonuses on the edge;
//  - the tree dispenser as trees with their cost and how many are left.
// Drawn from the engine's view only: a draw stack or a reserve stack shows its size, never its order.
//
// Moves are made on the pieces: my draw stack draws (sent at once: it turns up a hidden card), a
// fire, a reserve card, a rock of the ring, a tree and then a forest space, a Victory tile or a
// Kodama card is selected and previewed in place (the ghost of the tree in its space, the card
// lifted and shown on my draw stack, my standee's ghost on its rock); Confirm sends it.

import { h, svg } from "../js/dom.js";
import { icon, iconUse } from "../js/icons.js";
import { boardOf } from "../js/board.js";
import { chip, pressable, token } from "../js/tokens.js";

const EL_ICON = { sun: "lf_sun", water: "lf_water", leaf: "lf_plant", wind: "lf_wind", flower: "lf_flower" };
const EL_WORDS = { sun: ["sun", "suns"], water: ["water", "water"], leaf: ["leaf", "leaves"], wind: ["wind", "wind"],
  flower: ["flower", "flowers"] };
const ELEMENTS = ["sun", "water", "leaf", "wind", "flower"];
const ACTION_ICON = { fragment: "lf_fragment", attract: "lf_sun", extinguish: "lf_fire", move: "lf_wind", plant: "lf_plant" };
const ACTION_SHORT = { fragment: "Fragment", attract: "Attract", extinguish: "Extinguish", move: "Move", plant: "Plant" };
const ACTION_WORDS = { fragment: "take a Fragment", attract: "attract Guardian Animals", extinguish: "put out fires",
  move: "move on the Circle", plant: "plant a tree" };
const LEVEL_WORDS = ["starting card", "level 1", "level 2", "level 3", "Fire Varan", "Kodama card"];
const TILE_ICON = { fire: "lf_fire", flower: "lf_flower", tree: "lf_plant" };
const COLS = "abcde";
const SVG_NS = "http://www.w3.org/2000/svg";

const els = (n, e) => `${n} ${EL_WORDS[e][Math.abs(n) === 1 ? 0 : 1]}`;
/** `n` things in words: "1 Fragment tile", "2 Fragment tiles" (`many` where adding an s will not do). */
const nWords = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const elsWords = (elements) => Object.entries(elements || {}).map(([k, v]) => els(v, k)).join(", ") || "no element";
const spaceName = (p) => `${COLS[p % 5]}${Math.floor(p / 5) + 1}`; // a hook for tests, never shown
// A forest space in words, as the log says it ("the top row, 4th from the left").
const spaceWords = (p) => `the ${["top", "middle", "bottom"][Math.floor(p / 5)]} row, ${["1st", "2nd", "3rd", "4th", "5th"][p % 5]} ` +
  "from the left";
const same = (a, b) => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

/** Words for a card: its tooltip and its accessible name. */
function cardWords(c) {
  const bits = [c.name, LEVEL_WORDS[c.level] || "", elsWords(c.elements)];
  if (c.symbol !== "none") bits.push(c.symbol === "solitary" ? "solitary symbol" : "gregarious symbol (cancels a solitary one)");
  if (c.kodama) bits.push(`${c.kodama} Kodama symbol${c.kodama > 1 ? "s" : ""}`);
  if (c.twice) bits.push(`may ${ACTION_WORDS[c.twice]} twice this turn`);
  if (c.extra) bits.push(`one more action: ${ACTION_WORDS[c.extra]}`);
  if (c.level === 5) bits.push(`costs ${els(c.cost, "flower")}`);
  else if (c.level >= 1 && c.level <= 3) bits.push(`costs ${els(c.cost, "sun")}`);
  return bits.filter(Boolean).join(" \u00B7 ");
}

/** An SVG element holding `children`, sized by CSS. */
function svgBox(w, hgt, cls, children, label = null) {
  const attrs = { class: cls, viewBox: `0 0 ${w} ${hgt}`, xmlns: SVG_NS };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  return svg("svg", attrs, children);
}

/** The solitary mark (one animal) or the gregarious one (a group), as a small SVG. */
function symbolMark(symbol, size = 16) {
  if (symbol === "none") return null;
  const body = symbol === "solitary"
    ? [svg("circle", { cx: 12, cy: 12, r: 11, fill: "#8c2f1c" }), svg("circle", { cx: 12, cy: 9, r: 3.6, fill: "#fff" }),
      svg("path", { d: "M6 19c0-4 3-6 6-6s6 2 6 6z", fill: "#fff" })]
    : [svg("circle", { cx: 12, cy: 12, r: 11, fill: "#2f6d3a" }),
      ...[[7, 10], [17, 10], [12, 7.5]].map(([x, y]) => svg("circle", { cx: x, cy: y, r: 2.6, fill: "#fff" })),
      svg("path", { d: "M3.5 18c0-3 1.7-4.5 3.5-4.5s3.5 1.5 3.5 4.5zM13.5 18c0-3 1.7-4.5 3.5-4.5s3.5 1.5 3.5 4.5z", fill: "#fff" }),
      svg("path", { d: "M8 20c0-4 2-6 4-6s4 2 4 6z", fill: "#fff" })];
  return svg("svg", { class: `lf-mark ${symbol}`, width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": "true",
    "data-mark": symbol }, body);
}

/** A Kodama's head (a small white forest spirit), for the Kodama symbols. */
function kodamaHead(size = 14) {
  return svg("svg", { class: "lf-kodama", width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": "true" }, kodamaBody(12, 12, 1));
}
function kodamaBody(x, y, k) {
  return svg("g", { transform: `translate(${x - 12 * k} ${y - 12 * k}) scale(${k})` }, [
    svg("path", { d: "M4 13c0-6 3.5-10 8-10s8 4 8 10c0 5-3.5 8-8 8s-8-3-8-8z", fill: "#f7f6ee", stroke: "#6f7a63", "stroke-width": 1.4 }),
    svg("ellipse", { cx: 9, cy: 12, rx: 1.5, ry: 2, fill: "#222" }), svg("ellipse", { cx: 15, cy: 12, rx: 1.5, ry: 2, fill: "#222" }),
    svg("ellipse", { cx: 12, cy: 16.5, rx: 1.2, ry: 1.6, fill: "#222" }),
  ]);
}

/** A Guardian Animal card (HTML): mark top left, Kodama symbols top right, the name, the elements,
 * a power of the Kodama animals, the cost coin in the bottom-right corner; the level by colour. */
function cardFace(c, { extra = "", onClick = null, label = null, size = null } = {}) {
  const kids = [
    h("span", { class: "lf-card-top" }, [symbolMark(c.symbol),
      c.kodama ? h("span", { class: "lf-card-kodama" }, Array.from({ length: c.kodama }, () => kodamaHead(13))) : null]),
    h("span", { class: `lf-card-name${nameSize(c.name)}`, text: c.name }),
    h("span", { class: "lf-card-els" }, Object.entries(c.elements).map(([k, v]) =>
      h("span", { class: `lf-el${v < 0 ? " neg" : ""}` }, [v < 0 ? `\u2212${-v}` : String(v), icon(EL_ICON[k], { size: 15 })]))),
    c.twice || c.extra ? h("span", { class: "lf-card-power" }, [icon(ACTION_ICON[c.twice || c.extra], { size: 13 }),
      c.twice ? "\u00D72" : "+1"]) : null,
    c.level >= 1 && c.level <= 3 ? h("span", { class: "lf-pips" }, Array.from({ length: c.level }, () => h("i"))) : null,
    (c.level >= 1 && c.level <= 3) || c.level === 5 ? h("span", { class: `lf-cost${c.level === 5 ? " flowers" : ""}` },
      [String(c.cost)]) : null,
  ];
  const attrs = { class: `lf-card lv${c.level} ${c.symbol}${extra}`, "data-card": c.name, "aria-label": label || cardWords(c) };
  if (size) attrs.style = `--cw:${size}px`;
  if (onClick) Object.assign(attrs, { type: "button", onClick });
  else attrs.role = "img";
  return h(onClick ? "button" : "div", attrs, kids);
}

/** A card name's size: smaller for a long name, and for a long word, which must never break inside
 * ("Hummingbir-d" on a phone). */
function nameSize(name) {
  const word = Math.max(...name.split(" ").map((w) => w.length));
  return name.length > 11 || word > 9 ? " longest" : name.length > 9 || word > 8 ? " longer" : name.length > 7 ? " long" : "";
}

/** A face-down pile: a card back with its size. */
function pileEl(count, label, { extra = "", onClick = null, top = null, kind = "back" } = {}) {
  const attrs = { class: `lf-pile ${kind}${extra}`, "aria-label": label };
  if (onClick) Object.assign(attrs, { type: "button", onClick });
  else attrs.role = "img";
  return h(onClick ? "button" : "div", attrs, [
    h("span", { class: "lf-pile-count", text: String(count) }),
    top,
  ]);
}

/** A tree drawn in an SVG at (x, y) (the base of its trunk), `s` its height: trunk, crown, and the
 * tree's elements on the crown (or its Kodama power). The starting tree is the big dark one. */
function treeShape(tree, x, y, s, { ghost = false } = {}) {
  const start = tree === "start";
  const crownR = s * 0.36;
  const cy = y - s * 0.56;
  const g = svg("g", { class: `lf-tree${ghost ? " ghost" : ""}${start ? " start" : ""}` }, [
    svg("rect", { x: x - s * 0.06, y: y - s * 0.3, width: s * 0.12, height: s * 0.3, rx: 1.5, fill: "#7a5230" }),
    svg("circle", { cx: x, cy, r: crownR, fill: start ? "#2e6b2a" : "#5aa24a", stroke: start ? "#1d471a" : "#2f6d28",
      "stroke-width": 1.4 }),
  ]);
  if (start) {
    g.append(svg("circle", { cx: x - crownR * 0.45, cy: cy - crownR * 0.2, r: crownR * 0.42, fill: "#3c8035" }),
      svg("circle", { cx: x + crownR * 0.4, cy: cy + crownR * 0.05, r: crownR * 0.45, fill: "#3c8035" }));
    return g;
  }
  const marks = [];
  for (const [k, v] of Object.entries(tree.elements || {})) for (let i = 0; i < v; i++) marks.push(EL_ICON[k]);
  const ic = s * (marks.length > 2 ? 0.27 : 0.34);
  if (tree.per_kodama) {
    g.append(iconUse(EL_ICON[tree.per_kodama], x - ic * 0.5, cy, ic), kodamaBody(x + ic * 0.55, cy, ic / 24));
  } else if (tree.kodama) {
    g.append(kodamaBody(x, cy, (s * 0.42) / 24));
  } else if (tree.repeat) {
    g.append(svg("text", { x, y: cy + s * 0.1, "text-anchor": "middle", class: "lf-tree-twin", "font-size": s * 0.3,
      text: "\u00D72" }));
  } else {
    const perRow = marks.length > 2 ? 2 : marks.length;
    marks.forEach((m, i) => {
      const row = Math.floor(i / perRow);
      const rows = Math.ceil(marks.length / perRow);
      const inRow = Math.min(perRow, marks.length - row * perRow);
      const col = i % perRow;
      const mx = x + (col - (inRow - 1) / 2) * ic;
      const my = cy + (row - (rows - 1) / 2) * ic;
      g.append(svg("circle", { cx: mx, cy: my, r: ic * 0.48, fill: "rgba(255,255,255,.75)" }), iconUse(m, mx, my, ic * 0.9));
    });
  }
  return g;
}

/** What a tree gives, in words. */
function treeWords(t) {
  if (t === "start") return "the starting tree";
  const what = t.per_kodama ? `${EL_WORDS[t.per_kodama][0]} for each Kodama symbol` : t.kodama ? "one Kodama symbol"
    : t.repeat ? "your two actions may be the same" : elsWords(t.elements);
  return `tree ${t.name}: ${what}`;
}

/** A spirit's standee (or Onibi) in the ring's SVG, feet at (x, y). */
function standee(x, y, colour, { onibi = false, ghost = false } = {}) {
  const g = svg("g", { class: `lf-standee${onibi ? " onibi" : ""}${ghost ? " ghost" : ""}`,
    transform: `translate(${x} ${y})` }, [
    svg("ellipse", { cx: 0, cy: 0, rx: 9, ry: 3, fill: "rgba(0,0,0,.3)" }),
    svg("path", { d: "M-8 0c0-9 3-14 8-14s8 5 8 14z", fill: colour, stroke: "#222", "stroke-width": 1.2 }),
    svg("circle", { cx: 0, cy: -18, r: 6, fill: colour, stroke: "#222", "stroke-width": 1.2 }),
  ]);
  if (onibi) {
    g.append(svg("path", { d: "M-5 -23c1-6 4-7 5-11 1 4 4 5 5 11z", fill: "#ff7a1a" }),
      svg("circle", { cx: -2.2, cy: -18.5, r: 1.4, fill: "#ffd23a" }), svg("circle", { cx: 2.2, cy: -18.5, r: 1.4, fill: "#ffd23a" }));
  } else {
    g.append(svg("path", { d: "M-6 -21c2-6 10-6 12 0-3-2-9-2-12 0z", fill: "#3f9a3a" }));
  }
  return g;
}

/** A flame token of a fire's value. */
function fireToken(value, x, y, r) {
  return [svg("circle", { cx: x, cy: y, r, class: "lf-fire-disc" }), iconUse("lf_fire", x, y - r * 0.15, r * 1.3),
    svg("text", { x, y: y + r * 0.55, "text-anchor": "middle", class: "lf-fire-value", "font-size": r * 0.85, text: String(value) })];
}

export function createBoard(root, ctx) {
  const main = h("div", { class: "lf" });
  root.append(main);
  let current = null;
  let plantTree = null; // the tree picked in the dispenser, waiting for a space of my forest

  const legal = (move) => ctx.isLegal(move);
  const selected = () => ctx.selected();
  // The seat drawn (state.my_seat) when it is the viewer's own (ctx.you): a replay seen by another seat draws that
  // seat, and its turn said "Your actions" to whoever watched it.
  const isMine = (seat) => current && current.my_seat !== null && current.my_seat !== undefined && seat === current.my_seat
    && ctx.you(seat) !== "";
  const tip = (el, fn) => { ctx.tooltip(el, fn); return el; };

  // ----- the Circle of Spirits ---------------------------------------------------------------

  /** Where my standee would land moving `steps` free rocks (others' rocks are jumped, not counted). */
  function landing(v, seat, steps) {
    let pos = v.seats[seat].rock;
    let moved = 0;
    while (moved < steps) {
      pos = (pos + 1) % 12;
      if (!v.seats.some((s) => s.seat !== seat && s.rock === pos)) moved += 1;
    }
    return pos;
  }

  function circleEl(v) {
    const c = v.circle;
    const W = 360;
    const mid = W / 2;
    const R = 134;
    const me = current.my_seat;
    const moves = {}; // rock -> steps, for my move targets
    if (isMine(v.turn)) {
      for (let i = 1; i <= 11; i++) if (legal(ctx.move("Move", { steps: i }))) moves[landing(v, me, i)] = i;
    }
    const sel = selected();
    const ghostRock = sel && sel.move !== undefined && isMine(v.turn) ? landing(v, me, sel.move) : null;
    const at = (i, r) => {
      const a = ((-90 + i * 30) * Math.PI) / 180;
      return [mid + r * Math.cos(a), mid + r * Math.sin(a)];
    };
    const kids = [svg("circle", { cx: mid, cy: mid, r: R + 30, class: "lf-ring-ground" }),
      svg("circle", { cx: mid, cy: mid, r: R, class: "lf-ring-path" })];
    c.rocks.forEach((bonus, i) => {
      const [x, y] = at(i, R);
      const [ix, iy] = at(i, R - 9); // the bonus on the inner side, the standee on the outer one
      const [nx, ny] = at(i, R - 40);
      const steps = moves[i];
      const rock = svg("g", { class: `lf-rock${steps ? " lit" : ""}${ghostRock === i ? " chosen" : ""}`, "data-rock": i,
        "data-move": steps || null }, [
        svg("path", { d: `M${x - 22} ${y + 4}c-2-12 8-22 22-21 13 1 23 8 21 19-1 11-11 17-23 16-11-1-19-5-20-14z`, class: "lf-rock-stone" }),
        iconUse(ACTION_ICON[bonus], ix, iy, 20),
        svg("text", { x: nx, y: ny + 4, "text-anchor": "middle", class: "lf-rock-no", text: String(i + 1) }),
      ]);
      const words = `Rock ${i + 1}: its bonus is one more action, ${ACTION_WORDS[bonus]}`;
      if (steps) {
        pressable(rock, `Move ${steps} rock${steps > 1 ? "s" : ""} to rock ${i + 1} (bonus: ${ACTION_WORDS[bonus]})`,
          () => ctx.select(ctx.move("Move", { steps }), `Move ${steps} rock${steps > 1 ? "s" : ""} to rock ${i + 1}`));
      }
      tip(rock, () => {
        const here = v.seats.filter((s) => s.rock === i).map((s) => ctx.seatName(s.seat));
        return words + (here.length ? `; here: ${here.join(", ")}` : "") + (c.onibi === i ? "; Onibi is here" : "") +
          (steps ? `; ${steps} free rock${steps > 1 ? "s" : ""} away` : "");
      });
      kids.push(rock);
    });
    // Standees stand on the outer side of their rock; Onibi beside it.
    for (const s of v.seats) {
      const [x, y] = at(s.rock, R + 12);
      const g = standee(x, y + 8, ctx.seatColour(s.seat), { ghost: ghostRock !== null && isMine(s.seat) });
      g.setAttribute("data-spirit", s.seat);
      kids.push(g);
    }
    if (ghostRock !== null) {
      const [x, y] = at(ghostRock, R + 12);
      kids.push(standee(x, y + 8, ctx.seatColour(me), { ghost: true }));
    }
    if (c.onibi !== null && c.onibi !== undefined) {
      const [x, y] = at(c.onibi + 0.42, R + 12);
      const g = standee(x, y + 8, "#4a2a5c", { onibi: true });
      g.setAttribute("data-onibi", c.onibi);
      kids.push(g);
    }
    // The fires in the centre, in a ring of up to seven.
    const strength = c.fires.reduce((a, b) => a + b, 0);
    const fr = 17;
    const fires = c.fires.map((value, i) => {
      const n = c.fires.length;
      const a = ((-90 + (i * 360) / n) * Math.PI) / 180;
      const d = n === 1 ? 0 : n <= 3 ? 24 : 42;
      const x = mid + d * Math.cos(a);
      const y = mid - 8 + d * Math.sin(a);
      const move = ctx.move("Extinguish", { value });
      const lit = legal(move);
      const g = svg("g", { class: `lf-fire${lit ? " lit" : ""}${same(sel, move) ? " chosen" : ""}`, "data-fire": value },
        fireToken(value, x, y, fr));
      if (lit) pressable(g, `Put out a fire of ${value}`, () => ctx.select(move, `Put out a fire of ${value}`));
      tip(g, () => `A fire of ${value}: putting it out costs ${value} water`);
      return g;
    });
    kids.push(...fires);
    kids.push(svg("text", { x: mid, y: mid + 62, "text-anchor": "middle", class: "lf-strength",
      text: c.fires.length ? `Strength ${strength}` : "No fire" }));
    kids.push(svg("text", { x: mid, y: mid + 77, "text-anchor": "middle", class: "lf-strength-sub",
      text: `${c.fires.length} of 7 fires` }));
    const ring = svgBox(W, W, "lf-ring", kids);
    ring.removeAttribute("aria-hidden");
    ring.setAttribute("role", "group");
    ring.setAttribute("aria-label", `Circle of Spirits: ${c.fires.length} fires of strength ${strength}` +
      v.seats.map((s) => `; ${ctx.seatName(s.seat)} on rock ${s.rock + 1}`).join("") +
      (c.onibi !== null && c.onibi !== undefined ? `; Onibi on rock ${c.onibi + 1}` : ""));
    const stocks = h("div", { class: "lf-stocks" }, [
      chip(ctx, { pictures: icon("lf_fragment", { size: 16 }), count: v.stocks.fragments, cls: "lf-chip",
        label: `${nWords(v.stocks.fragments, "Fragment")} in the stock`, tip: `${nWords(v.stocks.fragments, "Fragment tile")} in the stock` }),
      chip(ctx, { pictures: h("span", { class: "lf-varan-mini" }), count: v.stocks.varans, cls: "lf-chip varan",
        label: `${v.stocks.varans} Fire Varans in their stack`,
        tip: `${nWords(v.stocks.varans, "Fire Varan card")} left: a spirit whose water is below the fire's strength takes one per fire` }),
    ]);
    return h("section", { class: "lf-circle", "aria-label": "Circle of Spirits" }, [ring, stocks]);
  }

  // ----- the reserve, the Kodama market, the dispenser ---------------------------------------

  function reserveEl(v) {
    const sel = selected();
    const rows = v.reserve.map((r) => h("div", { class: "lf-reserve-row", "data-level": r.level }, [
      tip(pileEl(r.stack, `Level ${r.level} stack: ${r.stack} cards`, { kind: `back lv${r.level}` }),
        () => `Level ${r.level}: ${r.stack} cards face down; the row is refilled from here`),
      ...r.row.map((c) => {
        const move = ctx.move("Attract", { card: c.id });
        const lit = legal(move);
        const chosen = same(sel, move);
        const el = cardFace(c, { extra: `${lit ? " lit" : ""}${chosen ? " chosen" : ""}`,
          onClick: lit ? () => ctx.select(move, `Attract the ${c.name} (${c.cost} suns)`) : null,
          label: lit ? `Attract: ${cardWords(c)}` : null });
        return tip(el, () => cardWords(c) + (lit ? " \u00B7 click to attract it onto your draw stack" : ""));
      }),
    ]));
    const parts = [h("h3", { text: "Reserve of Guardian Animals" }), ...rows];
    if (v.kodama) {
      parts.push(h("h3", { text: "Kodama market" }), h("div", { class: "lf-reserve-row market" }, [
        tip(pileEl(v.market_stack, `Kodama deck: ${v.market_stack} cards`, { kind: "back lv5" }),
          () => `${v.market_stack} Kodama cards face down`),
        ...v.market.map((c) => {
          const move = ctx.move("Buy", { card: c.id });
          const lit = legal(move);
          const el = cardFace(c, { extra: `${lit ? " lit" : ""}${same(sel, move) ? " chosen" : ""}`,
            onClick: lit ? () => ctx.select(move, `Buy the ${c.name} (${c.cost} flowers)`) : null,
            label: lit ? `Buy: ${cardWords(c)}` : null });
          return tip(el, () => cardWords(c) + " \u00B7 bought with flowers, one a turn; Onibi then moves on");
        }),
      ]));
    }
    return h("section", { class: "lf-reserve", "aria-label": "Reserve of Guardian Animals" }, parts);
  }

  function dispenserEl(v) {
    const a = v.action;
    const mayPlant = a && isMine(a.seat) && a.reach.plant && a.reach.plant.may;
    const trees = v.dispenser.map((t) => {
      const lit = mayPlant && t.left > 0 && a.reach.plant.reach.includes(t.id);
      const picture = svgBox(60, 64, "lf-tree-svg", [
        svg("ellipse", { cx: 30, cy: 58, rx: 20, ry: 4, fill: "rgba(60,90,40,.25)" }), treeShape(t, 30, 58, 54)]);
      const kids = [picture, h("span", { class: "lf-cost leaves" }, [String(t.cost)]),
        h("span", { class: "lf-left", text: `\u00D7${t.left}` })];
      const words = `${treeWords(t)}; costs ${els(t.cost, "leaf")}; ${t.left} left`;
      const el = h(lit ? "button" : "div", {
        class: `lf-tree-piece${lit ? " lit" : ""}${plantTree === t.id ? " chosen" : ""}${t.left ? "" : " gone"}`,
        "data-tree": t.name, "aria-label": lit ? `Plant: ${words}` : words, role: lit ? null : "img",
        type: lit ? "button" : null, "aria-pressed": lit ? String(plantTree === t.id) : null,
        onClick: lit ? () => { plantTree = plantTree === t.id ? null : t.id; draw(); } : null,
      }, kids);
      return tip(el, () => words + (lit ? " \u00B7 click it, then a lit space of your forest" : ""));
    });
    return h("section", { class: "lf-dispenser", "aria-label": "Protective Trees" },
      [h("h3", { text: "Protective Trees" }), h("div", { class: "lf-trees" }, trees)]);
  }

  // ----- a spirit: piles, Help Line, forest -----------------------------------------------------

  function forestEl(v, s) {
    const S = 56;
    const top = 6;
    const left = 6;
    const W = left + 5 * S + 44;
    const H = top + 3 * S + 34;
    const sel = selected();
    const mine = isMine(s.seat) && v.action && isMine(v.action.seat);
    const ghost = mine && sel && sel.plant !== undefined ? sel : null;
    const kids = [svg("rect", { x: 1, y: 1, width: 5 * S + 2 * left - 2, height: 3 * S + 2 * top - 2, rx: 10, class: "lf-forest-ground" })];
    s.forest.forEach((t, p) => {
      const cx = left + (p % 5) * S;
      const cy = top + Math.floor(p / 5) * S;
      const corner = v.corners[String(p)];
      const move = mine && plantTree !== null ? ctx.move("Plant", { tree: plantTree, space: p }) : null;
      const lit = move && legal(move);
      const g = svg("g", { class: `lf-space${lit ? " lit" : ""}${corner ? " corner" : ""}`, "data-space": spaceName(p) },
        [svg("rect", { x: cx + 2, y: cy + 2, width: S - 4, height: S - 4, rx: 7, class: "lf-space-bg" })]);
      if (corner && t === null) {
        const extra = (v.corner_extras || {})[String(p)] || {};
        g.append(iconUse(ACTION_ICON[corner], cx + S / 2, cy + S / 2 - 5, 20));
        const note = extra.element ? `+${extra.amount}` : extra.fragments ? `\u00D7${extra.fragments}` : "";
        const nx = cx + S / 2 - (extra.element ? 7 : 0);
        if (note) g.append(svg("text", { x: nx, y: cy + S - 8, "text-anchor": "middle", class: "lf-corner-note", text: note }));
        if (extra.element) g.append(iconUse(EL_ICON[extra.element], nx + 15, cy + S - 12, 13));
      }
      if (t !== null) {
        const tree = t === "start" ? "start" : v.dispenser.find((d) => d.id === t) || { name: "?", elements: {} };
        g.append(treeShape(tree, cx + S / 2, cy + S - 5, S - 8));
      } else if (ghost && ghost.space === p) {
        const tree = v.dispenser.find((d) => d.id === ghost.plant);
        if (tree) g.append(treeShape(tree, cx + S / 2, cy + S - 5, S - 8, { ghost: true }));
        g.classList.add("chosen");
      }
      const words = () => {
        const what = t === "start" ? "the starting tree" : t !== null ? treeWords(v.dispenser.find((d) => d.id === t) || { name: "?" })
          : "empty";
        const extra = (v.corner_extras || {})[String(p)] || {};
        const bonus = corner ? `; corner: planting here gives one more action, ${ACTION_WORDS[corner]}` +
          (extra.element ? ` with ${els(extra.amount, extra.element)} more` : "") +
          (extra.fragments ? `, ${extra.fragments} Fragments` : "") : "";
        const planned = ghost && ghost.space === p ? v.dispenser.find((d) => d.id === ghost.plant) : null;
        return `${spaceWords(p)[0].toUpperCase()}${spaceWords(p).slice(1)}: ${planned ? `planned here, ${treeWords(planned)} (Confirm plants it)` : what}${bonus}`;
      };
      if (lit) {
        pressable(g, `Plant here: ${spaceWords(p)}`, () => {
          const tree = v.dispenser.find((d) => d.id === plantTree);
          plantTree = null;
          ctx.select(move, `Plant the ${tree ? tree.name : ""} tree in ${spaceWords(p)}`);
        });
      }
      tip(g, words);
      kids.push(g);
    });
    // The line bonuses: columns under the forest, the middle row on its right; lit once complete.
    for (const l of s.lines) {
      const col = l.label.startsWith("column") ? Number(l.label.split(" ")[1]) - 1 : null;
      const x = col !== null ? left + col * S + S / 2 : left + 5 * S + 22;
      const y = col !== null ? top + 3 * S + 18 : top + S + S / 2;
      const g = svg("g", { class: `lf-line${l.done ? " done" : ""}`, "data-line": l.label }, [
        svg("rect", { x: x - 20, y: y - 13, width: 40, height: 26, rx: 13, class: "lf-line-plate" }),
        svg("text", { x: x - 8, y: y + 5, "text-anchor": "middle", class: "lf-line-amount", text: `+${l.amount}` }),
        iconUse(EL_ICON[l.element], x + 9, y, 16),
      ]);
      tip(g, () => `${l.label}: ${l.done ? "complete" : "fill it"} for ${els(l.amount, l.element)} in every turn`);
      kids.push(g);
    }
    const f = svgBox(W, H, "lf-forest", kids);
    f.removeAttribute("aria-hidden");
    f.setAttribute("role", "group");
    f.setAttribute("aria-label", `${ctx.seatName(s.seat)}'s forest: ${s.goals.trees} toward the tree goal`);
    return f;
  }

  /** Three slots for the solitary symbols not cancelled: the Help Line closes on the third. */
  function solitaryEl(s) {
    const n = Math.max(0, s.solitary);
    const slots = [0, 1, 2].map((i) => h("span", { class: `lf-slot${i < n ? " on" : ""}` }, [i < n ? symbolMark("solitary", 16) : null]));
    return tip(h("span", { class: "lf-solitary", "data-solitary": n, role: "img", tabindex: 0,
      "aria-label": `${n} solitary symbol${n === 1 ? "" : "s"} of 3 not cancelled` }, slots),
    () => `${n} solitary symbol${n === 1 ? "" : "s"} not cancelled by a gregarious one: the third closes the Help Line ` +
      "(then one action instead of two)");
  }

  function helpLineEl(v, s) {
    const me = isMine(s.seat);
    const drawing = v.phase === "draw" && me;
    const sel = selected();
    const canDraw = drawing && legal(ctx.move("Draw"));
    // The draw stack: my click draws; a card attracted onto it shows on top (it is known to all).
    const known = s.known_top[0];
    const pending = me && sel && (sel.attract !== undefined || sel.buy !== undefined)
      ? [...v.reserve.flatMap((r) => r.row), ...v.market].find((c) => c.id === (sel.attract ?? sel.buy)) : null;
    const topCard = pending ? cardFace(pending, { extra: " ghost", size: 54 }) : known ? cardFace(known, { size: 54 }) : null;
    const drawPile = tip(pileEl(s.draw_count, canDraw ? `Draw a card from your draw stack (${s.draw_count} left)`
      : `Draw stack: ${s.draw_count} cards`, { extra: `${canDraw ? " lit" : ""} draw`, top: topCard,
      onClick: canDraw ? () => ctx.play(ctx.move("Draw")) : null }),
    () => `Draw stack: ${s.draw_count} cards, order unknown` + (s.known_top.length ?
      `; on top: ${s.known_top.map((c) => c.name).join(", ")}` : "") + (canDraw ? " \u00B7 click to draw" : ""));
    if (canDraw) {
      drawPile.setAttribute("data-draw", "1");
      drawPile.append(h("span", { class: "lf-pile-cta", "aria-hidden": "true", text: "Draw" }));  // the deck you tap
    }
    const discard = tip(pileEl(s.discard.length, `Discard: ${s.discard.length} cards`, { kind: "discard" }),
      () => `Discard: ${s.discard.length} cards (shuffled into a new draw stack when it runs out)`);
    const cards = s.help.map((c, i) => {
      const el = cardFace(c, { extra: i === s.help.length - 1 && s.just_drawn ? " fresh" : "" });
      return tip(el, () => cardWords(c));
    });
    const row = h("div", { class: "lf-help-cards" }, cards.length ? cards : [h("span", { class: "lf-empty", text: "No card yet" })]);
    const controls = [];
    if (drawing && legal(ctx.move("Discard"))) {
      const label = "Spend a Fragment on the card just drawn";
      controls.push(token(ctx, { pictures: [icon("lf_fragment", { size: 22 })], name: "Spend", label, lit: true,
        chosen: same(sel, ctx.move("Discard")), cls: "lf-token", data: { discard: "1" }, onClick: () => ctx.select(ctx.move("Discard"), label),
        tip: "Spend a Fragment: the card just drawn goes to your discard (a Fire Varan back to its stack)" }));
    }
    if (drawing && legal(ctx.move("Stop"))) {
      // Stopping is a game control, a token beside the deck: a raised hand, "no more cards".
      const label = "Stop drawing: close my Help Line";
      controls.push(token(ctx, { pictures: [icon("lf_stop", { size: 24 })], name: "Stop", label, lit: true, control: true,
        chosen: same(sel, ctx.move("Stop")), cls: "lf-token", data: { stop: "1" }, onClick: () => ctx.select(ctx.move("Stop"), label),
        tip: "Stop drawing: your Help Line closes, and you act with what it shows" }));
    }
    if (drawing) {
      (v.kodama_tiles || []).forEach(({ element: e, amount: n }, i) => {
        if (!legal(ctx.move("Tile", { choice: i }))) return;
        const label = `Element tile: ${els(n, e)}`;
        controls.push(token(ctx, { pictures: [icon(EL_ICON[e], { size: 22 })], name: `+${n}`, label, lit: true,
          chosen: same(sel, ctx.move("Tile", { choice: i })), cls: "lf-token", data: { tile: e }, onClick: () => ctx.select(ctx.move("Tile", { choice: i }), label),
          tip: `A Kodama element tile: ${els(n, e)} this turn` }));
      });
    }
    const acting = drawing && (canDraw || controls.length) ? "draw" : null;
    return h("div", { class: "lf-help", "data-acting": acting }, [
      h("div", { class: "lf-piles" }, [drawPile, discard]),
      h("div", { class: "lf-help-main" }, [
        h("div", { class: "lf-help-head" }, [h("span", { text: "Help Line" }), solitaryEl(s),
          s.stopped && v.phase === "draw" ? h("span", { class: "lf-note", text: "closed" }) : null]),
        row,
        controls.length ? h("div", { class: "lf-help-controls" }, controls) : null,
      ]),
    ]);
  }

  function holdingsEl(v, s) {
    const g = s.goals;
    const holding = (ic, n, words, extra = "") => chip(ctx, { pictures: typeof ic === "string" ? icon(ic, { size: 16 }) : ic,
      count: n, label: words, cls: `lf-chip${extra}` });
    const chips = [
      holding("lf_plant", `${g.trees}/${v.target}`, `${g.trees} of ${v.target} for the tree goal: kinds planted, the starting tree and tree Victory tiles`, " goal"),
      holding("lf_flower", `${g.flowers}/${v.target}`, `${nWords(g.flowers, "Sacred Flower")} of ${v.target}`, " goal"),
      holding("lf_fire", `${g.fires}/${v.target}`, `${nWords(g.fires, "fire")} put out of ${v.target}`, " goal"),
      holding("lf_fragment", s.fragments, nWords(s.fragments, "Fragment tile")),
    ];
    if (v.kodama) chips.push(holding(kodamaHead(16), s.kodama, `${nWords(s.kodama, "Kodama symbol")} in the Help Line and forest`));
    if (s.tile) chips.push(holding(EL_ICON[s.tile.element], `+${s.tile.amount}`, `Element tile: ${els(s.tile.amount, s.tile.element)}`));
    const tiles = Object.entries(s.tiles).map(([k, n]) => chip(ctx, { pictures: icon(TILE_ICON[k], { size: 15 }),
      count: n > 1 ? n : "", shape: "hex", cls: `lf-victory${n ? "" : " none"}`, label: `${n} ${k} Victory tile${n === 1 ? "" : "s"}`,
      tip: `${n} Victory tile${n === 1 ? "" : "s"} (${k}): a spirit who jumps over this one takes one` }));
    const totals = h("div", { class: "lf-totals", role: "img",
      "aria-label": `Elements this turn: ${elsWords(s.totals)}` }, ELEMENTS.map((e) =>
      h("span", { class: `lf-el${s.totals[e] ? "" : " zero"}` }, [String(s.totals[e] ?? 0), icon(EL_ICON[e], { size: 15 })])));
    tip(totals, () => `Elements of the Help Line and the forest: ${elsWords(s.totals)}`);
    return h("div", { class: "lf-holdings" }, [...chips, h("span", { class: "lf-victories" }, tiles), totals]);
  }

  // ----- the spirit to act: its actions as tokens --------------------------------------------

  function actionsEl(v) {
    const a = v.action;
    if (!a) return null;
    const mine = isMine(a.seat);
    const sel = selected();
    const tokens = Object.values(a.reach).map((r) => {
      const take = r.action === "fragment" && mine && legal(ctx.move("TakeFragment"));
      const state = a.active === r.action ? "active" : a.bonus === r.action ? "bonus" : r.may ? "may" : "off";
      const more = [r.element ? h("span", { class: "lf-token-have" }, [`${r.available}`, icon(EL_ICON[r.element], { size: 13 })]) : null,
        r.used ? h("span", { class: "lf-token-used", text: r.used > 1 ? `done \u00D7${r.used}` : "done" }) : null];
      const words = `${r.label}` + (r.element ? `: ${els(r.available, r.element)} to spend of ${r.total}` : "") +
        (a.bonus === r.action ? " (bonus action)" : a.active === r.action ? " (in progress)" : r.may ? "" : " (not now)") +
        (r.used ? `; taken ${r.used === 1 ? "once" : `${r.used} times`}` : "");
      const hint = { attract: "click a lit card of the reserve", extinguish: "click a lit fire at the centre of the Circle",
        move: "click a lit rock of the Circle", plant: "click a lit tree, then a lit space of your forest",
        fragment: "click this token" }[r.action];
      return token(ctx, { pictures: [icon(ACTION_ICON[r.action], { size: 24 })], name: ACTION_SHORT[r.action], more,
        label: take ? "Take a Fragment" : words, lit: take, off: state === "off",
        chosen: take && same(sel, ctx.move("TakeFragment")), cls: `lf-token action${state === "off" || take ? "" : ` ${state}`}`,
        data: take ? { action: r.action, fragment: "1" } : { action: r.action },
        onClick: take ? () => ctx.select(ctx.move("TakeFragment"), "Take a Fragment") : null,
        tip: () => words + (mine && r.may ? ` \u00B7 ${hint}` : "") });
    });
    const extra = [];
    if (mine && a.steal_from !== null) {
      const from = v.seats[a.steal_from];
      Object.entries(from.tiles).forEach(([k, n], i) => {
        if (!legal(ctx.move("Steal", { kind: i }))) return;
        extra.push(token(ctx, { pictures: [icon(TILE_ICON[k], { size: 22 })], name: `${n} ${k}`, lit: true,
          chosen: same(sel, ctx.move("Steal", { kind: i })), cls: "lf-token lf-steal", data: { steal: k },
          label: `Take a ${k} Victory tile from ${ctx.seatName(from.seat)}`,
          onClick: () => ctx.select(ctx.move("Steal", { kind: i }), `Take a ${k} Victory tile`),
          tip: `${ctx.seatName(from.seat)} has ${n} ${k} Victory tile${n === 1 ? "" : "s"}` }));
      });
    }
    if (mine && legal(ctx.move("Done"))) {
      const label = a.steal_from !== null ? "Skip" : a.active ? "Stop this action" : a.bonus ? "Skip the bonus" : "End my turn";
      const short = a.steal_from !== null ? "Skip" : a.active ? "Stop" : a.bonus ? "Skip" : "End turn";
      // A token among the action tokens: the turn passing on to the next spirit.
      extra.push(token(ctx, { pictures: [icon("lf_pass", { size: 24 })], name: short, label, lit: true, control: true,
        chosen: same(sel, ctx.move("Done")), cls: "lf-token", data: { done: "1" }, onClick: () => ctx.select(ctx.move("Done"), label),
        tip: label }));
    }
    const head = mine ? (a.steal_from !== null ? `You jumped over ${ctx.seatName(a.steal_from)}: take one of their Victory tiles`
      : a.bonus ? `Bonus action: ${ACTION_WORDS[a.bonus]}` + (a.bonus_extra ? ` (+${els(a.bonus_extra.amount, a.bonus_extra.element)})` : "")
        : a.active ? `${ACTION_SHORT[a.active]}: take more, or stop` : `Your actions: ${a.actions_left} left`)
      : `${ctx.seatName(a.seat)} acts: ${a.actions_left} action${a.actions_left === 1 ? "" : "s"} left`;
    return h("div", { class: "lf-actions", "data-acting": mine ? "actions" : null }, [
      h("div", { class: "lf-actions-head", text: head }),
      h("div", { class: "lf-tokens" }, [...tokens, ...extra]),
    ]);
  }

  function seatEl(v, s, { big }) {
    const toMove = v.phase === "draw" ? !s.stopped : v.turn === s.seat;
    const name = ctx.seatName(s.seat) + ctx.you(s.seat);
    const sec = h("section", { class: `lf-seat${big ? " big" : ""}${toMove ? " to-move" : ""}`, "data-seat": s.seat,
      "aria-label": ctx.you(s.seat) ? "Your spirit" : `${ctx.seatName(s.seat)}'s spirit` }, [
      h("h3", {}, [h("span", { class: "dot" }), name,
        s.seat === v.first ? tip(h("span", { class: "lf-sacred", role: "img", tabindex: 0, "aria-label": "holds the Sacred Tree" },
          [icon("lf_plant", { size: 15 }), "Sacred Tree"]), () => "The Sacred Tree: this spirit acts first this round") : null,
        toMove && v.phase !== "over" ? h("span", { class: "lf-note", text: v.phase === "draw" ? "drawing" : "acting" }) : null]),
      holdingsEl(v, s),
      v.action && v.action.seat === s.seat ? actionsEl(v) : null,
      h("div", { class: "lf-seat-body" }, [helpLineEl(v, s), forestEl(v, s)]),
    ]);
    sec.style.setProperty("--seat", ctx.seatColour(s.seat));
    return sec;
  }

  function draw() {
    if (!current) return;
    const v = current.view;
    const me = current.my_seat;
    const seated = me !== null && me !== undefined && v.seats[me];
    const others = v.seats.filter((s) => !seated || s.seat !== me);
    const phase = v.phase === "draw" ? "Guardian Animals: everyone draws" : v.phase === "action" ? "Actions, in turn" : "Game over";
    const bar = h("div", { class: "lf-bar" }, [h("b", { text: `Round ${v.round}` }), h("span", { text: phase }),
      h("span", { text: `First to ${v.target} trees, flowers or fires${v.kodama ? " (Kodama)" : ""}` })]);
    main.replaceChildren(...[
      bar,
      seated ? seatEl(v, v.seats[me], { big: true }) : null,
      h("div", { class: "lf-middle" }, [circleEl(v), reserveEl(v)]),
      dispenserEl(v),
      h("div", { class: "lf-others" }, others.map((s) => seatEl(v, s, { big: !seated }))),
    ].filter(Boolean));
  }

  return boardOf(root, (state) => {
    current = state;
    if (!state.legal || !state.legal.length) plantTree = null;
    draw();
  });
}

// ----- Figures for the rules page (js/rules.js): Guardian Animal cards drawn by cardFace and fires by fireToken,
// from fixed examples (cards as the view sends them), inside the board's own class (.lf) so its CSS applies.
const FIGURE_CARDS = {
  hippopotamus: { name: "Hippopotamus", level: 1, cost: 2, elements: { sun: 1, water: 4, leaf: 1 }, symbol: "solitary" },
  sloth: { name: "Sloth", level: 2, cost: 10, elements: { sun: 1, water: -3, leaf: 2 }, symbol: "gregarious" },
  varan: { name: "Fire Varan", level: 4, cost: 0, elements: {}, symbol: "solitary" },
};
const figureRow = (kids) => h("div", { class: "lf" }, [h("div", { style: "display: flex; flex-wrap: wrap; gap: 12px; justify-content: center; padding: 2px" }, kids)]);

export const figures = {
  animal_cards: () => figureRow([cardFace(FIGURE_CARDS.hippopotamus, { size: 96 }), cardFace(FIGURE_CARDS.sloth, { size: 96 })]),
  fire_varan: () => figureRow([cardFace(FIGURE_CARDS.varan, { size: 96 })]),
  fires: () => {
    const r = 22;
    const drawn = [2, 3, 4].map((value, i) => svg("g", { class: "lf-fire", "data-fire": value }, fireToken(value, r + 4 + i * (2 * r + 10), r + 4, r)));
    const box = svgBox(3 * (2 * r + 10) - 2, 2 * r + 8, "lf-fires", drawn);
    box.style.cssText = "width: 156px; max-width: 100%; height: auto; display: block";
    return figureRow([box]);
  },
};

// Toy Battle's board: the board's graph drawn from the view (bases, links,
// regions with their medals, the two HQs), the stacks on the bases with the top
// troop's strength, my rack (the opponent's as backs only), the reserves,
// discards and medals, and the effect being offered.
//
// Moves: pick a troop on the rack, then a lit node (a selected move: the panel
// previews it, Confirm sends it). Effects that ask for a choice light their
// nodes (Jumbo, Castle Field, Volcanic Jungle: source then destination) or show
// buttons (Revive, Pass). Drawing, XB-42 and Battlefield show or pick hidden
// troops, so their buttons play at once, unless moves of the turn are pending:
// then the table keeps the move selected until Confirm (it would store them too).

import { h, svg, clear } from "../js/dom.js";
import { boardOf } from "../js/board.js";
import { pressable } from "../js/tokens.js";
import { icon, iconUse } from "../js/icons.js";
import { seatColour } from "../js/seats.js";
import { bringIntoView } from "../js/acting.js";

const NAMES = { 1: "Skully", 2: "Cap'N", 3: "Jumbo", 4: "Hook", 5: "XB-42", 6: "Star", 7: "Roxy", 8: "Kwak" };
const EFFECTS = {
  1: "may draw 2 troops (1 with 7 on the rack)",
  2: "may place 1 more troop, which applies its own effect",
  3: "may discard 1 enemy troop on top of a node next to it",
  4: "may be placed on any base, connected or not",
  5: "may discard 1 troop at random from the opponent's rack",
  6: "may draw 1 troop",
  7: "no effect",
  8: "joker: covers any enemy troop, and any enemy troop covers it",
};
const POWERS = {
  11: ["\u21ba", "Put one of your other troops back on your rack"],
  21: ["1-2", "Only strengths 1-2 (and Kwak)"],
  23: ["3-5", "Only strengths 3-5 (and Kwak)"],
  24: ["4+", "Only strengths 4-7 (and Kwak)"],
  26: ["6+", "Only strengths 6-7 (and Kwak)"],
  31: ["+1", "Draw 1 troop"],
  41: ["\u21c4", "Move an enemy troop next to this base onto a base next to it"],
  51: ["\u2191", "Take one of your troops back from your discard"],
  71: ["\u2205", "Troop effects do not apply here"],
  81: ["\u2193", "Lay down a troop of the opponent's rack for their next turn"],
};
const STAGE_PROMPTS = {
  0: "Draw, or pick a troop on your rack and then a lit node.",
  1: "Skully: draw troops, or pass.",
  2: "Cap'N: pick one more troop and a lit node, or pass.",
  3: "Jumbo: click a lit enemy troop to discard it, or pass.",
  5: "XB-42: discard a random troop of the opponent's rack, or pass.",
  6: "Star: draw a troop, or pass.",
  11: "Castle Field: click one of your lit troops to take it back, or pass.",
  31: "City of Clouds: draw a troop, or pass.",
  41: "Volcanic Jungle: click a lit enemy troop, then where it goes; or pass.",
  51: "Cemetery: take a troop back from your discard, or pass.",
  81: "Battlefield: lay down a troop of the opponent's rack, or pass.",
};

const STYLE = `
.tb-board { display: grid; gap: 10px; }
.tb-head { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
.tb-head .tb-title { font-weight: 600; }
.tb-head .tb-end { font-weight: 700; }
.tb-actions { display: flex; flex-wrap: wrap; gap: 6px; min-height: 34px; align-items: center; }
.tb-actions button.selected { outline: 3px solid #e0a800; }
.tb-main { display: grid; grid-template-columns: minmax(0, 1fr) 260px; gap: 12px; align-items: start; }
.tb-play { display: grid; gap: 10px; min-width: 0; } /* the action buttons over the field */
.tb-field { width: 100%; aspect-ratio: 1 / 1.05; background: #f7f1df; border-radius: 12px; }
/* The whole board above the fixed status bar on a desktop: the page head, this board's head and the bar
   take about 270 px, so the lit targets and both HQs are in view without scrolling. */
@media (min-width: 761px) { .tb-field { max-height: max(340px, calc(100vh - 270px)); } }
.tb-field .base-no { font-family: system-ui, sans-serif; font-size: 2.3px; font-weight: 700; fill: #3b3424;
  text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.tb-field .base-tag { fill: #fffaf0; stroke: #6d6148; stroke-width: 0.25; }
.tb-field .region-name { font-family: system-ui, sans-serif; font-size: 2px; fill: #5a4a1a; font-weight: 600;
  paint-order: stroke; stroke: #f7f1df; stroke-width: 0.7px; stroke-linejoin: round;
  text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.tb-field .region-name.taken { fill: #2b2620; }
.tb-field .link { stroke: #9c8f6c; stroke-width: 0.7; }
.tb-field .region { stroke: none; }
.tb-field .medal circle { fill: #e8b923; stroke: #8a6d00; stroke-width: 0.3; }
.tb-field .medal text, .tb-field .node text { font-family: system-ui, sans-serif; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.tb-field .medal text { font-size: 2.4px; font-weight: 700; fill: #4a3800; }
.tb-field .node .spot { fill: #fffaf0; stroke: #6d6148; stroke-width: 0.45; }
.tb-field .node.special .spot { fill: #efe2ff; }
.tb-field .node .power { font-size: 2.2px; fill: #5b3c8c; font-weight: 700; }
.tb-field .node .top { stroke: #fff; stroke-width: 0.45; }
.tb-field .node .strength { font-size: 2.3px; font-weight: 800; fill: #fff; paint-order: stroke; stroke: #222; stroke-width: 0.5px; }
.tb-field .node .depth { font-size: 2.3px; font-weight: 700; fill: #222; text-anchor: start;
  paint-order: stroke; stroke: #f7f1df; stroke-width: 0.6px; stroke-linejoin: round; } /* a halo over the links */
.tb-field .node .hq-label { font-size: 2.4px; font-weight: 700; fill: #fff; }
.tb-field .node .ring { fill: none; stroke: none; }
.tb-field .node.lit .ring { fill: none; stroke: #e0a800; stroke-width: 0.9; stroke-dasharray: 1.4 0.9; }
.tb-field .node.lit { cursor: pointer; }
.tb-field .node.selected .ring { stroke: #1d7a1d; stroke-dasharray: none; stroke-width: 1.1; }
.tb-field .node:focus { outline: none; }
.tb-field .node:focus .ring { stroke: #1d4f91; }
.tb-side { display: grid; gap: 10px; }
.tb-side section { background: #fbf8ef; border: 1px solid #e3dcc6; border-radius: 8px; padding: 8px; }
.tb-side h3 { margin: 0 0 6px; font-size: 0.95rem; }
.tb-rack { display: flex; flex-wrap: wrap; gap: 6px; }
.tb-troop { width: 42px; height: 42px; border-radius: 50%; border: 2px solid #fff; color: #fff; font-weight: 800;
  font-size: 1.1rem; box-shadow: 0 1px 3px rgba(0,0,0,.35); cursor: default; padding: 0;
  display: inline-flex; align-items: center; justify-content: center; }
.tb-troop { position: relative; }
.tb-troop .tb-str { position: absolute; right: -3px; bottom: -3px; min-width: 16px; height: 16px; border-radius: 8px;
  background: #222; color: #fff; font-size: .7rem; line-height: 16px; text-align: center; }
.tb-troop.can-place { cursor: pointer; outline: 2px dashed #e0a800; outline-offset: 2px; }
.tb-troop.picked { outline: 3px solid #1d7a1d; outline-offset: 2px; }
.tb-troop.laid { opacity: 0.45; }
.tb-troop.back { background: repeating-linear-gradient(45deg, #777, #777 4px, #999 4px, #999 8px); }
.tb-facts { margin: 0; font-size: 0.9rem; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; }
.tb-facts dt { font-weight: 600; }
.tb-facts dd { margin: 0; }
@media (max-width: 760px) {
  .tb-main { grid-template-columns: minmax(0, 1fr); }
  .tb-troop { width: 38px; height: 38px; }
}
`;

const TROOP_ICON = { 1: "tb_skully", 2: "tb_capn", 3: "tb_jumbo", 4: "tb_hook", 5: "tb_xb42", 6: "tb_star", 7: "tb_roxy",
  8: "tb_kwak" };
/** A troop on a rack: its picture, and its strength in a corner (Kwak, the joker, has none). */
const troopFace = (kind) => [icon(TROOP_ICON[kind], { size: 26 }),
  kind === 8 ? null : h("span", { class: "tb-str", text: String(kind) })];
const troopWords = (seatName, seat, kind) => `${seatName(seat)}'s ${NAMES[kind]} (${kind === 8 ? "joker" : `strength ${kind}`})`;

function key(move) {
  return JSON.stringify(move);
}

/** Centre of a node on the field: the view's coordinates are the piece's top-left corner. */
function centre(node) {
  return [node.x + 5.5, node.y + 5.5];
}

const medalsText = (n) => `${n} medal${n === 1 ? "" : "s"}`;

/** What a region's name must keep clear of: each node (its ring, and its number's tag at the top left) and each
 * region's medals (claimed or not, so that no name moves as another region is taken). */
function labelObstacles(nodes, regions) {
  return [...nodes.flatMap((n) => {
    const [x, y] = centre(n);
    return [{ circle: [x, y, 5.3] }, { box: [x - 5.6, y - 5.4, x - 4 + 1.4 * String(n.id).length, y - 2.6] }];
  }), ...regions.map((r) => ({ circle: [r.x + 1.5, r.y + 1.5, 2.1] }))];
}

/** How far the box [x1, y1, x2, y2] reaches into an obstacle of labelObstacles (0: clear of it), in map units. */
function depthInto([x1, y1, x2, y2], { circle, box }) {
  if (box) return Math.max(0, Math.min(Math.min(x2, box[2]) - Math.max(x1, box[0]), Math.min(y2, box[3]) - Math.max(y1, box[1])));
  const [cx, cy, r] = circle;
  return Math.max(0, r - Math.hypot(Math.max(x1, Math.min(cx, x2)) - cx, Math.max(y1, Math.min(cy, y2)) - cy));
}

/** Where a region's name goes: under its medals (in their place once claimed), else above, right or left of them:
 * the first place clear of `obstacles` and inside the field, or the one reaching least into them. On City of Clouds,
 * the Cemetery and three other boards a name under its medals lay under a node ("region 10" hidden by node 19). */
function namePlace(text, mx, my, claimed, obstacles) {
  const w = text.length * 1.17 + 0.7; // the name's width as drawn (2-unit letters) with its halo; its height is 2.5
  const gap = claimed ? 1 : 3;
  const places = claimed ? [[mx, my], [mx, my + 3], [mx, my - 3], [mx + gap + w / 2, my], [mx - gap - w / 2, my]]
    : [[mx, my + 3.6], [mx, my - 3.6], [mx + gap + w / 2, my], [mx - gap - w / 2, my]];
  const depth = ([x, y]) => obstacles.reduce((sum, o) => sum + depthInto([x - w / 2, y - 1.25, x + w / 2, y + 1.25], o), 0)
    + (x - w / 2 < 0 || x + w / 2 > 100 ? 10 : 0);
  return places.find((p) => depth(p) === 0) || places.reduce((a, b) => (depth(b) < depth(a) ? b : a));
}

/** Region `i` of the field: its polygon through its bases' centres `pts`, tinted by whoever claimed it, and its
 * labels (its medals while unclaimed; its number as the log says it, "surrounds region 8", under them or where
 * `obstacles` leave room: namePlace). */
function regionParts(r, i, pts, colourOf, obstacles = []) {
  const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
  const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
  pts.sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  const fill = r.claimed >= 0 ? colourOf(r.claimed) : "#d8cfa8";
  const poly = svg("polygon", { class: "region", points: pts.map((p) => p.join(",")).join(" "), fill,
    "fill-opacity": r.claimed >= 0 ? 0.28 : 0.22, "data-region": i + 1 });
  const [mx, my] = [r.x + 1.5, r.y + 1.5];
  const labels = [];
  if (r.claimed < 0) {
    labels.push(svg("g", { class: "medal", "data-medals": i + 1 }, [
      svg("circle", { cx: mx, cy: my, r: 2.1 }), svg("text", { x: mx, y: my, text: String(r.medals) }),
    ]));
  }
  const name = `region ${i + 1}`;
  const others = obstacles.filter((o) => !(o.circle && o.circle[0] === mx && o.circle[1] === my)); // (not its medals)
  const [nx, ny] = namePlace(name, mx, my, r.claimed >= 0, others);
  labels.push(svg("text", { class: `region-name${r.claimed >= 0 ? " taken" : ""}`, x: nx, y: ny, "data-region-name": i + 1,
    text: name }));
  return { poly, labels };
}

/** A node of the field as the board draws it (its ring, spot or HQ, power, number tag, and the stack's top troop
 * with its strength and depth), `colourOf(seat)` giving the seats' colours; `lit` and `selected` mark it.
 * `ghost` ([seat, kind]): the troop chosen to place here, drawn dashed on top of the stack until Confirm, with its
 * own strength and the stack's new depth (over the old top it showed the old top's strength). */
function nodePiece(n, colourOf, { lit = false, selected = false, ghost = null } = {}) {
  const [x, y] = centre(n);
  const power = n.power ? POWERS[n.power] : null;
  const realTop = n.stack.length ? n.stack[n.stack.length - 1] : null;
  const stack = ghost ? [...n.stack, ghost] : n.stack;
  const stackTop = stack.length ? stack[stack.length - 1] : null;
  const cls = `node${n.hq >= 0 ? " hq" : ""}${power ? " special" : ""}${lit ? " lit" : ""}${selected ? " selected" : ""}`;
  const g = svg("g", { class: cls, "data-node": n.id,
    "data-top": realTop ? `${realTop[0]}:${realTop[1]}` : "", "data-depth": n.stack.length });
  g.append(svg("circle", { class: "ring", cx: x, cy: y, r: 5.3 }));
  if (n.hq >= 0) {
    g.append(svg("rect", { class: "spot", x: x - 4.3, y: y - 4.3, width: 8.6, height: 8.6, rx: 1.6,
      fill: colourOf(n.hq), style: `fill: ${colourOf(n.hq)}` }));
    if (!stackTop) g.append(iconUse("tb_hq", x, y, 6.4));
  } else {
    g.append(svg("circle", { class: "spot", cx: x, cy: y, r: 4.2 }));
  }
  if (power) g.append(svg("text", { class: "power", x, y: y + (stackTop || n.hq >= 0 ? 5.9 : 0), text: power[0] }));
  // The node's number as the log says it ("places Jumbo on 12"), on a tag at its top left.
  const digits = String(n.id).length;
  g.append(svg("rect", { class: "base-tag", x: x - 5.6, y: y - 5.4, width: 1.6 + 1.4 * digits, height: 2.8, rx: 1.2 }),
    svg("text", { class: "base-no", x: x - 5.6 + (1.6 + 1.4 * digits) / 2, y: y - 4, "data-base-no": n.id, text: String(n.id) }));
  if (stackTop) {
    const top = ghost ? svg("g", { class: "ghost", "data-ghost": ghost[1], opacity: 0.75 }) : g;
    top.append(svg("circle", { class: "top", cx: x, cy: y, r: 3.5, fill: colourOf(stackTop[0]),
      "stroke-dasharray": ghost ? "0.8 0.5" : null }));
    top.append(iconUse(TROOP_ICON[stackTop[1]], x, y, 5));
    if (stackTop[1] !== 8) top.append(svg("text", { class: "strength", x: x + 3, y: y + 2.9, text: String(stackTop[1]) }));
    if (ghost) g.append(top);
    // The height at the top right, outside the ring (on it, a lit or selected ring ran through the label).
    if (stack.length > 1) g.append(svg("text", { class: "depth", x: x + 5.3, y: y - 5.5, text: `\u00d7${stack.length}` }));
  }
  return g;
}


/** Scores as a player counts them: medals. The sheet's Victory row (100 points, so that the winner's
 * total is the highest for the bots and the ranking) is said as the win it is, never added in. */
export const SCORE_WORDS = {
  value(sheet) {  // the medals: the total less the Victory row
    const victory = sheet.rows.find((r) => r.key === "victory");
    return sheet.total - (victory ? victory.points : 0);
  },
  total(sheet) {
    return medalsText(SCORE_WORDS.value(sheet));
  },
  row(row) {
    if (row.key === "victory") return row.detail === "on the enemy HQ" ? "won on the enemy HQ" : "won";
    return medalsText(row.points);
  },
};

const VICTORY_POINTS = 100;  // the Victory row of a won game (rules.py VICTORY); medals never reach it

/** A stored result's score in medals (the hall stores the game's score: the winner's counts 100 more). */
export function resultScoreText(score) {
  return medalsText(score >= VICTORY_POINTS ? score - VICTORY_POINTS : score);
}

export function createBoard(root, ctx) {
  let last = null;
  let version = 0;
  let picked = null;   // a troop kind picked on my rack, to place
  let pushFrom = null; // Volcanic Jungle: the enemy troop chosen to move

  const style = h("style", { text: STYLE });
  const board = h("div", { class: "tb-board", "data-version": "0" });
  const head = h("div", { class: "tb-head" });
  const actions = h("div", { class: "tb-actions", role: "group", "aria-label": "Actions" });
  const field = svg("svg", { class: "tb-field", viewBox: "0 -1 100 104", role: "group", "aria-label": "The board" });
  const side = h("div", { class: "tb-side" });
  // The buttons and the field together (tb-play): what an effect asks is answered on either (Pass, or a lit node).
  const play = h("div", { class: "tb-play" }, [actions, field]);
  board.append(head, h("div", { class: "tb-main" }, [play, side]));
  root.append(style, board);

  function legalMoves() {
    return last ? (last.legal || []).map((l) => l.json) : [];
  }

  function draw(state) {
    const v = state.view;
    const me = state.my_seat;
    const legal = legalMoves();
    const legalKeys = new Set(legal.map(key));
    const isLegal = (m) => legalKeys.has(key(m));
    const places = legal.filter((m) => "place" in m).map((m) => m.place);
    if (picked !== null && !places.some(([k]) => k === picked)) picked = null;
    const pushes = legal.filter((m) => "push" in m).map((m) => m.push);
    if (pushFrom !== null && !pushes.some(([a]) => a === pushFrom)) pushFrom = null;
    const sel = ctx.selected();
    const mine = legal.length > 0;
    board.dataset.version = String(++version);
    board.dataset.stage = String(v.stage);
    board.dataset.mine = mine ? "1" : "0";

    // ----- head and actions -------------------------------------------------
    clear(head);
    head.append(
      h("span", { class: "tb-title", text: `${v.board_name}${v.beginners ? " (beginners)" : ""}` }),
      h("span", { text: `${v.target} medals win` }),
      h("span", { "data-testid": "tb-prompt", class: v.winner >= 0 ? "tb-end" : "", text: promptText(state, mine) }),
    );
    clear(actions);
    const button = (move, text, now, attrs = {}) => h("button", {
      type: "button", ...attrs, class: sel && key(sel) === key(move) ? "selected" : "",
      onClick: () => (now ? ctx.play(move) : ctx.select(move, text)),
    }, [text]);
    if (isLegal(ctx.move("Draw"))) {
      const n = v.stage === 0 || v.stage === 1 ? 2 : 1;
      actions.append(button(ctx.move("Draw"), n === 2 ? "Draw troops" : "Draw a troop", true, { "data-action": "draw" }));
    }
    if (isLegal(ctx.move("Steal"))) actions.append(button(ctx.move("Steal"), "Discard a random enemy troop", true, { "data-action": "steal" }));
    if (isLegal(ctx.move("Pin"))) actions.append(button(ctx.move("Pin"), "Lay down an enemy troop", true, { "data-action": "pin" }));
    for (const m of legal.filter((x) => "revive" in x)) {
      actions.append(button(m, `Take back ${NAMES[m.revive]}`, false, { "data-action": "revive", "data-kind": m.revive }));
    }
    if (isLegal(ctx.move("Pass"))) actions.append(button(ctx.move("Pass"), "Pass", false, { "data-action": "pass" }));

    drawField(v, state, { isLegal, places, pushes, sel });
    drawSide(v, me, places);
    // What I act on (acting.js): the lit nodes once a troop is picked, else my rack, else the action buttons with
    // the field under them (Jumbo's or Castle Field's lit nodes are answered there: on a phone the buttons alone
    // in view left the field's last row, my HQ, under the status bar).
    delete play.dataset.acting;
    delete field.dataset.acting;
    if (mine) {
      const rack = side.querySelector(`[data-seat-info='${me}']`);
      const [where, what] = picked !== null ? [field, "field"] : places.length && rack ? [rack, "rack"] : [play, "actions"];
      where.dataset.acting = what;
    }
  }

  /** The lit nodes in view above the status bar once a troop is picked on my rack (the table brings the acting area
   * into view only as a state is drawn; a pick is drawn by the board alone, and on a phone the rack lies under the
   * field: a tall rack or bar left the field's top row above the window). */
  function litInView() {
    const lit = [...field.querySelectorAll(".node.lit")].map((n) => n.getBoundingClientRect());
    if (!lit.length) return;
    const top = Math.min(...lit.map((r) => r.top));
    const bottom = Math.max(...lit.map((r) => r.bottom));
    bringIntoView({ getBoundingClientRect: () => ({ top, bottom, height: bottom - top }) }, document.querySelector(".status-bar"));
  }

  function promptText(state, mine) {
    const v = state.view;
    if (v.winner >= 0) return endWords(v);
    if (!mine) return `${ctx.seatName(v.turn)} to play${v.stage ? ` (${v.stage_name})` : ""}.`;
    if (v.stage === 41 && pushFrom !== null) return `Volcanic Jungle: where does the troop on ${pushFrom} go?`;
    return STAGE_PROMPTS[v.stage] || "Your move.";
  }

  /** How the game ended, in words: an HQ win is a win whatever the medals say. */
  function endWords(v) {
    const w = v.winner;
    const medals = (s) => v.seats[s].medals;
    const tally = medals(w) + medals(1 - w) === 0 ? "no medals taken"
      : `${medals(w)} medal${medals(w) === 1 ? "" : "s"} to ${medals(1 - w)}`;
    if (v.reason === "hq") return `${ctx.seatName(w)} reached the enemy HQ and wins, whatever the medals (${tally}).`;
    if (v.reason === "medals") return `${ctx.seatName(w)} took ${medals(w)} medals of ${v.target} and wins (${tally}).`;
    return `Play could not go on: ${ctx.seatName(w)} wins on medals (${tally}).`;
  }

  function drawField(v, state, { isLegal, places, pushes, sel }) {
    clear(field);
    const byId = new Map(v.nodes.map((n) => [n.id, n]));
    const top = (n) => (n.stack.length ? n.stack[n.stack.length - 1] : null);
    const owner = (id) => { const t = top(byId.get(id)); return t ? t[0] : -1; };

    // Regions: the polygon of their bases, tinted by whoever claimed them, with the medals. The medals and
    // names go on above the links (drawn later), which crossed out words such as "region 6" on a phone.
    const regions = svg("g", { class: "regions" });
    const labels = svg("g", { class: "region-labels" });
    const obstacles = labelObstacles(v.nodes, v.regions);
    v.regions.forEach((r, i) => {
      const held = r.bases.map(owner);
      const { poly, labels: words } = regionParts(r, i, r.bases.map((b) => centre(byId.get(b))), ctx.seatColour, obstacles);
      ctx.tooltip(poly, () => `Region ${i + 1}: ${r.medals} medal${r.medals > 1 ? "s" : ""}, surrounded by bases ${r.bases.join(", ")}`
        + (r.claimed >= 0 ? `; taken by ${ctx.seatName(r.claimed)}.` : `; held now: ${[0, 1].map((s) => `${ctx.seatName(s)} ${held.filter((o) => o === s).length}`).join(", ")}.`));
      regions.append(poly);
      labels.append(...words);
    });
    field.append(regions);

    const links = svg("g", { class: "links" });
    for (const n of v.nodes) {
      for (const m of n.links) {
        if (m < n.id) continue;
        const [x1, y1] = centre(n);
        const [x2, y2] = centre(byId.get(m));
        links.append(svg("line", { class: "link", x1, y1, x2, y2 }));
      }
    }
    field.append(links, labels);

    const nodes = svg("g", { class: "nodes" });
    for (const n of v.nodes) nodes.append(nodeShape(n, v, { isLegal, places, pushes, sel }));
    field.append(nodes);
  }

  /** What clicking this node would do now, or null. */
  function nodeMove(id, { isLegal, places, pushes }) {
    if (picked !== null && places.some(([k, m]) => k === picked && m === id)) {
      return { move: ctx.move("Place", { kind: picked, node: id }), text: `Place ${NAMES[picked]} on ${id}` };
    }
    if (isLegal(ctx.move("Hit", { node: id }))) return { move: ctx.move("Hit", { node: id }), text: `Jumbo discards the troop on ${id}` };
    if (isLegal(ctx.move("Recall", { node: id }))) return { move: ctx.move("Recall", { node: id }), text: `Take back your troop on ${id}` };
    if (pushFrom !== null && pushes.some(([a, b]) => a === pushFrom && b === id)) {
      return { move: ctx.move("Push", { src: pushFrom, dst: id }), text: `Push the troop on ${pushFrom} to ${id}` };
    }
    if (pushes.some(([a]) => a === id)) return { pick: id, text: `Move the enemy troop on ${id}` };
    return null;
  }

  function nodeShape(n, v, opts) {
    const power = n.power ? POWERS[n.power] : null;
    const stackTop = n.stack.length ? n.stack[n.stack.length - 1] : null;
    const action = nodeMove(n.id, opts);
    const selected = opts.sel && ((opts.sel.place && opts.sel.place[1] === n.id) || opts.sel.hit === n.id
      || opts.sel.recall === n.id || (opts.sel.push && opts.sel.push[1] === n.id)) || pushFrom === n.id;
    // The troop I chose to place, drawn faded on its node until Confirm.
    const kind = opts.sel && opts.sel.place && opts.sel.place[1] === n.id ? opts.sel.place[0] : null;
    const me = last ? last.my_seat : null;
    const ghost = kind !== null && me !== null && me !== undefined ? [me, kind] : null;
    const g = nodePiece(n, ctx.seatColour, { lit: !!action, selected, ghost });
    ctx.tooltip(g, () => {
      const lines = [`${n.hq >= 0 ? `${ctx.seatName(n.hq)}'s HQ (${n.id})` : `Base ${n.id}`}`];
      if (power) lines.push(power[1]);
      if (n.stack.length) {
        lines.push(`Top: ${troopWords(ctx.seatName, stackTop[0], stackTop[1])}`);
        if (n.stack.length > 1) {
          lines.push(`Below: ${n.stack.slice(0, -1).reverse().map(([s, k]) => troopWords(ctx.seatName, s, k)).join(", ")}`);
        }
      } else {
        lines.push("Empty");
      }
      return lines.join("\n");
    });
    if (action) {
      pressable(g, action.text, () => {
        if (action.pick !== undefined) {
          pushFrom = pushFrom === action.pick ? null : action.pick;
          draw(last);
        } else {
          ctx.select(action.move, action.text);
        }
      });
    }
    return g;
  }

  // "your" for the viewer's own seat, else the seat's name ("random bot's"): a replay seen by another seat draws that
  // seat's rack (state.my_seat), which is not the viewer's.
  const yours = (seat) => (ctx.you(seat) !== "" ? "your" : `${ctx.seatName(seat)}'s`);
  const cap = (words) => words[0].toUpperCase() + words.slice(1);

  function drawSide(v, me, places) {
    clear(side);
    const placeable = new Set(places.map(([k]) => k));
    const seats = me === null || me === undefined ? [0, 1] : [me, 1 - me];
    for (const s of seats) {
      const info = v.seats[s];
      const rack = h("div", { class: "tb-rack", "data-rack": s, "data-count": info.rack_count });
      if (info.rack) {
        let shownPick = false; // several troops of one kind: the first of them wears the mark
        for (const kind of info.rack) {
          const can = placeable.has(kind);
          const isPick = picked === kind && !shownPick && s === me;
          shownPick = shownPick || isPick;
          const b = h("button", { type: "button", class: `tb-troop${can ? " can-place" : ""}${isPick ? " picked" : ""}`,
            "data-kind": kind, style: `background: ${ctx.seatColour(s)}`, disabled: !can,
            "aria-label": `${NAMES[kind]}${can ? ": pick to place" : ""}`,
            onClick: () => { picked = picked === kind ? null : kind; pushFrom = null; draw(last); litInView(); } }, troopFace(kind));
          ctx.tooltip(b, () => `${NAMES[kind]} (${kind === 8 ? "joker" : `strength ${kind}`}): ${EFFECTS[kind]}.`);
          rack.append(b);
        }
        for (const kind of info.blocked || []) {
          const b = h("button", { type: "button", class: "tb-troop laid", disabled: true, "data-kind": kind,
            style: `background: ${ctx.seatColour(s)}`, "aria-label": `${NAMES[kind]}, laid down this turn` }, troopFace(kind));
          ctx.tooltip(b, () => `${NAMES[kind]} is laid down until the end of ${yours(s)} turn.`);
          rack.append(b);
        }
      } else {
        // Troops everyone saw go back to this rack are shown face up; the rest are backs.
        for (const kind of info.known || []) {
          const b = h("span", { class: "tb-troop known", "data-kind": kind, style: `background: ${ctx.seatColour(s)}`,
            role: "img", "aria-label": `${NAMES[kind]}, known to be on the rack` }, troopFace(kind));
          ctx.tooltip(b, () => `${NAMES[kind]}: everyone saw it go back to this rack.`);
          rack.append(b);
        }
        for (let i = (info.known || []).length; i < info.rack_count; i++) {
          const laid = i >= info.rack_count - info.blocked_count;
          rack.append(h("span", { class: `tb-troop back${laid ? " laid" : ""}`, role: "img", "aria-label": laid ? "A troop laid down" : "A hidden troop" }));
        }
      }
      const discard = info.discard.length ? info.discard.map((k) => NAMES[k]).join(", ") : "none";
      side.append(h("section", { "data-seat-info": s }, [
        h("h3", { text: `${cap(yours(s))} rack` }),
        rack,
        h("dl", { class: "tb-facts" }, [
          h("dt", {}, [icon("tb_medal", { size: 14 }), " Medals"]), h("dd", { "data-medals-of": s, text: `${info.medals} of ${v.target}` }),
          h("dt", { text: "Reserve" }), h("dd", { text: `${info.reserve} troops` }),
          h("dt", { text: "Set aside" }), h("dd", { text: `${info.aside} unseen` }),
          h("dt", { text: "Discard" }), h("dd", { text: discard }),
        ]),
      ]));
    }
  }

  return boardOf(root, (state) => {
    last = state; // draw() drops a picked troop or push source that no longer fits
    draw(state);
  }, { scoreWords: SCORE_WORDS });
}

// ----- Figures for the rules page (js/rules.js): troops as the rack shows them (troopFace) and a corner of a field
// drawn by nodePiece from a fixed example, in the board's own classes so its CSS (STYLE) applies.
const FIGURE_FIELD = "width: 250px; max-width: 100%; height: auto; aspect-ratio: auto; max-height: none";

export const figures = {
  troops: () => {
    h("style", { text: STYLE });
    return h("div", { class: "tb-rack", style: "justify-content: center; zoom: 1.3" }, [[0, 1], [0, 3], [0, 7], [1, 8]].map(([seat, kind]) =>
      h("span", { class: "tb-troop", "data-kind": kind, style: `background: ${seatColour(seat)}` }, troopFace(kind))));
  },
  bases: () => figureField([
    { id: 1, x: 0, y: 8, hq: 0, power: 0, stack: [], links: [4, 5] },
    { id: 4, x: 16, y: 0, hq: -1, power: 0, stack: [[1, 1], [0, 7]], links: [1, 5] },
    { id: 5, x: 16, y: 16, hq: -1, power: 11, stack: [], links: [1, 4] },
  ], [], "-1.5 -1.5 35 31"),
  region: () => figureField([
    { id: 6, x: 0, y: 0, hq: -1, power: 0, stack: [[0, 5]], links: [7, 8] },
    { id: 7, x: 20, y: 0, hq: -1, power: 0, stack: [[0, 2]], links: [6, 9] },
    { id: 8, x: 0, y: 18, hq: -1, power: 0, stack: [], links: [6, 9] },
    { id: 9, x: 20, y: 18, hq: -1, power: 0, stack: [[1, 3], [0, 6]], links: [7, 8] },
  // 37 wide: base 9's stack badge "×2" reaches x = 34.3 (it was cut to "×" at 34).
  ], [{ bases: [6, 7, 9, 8], medals: 2, claimed: -1, x: 14, y: 11 }], "-1.5 -1.5 37 32"),
};

/** A corner of a field as the board draws it: the regions (their number: 3), the paths, the nodes. */
function figureField(nodes, regions, viewBox) {
  h("style", { text: STYLE });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const links = nodes.flatMap((n) => n.links.filter((m) => m > n.id).map((m) => {
    const [[x1, y1], [x2, y2]] = [centre(n), centre(byId.get(m))];
    return svg("line", { class: "link", x1, y1, x2, y2 });
  }));
  const parts = regions.map((r) => regionParts(r, 2, r.bases.map((b) => centre(byId.get(b))), seatColour,
    labelObstacles(nodes, regions)));
  return svg("svg", { class: "tb-field", viewBox, "aria-hidden": "true", style: FIGURE_FIELD }, [
    svg("g", { class: "regions" }, parts.map((p) => p.poly)), svg("g", { class: "links" }, links),
    svg("g", { class: "region-labels" }, parts.flatMap((p) => p.labels)),
    svg("g", { class: "nodes" }, nodes.map((n) => nodePiece(n, seatColour)))]);
}

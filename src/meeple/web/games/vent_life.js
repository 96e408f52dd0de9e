// Vent Life's board: the vent field drawn in hexes with their levels, the species
// bar (with the draft before the first turn), my hidden tile, and the view tools
// (drag to pan, wheel or pinch to zoom, turn the field, show it whole, "Level
// colours"). Everything is drawn from the engine's view; nothing hidden is guessed.
//
// A turn, click by click: a lit position (an outline on the seafloor or a ringed
// smoker) sends the tile's place as a pending move; the tile then shows outlined in gold,
// turned the first way it fits; click it again or Rotate to turn it, Confirm.
// Covered creatures: click the creature, then a lit hex, Confirm. Creatures:
// choose a species, click lit hexes (a seafloor smoker twice for two worms); the
// end of the turn (which draws a tile) is selected for Confirm.

import { h, svg, clear } from "../js/dom.js";
import { pressable } from "../js/tokens.js";
import { icon, iconUse, pictured } from "../js/icons.js";
import { seatColour } from "../js/seats.js";

const SIZE = 30;                       // hex radius in field units
const TOKEN_PX = 32;                    // a creature token's width on screen, at least (when its hex holds it)
const TOKEN_MAX = 1.35;                 // the most a token grows: 2 x 12 x 1.35 units, clear of the level's number
const SQ3 = Math.sqrt(3);
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const DIR_NAMES = ["east", "north-east", "north-west", "west", "south-west", "south-east"];
const TERRAIN = {
  "black smoker": { name: "Black Smoker", short: "Smoker", fill: "#3d3a40", ink: "#fff" },
  "basalt ridge": { name: "Basalt Ridge", short: "Basalt", fill: "#8a6f5a", ink: "#fff" },
  "diffuse vents": { name: "Diffuse Vents", short: "Diffuse", fill: "#e9b44c", ink: "#222" },
  "microbial mat": { name: "Microbial Mat", short: "Mat", fill: "#7fbf8e", ink: "#222" },
};
const CODE = { B: "basalt ridge", D: "diffuse vents", M: "microbial mat" };
const LEVEL_TINT = ["#cfe3f5", "#9cc5ea", "#6aa3dc", "#3f7fc4", "#235ea3", "#163f73"];
const SPECIES = {
  worms: { name: "Giant Tube Worms", one: "tube worm", letter: "W" },
  snails: { name: "Volcano Snails", one: "volcano snail", letter: "V" },
  shrimp: { name: "Blind Vent Shrimp", one: "vent shrimp", letter: "S" },
  fish: { name: "Eelpout Fish", one: "eelpout fish", letter: "F" },
  crabs: { name: "Yeti Crabs", one: "yeti crab", letter: "C" },
  octopus: { name: "Deep-Sea Octopus", one: "octopus", letter: "O" },
  sponges: { name: "Vent Sponges", one: "vent sponge", letter: "G" },
};
const PREF = "meeple.vent_life.levelColours";

const STYLE = `
.vl-board { display: grid; gap: .6rem; }
.vl-bar { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.vl-bar .vl-label { font-weight: 600; margin-right: .3rem; }
/* The checkbox beside its words (an input is 36 px tall, which left the box above the line of "Level colours"). */
.vl-bar > label { display: inline-flex; align-items: center; gap: .3rem; }
.vl-species button { border: 2px solid #999; border-radius: 6px; background: #fff; padding: .25rem .55rem; font: inherit; }
.vl-species button.can-choose { border-color: #1d6fd6; cursor: pointer; }
.vl-species button.chosen { border-color: #d4a017; background: #fff4cc; }
.vl-species button[disabled] { opacity: .55; }
.vl-field-box { position: relative; height: 540px; border-radius: 10px; overflow: hidden;
  background: radial-gradient(circle at 50% 40%, #1f4f75, #0c2438); touch-action: none; user-select: none; }
.vl-field { width: 100%; height: 100%; display: block; cursor: grab; }
.vl-field.panning { cursor: grabbing; }
.vl-hex polygon { stroke: #0c2438; stroke-width: 1.5; }
.vl-hex .lvl { font-size: 12px; font-weight: 700; pointer-events: none; }
.vl-hex.tile-edge polygon { stroke-width: 1.5; }
.vl-creature circle { stroke: #111; stroke-width: 1.5; }
.vl-creature text { font-size: 11px; font-weight: 700; fill: #111; stroke: #fff; stroke-width: 3px; paint-order: stroke; pointer-events: none; }
.vl-creature .vl-face { stroke: none; }
.vl-species button { display: inline-flex; align-items: center; gap: .3rem; }
.vl-creature.covered circle { stroke-dasharray: 3 2; stroke: #fff; stroke-width: 2.5; }
.vl-creature.can-move circle, .vl-creature.picked circle { stroke: #ffd43b; stroke-width: 4; cursor: pointer; }
.vl-creature .vl-count circle { fill: #111; stroke: #fff; stroke-width: 1.5; stroke-dasharray: none; }
.vl-creature .vl-count text { font-size: 8.5px; fill: #fff; stroke: none; }
.vl-spot polygon { fill: rgba(120, 190, 255, .18); stroke: #66b3ff; stroke-width: 2.5; stroke-dasharray: 6 4; cursor: pointer; }
.vl-spot:hover polygon, .vl-spot:focus polygon { fill: rgba(120, 190, 255, .45); }
.vl-ring { fill: none; stroke: #66b3ff; stroke-width: 4; cursor: pointer; pointer-events: all; }
.vl-ring-hit { fill: transparent; cursor: pointer; }
.vl-lit polygon { stroke: #66b3ff; stroke-width: 4; cursor: pointer; }
.vl-dest polygon { stroke: #ffd43b; stroke-width: 4; cursor: pointer; }
/* My tile before Confirm: each hex in the colour it will have (its terrain, or its level with Level colours),
   outlined in gold (filled gold, the terrains were only words, 7 px high on a 360 px phone). */
.vl-gold polygon { stroke: #f2c94c; stroke-width: 4; cursor: pointer; }
/* A dark edge inside the gold: gold alone hardly showed against a Diffuse Vents (yellow) hex, or a mat's green. */
.vl-gold polygon.vl-edge { fill: none; stroke: #0c2438; stroke-width: 2; pointer-events: none; }
.vl-gold text { font-size: 11px; font-weight: 700; pointer-events: none; }
.vl-tools { position: absolute; right: 8px; top: 8px; display: flex; flex-direction: column; gap: 4px; }
.vl-tools button { min-width: 2.2rem; padding: .2rem .4rem; border-radius: 6px; border: 1px solid #555; background: #fff; font: inherit; }
.vl-hand { display: flex; align-items: center; gap: .5rem; }
.vl-hand svg { width: 90px; height: 80px; }
.vl-note { font-size: .85rem; color: #444; }
/* A phone: my tile just under the field, over the Rotate bar, so that the tile to place is in view with the
   field (above the field it scrolled out of view when the Rotate bar came into view at my turn). */
@media (max-width: 760px) {
  .vl-field-box { order: 1; }
  .vl-hand { order: 2; }
  .vl-options { order: 3; }
}
`;

function pixel(q, r) {
  return [SIZE * SQ3 * (q + r / 2), SIZE * 1.5 * r];
}

const COMPASS = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"];

/** A hex in words for labels and prompts ("2 hexes north-east of the centre"), never its coordinates. */
function where(k) {
  const [q, r] = k.split(",").map(Number);
  const d = Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
  if (!d) return "the centre hex";
  const [x, y] = pixel(q, r);
  const turn = Math.round(Math.atan2(y, x) / (Math.PI / 4));
  return `${d === 1 ? "the hex" : `${d} hexes`} ${COMPASS[(turn + 8) % 8]} of the centre`;
}

function corners(cx, cy, s = SIZE) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    out.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(" ");
}

const key = (q, r) => `${q},${r}`;

/** The three hexes of a tile whose smoker is on (q, r), turned t (the engine's rule). */
function tileCells(q, r, t) {
  const a = DIRS[t];
  const b = DIRS[(t + 1) % 6];
  return [[q, r], [q + a[0], r + a[1]], [q + b[0], r + b[1]]];
}

function tileWords(code) {
  return code ? `Black Smoker, ${TERRAIN[CODE[code[0]]].name}, ${TERRAIN[CODE[code[1]]].name}` : "";
}

/** A creature's token centred on (x, y + 8): the seat's colour as a ring, the species as its picture
 * (icons.js), a "2" badge for a pair of worms; upright when the field is turned `angle`, grown `scale`. */
function creatureShape(c, x, y, extra, { colour, angle = 0, scale = 1 }) {
  return svg("g", { class: `vl-creature${extra ? ` ${extra}` : ""}`, "data-species": c.species, "data-seat": c.seat,
    "data-x": x.toFixed(1), "data-y": (y + 8).toFixed(1),
    transform: `translate(${x.toFixed(1)},${(y + 8).toFixed(1)}) rotate(${-angle}) scale(${scale.toFixed(3)})` }, [
    svg("circle", { r: 12, fill: colour }),
    svg("circle", { r: 8.5, fill: "#fff", class: "vl-face" }),
    iconUse(c.species, 0, 0, 15),
    // A dark disc, so the pair's "2" never reads as a hex's level (a bare number); within the ring's reach, so
    // however the field is turned it stays clear of the level's number, as the ring does.
    c.count > 1 ? svg("g", { class: "vl-count", transform: "translate(5.5,5.5)" }, [svg("circle", { r: 5.5 }),
      svg("text", { y: 3, "text-anchor": "middle", text: String(c.count) })]) : null,
  ]);
}

/** A hex of the field at (x, y): its terrain's colour (or `fill`) and, above the seafloor, its level. */
function hexParts(f, x, y, { fill = TERRAIN[f.terrain].fill, angle = 0, levelColours = false } = {}) {
  return [
    svg("polygon", { points: corners(x, y), fill }),
    f.level > 1 || levelColours ? svg("text", { class: "lvl", x: 0, y: 0, "text-anchor": "middle",
      fill: levelColours ? "#fff" : TERRAIN[f.terrain].ink,
      transform: `translate(${x.toFixed(1)},${(y - 12).toFixed(1)}) rotate(${-angle})`, text: String(f.level) }) : null,
  ];
}

/** A tile in hand: its Black Smoker on top, its two other hexes below. */
function tilePicture(code, label) {
  const pic = svg("svg", { viewBox: "-60 -55 120 100", role: "img", "aria-label": label });
  const cells = tileCells(0, 0, 0);
  const fills = [TERRAIN["black smoker"].fill, TERRAIN[CODE[code[0]]].fill, TERRAIN[CODE[code[1]]].fill];
  cells.forEach(([q, r], i) => {
    const [x, y] = pixel(q, r);
    pic.append(svg("polygon", { points: corners(x - 25, y + 15, SIZE - 6), fill: fills[i], stroke: "#0c2438", "stroke-width": 2 }));
  });
  return pic;
}

export function createBoard(root, ctx) {
  let last = null;
  let version = 0;
  let picked = null;            // "q,r" of my covered creature chosen to move
  const cam = { x: 0, y: 0, scale: 1, angle: 0, tilt: 0, auto: true };
  let levelColours = false;
  try {
    levelColours = localStorage.getItem(PREF) === "1";
  } catch { /* private mode: the preference just is not kept */ }

  const style = h("style", { text: STYLE });
  const board = h("div", { class: "vl-board", "data-version": "0" });
  const speciesBar = h("div", { class: "vl-bar vl-species", "aria-label": "Species" });
  const handBar = h("div", { class: "vl-bar vl-hand", "aria-label": "My tile" });
  const fieldSvg = svg("svg", { class: "vl-field", role: "group", "aria-label": "The vent field" });  // not "img": it holds controls
  const world = svg("g", { class: "vl-world" });
  fieldSvg.append(world);
  const levelBox = h("input", { type: "checkbox", id: "vl-level-colours", checked: levelColours,
    onChange: () => {
      levelColours = levelBox.checked;
      try { localStorage.setItem(PREF, levelColours ? "1" : "0"); } catch { /* ignore */ }
      if (last) draw(last);
    } });
  const rotateButton = h("button", { type: "button", text: "Rotate tile", disabled: true, onClick: () => rotateTile() });
  // Tilt: the field leans back, as a table seen from a chair (flat, leaning, steep, flat again).
  const TILTS = [0, 30, 50];
  const tiltButton = h("button", { type: "button", text: "\u25b1", "aria-label": "Tilt the field", "aria-pressed": "false",
    "data-tilt": "0", onClick: () => tiltField() });
  const tools = h("div", { class: "vl-tools" }, [
    h("button", { type: "button", text: "+", "aria-label": "Zoom in", onClick: () => zoom(1.25) }),
    h("button", { type: "button", text: "\u2212", "aria-label": "Zoom out", onClick: () => zoom(0.8) }),
    h("button", { type: "button", text: "\u27f2", "aria-label": "Turn the field left", onClick: () => turnField(-60) }),
    h("button", { type: "button", text: "\u27f3", "aria-label": "Turn the field right", onClick: () => turnField(60) }),
    tiltButton,
    h("button", { type: "button", text: "\u2922", "aria-label": "Show the whole field", onClick: () => { cam.auto = true; fit(); } }),
  ]);
  const fieldBox = h("div", { class: "vl-field-box" }, [fieldSvg, tools]);
  const options = h("div", { class: "vl-bar vl-options" }, [
    h("label", { for: "vl-level-colours" }, [levelBox, " Level colours"]),
    rotateButton,
    h("span", { class: "vl-note", text: "Drag to move the field, wheel or pinch to zoom; turn and tilt it with the buttons." }),
  ]);
  board.append(speciesBar, handBar, fieldBox, options);
  root.append(style, board);

  // ----- the camera: pan, zoom, turn, fit -------------------------------------

  // The field's size on screen, read once and kept until the observer sees the field's box change size
  // or the field tilts: read at every draw, it laid the page out again at every change (over a third of
  // a Vent Life page's work).
  let seen = null;
  function size() {
    if (seen) return seen;
    const r = fieldSvg.getBoundingClientRect();
    if (r.width && r.height) seen = [r.width, r.height];
    return [r.width || 800, r.height || 540];
  }

  function applyCamera() {
    const [w, hgt] = size();
    fieldSvg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
    world.setAttribute("transform",
      `translate(${w / 2},${hgt / 2}) scale(${cam.scale}) rotate(${cam.angle}) translate(${-cam.x},${-cam.y})`);
    sizeTokens();
  }

  // A creature stays readable when the whole field is shown small: its token grows to about 32 px
  // across on screen, up to what its hex holds (the level's number above it stays clear).
  function tokenScale() {
    return Math.max(1, Math.min(TOKEN_MAX, TOKEN_PX / (24 * cam.scale)));
  }
  function sizeTokens() {
    const k = tokenScale();
    for (const g of world.querySelectorAll(".vl-creature[data-x]")) {
      g.setAttribute("transform", `translate(${g.dataset.x},${g.dataset.y}) rotate(${-cam.angle}) scale(${k.toFixed(3)})`);
    }
  }

  function fit() {
    if (!last) return;
    const pts = last.view.field.map((f) => pixel(f.at[0], f.at[1]));
    if (!pts.length) pts.push([0, 0]);
    const a = (cam.angle * Math.PI) / 180;
    const rot = pts.map(([x, y]) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
    const xs = rot.map((p) => p[0]);
    const ys = rot.map((p) => p[1]);
    const [w, hgt] = size();
    // A tile laid at the edge reaches about 4.5 hex radii beyond the field (smoker on a
    // neighbouring spot, its lower hexes one further): keep that much room on every side.
    const spanX = Math.max(...xs) - Math.min(...xs) + 10 * SIZE;
    const spanY = Math.max(...ys) - Math.min(...ys) + 10 * SIZE;
    cam.scale = Math.min(2, Math.min(w / spanX, hgt / spanY));
    const mx = (Math.max(...xs) + Math.min(...xs)) / 2;
    const my = (Math.max(...ys) + Math.min(...ys)) / 2;
    // back from the turned frame to field coordinates
    cam.x = mx * Math.cos(-a) - my * Math.sin(-a);
    cam.y = mx * Math.sin(-a) + my * Math.cos(-a);
    applyCamera();
  }

  function zoom(factor) {
    cam.auto = false;
    cam.scale = Math.max(0.15, Math.min(4, cam.scale * factor));
    applyCamera();
  }

  function tiltField() {
    cam.tilt = TILTS[(TILTS.indexOf(cam.tilt) + 1) % TILTS.length];
    tiltButton.dataset.tilt = String(cam.tilt);
    tiltButton.setAttribute("aria-pressed", cam.tilt ? "true" : "false");
    // Through the CSSOM (the page's Content-Security-Policy refuses style attributes); clicks still
    // land on the hex under the finger, as the browser maps them through the transform.
    fieldSvg.style.transform = cam.tilt ? `perspective(900px) rotateX(${cam.tilt}deg)` : "";
    seen = null;  // a tilted field's box on screen is shorter
  }

  function turnField(deg) {
    cam.angle = (cam.angle + deg + 360) % 360;
    if (last) draw(last);
    if (cam.auto) fit();
  }

  function panBy(dx, dy) {
    cam.auto = false;
    const a = (-cam.angle * Math.PI) / 180;
    const sx = dx / cam.scale;
    const sy = dy / cam.scale;
    cam.x -= sx * Math.cos(a) - sy * Math.sin(a);
    cam.y -= sx * Math.sin(a) + sy * Math.cos(a);
    applyCamera();
  }

  const pointers = new Map();
  let dragged = false;
  let pinch = null;
  fieldSvg.addEventListener("pointerdown", (ev) => {
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    dragged = false;
    if (pointers.size === 2) {
      const [p, q] = [...pointers.values()];
      pinch = { d: Math.hypot(p[0] - q[0], p[1] - q[1]), scale: cam.scale };
    }
  });
  fieldSvg.addEventListener("pointermove", (ev) => {
    const prev = pointers.get(ev.pointerId);
    if (!prev) return;
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (pointers.size === 2 && pinch) {
      const [p, q] = [...pointers.values()];
      cam.auto = false;
      cam.scale = Math.max(0.15, Math.min(4, pinch.scale * Math.hypot(p[0] - q[0], p[1] - q[1]) / pinch.d));
      applyCamera();
      dragged = true;
      return;
    }
    const dx = ev.clientX - prev[0];
    const dy = ev.clientY - prev[1];
    if (!dragged && Math.hypot(dx, dy) < 4) {
      pointers.set(ev.pointerId, prev); // not a drag yet: keep measuring from the press
      return;
    }
    if (!dragged) fieldSvg.setPointerCapture(ev.pointerId);
    dragged = true;
    fieldSvg.classList.add("panning");
    panBy(dx, dy);
  });
  const lift = (ev) => {
    pointers.delete(ev.pointerId);
    if (pointers.size < 2) pinch = null;
    fieldSvg.classList.remove("panning");
  };
  fieldSvg.addEventListener("pointerup", lift);
  fieldSvg.addEventListener("pointercancel", lift);
  // A drag must not end in a click on whatever hex is under the pointer.
  fieldSvg.addEventListener("click", (ev) => {
    if (dragged) {
      ev.stopPropagation();
      ev.preventDefault();
      dragged = false;
    }
  }, true);
  fieldSvg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    zoom(ev.deltaY < 0 ? 1.1 : 1 / 1.1);
  }, { passive: false });
  const resize = new ResizeObserver(() => {
    seen = null;
    if (cam.auto) fit();
    else applyCamera();
  });
  resize.observe(fieldBox);

  // ----- moves ----------------------------------------------------------------

  const legal = () => (last ? last.legal.map((l) => l.json) : []);
  const myTurn = () => legal().length > 0;

  function turnsNow() {
    return legal().filter((m) => "turn" in m).map((m) => m.turn);
  }

  function currentTurn() {
    const sel = ctx.selected();
    const turns = turnsNow();
    if (sel && "turn" in sel && turns.includes(sel.turn)) return sel.turn;
    return turns.length ? turns[0] : null;
  }

  function turnLabel(t) {
    const v = last.view;
    const code = v.hands[last.my_seat] && v.hands[last.my_seat].tile;
    // In words: the board shows where the hexes go; their coordinates would mean nothing to a player.
    return `tile turned ${DIR_NAMES[t]}: ${TERRAIN[CODE[code[0]]].name} and ${TERRAIN[CODE[code[1]]].name} `
      + "beside its smoker";
  }

  function selectTurn(t) {
    ctx.select(ctx.move("Turn", { turn: t }), turnLabel(t));
  }

  function rotateTile() {
    const turns = turnsNow();
    if (!turns.length) return;
    const now = currentTurn();
    selectTurn(turns[(turns.indexOf(now) + 1) % turns.length]);
  }

  // ----- drawing --------------------------------------------------------------

  function hexFill(f) {
    if (levelColours) return LEVEL_TINT[Math.min(f.level - 1, LEVEL_TINT.length - 1)];
    return TERRAIN[f.terrain].fill;
  }

  function hexInfo(f) {
    const bits = [`${TERRAIN[f.terrain].name}, level ${f.level}${f.level === 1 ? " (seafloor)" : ""}, ${where(key(...f.at))}.`];
    if (f.edge) bits.push("An edge hex.");
    if (f.creature) {
      const c = f.creature;
      const what = c.count > 1 ? `${c.count} ${SPECIES[c.species].name}` : `a ${SPECIES[c.species].one}`;
      bits.push(`${ctx.seatName(c.seat)}: ${what}.`);
    }
    return bits.join(" ");
  }

  function creatureToken(c, x, y, extra) {
    return creatureShape(c, x, y, extra, { colour: ctx.seatColour(c.seat), angle: cam.angle, scale: tokenScale() });
  }

  function draw(state) {
    last = state;
    version += 1;
    const v = state.view;
    const me = state.my_seat;
    const moves = legal();
    const tiles = new Map(moves.filter((m) => "tile" in m).map((m) => [key(...m.tile), m]));
    const puts = new Map(moves.filter((m) => "put" in m).map((m) => [key(...m.put), m]));
    const shifts = moves.filter((m) => "move" in m);
    const movable = new Set(shifts.map((m) => key(...m.move[0])));
    if (picked && !movable.has(picked)) picked = null;
    if (!picked && movable.size === 1) picked = [...movable][0];
    const dests = new Map(shifts.filter((m) => key(...m.move[0]) === picked).map((m) => [key(...m.move[1]), m]));
    const sel = ctx.selected();
    const selDest = sel && sel.move ? key(...sel.move[1]) : null;

    clear(world);
    const field = new Map(v.field.map((f) => [key(...f.at), f]));
    // hexes
    for (const f of v.field) {
      const [x, y] = pixel(...f.at);
      const k = key(...f.at);
      const lit = puts.has(k);
      const dest = dests.has(k);
      const g = svg("g", { class: `vl-hex${lit ? " vl-lit" : ""}${dest ? " vl-dest" : ""}`, "data-hex": k,
        "data-level": f.level, "data-terrain": f.terrain }, hexParts(f, x, y, { fill: hexFill(f), angle: cam.angle, levelColours }));
      if (levelColours && !f.creature) {  // under a creature it would be hidden: the tooltip names the terrain
        g.append(svg("text", { class: "lvl", "text-anchor": "middle", fill: "#fff",
          transform: `translate(${x.toFixed(1)},${(y + 20).toFixed(1)}) rotate(${-cam.angle})`,
          text: TERRAIN[f.terrain].short }));
      }
      if (f.creature) g.append(creatureToken(f.creature, x, y, ""));
      ctx.tooltip(g, () => pictured(hexInfo(f) + (lit ? " Click to place here." : dest ? " Click to move here." : ""), "vent_life"));
      if (lit) {
        pressable(g, `Place here: ${hexInfo(f)}`, () => ctx.play(puts.get(k)));
      } else if (dest) {
        pressable(g, `Move here: ${hexInfo(f)}`, () => {
          const m = dests.get(k);
          ctx.select(m, `the covered creature from ${where(picked)} to ${where(k)}`);
        });
      }
      world.append(g);
    }
    // covered creatures waiting to move, drawn where they were
    for (const p of v.pending || []) {
      const [x, y] = pixel(...p.at);
      const k = key(...p.at);
      const mine = movable.has(k);
      const token = creatureToken({ seat: p.seat, species: p.species, count: 1 }, x, y,
        `covered${mine ? " can-move" : ""}${picked === k ? " picked" : ""}`);
      token.setAttribute("data-hex", k);
      ctx.tooltip(token, () => `${ctx.seatName(p.seat)}'s covered ${SPECIES[p.species].one}, from level ${p.level}: `
        + `${v.species_rules[p.species]}`);
      if (mine) pressable(token, `Covered ${SPECIES[p.species].one} on ${where(k)}`, () => { picked = k; draw(last); });
      world.append(token);
    }
    if (selDest) {
      const [x, y] = pixel(...sel.move[1].map(Number));
      world.append(svg("polygon", { points: corners(x, y, SIZE - 5), fill: "none", stroke: "#ffd43b", "stroke-width": 5 }));
    }
    // tile positions: seafloor outlines and ringed smokers
    for (const [k, m] of tiles) {
      const [q, r] = m.tile;
      const [x, y] = pixel(q, r);
      const f = field.get(k);
      let g;
      if (f) {
        g = svg("g", { class: "vl-ring-target", "data-spot": k }, [
          svg("polygon", { points: corners(x, y), class: "vl-ring-hit" }),
          svg("circle", { cx: x, cy: y, r: SIZE * 0.72, class: "vl-ring" }),
        ]);
        ctx.tooltip(g, () => `Build up here: your tile's smoker on this level ${f.level} smoker makes level ${f.level + 1}.`);
        pressable(g, `Build up on the smoker at ${where(k)} (level ${f.level})`, () => ctx.play(m));
      } else {
        g = svg("g", { class: "vl-spot", "data-spot": k }, [svg("polygon", { points: corners(x, y, SIZE - 2) })]);
        ctx.tooltip(g, () => `Seafloor: your tile's smoker on ${where(k)}.`);
        pressable(g, `Your tile's smoker on the seafloor at ${where(k)}`, () => ctx.play(m));
      }
      world.append(g);
    }
    // my tile, outlined in gold with a dark edge inside, at the chosen place
    const t = v.stage === "turn" && myTurn() ? currentTurn() : null;
    if (t !== null) {
      if (!(sel && "turn" in sel && sel.turn === t)) queueMicrotask(() => selectTurn(t));
      const code = v.hands[me] && v.hands[me].tile;
      const cells = tileCells(v.at[0], v.at[1], t);
      const terrains = ["black smoker", CODE[code[0]], CODE[code[1]]];
      const g = svg("g", { class: "vl-gold", "data-turn": t });
      cells.forEach(([q, r], i) => {
        const [x, y] = pixel(q, r);
        const below = field.get(key(q, r));
        const hex = { terrain: terrains[i], level: below ? below.level + 1 : 1 };
        g.append(svg("polygon", { points: corners(x, y, SIZE - 1), style: `fill: ${hexFill(hex)}`, "data-terrain": hex.terrain }),
          svg("polygon", { class: "vl-edge", points: corners(x, y, SIZE - 4) }),
          svg("text", { "text-anchor": "middle", transform: `translate(${x.toFixed(1)},${(y + 4).toFixed(1)}) rotate(${-cam.angle})`,
            style: `fill: ${levelColours ? "#fff" : TERRAIN[hex.terrain].ink}`,
            text: `${TERRAIN[hex.terrain].short}${below ? ` L${hex.level}` : ""}` }));
      });
      pressable(g, `Your tile, ${turnLabel(t)}. Click to turn it.`, rotateTile);
      ctx.tooltip(g, () => `${turnLabel(t)}. Click again or press Rotate tile to turn it, then Confirm.`);
      world.append(g);
    }
    rotateButton.disabled = t === null || turnsNow().length < 2;

    drawSpecies(v, me, moves);
    drawHand(v, me);
    // the end of the turn waits for Confirm
    const onlyEnd = moves.some((m) => "end" in m) && !moves.some((m) => "put" in m || "species" in m);
    const mayEnd = moves.some((m) => "end" in m);
    if (mayEnd && !sel && (onlyEnd || v.stage === "place")) {
      queueMicrotask(() => {
        if (!ctx.selected()) ctx.select(ctx.move("End"), v.bag ? "end the turn and draw a tile" : "end the turn");
      });
    }
    if (cam.auto) fit();
    else applyCamera();
    board.dataset.version = String(version);
    board.dataset.stage = v.stage;
    // What I act on, brought into view on my turn (acting.js): the species, the Rotate bar under the field, or the field.
    for (const el of [speciesBar, options, fieldBox]) delete el.dataset.acting;
    if ((state.legal || []).length) {
      const picking = state.legal.some((l) => "species" in l.json) && v.stage !== "place";
      const target = picking ? speciesBar : v.stage === "tile" ? options : fieldBox;
      target.dataset.acting = picking ? "species" : v.stage;
    }
  }

  function drawSpecies(v, me, moves) {
    clear(speciesBar);
    const chooses = new Set(moves.filter((m) => "species" in m).map((m) => m.species));
    if (v.stage === "draft") {
      const mode = v.draft.mode;
      speciesBar.append(h("span", { class: "vl-label",
        text: mode === "pick" ? `Species draft: pick a species (chosen: ${v.draft.chosen.map((s) => SPECIES[s].name).join(", ") || "none"})`
          : `Species draft: leave a species out (left out: ${v.draft.chosen.map((s) => SPECIES[s].name).join(", ") || "none"})` }));
      const sel = ctx.selected();
      for (const [name, info] of Object.entries(SPECIES)) {
        const move = ctx.move(mode === "pick" ? "Pick" : "Leave", { species: name });
        const can = ctx.isLegal(move);
        const chosen = sel && (sel.pick === name || sel.leave === name);
        const b = h("button", { type: "button", class: `${can ? "can-choose" : ""}${chosen ? " chosen" : ""}`,
          "data-species": name, disabled: !can, text: `${mode === "pick" ? "Pick" : "Leave out"} ${info.name}`,
          onClick: () => ctx.select(move, `${mode === "pick" ? "pick" : "leave out"} ${info.name}`) });
        ctx.tooltip(b, () => pictured(`${info.name}: ${v.species_rules[name]}`, "vent_life"));
        speciesBar.append(b);
      }
      return;
    }
    speciesBar.append(h("span", { class: "vl-label", text: "Species" }));
    const supply = me !== null && me !== undefined ? v.supply[me] : null;
    for (const name of v.species) {
      const info = SPECIES[name];
      const can = chooses.has(name);
      const chosen = v.placing === name;
      const left = supply ? ` (${supply[name]} left)` : "";
      const b = h("button", { type: "button", class: `${can ? "can-choose" : ""}${chosen ? " chosen" : ""}`, "data-species": name,
        disabled: !can, "aria-pressed": chosen ? "true" : "false", "aria-label": `${info.name}${left}`,
        onClick: () => ctx.play(ctx.move("Choose", { species: name })) }, [icon(name, { size: 22 }), `${info.name}${left}`]);
      ctx.tooltip(b, () => pictured(`${info.name}: ${v.species_rules[name]}`, "vent_life"));
      speciesBar.append(b);
    }
  }

  function drawHand(v, me) {
    clear(handBar);
    const seated = me !== null && me !== undefined;
    const mine = seated ? v.hands[me] : null;
    // "My tile" only for the viewer's own seat: a replay seen by another seat shows that seat's tile, by its name
    const title = !seated ? "Tiles in hand" : ctx.you(me) ? "My tile" : `${ctx.seatName(me)}'s tile`;
    handBar.setAttribute("aria-label", title);
    const bits = seated ? [h("span", { class: "vl-label", text: title })] : [];
    if (mine && mine.tile) {
      const code = mine.tile;
      const pic = tilePicture(code, `${title}: ${tileWords(code)}`);
      bits.push(h("span", { class: "vl-hand-tile", "data-tile": code }, [pic]), h("span", { text: tileWords(code) }));
    } else if (seated) {
      // Laid this turn, the next one is drawn as the turn ends; only an empty bag leaves none.
      bits.push(h("span", { class: "vl-note", "data-testid": "vl-my-tile", text: v.bag
        ? "laid this turn: the next one comes from the bag when the turn ends" : "none: the bag is empty" }));
    }
    // The others' tiles in one sentence while everyone holds one (the usual case); seat by seat once some do not.
    const others = v.hands.filter((x) => x.seat !== me);
    const who = others.length === v.hands.length ? "Each player" : others.length === 1 ? "The other player" : "Each other player";
    const hands = others.every((x) => x.has_tile) ? `${who} holds a hidden tile.`
      : `${others.map((x) => `${ctx.seatName(x.seat)}: ${x.has_tile ? "a hidden tile" : "no tile"}`).join("; ")}.`;
    bits.push(h("span", { class: "vl-note", "data-testid": "vl-others", text: `Bag: ${v.bag} tiles. ${hands}` }));
    handBar.append(...bits);
  }

  return {
    update(state) {
      draw(state);
    },
    destroy() {
      resize.disconnect();
    },
  };
}

// ----- the rules page's pictures (rules.js): the board's own tile, hexes and creatures, with fixed examples.

/** Two tiles as the hand shows them. */
function tilesFigure() {
  h("style", { text: STYLE });
  return h("div", { class: "vl-bar vl-hand" }, ["BD", "MD"].map((code) => {
    const pic = tilePicture(code, tileWords(code));
    pic.style.cssText = "width: 110px; height: 92px";
    return h("span", { class: "vl-hand-tile", "data-tile": code }, [pic]);
  }));
}

/** A corner of the field: a tile up on a plateau (level 2) beside seafloor hexes, with creatures. */
function plateauFigure() {
  h("style", { text: STYLE });
  const hexes = [
    [[0, 0], "black smoker", 2], [[1, 0], "basalt ridge", 2, { seat: 0, species: "crabs", count: 1 }], [[1, -1], "microbial mat", 2],
    [[-1, 0], "diffuse vents", 1], [[-1, 1], "black smoker", 1, { seat: 1, species: "worms", count: 2 }], [[0, 1], "microbial mat", 1],
    [[0, -1], "basalt ridge", 1], [[2, -1], "diffuse vents", 1], [[1, 1], "basalt ridge", 1],
  ];
  const world = svg("g", { class: "vl-world" });
  for (const [at, terrain, level, creature] of hexes) {
    const [x, y] = pixel(...at);
    const g = svg("g", { class: "vl-hex", "data-level": level, "data-terrain": terrain }, hexParts({ terrain, level }, x, y));
    if (creature) g.append(creatureShape(creature, x, y, "", { colour: seatColour(creature.seat), scale: 1.2 }));
    world.append(g);
  }
  const field = svg("svg", { class: "vl-field", viewBox: "-84 -88 196 172", "aria-hidden": "true" }, [world]);
  field.style.cssText = "cursor: default";
  return h("div", { class: "vl-field-box", style: "height: auto; width: 300px; max-width: 100%; aspect-ratio: 196 / 172" }, [field]);
}

/** A creature of each species, each with its name, as the species bar names them. */
function creaturesFigure() {
  h("style", { text: STYLE });
  return h("div", { class: "vl-bar", style: "display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); "
    + "width: 520px; max-width: 100%; font-size: .9rem; line-height: 1.2" }, Object.entries(SPECIES).map(([species, info]) => {
    const token = svg("svg", { viewBox: "-15 -15 30 30", width: 36, height: 36, "aria-hidden": "true", style: "flex: none" },
      [creatureShape({ seat: 0, species, count: 1 }, 0, -8, "", { colour: seatColour(0) })]);
    return h("span", { style: "display: flex; align-items: center; gap: .3rem; padding: .1rem .3rem" }, [token, info.name]);
  }));
}

export const figures = {
  tiles: tilesFigure,
  plateau: plateauFigure,
  creatures: creaturesFigure,
};

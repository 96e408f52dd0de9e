// Digging for Dinos' board: the 5 x 5 dig with its coordinates on the edges (a-e, 1-5, as the log
// names cells), each tile drawn as a fossil: the era's rock colour, the species' silhouette with a
// bone at each part's place and this tile's bone picked out, the bone's name, and both values (points while
// incomplete in the white stone, the completed dinosaur's in the gold one). Every paleontologist,
// mine included, is the same token in its seat's colour with the side it shows (a cross: moves
// up, down, left or right; an X: diagonally). The destinations light for the chosen one; the era
// stacks show sizes only (their order is hidden), and every player's finds are grouped by dinosaur.
//
// Moves: click one of your paleontologists (the first one that can move is chosen for you),
// then a lit tile: the move is selected, the board shows what it is worth (the tile you
// leave is known, so its points are exact; the refill is not), and Confirm sends it.
// Placing at the start, and the flip after a Velociraptor or Deinosuchus, go the same way.

import { h, svg, clear, signed } from "../js/dom.js";
import { icon, iconUse } from "../js/icons.js";
import { boardOf } from "../js/board.js";
import { bringIntoView } from "../js/acting.js";
import { chip, token } from "../js/tokens.js";
import { seatColour } from "../js/seats.js";

const SHORT = {
  velociraptor: "Raptor", pteranodon: "Ptera", deinosuchus: "Deino", stegosaurus: "Stego",
  triceratops: "Trike", brachiosaurus: "Brachio", tyrannosaurus: "T. rex",
};
// Each era's rock and its edge (era 1 sand, era 2 moss, era 3 slate-violet).
const ERA = { 1: ["#f1dcae", "#b58f4e"], 2: ["#c9e2b8", "#6f9a55"], 3: ["#d8cff0", "#8a78bf"] };
const ERA_COLOURS = [ERA[1][0], ERA[2][0], ERA[3][0]];
// The dinosaur's body in the tile's 100 x 100 box, from the skull (right) to the tip of the tail
// (left), inside the silhouette of the dd_dino icon drawn 80 wide around (50, 46): a tile's bone
// sits at its place along it, the first part (the skull) at the head, the last (the tail) at the tip.
const BACK = [[75, 28], [66, 36], [56, 41], [46, 45], [35, 50], [24, 55], [14, 60]];

// Each known species' silhouette in the tile's 100 x 100 box (head to the right) and where each of
// its parts lies, in the order of its parts (skull first). A species without one here (a new tile in
// the game's components) gets the generic dinosaur with its parts spread along BACK.
const SPECIES_ART = {
  tyrannosaurus: {
    d: "M8 44C20 40 34 34 46 32 54 30 60 28 66 24L80 21C86 21 90 24 90 29L86 33 76 34C72 38 70 42 66 46L64 48 62 66H56V54L50 55V66H44L43 53C33 52 20 50 8 44Z M67 41l6 4-1 2-6-3z",
    bones: { skull: [82, 27], arms: [70, 42], ribs: [59, 38], hips: [46, 40], legs: [53, 57], tail: [18, 44] },
  },
  brachiosaurus: {
    d: "M6 58C14 52 22 46 30 42 40 36 54 36 60 40L74 14C76 10 82 9 86 12L89 15 80 18 68 46C66 52 64 54 62 56V68H56V58H36V68H30V56C22 56 14 58 6 58Z",
    bones: { skull: [83, 14], neck: [70, 29], spine: [49, 42], hips: [35, 46], legs: [33, 58], tail: [14, 54] },
  },
  triceratops: {
    d: "M8 50C16 44 26 40 40 38 50 36 58 38 62 40L66 29C70 25 76 27 78 31L80 35 91 32 85 39 89 44 80 48C76 52 70 54 64 54L62 66H56V56H38V66H32V56C24 56 14 54 8 50Z",
    bones: { skull: [81, 43], frill: [70, 33], spine: [48, 42], legs: [35, 58], tail: [14, 50] },
  },
  stegosaurus: {
    d: "M6 50C14 46 24 40 36 36 48 32 58 34 66 40 72 44 78 48 84 50L89 52 84 55 76 54C72 56 68 58 64 58V66H58V60H40V66H34V58C24 58 14 55 6 50Z M29 38l5-10 4 8z M39 34l6-12 5 11z M51 33l6-11 4 11z M62 37l4-8 3 9z M8 49l-3-6 6 4z",
    bones: { skull: [82, 52], plates: [46, 29], legs: [37, 58], tail: [15, 50] },
  },
  velociraptor: {
    d: "M6 40C18 40 30 38 40 38 48 36 56 36 62 32L72 28C78 27 84 29 86 32L80 35 70 36C66 40 62 44 58 46L60 56 66 62H58L54 54 50 48 46 56 48 62H42V52C30 48 18 44 6 40Z",
    bones: { skull: [78, 31], claws: [58, 55], tail: [16, 41] },
  },
  pteranodon: {
    d: "M50 40C40 30 24 24 6 26 20 32 30 40 40 46L46 49H54L60 46C70 40 80 32 94 26 76 24 60 30 50 40Z M56 41 66 34 86 37 66 39Z M60 36 52 27 64 34Z",
    bones: { skull: [72, 37], wings: [25, 31], body: [50, 45] },
  },
  deinosuchus: {
    d: "M6 50C16 48 28 44 40 44 52 42 64 42 72 44L92 46V50L72 52C64 54 56 54 50 54L52 60H46L44 54H32L30 60H24L26 53C18 53 12 52 6 50Z M40 44l3-3 3 3 3-3 3 3 3-3 3 3 3-3 3 3z",
    bones: { skull: [82, 48], spine: [53, 46], legs: [37, 56], tail: [15, 50] },
  },
};

function along(points, t) {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]));
  let left = t * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    if (left <= lengths[i] || i === lengths.length - 1) {
      const f = lengths[i] ? Math.min(1, left / lengths[i]) : 0;
      const [a, b] = [points[i], points[i + 1]];
      return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, Math.atan2(b[1] - a[1], b[0] - a[0]) * 180 / Math.PI];
    }
    left -= lengths[i];
  }
  return [...points[0], 0];
}

const BONE_R = 10.5;   // the picked bone's disc
const NAME_PX = 15;    // the species' name, and its width per letter in ems (bold)
const NAME_EM = 0.64;

/** A tile's skeleton: the species' art when the tile's parts match it, and where each part lies
 * (1-based: [x, y, angle]): the species' own places, else spread along the generic back. */
function skeleton(t) {
  const art = SPECIES_ART[t.species];
  const fits = art && Object.keys(art.bones).length === t.of && Object.keys(art.bones)[t.position - 1] === t.part;
  const parts = fits ? Object.values(art.bones) : null;
  const at = (p) => (parts ? [...parts[p - 1], 0] : along(BACK, t.of === 1 ? 0.5 : (p - 1) / (t.of - 1)));
  return { known: fits ? art : null, at };
}

// Where a paleontologist stands on its tile, in the tile's units: between the name and the part's words,
// in the middle, right or left, whichever hides the picked bone's disc least, then the fewest other bones.
const PAWN = { size: 40, top: 21, lefts: [30, 58, 2] };

function pawnLeft(t) {
  if (!t) return PAWN.lefts[0];
  const { at } = skeleton(t);
  const cost = (left) => {
    const [x0, y0, x1, y1] = [left, PAWN.top, left + PAWN.size, PAWN.top + PAWN.size];
    let c = 0;
    for (let p = 1; p <= t.of; p++) {
      const [x, y] = at(p);
      const dx = Math.max(x0 - x, 0, x - x1);
      const dy = Math.max(y0 - y, 0, y - y1);
      if (p === t.position) c += 10 * Math.max(0, BONE_R - Math.hypot(dx, dy));
      else if (dx === 0 && dy === 0) c += 1;
    }
    return c;
  };
  return PAWN.lefts.reduce((best, left) => (cost(left) < cost(best) ? left : best));
}

/** A fossil tile: the era's rock, the species' skeleton with this tile's bone picked out, both values. */
function fossilTile(t) {
  const [rock, edge] = ERA[t.era] || ERA[1];
  const tile = svg("svg", { class: "dd-tile", viewBox: "0 0 100 100", "aria-hidden": "true" });
  tile.append(
    svg("rect", { x: 1.5, y: 1.5, width: 97, height: 97, rx: 10, fill: rock, stroke: edge, "stroke-width": 3 }),
    svg("g", { fill: edge, "fill-opacity": 0.35 }, [[40, 22], [92, 54], [7, 48], [62, 93]].map(([cx, cy]) => svg("circle", { cx, cy, r: 2.5 }))),
  );
  const { known, at } = skeleton(t);
  if (known) {
    tile.append(svg("path", { class: "dd-silhouette", d: known.d, fill: edge, "fill-opacity": 0.62 }));
  } else {
    const ghost = iconUse("dd_dino", 50, 46, 80);
    ghost.setAttribute("opacity", "0.4");
    ghost.removeAttribute("data-icon"); // the silhouette behind the bones, not a piece of its own
    tile.append(ghost);
  }
  // Every part of the skeleton as a small bone at its place, this tile's one picked out in a disc.
  const bones = svg("g", { class: "skeleton", "data-of": t.of, "data-species-art": known ? t.species : "generic" });
  for (let p = 1; p <= t.of; p++) {
    if (p === t.position) continue;
    const [x, y, angle] = at(p);
    bones.append(svg("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(0)})` }, [
      svg("rect", { x: -3.8, y: -1.7, width: 7.6, height: 3.4, rx: 1.7, fill: "#fffaf0", stroke: "#5a4422", "stroke-width": 0.9 }),
    ]));
  }
  const [bx, by] = at(t.position);
  bones.append(svg("circle", { cx: bx, cy: by, r: BONE_R, fill: "#fffaf0", stroke: "#5a4422", "stroke-width": 1.8 }));
  bones.append(iconUse("dd_fossil", bx, by, 19));
  tile.append(bones);
  const name = SHORT[t.species] || t.name;
  // The name never runs into the picked bone's disc when that disc reaches the top (a Brachiosaurus'
  // skull) nor off the tile (a long name of a species new to the components): a smaller size then.
  const room = by - BONE_R < 17 && bx > 40 ? bx - BONE_R - 10 : 86;
  const size = Math.min(NAME_PX, room / (name.length * NAME_EM));
  tile.append(
    svg("text", { class: "dd-name", x: 7, y: 15, text: name, style: size < NAME_PX ? `font-size: ${size.toFixed(1)}px` : null }),
    svg("text", { class: "dd-part", x: 50, y: 76, text: `${t.part} ${t.position}/${t.of}` }),
  );
  if (t.special) {
    // Completing this dinosaur flips a paleontologist: the flip arrows in the corner.
    tile.append(svg("path", { class: "dd-flip", d: "M54 84a6 6 0 1 1-6 5m0 0-1-4m1 4 4-1", fill: "none",
      stroke: "#5a4422", "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  }
  tile.append(svg("g", { class: "vals" }, [
    svg("circle", { cx: 13, cy: 87, r: 9.5, fill: "#fff", stroke: edge, "stroke-width": 1.5 }),
    svg("text", { class: "left", x: 13, y: 87, text: String(t.left) }),
    svg("circle", { cx: 86, cy: 87, r: 10.5, fill: "#f2c94c", stroke: "#8a6400", "stroke-width": 1.5 }),
    svg("text", { class: "right", x: 86, y: 87, text: String(t.complete) }),
  ]));
  return tile;
}

/** A paleontologist: the same token for every seat, in its colour, with the side it shows. */
function paleoToken(colour, side) {
  const mark = side === "orthogonal" ? "M-5 0h10M0-5v10" : "M-3.6-3.6l7.2 7.2M3.6-3.6l-7.2 7.2";
  return svg("svg", { class: "dd-token", viewBox: "0 0 40 40", "aria-hidden": "true" }, [
    svg("circle", { cx: 20, cy: 20, r: 17, fill: colour, stroke: "#fff", "stroke-width": 3 }),
    iconUse("dd_paleo", 20, 19, 26),
    svg("g", { transform: "translate(31 31)" }, [
      svg("circle", { r: 8, fill: "#222", stroke: "#fff", "stroke-width": 1.5 }),
      svg("path", { d: mark, stroke: "#fff", "stroke-width": 2.4, "stroke-linecap": "round" }),
    ]),
  ]);
}


function key(move) {
  return JSON.stringify(move, Object.keys(move).sort());
}

/** The points of one species' parts counts, as the engine scores them. */
function speciesPoints(group, counts) {
  const full = Math.min(...counts);
  let points = full * group.complete;
  counts.forEach((c, p) => { points += (c - full) * group.parts[p].left; });
  return { full, points };
}

export function createBoard(root, ctx) {
  let last = null;
  let version = 0;
  let pawnPick = null;   // which of my paleontologists (0 or 1) the lit tiles belong to
  let shownSel = null;   // the selected move (its key) whose tiles were brought into view
  let barWatch = null;   // the status bar's ResizeObserver while that selection stands

  const board = h("div", { class: "dd-board", "data-version": "0" });
  const head = h("div", { class: "dd-head" });
  const preview = h("div", { class: "dd-preview", "data-testid": "dd-preview", role: "status" });
  const actions = h("div", { class: "dd-actions", role: "group", "aria-label": "Actions" });
  const grid = h("div", { class: "dd-grid", role: "group", "aria-label": "The dig" });
  const side = h("div", { class: "dd-side" });
  board.append(head, preview, actions, h("div", { class: "dd-main" }, [grid, side]));
  root.append(board);

  function draw(state) {
    const v = state.view;
    const me = state.my_seat;
    const legal = (state.legal || []).map((l) => l.json);
    const mine = legal.length > 0 && me !== null && me !== undefined;
    const sel = ctx.selected();
    const moves = legal.filter((m) => "move" in m);
    const places = legal.filter((m) => "place" in m);
    const flips = legal.filter((m) => "flip" in m || "keep" in m);
    const movable = [0, 1].filter((k) => moves.some((m) => m.move === k));
    if (sel && "move" in sel) pawnPick = sel.move;
    if (!movable.includes(pawnPick)) pawnPick = movable.length ? movable[0] : null;
    const targets = new Map();   // cell -> move
    for (const m of moves) if (m.move === pawnPick) targets.set(m.to, m);
    for (const m of places) targets.set(m.place, m);

    board.dataset.version = String(++version);
    board.dataset.mine = mine ? "1" : "0";
    board.dataset.phase = v.phase;

    drawHead(v);
    drawPreview(v, me, sel);
    drawActions(v, me, flips, sel);
    drawGrid(v, me, { targets, movable, sel, mine });
    drawSide(v, me);
    showSelected(sel);
    // What I act on (acting.js): the dig, or the action buttons when they are all there is.
    delete grid.dataset.acting;
    delete actions.dataset.acting;
    if (mine) {
      const onlyButtons = !targets.size && !movable.length && actions.childElementCount;
      (onlyButtons ? actions : grid).dataset.acting = onlyButtons ? "actions" : "dig";
    }
  }

  /** A move just selected: the tile it takes and the one it goes to, in view above the fixed status bar. On a
   * phone the preview's banner pushes the dig down as the move is selected and the bar grows with its words (once
   * its preview is answered), so the "you take" tile went under the bar; a growing bar is watched while the
   * selection stands. */
  function showSelected(sel) {
    const k = sel && "move" in sel ? key(sel) : null;
    if (k === shownSel) return;
    shownSel = k;
    const bar = document.querySelector(".status-bar");
    if (barWatch) barWatch.disconnect();
    barWatch = null;
    if (!k || !bar) return;
    const bring = () => {
      const boxes = [...grid.querySelectorAll(".dd-cell.taking, .dd-cell.chosen")].map((el) => el.getBoundingClientRect());
      if (!boxes.length || shownSel !== k) return;
      const top = Math.min(...boxes.map((b) => b.top));
      const bottom = Math.max(...boxes.map((b) => b.bottom));
      bringIntoView({ getBoundingClientRect: () => ({ top, bottom, height: bottom - top }) }, bar);
    };
    requestAnimationFrame(bring);  // (after layout: the banner is drawn)
    barWatch = new ResizeObserver(bring);
    barWatch.observe(bar);
  }

  function drawHead(v) {
    clear(head);
    const eraColours = ERA_COLOURS;
    head.append(h("span", { text: "Stacks:" }));
    v.stacks.forEach((n, e) => {
      head.append(chip(ctx, { pictures: h("span", { class: "sw", style: `background: ${eraColours[e]}` }),
        count: `era ${e + 1}: ${n}`, cls: `dd-stack${v.era === e + 1 ? " current" : ""}`, data: { stack: String(e + 1) },
        label: `Era ${e + 1} stack: ${n} tile${n === 1 ? "" : "s"}`,
        tip: `Era ${e + 1}: ${n} tile${n === 1 ? "" : "s"} left, face down.` + (v.era === e + 1 ? " Refills come from this stack now." : "") }));
    });
    if (v.ending && v.phase !== "over") { // once the game is over the result says so; "final round" would be stale
      head.append(h("span", { class: "dd-ending", "data-testid": "dd-ending",
        text: v.ending === "last tile" ? "Last era-3 tile placed: this is the final round."
          : "A fourth dinosaur is complete: this is the final round." }));
    }
    if (v.phase === "place") head.append(h("span", { text: `Placing: ${v.next_side} side up next.` }));
  }

  function myGroups(v, me) {
    return me === null || me === undefined ? null : v.collections[me].species;
  }

  /** What the selected move is worth to me: the tile left behind is collected now. */
  function drawPreview(v, me, sel) {
    clear(preview);
    if (!sel) return;
    if ("place" in sel) {
      preview.append(`Place your paleontologist on ${sel.place}; you take that tile when it moves on. Confirm to place it.`);
      return;
    }
    if ("flip" in sel) {
      const p = v.pawns[me][sel.flip];
      const other = p.side === "orthogonal" ? "diagonal" : "orthogonal";
      preview.append(`Flip paleontologist ${sel.flip + 1} to its ${other} side. Confirm to flip it.`);
      return;
    }
    if ("keep" in sel) {
      preview.append("Keep both paleontologists as they are. Confirm to end your turn.");
      return;
    }
    if (!("move" in sel)) return;
    const from = v.pawns[me][sel.move].cell;
    const tile = v.board.find((c) => c.cell === from).tile;
    const delta = gain(v, me, tile);
    const total = v.collections[me].species.reduce((s, g) => s + g.points, 0);
    const group = myGroups(v, me).find((g) => g.species === tile.species);
    const counts = group.parts.map((p) => p.count);
    counts[tile.position - 1] += 1;
    const done = Math.min(...counts) > group.completed;
    preview.append(h("span", { "data-testid": "dd-gain", "data-gain": String(delta) }, [
      `Paleontologist ${sel.move + 1} to ${sel.to}: you take ${tile.name} ${tile.part} (${tile.position}/${tile.of}) `,
      h("strong", { text: `${signed(delta)} point${Math.abs(delta) === 1 ? "" : "s"}` }),
      ` \u2192 ${total + delta}${done ? `, completing a ${tile.name}!` : "."}`,
      " A new tile fills the gap from the stack. Confirm to move.",
    ]));
  }

  function gain(v, me, tile) {
    const group = myGroups(v, me).find((g) => g.species === tile.species);
    const counts = group.parts.map((p) => p.count);
    const before = speciesPoints(group, counts).points;
    counts[tile.position - 1] += 1;
    return speciesPoints(group, counts).points - before;
  }

  // The bonus after a Velociraptor or Deinosuchus: a token per paleontologist showing the side it would
  // flip to, and a control token to keep both as they are.
  function drawActions(v, me, flips, sel) {
    clear(actions);
    for (const m of flips) {
      const keep = "keep" in m;
      const text = keep ? "Keep both" : `Flip paleontologist ${m.flip + 1}`;
      const flipped = (p) => (p.side === "orthogonal" ? "diagonal" : "orthogonal");
      const pictures = keep ? v.pawns[me].map((p) => paleoToken(ctx.seatColour(me), p.side))
        : [paleoToken(ctx.seatColour(me), flipped(v.pawns[me][m.flip]))];
      actions.append(token(ctx, { pictures, name: keep ? "Keep both" : `Flip ${m.flip + 1}`, label: text, lit: true,
        control: keep, chosen: !!sel && key(sel) === key(m), cls: "dd-act", data: { action: keep ? "keep" : `flip-${m.flip}` },
        onClick: () => ctx.select(m, text),
        tip: keep ? "Keep both paleontologists as they are."
          : `Flip paleontologist ${m.flip + 1} (on ${v.pawns[me][m.flip].cell}) to its ${flipped(v.pawns[me][m.flip])} side: `
            + `it then moves ${flipped(v.pawns[me][m.flip]) === "orthogonal" ? "up, down, left or right" : "diagonally"}.` }));
    }
  }

  function tileTip(tile) {
    const special = tile.special ? " Completing it lets you flip a paleontologist." : "";
    return `${tile.name}, ${tile.part} (part ${tile.position} of ${tile.of}), era ${tile.era}: `
      + `${tile.left} point${tile.left === 1 ? "" : "s"} while incomplete; the completed ${tile.name} scores ${tile.complete}.${special}`;
  }

  function drawGrid(v, me, { targets, movable, sel, mine }) {
    clear(grid);
    // The edges carry the coordinates the log uses ("c1 to d2"): columns a-e, rows 1-5.
    const columns = [...new Set(v.board.map((sq) => sq.cell.replace(/[0-9]+$/, "")))];
    grid.append(h("span", { class: "dd-coord", "aria-hidden": "true" }),
      ...columns.map((c) => h("span", { class: "dd-coord", "data-coord": c, "aria-hidden": "true", text: c })));
    const selCell = sel ? (sel.to || sel.place || null) : null;
    const takeCell = sel && "move" in sel && me !== null && me !== undefined ? v.pawns[me][sel.move].cell : null;
    for (const sq of v.board) {
      const t = sq.tile;
      const row = sq.cell.replace(/^[a-z]+/, "");
      if (sq.cell.startsWith(columns[0])) grid.append(h("span", { class: "dd-coord", "data-coord": row, "aria-hidden": "true", text: row }));
      const target = targets.get(sq.cell);
      const classes = ["dd-cell", t ? `era-${t.era}` : "hole"];
      if (t && t.special) classes.push("special");
      if (target && mine) classes.push("lit");
      if (selCell === sq.cell) classes.push("chosen");
      if (takeCell === sq.cell) classes.push("taking");
      if (v.last && v.last.from === sq.cell) classes.push("last-from");
      const cell = h(target && mine ? "button" : "div", {
        class: classes.join(" "), "data-cell": sq.cell,
        ...(target && mine ? { type: "button", "aria-label": `${sq.cell}: ${t ? `${t.name} ${t.part}` : "empty"}` }
          : { role: "group", "aria-label": `${sq.cell}: ${t ? `${t.name} ${t.part}, era ${t.era}` : "no tile"}` }),
      });
      if (t) cell.append(fossilTile(t));
      if (target && mine) {
        cell.addEventListener("click", () => {
          const label = "move" in target ? `paleontologist ${target.move + 1} to ${target.to}` : `place on ${target.place}`;
          ctx.select(target, label);
        });
      }
      let pawnSeat = null;
      let pawn = sq.pawn;
      // A selected move shows its paleontologist where it would go, dashed.
      if (sel && "move" in sel && me !== null && me !== undefined) {
        const from = v.pawns[me][sel.move].cell;
        if (sq.cell === from) pawn = null;
        if (sq.cell === sel.to) pawn = { seat: me, pawn: sel.move, side: v.pawns[me][sel.move].side === "orthogonal" ? "diagonal" : "orthogonal", ghost: true };
      }
      if (sel && "place" in sel && sq.cell === sel.place) pawn = { seat: me, pawn: -1, side: v.next_side, ghost: true };
      if (pawn) {
        pawnSeat = pawn.seat;
        const isMine = pawn.seat === me;
        const can = isMine && !pawn.ghost && movable.includes(pawn.pawn) && movable.length > 1;
        const el = h(can ? "button" : "span", {
          style: `left: ${pawnLeft(t)}%`,
          class: `dd-pawn${isMine ? " mine" : ""}${can ? " can-move" : ""}${isMine && pawn.pawn === pawnPick && movable.length ? " picked" : ""}${pawn.ghost ? " ghost" : ""}`,
          "data-pawn": `${pawn.seat}:${pawn.pawn}`, "data-side": pawn.side,
          ...(can ? { type: "button", "aria-label": `Choose your paleontologist ${pawn.pawn + 1}` } : {}),
        }, [paleoToken(ctx.seatColour(pawn.seat), pawn.side)]);
        if (can) {
          el.addEventListener("click", (ev) => {
            ev.stopPropagation();
            pawnPick = pawn.pawn;
            if (sel) ctx.clearSelection();
            draw(last);
          });
        }
        ctx.tooltip(el, () => `${ctx.seatName(pawn.seat)}'s paleontologist${pawn.pawn >= 0 ? ` ${pawn.pawn + 1}` : ""}: `
          + `${pawn.side} side up, so it moves ${pawn.side === "orthogonal" ? "up, down, left or right" : "diagonally"}`
          + " (jumping other tokens) and flips after moving.");
        cell.append(el);
      }
      if (t) ctx.tooltip(cell, () => tileTip(t) + (pawnSeat !== null ? ` ${ctx.seatName(pawnSeat)}'s paleontologist stands on it.` : ""));
      else ctx.tooltip(cell, () => "No tile left here: tokens pass over it.");
      grid.append(cell);
    }
  }

  function drawSide(v, me) {
    clear(side);
    const order = [];
    if (me !== null && me !== undefined) order.push(me);
    for (let s = 0; s < v.players; s++) if (s !== me) order.push(s);
    for (const s of order) {
      const col = v.collections[s];
      const box = h("section", { class: "dd-finds", "data-finds": String(s) });
      box.append(h("h3", {}, [
        h("span", { class: "dot", style: `--seat: ${ctx.seatColour(s)}` }),
        `${ctx.seatName(s)}${ctx.you(s)}`,
        chip(ctx, { pictures: icon("dd_dino", { size: 16 }), count: `${col.completed}/${v.fourth}`, cls: "dd-done",
          data: { completed: String(col.completed) }, label: `${col.completed} of ${v.fourth} dinosaurs completed`,
          tip: `${col.completed} of ${v.fourth} dinosaurs completed: a player who completes ${v.fourth} starts the final round.` }),
      ]));
      const held = col.species.filter((g) => g.completed || g.progress);
      if (!held.length) box.append(h("div", { class: "none", text: "No fossils yet." }));
      for (const g of held) {
        const parts = h("span", { class: "parts" });
        g.parts.forEach((p) => {
          const have = p.count > g.completed;
          const chip = h("span", { class: `chip${have ? " held" : ""}`, text: p.count - g.completed > 1 ? String(p.count - g.completed) : "" });
          ctx.tooltip(chip, () => `${g.name} ${p.part}: ${have ? `held${p.count - g.completed > 1 ? ` \u00d7 ${p.count - g.completed}` : ""}` : "missing"} (${p.left} while incomplete).`);
          parts.append(chip);
        });
        const row = h("div", { class: "dd-dino", "data-species": g.species }, [
          h("span", { class: "name", text: g.name }),
          parts,
          h("span", { class: "prog", text: g.progress ? `${g.progress}/${g.of}` : "" }),
          h("span", { class: "pts" }, [g.completed ? h("span", { class: "done", text: `\u2713${g.completed > 1 ? `\u00d7${g.completed}` : ""} ` }) : "", `${g.points}`]),
        ]);
        ctx.tooltip(row, () => `${g.name}: ${g.completed} completed (${g.complete} each), ${g.progress} of ${g.of} parts towards the next; ${g.points} points now.`);
        box.append(row);
      }
      side.append(box);
    }
  }

  const shown = boardOf(root, (state) => {
    last = state;
    draw(state);
  });
  return { ...shown, destroy: () => { if (barWatch) barWatch.disconnect(); shown.destroy(); } };
}

// ----- Figures for the rules page (js/rules.js): pieces drawn by fossilTile and paleoToken from fixed examples,
// in the board's cell and pawn frames (css/boards/digging_for_dinos.css), at a rules page's size.
const FIGURE_TILES = {
  skull: { species: "tyrannosaurus", name: "Tyrannosaurus", part: "skull", position: 1, of: 6, era: 1, left: 2,
    complete: 18, special: false },
  tail: { species: "velociraptor", name: "Velociraptor", part: "tail", position: 3, of: 3, era: 2, left: 1,
    complete: 7, special: true },
};

/** A tile as the dig shows it, with a paleontologist standing on it when `pawn` says whose and which side. */
function figureCell(t, pawn = null) {
  const cell = h("div", { class: `dd-cell era-${t.era}${t.special ? " special" : ""}`, style: "width: 168px; max-width: 100%" },
    [fossilTile(t)]);
  if (pawn) {
    cell.append(h("span", { class: "dd-pawn", style: `left: ${pawnLeft(t)}%`, "data-side": pawn.side },
      [paleoToken(seatColour(pawn.seat), pawn.side)]));
  }
  return cell;
}

export const figures = {
  tile: () => figureCell(FIGURE_TILES.skull),
  paleontologists: () => h("div", { style: "display: flex; gap: 16px; align-items: center" },
    ["orthogonal", "diagonal"].map((side) => h("span", { "data-side": side, style: "width: 76px; height: 76px; display: block" },
      [paleoToken(seatColour(0), side)]))),
  tile_with_paleontologist: () => figureCell(FIGURE_TILES.tail, { seat: 1, side: "diagonal" }),
};

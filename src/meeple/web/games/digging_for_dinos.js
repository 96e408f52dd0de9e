// Digging for Dinos' board: the 5 x 5 dig (each tile tinted by its era, with its species, its
// place in the skeleton and both values), the paleontologists with the side they show
// (+ orthogonal, x diagonal), the destinations lit for the chosen one, the era stacks
// (sizes only: their order is hidden), and every player's finds grouped by dinosaur.
//
// Moves: click one of your paleontologists (the first one that can move is chosen for you),
// then a lit tile: the move is selected, the board shows what it is worth (the tile you
// leave is known, so its points are exact; the refill is not), and Confirm sends it.
// Placing at the start, and the flip after a Velociraptor or Deinosuchus, go the same way.

import { h, clear, signed } from "../js/dom.js";
import { icon } from "../js/icons.js";

const SHORT = {
  velociraptor: "Raptor", pteranodon: "Ptera", deinosuchus: "Deino", stegosaurus: "Stego",
  triceratops: "Trike", brachiosaurus: "Brachio", tyrannosaurus: "T. rex",
};
const SIDE_MARK = { orthogonal: "+", diagonal: "\u00d7" };

const STYLE = `
.dd-board { display: grid; gap: 10px; max-width: 100%; }
.dd-head { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; font-size: .9rem; }
.dd-stack { display: inline-flex; align-items: center; gap: 4px; }
.dd-stack .sw { width: 12px; height: 12px; border-radius: 3px; border: 1px solid rgba(0,0,0,.25); }
.dd-stack.current { font-weight: 700; }
.dd-ending { color: var(--bad); font-weight: 600; }
.dd-preview { min-height: 1.4em; font-size: .95rem; background: #fff7d6; border: 1px solid #e6cf7a; border-radius: 8px; padding: 6px 10px; }
.dd-preview:empty { display: none; }
.dd-actions { display: flex; flex-wrap: wrap; gap: 6px; }
.dd-actions:empty { display: none; }
.dd-actions button.selected { outline: 3px solid #e0a800; }
.dd-main { display: grid; grid-template-columns: minmax(0, 560px) minmax(0, 1fr); gap: 14px; align-items: start; }
.dd-grid { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 4px; width: 100%; }
.dd-cell { position: relative; aspect-ratio: 1 / 1; min-width: 0; padding: 3px; border-radius: 8px;
  border: 2px solid rgba(0,0,0,.15); display: flex; flex-direction: column; justify-content: space-between;
  font-size: clamp(.58rem, 2.6vw, .85rem); line-height: 1.1; text-align: left; color: #2b2620; overflow: hidden; }
.dd-grid button.dd-cell { font: inherit; font-size: clamp(.58rem, 2.6vw, .85rem); text-align: left; align-items: stretch;
  width: 100%; height: auto; min-height: 0; margin: 0; cursor: pointer; }
.dd-cell.era-1 { background: #f1dcae; }
.dd-cell.era-2 { background: #c9e2b8; }
.dd-cell.era-3 { background: #cfc6ec; }
.dd-cell.hole { background: #8a7a66; opacity: .5; }
.dd-cell .sp { font-weight: 700; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.dd-cell .part { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.dd-cell .vals { display: flex; justify-content: space-between; font-weight: 600; }
.dd-cell .vals .right { background: rgba(255,255,255,.6); border-radius: 4px; padding: 0 3px; }
.dd-cell.special .sp::after { content: " \u21bb"; }
.dd-cell.lit { border: 3px dashed #2d6cb5; cursor: pointer; box-shadow: 0 0 0 2px rgba(45,108,181,.25); }
.dd-cell.chosen { border: 3px solid #e0a800; box-shadow: 0 0 0 3px rgba(224,168,0,.45); }
.dd-cell.taking::before { content: "you take"; position: absolute; left: 50%; bottom: 22%; transform: translateX(-50%);
  background: #2b2620; color: #fff; border-radius: 4px; padding: 0 4px; font-size: .7em; white-space: nowrap; }
.dd-cell.last-from { outline: 2px dotted #6d6458; outline-offset: -5px; }
.dd-pawn { position: absolute; right: 3px; top: 3px; width: 42%; aspect-ratio: 1 / 1; border-radius: 50%;
  display: flex; align-items: center; justify-content: center; color: #fff; font-weight: 800;
  font-size: clamp(.8rem, 4vw, 1.3rem); border: 2px solid #fff; box-shadow: 0 1px 3px rgba(0,0,0,.4); }
.dd-pawn .dd-paleo { width: 78%; height: 78%; }
.dd-pawn .dd-side { position: absolute; right: -4px; bottom: -4px; min-width: 14px; height: 14px; border-radius: 7px;
  background: #222; color: #fff; font-size: 11px; line-height: 14px; text-align: center; font-weight: 700; }
.dd-pawn.mine.can-move { cursor: pointer; }
.dd-pawn.picked { outline: 3px solid #e0a800; outline-offset: 1px; }
.dd-pawn.ghost { opacity: .55; border-style: dashed; }
.dd-side { display: grid; gap: 10px; min-width: 0; }
.dd-finds { border: 1px solid var(--line); border-radius: 10px; padding: 8px 10px; background: var(--card); min-width: 0; }
.dd-finds h3 { margin: 0 0 6px; font-size: .95rem; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.dd-finds .none { color: var(--muted); font-size: .85rem; }
.dd-dino { display: grid; grid-template-columns: minmax(6em, 8.5em) auto 2.4em minmax(2.5em, 1fr); gap: 6px; align-items: center; font-size: .85rem; padding: 2px 0; }
.dd-dino .name { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.dd-dino .prog { color: var(--muted); }
.dd-dino .pts { text-align: right; white-space: nowrap; }
.dd-dino .parts { display: flex; gap: 2px; flex-wrap: wrap; }
.dd-dino .chip { width: 14px; height: 14px; border-radius: 3px; border: 1px solid #9c8f6c; background: #fff; font-size: .6rem; text-align: center; line-height: 13px; }
.dd-dino .chip.held { background: #6a9a4a; border-color: #4e7a33; color: #fff; }
.dd-dino .done { color: var(--good); font-weight: 700; }
@media (max-width: 760px) {
  .dd-main { grid-template-columns: minmax(0, 1fr); }
  .dd-cell { padding: 2px; border-radius: 6px; }
  .dd-pawn { width: 34%; top: auto; bottom: 22%; right: 2px; border-width: 1px; }
}
`;

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

  const style = h("style", { text: STYLE });
  const board = h("div", { class: "dd-board", "data-version": "0" });
  const head = h("div", { class: "dd-head" });
  const preview = h("div", { class: "dd-preview", "data-testid": "dd-preview", role: "status" });
  const actions = h("div", { class: "dd-actions", "aria-label": "Actions" });
  const grid = h("div", { class: "dd-grid", role: "group", "aria-label": "The dig" });
  const side = h("div", { class: "dd-side" });
  board.append(head, preview, actions, h("div", { class: "dd-main" }, [grid, side]));
  root.append(style, board);

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
    drawActions(v, flips, sel);
    drawGrid(v, me, { targets, movable, sel, mine });
    drawSide(v, me);
    // What I act on (acting.js): the dig, or the action buttons when they are all there is.
    delete grid.dataset.acting;
    delete actions.dataset.acting;
    if (mine) {
      const onlyButtons = !targets.size && !movable.length && actions.childElementCount;
      (onlyButtons ? actions : grid).dataset.acting = onlyButtons ? "actions" : "dig";
    }
  }

  function drawHead(v) {
    clear(head);
    const eraColours = ["#f1dcae", "#c9e2b8", "#cfc6ec"];
    head.append(h("span", { text: "Stacks:" }));
    v.stacks.forEach((n, e) => {
      const el = h("span", { class: `dd-stack${v.era === e + 1 ? " current" : ""}`, "data-stack": String(e + 1) }, [
        h("span", { class: "sw", style: `background: ${eraColours[e]}` }), `era ${e + 1}: ${n}`,
      ]);
      ctx.tooltip(el, () => `Era ${e + 1}: ${n} tile${n === 1 ? "" : "s"} left, face down.`
        + (v.era === e + 1 ? " Refills come from this stack now." : ""));
      head.append(el);
    });
    if (v.ending) {
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

  function drawActions(v, flips, sel) {
    clear(actions);
    for (const m of flips) {
      const text = "keep" in m ? "Keep both" : `Flip paleontologist ${m.flip + 1}`;
      actions.append(h("button", {
        type: "button", class: sel && key(sel) === key(m) ? "selected" : "",
        "data-action": "keep" in m ? "keep" : `flip-${m.flip}`,
        onClick: () => ctx.select(m, text),
      }, [text]));
    }
  }

  function tileTip(tile) {
    const special = tile.special ? " Completing it lets you flip a paleontologist." : "";
    return `${tile.name}, ${tile.part} (part ${tile.position} of ${tile.of}), era ${tile.era}: `
      + `${tile.left} point${tile.left === 1 ? "" : "s"} while incomplete; the completed ${tile.name} scores ${tile.complete}.${special}`;
  }

  function drawGrid(v, me, { targets, movable, sel, mine }) {
    clear(grid);
    const selCell = sel ? (sel.to || sel.place || null) : null;
    const takeCell = sel && "move" in sel && me !== null && me !== undefined ? v.pawns[me][sel.move].cell : null;
    for (const sq of v.board) {
      const t = sq.tile;
      const target = targets.get(sq.cell);
      const classes = ["dd-cell", t ? `era-${t.era}` : "hole"];
      if (t && t.special) classes.push("special");
      if (target && mine) classes.push("lit");
      if (selCell === sq.cell) classes.push("chosen");
      if (takeCell === sq.cell) classes.push("taking");
      if (v.last && v.last.from === sq.cell) classes.push("last-from");
      const cell = h(target && mine ? "button" : "div", {
        class: classes.join(" "), "data-cell": sq.cell,
        ...(target && mine ? { type: "button", "aria-label": `${sq.cell}: ${t ? `${t.name} ${t.part}` : "empty"}` } : {}),
      });
      if (t) {
        cell.append(
          h("span", { class: "sp", text: SHORT[t.species] || t.name }),
          h("span", { class: "part" }, [icon("dd_fossil", { size: 14 }), ` ${t.part} ${t.position}/${t.of}`]),
          h("span", { class: "vals" }, [h("span", { class: "left", text: String(t.left) }), h("span", { class: "right", text: String(t.complete) })]),
        );
      }
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
          class: `dd-pawn${isMine ? " mine" : ""}${can ? " can-move" : ""}${isMine && pawn.pawn === pawnPick && movable.length ? " picked" : ""}${pawn.ghost ? " ghost" : ""}`,
          style: `background: ${ctx.seatColour(pawn.seat)}`,
          "data-pawn": `${pawn.seat}:${pawn.pawn}`, "data-side": pawn.side,
          ...(can ? { type: "button", "aria-label": `Choose your paleontologist ${pawn.pawn + 1}` } : {}),
        }, [icon("dd_paleo", { cls: "dd-paleo" }), h("span", { class: "dd-side", text: SIDE_MARK[pawn.side] })]);
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
        `${ctx.seatName(s)}${s === me ? " (you)" : ""}`,
        h("span", { class: "badge", "data-completed": String(col.completed) }, [icon("dd_dino", { size: 14 }), ` ${col.completed} of ${v.fourth} dinosaurs`]),
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

  return {
    update(state) {
      last = state;
      draw(state);
    },
    destroy() {
      clear(root);
    },
  };
}

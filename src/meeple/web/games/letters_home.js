// Letters Home's board: the town (16 tiles, the streets between them with their
// stops, pawns and the two postboxes; the stops I may walk to are lit), the
// memory market, my corkboard and memory slots, and the other players' boards.
// Hovering a memory lights the corkboard tiles that make it (green) and those it
// could build on (yellow); a green envelope marks a memory I could send now.
// Everything is drawn from the engine's view; nothing hidden is ever guessed.
//
// Moves: walking and taking a tile go to the server as pending moves (Reset takes
// them back). Noting a memory (or nothing) and a letter are only selected: noting
// draws new cards and stores the whole turn, so nothing is sent until Confirm.

import { h, svg, clear } from "../js/dom.js";
import { pressable } from "../js/tokens.js";
import { icon, iconUse, pictured, richText } from "../js/icons.js";
import { count } from "../js/words.js";
import { bringIntoView } from "../js/acting.js";

const T = 92;          // town tile size
const G = 30;          // street width
const STEP = T + G;
const TOWN = 4 * T + 3 * G;
// Icons and categories are drawn with our own icon set (icons.js); words stay in tooltips and labels.
const CATEGORY = { person: "Person", place: "Place", event: "Event" };
const COLS = 4;

const STYLE = `
.lh-board { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; }
.lh-board h2 { font-size: 1rem; margin: 0 0 .4rem; }
.lh-top { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.lh-town { flex: 1 1 380px; max-width: 460px; min-width: 0; }
.lh-town svg { width: 100%; height: auto; background: #cfc7b8; border-radius: 8px; }
.lh-town .tile rect { stroke: #6b5f4f; stroke-width: 1.5; }
.lh-town .tile.can-take rect { stroke: #1d6fd6; stroke-width: 4; cursor: pointer; }
.lh-town .tile.picked rect { stroke: #d61d6f; stroke-width: 5; }
.lh-town .stop { fill: #fff; stroke: #555; stroke-width: 1.5; }
.lh-town .stop.postbox-stop { stroke: #c0392b; stroke-width: 3; }
.lh-town .stop.can-go { fill: #ffe066; stroke: #1d6fd6; stroke-width: 3; cursor: pointer; }
.lh-town .stop-hit { fill: transparent; cursor: pointer; }
.lh-town .stop-go:focus { outline: none; }
.lh-town .stop-go:focus .stop { stroke: #d61d6f; stroke-width: 4; }
.lh-town .postbox { fill: #c0392b; }
.lh-town .pawn { stroke: #222; stroke-width: 2; }
.lh-town text { font-size: 13px; pointer-events: none; }
.cat-person { fill: #f6d7c3; background: #f6d7c3; }
.cat-place { fill: #cfe6c4; background: #cfe6c4; }
.cat-event { fill: #d9d3f0; background: #d9d3f0; }
.lh-side { display: grid; gap: .6rem; min-width: 240px; flex: 1; }
.lh-memory { display: flex; align-items: center; gap: .4rem; padding: .3rem .5rem; border: 1px solid #999;
  border-radius: 6px; background: #fffdf6; font: inherit; text-align: left; width: 100%; }
.lh-memory.can-note, .lh-memory.can-send, .lh-memory.can-drop { border: 2px solid #1d6fd6; cursor: pointer; }
.lh-memory.picked { border: 2px solid #d61d6f; background: #ffe9f2; }
.lh-memory .envelope { color: #1a9c3a; font-size: 1.1rem; }
.lh-memory .kind { color: #666; font-size: .8rem; margin-left: auto; }
.lh-corkboard { display: grid; grid-template-columns: repeat(4, minmax(0, 84px)); gap: 4px; padding: 6px; max-width: 100%;
  background: #c49a6c; border-radius: 8px; width: max-content; }
.lh-corkboard.small { grid-template-columns: repeat(4, 60px); }
/* font-family only: the font shorthand would undo the size. The words may wrap onto three
   lines (category and two icons): the cell grows and breaks long words rather than spill. */
.lh-space { min-height: 58px; min-width: 0; border-radius: 5px; border: 2px solid transparent; display: flex;
  flex-direction: column; align-items: center; justify-content: center; font-family: inherit; font-size: .75rem;
  line-height: 1.15; text-align: center; padding: 2px; background: #b58b5e; color: #222; }
.lh-space > span { max-width: 100%; overflow-wrap: anywhere; }
.lh-space .lh-cat { display: inline-flex; align-items: center; gap: 2px; }
.lh-icons { display: inline-flex; gap: 2px; flex-wrap: wrap; justify-content: center; }
.lh-corkboard.small .lh-space .mi { width: 12px; height: 12px; }
.lh-memory-text .mi { vertical-align: -0.25em; }
.lh-corkboard.small .lh-space { min-height: 40px; font-size: .6rem; }
/* After the empty space's brown, and as specific, so a tile shows its category's colour. */
.lh-space.cat-person { background: #f6d7c3; }
.lh-space.cat-place { background: #cfe6c4; }
.lh-space.cat-event { background: #d9d3f0; }
.lh-space.sent { background: #7d6a55; color: #fff; }
.lh-space.can-place, .lh-space.can-flip { border: 3px dashed #1d6fd6; cursor: pointer; }
.lh-space.lit-make { box-shadow: 0 0 0 4px #2ecc71; }
.lh-space.lit-build { box-shadow: 0 0 0 4px #f1c40f; }
.lh-space.picked { border: 3px solid #d61d6f; }
.lh-actions { display: flex; gap: .5rem; flex-wrap: wrap; }
.lh-others { display: flex; flex-wrap: wrap; gap: 1rem; }
.lh-seat { border-left: 6px solid var(--seat); padding-left: .5rem; }
.lh-small { font-size: .8rem; color: #444; }
.lh-pick-hint { color: inherit; font-weight: 600; margin: 0 0 .4rem; }
.lh-space .lh-small { color: #222; }  /* readable on the empty space's brown */
`;

function tileText(t) {
  return `${CATEGORY[t.category]}: ${t.icons.join(", ")}`;
}

/** A tile's icons as pictures (each named for screen readers). */
function iconRow(t, size = 18) {
  return h("span", { class: "lh-icons" }, t.icons.map((i) => icon(i, { size, label: i })));
}

/** A town tile's face at (x, y), as the town draws it: its colour, its name, its category and icons. */
function townTileParts(t, x, y, name) {
  return [
    svg("rect", { x, y, width: T, height: T, rx: 8, class: t ? `cat-${t.category}` : "", fill: t ? null : "#aaa" }),
    name ? svg("text", { x: x + 6, y: y + 16, text: name }) : null,
    t ? iconUse(t.category, x + T - 16, y + 15, 20) : null,
    t ? svg("text", { x: x + T / 2, y: y + 40, "text-anchor": "middle", "font-weight": "bold", text: CATEGORY[t.category] }) : null,
    ...(t ? t.icons.map((icn, k) => iconUse(icn, x + T / 2 + (k - (t.icons.length - 1) / 2) * 30, y + 66, 26)) : []),
  ];
}

/** What a corkboard space shows: the tile's category and icons, a letter sent, or the space's number. */
function spaceParts(t, i) {
  return t ? [h("span", { class: "lh-cat" }, [icon(t.sent ? "letter" : t.category, { size: 16 }), CATEGORY[t.category]]),
    t.sent ? h("span", { text: "sent" }) : iconRow(t)] : [h("span", { class: "lh-small", text: String(i + 1) })];
}

/** A memory card's face: the green envelope when it can be sent now, its words with icons, its kind. */
function memoryParts(m) {
  return [
    m.sendable ? h("span", { class: "envelope", "aria-label": "can be sent now", text: "\u2709" }) : null,
    h("span", { class: "lh-memory-text" }, richText(m.code, "letters_home")),
    h("span", { class: "kind", text: m.kind }),
  ];
}

function stopXY(stop) {
  const [a, b] = stop.tiles;
  const ra = Math.floor(a / 4), ca = a % 4, rb = Math.floor(b / 4);
  if (rb !== ra) return [ca * STEP + T / 2, ra * STEP + T + G / 2];
  return [ca * STEP + T + G / 2, ra * STEP + T / 2];
}

export function createBoard(root, ctx) {
  let last = null;
  let picked = null;      // {kind: "tile", tile} | {kind: "note", card} | {kind: "send", slot}
  let version = 0;

  const style = h("style", { text: STYLE });
  const board = h("div", { class: "lh-board" });
  root.append(style, board);

  const legalOf = (pred) => (last ? last.legal.map((l) => l.json).filter(pred) : []);

  // A pick is the first click of two: the second is on my corkboard (a space for the tile, a tile to flip) or my
  // memories (one to let go of), below the town and the market. They are brought into view (a tile's spaces
  // with a hint over them): on a phone the lit spaces were a screen below, and a tapped tile seemed to do nothing.
  function pick(p) {
    picked = p;
    if (!last) return;
    draw(last);
    const where = { tile: ".lh-pick", send: ".lh-corkboard", note: ".lh-slots" };
    const next = picked && board.querySelector(`.lh-seat.mine ${where[picked.kind]}`);
    if (next) bringIntoView(next, document.querySelector(".status-bar"));
  }

  function townSvg(v, me) {
    const takes = legalOf((m) => "take" in m);
    const takeTiles = new Set(takes.map((m) => m.take));
    const root = svg("svg", { viewBox: `-6 -6 ${TOWN + 12} ${TOWN + 12}`, role: "group", "aria-label": "The town" });
    v.town.forEach((t, i) => {
      const x = (i % 4) * STEP, y = Math.floor(i / 4) * STEP;
      const name = `${"abcd"[i % 4]}${Math.floor(i / 4) + 1}`;
      const can = takeTiles.has(i);
      const isPicked = picked && picked.kind === "tile" && picked.tile === i;
      const g = svg("g", { class: `tile${can ? " can-take" : ""}${isPicked ? " picked" : ""}`, "data-tile": name },
        townTileParts(t, x, y, name));
      if (t) ctx.tooltip(g, () => pictured(`${name}: ${tileText(t)}`, "letters_home"));
      if (can) pressable(g, `Take ${name}: ${tileText(t)}`, () => pick({ kind: "tile", tile: i }));
      root.append(g);
    });
    for (const [i, j] of [[1, 1], [3, 3]]) {
      const cx = j * STEP - G / 2, cy = i * STEP - G / 2;
      const box = svg("rect", { class: "postbox", x: cx - 8, y: cy - 8, width: 16, height: 16, rx: 3 });
      ctx.tooltip(box, () => "A postbox: write home from the four stops around it.");
      root.append(box);
    }
    const gos = new Set(legalOf((m) => "go" in m).map((m) => m.go));
    for (const stop of v.stops) {
      const [x, y] = stopXY(stop);
      const can = gos.has(stop.stop);
      const c = svg("circle", { cx: x, cy: y, r: can ? 10 : 7, "data-stop": stop.name,
        class: `stop${stop.postbox ? " postbox-stop" : ""}${can ? " can-go" : ""}` });
      ctx.tooltip(c, () => `Stop ${stop.name}${stop.postbox ? " (postbox stop)" : ""}${stop.entry ? ", a street end" : ""}`);
      if (can) {
        // A clear circle round a lit stop, the street's width across: the dot alone was 15 px wide on a 360 px
        // phone, a tap beside it went nowhere. (24 px there, as WCAG's smallest target.)
        const go = svg("g", { class: "stop-go", "data-go": stop.name }, [
          svg("circle", { class: "stop-hit", cx: x, cy: y, r: 17 }), c]);
        pressable(go, `Walk to ${stop.name}`, () => ctx.play(ctx.move("Go", { stop: stop.stop })));
        root.append(go);
      } else {
        root.append(c);
      }
      if (stop.pawn !== null) {
        const p = svg("circle", { cx: x, cy: y, r: 12, class: "pawn", fill: ctx.seatColour(stop.pawn), "data-pawn": stop.pawn });
        ctx.tooltip(p, () => `${ctx.seatName(stop.pawn)}${ctx.you(stop.pawn)} at ${stop.name}`);
        root.append(p);
      }
    }
    return root;
  }

  /** A memory of the market, or of the slots of seat `owner` (whose corkboard `sendable` is about). */
  function memoryButton(m, attrs, onActivate, owner = null) {
    const el = h(onActivate ? "button" : "div", { type: onActivate ? "button" : undefined, ...attrs,
      class: `lh-memory ${attrs.class || ""}`, onClick: onActivate || undefined, tabindex: onActivate ? undefined : 0 },
    memoryParts(m));
    // "your" only on the viewer's own memories: another seat's (at the table, or the seat a replay is seen by) is named
    const whose = ctx.you(owner) ? "your" : `${ctx.seatName(owner)}'s`;
    ctx.tooltip(el, () => pictured(`${m.code} (${m.kind})${m.sendable ? `: ${whose} corkboard meets it now` : ""}`, "letters_home"));
    return el;
  }

  function market(v) {
    const notes = legalOf((m) => "note" in m);
    const box = h("section", { class: "lh-market", "aria-label": "Memory market" }, [
      h("h2", { text: `Market \u00b7 deck ${v.memory_deck} \u00b7 discard ${v.discard.length}` })]);
    const sel = ctx.selected();
    v.market.forEach((m, card) => {
      const options = notes.filter((n) => n.note === card);
      const isPicked = (picked && picked.kind === "note" && picked.card === card) || (sel && sel.note === card);
      let act = null;
      if (options.length) {
        act = options[0].drop === null ? () => ctx.select(ctx.move("Note", { card, drop: null }), `note ${m.code}`)
          : () => pick({ kind: "note", card });
      }
      box.append(memoryButton(m, { class: `${options.length ? "can-note" : ""}${isPicked ? " picked" : ""}`,
        "data-card": card }, act));
    });
    if (ctx.isLegal(ctx.move("Skip"))) {
      box.append(h("div", { class: "lh-actions" }, [h("button", { type: "button", text: "Note nothing",
        class: sel && sel.skip ? "selected" : "", "aria-pressed": sel && sel.skip ? "true" : "false",
        "data-action": "skip", onClick: () => ctx.select(ctx.move("Skip"), "note nothing") })]));
    }
    return box;
  }

  function corkboard(seatView, mine, small) {
    const grid = h("div", { class: `lh-corkboard${small ? " small" : ""}`, role: "group",
      "aria-label": `Corkboard of ${ctx.seatName(seatView.seat)}` });
    const takeSpaces = new Set(mine && picked && picked.kind === "tile"
      ? legalOf((m) => "take" in m && m.take === picked.tile).map((m) => m.space) : []);
    const flipSpaces = new Set(mine && picked && picked.kind === "send"
      ? legalOf((m) => "send" in m && m.send === picked.slot).map((m) => m.flip) : []);
    const sel = ctx.selected();
    seatView.corkboard.forEach((t, i) => {
      const classes = ["lh-space"];
      if (t) classes.push(`cat-${t.category}`);
      if (t && t.sent) classes.push("sent");
      if (takeSpaces.has(i)) classes.push("can-place");
      if (flipSpaces.has(i)) classes.push("can-flip");
      if (sel && sel.flip === i && mine) classes.push("picked");
      let act = null;
      if (takeSpaces.has(i)) act = () => { const tile = picked.tile; picked = null; ctx.play(ctx.move("Take", { tile, space: i })); };
      else if (flipSpaces.has(i)) act = () => ctx.select(ctx.move("Send", { slot: picked.slot, space: i }), `letter: flip space ${i + 1}`);
      const label = `Space ${i + 1}: ${t ? (t.sent ? `sent ${t.category}` : tileText(t)) : "empty"}`;
      const el = h(act ? "button" : "div", { type: act ? "button" : undefined, class: classes.join(" "),
        "data-space": i, "aria-label": label, onClick: act || undefined, tabindex: act ? undefined : 0 },
      spaceParts(t, i));
      ctx.tooltip(el, () => pictured(label, "letters_home"));
      grid.append(el);
    });
    return grid;
  }

  /** Light the corkboard tiles that make memory `m` (green) and that it could build on (yellow). */
  function light(grid, m) {
    grid.querySelectorAll(".lh-space").forEach((el, i) => {
      el.classList.toggle("lit-make", !!m && m.makes.includes(i));
      el.classList.toggle("lit-build", !!m && m.builds_on.includes(i));
    });
  }

  function slots(seatView, mine, grid) {
    const box = h("div", { class: "lh-slots", "aria-label": "Memory slots" });
    const sends = mine ? legalOf((m) => "send" in m) : [];
    const drops = mine && picked && picked.kind === "note"
      ? legalOf((m) => "note" in m && m.note === picked.card && m.drop !== null) : [];
    seatView.memories.forEach((m, slot) => {
      const canSend = sends.some((s) => s.send === slot);
      const canDrop = drops.some((d) => d.drop === slot);
      const isPicked = picked && picked.kind === "send" && picked.slot === slot;
      let act = null;
      if (canDrop) {
        act = () => {
          const card = picked.card;
          picked = null;
          ctx.select(ctx.move("Note", { card, drop: slot }), `note ${last.view.market[card].code}, letting go of ${m.code}`);
        };
      }
      else if (canSend) act = () => pick({ kind: "send", slot });
      const el = memoryButton(m, { class: `${canSend ? "can-send" : ""}${canDrop ? " can-drop" : ""}${isPicked ? " picked" : ""}`,
        "data-slot": slot, "data-sendable": m.sendable ? "yes" : "no" }, act, seatView.seat);
      el.addEventListener("pointerenter", () => light(grid, m));
      el.addEventListener("pointerleave", () => light(grid, null));
      el.addEventListener("focus", () => light(grid, m));
      el.addEventListener("blur", () => light(grid, null));
      box.append(el);
    });
    if (!seatView.memories.length) box.append(h("p", { class: "lh-small", text: "No memories noted." }));
    if (drops.length) box.append(h("p", { class: "hint", text: "Your slots are full: choose a memory to let go of." }));
    return box;
  }

  function seatBlock(v, seatView, me) {
    const mine = seatView.seat === me;
    const who = ctx.seatName(seatView.seat) + ctx.you(seatView.seat);
    const priv = seatView.private_reflection;
    const grid = corkboard(seatView, mine, !mine);
    // Where a picked tile goes (pick()): said over the corkboard, and brought into view with it.
    let hint = null;
    if (mine && picked && picked.kind === "tile") {
      const name = `${"abcd"[picked.tile % 4]}${Math.floor(picked.tile / 4) + 1}`;
      hint = `Put ${name} (${tileText(v.town[picked.tile])}) on a lit space of your corkboard.`;
    }
    return h("section", { class: `lh-seat${mine ? " mine" : ""}`, style: `--seat:${ctx.seatColour(seatView.seat)}`,
      "data-seat": seatView.seat }, [
      h("h2", { text: `${who} \u00b7 ${count(seatView.letters.length, "letter")} \u00b7 ${seatView.empty_spaces} empty` }),
      hint ? h("div", { class: "lh-pick" }, [h("p", { class: "hint lh-pick-hint", text: hint }), grid]) : grid,
      slots(seatView, mine, grid),
      h("p", { class: "lh-small", text: priv ? `Private Reflection: ${priv.text}` : "Private Reflection: hidden" }),
    ]);
  }

  function draw(state) {
    const v = state.view;
    const me = state.my_seat;
    // A picked tile, card or memory that is no longer usable is forgotten.
    if (picked && picked.kind === "tile" && !legalOf((m) => "take" in m && m.take === picked.tile).length) picked = null;
    if (picked && picked.kind === "note" && !legalOf((m) => "note" in m && m.note === picked.card).length) picked = null;
    if (picked && picked.kind === "send" && !legalOf((m) => "send" in m && m.send === picked.slot).length) picked = null;
    version += 1;
    board.dataset.version = String(version);
    board.dataset.phase = v.phase;
    clear(board);

    const side = h("div", { class: "lh-side" }, [
      h("section", { "aria-label": "Shared Reflections" }, [h("h2", { text: "Shared Reflections" }),
        h("ul", {}, v.shared_reflections.map((r) => h("li", { text: r.text })))]),
      market(v),
      h("p", { class: "lh-small", text: `Town tiles left: ${v.tile_deck}.${v.year_ending ? " A corkboard is full: this is the last round." : ""}` }),
    ]);
    const actions = h("div", { class: "lh-actions" });
    if (ctx.isLegal(ctx.move("Done"))) {
      actions.append(h("button", { type: "button", text: "Finish writing", "data-action": "done",
        onClick: () => ctx.select(ctx.move("Done"), "finish writing") }));
    }
    if (v.phase === "final") {
      actions.append(h("p", { class: "hint", text: "Final letters: everyone writes at once, no postbox needed." }));
    }
    board.append(
      h("div", { class: "lh-top" }, [h("section", { class: "lh-town" }, [h("h2", { text: "Town" }), townSvg(v, me)]), side]),
      actions,
    );
    const order = v.seats.map((s) => s.seat);
    const mySeat = me !== null && me !== undefined ? me : order[0];
    const mine = v.seats.find((s) => s.seat === mySeat);
    const myBlock = seatBlock(v, mine, me);
    board.append(myBlock);
    // What I act on, brought into view on my turn (acting.js): the town to walk or take a tile,
    // the market to note a memory, else my corkboard and memories.
    if ((state.legal || []).length && me === mySeat) {
      const moves = state.legal.map((l) => l.json);
      const inTown = moves.some((m) => "go" in m) || (moves.some((m) => "take" in m) && !(picked && picked.kind === "tile"));
      const where = inTown ? board.querySelector(".lh-town") : moves.some((m) => "note" in m) && !(picked && picked.kind === "note")
        ? board.querySelector(".lh-market") : myBlock;
      if (where) where.dataset.acting = inTown ? "town" : where === myBlock ? "corkboard" : "market";
    }
    board.append(h("div", { class: "lh-others" }, v.seats.filter((s) => s.seat !== mySeat).map((s) => seatBlock(v, s, me))));
  }

  let drawnKey = null;
  return {
    update(state) {
      last = state;
      // Polls and pushes often bring the same position: redraw only on a change, so a
      // hover light or a pressed button is not swept away under the pointer.
      const key = JSON.stringify([state.view, state.legal, ctx.selected()]);
      if (key === drawnKey) return;
      drawnKey = key;
      draw(state);
    },
    destroy() {
      clear(root);
    },
  };
}

// ----- the rules page's pictures (rules.js): the board's own tile, corkboard space and memory, with fixed examples.

const tile = (category, icons) => ({ category, icons });

/** Town tiles side by side, as the town draws them. */
function townTilesFigure() {
  h("style", { text: STYLE });
  const shown = [tile("person", ["nature", "heart"]), tile("place", ["food", "craft"]), tile("event", ["music", "fireworks"])];
  const art = svg("svg", { viewBox: `-4 -4 ${3 * T + 2 * G / 2 + 8} ${T + 8}`, "aria-hidden": "true" },
    shown.map((t, k) => svg("g", { class: "tile" }, townTileParts(t, k * (T + G / 2), 0, null))));
  art.style.cssText = "width: 320px; max-width: 100%; height: auto";
  return h("div", { class: "lh-town" }, [art]);
}

/** A memory in a slot and a row of the corkboard: `sent` flips the Place that makes it (the letter). */
function corkboardFigure(sent) {
  h("style", { text: STYLE });
  const row = [{ ...tile("place", ["craft", "book"]), sent }, tile("person", ["food", "nature"]), tile("event", ["music"]), null];
  const memory = { code: "craft place next to food", kind: "category and icon", sendable: !sent };
  const cells = row.map((t, i) => h("div", { class: `lh-space${t ? ` cat-${t.category}` : ""}${t && t.sent ? " sent" : ""}${
    !sent && i < 2 ? " lit-make" : ""}` }, spaceParts(t && t.sent ? { ...t, icons: [] } : t, i)));
  return h("div", { class: "lh-side" }, [
    sent ? null : h("div", { class: "lh-memory" }, memoryParts(memory)),
    h("div", { class: "lh-corkboard", style: "grid-template-columns: repeat(4, minmax(0, 72px))" }, cells),
  ]);
}

export const figures = {
  town_tiles: townTilesFigure,
  memory: () => corkboardFigure(false),
  letter: () => corkboardFigure(true),
};

// Picnic's board: the hamper (six piles, the visible side of each top tile),
// the tile in hand (both sides, Flip), my plate (12 rim spaces clockwise from
// the top and the centre, overlapping tiles, the 12th tucked under the first),
// drinks beside the plate, and the other players' plates.
// Everything is drawn from the engine's view; nothing hidden is ever guessed.

import { h, svg, clear } from "../js/dom.js";
import { pressable } from "../js/tokens.js";
import { boardOf } from "../js/board.js";
import { icon, iconUse, pictured } from "../js/icons.js";
import { count } from "../js/words.js";

const RIM = 12;
const R = 160;          // radius of the rim spaces' centres
const C = 230;          // plate centre (viewBox is 460 x 460)
const TW = 104;         // tile width along the rim: wider than the spacing, so tiles overlap
const TH = 70;
const COVER_X = 42;     // where the covered ant and pickle sit: under the next tile

const FILL = {
  cheese: "#f4cf57", cracker: "#d9a25f", drink: "#bfe3f2",
  blue: "#8db8ea", pink: "#f2a7c3", green: "#9fd59a",
};
const NAMES = { cheese: "Cheese", cracker: "Cracker", cake: "Cake", drink: "Drink" };

// A phone: the six piles in two rows of three. In one row of six a top tile was 46 px wide at 360 px, its
// ants and pickles specks and its name unreadable, though they are what a player chooses a pile by.
// (The rest of Picnic's styles: css/meeple.css.)
const STYLE = `
@media (max-width: 560px) { .board-picnic .piles { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 6px; } }
`;

/** A side code ("cake blue a1 p0", "drink i2 a1") as a tile object like the view's. */
export function parseCode(code) {
  const words = code.split(" ");
  const kind = words.shift();
  const colour = kind === "cake" ? words.shift() : null;
  const n = (letter) => {
    const w = words.find((x) => x[0] === letter);
    return w ? Number(w.slice(1)) : 0;
  };
  const ants = n("a");
  const pickles = n("p");
  return { code, kind, colour, ants, pickles, ice: n("i"), covered: false, visible_ants: ants, visible_pickles: pickles };
}

export function tileName(t) {
  return t.kind === "cake" ? `${t.colour[0].toUpperCase()}${t.colour.slice(1)} cake` : NAMES[t.kind];
}

/** The tooltip text of a tile: what it carries and how much of it is covered. */
export function tileDetail(t) {
  const bits = [];
  if (t.kind === "drink") bits.push(`${t.ice} ice cube${t.ice === 1 ? "" : "s"} (${t.ice} point${t.ice === 1 ? "" : "s"})`);
  const ants = t.ants === 0 ? "no ants" : `${t.ants} ant${t.ants === 1 ? "" : "s"}`;
  const antsCovered = t.ants - (t.visible_ants ?? t.ants);
  bits.push(antsCovered ? `${ants}, ${antsCovered} covered` : ants);
  if (t.kind !== "drink") {
    const p = t.pickles === 0 ? "no pickles" : `${t.pickles} pickle${t.pickles === 1 ? "" : "s"}`;
    const pCovered = t.pickles - (t.visible_pickles ?? t.pickles);
    bits.push(pCovered ? `${p}, ${pCovered} covered` : p);
  }
  return `${tileName(t)}: ${bits.join("; ")}.`;
}

function fillOf(t) {
  return t.kind === "cake" ? FILL[t.colour] : FILL[t.kind];
}

// The pieces are our icons (icons.js), drawn large enough to count at a glance.
function ant(x, y, faded) {
  return svg("g", { class: "ant", opacity: faded ? 0.3 : 1 }, [iconUse("ant", x, y, 24)]);
}

function pickle(x, y, faded) {
  return svg("g", { class: "pickle", opacity: faded ? 0.3 : 1 }, [iconUse("pickle", x, y, 20)]);
}

function ice(x, y) {
  return svg("g", { class: "ice" }, [iconUse("ice", x, y, 11)]);
}

/** A tile drawn centred on (0,0), its +x edge being the side the next tile covers. */
function tileShape(t, { w = TW, h: ht = TH, ghost = false } = {}) {
  const g = svg("g", { class: `tile tile-${t.kind}${ghost ? " ghost" : ""}` });
  g.append(svg("rect", { x: -w / 2, y: -ht / 2, width: w, height: ht, rx: 10, fill: fillOf(t), class: "tile-body" }));
  if (t.kind === "drink") {
    g.append(svg("path", { d: "M-12,-22 L12,-22 L8,14 L-8,14 Z", class: "cup" }));
    for (let i = 0; i < t.ice; i++) g.append(ice(-7 + (i % 2) * 10, -14 + Math.floor(i / 2) * 10 + (i % 2) * 3));
  } else {
    g.append(svg("text", { x: 8, y: -ht / 2 + 15, class: "tile-label", "text-anchor": "middle", text: tileName(t) }));
    const kindIcon = iconUse(t.kind, -w / 2 + 13, -ht / 2 + 12, 16);
    if (t.kind === "cake") kindIcon.setAttribute("color", fillOf(t));
    g.append(kindIcon);
  }
  // The covered ant and pickle sit on the +x edge; the rest in the middle.
  let ants = t.ants;
  let pickles = t.pickles;
  if (t.ants > 0) {
    g.append(ant(COVER_X - 2, 12, false));
    ants -= 1;
  }
  if (t.kind !== "drink" && t.pickles > 0) {
    g.append(pickle(COVER_X - 2, -6, false));
    pickles -= 1;
  }
  for (let i = 0; i < ants; i++) g.append(ant(-28 + i * 20, 21, false));
  for (let i = 0; i < pickles; i++) g.append(pickle(-24 + i * 18, 3, false));
  return g;
}

function rimTransform(i) {
  const a = (-90 + i * 30) * Math.PI / 180;
  const x = C + R * Math.cos(a);
  const y = C + R * Math.sin(a);
  return `translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${-90 + i * 30 + 90})`;
}

/** A button-like SVG group (keyboard and screen reader friendly). */
function target(shape, label, selected, onActivate) {
  const g = svg("g", { class: `target clickable${selected ? " selected" : ""}`, "data-target": label }, [shape]);
  return pressable(g, label, onActivate);
}

/**
 * The plate of one seat as SVG. opts: {targets: {rim, centre} -> handler|null, ghost: {spot, tile}, uid, tooltip}
 */
function plateSvg(plate, opts) {
  const uid = opts.uid;
  const root = svg("svg", { viewBox: "0 0 460 460", class: "plate-svg", role: "group", "aria-label": opts.label });
  root.append(svg("circle", { cx: C, cy: C, r: 222, class: "plate-rim" }), svg("circle", { cx: C, cy: C, r: 118, class: "plate-well" }));
  const clipId = `tuck-${uid}`;
  root.append(svg("defs", {}, [svg("clipPath", { id: clipId }, [svg("rect", { x: -TW / 2 - 2, y: -TH / 2 - 2, width: TW / 2 + 2, height: TH + 4 })])]));

  // Empty rim spaces: faint outlines so the circle of 12 reads at a glance.
  for (let i = plate.rim.length; i < RIM; i++) {
    root.append(svg("g", { transform: rimTransform(i), class: "space" }, [
      svg("rect", { x: -TW / 2 + 8, y: -TH / 2 + 4, width: TW - 16, height: TH - 8, rx: 10 }),
    ]));
  }
  const placed = [];
  plate.rim.forEach((t, i) => {
    const fresh = opts.fresh === `rim-${i + 1}` ? " fresh" : "";
    const g = svg("g", { transform: rimTransform(i), class: `placed${fresh}`, "data-space": `rim-${i + 1}`, tabindex: 0, "aria-label": `Rim space ${i + 1}: ${tileDetail(t)}` }, [tileShape(t)]);
    placed.push([g, t]);
    root.append(g);
  });
  if (plate.rim.length === RIM) {
    // The 12th is tucked under the first: redraw the first tile's leading half on top.
    const tuck = svg("g", { transform: rimTransform(0), "clip-path": `url(#${clipId})`, "aria-hidden": "true", class: "tuck" }, [tileShape(plate.rim[0])]);
    placed.push([tuck, plate.rim[0]]); // the same tile, so it has the same tooltip
    root.append(tuck);
  }
  if (plate.centre) {
    const g = svg("g", { transform: `translate(${C},${C})`, class: `placed${opts.fresh === "centre" ? " fresh" : ""}`, "data-space": "centre", tabindex: 0, "aria-label": `Centre: ${tileDetail(plate.centre)}` }, [tileShape(plate.centre)]);
    placed.push([g, plate.centre]);
    root.append(g);
  } else if (!(opts.targets && opts.targets.centre)) {
    root.append(svg("g", { transform: `translate(${C},${C})`, class: "space" }, [
      svg("circle", { r: 44 }), svg("text", { y: 5, "text-anchor": "middle", class: "space-label", text: "centre" }),
    ]));
  }
  for (const [g, t] of placed) opts.tooltip && opts.tooltip(g, () => pictured(tileDetail(t), "picnic"));

  const ghost = opts.ghost;
  const t = opts.targets || {};
  if (t.rim && plate.rim.length < RIM) {
    const i = plate.rim.length;
    const g = svg("g", { transform: rimTransform(i) }, [
      ghost && ghost.spot === "rim" ? tileShape(ghost.tile, { ghost: true }) : null,
      target(svg("rect", { x: -TW / 2 + 4, y: -TH / 2 + 2, width: TW - 8, height: TH - 4, rx: 10 }),
        `Rim space ${i + 1}`, ghost && ghost.spot === "rim", t.rim),
    ]);
    root.append(g);
  }
  if (t.centre && !plate.centre) {
    root.append(svg("g", { transform: `translate(${C},${C})` }, [
      ghost && ghost.spot === "centre" ? tileShape(ghost.tile, { ghost: true }) : null,
      target(svg("rect", { x: -TW / 2 + 4, y: -TH / 2 + 2, width: TW - 8, height: TH - 4, rx: 10 }), "Centre", ghost && ghost.spot === "centre", t.centre),
    ]));
  }
  return root;
}

function smallTile(t, label) {
  return svg("svg", { viewBox: `${-TW / 2 - 2} ${-TH / 2 - 2} ${TW + 4} ${TH + 4}`, class: "tile-svg", role: "img", "aria-label": label || tileDetail(t) }, [tileShape(t)]);
}

function drinksColumn(plate, ctx, opts) {
  const col = h("div", { class: "drinks", "aria-label": "Drinks" });
  col.append(h("div", { class: "drinks-title", text: `Drinks (${plate.drinks.length})` }));
  plate.drinks.forEach((d, i) => {
    const fresh = opts && opts.fresh === "drink" && i === plate.drinks.length - 1 ? " fresh" : "";
    const el = h("div", { class: `drink${fresh}`, tabindex: 0 }, [smallTile(d)]);
    ctx.tooltip(el, () => pictured(tileDetail(d), "picnic"));
    col.append(el);
  });
  if (opts && opts.target) {
    const selected = opts.ghost && opts.ghost.spot === "drink";
    col.append(h("button", {
      type: "button", class: `drink-target${selected ? " selected" : ""}`, "data-target": "Beside the plate",
      "aria-label": "Beside the plate (drink)", "aria-pressed": selected ? "true" : "false", onClick: opts.target,
    }, [selected ? smallTile(opts.ghost.tile) : h("span", { text: "Drink here" })]));
  }
  return col;
}

/** Where each plate got a tile since `before` (a view): {seat: "rim-3" | "centre" | "drink"}. */
export function newestPlacements(before, after) {
  const out = {};
  if (!before) return out;
  for (const plate of after.plates) {
    const old = before.plates.find((p) => p.seat === plate.seat);
    if (!old) continue;
    if (plate.rim.length > old.rim.length) out[plate.seat] = `rim-${plate.rim.length}`;
    else if (plate.centre && !old.centre) out[plate.seat] = "centre";
    else if (plate.drinks.length > old.drinks.length) out[plate.seat] = "drink";
  }
  return out;
}

export function createBoard(root, ctx) {
  let flip = false;
  let handKey = null;
  let last = null;
  let uidCounter = 0;
  // The last tile each plate received stays marked until the next placement anywhere.
  let shownTurns = null;
  let shownView = null;
  let fresh = {};

  const hamper = h("section", { class: "hamper", "aria-label": "Hamper" });
  const hand = h("section", { class: "hand", "aria-label": "Tile in hand" });
  const mine = h("section", { class: "my-plate" });
  const others = h("section", { class: "other-plates", "aria-label": "Other plates" });
  root.append(h("style", { text: STYLE }), hamper, hand, mine, others);

  function placeMove(spot) {
    return ctx.move("Place", { spot, flip });
  }

  function choose(spot, tile) {
    const move = placeMove(spot);
    const where = spot === "rim" ? "round the plate" : spot === "centre" ? "in the centre" : "beside the plate";
    ctx.select(move, `${tileName(tile)} ${where}`);
  }

  function draw(state) {
    const v = state.view;
    if (v.turns !== shownTurns) {
      const found = newestPlacements(shownView, v);
      if (Object.keys(found).length) fresh = found;
      shownTurns = v.turns;
      shownView = v;
    }
    const me = state.my_seat;
    const legal = (m) => ctx.isLegal(m);
    const myTurn = (state.legal || []).length > 0;
    // The tile is mine to turn and place only when my seat is the viewer's own: a replay seen by another seat draws
    // that seat's view (state.my_seat), whose tile is shown, not offered, and named as theirs.
    const own = ctx.you(v.turn) !== "";
    const current = v.hand && me === v.turn && own ? v.hand : null;
    const key = v.hand ? `${v.turns}:${v.hand.up}:${v.hand.down}` : null;
    if (key !== handKey) {
      flip = false;
      handKey = key;
    }
    const sel = ctx.selected();
    if (sel && sel.place) flip = !!sel.flip;

    // ----- hamper (the area in view when my turn begins: acting.js), then my plate once I hold a tile
    delete hamper.dataset.acting;
    delete mine.dataset.acting;
    if (myTurn) (current ? mine : hamper).dataset.acting = current ? "plate" : "hamper";
    clear(hamper).append(h("h2", { text: `Hamper (${count(v.hamper_tiles, "tile")})` }));
    if (!v.drinks_allowed && v.phase !== "over") {
      hamper.append(h("p", { class: "last-call", text: "Last call: every tile left is needed on the plates, so no more drinks." }));
    }
    const piles = h("div", { class: "piles" });
    for (const p of v.hamper) {
      const move = ctx.move("Take", { pile: p.pile });
      const can = myTurn && legal(move);
      const depth = Math.min(p.height, 6);
      const content = p.top ? smallTile(parseCode(p.top)) : h("span", { class: "empty-pile", text: "empty" });
      const btn = h(can ? "button" : "div", {
        class: `pile${can ? " can-take" : ""}`, type: can ? "button" : undefined, "data-pile": p.pile, "data-top": p.top || "",
        style: `--depth:${depth}`,
        "aria-label": p.top ? `Pile ${p.pile + 1}, ${p.height} tile${p.height === 1 ? "" : "s"}: ${tileDetail(parseCode(p.top))}` : `Pile ${p.pile + 1}: empty`,
        onClick: can ? () => ctx.play(move) : undefined,
        tabindex: can ? undefined : 0,
      }, [content, h("span", { class: "pile-count", text: `${p.pile + 1} \u00b7 ${p.height}` })]);
      if (p.top) ctx.tooltip(btn, () => pictured(`${tileDetail(parseCode(p.top))} Pile ${p.pile + 1} holds ${count(p.height, "tile")}; the underside shows once it is taken.`, "picnic"));
      piles.append(btn);
    }
    hamper.append(piles);

    // ----- the tile in hand
    clear(hand);
    if (v.hand) {
      const up = parseCode(v.hand.up);
      const down = parseCode(v.hand.down);
      const holder = own ? "Your tile" : `${ctx.seatName(v.turn)} holds`;
      hand.append(h("h2", { text: holder }));
      const sides = h("div", { class: "sides", role: current ? "radiogroup" : undefined, "aria-label": "Choose a side" });
      [[up, false], [down, true]].forEach(([t, f]) => {
        const chosen = current && flip === f;
        const label = `${f ? "Underside" : "Side up"}: ${tileDetail(t)}`;
        const el = current
          ? h("button", {
              type: "button", class: `side${chosen ? " chosen" : ""}`, role: "radio", "aria-checked": chosen ? "true" : "false",
              "aria-label": label, "data-side": f ? "down" : "up",
              onClick: () => setFlip(f),
            }, [smallTile(t, label), h("span", { text: f ? "underside" : "side up" })])
          : h("div", { class: "side", tabindex: 0, "aria-label": label }, [smallTile(t, label), h("span", { text: f ? "underside" : "side up" })]);
        ctx.tooltip(el, () => pictured(tileDetail(t), "picnic"));
        sides.append(el);
      });
      hand.append(sides);
      if (current) {
        hand.append(h("button", { type: "button", class: "flip", text: "Flip", onClick: () => setFlip(!flip) }));
      }
    } else if (v.phase === "over") {
      hand.append(h("p", { class: "hint", text: "Every plate is full: the picnic is laid out." }));
    }

    // ----- plates
    const handTile = current ? parseCode(flip ? current.down : current.up) : null;
    const ghost = sel && sel.place && handTile ? { spot: sel.place, tile: handTile } : null;
    const seatsOrder = v.plates.map((p) => p.seat);
    const mySeat = me !== null && me !== undefined ? me : seatsOrder[0];
    clear(mine);
    clear(others);
    for (const plate of v.plates) {
      const isMine = plate.seat === mySeat;
      const targets = {};
      if (isMine && handTile) {
        for (const spot of ["rim", "centre", "drink"]) {
          if (legal(ctx.move("Place", { spot, flip }))) targets[spot] = () => choose(spot, handTile);
        }
      }
      const who = ctx.seatName(plate.seat) + ctx.you(plate.seat);
      const label = `Plate of ${who}: ${plate.rim.length} of 12 rim spaces${plate.centre ? " and the centre" : ""} filled, ${count(plate.visible_ants, "visible ant")}`;
      const svgEl = plateSvg(plate, {
        targets, ghost: isMine ? ghost : null, uid: `${plate.seat}-${uidCounter++}`, label, tooltip: ctx.tooltip,
        fresh: fresh[plate.seat],
      });
      const box = h("div", { class: `plate-box${isMine ? " mine" : ""}`, style: `--seat:${ctx.seatColour(plate.seat)}`, "data-plate": plate.seat }, [
        h("h2", { class: "plate-title" }, [h("span", { class: "dot", "aria-hidden": "true" }), `${who}`,
          h("small", {}, [` \u00b7 ${plate.empty_spaces} empty \u00b7 `, icon("ant", { size: 16 }), ` ${count(plate.visible_ants, "ant")}`])]),
        h("div", { class: "plate-and-drinks" }, [
          h("div", { class: "plate-wrap" }, [svgEl]),
          drinksColumn(plate, ctx, { target: isMine ? targets.drink : null, ghost, fresh: fresh[plate.seat] }),
        ]),
      ]);
      (isMine ? mine : others).append(box);
    }
  }

  function setFlip(f) {
    flip = f;
    const sel = ctx.selected();
    if (sel && sel.place) {
      const again = ctx.move("Place", { spot: sel.place, flip });
      if (ctx.isLegal(again) && last && last.view.hand) {
        const t = parseCode(flip ? last.view.hand.down : last.view.hand.up);
        choose(sel.place, t);
        return;
      }
      ctx.clearSelection();
      return;
    }
    if (last) draw(last);
  }

  return boardOf(root, (state) => {
    last = state;
    draw(state);
  });
}

// ----- the rules page's pictures (rules.js): the board's own tiles and plate, with fixed example tiles.

/** A tile's two sides as the tile in hand shows them. */
function tileSidesFigure() {
  const sides = [["cake blue a1 p1", "side up"], ["drink i2 a1", "underside"]].map(([code, words]) => {
    const t = parseCode(code);
    const art = smallTile(t, `${words}: ${tileDetail(t)}`);
    art.style.cssText = "width: 130px; max-width: 100%";
    return h("div", { class: "side" }, [art, h("span", { text: words })]);
  });
  return h("div", { class: "sides" }, sides);
}

/** A plate with four tiles round the rim, clockwise from the top: each covers the edge of the one before. */
function plateFigure() {
  const plate = { rim: ["cheese a1 p1", "cracker a1 p1", "cake pink a1 p0", "cake green a1 p1"].map(parseCode), centre: null };
  plate.rim.forEach((t, i) => {
    if (i < plate.rim.length - 1) Object.assign(t, { covered: true, visible_ants: t.ants - 1, visible_pickles: Math.max(t.pickles - 1, 0) });
  });
  const art = plateSvg(plate, { uid: "figure", label: "A plate with four tiles round the rim" });
  // The plate's top 330 of 460: the four tiles, the centre and the free spaces beside them. The whole plate
  // at most 320 px tall (two fifths of a laptop's window) drew the tiles' names at 8 px; cut, it is drawn
  // wider (390 px: names of 10 px) and still shorter (280 px).
  art.setAttribute("viewBox", "0 0 460 330");
  art.style.cssText = "width: 390px; max-width: 100%";
  return art;
}

export const figures = {
  tile_sides: tileSidesFigure,
  plate: plateFigure,
};

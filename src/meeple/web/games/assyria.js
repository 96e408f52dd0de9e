// Assyria's board: the 64-hex map between and around the two rivers (huts, ziggurats,
// wells, the hexes closed at smaller tables), the turn's food rows and columns, my hand,
// Assur with its three dignitaries, the offering tracks and every player's supplies.
// Everything is drawn from the engine's view (the decks show their sizes only).
//
// A turn, click by click: the places a move can go are lit (gold outline on a hex, a
// dashed ring on a well corner, a blue frame on a card or button). Huts, cards, feeding and
// actions are sent at once as pending moves of the turn (Reset takes them all back); a well,
// "No more wells" and "End actions" are selected first, so the panels show the points they
// bring ("+N") before Confirm.

import { h, svg, clear } from "../js/dom.js";
import { icon, iconUse, ICON_NAMES } from "../js/icons.js";
import { boardOf } from "../js/board.js";
import { chip, pressable, repeat, token } from "../js/tokens.js";
import { seatColour } from "../js/seats.js";

const S = 25;                 // hex radius in map units
const SQ3 = Math.sqrt(3);
// The foods come from the view (their keys and words, each card's food and count). Their colours, in
// the order of the game's foods (barley, date, grape, palm, salt); a food beyond them gets a hue from
// its index, and a picture of our set (as_<food>) or else the generic food.
const FOOD_COLOURS = ["#d9a520", "#8b4a2b", "#7b3f9e", "#2f8a4a", "#8c9aa6"];
const ANY = { key: "wild", icon: "as_wild", colour: "#444", one: "wild", many: "wild" };
const PLOW = { key: "plow", icon: "as_plow", colour: "#444", one: "plow", many: "plow" };

/** The view's foods by key, each with its picture and colour. */
function foodsOf(view) {
  return new Map(view.foods.map((f, i) => [f.key, { ...f, icon: ICON_NAMES.includes(`as_${f.key}`) ? `as_${f.key}` : "food",
    colour: FOOD_COLOURS[i] || `hsl(${Math.round((i * 137.5) % 360)} 45% 36%)` }]));
}

const REGION = {
  outside: { fill: "#eadcb5", words: "above or below the rivers: 1 point a hut each turn" },
  river1: { fill: "#8fc3e8", words: "on the first river: camels, but no points, and the flood takes the hut" },
  river2: { fill: "#8fc3e8", words: "on the second river: camels, but no points, and the flood takes the hut" },
  inside: { fill: "#c6dc9a", words: "between the rivers: 2 points a hut each turn, no wells" },
};
const DIGNITARY = [
  { key: "higher", name: "Higher dignitary", cost: 4, spaces: 3, reward: "1, 4 or 8 points for 1, 2 or 3 huts" },
  { key: "middle", name: "Middle dignitary", cost: 3, spaces: 4, reward: "a plow card (never two)" },
  { key: "lower", name: "Lower dignitary", cost: 2, spaces: 6, reward: "1 camel a hut" },
];
const MULT = [0, 1, 2, 2, 3, 3, 3, 4];


function centre(q, r) {
  return [S * 1.5 * q, S * SQ3 * (r + q / 2)];
}

function corners(cx, cy, s = S) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push(`${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`);
  }
  return out.join(" ");
}

const key = (m) => JSON.stringify(m);

/** A hex of the map centred on (x, y): its region's colour, its label, its food, and `occ`'s hut, or its
 * ziggurat of `level` levels, in `colour`. */
function hexShape(cell, x, y, food, { occ = -1, level = 0, colour = null, unfed = false, lit = false } = {}) {
  const g = svg("g", { class: `as-hex${cell.closed ? " closed" : ""}${lit ? " lit" : ""}`,
    dataset: { hex: cell.label, occ: String(occ), level: String(level) } });
  g.append(svg("polygon", { points: corners(x, y), fill: REGION[cell.region].fill }));
  // The label top left, clear of the food (top right), of a dug well's corner and of the ziggurat below.
  g.append(svg("text", { class: "lab", x: x - S * 0.4, y: y - S * 0.42, text: cell.label }));
  g.append(svg("circle", { class: "food", cx: x + S * 0.5, cy: y - S * 0.45, r: 8, fill: "#fffdf6", stroke: food.colour,
    "stroke-width": 1.6, "data-food": cell.food }));
  g.append(iconUse(food.icon, x + S * 0.5, y - S * 0.45, 12));
  if (occ >= 0 && level > 0) {
    // Its base on the hex's lower half: the roof stays under the label and the food (it hid them at three levels).
    for (let l = 0; l < level; l++) {
      const w = 26 - l * 7;
      g.append(svg("rect", { class: "as-zig", x: x - w / 2, y: y + 17 - (l + 1) * 7, width: w, height: 7, fill: colour }));
    }
  } else if (occ >= 0) {
    const hut = `${x - 8},${y + 8} ${x - 8},${y} ${x},${y - 7} ${x + 8},${y} ${x + 8},${y + 8}`;
    g.append(svg("polygon", { class: `as-hut${unfed ? " unfed" : ""}`, points: hut, fill: colour }));
  }
  return g;
}

// A food card drawn as its food, once per hut it feeds (three dates for a date 3), the number in the
// corner: never cut, whatever the width. `food` is the card's food (ANY, PLOW or one of foodsOf's), `label` its name.
function foodCard(name, food, count, label, opts = {}) {
  const tag = opts.onClick ? "button" : "span";
  const mini = opts.mini ? " mini" : "";
  const pics = Array.from({ length: count }, () => icon(food.icon, { size: opts.mini ? 11 : count > 2 ? 17 : 21 }));
  return h(tag, { class: `as-card${mini}${opts.lit ? " lit" : ""}${opts.extra ? " " + opts.extra : ""}`,
    type: opts.onClick ? "button" : null, dataset: { card: name, ...(opts.data || {}) }, style: `--food:${food.colour}`,
    onClick: opts.onClick || null, role: opts.onClick ? null : "img", "aria-label": label }, [
    h("span", { class: "as-count", "aria-hidden": "true", text: food === ANY || food === PLOW ? "" : String(count) }),
    h("span", { class: "as-kind", "aria-hidden": "true", text: food === ANY ? "any" : "" }),
    ...pics]);
}

export function createBoard(root, ctx) {
  let last = null;
  let version = 0;
  let foods = new Map();  // the view's foods by key
  let cards = {};         // the view's cards by name: food (null: any), count, cost
  const el = h("div", { class: "as-board" });
  root.append(el);

  const legal = () => (last && last.legal ? last.legal.map((l) => l.json) : []);
  const has = (m) => legal().some((x) => key(x) === key(m));
  const chosen = (m) => { const s = ctx.selected(); return !!s && key(s) === key(m); };

  function go(move, label, selectFirst) {
    if (selectFirst) ctx.select(move, label);
    else ctx.play(move);
  }

  const cardOf = (name) => cards[name] || { food: null, count: 1, cost: 2 };
  const foodOf = (key) => foods.get(key) || ANY;
  const cap = (words) => words[0].toUpperCase() + words.slice(1);

  function cardFood(name) {
    const c = cardOf(name);
    return c.plow ? PLOW : c.food === null ? ANY : foodOf(c.food);
  }

  /** A card in words, as players say it: "3 dates", "1 barley", "a wild card", "the plow". */
  function cardName(name) {
    const c = cardOf(name);
    if (c.plow) return "the plow";
    if (c.food === null) return "a wild card";
    const f = foodOf(c.food);
    return `${c.count} ${c.count === 1 ? f.one : f.many}`;
  }

  function cardWords(name) {
    const c = cardOf(name);
    if (c.plow) return "Plow: feeds one hut of any food; 1 point if still held at the end.";
    if (c.food === null) return "Wild card: feeds one hut of any food.";
    const f = foodOf(c.food);
    return `${cap(f.many)}, ${c.count} symbol${c.count > 1 ? "s" : ""}: feeds up to ${c.count} hut${c.count > 1 ? "s" : ""} on ${f.one} hexes.`;
  }

  function card(name, opts = {}) {
    const b = foodCard(name, cardFood(name), cardOf(name).count, opts.label ? `${opts.label}` : cardName(name), opts);
    if (!opts.noTip) ctx.tooltip(b, () => cardWords(name) + (opts.hint ? ` ${opts.hint}` : ""));
    return b;
  }

  function hexWords(v, i) {
    const cell = v.map.hexes[i];
    const bits = [`${cell.label}: ${foodOf(cell.food).many}, ${REGION[cell.region].words}.`];
    if (cell.closed) bits.push("Closed at this table size.");
    const occ = v.occ[i];
    if (occ >= 0) {
      bits.push(v.level[i]
        ? `${ctx.seatName(occ)}'s ziggurat, ${v.level[i]} level${v.level[i] > 1 ? "s" : ""} (1 point a level each turn).`
        : `${ctx.seatName(occ)}'s hut${v.fed[i] ? ", resupplied" : ""}.`);
    }
    return bits.join(" ");
  }

  function drawMap(v) {
    const moves = legal();
    const byHex = new Map();
    for (const m of moves) {
      for (const k of ["start", "hut", "feed", "build", "extend"]) if (k in m) byHex.set(m[k], m);
    }
    const wellMoves = new Map(moves.filter((m) => "well" in m).map((m) => [m.well - 1, m]));
    const pts = v.map.hexes.map((c) => centre(c.q, c.r));
    // Only the open hexes are drawn (two or three players close the eastern columns): a bigger map.
    const open = v.map.hexes.map((c, i) => i).filter((i) => !v.map.hexes[i].closed);
    const xs = open.map((i) => pts[i][0]);
    const ys = open.map((i) => pts[i][1]);
    // The hexes' own reach (a flat-topped hex: S sideways, S * SQ3 / 2 up and down) and half a lit hex's stroke:
    // the map fills its box's width (a phone's map was 4 % margins).
    const padX = S + 2;
    const padY = S * SQ3 / 2 + 2;
    const box = [Math.min(...xs) - padX, Math.min(...ys) - padY, Math.max(...xs) - Math.min(...xs) + 2 * padX,
      Math.max(...ys) - Math.min(...ys) + 2 * padY];
    const map = svg("svg", { class: "as-map", viewBox: box.map((n) => n.toFixed(1)).join(" "),
      role: "group", "aria-label": "The map" });
    v.map.hexes.forEach((cell, i) => {
      if (cell.closed) return;
      const [x, y] = pts[i];
      const move = byHex.get(cell.label);
      const words = move && { start: "Start here", hut: "Place a hut here", feed: "Feed this hut",
        build: "Build a ziggurat here", extend: "Add a level to this ziggurat" }[Object.keys(move)[0]];
      const occ = v.occ[i];
      const unfed = occ >= 0 && !v.level[i] && ["huts", "use", "feed"].includes(v.phase) && occ === v.seat && !v.fed[i];
      const g = hexShape(cell, x, y, foodOf(cell.food), { occ, level: v.level[i], colour: occ >= 0 ? ctx.seatColour(occ) : null,
        unfed, lit: !!move });
      if (move) pressable(g, `${words}: ${cell.label}`, () => go(move, `${words.toLowerCase()} (${cell.label})`, false));
      // What a click does, in the words of the button's label ("Click: hut." before).
      ctx.tooltip(g, () => hexWords(v, i) + (move ? ` Click to ${words[0].toLowerCase()}${words.slice(1)}.` : ""));
      map.append(g);
    });
    v.map.wells.forEach((trio, w) => {
      const dug = v.wells[w];
      const move = wellMoves.get(w);
      if (dug < 0 && !move) return;
      const x = (pts[trio[0]][0] + pts[trio[1]][0] + pts[trio[2]][0]) / 3;
      const y = (pts[trio[0]][1] + pts[trio[1]][1] + pts[trio[2]][1]) / 3;
      if (dug >= 0) {
        const c = svg("circle", { class: "as-well", cx: x, cy: y, r: 5, dataset: { well: String(w + 1) },
          stroke: ctx.seatColour(dug) });
        ctx.tooltip(c, () => `Well ${w + 1}, dug by ${ctx.seatName(dug)}: no ziggurat may go on the three hexes around it.`);
        map.append(c);
      } else {
        const c = svg("circle", { class: `as-well spot${chosen(move) ? " chosen" : ""}`, cx: x, cy: y, r: 7,
          dataset: { well: String(w + 1) } });
        pressable(c, `Dig well ${w + 1}`, () => go(move, `dig well ${w + 1}`, true));
        ctx.tooltip(c, () => `Dig well ${w + 1}: ${7 - v.reign} points now. Click, then Confirm.`);
        map.append(c);
      }
    });
    const closed = v.map.hexes.length - open.length;
    return h("div", { class: "as-map-box" }, [map, closed ? h("div", { class: "as-note",
      text: `${closed} hexes in the east are closed with ${v.players} players.` }) : null]);
  }

  function drawTurn(v) {
    const exp = v.expansions.map((n, i) => h("span", { class: `as-exp${i === v.turn - 1 ? " chosen" : ""}`,
      text: `Expansion ${n}` }));
    if (v.bonus) exp.push(h("span", { class: "as-exp", text: "Bonus 4" }));
    const line = h("div", { class: "as-line" }, [
      h("strong", { text: `Reign ${v.reign}, turn ${v.turn} of ${[2, 3, 3][v.reign - 1]}` }), ...exp]);
    const facts = h("div", { class: "as-note", dataset: { testid: "as-facts" },
      text: `Wells left ${v.well_stock} · food deck ${v.deck} · expansion deck ${v.expansion_deck} · plows in supply ${v.plow_supply}` });
    const box = h("div", { class: "as-box" }, [line, facts]);
    if (v.phase === "huts" && v.seat >= 0) box.append(h("div", { class: "as-note", text: `${ctx.seatName(v.seat)}: ${v.huts_to_place} hut${v.huts_to_place === 1 ? "" : "s"} to place.` }));
    if (v.in_use) {
      box.append(h("div", { class: "as-line as-note" }, [card(v.in_use.card, { mini: true }),
        `In use: ${v.in_use.symbols} hut${v.in_use.symbols === 1 ? "" : "s"} left to feed with it: click them on the map.`]));
    }
    return box;
  }

  // The sowing: each column two food cards one above the other; a column I may harvest is one button
  // (click the cards), a column harvested says by whom.
  function drawRows(v) {
    const moves = legal();
    const buys = new Map(moves.filter((m) => "buy" in m).map((m) => [m.buy, m]));
    const cols = v.rows[0].length;
    const grid = h("div", { class: "as-rows", style: `--cols:${cols}` });
    for (let c = 0; c < cols; c++) {
      const colMove = ctx.move("Column", { col: c + 1 });
      const names = [0, 1].map((row) => v.rows[row][c]);
      const can = has(colMove) && !names.some((n) => n && buys.has(n));
      const cards = names.map((name) => {
        if (!name) return h("span", { class: "as-card empty", role: "img", "aria-label": "no card" });
        const buy = can ? null : buys.get(name);
        return card(name, buy ? { lit: true, extra: chosen(buy) ? "chosen" : "", label: `Buy ${cardName(name)}`,
          hint: `Click to buy it for ${cardOf(name).cost} camel${cardOf(name).cost === 1 ? "" : "s"}.`,
          onClick: () => go(buy, `buy ${cardName(name)}`, false) } : {});
      });
      const held = names.filter(Boolean).map(cardName).join(" and ");
      let col;
      if (can) {
        col = h("button", { type: "button", class: "as-col lit", dataset: { col: String(c + 1), column: String(c + 1) },
          "aria-label": `Take column ${c + 1}: ${held}`, onClick: () => go(colMove, `harvest column ${c + 1}`, false) },
        [...cards, h("span", { class: "as-take", "aria-hidden": "true", text: "Take" })]);
      } else {
        col = h("div", { class: `as-col${v.taken[c] >= 0 ? " taken" : ""}`, dataset: { col: String(c + 1) } }, [...cards,
          v.taken[c] >= 0 ? h("span", { class: "as-who", text: ctx.seatName(v.taken[c]) }) : null]);
      }
      grid.append(col);
    }
    const box = h("div", { class: "as-box" }, [h("h3", { text: "Food rows" }), grid]);
    if (v.draft.length) {
      const line = h("div", { class: "as-line" }, [h("span", { class: "as-note", text: "Opening cards:" })]);
      for (const name of v.draft) {
        const m = ctx.move("Draft", { kind: name });
        line.append(card(name, has(m) ? { lit: true, label: `Take ${cardName(name)}`, onClick: () => go(m, `take ${cardName(name)}`, false) } : {}));
      }
      box.append(line);
    }
    return box;
  }

  function drawHand(v, me) {
    // (my cards where the board is drawn for my seat; a replay seen by another seat draws that seat's)
    const title = me === null ? "Hands" : ctx.you(me) !== "" ? "My cards" : `${ctx.seatName(me)}'s cards`;
    const box = h("div", { class: "as-box" }, [h("h3", { text: title })]);
    const line = h("div", { class: "as-stack", dataset: { hand: me === null ? "" : String(me) } });
    if (me !== null) {
      for (const [name, count] of Object.entries(v.hands[me])) {
        const m = ctx.move("Use", { kind: name });
        for (let i = 0; i < count; i++) {
          line.append(card(name, has(m) && i === 0 ? { lit: true, label: `Use ${cardName(name)}`, hint: "Click to resupply with it.",
            onClick: () => go(m, `use ${cardName(name)}`, false) } : {}));
        }
      }
      if (v.plows[me]) {
        const m = ctx.move("Use", { kind: "plow" });
        line.append(card("plow", has(m) ? { lit: true, label: "Use the plow", onClick: () => go(m, "use the plow", false) } : {}));
      }
      if (!line.childNodes.length) line.append(h("span", { class: "as-note", text: "No cards." }));
      box.append(line);
    }
    return box;
  }

  // An action as a token the player taps (tokens.js, as the other boards draw theirs): its pictures (camels
  // paid, the plow card, a hut), a short name; lit when it may be taken, chosen when selected before Confirm.
  function act(m, name, pictures, tip, label, selectFirst, control = false) {
    const can = has(m);
    return token(ctx, { pictures, name, tip, label, control, lit: can, chosen: chosen(m), disabled: !can,
      cls: "as-act as-token", data: { move: key(m) }, onClick: () => go(m, label.toLowerCase(), selectFirst) });
  }
  const camels = (n, size = 19) => repeat(n, () => icon("as_camel", { size }));

  /** Words addressed to `seat` ("your villages", "you have"), or naming it where it is not the viewer's own: a replay
   * seen by another seat draws that seat (state.my_seat), a spectator reads of the seat to act. */
  function addressed(seat) {
    if (seat === null || seat < 0 || ctx.you(seat) !== "") return { your: "your", youHave: "you have" };
    const name = ctx.seatName(seat);
    return { your: `${name}'s`, youHave: `${name} has` };
  }

  function drawActions(v, me) {
    const to = addressed(me !== null ? me : v.seat);
    const box = h("div", { class: "as-box", dataset: { testid: "as-actions" } }, [h("h3", { text: "Actions" })]);
    const line = h("div", { class: "as-line as-tokens" });
    if (v.phase === "wells") {
      line.append(act(ctx.move("NoWell"), "No more wells", [icon("lf_pass", { size: 22 })],
        `Stop digging wells this turn; then ${to.your} villages and camels are counted.`, "No more wells", true, true));
    }
    if (v.phase === "actions") {
      for (const k of [1, 2, 3]) {
        line.append(act(ctx.move("Offer", { camels: k }), `Offer ${k}`, camels(k),
          `Offer ${k} camel${k > 1 ? "s" : ""} to the gods: up the offerings track ${k} (at most 3 camels a turn, track to 7).`,
          `Offer ${k} camel${k > 1 ? "s" : ""}`, false));
      }
      const price = cardOf("plow").cost;
      line.append(act(ctx.move("Plow"), "Buy plow", [card("plow", { mini: true, noTip: true }), h("span", { class: "as-price" }, camels(price, 14))],
        `A plow card for ${price} camels: never more than one in hand.`, `Buy the plow for ${price} camels`, false));
      line.append(act(ctx.move("Done"), "End actions", [icon("lf_pass", { size: 22 })],
        `Keep the camels ${to.youHave} left and end ${to.your} actions.`, "End actions", true, true));
    }
    if (!line.childNodes.length) line.append(h("span", { class: "as-note", text: "Nothing to do here now." }));
    box.append(line);
    return box;
  }

  function drawAssur(v) {
    const box = h("div", { class: "as-box", dataset: { testid: "as-assur" } }, [h("h3", { text: "Assur" })]);
    const me = last && last.my_seat !== undefined && last.my_seat !== null ? last.my_seat : v.seat;
    DIGNITARY.forEach((d, i) => {
      const m = ctx.move("Assur", { level: d.key });
      const hut = icon("as_hut", { size: 20 });
      if (me >= 0) hut.style.color = ctx.seatColour(me);
      const b = act(m, d.name.split(" ")[0], [hut, h("span", { class: "as-price wide" }, camels(d.cost, 15))],
        `${d.name}: ${d.cost} camels and a hut from stock; ${3 - i} influence; at the flood: ${d.reward}.`,
        `A hut to the ${d.key} dignitary for ${d.cost} camels`, false);
      const spaces = h("div", { class: "as-line" });
      for (let s = 0; s < d.spaces; s++) {
        const who = v.assur[i][s];
        spaces.append(h("span", { class: "as-space", dataset: { seat: who === undefined ? "" : String(who) },
          style: who === undefined ? "" : `background:${ctx.seatColour(who)}` }));
      }
      box.append(h("div", { class: "as-dig" }, [b, spaces]));
    });
    return box;
  }

  function drawTracks(v) {
    const box = h("div", { class: "as-box" }, [h("h3", { text: "Offerings" })]);
    for (let s = 0; s < v.players; s++) {
      const row = h("div", { class: "as-track", dataset: { offering: String(s) } }, [h("span", { text: ctx.seatName(s) })]);
      for (let k = 0; k <= 7; k++) {
        const on = v.offering[s] === k;
        row.append(h("span", { class: `cell${on ? " on" : ""}`, style: on ? `background:${ctx.seatColour(s)}` : "",
          text: k ? `x${MULT[k]}` : "0" }));
      }
      ctx.tooltip(row, () => `${ctx.seatName(s)}: track ${v.offering[s]}; at the flood each ziggurat scores x${MULT[v.offering[s]]}.`);
      box.append(row);
    }
    return box;
  }

  // Each seat's supplies as chips (tokens.js): camels, huts in stock, ziggurat tiles left, the plow.
  function drawSeats(v) {
    const box = h("div", { class: "as-box" }, [h("h3", { text: "Supplies" })]);
    for (const s of v.order) {
      const held = Object.entries(v.hands[s]).flatMap(([k, n]) => repeat(n, () => card(k, { mini: true })));
      const z = v.ziggurats[s];
      const hut = icon("as_hut", { size: 16 });
      hut.style.color = ctx.seatColour(s);
      const chips = h("div", { class: "as-line as-chips" }, [
        chip(ctx, { pictures: icon("as_camel", { size: 16 }), count: v.camels[s], label: `${v.camels[s]} camels`, data: { camels: String(s) } }),
        chip(ctx, { pictures: hut, count: v.huts[s], label: `${v.huts[s]} huts in stock` }),
        chip(ctx, { pictures: ziggurat(ctx.seatColour(s)), count: `${z[0]}/${z[1]}/${z[2]}`,
          label: `Ziggurat tiles left: ${z[0]} bases, ${z[1]} centres, ${z[2]} roofs` }),
        v.plows[s] ? chip(ctx, { pictures: icon("as_plow", { size: 16 }), count: "", label: "Holds a plow" }) : null,
      ]);
      box.append(h("div", { class: "as-seat", style: `--c:${ctx.seatColour(s)}`, dataset: { seat: String(s) } }, [
        h("strong", { text: `${ctx.seatName(s)}${v.seat === s ? " (to act)" : ""}` }),
        chips,
        held.length ? h("div", { class: "as-stack", role: "group", "aria-label": `${ctx.seatName(s)}'s food cards` }, held)
          : h("span", { class: "as-note", text: "no cards" }),
      ]));
    }
    return box;
  }

  function draw(state) {
    const v = state.view;
    const me = state.my_seat === undefined ? null : state.my_seat;
    foods = foodsOf(v);
    cards = v.cards;
    clear(el);
    version += 1;
    el.dataset.version = String(version);
    el.dataset.mine = legal().length ? "1" : "0";
    el.dataset.phase = v.phase;
    const actions = drawActions(v, me);
    const assur = drawAssur(v);
    const side = h("div", { class: "as-side" }, [drawTurn(v), drawRows(v), drawHand(v, me), actions, assur,
      drawTracks(v), drawSeats(v)]);
    el.append(drawMap(v), side);
    // What I act on (acting.js): in the actions phase the action tokens (buying a card is one action
    // among them); else the box of the first thing lit for me, else the map (huts and wells go there).
    if (legal().length) {
      const lit = side.querySelector("button.lit:not([disabled])");
      const area = v.phase === "actions" ? actions : lit ? lit.closest(".as-box") : el.querySelector(".as-map-box");
      area.dataset.acting = v.phase;
      // The Assur tokens are actions of the phase too, just under the action tokens: they come into view with them
      // (on a phone they sat under the status bar).
      if (v.phase === "actions" && assur.querySelector(".lit:not([disabled])")) assur.dataset.actingAlso = "";
    }
  }

  return boardOf(root, (state) => {
    last = state;
    draw(state);
  });
}

/** A small ziggurat of three tiers in a seat's colour, for the chip of tiles left. */
function ziggurat(colour) {
  return svg("svg", { class: "as-zig-pic", width: 16, height: 16, viewBox: "0 0 24 24", "aria-hidden": "true" },
    [[3, 16, 18], [6, 10, 12], [9, 4, 6]].map(([x, y, w]) => svg("rect", { x, y, width: w, height: 6, fill: colour,
      stroke: "#222", "stroke-width": 1.2 })));
}

// ----- Figures for the rules page (js/rules.js): hexes drawn by hexShape and cards by foodCard from fixed examples
// (the map's own hexes a2-a4 and d3, the game's foods as the view sends them), at a rules page's size.
const FIGURE_FOODS = foodsOf({ foods: [["barley", "barley", "barley"], ["date", "date", "dates"], ["grape", "grape", "grapes"],
  ["palm", "palm", "palms"], ["salt", "salt", "salt"]].map(([key, one, many]) => ({ key, one, many })) });

/** Hexes of the map as the board draws them, in an SVG `width` px wide: [cell, occ, level] with cell {q, r, label, food, region}. */
function figureMap(hexes, width) {
  const pts = hexes.map(([cell]) => centre(cell.q, cell.r));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = S + 3;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad,
    Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const map = svg("svg", { class: "as-map", viewBox: box.map((n) => n.toFixed(1)).join(" "), "aria-hidden": "true",
    style: `width: ${width}px; max-width: 100%` });
  hexes.forEach(([cell, occ, level], i) => map.append(hexShape(cell, pts[i][0], pts[i][1], FIGURE_FOODS.get(cell.food),
    { occ, level, colour: occ >= 0 ? seatColour(occ) : null })));
  return map;
}

export const figures = {
  huts: () => figureMap([
    [{ q: 0, r: 1, label: "a2", food: "date", region: "outside" }, 0, 0],
    [{ q: 0, r: 2, label: "a3", food: "grape", region: "river1" }, 0, 0],
    [{ q: 0, r: 3, label: "a4", food: "salt", region: "inside" }, 0, 0],
  ], 104),
  ziggurat: () => figureMap([[{ q: 3, r: 1, label: "d3", food: "date", region: "inside" }, 1, 3]], 136),
  food_cards: () => h("div", { class: "as-stack", style: "zoom: 1.35" }, [
    foodCard("date3", FIGURE_FOODS.get("date"), 3, "3 dates"),
    foodCard("salt1", FIGURE_FOODS.get("salt"), 1, "1 salt"),
    foodCard("wild", ANY, 1, "a wild card"),
    foodCard("plow", PLOW, 1, "the plow"),
  ]),
};

// Living Forest's board: the Circle of Spirits (rocks with their bonus, the spirits,
// Onibi, the fires at the centre), the reserve by level (and the Kodama market), the
// tree dispenser, the actions of the spirit to act with their element totals and what
// they can reach lit, and every spirit's Help Line (growing live as cards are drawn,
// with its solitary count) and forest with its line and corner bonuses.
// Drawn from the engine's view only: draw stacks show their size, never their order.
//
// Moves: drawing turns up a hidden card, so it is sent at once; every other move is
// selected (the panels show its preview) and Confirm sends it.

import { h } from "../js/dom.js";
import { icon } from "../js/icons.js";

// Plain symbols that every system font has (no emoji font on many Linux boxes).
const ICON = { sun: "lf_sun", water: "lf_water", leaf: "lf_plant", wind: "lf_wind", flower: "lf_flower" };
const ACTION_ICON = { fragment: "lf_fragment", attract: "lf_sun", extinguish: "lf_fire", move: "lf_wind", plant: "lf_plant" };
/** A small picture of the set (js/icons.js) in a line of text. */
const pic = (name, label = null) => icon(name, { size: 14, label, cls: "lf-i" });
const SYMBOL = { solitary: "\u25CF", gregarious: "\u25CE", none: "" };
const COLS = "abcde";

const STYLE = `
.lf { display: flex; flex-direction: column; gap: 10px; max-width: 100%; overflow-x: hidden; font-size: 14px; }
.lf section { border: 1px solid #c9d6c0; border-radius: 8px; padding: 6px 8px; background: #f7fbf3; }
.lf h3 { margin: 0 0 4px; font-size: 14px; }
.lf .row { display: flex; flex-wrap: wrap; gap: 4px; align-items: stretch; }
.lf .card { border: 1px solid #8aa27a; border-radius: 6px; padding: 3px 5px; background: #fff; min-width: 64px;
  max-width: 96px; font-size: 12px; text-align: left; line-height: 1.25; }
.lf .card.solitary { border-color: #b34; } .lf .card.gregarious { border-color: #36a; }
.lf .card.varan { background: #fbe0d6; } .lf .card.kodama { background: #f3e8fb; }
.lf .card .name { font-weight: 600; display: block; }
.lf button.card { display: block; font: inherit; }
.lf .card span { display: inline; }
.lf button.lit, .lf .lit { outline: 3px solid #2b8a3e; background: #e6f6e6; cursor: pointer; }
.lf button.chosen { outline: 3px solid #e67700; }
.lf .rocks { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 3px; }
.lf .rock { border: 1px solid #999; border-radius: 14px; padding: 2px; text-align: center; font-size: 12px; min-height: 38px; }
.lf .spirit { display: inline-block; width: 14px; height: 14px; border-radius: 50%; border: 1px solid #333; vertical-align: middle; }
.lf .fires { display: flex; gap: 4px; flex-wrap: wrap; margin-top: 4px; }
.lf .fire { border: 1px solid #c33; background: #fde3d8; border-radius: 50%; width: 30px; height: 30px; font-weight: 700; }
.lf .forest { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 2px; max-width: 330px; }
.lf .space { border: 1px dashed #9b9; border-radius: 4px; min-height: 30px; font-size: 11px; padding: 1px; background: #fff; }
.lf .space.tree { border-style: solid; background: #dff0d8; }
.lf .space.start { background: #b7dfa5; }
.lf .space.corner { box-shadow: inset 0 0 0 2px #d9b44a; }
.lf .seat { border-left: 6px solid #888; }
.lf .totals span, .lf .lines span { margin-right: 6px; white-space: nowrap; }
.lf .lines .done { font-weight: 700; color: #2b8a3e; }
.lf .actions .act { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 2px 0; }
.lf .actions .act.off { opacity: 0.5; }
.lf .small { font-size: 12px; color: #445; }
.lf .lf-i { vertical-align: -2px; margin: 0 1px; }
.lf .controls button { font-size: 15px; padding: 6px 12px; margin: 2px; }
`;

/** Elements as pictures: "2" and the sun, "3" and the water, ... */
function els(elements) {
  const out = Object.entries(elements || {}).flatMap(([k, v], i) => [i ? " " : "", String(v), pic(ICON[k], k)]);
  return out.length ? out : ["\u2014"];
}

/** The same in words (tooltips). */
function elsWords(elements) {
  return Object.entries(elements || {}).map(([k, v]) => `${v} ${k}`).join(", ") || "nothing";
}

function cardText(c) {
  const bits = [`${c.name}`, elsWords(c.elements)];
  if (c.symbol !== "none") bits.push(c.symbol);
  if (c.kodama) bits.push(`${c.kodama} Kodama`);
  if (c.twice) bits.push(`${c.twice} twice this turn`);
  if (c.extra) bits.push(`one more ${c.extra}`);
  bits.push(c.level === 5 ? `costs ${c.cost} flowers` : `costs ${c.cost} suns`);
  return bits.join(" \u00B7 ");
}

export function createBoard(root, ctx) {
  const style = h("style", { text: STYLE });
  root.append(style);
  const main = h("div", { class: "lf" });
  root.append(main);
  let plantTree = null; // the tree chosen in the dispenser, waiting for a space

  function legalJson(obj) { return ctx.isLegal(obj); }
  function choose(obj, label) { ctx.select(obj, label); }

  function cardEl(c, move, label) {
    const cls = ["card", c.symbol, c.id === 65 ? "varan" : "", c.level === 5 || c.kodama ? "kodama" : ""];
    const lit = move && legalJson(move);
    const el = h(lit ? "button" : "div", { class: cls.join(" ") + (lit ? " lit" : ""), "data-card": c.name,
      "aria-label": cardText(c), onClick: lit ? () => choose(move, label || `Attract ${c.name}`) : null }, [
      h("span", { class: "name", text: `${SYMBOL[c.symbol]} ${c.name}` }),
      h("span", {}, els(c.elements)),
      c.kodama ? h("span", { text: ` K${c.kodama}` }) : null,
      h("span", { class: "small" }, [` ${c.cost}`, c.level === 5 ? pic(ICON.flower, "flowers") : pic(ICON.sun, "sun")]),
    ]);
    ctx.tooltip(el, () => cardText(c));
    return el;
  }

  function circle(v) {
    const c = v.circle;
    const rocks = c.rocks.map((bonus, i) => {
      const here = v.seats.filter((s) => s.rock === i);
      const el = h("div", { class: "rock", "data-rock": i }, [
        h("div", {}, [`${i + 1} `, pic(ACTION_ICON[bonus], bonus)]),
        ...here.map((s) => h("span", { class: "spirit", style: `background:${ctx.seatColour(s.seat)}`,
          title: ctx.seatName(s.seat) })),
        c.onibi === i ? h("span", { text: "\u2620", title: "Onibi" }) : null,
      ]);
      ctx.tooltip(el, () => `Rock ${i + 1}: bonus ${bonus}` + (here.length ? `; ${here.map((s) => ctx.seatName(s.seat)).join(", ")}` : ""));
      return el;
    });
    const fires = c.fires.map((value) => {
      const move = { extinguish: value };
      const lit = legalJson(move);
      const el = h("button", { class: "fire" + (lit ? " lit" : ""), disabled: !lit, "data-fire": value,
        "aria-label": `Fire of ${value}`, onClick: () => choose(move, `Put out a fire of ${value}`) }, [String(value)]);
      ctx.tooltip(el, () => `A fire of ${value}: ${value} water puts it out`);
      return el;
    });
    const strength = c.fires.reduce((a, b) => a + b, 0);
    return h("section", { class: "circle" }, [
      h("h3", { text: `Circle of Spirits \u00B7 fires ${c.fires.length}/7, strength ${strength}` }),
      h("div", { class: "rocks" }, rocks),
      h("div", { class: "fires" }, fires.length ? fires : [h("span", { class: "small", text: "No fire at the centre." })]),
      h("div", { class: "small", text: `Stocks: ${v.stocks.fragments} Fragments, ${v.stocks.varans} Fire Varans` }),
    ]);
  }

  function reserve(v) {
    const rows = v.reserve.map((r) => h("div", {}, [
      h("div", { class: "small", text: `Level ${r.level} \u00B7 ${r.stack} in the stack` }),
      h("div", { class: "row" }, r.row.map((c) => cardEl(c, { attract: c.id }))),
    ]));
    const parts = [h("h3", { text: "Reserve of Guardian Animals" }), ...rows];
    if (v.kodama) {
      parts.push(h("div", { class: "small", text: `Kodama market (flowers, one a turn) \u00B7 ${v.market_stack} in the deck` }));
      parts.push(h("div", { class: "row" }, v.market.map((c) => cardEl(c, { buy: c.id }, `Buy ${c.name}`))));
    }
    return h("section", { class: "reserve" }, parts);
  }

  function dispenser(v) {
    return h("section", { class: "dispenser" }, [
      h("h3", { text: "Protective Trees (cost in leaves)" }),
      h("div", { class: "row" }, v.dispenser.map((t) => {
        const can = v.action && v.action.reach.plant.reach.includes(t.id) && v.action.reach.plant.may &&
          ctx.selected() === null && v.action.seat === mySeat();
        const lit = can && t.left > 0;
        const el = h(lit ? "button" : "div", { class: "card" + (lit ? " lit" : "") + (plantTree === t.id ? " chosen" : ""),
          "data-tree": t.name, onClick: lit ? () => { plantTree = plantTree === t.id ? null : t.id; draw(); } : null }, [
          h("span", { class: "name" }, [pic("lf_plant"), ` ${t.name}`]),
          h("span", {}, t.per_kodama ? [pic(ICON[t.per_kodama], t.per_kodama), " \u00D7 Kodama"] : t.kodama ? ["+1 Kodama"]
            : t.repeat ? ["same action twice"] : els(t.elements)),
          h("span", { class: "small" }, [` ${t.cost}`, pic(ICON.leaf, "leaves"), ` \u00B7 ${t.left} left`]),
        ]);
        ctx.tooltip(el, () => `${t.name}: costs ${t.cost} leaves; ${t.left} left`);
        return el;
      })),
    ]);
  }

  function actions(v, me) {
    const a = v.action;
    if (!a) return null;
    const mine = a.seat === me;
    const lines = Object.values(a.reach).map((r) => {
      const parts = [h("strong", {}, [pic(ACTION_ICON[r.action]), ` ${r.label}`])];
      if (r.element) parts.push(h("span", {}, [" ", pic(ICON[r.element], r.element), ` ${r.available} of ${r.total}`]));
      if (r.action === "fragment" && mine && legalJson({ fragment: true })) {
        parts.push(h("button", { class: "lit", onClick: () => choose({ fragment: true }, "Take a Fragment") }, ["Take"]));
      }
      if (r.action === "move" && mine) {
        for (let i = 1; i <= 11; i++) {
          if (legalJson({ move: i })) parts.push(h("button", { class: "lit", "data-move": i,
            onClick: () => choose({ move: i }, `Move ${i}`) }, [`${i}`]));
        }
      }
      if (r.action === "attract") parts.push(h("span", { class: "small", text: ` reaches ${r.reach.length} card(s)` +
        (mine && r.may && r.reach.length ? ": click a lit card of the reserve" : "") }));
      if (r.action === "extinguish") parts.push(h("span", { class: "small", text: ` reaches fires ${r.reach.join(", ") || "none"}` }));
      if (r.action === "plant") parts.push(h("span", { class: "small", text: ` reaches ${r.reach.length} tree(s)` +
        (mine && r.may && r.reach.length ? (plantTree === null ? ": click a lit tree below, then a lit space" : ": now click a lit space of your forest") : "") }));
      return h("div", { class: "act" + (r.may ? "" : " off"), "data-action": r.action }, parts);
    });
    const head = `${ctx.seatName(a.seat)} acts: ${a.actions_left} action(s) left` +
      (a.bonus ? ` \u00B7 bonus: ${a.bonus}${a.bonus_extra ? ` (+${a.bonus_extra.amount} ${a.bonus_extra.element})` : ""}` : "") +
      (a.active ? ` \u00B7 ${a.active} in progress` : "") +
      (a.steal_from !== null ? ` \u00B7 take a Victory tile from ${ctx.seatName(a.steal_from)}` : "");
    const controls = [];
    if (mine) {
      for (const [k, label] of [[0, "fire"], [1, "flower"], [2, "tree"]]) {
        if (legalJson({ steal: k })) controls.push(h("button", { class: "lit", onClick: () => choose({ steal: k }, `Take a ${label} tile`) }, [`Take a ${label} tile`]));
      }
      if (legalJson({ done: true })) {
        const label = a.active ? "Stop this action" : a.bonus ? "Skip the bonus" : "End my turn";
        controls.push(h("button", { "data-done": "1", onClick: () => choose({ done: true }, label) }, [label]));
      }
    }
    // My actions are what I act on (acting.js brings them into view on my turn).
    return h("section", { class: "actions", "data-acting": mine ? "actions" : null }, [h("h3", { text: head }), ...lines, h("div", { class: "controls" }, controls)]);
  }

  function drawControls(v, me) {
    if (v.phase !== "draw" || me === null || me === undefined) return null;
    const seat = v.seats[me];
    const buttons = [];
    if (legalJson({ draw: true })) buttons.push(h("button", { class: "lit", "data-draw": "1", onClick: () => ctx.play({ draw: true }) }, ["Draw a card"]));
    if (legalJson({ discard: true })) buttons.push(h("button", { onClick: () => choose({ discard: true }, "Spend a Fragment on the card just drawn") }, ["Spend a Fragment"]));
    ["sun", "water", "leaf", "wind", "flower"].forEach((e, i) => {
      if (legalJson({ tile: i })) buttons.push(h("button", { class: "lit", onClick: () => choose({ tile: i }, `Tile: ${e}`) }, ["Tile ", pic(ICON[e], e)]));
    });
    if (legalJson({ stop: true })) buttons.push(h("button", { "data-stop": "1", onClick: () => choose({ stop: true }, "Close my Help Line") }, ["Stop"]));
    const text = seat.stopped ? "Your Help Line is closed: the others are still drawing." :
      `Draw Guardian Animals: ${seat.solitary} solitary of 3.`;
    return h("section", { class: "controls", "data-acting": buttons.length ? "draw" : null }, [h("h3", { text }), ...buttons]);
  }

  function forestEl(v, s, me) {
    const plantable = v.action && v.action.seat === s.seat && s.seat === me && plantTree !== null;
    const cells = s.forest.map((t, p) => {
      const corner = v.corners[String(p)];
      const move = plantable ? { plant: plantTree, space: p } : null;
      const lit = move && legalJson(move);
      const name = `${COLS[p % 5]}${Math.floor(p / 5) + 1}`;
      const tree = typeof t === "number" ? v.dispenser.find((d) => d.id === t) : null;
      const el = h(lit ? "button" : "div", {
        class: "space" + (t === "start" ? " start tree" : tree ? " tree" : "") + (corner ? " corner" : "") + (lit ? " lit" : ""),
        "data-space": name,
        onClick: lit ? () => { const label = `Plant ${tree ? "" : ""}${v.dispenser.find((d) => d.id === plantTree).name} at ${name}`; plantTree = null; choose(move, label); } : null,
      }, [t === "start" ? pic("lf_plant", "the starting tree") : tree ? tree.name : corner ? pic(ACTION_ICON[corner], corner) : ""]);
      ctx.tooltip(el, () => `${name}: ${t === "start" ? "the starting tree" : tree ? `${tree.name} tree` : "empty"}` +
        (corner ? `; corner bonus: ${corner}` : ""));
      return el;
    });
    const lines = s.lines.map((l) => h("span", { class: l.done ? "done" : "" }, [`${l.label}: +${l.amount}`, pic(ICON[l.element], l.element)]));
    return h("div", {}, [h("div", { class: "forest" }, cells), h("div", { class: "lines small" }, lines)]);
  }

  function seatEl(v, s, me) {
    const g = s.goals;
    const acting = (v.phase === "draw" && !s.stopped) || v.turn === s.seat;
    return h("section", { class: "seat", "data-seat": s.seat, style: `border-left-color:${ctx.seatColour(s.seat)}` }, [
      h("h3", {}, [ctx.seatName(s.seat), ...(s.seat === v.first ? [" ", pic("lf_plant"), " Sacred Tree"] : []), acting ? " \u2190" : ""]),
      h("div", { class: "small", text: `Trees ${g.trees} \u00B7 flowers ${g.flowers} \u00B7 fires ${g.fires} (goal ${v.target}) \u00B7 ` +
        `${s.fragments} Fragments \u00B7 draw stack ${s.draw_count} \u00B7 discard ${s.discard.length}` +
        (v.kodama ? ` \u00B7 ${s.kodama} Kodama` : "") + (s.tile ? ` \u00B7 tile +${s.tile.amount} ${s.tile.element}` : "") }),
      h("div", { class: "small help-head", "data-solitary": s.solitary,
        text: `Help Line: ${s.help.length} card(s), ${s.solitary} solitary of 3${s.stopped ? "" : " (drawing)"}` }),
      h("div", { class: "row help" }, s.help.map((c) => cardEl(c, null))),
      h("div", { class: "totals small" }, Object.entries(s.totals).map(([k, val]) => h("span", {}, [pic(ICON[k], k), ` ${val}`]))),
      s.known_top.length ? h("div", { class: "small", text: `On top of the draw stack: ${s.known_top.map((c) => c.name).join(", ")}` }) : null,
      forestEl(v, s, me),
    ]);
  }

  let current = null;
  const mySeat = () => (current ? current.my_seat : null);
  function draw() {
    if (!current) return;
    const v = current.view;
    const me = current.my_seat;
    const order = me === null || me === undefined ? v.seats : [v.seats[me], ...v.seats.filter((s) => s.seat !== me)];
    main.replaceChildren(...[
      h("div", { class: "small", text: `Round ${v.round} \u00B7 ${v.phase} phase \u00B7 goal ${v.target}${v.kodama ? " (Kodama)" : ""}` }),
      drawControls(v, me),
      actions(v, me),
      order.length ? seatEl(v, order[0], me) : null,
      circle(v),
      reserve(v),
      dispenser(v),
      ...order.slice(1).map((s) => seatEl(v, s, me)),
    ].filter(Boolean));
  }


  return {
    update(state) {
      current = state;
      if (!state.legal || !state.legal.length) plantTree = null;
      draw();
    },
    destroy() { main.remove(); style.remove(); },
  };
}

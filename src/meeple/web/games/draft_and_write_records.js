// Draft & Write Records' board: my sheet drawn as a sheet (the ten sections with their checked
// spaces and the bonuses printed where they trigger), the draft hand with the passing direction,
// the goals row with who can claim each, the weekend prompt, and the others' sheets below.
// Choosing a card lights the places it may go on my sheet with the points each would add; a
// click there selects the move and Confirm sends it. Everything is drawn from the engine's view.

import { h, clear } from "../js/dom.js";
import { icon } from "../js/icons.js";

const COLOUR = { red: "#d9412b", blue: "#2b6fd9", green: "#2f9e44", gold: "#d4a017" };
const ROLE_ICON = { "lead singer": "dw_singer", musician: "dw_musician", producer: "dw_producer", backstage: "dw_backstage" };
const BONUS_ICON = { album: "dw_album", single: "dw_single", tour: "dw_tour", $: "dw_cash", "harm.": "dw_harmony" };
/** A bonus of the sheet as its picture (named for screen readers), or its short word (x2, a colour). */
const bonusFace = (short) => (BONUS_ICON[short] ? icon(BONUS_ICON[short], { size: 16, label: short === "$" ? "cash" : short === "harm." ? "harmony" : short }) : short);
const SHORT = { album: "album", single: "single", "tour step": "tour", cash: "$", multiplier: "x2",
  "harmony (any colour)": "harm.", "red harmony": "red", "blue harmony": "blue", "green harmony": "green",
  "gold harmony": "gold" };
const AGENDA_BONUS = ["album", "single", "tour", "x2", "$", "harm."];  // rows 1-3, columns 1-3
// The agenda's eight lines as the sheet prints them, their bonus at the end of the line: [name, bonus, grid row, column]
// on a 5x4 grid (the spaces in columns 2-4 of rows 1-3; "/" ends bottom-left, "\\" bottom-right).
const AGENDA_ENDS = [["row 1", "album", 1, 5], ["row 2", "single", 2, 5], ["row 3", "tour", 3, 5],
  ["column 1", "x2", 4, 2], ["column 2", "$", 4, 3], ["column 3", "harm.", 4, 4], ["diagonal /", "album", 4, 1],
  ["diagonal \\", "tour", 4, 5]];
const ASSET_BONUS = [[0, "album"], [1, "$"], [2, "single"], [3, "x2"], [5, "single"], [6, "tour"], [7, "album"],
  [8, "harm."]];
const RELEASE_BONUS = { albums: [null, "$", null, "x2"], singles: [null, "harm.", null, "tour"] };

const STYLE = `
.dw-board { display: grid; gap: .8rem; max-width: 100%; }
.dw-board * { box-sizing: border-box; }
.dw-board h2 { font-size: 1rem; margin: 0 0 .3rem; }
.dw-board h3 { font-size: .85rem; margin: 0 0 .25rem; }
.dw-status { display: flex; flex-wrap: wrap; gap: .3rem 1rem; font-size: .9rem; }
.dw-status .dir { font-weight: bold; }
.dw-goals { display: grid; grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); gap: .4rem; }
.dw-goal { border: 1px solid #999; border-radius: 6px; padding: .3rem .45rem; background: #fffdf6; font-size: .8rem; }
.dw-goal.current { border: 3px solid #1d6fd6; }
.dw-goal.empty { border-style: dashed; color: #595959; background: transparent; } /* faded, yet 4.5:1 */
.dw-goal .pts { float: right; font-weight: bold; }
.dw-goal .who { color: #444; }
.dw-prompt { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; padding: .4rem; background: #eef4ff;
  border-radius: 6px; }
.dw-board button.chosen { border: 3px solid #d61d6f; background: #ffe9f2; color: #222; } /* as a picked card */
.dw-prompt .swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; margin-right: .35em;
  border: 1px solid #0004; vertical-align: -.05em; }
.dw-hand { display: flex; flex-wrap: wrap; gap: .4rem; }
.dw-card { font: inherit; font-size: .8rem; border: 2px solid #888; border-radius: 6px; padding: .3rem .4rem;
  background: #fff; text-align: left; min-width: 96px; max-width: 160px; cursor: pointer;
  display: flex; flex-direction: column; align-items: flex-start; gap: 2px; } /* its lines one under another */
.dw-card.picked { border-color: #d61d6f; background: #ffe9f2; }
.dw-card.blocked { opacity: .55; cursor: not-allowed; }
.dw-card .kind { font-weight: bold; text-transform: capitalize; }
.dw-sides { display: inline-flex; gap: 2px; vertical-align: middle; }
.dw-sides i { width: 9px; height: 9px; border-radius: 2px; display: inline-block; }
.dw-sheet { display: grid; grid-template-columns: repeat(auto-fit, minmax(165px, 1fr)); gap: .5rem;
  background: #f4efe2; border-radius: 8px; padding: .5rem; border-left: 6px solid var(--seat); }
.dw-sheet.small { font-size: .75rem; }
.dw-sec { background: #fffdf6; border: 1px solid #c9bfa6; border-radius: 6px; padding: .3rem; min-width: 0; }
/* Two columns wide: the Fail row's eight boxes and the Goals' six wrapped in one (the "-16" alone on a line). */
.dw-sec[data-section="assets"], .dw-sec[data-section="crew"], .dw-sec[data-section="fail"],
.dw-sec[data-section="goals"] { grid-column: span 2; }
@media (max-width: 360px) { .dw-sec[data-section="assets"], .dw-sec[data-section="crew"], .dw-sec[data-section="fail"],
  .dw-sec[data-section="goals"] { grid-column: auto; } }
.dw-sec .sum { float: right; font-weight: bold; font-size: .85rem; }
.dw-row { display: flex; flex-wrap: wrap; gap: 3px; align-items: center; margin: 2px 0; }
.dw-box { min-width: 26px; height: 26px; border: 1px solid #777; border-radius: 4px; display: inline-flex;
  align-items: center; justify-content: center; font-size: .7rem; background: #fff; position: relative; padding: 0 2px; }
.dw-box.on { background: #333; color: #fff; }
.dw-box.bonus-on { box-shadow: 0 0 0 2px #2ecc71; }
.dw-box.gate { border: 2px dashed #a05a00; }
.dw-box.lit { border: 3px solid #1d6fd6; background: #e3eeff; cursor: pointer; color: #0b3d91; font-weight: bold; }
.dw-box.sel { border: 3px solid #d61d6f; background: #ffe9f2; }
.dw-grid3 { display: grid; grid-template-columns: 22px repeat(3, 30px) 22px; gap: 3px; align-items: center; justify-items: center; }
.dw-line-end { display: inline-flex; align-items: center; justify-content: center; width: 22px; height: 22px; border-radius: 50%;
  font-size: .7rem; font-weight: bold; color: #333; }
.dw-line-end.done { opacity: 1; box-shadow: 0 0 0 2px #2ecc71; background: #fff; }
.dw-crew { display: grid; grid-template-columns: repeat(4, minmax(34px, 1fr)); gap: 4px; }
.dw-slot { height: 40px; border-radius: 4px; border: 4px solid #ddd; background: #fff; font-size: .7rem;
  display: flex; flex-direction: column; align-items: center; justify-content: center; position: relative; }
.dw-slot.locked { background: repeating-linear-gradient(45deg, #eee, #eee 4px, #ddd 4px, #ddd 8px); }
.dw-slot.lit { outline: 3px solid #1d6fd6; cursor: pointer; background: #e3eeff; color: #0b3d91; font-weight: bold; }
.dw-slot.sel { outline: 3px solid #d61d6f; }
.dw-slot .x2 { position: absolute; top: 0; right: 2px; color: #d61d6f; font-weight: bold; }
.dw-note { font-size: .7rem; color: #555; }
.dw-between { font-size: .6rem; color: #1b5e20; }  /* dark enough to read on the sheet */
.dw-others { display: grid; gap: .6rem; }
.dw-other > summary { cursor: pointer; list-style: none; border-left: 6px solid var(--seat);
  padding: .35rem .5rem; background: #f4efe2; border-radius: 8px; min-height: 44px; display: flex; align-items: center; }
.dw-other > summary::before { content: "\\25b8"; margin-right: .4rem; }
.dw-other[open] > summary::before { content: "\\25be"; }
.dw-other > summary::-webkit-details-marker { display: none; }
.dw-other > summary h2 { display: inline; margin: 0; }
.dw-other[open] > summary { margin-bottom: .3rem; }
.dw-mult { display: inline-flex; gap: .3rem; align-items: center; font-size: .85rem; }
`;

function sidesEl(sides) {
  // An image named by its colours, as the board's other drawn pieces are (an aria-label on a plain span is one
  // ARIA forbids: axe's aria-prohibited-attr wherever the card is not a button, as in the rules' figure).
  return h("span", { class: "dw-sides", role: "img", "aria-label": `sides ${sides.join(", ")}` },
    sides.map((c) => h("i", { style: `background:${COLOUR[c]}` })));
}

// What a short bonus mark gives, in words (the sheet's boxes explain themselves on a long press).
const BONUS_WORDS = { album: "an album", single: "a single", tour: "a tour step", $: "a cash restriction lifted",
  x2: "a multiplier", "harm.": "a harmony of any colour", red: "a red harmony", blue: "a blue harmony",
  green: "a green harmony", gold: "a gold harmony" };

/** "1 point", "3 points". */
const plural = (n, word) => `${n} ${word}${Math.abs(n) === 1 ? "" : "s"}`;

const SIDE_NAMES = ["top", "right", "bottom", "left"];
/** A card in words, for its tooltip and the status bar: a crew's sides by place and colour ("musician 3: top green,
 * right gold, ..."; its text's "[g/g/g/b]" told green from gold by neither), an agenda's or asset's spaces as numbers. */
const cardText = (c) => (c.sides
  ? `${c.role} ${c.score}: ${c.sides.map((colour, i) => `${SIDE_NAMES[i]} ${colour}`).join(", ")}${c.bonus ? `, +${c.bonus}` : ""}`
  : cardWords(c.text));

/** A sheet box; `explain`: its words on hover, focus and long press (never title=, which a phone never shows). */
const placesWords = (n) => `${n} ${n === 1 ? "place" : "places"}`;

/** A place of the sheet in words: "agenda space 5", "asset space 3" (its code, "g5" or "a3", meant nothing to a player). */
const PLACE_KIND = { g: "agenda", a: "asset" };
const placeWords = (place) => {
  const m = /^([ga])(\d+)$/.exec(place);
  return m ? `${PLACE_KIND[m[1]]} space ${m[2]}` : place;
};
/** A card's text with its spaces in words: "agenda g2 or g7 +album" reads "agenda space 2 or 7 +album". */
const cardWords = (text) => text.replace(/\b[ga](\d+) or [ga](\d+)\b/g, "space $1 or $2").replace(/\b[ga](\d+)\b/g, "space $1");

function box(label, { on = false, extra = "", explain = "", data = {} } = {}) {
  return h("span", { class: `dw-box${on ? " on" : ""}${extra}`, dataset: explain ? { ...data, explain } : data }, [label]);
}

function section(title, points, children, key) {
  return h("section", { class: "dw-sec", "data-section": key },
    [h("h3", {}, [title, h("span", { class: "sum" }, [points === null ? "" : String(points)])]), ...children]);
}

/** The sheet's 3x3 agenda grid, spaces numbered 1 to 9 as the agenda cards name them, each line's bonus at its end
 * (done when in `lines`); `cell(on, i)` draws space i + 1. */
function agendaGrid(agenda, lines, cell) {
  const grid = h("div", { class: "dw-grid3" });
  agenda.forEach((on, i) => {
    const el = cell(on, i);
    el.style.gridArea = `${Math.floor(i / 3) + 1} / ${(i % 3) + 2}`;
    grid.append(el);
  });
  for (const [line, bonus, row, col] of AGENDA_ENDS) {
    const done = lines.includes(line);
    grid.append(h("span", { class: `dw-line-end${done ? " done" : ""}`, style: `grid-area:${row} / ${col}`,
      dataset: { line, explain: `${line[0].toUpperCase()}${line.slice(1)}: all three spaces checked give 1 point and ${BONUS_WORDS[bonus]}${done ? " (done)" : ""}` } },
    [bonusFace(bonus)]));
  }
  return grid;
}

/** A card of the hand as the view sends it: a button (`onClick`), or a plain card when there is none. */
function handCard(c, { picked = false, disabled = false, onClick = null } = {}) {
  const blocked = !c.playable;
  return h(onClick ? "button" : "div", { class: `dw-card${picked ? " picked" : ""}${blocked ? " blocked" : ""}`,
    "data-card": c.index, disabled: onClick ? disabled : null, onClick }, [
    h("div", { class: "kind" }, [c.kind === "crew" ? `${c.role} ${c.score}` : c.kind]),
    // (the card's text less its kind, and less its bonus, printed on the line below: "space 2 or 9", "+album")
    c.kind === "crew" ? sidesEl(c.sides) : h("div", {}, [cardWords(c.text.split(" ").slice(1).join(" ").replace(/ \+.*$/, ""))]),
    c.bonus ? h("div", { class: "dw-between" }, [`+${c.bonus}`]) : null,
    h("div", { class: "dw-note" }, [c.places.length ? placesWords(c.places.filter((p) => !p.mult).length) : "no place: fail it"])]);
}

export function createBoard(root, ctx) {
  let last = null;
  const phone = window.matchMedia("(max-width: 760px)"); // the phones' width of the hall's style sheet (meeple.css)
  const shownSheets = new Map(); // another seat -> its sheet opened (true) or folded (false) by the player
  let picked = null;    // index of the hand card chosen
  let useMult = false;  // place the chosen crew with a multiplier
  const style = h("style", { text: STYLE });
  const board = h("div", { class: "dw-board" });
  root.append(style, board);

  const legal = () => (last ? last.legal.map((l) => l.json) : []);
  const selectedJson = () => JSON.stringify(ctx.selected());

  // The places the chosen card may go now: {placeName: {move, gain}} for the current multiplier choice.
  function litPlaces(v) {
    const out = {};
    if (picked === null || !v.hand || !v.hand[picked]) return out;
    for (const p of v.hand[picked].places) {
      if (p.mult !== useMult && v.hand[picked].kind === "crew") continue;
      if (ctx.isLegal(p.move)) out[p.place] = p;
    }
    return out;
  }

  function placeBox(name, label, on, lit, opts = {}) {
    const p = lit[name];
    if (!p) return box(label, { on, ...opts, data: { place: name } });
    const sel = selectedJson() === JSON.stringify(p.move);
    const el = h("button", { class: `dw-box lit${sel ? " sel" : ""}`, "data-place": name, "data-lit": name,
      "aria-label": `Place on ${placeWords(name)}: ${p.gain >= 0 ? "+" : ""}${p.gain} points`,
      onClick: () => ctx.select(p.move, `${v_text(p)}`) }, [`${p.gain >= 0 ? "+" : ""}${p.gain}`]);
    ctx.tooltip(el, () => `${placeWords(name)}: this card would add ${plural(p.gain, "point")}`);
    return el;
  }
  const v_text = (p) => `place on ${placeWords(p.place)}${p.mult ? " with a multiplier" : ""} (${p.gain >= 0 ? "+" : ""}${p.gain})`;

  function sheetEl(v, seatIndex, mine) {
    const seat = v.seats[seatIndex];
    const sh = seat.sheet;
    const lit = mine ? litPlaces(v) : {};
    const secs = [];
    // Fail
    secs.push(section("Fail", sh.sections.fail, [h("div", { class: "dw-row" }, sh.fail_loss.map((loss, i) =>
      box(loss ? `-${loss}` : "0", { on: i < sh.fails, extra: i === 1 ? " gate" : "", explain: `Fail ${i + 1}${i < sh.fails ? " (checked)" : ""}: ${i === 1 ? "the second Fail lifts a cash restriction; " : ""}the rightmost checked Fail costs ${plural(loss, "point")}` }))),
    sh.missing_crew ? h("div", { class: "dw-note" }, [v.phase === "over" ? `${sh.missing_crew} crews missing: a Fail checked for each`
      : `${sh.missing_crew} crews missing: each checks a Fail at the end`]) : null,
    sh.extra_missing ? h("div", { class: "dw-note" }, [`${sh.extra_missing} more crews missing (-5 each)`]) : null], "fail"));
    // Goals
    const goalBoxes = [];
    for (let i = 0; i < 6; i++) {
      const g = seat.claimed[i];
      const el = box(g ? String(g.points) : "", { on: !!g, explain: g ? `${g.name} (${g.points} points): ${g.text}` : "A goal you reach first scores here" });
      goalBoxes.push(el);
    }
    secs.push(section("Goals", sh.sections.goals, [h("div", { class: "dw-row" }, goalBoxes),
      seat.private ? h("div", { class: "dw-note", "data-private": "1" }, [`Private: ${seat.private.name} (${seat.private.points}): ${seat.private.text}`])
        : seat.has_private ? h("div", { class: "dw-note" }, ["A private goal, hidden"]) : null], "goals"));
    // Agenda
    // The sheet's 3x3 grid, spaces numbered 1 to 9 as the agenda cards name them, each line's bonus at its end.
    const grid = agendaGrid(sh.agenda, sh.lines, (on, i) =>
      placeBox(`g${i + 1}`, String(i + 1), on, lit, { explain: `Agenda space ${i + 1}${on ? " (checked)" : ""}` }));
    secs.push(section("Agenda", sh.sections.agenda, [grid,
      sh.lines.length ? h("div", { class: "dw-between" }, [`Lines done: ${sh.lines.join(", ")}`]) : null], "agenda"));
    // Release
    const track = (name, n) => h("div", { class: "dw-row" }, [h("span", { class: "dw-note" }, [name]),
      ...RELEASE_BONUS[name].map((b, i) => box(b ? bonusFace(b) : "", { on: i < n, extra: b && i < n ? " bonus-on" : "",
        explain: `${name === "albums" ? "Album" : "Single"} ${i + 1}${b ? `: releasing it gives ${BONUS_WORDS[b]}` : ""}${i < n ? " (released)" : ""}` }))]);
    secs.push(section("Release", sh.sections.release, [track("albums", sh.albums), track("singles", sh.singles),
      h("div", { class: "dw-note" }, [`${sh.albums} albums x ${sh.singles} singles`])], "release"));
    // Crew
    const crew = h("div", { class: "dw-crew" });
    sh.crew.forEach((slot) => {
      const c = slot.card;
      const p = lit[slot.slot];
      const style = c ? `border-color:${COLOUR[c.sides[0]]} ${COLOUR[c.sides[1]]} ${COLOUR[c.sides[2]]} ${COLOUR[c.sides[3]]}` : "";
      const label = c ? [String(c.score), h("span", { class: "dw-note" }, [icon(ROLE_ICON[c.role], { size: 14, label: c.role })])]
        // An empty slot shows its role's picture (a code such as "m2" meant nothing to a player).
        : p ? [`${p.gain >= 0 ? "+" : ""}${p.gain}`, h("span", { class: "dw-note" }, [icon(ROLE_ICON[slot.role], { size: 14 })])]
          : [icon(ROLE_ICON[slot.role], { size: 16, label: `${slot.role} slot` }),
            slot.locked ? h("span", { class: "dw-note" }, [`$${slot.cash}`]) : null];
      const cls = `dw-slot${slot.locked && !c ? " locked" : ""}${p ? " lit" : ""}${p && selectedJson() === JSON.stringify(p.move) ? " sel" : ""}`;
      const el = p ? h("button", { class: cls, style, "data-place": slot.slot, "data-lit": slot.slot,
        "aria-label": `Place on the ${slot.role} slot: +${p.gain} points`,
        onClick: () => ctx.select(p.move, v_text({ ...p, place: `the ${slot.role} slot` })) }, label)
        : h("div", { class: cls, style, "data-place": slot.slot }, label);
      if (slot.doubled) el.append(h("span", { class: "x2" }, ["x2"]));
      // (a lit slot says what a click there adds, as a lit agenda or asset space does)
      ctx.tooltip(el, () => c ? `${cardText(c)}${slot.doubled ? ", doubled" : ""}`
        : p ? `The ${slot.role} slot: this card would add ${plural(p.gain, "point")}`
          : `A ${slot.role} slot${slot.cash ? `, needs ${plural(slot.cash, "cash restriction")} lifted` : ""}`);
      crew.append(el);
    });
    secs.push(section("Crew", sh.sections.crew, [crew, h("div", { class: "dw-note" },
      [`Matching colours on touching sides make a harmony. Cash lifted: ${sh.cash} of 6`])], "crew"));
    // Tour
    const tour = h("div", { class: "dw-row" });
    for (let i = 0; i < 12; i++) {
      const b = sh.tour_bonus[i];
      tour.append(box(sh.tour_cash[i] ? `$${sh.tour_cash[i]}` : String(sh.tour_points[i + 1]),
        { on: i < sh.tour, extra: sh.tour_cash[i] ? " gate" : "", explain: `Tour step ${i + 1}: ${plural(sh.tour_points[i + 1], "point")}${b ? `, and ${b}` : ""}${sh.tour_cash[i] ? `; passing it needs ${plural(sh.tour_cash[i], "cash restriction")} lifted` : ""}` }));
    }
    secs.push(section("Tour", sh.sections.tour, [tour, sh.tour_bank ? h("div", { class: "dw-note" }, [`${sh.tour_bank} steps wait at a cash gate`]) : null], "tour"));
    // Multiplier
    const mult = h("div", { class: "dw-row" });
    for (let i = 0; i < 4; i++) {
      mult.append(box(i < sh.used ? "used" : "x2", { on: i < sh.multipliers,
        explain: i < sh.used ? "A multiplier used: it doubled a crew card" : i < sh.multipliers
          ? "A multiplier to use: place a crew card with it to double its score" : "A multiplier not earned yet" }));
    }
    secs.push(section("Multiplier", null, [mult], "multiplier"));
    // Assets
    const assetRows = [0, 5].map((start) => {
      const row = h("div", { class: "dw-row" });
      for (let i = start; i < start + 5; i++) {
        row.append(placeBox(`a${i + 1}`, String(i + 1), sh.assets[i], lit, { explain: `Asset space ${i + 1}${sh.assets[i] ? " (checked)" : ""}` }));
        const between = ASSET_BONUS.find(([k]) => k === i);
        if (between && i < start + 4) {
          const on = sh.assets[i] && sh.assets[i + 1];
          row.append(h("span", { class: "dw-between", style: on ? "font-weight:bold" : "color:#4a4a4a" }, [bonusFace(between[1])]));
        }
      }
      return row;
    });
    secs.push(section("Assets", sh.sections.assets, assetRows, "assets"));
    // Harmonies
    const harm = ["red", "blue", "green", "gold"].map((c, r) => h("div", { class: "dw-row" },
      [h("i", { style: `width:10px;height:10px;background:${COLOUR[c]};display:inline-block` }),
        ...sh.harmony_bonus[r].map((b, i) => box(b ? bonusFace(SHORT[b] || b) : "", { on: i < sh.harmonies[r], extra: b && i < sh.harmonies[r] ? " bonus-on" : "",
          explain: `${c[0].toUpperCase()}${c.slice(1)} harmony ${i + 1}${b ? `: it gives ${BONUS_WORDS[SHORT[b] || b] || b}` : ""}${i < sh.harmonies[r] ? " (made)" : ""}` }))]));
    secs.push(section("Harmonies", sh.sections.harmonies, [...harm, h("div", { class: "dw-note" }, ["Row 5, column 4 points"])], "harmonies"));
    // Scores
    secs.push(section("Scores", sh.total, [h("div", { class: "dw-note" },
      [Object.entries(sh.sections).map(([k, p]) => `${k} ${p}`).join(" · ")])], "scores"));
    const who = ctx.seatName(seatIndex) + ctx.you(seatIndex);
    const title = h("h2", {}, [`${who}: ${sh.total} points`]);
    const body = h("div", { class: `dw-sheet${mine ? "" : " small"}`, style: `--seat:${ctx.seatColour(seatIndex)}` }, secs);
    if (mine) return h("div", { "data-seat-sheet": seatIndex }, [title, body]);
    // Another's sheet folds to its name and points (on a player's phone it starts folded, to bring their own
    // sheet up: six sheets made a page of 6,400 px; a spectator has none, and sees them all); what the
    // player opens or folds stays so while the board is drawn anew.
    const seated = last.my_seat !== null && last.my_seat !== undefined;
    const open = shownSheets.has(seatIndex) ? shownSheets.get(seatIndex) : !(phone.matches && seated);
    return h("details", { class: "dw-other", "data-seat-sheet": seatIndex, open,
      onToggle: (e) => { if (e.target.isConnected) shownSheets.set(seatIndex, e.target.open); } },
    [h("summary", { style: `--seat:${ctx.seatColour(seatIndex)}` }, [title]), body]);
  }

  function goalsEl(v) {
    const row = v.row.map((g, i) => {
      if (!g) return h("div", { class: "dw-goal empty" }, ["(no goal)"]);
      // A claimed goal leaves the row, so one still there at the end was claimed by nobody.
      const who = v.phase === "over" ? "Nobody claimed it"
        : `Can claim: ${g.can_claim.length ? g.can_claim.map((s) => ctx.seatName(s)).join(", ") : "nobody yet"}`;
      return h("div", { class: `dw-goal${v.slot === i ? " current" : ""}`, "data-goal": i }, [
        h("span", { class: "pts" }, [String(g.points)]), h("strong", {}, [g.name]), h("div", {}, [g.text]),
        g.bonus ? h("div", { class: "dw-between" }, [`bonus: ${g.bonus}`]) : null,
        h("div", { class: "who" }, [who])]);
    });
    const title = v.solo ? "Goal row (the fourth, right, is discarded as the row slides)" : "Public goals";
    return h("section", {}, [h("h2", {}, [title]), h("div", { class: "dw-goals" }, row)]);
  }

  /** A button that selects `move` (Confirm sends it), marked while it is the one selected: the prompt's
   * choices looked the same chosen or not, and only the status bar said which was. */
  function choice(move, words, action, label, cls = "") {
    const on = selectedJson() === JSON.stringify(move);
    return h("button", { class: `${cls}${on ? " chosen" : ""}`.trim() || null, "data-action": action,
      "aria-pressed": on ? "true" : "false", onClick: () => ctx.select(move, words) }, label);
  }

  function promptEl(v) {
    const moves = legal();
    const items = [];
    const claims = moves.filter((m) => "claim" in m);
    if (moves.some((m) => "pass" in m)) {
      for (const m of claims) {
        const g = m.claim === 4 ? v.seats[last.my_seat].private : v.row[m.claim];
        items.push(choice(m, `claim ${g ? g.name : "goal"}`, `claim-${m.claim}`, [`Claim ${g ? g.name : "goal"}`], "primary"));
      }
      items.push(choice(ctx.move("Pass"), "pass", "pass", ["Pass"]));
      const what = v.phase === "weekend" ? (v.slot === 4 ? "your private goal" : v.row[v.slot]?.name) : "a goal of the row";
      // Every seat holding a private goal is asked (so that being asked tells nothing): with mine not met, Pass is
      // all there is, and "claim your private goal or pass" read as if I might. Solo's goal step is no weekend.
      const mine = v.seats[last.my_seat]?.private;
      items.unshift(h("strong", {}, [v.phase !== "weekend" ? `Claim ${what} or pass`
        : v.slot === 4 && !claims.length ? `Weekend: your private goal${mine ? ` (${mine.name})` : ""} is not met yet: pass`
          : `Weekend: claim ${what} or pass`]));
    }
    // Set-up: each seat chooses its lead singer's colour (in secret, like the private goal).
    const singers = moves.filter((m) => "singer" in m);
    if (singers.length) {
      items.push(h("strong", {}, ["Choose your lead singer's colour:"]));
      singers.forEach((m) => items.push(choice(m, `a ${m.singer} lead singer`, `singer-${m.singer}`,
        [h("i", { class: "swatch", style: `background:${COLOUR[m.singer]}`, "aria-hidden": "true" }),
          `${m.singer[0].toUpperCase()}${m.singer.slice(1)}`])));
    }
    const keeps = moves.filter((m) => "keep" in m);
    if (keeps.length && v.offers) {
      items.push(h("strong", {}, ["Keep one private goal:"]));
      v.offers.forEach((g, i) => items.push(choice(ctx.move("Keep", { goal: i }), `keep ${g.name}`, `keep-${i}`,
        [`${g.name} (${g.points}): ${g.text}`])));
    }
    if (moves.some((m) => "draw" in m)) {
      items.push(h("button", { "data-action": "draw", onClick: () => ctx.play(ctx.move("Draw")) }, ["Option B: draw a third card"]));
    }
    // (the choice of the seat drawn: named unless it is the viewer's own, as in a replay seen by another seat)
    const who = ctx.you(last.my_seat) ? "You" : ctx.seatName(last.my_seat);
    if (v.chosen) items.push(h("span", {}, [`${who} chose: ${v.chosen}. Waiting for the others.`]));
    return items.length ? h("div", { class: "dw-prompt" }, items) : null;
  }

  function handEl(v) {
    if (!v.hand || !v.hand.length) return null;
    const canPlay = legal().some((m) => "play" in m || "fail" in m);
    const cards = v.hand.map((c) => {
      const el = handCard(c, { picked: picked === c.index, disabled: !canPlay || !c.playable,
        onClick: () => { picked = c.index; useMult = false; draw(); showLit(); } });
      ctx.tooltip(el, () => cardText(c));
      return el;
    });
    const tools = [];
    if (picked !== null && v.hand[picked] && canPlay) {
      const card = v.hand[picked];
      if (card.places.some((p) => p.mult)) {
        tools.push(h("label", { class: "dw-mult" }, [h("input", { type: "checkbox", checked: useMult, "data-action": "mult",
          onChange: (e) => { useMult = e.target.checked; draw(); } }), "use a multiplier (x2)"]));
      }
      const failMove = ctx.move("Fail", { card: picked });
      if (ctx.isLegal(failMove)) {
        tools.push(choice(failMove, `fail ${cardText(card)}`, "fail", ["Fail this card"]));
      }
      tools.push(h("span", { class: "dw-note" }, ["The lit places on your sheet show the points each would add."]));
    }
    // The hand of the seat drawn: "Your" only for the viewer's own (a replay seen by another seat draws that seat's)
    const whose = ctx.you(last.my_seat) ? "Your" : `${ctx.seatName(last.my_seat)}'s`;
    const heading = v.solo ? `${whose} cards` : `${whose} hand (pick ${v.step} of 4; passing ${v.direction === "clockwise" ? "clockwise \u21bb" : "counter-clockwise \u21ba"})`;
    return h("section", {}, [h("h2", {}, [heading]), h("div", { class: "dw-hand" }, cards), h("div", { class: "dw-row" }, tools)]);
  }

  // On a small screen the sheet is below the hand: bring the first lit place into view.
  function showLit() {
    const first = board.querySelector("[data-lit]");
    if (!first) return;
    const r = first.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight - 90) first.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  let version = 0;
  function draw() {
    if (!last) return;
    const v = last.view;
    const me = last.my_seat;
    clear(board);
    board.dataset.version = String(++version);
    const status = h("div", { class: "dw-status" }, [
      // Week 0 is the set-up: the lead singers' colours, then the private goals, before the first week's draft.
      h("span", {}, [v.solo ? `Solo: target ${v.target} points` : v.week >= 1 ? `Week ${v.week}`
        : `Before week 1: ${v.phase === "singer" ? "lead singers" : "private goals"}`]),
      // (no hands pass before week 1: week 0's direction, counter-clockwise, is not the first week's)
      v.solo || v.week < 1 ? null
        : h("span", { class: "dir" }, [v.direction === "clockwise" ? "Hands pass clockwise \u21bb" : "Hands pass counter-clockwise \u21ba"]),
      h("span", {}, [`Deck: ${v.deck} cards`]), h("span", {}, [`Goals left: ${v.goal_deck}`]),
      v.ending ? h("strong", {}, ["The end is triggered: this is the last week."]) : null]);
    board.append(status, goalsEl(v));
    const prompt = promptEl(v);
    if (prompt) board.append(prompt);
    const hand = handEl(v);
    if (hand) board.append(hand);
    const sheet = me !== null && me !== undefined && v.seats[me] ? sheetEl(v, me, true) : null;
    if (sheet) board.append(sheet);
    // What I act on (acting.js): the prompt's choice (the private goals), my hand while drafting, else my sheet.
    if ((last.legal || []).length) {
      const parts = [["prompt", prompt], ["hand", hand], ["sheet", sheet]].filter(([, el]) => el);
      const [what, el] = parts.find(([, e]) => e.querySelector("button:not([disabled])")) || parts[parts.length - 1] || [];
      if (el) el.dataset.acting = what;
    }
    const others = v.seats.map((_, i) => i).filter((i) => i !== me);
    if (others.length) board.append(h("div", { class: "dw-others" }, others.map((i) => sheetEl(v, i, false))));
    for (const el of board.querySelectorAll("[data-explain]")) ctx.tooltip(el, () => el.dataset.explain);
  }

  let drawnKey = null;
  return {
    update(state) {
      const handKey = JSON.stringify(state.view.hand || []);
      if (!last || JSON.stringify(last.view.hand || []) !== handKey) { picked = null; useMult = false; }
      last = state;
      const key = JSON.stringify([state.view, state.legal, ctx.selected(), picked, useMult]);
      if (key === drawnKey) return;
      drawnKey = key;
      draw();
    },
    destroy() { clear(root); },
  };
}

// ----- Figures for the rules page (js/rules.js): cards drawn by handCard and the agenda by agendaGrid (in the sheet's
// section frame) from fixed examples as the view sends them, in the board's class so its CSS (STYLE) applies.
const FIGURE_CARDS = [
  { index: 0, kind: "crew", role: "musician", score: 1, sides: ["green", "blue", "gold", "green"], bonus: "single",
    text: "musician 1 [g/b/g/g] +single", places: [{ place: "m1", mult: false }, { place: "m2", mult: false }], playable: true },
  { index: 1, kind: "agenda", bonus: "album", text: "agenda g2 or g9 +album",
    places: [{ place: "g2", mult: false }, { place: "g9", mult: false }], playable: true },
  { index: 2, kind: "asset", bonus: "tour step", text: "asset a6 or a7 +tour step",
    places: [{ place: "a6", mult: false }, { place: "a7", mult: false }], playable: true },
];

export const figures = {
  cards: () => {
    h("style", { text: STYLE });
    return h("div", { class: "dw-board" }, [h("div", { class: "dw-hand", style: "justify-content: center" },
      FIGURE_CARDS.map((c) => {
        const el = handCard(c);
        el.style.cursor = "default";
        // The figure's box is the image, named by its caption: the sides' own image and name are left out here.
        el.querySelectorAll(".dw-sides").forEach((sides) => { sides.removeAttribute("role"); sides.removeAttribute("aria-label"); });
        return el;
      }))]);
  },
  agenda: () => {
    h("style", { text: STYLE });
    const checked = [1, 4, 5, 6, 9];
    return h("div", { class: "dw-board", style: "width: 200px; max-width: 100%" }, [section("Agenda", 2, [
      agendaGrid([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => checked.includes(n)), ["row 2", "diagonal \\"],
        (on, i) => box(String(i + 1), { on }))], "agenda")]);
  },
};

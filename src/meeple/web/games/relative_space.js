// Relative Space's board: the escape pods with their cards and values, the last jam or launch
// as it happens (the shuffled cards, then where they went back), my stash as a pyramid of
// overlapping cards (3 face up over 4 face up over 5 face down), and the other stashes, smaller.
// Drawn from the engine's view only: a face-down card is a back for everyone, its owner included.
//
// A turn: click a lit card, then a lit pod (a single legal pod is chosen at once). The choice is
// selected, its effect shown under the pods (loads, or jams and what comes back), and Confirm
// sends it. A Keycard can instead open a new pod (the dashed pod); a Last Call then asks for the
// card to stuff. Those first steps are sent at once as pending moves, so Reset takes them back.

import { h, clear } from "../js/dom.js";
import { boardOf } from "../js/board.js";
import { icon } from "../js/icons.js";

const STYLE = `
.rs-board { display: grid; gap: .7rem; --card-bg: #fffdf5; }
.rs-bar { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: baseline; font-size: .92rem; }
.rs-bar b { font-weight: 650; }
.rs-pods { display: flex; flex-wrap: wrap; gap: .6rem; }
.rs-pod { position: relative; min-width: 118px; max-width: 100%; padding: .4rem .5rem .5rem; border-radius: 14px;
  border: 2px solid #5a6b86; background: linear-gradient(#e9eef7, #d5deec); font: inherit; text-align: left; color: inherit; }
.rs-pod h3 { margin: 0 0 .25rem; font-size: .9rem; }
.rs-pod .rs-value { font-size: .8rem; color: #334; }
.rs-pod.can-target { border-color: #1d6fd6; box-shadow: 0 0 0 3px rgba(29,111,214,.35); cursor: pointer; }
.rs-pod.can-target:hover, .rs-pod.can-target:focus { background: linear-gradient(#dbe8ff, #c3d6f7); }
.rs-pod.chosen { border-color: #d4a017; box-shadow: 0 0 0 3px rgba(212,160,23,.45); }
.rs-pod.rs-new { border-style: dashed; background: #f4f7fb; }
.rs-stack { display: flex; align-items: flex-end; min-height: 62px; margin-top: .2rem; }
/* A card under another shows a strip wide enough for its whole number, or a special's icon alone (its name, cut to
   "Ze" or "Ke" there, is left out; the pod's tooltip names every card). */
.rs-stack .rs-card { margin-left: -17px; }
.rs-stack .rs-card:first-child { margin-left: 0; }
.rs-stack .rs-card:not(:last-child) { align-items: flex-start; padding-left: 2px; }
.rs-stack .rs-card:not(:last-child) .rs-sub { display: none; }
.rs-stack .rs-card:not(:last-child) .rs-sym svg { width: 18px; height: 18px; }
.rs-stack .rs-more { font-size: .75rem; color: #445; margin-right: .3rem; align-self: center; }
.rs-card { --cw: 44px; width: var(--cw); height: calc(var(--cw) * 1.4); border-radius: 7px; border: 1.5px solid #6b5a3a;
  background: var(--card-bg); box-sizing: border-box; display: flex; flex-direction: column; justify-content: flex-end;
  align-items: center; padding-bottom: 3px; font-weight: 700; font-size: calc(var(--cw) * .42); line-height: 1;
  color: #2c2410; box-shadow: 0 1px 2px rgba(0,0,0,.25); user-select: none; }
.rs-card .rs-sym { display: flex; line-height: 0; }
.rs-card .rs-sub { font-size: calc(var(--cw) * .2); font-weight: 600; margin-top: 2px; white-space: nowrap; }
.rs-card.special { background: #fde9c7; }
.rs-card.s-KEY { background: #d6f0d2; } .rs-card.s-LAUNCH { background: #ffd1c2; }
.rs-card.s-LAST { background: #f6d4f0; } .rs-card.s-ZERO { background: #d3ecf8; }
.rs-card.down { background: repeating-linear-gradient(45deg, #2f3f68, #2f3f68 5px, #3a4c7c 5px, #3a4c7c 10px); color: #dfe6ff; }
.rs-card.ghost { opacity: .75; outline: 3px dashed #d4a017; }
.rs-stash { position: relative; margin: 0 auto; }
.rs-stash .rs-card { position: absolute; }
.rs-stash .rs-card.covered { filter: brightness(.9); }
.rs-stash .rs-card.can-play { border: 2.5px solid #1d6fd6; box-shadow: 0 0 0 3px rgba(29,111,214,.35); cursor: pointer; }
.rs-stash .rs-card.picked { border-color: #d4a017; box-shadow: 0 0 0 4px rgba(212,160,23,.6); transform: translateY(-6px); }
/* An empty space's name at its top, as the row below lies over its lower half (the name was hidden there); in the
   bottom row, with no row below, at its foot (the row above may lie over its top). */
.rs-stash .rs-space { position: absolute; border: 1.5px dashed #b7b0a0; border-radius: 7px; box-sizing: border-box;
  display: flex; align-items: flex-start; justify-content: center; font-size: .65rem; color: #5f594b; padding-top: 2px; }
.rs-stash .rs-space.low { align-items: flex-end; padding: 0 0 2px; }
.rs-stash .rs-space.under { background: #fff; }
.rs-stash .rs-space.hole { border-color: #c77b2a; color: #9a520f; } /* words at 4.5:1 or more on the stash */
/* A card a jam brought back is ringed while the jam is the last move (as Picnic's newest tiles are, until the
   next placement), and at least until the jam has played out; it drops in while the jam plays out. With
   reduced motion nothing plays out: the ring stays while the jam shows above the stashes (stillRinged). */
.rs-stash .rs-card.refilled { outline: 3px solid #e8590c; }
.rs-stash .rs-card.refilled.dropping { animation: rs-drop .8s ease-out .9s backwards; }
.rs-seat { border: 2px solid var(--seat, #999); border-radius: 12px; padding: .4rem .5rem .6rem; background: #fff; }
.rs-seat.to-move { box-shadow: 0 0 0 3px rgba(212,160,23,.35); }
.rs-seat h2 { margin: 0 0 .35rem; font-size: .95rem; display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; }
.rs-seat h2 .dot { width: .8rem; height: .8rem; border-radius: 50%; background: var(--seat, #999); display: inline-block; }
.rs-seat small { font-weight: 400; color: #555; }
.rs-others { display: grid; gap: .6rem; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); }
.rs-event { border-radius: 10px; padding: .4rem .6rem; background: #fff4e6; border: 1px solid #f0b27a; font-size: .9rem; }
.rs-event.launch { background: #eef6ff; border-color: #8db8ea; }
.rs-event .rs-cards { display: flex; flex-wrap: wrap; gap: 4px; margin: .3rem 0; }
.rs-event .rs-card { --cw: 30px; }
/* A jam plays out once: the shuffle, then the cards' way back, in the event and into the stash (EVENT_MS). */
.rs-event.fresh .rs-shuffle .rs-card { animation: rs-shuffle .7s ease-in-out 2; }
.rs-event.fresh .rs-back .rs-card { animation: rs-drop .8s ease-out .9s backwards; }
@media (prefers-reduced-motion: reduce) { .rs-board .rs-card { animation: none !important; } }
.rs-preview { border-radius: 10px; padding: .4rem .6rem; background: #fffbe6; border: 1px solid #e2c35a; font-size: .9rem; }
.rs-preview.jam { background: #ffeceb; border-color: #e08a84; }
.rs-hint { font-size: .85rem; color: #444; margin: 0; }
@keyframes rs-shuffle { 0% { transform: translate(0,0) rotate(0); } 25% { transform: translate(-10px,-4px) rotate(-12deg); }
  50% { transform: translate(8px,3px) rotate(10deg); } 75% { transform: translate(-4px,2px) rotate(-5deg); } 100% { transform: none; } }
@keyframes rs-drop { 0% { transform: translateY(-26px) scale(1.15); opacity: 0; } 100% { transform: none; opacity: 1; } }
@media (max-width: 760px) {
  .rs-pod { min-width: 104px; }
  .rs-others { grid-template-columns: minmax(0, 1fr); }
}
`;

const SPECIAL = {
  KEY: { icon: "rs_keycard", sub: "Keycard", name: "Keycard" },
  LAUNCH: { icon: "rs_launch", sub: "LAUNCH!", name: "LAUNCH!" },
  LAST: { icon: "rs_last", sub: "Last Call", name: "Last Call" },
  ZERO: { icon: "rs_zerog", sub: "Zero-G", name: "Zero-G" },
};
const ROWS = [[0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10, 11]];
const COVERED_BY = [[], [], [], [0], [0, 1], [1, 2], [2], [3], [3, 4], [4, 5], [5, 6], [6]];

export function cardName(code) {
  return SPECIAL[code] ? SPECIAL[code].name : `item ${code}`;
}

function isItem(code) {
  return !SPECIAL[code];
}

/** A card face (or back): a div with the value or the special's symbol and name. */
function cardEl(code, { down = false, cw = null, extra = "" } = {}) {
  const cls = down ? "rs-card down" : `rs-card${SPECIAL[code] ? ` special s-${code}` : ""}`;
  const el = h("div", { class: `${cls}${extra ? ` ${extra}` : ""}`, style: cw ? `--cw:${cw}px` : undefined,
    "data-card": down ? "down" : code });
  if (down) {
    el.append(h("span", { text: "?" }));
  } else if (SPECIAL[code]) {
    el.append(h("span", { class: "rs-sym" }, [icon(SPECIAL[code].icon, { size: Math.round((cw || 40) * 0.55) })]),
      h("span", { class: "rs-sub", text: SPECIAL[code].sub }));
  } else {
    el.append(h("span", { text: code }));
  }
  return el;
}

function cardTip(v, code) {
  if (SPECIAL[code]) return `${SPECIAL[code].name}: ${v.effects[code]}`;
  return `Item ${code}: loads onto a pod whose value is ${code} or less; onto a higher pod it jams.`;
}

/** A pod in words: "Pod 2, value 7, 3 cards, top item 7". */
const podLabel = (pod) => `Pod ${pod.id}, value ${pod.value}, ${pod.cards.length} card${pod.cards.length === 1 ? "" : "s"}` +
  (pod.top ? `, top ${cardName(pod.top)}` : "");

/** A pod: its name, its value and the last five cards on it, bottom first (`ghost`: the card chosen for it, on
 * top); a button when it `can` be chosen, marked when `marked`. */
function podBox(pod, { can = false, chosen = false, marked = false, ghost = null, onClick = undefined } = {}) {
  const stack = h("div", { class: "rs-stack" });
  const shown = pod.cards.slice(-5);
  if (pod.cards.length > shown.length) stack.append(h("span", { class: "rs-more", text: `+${pod.cards.length - shown.length}` }));
  shown.forEach((c) => stack.append(cardEl(c, { cw: 40 })));
  if (ghost) stack.append(ghost);
  if (!pod.cards.length && !chosen) stack.append(h("span", { class: "rs-hint", text: "empty" }));
  return h(can ? "button" : "div", {
    class: `rs-pod${can ? " can-target" : ""}${marked ? " chosen" : ""}`,
    type: can ? "button" : undefined, tabindex: can ? undefined : 0, "data-pod": pod.id, "aria-label": podLabel(pod),
    onClick,
  }, [h("h3", { text: `Pod ${pod.id}` }), h("div", { class: "rs-value", text: `value ${pod.value}${pod.value ? ` \u00b7 ${pod.value} or more loads` : " \u00b7 anything loads"}` }), stack]);
}

const DOWN_TIP = "Face down: nobody knows this card, its owner neither. It is flipped as it is played; " +
  "an item lower than the pod's value jams it.";

const EVENT_MS = 1800; // a jam's shuffle (2 x .7 s) and the cards' way back (.9 s + .8 s)

/** With reduced motion a jam does not play out, so its rings cannot last "until it has played out": a jam
 * followed at once by a bot's move would ring nothing, and the jammer would never see which cards came
 * back. There the rings stay as long as the jam shows above the stashes: until the jammer's own next
 * move, or the next jam or launch. */
const stillRinged = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

export function createBoard(root, ctx) {
  let last = null;
  let version = 0;
  let picked = null;          // {slot, turns}: my card chosen, waiting for a pod
  let seenEvent = null;       // key of the last jam/launch already animated
  let eventFresh = false;     // this draw shows that jam/launch while its animation runs
  let jamLast = false;        // the last move was a jam: the cards it brought back stay ringed ("refilled")

  const style = h("style", { text: STYLE });
  const board = h("div", { class: "rs-board", "data-version": "0" });
  const bar = h("div", { class: "rs-bar", "aria-live": "polite" });
  const podsBox = h("section", { class: "rs-pods", "aria-label": "Escape pods" });
  const preview = h("div", { "aria-live": "polite" });
  const eventBox = h("div");
  const mine = h("div");
  const others = h("div", { class: "rs-others" });
  board.append(bar, podsBox, preview, eventBox, mine, others);
  root.append(style, board);

  /** The jam's animations on the board now (a button's transition is none of them). */
  function jamAnimations() {
    return board.getAnimations({ subtree: true }).filter((a) => /^rs-(shuffle|drop)$/.test(a.animationName || ""));
  }

  function legalFor(state, slot) {
    const names = state.view.slot_names;
    return (state.legal || []).map((l) => l.json).filter((m) => m.play === names[slot] || m.open === names[slot] ||
      m.stuff === names[slot]);
  }

  /** What a selected move will do, in words, from the view (face-down cards stay unknown): `text` for
   *  the preview under the pods, `short` for the status bar's "Selected: ..." (a jam's whole story there
   *  took five lines of a phone's bar, over the stash, and "Sending..." after it). */
  function outcomeText(v, me, move) {
    const names = v.slot_names;
    const slotName = move.play || move.stuff;
    const slot = names.indexOf(slotName);
    const cell = v.stashes[me].slots[slot];
    const what = cell.down ? `the face-down card in ${slotName}` : `${cardName(cell.card)} from ${slotName}`;
    if (move.stuff) {
      return { text: `Stuff ${what} onto pod ${v.pod_for}, then it launches with every card on it`, jam: false,
        short: `stuff ${what} onto pod ${v.pod_for}: it launches` };
    }
    const pod = v.pods.find((p) => p.id === move.pod);
    const holes = v.start_empty;
    const back = Math.min(holes.length, pod.cards.length + 1);
    const jamWords = `the pod jams: its ${pod.cards.length + 1} cards are shuffled and ${back ? `${back} ${back === 1 ? "comes" : "come"} back face up into ${holes.slice(0, back).join(", ")}` : "none come back (you had no empty space when the turn began)"}` +
      `${pod.cards.length + 1 > back ? `, ${pod.cards.length + 1 - back} ${pod.cards.length + 1 - back === 1 ? "leaves" : "leave"} the game` : ""}; ${v.pods.length > 1 ? "the pod leaves the game" : "the pod stays, empty"}`;
    const onto = `${what} onto pod ${pod.id}`;
    if (cell.down) {
      return { text: `Flip ${what} onto pod ${pod.id} (value ${pod.value})${pod.value > 1 ? `. An item below ${pod.value} would jam it: ${jamWords}` : ": any item loads"}`, jam: pod.value > 1,
        short: `flip ${onto}${pod.value > 1 ? ": it may jam" : ""}` };
    }
    const code = cell.card;
    if (isItem(code) && Number(code) < pod.value) return { text: `${cardName(code)} onto pod ${pod.id} (value ${pod.value}): ${jamWords}`, jam: true, short: `${onto}: it jams` };
    if (isItem(code)) return { text: `${cardName(code)} loads onto pod ${pod.id}; its value becomes ${code}`, jam: false, short: `${onto}: it loads` };
    return { text: `${cardName(code)} onto pod ${pod.id}: ${v.effects[code].replace(/\.$/, "")}`, jam: false, short: onto };
  }

  function choose(state, move) {
    const v = state.view;
    const me = state.my_seat;
    picked = null;
    if (move.open) {
      ctx.play(move);   // a pending first step: Reset takes it back
      return;
    }
    const slot = v.slot_names.indexOf(move.play || move.stuff);
    const cell = v.stashes[me].slots[slot];
    if (move.play && cell && !cell.down && cell.card === "LAST" && v.stashes[me].cards_left > 1) {
      ctx.play(move);   // then the card to stuff
      return;
    }
    ctx.select(move, outcomeText(v, me, move).short);
  }

  function pick(state, slot) {
    const moves = legalFor(state, slot);
    const plays = moves.filter((m) => "play" in m || "stuff" in m);
    if (moves.length === 1 && plays.length === 1) {
      choose(state, plays[0]);
      return;
    }
    ctx.clearSelection();
    picked = { slot, turns: state.view.turns };
    draw(state);
  }

  function stashEl(v, state, seat, { big }) {
    const me = state.my_seat;
    const st = v.stashes[seat];
    const cw = big ? Math.min(62, Math.floor(((root.clientWidth || 360) - 40) / 5.3)) : 34;
    const ch = Math.round(cw * 1.4);
    const gap = big ? 5 : 3;
    const sx = cw + gap;
    const wrap = h("div", { class: "rs-stash", style: `width:${5 * sx - gap}px;height:${ch * 2}px`,
      "aria-label": `${ctx.seatName(seat)}'s stash: ${st.cards_left} cards, ${st.face_down} face down` });
    const ev = v.event;
    const recent = ev && ev.kind === "jam" && ev.seat === seat && ev.turn >= v.turns - v.players;
    const refilled = new Set(recent ? ev.refilled.map(([name]) => name) : []);
    const sel = ctx.selected();
    const mineNow = seat === me && (state.legal || []).length > 0;
    ROWS.forEach((row, r) => {
      row.forEach((slot, i) => {
        const x = (i + (2 - r) * 0.5) * sx;
        const y = r * ch * 0.5;
        const pos = `left:${x}px;top:${y}px;z-index:${10 - r * 3}`;
        const cell = st.slots[slot];
        const name = v.slot_names[slot];
        if (!cell) {
          const hole = seat === v.turn && v.start_empty.includes(name);
          // A middle space a card of the top row lies over (a jam refilled the top, the jamming card's own space
          // stays empty) would be hidden whole, its top under that card and its foot under the bottom row: it is
          // drawn in its own row's layer instead, over the bottom row as a card there would be, its name at its foot.
          const under = r === 1 && COVERED_BY[slot].some((c) => st.slots[c]);
          const el = h("div", { class: `rs-space${r === 2 || under ? " low" : ""}${under ? " under" : ""}${hole ? " hole" : ""}`,
            "data-slot": name, style: `${pos};width:${cw}px;height:${ch}px;z-index:${under ? 10 - r * 3 : 0}`, text: name, tabindex: 0 });
          ctx.tooltip(el, () => `${name}: empty.${hole ? " Empty since before this turn: a jam now would refill it." : ""}`);
          wrap.append(el);
          return;
        }
        const moves = mineNow ? legalFor(state, slot) : [];
        const chosen = seat === me && ((sel && (sel.play === name || sel.stuff === name)) || (picked && picked.slot === slot));
        const cls = [moves.length ? "can-play" : "", chosen ? "picked" : "", cell.available ? "" : "covered",
          refilled.has(name) && (eventFresh || jamLast || stillRinged()) ? "refilled" : "", refilled.has(name) && eventFresh ? "dropping" : ""]
          .filter(Boolean).join(" ");
        const el = cardEl(cell.card, { down: !!cell.down, cw, extra: cls });
        el.style.cssText = `${pos};--cw:${cw}px`; // (CSP: no style attributes)
        el.dataset.slot = name;
        const covering = COVERED_BY[slot].filter((c) => st.slots[c]).map((c) => v.slot_names[c]);
        const what = cell.down ? DOWN_TIP : cardTip(v, cell.card);
        const where = covering.length ? ` Covered by ${covering.join(" and ")}: not available yet.` : " Available.";
        el.setAttribute("aria-label", `${name}: ${cell.down ? "face-down card" : cardName(cell.card)}`);
        if (moves.length) {
          el.setAttribute("role", "button");
          el.setAttribute("tabindex", "0");
          el.addEventListener("click", () => pick(last, slot));
          el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(last, slot); } });
        } else {
          el.setAttribute("tabindex", "0");
        }
        ctx.tooltip(el, () => `${name}. ${what}${where}`);
        wrap.append(el);
      });
    });
    return wrap;
  }

  function podEl(v, state, pod) {
    const me = state.my_seat;
    const sel = ctx.selected();
    const names = v.slot_names;
    const slot = picked ? picked.slot : null;
    const move = slot !== null ? ctx.move("Play", { slot: names[slot], pod: pod.id }) : null;
    const can = move && ctx.isLegal(move);
    const chosen = sel && sel.play && sel.pod === pod.id;
    let ghost = null;
    if (chosen) {
      const cell = v.stashes[me].slots[names.indexOf(sel.play)];
      if (cell) ghost = cardEl(cell.card, { down: !!cell.down, cw: 40, extra: "ghost" });
    }
    const label = podLabel(pod);
    const el = podBox(pod, { can, chosen, marked: chosen || (v.pod_for === pod.id), ghost,
      onClick: can ? () => choose(last, move) : undefined });
    ctx.tooltip(el, () => `${label}. ${pod.cards.length ? `Cards, bottom first: ${pod.cards.map(cardName).join(", ")}.` : "Empty."}`);
    return el;
  }

  function eventEl(v) {
    const ev = v.event;
    if (!ev || ev.turn < v.turns - v.players) return null;
    const fresh = eventFresh;
    const who = ctx.seatName(ev.seat);
    if (ev.kind === "launch") {
      return h("section", { class: `rs-event launch${fresh ? " fresh" : ""}`, "data-event": "launch" }, [
        h("b", { text: `LAUNCH! ` }), `${who} launched pod ${ev.pod} with ${ev.cards.length} card${ev.cards.length === 1 ? "" : "s"}` +
          (ev.new_pod ? `; pod ${ev.new_pod} was placed.` : "."),
        h("div", { class: "rs-cards" }, ev.cards.map((c) => cardEl(c))),
      ]);
    }
    const back = ev.refilled.map(([slot, c]) => h("div", { style: "display:flex;flex-direction:column;align-items:center;font-size:.7rem" },
      [cardEl(c), h("span", { text: slot })]));
    return h("section", { class: `rs-event${fresh ? " fresh" : ""}`, "data-event": "jam" }, [
      h("b", { text: "JAM! " }),
      `${who} put ${cardName(ev.card)} on pod ${ev.pod} (value ${ev.value}). Shuffled:`,
      h("div", { class: "rs-cards rs-shuffle" }, ev.shuffled.map((c) => cardEl(c))),
      ev.refilled.length ? "Back into the stash, bottom row first:" : "No empty space to refill.",
      h("div", { class: "rs-cards rs-back" }, back),
      ev.discarded.length ? `Out of the game: ${ev.discarded.map(cardName).join(", ")}. ` : "",
      ev.pod_removed ? `Pod ${ev.pod} left the game.` : `Pod ${ev.pod} stays, empty.`,
    ]);
  }

  function draw(state) {
    const v = state.view;
    const me = state.my_seat;
    const myTurn = (state.legal || []).length > 0;
    if (picked && (picked.turns !== v.turns || !myTurn || !legalFor(state, picked.slot).length)) picked = null;
    version += 1;
    board.dataset.version = String(version);
    board.dataset.phase = v.phase;

    clear(bar);
    const turnText = v.phase === "over"
      ? (v.winner !== null ? `${ctx.seatName(v.winner)} escaped first!` : "The air ran out.")
      : `${ctx.seatName(v.turn)} to play${v.phase === "open" ? ` onto the new pod ${v.pod_for}` : v.phase === "stuff" ? ` (Last Call: stuff a card onto pod ${v.pod_for})` : ""}`;
    bar.append(h("span", {}, [h("b", { text: turnText })]),
      h("span", { text: `Turn ${v.turns + 1}` }),
      h("span", { text: `${v.discard.length} out of the game \u00b7 ${v.undealt} undealt \u00b7 ${v.pods_in_box} pods in the box` }));

    clear(podsBox);
    for (const pod of v.pods) podsBox.append(podEl(v, state, pod));
    if (picked && myTurn) {
      const open = ctx.move("Open", { slot: v.slot_names[picked.slot] });
      if (ctx.isLegal(open)) {
        const el = h("button", { type: "button", class: "rs-pod rs-new can-target", "data-open": open.open,
          "aria-label": "Use the Keycard to open a new pod", onClick: () => choose(last, open) },
        [h("h3", { text: "New pod" }), h("div", { class: "rs-value", text: "use the Keycard: it leaves the game" }),
          h("div", { class: "rs-stack" }, [h("span", { class: "rs-hint", text: "then play a card onto it" })])]);
        ctx.tooltip(el, () => "Open a new pod with this Keycard (it leaves the game), then play one of your cards onto the new, empty pod.");
        podsBox.append(el);
      }
    }

    clear(preview);
    const sel = ctx.selected();
    if (sel && me !== null && me !== undefined && (sel.play || sel.stuff)) {
      const words = outcomeText(v, me, sel);
      preview.append(h("p", { class: `rs-preview${words.jam ? " jam" : ""}`, "data-preview": "", text: `${words.text}. Confirm to play it.` }));
    } else if (picked && myTurn) {
      preview.append(h("p", { class: "rs-hint", text: `Now choose a lit pod for ${v.slot_names[picked.slot]}.` }));
    } else if (myTurn && v.phase === "stuff") {
      preview.append(h("p", { class: "rs-hint", text: `Last Call: click the card to stuff onto pod ${v.pod_for} (any value, it never jams).` }));
    }

    const ev = v.event;
    const evKey = ev ? `${ev.kind}:${ev.turn}:${ev.pod}:${ev.seat}` : null;
    // A board drawn again while the jam plays out (against a bot the next move comes at once) goes on
    // from where its animation was; it stopped there before, the card coming back only flashed.
    // (Its start time is carried over, so the frames the new drawing waits for are not lost from it.)
    const playing = evKey === seenEvent ? jamAnimations().find((a) => a.playState !== "finished") : null;
    const carried = playing ? { start: playing.startTime, at: playing.currentTime } : null;
    eventFresh = !!ev && (evKey !== seenEvent || (carried !== null && carried.at < EVENT_MS));
    jamLast = !!ev && ev.kind === "jam" && ev.turn === v.turns - 1;
    seenEvent = evKey;
    clear(eventBox);
    const evEl = eventEl(v);
    if (evEl) eventBox.append(evEl);

    clear(mine);
    clear(others);
    const mySeat = me !== null && me !== undefined ? me : 0;
    for (const st of v.stashes) {
      const isMine = st.seat === mySeat;
      const who = ctx.seatName(st.seat) + ctx.you(st.seat);
      const box = h("section", { class: `rs-seat${v.turn === st.seat ? " to-move" : ""}`, style: `--seat:${ctx.seatColour(st.seat)}`,
        "data-stash": st.seat }, [
        h("h2", {}, [h("span", { class: "dot", "aria-hidden": "true" }), who,
          h("small", { text: `${st.cards_left} card${st.cards_left === 1 ? "" : "s"} left \u00b7 ${st.face_down} face down` })]),
        stashEl(v, state, st.seat, { big: isMine }),
      ]);
      (isMine ? mine : others).append(box);
    }
    // What I act on (acting.js): the pods once a card is picked (or for Last Call), else my stash.
    delete podsBox.dataset.acting;
    delete mine.dataset.acting;
    if (myTurn) {
      const onPods = picked || v.phase === "stuff";
      (onPods ? podsBox : mine).dataset.acting = onPods ? "pods" : "stash";
    }
    if (eventFresh && carried) {
      for (const a of jamAnimations()) {
        if (carried.start !== null) a.startTime = carried.start;
        else a.currentTime = carried.at;  // (not begun yet: the page has not drawn a frame since)
      }
    }
    // A jam that is no longer the last move (against a bot the next one comes within the jam's 1.8 s)
    // rings its cards only while it plays out: the rings go as it ends, not at whatever draws the board
    // next (a click, minutes later).
    if (eventFresh && !jamLast && !stillRinged()) {
      const drawn = version;
      Promise.all(jamAnimations().map((a) => a.finished)).then(() => {
        if (version !== drawn) return;  // (drawn again meanwhile: that draw decides)
        for (const el of board.querySelectorAll(".rs-stash .rs-card.refilled")) el.classList.remove("refilled");
      }, () => {});  // (an animation cancelled: its card was drawn again)
    }
  }

  return boardOf(root, (state) => {
    last = state;
    draw(state);
  }, { scoreWords: SCORE_WORDS });
}

/** The score sheet in the game's words: the winner's Escaped row says "yes" (its count and points, "1 (0)" on the
 * panel and "0" in the result's rows, read as if nobody had escaped, beside the others' "–"); the rest as usual. */
export const SCORE_WORDS = {
  row: (row) => (row.key === "escaped" ? "yes" : null),
};

// ----- Figures for the rules page (js/rules.js): cards drawn by cardEl and a pod by podBox from fixed examples, in the
// board's own classes so its CSS (STYLE) applies.
const figureRow = (kids) => h("div", { class: "rs-board" }, [h("div", { style: "display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; align-items: flex-end" }, kids)]);

export const figures = {
  cards: () => {
    h("style", { text: STYLE });
    return figureRow([cardEl("4", { cw: 56 }), cardEl("9", { cw: 56 }), cardEl("4", { down: true, cw: 56 })]);
  },
  specials: () => {
    h("style", { text: STYLE });
    return figureRow(["KEY", "LAUNCH", "LAST", "ZERO"].map((code) => cardEl(code, { cw: 56 })));
  },
  pod: () => {
    h("style", { text: STYLE });
    const pod = podBox({ id: 2, value: 6, cards: ["3", "ZERO", "2", "6"], top: "6" });
    pod.removeAttribute("tabindex"); // a picture here, not a place to tab to
    return figureRow([pod]);
  },
};

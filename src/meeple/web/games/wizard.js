// Wizard's board: a card table (js/cards.js). Seats round the felt with each one's prediction and
// tricks taken as chips, the trick in the middle placed towards whoever played each card, the last
// trick on demand, the turned-up card face up as trump, my hand fanned with the cards I may play lit,
// the prediction chips, and the score pad round by round. In a Foresight round my own card is a back
// and the others' cards sit on their foreheads (on their seats). Everything is drawn from the engine's
// view; nothing hidden is ever guessed.
//
// Moves: a prediction or a trump suit is selected (the panel previews it, Confirm sends it); playing
// a card shows it to everyone, so a click plays it at once.

import { h } from "../js/dom.js";
import { icon, richText } from "../js/icons.js";
import { cardFace, chip, createCardTable } from "../js/cards.js";

// The suits by the letter that ends a card's code ("13G"), with the ink of their colour.
const WIZARD_SUITS = {
  D: { name: "dwarves", ink: "#b3261e" },
  E: { name: "elves", ink: "#23733a" },
  G: { name: "giants", ink: "#8a5a00" },
  H: { name: "humans", ink: "#1f4f9a" },
};

/** A Wizard card code ("13G", "W2", "J1") as a face (js/cards.js). */
export function wizardCard(code) {
  if (code[0] === "W") return { rank: "", suit: "wizard", ink: "#4b2d83", name: "Wizard", kind: "wizard" };
  if (code[0] === "J") return { rank: "", suit: "jester", ink: "#444", name: "Jester", kind: "jester" };
  const suit = WIZARD_SUITS[code.slice(-1)];
  const rank = code.slice(0, -1);
  return { rank, suit: suit.name, ink: suit.ink, name: `${rank} of ${suit.name}`, kind: "plain" };
}

/** A seat's prediction chip; my own shows the prediction I chose (ringed) before Confirm makes it. */
function bidChip(v, s, chosen) {
  const b = v.bids[s];
  if (b === null && chosen !== null) {
    return chip("bid chosen", "bid", String(chosen), `your prediction ${chosen}, chosen: Confirm makes it`,
      { "data-bid": s, "data-value": String(chosen) });
  }
  const shown = b === null ? "–" : b === "hidden" ? "?" : String(b);
  const title = b === null ? "no prediction yet"
    : b === "hidden" ? `prediction ${v.predictions === "secret" ? "secret until the round ends" : "hidden until everyone has predicted"}`
      : `predicted ${b} trick${b === 1 ? "" : "s"}`;
  return chip("bid", "bid", shown, title, { "data-bid": s, "data-value": shown });
}

function wizardScores(v, ctx) {
  const seats = v.hand_sizes.map((_, s) => s);
  const rows = v.history.map((r) => h("tr", { "data-round": r.round }, [
    h("th", { scope: "row", title: `round ${r.round}: ${r.cards} card${r.cards === 1 ? "" : "s"} each`, text: String(r.round) }),
    ...seats.map((s) => h("td", { class: r.bids[s] === r.tricks[s] ? "made" : "missed",
      title: `${ctx.seatName(s)} predicted ${r.bids[s]}, took ${r.tricks[s]}: ${r.points[s] > 0 ? "+" : ""}${r.points[s]}` }, [
      h("span", { class: "bt", text: `${r.bids[s]}/${r.tricks[s]}` }), " ",
      h("b", { text: `${r.points[s] > 0 ? "+" : ""}${r.points[s]}` })]))]));
  return h("table", { class: "tt-scores", "aria-label": "Scores by round: predicted/taken and points" }, [
    h("thead", {}, [h("tr", {}, [h("th", { scope: "col", title: "round", text: "#" }),
      ...seats.map((s) => h("th", { scope: "col", style: `--seat:${ctx.seatColour(s)}`, title: ctx.seatName(s), text: ctx.seatName(s) }))])]),
    h("tbody", {}, rows.length ? rows : [h("tr", {}, [h("td", { colspan: seats.length + 1, class: "none",
      text: `Round ${v.round} of ${v.rounds} in play: nothing scored yet.` })])]),
    h("tfoot", {}, [h("tr", {}, [h("th", { scope: "row", text: "Total" }),
      ...seats.map((s) => h("td", { "data-total": s, text: String(v.scores[s]) }))])]),
  ]);
}

const WIZARD = {
  game: "wizard",
  describe: wizardCard,
  note(v, code) {
    if (code[0] === "W") return ": wins the trick unless an earlier Wizard was played; may always be played.";
    if (code[0] === "J") return ": never wins unless every card is a Jester; may always be played.";
    return v.trump && wizardCard(code).suit === v.trump ? " (trump)" : "";
  },
  trump(v) {
    if (!v.turnup) return { card: null, words: `${v.trump || "none"} (no card turned up)` };
    // A Jester turned up means no trump: the card lies face up all the same, so say why.
    const words = v.trump || (v.phase === "trump" ? "the dealer chooses"
      : v.turnup[0] === "J" ? "none: a Jester turned up" : "none");
    return { card: v.turnup, words };
  },
  facts(v) {
    const facts = [["Round", `${v.round} of ${v.rounds} · ${v.cards_this_round} card${v.cards_this_round === 1 ? "" : "s"} each`]];
    if (v.led) facts.push(["To follow", v.led === "free" ? "anything (a Wizard was led)" : v.led]);
    if (v.predictions !== "open") facts.push(["Predictions", v.predictions]);
    if (v.plus_minus_one) facts.push(["Plus or minus one", "yes"]);
    return facts;
  },
  seatChips(v, s, { ctx, me }) {
    const sel = s === me ? ctx.selected() : null;
    return [bidChip(v, s, sel && "bid" in sel ? sel.bid : null), chip("won", "won", v.tricks[s], `${v.tricks[s]} trick${v.tricks[s] === 1 ? "" : "s"} taken`,
      { "data-tricks": s, "data-value": String(v.tricks[s]) })];
  },
  seatExtras(v, s, { ctx }) {
    const cards = v.foreheads && v.foreheads[String(s)];
    if (!cards) return [];
    return [h("div", { class: "tt-forehead", role: "group", "aria-label": `On the forehead of ${ctx.seatName(s)}` },
      cards.map((c) => cardFace(wizardCard(c), { code: c, small: true, label: `on the forehead: ${wizardCard(c).name}` })))];
  },
  actions(v, state, { ctx, legal }) {
    const out = [];
    const bids = legal.filter((m) => "bid" in m);
    // Asked of the viewer's own seat only (ctx.you): a replay seen by another seat, whose turn it was to predict,
    // said "Predict your tricks" to whoever watched it.
    if (v.phase === "bid" && ctx.you(state.my_seat) && v.to_move.includes(state.my_seat) && (bids.length || legal.length === 0)) {
      const sel = ctx.selected();
      // The trump said here too: on a phone the trump card, above the felt, is out of view while I predict.
      out.push(h("span", { class: "tt-ask" },
        ["Predict your tricks ", ...(v.trump ? ["(trump: ", ...richText(v.trump, "wizard"), "):"] : ["(no trump):"])]));
      for (let b = 0; b <= v.cards_this_round; b += 1) {
        const ok = bids.some((m) => m.bid === b);
        const on = sel && sel.bid === b;
        out.push(h("button", { type: "button", class: `tt-chip bid-choice${on ? " chosen" : ""}`, "data-bid-choice": b,
          disabled: !ok, "aria-pressed": on ? "true" : "false",
          title: ok ? `predict ${b}` : "plus or minus one: the predictions may not add up to the cards dealt",
          "aria-label": `predict ${b}`, onClick: () => ctx.select(ctx.move("Bid", { tricks: b }), `predict ${b}`) }, [h("b", { text: String(b) })]));
      }
    }
    const trumps = legal.filter((m) => "trump" in m);
    if (trumps.length) {
      const sel = ctx.selected();
      out.push(h("span", { class: "tt-ask", text: "A Wizard was turned up: choose trump" }));
      for (const m of trumps) {
        const on = sel && sel.trump === m.trump;
        out.push(h("button", { type: "button", class: `tt-suit${on ? " chosen" : ""}`, "data-trump": m.trump,
          "aria-pressed": on ? "true" : "false", onClick: () => ctx.select(m, `${m.trump} as trump`) },
        [icon(m.trump, { size: 30 }), h("span", { text: m.trump })]));
      }
    }
    return out;
  },
  myHand(v) { return v.hand; },
  handCard(v, code, { ctx }) {
    // A card selected without being played (a hint selects it: hint.js) is lit as chosen.
    const sel = ctx.selected() || {};
    const move = code === "?" ? ctx.move("PlayBlind") : ctx.move("Play", { card: code });
    if (!ctx.isLegal(move)) return null;
    const on = sel.play === move.play;
    return { cls: `can-play${on ? " chosen" : ""}`, attrs: code === "?" ? { "data-action": "play-blind" } : {},
      label: `Play ${code === "?" ? "the card on your forehead" : wizardCard(code).name}${on ? " (chosen)" : ""}`,
      onClick: () => ctx.play(move) };
  },
  extras() { return []; },
  scorePad(v, { ctx }) { return wizardScores(v, ctx); },
};

export function createBoard(root, ctx) {
  return createCardTable(root, ctx, WIZARD);
}

// ----- the rules page's pictures (rules.js): the table's own cards and chips (js/cards.js).

export const figures = {
  cards: () => h("div", { class: "tt-row", style: "display: flex; gap: .5rem; flex-wrap: wrap; justify-content: center" },
    ["W1", "J1", "13G", "7E"].map((code) => cardFace(wizardCard(code), { code }))),
  // (the chips as a seat shows them, half as big again: alone on the page they read as pieces)
  chips: () => h("div", { class: "tt-chips", style: "zoom: 1.5" }, [
    chip("bid", "bid", "2", "predicted 2 tricks"),
    chip("won", "won", 1, "1 trick taken"),
  ]),
};

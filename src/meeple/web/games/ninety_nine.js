// Ninety-Nine's board: trump and the turned-up card (and what the Joker stands
// for), every seat's bid ("hidden" unless a premium showed it) and tricks taken,
// premium offers, a revealed hand face up for everyone, the trick, my hand and my
// bid cards, and the score table hand by hand and round by round. Drawn from the
// engine's view only.
//
// Moves: setting a card aside as a bid card is sent as a pending move (Reset takes
// it back; Confirm once all three are set aside); a premium offer is selected and
// confirmed; playing a card shows it, so a click plays it at once.

import { h } from "../js/dom.js";
import { cardFace, createTrickBoard } from "./wizard.js";

const SUITS = {
  D: { name: "diamonds", symbol: "\u2666", colour: "#fde2e2", bid: 0 },
  S: { name: "spades", symbol: "\u2660", colour: "#e4e4ec", bid: 1 },
  H: { name: "hearts", symbol: "\u2665", colour: "#fbd3d9", bid: 2 },
  C: { name: "clubs", symbol: "\u2663", colour: "#dcebdc", bid: 3 },
};
const RANKS = { A: "Ace", K: "King", Q: "Queen", J: "Jack" };

/** A Ninety-Nine card code ("AS", "10H", "JK") in words and colours; the Joker says what it plays as. */
export function nnCard(code, v = null) {
  if (code === "JK") {
    const as = v && v.joker_as ? nnCard(v.joker_as) : null;
    return { label: "", sub: as ? `as ${as.label}${SUITS[v.joker_as.slice(-1)].symbol}` : "Joker", name: as ? `the Joker (as ${as.name})` : "the Joker",
      colour: "#f6e7a8", icon: "joker" };
  }
  const suit = SUITS[code.slice(-1)];
  const rank = code.slice(0, -1);
  return { label: rank, sub: `bids ${suit.bid}`, name: `${RANKS[rank] || rank} of ${suit.name}`,
    colour: suit.colour, icon: suit.name };
}

function bidText(v, s) {
  const b = v.bids[s];
  if (b === null) return `setting aside (${v.bid_card_counts[s]}/3)`;
  return String(b);
}

function scoreTable(v, ctx) {
  const seats = [0, 1, 2];
  const rows = v.history.map((r) => h("tr", { "data-hand": r.hand }, [
    h("td", { text: `${r.hand}${v.rounds.length || r.round > 1 ? ` (round ${r.round})` : ""}` }),
    h("td", { text: r.trump || "none" }),
    ...seats.map((s) => h("td", { class: r.bids[s] === r.tricks[s] ? "made" : "missed", title: r.details[s],
      text: `${r.bids[s]}/${r.tricks[s]} ${r.points[s] > 0 ? "+" : ""}${r.points[s]}` })),
  ]));
  const rounds = v.rounds.map((r) => h("tr", { class: "round-total", "data-round": r.round }, [
    h("th", { text: `Round ${r.round}` }), h("th", { text: "" }),
    ...seats.map((s) => h("th", { text: `${r.points[s]}${r.bonus[s] ? ` +${r.bonus[s]}` : ""}` })),
  ]));
  return h("table", { class: "tt-scores", "aria-label": "Scores by hand" }, [
    h("thead", {}, [h("tr", {}, [h("th", { text: "Hand" }), h("th", { text: "Trump" }), ...seats.map((s) => h("th", { text: ctx.seatName(s) }))])]),
    h("tbody", {}, [...rows, ...rounds,
      h("tr", {}, [h("th", { text: "This round" }), h("th", { text: "" }), ...seats.map((s) => h("th", { text: String(v.round_scores[s]) }))]),
      h("tr", {}, [h("th", { text: "Total" }), h("th", { text: "" }), ...seats.map((s) => h("th", { text: String(v.totals[s]) + (v.scoring === "first_to_three" ? ` (${v.rounds_won[s]} rounds)` : "") }))]),
    ]),
  ]);
}

const PREMIUM_LABEL = { none: "No premium", declare: "Declare (30)", reveal: "Reveal (60)" };

const NINETY_NINE = {
  game: "ninety_nine",
  describe: nnCard,
  note(v, code) {
    const card = code === "JK" ? v.joker_as : code;
    if (!card) return "";
    const suit = SUITS[card.slice(-1)];
    return `: bids ${suit.bid} if set aside` + (v.trump === suit.name ? "; trump" : "");
  },
  facts(v, { ctx }) {
    let trump = v.trump || "none";
    if (v.turnup) trump += ` (turned up ${nnCard(v.turnup).name}${v.joker_as ? "; the Joker plays as it" : ""})`;
    const facts = [["Hand", `${v.hand_number}, round ${v.round}`], ["Trump", trump]];
    if (v.led) facts.push(["To follow", v.led]);
    if (v.premium) facts.push(["Premium", `${v.premium.kind === "declare" ? "declared" : "revealed"} by ${ctx.seatName(v.premium.seat)}`]);
    return facts;
  },
  seatLines(v, s, { describe }) {
    const offer = v.offers.find((o) => o.seat === s);
    const lines = [h("span", { "data-bid": s, text: `Bid: ${bidText(v, s)}` }),
      h("span", { "data-tricks": s, text: `Tricks: ${v.tricks[s]}` })];
    if (offer) lines.push(h("span", { text: `Premium offer: ${offer.offer === "none" ? "passed" : offer.offer}` }));
    if (v.bid_cards[s] && v.bid_cards[s].length && ((v.premium && v.premium.seat === s) || v.over)) {
      lines.push(h("span", {}, ["Bid cards: ", ...v.bid_cards[s].map((c) => cardFace(c, describe, { small: true }))]));
    }
    return lines;
  },
  actions(v, state, { ctx, legal }) {
    const out = [];
    const premiums = legal.filter((m) => "premium" in m);
    if (premiums.length) {
      const sel = ctx.selected();
      out.push(h("span", { text: `Your bid is ${v.bids[state.my_seat]}. Premium: ` }));
      for (const m of premiums) {
        out.push(h("button", { type: "button", class: sel && sel.premium === m.premium ? "primary" : "",
          "data-premium": m.premium, onClick: () => ctx.select(m, PREMIUM_LABEL[m.premium]) }, [PREMIUM_LABEL[m.premium]]));
      }
    }
    return out;
  },
  myHand(v) { return v.hand; },
  handCard(v, code, { ctx, describe }) {
    if (ctx.isLegal({ bid_card: code })) {
      return { cls: "can-set-aside", label: `Set ${describe(code).name} aside as a bid card`,
        onClick: () => ctx.play({ bid_card: code }) };
    }
    if (ctx.isLegal({ play: code })) {
      return { cls: "can-play", label: `Play ${describe(code).name}`, onClick: () => ctx.play({ play: code }) };
    }
    return null;
  },
  extras(v, { me, describe, ctx }) {
    const out = [];
    if (me !== null && me !== undefined && v.bid_cards[me] && v.bid_cards[me].length) {
      out.push(h("section", { class: "tt-bid-cards", "aria-label": "Your bid cards" }, [
        h("h2", { text: `Your bid cards (bid ${v.bid_cards[me].reduce((n, c) => n + bidValue(v, c), 0)})` }),
        h("div", { class: "tt-cards" }, v.bid_cards[me].map((c) => cardFace(c, describe))),
      ]));
    }
    if (v.revealed_hand && v.revealed_hand.seat !== me) {
      out.push(h("section", { class: "tt-revealed", "aria-label": "Revealed hand" }, [
        h("h2", { text: `${ctx.seatName(v.revealed_hand.seat)} plays with the hand revealed` }),
        h("div", { class: "tt-cards" }, v.revealed_hand.cards.map((c) => cardFace(c, describe))),
      ]));
    }
    return out;
  },
  scoreTable(v, { ctx }) { return scoreTable(v, ctx); },
};

function bidValue(v, code) {
  const card = code === "JK" ? v.joker_as : code;
  return card ? SUITS[card.slice(-1)].bid : 0;
}

export function createBoard(root, ctx) {
  return createTrickBoard(root, ctx, NINETY_NINE);
}

// Ninety-Nine's board: a card table (js/cards.js). Seats round the felt, each with its three bid
// cards set aside face down (face up once a premium or the end shows them), its bid and tricks as
// chips and a Declare or Reveal badge; the trick in the middle, the last trick on demand, the
// turned-up card face up as trump (and what the Joker stands for), my hand fanned (my bid cards by my
// seat, as everyone's), a revealed hand face up for everyone, and the score pad hand by hand and round by round.
// Drawn from the engine's view only.
//
// Moves: setting a card aside as a bid card is sent as a pending move (Reset takes it back; Confirm
// once all three are set aside); a premium offer is selected and confirmed; playing a card shows it,
// so a click plays it at once.

import { h } from "../js/dom.js";
import { icon } from "../js/icons.js";
import { cardFace, chip, createCardTable } from "../js/cards.js";

// The suits by the letter that ends a card's code ("10H"): a card set aside bids its suit's number.
const SUITS = {
  D: { name: "diamonds", ink: "#b3101f", bid: 0 },
  S: { name: "spades", ink: "#1a1a1a", bid: 1 },
  H: { name: "hearts", ink: "#b3101f", bid: 2 },
  C: { name: "clubs", ink: "#1a1a1a", bid: 3 },
};
const RANKS = { A: "Ace", K: "King", Q: "Queen", J: "Jack" };

/** A Ninety-Nine card code ("AS", "10H", "JK") as a face (js/cards.js); the Joker says what it plays as. */
export function nnCard(code, v = null) {
  if (code === "JK") {
    const as = v && v.joker_as ? nnCard(v.joker_as) : null;
    return { rank: "", suit: "joker", ink: "#8a5a00", kind: "joker", note: as ? `as ${as.rank}` : "Joker",
      name: as ? `the Joker (as ${as.name})` : "the Joker" };
  }
  const suit = SUITS[code.slice(-1)];
  const rank = code.slice(0, -1);
  return { rank, suit: suit.name, ink: suit.ink, name: `${RANKS[rank] || rank} of ${suit.name}`, kind: "plain" };
}

function bidChip(v, s) {
  const b = v.bids[s];
  const shown = b === null ? "–" : b === "hidden" ? "?" : String(b);
  const title = b === null ? `setting bid cards aside (${v.bid_card_counts[s]} of 3)`
    : b === "hidden" ? "bid hidden (its cards lie face down)" : `bid ${b} trick${b === 1 ? "" : "s"}`;
  return chip("bid", "bid", shown, title, { "data-bid": s, "data-value": shown });
}

function signedPoints(n) {
  return `${n > 0 ? "+" : ""}${n}`;
}

function scoreTable(v, ctx) {
  const seats = [0, 1, 2];
  const handRow = (r) => h("tr", { "data-hand": r.hand }, [
    h("th", { scope: "row", title: `hand ${r.hand}, round ${r.round}`, text: String(r.hand) }),
    h("td", { class: "trump", title: `trump: ${r.trump || "none"}` }, [r.trump ? icon(r.trump, { size: 14, label: r.trump }) : "–"]),
    ...seats.map((s) => h("td", { class: r.bids[s] === r.tricks[s] ? "made" : "missed", title: `${ctx.seatName(s)}: ${r.details[s]}` }, [
      h("span", { class: "bt", text: `${r.bids[s]}/${r.tricks[s]}` }), " ", h("b", { text: signedPoints(r.points[s]) })])),
  ]);
  const roundRow = (r) => h("tr", { class: "round-total", "data-round": r.round }, [
    h("th", { scope: "row", colspan: 2, text: `Round ${r.round}` }),
    ...seats.map((s) => h("td", { title: r.bonus[s] ? `${r.points[s]} points and ${r.bonus[s]} for reaching 100` : `${r.points[s]} points`,
      text: `${r.points[s]}${r.bonus[s] ? ` +${r.bonus[s]}` : ""}` })),
  ]);
  const body = [];
  for (const r of v.history) {
    body.push(handRow(r));
    const done = v.rounds.find((x) => x.round === r.round);
    const next = v.history.find((x) => x.hand === r.hand + 1);
    if (done && (!next || next.round !== r.round)) body.push(roundRow(done));
  }
  if (!body.length) body.push(h("tr", {}, [h("td", { colspan: 5, class: "none", text: `Hand ${v.hand_number} in play: nothing scored yet.` })]));
  const foot = [h("tr", {}, [h("th", { scope: "row", colspan: 2, text: "This round" }),
    ...seats.map((s) => h("td", { text: String(v.round_scores[s]) }))]),
  h("tr", {}, [h("th", { scope: "row", colspan: 2, text: "Total" }),
    ...seats.map((s) => h("td", { "data-total": s, text: String(v.totals[s]) + (v.scoring === "first_to_three" ? ` (${v.rounds_won[s]} won)` : "") }))])];
  return h("table", { class: "tt-scores", "aria-label": "Scores by hand: bid/taken and points" }, [
    h("thead", {}, [h("tr", {}, [h("th", { scope: "col", title: "hand", text: "#" }), h("th", { scope: "col", text: "Trump" }),
      ...seats.map((s) => h("th", { scope: "col", style: `--seat:${ctx.seatColour(s)}`, title: ctx.seatName(s), text: ctx.seatName(s) }))])]),
    h("tbody", {}, body),
    h("tfoot", {}, foot),
  ]);
}

const PREMIUM_LABEL = { none: "No premium", declare: "Declare (30)", reveal: "Reveal (60)" };
const PREMIUM_WORDS = { declare: "Declared", reveal: "Revealed" };

function bidValue(v, code) {
  const card = code === "JK" ? v.joker_as : code;
  return card ? SUITS[card.slice(-1)].bid : 0;
}

const NINETY_NINE = {
  game: "ninety_nine",
  describe: nnCard,
  note(v, code) {
    const card = code === "JK" ? v.joker_as : code;
    if (!card) return "";
    const suit = SUITS[card.slice(-1)];
    return `: bids ${suit.bid} if set aside` + (v.trump === suit.name ? "; trump" : "");
  },
  trump(v) {
    if (!v.turnup) return { card: null, words: `${v.trump || "none"} (no card turned up)` };
    // A nine or the Joker turned up means no trump: the card lies face up all the same, so say why.
    const words = v.trump || `none: ${v.turnup === "JK" ? "the Joker" : "a nine"} turned up`;
    return { card: v.turnup, words };
  },
  facts(v) {
    const facts = [["Hand", `${v.hand_number} · round ${v.round}`]];
    if (v.led) facts.push(["To follow", v.led]);
    return facts;
  },
  seatChips(v, s) {
    return [bidChip(v, s), chip("won", "won", v.tricks[s], `${v.tricks[s]} trick${v.tricks[s] === 1 ? "" : "s"} taken`,
      { "data-tricks": s, "data-value": String(v.tricks[s]) })];
  },
  seatExtras(v, s, { ctx, describe }) {
    const out = [];
    const shown = v.bid_cards[s];
    const count = v.bid_card_counts[s];
    if (count) {
      // The bid cards lie face down by the seat; their faces show to their owner, and to everyone
      // once a premium or the end of the hand shows them.
      const cards = shown && shown.length
        ? shown.map((c) => cardFace(describe(c), { code: c, small: true, label: `bid card: ${describe(c).name}` }))
        : Array.from({ length: count }, () => cardFace(null, { small: true, label: "a bid card, face down" }));
      out.push(h("div", { class: "tt-set-aside", role: "group", "data-bid-cards": s,
        "aria-label": `${ctx.you(s) ? "Your" : `${ctx.seatName(s)}'s`} bid cards` }, cards));
    }
    if (v.premium && v.premium.seat === s) {
      out.push(h("span", { class: `tt-badge ${v.premium.kind}`, "data-premium-shown": v.premium.kind,
        title: v.premium.kind === "declare" ? "bid shown to all: 30 more if made" : "bid and hand shown to all: 60 more if made",
        text: PREMIUM_WORDS[v.premium.kind] }));
    } else {
      const offer = v.offers.find((o) => o.seat === s);
      if (offer) out.push(h("span", { class: "tt-badge offer", text: offer.offer === "none" ? "no premium" : `offers to ${offer.offer}` }));
    }
    return out;
  },
  actions(v, state, { ctx, legal }) {
    const out = [];
    const premiums = legal.filter((m) => "premium" in m);
    if (premiums.length) {
      const sel = ctx.selected();
      out.push(h("span", { class: "tt-ask", text: `Your bid is ${v.bids[state.my_seat]}. Premium:` }));
      for (const m of premiums) {
        const on = sel && sel.premium === m.premium;
        out.push(h("button", { type: "button", class: `premium${on ? " chosen" : ""}`, "aria-pressed": on ? "true" : "false",
          "data-premium": m.premium, onClick: () => ctx.select(m, PREMIUM_LABEL[m.premium]) }, [PREMIUM_LABEL[m.premium]]));
      }
    }
    return out;
  },
  myHand(v) { return v.hand; },
  handCard(v, code, { ctx, describe }) {
    // A card selected without being sent (a hint selects it: hint.js) is lit as chosen.
    const sel = ctx.selected() || {};
    const aside = ctx.move("SetAside", { card: code });
    const play = ctx.move("Play", { card: code });
    if (ctx.isLegal(aside)) {
      const suit = SUITS[(code === "JK" ? v.joker_as || "?D" : code).slice(-1)];
      const on = sel.bid_card === code;
      return { cls: `can-set-aside${on ? " chosen" : ""}`, onClick: () => ctx.play(aside),
        label: `Set ${describe(code).name} aside as a bid card (bids ${suit ? suit.bid : 0})${on ? " (chosen)" : ""}` };
    }
    if (ctx.isLegal(play)) {
      const on = sel.play === code;
      return { cls: `can-play${on ? " chosen" : ""}`, label: `Play ${describe(code).name}${on ? " (chosen)" : ""}`,
        onClick: () => ctx.play(play) };
    }
    return null;
  },
  extras(v, { me, describe, ctx }) {
    const out = [];
    if (me !== null && me !== undefined && v.bid_cards[me] && v.bid_cards[me].length && v.phase === "bid") {
      const sum = v.bid_cards[me].reduce((n, c) => n + bidValue(v, c), 0);
      const worth = Object.values(SUITS).map((x) => `${x.name} ${x.bid}`).join(", ");
      out.push(h("p", { class: "tt-bid-sum", text: `Set aside: ${v.bid_cards[me].length} of 3, bidding ${sum} so far (${worth}).` }));
    }
    if (v.revealed_hand && v.revealed_hand.seat !== me) {
      out.push(h("section", { class: "tt-revealed", "aria-label": "Revealed hand" }, [
        h("h2", { text: `${ctx.seatName(v.revealed_hand.seat)} plays with the hand revealed` }),
        h("div", { class: "tt-row" }, v.revealed_hand.cards.map((c) => cardFace(describe(c), { code: c, small: true }))),
      ]));
    }
    return out;
  },
  scorePad(v, { ctx }) { return scoreTable(v, ctx); },
};

export function createBoard(root, ctx) {
  return createCardTable(root, ctx, NINETY_NINE);
}

// ----- the rules page's pictures (rules.js): the table's own cards, chips and badges (js/cards.js).

const row = (children) => h("div", { class: "tt-row", style: "display: flex; gap: .4rem; align-items: center; flex-wrap: wrap; justify-content: center" }, children);

export const figures = {
  joker: () => row(["KH", "JK"].map((code) => cardFace(nnCard(code, { joker_as: "KH" }), { code }))),
  bid_cards: () => row([
    ...["10C", "QH", "7S"].map((code) => cardFace(nnCard(code), { code, label: `bid card: ${nnCard(code).name}` })),
    chip("bid", "bid", "6", "bid 6 tricks"),
  ]),
  declared: () => h("div", { style: "display: flex; gap: 1.4rem; flex-wrap: wrap; justify-content: center" }, [
    h("div", { class: "tt-set-aside" }, [...Array.from({ length: 3 }, () => cardFace(null, { small: true, label: "a bid card, face down" })),
      chip("bid", "bid", "?", "bid hidden (its cards lie face down)")]),
    h("div", { class: "tt-set-aside" }, [...["8D", "JS", "6H"].map((code) => cardFace(nnCard(code), { code, small: true })),
      chip("bid", "bid", "3", "bid 3 tricks"), h("span", { class: "tt-badge declare", text: PREMIUM_WORDS.declare })]),
  ]),
};

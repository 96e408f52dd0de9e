// Wizard's board: whose deal, trump and the turned-up card, every seat's
// prediction (or "hidden") and tricks taken, the trick on the table (or the last
// one), my hand with the cards I may play lit, the prediction buttons, and the
// score table by round. In a Foresight round my own card shows as a back and the
// others' cards sit on their foreheads. Everything is drawn from the engine's
// view; nothing hidden is ever guessed.
//
// Moves: a prediction or a trump suit is selected (the panel previews it, Confirm
// sends it); playing a card shows it to everyone, so a click plays it at once.
//
// The trick-table pieces (`createTrickBoard`, `cardFace`) are shared with
// Ninety-Nine's board, which imports them from here.

import { h, clear } from "../js/dom.js";
import { icon, pictured, richText } from "../js/icons.js";

const STYLE = `
.tt-board { display: grid; gap: .8rem; }
.tt-board h2 { font-size: 1rem; margin: 0 0 .3rem; }
.tt-info { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; align-items: center; }
.tt-info .tt-fact b { font-weight: 600; }
.tt-seats { display: flex; flex-wrap: wrap; gap: .6rem; }
.tt-seat { border: 2px solid var(--seat, #999); border-radius: 8px; padding: .4rem .6rem; min-width: 9rem; }
.tt-seat.to-move { box-shadow: 0 0 0 3px #1d6fd6; }
.tt-seat .tt-name { font-weight: 600; }
.tt-seat .tt-line { font-size: .9rem; }
.tt-cards { display: flex; flex-wrap: wrap; gap: .3rem; align-items: flex-end; }
.tt-card { width: 3.1rem; height: 4.4rem; border-radius: 6px; border: 1px solid #555; display: inline-flex;
  flex-direction: column; align-items: center; justify-content: center; font-weight: 700; font-size: 1.05rem;
  background: #fff; color: #222; padding: 0; position: relative; }
.tt-card small { font-size: .62rem; font-weight: 500; }
.tt-card .mi { width: 22px; height: 22px; margin: 1px 0; }
.tt-card.small .mi { width: 15px; height: 15px; }
.tt-card .tt-rank { line-height: 1; }
.tt-card.back { background: repeating-linear-gradient(45deg, #40507a, #40507a 4px, #56679a 4px, #56679a 8px); color: #fff; }
.tt-card.can-play, .tt-card.can-set-aside { border: 3px solid #1d6fd6; cursor: pointer; transform: translateY(-4px); }
.tt-card:disabled { opacity: .55; cursor: default; }
.tt-card.small { width: 2.3rem; height: 3.2rem; font-size: .8rem; }
.tt-trick { display: flex; gap: .8rem; min-height: 5.6rem; align-items: flex-end; flex-wrap: wrap; }
.tt-played { display: flex; flex-direction: column; align-items: center; font-size: .8rem; gap: .2rem; }
.tt-played.winning .tt-card { box-shadow: 0 0 0 3px #e0a800; }
.tt-trick.last { opacity: .6; }
.tt-actions { display: flex; flex-wrap: wrap; gap: .4rem; align-items: center; }
.tt-scores { border-collapse: collapse; font-size: .85rem; }
.tt-scores th, .tt-scores td { border: 1px solid #ccc; padding: .15rem .45rem; text-align: right; }
.tt-scores .made { color: #1a7f37; font-weight: 600; }
.tt-scores .missed { color: #b42318; }
`;

const WIZARD_SUITS = {
  D: { name: "dwarves", colour: "#f3c4c0" },
  E: { name: "elves", colour: "#c6e8c2" },
  G: { name: "giants", colour: "#f7e19a" },
  H: { name: "humans", colour: "#bcd4f4" },
};

/** A Wizard card code ("13G", "W2", "J1") in words and colours. */
export function wizardCard(code) {
  if (code[0] === "W") return { label: "", sub: "Wizard", name: "Wizard", colour: "#d9c6f2", icon: "wizard" };
  if (code[0] === "J") return { label: "", sub: "Jester", name: "Jester", colour: "#e6e6e6", icon: "jester" };
  const suit = WIZARD_SUITS[code.slice(-1)];
  const rank = code.slice(0, -1);
  return { label: rank, sub: suit.name, name: `${rank} of ${suit.name}`, colour: suit.colour, icon: suit.name };
}

/** A card face (or back) as a <button> when `onClick` is given, else a <span>. */
export function cardFace(code, describe, { onClick = null, cls = "", small = false, label = null } = {}) {
  const classes = ["tt-card", cls, small ? "small" : ""].filter(Boolean).join(" ");
  if (code === "?" || code === null) {
    return h(onClick ? "button" : "span", { type: onClick ? "button" : null, class: `${classes} back`,
      "aria-label": label || "a card you cannot see", onClick, "data-card": "?" }, ["?"]);
  }
  const info = describe(code);
  const attrs = { class: classes, style: `background:${info.colour}`, "data-card": code,
    "aria-label": label || info.name };
  // The rank, the suit's picture (ours, icons.js), then the suit in words.
  const face = [info.label ? h("span", { class: "tt-rank", text: info.label }) : null,
    info.icon ? icon(info.icon, { size: small ? 15 : 22 }) : null, h("small", { text: info.sub })];
  if (onClick) return h("button", { type: "button", ...attrs, onClick }, face);
  return h("span", attrs, face);
}

/**
 * The shared table of a trick-taking game. `spec` says what is particular to a game:
 *   describe(code, view) -> {label, sub, name, colour}
 *   note(v, code) -> string                         (optional) more words for a card's tooltip
 *   facts(v) -> [[label, text], ...]               the info line
 *   seatLines(v, seat) -> [node|string, ...]        extra lines in a seat box
 *   actions(v, state, api) -> [node, ...]           buttons above my hand
 *   handCard(v, code, api) -> {cls, onClick, label} | null   how a card of my hand acts
 *   myHand(v) -> [codes] | null
 *   extras(v, api) -> [node, ...]                   sections below my hand (bid cards, revealed hands)
 *   scoreTable(v, api) -> node
 */
export function createTrickBoard(root, ctx, spec) {
  let version = 0;
  const style = h("style", { text: STYLE });
  const board = h("div", { class: "tt-board" });
  root.append(style, board);

  function legalJson(state) {
    return (state.legal || []).map((l) => l.json);
  }

  function trickRow(v, cards, last, winner, describe) {
    return h("div", { class: `tt-trick${last ? " last" : ""}`, "aria-label": last ? "The last trick" : "The trick" },
      cards.length ? cards.map((p, i) => h("div", { class: `tt-played${winner === i ? " winning" : ""}`, "data-seat": p.seat }, [
        cardFace(p.card, describe),
        h("span", { text: ctx.seatName(p.seat), style: `color:${ctx.seatColour(p.seat)}` }),
      ])) : [h("p", { class: "hint", text: "No card played yet." })]);
  }

  function draw(state) {
    const v = state.view;
    const describe = (code) => spec.describe(code, v);
    const api = { ctx, state, me: state.my_seat, legal: legalJson(state), describe };
    version += 1;
    board.dataset.version = String(version);
    board.dataset.phase = v.phase;
    clear(board);

    board.append(h("div", { class: "tt-info" }, spec.facts(v, api).map(([k, t]) =>
      h("span", { class: "tt-fact", "data-fact": k }, [h("b", { text: `${k}: ` }),
        ...(typeof t === "string" ? richText(t, spec.game) : [t])]))));

    board.append(h("div", { class: "tt-seats" }, v.hand_sizes.map((n, s) => {
      const box = h("section", { class: `tt-seat${v.to_move.includes(s) ? " to-move" : ""}`, "data-seat": s,
        style: `--seat:${ctx.seatColour(s)}`, "aria-label": `Seat of ${ctx.seatName(s)}` }, [
        h("div", { class: "tt-name", text: ctx.seatName(s) + (s === api.me ? " (you)" : "") + (s === v.dealer ? " · dealer" : "") }),
        ...spec.seatLines(v, s, api).map((line) => h("div", { class: "tt-line" }, [line])),
        h("div", { class: "tt-line", text: `${n} card${n === 1 ? "" : "s"} in hand` }),
      ]);
      return box;
    })));

    const inTrick = v.trick.length > 0;
    board.append(h("section", { "aria-label": "Table" }, [
      h("h2", { text: inTrick || !v.last_trick ? "Trick" : "Last trick" }),
      inTrick || !v.last_trick ? trickRow(v, v.trick, false, null, describe)
        : trickRow(v, v.last_trick, true, v.last_trick.findIndex((p) => p.seat === v.last_trick_winner), describe),
    ]));

    // My choice and my hand together: the area brought into view on my turn (acting.js).
    const act = h("div", { class: "tt-act" });
    if (state.legal && state.legal.length) act.dataset.acting = v.phase;
    board.append(act);
    const actions = spec.actions(v, state, api);
    if (actions.length) act.append(h("div", { class: "tt-actions", role: "group", "aria-label": "Your choice" }, actions));

    const hand = spec.myHand(v, api);
    if (hand) {
      act.append(h("section", { class: "tt-hand", "aria-label": "Your hand" }, [
        h("h2", { text: "Your hand" }),
        h("div", { class: "tt-cards" }, hand.map((code) => {
          const how = spec.handCard(v, code, api);
          return cardFace(code, describe, how ? { onClick: how.onClick, cls: how.cls, label: how.label } : {});
        })),
      ]));
    }
    for (const node of spec.extras(v, api)) board.append(node);
    board.append(h("section", { "aria-label": "Scores" }, [spec.scoreTable(v, api)]));
    for (const el of board.querySelectorAll(".tt-card[data-card]")) {
      const card = el.dataset.card;
      if (card === "?") ctx.tooltip(el, () => "A card you cannot see.");
      else ctx.tooltip(el, () => pictured(describe(card).name + (spec.note ? spec.note(v, card) : ""), spec.game));
    }
  }

  return {
    update(state) { draw(state); },
    destroy() { clear(root); },
  };
}

// ----- Wizard ----------------------------------------------------------------

function bidText(v, s) {
  const b = v.bids[s];
  if (b === null) return "–";
  return b === "hidden" ? (v.predictions === "secret" ? "secret" : "hidden") : String(b);
}

function wizardScores(v, ctx) {
  const seats = v.hand_sizes.map((_, s) => s);
  return h("table", { class: "tt-scores", "aria-label": "Scores by round" }, [
    h("thead", {}, [h("tr", {}, [h("th", { text: "Round" }), ...seats.map((s) => h("th", { text: ctx.seatName(s) }))])]),
    h("tbody", {}, [
      ...v.history.map((r) => h("tr", { "data-round": r.round }, [h("td", { text: `${r.round} (${r.cards})` }),
        ...seats.map((s) => h("td", { class: r.bids[s] === r.tricks[s] ? "made" : "missed",
          title: `predicted ${r.bids[s]}, took ${r.tricks[s]}`, text: `${r.bids[s]}/${r.tricks[s]} ${r.points[s] > 0 ? "+" : ""}${r.points[s]}` }))])),
      h("tr", {}, [h("th", { text: "Total" }), ...seats.map((s) => h("th", { text: String(v.scores[s]) }))]),
    ]),
  ]);
}

const WIZARD = {
  game: "wizard",
  describe: wizardCard,
  note(v, code) {
    if (code[0] === "W") return ": wins the trick unless an earlier Wizard was played; may always be played.";
    if (code[0] === "J") return ": never wins unless every card is a Jester; may always be played.";
    return v.trump && wizardCard(code).sub === v.trump ? " (trump)" : "";
  },
  facts(v) {
    const turn = v.turnup ? ` (turned up ${wizardCard(v.turnup).name})` : " (no card turned up)";
    const facts = [["Round", `${v.round} of ${v.rounds}, ${v.cards_this_round} card${v.cards_this_round === 1 ? "" : "s"} each`],
      ["Trump", (v.trump || (v.phase === "trump" ? "the dealer chooses" : "none")) + turn]];
    if (v.led) facts.push(["To follow", v.led === "free" ? "anything (a Wizard was led)" : v.led]);
    if (v.predictions !== "open") facts.push(["Predictions", v.predictions]);
    if (v.plus_minus_one) facts.push(["Plus or minus one", "the predictions may not add up to the cards dealt"]);
    return facts;
  },
  seatLines(v, s) {
    const lines = [h("span", { "data-bid": s, text: `Predicted: ${bidText(v, s)}` }),
      h("span", { "data-tricks": s, text: `Tricks: ${v.tricks[s]}` })];
    if (v.foreheads && v.foreheads[String(s)]) {
      lines.push(h("span", {}, ["On the forehead: ", ...v.foreheads[String(s)].map((c) => cardFace(c, wizardCard, { small: true }))]));
    }
    return lines;
  },
  actions(v, state, { ctx, legal }) {
    const out = [];
    const bids = legal.filter((m) => "bid" in m);
    if (v.phase === "bid" && state.my_seat !== null && v.to_move.includes(state.my_seat) && (bids.length || legal.length === 0)) {
      const sel = ctx.selected();
      out.push(h("span", { text: "Predict: " }));
      for (let b = 0; b <= v.cards_this_round; b += 1) {
        const ok = bids.some((m) => m.bid === b);
        const on = sel && sel.bid === b;
        out.push(h("button", { type: "button", class: `bid-choice${on ? " primary" : ""}`, "data-bid-choice": b,
          disabled: !ok, title: ok ? `predict ${b}` : "plus or minus one: the total may not equal the cards dealt",
          onClick: () => ctx.select({ bid: b }, `predict ${b}`) }, [String(b)]));
      }
    }
    const trumps = legal.filter((m) => "trump" in m);
    if (trumps.length) {
      out.push(h("span", { text: "A Wizard was turned up: choose trump " }));
      for (const m of trumps) {
        out.push(h("button", { type: "button", "data-trump": m.trump, onClick: () => ctx.select(m, `${m.trump} as trump`) },
          [icon(m.trump, { size: 18 }), ` ${m.trump}`]));
      }
    }
    if (ctx.isLegal({ play: "blind" })) {
      out.push(h("button", { type: "button", class: "primary", "data-action": "play-blind",
        onClick: () => ctx.play({ play: "blind" }) }, ["Play the card on your forehead"]));
    }
    return out;
  },
  myHand(v) { return v.hand; },
  handCard(v, code, { ctx }) {
    if (code !== "?" && ctx.isLegal({ play: code })) {
      return { cls: "can-play", label: `Play ${wizardCard(code).name}`, onClick: () => ctx.play({ play: code }) };
    }
    return null;
  },
  extras() { return []; },
  scoreTable(v, { ctx }) { return wizardScores(v, ctx); },
};

export function createBoard(root, ctx) {
  return createTrickBoard(root, ctx, WIZARD);
}

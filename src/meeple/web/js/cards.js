// Playing cards and the card table of the trick-taking games (Wizard and Ninety-Nine).
//
//   cardFace(face, opts)        one card drawn as a card: rank and suit in the corners, the suit's
//                               picture in the middle (Wizards, Jesters and the Joker by their own)
//   fannedHand(cards, width)    my hand, overlapping in rows that always fit the width
//   createCardTable(root, ctx, spec)   the whole board: seats round a felt, the trick in the middle
//                               placed towards whoever played each card, the last trick on demand,
//                               the trump card face up, bids and tricks as chips, my hand, and the
//                               score pad in a place of its own
//
// A game says what its cards are (`spec.describe(code, view)` gives a face) and what is particular to
// it; everything is drawn from the engine's view, and a card the view does not show ("?") is a back.
// Styles: css/boards/cards.css.

import { h, clear } from "./dom.js";
import { icon, pictured, richText } from "./icons.js";

/**
 * A face: {rank, suit, ink, name, kind, note}: `rank` the corner's text ("" for a Wizard, a Jester or
 * the Joker), `suit` the icon drawn in the corners and the middle, `ink` the colour of the corner's
 * rank, `kind` "plain" | "wizard" | "jester" | "joker", `note` a second line under the middle ("as 7").
 */
export function cardFace(face, { onClick = null, cls = "", small = false, label = null, code = null, attrs = {} } = {}) {
  const tag = onClick ? "button" : "span";
  const classes = ["tt-card", cls, small ? "small" : ""].filter(Boolean).join(" ");
  if (!face) {
    return h(tag, { type: onClick ? "button" : null, class: `${classes} back`, "data-card": "?", onClick,
      "aria-label": label || "a card you cannot see", role: onClick ? null : "img", ...attrs });
  }
  const size = small ? 13 : 16;
  // a small card's corner has room for its rank only (or the picture of a card without one)
  const corner = (where) => h("span", { class: `tt-corner ${where}`, "aria-hidden": "true" }, [
    face.rank ? h("b", { class: "tt-rank", text: face.rank }) : null, small && face.rank ? null : icon(face.suit, { size })]);
  const middle = h("span", { class: "tt-middle", "aria-hidden": "true" }, [icon(face.suit, { size: small ? 20 : 30 })]);
  const word = face.kind === "plain" ? null : h("small", { class: "tt-word", "aria-hidden": "true",
    text: face.note || face.name.replace(/^the /, "") });
  return h(tag, { type: onClick ? "button" : null, class: `${classes} ${face.kind}`, "data-card": code,
    style: `--ink:${face.ink}`, "aria-label": label || face.name, role: onClick ? null : "img", onClick, ...attrs },
  [corner("tl"), middle, word, small || face.kind !== "plain" ? null : corner("br")]);
}

/**
 * Makes `old` (a node on the page) read as `next` (the same part drawn anew, off the page), changing only
 * what differs: an attribute, a text, a row added or gone; a node of another kind is replaced whole.
 * What is the same stays untouched, so the page keeps its scroll position, a tooltip open on a cell, the
 * text selected in it. Event listeners are not carried over: for parts drawn without any (the score pad).
 */
export function patch(old, next) {
  if (old.nodeType !== next.nodeType || old.nodeName !== next.nodeName || old.namespaceURI !== next.namespaceURI) {
    old.replaceWith(next);
    return;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  for (const name of old.getAttributeNames()) if (!next.hasAttribute(name)) old.removeAttribute(name);
  for (const name of next.getAttributeNames()) {
    const value = next.getAttribute(name);
    if (old.getAttribute(name) === value) continue;
    if (name === "style") old.style.cssText = next.style.cssText;  // (CSP: no style attributes set)
    else old.setAttribute(name, value);
  }
  const have = old.childNodes;
  const want = [...next.childNodes];
  want.forEach((child, i) => (i < have.length ? patch(have[i], child) : old.append(child)));
  while (have.length > want.length) old.lastChild.remove();
}

/** My hand as overlapping cards in as few rows as fit `width` px, each card's corner (30 px) left in view. */
export function fannedHand(cards, width) {
  const card = 62;     // a hand card's width in px (cards.css: .tt-fan .tt-card)
  const least = 30;    // the least of a card that stays in view: its corner, enough to tap
  const perRow = Math.max(1, Math.floor((Math.max(width, card) - card) / least) + 1);
  const rows = Math.ceil(cards.length / perRow) || 1;
  const each = Math.ceil(cards.length / rows);
  const fan = h("div", { class: "tt-fan" });
  for (let r = 0; r < rows; r++) {
    const row = cards.slice(r * each, (r + 1) * each);
    const step = row.length > 1 ? Math.min(card + 6, (width - card) / (row.length - 1)) : 0;
    const line = h("div", { class: "tt-fan-row" });
    row.forEach((el, i) => {
      el.style.marginLeft = i ? `${Math.round(step - card)}px` : "";
      line.append(el);
    });
    fan.append(line);
  }
  return fan;
}

/** The angle of a seat round the table, me at the bottom and play going on to my left (clockwise). */
function seatAngle(seat, me, n) {
  return Math.PI / 2 + (((seat - me) % n + n) % n) * (2 * Math.PI / n);
}

function at(angle, rx, ry) {
  return `left:${(50 + rx * Math.cos(angle)).toFixed(1)}%;top:${(50 + ry * Math.sin(angle)).toFixed(1)}%`;
}

/** A seat box placed at the table's edge and pushed inwards by its own size, so it never sticks out. */
function atEdge(angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return `${at(angle, 49.5, 49.5)};transform:translate(${(-50 - 50 * c).toFixed(1)}%, ${(-50 - 50 * s).toFixed(1)}%)`;
}

/** A chip: a round token with its number and, above it, what it counts (for a bid, a trick count). */
export function chip(kind, caption, value, title, attrs = {}) {
  return h("span", { class: `tt-chip ${kind}`, title, "aria-label": title, role: "img", ...attrs }, [
    h("small", { text: caption, "aria-hidden": "true" }), h("b", { text: String(value), "aria-hidden": "true" })]);
}

/**
 * The board of a trick-taking game. `spec` says what is particular to a game:
 *   game                                   the game id (for pictures in words)
 *   describe(code, view) -> face           a card's face (see cardFace)
 *   note(view, code) -> string             more words for a card's tooltip
 *   facts(view, api) -> [[label, node|string]]   the line above the table (round, what to follow)
 *   trump(view) -> {card, words}            the trump card face up and the trump in words
 *   seatChips(view, seat, api) -> [node]    a seat's chips (bid, tricks)
 *   seatExtras(view, seat, api) -> [node]   more on a seat (bid cards face down, a premium, forehead cards)
 *   actions(view, state, api) -> [node]     my choices above my hand
 *   handCard(view, code, api) -> {cls, onClick, label} | null   how a card of my hand acts
 *   myHand(view) -> [codes] | null
 *   extras(view, api) -> [node]             sections under my hand (my bid cards, a revealed hand)
 *   scorePad(view, api) -> node             the score pad (drawn without event listeners: the one on the
 *                                           page is patched to read as it, see patch)
 */
export function createCardTable(root, ctx, spec) {
  let version = 0;
  let showLast = false;   // the last trick asked for while a trick is on the table
  let last = null;
  const board = h("div", { class: "tt-board" });
  root.append(board);
  // The score pad stays on the page from draw to draw, last on the board, and is only patched where it
  // changed: drawn anew at every change (the node replaced), it lost the place a player had scrolled to
  // in it (a long game at six seats, on a phone) at every move.
  const padScroll = h("div", { class: "tt-pad-scroll", tabindex: "0", role: "region", "aria-label": "Score pad, round by round" });
  const pad = h("section", { class: "tt-pad", "aria-label": "Score pad" }, [h("h2", { text: "Score pad" }), padScroll]);
  // A player at the pad's bottom (the latest round in view) stays there: a new round's row, added below, is
  // brought into view (in measure); one who scrolled up to an older round keeps their place. Told by the pad's
  // own scroll events, so a draw reads nothing. A pad too short to scroll is at its bottom: once it scrolls, its
  // newest row is in view.
  let padAtBottom = true;
  padScroll.addEventListener("scroll", () => {
    padAtBottom = padScroll.scrollTop >= padScroll.scrollHeight - padScroll.clientHeight - 2;
  }, { passive: true });
  /** A part of the board put in its place: before the score pad. */
  const put = (node) => board.insertBefore(node, pad.parentNode === board ? pad : null);
  // When the width changes the hand is laid out again in place (the same elements, so the area the
  // table brought into view on my turn stays the one on the page).
  let width = 0;      // the width the board was drawn (or its hand laid out) at
  let seen = null;    // the board's width at the last layout, told by the observer (null before the first)
  let hand = null;   // {holder, cards} of the hand on the page
  let wideDrawn = false;
  function layoutHand(across) {
    if (!hand) return;
    const room = Math.max(200, (across || 360) - 8);
    hand.holder.replaceChildren(hand.cards.length ? fannedHand(hand.cards, room)
      : h("p", { class: "hint", text: "No cards left." }));
  }
  // The observer runs just after the page is laid out, so reading the width here costs nothing; a draw
  // uses what it read instead of reading the width itself, which laid the page out again at every change.
  const resized = new ResizeObserver(() => {
    seen = board.clientWidth;
    if (Math.abs(seen - width) <= 8) return;
    width = seen;
    // the trick's layout changes with the width: drawn and measured at once, this frame being laid out
    if (last && (width >= 700) !== wideDrawn) draw(last, true);
    else layoutHand(width);
  });
  resized.observe(board);

  // The felt is measured in the next frame, just before it is laid out to be drawn: the page is laid out
  // once with the whole board in it (measured during the draw, it was laid out again, and short), and of
  // states that come faster than frames only the last is measured. The score pad is brought to its bottom
  // there too, where the player had it (padAtBottom).
  let toMeasure = null;   // [felt, middle, me, n] of the felt drawn last, until it is measured
  let frame = 0;
  function measure() {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    // (read before the felt is written, from the same layout; a scroll lays nothing out again)
    const padBottom = padScroll.scrollHeight - padScroll.clientHeight;
    if (padAtBottom && padScroll.scrollTop < padBottom - 1) padScroll.scrollTop = padBottom;
    const felt = toMeasure;
    toMeasure = null;
    if (felt && felt[0].isConnected) roomForSeats(...felt);
  }

  // Each card of the trick lies between the middle of the cloth and the seat that played it (in
  // percents of the cloth's box, which leaves room for the seats above and below it): nearer the
  // middle on a phone, where the seats take more of the width; small cards at five or six seats.
  function trickCards(v, plays, winner, me, describe) {
    const n = v.hand_sizes.length;
    const wide = wideDrawn;
    const [rx, ry] = wide ? (n >= 5 ? [30, 42] : [22, 30]) : [14, 28];
    return plays.map((p, i) => {
      const a = seatAngle(p.seat, me, n);
      const face = cardFace(describe(p.card), { code: p.card, cls: winner === p.seat ? "winning" : "", small: n >= 5 || !wide,
        label: `${ctx.seatName(p.seat)} played ${describe(p.card).name}${winner === p.seat ? ", and won the trick" : ""}` });
      return h("div", { class: "tt-played", "data-seat": p.seat, style: `${at(a, rx, ry)};z-index:${i + 1};--seat:${ctx.seatColour(p.seat)}` }, [
        face, h("span", { class: "tt-tag", text: ctx.seatName(p.seat) })]);
    });
  }

  // The seat below the cloth (mine) and, at an even count, the one across above it grow with what
  // they hold (Ninety-Nine's bid cards and premium, on a phone in two rows): the felt grows with them
  // so that neither covers a card of the trick or its name tag (it did on a 390x844 phone).
  function roomForSeats(felt, middle, me, n) {
    const gap = 4;
    const bottom = felt.querySelector(`.tt-seat[data-seat="${me}"]`);
    const top = n % 2 === 0 ? felt.querySelector(`.tt-seat[data-seat="${(me + n / 2) % n}"]`) : null;
    const cloth = felt.querySelector(".tt-cloth");
    const plays = [...felt.querySelectorAll(".tt-played")];
    // Everything read from one layout of the new felt before anything is written: each read after a
    // write lays the page out again (this function was a sixth of a Wizard page's work).
    const high = felt.clientHeight;
    const above = middle.offsetTop;
    const below = high - (above + middle.offsetHeight);
    const more = [bottom ? bottom.offsetHeight + gap - below : 0, top ? top.offsetHeight + gap - above : 0]
      .map((d) => Math.max(0, Math.ceil(d)));
    const rim = parseFloat(getComputedStyle(cloth).borderTopWidth) || 0;
    const tall = Math.max(0, ...plays.map((p) => p.offsetHeight));
    let clothHigh = cloth.offsetHeight;
    let grown = high;  // the felt's height, as last set
    if (more[0] || more[1]) {
      grown += more[0] + more[1];
      felt.style.height = `${grown}px`;
      if (more[0]) felt.style.setProperty("--below", `${below + more[0]}px`);
      if (more[1]) felt.style.setProperty("--above", `${above + more[1]}px`);
      // The cloth keeps its height, but for rounding (the new insets are whole pixels): read again
      // only where a trick needs it.
      if (plays.length) clothHigh = cloth.offsetHeight;
    }
    // The trick stays on the felt: the cloth is at least two played cards (with their name tags) tall,
    // else the felt grows (a card sat on the rim of a 3-seat desktop table).
    const short = Math.ceil(2 * tall + 3 * gap + 2 * rim - clothHigh);
    if (plays.length && short > 0) {
      grown += short;
      felt.style.height = `${grown}px`;
    }
    if (!plays.length) return;
    // The seats on the rim at either side: a card (or its name tag) they would cover moves sideways,
    // towards the middle, clear of them; then a card still reaching over the rim moves up or down onto the
    // green. Should two cards then overlap, the felt grows and they are placed again.
    const sideSeats = [...felt.querySelectorAll(".tt-seat")].filter((el) => el !== bottom && el !== top);
    const place = (again) => {
      if (again) for (const played of plays) played.style.translate = "";
      const sides = sideSeats.map((el) => el.getBoundingClientRect());
      const c = cloth.getBoundingClientRect();
      const [cx, cy, a, b] = [(c.left + c.right) / 2, (c.top + c.bottom) / 2, c.width / 2 - rim - gap, c.height / 2 - rim - gap];
      // Each card's box as moved: a translation moves its box by as much and lays nothing out, so the
      // boxes are not read again.
      const boxes = plays.map((played) => {
        const r = played.getBoundingClientRect();
        let dx = 0;
        for (const s of sides) {
          if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) {
            dx = (r.left + r.right) / 2 < (s.left + s.right) / 2 ? s.left - r.right - gap : s.right - r.left + gap;
          }
        }
        // The ellipse's height at the card's outer edge (the side farther from the middle) bounds it.
        const far = Math.max(Math.abs(r.left + dx - cx), Math.abs(r.right + dx - cx));
        const half = b * Math.sqrt(Math.max(0, 1 - (far / a) ** 2));
        const dy = Math.max(0, cy - half - r.top) - Math.max(0, r.bottom - (cy + half));
        const [mx, my] = dx || dy ? [Math.round(dx), Math.round(dy)] : [0, 0];
        return { played, mx, my, left: r.left + mx, right: r.right + mx, top: r.top + my, bottom: r.bottom + my };
      });
      for (const { played, mx, my } of boxes) if (mx || my) played.style.translate = `${mx}px ${my}px`;
      let clash = 0;  // the most two cards (tags included) overlap upwards, where they overlap across too
      boxes.forEach((r, i) => boxes.slice(i + 1).forEach((q) => {
        const apart = Math.abs(r.top + r.bottom - q.top - q.bottom) > 8;  // one above the other: growing parts them
        if (apart && r.left < q.right && q.left < r.right) clash = Math.max(clash, Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) + gap);
      }));
      return Math.ceil(clash);
    };
    for (let pass = 0, clash = place(false); clash > 0 && pass < 6; pass++, clash = place(true)) {
      grown += 2 * clash;  // about half of it parts the two cards
      felt.style.height = `${grown}px`;
    }
  }

  /** A seat's name; a name too long for its two lines ends in an ellipsis, and its tooltip gives it whole. */
  function who(name) {
    const el = h("span", { class: "tt-who", text: name });
    ctx.tooltip(el, () => name);
    return el;
  }

  function seatBox(v, s, api, n) {
    const a = seatAngle(s, api.me ?? 0, n);
    const moving = v.to_move.includes(s);
    const count = v.hand_sizes[s];
    return h("section", { class: `tt-seat${moving ? " to-move" : ""}${s === api.me ? " me" : ""}`, "data-seat": s,
      style: `${atEdge(a)};--seat:${ctx.seatColour(s)}`,
      "aria-label": `${ctx.seatName(s)}${ctx.you(s)}${s === v.dealer ? ", dealer" : ""}${moving ? ", to play" : ""}` }, [
      // The name has the row to itself and may take two lines (on a phone the names were cut to
      // "rand..."); the dealer's button lies among the chips.
      h("div", { class: "tt-name" }, [
        h("span", { class: "tt-dot", "aria-hidden": "true" }),
        who(ctx.seatName(s) + ctx.you(s)),
      ]),
      h("div", { class: "tt-chips" }, [
        ...spec.seatChips(v, s, api),
        s === v.dealer ? h("span", { class: "tt-dealer", title: "the dealer", "aria-label": "dealer", role: "img", text: "D" }) : null,
        h("span", { class: "tt-held", title: `${count} card${count === 1 ? "" : "s"} in hand`, role: "img",
          "aria-label": `${count} card${count === 1 ? "" : "s"} in hand`, "data-held": s }, [
          h("span", { class: "tt-mini-back", "aria-hidden": "true" }), h("b", { text: String(count), "aria-hidden": "true" })]),
      ]),
      ...spec.seatExtras(v, s, api),
    ]);
  }

  function draw(state, now = false) {
    last = state;
    const v = state.view;
    const describe = (code) => spec.describe(code, v);
    const me = state.my_seat ?? null;
    const api = { ctx, state, me, legal: (state.legal || []).map((l) => l.json), describe };
    const n = v.hand_sizes.length;
    version += 1;
    // The width the observer saw at the last layout, not read now: reading it would lay the page out
    // again at every change. Only the first draw reads it, before the board is emptied (an empty board
    // laid out short, and the browser scrolled back up to fit it, losing what the table brought into view).
    width = seen ?? board.clientWidth;
    wideDrawn = width >= 700;
    while (board.firstChild && board.firstChild !== pad) board.firstChild.remove();  // all but the pad
    board.dataset.version = String(version);
    board.dataset.phase = v.phase;
    board.dataset.players = String(n);

    // The line above the table: round, trump face up, what to follow, the last trick button.
    const trump = spec.trump(v);
    const lastTrick = v.last_trick && v.last_trick.length ? v.last_trick : null;
    const inTrick = v.trick.length > 0;
    if (!lastTrick || !inTrick) showLast = false;
    const showingLast = lastTrick && (!inTrick || showLast);
    const plays = showingLast ? lastTrick : v.trick;
    const winner = showingLast ? v.last_trick_winner : null;
    const head = h("div", { class: "tt-head" }, [
      h("div", { class: "tt-trump", "data-fact": "Trump" }, [
        trump.card ? cardFace(describe(trump.card), { code: trump.card, small: true, cls: "turnup",
          label: `turned up: ${describe(trump.card).name}` }) : h("span", { class: "tt-card small back none", role: "img", "aria-label": "no card turned up" }),
        h("span", { class: "tt-trump-words" }, [h("b", { text: "Trump " }), ...richText(trump.words, spec.game)]),
      ]),
      ...spec.facts(v, api).map(([k, t]) => h("span", { class: "tt-fact", "data-fact": k }, [h("b", { text: `${k} ` }),
        ...(typeof t === "string" ? richText(t, spec.game) : [t])])),
      showingLast ? h("span", { class: "tt-last-note", "data-last-winner": winner },
        [h("b", { text: "Last trick " }), `${ctx.seatName(winner)} took it`]) : null,
      lastTrick && inTrick ? h("button", { type: "button", class: "tt-last-button", "aria-pressed": showLast ? "true" : "false",
        onClick: () => { showLast = !showLast; draw(last); } }, [showLast ? "Back to the trick" : "Last trick"]) : null,
    ]);
    put(head);

    // The table: seats round the felt, the trick (or the last one) in the middle.
    const middle = h("div", { class: `tt-trick${showingLast ? " last" : ""}`, role: "group",
      "aria-label": showingLast ? `The last trick, won by ${ctx.seatName(winner)}` : "The trick" },
    plays.length ? trickCards(v, plays, winner, me ?? 0, describe) : []);
    const felt = h("div", { class: "tt-felt", "data-seats": n }, [
      h("div", { class: "tt-cloth", "aria-hidden": "true" }),
      middle,
      ...v.hand_sizes.map((_, s) => seatBox(v, s, api, n)),
    ]);
    put(felt);
    toMeasure = [felt, middle, me ?? 0, n];
    if (!frame) frame = requestAnimationFrame(measure);

    // My choice and my hand together: the area brought into view on my turn (acting.js).
    // Named for the seat drawn (state.my_seat): "Your hand" only when it is the viewer's own (a replay may be seen
    // by another seat); a spectator at the table holds no hand, and sees here only what is shown to all.
    const act = h("section", { class: "tt-act",
      "aria-label": me === null ? "Cards shown to all" : ctx.you(me) ? "Your hand" : `${ctx.seatName(me)}'s hand` });
    // named by the kind of move (a bid card, a premium, a card to play), so that each new kind of
    // choice within a phase is brought into view too
    if (api.legal.length) act.dataset.acting = Object.keys(api.legal[0])[0] || v.phase;
    const actions = spec.actions(v, state, api);
    if (actions.length) act.append(h("div", { class: "tt-actions", role: "group", "aria-label": "Your choice" }, actions));
    const codes = spec.myHand(v, api);
    hand = null;
    if (codes) {
      const cards = codes.map((code) => {
        const how = spec.handCard(v, code, api);
        const face = code === "?" ? null : describe(code);
        return cardFace(face, { code, ...(how || {}) });
      });
      hand = { holder: h("div", { class: "tt-hand" }), cards };
      act.append(hand.holder);
      put(act);
      layoutHand(width);  // the hand's rows fit the board's width
    }
    for (const node of spec.extras(v, api)) act.append(node);
    if (!act.isConnected && act.childNodes.length) put(act);

    if (pad.parentNode !== board) board.append(pad);
    const scores = spec.scorePad(v, api);
    if (padScroll.firstChild) patch(padScroll.firstChild, scores);
    else padScroll.append(scores);

    for (const el of board.querySelectorAll(".tt-card[data-card]")) {
      const card = el.dataset.card;
      if (card === "?") ctx.tooltip(el, () => "A card you cannot see.");
      else ctx.tooltip(el, () => pictured(describe(card).name + (spec.note ? spec.note(v, card) : ""), spec.game));
    }
    if (now) measure();
  }

  return {
    update(state) { draw(state); },
    destroy() { resized.disconnect(); cancelAnimationFrame(frame); clear(root); },
  };
}

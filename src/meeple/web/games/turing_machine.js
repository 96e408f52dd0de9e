// Turing Machine's board, drawn as the game's pieces: each verifier as a criteria card (its letter on
// the card, its checks pictured: the colours' shapes, the digits in boxes, the comparisons, the
// counts) with my answers as ticks and crosses on it, the Ask I chose marked; my proposal as a punch
// card of three coloured columns; my notes as a sheet with the digits to cross out and a tick or a
// cross per round and verifier; the other seats' public questions (multiplayer only) and the par
// (solo only). Drawn from the engine's view only: the code and the verifiers' checks appear at the end.
//
// Every move goes with ctx.play: punches and "done" wait on the server, pending; a question
// shows an answer and would store the punched proposal with it, so the table keeps it
// selected until Confirm (the server marks such a move `commits`).

import { h, svg, clear } from "../js/dom.js";
import { icon } from "../js/icons.js";

const COLOURS = ["blue", "yellow", "purple"];
// Dark enough to read on white (WCAG AA contrast), still the cards' three colours.
const SHADE = { blue: "#1f5fb8", yellow: "#7d6200", purple: "#7a3fb2" };
// A punched hole's fill and the digit's colour on it (yellow keeps dark digits: white on it fails contrast).
const PUNCH = { blue: ["#1f5fb8", "#fff"], yellow: ["#f2c230", "#2b2620"], purple: ["#7a3fb2", "#fff"] };
const STYLE = `
.tm { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
.tm-head { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: baseline; }
.tm-head h2 { margin: 0; }
.tm-verifiers { display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: 10px; align-items: start; }
:is(.tm-card, .tm-machine) { position: relative; border: 2px solid #b9ab8a; border-radius: 12px; background: #fbf6e8; padding: 0 0 8px;
  box-shadow: 0 2px 4px rgba(60,45,20,.18); display: grid; gap: 6px; align-content: start; overflow: hidden; min-width: 0; }
:is(.tm-card, .tm-machine).asked-now { border-color: #2d6cb5; }
:is(.tm-card, .tm-machine).chosen { border-color: #e0a800; box-shadow: 0 0 0 3px rgba(224,168,0,.45); }
:is(.tm-card, .tm-machine) h3 { margin: 0; padding: 6px 8px; font-size: .95rem; display: flex; gap: 8px; justify-content: space-between;
  align-items: center; background: #5b4a2e; color: #fff; }
:is(.tm-card, .tm-machine) h3 .tm-letter { display: inline-flex; align-items: center; justify-content: center; gap: 2px; min-width: 1.9em; height: 1.9em;
  border-radius: 50%; background: #fff; color: #2b2620; font-size: 1.05rem; font-weight: 800; padding: 0 3px; }
:is(.tm-card, .tm-machine) h3 .tm-letter svg { width: 14px; height: 14px; }
:is(.tm-card, .tm-machine) h3 .tm-cardno { font-size: .8rem; font-weight: 600; opacity: .95; margin-right: auto; }
:is(.tm-card, .tm-machine) h3 button { min-height: 0; height: auto; padding: 3px 10px; font-size: .85rem; white-space: nowrap; }
:is(.tm-card, .tm-machine) h3 button[aria-pressed="true"] { background: #e0a800; border-color: #e0a800; color: #2b2620; }
.tm-checks { display: grid; gap: 4px; padding: 0 8px; }
.tm-check { position: relative; display: flex; align-items: center; min-height: 34px; height: auto; padding: 3px 8px; margin: 0;
  border-radius: 8px; border: 1px solid #d7cba9; background: #fff; cursor: pointer; text-align: left; font: inherit; color: inherit; }
.tm-check.crossed { background: #efebe0; color: #6b6355; }
.tm-check.crossed::after { content: ""; position: absolute; left: 6px; right: 6px; top: 50%; border-top: 2px solid #b3261e; transform: rotate(-4deg); }
.tm-check.the-one { border: 2px solid #1d7a3a; background: #e3f4e7; }
.tm-sep { font-size: .75rem; color: #5a5040; border-top: 1px dashed #b9ab8a; padding-top: 2px; }
.tm-pic { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 3px 4px; font-size: .82rem; line-height: 1.15; }
.tm-pic .mi { flex: none; }
.tm-op { font-weight: 800; font-size: 1.05rem; color: #2b2620; }
.tm-num { display: inline-flex; align-items: center; justify-content: center; min-width: 1.35em; height: 1.35em; padding: 0 2px;
  border: 1.5px solid #2b2620; border-radius: 4px; background: #fff; font-weight: 800; }
.tm-count { font-weight: 800; }
.tm-sum { display: inline-flex; align-items: center; gap: 1px; padding: 1px 3px; border: 1.5px dashed #6b6355; border-radius: 6px; }
.tm-answers { display: flex; flex-wrap: wrap; gap: 4px; padding: 0 8px; font-size: .85rem; align-items: center; }
.tm-answer { display: inline-flex; align-items: center; gap: 3px; padding: 2px 5px; border-radius: 8px; border: 2px solid; background: #fff; }
.tm-answer.yes { border-color: #1d7a3a; }
.tm-answer.no { border-color: #b3261e; }
.tm-answer.now { box-shadow: 0 0 0 2px rgba(45,108,181,.45); }
.tm-mini { display: inline-flex; gap: 1px; }
.tm-mini span { display: inline-flex; width: 1.2em; height: 1.25em; align-items: center; justify-content: center; border-radius: 3px;
  font-size: .78rem; font-weight: 800; }
.tm-mark { flex: none; }
.tm-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.tm-main { display: grid; grid-template-columns: minmax(0, auto) minmax(0, 1fr); gap: 12px; align-items: start; }
.tm-main.alone { grid-template-columns: minmax(0, 1fr); }
.tm-table { display: grid; gap: 12px; min-width: 0; }
.tm-turn { max-width: 260px; }
.tm-punch { background: #f3ead2; border: 2px solid #b9ab8a; border-radius: 10px 28px 10px 10px; padding: 10px 12px; display: grid; gap: 8px;
  box-shadow: 0 2px 4px rgba(60,45,20,.18); }
.tm-punch h2 { margin: 0; font-size: 1rem; }
.tm-columns { display: flex; gap: 8px; }
.tm-column { display: grid; gap: 4px; justify-items: center; padding: 5px 4px; border-radius: 10px; }
.tm-column.c-blue { background: #dce8f8; } .tm-column.c-yellow { background: #f8eec8; } .tm-column.c-purple { background: #ece0f6; }
.tm-colour { font-weight: 700; display: inline-flex; align-items: center; gap: 4px; font-size: .85rem; }
.tm-digit { width: 2.3em; height: 2.3em; min-height: 0; padding: 0; border-radius: 50%; border: 2px dashed #8c7f63; background: #fffdf6;
  font-size: 1rem; font-weight: 700; cursor: pointer; color: #2b2620; display: inline-flex; align-items: center; justify-content: center; }
.tm-digit:disabled { cursor: default; color: #6b6355; border-style: solid; border-color: #d7cba9; opacity: 1; }
.tm-digit.punched { border-style: solid; opacity: 1; }
.tm-turn { display: grid; gap: 8px; }
.tm-wide { grid-column: 1 / -1; margin: 0; }
.tm-stack { display: grid; gap: 12px; align-content: start; position: sticky; top: 8px; }
.tm-asking { display: none; }
.tm-hole { display: inline-flex; width: 1.9em; height: 1.9em; border-radius: 50%; align-items: center; justify-content: center;
  font-weight: 800; }
.tm-stack:empty { display: none; }
.tm-turn p { margin: 0; }
.tm-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.tm-actions:empty { display: none; }
.tm-sheet { background: #fffef8 repeating-linear-gradient(#fffef8 0 23px, #dfe8f2 23px 24px); border: 1px solid #c9c2ae;
  border-radius: 4px; padding: 10px 12px; box-shadow: 0 2px 5px rgba(0,0,0,.12); display: grid; gap: 8px; }
.tm-sheet h2 { margin: 0; font-size: 1rem; }
.tm-sheet .hint { margin: 0; }
.tm-sheet-body { display: flex; flex-wrap: wrap; gap: 12px 18px; align-items: flex-start; }
.tm-digits { display: grid; grid-template-columns: auto repeat(5, auto); gap: 4px; align-items: center; }
.tm-note { position: relative; width: 2.1em; height: 2.1em; min-height: 0; padding: 0; border-radius: 6px; border: 1px solid #b9ab8a;
  background: #fff; cursor: pointer; font-weight: 700; color: #2b2620; display: inline-flex; align-items: center; justify-content: center; }
.tm-note.crossed { background: #efebe0; color: #6b6355; }
.tm-note.crossed::after { content: ""; position: absolute; inset: 3px; background:
  linear-gradient(to top right, transparent calc(50% - 1.5px), #b3261e calc(50% - 1.5px) calc(50% + 1.5px), transparent calc(50% + 1.5px)); }
.tm-grid { border-collapse: collapse; font-size: .85rem; }
.tm-grid th, .tm-grid td { border: 1px solid #c9c2ae; padding: 2px 6px; text-align: center; min-width: 1.8em; height: 1.8em; background: rgba(255,255,255,.7); }
.tm-seats { display: grid; gap: 4px; font-size: .9rem; }
.tm-seats [data-seat] { display: flex; flex-wrap: wrap; gap: 2px 6px; align-items: center; }
.tm-seats .who { font-weight: 700; }
.tm-code { font-size: 1.4rem; font-weight: 700; letter-spacing: .2em; }
.tm-end { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
@media (max-width: 760px) {
  .tm-verifiers { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 6px; }
  :is(.tm-card, .tm-machine) h3 { padding: 4px 6px; gap: 4px; flex-wrap: wrap; }
  .tm-checks, .tm-answers { padding: 0 5px; }
  .tm-check { padding: 2px 4px; min-height: 30px; }
  .tm-pic { font-size: .74rem; gap: 2px 3px; }
  .tm-main { grid-template-columns: minmax(0, 1fr); }
  .tm-main .tm-stack { order: 2; position: static; }
  /* the proposal I am asking about, held at the top of the cards while I scroll through them */
  .tm-asking { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; position: sticky; top: 0; z-index: 6;
    background: #f3ead2; border: 2px solid #b9ab8a; border-radius: 8px 18px 8px 8px; padding: 5px 10px;
    box-shadow: 0 2px 6px rgba(60,45,20,.3); }
  .tm-asking b { font-size: .95rem; }
  .tm-asking .tm-left { font-size: .85rem; color: #5a5040; margin-left: auto; }
  .tm-turn { max-width: none; }
  .tm-columns { gap: 6px; justify-content: center; }
}
`;

// Counting words in the checks, shown as the count they say ("two 1s": 2 x [1]).
const COUNT_WORDS = { one: "1", two: "2", three: "3" };

/** A check pictured: the colours as their shapes (the sum as all three), digits in boxes, the
 * comparisons, counts as numbers; the rest stays words. Any check text of the game is drawn this way. */
function checkPicture(text) {
  const out = h("span", { class: "tm-pic", "aria-hidden": "true" });
  const tokens = text.split(/(\s+|\+|<|=|>)/).filter((t) => t && t.trim());
  tokens.forEach((t, i) => {
    const next = tokens[i + 1] || "";
    if (COLOURS.includes(t)) out.append(icon(`tm_${t}`, { size: 16 }));
    else if (t === "sum") {
      out.append(h("span", { class: "tm-sum" }, COLOURS.flatMap((c, j) => [j ? "+" : null, icon(`tm_${c}`, { size: 12 })])));
    } else if (t === "+" || t === "<" || t === "=" || t === ">") out.append(h("span", { class: "tm-op", text: t }));
    else if (/^[0-9]s$/.test(t)) out.append(h("span", { class: "tm-num", text: t[0] }));
    else if (/^[0-9]+$/.test(t)) out.append(h("span", { class: "tm-num", text: t }));
    else if (COUNT_WORDS[t] && /^([0-9]s?|even|odd|digits?|consecutive)$/.test(next)) {
      out.append(h("span", { class: "tm-count", text: `${COUNT_WORDS[t]}\u00d7` }));
    } else out.append(h("span", { class: "tm-word", text: t }));
  });
  return out;
}

/** A tick (passes) or a cross (fails), drawn. */
function mark(yes, size = 16) {
  return svg("svg", { class: "tm-mark", width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": "true" }, [
    svg("path", { d: yes ? "M4 13l5 5L20 6" : "M6 6l12 12M18 6 6 18", fill: "none", stroke: yes ? "#1d7a3a" : "#b3261e",
      "stroke-width": 3.4, "stroke-linecap": "round", "stroke-linejoin": "round" }),
  ]);
}

/** A proposal as three small coloured digits. */
function miniCode(code) {
  return h("span", { class: "tm-mini", "aria-hidden": "true" }, String(code).split("").map((d, c) =>
    h("span", { style: `background: ${PUNCH[COLOURS[c]][0]}; color: ${PUNCH[COLOURS[c]][1]}`, text: d })));
}

/** My proposal as the punch card's punched holes, bigger than miniCode. */
function holes(code) {
  return h("span", { class: "tm-mini", "aria-hidden": "true" }, String(code).split("").map((d, c) =>
    h("span", { class: "tm-hole", style: `background: ${PUNCH[COLOURS[c]][0]}; color: ${PUNCH[COLOURS[c]][1]}`, text: d })));
}

/** One answer on a verifier's card: the proposal asked about and a tick or a cross. */
function answerBadge(a, letter, round) {
  return h("span", {
    class: `tm-answer ${a.yes ? "yes" : "no"}${a.round === round && a.now ? " now" : ""}`, "data-answer": `${letter}:${a.proposal}`,
    "data-yes": a.yes ? "1" : "0", role: "img",
    "aria-label": `Round ${a.round}: ${a.proposal} ${a.yes ? "passes" : "fails"} verifier ${letter}`,
  }, [miniCode(a.proposal), mark(a.yes)]);
}

/** A criteria card: its letter (or "?") and card number, the Ask button, its checks (`checks`, drawn by the
 * caller: notes or a replay's), a second card's checks after `ver.first`, and the answers under them. */
function criteriaCard(ver, checks, { chosen = false, asked = false, ask = null, answers = null } = {}) {
  const hiddenLetter = ver.letter === null;
  const name = `card${ver.cards.length > 1 ? "s" : ""} ${ver.cards.join(" + ")}`;
  return h("section", { class: `tm-card${chosen ? " chosen" : ""}${asked ? " asked-now" : ""}`,
    "data-verifier": hiddenLetter ? null : ver.letter, "data-card": ver.cards[0],
    "aria-label": hiddenLetter ? `Criteria ${name}` : `Verifier ${ver.letter}, ${name}` }, [
    h("h3", {}, [
      h("span", { class: "tm-letter" }, [icon("tm_verifier", { size: 14 }), hiddenLetter ? "?" : ver.letter]),
      h("span", { class: "tm-cardno", text: name }),
      ask,
    ]),
    h("div", { class: "tm-checks" }, ver.cards.length > 1
      ? [...checks.slice(0, ver.first), h("span", { class: "tm-sep", text: `card ${ver.cards[1]}` }), ...checks.slice(ver.first)]
      : checks),
    answers,
  ]);
}

/** The punch card: three coloured columns of holes 1 to 5; a punched hole is filled in its colour.
 * `play(move)` punches a hole a legal move allows (none on the rules page). */
function punchCard(legal, digits, title, acting, play) {
  const columns = COLOURS.map((colour, c) => h("div", { class: `tm-column c-${colour}`, "data-colour": colour }, [
    h("span", { class: "tm-colour", style: `color: ${SHADE[colour]}` }, [icon(`tm_${colour}`, { size: 16 }), colour]),
    ...[1, 2, 3, 4, 5].map((d) => {
      const move = legal.find((m) => m.json.punch === colour && m.json.digit === d);
      const punched = digits[c] === String(d);
      return h("button", {
        type: "button", class: `tm-digit${punched ? " punched" : ""}`, disabled: !move,
        style: punched ? `background: ${PUNCH[colour][0]}; border-color: ${PUNCH[colour][0]}; color: ${PUNCH[colour][1]}` : null,
        "data-punch": `${colour[0]}${d}`, "aria-label": `${colour} ${d}${punched ? ", punched" : ""}`, "aria-pressed": punched ? "true" : "false",
        onClick: () => move && play(move.json),
      }, [String(d)]);
    }),
  ]));
  return h("section", { class: "tm-punch", "aria-label": title, "data-acting": acting }, [h("h2", { text: title }),
    h("div", { class: "tm-columns" }, columns)]);
}

/** On a phone, while I choose what to ask: a small copy of the proposal, held at the top of the cards (the
 * punch card is under them there, out of view while a player picks an Ask on the first card). */
function askingCopy(you, chosen) {
  const left = 3 - you.asked.length;
  return h("div", { class: "tm-asking", "data-proposal": you.proposal }, [
    h("b", { text: chosen ? `Asking ${chosen} about` : "Ask about" }), holes(you.proposal),
    h("span", { class: "tm-sr", text: you.proposal }),
    h("span", { class: "tm-left", text: `${left} question${left === 1 ? "" : "s"} left` }),
  ]);
}

/** In a replay, where the seat shown stands in its round, told of them (nothing for the watcher to do). */
function watchedPhase(you, name) {
  const asked = you.asked.map(([l]) => l).join(", ");
  switch (you.phase) {
    case "compose": return you.proposal ? `${name} punches a proposal: ${you.proposal} so far.` : `${name} punches a proposal.`;
    case "question": return `${name}'s proposal ${you.proposal}: ${asked ? `asked ${asked}` : "no verifier asked yet"}.`;
    case "decide": return `${name}'s proposal ${you.proposal}, asked ${asked || "none"}: to guess or pass.`;
    case "guessing": return `${name} punches a guess${you.guessing ? `: ${you.guessing} so far` : ""}.`;
    case "finished": return you.guess ? `${name} guessed ${you.guess}: the round's end comes next.` : `${name} passed this round.`;
    case "out": return `${name} guessed wrong and is out.`;
    default: return "";
  }
}

/** Notes are this browser's own, per table: crossed digits per colour and crossed checks per verifier. */
function notesStore() {
  const key = `tm-notes:${location.pathname}`;
  let data = {};
  try {
    data = JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    data = {};
  }
  return {
    has: (k) => Boolean(data[k]),
    toggle(k) {
      data[k] = !data[k];
      try {
        localStorage.setItem(key, JSON.stringify(data));
      } catch {
        /* storage full or blocked: the notes last for this page only */
      }
    },
  };
}

/** Every answer I got from each verifier: [{proposal, yes, round}] by letter. */
function myAnswers(v, me) {
  const out = {};
  if (me === null || me === undefined) return out;
  const rounds = v.seats[me].rounds || [];
  rounds.forEach((r, i) => {
    for (const [letter, yes] of r.answers) (out[letter] ||= []).push({ proposal: r.proposal, yes, round: i + 1 });
  });
  if (v.you) {
    for (const [letter, yes] of v.you.asked) {
      (out[letter] ||= []).push({ proposal: v.you.proposal, yes, round: v.round });
    }
  }
  return out;
}

export function createBoard(root, ctx) {
  const notes = notesStore();
  const body = h("div", { class: "tm" });
  root.append(h("style", { text: STYLE }), body);
  let last = null;
  let watching = false; // a replay (replay.js): what happened is shown, nothing to punch, ask or note
  let whose = "Your "; // whose answers the cards show: the seat's name where it is not the viewer's, none for a spectator

  /** The Ask button of a verifier; the one I chose (held until Confirm) is pressed and marked. */
  function askButton(legal, letter, chosen) {
    const ask = legal.find((m) => m.json.ask === letter);
    if (!ask && !chosen) return null;
    return h("button", { type: "button", class: "primary", "data-ask": letter, "aria-pressed": chosen ? "true" : "false",
      disabled: !ask, onClick: () => ask && ctx.play(ask.json) }, [chosen ? `Asking ${letter}` : `Ask ${letter}`]);
  }

  function answerBadges(answers, letter, round) {
    const mine = (answers[letter] || []).map((a) => answerBadge(a, letter, round));
    mine.forEach((el, i) => ctx.tooltip(el, () => el.getAttribute("aria-label")));
    return h("div", { class: "tm-answers", "aria-label": whose ? `${whose}answers from ${letter}` : `Answers from ${letter}` },
      mine.length ? mine : [h("span", { class: "hint", text: "not asked yet" })]);
  }

  /** Nightmare mode: the letters to ask, apart from the cards (which card each tests is hidden). */
  function machines(v, answers, legal, chosen, round) {
    return h("section", { class: "card tm-machines tm-verifiers", "aria-label": "Verifiers" }, [
      h("h2", { class: "tm-wide", text: "Verifiers (which card each one tests is hidden)" }),
      ...v.letters.map((letter) => h("div", { class: `tm-machine${chosen === letter ? " chosen" : ""}`, "data-verifier": letter }, [
        h("h3", {}, [h("span", { class: "tm-letter" }, [icon("tm_verifier", { size: 14 }), letter]),
          h("span", { class: "tm-cardno", text: "card hidden" }), askButton(legal, letter, chosen === letter)]),
        answerBadges(answers, letter, round),
      ])),
    ]);
  }

  function verifierCard(v, ver, i, answers, legal, chosen, askedNow) {
    const hiddenLetter = ver.letter === null;
    const checks = ver.checks.map((text, j) => {
      const key = `check:${ver.letter}:${j}`;
      const theOne = v.over && v.check_index[i] === j;
      if (watching) {
        // A replay shows the checks, not the notes a player crosses them out with.
        const label = `${text}${theOne ? " (the verifier's check)" : ""}`;
        return h("span", { class: `tm-check${theOne ? " the-one" : ""}`, role: "img", "data-check": `${ver.letter}${j}`,
          "aria-label": label }, [checkPicture(text)]);
      }
      const crossed = notes.has(key);
      const b = h("button", {
        type: "button", class: `tm-check${crossed ? " crossed" : ""}${theOne ? " the-one" : ""}`,
        "aria-pressed": crossed ? "true" : "false", "data-check": `${ver.letter}${j}`,
        "aria-label": `${text}${theOne ? " (the verifier's check)" : ""}${crossed ? ", crossed out in your notes" : ""}`,
        onClick: () => { notes.toggle(key); draw(); },
      }, [checkPicture(text)]);
      ctx.tooltip(b, () => `${text}.${theOne ? " This is the check the verifier tested." : ""} Your notes: tap to cross it out (or back in).`);
      return b;
    });
    const isChosen = !hiddenLetter && chosen === ver.letter;
    return criteriaCard(ver, checks, { chosen: isChosen, asked: !hiddenLetter && askedNow.includes(ver.letter),
      ask: hiddenLetter ? null : askButton(legal, ver.letter, isChosen),
      answers: hiddenLetter ? null : answerBadges(answers, ver.letter, v.round) });
  }

  /** My notes sheet: the digits to cross out per colour, and a tick or a cross per round and verifier. */
  function notesSheet(v, me, answers) {
    const grid = answersGrid(v, answers);
    if (watching) {
      const title = `${whose}answers`;
      return h("section", { class: "tm-sheet tm-record", "aria-label": title }, [h("h2", { text: title }),
        h("div", { class: "tm-sheet-body" }, [grid || h("p", { class: "hint", text: "No answers yet." })])]);
    }
    const digits = h("div", { class: "tm-digits", role: "group", "aria-label": "Digits ruled out" });
    for (const colour of COLOURS) {
      digits.append(h("span", { class: "tm-colour", style: `color: ${SHADE[colour]}` }, [icon(`tm_${colour}`, { size: 16 }), colour]));
      for (const d of [1, 2, 3, 4, 5]) {
        const key = `digit:${colour}:${d}`;
        digits.append(h("button", { type: "button", class: `tm-note${notes.has(key) ? " crossed" : ""}`,
          "data-note": `${colour[0]}${d}`, "aria-pressed": notes.has(key) ? "true" : "false",
          "aria-label": `Notes: ${colour} ${d}`, onClick: () => { notes.toggle(key); draw(); } }, [String(d)]));
      }
    }
    return h("section", { class: "tm-sheet tm-notes", "aria-label": "Your notes" }, [
      h("h2", { text: "Your notes" }),
      h("p", { class: "hint", text: "Cross out the digits (and, on the cards, the checks) you have ruled out. Only you see these." }),
      h("div", { class: "tm-sheet-body" }, [digits, grid || h("p", { class: "hint", text: "Your answers come here, a row per round." })]),
    ]);
  }

  /** A row per round: the proposal and its answer from each verifier asked (null before any answer). */
  function answersGrid(v, answers) {
    const rounds = new Map(); // round -> {proposal, letter -> yes}
    for (const [letter, list] of Object.entries(answers)) {
      for (const a of list) {
        if (!rounds.has(a.round)) rounds.set(a.round, { proposal: a.proposal, marks: {} });
        rounds.get(a.round).marks[letter] = a.yes;
      }
    }
    if (!rounds.size) return null;
    return h("table", { class: "tm-grid", "data-testid": "tm-grid" }, [
      h("thead", {}, [h("tr", {}, [h("th", { text: "Round" }), h("th", { text: "Proposal" }), ...v.letters.map((l) => h("th", { text: l }))])]),
      h("tbody", {}, [...rounds.keys()].sort((a, b) => a - b).map((r) => h("tr", { "data-round": r }, [
        h("td", { text: String(r) }), h("td", {}, [miniCode(rounds.get(r).proposal), h("span", { class: "tm-sr", text: rounds.get(r).proposal })]),
        ...v.letters.map((l) => {
          const yes = rounds.get(r).marks[l];
          return h("td", { "data-mark": yes === undefined ? "" : yes ? "yes" : "no" },
            yes === undefined ? [] : [mark(yes), h("span", { class: "tm-sr", text: yes ? "passes" : "fails" })]);
        }),
      ]))),
    ]);
  }

  function seatsList(v, me) {
    return h("section", { class: "card tm-seats", "aria-label": "The players" }, [h("h2", { text: "Questions asked" }),
      ...v.seats.map((s, i) => {
        const status = s.solved ? "found the code" : s.out ? `out (guessed ${s.wrong_guess})`
          : s.finished ? "finished the round" : "playing";
        const rounds = s.asked.map((letters, r) => `R${r + 1}: ${letters.join("") || "-"}`).join("  ");
        return h("div", { "data-seat": i }, [
          h("span", { class: "dot", style: `--seat: ${ctx.seatColour(i)}` }),
          h("span", { class: "who", text: `${ctx.seatName(i)}${ctx.you(i)}` }),
          `\u2014 ${s.questions} question${s.questions === 1 ? "" : "s"}, ${status}${rounds ? `; ${rounds}` : ""}`,
        ]);
      })]);
  }

  function draw() {
    const state = last;
    if (!state) return;
    watching = Boolean(state.replay);
    const v = state.view;
    const me = state.my_seat;
    // "Your" only for the viewer's own seat (ctx.you): a replay seen by another seat names it; a spectator has none
    whose = me === null || me === undefined ? "" : ctx.you(me) ? "Your " : `${ctx.seatName(me)}'s `;
    const legal = state.legal || [];
    const you = v.you || null;
    const answers = myAnswers(v, me);
    for (const list of Object.values(answers)) for (const a of list) a.now = !!(you && a.round === v.round && a.proposal === you.proposal);
    const solo = v.seats.length === 1;
    const sel = ctx.selected();
    const chosen = sel && sel.ask ? sel.ask : null;
    const askedNow = you ? you.asked.map(([l]) => l) : [];
    const head = h("div", { class: "tm-head" }, [
      h("h2", { text: `Round ${v.round} of at most ${v.max_rounds}` }),
      solo ? h("span", { class: "hint", "data-testid": "tm-par", text: `Par: ${v.par[0]} rounds, ${v.par[1]} questions` })
        : h("span", { class: "hint", text: `${v.seats.length} players race to the code: fewest rounds, then fewest questions` }),
    ]);
    const parts = [head];
    if (v.over) {
      parts.push(h("section", { class: "card tm-end", "aria-label": "The code" }, [
        h("span", { text: "The code was " }), miniCode(v.code), h("span", { class: "tm-code", "data-testid": "tm-code", text: v.code }),
      ]));
    }
    const cards = h("div", { class: "tm-verifiers" }, v.verifiers.map((ver, i) => verifierCard(v, ver, i, answers, legal, chosen, askedNow)));
    const table = [cards];
    if (v.verifiers.some((ver) => ver.letter === null)) table.push(machines(v, answers, legal, chosen, v.round));
    const lower = [];
    if (you && !v.over && watching) {
      lower.push(h("section", { class: "card tm-turn", "aria-label": "This round" }, [
        h("p", { "data-testid": "tm-phase", "data-phase": you.phase, text: watchedPhase(you, ctx.seatName(me)) })]));
    } else if (you && !v.over) {
      const action = (key, label) => {
        const move = legal.find((m) => key in m.json);
        return move ? h("button", { type: "button", class: key === "guess" ? "primary" : "", "data-action": key,
          onClick: () => ctx.play(move.json) }, [label]) : null;
      };
      const phase = you.phase;
      const guessing = phase === "guessing";
      const line = phase === "question" ? (chosen ? `Confirm to ask verifier ${chosen} about ${you.proposal}.`
        : `Proposal ${you.proposal}: ask up to three verifiers (${3 - you.asked.length} left).`)
        : phase === "decide" ? "Guess the code, or pass to the next round."
          : guessing ? "Punch the code you guess: a wrong guess is out."
            : phase === "finished" ? (you.guess ? `You guess ${you.guess}: waiting for the round's end.` : "You passed: waiting for the round's end.")
              : phase === "out" ? "You guessed wrong and are out." : "Punch your proposal: a digit in each colour.";
      // What I act on now (acting.js): the verifiers while asking, the punch card while punching, else the round's card.
      const acting = legal.length ? phase : null;
      if (acting === "question") table.unshift(askingCopy(you, chosen));
      const punching = phase === "compose" || guessing || phase === "question";
      if (punching) {
        // A punch that would store the proposal or the guess is only selected: drawn punched until Confirm.
        const digits = (guessing ? you.guessing : you.proposal) + (sel && sel.punch ? String(sel.digit) : "");
        lower.push(punchCard(legal, digits, guessing ? "Your guess" : "Your proposal",
          acting && acting !== "question" && acting !== "decide" ? acting : null, ctx.play));
      }
      lower.push(h("section", { class: "card tm-turn", "aria-label": "This round",
        "data-acting": acting && (!punching || acting === "decide") && acting !== "question" ? acting : null }, [
        h("p", { "data-testid": "tm-phase", "data-phase": phase, text: line }),
        h("div", { class: "tm-actions" }, [action("done", "No more questions"), action("guess", "Guess the code"), action("pass", "Pass")]),
      ]));
    }
    // The punch card and the round's actions beside the cards (in reach while asking), the notes under them.
    // While I ask, what I act on is the cards (or nightmare's letters) under the copy of my proposal.
    const asking = you && !v.over && legal.length && you.phase === "question";
    parts.push(h("div", { class: `tm-main${lower.length ? "" : " alone"}` }, [h("div", { class: "tm-stack" }, lower),
      h("div", { class: "tm-table", "data-acting": asking ? "question" : null }, table)]));
    if (me !== null && me !== undefined) parts.push(notesSheet(v, me, answers));
    if (!solo) parts.push(seatsList(v, me));
    clear(body).append(...parts);
  }

  return {
    update(state) {
      last = state;
      draw();
    },
    destroy() {
      clear(root);
    },
    scoreWords: SCORE_WORDS,
  };
}

// The counting rows (questions asked, rounds played) score nothing themselves: the panels and the result read
// their counts ("Rounds played 6", not "0" for every seat); the others, their points.
const COUNT_ROWS = new Set(["questions", "rounds"]);
export const SCORE_WORDS = {
  row: (row) => String(COUNT_ROWS.has(row.key) ? row.count : row.points),
};

// ----- the rules page's pictures (rules.js): the board's own criteria card and punch card, with fixed examples.

/** Verifier A on card 10, after 241 passed it: exactly one 4, so the other three checks are crossed out. */
function verifierFigure() {
  h("style", { text: STYLE });
  const ver = { letter: "A", cards: [10], first: 4, checks: ["no 4s", "one 4", "two 4s", "three 4s"] };
  const checks = ver.checks.map((text, j) => h("span", { class: `tm-check${j === 1 ? "" : " crossed"}`, "data-check": `A${j}` },
    [checkPicture(text)]));
  const answers = h("div", { class: "tm-answers" }, [answerBadge({ proposal: "241", yes: true, round: 1 }, "A", 1)]);
  const card = criteriaCard(ver, checks, { answers });
  card.style.cssText = "width: 210px";
  return card;
}

/** A punch card with the proposal blue 2, yellow 4, purple 1 punched. */
function punchFigure() {
  h("style", { text: STYLE });
  return punchCard([], "241", "Your proposal", null, () => {});
}

export const figures = {
  verifier: verifierFigure,
  punch_card: punchFigure,
};

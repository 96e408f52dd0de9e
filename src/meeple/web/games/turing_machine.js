// Turing Machine's board: the verifier cards with their checks and my answers to each, the
// punch-card picker for the proposal (and for a guess), the round's actions, the other seats'
// public questions, and my notes sheet (digits and checks crossed out, kept in this browser).
// Drawn from the engine's view only: the code and the verifiers' checks appear at the end.
//
// Every move goes with ctx.play: punches and "done" wait on the server, pending; a question
// shows an answer and would store the punched proposal with it, so the table keeps it
// selected until Confirm (the server marks such a move `commits`).

import { h, clear } from "../js/dom.js";
import { icon } from "../js/icons.js";

const COLOURS = ["blue", "yellow", "purple"];
// Dark enough to read on white (WCAG AA contrast), still the cards' three colours.
const SHADE = { blue: "#1f5fb8", yellow: "#7d6200", purple: "#7a3fb2" };
const STYLE = `
.tm { display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
.tm-head { display: flex; flex-wrap: wrap; gap: 12px; align-items: baseline; }
.tm-verifiers { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 10px; }
.tm-card { border: 1px solid var(--line); border-radius: var(--radius); background: var(--card); padding: 8px;
  box-shadow: var(--shadow); display: grid; gap: 6px; align-content: start; }
.tm-card h3 { margin: 0; font-size: 1rem; display: flex; justify-content: space-between; align-items: center; }
.tm-checks { display: flex; flex-wrap: wrap; gap: 4px; align-items: flex-start; align-content: flex-start; }
.tm-check { font-size: .8rem; padding: 3px 6px; min-height: 0; height: auto; line-height: 1.2; border-radius: 6px; border: 1px solid var(--line); background: #fff;
  cursor: pointer; text-align: left; }
.tm-check.crossed { text-decoration: line-through; color: var(--muted); background: #eee; }
.tm-sep { flex-basis: 100%; border-top: 1px dashed var(--line); font-size: .75rem; color: var(--muted); padding-top: 2px; }
.tm-check.the-one { border-color: var(--good); background: #e3f4e7; font-weight: 600; }
.tm-answers { display: flex; flex-wrap: wrap; gap: 4px; font-size: .85rem; align-items: center; }
.tm-answer { padding: 1px 8px; border-radius: 999px; color: #fff; white-space: nowrap; }
.tm-answer.yes { background: var(--good); }
.tm-answer.no { background: var(--bad); }
.tm-picker { display: grid; gap: 6px; }
.tm-row { display: flex; gap: 6px; align-items: center; }
.tm-row .tm-colour { width: 5.5em; font-weight: 600; display: inline-flex; align-items: center; gap: 4px; }
.tm-name { display: inline-flex; align-items: center; gap: 4px; }
.tm-digit { width: 2.6em; height: 2.6em; border-radius: 8px; border: 2px solid var(--line); background: #fff;
  font-size: 1.05rem; font-weight: 700; cursor: pointer; }
.tm-digit:disabled { cursor: default; opacity: .45; }
.tm-digit.punched { color: #fff; opacity: 1; }
.tm-actions { display: flex; flex-wrap: wrap; gap: 8px; }
.tm-notes { display: grid; gap: 4px; }
.tm-note { width: 2.2em; height: 2.2em; border-radius: 6px; border: 1px solid var(--line); background: #fff; cursor: pointer; }
.tm-note.crossed { background: #eee; color: var(--muted); text-decoration: line-through; }
.tm-seats { display: grid; gap: 4px; font-size: .9rem; }
.tm-code { font-size: 1.4rem; font-weight: 700; letter-spacing: .2em; }
@media (max-width: 760px) { .tm-verifiers { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } .tm-card { min-width: 0; } .tm-check { font-size: .72rem; } }
`;

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

  function askButton(legal, letter) {
    const ask = legal.find((m) => m.json.ask === letter);
    return ask ? h("button", { type: "button", class: "primary", "data-ask": letter,
      onClick: () => ctx.play(ask.json) }, [`Ask ${letter}`]) : null;
  }

  function answerBadges(answers, letter) {
    const mine = (answers[letter] || []).map((a) => h("span", {
      class: `tm-answer ${a.yes ? "yes" : "no"}`, "data-answer": `${letter}:${a.proposal}`,
      title: `Round ${a.round}: ${a.proposal} ${a.yes ? "passes" : "fails"} verifier ${letter}`,
    }, [`${a.proposal} ${a.yes ? "\u2713" : "\u2717"}`]));
    return h("div", { class: "tm-answers", "aria-label": `Your answers from ${letter}` },
      mine.length ? mine : [h("span", { class: "hint", text: "not asked yet" })]);
  }

  /** Nightmare mode: the letters to ask, apart from the cards (which card each tests is hidden). */
  function machines(v, answers, legal) {
    return h("section", { class: "card tm-machines", "aria-label": "Verifiers" }, [
      h("h2", { text: "Verifiers (which card each one tests is hidden)" }),
      ...v.letters.map((letter) => h("div", { class: "tm-machine tm-row", "data-verifier": letter }, [
        h("strong", { class: "tm-colour" }, [icon("tm_verifier", { size: 18 }), letter]), askButton(legal, letter),
        answerBadges(answers, letter),
      ])),
    ]);
  }

  function verifierCard(v, ver, i, answers, legal) {
    const hiddenLetter = ver.letter === null;
    const checks = ver.checks.map((text, j) => {
      const key = `check:${ver.letter}:${j}`;
      const theOne = v.over && v.check_index[i] === j;
      return h("button", {
        type: "button", class: `tm-check${notes.has(key) ? " crossed" : ""}${theOne ? " the-one" : ""}`,
        "aria-pressed": notes.has(key) ? "true" : "false", "data-check": `${ver.letter}${j}`,
        title: "Your notes: cross this check out (or back in)",
        onClick: () => { notes.toggle(key); draw(); },
      }, [text]);
    });
    const name = `card${ver.cards.length > 1 ? "s" : ""} ${ver.cards.join(" + ")}`;
    return h("section", { class: "tm-card", "data-verifier": hiddenLetter ? null : ver.letter, "data-card": ver.cards[0],
      "aria-label": hiddenLetter ? `Criteria ${name}` : `Verifier ${ver.letter}` }, [
      h("h3", {}, [
        h("span", { class: "tm-name" }, [icon("tm_verifier", { size: 18 }), `${hiddenLetter ? "?" : ver.letter}  \u00b7  ${name}`]),
        hiddenLetter ? null : askButton(legal, ver.letter),
      ]),
      h("div", { class: "tm-checks" }, ver.cards.length > 1
        ? [...checks.slice(0, ver.first), h("span", { class: "tm-sep", text: `card ${ver.cards[1]}` }), ...checks.slice(ver.first)]
        : checks),
      hiddenLetter ? null : answerBadges(answers, ver.letter),
    ]);
  }

  function picker(v, legal, digits, title) {
    const rows = COLOURS.map((colour, c) => h("div", { class: "tm-row", "data-colour": colour }, [
      h("span", { class: "tm-colour", style: `color: ${SHADE[colour]}` }, [icon(`tm_${colour}`, { size: 16 }), colour]),
      ...[1, 2, 3, 4, 5].map((d) => {
        const move = legal.find((m) => m.json.punch === colour && m.json.digit === d);
        const punched = digits[c] === String(d);
        return h("button", {
          type: "button", class: `tm-digit${punched ? " punched" : ""}`, disabled: !move,
          style: punched ? `background: ${SHADE[colour]}; border-color: ${SHADE[colour]}` : null,
          "data-punch": `${colour[0]}${d}`, "aria-label": `${colour} ${d}`,
          onClick: () => move && ctx.play(move.json),
        }, [String(d)]);
      }),
    ]));
    return h("section", { class: "card tm-picker", "aria-label": title }, [h("h2", { text: title }), ...rows]);
  }

  function notesSheet() {
    const rows = COLOURS.map((colour) => h("div", { class: "tm-row" }, [
      h("span", { class: "tm-colour", style: `color: ${SHADE[colour]}` }, [icon(`tm_${colour}`, { size: 16 }), colour]),
      ...[1, 2, 3, 4, 5].map((d) => {
        const key = `digit:${colour}:${d}`;
        return h("button", { type: "button", class: `tm-note${notes.has(key) ? " crossed" : ""}`,
          "data-note": `${colour[0]}${d}`, "aria-pressed": notes.has(key) ? "true" : "false",
          "aria-label": `Notes: ${colour} ${d}`, onClick: () => { notes.toggle(key); draw(); } }, [String(d)]);
      }),
    ]));
    return h("section", { class: "card tm-notes", "aria-label": "Your notes" }, [
      h("h2", { text: "Your notes" }),
      h("p", { class: "hint", text: "Cross out the digits (and, on the cards, the checks) you have ruled out. Only you see these." }),
      ...rows]);
  }

  function seatsList(v, me) {
    return h("section", { class: "card tm-seats", "aria-label": "The players" }, [h("h2", { text: "Questions asked" }),
      ...v.seats.map((s, i) => {
        const status = s.solved ? "found the code" : s.out ? `out (guessed ${s.wrong_guess})`
          : s.finished ? "finished the round" : "playing";
        const rounds = s.asked.map((letters, r) => `R${r + 1}: ${letters.join("") || "-"}`).join("  ");
        return h("div", { "data-seat": i }, [
          h("strong", { style: `color: ${ctx.seatColour(i)}`, text: `${ctx.seatName(i)}${i === me ? " (you)" : ""}` }),
          ` \u2014 ${s.questions} question${s.questions === 1 ? "" : "s"}, ${status}${rounds ? `; ${rounds}` : ""}`,
        ]);
      })]);
  }

  function draw() {
    const state = last;
    if (!state) return;
    const v = state.view;
    const me = state.my_seat;
    const legal = state.legal || [];
    const you = v.you || null;
    const answers = myAnswers(v, me);
    const head = h("div", { class: "tm-head" }, [
      h("h2", { text: `Round ${v.round} of at most ${v.max_rounds}` }),
      h("span", { class: "hint", text: `Solo par: ${v.par[0]} rounds, ${v.par[1]} questions` }),
    ]);
    const parts = [head];
    if (v.over) {
      parts.push(h("section", { class: "card", "aria-label": "The code" }, [
        h("span", { text: "The code was " }), h("span", { class: "tm-code", "data-testid": "tm-code", text: v.code }),
      ]));
    }
    parts.push(h("div", { class: "tm-verifiers" }, v.verifiers.map((ver, i) => verifierCard(v, ver, i, answers, legal))));
    if (v.verifiers.some((ver) => ver.letter === null)) parts.push(machines(v, answers, legal));
    if (you && !v.over) {
      const action = (key, label) => {
        const move = legal.find((m) => key in m.json);
        return move ? h("button", { type: "button", class: key === "guess" ? "primary" : "", "data-action": key,
          onClick: () => ctx.play(move.json) }, [label]) : null;
      };
      const phase = you.phase;
      let title = "Your proposal";
      let digits = you.proposal;
      if (phase === "guessing") {
        title = "Your guess";
        digits = you.guessing;
      }
      const line = phase === "question" ? `Proposal ${you.proposal}: ask up to three verifiers (${3 - you.asked.length} left).`
        : phase === "decide" ? "Guess the code, or pass to the next round."
          : phase === "guessing" ? "Punch the code you guess: a wrong guess is out."
            : phase === "finished" ? (you.guess ? `You guess ${you.guess}: waiting for the round's end.` : "You passed: waiting for the round's end.")
              : phase === "out" ? "You guessed wrong and are out." : "Punch your proposal, blue then yellow then purple.";
      // What I act on now (acting.js): the verifiers while asking, else this round's card and its picker.
      const acting = legal.length ? phase : null;
      if (acting === "question") parts.find((p) => p.classList && p.classList.contains("tm-verifiers")).dataset.acting = phase;
      parts.push(h("section", { class: "card tm-turn", "aria-label": "This round", "data-acting": acting && acting !== "question" ? acting : null }, [
        h("p", { "data-testid": "tm-phase", "data-phase": phase, text: line }),
        h("div", { class: "tm-actions" }, [action("done", "No more questions"), action("guess", "Guess the code"), action("pass", "Pass")]),
      ]));
      if (phase === "compose" || phase === "guessing" || phase === "question") {
        parts.push(picker(v, legal, digits, title));
      }
    }
    if (me !== null && me !== undefined) parts.push(notesSheet());
    parts.push(seatsList(v, me));
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
  };
}

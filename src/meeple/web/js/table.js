// A table: the waiting room before the start, then the shared chrome around a
// game's board (panels, status bar with Confirm/Reset, log, clocks, result, replay).

import { gameInfo, get, post, seatToken, setSeatToken, ApiError } from "./api.js";
import { h, clear, signed } from "./dom.js";
import { alertControls, turnStarted } from "./notify.js";
import { showError, toast } from "./toast.js";
import { attach } from "./tooltip.js";
import { session, refreshUser, navigate } from "./app.js";
import { forgetSeat, playerLink, rememberSeat, rememberedSeat, seatBadge, seatColour, seatName, standInWhy, withNames } from "./seats.js";
import { clockText, renderPanels, seatMarks, sheetDeltas } from "./panels.js";
import { TableSocket } from "./socket.js";
import { chatPanel } from "./chat.js";
import { loadBoard } from "../games/index.js";
import { moveMaker } from "./moves.js";
import { openReplay } from "./replay.js";
import { plainWords, richText } from "./icons.js";
import { actingFocus, bringIntoView } from "./acting.js";
import { yesNoOptions } from "./options.js";
import { scoreChart } from "./charts.js";
import { ratingText } from "./players.js";
import { hintControl, hintsTaken } from "./hint.js";
import { reviewButton } from "./review.js";
import { choiceWords, clockWords, optionLabel } from "./words.js";

const WAIT_POLL_MS = 2000;
const SUMMARY_MS = 5000;

/** Stable JSON for comparing moves by value. */
export function moveKey(move) {
  if (Array.isArray(move)) return `[${move.map(moveKey).join(",")}]`;
  if (move && typeof move === "object") {
    return `{${Object.keys(move).sort().map((k) => `${JSON.stringify(k)}:${moveKey(move[k])}`).join(",")}}`;
  }
  return JSON.stringify(move);
}


/** The options a table changed from the game's defaults, as a player would say them. */
export function optionWords(info, options, view = null) {
  const words = [];
  for (const opt of (info && info.options) || []) {
    const value = options ? options[opt.name] : undefined;
    if (value === undefined || JSON.stringify(value) === JSON.stringify(opt.default)) continue;
    const name = optionLabel(opt);
    if (typeof value === "boolean") continue; // said as yes or no (yesNoOptions)
    // A choice left to chance is named by what was drawn, once the view says it (Toy Battle's board_name).
    const drawn = value === "random" && view ? view[`${opt.name}_name`] : undefined;
    if (drawn) words.push(`${name}: ${drawn} (drawn at random)`);
    else if (Array.isArray(value)) words.push(`${name}: ${value.map((v) => choiceWords(opt, v)).join(", ")}`);
    else words.push(`${name}: ${choiceWords(opt, value)}`);
  }
  return words;
}

/** The game's name and the table's rules, above the waiting room and the board. */
function tableHead(info, summary, view = null) {
  const words = optionWords(info, summary.options, view);
  const changed = words.length || ((info && info.options) || []).some((o) => o.kind === "bool"
    && summary.options && summary.options[o.name] !== undefined && summary.options[o.name] !== o.default);
  const players = summary.players === 1 ? "solo" : `${summary.players} players`;
  // What a player joining wants to know besides the rules: whether it counts, and how long a move may take.
  const clock = clockWords(summary.clock);
  const terms = [summary.rated ? "rated" : null, clock ? `clock: ${clock}` : null].filter(Boolean).map((t) => ` · ${t}`).join("");
  return h("header", { class: "table-head" }, [
    h("h1", { text: info ? info.name : summary.game }),
    h("p", { class: "hint", text: `${players}${words.length ? ` · ${words.join(" · ")}` : changed ? "" : " · standard rules"}${terms}` }, [
      " · ",
      // A new tab, so reading the rules never leaves the table.
      h("a", { href: `/games/${encodeURIComponent(summary.game)}/rules`, target: "_blank", rel: "noopener", "data-testid": "rules-link", text: "Rules" }),
    ]),
    ...yesNoOptions(info, summary.options),
  ]);
}

function announce(text) {
  const el = document.getElementById("announce");
  if (el) el.textContent = text;
}

export function showTable(app, tableId) {
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  const params = new URLSearchParams(location.search);
  const watching = params.has("watch");

  // An invite link carries the seat's token: keep it, then take it out of the address bar.
  let invite = null;
  if (params.has("token")) {
    invite = { seat: Number(params.get("seat")), token: params.get("token") };
    history.replaceState(null, "", `/t/${encodeURIComponent(tableId)}`);
  }
  const remembered = watching ? null : rememberedSeat(tableId);
  setSeatToken(tableId, invite ? invite.token : remembered ? remembered.token : null);

  const root = h("div", { class: "table-page" });
  app.append(root);
  const view = { destroyed: false, cleanup: [] };
  const destroy = () => {
    view.destroyed = true;
    for (const fn of view.cleanup) fn();
  };
  // The page may be left while this table still loads or waits: `destroy` must work at once.
  openTable(root, base, tableId, invite, remembered, view).catch((err) => {
    if (view.destroyed) return;
    // Why, on the page itself (an alert over it would hide the words on a phone).
    console.warn("meeple:", err);
    const why = err && err.message ? ` ${err.message}` : "";
    clear(root).append(h("p", { class: "empty" }, [`This table could not be shown.${why} `, h("a", { href: "/", text: "Back to the lobby" })]));
  });
  return { destroy };
}

async function openTable(root, base, tableId, invite, remembered, view) {
  let summary = await get(base, tableId);
  const invited = invite && summary.seats[invite.seat];
  if (invite && summary.status === "open" && !(remembered && remembered.seat === invite.seat)
      && invited && invited.taken && !(session.user && invited.player === session.user.id)) {
    // A used invite (its seat taken since by someone else): said before anything is asked, and the table
    // opens as for anyone else.
    setSeatToken(tableId, null);
    toast(`This invite link has been used: seat ${invite.seat + 1} is taken. You may join a free seat, or watch.`, "error", 12000);
  } else if (invite && summary.status === "open" && !(remembered && remembered.seat === invite.seat)) {
    // If the invite fails (seat taken, bad link), the error is shown and the table opens as for anyone else.
    await joinWithInvite(root, base, tableId, invite, summary);
    summary = await get(base, tableId);
  } else if (invite) {
    rememberSeat(tableId, invite.seat, invite.token);
  }
  if (view.destroyed) return;
  const info = await gameInfo(summary.game);
  if (summary.status === "open") {
    root.append(tableHead(info, summary));
    await waitingRoom(root, base, tableId, view);
    if (view.destroyed) return;
    summary = await get(base, tableId);
  }
  clear(root).append(tableHead(info, summary));
  const drawnHead = (gameView) => root.querySelector(".table-head")?.replaceWith(tableHead(info, summary, gameView));
  await playTable(root, base, tableId, summary, view, drawnHead);
}

// ----- before the start -----------------------------------------------------

async function joinWithInvite(root, base, tableId, invite, summary) {
  const join = async () => {
    const joined = await post(`${base}/join`, { seat: invite.seat }, tableId);
    rememberSeat(tableId, joined.seat, joined.token);
    setSeatToken(tableId, joined.token);
    return true;
  };
  if (session.user) {
    try {
      return await join();
    } catch (err) {
      showError(err);
      setSeatToken(tableId, null);
      return false;
    }
  }
  // No session yet: ask for a name, play as a guest.
  const found = await gameInfo(summary.game);
  const gameName = found ? found.name : summary.game;
  return new Promise((resolve) => {
    root.append(guestForm([h("h1", { text: `You are invited to a game of ${gameName}` }),
      h("p", { text: `Seat ${invite.seat + 1} is kept for you.` })], "Take my seat",
    async () => {
      clear(root);
      resolve(await join());
    }, () => {
      // Signed in, but the seat could not be taken: go on to the table as anyone else would.
      setSeatToken(tableId, null);
      clear(root);
      resolve(false);
    }));
  });
}

/** A signed-out visitor's name, asked to make them a guest: `signedIn()` runs once they are; an error is
 * shown, and `failed()` runs where it came once signed in (the seat could not be taken). */
function guestForm(heading, submitText, signedIn, failed) {
  const name = h("input", { name: "guest-name", required: true, maxLength: 32, autocomplete: "nickname" });
  const form = h("form", { class: "card stack narrow", "aria-label": "Join the table" }, [
    ...heading,
    h("label", { class: "field" }, [h("span", { text: "Your name" }), name]),
    h("button", { type: "submit", class: "primary", text: submitText }),
    h("p", { class: "hint" }, ["Have an account? ", h("a", { href: "/", text: "Sign in in the lobby" }), " first."]),
  ]);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await post("/api/auth/guest", { name: name.value.trim() });
      await refreshUser();
      await signedIn();
    } catch (err) {
      showError(err);
      if (session.user) failed();
    }
  });
  return form;
}

function waitingRoom(root, base, tableId, view) {
  return new Promise((resolve) => {
    const box = h("section", { class: "card narrow waiting", "aria-label": "Waiting for players" });
    root.append(box);
    let invites = [];
    try {
      invites = JSON.parse(sessionStorage.getItem(`meeple.invites.${tableId}`) || "[]");
    } catch {
      invites = [];
    }
    let timer = null;
    const finish = () => {
      clearInterval(timer);
      resolve();
    };
    view.cleanup.push(finish);

    let freeSeat = null; // the seat a visitor would join now
    let guestJoin = null; // a signed-out visitor's name form
    const joinSeat = async () => {
      const joined = await post(`${base}/join`, { seat: freeSeat.seat }, tableId);
      rememberSeat(tableId, joined.seat, joined.token);
      setSeatToken(tableId, joined.token);
      poll();
    };
    const render = (summary) => {
      const mine = rememberedSeat(tableId);
      const allTaken = summary.seats.every((s) => s.type === "bot" || s.taken);
      clear(box).append(
        h("h2", { text: "Waiting for players" }),
        h("ol", { class: "seat-list" }, summary.seats.map((s) => h("li", {}, [
          h("span", { class: "dot", style: `background:${seatColour(s.seat)}` }),
          // (a bot named as it will be at the table: "greedy bot", numbered where two share it)
          s.type === "bot" || s.taken ? playerLink(summary, s.seat)
            : h("span", { text: s.reserved ? `kept for ${s.name} (rematch)…` : "waiting for a friend…" }),
        ]))),
      );
      const open = invites.filter((i) => !summary.seats.find((s) => s.seat === i.seat && s.taken));
      if (open.length) {
        box.append(h("p", { text: "Send each friend their link:" }));
        for (const inv of open) {
          box.append(linkRow(inv.name ? `${inv.name} (seat ${inv.seat + 1})` : `Seat ${inv.seat + 1}`,
            new URL(inv.invite, location.origin).href, `Invite link for seat ${inv.seat + 1}`));
        }
      } else if (mine && summary.seats.some((s) => s.type === "human" && !s.taken && !s.reserved)) {
        // The seats' own links are kept only in the tab that made the table (they hold the seats' tokens, which
        // the hall keeps hashed): from another tab or device, the table's address, where anyone may take a free seat.
        box.append(h("p", { text: "Send your friends this table's address: whoever opens it can take a free seat." }),
          linkRow("Table", new URL(`/t/${tableId}`, location.origin).href, "Link to this table"));
      }
      if (mine) {
        box.append(h("div", { class: "row" }, [
          h("button", {
            type: "button", class: "primary", text: allTaken ? "Start the game" : "Start now",
            onClick: async () => {
              try {
                await post(`${base}/start`, {}, tableId);
                finish();
              } catch (err) {
                showError(err);
              }
            },
          }),
          h("button", {
            type: "button", class: "secondary", text: "Leave the table",
            onClick: async () => {
              try {
                await post(`${base}/leave`, {}, tableId);
                forgetSeat(tableId);
                navigate("/");
              } catch (err) {
                showError(err);
              }
            },
          }),
          allTaken ? null : h("span", { class: "hint", text: "Starting now gives the free seats to bots." }),
        ]));
      } else {
        // A rematch seat kept for me first; a seat kept for someone else is theirs.
        const me = session.user ? session.user.id : null;
        const free = summary.seats.find((s) => s.type === "human" && !s.taken && s.reserved && s.reserved_for === me)
          || summary.seats.find((s) => s.type === "human" && !s.taken && !s.reserved);
        freeSeat = free;
        if (free && !session.user && !guestJoin) {
          // Signed out: a name first (the form stays as the seats are drawn anew, keeping what is typed).
          guestJoin = guestForm([h("h2", { text: "Join this table" }), h("p", { text: "Pick a name to play as a guest." })],
            "Join as a guest", () => joinSeat(), () => poll());
          box.after(guestJoin);
        } else if (free && session.user) {
          box.append(h("button", {
            type: "button", class: "primary", text: `Join as seat ${free.seat + 1}`,
            onClick: async () => {
              try {
                await joinSeat();
              } catch (err) {
                showError(err);
              }
            },
          }));
        }
      }
      if (guestJoin && (mine || !freeSeat || session.user)) {
        guestJoin.remove();
        guestJoin = null;
      }
      if (mine && allTaken && summary.status === "open") {
        // The last player in starts the game, so nobody has to.
        post(`${base}/start`, {}, tableId).then(finish, () => {});
      }
    };
    const poll = async () => {
      try {
        const summary = await get(base, tableId);
        if (summary.status !== "open") finish();
        else render(summary);
      } catch (err) {
        showError(err);
      }
    };
    poll();
    timer = setInterval(poll, WAIT_POLL_MS);
  });
}

/** A link to send, read-only beside its Copy button. */
function linkRow(label, url, ariaLabel) {
  const input = h("input", { readOnly: true, value: url, "aria-label": ariaLabel, class: "invite" });
  return h("div", { class: "row" }, [
    h("span", { text: label }),
    input,
    h("button", {
      type: "button", text: "Copy",
      onClick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(url);
          toast("Link copied.");
        } catch {
          toast("Select the link and copy it.");
        }
      },
    }),
  ]);
}

// ----- the game ---------------------------------------------------------------

/** The table's first state. A seat token it does not know (a mistyped or old invite link, a seat remembered
 * from before) is forgotten, and the table opens to watch, as for anyone else, saying why. */
async function firstState(base, tableId) {
  try {
    return await get(`${base}/state`, tableId);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 403 && seatToken(tableId))) throw err;
    forgetSeat(tableId);
    setSeatToken(tableId, null);
    toast("This invite link holds no seat at this table (it may be mistyped, or old): you are watching the game.", "error", 12000);
    return await get(`${base}/state`, tableId);
  }
}

async function playTable(root, base, tableId, summary, view, drawnHead = () => {}) {
  let state = await firstState(base, tableId);
  if (view.destroyed) return;
  drawnHead(state.view);
  let selection = null; // {move, label, sheets}
  // Who asked for the rematch (the players already at its table, but me), read once when it is offered.
  let rematchBy = null;
  let rematchRead = null;
  let connNote = null;
  // One request at a time. A board's move clicked while one is out is kept, the latest only, and
  // goes once that request has ended (act): no click is ever dropped.
  let running = false;
  let reclaiming = false; // while Take my seat back is out
  let queued = null;

  const statusBar = h("section", { class: "status-bar", "aria-label": "Status" });
  // The status bar's nodes are made once and changed in place: a node made anew under a pressed
  // button would take the click away from it (the press and the release on two different nodes).
  const promptEl = h("p", { class: "prompt", "data-testid": "prompt" });
  const connEl = h("span", { class: "conn-note", hidden: true });
  const leaveBtn = h("button", { type: "button", class: "quiet", text: "Leave", title: "A bot plays your seat until you come back", onClick: () => leave() });
  const resetBtn = h("button", { type: "button", class: "secondary", text: "Reset", onClick: () => reset() });
  const confirmBtn = h("button", { type: "button", class: "primary", text: "Confirm", onClick: () => confirm() });
  // While a bot plays my seat the bar says to take it back: the way to do it is there too, in place of Reset and
  // Confirm (which do nothing then), for the stand-in card above the board may be scrolled away (reading the chat).
  const takeBackBtn = h("button", { type: "button", class: "primary", text: "Take it back", hidden: true, onClick: () => takeBack() });
  const actions = h("div", { class: "actions" }, [leaveBtn, resetBtn, confirmBtn, takeBackBtn]);
  // A rematch another player asked for after the end, offered where it is seen: the result card's button may
  // be scrolled away (on a phone, the player looking at the plates), and it changed only its words there.
  const rematchBarBtn = h("button", { type: "button", class: "primary", hidden: true, "data-testid": "rematch-offer",
    text: "Join the rematch", onClick: () => joinRematch() });
  // The same offer in the replay's head while the replay is open: the replay hides this bar (meeple.css), and a
  // player watching it saw nothing of the offer until they closed it. One element, kept up to date here, that
  // the replay shows in its head (replay.js, `notice`).
  const replayOfferWords = h("span");
  const replayOffer = h("p", { class: "replay-offer", role: "status", hidden: true, "data-testid": "replay-rematch-offer" }, [
    replayOfferWords, h("button", { type: "button", class: "primary", text: "Join the rematch", onClick: () => joinRematch() })]);
  // My clock while it runs, in the bar: the panels that show every clock are scrolled away on a phone while I act
  // (Wizard's hand lies below the table), and a real-time clock runs out unseen.
  const myClockEl = h("span", { class: "clock running my-clock", hidden: true, "data-testid": "my-clock", title: "Your time for this move" });
  statusBar.append(promptEl, myClockEl, connEl, rematchBarBtn, actions);
  const hint = hintControl(base, tableId, summary, (move, label) => select(move, label)); // (hint.js)
  actions.prepend(hint.button);
  statusBar.append(hint.line);

  const boardHost = h("div", { class: "board-host" });
  const panels = h("div", { class: "panels", "aria-label": "Players" });
  const clocksLine = h("div", { class: "hint clock-mode" });
  // Focusable: a scrolling log is read with the arrow keys too (axe: scrollable-region-focusable).
  const logList = h("ol", { class: "log-list", tabindex: "0", "aria-label": "Game log, newest last" });
  const log = h("section", { class: "log", "aria-label": "Game log" }, [h("h2", { text: "Log" }), logList]);
  const result = h("div", { class: "result-host" });
  const standIn = h("div", { class: "stand-in-host" });
  // Seated players and signed-in spectators write; anyone watching reads (server/chat.py).
  const chat = chatPanel(tableId, { canWrite: state.my_seat !== null || !!session.user,
    seatName: (seat) => seatName(summary, seat), seatColour, bar: statusBar,
    // (my own words are no news to me: a seat's by its number, a spectator's by the name)
    isMine: (m) => (m.seat === null || m.seat === undefined ? !!session.user && m.name === session.user.name
      : m.seat === state.my_seat) });
  actions.before(chat.unread); // (in the status bar, always in view)
  view.cleanup.push(() => chat.stop());
  root.append(
    h("div", { class: "table-layout" }, [
      h("div", { class: "board-col" }, [result, standIn, boardHost]),
      // (the turn's switches for a seated player only: a watcher has no turn)
      h("aside", { class: "side-col" }, [panels, clocksLine, state.my_seat !== null && state.my_seat !== undefined ? alertControls() : null, log, chat.el]),
    ]),
    statusBar,
  );

  const seatInfo = () => summary.seats.map((s) => ({
    seat: s.seat,
    name: seatName(summary, s.seat),
    colour: seatColour(s.seat),
    level: seatBadge(summary, s.seat),
    playsOn: s.type === "human" && s.bot_playing,
    isMe: s.seat === state.my_seat,
    player: s.player,
  }));

  const ctx = {
    move: moveMaker(summary.game, (await gameInfo(summary.game))?.moves),
    play: (move) => playOrHold(move),
    select: (move, label) => select(move, label),
    selected: () => (selection ? selection.move : null),
    clearSelection: () => {
      selection = null;
      redraw();
    },
    tooltip: attach,
    seatName: (seat) => seatName(summary, seat),
    // " (you)" after the viewer's own seat (boards name seats with it), "" after any other
    you: (seat) => (state.my_seat !== null && state.my_seat !== undefined && seat === state.my_seat ? " (you)" : ""),
    seatColour,
    isLegal: (move) => state.legal.some((l) => moveKey(l.json) === moveKey(move)),
    announce,
  };
  const board = await loadBoard(summary.game, boardHost, ctx);
  const acting = actingFocus(boardHost, statusBar); // what I act on, in view on my turn
  view.cleanup.push(() => board.destroy());
  if (view.destroyed) return;

  async function act(intent) {
    if (running) {
      queued = intent;
      renderStatus();
      return;
    }
    running = true;
    renderStatus();
    try {
      await intent();
      while (queued && !view.destroyed) {
        const next = queued;
        queued = null;
        await next();
      }
    } finally {
      running = false;
      renderStatus();
    }
  }

  /** The position shown: the moves made and my moves pending (acting.js compares them). */
  const position = () => `${state.seq}:${(state.pending || []).length}`;

  async function send(action, body) {
    acting.moving(position()); // what I act on next comes back into view once this move is drawn
    // The selection this request settles. The table's push of the change may come before this answer
    // (the hall sends its sockets the change first): a selection made on the board it drew stays.
    const settled = selection;
    try {
      let next;
      try {
        next = await post(`${base}/${action}`, body, tableId);
      } catch (err) {
        // Lost on the way, the request may or may not have been applied. A move or confirm carries its
        // idempotency key (seq and pending): sent again as it was, the server applies it at most once.
        if (err.code !== "offline" || !("pending" in body)) throw err;
        next = await post(`${base}/${action}`, body, tableId);
      }
      if (selection === settled) selection = null;
      apply(next);
      return next;
    } catch (err) {
      // The server's stale answer names move numbers (for API clients); a player needs only what happened.
      showError(err.code === "stale_seq"
        ? "The table moved on meanwhile: nothing was played. The board now shows the new position."
        : err);
      if (err.status === 409) await resync();
      return null;
    }
  }

  /** Send a move now, unless it would store pending moves of the turn with it (the server
   * marks such a legal move `commits`): then it is only selected, and Confirm sends it. */
  function playOrHold(move) {
    const entry = state.legal.find((l) => moveKey(l.json) === moveKey(move));
    if (entry && entry.commits) return select(move, entry.description || entry.text);
    const waited = running;
    return act(async () => {
      // A move clicked while another request was out may no longer be possible once it has ended.
      if (waited && !ctx.isLegal(move)) {
        showError("That move is no longer possible: the table moved on meanwhile.");
        return;
      }
      // seq and the pending count are the idempotency key: a retry is applied once (docs/api.md).
      await send("moves", { seq: state.seq, pending: state.pending.length, move });
    });
  }

  async function select(move, label) {
    const mine = { move, label, sheets: null };
    selection = mine;
    redraw();
    try {
      const answer = await post(`${base}/preview`, { move }, tableId);
      if (selection === mine) {
        mine.sheets = answer.sheets;
        renderChrome();
      }
    } catch (err) {
      showError(err);
    }
  }

  async function confirmTurn() {
    // A selected move goes with confirm: true, confirmed in its own request where it completes the
    // turn (docs/api.md); one that does not stays pending, as it would without.
    if (selection) {
      await send("moves", { seq: state.seq, pending: state.pending.length, move: selection.move, confirm: true });
    } else if (state.can_confirm) {
      await send("confirm", { seq: state.seq, pending: state.pending.length });
    }
  }

  async function resetTurn() {
    selection = null;
    if (state.can_reset) await send("reset", {});
    else redraw();
  }

  const confirm = () => act(confirmTurn);
  const reset = () => act(resetTurn);

  function redraw() {
    drawBoard();
    renderChrome();
  }

  /** The board drawn from the state and the selection, noted so that apply can tell when neither changed. */
  function drawBoard() {
    drawnSelection = selection;
    board.update(state);
  }

  /** My seat's summary entry, or null for a spectator. */
  function mySeat() {
    if (state.my_seat === null || state.my_seat === undefined) return null;
    // The state's seats come with every push, the summary's only every few seconds.
    const seats = state.seats || summary.seats;
    return seats.find((s) => s.seat === state.my_seat) || null;
  }

  async function refreshSummary() {
    try {
      summary = await get(base, tableId);
      renderChrome();
    } catch {
      /* the connection note already tells the player */
    }
  }

  async function leave() {
    if (!window.confirm("Leave the table? A bot plays your seat until you take it back.")) return;
    try {
      await post(`${base}/leave`, {}, tableId);
      navigate("/");
    } catch (err) {
      showError(err);
    }
  }

  async function takeBack() {
    try {
      reclaiming = true; // the socket of the old token may be closed before the answer comes: no seat lost
      const back = await post(`${base}/reclaim`, {}, tableId).finally(() => { reclaiming = false; });
      rememberSeat(tableId, back.seat, back.token);
      setSeatToken(tableId, back.token);
      socket.setToken(back.token);
      toast("Your seat is yours again.");
      await refreshSummary();
      await resync();
    } catch (err) {
      showError(err);
    }
  }

  function renderStandIn() {
    const me = mySeat();
    clear(standIn);
    if (!me || me.type !== "human" || !me.bot_playing || state.status === "finished") return;
    const why = standInWhy(me.reason);
    standIn.append(h("section", { class: "card stand-in", role: "status" }, [
      h("p", { text: `${why}: a bot is playing your seat.` }),
      h("button", { type: "button", class: "primary", text: "Take my seat back", onClick: takeBack }),
    ]));
  }

  async function resync() {
    const before = received;
    try {
      const next = await get(`${base}/state`, tableId);
      // A state that came while this one was on its way (a push, an answer) is at least as new: a
      // poll answered late under load would otherwise put an older position back on the board.
      if (received === before) apply(next, true);
    } catch (err) {
      showError(err);
    }
  }

  // The log's lines as drawn (their seq, seat and text) and the seat names they were written with: a
  // change redraws only the lines from the first that differs (usually it adds a few at the end), not
  // the whole log, which grows to hundreds of lines by the end of a game.
  let logDrawn = null;
  let logNames = null;
  let logScroll = 0;
  // The state last drawn, as text, and the selection the board was last drawn with (drawBoard): the
  // same state again (the socket's opening state after the page's own read, a poll while the socket is
  // down) with the same selection draws nothing, so no tap or scroll meets a redraw. (A board may
  // select a move as it draws, Vent Life's End: an answer that clears the selection draws again.)
  let drawnText = null;
  let drawnSelection = null;
  let received = 0; // states taken (drawn, or the same as drawn): resync's answers check it
  function apply(next, force = false) {
    if (view.destroyed) return;
    // An answer or push older than what is on screen (they can cross on the wire) is dropped.
    if (!force && next.seq < state.seq) return;
    received += 1;
    const text = JSON.stringify(next);
    if (text === drawnText && selection === drawnSelection) return;
    drawnText = text;
    const wasMyTurn = state.legal && state.legal.length > 0;
    const statusBefore = state.status;
    state = next;
    // The seats come with every state: who plays on for whom shows at once (renderChrome).
    if (next.seats) summary = { ...summary, seats: next.seats, status: next.status };
    root.dataset.seq = String(state.seq); // lets tests (and curious players) see which position is shown
    root.dataset.status = state.status;
    if (selection && !ctx.isLegal(selection.move)) selection = null;
    drawBoard();
    renderChrome();
    acting.update(state.status === "running" && state.legal.length > 0, position());
    if (!wasMyTurn && state.legal.length) {
      announce("Your turn. " + (state.prompt || ""));
      turnStarted(root.querySelector(".table-head h1")?.textContent || summary.game);
    }
    // The tab's title tells a player in another tab that it is their turn.
    document.title = state.legal.length ? "\u25B6 Your turn \u00b7 meeple" : state.status === "finished" ? "Game over \u00b7 meeple" : "meeple";
    if (statusBefore !== "finished" && state.status === "finished") {
      announce("The game is over.");
      showResult();
    }
    readRematch();
  }

  /** The result in view for everyone at the table when the game ends, whoever moved last (a board
   *  scrolled to its acting area would leave it above the window); once more after the board settles. */
  function showResult() {
    requestAnimationFrame(() => {
      const card = result.firstElementChild;
      if (!card) return;
      bringIntoView(card, statusBar);
      setTimeout(() => { if (card.isConnected) bringIntoView(card, statusBar); }, 250);
    });
  }

  function clocksBySeat() {
    const out = {};
    const c = state.clocks;
    if (!c || !c.seats || c.mode === "none") return out;
    for (const s of c.seats) {
      out[s.seat] = { ...s, mode: c.mode, running: s.running && state.status === "running", receivedAt };
    }
    return out;
  }
  let receivedAt = Date.now();

  function renderChrome() {
    renderPanels(panels, {
      seats: seatInfo(),
      sheets: state.sheets,
      toMove: state.status === "finished" ? [] : state.to_move,
      deltas: selection && selection.sheets ? sheetDeltas(state.sheets, selection.sheets) : null,
      words: board.scoreWords,
      clocks: clocksBySeat(),
      marks: seatMarks(state.view),
    });
    const mode = state.clocks && state.clocks.mode;
    clocksLine.textContent = mode === "realtime" ? "Real-time clocks." : mode === "turn_based" ? "Turn-based: each move has a deadline." : "";
    renderLog();
    renderStatus();
    renderResult();
    renderStandIn();
  }


  function renderLog() {
    const entries = state.log || [];
    const names = (summary.seats || []).map((x) => seatName(summary, x.seat)).join("\n");
    if (names !== logNames) {  // every line again, with the seats' new names
      logNames = names;
      logDrawn = null;
    }
    const keys = entries.map((e) => `${e.seq}|${e.seat}|${e.text}`);
    let keep = 0;
    while (logDrawn && keep < logDrawn.length && keep < keys.length && logDrawn[keep] === keys[keep]) keep++;
    if (logDrawn && keep === logDrawn.length && keep === keys.length) return;
    while (logList.childElementCount > keep) logList.lastElementChild.remove();  // (or the "No moves yet." line)
    if (!entries.length) logList.append(h("li", { class: "hint", text: "No moves yet." }));
    for (const e of entries.slice(keep)) {
      logList.append(h("li", { style: e.seat !== null && e.seat !== undefined ? `--seat:${seatColour(e.seat)}` : "" }, [
        e.seat !== null && e.seat !== undefined ? h("span", { class: "dot", "aria-hidden": "true" }) : null,
        h("span", {}, richText(withNames(summary, e.text), summary.game)),
      ]));
    }
    logDrawn = keys;
    // The newest line in view, once a frame: scrollHeight needs the page laid out, which the frame does
    // anyway (read at once, it laid out the page again for every change as it arrived).
    if (!logScroll) logScroll = requestAnimationFrame(() => {
      logScroll = 0;
      logList.scrollTop = logList.scrollHeight;
    });
  }

  function renderStatus() {
    let prompt = plainWords(withNames(summary, state.prompt || ""));
    const offered = state.status === "finished" && !!state.rematch && seatedPlayer();
    const offerWords = rematchBy ? `${rematchBy} offers a rematch.` : "A rematch is waiting.";
    if (offered) prompt = `The game is over. ${offerWords}`;
    else if (state.status === "finished") prompt = "The game is over.";
    else if (mySeat() && mySeat().type === "human" && mySeat().bot_playing) prompt = "A bot plays your seat: take it back to play on.";
    else if (state.my_seat === null || state.my_seat === undefined) prompt = "You are watching.";
    // While a request is out Confirm and Reset are off and the bar says it is sending (a board's
    // move clicked meanwhile waits its turn, act).
    const canConfirm = !running && (selection !== null || state.can_confirm);
    const canReset = !running && (selection !== null || state.can_reset);
    const mine = state.legal.length > 0 || state.can_confirm || selection;
    const words = selection ? `${prompt} Selected: ${selection.label}${previewWords()}.` : prompt;
    promptEl.className = `prompt${mine ? " my-turn" : ""}`;
    promptEl.textContent = running ? `${words} Sending\u2026` : words;
    // The selection's preview (its points in the panels and here): "shown" once its answer is drawn (tests wait for it).
    if (selection) promptEl.dataset.previewState = selection.sheets ? "shown" : "pending";
    else delete promptEl.dataset.previewState;
    connEl.hidden = !connNote;
    connEl.textContent = connNote || "";
    actions.hidden = state.my_seat === null || state.my_seat === undefined || state.status === "finished";
    leaveBtn.hidden = !(mySeat() && !mySeat().bot_playing);
    const botPlays = !!(mySeat() && mySeat().type === "human" && mySeat().bot_playing);
    resetBtn.hidden = botPlays;
    confirmBtn.hidden = botPlays;
    takeBackBtn.hidden = !botPlays;
    rematchBarBtn.hidden = !offered;
    replayOffer.hidden = !offered;
    replayOfferWords.textContent = offered ? offerWords : "";
    showMyClock(Date.now());
    resetBtn.disabled = !canReset;
    confirmBtn.disabled = !canConfirm;
    statusBar.classList.toggle("busy", running);
    statusBar.setAttribute("aria-busy", running ? "true" : "false");
    hint.update(state);
  }

  /** My running clock in the status bar ("Your time: 0:17"), hidden while it does not run (not my turn, a bot plays). */
  function showMyClock(now) {
    const mine = clocksBySeat()[state.my_seat];
    const text = mine && mine.running && !(mySeat() && mySeat().bot_playing) ? clockText(mine, now) : null;
    myClockEl.hidden = !text;
    myClockEl.textContent = text ? `Your time: ${text}` : "";
  }

  /** The selected move's points in the status bar, which stays in view while you act (the panels'
   *  "+N" may be scrolled away on a phone): " (you +3, Bob −2)", or nothing when no score moves. */
  function previewWords() {
    if (!selection || !selection.sheets) return "";
    const deltas = sheetDeltas(state.sheets, selection.sheets);
    const parts = Object.entries(deltas).filter(([, d]) => d.total)
      .map(([seat, d]) => `${Number(seat) === state.my_seat ? "you" : seatName(summary, Number(seat))} ${signed(d.total)}`);
    return parts.length ? ` (${parts.join(", ")})` : "";
  }

  // What the result card shows, as text: a state read again (the socket's after the page's) holds an
  // equal outcome in a new object, and redrawing the card then would drop a player's scroll or focus.
  let shownResult = null;

  /** A signed-in player of this table (who may play the rematch), not a spectator. */
  function seatedPlayer() {
    return state.my_seat !== null && state.my_seat !== undefined && !!session.user;
  }

  /** Play again: the first click makes the rematch (next seat order), each later one takes its seat. */
  function rematchButton() {
    if (!seatedPlayer()) {
      return state.rematch ? h("a", { class: "button", href: `/t/${encodeURIComponent(state.rematch)}?watch=1`, text: "Watch the rematch" }) : null;
    }
    return h("button", {
      type: "button", class: "primary", "data-testid": "rematch", text: state.rematch ? "Join the rematch" : "Rematch",
      title: "The same players again, each one seat on (the next player opens)",
      onClick: () => joinRematch(),
    });
  }

  async function joinRematch() {
    try {
      const again = await post(`${base}/rematch`, {}, tableId);
      if (again.token) rememberSeat(again.table, again.seat, again.token);
      if (again.invites && again.invites.length) sessionStorage.setItem(`meeple.invites.${again.table}`, JSON.stringify(again.invites));
      navigate(`/t/${encodeURIComponent(again.table)}`);
    } catch (err) {
      showError(err);
    }
  }

  function readRematch() {
    if (!state.rematch || rematchRead === state.rematch || !seatedPlayer()) return;
    rematchRead = state.rematch;
    announce("A rematch is offered.");
    get(`/api/tables/${encodeURIComponent(state.rematch)}`).then((again) => {
      const names = again.seats.filter((s) => s.type === "human" && s.taken && s.player !== session.user.id).map((s) => s.name);
      rematchBy = names.length ? names.join(" and ") : null;
      renderStatus();
    }, () => {});
  }

  /** Whether the result changes ratings: said under the result, with a player's own change. */
  function ratedNote() {
    if (!state.rated) return h("p", { class: "hint rated-note", text: "A friendly game: no rating changed." });
    // A player of the game is told by how much their rating moved, and led to where it shows.
    const seated = seatedPlayer();
    const change = h("span", { "data-testid": "rating-change" });
    if (seated) myRatingChange().then((words) => { change.textContent = words ? ` ${words}` : ""; });
    return h("p", { class: "hint rated-note" }, [
      "A rated game: the ratings of its players have been updated.",
      change,
      seated ? " " : null,
      seated ? h("a", { href: `/players/${encodeURIComponent(session.user.id)}`, text: "Your ratings" }) : null,
    ]);
  }

  // "Your rating: 0.0 → 0.8 (+0.8)." from my player page (its rating after each rated game, from 0), read once:
  // the move that ends the game stores the new ratings before the end is sent.
  let ratingChange = null;
  function myRatingChange() {
    ratingChange = ratingChange || get(`/api/players/${encodeURIComponent(session.user.id)}`).then((me) => {
      const history = ((me.ratings || []).find((r) => r.game === summary.game) || { history: [] }).history;
      const i = history.findIndex((x) => x.table === tableId);
      if (i < 0) return null;
      const before = i > 0 ? history[i - 1].rating : 0;
      const after = history[i].rating;
      const delta = ratingText(after - before);
      const moved = delta.startsWith("\u2212") || delta === "0.0" ? delta : `+${delta}`;
      return `Your rating: ${ratingText(before)} \u2192 ${ratingText(after)} (${moved}).`;
    }, () => null);
    return ratingChange;
  }
  function renderResult() {
    if (!state.outcome) {
      clear(result);
      shownResult = null;
      return;
    }
    const shown = JSON.stringify([state.outcome, state.sheets, state.rematch, state.rated, state.my_seat]);
    if (shownResult === shown) return;
    shownResult = shown;
    const o = state.outcome;
    if (o.scores.length === 1) {
      renderSoloResult(o);
      return;
    }
    const order = o.scores.map((score, seat) => ({ seat, score, rank: o.ranks[seat] })).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
    // A board may say a score in its game's words (Toy Battle: medals, the Victory row's 100 left out).
    const words = board.scoreWords;
    const sheetOf = (seat) => (state.sheets || []).find((sh) => sh.seat === seat);
    const scoreText = (r) => (words && words.total && sheetOf(r.seat) ? words.total(sheetOf(r.seat)) : String(r.score));
    // Seats a bot played to the end are ranked last (server/standins.py): said in words, one line each.
    const forfeits = o.forfeits || [];
    const nobody = forfeits.length === o.scores.length;
    // A shared win names who shares it ("A shared win!" left the reader to find them in the table).
    const winners = o.winners.map((seat) => seatName(summary, seat));
    const shared = `${winners.slice(0, -1).join(", ")} and ${winners[winners.length - 1]} share the win!`;
    clear(result).append(h("section", { class: "card result", "aria-label": "Final result" }, [
      h("h2", { text: nobody ? "Nobody played to the end" : !o.winners.length ? "Nobody wins" : o.winners.length > 1 ? shared : `${winners[0]} wins!` }),
      ...forfeits.map((f) => h("p", { class: "forfeit", "data-testid": "forfeit", text: withNames(summary, f.text) })),
      h("table", { class: "result-table" }, [
        h("thead", {}, h("tr", {}, [h("th", { text: "Rank" }), h("th", { text: "Player" }), h("th", { text: "Score" })])),
        h("tbody", {}, order.map((r) => h("tr", { class: r.rank === 1 ? "winner" : "" }, [
          h("td", { text: nobody ? "\u2013" : String(r.rank) }),  // (all share the last place: no rank to tell)
          h("td", {}, [h("span", { class: "dot", style: `background:${seatColour(r.seat)}` }), playerLink(summary, r.seat)]),
          h("td", { text: scoreText(r) }),
        ]))),
      ]),
      // The tie-break only when there was one to break. Where a seat was ranked last for a bot's play, the
      // game's own reasons (which may say that seat won) are told as what happened on the board.
      ...o.reasons.map((r) => h("p", { class: "reason", text: (forfeits.length ? "On the board: " : "") + withNames(summary, r) })),
      rowsTable(order.map((r) => r.seat)),
      scoreChart(base, tableId, o.scores.length, (s) => seatName(summary, s), seatColour, words ? words.value : undefined),
      ratedNote(),
      hintsTaken(base, tableId, summary),
      endButtons(),
    ]));
  }

  /** What a finished table offers next: a rematch, the review, the replay, the lobby. */
  function endButtons() {
    return h("div", { class: "row" }, [
      rematchButton(),
      reviewButton(root, base, tableId, summary, state.my_seat, replayOffer),
      h("button", { type: "button", class: "secondary", text: "Watch the replay", onClick: () => openReplay(root, base, tableId, summary, state.my_seat, { notice: replayOffer }) }),
      h("a", { class: "button", href: "/", text: "Back to the lobby" }),
    ]);
  }

  /** A name over a column of the score rows. A word longer than a phone's column (a one-word name of up to 32
   * letters) is marked "long": on a phone only it may break anywhere; shorter names break between words. */
  function headName(name) {
    const long = name.split(/\s+/).some((word) => word.length > 12);
    return h("span", { class: long ? "name long" : "name", text: name });
  }

  /** Every seat's final score row by row (the sheets everyone sees at the end), in ranking order. */
  function rowsTable(seats) {
    const sheets = state.sheets || [];
    const bySeat = new Map(sheets.map((sh) => [sh.seat, sh]));
    const labels = [];
    for (const seat of seats) {
      for (const row of (bySeat.get(seat) || { rows: [] }).rows) {
        if (!labels.some((l) => l.key === row.key)) labels.push({ key: row.key, label: row.label });
      }
    }
    if (!labels.length) return null;
    const cell = (seat, key) => {
      const row = (bySeat.get(seat) || { rows: [] }).rows.find((r) => r.key === key);
      const words = board.scoreWords;
      return h("td", { text: row ? (words && words.row(row)) || String(row.points) : "\u2013", title: row && row.detail ? row.detail : null });
    };
    return h("details", { class: "result-rows", open: true }, [
      h("summary", { text: "Score by row" }),
      // Five seats or more: on a phone the names stand upright over narrow columns (meeple.css).
      h("div", { class: "result-rows-scroll" }, h("table", { class: seats.length >= 5 ? "many" : null }, [
        h("thead", {}, h("tr", {}, [h("th", { text: "" }), ...seats.map((seat) => h("th", { scope: "col" }, [
          h("span", { class: "dot", style: `background:${seatColour(seat)}` }), headName(seatName(summary, seat))]))])),
        h("tbody", {}, [
          ...labels.map((l) => h("tr", {}, [h("th", { scope: "row", text: l.label }), ...seats.map((seat) => cell(seat, l.key))])),
          h("tr", { class: "total" }, [h("th", { scope: "row", text: "Total" }),
            ...seats.map((seat) => h("td", { text: bySeat.has(seat) && board.scoreWords && board.scoreWords.total ? board.scoreWords.total(bySeat.get(seat)) : String((bySeat.get(seat) || {}).total ?? "") }))]),
        ]),
      ])),
    ]);
  }

  /** A one-seat game has no ranking: it is won or lost, with the game's verdict in words. */
  function renderSoloResult(o) {
    const won = o.ranks[0] === 1;
    const mine = state.my_seat === 0;
    const title = mine ? (won ? "You won" : "You lost") : `${seatName(summary, 0)} ${won ? "won" : "lost"}`;
    clear(result).append(h("section", { class: `card result solo ${won ? "won" : "lost"}`, "aria-label": "Final result" }, [
      h("h2", { text: `${title}!` }),
      o.verdict ? h("p", { class: "verdict", "data-testid": "verdict", text: withNames(summary, o.verdict) }) : null,
      h("p", { class: "solo-score", text: `Score: ${o.scores[0]}` }),
      h("p", { class: "hint" }, ["Personal best: on the page of ", playerLink(summary, 0), "."]),
      hintsTaken(base, tableId, summary),
      endButtons(),
    ]));
  }

  const socket = new TableSocket(tableId, invitedToken(tableId), () => state.seq, {
    onState: ({ type, ...body }) => {
      receivedAt = Date.now();
      apply(body);
    },
    onError: (message) => showError(message),
    onChat: (msg) => chat.receive(msg.messages),
    onOpened: () => {
      chat.reload();
      root.dataset.socket = socket.token ? "seat" : "watching"; // what the open socket serves (tests wait for it)
    },
    onStatus: (text) => {
      if (text) delete root.dataset.socket; // (lost: reconnecting)
      connNote = text;
      const conn = document.getElementById("conn");
      conn.hidden = !text;
      conn.textContent = text || "";
      renderStatus();
    },
    // While no socket opens, the board and the chat are read every few seconds instead.
    poll: () => { resync(); chat.reload(); },
    onSeatLost: (why) => {
      if (reclaiming) return; // takeBack gives the socket the seat's new token
      // This page no longer holds the seat: forget its token and watch, as anyone else would.
      forgetSeat(tableId);
      setSeatToken(tableId, null);
      toast(`${why || "This seat is no longer yours."} You are watching the table now.`, "info", 12000);
      resync();
    },
  });
  const kick = () => socket.kick();
  window.addEventListener("online", kick);
  document.addEventListener("visibilitychange", kick);
  // Running clocks count down between server updates; only their text changes.
  const tick = setInterval(() => {
    if (state.status !== "running") return;
    const now = Date.now();
    for (const [seat, clock] of Object.entries(clocksBySeat())) {
      const el = panels.querySelector(`[data-testid='clock-${seat}']`);
      if (el && clock.running) el.textContent = clockText(clock, now);
    }
    showMyClock(now);
  }, 1000);
  view.cleanup.push(() => {
    socket.close();
    clearInterval(tick);
    window.removeEventListener("online", kick);
    document.removeEventListener("visibilitychange", kick);
    document.getElementById("conn").hidden = true;
    document.title = "meeple";
  });

  apply(state, true);
  // Seats change outside the game's moves (a bot stands in, a player comes back): refresh them now and then.
  const summaryTimer = setInterval(() => state.status !== "finished" && refreshSummary(), SUMMARY_MS);
  view.cleanup.push(() => clearInterval(summaryTimer));
}

function invitedToken(tableId) {
  const r = rememberedSeat(tableId);
  return new URLSearchParams(location.search).has("watch") ? null : r ? r.token : null;
}



// The lobby: sign in or play as a guest, create a table, my tables, the games (a gallery), open tables.

import { get, post } from "./api.js";
import { h, clear } from "./dom.js";
import { showError } from "./toast.js";
import { session, refreshUser, navigate } from "./app.js";
import { playerHref, rememberSeat, seatColour } from "./seats.js";
import { choiceWords, clockWords, optionLabel } from "./words.js";
import { emblem } from "./icons.js";
import { ratingText } from "./players.js";

const REFRESH_MS = 5000;

export async function showLobby(app) {
  // Measured strength only labels the levels: a lobby without it still works.
  const [games, bots, strength] = await Promise.all([get("/api/games"), get("/api/bots"),
    get("/api/bots/strength").catch(() => ({}))]);
  const layout = h("div", { class: "lobby" });
  app.append(layout);
  let timer = null;
  let gone = false;

  async function render() {
    clear(layout);
    if (!session.user) {
      // Anyone may watch before signing in.
      const open = await get("/api/tables").catch(() => []);
      const welcome = signInCard(render);
      layout.append(welcome, h("div", { class: "lobby-lists welcome-lists" }, [galleryCard(games), openTablesCard(open, games)]));
      // Sent here to sign in (the top bar's "Sign in", a tile's "Sign in to play"): the forms in view, the first
      // field focused.
      if (new URLSearchParams(location.search).has("back")) welcome.querySelector("input").focus();
      return;
    }
    const lists = h("div", { class: "lobby-lists" });
    const create = createCard(games, bots, strength);
    // The gallery is drawn once; the tables round it are refreshed (a tile keeps its focus, its scroll place).
    const mineBox = h("div", { class: "lobby-mine" });
    const openBox = h("div", { class: "lobby-open" });
    lists.append(mineBox, galleryCard(games, create.choose), openBox);
    layout.append(create, lists);
    const refresh = async () => {
      try {
        const [mine, open] = await Promise.all([get("/api/tables/mine"), get("/api/tables")]);
        clear(mineBox).append(myTablesCard(mine, games));
        clear(openBox).append(openTablesCard(open, games, mine));
      } catch (err) {
        showError(err);
      }
    };
    await refresh();
    // Back from signing in by a tile's "Sign in to play" (`/?game=<id>`): that game chosen, as by its New table
    // (once the page is drawn and the router has put its focus on it).
    const url = new URL(location.href);
    const chosen = url.searchParams.get("game");
    if (!gone && chosen !== null) {
      if (games.some((g) => g.id === chosen)) create.choose(chosen);
      // Used once: out of the address (the rest of it kept), so a reload or a later visit is the plain lobby.
      url.searchParams.delete("game");
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    }
    clearInterval(timer);
    if (!gone) timer = setInterval(refresh, REFRESH_MS);
  }

  render().catch(showError);
  return {
    destroy: () => {
      gone = true;
      clearInterval(timer);
    },
  };
}

function gameName(games, id) {
  const g = games.find((x) => x.id === id);
  return g ? g.name : id;
}

// ----- signing in -----------------------------------------------------------

function field(label, input) {
  return h("label", { class: "field" }, [h("span", { text: label }), input]);
}

/** Back to the page the visitor came from to sign in (the top bar's link names it), else `done`. */
function backOr(done) {
  const back = new URLSearchParams(location.search).get("back");
  // Only a path of this hall ("//host" or a backslash would name another site).
  if (back && back.startsWith("/") && !back.startsWith("//") && !back.includes("\\")) navigate(back, { replace: true });
  else done();
}

function signInCard(done) {
  const guestName = h("input", { name: "guest-name", required: true, maxLength: 32, autocomplete: "nickname", placeholder: "e.g. Sam" });
  const guest = h("form", { class: "stack", "aria-label": "Play as a guest" }, [
    h("h2", { text: "Play as a guest" }),
    h("p", { class: "hint", text: "No account needed: pick a name and play." }),
    field("Your name", guestName),
    h("button", { type: "submit", class: "primary", text: "Play as guest" }),
  ]);
  guest.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    try {
      await post("/api/auth/guest", { name: guestName.value.trim() });
      await refreshUser();
      backOr(done);
    } catch (err) {
      showError(err);
    }
  });

  const user = h("input", { name: "username", required: true, autocomplete: "username" });
  const pass = h("input", { name: "password", type: "password", required: true, autocomplete: "current-password" });
  const account = h("form", { class: "stack", "aria-label": "Sign in" }, [
    h("h2", { text: "Sign in" }),
    h("p", { class: "hint", text: "An account keeps your tables across devices." }),
    field("Username", user),
    field("Password", pass),
    h("div", { class: "row" }, [
      h("button", { type: "submit", class: "primary", value: "signin", text: "Sign in" }),
      h("button", { type: "submit", value: "signup", text: "Create account" }),
    ]),
  ]);
  account.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const action = ev.submitter && ev.submitter.value === "signup" ? "signup" : "signin";
    try {
      await post(`/api/auth/${action}`, { username: user.value.trim(), password: pass.value });
      await refreshUser();
      backOr(done);
    } catch (err) {
      showError(err);
    }
  });
  return h("section", { class: "card welcome" }, [
    h("h1", { text: "Welcome to the meeple board-game hall" }),
    h("div", { class: "two-col" }, [guest, account]),
  ]);
}

/** A game's player counts in words: "2 to 4 players", "3 players". */
function playerCount(g) {
  return (g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players} to ${g.max_players}`)
    + (g.max_players === 1 ? " player" : " players");
}

/** The gallery's words for the counts: a game that may be played alone says so ("Solo or 2 to 4 players"). */
function galleryPlayers(g) {
  if (g.min_players !== 1) return playerCount(g);
  if (g.max_players === 1) return "Solo (1 player)";
  return `Solo or ${playerCount({ ...g, min_players: 2 })}`;
}

/** The lobby's gallery: a tile per game of the hall, in the registry's order, each with its emblem (the game's
 * own pieces, js/icons.js), name, player counts, summary, its rules, its leaderboard, and a "New table" button that
 * chooses the game in the new-table form (`choose`) and takes the player there. A visitor's (no `choose`: no form)
 * has "Sign in to play" instead, a link to the sign-in forms that comes back to the lobby with the game chosen. */
function galleryCard(games, choose = null) {
  const tile = (g) => {
    const id = encodeURIComponent(g.id);
    return h("li", { class: "game-tile", "data-game": g.id }, [
      emblem(g.id, g.name),
      h("div", { class: "game-text" }, [
        h("h3", { text: g.name }),
        h("p", { class: "game-players", text: galleryPlayers(g) }),
      ]),
      h("p", { class: "game-summary", text: g.summary }),
      h("div", { class: "game-links" }, [
        h("span", { class: "game-pages" }, [
          h("a", { href: `/games/${id}/rules`, text: "Rules", "aria-label": `${g.name} rules` }),
          h("a", { href: `/games/${id}/leaderboard`, text: "Leaderboard", "aria-label": `${g.name} leaderboard` }),
        ]),
        choose
          ? h("button", { type: "button", class: "new-table", text: "New table", "aria-label": `New table of ${g.name}`,
            onClick: () => choose(g.id) })
          : h("a", { class: "button new-table", href: `/?back=${encodeURIComponent(`/?game=${id}`)}`,
            text: "Sign in to play", "aria-label": `Sign in to play ${g.name}` }),
      ]),
    ]);
  };
  // (No name of its own for the section: the tests find the form's "Game" choice by get_by_label("Game"), which a
  // section named "Games" would match too. Its heading names it for a screen reader's list of headings.)
  return h("section", { class: "card gallery" }, [
    h("h2", { text: "Games" }),
    h("p", { class: "hint", text: choose ? "What the hall plays: each game's rules, its leaderboard, and New table to start one."
      : "What the hall plays: each game's rules, its leaderboard, and Sign in to play to start a table." }),
    h("ul", { class: "game-tiles" }, games.map(tile)),
  ]);
}

// ----- creating a table -----------------------------------------------------

function optionInput(opt) {
  const id = `opt-${opt.name}`;
  const label = optionLabel(opt);
  if (opt.kind === "bool") {
    // A yes/no option is a switch: the label, then the toggle, then the help.
    const input = h("input", { id, type: "checkbox", role: "switch", class: "switch", checked: !!opt.default });
    input.read = () => input.checked;
    input.optionName = opt.name;
    input.setAttribute("data-opt", opt.name);
    return h("label", { class: "field switch-field", for: id }, [
      h("span", { class: "switch-line" }, [h("span", { text: label, title: opt.help }), input]),
      opt.help ? h("small", { class: "hint", text: opt.help }) : null,
    ]);
  }
  let input;
  if (opt.kind === "int") {
    input = h("input", { id, type: "number", value: opt.default, min: opt.minimum, max: opt.maximum, step: 1 });
    input.read = () => Number.parseInt(input.value, 10);
  } else if (opt.kind === "list") {
    // A list of choices (Vent Life's four species): a box to tick for each, named in the choice's words.
    const boxes = (opt.choices || []).map((c) => h("label", { class: "tick" }, [
      h("input", { type: "checkbox", value: JSON.stringify(c), checked: (opt.default || []).includes(c) }),
      h("span", { text: choiceWords(opt, c) })]));
    const group = h("fieldset", { id, class: "field ticks", "data-opt": opt.name }, [
      h("legend", { text: label, title: opt.help }), ...boxes,
      opt.help ? h("small", { class: "hint", text: opt.help }) : null]);
    group.optionName = opt.name;
    group.read = () => [...group.querySelectorAll("input:checked")].map((box) => JSON.parse(box.value));
    return group;
  } else {
    input = h("select", { id }, (opt.choices || []).map((c) =>
      h("option", { value: JSON.stringify(c), text: choiceWords(opt, c), selected: c === opt.default })));
    input.read = () => JSON.parse(input.value);
  }
  input.optionName = opt.name;
  input.setAttribute("data-opt", opt.name);
  return h("label", { class: "field", for: id }, [
    h("span", { text: label, title: opt.help }),
    input,
    opt.help ? h("small", { class: "hint", text: opt.help }) : null,
  ]);
}

function createCard(games, bots, strength = {}) {
  const form = h("form", { class: "card create", "aria-label": "Create a table" });
  const gameSelect = h("select", { name: "game" }, games.map((g) => h("option", { value: g.id, text: g.name })));
  const players = h("select", { name: "players" });
  const summary = h("span");
  const options = h("div", { class: "options" });
  const seats = h("ol", { class: "seat-list" });
  const clockMode = h("select", { name: "clock" }, [
    h("option", { value: "none", text: "No clock" }),
    h("option", { value: "realtime", text: "Real time" }),
    h("option", { value: "turn_based", text: "Turn based (days)" }),
  ]);
  const perMove = h("input", { type: "number", min: 5, value: 60, name: "per_move_s" });
  const bank = h("input", { type: "number", min: 1, value: 600, name: "bank_s" });  // the server refuses a bank of 0
  const deadline = h("input", { type: "number", min: 1, value: 24, name: "deadline_h" });
  const clockFields = h("div", { class: "row clock-fields" });
  const isPublic = h("input", { type: "checkbox", checked: true, name: "public" });
  const isRated = h("input", { type: "checkbox", checked: true, name: "rated" });
  const ratedBox = h("label", { class: "check" }, [isRated, h("span", { text: "Rated: counts for the leaderboard" })]);
  // Hints (issue 36) only at friendly tables: shown while the table is not rated.
  const hintsOn = h("input", { type: "checkbox", checked: true, name: "hints" });
  const hintsBox = h("label", { class: "check", hidden: true }, [hintsOn, h("span", { text: "Hints: a Hint button shows the search bot's move" })]);
  const showHints = () => { hintsBox.hidden = Number(players.value) > 1 && isRated.checked; };
  isRated.addEventListener("change", showHints);
  const boardLink = h("a", { class: "leaderboard-link" });
  const rulesLink = h("a", { class: "rules-link" }); // the rules before choosing, not only at the table
  let botRatings = {}; // bot level -> its measured rating in the chosen game

  // Bot levels in words a player understands; unknown levels show their name. The search levels are
  // named by how long they think, not called strong: how strong each is differs from game to game (in
  // some, at some table sizes, search 3 wins less often than greedy), and its measured share says so.
  // Search 3 at a table stops at 0.9 s of CPU a move (meeple.bots), or 1.5 s of the table's time on a
  // busy host (server/botpool.py): "up to 1 s". Search 1 and 2 stop at a number of tries, not a time.
  const thinks = { search3: "up to 1 s a move" };
  const botLabel = {
    random: "Bot: random (beginner)", greedy: "Bot: greedy (easy)", search1: "Bot: search 1 (quick search)",
    search2: "Bot: search 2 (longer search)", search3: `Bot: search 3 (longest search, ${thinks.search3})`,
  };

  // A level's measured share of wins against greedy in the chosen game (docs/strength.md, the strength
  // table), with how it was measured: the row for the chosen player count where there is one, else
  // the game's own (its fewest players, said in the label); nothing where it was not measured.
  function measured(level) {
    const m = (strength[gameSelect.value] || {})[level];
    return m && ((m.by_players || {})[players.value] || m);
  }

  // A share was measured with the level held to a shorter time than it has at a table ("0.1 s"
  // beside "up to 1 s"): the words say it was held to it, so the two times do not read as one.
  function measuredText(level) {
    const m = measured(level);
    if (!m) return "";
    return ` · won ${Math.round(m.share * 100)}% against ${m.against} when held to ${m.seconds} s a move ` +
      `(${m.players} players, ${m.games} games)`;
  }

  /** The measured strength of a level in the chosen game in sentences, or "" where unmeasured: its own time
   * first, which the cut-short option hides (a phone's, and a desktop's too). */
  function strengthNote(level) {
    const m = measured(level);
    if (!m) return "";
    return `${thinks[level] ? `Thinks ${thinks[level]}. ` : ""}Won ${Math.round(m.share * 100)}% of ${m.games} ` +
      `games against ${m.against} when held to ${m.seconds} s a move (${m.players} players).`;
  }

  function botText(level) {
    const label = (botLabel[level] || `Bot: ${level}`) + measuredText(level);
    const r = botRatings[level];
    return r ? `${label} · rated ${ratingText(r.rating)}` : label;
  }

  async function loadBotRatings(gameId) {
    try {
      const board = await get(`/api/games/${encodeURIComponent(gameId)}/leaderboard`);
      if (gameSelect.value !== gameId) return;
      botRatings = {};
      for (const p of board.players) if (p.bot) botRatings[p.player.slice(4)] = p;
      for (const opt of seats.querySelectorAll("option[value^='bot:']")) opt.textContent = botText(opt.value.slice(4));
    } catch {
      botRatings = {};
    }
  }

  function renderSeats() {
    ratedBox.hidden = Number(players.value) === 1;  // a solo table keeps a personal best instead
    showHints();
    const n = Number(players.value);
    const before = [...seats.querySelectorAll("select")].map((s) => s.value);
    clear(seats);
    if (n === 1) {
      // A solo table has nobody to wait for: it starts as soon as it is created.
      seats.append(h("li", {}, [h("span", { class: "dot", style: `background:${seatColour(0)}` }),
        h("span", { class: "seat-you" }, ["Seat 1: you ", nameInBrackets(session.user.name, ","), " solo: the game starts at once"])]));
      return;
    }
    for (let i = 0; i < n; i++) {
      const dot = h("span", { class: "dot", style: `background:${seatColour(i)}` });
      if (i === 0) {
        seats.append(h("li", {}, [dot, h("span", { class: "seat-you" }, ["Seat 1: you ", nameInBrackets(session.user.name)])]));
        continue;
      }
      const choice = h("select", { "aria-label": `Seat ${i + 1}` }, [
        h("option", { value: "human", text: "A friend (invite link)" }),
        ...bots.map((b) => h("option", { value: `bot:${b}`, text: botText(b) })),
      ]);
      choice.value = before[i - 1] || (bots.includes("greedy") ? "bot:greedy" : `bot:${bots[0]}`);
      // On a phone the chosen option's text is cut short, so the measured strength is said below too.
      const note = h("span", { class: "hint seat-strength", "data-testid": `strength-${i + 1}` });
      const showNote = () => {
        const level = choice.value.startsWith("bot:") ? choice.value.slice(4) : null;
        note.textContent = level ? strengthNote(level) : "";
        note.hidden = !note.textContent;
      };
      choice.addEventListener("change", showNote);
      showNote();
      seats.append(h("li", {}, [dot, h("span", { text: `Seat ${i + 1}: ` }), choice, note]));
    }
  }

  function renderGame() {
    const g = games.find((x) => x.id === gameSelect.value);
    summary.textContent = g.summary;
    const keep = players.value;
    clear(players);
    for (let n = g.min_players; n <= g.max_players; n++) {
      players.append(h("option", { value: n, text: n === 1 ? "1 player (solo)" : `${n} players` }));
    }
    players.value = keep && Number(keep) >= g.min_players && Number(keep) <= g.max_players ? keep : String(g.min_players);
    clear(options).append(...g.options.map(optionInput));
    // An option read only while another has a given value (opt.when) is shown only then.
    for (const opt of g.options.filter((o) => o.when)) {
      const input = options.querySelector(`[data-opt="${opt.when.option}"]`);
      const field = options.querySelector(`[data-opt="${opt.name}"]`).closest(".field");
      const follow = () => { field.hidden = input.read() !== opt.when.value; };
      input.addEventListener("change", follow);
      follow();
    }
    rulesLink.href = `/games/${encodeURIComponent(g.id)}/rules`;
    rulesLink.textContent = `${g.name} rules`;
    boardLink.href = `/games/${encodeURIComponent(g.id)}/leaderboard`;
    boardLink.textContent = `${g.name} leaderboard`;
    botRatings = {};
    renderSeats();
    loadBotRatings(g.id);
  }

  function renderClock() {
    clear(clockFields);
    if (clockMode.value === "realtime") clockFields.append(field("Seconds per move", perMove), field("Time bank (s)", bank));
    if (clockMode.value === "turn_based") clockFields.append(field("Hours per move", deadline));
  }

  gameSelect.addEventListener("change", renderGame);
  players.addEventListener("change", renderSeats);
  clockMode.addEventListener("change", renderClock);

  form.append(
    h("h2", { text: "New table" }),
    h("div", { class: "row" }, [field("Game", gameSelect), field("Players", players)]),
    h("p", { class: "hint" }, [summary, " ", rulesLink, " \u00b7 ", boardLink]),
    options,
    h("fieldset", {}, [h("legend", { text: "Seats" }), seats]),
    h("div", { class: "row" }, [field("Clock", clockMode)]),
    clockFields,
    h("label", { class: "check" }, [isPublic, h("span", { text: "List the table in the lobby" })]),
    ratedBox,
    hintsBox,
    h("button", { type: "submit", class: "primary", text: "Create table" }),
  );
  renderGame();
  renderClock();

  /** A tile's "New table": the game chosen (its player counts follow), the form's top in view (scrolled to only
   * where it is not: beside the gallery on a desktop it often is), the choice focused. */
  form.choose = (gameId) => {
    gameSelect.value = gameId;
    renderGame();
    const top = form.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight / 3) form.scrollIntoView({ block: "start" });
    gameSelect.focus({ preventScroll: true });
  };

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const seatSpecs = [{ type: "human" }];
    for (const sel of seats.querySelectorAll("select")) {
      seatSpecs.push(sel.value === "human" ? { type: "human" } : { type: "bot", level: sel.value.slice(4) });
    }
    const opts = {};
    for (const input of options.querySelectorAll("[data-opt]")) {
      if (!input.closest(".field").hidden) opts[input.optionName] = input.read();  // (a hidden one keeps its default)
    }
    const clock = { mode: clockMode.value };
    if (clock.mode === "realtime") Object.assign(clock, { per_move_s: Number(perMove.value), bank_s: Number(bank.value) });
    if (clock.mode === "turn_based") clock.deadline_h = Number(deadline.value);
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const made = await post("/api/tables", {
        game: gameSelect.value, players: seatSpecs.length, options: opts, seats: seatSpecs,
        clock, join_seat: 0, public: isPublic.checked, rated: seatSpecs.length > 1 && isRated.checked,
        ...(seatSpecs.length > 1 && isRated.checked ? {} : { hints: hintsOn.checked }),
      });
      rememberSeat(made.table, made.my_seat, made.token);
      const invites = made.seats.filter((s) => s.type === "human" && s.seat !== made.my_seat && s.invite);
      if (invites.length) sessionStorage.setItem(`meeple.invites.${made.table}`, JSON.stringify(invites));
      navigate(`/t/${encodeURIComponent(made.table)}`);
    } catch (err) {
      showError(err);
      button.disabled = false;
    }
  });
  return form;
}

/** "(name)" and `after`, for words that may break inside a name too long for its line (a one-word name of 32
 * letters on a phone: .seat-you): its first and last letters are held to the brackets and `after`, so that no
 * bracket or comma is left alone at a line's end or on a line of its own. */
function nameInBrackets(name, after = "") {
  const letters = Array.from(name);
  if (letters.length < 3) return h("span", { class: "nowrap", text: `(${name})${after}` });
  return h("span", {}, [h("span", { class: "nowrap", text: `(${letters[0]}` }), letters.slice(1, -1).join(""),
    h("span", { class: "nowrap", text: `${letters[letters.length - 1]})${after}` })]);
}

// ----- table lists ----------------------------------------------------------

/** The seats of a listed table, each name a link to its player's page. */
function seatsLine(t) {
  const parts = [];
  (t.seats || []).forEach((s, i) => {
    if (i) parts.push(", ");
    // A bot is named as at the table and on its player page ("greedy bot").
    const text = s.type === "bot" ? s.name || `${s.level} bot` : s.taken ? s.name || `seat ${s.seat + 1}` : s.reserved ? `kept for ${s.name}` : "free seat";
    parts.push(s.player ? h("a", { class: "player-link", href: playerHref(s.player), text }) : text);
  });
  return parts;
}

function tableRow(t, games, actions, whose = null) {
  const clock = clockWords(t.clock);
  return h("li", { class: "table-row" }, [
    h("div", {}, [
      h("strong", { text: gameName(games, t.game) }),
      whose ? h("span", { class: "badge badge-mine", text: whose }) : null,
      h("span", { class: `badge badge-${t.status}`, text: t.status }),
      t.my_turn ? h("span", { class: "badge badge-turn", text: "your turn" }) : null,
      t.rated ? h("span", { class: "badge", text: "rated" }) : null,
      clock ? h("span", { class: "badge badge-clock", text: `clock: ${clock}` }) : null,
      h("div", { class: "hint" }, seatsLine(t)),
    ]),
    h("div", { class: "row" }, actions),
  ]);
}

/** The way into a table of mine, as "My tables" and the hall's list both offer it. */
function myTableLink(t) {
  const label = t.my_turn ? "Play" : t.status === "finished" ? "Result" : t.invited_seat !== undefined ? "Join the rematch" : "Open";
  return h("a", { class: "button" + (t.my_turn ? " primary" : ""), href: `/t/${t.table}`, text: label });
}

function myTablesCard(mine, games) {
  const list = h("ul", { class: "table-list", "aria-label": "My tables" });
  for (const t of mine) list.append(tableRow(t, games, [myTableLink(t)]));
  return h("section", { class: "card" }, [
    h("h2", { text: "My tables" }),
    mine.length ? list : h("p", { class: "empty", text: "No tables yet: create one." }),
  ]);
}

function openTablesCard(open, games, mine = []) {
  const list = h("ul", { class: "table-list", "aria-label": "Open tables" });
  const myTables = new Map(mine.map((t) => [t.table, t]));
  for (const t of open) {
    // A table I sit at reads as mine here too: the way in of "My tables", never Join or Watch.
    const my = myTables.get(t.table);
    if (my) {
      list.append(tableRow({ ...t, my_turn: my.my_turn }, games, [myTableLink(my)], "your table"));
      continue;
    }
    const actions = [];
    const free = (t.seats || []).find((s) => s.type === "human" && !s.taken && (!s.reserved || s.reserved_for === session.user?.id));
    if (t.status === "open" && free && session.user) {
      actions.push(h("button", {
        type: "button", class: "primary", text: "Join",
        onClick: async () => {
          try {
            const joined = await post(`/api/tables/${encodeURIComponent(t.table)}/join`, { seat: free.seat });
            rememberSeat(t.table, joined.seat, joined.token);
            navigate(`/t/${encodeURIComponent(t.table)}`);
          } catch (err) {
            showError(err);
          }
        },
      }));
    }
    actions.push(h("a", { class: "button", href: `/t/${t.table}?watch=1`, text: "Watch" }));
    list.append(tableRow(t, games, actions));
  }
  return h("section", { class: "card" }, [
    h("h2", { text: "Tables in the hall" }),
    open.length ? list : h("p", { class: "empty", text: "No open tables right now." }),
  ]);
}


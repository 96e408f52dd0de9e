// A player's page (ratings with a small chart, personal bests, recent games, games played) and a
// game's leaderboard. Both read what the server stored when tables finished: nothing is replayed.

import { get } from "./api.js";
import { h, svg } from "./dom.js";
import { playerHref } from "./seats.js";

// What a rating is, in players' words (it is OpenSkill's mu − 3 sigma: cautious while sigma is large).
const RATING_WORDS = "A rating starts at 0, rises with good results and falls with poor ones; "
  + "it stays cautious while a player has played few rated games.";

/** A rating as the hall prints it everywhere (player page, leaderboard, lobby's bot levels): one
 * decimal and a true minus sign, "2.4" beside "\u22122.8" (the server rounds to two). */
export function ratingText(rating) {
  const text = Math.abs(rating).toFixed(1);
  return rating < 0 && text !== "0.0" ? `\u2212${text}` : text;
}

const CHART_W = 320;
const CHART_H = 96;
const PAD = 6;

function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

function place(rank, players) {
  if (players === 1) return rank === 1 ? "won" : "lost";
  const suffix = rank === 1 ? "st" : rank === 2 ? "nd" : rank === 3 ? "rd" : "th";
  return `${rank}${suffix} of ${players}`;
}

/** The rating after each rated game, as a line from the starting rating 0 (a dot per game, the
 * newest labelled). */
export function ratingChart(history, label) {
  const points = [{ rating: 0, created: null }, ...history];
  const box = svg("svg", {
    class: "rating-chart", viewBox: `0 0 ${CHART_W} ${CHART_H}`, role: "img",
    "aria-label": `${label}: rating over ${history.length} rated game${history.length === 1 ? "" : "s"}`,
  });
  const values = points.map((p) => p.rating);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1) {
    lo -= 0.5;
    hi += 0.5;
  }
  const x = (i) => PAD + (i * (CHART_W - 2 * PAD - 40)) / (points.length - 1);
  const y = (v) => CHART_H - PAD - ((v - lo) * (CHART_H - 2 * PAD)) / (hi - lo);
  box.append(svg("line", { x1: PAD, x2: CHART_W - PAD, y1: y(lo), y2: y(lo), class: "axis" }));
  box.append(svg("polyline", { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), class: "line" }));
  points.forEach((p, i) => {
    if (p.created === null) return; // the start is the line's first end, not a game
    const dot = svg("circle", { cx: x(i), cy: y(p.rating), r: 3, class: "dot" });
    dot.append(svg("title", { text: `${when(p.created)}: ${ratingText(p.rating)}` }));
    box.append(dot);
  });
  const last = points[points.length - 1];
  box.append(svg("text", { x: x(points.length - 1) + 6, y: y(last.rating) + 4, class: "label", text: ratingText(last.rating) }));
  return box;
}

/** A stored score as its game says it: a board module may export `resultScoreText(score)`
 * (Toy Battle: "3 medals", its stored score counting a win as 100 more); else the number. */
async function scoreTexts(games) {
  const out = new Map();
  for (const game of new Set(games)) {
    if (!/^[a-z0-9_]+$/.test(game)) continue;
    try {
      const mod = await import(`../games/${game}.js`);
      if (typeof mod.resultScoreText === "function") out.set(game, mod.resultScoreText);
    } catch {
      // no board module: the number
    }
  }
  return (g) => (out.has(g.game) ? out.get(g.game)(g.score) : String(g.score));
}

export async function showPlayer(app, name) {
  const page = await get(`/api/players/${encodeURIComponent(name)}`);
  const scoreText = await scoreTexts(page.recent.map((g) => g.game));
  const root = h("div", { class: "player-page" });
  app.append(root);
  const kind = page.bot ? "A bot of the hall: every level is rated for each game it plays." : page.guest ? "Guest" : `@${page.username}`;
  root.append(h("header", { class: "table-head" }, [h("h1", { text: page.name }), h("p", { class: "hint", text: kind })]));

  const ratings = h("section", { class: "card", "aria-label": "Ratings" }, [h("h2", { text: "Ratings" })]);
  if (!page.ratings.length) ratings.append(h("p", { class: "empty", text: "No rated game yet." }));
  for (const r of page.ratings) {
    ratings.append(h("div", { class: "rating-block", "data-game": r.game }, [
      h("h3", {}, [
        h("a", { href: `/games/${encodeURIComponent(r.game)}/leaderboard`, text: r.game_name }),
        h("span", { class: "rating-value", "data-testid": `rating-${r.game}`, text: ` ${ratingText(r.rating)}` }),
        h("span", { class: "hint", text: ` · ${r.games} rated game${r.games === 1 ? "" : "s"}` }),
      ]),
      ratingChart(r.history, r.game_name),
    ]));
  }
  ratings.append(h("p", { class: "hint", text: RATING_WORDS }));

  const bests = page.bests.length ? h("section", { class: "card", "aria-label": "Personal bests" }, [
    h("h2", { text: "Personal bests (solo)" }),
    h("ul", { class: "plain-list" }, page.bests.map((b) => h("li", {}, [
      h("strong", { text: b.game_name }), ` ${b.won ? "won" : "not won"}, score ${b.score} · `,
      h("a", { href: `/t/${encodeURIComponent(b.table)}`, text: "replay" }),
    ]))),
  ]) : null;

  const recent = h("section", { class: "card", "aria-label": "Recent games" }, [h("h2", { text: "Recent games" })]);
  if (!page.recent.length) recent.append(h("p", { class: "empty", text: "No finished game yet." }));
  else {
    recent.append(h("table", { class: "result-table recent-games" }, [
      h("thead", {}, h("tr", {}, ["Game", "Result", "Score", "Rating", ""].map((t) => h("th", { text: t })))),
      h("tbody", {}, page.recent.map((g) => h("tr", { class: g.won ? "winner" : "" }, [
        h("td", {}, [h("div", { text: g.game_name }), h("small", { class: "hint", text: when(g.created) })]),
        h("td", { text: place(g.rank, g.players) + (g.forfeit ? " (a bot played on)" : "") }),
        h("td", { text: scoreText(g) }),
        h("td", { text: g.rating === null ? (g.players === 1 ? "solo" : "friendly") : ratingText(g.rating) }),
        h("td", {}, h("a", { href: g.replay, text: "Replay" })),
      ]))),
    ]));
  }

  const played = h("section", { class: "card", "aria-label": "Games played" }, [
    h("h2", { text: "Games played" }),
    page.played.length ? h("ul", { class: "plain-list" }, page.played.map((p) => h("li", {}, [
      h("a", { href: `/games/${encodeURIComponent(p.game)}/leaderboard`, text: p.game_name }), ` · ${p.tables}`,
    ]))) : h("p", { class: "empty", text: "None yet." }),
  ]);
  root.append(h("div", { class: "player-cards" }, [ratings, bests, recent, played]), h("p", {}, h("a", { href: "/", text: "Back to the lobby" })));
  return { destroy: () => {} };
}

/** "bot" beside a bot's name, unless the name says it already ("search 3 bot"). */
function botBadge(p) {
  return p.bot && !/\bbot$/i.test(p.name) ? h("span", { class: "badge", text: "bot" }) : null;
}

export async function showLeaderboard(app, gameId) {
  const board = await get(`/api/games/${encodeURIComponent(gameId)}/leaderboard`);
  const root = h("section", { class: "card leaderboard", "aria-label": `${board.game_name} leaderboard` });
  app.append(root);
  root.append(h("h1", { text: `${board.game_name}: leaderboard` }));
  if (!board.players.length) root.append(h("p", { class: "empty", text: `No rated game of ${board.game_name} has finished yet.` }));
  else {
    root.append(h("table", { class: "result-table" }, [
      h("thead", {}, h("tr", {}, ["#", "Player", "Rating", "Games"].map((t) => h("th", { text: t })))),
      h("tbody", {}, board.players.map((p) => h("tr", {}, [
        h("td", { text: String(p.place) }),
        h("td", {}, [h("a", { class: "player-link", href: playerHref(p.player), text: p.name }), botBadge(p)]),
        // (the tooltip in players' words, not the statistics' mu and sigma)
        h("td", { text: ratingText(p.rating), title: `Skill about ${p.mu.toFixed(1)}, give or take ${p.sigma.toFixed(1)}: `
          + "the rating is the skill less three times that, cautious while it is unsure" }),
        h("td", { text: String(p.games) }),
      ]))),
    ]));
  }
  root.append(h("p", { class: "hint", text: `Ranked by rating, updated when each rated game ends. ${RATING_WORDS}` }));
  root.append(h("p", {}, h("a", { href: "/", text: "Back to the lobby" })));
  return { destroy: () => {} };
}

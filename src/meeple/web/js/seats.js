// Seat colours and names, shared by panels, boards and the log.

import { StandIn } from "./protocol.js";
import { h } from "./dom.js";

// Why a bot plays my seat, in words, for each of the server's reasons.
const STAND_IN_WORDS = {
  [StandIn.TIMEOUT]: "Your time ran out",
  [StandIn.LEFT]: "You left the table",
};

/** The stand-in banner's opening words for a seat's `reason` (protocol.StandIn). */
export function standInWhy(reason) {
  return STAND_IN_WORDS[reason] || "You were away";
}

export const SEAT_COLOURS = ["#c8412f", "#2d6cb5", "#2f8a4c", "#c98a00", "#7a4fb0", "#1b8a8a"];
export const SEAT_COLOUR_NAMES = ["red", "blue", "green", "amber", "purple", "teal"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

function baseName(s, seat) {
  if (s && s.name) return s.name;
  if (s && s.type === "bot") return `Bot (${s.level})`;
  return `Seat ${seat + 1}`;
}

/** The seat's name; two seats with the same name (two greedy bots) get their seat number added. */
export function seatName(table, seat) {
  const seats = table && table.seats ? table.seats : [];
  const s = seats.find((x) => x.seat === seat);
  const name = baseName(s, seat);
  const twins = seats.filter((x) => baseName(x, x.seat) === name).length;
  return twins > 1 ? `${name} ${seat + 1}` : name;
}

/** A player's page: the address for a seat's `player` (a user id, or bot:<level>). */
export function playerHref(player) {
  return `/players/${encodeURIComponent(player)}`;
}

/** A seat's name as a link to its player's page (plain text for a seat nobody holds). */
export function playerLink(table, seat, text) {
  const seats = table && table.seats ? table.seats : [];
  const s = seats.find((x) => x.seat === seat);
  const name = text || seatName(table, seat);
  if (!s || !s.player) return h("span", { text: name });
  return h("a", { class: "player-link", href: playerHref(s.player), text: name, title: `${name}: ratings and games` });
}

/** The engine's log and tie-breaks say "Seat 2"; players see names, as on the panels. */
export function withNames(table, text) {
  return String(text).replace(/\b[Ss]eat (\d+)\b/g, (all, n) => seatName(table, Number(n) - 1));
}

// What a seat's panel says when a bot plays on for its player, for each of the server's reasons.
const PLAYS_ON_WORDS = {
  [StandIn.TIMEOUT]: "clock ran out: a bot plays on",
  [StandIn.LEFT]: "left: a bot plays on",
};

/** A panel badge in words: a bot's level when its name does not say it, or that a bot plays on for a player. */
export function seatBadge(table, seat) {
  const s = table && table.seats ? table.seats.find((x) => x.seat === seat) : null;
  if (!s) return null;
  if (s.type === "human" && s.bot_playing) {
    const words = PLAYS_ON_WORDS[s.reason] || "a bot plays on";
    return table.status === "finished" ? words.replace("plays on", "played on") : words;
  }
  if (s.type === "bot" && !seatName(table, seat).includes(s.level)) return `bot (${s.level})`;
  return null;
}

// Seat tokens survive a reload: kept per table in localStorage.
const KEY = "meeple.seats";

function all() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export function rememberSeat(tableId, seat, token) {
  const seats = all();
  seats[tableId] = { seat, token };
  localStorage.setItem(KEY, JSON.stringify(seats));
}

export function rememberedSeat(tableId) {
  return all()[tableId] || null;
}

export function forgetSeat(tableId) {
  const seats = all();
  delete seats[tableId];
  localStorage.setItem(KEY, JSON.stringify(seats));
}

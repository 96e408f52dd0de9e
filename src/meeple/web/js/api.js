// The HTTP API (docs/api.md): JSON in and out; failures become ApiError with words for a player.

import { clearErrors } from "./toast.js";

export class ApiError extends Error {
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const tokens = new Map(); // table id -> seat token, set by the table view

export function setSeatToken(tableId, token) {
  if (token) tokens.set(tableId, token);
  else tokens.delete(tableId);
}

export function seatToken(tableId) {
  return tokens.get(tableId) || null;
}

function plainStatus(status) {
  if (status === 401) return "Please sign in (or play as a guest) first.";
  if (status === 403) return "You may not do that at this table.";
  if (status === 404) return "That was not found: the table or page may have gone.";
  if (status === 409) return "The table moved on meanwhile; the board has been brought up to date.";
  if (status >= 500) return "The server had a problem. Please try again in a moment.";
  return `The server said no (${status}).`;
}

export async function api(method, path, body, tableId) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = tableId ? seatToken(tableId) : null;
  if (token) headers["X-Seat-Token"] = token;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError("Cannot reach the server. Check your connection; we keep trying.", 0, "offline");
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message = data && typeof data.error === "string" ? data.error
      : data && typeof data.detail === "string" ? data.detail
      : plainStatus(response.status);
    throw new ApiError(message, response.status, data && data.code);
  }
  if (method !== "GET") clearErrors(); // an action went through: earlier errors no longer apply
  return data;
}

export const get = (path, tableId) => api("GET", path, undefined, tableId);
export const post = (path, body, tableId) => api("POST", path, body ?? {}, tableId);

let gamesListed = null; // GET /api/games, fetched once a page

/** One game's entry of GET /api/games (null if the hall does not list it). */
export async function gameInfo(id) {
  if (!gamesListed) gamesListed = await get("/api/games").catch(() => []);
  return gamesListed.find((g) => g.id === id) || null;
}

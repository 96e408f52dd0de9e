// Finds a game's board module (games/<id>.js); games without one get the generic board.

import { createBoard as createGeneric } from "./generic.js";

const known = new Map();
const modules = new Map();

/** The board module of `gameId` (games/<id>.js), or null when the game has none: imported once. */
function boardModule(gameId) {
  if (!/^[a-z0-9_-]+$/.test(gameId)) return Promise.resolve(null);
  if (!modules.has(gameId)) modules.set(gameId, import(`./${gameId}.js`).catch(() => null));
  return modules.get(gameId);
}

/** A board for `gameId` mounted in `root`: {update(state), destroy()}. */
export async function loadBoard(gameId, root, ctx) {
  if (!known.has(gameId)) {
    const mod = await boardModule(gameId); // null: no board module for this game yet
    known.set(gameId, mod && typeof mod.createBoard === "function" ? mod.createBoard : createGeneric);
  }
  root.classList.add(`board-${gameId}`);
  return known.get(gameId)(root, ctx);
}

/** The rules page's pictures of the pieces: the board module's `figures` ({name: () => Element}), or {}. */
export async function loadFigures(gameId) {
  const mod = await boardModule(gameId);
  return mod && mod.figures && typeof mod.figures === "object" ? mod.figures : {};
}

// Finds a game's board module (games/<id>.js); games without one get the generic board.

import { createBoard as createGeneric } from "./generic.js";

const known = new Map();

/** A board for `gameId` mounted in `root`: {update(state), destroy()}. */
export async function loadBoard(gameId, root, ctx) {
  if (!known.has(gameId)) {
    let factory = createGeneric;
    if (/^[a-z0-9_-]+$/.test(gameId)) {
      try {
        const mod = await import(`./${gameId}.js`);
        if (typeof mod.createBoard === "function") factory = mod.createBoard;
      } catch {
        factory = createGeneric; // no board module for this game yet
      }
    }
    known.set(gameId, factory);
  }
  root.classList.add(`board-${gameId}`);
  return known.get(gameId)(root, ctx);
}

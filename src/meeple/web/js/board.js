// The object every board module's createBoard returns (docs/web.md, "The game-renderer interface"),
// for the boards that draw each state whole.

import { clear } from "./dom.js";

/** `draw(state)` on each update, `root` emptied on destroy; `extra` adds optional members (scoreWords). */
export function boardOf(root, draw, extra = {}) {
  return { ...extra, update: draw, destroy: () => clear(root) };
}

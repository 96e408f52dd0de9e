// The acting area in view on my turn. Each board marks what a player acts on now with
// `data-acting="<what>"` (Wizard's hand while predicting, Letters Home's corkboard, Vent
// Life's Rotate bar...); when my turn begins, or the marked area changes within it, the
// table scrolls it into view above the fixed status bar. A board that marks nothing gets
// its first enabled control's section. A board may mark more parts that go with the area
// (`data-acting-also`: Assyria's Assur tokens under its action tokens): they come into view
// with it. After a move of mine within the turn (a ziggurat built on Assyria's map, the
// action tokens far below) the area comes back into view when it is out of it, unless it
// is taller than the window and partly in view (the player is at work within it).

const MARGIN = 8;

/** The element a player acts on now inside `host`, or null. */
export function actingElement(host) {
  const marked = [...host.querySelectorAll("[data-acting]")].find((el) => el.getClientRects().length);
  if (marked) return marked;
  const control = [...host.querySelectorAll("button:not([disabled]), [role=button][tabindex='0'], select, input")]
    .find((el) => el.getClientRects().length);
  return control ? control.closest("section") || control : null;
}

/** `el` with the parts marked to go with it, as one box (for bringIntoView). */
function withAlso(host, el) {
  const parts = [el, ...[...host.querySelectorAll("[data-acting-also]")].filter((e) => e.getClientRects().length)];
  return { getBoundingClientRect: () => {
    const rects = parts.map((e) => e.getBoundingClientRect());
    const top = Math.min(...rects.map((r) => r.top));
    const bottom = Math.max(...rects.map((r) => r.bottom));
    return { top, bottom, height: bottom - top };
  } };
}

/** Whether the area should come back into view after a move: wholly out of view, or partly when it fits. */
function lost(area, bar) {
  const r = area.getBoundingClientRect();
  const floor = bar && bar.getClientRects().length ? bar.getBoundingClientRect().top : window.innerHeight;
  if (r.bottom <= 0 || r.top >= floor) return true;
  return (r.top < 0 || r.bottom > floor) && r.height <= floor - 2 * MARGIN;
}

/** Scroll so `el` sits between the top of the window and the status bar (its top first when it is too tall). */
export function bringIntoView(el, bar) {
  const r = el.getBoundingClientRect();
  const floor = bar && bar.getClientRects().length ? bar.getBoundingClientRect().top : window.innerHeight;
  if (r.top >= 0 && r.bottom <= floor) return;
  const room = floor - 2 * MARGIN;
  const dy = r.height > room || r.top < 0 ? r.top - MARGIN : r.bottom - floor + MARGIN;
  window.scrollBy({ top: dy, left: 0, behavior: "instant" });
}

/** Tracks the turn: call `update(myTurn, position)` after each drawing of the board, `position` naming the
 *  position drawn (a move made changes it; a move only selected does not), and `moving(position)` as a move
 *  of mine goes out (others' moves, in a game where all act at once, bring nothing back into view). */
export function actingFocus(host, bar) {
  let shown = null; // the data-acting value brought into view during this turn
  let from = null; // the position a move of mine was made from, until a drawing of another one
  let later = 0; // second passes still to come
  // The bar's data-acting-in-view: the area brought into view on my turn, once no scroll of it is still to come
  // (set after each drawing's check; tests wait for it). On the bar, not the board: the board's own changes
  // are counted by tests that check it is not redrawn.
  const mark = bar || host;
  const done = () => { if (shown !== null && !later) mark.dataset.actingInView = shown; };
  return {
    moving(position) {
      from = position;
    },
    update(myTurn, position = null) {
      delete mark.dataset.actingInView;
      const moved = from !== null && position !== from;
      if (moved) from = null;
      if (!myTurn) {
        shown = null;
        return;
      }
      // After layout, so the board's new drawing has its size.
      requestAnimationFrame(() => {
        const el = actingElement(host);
        if (!el) return;
        const area = withAlso(host, el);
        const what = el.dataset.acting || "control";
        if (what === shown && !(moved && lost(area, bar))) return done();
        shown = what;
        bringIntoView(area, bar);
        // Once more a moment later: a board may still grow as it settles (a field fitted to its box).
        later += 1;
        setTimeout(() => {
          later -= 1;
          if (el.isConnected) bringIntoView(area, bar);
          done();
        }, 250);
      });
    },
  };
}

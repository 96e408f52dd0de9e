// The acting area in view on my turn. Each board marks what a player acts on now with
// `data-acting="<what>"` (Wizard's hand while predicting, Letters Home's corkboard, Vent
// Life's Rotate bar...); when my turn begins, or the marked area changes within it, the
// table scrolls it into view above the fixed status bar. A board that marks nothing gets
// its first enabled control's section.

const MARGIN = 8;

/** The element a player acts on now inside `host`, or null. */
export function actingElement(host) {
  const marked = [...host.querySelectorAll("[data-acting]")].find((el) => el.getClientRects().length);
  if (marked) return marked;
  const control = [...host.querySelectorAll("button:not([disabled]), [role=button][tabindex='0'], select, input")]
    .find((el) => el.getClientRects().length);
  return control ? control.closest("section") || control : null;
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

/** Tracks the turn: call `update(myTurn)` after each drawing of the board. */
export function actingFocus(host, bar) {
  let shown = null; // the data-acting value brought into view during this turn
  let later = 0; // second passes still to come
  // The bar's data-acting-in-view: the area brought into view on my turn, once no scroll of it is still to come
  // (set after each drawing's check; tests wait for it). On the bar, not the board: the board's own changes
  // are counted by tests that check it is not redrawn.
  const mark = bar || host;
  const done = () => { if (shown !== null && !later) mark.dataset.actingInView = shown; };
  return {
    update(myTurn) {
      delete mark.dataset.actingInView;
      if (!myTurn) {
        shown = null;
        return;
      }
      // After layout, so the board's new drawing has its size.
      requestAnimationFrame(() => {
        const el = actingElement(host);
        if (!el) return;
        const what = el.dataset.acting || "control";
        if (what === shown) return done();
        shown = what;
        bringIntoView(el, bar);
        // Once more a moment later: a board may still grow as it settles (a field fitted to its box).
        later += 1;
        setTimeout(() => {
          later -= 1;
          if (el.isConnected) bringIntoView(el, bar);
          done();
        }, 250);
      });
    },
  };
}

// Player panels: colour, name, score, each score-sheet row as "count (points)"
// with its detail on hover, the clock, and the preview "+N" of a selected move.

import { h, clear, signed } from "./dom.js";
import { attach } from "./tooltip.js";
import { icon, rowIcon } from "./icons.js";

/** Differences between two lists of sheets: {seat: {total, rows: {key: delta}}}. */
export function sheetDeltas(before, after) {
  const out = {};
  for (const next of after || []) {
    const prev = (before || []).find((s) => s.seat === next.seat);
    if (!prev) continue;
    const rows = {};
    for (const row of next.rows) {
      const old = prev.rows.find((r) => r.key === row.key);
      const d = row.points - (old ? old.points : 0);
      if (d || (old && old.count !== row.count)) rows[row.key] = { points: d, count: row.count - (old ? old.count : 0) };
    }
    out[next.seat] = { total: next.total - prev.total, rows };
  }
  return out;
}

/** A seat's clock in words: "4:32" in real time, "13 h left" turn-based; null when there is none. */
export function clockText(clock, now) {
  if (!clock || clock.remaining_s === null || clock.remaining_s === undefined) return null;
  const elapsed = clock.running ? (now - clock.receivedAt) / 1000 : 0;
  const left = Math.max(0, clock.remaining_s - elapsed);
  if (clock.mode === "turn_based") {
    if (left <= 0) return "time is up";
    const hours = Math.floor(left / 3600);
    return hours >= 1 ? `${hours} h left` : `${Math.ceil(left / 60)} min left`;
  }
  const s = Math.ceil(left);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// Seat roles a game's view names (a seat number under the key): a badge on that seat's panel.
const SEAT_MARKS = {
  first_player: { text: "First player", title: "Plays first each round" },
};

/** The badges of each seat from the engine's view: {seat: [{key, text, title}]}. */
export function seatMarks(view) {
  const out = {};
  for (const [key, mark] of Object.entries(SEAT_MARKS)) {
    const seat = view ? view[key] : undefined;
    if (typeof seat === "number") (out[seat] = out[seat] || []).push({ key, ...mark });
  }
  return out;
}

/**
 * Render the panels into `root`.
 * info: {seats: [{seat, name, colour, level, playsOn, isMe, player}], sheets, toMove: [seats], deltas, clocks: {seat: clock},
 *   marks: {seat: [{key, text, title}]}, words: the board's scoreWords or none ({total(sheet), row(row)}, each optional: a score
 *   in the game's own words, e.g. Toy Battle's medals)}
 */
export function renderPanels(root, info) {
  clear(root);
  const now = Date.now();
  for (const seat of info.seats) {
    const sheet = (info.sheets || []).find((s) => s.seat === seat.seat);
    const delta = info.deltas ? info.deltas[seat.seat] : null;
    const moving = info.toMove.includes(seat.seat);
    const words = info.words;
    const totalText = sheet ? (words && words.total ? words.total(sheet) : String(sheet.total)) : "–";
    const total = h("span", { class: "panel-score", "data-testid": `score-${seat.seat}`, text: totalText });
    const preview = delta && delta.total
      ? h("span", { class: `preview ${delta.total > 0 ? "up" : "down"}`, "data-testid": `preview-${seat.seat}`, text: signed(delta.total) })
      : null;
    const clock = info.clocks ? info.clocks[seat.seat] : null;
    const clockLabel = clockText(clock, now);
    const rows = h("ul", { class: "rows" });
    for (const row of sheet ? sheet.rows : []) {
      const d = delta && delta.rows[row.key];
      const pic = rowIcon(row.key); // a row that counts a piece shows its picture (icons.js)
      const li = h("li", { class: "row-line", tabindex: 0, "data-key": row.key }, [
        pic ? icon(pic, { size: 14, cls: "row-icon" }) : null,
        h("span", { class: "row-label", text: row.label }),
        // The value and its "+N" in one group, so the badge wraps with its value, never alone on a line.
        h("span", { class: "row-end" }, [
          h("span", { class: "row-value", text: (words && words.row(row)) || `${row.count} (${row.points})` }),
          d && d.points ? h("span", { class: `preview small ${d.points > 0 ? "up" : "down"}`, text: signed(d.points) }) : null,
        ]),
      ]);
      attach(li, () => row.detail || `${row.label}: ${row.count}, ${row.points} points`);
      rows.append(li);
    }
    const panel = h("section", {
      class: `panel${moving ? " moving" : ""}${seat.isMe ? " me" : ""}`,
      style: `--seat:${seat.colour}`,
      "data-seat": seat.seat,
      "aria-label": `${seat.name}: ${sheet ? (words && words.total ? totalText : `${sheet.total} points`) : "0 points"}${moving ? ", to move" : ""}`,
    }, [
      h("header", { class: "panel-head" }, [
        h("span", { class: "dot", "aria-hidden": "true" }),
        seat.player
          ? h("a", { class: "panel-name player-link", href: `/players/${encodeURIComponent(seat.player)}`,
            title: `${seat.name}: ratings and games`, text: seat.name + (seat.isMe ? " (you)" : "") })
          : h("span", { class: "panel-name", text: seat.name + (seat.isMe ? " (you)" : "") }),
        seat.level ? h("span", { class: `badge${seat.playsOn ? " plays-on" : ""}`, text: seat.level }) : null,
        ...(info.marks && info.marks[seat.seat] ? info.marks[seat.seat] : []).map((m) => h("span", {
          class: "seat-mark", "data-mark": m.key, title: m.title, text: m.text })),
        moving ? h("span", { class: "turn-mark", title: "to move", text: "\u25B6" }) : null,
        clockLabel ? h("span", { class: `clock${clock.running ? " running" : ""}`, "data-testid": `clock-${seat.seat}`, text: clockLabel }) : null,
        total,
        preview,
      ]),
      rows,
      sheet && sheet.hidden ? h("p", { class: "hint", text: "Some rows are hidden until the end." }) : null,
    ]);
    root.append(panel);
  }
  // Three seats or more: on a phone the panels sit two by two, their rows folded behind one switch
  // for all seats (meeple.css), so every seat's name, score, turn and clock show without scrolling.
  const compact = info.seats.length >= 3;
  root.classList.toggle("compact", compact);
  if (compact) {
    const open = root.classList.contains("rows-open");
    root.append(h("button", {
      type: "button", class: "quiet rows-toggle", "aria-expanded": String(open), "data-testid": "rows-toggle",
      text: open ? "Hide the score rows" : "Show the score rows",
      onClick: () => {
        const now = !root.classList.contains("rows-open");
        root.classList.toggle("rows-open", now);
        const button = root.querySelector(".rows-toggle");
        button.setAttribute("aria-expanded", String(now));
        button.textContent = now ? "Hide the score rows" : "Show the score rows";
      },
    }));
  }
}

// The result screen's small chart: each seat's score along the game. A game whose log
// scores round by round ("Round 3 scores: seat 1 +30, seat 2 -10.", "Hand 2 scores: ...")
// is drawn per round from the replay's log; any other game from the score sheets of a few
// replay steps spread over the game. SVG drawn here, no library.

import { get } from "./api.js";
import { h, svg, clear } from "./dom.js";

const W = 560;
const H = 220;
const PAD = { left: 40, right: 12, top: 12, bottom: 30 };
const SAMPLES = 12;
const DASHES = [null, "8 4", "2 3", "10 3 2 3", "4 4", "1 5"]; // replay steps read for a game without per-round scores

const ROUND_LINE = /^(Round|Hand) (\d+) scores?: (.*)$/i;
const SEAT_POINTS = /seat (\d+) ([+\u2212-]?\d+)/gi;
// A bonus given when a round of hands ends (Ninety-Nine: "Round 1 ends: seat 1 130 +20 bonus, seat 2 5."),
// counted into the hand just drawn: without it the line ended below the final scores (358 for 408).
const ROUND_END = /^Round \d+ ends: (.*)$/i;
const SEAT_BONUS = /seat (\d+) [+\u2212-]?\d+ \+(\d+) bonus/gi;

/** Per-round totals from the replay's log lines: {unit, labels, series[seat][i]} or null. */
export function roundSeries(moves, seats) {
  const totals = Array(seats).fill(0);
  const series = Array.from({ length: seats }, () => [0]);
  const labels = ["0"];
  let unit = null;
  for (const move of moves) {
    for (const entry of move.log || []) {
      const end = unit && ROUND_END.exec(entry.text);
      if (end) {
        for (const b of end[1].matchAll(SEAT_BONUS)) {
          const seat = Number(b[1]) - 1;
          if (seat < 0 || seat >= seats) continue;
          totals[seat] += Number(b[2]);
          series[seat][series[seat].length - 1] = totals[seat];
        }
        continue;
      }
      const m = ROUND_LINE.exec(entry.text);
      if (!m) continue;
      unit = unit || m[1].toLowerCase();
      for (const p of m[3].matchAll(SEAT_POINTS)) {
        const seat = Number(p[1]) - 1;
        if (seat >= 0 && seat < seats) totals[seat] += Number(p[2].replace("\u2212", "-"));
      }
      labels.push(m[2]);
      totals.forEach((t, s) => series[s].push(t));
    }
  }
  return unit ? { unit, labels, series } : null;
}

async function sampledSeries(base, tableId, moves, seats, value) {
  const n = moves.length;
  const steps = [...new Set(Array.from({ length: Math.min(n, SAMPLES) + 1 }, (_, i) => Math.round((i * n) / Math.min(n, SAMPLES) || 0)))];
  const bodies = await Promise.all(steps.map((k) => get(`${base}/replay/${k}`, tableId)));
  const series = Array.from({ length: seats }, () => []);
  for (const body of bodies) {
    const bySeat = new Map((body.sheets || []).map((sh) => [sh.seat, value(sh)]));
    for (let s = 0; s < seats; s += 1) series[s].push(bySeat.get(s) ?? 0);
  }
  return { unit: "move", labels: steps.map(String), series };
}

/** The chart as SVG: one line per seat, a dot per point with its value as a tooltip. */
export function drawChart({ unit, labels, series, title: named, axis }, seatName, seatColour) {
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all) > lo ? Math.max(0, ...all) : lo + 1;
  const n = labels.length;
  const x = (i) => PAD.left + (n > 1 ? (i * (W - PAD.left - PAD.right)) / (n - 1) : 0);
  const y = (v) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const title = named || (unit === "move" ? "Score along the game (after each share of the moves)" : `Score after each ${unit}`);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, "data-points": n }, [
    svg("line", { x1: PAD.left, y1: y(0), x2: W - PAD.right, y2: y(0), stroke: "#999", "stroke-width": 1 }),
    svg("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: H - PAD.bottom, stroke: "#999", "stroke-width": 1 }),
    hi > 0 ? svg("text", { x: PAD.left - 6, y: y(hi) + 4, "text-anchor": "end", "font-size": 11, fill: "#555", text: String(hi) }) : null,
    lo < 0 ? svg("text", { x: PAD.left - 6, y: y(lo) + 4, "text-anchor": "end", "font-size": 11, fill: "#555", text: String(lo) }) : null,
    svg("text", { x: PAD.left - 6, y: y(0) + 4, "text-anchor": "end", "font-size": 11, fill: "#555", text: "0" }),
    svg("text", { x: (W + PAD.left) / 2, y: H - 6, "text-anchor": "middle", "font-size": 12, fill: "#555",
      text: axis ? `${axis}s` : unit === "move" ? "moves" : `${unit}s` }),
  ]);
  const every = Math.ceil(n / 10);
  labels.forEach((label, i) => {
    if (i % every && i !== n - 1) return;
    chart.append(svg("text", { x: x(i), y: H - PAD.bottom + 14, "text-anchor": "middle", "font-size": 11, fill: "#555", text: label }));
  });
  series.forEach((points, seat) => {
    const colour = seatColour(seat);
    chart.append(svg("polyline", { points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      fill: "none", stroke: colour, "stroke-width": 2.5, "data-seat": seat, class: "score-line",
      // A dash of its own per seat, so equal scores stay visible and colour is not the only cue.
      "stroke-dasharray": DASHES[seat % DASHES.length] }));
    points.forEach((v, i) => chart.append(svg("circle", { cx: x(i), cy: y(v), r: 3, fill: colour }, [
      svg("title", { text: `${seatName(seat)}: ${v} after ${unit} ${labels[i]}` })])));
  });
  return chart;
}

/** The chart's box on the result screen; it fills itself once the replay has been read. `value(sheet)`:
 * the number a sheet counts (its total, or a board's own, e.g. Toy Battle's medals without the Victory row). */
export function scoreChart(base, tableId, seats, seatName, seatColour, value = (sheet) => sheet.total) {
  const box = h("figure", { class: "score-chart", "data-testid": "score-chart" }, [h("p", { class: "hint", text: "Drawing the scores…" })]);
  (async () => {
    const replay = await get(`${base}/replay`, tableId);
    const data = roundSeries(replay.moves, seats) || await sampledSeries(base, tableId, replay.moves, seats, value);
    clear(box).append(
      h("figcaption", { text: data.unit === "move" ? "Score along the game" : `Score after each ${data.unit}` }),
      drawChart(data, seatName, seatColour),
      h("ul", { class: "legend" }, data.series.map((_, s) => h("li", {}, [
        h("span", { class: "dot", style: `background:${seatColour(s)}` }), seatName(s)]))),
    );
    box.dataset.unit = data.unit;
  })().catch(() => clear(box).append(h("p", { class: "hint", text: "The score chart could not be drawn." })));
  return box;
}

// The result screen's small chart: each seat's score along the game. A game whose log
// scores round by round ("Round 3 scores: seat 1 +30, seat 2 -10.", "Hand 2 scores: ...")
// is drawn per round from the replay's log; any other game from the score sheets of a few
// replay steps spread over the game. SVG drawn here, no library.

import { get } from "./api.js";
import { h, svg, clear } from "./dom.js";

const W = 560;
const H = 238;
// (the bottom holds the moves' numbers and the axis's name under them at the size a phone gives them)
const PAD = { left: 40, right: 12, top: 12, bottom: 48 };
const SAMPLES = 12; // replay steps read for a game without per-round scores
const DASHES = [null, "8 4", "2 3", "10 3 2 3", "4 4", "1 5"];
// The words' size in chart units: 11 and 12 here, but meeple.css draws them 19 and 18 on a phone (the chart
// is shrunk to the screen). The numbers are laid out for the larger, a digit taken as 0.64 of it (DejaVu
// Sans's are 0.636; Segoe UI's and Roboto's 0.56): none overlaps another at any width.
const BIG = 19;
const DIGIT = 0.64 * BIG;
const GAP = 8;
const NICE = [1, 2, 5];
// Closer than this (in chart units) the points of a line are drawn without their dots: a dot every 6 units
// hid the line's dash, which tells the seats apart (the dots stay, unseen, for their tooltips).
const DOTS_APART = 9;

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

/** The x axis's numbers: [{text, x}], the first and the last point's always. Where the labels are numbers (moves,
 * rounds) those between are round ones (every 10th move, every 2nd round...), each where its number falls between
 * the points (a move without a point of its own: move 100 between the points of moves 99 and 102); else every k-th
 * label. None comes closer to the next than their widths at the phone's size allow. `x(i)`: the i-th point's place. */
export function xTicks(labels, x) {
  const n = labels.length;
  const half = (t) => (t.text.length * DIGIT) / 2;
  // (kept inside the chart, and clear of the numbers of the y axis at its left)
  const place = (t) => ({ ...t, x: Math.max(PAD.left - 4 + half(t), Math.min(W - half(t), t.x)) });
  const apart = (a, b) => Math.abs(b.x - a.x) >= half(a) + half(b) + GAP;
  const point = (i) => place({ text: String(labels[i]), x: x(i) });
  if (n <= 1) return n ? [point(0)] : [];
  const [first, last] = [point(0), point(n - 1)];
  if (!apart(first, last)) return [last];
  const nums = labels.map(Number);
  const numeric = nums.every((v, i) => Number.isInteger(v) && (i === 0 || v > nums[i - 1]));
  // The smallest step whose numbers all stand apart (those too near the first or the last are left out).
  for (let scale = 1; ; scale *= 10) {
    for (const nice of NICE) {
      const step = nice * scale;
      const marked = [];
      for (let i = 1; i < n; i += 1) {
        if (!numeric) {
          if (i % step === 0 && i < n - 1) marked.push(point(i));
          continue;
        }
        for (let m = Math.ceil((nums[i - 1] + 1) / step) * step; m <= nums[i] && m < nums[n - 1]; m += step) {
          marked.push(place({ text: String(m), x: x(i - 1) + ((m - nums[i - 1]) * (x(i) - x(i - 1))) / (nums[i] - nums[i - 1]) }));
        }
      }
      const chosen = [first];
      let even = true;
      for (const t of marked) {
        if (apart(chosen[chosen.length - 1], t)) chosen.push(t);
        else if (chosen.length > 1) even = false;
      }
      while (chosen.length > 1 && !apart(chosen[chosen.length - 1], last)) chosen.pop();
      if (even) return [...chosen, last];
    }
  }
}

/** Whether the chart of `n` points draws a dot on each (not where they crowd the line). */
function dotted(n) {
  return n <= 1 || (W - PAD.left - PAD.right) / (n - 1) >= DOTS_APART;
}

/** The chart as SVG: one line per seat, each with a dash of its own, a dot per point (unless they crowd) with
 * its value as a tooltip. `axis`: the x axis's name (default: the unit). */
export function drawChart({ unit, labels, series, title: named, axis }, seatName, seatColour) {
  const all = series.flat();
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all) > lo ? Math.max(0, ...all) : lo + 1;
  const n = labels.length;
  const x = (i) => PAD.left + (n > 1 ? (i * (W - PAD.left - PAD.right)) / (n - 1) : 0);
  const y = (v) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const title = named || (unit === "move" ? "Score along the game (after each share of the moves)" : `Score after each ${unit}`);
  // (an extreme of the review's expected results, "-18.11", is written "-18": at a phone's size it reached the screen's edge)
  const number = (v) => svg("text", { x: PAD.left - 8, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#555", class: "y-label",
    text: String(Math.abs(v) >= 10 ? Math.round(v) : +v.toFixed(1)) });
  // The extremes' numbers unless they would touch the 0's (a line more of the phone's size apart).
  const clear0 = (v) => Math.abs(y(v) - y(0)) >= 1.25 * BIG;
  const bottom = H - PAD.bottom;
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, "data-points": n }, [
    svg("line", { x1: PAD.left, y1: y(0), x2: W - PAD.right, y2: y(0), stroke: "#999", "stroke-width": 1 }),
    svg("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: bottom, stroke: "#999", "stroke-width": 1 }),
    hi > 0 && clear0(hi) ? number(hi) : null,
    lo < 0 && clear0(lo) ? number(lo) : null,
    number(0),
    // (placed in ems under the numbers, so that the phone's larger words stay apart as the desktop's)
    svg("text", { x: (W + PAD.left) / 2, y: bottom + 3, dy: "2.2em", "text-anchor": "middle", "font-size": 12, fill: "#555",
      class: "axis-name", text: axisName({ unit, axis }) }),
  ]);
  for (const tick of xTicks(labels, x)) {
    chart.append(svg("text", { x: tick.x, y: bottom + 3, dy: "0.95em", "text-anchor": "middle", "font-size": 11, fill: "#555",
      class: "x-label", text: tick.text }));
  }
  const dots = dotted(n);
  series.forEach((points, seat) => {
    const colour = seatColour(seat);
    chart.append(svg("polyline", { points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      fill: "none", stroke: colour, "stroke-width": 2.5, "data-seat": seat, class: "score-line",
      // A dash of its own per seat, so equal scores stay visible and colour is not the only cue.
      "stroke-dasharray": DASHES[seat % DASHES.length] }));
    points.forEach((v, i) => chart.append(svg("circle", { cx: x(i), cy: y(v), r: 3, fill: colour, "fill-opacity": dots ? null : 0 }, [
      svg("title", { text: `${seatName(seat)}: ${v} after ${unit} ${labels[i]}` })])));
  });
  return chart;
}

/** The x axis's name: "moves", "rounds". */
export function axisName({ unit, axis }) {
  return `${axis || unit}s`;
}

/** The chart's legend: each seat's name after a short piece of its line, drawn as the chart draws it (its
 * colour, its dash, and its dot where the chart's points have one). The piece is a picture (an SVG image), so
 * that the chart's figure holds one svg, the chart. */
export function chartLegend({ labels, series }, seatName, seatColour) {
  const dots = dotted(labels.length);
  const piece = (s) => {
    const dash = DASHES[s % DASHES.length];
    const drawn = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 10" width="36" height="10">`
      + `<line x1="1" y1="5" x2="35" y2="5" stroke="${seatColour(s)}" stroke-width="2.5"${dash ? ` stroke-dasharray="${dash}"` : ""}/>`
      + `${dots ? `<circle cx="18" cy="5" r="3" fill="${seatColour(s)}"/>` : ""}</svg>`;
    return h("img", { class: "legend-line", alt: "", src: `data:image/svg+xml,${encodeURIComponent(drawn)}` });
  };
  return h("ul", { class: "legend", "data-testid": "chart-legend" }, series.map((_, s) => h("li", { "data-seat": s }, [piece(s), seatName(s)])));
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
      chartLegend(data, seatName, seatColour),
    );
    box.dataset.unit = data.unit;
  })().catch(() => clear(box).append(h("p", { class: "hint", text: "The score chart could not be drawn." })));
  return box;
}

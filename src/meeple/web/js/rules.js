// A game's rules page for players ("/games/<id>/rules"): the game's how_to_play.md, rendered here.
// The Markdown is turned into elements with text nodes only (never innerHTML), so a page can
// hold any characters and none of them runs as script. Each "##" section folds; the first
// three (the goal, the set-up, a turn) start open.
//
// A line of its own "![Caption](figure:name)" is a picture of the pieces: the board module's
// `figures[name]()` (games/<id>.js), drawn by the board's own code, in a box of the board's class
// (board-<id>, as the table page's board host) so the board's CSS applies, role="img" and the caption
// as its name. Figures on lines next to each other (blank lines between allowed) sit in one row that
// wraps. A figure whose module or name is missing (or whose drawing fails) is left out.

import { get } from "./api.js";
import { h, clear } from "./dom.js";
import { loadFigures } from "../games/index.js";

const OPEN_SECTIONS = 3;

/** Inline Markdown: `code`, **bold**, *italic*, [links](https://...); images are left out. */
export function inline(text) {
  const out = [];
  const pattern = /(!?)\[([^\]]*)\]\(([^)\s]*)\)|`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[3] !== undefined) {
      if (m[1]) continue; // an image inside a line is left out: figures are lines of their own (blocks)
      // Only links that leave the hall are links; the docs' relative links point into the source tree.
      out.push(/^https?:\/\//.test(m[3])
        ? h("a", { href: m[3], target: "_blank", rel: "noopener noreferrer", text: m[2] })
        : m[2]);
    } else if (m[4] !== undefined) out.push(h("code", { text: m[4] }));
    else if (m[5] !== undefined) out.push(h("strong", { text: m[5] }));
    else out.push(h("em", { text: m[6] }));
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function cells(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

/** A figure line: [whole line, caption, name], or null. */
export const figureLine = (line) => line.match(/^\s*!\[([^\]]*)\]\(figure:([A-Za-z0-9_-]+)\)\s*$/);

/** One figure drawn by the game's board module, or null when it has no such figure. */
function figure(art, name, caption) {
  const draw = art && art.figures && Object.hasOwn(art.figures, name) ? art.figures[name] : null;
  if (typeof draw !== "function") return null;
  let piece;
  try {
    piece = draw();
  } catch (err) {
    console.warn(`rules: figure ${name} of ${art.game} failed`, err);
    return null;
  }
  if (!(piece instanceof Element)) return null;
  return h("figure", { class: "rules-figure", "data-figure": name }, [
    // (inert: a picture, so the board's focusable pieces and buttons in it take no focus or clicks)
    h("div", { class: `rules-figure-art board-${art.game}`, role: "img", "aria-label": caption }, [
      h("div", { class: "rules-figure-piece", inert: true }, [piece])]),
    h("figcaption", { text: caption }),
  ]);
}

const isTableRule = (line) => /^\s*\|?\s*:?-{2,}/.test(line) && line.includes("-");
const listItem = (line) => line.match(/^(\s*)(?:[-*]|(\d+)\.)\s+(.*)$/);

/** Block Markdown to elements: headings, paragraphs, lists, tables, fenced code, quotes, figures.
 * `art`: {game, figures} from the game's board module (no figures without it). */
export function blocks(markdown, art = null) {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i += 1;
    } else if (line.startsWith("```")) {
      const code = [];
      for (i += 1; i < lines.length && !lines[i].startsWith("```"); i += 1) code.push(lines[i]);
      i += 1;
      out.push(h("pre", {}, [h("code", { text: code.join("\n") })]));
    } else if (figureLine(line)) {
      const row = [];
      for (; i < lines.length && (figureLine(lines[i]) || !lines[i].trim()); i += 1) {
        const found = figureLine(lines[i]);
        if (found) row.push(figure(art, found[2], found[1].trim()));
      }
      const drawn = row.filter(Boolean);
      if (drawn.length) out.push(h("div", { class: "rules-figures" }, drawn));
    } else if (/^#{1,6}\s/.test(line)) {
      const level = line.match(/^#+/)[0].length;
      out.push(h(`h${Math.min(level + 1, 6)}`, {}, inline(line.replace(/^#+\s*/, ""))));
      i += 1;
    } else if (line.trim().startsWith("|") && i + 1 < lines.length && isTableRule(lines[i + 1])) {
      const head = cells(line);
      const rows = [];
      for (i += 2; i < lines.length && lines[i].trim().startsWith("|"); i += 1) rows.push(cells(lines[i]));
      out.push(h("div", { class: "rules-table" }, [h("table", {}, [
        h("thead", {}, [h("tr", {}, head.map((c) => h("th", { scope: "col" }, inline(c))))]),
        h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c)))))),
      ])]));
    } else if (listItem(line)) {
      // Items at the left margin; an indented item is a sub-item of the one above (one level), and
      // any other indented line continues the item (or sub-item) it follows.
      const ordered = listItem(line)[2] !== undefined;
      const start = ordered ? Number(listItem(line)[2]) : 1; // a list picked up again after a figure counts on
      const items = [];
      while (i < lines.length && lines[i].trim() && !figureLine(lines[i])) {
        const item = listItem(lines[i]);
        const last = items[items.length - 1];
        if (item && item[1].length < 2) items.push({ text: [item[3]], subs: [], subOrdered: false });
        else if (!last) break;
        else if (item) {
          last.subs.push([item[3]]);
          last.subOrdered = item[2] !== undefined;
        } else (last.subs.length ? last.subs[last.subs.length - 1] : last.text).push(lines[i].trim());
        i += 1;
      }
      out.push(h(ordered ? "ol" : "ul", { start: start !== 1 ? start : null }, items.map((it) => h("li", {}, [
        ...inline(it.text.join(" ")),
        ...(it.subs.length ? [h(it.subOrdered ? "ol" : "ul", {}, it.subs.map((sub) => h("li", {}, inline(sub.join(" ")))))] : []),
      ]))));
    } else if (line.startsWith(">")) {
      const quote = [];
      for (; i < lines.length && lines[i].startsWith(">"); i += 1) quote.push(lines[i].replace(/^>\s?/, ""));
      out.push(h("blockquote", {}, inline(quote.join(" "))));
    } else {
      const para = [line.trim()]; // the first line always, so a stray "|" or "#word" cannot stall the loop
      for (i += 1; i < lines.length && lines[i].trim() && !/^(#|```|>|\|)/.test(lines[i]) && !listItem(lines[i])
        && !figureLine(lines[i]); i += 1) {
        para.push(lines[i].trim());
      }
      out.push(h("p", {}, inline(para.join(" "))));
    }
  }
  return out;
}

/** The page: the title, then one folding section per "##" heading (`art` as for blocks). */
export function rulesPage(markdown, art = null) {
  const sections = [];
  let current = { title: null, lines: [] };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^##\s/.test(line)) {
      sections.push(current);
      current = { title: line.replace(/^##\s*/, ""), lines: [] };
    } else if (/^#\s/.test(line) && current.title === null) {
      continue; // the page's own title: the hall shows the game's name above
    } else {
      current.lines.push(line);
    }
  }
  sections.push(current);
  let folded = 0;
  return sections.filter((s) => s.title !== null || s.lines.some((l) => l.trim())).map((s) => {
    if (s.title === null) return h("div", { class: "rules-intro" }, blocks(s.lines.join("\n"), art));
    folded += 1;
    return h("details", { class: "rules-section", open: folded <= OPEN_SECTIONS }, [
      h("summary", {}, [h("h2", {}, inline(s.title))]),
      ...blocks(s.lines.join("\n"), art),
    ]);
  });
}

export async function showRules(app, gameId) {
  const root = h("article", { class: "rules-page", "aria-label": "Rules" });
  app.append(root);
  try {
    // The board module (for the figures) is fetched alongside the page; without one the page is text.
    const [page, figures] = await Promise.all([
      get(`/api/games/${encodeURIComponent(gameId)}/rules`),
      loadFigures(gameId).catch(() => ({})),
    ]);
    document.title = `${page.name}: rules \u00b7 meeple`;
    clear(root).append(
      h("p", {}, [h("a", { href: "/", text: "\u2190 The hall" })]),
      h("h1", { text: page.name }),
      ...rulesPage(page.markdown, { game: page.game, figures }),
    );
  } catch (err) {
    // Said once, on the page, with the way back (a toast repeating it was all the page had besides).
    clear(root).append(
      h("p", {}, [h("a", { href: "/", text: "\u2190 The hall" })]),
      h("h1", { text: "Rules" }),
      h("p", { class: "empty", text: err.message || String(err) }),
    );
  }
  return { destroy() { document.title = "meeple"; } };
}

// Tiny helpers to build HTML and SVG elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children, isSvg) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.setAttribute("class", value);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "style" && typeof value === "string") {
      el.style.cssText = value; // through the CSSOM: the Content-Security-Policy refuses style attributes
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (!isSvg && key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of [].concat(children ?? [])) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// The hall's Content-Security-Policy refuses inline <style> elements: a board's own CSS text is
// adopted as a constructed stylesheet instead (once per text), and h("style", ...) gives back an
// inert <template> in its place, so that boards keep writing h("style", { text: CSS }).
const adopted = new Set();

function adoptStyle(text) {
  if (adopted.has(text)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted.add(text);
}

/** h("button", {class: "x", onClick: fn}, ["Label"]) */
export function h(tag, attrs, children) {
  if (tag === "style") {
    const { text, ...rest } = attrs || {};
    adoptStyle(String(text ?? ""));
    return fill(document.createElement("template"), rest, [], false);
  }
  return fill(document.createElement(tag), attrs, children, false);
}

/** svg("rect", {x: 0, y: 0, width: 10, height: 10}) */
export function svg(tag, attrs, children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** "3 (9)" style numbers with a proper minus sign. */
export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

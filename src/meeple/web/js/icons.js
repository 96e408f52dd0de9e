// Our own small SVG icon set, drawn for meeple on a 24 x 24 grid: pieces of Picnic,
// Letters Home, Vent Life, the suits of Wizard and Ninety-Nine, and the pieces of Turing Machine,
// Toy Battle, Assyria, Digging for Dinos, Living Forest, Relative Space and Draft & Write Records. The symbols go
// into the page once (a hidden sprite); every icon after that is a <use> of one, so
// boards, panels, tooltips and log lines share the same pictures.
//
//   icon(name, {size, label})     an inline <svg> (HTML contexts: buttons, panels, log)
//   iconUse(name, x, y, size)     a <use> inside a board's own <svg>
//   richText(text, gameId)        log text with the game's pieces shown as pictures

import { h, svg } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// Each symbol's inner SVG. Colours are fixed where the piece has one; cake uses
// currentColor so a tile can give its icing colour.
const SYMBOLS = {
  // ----- Picnic
  ant: `<g fill="#222"><ellipse cx="5" cy="12" rx="3.2" ry="2.8"/><ellipse cx="11.5" cy="12" rx="3" ry="2.3"/>
    <ellipse cx="18.5" cy="12" rx="4.2" ry="3.4"/></g>
    <g stroke="#222" stroke-width="1.4" fill="none" stroke-linecap="round">
    <path d="M10 10 7 5M12 10l1-5M13 10l4-4M10 14l-3 5M12 14l1 5M13 14l4 4M3.5 9.6 1.5 6M5 9.3 5 5.5"/></g>`,
  pickle: `<path d="M4 17c-2-3 1-6 5-9s8-5 11-3 0 6-4 9-10 6-12 3z" fill="#5e9a2e" stroke="#2f5a14" stroke-width="1.2"/>
    <g fill="#a9d46a"><circle cx="8" cy="13" r="1"/><circle cx="12" cy="10" r="1"/><circle cx="16" cy="8.5" r="1"/>
    <circle cx="11" cy="15" r="1"/><circle cx="15" cy="12" r="1"/></g>`,
  ice: `<rect x="3" y="3" width="18" height="18" rx="4" fill="#cdeefe" stroke="#4aa3d8" stroke-width="1.5"/>
    <path d="M7 7h5M7 7v5" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>`,
  cheese: `<path d="M2 18 22 7v11z" fill="#f4c430" stroke="#b8860b" stroke-width="1.2" stroke-linejoin="round"/>
    <path d="M2 18 22 7 14 5z" fill="#ffe27a" stroke="#b8860b" stroke-width="1.2" stroke-linejoin="round"/>
    <g fill="#d9a520"><circle cx="16" cy="14" r="1.6"/><circle cx="10" cy="16" r="1.1"/><circle cx="19.5" cy="10.5" r="1"/></g>`,
  cracker: `<rect x="3" y="3" width="18" height="18" rx="2" fill="#e3b474" stroke="#9c6b2e" stroke-width="1.2"/>
    <g fill="#9c6b2e"><circle cx="8" cy="8" r="1"/><circle cx="12" cy="8" r="1"/><circle cx="16" cy="8" r="1"/>
    <circle cx="8" cy="12" r="1"/><circle cx="12" cy="12" r="1"/><circle cx="16" cy="12" r="1"/><circle cx="8" cy="16" r="1"/>
    <circle cx="12" cy="16" r="1"/><circle cx="16" cy="16" r="1"/></g>`,
  cake: `<path d="M3 20V11l18-5v14z" fill="#f6e1b5" stroke="#8a5a2b" stroke-width="1.2" stroke-linejoin="round"/>
    <path d="M3 11l18-5v4L3 15z" fill="currentColor" stroke="#8a5a2b" stroke-width="1.2" stroke-linejoin="round"/>
    <circle cx="16" cy="5" r="2" fill="#d62d3a"/>`,
  drink: `<path d="M6 7h12l-1.5 14h-9z" fill="#bfe3ff" stroke="#2d6ea3" stroke-width="1.3" stroke-linejoin="round"/>
    <path d="M6.6 12h10.8l-.9 9h-9z" fill="#e8743b"/><path d="M13 7l3-5h3" stroke="#d62d3a" stroke-width="1.6" fill="none"/>`,
  // ----- Letters Home: icons
  food: `<path d="M12 7c-3-2-8-1-8 5s4 9 6 9c1 0 1.4-.5 2-.5s1 .5 2 .5c2 0 6-3 6-9s-5-7-8-5z" fill="#d9412b"/>
    <path d="M12 7c0-2 1-4 3-5" stroke="#6b3e1f" stroke-width="1.5" fill="none"/><path d="M13 5c2-2 5-1 5-1s-2 3-5 1z" fill="#4c9a2a"/>`,
  nature: `<path d="M4 20C4 10 10 4 20 4c0 10-6 16-16 16z" fill="#4c9a2a"/>
    <path d="M4 20 15 9" stroke="#e6f4d8" stroke-width="1.5" stroke-linecap="round"/>`,
  book: `<path d="M3 5c3-1 6-1 9 1v14c-3-2-6-2-9-1z" fill="#3b6fb6"/><path d="M21 5c-3-1-6-1-9 1v14c3-2 6-2 9-1z" fill="#5a8fd6"/>
    <path d="M12 6v14" stroke="#1f3f73" stroke-width="1"/>`,
  craft: `<g fill="none" stroke="#7a4fa3" stroke-width="2"><circle cx="6" cy="18" r="3"/><circle cx="18" cy="18" r="3"/></g>
    <path d="M8 16 18 3M16 16 6 3" stroke="#555" stroke-width="2" stroke-linecap="round"/>`,
  music: `<path d="M9 17V5l11-2v12" fill="none" stroke="#222" stroke-width="2"/><ellipse cx="6.5" cy="17.5" rx="3" ry="2.3" fill="#222"/>
    <ellipse cx="17.5" cy="15.5" rx="3" ry="2.3" fill="#222"/>`,
  heart: `<path d="M12 21C5 15 2 12 2 8a5 5 0 0 1 10-1 5 5 0 0 1 10 1c0 4-3 7-10 13z" fill="#d62d5a"/>`,
  fireworks: `<g stroke="#e0a800" stroke-width="1.8" stroke-linecap="round"><path d="M12 12V2M12 12v10M12 12H2M12 12h10"/></g>
    <g stroke="#d62d5a" stroke-width="1.8" stroke-linecap="round"><path d="M12 12 5 5M12 12l7 7M12 12l-7 7M12 12l7-7"/></g>
    <circle cx="12" cy="12" r="2" fill="#fff" stroke="#e0a800"/>`,
  // ----- Letters Home: categories
  person: `<circle cx="12" cy="8" r="4" fill="#6a4a8c"/><path d="M4 21c0-5 4-8 8-8s8 3 8 8z" fill="#6a4a8c"/>`,
  place: `<path d="M3 11 12 3l9 8v10H3z" fill="#2f7d6d"/><rect x="10" y="14" width="4" height="7" fill="#fff"/>`,
  event: `<rect x="3" y="5" width="18" height="16" rx="2" fill="#fff" stroke="#b5542a" stroke-width="1.6"/>
    <rect x="3" y="5" width="18" height="4" fill="#b5542a"/><path d="m12 11 1.5 3 3 .4-2.2 2 .6 3-2.9-1.5-2.9 1.5.6-3-2.2-2 3-.4z" fill="#e0a800"/>`,
  letter: `<rect x="2" y="5" width="20" height="14" rx="1.5" fill="#fff" stroke="#555" stroke-width="1.5"/>
    <path d="m2.5 6 9.5 7 9.5-7" fill="none" stroke="#555" stroke-width="1.5"/>`,
  // ----- Vent Life: species
  worms: `<g fill="#f2efe6" stroke="#777" stroke-width="1"><rect x="4" y="10" width="4" height="12" rx="1"/>
    <rect x="10" y="7" width="4" height="15" rx="1"/><rect x="16" y="11" width="4" height="11" rx="1"/></g>
    <g fill="#d62d3a"><ellipse cx="6" cy="9" rx="3" ry="2.2"/><ellipse cx="12" cy="6" rx="3" ry="2.2"/><ellipse cx="18" cy="10" rx="3" ry="2.2"/></g>`,
  snails: `<path d="M2 20h17c2 0 3-1 3-3" fill="none" stroke="#556" stroke-width="2.2" stroke-linecap="round"/>
    <circle cx="11" cy="12" r="7" fill="#3d3d48"/><path d="M11 12m-4 0a4 4 0 1 0 4-4 2.5 2.5 0 1 0 2 3" fill="none" stroke="#e86a2b" stroke-width="1.6"/>`,
  shrimp: `<path d="M20 7c-6-4-15 0-15 7 0 4 3 6 6 6 2 0 3-2 2-3-3 0-4-2-3-4 1-3 6-5 10-4z" fill="#f0c6c0" stroke="#b56a5e" stroke-width="1.2"/>
    <path d="M20 7 23 3M19 8l4 1" stroke="#b56a5e" stroke-width="1.2"/><path d="M9 18l-3 3M12 18l-1 4" stroke="#b56a5e" stroke-width="1.2"/>`,
  fish: `<path d="M2 12c4-5 12-6 17-2l3-3v10l-3-3c-5 4-13 3-17-2z" fill="#c9b37a" stroke="#7a6630" stroke-width="1.2"/>
    <circle cx="6" cy="11" r="1.2" fill="#222"/>`,
  crabs: `<ellipse cx="12" cy="14" rx="6" ry="4.5" fill="#f3f1ea" stroke="#888" stroke-width="1.2"/>
    <g stroke="#888" stroke-width="1.3" fill="none"><path d="M6 13 3 9M6 15l-4 1M18 13l3-4M18 15l4 1M8 18l-2 3M16 18l2 3"/></g>
    <g fill="#f3f1ea" stroke="#888" stroke-width="1.2"><circle cx="3" cy="7" r="2.2"/><circle cx="21" cy="7" r="2.2"/></g>
    <g fill="#222"><circle cx="10" cy="12" r=".9"/><circle cx="14" cy="12" r=".9"/></g>`,
  octopus: `<path d="M5 12c0-5 3-9 7-9s7 4 7 9z" fill="#a25ac4"/>
    <g stroke="#a25ac4" stroke-width="2.2" fill="none" stroke-linecap="round"><path d="M6 12c-1 4-3 5-4 8M9 12c0 4-1 6-2 9M12 12v9M15 12c0 4 1 6 2 9M18 12c1 4 3 5 4 8"/></g>
    <g fill="#fff"><circle cx="10" cy="8" r="1.3"/><circle cx="14" cy="8" r="1.3"/></g>`,
  sponges: `<path d="M6 22 5 6c0-2 14-2 14 0l-1 16z" fill="#e6c33a" stroke="#9c7f10" stroke-width="1.2"/>
    <ellipse cx="12" cy="6" rx="7" ry="2" fill="#9c7f10"/>
    <g fill="#b8961c"><circle cx="9" cy="11" r="1.2"/><circle cx="14" cy="13" r="1.2"/><circle cx="10" cy="17" r="1.2"/><circle cx="15" cy="19" r="1"/></g>`,
  // ----- Wizard: the four peoples and the special cards
  dwarves: `<path d="M10 8h4v14h-4z" fill="#8a5a2b"/><path d="M3 3h18v6H3z" fill="#6f6f7a" stroke="#3d3d48" stroke-width="1"/>`,
  elves: `<path d="M6 2c8 4 8 16 0 20" fill="none" stroke="#2f7d3a" stroke-width="2.2"/><path d="M6 2v20" stroke="#888" stroke-width="1"/>
    <path d="M3 12h17" stroke="#6b3e1f" stroke-width="1.6"/><path d="M21 12l-4-3v6z" fill="#555"/>`,
  giants: `<ellipse cx="12" cy="15" rx="6" ry="7" fill="#c08a3e"/>
    <g fill="#c08a3e"><circle cx="6" cy="6" r="2"/><circle cx="10" cy="4" r="2"/><circle cx="14" cy="4" r="2"/><circle cx="18" cy="6" r="2"/></g>`,
  humans: `<path d="M12 2 20 5v6c0 6-4 9-8 11-4-2-8-5-8-11V5z" fill="#3b6fb6" stroke="#1f3f73" stroke-width="1"/>
    <path d="M12 5v14M7 10h10" stroke="#fff" stroke-width="2"/>`,
  wizard: `<path d="M12 1 19 20H5z" fill="#4b2d83"/><path d="M2 20h20v2H2z" fill="#4b2d83"/>
    <path d="m12 8 1 2.2 2.4.3-1.8 1.6.5 2.4-2.1-1.2-2.1 1.2.5-2.4-1.8-1.6 2.4-.3z" fill="#f4d03f"/>`,
  jester: `<path d="M4 20 2 8l6 4 4-9 4 9 6-4-2 12z" fill="#d62d3a"/><path d="M12 3l4 9 6-4-2 12h-8z" fill="#1d6fd6"/>
    <g fill="#f4d03f"><circle cx="2" cy="7" r="2"/><circle cx="12" cy="3" r="2"/><circle cx="22" cy="7" r="2"/></g>`,
  // ----- Ninety-Nine: the French suits and the Joker
  diamonds: `<path d="M12 2 20 12 12 22 4 12z" fill="#c8102e"/>`,
  hearts: `<path d="M12 21C5 15 2 12 2 8a5 5 0 0 1 10-1 5 5 0 0 1 10 1c0 4-3 7-10 13z" fill="#c8102e"/>`,
  spades: `<path d="M12 2C7 8 3 10 3 14a4 4 0 0 0 8 1l-1.5 7h5L13 15a4 4 0 0 0 8-1c0-4-4-6-9-12z" fill="#1a1a1a"/>`,
  clubs: `<g fill="#1a1a1a"><circle cx="12" cy="7" r="4.3"/><circle cx="7" cy="14" r="4.3"/><circle cx="17" cy="14" r="4.3"/>
    <path d="M11 12h2l1.5 10h-5z"/></g>`,
  joker: `<path d="m12 2 2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.2l-6.1 3.4 1.4-6.8-5.1-4.7 6.9-.8z" fill="#e0a800" stroke="#8a6500"/>`,
  // ----- Turing Machine: the three digits' shapes and a verifier's punch card
  tm_blue: `<path d="M12 3 22 20H2z" fill="#1d5fbf" stroke="#0f3a7a" stroke-width="1" stroke-linejoin="round"/>`,
  tm_yellow: `<rect x="3.5" y="3.5" width="17" height="17" rx="1.5" fill="#e0a800" stroke="#7a5c00" stroke-width="1"/>`,
  tm_purple: `<circle cx="12" cy="12" r="9" fill="#7b3f9e" stroke="#43205a" stroke-width="1"/>`,
  tm_verifier: `<path d="M5 2h10l4 4v16H5z" fill="#f4efe2" stroke="#6b5a3a" stroke-width="1.2" stroke-linejoin="round"/>
    <g fill="#6b5a3a"><rect x="8" y="8" width="2" height="3" rx=".5"/><rect x="11.5" y="8" width="2" height="3" rx=".5"/>
    <rect x="8" y="14" width="2" height="3" rx=".5"/><rect x="15" y="14" width="2" height="3" rx=".5"/></g>`,
  // ----- Toy Battle: the eight troops (light on the seat's colour), the HQ, a medal
  tb_skully: `<path d="M12 3c-5 0-8 3-8 7 0 3 2 4 3 5v4h10v-4c1-1 3-2 3-5 0-4-3-7-8-7z" fill="#fff" stroke="#222" stroke-width="1.2"/>
    <g fill="#222"><circle cx="9" cy="11" r="2"/><circle cx="15" cy="11" r="2"/><path d="M11 15.5h2l-1-2z"/></g>
    <path d="M10 17v2M12 17v2M14 17v2" stroke="#222" stroke-width="1"/>`,
  tb_capn: `<path d="M2 16c2-9 18-9 20 0-5 2.5-15 2.5-20 0z" fill="#222" stroke="#fff" stroke-width="1.2"/>
    <circle cx="12" cy="11.5" r="2" fill="#fff"/><path d="M10 15l4-2M10 13l4 2" stroke="#fff" stroke-width="1"/>`,
  tb_jumbo: `<g fill="#c9ccd6" stroke="#222" stroke-width="1"><circle cx="5.5" cy="10" r="4.5"/><circle cx="18.5" cy="10" r="4.5"/>
    <ellipse cx="12" cy="10" rx="5" ry="5.5"/><path d="M10.5 14h3v5c0 2.5-3.5 3-4.5 1.5 1.5 0 1.5-1 1.5-2z"/></g>
    <g fill="#222"><circle cx="10" cy="9" r="1"/><circle cx="14" cy="9" r="1"/></g>`,
  tb_hook: `<path d="M15 2v11a5 5 0 0 1-10 0v-2" fill="none" stroke="#222" stroke-width="4.4" stroke-linecap="round"/>
    <path d="M15 2v11a5 5 0 0 1-10 0v-2" fill="none" stroke="#e4e6ec" stroke-width="2.4" stroke-linecap="round"/>`,
  tb_xb42: `<rect x="5" y="7" width="14" height="12" rx="2" fill="#c9ccd6" stroke="#222" stroke-width="1.2"/>
    <path d="M12 7V4" stroke="#222" stroke-width="1.2"/><circle cx="12" cy="3" r="1.6" fill="#ffd84a" stroke="#222" stroke-width=".8"/>
    <g fill="#1d6fd6" stroke="#222" stroke-width=".6"><rect x="7.5" y="10" width="3.5" height="3"/><rect x="13" y="10" width="3.5" height="3"/></g>
    <path d="M9 16h6" stroke="#222" stroke-width="1.4"/>`,
  tb_star: `<path d="m12 2 2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.2l-6.1 3.4 1.4-6.8-5.1-4.7 6.9-.8z" fill="#ffd84a" stroke="#222" stroke-width="1.1" stroke-linejoin="round"/>`,
  tb_roxy: `<path d="M14 2 5 13h6l-2 9 10-12h-6z" fill="#fff" stroke="#222" stroke-width="1.2" stroke-linejoin="round"/>`,
  tb_kwak: `<ellipse cx="10.5" cy="15.5" rx="8" ry="5" fill="#ffd84a" stroke="#222" stroke-width="1.1"/>
    <circle cx="15" cy="8" r="4.2" fill="#ffd84a" stroke="#222" stroke-width="1.1"/>
    <path d="M18.8 8.2 23 9.5l-4.2 1.3z" fill="#f08a24" stroke="#222" stroke-width=".8" stroke-linejoin="round"/>
    <circle cx="16" cy="7" r="1" fill="#222"/><path d="M6 15c2 2 5 2 7 0" fill="none" stroke="#222" stroke-width=".9"/>`,
  tb_hq: `<path d="M4 22V8h3V4.5h3V8h4V4.5h3V8h3v14z" fill="#fff" stroke="#222" stroke-width="1.3" stroke-linejoin="round"/>
    <path d="M10 22v-5a2 2 0 0 1 4 0v5z" fill="#222"/>`,
  tb_medal: `<path d="M7.5 2h3.5l1 6-3 1.5zM16.5 2H13l-1 6 3 1.5z" fill="#d62d3a"/>
    <circle cx="12" cy="15" r="6.5" fill="#e8b923" stroke="#8a6d00" stroke-width="1.2"/>
    <path d="m12 11.3 1.1 2.3 2.4.3-1.8 1.6.5 2.4-2.2-1.2-2.2 1.2.5-2.4-1.8-1.6 2.4-.3z" fill="#fff6c8"/>`,
  // ----- Assyria: the five foods, a wild card, the plow
  as_barley: `<path d="M12 23V5" stroke="#8a6a10" stroke-width="1.5"/><g fill="#e7b934" stroke="#8a6a10" stroke-width=".7">
    <ellipse cx="9.4" cy="8" rx="1.8" ry="3" transform="rotate(-28 9.4 8)"/><ellipse cx="14.6" cy="8" rx="1.8" ry="3" transform="rotate(28 14.6 8)"/>
    <ellipse cx="9.4" cy="13" rx="1.8" ry="3" transform="rotate(-28 9.4 13)"/><ellipse cx="14.6" cy="13" rx="1.8" ry="3" transform="rotate(28 14.6 13)"/>
    <ellipse cx="12" cy="4" rx="1.6" ry="2.8"/></g>`,
  as_date: `<path d="M12 1v6M12 7 7 12M12 7l5 5M12 7v7" stroke="#6b3e1f" stroke-width="1.2" fill="none"/>
    <g fill="#9a5530" stroke="#4a2410" stroke-width=".7"><ellipse cx="7" cy="15" rx="2.3" ry="3.1"/><ellipse cx="12" cy="17" rx="2.3" ry="3.1"/>
    <ellipse cx="17" cy="15" rx="2.3" ry="3.1"/><ellipse cx="9.5" cy="20.5" rx="2" ry="2.5"/><ellipse cx="14.5" cy="20.5" rx="2" ry="2.5"/></g>`,
  as_grape: `<path d="M12 6c1-2 3-3.5 5-3.5" stroke="#4c6a2a" stroke-width="1.3" fill="none"/><path d="M12 5.5C10 2.5 6 3 5 3.5c1 2.5 4 3.5 7 2z" fill="#4c9a2a"/>
    <g fill="#8a4bb0" stroke="#3e1a55" stroke-width=".7"><circle cx="7.5" cy="9.5" r="2.5"/><circle cx="12.5" cy="9.5" r="2.5"/>
    <circle cx="17.5" cy="9.5" r="2.5"/><circle cx="10" cy="13.8" r="2.5"/><circle cx="15" cy="13.8" r="2.5"/><circle cx="12.5" cy="18" r="2.5"/></g>`,
  as_palm: `<path d="M11 23c0-6 .5-10 2-13" stroke="#7a5a2a" stroke-width="2.2" fill="none"/><g fill="#2f8a4a">
    <path d="M13 9C9 5 4 6 1.5 10c4-2 7.5-2 11.5-1z"/><path d="M13 9c4-4 9-3 10.5 1-4-2-7-2-10.5-1z"/>
    <path d="M13 9c-2-4-.5-7 1.5-8.5.5 3 .2 5.5-1.5 8.5z"/><path d="M13 9c-3-1-7 2-8 6.5 2-3 5-5.5 8-6.5z"/>
    <path d="M13 9c3-1 6.5 2 7.5 6.5-2-3-4.5-5.5-7.5-6.5z"/></g>`,
  as_salt: `<path d="M2 21 8 11l3 4 3.5-8L22 21z" fill="#eef2f5" stroke="#6f7f8c" stroke-width="1.2" stroke-linejoin="round"/>
    <path d="M8 11v10M14.5 7v14M5 16h16" stroke="#b8c4cc" stroke-width=".9"/>`,
  as_wild: `<path d="m12 2 2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.2l-6.1 3.4 1.4-6.8-5.1-4.7 6.9-.8z" fill="#555" stroke="#222" stroke-width=".8"/>`,
  as_plow: `<path d="M1.5 8H13" stroke="#6b3e1f" stroke-width="2.2" stroke-linecap="round"/>
    <path d="M11 8l3 8h7c0-4-2.5-7.5-7-8z" fill="#8a8f96" stroke="#333" stroke-width="1.1" stroke-linejoin="round"/>
    <path d="M14 16l-2.5 6" stroke="#333" stroke-width="1.6" stroke-linecap="round"/>`,
  // Assyria's camel (the game's money) and a hut of the player's stock (drawn in currentColor)
  as_camel: `<path d="M3 11c0-2 1-3.5 2.6-3.5S8 9 9 9c1.2 0 1.6-3.5 3.5-3.5S15.5 9 16.5 9c.8 0 1-3 2.5-3.5 1.3-.4 2.6.6 2.8 1.6l.7.4-.7.6-.8 2.4c-.4 1.3-1.3 2-2.3 2.3V22h-1.6v-5.6c-1.5.8-3.5 1-5.5.8V22H9v-5.5C7.5 15.7 6.4 14 5.8 12.5L4.6 14.8 4 20H2.6l.3-6.5z"
    fill="#c08a4a" stroke="#5a3a1a" stroke-width=".8" stroke-linejoin="round"/><circle cx="20" cy="7" r=".6" fill="#2a1a0a"/>`,
  as_hut: `<path d="M3 21V11l9-7 9 7v10z" fill="currentColor" stroke="#222" stroke-width="1.3" stroke-linejoin="round"/>
    <path d="M10 21v-5h4v5z" fill="#222"/>`,
  // ----- Digging for Dinos: a fossil, a paleontologist, a whole dinosaur
  dd_fossil: `<g transform="rotate(40 12 12)" fill="#f3ecd9" stroke="#7a6a4a" stroke-width="1.1">
    <circle cx="5" cy="9.8" r="2.6"/><circle cx="5" cy="14.2" r="2.6"/><circle cx="19" cy="9.8" r="2.6"/><circle cx="19" cy="14.2" r="2.6"/>
    <rect x="5" y="10" width="14" height="4" rx="1"/></g><g transform="rotate(40 12 12)" fill="#f3ecd9"><rect x="4.5" y="10.6" width="15" height="2.8"/></g>`,
  dd_paleo: `<path d="M5 23c0-5 3-7.5 7-7.5s7 2.5 7 7.5z" fill="#8a6d3b"/><circle cx="12" cy="11" r="3.8" fill="#e8c9a0" stroke="#5a4a2a" stroke-width=".9"/>
    <path d="M6.5 8.5c0-5.5 11-5.5 11 0z" fill="#d8c08a" stroke="#5a4a2a" stroke-width="1"/><path d="M4 8.6h16" stroke="#5a4a2a" stroke-width="1.6" stroke-linecap="round"/>`,
  dd_dino: `<g fill="#6b8e4e"><path d="M2 16.5c0-5 4-8 9-8 3 0 4.5-4 7.5-4 2.5 0 3.5 1.2 3.5 2.3S20.5 9 18.5 9c-1 0-1.2 2.5-1.2 4.5 0 3.5-2 5.5-5.5 5.5H6c-2 0-4-1-4-2.5z"/>
    <rect x="6.5" y="17.5" width="2.5" height="4.5" rx=".8"/><rect x="12" y="17.5" width="2.5" height="4.5" rx=".8"/></g>
    <circle cx="19" cy="6" r=".9" fill="#fff"/>`,
  // ----- Living Forest: the elements, Fragments and fires
  lf_sun: `<circle cx="12" cy="12" r="5" fill="#f2b705"/><g stroke="#f2b705" stroke-width="2.2" stroke-linecap="round">
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2"/></g>`,
  lf_water: `<path d="M12 2C9 7 5 11 5 15a7 7 0 0 0 14 0c0-4-4-8-7-13z" fill="#2f86d6"/><path d="M8.8 15a3.2 3.2 0 0 0 3.2 3.2" stroke="#cfe6ff" stroke-width="1.6" fill="none" stroke-linecap="round"/>`,
  lf_plant: `<path d="M12 23V12" stroke="#6b4a22" stroke-width="2.2"/><path d="M12 13C6 13 3.5 8 4.5 3c5.5 0 8.5 3.5 7.5 10zM12 13c6 0 8.5-5 7.5-10-5.5 0-8.5 3.5-7.5 10z" fill="#3f9a3a"/>`,
  lf_wind: `<g fill="none" stroke="#4f93a8" stroke-width="2.2" stroke-linecap="round"><path d="M2.5 9h11a3 3 0 1 0-3-3"/>
    <path d="M2.5 14h15a3 3 0 1 1-3 3"/><path d="M2.5 19h6"/></g>`,
  lf_flower: `<g fill="#e66aa8"><circle cx="12" cy="6.5" r="3.6"/><circle cx="17.2" cy="10.3" r="3.6"/><circle cx="15.2" cy="16.5" r="3.6"/>
    <circle cx="8.8" cy="16.5" r="3.6"/><circle cx="6.8" cy="10.3" r="3.6"/></g><circle cx="12" cy="12" r="3" fill="#f2c200"/>`,
  lf_fragment: `<path d="M12 2 19.5 9 12 22 4.5 9z" fill="#9bd1e8" stroke="#2f7fa0" stroke-width="1.2" stroke-linejoin="round"/>
    <path d="M4.5 9h15M12 2 9 9l3 13 3-13z" fill="none" stroke="#2f7fa0" stroke-width=".8"/>`,
  lf_fire: `<path d="M12 2c1 4 6.5 6 6.5 12a6.5 6.5 0 0 1-13 0c0-3 2-5 3-7 0 2 1 3 2 3 0-3 .5-5 1.5-8z" fill="#e8541e"/>
    <path d="M12 12c1 2 3 3 3 5a3 3 0 0 1-6 0c0-2 2-3 3-5z" fill="#ffc933"/>`,
  // Living Forest's two game controls: a raised hand (stop drawing) and the turn passing on (end my turn)
  lf_stop: `<rect x="6.4" y="5.2" width="2.6" height="9" rx="1.3" fill="#f3d9b8" stroke="#6b4a2a" stroke-width="1"/>
    <rect x="9.3" y="3" width="2.6" height="10" rx="1.3" fill="#f3d9b8" stroke="#6b4a2a" stroke-width="1"/>
    <rect x="12.2" y="3.6" width="2.6" height="10" rx="1.3" fill="#f3d9b8" stroke="#6b4a2a" stroke-width="1"/>
    <rect x="15.1" y="5.8" width="2.6" height="9" rx="1.3" fill="#f3d9b8" stroke="#6b4a2a" stroke-width="1"/>
    <path d="M6.4 11.5h11.3V16a6 6 0 0 1-6 6h-.4a5.5 5.5 0 0 1-4.9-3l-2.7-5.2a1.4 1.4 0 0 1 2.4-1.4z" fill="#f3d9b8"
      stroke="#6b4a2a" stroke-width="1" stroke-linejoin="round"/>`,
  lf_pass: `<path d="M18.2 8.2A7.5 7.5 0 1 0 19.6 14" fill="none" stroke="#2f6b2a" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M20.6 3.2 20 10l-6.4-2.2z" fill="#2f6b2a"/>`,
  // ----- Relative Space: the special cards and a pod
  rs_keycard: `<rect x="2.5" y="6" width="19" height="12" rx="2" fill="#cfead2" stroke="#2f7d3a" stroke-width="1.2"/>
    <circle cx="8" cy="12" r="2.6" fill="none" stroke="#2f7d3a" stroke-width="1.6"/><path d="M10.6 12H18.5M16 12v2.8M18.5 12v2.2" stroke="#2f7d3a" stroke-width="1.6"/>`,
  rs_last: `<path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4z" fill="#d46ab0" stroke="#7a2a60" stroke-width="1.1" stroke-linejoin="round"/>
    <circle cx="12" cy="21" r="1.8" fill="#7a2a60"/><path d="M12 3v2" stroke="#7a2a60" stroke-width="1.6" stroke-linecap="round"/>`,
  rs_launch: `<path d="M12 2c4 3 5 8 4 13H8C7 10 8 5 12 2z" fill="#e8eef8" stroke="#3a4a6a" stroke-width="1.2"/>
    <circle cx="12" cy="9" r="2" fill="#6aa0d8" stroke="#3a4a6a"/><path d="M8 12l-3 4v3l3-2zM16 12l3 4v3l-3-2z" fill="#d62d3a"/>
    <path d="M10 16l2 5.5 2-5.5z" fill="#f2a200"/>`,
  rs_zerog: `<circle cx="12" cy="12" r="4" fill="#8ab4e8" stroke="#2a4a7a" stroke-width="1.1"/>
    <ellipse cx="12" cy="12" rx="10" ry="3.6" fill="none" stroke="#2a4a7a" stroke-width="1.3" transform="rotate(-25 12 12)"/>
    <g fill="#2a4a7a"><circle cx="4" cy="5" r="1"/><circle cx="20" cy="19" r="1"/><circle cx="19" cy="4" r=".8"/></g>`,
  // ----- Draft & Write Records: the crew's roles and the sheet's bonuses
  dw_singer: `<rect x="8.5" y="2" width="7" height="11" rx="3.5" fill="#555" stroke="#222"/>
    <path d="M5.5 10a6.5 6.5 0 0 0 13 0M12 16.5V21M8 21h8" fill="none" stroke="#222" stroke-width="1.6" stroke-linecap="round"/>`,
  dw_musician: `<path d="M9 17V5l11-2v12" fill="none" stroke="#222" stroke-width="2"/><ellipse cx="6.5" cy="17.5" rx="3" ry="2.3" fill="#222"/>
    <ellipse cx="17.5" cy="15.5" rx="3" ry="2.3" fill="#222"/>`,
  dw_producer: `<rect x="2" y="4" width="20" height="16" rx="2" fill="#eee" stroke="#333" stroke-width="1.2"/>
    <path d="M7 7v10M12 7v10M17 7v10" stroke="#333" stroke-width="1.2"/><g fill="#d9412b"><rect x="5" y="13" width="4" height="2.5" rx=".6"/>
    <rect x="10" y="8.5" width="4" height="2.5" rx=".6"/><rect x="15" y="11" width="4" height="2.5" rx=".6"/></g>`,
  dw_backstage: `<path d="M4 14v-2a8 8 0 0 1 16 0v2" fill="none" stroke="#333" stroke-width="2"/>
    <rect x="2.5" y="13" width="4.5" height="7" rx="1.5" fill="#333"/><rect x="17" y="13" width="4.5" height="7" rx="1.5" fill="#333"/>
    <path d="M19 20c0 2-3 2.5-6 2.5" fill="none" stroke="#333" stroke-width="1.3"/>`,
  dw_album: `<circle cx="12" cy="12" r="10" fill="#222"/><circle cx="12" cy="12" r="6.5" fill="none" stroke="#555" stroke-width=".8"/>
    <circle cx="12" cy="12" r="3.2" fill="#d9412b"/><circle cx="12" cy="12" r=".9" fill="#fff"/>`,
  dw_single: `<circle cx="12" cy="12" r="7" fill="#222"/><circle cx="12" cy="12" r="3.3" fill="#2b6fd9"/><circle cx="12" cy="12" r="1.4" fill="#fff"/>`,
  dw_tour: `<rect x="2" y="6" width="20" height="11" rx="2" fill="#d4a017" stroke="#6b5000" stroke-width="1.1"/>
    <g fill="#fff8dc"><rect x="4" y="8" width="4" height="3.5"/><rect x="10" y="8" width="4" height="3.5"/><rect x="16" y="8" width="4" height="3.5"/></g>
    <g fill="#333"><circle cx="7" cy="18" r="2.2"/><circle cx="17" cy="18" r="2.2"/></g>`,
  dw_cash: `<rect x="2" y="6" width="20" height="12" rx="1.5" fill="#cfe8c4" stroke="#2f7d3a" stroke-width="1.2"/>
    <circle cx="12" cy="12" r="3.6" fill="none" stroke="#2f7d3a" stroke-width="1.2"/>
    <path d="M13.4 10.6c-.4-.6-2.8-.8-2.8.5s2.8.7 2.8 2-2.4 1.1-2.8.5M12 9.2v5.6" fill="none" stroke="#2f7d3a" stroke-width=".9"/>`,
  dw_harmony: `<g stroke="#fff" stroke-width="1"><rect x="2" y="2" width="9.5" height="9.5" fill="#d9412b"/><rect x="12.5" y="2" width="9.5" height="9.5" fill="#2b6fd9"/>
    <rect x="2" y="12.5" width="9.5" height="9.5" fill="#2f9e44"/><rect x="12.5" y="12.5" width="9.5" height="9.5" fill="#d4a017"/></g>`,
};

/** The names of every icon of the set. */
export const ICON_NAMES = Object.freeze(Object.keys(SYMBOLS));

// Words a log line or prompt may say, per game, and the icon drawn before each.
const WORDS = {
  picnic: [["ants?", "ant"], ["pickles?", "pickle"], ["ice cubes?|ice", "ice"], ["cheese", "cheese"],
    ["crackers?", "cracker"], ["cakes?", "cake"], ["drinks?", "drink"]],
  letters_home: [["food", "food"], ["nature", "nature"], ["book", "book"], ["craft", "craft"], ["music", "music"],
    ["heart", "heart"], ["fireworks", "fireworks"], ["person", "person"], ["place", "place"], ["event", "event"]],
  vent_life: [["(?:giant )?tube worms?", "worms"], ["volcano snails?", "snails"], ["(?:blind )?vent shrimp", "shrimp"],
    ["eelpout fish", "fish"], ["yeti crabs?", "crabs"], ["(?:deep-sea )?octopus(?:es)?", "octopus"],
    ["vent sponges?", "sponges"]],
  wizard: [["dwarves", "dwarves"], ["elves", "elves"], ["giants", "giants"], ["humans", "humans"], ["wizard", "wizard"],
    ["jester", "jester"]],
  ninety_nine: [["diamonds", "diamonds"], ["spades", "spades"], ["hearts", "hearts"], ["clubs", "clubs"], ["joker", "joker"]],
  turing_machine: [["blue", "tm_blue"], ["yellow", "tm_yellow"], ["purple", "tm_purple"], ["verifiers?", "tm_verifier"]],
  toy_battle: [["skully", "tb_skully"], ["cap'n", "tb_capn"], ["jumbo", "tb_jumbo"], ["hook", "tb_hook"], ["xb-42", "tb_xb42"],
    ["star", "tb_star"], ["roxy", "tb_roxy"], ["kwak", "tb_kwak"], ["medals?", "tb_medal"], ["hq", "tb_hq"]],
  assyria: [["barley", "as_barley"], ["dates?", "as_date"], ["grapes?", "as_grape"], ["palms?", "as_palm"], ["salt", "as_salt"],
    ["plows?", "as_plow"]],
  digging_for_dinos: [["paleontologists?", "dd_paleo"], ["dinosaurs?", "dd_dino"], ["fossils?", "dd_fossil"]],
  living_forest: [["sun", "lf_sun"], ["water", "lf_water"], ["leaf|leaves", "lf_plant"], ["wind", "lf_wind"],
    ["(?:sacred )?flowers?", "lf_flower"], ["fragments?", "lf_fragment"], ["fires?", "lf_fire"]],
  relative_space: [["keycards?", "rs_keycard"], ["last call", "rs_last"], ["launch", "rs_launch"], ["zero-g", "rs_zerog"]],
  draft_and_write_records: [["albums?", "dw_album"], ["singles?", "dw_single"], ["tour", "dw_tour"], ["cash", "dw_cash"],
    ["harmon(?:y|ies)", "dw_harmony"], ["lead singer", "dw_singer"], ["musicians?", "dw_musician"],
    ["producers?", "dw_producer"], ["backstage", "dw_backstage"]],
};
const PATTERNS = Object.fromEntries(Object.entries(WORDS).map(([game, pairs]) => [game, {
  re: new RegExp(`\\b(${pairs.map(([w]) => `(${w})`).join("|")})\\b`, "gi"),
  icons: pairs.map(([, name]) => name),
}]));

// Card codes the engines used to add in brackets ("(13G)", "(W2)", "(8C JD KD)"): the words
// before them already name the cards, so the codes are dropped from what players read.
const CODES = /\s\((?:(?:[WJ]\d|\d{1,2}[DEGHSC]|[AKQJ][DHSC]|JK)(?:\s|(?=\))))+\)/g;

let sprite = null;
function ensureSprite() {
  if (sprite && sprite.isConnected) return;
  sprite = document.createElementNS(SVG_NS, "svg");
  sprite.setAttribute("aria-hidden", "true");
  sprite.style.cssText = "position:absolute;width:0;height:0;overflow:hidden"; // (CSP: no style attributes)
  sprite.setAttribute("data-icons", "");
  sprite.innerHTML = Object.entries(SYMBOLS)
    .map(([name, body]) => `<symbol id="mi-${name}" viewBox="0 0 24 24">${body}</symbol>`).join("");
  document.body.prepend(sprite);
}

// Score-sheet rows whose key names a piece of the set (Picnic's rows, Letters Home's letters, Vent Life's species,
// Turing Machine's questions, Digging for Dinos' dinosaurs, Living Forest's trees, flowers and fires, Assyria's wells and plow).
const ROW_ICONS = { crackers: "cracker", pickles: "pickle", cakes: "cake", most_cakes: "cake", drinks: "drink", ants: "ant",
  letters: "letter", questions: "tm_verifier", completed: "dd_dino", incomplete: "dd_fossil", trees: "lf_plant",
  flowers: "lf_flower", fires: "lf_fire", wells: "lf_water", plows: "as_plow" };

/** The icon of a score-sheet row, or null: the row's key when it is a piece of the set. */
export function rowIcon(key) {
  const name = ROW_ICONS[key] || key;
  return SYMBOLS[name] ? name : null;
}

/** An icon as an inline <svg>: decorative (aria-hidden) unless a `label` names it. */
export function icon(name, { size = 20, label = null, cls = "" } = {}) {
  ensureSprite();
  const attrs = { class: `mi mi-${name}${cls ? ` ${cls}` : ""}`, width: size, height: size, viewBox: "0 0 24 24",
    "data-icon": name };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  const el = svg("svg", attrs, [svg("use", { href: `#mi-${name}` })]);
  if (label) el.prepend(svg("title", { text: label }));
  return el;
}

/** An icon placed inside a board's own <svg>, centred on (x, y). */
export function iconUse(name, x, y, size = 20) {
  ensureSprite();
  return svg("use", { href: `#mi-${name}`, x: x - size / 2, y: y - size / 2, width: size, height: size,
    class: `mi mi-${name}`, "data-icon": name, "aria-hidden": "true" });
}

// A tile's code before its words in a prompt ("(BM: Black Smoker, ...)"): the words say it already.
const CODE_PREFIX = /\((?:[A-Z]{2,3}): /g;

/** A prompt or other line for players: engine codes dropped, as in log lines. */
export function plainWords(text) {
  return String(text).replace(CODES, "").replace(CODE_PREFIX, "(").replace(NOTATION_EXAMPLE, "");
}

// A notation example for typed moves ("(e.g. 4@13)"): players click, they never type it.
const NOTATION_EXAMPLE = /\s\(e\.g\. [^()]*@[^()]*\)/g;

/** Text with card codes dropped and, for a game with pieces of its own, each piece's word led by its picture. */
export function richText(text, gameId) {
  const clean = plainWords(text);
  const pat = PATTERNS[gameId];
  if (!pat) return [clean];
  const out = [];
  let at = 0;
  pat.re.lastIndex = 0;
  for (let m = pat.re.exec(clean); m; m = pat.re.exec(clean)) {
    const which = m.slice(2).findIndex((g) => g !== undefined);
    if (m.index > at) out.push(clean.slice(at, m.index));
    out.push(h("span", { class: "log-piece" }, [icon(pat.icons[which], { size: 16 }), m[0]]));
    at = m.index + m[0].length;
  }
  if (at < clean.length) out.push(clean.slice(at));
  return out;
}

/** `richText` in one <span>: a tooltip's or a label's content with its pictures. */
export function pictured(text, gameId) {
  return h("span", {}, richText(text, gameId));
}

// ----- The lobby's emblems: each game drawn small as its own pieces -------------------------------------
//
//   emblem(gameId, name)   an <svg> of 64 x 64 for the lobby's gallery, role="img" with its words
//
// Each is drawn from the game's board (the same colours and shapes: Picnic's tiles, Vent Life's triple hex
// and creature token, Wizard's and Ninety-Nine's cards on the felt, Toy Battle's troop tokens, Turing
// Machine's punch card...) with the icons above as its pieces; a game without one gets a plain meeple.

const SEAT = ["#c8412f", "#2d6cb5", "#2f8a4c", "#c98a00"]; // (seats.js SEAT_COLOURS: the boards' seats)
const use = (name, x, y, size, extra = "") =>
  `<use href="#mi-${name}" x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${size}"${extra}/>`;
const backdrop = (fill, extra = "") => `<rect width="64" height="64" rx="10" fill="${fill}"${extra}/>`;

/** The corners of a hex centred on (cx, cy), radius s, the first corner at `start` degrees. */
function hexPoints(cx, cy, s, start) {
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (start + 60 * i);
    return `${(cx + s * Math.cos(a)).toFixed(1)},${(cy + s * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

/** A playing card (cards.js's face) centred on (x, y), turned `angle`: its rank in the corner and its suit in the
 * middle, or a special card's picture and `word`. */
function playingCard(x, y, angle, rank, suit, ink, fill = "#fffdf8", word = "") {
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
    <rect x="-12" y="-17" width="24" height="34" rx="3" fill="${fill}" stroke="#5a5a5a" stroke-width="1"/>
    ${rank ? `<text x="-6.5" y="-8.5" font-size="8" font-weight="700" fill="${ink}" text-anchor="middle">${rank}</text>${use(suit, -6.5, -1.5, 6)}${use(suit, 2, 6, 12)}`
    : `${use(suit, 0, -2, 17)}<text y="12" font-size="5.5" font-weight="700" fill="${ink}" text-anchor="middle">${word}</text>`}</g>`;
}

/** A troop token of Toy Battle's racks: the seat's disc with a white edge, the troop, its strength. */
function troopToken(x, y, colour, troop, strength) {
  return `<circle cx="${x}" cy="${y}" r="12.5" fill="${colour}" stroke="#fff" stroke-width="2"/>${use(troop, x, y, 16)}
    <circle cx="${x + 9.5}" cy="${y + 9.5}" r="5" fill="#222" stroke="#fff" stroke-width="1"/>
    <text x="${x + 9.5}" y="${y + 12.2}" font-size="7.5" font-weight="700" fill="#fff" text-anchor="middle">${strength}</text>`;
}

const EMBLEMS = {
  // A gingham cloth with two tiles of the hamper: a cheese tile under a pink cake with an ant and a pickle.
  picnic: {
    words: "a cheese tile and a pink cake tile with an ant and a pickle on a picnic cloth",
    draw: () => backdrop("#fbf3ee") + `<g fill="#d9473a" fill-opacity=".18">${[4, 20, 36, 52].map((v) =>
      `<rect x="${v}" y="0" width="8" height="64"/><rect x="0" y="${v}" width="64" height="8"/>`).join("")}</g>
      <g transform="translate(24 22) rotate(-18)"><rect x="-19" y="-13" width="38" height="26" rx="5" fill="#f4cf57"
        stroke="#6b5b45" stroke-width="1.2"/>${use("cheese", -11, -5, 12)}${use("pickle", 8, 3, 13)}</g>
      <g transform="translate(37 42) rotate(8)"><rect x="-21" y="-14" width="42" height="28" rx="5" fill="#f2a7c3"
        stroke="#6b5b45" stroke-width="1.2"/>${use("cake", -13, -6, 12, ' color="#f2a7c3"')}${use("pickle", -6, 6, 12)}
        ${use("ant", 10, 2, 17)}</g>`,
  },
  // Vent Life's tile of three hexes (a black smoker, diffuse vents, a microbial mat) with a tube worm on the smoker.
  vent_life: {
    words: "a tile of three hexes, a black smoker, diffuse vents and a microbial mat, with a tube worm token",
    draw: () => {
      const s = 14;
      const w = s * Math.sqrt(3);
      const cells = [[20, 42, "#3d3a40"], [20 + w, 42, "#e9b44c"], [20 + w / 2, 42 - 1.5 * s, "#7fbf8e"]];
      return backdrop("#1f4f75") + cells.map(([x, y, f]) =>
        `<polygon points="${hexPoints(x, y, s, -30)}" fill="${f}" stroke="#0c2438" stroke-width="1.5"/>`).join("")
        + `<text x="${(20 + w).toFixed(1)}" y="36" font-size="8" font-weight="700" fill="#222" text-anchor="middle">2</text>
        <circle cx="20" cy="43" r="9" fill="${SEAT[0]}" stroke="#111" stroke-width="1"/><circle cx="20" cy="43" r="6.5" fill="#fff"/>
        ${use("worms", 20, 43, 11)}${use("shrimp", 20 + w / 2, 42 - 1.5 * s, 12)}`;
    },
  },
  // Two cards on the felt: a Wizard over a 13 of giants.
  wizard: {
    words: "a Wizard card over a 13 of giants on the card table's felt",
    draw: () => backdrop("#2f7d4f", ' stroke="#7a4b28" stroke-width="4"')
      + playingCard(20, 33, -14, "13", "giants", "#8a5a00") + playingCard(44, 31, 10, "", "wizard", "#4b2d83", "#e6dafa", "Wizard"),
  },
  // Three cards fanned on the felt, the three a player sets aside to bid.
  ninety_nine: {
    words: "three cards fanned on the felt: a nine of spades, of hearts and of diamonds",
    draw: () => backdrop("#1e5c39", ' stroke="#7a4b28" stroke-width="4"')
      + `<g transform="translate(32 50)">${[["spades", "#1a1a1a", -20], ["hearts", "#c8102e", 0], ["diamonds", "#c8102e", 20]]
        .map(([suit, ink, a]) => `<g transform="rotate(${a}) translate(0 -20)">${playingCard(0, 0, 0, "9", suit, ink)}</g>`)
        .join("")}</g>`,
  },
  // The corkboard of a town's finds, and a letter home.
  letters_home: {
    words: "a corkboard with a person and a place pinned to it, and a letter home",
    draw: () => backdrop("#cfc7b8") + `<rect x="5" y="6" width="44" height="36" rx="3" fill="#c49a6c" stroke="#8a6540" stroke-width="1.2"/>
      <rect x="9" y="11" width="17" height="17" rx="2" fill="#f6d7c3" stroke="#6b5f4f"/>${use("person", 17.5, 20, 12)}
      <rect x="29" y="13" width="17" height="17" rx="2" fill="#cfe6c4" stroke="#6b5f4f" transform="rotate(6 37.5 21.5)"/>
      ${use("place", 37.5, 22, 12)}<circle cx="17.5" cy="11.5" r="1.8" fill="#d62d3a"/><circle cx="37.5" cy="13.5" r="1.8" fill="#1d6fd6"/>
      <g transform="rotate(-8 42 47)"><rect x="25" y="36" width="34" height="22" rx="2" fill="#fff" stroke="#555" stroke-width="1.3"/>
      <path d="m26 37.5 16 11 16-11" fill="none" stroke="#555" stroke-width="1.3"/>
      <rect x="50" y="39" width="6" height="7" fill="#e8b923" stroke="#8a6d00" stroke-width=".6"/></g>`,
  },
  // Two troop tokens of the racks, red and blue, before an HQ.
  toy_battle: {
    words: "two troop tokens, a red Skully of strength 1 and a blue Jumbo of strength 3, before an HQ",
    draw: () => backdrop("#e6ecd9") + `<path d="M4 52c14-6 42-6 56 0" fill="none" stroke="#9aa886" stroke-width="2" stroke-dasharray="4 3"/>
      ${use("tb_hq", 47, 16, 22)}${troopToken(16, 21, SEAT[0], "tb_skully", 1)}${troopToken(38, 43, SEAT[1], "tb_jumbo", 3)}`,
  },
  // A punch card of the machine: a column of holes per colour, one punched in each (2, 4, 1).
  turing_machine: {
    words: "a punch card with the code 2 4 1 punched in blue, yellow and purple",
    draw: () => {
      const cols = [[18, "tm_blue", "#1f5fb8", "#fff", 2], [32, "tm_yellow", "#f2c230", "#2b2620", 4], [46, "tm_purple", "#7a3fb2", "#fff", 1]];
      let holes = "";
      for (const [x, , fill, ink, digit] of cols) {
        for (let d = 1; d <= 5; d++) {
          const y = 18 + (d - 1) * 8.2;
          holes += d === digit
            ? `<rect x="${x - 5.5}" y="${y}" width="11" height="7" rx="1.5" fill="${fill}"/><text x="${x}" y="${y + 6}" font-size="6.5"
                font-weight="700" fill="${ink}" text-anchor="middle">${d}</text>`
            : `<rect x="${x - 4}" y="${y + 1.5}" width="8" height="4" rx="1" fill="none" stroke="#b9ab8a" stroke-width="1"/>`;
        }
      }
      return backdrop("#e2d8c0") + `<path d="M8 4h40l8 8v48H8z" fill="#fbf6e8" stroke="#8a7a58" stroke-width="1.4" stroke-linejoin="round"/>
        <path d="M8.7 4.7h38.9l7.7 7.7H8.7z" fill="#5b4a2e"/>${cols.map(([x, shape]) => use(shape, x, 8.8, 7)).join("")}${holes}`;
    },
  },
  // Three hexes by the river: a ziggurat and a hut of the players' colours, barley on the land.
  assyria: {
    words: "three hexes by the river with a ziggurat, a hut and barley",
    draw: () => backdrop("#efe3c2") + `<polygon points="${hexPoints(19, 33, 15, 0)}" fill="#7fb3d9" stroke="#4f7f9f" stroke-width="1.2"/>
      <path d="M9 31q5-3 10 0t10 0M9 37q5-3 10 0t10 0" fill="none" stroke="#e9f4fb" stroke-width="1.4"/>
      <polygon points="${hexPoints(41.5, 20, 15, 0)}" fill="#e2c98a" stroke="#a88a4a" stroke-width="1.2"/>
      <polygon points="${hexPoints(41.5, 46, 15, 0)}" fill="#d8c37a" stroke="#a88a4a" stroke-width="1.2"/>
      ${[[33, 25, 17], [36, 19, 11], [39, 13, 5]].map(([x, y, w]) =>
        `<rect x="${x}" y="${y}" width="${w}" height="6" fill="${SEAT[0]}" stroke="#222" stroke-width="1"/>`).join("")}
      ${use("as_hut", 36, 46, 14, ` color="${SEAT[1]}"`)}${use("as_barley", 48, 46, 13)}`,
  },
  // A fossil tile of the dig: the dinosaur's silhouette and its bone picked out, with a paleontologist beside it.
  digging_for_dinos: {
    words: "a fossil tile with a dinosaur's bone, and a paleontologist",
    draw: () => backdrop("#e9dcc2") + `<rect x="12" y="5" width="47" height="47" rx="6" fill="#f1dcae" stroke="#b58f4e" stroke-width="2"/>
      ${use("dd_dino", 35.5, 28, 38, ' opacity=".35"')}<circle cx="42" cy="19" r="7.5" fill="#fffaf0" stroke="#5a4422" stroke-width="1.3"/>
      ${use("dd_fossil", 42, 19, 12)}<circle cx="51" cy="44" r="5.5" fill="#f2c94c" stroke="#8a6400"/>
      <text x="51" y="46.8" font-size="7.5" font-weight="700" fill="#2b2620" text-anchor="middle">5</text>
      <circle cx="15" cy="47" r="12" fill="${SEAT[1]}" stroke="#fff" stroke-width="2"/>${use("dd_paleo", 15, 46, 17)}`,
  },
  // A tree of the forest with a sun on its crown, a sacred flower and one of Onibi's fires.
  living_forest: {
    words: "a tree with a sun on its crown, a sacred flower and a fire",
    draw: () => backdrop("#dcebcf") + `<rect x="22.5" y="33" width="5" height="20" rx="1.5" fill="#7a5230"/>
      <circle cx="25" cy="24" r="15" fill="#5aa24a" stroke="#2f6d28" stroke-width="1.4"/>
      <circle cx="25" cy="24" r="7.5" fill="rgba(255,255,255,.75)"/>${use("lf_sun", 25, 24, 13)}
      ${use("lf_flower", 10, 52, 14)}<circle cx="47" cy="46" r="11" fill="#fde3d0" stroke="#b8401a" stroke-width="1.5"/>
      ${use("lf_fire", 47, 44.5, 14)}<text x="47" y="54" font-size="7" font-weight="700" fill="#5a1e0e" text-anchor="middle">2</text>`,
  },
  // An escape pod loaded equal or higher (3, 5, 8), and the launch.
  relative_space: {
    words: "an escape pod loaded with the cards 3, 5 and 8, and a launch",
    draw: () => backdrop("#1d2742") + `<g fill="#dfe6ff"><circle cx="8" cy="9" r="1"/><circle cx="30" cy="6" r=".8"/>
      <circle cx="56" cy="30" r="1"/><circle cx="5" cy="34" r=".8"/></g>${use("rs_launch", 49, 14, 20)}
      <rect x="5" y="30" width="50" height="28" rx="7" fill="#dfe6f2" stroke="#5a6b86" stroke-width="2"/>
      ${[[9, "3", "#fffdf5"], [20, "5", "#fffdf5"], [31, "8", "#fde9c7"]].map(([x, n, bg]) =>
        `<rect x="${x}" y="26" width="17" height="24" rx="3" fill="${bg}" stroke="#6b5a3a" stroke-width="1.2"/>
        <text x="${x + 4.5}" y="35" font-size="8" font-weight="700" fill="#2b2620" text-anchor="middle">${n}</text>`).join("")}`,
  },
  // The record label's sheet with boxes written in the four colours, and an album.
  draft_and_write_records: {
    words: "a record label's sheet with boxes written in red, blue, green and gold, and an album",
    draw: () => {
      const fills = ["#d9412b", null, "#2b6fd9", null, null, "#2f9e44", "#d4a017", null, "#2b6fd9", null, null, null];
      const boxes = fills.map((f, i) => {
        const x = 11 + (i % 4) * 9.5;
        const y = 13 + Math.floor(i / 4) * 9.5;
        return `<rect x="${x}" y="${y}" width="8" height="8" rx="1" fill="${f || "#fff"}" stroke="#6b6b6b" stroke-width=".8"/>`;
      }).join("");
      return backdrop("#e6e9f0") + `<rect x="7" y="5" width="44" height="52" rx="2" fill="#fffdf8" stroke="#8a8f9a" stroke-width="1.2"/>
        <path d="M11 9.5h24" stroke="#8a8f9a" stroke-width="1.6"/>${boxes}<path d="M11 47h20M11 51h14" stroke="#c4c8d0" stroke-width="1.4"/>
        ${use("dw_album", 46, 46, 24)}`;
    },
  },
};

// A game without an emblem of its own (the tests' toy games): a meeple, the hall's own piece.
const PLAIN = {
  words: "a meeple",
  draw: () => backdrop("#eee5d5") + `<path d="M32 8a7 7 0 0 1 7 7c0 2.6-1.2 4.2-2.6 5.2 6 .8 17.6 3.6 17.6 8.8 0 3-4.4 3.6-9.4 2.6
    l6.4 14.4c1 2.4-.4 4-2.6 4H41.6L32 40.8 22.4 50H15.6c-2.2 0-3.6-1.6-2.6-4l6.4-14.4c-5 1-9.4.4-9.4-2.6 0-5.2 11.6-8 17.6-8.8
    C26.2 19.2 25 17.6 25 15a7 7 0 0 1 7-7z" fill="#8a6d4b" stroke="#5a4630" stroke-width="1.2" stroke-linejoin="round"/>`,
};

/** A game's emblem for the lobby's gallery: an <svg> of its pieces, named for a screen reader. */
export function emblem(gameId, name) {
  ensureSprite();
  const art = EMBLEMS[gameId] || PLAIN;
  const el = document.createElementNS(SVG_NS, "svg");
  el.setAttribute("class", "emblem");
  el.setAttribute("viewBox", "0 0 64 64");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", `${name}: ${art.words}`);
  el.setAttribute("data-emblem", EMBLEMS[gameId] ? gameId : "plain");
  el.innerHTML = art.draw();
  return el;
}

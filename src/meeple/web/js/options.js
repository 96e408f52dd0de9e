// A table's yes/no options in the table head, as words ("Plus or minus one: yes"): a choice made when
// the table was created is read, not set, so it is never drawn as a control a player tries to click.

import { h } from "./dom.js";
import { optionLabel } from "./words.js";

/** One "Name: yes" or "Name: no" per yes/no option of the game, as the table has it. */
export function yesNoOptions(info, options) {
  return ((info && info.options) || []).filter((opt) => opt.kind === "bool").map((opt) => {
    const on = options && options[opt.name] !== undefined ? !!options[opt.name] : !!opt.default;
    return h("span", { class: "head-option", title: opt.help, "data-option": opt.name, "data-on": String(on) },
      [`${optionLabel(opt)}: `, h("strong", { text: on ? "yes" : "no" })]);
  });
}

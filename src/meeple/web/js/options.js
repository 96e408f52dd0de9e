// A table's yes/no options shown as switches (read-only) in the table head: the same control
// the lobby used to set them, so players see at a glance what is on.

import { h } from "./dom.js";
import { optionLabel } from "./words.js";

/** One read-only switch per yes/no option of the game, on or off as the table has it. */
export function optionSwitches(info, options) {
  return ((info && info.options) || []).filter((opt) => opt.kind === "bool").map((opt) => {
    const on = options && options[opt.name] !== undefined ? !!options[opt.name] : !!opt.default;
    return h("label", { class: "head-switch", title: opt.help, "data-option": opt.name }, [
      h("input", { type: "checkbox", role: "switch", class: "switch small", checked: on, disabled: true }),
      `${optionLabel(opt)}: ${on ? "on" : "off"}`,
    ]);
  });
}

// Words for people: counts with their noun in the right number ("1 letter", "3 letters").

export function count(n, noun, plural = null) {
  return n === 1 ? `1 ${noun}` : `${n} ${plural || `${noun}s`}`;
}

/** An option's name as players say it (the game's label, else the name with spaces). */
export function optionLabel(opt) {
  return opt.label || opt.name.replace(/_/g, " ");
}

/** An option's value as players say it: the game's label for that choice, else the value with spaces. */
export function choiceWords(opt, value) {
  const i = (opt.choices || []).indexOf(value);
  if (i >= 0 && opt.choice_labels) return opt.choice_labels[i];
  return String(value).replace(/_/g, " ");
}

/** A table's clock setting in words ("20 s a move + 5 min in the bank", "24 h a move"); null: no clock. */
export function clockWords(clock) {
  if (!clock || clock.mode === "none") return null;
  const span = (s) => (s >= 3600 && s % 3600 === 0 ? `${s / 3600} h` : s >= 60 && s % 60 === 0 ? `${s / 60} min` : `${Math.round(s)} s`);
  if (clock.mode === "turn_based") return `${span(Math.round(clock.deadline_h * 3600))} a move`;
  const parts = [clock.per_move_s ? `${span(clock.per_move_s)} a move` : null, clock.bank_s ? `${span(clock.bank_s)} in the bank` : null];
  return parts.filter(Boolean).join(" + ");
}

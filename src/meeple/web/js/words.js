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

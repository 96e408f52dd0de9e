// Words for people: counts with their noun in the right number ("1 letter", "3 letters").

export function count(n, noun, plural = null) {
  return n === 1 ? `1 ${noun}` : `${n} ${plural || `${noun}s`}`;
}

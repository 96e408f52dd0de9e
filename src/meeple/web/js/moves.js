// Moves built by name from the game's declared kinds (GET /api/games: each game's `moves`), so a board
// writes ctx.move("Send", {slot: 1, space: 4}) and never the move's JSON by hand: the JSON names
// (Send's space is "flip" in JSON) stay the engine's business (engine/moves.py, Notation.kinds).

/** A function (kind, fields) -> the move's JSON, for one game's declared kinds. A kind or field the game
 * does not declare, or a required field left out, throws: a board's mistake, found at its first click. */
export function moveMaker(gameId, kinds) {
  const byKind = new Map((kinds || []).map((k) => [k.kind, k]));
  return function move(kind, fields = {}) {
    const spec = byKind.get(kind);
    if (!spec) throw new Error(`${gameId} has no move kind ${kind}`);
    const names = new Set(spec.fields.map(([name]) => name));
    for (const name of Object.keys(fields)) {
      if (!names.has(name)) throw new Error(`${gameId}'s ${kind} has no field ${name}`);
    }
    if (!spec.fields.length) return { [spec.key]: spec.const };
    for (const [name, , required] of spec.fields) {
      if (required && !(name in fields)) throw new Error(`${gameId}'s ${kind} needs its field ${name}`);
    }
    if (spec.packed) return { [spec.key]: spec.fields.map(([name]) => fields[name]) };
    const json = {};
    for (const [name, jsonName] of spec.fields) {
      if (name in fields) json[jsonName] = fields[name];
    }
    return json;
  };
}

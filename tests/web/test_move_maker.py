"""Boards build moves by name (ctx.move(kind, fields), web/js/moves.js) from the kinds GET /api/games
declares (engine/moves.py Notation.kinds), never by typing the JSON (issue 39). Every declared move of
every game, built in the browser from its fields, is the JSON the engine writes for it; a kind or field a
game does not declare, or a required field left out, is refused."""

from __future__ import annotations

from meeple import games

BUILD = """async (cases) => {
  const { moveMaker } = await import('/static/js/moves.js');
  const listed = await (await fetch('/api/games')).json();
  const out = [];
  for (const [gameId, moves] of Object.entries(cases)) {
    const move = moveMaker(gameId, listed.find((g) => g.id === gameId).moves);
    for (const [kind, fields] of moves) out.push(move(kind, fields));
  }
  return out;
}"""

REFUSED = """async () => {
  const { moveMaker } = await import('/static/js/moves.js');
  const listed = await (await fetch('/api/games')).json();
  const move = moveMaker('letters_home', listed.find((g) => g.id === 'letters_home').moves);
  const refusal = (f) => { try { f(); return null; } catch (e) { return e.message; } };
  return [refusal(() => move('Fly', {})), refusal(() => move('Send', { slot: 1, flip: 2 })),
          refusal(() => move('Send', { slot: 1 })), JSON.stringify(move('Note', { card: 2 }))];
}"""


def _cases(listed: set[str]) -> tuple[dict, list]:
    """Each listed game's declared moves (up to 40 a kind, spread over its values) as (kind, JSON field
    values), and the JSON the engine writes for each, in the same order."""
    cases, expected = {}, []
    for game_id in sorted(listed):
        notation = games.get(game_id).notation
        declared = getattr(notation, "NOTATION", notation)
        cases[game_id] = []
        for cls, spec in declared.specs.items():
            step = max(1, len(spec.moves) // 40)
            for move in spec.moves[::step]:
                fields = {name: f.dump(v) for name, f, v in zip(cls._fields, spec.fields, move)}
                cases[game_id].append([cls.__name__, fields])
                expected.append(declared.to_json(move))
    return cases, expected


def test_every_declared_move_built_by_name_is_the_engines_json(new_page):
    page = new_page()
    page.goto("/")
    page.wait_for_selector("main")
    listed = {g["id"] for g in page.evaluate("async () => (await fetch('/api/games')).json()")}
    shipped = {g for g in games.ids() if games.get(g).__module__.startswith("meeple.games.")}
    assert len(shipped) == 12 and shipped <= listed
    cases, expected = _cases(shipped)
    assert sum(len(c) for c in cases.values()) > 300
    assert page.evaluate(BUILD, cases) == expected


def test_a_kind_or_field_not_declared_is_refused(new_page):
    page = new_page()
    page.goto("/")
    page.wait_for_selector("main")
    fly, wrong_field, missing, optional_left_out = page.evaluate(REFUSED)
    assert fly == "letters_home has no move kind Fly"
    assert wrong_field == "letters_home's Send has no field flip"  # its JSON name is not its field's name
    assert missing == "letters_home's Send needs its field space"
    assert optional_left_out == '{"note":2}'  # a field with a default may be left out, as the engine reads it

"""Non-default tables for the checks, taken from each game's declared options.

People and researchers set up tables with options changed, several at once (and
lists such as Vent Life's species), which default-only tests never reach. Both
builders work from `game.options` alone, so a new game gets its tables too:
`one_at_a_time(game)` (the conformance check and the contract tests) and `option_tables(game)` (the
adapters, several options changed together).
"""

from __future__ import annotations

from itertools import combinations

from meeple.engine import Game, Option, OptionError, resolve_options


def other_values(opt: Option, default) -> list:
    """Values of an option other than its default, each worth a table."""
    if opt.kind == "bool":
        return [not default]
    if opt.kind == "choice":
        return [v for v in opt.choices if v != default]
    if opt.kind == "int":
        found = []
        for v in (default + 1, opt.maximum, opt.minimum):
            if v is not None and v != default and v not in found and (opt.maximum is None or v <= opt.maximum):
                found.append(v)
        return found
    if opt.kind == "list":  # the other end of the choices, then the first ones in reverse, as long as the default
        n = len(default)
        found = [list(opt.choices[-n:]), list(opt.choices[:n])[::-1]] if n else [list(opt.choices[:1])]
        return [v for v in found if v != list(default)]
    return []


def playable(game: Game, players: int, options: dict) -> bool:
    try:
        game.setup(players, options, 0)
        return True
    except OptionError:
        return False


def option_tables(game: Game, limit: int = 4) -> list[tuple[int, dict]]:
    """Up to `limit` playable (players, options) tables with every option given explicitly or several
    changed at once: every option at its default spelled out, then all changed together (the k-th
    other value of each), then each pair changed together. Player counts rotate between the
    smallest, the largest and one between. A game without options gets its player counts only."""
    counts = sorted({game.min_players, game.max_players, (game.min_players + game.max_players) // 2})
    if not game.options:
        return [(n, {}) for n in counts][:limit]
    defaults = resolve_options(game.options, None)
    others = {o.name: other_values(o, defaults[o.name]) for o in game.options}
    candidates = [dict(defaults)]
    for k in range(max((len(v) for v in others.values()), default=0)):
        candidates.append({name: vals[k % len(vals)] if vals else defaults[name] for name, vals in others.items()})
    for a, b in combinations(others, 2):
        for va in others[a]:
            for vb in others[b]:
                candidates.append({a: va, b: vb})
    found: list[tuple[int, dict]] = []
    for options in candidates:
        start = len(found)
        for n in counts[start % len(counts):] + counts[:start % len(counts)]:
            if playable(game, n, options):
                if (n, options) not in found:
                    found.append((n, options))
                break
        if len(found) == limit:
            break
    return found


def table_id(table: tuple[int, dict]) -> str:
    n, options = table
    return f"{n}p" + "".join(f"-{k}={'+'.join(map(str, v)) if isinstance(v, list) else v}"
                             for k, v in options.items())


def one_at_a_time(game: Game) -> list[tuple[int, dict]]:
    """(players, options) of every player count with the defaults, and at the smallest and largest
    count each option's other values one at a time, then all changed at once."""
    defaults = resolve_options(game.options, None)
    found: list[tuple[int, dict]] = [(n, {}) for n in range(game.min_players, game.max_players + 1)]
    others = [(o.name, v) for o in game.options for v in other_values(o, defaults[o.name])]
    for n in sorted({game.min_players, game.max_players}):
        changed: dict = {}
        for name, value in others:
            if playable(game, n, {name: value}):
                found.append((n, {name: value}))
                changed.setdefault(name, value)
                continue
            # Some values need another option with them (Vent Life's species list needs a setup
            # that takes it): the first other value that makes the table playable.
            for other_name, other in others:
                if other_name != name and playable(game, n, {name: value, other_name: other}):
                    found.append((n, {name: value, other_name: other}))
                    break
        for name in list(changed):  # drop what cannot be combined, until the rest can be
            if playable(game, n, changed):
                break
            del changed[name]
        if len(changed) > 1:
            found.append((n, changed))
    return found

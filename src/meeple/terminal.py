"""A game at the terminal: human seats type moves, bot seats play by themselves."""

from __future__ import annotations

import random

from meeple import bots as bot_registry
from meeple.engine import ALL, Game, IllegalMove, NotationError, Rng


def _sheet_lines(game: Game, state, viewer) -> list[str]:
    lines = []
    for sheet in game.score_sheet(state, viewer):
        rows = ", ".join(f"{r.label} {r.count} ({r.points:+d})" for r in sheet.rows)
        lines.append(f"  seat {sheet.seat + 1}: {sheet.total:>3}  {rows}")
    return lines


def play_in_terminal(game: Game, seats: list[str], options: dict, seed: int | None,
                     read=input, write=print) -> int:
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    state = game.setup(len(seats), options, seed)
    bots = {s: bot_registry.get(level) for s, level in enumerate(seats) if level != "human"}
    rngs = {s: Rng(seed + 101 * (s + 1)) for s in bots}
    humans = [s for s, level in enumerate(seats) if level == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    write(f"{game.name}, seed {seed}. Seats: " + ", ".join(f"{s + 1} {lvl}" for s, lvl in enumerate(seats)))
    while not game.is_over(state):
        seat = min(game.to_move(state))
        if seat in bots:
            move = bots[seat].choose(game, state, seat, rngs[seat])
            state, log = game.play(state, seat, move)
            for entry in log:
                if entry.visible_to(viewer):
                    write(f"[seat {seat + 1}, {seats[seat]}] {entry.text}")
            continue
        write("")
        write(game.render_text(game.view(state, seat), seat))
        write("Scores:")
        for line in _sheet_lines(game, state, seat):
            write(line)
        legal = game.legal_moves(state, seat)
        write(f"Seat {seat + 1}: {game.prompt(state, seat)}")
        write("  moves: " + "; ".join(f"{game.move_text(m)} = {game.describe_move(state, seat, m)}" for m in legal))
        try:
            text = read(f"seat {seat + 1}> ")
        except EOFError:
            write("Input ended; the game is abandoned.")
            return 1
        if text.strip().lower() in ("quit", "exit"):
            write("Game abandoned.")
            return 1
        try:
            move = game.parse_move(text)
            state, log = game.play(state, seat, move)
        except (NotationError, IllegalMove) as exc:
            write(f"! {exc}")
            continue
        for entry in log:
            if entry.visible_to(seat):
                write(entry.text)
    outcome = game.outcome(state)
    assert outcome is not None  # the loop ends when no seat is to move
    write("")
    write(game.render_text(game.view(state, None), None))
    write("Final scores:")
    for line in _sheet_lines(game, state, ALL):
        write(line)
    for seat in sorted(range(len(seats)), key=lambda s: outcome.ranks[s]):
        write(f"  {outcome.ranks[seat]}. seat {seat + 1} ({seats[seat]}): {outcome.scores[seat]}")
    for reason in outcome.reasons:
        write("  " + reason)
    return 0

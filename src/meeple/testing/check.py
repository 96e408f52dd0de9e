"""`check_game`: every generic check on one game, and `load_game` for the `meeple check` command."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from importlib import import_module

from meeple import games
from meeple.engine import Game, MeepleError

from .checks import CHECKS, Budget, Context, run_one
from .report import Failure, Report


def check_game(game: Game, checks: Iterable[str] | None = None, budget: Budget | None = None, **sizes) -> Report:
    """Run the generic checks (all of them, or those named) on `game`; a Report of each in words.

    `budget` (or its fields as keywords: playouts=, positions=, tables=, search=, seed=) sets how much
    each check plays. A game not in the registry is registered for the run (the adapters reach games
    only through it) and removed afterwards."""
    budget = budget or Budget(**sizes)
    names = list(CHECKS) if checks is None else list(checks)
    unknown = [name for name in names if name not in CHECKS]
    if unknown:
        raise MeepleError(f"Unknown check {', '.join(map(repr, unknown))}. Checks: {', '.join(CHECKS)}.")
    report = Report(game.id)
    ctx = Context(game, budget)
    with _registered(game):
        for name in names:
            status, detail, seconds = run_one(name, ctx)
            report.seconds[name] = seconds
            if status == "passed":
                report.passed.append(name)
            elif status == "skipped":
                report.skipped.append((name, str(detail)))
            else:
                report.failures.append(Failure(name, str(detail), ctx.where))
    return report


class _registered:
    """The game in the registry for the run, if its id is free there."""

    def __init__(self, game: Game):
        self.game, self.added = game, False

    def __enter__(self):
        game = self.game
        if game.id not in games.ids():
            attribute = f"checked_{game.id}"
            setattr(sys.modules[__name__], attribute, game)
            games.register(game.id, f"{__name__}:{attribute}")
            self.added = True
        return self

    def __exit__(self, *exc):
        if self.added:
            games.unregister(self.game.id)
            delattr(sys.modules[__name__], f"checked_{self.game.id}")


def load_game(spec: str) -> Game:
    """A registered game id ("picnic"), or "package.module:Name" naming a Game instance or class (the
    working directory is searched for the module, as `python -m` does)."""
    if ":" not in spec:
        return games.get(spec)
    module_name, _, attribute = spec.partition(":")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as `python -m` would: a game beside the working directory loads
    try:
        found = getattr(import_module(module_name), attribute)
    except (ImportError, AttributeError) as exc:
        raise MeepleError(f"Cannot load {spec!r}: {exc}.") from None
    if isinstance(found, type) and issubclass(found, Game):
        found = found()
    if not isinstance(found, Game):
        raise MeepleError(f"{spec!r} is {type(found).__name__}, not a meeple Game or Game class.")
    return found

"""What a conformance check found: each failing check in words, with the position that failed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from meeple.engine import count


class Failed(AssertionError):
    """Raised inside a check: what went wrong, in words (the position comes from where the check stands)."""


@dataclass
class Where:
    """The table, position, seat and move a check is looking at."""

    players: int | None = None
    options: dict = field(default_factory=dict)
    position: dict | None = None  # game.to_json of the position, hidden parts included
    seat: int | None = None
    move: str | None = None  # the move's text notation

    def describe(self, width: int = 600) -> str:
        parts = []
        if self.players is not None:
            parts.append(f"{self.players} player{'s' if self.players != 1 else ''}")
        if self.options:
            parts.append(f"options {json.dumps(self.options, sort_keys=True)}")
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.move is not None:
            parts.append(f"move {self.move}")
        text = ", ".join(parts) or "the game itself"
        if self.position is not None:
            shown = json.dumps(self.position, sort_keys=True)
            if len(shown) > width:
                shown = shown[:width] + f"... ({len(shown)} characters; Failure.where.position has it all)"
            text += f"\n    position: {shown}"
        return text


@dataclass
class Failure:
    check: str
    message: str
    where: Where

    def __str__(self) -> str:
        return f"FAIL {self.check}: {self.message}\n    at {self.where.describe()}"

    def to_json(self) -> dict:
        w = self.where
        return {"check": self.check, "message": self.message, "players": w.players, "options": w.options,
                "seat": w.seat, "move": w.move, "position": w.position}


@dataclass
class Report:
    """The result of `check_game`: the checks that passed, failed or were skipped (with the reason)."""

    game_id: str
    passed: list[str] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.failures

    def text(self) -> str:
        lines = [f"{self.game_id}: {count(len(self.passed), 'check')} passed, {len(self.failures)} failed, "
                 f"{len(self.skipped)} skipped"]
        lines += [str(f) for f in self.failures]
        lines += [f"skip {name}: {why}" for name, why in self.skipped]
        lines += [f"ok   {name} ({self.seconds.get(name, 0):.1f} s)" for name in self.passed]
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {"game": self.game_id, "ok": self.ok, "passed": self.passed,
                "failures": [f.to_json() for f in self.failures],
                "skipped": [{"check": name, "reason": why} for name, why in self.skipped],
                "seconds": {k: round(v, 3) for k, v in self.seconds.items()}}

    def raise_if_failed(self) -> None:
        """An AssertionError with every failure in words (for a test)."""
        if self.failures:
            raise AssertionError(self.text())

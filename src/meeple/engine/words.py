"""Words for people: counts with their noun in the right number ("1 letter", "3 letters")."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and its noun, singular for exactly one; `plural` for nouns that do not just add an s."""
    if n == 1:
        return f"1 {noun}"
    return f"{n} {plural or noun + 's'}"

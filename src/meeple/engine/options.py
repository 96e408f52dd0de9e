"""Table options: declared per game with a default, validated with clear errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    """One table option a game offers.

    `choices` lists the allowed values for a choice option; `kind` is one of
    "choice", "bool", "int" (with `minimum`/`maximum`), or "list" (a list of
    distinct values, each from `choices`, of length `length` when it is set).
    `label` is the option's name as players say it ("Plus or minus one"), by default the name
    with spaces; `choice_labels`, when given, names each of `choices` the same way, in order.
    """

    name: str
    default: Any
    help: str
    kind: str = "choice"
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None
    label: str = ""
    choice_labels: tuple = ()

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " ").capitalize())
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"Option '{self.name}': one label per choice ({len(self.choices)}).")

    def validate(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"Option '{self.name}' must be true or false, not {value!r}.")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"Option '{self.name}' must be a whole number, not {value!r}.")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"Option '{self.name}' must be at least {self.minimum}.")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"Option '{self.name}' must be at most {self.maximum}.")
            return value
        if self.kind == "list":
            if not isinstance(value, (list, tuple)):
                raise OptionError(f"Option '{self.name}' must be a list.")
            bad = [v for v in value if v not in self.choices]
            if bad:
                raise OptionError(
                    f"Option '{self.name}': {bad[0]!r} is not one of {', '.join(map(str, self.choices))}."
                )
            if len(set(value)) != len(value):
                raise OptionError(f"Option '{self.name}' lists a value twice.")
            if self.length is not None and len(value) != self.length:
                raise OptionError(f"Option '{self.name}' needs exactly {self.length} values.")
            return list(value)
        if value not in self.choices:
            raise OptionError(
                f"Option '{self.name}' must be one of {', '.join(map(str, self.choices))}, not {value!r}."
            )
        return value

    def to_json(self) -> dict:
        out = {"name": self.name, "label": self.label, "kind": self.kind, "default": self.default,
               "help": self.help}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.choice_labels:
            out["choice_labels"] = list(self.choice_labels)
        for key in ("minimum", "maximum", "length"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


def resolve_options(declared: tuple[Option, ...], given: dict | None) -> dict:
    """Fill in defaults and validate; unknown names are an error."""
    given = dict(given or {})
    known = {opt.name: opt for opt in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        names = ", ".join(known) or "none"
        raise OptionError(f"Unknown option '{unknown[0]}'. This game's options: {names}.")
    return {name: opt.validate(given.get(name, opt.default)) for name, opt in known.items()}

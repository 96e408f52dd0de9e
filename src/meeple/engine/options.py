"""Table options: declared per game with a default, validated with clear errors."""

from __future__ import annotations

import json
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
    `when` (another option's name, a value of it): the option is read only while that one has that
    value, so the lobby shows it only then (Vent Life's species, with the setup "choose").
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
    when: tuple = ()

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
        if self.when:
            out["when"] = {"option": self.when[0], "value": self.when[1]}
        for key in ("minimum", "maximum", "length"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out


# What resolving a game's options needs of its declared tuple, made once per tuple (every setup
# resolves its options, and playouts set up thousands of games): id -> (the tuple itself, so the id
# stays its own; the options by name; per option, whether its default may stand as it is).
_DECLARED: dict[int, tuple[tuple[Option, ...], dict[str, Option], tuple[tuple[str, Option, bool], ...]]] = {}


def _plain_default(opt: Option) -> bool:
    """True when `opt.validate(opt.default)` returns the default itself: a valid default of a kind
    whose validation gives back the value it checks (every kind but "list", which copies)."""
    if opt.kind == "list":
        return False
    try:
        return opt.validate(opt.default) is opt.default
    except OptionError:
        return False  # validated (and refused) at every setup, as before


def _declared(declared: tuple[Option, ...]) -> tuple[dict[str, Option], tuple[tuple[str, Option, bool], ...]]:
    entry = _DECLARED.get(id(declared))
    if entry is None or entry[0] is not declared:
        known = {opt.name: opt for opt in declared}
        if declared.__class__ is not tuple:  # only an immutable tuple may be remembered
            return known, tuple((name, opt, False) for name, opt in known.items())
        entry = _DECLARED[id(declared)] = (declared, known, tuple((name, opt, _plain_default(opt))
                                                                  for name, opt in known.items()))
    return entry[1], entry[2]


def resolve_options(declared: tuple[Option, ...], given: dict | None) -> dict:
    """Fill in defaults and validate; unknown names are an error."""
    given = dict(given or {})
    known, entries = _declared(declared)
    if not given.keys() <= known.keys():
        unknown = sorted(set(given) - set(known))
        names = ", ".join(known) or "none"
        raise OptionError(f"Unknown option '{unknown[0]}'. This game's options: {names}.")
    out = {}
    for name, opt, plain in entries:
        if name in given:
            out[name] = opt.validate(given[name])
        else:  # a default already found valid stands as it is; any other is validated as given
            out[name] = opt.default if plain else opt.validate(opt.default)
    return out


def parse_options(pairs: list[str] | None) -> dict:
    """Options as a command line gives them (`--option name=value`, repeated) as a dict: the value is
    JSON when it parses as JSON (true, 3, ["a"]) and a string otherwise. Validation against a game's
    declared options is `resolve_options`'s job (at setup)."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise OptionError(f"Options are written name=value, not '{pair}'.")
        name, raw = pair.split("=", 1)
        try:
            options[name] = json.loads(raw)
        except ValueError:
            options[name] = raw
    return options

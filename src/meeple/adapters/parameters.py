"""A game's table options as OpenSpiel game parameters, and back.

OpenSpiel writes a game as `name(key=value,...)` and reads it back by splitting
at commas, `=` and parentheses, guessing each value's type from its text
(digits: a number, "true": a flag). Every option therefore becomes a parameter
of its own, typed as OpenSpiel types it: a flag is a bool, a whole number an
int, a choice among whole numbers an int, anything else a string. Strings are
percent-encoded (`urllib.parse.quote`) so that no comma, `=`, parenthesis or
`:` survives, and a list is its encoded values joined by `:`:

    meeple_vent_life(players=3,setup=choose,species=fish:shrimp:snails:worms)

A string OpenSpiel would read as a number or a flag ("3", "true") has its
first character encoded too ("%33"), so it stays a string.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

from meeple.engine import Game, MeepleError, Option

LIST_SEPARATOR = ":"
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NUMBER_CHARS = set("+-0123456789.")


def _is_int_choice(opt: Option) -> bool:
    return bool(opt.choices) and all(isinstance(c, int) and not isinstance(c, bool) for c in opt.choices)


def _typed_as_string(text: str) -> bool:
    """True when OpenSpiel reads `text` back as this same string (not a number, flag or nested game)."""
    if text in ("true", "True", "false", "False"):
        return False
    return not text or not set(text) <= _NUMBER_CHARS


def encode_text(text: str) -> str:
    encoded = quote(text, safe="")
    if _typed_as_string(encoded):
        return encoded
    return f"%{ord(encoded[0]):02X}{encoded[1:]}"


def decode_text(text: str) -> str:
    return unquote(text)


def _encode_list(values) -> str:
    joined = LIST_SEPARATOR.join(quote(str(v), safe="") for v in values)
    if _typed_as_string(joined):
        return joined
    return f"%{ord(joined[0]):02X}{joined[1:]}"


def _match(opt: Option, text: str):
    """The declared choice spelt `text`, or the text itself (the engine's check then names the mistake)."""
    for choice in opt.choices:
        if str(choice) == text:
            return choice
    return text


def check_names(game: Game, reserved) -> None:
    """Every option must be a parameter name OpenSpiel can read that the adapter does not use itself."""
    for opt in game.options:
        if not _NAME.fullmatch(opt.name):
            raise MeepleError(f"{game.name}'s option {opt.name!r} cannot be an OpenSpiel parameter: "
                              "a name of letters, digits and underscores is needed.")
        if opt.name in reserved:
            raise MeepleError(f"{game.name}'s option {opt.name!r} has the name of one of the adapter's own "
                              f"parameters ({', '.join(sorted(reserved))}); rename the option.")


def to_parameter(opt: Option, value):
    """One option value as an OpenSpiel parameter value."""
    if opt.kind in ("bool", "int") or (opt.kind == "choice" and _is_int_choice(opt)):
        return value
    if opt.kind == "list":
        return _encode_list(value)
    return encode_text(str(value))


def from_parameter(opt: Option, value):
    """An OpenSpiel parameter value (as written by `to_parameter`, or given by hand) as an option value."""
    if opt.kind == "list":
        if isinstance(value, (list, tuple)):
            return list(value)
        text = str(value)
        return [_match(opt, decode_text(part)) for part in text.split(LIST_SEPARATOR)] if text else []
    if isinstance(value, str) and opt.kind == "choice":
        return _match(opt, decode_text(value))
    return value


def to_parameters(game: Game, options: dict) -> dict:
    """Option values (every option, or some) as OpenSpiel parameters."""
    known = {opt.name: opt for opt in game.options}
    return {name: to_parameter(known[name], value) for name, value in options.items() if name in known}


def from_parameters(game: Game, params: dict) -> dict:
    """The options that OpenSpiel parameters set (the adapter's own parameters are left out)."""
    return {opt.name: from_parameter(opt, params[opt.name]) for opt in game.options if opt.name in params}


def parameter_spec(game: Game) -> dict:
    """Every option with its default, as OpenSpiel's parameter specification wants them."""
    return {opt.name: to_parameter(opt, opt.default) for opt in game.options}


__all__ = ["check_names", "decode_text", "encode_text", "from_parameter", "from_parameters", "parameter_spec",
           "to_parameter", "to_parameters"]

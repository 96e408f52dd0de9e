"""search3's measured share of wins against greedy, per game, for the lobby's bot labels.

The figures are package data, measured.json beside this module, written by `meeple strength report`
from docs/strength.jsonl (see docs/strength.md, "The strength table"); do not edit it by hand.
"""

import json
from importlib.resources import files

STRENGTH: dict[str, dict[str, dict]] = json.loads(files("meeple.bots").joinpath("measured.json").read_text("utf-8"))

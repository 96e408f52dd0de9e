"""Ninety-Nine's fixed action numbering for the research adapters (see docs/adapters.md).

Every move a table can offer, in one order: playing each of the 37 cards (`DECK_WITH_JOKER`
order), setting each aside as a bid card, then the three premiums (pass, declare, reveal)."""

from __future__ import annotations

from .components import DECK_WITH_JOKER
from .moves import PLAYS, PREMIUM_MOVES, SET_ASIDE


def action_space(n_players: int, options: dict) -> list:
    return [*(PLAYS[c] for c in DECK_WITH_JOKER), *(SET_ASIDE[c] for c in DECK_WITH_JOKER), *PREMIUM_MOVES]

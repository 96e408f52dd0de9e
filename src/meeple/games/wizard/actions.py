"""Wizard's fixed action numbering for the research adapters (see docs/adapters.md).

Every move a table can offer, in one order: the 60 cards in `DECK` order, playing
blind, then the predictions 0 to the most cards a round deals, then the four trumps."""

from __future__ import annotations

from .components import DECK, DECK_SIZE
from .moves import BIDS, PLAY_BLIND, PLAYS, TRUMPS


def action_space(n_players: int, options: dict) -> list:
    return [*(PLAYS[c] for c in DECK), PLAY_BLIND, *BIDS[:DECK_SIZE // n_players + 1], *TRUMPS]

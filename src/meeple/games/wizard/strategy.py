"""Wizard's bot support: how many tricks a seat is likely to take, from what it can see (the heuristic's
estimate, which greedy and the search's rollouts play toward each seat's prediction).

A seat's expected tricks are those it has taken, plus each card in its hand at the card's rough chance
of taking a trick (`_win_chance` in rules.py), plus, while its card leads the trick in play, the chance
that no later seat beats it (`hold_chance`). That chance counts the cards the seat has not seen (the
other hands and the undealt stock, never their places): the Wizards still out, the higher cards of the
winning card's suit, and trumps in a hand that may lack the suit. A later seat that still needs tricks
is likely to beat the card when it can; one that has made its prediction seldom does.

Before this estimate the trick in play counted a fixed 0.7 for a leading card whatever it was, so a seat
that predicted no tricks would lead its Wizard (a sure trick, but 0.9 less in hand); see
docs/games/wizard.md, "Bots".
"""

from __future__ import annotations

from .components import JESTER_SUIT, WIZARD_SUIT

DECK_CARDS = 60
#: How likely a later seat is to beat the card when it can: it still needs tricks, it has made its
#: prediction, or its prediction is hidden from the seat.
BEATS_WANTED, BEATS_MADE, BEATS_UNKNOWN = 0.9, 0.25, 0.6


SUIT_RANKS = 0x3FFE  # a suit's ranks 1 to 13 in a mask of cards shifted down to the suit


def hold_chance(state, seat: int, trick: list[int], hand: list[int], card: int, behind: int) -> float:
    """The chance that `card`, leading `trick` (the trick in play, `card` in it) for `seat`, is still the
    winner once the `behind` later seats have played, judged from what `seat` sees: its own `hand` (after
    the card), the finished tricks, the trick in play and the turned-up card."""
    if behind <= 0:
        return 1.0
    s = card >> 4
    if s == WIZARD_SUIT:
        return 1.0  # the first Wizard wins
    if s == JESTER_SUIT:
        return 0.0  # only Jesters after it would leave it the trick
    # The cards `seat` has seen, as a mask by card: its hand, every card played, the turned-up card.
    seen = 0
    for c in hand:
        seen |= 1 << c
    for c in trick:
        seen |= 1 << c
    for _, cards in state.done:
        for c in cards:
            seen |= 1 << c
    turnup = state.turnup
    if turnup >= 0:
        seen |= 1 << turnup
    unseen = DECK_CARDS - seen.bit_count()
    if unseen <= 0:
        return 1.0
    rank = card & 15
    suit = seen >> (s << 4)
    wizards_out = 4 - (seen >> (WIZARD_SUIT << 4) & 15).bit_count()
    higher_out = 13 - rank - (suit >> (rank + 1) & ((1 << (13 - rank)) - 1)).bit_count()
    held = min(len(hand) + 1, unseen)  # a later seat holds as many cards as `seat` did before this trick
    miss = 1.0 - held / unseen  # the chance that one given unseen card is not in a given later hand
    beat = 1.0 - miss ** (wizards_out + higher_out)  # a Wizard or a higher card of the suit
    trump = state.trump
    ruff = beat
    if s != trump and 0 <= trump < 4:
        trumps_out = 13 - (seen >> (trump << 4) & SUIT_RANKS).bit_count()
        suit_out = 13 - (suit & SUIT_RANKS).bit_count()
        trumped = 1.0 - miss ** trumps_out
        beat = 1.0 - (1.0 - beat) * (1.0 - miss ** suit_out * trumped)  # or lacking the suit, a trump
        ruff = 1.0 - miss ** (wizards_out + trumps_out)  # known to lack the suit: a Wizard or a trump
    n = state.n
    bids, tricks, voids = state.bids, state.tricks, state.voids
    shown = state.opts["predictions"] == "open" or state.phase != "bid" and state.opts["predictions"] == "hidden"
    hold = 1.0
    later = (state.leader + len(trick)) % n
    for _ in range(behind):
        bid = bids[later]
        if bid < 0 or not shown:
            willing = BEATS_UNKNOWN
        else:
            willing = BEATS_WANTED if tricks[later] < bid else BEATS_MADE
        hold *= 1.0 - willing * (ruff if voids[later] >> s & 1 else beat)
        later = (later + 1) % n
    return hold

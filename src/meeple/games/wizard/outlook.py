"""What a seat can expect from the round in play, judged only from what it can see.

This is the bots' guide (`Wizard.heuristic`). Each card in the seat's hand gets
a chance to take a trick, from the cards that could still beat it: unseen
Wizards, unseen higher cards of its suit and, for a plain card, trumps in the
hands of opponents who may lack its suit. A card the seat cannot see (unseen
cards are held by opponents in proportion to their hand sizes) beats it only
if some opponent holds it. The tricks still to come are then a sum of
independent chances, and the guide is the round's expected points under that
spread for the seat's prediction, or for its best prediction before it has made one.
Nothing here reads another seat's hand, so the greedy bot can call it on the
true position without peeking.
"""

from __future__ import annotations

from .components import JESTER_SUIT, WIZARD_SUIT, led_suit, wizard_trick_winner
from .scoring import round_points

# How often an opponent who can beat a card actually spends the card that does:
# holders of Wizards and trumps sometimes keep them for later or duck on purpose.
SPEND = 0.85
# An unseen Wizard may be played before ours in the same trick.
WIZARD_CLASH = 0.25
# A plain card wins only in a trick led in its suit: sure when its holder leads, less so otherwise.
FOLLOWING = 0.6


def round_outlook(state, seat: int) -> float:
    """Expected points of the round in play for `seat` (0 once the game is over)."""
    if state.phase == "over":
        return 0.0
    spread = trick_spread(state, seat)
    taken = state.tricks[seat]
    bid = state.bids[seat]
    if bid >= 0:
        return _expected_points(spread, taken, bid)
    return max(_expected_points(spread, taken, b) for b in range(state.cards + 1))


def _expected_points(spread: list[float], taken: int, bid: int) -> float:
    return sum(p * round_points(bid, taken + k) for k, p in enumerate(spread) if p)


def trick_spread(state, seat: int) -> list[float]:
    """Chances that `seat` takes 0, 1, 2, ... more tricks this round."""
    chances = win_chances(state, seat)
    spread = [1.0]
    for p in chances:
        grown = [0.0] * (len(spread) + 1)
        for k, q in enumerate(spread):
            grown[k] += q * (1.0 - p)
            grown[k + 1] += q * p
        spread = grown
    return spread


def win_chances(state, seat: int) -> list[float]:
    """One chance per trick still open to `seat`: the trick in play if it has already played to it,
    then one per card in hand."""
    n = state.n
    hand = state.hands[seat]
    trick = state.trick
    position = (seat - state.leader) % n
    played_now = position < len(trick)
    if state.blind:  # Foresight: the seat cannot see its own card
        return [1.0 / n] * len(hand)

    seen_ranks = [0] * 6  # per suit, a bit per rank the seat has seen
    for c in hand:
        seen_ranks[c >> 4] |= 1 << (c & 15)
    for _lead, cards in state.done:
        for c in cards:
            seen_ranks[c >> 4] |= 1 << (c & 15)
    for c in trick:
        seen_ranks[c >> 4] |= 1 << (c & 15)
    if state.turnup >= 0:
        seen_ranks[state.turnup >> 4] |= 1 << (state.turnup & 15)
    unseen_in = [13 - bin(seen_ranks[s]).count("1") for s in range(4)]
    unseen_wizards = 4 - bin(seen_ranks[WIZARD_SUIT]).count("1")
    pool = sum(unseen_in) + unseen_wizards + 4 - bin(seen_ranks[JESTER_SUIT]).count("1")
    opponents = [s for s in range(n) if s != seat]
    held = sum(len(state.hands[s]) for s in opponents)
    if pool <= 0 or held == 0:
        held_share = 0.0
    else:
        held_share = min(1.0, held / pool)  # the chance an unseen card sits in some opponent's hand
    trump = state.trump

    def higher_unseen(suit: int, rank: int) -> int:
        return (13 - rank) - bin(seen_ranks[suit] >> (rank + 1)).count("1")

    def ruff_risk(suit: int) -> float:
        """The chance no opponent trumps a trick led in `suit`."""
        if trump < 0 or suit == trump or pool <= 0:
            return 1.0
        safe = 1.0
        for s in opponents:
            k = len(state.hands[s])
            if not k or state.voids[s] >> trump & 1:
                continue
            void = 1.0 if state.voids[s] >> suit & 1 else (1.0 - unseen_in[suit] / pool) ** k
            has_trump = 1.0 - (1.0 - unseen_in[trump] / pool) ** k
            safe *= 1.0 - SPEND * void * has_trump
        return safe

    wizard_safe = 1.0 - WIZARD_CLASH * (1.0 - (1.0 - held_share) ** unseen_wizards)

    def slack(beaters: int) -> float:
        """The chance none of `beaters` unseen cards is spent on this trick, holders choosing freely."""
        clear = (1.0 - held_share) ** beaters
        return clear + (1.0 - SPEND) * (1.0 - clear)

    wizards_spared = slack(unseen_wizards)

    def chance(c: int) -> float:
        suit, rank = c >> 4, c & 15
        if suit == WIZARD_SUIT:
            return wizard_safe
        if suit == JESTER_SUIT:
            return 0.0
        if suit == trump:
            return slack(higher_unseen(suit, rank)) * wizards_spared
        # Higher cards of the suit must follow, so they beat it whenever they are held.
        return (1.0 - held_share) ** higher_unseen(suit, rank) * wizards_spared * ruff_risk(suit) * lead_share

    lead_share = 1.0 if not trick and state.leader == seat else FOLLOWING

    out = []
    if played_now:
        out.append(_current_trick_chance(state, seat, position, opponents, unseen_wizards, pool, higher_unseen,
                                         ruff_risk))
    elif trick and any(c >> 4 == WIZARD_SUIT for c in trick):
        # A Wizard already leads this trick: whatever the seat plays to it is lost.
        chances = sorted(chance(c) for c in hand)
        return chances[1:]
    out.extend(chance(c) for c in hand)
    return out


def _current_trick_chance(state, seat, position, opponents, unseen_wizards, pool, higher_unseen, ruff_risk):
    """The chance `seat`'s card in the trick in play wins it, given who is still to play."""
    trick = state.trick
    if wizard_trick_winner(trick, state.trump) != position:
        return 0.0
    mine = trick[position]
    suit = mine >> 4
    if suit == WIZARD_SUIT:
        return 1.0
    to_play = state.n - len(trick)
    if to_play == 0:
        return 1.0
    later = [(state.leader + len(trick) + i) % state.n for i in range(to_play)]
    if suit == JESTER_SUIT:  # only Jesters so far: any other card takes it
        return 0.0
    beaters = unseen_wizards + higher_unseen(suit, mine & 15)
    safe = 1.0
    for s in later:
        k = len(state.hands[s])
        if pool > 0 and k:
            clear = (1.0 - min(1.0, beaters / pool)) ** k
            safe *= clear + (1.0 - SPEND) * (1.0 - clear)
    led = led_suit(trick)
    if suit != state.trump and led >= 0:
        safe *= ruff_risk(led) ** (to_play / max(1, len(opponents)))
    return safe

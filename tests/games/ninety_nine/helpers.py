"""Ninety-Nine positions built by hand through the documented position JSON."""

from meeple import games
from meeple.games.ninety_nine.components import DECK_WITH_JOKER, SUITED, code

GAME = games.get("ninety_nine")


def position(hands, bid_cards, *, trump=None, turnup=None, leader=0, trick=(), tricks=None, offers=None,
             options=None, hand_no=0, history=None, round=1):
    """A hand in play. The tricks already played are made up from the cards not named, all led by seat 1
    and won by the seats as `tricks` says (default: all by seat 1)."""
    options = dict(options or {})
    if turnup is None:
        options.setdefault("trump", "junk_the_joker")
    deck = SUITED if options.get("trump") == "junk_the_joker" else DECK_WITH_JOKER
    named = {c for h in hands + bid_cards for c in h} | set(trick) | ({turnup} if turnup else set())
    spare = [code(c) for c in deck if code(c) not in named]
    played = 12 - 3 - len(hands[0]) - (1 if trick else 0)
    done = [{"leader": 0, "cards": spare[3 * i:3 * i + 3]} for i in range(played)]
    data = {
        "game": "ninety_nine", "options": options, "hand_no": hand_no, "round": round, "phase": "play",
        "hands": hands, "bid_cards": bid_cards, "turnup": turnup, "trump": trump,
        "offers": offers if offers is not None else ["none"] * 3,
        "tricks": tricks if tricks is not None else [played, 0, 0], "leader": leader,
        "trick": list(trick), "done": done, "history": history or [],
    }
    return GAME.from_json(data)


def play(state, *moves):
    log = []
    for text in moves:
        seat = min(GAME.to_move(state))
        state, lines = GAME.play(state, seat, GAME.parse_move(text))
        log += lines
    return state, log


def legal_texts(state, seat=None):
    seat = min(GAME.to_move(state)) if seat is None else seat
    return sorted(GAME.move_text(m) for m in GAME.legal_moves(state, seat))

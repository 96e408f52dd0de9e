"""Draft & Write Records' components: the sheet's numbers, the play deck and the goals.

Nothing of the published game's numbers is public; this is the design written up (with its
reasons) at the top of docs/games/draft-and-write-records.md. Everything is a flat table of
small ints so that the rules and the playouts stay fast.
"""

from __future__ import annotations

from meeple.engine import Rng

# ----- colours and bonuses -------------------------------------------------------------------

COLOURS = ("red", "blue", "green", "gold")
N_COLOURS = 4

# Bonus codes. A bonus is taken at once on the gaining seat's sheet (sheet.gain).
ALBUM, SINGLE, TOUR, CASH, MULT, HARM_ANY, HARM_RED, HARM_BLUE, HARM_GREEN, HARM_GOLD = range(10)
NONE = -1
BONUS_NAMES = ("album", "single", "tour step", "cash", "multiplier", "harmony (any colour)",
               "red harmony", "blue harmony", "green harmony", "gold harmony")


# ----- Fail --------------------------------------------------------------------------------

N_FAILS = 8
#: Points lost by the rightmost checked Fail space (index = Fails checked).
FAIL_LOSS = (0, 0, 1, 3, 5, 7, 10, 13, 16)
FAIL_CASH_AT = 2         # the second Fail lifts a cash restriction
EXTRA_MISSING_LOSS = 5   # a missing crew at the end that finds no Fail space left

# ----- Goals section -----------------------------------------------------------------------

MAX_GOALS = 6

# ----- Agenda: a 3x3 grid, lines give points and a bonus -------------------------------------

N_AGENDA = 9
AGENDA_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
AGENDA_LINE_NAMES = ("row 1", "row 2", "row 3", "column 1", "column 2", "column 3", "diagonal \\", "diagonal /")
AGENDA_LINE_BONUS = (ALBUM, SINGLE, TOUR, MULT, CASH, HARM_ANY, TOUR, ALBUM)
AGENDA_LINE_POINTS = 1
AGENDA_LINE_MASKS = tuple(sum(1 << i for i in line) for line in AGENDA_LINES)
#: The lines each space belongs to.
AGENDA_LINES_OF = tuple(tuple(k for k, line in enumerate(AGENDA_LINES) if i in line) for i in range(N_AGENDA))

# ----- Release: albums times singles -------------------------------------------------------

RELEASE_LEN = 4
#: Bonus printed on each space of the two tracks (checked left to right).
ALBUM_BONUS = (NONE, CASH, NONE, MULT)
SINGLE_BONUS = (NONE, HARM_ANY, NONE, TOUR)

# ----- Crew: 12 slots on a 3x4 grid --------------------------------------------------------

SINGER, MUSICIAN, PRODUCER, BACKSTAGE = range(4)
ROLE_NAMES = ("lead singer", "musician", "producer", "backstage")
N_CREW = 12
CREW_COLS = 4
#: Row 1: four musicians; row 2: producer, the lead singer, two producers; row 3: four backstage.
CREW_ROLE = (MUSICIAN, MUSICIAN, MUSICIAN, MUSICIAN,
             PRODUCER, SINGER, PRODUCER, PRODUCER,
             BACKSTAGE, BACKSTAGE, BACKSTAGE, BACKSTAGE)
SINGER_SLOT = 5
CREW_SLOT_NAMES = ("m1", "m2", "m3", "m4", "p1", "s", "p2", "p3", "b1", "b2", "b3", "b4")
#: Cash restrictions lifted needed before a crew may go there (0: open).
CREW_CASH = (0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3)
UP, RIGHT, DOWN, LEFT = range(4)
OPPOSITE = (DOWN, LEFT, UP, RIGHT)


def _neighbours() -> tuple:
    out = []
    for slot in range(N_CREW):
        r, c = divmod(slot, CREW_COLS)
        near = []
        for side, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
            rr, cc = r + dr, c + dc
            if 0 <= rr < 3 and 0 <= cc < CREW_COLS:
                near.append((side, rr * CREW_COLS + cc))
        out.append(tuple(near))
    return tuple(out)


#: (side of this slot, neighbouring slot) for each slot.
CREW_NEIGHBOURS = _neighbours()
SLOTS_OF_ROLE = tuple(tuple(s for s in range(N_CREW) if CREW_ROLE[s] == role) for role in range(4))
CREW_TO_PLACE = N_CREW - 1  # the lead singer is on the sheet from the start
N_CASH = 6

# ----- Tour: a path of 12 spaces from the top left -----------------------------------------

TOUR_LEN = 12
#: Points for the spaces checked (index = spaces checked).
TOUR_POINTS = (0, 1, 2, 4, 6, 8, 11, 14, 17, 21, 25, 30, 35)
#: Cash restrictions lifted needed to check each space.
TOUR_CASH = (0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0)
TOUR_BONUS = (NONE, NONE, HARM_ANY, NONE, NONE, MULT, NONE, ALBUM, NONE, NONE, SINGLE, NONE)

# ----- Multiplier --------------------------------------------------------------------------

N_MULT = 4

# ----- Assets: two rows of five, a bonus between two neighbours -----------------------------

N_ASSETS = 10
ASSET_POINTS = 1
#: (left space, right space, bonus) for each bonus printed between two asset spaces.
ASSET_PAIRS = ((0, 1, ALBUM), (1, 2, CASH), (2, 3, SINGLE), (3, 4, MULT),
               (5, 6, SINGLE), (6, 7, TOUR), (7, 8, ALBUM), (8, 9, HARM_ANY))
ASSET_PAIRS_OF = tuple(tuple(k for k, p in enumerate(ASSET_PAIRS) if i in p[:2]) for i in range(N_ASSETS))

# ----- Harmonies: one row per colour, four spaces each --------------------------------------

HARM_LEN = 4
HARM_ROW_POINTS = 5
HARM_COL_POINTS = 4
#: Bonus on each space: the second space of every row is a tour step, the fourth differs per colour.
HARM_BONUS = ((NONE, TOUR, NONE, MULT), (NONE, TOUR, NONE, ALBUM),
              (NONE, TOUR, NONE, SINGLE), (NONE, TOUR, NONE, CASH))

# ----- Play cards --------------------------------------------------------------------------

CREW, AGENDA, ASSET = range(3)
KIND_NAMES = ("crew", "agenda", "asset")

#: Places on the sheet, numbered globally so a move names its place without knowing the card.
PLACE_CREW, PLACE_AGENDA, PLACE_ASSET = 0, N_CREW, N_CREW + N_AGENDA
N_PLACES = N_CREW + N_AGENDA + N_ASSETS


def place_name(place: int) -> str:
    if place < PLACE_AGENDA:
        return CREW_SLOT_NAMES[place]
    if place < PLACE_ASSET:
        return f"g{place - PLACE_AGENDA + 1}"
    return f"a{place - PLACE_ASSET + 1}"


PLACE_NAMES = tuple(place_name(p) for p in range(N_PLACES))

#: How many cards of each kind carry each player-count number (1: always in the deck; k: with k
#: or more players). Crews by role: (musician, producer, backstage).
DECK_PLAN = {1: ((8, 6, 8), 9, 9), 2: ((3, 2, 3), 4, 3), 3: ((3, 2, 3), 4, 3), 4: ((3, 2, 3), 4, 3),
             5: ((3, 2, 3), 4, 3), 6: ((3, 2, 3), 4, 3)}


#: The bonus printed on agenda cards (a release) and asset cards (a tour step or a harmony), in turn.
AGENDA_CARD_BONUS = (ALBUM, SINGLE, NONE, NONE)
ASSET_CARD_BONUS = (TOUR, NONE, ALBUM)
#: Crews of score 1 bring a single: a weak crew is still a release.
CREW_ONE_BONUS = SINGLE


def _build_deck():
    """The deck as rows (kind, number, role, score, sides, options): crews carry a role, a score
    of 1 to 4 and a colour on each side; agendas and assets two spaces to choose from. Drawn
    once from a fixed seed, so it is the same for every game (docs list it)."""
    rng = Rng(2026)
    cards: list[tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], int]] = []
    agenda_pairs = [(a, b) for a in range(N_AGENDA) for b in range(a + 1, N_AGENDA)]
    asset_pairs = [(a, b) for a in range(N_ASSETS) for b in range(a + 1, N_ASSETS)]
    rng.shuffle(agenda_pairs)
    rng.shuffle(asset_pairs)
    score_cycle = (1, 2, 3, 4, 2, 3, 1, 4, 3, 2)
    counter = 0
    for number in sorted(DECK_PLAN):
        roles, agendas, assets = DECK_PLAN[number]
        for role, count in zip((MUSICIAN, PRODUCER, BACKSTAGE), roles):
            for _ in range(count):
                sides = tuple(rng.randrange(N_COLOURS) for _ in range(4))
                score = score_cycle[counter % len(score_cycle)]
                cards.append((CREW, number, role, score, sides, (), CREW_ONE_BONUS if score == 1 else NONE))
                counter += 1
        for _ in range(agendas):
            cards.append((AGENDA, number, -1, 0, (), agenda_pairs.pop(), AGENDA_CARD_BONUS[len(cards) % 4]))
        for _ in range(assets):
            cards.append((ASSET, number, -1, 0, (), asset_pairs.pop(), ASSET_CARD_BONUS[len(cards) % 3]))
    return tuple(cards)


CARDS = _build_deck()
N_CARDS = len(CARDS)
CARD_KIND, CARD_NUMBER, CARD_ROLE, CARD_SCORE, CARD_SIDES, _, CARD_BONUS = zip(*CARDS)  # columns
#: Agenda and asset cards: the two global places they may mark.
CARD_PLACES = tuple(tuple((PLACE_AGENDA if c[0] == AGENDA else PLACE_ASSET) + i for i in c[5]) for c in CARDS)

#: The lead singers, one per colour (not in the deck): score 3, all four sides in their colour.
SINGER_SCORE = 3
LEAD_SINGERS = tuple(N_CARDS + c for c in range(N_COLOURS))  # ids past the deck's


def sides_of(card: int) -> tuple:
    if card >= N_CARDS:
        colour = card - N_CARDS
        return (colour, colour, colour, colour)
    return CARD_SIDES[card]


def score_of(card: int) -> int:
    return SINGER_SCORE if card >= N_CARDS else CARD_SCORE[card]


def deck_for(players: int) -> list[int]:
    """The cards whose player-count number is at most the number of players, in id order."""
    return list(_DECKS[min(max(players, 1), _EVERY_CARD)])


# Made once: every playout deals from one (solo playouts spent a twentieth of their time here).
_EVERY_CARD = max(CARD_NUMBER)  # from this many players on, every card is in the deck
_DECKS = {n: tuple(c for c in range(N_CARDS) if CARD_NUMBER[c] <= n) for n in range(1, _EVERY_CARD + 1)}


def card_text(card: int) -> str:
    """A card in a few words: "musician 3 [r/b/g/g]" (sides up, right, down, left), "agenda g2 or g7 +album"."""
    if card >= N_CARDS:
        return f"lead singer {COLOURS[card - N_CARDS]} (3)"
    kind = CARD_KIND[card]
    bonus = f" +{BONUS_NAMES[CARD_BONUS[card]]}" if CARD_BONUS[card] != NONE else ""
    if kind == CREW:
        sides = "/".join(COLOURS[c][0] for c in CARD_SIDES[card])
        return f"{ROLE_NAMES[CARD_ROLE[card]]} {CARD_SCORE[card]} [{sides}]{bonus}"
    places = " or ".join(PLACE_NAMES[p] for p in CARD_PLACES[card])
    return f"{KIND_NAMES[kind]} {places}{bonus}"


_SLOT_WORDS = {"m": "musician slot", "p": "producer slot", "b": "backstage slot"}


def place_words(place: int) -> str:
    """A place on the sheet in words ("musician slot 2", "agenda space 5"), never its code ("m2", "g5")."""
    if place < PLACE_AGENDA:
        name = CREW_SLOT_NAMES[place]
        return "lead singer's slot" if name == "s" else f"{_SLOT_WORDS[name[0]]} {name[1:]}"
    if place < PLACE_ASSET:
        return f"agenda space {place - PLACE_AGENDA + 1}"
    return f"asset space {place - PLACE_ASSET + 1}"


def card_words(card: int) -> str:
    """A card in words for the log: "a musician worth 3 (sides red, blue, green, green)", "an agenda
    card (space 2 or 7, and an album)"; card_text is the short form the notation's help uses."""
    if card >= N_CARDS:
        return f"the {COLOURS[card - N_CARDS]} lead singer"
    gain = BONUS_NAMES[CARD_BONUS[card]] if CARD_BONUS[card] != NONE else ""
    bonus = f", and {'an' if gain[0] in 'aeiou' else 'a'} {gain}" if gain else ""
    kind = CARD_KIND[card]
    if kind == CREW:
        sides = ", ".join(COLOURS[c] for c in CARD_SIDES[card])
        role = ROLE_NAMES[CARD_ROLE[card]].replace("backstage", "backstage crew")
        return f"a {role} worth {CARD_SCORE[card]} (sides {sides}{bonus.replace(',', ';', 1)})"
    spaces = " or ".join(str(p - (PLACE_AGENDA if kind == AGENDA else PLACE_ASSET) + 1) for p in CARD_PLACES[card])
    return f"{'an' if kind in (AGENDA, ASSET) else 'a'} {KIND_NAMES[kind]} card (space {spaces}{bonus})"


def card_json(card: int) -> dict:
    if card >= N_CARDS:
        return {"id": card, "kind": "crew", "role": "lead singer", "score": SINGER_SCORE,
                "sides": [COLOURS[card - N_CARDS]] * 4, "text": card_text(card)}
    kind = CARD_KIND[card]
    out = {"id": card, "kind": KIND_NAMES[kind], "number": CARD_NUMBER[card], "text": card_text(card)}
    if kind == CREW:
        out.update(role=ROLE_NAMES[CARD_ROLE[card]], score=CARD_SCORE[card],
                   sides=[COLOURS[c] for c in CARD_SIDES[card]])
    else:
        out["places"] = [PLACE_NAMES[p] for p in CARD_PLACES[card]]
    out["bonus"] = None if CARD_BONUS[card] == NONE else BONUS_NAMES[CARD_BONUS[card]]
    return out

"""A small seeded random number generator whose whole state is one integer.

Game states carry their own `Rng`, so a position saved as JSON keeps its future
shuffles and draws, and (game, options, seed, moves) always replays exactly.
SplitMix64 is used because it is tiny, fast enough in Python, and its output
does not depend on the Python version (unlike `random.Random.shuffle`).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode("utf-8")[:64].ljust(8, b"\0")[:8], "little") ^ len(seed)
        self.state = int(seed) & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    # randrange, random and choice write the draw out rather than call next_u64, as shuffle does:
    # set-ups call them once a tile or card, and the call was a third of each (the same sum as
    # next_u64; tests/engine check that they draw what next_u64 would).

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n). The modulo bias is below 2**-40 for game sizes."""
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def random(self) -> float:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return seq[(z ^ (z >> 31)) % len(seq)]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place, drawing `next_u64` once per card.

        The draw is written out here rather than called: a deal shuffles the whole deck, and the
        call per card was a tenth of the shuffle. It must stay the same sum as `next_u64`
        (tests/engine check that a shuffle draws exactly what next_u64 would)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

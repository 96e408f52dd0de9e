"""A small seeded random number generator whose whole state is one integer.

Game states carry their own `Rng`, so a position saved as JSON keeps its future
shuffles and draws, and (game, options, seed, moves) always replays exactly.
SplitMix64 is used because it is tiny and its output does not depend on the Python
version (unlike `random.Random.shuffle`).

SplitMix64 is counter-based: the k-th output after state s is mix(s + k*GAMMA mod 2**64).
So a generator that has drawn a while computes its next outputs in blocks with numpy's
uint64 arithmetic (which wraps mod 2**64 like the masks here), keeps them as a list of
Python ints and hands them out one by one: a draw is a list index instead of eight
big-int operations. A young generator (a fresh `Rng(seed)`, a copy, one whose state
was set) draws its first `_PURE` numbers by the formula, as search makes and drops
generators that draw only a few; blocks then grow from `_FIRST` to `_LAST` numbers as
the generator keeps drawing. A block is never changed once made, so a copy shares it.
A shuffle that needs a new block (a fresh generator's deal: every set-up) takes its
picks modulo their bounds in numpy as well, and keeps only the block's rest as a list.
The numbers are exactly the formula's (tests/engine/test_rng.py checks every method
against a plain reference, interleaved, across copies and block ends), and `state`
reads as the same integer as the plain generator's after the same draws.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB

_PURE = 24  # draws a young generator makes by the formula before its first block
_FIRST = 64  # the first block's size: about 8 us of numpy, the cost of ~18 draws by the formula
_LAST = 4096  # blocks double up to this (a generator's next block is twice what it drew of its last)

_EMPTY: list[int] = []  # the block of a young generator (never appended to)
_np: Any = None
_steps: Any = None  # _steps[k] = (k + 1) * GAMMA mod 2**64, as uint64
_bounds: Any = None  # _LAST + 1 down to 2, as uint64: a shuffle's draws are taken modulo its tail
_consts: tuple = ()


def _load() -> Any:
    """numpy, imported at the first block (a hall or a command that makes none imports none)."""
    global _np, _steps, _bounds, _consts
    import numpy

    _steps = numpy.arange(1, _LAST + 1, dtype=numpy.uint64) * numpy.uint64(_GAMMA)
    _bounds = numpy.arange(_LAST + 1, 1, -1, dtype=numpy.uint64)
    _consts = (numpy.uint64(30), numpy.uint64(27), numpy.uint64(31), numpy.uint64(_M1), numpy.uint64(_M2))
    _np = numpy
    return numpy


def _outputs(start: int, n: int) -> Any:
    """The n outputs that follow state `start`, as a uint64 array (numpy's wrapping arithmetic)."""
    np = _np or _load()
    steps = _steps
    if n > len(steps):
        steps = np.arange(1, n + 1, dtype=np.uint64) * np.uint64(_GAMMA)
    r30, r27, r31, m1, m2 = _consts
    s = steps[:n] + np.uint64(start)  # every operand is uint64: no float or int64 conversion
    z = s >> r30
    z ^= s
    z *= m1
    s = z >> r27
    z ^= s
    z *= m2
    s = z >> r31
    z ^= s
    return z


def _block(start: int, n: int) -> list[int]:
    """The n outputs that follow state `start`, as Python ints."""
    return _outputs(start, n).tolist()


class Rng:
    # The state is (_s + _i * GAMMA) mod 2**64. With a block (_b not _EMPTY), _b[k] is the output after
    # state _s + k*GAMMA, so the next draw is _b[_i], and _k is what _i was when this generator got the
    # block or was copied, less the picks a shuffle took before the block's list began (_i - _k, how
    # much of the block it drew itself, sizes its next one). A young generator
    # has _b = _EMPTY and _i = 0, _s is its state, and _k counts its draws by the formula since it was
    # made, copied or set (at _PURE it makes its first block).
    __slots__ = ("_s", "_i", "_b", "_k")

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode("utf-8")[:64].ljust(8, b"\0")[:8], "little") ^ len(seed)
        self._s = int(seed) & _MASK
        self._i = self._k = 0
        self._b = _EMPTY

    @property
    def state(self) -> int:
        """The one integer that is the generator (what positions store); setting it starts afresh."""
        return (self._s + self._i * _GAMMA) & _MASK

    @state.setter
    def state(self, value: int) -> None:
        self._s = int(value) & _MASK
        self._i = self._k = 0
        self._b = _EMPTY

    def __reduce__(self) -> tuple:  # pickle, copy.copy and deepcopy: the state alone, not the block
        return (Rng, (self.state,))

    def _next_size(self) -> int:
        """How many numbers the next block holds: _FIRST for a young generator, else twice what this one
        drew of its last block (from _FIRST up to _LAST). Moves `_s` to the cursor's state."""
        if self._b is _EMPTY:
            return _FIRST
        self._s = (self._s + self._i * _GAMMA) & _MASK
        return min(max(2 * (self._i - self._k), _FIRST), _LAST)

    def _refill(self, need: int) -> None:
        """A block from the current state of at least `need` numbers, the cursor at its start."""
        size = self._next_size()
        self._b = _block(self._s, max(size, need))
        self._i = self._k = 0

    def _draw(self) -> int:
        """The next output where the block has run out, or a young generator has drawn its _PURE."""
        self._refill(1)
        self._i = 1
        return self._b[0]

    # Each method below writes the draw out (a cursor into the block, or the formula while young) rather
    # than call next_u64: set-ups call them once a tile or card, and search's fresh generators draw a few
    # numbers each. tests/engine/test_rng.py checks that they all draw exactly what the formula draws.

    def next_u64(self) -> int:
        i = self._i
        b = self._b
        if i < len(b):
            self._i = i + 1
            return b[i]
        if b is _EMPTY and self._k < _PURE:
            self._k += 1
            self._s = s = (self._s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            return z ^ (z >> 31)
        return self._draw()

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n). The modulo bias is below 2**-40 for game sizes."""
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        i = self._i
        b = self._b
        if i < len(b):
            self._i = i + 1
            return b[i] % n
        if b is _EMPTY and self._k < _PURE:
            self._k += 1
            self._s = s = (self._s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            return (z ^ (z >> 31)) % n
        return self._draw() % n

    def random(self) -> float:
        i = self._i
        b = self._b
        if i < len(b):
            self._i = i + 1
            return (b[i] >> 11) * (1.0 / (1 << 53))
        if b is _EMPTY and self._k < _PURE:
            self._k += 1
            self._s = s = (self._s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))
        return (self._draw() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        i = self._i
        b = self._b
        if i < len(b):
            self._i = i + 1
            return seq[b[i] % len(seq)]
        if b is _EMPTY and self._k < _PURE:
            self._k += 1
            self._s = s = (self._s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            return seq[(z ^ (z >> 31)) % len(seq)]
        return seq[self._draw() % len(seq)]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place, drawing `next_u64` once per card (from the last card down)."""
        m = len(items) - 1
        if m <= 0:
            return
        i = self._i
        b = self._b
        if b is _EMPTY and self._k + m <= _PURE:  # young, and a short shuffle: by the formula
            s = self._s
            for n in range(m, 0, -1):
                s = (s + _GAMMA) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                j = (z ^ (z >> 31)) % (n + 1)
                items[n], items[j] = items[j], items[n]
            self._s = s
            self._k += m
            return
        if len(b) - i < m:  # a new block: its first m numbers are the picks, taken modulo in numpy
            size = self._next_size()  # (moves _s to the cursor)
            z = _outputs(self._s, max(size, m))
            picks = (z[:m] % _bounds[len(_bounds) - m:] if m <= _LAST else
                     z[:m] % _np.arange(m + 1, 1, -1, dtype=_np.uint64)).tolist()
            # The list keeps only the rest (a deal's shuffle leaves a few numbers, or none), from the state
            # after the picks; _k = -m counts the picks as drawn, so the next block is sized as before.
            self._b = z[m:].tolist()
            self._s = (self._s + m * _GAMMA) & _MASK
            self._i, self._k = 0, -m
            n = m
            for j in picks:
                items[n], items[j] = items[j], items[n]
                n -= 1
            return
        self._i = i + m
        n = m + 1
        for z in b[i:i + m]:
            j = z % n
            n -= 1
            items[n], items[j] = items[j], items[n]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other._s = self._s
        other._i = other._k = self._i
        other._b = self._b
        return other

"""Walls: Tenhou's published shuffle and our own seeded generator (twin of ``riichi_fast.engine._wall``).

A wall ("yama") is a sequence of tile ids in Tenhou's order: index 0 is the far
end of the dead wall, the last index is the first tile dealt.  See the
compiled module's header comment for both generators, step by step.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct

from riichi_fast.errors import WallError

__all__ = ["LEGACY_PREFIX", "SEED_PREFIX", "TenhouShuffle", "seeded_wall", "sha512_128", "wall_size"]

SEED_PREFIX = "mt19937ar-sha512-n288-base64,"
LEGACY_PREFIX = "mt19937ar-sha512-n288,"
_M32 = 0xFFFFFFFF
_M64 = 0xFFFFFFFFFFFFFFFF


def _players(n_players):
    if type(n_players) is not int or n_players not in (3, 4):
        raise WallError(f"n_players must be 3 or 4, got {n_players!r}")
    return n_players


def _ids(n_players: int) -> list[int]:
    return [t for t in range(136) if not (n_players == 3 and 4 <= t < 32)]


def wall_size(n_players=4):
    """Tiles in the wall: 136 (four players) or 108 (three players, no 2m-8m).

    >>> wall_size(3)
    108
    """
    return len(_ids(_players(n_players)))


class _MT19937:
    """The reference Mersenne Twister (Matsumoto and Nishimura's mt19937ar.c)."""

    def __init__(self, key: list[int]):
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _M32
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _M32
            i += 1
            j += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _M32
            i += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
        mt[0] = 0x80000000
        self.mt = mt
        self.index = 624

    def next(self) -> int:
        mt = self.mt
        if self.index >= 624:
            for k in range(624):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
                mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y


def _seed_words(seed):
    """The MT19937 key of a Tenhou seed and whether it is the 2009 hexadecimal form."""
    if not isinstance(seed, str):
        raise WallError(f"a Tenhou seed is a string, got {type(seed).__name__}")
    text = seed.strip()
    if text.startswith(LEGACY_PREFIX):
        words = text[len(LEGACY_PREFIX) :].split(",")
        if not 1 <= len(words) <= 624:
            raise WallError(f"a hexadecimal Tenhou seed holds 1 to 624 words, this one {len(words)}")
        try:
            key = [int(w, 16) for w in words]
        except ValueError:
            raise WallError("the Tenhou seed is not a list of hexadecimal words") from None
        if any(not 0 <= k <= 0xFFFFFFFF or len(w) > 8 for k, w in zip(key, words)):
            raise WallError("a hexadecimal Tenhou seed word holds at most 8 digits")
        return key, True
    if "," in text:
        head, _, text = text.partition(",")
        if head + "," != SEED_PREFIX:
            raise WallError(f"unsupported Tenhou seed format {head!r}: expected {SEED_PREFIX.rstrip(',')!r}")
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise WallError("the Tenhou seed is not valid base64") from None
    if len(raw) != 4 * 624:
        raise WallError(f"a Tenhou seed holds {4 * 624} bytes (624 words), this one {len(raw)}")
    return list(struct.unpack("<624I", raw)), False


def sha512_128(data):
    """SHA-512 of a 128-byte message (the kernel of Tenhou's shuffle).

    >>> import hashlib
    >>> sha512_128(bytes(128)) == hashlib.sha512(bytes(128)).digest()
    True
    """
    if not isinstance(data, (bytes, bytearray)) or len(data) != 128:
        raise WallError("sha512_128 takes exactly 128 bytes")
    return hashlib.sha512(bytes(data)).digest()


def _shuffle_from_rnd(rnd, n_players):
    yama = _ids(n_players)
    n = len(yama)
    for i in range(n - 1):
        j = i + rnd[i] % (n - i)
        yama[i], yama[j] = yama[j], yama[i]
    return bytes(yama), (rnd[135] % 6 + 1, rnd[136] % 6 + 1)


class TenhouShuffle:
    """Tenhou's wall generator for one game, from the ``SHUFFLE`` seed of its mjlog.

    Each :meth:`next_wall` call gives the next hand's wall (``bytes`` of tile ids in
    Tenhou's order) and dice, exactly as Tenhou dealt them.  The 2009 form of the
    seed (``mt19937ar-sha512-n288,`` and hexadecimal words) is read too; ``legacy``
    says so (those games put the dead wall's tiles in another order, see
    ``riichi_fast.engine.wall``).
    """

    def __init__(self, seed):
        key, self.legacy = _seed_words(seed)
        self._mt = _MT19937(key)
        self.hands = 0

    def next_wall(self, n_players=4):
        n_players = _players(n_players)
        src = struct.pack("<288I", *(self._mt.next() for _ in range(288)))
        digest = b"".join(sha512_128(src[128 * i : 128 * (i + 1)]) for i in range(9))
        rnd = struct.unpack("<144I", digest)
        self.hands += 1
        return _shuffle_from_rnd(rnd, n_players)


def _splitmix64(state: list[int]) -> int:
    state[0] = (state[0] + 0x9E3779B97F4A7C15) & _M64
    z = state[0]
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _M64


class _Xoshiro256:
    def __init__(self, seed: int, hand: int):
        x = [seed]
        x = [(_splitmix64(x) + hand * 0x9E3779B97F4A7C15) & _M64]
        self.s = [_splitmix64(x) for _ in range(4)]

    def next(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & _M64, 7) * 9) & _M64
        t = (s[1] << 17) & _M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def bounded(self, bound: int) -> int:
        m = (self.next() >> 32) * bound
        if (m & _M32) < bound:
            threshold = ((1 << 32) - bound) % bound
            while (m & _M32) < threshold:
                m = (self.next() >> 32) * bound
        return m >> 32


def seeded_wall(seed, hand=0, n_players=4):
    """Our own wall for integer ``seed`` and hand number ``hand``: ``(ids, (die1, die2))``.

    Stable across versions (see the compiled module's comment for the generator).

    >>> ids, dice = seeded_wall(7, 0)
    >>> len(ids), sorted(ids) == list(range(136))
    (136, True)
    """
    n_players = _players(n_players)
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise WallError(f"seed must be an int in 0 .. 2**64-1, got {seed!r}")
    if type(hand) is not int or not 0 <= hand < 2**64:
        raise WallError(f"hand must be an int in 0 .. 2**64-1, got {hand!r}")
    rng = _Xoshiro256(seed, hand)
    yama = _ids(n_players)
    for i in range(len(yama) - 1, 0, -1):
        j = rng.bounded(i + 1)
        yama[i], yama[j] = yama[j], yama[i]
    return bytes(yama), (rng.bounded(6) + 1, rng.bounded(6) + 1)

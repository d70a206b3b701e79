# Walls (compiled twin of riichi_fast/reference/wall.py), RULES.md section 6.
#
# Two generators fill a wall ("yama", Tenhou's name and order: index 0 is the
# far end of the dead wall, the last index the first tile dealt):
#
# * Tenhou's published shuffle for its ``mt19937ar-sha512-n288-base64`` seeds:
#   the seed's 2,496 bytes are 624 little-endian words fed to MT19937's
#   init_by_array once per game (the 2009 form ``mt19937ar-sha512-n288,`` gives
#   the words in hexadecimal instead); each hand then takes 288 words from the
#   generator, hashes them in nine 128-byte blocks with SHA-512 into 144
#   words ``rnd``, and shuffles the ids in place:
#   ``swap(yama[i], yama[i + rnd[i] % (n - i)])`` for i = 0 .. n-2, where the
#   ids are 0..135 (four players) or the 108 ids without 2m-8m (three
#   players).  The dice are ``rnd[135] % 6 + 1`` and ``rnd[136] % 6 + 1``.
# * Our own generator for integer seeds (stable across versions): the state
#   of xoshiro256** is four splitmix64 outputs started at
#   ``splitmix64_mix(seed) + hand * 0x9E3779B97F4A7C15``; the ids are
#   shuffled by Fisher-Yates from the top index down, each bound drawn by
#   Lemire's unbiased multiply-and-reject on the high 32 bits of an output;
#   then two dice by the same bounded draw.
#
# Everything, SHA-512 included, is nogil C.

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset

import base64
import binascii

from riichi_fast.errors import WallError

__all__ = ["LEGACY_PREFIX", "SEED_PREFIX", "TenhouShuffle", "seeded_wall", "sha512_128", "wall_size"]

SEED_PREFIX = "mt19937ar-sha512-n288-base64,"

cdef enum:
    N_MT = 624
    M_MT = 397


cdef void c_mt_init_genrand(MTState* st, uint32_t s) noexcept nogil:
    cdef int i
    st.mt[0] = s
    for i in range(1, N_MT):
        st.mt[i] = <uint32_t>(1812433253u * (st.mt[i - 1] ^ (st.mt[i - 1] >> 30)) + <uint32_t>i)
    st.mti = N_MT


cdef void c_mt_init_by_array(MTState* st, const uint32_t* key, int n) noexcept nogil:
    cdef int i = 1, j = 0, k
    c_mt_init_genrand(st, 19650218u)
    k = N_MT if N_MT > n else n
    while k > 0:
        st.mt[i] = <uint32_t>((st.mt[i] ^ ((st.mt[i - 1] ^ (st.mt[i - 1] >> 30)) * 1664525u)) + key[j] + <uint32_t>j)
        i += 1
        j += 1
        if i >= N_MT:
            st.mt[0] = st.mt[N_MT - 1]
            i = 1
        if j >= n:
            j = 0
        k -= 1
    k = N_MT - 1
    while k > 0:
        st.mt[i] = <uint32_t>((st.mt[i] ^ ((st.mt[i - 1] ^ (st.mt[i - 1] >> 30)) * 1566083941u)) - <uint32_t>i)
        i += 1
        if i >= N_MT:
            st.mt[0] = st.mt[N_MT - 1]
            i = 1
        k -= 1
    st.mt[0] = 0x80000000u


cdef uint32_t c_mt_genrand(MTState* st) noexcept nogil:
    cdef uint32_t y
    cdef int kk
    if st.mti >= N_MT:
        for kk in range(N_MT - M_MT):
            y = (st.mt[kk] & 0x80000000u) | (st.mt[kk + 1] & 0x7fffffffu)
            st.mt[kk] = st.mt[kk + M_MT] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        for kk in range(N_MT - M_MT, N_MT - 1):
            y = (st.mt[kk] & 0x80000000u) | (st.mt[kk + 1] & 0x7fffffffu)
            st.mt[kk] = st.mt[kk + (M_MT - N_MT)] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        y = (st.mt[N_MT - 1] & 0x80000000u) | (st.mt[0] & 0x7fffffffu)
        st.mt[N_MT - 1] = st.mt[M_MT - 1] ^ (y >> 1) ^ (0x9908b0dfu if y & 1 else 0u)
        st.mti = 0
    y = st.mt[st.mti]
    st.mti += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9d2c5680u
    y ^= (y << 15) & 0xefc60000u
    y ^= y >> 18
    return y


cdef inline int _fill_ids(int n_players, uint8_t* yama) noexcept nogil:
    """The ids in play in ascending order; returns their number (136 or 108)."""
    cdef int t, n = 0
    for t in range(136):
        if n_players == 3 and 4 <= t < 32:
            continue  # 2m-8m are not used in three-player
        yama[n] = <uint8_t>t
        n += 1
    return n


cdef void c_shuffle_from_rnd(const uint32_t* rnd, int n_players, uint8_t* yama, int* dice) noexcept nogil:
    cdef int n = _fill_ids(n_players, yama)
    cdef int i, j
    cdef uint8_t t
    for i in range(n - 1):
        j = i + <int>(rnd[i] % <uint32_t>(n - i))
        t = yama[i]
        yama[i] = yama[j]
        yama[j] = t
    dice[0] = <int>(rnd[135] % 6u) + 1
    dice[1] = <int>(rnd[136] % 6u) + 1


# SHA-512 (FIPS 180-4) of one 128-byte message, for Tenhou's shuffle without the GIL.
# K: the first 64 bits of the fractional parts of the cube roots of the first 80
# primes; H0: of the square roots of the first 8 primes (tests check the digest
# against hashlib's).
cdef uint64_t _SHA_K[80]
_SHA_K[:] = [
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
]
cdef uint64_t _SHA_H0[8]
_SHA_H0[:] = [
    0x6a09e667f3bcc908ULL,
    0xbb67ae8584caa73bULL,
    0x3c6ef372fe94f82bULL,
    0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL,
    0x9b05688c2b3e6c1fULL,
    0x1f83d9abfb41bd6bULL,
    0x5be0cd19137e2179ULL,
]


cdef inline uint64_t _rotr(uint64_t x, int n) noexcept nogil:
    return (x >> n) | (x << (64 - n))


cdef void _sha512_block(uint64_t* h, const uint8_t* p) noexcept nogil:
    cdef uint64_t w[80]
    cdef uint64_t a, b, c, d, e, f, g, hh, t1, t2, s0, s1
    cdef int i, j
    for i in range(16):
        w[i] = 0
        for j in range(8):
            w[i] = (w[i] << 8) | p[8 * i + j]
    for i in range(16, 80):
        s0 = _rotr(w[i - 15], 1) ^ _rotr(w[i - 15], 8) ^ (w[i - 15] >> 7)
        s1 = _rotr(w[i - 2], 19) ^ _rotr(w[i - 2], 61) ^ (w[i - 2] >> 6)
        w[i] = w[i - 16] + s0 + w[i - 7] + s1
    a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4]; f = h[5]; g = h[6]; hh = h[7]
    for i in range(80):
        s1 = _rotr(e, 14) ^ _rotr(e, 18) ^ _rotr(e, 41)
        t1 = hh + s1 + ((e & f) ^ (~e & g)) + _SHA_K[i] + w[i]
        s0 = _rotr(a, 28) ^ _rotr(a, 34) ^ _rotr(a, 39)
        t2 = s0 + ((a & b) ^ (a & c) ^ (b & c))
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh


cdef void c_sha512_128(const uint8_t* msg, uint8_t* out) noexcept nogil:
    """SHA-512 digest (64 bytes) of a 128-byte message."""
    cdef uint64_t h[8]
    cdef uint8_t pad[128]
    cdef int i, j
    for i in range(8):
        h[i] = _SHA_H0[i]
    _sha512_block(h, msg)
    memset(pad, 0, 128)
    pad[0] = 0x80
    pad[126] = 0x04  # message length 1024 bits, big-endian in the last 16 bytes
    _sha512_block(h, pad)
    for i in range(8):
        for j in range(8):
            out[8 * i + j] = <uint8_t>(h[i] >> (56 - 8 * j))


cdef void c_tenhou_next_yama(MTState* st, int n_players, uint8_t* yama, int* dice) noexcept nogil:
    """The next hand's wall of a Tenhou game: 288 MT words, nine SHA-512 digests, the shuffle."""
    cdef uint8_t buf[1152]
    cdef uint8_t digest[64]
    cdef uint32_t rnd[144]
    cdef uint32_t r
    cdef int i, j
    for i in range(288):
        r = c_mt_genrand(st)
        for j in range(4):
            buf[4 * i + j] = <uint8_t>((r >> (8 * j)) & 0xFF)  # little-endian, as Tenhou's x86 memory
    for i in range(9):
        c_sha512_128(buf + 128 * i, digest)
        for j in range(16):
            rnd[16 * i + j] = ((<uint32_t>digest[4 * j]) | (<uint32_t>digest[4 * j + 1] << 8)
                               | (<uint32_t>digest[4 * j + 2] << 16) | (<uint32_t>digest[4 * j + 3] << 24))
    c_shuffle_from_rnd(rnd, n_players, yama, dice)


cdef inline uint64_t _splitmix64(uint64_t* x) noexcept nogil:
    cdef uint64_t z
    x[0] += 0x9E3779B97F4A7C15ULL
    z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint64_t _rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t _xoshiro(uint64_t* s) noexcept nogil:
    cdef uint64_t result = _rotl(s[1] * 5, 7) * 9
    cdef uint64_t t = s[1] << 17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


cdef inline uint32_t _bounded(uint64_t* s, uint32_t bound) noexcept nogil:
    """Unbiased integer in [0, bound) (Lemire): the high 32 bits of outputs, rejected below the threshold."""
    cdef uint64_t m = (_xoshiro(s) >> 32) * <uint64_t>bound
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < bound:
        threshold = (<uint32_t>(-bound)) % bound
        while low < threshold:
            m = (_xoshiro(s) >> 32) * <uint64_t>bound
            low = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef void c_seeded_yama(uint64_t seed, uint64_t hand, int n_players, uint8_t* yama, int* dice) noexcept nogil:
    cdef uint64_t x = seed
    cdef uint64_t s[4]
    cdef int n = _fill_ids(n_players, yama)
    cdef int i, j
    cdef uint8_t t
    x = _splitmix64(&x) + hand * 0x9E3779B97F4A7C15ULL
    for i in range(4):
        s[i] = _splitmix64(&x)
    i = n - 1
    while i > 0:
        j = <int>_bounded(s, <uint32_t>(i + 1))
        t = yama[i]
        yama[i] = yama[j]
        yama[j] = t
        i -= 1
    dice[0] = <int>_bounded(s, 6) + 1
    dice[1] = <int>_bounded(s, 6) + 1


cdef int _players(object n_players) except -1:
    if type(n_players) is not int or n_players not in (3, 4):
        raise WallError(f"n_players must be 3 or 4, got {n_players!r}")
    return n_players


def wall_size(n_players=4):
    """Tiles in the wall: 136 (four players) or 108 (three players, no 2m-8m).

    >>> wall_size(3)
    108
    """
    return 108 if _players(n_players) == 3 else 136


LEGACY_PREFIX = "mt19937ar-sha512-n288,"


def _seed_words(seed):
    """The MT19937 key of a Tenhou seed and whether it is the 2009 hexadecimal form."""
    if not isinstance(seed, str):
        raise WallError(f"a Tenhou seed is a string, got {type(seed).__name__}")
    text = seed.strip()
    if text.startswith(LEGACY_PREFIX):
        words = text[len(LEGACY_PREFIX):].split(",")
        if not 1 <= len(words) <= N_MT:
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
    if len(raw) != 4 * N_MT:
        raise WallError(f"a Tenhou seed holds {4 * N_MT} bytes (624 words), this one {len(raw)}")
    return [int.from_bytes(raw[4 * i:4 * i + 4], "little") for i in range(N_MT)], False


cdef class TenhouShuffle:
    """Tenhou's wall generator for one game, from the ``SHUFFLE`` seed of its mjlog.

    Each :meth:`next_wall` call gives the next hand's wall (``bytes`` of tile ids in
    Tenhou's order) and dice, exactly as Tenhou dealt them.  The 2009 form of the
    seed (``mt19937ar-sha512-n288,`` and hexadecimal words) is read too; ``legacy``
    says so (those games put the dead wall's tiles in another order, see
    ``riichi_fast.engine.wall``).
    """

    cdef MTState st
    cdef readonly int hands
    cdef readonly bint legacy

    def __init__(self, seed):
        words, legacy = _seed_words(seed)
        cdef uint32_t key[N_MT]
        cdef int i
        for i in range(len(words)):
            key[i] = <uint32_t>words[i]
        c_mt_init_by_array(&self.st, key, len(words))
        self.hands = 0
        self.legacy = legacy

    def next_wall(self, n_players=4):
        """The next hand's wall and dice: ``(ids in Tenhou's order, (die1, die2))``."""
        cdef int np_ = _players(n_players)
        cdef uint8_t yama[136]
        cdef int dice[2]
        c_tenhou_next_yama(&self.st, np_, yama, dice)
        self.hands += 1
        return (<char*>yama)[:(108 if np_ == 3 else 136)], (dice[0], dice[1])


def sha512_128(data):
    """SHA-512 of a 128-byte message (the kernel of Tenhou's shuffle; checked against hashlib).

    >>> import hashlib
    >>> sha512_128(bytes(128)) == hashlib.sha512(bytes(128)).digest()
    True
    """
    cdef const unsigned char[:] view
    cdef uint8_t out[64]
    if not isinstance(data, (bytes, bytearray)) or len(data) != 128:
        raise WallError("sha512_128 takes exactly 128 bytes")
    view = data
    c_sha512_128(&view[0], out)
    return (<char*>out)[:64]


def seeded_wall(seed, hand=0, n_players=4):
    """Our own wall for integer ``seed`` and hand number ``hand``: ``(ids, (die1, die2))``.

    Stable across versions (see the module comment for the generator).

    >>> ids, dice = seeded_wall(7, 0)
    >>> len(ids), sorted(ids) == list(range(136))
    (136, True)
    """
    cdef int np_ = _players(n_players)
    cdef uint8_t yama[136]
    cdef int dice[2]
    if type(seed) is not int or not 0 <= seed < 2 ** 64:
        raise WallError(f"seed must be an int in 0 .. 2**64-1, got {seed!r}")
    if type(hand) is not int or not 0 <= hand < 2 ** 64:
        raise WallError(f"hand must be an int in 0 .. 2**64-1, got {hand!r}")
    c_seeded_yama(<uint64_t>seed, <uint64_t>hand, np_, yama, dice)
    return (<char*>yama)[:(108 if np_ == 3 else 136)], (dice[0], dice[1])

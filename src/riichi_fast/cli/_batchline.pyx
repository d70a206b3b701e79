# The lines of `riichi-fast batch` into score_batch input columns, in C.
#
# Twin: riichi_fast.reference.cli.batchline (same class, same columns, same
# messages).  The compiled parser reads the common form of a line itself:
# ASCII text, tokens split on spaces/tabs, a token quoted whole with " or ',
# the exact long options of `riichi-fast score` (`--win 4p` or `--win=4p`),
# the hand as the one-line hand syntax (digits and suit letters, 0 for a red
# five, melds with a keyword or the @/* shorthand).  Any other line -- an
# abbreviated option, a backslash, a non-ASCII byte, `--rules`, and every line
# that is wrong in any way -- goes to riichi_fast.cli.scoreline.parse_line, the
# specification, so the answer (a row or a message) is the same by
# construction; tests/cli/test_batchline.py checks the rows under hypothesis.
#
# Cost: about 1 us per line (bench/test_batch_cli.py), against ~350 us for
# argparse + Hand.parse + encode per line.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcmp, memchr, memcpy, memset
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE

import numpy as np

from riichi_fast.errors import RiichiError
from riichi_fast.cli.scoreline import COLUMN_SPECS, _line_message, store_row
from riichi_fast.rules import layout as L
from riichi_fast.tiles import DEFAULT_RED

__all__ = ["COLUMN_SPECS", "LineParser", "format_columns"]

cdef enum:
    MAX_TOKENS = 64
    MAX_SUB = 32
    # option codes (0..11: the flags, in RF_FLAG_NAMES order)
    OPT_NONE = -1
    OPT_WIN = 100
    OPT_SEAT = 101
    OPT_ROUND = 102
    OPT_DORA = 103
    OPT_URA = 104
    OPT_HONBA = 105
    OPT_STICKS = 106
    OPT_RULES = 107

cdef extern from *:
    """
    static const char* RF_FLAG_NAMES[12] = {"tsumo", "riichi", "double-riichi", "ippatsu", "open-riichi",
        "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"};
    static const char* RF_VALUE_NAMES[8] = {"win", "seat", "round", "dora", "ura", "honba", "sticks", "rules"};
    static const int RF_FLAG_LENS[12] = {5, 6, 13, 7, 11, 6, 6, 7, 7, 6, 7, 6};
    static const int RF_VALUE_LENS[8] = {3, 4, 5, 4, 3, 5, 6, 5};
    """
    const char* RF_FLAG_NAMES[12]
    const char* RF_VALUE_NAMES[8]
    const int RF_FLAG_LENS[12]
    const int RF_VALUE_LENS[8]

cdef uint32_t FLAG_BITS[12]
FLAG_BITS[:] = [L.F_TSUMO, L.F_RIICHI, L.F_DOUBLE_RIICHI, L.F_IPPATSU, L.F_OPEN_RIICHI, L.F_HAITEI, L.F_HOUTEI,
                L.F_RINSHAN, L.F_CHANKAN, L.F_TENHOU, L.F_CHIIHOU, L.F_RENHOU]

cdef enum:  # meld types (enums.MeldType)
    CHI = 1
    PON = 2
    DAIMINKAN = 3
    ANKAN = 4
    SHOUMINKAN = 5
    KITA = 6


cdef struct Line:
    uint8_t counts[34]      # closed tiles as written
    uint8_t all_counts[34]  # closed + meld tiles (kita included)
    uint8_t n_red_w[34]     # red tiles written, per kind
    uint8_t n_plain_w[34]   # plain tiles written, per kind
    int n_closed
    int n_sets
    int n_kita
    uint16_t melds[4]
    int last_kind
    int last_red
    int has_win
    const char* win
    Py_ssize_t win_len
    uint32_t flags
    int seat
    int rnd
    uint8_t dora[5]
    uint8_t ura[5]
    int nd
    int nu
    int honba
    int sticks


cdef inline bint is_sep(char c) nogil:
    return c == 32 or c == 9


cdef int option_code(const char* s, Py_ssize_t n) noexcept nogil:
    """The code of ``s`` (without the leading ``--``): 0..11 a flag, OPT_* a value option, -1 unknown."""
    cdef int i
    for i in range(8):
        if RF_VALUE_LENS[i] == n and s[0] == RF_VALUE_NAMES[i][0] and memcmp(s, RF_VALUE_NAMES[i], n) == 0:
            return OPT_WIN + i
    for i in range(12):
        if RF_FLAG_LENS[i] == n and s[0] == RF_FLAG_NAMES[i][0] and memcmp(s, RF_FLAG_NAMES[i], n) == 0:
            return i
    return OPT_NONE


cdef int tile_kind(char digit, char suit, int* red) noexcept nogil:
    """Kind of one tile written ``digit suit`` (``red`` set for a 0), -1 if it needs the slow path."""
    cdef int d = digit - 48
    red[0] = 0
    if d < 0 or d > 9:
        return -1
    if suit == 122:  # z
        if d < 1 or d > 7:
            return -1
        return 26 + d
    cdef int s
    if suit == 109:
        s = 0
    elif suit == 112:
        s = 1
    elif suit == 115:
        s = 2
    else:
        return -1
    if d == 0:
        red[0] = 1
        return 9 * s + 4
    return 9 * s + d - 1


cdef bint take(Line* ln, int kind, int red, const uint8_t* red_def) noexcept nogil:
    """Allocate one tile as the parser does under the default red tiles; False if it would fail."""
    if red:
        if ln.n_red_w[kind] >= red_def[kind]:
            return False
        ln.n_red_w[kind] += 1
    else:
        if ln.n_plain_w[kind] >= 4 - red_def[kind]:
            return False
        ln.n_plain_w[kind] += 1
    ln.all_counts[kind] += 1
    return True


cdef bint closed_token(Line* ln, const char* s, Py_ssize_t n, const uint8_t* red_def) noexcept nogil:
    """Closed tiles: groups of digits, each closed by a suit letter."""
    cdef Py_ssize_t i, start = 0, j
    cdef int kind, red
    cdef char c
    for i in range(n):
        c = s[i]
        if 48 <= c <= 57:
            continue
        if i == start:  # a suit letter without digits, or another character
            return False
        for j in range(start, i):
            kind = tile_kind(s[j], c, &red)
            if kind < 0 or not take(ln, kind, red, red_def):
                return False
            ln.counts[kind] += 1
            ln.n_closed += 1
            ln.last_kind = kind
            ln.last_red = red
        start = i + 1
    return start == n


cdef bint meld_token(Line* ln, const char* s, Py_ssize_t n, const uint8_t* red_def) noexcept nogil:
    cdef Py_ssize_t colon = -1, at = -1, i, body, end
    cdef int mtype = 0, seat = 0, star = -1, n_digits = 0, n_tiles, k, red
    cdef int kinds[4]
    cdef int reds[4]
    cdef char c, suit
    for i in range(n):
        if s[i] == 58 and colon < 0:
            colon = i
    if colon >= 0:
        if colon == 3 and memcmp(s, b"chi", 3) == 0:
            mtype = CHI
        elif colon == 3 and memcmp(s, b"pon", 3) == 0:
            mtype = PON
        elif colon == 3 and memcmp(s, b"kan", 3) == 0:
            mtype = DAIMINKAN
        elif colon == 5 and memcmp(s, b"ankan", 5) == 0:
            mtype = ANKAN
        elif colon == 5 and memcmp(s, b"kakan", 5) == 0:
            mtype = SHOUMINKAN
        elif colon == 4 and memcmp(s, b"kita", 4) == 0:
            mtype = KITA
        elif colon == 9 and memcmp(s, b"daiminkan", 9) == 0:
            mtype = DAIMINKAN
        elif colon == 5 and memcmp(s, b"minkan", 5) == 0:
            mtype = DAIMINKAN
        elif colon == 10 and memcmp(s, b"shouminkan", 10) == 0:
            mtype = SHOUMINKAN
        else:
            return False
        body = colon + 1
    else:
        body = 0
    end = n
    for i in range(body, n):
        if s[i] == 64:
            at = i
            break
    if at >= 0:
        if at != n - 2 or not (49 <= s[n - 1] <= 51):
            return False
        seat = s[n - 1] - 48
        if mtype == ANKAN or mtype == KITA:
            return False
        end = at
    # body[body:end] = digits with at most one '*' after a digit, then one suit letter
    if end - body < 2:
        return False
    suit = s[end - 1]
    n_tiles = 0
    for i in range(body, end - 1):
        c = s[i]
        if c == 42:  # '*'
            if star >= 0 or i == body or not (48 <= s[i - 1] <= 57):
                return False
            star = n_digits - 1
        elif 48 <= c <= 57:
            if n_tiles == 4:
                return False
            k = tile_kind(c, suit, &red)
            if k < 0:
                return False
            kinds[n_tiles] = k
            reds[n_tiles] = red
            n_tiles += 1
            n_digits += 1
        else:
            return False
    if n_tiles == 0:
        return False
    if star >= 0 and (mtype == ANKAN or mtype == KITA):
        return False
    if mtype == 0:
        if n_tiles == 3 and kinds[0] == kinds[1] == kinds[2]:
            mtype = PON
        elif n_tiles == 4 and kinds[0] == kinds[1] == kinds[2] == kinds[3]:
            mtype = DAIMINKAN
        elif n_tiles == 3:
            mtype = CHI
        else:
            return False
    if mtype == CHI or mtype == PON:
        if n_tiles != 3:
            return False
    elif mtype == KITA:
        if n_tiles != 1 or kinds[0] != 30:
            return False
    elif n_tiles != 4:
        return False
    cdef int lo = kinds[0]
    for i in range(n_tiles):
        if kinds[i] < lo:
            lo = kinds[i]
    if mtype == CHI:
        if lo >= 27 or lo % 9 > 6 or (seat != 0 and seat != 3):
            return False
        # the three kinds are lo, lo+1, lo+2 in any order
        if not ((kinds[0] == lo or kinds[1] == lo or kinds[2] == lo)
                and (kinds[0] == lo + 1 or kinds[1] == lo + 1 or kinds[2] == lo + 1)
                and (kinds[0] == lo + 2 or kinds[1] == lo + 2 or kinds[2] == lo + 2)):
            return False
    else:
        for i in range(n_tiles):
            if kinds[i] != lo:
                return False
    for i in range(n_tiles):
        if not take(ln, kinds[i], reds[i], red_def):
            return False
    if mtype == KITA:
        ln.n_kita += 1
    else:
        if ln.n_sets == 4:
            return False
        ln.melds[ln.n_sets] = <uint16_t>((mtype << 8) | lo)
        ln.n_sets += 1
    return True


cdef bint indicators(const char* s, Py_ssize_t n, uint8_t* out, int* count) noexcept nogil:
    """Dora/ura indicators: digit groups each closed by m/p/s/z, at most 5 tiles, no kind five times."""
    cdef Py_ssize_t i, start = 0, j
    cdef int kind, red, m = 0, a, same
    cdef char c
    for i in range(n):
        c = s[i]
        if 48 <= c <= 57:
            continue
        if i == start:
            return False
        for j in range(start, i):
            kind = tile_kind(s[j], c, &red)
            if kind < 0 or m == 5:
                return False
            out[m] = <uint8_t>kind
            m += 1
        start = i + 1
    if start != n:
        return False
    if m == 5:  # five indicators of one kind: a fifth copy
        same = 1
        for a in range(1, 5):
            if out[a] != out[0]:
                same = 0
        if same:
            return False
    count[0] = m
    return True


cdef int small_int(const char* s, Py_ssize_t n) noexcept nogil:
    """A counter 0..1000 written with 1-4 ASCII digits, -1 otherwise."""
    cdef int v = 0
    cdef Py_ssize_t i
    if n < 1 or n > 4:
        return -1
    for i in range(n):
        if not (48 <= s[i] <= 57):
            return -1
        v = 10 * v + s[i] - 48
    return v if v <= 1000 else -1


cdef int wind(const char* s, Py_ssize_t n) noexcept nogil:
    cdef char c
    if n == 1:
        c = s[0]
        if c >= 97:
            c -= 32
        if c == 69:
            return 0
        if c == 83:
            return 1
        if c == 87:
            return 2
        if c == 78:
            return 3
        return -1
    if n == 2 and s[1] == 122 and 49 <= s[0] <= 52:
        return s[0] - 49
    return -1


cdef class LineParser:
    """Reads blocks of lines into reused column buffers of ``capacity`` rows (twin: reference.batchline)."""

    cdef public object rules
    cdef public object rules_name
    cdef public dict columns
    cdef public Py_ssize_t capacity
    cdef public Py_ssize_t n_slow
    cdef uint8_t red_def[34]
    cdef uint8_t red_rules[34]
    cdef uint64_t[::1] c_line
    cdef uint8_t[:, ::1] c_hands
    cdef uint16_t[:, ::1] c_melds
    cdef uint8_t[::1] c_win
    cdef uint32_t[::1] c_flags
    cdef uint8_t[::1] c_seat
    cdef uint8_t[::1] c_round
    cdef uint8_t[:, ::1] c_dora
    cdef uint8_t[:, ::1] c_ura
    cdef uint8_t[::1] c_red
    cdef uint8_t[::1] c_kita
    cdef uint16_t[::1] c_honba
    cdef uint16_t[::1] c_sticks

    def __init__(self, rules, rules_name, capacity):
        if not isinstance(capacity, int) or isinstance(capacity, bool) or capacity < 1:
            raise RiichiError(f"capacity must be a positive int, got {capacity!r}")
        self.rules = rules
        self.rules_name = rules_name
        self.capacity = capacity
        self.n_slow = 0
        self.columns = {name: np.full((capacity, *tail), fill, dtype)
                        for name, (dtype, tail, fill) in COLUMN_SPECS.items()}
        cdef int k
        red = rules.red_counts
        for k in range(34):
            self.red_def[k] = DEFAULT_RED[k]
            self.red_rules[k] = red[k]
        c = self.columns
        self.c_line = c["line"]
        self.c_hands = c["hands"]
        self.c_melds = c["melds"]
        self.c_win = c["win_tile"]
        self.c_flags = c["flags"]
        self.c_seat = c["seat_wind"]
        self.c_round = c["round_wind"]
        self.c_dora = c["dora"]
        self.c_ura = c["ura"]
        self.c_red = c["n_red"]
        self.c_kita = c["n_kita"]
        self.c_honba = c["honba"]
        self.c_sticks = c["riichi_sticks"]

    def parse(self, bytes data, Py_ssize_t pos, Py_ssize_t lineno):
        """Read lines of ``data`` from offset ``pos`` until ``capacity`` rows are filled or the data ends.

        Returns ``(n_rows, end, n_lines, errors)`` (see the twin).
        """
        cdef const char* buf = PyBytes_AS_STRING(data)
        cdef Py_ssize_t size = PyBytes_GET_SIZE(data)
        cdef Py_ssize_t n = 0, n_lines = 0, stop, nxt, a, b
        cdef const char* nl
        cdef int r
        cdef list errors = []
        if pos < 0 or pos > size:
            raise RiichiError(f"pos {pos} is outside the data (0..{size})")
        while pos < size and n < self.capacity:
            nl = <const char*>memchr(buf + pos, 10, size - pos)
            if nl == NULL:
                stop = size
                nxt = size
            else:
                stop = nl - buf
                nxt = stop + 1
            a = pos
            b = stop
            if b > a and buf[b - 1] == 13:
                b -= 1
            pos = nxt
            n_lines += 1
            r = self._fast(buf + a, b - a, n, lineno + n_lines)
            if r == 1:
                n += 1
            elif r < 0:
                self.n_slow += 1
                row, message = _line_message(data[a:b], self.rules, self.rules_name)
                if message is not None:
                    errors.append((lineno + n_lines, message))
                elif row is not None:
                    store_row(self.columns, n, lineno + n_lines, row)
                    n += 1
        return n, pos, n_lines, errors

    cdef int _fast(self, const char* s, Py_ssize_t n, Py_ssize_t i, Py_ssize_t line) except -2:
        """1: row ``i`` written; 0: a blank or comment line; -1: the slow path must read it."""
        cdef Py_ssize_t a = 0, b = n, p, q, t, n_tok = 0, hand_a = -1, hand_b = -1, eq, k
        cdef Py_ssize_t tok_a[MAX_TOKENS]
        cdef Py_ssize_t tok_b[MAX_TOKENS]
        cdef char c, quote
        cdef unsigned char uc
        cdef int code, v, red, kind
        cdef Line ln
        # strip ASCII blanks; skip blank and comment lines before anything else
        while a < b and (s[a] == 32 or 9 <= s[a] <= 13):
            a += 1
        while b > a and (s[b - 1] == 32 or 9 <= s[b - 1] <= 13):
            b -= 1
        if a == b or s[a] == 35:
            return 0
        for p in range(a, b):
            uc = <unsigned char>s[p]
            if (uc < 32 and uc != 9) or uc >= 127 or uc == 92:
                return -1
        # split into words (quoted whole or not quoted at all)
        p = a
        while p < b:
            while p < b and is_sep(s[p]):
                p += 1
            if p == b:
                break
            if n_tok == MAX_TOKENS:
                return -1
            c = s[p]
            if c == 34 or c == 39:
                quote = c
                q = p + 1
                while q < b and s[q] != quote:
                    if s[q] == 34 or s[q] == 39:
                        return -1
                    q += 1
                if q == b or q == p + 1 or (q + 1 < b and not is_sep(s[q + 1])):
                    return -1
                tok_a[n_tok] = p + 1
                tok_b[n_tok] = q
                p = q + 1
            else:
                q = p
                while q < b and not is_sep(s[q]):
                    if s[q] == 34 or s[q] == 39:
                        return -1
                    q += 1
                tok_a[n_tok] = p
                tok_b[n_tok] = q
                p = q
            n_tok += 1
        memset(&ln, 0, sizeof(Line))
        ln.last_kind = -1
        t = 0
        while t < n_tok:
            p = tok_a[t]
            q = tok_b[t]
            if s[p] != 45:  # the hand
                if hand_a >= 0:
                    return -1
                hand_a = p
                hand_b = q
                t += 1
                continue
            if q - p < 3 or s[p + 1] != 45:
                return -1
            eq = -1
            for k in range(p + 2, q):
                if s[k] == 61:
                    eq = k
                    break
            code = option_code(s + p + 2, (eq if eq >= 0 else q) - p - 2)
            if code == OPT_NONE:
                return -1
            if code < OPT_WIN:
                if eq >= 0:
                    return -1
                ln.flags |= FLAG_BITS[code]
                t += 1
                continue
            if eq >= 0:
                p = eq + 1
                t += 1
            else:
                if t + 1 >= n_tok:
                    return -1
                p = tok_a[t + 1]
                q = tok_b[t + 1]
                if s[p] == 45:
                    return -1
                t += 2
            if p >= q:
                return -1
            if code == OPT_WIN:
                ln.has_win = 1
                ln.win = s + p
                ln.win_len = q - p
            elif code == OPT_SEAT or code == OPT_ROUND:
                v = wind(s + p, q - p)
                if v < 0:
                    return -1
                if code == OPT_SEAT:
                    ln.seat = v
                else:
                    ln.rnd = v
            elif code == OPT_DORA:
                if not indicators(s + p, q - p, ln.dora, &ln.nd):
                    return -1
            elif code == OPT_URA:
                if not indicators(s + p, q - p, ln.ura, &ln.nu):
                    return -1
            elif code == OPT_HONBA or code == OPT_STICKS:
                v = small_int(s + p, q - p)
                if v < 0:
                    return -1
                if code == OPT_HONBA:
                    ln.honba = v
                else:
                    ln.sticks = v
            else:  # --rules: read by the specification
                return -1
        if hand_a < 0:
            return -1
        # the hand: closed tokens and meld tokens, split on blanks
        cdef Py_ssize_t sub_a[MAX_SUB]
        cdef Py_ssize_t sub_b[MAX_SUB]
        cdef bint is_meld[MAX_SUB]
        cdef int n_sub = 0, j
        p = hand_a
        while p < hand_b:
            while p < hand_b and is_sep(s[p]):
                p += 1
            if p == hand_b:
                break
            if n_sub == MAX_SUB:
                return -1
            q = p
            is_meld[n_sub] = False
            while q < hand_b and not is_sep(s[q]):
                if s[q] == 58 or s[q] == 64 or s[q] == 42:
                    is_meld[n_sub] = True
                q += 1
            sub_a[n_sub] = p
            sub_b[n_sub] = q
            n_sub += 1
            p = q
        for j in range(n_sub):
            if not is_meld[j] and not closed_token(&ln, s + sub_a[j], sub_b[j] - sub_a[j], self.red_def):
                return -1
        for j in range(n_sub):
            if is_meld[j] and not meld_token(&ln, s + sub_a[j], sub_b[j] - sub_a[j], self.red_def):
                return -1
        cdef int total = ln.n_closed + 3 * ln.n_sets
        if total != 13 and total != 14:
            return -1
        # the winning tile
        cdef int win_kind, win_red
        if ln.has_win:
            if ln.win_len != 2:
                return -1
            win_kind = tile_kind(ln.win[0], ln.win[1], &win_red)
            if win_kind < 0:
                return -1
        elif total == 14 and ln.last_kind >= 0:
            win_kind = ln.last_kind
            win_red = ln.last_red
        else:
            return -1
        if win_red:
            if self.red_rules[win_kind] == 0:
                return -1
        elif self.red_rules[win_kind] >= 4:
            return -1
        cdef int n_red = 0, r0, r1
        for k in range(34):
            if ln.all_counts[k]:
                r0 = self.red_def[k]
                r1 = self.red_rules[k]
                n_red += ln.n_red_w[k] if ln.n_red_w[k] < r1 else r1
                v = r0 + ln.n_plain_w[k]
                if v > r1:
                    v = r1
                if v > r0:
                    n_red += v - r0
        if total == 14:
            if ln.counts[win_kind] == 0:
                return -1
        else:
            if ln.all_counts[win_kind] >= 4:
                return -1
            ln.counts[win_kind] += 1
            n_red += win_red
        # dora and ura indicators are physical tiles too: a fifth copy is the specification's error
        cdef int seen[34]
        for k in range(34):
            seen[k] = ln.all_counts[k]
        if total != 14:
            seen[win_kind] += 1
        for k in range(ln.nd):
            seen[ln.dora[k]] += 1
            if seen[ln.dora[k]] > 4:
                return -1
        for k in range(ln.nu):
            seen[ln.ura[k]] += 1
            if seen[ln.ura[k]] > 4:
                return -1
        # write row i
        self.c_line[i] = line
        for k in range(34):
            self.c_hands[i, k] = ln.counts[k]
        for k in range(4):
            self.c_melds[i, k] = ln.melds[k]
        self.c_win[i] = win_kind
        self.c_flags[i] = ln.flags
        self.c_seat[i] = ln.seat
        self.c_round[i] = ln.rnd
        for k in range(5):
            self.c_dora[i, k] = ln.dora[k] if k < ln.nd else 255
            self.c_ura[i, k] = ln.ura[k] if k < ln.nu else 255
        self.c_red[i] = n_red
        self.c_kita[i] = ln.n_kita
        self.c_honba[i] = ln.honba
        self.c_sticks[i] = ln.sticks
        return 1


# ---------------------------------------------------------------------------
# text output (csv, jsonl): rows formatted in C

from cpython.mem cimport PyMem_Malloc, PyMem_Realloc, PyMem_Free
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdint cimport int64_t


cdef struct Buf:
    char* p
    Py_ssize_t n
    Py_ssize_t cap


cdef int buf_grow(Buf* b, Py_ssize_t need) except -1:
    cdef Py_ssize_t cap
    cdef char* p
    if b.n + need <= b.cap:
        return 0
    cap = 2 * b.cap + need
    p = <char*>PyMem_Realloc(b.p, cap)
    if p == NULL:
        raise MemoryError()
    b.p = p
    b.cap = cap
    return 0


cdef inline int buf_add(Buf* b, const char* s, Py_ssize_t n) except -1:
    if b.n + n > b.cap:
        buf_grow(b, n)
    memcpy(b.p + b.n, s, n)
    b.n += n
    return 0


cdef int buf_int(Buf* b, int64_t v) except -1:
    cdef char tmp[24]
    cdef int i = 24
    cdef bint neg = v < 0
    cdef uint64_t u = (<uint64_t>0 - <uint64_t>v) if neg else <uint64_t>v
    while True:
        i -= 1
        tmp[i] = <char>(48 + u % 10)
        u //= 10
        if u == 0:
            break
    if neg:
        i -= 1
        tmp[i] = 45
    return buf_add(b, tmp + i, 24 - i)



def format_columns(list prefixes, bytes suffix, list columns, list tables, missing):
    """Rows of text: for each row, each column's prefix then its value, then ``suffix``.

    ``columns``: int64 arrays of one length.  ``tables[j]``: None (the value
    written as a decimal integer), a list of bytes (the value indexes it) or a
    dict of bytes (keyed by the value; a missing key is filled with
    ``missing(j, value)``).  Returns the bytes of every row.
    """
    cdef Py_ssize_t n_cols = len(columns), j, i, n
    cdef Buf b
    cdef int64_t v
    cdef list views = []
    cdef object table, text
    if n_cols != len(prefixes) or n_cols != len(tables):
        raise RiichiError("format_columns: prefixes, columns and tables differ in length")
    if n_cols > 64:
        raise RiichiError("format_columns: at most 64 columns")
    n = len(columns[0]) if n_cols else 0
    cdef const int64_t* data[64]
    cdef const char* pre[64]
    cdef Py_ssize_t pre_n[64]
    cdef int kind[64]  # 0 integer, 1 list, 2 dict
    for j in range(n_cols):
        if len(columns[j]) != n:
            raise RiichiError("format_columns: columns differ in length")
        arr = np.ascontiguousarray(columns[j], dtype=np.int64)
        views.append(arr)
        data[j] = <const int64_t*><size_t>arr.ctypes.data
        pre[j] = PyBytes_AS_STRING(prefixes[j])
        pre_n[j] = PyBytes_GET_SIZE(prefixes[j])
        kind[j] = 0 if tables[j] is None else (1 if type(tables[j]) is list else 2)
    cdef const char* suf = PyBytes_AS_STRING(suffix)
    cdef Py_ssize_t suf_n = PyBytes_GET_SIZE(suffix)
    b.n = 0
    b.cap = 64 + n * (32 + 8 * n_cols)
    b.p = <char*>PyMem_Malloc(b.cap)
    if b.p == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            for j in range(n_cols):
                buf_add(&b, pre[j], pre_n[j])
                v = data[j][i]
                if kind[j] == 0:
                    buf_int(&b, v)
                    continue
                table = tables[j]
                if kind[j] == 1:
                    if 0 <= v < len(<list>table):
                        text = (<list>table)[v]
                    else:
                        text = missing(j, v)
                else:
                    text = (<dict>table).get(v)
                    if text is None:
                        text = missing(j, v)
                        (<dict>table)[v] = text
                buf_add(&b, PyBytes_AS_STRING(text), PyBytes_GET_SIZE(text))
            buf_add(&b, suf, suf_n)
        return PyBytes_FromStringAndSize(b.p, b.n)
    finally:
        PyMem_Free(b.p)

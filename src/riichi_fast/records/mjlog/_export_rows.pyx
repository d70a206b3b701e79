# The rows of the export tables (riichi_fast.stats.export) that the mjlog scan writes in
# export mode (records.mjlog._scan.export_mjlog, whose docstring gives the layout): one
# row per round, win and draw as the replay reaches them, the game row last.  The values
# are the record's own (nothing re-scored or settled), as the model path writes them.

from libc.stdint cimport int32_t
from libc.string cimport memset

from riichi_fast.records.mjlog._game cimport BAD, FULL, OK, OUTSIDE, Meld, WinRec, decode_meld
from riichi_fast.records.mjlog._tokens cimport attr_ints, find_attr, unquote_into


cdef int32_t* _ex_row(Game* g, int kind) noexcept nogil:
    """A new export row of the current round (zeroed, its common columns set), or NULL
    when the array is full (said at the end, once the game is verified)."""
    cdef int32_t* row
    if g.n_rows >= g.rows_cap:
        g.full = 1
        return NULL
    row = g.rows + g.n_rows * EX_WIDTH
    g.n_rows += 1
    memset(row, 0, EX_WIDTH * sizeof(int32_t))
    row[0] = kind
    row[1] = g.game_idx
    row[2] = g.n_rounds - 1
    row[3] = g.round_wind
    row[4] = g.kyoku
    row[5] = g.honba
    return row


cdef int _mpsz(int* ids, int n, int red, char* out) noexcept nogil:
    """``ids`` (136-ids, sorted here) as mpsz text into ``out`` (red fives ``0`` when
    ``red``), as ``records.model.tiles_mpsz``; returns the length."""
    cdef int i, j, x, k = 0, kind, suit, cur = -1
    cdef const char* letters = "mpsz"
    for i in range(1, n):
        x = ids[i]
        j = i - 1
        while j >= 0 and ids[j] > x:
            ids[j + 1] = ids[j]
            j -= 1
        ids[j + 1] = x
    for i in range(n):
        kind = ids[i] // 4
        suit = kind // 9 if kind < 27 else 3
        if suit != cur:
            if cur >= 0:
                out[k] = letters[cur]
                k += 1
            cur = suit
        if suit == 3:
            out[k] = <char>(48 + kind - 26)
        elif red and (ids[i] == 16 or ids[i] == 52 or ids[i] == 88):
            out[k] = 48  # '0': the red five
        else:
            out[k] = <char>(49 + kind % 9)
        k += 1
    if cur >= 0:
        out[k] = letters[cur]
        k += 1
    return k


cdef int ex_win(Game* g, int who, int tsumo, int from_who, int machi, int pao, int* closed,
                 int n_closed, int* codes, int n_codes, int* yaku, int n_yaku, int* yakuman,
                 int n_yakuman, int* ten, int* sc, int* ura, int n_ura) noexcept nogil:
    """``_agari`` in export mode, once the win's structure is checked (the attributes read,
    the closed tiles, melds and dora indicators are the replayed ones): its export row from
    the recorded values (``closed`` is sorted here).  Nothing is re-scored or compared with
    the scores: the model path (``stats._export.game_tables``) writes the recorded values
    whether they are right or not, so checking them would only choose which of the two
    paths writes the same row."""
    cdef int i, k, s, t, han = 0, dora = 0, ura_han = 0, aka = 0
    cdef int32_t* row
    cdef char* out
    cdef const char* name
    cdef Meld m
    cdef WinRec* w
    if g.riichi[who]:
        for i in range(n_ura):
            if not 0 <= ura[i] < 136:
                return OUTSIDE
    g.round_wins += 1
    g.n_wins += 1
    g.round_ended = 1
    if g.round_wins > 4:
        return OUTSIDE
    w = &g.wins[g.round_wins - 1]
    w.winner = who
    w.discarder = -1 if tsumo else from_who
    w.pao = pao
    for s in range(4):
        w.rec[s] = sc[2 * s + 1] * 100 if s < g.n else 0
    row = _ex_row(g, EX_WIN)
    if row == NULL:
        return OK
    row[6] = who
    row[7] = who if tsumo else from_who
    row[8] = tsumo
    row[9] = g.round_wins - 1
    row[10] = machi
    k = 0
    for i in range(0, n_yaku, 2):
        t = yaku[i]
        han += yaku[i + 1]
        if t == 52:
            dora += yaku[i + 1]
        elif t == 53:
            ura_han += yaku[i + 1]
        elif t == 54:
            aka += yaku[i + 1]
        else:
            row[EX_YAKU + k] = t
            k += 1
    for i in range(n_yakuman):
        row[EX_YAKU + k] = yakuman[i]
        k += 1
    row[24] = k
    row[11] = 0 if n_yakuman else han
    row[12] = ten[0]
    row[13] = ten[1]
    row[14] = ten[2]
    row[15] = 1 if n_yakuman else 0
    row[16] = dora
    row[17] = ura_han
    row[18] = aka
    row[19] = pao
    for s in range(g.n):
        row[20 + s] = sc[2 * s + 1] * 100
    row[25] = _mpsz(closed, n_closed, g.red, <char*>&row[EX_CLOSED])
    out = <char*>&row[EX_MELDS]
    k = 0
    for i in range(n_codes):
        decode_meld(codes[i], who, g.n, &m)  # decoded by _agari already
        if i:
            out[k] = 32
            k += 1
        k += _mpsz(m.tiles, m.n_tiles, g.red, out + k)
        if m.type == 1:
            name = "(chi)"
        elif m.type == 2:
            name = "(pon)"
        elif m.type == 3:
            name = "(daiminkan)"
        elif m.type == 4:
            name = "(ankan)"
        elif m.type == 5:
            name = "(shouminkan)"
        else:
            name = "(kita)"
        while name[0]:
            out[k] = name[0]
            k += 1
            name += 1
    row[26] = k
    return OK


cdef void ex_hand(Game* g) noexcept nogil:
    """The export row of the round just ended."""
    cdef int s
    cdef int32_t* row = _ex_row(g, EX_HAND)
    if row == NULL:
        return
    row[6] = g.sticks
    row[7] = g.dealer
    row[8] = g.round_wins
    row[9] = g.draw_kind
    for s in range(g.n):
        row[10 + s] = g.scores[s]
    row[14] = g.riichi_mask
    row[15] = g.called_mask


cdef void ex_draw(Game* g, Attr* attrs, int na) noexcept nogil:
    """The export row of a draw just settled (as records.tenhou reads it: tenpai = the
    seats whose hands are shown, for an exhaustive draw or a nagashi mangan)."""
    cdef int sc[8]
    cdef int s, tenpai = 0, nagashi = 0
    cdef char name[5]
    cdef int32_t* row
    if attr_ints(attrs, na, "sc", sc, 8) != 8:
        return  # pragma: no cover - checked by _ryuukyoku
    row = _ex_row(g, EX_DRAW)
    if row == NULL:
        return
    name[0] = 104
    name[1] = 97
    name[2] = 105
    name[4] = 0
    if g.draw_kind == 0 or g.draw_kind == 6:
        for s in range(g.n):
            name[3] = 48 + s
            if find_attr(attrs, na, name) >= 0:
                tenpai |= 1 << s
    if g.draw_kind == 6:
        for s in range(g.n):
            if g.nag_ok[s]:
                nagashi |= 1 << s
    row[6] = g.draw_kind
    row[7] = tenpai
    row[8] = nagashi
    for s in range(g.n):
        row[9 + s] = sc[2 * s + 1] * 100


cdef int ex_finish(Game* g, const char* data) noexcept nogil:
    """After a pass of ``export_mjlog`` that read the game: its game row (``_ex_game``),
    or ``BAD`` when the record holds what the rows do not carry or has no result."""
    if g.decline or not g.have_next:
        return BAD
    return _ex_game(g, data)


cdef int _ex_game(Game* g, const char* data) noexcept nogil:
    """The game row (the tables games and players), after the game verified; FULL when
    there is no room, BAD when a name does not fit (or is not UTF-8 once decoded)."""
    cdef int s, t, i, top = 0, n = g.n, seat, k
    cdef int final[4]
    cdef int32_t* r
    cdef int32_t* x
    if g.full or g.n_rows >= g.rows_cap:
        return FULL
    r = g.rows + g.n_rows * EX_WIDTH
    memset(r, 0, EX_WIDTH * sizeof(int32_t))
    for s in range(4):
        if not g.un_seen:
            r[EX_NAME_LEN + s] = -1
            continue
        k = unquote_into(data + g.un_off[s], g.un_len[s], <char*>&r[EX_NAMES] + s * EX_NAME_BYTES,
                     EX_NAME_BYTES)
        if k < 0:
            return BAD
        r[EX_NAME_LEN + s] = k
    # per seat: wins, tsumo, deal-ins, riichi, calls from this game's rows
    for i in range(g.n_rows):
        x = g.rows + i * EX_WIDTH
        if x[0] == EX_HAND:
            for s in range(n):
                if x[14] >> s & 1:
                    r[34 + s] += 1
                if x[15] >> s & 1:
                    r[38 + s] += 1
        elif x[0] == EX_WIN:
            seat = x[6]
            r[22 + seat] += 1
            if x[8]:
                r[26 + seat] += 1
            else:
                r[30 + x[7]] += 1
    g.n_rows += 1
    r[0] = EX_GAME
    r[1] = g.game_idx
    r[2] = n
    r[3] = (g.go_flags & 0x08 != 0) if g.go_seen else 1
    r[4] = g.red
    r[5] = g.n_rounds
    for s in range(n):
        final[s] = g.next_scores[s]
        if final[s] > final[top]:
            top = s
    final[top] += 1000 * g.next_sticks
    for s in range(n):
        r[6 + s] = final[s]
        r[18 + s] = 1
        for t in range(n):
            if final[t] > final[s] or (final[t] == final[s] and t < s):
                r[18 + s] += 1
    for s in range(4):
        r[10 + 2 * s] = g.un_off[s] if g.un_seen else 0
        r[11 + 2 * s] = g.un_len[s] if g.un_seen else -1
    return OK

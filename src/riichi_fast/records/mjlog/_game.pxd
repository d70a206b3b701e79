# The replay state of the mjlog scan (records.mjlog._scan), shared with the export rows
# (records.mjlog._export_rows): the status codes, the C structs of a game being replayed,
# and the decoding of Tenhou's meld codes.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t


cdef enum:
    OK = 0
    BAD = 1          # mismatch, damaged or incomplete record
    OUTSIDE = 2      # not covered here: the full verifier decides
    FULL = 3         # stats_mjlog: the rows array has no room left
    ROW_WIDTH = 16
    ROW_HAND = 1
    ROW_WIN = 2
    ROW_GAME = 3
    MAX_INTS = 64
    LAST_NONE = 0
    LAST_DRAW = 1
    LAST_DISCARD = 2
    LAST_CALL = 3
    LAST_KAKAN = 4
    LAST_ANKAN = 5
    LAST_KITA = 6


cdef struct Meld:
    int type          # 1 chi 2 pon 3 daiminkan 4 ankan 5 shouminkan
    int kind          # lowest kind
    int called        # 136-id taken, -1 none
    int added         # kakan: the added tile
    int tiles[4]
    int n_tiles


cdef struct WinRec:
    int winner
    int discarder     # -1 tsumo
    int64_t ron
    int64_t tsumo_dealer
    int64_t tsumo_other
    int pao           # liable seat whose pao applies, -1 none
    int rec[4]        # recorded changes


cdef struct Settings:
    int honba_value
    int noten_payment
    int abortive_mask
    int adds_counter
    int counters_all
    int nagashi        # nagashi mangan played
    uint64_t pao_mask  # yaku ids whose yakuman make a liable seat pay (pao)
    int pao_honba_liable
    int start_points   # every seat's score at East 1 with no counter


cdef struct Game:
    int n
    int red
    int open_tanyao
    int have_round
    int round_ended
    int n_rounds
    int n_wins
    int n_draws
    # round
    int dealer
    int round_wind
    int honba
    int sticks
    int scores[4]
    uint8_t hand[4][136]
    int hand_n[4]
    Meld melds[4][4]
    int n_melds[4]
    int kita[4][4]    # three players: the norths set aside (136-ids)
    int n_kita[4]
    int go_seen
    int dora[5]
    int n_dora
    int n_draw_steps
    int max_draws
    int discards[4]
    int any_call
    int riichi[4]
    int dbl[4]
    int ippatsu[4]
    int ippatsu_before[4]
    int since_declare[4]
    int after_kan[4]
    int rinshan_draw[4]
    int last_draw[4]
    int last_type
    int last_tile
    int declared[4]
    WinRec wins[4]
    int round_wins
    int nag_ok[4]     # every discard terminal/honor, none called
    int pending_seat  # the previous event was this seat's discard (-1: it was not)
    int pending_tile
    int shown[4]      # scores a result shows before its settlement
    # expected next table (after a settled round)
    int have_next
    int next_dealer
    int next_wind
    int next_honba
    int next_sticks
    int next_scores[4]
    int have_owari
    int owari_scores[4]
    int owari_points[4]
    # statistics rows (stats_mjlog; NULL for verify_mjlog)
    int32_t* rows
    int rows_cap
    int n_rows
    int game_idx
    int full          # the rows array had no room for a row
    int un_seen       # the first <UN n0>: where its names are
    int un_off[4]
    int un_len[4]
    int decline       # the record holds what the rows do not carry: the full reader counts it
    int riichi_mask   # seats that declared riichi this round (REACH step 1)
    int called_mask   # seats that made a chi, pon or open kan this round
    int draw_kind     # this round's draw kind, -1 none
    int export_rows   # export_mjlog: the rows are its EX_WIDTH rows (records.mjlog._export_rows),
                      # and nothing is re-scored or settled (ex_win, _ex_settle, _ex_ryuukyoku)
    int kyoku         # this round's hand of the wind (INIT seed[0] % 4)
    int go_flags      # the last <GO type> (go_seen: there was one)


cdef inline int decode_meld(int code, int who, int n, Meld* m) noexcept nogil:
    """Tenhou meld code -> m; 0 ok, -1 a code records.tenhou.decode_meld refuses
    (for ``n`` players; a kita is type 6, three players only)."""
    cdef int rel = code & 3, t, r, base, i, kind, unused, k
    if code < 0 or code >= 65536 or not 0 <= who < n:
        return -1
    if rel and (who + rel) % 4 >= n:
        return -1  # called from the empty fourth seat
    m.called = -1
    m.added = -1
    if code & 0x4:
        if n == 3 or rel != 3 or code & 0x200:
            return -1
        t = code >> 10
        if t >= 63:
            return -1
        r = t % 3
        t //= 3
        base = (t // 7) * 9 + t % 7
        m.type = 1
        m.kind = base
        m.n_tiles = 3
        m.tiles[0] = base * 4 + ((code >> 3) & 3)
        m.tiles[1] = (base + 1) * 4 + ((code >> 5) & 3)
        m.tiles[2] = (base + 2) * 4 + ((code >> 7) & 3)
        m.called = m.tiles[r]
        return 0
    if code & 0x18:
        if code & 0x18 == 0x18 or code & 0x180 or rel == 0:
            return -1
        t = code >> 9
        if t >= 102:
            return -1
        r = t % 3
        kind = t // 3
        unused = (code >> 5) & 3
        k = 0
        for i in range(4):
            if i != unused:
                m.tiles[k] = kind * 4 + i
                k += 1
        m.called = m.tiles[r]
        m.kind = kind
        if code & 0x8:
            m.type = 2
            m.n_tiles = 3
        else:
            m.type = 5
            m.added = kind * 4 + unused
            for i in range(4):
                m.tiles[i] = kind * 4 + i
            m.n_tiles = 4
    elif code & 0x20:
        t = code >> 8
        if n == 4 or code & 0xDF or t // 4 != 30:
            return -1
        m.type = 6
        m.kind = 30
        m.n_tiles = 1
        m.tiles[0] = t
        return 0
    else:
        if code & 0xC0:
            return -1
        t = code >> 8
        if t >= 136:
            return -1
        kind = t // 4
        m.kind = kind
        m.n_tiles = 4
        for i in range(4):
            m.tiles[i] = kind * 4 + i
        if rel == 0:
            m.type = 4
        else:
            m.type = 3
            m.called = t
    if n == 3 and 1 <= m.kind <= 7:
        return -1  # 2m-8m: three players do not use them
    return 0

# Scoring kernel: the best (reading, win set) of a winning hand, its yaku mask,
# fu, limit and payments.  Contract: docs/SCORING.md; the codes and offsets
# (Y_*, F_*, CTX_*, R_*, ST_*, LIMIT_*, FU_*, O_*) are those of
# riichi_fast.rules.layout, generated into riichi_fast/rules/_layout.pxd and
# re-exported here for the kernel's users.

from libc.stdint cimport uint8_t, uint16_t, int32_t, int64_t, uint64_t

from riichi_fast._types cimport count_t
from riichi_fast.rules._layout cimport *


# The rules parameters digested once (c_digest_rules): what c_score_hand would
# re-derive from ``params`` on every call.  ``p`` points at the params array:
# the digest is valid only while that array lives and does not change.
cdef struct RulesC:
    const int32_t* p
    uint64_t avail_closed      # ids with han (closed) > 0 or a yakuman multiple > 0
    uint64_t avail_open
    uint64_t yakuman           # ids with a yakuman multiple > 0


# Digest ``params`` (R_SIZE rules parameters) into ``rc`` (fully overwritten).
cdef void c_digest_rules(const int32_t* params, RulesC* rc) noexcept nogil


# c_score_hand with the rules already digested (the same answer, without the
# per-call digest): for callers that keep one digest per rules object.
cdef int c_score_hand_digested(const count_t* closed, const uint8_t* meld_types,
                               const uint8_t* meld_kinds, int win_kind, const int32_t* ctx,
                               const RulesC* rules, int64_t* out) noexcept nogil


# Score one winning hand (docs/SCORING.md section 5) into ``out`` (fully
# overwritten) and return out[O_STATUS].  Never fails: malformed input gives
# ST_BAD_INPUT.  No allocation; every buffer lives on the stack.
cdef int c_score_hand(const count_t* closed,        # IN  34 closed counts, win tile included
                      const uint8_t* meld_types,    # IN  4 MELD_* codes, 0 = none (slots from 0)
                      const uint8_t* meld_kinds,    # IN  4 kinds (lowest for a chi)
                      int win_kind,                 # IN  0..33
                      const int32_t* ctx,           # IN  CTX_SIZE context
                      const int32_t* params,        # IN  R_SIZE rules parameters
                      int64_t* out) noexcept nogil  # OUT OUT_SIZE result


# c_score_hand_digested writing only what the column engine (riichi_fast.scoring._columns) reads:
# O_STATUS and, on ST_OK, the score, O_FORM / O_WAIT and the payments (not the sets, pair or fu
# items); the other slots of ``out`` are left as they were.
cdef int c_score_hand_columns(const count_t* closed, const uint8_t* meld_types,
                              const uint8_t* meld_kinds, int win_kind, const int32_t* ctx,
                              const RulesC* rules, int64_t* out) noexcept nogil


# Batch meld codes ``(type << 8) | kind`` (4 per row) to the kernel's two arrays (type 0 = no meld,
# its kind ignored).
cdef inline void c_decode_melds(const uint16_t* codes, uint8_t* mt, uint8_t* mk) noexcept nogil:
    cdef int j
    for j in range(4):
        mt[j] = <uint8_t>(codes[j] >> 8)
        mk[j] = <uint8_t>(codes[j] & 0xff) if mt[j] else 0

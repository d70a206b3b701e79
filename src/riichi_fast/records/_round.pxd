# The state of one round being replayed, in C arrays: what
# records.round_state.RoundReplay keeps in Python lists.  Shared by the compiled tenhou6
# and mjai readers (records/tenhou6/_reader.pyx, records/mjai/_reader.pyx); see records/_round.pyx.

cdef enum:
    HAND_CAP = 24
    LAST_NONE = 0
    LAST_DRAW = 1
    LAST_DISCARD = 2
    LAST_KAKAN = 3
    LAST_KITA = 4
    LAST_ANKAN = 5
    LAST_CALL = 6


cdef class RoundState:
    cdef object round
    cdef list events
    cdef list melds
    cdef list dora
    cdef object red_obj
    cdef int n
    cdef bint red_fives
    cdef bint three
    cdef int used[34]
    cdef int hand[4][HAND_CAP]
    cdef int hn[4]
    cdef int n_draws
    cdef int max_draws
    cdef int discards[4]
    cdef bint any_call
    cdef bint riichi[4]
    cdef bint double_riichi[4]
    cdef bint ippatsu[4]
    cdef bint ippatsu_before_call[4]
    cdef bint call_since_declare[4]
    cdef bint after_kan[4]
    cdef bint rinshan[4]
    cdef int last_draw[4]
    cdef int last_type
    cdef int last_seat
    cdef int last_tile
    cdef int ld_seat
    cdef int ld_tile
    cdef int sticks_paid
    cdef int stick_by[4]

    cdef int new_id(self, int kind, bint red) except -1
    cdef int find(self, int seat, int kind, int red) noexcept
    cdef int add_tile(self, int seat, int tile) except -1
    cdef int remove_tile(self, int seat, int tile) except -1
    cdef int draw(self, int seat, int tile) except -1
    cdef int discard(self, int seat, int tile) except -1
    cdef int own_distinct(self, int seat, int k, const int *kinds, const int *reds,
                          int *out) except -1
    cdef int call(self, int who, object meld, int mtype, int called, int added,
                  tuple tiles) except -1
    cdef int kakan(self, int who, int added) except -1
    cdef int riichi_declared(self, int who) except -1
    cdef int riichi_accepted(self, int who) except -1
    cdef int reveal_dora(self, object tile) except -1
    cdef object win(self, object label, int who, object from_who, object recorded, object honba,
                    object sticks, object ura, int multi)
    cdef int remember_declared(self) except -1
    cdef object to_replay(self, object label)
    cdef int begin(self, object rnd) except -1


cdef RoundState new_state(int n, bint red_fives, object red_obj)
cdef object new_plain_id(object ids, int kind, bint red_fives)
cdef object new_event(object type_, object seat, object tile, object meld, object tsumogiri)
cdef object new_meld(object mtype, tuple tiles, object called, object from_seat, object added)
cdef object new_round(object index, object round_wind, object kyoku, object dealer, object honba,
                      object riichi_sticks, object scores, object dora_indicators,
                      object initial_hands)
cdef object mini_json_c(str text, bint loose)

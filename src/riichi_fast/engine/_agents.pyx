# The built-in agents in C (declared in _agents.pxd): riichi_fast.engine.agents is their
# specification (the same choice from the same legal actions; tests/engine/test_table_twins.py plays
# the same games both ways).

from libc.stdint cimport uint8_t, uint64_t

from riichi_fast._types cimport count_t
from riichi_fast.analysis._shanten cimport c_make_caps, c_shanten, c_shanten_after_change, c_shanten_after_change_caps, \
    c_shanten_caps
from riichi_fast.analysis._waits cimport c_ukeire, c_ukeire_caps
from riichi_fast.engine._actions cimport (A_CHI, A_DISCARD, A_KITA, A_PASS, A_PON, A_RIICHI, A_RON, A_TSUMO,
                                         N_ACTIONS, Act, c_index_of)
from riichi_fast.engine._table cimport MAX_TURN, P_TURN, CTable, Seat, _bit, _sortn, _yaochuu_mask

from riichi_fast.engine.types import EngineError

#: the built-in agents' names (riichi_fast.engine.agents), in code order (AG_* in _agents.pxd)
AGENT_NAMES = ("random", "tsumogiri", "greedy")

cdef uint64_t _YAOCHUU_MASK = _yaochuu_mask()


cdef int _random_agent(const Act* acts, int n, const uint8_t* redc, uint64_t* rng) noexcept nogil:
    """RandomAgent: the distinct action indices ascending (the first action of each), number word % count."""
    cdef uint8_t idx[MAX_TURN]           # indices < N_ACTIONS
    cdef int first[N_ACTIONS]
    cdef int i, m = 0, x, chosen
    cdef uint64_t w
    for i in range(N_ACTIONS):
        first[i] = -1
    for i in range(n):
        x = c_index_of(&acts[i], redc)
        if first[x] < 0:
            first[x] = i
            idx[m] = x
            m += 1
    _sortn(idx, m)
    w = _splitmix64(rng)
    chosen = idx[<int>(w % <uint64_t>m)]
    return first[chosen]


cdef int _tsumogiri_agent(const Act* acts, int n, int drawn) noexcept nogil:
    """TsumogiriAgent: a win, else the drawn tile's discard, else pass, else the last discard, else the first action."""
    cdef int i
    for i in range(n):
        if acts[i].type == A_TSUMO or acts[i].type == A_RON:
            return i
    if drawn >= 0:
        for i in range(n):
            if acts[i].type == A_DISCARD and acts[i].tile == drawn:
                return i
    for i in range(n):
        if acts[i].type == A_PASS:
            return i
    for i in range(n - 1, -1, -1):
        if acts[i].type == A_DISCARD:
            return i
    return 0


cdef inline bint _capped_caps(int n_players, count_t* caps) noexcept nogil:
    """The shanten caps of a hand without melds (three-player: no 2m-8m); whether any applies."""
    cdef int k
    cdef bint capped = False
    if n_players != 3:
        return False
    c_make_caps(NULL, 3, caps)
    for k in range(34):
        if caps[k] != 4:
            capped = True
    return capped


cdef int _greedy_agent(CTable t, int seat, const Act* acts, int n, const uint8_t* redc) noexcept nogil:
    """GreedyAgent (riichi_fast.engine.agents) in C: the same choice from the same legal actions."""
    cdef int i
    for i in range(n):
        if acts[i].type == A_TSUMO or acts[i].type == A_RON:
            return i
    for i in range(n):
        if acts[i].type == A_KITA:
            return i
    if t.phase_ != P_TURN:
        return _greedy_claim(t, seat, acts, n, redc)
    return _greedy_discard(t, seat, acts, n, redc)


cdef int _greedy_discard(CTable t, int seat, const Act* acts, int n, const uint8_t* redc) noexcept nogil:
    """Lowest shanten, then most ukeire (tiles seen: rivers, melds, kita, indicators), then lowest index."""
    cdef count_t closed[34]
    cdef count_t seen[34]
    cdef count_t caps[34]
    cdef int vis[34]
    cdef signed char sh[34]
    cdef int uke[34]
    cdef uint64_t mask
    cdef int i, j, k, s, best = -1, bsh = 0, buke = 0, bidx = 0, x
    cdef bint riichi = False, capped
    cdef Seat* st
    for k in range(34):
        closed[k] = t.seats_[seat].kcount[k]
        vis[k] = 0
    for s in range(t.n):
        st = &t.seats_[s]
        for i in range(st.n_river):
            if not st.called[i]:
                vis[st.river[i] >> 2] += 1
        for i in range(st.n_melds):
            for j in range(st.mn[i]):
                vis[st.mtiles[i][j] >> 2] += 1
    for i in range(t.n_dora):
        vis[t.dora_ind[i] >> 2] += 1
    for k in range(34):
        seen[k] = closed[k] + (vis[k] if vis[k] < 4 else 4)
    capped = _capped_caps(t.n, caps)
    if t.n == 3:
        for k in range(1, 8):
            seen[k] = 4
    if capped:
        c_shanten_after_change_caps(closed, caps, -1, sh)
    else:
        c_shanten_after_change(closed, -1, sh)
    for k in range(34):
        if closed[k]:
            closed[k] -= 1
            if capped:
                uke[k] = c_ukeire_caps(closed, seen, caps, sh[k], &mask)
            else:
                uke[k] = c_ukeire(closed, seen, sh[k], &mask)
            closed[k] += 1
    for i in range(n):
        if acts[i].type == A_RIICHI:
            riichi = True
    for i in range(n):
        if acts[i].type != (A_RIICHI if riichi else A_DISCARD):
            continue
        k = acts[i].tile >> 2
        x = c_index_of(&acts[i], redc)
        if best < 0 or sh[k] < bsh or (sh[k] == bsh and (uke[k] > buke or (uke[k] == buke and x < bidx))):
            best, bsh, buke, bidx = i, sh[k], uke[k], x
    return 0 if best < 0 else best


cdef int _greedy_claim(CTable t, int seat, const Act* acts, int n, const uint8_t* redc) noexcept nogil:
    """Pon or chi only when it lowers the shanten and keeps an obvious yaku (value pon, open tanyao); else pass."""
    cdef count_t closed[34]
    cdef count_t after[34]
    cdef count_t caps[34]
    cdef signed char sh[34]
    cdef int i, j, k, now, low, best = -1, bsh = 0, bidx = 0, x, passing = n - 1
    cdef bint capped, yaku, simple = True, closed_yaochuu = False
    cdef uint64_t value
    cdef Seat* st = &t.seats_[seat]
    for i in range(n):
        if acts[i].type == A_PASS:
            passing = i
            break
    for k in range(34):
        closed[k] = st.kcount[k]
        if closed[k] and (_YAOCHUU_MASK >> k) & 1:
            closed_yaochuu = True
    capped = _capped_caps(t.n, caps)
    now = c_shanten_caps(closed, caps) if capped else c_shanten(closed)
    value = _bit(31) | _bit(32) | _bit(33) | _bit(27 + t.t_wind) | _bit(27 + (seat - t.t_dealer + t.n) % t.n)
    for i in range(st.n_melds):
        for j in range(st.mn[i]):
            if (_YAOCHUU_MASK >> (st.mtiles[i][j] >> 2)) & 1:
                simple = False
    for i in range(n):
        if acts[i].type != A_PON and acts[i].type != A_CHI:
            continue
        k = acts[i].tile >> 2
        if acts[i].type == A_PON and (value >> k) & 1:
            yaku = True
        else:
            yaku = t.open_tanyao and simple and not closed_yaochuu and not (_YAOCHUU_MASK >> k) & 1
            for j in range(acts[i].n_cons):
                if (_YAOCHUU_MASK >> (acts[i].cons[j] >> 2)) & 1:
                    yaku = False
        if not yaku:
            continue
        for j in range(34):
            after[j] = closed[j]
        for j in range(acts[i].n_cons):
            after[acts[i].cons[j] >> 2] -= 1
        if capped:
            c_shanten_after_change_caps(after, caps, -1, sh)
        else:
            c_shanten_after_change(after, -1, sh)
        low = 99
        for j in range(34):
            if after[j] and sh[j] < low:
                low = sh[j]
        if low < now:
            x = c_index_of(&acts[i], redc)
            if best < 0 or low < bsh or (low == bsh and x < bidx):
                best, bsh, bidx = i, low, x
    return passing if best < 0 else best


cdef int _agent_step(CTable t, const int* agents, uint64_t* rngs, const uint8_t* redc) except -1 nogil:
    """One decision of the acting seat's built-in agent, applied to ``t``."""
    cdef Act buf[MAX_TURN]
    cdef int n, seat = t._acting_seat(), choice
    if seat < 0:
        with gil:
            raise EngineError("internal: a claim without a seat to answer")
    n = t._legal_c(seat, buf)
    if agents[seat] == AG_TSUMOGIRI:
        choice = _tsumogiri_agent(buf, n, t.drawn_ if t.phase_ == P_TURN else -1)
    elif agents[seat] == AG_GREEDY:
        choice = _greedy_agent(t, seat, buf, n, redc)
    else:
        choice = _random_agent(buf, n, redc, &rngs[seat])
    return t._take(seat, &buf[choice])

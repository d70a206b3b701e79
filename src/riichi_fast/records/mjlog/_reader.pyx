# The Tenhou mjlog reader's per-element loop, compiled.
#
# Twin: riichi_fast.reference.records.mjlog.reader (RIICHI_FAST_PUREPYTHON=1 selects it).
# ``read`` walks the parsed XML as ``records.mjlog.reader._Reader.read`` does: the draws,
# discards, calls, riichi steps and kan dora of a round are replayed in C on a
# records._round.RoundState (no RoundReplay, no Python call per tile); <GO>, <UN>, <INIT>
# and the results (<AGARI>, <RYUUKYOKU>) go through the reader's own methods, the round's
# state handed over as the RoundReplay the reader would hold (``RoundState.to_replay``) at
# its first result, after which the rest of that round goes through the reader's steps too.
# Anything irregular (a seat or number out of range, a tile not in hand, an event before
# the first <INIT>, whatever would make the reader raise) makes ``read`` answer False, and
# parse_mjlog reads the record again, whole, with the reader's own loop, which gives the
# answer or the error.  tests/records/test_mjlog_reader.py compares the two on every
# bundled mjlog and on seeded damaged variants.

from riichi_fast.records._round cimport RoundState, new_state

from riichi_fast.records.mjlog.melds import decode_meld

__all__ = ["ints", "read"]


cdef list _ints_general(object text):
    return [int(x) for x in text.split(",") if x != ""]


def ints(object text):
    """The numbers of a comma-separated attribute (None or "": []), read in C when every
    field is an optional ``-`` and 1-18 ASCII digits (empty fields skipped); anything else
    through ``_ints_general`` (the twin's expression), which gives its answer or its error.

    >>> ints("1,-20,,3"), ints(None), ints(" 7")
    ([1, -20, 3], [], [7])
    """
    cdef str s
    cdef Py_ssize_t i = 0, n, digits
    cdef list out = []
    cdef long long v
    cdef bint neg
    cdef Py_UCS4 c
    if not text:
        return []
    if type(text) is not str:
        return _ints_general(text)
    s = <str>text
    n = len(s)
    while i < n:
        c = s[i]
        if c == 44:  # ',': an empty field
            i += 1
            continue
        neg = c == 45  # '-'
        if neg:
            i += 1
        v = 0
        digits = 0
        while i < n:
            c = s[i]
            if c < 48 or c > 57:
                break
            v = v * 10 + (<long long>c - 48)
            digits += 1
            i += 1
        if digits == 0 or digits > 18 or (i < n and s[i] != u','):
            return _ints_general(text)
        out.append(-v if neg else v)
        i += 1  # the comma
    return out


def read(object reader, object root):
    """``reader.read(root)`` (a fresh ``records.mjlog.reader._Reader``) with the rounds' steps in C: True,
    ``reader.game`` is the game the twin reads; False, the twin must read the record (the
    reader is then in no particular state: use a new one)."""
    try:
        _read(reader, root)
    except Exception:
        return False
    return True


cdef int _number(str tag) except -2:
    """The number after a step tag's letter (``T12`` -> 12); -1 when the rest is not all
    ASCII digits (the twin then ignores the element, unless ``str.isdigit`` takes it: the
    caller declines); the twin reads longer numbers than 9 digits: declined too."""
    cdef Py_ssize_t i, m = len(tag)
    cdef int v = 0
    cdef Py_UCS4 c
    if m < 2 or m > 10:
        if m > 10 and tag[1:].isdigit():
            raise ValueError(tag)
        return -1
    for i in range(1, m):
        c = tag[i]
        if c < 48 or c > 57:  # not '0'-'9'
            if tag[1:].isdigit():  # other digits: the twin's int() decides
                raise ValueError(tag)
            return -1
        v = v * 10 + <int>c - 48
    return v


cdef inline int _seat(object value, int n) except -1:
    """A seat given as an attribute's text (int() as the twin reads it), checked 0..n-1."""
    cdef long s = int(value)
    if s < 0 or s >= n:
        raise ValueError(value)
    return <int>s


cdef RoundState _begin(object reader, object rnd):
    """A RoundState for the round ``reader._new_round`` just started (the twin's ``_init``
    gives it a RoundReplay)."""
    cdef int n = reader.n, p
    red = reader.rules.red_fives
    cdef RoundState st = new_state(n, bool(red), red)
    st.begin(rnd)
    hands = rnd.initial_hands
    if len(hands) != n:
        raise ValueError("hands")
    for p in range(n):
        for t in hands[p]:
            st.add_tile(p, t)
    return st


cdef str _STEPS = "TUVWDEFG"


cdef int _read(object r, object root) except -1:
    cdef RoundState st = None
    cdef bint in_c = False  # the current round's steps run on ``st``
    cdef int seat, tile, who, n
    cdef Py_ssize_t k
    cdef str tag
    r.start()
    step = r.step
    for el in root:
        tag = el.tag
        if tag == "INIT":
            st = _begin(r, r._new_round(el))
            in_c = True
            continue
        if not in_c:  # before the first round, or after a round's first result
            step(el)
            continue
        n = st.n
        k = _STEPS.find(tag[0])  # T U V W: a draw by seat 0-3; D E F G: a discard
        if k >= 0:
            tile = _number(tag)
            if tile >= 0:
                seat = k & 3
                if seat >= n or tile >= 136:  # RoundState keeps the events of ids 0-135
                    raise ValueError(tag)
                if k < 4:
                    st.draw(seat, tile)
                else:
                    st.discard(seat, tile)
                continue
        if tag == "N":
            who = _seat(el.get("who"), n)
            meld = decode_meld(int(el.get("m")), who, n)  # n == r.n: a <GO> hands over
            for t in meld.tiles:  # the ids a RoundState keeps (decode_meld gives no other)
                if not 0 <= t < 136:
                    raise ValueError(meld)
            st.call(who, meld, <int>meld.type, -1 if meld.called is None else <int>meld.called,
                    -1 if meld.added is None else <int>meld.added, meld.tiles)
        elif tag == "REACH":
            who = _seat(el.get("who"), n)
            if int(el.get("step")) == 1:
                st.riichi_declared(who)
            else:
                st.riichi_accepted(who)
        elif tag == "DORA":
            st.reveal_dora(int(el.get("hai")))
        elif tag == "AGARI" or tag == "RYUUKYOKU" or tag == "GO":
            # the round's first result (or new rules inside it: the twin reads a seat count
            # from them): the twin's methods from here to the next <INIT>
            r.replay = st.to_replay(f"{r.source} {r.round.label}")
            in_c = False
            step(el)
        else:  # <UN>, <BYE>, <TAIKYOKU>, ...: the twin reads them, none touches the round
            step(el)
    return 0

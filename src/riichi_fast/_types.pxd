# Shared C types, codes and structs of the riichi_fast kernels.
#
# Every kernel module cimports from here; no module redefines these.  The integer
# codes are mirrored one-to-one by the IntEnums of ``riichi_fast.enums`` (a test
# checks they agree).

from libc.stdint cimport uint8_t, int8_t, uint16_t, int16_t, uint32_t, int32_t, uint64_t

ctypedef uint8_t count_t          # a tile count, 0..4

cdef enum:
    N_KINDS = 34                  # 0-8 1-9m, 9-17 1-9p, 18-26 1-9s, 27-30 ESWN, 31-33 haku hatsu chun
    MAX_MELDS = 4
    MAX_READINGS = 32             # distinct readings of one complete hand (bound checked by tests)
    MAX_WIN_OPTIONS = 160         # (reading, completed set) pairs for one winning tile

# Meld types (riichi_fast.enums.MeldType)
cdef enum:
    MELD_NONE = 0
    MELD_CHI = 1
    MELD_PON = 2
    MELD_DAIMINKAN = 3
    MELD_ANKAN = 4
    MELD_SHOUMINKAN = 5

# Set types inside a reading (riichi_fast.enums.SetType)
cdef enum:
    SET_SEQUENCE = 0
    SET_TRIPLET = 1
    SET_QUAD = 2

# Hand forms (riichi_fast.enums.Form)
cdef enum:
    FORM_REGULAR = 0
    FORM_CHIITOITSU = 1
    FORM_KOKUSHI = 2

# Wait shapes (riichi_fast.enums.WaitShape)
cdef enum:
    WAIT_RYANMEN = 0
    WAIT_KANCHAN = 1
    WAIT_PENCHAN = 2
    WAIT_SHANPON = 3
    WAIT_TANKI = 4

# Per-row status of batch calls (riichi_fast.enums.RowStatus)
cdef enum:
    ROW_OK = 0
    ROW_BAD_TILE_COUNT = 1        # closed tiles + melds do not make a legal hand size
    ROW_COUNT_ABOVE_FOUR = 2      # a kind held more than 4 times (closed + melds)
    ROW_BAD_MELD = 3              # unknown meld code, chi not a sequence, ...
    ROW_BAD_WIN_TILE = 4          # win tile out of range or not in the hand
    ROW_BAD_INDICATOR = 5         # dora indicator out of range
    ROW_BAD_CONTEXT = 6           # malformed context field (wind out of range, ...)

# One reading (decomposition) of a complete hand.
ctypedef struct Reading:
    uint8_t form                  # FORM_*
    uint8_t pair                  # kind of the pair (regular, kokushi); 255 for chiitoitsu
    uint8_t n_sets                # 4 (regular), 0 otherwise
    uint8_t set_type[4]           # SET_*
    uint8_t set_kind[4]           # kind of the set; lowest kind for a sequence
    uint8_t set_meld[4]           # index of the meld it comes from, 255 if formed by closed tiles
    uint8_t pairs[7]              # chiitoitsu: the seven pair kinds, ascending

# A reading together with the set that the winning tile completed.
ctypedef struct WinOption:
    uint8_t reading               # index into the Reading array
    uint8_t win_set               # 0-3: set index; 4: the pair (also chiitoitsu and kokushi)
    uint8_t wait                  # WAIT_*

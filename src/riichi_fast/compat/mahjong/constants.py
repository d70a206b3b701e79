"""Tile index constants, as in ``mahjong.constants``.

34-format indices: 0-8 = 1-9m, 9-17 = 1-9p, 18-26 = 1-9s, 27-30 = E S W N,
31-33 = haku hatsu chun.  136-format: ``id // 4`` is the 34-index.

>>> EAST, CHUN, sorted(AKA_DORAS)
(27, 33, [16, 52, 88])
"""

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
HAKU, HATSU, CHUN = 31, 32, 33

TERMINAL_INDICES = frozenset((0, 8, 9, 17, 18, 26))
WINDS = frozenset((EAST, SOUTH, WEST, NORTH))
DRAGONS = frozenset((HAKU, HATSU, CHUN))
HONOR_INDICES = WINDS | DRAGONS
TERMINAL_AND_HONOR_INDICES = TERMINAL_INDICES | HONOR_INDICES

FIVE_RED_MAN = 16
FIVE_RED_PIN = 52
FIVE_RED_SOU = 88
AKA_DORAS = frozenset((FIVE_RED_MAN, FIVE_RED_PIN, FIVE_RED_SOU))

DISPLAY_WINDS = {EAST: "East", SOUTH: "South", WEST: "West", NORTH: "North"}

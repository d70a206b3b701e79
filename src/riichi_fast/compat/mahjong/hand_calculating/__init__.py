"""Hand value calculation (``mahjong.hand_calculating``), backed by riichi_fast's scorer."""

"""Pure-Python twins of the compiled modules of ``riichi_fast.records.tenhou6``."""

"""Pure-Python twins of the compiled modules of ``riichi_fast.engine``."""

# The engine package first: the twins take their values from it (engine.types, engine.actions) and
# it re-exports the Python table (engine.table), so it must finish importing before table.py here
# is read, whichever of the two a program imports first.
import riichi_fast.engine  # noqa: F401

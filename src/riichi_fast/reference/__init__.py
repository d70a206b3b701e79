"""Pure-Python twins of every compiled kernel.

Each module here has the same public names, signatures and answers as the compiled
module of the same name with a leading underscore (``reference.shanten`` and
``riichi_fast.analysis._shanten``).  It is the executable specification: plain, readable,
uncached Python.  ``RIICHI_FAST_PUREPYTHON=1`` routes the public API here.
"""

"""Compatibility layers that let users of other libraries switch to riichi_fast.

- :mod:`riichi_fast.compat.mahjong`: the public API of the ``mahjong`` package 2.x
  (``HandCalculator``, ``TilesConverter``, ``Shanten``, ...), backed by riichi_fast.
"""

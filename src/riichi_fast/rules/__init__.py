"""The rules layer: rule variants and presets, the yaku table, win contexts, scoring.

>>> from riichi_fast.rules import layout
>>> layout.Y_PINFU
7
"""

# Kept at the path Cython users cimport: the kernel lives in riichi_fast.analysis._player.
from riichi_fast.analysis._player cimport *

# Kept at the path Cython users cimport: the kernel lives in riichi_fast.engine._wall.
from riichi_fast.engine._wall cimport *

# Kept at the path Cython users cimport: the kernel lives in riichi_fast.analysis._furiten.
from riichi_fast.analysis._furiten cimport *

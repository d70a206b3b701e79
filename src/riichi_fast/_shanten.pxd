# Kept at the path Cython users cimport: the kernel lives in riichi_fast.analysis._shanten.
from riichi_fast.analysis._shanten cimport *

# Kept at the path Cython users cimport: the kernel lives in riichi_fast.analysis._waits.
from riichi_fast.analysis._waits cimport *

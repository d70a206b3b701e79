# Kept at the path Cython users cimport: the kernel lives in riichi_fast.analysis._decompose.
from riichi_fast.analysis._decompose cimport *

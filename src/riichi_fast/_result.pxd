# Kept at the path Cython users cimport: the kernel lives in riichi_fast.scoring._result.
from riichi_fast.scoring._result cimport *

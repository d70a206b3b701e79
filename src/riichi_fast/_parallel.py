"""Run a GIL-releasing row kernel over a batch on several threads.

Compiled batch functions expose ``fn(start, stop)`` that processes rows
``[start, stop)`` inside ``with nogil``.  Threads from the standard library are
enough: the kernels hold no GIL, so the chunks run truly in parallel, and no
OpenMP runtime is needed at build time.
"""

from riichi_fast.errors import RiichiError


def check_n_threads(n_threads) -> int:
    if isinstance(n_threads, bool) or not isinstance(n_threads, int) or n_threads < 1:
        raise RiichiError(f"n_threads must be a positive int, got {n_threads!r}")
    return n_threads


def run_chunks(fn, n: int, n_threads: int = 1) -> None:
    """Call ``fn(start, stop)`` on ``n_threads`` contiguous chunks covering ``range(n)``."""
    n_threads = check_n_threads(n_threads)
    if n_threads == 1 or n < 2 * n_threads:
        fn(0, n)
        return
    from concurrent.futures import ThreadPoolExecutor  # imported on first threaded batch only

    bounds = [n * i // n_threads for i in range(n_threads + 1)]
    with ThreadPoolExecutor(max_workers=n_threads) as pool:
        futures = [pool.submit(fn, bounds[i], bounds[i + 1]) for i in range(n_threads)]
        for f in futures:
            f.result()

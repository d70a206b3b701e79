"""Files over worker processes (or threads), results back in file order.

``verify -j N`` and ``stats -j N`` share this: the parent lists the files and
sends their names in chunks (:func:`chunks`); each worker reads its own files
and returns one partial result per chunk; the parent merges them in chunk
order, so the outcome is the one-process run's, in the same order.

``concurrent.futures`` rather than ``multiprocessing.Pool``: Pool's
worker-handler thread also waits on the result queue, so it loops while a
result waits to be read (0.18 s of the parent's CPU in a 2-second ``-j 2``
verify of 33,600 games, taken from the two workers on a two-core machine),
and a worker that dies (killed, a crash) leaves Pool waiting forever.  Here
the chunks a dead worker's pool had in flight run again one file per task in
a new pool, and the file whose worker dies again is handed back as lost: the
caller reports it and the run goes on.
"""

from __future__ import annotations

import gc
from collections import deque
from collections.abc import Callable, Iterable, Iterator

from riichi_fast.errors import RiichiError

__all__ = ["LOST", "PROCESS_CHUNK", "THREAD_CHUNK", "check_jobs", "chunks", "cores", "jobs_arg", "run_ordered"]

LOST = "BrokenProcessPool: the worker process reading this file ended abruptly"
"""Why a file is lost: its worker process died (twice) while reading it."""


def check_jobs(jobs, workers: str = "processes") -> int:
    """``jobs`` as given, when it is a positive int and ``workers`` is known.

    >>> check_jobs(2)
    2
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise RiichiError(f"jobs must be a positive int, got {jobs!r}")
    if workers not in ("processes", "threads"):
        raise RiichiError(f"workers must be 'processes' or 'threads', got {workers!r}")
    return jobs


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the OS tells it, else the
    machine's count): what ``-j auto`` takes.

    >>> cores() >= 1
    True
    """
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def jobs_arg(text: str) -> int:
    """The ``-j/--jobs`` argument of ``verify`` and ``stats``: a positive int, or ``auto``
    (:func:`cores`).

    >>> jobs_arg("3"), jobs_arg("auto") == cores()
    (3, True)
    """
    import argparse

    if text.strip().lower() == "auto":
        return cores()
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer or 'auto', got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (or 'auto'), got {text!r}")
    return v


def chunks(items: Iterable, size: int, grow_to: int | None = None, workers: int = 0) -> Iterator[list]:
    """Lists of ``size`` items; with ``grow_to``, sizes double from ``size`` up to it (the
    first tasks small so every worker starts at once, the later ones large so the parent's
    cost per task, a few hundred microseconds of dispatch and merge, stays small).

    With ``workers``, the end of the run is scheduled as OpenMP's "guided" schedule does:
    ``grow_to * 2 * workers`` items are looked ahead, and once ``items`` is exhausted
    each chunk takes a ``2 * workers``-th of what is left (never fewer than ``size``), so
    the last tasks are small and the workers finish together rather than one of them
    running a whole large chunk alone.

    >>> [len(c) for c in chunks(range(40), 2, 8)]
    [2, 4, 8, 8, 8, 8, 2]
    >>> [len(c) for c in chunks(range(40), 2, 8, workers=2)]
    [2, 4, 8, 7, 5, 4, 3, 2, 2, 2, 1]
    """
    if not workers:
        chunk = []
        for item in items:
            chunk.append(item)
            if len(chunk) >= size:
                yield chunk
                chunk = []
                if grow_to is not None and size < grow_to:
                    size = min(2 * size, grow_to)
        if chunk:
            yield chunk
        return
    least, top = size, size if grow_to is None else max(size, grow_to)
    ahead, buf, it, done = top * 2 * workers, deque(), iter(items), False
    while True:
        while not done and len(buf) < ahead:
            try:
                buf.append(next(it))
            except StopIteration:
                done = True
        if not buf:
            return
        n = size if not done else max(least, min(size, -(-len(buf) // (2 * workers))))
        yield [buf.popleft() for _ in range(min(n, len(buf)))]
        size = min(2 * size, top)


PROCESS_CHUNK = 1024
"""Names per task at most on worker processes.  A task's round trip costs the parent about
0.6 ms of CPU (pickling, the pool's feeder and manager threads, waking up), taken from the
workers on a machine with as many cores as workers: 1,024 names (about 0.1 s of a
worker's time) against 256 took the parent's CPU from 0.26 to 0.17 s in a ``-j 2`` verify
of 33,600 games.  The guided end still gives the last tasks small."""

THREAD_CHUNK = 256
"""Names per task at most on threads (a task costs them no pickling or pipe)."""


def run_ordered(fn: Callable, names: Iterable, jobs: int, *, workers: str = "processes",
                args: Callable[[], tuple] = tuple, warm: Callable[[], object] | None = None,
                depth: int | None = None) -> Iterator[tuple[list, object]]:
    """``(chunk, fn(chunk, *args()))`` for each chunk of ``names`` (:func:`chunks`: 8
    growing to :data:`PROCESS_CHUNK`, or :data:`THREAD_CHUNK` on threads, guided end),
    computed on ``jobs`` worker processes (``workers="threads"``: threads), yielded in
    chunk order; at most ``depth * jobs`` chunks in flight (default 2 on processes, 4 on
    threads), so the parent's memory stays flat.  ``args()`` is called as each chunk is
    sent (what the worker should know of the results so far).  ``warm()`` runs once
    before the workers fork, so they inherit what it imports and builds.

    A chunk whose worker process died is run again one name per task in a new pool:
    ``([name], LOST)`` for a name whose worker dies again; ``fn`` must be a module-level
    function (it is pickled by name where processes are spawned).

    >>> [(c, r) for c, r in run_ordered(len, ["a", "b"], 2, workers="threads")]
    [(['a', 'b'], 2)]
    """
    check_jobs(jobs, workers)
    if workers == "threads":
        from concurrent.futures import ThreadPoolExecutor

        if warm is not None:
            warm()
        yield from _ordered(lambda: ThreadPoolExecutor(jobs), fn, chunks(names, 8, THREAD_CHUNK, jobs),
                            jobs, args, 4 if depth is None else depth)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    fork = "fork" in mp.get_all_start_methods()
    if fork and warm is not None:
        warm()
    ctx = mp.get_context("fork" if fork else "spawn")
    gc.freeze()  # the workers' collector leaves the inherited objects (and their pages) alone
    try:
        yield from _ordered(lambda: ProcessPoolExecutor(jobs, mp_context=ctx), fn,
                            chunks(names, 8, PROCESS_CHUNK, jobs), jobs, args, 2 if depth is None else depth)
    finally:
        gc.unfreeze()


def _ordered(new_executor, fn, parts, jobs, args, depth):
    from concurrent.futures import CancelledError, Future
    from concurrent.futures.process import BrokenProcessPool

    lost = (BrokenProcessPool, CancelledError)
    pool = [new_executor(), 0]  # the executor and its generation (how many it replaced)

    def submit(chunk):
        """The chunk's future and the generation of the pool that runs it."""
        try:
            return pool[0].submit(fn, chunk, *args()), pool[1]
        except BrokenProcessPool as exc:  # the pool broke since the last result was read
            future = Future()
            future.set_exception(exc)
            return future, pool[1]

    def restart(gen):
        if gen == pool[1]:  # tasks of a pool already replaced do not replace the new one
            pool[0].shutdown(wait=True, cancel_futures=True)
            pool[0], pool[1] = new_executor(), pool[1] + 1

    def results(chunk, task):
        future, gen = task
        try:
            yield chunk, future.result()
        except lost:  # its pool broke (or, replaced, cancelled it): run it again
            restart(gen)
            for name in chunk:  # one at a time: which file, if any, brings a worker down
                future, gen = submit([name])
                try:
                    got = future.result()
                except lost:
                    got = LOST
                    restart(gen)
                yield [name], got

    pending: deque = deque()
    try:
        for chunk in parts:
            if len(pending) >= depth * jobs:
                yield from results(*pending.popleft())
            pending.append((chunk, submit(chunk)))
        while pending:
            yield from results(*pending.popleft())
    finally:
        pool[0].shutdown(wait=True, cancel_futures=True)

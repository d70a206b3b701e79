"""``riichi_fast._pool._ordered``, the runner of ``verify -j`` and ``stats -j``, when worker
processes die: every name's result once, in order, and the name whose worker dies again
reported ``LOST``, whatever the moment the pool is found broken.

A fake executor stands for ``ProcessPoolExecutor`` so that the moments are exact: a pool
breaks when it is given a task holding the poisoned name; from then on every task it
holds and every ``submit`` to it raise ``BrokenProcessPool`` (as the real pool does once
its manager thread has seen a worker die).  Found with ``-j`` tasks of 1,024 files and 2
in flight per worker: the pool could break between two ``submit`` calls, and ``submit``
itself raised, ending the run with a traceback.
"""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool

import pytest

from riichi_fast._pool import LOST, _ordered


class FakePool:
    def __init__(self, poison, break_at):
        self.poison, self.break_at = poison, break_at
        self.broken = False
        self.futures = []

    def submit(self, fn, chunk, *args):
        if self.broken:
            raise BrokenProcessPool("broken")
        future = Future()
        self.futures.append((future, chunk, fn))
        if self.poison in chunk and self.break_at == "submit":
            self._break()
        return future

    def _break(self):
        self.broken = True
        for future, _, _ in self.futures:
            if not future.done():
                future.set_exception(BrokenProcessPool("a worker died"))

    def run(self):
        """The tasks given so far run (those of a broken pool have their exception)."""
        for future, chunk, fn in self.futures:
            if future.done():
                continue
            if self.poison in chunk:
                self._break()
                return
            future.set_result(fn(chunk))

    def shutdown(self, wait=True, cancel_futures=False):
        for future, _, _ in self.futures:
            if not future.done():
                future.cancel()


def _results(names, poison, break_at, depth, monkeypatch):
    """What ``_ordered`` yields over chunks of 3 names, 2 workers; a task's future gets its
    answer (or its pool breaks) when the runner waits on it: each live pool then runs
    every task it holds."""
    pools = []

    def new():
        pools.append(FakePool(poison, break_at))
        return pools[-1]

    real_result = Future.result

    def result(self, timeout=None):
        for p in pools:
            if not p.broken:
                p.run()
        return real_result(self, timeout)

    monkeypatch.setattr(Future, "result", result)
    parts = [names[i:i + 3] for i in range(0, len(names), 3)]
    return list(_ordered(new, sum, iter(parts), 2, tuple, depth)), len(pools)


@pytest.mark.parametrize("break_at", ["submit", "result"])
@pytest.mark.parametrize("depth", [1, 2, 4])
@pytest.mark.parametrize("poison", [0, 4, 7, 13, 99])
def test_every_name_once_in_order_and_the_poisoned_one_lost(break_at, depth, poison, monkeypatch):
    names = list(range(14))
    out, made = _results(names, poison, break_at, depth, monkeypatch)
    assert [n for chunk, _ in out for n in chunk] == names
    for chunk, got in out:
        if poison in chunk:
            assert chunk == [poison] and got is LOST
        else:
            assert got == sum(chunk)
    # a new pool after each break: the first, once broken, then once more for the poisoned
    # name alone (which breaks the second)
    assert made == (3 if poison in names else 1)

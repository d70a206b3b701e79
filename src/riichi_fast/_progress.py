"""A minimal progress bar on stderr (numpy is our only runtime dependency)."""

from __future__ import annotations

import sys
import time


class Progress:
    """Draw ``desc: 42% |####      | 420/1000 [00:01<00:02, 350/s]`` on stderr.

    Redraws at most ten times a second on a terminal; elsewhere (a log file,
    CI) it prints only the final line.  ``enabled=False`` prints nothing.

    >>> p = Progress(10, "demo", enabled=False)
    >>> p.update(10); p.close()
    """

    def __init__(self, total: int, desc: str = "", *, unit: str = "", enabled: bool = True, stream=None):
        self.total = max(int(total), 0)
        self.desc = desc
        self.unit = unit
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.tty = enabled and getattr(self.stream, "isatty", lambda: False)()
        self.n = 0
        self.start = time.perf_counter()
        self._last = 0.0
        if self.tty:
            self._draw()

    def update(self, n: int = 1) -> None:
        self.n += n
        if self.tty:
            now = time.perf_counter()
            if now - self._last >= 0.1 or self.n >= self.total:
                self._last = now
                self._draw()

    def _line(self) -> str:
        elapsed = time.perf_counter() - self.start
        rate = self.n / elapsed if elapsed > 0 else 0.0
        frac = self.n / self.total if self.total else 1.0
        width = 30
        fill = int(width * min(frac, 1.0))
        remaining = (self.total - self.n) / rate if rate > 0 else 0.0
        fmt = lambda s: f"{int(s) // 60:02d}:{int(s) % 60:02d}"
        return (
            f"{self.desc}: {frac * 100:3.0f}% |{'#' * fill}{' ' * (width - fill)}| "
            f"{self.n}/{self.total} [{fmt(elapsed)}<{fmt(remaining)}, {rate:,.0f}{self.unit}/s]"
        )

    def _draw(self) -> None:
        self.stream.write("\r" + self._line())
        self.stream.flush()

    def close(self) -> None:
        if not self.enabled:
            return
        if self.tty:
            self._draw()
            self.stream.write("\n")
        else:
            self.stream.write(self._line() + "\n")
        self.stream.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

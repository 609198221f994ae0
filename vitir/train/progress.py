"""A dependency-free progress bar on stderr: redrawn in place on a terminal,
a line every few seconds otherwise (so logs stay readable)."""

from __future__ import annotations

import sys
import time


class Progress:
    def __init__(self, total: int, desc: str = "", stream=None, width: int = 24, log_every_s: float = 5.0):
        self.total, self.desc, self.width = total, desc, width
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.log_every_s = log_every_s
        self._last_log = 0.0
        self.done = 0

    def update(self, done: int, **fields) -> None:
        self.done = done
        now = time.monotonic()
        final = done >= self.total
        if not self.tty and not final and now - self._last_log < self.log_every_s:
            return
        self._last_log = now
        frac = done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        bar = "#" * filled + "." * (self.width - filled)
        info = "  ".join(f"{k} {v}" for k, v in fields.items())
        line = f"{self.desc} [{bar}] {done}/{self.total}  {info}"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if final else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()

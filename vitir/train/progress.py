"""A dependency-free progress bar on stderr: redrawn in place on a terminal,
a line every few seconds otherwise (so logs stay readable), with the elapsed
time and an ETA from the rate since it started (a resumed run's earlier steps
excluded)."""

from __future__ import annotations

import sys
import time


def format_duration(seconds: float) -> str:
    """12 s, 3m05s, 1h02m."""
    seconds = max(0.0, seconds)
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, secs = divmod(int(round(seconds)), 60)
    if minutes < 60:
        return f"{minutes}m{secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


class Progress:
    def __init__(self, total: int, desc: str = "", stream=None, width: int = 24, log_every_s: float = 5.0):
        self.total, self.desc, self.width = total, desc, width
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.log_every_s = log_every_s
        self._last_log = 0.0
        self._started = time.monotonic()
        self.done = 0
        self.start_done = 0  # steps done before this run (a resumed run's), not in the rate

    def eta(self, now: float | None = None) -> float | None:
        """Seconds left at the rate since the start, or None before any step."""
        now = time.monotonic() if now is None else now
        ran = self.done - self.start_done
        if ran <= 0:
            return None
        return (self.total - self.done) * (now - self._started) / ran

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
        eta = self.eta(now)
        timing = f"{format_duration(now - self._started)} elapsed" + (
            "" if final or eta is None else f", eta {format_duration(eta)}")
        info = "  ".join(f"{k} {v}" for k, v in fields.items())
        line = f"{self.desc} [{bar}] {done}/{self.total}  {timing}  {info}"
        if self.tty:
            self.stream.write("\r" + line + ("\n" if final else ""))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()

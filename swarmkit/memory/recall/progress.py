"""A progress bar on stderr while the index is built: drawn only on a terminal, never in pipes,
logs or JSON output, and only for builds big enough to be waited on."""

from __future__ import annotations

import sys
import time
from typing import TextIO

MIN_BYTES = 1 << 20  # smaller builds finish before a bar would be read
WIDTH = 30
shown = True  # False: no bar at all (the CLI's --quiet)


def show_progress(on: bool) -> None:
    """Whether bars are drawn at all (the CLI's --quiet turns them off)."""
    global shown
    shown = on


class Progress:
    def __init__(
        self,
        total: int,
        label: str = "Indexing memory",
        stream: TextIO | None = None,
        min_total: int = MIN_BYTES,
    ):
        self.stream = stream if stream is not None else sys.stderr
        self.total = max(total, 1)
        self.label = label
        self.done = 0
        self._drawn = 0.0
        try:
            tty = self.stream.isatty()
        except (AttributeError, ValueError):
            tty = False
        self.enabled = shown and tty and total >= min_total

    def advance(self, amount: int) -> None:
        self.done += amount
        if self.enabled and (time.monotonic() - self._drawn >= 0.1 or self.done >= self.total):
            self._draw()

    def _draw(self) -> None:
        share = min(1.0, self.done / self.total)
        filled = int(share * WIDTH)
        bar = "#" * filled + "-" * (WIDTH - filled)
        self.stream.write(f"\r{self.label} [{bar}] {share * 100:3.0f}%")
        self.stream.flush()
        self._drawn = time.monotonic()

    def close(self) -> None:
        if self.enabled and self._drawn:
            self.stream.write("\r" + " " * (len(self.label) + WIDTH + 8) + "\r")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

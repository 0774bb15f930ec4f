"""Progress while a command works (a notebook run, a long resolve, publishing, a benchmark
build): each stage as a line, and a count where there is one, on stderr.

Shown only when stderr is a terminal, unless a command's ``--progress`` asks for it anyway
or ``--no-progress`` never; stdout (what a script reads) is never touched. On a terminal a
count rewrites its own line; elsewhere each step is a line of its own.
"""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Where a command tells how far it has got; silent unless ``shown``."""

    def __init__(self, show: bool | None = None, stream: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.terminal = _isatty(self.stream)
        #: None: shown when the stream is a terminal.
        self.shown = self.terminal if show is None else bool(show)
        self._counting = False  # a count's line on a terminal is waiting for its end

    def stage(self, text: str) -> None:
        """A stage begins: ``"Running the resolution notebook..."``."""
        self._write(f"{text}...")

    def count(self, done: int, total: int, what: str) -> None:
        """``what`` so far: ``"  day 3 of 10"``, the line rewritten on a terminal."""
        if not self.shown:
            return
        line = f"  {what} {done} of {total}"
        if not self.terminal:
            self._write(line)
            return
        self.stream.write(f"\r{line}\x1b[K")
        self._counting = done < total
        if not self._counting:
            self.stream.write("\n")
        self.stream.flush()

    def finish(self, text: str) -> None:
        """The last stage is done: ``"Done: 4 pages"``."""
        self._write(text)

    def _write(self, line: str) -> None:
        if not self.shown:
            return
        if self._counting:  # end the count's line first
            self.stream.write("\n")
            self._counting = False
        self.stream.write(line + "\n")
        self.stream.flush()


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or odd stream: no terminal
        return False

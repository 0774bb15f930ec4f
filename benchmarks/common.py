"""What every figure shares: interleaved timing, fresh subprocesses, the result rows.

The machine is shared and noisy, so a figure never compares timings taken minutes apart:
the two things it compares run alternately (A, B, A, B, ...) and each side's median is
taken. A ratio of two such medians is what the table reports.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "CACHE",
    "REPO",
    "Figure",
    "alternate",
    "machine",
    "median",
    "python_in_subprocess",
    "seconds",
]

REPO = Path(__file__).resolve().parent.parent
#: Built ledgers and scratch files (gitignored). ``DSK_BENCH_CACHE`` moves it.
CACHE = Path(os.environ.get("DSK_BENCH_CACHE", REPO / ".bench"))


@dataclass(frozen=True)
class Figure:
    """One row of the table: what was measured, the numbers, the ratio and its target.

    ``ratio`` and ``target`` are what the verdict compares (``ratio < target``); a figure
    without a target reports its numbers and ``met`` is None.
    """

    number: int
    what: str
    numbers: str
    ratio: str = "-"
    target: str = "-"
    met: bool | None = None
    note: str = ""

    @property
    def verdict(self) -> str:
        """Met, missed, or '-' when there is no target."""
        return "-" if self.met is None else ("met" if self.met else "**missed**")


def median(values: Sequence[float]) -> float:
    """The median (of a non-empty sequence)."""
    return float(statistics.median(values))


def seconds(value: float) -> str:
    """A duration for the table: ms below a second, else seconds."""
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.2f} s"


def alternate(sides: dict[str, Callable[[], float | None]], repeats: int,
              ) -> dict[str, list[float]]:
    """Run each side once per round, in turn, ``repeats`` rounds; each side's timings.

    A side returns its own measured seconds (when only part of what it runs is timed) or
    None, in which case its whole call is timed. The order flips every round, so neither
    side always runs on a machine the other just warmed up.
    """
    out: dict[str, list[float]] = {name: [] for name in sides}
    names = list(sides)
    for i in range(repeats):
        for name in names if i % 2 == 0 else names[::-1]:
            start = time.perf_counter()
            measured = sides[name]()
            out[name].append(time.perf_counter() - start if measured is None else measured)
    return out


def python_in_subprocess(code: str, *, env: dict[str, str] | None = None,
                         timeout: float = 600) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter of this virtualenv; it prints one JSON line last."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
        cwd=REPO, env={**os.environ, **(env or {})}, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"benchmark subprocess failed ({done.returncode}):\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def machine() -> str:
    """The machine and versions the figures come from, as one markdown line."""
    import sqlite3

    import plotly

    cpus = os.cpu_count()
    try:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "?"
    return (f"{platform.platform()}, {cpus} CPUs (load {load}), Python "
            f"{platform.python_version()}, SQLite {sqlite3.sqlite_version}, plotly "
            f"{plotly.__version__}")

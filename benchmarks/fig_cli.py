"""Figure 9: `drawsteel-kit status`, `history` and `respite` on the demo campaign, each a fresh
process timed from outside (wall clock), against a bare `python -c pass`.

The root group imports a command's module only when it runs, so what a command costs is the
interpreter, click, and what that command reads. The breakdown shows the floor: `--help`
(the root group alone), and the imports every command on the books pays for (the ledger's
sqlite-utils, the Draw Steel campaign class).

Every side runs as an installed wheel runs: with its modules' bytecode cached (pip compiles a
wheel's modules at install), so the figure does not count compiling the package's source on
each start. The cache goes into the benchmark's work folder (``PYTHONPYCACHEPREFIX``), never
beside the source, and one untimed round fills it first. Wall clock is the figure; each side's
CPU time (user + system, which a loaded machine disturbs less) is shown beside it.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import REPO, Figure, alternate, median

__all__ = ["TARGET", "run"]

#: Each command at most this many times a bare interpreter.
TARGET = 5.0


def _cli() -> list[str]:
    """The installed console script, as a user runs it (else the same entry through -c)."""
    script = Path(sys.executable).parent / "drawsteel-kit"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "from drawsteel_kit.cli import main; main()"]


def _cached_env(work: Path) -> dict[str, str]:
    """This environment, with bytecode written and read from a cache in ``work``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(work / "pycache")}


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _wall(argv: list[str], env: dict[str, str], cpu: list[float]) -> float:
    """One fresh process's wall time; its CPU time goes onto ``cpu``."""
    before = _cpu()
    start = time.perf_counter()
    subprocess.run(argv, check=True, cwd=REPO, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    cpu.append(_cpu() - before)
    return wall


def run(demo: Path, work: Path, repeats: int = 15) -> Figure:
    """Median wall time of each command over ``repeats`` alternating fresh processes; the
    respites go into a copy of the demo's books (each run takes one more)."""
    books = work / "cli-demo"
    shutil.rmtree(books, ignore_errors=True)
    shutil.copytree(demo, books, ignore=shutil.ignore_patterns("runs", "backups"))
    cli, py = _cli(), sys.executable
    sides = {
        "bare": [py, "-c", "pass"],
        "status": [*cli, "status", str(books)],
        "history": [*cli, "history", str(books)],
        "respite": [*cli, "respite", str(books)],
        "--help": [*cli, "--help"],
        "import sqlite_utils": [py, "-c", "import sqlite_utils"],
        "import Campaign": [py, "-c", "import drawsteel_kit.systems.draw_steel.campaign"],
    }
    env = _cached_env(work)
    cpus: dict[str, list[float]] = {k: [] for k in sides}
    for argv in sides.values():  # untimed: fills the bytecode cache
        _wall(argv, env, [])
    times = alternate({k: (lambda k=k, argv=argv: _wall(argv, env, cpus[k]))
                       for k, argv in sides.items()}, repeats)
    got = {k: median(v) for k, v in times.items()}
    cpu = {k: median(v) for k, v in cpus.items()}
    bare = got["bare"]
    ratios = {k: got[k] / bare for k in ("status", "history", "respite")}
    worst = max(ratios.values())
    floor = ", ".join(f"`{k}` {got[k] * 1000:.0f} ms ({got[k] / bare:.1f}x)"
                      for k in ("--help", "import sqlite_utils", "import Campaign"))
    return Figure(
        9, "`drawsteel-kit status`, `history` and `respite` on the demo campaign, each a fresh "
           "process (wall clock), against `python -c pass`",
        "; ".join(f"{k} {got[k] * 1000:.0f} ms ({ratios[k]:.1f}x; cpu {cpu[k] / cpu['bare']:.1f}x)"
                  for k in ratios)
        + f"; bare interpreter {bare * 1000:.0f} ms (cpu {cpu['bare'] * 1000:.0f} ms); median "
        f"of {repeats} alternating runs, bytecode cached as installed. "
        f"What remains: {floor}",
        ratio=f"{worst:.1f}x bare (the slowest)",
        target=f"<= {TARGET:g}x",
        met=worst <= TARGET)

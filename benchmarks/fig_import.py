"""Figure 1: ``import drawsteel_kit`` in a fresh interpreter, and what it leaves unloaded.

Each measurement is a new ``python -c`` process, timed from outside (wall clock), alternating
with a bare ``python -c pass`` so the interpreter's own start-up can be told apart. The
modules a workbook page needs (plotly, ipywidgets, papermill) must not be loaded by the
package import, nor by Draw Steel's campaign class, which the command line and every
notebook import first.
"""

from __future__ import annotations

import subprocess
import sys
import time

from benchmarks.common import REPO, Figure, alternate, median, python_in_subprocess

__all__ = ["HEAVY", "loaded_heavy", "run"]

#: What ``import drawsteel_kit`` must leave unloaded.
HEAVY = ("plotly", "ipywidgets", "papermill")
BARE = "pass"
PACKAGE = "import drawsteel_kit"
FACADE = "import drawsteel_kit.systems.draw_steel.campaign"


def _wall(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)
    return time.perf_counter() - start


def loaded_heavy(module: str) -> list[str]:
    """Which of HEAVY a fresh interpreter has loaded after importing ``module``."""
    found = python_in_subprocess(
        f"import json, sys, {module}\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    return list(found)


def run(repeats: int = 21) -> Figure:
    """Median wall time of each import over ``repeats`` alternating fresh processes."""
    times = alternate({"bare": lambda: _wall(BARE), "package": lambda: _wall(PACKAGE),
                       "facade": lambda: _wall(FACADE)}, repeats)
    bare, package, facade = (median(times[k]) for k in ("bare", "package", "facade"))
    heavy = {m: loaded_heavy(m)
             for m in ("drawsteel_kit", "drawsteel_kit.systems.draw_steel.campaign")}
    clean = not any(heavy.values())
    said = "; ".join(f"{m} loads {', '.join(h) or 'none of them'}" for m, h in heavy.items())
    return Figure(
        1, "`python -c \"import drawsteel_kit\"` in a fresh process (wall clock), against "
           "`python -c pass`; and `import drawsteel_kit.systems.draw_steel.campaign`",
        f"package {package * 1000:.0f} ms, bare interpreter {bare * 1000:.0f} ms: the import "
        f"adds {(package - bare) * 1000:.0f} ms; Draw Steel's campaign {facade * 1000:.0f} "
        f"ms (+{(facade - bare) * 1000:.0f} ms); median of {repeats} each. Of "
        f"{', '.join(HEAVY)}: {said}",
        ratio=f"{package / bare:.2f}x bare",
        target=f"none of {', '.join(HEAVY)} loaded",
        met=clean)

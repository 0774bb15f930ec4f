"""Figure 10: `drawsteel-kit resolve` on the demo's week, the whole command a Director waits
on: checking the campaign and the plan, the resolution notebook in a Jupyter kernel, and the
run's HTML report. A kept dry run (``--dry-run --keep``): the same work as a real run, and the
ledger is left as it was, so every run is the same run. Each a fresh process timed from
outside, its bytecode cached as an installed wheel's is; CPU time includes its kernel. Beside
it, what the report alone takes in a fresh process (its imports included).

No target: the figure shows where a Director's wait goes. Figure 3 is the notebook's part.
"""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.common import Figure, alternate, median, python_in_subprocess, seconds
from benchmarks.fig_cli import _cached_env, _cli, _wall
from benchmarks.fig_papermill import demo_template

__all__ = ["run"]

REPORT = """
import json, sys, time
from pathlib import Path
start = time.perf_counter()
from drawsteel_kit.workbook.run_report import html_report
notebook = Path(sys.argv[1])
html_report(notebook, notebook.with_name("again.html"))
print(json.dumps({"seconds": time.perf_counter() - start}))
"""


def run(work: Path, repeats: int = 5) -> Figure:
    """Run the command ``repeats`` times (one untimed run first fills the bytecode cache)."""
    folder = demo_template(work / "resolve-command")
    env = _cached_env(work)
    argv = [*_cli(), "resolve", str(folder), "--plan", "first-week", "--seed", "7",
            "--dry-run", "--keep"]
    cpu: list[float] = []
    _wall(argv, env, [])
    times = alternate({"resolve": lambda: _wall(argv, env, cpu)}, repeats)["resolve"]
    kept = sorted((folder / "runs").glob("*.ipynb"))[-1]
    reports = [python_in_subprocess(REPORT.replace("sys.argv[1]", json.dumps(str(kept))),
                                    env=env)["seconds"] for _ in range(3)]
    html = kept.with_suffix(".html")
    wall, report = median(times), median(reports)
    return Figure(
        10, "`drawsteel-kit resolve` of the demo's week, the whole command (a kept dry run: "
            "the plan checked, the notebook in a kernel, the run's report), a fresh process",
        f"{seconds(wall)} wall, {seconds(median(cpu))} CPU with its kernel; median of "
        f"{repeats}. The report alone, in a fresh process with its imports: "
        f"{seconds(report)} (median of 3), {html.stat().st_size / 1000:.0f} kB",
        ratio=f"{wall:.2f} s")

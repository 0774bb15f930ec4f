"""``make bench``: run every figure, print one markdown table, keep it in benchmarks/latest.md.

``python -m benchmarks [--only 4 5] [--no-write]``. Figures compare things measured in this
same run, alternating, and report medians (see :mod:`benchmarks.common`). Built ledgers are
cached in ``.bench/ledgers/`` (the table says whether they were); scratch files go to
``.bench/work/``, emptied at the start of each run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import subprocess
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from benchmarks.common import CACHE, REPO, Figure, machine

LATEST = REPO / "benchmarks" / "latest.md"
HEADER = ("| # | what is measured | numbers | ratio / figure | target | met |\n"
          "|---|---|---|---|---|---|")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def table(figures: list[Figure]) -> str:
    """The figures as one markdown table, in figure order."""
    rows = [f"| {f.number} | {_cell(f.what)} | {_cell(f.numbers)} | {_cell(f.ratio)} | "
            f"{_cell(f.target)} | {f.verdict} |" for f in sorted(figures, key=lambda f: f.number)]
    return "\n".join([HEADER, *rows])


def _commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, cwd=REPO, check=False)
    return done.stdout.strip() or "unknown"


def _figures(work: Path) -> dict[int, Callable[[], list[Figure]]]:
    """Each figure's runner (imported only when it runs), by number."""
    state: dict[str, object] = {}

    def one() -> list[Figure]:
        from benchmarks import fig_import
        return [fig_import.run()]

    def two() -> list[Figure]:
        from benchmarks import fig_resolve
        return [fig_resolve.run(work / "downtime")]

    def three() -> list[Figure]:
        from benchmarks import fig_papermill
        return [fig_papermill.run(work / "downtime")]

    def four() -> list[Figure]:
        from benchmarks import fig_forecast
        return [fig_forecast.run()]

    def five() -> list[Figure]:
        from benchmarks import fig_dashboard
        figure, built = fig_dashboard.run()
        state["built"] = built
        return [figure]

    def six() -> list[Figure]:
        from benchmarks import fig_voila
        from benchmarks.ledgers import bench_campaign
        demo = fig_voila.demo_books(work / "voila" / "demo")
        return [fig_voila.run(work / "voila", demo, bench_campaign(20_000).folder)]

    def seven() -> list[Figure]:
        from benchmarks import fig_dashboard
        from benchmarks.ledgers import bench_campaign
        built = state.get("built") or {n: bench_campaign(n) for n in fig_dashboard.SIZES}
        return [fig_dashboard.run_memory(built)]  # type: ignore[arg-type]

    def eight() -> list[Figure]:
        from benchmarks import fig_site, fig_voila
        demo = fig_voila.demo_books(work / "voila" / "demo")
        return [fig_site.run(demo, work / "site")]

    def nine() -> list[Figure]:
        from benchmarks import fig_cli, fig_voila
        demo = fig_voila.demo_books(work / "voila" / "demo")
        return [fig_cli.run(demo, work)]

    def ten() -> list[Figure]:
        from benchmarks import fig_resolve_command
        return [fig_resolve_command.run(work)]

    def eleven() -> list[Figure]:
        from benchmarks import fig_phone, fig_voila
        demo = fig_voila.demo_books(work / "voila" / "demo")
        return [fig_phone.run_published(demo, work)]

    def twelve() -> list[Figure]:
        from benchmarks import fig_phone, fig_voila
        demo = fig_voila.demo_books(work / "voila" / "demo")
        return [fig_phone.run_served(demo, work)]

    return {1: one, 2: two, 3: three, 4: four, 5: five, 7: seven, 6: six, 8: eight, 9: nine,
            10: ten, 11: eleven, 12: twelve}


def main(argv: list[str] | None = None) -> int:
    """Run the figures asked for (all by default); 1 when one of them failed to run."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--only", type=int, nargs="+", metavar="N", help="these figures")
    parser.add_argument("--no-write", action="store_true", help="leave latest.md as it is")
    args = parser.parse_args(argv)
    work = CACHE / "work"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    began = time.perf_counter()
    figures: list[Figure] = []
    failed = False
    for number, runner in _figures(work).items():
        if args.only and number not in args.only:
            continue
        print(f"figure {number} ...", file=sys.stderr, flush=True)
        start = time.perf_counter()
        try:
            got = runner()
        except Exception as exc:  # one figure failing must not lose the others
            traceback.print_exc()
            failed = True
            got = [Figure(number, f"figure {number}", f"failed to run: {exc!r}"[:400],
                          met=False)]
        figures += got
        print(f"figure {number}: {time.perf_counter() - start:.0f} s", file=sys.stderr,
              flush=True)
    took = time.perf_counter() - began
    text = "\n".join([
        f"Measured {dt.datetime.now().strftime('%Y-%m-%d %H:%M')} at commit {_commit()}, "
        f"in {took / 60:.1f} min, on {machine()}.", "", table(figures), ""])
    print(text)
    if not args.no_write and not args.only:
        LATEST.write_text("# `make bench`: the latest figures\n\n" + text, encoding="utf-8")
        print(f"(kept in {LATEST.relative_to(REPO)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

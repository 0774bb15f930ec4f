"""Progress on the commands that take a while: a notebook run, a resolve day by day,
publishing, a benchmark ledger build. Told on stderr, and only when stderr is a terminal
unless --progress asks for it: a script's output (stdout) is the same either way, and with
stderr not a terminal nothing at all is added."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run as in_process

from drawsteel_kit.kit.progress import Progress

CLI = str(Path(sys.executable).with_name("drawsteel-kit"))


def run(*args: object) -> tuple[str, str]:
    """The real command in a process of its own (stderr a pipe, not a terminal)."""
    done = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"}, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("demo")
    shutil.copy("campaigns/demo/campaign.yaml", folder / "campaign.yaml")
    shutil.copytree("campaigns/demo/plans", folder / "plans")
    in_process("init", folder)  # set-up: the commands whose progress is told run as processes
    return folder


def test_a_terminal_rewrites_a_count_on_its_line() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    told = Progress(stream=screen)
    assert told.shown
    told.stage("Resolving")
    for day in (1, 2):
        told.count(day, 2, "day")
    told.finish("Done")
    assert screen.getvalue() == ("Resolving...\n\r  day 1 of 2\x1b[K\r  day 2 of 2\x1b[K\n"
                                 "Done\n")
    quiet = io.StringIO()
    Progress(stream=quiet).stage("Resolving")  # not a terminal: nothing
    Progress(False, stream=screen).stage("Never")
    assert quiet.getvalue() == "" and "Never" not in screen.getvalue()


def test_resolving_in_process_counts_the_days(demo: Path) -> None:
    args = ("resolve", demo, "--plan", "first-week", "--seed", "7", "--dry-run",
            "--no-notebook")
    plain_out, plain_err = run(*args)
    out, err = run(*args, "--progress")
    assert plain_err == "" and out == plain_out
    assert err.splitlines() == ["Checking the campaign and the plan...",
                                "Resolving the plan day by day...",
                                *(f"  day {d} of 7" for d in range(1, 8))]
    _, err = run(*args, "--no-progress")
    assert err == ""


@pytest.mark.kernel  # `resolve` starts the kernel in a subprocess the tier rules cannot see
def test_the_resolution_notebook_shows_its_stages_and_cells(demo: Path) -> None:
    args = ("resolve", demo, "--plan", "first-week", "--seed", "7", "--dry-run")
    plain_out, plain_err = run(*args)
    out, err = run(*args, "--progress")
    assert plain_err == "" and out == plain_out and "DRY RUN" in out
    assert err.index("Checking the campaign and the plan...") \
        < err.index("Running the resolution notebook in a Jupyter kernel...") \
        < err.index("Executing: 100%")  # papermill's bar of the notebook's cells


def test_publishing_counts_the_pages(demo: Path, tmp_path: Path) -> None:
    plain_out, plain_err = run("publish", demo, "--out", tmp_path / "a")
    out, err = run("publish", demo, "--out", tmp_path / "b", "--progress")
    assert plain_err == ""
    assert out.replace(str(tmp_path / "b"), "OUT") == plain_out.replace(str(tmp_path / "a"),
                                                                        "OUT")
    pages = len(list((tmp_path / "b").glob("*.html")))
    assert err.splitlines() == ["Writing plotly.js beside the pages...",
                                "Writing the party's page and each hero's...",
                                *(f"  page {n} of {pages}" for n in range(1, pages + 1))]
    refused = subprocess.run([CLI, "publish", str(tmp_path / "nowhere"), "--out",
                              str(tmp_path / "c"), "--progress"], capture_output=True, text=True,
                             check=False)
    assert refused.returncode == 1  # one line, no stage told before the error
    assert len(refused.stderr.splitlines()) == 1 and refused.stderr.startswith("Error: ")


def test_a_benchmark_ledger_build_is_told_once(tmp_path: Path) -> None:
    from benchmarks.ledgers import bench_campaign

    told = io.StringIO()
    first = bench_campaign(300, cache=tmp_path, progress=Progress(True, stream=told))
    lines = told.getvalue().splitlines()
    assert lines[0].startswith("Building a bench ledger of 300 events")
    assert lines[-1] == "  events 300 of 300" and len(lines) <= 12
    again = io.StringIO()
    bench_campaign(300, cache=tmp_path, progress=Progress(True, stream=again))
    assert again.getvalue() == "" and first.events >= 300  # taken from the cache: no build

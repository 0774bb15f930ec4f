"""The suite's tiers: what tests/suite_tiers.py puts in the slow tier, read from what a test
uses (the helpers below stand for tests written later)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import examples
from suite_tiers import _heavy
from workbook_helpers import REPO, chromium


def _opens_a_browser() -> None:
    with chromium() as driver:
        driver.get("about:blank")


def _calls_a_helper_that_opens_a_browser() -> None:
    _opens_a_browser()


def _runs_a_notebook(folder: Path) -> None:
    from drawsteel_kit.workbook.notebook_runs import resolve_through_notebook

    resolve_through_notebook(folder, folder / "plans" / "week.yaml", seed=1, dry_run=True)


def _runs_a_kernel(folder: Path) -> None:
    from drawsteel_kit.workbook.notebook_runs import execute

    execute(folder / "a.ipynb", folder / "b.ipynb", {})


def _serves(folder: Path) -> None:
    subprocess.Popen(["drawsteel-kit", "serve", str(folder)])


def _reads_a_file(folder: Path) -> str:
    return (folder / "campaign.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("func", [_opens_a_browser, _calls_a_helper_that_opens_a_browser,
                                  _runs_a_notebook, _runs_a_kernel, _serves])
def test_a_browser_a_kernel_or_a_server_is_slow(func: object) -> None:
    assert _heavy(func)


def test_plain_code_is_not_slow() -> None:
    assert not _heavy(_reads_a_file)
    assert not _heavy(test_plain_code_is_not_slow)


@pytest.mark.slow  # a pytest run of its own
def test_the_slow_tier_holds_the_browser_and_kernel_files_and_no_rules_test() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "slow",
         "-p", "no:cacheprovider", "tests/workbook/test_serve.py",
         "tests/workbook/test_notebooks.py", "tests/kit/test_dice.py"],
        cwd=REPO, capture_output=True, text=True, timeout=300)
    slow = {line.split("::")[0] for line in done.stdout.splitlines() if "::" in line}
    assert slow == {"tests/workbook/test_serve.py", "tests/workbook/test_notebooks.py"}, done.stdout


def test_examples_scale_with_the_profile() -> None:
    import conftest

    assert examples(40) == {"deep": 400, "fast": 8}.get(conftest.PROFILE, 40)


GROUPED = '''
import os
import pytest

@pytest.mark.xdist_group("together")
@pytest.mark.parametrize("i", range(4))
def test_grouped(i):
    with open(os.environ["WHERE"], "a") as out:
        out.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")

def test_alone():
    pass
'''


@pytest.mark.slow  # a pytest run of its own, on two workers
def test_a_group_runs_whole_on_one_worker(tmp_path: Path) -> None:
    """xdist's groups reach its scheduler (pytest 9.2 dropped them silently: a file's
    module-scoped server was built on both workers)."""
    import os

    (tmp_path / "conftest.py").write_text(
        "from suite_tiers import pytest_collection_modifyitems  # noqa: F401\n")
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    where = tmp_path / "workers.txt"
    env = {**os.environ, "WHERE": str(where),
           "PYTHONPATH": os.pathsep.join([str(REPO / "tests"), str(REPO),
                                          os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-v",
         "-p", "no:cacheprovider", str(tmp_path)], cwd=tmp_path,
        env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    workers = where.read_text().split()
    assert len(workers) == 4 and len(set(workers)) == 1, done.stdout
    assert "test_grouped[0]@together" in done.stdout

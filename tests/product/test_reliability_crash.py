"""A resolution killed with SIGKILL at any moment leaves the ledger as it was before the
whole plan or after it, never between; running the plan again completes it exactly once.

Kills land everywhere in the run, at seeded random points:

- from outside, after a random delay: ``drawsteel-kit resolve --no-notebook`` (start-up,
  the transaction, the exit) and ``drawsteel-kit resolve`` through papermill (the command
  and its kernel together);
- from inside (``reliability_workers.py crash-child``, the resolution notebook's calls in a
  child process): at a random SQLite VM step of the dry run, of the write transaction (some
  with a tiny page cache, so uncommitted pages are already in the WAL) or of the reads after
  it; and at a random time after the write's COMMIT starts, from another thread, while
  SQLite writes the commit;
- the same, from inside, for a respite with a project roll and for a purchase.

After every kill: SQLite's integrity check passes, the campaign opens, its projections equal
a replay of history, and the ledger (events and state, wall-clock times aside) equals the
ledger before the operation or the one a reference run of the same plan and seed left. Then
the plan is run again and must leave exactly the reference; once more must write nothing.
"""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import pytest
from conftest import checkpoint
from reliability_workers import EXE, SCRIPT, integrity, ledger_state, run_op
from workbook_helpers import demo_copy

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.workbook.plan_runs import main_resolve

# kills real runs at random moments, again and again
pytestmark = pytest.mark.soak

SEED = 11
#: Four weeks of downtime for the whole party: a long transaction (about 370 events).
PLAN = """\
name: A season of airships
days: 28
start:
{starts}
followers:
  - {{follower: Hesk, assign: "Yorn's airship"}}
respites:
{respites}
"""
HEROES = ("Val", "Bran Ironvein", "Yorn", "Pip Thistledown", "Quillon Ashmark")


@dataclass(frozen=True)
class Base:
    """The campaign before the plan, and the ledgers a reference run leaves."""

    folder: Path
    before: dict[str, Any]
    after: dict[str, Any]
    seconds: float


def season() -> str:
    starts = "\n".join(f'  - {{hero: {h}, project: Build Airship, title: "{h}\'s airship", '
                       "prerequisite: waived}" for h in HEROES)
    respites = "\n".join(f'  - {{hero: {h}, days: every, activity: {{roll: "{h}\'s airship"}}}}'
                         for h in HEROES)
    return PLAN.format(starts=starts, respites=respites)


def copy(base: Path, dest: Path) -> Path:
    """The campaign folder (its checkpointed ledger, campaign.yaml and plans)."""
    shutil.copytree(base, dest, ignore=shutil.ignore_patterns("*-wal", "*-shm", "runs"))
    return dest


def resolve_cli(folder: Path, *, notebook: bool = False) -> subprocess.Popen[bytes]:
    argv = [str(EXE), "resolve", str(folder), "--plan", "season", "--seed", str(SEED)]
    return subprocess.Popen(argv + ([] if notebook else ["--no-notebook"]),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def kill_tree(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL a command and everything it started (papermill's kernel runs in a session of
    its own, and is the one writing), all at once."""
    try:
        family = [psutil.Process(proc.pid), *psutil.Process(proc.pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        family = []
    for p in family:
        with contextlib.suppress(psutil.NoSuchProcess):
            p.send_signal(signal.SIGKILL)
    proc.wait()
    psutil.wait_procs(family[1:], timeout=10)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Base:
    """The demo campaign with the season's plan, and a reference run of it."""
    root = tmp_path_factory.mktemp("crash")
    folder = demo_copy(root / "base")
    (folder / "plans" / "season.yaml").write_text(season(), encoding="utf-8")
    checkpoint(folder / LEDGER_FILE)
    ref = copy(folder, root / "reference")
    started = time.monotonic()
    proc = resolve_cli(ref)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err.decode()
    seconds = time.monotonic() - started
    return Base(folder, ledger_state(folder / LEDGER_FILE), ledger_state(ref / LEDGER_FILE),
                seconds)


def outcome(folder: Path, before: dict[str, Any], after: dict[str, Any]) -> str:
    """Check a killed run's ledger; 'before' or 'after', never anything else."""
    path = folder / LEDGER_FILE
    assert integrity(path) == "ok"
    with BaseCampaign.open(folder) as camp:
        assert camp.ledger.verify(), "projections differ from a replay of history"
    state = ledger_state(path)
    if state == before:
        return "before"
    assert state == after, (
        f"the ledger is neither before nor after the operation: {len(state['events'])} events "
        f"(before: {len(before['events'])}, after: {len(after['events'])})")
    return "after"


def rerun(base: Base, folder: Path) -> None:
    """Running the plan again leaves the reference ledger; once more writes nothing."""
    main_resolve(folder, "season", SEED, False, echo=lambda _line: None)
    assert ledger_state(folder / LEDGER_FILE) == base.after
    again = main_resolve(folder, "season", SEED, False, echo=lambda _line: None)
    assert again.already is not None and not again.events
    assert ledger_state(folder / LEDGER_FILE) == base.after


def wal_bytes(folder: Path) -> int:
    """What a killed process left in the WAL (before anyone opens the ledger again)."""
    wal = folder / f"{LEDGER_FILE}-wal"
    return wal.stat().st_size if wal.exists() else 0


def test_resolve_killed_from_outside_at_random_moments(base: Base, tmp_path: Path) -> None:
    rng = random.Random(1)
    seen: Counter[str] = Counter()
    for n in range(6):
        folder = copy(base.folder, tmp_path / f"cli{n}")
        proc = resolve_cli(folder)
        time.sleep(rng.uniform(0.0, 1.3 * base.seconds))
        kill_tree(proc)
        got = outcome(folder, base.before, base.after)
        if proc.returncode == 0:
            assert got == "after"
        seen[f"{got} ({'killed' if proc.returncode == -signal.SIGKILL else 'had exited'})"] += 1
        rerun(base, folder)
    # Through the notebook: the command and its kernel killed a moment after the kernel
    # started (its imports, the preview, the write, the report); the first one is then
    # resolved through the notebook too, which must write exactly the reference.
    for n in range(3):
        folder = copy(base.folder, tmp_path / f"notebook{n}")
        proc = resolve_cli(folder, notebook=True)
        started = kernel_started(proc)
        time.sleep(rng.uniform(0.0, 3.0))
        kill_tree(proc)
        got = outcome(folder, base.before, base.after)
        killed = "killed" if proc.returncode != 0 else "had exited"
        seen[f"{got} (papermill, {killed}{'' if started else ' before its kernel'})"] += 1
        if n == 0 and got == "before":
            again = resolve_cli(folder, notebook=True)
            _, err = again.communicate(timeout=300)
            assert again.returncode == 0, err.decode()
            assert ledger_state(folder / LEDGER_FILE) == base.after
        rerun(base, folder)
    print(f"\nreference run {base.seconds:.2f}s; kills: {dict(seen)}")


def kernel_started(proc: subprocess.Popen[bytes], timeout: float = 120) -> bool:
    """Wait until ``drawsteel-kit resolve`` has started papermill's kernel."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit and proc.poll() is None:
        with contextlib.suppress(psutil.Error):
            kids = psutil.Process(proc.pid).children(recursive=True)
            if any("ipykernel" in " ".join(k.cmdline()) for k in kids):
                return True
        time.sleep(0.05)
    return False


def child(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, str(SCRIPT), "crash-child", str(folder), *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120)


def calibrate(folder: Path, *args: str) -> dict[str, Any]:
    """Where (in VM steps) the child's transactions begin and commit, on a copy."""
    out = folder.with_suffix(".json")
    done = child(folder, *args, "--calibrate", str(out))
    assert done.returncode == 0, done.stderr
    return json.loads(out.read_text())


def expected(step: int, commit: int, committed: int) -> str | None:
    """What a kill at VM ``step`` must leave: the ``COMMIT`` statement starts after step
    ``commit`` and has ended by ``committed``; a kill among its own steps may land on either
    side of the commit (never between)."""
    return "before" if step <= commit else "after" if step > committed else None


def test_resolve_killed_at_random_sqlite_steps(base: Base, tmp_path: Path) -> None:
    plan = ["--plan", str(base.folder / "plans" / "season.yaml"), "--seed", str(SEED)]
    cal = calibrate(copy(base.folder, tmp_path / "calibrate"), *plan)
    assert [m for m, _ in cal["marks"]] == ["BEGIN", "ROLLBACK", "BEGIN", "COMMIT", "NEXT"]
    (_, dry_end), (_, begin), (_, commit), (_, committed) = cal["marks"][1:]
    assert ledger_state(tmp_path / "calibrate" / LEDGER_FILE) == base.after
    rng = random.Random(2)
    kills = ([("dry run", rng.randint(1, dry_end), [])]
             + [("write transaction", rng.randint(begin + 1, commit), []) for _ in range(3)]
             + [("write transaction, tiny cache", rng.randint(begin + 1, commit),
                 ["--cache-pages", "4"]) for _ in range(3)]
             + [("COMMIT statement", step, []) for step in range(commit + 1, committed + 1)]
             + [("reads after the commit", rng.randint(committed + 1, cal["total"]), [])
                for _ in range(2)])
    seen: Counter[str] = Counter()
    spilled = 0
    for n, (phase, step, extra) in enumerate(kills):
        folder = copy(base.folder, tmp_path / f"step{n}")
        done = child(folder, *plan, "--kill-step", str(step), *extra)
        assert done.returncode == -signal.SIGKILL, (phase, step, done.stderr)
        spilled += wal_bytes(folder) > 0
        got = outcome(folder, base.before, base.after)
        assert expected(step, commit, committed) in (got, None), (phase, step, commit)
        seen[f"{phase}: {got}"] += 1
        rerun(base, folder)
    assert spilled >= 1, "no kill left uncommitted pages in the WAL"
    # While SQLite writes the commit: a thread fires after a random part of its duration.
    for n in range(4):
        folder = copy(base.folder, tmp_path / f"commit{n}")
        delay = rng.uniform(0.0, 1.5 * cal["commit_seconds"])
        done = child(folder, *plan, "--commit-delay", f"{delay:.6f}")
        assert done.returncode in (0, -signal.SIGKILL), done.stderr
        seen[f"during the commit: {outcome(folder, base.before, base.after)}"] += 1
        rerun(base, folder)
    print(f"\n{cal['total']} VM steps (write {begin}-{commit}, COMMIT to {committed}); kills: "
          f"{dict(seen)}; {spilled} left uncommitted pages in the WAL")


@pytest.mark.parametrize("op", ["respite", "purchase"])
def test_a_single_operation_killed_at_random_sqlite_steps(base: Base, tmp_path: Path,
                                                         op: str) -> None:
    args = ["--op", op, "--seed", "3"]
    cal = calibrate(copy(base.folder, tmp_path / "calibrate"), *args)
    after = ledger_state(tmp_path / "calibrate" / LEDGER_FILE)
    assert len(after["events"]) > len(base.before["events"])
    (_, begin), (_, commit), (_, committed) = cal["marks"]
    rng = random.Random(op)
    kills = ([rng.randint(begin + 1, commit) for _ in range(3)]
             + [rng.randint(commit + 1, committed), rng.randint(committed + 1, cal["total"])])
    seen: Counter[str] = Counter()
    for n, step in enumerate(kills):
        folder = copy(base.folder, tmp_path / f"step{n}")
        done = child(folder, *args, "--kill-step", str(step),
                     *(["--cache-pages", "4"] if n % 2 else []))
        assert done.returncode == -signal.SIGKILL, done.stderr
        got = outcome(folder, base.before, after)
        assert expected(step, commit, committed) in (got, None), (step, commit)
        seen[got] += 1
        if got == "before":  # doing it now does what the killed one would have done
            with BaseCampaign.open(folder) as camp:
                run_op(camp, op, 3)
            assert ledger_state(folder / LEDGER_FILE) == after
    folder = copy(base.folder, tmp_path / "commit")
    done = child(folder, *args, "--commit-delay", f"{rng.uniform(0, cal['commit_seconds']):.6f}")
    assert done.returncode in (0, -signal.SIGKILL), done.stderr
    seen[f"during the commit: {outcome(folder, base.before, after)}"] += 1
    print(f"\n{op}: {cal['total']} VM steps (write {begin}-{commit}, COMMIT to {committed}); "
          f"kills: {dict(seen)}")


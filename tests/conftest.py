"""Shared fixtures: a small real campaign folder in tmp_path, and an initialised Campaign.

Real SQLite files, no mocks. ``write_campaign`` writes campaign.yaml (YAML built
from plain dicts, so a test can change one field and write it again).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import settings
from suite_tiers import (  # noqa: F401  (the slow tier, xdist groups, long unmarked tests)
    pytest_collection_modifyitems,
    pytest_runtest_logreport,
    report_unmarked,
)

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.schema_formats import skip_unused_formats

#: The tests' folder (tests/, its helper modules importable by name from any test), the
#: checkout it sits in, and the data files tests read (tests/fixtures/: Forge Steel and
#: Foundry hero files, ledgers of older schemas), shared by every folder of tests.
TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
FIXTURES_DIR = TESTS / "fixtures"

# A test process reads notebooks (nbformat, papermill) as the commands do, so it skips
# jsonschema's unused format checkers as they do (the IRI grammar alone was 1.3 s of each
# worker's collection).
skip_unused_formats()

# Shared, noisy machines: no per-example deadlines. In CI (CI=true) examples are derived
# from each test's name, so a run is reproducible and a submission cannot fail by luck;
# locally they are random and the example database remembers any failure found. "deep"
# (`make test-deep`, HYPOTHESIS_PROFILE=deep) explores: random, DEEP times the examples.
# A failure prints its @reproduce_failure blob; a randomized run prints its
# --hypothesis-seed in the header and again after a failure.
DEEP = 10
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.register_profile("deep", deadline=None, print_blob=True, max_examples=100 * DEEP)
# `make test-fast`: derandomized like ci, a fifth of the examples (the edit-test loop).
FAST = 5
settings.register_profile("fast", deadline=None, derandomize=True, print_blob=True,
                          max_examples=100 // FAST)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(PROFILE)

#: The tests' folders (tmp_path) go to a RAM disk when the machine has one with this much
#: room: every ledger a test closes is checkpointed and synced, several milliseconds each
#: on a real disk and next to nothing in memory (about a third of the fast tier's time).
#: The files, SQLite and its locking are the same; only a power cut would tell them apart.
#: Set PYTEST_DEBUG_TEMPROOT (pytest's own setting) to choose another place.
RAM_DISK, RAM_DISK_ROOM = Path("/dev/shm"), 2 * 1024**3


def _tests_in_memory() -> None:
    if os.environ.get("PYTEST_DEBUG_TEMPROOT") or not hasattr(os, "statvfs"):
        return
    try:
        disk = os.statvfs(RAM_DISK)
    except OSError:
        return
    runs_programs = not disk.f_flag & getattr(os, "ST_NOEXEC", 0)  # a test's venv runs there
    if (disk.f_bavail * disk.f_frsize >= RAM_DISK_ROOM and runs_programs
            and os.access(RAM_DISK, os.W_OK)):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(RAM_DISK)


_tests_in_memory()


def examples(n: int) -> int:
    """``max_examples`` for a test that tries ``n`` examples in CI and locally:
    ``make test-deep`` tries DEEP times as many, ``make test-fast`` a FAST-th (at least 3)."""
    if PROFILE == "deep":
        return n * DEEP
    return max(3, n // FAST) if PROFILE == "fast" else n


def _seed_advice(config: pytest.Config) -> str:
    seed = config.getoption("hypothesis_seed", None)
    if PROFILE in ("ci", "fast"):
        return f"hypothesis: profile {PROFILE} (derandomized: a failure repeats on every run)"
    if seed is None:
        return f"hypothesis: profile {PROFILE}, random seed (pass --hypothesis-seed=N to fix one)"
    return (f"hypothesis: profile {PROFILE}, seed {seed} (repeat with "
            f"HYPOTHESIS_PROFILE={PROFILE} pytest --hypothesis-seed={seed}, or "
            f"make test-deep SEED={seed})")


def pytest_report_header(config: pytest.Config) -> str:
    return _seed_advice(config)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int,
                            config: pytest.Config) -> None:
    """Tests outside the slow tier that took long; after a failure, how to repeat the run's
    hypothesis examples."""
    report_unmarked(terminalreporter)
    if exitstatus == 1:
        terminalreporter.write_line(_seed_advice(config))

#: Three heroes: enough for "some heroes" and "all heroes" to differ. Their numbers are taken
#: as written (``rewards_applied``): tests of careers and titles applied by init say otherwise.
HEROES: tuple[dict[str, Any], ...] = (
    {
        "name": "Val", "player": "Ines", "ancestry": "High Elf", "class": "Elementalist",
        "career": "Sage", "level": 1, "victories": 0,
        "characteristics": {"might": -1, "agility": 1, "reason": 2, "intuition": 1},
        "max_stamina": 21, "max_recoveries": 8, "skills": ["Magic"], "rewards_applied": True,
    },
    {
        "name": "Bran", "player": "Tomasz", "ancestry": "Dwarf", "class": "Censor",
        "career": "Artisan", "level": 1, "victories": 2,
        "characteristics": {"might": 2, "presence": 2},
        "max_stamina": 24, "max_recoveries": 12, "rewards_applied": True,
    },
    {
        "name": "Yorn", "player": "Sam", "ancestry": "Orc", "class": "Fury",
        "level": 2, "xp": 20, "victories": 0, "max_stamina": 30, "max_recoveries": 10,
    },
)


def campaign_data(
    *,
    name: str = "Test Company",
    heroes: Sequence[Mapping[str, Any]] = HEROES,
    **settings: Any,
) -> dict[str, Any]:
    """campaign.yaml as a dict; keyword arguments are settings (``xp_track="fast"``).

    Projects start at any time here (``project_starts: any_time``), so a test of a project
    need not take a respite first; tests of the book's rule (000: 3746) pass
    ``project_starts="respite"``."""
    return {
        "name": name,
        "system": "draw-steel",
        "settings": {"project_events": "off", "project_starts": "any_time", **settings},
        "heroes": [dict(h) for h in heroes],
    }


#: ``yaml.safe_dump`` on libyaml's emitter (eight times quicker; the suite writes hundreds of
#: campaign files), else PyYAML's own: the same data, and for the usual files the same text
#: (tests/kit/test_quick_yaml.py).
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def write_campaign(folder: Path, data: Mapping[str, Any] | None = None, **kw: Any) -> Path:
    """Write campaign.yaml into ``folder`` (created) and return the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    body = dict(data) if data is not None else campaign_data(**kw)
    (folder / "campaign.yaml").write_text(
        yaml.dump(body, Dumper=DUMPER, sort_keys=False, allow_unicode=True), encoding="utf-8"
    )
    return folder


def checkpoint(ledger_path: Path) -> None:
    """Fold the WAL into the main file through a fresh connection, so its bytes mean something."""
    conn = sqlite3.connect(str(ledger_path))
    try:
        busy, _, _ = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert busy == 0, "another connection still holds the ledger open"
    finally:
        conn.close()


def ledger_fingerprint(ledger_path: Path) -> tuple[str, int]:
    """SHA-256 of the checkpointed ledger file, and the WAL's size (0 after a checkpoint)."""
    checkpoint(ledger_path)
    wal = ledger_path.with_name(ledger_path.name + "-wal")
    return (
        hashlib.sha256(ledger_path.read_bytes()).hexdigest(),
        wal.stat().st_size if wal.exists() else 0,
    )


@pytest.fixture
def campaign_dir(tmp_path: Path) -> Path:
    """A folder holding a small valid campaign.yaml (no ledger yet)."""
    return write_campaign(tmp_path / "camp")


@pytest.fixture(scope="session")
def initialise(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], None]:
    """What ``drawsteel-kit init`` does to a folder holding a campaign.yaml and no ledger
    yet, as a copy: the first folder with a given campaign.yaml in a test process is built
    by ``Campaign.init`` in a folder of its own, and every such folder gets a copy of that
    ledger (about 1 ms against 10 to 30 for an init, most of it reading YAML)."""
    built: dict[bytes, Path] = {}

    def initialise(folder: Path) -> None:
        text = (folder / "campaign.yaml").read_bytes()
        if text not in built:
            home = tmp_path_factory.mktemp("initialised")
            (home / "campaign.yaml").write_bytes(text)
            BaseCampaign.init(home)[0].close()
            checkpoint(home / LEDGER_FILE)
            built[text] = home / LEDGER_FILE
        assert not (folder / LEDGER_FILE).exists(), f"{folder} has a ledger already"
        shutil.copyfile(built[text], folder / LEDGER_FILE)

    return initialise


@pytest.fixture
def campaign(campaign_dir: Path, initialise: Callable[[Path], None]) -> Iterator[Campaign]:
    """An initialised campaign (three heroes, the book's settings), closed afterwards."""
    initialise(campaign_dir)
    camp = BaseCampaign.open(campaign_dir)
    try:
        yield camp
    finally:
        camp.close()


@pytest.fixture
def demo(tmp_path: Path, initialise: Callable[[Path], None]) -> Path:
    """A folder holding the demo's campaign.yaml (campaigns/demo/, never its built ledger),
    initialised as `drawsteel-kit init` would. Files that need the demo with some play, its
    plans or another setting define a ``demo`` of their own."""
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    initialise(folder)
    return folder


@pytest.fixture
def ledger_path(campaign_dir: Path) -> Path:
    """Where the campaign fixture's ledger lives."""
    return campaign_dir / LEDGER_FILE


def initialised_demo(tmp_path: Path, campaign_yaml: Path, name: str) -> Path:
    """A demo's campaign.yaml in a folder of its own (``tmp_path / name``), initialised as the
    campaign of the system it plays (another system's tests' ``folder`` fixture)."""
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    dest = tmp_path / name
    dest.mkdir()
    shutil.copy(campaign_yaml, dest / "campaign.yaml")
    BaseCampaign.init(dest)[0].close()
    return dest


def opened_and_replayed(folder: Path) -> Iterator[Any]:
    """The campaign in ``folder``, open; at the end its projections must equal a replay of
    its history (another system's tests' ``camp`` fixture yields from this)."""
    import drawsteel_kit

    camp = drawsteel_kit.open(folder)
    try:
        yield camp
        assert camp.ledger.verify(), "projections differ from a replay"
    finally:
        camp.close()


def unchanged(camp: Any) -> tuple[Any, int]:
    """The campaign's projections and its count of events: equal before and after an
    operation that must write nothing."""
    return camp.ledger.snapshot(), camp.ledger.event_count()


@contextlib.contextmanager
def refused(camp: Any, error: type[Exception], match: str) -> Iterator[None]:
    """The operation raises ``error`` and leaves projections and history exactly as they were."""
    before = unchanged(camp)
    with pytest.raises(error, match=match):
        yield
    assert unchanged(camp) == before


@pytest.fixture
def verified_campaigns(tmp_path: Path, initialise: Callable[[Path], None],
                       ) -> Iterator[Callable[..., Campaign]]:
    """Make campaigns from campaign.yaml (``extra``: more top-level keys); at the end of the
    test each one's projections must still equal a replay of its history."""
    opened: list[Campaign] = []

    def make(heroes: Sequence[Mapping[str, Any]] = HEROES, *,
             extra: Mapping[str, Any] | None = None, **settings: Any) -> Campaign:
        data = {**campaign_data(heroes=heroes, **settings), **(extra or {})}
        folder = write_campaign(tmp_path / f"c{len(opened)}", data)
        initialise(folder)
        camp = BaseCampaign.open(folder)
        opened.append(camp)
        return camp

    yield make
    try:
        for camp in opened:
            assert camp.ledger.verify(), f"{camp.folder}: projections differ from a replay"
    finally:
        for camp in opened:
            camp.close()

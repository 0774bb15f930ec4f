"""Outputs under attack, through the real `drawsteel-kit` command (issue 30, breaks 9 and 11).

`heroes export --force`, `export --force` and `publish --force` never replace a file the
campaign owns; a `publish` killed with SIGKILL at seeded moments leaves nothing that makes
the next `publish` to that folder refuse, and the next one cleans what it left.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import FIXTURES_DIR, ledger_fingerprint, write_campaign
from reliability_workers import EXE

FIXTURES = FIXTURES_DIR / "forge_steel"
SEED = 30
KILLS = 25
#: The campaign's own files an output was let replace, or might be.
OWNED = ("campaign.yaml", "player-links.yaml", "plans/week.yaml", "director.ipynb",
         "runs/week.html", ".drawsteel-kit-notebooks.json", "ledger.db-shm")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = write_campaign(tmp_path_factory.mktemp("owned") / "camp")
    assert invoke("init", folder).exit_code == 0
    hero = FIXTURES / "full-level-5.ds-hero"
    assert invoke("heroes", "import", folder, hero).exit_code == 0
    assert invoke("links", folder).exit_code == 0
    for name in OWNED:
        path = folder / name
        path.parent.mkdir(exist_ok=True)
        if not path.exists():
            path.write_text(f"{name}: the campaign's own\n", encoding="utf-8")
    return folder


def _bytes(folder: Path) -> dict[str, bytes]:
    """The owned files' bytes (SQLite's shared-memory file changes as the ledger is read)."""
    return {name: (folder / name).read_bytes() for name in OWNED if "ledger" not in name}


def test_an_export_never_replaces_a_file_the_campaign_owns(folder: Path) -> None:
    kept, before = _bytes(folder), ledger_fingerprint(folder / "ledger.db")
    for name in OWNED:
        target = folder / name
        line = assert_one_clear_line(
            invoke("heroes", "export", folder, "Corvin", "--to", target, "--force"),
            "campaign's own")
        assert name.rsplit("/", 1)[-1] in line, line
        assert_one_clear_line(invoke("export", folder, "--out", target, "--force"),
                              "campaign's own")
    assert _bytes(folder) == kept
    assert ledger_fingerprint(folder / "ledger.db") == before
    mine = folder / "corvin.ds-hero"  # an export the Director keeps there is theirs
    assert invoke("heroes", "export", folder, "Corvin", "--to", mine).exit_code == 0
    assert invoke("heroes", "export", folder, "Corvin", "--to", mine, "--force").exit_code == 0


def test_publish_never_writes_into_the_campaigns_own_folders(folder: Path) -> None:
    kept = _bytes(folder)
    for out in (folder, folder / "plans", folder / "runs"):
        assert_one_clear_line(invoke("publish", folder, "--out", out, "--force"),
                              "campaign's own folder")
    assert _bytes(folder) == kept
    site = folder / "site"  # a folder of its own inside the campaign is fine
    assert invoke("publish", folder, "--out", site).exit_code == 0


def _publish(campaign: Path, out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([str(EXE), "publish", str(campaign), "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _staging(out: Path) -> list[Path]:
    return list(out.glob(".publishing-*")) if out.is_dir() else []


def _until_staging(proc: subprocess.Popen[bytes], out: Path) -> float:
    """Wait until the command makes its staging folder (or ends); when it did."""
    while proc.poll() is None and not _staging(out):
        time.sleep(0.001)
    return time.monotonic()


@pytest.mark.slow
def test_a_killed_publish_leaves_nothing_the_next_one_refuses(folder: Path,
                                                               tmp_path: Path) -> None:
    reference = tmp_path / "reference"
    proc = _publish(folder, reference)
    start = _until_staging(proc, reference)
    assert proc.wait(timeout=120) == 0, proc.stderr
    window = time.monotonic() - start  # from the staging folder to the end
    pages = sorted(p.name for p in reference.iterdir())
    rng = random.Random(SEED)
    left = 0
    for i in range(KILLS):
        out = tmp_path / f"site-{i}"
        if i % 2:  # a republish killed, over an earlier publish's pages
            assert invoke("publish", folder, "--out", out).exit_code == 0
        proc = _publish(folder, out)
        _until_staging(proc, out)
        time.sleep(rng.uniform(0, window))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        left += bool(_staging(out))
        result = invoke("publish", folder, "--out", out)
        assert result.exit_code == 0, (i, result.output)
        assert not _staging(out) and not list(out.glob("*.part")), i
        assert sorted(p.name for p in out.iterdir()) == pages, i
        marker = json.loads((out / ".drawsteel-kit-publish.json").read_text("utf-8"))
        assert sorted(marker["files"]) == sorted(p for p in pages if not p.startswith(".")), i
    print(f"{left} of {KILLS} kills left a staging folder; every next publish cleaned it")

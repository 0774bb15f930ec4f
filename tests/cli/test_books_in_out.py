"""The books in and out: `restore` puts a checked backup in place and keeps the ledger from
before; `import` brings an export into a new folder (export -> import -> export gives the same
bytes); `export --format csv` writes one CSV per table. Real campaigns, real SQLite files."""

from __future__ import annotations

import csv
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import exit_and_output as _run
from conftest import FIXTURES_DIR, REPO, ledger_fingerprint

from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.forge_steel import import_heroes

HERO = FIXTURES_DIR / "forge_steel" / "full-level-5.ds-hero"


@pytest.fixture
def demo(tmp_path: Path, initialise: Callable[[Path], None]) -> Path:
    """The demo's campaign.yaml with some play: an import, a respite, an undo, a hidden note."""
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    initialise(folder)
    with Campaign.open(folder) as camp:
        import_heroes(camp, [HERO])
        camp.award_victories(2)
        camp.take_respite(seed=7)
        wrong = camp.award_renown("Val", 1, reason="a slip")
        camp.undo(wrong.events[0].id)
        camp.add_note("The mayor owes the guild", visibility="director")
    return folder


def _refused(out: str, code: int, expected: str) -> None:
    assert code == 1, out
    assert out.startswith("Error: ") and len(out.strip().splitlines()) == 1, out
    assert expected in out, out


def test_export_import_export_gives_the_same_bytes(demo: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert _run("export", demo, "--out", first)[0] == 0
    code, out = _run("import", first, tmp_path / "copy")
    assert code == 0 and "Imported" in out, out
    assert _run("export", tmp_path / "copy", "--out", second)[0] == 0
    assert first.read_bytes() == second.read_bytes()
    with Campaign.open(tmp_path / "copy") as camp:
        assert camp.ledger.verify() and camp.hero("Corvin").level == 5
        assert camp.ledger.undone_ids()  # the undo came across as history


def test_import_refuses_what_is_not_a_whole_export(demo: Path, tmp_path: Path) -> None:
    full, party = tmp_path / "full.json", tmp_path / "party.json"
    _run("export", demo, "--out", full)
    _run("export", demo, "--out", party, "--party-only")
    cut = tmp_path / "cut.json"
    cut.write_bytes(full.read_bytes()[:5000])
    for source, expected in ((cut, "is not a whole export"), (HERO, "format: is not a "),
                             (party, "its state is not what its history gives")):
        code, out = _run("import", source, tmp_path / "new")
        _refused(out, code, expected)
        assert not (tmp_path / "new").exists(), source  # nothing left behind
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    code, out = _run("import", full, busy)
    _refused(out, code, "already holds files")
    assert [p.name for p in busy.iterdir()] == ["keep.txt"]


def test_restore_puts_a_checked_backup_in_place_and_keeps_the_ledger_from_before(
        demo: Path, tmp_path: Path) -> None:
    backup = tmp_path / "before.db"
    assert _run("backup", demo, backup)[0] == 0
    with Campaign.open(demo) as camp:
        was = camp.ledger.event_count()
        camp.award_victories(1)
    code, out = _run("restore", demo, backup)
    assert code == 0, out
    with Campaign.open(demo) as camp:
        assert camp.ledger.event_count() == was and camp.ledger.verify()
    kept = list((demo / "backups").glob("ledger-before-restore-*.db"))
    assert len(kept) == 1
    old = sqlite3.connect(kept[0])
    try:
        assert old.execute("SELECT count(*) FROM events").fetchone()[0] > was
    finally:
        old.close()


def test_restore_refuses_a_bad_backup_and_leaves_the_ledger_as_it_was(
        demo: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.db"
    _run("backup", demo, good)
    cut = tmp_path / "cut.db"
    cut.write_bytes(good.read_bytes()[:3000])
    tampered = tmp_path / "tampered.db"
    shutil.copy(good, tampered)
    with sqlite3.connect(tampered) as db:  # state no longer what history gives
        db.execute("UPDATE heroes SET xp = xp + 5 WHERE name = 'Val'")
    stranger = tmp_path / "stranger.db"
    with sqlite3.connect(stranger) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    before = ledger_fingerprint(demo / "ledger.db")
    for bad, expected in ((cut, "cut.db"), (tampered, "differs from its history"),
                          (stranger, "not a drawsteel-kit ledger"),
                          (tmp_path / "none.db", "no such backup file")):
        code, out = _run("restore", demo, bad)
        _refused(out, code, expected)
        assert ledger_fingerprint(demo / "ledger.db") == before, bad
    assert not (demo / "backups").exists() or not list((demo / "backups").iterdir())
    assert not list(demo.glob(".restore-*"))


def test_restore_mends_a_damaged_ledger(demo: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.db"
    _run("backup", demo, good)
    (demo / "ledger.db").write_bytes(b"not a ledger any more")
    for suffix in ("-wal", "-shm"):
        (demo / f"ledger.db{suffix}").unlink(missing_ok=True)
    assert _run("status", demo)[0] == 1
    code, out = _run("restore", demo, good)
    assert code == 0, out
    assert _run("status", demo)[0] == 0


def test_export_as_csv_writes_one_file_per_table(demo: Path, tmp_path: Path) -> None:
    out_dir = tmp_path / "tables"
    code, out = _run("export", demo, "--format", "csv", "--out", out_dir)
    assert code == 0, out
    names = sorted(p.stem for p in out_dir.glob("*.csv"))
    assert names == sorted(["party", "heroes", "projects", "followers", "inventory", "titles",
                            "npcs", "notes", "sheets", "events"])
    with (out_dir / "heroes.csv").open(newline="", encoding="utf-8") as file:
        heroes = {row["name"]: row for row in csv.DictReader(file)}
    assert heroes["Corvin"]["project_points"] == "340"
    assert '"Caelian"' in heroes["Corvin"]["languages"]
    with (out_dir / "notes.csv").open(encoding="utf-8") as file:
        assert "mayor owes" in file.read()
    code, out = _run("export", demo, "--format", "csv", "--out", out_dir)
    _refused(out, code, "already holds files")
    party = tmp_path / "party-tables"
    assert _run("export", demo, "--format", "csv", "--out", party, "--party-only")[0] == 0
    assert "mayor owes" not in (party / "notes.csv").read_text(encoding="utf-8")
    code, out = _run("export", demo, "--format", "csv")
    assert code == 2 and "--out FOLDER" in out

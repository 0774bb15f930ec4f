"""A full disk and a read-only ledger, for real: one clear line, the ledger as it was.

The disk is a small tmpfs mounted for the test (root only; skipped, saying so, where the
system refuses the mount), filled to the last byte with an ordinary file; read-only is the
same tmpfs remounted read-only, or the ledger file or its folder marked immutable
(``chattr +i``), which binds root too. SQLite's own ``max_page_count`` makes a ledger full
without a mount.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import REPO, ledger_fingerprint, refused, write_campaign

from drawsteel_kit.kit.errors import LedgerFull
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.systems.draw_steel.campaign import Campaign


def _sh(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, check=False)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs of our own, unmounted afterwards."""
    where = tmp_path / "disk"
    where.mkdir()
    if shutil.which("mount") is None:
        pytest.skip("no `mount` command: a small disk to fill cannot be made here")
    done = _sh("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(where))
    if done.returncode != 0:
        pytest.skip(f"the system refused to mount a small tmpfs to fill for real "
                    f"({done.stderr.strip() or 'mount failed'}): run as root with mounts allowed")
    try:
        yield where
    finally:
        _sh("mount", "-o", "remount,rw", str(where))
        _sh("umount", "-l", str(where))


@pytest.fixture
def camp_on_disk(disk: Path) -> Path:
    """A campaign folder with its ledger on the small disk (closed: nobody holds it open)."""
    folder = write_campaign(disk / "camp")
    camp, _ = Campaign.init(folder)
    camp.close()
    return folder


def _fill(where: Path) -> Path:
    """Write an ordinary file until the disk says it is full."""
    filler = where / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for size in (1 << 16, 1 << 12, 1 << 9, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size):
                    pass
    finally:
        os.close(fd)
    assert shutil.disk_usage(where).free < 4096, "the disk did not fill"
    return filler


def test_a_full_disk_is_one_line_and_the_ledger_is_as_it_was(camp_on_disk: Path,
                                                             disk: Path) -> None:
    ledger = camp_on_disk / LEDGER_FILE
    before = ledger_fingerprint(ledger)
    holder = sqlite3.connect(str(ledger))  # a served page holding the ledger open: the
    holder.execute("SELECT count(*) FROM events").fetchone()  # -wal and -shm stay there
    filler = _fill(disk)
    try:
        for argv in (("notes", "add", camp_on_disk, "x" * 400),
                     ("victories", camp_on_disk, "1", "--reason", "the bridge"),
                     ("adjust", camp_on_disk, "Val", "xp=3", "--reason", "fix")):
            line = assert_one_clear_line(invoke(*argv), "disk is full")
            assert "free some space" in line.casefold()
    finally:
        holder.close()
        filler.unlink()
    assert ledger_fingerprint(ledger) == before


def test_a_full_disk_nobody_holds_open_is_one_line_yet_still_readable(
        camp_on_disk: Path, disk: Path) -> None:
    ledger = camp_on_disk / LEDGER_FILE
    before = ledger_fingerprint(ledger)
    filler = _fill(disk)
    try:
        assert_one_clear_line(invoke("victories", camp_on_disk, "1"), "disk is full")
        shown = invoke("status", camp_on_disk)
        assert shown.exit_code == 0 and "Val" in shown.output, shown.output
        assert_one_clear_line(invoke("export", camp_on_disk, "--out", disk / "all.json"),
                              "disk is full", "no space")
        assert not (disk / "all.json").exists(), "a half-written export was left behind"
    finally:
        filler.unlink()
    assert ledger_fingerprint(ledger) == before


def test_a_read_only_mount_is_one_line_naming_the_fix_and_reading_still_works(
        camp_on_disk: Path, disk: Path) -> None:
    ledger = camp_on_disk / LEDGER_FILE
    before = ledger_fingerprint(ledger)
    done = _sh("mount", "-o", "remount,ro", str(disk))
    if done.returncode != 0:
        pytest.skip(f"the system refused to remount the tmpfs read-only ({done.stderr.strip()})")
    try:
        for argv in (("victories", camp_on_disk, "1"), ("init", camp_on_disk),
                     ("renown", "award", camp_on_disk, "Val", "1", "--reason", "a deed")):
            assert_one_clear_line(invoke(*argv), "mounted read-only: remount it read-write")
        for argv in (("status", camp_on_disk), ("history", camp_on_disk)):
            shown = invoke(*argv)
            assert shown.exit_code == 0, shown.output
        assert_one_clear_line(invoke("export", camp_on_disk, "--out", disk / "x.json"),
                              "read-only")
        assert_one_clear_line(invoke("backup", camp_on_disk), "read-only")
    finally:
        _sh("mount", "-o", "remount,rw", str(disk))
    assert ledger_fingerprint(ledger) == before


@pytest.mark.parametrize("what, said", [("file", "chattr -i"),
                                        ("folder", "make the folder writable")])
def test_an_immutable_ledger_or_folder_is_one_line_naming_the_fix(
        camp_on_disk: Path, what: str, said: str) -> None:
    """``chattr +i`` binds root too: on the file SQLite cannot write it, on the folder it
    cannot create ledger.db-wal beside it."""
    ledger = camp_on_disk / LEDGER_FILE
    before = ledger_fingerprint(ledger)  # checkpointed and closed: no -wal file left
    target = ledger if what == "file" else camp_on_disk
    done = _sh("chattr", "+i", str(target))
    if done.returncode != 0:
        pytest.skip(f"chattr +i is refused here ({done.stderr.strip()})")
    try:
        line = assert_one_clear_line(invoke("victories", camp_on_disk, "1"), "read-only")
        assert said in line and str(ledger) in line
        assert invoke("status", camp_on_disk).exit_code == 0
    finally:
        _sh("chattr", "-i", str(target))
    assert ledger_fingerprint(ledger) == before


def test_a_ledger_sqlite_finds_full_is_our_error_and_nothing_is_written(
        campaign: Campaign) -> None:
    """SQLITE_FULL for real, with no mount: the file may grow no further than it is."""
    pages = campaign.ledger.db.execute("PRAGMA page_count").fetchone()[0]
    campaign.ledger.db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(LedgerFull):  # the free room left in its pages runs out
        for n in range(500):
            campaign.add_note(f"rumour {n}: " + "x" * 480)
    with refused(campaign, LedgerFull, "the disk is full; nothing was written"):
        campaign.add_note("one rumour more " + "x" * 480)
    campaign.ledger.db.execute("PRAGMA max_page_count = 1073741823")
    campaign.add_note("room again")  # the connection still works


def test_init_and_new_on_a_full_disk_are_one_line_and_init_works_once_there_is_room(
        disk: Path) -> None:
    """A first `init` that cannot write leaves no empty ledger.db behind (which every later
    opening would refuse as "empty"); `new` says how many files it could not copy."""
    folder = write_campaign(disk / "camp")
    filler = _fill(disk)
    try:
        assert_one_clear_line(invoke("init", folder), "disk is full")
        assert not (folder / LEDGER_FILE).exists()
        assert_one_clear_line(invoke("new", "Iron Saints", "--dir", disk / "more"),
                              "could not be copied", "no space left")
    finally:
        filler.unlink()
    assert invoke("init", folder).exit_code == 0
    with Campaign.open(folder, readonly=True) as camp:
        assert camp.ledger.verify()


#: Commands that write, each with arguments it would accept on the shared books.
WRITES = (
    ("victories", "{c}", "1"), ("tokens", "{c}", "award", "1"), ("session", "end", "{c}"),
    ("respite", "{c}"), ("day", "{c}", "1"), ("adjust", "{c}", "Val", "xp=3", "--reason", "x"),
    ("renown", "award", "{c}", "Yorn", "-1", "--reason", "a scandal"),
    ("wealth", "award", "{c}", "Val", "1", "--reason", "a hoard"),
    ("inventory", "add", "{c}", "Lantern"), ("notes", "add", "{c}", "x" * 300),
    ("npc", "add", "{c}", "Mother Gall", "--level", "2"),
    ("titles", "grant", "{c}", "Yorn", "Local Hero", "--benefit", "renown"),
    ("project", "start", "{c}", "Val", "Discover Lore", "--param", "kind=lost"),
    ("encounter", "log", "{c}", "Ambush", "--objective", "x", "--met"),
    ("undo", "{c}", "{last}"), ("rebuild", "{c}"),
    ("export", "{c}", "--out", "{disk}/books.json"), ("publish", "{c}", "--out", "{disk}/site"),
    ("backup", "{c}"),
)


@pytest.mark.parametrize("refusal", ["full", "read-only"])
def test_every_kind_of_write_on_a_full_or_read_only_disk_is_one_line(disk: Path,
                                                                     refusal: str) -> None:
    from bad_input_strategies import books

    folder = disk / "books"
    with books(folder) as camp:
        last = str(camp.ledger.event_count())
    ledger = folder / LEDGER_FILE
    before = ledger_fingerprint(ledger)
    holder = sqlite3.connect(str(ledger))  # full: -wal and -shm stay, as while a page is
    holder.execute("SELECT count(*) FROM events").fetchone()  # served (a mount with files
    filler = _fill(disk) if refusal == "full" else None  # open to write stays read-write)
    if filler is None:
        holder.close()
        done = _sh("mount", "-o", "remount,ro", str(disk))
        if done.returncode != 0:
            pytest.skip(f"the system refused to remount the tmpfs read-only ({done.stderr})")
    said = ("disk is full", "no space left") if filler else ("read-only",)
    try:
        for argv in WRITES:
            filled = [a.replace("{c}", str(folder)).replace("{disk}", str(disk))
                      .replace("{last}", last) for a in argv]
            assert_one_clear_line(invoke(*filled), *said)
        assert not (disk / "books.json").exists()
        site = disk / "site"
        assert not site.exists() or not any(site.iterdir()), "publish left part of a site"
    finally:
        holder.close()
        if filler is not None:
            filler.unlink()
        _sh("mount", "-o", "remount,rw", str(disk))
    assert ledger_fingerprint(ledger) == before


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("argv", [("export",), ("history",), ("status", "--json")])
def test_printing_to_a_full_disk_is_one_line(campaign: Campaign, argv: tuple[str, ...]) -> None:
    """`export CAMPAIGN > file` on a full disk: /dev/full refuses every write with ENOSPC."""
    repo = REPO
    code = "import sys; from drawsteel_kit.cli import main; sys.argv[0] = 'drawsteel-kit'; main()"
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", code, argv[0], str(campaign.folder),
                               *argv[1:]], stdout=full, stderr=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(repo)}, check=False,
                              cwd=repo)
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "the disk is full" in lines[0], done.stderr

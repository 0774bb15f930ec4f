"""Backups taken while another process writes are consistent copies, never torn ones.

A writer subprocess loops campaign operations (victories, respites, purchases, notes) until
told to stop, while this test takes backups through ``Campaign.backup`` and through
``drawsteel-kit backup``. Each backup must pass SQLite's integrity check, open as a campaign
whose projections equal a replay of its history, and hold exactly the first N events of the
final ledger: the state between two whole operations.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import write_campaign

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE

# a writer process and backups taken against it for seconds
pytestmark = pytest.mark.soak

#: Loops whole operations until the stop file appears; prints how many it wrote.
WRITER = """
import sys
from pathlib import Path
from drawsteel_kit.systems.draw_steel.campaign import Campaign

folder, stop = Path(sys.argv[1]), Path(sys.argv[2])
done = 0
with Campaign.open(folder) as camp:
    (folder / "writer-started").touch()
    while not stop.exists():
        step = done % 4
        if step == 0:
            camp.award_victories(1, reason=f"Fight {done}")
        elif step == 1:
            camp.take_respite(seed=done)
        elif step == 2:
            camp.buy(["Val", "Bran", "Yorn"][done % 3], "common gear", reason=f"Trip {done}")
        else:
            camp.add_note(f"Rumour {done}: the bell rings at midnight", about="the chapel")
        done += 1
print(done)
"""
#: Enough backups, at enough different moments, to mean something; the deadline only
#: bounds a starved machine (the loop ends as soon as both are reached).
MIN_BACKUPS, MIN_DISTINCT, DEADLINE = 90, 30, 40.0


def events_of(path: Path) -> list[tuple[Any, ...]]:
    """Every column of every event, in id order."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT * FROM events ORDER BY id").fetchall()
    finally:
        conn.close()


def operation_ids(path: Path) -> dict[int, str | None]:
    """Each event's operation id."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return dict(conn.execute("SELECT id, operation FROM events").fetchall())
    finally:
        conn.close()


def integrity(path: Path) -> str:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


def test_backups_during_writes_are_whole_prefixes_of_the_ledger(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "camp")
    BaseCampaign.init(folder)[0].close()
    start = len(events_of(folder / LEDGER_FILE))
    stop = tmp_path / "stop"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(folder), str(stop)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    backups: list[Path] = []
    try:
        deadline = time.monotonic() + DEADLINE
        while not (folder / "writer-started").exists() and writer.poll() is None:
            time.sleep(0.05)
        with BaseCampaign.open(folder, readonly=True) as reader:
            counts: set[int] = set()
            while time.monotonic() < deadline and writer.poll() is None:
                dest = tmp_path / "backups" / f"b{len(backups):03d}" / LEDGER_FILE
                if len(backups) % 3 == 2:
                    assert "Backed up to" in run("backup", folder, dest)
                else:
                    reader.backup(dest)
                backups.append(dest)
                counts.add(len(events_of(dest)))
                if len(backups) >= MIN_BACKUPS and len(counts) >= MIN_DISTINCT:
                    break
    finally:
        stop.touch()
        out, err = writer.communicate(timeout=60)
    assert writer.returncode == 0, err
    written = int(out.strip())
    final = events_of(folder / LEDGER_FILE)
    operations = operation_ids(folder / LEDGER_FILE)
    assert len(final) >= start + written  # every operation wrote at least one event
    assert len(backups) >= MIN_BACKUPS and len(counts) >= MIN_DISTINCT, (len(backups), counts)
    print(f"{len(backups)} backups at {len(counts)} moments while {written} operations "
          f"wrote {len(final) - start} events")
    for dest in backups:
        assert integrity(dest) == "ok", dest
        held = events_of(dest)
        assert held == final[:len(held)], f"{dest}: not a prefix of the final history"
        assert len(held) >= start
        with BaseCampaign.open(dest.parent, readonly=True) as copy:
            assert copy.ledger.verify(), f"{dest}: projections differ from its own history"
            last = copy.history(limit=1)[0]
        if last.operation:  # every event of its last operation made it into the copy
            assert max(i for i, op in operations.items() if op == last.operation) == last.id


def test_the_default_backup_is_named_by_its_events_and_never_overwrites(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "camp")
    with BaseCampaign.init(folder)[0] as camp:
        camp.add_note("Before the first backup")
        first = camp.backup()
        second = camp.backup()
        count = camp.ledger.event_count()
    assert first != second and first.parent == second.parent == folder / "backups"
    assert first.name.startswith(f"ledger-{count}-")
    assert events_of(first) == events_of(second) == events_of(folder / LEDGER_FILE)
    before = first.read_bytes()
    out = run("backup", folder, first, ok=False)
    assert "already exists" in out and first.read_bytes() == before

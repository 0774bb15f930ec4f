"""Attacks on `restore` and `rebuild --check` (issue 30, breaks 1 and 9): a backup file
tampered with through SQLite itself, then given to the real `drawsteel-kit` command.

A restore brings in a backup's rows, never its schema: a trigger, view or index the backup
carries never reaches the campaign, triggers it dropped are there again, and an unrelated
write afterwards changes only what it says. A backup whose history repeats an event is
refused in one line, the ledger as it was. `rebuild --check` names schema added or dropped
with another tool after the fact. An older schema's backup still restores, upgraded.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_one_clear_line, invoke
from conftest import FIXTURES_DIR, REPO, ledger_fingerprint

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE, MIGRATION_NAMES
from drawsteel_kit.kit.ledger.schema_check import not_ours

FIXTURES = FIXTURES_DIR / "ledgers"
EVIL = ("CREATE TRIGGER zz_evil AFTER INSERT ON events BEGIN "
        "UPDATE heroes SET wealth = wealth + 100; END")
#: Tamperings of a ledger's schema with sqlite3, and the words `rebuild --check` names.
TAMPERINGS: dict[str, tuple[str, str]] = {
    "a trigger added": (EVIL, "trigger zz_evil added"),
    "append-only dropped": ("DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete",
                            "trigger events_no_update missing"),
    "a view added": ("CREATE VIEW party_gold AS SELECT name, wealth FROM heroes",
                     "view party_gold added"),
    "an index added": ("CREATE INDEX zz_wealth ON heroes(wealth)", "index zz_wealth added"),
    "an index dropped": ("DROP INDEX events_kind", "index events_kind missing"),
    "a table added": ("CREATE TABLE loot (item TEXT)", "table loot added"),
    "a column added": ("ALTER TABLE heroes ADD COLUMN curse TEXT",
                       "table heroes: column curse added"),
}


@pytest.fixture
def demo(tmp_path: Path, initialise: Callable[[Path], None]) -> Path:
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    initialise(folder)
    with BaseCampaign.open(folder) as camp:
        camp.award_victories(1)
        camp.award_renown("Val", 1, reason="the rescue")
    return folder


def tampered(folder: Path, dest: Path, sql: str) -> Path:
    """A real backup of ``folder`` (the command), then ``sql`` run on it with SQLite."""
    assert invoke("backup", folder, dest).exit_code == 0
    conn = sqlite3.connect(dest)
    try:
        conn.executescript(sql)
    finally:
        conn.close()
    return dest


def heroes(folder: Path) -> dict[str, dict[str, Any]]:
    with BaseCampaign.open(folder, readonly=True) as camp:
        return {r["name"]: r for r in camp.ledger.snapshot()["heroes"]}


def schema_names(folder: Path) -> set[tuple[str, str]]:
    conn = sqlite3.connect(folder / LEDGER_FILE)
    try:
        return set(conn.execute("SELECT type, name FROM sqlite_master").fetchall())
    finally:
        conn.close()


def checked(folder: Path) -> tuple[int, str]:
    result = invoke("rebuild", folder, "--check")
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_trigger_a_backup_carries_never_arrives(demo: Path, tmp_path: Path) -> None:
    backup = tampered(demo, tmp_path / "evil.db", EVIL)
    result = invoke("restore", demo, backup)
    assert result.exit_code == 0, result.output
    assert "Restored" in result.output and "trigger zz_evil" in result.output, result.output
    assert ("trigger", "zz_evil") not in schema_names(demo)
    assert checked(demo) == (0, "State matches history.\n")
    before = heroes(demo)
    assert invoke("renown", "award", demo, "Val", "1", "--reason", "x").exit_code == 0
    after = heroes(demo)
    assert after["Val"]["renown"] == before["Val"]["renown"] + 1
    assert {n: h["wealth"] for n, h in after.items()} == {
        n: h["wealth"] for n, h in before.items()}, "a write changed wealth nobody awarded"
    after["Val"]["renown"] -= 1
    assert after == before
    assert checked(demo)[0] == 0


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_a_tampered_backup_brings_in_only_its_rows(demo: Path, tmp_path: Path,
                                                   name: str) -> None:
    sql, _ = TAMPERINGS[name]
    backup = tampered(demo, tmp_path / "tampered.db", sql)
    with BaseCampaign.open(demo) as camp:  # a write the restore must take back
        camp.award_victories(1)
    result = invoke("restore", demo, backup)
    assert result.exit_code == 0, result.output
    with BaseCampaign.open(demo, readonly=True) as camp:
        assert camp.ledger.schema_problems() == []
        assert camp.ledger.verify()
    conn = sqlite3.connect(demo / LEDGER_FILE)
    try:  # append-only again, whatever the backup dropped
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("UPDATE events SET day = 5 WHERE id = 2")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute("DELETE FROM events WHERE id = 2")
    finally:
        conn.close()
    assert checked(demo) == (0, "State matches history.\n")


@pytest.mark.parametrize("name", list(TAMPERINGS))
def test_rebuild_check_names_schema_changed_with_another_tool(demo: Path, name: str) -> None:
    assert checked(demo) == (0, "State matches history.\n")
    sql, words = TAMPERINGS[name]
    conn = sqlite3.connect(demo / LEDGER_FILE)
    try:
        conn.executescript(sql)
    finally:
        conn.close()
    code, out = checked(demo)
    assert code == 1, out
    line = next(x for x in out.splitlines() if x.startswith("Schema differs"))
    assert words in line, line


def test_an_event_edited_after_the_append_only_triggers_were_dropped_is_caught(
        demo: Path) -> None:
    conn = sqlite3.connect(demo / LEDGER_FILE)
    try:
        conn.executescript("DROP TRIGGER events_no_update; UPDATE events SET payload = "
                           "replace(payload, '\"renown\": 1', '\"renown\": 9') "
                           "WHERE kind = 'renown_gained'")
    finally:
        conn.close()
    code, out = checked(demo)
    assert code == 1 and "trigger events_no_update missing" in out, out


def _append_copy(of: str, *, new_time: bool) -> str:
    """SQL appending a copy of the event ``of`` selects (a fresh id; its time too)."""
    when = "strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')" if new_time else "created_at"
    return ("INSERT INTO events (kind, day, session, actor, payload, seed, dice, visibility, "
            f"version, created_at, undoes, operation) SELECT kind, day, session, actor, "
            f"payload, seed, dice, visibility, version, {when}, undoes, operation FROM events "
            f"WHERE id = ({of})")


@pytest.mark.parametrize(("of", "new_time", "words"), [
    ("SELECT min(id) FROM events WHERE kind = 'hero_added'", False, "repeats event"),
    ("SELECT min(id) FROM events WHERE kind = 'hero_added'", True, "already there"),
    ("SELECT max(id) FROM events", False, "repeats event"),
    ("SELECT max(id) FROM events WHERE kind = 'renown_gained'", True, "renown was"),
], ids=["hero-exact", "hero-new-time", "last-exact", "award-new-time"])
def test_a_backup_repeating_an_event_is_refused_in_one_line(
        demo: Path, tmp_path: Path, of: str, new_time: bool, words: str) -> None:
    backup = tampered(demo, tmp_path / "twice.db", _append_copy(of, new_time=new_time))
    before = ledger_fingerprint(demo / LEDGER_FILE)
    line = assert_one_clear_line(invoke("restore", demo, backup), words)
    assert "twice.db" in line and "event #" in line, line
    assert ledger_fingerprint(demo / LEDGER_FILE) == before
    assert not (demo / "backups").exists()
    assert sorted(p.name for p in demo.iterdir()) == ["campaign.yaml", LEDGER_FILE]


@pytest.mark.parametrize(("sql", "words"), [
    ("ALTER TABLE heroes DROP COLUMN wealth", "column wealth of table heroes is missing"),
    ("DROP TABLE notes", "table notes is missing"),
    ("CREATE TABLE h2 AS SELECT * FROM heroes; DROP TABLE heroes; "
     "CREATE TABLE heroes AS SELECT * FROM h2; DROP TABLE h2; "
     "UPDATE heroes SET wealth = -5", "refuses"),
    ("UPDATE heroes SET wealth = wealth + 100", "differs from its history"),
    ("UPDATE events SET kind = 'summon_dragon' WHERE id = 2", "summon_dragon"),
])
def test_a_backup_whose_books_cannot_be_is_refused_in_one_line(
        demo: Path, tmp_path: Path, sql: str, words: str) -> None:
    prefix = "DROP TRIGGER events_no_update; " if "UPDATE events" in sql else ""
    backup = tampered(demo, tmp_path / "broken.db", prefix + sql)
    before = ledger_fingerprint(demo / LEDGER_FILE)
    assert_one_clear_line(invoke("restore", demo, backup), words)
    assert ledger_fingerprint(demo / LEDGER_FILE) == before
    assert sorted(p.name for p in demo.iterdir()) == ["campaign.yaml", LEDGER_FILE]


def test_rebuild_check_names_an_event_appended_twice_in_one_line(demo: Path) -> None:
    conn = sqlite3.connect(demo / LEDGER_FILE)
    try:
        conn.executescript(_append_copy(
            "SELECT min(id) FROM events WHERE kind = 'hero_added'", new_time=False))
    finally:
        conn.close()
    before = ledger_fingerprint(demo / LEDGER_FILE)
    for args in (("--check",), ()):
        line = assert_one_clear_line(invoke("rebuild", demo, *args), "cannot be replayed")
        assert "event #" in line and ("already there" in line or "UNIQUE" in line), line
        assert ledger_fingerprint(demo / LEDGER_FILE) == before


def _fixture_ledger(sql: Path, dest: Path) -> Path:
    conn = sqlite3.connect(dest)
    try:
        conn.executescript(sql.read_text(encoding="utf-8"))
    finally:
        conn.close()
    return dest


@pytest.mark.parametrize("sql", sorted(FIXTURES.glob("schema_*.sql")), ids=lambda p: p.stem)
def test_an_older_schemas_backup_restores_upgraded_and_without_what_was_added(
        demo: Path, tmp_path: Path, sql: Path) -> None:
    old = _fixture_ledger(sql, tmp_path / "old.db")
    conn = sqlite3.connect(old)
    try:
        assert not_ours(conn) == [], "the older code's own schema must not count as tampered"
        conn.executescript(EVIL)
        events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        conn.close()
    result = invoke("restore", demo, old)
    assert result.exit_code == 0, result.output
    assert f"({events} events)" in result.output and "trigger zz_evil" in result.output
    with BaseCampaign.open(demo, readonly=True) as camp:
        assert camp.ledger.schema == MIGRATION_NAMES[-1]
        assert camp.ledger.schema_problems() == []
        assert camp.ledger.verify()
    assert checked(demo) == (0, "State matches history.\n")


# -- killed --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_books(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A long campaign (the bench builder's) and a backup of it taken before one more write."""
    import sys

    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    from benchmarks.ledgers import build

    root = tmp_path_factory.mktemp("long")
    build(root / "long", 6000)
    backup = root / "kept.db"
    assert invoke("backup", root / "long", backup).exit_code == 0
    with BaseCampaign.open(root / "long") as camp:
        camp.award_victories(1)
    return root / "long", backup


def _events(folder: Path) -> int:
    with BaseCampaign.open(folder, readonly=True) as camp:
        assert camp.ledger.integrity() == [] and camp.ledger.verify()
        assert camp.ledger.schema_problems() == []
        return camp.ledger.event_count()


@pytest.mark.soak
def test_restore_killed_at_any_moment_leaves_the_ledger_before_or_after(
        long_books: tuple[Path, Path], tmp_path: Path) -> None:
    import random
    import signal
    import subprocess
    import time
    from collections import Counter

    from reliability_workers import EXE

    base, backup = long_books
    before, after = _events(base), _events_of_backup(backup)
    assert before > after

    def run(folder: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen([str(EXE), "restore", str(folder), str(backup)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    reference = tmp_path / "reference"
    shutil.copytree(base, reference)
    started = time.monotonic()
    proc = run(reference)
    assert proc.wait() == 0, proc.stderr.read().decode()  # type: ignore[union-attr]
    total = time.monotonic() - started
    rng = random.Random(30)
    seen: Counter[str] = Counter()
    for n in range(8):
        folder = tmp_path / f"kill{n}"
        shutil.copytree(base, folder)
        proc = run(folder)
        time.sleep(rng.uniform(0.3 * total, 1.25 * total))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        count = _events(folder)
        assert count in (before, after), count
        seen[f"{'before' if count == before else 'after'}"
             f"{'' if proc.returncode == -signal.SIGKILL else ' (had exited)'}"] += 1
        result = invoke("restore", folder, backup)  # again: it completes
        assert result.exit_code == 0, result.output
        assert _events(folder) == after
    print(f"\nrestore of {after} events: {total:.2f}s; kills: {dict(seen)}")


def _events_of_backup(backup: Path) -> int:
    conn = sqlite3.connect(backup)
    try:
        return int(conn.execute("SELECT count(*) FROM events").fetchone()[0])
    finally:
        conn.close()

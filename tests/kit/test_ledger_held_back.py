"""Events held back and inserted together: every statement sees them as if inserted one by one.

An operation's events go into the file by one ``executemany`` at its end (and before any other
statement the connection runs, and before COMMIT); a ROLLBACK drops them. These tests read
the file inside the write, fail the batch, and end transactions each way, with real SQLite.
"""

from __future__ import annotations

import sqlite3

import pytest

from drawsteel_kit.kit.ledger import DIRECTOR, update_op
from drawsteel_kit.kit.ledger.connection import connect


def _count(campaign) -> int:
    return campaign.ledger.db.conn.execute("SELECT count(*) FROM events").fetchone()[0]


def _sha_rows(path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT * FROM events ORDER BY id").fetchall() + conn.execute(
            "SELECT * FROM timeline ORDER BY id").fetchall() + conn.execute(
            "SELECT * FROM heroes ORDER BY name").fetchall()
    finally:
        conn.close()


def test_a_read_inside_the_write_sees_every_event_appended(campaign):
    before = _count(campaign)
    bran = campaign.hero("Bran")
    with campaign.ledger.write():
        first = campaign.ledger.append("adjusted", day=1, session=None, payload={"n": 1},
                                       ops=[update_op("heroes", "Bran", {"xp": bran.xp},
                                                      {"xp": bran.xp + 2})])
        second = campaign.ledger.append("adjusted", day=1, session=None, payload={"n": 2})
        assert second.id == first.id + 1
        assert _count(campaign) == before + 2  # a plain statement inserts them first
        assert campaign.ledger.event(second.id).payload == {"n": 2}
        timeline = campaign.ledger.db.conn.execute(
            "SELECT event_id, after FROM timeline WHERE event_id = ?", [first.id]).fetchall()
        assert timeline == [(first.id, bran.xp + 2)]
    assert _count(campaign) == before + 2


def test_ids_are_the_ones_sqlite_gives(campaign, ledger_path):
    with campaign.ledger.write():
        held = campaign.ledger.append("adjusted", day=1, session=None).id
    plain = connect(ledger_path)
    try:
        plain.conn.execute("BEGIN IMMEDIATE")
        cursor = plain.conn.execute(
            "INSERT INTO events (kind, day, payload, visibility, version, created_at) "
            "VALUES ('adjusted', 1, '{}', 'party', 'x', 'now')")
        assert cursor.lastrowid == held + 1
        plain.conn.execute("ROLLBACK")
    finally:
        plain.close()


def test_a_refused_event_rolls_the_whole_write_back(campaign, ledger_path):
    bran = campaign.hero("Bran")
    campaign.ledger.db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = _sha_rows(ledger_path)
    with pytest.raises(sqlite3.IntegrityError, match="CHECK"), campaign.ledger.write():
        campaign.ledger.append("adjusted", day=1, session=None, ops=[
            update_op("heroes", "Bran", {"renown": bran.renown}, {"renown": bran.renown + 1})])
        campaign.ledger.append("adjusted", day=1, session=None, visibility="nobody")
    assert _sha_rows(ledger_path) == before
    assert campaign.hero("Bran") == bran
    # Nothing of the failed write is left to go into the next one.
    with campaign.ledger.write():
        campaign.ledger.append("adjusted", day=1, session=None, visibility=DIRECTOR)
    rows = _sha_rows(ledger_path)
    assert len(rows) == len(before) + 1
    assert campaign.ledger.verify()


def test_a_preview_writes_what_the_real_run_does_and_leaves_nothing(campaign, ledger_path):
    before = _count(campaign)
    with campaign.transaction(rollback=True):
        preview = campaign.adjust_hero("Bran", reason="a preview", renown=1)
    assert _count(campaign) == before
    real = campaign.adjust_hero("Bran", reason="a preview", renown=1)
    assert [e.id for e in real.events] == [e.id for e in preview.events]
    assert [e.payload for e in real.events] == [e.payload for e in preview.events]
    assert _count(campaign) == before + len(real.events)
    assert campaign.ledger.verify()

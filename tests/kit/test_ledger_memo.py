"""Reads remembered inside one write transaction: they always say what the file holds.

A read inside a write is answered from memory until this connection changes what it read;
these tests write in each way there is (an event's ops, a raw statement, a failing op) and
check that the next read says what SQLite says.
"""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.ledger import memo, update_op
from drawsteel_kit.systems.draw_steel.state import read_hero, read_party, read_projects


def _from_file(campaign, name):
    row = campaign.ledger.db.conn.execute("SELECT renown FROM heroes WHERE name = ?",
                                          [name]).fetchone()
    return row[0]


def test_an_events_ops_are_seen_by_the_next_read(campaign):
    bran = campaign.hero("Bran")
    with campaign.ledger.write():
        assert read_hero(campaign.ledger.db, "Bran") is read_hero(campaign.ledger.db, "Bran")
        campaign.ledger.append("adjusted", day=1, session=None, ops=[
            update_op("heroes", "Bran", {"renown": bran.renown}, {"renown": bran.renown + 3})])
        assert read_hero(campaign.ledger.db, "Bran").renown == bran.renown + 3
        assert _from_file(campaign, "Bran") == bran.renown + 3


def test_a_raw_write_makes_every_read_go_to_the_file_again(campaign):
    db = campaign.ledger.db
    with campaign.ledger.write():
        before = read_party(db)
        assert read_party(db) is before  # remembered
        db.conn.execute("UPDATE party SET hero_tokens = hero_tokens + 5 WHERE id = 1")
        assert read_party(db).hero_tokens == before.hero_tokens + 5
        db.conn.execute("ROLLBACK")
        db.conn.execute("BEGIN IMMEDIATE")  # the block's own end commits this empty one


def test_nothing_is_remembered_outside_a_write(campaign):
    db = campaign.ledger.db
    assert not memo.active(db)
    assert read_party(db) is not read_party(db)
    with campaign.ledger.write():
        assert memo.active(db)
    assert not memo.active(db)


def test_a_change_to_one_project_rereads_that_project_only(campaign):
    first = campaign.start_project("Val", "Discover Lore", params={"kind": "common"}
                                   ).details["project_id"]
    second = campaign.start_project("Bran", "Healing Potion", prerequisite="owned"
                                    ).details["project_id"]
    db = campaign.ledger.db
    with campaign.ledger.write():
        a, b = (p for p in read_projects(db) if p.id in (first, second))
        campaign.ledger.append("adjusted", day=1, session=None, ops=[
            update_op("projects", first, {"points": a.points}, {"points": a.points + 7})])
        again = {p.id: p for p in read_projects(db, status="active")}
        assert again[first].points == a.points + 7
        assert again[second] is b  # untouched: the same remembered state


def test_a_failed_op_leaves_no_stale_read_and_no_change(campaign):
    db = campaign.ledger.db
    bran = campaign.hero("Bran")
    with pytest.raises(Exception, match="no row"), campaign.ledger.write():
        read_hero(db, "Bran")
        campaign.ledger.append("adjusted", day=1, session=None, ops=[
            update_op("heroes", "Bran", {"renown": bran.renown}, {"renown": 99}),
            update_op("heroes", "Nobody", {"renown": 0}, {"renown": 1})])
    assert campaign.hero("Bran") == bran
    assert _from_file(campaign, "Bran") == bran.renown
    assert campaign.ledger.verify()


def _project_from_file(campaign, pid):
    from drawsteel_kit.systems.draw_steel.state import ProjectState

    cursor = campaign.ledger.db.conn.execute("SELECT * FROM projects WHERE id = ?", [pid])
    names = [d[0] for d in cursor.description]
    return ProjectState.from_row(dict(zip(names, cursor.fetchone(), strict=True)))


def test_a_project_patched_after_its_updates_is_what_the_file_holds(campaign):
    from drawsteel_kit.systems.draw_steel.state import read_project

    pid = campaign.start_project("Val", "Discover Lore", params={"kind": "common"}
                                 ).details["project_id"]
    db = campaign.ledger.db
    with campaign.ledger.write():
        before = read_project(db, pid)
        campaign.ledger.append("adjusted", day=1, session=None, ops=[update_op(
            "projects", pid, before.as_dict(),
            {"points": before.points + 5, "milestones_reached": [3, 1],
             "completion_detail": {**before.completion_detail, "note": "ü", "n": (1, 2)},
             "status": "complete", "completed_day": 4})])
        patched = read_project(db, pid)
        assert patched is read_project(db, pid)  # remembered, not read again
        assert patched == _project_from_file(campaign, pid)
        assert patched.milestones_reached == (3, 1)
        assert patched.completion_detail["n"] == [1, 2]  # as JSON gives it back


def test_a_change_sqlite_may_convert_is_read_again_not_patched(campaign):
    from drawsteel_kit.systems.draw_steel.state import read_project

    pid = campaign.start_project("Val", "Discover Lore", params={"kind": "common"}
                                 ).details["project_id"]
    db = campaign.ledger.db
    with campaign.ledger.write():
        before = read_project(db, pid)
        # A number in a text column comes back as text; a flag as a number.
        campaign.ledger.append("adjusted", day=1, session=None, ops=[update_op(
            "projects", pid, {"title": before.title, "event_pending": 0},
            {"title": 12, "event_pending": True})])
        again = read_project(db, pid)
        assert again == _project_from_file(campaign, pid)
        assert (again.title, again.event_pending) == ("12", 1)
        assert type(again.event_pending) is int

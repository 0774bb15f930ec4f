"""How the players' copy of a ledger is made: read through views, as the ledger was when it
was made, and nothing else reachable (see drawsteel_kit/kit/ledger/party.py).

test_party_view.py checks what a copy shows; these check the copy itself: a query that names
the ledger's own tables is refused, a later write by the Director does not reach an open
copy (nor a name hidden after it was made), and both ways of making one (reading the file,
or a copy in memory of a ledger in memory) hold the same books, what was committed.
"""

from __future__ import annotations

import sqlite3

import pytest

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ledger import Ledger
from drawsteel_kit.kit.ledger.reader import ReadDatabase
from drawsteel_kit.systems.draw_steel.campaign import Campaign

SECRET_PLACE = "The Whispering Vault"


@pytest.fixture
def books(campaign: Campaign) -> Campaign:
    """One visible and one hidden change, then a visible note."""
    campaign.adjust_hero("Val", renown=2, reason="Saved the miller")
    campaign.adjust_hero("Val", wealth=3, reason="Sold the cult's silver", visibility="director")
    campaign.add_note("The mill turns again")
    return campaign


@pytest.mark.parametrize("sql", [
    "SELECT * FROM main.events",
    "SELECT payload FROM main.events WHERE visibility = 'director'",
    "SELECT reason FROM main.timeline",
    "SELECT * FROM main.notes",
    "SELECT * FROM main.heroes",
])
def test_the_ledger_itself_is_out_of_reach(books: Campaign, sql: str) -> None:
    with PartyView.of(books) as view:
        db = view.books.ledger.db
        assert db.execute("SELECT count(*) FROM events").fetchone()[0] > 0
        with pytest.raises(sqlite3.DatabaseError, match=r"prohibited|not authorized"):
            db.execute(sql).fetchall()


@pytest.mark.parametrize("sql", [
    "WITH x AS (SELECT * FROM main.events) SELECT payload FROM x",
    "WITH timeline AS (SELECT * FROM main.events) SELECT payload FROM timeline",
    "CREATE TEMP VIEW leak AS SELECT * FROM main.events",
    "CREATE TEMP TRIGGER leak AFTER INSERT ON notes BEGIN SELECT 1; END",
    "CREATE TEMP TABLE leak AS SELECT 1",
    "UPDATE temp.sheets SET key = key || ''",
    "DELETE FROM temp.heroes",
    "DROP VIEW temp.events",
    "COMMIT",
    "ROLLBACK",
    "END",
])
def test_no_view_of_its_own_nor_a_change_reaches_the_ledger(books: Campaign, sql: str) -> None:
    """A query cannot name a view of its own (a WITH, a new view or trigger), change a row
    (a copied sheet's key decides which timeline rows show), nor end the read transaction
    (the views would then read rows written after the copy, whose hidden names it never
    learnt)."""
    with PartyView.of(books) as view:
        db = view.books.ledger.db
        before = view.export()
        with pytest.raises(sqlite3.DatabaseError, match=r"prohibited|not authorized"):
            db.execute(sql).fetchall()
        assert view.export() == before


def test_a_savepoint_answers_and_the_snapshot_holds(books: Campaign) -> None:
    """sqlite-utils' queries run in a savepoint: they answer, and releasing one (or rolling
    back to it) leaves the copy's read transaction, so later writes stay out."""
    with PartyView.of(books) as view:
        db = view.books.ledger.db
        before = view.export()
        assert next(iter(db.full().query("SELECT count(*) AS n FROM events")))["n"] > 0
        db.execute("SAVEPOINT a")
        db.execute("ROLLBACK TO a")
        db.execute("RELEASE a")
        books.add_note(f"Someone asked about {SECRET_PLACE}")
        assert view.export() == before


def test_a_copy_of_a_ledger_in_memory_cannot_change_its_rows(books: Campaign) -> None:
    """A ledger in memory is copied into a writable database: a query still cannot change
    the rows the views filter (a hidden timeline row made visible would show its reason)."""
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    books.ledger.db.conn.backup(memory)
    in_memory = Campaign(books.folder, Ledger(ReadDatabase(memory), books.ledger.path,
                                              readonly=True))
    try:
        with PartyView.of(in_memory) as view:
            db = view.books.ledger.db
            for sql in ("UPDATE main.timeline SET visibility = 'party'",
                        "UPDATE main.projects SET visibility = 'party'",
                        "INSERT INTO main.notes (day, text, about, visibility) "
                        "VALUES (1, 'x', '', 'party')"):
                with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
                    db.execute(sql)
            reasons = {r[0] for r in db.execute("SELECT reason FROM timeline")}
            assert "Sold the cult's silver" not in reasons
    finally:
        memory.close()


def test_another_database_cannot_be_attached(books: Campaign) -> None:
    with PartyView.of(books) as view, pytest.raises(sqlite3.DatabaseError,
                                                    match="not authorized"):
        view.books.ledger.db.execute("ATTACH ? AS again", [str(books.ledger.path)])


def test_an_open_copy_keeps_the_books_as_they_were(books: Campaign) -> None:
    with PartyView.of(books) as view:
        before = view.export()
        books.adjust_hero("Yorn", renown=4, reason="Sung of in the square")
        lore = books.start_project("Val", "Discover Lore", title=SECRET_PLACE,
                                   params={"kind": "lost"}, visibility="director")
        books.add_note(f"Someone asked about {SECRET_PLACE}")
        assert lore.details["project_id"]
        assert view.export() == before  # neither the new change nor the new name
        assert SECRET_PLACE not in str(view.export())
    with PartyView.of(books) as view:  # a new copy: the visible change, the name blanked
        after = view.export()
        text = str(after)
        assert "Sung of in the square" in text
        assert "Someone asked about (hidden)" in text
        assert SECRET_PLACE not in text
        assert len(after["events"]) > len(before["events"])


def test_a_copy_holds_what_was_committed(books: Campaign) -> None:
    with PartyView.of(books, "Val") as view:
        committed = view.export()
    conn = books.ledger.db.conn
    conn.execute("BEGIN IMMEDIATE")  # the Director's connection is mid-write
    try:
        books.adjust_hero("Val", renown=7, reason="Not yet written")
        with PartyView.of(books, "Val") as view:
            assert view.export() == committed
    finally:
        conn.execute("ROLLBACK")
    assert "Adjusted by the Director: Val wealth +2" in str(committed)
    assert "Sold the cult's silver" not in str(committed)


def test_a_ledger_in_memory_gives_the_same_books(books: Campaign) -> None:
    memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    books.ledger.db.conn.backup(memory)
    in_memory = Campaign(books.folder, Ledger(ReadDatabase(memory), books.ledger.path,
                                              readonly=True))
    try:
        for viewer in ("party", "Val"):
            with PartyView.of(books, viewer) as a, PartyView.of(in_memory, viewer) as b:
                assert a.export() == b.export()
    finally:
        memory.close()


def test_a_pages_controls_hold_no_snapshot_and_show_later_writes(books: Campaign) -> None:
    from drawsteel_kit.workbook.player import PlayerControls

    with PartyView.of(books) as view:
        controls = PlayerControls(view)  # made from a view closed right after, as served
    books.add_note("The bridge is down")
    conn = sqlite3.connect(books.ledger.path)  # nothing holds the write-ahead file back
    try:
        assert conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
    finally:
        conn.close()
    before = str(controls.events_out.outputs[0]["data"]["text/html"])
    controls.turn(0)  # shows the page again, from the books as they are now
    after = str(controls.events_out.outputs[0]["data"]["text/html"])
    assert "The bridge is down" not in before and "The bridge is down" in after

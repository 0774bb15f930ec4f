"""What each of the kit's schema migrations does, oldest first (see :mod:`.schema`): the
tables every game system keeps (events, the party, notes, sheets, the timeline).

A migration, once released, never changes: a new one is added at the end of
:data:`STEPS` (and a fixture of the schema before it, tests/fixtures/ledgers). Until issue 34
these migrations made Draw Steel's tables too, in every system's ledger; those parts are Draw
Steel's own migrations now (``systems/draw_steel/ledger``), and a ledger of that time has them
recorded there (:attr:`.MigrationSet.from_kit`). So the kit's 0002 and 0006 make nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.ledger.migration_set import MigrationSet, Step
from drawsteel_kit.kit.ledger.registered import PROJECTIONS

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["KIT", "READER_OPTIONAL", "STEPS"]


def _initial(db: sqlite_utils.Database) -> None:
    db.execute(
        """
        CREATE TABLE events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            day INTEGER NOT NULL,
            session INTEGER,
            actor TEXT,
            payload TEXT NOT NULL DEFAULT '{}',
            seed INTEGER,
            dice TEXT,
            visibility TEXT NOT NULL DEFAULT 'party',
            version TEXT NOT NULL,
            created_at TEXT NOT NULL,
            undoes INTEGER REFERENCES events(id),
            operation TEXT,
            CHECK (visibility = 'director' OR visibility = 'party' OR visibility LIKE 'hero:%')
        )
        """
    )
    db.execute("CREATE INDEX events_kind ON events(kind)")
    db.execute("CREATE INDEX events_actor ON events(actor)")
    db.execute("CREATE INDEX events_undoes ON events(undoes)")
    db.execute("CREATE INDEX events_operation ON events(operation)")
    db.execute(
        "CREATE TRIGGER events_no_update BEFORE UPDATE ON events "
        "BEGIN SELECT RAISE(ABORT, 'events are append-only: undo appends a new event'); END"
    )
    db.execute(
        "CREATE TRIGGER events_no_delete BEFORE DELETE ON events "
        "BEGIN SELECT RAISE(ABORT, 'events are append-only: undo appends a new event'); END"
    )
    db.execute(
        """
        CREATE TABLE party (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            name TEXT NOT NULL,
            day INTEGER NOT NULL DEFAULT 1 CHECK (day >= 1),
            session INTEGER NOT NULL DEFAULT 0 CHECK (session >= 0),
            session_open INTEGER NOT NULL DEFAULT 0 CHECK (session_open IN (0, 1)),
            hero_tokens INTEGER NOT NULL DEFAULT 0 CHECK (hero_tokens >= 0),
            settings TEXT NOT NULL DEFAULT '{}',
            stronghold TEXT
        )
        """
    )


def _projects(db: sqlite_utils.Database) -> None:
    """Nothing: it made Draw Steel's projects, followers and inventory, Draw Steel's own now."""


def _rewards(db: sqlite_utils.Database) -> None:
    """Notes and the timeline index (Draw Steel's titles, NPCs, retainers' levels and what
    was bought are Draw Steel's own now)."""
    db.execute(
        """
        CREATE TABLE notes (
            id INTEGER PRIMARY KEY,
            text TEXT NOT NULL,
            about TEXT NOT NULL DEFAULT '',
            day INTEGER,
            visibility TEXT NOT NULL DEFAULT 'party'
        )
        """
    )
    db.execute(
        """
        CREATE TABLE timeline (
            id INTEGER PRIMARY KEY,
            event_id INTEGER NOT NULL,
            day INTEGER NOT NULL,
            session INTEGER,
            tbl TEXT NOT NULL,
            key TEXT NOT NULL,
            field TEXT NOT NULL,
            before INTEGER,
            after INTEGER,
            visibility TEXT NOT NULL,
            kind TEXT NOT NULL,
            reason TEXT NOT NULL DEFAULT ''
        )
        """
    )
    db.execute("CREATE INDEX timeline_key ON timeline(tbl, key, field)")
    db.execute("CREATE INDEX timeline_event ON timeline(event_id)")
    # Older ledgers: fill the timeline from the history they already hold.
    from drawsteel_kit.kit.ledger.timeline import fill

    fill(db)


def _sheets(db: sqlite_utils.Database) -> None:
    """The sheets of the other rule systems (issue 7), and Draw Steel's encounter log.

    A sheet is one thing a system keeps as a whole: a Dungeon World character, a Pathfinder
    2e encounter, a condition-sheet battle, a logged Draw Steel encounter. ``data`` is its
    state in the system's plain form (JSON); events change it with before/after ops like any
    other row, so history, undo, rebuild, visibility and export serve every system.
    """
    db.execute(
        """
        CREATE TABLE sheets (
            key TEXT PRIMARY KEY,
            system TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'active',
            data TEXT NOT NULL DEFAULT '{}',
            day INTEGER,
            visibility TEXT NOT NULL DEFAULT 'party'
        )
        """
    )
    db.execute("CREATE INDEX sheets_kind ON sheets(system, kind)")


def _where_sources_are(db: sqlite_utils.Database) -> None:
    """Where the party is (issue 17; older ledgers: not known, ''). Where a Draw Steel
    project's source was found is Draw Steel's own now."""
    db.execute("ALTER TABLE party ADD COLUMN location TEXT NOT NULL DEFAULT ''")


def _follower_location(db: sqlite_utils.Database) -> None:
    """Nothing: it placed Draw Steel's followers, Draw Steel's own now."""


def _hidden_events(db: sqlite_utils.Database) -> None:
    """An index of the events the party does not see (the Director's and each hero's own):
    the players' books find them without reading a long history (issue 20). A reader does
    without it (see :data:`READER_OPTIONAL`): an older ledger is read by a scan."""
    db.execute("CREATE INDEX events_hidden ON events(visibility) WHERE visibility <> 'party'")


def _reading_indexes(db: sqlite_utils.Database) -> None:
    """Indexes that let the players' books and the charts read a long campaign in what a
    page shows, not in its length (issue 20): hidden events in id order (the players' history
    merges their adjustment lines into the visible events as a page reads them, instead of
    working all of them out first); every timeline index entry carrying the change's
    ``after`` and ``visibility`` (a chart counts and samples a number's changes in the index
    alone). Each replaces an index it covers. A reader does without them (:data:`READER_OPTIONAL`).
    (The index of hidden Draw Steel projects is Draw Steel's own now.)"""
    db.execute("DROP INDEX IF EXISTS events_hidden")
    db.execute("CREATE INDEX events_hidden_order ON events(id, visibility, actor, day) "
               "WHERE visibility <> 'party'")  # a page's filters, checked in the index
    db.execute("DROP INDEX IF EXISTS timeline_key")
    db.execute("CREATE INDEX timeline_points ON timeline(tbl, key, field, id, after, "
               "visibility)")


def _undone_changes(db: sqlite_utils.Database) -> None:
    """The timeline's ``undone`` marks (issue 31): every change an undo took back, and the
    undo's own, so the charts draw the books as they stand. Older ledgers: their changes
    marked from the undos in their history. Each entry of the index a chart reads (0008's)
    carries the mark, so a chart still counts and samples in the index alone. A reader does
    without it (:data:`READER_OPTIONAL`): an older ledger's marks are worked out from its
    events as it is read."""
    from drawsteel_kit.kit.ledger.standing import mark_all

    db.execute("ALTER TABLE timeline ADD COLUMN undone INTEGER NOT NULL DEFAULT 0")
    db.execute("DROP INDEX IF EXISTS timeline_points")
    db.execute("CREATE INDEX timeline_points ON timeline(tbl, key, field, id, after, "
               "visibility, undone)")
    mark_all(db)


#: Migrations that add nothing a reader needs (an index, marks a reader can work out): a
#: read-only opening of a ledger that lacks only these reads it as it is, rather than asking
#: for an upgrade first.
READER_OPTIONAL = frozenset({"0007_hidden_events", "0008_reading_indexes",
                             "0009_undone_changes"})

#: Every migration, oldest first: its name in ``_sqlite_migrations``, and what it does.
STEPS: tuple[Step, ...] = (
    ("0001_initial", _initial),
    ("0002_projects_followers_inventory", _projects),
    ("0003_rewards", _rewards),
    ("0004_sheets", _sheets),
    ("0005_where_sources_are", _where_sources_are),
    ("0006_follower_location", _follower_location),
    ("0007_hidden_events", _hidden_events),
    ("0008_reading_indexes", _reading_indexes),
    ("0009_undone_changes", _undone_changes),
)

#: The kit's set: its name in ``_sqlite_migrations`` (kept from when it was the only one).
KIT = MigrationSet("drawsteel-kit", STEPS, PROJECTIONS, READER_OPTIONAL)

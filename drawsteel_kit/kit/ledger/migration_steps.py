"""What each of the ledger's schema migrations does, oldest first (see :mod:`.schema`).

A migration, once released, never changes: a new one is added at the end of
:data:`STEPS` (and a fixture of the schema before it, tests/fixtures/ledgers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["READER_OPTIONAL", "STEPS"]


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
    db.execute(
        """
        CREATE TABLE heroes (
            name TEXT PRIMARY KEY,
            player TEXT NOT NULL DEFAULT '',
            ancestry TEXT NOT NULL DEFAULT '',
            class TEXT NOT NULL DEFAULT '',
            career TEXT,
            level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 10),
            xp INTEGER NOT NULL CHECK (xp >= 0),
            victories INTEGER NOT NULL CHECK (victories >= 0),
            might INTEGER NOT NULL DEFAULT 0,
            agility INTEGER NOT NULL DEFAULT 0,
            reason INTEGER NOT NULL DEFAULT 0,
            intuition INTEGER NOT NULL DEFAULT 0,
            presence INTEGER NOT NULL DEFAULT 0,
            max_stamina INTEGER NOT NULL CHECK (max_stamina >= 1),
            stamina INTEGER NOT NULL,
            max_recoveries INTEGER NOT NULL CHECK (max_recoveries >= 0),
            recoveries INTEGER NOT NULL CHECK (recoveries >= 0),
            renown INTEGER NOT NULL DEFAULT 0 CHECK (renown >= 0),
            wealth INTEGER NOT NULL DEFAULT 1 CHECK (wealth >= 0),
            project_points INTEGER NOT NULL DEFAULT 0 CHECK (project_points >= 0),
            skills TEXT NOT NULL DEFAULT '[]',
            languages TEXT NOT NULL DEFAULT '[]',
            titles TEXT NOT NULL DEFAULT '[]',
            perks TEXT NOT NULL DEFAULT '[]'
        )
        """
    )


def _projects(db: sqlite_utils.Database) -> None:
    db.execute(
        """
        CREATE TABLE projects (
            id INTEGER PRIMARY KEY,
            hero TEXT NOT NULL REFERENCES heroes(name),
            title TEXT NOT NULL,
            template TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('crafting', 'research', 'other')),
            goal INTEGER NOT NULL CHECK (goal >= 1),
            points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
            characteristics TEXT NOT NULL DEFAULT '[]',
            source_language TEXT NOT NULL DEFAULT '[]',
            item_prerequisite TEXT NOT NULL DEFAULT '',
            prerequisite TEXT NOT NULL DEFAULT 'none'
                CHECK (prerequisite IN ('none', 'owned', 'waived')),
            source TEXT NOT NULL DEFAULT 'available'
                CHECK (source IN ('none', 'available', 'common', 'needed')),
            completion TEXT NOT NULL DEFAULT 'none',
            completion_detail TEXT NOT NULL DEFAULT '{}',
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'complete')),
            started_day INTEGER NOT NULL,
            completed_day INTEGER,
            guides TEXT NOT NULL DEFAULT '[]',
            milestones_reached TEXT NOT NULL DEFAULT '[]',
            event_pending INTEGER NOT NULL DEFAULT 0,
            visibility TEXT NOT NULL DEFAULT 'party'
        )
        """
    )
    db.execute("CREATE INDEX projects_hero ON projects(hero)")
    db.execute(
        """
        CREATE TABLE followers (
            id INTEGER PRIMARY KEY,
            hero TEXT NOT NULL REFERENCES heroes(name),
            name TEXT NOT NULL,
            role TEXT NOT NULL CHECK (role IN ('artisan', 'sage', 'retainer')),
            ancestry TEXT NOT NULL DEFAULT '',
            might INTEGER NOT NULL DEFAULT 0,
            agility INTEGER NOT NULL DEFAULT 0,
            reason INTEGER NOT NULL DEFAULT 0,
            intuition INTEGER NOT NULL DEFAULT 0,
            presence INTEGER NOT NULL DEFAULT 0,
            skills TEXT NOT NULL DEFAULT '[]',
            languages TEXT NOT NULL DEFAULT '[]',
            project_id INTEGER REFERENCES projects(id),
            skill_applies INTEGER NOT NULL DEFAULT 0,
            active INTEGER NOT NULL DEFAULT 1
        )
        """
    )
    db.execute("CREATE INDEX followers_hero ON followers(hero)")
    db.execute(
        """
        CREATE TABLE inventory (
            id INTEGER PRIMARY KEY,
            holder TEXT REFERENCES heroes(name),
            item TEXT NOT NULL,
            kind TEXT NOT NULL DEFAULT '',
            count INTEGER NOT NULL DEFAULT 1 CHECK (count >= 0),
            origin TEXT NOT NULL DEFAULT '',
            project_id INTEGER REFERENCES projects(id),
            visibility TEXT NOT NULL DEFAULT 'party'
        )
        """
    )


def _rewards(db: sqlite_utils.Database) -> None:
    """Titles, NPCs, notes, retainers' levels, what was bought, and the timeline index."""
    for sql in (
        "ALTER TABLE followers ADD COLUMN level INTEGER",
        "ALTER TABLE followers ADD COLUMN start_level INTEGER",
        "ALTER TABLE followers ADD COLUMN stat_block TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE followers ADD COLUMN counts INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE followers ADD COLUMN origin TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE followers ADD COLUMN joined_day INTEGER",
        "ALTER TABLE inventory ADD COLUMN tier INTEGER",
        "ALTER TABLE inventory ADD COLUMN notes TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE inventory ADD COLUMN acquired_day INTEGER",
    ):
        db.execute(sql)
    db.execute(
        """
        CREATE TABLE titles (
            id INTEGER PRIMARY KEY,
            hero TEXT NOT NULL REFERENCES heroes(name),
            title TEXT NOT NULL,
            benefit TEXT NOT NULL DEFAULT '',
            renown INTEGER NOT NULL DEFAULT 0,
            wealth INTEGER NOT NULL DEFAULT 0,
            followers INTEGER NOT NULL DEFAULT 0,
            retainers INTEGER NOT NULL DEFAULT 0,
            effect TEXT NOT NULL DEFAULT '',
            day INTEGER,
            active INTEGER NOT NULL DEFAULT 1,
            visibility TEXT NOT NULL DEFAULT 'party'
        )
        """
    )
    db.execute("CREATE INDEX titles_hero ON titles(hero)")
    db.execute(
        """
        CREATE TABLE npcs (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            level INTEGER,
            impression INTEGER NOT NULL CHECK (impression >= 1),
            tags TEXT NOT NULL DEFAULT '[]',
            standing TEXT NOT NULL DEFAULT '{}',
            notes TEXT NOT NULL DEFAULT '',
            visibility TEXT NOT NULL DEFAULT 'party'
        )
        """
    )
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
    """Where the party is, and where a project's common source was found (issue 17): a found
    source holds only where it was found, so moving on leaves it behind. Older ledgers: the
    party's place is not known ('') and their found sources hold until the party moves."""
    db.execute("ALTER TABLE party ADD COLUMN location TEXT NOT NULL DEFAULT ''")
    db.execute("ALTER TABLE projects ADD COLUMN source_at TEXT NOT NULL DEFAULT ''")


def _follower_location(db: sqlite_utils.Database) -> None:
    """Where each follower is, and whether it has its materials (Draw Steel, issue 17).

    An artisan or sage rolls only at the stronghold or its project's site, with the materials
    it needs. ``location`` NULL: never recorded (the follower is taken to be where its work
    is, so older ledgers keep rolling as before); ``materials`` 1 unless recorded otherwise.
    """
    db.execute("ALTER TABLE followers ADD COLUMN location TEXT")
    db.execute("ALTER TABLE followers ADD COLUMN materials INTEGER NOT NULL DEFAULT 1")


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
    alone); and the projects the party does not see (whose names a players' copy blanks).
    Each replaces an index it covers. A reader does without them (:data:`READER_OPTIONAL`)."""
    db.execute("DROP INDEX IF EXISTS events_hidden")
    db.execute("CREATE INDEX events_hidden_order ON events(id, visibility, actor, day) "
               "WHERE visibility <> 'party'")  # a page's filters, checked in the index
    db.execute("DROP INDEX IF EXISTS timeline_key")
    db.execute("CREATE INDEX timeline_points ON timeline(tbl, key, field, id, after, "
               "visibility)")
    db.execute("CREATE INDEX projects_hidden ON projects(visibility) "
               "WHERE visibility <> 'party'")


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
STEPS: tuple[tuple[str, Callable[[Any], None]], ...] = (
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

"""Draw Steel's ledger migrations, oldest first: its heroes and what they hold.

Until issue 34 the kit's own migrations made these tables, in every system's ledger; each
step here is the Draw Steel part of the kit's migration it names in :data:`FROM_KIT`, so a
ledger of that time has these recorded as applied rather than made again. A migration,
once released, never changes: a new one goes at the end of :data:`STEPS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.ledger.migration_set import Step

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["FROM_KIT", "READER_OPTIONAL", "STEPS"]


def _heroes(db: sqlite_utils.Database) -> None:
    """The heroes."""
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
    """Projects, followers and the party's inventory."""
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
    """Titles, NPCs, retainers' levels and what was bought."""
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


def _where_sources_are(db: sqlite_utils.Database) -> None:
    """Where a project's common source was found (issue 17): a found source holds only
    where it was found, so moving on leaves it behind. Older ledgers: their found sources
    hold until the party moves."""
    db.execute("ALTER TABLE projects ADD COLUMN source_at TEXT NOT NULL DEFAULT ''")


def _follower_location(db: sqlite_utils.Database) -> None:
    """Where each follower is, and whether it has its materials (issue 17).

    An artisan or sage rolls only at the stronghold or its project's site, with the materials
    it needs. ``location`` NULL: never recorded (the follower is taken to be where its work
    is, so older ledgers keep rolling as before); ``materials`` 1 unless recorded otherwise.
    """
    db.execute("ALTER TABLE followers ADD COLUMN location TEXT")
    db.execute("ALTER TABLE followers ADD COLUMN materials INTEGER NOT NULL DEFAULT 1")


def _hidden_projects(db: sqlite_utils.Database) -> None:
    """The projects the party does not see (whose names a players' copy blanks), found
    without reading every project (issue 20). A reader does without it."""
    db.execute("CREATE INDEX projects_hidden ON projects(visibility) "
               "WHERE visibility <> 'party'")


#: Every migration, oldest first: its name in ``_sqlite_migrations`` (set "draw-steel").
STEPS: tuple[Step, ...] = (
    ("0001_heroes", _heroes),
    ("0002_projects_followers_inventory", _projects),
    ("0003_rewards", _rewards),
    ("0004_where_sources_are", _where_sources_are),
    ("0005_follower_location", _follower_location),
    ("0006_hidden_projects", _hidden_projects),
)

#: Those a reader does without (an index).
READER_OPTIONAL = frozenset({"0006_hidden_projects"})

#: Each migration, and the kit's migration that made the same before issue 34.
FROM_KIT: tuple[tuple[str, str], ...] = (
    ("0001_heroes", "0001_initial"),
    ("0002_projects_followers_inventory", "0002_projects_followers_inventory"),
    ("0003_rewards", "0003_rewards"),
    ("0004_where_sources_are", "0005_where_sources_are"),
    ("0005_follower_location", "0006_follower_location"),
    ("0006_hidden_projects", "0008_reading_indexes"),
)

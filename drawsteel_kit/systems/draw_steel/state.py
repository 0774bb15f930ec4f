"""Read-only views of the projections: the party and its heroes as dataclasses.

Widgets, dashboards and the CLI read state through these, never through SQL of
their own.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.party import PartyState, encodable, read_party
from drawsteel_kit.kit.errors import UnknownHero
from drawsteel_kit.kit.ledger import memo
from drawsteel_kit.kit.limits import did_you_mean, names_meant, one_of, shown

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["CHARACTERISTICS", "FollowerState", "HeroState", "PartyState", "ProjectState",
           "decoded_row", "read_followers", "read_hero", "read_heroes", "read_party",
           "read_project", "read_projects"]

#: The five characteristics, in the book's order (000: 661-745).
CHARACTERISTICS: tuple[str, ...] = ("might", "agility", "reason", "intuition", "presence")
_LIST_COLUMNS = ("skills", "languages", "titles", "perks")


@dataclass(frozen=True)
class HeroState:
    """One hero as the ledger has them now."""

    name: str
    player: str
    ancestry: str
    hero_class: str
    career: str | None
    level: int
    xp: int
    victories: int
    might: int
    agility: int
    reason: int
    intuition: int
    presence: int
    max_stamina: int
    stamina: int
    max_recoveries: int
    recoveries: int
    renown: int
    wealth: int
    project_points: int
    skills: tuple[str, ...]
    languages: tuple[str, ...]
    titles: tuple[str, ...]
    perks: tuple[str, ...]

    @property
    def characteristics(self) -> dict[str, int]:
        """The five characteristics by name."""
        return {c: getattr(self, c) for c in CHARACTERISTICS}

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready (lists for tuples; ``class`` as the book calls it)."""
        out: dict[str, Any] = {}
        for name in _HERO_FIELDS:
            value = getattr(self, name)
            out["class" if name == "hero_class" else name] = (
                list(value) if isinstance(value, tuple) else value
            )
        return out

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> HeroState:
        """Decode a ``heroes`` row."""
        data = dict(row)
        data["hero_class"] = data.pop("class")
        for col in _LIST_COLUMNS:
            data[col] = tuple(json.loads(data[col] or "[]"))
        return cls(**data)


_HERO_FIELDS = tuple(f.name for f in fields(HeroState))


def read_heroes(db: LedgerDb) -> dict[str, HeroState]:
    """Every hero, by name, in name order."""
    return dict(memo.remember(db, "heroes", None, lambda: {
        r["name"]: HeroState.from_row(r)
        for r in memo.rows(db, "SELECT * FROM heroes ORDER BY name COLLATE NOCASE")
    }))


def read_hero(db: LedgerDb, name: str) -> HeroState:
    """One hero by name (case-insensitive); UnknownHero names the heroes there are."""
    if isinstance(name, str):
        return memo.remember(db, "heroes", ("hero", name), lambda: _read_hero(db, name))
    return _read_hero(db, name)


def _read_hero(db: LedgerDb, name: str) -> HeroState:
    if not isinstance(name, str) or not encodable(name):
        every = ", ".join(r["name"] for r in db.query("SELECT name FROM heroes ORDER BY name"))
        raise UnknownHero(f"a hero is named by text, got {name!r}; the heroes are: "
                          f"{every or '(none yet: run `drawsteel-kit init`)'}")
    rows = memo.rows(db, "SELECT * FROM heroes WHERE name = ? COLLATE NOCASE", [name])
    if rows:
        return HeroState.from_row(rows[0])
    known = [r["name"] for r in db.query("SELECT name FROM heroes ORDER BY name")]
    heroes = ", ".join(known) if known else "(none yet: run `drawsteel-kit init`)"
    if not name.strip():
        raise UnknownHero(f"the hero's name is blank ({shown(name)}); the heroes are: {heroes}")
    # NOCASE folds ASCII only; campaign.yaml tells names apart by NFC + casefold ("Éowyn" =
    # "éowyn", however the accent is encoded).
    folded = names_meant(name, known)
    if len(folded) == 1:  # the name, however cased, or the start of one ("Korrin")
        return HeroState.from_row(
            next(iter(db.query("SELECT * FROM heroes WHERE name = ?", [folded[0]])))
        )
    if folded:
        raise UnknownHero(f"{name!r} could be {one_of(folded)}: type more of the name")
    raise UnknownHero(f"no hero named {shown(name)} in this campaign; the heroes are: "
                      f"{heroes}{did_you_mean(name, known)}")


@dataclass(frozen=True)
class ProjectState:
    """One downtime project as the ledger has it now."""

    id: int
    hero: str
    title: str
    template: str
    kind: str
    goal: int
    points: int
    characteristics: tuple[str, ...]
    source_language: tuple[str, ...]
    item_prerequisite: str
    prerequisite: str
    source: str
    completion: str
    completion_detail: dict[str, Any]
    status: str
    started_day: int
    completed_day: int | None
    guides: tuple[str, ...]
    milestones_reached: tuple[int, ...]
    event_pending: int
    visibility: str
    source_at: str = ""  # where a common source was found ('' not known)

    @property
    def done(self) -> bool:
        """True once the project reached its goal."""
        return self.status == "complete"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {name: list(v) if isinstance(v := getattr(self, name), tuple) else v
                for name in _PROJECT_FIELDS}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> ProjectState:
        """Decode a ``projects`` row."""
        data = dict(row)
        for col in _PROJECT_LISTS:
            data[col] = tuple(json.loads(data[col] or "[]"))
        data["completion_detail"] = json.loads(data["completion_detail"] or "{}")
        return cls(**data)

    def patched(self, stored: Mapping[str, Any]) -> ProjectState | None:
        """This project after an update of its row (``stored``: the changed columns as the
        row holds them), decoded as :meth:`from_row` would; None for a column it lacks."""
        data = dict(self.__dict__)
        for col, value in stored.items():
            if col not in data:
                return None
            data[col] = (tuple(json.loads(value or "[]")) if col in _PROJECT_LISTS
                         else json.loads(value or "{}") if col == "completion_detail"
                         else value)
        # Every field is there (a copy of this one's): set them as __init__ would, without
        # its frozen setattr per field (this runs after every roll).
        new = object.__new__(ProjectState)
        new.__dict__.update(data)
        return new


_PROJECT_FIELDS = tuple(f.name for f in fields(ProjectState))
_PROJECT_LISTS = ("characteristics", "source_language", "guides", "milestones_reached")


@dataclass(frozen=True)
class FollowerState:
    """One follower (artisan, sage or retainer) as the ledger has them now."""

    id: int
    hero: str
    name: str
    role: str
    ancestry: str
    might: int
    agility: int
    reason: int
    intuition: int
    presence: int
    skills: tuple[str, ...]
    languages: tuple[str, ...]
    project_id: int | None
    skill_applies: bool
    active: bool
    level: int | None = None  # retainers: their mentor's level, never lower
    start_level: int | None = None  # retainers: the level their stat block is written for
    stat_block: str = ""  # retainers: the stat block they use
    counts: bool = True  # counts toward the renown cap (False: a title's or the Director's gift)
    origin: str = ""  # how they joined: recruited, a title, the Director ...
    joined_day: int | None = None
    #: Where it is: "stronghold", "site" (its project's site), another place, or None when
    #: never recorded (taken to be where its work is); and whether it has its materials.
    location: str | None = None
    materials: bool = True

    @property
    def characteristics(self) -> dict[str, int]:
        """The five characteristics by name."""
        return {c: getattr(self, c) for c in CHARACTERISTICS}

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {name: list(v) if isinstance(v := getattr(self, name), tuple) else v
                for name in _FOLLOWER_FIELDS}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> FollowerState:
        """Decode a ``followers`` row."""
        data = dict(row)
        for col in ("skills", "languages"):
            data[col] = tuple(json.loads(data[col] or "[]"))
        data["skill_applies"] = bool(data["skill_applies"])
        data["active"] = bool(data["active"])
        data["counts"] = bool(data.get("counts", 1))
        data["materials"] = bool(data.get("materials", 1))
        return cls(**data)


_FOLLOWER_FIELDS = tuple(f.name for f in fields(FollowerState))


def read_projects(
    db: LedgerDb, *, hero: str | None = None, status: str | None = None,
    completion: str | None = None,
) -> list[ProjectState]:
    """Projects, oldest first, optionally one hero's, of one status or finishing one way
    (``completion``: what finishing it does, such as ``"stamina_bonus"``)."""
    where, params = [], []
    for column, value in (("hero", hero), ("status", status), ("completion", completion)):
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    sql = " FROM projects" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id"
    if not memo.active(db):
        return [ProjectState.from_row(r) for r in memo.rows(db, "SELECT *" + sql, params)]
    # Inside a write: which projects (by hero and status), then each one's own row, so a
    # roll on one project reads that project again, not every one.
    ids = memo.remember(db, "projects", ("ids", hero, status, completion), lambda: [
        r["id"] for r in memo.rows(db, "SELECT id" + sql, params)],
        columns=("id", "hero", "status", "completion"))
    return [read_project(db, pid) for pid in ids]


def read_project(db: LedgerDb, pid: int) -> ProjectState:
    """The project with this id (there must be one)."""
    return memo.remember(db, "projects", pid, lambda: ProjectState.from_row(
        memo.rows(db, "SELECT * FROM projects WHERE id = ?", [pid])[0]), row=pid,
        patch=ProjectState.patched)


def read_followers(db: LedgerDb, *,
                   hero: str | None = None) -> list[FollowerState]:
    """Active followers, oldest first, optionally one hero's."""
    sql, params = "SELECT * FROM followers WHERE active = 1", []
    if hero is not None:
        sql += " AND hero = ?"
        params.append(hero)
    return list(memo.remember(db, "followers", hero, lambda: [
        FollowerState.from_row(r) for r in memo.rows(db, sql + " ORDER BY id", params)]))


def decoded_row(row: dict[str, Any], lists: tuple[str, ...] = (),
                dicts: tuple[str, ...] = (), flags: tuple[str, ...] = ()) -> dict[str, Any]:
    """A projection row as the state classes take it: the JSON ``lists`` as tuples, the JSON
    ``dicts`` as dicts, the 0/1 ``flags`` as bools."""
    data = dict(row)
    for col in lists:
        data[col] = tuple(json.loads(data[col] or "[]"))
    for col in dicts:
        data[col] = json.loads(data[col] or "{}")
    for col in flags:
        data[col] = bool(data[col])
    return data



"""Draw Steel's encounter log: each encounter a sheet, its victories awarded from the record.

``log_encounter`` writes, in one operation, a sheet ``encounter:<n>`` (system ``draw-steel``, kind
``encounter``) and one ``victories_awarded`` event per hero who gains victories from it (000:821,
825; :mod:`drawsteel_kit.systems.draw_steel.rules.encounters`). Undoing any of its events undoes the
encounter and its victories together. A session's victories are then read from its encounters
(:meth:`Encounters.session_victories`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.sheets import insert_sheet_op, read_sheets
from drawsteel_kit.kit.errors import RulesError, UnknownSheet
from drawsteel_kit.kit.ledger import PARTY
from drawsteel_kit.systems.draw_steel.book.base import (
    MAX_AWARD,
    DrawSteelArea,
    Happened,
    check_count,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.systems.draw_steel.rules.encounters import (
    COMBAT,
    Opponent,
    check_kind,
    parse_opponent,
    victories_for,
)

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger.reader import LedgerDb

__all__ = ["ENCOUNTER", "ENCOUNTER_LOGGED", "Encounter", "Encounters", "SessionVictories",
           "read_encounters", "tally"]

#: The sheet kind and the event kind of a logged encounter.
ENCOUNTER = "encounter"
ENCOUNTER_LOGGED = "encounter_logged"
SYSTEM = "draw-steel"
#: Our own limit (not the book's): how many opponent lines one encounter may list.
MAX_OPPONENT_LINES = 50


@dataclass(frozen=True)
class Encounter:
    """One logged encounter as its sheet holds it; ``victories``: each participant's gain."""

    number: int
    title: str
    kind: str
    session: int | None
    day: int | None
    objective: str
    met: bool
    participants: tuple[str, ...]
    fell: tuple[str, ...]
    opponents: tuple[Opponent, ...]
    victories: dict[str, int] = field(default_factory=dict)
    override: int | None = None
    notes: str = ""
    visibility: str = PARTY

    @property
    def key(self) -> str:
        return f"encounter:{self.number}"

    @property
    def total(self) -> int:
        """Every victory the encounter gave, summed over its heroes."""
        return sum(self.victories.values())

    def data(self) -> dict[str, Any]:
        """The sheet's ``data``: the plain JSON form."""
        return {"number": self.number, "title": self.title, "kind": self.kind,
                "session": self.session, "day": self.day, "objective": self.objective,
                "met": self.met,
                "sides": {"heroes": list(self.participants),
                          "opponents": [o.as_dict() for o in self.opponents]},
                "participants": list(self.participants), "fell": list(self.fell),
                "victories": dict(self.victories), "override": self.override,
                "notes": self.notes}

    def as_dict(self) -> dict[str, Any]:
        """``data`` with the key, visibility and total (``encounter list --json``)."""
        return {"key": self.key, **self.data(), "total": self.total,
                "visibility": self.visibility}

    @classmethod
    def from_data(cls, data: Mapping[str, Any], visibility: str = PARTY) -> Encounter:
        foes = data.get("sides", {}).get("opponents", [])
        return cls(number=int(data["number"]), title=str(data["title"]), kind=data["kind"],
                   session=data.get("session"), day=data.get("day"),
                   objective=data.get("objective", ""), met=bool(data["met"]),
                   participants=tuple(data["participants"]), fell=tuple(data.get("fell", ())),
                   opponents=tuple(Opponent(int(o["count"]), str(o["name"])) for o in foes),
                   victories={str(k): int(v) for k, v in data["victories"].items()},
                   override=data.get("override"), notes=data.get("notes", ""),
                   visibility=visibility)


@dataclass(frozen=True)
class SessionVictories:
    """A session's victories as its encounters gave them: per hero, and the total."""

    session: int | None
    encounters: tuple[int, ...]
    by_hero: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.by_hero.values())


def read_encounters(db: LedgerDb, *, session: int | None = None,
                    visible_to: str | None = None) -> list[Encounter]:
    """Logged encounters in their order (of one session when given) the viewer may see."""
    found = [Encounter.from_data(s.data, s.visibility) for s in read_sheets(
        db, system=SYSTEM, kind=ENCOUNTER, visible_to=visible_to)]
    if session is not None:
        found = [e for e in found if e.session == session]
    return sorted(found, key=lambda e: e.number)


def tally(db: LedgerDb, session: int | None, *,
          visible_to: str | None = None) -> SessionVictories:
    """A session's victories from its logged encounters."""
    logged = read_encounters(db, session=session, visible_to=visible_to) if session else []
    by_hero: dict[str, int] = {}
    for enc in logged:
        for name, gained in enc.victories.items():
            by_hero[name] = by_hero.get(name, 0) + gained
    return SessionVictories(session, tuple(e.number for e in logged), by_hero)


def _lines(value: Iterable[Any] | str | None, what: str) -> list[Any]:
    """A list option given as one text or several; None as none."""
    if value is None:
        return []
    if isinstance(value, (str, Opponent)):
        return [value]
    if isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise RulesError(f"{what} must be a list of names or lines, got {value!r}")
    return list(value)


def _names(value: Iterable[str] | str | None, what: str) -> list[str]:
    """Hero names given as one text or several, each checked to be text."""
    names = _lines(value, what)
    for name in names:
        if not isinstance(name, str):
            raise RulesError(f"{what} are hero names, got {name!r}")
    return names


def _check_session(session: object) -> None:
    if not isinstance(session, int) or isinstance(session, bool) or session < 1:
        raise RulesError(f"a session is a number from 1, got {session!r}")


def _plural(n: int) -> str:
    return f"{n} victor{'y' if n == 1 else 'ies'}"


class Encounters(DrawSteelArea):
    """The encounter log: log an encounter (its victories with it), read the log."""

    @operation
    def log_encounter(
        self, title: str, heroes: Iterable[str] | str | None = None, *,
        opponents: Iterable[str | Opponent] | str = (), objective: str = "",
        objective_met: bool, kind: str = COMBAT, fell: Iterable[str] | str = (),
        victories: int | None = None, notes: str = "", visibility: str = PARTY,
    ) -> Happened:
        """Log an encounter: who took part (None: every hero), the other side ("4 goblins"),
        the objective and whether it was met, who fell; each hero who survived it gains the
        book's victories (000:821, 825) or the Director's ``victories`` instead."""
        title = check_text(title, "encounter title", name=True)
        if not title:
            raise RulesError("an encounter needs a title (\"Bandits at the Old Mill\")")
        objective = check_text(objective, "objective")
        notes = check_text(notes, "notes")
        kind = check_kind(kind)
        if not isinstance(objective_met, bool):
            raise RulesError(f"objective met is yes or no (True/False), got {objective_met!r}")
        visibility = check_visibility(visibility)
        if victories is not None:
            victories = check_count(victories, "victories", minimum=0, maximum=MAX_AWARD)
        lines = _lines(opponents, "opponents")
        if len(lines) > MAX_OPPONENT_LINES:
            raise RulesError(f"{len(lines)} opponent lines: keep it under {MAX_OPPONENT_LINES} "
                             "(group them: '12 goblins')")
        foes = tuple(parse_opponent(check_text(o, "opponent", name=True)
                                    if isinstance(o, str) else o) for o in lines)
        party = self.areas.heroes.resolve_heroes(
            None if heroes is None else _names(heroes, "heroes"))
        names = [h.name for h in party]
        fell_names = [self.campaign.hero(n).name for n in _names(fell, "heroes who fell")]
        for name in fell_names:
            if name not in names:
                raise RulesError(f"{name} fell in the encounter but did not take part in it "
                                 f"(heroes: {', '.join(names)}): name them as a hero too, or "
                                 "leave them out of fell")
        fallen = tuple(dict.fromkeys(fell_names))
        gains = {h.name: victories_for(kind, objective_met, h.name not in fallen, victories)
                 for h in party}
        with self.writing() as w:
            number = int(self.ledger.db.execute(
                "SELECT count(*) FROM events WHERE kind = ?", [ENCOUNTER_LOGGED]).fetchone()[0]
                ) + 1
            enc = Encounter(number=number, title=title, kind=kind, session=w.session,
                            day=w.day, objective=objective, met=objective_met,
                            participants=tuple(names), fell=fallen, opponents=foes,
                            victories=gains, override=victories, notes=notes,
                            visibility=visibility)
            summary = self._summary(enc)
            w.event(ENCOUNTER_LOGGED, [insert_sheet_op(
                        enc.key, SYSTEM, ENCOUNTER, title, enc.data(), day=w.day,
                        status="met" if objective_met else "not met", visibility=visibility)],
                    summary=summary, visibility=visibility,
                    payload={"number": number, "title": title, "kind": kind,
                             "met": objective_met, "victories": gains})
            for hero in party:
                gained = gains[hero.name]
                if gained:
                    w.hero_event("victories_awarded", hero,
                                 {"victories": hero.victories + gained},
                                 summary=f"{hero.name} gains {_plural(gained)}: {title}",
                                 payload={"count": gained, "reason": title,
                                          "encounter": number},
                                 visibility=visibility)
        return Happened(ENCOUNTER_LOGGED, summary, tuple(w.written),
                        {"encounter": enc.as_dict()})

    @staticmethod
    def _summary(enc: Encounter) -> str:
        head = f"Encounter #{enc.number}: {enc.title} ({enc.kind}, objective " \
               f"{'met' if enc.met else 'not met'})"
        gainers = {name: v for name, v in enc.victories.items() if v}
        amounts = set(gainers.values())
        if not gainers:
            tail = "no victories"
        elif len(amounts) == 1:
            tail = f"{_plural(amounts.pop())} each to {', '.join(gainers)}"
        else:
            tail = ", ".join(f"{name} +{v}" for name, v in gainers.items())
        fell = f"; {', '.join(enc.fell)} fell" if enc.fell else ""
        return f"{head}: {tail}{fell}"

    # -- reading -------------------------------------------------------------------------
    def encounters(self, session: int | None = None, *,
                   visible_to: str | None = None) -> list[Encounter]:
        """The encounter log, oldest first (one session's when given)."""
        if session is not None:
            _check_session(session)
        return read_encounters(self.ledger.db, session=session, visible_to=visible_to)

    def encounter(self, number: int, *, visible_to: str | None = None) -> Encounter:
        """One logged encounter by its number; UnknownSheet lists the numbers there are."""
        if not isinstance(number, int) or isinstance(number, bool):
            raise RulesError(f"an encounter is named by its number (1, 2, ...), got {number!r}")
        for enc in self.encounters(visible_to=visible_to):
            if enc.number == number:
                return enc
        have = ", ".join(f"#{e.number}" for e in self.encounters(visible_to=visible_to))
        raise UnknownSheet(f"no encounter #{number} in the log (encounters: "
                           f"{have or 'none yet'}; see `drawsteel-kit encounter list`)")

    def session_victories(self, session: int | None = None, *,
                          visible_to: str | None = None) -> SessionVictories:
        """A session's victories (default: the current or last one) from its encounters."""
        if session is None:
            session = self.party.session or None
        else:
            _check_session(session)
        return tally(self.ledger.db, session, visible_to=visible_to)

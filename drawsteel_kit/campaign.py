"""The campaign facade: the one door for every change to a campaign.

Each method validates its input, computes with ``rules/``, then writes its
events and their projection changes in one ``BEGIN IMMEDIATE`` transaction, and
returns what happened. Widgets, notebooks and the CLI call these methods; none
of them writes SQL.

An operation that touches several heroes writes one event per hero (so each
hero's history and visibility stay their own), all sharing an ``operation`` id:
undoing any of them undoes the whole operation.
"""

from __future__ import annotations

import functools
import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

from drawsteel_kit.errors import (
    CampaignNotFound,
    RulesError,
    SessionError,
    UndoError,
)
from drawsteel_kit.ledger import (
    DIRECTOR,
    LEDGER_FILE,
    PARTY,
    Event,
    Ledger,
    Op,
    insert_op,
    update_op,
)
from drawsteel_kit.rules import respite as respite_rules
from drawsteel_kit.rules import tokens as token_rules
from drawsteel_kit.state import HeroState, PartyState, read_hero, read_heroes, read_party

__all__ = ["Campaign", "Happened", "find_campaign_dir"]

#: Our own sanity limits (not the book's): larger numbers are typos, not awards.
MAX_AWARD = 1_000
MAX_DAYS_AT_ONCE = 3_650
MAX_TEXT = 500

CAMPAIGN_FILE = "campaign.yaml"

#: Events that cannot be undone, and why.
NOT_UNDOABLE: dict[str, str] = {
    "campaign_created": "the campaign's creation; delete the campaign folder instead",
}


@dataclass(frozen=True)
class Happened:
    """What an operation did: its events (one per hero touched) and a summary line."""

    kind: str
    summary: str
    events: tuple[Event, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def event_ids(self) -> tuple[int, ...]:
        """The ids of the events written (empty for a dry run or a no-op)."""
        return tuple(e.id for e in self.events)

    def __str__(self) -> str:
        return self.summary


def find_campaign_dir(where: str | Path) -> Path:
    """Resolve a campaign folder from a folder, its campaign.yaml, its ledger.db, or a slug.

    A bare name that is not a path is looked up as ``campaigns/<name>``.
    """
    path = Path(where).expanduser()
    if path.is_file() and path.name in (CAMPAIGN_FILE, LEDGER_FILE):
        return path.parent
    if path.is_dir():
        return path
    candidate = Path("campaigns") / str(where)
    if not path.is_absolute() and candidate.is_dir():
        return candidate
    raise CampaignNotFound(
        f"no campaign at {str(where)!r}: give a campaign folder (one holding {CAMPAIGN_FILE}), "
        f"or create one with `drawsteel-kit new NAME`"
    )


def _text(value: str, what: str) -> str:
    if not isinstance(value, str):
        raise RulesError(f"{what} must be text, got {value!r}")
    value = value.strip()
    if len(value) > MAX_TEXT:
        raise RulesError(f"{what} is {len(value)} characters long; keep it under {MAX_TEXT}")
    return value


def _count(value: object, what: str, *, minimum: int = 1, maximum: int = MAX_AWARD) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= maximum:
        raise RulesError(
            f"{what} must be a whole number from {minimum} to {maximum}, got {value!r}"
        )
    return value


def _hero_row(hero: HeroState) -> dict[str, Any]:
    return hero.as_dict()


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _operation(method: _Method) -> _Method:
    """Run a whole operation (its reads, checks and writes) in one write transaction.

    Reading the state before taking the write lock let two writers compute from the
    same values and lose a change (two awards of one victory leaving one). A refused
    operation rolls back a transaction that wrote nothing.
    """

    @functools.wraps(method)
    def run(self: Campaign, *args: Any, **kwargs: Any) -> Any:
        if self.ledger.db.conn.in_transaction:
            return method(self, *args, **kwargs)
        with self.ledger.write():
            return method(self, *args, **kwargs)

    return cast(_Method, run)


class Campaign:
    """One campaign: its folder, its ledger, and every operation on them."""

    def __init__(self, folder: Path, ledger: Ledger) -> None:
        self.folder = folder
        self.ledger = ledger

    # -- opening -------------------------------------------------------------
    @classmethod
    def open(cls, where: str | Path, *, readonly: bool = False) -> Campaign:
        """Open an initialised campaign (``readonly`` for player pages: SQLite refuses writes)."""
        folder = find_campaign_dir(where)
        ledger_path = folder / LEDGER_FILE
        if not ledger_path.is_file():
            raise CampaignNotFound(
                f"{folder} has no ledger yet: run `drawsteel-kit init {folder}` to build it "
                f"from {CAMPAIGN_FILE}"
            )
        ledger = Ledger.open(ledger_path, readonly=readonly)
        campaign = cls(folder, ledger)
        if read_party(ledger.db) is None:
            ledger.close()
            raise CampaignNotFound(
                f"{ledger_path} holds no campaign yet: run `drawsteel-kit init {folder}`"
            )
        return campaign

    @classmethod
    def init(cls, where: str | Path) -> tuple[Campaign, Happened]:
        """Build the ledger from campaign.yaml, or bring it up to date (see :mod:`setup`)."""
        from drawsteel_kit.setup import init_campaign

        return init_campaign(cls, where)

    def close(self) -> None:
        """Close the ledger."""
        self.ledger.close()

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -------------------------------------------------------------
    @property
    def party(self) -> PartyState:
        """The party: name, day, session, hero tokens, settings, stronghold."""
        party = read_party(self.ledger.db)
        assert party is not None  # open() checked
        return party

    @property
    def heroes(self) -> dict[str, HeroState]:
        """Every hero, by name."""
        return read_heroes(self.ledger.db)

    def hero(self, name: str) -> HeroState:
        """One hero (case-insensitive); UnknownHero says which heroes there are."""
        return read_hero(self.ledger.db, name)

    @property
    def settings(self) -> dict[str, Any]:
        """The campaign's table rules as the ledger has them."""
        return self.party.settings

    def status(self) -> dict[str, Any]:
        """The party and every hero, JSON-ready (``drawsteel-kit status --json``)."""
        return {
            "campaign": str(self.folder),
            "party": self.party.as_dict(),
            "heroes": [h.as_dict() for h in self.heroes.values()],
            "events": self.ledger.event_count(),
        }

    def history(
        self,
        *,
        kind: str | None = None,
        hero: str | None = None,
        limit: int | None = None,
        visible_to: str | None = None,
        newest_first: bool = True,
    ) -> list[Event]:
        """Events, newest first by default; ``visible_to`` hides what that viewer may not see."""
        actor = self.hero(hero).name if hero else None
        return self.ledger.events(
            kind=kind, actor=actor, limit=limit, visible_to=visible_to,
            newest_first=newest_first,
        )

    # -- the one write path --------------------------------------------------
    @contextmanager
    def _writing(self) -> Iterator[_Writer]:
        if self.ledger.db.conn.in_transaction:  # inside an @_operation: its transaction
            yield _Writer(self)
            return
        with self.ledger.write():
            yield _Writer(self)

    def _resolve_heroes(self, names: Iterable[str] | None) -> list[HeroState]:
        if names is None:
            heroes = list(self.heroes.values())
            if not heroes:
                raise RulesError("this campaign has no heroes yet: add them to campaign.yaml")
            return heroes
        if isinstance(names, str):
            names = [names]
        chosen: dict[str, HeroState] = {}
        for name in names:
            hero = self.hero(name)
            chosen[hero.name] = hero
        if not chosen:
            raise RulesError("name at least one hero (or none, for all of them)")
        return list(chosen.values())

    # -- sessions and hero tokens -------------------------------------------
    @_operation
    def start_session(self) -> Happened:
        """Start the next session: the hero-token pool refills (or carries over)."""
        party = self.party
        if party.session_open:
            raise SessionError(
                f"session {party.session} is still open: end it first (`drawsteel-kit session end`)"
            )
        pool = token_rules.tokens_at_session_start(
            len(self.heroes), party.hero_tokens,
            reset=bool(party.settings.get("hero_tokens_reset", True)),
            first_session=party.session == 0,
        )
        number = party.session + 1
        summary = f"Session {number} started with {pool} hero token{'s' * (pool != 1)}"
        with self._writing() as w:
            ev = w.party_event(
                "session_started", {"session_open": 1, "session": number, "hero_tokens": pool},
                summary=summary, payload={"number": number, "tokens": pool}, session=number,
            )
        return Happened("session_started", summary, (ev,), {"session": number, "tokens": pool})

    @_operation
    def end_session(self) -> Happened:
        """End the open session: unused hero tokens vanish unless the campaign keeps them."""
        party = self.party
        if not party.session_open:
            raise SessionError("no session is open: start one with `drawsteel-kit session start`")
        end = token_rules.tokens_at_session_end(
            party.hero_tokens, reset=bool(party.settings.get("hero_tokens_reset", True))
        )
        summary = (
            f"Session {party.session} ended; {end.vanished} unused hero token(s) vanished"
            if end.vanished else f"Session {party.session} ended; {end.kept} hero token(s) kept"
        )
        with self._writing() as w:
            ev = w.party_event(
                "session_ended", {"session_open": 0, "hero_tokens": end.kept}, summary=summary,
                payload={"number": party.session, "kept": end.kept, "vanished": end.vanished},
            )
        return Happened("session_ended", summary, (ev,),
                        {"kept": end.kept, "vanished": end.vanished})

    @_operation
    def award_tokens(self, count: int = 1, *, reason: str = "") -> Happened:
        """The Director awards hero tokens to the party pool (heroic risk, a reward)."""
        count = _count(count, "hero tokens awarded")
        reason = _text(reason, "reason")
        pool = token_rules.award_tokens(self.party.hero_tokens, count)
        summary = f"Party gains {count} hero token(s)" + (f": {reason}" if reason else "")
        with self._writing() as w:
            ev = w.party_event(
                "tokens_awarded", {"hero_tokens": pool}, summary=summary,
                payload={"count": count, "reason": reason},
            )
        return Happened("tokens_awarded", summary, (ev,), {"pool": pool})

    @_operation
    def spend_tokens(self, spend: str, *, hero: str | None = None, reason: str = "") -> Happened:
        """Spend from the pool: ``surges``, ``save``, ``reroll`` (1 each) or ``stamina`` (2)."""
        reason = _text(reason, "reason")
        who = self.hero(hero) if hero else None
        if spend == "stamina" and who is None:
            raise RulesError("spending tokens on stamina needs the hero who regains it (--hero)")
        result = token_rules.spend_tokens(
            self.party.hero_tokens, spend, max_stamina=who.max_stamina if who else None
        )
        summary = f"{who.name if who else 'The party'} spends {result.cost} hero token(s): {spend}"
        with self._writing() as w:
            ops: list[Op] = [update_op("party", 1, {"hero_tokens": result.pool_before},
                                       {"hero_tokens": result.pool_after})]
            details: dict[str, Any] = {"pool": result.pool_after}
            if who is not None and result.stamina_regained:
                new = min(who.max_stamina, who.stamina + result.stamina_regained)
                ops.append(
                    update_op("heroes", who.name, {"stamina": who.stamina}, {"stamina": new})
                )
                details["stamina"] = new
                summary += f" (Stamina {who.stamina} → {new})"
            ev = w.event(
                "tokens_spent", ops, summary=summary, actor=who.name if who else None,
                payload={"spend": spend, "cost": result.cost, "reason": reason,
                         "surges": result.surges_gained},
            )
        return Happened("tokens_spent", summary, (ev,), details)

    # -- victories, respites, days ------------------------------------------
    @_operation
    def award_victories(
        self, count: int = 1, heroes: Iterable[str] | None = None, *, reason: str = ""
    ) -> Happened:
        """Give victories to some heroes (None: all of them), with the reason."""
        count = _count(count, "victories")
        reason = _text(reason, "reason")
        chosen = self._resolve_heroes(heroes)
        with self._writing() as w:
            events = tuple(
                w.hero_event(
                    "victories_awarded", h, {"victories": h.victories + count},
                    summary=f"{h.name} gains {count} victor{'ies' if count != 1 else 'y'}"
                    + (f": {reason}" if reason else ""),
                    payload={"count": count, "reason": reason},
                )
                for h in chosen
            )
        names = ", ".join(h.name for h in chosen)
        plural = "victory" if count == 1 else "victories"
        return Happened("victories_awarded", f"{count} {plural} to {names}", events)

    @_operation
    def take_respite(
        self,
        heroes: Iterable[str] | None = None,
        *,
        activities: Mapping[str, str] | None = None,
        interrupted: bool = False,
        reason: str = "",
    ) -> Happened:
        """A respite for some heroes (None: all): each may do at most one activity.

        A completed respite restores Stamina and recoveries and turns victories into
        XP (levelling up where the XP allows). An interrupted one gives nothing.
        """
        reason = _text(reason, "reason")
        chosen = self._resolve_heroes(heroes)
        chosen_names = {h.name for h in chosen}
        planned: dict[str, str] = {}
        for name, activity in (activities or {}).items():
            hero = self.hero(name)
            if hero.name not in chosen_names:
                raise RulesError(f"{hero.name} has an activity but is not taking this respite")
            if hero.name in planned:
                raise RulesError(f"{hero.name} can do only one respite activity per respite")
            planned[hero.name] = _text(activity, f"{hero.name}'s activity")
        track = str(self.settings.get("xp_track", "normal"))
        results = {
            h.name: respite_rules.take_respite(
                respite_rules.RespiteHero(
                    level=h.level, xp=h.xp, victories=h.victories, stamina=h.stamina,
                    max_stamina=h.max_stamina, recoveries=h.recoveries,
                    max_recoveries=h.max_recoveries,
                ),
                track=track, interrupted=interrupted,
            )
            for h in chosen
        }
        with self._writing() as w:
            events = []
            for h in chosen:
                r = results[h.name]
                activity = planned.get(h.name, "")
                if interrupted:
                    text = f"{h.name}'s respite was interrupted: no benefits"
                    text += f" ({reason})" if reason else ""
                    events.append(w.hero_event(
                        "respite_interrupted", h, {}, summary=text,
                        payload={"reason": reason, "activity": activity},
                    ))
                    continue
                after = r.after
                text = f"{h.name} completes a respite: +{r.xp_gained} XP"
                if r.levels_gained:
                    text += f", reaches level {after.level}"
                if activity:
                    text += f"; activity: {activity}"
                events.append(w.hero_event(
                    "respite", h,
                    {"xp": after.xp, "victories": after.victories, "level": after.level,
                     "stamina": after.stamina, "recoveries": after.recoveries},
                    summary=text,
                    payload={"activity": activity, "reason": reason, "xp_gained": r.xp_gained,
                             "levels_gained": r.levels_gained},
                ))
        kind = "respite_interrupted" if interrupted else "respite"
        done = ", ".join(h.name for h in chosen)
        summary = (f"Respite interrupted for {done}: no benefits" if interrupted
                   else f"Respite completed by {done}")
        return Happened(kind, summary, tuple(events), {"results": results})

    @_operation
    def advance_day(self, days: int = 1, *, reason: str = "") -> Happened:
        """Move the campaign calendar forward."""
        days = _count(days, "days", maximum=MAX_DAYS_AT_ONCE)
        reason = _text(reason, "reason")
        day = self.party.day + days
        summary = f"Day {day} begins" + (f" ({reason})" if reason else "")
        with self._writing() as w:
            ev = w.party_event("day_advanced", {"day": day}, summary=summary,
                               payload={"days": days, "reason": reason})
        return Happened("day_advanced", summary, (ev,), {"day": day})

    # -- by hand, and undo ---------------------------------------------------
    @_operation
    def adjust_hero(
        self, name: str, *, reason: str, visibility: str = PARTY, **changes: Any
    ) -> Happened:
        """Change a hero by hand (the Director's fix-up), always with a reason."""
        from drawsteel_kit.setup import validate_hero_changes

        reason = _text(reason, "reason")
        if not reason:
            raise RulesError("say why (a reason) when adjusting a hero by hand")
        if visibility not in (PARTY, DIRECTOR):
            raise RulesError(f"visibility must be {PARTY!r} or {DIRECTOR!r}, got {visibility!r}")
        hero = self.hero(name)
        new = validate_hero_changes(hero, changes)
        if not any(new[k] != _hero_row(hero)[k] for k in new):
            raise RulesError(f"nothing to change: {hero.name} already has those values")
        listed = ", ".join(f"{k} {_hero_row(hero)[k]} → {v}" for k, v in new.items()
                           if _hero_row(hero)[k] != v)
        summary = f"{hero.name} adjusted by hand ({reason}): {listed}"
        with self._writing() as w:
            ev = w.hero_event("hero_adjusted", hero, new, summary=summary,
                              payload={"reason": reason, "changes": new}, visibility=visibility)
        return Happened("hero_adjusted", summary, (ev,))

    @_operation
    def undo(self, event_id: int, *, reason: str = "") -> Happened:
        """Undo an operation by appending compensating events; history is never deleted.

        Refuses when a later event has since changed what the operation set: undo
        the later one first.
        """
        reason = _text(reason, "reason")
        target = self.ledger.event(event_id)
        members = (
            self.ledger.operation_events(target.operation) if target.operation else [target]
        )
        for member in [target, *members]:  # the first init wrote its heroes with the party
            if member.kind in NOT_UNDOABLE:
                part = "" if member.id == target.id else f"it is part of #{member.id}, "
                raise UndoError(f"event #{event_id} ({target.summary}) cannot be undone: "
                                f"{part}{NOT_UNDOABLE[member.kind]}")
        if not any(e.ops for e in members):
            raise UndoError(f"event #{event_id} ({target.summary}) changed nothing: "
                            "there is nothing to undo")
        checked = [self.ledger.undo_ops(e.id) for e in members]
        summary = f"Undid #{event_id} ({target.summary})" + (f": {reason}" if reason else "")
        with self._writing() as w:
            events = tuple(
                w.event("undo", inverse, summary=f"Undo #{ev.id}: {ev.summary}", actor=ev.actor,
                        payload={"reason": reason, "undone_kind": ev.kind},
                        visibility=ev.visibility, undoes=ev.id)
                for ev, inverse in checked
            )
        return Happened("undo", summary, events)

    # -- backup and export ---------------------------------------------------
    def backup(self, dest: str | Path | None = None) -> Path:
        """An online copy of the ledger (default: ``backups/ledger-<events>.db`` in the folder)."""
        if dest is None:
            dest = self.folder / "backups" / f"ledger-{self.ledger.event_count()}-" \
                f"{uuid.uuid4().hex[:6]}.db"
        return self.ledger.backup(dest)

    def export(self, *, include_director: bool = True) -> dict[str, Any]:
        """History and state as a JSON-ready dict."""
        return self.ledger.export(include_director=include_director)

    def export_json(self, *, include_director: bool = True) -> str:
        """:meth:`export` as JSON text."""
        return json.dumps(self.export(include_director=include_director), indent=2,
                          ensure_ascii=False)


class _Writer:
    """Writes events inside one open transaction, stamping day, session and operation."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.ledger = campaign.ledger
        party = read_party(campaign.ledger.db)
        self.day = party.day if party else 1
        self.session = (party.session or None) if party else None
        self.operation = uuid.uuid4().hex[:12]

    def event(
        self, kind: str, ops: Sequence[Op], *, summary: str, actor: str | None = None,
        payload: Mapping[str, Any] | None = None, visibility: str = PARTY,
        session: int | None = None, seed: int | None = None, dice: Sequence[int] | None = None,
        undoes: int | None = None,
    ) -> Event:
        body = {"summary": summary, **(payload or {})}
        return self.ledger.append(
            kind, day=self.day, session=session if session is not None else self.session,
            actor=actor, payload=body, ops=ops, seed=seed, dice=dice, visibility=visibility,
            undoes=undoes, operation=self.operation,
        )

    def party_event(self, kind: str, after: Mapping[str, Any], **kw: Any) -> Event:
        party = read_party(self.ledger.db)
        assert party is not None
        before = party.as_dict()
        return self.event(kind, [update_op("party", 1, before, after)], **kw)

    def hero_event(
        self, kind: str, hero: HeroState, after: Mapping[str, Any], **kw: Any
    ) -> Event:
        ops = [update_op("heroes", hero.name, _hero_row(hero), after)] if after else []
        return self.event(kind, ops, actor=hero.name, **kw)

    def add_hero(self, row: Mapping[str, Any], **kw: Any) -> Event:
        return self.event("hero_added", [insert_op("heroes", row["name"], row)],
                          actor=str(row["name"]), **kw)

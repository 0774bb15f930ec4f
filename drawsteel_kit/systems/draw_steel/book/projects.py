"""Downtime projects: starting them, spending career points, work away from a respite, forecasts
(a respite's activities are in ``book.respite_work``).

A project is started from the catalog (an official project, a treasure to craft, or the Director's
own project from campaign.yaml). Work on it comes from respite activities
(``drawsteel_kit.systems.draw_steel.activities``), career project points and followers' days;
:mod:`drawsteel_kit.systems.draw_steel.book.work` turns each into projection changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawsteel_kit.kit.dice import Dice, dice_for
from drawsteel_kit.kit.errors import ProjectNotStarted, RulesError
from drawsteel_kit.kit.fields import check_label
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY, insert_op, update_op
from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.systems.draw_steel.activities import (
    ProjectRef,
)
from drawsteel_kit.systems.draw_steel.book.base import (
    CampaignBase,
    Happened,
    Writer,
    check_count,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.book.respite_work import SOURCE_STATES, RespiteWorkOps
from drawsteel_kit.systems.draw_steel.book.work import Roller, apply_points, roll_for
from drawsteel_kit.systems.draw_steel.campaign_file.projects import CustomProjectSpec
from drawsteel_kit.systems.draw_steel.catalog import projects as catalog
from drawsteel_kit.systems.draw_steel.rules import projects as rules
from drawsteel_kit.systems.draw_steel.rules.power import CHARACTERISTIC_MAX, CHARACTERISTIC_MIN
from drawsteel_kit.systems.draw_steel.state import (
    CHARACTERISTICS,
    HeroState,
    ProjectState,
    read_projects,
)

__all__ = ["PROJECT_STARTS", "PROJECT_STARTS_ANY_TIME", "PROJECT_STARTS_DEFAULT", "ProjectOps",
           "dice_for"]

#: When a table starts projects (campaign.yaml ``project_starts``): during a respite, as the
#: book says (000: 3746, "projects are started during a respite"), or at any time.
PROJECT_STARTS_DEFAULT = "respite"
PROJECT_STARTS_ANY_TIME = "any_time"
PROJECT_STARTS = (PROJECT_STARTS_DEFAULT, PROJECT_STARTS_ANY_TIME)

#: Master Librarian: a Discover Lore project started at the stronghold begins with 60 points.
MASTER_LIBRARIAN = "Master Librarian"
MASTER_LIBRARIAN_POINTS = 60  # REFERENCE.md "Titles and perks"
#: Traveling Artisan / Sage: a day without a respite, an hour of work adds 1d10 (REFERENCE.md).
TRAVELING_PERKS = {"crafting": "Traveling Artisan", "research": "Traveling Sage"}
TRAVELING_DIE = 10
#: Faction Member: an NPC makes up to 3 research or crafting rolls for the hero (REFERENCE.md).
FACTION_MEMBER = "Faction Member"
FACTION_MEMBER_ROLLS = 3


class ProjectOps(RespiteWorkOps, CampaignBase):
    """Projects: start, work, complete."""

    # -- reading -------------------------------------------------------------
    def projects(self, hero: str | None = None, status: str | None = None) -> list[ProjectState]:
        """Projects, oldest first (one hero's, or of a status: active, complete)."""
        name = self.hero(hero).name if hero else None
        return read_projects(self.ledger.db, hero=name, status=status)

    def project(self, ref: ProjectRef) -> ProjectState:
        """A project by id, or by title (active ones first; case-insensitive)."""
        db = self.ledger.db
        # Titles and statuses only: a long campaign's finished projects are not decoded.
        every = list(db.execute("SELECT id, title, status FROM projects ORDER BY id"))
        if isinstance(ref, int) and not isinstance(ref, bool):
            found = [i for i, _, _ in every if i == ref]
        else:
            key = " ".join(str(ref).split()).casefold()
            found = [i for i, _, _ in sorted((r for r in every if r[1].casefold() == key),
                                             key=lambda r: (r[2] != "active", -r[0]))]
        if found:
            row = next(db.query("SELECT * FROM projects WHERE id = ?", [found[0]]))
            return ProjectState.from_row(row)
        active = [f"#{i} {title}" for i, title, status in every if status == "active"]
        raise ProjectNotStarted(
            f"no project {ref!r} has been started; active projects: "
            f"{', '.join(active) or 'none'}. Start one with start_project "
            "(`drawsteel-kit project start`)"
        )

    # -- starting ------------------------------------------------------------
    def _template(self, name: str, treasure: str | None) -> tuple[Any, Any]:
        if treasure is not None:
            if name.strip().casefold() != "craft treasure":
                raise RulesError("treasure= goes with the Craft Treasure project")
            found = catalog.treasure(treasure)
            return found.as_project(), found
        for custom in self.settings.get("custom_projects", []):
            if custom["name"].casefold() == " ".join(name.split()).casefold():
                return CustomProjectSpec.model_validate(custom).as_project(), None
        try:
            return catalog.project(name), None
        except catalog.UnknownProject as exc:
            try:
                found = catalog.treasure(name)
            except catalog.UnknownTreasure:
                raise catalog.UnknownProject(
                    f"{exc}; browse the catalog with `drawsteel-kit project catalog --search`"
                ) from None
            return found.as_project(), found

    @operation
    def start_project(
        self,
        hero: str,
        project: str,
        *,
        title: str | None = None,
        params: Mapping[str, Any] | None = None,
        learns: str | None = None,
        treasure: str | None = None,
        source_language: str | None = None,
        prerequisite: str | None = None,
        source: str | None = None,
        at_stronghold: bool = False,
        visibility: str = PARTY,
    ) -> Happened:
        """Start a project for a hero (000: 3740-3770); returns its id in details.

        Projects are started during a respite (000: 3746): a hero who rested today (a
        respite is the day it takes) may start one, and ``take_respite(starts=...)`` starts
        them within the respite itself. Otherwise it is refused, unless the campaign's
        ``project_starts`` is ``any_time`` (the start is then recorded as outside a respite).
        """
        who = self.hero(hero)
        during = self._resting_today(who.name)
        if not during and self.settings.get("project_starts", PROJECT_STARTS_DEFAULT) \
                != PROJECT_STARTS_ANY_TIME:
            raise RulesError(
                f"{who.name} is not resting today (day {self.party.day}): projects are started "
                "during a respite (Downtime Projects). Start it with a respite (`drawsteel-kit "
                "project start ... --respite`), or the same day as the hero's respite "
                f"(`drawsteel-kit respite CAMPAIGN --hero \"{who.name}\"`); a table that starts "
                "projects at any time sets project_starts: any_time in campaign.yaml's settings")
        with self._writing() as w:
            return self._start(w, who, project, during_respite=during, title=title,
                               params=params, learns=learns, treasure=treasure,
                               source_language=source_language, prerequisite=prerequisite,
                               source=source, at_stronghold=at_stronghold,
                               visibility=visibility)

    def _resting_today(self, hero: str) -> bool:
        """Whether ``hero`` took a respite on the campaign's current day (not undone)."""
        today = self.party.day
        undone = self.ledger.undone_ids()
        return any(ev.kind == "respite" and ev.id not in undone
                   for ev in self.ledger.events(actor=hero, day=today))

    def _start(
        self, w: Writer, who: HeroState, project: str, *, during_respite: bool,
        title: str | None = None, params: Mapping[str, Any] | None = None,
        learns: str | None = None, treasure: str | None = None,
        source_language: str | None = None, prerequisite: str | None = None,
        source: str | None = None, at_stronghold: bool = False, visibility: str = PARTY,
    ) -> Happened:
        """Check and write one project start with ``w`` (a respite's, or its own)."""
        template, found = self._template(str(project), treasure)
        if params is not None and not isinstance(params, Mapping):
            raise RulesError(f"params must map each goal parameter to its value, such as "
                             f"{{'kind': 'lost'}}, got {params!r}")
        params = dict(params or {})
        item_kind = params.pop("item_kind", None)
        chars = (template.characteristics_for(item_kind) if item_kind
                 else template.characteristics)
        if chars == ("per_treasure",):
            raise RulesError("Craft Treasure needs the treasure: give treasure='Healing Potion'")
        goal = template.goal_for(**params)
        if learns is not None:
            learns = check_label(learns, "learns")
        if template.completion in ("learn_language", "learn_skill") and not learns:
            what = "language" if template.completion == "learn_language" else "skill"
            raise RulesError(f"{template.name} needs the {what} to learn: give learns=...")
        if learns and template.completion in ("learn_language", "learn_skill"):
            kind = "languages" if template.completion == "learn_language" else "skills"
            learns = self.book_name(kind, learns, "learns")
        needed = template.item_prerequisite
        if needed and prerequisite not in ("owned", "waived"):
            raise RulesError(
                f"{template.name} needs {needed} before it starts: say prerequisite='owned' "
                "if the hero has it, or 'waived' if the Director waives it"
            )
        state = "none" if template.project_source is None else (source or "available")
        if state not in ("none", *SOURCE_STATES):
            raise RulesError(f"source must be one of {', '.join(SOURCE_STATES)}, got {source!r}")
        if visibility not in (PARTY, DIRECTOR):
            raise RulesError(f"visibility must be {PARTY!r} or {DIRECTOR!r}")
        if source_language is not None:
            source_language = check_text(source_language, "source language", name=True)
            if source_language:
                source_language = self.book_name("languages", source_language,
                                                 "source language")
        languages = (source_language,) if source_language else template.source_languages
        name = title or (f"{template.name}: {learns}" if learns else template.name)
        name = " ".join(check_text(name, "title", name=True).split()) or template.name
        taken = {name_key(p.title) for p in read_projects(self.ledger.db, status="active")}
        base, n = name, 1
        while name_key(name) in taken:
            n += 1
            name = f"{base} ({n})"
        points = (MASTER_LIBRARIAN_POINTS if at_stronghold and template.name == "Discover Lore"
                  and any(t.casefold() == MASTER_LIBRARIAN.casefold() for t in who.titles)
                  else 0)
        done = rules.is_complete(points, goal)
        project_id = self._next_id("projects")
        row = {
            "hero": who.name, "title": name, "template": template.name, "kind": template.kind,
            "goal": goal, "points": points, "characteristics": list(chars),
            "source_language": list(languages),
            "item_prerequisite": needed or "", "prerequisite": prerequisite if needed else "none",
            "source": state, "completion": template.completion,
            "completion_detail": {
                "learns": learns, "params": params, "note": template.completion_note,
                "treasure": found.name if found else None,
                "treasure_kind": found.kind if found else "",
            },
            "status": "complete" if done else "active", "started_day": self.party.day,
            "completed_day": self.party.day if done else None,
            "guides": [], "milestones_reached": [], "event_pending": 0, "visibility": visibility,
        }
        summary = f"{who.name} starts {name!r} (goal {goal}" + (
            f", {points} points from {MASTER_LIBRARIAN})" if points else ")") + (
            "; complete at once" if done else "") + (
            "" if during_respite else " outside a respite, as this table allows")
        ev = w.event("project_started", [insert_op("projects", project_id, row)],
                     summary=summary, actor=who.name, visibility=visibility,
                     payload={"project_id": project_id, "template": template.name,
                              "goal": goal, "during_respite": during_respite,
                              "milestones": list(rules.milestones_for_goal(goal))})
        return Happened("project_started", summary, (ev,), {"project_id": project_id})

    @operation
    def spend_project_points(
        self, hero: str, project: ProjectRef, points: int, *, reason: str = "",
        seed: int | None = None, dice: Dice | None = None,
    ) -> Happened:
        """Spend career project points into a project: no respite activity needed.

        ``seed``/``dice`` roll a finished treasure's yield (1d6+1 Snapdragons, ...).
        """
        who = self.hero(hero)
        target = self._active(project)
        if who.project_points < 1:
            raise RulesError(f"{who.name} has no career project points left to spend")
        points = check_count(points, "project points", maximum=who.project_points)
        reason = check_text(reason, "reason")
        dice, seed = dice_for(seed, dice)
        mode = str(self.settings.get("project_events", "off"))
        with self._writing() as w:
            work = apply_points(target, points, day=w.day, owner=self._owner(target),
                                dice=dice, events_mode=mode, next_id=self._next_id)
            ops = [update_op("heroes", who.name, {"project_points": who.project_points},
                             {"project_points": who.project_points - points}), *work.ops]
            summary = (f"{who.name} puts {points} career project points into {target.title!r} "
                       f"({work.detail['after']}/{work.detail['goal']})")
            faces = list(getattr(dice, "faces", []))
            ev = w.event("project_points_spent", ops, summary=summary, actor=who.name,
                         payload={"project_id": target.id, "reason": reason, **work.detail,
                                  "lines": work.lines},
                         seed=seed if faces else None, dice=faces or None)
        return Happened("project_points_spent", summary, (ev,), work.detail)

    def _active(self, ref: ProjectRef) -> ProjectState:
        found = self.project(ref)
        if found.status != "active":
            raise ProjectNotStarted(f"{found.title!r} is already complete")
        return found

    def _owner(self, project: ProjectState) -> HeroState:
        return self.hero(project.hero)


    # -- a day's work without a respite ----------------------------------------
    @operation
    def traveling_work(
        self, hero: str, project: ProjectRef, *, seed: int | None = None,
        dice: Dice | None = None,
    ) -> Happened:
        """Traveling Artisan / Sage: on a day without a respite, an hour's work adds 1d10."""
        who = self.hero(hero)
        target = self._active(project)
        perk = TRAVELING_PERKS.get(target.kind)
        if perk is None or not any(p.casefold() == perk.casefold() for p in who.perks):
            wanted = " or ".join(f"{v} ({k})" for k, v in TRAVELING_PERKS.items())
            raise RulesError(f"{who.name} cannot work on {target.title!r} while travelling: "
                             f"that takes {wanted} for a project of that kind")
        today = self.party.day
        undone = self.ledger.undone_ids()
        for ev in self.ledger.events(actor=who.name, day=today):
            if ev.kind in ("respite", "traveling_work") and ev.id not in undone:
                raise RulesError(f"{who.name} already had a respite or a travelling hour on "
                                 f"day {today}: it is for a day without a respite, once")
        dice, seed = dice_for(seed, dice)
        start = len(getattr(dice, "faces", []))
        points = dice.roll(TRAVELING_DIE)
        return self._work_outside_respites(
            "traveling_work", who, target, points, dice, seed, start,
            f"{who.name} ({perk}) works an hour on {target.title!r} on the road", {"perk": perk})

    @operation
    def faction_rolls(
        self, hero: str, project: ProjectRef, *, rolls: int = FACTION_MEMBER_ROLLS,
        characteristic: int = 0, seed: int | None = None, dice: Dice | None = None,
    ) -> Happened:
        """Faction Member: an NPC of the faction makes up to 3 project rolls for the hero.

        Outside respites, on a research or crafting project; ``characteristic`` is the
        NPC's score (the Director's call). How often the faction helps is the Director's.
        """
        who = self.hero(hero)
        if not any(t.casefold() == FACTION_MEMBER.casefold() for t in who.titles):
            raise RulesError(f"{who.name} does not hold the {FACTION_MEMBER} title")
        target = self._active(project)
        if target.kind not in ("research", "crafting"):
            raise RulesError(f"the faction helps research or crafting projects; "
                             f"{target.title!r} is {target.kind}")
        rolls = check_count(rolls, "faction rolls", maximum=FACTION_MEMBER_ROLLS)
        check_count(characteristic, "the NPC's characteristic", minimum=CHARACTERISTIC_MIN,
                    maximum=CHARACTERISTIC_MAX)
        dice, seed = dice_for(seed, dice)
        start = len(getattr(dice, "faces", []))
        npc = Roller(f"{who.name}'s faction", dict.fromkeys(CHARACTERISTICS, characteristic),
                     target.source_language)
        results = [roll_for(target, npc, dice=dice)[0] for _ in range(rolls)]
        points = sum(r.points for r in results)
        return self._work_outside_respites(
            "faction_rolls", who, target, points, dice, seed, start,
            f"{who.name}'s faction makes {rolls} roll(s) on {target.title!r}",
            {"rolls": [r.points for r in results], "characteristic": characteristic})

    def _work_outside_respites(
        self, kind: str, who: HeroState, target: ProjectState, points: int, dice: Dice,
        seed: int | None, start: int, text: str, extra: dict[str, Any],
    ) -> Happened:
        """Write points earned outside a respite (no project event) as one event."""
        with self._writing() as w:
            work = apply_points(target, points, day=w.day, owner=self._owner(target), dice=dice,
                                events_mode="off", next_id=self._next_id)
            summary = f"{text}: +{points} ({work.detail['after']}/{work.detail['goal']})"
            w.event(kind, work.ops, summary=summary, actor=who.name, seed=seed,
                    dice=list(getattr(dice, "faces", []))[start:], visibility=target.visibility,
                    payload={"project_id": target.id, **extra, **work.detail,
                             "lines": work.lines})
        return Happened(kind, summary, tuple(w.written), work.detail)


    # -- forecast ------------------------------------------------------------
    def forecast(
        self,
        project: ProjectRef,
        *,
        hero: str | None = None,
        characteristic: str | None = None,
        edges: int = 0,
        banes: int = 0,
        skill: str | None = None,
        respites: bool = True,
        followers: bool = True,
        rolls: int | None = None,
    ) -> Any:
        """The chance ``project`` is done after each day from now (``forecast.Curve``).

        Each day counts the hero's respite roll (``respites``; the owner unless ``hero`` is
        named) and each assigned follower's daily roll (``followers``). Breakthroughs are in
        the curve; project events, which the Director may or may not use, are not.
        """
        from drawsteel_kit.systems.draw_steel.book.work import (
            ANCIENT_LOREMASTER,
            roller_characteristic,
        )
        from drawsteel_kit.systems.draw_steel.catalog.languages import (
            dead_languages_known,
            language_fit,
        )
        from drawsteel_kit.systems.draw_steel.forecast import Worker, completion_curve
        from drawsteel_kit.systems.draw_steel.state import read_followers

        target = self._active(project)
        groups = self.settings.get("related_languages", [])
        crew: list[Worker] = []

        def fit(languages: tuple[str, ...]) -> str:
            return (language_fit(languages, target.source_language, groups)
                    if target.source_language else "known")

        if respites:
            who = self.hero(hero) if hero else self._owner(target)
            roller = Roller.of_hero(who)
            _, score = roller_characteristic(target, roller, characteristic)
            if skill is not None and not any(s.casefold() == skill.casefold()
                                             for s in who.skills):
                raise RulesError(f"{who.name} does not have the skill {skill!r}")
            lore_dice = (dead_languages_known(who.languages) if target.kind == "research"
                         and any(t.casefold() == ANCIENT_LOREMASTER.casefold()
                                 for t in who.titles) else 0)  # as roll_for rolls them
            crew.append(Worker(score, edges=edges, banes=banes, skill=skill is not None,
                               language=fit(who.languages), extra_d6=lore_dice, name=who.name))
        if followers:
            for f in read_followers(self.ledger.db):
                if f.project_id == target.id:
                    roller = Roller(f.name, f.characteristics, f.languages, f.skills)
                    _, score = roller_characteristic(target, roller, None)
                    crew.append(Worker(score, skill=f.skill_applies, language=fit(f.languages),
                                       name=f.name))
        if not crew:
            raise RulesError(f"nobody works on {target.title!r}: forecast with the hero's "
                             "respites, or assign a follower to it")
        return completion_curve(target.goal, points_already=target.points, workers=crew,
                                rolls=rolls)

"""Starting a downtime project: from the catalog, a treasure, or the Director's own project;
during a respite (000: 3746), unless the campaign starts them at any time; Spend Time With
Loved Ones once a month, its Stamina bonus held until the hero's next respite ends."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY, insert_op
from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.systems.draw_steel.book.base import (
    CampaignBase,
    Happened,
    Writer,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.book.respite_work import SOURCE_STATES
from drawsteel_kit.systems.draw_steel.catalog.languages import (
    canonical_language,
    hero_languages,
    language_key,
)
from drawsteel_kit.systems.draw_steel.state import HeroState, ProjectState, read_projects

__all__ = ["MASTER_LIBRARIAN", "MASTER_LIBRARIAN_POINTS", "PROJECT_STARTS",
           "PROJECT_STARTS_ANY_TIME", "PROJECT_STARTS_DEFAULT", "ProjectStartOps"]

#: When a table starts projects (campaign.yaml ``project_starts``): during a respite, as the
#: book says (000: 3746, "projects are started during a respite"), or at any time.
PROJECT_STARTS_DEFAULT = "respite"
PROJECT_STARTS_ANY_TIME = "any_time"
PROJECT_STARTS = (PROJECT_STARTS_DEFAULT, PROJECT_STARTS_ANY_TIME)

#: Master Librarian: a Discover Lore project started at the stronghold begins with 60 points.
MASTER_LIBRARIAN = "Master Librarian"
MASTER_LIBRARIAN_POINTS = 60  # REFERENCE.md "Titles and perks"


class ProjectStartOps(CampaignBase):
    """Start projects (000: 3740-3770)."""

    # -- starting ------------------------------------------------------------
    def _template(self, name: str, treasure: str | None) -> tuple[Any, Any]:
        from drawsteel_kit.systems.draw_steel.catalog import projects as catalog

        if treasure is not None:
            if name.strip().casefold() != "craft treasure":
                raise RulesError("treasure= goes with the Craft Treasure project")
            found = catalog.treasure(treasure)
            return found.as_project(), found
        for custom in self.settings.get("custom_projects", []):
            if custom["name"].casefold() == " ".join(name.split()).casefold():
                from drawsteel_kit.systems.draw_steel.campaign_file.projects import (
                    CustomProjectSpec,  # pydantic: only for a Director's own project
                )

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
        prerequisite_item: str | None = None,
        source: str | None = None,
        at_stronghold: bool = False,
        visibility: str = PARTY,
    ) -> Happened:
        """Start a project for a hero (000: 3740-3770); returns its id in details.

        ``prerequisite_item`` names the item prerequisite the book gives (a treasure's rare
        component, 000: 3754, 3846) in place of the catalog's general words; owned or waived
        (``prerequisite``) it must be all the same.

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
                               prerequisite_item=prerequisite_item, source=source,
                               at_stronghold=at_stronghold, visibility=visibility)

    def stamina_bonuses(self, hero: str) -> list[tuple[ProjectState, int]]:
        """Spend Time With Loved Ones bonuses a hero holds (REFERENCE.md): each project that
        raised their maximum Stamina, until the end of their next respite, and by how much.
        Only their finished Spend Time With Loved Ones projects are read, not every project
        they ever finished (a hero's page shows these)."""
        name = self.hero(hero).name
        return [(p, int(p.completion_detail["stamina_bonus"]))
                for p in read_projects(self.ledger.db, hero=name, status="complete",
                                       completion="stamina_bonus")
                if p.completion_detail.get("stamina_bonus")
                and not p.completion_detail.get("bonus_ended")]

    def _check_once_a_month(self, who: HeroState, template: Any) -> None:
        """Spend Time With Loved Ones: once a month (REFERENCE.md), against the calendar."""
        from drawsteel_kit.systems.draw_steel.rules import projects as rules

        if template.completion != "stamina_bonus":
            return
        today = self.party.day
        for p in read_projects(self.ledger.db, hero=who.name, completion="stamina_bonus"):
            if p.status == "active":
                raise RulesError(f"{who.name} is already spending time with loved ones "
                                 f"({p.title!r}, #{p.id}): once a month")
            if p.completed_day is not None and \
                    today < p.completed_day + rules.LOVED_ONES_DAYS_BETWEEN:
                raise RulesError(
                    f"{who.name} spent time with loved ones on day {p.completed_day}: once a "
                    f"month ({rules.LOVED_ONES_DAYS_BETWEEN} days), so the next can start on "
                    f"day {p.completed_day + rules.LOVED_ONES_DAYS_BETWEEN} (today is {today})")

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
        prerequisite_item: str | None = None, source: str | None = None,
        at_stronghold: bool = False, visibility: str = PARTY,
    ) -> Happened:
        """Check and write one project start with ``w`` (a respite's, or its own)."""
        from drawsteel_kit.systems.draw_steel.rules import projects as rules

        template, found = self._template(str(project), treasure)
        self._check_once_a_month(who, template)
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
            from drawsteel_kit.kit.fields import check_label  # pydantic: when asked

            learns = check_label(learns, "learns")
        if template.completion in ("learn_language", "learn_skill") and not learns:
            what = "language" if template.completion == "learn_language" else "skill"
            raise RulesError(f"{template.name} needs the {what} to learn: give learns=...")
        if learns and template.completion in ("learn_language", "learn_skill"):
            kind = "languages" if template.completion == "learn_language" else "skills"
            learns = self.book_name(kind, learns, "learns")
            _not_known_yet(who, template.name, kind, learns)
        needed = _item_prerequisite(template, prerequisite_item)
        if needed and prerequisite not in ("owned", "waived"):
            from drawsteel_kit.systems.draw_steel.catalog.projects import UNNAMED_COMPONENT

            unnamed = (" (name it as the project's item prerequisite, in the treasure's own "
                       "words)" if needed == UNNAMED_COMPONENT else "")
            raise RulesError(
                f"{template.name} needs {needed}{unnamed} before it starts: mark the "
                "prerequisite owned if the hero has it, or waived if the Director waives it"
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
            "source": state, "source_at": self.party.location if state == "common" else "",
            "completion": template.completion,
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
            f", {points} points from {MASTER_LIBRARIAN}" if points else "") + (
            f"; needs {needed}: {prerequisite})" if needed else ")") + (
            "; complete at once" if done else "") + (
            "" if during_respite else " outside a respite, as this table allows")
        ev = w.event("project_started", [insert_op("projects", project_id, row)],
                     summary=summary, actor=who.name, visibility=visibility,
                     payload={"project_id": project_id, "template": template.name,
                              "goal": goal, "during_respite": during_respite,
                              "milestones": list(rules.milestones_for_goal(goal))})
        return Happened("project_started", summary, (ev,), {"project_id": project_id})


def _not_known_yet(who: HeroState, project: str, kind: str, learns: str) -> None:
    """Learn New Language / Skill teaches what the hero does not have yet (000: 3890-3900);
    every hero knows Caelian (000: 1219)."""
    if kind == "languages":
        have = {language_key(canonical_language(n)) for n in hero_languages(who.languages)}
        known = language_key(canonical_language(learns)) in have
    else:
        known = any(s.casefold() == learns.casefold() for s in who.skills)
    if known:
        what = "knows" if kind == "languages" else "has the skill"
        raise RulesError(f"{who.name} already {what} {learns}: {project} is for one the hero "
                         f"does not have yet")


def _item_prerequisite(template: Any, named: str | None) -> str:
    """The item the project needs before it starts: the one the Director names, or the
    catalog's words for it (000: 3754)."""
    needed = template.item_prerequisite or ""
    if named is None:
        return needed
    item = " ".join(check_text(named, "the item prerequisite", name=True).split())
    if not item:
        return needed
    if not needed:
        raise RulesError(f"{template.name} has no item prerequisite to name")
    return item

"""Downtime projects: starting them (from the catalog, a treasure, or the Director's own
project; during a respite, 000: 3746, unless the campaign starts them at any time; Spend Time
With Loved Ones once a month, its Stamina bonus held until the hero's next respite ends),
spending career points, work away from a respite (a respite's activities are in
``book.respite_activities``, the forecast in ``book.forecasting``).

A project is started from the catalog (an official project, a treasure to craft, or the Director's
own project from campaign.yaml). Work on it comes from respite activities
(``drawsteel_kit.systems.draw_steel.activities``), career project points and followers' days;
:mod:`drawsteel_kit.systems.draw_steel.book.work` turns each into projection changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.dice import Dice, dice_for
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY, insert_op, memo, update_op
from drawsteel_kit.kit.limits import did_you_mean, folded, name_key, names_meant, one_of
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    Writer,
    check_count,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.book.respite_activities import SOURCE_STATES
from drawsteel_kit.systems.draw_steel.catalog.languages import (
    canonical_language,
    hero_languages,
    language_key,
)
from drawsteel_kit.systems.draw_steel.errors import ProjectNotStarted
from drawsteel_kit.systems.draw_steel.state import (
    CHARACTERISTICS,
    HeroState,
    ProjectState,
    read_project,
    read_projects,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.activities import ProjectRef

__all__ = ["MASTER_LIBRARIAN", "MASTER_LIBRARIAN_POINTS", "PROJECT_STARTS",
           "PROJECT_STARTS_ANY_TIME", "PROJECT_STARTS_DEFAULT", "Projects", "dice_for"]

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


class Projects(DrawSteelArea):
    """Projects: start, work, complete (000: 3740-3770)."""

    # -- reading -------------------------------------------------------------
    def projects(self, hero: str | None = None, status: str | None = None) -> list[ProjectState]:
        """Projects, oldest first (one hero's, or of a status: active, complete)."""
        name = self.campaign.hero(hero).name if hero else None
        return read_projects(self.ledger.db, hero=name, status=status)

    def project(self, ref: ProjectRef) -> ProjectState:
        """A project by id, or by title (active ones first; case-insensitive)."""
        db = self.ledger.db
        # Titles and statuses only: a long campaign's finished projects are not decoded.
        every: list[tuple[int, str, str]] = memo.remember(db, "projects", "titles", lambda: [
            tuple(r) for r in db.execute("SELECT id, title, status FROM projects ORDER BY id")],
            columns=("id", "title", "status"))
        if isinstance(ref, int) and not isinstance(ref, bool):
            found = [i for i, _, _ in every if i == ref]
        else:  # the title as typed, or the start of one ("Lore" for "Lore of Khelt")
            meant = names_meant(ref, [t for _, t, _ in every])
            if len(meant) > 1:  # a start several titles share: the active ones', if one
                active = names_meant(ref, [t for _, t, s in every if s == "active"])
                meant = active if len(active) == 1 else meant
            if len(meant) > 1:
                raise ProjectNotStarted(f"{ref!r} could be {one_of(meant)}: type more of the "
                                        "title, or give the project's id")
            key = folded(meant[0]) if meant else None
            found = [i for i, _, _ in sorted((r for r in every if folded(r[1]) == key),
                                             key=lambda r: (r[2] != "active", -r[0]))]
        if found:
            return read_project(db, found[0])
        active = [f"#{i} {title}" for i, title, status in every if status == "active"]
        close = did_you_mean(ref, [t for _, t, _ in every])
        raise ProjectNotStarted(
            f"no project {ref!r} has been started; active projects: "
            f"{', '.join(active) or 'none'}{close or '.'} Start one with "
            "`drawsteel-kit project start`"
        )

    @operation
    def spend_project_points(
        self, hero: str, project: ProjectRef, points: int, *, reason: str = "",
        seed: int | None = None, dice: Dice | None = None,
    ) -> Happened:
        """Spend career project points into a project: no respite activity needed.

        ``seed``/``dice`` roll a finished treasure's yield (1d6+1 Snapdragons, ...).
        """
        who = self.campaign.hero(hero)
        target = self.active(project)
        if who.project_points < 1:
            raise RulesError(f"{who.name} has no career project points left to spend")
        points = check_count(points, "project points", maximum=who.project_points)
        need = target.goal - target.points
        if points > need:  # the points past the goal would do nothing (issue 32)
            raise RulesError(f"{target.title!r} needs only {need} more project points to "
                             f"finish ({target.points}/{target.goal}): spend at most {need}")
        reason = check_text(reason, "reason")
        dice, seed = dice_for(seed, dice)
        mode = str(self.settings.get("project_events", "off"))
        from drawsteel_kit.systems.draw_steel.book.work import apply_points

        with self.writing() as w:
            work = apply_points(target, points, day=w.day, owner=self.owner(target),
                                dice=dice, events_mode=mode, next_id=self.campaign.next_id,
                                followers=self.areas.follower_work.working_on(target))
            ops = [update_op("heroes", who.name, {"project_points": who.project_points},
                             {"project_points": who.project_points - points}), *work.ops]
            summary = (f"{who.name} puts {points} career project points into {target.title!r} "
                       f"({work.detail['after']}/{work.detail['goal']}){work.leaving}")
            faces = list(getattr(dice, "faces", []))
            ev = w.event("project_points_spent", ops, summary=summary, actor=who.name,
                         payload={"project_id": target.id, "reason": reason, **work.detail,
                                  "lines": work.lines},
                         seed=seed if faces else None, dice=faces or None)
        return Happened("project_points_spent", summary, (ev,), work.detail)

    def active(self, ref: ProjectRef) -> ProjectState:
        found = self.project(ref)
        if found.status != "active":
            raise ProjectNotStarted(f"{found.title!r} is already complete")
        return found

    def owner(self, project: ProjectState) -> HeroState:
        return self.campaign.hero(project.hero)


    # -- a day's work without a respite ----------------------------------------
    @operation
    def traveling_work(
        self, hero: str, project: ProjectRef, *, seed: int | None = None,
        dice: Dice | None = None,
    ) -> Happened:
        """Traveling Artisan / Sage: on a day without a respite, an hour's work adds 1d10."""
        who = self.campaign.hero(hero)
        target = self.active(project)
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
        from drawsteel_kit.systems.draw_steel.book.work import Roller, roll_for
        from drawsteel_kit.systems.draw_steel.rules.power import (
            CHARACTERISTIC_MAX,
            CHARACTERISTIC_MIN,
        )

        who = self.campaign.hero(hero)
        if not any(t.casefold() == FACTION_MEMBER.casefold() for t in who.titles):
            raise RulesError(f"{who.name} does not hold the {FACTION_MEMBER} title")
        target = self.active(project)
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
            f"{who.name}'s faction makes {plural(rolls, 'roll')} on {target.title!r}",
            {"rolls": [r.points for r in results], "characteristic": characteristic})

    def _work_outside_respites(
        self, kind: str, who: HeroState, target: ProjectState, points: int, dice: Dice,
        seed: int | None, start: int, text: str, extra: dict[str, Any],
    ) -> Happened:
        """Write points earned outside a respite (no project event) as one event."""
        from drawsteel_kit.systems.draw_steel.book.work import apply_points

        with self.writing() as w:
            work = apply_points(target, points, day=w.day, owner=self.owner(target), dice=dice,
                                events_mode="off", next_id=self.campaign.next_id,
                                followers=self.areas.follower_work.working_on(target))
            summary = (f"{text}: +{points} ({work.detail['after']}/{work.detail['goal']})"
                       f"{work.leaving}")
            w.event(kind, work.ops, summary=summary, actor=who.name, seed=seed,
                    dice=list(getattr(dice, "faces", [])[start:]), visibility=target.visibility,
                    payload={"project_id": target.id, **extra, **work.detail,
                             "lines": work.lines})
        return Happened(kind, summary, tuple(w.written), work.detail)

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
        who = self.campaign.hero(hero)
        during = self.resting_today(who.name)
        if not during and self.settings.get("project_starts", PROJECT_STARTS_DEFAULT) \
                != PROJECT_STARTS_ANY_TIME:
            raise RulesError(
                f"{who.name} is not resting today (day {self.party.day}): projects are started "
                "during a respite (Downtime Projects). Start it with a respite (`drawsteel-kit "
                "project start ... --respite`), or the same day as the hero's respite "
                f"(`drawsteel-kit respite CAMPAIGN --hero \"{who.name}\"`); a table that starts "
                "projects at any time sets project_starts: any_time in campaign.yaml's settings")
        with self.writing() as w:
            return self.start(w, who, project, during_respite=during, title=title,
                               params=params, learns=learns, treasure=treasure,
                               source_language=source_language, prerequisite=prerequisite,
                               prerequisite_item=prerequisite_item, source=source,
                               at_stronghold=at_stronghold, visibility=visibility)

    def stamina_bonuses(self, hero: str) -> list[tuple[ProjectState, int]]:
        """Spend Time With Loved Ones bonuses a hero holds (REFERENCE.md): each project that
        raised their maximum Stamina, until the end of their next respite, and by how much.
        Only their finished Spend Time With Loved Ones projects are read, not every project
        they ever finished (a hero's page shows these)."""
        name = self.campaign.hero(hero).name
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

    def resting_today(self, hero: str) -> bool:
        """Whether ``hero`` took a respite on the campaign's current day (not undone)."""
        today = self.party.day
        undone = self.ledger.undone_ids()
        return any(ev.kind == "respite" and ev.id not in undone
                   for ev in self.ledger.events(actor=hero, day=today))

    def start(
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
            learns = self.areas.heroes.book_name(kind, learns, "learns")
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
                source_language = self.areas.heroes.book_name("languages", source_language,
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
        project_id = self.campaign.next_id("projects")
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

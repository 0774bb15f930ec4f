"""Downtime projects: starting them, spending career points, work away from a respite, forecasts
(a respite's activities are in ``book.respite_work``).

A project is started from the catalog (an official project, a treasure to craft, or the Director's
own project from campaign.yaml). Work on it comes from respite activities
(``drawsteel_kit.systems.draw_steel.activities``), career project points and followers' days;
:mod:`drawsteel_kit.systems.draw_steel.book.work` turns each into projection changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.dice import Dice, dice_for
from drawsteel_kit.kit.errors import ProjectNotStarted, RulesError
from drawsteel_kit.kit.ledger import memo, update_op
from drawsteel_kit.kit.limits import did_you_mean, folded, names_meant, one_of
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.book.base import (
    CampaignBase,
    Happened,
    check_count,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.book.forecasting import ForecastOps
from drawsteel_kit.systems.draw_steel.book.project_starts import (
    MASTER_LIBRARIAN,
    MASTER_LIBRARIAN_POINTS,
    PROJECT_STARTS,
    PROJECT_STARTS_ANY_TIME,
    PROJECT_STARTS_DEFAULT,
    ProjectStartOps,
)
from drawsteel_kit.systems.draw_steel.book.respite_work import RespiteWorkOps
from drawsteel_kit.systems.draw_steel.book.sources import SourceOps
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
           "PROJECT_STARTS_ANY_TIME", "PROJECT_STARTS_DEFAULT", "ProjectOps", "dice_for"]

#: Traveling Artisan / Sage: a day without a respite, an hour of work adds 1d10 (REFERENCE.md).
TRAVELING_PERKS = {"crafting": "Traveling Artisan", "research": "Traveling Sage"}
TRAVELING_DIE = 10
#: Faction Member: an NPC makes up to 3 research or crafting rolls for the hero (REFERENCE.md).
FACTION_MEMBER = "Faction Member"
FACTION_MEMBER_ROLLS = 3


class ProjectOps(ForecastOps, SourceOps, RespiteWorkOps, ProjectStartOps, CampaignBase):
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
        who = self.hero(hero)
        target = self._active(project)
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

        with self._writing() as w:
            work = apply_points(target, points, day=w.day, owner=self._owner(target),
                                dice=dice, events_mode=mode, next_id=self._next_id,
                                followers=self._followers_on(target))
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
        from drawsteel_kit.systems.draw_steel.book.work import Roller, roll_for
        from drawsteel_kit.systems.draw_steel.rules.power import (
            CHARACTERISTIC_MAX,
            CHARACTERISTIC_MIN,
        )

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
            f"{who.name}'s faction makes {plural(rolls, 'roll')} on {target.title!r}",
            {"rolls": [r.points for r in results], "characteristic": characteristic})

    def _work_outside_respites(
        self, kind: str, who: HeroState, target: ProjectState, points: int, dice: Dice,
        seed: int | None, start: int, text: str, extra: dict[str, Any],
    ) -> Happened:
        """Write points earned outside a respite (no project event) as one event."""
        from drawsteel_kit.systems.draw_steel.book.work import apply_points

        with self._writing() as w:
            work = apply_points(target, points, day=w.day, owner=self._owner(target), dice=dice,
                                events_mode="off", next_id=self._next_id,
                                followers=self._followers_on(target))
            summary = (f"{text}: +{points} ({work.detail['after']}/{work.detail['goal']})"
                       f"{work.leaving}")
            w.event(kind, work.ops, summary=summary, actor=who.name, seed=seed,
                    dice=list(getattr(dice, "faces", [])[start:]), visibility=target.visibility,
                    payload={"project_id": target.id, **extra, **work.detail,
                             "lines": work.lines})
        return Happened(kind, summary, tuple(w.written), work.detail)






"""The forecast: the chance a project is done after each day, from who works on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.book.base import DrawSteelArea

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.activities import ProjectRef

__all__ = ["Forecasts"]


class Forecasts(DrawSteelArea):
    """How likely a project is done after N days (``forecast.Curve``)."""

    def forecast(
        self,
        project: ProjectRef,
        *,
        hero: str | None = None,
        characteristic: str | None = None,
        edges: int = 0,
        banes: int = 0,
        skill: str | None = None,
        skill_allowed: bool = False,
        respites: bool = True,
        followers: bool = True,
        rolls: int | None = None,
    ) -> Any:
        """The chance ``project`` is done after each day from now (``forecast.Curve``).

        Each day counts the hero's respite roll (``respites``; the owner unless ``hero`` is
        named) and each assigned follower's daily roll (``followers``). A ``skill`` applies
        as on a real roll: a Crafting or Lore skill, another with the Director's leave
        (``skill_allowed`` or the campaign's project_skills). Breakthroughs are in the curve;
        project events, which the Director may or may not use, are not.
        """
        from drawsteel_kit.systems.draw_steel.book.work import (
            ANCIENT_LOREMASTER,
            Roller,
            project_skill,
            roller_characteristic,
        )
        from drawsteel_kit.systems.draw_steel.catalog.languages import (
            dead_languages_known,
            language_fit,
        )
        from drawsteel_kit.systems.draw_steel.forecast import Worker, completion_curve
        from drawsteel_kit.systems.draw_steel.state import read_followers

        target = self.areas.projects.active(project)
        groups = self.settings.get("related_languages", [])
        apart = self.settings.get("unrelated_languages", [])
        crew: list[Worker] = []

        def fit(languages: tuple[str, ...]) -> str:
            return (language_fit(languages, target.source_language, groups, apart)
                    if target.source_language else "known")

        if respites:
            who = self.campaign.hero(hero) if hero else self.areas.projects.owner(target)
            roller = Roller.of_hero(who)
            _, score = roller_characteristic(target, roller, characteristic)
            if skill is not None:
                project_skill(roller, skill, allowed=self.settings.get("project_skills", []),
                              leave=skill_allowed,
                              own_groups=(self.settings.get("custom") or {}).get("skill_groups"))
            lore_dice = (dead_languages_known(who.languages) if target.kind == "research"
                         and any(t.casefold() == ANCIENT_LOREMASTER.casefold()
                                 for t in who.titles) else 0)  # as roll_for rolls them
            crew.append(Worker(score, edges=edges, banes=banes, skill=skill is not None,
                               language=fit(roller.languages), extra_d6=lore_dice, name=who.name))
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

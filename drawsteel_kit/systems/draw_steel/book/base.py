"""What Draw Steel's operations share: the heroes, and the writer's hero events.

The write path itself (:func:`operation`, :class:`Happened`, the checks) is the kit's
(:mod:`drawsteel_kit.kit.book.base`). Operations are grouped by area in mixins
(``book.sessions``, ``book.respites``, ...); ``systems.draw_steel.campaign.Campaign``
composes them into the one facade.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drawsteel_kit.kit.book.base import (
    MAX_AWARD,
    MAX_DAYS_AT_ONCE,
    MAX_TEXT,
    CampaignCore,
    Happened,
    check_count,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.kit.book.base import Writer as CoreWriter
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import Event, insert_op, update_op
from drawsteel_kit.systems.draw_steel.state import (
    FollowerState,
    HeroState,
    ProjectState,
    read_followers,
    read_hero,
    read_heroes,
)

__all__ = ["MAX_AWARD", "MAX_DAYS_AT_ONCE", "MAX_TEXT", "CampaignBase", "Happened", "Writer",
           "check_count", "check_text", "check_visibility", "operation"]


def hero_row(hero: HeroState) -> dict[str, Any]:
    return hero.as_dict()


class CampaignBase(CampaignCore):
    """Draw Steel's side of a campaign: its heroes, and events that change them."""

    # -- reading -------------------------------------------------------------
    @property
    def heroes(self) -> dict[str, HeroState]:
        """Every hero, by name."""
        return read_heroes(self.ledger.db)

    def hero(self, name: str) -> HeroState:
        """One hero (case-insensitive); UnknownHero says which heroes there are."""
        return read_hero(self.ledger.db, name)

    def _followers_on(self, project: ProjectState) -> list[FollowerState]:
        """The followers working on ``project`` (they leave it when it is complete)."""
        return [f for f in read_followers(self.ledger.db) if f.project_id == project.id]

    def book_name(self, kind: str, name: str, what: str) -> str:
        """A skill, language or title as the book or this campaign (campaign.yaml's
        ``custom:``) spells it; NotInBook names ``what`` and the closest match otherwise."""
        from drawsteel_kit.systems.draw_steel.catalog.book_names import book_name

        return book_name(kind, name, self.settings.get("custom"),  # type: ignore[arg-type]
                         what=what)

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


class Writer(CoreWriter):
    """The core writer, with the events that change a hero."""

    def hero_event(
        self, kind: str, hero: HeroState, after: Mapping[str, Any], **kw: Any
    ) -> Event:
        ops = [update_op("heroes", hero.name, hero_row(hero), after)] if after else []
        level = after.get("level")
        if isinstance(level, int) and level > hero.level:
            # A retainer's level rises with its mentor's (REFERENCE.md "Retainers").
            ops += [update_op("followers", f.id, {"level": f.level}, {"level": level})
                    for f in read_followers(self.ledger.db, hero=hero.name)
                    if f.role == "retainer" and (f.level or 0) < level]
        return self.event(kind, ops, actor=hero.name, **kw)

    def add_hero(self, row: Mapping[str, Any], **kw: Any) -> Event:
        return self.event("hero_added", [insert_op("heroes", row["name"], row)],
                          actor=str(row["name"]), **kw)



CampaignBase.writer_class = Writer

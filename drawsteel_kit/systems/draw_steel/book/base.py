"""What Draw Steel's areas share: their base (:class:`DrawSteelArea`), and the writer's hero
events (:class:`Writer`).

The write path itself (:func:`operation`, :class:`Happened`, the checks) is the kit's
(:mod:`drawsteel_kit.kit.book.base`). Operations are grouped in areas (``book.sessions``,
``book.respites``, ...), each an object the campaign holds (``campaign.areas.respites``);
``systems.draw_steel.campaign.Campaign`` is the host they share and the one door users call.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, cast

from drawsteel_kit.kit.book.area import Area
from drawsteel_kit.kit.book.base import (
    MAX_AWARD,
    MAX_DAYS_AT_ONCE,
    MAX_TEXT,
    Happened,
    check_count,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.kit.book.base import Writer as CoreWriter
from drawsteel_kit.kit.ledger import Event, insert_op, update_op
from drawsteel_kit.systems.draw_steel.state import HeroState, read_followers

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Areas, Campaign

__all__ = ["MAX_AWARD", "MAX_DAYS_AT_ONCE", "MAX_TEXT", "DrawSteelArea", "Happened", "Writer",
           "check_count", "check_text", "check_visibility", "operation"]


def hero_row(hero: HeroState) -> dict[str, Any]:
    return hero.as_dict()


class DrawSteelArea(Area):
    """The base of Draw Steel's areas: the campaign (``self.campaign``), its other areas
    (``self.areas``), and the write path with Draw Steel's :class:`Writer`."""

    campaign: Campaign

    @property
    def areas(self) -> Areas:
        """The campaign's other areas (``self.areas.projects``, ``self.areas.heroes`` ...)."""
        return self.campaign.areas

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """The campaign's one write path (:meth:`BaseCampaign.writing
        <drawsteel_kit.kit.book.campaign.BaseCampaign.writing>`), its writer Draw Steel's."""
        with self.campaign.writing() as w:
            yield cast(Writer, w)


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



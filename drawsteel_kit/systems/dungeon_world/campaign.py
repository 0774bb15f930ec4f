"""A campaign that plays Dungeon World: the kit's host with the system's book as its area
(``campaign.book``, also named ``campaign.dungeon_world``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.book.campaign import BookCampaign

if TYPE_CHECKING:
    from drawsteel_kit.systems.dungeon_world.book import DungeonWorldBook

__all__ = ["DungeonWorldCampaign"]


class DungeonWorldCampaign(BookCampaign["DungeonWorldBook"]):
    """A campaign of Dungeon World: its moves, characters and town days."""

    @property
    def dungeon_world(self) -> DungeonWorldBook:
        """The same book as :attr:`book`, by the system's name."""
        return self.book

"""A campaign that plays Pathfinder 2e: the kit's host with the system's book as its area
(``campaign.book``, also named ``campaign.pf2e``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.book.campaign import BookCampaign

if TYPE_CHECKING:
    from drawsteel_kit.systems.pf2e.book import EncounterTracker

__all__ = ["Pf2eCampaign"]


class Pf2eCampaign(BookCampaign["EncounterTracker"]):
    """A campaign of Pathfinder 2e: the encounter tracker."""

    @property
    def pf2e(self) -> EncounterTracker:
        """The same book as :attr:`book`, by the system's name."""
        return self.book

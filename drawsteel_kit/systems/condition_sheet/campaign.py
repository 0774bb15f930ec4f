"""A campaign that plays the condition-sheet system: the kit's host with its book as its area
(``campaign.book``, also named ``campaign.condition_sheet``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.book.campaign import BookCampaign

if TYPE_CHECKING:
    from drawsteel_kit.systems.condition_sheet.book import ConditionSheetBook

__all__ = ["ConditionSheetCampaign"]


class ConditionSheetCampaign(BookCampaign["ConditionSheetBook"]):
    """A campaign of the condition-sheet system: its battles."""

    @property
    def condition_sheet(self) -> ConditionSheetBook:
        """The same book as :attr:`book`, by the system's name."""
        return self.book

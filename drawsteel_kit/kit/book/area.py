"""An area of a campaign: one part of the book (the calendar, notes, Draw Steel's respites, a
system's sheets ...) held by the campaign as an object.

An area holds its campaign (``self.campaign``, typed as the campaign class it belongs to) and
reaches through it everything it shares with the other areas: the ledger, the party, the one
write path (:meth:`~drawsteel_kit.kit.book.campaign.BaseCampaign.writing`), and the other
areas (``self.campaign.calendar``, Draw Steel's ``self.campaign.areas.projects`` ...). No area
inherits another: what one needs of another it calls on that one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.base import Writer
    from drawsteel_kit.kit.book.campaign import BaseCampaign
    from drawsteel_kit.kit.book.party import PartyState
    from drawsteel_kit.kit.ledger import Ledger

__all__ = ["Area"]

class Area:
    """The base of every area: its campaign, and the campaign's ledger, party and settings.

    ``ledger`` is what :func:`~drawsteel_kit.kit.book.base.operation` reads, so an area's
    methods are operations as the campaign's own are. A system's areas declare the class of
    their campaign (``campaign: Campaign``), so their calls to it and its areas are typed."""

    campaign: BaseCampaign

    def __init__(self, campaign: BaseCampaign) -> None:
        self.campaign = campaign

    @property
    def ledger(self) -> Ledger:
        """The campaign's ledger."""
        return self.campaign.ledger

    @property
    def party(self) -> PartyState:
        """The party row as it stands (read fresh each time)."""
        return self.campaign.party

    @property
    def settings(self) -> dict[str, Any]:
        """The campaign's table rules as the ledger has them."""
        return self.campaign.settings

    @contextmanager
    def writing(self) -> Iterator[Writer]:
        """The campaign's one write path (:meth:`BaseCampaign.writing
        <drawsteel_kit.kit.book.campaign.BaseCampaign.writing>`)."""
        with self.campaign.writing() as w:
            yield w

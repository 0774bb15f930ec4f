"""A toy campaign: the kit's host with the toy book as its area."""

from __future__ import annotations

from drawsteel_kit.kit.book.campaign import BaseCampaign


class ToyCampaign(BaseCampaign):
    """A campaign of the toy system."""

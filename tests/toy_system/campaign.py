"""A toy campaign: the kit's host with the toy book as its area."""

from __future__ import annotations

from drawsteel_kit.kit.book.campaign import BookCampaign


class ToyCampaign(BookCampaign["ToyBook"]):
    """A campaign of the toy system."""

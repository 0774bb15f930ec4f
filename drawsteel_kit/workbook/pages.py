"""The player pages of any campaign: the front end picks the pages of the system the campaign
plays from the registry (every system's ``pages`` part has ``party_page`` and
``member_page``), after narrowing the campaign to the viewer's books.

Voila (``notebooks/players/dashboard.ipynb``) displays these pages and static publishing
(:mod:`drawsteel_kit.workbook.publish`) writes them out, so both show exactly the same thing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drawsteel_kit.kit.book.party_view import PartyView, books
from drawsteel_kit.kit.ui.pages import Linker, Page, page_owner, query_link

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.campaign import BaseCampaign

__all__ = ["player_page"]


def player_page(source: BaseCampaign | PartyView, hero: str | None = None, *,
                linker: Linker = query_link) -> Page:
    """The party page, or ``hero``'s page when one is named, as the campaign's system draws
    them.

    A campaign is first narrowed to the viewer's :class:`PartyView`: the pages read nothing
    else, so nothing marked for the Director reaches a page."""
    if not isinstance(source, PartyView):
        with PartyView.of(source, hero or None) as view:  # closed once the page is built
            return player_page(view, hero, linker=linker)
    view = source
    if hero and view.hero is None:
        page_owner(view, hero)  # a party view has no hero's page in it
    pages = books(view).system.part("pages")
    page: Page = (pages.party_page(view, linker=linker) if view.hero is None
                  else pages.member_page(view, page_owner(view, hero), linker=linker))
    return page

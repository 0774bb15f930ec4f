"""The places of a served dashboard: which page may start one more kernel, and what a visitor
refused reads.

Every page view runs a kernel; ``serve`` allows ``max_kernels`` of them at once. Each hero's
page and the party's page have a share of their own that the others cannot take: each is
kept ``guarantee`` places (``per_page``, 3, when the cap is the default: 3 a hero and 3 for
the party), a hero's page never has more than ``per_page``, and the party's page has what
is left. A cap too small to keep that many for each keeps fewer (one each, or none: then the
first visitors take the places).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from traitlets import TraitError

from drawsteel_kit.workbook.links import hero_and_key

__all__ = ["BUSY", "BUSY_HERO", "BUSY_PARTY", "PARTY_PAGE", "busy_message", "guarantee",
           "hero_page", "last_activity", "page_name", "page_of_query", "refusal", "retry_in"]

#: The party's page among the pages; a hero's page is ``hero:NAME``.
PARTY_PAGE = "party"

#: What a refused visitor reads (the error page shows "<status>: <reason>", nothing else):
#: every place in use (a cap smaller than a place for each page), the party page's share in
#: use, this hero's page open as often as it may be. Never a hero's name (a reason phrase
#: must be plain ASCII-ish text, and the visitor knows whose link they followed).
BUSY = "Busy: every page is in use right now, try again in a minute"
BUSY_PARTY = ("Busy: the party page is open as many times as this server allows; "
              "try again in {when}")
BUSY_HERO = ("Busy: this hero's page is already open {open} times; close one of them, "
             "or try again in {when}")


def last_activity(kernel: Any) -> datetime | None:
    """When a kernel last did anything; None for no kernel, or one still starting (its
    ``last_activity`` is not set yet, and reading it raises a TraitError, which ``hasattr``
    does not catch)."""
    try:
        return kernel.last_activity if kernel is not None else None
    except (AttributeError, TraitError):
        return None


def hero_page(hero: str) -> str:
    """A hero's page's name among the pages."""
    return f"hero:{hero}"


def page_of_query(query: str) -> str:
    """The page a query string asks for: ``party``, or ``hero:NAME``."""
    hero, _ = hero_and_key(query or "")
    return PARTY_PAGE if hero is None else hero_page(hero)


def page_name(page: str) -> str:
    """A page as the server's log names it (the hero, never a key)."""
    if page.startswith("hero:"):
        return f"{page[5:]}'s page"
    return "the party page" if page == PARTY_PAGE else "a page"


def guarantee(max_kernels: int, per_page: int, heroes: int) -> int:
    """The places kept for each page (each hero's and the party's): ``per_page`` when the
    cap has room for that many each, else as many as it has room for (0: none kept)."""
    if max_kernels <= 0:
        return 0
    each = max_kernels // (heroes + 1)
    return min(per_page, each) if per_page > 0 else each


def refusal(page: str, live: Iterable[str], heroes: Iterable[str], *, max_kernels: int,
            per_page: int) -> str | None:
    """Why one more kernel of ``page`` may not start, given the pages of the kernels that
    hold places (``live``): None (it may), ``"page"`` (this page's own places are in use),
    ``"all"`` (every place is, a cap smaller than a share for each page)."""
    pages, heroes = list(live), list(heroes)
    count = pages.count(page)
    if page != PARTY_PAGE and per_page > 0 and count >= per_page:
        return "page"
    if max_kernels <= 0:
        return None
    kept_each = guarantee(max_kernels, per_page, len(heroes))
    others = [PARTY_PAGE, *(hero_page(h) for h in heroes)]
    kept = sum(max(0, kept_each - pages.count(q)) for q in others if q != page)
    if len(pages) + kept < max_kernels:
        return None
    return "page" if kept_each and count >= kept_each else "all"


def retry_in(seconds: float) -> str:
    """When to try again, in a visitor's words: "a minute", "4 minutes"."""
    minutes = max(1, math.ceil(seconds / 60))
    return "a minute" if minutes == 1 else f"{minutes} minutes"


def busy_message(page: str, why: str, *, open_now: int, free_in: float) -> str:
    """The refusal a visitor reads for ``refusal``'s answer ``why``; ``open_now`` is how
    many kernels the page holds, ``free_in`` the seconds until the first may end."""
    if why != "page":
        return BUSY
    if page == PARTY_PAGE:
        return BUSY_PARTY.format(when=retry_in(free_in))
    return BUSY_HERO.format(open=open_now, when=retry_in(free_in))

"""What every system's player pages are made of: a :class:`Page` of blocks (HTML and
figures), the links between pages, a section, and whose page it is.

Each system builds its own pages from these (``systems/<name>/pages.py``); the workbook shows
them (Voila) and publishes them (static HTML) the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from drawsteel_kit.kit.ui.html import Html, Markup, join, link

if TYPE_CHECKING:
    from drawsteel_kit.kit.ui.figures import Figure

__all__ = ["HISTORY_ROWS", "PREVIEW", "Block", "Linker", "Page", "nav", "page_owner",
           "query_link", "section", "tab_title"]

#: How many recent events a page lists.
HISTORY_ROWS = 15
#: What a link's preview in a chat app says of any player page, under its title: what kind
#: of page it is, and nothing the page holds (no name it might hide, no number, no key).
PREVIEW = "The party's books between sessions: numbers, charts and history, read-only."

Block = Any  # Html | kit.ui.figures.Figure
#: Where a page links to: the party page (None) or a hero's page.
Linker = Callable[[str | None], str]


def tab_title(campaign: str, hero: str | None = None) -> str:
    """A page's title in the browser's tab and in a link's preview: the campaign's name, or
    "Hero — Campaign" on a hero's page."""
    if hero is None:
        return campaign or "The party"
    return f"{hero} \N{EM DASH} {campaign}" if campaign else hero


def query_link(hero: str | None) -> str:
    """Links for a served dashboard: ``?hero=NAME``, or ``?`` for the party page."""
    return "?" if hero is None else f"?hero={quote(hero, safe='')}"


@dataclass(frozen=True)
class Page:
    """One player page: its title, who it is for, and its blocks in order."""

    title: str
    hero: str | None
    blocks: tuple[Block, ...]

    @property
    def figures(self) -> list[Figure]:
        """The page's charts."""
        return [b for b in self.blocks if not isinstance(b, Html)]

    @property
    def html(self) -> str:
        """The page's HTML blocks joined (figures left out): for tests and search."""
        return "\n".join(str(b.html) for b in self.blocks if isinstance(b, Html))


def nav(names: list[str], current: str | None, linker: Linker) -> Markup:
    """Links to the party page and each named page; the page shown in bold, unlinked."""
    bold = Markup("<b>{}</b>")
    items = [link("Party", linker(None)) if current else bold.format("Party")]
    items += [bold.format(name) if name == current else link(name, linker(name))
              for name in names]
    return Markup('<p class="dsk-nav">{}</p>').format(Markup("").join(items))


def section(heading: str, *parts: object) -> Html:
    """A page section: a heading and its parts (tables, lines), in the page's look."""
    return Html(Markup('<div class="dsk-page"><h2>{}</h2>{}</div>').format(
        heading, join("", parts)))


def page_owner(view: Any, hero: str | None) -> str:
    """The member a member's page is for: the view's own (a view shows one viewer only)."""
    if view.hero is None or (hero is not None and
                             hero.strip().casefold() != view.hero.casefold()):
        who = hero or "a hero"
        raise TypeError(f"{who}'s page is built from {who}'s PartyView "
                        f"(PartyView.of(campaign, {who!r})), not from the {view.viewer}'s")
    return view.hero

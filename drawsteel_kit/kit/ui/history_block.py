"""A page's one history block: the newest events as sentences, and how many earlier ones
there are. Every system's player pages use it; a served page swaps it for paged controls."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.paging import last_page, of_total, page_note
from drawsteel_kit.kit.book.sentences import sentence
from drawsteel_kit.kit.ui.html import Html, Markup, table
from drawsteel_kit.kit.ui.pages import HISTORY_ROWS

if TYPE_CHECKING:
    from drawsteel_kit.kit.ledger import Event

__all__ = ["HistoryBlock", "history_block", "history_table", "last_page", "of_total",
           "page_note"]

Redact = Callable[[str], str]


@dataclass(frozen=True)
class HistoryBlock(Html):
    """The history block of a page (a served page shows paged controls in its place)."""


def _keep(text: str) -> str:
    return text


def history_table(events: Sequence[Event], played: Any, redact: Redact | None = None) -> Markup:
    """Events as rows of number, day and sentence (``redact`` hides secret names)."""
    shown = redact or _keep
    return table(["#", "day", "what happened"],
                 [(e.id, e.day, shown(sentence(e, played))) for e in events],
                 css="dsk-history-table", empty="Nothing yet.")


#: A page's history block counts the events it leaves out up to this many ("more than"
#: beyond): a page reads as much of a long campaign's ledger as of a short one's.
PAGE_COUNTED = 1_000


def history_block(campaign: Any, viewer: str, hero: str | None = None, *,
                  redact: Redact | None = None, rows: int = HISTORY_ROWS,
                  counted: int = PAGE_COUNTED) -> HistoryBlock:
    """The newest ``rows`` events ``viewer`` may see (``hero``'s own, when named), and a
    line saying how many earlier ones the page leaves out (up to ``counted`` events)."""
    events = campaign.history(visible_to=viewer, hero=hero, limit=rows)
    total = campaign.history_count(visible_to=viewer, hero=hero, at_most=counted)
    earlier = total - len(events)
    more = (Markup('<p class="dsk-meta dsk-history-more">{} earlier event{} not shown</p>')
            .format(f"{earlier:,}" if total <= counted
                    else f"more than {counted - len(events):,}",
                    "" if earlier == 1 else "s") if earlier > 0 else Markup(""))
    return HistoryBlock(Markup('<div class="dsk-page dsk-history"><h2>History</h2>{}{}</div>')
                        .format(history_table(events, campaign.system, redact), more))

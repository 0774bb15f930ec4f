"""How a page of history says which events it lists ("Events 11-20 of 95"): shared by the
pages and `drawsteel-kit history`, which needs it without the pages' HTML."""

from __future__ import annotations

from drawsteel_kit.kit.ledger import COUNTED

__all__ = ["last_page", "of_total", "page_note"]


def of_total(total: int) -> str:
    """A count of events as a history counts them (beyond :data:`COUNTED`: "more than")."""
    return f"more than {COUNTED:,}" if total > COUNTED else f"{total:,}"


def page_note(first: int, shown: int, total: int) -> str:
    """Which events a page of history lists: "Events 11-20 of 95", or "" for all of them."""
    if shown == 0 or (first == 0 and shown >= total):
        return ""
    return f"Events {first + 1:,}-{first + shown:,} of {of_total(total)}"


def last_page(total: int, size: int) -> int | None:
    """The number of the last page (0 is the newest), or None when not every event was
    counted."""
    return None if total > COUNTED else max(0, (total - 1) // size)

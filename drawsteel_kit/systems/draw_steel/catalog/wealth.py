"""The Hero Wealth table: what each Wealth score buys (seed 000: 3985-3992).

Data: ``catalog/data/wealth.yaml``. The table is not a full list (000: 3967), so a campaign
may add its own items by tier; every function here takes them as ``extra`` ({tier: [names]}).
The rules for buying are :mod:`drawsteel_kit.systems.draw_steel.rules.wealth`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data
from drawsteel_kit.systems.draw_steel.rules.wealth import TIER_MAX, TIER_MIN

__all__ = [
    "BOOK_SOURCE",
    "CAMPAIGN_SOURCE",
    "WealthItem",
    "find_item",
    "item_key",
    "items_by_tier",
    "wealth_items",
]

#: Where the book's items come from, as a message names it (the book and its chapter).
BOOK_SOURCE = "the Heroes book's Hero Wealth table, in Rewards"
#: The source given to a campaign's own items.
CAMPAIGN_SOURCE = "the campaign's own item"
_ARTICLES = ("a ", "an ", "the ")
_TIER_KEYS = {"tier", "line", "items"}
_ITEM_KEYS = {"name", "also"}


@dataclass(frozen=True)
class WealthItem:
    """One thing a hero can buy, the tier it needs, and other names a player may type."""

    name: str
    tier: int
    aliases: tuple[str, ...]
    source: str


def item_key(name: str) -> str:
    """The lookup key of an item name: case, spacing, curly apostrophes and a leading "a",
    "an" or "the" ignored."""
    key = " ".join(str(name).replace("\u2019", "'").split()).casefold()
    for article in _ARTICLES:
        if key.startswith(article):
            return key[len(article) :]
    return key


def _problem(message: str) -> RulesError:
    return RulesError(f"wealth.yaml: {message}")


@cache
def _book() -> tuple[WealthItem, ...]:
    rows = load_data("wealth")
    if not isinstance(rows, list):
        raise _problem("must be a list of tiers")
    items: list[WealthItem] = []
    for row in rows:
        if not isinstance(row, dict) or set(row) != _TIER_KEYS:
            raise _problem(
                f"tier {row!r} must have exactly the keys {', '.join(sorted(_TIER_KEYS))}"
            )
        for entry in row["items"]:
            if not isinstance(entry, dict) or "name" not in entry or set(entry) - _ITEM_KEYS:
                raise _problem(f"item {entry!r} must have a name and may have also (aliases)")
            items.append(
                WealthItem(
                    name=entry["name"],
                    tier=row["tier"],
                    aliases=tuple(entry.get("also", ())),
                    source=BOOK_SOURCE,
                )
            )
    tiers = [row["tier"] for row in rows]
    if tiers != list(range(TIER_MIN, TIER_MAX + 1)):
        raise _problem(f"the tiers must be {TIER_MIN} to {TIER_MAX} in order, got {tiers}")
    _index(items)
    return tuple(items)


def _index(items: Iterable[WealthItem]) -> dict[str, WealthItem]:
    """Every spelling's key -> its item; RulesError when one spelling names two items."""
    found: dict[str, WealthItem] = {}
    for item in items:
        for spelling in (item.name, *item.aliases):
            other = found.get(item_key(spelling))
            if other is not None and other != item:
                raise RulesError(
                    f"{spelling!r} names both {other.name!r} (tier {other.tier}, "
                    f"{other.source}) and {item.name!r} (tier {item.tier}, {item.source})"
                )
            found[item_key(spelling)] = item
    return found


def _extra_items(extra: Mapping[int, Iterable[str]] | None) -> list[WealthItem]:
    if extra is None:
        return []
    if not isinstance(extra, Mapping):
        raise RulesError(f"extra wealth items are {{tier: [names]}}, got {extra!r}")
    items = []
    for tier, names in extra.items():
        if not isinstance(tier, int) or isinstance(tier, bool) or not TIER_MIN <= tier <= TIER_MAX:
            raise RulesError(
                f"an extra wealth item's tier is a whole number from {TIER_MIN} to {TIER_MAX}, "
                f"got {tier!r}"
            )
        for name in [names] if isinstance(names, str) else names:
            if not isinstance(name, str) or not name.strip():
                raise RulesError(f"an extra tier {tier} wealth item needs a name, got {name!r}")
            items.append(WealthItem(" ".join(name.split()), tier, (), CAMPAIGN_SOURCE))
    return items


def wealth_items(extra: Mapping[int, Iterable[str]] | None = None) -> tuple[WealthItem, ...]:
    """The book's items and the campaign's ``extra`` ones ({tier: [names]}), by tier, the
    book's first. An extra item the book already lists at the same tier is dropped; at another
    tier (or twice among the extras at different tiers) it is a RulesError."""
    book = _book()
    known = _index(book)
    added: list[WealthItem] = []
    for item in _extra_items(extra):
        other = known.get(item_key(item.name))
        if other is None:
            known[item_key(item.name)] = item
            added.append(item)
        elif other.tier != item.tier:
            raise RulesError(
                f"extra wealth item {item.name!r} at tier {item.tier}: {other.name!r} is "
                f"already tier {other.tier} ({other.source}); give it one tier"
            )
    return tuple(sorted((*book, *added), key=lambda item: item.tier))


def items_by_tier(
    extra: Mapping[int, Iterable[str]] | None = None,
) -> dict[int, tuple[WealthItem, ...]]:
    """Every tier from 1 to 6 and its items, the campaign's ``extra`` included."""
    items = wealth_items(extra)
    return {
        tier: tuple(i for i in items if i.tier == tier) for tier in range(TIER_MIN, TIER_MAX + 1)
    }


def find_item(name: str, extra: Mapping[int, Iterable[str]] | None = None) -> WealthItem:
    """The item called ``name`` (or one of its other names), ignoring case and a leading
    article; RulesError with close matches, and a reminder that the table is not a full list."""
    items = wealth_items(extra)
    index = _index(items)
    found = index.get(item_key(name)) if isinstance(name, str) else None
    if found is not None:
        return found
    import difflib  # lazy: only a name that is not there needs it

    words = f" {item_key(str(name))} "
    part = [i for i in items if words in f" {item_key(i.name)} "]  # "horse": horse and cart
    if part and words.strip():
        listed = ", ".join(f"{i.name} (tier {i.tier})" for i in part)
        raise RulesError(
            f"{name!r} is not an item of the Hero Wealth table by itself; it lists {listed}: "
            f"name that item in full, or give a tier from {TIER_MIN} to {TIER_MAX} for "
            f"{name!r} alone")
    close = difflib.get_close_matches(item_key(str(name)), list(index), n=3, cutoff=0.6)
    hint = f"; close matches: {', '.join(dict.fromkeys(index[k].name for k in close))}"
    raise RulesError(
        f"no {name!r} in the Hero Wealth table{hint if close else ''}. The table is not a full "
        f"list: for an item it lacks, give a tier from {TIER_MIN} to {TIER_MAX} "
        f"by comparing it with the table (a hero who can buy a horse can likely buy an ox)"
    )

"""The party's inventory: treasures and items, held by a hero or the party, added, used,
given and removed, each change an event."""

from __future__ import annotations

from typing import Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import PARTY, insert_op, update_op
from drawsteel_kit.kit.limits import did_you_mean, folded, names_meant, one_of
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    check_count,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.systems.draw_steel.records import ItemState, read_inventory

__all__ = ["ITEM_ORIGINS", "MAX_ITEM_COUNT", "Inventory", "counted", "treasure_named"]


#: How an item came to the party (000: 3961-3993: treasures are found, traded, given or
#: crafted, never bought; mundane things are bought).
ITEM_ORIGINS = ("found", "given", "traded", "bought", "crafted")


#: Our own limit: how many of one item a line of the inventory may hold.
MAX_ITEM_COUNT = 999


def counted(count: int, item: str) -> str:
    """An item as a line says it: its name, or "3 x" its name."""
    return item if count == 1 else f"{count} x {item}"


def treasure_named(name: str) -> Any:
    """The book's treasure of that name, or None for an item the book does not list."""
    from drawsteel_kit.systems.draw_steel.catalog import projects as project_catalog

    try:
        return project_catalog.treasure(name)
    except RulesError:
        return None


class Inventory(DrawSteelArea):
    """The inventory: read a line, add, use, give, remove."""

    # -- the inventory ---------------------------------------------------------------------
    def inventory(self, holder: str | None = None, *, visible_to: str | None = None,
                  include_used: bool = False) -> list[ItemState]:
        """What the party holds (one hero's when named)."""
        return read_inventory(self.ledger.db,
                              holder=self.campaign.hero(holder).name if holder else None,
                              visible_to=visible_to, include_used=include_used)

    def item(self, ref: int | str) -> ItemState:
        """One inventory line still held (count above 0) by id, or by name when only one line
        has it."""
        every = self.inventory(include_used=True)
        if isinstance(ref, int) and not isinstance(ref, bool):
            found = [i for i in every if i.id == ref]
            if found and not found[0].count:
                raise RulesError(f"{found[0].item} (#{ref}) is used up or gone")
        else:  # the name as typed, or a unique start of it ("Healing" for "Healing Potion")
            held = [i.item for i in every if i.count > 0]
            meant = names_meant(ref, held)
            if len(meant) > 1:
                raise RulesError(f"{ref!r} could be {one_of(meant)}: type more of the name, "
                                 "or give the line's id (`drawsteel-kit inventory list`)")
            key = folded(meant[0]) if meant else None
            found = [i for i in every if folded(i.item) == key and i.count > 0]
        if len(found) == 1:
            return found[0]
        listing = ", ".join(f"#{i.id} {i.item} x{i.count} ({i.holder or 'party'})"
                            for i in every if i.count > 0) or "nothing"
        if found:
            raise RulesError(f"{len(found)} inventory lines hold {ref!r}: give the id "
                             f"({listing})")
        raise RulesError(f"no item {ref!r} in the inventory; it holds: {listing}"
                         f"{did_you_mean(ref, [i.item for i in every if i.count > 0])}")

    @operation
    def add_item(self, item: str, *, holder: str | None = None, count: int = 1,
                 kind: str | None = None, origin: str = "found", notes: str = "",
                 visibility: str = PARTY) -> Happened:
        """Treasure or gear comes to the party: found, given, traded, bought or crafted.
        A treasure of the catalog takes its kind (consumable, trinket ...) from it."""
        item = check_text(item, "item", name=True)
        if not item:
            raise RulesError("name the item")
        count = check_count(count, "count", maximum=MAX_ITEM_COUNT)
        if origin not in ITEM_ORIGINS:
            raise RulesError(f"origin must be one of {', '.join(ITEM_ORIGINS)}, got {origin!r}")
        who = self.campaign.hero(holder).name if holder else None
        treasure = treasure_named(item)
        if treasure is not None:
            item = treasure.name
        kind = check_text(kind or (treasure.kind if treasure else "item"), "kind")
        notes = check_text(notes, "notes")
        summary = f"{who or 'The party'} gains {counted(count, item)} ({origin})"
        with self.writing() as w:
            w.event("item_added", [insert_op("inventory", self.campaign.next_id("inventory"), {
                "holder": who, "item": item, "kind": kind, "count": count, "origin": origin,
                "project_id": None, "visibility": check_visibility(visibility), "tier": None,
                "notes": notes, "acquired_day": w.day})],
                actor=who, visibility=visibility, summary=summary,
                payload={"item": item, "count": count, "origin": origin})
        return Happened("item_added", summary, tuple(w.written))

    @operation
    def use_item(self, ref: int | str, count: int = 1, *, reason: str = "") -> Happened:
        """Use up some of an item (a potion drunk, darts thrown): its count goes down."""
        line = self.item(ref)
        count = check_count(count, "count", maximum=MAX_ITEM_COUNT)
        if count > line.count:
            raise RulesError(f"only {line.count} x {line.item} left (#{line.id}); cannot use "
                             f"{count}")
        reason = check_text(reason, "reason")
        left = line.count - count
        summary = (f"{line.holder or 'The party'} uses {counted(count, line.item)}: "
                   f"{left} left" + (f" ({reason})" if reason else ""))
        with self.writing() as w:
            w.event("item_used", [update_op("inventory", line.id, {"count": line.count},
                                            {"count": left})],
                    actor=line.holder, visibility=line.visibility, summary=summary,
                    payload={"item": line.item, "count": count, "reason": reason})
        return Happened("item_used", summary, tuple(w.written))

    @operation
    def give_item(self, ref: int | str, to: str | None, *, reason: str = "") -> Happened:
        """Hand an item to a hero (or to the party's common store: ``to=None``)."""
        line = self.item(ref)
        who = self.campaign.hero(to).name if to else None
        if who == line.holder:
            raise RulesError(f"{line.item} (#{line.id}) is already "
                             f"{'with ' + who if who else 'in the party store'}")
        summary = (f"{line.item} (#{line.id}) passes from {line.holder or 'the party store'} "
                   f"to {who or 'the party store'}" + (f": {reason}" if reason else ""))
        with self.writing() as w:
            w.event("item_given", [update_op("inventory", line.id, {"holder": line.holder},
                                             {"holder": who})],
                    actor=who or line.holder, visibility=line.visibility, summary=summary,
                    payload={"item": line.item, "from": line.holder, "to": who,
                             "reason": check_text(reason, "reason")})
        return Happened("item_given", summary, tuple(w.written))

    @operation
    def remove_item(self, ref: int | str, *, reason: str) -> Happened:
        """An item leaves the books (sold, traded away, lost), saying why."""
        line = self.item(ref)
        reason = check_text(reason, "reason")
        if not reason:
            raise RulesError("say why the item leaves the books (sold, lost, traded ...)")
        summary = f"{line.item} (#{line.id}) leaves the books: {reason}"
        with self.writing() as w:
            w.event("item_removed", [update_op("inventory", line.id, {"count": line.count},
                                               {"count": 0})],
                    actor=line.holder, visibility=line.visibility, summary=summary,
                    payload={"item": line.item, "count": line.count, "reason": reason})
        return Happened("item_removed", summary, tuple(w.written))

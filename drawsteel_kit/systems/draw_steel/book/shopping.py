"""Shopping trips: what the Director allows the heroes to buy on one trip (000: 3965).

An item must be available where the hero is (no armor in a trackless forest), and the Director
may limit how many purchases a hero makes at a time. A trip is the session under way, or the
downtime since the last session ended. The campaign's ``purchases_per_trip`` is every trip's
limit; ``shopping`` records one trip's own: where the heroes shop, how many purchases each, the
highest tier on sale there, and items not to be had. ``buy`` refuses what they do not allow.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.sheets import (
    insert_sheet_op,
    read_sheet,
    update_sheet_op,
)
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import PARTY
from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    check_count,
    check_text,
    operation,
)

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

__all__ = ["SHOPPING", "Shopping", "Trip"]

#: The sheet kind that keeps a shopping trip's limits (one sheet per trip).
SHOPPING = "shopping"
SYSTEM = "draw-steel"
#: Our own bounds (not the book's): purchases a trip may allow, items it may rule out.
MAX_PURCHASES = 999
MAX_UNAVAILABLE = 100


@dataclass(frozen=True)
class Trip:
    """One shopping trip: a session, or the downtime after one, with its limits."""

    kind: str  # "session" or "downtime"
    session: int
    limits: wealth_rules.ShoppingLimits
    recorded: bool  # the Director recorded this trip's own limits

    @property
    def key(self) -> str:
        return f"{self.kind}-{self.session}"

    def __str__(self) -> str:
        if self.kind == "session":
            return f"session {self.session}"
        return "downtime" + (f" after session {self.session}" if self.session else "")

    @property
    def limited(self) -> bool:
        """Whether anything limits this trip's purchases."""
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        return self.limits != wealth_rules.ShoppingLimits()

    def describe(self) -> str:
        """The trip's limits in one line, as a player reads them."""
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        lim = self.limits
        sale = ("every tier" if lim.max_tier is None else "nothing" if
                lim.max_tier < wealth_rules.TIER_MIN else f"tiers up to {lim.max_tier}")
        return (f"This {self}" + (f" at {lim.at}" if lim.at else "") + ": "
                + ("no limit on purchases" if lim.purchases is None
                   else f"{plural(lim.purchases, 'purchase')} each")
                + f"; on sale: {sale}"
                + (f"; not to be had: {', '.join(lim.unavailable)}" if lim.unavailable else ""))

    def as_dict(self) -> dict[str, Any]:
        lim = self.limits
        return {"trip": str(self), "key": self.key, "at": lim.at, "purchases": lim.purchases,
                "max_tier": lim.max_tier, "unavailable": list(lim.unavailable),
                "recorded": self.recorded}


class Shopping(DrawSteelArea):
    """The shopping trip under way and its limits."""

    def _trip_key(self) -> tuple[str, int]:
        party = self.party
        return ("session" if party.session_open else "downtime"), party.session

    def shopping_trip(self) -> Trip:
        """The trip under way (the open session, or the downtime since the last one ended)
        and what the Director allows on it."""
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        kind, session = self._trip_key()
        sheet = read_sheet(self.ledger.db, f"{SHOPPING}:{kind}-{session}")
        default = self.settings.get("purchases_per_trip")
        if sheet is None:
            return Trip(kind, session, wealth_rules.ShoppingLimits(purchases=default), False)
        d = sheet.data
        return Trip(kind, session, wealth_rules.ShoppingLimits(
            at=d.get("at", ""), purchases=d.get("purchases"), max_tier=d.get("max_tier"),
            unavailable=tuple(d.get("unavailable", ()))), True)

    @operation
    def shopping(self, at: str = "", *, purchases: int | None = None,
                 max_tier: int | None = None, unavailable: Iterable[str] = (),
                 reason: str = "") -> Happened:
        """Record this trip's limits (000: 3965): where the heroes shop, how many purchases
        each may make (None: the campaign's purchases_per_trip), the highest tier on sale there
        (None: all; 0: nothing for sale) and items not to be had. Recording again replaces it."""
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        at = check_text(at, "where the heroes shop", name=True)
        reason = check_text(reason, "reason")
        if purchases is None:
            purchases = self.settings.get("purchases_per_trip")
        else:
            purchases = check_count(purchases, "purchases each hero may make", minimum=0,
                                    maximum=MAX_PURCHASES)
        if max_tier is not None:
            max_tier = check_count(max_tier, "the highest tier on sale",
                                   minimum=wealth_rules.NOTHING_FOR_SALE,
                                   maximum=wealth_rules.TIER_MAX)
        if isinstance(unavailable, str):
            unavailable = [unavailable]
        items = [check_text(i, "an item not available", name=True) for i in unavailable]
        if len(items) > MAX_UNAVAILABLE or not all(items):
            raise RulesError(f"list up to {MAX_UNAVAILABLE} items not available, each named")
        kind, session = self._trip_key()
        trip = Trip(kind, session, wealth_rules.ShoppingLimits(
            at, purchases, max_tier, tuple(dict.fromkeys(items))), True)
        data = trip.as_dict()
        summary = f"Shopping on this {trip}" + (f" at {at}" if at else "") + ": " + ", ".join(
            [f"{plural(purchases, 'purchase')} each" if purchases is not None else "no limit on "
             "purchases",
             "nothing for sale" if max_tier is not None and max_tier < wealth_rules.TIER_MIN
             else f"tiers up to {max_tier}" if max_tier is not None else "every tier"]
            + ([f"not to be had: {', '.join(trip.limits.unavailable)}"]
               if trip.limits.unavailable else [])) + (f" ({reason})" if reason else "")
        key = f"{SHOPPING}:{trip.key}"
        old = read_sheet(self.ledger.db, key)
        with self.writing() as w:
            op = (insert_sheet_op(key, SYSTEM, SHOPPING, str(trip), data, day=w.day,
                                  visibility=PARTY) if old is None
                  else update_sheet_op(old, data=data, day=w.day))
            w.event("shopping_trip", [op], summary=summary,
                    payload={"trip": trip.key, "reason": reason})
        return Happened("shopping_trip", summary, tuple(w.written), {"trip": data})

    def _purchases_made(self, hero: str, trip: Trip) -> int:
        """Items the hero bought on this trip (undone purchases do not count)."""
        undone = self.ledger.undone_ids()
        return sum(int(e.payload.get("count", 1))
                   for e in self.ledger.events(kind="purchase", actor=hero)
                   if e.id not in undone and e.payload.get("trip") == trip.key)

    def check_trip(self, hero: str, item: str, tier: int, count: int) -> Trip:
        """The trip under way, if it allows this purchase (000: 3965)."""
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        trip = self.shopping_trip()
        barred = name_key(item) in {name_key(i) for i in trip.limits.unavailable}
        wealth_rules.check_trip_purchase(
            trip.limits, hero=hero, item=item, tier=tier, count=count, trip=str(trip),
            made=self._purchases_made(hero, trip) if trip.limits.purchases is not None else 0,
            unavailable=barred)
        return trip

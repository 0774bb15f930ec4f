"""Rewards: renown and wealth with their reasons, purchases, titles and the inventory.

Renown and wealth change only through events that say why (an adventure's reward, a
title, a career, a level, a project, a purchase), so their history can be charted from
the ledger's timeline. NPCs, negotiation and notes live in
:mod:`drawsteel_kit.systems.draw_steel.book.npcs`.
"""

from __future__ import annotations

from dataclasses import dataclass

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import PARTY, Op, insert_op, update_op
from drawsteel_kit.kit.ledger.timeline import TRACKED
from drawsteel_kit.systems.draw_steel.book.base import (
    DrawSteelArea,
    Happened,
    Writer,
    check_count,
    check_text,
    check_visibility,
    operation,
)
from drawsteel_kit.systems.draw_steel.book.inventory import (
    MAX_ITEM_COUNT,
    counted,
    treasure_named,
)
from drawsteel_kit.systems.draw_steel.records import TimelinePoint, read_timeline
from drawsteel_kit.systems.draw_steel.rules import renown as renown_rules
from drawsteel_kit.systems.draw_steel.state import HeroState

__all__ = ["REWARD_SOURCES", "Rewards", "TierView"]

#: Why renown or wealth changed: the categories a chart can colour by.
REWARD_SOURCES = ("adventure", "title", "career", "level", "project", "purchase", "treasure",
                  "perk", "other")
MAX_SCORE_CHANGE = 100


@dataclass(frozen=True)
class TierView:
    """One tier of the Hero Wealth table as one hero sees it."""

    tier: int
    items: tuple[str, ...]
    affordable: bool
    stretch: bool  # reachable only by the optional stretch rule (then wealth - 1)


class Rewards(DrawSteelArea):
    """Renown, wealth and purchases, and what a level brings."""

    # -- renown and wealth -------------------------------------------------------------
    def _score_event(self, w: Writer, hero: HeroState, field: str, amount: int, *,
                     reason: str, source: str, visibility: str = PARTY,
                     extra_ops: list[Op] | None = None) -> None:
        """One event that changes a hero's renown or wealth by ``amount``, with its reason."""
        now = getattr(hero, field)
        after = now + amount
        if after < 0:
            raise RulesError(f"{hero.name} has {field} {now}: it cannot go below 0 "
                             f"(asked for {amount:+d})")
        verb = "gains" if amount >= 0 else "loses"
        w.event(f"{field}_{'gained' if amount >= 0 else 'lost'}",
                [update_op("heroes", hero.name, {field: now}, {field: after}),
                 *(extra_ops or [])],
                actor=hero.name, visibility=visibility,
                summary=f"{hero.name} {verb} {abs(amount)} {field} ({reason}): now {after}",
                payload={"reason": reason, "source": source, "amount": amount})

    def level_rewards(self, w: Writer, hero: str, old: int, new: int) -> None:
        """What most campaigns give for a level (000: 3920, 3977): renown +1 a level, wealth
        +1 every 2 levels; each its own event with the level as the reason."""
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        gains = {"renown": renown_rules.level_renown(old, new),
                 "wealth": wealth_rules.level_wealth(old, new)}
        for field, amount in gains.items():
            if amount:
                self._score_event(w, self.campaign.hero(hero), field, amount,
                                  reason=f"reached level {new}", source="level")

    def _award(self, field: str, hero: str, amount: int, reason: str, source: str,
               visibility: str) -> Happened:
        who = self.campaign.hero(hero)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
            raise RulesError(f"{field} change must be a whole number other than 0, "
                             f"got {amount!r}")
        if abs(amount) > MAX_SCORE_CHANGE:  # the value as typed: a loss keeps its sign
            raise RulesError(f"{field} change must be from -{MAX_SCORE_CHANGE} to "
                             f"{MAX_SCORE_CHANGE}, got {amount!r}")
        reason = check_text(reason, "reason")
        if not reason:
            raise RulesError(f"say why {who.name}'s {field} changes (a reason: the adventure, "
                             "the title, the treasure ...)")
        if source not in REWARD_SOURCES:
            raise RulesError(f"source must be one of {', '.join(REWARD_SOURCES)}, got {source!r}")
        with self.writing() as w:
            self._score_event(w, who, field, amount, reason=reason, source=source,
                              visibility=check_visibility(visibility))
        ev = w.written[-1]
        return Happened(ev.kind, ev.summary, tuple(w.written))

    @operation
    def award_renown(self, hero: str, amount: int, *, reason: str, source: str = "adventure",
                     visibility: str = PARTY) -> Happened:
        """Change a hero's renown (negative to lose it), saying why."""
        return self._award("renown", hero, amount, reason, source, visibility)

    @operation
    def award_wealth(self, hero: str, amount: int, *, reason: str, source: str = "treasure",
                     visibility: str = PARTY) -> Happened:
        """Change a hero's wealth (negative to lose it), saying why."""
        return self._award("wealth", hero, amount, reason, source, visibility)

    def score_history(self, hero: str, field: str, *, visible_to: str | None = None
                      ) -> list[TimelinePoint]:
        """Every change of one of a hero's numbers (renown, wealth, xp, level ...), in order,
        undone ones and their undos among them (the Director's history of it; a chart draws
        only the changes that stand)."""
        who = self.campaign.hero(hero)
        kept = TRACKED["heroes"]
        if field not in kept:
            raise RulesError(f"no history is kept of a hero's {field!r}; it is kept of: "
                             f"{', '.join(kept)}")
        return read_timeline(self.ledger.db, hero=who.name, fields=[field],
                             visible_to=visible_to, standing=False)

    # -- what wealth buys ----------------------------------------------------------------
    def _wealth_extra(self) -> dict[int, list[str]]:
        raw = self.settings.get("wealth_items") or {}
        return {int(k): list(v) for k, v in raw.items()}

    def wealth_table(self, hero: str | None = None) -> list[TierView]:
        """The Hero Wealth table with the campaign's own items; with a hero, what they can
        afford (and what the stretch rule would reach, when the campaign allows it)."""
        from drawsteel_kit.systems.draw_steel.catalog import wealth as wealth_catalog
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        wealth = self.campaign.hero(hero).wealth if hero else None
        stretch_on = bool(self.settings.get("stretch_purchases", False))
        out = []
        for tier, items in wealth_catalog.items_by_tier(self._wealth_extra()).items():
            ok = wealth is not None and wealth_rules.can_afford(wealth, tier)
            stretch = (wealth is not None and stretch_on and not ok
                       and tier == wealth + wealth_rules.STRETCH_TIERS)
            out.append(TierView(tier, tuple(i.name for i in items), ok, stretch))
        return out

    def _item_tier(self, item: str, tier: int | None) -> tuple[str, int]:
        from drawsteel_kit.systems.draw_steel.catalog import wealth as wealth_catalog
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        try:
            found = wealth_catalog.find_item(item, self._wealth_extra())
        except RulesError:
            if tier is None:
                raise
            check_count(tier, "tier", minimum=wealth_rules.TIER_MIN,
                        maximum=wealth_rules.TIER_MAX)
            return item, tier
        if tier is not None and tier != found.tier:
            raise RulesError(f"{found.name} is a tier {found.tier} purchase in the wealth table, "
                             f"not tier {tier}; leave the tier out, or add your own item to "
                             "wealth_items in campaign.yaml")
        return found.name, found.tier

    @operation
    def buy(self, hero: str, item: str, *, tier: int | None = None, count: int = 1,
            reason: str = "", visibility: str = PARTY) -> Happened:
        """Buy something the hero's wealth reaches (RULES.md "Wealth"): recorded in the
        inventory with its tier. One tier above works only with the campaign's
        stretch_purchases rule, and costs 1 wealth. The item must be available, and the hero
        within the purchases allowed, on the shopping trip under way (``shopping``)."""
        with self.writing() as w:
            return self.purchase(w, hero, item, tier=tier, count=count, reason=reason,
                             visibility=visibility)

    def purchase(self, w: Writer, hero: str, item: str, *, tier: int | None = None, count: int = 1,
             reason: str = "", visibility: str = PARTY) -> Happened:
        """:meth:`buy` written by ``w`` (a respite's purchases are part of it)."""
        from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules

        who = self.campaign.hero(hero)
        item = check_text(item, "item", name=True)
        if not item:
            raise RulesError("name the item bought")
        count = check_count(count, "count", maximum=MAX_ITEM_COUNT)
        reason = check_text(reason, "reason")
        treasure = treasure_named(item)
        if treasure is not None:
            raise RulesError(f"{treasure.name} is a treasure: treasures are not bought but "
                             "found, traded, given or crafted (use `inventory add --origin ...`)")
        name, tier = self._item_tier(item, tier)
        trip = self.areas.shopping.check_trip(who.name, name, tier, count)
        bought = wealth_rules.purchase(
            who.wealth, tier, item=name,
            stretch_allowed=bool(self.settings.get("stretch_purchases", False)))
        from drawsteel_kit.systems.draw_steel.catalog.wealth import item_key

        as_listed = (f"; {item!r} is the Hero Wealth table's {name!r}"
                     if item_key(item) != item_key(name) else "")
        summary = f"{who.name} buys {counted(count, name)} (tier {tier}{as_listed})"
        if bought.stretched:
            summary += f", one tier above their wealth: wealth {who.wealth} → {bought.wealth_after}"
        if reason:
            summary += f": {reason}"
        ops: list[Op] = [insert_op("inventory", self.campaign.next_id("inventory"), {
            "holder": who.name, "item": name, "kind": "purchase", "count": count,
            "origin": "bought", "project_id": None, "visibility": check_visibility(visibility),
            "tier": tier, "notes": reason, "acquired_day": w.day})]
        if bought.wealth_after != who.wealth:
            ops.insert(0, update_op("heroes", who.name, {"wealth": who.wealth},
                                    {"wealth": bought.wealth_after}))
        ev = w.event("purchase", ops, actor=who.name, visibility=visibility, summary=summary,
                     payload={"item": name, "tier": tier, "count": count,
                              "stretched": bought.stretched, "source": "purchase",
                              "reason": reason or f"bought {name}",
                              "wealth_before": who.wealth, "wealth_after": bought.wealth_after,
                              "trip": trip.key})
        return Happened("purchase", summary, (ev,),
                        {"tier": tier, "stretched": bought.stretched})



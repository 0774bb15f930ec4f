"""Rewards: renown and wealth with their reasons, purchases, titles and the inventory.

Renown and wealth change only through events that say why (an adventure's reward, a
title, a career, a level, a project, a purchase), so their history can be charted from
the ledger's timeline. NPCs, negotiation and notes live in
:mod:`drawsteel_kit.systems.draw_steel.book.npcs`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY, Op, insert_op, update_op
from drawsteel_kit.kit.ledger.timeline import TRACKED
from drawsteel_kit.kit.limits import name_key, same_name
from drawsteel_kit.systems.draw_steel.book.base import (
    CampaignBase,
    Happened,
    Writer,
    check_count,
    check_text,
    operation,
)
from drawsteel_kit.systems.draw_steel.catalog import projects as project_catalog
from drawsteel_kit.systems.draw_steel.catalog import titles as title_catalog
from drawsteel_kit.systems.draw_steel.catalog import wealth as wealth_catalog
from drawsteel_kit.systems.draw_steel.rules import renown as renown_rules
from drawsteel_kit.systems.draw_steel.rules import wealth as wealth_rules
from drawsteel_kit.systems.draw_steel.state import (
    HeroState,
    ItemState,
    TimelinePoint,
    TitleState,
    read_inventory,
    read_timeline,
    read_titles,
)

__all__ = ["ITEM_ORIGINS", "REWARD_SOURCES", "RewardOps", "TierView", "title_row"]

#: Why renown or wealth changed: the categories a chart can colour by.
REWARD_SOURCES = ("adventure", "title", "career", "level", "project", "purchase", "treasure",
                  "perk", "other")
#: How an item came to the party (000: 3961-3993: treasures are found, traded, given or
#: crafted, never bought; mundane things are bought).
ITEM_ORIGINS = ("found", "given", "traded", "bought", "crafted")
#: Our own limits (not the book's): the most a title of the table's own may add to one
#: number, and the most one renown or wealth award may change.
MAX_TITLE_BONUS = 10
MAX_SCORE_CHANGE = 100
#: Our own limit: how many of one item a line of the inventory may hold.
MAX_ITEM_COUNT = 999


def check_visibility(visibility: str) -> str:
    """Party (everyone) or the Director's eyes only."""
    if visibility not in (PARTY, DIRECTOR):
        raise RulesError(f"visibility must be {PARTY!r} or {DIRECTOR!r}, got {visibility!r}")
    return visibility


@dataclass(frozen=True)
class TierView:
    """One tier of the Hero Wealth table as one hero sees it."""

    tier: int
    items: tuple[str, ...]
    affordable: bool
    stretch: bool  # reachable only by the optional stretch rule (then wealth - 1)


def title_row(hero: str, title: str, benefit: title_catalog.Benefit | None, *, effect: str,
              day: int, visibility: str = PARTY, numbers: dict[str, int] | None = None
              ) -> dict[str, Any]:
    """The ``titles`` row for a title granted now."""
    given = numbers or {k: getattr(benefit, k, 0) if benefit else 0
                        for k in ("renown", "wealth", "followers", "retainers")}
    return {"hero": hero, "title": title, "benefit": benefit.key if benefit else "",
            **given, "effect": effect, "day": day, "active": 1, "visibility": visibility}


class RewardOps(CampaignBase):
    """Renown, wealth, purchases, titles and the party's inventory."""

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

    def _level_rewards(self, w: Writer, hero: str, old: int, new: int) -> None:
        """What most campaigns give for a level (000: 3920, 3977): renown +1 a level, wealth
        +1 every 2 levels; each its own event with the level as the reason."""
        gains = {"renown": renown_rules.level_renown(old, new),
                 "wealth": wealth_rules.level_wealth(old, new)}
        for field, amount in gains.items():
            if amount:
                self._score_event(w, self.hero(hero), field, amount,
                                  reason=f"reached level {new}", source="level")

    def _award(self, field: str, hero: str, amount: int, reason: str, source: str,
               visibility: str) -> Happened:
        who = self.hero(hero)
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
        with self._writing() as w:
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
        """Every change of one of a hero's numbers (renown, wealth, xp, level ...), in order:
        the history a chart draws, reconstructed from events."""
        who = self.hero(hero)
        kept = TRACKED["heroes"]
        if field not in kept:
            raise RulesError(f"no history is kept of a hero's {field!r}; it is kept of: "
                             f"{', '.join(kept)}")
        return read_timeline(self.ledger.db, hero=who.name, fields=[field],
                             visible_to=visible_to)

    # -- what wealth buys ----------------------------------------------------------------
    def _wealth_extra(self) -> dict[int, list[str]]:
        raw = self.settings.get("wealth_items") or {}
        return {int(k): list(v) for k, v in raw.items()}

    def wealth_table(self, hero: str | None = None) -> list[TierView]:
        """The Hero Wealth table with the campaign's own items; with a hero, what they can
        afford (and what the stretch rule would reach, when the campaign allows it)."""
        wealth = self.hero(hero).wealth if hero else None
        stretch_on = bool(self.settings.get("stretch_purchases", False))
        out = []
        for tier, items in wealth_catalog.items_by_tier(self._wealth_extra()).items():
            ok = wealth is not None and wealth_rules.can_afford(wealth, tier)
            stretch = (wealth is not None and stretch_on and not ok
                       and tier == wealth + wealth_rules.STRETCH_TIERS)
            out.append(TierView(tier, tuple(i.name for i in items), ok, stretch))
        return out

    def _item_tier(self, item: str, tier: int | None) -> tuple[str, int]:
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
        stretch_purchases rule, and costs 1 wealth."""
        who = self.hero(hero)
        item = check_text(item, "item", name=True)
        if not item:
            raise RulesError("name the item bought")
        count = check_count(count, "count", maximum=MAX_ITEM_COUNT)
        reason = check_text(reason, "reason")
        treasure = _treasure(item)
        if treasure is not None:
            raise RulesError(f"{treasure.name} is a treasure: treasures are not bought but "
                             "found, traded, given or crafted (use `inventory add --origin ...`)")
        name, tier = self._item_tier(item, tier)
        bought = wealth_rules.purchase(
            who.wealth, tier, item=name,
            stretch_allowed=bool(self.settings.get("stretch_purchases", False)))
        summary = f"{who.name} buys {_counted(count, name)} (tier {tier})"
        if bought.stretched:
            summary += f", one tier above their wealth: wealth {who.wealth} → {bought.wealth_after}"
        if reason:
            summary += f": {reason}"
        ops: list[Op] = [insert_op("inventory", self._next_id("inventory"), {
            "holder": who.name, "item": name, "kind": "purchase", "count": count,
            "origin": "bought", "project_id": None, "visibility": check_visibility(visibility),
            "tier": tier, "notes": reason, "acquired_day": self.party.day})]
        if bought.wealth_after != who.wealth:
            ops.insert(0, update_op("heroes", who.name, {"wealth": who.wealth},
                                    {"wealth": bought.wealth_after}))
        with self._writing() as w:
            w.event("purchase", ops, actor=who.name, visibility=visibility, summary=summary,
                    payload={"item": name, "tier": tier, "count": count,
                             "stretched": bought.stretched, "source": "purchase",
                             "reason": reason or f"bought {name}",
                             "wealth_before": who.wealth, "wealth_after": bought.wealth_after})
        return Happened("purchase", summary, tuple(w.written),
                        {"tier": tier, "stretched": bought.stretched})

    # -- titles ---------------------------------------------------------------------------
    def titles(self, hero: str | None = None, *, visible_to: str | None = None
               ) -> list[TitleState]:
        """Titles held (one hero's when named)."""
        return read_titles(self.ledger.db, hero=self.hero(hero).name if hero else None,
                           visible_to=visible_to)

    def title_ops(self, w: Writer, hero: HeroState, title: str, benefit: str | None, *,
                  reason: str, visibility: str = PARTY, apply_numbers: bool = True,
                  custom: dict[str, int] | None = None, effect: str = "") -> None:
        """Write one title granted: its row, its renown and wealth (with the title as the
        reason), and the hero's list of titles."""
        if any(same_name(t.title, title) for t in self.titles(hero.name)):
            raise RulesError(f"{hero.name} already holds the title {title!r}")
        if title_catalog.is_book_title(title):
            if custom:
                raise RulesError(f"{title!r} is a book title: its numbers come from the book "
                                 "(choose a benefit instead of giving numbers)")
            book = title_catalog.title(title)
            title, chosen = book.name, title_catalog.choose_benefit(book, benefit)
            row = title_row(hero.name, title, chosen, effect=book.effect, day=w.day,
                            visibility=visibility)
        else:
            if benefit:
                raise RulesError(f"{title!r} is not a book title, so it has no benefits to "
                                 "choose: give its numbers (renown, wealth, followers) instead")
            numbers = {k: check_count((custom or {}).get(k, 0), f"the title's {k}",
                                      minimum=0, maximum=MAX_TITLE_BONUS)
                       for k in ("renown", "wealth", "followers", "retainers")}
            row = title_row(hero.name, title, None, effect=effect, day=w.day,
                            visibility=visibility, numbers=numbers)
        ops: list[Op] = [insert_op("titles", self._next_id("titles"), row)]
        names = [*hero.titles, title] if title not in hero.titles else list(hero.titles)
        after: dict[str, Any] = {"titles": names}
        gains = []
        if apply_numbers:
            for field in ("renown", "wealth"):
                if row[field]:
                    after[field] = getattr(hero, field) + row[field]
                    gains.append(f"{field} +{row[field]}")
        if row["followers"]:
            gains.append(f"followers +{row['followers']}")
        if row["retainers"]:
            gains.append(f"retainers +{row['retainers']}")
        ops.append(update_op("heroes", hero.name, {"titles": list(hero.titles),
                                                   "renown": hero.renown,
                                                   "wealth": hero.wealth}, after))
        summary = f"{hero.name} earns the title {title}" + (f" ({', '.join(gains)})"
                                                           if gains else "")
        w.event("title_granted", ops, actor=hero.name, visibility=visibility, summary=summary,
                payload={"title": title, "benefit": row["benefit"], "source": "title",
                         "reason": reason or f"title: {title}"})

    @operation
    def grant_title(self, hero: str, title: str, *, benefit: str | None = None,
                    reason: str = "", visibility: str = PARTY, renown: int = 0,
                    wealth: int = 0, followers: int = 0, retainers: int = 0,
                    effect: str = "") -> Happened:
        """A hero earns a title. A book title applies its benefit (the hero chooses one when
        there are several); a title of the table's own takes its numbers as given."""
        who = self.hero(hero)
        title = check_text(title, "title", name=True)
        if not title:
            raise RulesError("name the title")
        title = self.book_name("titles", title, "title")
        custom = {k: v for k, v in (("renown", renown), ("wealth", wealth),
                                    ("followers", followers), ("retainers", retainers)) if v}
        with self._writing() as w:
            self.title_ops(w, who, title, benefit, reason=check_text(reason, "reason"),
                           visibility=check_visibility(visibility), custom=custom,
                           effect=check_text(effect, "effect"))
        ev = w.written[-1]
        return Happened("title_granted", ev.summary, tuple(w.written))

    @operation
    def revoke_title(self, hero: str, title: str, *, reason: str) -> Happened:
        """A hero loses a title: its follower and retainer bonuses end. Renown and wealth it
        gave stay (change them with award_renown / award_wealth if the story says so)."""
        who = self.hero(hero)
        reason = check_text(reason, "reason")
        if not reason:
            raise RulesError("say why the title is lost (a reason)")
        title = check_text(title, "title")
        held = [t for t in self.titles(who.name) if same_name(t.title, title)]
        if not held:
            names = ", ".join(t.title for t in self.titles(who.name)) or "none"
            raise RulesError(f"{who.name} holds no title {title!r}; their titles: {names}")
        row = held[0]
        names = [t for t in who.titles if not same_name(t, row.title)]
        summary = f"{who.name} loses the title {row.title} ({reason})"
        with self._writing() as w:
            w.event("title_revoked",
                    [update_op("titles", row.id, {"active": 1}, {"active": 0}),
                     update_op("heroes", who.name, {"titles": list(who.titles)},
                               {"titles": names})],
                    actor=who.name, visibility=row.visibility, summary=summary,
                    payload={"title": row.title, "reason": reason})
        return Happened("title_revoked", summary, tuple(w.written))

    def title_bonus(self, hero: str, field: str) -> int:
        """What a hero's titles add to their follower cap (``followers``) or retainer limit
        (``retainers``)."""
        return sum(getattr(t, field) for t in self.titles(hero))

    # -- the inventory ---------------------------------------------------------------------
    def inventory(self, holder: str | None = None, *, visible_to: str | None = None,
                  include_used: bool = False) -> list[ItemState]:
        """What the party holds (one hero's when named)."""
        return read_inventory(self.ledger.db, holder=self.hero(holder).name if holder else None,
                              visible_to=visible_to, include_used=include_used)

    def item(self, ref: int | str) -> ItemState:
        """One inventory line still held (count above 0) by id, or by name when only one line
        has it."""
        every = self.inventory(include_used=True)
        if isinstance(ref, int) and not isinstance(ref, bool):
            found = [i for i in every if i.id == ref]
            if found and not found[0].count:
                raise RulesError(f"{found[0].item} (#{ref}) is used up or gone")
        else:
            key = name_key(str(ref).strip())
            found = [i for i in every if name_key(i.item) == key and i.count > 0]
        if len(found) == 1:
            return found[0]
        listing = ", ".join(f"#{i.id} {i.item} x{i.count} ({i.holder or 'party'})"
                            for i in every if i.count > 0) or "nothing"
        if found:
            raise RulesError(f"{len(found)} inventory lines hold {ref!r}: give the id "
                             f"({listing})")
        raise RulesError(f"no item {ref!r} in the inventory; it holds: {listing}")

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
        who = self.hero(holder).name if holder else None
        treasure = _treasure(item)
        if treasure is not None:
            item = treasure.name
        kind = check_text(kind or (treasure.kind if treasure else "item"), "kind")
        notes = check_text(notes, "notes")
        summary = f"{who or 'The party'} gains {_counted(count, item)} ({origin})"
        with self._writing() as w:
            w.event("item_added", [insert_op("inventory", self._next_id("inventory"), {
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
        summary = (f"{line.holder or 'The party'} uses {_counted(count, line.item)}: "
                   f"{left} left" + (f" ({reason})" if reason else ""))
        with self._writing() as w:
            w.event("item_used", [update_op("inventory", line.id, {"count": line.count},
                                            {"count": left})],
                    actor=line.holder, visibility=line.visibility, summary=summary,
                    payload={"item": line.item, "count": count, "reason": reason})
        return Happened("item_used", summary, tuple(w.written))

    @operation
    def give_item(self, ref: int | str, to: str | None, *, reason: str = "") -> Happened:
        """Hand an item to a hero (or to the party's common store: ``to=None``)."""
        line = self.item(ref)
        who = self.hero(to).name if to else None
        if who == line.holder:
            raise RulesError(f"{line.item} (#{line.id}) is already "
                             f"{'with ' + who if who else 'in the party store'}")
        summary = (f"{line.item} (#{line.id}) passes from {line.holder or 'the party store'} "
                   f"to {who or 'the party store'}" + (f": {reason}" if reason else ""))
        with self._writing() as w:
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
        with self._writing() as w:
            w.event("item_removed", [update_op("inventory", line.id, {"count": line.count},
                                               {"count": 0})],
                    actor=line.holder, visibility=line.visibility, summary=summary,
                    payload={"item": line.item, "count": line.count, "reason": reason})
        return Happened("item_removed", summary, tuple(w.written))


def _counted(count: int, item: str) -> str:
    return item if count == 1 else f"{count} x {item}"


def _treasure(name: str) -> Any:
    try:
        return project_catalog.treasure(name)
    except RulesError:
        return None

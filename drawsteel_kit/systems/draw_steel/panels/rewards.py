"""Renown, wealth and purchases; inventory and titles."""

from __future__ import annotations

import ipywidgets as W

from drawsteel_kit.kit.ui.html import Markup, escape
from drawsteel_kit.kit.ui.panels import ModeFields, Panel, html_table, split_list
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.catalog import titles as title_catalog

__all__ = ["InventoryPanel", "WealthPanel"]


def _keep(dropdown: W.Dropdown, options: list[tuple[str, object]]) -> None:
    keep = dropdown.value
    dropdown.options = options
    if keep in [v for _, v in options]:
        dropdown.value = keep


class WealthPanel(Panel["Campaign"]):
    """What each wealth tier buys and what this hero can afford; buy; award renown/wealth."""

    title = "Renown & wealth"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.hero = W.Dropdown(description="Hero")
        self.hero.observe(lambda _c: self.refresh(), names="value")
        self.scores = W.HTML()
        self.table = W.HTML()
        self.item = W.Text(description="Item")
        self.tier = W.BoundedIntText(value=0, min=0, max=10, description="Tier",
                                     tooltip="0: from the wealth table")
        self.count = W.BoundedIntText(value=1, min=1, max=999, description="Count")
        self.buy_button = self.button("Buy", self.buy, "success")
        self.amount = W.IntText(value=1, description="Change")
        self.reason = W.Text(description="Reason", placeholder="required")
        self.renown_button = self.button("Award renown", self.award_renown)
        self.wealth_button = self.button("Award wealth", self.award_wealth)
        # The shopping trip under way: what is on sale and how many purchases each (RULES.md
        # "Wealth": the Director may limit purchases and what is available where the hero is).
        self.trip = W.HTML()
        self.shop_at = W.Text(description="Shop at")
        self.shop_purchases = W.Dropdown(options=[("no limit", None)]
                                         + [(str(n), n) for n in range(0, 11)],
                                         description="Purchases")
        self.shop_tier = W.Dropdown(options=[("every tier", None), ("nothing for sale", 0)]
                                    + [(f"up to tier {t}", t) for t in range(1, 7)],
                                    description="On sale")
        self.shop_unavailable = W.Text(description="Not had", placeholder="items, comma, "
                                       "separated")
        self.shop_button = self.button("Record shopping trip", self.shopping)
        self.actions = ModeFields.choice("Do", {
            "Buy": [W.HBox([self.item, self.tier, self.count, self.buy_button])],
            "Award": [W.HBox([self.amount, self.reason]),
                      W.HBox([self.renown_button, self.wealth_button])],
            "Shopping trip": [W.HBox([self.shop_at, self.shop_purchases, self.shop_tier]),
                              W.HBox([self.shop_unavailable, self.shop_button])]})
        self._box = W.VBox([self.hero, self.scores, self.table, self.trip,
                            self.actions.widget, self.message])
        self.refresh()

    def refresh(self) -> None:
        self.trip.value = escape(self.campaign.shopping_trip().describe())
        heroes = self.hero_options()
        if list(self.hero.options) != heroes:
            keep = self.hero.value
            self.hero.options = heroes
            if keep in heroes:
                self.hero.value = keep
        if self.hero.value is None:
            return
        who = self.campaign.hero(self.hero.value)
        self.scores.value = escape(f"Renown {who.renown}, wealth {who.wealth}")
        self.table.value = html_table(
            ["Tier", "Buys", f"{who.name} can afford"],
            [(t.tier, ", ".join(t.items),
              "yes" if t.affordable else ("one tier above: costs 1 wealth" if t.stretch else "no"))
             for t in self.campaign.wealth_table(who.name)])

    def buy(self) -> None:
        self.run(lambda: self.campaign.buy(self.hero.value, self.item.value,
                                           tier=self.tier.value or None, count=self.count.value))

    def shopping(self) -> None:
        self.run(lambda: self.campaign.shopping(
            self.shop_at.value, purchases=self.shop_purchases.value,
            max_tier=self.shop_tier.value, unavailable=split_list(self.shop_unavailable.value)))

    def award_renown(self) -> None:
        self.run(lambda: self.campaign.award_renown(self.hero.value, self.amount.value,
                                                    reason=self.reason.value))

    def award_wealth(self) -> None:
        self.run(lambda: self.campaign.award_wealth(self.hero.value, self.amount.value,
                                                    reason=self.reason.value))


class InventoryPanel(Panel["Campaign"]):
    """The party's inventory and the heroes' titles."""

    title = "Inventory & titles"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.table = W.HTML()
        self.item = W.Text(description="Item")
        self.holder = W.Dropdown(description="Holder")
        self.count = W.BoundedIntText(value=1, min=1, max=999, description="Count")
        self.add_button = self.button("Add item", self.add_item, "success")
        self.use_item_choice = W.Dropdown(description="Use")
        self.use_count = W.BoundedIntText(value=1, min=1, max=999, description="Count")
        self.use_button = self.button("Use item", self.use_item)
        self.titles_table = W.HTML()
        self.title_hero = W.Dropdown(description="Hero")
        self.title_choice = W.Dropdown(options=list(title_catalog.titles()), description="Title")
        self.benefit = W.Dropdown(description="Benefit")
        self.title_choice.observe(lambda _c: self._benefits(), names="value")
        self.title_reason = W.Text(description="Reason")
        self.grant_button = self.button("Grant title", self.grant, "success")
        self.actions = ModeFields.choice("Do", {
            "Add item": [W.HBox([self.item, self.holder, self.count, self.add_button])],
            "Use item": [W.HBox([self.use_item_choice, self.use_count, self.use_button])],
            "Grant title": [W.HBox([self.title_hero, self.title_choice, self.benefit]),
                            W.HBox([self.title_reason, self.grant_button])]})
        self._box = W.VBox([self.table, W.HTML(Markup("<b>Titles</b>")), self.titles_table,
                            self.actions.widget, self.message])
        self._benefits()
        self.refresh()

    def _benefits(self) -> None:
        found = title_catalog.titles().get(self.title_choice.value)
        options = [(f"{b.key}: {b.text}", b.key) for b in found.benefits] if found else []
        self.benefit.options = options or [("(no benefit to choose)", None)]

    def refresh(self) -> None:
        heroes = self.hero_options()
        items = self.campaign.inventory()
        self.table.value = html_table(
            ["#", "Item", "Count", "Holder", "Kind", "Origin"],
            [(i.id, i.item, i.count, i.holder or "party", i.kind, i.origin) for i in items])
        _keep(self.holder, [("(the party store)", None)] + [(h, h) for h in heroes])
        _keep(self.use_item_choice,
              [(f"#{i.id} {i.item} x{i.count} ({i.holder or 'party'})", i.id) for i in items])
        _keep(self.title_hero, [(h, h) for h in heroes])
        self.titles_table.value = html_table(
            ["Hero", "Title", "Benefit", "Effect"],
            [(t.hero, t.title, t.benefit, t.effect) for t in self.campaign.titles()])

    def add_item(self) -> None:
        self.run(lambda: self.campaign.add_item(self.item.value, holder=self.holder.value,
                                                count=self.count.value))

    def use_item(self) -> None:
        if self.use_item_choice.value is None:
            self.say("the inventory is empty: nothing to use", ok=False)
            return
        self.run(lambda: self.campaign.use_item(self.use_item_choice.value, self.use_count.value))

    def grant(self) -> None:
        self.run(lambda: self.campaign.grant_title(self.title_hero.value, self.title_choice.value,
                                                   benefit=self.benefit.value,
                                                   reason=self.title_reason.value))

"""NPCs: add them, record who knows whom, and explain negotiation."""

from __future__ import annotations

import ipywidgets as W

from drawsteel_kit.kit.ui.html import Markup
from drawsteel_kit.kit.ui.panels import ModeFields, Panel, html_table
from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["NpcPanel"]

STANDING_CHOICES = (("famous to them", "fame"), ("infamous to them", "infamy"),
                    ("known (not said which)", "known"), ("does not know", None))


class NpcPanel(Panel["Campaign"]):
    """The NPCs in the books and what each hero's renown does with them."""

    title = "NPCs"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.table = W.HTML()
        self.name = W.Text(description="Name")
        self.level = W.BoundedIntText(value=1, min=1, max=30, description="Level")
        self.notes = W.Text(description="Notes")
        self.add_button = self.button("Add NPC", self.add, "success")
        self.npc = W.Dropdown(description="NPC")
        self.hero = W.Dropdown(description="Hero")
        self.standing = W.Dropdown(options=STANDING_CHOICES, value="fame", description="Knows")
        self.knows_button = self.button("Record", self.knows)
        self.negotiation_button = self.button("Negotiation help", self.negotiation)
        self.negotiation_text = W.HTML()
        self.actions = ModeFields.choice("Do", {
            "Add an NPC": [W.HBox([self.name, self.level, self.notes]), self.add_button],
            "Who knows whom": [W.HBox([self.npc, self.hero, self.standing]), self.knows_button],
            "Negotiation": [W.HBox([self.npc, self.negotiation_button]),
                            self.negotiation_text]})
        self._box = W.VBox([self.table, self.actions.widget, self.message])
        self.refresh()

    def refresh(self) -> None:
        npcs = self.campaign.npcs()
        self.table.value = html_table(
            ["#", "NPC", "Impression", "Knows", "Notes"],
            [(n.id, n.name, n.impression,
              ", ".join(f"{h} ({s})" for h, s in n.standing.items()), n.notes) for n in npcs])
        for dropdown, options in ((self.npc, [(n.name, n.id) for n in npcs]),
                                  (self.hero, [(h, h) for h in self.hero_options()])):
            keep = dropdown.value
            dropdown.options = options
            if keep in [v for _, v in options]:
                dropdown.value = keep

    def add(self) -> None:
        self.run(lambda: self.campaign.add_npc(self.name.value, level=self.level.value,
                                               notes=self.notes.value))

    def knows(self) -> None:
        if self.npc.value is None:
            self.say("add an NPC first", ok=False)
            return
        self.run(lambda: self.campaign.npc_knows(self.npc.value, self.hero.value,
                                                 self.standing.value))

    def negotiation(self) -> None:
        if self.npc.value is None:
            self.say("add an NPC first", ok=False)
            return
        found = self.attempt(lambda: self.campaign.negotiation(self.npc.value))
        if found is None:
            return
        text = "\n".join(i.explanation for i in found)
        self.negotiation_text.value = Markup("<br>").join(i.explanation for i in found)
        self.say(text)

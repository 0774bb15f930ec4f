"""The followers panel: each hero's cap, recruiting (a respite's Recruit activity), dismissing,
assigning to a project, and where each follower is."""

from __future__ import annotations

import ipywidgets as W

from drawsteel_kit.kit.ui.html import lines
from drawsteel_kit.kit.ui.panels import ModeFields, Panel, html_table, split_list
from drawsteel_kit.systems.draw_steel.activities import NewFollower, Recruit
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.rules.followers import where_shown

__all__ = ["FollowersPanel"]


class FollowersPanel(Panel["Campaign"]):
    """Followers against each hero's renown cap."""

    title = "Followers"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.caps = W.HTML()
        self.table = W.HTML()
        self.hero = W.Dropdown(description="Hero")
        self.at = W.Dropdown(description="At")
        self.name = W.Text(description="Name")
        self.role = W.Dropdown(options=["artisan", "sage"], description="Role")
        self.ancestry = W.Text(description="Ancestry")
        self.physical = W.Dropdown(options=["might", "agility"], description="Physical")
        self.skills = W.Text(description="Skills", placeholder="four, comma, separated")
        self.languages = W.Text(description="Languages", placeholder="two, languages")
        self.recruit_button = self.button("Recruit (takes the hero's respite)", self.recruit,
                                          "success")
        self.follower = W.Dropdown(description="Follower")
        self.reason = W.Text(description="Reason")
        self.dismiss_button = self.button("Dismiss", self.dismiss, "warning")
        self.project = W.Dropdown(description="Project")
        self.skill_applies = W.Checkbox(value=False, description="A skill of theirs applies")
        self.assign_button = self.button("Assign", self.assign)
        # An artisan or sage rolls only at the stronghold or the project's site, with its
        # materials (RULES.md "Renown and followers").
        self.place = W.Combobox(options=["stronghold", "site"], description="Where",
                                placeholder="stronghold, site or a place")
        self.materials = W.Checkbox(value=True, description="Has the materials")
        self.place_button = self.button("Record where", self.place_follower)
        self.busy = W.Label()
        # One thing at a time: the chosen action's fields alone (a sage has no physical
        # characteristic to choose).
        self.actions = ModeFields.choice("Do", {
            "Recruit": [W.HBox([self.hero, self.at]),
                        W.HBox([self.name, self.role, self.ancestry, self.physical]),
                        W.HBox([self.skills, self.languages]),
                        W.HBox([self.recruit_button, self.busy])],
            "Dismiss": [W.HBox([self.follower, self.reason, self.dismiss_button])],
            "Assign": [W.HBox([self.follower, self.project, self.skill_applies,
                               self.assign_button])],
            "Where": [W.HBox([self.follower, self.place, self.materials, self.place_button])]})
        self.actions.nest(ModeFields(self.role, {"artisan": [self.physical]}))
        self._box = W.VBox([self.caps, self.table, self.actions.widget, self.message])
        self.refresh()

    def refresh(self) -> None:
        heroes = self.hero_options()
        party = self.campaign.party_retainer_limit()
        self.caps.value = lines("\n".join(
            [str(self.campaign.follower_cap(h)) for h in heroes]
            + ([] if party is None else [f"Retainers for the whole party: at most {party}"])))
        followers = self.campaign.followers()
        titles = {p.id: p.title for p in self.campaign.projects()}
        home = (self.campaign.party.stronghold or {}).get("name")
        self.table.value = html_table(
            ["#", "Follower", "Role", "Hero", "Works on", "Where"],
            [(f.id, f.name, f.role, f.hero, titles.get(f.project_id, "") if f.project_id else "",
              where_shown(f.location, home) + ("" if f.materials else ", no materials"))
             for f in followers])
        for dropdown, options in (
                (self.hero, [(h, h) for h in heroes]),
                (self.at, [(p, p) for p in self.campaign.recruiting_places()]),
                (self.follower, [(f"#{f.id} {f.name} ({f.hero})", f.id) for f in followers]),
                (self.project, [("(no project: rest)", None)]
                 + [(f"#{p.id} {p.title}", p.id)
                    for p in self.campaign.projects(status="active")])):
            keep = dropdown.value
            dropdown.options = options
            if keep in [v for _, v in options]:
                dropdown.value = keep

    def recruit(self) -> None:
        hero = self.hero.value
        new = NewFollower(self.name.value, self.role.value, self.ancestry.value,
                          split_list(self.skills.value), split_list(self.languages.value),
                          self.physical.value if self.role.value == "artisan" else None)
        self.busy.value = "Taking the respite ..."
        self.run(lambda: self.campaign.take_respite(
            [hero], activities={hero: Recruit((new,), at=self.at.value)}),
            lambda h: "\n".join(e.summary for e in h.events))
        self.busy.value = ""

    def dismiss(self) -> None:
        self.run(lambda: self.campaign.dismiss_follower(self.follower.value,
                                                        reason=self.reason.value))

    def place_follower(self) -> None:
        self.run(lambda: self.campaign.place_follower(self.follower.value, self.place.value,
                                                      materials=self.materials.value))

    def assign(self) -> None:
        self.run(lambda: self.campaign.assign_follower(self.follower.value, self.project.value,
                                                       skill_applies=self.skill_applies.value))

"""The encounter panel: who took part and who fell, the other side, the objective met or
not, the Director's award; a Preview that writes nothing, then Log it."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.kit.ui.html import Markup
from drawsteel_kit.kit.ui.panels import ModeFields, Panel, html_table, preview
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.rules.encounters import KINDS

__all__ = ["EncounterPanel", "HeroLine"]


class HeroLine:
    """One hero's line: took part, fell."""

    def __init__(self, hero: str) -> None:
        self.hero = hero
        self.took_part = W.Checkbox(value=True, description=hero, indent=False)
        self.fell = W.Checkbox(value=False, description="fell / taken out", indent=False)
        self.widget = W.HBox([self.took_part, self.fell])


class EncounterPanel(Panel["Campaign"]):
    """Log an encounter; the heroes who took part and survived gain its victories."""

    title = "Encounters"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.encounter_title = W.Text(description="Title", placeholder="Bandits at the mill")
        self.kind = W.Dropdown(options=KINDS, value=KINDS[0], description="Kind")
        #: One line per hero, by name (as the respite panel's ``rows``).
        self.rows: dict[str, HeroLine] = {}
        self.heroes_box = W.VBox()
        self.opponents = W.Textarea(description="Opponents",
                                    placeholder="one line each: 4 goblins")
        self.objective = W.Text(description="Objective")
        self.met = W.Checkbox(value=True, description="objective met", indent=False)
        self.use_override = W.Checkbox(value=False, indent=False,
                                       description="the Director's award instead of the book's")
        self.override = W.BoundedIntText(value=1, min=0, max=1000, description="Victories")
        # The Director's own award, only when ticked.
        self.override_fields = ModeFields(self.use_override, {True: [self.override]})
        self.notes = W.Text(description="Notes")
        self.director = W.Checkbox(value=False, description="Director only", indent=False)
        self.preview_box = W.HTML()
        self.preview_button = self.button("Preview", self.show_preview)
        self.log_button = self.button("Log it", self.log, "success")
        self.log_table = W.HTML()
        self._box = W.VBox([
            W.HBox([self.encounter_title, self.kind]),
            W.HTML(Markup("<b>Heroes</b> (who took part; who fell or was taken out)")),
            self.heroes_box,
            self.opponents, self.objective, self.met,
            W.HBox([self.use_override, self.override]), W.HBox([self.notes, self.director]),
            W.HBox([self.preview_button, self.log_button]), self.preview_box, self.message,
            W.HTML(Markup("<b>This session's encounters</b>")), self.log_table])
        self.refresh()

    def refresh(self) -> None:
        heroes = self.hero_options()
        if list(self.rows) != heroes:
            self.rows = {h: HeroLine(h) for h in heroes}
            self.heroes_box.children = [line.widget for line in self.rows.values()]
        session = self.campaign.party.session or None
        found = self.campaign.encounters(session) if session else []
        tally = self.campaign.session_victories(session) if session else None
        self.log_table.value = html_table(
            ["#", "Encounter", "Kind", "Met", "Fell", "Victories"],
            [(e.number, e.title, e.kind, "yes" if e.met else "no", ", ".join(e.fell) or "-",
              ", ".join(f"{n} +{v}" for n, v in e.victories.items() if v) or "none")
             for e in found]) + (
            Markup("<p>Session {}: {} victories</p>").format(tally.session, tally.total)
            if tally else "")

    def arguments(self) -> dict[str, Any]:
        """The widgets as :meth:`Campaign.log_encounter`'s arguments."""
        chosen = [line.hero for line in self.rows.values() if line.took_part.value]
        return {
            "title": self.encounter_title.value,
            "heroes": chosen if len(chosen) < len(self.rows) else None,
            "opponents": [x for x in self.opponents.value.splitlines() if x.strip()],
            "objective": self.objective.value, "objective_met": bool(self.met.value),
            "kind": self.kind.value,
            "fell": [line.hero for line in self.rows.values() if line.fell.value],
            "victories": self.override.value if self.use_override.value else None,
            "notes": self.notes.value, "visibility": DIRECTOR if self.director.value else PARTY,
        }

    def _call(self) -> Any:
        args = self.arguments()
        if args["heroes"] == []:
            raise RulesError("no hero is ticked: tick the heroes who took part")
        return self.campaign.log_encounter(**args)

    def show_preview(self) -> None:
        """What logging would do, written nowhere."""
        happened = self.attempt(lambda: preview(self.campaign, self._call))
        if happened is None:
            self.preview_box.value = ""
            return
        self.say("Preview only: nothing was written. " + happened.summary)
        self.preview_box.value = self.victories_table(happened)

    def victories_table(self, happened: Any) -> Any:
        """One row a hero who took part: what the encounter gives, and victories after it."""
        after = {e.actor: op["after"]["victories"] for e in happened.events
                 if e.kind == "victories_awarded" for op in e.ops
                 if op.get("table") == "heroes" and "victories" in op.get("after", {})}
        data = happened.details["encounter"]
        rows = []
        for hero in data["participants"]:
            gained = int(data["victories"].get(hero, 0))
            now = after.get(hero, self.campaign.hero(hero).victories)
            rows.append((hero, "fell" if hero in data["fell"] else "stood",
                         f"+{gained}", now))
        return html_table(["Hero", "In the encounter", "Victories", "Victories now"], rows)

    def log(self) -> None:
        """Log the encounter and award its victories."""
        if self.run(self._call) is not None:
            self.preview_box.value = ""

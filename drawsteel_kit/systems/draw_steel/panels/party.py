"""The party overview and the session panel (start/end, victories, hero tokens)."""

from __future__ import annotations

import ipywidgets as W

from drawsteel_kit.kit.ui.html import Markup, escape, table
from drawsteel_kit.kit.ui.panels import CELL_STYLE, ModeFields, Panel
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.panels.next_steps import next_level, next_steps

__all__ = ["PartyOverview", "SessionPanel"]

SPENDS = ("surges", "save", "reroll", "stamina")
ONE_LINE = f"{CELL_STYLE};white-space:nowrap"


class PartyOverview(Panel["Campaign"]):
    """Every hero's numbers, the day, the session and the hero-token pool, then what comes
    next (``next_steps``: levels, what is waiting, today's respite, projects close to done)."""

    title = "Party"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.header = W.HTML()
        self.table = W.HTML()
        #: What comes next, in words (``steps_text``: the same as plain text).
        self.steps = W.HTML()
        self.steps_text = ""
        self.refresh_button = self.button("Refresh", self.refresh)
        self._box = W.VBox([self.header, self.steps, self.table, self.refresh_button,
                            self.message])
        self.refresh()

    def refresh(self) -> None:
        party = self.campaign.party
        state = "open" if party.session_open else "closed"
        self.header.value = Markup("<b>{}</b>: day {}, session {} ({}), {}").format(
            party.name, party.day, party.session, state, plural(party.hero_tokens, "hero token"))
        track = str(self.campaign.settings.get("xp_track", "normal"))
        # One line a hero (a narrow screen scrolls the table sideways, in its own box).
        self.table.value = table(
            ["Hero", "Level", "XP", "Next level in", "Victories", "Stamina", "Recoveries",
             "Renown", "Wealth"],
            [(h.name, h.level, h.xp, next_level(h, track, short=True), h.victories,
              f"{h.stamina}/{h.max_stamina}", f"{h.recoveries}/{h.max_recoveries}", h.renown,
              h.wealth)
             for h in self.campaign.heroes.values()], empty=None, cell_style=ONE_LINE)
        groups = next_steps(self.campaign).lines()
        self.steps_text = "\n".join(f"{head}: {line}" for head, items in groups
                                     for line in items)
        self.steps.value = Markup("<b>What comes next</b><ul style='margin:2px 0'>{}</ul>"
                                  ).format(Markup("").join(
            Markup("<li><b>{}</b>: {}</li>").format(head, line)
            for head, items in groups for line in items))


class SessionPanel(Panel["Campaign"]):
    """Start and end sessions, award victories, award and spend hero tokens."""

    title = "Session"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.status = W.HTML()
        self.start_button = self.button("Start session", self.start, "success")
        self.end_button = self.button("End session", self.end, "warning")
        self.adventure_name = W.Text(description="Adventure", placeholder="The Drowned Chapel")
        self.adventure_start_button = self.button("Start adventure", self.start_adventure,
                                                  "success")
        self.adventure_end_button = self.button("End adventure", self.end_adventure)
        self.victory_heroes = W.SelectMultiple(description="Heroes")
        self.victory_count = W.BoundedIntText(value=1, min=1, max=1000, description="Victories")
        self.victory_reason = W.Text(description="Reason")
        self.award_victories_button = self.button("Award victories", self.award_victories)
        self.token_count = W.BoundedIntText(value=1, min=1, max=1000, description="Tokens")
        self.token_reason = W.Text(description="Reason")
        self.award_tokens_button = self.button("Award hero tokens", self.award_tokens)
        self.spend = W.Dropdown(options=SPENDS, description="Spend on")
        self.spend_hero = W.Dropdown(description="Hero")
        # One benefit per turn or per test (RULES.md "Hero tokens"): the spend names which.
        self.spend_round = W.BoundedIntText(value=0, min=0, max=999, description="Round",
                                            tooltip="the hero's turn in this round; 0: a test")
        self.spend_test = W.Text(description="Test", placeholder="or the test it is for")
        self.spend_button = self.button("Spend hero tokens", self.spend_tokens)
        self.actions = ModeFields.choice("Do", {
            "Victories": [W.HTML(Markup("<b>Victories</b> (none chosen: every hero)")),
                          self.victory_heroes, W.HBox([self.victory_count, self.victory_reason]),
                          self.award_victories_button],
            "Award hero tokens": [W.HBox([self.token_count, self.token_reason]),
                                  self.award_tokens_button],
            "Spend hero tokens": [W.HBox([self.spend, self.spend_hero]),
                                  W.HBox([self.spend_round, self.spend_test]),
                                  self.spend_button],
            "Adventure": [W.HTML(Markup("<b>Adventure</b> (victories start at 0 each "
                                        "adventure)")),
                          W.HBox([self.adventure_name, self.adventure_start_button,
                                  self.adventure_end_button])]})
        self._box = W.VBox([self.status, W.HBox([self.start_button, self.end_button]),
                            self.actions.widget, self.message])
        self.refresh()

    def refresh(self) -> None:
        party = self.campaign.party
        under_way = self.campaign.adventure()
        self.status.value = escape(f"Session {party.session} is "
                                   f"{'open' if party.session_open else 'closed'}; the pool "
                                   f"holds {plural(party.hero_tokens, 'hero token')}; " + (
                                       f"adventure: {under_way.name} (since day "
                                       f"{under_way.started_day})" if under_way
                                       else "no adventure under way"))
        heroes = self.hero_options()
        chosen = [h for h in self.victory_heroes.value if h in heroes]
        self.victory_heroes.options = heroes
        self.victory_heroes.value = tuple(chosen)
        self.spend_hero.options = [("(the party)", "")] + [(h, h) for h in heroes]

    def start(self) -> None:
        self.run(self.campaign.start_session)

    def end(self) -> None:
        self.run(self.campaign.end_session)

    def start_adventure(self) -> None:
        self.run(lambda: self.campaign.start_adventure(self.adventure_name.value))

    def end_adventure(self) -> None:
        self.run(self.campaign.end_adventure)

    def award_victories(self) -> None:
        heroes = list(self.victory_heroes.value) or None
        self.run(lambda: self.campaign.award_victories(
            self.victory_count.value, heroes, reason=self.victory_reason.value))

    def award_tokens(self) -> None:
        self.run(lambda: self.campaign.award_tokens(self.token_count.value,
                                                    reason=self.token_reason.value))

    def spend_tokens(self) -> None:
        self.run(lambda: self.campaign.spend_tokens(
            self.spend.value, hero=self.spend_hero.value or None,
            round=self.spend_round.value or None, test=self.spend_test.value or None))

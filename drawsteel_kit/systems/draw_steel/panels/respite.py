"""The respite panel: a row per hero (whether they rest, their activity, then only that
activity's fields), a Preview that writes nothing (one table: dice, modifiers, totals), then
Commit."""

from __future__ import annotations

import secrets

import ipywidgets as W

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.ui.html import Markup, escape, lines
from drawsteel_kit.kit.ui.panels import OK_STYLE, ModeFields, Panel, preview, split_list
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.activities import (
    Activity,
    Buy,
    FindSource,
    NewFollower,
    Other,
    ProjectRoll,
    Recruit,
    ServeAsSource,
    StartProject,
    StudyGuide,
)
from drawsteel_kit.systems.draw_steel.book.base import Happened
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.panels.projects import parse_params
from drawsteel_kit.systems.draw_steel.panels.respite_preview import describe, preview_table
from drawsteel_kit.systems.draw_steel.rules.power import SKILL_BONUS

__all__ = ["ACTIVITIES", "RespitePanel", "RespiteRow", "parse_faces"]

ACTIVITIES = (("rest only", "rest"), ("project roll", "roll"), ("study a guide", "guide"),
              ("find a source", "find"), ("serve as source", "serve"), ("recruit", "recruit"),
              ("other (text)", "other"))
DICE_HINT = "leave empty to roll, or type the faces: 7 3"
#: The project dropdown's "(none)" (project ids start at 1).
NO_PROJECT = 0


def parse_faces(text: str) -> tuple[int, ...] | None:
    """Typed-in dice faces ("7 3" or "7, 3"); None when the box is empty (roll them)."""
    words = text.replace(",", " ").split()
    if not words:
        return None
    try:
        return tuple(int(w) for w in words)
    except ValueError:
        raise RulesError(f"typed-in dice must be whole numbers separated by spaces, got "
                         f"{text!r}; {DICE_HINT}") from None


class RespiteRow:
    """One hero's line: whether they rest, their one activity, and only its fields."""

    def __init__(self, hero: str, skills: tuple[str, ...] = ()) -> None:
        self.hero = hero
        self.takes = W.Checkbox(value=True, description=hero, indent=False)
        self.activity = W.Dropdown(options=ACTIVITIES, value="rest", description="Activity")
        self.project = W.Dropdown(description="Project")
        self.edges = W.BoundedIntText(value=0, min=0, max=2, description="Edges")
        self.banes = W.BoundedIntText(value=0, min=0, max=2, description="Banes")
        self.skill = W.Combobox(options=list(skills), description="Skill",
                                placeholder=f"{hero}'s skill (+{SKILL_BONUS})", ensure_option=False)
        self.skill_allowed = W.Checkbox(value=False, description="Director allows the skill",
                                        indent=False)
        self.dice = W.Text(description="Dice", placeholder=DICE_HINT)
        self.guide = W.Text(description="Guide")
        self.knowledge = W.BoundedIntText(value=0, min=0, max=10_000, description="Knowledge")
        self.text = W.Text(description="Other", placeholder="changes kit, ...")
        self.recruit_name = W.Text(description="Follower")
        self.recruit_role = W.Dropdown(options=["artisan", "sage"], description="Role")
        self.recruit_ancestry = W.Text(description="Ancestry")
        self.recruit_physical = W.Dropdown(options=["might", "agility"], description="Physical")
        self.recruit_skills = W.Text(description="Skills", placeholder="four, comma, separated")
        self.recruit_languages = W.Text(description="Languages", placeholder="two, languages")
        self.recruit_at = W.Dropdown(description="At")
        self.fields = ModeFields(self.activity, {
            "rest": (),
            "roll": (self.project, self.edges, self.banes, self.skill, self.skill_allowed,
                     self.dice),
            "guide": (self.project, self.guide, self.knowledge),
            "find": (self.project,), "serve": (self.project,),
            "recruit": (self.recruit_name, self.recruit_role, self.recruit_ancestry,
                        self.recruit_physical, self.recruit_skills, self.recruit_languages,
                        self.recruit_at),
            "other": (self.text,)})
        # Only an artisan has a physical characteristic to choose.
        self.fields.nest(ModeFields(self.recruit_role, {"artisan": (self.recruit_physical,)}))
        # The rest of the hero's day: not the one activity (a project started may be rolled on).
        self.start = W.Text(description="Start", placeholder="a project to start (its name)")
        self.start_title = W.Text(description="Title", placeholder="your title for it")
        self.start_params = W.Text(description="Params", placeholder="kind=common")
        self.buy = W.Text(description="Buy", placeholder="an item to buy today")
        self.widget = W.VBox([W.HBox([self.takes, self.activity]), self.fields.box,
                              W.Box([self.start, self.start_title, self.start_params,
                                     self.buy], layout=W.Layout(flex_flow="row wrap"))])

    def starts(self) -> list[StartProject]:
        """The project this hero starts in the respite (none when the box is empty)."""
        name = self.start.value.strip()
        return [StartProject(self.hero, name, title=self.start_title.value.strip() or None,
                             params=parse_params(self.start_params.value))] if name else []

    def purchases(self) -> list[Buy]:
        """What this hero buys on the respite's day (none when the box is empty)."""
        item = self.buy.value.strip()
        return [Buy(self.hero, item)] if item else []

    def build(self) -> Activity | None:
        """The activity these widgets describe (None: rest only)."""
        kind, project = self.activity.value, self.project.value or None
        if kind == "rest":
            return None
        if kind == "other":
            return Other(self.text.value)
        if kind == "recruit":
            new = NewFollower(self.recruit_name.value, self.recruit_role.value,
                              self.recruit_ancestry.value, split_list(self.recruit_skills.value),
                              split_list(self.recruit_languages.value),
                              self.recruit_physical.value
                              if self.recruit_role.value == "artisan" else None)
            return Recruit((new,), at=self.recruit_at.value or None)
        if project is None:
            said = next(label for label, value in ACTIVITIES if value == kind)
            raise RulesError(f"{self.hero}: choose the project for {said!r} (start one in the "
                             "Projects tab, or in the Start box of this respite)")
        if kind == "roll":
            return ProjectRoll(project, edges=self.edges.value, banes=self.banes.value,
                               skill=self.skill.value.strip() or None,
                               dice=parse_faces(self.dice.value),
                               skill_allowed=self.skill_allowed.value)
        if kind == "guide":
            return StudyGuide(project, self.guide.value, self.knowledge.value)
        return FindSource(project) if kind == "find" else ServeAsSource(project)


class RespitePanel(Panel["Campaign"]):
    """Take a respite: preview what it would write, then commit exactly that."""

    title = "Respite"

    def __init__(self, campaign: Campaign) -> None:
        super().__init__(campaign)
        self.rows: dict[str, RespiteRow] = {}
        self.rows_box = W.VBox()
        #: Today's respite: who rested on it (a hero who has not joins it, the calendar stays).
        self.today = W.HTML()
        self._ticked_for: tuple[int, tuple[str, ...]] | None = None
        self.reason = W.Text(description="Reason")
        self.interrupted = W.Checkbox(value=False, description="Interrupted (no benefits)")
        self.preview_button = self.button("Preview", self.preview)
        self.commit_button = self.button("Commit", self.commit, "success")
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Progress")
        self.busy = W.Label()
        #: The result's one view, under its message line: one row a hero (dice, modifiers,
        #: total, where they stand). ``message_text`` keeps the same result in words.
        self.preview_text = W.HTML()
        self.seed: int | None = None
        # The party moves on: a common source found elsewhere is needed again (after the
        # result, in a section of its own).
        self.move_to = W.Text(description="Move to", placeholder="where the party goes")
        self.move_button = self.button("Move on", self.move)
        self._box = W.VBox([self.today, self.rows_box, W.HBox([self.reason, self.interrupted]),
                            W.HBox([self.preview_button, self.commit_button]),
                            W.HBox([self.progress, self.busy]), self.message, self.preview_text,
                            W.HTML(Markup("<hr><b>The party moves on</b> (a common source "
                                          "found elsewhere is needed again)")),
                            W.HBox([self.move_to, self.move_button])])
        self.refresh()

    def refresh(self) -> None:
        heroes = self.hero_options()
        for name in heroes:
            skills = list(self.campaign.hero(name).skills)
            if name not in self.rows:
                self.rows[name] = RespiteRow(name, tuple(skills))
            elif list(self.rows[name].skill.options) != skills:  # an import changed them
                self.rows[name].skill.options = skills
        self.rows = {h: self.rows[h] for h in heroes}
        projects = [(f"#{p.id} {p.title} ({p.hero}, {p.points}/{p.goal})", p.id)
                    for p in self.campaign.projects(status="active")]
        places = self.campaign.recruiting_places()
        active = self.campaign.projects(status="active")
        for name, row in self.rows.items():
            keep = row.project.value
            # NO_PROJECT, not None: a dropdown whose value is None shows an empty box
            row.project.options = [("(none)", NO_PROJECT), *projects]
            own = [p.id for p in active if p.hero == name]
            # A hero's only project is the one they work on, unless another is chosen.
            row.project.value = (keep if keep in [v for _, v in projects]
                                 else own[0] if len(own) == 1 else NO_PROJECT)
            keep_place = row.recruit_at.value
            row.recruit_at.options = places
            if keep_place in places:
                row.recruit_at.value = keep_place
        self.rows_box.children = [r.widget for r in self.rows.values()]
        self._show_today()

    def _show_today(self) -> None:
        """Say whose respite today is, and tick only the heroes who have not rested on it (a
        new day, or the day's respite taken, moves the ticks once)."""
        day, rested = self.campaign.party.day, tuple(self.campaign.rested_today())
        under_way = self.campaign.day_respite() is not None
        if under_way:
            self.today.value = escape(
                f"Day {day}'s respite is under way ({', '.join(rested) or 'no one yet'} "
                "rested): heroes who have not rested join it, and the calendar stays. A hero "
                "who rests again takes a new respite: a new day.")
        else:
            self.today.value = escape(f"Day {day}: the next respite begins day {day + 1}.")
        if self._ticked_for != (day, rested):
            self._ticked_for = (day, rested)
            for name, row in self.rows.items():
                row.takes.value = not (under_way and name in rested)

    def _call(self) -> Happened:
        heroes = self._chosen()
        activities = {}
        starts: list[StartProject] = []
        purchases: list[Buy] = []
        for h in heroes:
            act = self.rows[h].build()
            if act is not None:
                activities[h] = act
            starts += self.rows[h].starts()
            purchases += self.rows[h].purchases()
        if self.seed is None:
            self.seed = secrets.randbelow(2**31)
        return self.campaign.take_respite(heroes, activities=activities, starts=starts,
                                          purchases=purchases,
                                          interrupted=self.interrupted.value,
                                          reason=self.reason.value, seed=self.seed)

    def _working(self, text: str) -> None:
        self.busy.value = text
        self.progress.value = 0

    def _done(self) -> None:
        self.busy.value = ""
        self.progress.value = self.progress.max

    @staticmethod
    def describe(happened: Happened) -> str:
        return describe(happened)

    def _chosen(self) -> list[str]:
        return [h for h, row in self.rows.items() if row.takes.value]

    def preview(self) -> None:
        """What a commit would write, rolled back (the same seed is kept for the commit)."""
        self._working("Previewing the respite ...")
        result = self.attempt(lambda: preview(self.campaign, self._call))
        self._done()
        if result is None:
            self.preview_text.value = ""
            return
        self.say("Preview (nothing written):\n" + self.describe(result))
        self._one_view(result, "Preview (nothing written): Commit writes exactly this.")
        self.preview_text.value = preview_table(result, self._chosen())

    def commit(self) -> None:
        """Write the respite (with the previewed dice when there was a preview)."""
        resting = self._chosen()
        self._working(f"Resolving the respite for {plural(len(resting), 'hero', 'heroes')} "
                      "...")
        result = self.run(self._call, lambda h: "Written:\n" + self.describe(h))
        self._done()
        if result is not None:
            self.seed = None
            self._one_view(result, "Written:")
            self.preview_text.value = preview_table(result, resting)
            for row in self.rows.values():  # done: the next respite starts and buys afresh
                row.start.value = row.start_title.value = row.start_params.value = ""
                row.buy.value = ""
            self._show_today()

    def _one_view(self, result: Happened, heading: str) -> None:
        """Show the result once: its heading and notes above the table (the words of every
        event stay in ``message_text``)."""
        details = result.details if isinstance(result.details, dict) else {}
        notes = [f"Note: {n}" for n in details.get("warnings", ())]
        self.message.value = Markup("<div style='{};white-space:pre-wrap'>{}</div>").format(
            OK_STYLE, lines("\n".join([heading, *notes])))

    def move(self) -> None:
        """The party moves on to the place typed in."""
        if self.run(lambda: self.campaign.move_party(self.move_to.value),
                    self.describe) is not None:
            self.move_to.value = ""
            self.preview_text.value = ""  # the respite's table is not this result

"""The plan file's format: one pydantic model per kind of entry (strict, no extra fields).

``plan.read`` turns a validated :class:`PlanFile` into a
:class:`~drawsteel_kit.systems.draw_steel.plans.Plan`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag

from drawsteel_kit.kit.fields import STRICT, FreeText, label, show, within
from drawsteel_kit.systems.draw_steel.activities import NewFollower as NewFollowerActivity
from drawsteel_kit.systems.draw_steel.plans.fields import (
    MAX_BONUS,
    MAX_KNOWLEDGE,
    MAX_PLAN_DAYS,
    MAX_POINTS,
    TITLE_MAX,
    Characteristic,
    Days,
    Dice,
    Name,
    OptionalName,
    Param,
    PlanDay,
    ProjectRef,
    Title,
    refuse,
)
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, MIN_LEVEL
from drawsteel_kit.systems.draw_steel.rules.projects import MAX_BANES, MAX_EDGES
from drawsteel_kit.systems.draw_steel.rules.wealth import TIER_MAX

#: Our own bounds (not the book's): purchases a trip may allow, items one purchase may count.
MAX_PURCHASES = 999
MAX_COUNT = 999

__all__ = [
    "ACTIVITY_KEYS", "TAGS", "ActivitySpec", "AdventureSpec", "BuySpec", "FindSourceSpec",
    "FollowerSpec", "GuideSpec", "MoveSpec", "NewFollower", "OtherSpec", "PlanFile",
    "RespiteSpec", "RollSpec", "ServeSpec", "ShoppingSpec", "SpendSpec", "StartSpec",
]


class _Model(BaseModel):
    # strict: `edges: "1"` or `knowledge: true` is a mistake to name, not to convert.
    # Built when a plan is first checked (PlanFile builds the entries' schemas with its
    # own), not at import: the same checks and messages, without building each model twice.
    model_config = ConfigDict(**STRICT, defer_build=True)


# --- respite activities ---------------------------------------------------------------------


class RollSpec(_Model):
    """``{roll: PROJECT, ...}``: a project roll."""

    roll: ProjectRef = Field(description="the project rolled on: its title or id")
    characteristic: Characteristic | None = None
    edges: Annotated[int, within(0, MAX_EDGES)] = 0
    banes: Annotated[int, within(0, MAX_BANES)] = 0
    skill: Name | None = None
    skill_allowed: bool = False  # the Director allows a skill outside Crafting and Lore
    bonus: Annotated[int, within(-MAX_BONUS, MAX_BONUS)] = 0
    dice: Dice | None = None


class GuideSpec(_Model):
    """``{guide: NAME, project: PROJECT, knowledge: N}``: study a guide."""

    guide: Title = Field(description="the guide's name")
    project: ProjectRef = Field(description="the project it serves: its title or id")
    knowledge: Annotated[int, within(1, MAX_KNOWLEDGE)] = Field(
        description=f"the guide's knowledge value, 1 to {MAX_KNOWLEDGE}"
    )
    language: Name | None = None


class FindSourceSpec(_Model):
    """``{find_source: PROJECT}``: find a common source."""

    find_source: ProjectRef


class ServeSpec(_Model):
    """``{serve_as_source: PROJECT}``: be another hero's project source."""

    serve_as_source: ProjectRef


class NewFollower(_Model):
    """A follower who joins in the plan (``add:``, or a ``recruit:`` respite activity)."""

    name: Name = Field(description="the follower's name")
    role: Literal["artisan", "sage", "retainer"] = Field(description="artisan, sage or retainer")
    ancestry: OptionalName = ""
    physical: Literal["might", "agility"] | None = None  # an artisan's Might 1 or Agility 1
    skills: list[Name] = []
    languages: list[Name] = []
    characteristics: dict[Name, int] | None = None  # a retainer's stat block
    # The level a retainer's stat block is written for.
    level: Annotated[int, within(MIN_LEVEL, MAX_LEVEL)] | None = None
    stat_block: OptionalName = ""

    def activity(self) -> NewFollowerActivity:
        """The follower as the campaign takes it."""
        return NewFollowerActivity(self.name, self.role, self.ancestry, tuple(self.skills),
                                   tuple(self.languages), self.physical, self.characteristics,
                                   self.level, self.stat_block)


class RecruitSpec(_Model):
    """``{recruit: [FOLLOWER, ...], at: PLACE}``: recruit followers up to the renown cap."""

    recruit: list[NewFollower] = Field(min_length=1, description="the followers recruited")
    at: OptionalName | None = None  # the stronghold when left out


class OtherSpec(_Model):
    """``{other: TEXT}`` (or plain text): any other activity, recorded."""

    other: Title


#: The key that picks each kind of activity, and the discriminator tag for it.
ACTIVITY_KEYS: dict[str, str] = {
    "roll": "<roll>", "guide": "<guide>", "find_source": "<find_source>",
    "serve_as_source": "<serve_as_source>", "recruit": "<recruit>", "other": "<other>",
}
ACTIVITY_FORMS = ("{roll: PROJECT, characteristic, edges, banes, skill, skill_allowed, bonus, "
                  "dice}, "
                  "{guide: NAME, project: PROJECT, knowledge: N, language}, "
                  "{find_source: PROJECT}, {serve_as_source: PROJECT}, "
                  "{recruit: [FOLLOWER, ...], at: PLACE}, {other: TEXT} or plain text")


def _activity_tag(value: Any) -> str | None:
    if isinstance(value, str):
        return "<text>"
    if isinstance(value, dict):
        found = [key for key in ACTIVITY_KEYS if key in value]
        return ACTIVITY_KEYS[found[0]] if len(found) == 1 else None
    return None


def _activity_shape(value: object) -> object:
    if isinstance(value, dict):
        found = [key for key in ACTIVITY_KEYS if key in value]
        if len(found) > 1:
            raise refuse("two_activities", "names {keys}: a respite allows one activity; "
                         "give one of them", keys=" and ".join(found))
    if _activity_tag(value) is None:
        raise refuse("activity", "must be one of {forms}, got {got}",
                     forms=ACTIVITY_FORMS, got=show(value))
    return value


ActivitySpec = Annotated[
    Annotated[RollSpec, Tag("<roll>")]
    | Annotated[GuideSpec, Tag("<guide>")]
    | Annotated[FindSourceSpec, Tag("<find_source>")]
    | Annotated[ServeSpec, Tag("<serve_as_source>")]
    | Annotated[RecruitSpec, Tag("<recruit>")]
    | Annotated[OtherSpec, Tag("<other>")]
    | Annotated[Title, Tag("<text>")],
    Discriminator(_activity_tag),
    BeforeValidator(_activity_shape),
]
#: Which model each tag stands for (for error messages).
TAGS: dict[str, type[BaseModel] | None] = {
    "<roll>": RollSpec, "<guide>": GuideSpec, "<find_source>": FindSourceSpec,
    "<serve_as_source>": ServeSpec, "<recruit>": RecruitSpec, "<other>": OtherSpec,
    "<text>": None,
}


# --- plan entries ---------------------------------------------------------------------------


class StartSpec(_Model):
    """A project a hero starts (``campaign.start_project``), before day 1 or on ``day``."""

    hero: Name = Field(description="the hero who starts it")
    project: Title = Field(
        description="a catalog project, a treasure to craft, or a custom project of campaign.yaml"
    )
    title: Title | None = None
    params: dict[str, Param] = {}
    learns: Name | None = None
    treasure: Name | None = None
    source_language: Name | None = None
    prerequisite: Literal["owned", "waived"] | None = None
    prerequisite_item: Title | None = None  # the item prerequisite as the book names it
    source: Literal["available", "common", "needed"] | None = None
    at_stronghold: bool = False  # Master Librarian's head start on Discover Lore
    director_only: bool = False  # hidden from the players
    day: PlanDay | None = None

    @property
    def name(self) -> str:
        """The title the project will go by."""
        return self.title or self.project


class FollowerSpec(_Model):
    """Recruit a follower (``add``), put one to work (``assign``) and/or say where they are
    (``at``, ``materials``), before day 1 or on ``day``.

    ``assign: null`` takes an existing follower off their project. ``at``: stronghold, site
    (their project's site) or any other place; an artisan or sage rolls only at the first two,
    with its materials (``materials: false``: it has none).
    """

    hero: Name | None = None
    add: NewFollower | None = None
    follower: Name | None = None
    assign: ProjectRef | None = None
    skill_applies: bool = False
    at: Name | None = None
    materials: bool = True
    day: PlanDay | None = None

    @property
    def name(self) -> str:
        """The follower this entry is about."""
        return self.add.name if self.add else self.follower or ""

    @property
    def assigns(self) -> bool:
        """Whether the entry assigns (or unassigns) the follower."""
        return "assign" in self.model_fields_set

    @property
    def places(self) -> bool:
        """Whether the entry records where the follower is (or their materials)."""
        return bool({"at", "materials"} & self.model_fields_set)


class SpendSpec(_Model):
    """A hero spends career project points on a project (``campaign.spend_project_points``)."""

    hero: Name = Field(description="the hero whose project points are spent")
    project: ProjectRef = Field(description="the project: its title or id")
    points: Annotated[int, within(1, MAX_POINTS)] = Field(
        description="how many points, a whole number 1 or more"
    )
    reason: Annotated[str, label(TITLE_MAX, blank_ok=True)] = ""
    day: PlanDay | None = None


class MoveSpec(_Model):
    """``{to: PLACE, day: N}``: the party moves on (``campaign.move_party``); a common source
    found elsewhere is needed again."""

    to: Name = Field(description="where the party goes")
    reason: Annotated[str, label(TITLE_MAX, blank_ok=True)] = ""
    day: PlanDay | None = None


class ShoppingSpec(_Model):
    """What the heroes may buy on this downtime's shopping trip (``campaign.shopping``), from
    ``day`` on: where, how many purchases each, the highest tier on sale, what cannot be had."""

    at: OptionalName = ""
    purchases: Annotated[int, within(0, MAX_PURCHASES)] | None = None
    max_tier: Annotated[int, within(0, TIER_MAX)] | None = None
    unavailable: list[Name] = []
    day: PlanDay | None = None


class BuySpec(_Model):
    """A hero buys something their wealth reaches (``campaign.buy``), before day 1 or on
    ``day``; refused past the shopping trip's limits."""

    hero: Name = Field(description="the hero who buys")
    item: Name = Field(description="what is bought: an item of the wealth table, or give tier")
    tier: Annotated[int, within(1, TIER_MAX)] | None = None
    count: Annotated[int, within(1, MAX_COUNT)] = 1
    reason: Annotated[str, label(TITLE_MAX, blank_ok=True)] = ""
    day: PlanDay | None = None


class AdventureSpec(_Model):
    """``{start: NAME}`` starts an adventure (every hero's victories go back to 0, 000: 817);
    ``{end: true}`` ends the one under way; before day 1 or on ``day``, after that day's
    respite."""

    start: Title | None = None
    end: bool = False
    reason: Annotated[str, label(TITLE_MAX, blank_ok=True)] = ""
    day: PlanDay | None = None


class RespiteSpec(_Model):
    """A hero rests on some days, each time doing one activity (or none)."""

    hero: Name = Field(description="the hero who rests")
    days: Days = Field(description="every, a day, a list of days or a range such as \"2-4\"")
    activity: ActivitySpec | None = None


class PlanFile(_Model):
    """The whole plan file as written."""

    name: Annotated[str, label(80)] = Field(description="the plan's name, for the record")
    days: Annotated[int, within(1, MAX_PLAN_DAYS)] = Field(
        description=f"how many days the plan covers, 1 to {MAX_PLAN_DAYS}"
    )
    start: list[StartSpec] = []
    followers: list[FollowerSpec] = []
    spend: list[SpendSpec] = []
    shopping: list[ShoppingSpec] = []
    buy: list[BuySpec] = []
    respites: list[RespiteSpec] = []
    moves: list[MoveSpec] = []  # the party moves on, before that day's respite and entries
    adventures: list[AdventureSpec] = []
    # the party's hero files (Foundry exports, .ds-hero), imported before day 1
    victories_from: Annotated[str, label(200)] | None = Field(
        None, description="a folder in the campaign of the party's hero exports (Foundry "
        ".json, Forge Steel .ds-hero), imported before day 1: victories won at the table")
    notes: FreeText = ""



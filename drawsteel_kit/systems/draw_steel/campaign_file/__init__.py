"""Draw Steel's campaign file (``campaign.yaml``, its ``campaign_file`` part): the party, the
Director's table rules, and the Director's own downtime projects (the book's and the
campaign's own names are in ``names``, the Director's own projects in ``projects``).

The Director writes this file by hand, so every mistake in it becomes one
:class:`~drawsteel_kit.kit.errors.CampaignFileError` whose message names the file,
the hero, the field, what is wrong and what is allowed, one problem a line::

    demo/campaign.yaml: heroes[2] (Yorn): characteristics.might: must be from -5 to 5, got 9

The field types live in :mod:`drawsteel_kit.kit.fields`, the making of messages in
:mod:`drawsteel_kit.kit.file_errors`, the custom projects in
:mod:`drawsteel_kit.systems.draw_steel.campaign_file.projects`.
"""

from __future__ import annotations

import difflib
from typing import Annotated, Literal

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from drawsteel_kit.kit.campaign_file import load_campaign_file, parse_campaign_text
from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.fields import (
    CAMPAIGN_NAME_MAX,
    CHARACTERISTIC_MAX,
    CHARACTERISTIC_MIN,
    COUNT_LIMIT,
    HERO_NAME_MAX,
    STRICT,
    Count,
    FreeText,
    Label,
    OptionalLabel,
    label,
    no_duplicates,
    show,
    within,
)
from drawsteel_kit.kit.file_errors import (
    MAX_PROBLEMS_SHOWN,
    Problem,
    located,
    name_clashes,
)
from drawsteel_kit.kit.folder import CAMPAIGN_FILE, slugify
from drawsteel_kit.systems.draw_steel.campaign_file.names import (
    CustomNames,
    TitleSpec,
    check_book_names,
    hero_book_names,
    language_group,
    unique_titles,
)
from drawsteel_kit.systems.draw_steel.campaign_file.parts import Characteristics, Stronghold
from drawsteel_kit.systems.draw_steel.campaign_file.projects import (
    CUSTOM_GOAL_MAX,
    CustomProjectSpec,
)
from drawsteel_kit.systems.draw_steel.catalog.careers import career as _career
from drawsteel_kit.systems.draw_steel.catalog.careers import careers as _careers
from drawsteel_kit.systems.draw_steel.catalog.wealth import wealth_items as wealth_catalog_items
from drawsteel_kit.systems.draw_steel.rules.advancement import (
    MAX_LEVEL,
    MIN_LEVEL,
    Track,
    xp_for_level,
)
from drawsteel_kit.systems.draw_steel.rules.retainers import RETAINERS_PER_HERO
from drawsteel_kit.systems.draw_steel.rules.wealth import TIER_MAX, TIER_MIN

__all__ = [
    "CAMPAIGN_FILE",
    "CHARACTERISTIC_MAX",
    "CHARACTERISTIC_MIN",
    "COUNT_LIMIT",
    "CUSTOM_GOAL_MAX",
    "DEFAULT_LANGUAGES",
    "MAX_PROBLEMS_SHOWN",
    "MAX_RECOVERIES_LIMIT",
    "MAX_STAMINA_LIMIT",
    "STARTING_RENOWN",
    "STARTING_WEALTH",
    "CampaignFile",
    "Characteristics",
    "CustomNames",
    "CustomProjectSpec",
    "HeroSpec",
    "Settings",
    "Stronghold",
    "TitleSpec",
    "dump_campaign_file",
    "load_campaign_file",
    "parse_campaign_text",
    "slugify",
]

#: A hero's wealth starts at 1 (RULES.md "Wealth"; 000: 3961-3993) and renown at 0 (000: 3906-3960).
STARTING_WEALTH = 1
STARTING_RENOWN = 0
#: Caelian, the common tongue: a hero knows it unless the file says otherwise (followers know it
#: too, 000: 3507-3535).
DEFAULT_LANGUAGES: tuple[str, ...] = ("Caelian",)
#: Our own sanity bounds, not the book's: it sets no cap on Stamina or recoveries.
MAX_STAMINA_LIMIT = 999
MAX_RECOVERIES_LIMIT = 99
#: Our own bound on settings.retainers_per_hero (the book's default is 1).
MAX_RETAINERS_PER_HERO = 10
#: Our own bound on settings.purchases_per_trip (the book sets no number: 000: 3965).
MAX_PURCHASES_PER_TRIP = 999

ProjectEvents = Literal["off", "roll", "milestones"]


# --- the models -------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = STRICT


class Settings(_Model):
    """The Director's table rules. Every default is the book's."""

    xp_track: Track = Field(
        "normal", description="XP per level: normal 16, fast 8 or slow 32 (the book: normal)"
    )
    project_events: ProjectEvents = Field(
        "off",
        description="project events: off, roll (a d6 each respite, an event on a 6) or milestones",
    )
    project_starts: Literal["respite", "any_time"] = Field("respite", description="when "
        "projects start: respite (as the book says) or any_time (each start says so)")
    hero_tokens_reset: bool = Field(
        True, description="true: the hero-token pool refreshes each session; false: carries over"
    )
    stretch_purchases: bool = Field(
        False, description="optional rule: buy one tier above your wealth, then wealth -1"
    )
    title_followers: bool = Field(
        True, description="titles may raise a hero's follower cap beyond what renown allows"
    )
    level_rewards: bool = Field(
        True, description="renown +1 each level and wealth +1 every 2 levels, as most "
        "campaigns give; false: only what the Director awards"
    )
    recruit_at: Annotated[list[Label], AfterValidator(no_duplicates)] = Field(
        [], description="places where followers can be recruited or contacted, besides the "
        "stronghold (a respite activity)"
    )
    retainers_per_hero: Annotated[int, within(0, MAX_RETAINERS_PER_HERO)] = Field(
        RETAINERS_PER_HERO, description="retainers a hero may have at once (the book: 1 unless "
        "the Director allows more)"
    )
    purchases_per_trip: Annotated[int, within(0, MAX_PURCHASES_PER_TRIP)] | None = Field(
        None, description="how many purchases each hero may make on one shopping trip (a "
        "session, or a downtime); null: no limit (the book's default)"
    )
    party_retainers: Annotated[int, within(0, 1)] | None = Field(
        None, description="for a large party: 1 retainer for the whole party, or 0 (none at "
        "all); null: each hero has their own (the book's default)"
    )
    related_languages: list[Annotated[list[Label], AfterValidator(language_group)]] = Field(
        [],
        description="groups of languages the table treats as related, beyond the book's pairs "
        "(each group at least 2 different languages)",
    )
    project_skills: Annotated[list[Label], AfterValidator(no_duplicates)] = Field(
        [], description="skills beyond Crafting and Lore the Director allows on project rolls")
    unrelated_languages: list[Annotated[list[Label], AfterValidator(language_group)]] = Field(
        [], description="language groups not related at this table, though the book relates them")

    @field_validator("project_events", mode="before")
    @classmethod
    def _bare_off(cls, value: object) -> object:
        # YAML reads a bare `off` as false; a bare `on`/`yes`/`true` is a mistake worth naming.
        if value is False:
            return "off"
        if value is True:
            raise PydanticCustomError(
                "bare_true",
                "must be one of off, roll or milestones, got true "
                "(YAML reads a bare on, yes or true as true)",
            )
        return value


class HeroSpec(_Model):
    """One hero as the Director writes it. ``xp`` is filled in by :class:`CampaignFile`."""

    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    name: Annotated[str, label(HERO_NAME_MAX)] = Field(
        description=f"the hero's name, 1-{HERO_NAME_MAX} characters, unique in the party"
    )
    player: OptionalLabel = ""
    ancestry: OptionalLabel = ""
    hero_class: OptionalLabel = Field("", alias="class")
    career: str | None = Field(None, description="one of the careers of catalog/data/careers.yaml")
    level: Annotated[int, within(MIN_LEVEL, MAX_LEVEL)] = MIN_LEVEL
    xp: Count | None = Field(None, description="experience; at least what the level needs")
    victories: Count = 0
    characteristics: Characteristics = Characteristics()
    max_stamina: Annotated[int, within(1, MAX_STAMINA_LIMIT)] = Field(
        description=f"the hero's maximum Stamina, a whole number from 1 to {MAX_STAMINA_LIMIT}"
    )
    max_recoveries: Annotated[int, within(0, MAX_RECOVERIES_LIMIT)] = Field(
        description=f"the hero's recoveries, a whole number from 0 to {MAX_RECOVERIES_LIMIT}"
    )
    skills: Annotated[list[Label], AfterValidator(no_duplicates)] = []
    languages: Annotated[list[Label], AfterValidator(no_duplicates)] = list(DEFAULT_LANGUAGES)
    renown: Count = STARTING_RENOWN
    wealth: Count = STARTING_WEALTH
    project_points: Count = Field(0, description="the career's project points not yet spent")
    titles: Annotated[list[TitleSpec], AfterValidator(unique_titles)] = Field(
        [], description="titles held: a name, or {name, benefit} for a title whose benefit "
        "the hero chose"
    )
    perks: list[Label] = []
    rewards_applied: bool = Field(
        False, description="true: the renown, wealth and project points written here already "
        "include what the career and titles give; false (the default): init adds them once"
    )

    @property
    def title_names(self) -> list[str]:
        """The titles' names, as the ledger keeps them."""
        return [t.name for t in self.titles]

    @field_validator("career")
    @classmethod
    def _known_career(cls, value: str | None) -> str | None:
        if value is None or not value.strip():  # `career: ""` means no career, as leaving it out
            return None
        try:
            return _career(value).name
        except RulesError:
            allowed = list(_careers())
            close = difflib.get_close_matches(value.title(), allowed, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise PydanticCustomError(
                "unknown_career",
                "unknown career {got}{hint} Allowed: {allowed}",
                {"got": show(value), "hint": hint or ".", "allowed": ", ".join(allowed)},
            ) from None


class CampaignFile(_Model):
    """The whole of ``campaign.yaml``."""

    name: Annotated[str, label(CAMPAIGN_NAME_MAX)] = Field(description="the campaign's name")
    system: Literal["draw-steel"] = "draw-steel"
    settings: Settings = Settings()
    stronghold: Stronghold | None = None
    custom: CustomNames = Field(CustomNames(), description="the campaign's own skills, "
                                "languages and titles, beyond the book's lists")
    heroes: list[HeroSpec] = Field(
        min_length=1, description="the party: a list of heroes, at least one"
    )
    custom_projects: list[CustomProjectSpec] = Field(
        [], description="downtime projects of the Director's own"
    )
    wealth_items: dict[Annotated[int, within(TIER_MIN, TIER_MAX)], list[Label]] = Field(
        {}, description=f"things the table adds to the Hero Wealth table, by tier "
        f"{TIER_MIN}-{TIER_MAX}: {{2: [ox, fishing boat]}}"
    )
    notes: FreeText = ""

    @field_validator("heroes")
    @classmethod
    def _party(cls, heroes: list[HeroSpec], info: ValidationInfo) -> list[HeroSpec]:
        """Fill each hero's XP from the track, check it against the level; names must differ."""
        settings = info.data.get("settings")
        if settings is None:  # settings are invalid and reported on their own
            return heroes
        problems: list[Problem] = []
        filled: list[HeroSpec] = []
        for i, hero in enumerate(heroes):
            least = xp_for_level(hero.level, settings.xp_track)
            if hero.xp is None:
                hero = hero.model_copy(update={"xp": least})
            elif hero.xp < least:
                problems.append(
                    (
                        ("heroes", i, "xp"),
                        f"must be at least {least} for level {hero.level} on the "
                        f"{settings.xp_track} XP track, got {hero.xp}",
                    )
                )
            filled.append(hero)
        problems += name_clashes("heroes", [hero.name for hero in heroes], "hero")
        problems.sort(key=lambda problem: problem[0][1])  # hero by hero, as the file reads
        if problems:
            raise located(problems)
        return filled

    @field_validator("heroes")
    @classmethod
    def _book_names(cls, heroes: list[HeroSpec], info: ValidationInfo) -> list[HeroSpec]:
        return hero_book_names(heroes, info.data.get("custom"))

    @model_validator(mode="after")
    def _other_book_names(self) -> CampaignFile:
        return check_book_names(self)

    @field_validator("wealth_items")
    @classmethod
    def _wealth_items(cls, items: dict[int, list[str]]) -> dict[int, list[str]]:
        try:
            wealth_catalog_items(items)
        except RulesError as exc:
            raise PydanticCustomError("wealth_items", "{why}", {"why": str(exc)}) from None
        return items

    @field_validator("custom_projects")
    @classmethod
    def _unique_projects(cls, projects: list[CustomProjectSpec]) -> list[CustomProjectSpec]:
        problems = name_clashes("custom_projects", [p.name for p in projects], "project")
        if problems:
            raise located(problems)
        return projects


# --- writing (reading is the kit's: drawsteel_kit.kit.campaign_file) -------------------------


def dump_campaign_file(cf: CampaignFile) -> str:
    """The campaign as YAML (``class`` for the hero class), so that parsing it gives ``cf`` back."""
    data = cf.model_dump(mode="python", by_alias=True)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)

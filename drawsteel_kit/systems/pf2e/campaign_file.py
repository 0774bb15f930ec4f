"""campaign.yaml of a Pathfinder 2e campaign (``system: pf2e``): the PCs the encounter tracker
knows, and the table's settings.

Each PC rolls initiative with Perception unless the GM calls for another check (seed 002:
42), so a character names its Perception modifier and, optionally, the modifiers of the other
skills the table rolls initiative with (Stealth while Avoiding Notice, Deception, Diplomacy).
Mistakes are reported like Draw Steel's: ``campaign.yaml: characters[1] (Ava): perception:
must be from -10 to 60, got 99``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from drawsteel_kit.kit.fields import (
    CAMPAIGN_NAME_MAX,
    HERO_NAME_MAX,
    STRICT,
    FreeText,
    Label,
    OptionalLabel,
    label,
    within,
)
from drawsteel_kit.kit.file_errors import located, name_clashes
from drawsteel_kit.kit.registry import SheetSpec
from drawsteel_kit.systems.pf2e.rules.combatant import DEFAULT_INITIATIVE_SKILL

__all__ = ["CampaignFile", "CharacterSpec", "Settings", "party_settings", "sheets"]

#: A PC's level runs from 1 to 20 in Pathfinder 2e.
MIN_LEVEL, MAX_LEVEL = 1, 20
#: Ours, not the book's: bounds that catch typos (a level 20 PC's modifiers stay well inside).
MODIFIER_MIN, MODIFIER_MAX = -10, 60
MAX_HP_LIMIT = 999
MAX_AC_LIMIT = 99
#: A PC levels up at 1000 XP and keeps the rest; a sheet far beyond is a typo.
MAX_XP_LIMIT = 99_999

Modifier = Annotated[int, within(MODIFIER_MIN, MODIFIER_MAX)]


class _Model(BaseModel):
    model_config = STRICT


class Settings(_Model):
    """The table's choices for the encounter tracker."""

    initiative_skill: Label = Field(
        DEFAULT_INITIATIVE_SKILL,
        description="the check PCs roll for initiative unless the GM says otherwise "
        "(the book: Perception)")
    hp_on_page: bool = Field(
        True, description="true: the players' page shows each PC's hit points")
    reveal_foes: bool = Field(
        False, description="true: the players' pages show foes' hit points and AC too "
        "(by default they are the GM's)")
    foes_at_zero_hp: Literal["die", "dying"] = Field(
        "die", description="a foe brought to 0 HP dies (the book's usual), or is dying like "
        "a PC")


class CharacterSpec(_Model):
    """One PC: who plays them and the numbers the tracker needs."""

    name: Annotated[str, label(HERO_NAME_MAX)] = Field(
        description=f"the PC's name, 1-{HERO_NAME_MAX} characters, unique in the party")
    player: OptionalLabel = ""
    ancestry: OptionalLabel = ""
    character_class: OptionalLabel = Field("", alias="class")
    level: Annotated[int, within(MIN_LEVEL, MAX_LEVEL)] = MIN_LEVEL
    perception: Modifier = Field(
        description=f"the Perception modifier (initiative), a whole number from "
        f"{MODIFIER_MIN} to {MODIFIER_MAX}")
    initiative_skills: dict[Label, Modifier] = Field(
        {}, description="other checks the PC may roll for initiative: {Stealth: 9}")
    max_hp: Annotated[int, within(1, MAX_HP_LIMIT)] = Field(
        description=f"maximum hit points, a whole number from 1 to {MAX_HP_LIMIT}")
    hp: Annotated[int, within(0, MAX_HP_LIMIT)] | None = Field(
        None, description="current hit points (default: max_hp)")
    ac: Annotated[int, within(0, MAX_AC_LIMIT)] | None = Field(
        None, description="Armor Class, for Strikes against the PC (optional)")
    xp: Annotated[int, within(0, MAX_XP_LIMIT)] = Field(
        0, description="experience points so far (encounters add to it)")

    @model_validator(mode="after")
    def _hp_within_max(self) -> CharacterSpec:
        if self.hp is not None and self.hp > self.max_hp:
            raise PydanticCustomError(
                "hp_over_max", "hp {hp} is more than max_hp {max_hp}",
                {"hp": self.hp, "max_hp": self.max_hp})
        return self

    @field_validator("initiative_skills")
    @classmethod
    def _not_perception(cls, skills: dict[str, int]) -> dict[str, int]:
        if any(s.casefold() == DEFAULT_INITIATIVE_SKILL.casefold() for s in skills):
            raise PydanticCustomError(
                "perception_twice", "Perception is the `perception:` field; list other "
                "skills here")
        return skills

    def modifier(self, skill: str) -> int | None:
        """The modifier for ``skill`` (case-insensitive), None if the PC has none."""
        if skill.casefold() == DEFAULT_INITIATIVE_SKILL.casefold():
            return self.perception
        return next((m for s, m in self.initiative_skills.items()
                     if s.casefold() == skill.casefold()), None)


class CampaignFile(_Model):
    """The whole of a Pathfinder 2e ``campaign.yaml``."""

    name: Annotated[str, label(CAMPAIGN_NAME_MAX)] = Field(description="the campaign's name")
    system: Literal["pf2e"]
    settings: Settings = Settings()
    characters: list[CharacterSpec] = Field(
        min_length=1, description="the party: a list of PCs, at least one")
    notes: FreeText = ""

    @field_validator("characters")
    @classmethod
    def _unique(cls, characters: list[CharacterSpec]) -> list[CharacterSpec]:
        problems = name_clashes("characters", [c.name for c in characters], "character")
        if problems:
            raise located(problems)
        return characters


def party_settings(cf: CampaignFile) -> dict[str, Any]:
    """The settings the party row keeps (besides ``system``)."""
    return cf.settings.model_dump()


def character_data(spec: CharacterSpec) -> dict[str, Any]:
    """A PC's sheet data: hp, max_hp and level are numbers the timeline follows."""
    return {"name": spec.name, "player": spec.player, "ancestry": spec.ancestry,
            "class": spec.character_class, "level": spec.level, "perception": spec.perception,
            "initiative_skills": dict(spec.initiative_skills),
            "hp": spec.max_hp if spec.hp is None else spec.hp, "max_hp": spec.max_hp,
            **({"xp": spec.xp} if spec.xp else {}),
            **({"ac": spec.ac} if spec.ac is not None else {})}


def sheets(cf: CampaignFile) -> list[SheetSpec]:
    """One ``character:<name>`` sheet per PC."""
    return [SheetSpec(key=f"character:{c.name}", kind="character", name=c.name,
                      data=character_data(c)) for c in cf.characters]

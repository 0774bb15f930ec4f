"""campaign.yaml for a Dungeon World campaign (``system: dungeon-world``).

The party is a list of ``characters``, each a sheet as the Dungeon World core book lays it
out (playbook, level, XP, the six stats, HP, coin, rations, alignment, bonds, gear, moves).
``init`` turns each into a :class:`~drawsteel_kit.systems.dungeon_world.Character` sheet
(key ``character:<name>``); after that the ledger is the truth.

Errors read like Draw Steel's: ``campaign.yaml: characters[1] (Ava): stats.str: must be
from 1 to 18, got 19``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from drawsteel_kit.kit.fields import (
    CAMPAIGN_NAME_MAX,
    COUNT_LIMIT,
    HERO_NAME_MAX,
    STRICT,
    FreeText,
    Label,
    OptionalLabel,
    Prose,
    label,
    no_duplicates,
    within,
)
from drawsteel_kit.kit.file_errors import Problem, located, name_clashes
from drawsteel_kit.kit.registry import SheetSpec
from drawsteel_kit.systems.dungeon_world.rules.character import (
    MIN_LEVEL,
    Alignment,
    Bond,
    Character,
)
from drawsteel_kit.systems.dungeon_world.rules.stats import (
    SCORE_MAX,
    SCORE_MIN,
    Debility,
    StatBlock,
)

__all__ = ["CampaignFile", "CharacterSpec", "Settings", "Stats", "party_settings", "sheets"]

#: The highest level a character may start at (Dungeon World core book: levels 1-10).
MAX_LEVEL = 10
#: Ours: a sanity cap on max HP (a typo, not a character, above it).
MAX_HP = 999
#: Ours: a sanity cap on rations (uses) and preparation.
MAX_USES = 999

Score = Annotated[int, within(SCORE_MIN, SCORE_MAX)]
Count = Annotated[int, within(0, COUNT_LIMIT)]
AlignmentName = Literal["good", "lawful", "neutral", "chaotic", "evil"]
DebilityName = Literal["weak", "shaky", "sick", "stunned", "confused", "scarred"]


class _Model(BaseModel):
    model_config = STRICT


class Stats(_Model):
    """The six scores (``str: 16``), each 1-18 (003: 336; the floor is the core book's)."""

    str_: Score = Field(alias="str", description="Strength score, 1-18")
    dex: Score = Field(description="Dexterity score, 1-18")
    con: Score = Field(description="Constitution score, 1-18")
    int_: Score = Field(alias="int", description="Intelligence score, 1-18")
    wis: Score = Field(description="Wisdom score, 1-18")
    cha: Score = Field(description="Charisma score, 1-18")

    def scores(self) -> dict[str, int]:
        """As the rules spell them: ``{"STR": 16, ...}``."""
        return {"STR": self.str_, "DEX": self.dex, "CON": self.con, "INT": self.int_,
                "WIS": self.wis, "CHA": self.cha}


class BondSpec(_Model):
    """A bond: whom it is about and what it says (003: 317)."""

    target: Label = Field(description="the character (or NPC) the bond is about")
    text: Prose = Field(description="the bond as the player wrote it")


class CharacterSpec(_Model):
    """One character as the Director first writes them."""

    name: Annotated[str, label(HERO_NAME_MAX)] = Field(description="the character's name")
    player: OptionalLabel = ""
    playbook: OptionalLabel = Field("", description="fighter, wizard, thief, ...")
    level: Annotated[int, within(MIN_LEVEL, MAX_LEVEL)] = 1
    xp: Count = 0
    stats: Stats = Field(description="the six scores: str, dex, con, int, wis, cha")
    max_hp: Annotated[int, within(1, MAX_HP)] = Field(description="maximum HP")
    hp: Annotated[int, within(0, MAX_HP)] | None = Field(
        None, description="current HP (leave it out: full)")
    coin: Count = 0
    rations: Annotated[int, within(0, MAX_USES)] = Field(0, description="uses of rations")
    preparation: Annotated[int, within(0, MAX_USES)] = 0
    alignment: AlignmentName = "neutral"
    bonds: list[BondSpec] = []
    debilities: list[DebilityName] = []
    moves: list[Label] = []
    gear: list[Label] = []
    weights: dict[Label, Annotated[int, within(0, MAX_USES)]] = Field(
        {}, description="the weight of each gear item that weighs something: "
        "{great axe: 2}")
    load: Annotated[int, within(0, MAX_USES)] | None = Field(
        None, description="the playbook's base load (leave it out: the core book's for "
        "the playbook); STR's modifier is added")
    ammo: Annotated[int, within(0, MAX_USES)] = Field(0, description="uses of ammunition")

    @field_validator("hp")
    @classmethod
    def _hp_within_max(cls, hp: int | None, info: ValidationInfo) -> int | None:
        most = info.data.get("max_hp")
        if hp is not None and most is not None and hp > most:
            from pydantic_core import PydanticCustomError

            raise PydanticCustomError("out_of_range", "must be at most max_hp ({most}), got "
                                      "{got}", {"most": most, "got": hp})
        return hp

    @field_validator("moves", "debilities")
    @classmethod
    def _each_once(cls, values: list[str]) -> list[str]:
        return no_duplicates(values)

    @field_validator("weights")
    @classmethod
    def _weighs_gear(cls, weights: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        gear = info.data.get("gear") or []
        for item in weights:
            if item not in gear:
                from pydantic_core import PydanticCustomError

                raise PydanticCustomError("not_gear", "'{item}' is not in gear ({gear}): "
                                          "weigh only gear carried",
                                          {"item": item, "gear": ", ".join(gear) or "none"})
        return weights

    def character(self) -> Character:
        """The sheet the rules play with (full HP unless ``hp`` says otherwise)."""
        return Character(
            name=self.name, scores=StatBlock.from_mapping(self.stats.scores()),
            max_hp=self.max_hp,
            hp=self.max_hp if self.hp is None else self.hp, playbook=self.playbook,
            level=self.level, xp=self.xp, coin=self.coin, rations=self.rations,
            alignment=Alignment(self.alignment),
            bonds=tuple(Bond(b.target, b.text) for b in self.bonds),
            debilities=tuple(Debility(d) for d in self.debilities),
            preparation=self.preparation, moves=tuple(self.moves), gear=tuple(self.gear),
            weights=self.weights, load=self.load, ammo=self.ammo)


class Settings(_Model):
    """The table's rules."""

    xp_on_miss: bool = Field(False, description="mark 1 XP on a roll of 6- (the Dungeon World "
                             "book's rule; its moves do not say it)")
    half_hp: Literal["down", "up"] = Field(
        "down", description="Make Camp heals half max HP: round it down or up (the text "
        "does not say)")


class CampaignFile(_Model):
    """The whole of a Dungeon World campaign.yaml."""

    name: Annotated[str, label(CAMPAIGN_NAME_MAX)] = Field(description="the campaign's name")
    system: Literal["dungeon-world"]
    settings: Settings = Settings()
    characters: list[CharacterSpec] = Field(
        min_length=1, description="the party: a list of characters, at least one")
    notes: FreeText = ""

    @field_validator("characters")
    @classmethod
    def _names_differ(cls, characters: list[CharacterSpec]) -> list[CharacterSpec]:
        problems: list[Problem] = name_clashes(
            "characters", [c.name for c in characters], "character")
        if problems:
            raise located(problems)
        return characters


def party_settings(cf: CampaignFile) -> dict[str, Any]:
    """The party row's settings: the table's rules and who plays whom."""
    return {**cf.settings.model_dump(mode="json"),
            "players": {c.name: c.player for c in cf.characters if c.player}}


def sheets(cf: CampaignFile) -> list[SheetSpec]:
    """One character sheet per character, in the file's order."""
    return [SheetSpec(key=f"character:{c.name}", kind="character", name=c.name,
                      data=c.character().as_dict()) for c in cf.characters]

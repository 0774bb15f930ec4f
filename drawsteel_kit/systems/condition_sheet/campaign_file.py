"""campaign.yaml of a condition-sheet campaign (``system: condition-sheet``, seed 004).

``characters:`` are the players' characters: cast (キャスト), guard (ガード), mana, the curse
and bless recipes they have learned with each one's strength (強度), emotions (感情) toward
other characters, and preparation effects (準備効果). ``foes:`` are the GM's recurring
characters: the same, plus fewer slots for weak ones (004: 15) and fixed initiative, cast
or guard values instead of rolls (004: 43, 68). Names are unique across both lists.
Mistakes are reported like Draw Steel's: ``campaign.yaml: characters[1] (Ava): cast: must
be from -10 to 20, got 99``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, model_validator
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
from drawsteel_kit.kit.file_errors import located
from drawsteel_kit.kit.limits import name_key
from drawsteel_kit.kit.registry import SheetSpec
from drawsteel_kit.systems.condition_sheet.rules.character import GM, PC
from drawsteel_kit.systems.condition_sheet.rules.readings import (
    CHAIN_COMBO_MANA,
    COUNTER_MANA,
    COVER_MANA,
    LAST_STAND_MANA,
    LUCK_MATCHES,
    MAX_LUCK_DICE,
    MAX_SPECIAL_MANA,
    REROLL_MANA,
    WITHDRAW_DIFFICULTY,
)
from drawsteel_kit.systems.condition_sheet.rules.sheet import MIN_SLOTS, SLOTS

__all__ = ["CampaignFile", "CharacterSpec", "FoeSpec", "Settings", "character_data",
           "party_settings", "sheets"]

#: Ours, not the seed's: bounds that catch typos.
ABILITY_MIN, ABILITY_MAX = -10, 20
MANA_MAX = 99
STRENGTH_MAX = 20
EMOTION_MAX = 99
FIXED_MAX = 40

Ability = Annotated[int, within(ABILITY_MIN, ABILITY_MAX)]
Name = Annotated[str, label(HERO_NAME_MAX)]


class _Model(BaseModel):
    model_config = STRICT


Luck = Annotated[int, within(0, MAX_LUCK_DICE)]
Cost = Annotated[int, within(0, MAX_SPECIAL_MANA)]


class Settings(_Model):
    """The table's choices for battles; where the rules text is silent, each default is the
    project's reading (:mod:`.readings`)."""

    spent_resources_stay: bool = Field(
        True, description="true: mana and emotions spent in a battle stay spent afterwards "
        "(written back to the character sheets when the battle ends)")
    withdraw_difficulty: Annotated[int, within(0, FIXED_MAX)] = Field(
        WITHDRAW_DIFFICULTY, description="the withdraw check's difficulty when the GM names "
        "none")
    lucky_sixes: Luck = Field(LUCK_MATCHES, description="a roll is lucky when this many of "
                              "its dice show 6 (0: no roll is lucky)")
    fumble_ones: Luck = Field(LUCK_MATCHES, description="a roll is a fumble when this many "
                              "of its dice show 1 (0: no roll fumbles)")
    reroll_mana: Cost = Field(REROLL_MANA, description="mana a reroll costs")
    cover_mana: Cost = Field(COVER_MANA, description="mana a cover costs (or an emotion)")
    chain_combo_mana: Cost = Field(CHAIN_COMBO_MANA, description="mana a chain combo costs "
                                   "(or an emotion)")
    counter_mana: Cost = Field(COUNTER_MANA, description="mana a counter costs")
    last_stand_mana: Cost = Field(LAST_STAND_MANA, description="mana a last stand costs")
    reveal_foes: bool = Field(
        False, description="true: the players' pages show the foes' cast, guard, fixed "
        "values, mana, emotions, preparations and recipes; false: only what the players' "
        "characters see at the table (name, condition sheet, place in the order)")


class CharacterSpec(_Model):
    """One player's character."""

    name: Name = Field(description=f"1-{HERO_NAME_MAX} characters, unique in the campaign")
    player: OptionalLabel = ""
    cast: Ability = Field(description="added to attack rolls")
    guard: Ability = Field(description="added to guard rolls")
    mana: Annotated[int, within(0, MANA_MAX)] = 0
    curses: dict[Label, Annotated[int, within(0, STRENGTH_MAX)]] = Field(
        {}, description="curse recipes learned, with their strength: {Poison: 2}")
    blesses: dict[Label, Annotated[int, within(0, STRENGTH_MAX)]] = Field(
        {}, description="bless recipes learned, with their strength: {Cast Up: 1}")
    emotions: dict[Label, Annotated[int, within(1, EMOTION_MAX)]] = Field(
        {}, description="emotions held toward other characters: {Bram: 1}")
    preparations: list[Label] = Field(
        [], description="preparation effects, each adding one die to one check, once")

    @model_validator(mode="after")
    def _no_emotion_toward_self(self) -> Any:
        if any(t.casefold() == self.name.casefold() for t in self.emotions):
            raise PydanticCustomError("emotion_self", "emotions are held toward others, not "
                                      "toward {name}", {"name": self.name})
        return self


class FoeSpec(CharacterSpec):
    """One of the GM's recurring characters."""

    slots: Annotated[int, within(MIN_SLOTS, SLOTS)] = Field(
        SLOTS, description=f"condition sheet slots, {MIN_SLOTS}-{SLOTS} (weak foes have fewer)")
    fixed_initiative: Annotated[int, within(0, FIXED_MAX)] | None = None
    fixed_cast: Annotated[int, within(0, FIXED_MAX)] | None = None
    fixed_guard: Annotated[int, within(0, FIXED_MAX)] | None = None


class CampaignFile(_Model):
    """The whole of a condition-sheet ``campaign.yaml``."""

    name: Annotated[str, label(CAMPAIGN_NAME_MAX)] = Field(description="the campaign's name")
    system: Literal["condition-sheet"]
    settings: Settings = Settings()
    characters: list[CharacterSpec] = Field(
        min_length=1, description="the players' characters, at least one")
    foes: list[FoeSpec] = Field([], description="the GM's recurring characters")
    notes: FreeText = ""

    @model_validator(mode="after")
    def _unique(self) -> CampaignFile:
        seen: dict[str, str] = {}
        problems: list[tuple[tuple[Any, ...], str]] = []
        for section, specs in (("characters", self.characters), ("foes", self.foes)):
            for i, spec in enumerate(specs):
                key = name_key(spec.name)
                if key in seen:
                    problems.append(((section, i, "name"), f"{spec.name!r} is already the name "
                                     f"of {seen[key]}; names must differ (case is ignored)"))
                else:
                    seen[key] = f"{section}[{i}] ({spec.name})"
        if problems:
            raise located(problems)
        return self


def party_settings(cf: CampaignFile) -> dict[str, Any]:
    """The settings the party row keeps (besides ``system``)."""
    return cf.settings.model_dump()


def character_data(spec: CharacterSpec) -> dict[str, Any]:
    """A character's sheet data: the profile a battle copies; ``mana`` is on the timeline."""
    foe = isinstance(spec, FoeSpec)
    return {"name": spec.name, "side": GM if foe else PC, "player": spec.player,
            "cast": spec.cast, "guard": spec.guard, "mana": spec.mana,
            "slots": spec.slots if isinstance(spec, FoeSpec) else SLOTS,
            "curses": dict(spec.curses), "blesses": dict(spec.blesses),
            "emotions": dict(sorted(spec.emotions.items())),
            "preparations": list(spec.preparations),
            "fixed_initiative": spec.fixed_initiative if isinstance(spec, FoeSpec) else None,
            "fixed_cast": spec.fixed_cast if isinstance(spec, FoeSpec) else None,
            "fixed_guard": spec.fixed_guard if isinstance(spec, FoeSpec) else None}


def sheets(cf: CampaignFile) -> list[SheetSpec]:
    """``character:<name>`` per PC (the party's); ``foe:<name>`` per foe (the Director's)."""
    return [*(SheetSpec(key=f"character:{c.name}", kind="character", name=c.name,
                        data=character_data(c)) for c in cf.characters),
            *(SheetSpec(key=f"foe:{f.name}", kind="foe", name=f.name, data=character_data(f),
                        visibility="director") for f in cf.foes)]

"""Small parts of campaign.yaml: the stronghold and a hero's characteristics (re-exported by
:mod:`drawsteel_kit.systems.draw_steel.campaign_file`)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from drawsteel_kit.kit.fields import STRICT, FreeText, Label, Score

__all__ = ["Characteristics", "Stronghold"]


class _Model(BaseModel):
    model_config = STRICT


class Stronghold(_Model):
    """The party's home base, where most followers stay."""

    name: Label = Field(description="the stronghold's name")
    location: FreeText = Field("", description="where it stands (free text)")
    notes: FreeText = Field("", description="free text")


class Characteristics(_Model):
    """The five characteristics, each from -5 to 5."""

    might: Score = 0
    agility: Score = 0
    reason: Score = 0
    intuition: Score = 0
    presence: Score = 0

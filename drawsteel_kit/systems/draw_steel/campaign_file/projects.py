"""The Director's own downtime projects, as ``campaign.yaml`` lists them (``custom_projects``).

Each is checked field by field with messages that say what is allowed, then by
:func:`drawsteel_kit.systems.draw_steel.catalog.projects.custom_project`, the same check the
catalog's own
projects pass; :meth:`CustomProjectSpec.as_project` gives the template to start.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.fields import (
    STRICT,
    Label,
    OptionalLabel,
    Prose,
    no_duplicates,
    one_of,
    show,
    within,
)
from drawsteel_kit.systems.draw_steel.catalog.languages import canonical_language
from drawsteel_kit.systems.draw_steel.catalog.projects import (
    COMPLETIONS,
    ProjectTemplate,
    custom_project,
)
from drawsteel_kit.systems.draw_steel.catalog.projects import projects as _projects
from drawsteel_kit.systems.draw_steel.catalog.projects import treasures as _treasures

__all__ = ["CUSTOM_GOAL_MAX", "CUSTOM_PROJECT_SOURCE", "CustomProjectSpec"]

#: Ours: the largest goal a custom project may have (the book's largest is 3000, 000: 3798).
CUSTOM_GOAL_MAX = 1_000_000
#: What a custom project's template gives as its source.
CUSTOM_PROJECT_SOURCE = "campaign.yaml custom_projects"

ProjectKind = Literal["crafting", "research", "other"]
Characteristic = Literal["might", "agility", "reason", "intuition", "presence"]


class CustomProjectSpec(BaseModel):
    """A downtime project of the Director's own, checked like the official ones."""

    model_config = STRICT

    name: Label = Field(description="the project's name, unique, not an official project's")
    kind: ProjectKind = Field(description="crafting, research or other")
    goal: Annotated[int, within(1, CUSTOM_GOAL_MAX)] = Field(
        description=f"the project points it needs, from 1 to {CUSTOM_GOAL_MAX}"
    )
    characteristics: Annotated[list[Characteristic], AfterValidator(no_duplicates)] = Field(
        description="the characteristics its project rolls may use: at least one of might, "
        "agility, reason, intuition, presence"
    )
    item_prerequisite: Prose = Field("", description="what must be owned to start it")
    project_source: Prose = Field("", description="the texts or teacher it is learned from")
    source_language: OptionalLabel | None = Field(None, description="the source's language")
    completion: Annotated[str, one_of(sorted(COMPLETIONS))] = Field(
        "director", description="what finishing it gives (director: the Director decides)"
    )

    @field_validator("name")
    @classmethod
    def _not_official(cls, value: str) -> str:
        value = " ".join(value.split())
        key = value.casefold()
        for what, names in (("an official project", _projects()), ("a treasure", _treasures())):
            if any(entry.name.casefold() == key for entry in names):
                raise PydanticCustomError(
                    "catalog_name",
                    "{got} is {what} in the catalog: give the custom project another name",
                    {"got": show(value), "what": what},
                )
        return value

    @field_validator("characteristics")
    @classmethod
    def _at_least_one(cls, value: list[str]) -> list[str]:
        if not value:
            raise PydanticCustomError(
                "no_characteristic",
                "must name at least one of might, agility, reason, intuition, presence",
            )
        return value

    @field_validator("source_language")
    @classmethod
    def _language(cls, value: str | None) -> str | None:
        return canonical_language(value) if value else None  # "" means none, as leaving it out

    @model_validator(mode="after")
    def _checked_by_the_catalog(self) -> CustomProjectSpec:
        try:
            self.as_project()
        except RulesError as exc:
            raise PydanticCustomError("custom_project", "{why}", {"why": str(exc)}) from None
        return self

    def as_project(self) -> ProjectTemplate:
        """This project as the catalog's template, ready to start."""
        return custom_project(
            self.name,
            kind=self.kind,
            goal=self.goal,
            characteristics=self.characteristics,
            item_prerequisite=self.item_prerequisite or None,
            project_source=self.project_source or None,
            source_languages=(self.source_language,) if self.source_language else (),
            completion=self.completion,
            source=CUSTOM_PROJECT_SOURCE,
        )

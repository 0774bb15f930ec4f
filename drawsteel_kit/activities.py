"""Respite activities: what a hero does with the one activity a respite allows.

A respite activity is one of these frozen dataclasses (or plain text for anything the
workbook does not resolve, such as changing kit). ``Campaign.take_respite`` resolves
them; a downtime plan names them in YAML; widgets build them from controls.
Projects are named by id (an int) or by title (text, unique among active projects).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "Activity",
    "FindSource",
    "Other",
    "ProjectRef",
    "ProjectRoll",
    "ServeAsSource",
    "StudyGuide",
    "activity_label",
]

ProjectRef: TypeAlias = int | str


@dataclass(frozen=True)
class ProjectRoll:
    """Make a project roll: on one's own project, another hero's, or joining a crafting one.

    ``dice`` are faces rolled at the table and typed in (two d10s per roll, more for each
    breakthrough); None means the workbook rolls them.
    """

    project: ProjectRef
    characteristic: str | None = None  # None: the best the project allows this hero
    edges: int = 0
    banes: int = 0
    skill: str | None = None  # a skill of the hero's that applies directly (+2)
    bonus: int = 0
    dice: tuple[int, ...] | None = None
    inspired: bool = False  # Inspired Artisan: a hero token buys one more roll


@dataclass(frozen=True)
class StudyGuide:
    """Study a guide: adds its knowledge value (half in a related language), once per project."""

    project: ProjectRef
    guide: str
    knowledge: int
    language: str | None = None  # the guide's language; None = one the hero knows


@dataclass(frozen=True)
class FindSource:
    """Find a common source (a library, a guild) for a project whose source is common."""

    project: ProjectRef


@dataclass(frozen=True)
class ServeAsSource:
    """Serve as another hero's project source during this respite."""

    project: ProjectRef


@dataclass(frozen=True)
class Other:
    """Any other respite activity (changing kit, ...): recorded, not resolved."""

    text: str


Activity: TypeAlias = ProjectRoll | StudyGuide | FindSource | ServeAsSource | Other


def activity_label(activity: Activity | str, title: str | None = None) -> str:
    """A short human description for history lines (``title``: the project's, if known)."""
    match activity:
        case str():
            return activity
        case Other(text=t):
            return t
        case StudyGuide(project=p, guide=g):
            return f"studies {g} for {title or p}"
    verb = {ProjectRoll: "project roll on", FindSource: "finds a source for",
            ServeAsSource: "serves as the source for"}[type(activity)]
    return f"{verb} {title or activity.project}"

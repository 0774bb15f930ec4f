"""Respite activities: what a hero does with the one activity a respite allows.

A respite activity is one of these frozen dataclasses (or plain text for anything the
workbook does not resolve, such as changing kit). ``Campaign.take_respite`` resolves
them; a downtime plan names them in YAML; widgets build them from controls.
Projects are named by id (an int) or by title (text, unique among active projects).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

__all__ = [
    "Activity",
    "Buy",
    "FindSource",
    "NewFollower",
    "Other",
    "ProjectRef",
    "ProjectRoll",
    "Recruit",
    "ServeAsSource",
    "StartProject",
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
    skill_allowed: bool = False  # the Director allows a skill outside Crafting and Lore


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




def activity_label(activity: Activity | str, title: str | None = None) -> str:
    """A short human description for history lines (``title``: the project's, if known)."""
    match activity:
        case str():
            return activity
        case Other(text=t):
            return t
        case StudyGuide(project=p, guide=g):
            return f"studies {g} for {title or p}"
        case Recruit(followers=f, at=at):
            return (f"recruits {', '.join(n.name for n in f)}" + (f" at {at}" if at else ""))
    verb = {ProjectRoll: "project roll on", FindSource: "finds a source for",
            ServeAsSource: "serves as the source for"}[type(activity)]
    return f"{verb} {title or activity.project}"


@dataclass(frozen=True)
class NewFollower:
    """A follower to recruit: the player names them and picks ancestry and role (000: 3939).

    Artisans: ``physical`` (might or agility), four Crafting ``skills``, two ``languages``
    beyond Caelian. Sages: four Lore skills and two languages. Retainers: their stat block's
    ``characteristics``, ``level`` (the level it is written for) and ``stat_block`` name.
    """

    name: str
    role: str
    ancestry: str = ""
    skills: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    physical: str | None = None
    characteristics: dict[str, int] | None = field(default=None, hash=False)
    level: int | None = None
    stat_block: str = ""


@dataclass(frozen=True)
class Recruit:
    """Recruit followers up to the renown cap, where followers can be found (000: 3928).

    ``at``: the stronghold (None) or one of the campaign's ``settings.recruit_at`` places."""

    followers: tuple[NewFollower, ...]
    at: str | None = None


@dataclass(frozen=True)
class StartProject:
    """A project a hero starts during a respite (000: 3746): not the respite's one activity,
    so the hero may roll on it in the same respite. The fields are ``start_project``'s."""

    hero: str
    project: str
    title: str | None = None
    params: dict[str, object] | None = field(default=None, hash=False)
    learns: str | None = None
    treasure: str | None = None
    source_language: str | None = None
    prerequisite: str | None = None
    prerequisite_item: str | None = None
    source: str | None = None
    at_stronghold: bool = False
    visibility: str = "party"

    def options(self) -> dict[str, Any]:
        """Everything but the hero and the project, as ``start_project`` takes it."""
        return {"title": self.title, "params": self.params, "learns": self.learns,
                "treasure": self.treasure, "source_language": self.source_language,
                "prerequisite": self.prerequisite, "prerequisite_item": self.prerequisite_item,
                "source": self.source,
                "at_stronghold": self.at_stronghold, "visibility": self.visibility}


@dataclass(frozen=True)
class Buy:
    """A purchase a hero makes on the respite's day (Wealth, 000: 3965): not the respite's
    one activity. The fields are ``buy``'s."""

    hero: str
    item: str
    tier: int | None = None
    count: int = 1


Activity: TypeAlias = ProjectRoll | StudyGuide | FindSource | ServeAsSource | Recruit | Other

"""The numbers the charts and pages show, read from the ledger with visibility applied.

A *viewer* is who is looking: ``None`` for the Director (everything), ``"party"`` for the
party page (party rows only), or a hero's name (party rows and that hero's own
``hero:NAME`` rows). Nothing here writes, so a read-only campaign serves every function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drawsteel_kit.state import (
    FollowerState,
    ProjectState,
    TimelinePoint,
    read_followers,
    read_timeline,
    read_titles,
)

if TYPE_CHECKING:
    from drawsteel_kit.campaign import Campaign

try:  # the renown rules' home; rules.followers has had it from the start
    from drawsteel_kit.rules.renown import follower_cap
except ImportError:  # pragma: no cover - until rules.renown lands
    from drawsteel_kit.rules.followers import follower_cap

__all__ = [
    "PARTY_KEY",
    "Series",
    "follower_counts",
    "may_see",
    "redactor",
    "series",
    "visible_followers",
    "visible_projects",
]

#: The party row's key in the timeline.
PARTY_KEY = "1"


def may_see(visibility: str, viewer: str | None) -> bool:
    """Whether ``viewer`` may see a row of this visibility."""
    if viewer is None:
        return True
    if visibility == "party":
        return True
    return viewer != "party" and visibility == f"hero:{viewer}"


def visible_projects(campaign: Campaign, viewer: str | None, *, hero: str | None = None,
                     include_done: bool = True) -> list[ProjectState]:
    """Projects the viewer may see, oldest first (one hero's when named)."""
    return [p for p in campaign.projects(hero=hero)
            if may_see(p.visibility, viewer) and (include_done or not p.done)]


#: What a page shows instead of the title of a project the viewer may not see.
HIDDEN = "(hidden)"


def redactor(campaign: Campaign, viewer: str | None) -> Callable[[str], str]:
    """A function that blanks the titles of projects the viewer may not see out of a text.

    Event summaries and reasons are written once for everyone: a party-visible respite's
    summary can name a Director-only project it rolled on. Player pages pass every such
    text through this, so a hidden title never reaches them."""
    if viewer is None:
        return str
    hidden = sorted({p.title for p in campaign.projects() if not may_see(p.visibility, viewer)
                     and p.title.strip()}, key=len, reverse=True)

    def redact(value: str) -> str:
        for title in hidden:
            value = value.replace(title, HIDDEN)
        return value

    return redact


def visible_followers(campaign: Campaign, viewer: str | None, *, hero: str | None = None
                      ) -> list[tuple[FollowerState, str]]:
    """Active followers with the title of what they work on ('' when the viewer may not see
    that project, so a Director-only project's title never reaches a player page)."""
    titles = {p.id: p.title for p in visible_projects(campaign, viewer)}
    return [(f, titles.get(f.project_id, "") if f.project_id is not None else "")
            for f in read_followers(campaign.ledger.db, hero=hero)]


def follower_counts(campaign: Campaign, viewer: str | None = None
                    ) -> dict[str, tuple[int, int]]:
    """Each hero's followers that count toward the cap, and the cap (renown plus titles)."""
    db = campaign.ledger.db
    use_titles = bool(campaign.settings.get("title_followers", True))
    out: dict[str, tuple[int, int]] = {}
    for name, hero in campaign.heroes.items():
        bonus = sum(t.followers for t in read_titles(db, hero=name, visible_to=None)
                    if may_see(t.visibility, viewer)) if use_titles else 0
        count = sum(1 for f in read_followers(db, hero=name) if f.counts)
        out[name] = (count, follower_cap(max(0, hero.renown), max(0, bonus)))
    return out


@dataclass(frozen=True)
class Series:
    """One number over campaign days: a step line starting from the value before its first
    change. ``events`` and ``reasons`` belong to each point (0 and '' for the start)."""

    key: str
    field: str
    days: tuple[int, ...]
    values: tuple[int, ...]
    events: tuple[int, ...]
    reasons: tuple[str, ...]
    sessions: tuple[int | None, ...]


def series(campaign: Campaign, fields: Iterable[str], viewer: str | None, *,
           hero: str | None = None) -> dict[tuple[str, str], Series]:
    """Time series by (key, field) from the ledger's timeline (``hero="party"``: the party's).

    Only changes the viewer may see are drawn; a value an undo or a hidden change set
    shows up at the next visible change."""
    points = read_timeline(campaign.ledger.db, hero=hero, fields=list(fields),
                           visible_to=viewer)
    redact = redactor(campaign, viewer)
    grouped: dict[tuple[str, str], list[TimelinePoint]] = {}
    for p in points:
        if p.after is not None:
            grouped.setdefault((p.key, p.field), []).append(p)
    out = {}
    for (key, field), rows in grouped.items():
        first = rows[0]
        start = [] if first.before is None else [(first.day, first.before, 0, "",
                                                   first.session)]
        data = start + [(p.day, p.after, p.event_id, redact(p.reason), p.session)
                        for p in rows]
        days, values, events, reasons, sessions = (tuple(col) for col in zip(*data, strict=True))
        out[(key, field)] = Series(key, field, days, values, events, reasons, sessions)
    return out

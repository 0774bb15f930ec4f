"""The numbers the charts and pages show, read from the ledger with visibility applied.

A *viewer* is who is looking: ``None`` for the Director (everything), ``"party"`` for the
party page (party rows only), or a hero's name (party rows and that hero's own
``hero:NAME`` rows). Nothing here writes, so a read-only campaign serves every function.

A long campaign's pages cost what a young one's do: state comes from the projections, the
finished projects shown are the last :data:`DONE_SHOWN`, and a number's history is read from
the timeline index, every change when there are at most :data:`MAX_POINTS` of them, else a
sample of them spread over the whole campaign (see :func:`series`). A chart of many lines
shares :data:`CHART_BUDGET` points among them (see :func:`chart_series`).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.kit.redact import HIDDEN as REDACTED
from drawsteel_kit.kit.redact import Redactor
from drawsteel_kit.systems.draw_steel.ledger.reads import (
    finished_projects,
    hidden_project_titles,
    projects_by_id,
)
from drawsteel_kit.systems.draw_steel.records import TimelinePoint, read_timeline, read_titles
from drawsteel_kit.systems.draw_steel.state import FollowerState, ProjectState, read_followers

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

try:  # the renown rules' home; rules.followers has had it from the start
    from drawsteel_kit.systems.draw_steel.rules.renown import follower_cap
except ImportError:  # pragma: no cover - until rules.renown lands
    from drawsteel_kit.systems.draw_steel.rules.followers import follower_cap

__all__ = [
    "CHART_BUDGET",
    "DONE_SHOWN",
    "MAX_POINTS",
    "PARTY_KEY",
    "Series",
    "chart_series",
    "draw_steel_books",
    "follower_counts",
    "may_see",
    "redactor",
    "series",
    "visible_followers",
    "visible_projects",
]

#: The party row's key in the timeline.
PARTY_KEY = "1"


def draw_steel_books(view: object) -> Campaign:
    """The books a Draw Steel player page reads (:func:`~drawsteel_kit.kit.book.party_view.
    books`): the party's copy of a Draw Steel campaign opens as Draw Steel's Campaign."""
    from drawsteel_kit.kit.book.party_view import books
    from drawsteel_kit.systems.draw_steel.campaign import Campaign  # loaded: it opened them

    return books(view, Campaign)
#: Finished projects shown besides those under way: the last ones (by when they started).
DONE_SHOWN = 10
#: A number with more changes than this is drawn from a sample of this many of them.
MAX_POINTS = 150
#: The most points one chart draws, all its lines together (each line's changes, the value
#: it starts from and its "now" point): the lines share it, a line needing less than an
#: even share leaving the rest to the others, none drawing more than MAX_POINTS changes or
#: fewer than its first and last (``timeline.shares``). So a chart costs the same however
#: long the campaign: its lines are thinned as the history grows, not multiplied. 1,300
#: leaves every chart of the 20,000-event bench campaign as it was (ten heroes, about 112
#: XP changes each: its XP and level chart draws 1,240 points and needs 1,270 counting two
#: more a line), and a party of up to seven heroes never reaches it (7 x (150 XP + 2) +
#: their levels' changes); the 1,000,000-event campaign's renown and wealth chart, 3,019
#: points under the cap alone, draws 1,279.
CHART_BUDGET = 1_300
#: A line thinned to fit the budget keeps at least this many changes: its first and last.
LEAST_POINTS = 2
#: Points a line draws besides its changes: the value before the first one, and "now".
EXTRA_POINTS = 2


def may_see(visibility: str, viewer: str | None) -> bool:
    """Whether ``viewer`` may see a row of this visibility."""
    if viewer is None:
        return True
    if visibility == "party":
        return True
    return viewer != "party" and visibility == f"hero:{viewer}"


def visible_projects(campaign: Campaign, viewer: str | None, *, hero: str | None = None,
                     include_done: bool = True) -> list[ProjectState]:
    """Projects the viewer may see, oldest first (one hero's when named): those under way
    and, with ``include_done``, the last :data:`DONE_SHOWN` finished ones."""
    found = [p for p in campaign.projects(hero=hero, status="active")
             if may_see(p.visibility, viewer)]
    if include_done:
        name = campaign.hero(hero).name if hero else None
        found += [ProjectState.from_row(r) for r in finished_projects(
            campaign.ledger.db, hero=name, visible_to=viewer, limit=DONE_SHOWN)]
    return sorted(found, key=lambda p: p.id)


#: What a page shows instead of the title of a project the viewer may not see.
HIDDEN = REDACTED


def redactor(campaign: Campaign, viewer: str | None) -> Callable[[str], str]:
    """A function that blanks the titles of projects the viewer may not see out of a text,
    however a text writes them (the kit's :class:`~drawsteel_kit.kit.redact.Redactor`).

    Event summaries and reasons are written once for everyone: a party-visible respite's
    summary can name a Director-only project it rolled on. Player pages pass every such
    text through this, so a hidden title never reaches them. (A player page reads the
    players' copy, which has blanked every hidden name already.)"""
    if viewer is None:
        return str
    hidden = hidden_project_titles(campaign.ledger.db, viewer)
    return Redactor(hidden, campaign.heroes) if hidden else str


def visible_followers(campaign: Campaign, viewer: str | None, *, hero: str | None = None
                      ) -> list[tuple[FollowerState, str]]:
    """Active followers with the title of what they work on ('' when the viewer may not see
    that project, so a Director-only project's title never reaches a player page)."""
    followers = read_followers(campaign.ledger.db, hero=hero)
    titles = {r["id"]: r["title"] for r in projects_by_id(
        campaign.ledger.db, (f.project_id for f in followers if f.project_id is not None))
        if may_see(r["visibility"], viewer)}
    return [(f, titles.get(f.project_id, "") if f.project_id is not None else "")
            for f in followers]


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
    change. ``events`` and ``reasons`` belong to each point (0 and '' for the start).
    ``sampled``: the number changed more times than its chart could draw (more than
    :data:`MAX_POINTS`, or its share of :data:`CHART_BUDGET`) and these points are a sample
    of its changes, spread over the whole campaign (the first and the last are always in
    it)."""

    key: str
    field: str
    days: tuple[int, ...]
    values: tuple[int, ...]
    events: tuple[int, ...]
    reasons: tuple[str, ...]
    sessions: tuple[int | None, ...]
    sampled: bool = False


def _points(rows: Iterable[dict]) -> list[TimelinePoint]:
    """Timeline rows as points (by position: a chart of a long campaign makes thousands)."""
    return [TimelinePoint(r["event_id"], r["day"], r["session"], r["tbl"], r["key"],
                          r["field"], r["before"], r["after"], r["visibility"], r["kind"],
                          r["reason"]) for r in rows]


def _lines(campaign: Campaign, keys: Iterable[str], fields: list[str], viewer: str | None,
           budget: int) -> tuple[dict[tuple[str, str], list[dict[str, Any]]],
                                 set[tuple[str, str]]]:
    """Each (key, field) line's visible changes (timeline rows), the lines sharing
    ``budget`` points: all of a line's changes when they fit its share, else a sample of
    that many (returned in the set)."""
    db = campaign.ledger.db
    lines = [(key, field) for key in keys for field in fields]
    drawn = timeline.sampled_lines(
        db, [("party" if key == PARTY_KEY else "heroes", key, field) for key, field in lines],
        viewer, budget=budget, most=MAX_POINTS, least=LEAST_POINTS, extra=EXTRA_POINTS,
        columns=timeline.POINT)
    found = {line: rows for line, (rows, _) in zip(lines, drawn, strict=True) if rows}
    sampled = {line for line, (_, cut) in zip(lines, drawn, strict=True) if cut}
    return found, sampled


def series(campaign: Campaign, fields: Iterable[str], viewer: str | None, *,
           hero: str | None = None, redact: Callable[[str], str] | None = None
           ) -> dict[tuple[str, str], Series]:
    """Time series by (key, field) from the ledger's timeline (``hero="party"``: the party's).

    Only changes the viewer may see that stand are drawn (an undone change and its undo are
    not: the books as they stand); a value a hidden change set shows up at the next visible
    change. A number that changed more than MAX_POINTS times
    is drawn from a sample of its changes (``Series.sampled``), so a page costs the same
    however long the campaign has run. ``redact``: the viewer's :func:`redactor`, when the
    caller already has it. Without ``hero``: every change of every hero and the party."""
    fields = list(fields)
    if hero is not None:
        return chart_series(campaign, [hero], fields, viewer, redact=redact)
    grouped: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for p in read_timeline(campaign.ledger.db, fields=fields, visible_to=viewer):
        if p.after is not None:
            grouped.setdefault((p.key, p.field), []).append(vars(p))
    return _series(grouped, set(), redact or redactor(campaign, viewer))


def chart_series(campaign: Campaign, heroes: Iterable[str], fields: Iterable[str],
                 viewer: str | None, *, redact: Callable[[str], str] | None = None,
                 budget: int | None = None) -> dict[tuple[str, str], Series]:
    """The lines of one chart, a (hero, field) line each (``"party"``: the party's), as in
    :func:`series`, together drawing at most ``budget`` points (:data:`CHART_BUDGET`): a
    line needing more than its share of it is drawn from a sample (``Series.sampled``)."""
    keys = [PARTY_KEY if hero == "party" else hero for hero in heroes]
    grouped, sampled = _lines(campaign, keys, list(fields), viewer,
                              CHART_BUDGET if budget is None else budget)
    return _series(grouped, sampled, redact or redactor(campaign, viewer))


def _series(grouped: dict[tuple[str, str], list[dict[str, Any]]],
            sampled: set[tuple[str, str]], redact: Callable[[str], str]
            ) -> dict[tuple[str, str], Series]:
    """Each line's changes (timeline rows) as a Series, starting from the value before its
    first change. Built column by column: a chart of a long campaign draws thousands."""
    out = {}
    for (key, field), rows in grouped.items():
        first = rows[0]
        start = first["before"] is not None
        days = [first["day"]] * start + [r["day"] for r in rows]
        values = [first["before"]] * start + [r["after"] for r in rows]
        events = [0] * start + [r["event_id"] for r in rows]
        reasons = [""] * start + [redact(r["reason"]) for r in rows]
        sessions = [first["session"]] * start + [r["session"] for r in rows]
        out[(key, field)] = Series(key, field, tuple(days), tuple(values), tuple(events),
                                   tuple(reasons), tuple(sessions), (key, field) in sampled)
    return out


def token_changes(campaign: Campaign, viewer: str | None, sessions: int
                  ) -> tuple[int | None, list[TimelinePoint]]:
    """The party's hero-token changes the viewer may see in the last ``sessions`` sessions
    (oldest first), and the pool just before them (None when they start the history and the
    first has no value before it). Reads back from the newest change only as far as needed."""
    rows: list[dict] = []
    seen: set[int] = set()
    before: int | None = None
    changes = timeline.newest_first(campaign.ledger.db, "party", PARTY_KEY, "hero_tokens",
                                    viewer)
    try:
        for row in changes:
            number = row["session"] or 0
            if number not in seen and len(seen) == sessions:
                before = row["after"]  # the pool the oldest change shown started from
                break
            seen.add(number)
            rows.append(row)
        else:
            before = rows[-1]["before"] if rows else None
    finally:
        if isinstance(changes, Generator):  # stop reading the rows not needed
            changes.close()
    return before, _points(reversed(rows))

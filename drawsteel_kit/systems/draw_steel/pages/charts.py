"""Plotly figures of a campaign, built from its ledger only (testable without a browser).

Every function takes a :class:`~drawsteel_kit.systems.draw_steel.campaign.Campaign` (read-only is
enough) and a ``viewer`` (see :mod:`drawsteel_kit.systems.draw_steel.pages.data`: ``None`` is the
Director, ``"party"`` the party page, a hero's name their own page) and returns a
:class:`~drawsteel_kit.kit.ui.figures.Figure` (plain data: building one imports no plotly).
A hero's line is named after the hero (the legend's text) and its ``meta`` says what it holds
(``"Val XP"``), so a test can find a line and compare its values with the ledger. Each hero has
one colour and one marker shape in every chart (``kit.ui.figures.hero_style``, by the order the
heroes joined: ``campaign.roster``). Charts are one column (a 390 px phone first): panels stack,
legends sit below the plot, labels above their bars. Every
label made of typed text goes through ``kit.ui.html.plot_text`` (plotly reads a few tags in
labels; escaped, the text shows exactly as typed).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.ui.figures import (
    Figure,
    hero_colour,
    hero_style,
    layer_lines,
    legend_room,
)
from drawsteel_kit.kit.ui.figures import days_axis as _days_axis
from drawsteel_kit.kit.ui.figures import titled as _figure
from drawsteel_kit.kit.ui.html import plot_text
from drawsteel_kit.systems.draw_steel.pages.bars import (
    PROJECT_ROW,
    WORKING_COLOUR,
    labels_above,
)
from drawsteel_kit.systems.draw_steel.pages.data import (
    Series,
    chart_series,
    follower_counts,
    may_see,
    token_changes,
    visible_projects,
)
from drawsteel_kit.systems.draw_steel.rules.projects import milestones_for_goal

if TYPE_CHECKING:
    from drawsteel_kit.systems.draw_steel.campaign import Campaign
    from drawsteel_kit.systems.draw_steel.forecast import Curve
    from drawsteel_kit.systems.draw_steel.plans import Resolution

__all__ = [
    "followers_against_cap",
    "forecast_curve",
    "hero_tokens_by_session",
    "project_forecast",
    "project_progress",
    "renown_and_wealth",
    "resolution_changes",
    "xp_and_level",
]

#: The hero-token chart shows this many sessions, the last ones.
SESSIONS_SHOWN = 50
#: What a title says when a line is drawn from a sample of its changes.
SAMPLED = " (long history: a sample of the changes)"
#: A project label longer than this many characters breaks onto a second line (the rest
#: of a phone's line holds the project's numbers, at the right).
LABEL_LINE = 36
#: A finished project's bar (and one under way: ``bars.WORKING_COLOUR``).
DONE_COLOUR = "#2E8B57"


def _step(s: Series, name: str, today: int, unit: str = "", **kw: Any) -> dict[str, Any]:
    """A step line over campaign days, carried on to ``today`` (a last point, "now");
    hovering a point shows why it changed."""
    days, values, reasons = list(s.days), list(s.values), list(s.reasons)
    if days[-1] < today:
        days, values, reasons = [*days, today], [*values, values[-1]], [*reasons, "now"]
    return {"type": "scatter", "x": days, "y": values, "name": plot_text(name),
            "mode": "lines+markers", "line": {"shape": "hv", **kw.pop("line", {})},
            "customdata": [plot_text(r) for r in reasons],
            "hovertemplate": f"day %{{x}}: %{{y}}{unit}<br>%{{customdata}}"
                             "<extra>%{fullData.name}</extra>", **kw}


def _heroes(campaign: Campaign, hero: str | None) -> list[str]:
    return [campaign.hero(hero).name] if hero else list(campaign.heroes)


def _colours(campaign: Campaign, names: Iterable[str]) -> dict[str, str]:
    """Each named hero's colour, by their place among the campaign's members (read once a
    chart: reading the members reads every hero's row)."""
    roster = campaign.roster
    return {name: hero_colour(name, roster) for name in names}


def _adventure_marks(fig: Figure, campaign: Campaign, viewer: str | None) -> None:
    """A dotted line on the day each adventure began (victories start at 0 each adventure),
    in every panel, named above the top one (on the side of the line with more room)."""
    shapes = fig.layout.setdefault("shapes", [])
    notes = fig.layout.setdefault("annotations", [])
    low, today = fig.layout["xaxis"].get("range", [0, campaign.party.day])
    for a in campaign.adventures(visible_to=viewer):
        for n in range(1, fig.panels() + 1):
            x, y = ("x", "y") if n == 1 else (f"x{n}", f"y{n}")
            shapes.append({"type": "line", "x0": a.started_day, "x1": a.started_day,
                           "xref": x, "yref": f"{y} domain", "y0": 0, "y1": 1,
                           "line": {"dash": "dot", "color": "grey", "width": 1}})
        late = a.started_day > (low + today) / 2
        notes.append({"text": plot_text(a.name), "x": a.started_day, "xref": "x",
                      "y": 1, "yref": "y domain", "showarrow": False,
                      "xanchor": "right" if late else "left", "yanchor": "bottom",
                      "font": {"size": 10, "color": "grey"}})


def _lines(fig: Figure, campaign: Campaign, names: list[str], found: dict[tuple[str, str],
           Series], fields: tuple[str, ...], titles: tuple[str, ...],
           units: tuple[str, ...]) -> None:
    """A line per hero in each field's panel (stacked, the first field on top), in the
    hero's colour and shape; the legend names each hero once. A line's ``name`` is its
    hero's (the legend's text), its ``meta`` what it holds ("Val XP")."""
    today, roster = campaign.party.day, campaign.roster
    for row, (what, title, unit) in enumerate(zip(fields, titles, units, strict=True),
                                              start=1):
        panel = len(fig.data)
        for name in (n for n in names if (n, what) in found):
            first = next(f for f in fields if (name, f) in found) == what
            fig.add_trace(_step(found[(name, what)], name, today, unit, legendgroup=name,
                                meta=plot_text(f"{name} {title}"), showlegend=first,
                                **hero_style(name, roster)), row, 1)
        layer_lines(fig.data[panel:])


def _stacked(campaign: Campaign, names: list[str], fields: tuple[str, ...],
             titles: tuple[str, ...], units: tuple[str, ...], viewer: str | None,
             title: str, empty: str) -> Figure:
    """One panel per field, one above the other (a phone's one column), a line per hero."""
    found = chart_series(campaign, names, fields, viewer)
    fig = Figure().stack(len(fields))
    _lines(fig, campaign, names, found, fields, titles, units)
    _days_axis(fig, campaign.party.day)
    for n, text in enumerate(titles, start=1):
        fig.layout["yaxis" if n == 1 else f"yaxis{n}"]["title"] = {"text": text}
    sampled = any(s.sampled for s in found.values())
    fig = _figure(fig, title + (SAMPLED if sampled else ""), empty)
    legend = legend_room(names) if len(names) > 1 else 0
    fig.update_layout(height=200 + 150 * len(fields) + legend, showlegend=len(names) > 1)
    return fig


def xp_and_level(campaign: Campaign, *, viewer: str | None = None,
                 hero: str | None = None) -> Figure:
    """XP over campaign days above, level below (steps): a line per hero in their colour,
    the legend naming them below (one column: it reads on a phone)."""
    names = _heroes(campaign, hero)
    fig = _stacked(campaign, names, ("xp", "level"), ("XP", "level"), (" XP", ""), viewer,
                   "XP and level", "No XP yet")
    if fig.data:
        _adventure_marks(fig, campaign, viewer)
    return fig


def renown_and_wealth(campaign: Campaign, *, viewer: str | None = None,
                      hero: str | None = None) -> Figure:
    """Renown above, wealth below, over campaign days: a line per hero in their colour."""
    return _stacked(campaign, _heroes(campaign, hero), ("renown", "wealth"),
                    ("renown", "wealth"), (" renown", " wealth"), viewer, "Renown and wealth",
                    "No renown or wealth yet")


def followers_against_cap(campaign: Campaign, *, viewer: str | None = None,
                          hero: str | None = None) -> Figure:
    """Followers each hero has (those counting toward the cap) beside the renown cap: two
    bars a hero, each labelled with its number above it (a cap of 0 reads "cap 0")."""
    counts = follower_counts(campaign, viewer)
    names = _heroes(campaign, hero)
    labels = [plot_text(n) for n in names]
    have, cap = [counts[n][0] for n in names], [counts[n][1] for n in names]
    colours = _colours(campaign, names)
    fig = Figure([
        {"type": "bar", "x": labels, "y": have, "name": "followers",
         "marker": {"color": [colours[n] for n in names]},
         "text": [str(h) for h in have], "textposition": "outside", "cliponaxis": False,
         "hovertemplate": "%{x}: %{y} followers of the cap<extra></extra>"},
        {"type": "bar", "x": labels, "y": cap, "name": "cap",
         "marker": {"color": "rgba(0,0,0,0.06)", "line": {"color": "#555", "width": 1.5}},
         "text": [f"cap {c}" for c in cap], "textposition": "outside", "cliponaxis": False,
         "textfont": {"size": 10},
         "hovertemplate": "%{x}: renown allows %{y}<extra></extra>"},
    ])
    fig.update_layout(barmode="group", showlegend=False, bargap=0.25, bargroupgap=0.08)
    top = max([*have, *cap, 1])
    fig.axes("y", title={"text": "followers (bar) and cap (outline)"}, dtick=1,
             range=[0, top + 1])
    fig.axes("x", tickangle=-30 if len(names) > 3 else 0)
    return _figure(fig, "Followers against the renown cap")


def hero_tokens_by_session(campaign: Campaign, *, viewer: str | None = None) -> Figure:
    """Hero tokens gained and spent in each of the last SESSIONS_SHOWN sessions, and the pool
    when the session's last change was made."""
    before, points = token_changes(campaign, viewer, SESSIONS_SHOWN)
    sessions: dict[int, list[int]] = {}  # session -> [gained, spent, pool]
    previous = before
    for p in points:
        if previous is not None and p.after is not None:
            delta = p.after - previous
            row = sessions.setdefault(p.session or 0, [0, 0, 0])
            row[0 if delta > 0 else 1] += abs(delta)
            row[2] = p.after
        previous = p.after
    order = sorted(sessions)
    fig = Figure()
    if order:
        fig.add_trace({"type": "bar", "x": order, "y": [sessions[k][0] for k in order],
                       "name": "gained", "marker": {"color": "#009E73"}})
        fig.add_trace({"type": "bar", "x": order, "y": [sessions[k][1] for k in order],
                       "name": "spent or lost", "marker": {"color": "#D55E00"}})
        fig.add_trace({"type": "scatter", "x": order, "y": [sessions[k][2] for k in order],
                       "name": "pool", "mode": "lines+markers", "line": {"color": "#333"}})
    fig.axes("x", title={"text": "session"}, dtick=1)
    fig.axes("y", title={"text": "hero tokens"}, rangemode="tozero")
    fig.update_layout(barmode="group")
    return _figure(fig, "Hero tokens by session", "No hero tokens yet")


def _project_label(title: str, hero: str, done: bool) -> str:
    return plot_text(f"{title} ({hero}){' ✓' if done else ''}")


def _label_lines(title: str, hero: str, done: bool) -> list[str]:
    """A project's label for the line above its bar: two lines (the title, then whose) when
    longer than LABEL_LINE, so it fits a phone's width beside the numbers."""
    label = _project_label(title, hero, done)
    if len(label) <= LABEL_LINE:
        return [label]
    return [plot_text(title), _project_label("", hero, done).lstrip()]


def project_progress(campaign: Campaign, *, viewer: str | None = None,
                     hero: str | None = None, include_done: bool = True) -> Figure:
    """Each project's points against its goal (a bar never longer than the goal; a finished
    one green and marked done), milestones marked on the bar, its name and numbers on a line
    above it (the bars get the chart's whole width, even on a phone): those under way and
    (with ``include_done``) the last DONE_SHOWN finished ones."""
    projects = visible_projects(campaign, viewer, hero=hero, include_done=include_done)
    labels = [_project_label(p.title, p.hero, p.done) for p in projects]
    numbers = [("done" if p.done else f"{p.points}/{p.goal}") for p in projects]
    fig = Figure()
    if projects:
        fig.add_trace({
            "type": "bar", "y": labels, "x": [p.goal for p in projects], "name": "goal",
            "orientation": "h", "marker": {"color": "rgba(0,0,0,0.07)"}, "width": 0.4,
            "text": numbers, "textposition": "none", "hoverinfo": "skip"})
        fig.add_trace({
            "type": "bar", "y": labels, "x": [min(p.points, p.goal) for p in projects],
            "name": "points", "orientation": "h", "width": 0.4,
            "marker": {"color": [DONE_COLOUR if p.done else WORKING_COLOUR for p in projects]},
            "customdata": [p.points for p in projects],
            "hovertemplate": "%{y}: %{customdata} project points<extra></extra>"})
        marks = [(m, label) for p, label in zip(projects, labels, strict=True)
                 for m in milestones_for_goal(p.goal)]
        if marks:
            fig.add_trace({"type": "scatter", "x": [m for m, _ in marks],
                           "y": [lb for _, lb in marks], "name": "milestones",
                           "mode": "markers", "hovertemplate": "milestone at %{x}<extra></extra>",
                           "marker": {"symbol": "diamond", "size": 9, "color": "white",
                                      "line": {"width": 1.5, "color": "#333"}}})
        labels_above(fig, [(label, _label_lines(p.title, p.hero, p.done), number)
                           for p, label, number in zip(projects, labels, numbers, strict=True)],
                     0.2)
    fig.axes("x", title={"text": "project points"}, rangemode="tozero")
    fig.axes("y", showticklabels=False, autorange="reversed", ticks="")
    fig = _figure(fig, "Projects", "No projects yet")
    fig.update_layout(barmode="overlay", height=130 + PROJECT_ROW * max(1, len(projects)),
                      showlegend=False)
    return fig


def forecast_curve(curve: Curve, *, title: str = "Forecast", step: str = "day") -> Figure:
    """The chance a project is done after each step (``curve.probabilities``)."""
    steps = list(range(1, len(curve.probabilities) + 1))
    fig = Figure([{"type": "scatter", "x": steps, "y": list(curve.probabilities),
                   "name": "chance done", "mode": "lines+markers",
                   "hovertemplate": f"{step} %{{x}}: %{{y:.1%}}<extra></extra>"}])
    fig.axes("x", title={"text": f"{step}s from now"})
    fig.axes("y", title={"text": "chance done"}, tickformat=".0%", range=[0, 1.02])
    expected = f"expected {curve.expected_rolls:.1f} {step}s"
    return _figure(fig, f"{plot_text(title)}: {curve.points_already}/{curve.goal}, {expected}")


def project_forecast(campaign: Campaign, project: int | str, *, viewer: str | None = None,
                     **whatif: Any) -> Figure:
    """A project's forecast by day (``Campaign.forecast``'s keywords are the what-ifs)."""
    target = campaign.project(project)
    if not may_see(target.visibility, viewer):
        raise _hidden(project)
    curve = campaign.forecast(target.id, **whatif)
    return forecast_curve(curve, title=target.title)


def _hidden(project: int | str) -> Exception:
    """The error for a project the viewer may not see (worded like any unknown project)."""
    from drawsteel_kit.systems.draw_steel.errors import ProjectNotStarted

    return ProjectNotStarted(f"no project {project!r} to show")


def resolution_changes(resolution: Resolution, campaign: Campaign) -> Figure:
    """What a resolved plan changed (or, for a dry run, would change): project points and
    hero XP, before and after (:mod:`~drawsteel_kit.systems.draw_steel.pages.plan_chart`)."""
    from drawsteel_kit.systems.draw_steel.pages.plan_chart import plan_changes

    return plan_changes(resolution, campaign)

"""Dungeon World's player pages: the party page, each character's page, a plan's changes.

Built from the same blocks as Draw Steel's pages (``kit.ui.html``, ``kit.ui.pages.Page``),
from the ledger only: sheets the viewer may see, events the viewer may see, and the XP and
HP lines from the timeline index. Every text is escaped; nothing for the Director is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.party_view import PartyView, books
from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.kit.ui.figures import (
    Figure,
    hero_colours,
    hero_style,
    layer_lines,
    legend_room,
)
from drawsteel_kit.kit.ui.figures import days_axis as _days_axis
from drawsteel_kit.kit.ui.figures import titled as _figure
from drawsteel_kit.kit.ui.history_block import history_block
from drawsteel_kit.kit.ui.html import (
    STYLE,
    Html,
    Markup,
    link,
    plot_text,
    progress,
    swatch,
    table,
)
from drawsteel_kit.kit.ui.pages import (
    Linker,
    Page,
    nav,
    page_owner,
    query_link,
)
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.dungeon_world.campaign import DungeonWorldCampaign as Campaign
from drawsteel_kit.systems.dungeon_world.entries import hold_text, load_text
from drawsteel_kit.systems.dungeon_world.rules.load import encumbrance
from drawsteel_kit.systems.dungeon_world.rules.moves import MOVE_NAMES

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.plans import Resolution
    from drawsteel_kit.systems.dungeon_world.rules import Character

__all__ = ["CHART_BUDGET", "member_page", "party_page", "resolution_blocks", "xp_and_hp"]

#: How many changes of one number a chart draws (a sample of them beyond this).
POINTS = 150
#: The most points one chart draws, all its lines together (each line's changes and its
#: "now" point): a line needing more than its share is drawn from a sample of that many
#: (``timeline.samples``), so a chart of a large roster costs no more than a small one's.
#: A party of five at POINTS a line (5 x 2 lines x 151 = 1,510) draws as it did.
CHART_BUDGET = 1_600
#: XP a level needs: level + 7 (003: 330).
XP_OFFSET = 7


def _book(campaign: Campaign) -> Any:
    return campaign.dungeon_world


def _nav(campaign: Campaign, current: str | None, linker: Linker) -> Markup:
    return nav(campaign.members, current, linker)


def _line(campaign: Campaign, rows: list[dict[str, Any]]) -> tuple[list[int], list[int]]:
    """A line's days and values, carried on to today."""
    days = [r["day"] for r in rows]
    values = [r["after"] for r in rows]
    if days and days[-1] < campaign.party.day:
        days, values = [*days, campaign.party.day], [*values, values[-1]]
    return days, values


def xp_and_hp(campaign: Campaign, *, viewer: str, name: str | None = None) -> Figure:
    """XP above, HP below, over campaign days: a line per character the viewer sees, in the
    character's colour and shape, the legend naming each below (one column: it reads on a
    phone), together at most CHART_BUDGET points."""
    fig = Figure().stack(2)
    roster = campaign.roster
    sheets = [s for s in _book(campaign).sheets("character", visible_to=viewer)
              if name is None or s.name == name]
    fields = ((1, "xp"), (2, "hp"))
    found = iter(timeline.samples(
        campaign.ledger.db, [("sheets", s.key, field) for s in sheets for _, field in fields],
        viewer, budget=CHART_BUDGET, most=POINTS))
    panels: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    for sheet in sheets:
        for row, field in fields:
            days, values = _line(campaign, next(found))
            if days:
                panels[row].append({
                    "type": "scatter", "x": days, "y": values, "name": plot_text(sheet.name),
                    "meta": plot_text(f"{sheet.name} {field.upper()}"),
                    "mode": "lines+markers", "legendgroup": sheet.name,
                    "showlegend": not any(t["legendgroup"] == sheet.name for t in panels[1]),
                    "hovertemplate": f"day %{{x}}: %{{y}} {field.upper()}"
                                     "<extra>%{fullData.name}</extra>",
                    **hero_style(sheet.name, roster)})
    for row, traces in panels.items():
        layer_lines(traces)
        for trace in traces:
            trace["line"]["shape"] = "hv"
            fig.add_trace(trace, row=row, col=1)
    _days_axis(fig, campaign.party.day)
    fig.update_layout(yaxis={"title": {"text": "XP"}}, yaxis2={"title": {"text": "HP"}})
    fig = _figure(fig, "XP and HP", "No XP or HP yet")
    many = len(sheets) > 1
    return fig.update_layout(height=500 + (legend_room(s.name for s in sheets) if many else 0),
                             showlegend=many)


def _numbers(c: Character) -> list[Any]:
    return [c.level, progress(c.xp, c.level + XP_OFFSET), f"{c.hp}/{c.max_hp}", c.coin,
            c.rations, c.preparation, hold_text(c), load_text(c),
            ", ".join(c.debilities) or "-"]


_NUMBER_HEADERS = ["level", "XP/next", "HP", "coin", "rations", "preparation", "hold", "load",
                   "debilities"]


def party_page(view: PartyView, *, linker: Linker = query_link) -> Page:
    """The party page: the day, every character's numbers and bonds, a chart, recent events."""
    campaign = books(view, Campaign)
    viewer = "party"
    party = campaign.party
    book = _book(campaign)
    session = (f"session {party.session} (open)" if party.session_open
               else f"{plural(party.session, 'session')} played")
    header = Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">Dungeon World · '
                    "day {} · {}</p>{}").format(STYLE, party.name, party.day, session,
                                                _nav(campaign, None, linker))
    colours = hero_colours(campaign.roster)  # the same colour as in every chart
    rows = [[Markup("{}{}").format(swatch(colours.get(c.name, "#999")),
                                   link(c.name, linker(c.name))),
             book.player(c.name), c.playbook or "-",
             *_numbers(c), "; ".join(f"{b.target}: {b.text}" for b in c.bonds) or "-"]
            for c in book.characters(visible_to=viewer).values()]
    characters = table(["character", "player", "playbook", *_NUMBER_HEADERS, "bonds"], rows,
                       css="dsk-heroes", empty="No characters yet.")
    blocks = [
        Html(Markup("{}<h2>Characters</h2>{}</div>").format(header, characters)),
        xp_and_hp(campaign, viewer=viewer),
        history_block(campaign, viewer),
    ]
    return Page(party.name, None, tuple(blocks))


def member_page(view: PartyView, name: str | None = None, *,
                linker: Linker = query_link) -> Page:
    """One character's page: numbers, stats and modifiers, bonds, moves, gear, their history
    (with their own ``hero:NAME`` rows, no one else's)."""
    campaign = books(view, Campaign)
    name = page_owner(view, name)
    book = _book(campaign)
    sheet = book.member_sheet(name)
    viewer = sheet.name
    c = book.character(sheet.name)
    about = " · ".join(str(x) for x in (c.playbook, f"level {c.level}", str(c.alignment),
                                         book.player(c.name) and f"player {book.player(c.name)}")
                       if x)
    numbers = table(_NUMBER_HEADERS, [_numbers(c)], css="dsk-stats", key=None)
    stats = table(["stat", "score", "modifier"],
                  [(s, c.score(s), f"{c.modifier(s):+d}") for s in c.scores.as_dict()])
    bonds = table(["with", "bond"], [(b.target, b.text) for b in c.bonds], empty="No bonds.")
    mods = [f"{m.amount:+d} forward" + (f" to {MOVE_NAMES[m.move]}" if m.move else "") +
            (f" ({m.source})" if m.source else "") for m in c.forward]
    mods += [f"{m.amount:+d} ongoing" + (f" ({m.source})" if m.source else "")
             for m in c.ongoing]
    gear = [f"{g} ({c.weights[g]})" if c.weights.get(g) else g for g in c.gear]
    rows = [("moves", ", ".join(c.moves) or "-"), ("gear (weight)", ", ".join(gear) or "-"),
            ("load", encumbrance(c).describe()), ("ammo", c.ammo),
            ("forward and ongoing", "; ".join(mods) or "-")]
    if c.fate != "alive":
        rows.append(("Last Breath", f"{c.fate}" + (f": {c.bargain}" if c.bargain else "")))
    traits = table(["", ""], rows)
    blocks = [
        Html(Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">{}</p>{}{}'
                    "<h2>Stats</h2>{}<h2>Bonds</h2>{}{}</div>").format(
            STYLE, c.name, about, _nav(campaign, c.name, linker), numbers, stats, bonds,
            traits)),
        xp_and_hp(campaign, viewer=viewer, name=c.name),
        history_block(campaign, viewer, c.name),
    ]
    return Page(c.name, c.name, tuple(blocks))


def resolution_blocks(campaign: Campaign, result: Resolution) -> list[Any]:
    """What a plan changed (or would change): each character's numbers before and after."""
    first: dict[str, dict[str, Any]] = {}
    last: dict[str, dict[str, Any]] = {}
    for event in result.events:
        for op in event.ops:
            if op.get("table") == "sheets" and op.get("op") == "update":
                name = str(op["before"].get("data", {}).get("name", op["key"]))
                first.setdefault(name, op["before"].get("data", {}))
                last[name] = {**first[name], **op["after"].get("data", {})}
    fields = ("xp", "hp", "coin", "rations", "preparation")
    rows = [(name, *(f"{first[name].get(f)} → {last[name].get(f)}" for f in fields))
            for name in last]
    fig = Figure()
    for f in fields:
        fig.add_trace({"type": "bar", "name": f, "x": [plot_text(n) for n in last],
                       "y": [(last[n].get(f) or 0) - (first[n].get(f) or 0) for n in last]})
    fig.update_layout(barmode="group", yaxis={"title": {"text": "change"}})
    changed = table(["character", *fields], rows, empty="No sheet changed.")
    return [Html(Markup("<h3>Characters</h3>{}").format(changed)),
            _figure(fig, "What the plan changed", "No sheet changed")]

"""The players' pages of a condition-sheet campaign (seed 004): the characters, the battle
under way (round, initiative order, each fighter's condition sheet drawn slot by slot),
past battles, and charts of mana. Only party rows are read (a character's page adds
``hero:NAME`` rows); the GM's foe sheets never are, and a foe's mana and emotions stay off
the page. Every text is escaped (``kit.ui.html``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.party_view import PartyView, books
from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.kit.ui.figures import hero_colours
from drawsteel_kit.kit.ui.history_block import history_block
from drawsteel_kit.kit.ui.html import STYLE, Html, Markup, join, link, plot_text, swatch, table
from drawsteel_kit.kit.ui.pages import (
    Block,
    Linker,
    Page,
    nav,
    page_owner,
    query_link,
    section,
)
from drawsteel_kit.systems.condition_sheet.campaign import ConditionSheetCampaign as Campaign
from drawsteel_kit.systems.condition_sheet.face import REVEAL
from drawsteel_kit.systems.condition_sheet.rules import SLOTS, Battle, Character

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.sheets import SheetState
    from drawsteel_kit.kit.ui.figures import Figure

__all__ = ["battle_html", "mana_chart", "mana_rounds_chart", "member_page", "members",
           "party_page", "resolution_blocks"]

SYSTEM = "condition-sheet"
#: How many changes of a character's mana the chart samples.
CHART_POINTS = 60
#: The most points the mana chart draws, all its lines together (each line's changes and
#: its "now" point): a line needing more than its share is drawn from a sample of that many
#: (``timeline.samples``), so a large roster's chart costs no more than a small one's.
#: Eight characters at CHART_POINTS a line (8 x 61 = 488) draw as they did.
CHART_BUDGET = 500
GRID = Markup("""<style>
.cs-grid { border-collapse: collapse; margin: 0.2em 0 0.8em; }
.cs-grid th { text-align: left; padding: 0 0.6em 0 0; font-weight: normal; color: #555; }
.cs-grid td { border: 1px solid #999; width: 5.5em; height: 1.6em; text-align: center;
  font-size: 0.85em; }
.cs-grid td.cs-none { background: #bbb; border-color: #bbb; }
.cs-grid td.cs-damage { background: #f6c9c0; } .cs-grid td.cs-curse { background: #d9c8f0; }
.cs-grid td.cs-bless { background: #fbeeb8; }
.cs-down { color: #b71c1c; font-weight: bold; }
</style>""")


def members(campaign: Campaign) -> list[str]:
    """The players' characters, who have pages of their own."""
    return campaign.members


def _reveal(campaign: Campaign) -> bool:
    """Whether the table shows the players its foes' profiles (campaign.yaml settings)."""
    return campaign.settings.get(REVEAL) is True


def _battles(campaign: Campaign, viewer: str) -> list[SheetState]:
    return [s for s in campaign.sheets("battle", visible_to=viewer) if s.system == SYSTEM]


def _nav(campaign: Campaign, current: str | None, linker: Linker) -> Markup:
    return nav(campaign.members, current, linker)


def _characters(campaign: Campaign, viewer: str, only: str | None, linker: Linker) -> Markup:
    colours = hero_colours(campaign.roster)  # the same colour as in every chart
    rows = []
    for s in campaign.sheets("character", visible_to=viewer):
        if s.system != SYSTEM or (only and s.name != only):
            continue
        d = s.data
        rows.append((Markup("{}{}").format(swatch(colours.get(s.name, "#999")),
                                           link(s.name, linker(s.name))),
                     d["player"], f"{d['cast']:+d}",
                     f"{d['guard']:+d}", d["mana"],
                     ", ".join(f"{t} {n}" for t, n in d["emotions"].items()) or "-",
                     ", ".join(f"{n} ({v})" for n, v in d["curses"].items()) or "-",
                     ", ".join(f"{n} ({v})" for n, v in d["blesses"].items()) or "-",
                     ", ".join(d["preparations"]) or "-"))
    return table(["character", "player", "cast", "guard", "mana", "emotions",
                  "curses (strength)", "blesses (strength)", "preparations"], rows,
                 empty="No characters.")


def sheet_grid(c: Character) -> Markup:
    """A condition sheet: damage, curse and bless rows of 6 cells, slots it lacks greyed."""
    rows = []
    for row, marks in (("damage", ["×"] * c.sheet.damage),
                       ("curse", [m.name for m in c.sheet.curses]),
                       ("bless", [m.name for m in c.sheet.blesses])):
        cells = []
        for i in range(SLOTS):
            if i >= c.sheet.slots:
                cells.append(Markup('<td class="cs-none"></td>'))
            elif i < len(marks):
                cells.append(Markup('<td class="cs-{}">{}</td>').format(row, marks[i]))
            else:
                cells.append(Markup("<td></td>"))
        rows.append(Markup("<tr><th>{}</th>{}</tr>").format(row, Markup("").join(cells)))
    return Markup('<table class="cs-grid">{}</table>').format(Markup("").join(rows))


def _profile(c: Character) -> list[object]:
    """A GM character's profile, for a table that reveals its foes (``reveal_foes``)."""
    shown: list[object] = [f"cast {c.cast:+d}", f"guard {c.guard:+d}"]
    shown += [f"{what.replace('_', ' ')} {value}" for what, value in (
        ("fixed_initiative", c.fixed_initiative), ("fixed_cast", c.fixed_cast),
        ("fixed_guard", c.fixed_guard)) if value is not None]
    shown.append(f"mana {c.mana}")
    shown += [f"{kind} {m.name} ({m.strength})" for kind, marks in (
        ("curse", c.curse_recipes), ("bless", c.bless_recipes)) for m in marks]
    shown += [f"emotion toward {t}: {n}" for t, n in c.emotions]
    shown += [f"preparation {p}" for p in c.preparations]
    return shown


def _fighter(b: Battle, c: Character, reveal: bool = False) -> Markup:
    notes: list[object] = []
    if c.knocked_down:
        notes.append(Markup('<span class="cs-down">knocked down</span>'))
    if c.withdrawn:
        notes.append("withdrew")
    if b.current == c.name:
        notes.append(Markup("<b>to act</b>"))
    elif c.name in b.acted:
        notes.append("acted")
    if c.side == "pc":
        notes.append(f"mana {c.mana}")
        notes += [f"emotion toward {t}: {n}" for t, n in c.emotions]
    else:
        notes.append("GM's character")
        notes += _profile(c) if reveal else []
    return Markup("<h4>{} <small>{}</small></h4>{}").format(c.name, join(" · ", notes),
                                                           sheet_grid(c))


def battle_html(data: dict[str, Any], name: str, *, reveal: bool = False) -> Markup:
    """One running battle: round, initiative order, whose turn, every condition sheet (and
    the GM's characters' profiles when the table reveals them)."""
    b = Battle.from_dict(data["battle"])
    phase = {"setup": "initiative not rolled yet", "initiative": "initiative rolled, order "
             "being settled", "acting": "acting", "ended": "ended"}[b.phase]
    head = Markup('<h3>{}</h3><p class="dsk-meta">Round {} · {}</p>'
                  '<p class="dsk-meta">Played with {}</p>').format(name, b.round, phase,
                                                                 b.rules.text())
    values = dict(b.initiative)
    listed = list(b.order) or [n for n, _ in b.initiative]
    order = table(["#", "character", "initiative", "now"], [
        (i, ("▶ " if n == b.current else "") + n, values.get(n, "-"),
         "to act" if n == b.current else "acted" if n in b.acted else
         "out" if not b.get(n).can_act else "waiting") for i, n in enumerate(listed, 1)],
        empty="Initiative is rolled when the round starts.")
    waiting = [Markup("<p>Rolled, waiting: {}'s {} {}</p>").format(
        c["who"], c["kind"], sum(c["faces"]) + c["value"] + c["bonus"])
        for c in data.get("checks", [])]
    return join("", [GRID, head, order, *waiting,
                     *(_fighter(b, c, reveal) for c in b.characters)])


def _past(battles: list[SheetState], only: str | None = None) -> Markup:
    rows = []
    for s in battles:
        b = Battle.from_dict(s.data["battle"])
        names = [c.name for c in b.characters]
        if s.status != "ended" or (only and only not in names):
            continue
        rows.append((s.name, s.day, b.round, ", ".join(names)))
    return table(["battle", "day", "rounds", "who fought"], rows,
                 empty="No battle has ended yet.")


def mana_rounds_chart(campaign: Campaign, viewer: str = "party") -> Figure:
    """The newest battle: each player's character's mana as each round began, and now."""
    from drawsteel_kit.kit.ui.figures import Figure, hero_style, layer_lines, legend_room
    from drawsteel_kit.kit.ui.figures import titled as _figure

    fig = Figure()
    battles = _battles(campaign, viewer)
    title = "Mana by round"
    if battles:
        s = battles[-1]
        b = Battle.from_dict(s.data["battle"])
        rounds = s.data.get("rounds", [])
        title = f"Mana by round: {plot_text(s.name)}"
        roster = campaign.roster
        for c in b.characters:
            if c.side != "pc":
                continue
            xs = [str(r["round"]) for r in rounds if c.name in r["mana"]]
            ys = [r["mana"][c.name] for r in rounds if c.name in r["mana"]]
            if s.status == "running":
                xs, ys = [*xs, "now"], [*ys, c.mana]
            fig.add_trace({"type": "scatter", "x": xs, "y": ys, "name": plot_text(c.name),
                           "mode": "lines+markers", **hero_style(c.name, roster),
                           "hovertemplate": "round %{x}: %{y} mana<extra>%{fullData.name}"
                                            "</extra>"})
        layer_lines(fig.data)
        fig.axes("x", title={"text": "round"}, type="category")
        fig.axes("y", title={"text": "mana"}, dtick=1)
    fig = _figure(fig, title, "No battle yet.")
    return fig.update_layout(height=380 + legend_room(str(t.name) for t in fig.data))


def mana_chart(campaign: Campaign, viewer: str = "party", only: str | None = None) -> Figure:
    """Each character's mana between battles over campaign days (its sheet's changes; the
    lines together at most CHART_BUDGET points)."""
    from drawsteel_kit.kit.ui.figures import (
        Figure,
        days_axis,
        hero_style,
        layer_lines,
        legend_room,
    )
    from drawsteel_kit.kit.ui.figures import titled as _figure

    fig = Figure()
    today, roster = campaign.party.day, campaign.roster
    chars = [s for s in campaign.sheets("character", visible_to=viewer)
             if s.system == SYSTEM and not (only and s.name != only)]
    found = timeline.samples(campaign.ledger.db, [("sheets", s.key, "mana") for s in chars],
                             viewer, budget=CHART_BUDGET, most=CHART_POINTS)
    for s, points in zip(chars, found, strict=True):
        if points:
            xs, ys = [p["day"] for p in points], [p["after"] for p in points]
            if xs[-1] < today:
                xs, ys = [*xs, today], [*ys, ys[-1]]
            style = hero_style(s.name, roster)
            style["line"]["shape"] = "hv"
            fig.add_trace({"type": "scatter", "x": xs, "y": ys, "name": plot_text(s.name),
                           "mode": "lines+markers", **style,
                           "hovertemplate": "day %{x}: %{y} mana<extra>%{fullData.name}"
                                            "</extra>"})
    layer_lines(fig.data)
    days_axis(fig, today)
    fig.axes("y", title={"text": "mana"}, dtick=1)
    fig = _figure(fig, "Mana after each battle", "No mana recorded yet.")
    return fig.update_layout(height=380 + legend_room(str(t.name) for t in fig.data))


def party_page(view: PartyView, *, linker: Linker = query_link) -> Page:
    """The party: characters, the battle under way, past battles, charts, recent events."""
    campaign = books(view, Campaign)
    viewer = "party"
    party = campaign.party
    battles = _battles(campaign, viewer)
    reveal = _reveal(campaign)
    live = join("", [battle_html(s.data, s.name, reveal=reveal) for s in battles
                     if s.status == "running"]) \
        or Markup('<p class="dsk-empty">No battle is under way.</p>')
    blocks: list[Block] = [
        Html(Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">Condition-sheet '
                    "battles · day {}</p>{}<h2>Characters</h2>{}</div>").format(
            STYLE, party.name, party.day, _nav(campaign, None, linker),
            _characters(campaign, viewer, None, linker))),
        section("Battle", live),
        section("Past battles", _past(battles)),
        mana_rounds_chart(campaign, viewer),
        mana_chart(campaign, viewer),
        history_block(campaign, viewer),
    ]
    return Page(party.name, None, tuple(blocks))


def member_page(view: PartyView, name: str | None = None, *,
                linker: Linker = query_link) -> Page:
    """One character: their profile, the battle they are in, their battles, mana, history."""
    campaign = books(view, Campaign)
    name = page_owner(view, name)
    viewer = campaign.member(name)
    battles = _battles(campaign, viewer)
    mine = [s for s in battles if s.status == "running" and any(
        c["name"] == viewer for c in s.data["battle"]["characters"])]
    live = join("", [battle_html(s.data, s.name, reveal=_reveal(campaign)) for s in mine]) or \
        Markup('<p class="dsk-empty">{} is in no battle now.</p>').format(viewer)
    blocks: list[Block] = [
        Html(Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">{}</p>{}{}'
                    "<h2>Now</h2>{}<h2>Battles</h2>{}</div>").format(
            STYLE, viewer, campaign.party.name, _nav(campaign, viewer, linker),
            _characters(campaign, viewer, viewer, linker), live, _past(battles, viewer))),
        mana_chart(campaign, viewer, viewer),
        history_block(campaign, viewer, viewer),
    ]
    return Page(viewer, viewer, tuple(blocks))


def resolution_blocks(campaign: Campaign, *args: Any, **kwargs: Any) -> list[Block]:
    """Condition-sheet battles have no downtime plans to resolve: nothing to show."""
    return []

"""The players' pages of a Pathfinder 2e campaign: the PCs, the live encounter tracker (the
party's view sheet: unidentified enemies under the names the players know), past encounters'
records, and charts. Only party rows are read (a PC's page adds ``hero:NAME`` rows); the
Director's encounter sheets never are. Every text is escaped (``kit.ui.html``).
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
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.pf2e.campaign import Pf2eCampaign as Campaign

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.sheets import SheetState
    from drawsteel_kit.kit.ui.figures import Figure

__all__ = ["hp_chart", "member_page", "members", "party_page", "resolution_blocks",
           "rounds_chart"]

VIEW = "encounter-view"
#: How many points of each PC's hit points the chart samples.
CHART_POINTS = 60
#: The most points the hit-point chart draws, all its lines together (each line's changes
#: and its "now" point): a line needing more than its share is drawn from a sample of that
#: many (``timeline.samples``), so a large roster's chart costs no more than a small one's.
#: Eight PCs at CHART_POINTS a line (8 x 61 = 488) draw as they did.
CHART_BUDGET = 500


def members(campaign: Campaign) -> list[str]:
    """The PCs, who have pages of their own."""
    return campaign.members


def _views(campaign: Campaign, viewer: str) -> list[SheetState]:
    return [s for s in campaign.sheets(VIEW, visible_to=viewer) if s.system == "pf2e"]


def _nav(campaign: Campaign, current: str | None, linker: Linker) -> Markup:
    return nav(campaign.members, current, linker)


def _pc_rows(campaign: Campaign, viewer: str, only: str | None, linker: Linker) -> Markup:
    show_hp = bool(campaign.settings.get("hp_on_page", True))
    colours = hero_colours(campaign.roster)  # the same colour as in every chart
    rows = []
    for s in campaign.sheets("character", visible_to=viewer):
        if s.system != "pf2e" or (only and s.name != only):
            continue
        d = s.data
        row: list[Any] = [Markup("{}{}").format(swatch(colours.get(s.name, "#999")),
                                                link(s.name, linker(s.name))),
                          d.get("player", ""),
                          f"{d.get('ancestry', '')} {d.get('class', '')}".strip(),
                          d.get("level"), f"{d.get('perception', 0):+d}"]
        row.append(d.get("xp", 0))
        if show_hp:
            row.append(f"{d.get('hp')}/{d.get('max_hp')}")
        rows.append(row)
    headers = ["PC", "player", "ancestry & class", "level", "Perception", "XP"]
    return table([*headers, "HP"] if show_hp else headers, rows, empty="No PCs.")


def _effects(row: dict[str, Any]) -> str:
    parts = [f"{e['name']}" + (f" on {e['on']}" if e.get("on") else "")
             + f" ({e['rounds']} more, counted at the {e['ticks']} of the turn)"
             for e in row.get("effects", [])]
    return "; ".join(parts) or "-"


def _state(row: dict[str, Any]) -> str:
    """Conditions with their values, cover, off-guard, air, a mount's rider."""
    parts = [f"{k} {v}" for k, v in row.get("conditions", {}).items()]
    parts += [f"{row['cover']} cover"] * bool(row.get("cover"))
    parts += ["off-guard (flanked)"] * bool(row.get("off_guard"))
    if row.get("air") is not None:
        parts.append(f"holding breath: {plural(row['air'], 'round')} of air" if row["air"] else
                     "suffocating")
    if row.get("mount_of"):
        parts.append(f"{row['mount_of']}'s mount")
    return ", ".join(parts) or "-"


def _hp(row: dict[str, Any], show_hp: bool) -> str:
    """Hit points where the players may see them (their own; foes' only when revealed)."""
    if row.get("hp") is None or (row.get("side") == "pc" and not show_hp):
        return "-"
    ac = f", AC {row['ac']}" if row.get("ac") is not None and row.get("side") != "pc" else ""
    return f"{row['hp']}/{row['max_hp']}{ac}"


def tracker(view: dict[str, Any], show_hp: bool = True) -> Markup:
    """One running encounter as players see it."""
    acting = view.get("acting")
    now = (Markup(" · <b>{}'s turn</b>").format(acting) if acting else
           " · between turns" if view.get("rolled") else " · initiative not rolled yet")
    head = Markup('<h3>{}</h3><p class="dsk-meta">Round {}{}</p>').format(
        view["encounter"], view["round"], now)
    rows = []
    for i, row in enumerate(view.get("combatants", []), start=1):
        state = ("acting" if row.get("acting") else "delaying" if row.get("delaying")
                 else "waiting")
        economy = (plural(row['actions'], 'action') if row.get("acting") else "-")
        if row.get("acting") and row.get("attack_penalty"):
            economy += f", next attack {row['attack_penalty']}"
        rows.append((i, ("▶ " if row.get("acting") else "") + row["name"],
                     row.get("initiative") if row.get("initiative") is not None else "-",
                     state, _hp(row, show_hp), _state(row), economy,
                     "yes" if row.get("reaction") else "no", _effects(row),
                     "; ".join(f"{p['damage']} {p['type']}: at the end of each turn, then a "
                               "flat check" for p in row.get("persistent", [])) or "-"))
    order = table(["#", "creature", "initiative", "now", "HP", "conditions", "actions left",
                   "reaction",
                   "effects", "persistent damage"], rows, key=1, empty="Nobody in it yet.")
    extra = []
    if view.get("delaying"):
        extra.append(Markup("<p>Delaying: {}</p>").format(", ".join(view["delaying"])))
    if view.get("out"):
        extra.append(Markup("<p>Out of the fight: {}</p>").format(", ".join(view["out"])))
    return join("", [head, order, *extra])


def _records(views: list[SheetState], only: str | None = None) -> Markup:
    rows = []
    for s in views:
        r = s.data.get("record")
        if s.status != "ended" or not r or (only and only not in r.get("turns", {})):
            continue
        rows.append((s.name, s.day, r["rounds"], f"{r['seconds']} s",
                     r["turns"].get(only, "-") if only else ", ".join(r["acted"]) or "-",
                     ", ".join(r["defeated"]) or "-", ", ".join(r["identified"]) or "-",
                     len(r["unidentified"]), r.get("xp", 0),
                     "; ".join(r.get("treasure", [])) or "-"))
    return table(["encounter", "day", "rounds", "game time",
                  "turns taken" if only else "acted", "defeated", "identified",
                  "never identified", "XP each", "treasure"], rows,
                 empty="No encounter has ended yet.")


def rounds_chart(campaign: Campaign, viewer: str = "party") -> Figure:
    """Rounds each encounter lasted (a running one: so far)."""
    from drawsteel_kit.kit.ui.figures import Figure
    from drawsteel_kit.kit.ui.figures import titled as _figure

    views = _views(campaign, viewer)
    fig = Figure()
    if views:
        fig.add_trace({"type": "bar",
                       "x": [plot_text(f"{i + 1}. {s.name}") for i, s in enumerate(views)],
                       "y": [s.data.get("round", 0) for s in views],
                       "marker": {"color": ["#0072B2" if s.status == "ended" else "#E69F00"
                                            for s in views]},
                       "hovertemplate": "%{x}: %{y} rounds<extra></extra>"})
        fig.axes("x", title={"text": "encounter"})
        fig.axes("y", title={"text": "rounds"}, dtick=1)
    return _figure(fig, "Rounds per encounter (orange: still running)", "No encounters yet.")


def _moments(db: Any, ids: list[int]) -> dict[int, str]:
    """Where each event happened at the table: "encounter 1 (2/4)", its second of four
    changes drawn in encounter 1, or "day 3" outside an encounter (the players' copy keeps
    the encounter, not the round)."""
    import json

    marks = ", ".join("?" for _ in ids)
    rows = [(r["id"], r["day"], json.loads(r["payload"] or "{}").get("encounter"))
            for r in db.query(f"SELECT id, day, payload FROM events WHERE id IN ({marks}) "
                              "ORDER BY id", ids)]
    total: dict[Any, int] = {}
    for _, _, encounter in rows:
        total[encounter] = total.get(encounter, 0) + 1
    out: dict[int, str] = {}
    seen: dict[Any, int] = {}
    for event_id, day, encounter in rows:
        seen[encounter] = seen.get(encounter, 0) + 1
        if not encounter:
            out[event_id] = f"day {day}"
        elif total[encounter] == 1:
            out[event_id] = f"encounter {encounter}"
        else:
            out[event_id] = f"encounter {encounter} ({seen[encounter]}/{total[encounter]})"
    return out


def hp_chart(campaign: Campaign, viewer: str = "party", only: str | None = None) -> Figure:
    """Each PC's hit points encounter by encounter (day by day between them), change by
    change, in the PC's colour (together at most CHART_BUDGET points)."""
    from drawsteel_kit.kit.ui.figures import Figure, hero_style, layer_lines, legend_room
    from drawsteel_kit.kit.ui.figures import titled as _figure

    fig = Figure()
    db = campaign.ledger.db
    pcs = [s for s in campaign.sheets("character", visible_to=viewer)
           if s.system == "pf2e" and not (only and s.name != only)]
    found = timeline.samples(db, [("sheets", s.key, "hp") for s in pcs], viewer,
                             budget=CHART_BUDGET, most=CHART_POINTS)
    lines = [(s.name, points) for s, points in zip(pcs, found, strict=True) if points]
    ids = sorted({p["event_id"] for _, points in lines for p in points})
    moment = _moments(db, ids) if ids else {}
    order = list(dict.fromkeys(moment[i] for i in ids))  # the table's moments, in order
    roster = campaign.roster
    for name, points in lines:
        xs, ys = [moment[p["event_id"]] for p in points], [p["after"] for p in points]
        if xs[-1] != order[-1]:  # carried on to the newest moment
            xs, ys = [*xs, order[-1]], [*ys, ys[-1]]
        style = hero_style(name, roster)
        style["line"]["shape"] = "hv"
        fig.add_trace({"type": "scatter", "x": xs, "y": ys, "name": plot_text(name),
                       "mode": "lines+markers", **style,
                       "hovertemplate": "%{x}: %{y} HP<extra>%{fullData.name}</extra>"})
    layer_lines(fig.data)
    fig.axes("x", title={"text": "encounter (its changes in order)"}, type="category",
             categoryorder="array", categoryarray=order)
    fig.axes("y", title={"text": "hit points"}, rangemode="tozero")
    fig = _figure(fig, "Hit points", "No hit points recorded yet.")
    return fig.update_layout(height=400 + legend_room(name for name, _ in lines))


def party_page(view: PartyView, *, linker: Linker = query_link) -> Page:
    """The party: PCs, the live tracker(s), past encounters, charts, recent events."""
    campaign = books(view, Campaign)
    viewer = "party"
    party = campaign.party
    views = _views(campaign, viewer)
    running = [s for s in views if s.status == "running"]
    show_hp = bool(campaign.settings.get("hp_on_page", True))
    live = join("", [tracker(s.data, show_hp) for s in running]) or \
        Markup('<p class="dsk-empty">No encounter is running.</p>')
    blocks: list[Block] = [
        Html(Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">Pathfinder 2e · '
                    "day {}</p>{}<h2>Characters</h2>{}</div>").format(
            STYLE, party.name, party.day, _nav(campaign, None, linker),
            _pc_rows(campaign, viewer, None, linker))),
        section("Encounter tracker", live),
        section("Past encounters", _records(views)),
        rounds_chart(campaign, viewer),
        hp_chart(campaign, viewer),
        history_block(campaign, viewer),
    ]
    return Page(party.name, None, tuple(blocks))


def member_page(view: PartyView, name: str | None = None, *,
                linker: Linker = query_link) -> Page:
    """One PC: their sheet, the running encounters they are in, their encounters' records,
    their hit points and their history."""
    campaign = books(view, Campaign)
    name = page_owner(view, name)
    viewer = campaign.member(name)
    views = _views(campaign, viewer)
    mine = [s for s in views if s.status == "running"
            and any(c["name"] == viewer for c in s.data.get("combatants", []))]
    show_hp = bool(campaign.settings.get("hp_on_page", True))
    live = join("", [tracker(s.data, show_hp) for s in mine]) or \
        Markup('<p class="dsk-empty">{} is in no running encounter.</p>').format(viewer)
    blocks: list[Block] = [
        Html(Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">{}</p>{}{}'
                    "<h2>Now</h2>{}<h2>Encounters</h2>{}</div>").format(
            STYLE, viewer, campaign.party.name, _nav(campaign, viewer, linker),
            _pc_rows(campaign, viewer, viewer, linker), live, _records(views, viewer))),
        hp_chart(campaign, viewer, viewer),
        history_block(campaign, viewer, viewer),
    ]
    return Page(viewer, viewer, tuple(blocks))


def resolution_blocks(campaign: Campaign, *args: Any, **kwargs: Any) -> list[Block]:
    """Pathfinder 2e encounters have no downtime plans to resolve: nothing to show."""
    return []

"""Draw Steel's player pages (its ``pages`` part) as data: the party page and each hero's
page, as HTML blocks and figures, built from the ledger only; the charts (plotly data) and the
blocks they are made of are this package's modules (``charts``, ``data``, ``encounters``,
``forecasts``, ``plan_chart``, ``bars``).

Voila (``notebooks/players/dashboard.ipynb``) displays these blocks and static publishing
(:mod:`drawsteel_kit.workbook.publish`) writes them out, so both show exactly the same thing. The
party page shows party rows only; a hero's page adds that hero's own ``hero:NAME`` rows. Pages are
built from a :class:`~drawsteel_kit.kit.book.party_view.PartyView` only, which holds
nothing marked for the Director (a hidden change shows as "Adjusted by the Director"). Every text is
escaped (``kit.ui.html``: a template's arguments are escaped unless they are Markup).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ui.figures import hero_colours
from drawsteel_kit.kit.ui.history_block import history_block
from drawsteel_kit.kit.ui.html import STYLE, Html, Markup, link, progress, swatch, table
from drawsteel_kit.kit.ui.pages import (
    HISTORY_ROWS,
    Block,
    Linker,
    Page,
    nav,
    page_owner,
    query_link,
    section,
)
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.draw_steel.pages import charts
from drawsteel_kit.systems.draw_steel.pages.data import (
    draw_steel_books,
    follower_counts,
    may_see,
    redactor,
    visible_followers,
    visible_projects,
)
from drawsteel_kit.systems.draw_steel.pages.encounters import hero_encounters, party_encounters
from drawsteel_kit.systems.draw_steel.pages.forecasts import forecast_blocks, forecast_choices
from drawsteel_kit.systems.draw_steel.records import read_inventory, read_titles
from drawsteel_kit.systems.draw_steel.rules.advancement import MAX_LEVEL, xp_for_level
from drawsteel_kit.systems.draw_steel.rules.followers import where_shown

if TYPE_CHECKING:
    from drawsteel_kit.kit.book.plans import Resolution
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = ["HISTORY_ROWS", "Block", "Page", "forecast_blocks", "forecast_choices", "hero_page",
           "member_page", "nav", "page_owner", "party_page", "query_link", "redactor",
           "resolution_blocks", "section"]

def _nav(campaign: Campaign, current: str | None, linker: Linker) -> Markup:
    return nav(list(campaign.heroes), current, linker)


def _next_xp(level: int, track: str) -> str:
    return "-" if level >= MAX_LEVEL else str(xp_for_level(level + 1, track))


def _projects_table(campaign: Campaign, viewer: str, hero: str | None) -> Markup:
    rows = [(p.title, p.hero, p.template, progress(p.points, p.goal),
             ", ".join(map(str, p.milestones_reached)) or "-")
            for p in visible_projects(campaign, viewer, hero=hero, include_done=False)]
    return table(["project", "hero", "kind", "progress", "milestones reached"], rows,
                 empty="No projects under way.")


def _where(f: Any, stronghold: str | None) -> str:
    """Where a follower is, when recorded (an artisan or sage works only at the stronghold
    or the project's site, with its materials)."""
    if f.location is None:
        return "-"
    return where_shown(f.location, stronghold) + ("" if f.materials else ", no materials")


def _followers_table(campaign: Campaign, viewer: str, hero: str | None) -> Markup:
    home = (campaign.party.stronghold or {}).get("name")
    rows = [(f.hero, f.name, f.role, f.ancestry, works_on or "-", _where(f, home))
            for f, works_on in visible_followers(campaign, viewer, hero=hero)]
    return table(["hero", "follower", "role", "ancestry", "works on", "where"], rows,
                 empty="No followers yet.")


def _shopping(campaign: Campaign) -> list[Block]:
    """What the heroes may buy on this trip, when the Director limits it (the Heroes book,
    "Wealth")."""
    trip = campaign.shopping_trip()
    if not trip.limited:
        return []
    return [section("Shopping", Markup('<p class="dsk-meta">{}</p>').format(trip.describe()))]


def party_page(view: PartyView, *, linker: Linker = query_link) -> Page:
    """The party page: the day, tokens, every hero's numbers, projects, followers, charts."""
    campaign = draw_steel_books(view)
    viewer = "party"
    redact = redactor(campaign, viewer)
    party = campaign.party
    track = str(party.settings.get("xp_track", "normal"))
    session = (f"session {party.session} (open)" if party.session_open
               else f"{plural(party.session, 'session')} played")
    home = f" · {party.stronghold.get('name', '')}" if party.stronghold else ""
    under_way = campaign.adventure()
    if under_way is not None:  # victories count from its start (000: 817)
        home += f" · adventure: {under_way.name} (since day {under_way.started_day})"
    header = Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">Day {} · {} · '
                    "hero tokens {}{}</p>{}").format(STYLE, party.name, party.day, session,
                                                    party.hero_tokens, home,
                                                    _nav(campaign, None, linker))
    colours = hero_colours(campaign.roster)  # the same colour as in every chart
    heroes = table(
        ["hero", "player", "class", "level", "XP", "next", "victories", "stamina",
         "recoveries", "renown", "wealth"],
        [(Markup("{}{}").format(swatch(colours[h.name]), link(h.name, linker(h.name))),
          h.player, h.hero_class, h.level, h.xp,
          _next_xp(h.level, track), h.victories, f"{h.stamina}/{h.max_stamina}",
          f"{h.recoveries}/{h.max_recoveries}", h.renown, h.wealth)
         for h in campaign.heroes.values()], css="dsk-heroes")
    counts = follower_counts(campaign, viewer)
    caps = ", ".join(f"{n} {c}/{cap}" for n, (c, cap) in counts.items())
    blocks: list[Block] = [
        Html(Markup("{}<h2>Heroes</h2>{}</div>").format(header, heroes)),
        party_encounters(campaign, redact),
        section("Projects under way", _projects_table(campaign, viewer, None)),
        charts.project_progress(campaign, viewer=viewer),
        section("Followers", _followers_table(campaign, viewer, None),
                Markup('<p class="dsk-meta">Followers against the cap: {}</p>').format(caps)),
        charts.followers_against_cap(campaign, viewer=viewer),
        *_shopping(campaign),
        charts.xp_and_level(campaign, viewer=viewer),
        charts.renown_and_wealth(campaign, viewer=viewer),
        charts.hero_tokens_by_session(campaign, viewer=viewer),
        history_block(campaign, viewer, redact=redact),
    ]
    return Page(party.name, None, tuple(blocks))


def hero_page(view: PartyView, hero: str | None = None, *,
              linker: Linker = query_link) -> Page:
    """One hero's page (``view`` is that hero's): their numbers, projects, followers, items,
    charts and history, with their own ``hero:NAME`` rows (and no one else's)."""
    campaign = draw_steel_books(view)
    h = campaign.hero(page_owner(view, hero))
    viewer = h.name
    redact = redactor(campaign, viewer)
    db = campaign.ledger.db
    track = str(campaign.settings.get("xp_track", "normal"))
    titles = [t.title for t in read_titles(db, hero=h.name) if may_see(t.visibility, viewer)]
    about = " · ".join(x for x in (h.ancestry, h.hero_class, h.career, f"player {h.player}")
                       if x)
    stats = table(
        ["level", "XP", "next", "victories", "stamina", "recoveries", "renown", "wealth",
         "project points"],
        [(h.level, h.xp, _next_xp(h.level, track), h.victories, f"{h.stamina}/{h.max_stamina}",
          f"{h.recoveries}/{h.max_recoveries}", h.renown, h.wealth, h.project_points)],
        css="dsk-stats", key=None)
    bonuses = [Markup('<p class="dsk-meta">Maximum Stamina +{} from {} (12 + level), until '
                      "the end of the next respite</p>").format(bonus, project.title)
               for project, bonus in campaign.stamina_bonuses(h.name)  # REFERENCE.md
               if may_see(project.visibility, viewer)]
    stats = Markup("").join([stats, *bonuses])
    traits = table(["", ""], [
        ("characteristics", ", ".join(f"{k} {v:+d}" for k, v in h.characteristics.items())),
        ("skills", ", ".join(h.skills) or "-"), ("languages", ", ".join(h.languages) or "-"),
        ("titles", ", ".join(titles) or "-"), ("perks", ", ".join(h.perks) or "-"),
    ])
    items = table(["item", "kind", "count"],
                  [(i.item, i.kind, i.count) for i in read_inventory(db, holder=h.name)
                   if may_see(i.visibility, viewer)], empty="No items.")
    blocks: list[Block] = [
        Html(Markup('{}<div class="dsk-page"><h1>{}</h1><p class="dsk-meta">{}</p>{}{}{}</div>'
                    ).format(STYLE, h.name, about, _nav(campaign, h.name, linker), stats,
                             traits)),
        hero_encounters(campaign, h.name, redact),
        section("Projects under way", _projects_table(campaign, viewer, h.name)),
        charts.project_progress(campaign, viewer=viewer, hero=h.name),
        section("Followers", _followers_table(campaign, viewer, h.name),
                Markup("<h2>Items</h2>"), items),
        charts.xp_and_level(campaign, viewer=viewer, hero=h.name),
        charts.renown_and_wealth(campaign, viewer=viewer, hero=h.name),
        history_block(campaign, viewer, h.name, redact=redact),
    ]
    return Page(h.name, h.name, tuple(blocks))


#: A member's page, as every system's pages part names it: a hero's page.
member_page = hero_page


def resolution_blocks(campaign: Campaign, result: Resolution) -> list[Any]:
    """What a resolved plan changed, drawn: the changes by hero, and once it is written the
    projects' progress and the heroes' XP and levels."""
    blocks: list[Any] = [charts.resolution_changes(result, campaign)]
    if not result.dry_run:
        blocks += [charts.project_progress(campaign), charts.xp_and_level(campaign)]
    return blocks

"""Commands for downtime: projects, forecasts and scripted plans (``resolve``); followers have
their own module beside this one."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, say
from drawsteel_kit.kit.words import columns, plural
from drawsteel_kit.systems.draw_steel.book.projects import FACTION_MEMBER_ROLLS
from drawsteel_kit.systems.draw_steel.cli.options import id_or_name, open_campaign
from drawsteel_kit.systems.draw_steel.rules.power import CHARACTERISTIC_MAX, CHARACTERISTIC_MIN

#: Chances the forecast table shows.
FORECAST_CHANCES = (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)


def _params(values: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in values:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise click.UsageError(f"--param takes NAME=VALUE, got {pair!r}")
        try:
            out[key.strip()] = json.loads(raw)
        except ValueError:
            out[key.strip()] = raw
    return out


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def project() -> None:
    """Downtime projects: start one, list them, spend career points, browse the catalog."""


@project.command("start")
@campaign_arg
@click.argument("hero")
@click.argument("name", metavar="PROJECT")
@click.option("--title", default=None, help="Your name for it (default: the project's).")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="A goal parameter: kind=obscure (Discover Lore), miles=30 (Road), ...")
@click.option("--learns", default=None, help="The language or skill a Learn project teaches.")
@click.option("--treasure", default=None, help="The treasure, with Craft Treasure.")
@click.option("--prerequisite", type=click.Choice(["owned", "waived"]), default=None,
              help="The item prerequisite is owned, or waived by the Director.")
@click.option("--prerequisite-item", default=None, metavar="ITEM",
              help="The item prerequisite as the book names it (a treasure's component).")
@click.option("--source", type=click.Choice(["available", "common", "needed"]), default=None,
              help="The project source: at hand (default), or still to be found.")
@click.option("--language", "source_language", default=None,
              help="The source's language, if the Director picks another.")
@click.option("--at-stronghold", is_flag=True, help="Started at the stronghold.")
@click.option("--director-only", is_flag=True, help="Hide it from the players.")
@click.option("--respite", "in_respite", is_flag=True,
              help="Start it in the hero's respite today: the one they took, else they "
                   "join the party's respite of today, else a respite begins a new day "
                   "(Stamina and recoveries come back, victories become XP).")
@friendly
def project_start(campaign: str, hero: str, name: str, title: str | None,
                  params: Sequence[str], learns: str | None, treasure: str | None,
                  prerequisite: str | None, prerequisite_item: str | None, source: str | None,
                  source_language: str | None, at_stronghold: bool, director_only: bool,
                  in_respite: bool) -> None:
    """Start a downtime project for a hero, during a respite (Downtime Projects).

    Without --respite the hero must have rested today, unless campaign.yaml's
    project_starts is any_time. With it, a hero who has not rested today rests now: joining
    the party's respite of today when there is one (the calendar stays).

    \b
    Examples:
      drawsteel-kit project start campaigns/demo Val "Discover Lore" --param kind=obscure \\
          --title "The mill's cellar" --respite
      drawsteel-kit project start campaigns/demo Yorn "Learn New Language" --learns Khelt
      drawsteel-kit project start campaigns/demo "Bran Ironvein" "Healing Potion" \\
          --prerequisite owned --prerequisite-item "a vial of troll blood"
    """
    from drawsteel_kit.systems.draw_steel.activities import StartProject

    start = StartProject(hero, name, title=title, params=_params(params), learns=learns,
                         treasure=treasure, prerequisite=prerequisite,
                         prerequisite_item=prerequisite_item, source=source,
                         source_language=source_language, at_stronghold=at_stronghold,
                         visibility="director" if director_only else "party")
    with open_campaign(campaign) as camp:
        if in_respite:
            happened = camp.start_in_respite(start)
        else:
            happened = camp.start_project(hero, name, **start.options())
        say(campaign, happened)


@project.command("list")
@campaign_arg
@click.option("--hero", default=None)
@click.option("--all", "show_all", is_flag=True, help="Completed projects too.")
@click.option("--json", "as_json", is_flag=True)
@friendly
def project_list(campaign: str, hero: str | None, show_all: bool, as_json: bool) -> None:
    """List the campaign's projects with their progress.

    Example: drawsteel-kit project list campaigns/demo --all
    """
    from drawsteel_kit.systems.draw_steel.rules.projects import milestones_for_goal

    with open_campaign(campaign, readonly=True) as camp:
        found = camp.projects(hero, None if show_all else "active")
        if as_json:
            click.echo(json.dumps([p.as_dict() for p in found], indent=2, ensure_ascii=False))
            return
        if not found:
            click.echo("No projects yet: start one with `drawsteel-kit project start`.")
        rows = []
        for p in found:
            marks = ", ".join(map(str, milestones_for_goal(p.goal)))
            marks = f"at {marks} points" if marks else "none"
            waiting = (f"; {p.event_pending} event{'s' * (p.event_pending != 1)} waiting for "
                       "a hero's roll" if p.event_pending else "")
            rows.append([f"#{p.id}", p.title, p.hero, f"{p.points}/{p.goal}", p.status,
                         f"milestones {marks}{waiting}"])
        for line in columns(rows, right={3}):
            click.echo(line)


@project.command("points")
@campaign_arg
@click.argument("hero")
@click.argument("name", metavar="PROJECT")
@click.argument("points", type=int)
@click.option("--reason", default="")
@friendly
def project_points(campaign: str, hero: str, name: str, points: int, reason: str) -> None:
    """Spend a hero's career project points on a project (no respite needed).

    Example: drawsteel-kit project points campaigns/demo Val "The mill's cellar" 40
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.spend_project_points(hero, id_or_name(name), points, reason=reason))


@project.command("travel")
@campaign_arg
@click.argument("hero")
@click.argument("name", metavar="PROJECT")
@click.option("--seed", type=click.IntRange(0), default=None)
@friendly
def project_travel(campaign: str, hero: str, name: str, seed: int | None) -> None:
    """Traveling Artisan / Sage: an hour's work on a day without a respite (+1d10).

    Example: drawsteel-kit project travel campaigns/demo Val "The mill's cellar"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.traveling_work(hero, id_or_name(name), seed=seed))


@project.command("faction")
@campaign_arg
@click.argument("hero")
@click.argument("name", metavar="PROJECT")
@click.option("--rolls", type=click.IntRange(1, FACTION_MEMBER_ROLLS),
              default=FACTION_MEMBER_ROLLS, show_default=True)
@click.option("--characteristic", type=click.IntRange(CHARACTERISTIC_MIN, CHARACTERISTIC_MAX),
              default=0, show_default=True,
              help="The faction NPC's score (the Director's call).")
@click.option("--seed", type=click.IntRange(0), default=None)
@friendly
def project_faction(campaign: str, hero: str, name: str, rolls: int, characteristic: int,
                    seed: int | None) -> None:
    """Faction Member: an NPC of the faction makes up to 3 project rolls for the hero.

    Example: drawsteel-kit project faction campaigns/demo Val "The mill's cellar" --rolls 2
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.faction_rolls(hero, id_or_name(name), rolls=rolls,
                                         characteristic=characteristic, seed=seed))


@project.command("catalog")
@click.option("--search", default="", help="Words in the name, kind, language or prerequisite.")
@friendly
def project_catalog(search: str) -> None:
    """Browse the official projects and the craftable treasures.

    Example: drawsteel-kit project catalog --search potion
    """
    from drawsteel_kit.systems.draw_steel.catalog import projects as catalog

    for entry in catalog.search(search):
        if isinstance(entry, catalog.Treasure):
            click.echo(f"{entry.name:<40} treasure ({entry.kind}, echelon {entry.echelon}) "
                       f"goal {entry.goal} · {'/'.join(entry.characteristics)} · "
                       f"{'+'.join(entry.languages)}")
        else:
            goal = entry.goal if entry.goal is not None else (
                "set by the treasure (--treasure NAME)" if entry.completion == "treasure"
                else "set by " + " and ".join(f"--param {p}=..." for p in entry.goal_parameters)
                if entry.goal_parameters else "not fixed" if entry.goal_rule is None
                else "set when it starts")
            click.echo(f"{entry.name:<40} {entry.kind} goal {goal} · "
                       f"{'/'.join(entry.characteristics)}")


@commands.command()
@campaign_arg
@click.argument("name", metavar="PROJECT")
@click.option("--hero", default=None, help="Who rolls at respites (default: the owner).")
@click.option("--edges", type=click.IntRange(0), default=0)
@click.option("--banes", type=click.IntRange(0), default=0)
@click.option("--skill", default=None, help="A skill of the hero's that applies.")
@click.option("--skill-allowed", is_flag=True,
              help="The Director allows a --skill outside Crafting and Lore.")
@click.option("--no-respites", is_flag=True, help="Only the followers' daily rolls.")
@click.option("--no-followers", is_flag=True, help="Only the hero's respite rolls.")
@click.option("--json", "as_json", is_flag=True, help="The whole curve as JSON.")
@friendly
def forecast(campaign: str, name: str, hero: str | None, edges: int, banes: int,
             skill: str | None, skill_allowed: bool, no_respites: bool, no_followers: bool,
             as_json: bool) -> None:
    """When will a project be done? Exact chances by day, breakthroughs included.

    Example: drawsteel-kit forecast campaigns/demo "The mill's cellar" --edges 1
    """
    with open_campaign(campaign, readonly=True) as camp:
        target = camp.project(id_or_name(name))
        curve = camp.forecast(target.id, hero=hero, edges=edges, banes=banes, skill=skill,
                              skill_allowed=skill_allowed, respites=not no_respites,
                              followers=not no_followers)
    if as_json:
        click.echo(json.dumps({"project": target.title, "goal": curve.goal,
                               "points": curve.points_already,
                               "workers": [w.name for w in curve.workers],
                               "expected_days": curve.expected_rolls,
                               "probabilities": list(curve.probabilities)}, indent=2))
        return
    who = ", ".join(w.name for w in curve.workers)
    click.echo(f"{target.title}: {curve.points_already}/{curve.goal}, worked on by {who} "
               f"(one roll each per day)")
    click.echo(f"Expected: {curve.expected_rolls:.1f} days")
    for chance in FORECAST_CHANCES:
        click.echo(f"  {chance:>4.0%} done within {plural(curve.rolls_for(chance), 'day')}")

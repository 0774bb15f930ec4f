"""Commands for downtime: projects, followers, forecasts and scripted plans."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from drawsteel_kit.cli.common import campaign_arg, friendly, open_campaign, say
from drawsteel_kit.cli.core import _ref, main
from drawsteel_kit.systems.draw_steel.book.projects import FACTION_MEMBER_ROLLS
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


@main.group()
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
@click.option("--source", type=click.Choice(["available", "common", "needed"]), default=None,
              help="The project source: at hand (default), or still to be found.")
@click.option("--language", "source_language", default=None,
              help="The source's language, if the Director picks another.")
@click.option("--at-stronghold", is_flag=True, help="Started at the stronghold.")
@click.option("--director-only", is_flag=True, help="Hide it from the players.")
@friendly
def project_start(campaign: str, hero: str, name: str, title: str | None,
                  params: Sequence[str], learns: str | None, treasure: str | None,
                  prerequisite: str | None, source: str | None, source_language: str | None,
                  at_stronghold: bool, director_only: bool) -> None:
    """Start a downtime project for a hero.

    \b
    Examples:
      drawsteel-kit project start campaigns/demo Val "Discover Lore" --param kind=obscure \\
          --title "The mill's cellar"
      drawsteel-kit project start campaigns/demo Yorn "Learn New Language" --learns Khelt
      drawsteel-kit project start campaigns/demo "Bran Ironvein" "Healing Potion" \\
          --prerequisite owned
    """
    with open_campaign(campaign) as camp:
        happened = camp.start_project(
            hero, name, title=title, params=_params(params), learns=learns, treasure=treasure,
            prerequisite=prerequisite, source=source, source_language=source_language,
            at_stronghold=at_stronghold, visibility="director" if director_only else "party")
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
        for p in found:
            marks = ", ".join(map(str, milestones_for_goal(p.goal))) or "none"
            click.echo(f"#{p.id:<4} {p.title[:34]:<35} {p.hero[:16]:<17} {p.points:>5}/"
                       f"{p.goal:<5} {p.status:<9} milestones {marks}")


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
        say(campaign, camp.spend_project_points(hero, _ref(name), points, reason=reason))


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
        say(campaign, camp.traveling_work(hero, _ref(name), seed=seed))


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
        say(campaign, camp.faction_rolls(hero, _ref(name), rolls=rolls,
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
            goal = entry.goal if entry.goal is not None else f"by {entry.goal_rule or 'rule'}"
            click.echo(f"{entry.name:<40} {entry.kind} goal {goal} · "
                       f"{'/'.join(entry.characteristics)}")


@main.group()
def followers() -> None:
    """Followers: list, add, recruit (a respite activity), replace, assign to a project,
    dismiss, and the cap renown and titles allow."""


def _follower_options(fn: Any) -> Any:
    """The options describing a new follower (add, recruit, replace)."""
    options = [
        click.option("--ancestry", default="", help="The player picks it."),
        click.option("--physical", type=click.Choice(["might", "agility"]), default=None,
                     help="An artisan's Might 1 or Agility 1."),
        click.option("--skill", "skills", multiple=True,
                     help="Four Crafting (artisan) or Lore (sage) skills; a retainer's own."),
        click.option("--language", "languages", multiple=True,
                     help="Caelian and two more (artisan, sage); a retainer's own."),
        click.option("--characteristic", "characteristics", multiple=True, metavar="NAME=N",
                     help="A retainer's stat block, e.g. might=2 (repeat; the rest are 0)."),
        click.option("--level", type=int, default=None,
                     help="The level a retainer's stat block is written for (default 1)."),
        click.option("--stat-block", default="", help="The stat block a retainer uses."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _characteristics(values: Sequence[str]) -> dict[str, int] | None:
    """``--characteristic NAME=N`` options as a dict (None when none are given)."""
    if not values:
        return None
    out: dict[str, int] = {}
    for pair in values:
        key, sep, raw = pair.partition("=")
        try:
            value = int(raw)
        except ValueError:
            value = None
        if not sep or not key.strip() or value is None:
            raise click.ClickException(f"--characteristic takes NAME=N (might=2), got {pair!r}")
        out[key.strip().casefold()] = value
    return out


def _new_follower(name: str, role: str, ancestry: str, physical: str | None,
                  skills: Sequence[str], languages: Sequence[str],
                  characteristics: Sequence[str], level: int | None,
                  stat_block: str) -> Any:
    """A NewFollower from the command's options; retainer-only options refused for others."""
    from drawsteel_kit.systems.draw_steel.activities import NewFollower

    if role != "retainer" and (level is not None or stat_block):
        raise click.ClickException(f"--level and --stat-block are for a retainer only "
                                   f"({name} is to be a {role})")
    return NewFollower(name, role, ancestry, tuple(skills), tuple(languages), physical,
                       _characteristics(characteristics), level, stat_block)


def _cap_row(camp: Any, hero: str) -> dict[str, Any]:
    cap = camp.follower_cap(hero)
    retainers = [f for f in camp.followers(cap.hero) if f.role == "retainer"]
    return {"hero": cap.hero, "renown": cap.renown, "base": cap.base, "bonus": cap.bonus,
            "cap": cap.cap, "kept": cap.kept, "room": cap.room, "over": cap.over,
            "retainers": len(retainers), "retainer_limit": camp.retainer_limit(cap.hero),
            "text": str(cap)}


@followers.command("list")
@campaign_arg
@click.option("--hero", default=None)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def followers_list(campaign: str, hero: str | None, as_json: bool) -> None:
    """List followers and what they work on, then each hero's follower cap.

    Example: drawsteel-kit followers list campaigns/demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        found = camp.followers(hero)
        names = [camp.hero(hero).name] if hero else list(camp.heroes)
        caps = [_cap_row(camp, name) for name in names]
        work = {f.id: camp.project(f.project_id).title if f.project_id else
                (f"level {f.level}" + (f", {f.stat_block}" if f.stat_block else "")
                 if f.role == "retainer" else "resting") for f in found}
    if as_json:
        click.echo(json.dumps({"followers": [f.as_dict() for f in found], "caps": caps},
                              indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo("No followers yet.")
    for f in found:
        beyond = "" if f.counts else f" (beyond the cap: {f.origin})"
        click.echo(f"#{f.id:<4} {f.name:<20} {f.role:<9} of {f.hero:<18} {work[f.id]}{beyond}")
    click.echo("Caps:")
    for row in caps:
        click.echo(f"  {row['text']}")


@followers.command("add")
@campaign_arg
@click.argument("hero")
@click.argument("name")
@click.option("--role", type=click.Choice(["artisan", "sage", "retainer"]), required=True)
@_follower_options
@click.option("--beyond-cap", default="", metavar="REASON",
              help="Does not count toward the cap, and why (a title's gift, the Director's).")
@friendly
def followers_add(campaign: str, hero: str, name: str, role: str, ancestry: str,
                  physical: str | None, skills: Sequence[str], languages: Sequence[str],
                  characteristics: Sequence[str], level: int | None, stat_block: str,
                  beyond_cap: str) -> None:
    """Add an artisan, a sage or a retainer to a hero's followers, checked against the
    book's template, the follower cap and the retainer limit.

    \b
    Examples:
      drawsteel-kit followers add campaigns/demo Yorn Hesk --role artisan \\
          --ancestry Dwarf --physical might --skill Alchemy --skill Blacksmithing \\
          --skill Carpentry --skill Cooking --language Caelian --language Khelt \\
          --language Zaliac
      drawsteel-kit followers add campaigns/demo "Quillon Ashmark" Brannoc --role retainer \\
          --ancestry Human --characteristic might=2 --level 1 --stat-block "Human Guard"
    """
    new = _new_follower(name, role, ancestry, physical, skills, languages, characteristics,
                        level, stat_block)
    with open_campaign(campaign) as camp:
        say(campaign, camp.add_follower(
            hero, new.name, new.role, ancestry=new.ancestry, physical=new.physical,
            skills=new.skills, languages=new.languages, characteristics=new.characteristics,
            level=new.level, stat_block=new.stat_block, beyond_cap=beyond_cap))


@followers.command("assign")
@campaign_arg
@click.argument("follower")
@click.argument("name", metavar="PROJECT", required=False)
@click.option("--skill-applies", is_flag=True, help="One of their skills applies (+2).")
@friendly
def followers_assign(campaign: str, follower: str, name: str | None,
                     skill_applies: bool) -> None:
    """Set a follower to roll on a project every day (no PROJECT: stop).

    Example: drawsteel-kit followers assign campaigns/demo Hesk "Healing Potion" --skill-applies
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.assign_follower(_ref(follower), _ref(name) if name else None,
                                           skill_applies=skill_applies))


@followers.command("dismiss")
@campaign_arg
@click.argument("follower")
@click.option("--reason", default="")
@friendly
def followers_dismiss(campaign: str, follower: str, reason: str) -> None:
    """Dismiss a follower.

    Example: drawsteel-kit followers dismiss campaigns/demo Hesk --reason "Went home"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.dismiss_follower(_ref(follower), reason=reason))


@followers.command("recruit")
@campaign_arg
@click.argument("hero")
@click.argument("name")
@click.argument("role", type=click.Choice(["artisan", "sage", "retainer"]))
@_follower_options
@click.option("--at", "at", default=None, metavar="PLACE",
              help="Where: the stronghold (default) or one of settings.recruit_at.")
@friendly
def followers_recruit(campaign: str, hero: str, name: str, role: str, ancestry: str,
                      physical: str | None, skills: Sequence[str], languages: Sequence[str],
                      characteristics: Sequence[str], level: int | None, stat_block: str,
                      at: str | None) -> None:
    """Recruit a follower, up to the cap, where followers can be found.

    Recruiting is a respite activity: this takes a respite for HERO with it, so the hero's
    respite ends with it (Stamina and recoveries come back, victories become XP).

    \b
    Example: drawsteel-kit followers recruit campaigns/demo "Quillon Ashmark" Oss sage \\
        --ancestry Human --skill History --skill Magic --skill Religion --skill Timescape \\
        --language Khamish --language Variac --at "Riverside Market"
    """
    from drawsteel_kit.systems.draw_steel.activities import Recruit

    new = _new_follower(name, role, ancestry, physical, skills, languages, characteristics,
                        level, stat_block)
    with open_campaign(campaign) as camp:
        say(campaign, camp.take_respite([hero], activities={hero: Recruit((new,), at=at)}))


@followers.command("replace")
@campaign_arg
@click.argument("follower")
@click.argument("name")
@click.argument("role", type=click.Choice(["artisan", "sage", "retainer"]))
@_follower_options
@click.option("--reason", default="")
@friendly
def followers_replace(campaign: str, follower: str, name: str, role: str, ancestry: str,
                      physical: str | None, skills: Sequence[str], languages: Sequence[str],
                      characteristics: Sequence[str], level: int | None, stat_block: str,
                      reason: str) -> None:
    """Dismiss a follower and take a new one in their place (at any time, no respite).

    \b
    Example: drawsteel-kit followers replace campaigns/demo Brannoc Wren retainer \\
        --ancestry Human --characteristic agility=2 --stat-block "Human Scout" \\
        --reason "Brannoc retired"
    """
    new = _new_follower(name, role, ancestry, physical, skills, languages, characteristics,
                        level, stat_block)
    with open_campaign(campaign) as camp:
        say(campaign, camp.replace_follower(_ref(follower), new, reason=reason))


@followers.command("cap")
@campaign_arg
@click.argument("hero", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@friendly
def followers_cap(campaign: str, hero: str | None, as_json: bool) -> None:
    """How many followers each hero may keep (renown and titles), and their retainers.

    Example: drawsteel-kit followers cap campaigns/demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        names = [camp.hero(hero).name] if hero else list(camp.heroes)
        caps = [_cap_row(camp, name) for name in names]
        places = camp.recruiting_places()
    if as_json:
        click.echo(json.dumps(caps, indent=2, ensure_ascii=False))
        return
    for row in caps:
        click.echo(f"{row['text']}; retainers: {row['retainers']} of {row['retainer_limit']}")
    click.echo("Followers can be recruited at: " + (", ".join(places) or "nowhere yet "
               "(give the party a stronghold, or list settings.recruit_at)"))


@main.command()
@campaign_arg
@click.argument("name", metavar="PROJECT")
@click.option("--hero", default=None, help="Who rolls at respites (default: the owner).")
@click.option("--edges", type=click.IntRange(0), default=0)
@click.option("--banes", type=click.IntRange(0), default=0)
@click.option("--skill", default=None, help="A skill of the hero's that applies.")
@click.option("--no-respites", is_flag=True, help="Only the followers' daily rolls.")
@click.option("--no-followers", is_flag=True, help="Only the hero's respite rolls.")
@click.option("--json", "as_json", is_flag=True, help="The whole curve as JSON.")
@friendly
def forecast(campaign: str, name: str, hero: str | None, edges: int, banes: int,
             skill: str | None, no_respites: bool, no_followers: bool, as_json: bool) -> None:
    """When will a project be done? Exact chances by day, breakthroughs included.

    Example: drawsteel-kit forecast campaigns/demo "The mill's cellar" --edges 1
    """
    with open_campaign(campaign, readonly=True) as camp:
        target = camp.project(_ref(name))
        curve = camp.forecast(target.id, hero=hero, edges=edges, banes=banes, skill=skill,
                              respites=not no_respites, followers=not no_followers)
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
        click.echo(f"  {chance:>4.0%} done within {curve.rolls_for(chance)} day(s)")


@main.command("resolve")
@campaign_arg
@click.option("--plan", "plan", required=True, metavar="PLAN",
              help="A plan file, or its name in the campaign's plans/ folder.")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Dice seed: the same seed gives the same rolls (default: a new one, printed).")
@click.option("--dry-run", is_flag=True, help="Show exactly what would happen; write nothing.")
@click.option("--no-notebook", is_flag=True,
              help="Resolve in this process, without the notebook and its record in runs/.")
@click.option("--again", is_flag=True,
              help="Resolve a plan that was already resolved once more (normally it is not).")
@click.option("--keep", is_flag=True,
              help="Keep the notebook and report of a dry run or a refused run in runs/ too.")
@friendly
def resolve(campaign: str, plan: str, seed: int | None, dry_run: bool,
            no_notebook: bool, again: bool, keep: bool) -> None:
    """Resolve a downtime plan day by day: all of it, or nothing.

    Runs notebooks/resolve_downtime.ipynb through papermill and keeps the executed notebook
    and an HTML report in the campaign's runs/ folder (a dry run only with --keep). A plan
    already resolved is not resolved twice: running it again (after a crash, say) writes
    nothing unless --again.

    Example: drawsteel-kit resolve campaigns/demo --plan first-week --seed 7 --dry-run
    """
    if no_notebook:
        from drawsteel_kit.systems.draw_steel.downtime import main_resolve

        main_resolve(campaign, plan, seed, dry_run, click.echo, again=again)
        return
    from drawsteel_kit.workbook.notebook_runs import resolve_through_notebook

    run = resolve_through_notebook(campaign, plan, seed=seed, dry_run=dry_run, again=again,
                                   keep=keep)
    for line in run.lines:
        click.echo(line)
    if run.notebook is not None:
        click.echo(f"Kept: {run.notebook} and {run.report}")

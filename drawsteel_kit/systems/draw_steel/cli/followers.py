"""``drawsteel-kit followers ...``: a hero's followers (artisans, sages, retainers): list, add,
assign to a project, dismiss, recruit, replace, and the cap renown sets."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, say
from drawsteel_kit.kit.words import columns
from drawsteel_kit.systems.draw_steel.cli.options import id_or_name, open_campaign

__all__ = ["followers", "followers_add", "followers_assign", "followers_cap", "followers_dismiss",
           "followers_list", "followers_place", "followers_recruit", "followers_replace"]


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def followers() -> None:
    """Followers: list, add, recruit (a respite activity), replace, assign to a project,
    place (where they are), dismiss, and the cap renown and titles allow."""


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
    from drawsteel_kit.systems.draw_steel.rules.followers import where_shown

    with open_campaign(campaign, readonly=True) as camp:
        found = camp.followers(hero)
        names = [camp.hero(hero).name] if hero else list(camp.heroes)
        caps = [_cap_row(camp, name) for name in names]
        work = {f.id: camp.project(f.project_id).title if f.project_id else
                (f"level {f.level}" + (f", {f.stat_block}" if f.stat_block else "")
                 if f.role == "retainer" else "resting") for f in found}
        home = (camp.party.stronghold or {}).get("name")
    if as_json:
        click.echo(json.dumps({"followers": [f.as_dict() for f in found], "caps": caps},
                              indent=2, ensure_ascii=False))
        return
    if not found:
        click.echo("No followers yet.")
    rows = []
    for f in found:
        beyond = "" if f.counts else f" (beyond the cap: {f.origin})"
        where = "" if f.location is None else f", {where_shown(f.location, home)}"
        kit = "" if f.materials else ", without materials"
        rows.append([f"#{f.id}", f.name, f.role, f"of {f.hero}",
                     f"{work[f.id]}{beyond}{where}{kit}"])
    for line in columns(rows):  # whole names, however long
        click.echo(line)
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
@click.option("--at", "at", default=None, metavar="PLACE",
              help="Where they are: stronghold, site (their project's), or a place.")
@friendly
def followers_add(campaign: str, hero: str, name: str, role: str, ancestry: str,
                  physical: str | None, skills: Sequence[str], languages: Sequence[str],
                  characteristics: Sequence[str], level: int | None, stat_block: str,
                  beyond_cap: str, at: str | None) -> None:
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
            level=new.level, stat_block=new.stat_block, beyond_cap=beyond_cap, at=at))


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
        say(campaign, camp.assign_follower(id_or_name(follower), id_or_name(name) if name else None,
                                           skill_applies=skill_applies))


@followers.command("place")
@campaign_arg
@click.argument("follower")
@click.argument("at", metavar="PLACE")
@click.option("--no-materials", is_flag=True,
              help="They cannot get at the materials their work needs.")
@click.option("--reason", default="")
@friendly
def followers_place(campaign: str, follower: str, at: str, no_materials: bool,
                    reason: str) -> None:
    """Record where a follower is: stronghold, site (their project's site) or any place.

    An artisan or sage makes their daily roll only at the stronghold or the project's site,
    with the materials the work needs; elsewhere the day says why they did not roll.

    \b
    Examples:
      drawsteel-kit followers place campaigns/demo Hesk stronghold
      drawsteel-kit followers place campaigns/demo Maelis "Riverside Market" --reason "Buying ink"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.place_follower(id_or_name(follower), at, materials=not no_materials,
                                          reason=reason))


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
        say(campaign, camp.dismiss_follower(id_or_name(follower), reason=reason))


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
    respite ends with it (Stamina and recoveries come back, victories become XP). A hero who
    has not rested today joins the party's respite of today (the calendar stays); `respite
    --recruit` does the same with the rest of the party's day.

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
        say(campaign, camp.replace_follower(id_or_name(follower), new, reason=reason))


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
        party_limit = camp.party_retainer_limit()
    if as_json:
        click.echo(json.dumps(caps, indent=2, ensure_ascii=False))
        return
    for row in caps:
        click.echo(f"{row['text']}; retainers: {row['retainers']} of {row['retainer_limit']}")
    if party_limit is not None:
        click.echo("Retainers for the whole party: " + (
            "none allowed" if party_limit == 0 else f"at most {party_limit}")
            + " (settings.party_retainers)")
    click.echo("Followers can be recruited at: " + (", ".join(places) or "nowhere yet "
               "(give the party a stronghold, or list settings.recruit_at)"))

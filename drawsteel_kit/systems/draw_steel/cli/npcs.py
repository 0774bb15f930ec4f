"""``drawsteel-kit npc ...`` and ``drawsteel-kit notes ...``: the NPCs the party meets (impressions,
who knows whom, negotiation) and the campaign's notes."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, say
from drawsteel_kit.systems.draw_steel.cli.options import (
    NO_STANDING,
    director_mark,
    director_option,
    echo_json,
    id_or_name,
    json_option,
    open_campaign,
    standings,
    visibility_of,
)
from drawsteel_kit.systems.draw_steel.rules.renown import IMPRESSION_MAX, IMPRESSION_MIN

__all__ = ["notes", "notes_add", "notes_list", "npc", "npc_add", "npc_impressions", "npc_knows",
           "npc_list", "npc_negotiate"]


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def npc() -> None:
    """NPCs: their impression, who they know, and whose renown sways them."""


@npc.command("list")
@campaign_arg
@json_option
@friendly
def npc_list(campaign: str, as_json: bool) -> None:
    """List the NPCs: impression, level, tags, and the heroes they know.

    \b
    Example: drawsteel-kit npc list campaigns/demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        found = camp.npcs()
    if as_json:
        echo_json([n.as_dict() for n in found])
        return
    if not found:
        click.echo("No NPCs yet: add one with `drawsteel-kit npc add`.")
    for n in found:
        knows = ", ".join(f"{h} ({s})" for h, s in sorted(n.standing.items())) or "no one"
        level = f", level {n.level}" if n.level is not None else ""
        tags = f", tags: {', '.join(n.tags)}" if n.tags else ""
        click.echo(f"#{n.id:<4} {n.name}: impression {n.impression}{level}{tags}; "
                   f"knows {knows}{director_mark(n.visibility)}")
        if n.notes:
            click.echo(f"       {n.notes}")


@npc.command("add")
@campaign_arg
@click.argument("name")
@click.option("--level", type=int, default=None, help="Its level (the impression, if none given).")
@click.option("--impression", type=int, default=None,
              help=f"Its Impression score (the table: {IMPRESSION_MIN} to {IMPRESSION_MAX}).")
@click.option("--tag", "tags", multiple=True, help="A tag such as criminal (repeat).")
@click.option("--knows", "knows", multiple=True, metavar="HERO=fame|infamy|known",
              help="A hero the NPC knows, and how (repeat).")
@click.option("--notes", default="")
@director_option
@friendly
def npc_add(campaign: str, name: str, level: int | None, impression: int | None,
            tags: Sequence[str], knows: Sequence[str], notes: str, director: bool) -> None:
    """Add an NPC, with its level or impression and the heroes it knows.

    \b
    Example: drawsteel-kit npc add campaigns/demo "Mother Gall" --level 3 --tag criminal --knows "Quillon Ashmark=fame"
    """  # noqa: E501
    standing = standings(knows)
    with open_campaign(campaign) as camp:
        say(campaign, camp.add_npc(name, level=level, impression=impression, tags=tags,
                                   notes=notes, visibility=visibility_of(director),
                                   knows=standing))


@npc.command("knows")
@campaign_arg
@click.argument("name", metavar="NPC")
@click.argument("hero")
@click.argument("standing", metavar="fame|infamy|known|none")
@friendly
def npc_knows(campaign: str, name: str, hero: str, standing: str) -> None:
    """Record what an NPC knows of a hero: famous, infamous, known, or none (not known).

    \b
    Example: drawsteel-kit npc knows campaigns/demo "Mother Gall" "Pip Thistledown" infamy
    """
    value = standing.strip().casefold()
    with open_campaign(campaign) as camp:
        say(campaign, camp.npc_knows(id_or_name(name), hero,
                                     None if value == NO_STANDING else value))


@npc.command("negotiate")
@campaign_arg
@click.argument("name", metavar="NPC")
@json_option
@friendly
def npc_negotiate(campaign: str, name: str, as_json: bool) -> None:
    """Per hero: does their renown sway this NPC, the renown that counts, the edge skills.

    \b
    Example: drawsteel-kit npc negotiate campaigns/demo "Mother Gall"
    """
    with open_campaign(campaign, readonly=True) as camp:
        who = camp.npc(id_or_name(name))
        found = camp.negotiation(who.id)
    if as_json:
        echo_json({"npc": who.name, "impression": who.impression,
                    "heroes": [dataclasses.asdict(i) for i in found]})
        return
    click.echo(f"{who.name}: impression {who.impression}")
    width = max((len(i.hero) for i in found), default=0)
    for i in found:
        edge = f"   edge: {', '.join(i.edge_skills)}" if i.edge_skills else ""
        click.echo(f"  {i.hero:<{width}} sways: {'yes' if i.sways else 'no ':<4} "
                   f"renown {i.renown}{edge}")
        click.echo(f"      {i.explanation}")


@npc.command("impressions")
@campaign_arg
@json_option
@friendly
def npc_impressions(campaign: str, as_json: bool) -> None:
    """The NPC Impression table: typical NPCs for each score from 1 to 12.

    \b
    Example: drawsteel-kit npc impressions campaigns/demo
    """
    from drawsteel_kit.systems.draw_steel.rules.renown import NPC_IMPRESSIONS

    with open_campaign(campaign, readonly=True):
        table = dict(NPC_IMPRESSIONS)
    if as_json:
        echo_json([{"impression": k, "examples": list(v)} for k, v in table.items()])
        return
    for score, examples in table.items():
        click.echo(f"{score:>2}  {', '.join(examples)}")


@commands.group()
def notes() -> None:
    """Notes in the books: rumours, debts, secrets (for the Director's eyes with --director)."""


@notes.command("list")
@campaign_arg
@json_option
@friendly
def notes_list(campaign: str, as_json: bool) -> None:
    """List the notes, oldest first.

    \b
    Example: drawsteel-kit notes list campaigns/demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        found = camp.notes()
    if as_json:
        echo_json([n.as_dict() for n in found])
        return
    if not found:
        click.echo("No notes yet.")
    for n in found:
        about = f"{n.about}: " if n.about else ""
        click.echo(f"#{n.id:<4} day {n.day if n.day is not None else '-':<4} {about}{n.text}"
                   f"{director_mark(n.visibility)}")


@notes.command("add")
@campaign_arg
@click.argument("text")
@click.option("--about", default="", help="Who or what it is about.")
@director_option
@friendly
def notes_add(campaign: str, text: str, about: str, director: bool) -> None:
    """Add a note to the books.

    \b
    Example: drawsteel-kit notes add campaigns/demo "She wants the chapel's bell" --about "Mother Gall" --director
    """  # noqa: E501
    with open_campaign(campaign) as camp:
        say(campaign, camp.add_note(text, about=about, visibility=visibility_of(director)))

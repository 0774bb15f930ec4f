"""``drawsteel-kit inventory ...``: the party's and each hero's treasures and items (list, add, use,
give, remove)."""

from __future__ import annotations

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, say
from drawsteel_kit.kit.words import columns
from drawsteel_kit.systems.draw_steel.book.inventory import ITEM_ORIGINS
from drawsteel_kit.systems.draw_steel.cli.options import (
    PARTY_WORD,
    director_mark,
    director_option,
    echo_json,
    id_or_name,
    json_option,
    open_campaign,
    visibility_of,
)

__all__ = ["inventory", "inventory_add", "inventory_give", "inventory_list", "inventory_remove",
           "inventory_use"]


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def inventory() -> None:
    """The party's inventory: list, add what was found, use, give, remove."""


@inventory.command("list")
@campaign_arg
@click.option("--hero", default=None, help="Only what this hero holds.")
@click.option("--all", "show_all", is_flag=True, help="Used-up and removed lines too.")
@json_option
@friendly
def inventory_list(campaign: str, hero: str | None, show_all: bool, as_json: bool) -> None:
    """List what the party holds: id, item, count, holder, origin, tier.

    \b
    Example: drawsteel-kit inventory list campaigns/demo --all
    """
    with open_campaign(campaign, readonly=True) as camp:
        items = camp.inventory(hero, include_used=show_all)
    if as_json:
        echo_json([i.as_dict() for i in items])
        return
    if not items:
        click.echo("The inventory is empty.")
    rows = []
    for i in items:
        tier = f" tier {i.tier}" if i.tier else ""
        notes = f" — {i.notes}" if i.notes else ""
        gone = " (none left)" if i.count == 0 else ""
        rows.append([f"#{i.id}", i.item, f"x{i.count}", i.holder or "party",
                     f"{i.kind} ({i.origin}{tier}){notes}{gone}{director_mark(i.visibility)}"])
    for line in columns(rows):
        click.echo(line)


@inventory.command("add")
@campaign_arg
@click.argument("item")
@click.option("--hero", default=None, help="Who holds it (default: the party's common store).")
@click.option("--count", type=int, default=1, show_default=True)
@click.option("--kind", default=None,
              help="consumable, trinket, gear ... (default: the treasure's, else item).")
@click.option("--origin", default="found", show_default=True,
              metavar="|".join(ITEM_ORIGINS), help="How it came to the party.")
@click.option("--notes", default="")
@director_option
@friendly
def inventory_add(campaign: str, item: str, hero: str | None, count: int, kind: str | None,
                  origin: str, notes: str, director: bool) -> None:
    """Treasure or gear comes to the party: found, given, traded, bought or crafted.

    \b
    Example: drawsteel-kit inventory add campaigns/demo "Healing Potion" --hero Val --count 3
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.add_item(item, holder=hero, count=count, kind=kind, origin=origin,
                                    notes=notes, visibility=visibility_of(director)))


@inventory.command("use")
@campaign_arg
@click.argument("item")
@click.option("--count", type=int, default=1, show_default=True)
@click.option("--reason", default="")
@friendly
def inventory_use(campaign: str, item: str, count: int, reason: str) -> None:
    """Use up some of an item (ITEM: its id, or its name when one line holds it).

    \b
    Example: drawsteel-kit inventory use campaigns/demo "Healing Potion" --reason "After the ambush"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.use_item(id_or_name(item), count, reason=reason))


@inventory.command("give")
@campaign_arg
@click.argument("item")
@click.option("--to", "to", required=True, metavar=f"HERO|{PARTY_WORD}",
              help="The hero who takes it, or 'party' for the common store.")
@click.option("--reason", default="")
@friendly
def inventory_give(campaign: str, item: str, to: str, reason: str) -> None:
    """Hand an item to a hero, or to the party's common store.

    \b
    Example: drawsteel-kit inventory give campaigns/demo "Healing Potion" --to Yorn
    """
    receiver = None if to.strip().casefold() == PARTY_WORD else to
    with open_campaign(campaign) as camp:
        say(campaign, camp.give_item(id_or_name(item), receiver, reason=reason))


@inventory.command("remove")
@campaign_arg
@click.argument("item")
@click.option("--reason", default="", help="Why (required): sold, lost, traded away.")
@friendly
def inventory_remove(campaign: str, item: str, reason: str) -> None:
    """An item leaves the books (sold, traded away, lost), saying why.

    \b
    Example: drawsteel-kit inventory remove campaigns/demo "horse and cart" --reason "Sold"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.remove_item(id_or_name(item), reason=reason))

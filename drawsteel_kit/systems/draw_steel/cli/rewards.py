"""Commands for rewards: renown, wealth and purchases (``renown``, ``wealth``, ``buy``,
``shopping``).

Each command is one call into the book (``systems.draw_steel.book.rewards``); reading commands
open the ledger read-only and print a table, or JSON with ``--json``. The inventory, titles,
NPCs and notes have their own modules beside this one.
"""

from __future__ import annotations

import dataclasses

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, say
from drawsteel_kit.kit.words import columns
from drawsteel_kit.systems.draw_steel.book.rewards import REWARD_SOURCES
from drawsteel_kit.systems.draw_steel.cli.options import (
    SIGNED,
    director_mark,
    director_option,
    echo_json,
    json_option,
    open_campaign,
    visibility_of,
)


# -- renown and wealth -----------------------------------------------------------------------
def _award(campaign: str, field: str, hero: str, amount: int, reason: str, source: str | None,
           director: bool) -> None:
    with open_campaign(campaign) as camp:
        award = camp.award_renown if field == "renown" else camp.award_wealth
        extra = {"source": source} if source else {}
        say(campaign, award(hero, amount, reason=reason, visibility=visibility_of(director),
                            **extra))


def _history(campaign: str, field: str, hero: str, as_json: bool) -> None:
    with open_campaign(campaign, readonly=True) as camp:
        name = camp.hero(hero).name
        points = camp.score_history(name, field)
        undone = camp.ledger.undone_ids()
    rows = [{"event_id": p.event_id, "day": p.day,
             "change": None if p.before is None else (p.after or 0) - p.before,
             "value": p.after, "reason": p.reason, "kind": p.kind,
             "visibility": p.visibility, "undone": p.event_id in undone} for p in points]
    if as_json:
        echo_json(rows)
        return
    click.echo(f"{name}'s {field}:")
    for r in rows:
        change = "start" if r["change"] is None else f"{r['change']:+d}"
        click.echo(f"  #{r['event_id']:<5} day {r['day']:<4} {change:>5} → {r['value']:<3} "
                   f"{r['reason']}{' (undone)' if r['undone'] else ''}"
                   f"{director_mark(r['visibility'])}")


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def renown() -> None:
    """Renown: each hero's, and the followers it allows; award it with a reason; its history."""


@renown.command("show")
@campaign_arg
@click.argument("hero", required=False)
@json_option
@friendly
def renown_show(campaign: str, hero: str | None, as_json: bool) -> None:
    """Show renown and the follower cap it gives, for one hero or all.

    \b
    Example: drawsteel-kit renown show campaigns/demo
    """
    with open_campaign(campaign, readonly=True) as camp:
        names = [camp.hero(hero).name] if hero else list(camp.heroes)
        caps = [camp.follower_cap(name) for name in names]
    if as_json:
        echo_json([{"hero": c.hero, "renown": c.renown, "follower_cap": c.cap,
                     "followers_kept": c.kept, "title_bonus": c.bonus, "text": str(c)}
                    for c in caps])
        return
    for line in columns([[c.hero, f"renown {c.renown}", str(c)] for c in caps]):
        click.echo(line)


@renown.command("award", context_settings=SIGNED)
@campaign_arg
@click.argument("hero")
@click.argument("amount", type=int)
@click.option("--reason", default="",
              help="Why (required): the adventure, the deed, the scandal.")
@click.option("--source", default=None, metavar="SOURCE",
              help=f"What kind of reward: {', '.join(REWARD_SOURCES)} (default: adventure).")
@director_option
@friendly
def renown_award(campaign: str, hero: str, amount: int, reason: str, source: str | None,
                 director: bool) -> None:
    """Change a hero's renown by AMOUNT (negative to lose it), saying why.

    \b
    Example: drawsteel-kit renown award campaigns/demo Val 2 --reason "Saved the mill"
    """
    _award(campaign, "renown", hero, amount, reason, source, director)


@renown.command("history")
@campaign_arg
@click.argument("hero")
@json_option
@friendly
def renown_history(campaign: str, hero: str, as_json: bool) -> None:
    """Every change of a hero's renown: day, change, value, reason (undos included).

    \b
    Example: drawsteel-kit renown history campaigns/demo Val
    """
    _history(campaign, "renown", hero, as_json)


@commands.group()
def wealth() -> None:
    """Wealth: the Hero Wealth table and what a hero can buy; award it with a reason."""


@wealth.command("show")
@campaign_arg
@click.option("--hero", default=None, help="Mark what this hero can afford.")
@json_option
@friendly
def wealth_show(campaign: str, hero: str | None, as_json: bool) -> None:
    """The Hero Wealth table (with the campaign's own items); with a hero, what they can
    afford and what the stretch rule reaches.

    \b
    Example: drawsteel-kit wealth show campaigns/demo --hero "Quillon Ashmark"
    """
    with open_campaign(campaign, readonly=True) as camp:
        who = camp.hero(hero) if hero else None
        tiers = camp.wealth_table(who.name if who else None)
        stretch_on = bool(camp.settings.get("stretch_purchases", False))
    if as_json:
        echo_json({"hero": who.name if who else None, "wealth": who.wealth if who else None,
                    "stretch_purchases": stretch_on,
                    "tiers": [dataclasses.asdict(t) for t in tiers]})
        return
    if who:
        click.echo(f"{who.name}: wealth {who.wealth} (stretch purchases "
                   f"{'on' if stretch_on else 'off'})")
    for t in tiers:
        mark = ""
        if who:
            mark = ("can afford" if t.affordable else
                    "stretch: then wealth -1" if t.stretch else "out of reach")
            mark = f"{mark:<24}"
        click.echo(f"Tier {t.tier}  {mark}{', '.join(t.items)}")


@wealth.command("award", context_settings=SIGNED)
@campaign_arg
@click.argument("hero")
@click.argument("amount", type=int)
@click.option("--reason", default="", help="Why (required): the hoard, the reward, the debt.")
@click.option("--source", default=None, metavar="SOURCE",
              help=f"What kind of reward: {', '.join(REWARD_SOURCES)} (default: treasure).")
@director_option
@friendly
def wealth_award(campaign: str, hero: str, amount: int, reason: str, source: str | None,
                 director: bool) -> None:
    """Change a hero's wealth by AMOUNT (negative to lose it), saying why.

    \b
    Example: drawsteel-kit wealth award campaigns/demo Val 1 --reason "The bandits' strongbox"
    """
    _award(campaign, "wealth", hero, amount, reason, source, director)


@wealth.command("history")
@campaign_arg
@click.argument("hero")
@json_option
@friendly
def wealth_history(campaign: str, hero: str, as_json: bool) -> None:
    """Every change of a hero's wealth: day, change, value, reason (undos included).

    \b
    Example: drawsteel-kit wealth history campaigns/demo Val
    """
    _history(campaign, "wealth", hero, as_json)


@commands.command("buy")
@campaign_arg
@click.argument("hero")
@click.argument("item")
@click.option("--tier", type=int, default=None,
              help="The tier of an item the wealth table lacks (1-6, judged by the table).")
@click.option("--count", type=int, default=1, show_default=True)
@click.option("--reason", default="", help="What it is for.")
@director_option
@friendly
def buy(campaign: str, hero: str, item: str, tier: int | None, count: int, reason: str,
        director: bool) -> None:
    """Buy something the hero's wealth reaches; it goes into their inventory.

    One tier above their wealth only under the campaign's stretch_purchases rule, and then
    wealth drops by 1. Treasures are not bought (see `inventory add --origin`).

    \b
    Example: drawsteel-kit buy campaigns/demo Val "horse and cart" --reason "For the road"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.buy(hero, item, tier=tier, count=count, reason=reason,
                               visibility=visibility_of(director)))


@commands.command("shopping")
@campaign_arg
@click.argument("action", type=click.Choice(["show", "set"]), default="show")
@click.option("--at", "at", default="", metavar="PLACE", help="Where the heroes shop.")
@click.option("--purchases", type=int, default=None,
              help="How many purchases each hero may make on this trip.")
@click.option("--max-tier", type=int, default=None,
              help="The highest wealth tier on sale there (0: nothing for sale).")
@click.option("--unavailable", multiple=True, metavar="ITEM",
              help="An item not to be had there (repeat).")
@click.option("--reason", default="")
@json_option
@friendly
def shopping(campaign: str, action: str, at: str, purchases: int | None,
             max_tier: int | None, unavailable: tuple[str, ...], reason: str,
             as_json: bool) -> None:
    """Show or set what the heroes may buy on this shopping trip (the session under way, or
    the downtime since the last one): where, how many purchases each, which tiers are on sale.

    \b
    Examples:
      drawsteel-kit shopping campaigns/demo
      drawsteel-kit shopping campaigns/demo set --at "Riverside Market" --purchases 2 \\
          --max-tier 3 --unavailable "sailing ship"
    """
    if action == "show":
        if at or purchases is not None or max_tier is not None or unavailable or reason:
            raise click.UsageError("options set a trip's limits: use "
                                   "`drawsteel-kit shopping CAMPAIGN set`")
        with open_campaign(campaign, readonly=True) as camp:
            trip = camp.shopping_trip()
        if as_json:
            echo_json(trip.as_dict())
            return
        lim = trip.limits
        click.echo(f"Shopping trip: {trip}" + (f" at {lim.at}" if lim.at else ""))
        click.echo("Purchases each: " + ("no limit" if lim.purchases is None
                                         else str(lim.purchases)))
        click.echo("On sale: " + ("every tier" if lim.max_tier is None else "nothing"
                                  if lim.max_tier < 1 else f"tiers up to {lim.max_tier}"))
        if lim.unavailable:
            click.echo("Not to be had: " + ", ".join(lim.unavailable))
        return
    with open_campaign(campaign) as camp:
        say(campaign, camp.shopping(at, purchases=purchases, max_tier=max_tier,
                                    unavailable=unavailable, reason=reason))


# -- the inventory ---------------------------------------------------------------------------


# -- titles ----------------------------------------------------------------------------------


# -- NPCs and notes --------------------------------------------------------------------------



"""Commands for rewards: renown, wealth, purchases, the inventory, titles, NPCs and notes.

Each command is one call into the library (``drawsteel_kit.systems.draw_steel.book.rewards`` and
``drawsteel_kit.systems.draw_steel.book.npcs``); reading commands open the ledger read-only and
print a table,
or JSON with ``--json``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import click

from drawsteel_kit.cli.common import campaign_arg, friendly, open_campaign, say
from drawsteel_kit.cli.core import _ref, main
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.systems.draw_steel.book.rewards import ITEM_ORIGINS, REWARD_SOURCES
from drawsteel_kit.systems.draw_steel.rules.renown import IMPRESSION_MAX, IMPRESSION_MIN

#: Tokens for "not a hero": the party's common store, an NPC that knows no one.
PARTY_WORD = "party"
NO_STANDING = "none"

#: Lets AMOUNT be negative ("-1" is an amount, not an option): an unknown option then shows
#: as an extra argument instead.
SIGNED = {"ignore_unknown_options": True}

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
director_option = click.option("--director", is_flag=True,
                               help="For the Director's eyes only (hidden from the players).")


def _visibility(director: bool) -> str:
    return DIRECTOR if director else PARTY


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _hidden(visibility: str) -> str:
    return " [director]" if visibility == DIRECTOR else ""


def _standings(values: Sequence[str]) -> dict[str, str]:
    """``--knows HERO=STANDING`` options as a dict; one clear line when malformed."""
    out: dict[str, str] = {}
    for pair in values:
        hero, sep, standing = pair.rpartition("=")
        if not sep or not hero.strip() or not standing.strip():
            raise click.ClickException(f"--knows takes HERO=fame|infamy|known, got {pair!r}")
        out[hero.strip()] = standing.strip().casefold()
    return out


# -- renown and wealth -----------------------------------------------------------------------
def _award(campaign: str, field: str, hero: str, amount: int, reason: str, source: str | None,
           director: bool) -> None:
    with open_campaign(campaign) as camp:
        award = camp.award_renown if field == "renown" else camp.award_wealth
        extra = {"source": source} if source else {}
        say(campaign, award(hero, amount, reason=reason, visibility=_visibility(director),
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
        _echo_json(rows)
        return
    click.echo(f"{name}'s {field}:")
    for r in rows:
        change = "start" if r["change"] is None else f"{r['change']:+d}"
        click.echo(f"  #{r['event_id']:<5} day {r['day']:<4} {change:>5} → {r['value']:<3} "
                   f"{r['reason']}{' (undone)' if r['undone'] else ''}"
                   f"{_hidden(r['visibility'])}")


@main.group()
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
        _echo_json([{"hero": c.hero, "renown": c.renown, "follower_cap": c.cap,
                     "followers_kept": c.kept, "title_bonus": c.bonus, "text": str(c)}
                    for c in caps])
        return
    for c in caps:
        click.echo(f"{c.hero:<18} renown {c.renown:>2}   {c}")


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


@main.group()
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
        _echo_json({"hero": who.name if who else None, "wealth": who.wealth if who else None,
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


@main.command("buy")
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
                               visibility=_visibility(director)))


# -- the inventory ---------------------------------------------------------------------------
@main.group()
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
        _echo_json([i.as_dict() for i in items])
        return
    if not items:
        click.echo("The inventory is empty.")
    for i in items:
        tier = f" tier {i.tier}" if i.tier else ""
        notes = f" — {i.notes}" if i.notes else ""
        gone = " (none left)" if i.count == 0 else ""
        click.echo(f"#{i.id:<4} {i.item[:30]:<31} x{i.count:<4} {(i.holder or 'party')[:18]:<19}"
                   f"{i.kind} ({i.origin}{tier}){notes}{gone}{_hidden(i.visibility)}")


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
                                    notes=notes, visibility=_visibility(director)))


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
        say(campaign, camp.use_item(_ref(item), count, reason=reason))


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
        say(campaign, camp.give_item(_ref(item), receiver, reason=reason))


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
        say(campaign, camp.remove_item(_ref(item), reason=reason))


# -- titles ----------------------------------------------------------------------------------
@main.group()
def titles() -> None:
    """Titles: who holds what, the book's titles, grant one (with its benefit), revoke one."""


@titles.command("list")
@campaign_arg
@click.option("--hero", default=None, help="Only this hero's titles.")
@json_option
@friendly
def titles_list(campaign: str, hero: str | None, as_json: bool) -> None:
    """List the titles held and what each gave.

    \b
    Example: drawsteel-kit titles list campaigns/demo --hero Yorn
    """
    with open_campaign(campaign, readonly=True) as camp:
        held = camp.titles(hero)
    if as_json:
        _echo_json([t.as_dict() for t in held])
        return
    if not held:
        click.echo("No titles held.")
    for t in held:
        gave = ", ".join(f"{k} +{getattr(t, k)}" for k in ("renown", "wealth", "followers",
                                                           "retainers") if getattr(t, k))
        benefit = f" [{t.benefit}]" if t.benefit else ""
        click.echo(f"#{t.id:<4} {t.hero[:18]:<19} {t.title}{benefit}"
                   f"{': ' + gave if gave else ''}{_hidden(t.visibility)}")
        if t.effect:
            click.echo(f"       {t.effect}")


@titles.command("catalog")
@campaign_arg
@json_option
@friendly
def titles_catalog(campaign: str, as_json: bool) -> None:
    """The book's titles: their effects and the benefit keys to choose from (--benefit).

    \b
    Example: drawsteel-kit titles catalog campaigns/demo
    """
    from drawsteel_kit.systems.draw_steel.catalog.titles import titles as book_titles

    with open_campaign(campaign, readonly=True):
        book = list(book_titles().values())
    if as_json:
        _echo_json([dataclasses.asdict(t) for t in book])
        return
    for t in book:
        click.echo(f"{t.name}: {t.effect}")
        for b in t.benefits:
            click.echo(f"  --benefit {b.key}: {b.text}")
        if t.negotiation_bonus:
            with_whom = f" with {t.negotiation_tag} NPCs" if t.negotiation_tag else ""
            click.echo(f"  negotiation: renown counts +{t.negotiation_bonus}{with_whom}")


@titles.command("grant")
@campaign_arg
@click.argument("hero")
@click.argument("title")
@click.option("--benefit", default=None, metavar="KEY",
              help="The benefit chosen, for a book title with several (see `titles catalog`).")
@click.option("--reason", default="")
@click.option("--renown", type=int, default=0, help="A title of the table's own: its renown.")
@click.option("--wealth", type=int, default=0, help="A title of the table's own: its wealth.")
@click.option("--followers", type=int, default=0,
              help="A title of the table's own: room for more followers.")
@click.option("--retainers", type=int, default=0,
              help="A title of the table's own: more retainers.")
@click.option("--effect", default="", help="A title of the table's own: what it does.")
@director_option
@friendly
def titles_grant(campaign: str, hero: str, title: str, benefit: str | None, reason: str,
                 renown: int, wealth: int, followers: int, retainers: int, effect: str,
                 director: bool) -> None:
    """A hero earns a title: a book title applies the benefit chosen, a title of the table's
    own (declared under custom.titles in campaign.yaml) takes the numbers given.

    \b
    Example: drawsteel-kit titles grant campaigns/demo Yorn Noble --benefit followers
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.grant_title(hero, title, benefit=benefit, reason=reason,
                                       visibility=_visibility(director), renown=renown,
                                       wealth=wealth, followers=followers,
                                       retainers=retainers, effect=effect))


@titles.command("revoke")
@campaign_arg
@click.argument("hero")
@click.argument("title")
@click.option("--reason", default="", help="Why (required).")
@friendly
def titles_revoke(campaign: str, hero: str, title: str, reason: str) -> None:
    """A hero loses a title: its follower and retainer bonuses end (renown and wealth stay).

    \b
    Example: drawsteel-kit titles revoke campaigns/demo Yorn Noble --reason "Stripped by the duke"
    """
    with open_campaign(campaign) as camp:
        say(campaign, camp.revoke_title(hero, title, reason=reason))


# -- NPCs and notes --------------------------------------------------------------------------
@main.group()
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
        _echo_json([n.as_dict() for n in found])
        return
    if not found:
        click.echo("No NPCs yet: add one with `drawsteel-kit npc add`.")
    for n in found:
        knows = ", ".join(f"{h} ({s})" for h, s in sorted(n.standing.items())) or "no one"
        level = f", level {n.level}" if n.level is not None else ""
        tags = f", tags: {', '.join(n.tags)}" if n.tags else ""
        click.echo(f"#{n.id:<4} {n.name}: impression {n.impression}{level}{tags}; "
                   f"knows {knows}{_hidden(n.visibility)}")
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
    standing = _standings(knows)
    with open_campaign(campaign) as camp:
        say(campaign, camp.add_npc(name, level=level, impression=impression, tags=tags,
                                   notes=notes, visibility=_visibility(director),
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
        say(campaign, camp.npc_knows(_ref(name), hero, None if value == NO_STANDING else value))


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
        who = camp.npc(_ref(name))
        found = camp.negotiation(who.id)
    if as_json:
        _echo_json({"npc": who.name, "impression": who.impression,
                    "heroes": [dataclasses.asdict(i) for i in found]})
        return
    click.echo(f"{who.name}: impression {who.impression}")
    for i in found:
        edge = f"   edge: {', '.join(i.edge_skills)}" if i.edge_skills else ""
        click.echo(f"  {i.hero[:18]:<19} sways: {'yes' if i.sways else 'no ':<4} "
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
        _echo_json([{"impression": k, "examples": list(v)} for k, v in table.items()])
        return
    for score, examples in table.items():
        click.echo(f"{score:>2}  {', '.join(examples)}")


@main.group()
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
        _echo_json([n.as_dict() for n in found])
        return
    if not found:
        click.echo("No notes yet.")
    for n in found:
        about = f"{n.about}: " if n.about else ""
        click.echo(f"#{n.id:<4} day {n.day if n.day is not None else '-':<4} {about}{n.text}"
                   f"{_hidden(n.visibility)}")


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
        say(campaign, camp.add_note(text, about=about, visibility=_visibility(director)))

"""``drawsteel-kit titles ...``: the titles heroes hold, the book's catalog of them, granting and
revoking."""

from __future__ import annotations

import dataclasses

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, say
from drawsteel_kit.systems.draw_steel.cli.options import (
    director_mark,
    director_option,
    echo_json,
    json_option,
    open_campaign,
    visibility_of,
)

__all__ = ["titles", "titles_catalog", "titles_grant", "titles_list", "titles_revoke"]


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
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
        echo_json([t.as_dict() for t in held])
        return
    if not held:
        click.echo("No titles held.")
    width = max((len(t.hero) for t in held), default=0)
    for t in held:
        gave = ", ".join(f"{k} +{getattr(t, k)}" for k in ("renown", "wealth", "followers",
                                                           "retainers") if getattr(t, k))
        benefit = f" [{t.benefit}]" if t.benefit else ""
        click.echo(f"#{t.id:<4} {t.hero:<{width}} {t.title}{benefit}"
                   f"{': ' + gave if gave else ''}{director_mark(t.visibility)}")
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
        echo_json([dataclasses.asdict(t) for t in book])
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
                                       visibility=visibility_of(director), renown=renown,
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

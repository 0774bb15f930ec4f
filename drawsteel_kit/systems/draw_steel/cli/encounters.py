"""Commands for Draw Steel's encounter log: ``encounter log``, ``encounter list``, ``show``.

Each is one call into :mod:`drawsteel_kit.systems.draw_steel.book.encounters`; the reading commands
open the
ledger read-only and print a table, or JSON with ``--json``.
"""

from __future__ import annotations

from typing import Any

import click

from drawsteel_kit.kit.commands import campaign_arg, friendly, say
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.systems.draw_steel.cli.options import (
    director_mark,
    echo_json,
    json_option,
    open_campaign,
)
from drawsteel_kit.systems.draw_steel.rules.encounters import CHALLENGE, COMBAT


def _line(enc: Any) -> str:
    hidden = director_mark(enc.visibility)
    session = f"session {enc.session}" if enc.session else "no session"
    gained = ", ".join(f"{n} +{v}" for n, v in enc.victories.items() if v) or "no victories"
    return (f"#{enc.number:<3} day {enc.day:<3} {session:<11} {enc.kind:<9} "
            f"{'met' if enc.met else 'not met':<8} {enc.title}: {gained}{hidden}")


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def encounter() -> None:
    """Draw Steel's encounter log: sides, objective, who fell; the victories come from it."""


@encounter.command("log")
@campaign_arg
@click.argument("title")
@click.option("--hero", "heroes", multiple=True, metavar="NAME",
              help="A hero who took part (repeat; default: every hero).")
@click.option("--opponent", "opponents", multiple=True, metavar="TEXT",
              help='The other side, one line each: "4 goblins", "Mother Ash" (repeat).')
@click.option("--objective", required=True, help="The party's objective in the encounter.")
@click.option("--met/--not-met", "met", default=None,
              help="Whether the objective was met (one of the two is required).")
@click.option("--fell", multiple=True, metavar="NAME",
              help="A hero who did not survive it or was taken out: no victories (repeat).")
@click.option("--victories", type=int, default=None, metavar="N",
              help="The Director's award instead of the book's 1: 0 for a trivial one, "
                   "more for a hard one.")
@click.option("--challenge", is_flag=True,
              help="A big non-combat challenge (a trap, a negotiation, a montage test).")
@click.option("--notes", default="", help="Anything else worth keeping.")
@click.option("--director", is_flag=True, help="For the Director's eyes only.")
@friendly
def encounter_log(campaign: str, title: str, heroes: tuple[str, ...],
                  opponents: tuple[str, ...], objective: str, met: bool | None,
                  fell: tuple[str, ...], victories: int | None, challenge: bool, notes: str,
                  director: bool) -> None:
    """Log an encounter; each hero who took part and survived gains its victories.

    \b
    Example: drawsteel-kit encounter log campaigns/demo "Bandits at the Old Mill" \\
               --opponent "6 bandits" --opponent "Mother Ash" \\
               --objective "Save the miller" --met --fell Yorn
    """
    if met is None:
        raise click.UsageError("say whether the objective was met: --met or --not-met")
    with open_campaign(campaign) as camp:
        say(campaign, camp.log_encounter(
            title, list(heroes) or None, opponents=list(opponents), objective=objective,
            objective_met=met, kind=CHALLENGE if challenge else COMBAT, fell=list(fell),
            victories=victories, notes=notes, visibility=DIRECTOR if director else PARTY))


@encounter.command("list")
@campaign_arg
@click.option("--session", type=int, default=None, help="Only this session's encounters.")
@json_option
@friendly
def encounter_list(campaign: str, session: int | None, as_json: bool) -> None:
    """The encounter log, oldest first; with --session, that session's victories too.

    \b
    Example: drawsteel-kit encounter list campaigns/demo --session 1
    """
    with open_campaign(campaign, readonly=True) as camp:
        found = camp.encounters(session)
        tally = camp.session_victories(session) if session is not None else None
    if as_json:
        data: dict[str, Any] = {"encounters": [e.as_dict() for e in found]}
        if tally is not None:
            data["session"] = {"number": tally.session, "victories": tally.by_hero,
                               "total": tally.total}
        echo_json(data)
        return
    if not found:
        click.echo("No encounters logged" + (f" in session {session}" if session else "")
                   + ": log one with `drawsteel-kit encounter log`")
    for enc in found:
        click.echo(_line(enc))
    if tally is not None and tally.encounters:
        each = ", ".join(f"{n} {v}" for n, v in tally.by_hero.items())
        click.echo(f"Session {tally.session}: {tally.total} victories ({each})")


@encounter.command("show")
@campaign_arg
@click.argument("number", type=int)
@json_option
@friendly
def encounter_show(campaign: str, number: int, as_json: bool) -> None:
    """One logged encounter: its sides, objective, who fell, the victories each gained.

    \b
    Example: drawsteel-kit encounter show campaigns/demo 1
    """
    with open_campaign(campaign, readonly=True) as camp:
        enc = camp.encounter(number)
    if as_json:
        echo_json(enc.as_dict())
        return
    foes = ", ".join(str(o) for o in enc.opponents) or "-"
    rows = [("title", enc.title), ("kind", enc.kind),
            ("when", f"day {enc.day}" + (f", session {enc.session}" if enc.session else "")),
            ("heroes", ", ".join(enc.participants)), ("opponents", foes),
            ("objective", enc.objective or "-"), ("met", "yes" if enc.met else "no"),
            ("fell", ", ".join(enc.fell) or "-"),
            ("victories", ", ".join(f"{n} {v}" for n, v in enc.victories.items())),
            ("award", "the book's" if enc.override is None else f"the Director's {enc.override}"),
            ("notes", enc.notes or "-"),
            ("seen by", "the Director only" if enc.visibility == DIRECTOR else "the party")]
    click.echo(f"Encounter #{enc.number}")
    for name, value in rows:
        click.echo(f"  {name:<10} {value}")

"""``drawsteel-kit dw``: Dungeon World's moves on a campaign (``system: dungeon-world``).

Each command is one call into ``campaign.dungeon_world`` (``systems.dungeon_world.book``); reading
commands open the ledger read-only and print a table, or JSON with ``--json``. A town-days
plan is resolved by the usual ``drawsteel-kit resolve CAMPAIGN --plan P --seed N``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click
import yaml

from drawsteel_kit.kit.commands import campaign_arg, check_fields, friendly, opener, say
from drawsteel_kit.kit.limits import shown
from drawsteel_kit.kit.yaml_read import SafeLoader
from drawsteel_kit.systems.dungeon_world.campaign import DungeonWorldCampaign

__all__ = ["dw", "parse_dice", "parse_options"]

#: A campaign as Dungeon World's (another system's is refused, naming its commands).
open_campaign = opener(DungeonWorldCampaign)

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def parse_options(values: Sequence[str], flag: str = "--option") -> dict[str, Any]:
    """``key=value`` pairs, each value a YAML scalar, list or mapping (``choices=[a,b]``)."""
    out: dict[str, Any] = {}
    for pair in values:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key or not raw.strip():
            raise click.UsageError(f"{flag} takes KEY=VALUE, got {pair!r}")
        if key in out:
            raise click.UsageError(f"{flag} names {key} twice")
        try:
            out[key] = yaml.load(raw, Loader=SafeLoader)  # yaml.safe_load, quick to refuse
        except (yaml.YAMLError, ValueError, RecursionError):  # a number too long, too deep
            raise click.UsageError(f"{flag} {key}: {shown(raw)} is not a value (a number, a "
                                   "word, true/false, [a, b] or {k: v}): too long, nested too "
                                   "deeply or not YAML") from None
    return out


def parse_dice(text: str | None) -> Any:
    """``--dice 4,5``: the faces rolled at the table, in order."""
    if text is None:
        return None
    from drawsteel_kit.kit.dice import ScriptedDice

    try:
        faces = [int(part) for part in text.replace(" ", "").split(",") if part]
    except ValueError:
        raise click.UsageError(f"--dice takes faces like 4,5, got {text!r}") from None
    if not faces:
        raise click.UsageError("--dice needs at least one face, like 4,5")
    return ScriptedDice(faces)


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group("dw")
def dw() -> None:
    """Dungeon World: moves, characters and town days (a campaign with system: dungeon-world).

    Example: drawsteel-kit dw move campaigns/dungeon-world-demo carouse --who Ava
    --option coin=200 --option choices=[befriend_npc,hear_rumors] --dice 4,5
    """


@dw.command("move")
@campaign_arg
@click.argument("move")
@click.option("--who", "who", multiple=True, metavar="NAME",
              help="Who makes the move (repeat for several; leave out for the whole party's "
                   "moves, perilous_journey and end_of_session).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="One of the move's options (see `dw moves`); values are YAML: "
                   "coin=200, choices=[a,b], special=true.")
@click.option("--dice", default=None, metavar="FACES",
              help="The faces rolled at the table, e.g. 4,5 (default: generated).")
@click.option("--seed", type=click.IntRange(0), default=None,
              help="Seed for generated dice (default: a new one, recorded).")
@click.option("--dry-run", is_flag=True, help="Show what would happen; write nothing.")
@json_option
@friendly
def move(campaign: str, move: str, who: Sequence[str], options: Sequence[str],
         dice: str | None, seed: int | None, dry_run: bool, as_json: bool) -> None:
    """Make a move: its rolls, choices and bookkeeping land on the sheets.

    Example: drawsteel-kit dw move campaigns/dungeon-world-demo make_camp --who Ava --who Nim
    """
    opts = parse_options(options)
    if "self" in opts:  # a parameter of the call itself: refused by name, not a TypeError
        raise click.UsageError("--option self=... is not an option of a move; `drawsteel-kit "
                               "dw moves` lists each move's options")
    for reserved in ("who", "seed", "dice", "move"):
        if reserved in opts:
            raise click.UsageError(f"--option {reserved}=... is not an option of a move: "
                                   f"use --{reserved}" if reserved != "move" else
                                   "--option move=... is not an option: the move is MOVE")
    with open_campaign(campaign) as camp:
        book = camp.dungeon_world
        with camp.transaction(rollback=dry_run):
            happened = book.move(move, list(who) or None, seed=seed, dice=parse_dice(dice),
                                 **opts)
    if as_json:
        _echo_json({**happened.details, "summary": happened.summary, "dry_run": dry_run,
                    "events": [] if dry_run else [e.as_dict() for e in happened.events]})
        return
    for line in happened.details["lines"]:
        click.echo(line)
    if dry_run:
        click.echo(f"DRY RUN: nothing was written. {happened.summary}")
    else:
        say(campaign, happened)


@dw.command("characters")
@campaign_arg
@json_option
@friendly
def characters(campaign: str, as_json: bool) -> None:
    """List the characters: playbook, level, XP, HP, coin, rations, preparation.

    Example: drawsteel-kit dw characters campaigns/dungeon-world-demo --json
    """
    with open_campaign(campaign, readonly=True) as camp:
        book = camp.dungeon_world
        found = book.characters()
        lines = book.status_lines()
    if as_json:
        _echo_json([c.as_dict() for c in found.values()])
        return
    for line in lines:
        click.echo(line)


@dw.command("show")
@campaign_arg
@click.argument("name")
@json_option
@friendly
def show(campaign: str, name: str, as_json: bool) -> None:
    """One character's whole sheet.

    Example: drawsteel-kit dw show campaigns/dungeon-world-demo Zora
    """
    with open_campaign(campaign, readonly=True) as camp:
        c = camp.dungeon_world.character(name)
    if as_json:
        _echo_json(c.as_dict())
        return
    click.echo(f"{c.name}: {c.playbook or 'no playbook'}, level {c.level}, {c.alignment}")
    click.echo(f"  HP {c.hp}/{c.max_hp}, XP {c.xp}/{c.level + 7}, coin {c.coin}, rations "
               f"{c.rations}, preparation {c.preparation}")
    from drawsteel_kit.systems.dungeon_world.entries import sheet_extras

    extras = sheet_extras(c)
    if extras:
        click.echo("  " + "; ".join(extras))
    click.echo("  " + ", ".join(f"{s} {c.score(s)} ({c.modifier(s):+d})"
                                for s in c.scores.as_dict()))
    for label, values in (("debilities", c.debilities), ("moves", c.moves), ("gear", c.gear),
                          ("bonds", [f"{b.target}: {b.text}" for b in c.bonds]),
                          ("forward", [f"{m.amount:+d} {m.move or 'any roll'}"
                                       for m in c.forward])):
        click.echo(f"  {label}: {'; '.join(map(str, values)) or '-'}")


@dw.command("moves")
def moves() -> None:
    """List the moves and the options each takes.

    Example: drawsteel-kit dw moves
    """
    from drawsteel_kit.systems.dungeon_world.book import move_options
    from drawsteel_kit.systems.dungeon_world.rules.moves import MOVE_NAMES

    for key, name in MOVE_NAMES.items():
        click.echo(f"{key.value:<22} {name}: {', '.join(move_options(key)) or '-'}")


@dw.command("hold")
@campaign_arg
@click.argument("name")
@click.argument("choices", nargs=-1, metavar="CHOICE...")
@click.option("--ally", default=None, metavar="NAME",
              help="Who takes +1 forward against the attacker (for open_up).")
@click.option("--attacker", default="", help="Who attacks (shown in the history).")
@click.option("--drop", is_flag=True,
              help="NAME leaves what they defend, or stops watching it: the hold is lost.")
@friendly
def hold(campaign: str, name: str, choices: Sequence[str], ally: str | None, attacker: str,
         drop: bool) -> None:
    """Spend Defend's hold when NAME or what they defend is attacked: 1 per CHOICE, each
    one of redirect, halve, open_up, damage.

    Example: drawsteel-kit dw hold campaigns/dungeon-world-demo Ava redirect open_up
    --ally Nim --attacker "the wight"
    """
    if drop and (choices or ally or attacker):
        raise click.UsageError("--drop loses the whole hold: give no CHOICE, --ally or "
                               "--attacker with it")
    if not drop and not choices:
        raise click.UsageError("name what the hold buys (redirect, halve, open_up, damage), "
                               "or --drop it")
    with open_campaign(campaign) as camp:
        book = camp.dungeon_world
        happened = (book.end_defense(name) if drop
                    else book.spend_hold(name, list(choices), ally=ally, attacker=attacker))
    for line in happened.details["lines"]:
        click.echo(line)
    say(campaign, happened)


@dw.command("adjust")
@campaign_arg
@click.argument("name")
@click.argument("changes", nargs=-1, required=True, metavar="FIELD=VALUE...")
@click.option("--reason", default="", help="Why (shown in the history).")
@friendly
def adjust(campaign: str, name: str, changes: Sequence[str], reason: str) -> None:
    """Change a sheet by hand: HP lost in a fight, loot, a debility taken.

    Example: drawsteel-kit dw adjust campaigns/dungeon-world-demo Ava hp=12 --reason "ogre"
    """
    from drawsteel_kit.systems.dungeon_world.rules.character import Character

    values = parse_options(changes, "FIELD=VALUE")
    check_fields(values, [f for f in Character.__dataclass_fields__ if f != "name"],
                 also=("name",))  # a name is kept: the library says why
    with open_campaign(campaign) as camp:
        say(campaign, camp.dungeon_world.adjust(name, reason=reason, **values))


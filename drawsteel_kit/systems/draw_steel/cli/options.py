"""What Draw Steel's commands share: the --json and --director options, the words for
"the party" and "no standing", JSON output, and standings parsed from NAME=VALUE."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from drawsteel_kit.kit.commands import check_fields, parse_value
from drawsteel_kit.kit.commands import open_campaign as open_folder
from drawsteel_kit.kit.ledger import DIRECTOR, PARTY
from drawsteel_kit.systems.draw_steel.state import CHARACTERISTICS

__all__ = [
    "NO_STANDING",
    "PARTY_WORD",
    "SIGNED",
    "director_mark",
    "director_option",
    "echo_json",
    "hero_changes",
    "id_or_name",
    "json_option",
    "open_campaign",
    "standings",
    "visibility_of",
]


#: Tokens for "not a hero": the party's common store, an NPC that knows no one.
PARTY_WORD = "party"


NO_STANDING = "none"


#: Lets AMOUNT be negative ("-1" is an amount, not an option): an unknown option then shows
#: as an extra argument instead.
SIGNED = {"ignore_unknown_options": True}


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")


director_option = click.option("--director", is_flag=True,
                               help="For the Director's eyes only (hidden from the players).")


def visibility_of(director: bool) -> str:
    """The visibility ``--director`` asks for: the Director's eyes only, or the party's."""
    return DIRECTOR if director else PARTY


def echo_json(data: Any) -> None:
    """``--json``'s output: ``data`` as indented JSON, non-ASCII text as it is."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def director_mark(visibility: str) -> str:
    """What a listing adds after a row only the Director sees (" [director]")."""
    return " [director]" if visibility == DIRECTOR else ""


def standings(values: Sequence[str]) -> dict[str, str]:
    """``--knows HERO=STANDING`` options as a dict; one clear line when malformed."""
    out: dict[str, str] = {}
    for pair in values:
        hero, sep, standing = pair.rpartition("=")
        if not sep or not hero.strip() or not standing.strip():
            raise click.ClickException(f"--knows takes HERO=fame|infamy|known, got {pair!r}")
        out[hero.strip()] = standing.strip().casefold()
    return out


def id_or_name(given: str) -> int | str:
    """A project, follower or NPC named by its id (``#3`` or ``3``) or by its name."""
    text = given.strip().removeprefix("#")
    return int(text) if text.isdecimal() else given.strip()


def hero_changes(changes: Sequence[str]) -> dict[str, Any]:
    """`adjust`'s FIELD=VALUE pairs (values as JSON) as keyword arguments for adjust_hero:
    each field once and adjustable; characteristics nested, since ``reason`` is both a
    characteristic and the call's own reason."""
    values: dict[str, Any] = {}
    for pair in changes:
        key, sep, raw = pair.partition("=")
        if not sep:
            raise click.UsageError(f"changes are FIELD=VALUE, got {pair!r}")
        if key.strip() in values:
            raise click.UsageError(f"FIELD=VALUE names {key.strip()} twice")
        values[key.strip()] = parse_value(raw)
    from drawsteel_kit.systems.draw_steel.init import ADJUSTABLE  # campaign.yaml's models

    check_fields(values, ADJUSTABLE, also=("hero_class", "characteristics", "titles"))
    scores = {k: values.pop(k) for k in list(values) if k in CHARACTERISTICS}
    if scores:
        if "characteristics" in values:
            raise click.UsageError("give characteristics one by one (might=2) or as "
                                   "characteristics={...}, not both")
        values["characteristics"] = scores
    return values


def open_campaign(campaign: str, readonly: bool = False) -> Any:
    """The campaign as Draw Steel's facade, whatever system it plays: a Draw Steel command
    on another system's campaign is refused with what to use instead."""
    from drawsteel_kit.systems.draw_steel.campaign import Campaign

    return open_folder(campaign, readonly, cls=Campaign)

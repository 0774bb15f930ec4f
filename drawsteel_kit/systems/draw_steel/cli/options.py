"""What Draw Steel's commands share: the --json and --director options, the words for
"the party" and "no standing", JSON output, and standings parsed from NAME=VALUE."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click

from drawsteel_kit.kit.ledger import DIRECTOR, PARTY

__all__ = ["NO_STANDING", "PARTY_WORD", "SIGNED", "director_option", "json_option"]


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


def _ref(project: str) -> int | str:
    """A project named by id (``#3`` or ``3``) or by title."""
    text = project.strip().removeprefix("#")
    return int(text) if text.isdecimal() else project.strip()

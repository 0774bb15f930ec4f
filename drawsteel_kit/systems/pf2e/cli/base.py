"""What the ``drawsteel-kit pf2e`` commands share: the group, ``--encounter``, one call into
the book and its lines.

Each command is one call into :class:`drawsteel_kit.systems.pf2e.book.EncounterTracker`. Steps act
on the newest running encounter unless ``--encounter`` names one (its number or name). The
Director sees real names; ``show --player`` prints what the players see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.pf2e.errors import Pf2eError

__all__ = ["Tools", "commands", "dice_options", "encounter_option", "pf2e", "typed_dice"]

encounter_option = click.option("--encounter", "-e", "ref", default=None, metavar="REF",
                                help="The encounter's number or name (default: the newest "
                                "running one).")


def _done(campaign: str, happened: Any) -> None:
    """The GM's lines, then how to undo."""
    click.echo("\n".join(happened.details.get("lines") or [happened.summary]))
    if happened.events:
        click.echo(f"(undo with: drawsteel-kit undo {campaign} {happened.events[0].id})")


#: What this module adds to ``drawsteel-kit``: the root group mounts these through the
#: registry (``drawsteel_kit.cli``).
commands = click.Group()


@commands.group()
def pf2e() -> None:
    """Pathfinder 2e encounters: initiative, turns, Delay, durations, hidden names.

    Example: drawsteel-kit pf2e new campaigns/pf2e-demo "Goblin bridge"
    """


def dice_options(fn: Any) -> Any:
    """``--dice`` (faces rolled at the table) and ``--seed``."""
    fn = click.option("--seed", type=int, default=None, help="Seed for the dice rolled here.")(fn)
    return click.option("--dice", "typed", default=None, metavar="4,16",
                        help="Faces rolled at the table, in the order the step rolls them.")(fn)


def typed_dice(text: str | None) -> ScriptedDice | None:
    """``--dice 4,16`` as a dice source (None: roll them)."""
    if text is None:
        return None
    faces = [f.strip() for f in text.split(",") if f.strip()]
    if not faces or not all(f.isdecimal() and f.isascii() and len(f) < 4 for f in faces):
        raise Pf2eError(f"--dice takes the faces rolled, such as 4,16; got {text!r}")
    return ScriptedDice([int(f) for f in faces])


@dataclass(frozen=True)
class Tools:
    """The root CLI's helpers (``drawsteel_kit.kit.commands``), handed over by :mod:`.cli`: the
    only module of this system that imports the front end."""

    campaign_arg: Callable[..., Any]
    friendly: Callable[..., Any]
    open_campaign: Callable[..., Any]

    def step(self, campaign: str, method: str, *args: Any, **kwargs: Any) -> None:
        """One call into the book; print its lines and how to undo it."""
        with self.open_campaign(campaign) as camp:
            _done(campaign, getattr(camp.pf2e, method)(*args, **kwargs))

    def named(self, command: str, method: str, help_text: str, *options: Any) -> None:
        """A command taking CAMPAIGN NAME (plus options) calling one book method."""
        step = self.step

        def run(campaign: str, name: str, ref: str | None, **kw: Any) -> None:
            step(campaign, method, ref, name, **kw)

        run.__doc__ = help_text
        decorated = encounter_option(self.campaign_arg(click.argument("name")(
            self.friendly(run))))
        for option in options:
            decorated = option(decorated)
        pf2e.command(command)(decorated)

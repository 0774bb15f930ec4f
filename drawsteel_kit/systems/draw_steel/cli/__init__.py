"""Draw Steel's commands: sessions, victories, tokens and respites; downtime projects and
followers; rewards (renown, wealth, buying), the inventory, titles, NPCs and notes; the
encounter log.

Each module gathers its commands in ``commands``; the registry names the module of each
(``System.commands``), and the ``drawsteel-kit`` root group imports a module only when one
of its commands runs. Importing this package imports none of them: ``commands`` (every
Draw Steel command in one group) is gathered when first read.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["commands"]

MODULES = ("encounters", "followers", "heroes", "inventory", "npcs", "projects", "rewards",
           "sessions", "titles")


def __getattr__(name: str) -> Any:
    """``commands``: every Draw Steel command, its modules imported on first reading."""
    if name != "commands":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import click

    gathered = click.Group()
    for module in MODULES:
        found = importlib.import_module(f"{__name__}.{module}")
        for command in found.commands.commands.values():
            gathered.add_command(command)
    globals()["commands"] = gathered
    return gathered

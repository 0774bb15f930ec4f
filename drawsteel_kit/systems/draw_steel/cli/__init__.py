"""Draw Steel's commands: sessions, victories, tokens and respites; downtime projects and
followers; rewards (renown, wealth, buying), the inventory, titles, NPCs and notes; the
encounter log.

Each module gathers its commands in ``commands``; this package gathers them all, and the
``drawsteel-kit`` root group mounts them through the registry (``drawsteel_kit.cli``).
"""

import click

from drawsteel_kit.systems.draw_steel.cli import (
    encounters,
    followers,
    heroes,
    inventory,
    npcs,
    projects,
    rewards,
    sessions,
    titles,
)

__all__ = ["commands"]

#: Every Draw Steel command, for the root group.
commands = click.Group()
for _module in (encounters, followers, heroes, inventory, npcs, projects, rewards, sessions,
                titles):
    for _command in _module.commands.commands.values():
        commands.add_command(_command)

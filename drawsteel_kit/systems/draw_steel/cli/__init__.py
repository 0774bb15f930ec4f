"""Draw Steel's commands: sessions, victories, tokens and respites; downtime projects and
followers; rewards (renown, wealth, buying), the inventory, titles, NPCs and notes; the
encounter log.

Each module adds its commands to the ``drawsteel-kit`` root group when imported
(``drawsteel_kit.cli`` imports them).
"""

from drawsteel_kit.systems.draw_steel.cli import (
    encounters,
    followers,
    inventory,
    npcs,
    projects,
    rewards,
    sessions,
    titles,
)

__all__ = ["encounters", "followers", "inventory", "npcs", "projects", "rewards", "sessions",
           "titles"]

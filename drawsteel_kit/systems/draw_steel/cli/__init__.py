"""Draw Steel's commands: downtime projects and followers, rewards, the encounter log.

Each module adds its commands to the ``drawsteel-kit`` root group when imported
(``drawsteel_kit.cli`` imports them).
"""

from drawsteel_kit.systems.draw_steel.cli import encounters, projects, rewards

__all__ = ["encounters", "projects", "rewards"]

"""Draw Steel's commands: downtime projects and followers, rewards, the encounter log.

Each module adds its commands to the ``drawsteel-kit`` root group when imported
(``drawsteel_kit.cli`` imports them).
"""

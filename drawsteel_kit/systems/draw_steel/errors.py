"""Draw Steel's own errors, named for what went wrong; each message says what to do next.

The errors every system shares (``RulesError``, ``UnknownHero``, ``PlanError`` ...) are the
kit's (:mod:`drawsteel_kit.kit.errors`); these are only Draw Steel's rules'.
"""

from __future__ import annotations

from drawsteel_kit.kit.errors import DrawSteelKitError

__all__ = ["FollowerCapReached", "NotEnoughTokens", "ProjectNotStarted"]


class NotEnoughTokens(DrawSteelKitError):
    """The party's hero-token pool cannot pay for a spend."""


class ProjectNotStarted(DrawSteelKitError):
    """A project roll or activity names a project the hero has not started."""


class FollowerCapReached(DrawSteelKitError):
    """Recruiting would take a hero past the followers their renown allows."""

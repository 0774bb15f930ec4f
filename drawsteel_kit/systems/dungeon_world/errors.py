"""Dungeon World's errors: each a :class:`RulesError`, named for what went wrong."""

from __future__ import annotations

from drawsteel_kit.kit.errors import RulesError

__all__ = [
    "DungeonWorldError",
    "LevelUpNotReady",
    "NotEnoughCoin",
    "NotEnoughPreparation",
    "NotEnoughRations",
    "Overloaded",
    "UnknownCharacter",
]


class DungeonWorldError(RulesError):
    """A value or choice outside what Dungeon World's moves allow (seed 003)."""


class LevelUpNotReady(DungeonWorldError):
    """Level Up asked for with less XP than the current level + 7 (003: 330)."""


class NotEnoughCoin(DungeonWorldError):
    """A move would spend more coin than the character has."""


class NotEnoughRations(DungeonWorldError):
    """A move would eat more rations (uses) than the character carries."""


class NotEnoughPreparation(DungeonWorldError):
    """A roll spends preparation the character does not have (003: 387)."""


class UnknownCharacter(DungeonWorldError):
    """A name that is not one of the characters handed to the move."""


class Overloaded(DungeonWorldError):
    """A roll by a character carrying more than load + 2 (003: 275)."""

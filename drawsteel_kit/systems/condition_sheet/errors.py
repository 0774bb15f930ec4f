"""Errors of the condition-sheet combat system: each says what is wrong and what is allowed."""

from __future__ import annotations

from drawsteel_kit.kit.errors import RulesError

__all__ = ["ConditionSheetError", "TieUnresolved"]


class ConditionSheetError(RulesError):
    """A step the condition-sheet rules of seed 004 do not allow (or a bad value)."""


class TieUnresolved(ConditionSheetError):
    """Players' characters tied on initiative and their agreed order was not given (004: 45)."""

    def __init__(self, message: str, *, tied: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.tied = tied

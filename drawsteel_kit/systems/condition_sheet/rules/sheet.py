"""The condition sheet: slots in three rows, damage, curse and bless (seed 004: 3-24, 115-119).

Every character has a sheet of 6 columns ("slots") and 3 rows (004: 7). Damage marks
fill the first row, curses the second, blesses the third; each starts empty (004: 9-13).
Some weak foes of the GM's have 5 slots or fewer (004: 15). A damage or curse that arrives
when its row is full knocks the character down (004: 117); a bless on a full row may
overwrite one already there (004: 83, 98). After the fight the sheet resets (004: 119).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from drawsteel_kit.kit.limits import check_name, check_whole, did_you_mean
from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError

__all__ = [
    "MIN_SLOTS",
    "ROWS",
    "SLOTS",
    "Mark",
    "Sheet",
    "add_bless",
    "add_curse",
    "add_damage",
    "erase_bless",
    "remove_curse",
    "remove_damage",
    "reset_sheet",
]

#: A sheet has 6 slots (004: 7, 15); weak foes may have 5 or fewer (004: 15), at least 1.
SLOTS = 6
MIN_SLOTS = 1
#: The three rows, top to bottom (004: 9-13, 17-20).
ROWS = ("damage", "curse", "bless")


def check_int(what: str, value: object, *, low: int | None = None) -> int:
    """A whole number (not a bool), at least ``low`` when given (systems.limits bounds it)."""
    return check_whole(what, value, low=low, error=ConditionSheetError)


def check_text(what: str, value: object) -> str:
    """A non-empty string without surrounding spaces (systems.limits bounds it)."""
    return check_name(what, value, error=ConditionSheetError)


@dataclass(frozen=True)
class Mark:
    """A curse or bless: on a sheet, or as a recipe a character has learned (004: 81, 83).

    ``strength`` (強度) is the success margin an attack needs to add a curse, refresh it
    away or self-bless with it (004: 81-83). The seed gives no strengths: they are data.
    """

    name: str
    strength: int = 0

    def __post_init__(self) -> None:
        check_text("a curse or bless name", self.name)
        check_int(f"{self.name}'s strength", self.strength, low=0)

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return {"name": self.name, "strength": self.strength}


@dataclass(frozen=True)
class Sheet:
    """One character's condition sheet: damage marks, curses and blesses in ``slots`` columns."""

    slots: int = SLOTS
    damage: int = 0
    curses: tuple[Mark, ...] = ()
    blesses: tuple[Mark, ...] = ()

    def __post_init__(self) -> None:
        check_int("the number of slots", self.slots, low=MIN_SLOTS)
        if self.slots > SLOTS:
            raise ConditionSheetError(f"a condition sheet has at most {SLOTS} slots, "
                                      f"got {self.slots}")
        check_int("damage", self.damage, low=0)
        for row, count in (("damage", self.damage), ("curse", len(self.curses)),
                           ("bless", len(self.blesses))):
            if count > self.slots:
                raise ConditionSheetError(f"the {row} row holds at most {self.slots}, got {count}")
        for mark in (*self.curses, *self.blesses):
            if not isinstance(mark, Mark):
                raise ConditionSheetError(f"curses and blesses are Marks, got {mark!r}")

    @property
    def empty(self) -> bool:
        """Nothing on any row."""
        return self.damage == 0 and not self.curses and not self.blesses

    def row(self, name: str) -> str:
        """A row as text: ``damage ×××···`` with one character per slot."""
        if name == "damage":
            return "×" * self.damage + "·" * (self.slots - self.damage)
        marks = self.curses if name == "curse" else self.blesses
        return "".join(f"[{m.name}]" for m in marks) + "·" * (self.slots - len(marks))

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return {"slots": self.slots, "damage": self.damage,
                "curses": [m.as_dict() for m in self.curses],
                "blesses": [m.as_dict() for m in self.blesses]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sheet:
        """Rebuild from :meth:`as_dict` output."""
        return cls(slots=data["slots"], damage=data["damage"],
                   curses=tuple(Mark(**m) for m in data["curses"]),
                   blesses=tuple(Mark(**m) for m in data["blesses"]))


def add_damage(sheet: Sheet) -> tuple[Sheet, bool]:
    """Fill one empty damage slot (004: 79); on a full row, knock down (True) instead (004: 117)."""
    if sheet.damage >= sheet.slots:
        return sheet, True
    return replace(sheet, damage=sheet.damage + 1), False


def add_curse(sheet: Sheet, curse: Mark) -> tuple[Sheet, bool]:
    """Write a curse in an empty slot (004: 81); on a full row, knock down (True) (004: 117)."""
    if len(sheet.curses) >= sheet.slots:
        return sheet, True
    return replace(sheet, curses=(*sheet.curses, curse)), False


def add_bless(sheet: Sheet, bless: Mark, overwrite: str | None = None) -> Sheet:
    """Write a bless; on a full row it overwrites the bless named ``overwrite`` (004: 83, 98)."""
    if len(sheet.blesses) < sheet.slots:
        if overwrite is not None:
            raise ConditionSheetError(f"the bless row has room: {bless.name} is written in an "
                                      "empty slot, nothing is overwritten")
        return replace(sheet, blesses=(*sheet.blesses, bless))
    if overwrite is None:
        names = ", ".join(m.name for m in sheet.blesses)
        raise ConditionSheetError(f"all {sheet.slots} bless slots are full ({names}): name the "
                                  f"bless that {bless.name} overwrites")
    index = _find(sheet.blesses, overwrite, "bless")
    return replace(sheet, blesses=(*sheet.blesses[:index], bless, *sheet.blesses[index + 1:]))


def _find(marks: tuple[Mark, ...], name: str | None, row: str) -> int:
    if not marks:
        raise ConditionSheetError(f"there is no {row} to remove")
    if name is None:
        return len(marks) - 1
    for i in range(len(marks) - 1, -1, -1):
        if marks[i].name == name:
            return i
    have = ", ".join(m.name for m in marks)
    raise ConditionSheetError(f"there is no {row} called {name!r}; on the sheet: {have}"
                              f"{did_you_mean(name, [m.name for m in marks])}")


def remove_damage(sheet: Sheet) -> Sheet:
    """Erase one damage mark (support's heal, 004: 96)."""
    if sheet.damage == 0:
        raise ConditionSheetError("there is no damage to heal")
    return replace(sheet, damage=sheet.damage - 1)


def remove_curse(sheet: Sheet, name: str | None = None) -> tuple[Sheet, Mark]:
    """Erase a curse (the latest of that name; the latest of all when no name) (004: 82, 97)."""
    index = _find(sheet.curses, name, "curse")
    return replace(sheet, curses=sheet.curses[:index] + sheet.curses[index + 1:]), sheet.curses[
        index]


def erase_bless(sheet: Sheet, name: str | None = None) -> tuple[Sheet, Mark]:
    """Erase a bless (the latest of that name; the latest of all when no name) (004: 80)."""
    index = _find(sheet.blesses, name, "bless")
    return replace(sheet, blesses=sheet.blesses[:index] + sheet.blesses[index + 1:]), \
        sheet.blesses[index]


def reset_sheet(sheet: Sheet) -> Sheet:
    """After the fight every damage, curse and bless clears; the slots stay (004: 119)."""
    return Sheet(slots=sheet.slots)

"""A fighter in condition-sheet combat: abilities, resources and its sheet (seed 004).

Cast (キャスト) is added to attack rolls, guard (ガード) to defence rolls (004: 62, 64).
Mana (マナ) pays for support, boost, expand, special actions and rerolls (004: 124, 160);
an emotion (感情) toward a character can stand in for mana when supporting, covering or
chain-comboing with that character (004: 91, 141, 146, 161). Preparation effects (準備効果)
add one die to a check, once each (004: 163). The GM's characters may use fixed values
instead of rolling initiative, cast or guard (004: 43, 68).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.sheet import (
    SLOTS,
    Mark,
    Sheet,
    check_int,
    check_text,
)

__all__ = ["GM", "PC", "SIDES", "Character", "new_character"]

#: Players' characters and the GM's (マスターが扱うキャラクター) (004: 43-45).
PC = "pc"
GM = "gm"
SIDES = (PC, GM)


@dataclass(frozen=True)
class Character:
    """One fighter. ``emotions`` pairs a character's name with emotions held toward them."""

    name: str
    side: str
    cast: int
    guard: int
    mana: int
    sheet: Sheet = field(default_factory=Sheet)
    curse_recipes: tuple[Mark, ...] = ()
    bless_recipes: tuple[Mark, ...] = ()
    emotions: tuple[tuple[str, int], ...] = ()
    preparations: tuple[str, ...] = ()
    fixed_initiative: int | None = None
    fixed_cast: int | None = None
    fixed_guard: int | None = None
    knocked_down_round: int = 0
    withdrawn: bool = False
    last_stand_round: int = 0

    def __post_init__(self) -> None:
        check_text("a character's name", self.name)
        if self.side not in SIDES:
            raise ConditionSheetError(f"{self.name}'s side must be 'pc' or 'gm', got "
                                      f"{self.side!r}")
        check_int(f"{self.name}'s cast", self.cast)
        check_int(f"{self.name}'s guard", self.guard)
        check_int(f"{self.name}'s mana", self.mana, low=0)
        if not isinstance(self.sheet, Sheet):
            raise ConditionSheetError(f"{self.name}'s sheet must be a Sheet")
        for recipe in (*self.curse_recipes, *self.bless_recipes):
            if not isinstance(recipe, Mark):
                raise ConditionSheetError(f"{self.name}'s recipes are Marks, got {recipe!r}")
        for kind, recipes in (("curse", self.curse_recipes), ("bless", self.bless_recipes)):
            names = [r.name for r in recipes]
            if len(set(names)) != len(names):
                raise ConditionSheetError(f"{self.name} lists a {kind} recipe twice: {names}")
        toward = [t for t, _ in self.emotions]
        if toward != sorted(set(toward)):
            raise ConditionSheetError(f"{self.name}'s emotions: one entry per character, sorted")
        for t, count in self.emotions:
            check_text("whom an emotion is toward", t)
            check_int(f"{self.name}'s emotions toward {t}", count, low=1)
        for p in self.preparations:
            check_text("a preparation effect", p)
        for what in ("fixed_initiative", "fixed_cast", "fixed_guard"):
            if getattr(self, what) is not None:
                check_int(f"{self.name}'s {what.replace('_', ' ')}", getattr(self, what))
        check_int(f"{self.name}'s knocked-down round", self.knocked_down_round, low=0)
        check_int(f"{self.name}'s last-stand round", self.last_stand_round, low=0)
        if not isinstance(self.withdrawn, bool):
            raise ConditionSheetError(f"{self.name}'s withdrawn must be True or False")

    @property
    def knocked_down(self) -> bool:
        """Knocked down: cannot act for the rest of the battle (004: 117)."""
        return self.knocked_down_round > 0

    @property
    def can_act(self) -> bool:
        """Still in the fight: not knocked down, not withdrawn (004: 110, 117)."""
        return not self.knocked_down and not self.withdrawn

    def emotion(self, toward: str) -> int:
        """Emotions held toward ``toward``."""
        return dict(self.emotions).get(toward, 0)

    def with_emotion(self, toward: str, count: int) -> Character:
        """This character holding ``count`` emotions toward ``toward``."""
        held = dict(self.emotions)
        held[toward] = count
        return replace(self, emotions=tuple(sorted((t, c) for t, c in held.items() if c)))

    def recipe(self, kind: str, name: str | None) -> Mark:
        """A curse or bless recipe this character has learned (004: 81, 83, 98)."""
        recipes = self.curse_recipes if kind == "curse" else self.bless_recipes
        if name is None:
            raise ConditionSheetError(f"name the {kind} recipe {self.name} uses")
        for r in recipes:
            if r.name == name:
                return r
        known = ", ".join(r.name for r in recipes) or "none"
        raise ConditionSheetError(f"{self.name} has not learned a {kind} called {name!r}; "
                                  f"learned: {known}")

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        out["sheet"] = self.sheet.as_dict()
        out["curse_recipes"] = [m.as_dict() for m in self.curse_recipes]
        out["bless_recipes"] = [m.as_dict() for m in self.bless_recipes]
        out["emotions"] = dict(self.emotions)
        out["preparations"] = list(self.preparations)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Character:
        """Rebuild from :meth:`as_dict` output."""
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) != names:
            raise ConditionSheetError(f"a character needs exactly the keys {sorted(names)}")
        return cls(**{**data, "sheet": Sheet.from_dict(data["sheet"]),
                      "curse_recipes": tuple(Mark(**m) for m in data["curse_recipes"]),
                      "bless_recipes": tuple(Mark(**m) for m in data["bless_recipes"]),
                      "emotions": tuple(sorted(data["emotions"].items())),
                      "preparations": tuple(data["preparations"])})


def new_character(
    name: str,
    side: str,
    *,
    cast: int,
    guard: int,
    mana: int = 0,
    slots: int = SLOTS,
    curses: Mapping[str, int] | None = None,
    blesses: Mapping[str, int] | None = None,
    emotions: Mapping[str, int] | None = None,
    preparations: Iterable[str] = (),
    fixed_initiative: int | None = None,
    fixed_cast: int | None = None,
    fixed_guard: int | None = None,
) -> Character:
    """A fighter with an empty sheet; ``curses``/``blesses`` map learned recipes to strengths."""
    held = tuple(sorted((emotions or {}).items()))
    return Character(
        name=name, side=side, cast=cast, guard=guard, mana=mana, sheet=Sheet(slots=slots),
        curse_recipes=tuple(Mark(n, s) for n, s in (curses or {}).items()),
        bless_recipes=tuple(Mark(n, s) for n, s in (blesses or {}).items()),
        emotions=held, preparations=tuple(preparations), fixed_initiative=fixed_initiative,
        fixed_cast=fixed_cast, fixed_guard=fixed_guard)

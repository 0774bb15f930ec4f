"""Checks: 2d6 + an ability, fixed values for the GM, lucky and fumble, rerolls (seed 004).

A check rolls 2d6 and adds an ability (004: 41, 62, 64); a preparation effect adds one die,
once per check (004: 163). The GM's characters may use fixed totals (004: 43, 68). Mana
pays for a reroll, declared after the result; the better of the two rolls is kept even
when success or failure does not change (004: 47, 160).

The seed uses "lucky" (ラッキー♪) and "fumble" (ファンブル) (004: 70-74) without defining
them: read as two or more dice showing 6 (lucky) or 1 (fumble), a table's choice
(:mod:`.readings`); each check carries the counts it was rolled under. A fixed value is
never lucky or a fumble.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from drawsteel_kit.kit.dice import Dice, roll_many
from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError
from drawsteel_kit.systems.condition_sheet.rules.battle import Battle
from drawsteel_kit.systems.condition_sheet.rules.readings import (
    FUMBLE_FACE,
    LUCK_MATCHES,
    LUCKY_FACE,
    MAX_LUCK_DICE,
    REROLL_MANA,
)
from drawsteel_kit.systems.condition_sheet.rules.sheet import check_int, check_text

__all__ = [
    "CHECK_DICE",
    "CHECK_KINDS",
    "DIE_SIDES",
    "FUMBLE_FACE",
    "KEEPS",
    "LUCKY_FACE",
    "LUCK_MATCHES",
    "PREPARATION_EXTRA_DICE",
    "REROLL_MANA",
    "Check",
    "CheckResult",
    "fixed_check",
    "kept_roll",
    "reroll_check",
    "roll_check",
]

#: Every check is 2d6 (004: 41, 62, 64).
CHECK_DICE = 2
DIE_SIDES = 6
#: A preparation effect adds one die to a check, one effect per check (004: 163).
PREPARATION_EXTRA_DICE = 1
#: Which roll stays after a reroll (004: 160): see :func:`kept_roll`.
KEEPS = ("better", "new", "old")
#: What a check is for: initiative (004: 39-47), cast and guard (004: 62-64), withdraw (004: 108).
CHECK_KINDS = ("initiative", "cast", "guard", "withdraw")


@dataclass(frozen=True)
class Check:
    """One check: its dice (none when ``fixed``), the ability or fixed value, any bonus."""

    who: str
    kind: str
    faces: tuple[int, ...]
    value: int
    bonus: int = 0
    fixed: bool = False
    preparation: str | None = None
    rerolls: int = 0
    lucky_sixes: int = LUCK_MATCHES
    fumble_ones: int = LUCK_MATCHES

    def __post_init__(self) -> None:
        check_text("who makes the check", self.who)
        if self.kind not in CHECK_KINDS:
            raise ConditionSheetError(f"a check is one of {', '.join(CHECK_KINDS)}, got "
                                      f"{self.kind!r}")
        dice = CHECK_DICE + (PREPARATION_EXTRA_DICE if self.preparation else 0)
        if self.fixed and (self.faces or self.preparation):
            raise ConditionSheetError("a fixed value rolls no dice and takes no preparation")
        if not self.fixed and len(self.faces) != dice:
            raise ConditionSheetError(f"{self.who}'s {self.kind} check rolls {dice}d6, got "
                                      f"{len(self.faces)} faces")
        for face in self.faces:
            if check_int("a die face", face) < 1 or face > DIE_SIDES:
                raise ConditionSheetError(f"a d6 shows 1-6, got {face}")
        check_int("the check's value", self.value)
        check_int("the check's bonus", self.bonus)
        check_int("the number of rerolls", self.rerolls, low=0)
        for what in ("lucky_sixes", "fumble_ones"):
            if not 0 <= check_int(what.replace("_", " "), getattr(self, what)) <= MAX_LUCK_DICE:
                raise ConditionSheetError(f"{what.replace('_', ' ')} is 0 to {MAX_LUCK_DICE}")

    @property
    def total(self) -> int:
        """The achievement value (達成値): dice + ability + bonus, or the fixed value + bonus."""
        return sum(self.faces) + self.value + self.bonus

    def _luck(self) -> tuple[bool, bool]:
        sixes = 0 < self.lucky_sixes <= self.faces.count(LUCKY_FACE)
        ones = 0 < self.fumble_ones <= self.faces.count(FUMBLE_FACE)
        return sixes and not ones, ones and not sixes

    @property
    def lucky(self) -> bool:
        """``lucky_sixes`` or more sixes (a reading: the seed does not define it); a roll
        that is also a fumble by the table's counts (6+1 when one die is enough) is neither."""
        return self._luck()[0]

    @property
    def fumble(self) -> bool:
        """``fumble_ones`` or more ones (a reading: the seed does not define it)."""
        return self._luck()[1]

    def text(self, *, full: bool = True) -> str:
        """``9 (4+3 +2)``, ``10 (fixed)``, with lucky or fumble noted; ``full=False``: the
        total alone (a GM character's check as players hear it)."""
        luck = " lucky" if self.lucky else " fumble" if self.fumble else ""
        if not full:
            return f"{self.total}{luck}"
        if self.fixed:
            core = f"{self.value} fixed"
        else:
            core = "+".join(map(str, self.faces)) + f" {self.value:+d}"
        bonus = f" {self.bonus:+d}" if self.bonus else ""
        return f"{self.total} ({core}{bonus}){luck}"

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready values."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
                for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Check:
        """Rebuild from :meth:`as_dict` output."""
        return cls(**{**data, "faces": tuple(data["faces"])})


@dataclass(frozen=True)
class CheckResult:
    """A rolled check and the battle after it (a preparation or mana spent)."""

    state: Battle
    check: Check
    lines: tuple[str, ...]
    faces: tuple[int, ...]


def _value(battle: Battle, who: str, kind: str, value: int | None) -> tuple[int, bool]:
    c = battle.get(who)
    fixed = {"cast": c.fixed_cast, "guard": c.fixed_guard,
             "initiative": c.fixed_initiative}.get(kind)
    if fixed is not None:
        return fixed, True
    if kind == "withdraw":
        if value is None:
            raise ConditionSheetError("a withdraw check uses the ability the GM approved: "
                                      "give its value")
        return check_int("the ability value", value), False
    if value is not None:
        raise ConditionSheetError(f"a {kind} check uses {who}'s own {kind} value")
    return {"cast": c.cast, "guard": c.guard, "initiative": 0}[kind], False


def fixed_check(who: str, kind: str, total: int) -> Check:
    """A fixed value in place of a roll, for the GM's characters (004: 43, 68)."""
    return Check(who=who, kind=kind, faces=(), value=total, fixed=True)


def roll_check(
    battle: Battle,
    dice: Dice,
    who: str,
    kind: str,
    *,
    value: int | None = None,
    bonus: int = 0,
    preparation: str | None = None,
) -> CheckResult:
    """Roll ``who``'s check: 2d6 + ability (004: 62, 64), or its fixed value (004: 43, 68).

    ``value`` is the ability for a withdraw check (004: 104-108). ``preparation`` spends
    one of ``who``'s preparation effects for one extra die (004: 163).
    """
    if kind not in CHECK_KINDS:
        raise ConditionSheetError(f"a check is one of {', '.join(CHECK_KINDS)}, got {kind!r}")
    base, fixed = _value(battle, who, kind, value)
    lucky_sixes, fumble_ones = battle.rules.lucky_sixes, battle.rules.fumble_ones
    check_int("the bonus", bonus)
    new = battle
    if fixed:
        if preparation is not None:
            raise ConditionSheetError(f"{who} uses a fixed {kind} value: no dice to add to")
        check = Check(who=who, kind=kind, faces=(), value=base, bonus=bonus, fixed=True,
                      lucky_sixes=lucky_sixes, fumble_ones=fumble_ones)
        return CheckResult(new, check, (f"{who}'s {kind}: {battle.says(check)}.",), ())
    if preparation is not None:
        have = battle.get(who).preparations
        if preparation not in have:
            raise ConditionSheetError(f"{who} has no preparation effect {preparation!r}; has: "
                                      f"{', '.join(have) or 'none'} (each is used once)")
        left = list(have)
        left.remove(preparation)
        new = battle.update(who, preparations=tuple(left))
    count = CHECK_DICE + (PREPARATION_EXTRA_DICE if preparation else 0)
    faces = roll_many(dice, count, DIE_SIDES)
    check = Check(who=who, kind=kind, faces=faces, value=base, bonus=bonus,
                  preparation=preparation, lucky_sixes=lucky_sixes, fumble_ones=fumble_ones)
    prep = f", one more die from {preparation}" if preparation else ""
    return CheckResult(new, check, (f"{who}'s {kind}: {battle.says(check)}{prep}.",), faces)


def better(a: Check, b: Check) -> Check:
    """The better of two rolls of a check: lucky first, then not a fumble, then the total."""
    def key(c: Check) -> tuple[bool, bool, int]:
        return (c.lucky, not c.fumble, c.total)
    return b if key(b) > key(a) else a


def no_worse(a: Check, b: Check) -> bool:
    """``a`` is at least as good as ``b`` in every way: total, lucky, not a fumble."""
    return a.total >= b.total and a.lucky >= b.lucky and a.fumble <= b.fumble


def kept_roll(old: Check, new: Check, keep: str) -> Check:
    """Which roll stays after a reroll (004: 160): the player may keep the better one, even
    when success or failure does not change; ``keep`` is ``better`` (the project's order:
    lucky, then not a fumble, then the higher total), ``new`` (the reroll stands, the
    "may" declined) or ``old`` (the first roll, which must be better in some way)."""
    if keep not in KEEPS:
        raise ConditionSheetError(f"after a reroll keep one of {', '.join(KEEPS)}, got {keep!r}")
    if keep == "new":
        return new
    if keep == "old":
        if no_worse(new, old):
            raise ConditionSheetError(f"the new roll, {new.text()}, is as good as the old one in "
                                      "every way: the old roll is kept only when it is better")
        return old
    return better(old, new)


def reroll_check(battle: Battle, dice: Dice, check: Check, *, keep: str = "better"
                 ) -> CheckResult:
    """Spend mana to roll a check again (004: 47, 160); the better roll may stay (``keep``:
    :func:`kept_roll`)."""
    if check.fixed:
        raise ConditionSheetError(f"{check.who}'s {check.kind} is a fixed value: nothing to "
                                  "reroll")
    if keep not in KEEPS:
        raise ConditionSheetError(f"after a reroll keep one of {', '.join(KEEPS)}, got {keep!r}")
    cost = battle.rules.reroll_mana
    new = battle.spend_mana(check.who, cost, f"a reroll of the {check.kind} check")
    faces = roll_many(dice, len(check.faces), DIE_SIDES)
    again = replace(check, faces=faces, rerolls=check.rerolls + 1)
    took_new = kept_roll(check, again, keep) is again
    kept = again if took_new else replace(check, rerolls=check.rerolls + 1)
    which = "the new roll" if took_new else "the old roll"
    line = (f"{check.who} spends {cost} mana to reroll the {check.kind} check: "
            f"{battle.says(again)}; keeps {which}, {battle.says(kept)}.")
    return CheckResult(new, kept, (line,), faces)

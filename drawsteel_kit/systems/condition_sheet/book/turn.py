"""The working parts of a condition-sheet step (``ops.condition_sheet``): the Turn a step
changes, typed dice and effects as text, a sheet's profile as a fighter, the rounds' record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from drawsteel_kit.kit.book.base import check_text
from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.systems.condition_sheet import rules
from drawsteel_kit.systems.condition_sheet.rules import (
    Battle,
    Check,
    ConditionSheetError,
    EffectChoice,
)

__all__ = ["MAX_TYPED", "BattleInfo", "Turn", "covers_for", "fighter", "names", "parse_effect",
           "parse_faces", "rounds_after"]

#: Ours: the most faces one step takes typed in.
MAX_TYPED = 60


@dataclass(frozen=True)
class BattleInfo:
    """One battle: its number, name, status, state and the checks waiting to be used."""

    number: int
    name: str
    status: str
    state: Battle
    checks: tuple[Check, ...] = ()
    rounds: tuple[dict[str, Any], ...] = ()


@dataclass
class Turn:
    """What a step works on: the battle, checks waiting, the lines and faces it adds."""

    battle: Battle
    dice: Dice
    checks: dict[tuple[str, str], Check] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)
    faces: list[int] = field(default_factory=list)
    actor: str | None = None

    def who(self, name: object) -> str:
        """A fighter's name as the battle spells it (case-insensitive)."""
        text = check_text(name, "a character's name")  # type: ignore[arg-type]  # check_text refuses non-text
        for c in self.battle.characters:
            if same_name(c.name, text):
                return c.name
        return self.battle.get(text).name  # raises, listing who is in the battle

    def check(self, who: str, kind: str, *, value: int | None = None,
              preparation: str | None = None) -> Check:
        """The check waiting for ``who``, else rolled now."""
        waiting = self.checks.pop((who, kind), None)
        if waiting is not None:
            return waiting
        rolled = rules.roll_check(self.battle, self.dice, who, kind, value=value,
                                  preparation=preparation)
        self.take(rolled)
        return rolled.check

    def take(self, result: Any) -> None:
        """Keep a rules result's state, lines and faces."""
        self.battle = result.state
        self.lines.extend(result.lines)
        self.faces.extend(result.faces)

    def acted(self, result: Any, who: str) -> None:
        """A round action resolved: keep it, drop the checks waiting."""
        self.take(result)
        self.checks.clear()
        if self.battle.get(who).side == rules.PC:
            self.actor = who


def parse_faces(typed: Sequence[int] | str) -> list[int]:
    """Faces typed in: ``[4, 3]`` or ``"4,3"`` / ``"4 3"``."""
    if isinstance(typed, str):
        parts = typed.replace(",", " ").split()
        if not all(p.isdecimal() for p in parts):
            raise ConditionSheetError(f"typed dice are faces 1-6 separated by commas, got "
                                      f"{typed!r}")
        typed = [int(p) for p in parts]
    faces = list(typed)
    if not faces or len(faces) > MAX_TYPED:
        raise ConditionSheetError(f"type 1 to {MAX_TYPED} die faces, got {len(faces)}")
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise ConditionSheetError(f"a d6 shows 1-6, got {face!r}")
    return faces


@overload
def parse_effect(effect: str | EffectChoice) -> EffectChoice: ...
@overload
def parse_effect(effect: None) -> None: ...
@overload
def parse_effect(effect: str | EffectChoice | None) -> EffectChoice | None: ...


def parse_effect(effect: str | EffectChoice | None) -> EffectChoice | None:
    """``"damage"``, ``"add_curse:Poison"``, ``"self_bless:Haste:Cast Up"`` (kind, recipe or
    mark, the bless it overwrites on a full row) as an EffectChoice."""
    if effect is None or isinstance(effect, EffectChoice):
        return effect
    if not isinstance(effect, str) or not effect.strip():
        raise ConditionSheetError(f"an effect is text like damage or add_curse:Poison, got "
                                  f"{effect!r}")
    parts = [p.strip() for p in effect.strip().split(":")]
    if len(parts) > 3 or not all(parts):
        raise ConditionSheetError(f"an effect is KIND, KIND:NAME or KIND:NAME:OVERWRITTEN, got "
                                  f"{effect!r}")
    return EffectChoice(parts[0].replace("-", "_"), *parts[1:])


def names(value: Sequence[str] | str | None, what: str | None = None) -> list[str]:
    """Names given as a list or as ``A,B``; ``what``: at least one is needed (saying what)."""
    if value is None:
        found: list[str] = []
    elif isinstance(value, str):
        found = [v.strip() for v in value.split(",") if v.strip()]
    else:
        found = list(value)
    if what is not None and not found:
        raise ConditionSheetError(f"name {what}, got {value!r}")
    return found


def fighter(data: Mapping[str, Any]) -> rules.Character:
    """A character or foe sheet's profile as a fighter with an empty condition sheet."""
    return rules.new_character(
        data["name"], data["side"], cast=data["cast"], guard=data["guard"], mana=data["mana"],
        slots=data["slots"], curses=data["curses"], blesses=data["blesses"],
        emotions=data["emotions"], preparations=data["preparations"],
        fixed_initiative=data["fixed_initiative"], fixed_cast=data["fixed_cast"],
        fixed_guard=data["fixed_guard"])


def covers_for(t: Turn, covers: Mapping[str, str] | None,
            with_emotion: Sequence[str]) -> dict[str, rules.Cover]:
    """``{target: coverer}`` as Cover, each coverer's guard waiting or rolled now."""
    emotion = {t.who(n) for n in names(with_emotion)}
    out: dict[str, rules.Cover] = {}
    for target, coverer in (covers or {}).items():
        helper = t.who(coverer)
        out[t.who(target)] = rules.Cover(helper, t.check(helper, "guard"), helper in emotion)
    return out


def rounds_after(rounds: list[dict[str, Any]], battle: Battle) -> list[dict[str, Any]]:
    """Each round's mana and damage per fighter, as the round started (and at the end)."""
    mark = "end" if battle.phase == "ended" else battle.round
    if battle.round and (not rounds or rounds[-1]["round"] != mark):
        rounds.append({"round": mark, "mana": {c.name: c.mana for c in battle.characters},
                       "damage": {c.name: c.sheet.damage for c in battle.characters}})
    return rounds

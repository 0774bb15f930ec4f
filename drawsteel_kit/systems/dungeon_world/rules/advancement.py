"""XP and levels: End of Session (《セッション終了》, 003: 315-325) and Level Up
(《レベルアップ》, 003: 328-336)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError, LevelUpNotReady
from drawsteel_kit.systems.dungeon_world.rules.character import Bond, Character
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_bool,
    check_int,
    check_text,
    coerce_enum,
    coerce_enums,
    fields_as_plain,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.party import check_party, names_in
from drawsteel_kit.systems.dungeon_world.rules.roll import MoveResult
from drawsteel_kit.systems.dungeon_world.rules.stats import SCORE_MAX, STATS, Stat

__all__ = [
    "ALIGNMENT_XP",
    "BONDS_RESOLVED_PER_SESSION",
    "BOND_XP",
    "HP_PER_CON_POINT",
    "LEVEL_UP_STAT_GAIN",
    "LEVEL_UP_XP_OFFSET",
    "QUESTION_XP",
    "BondResolution",
    "LevelUpChoice",
    "Rest",
    "SessionQuestion",
    "can_level_up",
    "end_of_session",
    "level_up",
    "xp_to_level_up",
]

#: Level Up needs XP of the current level + 7, and spends that much (003: 330, 332).
LEVEL_UP_XP_OFFSET = 7
#: Level Up raises one stat by 1, never past 18 (003: 336).
LEVEL_UP_STAT_GAIN = 1
#: Raising CON raises max HP and current HP (003: 336); by how much is the core book's rule
#: that max HP is the class's base + the CON score: 1 per point (not in seed 003).
HP_PER_CON_POINT = 1
#: Resolving a bond gains XP, and fulfilling the alignment gains XP (003: 317, 319); the seed
#: does not say how much: we read "XPを獲得" as the core book's "mark XP", 1.
BOND_XP = 1
ALIGNMENT_XP = 1
#: Each of the three questions answered yes gives everyone 1 XP (003: 321-325).
QUESTION_XP = 1
#: One bond may be resolved at the end of a session (003: 317, "1つを選択").
BONDS_RESOLVED_PER_SESSION = 1


class Rest(StrEnum):
    """The rest Level Up happens in: "(数時間あるいは数日の)休養を取るときに" (003: 330)."""

    HOURS = "hours"  # a few hours: Make Camp (003: 284)
    DAYS = "days"  # days of rest or leisure: Recover, days in town


class SessionQuestion(StrEnum):
    """The three questions the group answers at the End of Session (003: 321-323)."""

    LEARNED = "learned"  # learned something new and important about the world
    DEFEATED = "defeated"  # overcame a notable monster or enemy
    LOOTED = "looted"  # looted a memorable treasure


def xp_to_level_up(level: int) -> int:
    """The XP Level Up needs (and spends) at ``level``: level + 7 (003: 330, 332)."""
    return check_int("level", level, minimum=1) + LEVEL_UP_XP_OFFSET


def can_level_up(character: Character) -> bool:
    return character.xp >= xp_to_level_up(character.level)


@dataclass(frozen=True)
class LevelUpChoice:
    """What a player picks at Level Up: the stat to raise, the new advanced move, and a
    wizard's new spell (003: 334-336). ``stat`` is None only when every stat is 18."""

    stat: Stat | None
    advanced_move: str | None = None
    spell: str | None = None

    def __post_init__(self) -> None:
        if self.stat is not None:
            object.__setattr__(self, "stat", coerce_enum(Stat, self.stat, "the stat to raise"))
        for name in ("advanced_move", "spell"):
            if getattr(self, name) is not None:
                check_text(name, getattr(self, name))

    def as_dict(self) -> dict[str, Any]:
        return fields_as_plain(self)

    @classmethod
    def from_value(cls, value: object) -> LevelUpChoice:
        """From a choice, a stat (``"CON"``) or ``{"stat": ..., "advanced_move": ...}``."""
        if isinstance(value, LevelUpChoice):
            return value
        if isinstance(value, str):
            return cls(stat=coerce_enum(Stat, value, "the stat to raise"))
        if isinstance(value, Mapping) and set(value) <= {"stat", "advanced_move", "spell"}:
            return cls(**dict(value))
        raise DungeonWorldError(
            "a level-up choice is a stat name or {'stat', 'advanced_move', 'spell'}, "
            f"got {value!r}"
        )


def level_up(
    character: Character,
    stat: Stat | str | None,
    *,
    rest: Rest | str | None = None,
    advanced_move: str | None = None,
    spell: str | None = None,
) -> MoveResult:
    """Level Up while resting, when XP >= level + 7 (003: 330-336).

    ``rest``: the rest it happens in, a few ``hours`` (a camp) or ``days``; without one
    Level Up is refused (Make Camp and Recover offer it themselves). Spends level + 7 XP,
    adds a level, records the advanced move (and a wizard's spell, in the lines), and
    raises ``stat`` by 1 up to 18; raising CON raises max HP and HP.
    """
    choice = LevelUpChoice(stat=stat, advanced_move=advanced_move, spell=spell)  # type: ignore[arg-type]  # a stat's name: coerced
    if rest is None:
        raise LevelUpNotReady(
            f"{character.name} levels up only while resting: say the rest (rest=hours at a "
            "camp, rest=days in town), or level up through Make Camp or Recover"
        )
    rest = coerce_enum(Rest, rest, "the rest (hours or days)")
    needed = xp_to_level_up(character.level)
    if character.xp < needed:
        raise LevelUpNotReady(
            f"Level Up needs {needed} XP at level {character.level}; "
            f"{character.name} has {character.xp}"
        )
    open_stats = [s for s in STATS if character.score(s) < SCORE_MAX]
    if choice.stat is None and open_stats:
        listed = ", ".join(f"{s} ({character.score(s)})" for s in open_stats)
        raise DungeonWorldError(f"Level Up raises one stat: choose one of {listed}")
    if choice.stat is not None and choice.stat not in open_stats:
        raise DungeonWorldError(
            f"{character.name}'s {choice.stat} is already {SCORE_MAX}, the most a stat can be; "
            f"choose one of {', '.join(s.value for s in open_stats) or 'none'}"
        )
    after = replace(character, xp=character.xp - needed, level=character.level + 1)
    lines = [
        f"{character.name} rests for {rest.value} and levels up to level {after.level}, "
        f"spending {needed} XP ({after.xp} left)"
    ]
    if choice.stat is not None:
        old_mod = character.modifier(choice.stat)
        after = replace(after, scores=after.scores.raised(choice.stat, LEVEL_UP_STAT_GAIN))
        new_score = after.score(choice.stat)
        line = f"{character.name}'s {choice.stat} rises to {new_score}"
        if after.modifier(choice.stat) != old_mod:
            line += f" (modifier {old_mod:+d} -> {after.modifier(choice.stat):+d})"
        lines.append(line)
        if choice.stat is Stat.CON:
            gain = HP_PER_CON_POINT * LEVEL_UP_STAT_GAIN
            after = replace(after, max_hp=after.max_hp + gain, hp=after.hp + gain)
            lines.append(f"{character.name}'s max HP rises to {after.max_hp}, HP to {after.hp}")
    else:
        lines.append(f"every stat of {character.name} is already {SCORE_MAX}: none rises")
    if choice.advanced_move:
        after = replace(after, moves=(*after.moves, choice.advanced_move))
        lines.append(f"{character.name} takes the advanced move {choice.advanced_move}")
    if choice.spell:
        lines.append(f"{character.name} adds the spell {choice.spell} to the spellbook")
    return MoveResult(
        move=Move.LEVEL_UP, before=(character,), after=(after,), lines=tuple(lines)
    )


@dataclass(frozen=True)
class BondResolution:
    """A bond a player calls resolved (003: 317): ``bond`` is its index on the sheet
    (0 first). Only if the other character's player ``agreed`` does it give XP, and then
    the player writes ``new_bond``."""

    bond: int
    agreed: bool = True
    new_bond: Bond | None = None

    def __post_init__(self) -> None:
        check_int("the resolved bond's index", self.bond, minimum=0)
        check_bool("agreed", self.agreed)
        if self.new_bond is not None:
            object.__setattr__(self, "new_bond", Bond.from_dict(self.new_bond))
        if self.agreed and self.new_bond is None:
            raise DungeonWorldError(
                "a resolved bond is replaced by a new one: give new_bond"
            )
        if not self.agreed and self.new_bond is not None:
            raise DungeonWorldError(
                "a new bond is written only when the other player agrees"
            )

    def as_dict(self) -> dict[str, Any]:
        return fields_as_plain(self)

    @classmethod
    def from_value(cls, value: object) -> BondResolution:
        if isinstance(value, BondResolution):
            return value
        if isinstance(value, Mapping) and set(value) <= {"bond", "agreed", "new_bond"}:
            return cls(**dict(value))
        raise DungeonWorldError(
            f"a bond resolution is {{'bond': index, 'agreed', 'new_bond'}}, got {value!r}"
        )


def end_of_session(
    party: Sequence[Character],
    *,
    bonds: Mapping[str, BondResolution | Mapping[str, Any]] | None = None,
    alignment: Collection[str] = (),
    questions: Collection[SessionQuestion | str] = (),
) -> MoveResult:
    """End of Session for the whole group (003: 315-325).

    ``bonds``: each player's one resolved bond, by character name. ``alignment``: the names
    of those who fulfilled their alignment at least once this session. ``questions``: the
    questions the group answered yes; each gives everyone 1 XP.
    """
    characters = check_party(party)
    resolutions = {
        name: BondResolution.from_value(v) for name, v in dict(bonds or {}).items()
    }
    names_in(characters, resolutions, "bonds")
    aligned = set(names_in(characters, alignment, "alignment"))
    answered = coerce_enums(SessionQuestion, questions, "the questions answered yes")
    lines: list[str] = []
    after: list[Character] = []
    for character in characters:
        gained = 0
        new = character
        resolution = resolutions.get(character.name)
        if resolution is not None:
            if resolution.bond >= len(character.bonds):
                raise DungeonWorldError(
                    f"{character.name} has {plural(len(character.bonds), 'bond')} (0 to "
                    f"{len(character.bonds) - 1}); there is no bond {resolution.bond}"
                )
            old = character.bonds[resolution.bond]
            if resolution.agreed and resolution.new_bond is not None:
                kept = tuple(b for i, b in enumerate(character.bonds) if i != resolution.bond)
                new = replace(new, bonds=(*kept, resolution.new_bond))
                gained += BOND_XP
                lines.append(
                    f"{character.name} resolves the bond with {old.target} ({old.text!r}) "
                    f"and writes a new one with {resolution.new_bond.target}: +{BOND_XP} XP"
                )
            else:
                lines.append(
                    f"{old.target}'s player does not agree that {character.name}'s bond is "
                    "resolved: it stays, no XP"
                )
        if character.name in aligned:
            gained += ALIGNMENT_XP
            lines.append(
                f"{character.name} fulfilled the {character.alignment} alignment: "
                f"+{ALIGNMENT_XP} XP"
            )
        gained += QUESTION_XP * len(answered)
        new = replace(new, xp=new.xp + gained)
        after.append(new)
    if answered:
        lines.append(
            f"the group answers yes to {plural(len(answered), 'question')} "
            f"({', '.join(q.value for q in answered)}): +{QUESTION_XP * len(answered)} XP each"
        )
    for before, new in zip(characters, after, strict=True):
        ready = " (enough to Level Up when resting)" if can_level_up(new) else ""
        lines.append(f"{new.name}: {before.xp} -> {new.xp} XP{ready}")
    return MoveResult(
        move=Move.END_OF_SESSION, before=characters, after=tuple(after), lines=tuple(lines)
    )

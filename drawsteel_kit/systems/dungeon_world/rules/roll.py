"""The move roll: 2d6 + a modifier, read as 10+, 7-9 or 6- (003: 16, 257 and every move).

Also the result every move returns (:class:`MoveResult`): the characters before and after,
the rolls with their dice faces, and plain-English lines for the session log.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from drawsteel_kit.kit.dice import Dice, roll_many
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError, NotEnoughPreparation
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Fate
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_bool,
    check_int,
    coerce_enum,
    fields_as_plain,
)
from drawsteel_kit.systems.dungeon_world.rules.load import load_penalty
from drawsteel_kit.systems.dungeon_world.rules.moves import (
    CHOSEN_STAT,
    MOVE_STAT,
    ROLLED_MOVES,
    UNMODIFIED_MOVES,
    Move,
    move_name,
)
from drawsteel_kit.systems.dungeon_world.rules.stats import Stat

__all__ = [
    "MISS_XP",
    "PREPARATION_BONUS",
    "PREPARATION_PER_ROLL",
    "ROLL_DICE",
    "ROLL_SIDES",
    "STRONG_HIT_MIN",
    "WEAK_HIT_MIN",
    "Band",
    "MoveResult",
    "MoveRoll",
    "band_for_total",
    "roll_move",
]

#: Every move roll is 2d6 ("2d6を素で振り", 003: 257).
ROLL_DICE = 2
ROLL_SIDES = 6
#: 10+ is a strong hit, 7-9 a weak hit, 6- a miss (003: 16, 257: "*10+", "*7-9", "*6-").
STRONG_HIT_MIN = 10
WEAK_HIT_MIN = 7
#: Spending one preparation adds +1 to a roll, and only one may be spent per roll (003: 387).
PREPARATION_BONUS = 1
PREPARATION_PER_ROLL = 1
#: XP marked on a miss when the table uses that rule (Dungeon World core book, "mark XP
#: whenever you roll a 6-"; not in seed 003, so off unless ``xp_on_miss=True``).
MISS_XP = 1


class Band(StrEnum):
    """The three results of a move roll."""

    STRONG_HIT = "10+"
    WEAK_HIT = "7-9"
    MISS = "6-"


_BAND_WORDS = {Band.STRONG_HIT: "a strong hit", Band.WEAK_HIT: "a weak hit", Band.MISS: "a miss"}


def band_for_total(total: int) -> Band:
    """10 or more a strong hit, 7-9 a weak hit, 6 or less a miss (003: 16, 257)."""
    check_int("a roll total", total)
    if total >= STRONG_HIT_MIN:
        return Band.STRONG_HIT
    if total >= WEAK_HIT_MIN:
        return Band.WEAK_HIT
    return Band.MISS


@dataclass(frozen=True, kw_only=True)
class MoveRoll:
    """One 2d6 roll with every part of its total.

    ``assumed`` marks a roll nobody made: a Perilous Journey job left empty counts as a
    6 (003: 306), with no dice.
    """

    who: str
    move: Move
    stat: Stat | None
    faces: tuple[int, ...]
    stat_modifier: int = 0
    forward: int = 0
    ongoing: int = 0
    preparation: int = 0
    #: -1 while the load is heavy (003: 274).
    load: int = 0
    bonus: int = 0
    #: What ``bonus`` is for: "coin" (Carouse), "conditions" (Recruit), "bonus" otherwise.
    bonus_label: str = "bonus"
    total: int
    band: Band
    xp_marked: int = 0
    assumed: bool = False

    def as_dict(self) -> dict[str, Any]:
        return fields_as_plain(self)

    def describe(self) -> str:
        """``"Ava rolls Take Watch: 4+5 +1 WIS = 10, a strong hit (10+)"``."""
        if self.assumed:
            return (
                f"{move_name(self.move)} counts as a roll of {self.total}: "
                f"{_BAND_WORDS[self.band]} ({self.band})"
            )
        parts = ["+".join(map(str, self.faces))]
        if self.stat is not None:
            parts.append(f"{self.stat_modifier:+d} {self.stat}")
        for amount, label in (
            (self.forward, "forward"),
            (self.ongoing, "ongoing"),
            (self.preparation, "preparation"),
            (self.load, "load"),
            (self.bonus, self.bonus_label),
        ):
            if amount:
                parts.append(f"{amount:+d} {label}")
        return (
            f"{self.who} rolls {move_name(self.move)}: {' '.join(parts)} = {self.total}, "
            f"{_BAND_WORDS[self.band]} ({self.band})"
        )


@dataclass(frozen=True, kw_only=True)
class MoveResult:
    """What a move did: the characters it touched before and after, its rolls, its lines."""

    move: Move
    before: tuple[Character, ...]
    after: tuple[Character, ...]
    rolls: tuple[MoveRoll, ...] = ()
    lines: tuple[str, ...] = ()
    #: The options taken, as their plain values (Carouse's picks, Recruit's decision, ...).
    choices: tuple[str, ...] = ()

    @property
    def character(self) -> Character:
        """The one character a single-character move changed."""
        if len(self.after) != 1:
            raise DungeonWorldError(
                f"{move_name(self.move)} changed {len(self.after)} characters: read .after"
            )
        return self.after[0]

    @property
    def band(self) -> Band | None:
        """The band of the move's only roll (None when it rolled nothing or several)."""
        return self.rolls[0].band if len(self.rolls) == 1 else None

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(face for r in self.rolls for face in r.faces)

    def as_dict(self) -> dict[str, Any]:
        return fields_as_plain(self)


def resolve_stat(move: Move, stat: Stat | str | None) -> Stat | None:
    """The stat ``move`` rolls, checking a given one against the seed's."""
    fixed = MOVE_STAT[move]
    given = None if stat is None else coerce_enum(Stat, stat, "a stat")
    if fixed == CHOSEN_STAT:
        if given is None:
            raise DungeonWorldError(
                f"{move_name(move)} rolls the stat that fits how you act: name one of "
                "STR, DEX, CON, INT, WIS, CHA"
            )
        return given
    if given is not None and given is not fixed:
        wanted = f"+{fixed}" if fixed else "no stat"
        raise DungeonWorldError(f"{move_name(move)} rolls {wanted}, not +{given}")
    return fixed if isinstance(fixed, Stat) else None


def roll_for(
    character: Character,
    move: Move,
    *,
    dice: Dice,
    stat: Stat | str | None = None,
    bonus: int = 0,
    spend_preparation: bool = False,
    apply_forward: bool = True,
    xp_on_miss: bool = False,
    bonus_label: str = "bonus",
) -> tuple[Character, MoveRoll]:
    """Roll ``move`` for ``character``: the character after (forward used, preparation
    spent, XP marked on a miss if the table says so) and the roll."""
    if not isinstance(character, Character):
        raise DungeonWorldError(f"a move needs a Character, got {type(character).__name__}")
    move = coerce_enum(Move, move, "a move")
    if move not in ROLLED_MOVES:
        rolled = ", ".join(sorted(m.value for m in ROLLED_MOVES))
        raise DungeonWorldError(f"{move_name(move)} has no roll; moves that roll: {rolled}")
    used_stat = resolve_stat(move, stat)
    check_int("bonus", bonus)
    check_bool("spend_preparation", spend_preparation)
    check_bool("apply_forward", apply_forward)
    check_bool("xp_on_miss", xp_on_miss)
    if move in UNMODIFIED_MOVES and (bonus or spend_preparation):
        raise DungeonWorldError(
            f"{move_name(move)} is 2d6 with nothing added: "
            "no bonus and no preparation"
        )
    if character.fate is Fate.DEAD:
        raise DungeonWorldError(f"{character.name} is dead: the dead make no moves")
    if spend_preparation and character.preparation < PREPARATION_PER_ROLL:
        raise NotEnoughPreparation(
            f"{character.name} has no preparation to spend (Bolster gives it)"
        )
    modified = move not in UNMODIFIED_MOVES
    forward_used = tuple(
        m for m in character.forward if modified and apply_forward and m.applies_to(move)
    )
    ongoing = sum(m.amount for m in character.ongoing if modified and m.applies_to(move))
    burden = load_penalty(character, move)  # refuses an overloaded roll before the dice
    faces = roll_many(dice, ROLL_DICE, ROLL_SIDES)
    stat_modifier = character.modifier(used_stat) if used_stat else 0
    forward = sum(m.amount for m in forward_used)
    preparation = PREPARATION_BONUS if spend_preparation else 0
    total = sum(faces) + stat_modifier + forward + ongoing + preparation + burden + bonus
    band = band_for_total(total)
    xp = MISS_XP if xp_on_miss and band is Band.MISS else 0
    after = replace(
        character,
        forward=tuple(m for m in character.forward if m not in forward_used),
        preparation=character.preparation - (PREPARATION_PER_ROLL if spend_preparation else 0),
        xp=character.xp + xp,
    )
    roll = MoveRoll(
        who=character.name, move=move, stat=used_stat, faces=faces, total=total, band=band,
        xp_marked=xp, bonus_label=bonus_label, stat_modifier=stat_modifier, forward=forward,
        ongoing=ongoing, preparation=preparation, load=burden, bonus=bonus,
    )
    return after, roll


def roll_lines(roll: MoveRoll) -> list[str]:
    """The roll's line, and the XP line if a miss marked XP."""
    lines = [roll.describe()]
    if roll.xp_marked:
        lines.append(f"{roll.who} marks {roll.xp_marked} XP for the miss")
    return lines


def roll_move(
    character: Character,
    move: Move | str,
    *,
    dice: Dice,
    stat: Stat | str | None = None,
    bonus: int = 0,
    spend_preparation: bool = False,
    apply_forward: bool = True,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Roll any move that rolls (a basic move too): 2d6 + its stat's modifier + forward,
    ongoing, one preparation and any other ``bonus`` (Aid's +1 or -2, 003: 235).

    Forward modifiers for this move (or any move) are used up by the roll; ongoing ones
    stay. Last Breath adds nothing at all (003: 257). The band's fiction is the GM's.
    """
    move = coerce_enum(Move, move, "a move")
    after, roll = roll_for(
        character, move, dice=dice, stat=stat, bonus=bonus,
        spend_preparation=spend_preparation, apply_forward=apply_forward, xp_on_miss=xp_on_miss,
    )
    return MoveResult(
        move=move, before=(character,), after=(after,), rolls=(roll,),
        lines=tuple(roll_lines(roll)),
    )

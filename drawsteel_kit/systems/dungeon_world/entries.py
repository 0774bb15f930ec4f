"""What a move's entry may say (its options) and how a change to a sheet reads.

Shared by the book (one move) and the town-days plans (a day of moves), so neither imports
the other.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from drawsteel_kit.systems.dungeon_world.rules import (
    Character,
    DungeonWorldError,
    Move,
    MoveResult,
    TownEntry,
    bolster,
    carouse,
    end_of_session,
    level_up,
    make_camp,
    outstanding_warrants,
    perilous_journey,
    recover,
    recruit,
    roll_move,
    supply,
    take_watch,
)
from drawsteel_kit.systems.dungeon_world.rules.basic import (
    aid_or_interfere,
    discern_realities,
    last_breath,
)
from drawsteel_kit.systems.dungeon_world.rules.combat import defend, hack_and_slash, volley
from drawsteel_kit.systems.dungeon_world.rules.load import Burden, encumbrance
from drawsteel_kit.systems.dungeon_world.rules.moves import MOVE_NAMES

__all__ = ["MOVE_FUNCTIONS", "NAME_OPTIONS", "check_options", "describe_changes", "hold_text",
           "load_text", "move_options", "sheet_extras"]

#: The function of each special move; every other move is a plain roll (``roll_move``).
MOVE_FUNCTIONS: dict[Move, Callable[..., MoveResult]] = {
    Move.MAKE_CAMP: make_camp, Move.TAKE_WATCH: take_watch,
    Move.PERILOUS_JOURNEY: perilous_journey, Move.END_OF_SESSION: end_of_session,
    Move.LEVEL_UP: level_up, Move.CAROUSE: carouse, Move.SUPPLY: supply,
    Move.RECOVER: recover, Move.RECRUIT: recruit,
    Move.OUTSTANDING_WARRANTS: outstanding_warrants, Move.BOLSTER: bolster,
    Move.HACK_AND_SLASH: hack_and_slash, Move.VOLLEY: volley, Move.DEFEND: defend,
    Move.DISCERN_REALITIES: discern_realities, Move.AID_OR_INTERFERE: aid_or_interfere,
    Move.LAST_BREATH: last_breath,
}

#: Parameters the campaign fills in, never an option.
_DRIVEN = {"dice", "xp_on_miss", "round_half_up", "move"}
#: Options that name characters (matched case-insensitively, like ``who``; the book
#: matches them to its characters' names).
NAME_OPTIONS = ("camp", "trailblazer", "scout", "quartermaster", "ration_saved_by",
                 "alignment", "target")
#: The sheet numbers a change line reports, in order.
_NUMBERS = (("level", "level"), ("xp", "XP"), ("hp", "HP"), ("max_hp", "max HP"),
            ("coin", "coin"), ("rations", "rations"), ("preparation", "preparation"),
            ("hold", "hold"), ("ammo", "ammo"))


def move_options(move: Move | str) -> list[str]:
    """The options a move takes (its function's keyword parameters the player chooses)."""
    move = Move(move) if not isinstance(move, Move) else move
    fn = MOVE_FUNCTIONS.get(move, roll_move)
    params = list(inspect.signature(fn).parameters)[1:]
    return [p for p in params if p not in _DRIVEN]


def check_options(entry: TownEntry) -> None:
    """Refuse an option the move does not have, naming the ones it has."""
    allowed = move_options(entry.move)
    unknown = sorted(set(entry.options) - set(allowed))
    if unknown:
        raise DungeonWorldError(f"{MOVE_NAMES[entry.move]} has no option "
                                f"{', '.join(map(repr, unknown))}; its options: "
                                f"{', '.join(allowed) or 'none'}")


def describe_changes(before: Character, after: Character) -> str:
    """What changed on a sheet, in a few words: ``XP 5 → 6, coin 340 → 140``."""
    parts = [f"{label} {getattr(before, f)} → {getattr(after, f)}" for f, label in _NUMBERS
             if getattr(before, f) != getattr(after, f)]
    old, new = before.scores.as_dict(), after.scores.as_dict()
    parts += [f"{s} {old[s]} → {new[s]}" for s in old if old[s] != new[s]]
    parts += [f"now {d}" for d in after.debilities if d not in before.debilities]
    parts += [f"no longer {d}" for d in before.debilities if d not in after.debilities]
    parts += [f"{m.amount:+d} forward" + (f" ({MOVE_NAMES[m.move]})" if m.move else "")
              for m in after.forward if m not in before.forward]
    if after.fate != before.fate:
        parts.append(f"fate {before.fate} → {after.fate}")
    was, now = encumbrance(before), encumbrance(after)
    if was.weight != now.weight or was.burden != now.burden:
        parts.append(now.describe())
    if len(after.forward) < len(before.forward):
        parts.append("forward used")
    parts += [f"gains {g}" for g in after.gear[len(before.gear):]
              if after.gear[:len(before.gear)] == before.gear]
    parts += [f"new move {m}" for m in after.moves if m not in before.moves]
    parts += [f"new bond with {b.target}" for b in after.bonds if b not in before.bonds]
    parts += [f"bond with {b.target} gone" for b in before.bonds if b not in after.bonds]
    parts += [f"no longer has {g}" for g in before.gear if g not in after.gear]
    parts += [f"loses move {m}" for m in before.moves if m not in after.moves]
    for field in ("playbook", "alignment"):
        was, now = getattr(before, field), getattr(after, field)
        if was != now:
            parts.append(f"{field} {getattr(was, 'value', was) or '-'} → "
                         f"{getattr(now, 'value', now) or '-'}")
    if not parts and before != after:
        parts.append("sheet edited")
    return ", ".join(parts) or "no change to the sheet"


def sheet_extras(c: Character) -> list[str]:
    """What a sheet holds beyond its numbers, when there is any: debilities, Defend's hold,
    ammo, the load carried, Last Breath's fate (``hold 2 (defending Zora)``)."""
    out = [", ".join(c.debilities)] if c.debilities else []
    if c.hold:
        out.append(f"hold {c.hold} (defending {c.defending})")
    if c.ammo:
        out.append(f"ammo {c.ammo}")
    burden = encumbrance(c)
    if burden.load is not None and burden.weight:
        out.append(burden.describe())
    if c.fate != "alive":
        out.append(f"fate: {c.fate}" + (f" ({c.bargain})" if c.bargain else ""))
    return out


def hold_text(c: Character) -> str:
    """Defend's hold and what it defends: ``2 (Zora)``, or ``-``."""
    return f"{c.hold} ({c.defending})" if c.hold else "-"


def load_text(c: Character) -> str:
    """The weight carried of the load: ``14/13 heavy``, or ``-`` when no load is known."""
    burden = encumbrance(c)
    if burden.load is None:
        return "-"
    return f"{burden.weight}/{burden.load}" + (
        "" if burden.burden is Burden.LIGHT else f" {burden.burden}")

"""Initiative every round: 2d6, fixed values for the GM, the seed's tie rules (004: 37-47).

Each round begins with an initiative check: 2d6, the dice alone are the result, highest
acts first (004: 39-41). The GM's characters normally roll nothing and use a fixed value
each (004: 43). Mana pays for a reroll (004: 47). Ties between players' characters: the
players agree on the order; between a player's and a GM's character: roll the dice again
against each other (004: 45).

The seed does not say how a tie of several players' and GM characters at once is settled.
Read here: the players' agreed order and the GM's order are merged pairwise, the first
player's character of the tie rolling off against the first GM character (2d6 each,
again on equal rolls) until one side runs out. Ties among the GM's characters only are
the GM's choice (``tie_order``), else the order the characters were listed in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from drawsteel_kit.kit.dice import Dice, roll_many
from drawsteel_kit.systems.condition_sheet.errors import ConditionSheetError, TieUnresolved
from drawsteel_kit.systems.condition_sheet.rules.battle import Battle, BattleResult
from drawsteel_kit.systems.condition_sheet.rules.character import PC
from drawsteel_kit.systems.condition_sheet.rules.checks import (
    CHECK_DICE,
    DIE_SIDES,
    KEEPS,
    roll_check,
)

__all__ = ["MAX_ROLL_OFFS", "reroll_initiative", "settle_order", "start_round"]

#: A safety stop for roll-offs that keep tying (typed-in dice repeating the same faces).
MAX_ROLL_OFFS = 100


def start_round(
    battle: Battle, dice: Dice, *, preparations: Mapping[str, str] | None = None
) -> BattleResult:
    """Begin the next round with everyone's initiative check (004: 39-43).

    Characters with a fixed initiative use it; the rest roll 2d6 (one more die for a
    preparation effect named in ``preparations``, 004: 163). Knocked-down and withdrawn
    characters take no part. Rerolls may follow (:func:`reroll_initiative`), then
    :func:`settle_order` sets the order.
    """
    if battle.phase == "ended":
        raise ConditionSheetError("the battle has ended")
    if battle.phase == "initiative":
        raise ConditionSheetError("initiative is already rolled this round: settle the order")
    if battle.phase == "acting" and battle.current is not None:
        raise ConditionSheetError(f"{battle.current} has not acted yet this round: act or pass "
                                  "first")
    fighters = [c.name for c in battle.characters if c.can_act]
    if not fighters:
        raise ConditionSheetError("nobody is left who can act: end the battle")
    preparations = dict(preparations or {})
    for name in preparations:
        if name not in fighters:
            raise ConditionSheetError(f"{name} does not roll initiative this round")
    new = replace(battle, round=battle.round + 1, phase="initiative", order=(), acted=(),
                  initiative=(), last_attack=None)
    lines = [f"Round {new.round} begins: initiative."]
    faces: list[int] = []
    values: list[tuple[str, int]] = []
    for name in fighters:
        rolled = roll_check(new, dice, name, "initiative", preparation=preparations.get(name))
        new, faces = rolled.state, [*faces, *rolled.faces]
        values.append((name, rolled.check.total))
        lines.extend(rolled.lines)
    return BattleResult(replace(new, initiative=tuple(values)), tuple(lines), tuple(faces))


def reroll_initiative(battle: Battle, dice: Dice, who: str, *, keep: str = "better"
                      ) -> BattleResult:
    """Spend mana to roll initiative again (004: 47); the better (higher) result may stay
    (004: 160): ``keep`` is ``better``, ``new`` (the reroll stands) or ``old``."""
    if battle.phase != "initiative":
        raise ConditionSheetError("initiative rerolls come after the round's initiative check "
                                  "and before the order is settled")
    values = dict(battle.initiative)
    if who not in values:
        raise ConditionSheetError(f"{who} did not roll initiative this round")
    if battle.get(who).fixed_initiative is not None:
        raise ConditionSheetError(f"{who} uses a fixed initiative: nothing to reroll")
    if keep not in KEEPS:
        raise ConditionSheetError(f"after a reroll keep one of {', '.join(KEEPS)}, got {keep!r}")
    cost = battle.rules.reroll_mana
    new = battle.spend_mana(who, cost, "an initiative reroll")
    faces = roll_many(dice, CHECK_DICE, DIE_SIDES)
    if keep == "old" and sum(faces) >= values[who]:
        raise ConditionSheetError(f"the new initiative, {sum(faces)}, is at least the old one, "
                                  f"{values[who]}: the old one is kept only when it is higher")
    kept = {"better": max(values[who], sum(faces)), "new": sum(faces),
            "old": values[who]}[keep]
    values[who] = kept
    line = (f"{who} spends {cost} mana to reroll initiative: {sum(faces)} "
            f"({'+'.join(map(str, faces))}); keeps {kept}.")
    return BattleResult(replace(new, initiative=tuple(values.items())), (line,), faces)


def _roll_off(dice: Dice, pc: str, gm: str, lines: list[str], faces: list[int]) -> bool:
    """True when the player's character wins the roll-off (004: 45)."""
    for _ in range(MAX_ROLL_OFFS):
        a, b = roll_many(dice, CHECK_DICE, DIE_SIDES), roll_many(dice, CHECK_DICE, DIE_SIDES)
        faces.extend((*a, *b))
        first = pc if sum(a) > sum(b) else gm
        tie = " (equal: again)" if sum(a) == sum(b) else f": {first} first"
        lines.append(f"Roll-off: {pc} {sum(a)}, {gm} {sum(b)}{tie}.")
        if sum(a) != sum(b):
            return sum(a) > sum(b)
    raise ConditionSheetError(f"the roll-off between {pc} and {gm} tied {MAX_ROLL_OFFS} times")


def settle_order(battle: Battle, dice: Dice, *, tie_order: Sequence[str] = ()) -> BattleResult:
    """Set the round's order: highest first, ties settled as the seed says (004: 41, 45).

    ``tie_order`` lists tied players' characters in the order the players agreed (every one
    of them: else :class:`TieUnresolved`, before any die is rolled), and may order tied
    GM characters. A player's and a GM's character tied roll off with 2d6.
    """
    if battle.phase == "acting":
        raise ConditionSheetError(f"round {battle.round}'s order is already settled: "
                                  f"{', '.join(battle.order)}")
    if battle.phase != "initiative":
        raise ConditionSheetError("start the round (its initiative) first")
    if isinstance(tie_order, str) or not isinstance(tie_order, Sequence):
        raise ConditionSheetError(f"the tie order is a list of names, got {tie_order!r}")
    rank = {n: i for i, n in enumerate(tie_order)}
    values = dict(battle.initiative)
    if len(rank) != len(tie_order) or not set(rank) <= {c.name for c in battle.characters}:
        raise ConditionSheetError(f"the tie order names characters in the battle, each once; "
                                  f"got {list(tie_order)}")
    listed = {c.name: i for i, c in enumerate(battle.characters)}
    groups: list[tuple[int, list[str], list[str]]] = []
    for value in sorted(set(values.values()), reverse=True):
        tied = sorted((n for n, v in values.items() if v == value), key=listed.__getitem__)
        pcs = [n for n in tied if battle.get(n).side == PC]
        gms = [n for n in tied if battle.get(n).side != PC]
        if len(pcs) > 1 and not set(pcs) <= set(rank):
            raise TieUnresolved(
                f"{' and '.join(pcs)} tied at {value}: the players agree who acts first "
                f"(give their agreed order: the tie order, e.g. {','.join(pcs)})",
                tied=tuple(pcs))
        pcs.sort(key=lambda n: rank.get(n, 0))
        gms.sort(key=lambda n: (0, rank[n]) if n in rank else (1, listed[n]))
        groups.append((value, pcs, gms))
    order: list[str] = []
    lines: list[str] = []
    faces: list[int] = []
    for value, pcs, gms in groups:
        if len(pcs) > 1:
            lines.append(f"Players' characters tied at {value} go in their agreed order: "
                         f"{', '.join(pcs)}.")
        if pcs and gms:
            lines.append(f"Tie at {value} between players' and GM characters: they roll again.")
        while pcs and gms:
            order.append(pcs.pop(0) if _roll_off(dice, pcs[0], gms[0], lines, faces)
                         else gms.pop(0))
        order.extend((*pcs, *gms))
    listing = ", ".join(f"{n} ({values[n]})" for n in order)
    lines.append(f"Round {battle.round} order: {listing}.")
    new = replace(battle, phase="acting", order=tuple(order))
    return BattleResult(new, tuple(lines), tuple(faces))

"""The fighting moves with choices: Hack and Slash (《ハックアンドスラッシュ》, 003: 14-26),
Volley (《射撃》, 003: 47-59) and Defend (《防御》, 003: 112-129), whose hold stays on the
sheet and is spent one point at a time.

Damage dice are the playbooks' (not in seed 003): a result says "deals damage" and records
the choice that changes it (+1d6, -1d6); the GM rolls it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from types import MappingProxyType

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.words import plural
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Modifier
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_bool,
    check_text,
    coerce_enum,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.roll import Band, MoveResult, roll_for, roll_lines

__all__ = [
    "AMMO_PER_VOLLEY",
    "DEFEND_HOLD",
    "DEFEND_LOST_BY",
    "HOLD_PER_CHOICE",
    "OPENING_FORWARD",
    "DefendOption",
    "VolleyOption",
    "defend",
    "end_defense",
    "hack_and_slash",
    "lose_hold_by_moving",
    "spend_hold",
    "volley",
]

#: Volley's 7-9 "ammo" choice marks off one use of ammunition (003: 53).
AMMO_PER_VOLLEY = 1
#: Defend: hold 3 on a 10+, 1 on a 7-9 (003: 114); nothing on a miss.
DEFEND_HOLD: MappingProxyType[Band, int] = MappingProxyType(
    {Band.STRONG_HIT: 3, Band.WEAK_HIT: 1, Band.MISS: 0}
)
#: Each choice spends 1 hold (003: 114, "1点につき1つ").
HOLD_PER_CHOICE = 1
#: "Open up the attacker": an ally takes +1 forward against them (003: 118).
OPENING_FORWARD = 1
#: Moves that end Defend: "if you move away from it or stop attending to incoming attacks,
#: you lose all your hold" (003: 121). The text's own example: the moment the defender
#: attacked the crocodile, the hold was gone (003: 144-145). Attacking, travelling, settling
#: in to rest and the town moves leave what was defended; Last Breath ends all attention.
DEFEND_LOST_BY: MappingProxyType[Move, str] = MappingProxyType({
    Move.HACK_AND_SLASH: "attacks", Move.VOLLEY: "attacks",
    Move.PERILOUS_JOURNEY: "travels on", Move.MAKE_CAMP: "makes camp",
    Move.LEVEL_UP: "rests to level up", Move.CAROUSE: "goes carousing",
    Move.SUPPLY: "goes shopping", Move.RECOVER: "rests to recover",
    Move.RECRUIT: "goes recruiting", Move.OUTSTANDING_WARRANTS: "is in town",
    Move.BOLSTER: "spends days in study", Move.LAST_BREATH: "is at death's door",
})


class VolleyOption(StrEnum):
    """Volley's 7-9 choices; the shot deals damage whichever is taken (003: 49-53)."""

    DANGER = "danger"  # 移動して(GMの述べる)危険に身を置く
    LESS_DAMAGE = "less_damage"  # 命中したものの-1d6ダメージ
    AMMO = "ammo"  # [矢弾]を1減少させる


class DefendOption(StrEnum):
    """What a point of Defend's hold buys when you or what you defend is attacked
    (003: 116-119)."""

    REDIRECT = "redirect"  # 守護対象への攻撃1回を、自分へと向けさせる
    HALVE = "halve"  # 攻撃の効果やダメージを半減させる
    OPEN_UP = "open_up"  # 味方1体に攻撃者に対する〔次回+1〕
    DAMAGE = "damage"  # こちらレベルに等しいダメージを、攻撃者に与える


def hack_and_slash(
    character: Character,
    *,
    dice: Dice,
    extra_damage: bool = False,
    bonus: int = 0,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Hack and Slash: attack an enemy in melee, roll +STR (003: 16).

    10+: deal damage and avoid the counterattack, or (``extra_damage``) +1d6 damage and
    open yourself to the attack. 7-9: deal damage and take the counterattack.
    ``extra_damage`` is the player's choice made with the roll; it counts only on a 10+.
    """
    check_bool("extra_damage", extra_damage)
    after, roll = roll_for(character, Move.HACK_AND_SLASH, dice=dice, bonus=bonus,
                           spend_preparation=spend_preparation, xp_on_miss=xp_on_miss)
    lines = roll_lines(roll)
    chosen: tuple[str, ...] = ()
    if roll.band is Band.STRONG_HIT and extra_damage:
        chosen = ("extra_damage",)
        lines.append(f"{character.name} deals damage +1d6 and is open to the enemy's attack")
    elif roll.band is Band.STRONG_HIT:
        lines.append(f"{character.name} deals damage and avoids the enemy's attack")
    elif roll.band is Band.WEAK_HIT:
        lines.append(f"{character.name} deals damage, and the enemy attacks back")
    else:
        lines.append("a miss: the GM makes a move")
    return MoveResult(move=Move.HACK_AND_SLASH, before=(character,), after=(after,),
                      rolls=(roll,), lines=tuple(lines), choices=chosen)


_VOLLEY_WORDS = {
    VolleyOption.DANGER: "moves into danger to get the shot (the GM says what danger)",
    VolleyOption.LESS_DAMAGE: "takes the shot as it comes: -1d6 damage",
    VolleyOption.AMMO: "takes several shots: ammo",
}


def volley(
    character: Character,
    *,
    dice: Dice,
    weak_hit: VolleyOption | str | None = None,
    bonus: int = 0,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Volley: send a volley at an enemy in range, roll +DEX (003: 49-53).

    10+: a clear shot, deal damage. 7-9: deal damage and take one ``weak_hit`` choice:
    ``danger``, ``less_damage`` (-1d6) or ``ammo`` (one use of ammo marked off; refused
    with no ammo, as for a thrown thing that has none, 003: 59). Left out, the line asks
    for it.
    """
    picked = None if weak_hit is None else coerce_enum(VolleyOption, weak_hit,
                                                       "Volley's weak_hit choice")
    if picked is VolleyOption.AMMO and character.ammo < AMMO_PER_VOLLEY:
        raise DungeonWorldError(f"{character.name} has no ammo to mark off: choose danger or "
                                "less_damage")
    after, roll = roll_for(character, Move.VOLLEY, dice=dice, bonus=bonus,
                           spend_preparation=spend_preparation, xp_on_miss=xp_on_miss)
    lines = roll_lines(roll)
    chosen: tuple[str, ...] = ()
    if roll.band is Band.STRONG_HIT:
        lines.append(f"{character.name} has a clear shot and deals damage")
    elif roll.band is Band.WEAK_HIT and picked is None:
        lines.append(f"{character.name} deals damage and chooses one: danger, less_damage or "
                     "ammo (none named)")
    elif roll.band is Band.WEAK_HIT and picked is not None:
        chosen = (picked.value,)
        line = f"{character.name} deals damage and {_VOLLEY_WORDS[picked]}"
        if picked is VolleyOption.AMMO:
            after = replace(after, ammo=after.ammo - AMMO_PER_VOLLEY)
            line += f" ({after.ammo} left)"
        lines.append(line)
    else:
        lines.append("a miss: the GM makes a move")
    return MoveResult(move=Move.VOLLEY, before=(character,), after=(after,), rolls=(roll,),
                      lines=tuple(lines), choices=chosen)


def defend(
    character: Character,
    *,
    dice: Dice,
    what: str,
    bonus: int = 0,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Defend a person, item or place under attack, roll +CON: hold 3 on a 10+, 1 on a
    7-9 (003: 114). The hold stays on the sheet until spent (:func:`spend_hold`) or lost
    by leaving (:func:`end_defense`, 003: 121); defending something new replaces the hold
    left from before (you stopped defending that)."""
    check_text("what is defended (what)", what)
    after, roll = roll_for(character, Move.DEFEND, dice=dice, bonus=bonus,
                           spend_preparation=spend_preparation, xp_on_miss=xp_on_miss)
    lines = roll_lines(roll)
    hold = DEFEND_HOLD[roll.band]
    if character.hold:
        lines.append(f"{character.name} stops defending {character.defending}: the "
                     f"{character.hold} hold left is lost")
    after = replace(after, hold=hold, defending=what if hold else "")
    if hold:
        lines.append(f"{character.name} defends {what}: hold {hold}")
    else:
        lines.append(f"{character.name} tries to defend {what}: no hold; the GM makes a move")
    return MoveResult(move=Move.DEFEND, before=(character,), after=(after,), rolls=(roll,),
                      lines=tuple(lines), choices=(what,) if hold else ())


def spend_hold(
    defender: Character,
    choices: Sequence[DefendOption | str],
    *,
    ally: Character | None = None,
    attacker: str = "",
) -> MoveResult:
    """Spend Defend's hold when the defender or what they defend is attacked: 1 hold per
    choice, in order (003: 114-119). ``open_up`` gives ``ally`` +1 forward (against
    ``attacker``); ``damage`` deals damage equal to the defender's level. The text does not
    forbid taking one choice twice: each costs 1 hold."""
    if isinstance(choices, str) or not choices:
        raise DungeonWorldError("name what the hold buys: one or more of redirect, halve, "
                                "open_up, damage")
    picked = [coerce_enum(DefendOption, c, "a Defend choice") for c in choices]
    check_text("the attacker", attacker, allow_empty=True)
    cost = HOLD_PER_CHOICE * len(picked)
    if not defender.hold:
        raise DungeonWorldError(f"{defender.name} holds nothing from Defend: the hold comes "
                                "from a Defend roll")
    if defender.hold < cost:
        raise DungeonWorldError(f"{defender.name} holds {defender.hold} from Defend; "
                                f"{plural(len(picked), 'choice')} cost {cost}")
    opening = DefendOption.OPEN_UP in picked
    if opening and ally is None:
        raise DungeonWorldError("open_up gives an ally +1 forward: name the ally")
    if ally is not None and not opening:
        raise DungeonWorldError("an ally is named only for open_up")
    if ally is not None and ally.name == defender.name:
        raise DungeonWorldError(f"open_up helps an ally, not {defender.name}")
    foe = attacker.strip() or "the attacker"
    after = replace(defender, hold=defender.hold - cost)
    if not after.hold:
        after = replace(after, defending="")
    lines = []
    ally_after = ally
    for choice in picked:
        if choice is DefendOption.REDIRECT:
            lines.append(f"{defender.name} draws {foe}'s attack on {defender.defending} "
                         "onto themself")
        elif choice is DefendOption.HALVE:
            lines.append(f"{defender.name} halves the attack's effect or damage")
        elif choice is DefendOption.OPEN_UP and ally_after is not None:  # an ally: checked
            ally_after = ally_after.with_forward(
                Modifier(OPENING_FORWARD, None, f"Defend: against {foe}"))
            lines.append(f"{defender.name} opens up {foe}: {ally_after.name} takes "
                         f"+{OPENING_FORWARD} forward against them")
        else:
            lines.append(f"{defender.name} deals {defender.level} damage to {foe} (their "
                         "level)")
    lines.append(f"{defender.name} spends {cost} hold ({after.hold} left)")
    before = (defender,) if ally is None else (defender, ally)
    now = (after,) if ally_after is None else (after, ally_after)
    return MoveResult(move=Move.DEFEND, before=before, after=now, lines=tuple(lines),
                      choices=tuple(c.value for c in picked))


def lose_hold_by_moving(result: MoveResult, movers: Sequence[str]) -> MoveResult:
    """``result`` with Defend's hold gone from each of ``movers`` who held some before a move
    that ends Defend (:data:`DEFEND_LOST_BY`, 003: 121), and a line saying so."""
    why = DEFEND_LOST_BY.get(result.move)
    before = {c.name: c for c in result.before}
    lost = [c for c in result.after if why and c.name in movers and c.name in before
            and before[c.name].hold and c.hold]
    if not lost:
        return result
    lines = [f"{c.name} {why}: stops defending {c.defending}, and the {c.hold} hold left is "
             "lost" for c in lost]
    after = tuple(replace(c, hold=0, defending="") if c in lost else c for c in result.after)
    return replace(result, after=after, lines=(*result.lines, *lines))


def end_defense(defender: Character) -> MoveResult:
    """Leave what you defend, or stop watching for attacks: all hold is lost (003: 121)."""
    if not defender.hold:
        raise DungeonWorldError(f"{defender.name} holds nothing from Defend")
    after = replace(defender, hold=0, defending="")
    line = (f"{defender.name} stops defending {defender.defending}: the {defender.hold} "
            "hold left is lost")
    return MoveResult(move=Move.DEFEND, before=(defender,), after=(after,), lines=(line,))

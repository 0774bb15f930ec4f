"""Basic moves with bookkeeping: Discern Realities (《事実の識別》, 003: 176-195), Aid or
Interfere (《手助け/妨害》, 003: 233-243) and Last Breath (《死に際》, 003: 255-261)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from types import MappingProxyType

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.kit.limits import same_name
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.character import Character, Fate, Modifier
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_bool,
    check_text,
    coerce_enum,
    coerce_enums,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import Move, move_name
from drawsteel_kit.systems.dungeon_world.rules.roll import Band, MoveResult, roll_for, roll_lines

__all__ = [
    "AID_BONUS",
    "AID_SOURCE",
    "DISCERN_FORWARD",
    "DISCERN_QUESTIONS",
    "INTERFERE_PENALTY",
    "BargainAnswer",
    "DiscernQuestion",
    "aid_or_interfere",
    "bonds_with",
    "discern_realities",
    "last_breath",
]

#: Discern Realities asks 3 questions on a 10+, 1 on a 7-9 (003: 178).
DISCERN_QUESTIONS: MappingProxyType[Band, int] = MappingProxyType(
    {Band.STRONG_HIT: 3, Band.WEAK_HIT: 1, Band.MISS: 0}
)
#: Either way, acting on the answers takes +1 forward (003: 178).
DISCERN_FORWARD = 1
#: Aid or Interfere on a hit: +1 (aid) or -2 (interfere), the helper's choice (003: 235).
AID_BONUS = 1
INTERFERE_PENALTY = -2
#: The source of Aid's modifier: however many aid or interfere, the roll takes it once
#: (003: 243).
AID_SOURCE = "Aid or Interfere"


class DiscernQuestion(StrEnum):
    """The questions Discern Realities may ask (003: 180-185)."""

    HAPPENED_HERE = "happened_here"  # 最近ここで何が起きたの?
    ABOUT_TO_HAPPEN = "about_to_happen"  # まさに今、何が起きつつあるの?
    WATCH_OUT = "watch_out"  # 何に警戒しておくべき?
    USEFUL = "useful"  # 自分にとって、この場で役立つ/価値あるものは?
    IN_CONTROL = "in_control"  # この場で真に主導権を握っているのは誰?
    NOT_WHAT_IT_SEEMS = "not_what_it_seems"  # この場で見た目通りではないものは?


def discern_realities(
    character: Character,
    *,
    dice: Dice,
    questions: Sequence[DiscernQuestion | str] = (),
    bonus: int = 0,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Discern Realities: study a situation or person closely, roll +WIS (003: 178).

    ``questions`` in order of preference: a 10+ asks the first 3, a 7-9 the first 1; on
    either, +1 forward when acting on the answers. Only the listed questions (003: 193).
    """
    wanted = coerce_enums(DiscernQuestion, questions, "Discern Realities' questions")
    after, roll = roll_for(character, Move.DISCERN_REALITIES, dice=dice, bonus=bonus,
                           spend_preparation=spend_preparation, xp_on_miss=xp_on_miss)
    lines = roll_lines(roll)
    asks = DISCERN_QUESTIONS[roll.band]
    chosen = wanted[:asks]
    if asks:
        missing = asks - len(chosen)
        lines.append(f"{character.name} asks {asks}: "
                     + (", ".join(q.value for q in chosen) or "none named yet")
                     + (f" ({missing} still to ask)" if chosen and missing else ""))
        after = after.with_forward(Modifier(DISCERN_FORWARD, None, "Discern Realities"))
        lines.append(f"{character.name} takes +{DISCERN_FORWARD} forward acting on the "
                     "answers")
    else:
        lines.append("a miss: no questions; the GM makes a move")
    return MoveResult(move=Move.DISCERN_REALITIES, before=(character,), after=(after,),
                      rolls=(roll,), lines=tuple(lines), choices=tuple(q.value for q in chosen))


def bonds_with(helper: Character, target: Character) -> int:
    """How many of ``helper``'s bonds are with ``target`` (Aid's bonus, 003: 235)."""
    return sum(1 for b in helper.bonds if same_name(b.target, target.name))


def aid_or_interfere(
    helper: Character,
    target: Character,
    *,
    dice: Dice,
    interfere: bool = False,
    aided_move: Move | str | None = None,
    exposure: str = "",
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Aid or Interfere: help or hinder ``target``, roll + the helper's bonds with them
    (003: 235; no bond rolls +0, 003: 248).

    A hit gives the target's next roll (of ``aided_move``, or any) +1, or -2 with
    ``interfere``, as a forward; a roll takes each once however many help or hinder it
    (003: 243). On a 7-9 the helper is also exposed to danger, retribution or cost
    (``exposure``: what the GM says).
    """
    check_bool("interfere", interfere)
    check_text("exposure", exposure, allow_empty=True)
    move = None if aided_move is None else coerce_enum(Move, aided_move, "aided_move")
    if helper.name == target.name:
        raise DungeonWorldError(f"{helper.name} aids or interferes with someone else: name "
                                "the target")
    bonds = bonds_with(helper, target)
    after, roll = roll_for(helper, Move.AID_OR_INTERFERE, dice=dice, bonus=bonds,
                           spend_preparation=spend_preparation, xp_on_miss=xp_on_miss,
                           bonus_label=f"bond{'s' if bonds != 1 else ''} with {target.name}")
    lines = roll_lines(roll)
    target_after = target
    amount = INTERFERE_PENALTY if interfere else AID_BONUS
    verb = "interferes with" if interfere else "aids"
    roll_of = f"{target.name}'s next {move_name(move) + ' ' if move else ''}roll"
    chosen: list[str] = []
    if roll.band is Band.MISS:
        lines.append(f"{helper.name} fails to help or hinder: the GM makes a move")
    elif any(m.source == AID_SOURCE and m.amount == amount and m.move == move
             for m in target.forward):
        lines.append(f"{roll_of} already takes {amount:+d} from Aid or Interfere: it counts "
                     "once")
        chosen.append("interfere" if interfere else "aid")
    else:
        target_after = target.with_forward(Modifier(amount, move, AID_SOURCE))
        lines.append(f"{helper.name} {verb} {target.name}: {roll_of} takes {amount:+d}")
        chosen.append("interfere" if interfere else "aid")
    if roll.band is Band.WEAK_HIT:
        said = exposure.strip() or "danger, retribution or cost (the GM says which)"
        lines.append(f"{helper.name} is exposed: {said}")
        chosen.append("exposed")
    return MoveResult(move=Move.AID_OR_INTERFERE, before=(helper, target),
                      after=(after, target_after), rolls=(roll,), lines=tuple(lines),
                      choices=tuple(chosen))


class BargainAnswer(StrEnum):
    """The answer to Death's bargain on a 7-9 (003: 257)."""

    ACCEPT = "accept"
    REFUSE = "refuse"


def last_breath(
    character: Character,
    *,
    dice: Dice,
    bargain: BargainAnswer | str | None = None,
    terms: str = "",
) -> MoveResult:
    """Last Breath when dying (at 0 HP): 2d6 with nothing added (003: 257).

    10+: you cheat Death; alive, though in a bad spot. 7-9: Death offers a bargain:
    ``bargain="accept"`` (its ``terms`` kept on the sheet) and live, or ``"refuse"`` and
    die; left out, the sheet says the bargain is offered (answer it by adjusting the
    sheet). Miss: your fate is sealed: marked as Death's own, and the GM says when.
    """
    answer = None if bargain is None else coerce_enum(BargainAnswer, bargain,
                                                      "the answer to Death's bargain")
    check_text("the bargain's terms", terms, allow_empty=True)
    if answer is BargainAnswer.ACCEPT and not terms.strip():
        raise DungeonWorldError("accepting Death's bargain: write its terms (terms)")
    if character.hp != 0:
        raise DungeonWorldError(f"{character.name} has {character.hp} HP: Last Breath is for "
                                "the dying, at 0 HP")
    if character.fate is not Fate.ALIVE:
        raise DungeonWorldError(f"{character.name} already met Death ({character.fate}): "
                                "change the fate on the sheet first if they live again")
    after, roll = roll_for(character, Move.LAST_BREATH, dice=dice)
    lines = roll_lines(roll)
    chosen: tuple[str, ...] = ()
    if roll.band is Band.STRONG_HIT:
        lines.append(f"{character.name} cheats Death: alive, though in a bad spot")
    elif answer is None:
        if roll.band is Band.WEAK_HIT:
            after = replace(after, fate=Fate.OFFERED)
            lines.append(f"Death offers {character.name} a bargain: accept it and live, or "
                         "refuse and pass through the Black Gates (record the answer with "
                         "`drawsteel-kit dw adjust`: fate=bargained and the bargain, or "
                         "fate=dead)")
    elif roll.band is Band.WEAK_HIT and answer is BargainAnswer.ACCEPT:
        after = replace(after, fate=Fate.BARGAINED, bargain=terms.strip())
        chosen = (answer.value,)
        lines.append(f"{character.name} accepts Death's bargain and lives: {terms.strip()}")
    elif roll.band is Band.WEAK_HIT:
        after = replace(after, fate=Fate.DEAD)
        chosen = (answer.value,)
        lines.append(f"{character.name} refuses Death's bargain and passes through the Black "
                     "Gates")
    if roll.band is Band.MISS:
        after = replace(after, fate=Fate.MARKED)
        lines.append(f"{character.name}'s fate is sealed: marked as Death's own, they will "
                     "cross the Black Gates soon; the GM says when")
    return MoveResult(move=Move.LAST_BREATH, before=(character,), after=(after,),
                      rolls=(roll,), lines=tuple(lines), choices=chosen)

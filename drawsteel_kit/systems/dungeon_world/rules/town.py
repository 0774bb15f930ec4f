"""In town: Carouse (《酒宴》, 003: 338-347), Supply (《補給》, 003: 350-352) and
Outstanding Warrants (《未解決の手配書》, 003: 372-382)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import StrEnum
from types import MappingProxyType

from drawsteel_kit.kit.dice import Dice
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError, NotEnoughCoin
from drawsteel_kit.systems.dungeon_world.rules.character import Character
from drawsteel_kit.systems.dungeon_world.rules.checks import (
    check_bool,
    check_int,
    check_text,
    coerce_enum,
    coerce_enums,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.roll import Band, MoveResult, roll_for, roll_lines

__all__ = [
    "CAROUSE_BASE_COIN",
    "CAROUSE_COIN_STEP",
    "CAROUSE_PICKS",
    "CarouseOption",
    "SupplyOption",
    "WarrantComplication",
    "carouse",
    "carouse_bonus",
    "outstanding_warrants",
    "supply",
]

#: A carouse costs 100 coin (003: 340) ...
CAROUSE_BASE_COIN = 100
#: ... and each further 100 spent adds +1 to the roll (003: 340).
CAROUSE_COIN_STEP = 100
#: How many options each band picks: 10+ three, 7-9 one, miss one and it gets out of hand
#: (003: 340).
CAROUSE_PICKS: MappingProxyType[Band, int] = MappingProxyType(
    {Band.STRONG_HIT: 3, Band.WEAK_HIT: 1, Band.MISS: 1}
)


class CarouseOption(StrEnum):
    """What a carouse can bring (003: 342-345)."""

    BEFRIEND_NPC = "befriend_npc"  # 役立つNPCと友人になる
    HEAR_RUMORS = "hear_rumors"  # 好機をもたらすような噂話を耳にする
    USEFUL_INFORMATION = "useful_information"  # 有用な情報を得る
    NOT_ENTANGLED = "not_entangled"  # 面倒事に巻き込まれない/魅惑されない/欺かれない


class SupplyOption(StrEnum):
    """What a buyer does with a 7-9 on Supply: pay more, or settle for something close
    (003: 352), or walk away."""

    PAY_MORE = "pay_more"
    SETTLE = "settle"
    DECLINE = "decline"


class WarrantComplication(StrEnum):
    """The GM's pick on a 7-9 at Outstanding Warrants (003: 376-378)."""

    WARRANT = "warrant"  # the local guard has a warrant out for you
    BOUNTY = "bounty"  # someone has put a price on your heads
    SOMEONE_IN_TROUBLE = "someone_in_trouble"  # someone important to you is in trouble


def carouse_bonus(coin: int) -> int:
    """+1 for each 100 coin beyond the first 100 (003: 340); coin short of 100 refused."""
    check_int("coin for Carouse", coin, minimum=CAROUSE_BASE_COIN)
    return (coin - CAROUSE_BASE_COIN) // CAROUSE_COIN_STEP


def carouse(
    character: Character,
    *,
    dice: Dice,
    coin: int = CAROUSE_BASE_COIN,
    choices: Sequence[CarouseOption | str] = (),
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Carouse on returning triumphant: spend ``coin`` (100, +1 per extra 100) and roll
    (003: 340). ``choices`` are the options in order of preference: the band takes the
    first 3 (10+) or the first 1 (7-9, miss); a miss also gets out of hand.
    """
    bonus = carouse_bonus(coin)
    wanted = coerce_enums(CarouseOption, choices, "Carouse's choices")
    if character.coin < coin:
        raise NotEnoughCoin(
            f"Carouse spends {coin} coin; {character.name} has {character.coin}"
        )
    after, roll = roll_for(
        character, Move.CAROUSE, dice=dice, bonus=bonus, spend_preparation=spend_preparation,
        xp_on_miss=xp_on_miss, bonus_label="coin",
    )
    after = replace(after, coin=after.coin - coin)
    lines = [f"{character.name} spends {coin} coin on a carouse ({after.coin} left)"]
    spare = (coin - CAROUSE_BASE_COIN) % CAROUSE_COIN_STEP
    if spare:
        lines.append(f"the last {spare} coin is short of a full 100 and adds nothing")
    lines.extend(roll_lines(roll))
    picks = CAROUSE_PICKS[roll.band]
    chosen = wanted[:picks]
    lines.append(
        f"{character.name} chooses {picks}: "
        + (", ".join(c.value for c in chosen) if chosen else "none named yet")
        + (f" ({picks - len(chosen)} still to choose)" if 0 < len(chosen) < picks else "")
    )
    if roll.band is Band.MISS:
        lines.append("things get out of hand (the GM says how)")
    return MoveResult(
        move=Move.CAROUSE, before=(character,), after=(after,), rolls=(roll,),
        lines=tuple(lines), choices=tuple(c.value for c in chosen),
    )


def _pay(character: Character, price: int, what: str) -> Character:
    if character.coin < price:
        raise NotEnoughCoin(
            f"{what} costs {price} coin; {character.name} has {character.coin}"
        )
    return replace(character, coin=character.coin - price)


def _gain(character: Character, item: str, ration_uses: int, weight: int = 0) -> Character:
    if ration_uses:
        return replace(character, rations=character.rations + ration_uses)
    weights = {**character.weights, item: weight} if weight else character.weights
    return replace(character, gear=(*character.gear, item), weights=weights)


def supply(
    character: Character,
    *,
    item: str,
    price: int,
    special: bool = False,
    dice: Dice | None = None,
    weak_hit: SupplyOption | str = SupplyOption.DECLINE,
    higher_price: int | None = None,
    similar_item: str | None = None,
    ration_uses: int = 0,
    weight: int = 0,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Supply: buy ``item`` at ``price`` coin (003: 352).

    What the town readily has is bought at the market price, no roll. Something
    ``special`` (rare, better than the local, or magical) rolls +CHA: 10+ it is found at a
    fair price; 7-9 the ``weak_hit`` option: pay ``higher_price``, settle for
    ``similar_item`` at ``price``, or decline; a miss buys nothing. ``ration_uses``: the
    purchase is rations and adds that many uses (the item then is not kept as gear).
    ``weight``: the item's weight, counted in the load (003: 271).
    """
    check_text("the item", item)
    check_int("price", price, minimum=0)
    check_bool("special", special)
    check_int("ration_uses", ration_uses, minimum=0)
    check_int("weight", weight, minimum=0)
    option = coerce_enum(SupplyOption, weak_hit, "Supply's weak_hit option")
    if option is SupplyOption.PAY_MORE:
        if higher_price is None:
            raise DungeonWorldError("weak_hit='pay_more' needs higher_price, the GM's price")
        check_int("higher_price", higher_price, minimum=price)
    if option is SupplyOption.SETTLE:
        check_text("similar_item (weak_hit='settle')", similar_item)
    if not special:
        after = _gain(_pay(character, price, item), item, ration_uses, weight)
        line = f"{character.name} buys {item} for {price} coin ({after.coin} left)"
        return MoveResult(move=Move.SUPPLY, before=(character,), after=(after,), lines=(line,))
    if dice is None:
        raise DungeonWorldError(f"{item} is special: Supply rolls +CHA, so give dice")
    _pay(character, price, item)
    if option is SupplyOption.PAY_MORE:
        _pay(character, higher_price or 0, f"{item} on a 7-9 (weak_hit='pay_more')")
    after, roll = roll_for(
        character, Move.SUPPLY, dice=dice, spend_preparation=spend_preparation,
        xp_on_miss=xp_on_miss,
    )
    lines = roll_lines(roll)
    bought: str | None = None
    paid = 0
    if roll.band is Band.STRONG_HIT:
        after, bought, paid = _pay(after, price, item), item, price
    elif roll.band is Band.WEAK_HIT and option is SupplyOption.PAY_MORE:
        paid = higher_price or 0
        after, bought = _pay(after, paid, item), item
    elif roll.band is Band.WEAK_HIT and option is SupplyOption.SETTLE:
        after, bought, paid = _pay(after, price, str(similar_item)), similar_item, price
    if bought is None:
        reason = "the GM makes a move" if roll.band is Band.MISS else "the GM's offer is declined"
        lines.append(f"{character.name} buys nothing: {reason}")
    else:
        after = _gain(after, bought, ration_uses, weight)
        lines.append(f"{character.name} buys {bought} for {paid} coin ({after.coin} left)")
    return MoveResult(
        move=Move.SUPPLY, before=(character,), after=(after,), rolls=(roll,),
        lines=tuple(lines), choices=(bought,) if bought else (),
    )


def outstanding_warrants(
    character: Character,
    *,
    dice: Dice,
    complication: WarrantComplication | str | None = None,
    spend_preparation: bool = False,
    xp_on_miss: bool = False,
) -> MoveResult:
    """Outstanding Warrants on returning to a civilised place you caused trouble in:
    roll +CHA (003: 374). 10+: word of your deeds has spread and everyone knows you.
    7-9: that, and the GM picks a ``complication`` (used only on a 7-9)."""
    picked = (
        None if complication is None
        else coerce_enum(WarrantComplication, complication, "the complication")
    )
    after, roll = roll_for(
        character, Move.OUTSTANDING_WARRANTS, dice=dice, spend_preparation=spend_preparation,
        xp_on_miss=xp_on_miss,
    )
    lines = roll_lines(roll)
    chosen: tuple[str, ...] = ()
    if roll.band is not Band.MISS:
        lines.append("word of the party's deeds has spread: everyone recognises them")
    if roll.band is Band.WEAK_HIT:
        if picked is None:
            lines.append("the GM picks one complication: warrant, bounty or someone in trouble")
        else:
            chosen = (picked.value,)
            lines.append(f"the GM picks a complication: {picked.value}")
    elif roll.band is Band.MISS:
        lines.append("a miss: the GM makes a move")
    return MoveResult(
        move=Move.OUTSTANDING_WARRANTS, before=(character,), after=(after,), rolls=(roll,),
        lines=tuple(lines), choices=chosen,
    )

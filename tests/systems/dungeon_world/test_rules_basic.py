"""Dungeon World: the basic moves' bookkeeping, as pure rules: Hack and Slash's +1d6,
Volley's 7-9 choices, Defend's hold, Discern Realities, Aid or Interfere, Last Breath."""

from __future__ import annotations

import pytest

from drawsteel_kit.systems.dungeon_world.rules import (
    Character,
    DungeonWorldError,
    Fate,
    aid_or_interfere,
    defend,
    discern_realities,
    end_defense,
    hack_and_slash,
    last_breath,
    spend_hold,
    volley,
)
from drawsteel_kit.systems.dungeon_world.rules.basic import (
    AID_BONUS,
    DISCERN_FORWARD,
    DISCERN_QUESTIONS,
    INTERFERE_PENALTY,
)
from drawsteel_kit.systems.dungeon_world.rules.combat import (
    AMMO_PER_VOLLEY,
    DEFEND_HOLD,
    HOLD_PER_CHOICE,
    OPENING_FORWARD,
)
from drawsteel_kit.systems.dungeon_world.rules.roll import Band, roll_move
from systems.dungeon_world.helpers import dice

SCORES = {"STR": 16, "DEX": 13, "CON": 15, "INT": 8, "WIS": 13, "CHA": 12}


def ava(**changes) -> Character:
    values = {"name": "Ava", "scores": SCORES, "max_hp": 23, "hp": 20, "level": 2,
              "bonds": [{"target": "Nim", "text": "Nim is soft."},
                        {"target": "nim", "text": "I owe Nim."},
                        {"target": "Odo", "text": "Odo has my back."}]} | changes
    return Character(**values)


def nim(**changes) -> Character:
    return Character(**({"name": "Nim", "scores": SCORES, "max_hp": 18, "hp": 11} | changes))


def test_the_constants_are_the_seeds():
    """003: 114 hold 3 / 1; 003: 53 one ammo; 003: 118 +1 forward; 003: 178 3 / 1 questions
    and +1 forward; 003: 235 +1 or -2."""
    assert dict(DEFEND_HOLD) == {Band.STRONG_HIT: 3, Band.WEAK_HIT: 1, Band.MISS: 0}
    assert HOLD_PER_CHOICE == AMMO_PER_VOLLEY == OPENING_FORWARD == 1
    assert dict(DISCERN_QUESTIONS) == {Band.STRONG_HIT: 3, Band.WEAK_HIT: 1, Band.MISS: 0}
    assert DISCERN_FORWARD == 1 and (AID_BONUS, INTERFERE_PENALTY) == (1, -2)


def test_hack_and_slash_extra_damage_counts_on_a_strong_hit_only():
    """003: 16: on a 10+ you may trade the avoided attack for +1d6 damage; 7-9 is attacked."""
    strong = hack_and_slash(ava(), dice=dice(4, 5), extra_damage=True)  # 9 +2 STR
    assert strong.choices == ("extra_damage",)
    assert "deals damage +1d6 and is open to the enemy's attack" in strong.lines[-1]
    plain = hack_and_slash(ava(), dice=dice(4, 5))
    assert plain.choices == () and "avoids the enemy's attack" in plain.lines[-1]
    weak = hack_and_slash(ava(), dice=dice(2, 3), extra_damage=True)  # 5 +2 = 7
    assert weak.choices == () and "the enemy attacks back" in weak.lines[-1]


def test_volley_weak_hit_choices_and_ammo():
    """003: 49-53: 7-9 choose one: danger, -1d6 damage, or mark off ammo."""
    shot = volley(ava(ammo=3), dice=dice(3, 3), weak_hit="ammo")  # 6 +1 DEX = 7
    assert shot.choices == ("ammo",) and shot.character.ammo == 2
    assert "ammo (2 left)" in shot.lines[-1]
    risky = volley(ava(ammo=3), dice=dice(3, 3), weak_hit="danger")
    assert risky.choices == ("danger",) and risky.character.ammo == 3
    assert volley(ava(), dice=dice(3, 3), weak_hit="less_damage").lines[-1].endswith(
        "-1d6 damage")
    clear = volley(ava(ammo=3), dice=dice(5, 5), weak_hit="ammo")
    assert clear.choices == () and clear.character.ammo == 3  # 10+: no choice is taken
    asked = volley(ava(), dice=dice(3, 3))
    assert "chooses one: danger, less_damage or ammo" in asked.lines[-1]


def test_volley_refuses_ammo_with_none_before_rolling():
    """003: 59: a shot with nothing to mark off chooses between the other two."""
    rolled = dice(3, 3)
    with pytest.raises(DungeonWorldError, match="Ava has no ammo to mark off"):
        volley(ava(ammo=0), dice=rolled, weak_hit="ammo")
    assert rolled.remaining == 2
    with pytest.raises(DungeonWorldError, match="Volley's weak_hit choice"):
        volley(ava(), dice=dice(3, 3), weak_hit="luck")


@pytest.mark.parametrize(("faces", "hold"), [((5, 4), 3), ((3, 3), 1), ((2, 3), 0)])
def test_defend_holds_three_or_one(faces, hold):
    """003: 114: roll +CON; 10+ hold 3, 7-9 hold 1."""
    result = defend(ava(), dice=dice(*faces), what="Zora")  # +1 CON
    assert result.character.hold == hold
    assert result.character.defending == ("Zora" if hold else "")


def test_defend_again_replaces_the_hold_left():
    """003: 121: leaving what you defend loses all hold."""
    guarding = ava(hold=2, defending="the gate")
    result = defend(guarding, dice=dice(3, 4), what="Zora")
    assert (result.character.hold, result.character.defending) == (1, "Zora")
    assert "the 2 hold left is lost" in result.lines[1]
    dropped = end_defense(guarding).character
    assert (dropped.hold, dropped.defending) == (0, "")
    with pytest.raises(DungeonWorldError, match="holds nothing"):
        end_defense(ava())


def test_hold_is_spent_one_point_per_choice():
    """003: 114-119: 1 hold per choice: redirect, halve, open up (an ally +1 forward),
    damage equal to your level."""
    guarding = ava(hold=3, defending="Zora")
    result = spend_hold(guarding, ["redirect", "halve"], attacker="the wight")
    assert result.character.hold == 1 and result.choices == ("redirect", "halve")
    assert "draws the wight's attack on Zora onto themself" in result.lines[0]
    opened = spend_hold(guarding, ["open_up", "damage"], ally=nim(), attacker="the wight")
    defender, helped = opened.after
    assert defender.hold == 1 and helped.forward[0].amount == OPENING_FORWARD
    assert helped.forward[0].source == "Defend: against the wight"
    assert "deals 2 damage to the wight (their level)" in opened.lines[1]
    last = spend_hold(ava(hold=1, defending="Zora"), ["halve"]).character
    assert (last.hold, last.defending) == (0, "")


@pytest.mark.parametrize(("choices", "kw", "said"), [
    (["halve"] * 4, {}, "holds 3 from Defend; 4 choice"),
    (["open_up"], {}, "name the ally"),
    (["halve"], {"ally": "nim"}, "only for open_up"),
    (["dodge"], {}, "a Defend choice"),
    ([], {}, "name what the hold buys"),
])
def test_spending_hold_refuses_what_the_text_does_not_give(choices, kw, said):
    if kw.get("ally"):
        kw = {"ally": nim()}
    with pytest.raises(DungeonWorldError, match=said):
        spend_hold(ava(hold=3, defending="Zora"), choices, **kw)


def test_discern_realities_asks_three_or_one_and_gives_forward():
    """003: 178: 10+ ask 3, 7-9 ask 1; either way +1 forward acting on the answers."""
    wanted = ["watch_out", "useful", "in_control", "not_what_it_seems"]
    strong = discern_realities(ava(), dice=dice(5, 4), questions=wanted)  # 9 +1 WIS
    assert strong.choices == ("watch_out", "useful", "in_control")
    assert strong.character.forward[0].amount == DISCERN_FORWARD
    weak = discern_realities(ava(), dice=dice(3, 3), questions=wanted)
    assert weak.choices == ("watch_out",) and len(weak.character.forward) == 1
    miss = discern_realities(ava(), dice=dice(1, 2), questions=wanted)
    assert miss.choices == () and miss.character.forward == ()
    with pytest.raises(DungeonWorldError, match="Discern Realities' questions"):
        discern_realities(ava(), dice=dice(5, 5), questions=["who did it"])  # 003: 193


def test_aid_rolls_bonds_with_the_target_and_gives_plus_one():
    """003: 235: roll + bonds with the one helped; 10+ their roll takes +1 (or -2)."""
    result = aid_or_interfere(ava(), nim(), dice=dice(4, 4))  # 8 + 2 bonds with Nim
    assert result.rolls[0].bonus == 2 and result.rolls[0].total == 10
    assert "+2 bonds with Nim" in result.lines[0]
    helper, helped = result.after
    assert helper.forward == () and helped.forward[0].amount == AID_BONUS
    follow = roll_move(helped, "hack_and_slash", dice=dice(3, 3))  # 6 +2 STR +1 aid
    assert follow.rolls[0].total == 9 and follow.character.forward == ()


def test_interfere_gives_minus_two_and_a_weak_hit_exposes_the_helper():
    """003: 235: -2 at the helper's choice; on a 7-9 the helper is exposed too."""
    result = aid_or_interfere(ava(), nim(), dice=dice(2, 3), interfere=True,
                              aided_move="parley", exposure="the guard sees Ava")
    _, hindered = result.after
    assert hindered.forward[0].amount == INTERFERE_PENALTY
    assert hindered.forward[0].move == "parley"
    assert result.choices == ("interfere", "exposed")
    assert result.lines[-1] == "Ava is exposed: the guard sees Ava"
    no_bond = aid_or_interfere(nim(), ava(), dice=dice(2, 3))  # 003: 248: no bond, +0
    assert no_bond.rolls[0].bonus == 0 and no_bond.band is Band.MISS


def test_aid_counts_once_however_many_help():
    """003: 243: however many aid a roll, it takes +1 once."""
    first = aid_or_interfere(ava(), nim(), dice=dice(5, 5)).after[1]
    again = aid_or_interfere(ava(name="Odo"), first, dice=dice(6, 6))
    assert again.after[1].forward == first.forward
    assert "already takes +1 from Aid or Interfere: it counts once" in again.lines[1]
    with pytest.raises(DungeonWorldError, match="someone else"):
        aid_or_interfere(ava(), ava(), dice=dice(5, 5))


@pytest.mark.parametrize(("faces", "kw", "fate", "bargain"), [
    ((5, 5), {}, Fate.ALIVE, ""),
    ((4, 4), {"bargain": "accept", "terms": "shun the sun"}, Fate.BARGAINED, "shun the sun"),
    ((4, 4), {"bargain": "refuse"}, Fate.DEAD, ""),
    ((4, 4), {}, Fate.OFFERED, ""),
    ((1, 2), {"bargain": "accept", "terms": "shun the sun"}, Fate.MARKED, ""),
])
def test_last_breath_records_the_bargain_or_death(faces, kw, fate, bargain):
    """003: 257: 2d6 with nothing added; 10+ escape, 7-9 a bargain taken or refused,
    6- marked by Death."""
    result = last_breath(ava(hp=0, forward=[{"amount": 1}]), dice=dice(*faces), **kw)
    assert result.rolls[0].total == sum(faces)  # no forward, no stat
    assert (result.character.fate, result.character.bargain) == (fate, bargain)


def test_last_breath_is_for_the_dying_and_the_dead_make_no_moves():
    """003: 257: when you are dying."""
    with pytest.raises(DungeonWorldError, match="Ava has 20 HP: Last Breath is for the dying"):
        last_breath(ava(), dice=dice(4, 4))
    with pytest.raises(DungeonWorldError, match="write its terms"):
        last_breath(ava(hp=0), dice=dice(4, 4), bargain="accept")
    with pytest.raises(DungeonWorldError, match="Ava is dead"):
        hack_and_slash(ava(hp=0, fate="dead"), dice=dice(4, 4))
    with pytest.raises(DungeonWorldError, match="write the terms"):
        ava(fate="bargained")


def test_a_town_days_stretch_plays_aid_and_levels_up_on_a_plan_day():
    """003: 235 (aid names its target) and 003: 330 (a plan's days are a rest)."""
    from drawsteel_kit.systems.dungeon_world.rules import resolve_town_days

    done = resolve_town_days(
        [ava(xp=9), nim()],
        [{"day": 1, "move": "aid_or_interfere", "who": "Ava", "target": "Nim"},
         {"day": 1, "move": "level_up", "who": "Ava", "stat": "CON"}],
        dice=dice(5, 5))
    after = {c.name: c for c in done.after}
    assert after["Nim"].forward[0].amount == AID_BONUS and after["Ava"].level == 3
    with pytest.raises(DungeonWorldError, match="needs target"):
        resolve_town_days([ava(), nim()], [{"move": "aid_or_interfere", "who": "Ava"}],
                          dice=dice(5, 5))
    with pytest.raises(DungeonWorldError, match="only while resting"):
        resolve_town_days([ava(xp=9)], [{"move": "level_up", "who": "Ava", "stat": "CON"}],
                          dice=dice(5, 5))

"""Dungeon World: Level Up (003: 328-336) and End of Session (003: 315-325)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.systems.dungeon_world.errors import (
    DungeonWorldError,
    LevelUpNotReady,
    UnknownCharacter,
)
from drawsteel_kit.systems.dungeon_world.rules.advancement import (
    ALIGNMENT_XP,
    BOND_XP,
    BONDS_RESOLVED_PER_SESSION,
    HP_PER_CON_POINT,
    LEVEL_UP_STAT_GAIN,
    LEVEL_UP_XP_OFFSET,
    QUESTION_XP,
    BondResolution,
    LevelUpChoice,
    SessionQuestion,
    can_level_up,
    end_of_session,
    level_up,
    xp_to_level_up,
)
from drawsteel_kit.systems.dungeon_world.rules.character import Bond, Character
from drawsteel_kit.systems.dungeon_world.rules.moves import Move
from drawsteel_kit.systems.dungeon_world.rules.stats import Stat
from systems.dungeon_world.helpers import SCORES, character


def test_advancement_constants():
    assert LEVEL_UP_XP_OFFSET == 7  # 003: 330, 332
    assert LEVEL_UP_STAT_GAIN == 1  # 003: 336
    assert HP_PER_CON_POINT == 1
    assert BOND_XP == ALIGNMENT_XP == 1  # 003: 317, 319 ("XPを獲得")
    assert QUESTION_XP == 1  # 003: 325
    assert BONDS_RESOLVED_PER_SESSION == 1  # 003: 317
    assert [q.value for q in SessionQuestion] == ["learned", "defeated", "looted"]


# --- Level Up -------------------------------------------------------------------------


@pytest.mark.parametrize(("level", "needed"), [(1, 8), (2, 9), (5, 12), (9, 16)])
def test_level_up_needs_level_plus_seven(level, needed):
    assert xp_to_level_up(level) == needed
    assert can_level_up(character(level=level, xp=needed))
    assert not can_level_up(character(level=level, xp=needed - 1))


def test_level_up_only_while_resting():
    """003: 330: "(数時間あるいは数日の)休養を取るときに" -- a rest of hours or days."""
    with pytest.raises(LevelUpNotReady, match="Ava levels up only while resting"):
        level_up(character(xp=8), "STR")
    with pytest.raises(DungeonWorldError, match="the rest"):
        level_up(character(xp=8), "STR", rest="a nap")
    assert "rests for hours" in level_up(character(xp=8), "STR", rest="hours").lines[0]


def test_level_up_refuses_too_little_xp_with_the_numbers():
    with pytest.raises(LevelUpNotReady, match="Level Up needs 9 XP at level 2; Ava has 7"):
        level_up(character(level=2, xp=7), "STR", rest="days")


def test_level_up_spends_xp_raises_level_and_a_stat():
    result = level_up(character(level=2, xp=11), "DEX", rest="days",
                      advanced_move="Multiclass Dabbler")
    ava = result.character
    assert result.move is Move.LEVEL_UP
    assert (ava.level, ava.xp, ava.score("DEX")) == (3, 2, 10)
    assert ava.moves == ("Multiclass Dabbler",)
    assert (ava.max_hp, ava.hp) == (23, 20)  # only CON moves HP
    assert result.lines[0] == ("Ava rests for days and levels up to level 3, spending 9 XP "
                               "(2 left)")
    assert "Ava's DEX rises to 10" in result.lines[1]


def test_a_higher_score_may_change_the_modifier():
    result = level_up(character(xp=8), Stat.CON, rest="days")
    assert result.character.modifier("CON") == 2
    assert "(modifier +1 -> +2)" in result.lines[1]
    assert level_up(character(xp=8), Stat.STR, rest="days").lines[1] == "Ava's STR rises to 17"


def test_raising_con_raises_max_hp_and_hp():
    ava = level_up(character(xp=8, hp=5), "CON", rest="days").character
    assert ava.score("CON") == 16
    assert (ava.max_hp, ava.hp) == (23 + HP_PER_CON_POINT, 5 + HP_PER_CON_POINT)


def test_no_stat_past_eighteen():
    capped = character(xp=8, scores=SCORES | {"STR": 18})
    with pytest.raises(DungeonWorldError, match="Ava's STR is already 18"):
        level_up(capped, "STR", rest="days")
    with pytest.raises(DungeonWorldError, match="choose one of STR"):
        level_up(character(xp=8), None, rest="days")
    maxed = character(xp=8, scores=dict.fromkeys(SCORES, 18))
    result = level_up(maxed, None, rest="days")
    assert result.character.level == 2 and "none rises" in result.lines[1]


def test_a_wizard_adds_a_spell():
    result = level_up(character(xp=8, playbook="Wizard"), "INT", rest="days", spell="Fireball")
    assert result.lines[-1] == "Ava adds the spell Fireball to the spellbook"


@given(st.integers(1, 9), st.integers(0, 20), st.sampled_from(["STR", "DEX", "INT"]))
def test_level_up_keeps_the_xp_beyond_the_threshold(level, extra, stat):
    ava = character(level=level, xp=level + 7 + extra)
    after = level_up(ava, stat, rest="days").character
    assert after.xp == extra and after.level == level + 1


def test_level_up_choice_from_plain_values():
    assert LevelUpChoice.from_value("CON") == LevelUpChoice(Stat.CON)
    choice = LevelUpChoice.from_value({"stat": "WIS", "advanced_move": "Serenity"})
    assert choice.stat is Stat.WIS and choice.as_dict()["stat"] == "WIS"
    with pytest.raises(DungeonWorldError, match="a level-up choice is a stat name"):
        LevelUpChoice.from_value({"stat": "WIS", "feat": "x"})
    with pytest.raises(DungeonWorldError, match="the stat to raise must be one of"):
        LevelUpChoice.from_value("LUCK")


# --- End of Session -------------------------------------------------------------------


def party() -> list[Character]:
    return [
        character(xp=3, bonds=[Bond("Bo", "Bo owes me"), Bond("Cy", "Cy is naive")],
                  alignment="good"),
        character(name="Bo", xp=0, bonds=[Bond("Ava", "Ava saved me")]),
        character(name="Cy", xp=7),
    ]


def test_questions_give_everyone_one_xp_each():
    result = end_of_session(party(), questions=["learned", SessionQuestion.LOOTED])
    assert [c.xp for c in result.after] == [5, 2, 9]
    assert "+2 XP each" in result.lines[0]
    assert result.lines[-1] == "Cy: 7 -> 9 XP (enough to Level Up when resting)"


def test_resolved_bond_and_alignment_give_xp():
    new = Bond("Cy", "Cy will learn the ways of the world")
    result = end_of_session(
        party(), bonds={"Ava": BondResolution(0, True, new)}, alignment=["Ava"],
        questions=["defeated"],
    )
    ava = result.after[0]
    assert ava.xp == 3 + BOND_XP + ALIGNMENT_XP + QUESTION_XP
    assert ava.bonds == (Bond("Cy", "Cy is naive"), new)
    assert "fulfilled the good alignment" in result.lines[1]


def test_a_bond_the_other_player_does_not_agree_to_stays():
    result = end_of_session(party(), bonds={"Bo": {"bond": 0, "agreed": False}})
    bo = result.after[1]
    assert bo.xp == 0 and bo.bonds == party()[1].bonds
    assert "does not agree" in result.lines[0]


def test_bond_resolution_checks():
    with pytest.raises(DungeonWorldError, match="give new_bond"):
        BondResolution(0)
    with pytest.raises(DungeonWorldError, match="only when the other player agrees"):
        BondResolution(0, False, Bond("Cy", "x"))
    with pytest.raises(DungeonWorldError, match="Bo has 1 bond"):
        end_of_session(party(), bonds={"Bo": {"bond": 3, "new_bond": {"target": "Cy",
                                                                        "text": "x"}}})
    with pytest.raises(DungeonWorldError, match="a bond resolution is"):
        end_of_session(party(), bonds={"Bo": [0]})
    assert BondResolution.from_value({"bond": 1, "agreed": False}).as_dict() == {
        "bond": 1, "agreed": False, "new_bond": None}


def test_end_of_session_names_and_questions_are_checked():
    with pytest.raises(UnknownCharacter, match="'Dee', who is not here"):
        end_of_session(party(), alignment=["Dee"])
    with pytest.raises(DungeonWorldError, match="may name each option once"):
        end_of_session(party(), questions=["learned", "learned"])
    with pytest.raises(DungeonWorldError, match="questions answered yes must be one of"):
        end_of_session(party(), questions=["survived"])
    with pytest.raises(DungeonWorldError, match="repeated: Ava"):
        end_of_session([character(), character()])


def test_end_of_session_with_nothing_gained():
    result = end_of_session(party())
    assert result.after == result.before
    assert result.lines == ("Ava: 3 -> 3 XP", "Bo: 0 -> 0 XP", "Cy: 7 -> 7 XP")

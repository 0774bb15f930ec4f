"""Dungeon World: stats, modifiers, debilities and the character sheet (003: 78-83, 336, 357)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.kit.limits import text_problem
from drawsteel_kit.systems.dungeon_world.errors import DungeonWorldError
from drawsteel_kit.systems.dungeon_world.rules.character import (
    MIN_LEVEL,
    Alignment,
    Bond,
    Character,
    Modifier,
)
from drawsteel_kit.systems.dungeon_world.rules.moves import (
    CHOSEN_STAT,
    MOVE_LINES,
    MOVE_NAMES,
    MOVE_NAMES_JA,
    MOVE_STAT,
    ROLLED_MOVES,
    UNMODIFIED_MOVES,
    Move,
)
from drawsteel_kit.systems.dungeon_world.rules.stats import (
    DEBILITY_PENALTY,
    DEBILITY_STAT,
    MODIFIER_TABLE,
    SCORE_MAX,
    SCORE_MIN,
    STATS,
    Debility,
    Stat,
    StatBlock,
    debility_for,
    stat_modifier,
)
from systems.dungeon_world.helpers import SCORES, character

# --- stats and modifiers ---------------------------------------------------------------


def test_the_six_stats_in_seed_order():
    assert [s.value for s in STATS] == ["STR", "DEX", "CON", "INT", "WIS", "CHA"]


def test_score_bounds():
    assert SCORE_MAX == 18  # 003: 336
    assert SCORE_MIN == 1


@pytest.mark.parametrize(
    ("score", "modifier"),
    [(1, -3), (2, -3), (3, -3), (4, -2), (5, -2), (6, -1), (7, -1), (8, -1), (9, 0),
     (10, 0), (11, 0), (12, 0), (13, 1), (14, 1), (15, 1), (16, 2), (17, 2), (18, 3)],
)
def test_modifier_table(score, modifier):
    assert stat_modifier(score) == modifier


def test_modifier_table_covers_every_score_once():
    covered = [s for low, high, _ in MODIFIER_TABLE for s in range(low, high + 1)]
    assert covered == list(range(SCORE_MIN, SCORE_MAX + 1))


@pytest.mark.parametrize("score", [0, 19, -1, 3.0, "12", True, None])
def test_modifier_refuses_scores_off_the_table(score):
    with pytest.raises(RulesError, match="stat score"):
        stat_modifier(score)


def test_debilities_each_weaken_one_stat():
    assert DEBILITY_PENALTY == 1
    assert dict(DEBILITY_STAT) == {
        Debility.WEAK: Stat.STR, Debility.SHAKY: Stat.DEX, Debility.SICK: Stat.CON,
        Debility.STUNNED: Stat.INT, Debility.CONFUSED: Stat.WIS, Debility.SCARRED: Stat.CHA,
    }
    assert {debility_for(s) for s in STATS} == set(Debility)
    assert debility_for("WIS") is Debility.CONFUSED


def test_a_debility_takes_one_off_its_stats_modifier_only():
    ava = character(debilities=["weak"])
    assert ava.modifier("STR") == stat_modifier(16) - DEBILITY_PENALTY == 1
    assert ava.modifier(Stat.DEX) == 0
    assert character(debilities=list(Debility)).modifier("INT") == -2


def test_stat_block_reads_by_stat_or_name_and_needs_all_six():
    block = StatBlock.from_mapping(SCORES)
    assert block[Stat.CON] == block["CON"] == 15
    assert block.as_dict() == SCORES
    with pytest.raises(RulesError, match="missing CHA"):
        StatBlock.from_mapping({k: v for k, v in SCORES.items() if k != "CHA"})
    with pytest.raises(RulesError, match="a stat name must be one of"):
        StatBlock.from_mapping(SCORES | {"LUCK": 10})
    with pytest.raises(RulesError, match="the STR score must be 1 to 18, got 19"):
        StatBlock.from_mapping(SCORES | {"STR": 19})
    assert block.raised(Stat.STR, 2)[Stat.STR] == SCORE_MAX
    with pytest.raises(RulesError, match="the STR score must be 1 to 18, got 19"):
        block.raised(Stat.STR, 3)
    with pytest.raises(RulesError, match="scores must map"):
        StatBlock.from_mapping([16, 9])


# --- the move catalog -----------------------------------------------------------------


def test_every_move_has_names_and_lines():
    assert set(MOVE_NAMES) == set(MOVE_NAMES_JA) == set(MOVE_LINES) == set(Move)
    assert MOVE_NAMES_JA[Move.BOLSTER] == "増強"
    assert MOVE_LINES[Move.MAKE_CAMP] == (282, 288)
    assert all(first <= last <= 387 for first, last in MOVE_LINES.values())


def test_what_each_rolled_move_adds():
    assert MOVE_STAT[Move.HACK_AND_SLASH] is Stat.STR  # 003: 16
    assert MOVE_STAT[Move.VOLLEY] is Stat.DEX  # 003: 49
    assert MOVE_STAT[Move.DEFEND] is Stat.CON  # 003: 114
    assert MOVE_STAT[Move.SPOUT_LORE] is Stat.INT  # 003: 151
    assert MOVE_STAT[Move.DISCERN_REALITIES] is Stat.WIS  # 003: 178
    assert MOVE_STAT[Move.PARLEY] is Stat.CHA  # 003: 209
    assert MOVE_STAT[Move.TAKE_WATCH] is Stat.WIS  # 003: 293
    assert MOVE_STAT[Move.PERILOUS_JOURNEY] is Stat.WIS  # 003: 298
    assert MOVE_STAT[Move.SUPPLY] is Stat.CHA  # 003: 352
    assert MOVE_STAT[Move.OUTSTANDING_WARRANTS] is Stat.CHA  # 003: 374
    assert MOVE_STAT[Move.DEFY_DANGER] == CHOSEN_STAT  # 003: 76-83
    for move in (Move.CAROUSE, Move.RECRUIT, Move.AID_OR_INTERFERE, Move.LAST_BREATH):
        assert MOVE_STAT[move] is None
    assert {Move.LAST_BREATH} == UNMODIFIED_MOVES  # 003: 257
    for unrolled in (Move.MAKE_CAMP, Move.END_OF_SESSION, Move.LEVEL_UP, Move.RECOVER,
                     Move.BOLSTER):
        assert unrolled not in ROLLED_MOVES


# --- the character sheet --------------------------------------------------------------


def test_a_character_normalises_plain_values():
    ava = character(
        alignment="good", debilities=["sick", "weak"], bonds=[{"target": "Bo", "text": "x"}],
        forward=[{"amount": -1, "move": "recruit"}], moves=["Bend Bars"],
    )
    assert ava.alignment is Alignment.GOOD
    assert ava.debilities == (Debility.WEAK, Debility.SICK)  # the book's order
    assert ava.bonds == (Bond("Bo", "x"),)
    assert ava.forward == (Modifier(-1, Move.RECRUIT),)
    assert ava.moves == ("Bend Bars",)
    assert ava.level == MIN_LEVEL == 1
    assert ava.damage == 3


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "name must be non-empty text"),
        ({"level": 0}, "Ava's level must be 1 or more, got 0"),
        ({"hp": 24}, "Ava's hp must be 0 to 23, got 24"),
        ({"hp": -1}, "Ava's hp must be 0 to 23"),
        ({"max_hp": 0, "hp": 0}, "Ava's max_hp must be 1 or more"),
        ({"xp": -1}, "Ava's xp must be 0 or more"),
        ({"coin": 1.5}, "Ava's coin must be a whole number"),
        ({"rations": -2}, "Ava's rations must be 0 or more"),
        ({"preparation": True}, "Ava's preparation must be a whole number"),
        ({"alignment": "chaotic good"}, "alignment must be one of 'good'"),
        ({"debilities": ["weak", "weak"]}, "may name each option once"),
        ({"debilities": "weak"}, "debilities must be a list"),
        ({"debilities": ["tired"]}, "debilities must be one of 'weak'"),
        ({"bonds": [{"target": "Bo"}]}, "a bond needs exactly 'target' and 'text'"),
        ({"forward": [{"amount": 0}]}, "must not be 0"),
        ({"ongoing": [{"amount": 1, "move": "nap"}]}, "a modifier's move must be one of"),
        ({"moves": [""]}, "moves must be non-empty text"),
        ({"scores": {"STR": 10}}, "scores must give all six stats"),
    ],
)
def test_a_character_refuses_values_outside_the_rules(changes, message):
    with pytest.raises(DungeonWorldError, match=message):
        character(**changes)


def test_small_sheet_changes():
    ava = character()
    ava = ava.with_forward(Modifier(1, source="Take Watch")).with_debility("scarred")
    assert ava.forward[0].amount == 1 and ava.debilities == (Debility.SCARRED,)
    with pytest.raises(DungeonWorldError, match="already scarred"):
        ava.with_debility(Debility.SCARRED)
    heavy = ava.with_ongoing(Modifier(-1, source="Encumbrance"))
    assert heavy.without_ongoing("Encumbrance").ongoing == ()
    with pytest.raises(DungeonWorldError, match="no ongoing modifier from 'Fog'"):
        heavy.without_ongoing("Fog")


def test_modifier_scope():
    assert Modifier(1).applies_to(Move.CAROUSE)
    assert Modifier(-1, Move.RECRUIT).applies_to(Move.RECRUIT)
    assert not Modifier(-1, Move.RECRUIT).applies_to(Move.CAROUSE)


def test_from_dict_names_unknown_and_missing_fields():
    with pytest.raises(DungeonWorldError, match="unknown character field"):
        Character.from_dict(character().as_dict() | {"mana": 3})
    with pytest.raises(DungeonWorldError, match="a character needs hp"):
        Character.from_dict({"name": "Ava", "scores": SCORES, "max_hp": 3})
    with pytest.raises(DungeonWorldError, match="must be a mapping"):
        Character.from_dict(["Ava"])
    with pytest.raises(DungeonWorldError, match="a modifier needs 'amount'"):
        Modifier.from_dict({"amount": 1, "until": "dawn"})


# --- plain form round trip ------------------------------------------------------------

names = st.text(alphabet="abcdefghij ", min_size=1, max_size=8).filter(str.strip)
modifiers = st.builds(
    Modifier,
    amount=st.integers(-3, 3).filter(bool),
    move=st.none() | st.sampled_from(list(Move)),
    # a source the checks accept (no invisible formatting, no look-alike alphabets mixed):
    # this round trip is about JSON, not about what a source may hold
    source=st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=6).filter(
        lambda text: text_problem(text) is None),
)


@st.composite
def characters(draw) -> Character:
    max_hp = draw(st.integers(1, 40))
    return Character(
        name=draw(names),
        scores={s.value: draw(st.integers(SCORE_MIN, SCORE_MAX)) for s in STATS},
        max_hp=max_hp,
        hp=draw(st.integers(0, max_hp)),
        playbook=draw(st.sampled_from(["", "Fighter", "Wizard"])),
        level=draw(st.integers(1, 10)),
        xp=draw(st.integers(0, 30)),
        coin=draw(st.integers(0, 1000)),
        rations=draw(st.integers(0, 10)),
        alignment=draw(st.sampled_from(list(Alignment))),
        bonds=draw(st.lists(st.builds(Bond, target=names, text=names), max_size=3)),
        debilities=draw(st.lists(st.sampled_from(list(Debility)), unique=True)),
        preparation=draw(st.integers(0, 5)),
        forward=draw(st.lists(modifiers, max_size=3)),
        ongoing=draw(st.lists(modifiers, max_size=2)),
        moves=draw(st.lists(names, max_size=3)),
        gear=draw(st.lists(names, max_size=3)),
    )


@given(characters())
def test_a_character_survives_json(ava):
    plain = ava.as_dict()
    assert Character.from_dict(json.loads(json.dumps(plain))) == ava
    assert Character.from_dict(ava) is ava

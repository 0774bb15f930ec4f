"""Where seed 004 says "may", the player chooses: keeping the better roll after a reroll
(004: 160), the +1 of a chain combo (004: 145) and of a counter (004: 150). Through the
rules, the book and the command line; the default takes what the text allows."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run
from conftest import refused

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.condition_sheet.rules import (
    Check,
    ConditionSheetError,
    kept_roll,
    new_battle,
    new_character,
    reroll_check,
    reroll_initiative,
    roll_check,
    start_round,
)
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from systems.condition_sheet.helpers import fight


def duel():
    return new_battle([new_character("Ava", "pc", cast=2, guard=1, mana=3),
                       new_character("Imp", "gm", cast=1, guard=1, fixed_initiative=7)])


# -- keeping a reroll (004: 160) -----------------------------------------------------------
@pytest.mark.parametrize(("old", "new", "keep", "kept"), [
    ((5, 4), (1, 2), "better", (5, 4)),
    ((5, 4), (1, 2), "new", (1, 2)),        # the "may" declined: the reroll stands
    ((5, 4), (1, 2), "old", (5, 4)),
    ((1, 2), (5, 4), "better", (5, 4)),
    ((1, 2), (5, 4), "new", (5, 4)),
    ((6, 6, 1), (5, 5, 5), "old", (6, 6, 1)),  # lucky, though the new total is higher
    ((6, 6, 1), (5, 5, 5), "new", (5, 5, 5)),
])
def test_the_player_chooses_which_roll_stays(old, new, keep, kept) -> None:
    """004: 160 - the better roll MAY be kept, even when success or failure is unchanged."""
    prep = "Wards" if len(old) == 3 else None
    a = Check("Ava", "cast", old, 2, preparation=prep)
    b = Check("Ava", "cast", new, 2, preparation=prep)
    assert kept_roll(a, b, keep).faces == kept


def test_the_old_roll_is_kept_only_when_it_is_better_in_some_way() -> None:
    """004: 160 - it is the better roll that may be kept."""
    with pytest.raises(ConditionSheetError, match="as good as the old one in every way"):
        kept_roll(Check("Ava", "cast", (1, 2), 2), Check("Ava", "cast", (5, 4), 2), "old")
    with pytest.raises(ConditionSheetError, match="keep one of better, new, old"):
        kept_roll(Check("Ava", "cast", (1, 2), 2), Check("Ava", "cast", (5, 4), 2), "best")


def test_a_reroll_declining_the_better_roll() -> None:
    """004: 160 - the reroll is paid either way; the line says which roll stays."""
    first = roll_check(duel(), ScriptedDice([5, 4]), "Ava", "cast")
    down = reroll_check(first.state, ScriptedDice([1, 2]), first.check, keep="new")
    assert down.check.faces == (1, 2) and down.check.rerolls == 1
    assert down.state.get("Ava").mana == 2 and "keeps the new roll, 5 (1+2 +2)" in down.lines[0]
    with pytest.raises(ConditionSheetError, match="keep one of"):
        reroll_check(first.state, ScriptedDice([1, 2]), first.check, keep="worse")


def test_an_initiative_reroll_may_keep_the_new_or_the_old() -> None:
    """004: 47, 160 - initiative is a check rerolled with mana too."""
    battle = start_round(duel(), ScriptedDice([5, 5])).state
    assert dict(reroll_initiative(battle, ScriptedDice([1, 1]), "Ava", keep="new")
                .state.initiative)["Ava"] == 2
    assert dict(reroll_initiative(battle, ScriptedDice([1, 1]), "Ava", keep="old")
                .state.initiative)["Ava"] == 10
    with pytest.raises(ConditionSheetError, match="the old one is kept only when it is higher"):
        reroll_initiative(battle, ScriptedDice([6, 5]), "Ava", keep="old")


# -- through the book and the command line -------------------------------------------------
def test_the_book_keeps_the_roll_the_player_names(camp: Campaign) -> None:
    """004: 160 - `keep` through the book; a bad choice writes nothing."""
    cs = camp.condition_sheet
    fight(camp)
    cs.roll_check(None, "Ava", "cast", typed=[5, 4])
    h = cs.reroll_check(None, "Ava", "cast", keep="new", typed=[1, 2])
    assert "keeps the new roll, 5 (1+2 +2)" in h.summary
    (waiting,) = cs.battle().checks
    assert waiting.faces == (1, 2)
    with refused(camp, ConditionSheetError, "keep one of better, new, old"):
        cs.reroll_check(None, "Ava", "cast", keep="mine", typed=[3, 3])


def test_a_chain_combo_may_decline_its_plus_one(camp: Campaign) -> None:
    """004: 145 - "may add 1": declined, the cast is the dice and cast alone."""
    cs = camp.condition_sheet
    fight(camp)
    cs.attack(None, "Ava", ["Imp"], "damage", typed=[4, 3])
    h = cs.chain_combo(None, "Bram", "Ava", "damage", bonus=False, typed=[2, 1])
    assert "Bram chains onto Ava's attack (1 mana), without the +1 to the cast." in h.summary
    assert "Bram attacks Imp: cast 4 (2+1 +1)." in h.summary
    assert "Imp guards 5: the attack fails." in h.summary     # with the +1 it would hit
    assert cs.battle().state.get("Imp").sheet.damage == 1


def test_a_counter_may_decline_its_plus_one(camp: Campaign) -> None:
    """004: 150 - "may add 1" to the counter's cast."""
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava", "Bram", "Cleo"], foes=["Warden", "Imp"])
    cs.start_round(typed=[6, 6, 5, 5, 1, 1])                 # the Warden's 7 before Cleo's 2
    cs.settle_order()
    for who in ("Ava", "Bram"):
        cs.pass_turn(None, who)
    cs.attack(None, "Warden", ["Cleo"], "damage", typed=[4, 4, 1, 2])
    h = cs.counter(None, "Cleo", "damage", bonus=False, typed=[3, 2])
    assert "Cleo counters Warden (1 mana), without the +1 to the cast." in h.summary
    assert "Cleo attacks Warden: cast 8 (3+2 +3)." in h.summary


def test_the_commands_take_the_choices(folder: Path) -> None:
    """004: 145, 150, 160 - --keep, --no-bonus; the default still takes what is allowed."""
    run("sheet", "battle", "new", folder, "Gate", "--with", "Ava,Bram", "--foe", "Imp")
    run("sheet", "round", folder, "--dice", "1,1,5,5")       # Bram 10, Imp 5, Ava 2
    out = run("sheet", "check", folder, "Ava", "initiative", "--reroll", "--keep", "old",
              "--dice", "1,1", ok=False)
    assert "Error: the new initiative, 2, is at least the old one, 2" in out
    out = run("sheet", "check", folder, "Ava", "initiative", "--reroll", "--keep", "new",
              "--dice", "1,2")
    assert "keeps 3" in out
    out = run("sheet", "check", folder, "Ava", "initiative", ok=False)
    assert out.startswith("Error: initiative is rolled for everyone by `drawsteel-kit sheet")
    run("sheet", "order", folder)                             # Bram 10, Imp 5, Ava 3
    run("sheet", "check", folder, "Bram", "cast", "--dice", "6,5")
    out = run("sheet", "check", folder, "Bram", "cast", "--reroll", "--keep", "new",
              "--dice", "2,1")
    assert "keeps the new roll, 4 (2+1 +1)" in out
    out = run("sheet", "attack", folder, "Bram", "Imp", "damage")
    assert "Bram attacks Imp: cast 4 (2+1 +1)." in out and "the attack fails" in out
    run("sheet", "attack", folder, "Imp", "Ava", "damage", "--dice", "1,1")  # Imp's 6 hits 3
    out = run("sheet", "counter", folder, "Ava", "damage", "--no-bonus", "--dice", "1,2")
    assert "without the +1 to the cast" in out and "cast 5 (1+2 +2)" in out

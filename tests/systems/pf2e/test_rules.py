"""Pathfinder 2e encounter tracking: roster and initiative (seed 002: 36-51, 72-76)."""

from __future__ import annotations

import pytest

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.kit.errors import DiceExhausted, RulesError
from drawsteel_kit.systems.pf2e.rules import (
    ACTIONS_PER_TURN,
    DEFAULT_INITIATIVE_SKILL,
    INITIATIVE_DIE,
    REACTIONS_PER_TURN,
    READY_ACTIONS,
    ROUND_SECONDS,
    Encounter,
    PcTieUnresolved,
    Pf2eError,
    add_combatant,
    defeat,
    identify,
    initiative_order,
    new_encounter,
    player_view,
    remove,
    roll_initiative,
)


def build(*specs: tuple) -> Encounter:
    """An encounter from (name, side, modifier, extra kwargs) tuples."""
    enc = new_encounter("Bridge")
    for name, side, mod, *extra in specs:
        enc = add_combatant(enc, name, side, initiative_modifier=mod,
                            **(extra[0] if extra else {})).state
    return enc


def test_the_books_numbers():
    assert ROUND_SECONDS == 6  # 002: 37
    assert (ACTIONS_PER_TURN, REACTIONS_PER_TURN) == (3, 1)  # 002: 61
    assert READY_ACTIONS == 2  # 002: 14, 102
    assert DEFAULT_INITIATIVE_SKILL == "Perception"  # 002: 42
    assert INITIATIVE_DIE == 20


# --- rolling ------------------------------------------------------------------------------


def test_initiative_is_d20_plus_modifier_highest_first():
    enc = build(("Ava", "pc", 7), ("Bram", "pc", 2), ("Ogre", "enemy", 4))
    result = roll_initiative(enc, ScriptedDice([5, 18, 9]))
    assert result.faces == (5, 18, 9)
    assert [result.state.get(n).initiative for n in ("Ava", "Bram", "Ogre")] == [12, 20, 13]
    assert result.state.get("Bram").initiative_face == 18
    assert result.state.order == ("Bram", "Ogre", "Ava")  # 002: 44
    assert "Ava rolls Perception for initiative: d20 5 +7 = 12." in result.lines
    assert "Initiative order: Bram (20), Ogre (13), Ava (12)." in result.lines


def test_seeded_initiative_is_reproducible():
    enc = build(("Ava", "pc", 7), ("Ogre", "enemy", 4))
    one, two = roll_initiative(enc, SeededDice(3)), roll_initiative(enc, SeededDice(3))
    assert one.state == two.state and one.faces == two.faces
    assert all(1 <= f <= 20 for f in one.faces)


def test_typed_in_results_roll_no_dice():
    enc = build(("Ava", "pc", 7), ("Ogre", "enemy", 4))
    result = roll_initiative(enc, ScriptedDice([]), results={"Ava": 21, "Ogre": 9})
    assert result.faces == ()
    assert result.state.order == ("Ava", "Ogre")
    assert result.state.get("Ava").initiative_face is None
    assert "Ava rolls Perception for initiative: 21 (typed in)." in result.lines


def test_typed_in_and_rolled_mix():
    enc = build(("Ava", "pc", 7), ("Ogre", "enemy", 4))
    result = roll_initiative(enc, ScriptedDice([10]), results={"Ava": 3})
    assert result.state.order == ("Ogre", "Ava")
    assert result.faces == (10,)


def test_gm_may_call_for_another_skill():
    enc = build(("Ava", "pc", 7), ("Ogre", "enemy", 4))
    result = roll_initiative(enc, ScriptedDice([10, 10]), checks={"Ava": ("Stealth", 9)})
    assert result.state.get("Ava").initiative == 19  # 002: 42
    assert "Ava rolls Stealth for initiative: d20 10 +9 = 19." in result.lines


def test_initiative_is_not_rolled_again():
    enc = roll_initiative(build(("Ava", "pc", 7)), ScriptedDice([10])).state
    with pytest.raises(Pf2eError, match=r"not rolled again.*Begin the Next Round"):
        roll_initiative(enc, ScriptedDice([10]))
    with pytest.raises(Pf2eError, match="add combatants before rolling"):
        add_combatant(enc, "Late", "enemy")


def test_rolling_an_empty_encounter_is_refused():
    with pytest.raises(Pf2eError, match="nobody in it yet"):
        roll_initiative(new_encounter("Empty"), ScriptedDice([1]))


def test_typed_in_dice_must_fit_a_d20_and_be_enough():
    enc = build(("Ava", "pc", 7), ("Ogre", "enemy", 4))
    with pytest.raises(RulesError, match="cannot come from a d20"):
        roll_initiative(enc, ScriptedDice([21, 3]))
    with pytest.raises(DiceExhausted):
        roll_initiative(enc, ScriptedDice([3]))


@pytest.mark.parametrize("key", ["Nobody", "Goblin 1"])
def test_results_for_someone_who_does_not_roll_are_refused(key):
    enc = build(("Ava", "pc", 7), ("Goblin 1", "enemy", 2, {"group": "Goblins"}))
    with pytest.raises(Pf2eError, match="does not roll initiative") as err:
        roll_initiative(enc, ScriptedDice([1, 1]), results={key: 10})
    if key == "Goblin 1":
        assert "group 'Goblins'" in str(err.value)


# --- ties ---------------------------------------------------------------------------------


def test_enemy_acts_before_pc_on_a_tie():
    # Ava is added first and has the better modifier: the enemy still goes first (002: 45).
    enc = build(("Ava", "pc", 9), ("Ogre", "enemy", 1))
    result = roll_initiative(enc, ScriptedDice([8, 16]))
    assert result.state.order == ("Ogre", "Ava")
    assert "Tie at 17 (Ogre, Ava): enemies act before PCs." in result.lines


def test_unresolved_pc_tie_is_refused_clearly_and_can_be_resumed():
    enc = build(("Ava", "pc", 7), ("Bram", "pc", 5), ("Ogre", "enemy", 0))
    with pytest.raises(PcTieUnresolved, match=r"Ava and Bram tied at 17.*tie order") as err:
        roll_initiative(enc, ScriptedDice([10, 12, 3]))
    assert err.value.tied == ("Ava", "Bram")
    assert err.value.results == {"Ava": 17, "Bram": 17, "Ogre": 3}
    resumed = roll_initiative(enc, ScriptedDice([]), results=err.value.results,
                              tie_order=["Bram", "Ava"])
    assert resumed.state.order == ("Bram", "Ava", "Ogre")
    assert "PCs tied at 17 chose their order: Bram then Ava." in resumed.lines


@pytest.mark.parametrize("choice", [["Ava", "Bram"], ["Bram", "Ava"]])
def test_pcs_choose_their_order(choice):
    enc = build(("Ava", "pc", 7), ("Bram", "pc", 5))
    assert roll_initiative(enc, ScriptedDice([10, 12]), tie_order=choice).state.order == tuple(
        choice)


def test_a_partial_pc_choice_is_refused():
    enc = build(("Ava", "pc", 0), ("Bram", "pc", 0), ("Cy", "pc", 0))
    with pytest.raises(PcTieUnresolved, match="Ava and Bram and Cy"):
        roll_initiative(enc, ScriptedDice([9, 9, 9]), tie_order=["Cy", "Ava"])


def test_tied_enemies_go_as_added_unless_the_gm_orders_them():
    enc = build(("Ogre", "enemy", 0), ("Wolf", "enemy", 0))
    assert roll_initiative(enc, ScriptedDice([9, 9])).state.order == ("Ogre", "Wolf")
    assert roll_initiative(enc, ScriptedDice([9, 9]), tie_order=["Wolf"]).state.order == (
        "Wolf", "Ogre")


@pytest.mark.parametrize(("tie_order", "message"), [
    (["Nobody"], "not in the initiative order"),
    (["Ava", "Ava"], "twice"),
    ("Ava", "list of names"),
])
def test_bad_tie_orders_are_refused(tie_order, message):
    enc = build(("Ava", "pc", 0), ("Ogre", "enemy", 0))
    with pytest.raises(Pf2eError, match=message):
        roll_initiative(enc, ScriptedDice([9, 9]), tie_order=tie_order)


def test_initiative_order_needs_results():
    with pytest.raises(Pf2eError, match="roll initiative first"):
        initiative_order(build(("Ava", "pc", 0)).combatants)


# --- groups -------------------------------------------------------------------------------


def goblins() -> Encounter:
    return build(("Goblin 1", "enemy", 2, {"group": "Goblins"}), ("Ava", "pc", 5),
                 ("Goblin 2", "enemy", 2, {"group": "Goblins"}), ("Ogre", "enemy", 1))


def test_a_group_rolls_once_and_acts_together():
    result = roll_initiative(goblins(), ScriptedDice([10, 4, 11]))  # Goblins, Ava, Ogre
    assert result.faces == (10, 4, 11)
    assert result.state.get("Goblin 1").initiative == result.state.get("Goblin 2").initiative == 12
    assert result.state.order == ("Goblin 1", "Goblin 2", "Ogre", "Ava")
    assert ("Goblin 1, Goblin 2 roll Perception for initiative as one group: d20 10 +2 = 12."
            in result.lines)


def test_a_group_keeps_together_on_a_tie_and_the_gm_may_reorder_it():
    # Ogre and the goblins all at 12: group members stay together, in the order added.
    enc = goblins()
    assert roll_initiative(enc, ScriptedDice([10, 4, 11])).state.order[:2] == (
        "Goblin 1", "Goblin 2")
    tied = roll_initiative(enc, ScriptedDice([10, 4, 11]), results={"Ogre": 12})
    assert tied.state.order == ("Goblin 1", "Goblin 2", "Ogre", "Ava")
    chosen = roll_initiative(enc, ScriptedDice([10, 4]), results={"Ogre": 12},
                             tie_order=["Goblin 2", "Ogre", "Goblin 1"])
    assert chosen.state.order == ("Goblin 2", "Ogre", "Goblin 1", "Ava")


def test_group_typed_in_by_group_name():
    result = roll_initiative(goblins(), ScriptedDice([4, 11]), results={"Goblins": 30})
    assert result.state.order[:2] == ("Goblin 1", "Goblin 2")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"initiative_modifier": 3, "group": "Goblins"}, "identical creatures"),
    ({"initiative_modifier": 2, "group": "Goblins", "initiative_skill": "Stealth"},
     "identical creatures"),
])
def test_a_group_is_for_identical_creatures(kwargs, message):
    enc = build(("Goblin 1", "enemy", 2, {"group": "Goblins"}))
    with pytest.raises(Pf2eError, match=message):
        add_combatant(enc, "Goblin 2", "enemy", **kwargs)


def test_pcs_roll_for_themselves_and_know_their_names():
    enc = new_encounter("Bridge")
    with pytest.raises(Pf2eError, match="is a PC"):
        add_combatant(enc, "Ava", "pc", group="Heroes")
    with pytest.raises(Pf2eError, match="is a PC"):
        add_combatant(enc, "Ava", "pc", shown_as="Someone")


@pytest.mark.parametrize(("name", "side", "kwargs", "message"), [
    ("Ava", "pc", {}, "unique"),
    ("Bo", "npc", {}, "side must be"),
    (" Bo", "pc", {}, "non-empty text"),
    ("", "pc", {}, "non-empty text"),
    ("Bo", "pc", {"initiative_modifier": 1.5}, "whole number"),
    ("Bo", "pc", {"initiative_modifier": True}, "whole number"),
    ("Orc", "enemy", {"shown_as": "Ava"}, "not a real name"),
    ("Orc", "enemy", {"group": "Ava"}, "also a combatant's name"),
])
def test_bad_combatants_are_refused(name, side, kwargs, message):
    enc = build(("Ava", "pc", 1))
    with pytest.raises(Pf2eError, match=message):
        add_combatant(enc, name, side, **kwargs)


# --- hidden names, identify, defeat -------------------------------------------------------


def hidden() -> Encounter:
    enc = build(("Ava", "pc", 7), ("Wraith", "enemy", 4, {"shown_as": "Shadowy figure"}))
    return roll_initiative(enc, ScriptedDice([10, 10])).state


def test_players_see_shown_names_until_identified():
    enc = build(("Ava", "pc", 7))
    added = add_combatant(enc, "Wraith", "enemy", initiative_modifier=4,
                          shown_as="Shadowy figure")
    assert "Shadowy figure joins Bridge (enemy)." in added.player_lines
    assert not any("Wraith" in line for line in added.player_lines)
    assert any("Wraith" in line for line in added.lines)
    rolled = roll_initiative(added.state, ScriptedDice([10, 10]))
    assert "Shadowy figure rolls initiative: 14." in rolled.player_lines
    assert "Initiative order: Ava (17), Shadowy figure (14)." in rolled.player_lines
    assert player_view(rolled.state).order == ("Ava", "Shadowy figure")


def test_identifying_reveals_the_name():
    result = identify(hidden(), "Wraith")
    assert result.player_lines == ("Shadowy figure is identified: it is Wraith.",)
    assert player_view(result.state).order == ("Ava", "Wraith")
    with pytest.raises(Pf2eError, match="not hidden"):
        identify(result.state, "Wraith")
    with pytest.raises(Pf2eError, match="not hidden"):
        identify(result.state, "Ava")


def test_player_view_shows_no_modifiers():
    view = player_view(hidden()).as_dict()
    assert view == {"encounter": "Bridge", "round": 0, "order": ["Ava", "Shadowy figure"],
                    "acting": None, "delaying": [], "out": []}


def test_unknown_names_are_refused_with_the_known_ones():
    with pytest.raises(Pf2eError, match=r"no combatant called 'Bob'.*known: Ava, Wraith"):
        defeat(hidden(), "Bob")


def test_defeated_and_removed_leave_the_order():
    enc = defeat(hidden(), "Wraith").state
    assert enc.order == ("Ava",)
    assert enc.get("Wraith").status == "defeated"
    assert player_view(enc).out == ("Shadowy figure",)
    with pytest.raises(Pf2eError, match="already defeated"):
        defeat(enc, "Wraith")
    gone = remove(enc, "Ava").state
    assert gone.order == () and gone.get("Ava").status == "removed"

"""Pathfinder 2e encounter tracking: rounds, turns, Delay, Ready, the record (seed 002)."""

from __future__ import annotations

import json

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.dice import ScriptedDice, SeededDice
from drawsteel_kit.systems.pf2e.rules import (
    Encounter,
    EncounterResult,
    Pf2eError,
    add_combatant,
    add_effect,
    add_persistent,
    defeat,
    delay,
    end_encounter,
    end_persistent,
    end_turn,
    identify,
    new_encounter,
    player_view,
    ready,
    remove,
    remove_effect,
    return_from_delay,
    roll_initiative,
    set_dying,
    start_turn,
    use_actions,
    use_reaction,
    use_readied,
)


def fight() -> Encounter:
    """Ava 20, Ogre 15, Bram 10: that order."""
    enc = new_encounter("Bridge")
    for name, side in (("Ava", "pc"), ("Ogre", "enemy"), ("Bram", "pc")):
        enc = add_combatant(enc, name, side).state
    return roll_initiative(enc, ScriptedDice([]),
                           results={"Ava": 20, "Ogre": 15, "Bram": 10}).state


def turn(enc: Encounter, **kwargs) -> Encounter:
    """End the current turn if one runs, then start the next."""
    if enc.in_turn:
        enc = end_turn(enc).state
    return start_turn(enc, **kwargs).state


def turns(enc: Encounter, count: int) -> Encounter:
    for _ in range(count):
        enc = turn(enc)
    return enc


# --- rounds -------------------------------------------------------------------------------


def test_rounds_run_in_the_same_order():
    enc = fight()
    seen = []
    for _ in range(6):
        enc = turn(enc)
        seen.append((enc.round, enc.current))
    assert seen == [(1, "Ava"), (1, "Ogre"), (1, "Bram"), (2, "Ava"), (2, "Ogre"), (2, "Bram")]


def test_a_round_begins_with_the_highest():
    first = start_turn(fight())
    assert first.lines[:2] == ("Round 1 begins.", "Ava's turn (round 1).")
    enc = turns(fight(), 3)
    nxt = start_turn(end_turn(enc).state)
    assert nxt.lines[0] == "Round 2 begins."


def test_turn_steps_out_of_order_are_refused():
    with pytest.raises(Pf2eError, match="roll initiative first"):
        start_turn(add_combatant(new_encounter("E"), "Ava", "pc").state)
    enc = start_turn(fight()).state
    with pytest.raises(Pf2eError, match="still Ava's turn"):
        start_turn(enc)
    with pytest.raises(Pf2eError, match="no turn is in progress"):
        end_turn(end_turn(enc).state)


# --- start of turn: actions, reaction, durations -------------------------------------------


def test_start_of_turn_gives_three_actions_and_one_reaction():
    result = start_turn(fight())
    ava = result.state.get("Ava")
    assert (ava.actions, ava.reaction, ava.turns_taken) == (3, True, 1)
    assert "Ava has 3 actions and 1 reaction." in result.lines


@pytest.mark.parametrize(("adjustment", "actions"), [(1, 4), (-1, 2), (-3, 0), (-5, 0)])
def test_conditions_change_the_actions_regained(adjustment, actions):
    assert start_turn(fight(), action_adjustment=adjustment).state.get("Ava").actions == actions


def test_a_creature_that_cannot_act_regains_nothing():
    result = start_turn(fight(), can_act=False)
    ava = result.state.get("Ava")
    assert (ava.actions, ava.reaction) == (0, False)  # 002: 61
    assert "Ava cannot act: no actions and no reaction this turn." in result.lines


def test_a_creature_can_react_before_its_first_turn():
    enc = start_turn(fight()).state
    assert enc.get("Bram").reaction is True  # from the moment initiative is rolled
    enc = use_reaction(enc, "Bram", "Attack of Opportunity").state
    with pytest.raises(Pf2eError, match="no reaction left"):
        use_reaction(enc, "Bram")
    assert turns(enc, 2).get("Bram").reaction is True  # Bram's own turn gives it back


def test_reactions_are_not_saved_up():
    enc = start_turn(fight()).state
    enc = turns(enc, 3)  # Ava's turn again, reaction unused
    assert enc.get("Ava").reaction is True
    enc = use_reaction(enc, "Ava", "Shield Block").state
    with pytest.raises(Pf2eError, match="no reaction left"):
        use_reaction(enc, "Ava")
    enc = turns(enc, 3)
    assert enc.get("Ava").reaction is True


def test_a_reaction_on_anothers_turn():
    enc = turns(fight(), 3)  # Bram's turn; Ava's reaction from her turn
    result = use_reaction(enc, "Ava", "Attack of Opportunity")
    assert result.lines == ("Ava uses its reaction: Attack of Opportunity.",)
    assert result.state.get("Ava").reaction is False


def test_the_books_three_round_spell():
    # Cast on the first turn: 2 left at the 2nd turn, 1 at the 3rd, gone at the 4th (002: 56).
    enc = start_turn(fight()).state
    enc = add_effect(enc, "Ava", "Heroism", 3, on="Bram").state
    left = []
    for _ in range(3):
        enc = turns(enc, 3)
        effects = enc.get("Ava").effects
        left.append(effects[0].rounds if effects else 0)
    assert left == [2, 1, 0]
    enc = turns(enc, 2)
    assert enc.get("Ava").effects == ()


def test_durations_tick_only_on_the_holders_turn():
    enc = add_effect(start_turn(fight()).state, "Bram", "Bless", 2).state
    enc = turns(enc, 2)  # Ogre, then Bram's turn starts
    assert enc.get("Bram").effects[0].rounds == 1


def test_an_effect_ending_with_the_turn():
    enc = start_turn(fight()).state
    enc = add_effect(enc, "Ava", "Frightened", 2, ticks="end").state
    first = end_turn(enc)
    assert "Ava's Frightened: 1 more." in first.lines  # 002: 68
    second = end_turn(turns(first.state, 3))
    assert "Ava's Frightened ends." in second.lines
    assert second.state.get("Ava").effects == ()


def test_effects_are_validated_and_can_be_ended():
    enc = start_turn(fight()).state
    with pytest.raises(Pf2eError, match="1 or more"):
        add_effect(enc, "Ava", "Bless", 0)
    with pytest.raises(Pf2eError, match="'start' or 'end'"):
        add_effect(enc, "Ava", "Bless", 2, ticks="middle")
    with pytest.raises(Pf2eError, match="no combatant called"):
        add_effect(enc, "Ava", "Bless", 2, on="Zed")
    enc = add_effect(enc, "Ava", "Bless", 2).state
    with pytest.raises(Pf2eError, match="already tracks Bless"):
        add_effect(enc, "Ava", "Bless", 2)
    enc = remove_effect(enc, "Ava", "Bless").state
    with pytest.raises(Pf2eError, match="no effect called 'Bless'"):
        remove_effect(enc, "Ava", "Bless")


def test_a_dying_creature_is_reminded_of_its_recovery_check():
    enc = set_dying(fight(), "Ava").state
    assert "Ava is dying: roll a recovery check." in start_turn(enc).lines  # 002: 58
    with pytest.raises(Pf2eError, match="already dying"):
        set_dying(enc, "Ava")
    assert not set_dying(enc, "Ava", False).state.get("Ava").dying


# --- actions and end of turn --------------------------------------------------------------


def test_spending_actions():
    enc = start_turn(fight()).state
    result = use_actions(enc, 2, "Stride, Strike")
    assert result.lines == ("Ava uses 2 actions: Stride, Strike (1 left).",)
    with pytest.raises(Pf2eError, match="1 action left, not 2"):
        use_actions(result.state, 2, "Strike twice")
    with pytest.raises(Pf2eError, match="1 or more"):
        use_actions(result.state, 0)


def test_the_turn_ends_when_the_actions_run_out():
    result = use_actions(start_turn(fight()).state, 3, "Strike x3")
    assert not result.state.in_turn  # 002: 65
    assert result.lines[-1] == "Ava's turn ends."


def test_end_of_turn_loses_actions_and_keeps_the_reaction():
    enc = end_turn(start_turn(fight()).state).state
    assert (enc.get("Ava").actions, enc.get("Ava").reaction) == (0, True)  # 002: 65


def test_persistent_damage_is_a_reminder_at_the_end_of_turn():
    enc = add_persistent(start_turn(fight()).state, "Ava", "1d6", "fire").state
    result = end_turn(enc)
    assert ("Ava takes 1d6 persistent fire damage, then attempts a flat check to end it."
            in result.lines)  # 002: 69
    with pytest.raises(Pf2eError, match="already has persistent fire damage"):
        add_persistent(enc, "Ava", "2d6", "fire")
    ended = end_persistent(result.state, "Ava", "fire").state
    assert ended.get("Ava").persistent == ()
    with pytest.raises(Pf2eError, match="no persistent 'fire' damage"):
        end_persistent(ended, "Ava", "fire")


# --- Delay --------------------------------------------------------------------------------


def test_delay_leaves_the_order_and_the_return_position_is_kept():
    enc = delay(start_turn(fight()).state)
    assert "Ava delays (3 actions kept for when it returns) and leaves the initiative order." \
        in enc.lines
    assert player_view(enc.state).order == ("Ogre", "Bram")
    assert player_view(enc.state).delaying == ("Ava",)
    enc = turn(enc.state)  # Ogre
    enc = end_turn(enc).state
    back = return_from_delay(enc, "Ava")
    assert back.state.current == "Ava" and back.state.order == ("Ogre", "Ava", "Bram")
    assert back.state.get("Ava").actions == 3
    assert back.lines[0] == ("Ava returns from Delay and acts now, after Ogre; that is its place "
                             "in the order from now on.")
    enc = turns(back.state, 3)  # Bram, then round 2: Ogre, Ava
    assert (enc.round, enc.current) == (2, "Ava")
    assert enc.order == ("Ogre", "Ava", "Bram")


def test_returning_at_the_end_of_the_round():
    enc = delay(start_turn(fight()).state).state
    enc = end_turn(turns(enc, 2)).state  # Ogre and Bram have acted
    back = return_from_delay(enc, "Ava").state
    assert back.order == ("Ogre", "Bram", "Ava") and back.round == 1
    assert turn(back).round == 2 and turn(back).current == "Ogre"


def test_a_delayed_turn_is_lost_after_a_whole_round():
    enc = delay(start_turn(fight()).state).state
    enc = end_turn(turns(enc, 2)).state  # Ogre, Bram; Ava never returns
    result = start_turn(enc)
    assert result.state.current == "Ava" and result.state.round == 2
    assert result.state.delayed == ()
    assert result.state.order == ("Ava", "Ogre", "Bram")
    assert any("delayed a whole round without returning" in line for line in result.lines)
    assert result.state.get("Ava").turns_taken == 2


def test_delay_steps_out_of_order_are_refused():
    enc = fight()
    with pytest.raises(Pf2eError, match="on its own turn"):
        delay(enc)
    enc = delay(start_turn(enc).state).state
    with pytest.raises(Pf2eError, match="just delayed"):
        return_from_delay(enc, "Ava")
    with pytest.raises(Pf2eError, match="not delaying; delaying now: Ava"):
        return_from_delay(enc, "Ogre")
    with pytest.raises(Pf2eError, match="when that turn ends"):
        return_from_delay(start_turn(enc).state, "Ava")


def test_a_delaying_creature_can_be_defeated():
    enc = delay(start_turn(fight()).state).state
    enc = defeat(enc, "Ava").state
    assert enc.delayed == () and enc.order == ("Ogre", "Bram")
    assert turn(enc).current == "Ogre"


# --- Ready --------------------------------------------------------------------------------


def test_ready_spends_two_actions_and_ends_the_turn():
    enc = start_turn(fight()).state
    result = ready(enc, "Strike", "the ogre steps next to me", attack_penalty=-5)
    ava = result.state.get("Ava")
    assert ava.actions == 0 and not result.state.in_turn
    assert ava.readied is not None and ava.readied.attack_penalty == -5
    assert result.state.order == enc.order  # 002: 76
    used = use_readied(turn(result.state), "Ava")  # during the Ogre's turn
    assert used.lines == ("Ava uses its readied Strike as a reaction (the ogre steps next to me) "
                          "with multiple attack penalty -5.",)
    assert used.state.get("Ava").reaction is False and used.state.get("Ava").readied is None


def test_a_readied_action_lapses_at_the_next_turn():
    enc = ready(start_turn(fight()).state, "Strike", "a door opens").state
    enc = turns(enc, 3)
    assert enc.get("Ava").readied is None
    with pytest.raises(Pf2eError, match="no readied action"):
        use_readied(enc, "Ava")


def test_ready_limits():
    enc = start_turn(fight()).state
    with pytest.raises(Pf2eError, match="already has a trigger"):
        ready(enc, "Reactive Shield", "I'm hit", free_action_with_trigger=True)
    low = use_actions(enc, 2, "Stride twice").state
    with pytest.raises(Pf2eError, match="Ready takes 2 actions; Ava has 1 left"):
        ready(low, "Strike", "it moves")
    with pytest.raises(Pf2eError, match="0 or negative"):
        ready(enc, "Strike", "it moves", attack_penalty=5)
    spent = use_reaction(ready(enc, "Strike", "it moves").state, "Ava").state
    with pytest.raises(Pf2eError, match="no reaction left"):
        use_readied(spent, "Ava")


# --- removing, the record -----------------------------------------------------------------


def test_defeating_the_current_creature_ends_its_turn():
    enc = turns(fight(), 2)  # Ogre's turn
    result = defeat(enc, "Ogre")
    assert result.lines == ("Ogre's turn ends.",
                            "Ogre is defeated and leaves the initiative order.")
    assert turn(result.state).current == "Bram"


def test_removing_an_earlier_creature_keeps_the_next_turn():
    enc = end_turn(turns(fight(), 2)).state  # Ogre's turn over, Bram next
    enc = remove(enc, "Ava").state
    assert turn(enc).current == "Bram" and turn(enc).round == 1


def test_end_encounter_keeps_a_record():
    enc = new_encounter("Crypt")
    enc = add_combatant(enc, "Ava", "pc").state
    enc = add_combatant(enc, "Wraith", "enemy", shown_as="Figure A").state
    enc = add_combatant(enc, "Ghoul", "enemy", shown_as="Figure B").state
    enc = roll_initiative(enc, ScriptedDice([]), results={"Ava": 20, "Wraith": 9, "Ghoul": 5})
    enc = turns(enc.state, 3)
    enc = identify(enc, "Wraith").state
    enc = defeat(turns(enc, 1), "Wraith").state
    result = end_encounter(enc)
    record = result.record
    assert record is not None
    assert (record.rounds, record.seconds) == (2, 12)  # 002: 37
    assert record.acted == ("Ava", "Wraith", "Ghoul")
    assert dict(record.turns) == {"Ava": 2, "Wraith": 1, "Ghoul": 1}
    assert (record.identified, record.unidentified) == (("Wraith",), ("Ghoul",))
    assert record.defeated == ("Wraith",)
    assert result.lines[0] == "Crypt ends after 2 rounds (12 seconds)."
    assert "Acted: Ava, Wraith, Figure B." in result.player_lines
    assert json.loads(json.dumps(record.as_dict()))["turns"]["Ava"] == 2
    with pytest.raises(Pf2eError, match="has ended"):
        start_turn(result.state)


# --- state round trip ---------------------------------------------------------------------

STEPS = ("start", "end", "delay", "return", "act", "react", "ready", "effect", "persistent",
         "identify", "defeat")


def _step(enc: Encounter, step: str, who: int) -> EncounterResult:
    names = [c.name for c in enc.combatants]
    name = names[who % len(names)]
    calls = {
        "start": lambda: start_turn(enc), "end": lambda: end_turn(enc),
        "delay": lambda: delay(enc), "return": lambda: return_from_delay(enc, name),
        "act": lambda: use_actions(enc, 1, "Stride"), "react": lambda: use_reaction(enc, name),
        "ready": lambda: ready(enc, "Strike", "it moves", attack_penalty=-5),
        "effect": lambda: add_effect(enc, name, f"Effect {who}", 1 + who % 3,
                                     ticks=("start", "end")[who % 2]),
        "persistent": lambda: add_persistent(enc, name, "1d6", f"type {who}"),
        "identify": lambda: identify(enc, name), "defeat": lambda: defeat(enc, name),
    }
    return calls[step]()


@settings(max_examples=examples(60))
@given(seed=st.integers(0, 10_000),
       steps=st.lists(st.tuples(st.sampled_from(STEPS), st.integers(0, 9)), max_size=30))
def test_every_state_survives_the_json_round_trip(seed, steps):
    enc = new_encounter("Random")
    for i, (name, side) in enumerate((("Ava", "pc"), ("Bram", "pc"), ("Orc", "enemy"))):
        enc = add_combatant(enc, name, side, initiative_modifier=i,
                            shown_as="Figure" if side == "enemy" else None).state
    enc = roll_initiative(enc, SeededDice(seed), tie_order=["Ava", "Bram"]).state
    for step, who in steps:
        try:
            enc = _step(enc, step, who).state
        except Pf2eError:
            continue
        assert Encounter.from_dict(json.loads(json.dumps(enc.as_dict()))) == enc


@pytest.mark.parametrize("data", [{}, {"name": "x"}, "nope",
                                  {**new_encounter("E").as_dict(), "combatants": [{"x": 1}]}])
def test_bad_state_dicts_are_refused(data):
    with pytest.raises(Pf2eError):
        Encounter.from_dict(data)

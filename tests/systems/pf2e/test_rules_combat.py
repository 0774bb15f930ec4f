"""Pathfinder 2e rules of the fight itself (seed 002): degrees of success, Aid, the multiple
attack penalty, cover and flanking, conditions with values, hit points, knocked out and
dying, the end of a turn in the text's order, movement and breath, the encounter's XP."""

from __future__ import annotations

import json

import pytest

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.pf2e.rules import (
    AGILE_PENALTIES,
    AID_DC,
    ATTACK_PENALTIES,
    DYING_DEATH,
    OFF_GUARD_AC,
    Encounter,
    Pf2eError,
    add_combatant,
    aid,
    attack,
    attack_penalty,
    breathe,
    check,
    damage,
    degree_of_success,
    end_encounter,
    end_turn,
    heal,
    hold_breath,
    lose_air,
    move,
    movement_cost,
    new_encounter,
    ready,
    recovery_check,
    roll_initiative,
    set_condition,
    set_cover,
    set_dying,
    set_off_guard,
    start_turn,
    target_ac,
    use_readied,
)


def fight(*, mount: bool = False) -> Encounter:
    """Ava (18) and Bram (12), PCs with HP; an Orc (15, 20 HP, AC 16); ``mount``: the Orc
    rides a Wolf."""
    enc = new_encounter("Ford")
    enc = add_combatant(enc, "Ava", "pc", hp=30, ac=18).state
    enc = add_combatant(enc, "Bram", "pc", hp=20).state
    enc = add_combatant(enc, "Orc", "enemy", hp=20, ac=16).state
    if mount:
        enc = add_combatant(enc, "Wolf", "enemy", hp=24, ac=15, rider="Orc").state
    return roll_initiative(enc, ScriptedDice([]), results={"Ava": 18, "Bram": 12,
                                                           "Orc": 15}).state


# --- degrees of success (002: 85-88, 113-119; the published rule for the steps) ------------


@pytest.mark.parametrize("total, dc, face, degree", [
    (30, 20, 10, "critical success"), (29, 20, 10, "success"), (20, 20, 10, "success"),
    (19, 20, 10, "failure"), (11, 20, 10, "failure"), (10, 20, 10, "critical failure"),
    (19, 20, 20, "success"), (29, 20, 20, "critical success"), (10, 20, 20, "failure"),
    (20, 20, 1, "failure"), (30, 20, 1, "success"), (11, 20, 1, "critical failure"),
    (35, 20, 20, "critical success"), (5, 20, 1, "critical failure"),
])
def test_degrees_of_success_with_the_naturals_shifting_one_step(total, dc, face, degree):
    """002: 87-88 names the degrees; +/-10 and the natural 20/1 are the published rule."""
    assert degree_of_success(total, dc, face) == degree


def test_a_check_typed_in_is_graded_and_takes_a_pending_aid():
    """002: 81-88: Aid at DC 20; success +1 to the ally's triggering check."""
    assert AID_DC == 20
    enc = start_turn(fight()).state  # Ava's turn
    helped = aid(enc, "Bram", "Ava", 5, 15)  # 20: success
    assert "Bram Aids Ava: d20 15 +5 = 20 against DC 20: success; Ava's next check takes " \
           "+1." in helped.lines
    assert helped.state.get("Ava").aid == 1 and not helped.state.get("Bram").reaction
    done = check(helped.state, "Ava", "Athletics", 7, 12, 20)  # 12 + 7 + 1 = 20
    assert "Ava's Athletics: d20 12 +7 +1 = 20 against DC 20: success." in done.lines
    assert done.state.get("Ava").aid == 0
    with pytest.raises(Pf2eError, match="no reaction left"):
        aid(helped.state, "Bram", "Ava", 5, 15)


@pytest.mark.parametrize("face, given", [(20, 2), (10, 1), (9, 0), (1, -1)])
def test_aids_outcomes_by_degree(face, given):
    """002: 87-88: success +1, critical failure -1; a critical success +2 (Player Core)."""
    enc = fight()
    assert aid(enc, "Bram", "Ava", 10, face).state.get("Ava").aid == given


# --- the multiple attack penalty (002: 104, 146, 226) --------------------------------------


def test_the_penalty_grows_per_attack_in_a_turn_and_resets_on_the_next():
    """002: 226: the second attack of a turn takes -5; -10 after (Player Core)."""
    assert (ATTACK_PENALTIES, AGILE_PENALTIES) == ((0, -5, -10), (0, -4, -8))
    enc = start_turn(fight()).state  # Ava
    totals = []
    for _ in range(3):
        done = attack(enc, "Ava", 9, 10, target="Orc")
        enc = done.state
        totals.append(done.lines[-1])
    assert "(first attack): d20 10 +9 = 19 against AC 16: success." in totals[0]
    assert "(second attack): d20 10 +9 -5 = 14 against AC 16: failure." in totals[1]
    assert "(third attack or more): d20 10 +9 -10 = 9 against AC 16: failure." in totals[2]
    assert attack_penalty(enc, "Ava", agile=True) == -8
    for _ in range(3):  # the Orc, Bram, then Ava again
        enc = start_turn(end_turn(enc).state).state
    assert enc.current == "Ava" and attack_penalty(enc, "Ava") == 0


def test_agile_weapons_take_less():
    """Player Core's agile ladder (-4, -8) beside 002: 226's -5."""
    enc = start_turn(fight()).state
    enc = attack(enc, "Ava", 9, 10, agile=True).state
    assert "d20 10 +9 -4 = 15" in attack(enc, "Ava", 9, 10, agile=True).lines[-1]


def test_an_attack_off_its_turn_is_a_reaction_without_the_penalty():
    """002: 146: an Attack of Opportunity is not on its attacker's turn: no penalty."""
    enc = start_turn(fight()).state  # Ava's turn; the Orc has its reaction from initiative
    enc = attack(enc, "Ava", 9, 10).state
    done = attack(enc, "Orc", 7, 10, target="Ava", what="Attack of Opportunity")
    assert "(a reaction: no multiple attack penalty): d20 10 +7 = 17" in done.lines[-1]
    assert not done.state.get("Orc").reaction
    with pytest.raises(Pf2eError, match="is a reaction, and Orc has none left"):
        attack(done.state, "Orc", 7, 10)


def test_a_readied_attack_keeps_the_penalty_held_when_readying():
    """002: 104: the readied attack takes the penalty held when Ready was used."""
    enc = start_turn(fight()).state
    enc = attack(enc, "Ava", 9, 10).state
    enc = ready(enc, "Strike", "the orc moves", attack_penalty=attack_penalty(enc, "Ava")).state
    enc = start_turn(enc).state  # the Orc's turn
    done = attack(enc, "Ava", 9, 12, target="Orc", readied=True)
    assert "(readied): d20 12 +9 -5 = 16 against AC 16: success." in done.lines[-1]
    assert done.state.get("Ava").readied is None and not done.state.get("Ava").reaction
    with pytest.raises(Pf2eError, match="no readied action"):
        use_readied(done.state, "Ava")


def test_a_mount_shares_its_riders_penalty_and_has_no_place_in_the_order():
    """002: 223, 226: the mount acts on its rider's initiative; a Strike after the rider's
    takes -5."""
    enc = fight(mount=True)
    assert "Wolf" not in enc.order and enc.get("Wolf").initiative is None
    enc = start_turn(enc).state  # Ava
    enc = start_turn(end_turn(enc).state).state  # the Orc, riding
    assert enc.current == "Orc" and enc.get("Wolf").reaction
    enc = attack(enc, "Orc", 7, 10, target="Ava").state
    done = attack(enc, "Wolf", 8, 10, target="Ava")
    assert "Wolf's Strike at Ava (second attack): d20 10 +8 -5 = 13" in done.lines[-1]
    assert done.state.get("Orc").attacks == 2
    unrolled = add_combatant(new_encounter("X"), "Orc", "enemy").state
    unrolled = add_combatant(unrolled, "Wolf", "enemy", rider="Orc").state
    with pytest.raises(Pf2eError, match="rides a mount or is one"):
        add_combatant(unrolled, "Pony", "enemy", rider="Orc")


# --- flanking and cover (002: 197-205) -------------------------------------------------------


def test_cover_and_off_guard_change_the_ac_an_attack_meets():
    """002: 197: flanked, off-guard, -2 AC; 002: 199-205: cover +1, +2, +4."""
    assert OFF_GUARD_AC == -2
    enc = fight()
    for cover, ac in (("lesser", 17), ("standard", 18), ("greater", 20)):
        assert target_ac(set_cover(enc, "Orc", cover).state.get("Orc")) == ac
    flanked = set_off_guard(set_cover(enc, "Orc", "standard").state, "Orc").state
    assert target_ac(flanked.get("Orc")) == 16
    assert "Orc is flanked: off-guard, -2 to AC." in set_off_guard(enc, "Orc").lines
    with pytest.raises(Pf2eError, match="cover is lesser, standard, greater"):
        set_cover(enc, "Orc", "total")
    with pytest.raises(Pf2eError, match="not off-guard"):
        set_off_guard(enc, "Orc", False)


# --- conditions, hit points, knocked out (002: 58, 69, 76) -----------------------------------


def test_frightened_drops_after_persistent_damage_and_saves_at_the_end_of_the_turn():
    """002: 69: persistent damage, its flat check, then saves, then conditions such as
    frightened, which goes down by 1."""
    from drawsteel_kit.systems.pf2e.rules import add_effect, add_persistent

    enc = start_turn(fight()).state  # Ava
    enc = set_condition(enc, "Ava", "frightened", 2).state
    enc = add_persistent(enc, "Ava", "1d6", "fire").state
    enc = add_effect(enc, "Ava", "Spider venom", 2, ticks="end",
                     save="a Fortitude save against DC 18").state
    done = end_turn(enc, ScriptedDice([4, 15]))
    assert done.lines == (
        "Ava takes 1d6 (4) persistent fire damage.", "Ava takes 4 damage: 26/30 HP.",
        "Ava's flat check against persistent fire: d20 15 against DC 15, it ends.",
        "Ava attempts a Fortitude save against DC 18 (Spider venom).",
        "Ava's frightened drops to 1.", "Ava's Spider venom: 1 more.", "Ava's turn ends.")
    assert done.state.get("Ava").condition("frightened") == 1
    assert done.state.get("Ava").persistent == ()


def test_a_knocked_out_pc_moves_before_the_creature_whose_turn_it_is():
    """002: 76: a creature knocked out changes its place in the initiative order."""
    enc = start_turn(fight()).state  # Ava
    enc = start_turn(end_turn(enc).state).state  # the Orc, in the middle of the order
    assert enc.order == ("Ava", "Orc", "Bram")
    done = damage(enc, "Bram", 25, critical=True)
    assert done.state.order == ("Ava", "Bram", "Orc") and done.state.current == "Orc"
    assert done.state.get("Bram").condition("dying") == 2  # critical: dying 2
    assert "Bram is knocked out: its place in the initiative order is now directly before " \
           "Orc." in done.lines
    after = start_turn(end_turn(done.state).state).state  # round 2: Ava
    assert after.current == "Ava" and after.round == 2


def test_dying_wounded_and_the_recovery_check():
    """002: 58: a dying creature's recovery check; the numbers are Player Core's."""
    enc = set_condition(fight(), "Bram", "wounded", 1).state
    enc = damage(enc, "Bram", 20).state
    assert enc.get("Bram").condition("dying") == 2  # dying 1 + wounded 1
    assert "Bram's recovery check: d20 20 against DC 12, critical success." in \
        recovery_check(enc, "Bram", 20).lines
    assert recovery_check(enc, "Bram", 20).state.get("Bram").condition("dying") == 0
    assert recovery_check(enc, "Bram", 20).state.get("Bram").condition("wounded") == 2
    worse = recovery_check(enc, "Bram", 1).state  # critical failure: dying 4, dead
    assert DYING_DEATH == 4 and worse.get("Bram").status == "defeated"
    healed = heal(enc, "Bram", 5).state
    assert (healed.get("Bram").hp, healed.get("Bram").condition("dying"),
            healed.get("Bram").condition("wounded")) == (5, 0, 2)
    doomed = set_condition(set_condition(fight(), "Bram", "doomed", 2).state, "Bram",
                           "wounded", 1).state
    assert damage(doomed, "Bram", 30).state.get("Bram").status == "defeated"  # dying 2 of 2


def test_a_dying_creature_starts_its_turn_unconscious():
    """002: 58, 61: the recovery check; a creature that cannot act regains no actions."""
    enc = set_dying(fight(), "Ava").state
    done = start_turn(enc, recovery=5)
    assert "Ava's recovery check: d20 5 against DC 11, failure." in done.lines
    assert "Ava is unconscious." in done.lines and done.state.get("Ava").actions == 0
    with pytest.raises(Pf2eError, match="not dying"):
        start_turn(fight(), recovery=12)


def test_a_foe_at_zero_dies_or_is_dying_as_the_table_chose():
    enc = start_turn(fight()).state
    assert damage(enc, "Orc", 30).state.get("Orc").status == "defeated"
    kept = damage(enc, "Orc", 30, foes_die=False).state
    assert kept.get("Orc").condition("dying") == 1 and kept.get("Orc").status == "active"


def test_bad_conditions_and_damage_are_refused():
    enc = fight()
    for call, match in ((lambda: set_condition(enc, "Ava", "sleepy", 1), "not a condition"),
                        (lambda: set_condition(enc, "Ava", "frightened", -1), "0 or more"),
                        (lambda: damage(enc, "Ava", 0), "1 or more"),
                        (lambda: heal(enc, "Ava", 0), "1 or more"),
                        (lambda: damage(add_combatant(new_encounter("E"), "Rat", "enemy")
                                        .state, "Rat", 3), "not tracked")):
        with pytest.raises(Pf2eError, match=match):
            call()


def test_slowed_and_stunned_take_actions_at_the_start_of_the_turn():
    """002: 61: conditions change the actions regained (values: Player Core)."""
    enc = set_condition(set_condition(fight(), "Ava", "slowed", 1).state, "Ava", "stunned",
                        1).state
    ava = start_turn(enc).state.get("Ava")
    assert (ava.actions, ava.condition("stunned"), ava.condition("slowed")) == (1, 0, 1)


# --- movement and breath (002: 154, 186, 240-241) ----------------------------------------------


@pytest.mark.parametrize("path, before, feet", [
    ("d d d d", 0, 30), ("s s", 0, 10), ("d", 1, 10), ("s! d!", 0, 20), ("d!! d", 0, 25),
])
def test_diagonals_alternate_and_difficult_terrain_adds(path, before, feet):
    """002: 154: 5, 10, 5, 10 ... for diagonals (4 squares = 30 feet); 002: 186: difficult
    +5, greater +10, not raised by a diagonal."""
    assert movement_cost(path, before)[0] == feet


def test_moving_counts_the_turns_diagonals_and_refuses_what_the_rules_refuse():
    """002: 154: the count resets at the end of the turn; 002: 186: no Step into difficult
    terrain."""
    enc = start_turn(fight()).state
    enc = move(enc, "Ava", "d").state
    assert "Ava moves 1 square: 10 feet." in move(enc, "Ava", "d").lines
    with pytest.raises(Pf2eError, match="cannot Step into difficult"):
        move(enc, "Ava", "s!", step=True)
    with pytest.raises(Pf2eError, match="more than Ava's Speed of 10"):
        move(enc, "Ava", "s s s", speed=10)
    with pytest.raises(Pf2eError, match="s \\(straight\\) or d"):
        movement_cost("x")
    assert end_turn(enc).state.get("Ava").diagonals == 0


def test_holding_breath_and_suffocating():
    """002: 240: 5 + Con rounds, 1 a turn (2 with an attack); 002: 241: DC 20 +5 each."""
    enc = start_turn(fight()).state
    enc = hold_breath(enc, "Ava", 1).state
    assert enc.get("Ava").air == 6
    enc = attack(enc, "Ava", 9, 10).state
    enc = end_turn(enc).state
    assert enc.get("Ava").air == 4  # attacked: 2 rounds
    enc = lose_air(enc, "Ava").state  # spoke: all of it
    assert enc.get("Ava").air == 0
    enc = end_turn(start_turn(enc).state).state  # the Orc
    enc = end_turn(start_turn(enc).state).state  # Bram
    started = start_turn(enc)  # Ava, out of air
    assert "Ava is unconscious." in started.lines
    first = end_turn(started.state)
    assert "Ava is suffocating: a Fortitude save against DC 20; failure: 1d10 damage; " \
           "critical failure: death." in first.lines
    enc = end_turn(start_turn(first.state).state).state
    enc = start_turn(end_turn(start_turn(enc).state).state).state  # Bram, then Ava
    assert "DC 25; failure: 2d10" in " ".join(end_turn(enc).lines)
    assert breathe(enc, "Ava").state.get("Ava").air is None


def test_a_constitution_modifier_whose_air_is_too_large_is_refused_naming_it():
    """The largest modifier the air can hold is taken; one more is refused for what was typed
    (before, the message spoke of the air only, a number nobody typed)."""
    enc = start_turn(fight()).state
    assert hold_breath(enc, "Ava", 1_000_000 - 5).state.get("Ava").air == 1_000_000
    with pytest.raises(Pf2eError, match="Constitution modifier"):
        hold_breath(enc, "Ava", 1_000_000 - 4)


# --- the end (002: 51) and old states -----------------------------------------------------------


def test_the_record_keeps_xp_and_treasure():
    """002: 51: at the end the GM may award XP and the party may find treasure."""
    done = end_encounter(fight(), xp=80, treasure=["12 gp", "a wand"])
    assert (done.record.xp, done.record.treasure) == (80, ("12 gp", "a wand"))
    assert "The party earns 80 XP each." in done.lines
    with pytest.raises(Pf2eError):
        end_encounter(fight(), xp=-1)


def test_a_state_saved_before_conditions_were_kept_still_reads():
    enc = fight(mount=True)
    data = json.loads(json.dumps(enc.as_dict()))
    for c in data["combatants"]:
        for key in ("hp", "max_hp", "ac", "conditions", "attacks", "aid", "cover",
                    "off_guard", "rider", "air", "suffocation", "diagonals"):
            del c[key]
        c["dying"] = c["name"] == "Bram"
    data["combatants"] = [c for c in data["combatants"] if c["name"] != "Wolf"]
    old = Encounter.from_dict(data)
    assert old.get("Bram").dying and old.get("Bram").condition("dying") == 1
    assert old.get("Ava").hp is None and old.get("Ava").conditions == ()

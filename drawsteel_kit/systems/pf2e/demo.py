"""The Pathfinder 2e demo: ``python -m drawsteel_kit.demo campaigns/pf2e-demo``.

Plays two encounters through ``campaign.pf2e`` with fixed dice: the first (a group of
identical creatures, an enemy hidden under another name, a PC tie, a Delay and its return,
Strikes with the multiple attack penalty, Aid, a check, cover, flanking, movement, frightened
dropping at the end of a turn, persistent damage rolled with its flat check, an end-of-turn
save, a PC knocked out (its place moves), a recovery check, healing and wounded, foes' hit
points, three rounds, XP and treasure) ends and leaves its record; the second (a mount
sharing its rider's penalty, a readied Strike keeping it, holding breath) is left running,
so the players' page shows a live tracker.
"""

from __future__ import annotations

from pathlib import Path

from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.systems.pf2e.campaign import Pf2eCampaign as Campaign

__all__ = ["build"]


def build(folder: str | Path, *, echo: bool = True, resolver: object = None
          ) -> Campaign:
    """Initialise the demo campaign and play its scripted encounters.
    ``resolver`` is not used: every system's demo takes it, for Draw Steel's, which may
    resolve its plan through the resolution notebook."""
    from drawsteel_kit.kit.ledger.backup import fresh_ledger

    folder = Path(folder)
    fresh_ledger(folder)
    camp, happened = Campaign.init(folder)
    log = [happened]
    pf = camp.pf2e
    log.append(pf.new_encounter("Gatehouse of the Vaults"))
    for pc in camp.members:
        log.append(pf.add_pc(1, pc))
    log.append(pf.add_creature(1, "Mitflit", 4, count=3, shown_as="Small gremlin", hp=10,
                               ac=16))
    log.append(pf.add_creature(1, "Morlock scavenger", 6, shown_as="Pale figure", hp=15,
                               ac=17))
    # Faces: Ava 10 (17), Brannoc 12 (20), Cressida 10 (17), the mitflits 9 (13),
    # the morlock 11 (17): Ava and Cressida tie with the morlock, which acts first.
    log.append(pf.roll_initiative(1, dice=ScriptedDice([10, 12, 10, 9, 11]),
                                  tie_order=["Cressida", "Ava"]))
    # Round 1
    log.append(pf.start_turn(1))                                   # Brannoc
    log.append(pf.use_actions(1, 2, "Bless (2 actions)"))
    log.append(pf.add_effect(1, "Brannoc", "Bless", 3))
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1))                                   # the morlock
    log.append(pf.use_actions(1, 1, "Strike"))
    log.append(pf.attack(1, "Morlock scavenger", 8, target="Ava", face=12))    # 20: a hit
    log.append(pf.damage(1, "Ava", 7))
    log.append(pf.set_condition(1, "Ava", "frightened", 1))       # drops at Ava's turn end
    log.append(pf.cover(1, "Morlock scavenger", "standard"))
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1))                                   # Cressida
    log.append(pf.delay(1))
    log.append(pf.start_turn(1))                                   # Ava
    log.append(pf.aid(1, "Brannoc", "Ava", 6, face=15))           # 21: +1 to Ava's Strike
    log.append(pf.use_actions(1, 1, "Strike with Alchemist's Fire"))
    log.append(pf.attack(1, "Ava", 9, target="Mitflit 1", face=11))          # 21: a hit
    log.append(pf.damage(1, "Mitflit 1", 3))
    log.append(pf.add_persistent(1, "Mitflit 1", "1d4", "fire"))
    log.append(pf.use_actions(1, 1, "Stride"))
    log.append(pf.move(1, "Ava", "d d s!", speed=25))             # 5 + 10 + 10 feet
    log.append(pf.attack(1, "Ava", 9, target="Mitflit 2", face=14))          # -5: 18, a hit
    log.append(pf.damage(1, "Mitflit 2", 4))
    log.append(pf.use_actions(1, 1, "Strike"))                    # the last: her turn ends
    log.append(pf.return_from_delay(1, "Cressida"))               # acts after Ava from now on
    log.append(pf.use_actions(1, 1, "Recall Knowledge"))
    log.append(pf.check(1, "Cressida", "Recall Knowledge (Society)", 6, 15, face=13))
    log.append(pf.identify(1, "Morlock scavenger"))
    log.append(pf.flanked(1, "Mitflit 1"))                  # Ava and Cressida flank it
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1))                                   # Mitflit 1
    log.append(pf.end_turn(1, dice=ScriptedDice([3, 16])))        # burns for 3, then it ends
    log.append(pf.start_turn(1))                                   # Mitflit 2
    log.append(pf.add_effect(1, "Mitflit 2", "Giant centipede venom", 2, ticks="end",
                             save="a Fortitude save against DC 16"))
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1))                                   # Mitflit 3
    log.append(pf.end_turn(1))
    log.append(pf.attack(1, "Ava", 9, target="Mitflit 3", face=8,
                         what="Attack of Opportunity"))           # a reaction: no penalty
    # Round 2
    log.append(pf.start_turn(1))                                   # Brannoc: Bless 2 left
    log.append(pf.use_actions(1, 3, "Heal and Stride"))
    log.append(pf.heal(1, "Ava", 7))
    log.append(pf.start_turn(1))                                   # the morlock
    log.append(pf.attack(1, "Morlock scavenger", 8, target="Cressida", face=20))
    log.append(pf.damage(1, "Cressida", 25, critical=True))       # knocked out: dying 2
    log.append(pf.remove(1, "Morlock scavenger"))                 # and it flees
    log.append(pf.start_turn(1))                                   # Ava
    log.append(pf.attack(1, "Ava", 9, target="Mitflit 1", face=10))
    log.append(pf.damage(1, "Mitflit 1", 7))                      # 0 HP: it dies
    log.append(pf.use_actions(1, 2, "Strike, Stride"))
    log.append(pf.end_turn(1))
    for _ in range(2):                                             # the mitflits left
        log.append(pf.start_turn(1))
        log.append(pf.end_turn(1))
    log.append(pf.remove(1, "Mitflit 3"))
    # Round 3
    log.append(pf.start_turn(1))                                   # Brannoc
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1, recovery=12))                     # Cressida: dying 2 -> 1
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1))                                   # Ava
    log.append(pf.use_actions(1, 1, "Interact: a healing potion for Cressida"))
    log.append(pf.heal(1, "Cressida", 6))                         # no longer dying, wounded 1
    log.append(pf.use_actions(1, 1, "Strike"))
    log.append(pf.attack(1, "Ava", 9, target="Mitflit 2", face=17))
    log.append(pf.damage(1, "Mitflit 2", 6))
    log.append(pf.end_encounter(1, xp=60, treasure=["14 gp", "a +1 dagger"]))
    # The second encounter, left running.
    log.append(pf.new_encounter("The drowned chapel"))
    for pc in camp.members:
        log.append(pf.add_pc(2, pc, skill="Perception"))
    log.append(pf.add_creature(2, "Bloodseeker", 7, count=2, shown_as="Buzzing thing", hp=6,
                               ac=15))
    log.append(pf.add_creature(2, "Jaul Mezmin", 9, shown_as="Robed stranger", hp=40, ac=19))
    log.append(pf.add_creature(2, "Giant rat", 5, shown_as="Scuttling beast", hp=12, ac=15,
                               rider="Jaul Mezmin"))
    log.append(pf.roll_initiative(2, typed={"Jaul Mezmin": 22, "Ava": 18, "Bloodseeker": 15,
                                            "Brannoc": 12, "Cressida": 10}))
    log.append(pf.start_turn(2))                                   # Jaul, on his rat
    log.append(pf.use_actions(2, 1, "Command an Animal"))
    log.append(pf.attack(2, "Giant rat", 7, target="Ava", face=6))   # its rider's first
    log.append(pf.ready(2, "Strike", "a foe wades into reach"))   # keeps -5: the rat's
    log.append(pf.start_turn(2))                                   # Ava
    log.append(pf.hold_breath(2, "Ava", 2))                       # dives: 7 rounds of air
    log.append(pf.use_actions(2, 2, "Swim, Swim"))
    log.append(pf.attack(2, "Jaul Mezmin", 11, target="Ava", face=13, readied=True))
    log.append(pf.damage(2, "Ava", 6))
    log.append(pf.end_turn(2))                                     # 6 rounds of air left
    log.append(pf.start_turn(2))                                   # Bloodseeker 1
    log.append(pf.add_effect(2, "Bloodseeker 1", "Blood frenzy", 1))
    log.append(pf.add_persistent(2, "Ava", "1d6", "bleed"))
    log.append(pf.set_condition(2, "Cressida", "wounded", 1))     # still wounded from the gate
    log.append(pf.cover(2, "Jaul Mezmin", "standard"))            # behind the altar
    if echo:
        for h in log:
            print(h.summary)
        print("\n".join(pf.status_lines()))
    return camp

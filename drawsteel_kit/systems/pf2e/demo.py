"""The Pathfinder 2e demo: ``python -m drawsteel_kit.demo campaigns/pf2e-demo``.

Plays two encounters through ``campaign.pf2e`` with fixed dice: the first (a group of
identical creatures, an enemy hidden under another name, a PC tie, a Delay and its return,
effects, persistent damage, two rounds) ends and leaves its record; the second is left
running, so the players' page shows a live tracker.
"""

from __future__ import annotations

from pathlib import Path

from drawsteel_kit.kit.book.campaign import BaseCampaign as Campaign
from drawsteel_kit.kit.dice import ScriptedDice

__all__ = ["build"]


def build(folder: str | Path, *, echo: bool = True) -> Campaign:
    """Initialise the demo campaign and play its scripted encounters."""
    from drawsteel_kit.kit.ledger.backup import fresh_ledger

    folder = Path(folder)
    fresh_ledger(folder)
    camp, happened = Campaign.init(folder)
    log = [happened]
    pf = camp.pf2e
    log.append(pf.new_encounter("Gatehouse of the Vaults"))
    for pc in camp.members:
        log.append(pf.add_pc(1, pc))
    log.append(pf.add_creature(1, "Mitflit", 4, count=3, shown_as="Small gremlin"))
    log.append(pf.add_creature(1, "Morlock scavenger", 6, shown_as="Pale figure"))
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
    log.append(pf.add_effect(1, "Morlock scavenger", "Frightened 1 on Ava", 1,
                             ticks="end", on="Ava"))
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1))                                   # Cressida
    log.append(pf.delay(1))
    log.append(pf.start_turn(1))                                   # Ava
    log.append(pf.use_actions(1, 1, "Strike with Alchemist's Fire"))
    log.append(pf.add_persistent(1, "Mitflit 1", "1d4", "fire"))
    log.append(pf.use_actions(1, 1, "Stride"))
    log.append(pf.end_turn(1))
    log.append(pf.return_from_delay(1, "Cressida"))               # acts after Ava from now on
    log.append(pf.use_actions(1, 1, "Recall Knowledge"))
    log.append(pf.identify(1, "Morlock scavenger"))
    log.append(pf.end_turn(1))
    for _ in range(3):                                             # the mitflits
        log.append(pf.start_turn(1))
        log.append(pf.end_turn(1))
    log.append(pf.use_reaction(1, "Ava", "Attack of Opportunity"))
    log.append(pf.adjust_hp("Ava", 31, reason="Spears of the small gremlins"))
    # Round 2
    log.append(pf.start_turn(1))                                   # Brannoc: Bless 2 left
    log.append(pf.use_actions(1, 3, "Heal and Stride"))
    log.append(pf.adjust_hp("Ava", 38, reason="Brannoc's Heal"))
    log.append(pf.start_turn(1))                                   # the morlock
    log.append(pf.remove(1, "Morlock scavenger"))
    log.append(pf.start_turn(1))                                   # Ava
    log.append(pf.use_actions(1, 2, "Strike, Strike"))
    log.append(pf.defeat(1, "Mitflit 1"))
    log.append(pf.end_turn(1))
    log.append(pf.start_turn(1))                                   # Cressida
    log.append(pf.use_actions(1, 3, "Sneak Attack"))
    log.append(pf.defeat(1, "Mitflit 2"))
    log.append(pf.end_encounter(1))
    log.append(pf.adjust_hp("Cressida", 22, reason="A gremlin's parting bite"))
    # The second encounter, left running.
    log.append(pf.new_encounter("The drowned chapel"))
    for pc in camp.members:
        log.append(pf.add_pc(2, pc, skill="Perception"))
    log.append(pf.add_creature(2, "Bloodseeker", 7, count=2, shown_as="Buzzing thing"))
    log.append(pf.add_creature(2, "Jaul Mezmin", 9, shown_as="Robed stranger"))
    log.append(pf.roll_initiative(2, seed=2))
    log.append(pf.start_turn(2))
    log.append(pf.add_effect(2, pf.encounter(2).state.current or "Ava", "Blood frenzy", 1))
    log.append(pf.add_persistent(2, "Ava", "1d6", "bleed"))
    if echo:
        for h in log:
            print(h.summary)
        print("\n".join(pf.status_lines()))
    return camp

"""The condition-sheet demo: ``python -m drawsteel_kit.demo campaigns/condition-sheet-demo``.

Plays two battles through ``campaign.condition_sheet`` with dice typed in as if rolled at
the table: the first (a three-way initiative tie settled by agreement and roll-offs, a chain
combo, a cover paid with an emotion, a support, a check rerolled with mana, a boosted
attack, a knock-down, a counter that declines its +1) ends and resets every sheet; between
the battles Bram rests (mana), Cleo gains an emotion toward Ava and a preparation effect;
the second, with seeded dice, is left running so the players' page shows a live battle.
"""

from __future__ import annotations

from pathlib import Path

from drawsteel_kit.kit.book.base import Happened
from drawsteel_kit.systems.condition_sheet.campaign import ConditionSheetCampaign as Campaign

__all__ = ["build"]


def build(folder: str | Path, *, echo: bool = True, resolver: object = None
          ) -> Campaign:
    """Initialise the demo campaign and play its battles.
    ``resolver`` is not used: every system's demo takes it, for Draw Steel's, which may
    resolve its plan through the resolution notebook."""
    from drawsteel_kit.kit.ledger.backup import fresh_ledger

    folder = Path(folder)
    fresh_ledger(folder)
    camp, happened = Campaign.init(folder)
    log: list[Happened] = [happened]
    cs = camp.condition_sheet
    log.append(cs.new_battle("The shattered gate", ["Ava", "Bram", "Cleo"],
                             foes=["Warden", "Imp"]))
    # Round 1. Ava 7, Bram 7, Cleo 8 rolled; Warden 7 and Imp 5 fixed. Ava and Bram agree
    # Bram goes first; each rolls off against the Warden: Bram wins (10-5), Ava loses (3-6).
    log.append(cs.start_round(typed=[3, 4, 5, 2, 6, 2]))
    log.append(cs.settle_order(tie_order=["Bram", "Ava"], typed=[5, 5, 2, 3, 1, 2, 3, 3]))
    log.append(cs.attack(None, "Cleo", ["Imp"], "damage", typed=[4, 3]))
    log.append(cs.chain_combo(None, "Bram", "Cleo", "damage", typed=[3, 2]))
    # The Warden hits Ava; Bram covers her, paying with an emotion toward her.
    log.append(cs.attack(None, "Warden", ["Ava"], "damage", covers={"Ava": "Bram"},
                         cover_with_emotion=["Bram"], typed=[5, 4, 2, 1, 6, 3]))
    log.append(cs.support(None, "Ava", ["Bram"], "heal_damage", emotion_for="Bram"))
    log.append(cs.attack(None, "Imp", ["Cleo"], "damage", typed=[1, 2]))
    # Round 2. Ava 11, Bram 8, Cleo 4: no ties.
    log.append(cs.start_round(typed=[6, 5, 4, 4, 2, 2]))
    log.append(cs.settle_order())
    log.append(cs.roll_check(None, "Ava", "cast", typed=[2, 2]))
    log.append(cs.reroll_check(None, "Ava", "cast", typed=[5, 6]))
    log.append(cs.attack(None, "Ava", ["Imp"], "damage"))      # the Imp's 2 slots overflow
    log.append(cs.attack(None, "Bram", ["Warden"], "add_curse:Slow", boost="damage",
                         typed=[6, 5]))
    log.append(cs.attack(None, "Warden", ["Cleo"], "add_curse:Bind", typed=[4, 4, 1, 2]))
    # Cleo's 13 beats the Warden's 8 by enough for Haste: she declines the +1 she may take.
    log.append(cs.counter(None, "Cleo", "self_bless:Haste", bonus=False, typed=[5, 5]))
    log.append(cs.end_battle())
    log.append(cs.set_mana("Bram", 6, reason="a night's rest at the academy"))
    log.append(cs.grant_emotion("Cleo", "Ava", reason="Ava stood by her at the gate"))
    log.append(cs.grant_preparation("Cleo", "Charted the library stacks",
                                    reason="a day among the shelves"))
    # The second battle, left running.
    log.append(cs.new_battle("Night in the library", ["Ava", "Cleo"], foes=["Warden"]))
    log.append(cs.start_round(seed=4))
    log.append(cs.settle_order(tie_order=["Ava", "Cleo"], seed=4))
    info = cs.battle()
    first = info.state.current or "Ava"
    target = "Ava" if first == "Warden" else "Warden"
    log.append(cs.attack(None, first, [target], "damage", seed=7))
    if echo:
        for h in log:
            print(h.summary)
        print("\n".join(cs.status_lines()))
    return camp

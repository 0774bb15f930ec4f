"""The Dungeon World demo: ``python -m drawsteel_kit.demo campaigns/dungeon-world-demo``.

Starts from a fresh ledger (an old one is moved to ``backups/``), plays the fight in the
barrow and the way home through the public API with fixed seeds (Aid, Hack and Slash for
+1d6, Defend and its hold spent, a Volley's 7-9 choice, Last Breath's bargain, Discern
Realities, a heavy load on the journey, a watch, a camp), then resolves
``plans/town-week.yaml`` (a week in town, where Level Up happens at rest) with a fixed seed.
"""

from __future__ import annotations

from pathlib import Path

from drawsteel_kit.kit.book.base import Happened
from drawsteel_kit.kit.ledger.backup import fresh_ledger
from drawsteel_kit.systems.dungeon_world.campaign import DungeonWorldCampaign as Campaign

__all__ = ["DEMO_PLAN", "DEMO_SEED", "build"]

#: The demo's town-days plan and the seed it is resolved with.
DEMO_PLAN = "town-week.yaml"
DEMO_SEED = 3
#: The seeds of the fight's rolls (each picked for a result worth showing).
AID_SEED = 1  # a 7-9: the aid lands and Nim is exposed
DEFEND_SEED = 9  # a 10+: hold 3
VOLLEY_SEED = 4  # a 7-9: Nim marks off ammo
LAST_BREATH_SEED = 5  # a 7-9: Death's bargain
DISCERN_SEED = 17  # a 10+: three questions


def build(folder: str | Path, *, echo: bool = True, resolver: object = None
          ) -> Campaign:
    """Initialise the demo campaign, play the way home, resolve the week in town.
    ``resolver`` is not used: every system's demo takes it, for Draw Steel's, which may
    resolve its plan through the resolution notebook."""
    folder = Path(folder)
    moved = fresh_ledger(folder)
    camp, happened = Campaign.init(folder)
    dw = camp.dungeon_world
    log: list[Happened] = [happened, camp.start_session()]
    # the fight in the barrow
    log.append(dw.aid_or_interfere("Nim", target="Ava", aided_move="hack_and_slash",
                                   exposure="the wight turns its cold eyes on Nim",
                                   seed=AID_SEED))
    log.append(dw.roll("hack_and_slash", "Ava", extra_damage=True, seed=11))
    log.append(dw.adjust("Ava", hp=13, reason="the barrow-wight's claws"))
    log.append(dw.defend("Ava", what="Zora", seed=DEFEND_SEED))
    log.append(dw.spend_hold("Ava", ["redirect", "open_up"], ally="Nim",
                             attacker="the barrow-wight"))
    log.append(dw.adjust("Zora", hp=9, debilities=["sick"], reason="the Ash King's curse"))
    log.append(dw.roll("volley", "Nim", weak_hit="ammo", seed=VOLLEY_SEED))
    log.append(dw.adjust("Brother Odo", hp=0, reason="the wight's cold touch"))
    log.append(dw.last_breath("Brother Odo", bargain="accept",
                              terms="Odo will bury the Ash King's heart in hallowed ground",
                              seed=LAST_BREATH_SEED))
    log.append(dw.end_defense("Ava"))
    log.append(dw.roll("discern_realities", "Zora", seed=DISCERN_SEED,
                       questions=["watch_out", "not_what_it_seems", "useful"]))
    log.append(dw.roll("defy_danger", "Nim", stat="DEX", seed=5))
    log.append(dw.adjust("Ava", coin=340 + 150, gear=["great axe", "scale armour",
                                                       "adventuring gear", "ash-blade"],
                         weights={"great axe": 2, "scale armour": 3, "adventuring gear": 1,
                                  "ash-blade": 1}, reason="the barrow's hoard"))
    nim = dw.character("Nim")
    log.append(dw.adjust("Nim", gear=[*nim.gear, "the Ash King's urn"],
                         weights={**nim.weights, "the Ash King's urn": 6},
                         reason="the barrow's hoard: a heavy load for the road"))
    # the way home
    log.append(dw.take_watch("Brother Odo", seed=21))
    log.append(dw.make_camp(["Ava", "Brother Odo", "Zora"]))
    log.append(dw.perilous_journey(rations=1, trailblazer="Nim", scout="Ava",
                                   quartermaster="Brother Odo", seed=8))
    log.append(camp.end_session())
    plan = folder / "plans" / DEMO_PLAN
    lines: list[str] = []
    if plan.is_file():
        lines = dw.resolve_plan(dw.load_plan(plan), seed=DEMO_SEED, dry_run=False).lines()
    if echo:
        if moved:
            print(f"(the previous demo ledger was kept as {moved})")
        for h in log:
            print(f"- {h.summary}")
        print()
        print("\n".join(lines))
        print()
        print(camp.status_text())
    return camp

"""The Dungeon World demo: ``python -m drawsteel_kit.demo campaigns/dungeon-world-demo``.

Starts from a fresh ledger (an old one is moved to ``backups/``), plays the way home from the
barrow through the public API with fixed seeds (a fight's wounds, a watch, a camp, the
perilous journey), then resolves ``plans/town-week.yaml`` (a week in town) with a fixed seed.
"""

from __future__ import annotations

from pathlib import Path

from drawsteel_kit.kit.book.base import Happened
from drawsteel_kit.kit.book.campaign import BaseCampaign as Campaign
from drawsteel_kit.kit.ledger.backup import fresh_ledger

__all__ = ["DEMO_PLAN", "DEMO_SEED", "build"]

#: The demo's town-days plan and the seed it is resolved with.
DEMO_PLAN = "town-week.yaml"
DEMO_SEED = 3


def build(folder: str | Path, *, echo: bool = True) -> Campaign:
    """Initialise the demo campaign, play the way home, resolve the week in town."""
    folder = Path(folder)
    moved = fresh_ledger(folder)
    camp, happened = Campaign.init(folder)
    dw = camp.dungeon_world
    log: list[Happened] = [happened, camp.start_session()]
    log.append(dw.roll("hack_and_slash", "Ava", seed=11))
    log.append(dw.adjust("Ava", hp=13, reason="the barrow-wight's claws"))
    log.append(dw.adjust("Zora", hp=9, debilities=["sick"], reason="the Ash King's curse"))
    log.append(dw.roll("defy_danger", "Nim", stat="DEX", seed=5))
    log.append(dw.take_watch("Brother Odo", seed=21))
    log.append(dw.make_camp(["Ava", "Brother Odo", "Zora"]))
    log.append(dw.perilous_journey(rations=1, trailblazer="Nim", scout="Ava",
                                   quartermaster="Brother Odo", seed=8))
    log.append(dw.adjust("Ava", coin=340 + 150, gear=["great axe", "scale armour",
                                                       "adventuring gear", "ash-blade"],
                         reason="the barrow's hoard"))
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

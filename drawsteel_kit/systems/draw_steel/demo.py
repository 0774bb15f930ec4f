"""Build the demo campaign's books: ``python -m drawsteel_kit.demo campaigns/demo``.

A folder whose campaign.yaml plays another rule system is built by that system's own demo
builder (``drawsteel_kit.systems.<module>.demo.build``).

Starts from a fresh ledger (an existing one is moved to ``backups/`` first, never
deleted), then plays a short first session through the public API: the same
calls a Director makes from the CLI or a notebook, then resolves the week of downtime
in ``plans/first-week.yaml`` with a fixed seed: from the command line (``make demo``) through
``notebooks/resolve_downtime.ipynb`` with papermill, as ``drawsteel-kit resolve`` does, so the
executed notebook and its HTML report land in ``runs/``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.kit.ledger.backup import fresh_ledger
from drawsteel_kit.systems.draw_steel.campaign import Campaign, Happened
from drawsteel_kit.systems.draw_steel.downtime import resolve
from drawsteel_kit.systems.draw_steel.plan import load_plan
from drawsteel_kit.systems.draw_steel.report import status_text
from drawsteel_kit.systems.registry import System, system

__all__ = ["DEMO_PLAN", "DEMO_SEED", "build_demo", "fresh_ledger"]

#: The demo's downtime plan and the seed it is resolved with (any seed works).
DEMO_PLAN = "first-week.yaml"
DEMO_SEED = 7


def build_demo(folder: str | Path, *, echo: bool = True, notebook: bool = False) -> Campaign:
    """Initialise the demo campaign, play its first session, resolve its first week
    (in this process, or through the resolution notebook with ``notebook``)."""
    folder = Path(folder)
    moved = fresh_ledger(folder)
    log: list[Happened] = []
    camp, happened = Campaign.init(folder)
    log.append(happened)
    log.append(camp.start_session())
    # The session's victories come from its encounter log (RULES.md "Victories").
    log.append(camp.log_encounter("Bandits at the Old Mill",
                                  opponents=["6 bandits", "Mother Ash"],
                                  objective="Drive the bandits out of the mill",
                                  objective_met=True))
    log.append(camp.adjust_hero("Bran Ironvein", stamina=6, reason="Held the mill bridge alone"))
    log.append(camp.spend_tokens("stamina", hero="Bran Ironvein", reason="Second wind"))
    log.append(camp.log_encounter("Talked the bridge troll out of its toll",
                                  ["Val", "Yorn", "Pip Thistledown"],
                                  opponents=["the bridge troll"], kind="challenge",
                                  objective="Cross the river before nightfall",
                                  objective_met=True, victories=2,
                                  notes="a hard negotiation: the Director gave 2"))
    log.append(camp.award_tokens(1, reason="Leapt the chasm with the idol"))
    # The session's rewards: treasure, renown, a purchase, the people met (RULES.md
    # "Renown and followers", "Wealth"); some of it for the Director's eyes only.
    log.append(camp.add_item("Healing Potion", count=2, origin="found",
                             notes="in the bandits' strongbox"))
    log.append(camp.add_item("Black Ash Dart", holder="Pip Thistledown", count=3,
                             origin="given", notes="a gift from the miller"))
    log.append(camp.add_item("Ring of the Drowned Chapel", origin="found", kind="trinket",
                             notes="cursed: the wearer hears the chapel bells",
                             visibility="director"))
    log.append(camp.award_renown("Val", 1, reason="The miller tells everyone who saved the mill"))
    log.append(camp.buy("Quillon Ashmark", "horse and cart", reason="for the road to the chapel"))
    log.append(camp.add_npc("Duke Orsolo of Hollowmere", level=8, knows={"Quillon Ashmark": "fame"},
                            notes="pays for the river wards"))
    log.append(camp.add_npc("Mother Ash", impression=1, tags=["criminal"],
                            knows={"Pip Thistledown": "infamy", "Yorn": "known"},
                            notes="the bandits' leader, fled east"))
    log.append(camp.add_note("The bells heard under the mill come from the Drowned Chapel",
                             visibility="director"))
    log.append(camp.end_session())
    # A respite is a day (RULES.md "Respite"): it moves the calendar itself.
    log.append(camp.take_respite(activities={"Val": "Discover Lore: the mill's cellar",
                                             "Bran Ironvein": "Craft Treasure: Healing Potion"},
                                 reason="Back at the Lantern House"))
    plan = folder / "plans" / DEMO_PLAN
    if notebook:
        from drawsteel_kit.workbook.notebook_runs import resolve_through_notebook

        camp.close()  # the notebook's kernel writes the week
        run = resolve_through_notebook(folder, plan, seed=DEMO_SEED, dry_run=False)
        camp = Campaign.open(folder)
        lines = [*run.lines, f"Kept: {run.notebook} and {run.report}"]
    else:
        lines = resolve(camp, load_plan(plan), seed=DEMO_SEED, dry_run=False).lines()
    if echo:
        if moved:
            print(f"(the previous demo ledger was kept as {moved})")
        for h in log:
            print(f"- {h.summary}")
        print()
        print("\n".join(lines))
        print()
        print(status_text(camp))
    return camp


def _system_of(folder: Path) -> System:
    """The rule system the folder's campaign.yaml plays (checked when it is read)."""
    from drawsteel_kit.systems.draw_steel.campaign_file.model import (
        CAMPAIGN_FILE,
        load_campaign_file,
    )

    return system(load_campaign_file(folder / CAMPAIGN_FILE).system)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry for ``make demo``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default="campaigns/demo")
    parser.add_argument("--no-notebook", action="store_true",
                        help="resolve the week in this process, not through the notebook")
    args = parser.parse_args(argv)
    try:
        played = _system_of(Path(args.folder))
        if not played.is_default:  # another system's demo: its own builder
            played.part("demo").build(args.folder).close()
            return 0
        build_demo(args.folder, notebook=not args.no_notebook).close()
    except DrawSteelKitError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build the Draw Steel demo campaign's books (``make demo`` runs it through
``python -m drawsteel_kit.demo campaigns/demo``: :mod:`drawsteel_kit.workbook.demo`).

Starts from a fresh ledger (an existing one is moved to ``backups/`` first, never
deleted), then plays a short first session through the public API: the same
calls a Director makes from the CLI or a notebook, then resolves the week of downtime
in ``plans/first-week.yaml`` with a fixed seed: from the command line (``make demo``) through
``notebooks/resolve_downtime.ipynb`` with papermill, as ``drawsteel-kit resolve`` does, so the
executed notebook and its HTML report land in ``runs/``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from drawsteel_kit.kit.ledger.backup import fresh_ledger
from drawsteel_kit.systems.draw_steel.campaign import Campaign, Happened
from drawsteel_kit.systems.draw_steel.plans import resolve
from drawsteel_kit.systems.draw_steel.plans.read import load_plan
from drawsteel_kit.systems.draw_steel.report import status_text

__all__ = ["DEMO_PLAN", "DEMO_SEED", "Resolver", "build_demo", "fresh_ledger"]

#: The demo's downtime plan and the seed it is resolved with (any seed works).
DEMO_PLAN = "first-week.yaml"
DEMO_SEED = 7


#: Resolves a plan outside this process (the workbook's notebook run): its report lines.
Resolver = Callable[[Path, Path, int], list[str]]


def build(folder: str | Path, *, echo: bool = True,
          resolver: Resolver | None = None) -> Campaign:
    """The registry's demo builder: :func:`build_demo`."""
    return build_demo(folder, echo=echo, resolver=resolver)


def build_demo(folder: str | Path, *, echo: bool = True,
               resolver: Resolver | None = None) -> Campaign:
    """Initialise the demo campaign, play its first session, resolve its first week
    (in this process, or by ``resolver``: the workbook passes the resolution notebook)."""
    folder = Path(folder)
    moved = fresh_ledger(folder)
    log: list[Happened] = []
    camp, happened = Campaign.init(folder)
    log.append(happened)
    log.append(camp.start_session())
    # A hero-token spend names its turn: one benefit per turn or per test (RULES.md).
    log.append(camp.adjust_hero("Bran Ironvein", stamina=6, reason="Held the mill bridge alone"))
    log.append(camp.spend_tokens("stamina", hero="Bran Ironvein", round=3, reason="Second wind"))
    log.append(camp.spend_tokens("reroll", hero="Pip Thistledown", test="pick the mill's lock"))
    # The session's victories come from its encounter log (RULES.md "Victories").
    log.append(camp.log_encounter("Bandits at the Old Mill",
                                  opponents=["6 bandits", "Mother Ash"],
                                  objective="Drive the bandits out of the mill",
                                  objective_met=True))
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
    # What the mill town sells, and how much each hero may buy there (RULES.md "Wealth").
    log.append(camp.shopping("Millbrook market", purchases=2, max_tier=3,
                             unavailable=["sailing ship"]))
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
    if resolver is not None:
        camp.close()  # the resolver (a notebook's kernel) writes the week
        lines = resolver(folder, plan, DEMO_SEED)
        camp = Campaign.open(folder)
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

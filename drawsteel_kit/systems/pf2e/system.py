"""Pathfinder 2e: encounters (initiative, turns, actions, conditions)."""

from drawsteel_kit.kit.registry import System

SYSTEM = System(
    "pf2e", "Pathfinder 2e", __name__.rsplit(".", 1)[0],
    campaign="campaign:Pf2eCampaign", book="EncounterTracker", command="pf2e",
    source="Pathfinder 2e Player Core: Encounter Mode",
    parts=(("secrets", "secrets"),), commands=(("pf2e", "cli"),))

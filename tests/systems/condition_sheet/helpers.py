"""Shared by the condition sheet's tests: the demo's campaign.yaml and a first round."""

from __future__ import annotations

from pathlib import Path

from drawsteel_kit.systems.draw_steel.campaign import Campaign

DEMO = Path("campaigns/condition-sheet-demo/campaign.yaml")


def fight(camp: Campaign) -> None:
    """Ava 12, Bram 10, Cleo 8 rolled; Warden 7, Imp 5 fixed: no ties."""
    cs = camp.condition_sheet
    cs.new_battle("Gate", ["Ava", "Bram", "Cleo"], foes=["Warden", "Imp"])
    cs.start_round(typed=[6, 6, 5, 5, 4, 4])
    cs.settle_order()
